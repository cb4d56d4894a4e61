"""What a reader of a built page sees: its visible text and attribute texts, with the
folded code (myst-nb's hide-input toggles), scripts and styles left out."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

#: Elements that end a run of text: a space between two of them is no space in the prose.
BLOCKS = {"p", "div", "li", "td", "th", "tr", "table", "h1", "h2", "h3", "h4", "h5", "h6", "br", "section", "dt",
          "dd", "pre", "summary", "details", "ul", "ol", "caption", "blockquote", "main", "article", "nav", "header",
          "footer", "aside", "figure", "figcaption", "button", "label", "option", "select", "form", "img", "hr"}
#: Put where a block starts or ends.
SEP = "\x00"
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
        self.open_details: list[bool] = []
        self.exposed_code = 0
        self.headings: list[str] = []

    @property
    def hidden(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        hidden = self.hidden or tag in ("script", "style", "template") or (
            tag == "details" and "above-input" in classes) or "cell_input" in classes or (
            tag == "div" and "d-none" in classes)
        if tag in BLOCKS:
            self.text.append(SEP)
        if "cell_input" in classes and not any(self.open_details):
            self.exposed_code += 1
        if tag == "details":
            self.open_details.append("above-input" in classes)
        if not hidden:
            self.attributes.extend(v for k, v in attrs if k in READER_ATTRIBUTES and v and not v.endswith(".svg"))
        if tag not in _VOID:
            self.stack.append((tag, hidden))

    def handle_endtag(self, tag: str) -> None:
        if tag in BLOCKS:
            self.text.append(SEP)
        if tag == "details" and self.open_details:
            self.open_details.pop()
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


def visible_text(page: str, blocks: bool = False) -> str:
    """The page's visible text (folded code left out), whitespace as in the HTML; with
    ``blocks``, :data:`SEP` marks where a block element starts or ends."""
    text = "".join(read(page).text)
    return text if blocks else text.replace(SEP, "\n")


def reader_attributes(page: str) -> list[str]:
    return read(page).attributes


def main_html(page: str) -> str:
    """The page's article (no navigation bars)."""
    m = re.search(r"<article[^>]*>(.*)</article>", page, re.S) or re.search(r"<main[^>]*>(.*)</main>", page, re.S)
    return m.group(1) if m else page


def main_text(page: str, blocks: bool = False) -> str:
    """The visible text of the page's article only (no navigation bars)."""
    return visible_text(main_html(page), blocks)
