"""Small tables for the book: HTML on the page, aligned text for nbval and plain readers."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from html import escape
from typing import Any


def _width(s: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in s)


class Table:
    """A table with a header row; numbers are right-aligned.

    >>> print(repr(Table(["地形", "点"], [["小麦畑", 4], ["湖", 12]])))
    地形    点
    小麦畑   4
    湖      12
    """

    def __init__(self, headers: Sequence[str], rows: Sequence[Sequence[Any]], caption: str = "") -> None:
        self.headers = [str(h) for h in headers]
        self.rows = [[str(c) for c in row] for row in rows]
        self.numeric = [all(_is_number(r[i]) for r in self.rows) if self.rows else False for i in range(len(headers))]
        self.caption = caption

    def _repr_html_(self) -> str:
        def cell(tag: str, text: str, i: int) -> str:
            align = ' style="text-align:right"' if self.numeric[i] else ""
            return f"<{tag}{align}>{escape(text)}</{tag}>"

        head = "".join(cell("th", h, i) for i, h in enumerate(self.headers))
        body = "".join("<tr>" + "".join(cell("td", c, i) for i, c in enumerate(r)) + "</tr>" for r in self.rows)
        caption = f"<caption>{escape(self.caption)}</caption>" if self.caption else ""
        return f'<table class="rulebook-table">{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'

    def __repr__(self) -> str:
        widths = [max(_width(x) for x in [h] + [r[i] for r in self.rows]) for i, h in enumerate(self.headers)]

        def line(cells: Sequence[str]) -> str:
            out = []
            for i, c in enumerate(cells):
                pad = " " * (widths[i] - _width(c))
                out.append(pad + c if self.numeric[i] else c + pad)
            return "  ".join(out).rstrip()

        lines = ([self.caption] if self.caption else []) + [line(self.headers)] + [line(r) for r in self.rows]
        return "\n".join(lines)


def _is_number(s: str) -> bool:
    try:
        float(s.replace("+", "").replace("×", "").replace(",", ""))
    except ValueError:
        return False
    return True
