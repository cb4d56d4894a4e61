"""What a reader of the book sees: refused moves as rule boxes, results as Japanese sentences.

Every chapter shows its results through these helpers, never as Python values:

* :func:`refused` runs a move that the rules forbid and shows the rule's reason in a styled
  Japanese box with a link to the rule's section (no traceback, no English).  Its text form,
  which nbval compares, is the Japanese reason and the section's anchor.
* :func:`say` shows one or more Japanese sentences (a result box on the page).
* :func:`ja_list`, :func:`yes_no`, :func:`mark` and :func:`names` turn values into words.

>>> from gamelib.kabaleo import Pile
>>> refused(lambda: Pile.from_text("K").place("K"))
置けません: 何も乗っていないピンクのベースに、ピンクのコマは置けません(ベースとは違う色のコマだけを置けます)。 → ルール: #kabaleo-on-base
>>> say("勝者: " + names(["青", "赤"]))
勝者: 青と赤
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import Any

from gamelib import IllegalMoveError

__all__ = ["RuleBox", "Sentences", "refused", "say", "ja_list", "names", "yes_no", "mark", "number"]


class RuleBox:
    """A refused move: the rule's reason in Japanese, and where the rule is written."""

    def __init__(self, error: IllegalMoveError, title: str = "置けません") -> None:
        self.error, self.title = error, title

    @property
    def section(self) -> str:
        return self.error.section

    @property
    def reason(self) -> str:
        return self.error.message_ja

    def _repr_html_(self) -> str:
        return (
            '<div class="rulebook-refused" role="note">'
            f'<p class="rulebook-refused-title"><span class="rulebook-refused-mark" aria-hidden="true">×</span>'
            f"{escape(self.title)}</p>"
            f'<p class="rulebook-refused-reason">{escape(self.reason)}</p>'
            f'<p class="rulebook-refused-link"><a href="#{escape(self.section)}">このルールの説明へ</a></p>'
            "</div>"
        )

    def __repr__(self) -> str:
        return f"{self.title}: {self.reason} → ルール: #{self.section}"


def refused(action: Callable[[], Any], title: str = "置けません") -> RuleBox:
    """Run ``action``, which must be refused by the rules, and show why.

    If the rules accept the move, the example is wrong: that raises ``AssertionError`` so that
    the book's build and nbval fail loudly instead of showing a wrong example.
    """
    try:
        action()
    except IllegalMoveError as error:
        return RuleBox(error, title)
    raise AssertionError("the rules accepted a move this example says is refused")


class Sentences:
    """Japanese sentences shown as a result box; the text form is the same sentences."""

    def __init__(self, lines: Sequence[str]) -> None:
        self.lines = [str(line) for line in lines]

    def _repr_html_(self) -> str:
        body = "".join(f"<p>{escape(line)}</p>" for line in self.lines)
        return f'<div class="rulebook-result">{body}</div>'

    def __repr__(self) -> str:
        return "\n".join(self.lines)


def say(*lines: str) -> Sentences:
    """One or more sentences (one per line) for the reader."""
    return Sentences(lines)


def ja_list(items: Iterable[Any], sep: str = "、") -> str:
    """``['青', '赤']`` → ``青、赤``; nothing → ``なし``.

    >>> ja_list([2, 21, 35, 37])
    '2、21、35、37'
    >>> ja_list([])
    'なし'
    """
    words = [str(i) for i in items]
    return sep.join(words) if words else "なし"


def names(items: Iterable[Any]) -> str:
    """Names joined as Japanese prose: ``青``, ``青と赤``, ``青・赤・緑`` (「青、赤と緑」 read as
    translated).

    >>> names(["青", "赤"]), names(["青", "赤", "緑"])
    ('青と赤', '青・赤・緑')
    """
    words = [str(i) for i in items]
    if not words:
        return "なし"
    if len(words) == 2:
        return "と".join(words)
    return "・".join(words)


def yes_no(value: bool) -> str:
    """はい / いいえ."""
    return "はい" if value else "いいえ"


def mark(value: bool) -> str:
    """○ / × (legal / illegal, fits / does not)."""
    return "○" if value else "×"


def number(value: int) -> str:
    """An integer with thousands separators, as a Japanese rulebook prints it.

    >>> number(531441)
    '531,441'
    """
    return f"{value:,}"
