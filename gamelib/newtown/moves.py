"""Moves of さいころニュータウン: a small value type and its short ASCII text form.

=========================================  ================================================
text                                       move
=========================================  ================================================
``draft 3 7 12``                           take these land cards from the face-up row
``tree 3``                                 plant the tree: roll 2 to 4 dice
``take r6`` / ``take w3``                  take a die (r red, g green, b black, w white)
``keep`` / ``reroll all``                  extension round: keep the dice, or reroll all six
``reroll w 1 3`` / ``reroll g`` / ``reroll b``  pay 1 red to reroll white dice (by value), green, black
``use 5 w3x2`` / ``use 5 w3x0``            land card 5: double a white 3, or make it 0
``use 6 g+1`` (``r+1``, ``b+1``)           land card 6: +1 to the green (red, black) die
``use 7 swap``                             land card 7: swap green and black
``use 9 get`` / ``use 9 ret``              land card 9: take a material 1, or return one
``go 12`` / ``go K`` / ``stay`` / ``pass`` move the craftsman (K: the King's land), or not
``supply`` / ``supply gift 5 P2``          take the red materials (and give a 5 to player 2)
``split 5 2`` / ``merge 2 3``              pay 1 black: a 5 into 2 + 3; a 2 and a 3 into a 5
``build 12 2x3 1 1,2,3``                   a new house: land, footprint, floors, pieces
``extend h4 2x3 2 2,2,4``                  extend house 4 (another's: take it over)
``penthouse h4 1,3``                       a penthouse on house 4
``help`` / ``end``                         give the black pips left to the next craftsman; end
``decide extend`` / ``decide stop``        the secret extension choice
``tenant 2 1 h4`` / ``tenant 2 1 -``       tenant card of column 2, row 1 (front) into house 4;
                                           ``-``: no house takes it (−2)
=========================================  ================================================

Players are written ``P1`` to ``P4`` (player 0 is ``P1``).  Lists of numbers are written in
ascending order (the reader sorts them).

>>> parse_move("build 12 2x3 1 3,1,2")
Move(kind='build', args=(12, '2x3', 1, (1, 2, 3)))
>>> str(parse_move("go k")), str(parse_move("supply gift 5 p2"))
('go K', 'supply gift 5 P2')
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, NamedTuple

from ..core import MAX_MOVE_TEXT, NotationError, excerpt
from .houses import pieces_text
from .rulings import KING

COLOURS = {"r": "red", "g": "green", "b": "black", "w": "white"}
COLOUR_JA = {"r": "赤", "g": "緑", "b": "黒", "w": "白"}
FOOTPRINT_NAMES = ("2x2", "2x3", "2x4", "3x3")
EFFECT_RE = re.compile(r"w(\d{1,4})x([02])|([grb])\+1|swap|get|ret", re.ASCII)
#: A white die can be doubled again and again by several lawn cards: its pips are written with
#: at most four digits.
MAX_WHITE = 9999
KINDS = ("draft", "tree", "take", "keep", "reroll", "use", "go", "stay", "pass", "supply", "split", "merge", "build",
         "extend", "penthouse", "help", "end", "decide", "tenant")


class Move(NamedTuple):
    """A move: ``kind`` and its arguments (see the module's table)."""

    kind: str
    args: tuple[Any, ...] = ()

    def text(self) -> str:
        """The canonical text form, read back by :func:`parse_move`.

        >>> Move("tenant", (2, 1, 0)).text(), Move("use", (5, "w3x2")).text()
        ('tenant 2 1 -', 'use 5 w3x2')
        """
        k, a = self.kind, self.args
        if k in ("draft", "tree", "split", "merge"):
            return " ".join([k, *map(str, a)])
        if k == "take":
            return f"take {a[0]}{a[1]}"
        if k == "reroll":
            return " ".join(["reroll", *map(str, a)])
        if k == "use":
            return f"use {a[0]} {a[1]}"
        if k == "go":
            return f"go {'K' if a[0] == KING else a[0]}"
        if k == "supply":
            return "supply" if not a else f"supply gift {a[0]} P{a[1] + 1}"
        if k == "build":
            land, footprint, floors, pieces = a
            return f"build {'K' if land == KING else land} {footprint} {floors} {pieces_text(pieces)}"
        if k == "extend":
            house, footprint, floors, pieces = a
            return f"extend h{house} {footprint} {floors} {pieces_text(pieces)}"
        if k == "penthouse":
            return f"penthouse h{a[0]} {pieces_text(a[1])}"
        if k == "decide":
            return f"decide {a[0]}"
        if k == "tenant":
            return f"tenant {a[0]} {a[1]} {'-' if a[2] == 0 else 'h' + str(a[2])}"
        return k

    def __str__(self) -> str:
        return self.text()


def _number(token: str, low: int, high: int, what: str, what_ja: str, digits: int = 2) -> int:
    if not (token.isascii() and token.isdigit() and len(token) <= digits):
        raise NotationError(f"{excerpt(token)} is not {what} (ASCII digits)", f"{what_ja}は半角数字で書きます。")
    value = int(token)
    if not low <= value <= high:
        raise NotationError(f"{what} is {low} to {high}, not {value}", f"{what_ja}は{low}から{high}までです。")
    return value


def _land(token: str) -> int:
    if token == "k":
        return KING
    return _number(token, 3, 18, "a land (3 to 18, or K)", "土地(3〜18、王様の土地は K)")


def _house(token: str) -> int:
    if not token.startswith("h"):
        raise NotationError(f"{excerpt(token)} is not a house; write h and its number, e.g. h4",
                            "家は h と番号で書きます(例: h4)。")
    return _number(token[1:], 1, 99, "a house number", "家の番号")


def _pieces(token: str) -> tuple[int, ...]:
    parts = token.split(",")
    if len(parts) > 30:
        raise NotationError("at most 30 pieces", "資材は30個までです。")
    return tuple(sorted(_number(p, 1, 9, "a piece size", "資材の大きさ") for p in parts))


def _player(token: str) -> int:
    if not token.startswith("p"):
        raise NotationError(f"{excerpt(token)} is not a player; write P1 to P4", "プレイヤーは P1〜P4 と書きます。")
    return _number(token[1:], 1, 4, "a player", "プレイヤーの番号") - 1


def _footprint(token: str) -> str:
    if token not in FOOTPRINT_NAMES:
        raise NotationError(f"{excerpt(token)} is not a footprint (2x2, 2x3, 2x4, 3x3)",
                            "家の規格は 2x2・2x3・2x4・3x3 のどれかです。")
    return token


USAGE = ("write e.g. 'take r6', 'go 12', 'supply', 'build 12 2x3 1 1,2,3', 'end' "
         "(see the list of moves in gamelib.newtown.moves)")
USAGE_JA = ("さいころニュータウンの手として読めません。「take r6」「go 12」「supply」「build 12 2x3 1 1,2,3」「end」"
            "のように半角で書きます。")


def parse_move(text: str) -> Move:
    """Read a move from its text form (case does not matter; spaces separate the parts).

    >>> parse_move("reroll w 5 1"), parse_move("split 5 3")
    (Move(kind='reroll', args=('w', 1, 5)), Move(kind='split', args=(5, 2)))
    >>> parse_move("take r٣")
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: 'r٣' is not a die: a colour letter (r, g, b, w) and its pips, e.g. r6
    """
    if not isinstance(text, str):
        raise NotationError(f"a move is text, not {type(text).__name__}", "手は文字列で書きます。")
    if len(text) > MAX_MOVE_TEXT:
        raise NotationError(f"a move is at most {MAX_MOVE_TEXT} characters", f"手の表記は{MAX_MOVE_TEXT}文字までです。")
    return _read(text)


@lru_cache(maxsize=8192)
def _read(text: str) -> Move:
    """The move a text reads as (moves are immutable values: one read serves every state;
    an error is raised afresh each time, never cached)."""
    tokens = text.strip().lower().split()
    if not tokens or tokens[0] not in KINDS:
        raise NotationError(f"{excerpt(text)} is not a move of newtown; {USAGE}", USAGE_JA)
    kind, rest = tokens[0], tokens[1:]
    try:
        return _parse(kind, rest)
    except _Malformed:
        raise NotationError(f"{excerpt(text)} is not a move of newtown; {USAGE}", USAGE_JA) from None


class _Malformed(Exception):
    """The parts of a move are not the ones its kind takes (reported as the general usage)."""


def _arity(rest: list[str], *allowed: int) -> None:
    if len(rest) not in allowed:
        raise _Malformed


def _parse(kind: str, rest: list[str]) -> Move:
    if kind in ("keep", "stay", "pass", "help", "end"):
        _arity(rest, 0)
        return Move(kind)
    if kind == "draft":
        _arity(rest, 1, 2, 3, 4)
        lands = tuple(sorted(_number(t, 3, 18, "a land card", "土地カード") for t in rest))
        if len(set(lands)) != len(lands):
            raise NotationError("a land card is named twice", "同じ土地カードが2回書かれています。")
        return Move(kind, lands)
    if kind == "tree":
        _arity(rest, 1)
        return Move(kind, (_number(rest[0], 1, 9, "a number of dice", "さいころの数"),))
    if kind == "take":
        _arity(rest, 1)
        token = rest[0]
        if len(token) != 2 or token[0] not in COLOURS or not (token[1].isascii() and token[1].isdigit()):
            raise NotationError(f"{excerpt(token)} is not a die: a colour letter (r, g, b, w) and its pips, e.g. r6",
                                "さいころは色の文字(r・g・b・w)と目で書きます(例: r6)。")
        return Move(kind, (token[0], int(token[1])))
    if kind == "reroll":
        if rest == ["all"]:
            return Move(kind, ("all",))
        if rest in (["g"], ["b"]):
            return Move(kind, (rest[0],))
        if not rest or rest[0] != "w" or not 2 <= len(rest) <= 4:
            raise _Malformed
        return Move(kind, ("w", *sorted(_number(t, 0, MAX_WHITE, "a white die", "白のさいころの目", 4) for t in rest[1:])))
    if kind == "use":
        _arity(rest, 2)
        card = _number(rest[0], 3, 18, "a land card", "土地カード")
        m = EFFECT_RE.fullmatch(rest[1])
        if not m:
            raise NotationError(f"{excerpt(rest[1])} is not an ability: w3x2, w3x0, g+1, r+1, b+1, swap, get or ret",
                                "特殊能力の書き方は w3x2・w3x0・g+1・r+1・b+1・swap・get・ret のどれかです。")
        if m.group(1) is not None:
            value = _number(m.group(1), 0, MAX_WHITE, "a white die", "白のさいころの目", 4)
            return Move(kind, (card, f"w{value}x{m.group(2)}"))
        return Move(kind, (card, rest[1]))
    if kind == "go":
        _arity(rest, 1)
        return Move(kind, (_land(rest[0]),))
    if kind == "supply":
        if not rest:
            return Move(kind)
        _arity(rest, 3)
        if rest[0] != "gift":
            raise _Malformed
        return Move(kind, (_number(rest[1], 1, 9, "a piece size", "資材の大きさ"), _player(rest[2])))
    if kind in ("split", "merge"):
        _arity(rest, 2)
        a, b = (_number(t, 1, 9, "a piece size", "資材の大きさ") for t in rest)
        if kind == "merge":
            return Move(kind, (min(a, b), max(a, b)))
        return Move(kind, (a, min(b, a - b)) if 0 < b < a else (a, b))
    if kind == "build":
        _arity(rest, 4)
        return Move(kind, (_land(rest[0]), _footprint(rest[1]), _number(rest[2], 1, 9, "floors", "階数"),
                           _pieces(rest[3])))
    if kind == "extend":
        _arity(rest, 4)
        return Move(kind, (_house(rest[0]), _footprint(rest[1]), _number(rest[2], 1, 9, "floors", "階数"),
                           _pieces(rest[3])))
    if kind == "penthouse":
        _arity(rest, 2)
        return Move(kind, (_house(rest[0]), _pieces(rest[1])))
    if kind == "decide":
        _arity(rest, 1)
        if rest[0] not in ("extend", "stop"):
            raise NotationError("the extension choice is 'decide extend' or 'decide stop'",
                                "延長の選択は「decide extend」か「decide stop」です。")
        return Move(kind, (rest[0],))
    # tenant
    _arity(rest, 3)
    column = _number(rest[0], 1, 4, "a column", "列")
    row = _number(rest[1], 1, 4, "a row", "段")
    house = 0 if rest[2] == "-" else _house(rest[2])
    return Move(kind, (column, row, house))
