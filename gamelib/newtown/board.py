"""The map: the King's land and the land tiles on a grid of squares, and moving on it.

A map is written row by row, one token per square separated by spaces: a land's number, ``K``
for a square of the King's land, ``.`` for an empty square.

>>> board = Board.from_text("3 4 .\\nK K 5\\nK K 6")
>>> board.lands, sorted(board.neighbours[KING])
((0, 3, 4, 5, 6), [3, 4, 5, 6])
>>> board.costs(3, 2, blocked=set())
{0: 2, 4: 1}
>>> [problem[1] for problem in board.guideline_problems()]
[]
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..core import NotationError, excerpt
from . import rulings
from .data import Components

#: The King's land, as a land number inside the engine (its text form is ``K``).
KING = rulings.KING
#: The largest map read (squares each way) and the longest map text.
MAX_SIDE = 12
MAX_TEXT = 2000
Cell = tuple[int, int]


def land_name(land: int) -> str:
    """``K`` for the King's land, the number otherwise.

    >>> land_name(0), land_name(12)
    ('K', '12')
    """
    return "K" if land == KING else "-" if land < 0 else str(land)


def land_name_ja(land: int) -> str:
    return "王様の土地" if land == KING else f"土地{land}"


def land_name_en(land: int) -> str:
    return "the King's land" if land == KING else f"land {land}"


@dataclass(frozen=True)
class Board:
    """A map: which land covers which square, and what touches what."""

    cells: tuple[tuple[Cell, int], ...]  # (square, land), sorted by square

    # -- reading and writing ----------------------------------------------------------
    @classmethod
    def from_text(cls, text: object, kings_shape: Sequence[Cell] = ((0, 0), (0, 1), (1, 0), (1, 1))) -> Board:
        """Read a map; the King's land must be present, in its shape (``kings_shape``, any
        position), and each land number 3 to 18 appear at most once.

        >>> Board.from_text("3 3")
        Traceback (most recent call last):
        ...
        gamelib.core.NotationError: map: land 3 appears twice (each land tile is one square)
        """
        return _read(text, tuple(sorted(tuple(c) for c in kings_shape)))

    def to_text(self) -> str:
        """The map as rows of tokens, aligned (the form :meth:`from_text` reads)."""
        rows = [r for (r, _), _ in self.cells]
        cols = [c for (_, c), _ in self.cells]
        grid = dict(self.cells)
        lines = []
        for r in range(min(rows), max(rows) + 1):
            tokens = [land_name(grid[(r, c)]) if (r, c) in grid else "." for c in range(min(cols), max(cols) + 1)]
            lines.append(" ".join(t.rjust(2) for t in tokens).rstrip())
        return "\n".join(lines)

    # -- what touches what -----------------------------------------------------------
    @property
    def lands(self) -> tuple[int, ...]:
        """Every land on the map, the King's land (0) first."""
        return _lands(self)

    @property
    def numbered(self) -> tuple[int, ...]:
        """The land tiles (without the King's land)."""
        return tuple(x for x in self.lands if x != KING)

    @property
    def neighbours(self) -> dict[int, frozenset[int]]:
        """The lands each land touches along a side of a square."""
        return _neighbours(self)

    def squares(self, land: int) -> tuple[Cell, ...]:
        return tuple(cell for cell, x in self.cells if x == land)

    @property
    def lines(self) -> tuple[tuple[int, ...], ...]:
        """Every four land tiles in a straight row or column, side by side (the bonus 一列に4つ)."""
        return _patterns(self)[0]

    @property
    def blocks(self) -> tuple[tuple[int, ...], ...]:
        """Every four land tiles in a 2×2 square (the bonus 2×2に並んだ土地)."""
        return _patterns(self)[1]

    def connected(self) -> bool:
        """No detached land (飛び地): every land reachable from the King's land."""
        seen = {KING}
        todo = [KING]
        while todo:
            for y in self.neighbours[todo.pop()]:
                if y not in seen:
                    seen.add(y)
                    todo.append(y)
        return len(seen) == len(self.lands)

    def span(self) -> tuple[int, int]:
        """Rows and columns the map spans."""
        rows = [r for (r, _), _ in self.cells]
        cols = [c for (_, c), _ in self.cells]
        return max(rows) - min(rows) + 1, max(cols) - min(cols) + 1

    def guideline_problems(self) -> list[tuple[str, str]]:
        """The text's four layout guidelines that this map does not meet, as (Japanese,
        English) sentences; empty when it meets them all."""
        out = []
        kings = len(self.neighbours[KING])
        if kings < 4:
            out.append((f"王様の土地と隣り合う土地が{kings}つしかありません(最低4つ)。",
                        f"only {kings} lands touch the King's land (at least 4)"))
        lonely = [x for x in self.numbered if len(self.neighbours[x]) < 2]
        if lonely:
            out.append(("隣り合う土地が2つ未満の土地があります: " + "・".join(map(str, lonely)) + "。",
                        "lands touching fewer than two lands: " + ", ".join(map(str, lonely))))
        rows, cols = self.span()
        if rows > 6 or cols > 6:
            out.append((f"配置が{rows}×{cols}で、6×6に収まっていません。", f"the map spans {rows}x{cols}, more than 6x6"))
        if not self.connected():
            out.append(("飛び地があります。", "some lands are detached"))
        return out

    # -- moving ------------------------------------------------------------------------
    def costs(self, start: int, budget: int, blocked: Iterable[int]) -> dict[int, int]:
        """Where a craftsman on ``start`` can stop with ``budget`` green pips, and what it costs
        (the cheapest way; ruling :func:`.rulings.move_cost`): entering the King's land
        costs 2, any other step 1; lands in ``blocked`` (another craftsman stands there) may be
        passed through but not stopped on (the King's land is never blocked)."""
        stop_not = set(blocked) - {KING}
        best = _distances(self, start)
        return {x: d for x, d in best.items() if x != start and d <= budget and x not in stop_not}


def _read(text: object, shape: tuple[Cell, ...]) -> Board:
    if not isinstance(text, str):
        raise NotationError(f"a map is text (rows of land numbers, K and .), not {excerpt(text)}",
                            "地図は文字列で書きます(行ごとに土地の番号・K・. を空白で区切ります)。")
    if len(text) > MAX_TEXT:
        raise NotationError(f"a map is at most {MAX_TEXT} characters, not {len(text)}", "地図の表記が長すぎます。")
    rows = [line.split() for line in text.strip("\n").split("\n")]
    rows = [r for r in rows if r] if any(rows) else []
    if not rows or len(rows) > MAX_SIDE or any(len(r) > MAX_SIDE for r in rows):
        raise NotationError(f"a map has 1 to {MAX_SIDE} rows of at most {MAX_SIDE} squares",
                            f"地図は1から{MAX_SIDE}行、1行{MAX_SIDE}マスまでです。")
    cells: list[tuple[Cell, int]] = []
    seen: set[int] = set()
    kings: list[Cell] = []
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            if token == ".":
                continue
            if token == "K":
                kings.append((r, c))
                cells.append(((r, c), KING))
                continue
            if not (token.isascii() and token.isdigit() and len(token) <= 2 and 3 <= int(token) <= 18):
                raise NotationError(f"map: {excerpt(token)} is not a square (a land number 3 to 18, K or .)",
                                    f"地図のマス {excerpt(token)} が読めません(土地の番号3〜18・K・. のどれかです)。")
            land = int(token)
            if land in seen:
                raise NotationError(f"map: land {land} appears twice (each land tile is one square)",
                                    f"地図に土地{land}が2回あります(土地タイルは1マスずつです)。")
            seen.add(land)
            cells.append(((r, c), land))
    if not kings:
        raise NotationError("map: the King's land (K) is missing", "地図に王様の土地(K)がありません。")
    r0 = min(r for r, _ in kings)
    c0 = min(c for _, c in kings)
    if tuple(sorted((r - r0, c - c0) for r, c in kings)) != tuple(sorted((r - min(x for x, _ in shape),
                                                                        c - min(y for _, y in shape))
                                                                       for r, c in shape)):
        raise NotationError("map: the King's land (K) does not have its shape "
                            f"({len(shape)} squares: {excerpt(shape)})",
                            f"地図の王様の土地(K)の形が違います({len(shape)}マスの決まった形です)。")
    if not seen:
        raise NotationError("map: no land tile", "地図に土地タイルがありません。")
    return Board(tuple(sorted(cells)))


@lru_cache(maxsize=64)
def _lands(board: Board) -> tuple[int, ...]:
    return tuple(sorted({x for _, x in board.cells}))


@lru_cache(maxsize=64)
def _neighbours(board: Board) -> dict[int, frozenset[int]]:
    grid = dict(board.cells)
    out: dict[int, set[int]] = {x: set() for x in board.lands}
    for (r, c), x in board.cells:
        for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            y = grid.get(cell)
            if y is not None and y != x:
                out[x].add(y)
    return {x: frozenset(ys) for x, ys in out.items()}


@lru_cache(maxsize=64)
def _patterns(board: Board) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    grid = {cell: x for cell, x in board.cells if x != KING}
    lines, blocks = set(), set()
    for r, c in grid:
        for dr, dc in ((0, 1), (1, 0)):
            run = [grid.get((r + i * dr, c + i * dc)) for i in range(4)]
            if all(x is not None for x in run):
                lines.add(tuple(sorted(run)))  # type: ignore[arg-type]
        square = [grid.get(cell) for cell in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))]
        if all(x is not None for x in square):
            blocks.add(tuple(sorted(square)))  # type: ignore[arg-type]
    return tuple(sorted(lines)), tuple(sorted(blocks))


@lru_cache(maxsize=2048)
def _distances(board: Board, start: int) -> dict[int, int]:
    """The cheapest cost from ``start`` to every land (Dijkstra; the King's land costs
    :func:`.rulings.move_cost` to enter)."""
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        d, x = heapq.heappop(heap)
        if d > best[x]:
            continue
        for y in board.neighbours[x]:
            nd = d + rulings.move_cost(y)
            if nd < best.get(y, 1 << 30):
                best[y] = nd
                heapq.heappush(heap, (nd, y))
    return best


def default_board(c: Components) -> Board:
    return Board.from_text("\n".join(c.default_layout), c.kings_cells)


def random_board(rng: random.Random, c: Components, lands: Sequence[int] | None = None) -> Board:
    """A random map meeting the text's four guidelines: the King's land somewhere in a 6×6
    square, land tiles grown one by one next to what is placed (compact shapes are likelier),
    kept when every guideline holds; then the numbers shuffled onto the tiles.

    >>> from gamelib.newtown.data import components
    >>> board = random_board(random.Random(1), components())
    >>> len(board.numbered), board.guideline_problems()
    (16, [])
    """
    numbers = list(lands if lands is not None else sorted(c.lands))
    shape = c.kings_cells
    h = max(r for r, _ in shape) + 1
    w = max(col for _, col in shape) + 1
    for _ in range(10_000):
        r0, c0 = rng.randrange(7 - h), rng.randrange(7 - w)
        occupied = {(r0 + r, c0 + col) for r, col in shape}
        tiles: list[Cell] = []
        while len(tiles) < len(numbers):
            frontier: dict[Cell, int] = {}
            for r, col in occupied:
                for cell in ((r + 1, col), (r - 1, col), (r, col + 1), (r, col - 1)):
                    if cell not in occupied and 0 <= cell[0] < 6 and 0 <= cell[1] < 6:
                        frontier[cell] = frontier.get(cell, 0) + 1
            if not frontier:
                break
            choices = sorted(frontier)
            cell = rng.choices(choices, weights=[frontier[x] ** 3 for x in choices])[0]
            occupied.add(cell)
            tiles.append(cell)
        if len(tiles) < len(numbers):
            continue
        shuffled = numbers[:]
        rng.shuffle(shuffled)
        cells = [((r0 + r, c0 + col), KING) for r, col in shape] + list(zip(sorted(tiles), shuffled))
        top = min(r for (r, _), _ in cells)
        left = min(col for (_, col), _ in cells)
        board = Board(tuple(sorted(((r - top, col - left), x) for (r, col), x in cells)))
        if not board.guideline_problems():
            return board
    raise NotationError("no random map meets the guidelines", "条件を満たす地図が作れませんでした。")  # pragma: no cover
