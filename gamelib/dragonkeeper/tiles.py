"""The components (このゲームで使うもの): adventurer tiles, guild tiles, treasure tokens.

A tile is written as its colour letter, its value and, for a tile with a special action, one
more letter: ``R1s`` is a red 1 with the stairs, ``B4t`` a blue 4 with the remote trap, ``G5``
a plain green 5.  Colours: ``R`` red 赤, ``B`` blue 青, ``Y`` yellow 黄, ``G`` green 緑,
``P`` purple 紫.  Specials: ``s`` stairs 階段, ``p`` secret passage 秘密の通路, ``x`` prisoner
exchange 囚人の交換, ``t`` remote trap リモートトラップ, ``r`` release 解放.

A player's tiles lie in stacks (山札), one per colour, in the order they arrived; the stacks are
written colour by colour (red, blue, yellow, green, purple), each as its colour letter, a colon
and its tiles from the bottom up:

>>> stacks = parse_stacks("R:1s,3,5 B:4,2r Y:3 P:2,2")
>>> stacks[1]
('B4', 'B2r')
>>> stacks_text(stacks)
'R:1s,3,5 B:4,2r Y:3 P:2,2'

Text that no real set of tiles can make is refused, saying what is wrong:

>>> parse_stacks("B:5,5")
Traceback (most recent call last):
...
gamelib.core.NotationError: 2 tiles B5 in the stacks: the game has only 1
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from collections.abc import Iterable
from importlib import resources

from ..core import NotationError, excerpt

#: The five colours in the order stacks are written; guilds are never red.
COLOURS = "RBYGP"
GUILD_COLOURS = "BYGP"
NAME_JA = {"R": "赤", "B": "青", "Y": "黄", "G": "緑", "P": "紫"}
NAME_EN = {"R": "red", "B": "blue", "Y": "yellow", "G": "green", "P": "purple"}
#: Special actions by letter.
SPECIALS = "sptxr"
SPECIAL_JA = {"s": "階段", "p": "秘密の通路", "x": "囚人の交換", "t": "リモートトラップ", "r": "解放"}
SPECIAL_EN = {"s": "stairs", "p": "secret passage", "x": "prisoner exchange", "t": "remote trap", "r": "release"}
#: The stair tile: both red 1s (one lies in the centre of each of the first two levels).
STAIR = "R1s"
#: Treasure tokens: 24 in the game, 4 for each player at the start.
TREASURE_TOKENS = 24
TREASURE_AT_START = 4
#: Stacks of one player: one tuple of tile codes per colour, in :data:`COLOURS` order, bottom first.
Stacks = tuple[tuple[str, ...], ...]
EMPTY_STACKS: Stacks = ((),) * len(COLOURS)
#: The longest stacks text read (all 75 tiles written out, with room for spaces).
MAX_STACKS_TEXT = 600

_COLOURS_JA = "・".join(f"{c}({NAME_JA[c]})" for c in COLOURS)


def _load() -> dict[str, int]:
    text = resources.files(__package__).joinpath("data/tiles.csv").read_text(encoding="utf-8")
    counts: dict[str, int] = {}
    for row in csv.DictReader(io.StringIO(text)):
        counts[row["colour"] + row["value"] + row["special"]] = int(row["count"])
    if sum(counts.values()) != 75:
        raise RuntimeError("the Dragon Keeper data file must hold 75 tiles")
    return counts


#: How many tiles of each type the game has, by code, in the data file's order.
TILE_COUNTS: dict[str, int] = _load()
#: Every tile type's code, in the data file's order.
TILE_TYPES: tuple[str, ...] = tuple(TILE_COUNTS)
#: The 75 tiles, one code per tile.
ALL_TILES: tuple[str, ...] = tuple(code for code, n in TILE_COUNTS.items() for _ in range(n))
#: A tile's value, colour index (into :data:`COLOURS`) and special letter ("" for none).
VALUE: dict[str, int] = {code: int(code[1]) for code in TILE_TYPES}
COLOUR_INDEX: dict[str, int] = {code: COLOURS.index(code[0]) for code in TILE_TYPES}
SPECIAL: dict[str, str] = {code: code[2:] for code in TILE_TYPES}


def tile_words(code: str) -> str:
    """A tile in Japanese words.

    >>> tile_words("B4t"), tile_words("R6")
    ('青の4(リモートトラップ)', '赤の6')
    """
    special = SPECIAL[code]
    return f"{NAME_JA[code[0]]}の{code[1]}" + (f"({SPECIAL_JA[special]})" if special else "")


def check_colour(colour: object, allowed: str = COLOURS) -> str:
    """``colour`` when it is one of the ``allowed`` colour letters; otherwise :class:`NotationError`."""
    if not isinstance(colour, str) or len(colour) != 1 or colour not in allowed:
        raise NotationError(f"{excerpt(colour)} is not a colour; use one of {' '.join(allowed)}",
                            "色の文字が正しくありません。"
                            + "・".join(f"{c}({NAME_JA[c]})" for c in allowed) + "のどれかで書きます。")
    return colour


def parse_tile(text: object) -> str:
    """A tile code, checked against the tiles the game has.

    >>> parse_tile("P1p")
    'P1p'
    >>> parse_tile("R1")
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: there is no tile 'R1': the red 1s are the stair tiles, written R1s
    """
    if not isinstance(text, str):
        raise NotationError(f"a tile is written as text such as 'B4t', not {excerpt(text)}",
                            "タイルは「B4t」のように文字で書きます。")
    if text in TILE_COUNTS:
        return text
    if text == "R1":
        raise NotationError("there is no tile 'R1': the red 1s are the stair tiles, written R1s",
                            "赤の1は階段タイルだけなので、R1s と書きます。")
    raise NotationError(f"there is no tile {excerpt(text)}; a tile is a colour letter (R B Y G P), its value and "
                        "the letter of its special action if it has one, e.g. R1s, B4t, G5",
                        "そのタイルはありません。タイルは色の文字(R・B・Y・G・P)、点数、特別アクションがあればその文字の順に"
                        "書きます(例: R1s、B4t、G5)。")


def check_counts(codes: Iterable[str], what: str = "the stacks", what_ja: str = "山札") -> Counter[str]:
    """The tiles counted, when no type is used more often than the game has it."""
    counts = Counter(codes)
    for code, n in counts.items():
        if n > TILE_COUNTS[code]:
            raise NotationError(f"{n} tiles {code} in {what}: the game has only {TILE_COUNTS[code]}",
                                f"{what_ja}に{tile_words(code)}のタイルが{n}枚あります。"
                                f"このタイルは{TILE_COUNTS[code]}枚しかありません。")
    return counts


_STACK_RE = re.compile(r"([A-Za-z]):(.*)", re.ASCII | re.DOTALL)
_TILE_RE = re.compile(r"[0-9][a-z]?", re.ASCII)


def parse_stacks(text: object) -> Stacks:
    """One player's stacks from their text (see the module docstring); ``""`` or ``"-"`` is a
    player with no tiles.  Raises :class:`NotationError` (a ``ValueError``) saying what is wrong.

    >>> parse_stacks("Y:3 R:2")
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: stacks are written in colour order R B Y G P, each at most once: 'R' comes after 'Y'
    """
    if not isinstance(text, str):
        raise NotationError(f"stacks are text such as 'R:1s,3 B:4', not {excerpt(text)}",
                            "山札は「R:1s,3 B:4」のような文字列で書きます。")
    if len(text) > MAX_STACKS_TEXT:
        raise NotationError(f"stacks text is at most {MAX_STACKS_TEXT} characters, not {len(text)}",
                            "山札の表記が長すぎます。")
    words = text.split()
    if words == ["-"]:
        words = []
    stacks: list[tuple[str, ...]] = [()] * len(COLOURS)
    last = -1
    for word in words:
        m = _STACK_RE.fullmatch(word)
        if not m:
            raise NotationError(f"{excerpt(word)} is not a stack; write a colour letter, ':' and the tiles from the "
                                "bottom up separated by commas, e.g. 'B:4,2r'",
                                "山札として読めません。色の文字、「:」、下から順にタイルをコンマで区切って書きます(例: B:4,2r)。")
        colour = check_colour(m.group(1))
        index = COLOURS.index(colour)
        if index <= last:
            raise NotationError(f"stacks are written in colour order R B Y G P, each at most once: {colour!r} comes "
                                f"after {COLOURS[last]!r}",
                                "山札は R・B・Y・G・P の色の順に、各色1回ずつ書きます。")
        last = index
        if not m.group(2):
            raise NotationError(f"{excerpt(word)}: a stack has at least one tile (leave out a colour you have none of)",
                                f"{NAME_JA[colour]}の山札にタイルがありません。持っていない色の山札は書きません。")
        tiles = m.group(2).split(",")
        codes = []
        for tile in tiles:
            if not _TILE_RE.fullmatch(tile):
                raise NotationError(f"{excerpt(word)}: {excerpt(tile)} is not a tile; write its value and the letter "
                                    "of its special action if any (s p x t r), e.g. 1s or 4",
                                    f"{NAME_JA[colour]}の山札に読めないタイルがあります。点数(半角数字)と、特別アクションがあればその"
                                    "文字(s・p・x・t・r)を書きます(例: 1s、4)。")
            codes.append(parse_tile(colour + tile))
        stacks[index] = tuple(codes)
    check_counts(c for s in stacks for c in s)
    return tuple(stacks)


def stacks_text(stacks: Stacks) -> str:
    """The text of one player's stacks ("" for a player with no tiles)."""
    return " ".join(f"{COLOURS[i]}:{','.join(c[1:] for c in s)}" for i, s in enumerate(stacks) if s)
