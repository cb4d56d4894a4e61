"""Kingdomino pictures and the live board.

The drawing functions take a :class:`~widgets.surface.Surface`, so the same code draws the
SVG pictures of the book and the ipycanvas board.  :class:`KingdominoController` holds a
game and turns clicks into candidate moves; every legality question goes to ``gamelib``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from gamelib.kingdomino import DOMINOES, NAME_JA, Kingdom, KingdominoState, Move, rulings
from gamelib.kingdomino.dominoes import LETTER, CASTLE, FOREST, GRASSLAND, LAKE, MINE, SWAMP, WHEAT
from .controller import EITHER_SQUARE, HINT, PLAYER_COLOURS, PLAYER_NAMES, Action, BoardController, OptionControl, Step
from .reader import names
from .tables import board_table, board_tables
from .surface import Picture, Surface, SvgSurface, mark_rect, text_width

Cell = tuple[int, int]

TERRAIN_FILL = {
    WHEAT: "#f2cf4a",
    FOREST: "#2e7d32",
    LAKE: "#3b82c4",
    GRASSLAND: "#9ccc65",
    SWAMP: "#8d8660",
    MINE: "#5d4b3c",
}
#: The kanji drawn on each terrain square (the pictures speak Japanese).
TERRAIN_KANJI = {WHEAT: "麦", FOREST: "森", LAKE: "湖", GRASSLAND: "草", SWAMP: "沼", MINE: "鉱"}
#: Column names of the pictures' coordinates, left to right; rows are numbered 1, 2, … from the top.
COLUMN_NAMES = "アイウエオカキクケコサシスセソ"
LETTER_FILL = {WHEAT: "#6b5300", FOREST: "#d7f0d8", LAKE: "#e3f0fb", GRASSLAND: "#33561a", SWAMP: "#f1eee0", MINE: "#eee4da"}
EMPTY_FILL = "#f7f3e8"
OUTSIDE_SHADE = "rgba(90, 80, 60, 0.22)"  # over the grid: squares no domino may ever use
GRID = "#c9c2ae"
LEGAL = "#00a86b"
#: The frame of the domino to place when it can go nowhere (grey: nothing to click on it).
NOWHERE = "#9a9a9a"
WRONG = "#d62828"
DIRECTIONS: tuple[Cell, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIRECTION_NAMES = ("右", "下", "左", "上")
MIN_LABEL = 10  # px: no label of a picture is smaller
KANJI_LABEL = 12  # px: the terrain kanji on a square
#: px: squares smaller than this (the small kingdoms of a narrow board) show no kanji, and their
#: crowns as dots
SMALL_SQUARE = 16
#: px: a square of the domino to place drawn in its player's caption, turned as 「回転」 sets it
TURNED_SQUARE = 13


def cell_name(cell: Cell, origin: Cell = (0, 0)) -> str:
    """A cell as the book names it: column ア, イ, ウ… from the left, row 1, 2, 3… from the top,
    counted from ``origin`` (the top-left square of the picture).

    >>> cell_name((2, 2)), cell_name((0, 4)), cell_name((0, 0), origin=(-1, -2))
    ('ウ3', 'オ1', 'ウ2')
    """
    r, c = cell[0] - origin[0], cell[1] - origin[1]
    if not (0 <= r and 0 <= c < len(COLUMN_NAMES)):
        raise ValueError(f"cell {cell} lies above or left of the origin {origin}")
    return f"{COLUMN_NAMES[c]}{r + 1}"


def at(name: str) -> Cell:
    """The cell the book calls ``name`` (``'ウ3'``), counted from the top-left square.

    >>> at("ウ3"), at("ア1")
    ((2, 2), (0, 0))
    """
    column, row = name[0], name[1:]
    if column not in COLUMN_NAMES or not row.isdigit() or int(row) < 1:
        raise ValueError(f"{name!r} is not a cell name like 'ウ3'")
    return (int(row) - 1, COLUMN_NAMES.index(column))


# -- pieces ---------------------------------------------------------------------------
#: A crown's width as a part of its square's side, and the distance between two crowns' centres
#: in crown widths (the gap: 0.35 of a crown).
CROWN_SIDE = 0.25
CROWN_STEP = 1.35


def draw_crown(s: Surface, cx: float, cy: float, size: float) -> None:
    w, h = size, size * 0.7
    x0, y0 = cx - w / 2, cy - h / 2
    s.polygon(
        [(x0, y0 + h), (x0, y0 + h * 0.2), (x0 + w * 0.25, y0 + h * 0.55), (cx, y0),
         (x0 + w * 0.75, y0 + h * 0.55), (x0 + w, y0 + h * 0.2), (x0 + w, y0 + h)],
        fill="#ffd54a", stroke="#2b1d00", width=max(0.9, size * 0.11),
    )


def draw_square(s: Surface, x: float, y: float, size: float, terrain: int, crowns: int) -> None:
    """One square: terrain colour, its kanji, and its crowns along the top."""
    if terrain == CASTLE:
        s.rect(x, y, size, size, fill="#e8e4dc", stroke="#6d6a63", width=1)
        m = size * 0.2
        s.polygon(
            [(x + m, y + size - m), (x + m, y + m * 1.6), (x + size * 0.35, y + m * 1.6), (x + size * 0.35, y + m),
             (x + size * 0.65, y + m), (x + size * 0.65, y + m * 1.6), (x + size - m, y + m * 1.6),
             (x + size - m, y + size - m)],
            fill="#8a8580", stroke="#4a4743", width=0.8,
        )
        return
    s.rect(x, y, size, size, fill=TERRAIN_FILL[terrain], stroke="#3b3a36", width=0.6)
    if size < SMALL_SQUARE:  # a small kingdom of the narrow board: colours, and a dot for each crown
        for i in range(crowns):
            s.circle(x + size * (0.2 + 0.3 * i), y + size * 0.22, size * 0.13, fill="#ffd54a", stroke="#2b1d00",
                     width=0.5)
        return
    label = max(KANJI_LABEL, size * 0.36)
    s.text(x + size - 2, y + size - label * 0.62, TERRAIN_KANJI[terrain], size=label, fill=LETTER_FILL[terrain],
           anchor="end")
    # three crowns with a gap between each two, inside the square (a reader counted two crowns
    # that touched as three)
    crown = size * CROWN_SIDE
    for i in range(crowns):
        draw_crown(s, x + size * 0.035 + crown * (0.5 + CROWN_STEP * i), y + crown * 0.6, crown)


def draw_domino(s: Surface, x: float, y: float, size: float, number: int, vertical: bool = False) -> None:
    d = DOMINOES[number]
    draw_square(s, x, y, size, d.terrain1, d.crowns1)
    if vertical:
        draw_square(s, x, y + size, size, d.terrain2, d.crowns2)
        s.rect(x, y, size, 2 * size, stroke="#222", width=1.4)
    else:
        draw_square(s, x + size, y, size, d.terrain2, d.crowns2)
        s.rect(x, y, 2 * size, size, stroke="#222", width=1.4)


def draw_king(s: Surface, cx: float, cy: float, r: float, player: int) -> None:
    """A king: a disc of the player's colour with the colour's name (赤, 青, 緑, 黄) on it."""
    s.circle(cx, cy, r, fill=PLAYER_COLOURS[player], stroke="#111", width=1)
    s.text(cx, cy + 0.5, PLAYER_NAMES[player], size=max(MIN_LABEL, r * 1.2), fill="#fff", anchor="middle", bold=True)


DONE_FILL = "#ecebe6"


def draw_done_slot(s: Surface, x: float, y: float, size: float, discarded: bool = False) -> None:
    """A slot of the current row whose domino was already taken: an empty grey place, no king,
    and whether its domino went into a kingdom or was discarded."""
    s.rect(x, y, 2 * size, size, fill=DONE_FILL, stroke=GRID, width=1)
    # (12 px in a slot of 30: the book's rows beside a kingdom are shrunk into a phone's column)
    s.text(x + size, y + size / 2, "捨てた" if discarded else "置いた", size=max(MIN_LABEL, min(12, round(size * 0.4))),
           fill="#6d6a63", anchor="middle")


# -- kingdoms -------------------------------------------------------------------------
Grid = tuple[int, int, int, int]  # first and last row, first and last column (public cells)
Candidate = tuple[int, Cell, Cell]  # a domino laid on two cells: (number, first, second)


def _extent(kingdom: Kingdom, extra: Iterable[Cell] = ()) -> Grid:
    """Public rows and columns of the kingdom's text, grown to hold the extra cells."""
    r0, r1, c0, c1 = kingdom.text_box()
    for r, c in extra:
        r0, r1, c0, c1 = min(r0, r), max(r1, r), min(c0, c), max(c1, c)
    return r0, r1, c0, c1


def draw_kingdom_cells(s: Surface, kingdom: Kingdom, x: float, y: float, size: float,
                       rows: range, cols: range) -> None:
    """Empty squares and the kingdom's squares over the given public rows and columns."""
    filled = {cell: (t, c) for cell, t, c in kingdom.squares()}
    for i, r in enumerate(rows):
        for j, c in enumerate(cols):
            px, py = x + j * size, y + i * size
            if (r, c) in filled:
                draw_square(s, px, py, size, *filled[(r, c)])
            else:
                s.rect(px, py, size, size, fill=EMPTY_FILL, stroke=GRID, width=0.5)


COORD = 16  # room for the coordinates left of and above the grid
COORD_LABEL = 12  # their size
CAPTION = 24  # room for a caption above a panel


def _panel_size(grid: Grid, size: int, caption: str | bool) -> tuple[float, float]:
    """A panel's size: the grid with its coordinates, and a caption's line above it when there is
    one (a caption given as text also as wide as its words, which may be wider than the grid)."""
    r0, r1, c0, c1 = grid
    width = COORD + (c1 - c0 + 1) * size
    if isinstance(caption, str):
        width = max(width, COORD + 13 * len(caption) + 4)
    return width, COORD + (r1 - r0 + 1) * size + (CAPTION if caption else 0)


def _draw_panel(s: Surface, kingdom: Kingdom, x: float, y: float, size: int, grid: Grid,
                caption: str | None = None, caption_fill: str = "#222",
                candidate: Candidate | None = None) -> None:
    """A kingdom with its coordinates (columns ア, イ…, rows 1, 2…) and optionally a caption
    above and a domino laid on two cells, outlined green if gamelib accepts it, red with a
    cross if not."""
    r0, r1, c0, c1 = grid
    if caption:
        s.text(x + COORD, y + CAPTION / 2 - 2, caption, size=13, fill=caption_fill, bold=True)
        y += CAPTION
    gx, gy = x + COORD, y + COORD
    # (12 px: two panels side by side are shrunk into a phone's column, where 11 px read as 9)
    for j in range(c1 - c0 + 1):
        s.text(gx + (j + 0.5) * size, y + COORD / 2 - 1, COLUMN_NAMES[j], size=COORD_LABEL, fill="#555", anchor="middle")
    for i in range(r1 - r0 + 1):
        s.text(x + COORD / 2, gy + (i + 0.5) * size, str(i + 1), size=COORD_LABEL, fill="#555", anchor="middle")
    draw_kingdom_cells(s, kingdom, gx, gy, size, range(r0, r1 + 1), range(c0, c1 + 1))
    if candidate is None:
        return
    number, first, second = candidate
    legal = kingdom.can_place(number, first, second)
    d = DOMINOES[number]
    for (r, c), terrain, crowns in ((first, d.terrain1, d.crowns1), (second, d.terrain2, d.crowns2)):
        draw_square(s, gx + (c - c0) * size, gy + (r - r0) * size, size, terrain, crowns)
    xs = [gx + (c - c0) * size for _, c in (first, second)]
    ys = [gy + (r - r0) * size for r, _ in (first, second)]
    colour = LEGAL if legal else WRONG
    # (the frame stays clear of the coordinates beside the grid)
    s.rect(min(xs) - 1, min(ys) - 1, max(xs) - min(xs) + size + 2, max(ys) - min(ys) + size + 2, stroke=colour, width=3)
    if not legal:  # a cross on a white disc in the domino's lower left corner, clear of the terrain's
        # letter (lower right of a square) and the crowns (along its top)
        cx, cy, r = min(xs) + 9, max(ys) + size - 9, 7
        s.circle(cx, cy, r, fill="#ffffff", stroke=WRONG, width=1.5)
        s.line(cx - 3.8, cy - 3.8, cx + 3.8, cy + 3.8, stroke=WRONG, width=2.5)
        s.line(cx - 3.8, cy + 3.8, cx + 3.8, cy - 3.8, stroke=WRONG, width=2.5)


def kingdom_words(kingdom: Kingdom) -> str:
    """The kingdom in words for a picture's text form: one line per row, 城 for the castle,
    the terrain's kanji with a ★ per crown, □ for an empty square.

    >>> print(kingdom_words(Kingdom.from_text("W0 G1 . C")))
    麦 草★ □ 城
    """
    names = {"C": "城", ".": "□"}
    names.update({LETTER[t]: k for t, k in TERRAIN_KANJI.items()})
    rows = []
    for row in kingdom.to_text().splitlines():
        rows.append(" ".join(names[tok] if tok in names else names[tok[0]] + "★" * int(tok[1:]) for tok in row.split()))
    return "\n".join(rows)


def _position(kingdom: Kingdom) -> tuple[str, str]:
    return ("kingdomino.kingdom", kingdom.to_text())


def kingdom_picture(kingdom: Kingdom, size: int = 40, title: str | None = None, grid: Grid | None = None,
                    caption: str | None = None) -> Picture:
    """The kingdom as a picture with its coordinates; its text form is the kingdom's notation.

    ``grid`` (first and last row, first and last column) draws more than the kingdom's own
    rectangle, e.g. the whole 5×5 square the example is built in."""
    grid = grid or _extent(kingdom)
    w, h = _panel_size(grid, size, caption or False)
    pad = 6
    s = SvgSurface(w + 2 * pad, h + 2 * pad, title or caption or "王国")
    _draw_panel(s, kingdom, pad, pad, size, grid, caption)
    alt = (f"{caption}\n" if caption else "") + kingdom_words(kingdom)
    return Picture(s.svg(), alt, position=_position(kingdom))


def _placement_words(kingdom: Kingdom, candidate: Candidate, origin: Cell) -> str:
    number, first, second = candidate
    verdict = "置ける" if kingdom.can_place(number, first, second) else "置けない"
    return f"{number}番を{cell_name(first, origin)}・{cell_name(second, origin)}に: {verdict}"


def placement_picture(kingdom: Kingdom, number: int, first: Cell, second: Cell, size: int = 40,
                      grid: Grid | None = None) -> Picture:
    """The kingdom with domino ``number`` laid on (first, second), outlined green when
    ``gamelib`` accepts the placement and red (with a cross) when it does not."""
    return placements_picture(kingdom, [(number, first, second)], size=size, grid=grid)


def placements_picture(kingdom: Kingdom, candidates: Sequence[Candidate], captions: Sequence[str] | None = None,
                       size: int = 36, grid: Grid | None = None, per_row: int = 2) -> Picture:
    """One kingdom drawn once per candidate placement, ``per_row`` panels a row (left to
    right, then the next row: a narrow picture for phones), each marked ○ (gamelib
    accepts it) or × (it does not)."""
    cells = [c for _, a, b in candidates for c in (a, b)]
    grid = grid or _extent(kingdom, cells)
    captions = list(captions) if captions is not None else [""] * len(candidates)
    w, h = _panel_size(grid, size, True)
    gap, pad = 22, 6
    across = max(1, min(per_row, len(candidates)))
    down = (len(candidates) + across - 1) // across
    s = SvgSurface(across * (w + gap) - gap + 2 * pad, down * (h + gap) - gap + 2 * pad, "ドミノの配置")
    lines = []
    for i, (candidate, caption) in enumerate(zip(candidates, captions)):
        legal = kingdom.can_place(*candidate)
        label = f"{caption} {'○' if legal else '×'}".strip()
        x, y = pad + (i % across) * (w + gap), pad + (i // across) * (h + gap)
        _draw_panel(s, kingdom, x, y, size, grid, label, LEGAL if legal else WRONG, candidate)
        lines.append((f"{caption}: " if caption else "") + _placement_words(kingdom, candidate, (grid[0], grid[2])))
    return Picture(s.svg(), "\n".join(lines + [kingdom_words(kingdom)]), position=_position(kingdom))


def kingdoms_picture(kingdoms: Sequence[tuple[str, Kingdom]], size: int = 32, colours: Sequence[str] | None = None,
                     rows: int | None = None, cols: int | None = None, per_row: int | None = None) -> Picture:
    """Several players' kingdoms of one game side by side, each under its name; ``per_row``
    of them a row (all in one row by default; 1 stacks them, narrow enough for a phone at a
    size where crowns stay legible).

    The position is every kingdom in turn (``kingdomino.kingdoms``): together they must be
    made of distinct real dominoes.  ``rows`` and ``cols`` give every panel the same grid."""
    grids = []
    for _, k in kingdoms:
        r0, r1, c0, c1 = _extent(k)
        grids.append((r0, max(r1, r0 + (rows or 1) - 1), c0, max(c1, c0 + (cols or 1) - 1)))
    sizes = [_panel_size(grid, size, name) for (name, _), grid in zip(kingdoms, grids)]
    gap, pad = 28, 6
    per_row = per_row or len(kingdoms)
    lines = [list(range(i, min(i + per_row, len(kingdoms)))) for i in range(0, len(kingdoms), per_row)]
    widths = [sum(sizes[i][0] for i in line) + gap * (len(line) - 1) for line in lines]
    heights = [max(sizes[i][1] for i in line) for line in lines]
    s = SvgSurface(max(widths) + 2 * pad, sum(heights) + gap * (len(lines) - 1) + 2 * pad, "王国")
    y = pad
    for line, height in zip(lines, heights):
        x = pad
        for i in line:
            (name, k), grid, (w, _) = kingdoms[i], grids[i], sizes[i]
            _draw_panel(s, k, x, y, size, grid, name, colours[i] if colours else "#222")
            x += w + gap
        y += height + gap
    alt = "\n".join(f"{name}\n{kingdom_words(k)}" for name, k in kingdoms)
    text = "\n\n".join(k.to_text() for _, k in kingdoms)
    return Picture(s.svg(), alt, position=("kingdomino.kingdoms", text))


def _domino_words(number: int) -> str:
    d = DOMINOES[number]

    def half(t: int, c: int) -> str:
        return NAME_JA[t] + (f"(王冠{c})" if c else "")

    return f"{number}番 {half(d.terrain1, d.crowns1)}・{half(d.terrain2, d.crowns2)}"


def dominoes_picture(numbers: Sequence[int], per_row: int = 6, size: int = 28, kings: Mapping[int, int] | None = None,
                     position: tuple[str, str] | None = None) -> Picture:
    """Dominoes side by side with their numbers (and, optionally, a king on some)."""
    numbers = list(numbers)
    kings = dict(kings or {})
    col_w, row_h = 2 * size + 24, size + 24
    n_rows = (len(numbers) + per_row - 1) // per_row
    s = SvgSurface(min(len(numbers), per_row) * col_w + 8, n_rows * row_h + 8, "ドミノ")
    for i, number in enumerate(numbers):
        x, y = 8 + (i % per_row) * col_w, 20 + (i // per_row) * row_h
        s.text(x + size, y - 9, str(number), size=12, fill="#333", anchor="middle", bold=True)
        draw_domino(s, x, y, size, number)
        if number in kings:
            draw_king(s, x + size, y + size / 2, size * 0.36, kings[number])
    alt = "\n".join(_domino_words(n) + (f" {PLAYER_NAMES[kings[n]]}の国王" if n in kings else "") for n in numbers)
    return Picture(s.svg(), alt, position=position or ("kingdomino.dominoes", " ".join(map(str, numbers))))


def rows_picture(state: KingdominoState, player: int | None = None, size: int = 30) -> Picture:
    """The two rows of a game (今の列 with its kings, 新しい列), and optionally one
    player's kingdom beside them; the position is the whole game, saved."""
    row_h = size + 16
    rows_w = 2 * (2 * size + 70)
    height = 28 + 4 * row_h
    grid = None
    if player is not None:
        grid = _extent(state.kingdoms[player])
        kw, kh = _panel_size(grid, size, True)
        height = max(height, kh + 12)
    width = rows_w + (kw + 30 if player is not None else 0) + 8
    s = SvgSurface(width, height, "ドミノの列")
    for column, (title, slots) in enumerate((("今の列", state.row), ("新しい列", state.next_row))):
        x0 = 8 + column * (2 * size + 70)
        s.text(x0, 14, title, size=13, bold=True)
        for i, slot in enumerate(slots):
            x, y = x0 + 26, 30 + i * row_h
            s.text(x - 6, y + size / 2, str(slot.number), size=12, anchor="end", bold=True)
            if column == 0 and state.slot_done(i):
                draw_done_slot(s, x, y, size)
                continue
            draw_domino(s, x, y, size, slot.number)
            if slot.king is not None:
                draw_king(s, x + 2 * size + 14, y + size / 2, 10, state.king_owner(slot.king))
    lines = _rows_words(state)
    if player is not None and grid is not None:
        kingdom = state.kingdoms[player]
        _draw_panel(s, kingdom, rows_w + 30, 6, size, grid, f"{PLAYER_NAMES[player]}の王国", PLAYER_COLOURS[player])
        lines += [f"{PLAYER_NAMES[player]}の王国", kingdom_words(kingdom)]
    return Picture(s.svg(), "\n".join(lines), position=("save", state.to_json()))


# -- the whole board ------------------------------------------------------------------
@dataclass(frozen=True)
class Layout:
    """Where everything of a board sits; used both to draw and to read clicks.

    Wide: the two rows on the left, the kingdoms two to a row beside them. Narrow (a phone,
    ``stacked``): the rows across the top, one kingdom large under them (``focus``: the one
    a person plays on) and the others small in a line under it, where a tap enlarges one.
    """

    players: int
    size: int
    cell: int = 24
    domino: int = 28
    rows_x: int = 12
    rows_y: int = 46
    row_gap: int = 40
    panel_x: int = 250
    #: A narrow screen (a phone): the rows across the top, the kingdoms under them.
    stacked: bool = False
    #: On a narrow screen, the kingdom drawn large (the others are small).
    focus: int = 0
    #: On a narrow screen, the width the page gives the board (between NARROW and NARROW_MAX).
    narrow_width: int = 336

    #: narrow: the least and the most width of the board, where each row's dominoes begin
    NARROW: ClassVar[int] = 336
    NARROW_MAX: ClassVar[int] = 400
    ROW_TOPS: ClassVar[tuple[int, int]] = (44, 128)

    @property
    def slot_step(self) -> int:
        """Narrow screen: the distance between two slots of a row (four across the width)."""
        return (self.width - 16) // 4

    @property
    def window(self) -> int:
        return 2 * self.size - 1

    @property
    def panel_w(self) -> int:
        return self.window * self.cell + 24

    @property
    def panel_h(self) -> int:
        return self.window * self.cell + 48

    @property
    def rows_bottom(self) -> int:
        if self.stacked:
            return self.ROW_TOPS[1] + self.domino + 12
        return self.rows_y + 4 * self.row_gap + 60

    @property
    def others(self) -> list[int]:
        """The kingdoms drawn small (narrow screen), left to right."""
        return [p for p in range(self.players) if p != self.focus] if self.stacked else []

    @property
    def small_w(self) -> int:
        """Narrow screen: the width of a small kingdom's frame."""
        return (self.width - 8) // max(1, len(self.others))

    @property
    def small(self) -> int:
        """Narrow screen: the side of a square of a small kingdom."""
        return max(6, min(12, (self.small_w - 12) // self.window))

    @property
    def small_h(self) -> int:
        return self.window * self.small + 34

    @property
    def width(self) -> int:
        if self.stacked:
            return max(self.narrow_width, self.rows_x + self.panel_w + 12)
        return self.panel_x + 2 * self.panel_w + 12

    @property
    def height(self) -> int:
        """As tall as the rows or the kingdoms, two to a row (two players: one row); on a narrow
        screen the rows, the large kingdom and the line of small ones."""
        if self.stacked:
            return self.rows_bottom + self.panel_h + self.small_h + 22
        return max(self.rows_bottom, (self.players + 1) // 2 * self.panel_h + 20)

    def is_small(self, player: int) -> bool:
        return self.stacked and player != self.focus

    def cell_of(self, player: int) -> int:
        """The side of a square of ``player``'s kingdom."""
        return self.small if self.is_small(player) else self.cell

    def panel(self, player: int) -> tuple[int, int]:
        if self.stacked:
            if player == self.focus:
                return (self.width - self.panel_w) // 2, self.rows_bottom
            return 4 + self.others.index(player) * self.small_w, self.rows_bottom + self.panel_h
        return self.panel_x + (player % 2) * self.panel_w, 10 + (player // 2) * self.panel_h

    def panel_size(self, player: int) -> tuple[int, int]:
        return (self.small_w, self.small_h) if self.is_small(player) else (self.panel_w, self.panel_h)

    def caption_xy(self, player: int) -> tuple[int, int, int]:
        """Where the caption (name and points) of a kingdom goes, and its size."""
        px, py = self.panel(player)
        return (px + 9, py + 19, 12) if self.is_small(player) else (px + 12, py + 20, 14)

    def cell_xy(self, player: int, cell: Cell) -> tuple[int, int]:
        px, py = self.panel(player)
        reach = self.size - 1
        if self.is_small(player):
            x0 = px + (self.small_w - self.window * self.small) // 2
            return x0 + (cell[1] + reach) * self.small, py + 28 + (cell[0] + reach) * self.small
        return px + 12 + (cell[1] + reach) * self.cell, py + 36 + (cell[0] + reach) * self.cell

    def slot_xy(self, column: int, index: int) -> tuple[int, int]:
        """Top-left of domino ``index`` of the current row (column 0) or the new row (1)."""
        if self.stacked:
            return 8 + index * self.slot_step, self.ROW_TOPS[column]
        return self.rows_x + 22 + column * 110, self.rows_y + 20 + index * self.row_gap

    def row_label_xy(self, column: int) -> tuple[int, int]:
        """Where 「今の列」 (column 0) and 「新しい列」 (1) are written."""
        if self.stacked:
            return 8, self.ROW_TOPS[column] - 34
        return self.rows_x + column * 110, 18

    def number_xy(self, x: int, y: int) -> tuple[float, float, str]:
        """Where the number of the domino at (x, y) is written, and its anchor."""
        if self.stacked:
            return x, y - 13, "start"
        return x - 9, y + self.domino / 2, "end"

    def deck_xy(self) -> tuple[float, float, str]:
        """Where the number of dominoes left in the deck is written."""
        if self.stacked:
            return self.width - 8, self.row_label_xy(1)[1], "end"
        return self.rows_x, self.rows_y + 4 * self.row_gap + 30, "start"

    def slot_frame(self, x: int, y: int) -> tuple[float, float, float, float]:
        """The frame of the mark of the last claim: the domino, its number and the king."""
        if self.stacked:
            return x - 6, y - 24, min(2 * self.domino + 36, self.slot_step - 2), self.domino + 32
        return x - 5, y - 4, 2 * self.domino + 34, self.domino + 8

    def king_xy(self, x: int, y: int) -> tuple[float, float, float]:
        """Where the king on the domino at (x, y) stands, and its radius (on a narrow screen a
        little closer and smaller, inside the slot's frame)."""
        if self.stacked:
            return x + 2 * self.domino + 10, y + self.domino / 2, 8
        return x + 2 * self.domino + 12, y + self.domino / 2, 9

    def turned_box(self, player: int) -> tuple[float, float, int, tuple[float, float], str]:
        """Where ``player``'s domino to place is drawn turned (:func:`draw_turned`): the top left
        of the square of two sides it stands in, the side of one of its squares, where its label
        ends (centred) and the label.  Wide: under the last slot of the rows, beside the deck.
        Narrow: in the top right corner of the large kingdom's frame, where two squares stand
        between the frame's top (4, 2 px wide) and the grid (36), their green outline clear of both."""
        if self.stacked:
            px, py = self.panel(player)
            side = TURNED_SQUARE
            x = px + self.panel_w - 12 - 2 * side
            return x, py + 8, side, (x - 4, py + 20), "向き"
        side = 20
        x, y = self.rows_x + 150, self.slot_xy(0, 3)[1] + self.domino + 12
        return x, y, side, (x - 6, y + side), "置く向き"

    def hit(self, x: float, y: float) -> tuple[Any, ...] | None:
        for column in (0, 1):
            for index in range(4):
                sx, sy = self.slot_xy(column, index)
                if self.stacked:
                    inside = sx - 4 <= x <= sx + 2 * self.domino + 22 and sy - 24 <= y <= sy + self.domino + 4
                else:
                    inside = sx - 22 <= x <= sx + 2 * self.domino + 22 and sy - 4 <= y <= sy + self.domino + 4
                if inside:
                    return ("row" if column == 0 else "next", index)
        reach = self.size - 1
        for player in range(self.players):
            if self.is_small(player):
                px, py = self.panel(player)
                if px <= x < px + self.small_w and py <= y < py + self.small_h:
                    return ("kingdom", player)
                continue
            x0, y0 = self.cell_xy(player, (-reach, -reach))
            if x0 <= x < x0 + self.window * self.cell and y0 <= y < y0 + self.window * self.cell:
                return ("cell", player, (int((y - y0) // self.cell) - reach, int((x - x0) // self.cell) - reach))
        return None


def draw_background(s: Surface, layout: Layout, still: bool = False) -> None:
    """What changes only with a new game (and on a narrow screen with the large kingdom):
    frames, titles and every kingdom's empty grid; on a live board's phone layout, that a small
    kingdom shows large when pressed (not on a ``still`` picture, where nothing can be pressed)."""
    s.rect(0, 0, layout.width, layout.height, fill="#fbf8f1")
    for column, label in enumerate(("今の列", "新しい列")):
        s.text(*layout.row_label_xy(column), label, size=13, bold=True)
    if layout.others and not still:
        s.text(layout.width / 2, layout.height - 8, "小さな王国を押すと大きく表示します", size=11, fill="#555",
               anchor="middle")
    reach = layout.size - 1
    for p in range(layout.players):
        px, py = layout.panel(p)
        pw, ph = layout.panel_size(p)
        cell = layout.cell_of(p)
        side = layout.window * cell
        s.rect(px + 4, py + 4, pw - 8, ph - 8, fill="#fffdf8", stroke=PLAYER_COLOURS[p], width=2)
        x0, y0 = layout.cell_xy(p, (-reach, -reach))
        s.rect(x0, y0, side, side, fill=EMPTY_FILL)
        for i in range(layout.window + 1):
            s.line(x0 + i * cell, y0, x0 + i * cell, y0 + side, stroke=GRID, width=0.5)
            s.line(x0, y0 + i * cell, x0 + side, y0 + i * cell, stroke=GRID, width=0.5)


def draw_state(s: Surface, layout: Layout, state: KingdominoState, targets: Iterable[Cell] = (),
               pending: Cell | None = None, direction: int = 0, last_error: Iterable[Cell] = (),
               claimable: Iterable[int] = (), discarded: Iterable[int] = (), turned: bool = False,
               placeable: bool = True) -> None:
    """Rows with kings, every kingdom (shaded where no square may ever go), scores, and
    the current player's legal targets (squares, or the dominoes ``claimable`` of the new row);
    the current row's slots whose domino was ``discarded`` (numbers) say so.  In a dynasty
    each kingdom's caption gives the points of the game on the table and, from the second
    game on, the total so far.  ``turned``: the domino to place is also drawn the way
    ``direction`` lays it (:func:`draw_turned`).  ``placeable`` false: the domino to place can go
    nowhere (it can only be discarded), and its frame is grey, not the green of a thing to click."""
    claimable, discarded = set(claimable), set(discarded)
    current = state.current_player
    scores, game = state.scores(), state.game_scores()
    for column, slots in ((0, state.row), (1, state.next_row)):
        if not slots and (column == 1 or not state.is_over()):  # (at the end: a blank band had stood there)
            draw_empty_row(s, layout, column, over=state.is_over())
        for index, slot in enumerate(slots):
            x, y = layout.slot_xy(column, index)
            nx, ny, anchor = layout.number_xy(x, y)
            s.text(nx, ny, str(slot.number), size=11, anchor=anchor, bold=True)
            if column == 0 and state.slot_done(index):
                draw_done_slot(s, x, y, layout.domino, slot.number in discarded)
                continue
            draw_domino(s, x, y, layout.domino, slot.number)
            if slot.king is not None:
                draw_king(s, *layout.king_xy(x, y), state.king_owner(slot.king))
            if column == 0 and index == state.turn and state.phase == "place" and not state.claim_queue:
                s.rect(x - 3, y - 3, 2 * layout.domino + 6, layout.domino + 6, stroke=LEGAL if placeable else NOWHERE,
                       width=3)
            if column == 1 and slot.number in claimable:
                s.rect(x - 3, y - 3, 2 * layout.domino + 6, layout.domino + 6, stroke=LEGAL, width=2)
    if state.deck:
        dx, dy, anchor = layout.deck_xy()
        s.text(dx, dy, f"山札の残り{len(state.deck)}枚", size=12, anchor=anchor)
    targets = set(targets)
    reach = layout.size - 1
    for p, kingdom in enumerate(state.kingdoms):
        cx, cy, size = layout.caption_xy(p)
        marker = "▶ " if p == current else ""
        total = "" if not state.past else f"(計{scores[p]}点)" if layout.is_small(p) else f"(合計{scores[p]}点)"
        # the winner's kingdom says so, as the status does (a tester looked for it on the board)
        won = "(勝者)" if state.is_over() and p in state.winners() else ""
        caption = f"{marker}{PLAYER_NAMES[p]}: {game[p]}点{total}{won}"
        s.text(cx, cy, caption, size=size, fill=PLAYER_COLOURS[p], bold=p == current or bool(won),
               fit=layout.panel_size(p)[0] - 2 * (cx - layout.panel(p)[0]))
        if turned and p == current and not layout.is_small(p) and state.current_domino is not None:
            draw_turned(s, layout, p, state.current_domino, direction, cx + text_width(caption, size))
        side = layout.cell_of(p)
        rlo, rhi, clo, chi = rulings.allowed_span(kingdom.span(), kingdom.size)
        filled = {cell: (t, c) for cell, t, c in kingdom.squares()}
        for r in range(-reach, reach + 1):
            for c in range(-reach, reach + 1):
                x, y = layout.cell_xy(p, (r, c))
                if (r, c) in filled:
                    draw_square(s, x, y, side, *filled[(r, c)])
                elif not (rlo <= r <= rhi and clo <= c <= chi):
                    s.rect(x, y, side, side, fill=OUTSIDE_SHADE)
        if p == current and not layout.is_small(p):
            for cell in sorted(targets):
                x, y = layout.cell_xy(p, cell)
                s.rect(x + 2, y + 2, side - 4, side - 4, stroke=LEGAL, width=2)
                dr, dc = DIRECTIONS[direction]
                s.line(x + side / 2, y + side / 2, x + side / 2 + dc * side / 3,
                       y + side / 2 + dr * side / 3, stroke=LEGAL, width=2)
            for cell in last_error:  # both squares of the refused placement, where they lie on the grid
                if max(abs(cell[0]), abs(cell[1])) <= reach:
                    x, y = layout.cell_xy(p, cell)
                    s.rect(x + 1, y + 1, side - 2, side - 2, stroke=WRONG, width=3)


#: What an empty row's place says: the current row before the first round's kings stand on
#: anything (column 0), the new row once the deck is out (1).  Wide: two short lines in the
#: row's column; narrow: two lines across the band (a tester found a blank band at the start).
EMPTY_ROW_WORDS = {
    (0, False): ("まだありません", "(最初のラウンド)"),
    (1, False): ("もうありません", "(最後のラウンド)"),
    (0, True): ("まだありません(最初のラウンド)。", "各自、新しい列のドミノを1枚選んで国王を乗せます。"),
    (1, True): ("もうありません(山札がなくなりました)。", "今の列のドミノを置き終えたら、このゲームは終わりです。"),
    "over": ("もうありません", "(ゲーム終了)"),
}


def draw_empty_row(s: Surface, layout: Layout, column: int, over: bool = False) -> None:
    lines = EMPTY_ROW_WORDS["over" if over else (column, layout.stacked)]
    x, y = layout.slot_xy(column, 0)
    if layout.stacked:
        size, top, room = 12, y + 4, layout.width - 2 * x
    else:
        x, size, top, room = layout.row_label_xy(column)[0], 11, y + 12, 104
    for i, line in enumerate(lines):
        s.text(x, top + i * (size + 6), line, size=size, fill="#555", fit=room)


def draw_turned(s: Surface, layout: Layout, player: int, number: int, direction: int, caption_end: float) -> None:
    """The domino to place, laid the way ``direction`` (what 「回転」 has set) lays it, its first
    half framed in green as the targets are.  The row always shows a domino flat; this shows
    what a click on a green frame will put down.  On a wide board it stands under the rows,
    after the deck, with 「置く向き」 before it; on a narrow one, smaller, in the top right corner
    of ``player``'s kingdom, with 「向き」 where the caption (which ends at ``caption_end``)
    leaves room."""
    box_x, box_y, side, label_xy, label = layout.turned_box(player)
    if layout.stacked and caption_end + 8 + text_width(label, MIN_LABEL + 1) > label_xy[0]:
        label = ""
    dr, dc = DIRECTIONS[direction]
    # the second half lies beyond the first in the direction; the pair is centred in a square of two sides
    first = (box_x + {1: 0, 0: side / 2, -1: side}[dc], box_y + {1: 0, 0: side / 2, -1: side}[dr])
    second = (first[0] + dc * side, first[1] + dr * side)
    d = DOMINOES[number]
    for (x, y), terrain, crowns in ((first, d.terrain1, d.crowns1), (second, d.terrain2, d.crowns2)):
        if side >= SMALL_SQUARE:
            draw_square(s, x, y, side, terrain, crowns)
            continue
        s.rect(x, y, side, side, fill=TERRAIN_FILL[terrain], stroke="#3b3a36", width=0.6)
        # (centred a little low, clear of the crowns' dots: a character drawn lower lost its foot)
        s.text(x + side / 2, y + side * 0.62, TERRAIN_KANJI[terrain], size=MIN_LABEL, fill=LETTER_FILL[terrain],
               anchor="middle")
        for i in range(crowns):  # as dots along the top, as on a small kingdom
            s.circle(x + side * (0.25 + 0.25 * i), y + 2, 1.3, fill="#ffd54a", stroke="#2b1d00", width=0.4)
    s.rect(min(first[0], second[0]), min(first[1], second[1]), side * (1 + abs(dc)), side * (1 + abs(dr)),
           stroke="#222", width=1.2)
    s.rect(first[0] - 0.5, first[1] - 0.5, side + 1, side + 1, stroke=LEGAL, width=2)
    if label:
        s.text(*label_xy, label, size=MIN_LABEL + 1, fill="#555", anchor="end")


def board_picture(state: KingdominoState, targets: Iterable[Cell] = (), direction: int = 0) -> Picture:
    layout = Layout(state.players, state.options.size)
    s = SvgSurface(layout.width, layout.height, "キングドミノの盤面")
    draw_background(s, layout)
    draw_state(s, layout, state, targets, direction=direction)
    return Picture(s.svg(), describe(state), position=("save", state.to_json()))


def _rows_words(state: KingdominoState, discarded: Iterable[int] = ()) -> list[str]:
    lines, discarded = [], set(discarded)
    for column, (title, slots) in enumerate((("今の列", state.row), ("新しい列", state.next_row))):
        words = [f"{slot.number}番" + (("(捨てた)" if slot.number in discarded else "(置いた)")
                                      if column == 0 and state.slot_done(i) else
                                      "" if slot.king is None else f"({PLAYER_NAMES[state.king_owner(slot.king)]})")
                 for i, slot in enumerate(slots)]
        lines.append(f"{title}: " + ("、".join(words) if words else "なし"))
    return lines


def tie_words(state: KingdominoState) -> str:
    """How a finished game's shared best score was decided, in the order the rules compare
    (:func:`gamelib.kingdomino.rulings.ranking_key`; a dynasty's keys are over its three
    games): 「青と黄が46点で並んだので、最も大きな地所を比べます。青は7マス、黄は8マスで、黄の
    勝ちです。」 Nothing where one player has the best score."""
    keys = state.ranking_keys()
    best = max(keys)
    dynasty = state.options.dynasty
    # what each place of the key is called, and how one player's figure is said
    steps = [("最も大きな地所" + ("(3つの王国の中で)" if dynasty else ""), "マス"),
             ("王冠の数" + ("(3つの王国の合計)" if dynasty else ""), "個")]
    tied = [p for p, k in enumerate(keys) if k[0] == best[0]]
    if len(tied) < 2:
        return ""
    words = f"{names(PLAYER_NAMES[p] for p in tied)}が{'合計' if dynasty else ''}{best[0]}点で並んだので、"
    for place, (what, unit) in enumerate(steps, start=1):
        values = [keys[p][place] for p in tied]
        if len(set(values)) == 1:
            everyone = "どちらも" if len(tied) == 2 else f"{len(tied)}人とも"
            figures = f"{everyone}{values[0]}{unit}"
        else:
            figures = "、".join(f"{PLAYER_NAMES[p]}は{v}{unit}" for p, v in zip(tied, values))
        tied = [p for p, v in zip(tied, values) if v == max(values)]
        words += f"{'次に' if place > 1 else ''}{what}を比べると、{figures}"
        if len(tied) == 1:
            return words + f"で、{PLAYER_NAMES[tied[0]]}の勝ちです。"
        if place == len(steps):
            return words + f"で、{'と'.join(PLAYER_NAMES[p] for p in tied)}が勝ちを分け合います。"
        words += "で、まだ並びます。" if len(set(values)) == 1 else f"で、{'と'.join(PLAYER_NAMES[p] for p in tied)}がまだ並びます。"
    return words


def describe(state: KingdominoState, discarded: Iterable[int] = ()) -> str:
    """A short Japanese text of the position (the board's text form): whose turn, both rows
    (a king's colour after the domino it stands on; a domino gone from the current row placed,
    or one of ``discarded``, discarded), every kingdom's score and notation."""
    if state.is_over():
        lines = [f"ゲーム終了。勝者は{names(PLAYER_NAMES[w] for w in state.winners())}です。"]
    elif state.phase == "claim":
        lines = [f"{PLAYER_NAMES[state.current_player]}の番です(新しい列からドミノを選びます)。"]
    else:
        lines = [f"{PLAYER_NAMES[state.current_player]}の番です({state.current_domino}番のドミノを置きます)。"]
    lines += _rows_words(state, discarded)
    scores = state.scores()
    for p, kingdom in enumerate(state.kingdoms):
        lines.append(f"{PLAYER_NAMES[p]}の王国({scores[p]}点)")
        lines.extend(kingdom_words(kingdom).splitlines())
    return "\n".join(lines)


def score_table_html(state: KingdominoState) -> str:
    """The score panel: one table per player, every property with crowns in its own row
    (terrain, squares, crowns, points in separate columns), those without crowns together in
    one row of 0 points, the bonuses with why they were earned or not, each game a dynasty
    has finished, and the total."""
    scores = state.scores()
    tables = []
    for p, kingdom in enumerate(state.kingdoms):
        properties = kingdom.properties()
        rows: list[list[object]] = [[NAME_JA[prop.terrain], prop.squares, prop.crowns, prop.points]
                                    for prop in properties if prop.crowns]
        bare = [prop for prop in properties if not prop.crowns]
        if bare:  # (a reader had missed them: they are there, and score nothing)
            rows.append([f"王冠のない地所({len(bare)}つ)", sum(prop.squares for prop in bare), 0, 0])
        for key, points in state.bonuses(p).items():
            if key == "harmony":
                why = "捨て札なし" if points else f"{state.discards[p]}枚捨てた"
                rows.append([f"調和({why})", "", "", points])
            else:
                rows.append([f"中央王国(城が中央に{'ある' if points else 'ない'})", "", "", points])
        for g, game in enumerate(state.past):  # (a dynasty's finished games, so that the column adds up)
            rows.append([f"{g + 1}ゲーム目", "", "", game["scores"][p]])
        rows.append(["合計", "", "", scores[p]])
        tables.append(board_table(["地所", "マス", "王冠", "点"], rows, caption=f"{PLAYER_NAMES[p]}: {scores[p]}点",
                                  caption_colour=PLAYER_COLOURS[p], total=True))
    return board_tables(tables)


def where_in_kingdom(first: Cell, second: Cell) -> str:
    """Where two cells lie seen from the castle (at 0, 0): 「城の右下」, 「城の上」…  A domino
    whose middle lies within the castle's own column (or row) is straight above or below it
    (or beside it): one lying across the castle's column, half of it right above the castle,
    is 「城の上」, not 「城の左上」.

    >>> where_in_kingdom((1, 1), (1, 2)), where_in_kingdom((-1, 0), (-2, 0))
    ('城の右下', '城の上')
    >>> where_in_kingdom((-1, -1), (-1, 0)), where_in_kingdom((0, 1), (1, 1)), where_in_kingdom((-1, -2), (-1, -1))
    ('城の上', '城の右', '城の左上')
    """
    r, c = first[0] + second[0], first[1] + second[1]  # twice the centre
    vertical = "上" if r < -1 else "下" if r > 1 else ""
    side = "左" if c < -1 else "右" if c > 1 else ""
    return f"城の{side}{vertical}" if side or vertical else "城のそば"


def describe_move(before: KingdominoState, move: Move) -> str:
    """A move in words: 「27番に国王を乗せる」 (a claim, as the chapter says it), 「27番(森・湖)を城の
    右下に縦に置く」 (its two terrains, the first square's first; which way it lies, since 「城の上」
    alone left a reviewer asking which squares), 「27番を捨てる」."""
    if move.kind == "claim":
        return f"{move.number}番に国王を乗せる"
    if move.kind == "discard":
        return f"{move.number}番を捨てる(置ける場所なし)"
    assert move.first is not None and move.second is not None
    d = DOMINOES[move.number]
    return (f"{move.number}番({NAME_JA[d.terrain1]}・{NAME_JA[d.terrain2]})を"
            f"{where_in_kingdom(move.first, move.second)}に{'縦' if move.first[1] == move.second[1] else '横'}に置く")


# -- the controller: clicks to moves --------------------------------------------------
class KingdominoController(BoardController):
    """A Kingdomino game at one screen; offers candidate moves to ``gamelib`` and reports
    its answer."""

    game = KingdominoState
    title = "キングドミノの盤面"
    #: The variants (check boxes), then the rulings' alternatives, the book's default first;
    #: gamelib checks every value (``KingdominoOptions.from_dict``).
    option_controls = (
        OptionControl("mighty_duel", "壮大な決闘", players=(2,), tip="2人で48枚すべてを使い、7×7の王国を作ります"),
        OptionControl("harmony", "調和", tip="ドミノを1枚も捨てずに王国を完成させると+5点"),
        OptionControl("middle_kingdom", "中央王国", tip="城が王国の真ん中にあると+10点"),
        OptionControl("dynasty", "王朝", tip="3ゲーム続けて遊び、合計点で勝者を決めます"),
        OptionControl("three_player_rule", "3人の遊び方", (("新しい版(12枚を箱へ、1列3枚)", "current"),
                                                            ("古い版(48枚、1列4枚)", "classic")), players=(3,),
                      tip="3人のとき: ルール文の新しい版で遊ぶか、古い版(選ばれなかったドミノを捨てる)で遊ぶか"),
        OptionControl("first_claims", "2人の最初の国王", (("交互に置く", "alternate"), ("先・後・後・先", "snake"),
                                                            ("無作為に引く", "random")), players=(2,),
                      tip="2人のとき、最初の列に4つの国王を置く順番"),
        OptionControl("middle_kingdom_rule", "中央王国の中央",
                      (("広がりの中央", "span"), ("枠の中央", "frame"), ("城中心の枠内", "within")),
                      tip="中央王国で城が真ん中と認める条件: 王国が広がった範囲の真ん中にあればよいか、王国が枠いっぱいに広がったうえで真ん中か、城を中心にした枠に王国が収まっていればよいか",
                      needs="middle_kingdom"),
    )

    def actions(self) -> list[Action]:
        human = self.human_to_move()
        placing = human and self.state.phase == "place"
        return [Action("rotate", "回転", placing and not self.only_discard(), tip="2つ目のマスの向きを変えます"),
                Action("discard", "捨てる", placing,
                       tip="置けないドミノを捨てます")]

    def act(self, key: str) -> bool:
        if key == "rotate" and self.human_to_move() and self.state.phase == "place" and not self.only_discard():
            self.rotate()
            return True
        if key == "discard":
            return self.discard()
        return False

    @property
    def layout(self) -> Layout:
        """Worked out afresh each time: on a narrow screen the large kingdom changes with the turn."""
        return self.make_layout()

    @layout.setter
    def layout(self, value: Layout) -> None:
        pass  # (the shared controller sets it after a new game or a new width: nothing to keep)

    def make_layout(self) -> Layout:
        """Side by side; on a narrow screen the rows across the top and one kingdom large under
        them, its squares as large as 336 pixels allow (at most 32: a fingertip's target), the
        others small."""
        size = self.state.options.size
        if not self.narrow:
            # two players' kingdoms, one row of two, drawn larger where the page leaves room (at
            # 24 px a tester found them small beside the room there was)
            if self.state.players == 2 and size == 5 and self.available:
                large = Layout(2, size, cell=32)
                if self.available >= large.width:
                    return large
            return Layout(self.state.players, size)
        width = max(Layout.NARROW, min(Layout.NARROW_MAX, int(self.available)))
        # the large kingdom's frame (its squares and 24 px) with 12 px either side fits the width
        cell = min(32, (width - 48) // (2 * size - 1))
        return Layout(self.state.players, size, cell=cell, stacked=True, focus=self.focus(), narrow_width=width)

    def look_at(self, player: int | None) -> None:
        self.viewing = player

    def focus(self) -> int:
        """The kingdom a narrow board shows large: the one a tap chose to look at; else the
        kingdom of the player to move, a computer included (its move shows where it happens,
        right under the rows); at the end, of the person who moved last; else of the first
        person's seat."""
        players = self.state.players
        viewing = getattr(self, "viewing", None)
        if viewing is not None and viewing < players:
            return viewing
        if self.state.current_player is not None:
            return self.state.current_player
        home = getattr(self, "home", None)
        if home is not None and home < players and self.seats[home] == "human":
            return home
        return next((p for p, kind in enumerate(self.seats) if kind == "human"), 0)

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None,
                 seats: Sequence[str] | None = None) -> None:
        """A new game starts with the second half to the right again."""
        self.direction, self._turned_by = 0, None
        super().new_game(players, seed, options, seats)

    def reset_selection(self) -> None:
        """After every move: a person to move sees their own kingdom large again; the way the
        domino turns is kept while the same person moves again (one person against the
        computers keeps their way of laying), and starts at 右側 for another person at the
        screen (the next of two at one screen had found it 下側, as the other had left it)."""
        self.error_cells: tuple[Cell, ...] = ()
        if not hasattr(self, "direction"):
            self.direction, self._turned_by = 0, None
        mover = self.state.current_player
        if self.human_to_move() and mover != self._turned_by:
            self.direction, self._turned_by = 0, mover
        if not hasattr(self, "viewing") or self.human_to_move():
            self.viewing: int | None = None
        if self.human_to_move():
            self.home = self.state.current_player

    # what the current player may do, straight from gamelib
    def targets(self) -> list[Cell]:
        """First-half cells of the legal placements for the chosen direction (a domino whose
        halves are alike counts both ways round, so every direction shows its places)."""
        dr, dc = DIRECTIONS[self.direction]
        return sorted(
            m.first for m in self.state.legal_placements()
            if m.kind == "place" and m.second == (m.first[0] + dr, m.first[1] + dc)  # type: ignore[index]
        )

    def status(self) -> str:
        if self.error:
            return self.error
        state = self.state
        if state.is_over():
            return self.final_words() + self.last_words()
        # (not under what an undo took back, as no game's report is: a tester read the others'
        # turns told after 「…を取り消しました」 as taken back too)
        claims = "" if self.undone else self.claims_words()
        return self.dynasty_words() + claims + self.turn_words()

    def claims_words(self) -> str:
        """For the person to move: what the others did since the person's last move (or since
        the start), turn by turn in the order played (on a phone the log lies below the
        kingdoms, and the computers' moves come between two taps): 「緑は45番を王国に置いて31番を
        選びました。」; with two kings, 「青は14番を王国に置いて44番を選び、20番を捨てて25番を選び
        ました。」 (told by kind, the dominoes chosen together, a tester could not tell which choice
        followed which placing, nor when 20 was discarded); turns of one choice alone together,
        「黄は42番、青は7番を選びました。」. In the classic 3-player game, the domino nobody chose
        is told as it leaves (a tester saw it vanish from the row): 「誰も選ばなかった10番は
        捨てられました。」, the person's own move too when it ended the round."""
        since = self.since_own_move()
        told = [since[0], *since[1]] if since is not None else self.others_since_own_move()
        return self.turns_words(told, since[0] if since is not None else None)

    def steps_told(self, steps: Sequence[Step]) -> str:
        return self.turns_words(steps, steps[0])

    def turns_words(self, told: Sequence[Step], own: Step | None) -> str:
        """:meth:`claims_words` of the steps ``told``, ``own`` (the person's, first) not told but
        what it set off."""
        index = {id(step): i for i, step in enumerate(self.history)}
        game = self.state.game_index
        words, claims = "", []  # (the turns of one choice alone, waiting to be told together)

        def flush() -> str:
            said = "、".join(f"{PLAYER_NAMES[p]}は{n}番" for p, n in claims)
            claims.clear()
            return f"{said}を選びました。" if said else ""

        def gone(step: Step) -> list[int]:
            """The dominoes nobody chose, put out of play as ``step`` ended the round."""
            i = index[id(step)]
            after = self.history[i + 1].before if i + 1 < len(self.history) else self.state
            return [n for n in after.out_of_play if n not in step.before.out_of_play] if after.game_index == game else []

        # (a turn: one player's steps in a row, up to the end of a round; the person's own step alone)
        runs: list[list[Step]] = []
        for step in told:
            if step.before.game_index != game:  # (a dynasty's game before this one)
                continue
            if (runs and step is not own and runs[-1][0] is not own and runs[-1][-1].player == step.player
                    and not gone(runs[-1][-1])):
                runs[-1].append(step)
            else:
                runs.append([step])
        for run in runs:
            if run[0] is not own:
                if len(run) == 1 and run[0].move.kind == "claim":
                    claims.append((run[0].player, run[0].move.number))
                else:
                    words += flush() + f"{PLAYER_NAMES[run[0].player]}は{self.turn_phrase([s.move for s in run])}。"
            if gone(run[-1]):
                words += flush() + f"誰も選ばなかった{names([f'{n}番' for n in gone(run[-1])])}は捨てられました。"
        return words + flush()

    @staticmethod
    def turn_phrase(moves: list[Move]) -> str:
        """A player's moves of one turn, in order: 「14番を王国に置いて44番を選び、20番を捨てて25番を
        選びました」."""
        forms = {"place": ("を王国に置いて", "を王国に置きました"), "claim": ("を選び、", "を選びました"),
                 "discard": ("を捨てて", "を捨てました")}
        return "".join(f"{move.number}番" + forms[move.kind][i == len(moves) - 1] for i, move in enumerate(moves))

    def dynasty_words(self) -> str:
        """In a dynasty, which game is on the table and, until a person has moved in it, how
        the game before it ended: 「2ゲーム目(全3ゲーム)です。1ゲーム目は、赤131点・青173点でした。」"""
        state = self.state
        if not state.options.dynasty:
            return ""
        words = f"{state.game_index + 1}ゲーム目(全{state.options.games}ゲーム)です。"
        if state.past and not any(step.by_person for step in self.this_game()):
            words += f"{len(state.past)}ゲーム目は、{self.game_points(state.past[-1]['scores'])}でした。"
        return words

    def prompt(self) -> str:
        return self.turn_words()  # (the site's bar: what to do now, without the dynasty's report)

    def hint_words(self, move: Move) -> str:
        return describe_move(self.state, move)

    def turn_words(self) -> str:
        """What the player to move does now."""
        state = self.state
        name = PLAYER_NAMES[state.current_player]
        if state.phase == "claim":
            return f"{name}の番です。新しい列からドミノを1枚選んでクリックしてください。"
        number = state.current_domino
        if self.human_to_move() and self.layout.is_small(state.current_player):
            return (f"{name}の番です。{number}番のドミノを置くには、下に小さく出ている{name}の王国をクリックして"
                    "大きくしてください。")
        if state.legal_moves()[0].kind == "discard":
            return f"{name}の番です。{number}番のドミノは置ける場所がありません。「捨てる」を押してください。"
        if not self.targets():
            return (f"{name}の番です。{number}番のドミノは、2マス目を{DIRECTION_NAMES[self.direction]}側にする向きでは"
                    "置ける場所がありません。「回転」か緑の枠のドミノを押して向きを変えてください(置ける場所が緑の枠で出ます)。")
        return (f"{name}の番です。{number}番のドミノの1マス目を置く場所をクリックしてください"
                f"(2マス目は{DIRECTION_NAMES[self.direction]}側。「回転」か緑の枠のドミノを押すと向きが変わります)。")

    def points_words(self) -> str:
        """The points (with Dynasty, the three games' totals)."""
        return ("3ゲームの合計で、" if self.state.options.dynasty else "") + self.points_of(self.state.scores())

    def final_words(self) -> str:
        """The winners and the points, and where the best score is shared, how the tie-breaks
        (gamelib's ranking keys) decided it: a reader saw 「勝者は黄です」 after 「青は46点、黄は46点」
        and took it for a mistake."""
        return super().final_words() + tie_words(self.state)

    def describe(self) -> str:
        """The position's text; at the end, its first line is the board's last word (the
        winners and everybody's points), as the status line says it."""
        # (the slots the picture marks 捨てた: the text had said 置いた)
        text = describe(self.state, [step.move.number for step in self.this_game() if step.move.kind == "discard"])
        if self.state.is_over():
            text = self.final_words() + text[text.index("\n"):]
        return text

    def describe_move(self, before: KingdominoState, move: Move) -> str:
        """The move in words; a move that ends a game of a dynasty says so, with that game's
        points (the last game too: the end's words give the totals)."""
        words = describe_move(before, move)
        if before.options.dynasty and not before.is_over():
            after = before.play(move)
            if after.game_index != before.game_index:
                words += f"。{before.game_index + 1}ゲーム目終了({self.game_points(after.past[-1]['scores'])})"
            elif after.is_over():
                words += f"。{before.game_index + 1}ゲーム目終了({self.game_points(after.game_scores())})"
        return words

    def game_points(self, scores: Sequence[int]) -> str:
        """One game's points, short: 「赤131点・青173点」."""
        return "・".join(f"{self.player_names[p]}{v}点" for p, v in enumerate(scores))

    def info_html(self) -> str:
        return score_table_html(self.state)

    def hint_line(self) -> str:
        """The hint, and how to make it: a placement's orange frame is played by a click on either
        of its squares (a tester's click on its second square had been refused), and the domino
        to place is turned the way the hint lays it (it had turned with no word)."""
        line = super().hint_line()
        hint = self.hint_move
        if hint is None or hint.kind != "place" or hint.first is None:
            return line
        return line[:-1] + f"(向きも合わせました。{EITHER_SQUARE})。"

    def hinted_button(self, move: Move) -> str | None:
        return "discard" if move.kind == "discard" else None

    def show_hint(self, move: Move) -> None:
        """A hinted placement turns the second half the way the hint lays it (a refused square's
        mark goes)."""
        self.error_cells = ()
        if move.kind == "place" and move.first is not None and move.second is not None:
            self.direction = DIRECTIONS.index((move.second[0] - move.first[0], move.second[1] - move.first[1]))

    def draw_marks(self, s: Surface) -> None:
        """Each player's last placed domino framed in the player's colour in their kingdom, the
        last claimed domino framed in the rows; the hint in orange."""
        layout, state = self.layout, self.state
        placed: dict[int, Move] = {}
        claimed: dict[int, Move] = {}
        for step in self.this_game():
            (placed if step.move.kind == "place" else claimed if step.move.kind == "claim" else {})[step.player] = \
                step.move
        for p, move in placed.items():
            xs, ys = zip(*(layout.cell_xy(p, cell) for cell in (move.first, move.second)))
            side = layout.cell_of(p)
            mark_rect(s, min(xs) + 1, min(ys) + 1, max(xs) - min(xs) + side - 2, max(ys) - min(ys) + side - 2,
                      PLAYER_COLOURS[p], 2 if layout.is_small(p) else 3)
        slots = [(0, i, slot) for i, slot in enumerate(state.row)] + [(1, i, slot) for i, slot in enumerate(state.next_row)]
        for p, move in claimed.items():
            for column, index, slot in slots:
                if slot.number == move.number and not (column == 0 and state.slot_done(index)):
                    mark_rect(s, *layout.slot_frame(*layout.slot_xy(column, index)), PLAYER_COLOURS[p], 2)
        hint = self.hint_move
        if hint is None:
            return
        if hint.kind == "claim":
            index = [slot.number for slot in state.next_row].index(hint.number)
            x, y = layout.slot_xy(1, index)
            s.rect(x - 4, y - 4, 2 * layout.domino + 8, layout.domino + 8, stroke=HINT, width=4)
        elif hint.kind == "place" and not layout.is_small(state.current_player):
            xs, ys = zip(*(layout.cell_xy(state.current_player, cell) for cell in (hint.first, hint.second)))
            s.rect(min(xs) - 1, min(ys) - 1, max(xs) - min(xs) + layout.cell + 2, max(ys) - min(ys) + layout.cell + 2,
                   stroke=HINT, width=4)

    def click(self, x: float, y: float) -> bool:
        """A click on the board; returns whether a move was played."""
        if self.view_click(x, y):
            self.error_cells = ()
            return False
        if self.turn_click(x, y):
            self.error_cells = ()
            if self.only_discard():  # (turning it changes nothing: say what to do instead)
                self.error = f"{self.state.current_domino}番のドミノは、どちら向きにしても置ける場所がありません。「捨てる」を押してください。"
                return False
            self.rotate()
            return False
        hit = self.layout.hit(x, y)
        if not self.human_to_move() or hit is None:
            return False  # (a click on nothing leaves a refusal and its red frame as they were)
        self.error_cells = ()
        state = self.state
        if hit[0] == "next" and hit[1] < len(state.next_row):
            return self.play(Move("claim", state.next_row[hit[1]].number))
        if hit[0] == "row" and hit[1] < len(state.row):
            self.error = self.row_words(hit[1])
            return False
        if hit[0] == "cell":
            _, player, cell = hit
            # (what to do now comes first: while a domino is to be chosen, no kingdom is the place)
            if state.phase != "place" or state.current_domino is None:
                self.error = "今は新しい列からドミノを選ぶ番です。"
                return False
            if player != state.current_player:
                self.error = f"自分({PLAYER_NAMES[state.current_player]})の王国をクリックしてください。"
                return False
            hint = self.hint_move
            if hint is not None and hint.kind == "place" and cell in (hint.first, hint.second):
                return self.play(hint)  # either square of the hint's orange frame: the placement it shows
            dr, dc = DIRECTIONS[self.direction]
            second = (cell[0] + dr, cell[1] + dc)
            ok = self.play(Move("place", state.current_domino, cell, second))
            if not ok:
                self.error_cells = (cell, second)
            return ok
        return False

    def turn_click(self, x: float, y: float) -> bool:
        """Whether a click turns the domino to place, as 「回転」 does: one on that domino, framed
        in green in the row or drawn the way it will be laid (which on a phone stands in the
        corner of the large kingdom, far nearer than the row of buttons)."""
        state = self.state
        if not self.human_to_move() or state.phase != "place" or state.current_domino is None:
            return False
        hit = self.layout.hit(x, y)
        if hit == ("row", state.turn):
            return True
        if self.layout.is_small(state.current_player):
            return False
        box_x, box_y, side, _, _ = self.layout.turned_box(state.current_player)
        reach = 6  # (px around the picture that still counts: a finger's tap is wide)
        return box_x - reach <= x <= box_x + 2 * side + reach and box_y - reach <= y <= box_y + 2 * side + reach

    def row_words(self, index: int) -> str:
        """Why a click on the current row (今の列) does nothing, and what to click instead: its
        dominoes are only placed, each by its king's owner, in turn."""
        state = self.state
        slot = state.row[index]
        if state.phase != "place" or state.current_domino is None:
            return "国王を乗せるドミノは、新しい列から選んでください(今の列のドミノは、このラウンドに王国へ置く分です)。"
        if state.slot_done(index):
            return f"{slot.number}番は、もう王国に置かれています。"
        owner = state.king_owner(slot.king)  # type: ignore[arg-type]
        return (f"{slot.number}番は{PLAYER_NAMES[owner]}があとで置くドミノです。"
                f"今置くのは{state.current_domino}番(緑の枠)です。")

    def view_click(self, x: float, y: float) -> bool:
        """A tap on a small kingdom of the narrow board shows it large (at any time, a computer's
        turn included); returns whether the click was one."""
        hit = self.layout.hit(x, y)
        if hit is None or hit[0] != "kingdom":
            return False
        self.viewing = hit[1]
        self.error = None
        return True

    def rotate(self) -> None:
        self.direction = (self.direction + 1) % 4
        self.error = None
        self.error_cells = ()
        self.hint_move = None  # (the hint's box showed the other way round)

    def only_discard(self) -> bool:
        """A person is to place a domino that can go nowhere: 「捨てる」 is the one move."""
        state = self.state
        return (self.human_to_move() and state.phase == "place" and state.current_domino is not None
                and state.legal_moves()[0].kind == "discard")

    def discard(self) -> bool:
        if not self.human_to_move() or self.state.current_domino is None:
            return False
        return self.play(Move("discard", self.state.current_domino))

    def draw_background(self, s: Surface) -> None:
        draw_background(s, self.layout, self.still)

    def draw(self, s: Surface) -> None:
        human = self.human_to_move()
        targets = self.targets() if human else []
        claimable = [m.number for m in self.state.legal_moves() if m.kind == "claim"] if human else []
        # (a domino that can only be discarded: no green frame on it nor a preview of how it would
        # lie, which a tester clicked, turning it in silence, while the status said 「捨てる」)
        placeable = not self.only_discard()
        draw_state(s, self.layout, self.state, targets, direction=self.direction, last_error=self.error_cells,
                   turned=human and self.state.phase == "place" and placeable, placeable=placeable,
                   claimable=claimable, discarded=[step.move.number for step in self.this_game() if step.move.kind == "discard"])
        self.draw_marks(s)

    def this_game(self) -> list[Step]:
        """The moves of the game on the table (a dynasty's earlier games left their kingdoms)."""
        return [step for step in self.history if step.before.game_index == self.state.game_index]


def KingdominoBoard(players: int = 4, seed: int | None = None, options: Mapping[str, Any] | None = None,
                    seats: Sequence[str] | None = None, *, computer_delay: float | None = None) -> Any:
    """The live board (ipywidgets + ipycanvas); see :class:`widgets.kingdomino_board.Board`.
    ``computer_delay``: seconds between two computer moves (0: at once)."""
    from .kingdomino_board import Board

    return Board(players, seed, options, seats, computer_delay=computer_delay)
