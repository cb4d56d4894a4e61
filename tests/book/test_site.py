"""The built static site: a clean build, the chapter's anchors and pictures, no network needed."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlparse

import pytest

import nbformat

import gamelib

ROOT = Path(__file__).resolve().parents[2]


def _svg_outputs(chapter: str) -> int:
    nb = nbformat.read(ROOT / "book" / f"{chapter}.ipynb", as_version=4)
    return sum("image/svg+xml" in o.get("data", {}) for c in nb.cells if c.cell_type == "code" for o in c.outputs)


def test_book_builds_without_warnings(built_site: Path) -> None:
    index = (built_site / "book" / "index.html").read_text(encoding="utf-8")
    assert "遊べるルールブック" in index and 'lang="ja"' in index


@pytest.mark.parametrize("game", ["kingdomino", "kabaleo", "dominomega", "dominup", "dominimum", "tree"])
def test_every_rule_anchor_is_on_the_chapter_page(built_site: Path, game: str) -> None:
    html = (built_site / "book" / f"{game}.html").read_text(encoding="utf-8")
    for anchor in gamelib.get_game(game).rule_sections:
        assert f'id="{anchor}"' in html, anchor


def test_the_site_loads_no_script_from_elsewhere(built_site: Path) -> None:
    html = (built_site / "book" / "kingdomino.html").read_text(encoding="utf-8")
    scripts = re.findall(r'<script[^>]*\ssrc="([^"]+)"', html)
    assert any("jupyter-widgets/embed-amd.js" in s for s in scripts)
    assert not [s for s in scripts if urlparse(s).scheme in ("http", "https")], scripts
    assert (built_site / "_static" / "jupyter-widgets" / "ipycanvas" / "index.js").exists()


@pytest.mark.browser
def test_kingdomino_page_in_chromium_shows_its_boards_and_no_request_fails(browser, site_url: str) -> None:
    page = browser.new_page()
    failed, bad, outside, errors = [], [], [], []
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.on("response", lambda r: bad.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("request", lambda r: outside.append(r.url) if urlparse(r.url).hostname not in ("127.0.0.1",) and not r.url.startswith("data:") else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{site_url}/book/kingdomino.html", wait_until="networkidle")
    page.wait_for_timeout(500)
    pictures = page.locator("img[src$='.svg']")
    assert pictures.count() == _svg_outputs("kingdomino")  # every picture, the live board's included
    sizes = page.evaluate(
        "() => [...document.querySelectorAll(\"img[src$='.svg']\")].map(i => [i.naturalWidth, i.complete])"
    )
    assert all(w > 0 and done for w, done in sizes), sizes
    pictures.last.scroll_into_view_if_needed()
    assert pictures.last.is_visible()
    assert page.locator("#kingdomino-placement").count() == 1
    assert "裁定" in page.inner_text("main")
    assert not failed and not bad and not outside, (failed, bad, outside)
    assert not errors, errors
    page.close()
