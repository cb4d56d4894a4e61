"""さいころニュータウン positions that real components can make, registered with
:func:`gamelib.positions.check` so the chapter's pictures are checked as real positions.

* ``"newtown.map"`` — a map (see :class:`.Board`): land numbers 3 to 18 at most once each, the
  King's land in its shape;
* ``"newtown.layout"`` — a map that also meets the text's four layout guidelines;
* ``"newtown.land"`` — the houses on one land, ``12: 2x3f2 2x2f1`` (``K`` for the King's land):
  at most 4 standard units on a land tile, at most two houses on the King's land, at most
  three floors, a penthouse only on a 3×3 house;
* ``"newtown.tenants"`` — the tenant grid, columns separated by ``|``, each column's cards
  front first, ``[n]`` for stones on a card: ``5 9[1] 12 3 | 15 1 | 7 | 2 4 6``;
* ``"newtown.dice"`` — one player's rolled dice, ``r3 g5 b2 w1 w4 w6``;
* ``"newtown.pieces"`` — material pieces, ``1,2,4``;
* ``"newtown.floor"`` — one floor of a house and the pieces that fill it, ``2x3: 1,2,3``: the
  pieces' sizes add up to the floor's squares (:func:`.rulings.fills`).

>>> from gamelib import positions
>>> positions.check("newtown.land", "12: 2x3f2 2x2f1")
[('2x3', 2, False), ('2x2', 1, False)]
>>> positions.check("newtown.land", "12: 3x3f1 2x2f1")
Traceback (most recent call last):
...
gamelib.core.NotationError: land 12: 5 standard units; a land takes at most 4
"""

from __future__ import annotations

import re
from typing import Any

from ..core import NotationError, excerpt
from ..positions import register
from .board import KING, Board
from .data import FOOTPRINTS, components
from .houses import area, parse_house

MAX_TEXT = 2000
_CARD_RE = re.compile(r"([0-9]{1,2})(?:\[([0-9]{1,2})\])?", re.ASCII)
_DIE_RE = re.compile(r"([rgbw])([1-6])", re.ASCII)


def _text(text: object, what: str, what_ja: str) -> str:
    if not isinstance(text, str):
        raise NotationError(f"{what} is text, not {excerpt(text)}", f"{what_ja}は文字列で書きます。")
    if len(text) > MAX_TEXT:
        raise NotationError(f"{what} is at most {MAX_TEXT} characters", f"{what_ja}の表記が長すぎます。")
    return text


@register("newtown.map")
def check_map(text: str) -> Board:
    """A map the components can make.

    >>> check_map("3 4\\nK K\\nK K").numbered
    (3, 4)
    """
    return Board.from_text(_text(text, "a map", "地図"), components().kings_cells)


@register("newtown.layout")
def check_layout(text: str) -> Board:
    """A map meeting the text's four layout guidelines.

    >>> check_layout("3 4\\nK K\\nK K")
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: the map does not meet the layout guidelines: only 2 lands touch the King's land (at least 4)
    """
    board = check_map(text)
    problems = board.guideline_problems()
    if problems:
        raise NotationError("the map does not meet the layout guidelines: " + "; ".join(en for _, en in problems),
                            "地図が配置の条件を満たしていません: " + "".join(ja for ja, _ in problems))
    return board


@register("newtown.land")
def check_land(text: str) -> list[tuple[str, int, bool]]:
    """The houses on one land."""
    text = _text(text, "a land's houses", "土地の家")
    head, sep, rest = text.partition(":")
    head = head.strip()
    if not sep or not (head == "K" or (head.isascii() and head.isdigit() and len(head) <= 2 and 3 <= int(head) <= 18)):
        raise NotationError(f"{excerpt(text)}: write the land (3 to 18, or K), a colon and its houses, e.g. '12: 2x3f2'",
                            "土地(3〜18、王様の土地は K)、コロン、家の順に書きます(例: 12: 2x3f2)。")
    land = KING if head == "K" else int(head)
    houses = [parse_house(word) for word in rest.split()]
    if not houses:
        raise NotationError(f"land {head}: no house", f"土地{head}に家がありません。")
    if land == KING:
        if len(houses) > 2:
            raise NotationError(f"the King's land: {len(houses)} houses; only the first two builders build there",
                                "王様の土地に建てられるのは先着2名の2軒までです。")
    else:
        units = sum(FOOTPRINTS[f] for f, _, _ in houses)
        if units > 4:
            raise NotationError(f"land {land}: {units} standard units; a land takes at most 4",
                                f"土地{land}の家の規格の合計が{units}です。一つの土地には4までです。")
    return houses


@register("newtown.tenants")
def check_tenants(text: str) -> list[list[tuple[int, int]]]:
    """The tenant grid: four columns of at most four cards, every card 1 to 16 at most once.

    >>> check_tenants("5 9[1] 12 3 | 15 1 | 7 | 2 4 6")[0]
    [(5, 0), (9, 1), (12, 0), (3, 0)]
    """
    text = _text(text, "a tenant grid", "入居者カードの並び")
    columns = text.split("|")
    if len(columns) != 4:
        raise NotationError(f"a tenant grid has 4 columns separated by '|', not {len(columns)}",
                            "入居者カードは4列で、列を | で区切ります。")
    out: list[list[tuple[int, int]]] = []
    seen: set[int] = set()
    for column in columns:
        cards = []
        for word in column.split():
            m = _CARD_RE.fullmatch(word)
            if not m or not 1 <= int(m.group(1)) <= 16:
                raise NotationError(f"{excerpt(word)} is not a tenant card (1 to 16, stones as [n])",
                                    "入居者カードは1〜16の番号で、石は [n] と書きます。")
            card = int(m.group(1))
            if card in seen:
                raise NotationError(f"tenant card {card} appears twice", f"入居者カード{card}が2回あります。")
            seen.add(card)
            cards.append((card, int(m.group(2) or 0)))
        if len(cards) > 4:
            raise NotationError(f"a column holds at most 4 cards, not {len(cards)}", "1列は4枚までです。")
        out.append(cards)
    return out


@register("newtown.dice")
def check_dice(text: str) -> dict[str, Any]:
    """One player's rolled dice: red, green, black and three white, each 1 to 6.

    >>> check_dice("w1 r3 g5 b2 w4 w6")
    {'r': 3, 'g': 5, 'b': 2, 'w': [1, 4, 6]}
    """
    words = _text(text, "a player's dice", "さいころ").split()
    dice: dict[str, Any] = {"r": None, "g": None, "b": None, "w": []}
    for word in words:
        m = _DIE_RE.fullmatch(word)
        if not m:
            raise NotationError(f"{excerpt(word)} is not a die: a colour letter (r, g, b, w) and pips 1 to 6",
                                "さいころは色の文字(r・g・b・w)と1〜6の目で書きます(例: r3)。")
        colour, value = m.group(1), int(m.group(2))
        if colour == "w":
            dice["w"].append(value)
        elif dice[colour] is None:
            dice[colour] = value
        else:
            raise NotationError(f"two {colour} dice: each player has one red, one green and one black",
                                "赤・緑・黒のさいころは1人1個ずつです。")
    if None in (dice["r"], dice["g"], dice["b"]) or len(dice["w"]) != 3:
        raise NotationError("a player's dice are one red, one green, one black and three white",
                            "1人のさいころは赤・緑・黒・白3個の6個です。")
    dice["w"].sort()
    return dice


@register("newtown.pieces")
def check_pieces(text: str) -> list[int]:
    """Material pieces by size (1 to the largest piece).

    >>> check_pieces("4,1,2")
    [1, 2, 4]
    """
    text = _text(text, "materials", "資材").strip()
    biggest = components().max_size
    out = []
    for word in text.split(","):
        word = word.strip()
        if not (word.isascii() and word.isdigit() and len(word) <= 2 and 1 <= int(word) <= biggest):
            raise NotationError(f"{excerpt(word)} is not a material piece (a size 1 to {biggest})",
                                f"資材は1〜{biggest}の大きさで、カンマで区切ります。")
        out.append(int(word))
    return sorted(out)


@register("newtown.floor")
def check_floor(text: str) -> tuple[str, list[int]]:
    """One floor (its footprint) and the material pieces that fill it.

    >>> check_floor("2x3: 3,1,2")
    ('2x3', [1, 2, 3])
    >>> check_floor("2x2: 1,2")
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: pieces 1, 2 (3 squares) do not fill a 2x2 floor (4 squares)
    """
    from .rulings import fills  # rulings imports the game, which registers these kinds first

    text = _text(text, "a floor", "階").strip()
    head, sep, rest = text.partition(":")
    footprint = head.strip()
    if not sep or footprint not in FOOTPRINTS:
        raise NotationError(f"{excerpt(text)}: write a footprint ({', '.join(FOOTPRINTS)}), a colon and pieces",
                            "階の形(2x2・2x3・2x4・3x3)、コロン、資材の順に書きます(例: 2x3: 1,2,3)。")
    pieces = check_pieces(rest)
    squares = area(footprint)
    if not fills(pieces, [squares]):
        raise NotationError(
            f"pieces {', '.join(map(str, pieces))} ({sum(pieces)} squares) do not fill a {footprint} floor "
            f"({squares} squares)",
            f"資材の大きさの合計({sum(pieces)})が、{footprint.replace('x', '×')}の階の{squares}マスと合いません。")
    return footprint, pieces
