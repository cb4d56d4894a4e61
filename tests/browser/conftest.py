"""Voilà serving one of the book's notebooks, for the live-board browser tests."""

from __future__ import annotations

import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from ..conftest import ROOT, free_port, tool


@contextmanager
def voila(notebook: str, log: Path) -> Iterator[str]:
    """Serve ``book/<notebook>`` with Voilà on a free local port; yields its URL."""
    port = free_port()
    with open(log, "w") as out:
        proc = subprocess.Popen(
            [tool("voila"), str(ROOT / "book" / notebook), "--no-browser", f"--port={port}",
             "--Voila.ip=127.0.0.1", "--show_tracebacks=True"],
            stdout=out, stderr=subprocess.STDOUT, cwd=ROOT / "book",
        )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.time() + 120
        while time.time() < deadline:
            try:
                urllib.request.urlopen(url + "voila/static/", timeout=2)
                break
            except urllib.error.HTTPError:
                break  # any HTTP answer means the server is listening
            except OSError:
                if proc.poll() is not None:
                    pytest.fail(f"voila exited:\n{log.read_text()}")
                time.sleep(0.5)
        else:
            pytest.fail(f"voila did not answer within 120 s:\n{log.read_text()}")
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="module")
def serve_notebook(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str], str]]:
    """Call with a notebook name to get a Voilà URL for it (stopped after the module)."""
    with_servers: list = []

    def start(notebook: str) -> str:
        cm = voila(notebook, tmp_path_factory.mktemp("voila") / "voila.log")
        with_servers.append(cm)
        return cm.__enter__()

    yield start
    for cm in reversed(with_servers):
        cm.__exit__(None, None, None)


def wait_for_status(page, board_class: str, text: str, exact: bool = False) -> None:
    """Wait until the board's status line shows ``text`` (contains it, or equals it)."""
    page.wait_for_function(
        """([cls, t, exact]) => { const s = document.querySelector('.' + cls + ' .board-status');
             return s && (exact ? s.innerText.trim() === t : s.innerText.includes(t)); }""",
        arg=[board_class, text, exact], timeout=60_000,
    )


def open_board(browser, url: str, board_class: str, expected) -> tuple:
    """Open a Voilà page at ``url`` and wait until its board shows the status that
    ``expected`` — an identical controller built by the test (same seed and seats) — shows.

    Returns ``(page, click)``: ``click(x, y)`` clicks the live canvas at board coordinates
    and makes the same click on ``expected``, returning whether it played a move there.
    """
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    page.goto(url, timeout=180_000)
    page.locator(f".{board_class}").wait_for(timeout=180_000)
    wait_for_status(page, board_class, expected.status(), exact=True)
    canvas = page.locator(f".{board_class} canvas").last
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    assert box is not None, "the board's canvas is not on the page"
    scale = box["width"] / expected.layout.width

    def click(x: float, y: float) -> bool:
        page.mouse.click(box["x"] + x * scale, box["y"] + y * scale)
        return expected.click(x, y)

    return page, click
