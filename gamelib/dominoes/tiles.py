"""The double-seven binary-coded domino set and the geometry its four games share.

36 tiles, every pair ``a-b`` with 0 ≤ a ≤ b ≤ 7.  Each half shows its number in binary as
rings: a centre dot = 1, a small circle = 2, a large circle = 4 (7 shows all three, 0 none).

Tiles lie on a square grid of cells ``(row, col)``; a tile covers two orthogonally adjacent
cells.  :class:`Table` is a flat arrangement of halves (Dominomega, Dominimum, Dominup's
table level), :class:`Stacks` adds levels (Dominup), and :class:`Tree` lays the same cells
out as brick rows (The Tree).  Grid notation: one line per row, tokens separated by spaces, ``.`` for an
empty cell, otherwise the number 0–7 on that half.

>>> len(TILES), rings(6), ring_names(5)
(36, (2, 4), '点+大円')
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from typing import Any, NamedTuple

from .. import positions
from ..core import MAX_MOVE_TEXT, IllegalMoveError, NotationError, excerpt, same_value

Cell = tuple[int, int]
Tile = tuple[int, int]

#: Every tile of the set, in order.
TILES: tuple[Tile, ...] = tuple((a, b) for a in range(8) for b in range(a, 8))
RING_NAMES = {1: "点", 2: "小円", 4: "大円"}
DIRS: tuple[Cell, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
#: Cells are read with row and column between -MAX_COORD and MAX_COORD (a game's 36 tiles
#: never reach beyond 72 cells from the centre).
MAX_COORD = 999
#: The longest grid, tree or position text read (a whole game's table is far shorter).
MAX_NOTATION_TEXT = 10_000
#: Halves in the whole set.
HALVES = 2 * 36
_NUMBER = re.compile(r"[0-9]{1,3}")  # ASCII digits only (str.isdigit also takes ¹²)
_COORD = re.compile(r"-?[0-9]{1,3}")


def _check_text(text: Any, what_en: str, what_ja: str) -> str:
    """``text`` if it is a string short enough to read; NotationError otherwise."""
    if not isinstance(text, str):
        raise NotationError(f"{what_en} is read from text, not {type(text).__name__}", f"{what_ja}は文字列で書きます。")
    if len(text) > MAX_NOTATION_TEXT:
        raise NotationError(f"{what_en} is at most {MAX_NOTATION_TEXT} characters, not {len(text)}",
                            f"{what_ja}の表記が長すぎます。")
    return text


def rings(n: int) -> tuple[int, ...]:
    """The rings of a number: the powers of two it is made of."""
    return tuple(r for r in (1, 2, 4) if n & r)


def ring_names(n: int) -> str:
    return "+".join(RING_NAMES[r] for r in rings(n)) or "なし"


def one_ring_more(below: int, above: int) -> bool:
    """The Tree's ring rule: ``above`` has exactly the rings of ``below`` and one more.

    >>> one_ring_more(0, 1), one_ring_more(1, 3), one_ring_more(1, 2), one_ring_more(3, 7)
    (True, True, False, True)
    """
    return above & below == below and bin(above).count("1") == bin(below).count("1") + 1


def tile_text(tile: Tile) -> str:
    return f"{tile[0]}-{tile[1]}"


def parse_tile(text: str) -> Tile:
    """Read ``a-b`` (either order) as a tile of the set.

    >>> parse_tile("6-3")
    (3, 6)
    """
    parts = text.strip().split("-") if isinstance(text, str) and len(text) <= MAX_MOVE_TEXT else []
    if len(parts) != 2 or not all(_NUMBER.fullmatch(p.strip()) for p in parts):
        raise NotationError(f"{excerpt(text)} is not a tile; write two numbers 0-7 joined by '-', e.g. '3-6'",
                            "タイルは 0〜7 の数字2つを「-」でつないで書きます(例: 3-6)。")
    a, b = sorted(int(p) for p in parts)
    if b > 7:
        raise NotationError(f"{excerpt(text)}: the numbers on a tile run from 0 to 7",
                            "タイルの数字は 0 から 7 までです。")
    return (a, b)


def _whole(value: Any) -> bool:
    """An int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def neighbours(cell: Cell) -> Iterator[Cell]:
    r, c = cell
    for dr, dc in DIRS:
        yield (r + dr, c + dc)


def adjacent(p: Cell, q: Cell) -> bool:
    return abs(p[0] - q[0]) + abs(p[1] - q[1]) == 1


class Place(NamedTuple):
    """A tile put down with the number ``first_value`` on cell ``first`` and
    ``second_value`` on ``second`` — the one move type of all four games.

    The form is canonical (the smaller number first; a double's cells in order), so each
    physical placement has exactly one ``Place`` and one text: ``"3-6 0,1 0,2"``.
    """

    first_value: int
    second_value: int
    first: Cell
    second: Cell

    @classmethod
    def make(cls, v1: int, v2: int, p: Cell, q: Cell) -> Place:
        if v1 > v2 or (v1 == v2 and q < p):
            v1, v2, p, q = v2, v1, q, p
        return cls(v1, v2, p, q)

    @property
    def tile(self) -> Tile:
        return (self.first_value, self.second_value)

    def text(self) -> str:
        return f"{self.first_value}-{self.second_value} {self.first[0]},{self.first[1]} {self.second[0]},{self.second[1]}"

    def __str__(self) -> str:
        return self.text()


class Pass(NamedTuple):
    """No placement is possible: draw a tile if the supply has one, and pass (The Tree)."""

    def text(self) -> str:
        return "pass"

    def __str__(self) -> str:
        return "pass"


#: The one ``Pass`` object the engine hands out (all passes are equal).
PASS = Pass()

# -- shared, immutable move objects -----------------------------------------------------------
# Legal move lists hold thousands of placements (a Dominup hand of 18 tiles on a big table), so
# each placement is made once and reused: for a tile, a placement is known by the ordered pair of
# cells (first, second) it covers, coded as one int whose order is the pair's order.  The pair
# code of cells p, q is ``key(p) << 22 | key(q)``, with ``key((r, c)) = (r + 1024) << 11 | (c + 1024)``
# (rows and columns between -1024 and 1023: the readable cells, ±999, fit).
_SHIFT = 22
_LOW = (1 << _SHIFT) - 1


def cell_key(cell: Cell) -> int:
    """An int that sorts like the cell ``(row, col)`` does."""
    return ((cell[0] + 1024) << 11) | (cell[1] + 1024)


def _key_cell(key: int) -> Cell:
    return ((key >> 11) - 1024, (key & 2047) - 1024)


def pair_key(p: Cell, q: Cell) -> int:
    """An int that sorts like the pair of cells ``(p, q)`` does."""
    return (cell_key(p) << _SHIFT) | cell_key(q)


def _swap(key: int) -> int:
    return ((key & _LOW) << _SHIFT) | (key >> _SHIFT)


#: Every placement made so far, each its own canonical value (``read_move`` knows them by identity).
_INTERNED: dict[Place, Place] = {}
#: At most this many placements are kept (then the store starts again; only speed depends on it).
_INTERNED_MAX = 200_000


class _TilePlaces(dict):  # type: ignore[type-arg]
    """For one tile ``a-b``: pair code of (first, second) → ``Place(a, b, first, second)``."""

    __slots__ = ("tile",)

    def __init__(self, tile: Tile) -> None:
        super().__init__()
        self.tile = tile

    def __missing__(self, key: int) -> Place:
        if len(_INTERNED) >= _INTERNED_MAX:
            _INTERNED.clear()
            for places in _PLACES.values():
                dict.clear(places)
        place = tuple.__new__(Place, (self.tile[0], self.tile[1], _key_cell(key >> _SHIFT), _key_cell(key & _LOW)))
        place = _INTERNED.setdefault(place, place)
        self[key] = place
        return place


#: tile → its placements by pair code (a double is only ever looked up by its canonical pair).
_PLACES: dict[Tile, _TilePlaces] = {t: _TilePlaces(t) for t in ((a, b) for a in range(8) for b in range(a, 8))}

#: The same table, for the games' quick move values (``PLACES[tile][code]``, ``code`` from
#: :meth:`Table.pair_codes` or :func:`pair_key`): read it, never write to it.
PLACES = _PLACES


def is_shared(move: object) -> bool:
    """Whether ``move`` is one of the engine's own placement objects (then it is exactly a
    well-formed, canonical :class:`Place`: the engine made it)."""
    try:
        return _INTERNED.get(move) is move  # type: ignore[call-overload]
    except TypeError:  # fields that cannot be hashed: certainly not one of ours
        return False


def shared_place(v1: int, v2: int, p: Cell, q: Cell) -> Place:
    """``Place.make(v1, v2, p, q)`` as a shared object (numbers 0-7, cells within ±1023)."""
    if v1 > v2 or (v1 == v2 and q < p):
        v1, v2, p, q = v2, v1, q, p
    return _PLACES[(v1, v2)][pair_key(p, q)]


def parse_move(text: str) -> Place | Pass:
    """Read ``a-b r,c r,c`` (number a on the first cell) or ``pass``.  Numbers are ASCII digits;
    a row or column runs from -999 to 999.

    >>> parse_move("6-3 0,2 0,1")
    Place(first_value=3, second_value=6, first=(0, 1), second=(0, 2))
    """
    if type(text) is str:  # a text read before reads the same (replays and saves repeat them)
        known = _PARSED.get(text)
        if known is not None:
            return known
    move = _parse_move(text)
    if type(text) is str and len(_PARSED) < _PARSED_MAX:
        _PARSED[text] = move
    return move


#: Texts read by :func:`parse_move`, with what they read as (values: reading is pure).
_PARSED: dict[str, Place | Pass] = {}
_PARSED_MAX = 100_000


def _parse_move(text: str) -> Place | Pass:
    if not isinstance(text, str):
        raise NotationError(f"a move is text, not {type(text).__name__}", "手は文字列で書きます。")
    if len(text) > MAX_MOVE_TEXT:
        raise NotationError(f"a move is at most {MAX_MOVE_TEXT} characters, not {len(text)}",
                            f"手の表記は{MAX_MOVE_TEXT}文字までです。")
    words = text.split()
    if words == ["pass"]:
        return PASS
    if len(words) != 3:
        raise NotationError(f"{excerpt(text)} is not a domino move; write 'a-b r,c r,c' (a on the first cell) or 'pass'",
                            "ドミノの手は「a-b 行,列 行,列」(数字 a を最初のマスに置く)か「pass」と書きます。")
    values = words[0].split("-")
    if len(values) != 2 or not all(_NUMBER.fullmatch(v) and int(v) <= 7 for v in values):
        raise NotationError(f"{excerpt(text)}: {excerpt(words[0])} is not a tile (two numbers 0-7 joined by '-')",
                            "タイルは 0〜7 の数字2つを「-」でつないで書きます(例: 3-6)。")
    cells = []
    for word in words[1:]:
        parts = word.split(",")
        if len(parts) != 2 or not all(_COORD.fullmatch(part) for part in parts):
            raise NotationError(f"{excerpt(text)}: {excerpt(word)} is not a cell 'row,col' "
                                f"(whole numbers from {-MAX_COORD} to {MAX_COORD})",
                                f"マスは「行,列」と、{-MAX_COORD}〜{MAX_COORD} の整数2つで書きます。")
        cells.append((int(parts[0]), int(parts[1])))
    if not adjacent(cells[0], cells[1]):
        raise NotationError(f"{excerpt(text)}: a tile covers two orthogonally adjacent cells",
                            "タイルは縦か横に隣り合う2マスを覆います。")
    return shared_place(int(values[0]), int(values[1]), cells[0], cells[1])


def read_place(move: Any) -> Place:
    """A placement given as text (``a-b r,c r,c``) or as a :class:`Place` that is exactly what
    its own text reads as (whole numbers, canonical); anything else raises NotationError.

    >>> read_place("3-6 0,0 0,1") == read_place(Place(3, 6, (0, 0), (0, 1)))
    True
    """
    if isinstance(move, str):
        parsed = parse_move(move)
    elif isinstance(move, Place):
        try:
            parsed = parse_move(move.text())
        except Exception:  # a field whose text fails (or is no move) makes no placement
            parsed = None
        if not same_value(parsed, move):
            raise NotationError(f"{excerpt(move)} is not a well-formed placement (numbers 0-7, two adjacent cells "
                                "of whole numbers, the smaller number first)",
                                "タイルの置き方の中身が正しくありません(0〜7 の数字と、隣り合う整数のマス2つ)。")
    else:
        raise NotationError(f"{excerpt(move)} is not a placement; write 'a-b r,c r,c'",
                            "タイルの置き方は「a-b 行,列 行,列」と書きます。")
    if not isinstance(parsed, Place):
        raise NotationError("a pass places no tile", "パスではタイルを置きません。")
    return parsed


def _merge(codes: list[int], gone: set[int], come: list[int]) -> list[int]:
    """The sorted ``codes`` without ``gone`` (all in it), with the sorted ``come`` merged in
    (none in it)."""
    out = codes.copy()
    for k in gone:
        del out[bisect_left(out, k)]
    if come:
        out += come
        out.sort()  # two sorted runs: one merge
    return out


_ROW = 1 << 11  # the cell code of the cell below is this much more


def _spot_changes(values: Mapping[Cell, int], a: Cell, b: Cell) -> tuple[set[int], set[int]]:
    """How the spots of a non-empty table change once a tile covers ``a`` and ``b`` (``values``:
    the table after it), as pair codes smaller cell first: (the spots on those cells, which go;
    the pairs of each empty cell they now touch, which come, some perhaps spots already)."""
    gone: set[int] = set()
    come: set[int] = set()
    for r, c in (a, b):
        k = ((r + 1024) << 11) | (c + 1024)
        gone.update(((k << _SHIFT) | (k + 1), (k << _SHIFT) | (k + _ROW),
                     ((k - 1) << _SHIFT) | k, ((k - _ROW) << _SHIFT) | k))
        for f in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)):
            if f in values:
                continue
            fr, fc = f
            k = ((fr + 1024) << 11) | (fc + 1024)
            if (fr, fc + 1) not in values:
                come.add((k << _SHIFT) | (k + 1))
            if (fr + 1, fc) not in values:
                come.add((k << _SHIFT) | (k + _ROW))
            if (fr, fc - 1) not in values:
                come.add(((k - 1) << _SHIFT) | k)
            if (fr - 1, fc) not in values:
                come.add(((k - _ROW) << _SHIFT) | k)
    return gone, come


class Table:
    """Halves on a flat square grid: cell → number, and which tile (by order placed) it belongs to."""

    # ``_spots``: the pair codes (smaller cell first) of :meth:`spots`; ``_one``: the same,
    # sorted; ``_both``: the codes of both orientations of every spot, sorted.  Each is worked
    # out once, then carried from a table to the next by :meth:`put` (only the pairs at the
    # cells a tile covers or newly touches change).  A table is a value once built: :meth:`put`
    # makes a new one.
    __slots__ = ("values", "tiles", "_spots", "_one", "_both", "_count")

    def __init__(self) -> None:
        self.values: dict[Cell, int] = {}
        self.tiles: dict[Cell, int] = {}
        self._spots: frozenset[int] | None = None
        self._one: list[int] | None = None
        self._both: list[int] | None = None
        self._count: int | None = None

    def copy(self) -> Table:
        t = Table()
        t.values = dict(self.values)
        t.tiles = dict(self.tiles)
        return t

    def put(self, move: Place) -> Table:
        t = Table.__new__(Table)
        t.values = values = dict(self.values)
        t.tiles = tiles = dict(self.tiles)
        index = self._count if self._count is not None else len(set(self.tiles.values()))
        values[move.first] = move.first_value
        values[move.second] = move.second_value
        tiles[move.first] = tiles[move.second] = index
        t._count = index + 1
        t._spots = t._one = t._both = None
        if self._spots is not None and self.values:
            gone, come = _spot_changes(values, move.first, move.second)
            come -= self._spots
            gone &= self._spots
            t._spots = (self._spots - gone) | come
            if self._both is not None:  # (a double's codes, rarely asked for, are sorted afresh)
                both_gone = set(gone)
                for k in gone:
                    both_gone.add(((k & _LOW) << _SHIFT) | (k >> _SHIFT))
                both_come = list(come)
                for k in come:
                    both_come.append(((k & _LOW) << _SHIFT) | (k >> _SHIFT))
                both_come.sort()
                t._both = _merge(self._both, both_gone, both_come)
        return t

    def _spot_codes(self) -> frozenset[int]:
        """The pair codes of :meth:`spots` (smaller cell first)."""
        if self._spots is None:
            self._spots = frozenset(pair_key(p, q) for p, q in self.spots())
        return self._spots

    def pair_codes(self, double: bool) -> list[int]:
        """The spots' pair codes, sorted: smaller cell first (for a double), or both ways (a
        code and a tile give the shared placement: ``PLACES[tile][code]``)."""
        if double:
            if self._one is None:
                self._one = sorted(self._spot_codes())
            return self._one
        if self._both is None:
            codes = self._spot_codes()
            self._both = sorted([*codes, *map(_swap, codes)])
        return self._both

    def placements_of(self, tiles: Iterable[Tile]) -> list[Place]:
        """Every placement on the :meth:`spots` of every tile of ``tiles`` (sorted, distinct
        tiles): the sorted union of :meth:`placements`, built from shared move objects."""
        out: list[Place] = []
        for tile in tiles:
            out.extend(map(_PLACES[tile].__getitem__, self.pair_codes(tile[0] == tile[1])))
        return out

    def frontier(self) -> set[Cell]:
        """Empty cells orthogonally next to a half on the table."""
        return {n for cell in self.values for n in neighbours(cell) if n not in self.values}

    def spots(self) -> list[tuple[Cell, Cell]]:
        """Every pair of adjacent empty cells a tile may cover: touching the table, or at the
        origin, lying either way, while the table is empty."""
        if not self.values:
            return [((0, 0), (0, 1)), ((0, 0), (1, 0))]
        out = set()
        for f in self.frontier():
            for n in neighbours(f):
                if n not in self.values:
                    out.add((min(f, n), max(f, n)))
        return sorted(out)

    def placements(self, tile: Tile, spots: list[tuple[Cell, Cell]] | None = None) -> list[Place]:
        """Every placement of ``tile`` on the :meth:`spots` (pass them in to reuse them)."""
        a, b = tile
        if spots is None and (a, b) in _PLACES:
            return self.placements_of([(a, b)])
        spots = self.spots() if spots is None else spots
        out = {Place.make(a, b, p, q) for p, q in spots} | {Place.make(b, a, p, q) for p, q in spots}
        return sorted(out)

    def can_take(self, move: Place) -> bool:
        """Whether ``move`` covers two empty cells that are one of the :meth:`spots`."""
        if move.first in self.values or move.second in self.values:
            return False
        if not self.values:
            return (min(move.first, move.second), max(move.first, move.second)) in self.spots()
        return self.touches(move)

    def placement_error(self, move: Place, section: str) -> IllegalMoveError | None:
        """Why ``move`` may not go on this table (the rule of Dominomega and Dominimum), or
        None when it may: on empty cells, touching the table (the first tile in the centre)."""
        covered = [value for cell, value in ((move.first, move.first_value), (move.second, move.second_value))
                   if cell in self.values]
        if len(covered) == 2:
            return IllegalMoveError(section, "そのマスにはすでにタイルがあります。タイルは空いているマスに置きます。",
                                    "That cell is already covered; a tile goes on empty cells.")
        if covered:  # (one half on an empty square, which may be the one clicked: the other is named)
            return IllegalMoveError(section, f"タイルの{covered[0]}の側を置くマスには、すでにタイルがあります。"
                                    "タイルは2マスとも空いているところに置きます。",
                                    f"The half {covered[0]} would cover a tile; both halves go on empty cells.")
        if not self.values:
            if self.can_take(move):
                return None
            return IllegalMoveError(section, "最初のタイルは、テーブルの中央に置きます。",
                                    "The first tile goes in the centre of the table.")
        if not self.touches(move):
            return IllegalMoveError(
                section, "置いてあるタイルのどれとも接していません。少なくとも1枚と縦か横で接するように置きます。",
                "The tile touches no tile on the table; it must touch at least one, side by side or end to end.")
        return None

    def touches(self, move: Place) -> bool:
        values = self.values
        if not values:
            return True
        for r, c in (move.first, move.second):
            if (r, c + 1) in values or (r + 1, c) in values or (r, c - 1) in values or (r - 1, c) in values:
                return True
        return False

    def groups(self, wanted: Callable[[int], bool]) -> list[list[Cell]]:
        """Orthogonally connected groups of halves whose number satisfies ``wanted``."""
        seen: set[Cell] = set()
        out = []
        for start in sorted(self.values):
            if start in seen or not wanted(self.values[start]):
                continue
            group, stack = [], [start]
            seen.add(start)
            while stack:
                cell = stack.pop()
                group.append(cell)
                for n in neighbours(cell):
                    if n in self.values and n not in seen and wanted(self.values[n]):
                        seen.add(n)
                        stack.append(n)
            out.append(sorted(group))
        return out

    def group_map(self, numbers: Collection[int]) -> tuple[dict[Cell, int], list[int]]:
        """The groups of halves showing any of ``numbers`` (as :meth:`groups` finds them), as
        a map for quick local estimates: each such half's cell → the index of its group, and
        each group's size (groups in no particular order).

        >>> index, sizes = Table.from_text("1 1 2 1").group_map({1})
        >>> index[(0, 0)] == index[(0, 1)] != index[(0, 3)], sorted(sizes)
        (True, [1, 2])
        """
        groups = self.groups(lambda v: v in numbers)
        index = {cell: g for g, group in enumerate(groups) for cell in group}
        return index, [len(group) for group in groups]

    # -- grid notation ---------------------------------------------------------------
    @classmethod
    def from_text(cls, text: str) -> Table:
        """Read grid notation: rows of ``.`` or 0–7; the top-left token is cell (0, 0).

        Which halves belong to one tile is not part of the notation: each half is its own
        piece for scoring purposes.
        """
        _check_text(text, "a grid", "テーブルの図")
        lines = [ln.split() for ln in text.strip("\n").splitlines()]
        lines = [ln for ln in lines if ln] if any(lines) else []
        if not lines:
            raise NotationError("the grid text is empty", "テーブルの図が空です。")
        width = len(lines[0])
        t = cls()
        for r, tokens in enumerate(lines):
            if len(tokens) != width:
                raise NotationError(f"row {r + 1} has {len(tokens)} cells but row 1 has {width}; a grid is a rectangle",
                                    f"{r + 1}行目のマスの数が1行目と違います。図は長方形に書きます。")
            for c, token in enumerate(tokens):
                if token == ".":
                    continue
                if len(token) != 1 or token not in "01234567":
                    raise NotationError(f"row {r + 1}, column {c + 1}: {excerpt(token)} is not '.' or a number 0-7",
                                        f"{r + 1}行目{c + 1}列目: マスは「.」か 0〜7 の数字で書きます。")
                t.values[(r, c)] = int(token)
                t.tiles[(r, c)] = len(t.tiles)
        return t

    def to_text(self) -> str:
        """Grid notation of the smallest rectangle holding every half."""
        if not self.values:
            return "."
        rows = [r for r, _ in self.values]
        cols = [c for _, c in self.values]
        return "\n".join(
            " ".join(str(self.values[(r, c)]) if (r, c) in self.values else "." for c in range(min(cols), max(cols) + 1))
            for r in range(min(rows), max(rows) + 1)
        )

    # -- real tiles ------------------------------------------------------------------
    @classmethod
    def from_tiles(cls, placed: Iterable[tuple[Tile, Cell, Cell]]) -> Table:
        """Lay real tiles of the set: each ``((a, b), cell_a, cell_b)`` puts the number ``a`` on
        ``cell_a`` and ``b`` on ``cell_b``.  Every tile of the 36 at most once, its two cells
        orthogonally adjacent, no cell covered twice; the table remembers which halves make
        one tile (pictures outline them).

        >>> t = Table.from_tiles([((3, 6), (0, 0), (0, 1)), ((6, 6), (1, 0), (1, 1))])
        >>> print(t.to_text())
        3 6
        6 6
        >>> Table.from_tiles([((1, 2), (0, 0), (0, 1)), ((2, 1), (1, 0), (1, 1))])
        Traceback (most recent call last):
        ...
        gamelib.core.NotationError: the tile 1-2 is used twice; the set has one of each
        """
        t = cls()
        used: set[Tile] = set()
        if isinstance(placed, (str, bytes)) or not isinstance(placed, Iterable):
            raise NotationError(f"tiles to lay are a list of ((a, b), cell, cell), not {type(placed).__name__}",
                                "並べるタイルは「(数字の組, マス, マス)」の並びで渡します。")
        for item in placed:
            try:
                (a, b), p, q = item
                p, q = tuple(p), tuple(q)
            except Exception:
                raise NotationError(f"{excerpt(item)} is not ((a, b), cell, cell)",
                                    "並べるタイルは「(数字の組, マス, マス)」で書きます。") from None
            if not all(_whole(v) and 0 <= v <= 7 for v in (a, b)):
                raise NotationError(f"{excerpt(a)}-{excerpt(b)} is not a tile of the set: the numbers run from 0 to 7",
                                    "タイルの数字は 0 から 7 までの整数です。")
            if not all(len(cell) == 2 and all(_whole(v) and abs(v) <= MAX_COORD for v in cell) for cell in (p, q)):
                raise NotationError(f"{excerpt(item)}: a cell is a pair of whole numbers from {-MAX_COORD} to {MAX_COORD}",
                                    f"マスは {-MAX_COORD}〜{MAX_COORD} の整数2つ(行と列)です。")
            tile = (min(a, b), max(a, b))
            if tile in used:
                raise NotationError(f"the tile {tile_text(tile)} is used twice; the set has one of each",
                                    f"{tile_text(tile)}が2回使われています。セットには各タイルが1枚ずつです。")
            if not adjacent(p, q):
                raise NotationError(f"the tile {tile_text(tile)} covers {p} and {q}, which are not orthogonally adjacent",
                                    f"{tile_text(tile)}の2マスが縦か横に隣り合っていません。")
            for cell in (p, q):
                if cell in t.values:
                    raise NotationError(f"the cell {cell} is covered twice",
                                        f"{cell[0]}行{cell[1]}列のマスが2回覆われています。")
            used.add(tile)
            t = t.put(Place.make(a, b, p, q))
        return t

    def pieces(self) -> list[Place] | None:
        """The tiles this table was laid from (one :class:`Place` each), or None when it was
        read from grid notation, which does not say which halves make a tile (see :func:`tiling`)."""
        by_index: dict[int, list[Cell]] = {}
        for cell, index in self.tiles.items():
            by_index.setdefault(index, []).append(cell)
        out = []
        for cells in by_index.values():
            if len(cells) != 2 or not adjacent(*cells):
                return None
            p, q = cells
            out.append(Place.make(self.values[p], self.values[q], p, q))
        return sorted(out)

    def is_connected(self) -> bool:
        """Whether every half is linked to every other through orthogonal neighbours (a table
        the games can reach is; a hand-made example should be too)."""
        return len(self.groups(lambda v: True)) <= 1


def touched_groups(index: Mapping[Cell, int], cells: Iterable[Cell]) -> set[int]:
    """The groups (indices of :meth:`Table.group_map`) that halves put on ``cells`` would join:
    those with a half orthogonally next to one of the cells.

    >>> index, _ = Table.from_text("1 . 1").group_map({1})
    >>> len(touched_groups(index, [(0, 1)])), touched_groups(index, [(1, 1)])
    (2, set())
    """
    return {index[n] for cell in cells for n in neighbours(cell) if n in index}


def tiling(table: Table, limit: int = 200_000) -> list[Place]:
    """Cut a table's halves into distinct real tiles: each half in exactly one tile of two
    orthogonally adjacent halves, no tile of the set twice.  Returns one such cutting (the
    pieces, canonical and sorted); raises :class:`NotationError` saying why there is none.

    >>> [p.text() for p in tiling(Table.from_text("1 1 3\\n. 4 3\\n. 4 ."))]
    ['1-1 0,0 0,1', '3-3 0,2 1,2', '4-4 1,1 2,1']
    >>> tiling(Table.from_text("1 1 1 1"))
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: no way to cut these halves into different tiles of the set (two adjacent halves each, no tile twice)
    """
    values = table.values
    cells = sorted(values)
    if len(cells) > HALVES:
        raise NotationError(f"the table has {len(cells)} halves; the 36 tiles of the set have {HALVES}",
                            f"半分の数が多すぎます。セットの36枚のタイルで{HALVES}個です。")
    if len(cells) % 2:
        raise NotationError(f"the table has {len(cells)} halves; whole tiles always make an even number",
                            "半分の数が奇数です。タイルは2つの半分でできているので、必ず偶数になります。")
    for cell in cells:
        if not any(n in values for n in neighbours(cell)):
            raise NotationError(f"the half {values[cell]} on row {cell[0] + 1}, column {cell[1] + 1} touches no other "
                                "half: it cannot be part of a tile",
                                f"{cell[0] + 1}行目{cell[1] + 1}列目の半分はほかのどの半分とも接していないので、"
                                "タイルの一部になれません。")
    for group in table.groups(lambda v: True):  # a chessboard colouring: each tile covers one of each
        dark = sum((r + c) % 2 for r, c in group)
        if 2 * dark != len(group):
            raise NotationError("no way to cut these halves into tiles of two adjacent halves "
                                f"(a connected part of {len(group)} halves has {dark} on dark squares)",
                                "隣り合う半分2つずつのタイルに切り分けることができません"
                                "(市松模様に塗ると、つながった部分の白と黒の数が違います)。")
    partner: dict[Cell, Cell] = {}
    used: set[Tile] = set()
    steps = 0

    def search(i: int) -> bool:
        nonlocal steps
        while i < len(cells) and cells[i] in partner:
            i += 1
        if i == len(cells):
            return True
        steps += 1
        if steps > limit:
            raise NotationError(f"gave up after {limit} steps looking for a way to cut the table into tiles",
                                "タイルへの切り分けを探しきれませんでした(探す手順が多すぎます)。")
        p = cells[i]
        for q in ((p[0], p[1] + 1), (p[0] + 1, p[1])):  # earlier cells are all taken
            if q in values and q not in partner:
                tile = (min(values[p], values[q]), max(values[p], values[q]))
                if tile in used:
                    continue
                partner[p], partner[q] = q, p
                used.add(tile)
                if search(i + 1):
                    return True
                del partner[p], partner[q]
                used.discard(tile)
        return False

    if not search(0):
        raise NotationError("no way to cut these halves into different tiles of the set "
                            "(two adjacent halves each, no tile twice)",
                            "この半分の並びは、セットの異なるタイル(隣り合う半分2つずつ、同じタイルは1回まで)に切り分けられません。")
    return sorted(Place.make(values[p], values[q], p, q) for p, q in partner.items() if p < q)


def parse_tiles(text: str) -> list[Tile]:
    """Read tiles written ``a-b`` and separated by spaces; each tile of the set at most once.

    >>> parse_tiles("0-0 3-6 7-7")
    [(0, 0), (3, 6), (7, 7)]
    >>> parse_tiles("3-6 6-3")
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: the tile 3-6 is listed twice; the set has one of each
    """
    if not _check_text(text, "a list of tiles", "タイルの並び").split():
        raise NotationError("no tiles: write them as 'a-b', separated by spaces",
                            "タイルがありません。「a-b」の形で、空白で区切って書きます。")
    out: list[Tile] = []
    for word in text.split():
        tile = parse_tile(word)
        if tile in out:
            raise NotationError(f"the tile {tile_text(tile)} is listed twice; the set has one of each",
                                f"{tile_text(tile)}が2回書かれています。セットには各タイルが1枚ずつです。")
        out.append(tile)
    return out


@positions.register("dominoes.table")
def _real_table(text: str) -> list[Place]:
    """A flat table in grid notation is real when its halves cut into distinct tiles."""
    return tiling(Table.from_text(text))


@positions.register("dominoes.tiles")
def _real_tiles(text: str) -> list[Tile]:
    """Tiles side by side: each a tile of the set (0 ≤ a ≤ b ≤ 7), none twice."""
    return parse_tiles(text)


def level_name(level: int) -> str:
    """A Dominup level in the book's words: the table, then 1段目, 2段目, …

    >>> level_name(0), level_name(2)
    ('テーブル', '2段目')
    """
    return "テーブル" if level == 0 else f"{level}段目"


def level_name_en(level: int) -> str:
    """:func:`level_name` in English."""
    return "the table" if level == 0 else f"level {level}"


class Stacks:
    """Tiles in levels (Dominup): for each cell, the halves stacked on it, bottom first."""

    # Worked out once and carried to the next stacks by :meth:`put`: ``_table`` (the table level,
    # unchanged by a climb), ``_climbs`` (pair code of two cells side by side, smaller first →
    # (tile, the climb onto them) for every place a tile could climb; only pairs at the cells a
    # tile covers change) and ``_count`` (tiles placed).
    __slots__ = ("cells", "_table", "_climbs", "_count")

    def __init__(self) -> None:
        self.cells: dict[Cell, tuple[tuple[int, int], ...]] = {}  # cell → ((value, tile index), …)
        self._table: Table | None = None
        self._climbs: dict[int, tuple[Tile, Place]] | None = None
        self._count: int | None = None

    def copy(self) -> Stacks:
        s = Stacks()
        s.cells = dict(self.cells)
        return s

    def _climb_at(self, p: Cell, q: Cell) -> tuple[Tile, Place] | None:
        """(tile, placement) of the climb onto the top halves of ``p`` and ``q`` (p < q, side by
        side), or None when they are not two tiles of one level."""
        sp, sq = self.cells.get(p), self.cells.get(q)
        if not sp or not sq or len(sp) != len(sq) or sp[-1][1] == sq[-1][1]:
            return None
        vp, vq = sp[-1][0], sq[-1][0]
        if vp <= vq:
            return (vp, vq), _PLACES[(vp, vq)][pair_key(p, q)]
        return (vq, vp), _PLACES[(vq, vp)][pair_key(q, p)]

    def climb_places(self) -> dict[int, tuple[Tile, Place]]:
        """Every place a tile could climb, whatever the hands: pair code → (tile, placement)."""
        if self._climbs is None:
            out = {}
            for p in self.cells:
                for q in ((p[0], p[1] + 1), (p[0] + 1, p[1])):
                    found = self._climb_at(p, q)
                    if found is not None:
                        out[pair_key(p, q)] = found
            self._climbs = out
        return self._climbs

    def top(self, cell: Cell) -> tuple[int, int, int] | None:
        """(level, value, tile index) of the highest half on ``cell``; level 0 is the table."""
        stack = self.cells.get(cell)
        if not stack:
            return None
        value, tile = stack[-1]
        return (len(stack) - 1, value, tile)

    def put(self, move: Place) -> Stacks:
        s = Stacks.__new__(Stacks)
        s.cells = cells = dict(self.cells)
        index = self._count if self._count is not None else len({t for stack in self.cells.values() for _, t in stack})
        a, b = move.first, move.second
        below_a, below_b = cells.get(a, ()), cells.get(b, ())
        cells[a] = below_a + ((move.first_value, index),)
        cells[b] = below_b + ((move.second_value, index),)
        s._count = index + 1
        s._table = None
        if self._table is not None:
            if not below_a and not below_b:
                s._table = self._table.put(move)
            elif len(below_a) == len(below_b):
                s._table = self._table
        s._climbs = None
        if self._climbs is not None:
            climbs = self._climbs.copy()
            near = []
            for cell in (a, b):
                r, c = cell
                k = ((r + 1024) << 11) | (c + 1024)
                for p, q, code in (((r, c - 1), cell, ((k - 1) << _SHIFT) | k),
                                   ((r - 1, c), cell, ((k - _ROW) << _SHIFT) | k),
                                   (cell, (r, c + 1), (k << _SHIFT) | (k + 1)),
                                   (cell, (r + 1, c), (k << _SHIFT) | (k + _ROW))):
                    climbs.pop(code, None)
                    near.append((p, q, code))
            for p, q, code in near:  # the climb onto p and q, if they are the top halves of two tiles of one level
                sp, sq = cells.get(p), cells.get(q)
                if not sp or not sq or len(sp) != len(sq) or sp[-1][1] == sq[-1][1]:
                    continue
                vp, vq = sp[-1][0], sq[-1][0]
                if vp <= vq:
                    climbs[code] = ((vp, vq), _PLACES[(vp, vq)][code])
                else:
                    climbs[code] = ((vq, vp), _PLACES[(vq, vp)][((code & _LOW) << _SHIFT) | (code >> _SHIFT)])
            s._climbs = climbs
        return s

    def level_of(self, move: Place) -> int | None:
        """The level ``move`` would rest at: 0 on the table, L+1 on two halves of level L."""
        a, b = self.cells.get(move.first), self.cells.get(move.second)
        if not a and not b:
            return 0
        if not a or not b or len(a) != len(b):
            return None
        return len(a)

    def table(self) -> Table:
        """The table level alone, as a flat :class:`Table` (worked out once: a value, never to
        be changed)."""
        if self._table is None:
            t = Table()
            for cell, stack in self.cells.items():
                t.values[cell] = stack[0][0]
                t.tiles[cell] = stack[0][1]
            self._table = t
        return self._table

    def climb_error(self, move: Place) -> IllegalMoveError | None:
        """Why ``move`` is not a climb (重ね置き), or None when it is one."""
        from .sections import DOMINUP_PLACEMENT as sec

        a, b = self.top(move.first), self.top(move.second)
        if a is None or b is None:
            return IllegalMoveError(sec, "重ね置きでは、タイルの2マスとも置いてあるタイルの上に載せます。",
                                    "A climbing tile rests on placed tiles with both halves.")
        if a[0] != b[0]:
            low, high = sorted((a[0], b[0]))
            return IllegalMoveError(sec, f"下の2マスの高さが違います({level_name(low)}と{level_name(high)})。"
                                         "重ね置きは同じ高さの2枚の上にします。",
                                    f"The halves below are at different levels ({level_name_en(low)} and "
                                    f"{level_name_en(high)}); a climbing tile rests on two tiles of one level.")
        if a[2] == b[2]:
            return IllegalMoveError(sec, "1枚のタイルの上だけには重ねられません。隣り合う2枚のタイルにまたがって載せます。",
                                    "A climbing tile must rest on two different tiles, not on one.")
        if (a[1], b[1]) != (move.first_value, move.second_value):
            return IllegalMoveError(
                sec, f"数字が下と一致しません(下は{a[1]}と{b[1]}、載せるのは{move.first_value}と{move.second_value})。",
                f"The numbers do not match those below ({a[1]} and {b[1]} below, "
                f"{move.first_value} and {move.second_value} on top).",
            )
        return None

    def climb(self, move: Place) -> Stacks:
        """The stacks after the climb ``move``; raises :class:`IllegalMoveError` if it is none."""
        error = self.climb_error(move) or self._tile_error(move)
        if error is not None:
            raise error
        return self.put(move)

    # -- building real positions ---------------------------------------------------------
    def placed(self) -> list[tuple[Place, int]]:
        """Every tile placed, in the order placed, with the level it rests at."""
        halves: dict[int, list[tuple[Cell, int, int]]] = {}
        for cell, stack in self.cells.items():
            for level, (value, index) in enumerate(stack):
                halves.setdefault(index, []).append((cell, value, level))
        out = []
        for index in sorted(halves):
            (p, vp, level), (q, vq, _) = sorted(halves[index])
            out.append((Place.make(vp, vq, p, q), level))
        return out

    def _tile_error(self, move: Place) -> IllegalMoveError | None:
        from .sections import DOMINUP_PLAY as sec

        if not self.cells and move.tile != (7, 7):
            return IllegalMoveError(sec, "最初に置くタイルはダブルの7です。", "The first tile placed is the double 7.")
        if any(m.tile == move.tile for m, _ in self.placed()):
            return IllegalMoveError(sec, f"{tile_text(move.tile)}はもう置いてあります。同じタイルはセットに1枚だけです。",
                                    f"{tile_text(move.tile)} is already placed; the set has one of each tile.")
        return None

    def expand_error(self, move: Place) -> IllegalMoveError | None:
        """Why ``move`` is not an expansion (拡張), or None when it is one."""
        from .sections import DOMINUP_PLACEMENT as sec

        if self.level_of(move) != 0 or not self.table().can_take(move):
            return IllegalMoveError(sec, "拡張では、テーブル上の空いたマスに、置いてあるタイルと縦か横で接するように置きます。",
                                    "An expansion goes on empty table cells next to a tile on the table.")
        return None

    def add(self, move: Place) -> Stacks:
        """The stacks after ``move`` placed as the rules allow: the double 7 first, then each
        tile of the set once, climbing onto two tiles of one level or expanding on the table.
        Raises :class:`IllegalMoveError` otherwise (a way to build the book's examples from
        real tiles).

        >>> s = Stacks().add(Place.make(7, 7, (0, 0), (0, 1))).add(Place.make(5, 3, (0, 2), (0, 3)))
        >>> print(s.add(Place.make(7, 5, (0, 1), (0, 2))).to_text())
        7 7^1 5^1 3
        """
        move = read_place(move)
        error = self._tile_error(move)
        if error is None and self.cells:
            error = self.climb_error(move) if self.level_of(move) else self.expand_error(move)
        if error is not None:
            raise error
        return self.put(move)

    @classmethod
    def build(cls, moves: Iterable[str | Place]) -> Stacks:
        """Tiles placed one after another with :meth:`add` (text ``a-b r,c r,c`` or :class:`Place`)."""
        s = cls()
        for move in moves:
            s = s.add(read_place(move))
        return s

    def moves_text(self) -> str:
        """The tiles in the order placed, one ``a-b r,c r,c`` a line: the position notation
        that :func:`check_stacks` reads."""
        return "\n".join(m.text() for m, _ in self.placed())

    def climbs(self, hand: Iterable[Tile]) -> list[Place]:
        """Every climb of a tile in ``hand``: onto two adjacent top halves of one level that
        belong to two different tiles, each half matching the number below it."""
        tiles = hand if isinstance(hand, (set, frozenset)) else set(hand)
        return sorted([place for tile, place in self.climb_places().values() if tile in tiles])

    def climb_tiles(self) -> set[Tile]:
        """The tiles that could climb somewhere, whoever holds them."""
        return {tile for tile, _ in self.climb_places().values()}

    def to_text(self) -> str:
        """Grid notation of the top halves, with each cell's level as a suffix when above 0:
        ``5`` on the table, ``5^1`` one level up."""
        if not self.cells:
            return "."
        rows = [r for r, _ in self.cells]
        cols = [c for _, c in self.cells]
        out = []
        for r in range(min(rows), max(rows) + 1):
            tokens = []
            for c in range(min(cols), max(cols) + 1):
                top = self.top((r, c))
                tokens.append("." if top is None else f"{top[1]}" + (f"^{top[0]}" if top[0] else ""))
            out.append(" ".join(tokens))
        return "\n".join(out)


# -- The Tree's brick rows --------------------------------------------------------------------
def _fits(value: int, below: int | None, above: int | None) -> bool:
    """The ring rule for one half: one ring more than the half below, one less than above."""
    return (below is None or one_ring_more(below, value)) and (above is None or one_ring_more(value, above))


#: (number below or None, number above or None) → bit mask of the numbers that fit between.
_FIT_MASKS: dict[tuple[int | None, int | None], int] = {
    (below, above): sum(1 << v for v in range(8) if _fits(v, below, above))
    for below in (None, *range(8)) for above in (None, *range(8))
}


def _slot_fits(left: int, right: int) -> tuple[tuple[Tile, bool], ...]:
    """The tiles that fit a slot whose halves may show the numbers of the masks ``left`` and
    ``right``, each with whether it lies turned round (its larger number on the left)."""
    return tuple(((min(a, b), max(a, b)), a > b) for a in range(8) if left >> a & 1 for b in range(8) if right >> b & 1)


#: (left mask, right mask) → :func:`_slot_fits`, filled as slots are met.
_SLOT_FITS: dict[tuple[int, int], tuple[tuple[Tile, bool], ...]] = {}


class Tree:
    """The tree's tiles as cells ``(row, x)`` → number; a value: :meth:`place` returns a new tree.

    >>> t = Tree().place(Place.make(1, 3, (1, 1), (1, 2)))  # a dot added to the blank
    >>> print(t.to_text())
    . 1 3
    0 0 .
    """

    # ``_open``: every empty brick slot with a half below it, worked out once and carried to the
    # next tree by :meth:`grow` (a tile changes only its own slot and the four touching it):
    # left cell → (numbers its left half may show, numbers its right half may show) as bit masks.
    __slots__ = ("cells", "_open")

    def __init__(self, cells: Mapping[Cell, int] | None = None) -> None:
        self.cells: dict[Cell, int] = dict(cells) if cells is not None else {(0, 0): 0, (0, 1): 0}
        self._open: dict[Cell, tuple[int, int]] | None = None

    def _slot_masks(self, row: int, x: int) -> tuple[int, int] | None:
        """What may go in the slot (row, x)-(row, x+1): None when it is taken or has nothing below."""
        cells = self.cells
        if (row, x) in cells or (row, x + 1) in cells:
            return None
        below0, below1 = cells.get((row - 1, x)), cells.get((row - 1, x + 1))
        if below0 is None and below1 is None:
            return None
        return (_FIT_MASKS[below0, cells.get((row + 1, x))], _FIT_MASKS[below1, cells.get((row + 1, x + 1))])

    def open_slots(self) -> dict[Cell, tuple[int, int]]:
        """Every slot a tile could go in, by its left cell, with the numbers each half may show
        (bit masks: bit n set when n fits)."""
        if self._open is None:
            out = {}
            for r, c in self.cells:
                slot = (r + 1, c if (c - r - 1) % 2 == 0 else c - 1)
                if slot not in out:
                    masks = self._slot_masks(*slot)
                    if masks is not None:
                        out[slot] = masks
            self._open = out
        return self._open

    def grow(self, move: Place) -> Tree:
        """The tree with ``move`` added, for a move already known to be legal (no checks)."""
        cells = dict(self.cells)
        cells[move.first] = move.first_value
        cells[move.second] = move.second_value
        tree = Tree.__new__(Tree)
        tree.cells = cells
        tree._open = None
        if self._open is not None:
            r, x = min(move.first, move.second)
            found = dict(self._open)
            for slot in ((r, x), (r + 1, x - 1), (r + 1, x + 1), (r - 1, x - 1), (r - 1, x + 1)):
                masks = tree._slot_masks(*slot)
                if masks is None:
                    found.pop(slot, None)
                else:
                    found[slot] = masks
            tree._open = found
        return tree

    def placements_of(self, tiles: Iterable[Tile]) -> list[Place]:
        """Every legal placement of every tile of ``tiles`` (sorted, distinct tiles): the sorted
        union of :meth:`placements`, built from shared move objects."""
        tiles = list(tiles)
        hand = set(tiles)
        found: dict[Tile, list[int]] = {}
        for (row, x), masks in self.open_slots().items():
            fits = _SLOT_FITS.get(masks)
            if fits is None:
                fits = _SLOT_FITS[masks] = _slot_fits(*masks)
            if not fits:
                continue
            left = ((row + 1024) << 11) | (x + 1024)
            for tile, swapped in fits:
                if tile in hand:
                    code = ((left + 1) << _SHIFT) | left if swapped else (left << _SHIFT) | (left + 1)
                    if tile in found:
                        found[tile].append(code)
                    else:
                        found[tile] = [code]
        out: list[Place] = []
        for tile in tiles:
            codes = found.get(tile)
            if codes:
                codes.sort()
                out.extend(map(_PLACES[tile].__getitem__, codes))
        return out

    def place(self, move: Place) -> Tree:
        """The tree with ``move`` added; raises :class:`IllegalMoveError` naming the rule
        (and when the tile is on the tree already: the set has one of each)."""
        from .sections import TREE_PLACEMENT

        move = read_place(move)
        error, _ = self.check(move)
        if error is None and move.tile in self.tiles():
            error = IllegalMoveError(TREE_PLACEMENT, f"{tile_text(move.tile)}はもう木にあります。同じタイルはセットに1枚だけです。",
                                     f"{tile_text(move.tile)} is on the tree already; the set has one of each tile.")
        if error is not None:
            raise error
        cells = dict(self.cells)
        cells[move.first] = move.first_value
        cells[move.second] = move.second_value
        return Tree(cells)

    def check(self, move: Place) -> tuple[IllegalMoveError | None, bool]:
        """(why ``move`` is illegal or None, whether it earns an extra turn)."""
        from . import rulings
        from .sections import TREE_PLACEMENT as sec

        r1, r2 = move.first[0], move.second[0]
        if r1 != r2:
            return IllegalMoveError(sec, "タイルは横向きに、行に沿って置きます。", "Tiles lie flat, along a row."), False
        if move.first[1] < move.second[1]:
            (r, x), left, right = move.first, move.first_value, move.second_value
        else:
            (r, x), left, right = move.second, move.second_value, move.first_value
        if r < 1 or (x - r) % 2:
            return IllegalMoveError(
                sec, "タイルは下のタイルに半分だけずらして(れんが積みのように)「上」に置きます。",
                "A tile goes 'above', shifted by half a tile from the ones below (like bricks).",
            ), False
        if (r, x) in self.cells or (r, x + 1) in self.cells:
            return IllegalMoveError(sec, "そこにはすでにタイルがあります。", "That place is already taken."), False
        below = [self.cells.get((r - 1, x)), self.cells.get((r - 1, x + 1))]
        if below == [None, None]:
            return IllegalMoveError(
                sec, "タイルは置いてあるタイルの「上」に、その半分に接するように置きます。",
                "A tile must go 'above' a placed tile, touching half of it.",
            ), False
        above = [self.cells.get((r + 1, x)), self.cells.get((r + 1, x + 1))]
        for value, low, high in ((left, below[0], above[0]), (right, below[1], above[1])):
            if low is not None and not one_ring_more(low, value):
                return IllegalMoveError(
                    sec,
                    f"{value}({ring_names(value)})は下の{low}({ring_names(low)})のリングにちょうど1つ足したものではありません。",
                    f"{value} is not {low} plus exactly one ring.",
                ), False
            if high is not None and not one_ring_more(value, high):
                return IllegalMoveError(
                    sec,
                    f"上の{high}({ring_names(high)})が、{value}({ring_names(value)})のリングにちょうど1つ足したものになりません。",
                    f"The {high} above is not {value} plus exactly one ring.",
                ), False
        on_two = None not in below
        inserted = above != [None, None]
        return None, rulings.tree_extra_turns(on_two, inserted) > 0

    def placements(self, tile: Tile) -> list[Place]:
        """Every legal placement of ``tile`` (the same rule as :meth:`check`, without the words)."""
        if tuple(tile) in _PLACES:
            return self.placements_of([tuple(tile)])
        cells = self.cells
        spots = {(r + 1, c if (c - r - 1) % 2 == 0 else c - 1) for r, c in cells}
        out = set()
        for row, x in spots:
            if (row, x) in cells or (row, x + 1) in cells:
                continue
            below = (cells.get((row - 1, x)), cells.get((row - 1, x + 1)))
            above = (cells.get((row + 1, x)), cells.get((row + 1, x + 1)))
            for left, right in {tile, tile[::-1]}:
                if _fits(left, below[0], above[0]) and _fits(right, below[1], above[1]):
                    out.add(Place.make(left, right, (row, x), (row, x + 1)))
        return sorted(out)


    @classmethod
    def build(cls, moves: Iterable[str | Place]) -> Tree:
        """The root, then each tile placed with :meth:`place` (text ``a-b r,x r,x`` or a
        :class:`Place`): a way to build the book's examples from real tiles only.

        >>> print(Tree.build(["4-1 1,-1 1,0", "5-3 2,0 2,1"]).to_text())
        . 5 3
        4 1 .
        . 0 0
        """
        tree = cls()
        for move in moves:
            tree = tree.place(read_place(move))
        return tree

    @staticmethod
    def slot(cell: Cell) -> Cell:
        """The left cell of the brick slot that holds ``cell`` (row r: x of r's parity)."""
        r, x = cell
        return (r, x if (x - r) % 2 == 0 else x - 1)

    def tiles(self) -> list[Tile]:
        """The tiles of the tree (each slot with both halves filled)."""
        out = []
        for (r, x), value in self.cells.items():
            if (x - r) % 2 == 0 and (r, x + 1) in self.cells:
                out.append(tuple(sorted((value, self.cells[(r, x + 1)]))))
        return sorted(out)  # type: ignore[arg-type]

    @classmethod
    def from_text(cls, text: str) -> Tree:
        """Read :meth:`to_text`'s notation: rows of ``.`` or 0–7, the top row first; the
        bottom row is row 0 and holds the root (two blanks) only, the root's left half at x = 0."""
        _check_text(text, "a tree", "木の図")
        lines = [ln.split() for ln in text.strip("\n").splitlines() if ln.strip()]
        if not lines:
            raise NotationError("the tree text is empty", "木の図が空です。")
        if len({len(ln) for ln in lines}) != 1:
            raise NotationError("every row of a tree must have the same number of cells",
                                "木の図は、どの行も同じ数のマスで書きます。")
        for ln in lines:
            for token in ln:
                if token != "." and (len(token) != 1 or token not in "01234567"):
                    raise NotationError(f"{excerpt(token)} is not '.' or a number 0-7",
                                        "マスは「.」か 0〜7 の数字で書きます。")
        bottom = lines[-1]
        filled = [i for i, token in enumerate(bottom) if token != "."]
        if len(filled) != 2 or filled[1] != filled[0] + 1 or any(bottom[i] != "0" for i in filled):
            raise NotationError("the bottom row (row 0) must hold the double blank, the starting tile, and nothing else",
                                "いちばん下の行(0行目)には、最初のタイルであるダブルの0だけを置きます。")
        x0 = filled[0]
        cells = {}
        for i, ln in enumerate(lines):
            r = len(lines) - 1 - i
            for j, token in enumerate(ln):
                if token != ".":
                    cells[(r, j - x0)] = int(token)
        return cls(cells)

    def to_text(self) -> str:
        """The tree, top row first, as numbers in brick rows (``.`` for a gap)."""
        rows = range(max(r for r, _ in self.cells), min(0, *(r for r, _ in self.cells)) - 1, -1)
        xs = [x for _, x in self.cells]
        lo, hi = min(xs), max(xs)
        return "\n".join(
            " ".join(str(self.cells[(r, x)]) if (r, x) in self.cells else "." for x in range(lo, hi + 1))
            for r in rows
        )



# -- real positions -------------------------------------------------------------------------
@positions.register("dominoes.stacks")
def check_stacks(text: str) -> list[Tile]:
    r"""A Dominup position (:meth:`Stacks.moves_text`: the tiles in the order placed) that real
    tiles can make: the double 7 first, every tile once, each later tile either on the table
    touching a table tile or climbing onto two tiles of one level with matching numbers.
    Returns the tiles.

    >>> check_stacks("7-7 0,0 0,1\n3-5 0,3 0,2\n5-7 0,2 0,1")
    [(7, 7), (3, 5), (5, 7)]
    >>> check_stacks("7-7 0,0 0,1\n5-7 0,2 0,1")
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: not a real Dominup position: tile 2 (5-7): An expansion goes on empty table cells next to a tile on the table.
    """
    lines = _check_text(text, "a Dominup position", "ドミナップの局面").strip().splitlines()
    if not lines:
        raise NotationError("a Dominup position lists its tiles, one 'a-b r,c r,c' a line",
                            "ドミナップの局面は、置いたタイルを1行に1枚「a-b 行,列 行,列」と書きます。")
    if len(lines) > len(TILES):
        raise NotationError(f"a Dominup position lists at most {len(TILES)} tiles, not {len(lines)}",
                            f"タイルは{len(TILES)}枚までです。")
    stacks = Stacks()
    for i, line in enumerate(lines, 1):
        move = parse_move(line)
        if not isinstance(move, Place):
            raise NotationError(f"line {i}: a position lists tiles, not passes",
                                f"{i}行目: 局面にはタイルを書きます。パスは書きません。")
        try:
            stacks = stacks.add(move)
        except IllegalMoveError as exc:
            raise NotationError(f"not a real Dominup position: tile {i} ({tile_text(move.tile)}): {exc.message_en}",
                                f"実際のタイルでは作れない局面です。{i}枚目({tile_text(move.tile)}): {exc.message_ja}") from None
    return [m.tile for m, _ in stacks.placed()]


@positions.register("dominoes.tree")
def check_tree(text: str) -> list[Tile]:
    r"""A tree (:meth:`Tree.to_text`) that real tiles can make: the double blank at the
    bottom, every half part of a whole tile in a brick slot, every tile of the set at most
    once, no tile floating (each tile above the root touches a tile in the row below), and
    the ring rule wherever a half lies on a half.  Such a tree can be grown row by row.
    Returns the tiles.

    >>> check_tree(". 1 3\n0 0 .")
    [(0, 0), (1, 3)]
    >>> check_tree("4 3 .\n. . .\n0 0 .")
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: not a real tree: the tile 4-3 in row 2 floats (no tile below it)
    """
    tree = Tree.from_text(text)
    cells = tree.cells
    for cell in sorted(cells):
        r, x = Tree.slot(cell)
        if (r, x) not in cells or (r, x + 1) not in cells:
            raise NotationError(f"not a real tree: a lone half {cells[cell]} in row {cell[0]} (a tile has two halves)",
                                f"実際のタイルでは作れない木です。{cell[0]}行目に、タイルの片方だけの半分({cells[cell]})があります。")
    tiles = tree.tiles()
    doubled = sorted({t for t in tiles if tiles.count(t) > 1})
    if doubled:
        raise NotationError(f"not a real tree: the set has one {tile_text(doubled[0])}, the tree shows it twice",
                            f"実際のタイルでは作れない木です。{tile_text(doubled[0])}はセットに1枚だけなのに、2回出てきます。")
    for (r, x), value in sorted(cells.items()):
        if r == 0 or (x - r) % 2:
            continue
        tile = tile_text((value, cells[(r, x + 1)]))
        if (r - 1, x) not in cells and (r - 1, x + 1) not in cells:
            raise NotationError(f"not a real tree: the tile {tile} in row {r} floats (no tile below it)",
                                f"実際のタイルでは作れない木です。{r}行目の{tile}の下にタイルがありません(宙に浮いています)。")
        for cell in ((r, x), (r, x + 1)):
            below = cells.get((cell[0] - 1, cell[1]))
            if below is not None and not one_ring_more(below, cells[cell]):
                raise NotationError(f"not a real tree: in row {r}, {cells[cell]} lies on {below}, "
                                    "which is not that number with exactly one ring less",
                                    f"実際のタイルでは作れない木です。{r}行目の{cells[cell]}が{below}の上にありますが、"
                                    f"{cells[cell]}は{below}のリングにちょうど1つ足したものではありません。")
    return tiles
