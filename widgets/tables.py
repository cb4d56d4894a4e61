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

    def __init__(self, headers: Sequence[str], rows: Sequence[Sequence[Any]], caption: str = "",
                 total: bool = False) -> None:
        self.headers = [str(h) for h in headers]
        self.rows = [[_text(c) for c in row] for row in rows]
        if any(len(r) != len(self.headers) for r in self.rows):
            raise ValueError("every row needs one cell per header")
        body = self.rows[:-1] if total else self.rows
        self.numeric = [bool(body) and all(_is_number(r[i]) or r[i] == "" for r in body) for i in range(len(headers))]
        self.caption = caption
        self.total = total

    def _repr_html_(self) -> str:
        def cell(tag: str, text: str, i: int) -> str:
            align = ' class="num"' if self.numeric[i] else ""
            return f"<{tag}{align}>{escape(text)}</{tag}>"

        head = "".join(cell("th", h, i) for i, h in enumerate(self.headers))
        rows = []
        for n, r in enumerate(self.rows):
            css = ' class="total"' if self.total and n == len(self.rows) - 1 else ""
            rows.append(f"<tr{css}>" + "".join(cell("td", c, i) for i, c in enumerate(r)) + "</tr>")
        caption = f"<caption>{escape(self.caption)}</caption>" if self.caption else ""
        return (f'<div class="rulebook-table-wrap"><table class="rulebook-table">{caption}'
                f'<thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')

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


def _text(value: Any) -> str:
    """A cell as the reader reads it: booleans as ○/×, never a Python value."""
    if isinstance(value, bool):
        return "○" if value else "×"
    if value is None:
        return "—"
    if isinstance(value, (list, tuple, set, dict)):
        raise TypeError(f"a table cell must be a word or a number, not {type(value).__name__}")
    return str(value)


def _is_number(s: str) -> bool:
    try:
        float(s.replace("+", "").replace("×", "").replace(",", ""))
    except ValueError:
        return False
    return True
