"""Voilà serving one of the book's notebooks, for the live-board browser tests."""

from __future__ import annotations

import os
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

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
            # computers still move one at a time, but quickly
            env={**os.environ, "RULEBOOK_COMPUTER_DELAY": "0.05"},
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
    urls: dict[str, str] = {}

    def start(notebook: str) -> str:
        if notebook not in urls:  # one server per notebook; each page gets its own kernel
            cm = voila(notebook, tmp_path_factory.mktemp("voila") / "voila.log")
            with_servers.append(cm)
            urls[notebook] = cm.__enter__()
        return urls[notebook]

    yield start
    for cm in reversed(with_servers):
        cm.__exit__(None, None, None)


def wait_for_status(page, board_class: str, text: str, exact: bool = False) -> None:
    """Wait until the board's status line shows ``text`` (contains it, or equals it)."""
    try:
        page.wait_for_function(
            """([cls, t, exact]) => { const s = document.querySelector('.' + cls + ' .board-status');
                 return s && (exact ? s.innerText.trim() === t : s.innerText.includes(t)); }""",
            arg=[board_class, text, exact], timeout=60_000,
        )
    except PlaywrightTimeout:
        shown = page.evaluate("(cls) => { const s = document.querySelector('.' + cls + ' .board-status');"
                              " return s ? s.innerText.trim() : null; }", board_class)
        raise AssertionError(f"the board says {shown!r}, expected {text!r}") from None


#: The page's scroll position: the window's and every scrolled box's, so a jump anywhere shows.
SCROLL_JS = """() => { let total = window.scrollY; for (const el of document.querySelectorAll('*')) {
                   if (el.scrollTop) { total += el.scrollTop; } } return total; }"""

#: Scroll the page (whichever element scrolls it) so that board point ``y`` of the canvas sits
#: ``margin`` px above the window's bottom edge: the canvas is only partly in view, as when a
#: reader scrolls down to it; clicking it must not move the page.
PLACE_JS = """([cls, y, margin]) => {
    const canvas = document.querySelector('.' + cls + ' canvas');
    let box = canvas.parentElement;
    while (box && !(box.scrollHeight > box.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(box).overflowY))) {
        box = box.parentElement; }
    box = box || document.scrollingElement;
    const delta = canvas.getBoundingClientRect().top + y - (window.innerHeight - margin);
    if (box === document.scrollingElement || box === document.body) { window.scrollBy(0, delta); }
    else { box.scrollTop += delta; }
}"""


class LiveBoard:
    """A board on a Voilà page, driven with the mouse (or taps) at board coordinates, next to
    an identical controller built by the test (same seed and seats) that makes the same clicks."""

    def __init__(self, page, board_class: str, expected, touch: bool = False) -> None:
        self.page, self.cls, self.expected, self.touch = page, board_class, expected, touch

    @property
    def canvas(self):
        return self.page.locator(f".{self.cls} canvas").last

    def scroll(self) -> float:
        return self.page.evaluate(SCROLL_JS)

    def place(self, y: float, margin: int = 60) -> None:
        """Bring board row ``y`` just above the window's bottom edge (the canvas partly hidden)."""
        self.page.evaluate(PLACE_JS, [self.cls, y, margin])

    def show_x(self, x: float) -> None:
        """On a narrow screen, swipe the board's own box sideways so column ``x`` is in view
        (the board scrolls inside its box; the page does not move)."""
        self.page.evaluate(
            """([cls, x]) => { const box = document.querySelector('.' + cls + ' .board-canvas-box');
                 const inner = x - box.scrollLeft;
                 if (inner < 20 || inner > box.clientWidth - 20) { box.scrollLeft = Math.max(0, x - 60); } }""",
            [self.cls, x],
        )

    def click(self, x: float, y: float) -> bool:
        """Click (or tap) board point (x, y) where it is now, without scrolling the page first;
        makes the same click on the expected controller and returns whether it played a move."""
        box = self.canvas.bounding_box()
        assert box is not None, "the board's canvas is not on the page"
        scale = box["width"] / self.expected.layout.width
        px, py = box["x"] + x * scale, box["y"] + y * scale
        viewport = self.page.viewport_size
        assert 0 <= px < viewport["width"] and 0 <= py < viewport["height"], (
            f"board point {(x, y)} is outside the window at {(px, py)}")
        if self.touch:
            self.page.touchscreen.tap(px, py)
        else:
            self.page.mouse.click(px, py)
        return self.expected.click(x, y)

    def wait(self, text: str | None = None, exact: bool = True) -> None:
        """Wait for ``text`` in the status line, by default what the expected controller says."""
        if text is None:
            status = getattr(self.expected, "status_line", self.expected.status)
            text = status()
        if self.touch:  # a touch screen's status line says タップ where the controller says クリック
            text = text.replace("クリック", "タップ")
        if hasattr(self.expected, "log_lines"):  # the page shows the same position: every move arrived
            moves = len(self.expected.state.moves)
            try:
                self.page.wait_for_function(
                    """([cls, n]) => { const l = document.querySelector('.' + cls + ' .board-log');
                         return l && l.dataset.moves === String(n); }""", arg=[self.cls, moves], timeout=60_000)
            except PlaywrightTimeout:
                shown = self.page.evaluate("(cls) => document.querySelector('.' + cls + ' .board-log').dataset.moves",
                                           self.cls)
                raise AssertionError(f"the page shows the position after {shown} moves, expected {moves}") from None
        wait_for_status(self.page, self.cls, text, exact=exact)
        lines = getattr(self.expected, "log_lines", lambda: [])()
        if lines:  # and the newest move is written under the board
            try:
                self.page.wait_for_function(
                    """([cls, t]) => { const l = document.querySelector('.' + cls + ' .board-log');
                         return l && l.innerText.split('\\n')[0].trim() === t; }""",
                    arg=[self.cls, lines[0][1]], timeout=60_000,
                )
            except PlaywrightTimeout:
                shown = self.page.evaluate("(cls) => document.querySelector('.' + cls + ' .board-log').innerText",
                                           self.cls)
                raise AssertionError(f"the log says {shown!r}, expected first {lines[0][1]!r}") from None

    def button(self, name: str) -> None:
        self.page.locator(f".{self.cls} button", has_text=name).first.click()


def open_live(browser, url: str, board_class: str, expected, width: int = 1366, height: int = 768,
              touch: bool = False) -> LiveBoard:
    """Open the Voilà page in a window of ``width`` × ``height`` and wait until its board shows
    the status ``expected`` shows; nothing is scrolled into view."""
    page = browser.new_page(viewport={"width": width, "height": height}, has_touch=touch,
                            device_scale_factor=3 if touch else 1)
    page.goto(url, timeout=180_000)
    page.locator(f".{board_class}").wait_for(timeout=180_000)
    board = LiveBoard(page, board_class, expected, touch)
    # the board lays itself out for the width the page gives it (narrow on a phone): so does
    # the expected controller, and the live canvas must come to the same size
    width = page.evaluate("(cls) => Math.round(document.querySelector('.' + cls).getBoundingClientRect().width)",
                          board_class)
    if hasattr(expected, "fit_width"):
        expected.fit_width(width)
        page.wait_for_function(
            """([cls, w]) => { const c = [...document.querySelectorAll('.' + cls + ' canvas')].pop();
                 return c && Math.round(c.getBoundingClientRect().width) === w; }""",
            arg=[board_class, expected.layout.width], timeout=60_000)
    board.wait()
    return board
