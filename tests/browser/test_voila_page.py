"""A chapter in Voilà is a clean page: its MyST rendered (book/voila.py, lab/voila_page.py),
no raw markup, and no request to anything but the local server (no CDN for Font Awesome)."""

from __future__ import annotations

import doctest
import sys

import nbformat
import pytest

from ..conftest import ROOT

sys.path.insert(0, str(ROOT / "lab"))
import voila_page  # noqa: E402

LOCAL = ("http://127.0.0.1:", "ws://127.0.0.1:", "data:", "blob:", "about:")


def test_voila_page_examples() -> None:
    assert doctest.testmod(voila_page).failed == 0


@pytest.mark.parametrize("path", sorted((ROOT / "book").glob("*.ipynb")), ids=lambda p: p.stem)
def test_no_myst_is_left_for_voila_to_show_raw(path) -> None:
    nb = nbformat.read(path, as_version=4)
    nb, _ = voila_page.MystToMarkdown().preprocess(nb, {})
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    for raw in ("```", "{admonition}", ":class:", ")=", "{ref}", "{"):
        assert raw not in text, f"{path.name}: {raw!r} left in {text[text.index(raw) - 40:][:120]!r}"


@pytest.mark.browser
def test_the_chapter_page_is_clean_and_local(browser, serve_notebook) -> None:
    url = serve_notebook("kingdomino.ipynb")
    outside: list[str] = []
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    page.on("request", lambda r: None if r.url.startswith(LOCAL) else outside.append(r.url))
    page.on("websocket", lambda w: None if w.url.startswith(LOCAL) else outside.append(w.url))
    page.goto(url, timeout=180_000)
    page.locator(".kingdomino-board canvas").first.wait_for(timeout=180_000)
    page.wait_for_load_state("networkidle")

    ruling = page.locator(".admonition", has=page.locator(".admonition-title", has_text="裁定")).first
    assert ruling.is_visible() and len(ruling.inner_text()) > 20, "a 裁定 box with its text"
    assert page.locator("#kingdomino-goal").count() == 1, "a MyST label is an anchor"
    text = page.locator("body").inner_text()
    for raw in ("```", "{admonition}", ":class:", "(kingdomino-goal)=", "{ref}"):
        assert raw not in text, f"raw MyST on the page: {raw}"
    assert not outside, f"requests outside the machine: {outside}"
    page.close()
