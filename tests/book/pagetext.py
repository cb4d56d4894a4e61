"""What a reader of a built page sees: its visible text and attribute texts, with the
folded code (myst-nb's hide-input toggles), scripts and styles left out."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
#: Attributes a reader meets (tooltips, screen-reader labels, placeholders, alternative text).
READER_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt", "data-tooltip", "data-bs-title")


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []  # (tag, hidden)
        self.text: list[str] = []
        self.attributes: list[str] = []
        self.hidden_code: list[str] = []

    @property
    def hidden(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        hidden = self.hidden or tag in ("script", "style", "template") or (
            tag == "details" and "above-input" in classes) or "cell_input" in classes or (
            tag == "div" and "d-none" in classes)
        if not hidden:
            self.attributes.extend(v for k, v in attrs if k in READER_ATTRIBUTES and v and not v.endswith(".svg"))
        if tag not in _VOID:
            self.stack.append((tag, hidden))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            t, _ = self.stack.pop()
            if t == tag:
                break

    def handle_data(self, data: str) -> None:
        (self.hidden_code if self.hidden else self.text).append(data)


def read(page: str) -> _Reader:
    reader = _Reader()
    reader.feed(page)
    return reader


def visible_text(page: str) -> str:
    """The page's visible text (folded code left out), whitespace as in the HTML."""
    return html.unescape("".join(read(page).text))


def reader_attributes(page: str) -> list[str]:
    return read(page).attributes


def main_text(page: str) -> str:
    """The visible text of the page's article only (no navigation bars)."""
    m = re.search(r"<main[^>]*>(.*)</main>", page, re.S)
    return visible_text(m.group(1) if m else page)
