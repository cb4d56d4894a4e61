"""Small tables for the book: HTML on the page, aligned text for nbval and plain readers."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from html import escape
from typing import Any


#: The widest cell (in half-width columns) of a column whose cells are kept whole.
SHORT = 12


#: A name ending in a number (「プレイヤー3」, 「ルート2」): kept on one line in a cell of longer
#: text, where phrase breaking would part the number from its word; and a number with its
#: counter (「1枚」, 「3点」), which belongs with it rather than with a word before it
#: (「伏せたタイル1枚」 is タイル and 1枚, not タイル1 and 枚).
_COUNTERS = "枚人点個回段軒階番手つ"
_NAMED = re.compile(f"[\u30a1-\u30fa\u30fc]+[0-9]+(?![0-9{_COUNTERS}])|[0-9]+[{_COUNTERS}]")


def _whole(match: re.Match[str]) -> str:
    return f'<span class="w">{match.group(0)}</span>'


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
        #: Columns of short words (「プレイヤー3」, 「3ラウンド目」): their cells never break.
        self.short = [bool(body) and all(_width(r[i]) <= SHORT for r in self.rows) for i in range(len(headers))]
        self.caption = caption
        self.total = total

    def _repr_html_(self) -> str:
        def cell(tag: str, text: str, i: int) -> str:
            kind = "num" if self.numeric[i] else "word" if tag == "td" and self.short[i] else ""
            css = f' class="{kind}"' if kind else ""
            return f"<{tag}{css}>{_NAMED.sub(_whole, escape(text))}</{tag}>"

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


def result_word(won: bool) -> str:
    """A score table's 「結果」 cell: 「勝ち」 or 「負け」, words that also read well where a phone
    shows each row as a card of 「column: cell」 lines (「勝者 ×」 did not)."""
    return "勝ち" if won else "負け"


def _text(value: Any) -> str:
    """A cell as the reader reads it: booleans as ○/×, never a Python value."""
    if isinstance(value, bool):
        return "○" if value else "×"
    if value is None:
        return "—"
    if isinstance(value, (list, tuple, set, dict)):
        raise TypeError(f"a table cell must be a word or a number, not {type(value).__name__}")
    if isinstance(value, (int, float)) and value < 0:
        return "−" + str(-value)  # a true minus sign, as the text writes it
    return str(value)


def _is_number(s: str) -> bool:
    try:
        float(s.replace("+", "").replace("×", "").replace(",", "").replace("−", "-"))
    except ValueError:
        return False
    return True


#: Inline styles of :func:`board_table` (a live board's panel is shown in JupyterLab and Voilà,
#: where the book's stylesheet is not loaded).
_CELL = "padding:2px 8px;border-bottom:1px solid #e4dfd2;white-space:nowrap"
_HEAD = "padding:3px 8px;border-bottom:2px solid #b9b09a;background:#f3efe4;font-weight:bold;white-space:nowrap"


def board_table(headers: Sequence[str], rows: Sequence[Sequence[Any]], caption: str = "",
                caption_colour: str = "#222", total: bool = False) -> str:
    """A small table for a live board's panel, styled inline: numbers right-aligned in tabular
    figures, words left-aligned, the last row a bold total when ``total``; in a box of its own
    that scrolls sideways when the table is wider than the screen.

    >>> "text-align:right" in board_table(["地形", "点"], [["小麦畑", 4]])
    True
    """
    table = Table(headers, rows, total=total)

    def cell(tag: str, text: str, i: int, extra: str = "") -> str:
        align = "text-align:right;font-variant-numeric:tabular-nums" if table.numeric[i] else "text-align:left"
        return f'<{tag} style="{_HEAD if tag == "th" else _CELL};{align}{extra}">{escape(text)}</{tag}>'

    head = "".join(cell("th", h, i) for i, h in enumerate(table.headers))
    body = []
    for n, r in enumerate(table.rows):
        last = total and n == len(table.rows) - 1
        extra = ";font-weight:bold;border-top:2px solid #b9b09a" if last else ""
        body.append("<tr>" + "".join(cell("td", c, i, extra) for i, c in enumerate(r)) + "</tr>")
    cap = (f'<caption style="caption-side:top;text-align:left;font-weight:bold;color:{caption_colour};'
           f'padding:2px 0">{escape(caption)}</caption>' if caption else "")
    # a table wider than a phone scrolls sideways in its own box, never the page
    return (f'<div class="board-table-wrap" style="overflow-x:auto;max-width:100%;min-width:0">'
            f'<table style="border-collapse:collapse;font-size:13px;margin:4px 0">{cap}'
            f'<thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table></div>')


def board_tables(tables: Sequence[str]) -> str:
    """Tables side by side, wrapping on a narrow screen."""
    return ('<div class="board-tables" style="display:flex;flex-wrap:wrap;gap:6px 22px;align-items:flex-start">'
            + "".join(tables) + "</div>")
