"""Shared fixtures: a real book build, a local web server, Debian's chromium via Playwright."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("RULEBOOK_CHROMIUM", "/usr/bin/chromium")
# Flags for a closed network: no background connections, no sandbox as root, no GPU.
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def tool(name: str) -> str:
    path = Path(sys.executable).parent / name
    found = str(path) if path.exists() else shutil.which(name)
    assert found, f"{name} is not installed; run the tests through `make test`"
    return found


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The book built from scratch: every notebook executed, warnings are errors.

    ``RULEBOOK_BUILT_SITE=<folder>`` uses a site built before instead (to rerun the site's
    browser tests while working on them; CI always builds afresh)."""
    if os.environ.get("RULEBOOK_BUILT_SITE"):
        return Path(os.environ["RULEBOOK_BUILT_SITE"])
    parts = ("jupyter-widgets", "pyodide")
    assert all((ROOT / "build" / "widget-js" / part / ".complete").exists() for part in parts), (
        "the site's JavaScript is missing; `make test` fetches it (tools/fetch_widget_js.py)"
    )
    out = tmp_path_factory.mktemp("book")
    result = subprocess.run(
        [tool("jupyter-book"), "build", str(ROOT), "--path-output", str(out), "--builder", "html",
         "-W", "-n", "--keep-going"],
        capture_output=True, text=True, timeout=1800,
    )
    assert result.returncode == 0, f"book build failed:\n{result.stdout[-8000:]}\n{result.stderr[-8000:]}"
    return out / "_build" / "html"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """The built site served on localhost."""
    handler = functools.partial(_QuietHandler, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), f"Debian's chromium is missing at {CHROMIUM}; `make test` installs it"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()
