"""How long a reader of the static site waits for 「この盤面で遊ぶ」: from the press of the button
to a board that takes clicks (Pyodide started in a Web Worker, the project's Python unpacked,
the game set up and drawn), for every chapter, in Debian's chromium.

    .venv/bin/python benchmarks/site_boards.py [_build/html]     (after `make build`)

"first" is a fresh browser profile (every file read from the local server); "again" is the
same chapter opened again in that profile (the browser's cache holds the runtime). Prints
figures; nothing here is a test.
"""

from __future__ import annotations

import functools
import http.server
import statistics
import sys
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

GAMES = ["kingdomino", "kabaleo", "dominomega", "dominup", "dominimum", "tree", "dragonkeeper", "newtown"]
ROUNDS = 3


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def _time_to_board(context, url: str) -> float:
    page = context.new_page()
    page.goto(url, wait_until="load")
    button = page.get_by_role("button", name="この盤面で遊ぶ")
    button.scroll_into_view_if_needed()
    start = time.perf_counter()
    button.click()
    page.wait_for_selector(".rp-board .rp-picture svg", timeout=120_000)
    elapsed = time.perf_counter() - start
    page.close()
    return elapsed


def main() -> None:
    site = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "_build" / "html")
    if not (site / "_static" / "rulebook-play.js").exists():
        raise SystemExit(f"no built site in {site}; run `make build` first")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/book"
    print("From 「この盤面で遊ぶ」 to a playable board (seconds; median of "
          f"{ROUNDS} fresh profiles; target: under 5 s)\n")
    print(f"| {'chapter':<13} | {'first':>6} | {'again':>6} |")
    print(f"|{'-' * 15}|{'-' * 8}|{'-' * 8}|")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for game in GAMES:
            first, again = [], []
            for _ in range(ROUNDS):
                context = browser.new_context(viewport={"width": 1366, "height": 768})
                first.append(_time_to_board(context, f"{base}/{game}.html"))
                again.append(_time_to_board(context, f"{base}/{game}.html"))
                context.close()
            print(f"| {game:<13} | {statistics.median(first):6.2f} | {statistics.median(again):6.2f} |")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
