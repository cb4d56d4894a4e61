"""Pictures and live-board controllers for the double-seven binary dominoes.

Each half shows its number as rings: a centre dot (1), a small circle (2), a large circle
(4).  The flat games (Dominomega, Dominimum, Dominup) share :class:`GridController`; The
Tree has :class:`TreeController` for its brick rows.  Every legality question goes to
``gamelib``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from gamelib.dominoes import (TILES, DominimumState, DominomegaState, DominupState, Pass, Place, Table, TreeState,
                              ring_names)
from gamelib.dominoes.dominimum import largest_group, largest_groups
from gamelib.dominoes.dominomega import group_sizes, symbol_groups
from gamelib.dominoes.tiles import DIRS, RING_NAMES, tiling
from gamelib.dominoes.tiles import Stacks, Tree, level_name  # Dominup's levels, The Tree's rows
from gamelib.players import SearchPlayer

from .controller import EITHER_SQUARE, HINT, PLAYER_COLOURS, PLAYER_NAMES, Action, BoardController, OptionControl, Step
from .reader import names
from .surface import Picture, Surface, SvgSurface, mark_rect, text_width

HALF_FILL = "#fbf7ee"
RING = "#2b2b2b"
LEVEL_FILL = ("#fbf7ee", "#f1dfb8", "#e4c582", "#d3a94f", "#c08f2c")
LEGAL = "#00a86b"
WRONG = "#d32f2f"
#: Background colours for groups of halves (one symbol's groups, in turn).
GROUP_SHADES = ("#ffe08a", "#b9e3f5", "#f7c6d9", "#c9ecc0", "#e2d1f5", "#ffd0a8")
DIRECTION_NAMES = ("右", "下", "左", "上")
Cell = tuple[int, int]


# -- pieces ---------------------------------------------------------------------------------
#: The patch under the tile chosen from the hand: green when it has a place, grey when it has
#: none now (deep enough to tell it at a glance from the playable tiles' thin frames).
CHOSEN_FILL, NOWHERE_FILL = "#9fd8ab", "#d3ccbd"
#: The chosen tile's own squares, tinted the same way, and the frame of one that can go nowhere.
CHOSEN_TINT, NOWHERE_TINT, NOWHERE_FRAME = "#d5f1dc", "#e6e1d6", "#8a8273"
#: What the status says when the hand holds one tile: it is chosen already.
ONLY_TILE = "手元のタイルは1枚だけなので、選んであります(太い緑の枠)。"
#: How far inside its square a target's green frame lies: clear of the dashed mark of the last
#: tile played and of the hint's frame, which lie along a tile's edge.
TARGET_INSET = 5.0
#: The smallest squares (px) a board writes the numbers in (below it the rings alone read
#: better); below 24 px the number is smaller and its patch tighter, clear of the centre's dot.
DIGIT_LEAST = 20
#: Under a misère Dominup's players: the rule that turns the game round, in view all game long.
MISERE_LINE = "ミゼール: 先に手元を使い切った人の負け"
#: The height of a board's grid beside its panel (wide) and above it (narrow, a phone).
WIDE_GRID_H, NARROW_GRID_H = 500.0, 440.0
#: On a phone, the fewest rows the grid shows (7 of 44 px: a small table leaves the hand in sight).
NARROW_LEAST_ROWS = 7


def draw_half(s: Surface, x: float, y: float, size: float, value: int, fill: str = HALF_FILL,
              digit: bool = False) -> None:
    """One half: its rings, a dot for 1, a small circle for 2, a large circle for 4; ``digit``
    adds its number small in the bottom-right corner, on a light patch over the rings (the
    boards, whose move log writes numbers; no mark of a last move or of a Dominup level ever
    sits there), unless the squares are too small for it to read."""
    s.rect(x, y, size, size, fill=fill, stroke="#8a8273", width=0.6)
    cx, cy = x + size / 2, y + size / 2
    if value & 4:
        s.circle(cx, cy, size * 0.38, stroke=RING, width=max(1.2, size * 0.05))
    if value & 2:
        s.circle(cx, cy, size * 0.22, stroke=RING, width=max(1.2, size * 0.05))
    if value & 1:
        s.circle(cx, cy, size * 0.08, fill=RING)
    if digit and size >= DIGIT_LEAST:
        if size >= 24:  # (11 px at least: the book's tables are shrunk into a phone's column;
            # under 28 px the see-through patch reaches the centre's dot, which shows through it)
            font, pad, edge = max(11, round(size * 0.3)), 1, 1.5
        else:  # (a late table's small squares: the number still there, the dot still seen)
            font, pad, edge = 10, 0, 1  # (10 px: the book's least label)
        w, h = 0.62 * font + 2 + pad, font + pad
        # (the patch lets the rings show through, on squares of every size: opaque, it cut the
        # large circle to a 「C」, on the small squares of a late table first and then, as two
        # readers found, on the book's large ones too)
        s.rect(x + size - edge - w, y + size - edge - h, w, h, fill="rgba(255,255,255,0.55)")
        s.text(x + size - edge - w / 2, y + size - edge - h / 2, str(value), size=font, fill="#1d3557",
               anchor="middle", bold=True)


def draw_tile(s: Surface, x: float, y: float, size: float, a: int, b: int, vertical: bool = False,
              fill: str = HALF_FILL, digit: bool = False) -> None:
    draw_half(s, x, y, size, a, fill, digit)
    if vertical:
        draw_half(s, x, y + size, size, b, fill, digit)
        s.rect(x, y, size, 2 * size, stroke="#222", width=1.6)
    else:
        draw_half(s, x + size, y, size, b, fill, digit)
        s.rect(x, y, 2 * size, size, stroke="#222", width=1.6)


def tiles_picture(tiles: Sequence[tuple[int, int]], per_row: int = 9, size: int = 30, fill: str = HALF_FILL,
                  title: str = "タイル") -> Picture:
    """Tiles side by side with their numbers (each a tile of the set, none twice: the picture
    carries the position ``("dominoes.tiles", "a-b …")``)."""
    col_w, row_h = 2 * size + 16, size + 24
    rows = (len(tiles) + per_row - 1) // per_row
    s = SvgSurface(min(len(tiles), per_row) * col_w + 8, rows * row_h + 8, title)
    for i, (a, b) in enumerate(tiles):
        x, y = 8 + (i % per_row) * col_w, 20 + (i // per_row) * row_h
        s.text(x + size, y - 9, f"{a}-{b}", size=13, anchor="middle", bold=True)
        draw_tile(s, x, y, size, a, b, fill=fill)
    text = " ".join(f"{a}-{b}" for a, b in tiles)
    return Picture(s.svg(), f"{title}({len(tiles)}枚): " + "、".join(f"{a}-{b}" for a, b in tiles),
                   position=("dominoes.tiles", text))


def numbers_picture(size: int = 44, per_row: int = 4) -> Picture:
    """The numbers 0–7 as rings, with their names (two rows of four, narrow enough for a phone)."""
    col_w, row_h = max(size + 14, 84), size + 52
    rows = (8 + per_row - 1) // per_row
    s = SvgSurface(per_row * col_w + 10, rows * row_h + 6, "0から7のリング")
    for n in range(8):
        x = 10 + (n % per_row) * col_w + (col_w - size) / 2 - 7
        y = 10 + (n // per_row) * row_h
        draw_half(s, x, y, size, n)
        s.text(x + size / 2, y + size + 13, str(n), size=14, anchor="middle", bold=True)
        s.text(x + size / 2, y + size + 30, ring_names(n), size=12, anchor="middle")
    alt = "0から7のリングの図。" + "、".join(f"{n}は{ring_names(n)}" for n in range(8)) + "。"
    return Picture(s.svg(), alt, position=("legend", alt))


def table_picture(table: Table | str, size: int = 34, highlight: Iterable[Cell] = (), title: str = "テーブル",
                  levels: Mapping[Cell, int] | None = None, tiles: Mapping[Cell, int] | None = None, *,
                  coords: bool = False, shade: Mapping[Cell, str] | None = None, wrong: Iterable[Cell] = (),
                  caption: str = "", area: Iterable[Cell] = (), position: tuple[str, str] | None = None,
                  digits: bool = False, notes: Mapping[Cell, str] | None = None) -> Picture:
    """A table of halves (a :class:`Table`, or grid notation) with each tile outlined.

    ``highlight`` frames cells in green (a legal placement, a counted group), ``wrong`` in red
    (a placement the rules refuse), ``shade`` colours the background of cells (groups);
    ``coords`` numbers the rows (left) and columns (top) from 1, the way the book's text names
    cells ("2行3列"); ``digits`` writes each half's number small in its bottom-right corner, as
    the boards do; ``notes`` writes a short label in the top-left corner of some cells (a
    group's size); ``caption`` is a line under the table.  The picture spans the halves, the
    framed cells and the cells of ``area`` (so that pictures of one game share their
    numbering).  The tiles are the table's own (:meth:`Table.from_tiles`), or ``tiles`` (cell →
    tile index), or else a cutting into real tiles found by :func:`gamelib.dominoes.tiles.tiling`
    (which refuses a table real tiles cannot make).  The picture carries ``position`` (by
    default ``("dominoes.table", grid text)``).
    """
    t = Table.from_text(table) if isinstance(table, str) else table
    highlight, wrong = list(highlight), list(wrong)
    shown = list(t.values) + highlight + wrong + list(area)
    rows = [r for r, _ in shown] or [0]
    cols = [c for _, c in shown] or [0]
    r0, c0 = min(rows), min(cols)
    nrows, ncols = max(rows) - r0 + 1, max(cols) - c0 + 1
    left, top = (28, 24) if coords else (6, 6)
    below = 24 if caption else 0
    s = SvgSurface(max(left + ncols * size + 6, 16 + 13 * len(caption)), top + nrows * size + 6 + below, title)

    def xy(cell: Cell) -> tuple[float, float]:
        return left + (cell[1] - c0) * size, top + (cell[0] - r0) * size

    if coords:
        for i in range(nrows):
            s.text(left - 12, top + i * size + size / 2, str(i + 1), size=11, anchor="middle", fill="#6b6357")
        for j in range(ncols):
            s.text(left + j * size + size / 2, top - 11, str(j + 1), size=11, anchor="middle", fill="#6b6357")
        for r in range(r0, r0 + nrows):
            for c in range(c0, c0 + ncols):
                if (r, c) not in t.values:
                    s.rect(*xy((r, c)), size, size, fill="#f4f0e7", stroke="#ddd5c4", width=0.6)
    if tiles is not None:
        owners: Mapping[Cell, int] = tiles
    elif t.pieces() is not None:
        owners = t.tiles
    else:
        owners = {cell: i for i, p in enumerate(tiling(t)) for cell in (p.first, p.second)}
    for cell, v in sorted(t.values.items()):
        level = (levels or {}).get(cell, 0)
        # (the number in the bottom-right corner, on its light patch, as the boards write it)
        draw_half(s, *xy(cell), size, v, (shade or {}).get(cell, LEVEL_FILL[min(level, 4)]), digit=digits)
    for cell, note in (notes or {}).items():  # (on a light patch too, clear of the rings)
        x, y = xy(cell)
        w, h = 0.62 * 11 * len(note) + 4, 12
        s.rect(x + 1.5, y + 1.5, w, h, fill="#eef5fc", stroke="#0b4f8a", width=0.6)
        s.text(x + 1.5 + w / 2, y + 1.5 + h / 2, note, size=11, fill="#0b4f8a", anchor="middle", bold=True)
    _tile_outlines(s, owners, xy, size)
    for colour, cells in ((LEGAL, highlight), (WRONG, wrong)):
        for cell in cells:
            x, y = xy(cell)
            s.rect(x + 2, y + 2, size - 4, size - 4, stroke=colour, width=3)
    if caption:
        s.text(left, top + nrows * size + 6 + below / 2, caption, size=12)
    text = t.to_text()
    alt = f"{title}の図。" + table_words(t, owners, highlight, wrong) + caption
    return Picture(s.svg(), alt, position=position or ("dominoes.table", text))


def table_words(table: Table, owners: Mapping[Cell, int], highlight: Iterable[Cell] = (),
                wrong: Iterable[Cell] = ()) -> str:
    """A table picture's text form: its tiles row by row from the top, each from the left (or
    upper) number, standing tiles marked 縦向き; then how many cells are framed green or red."""
    cells: dict[int, list[Cell]] = {}
    for cell, index in owners.items():
        if cell in table.values:
            cells.setdefault(index, []).append(cell)
    names = []
    for pair in sorted(sorted(cs) for cs in cells.values()):
        values = [table.values[c] for c in pair]
        name = "-".join(str(v) for v in values)
        if len(pair) == 2 and pair[0][1] == pair[1][1]:
            name += "(縦向き)"
        names.append(name)
    words = f"タイル{len(names)}枚: " + "、".join(names) + "。" if names else "タイルはまだありません。"
    for label, marked in (("緑", highlight), ("赤", wrong)):
        count = len(set(marked))
        if count:
            words += f"{label}の枠のマスが{count}つ。"
    return words


def group_shades(groups: Iterable[Iterable[Cell]]) -> dict[Cell, str]:
    """Background colours telling groups apart (for :func:`table_picture`'s ``shade``): every
    group its own colour while the palette lasts (a caption may say 「色ごとに1つ」); past that,
    groups that come within two cells of each other get different colours where it allows."""
    out: dict[Cell, str] = {}
    for i, group in enumerate(groups):
        cells = list(group)
        near = {out[(r + dr, c + dc)] for r, c in cells for dr in range(-2, 3) for dc in range(-2, 3)
                if (r + dr, c + dc) in out}
        unused = [colour for colour in GROUP_SHADES if colour not in out.values()]
        free = unused or [colour for colour in GROUP_SHADES if colour not in near]
        colour = free[0] if free else GROUP_SHADES[i % len(GROUP_SHADES)]
        out.update({cell: colour for cell in cells})
    return out


def _tile_outlines(s: Surface, owners: Mapping[Cell, int], xy: Any, size: float) -> None:
    """A dark outline around each tile's two halves (grid notation alone has no tiles)."""
    by_tile: dict[int, list[Cell]] = {}
    for cell, t in owners.items():
        by_tile.setdefault(t, []).append(cell)
    for cells in by_tile.values():
        if len(cells) != 2:
            continue
        xs = [xy(c)[0] for c in cells]
        ys = [xy(c)[1] for c in cells]
        s.rect(min(xs), min(ys), max(xs) - min(xs) + size, max(ys) - min(ys) + size, stroke="#222", width=1.6)


# -- a view of an unbounded grid ------------------------------------------------------------
@dataclass(frozen=True)
class GridView:
    """Which cells the board shows and how big (the placed cells with a margin, centred in a
    box ``across`` pixels wide and ``area`` high: a square unless a wide screen gives more
    room), and beside it the side panel: the hand (four tiles a row, ``hand_rows`` rows), an
    optional block of ``extra`` pixels (Dominimum's mission), then one line per player."""

    r0: int
    c0: int
    rows: int
    cols: int
    cell: float
    left: float = 12
    top: float = 40
    area: float = 440
    players: int = 4
    hand_rows: int = 3
    extra: int = 0
    #: A narrow screen (a phone): the side panel under the grid instead of beside it.
    stacked: bool = False
    #: The grid's width (0: ``area``, a square).
    across: float = 0

    HAND_TOP = 104  # first row of the hand
    HAND_STEP = (78, 44)  # from one tile of the hand to the next, across and down
    HAND_COLUMNS = 4

    @classmethod
    def around(cls, cells: Iterable[Cell], area: float = 440, margin: int = 2, least: int = 9,
               across: float = 0, shrink: bool = False, **side: Any) -> GridView:
        cells = list(cells) or [(0, 0)]
        across = across or area
        rmin, rmax = min(r for r, _ in cells) - margin, max(r for r, _ in cells) + margin
        cmin, cmax = min(c for _, c in cells) - margin, max(c for _, c in cells) + margin
        rows = max(least, rmax - rmin + 1)
        cols = max(int(least * across / area), cmax - cmin + 1)
        if shrink:
            # a phone: the grid no taller than its rows (a small table's grid was 440 px high,
            # mostly empty, and the hand and the mission under it lay below the screen), as wide
            # as the screen gives (not in a replay, whose pictures keep one size as it steps)
            # (its height from the rows the table needs alone, so that it only grows as the table
            # grows: a wider table's smaller squares fill it with more rows, not a shorter grid)
            need = max(NARROW_LEAST_ROWS, rmax - rmin + 1)
            area = min(area, need * 44.0)
            cell = min(44.0, area / need, across / (cmax - cmin + 1))
            rows = max(need, int(area // cell + 1e-9))
            cols = max(cmax - cmin + 1, int(across // cell + 1e-9))
        cell = min(44.0, area / rows, across / cols)
        # a table wider than tall, its squares as small as its width needs: more rows, to the
        # grid's full height (a replay's phone pictures had left 200 px of blank between the
        # table and the scores, which the replay's buttons then covered)
        rows = max(rows, int(area // cell + 1e-9))
        rmin -= (rows - (rmax - rmin + 1)) // 2
        cmin -= (cols - (cmax - cmin + 1)) // 2
        return cls(rmin, cmin, rows, cols, cell, area=area, across=across, **side)

    @property
    def grid_w(self) -> float:
        return self.across or self.area

    @property
    def grid_x(self) -> float:
        """Left of the grid: centred in a wide box (a square one keeps it at the left)."""
        return self.left + (self.across - self.cols * self.cell) / 2 if self.across else self.left

    def xy(self, cell: Cell) -> tuple[float, float]:
        return self.grid_x + (cell[1] - self.c0) * self.cell, self.top + (cell[0] - self.r0) * self.cell

    def hit(self, x: float, y: float) -> Cell | None:
        c = int((x - self.grid_x) // self.cell) + self.c0
        r = int((y - self.top) // self.cell) + self.r0
        if self.r0 <= r < self.r0 + self.rows and self.c0 <= c < self.c0 + self.cols:
            return (r, c)
        return None

    @property
    def hand_x(self) -> float:
        return self.left if self.stacked else self.left + self.grid_w + 24

    @property
    def panel_dy(self) -> float:
        """How far the side panel is moved down from its place beside the grid."""
        return self.top + self.area + 16 - 44 if self.stacked else 0

    def hand_slot_xy(self, i: int) -> tuple[float, float]:
        """Top-left of tile ``i`` of the hand."""
        row, column = divmod(i, self.HAND_COLUMNS)
        return (self.hand_x + column * self.HAND_STEP[0],
                self.HAND_TOP + self.panel_dy + row * self.HAND_STEP[1])

    @property
    def extra_y(self) -> float:
        """Top of the block under the hand (with no hand, as the game ends holding none, the
        players' lines take the hand's heading's place)."""
        if self.hand_rows == 0:
            return 38 + self.panel_dy
        return self.HAND_TOP + self.panel_dy + self.hand_rows * self.HAND_STEP[1] + 10

    @property
    def scores_y(self) -> float:
        """The heading of the players' lines."""
        return self.extra_y + self.extra + 22

    @property
    def width(self) -> int:
        return int(max(2 * self.left + self.grid_w, self.hand_x + self.HAND_COLUMNS * self.HAND_STEP[0]))

    @property
    def height(self) -> int:
        return int(max(self.top + self.area + 12, self.scores_y + 24 + self.players * 22 + 30))


class _DominoController(BoardController):
    """What the domino boards share: a selected tile from the hand, and a direction for its
    second half."""

    #: What 「回転」 does, said when the pointer rests on it.
    rotate_tip = "2つ目の数字の向きを変えます"

    title = "ドミノの盤面"
    layout: GridView

    _side: dict[str, int] | None = None
    _side_still: bool = False
    #: The tile a rule refused where a click tried it, with the refusal's words: drawn (as the
    #: book's pictures draw a refused tile) while those words are the status.
    tried: tuple[Place, str] | None = None

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None,
                 seats: Sequence[str] | None = None) -> None:
        self._side = None  # the side panel is sized for the new game's hands
        self._side_still = self.still
        self.direction, self._turned_by = 0, None  # a new game starts with the tiles as they lie
        super().new_game(players, seed, options, seats)

    def reset_selection(self) -> None:
        """After a move: the chosen tile is forgotten; 「回転」 is kept for the person who turned
        it (one person against the computers keeps their way of laying tiles), and starts
        afresh for the next person at the screen."""
        self.selected: tuple[int, int] | None = None
        mover = self.state.current_player
        if mover != self._turned_by and mover in self.humans():
            self.direction, self._turned_by = 0, mover
        if getattr(self, "layout", None) is not None:  # (after every move, a computer's too: the
            self.layout = self.make_layout()  # picture is made at the size of the table it shows)

    def hand(self) -> tuple[tuple[int, int], ...]:
        p = self.state.current_player
        return () if p is None else self.state.hands[p]

    def chosen_tile(self) -> tuple[int, int] | None:
        hand = self.hand()
        if self.selected in hand:
            return self.selected
        return hand[0] if len(set(hand)) == 1 else None

    def chosen_words(self) -> str:
        """For the status: that the person to move has a tile chosen (or holds only one), or ""."""
        if not self.human_to_move() or self.curtain_down() or self.chosen_tile() is None:
            return ""
        words = ONLY_TILE if len(self.hand()) == 1 else "タイルを選びました(太い緑の枠)。"
        return words if self.chosen_placeable() else words.replace("太い緑の枠", "灰色の枠")

    #: Whether a hand always holds one tile (the status then need not say it is chosen).
    one_tile_hands = False

    def chosen_placeable(self) -> bool:
        """Whether the chosen tile has a place now (its thick frame green, else grey); a tile
        chosen while a computer moves, or on another person's screen, is not judged."""
        tile = self.chosen_tile()
        return not self.human_to_move() or any(isinstance(m, Place) and m.tile == tile for m in self.state.legal_moves())

    def chosen_advice(self) -> str:
        """For the status, when the chosen tile has no green frame: that it can go nowhere now
        (the rules give it no placement), or nowhere the way 「回転」 has it turned; else ""."""
        tile = self.chosen_tile()
        if tile is None or not self.human_to_move() or self.curtain_down() or self.targets():
            return ""
        face = self.hand_face(tile)  # named as the hand shows it (The Tree's 「回転」 turns it)
        name = f"{face[0]}-{face[1]}"
        places = [m for m in self.state.legal_moves() if isinstance(m, Place)]
        if not places:
            return ""  # nothing can be placed: the status says what to do instead
        if not any(m.tile == tile for m in places):
            why = self.state.idle_tile_words(tile, name) or f"{name}は今はどこにも置けません。"
            return why + "ほかのタイルをクリックして選び直してください(細い緑の枠は置けるタイル)。"
        # (the way it is turned named: after a press of 「回転」 that did not help, the same words
        # had made the button look dead)
        turned = self.rotation_label().removeprefix("向き: ")
        tile_click = "手元のタイルをクリックするか" if self.one_tile_hands else "選んだタイルをもう一度クリックするか"
        return f"{name}は今の向き({turned})では置けません。{tile_click}「回転」を押すと、置けるマスが緑の枠で出ます。"

    def rotate(self) -> None:
        self.direction = (self.direction + 1) % 4
        self._turned_by = self.state.current_player
        self.error = None

    def try_place(self, move: Place) -> bool:
        """Play a placement clicked on the table; when a rule refuses it, keep it to draw."""
        ok = self.play(move)
        self.tried = None if ok or self.error is None else (move, self.error)
        return ok

    def taken(self) -> Iterable[Cell]:
        """The cells tiles cover (game cells)."""
        return self.state.table.values

    def draw_tried(self, s: Surface, badged: Iterable[Cell] = ()) -> None:
        """The refused tile where it was tried (pale red halves or red numbers, a red frame), while
        the status gives the reason; not where a half would lie off the table shown."""
        if self.tried is None or self.tried[1] != self.error:
            return
        move, size = self.tried[0], self.layout.cell
        corners = {cell: self.cell_xy(cell) for cell in (move.first, move.second)}
        shown = [cell for cell, (x, y) in corners.items() if self.layout.hit(x + size / 2, y + size / 2) is not None]
        # (a half off the table shown is left out: a click in the last column had drawn nothing)
        if shown:
            draw_tried(s, move, self.cell_xy, size, self.taken(), badged, only=shown)

    def actions(self) -> list[Action]:
        # (nothing to turn but a person's own tile: not while a computer plays, not once the game
        # is over, nor while the hand is hidden behind the curtain)
        buttons = [Action("rotate", "回転", self.human_to_move() and not self.curtain_down(), tip=self.rotate_tip)]
        if isinstance(self, TreeController):
            buttons.append(Action("pass", "パス", self.human_to_move() and not self.curtain_down()))
        return buttons

    def act(self, key: str) -> bool:
        if key == "rotate":
            self.rotate()
            return True
        if key == "pass" and isinstance(self, TreeController):
            return self.pass_turn()
        return False

    def hand_slot_xy(self, i: int) -> tuple[float, float]:
        return self.layout.hand_slot_xy(i)

    def report(self) -> str:
        """For the person to move: the tiles the others laid since the person's last move, and who
        passed (on a phone the log lies below the table, and computers play between two taps):
        「青は3-6・4-0、緑は5-3を置きました。黄はパスしました。」, in the order they played (a
        tester read 「緑は5-7を置きました。青はパスしました。」 where 青 had passed first).  Their
        tiles are framed on the table."""
        drawn = self.drawn_tile()
        # (a tester passed, drew 5-5 and found no word of it, nor a mark in the hand)
        mine = ("{}はパスして山から{}-{}を引きました(手元の「引いた」の印)。".format(
            self.player_names[self.state.current_player], *self.hand_face(drawn)) if drawn else "")
        return mine + self.moves_report(self.others_since_own_move())

    def moves_report(self, steps: Sequence[Step]) -> str:
        """:meth:`report`'s words for the others' steps: 「青は3-6・4-0、緑は5-3を置きました。黄は
        パスしました。」"""
        runs: list[tuple[bool, list[tuple[int, list[str]]]]] = []  # (placed?, [(player, tiles)])
        for step in steps:
            placing = isinstance(step.move, Place)
            if not runs or runs[-1][0] != placing:
                runs.append((placing, []))
            players = runs[-1][1]
            if not players or players[-1][0] != step.player:
                players.append((step.player, []))
            if placing:
                _, a, _, b = laid(step.move)
                players[-1][1].append(f"{a}-{b}")
        words = []
        for placing, players in runs:
            if placing:
                words.append("、".join(f"{self.player_names[p]}は{'・'.join(tiles)}" for p, tiles in players)
                             + "を置きました。")
            else:
                words.append(f"{self.names_of(dict.fromkeys(p for p, _ in players))}はパスしました。")
        return "".join(words)

    def drawn_tile(self) -> tuple[int, int] | None:
        """The tile the person to move drew from the supply when they last passed, while it is
        in their hand and the hand is in sight (never on a screen handed to the next person)."""
        if not self.can_see_hand():
            return None
        since = self.since_own_move()
        if since is None or isinstance(since[0].move, Place):
            return None
        p = self.state.current_player
        new = [tile for tile in self.state.hands[p] if tile not in since[0].before.hands[p]]
        return new[0] if len(new) == 1 else None

    def names_of(self, players: Iterable[int]) -> str:
        """Players by name as prose: 「赤」「赤と青」「赤・青・緑」."""
        return names(self.player_names[p] for p in players)

    def out_words(self, finished: Sequence[int]) -> str:
        """Who ran out of tiles: 「青が手元のタイルを使い切りました。」, or in order 「青、緑の順に…」."""
        if len(finished) == 1:
            return f"{self.player_names[finished[0]]}が手元のタイルを使い切りました。"
        return "、".join(self.player_names[p] for p in finished) + "の順に手元のタイルを使い切りました。"

    def grid_size(self) -> dict[str, Any]:
        """The grid's box and where the side panel goes: beside it, or under the grid on a
        narrow screen.  Beside it, the grid is 500 px high (the board still fits a 1366×768
        window) and as wide as the page leaves beside the panel, 440 to 640 px (a wide screen
        shows more of a growing table, each square larger).  On a narrow screen it is as wide
        as the screen gives, less 12 px either side (at most 336), and 440 px high: a phone
        has height to spare, and a finished table is most often taller than wide (its squares
        were 15 px, too small for their numbers)."""
        if self.narrow:
            return {"area": NARROW_GRID_H, "across": float(max(300, min(336, int(self.available or 360) - 24))),
                    "stacked": True, "shrink": not self.replaying()}
        panel = 24 + GridView.HAND_COLUMNS * GridView.HAND_STEP[0] + 24
        across = max(440.0, min(640.0, float(int(self.available or 0) - panel)))
        return {"area": WIDE_GRID_H, "across": across}

    def side_panel(self) -> dict[str, int]:
        """The side panel's size, fixed for a game (the canvas keeps its size) or for a replay
        once it is made still."""
        if self._side is None or self._side_still != self.still:
            self._side, self._side_still = self.side(), self.still
        if self.state.is_over() and not self.replaying():
            return self.final_side()
        return self._side

    def final_side(self) -> dict[str, int]:
        """The side panel once the game is over: rows only for the tiles the person was left
        holding, and no mission under them (the scores show each): on a phone the empty hand had
        left 190 px of blank between the table and the scores.  (Undone, the game's own again.)"""
        humans = self.humans()
        left = len(self.state.hands[humans[0]]) if humans else 0
        return {"players": self.state.players, "hand_rows": -(-left // GridView.HAND_COLUMNS),
                "extra": self.key_height()}

    def replaying(self) -> bool:
        """A replay's board: still, nobody at it (its pictures keep one size as it steps; a page's
        still picture of a board someone will play keeps the live board's layout)."""
        return self.still and "human" not in self.seats

    def side(self) -> dict[str, int]:
        """The side panel's size: rows for the largest hand (and room to draw in The Tree); a
        replay, where nobody sits at the board and no hand is ever shown, keeps one row for
        the line that says the hand is face down (a phone's replay was a screen taller)."""
        state = self.state
        largest = max(len(h) for h in state.hands) + (GridView.HAND_COLUMNS if isinstance(state, TreeState) else 0)
        if self.replaying():
            largest = 1
        return {"players": state.players, "hand_rows": max(1, -(-largest // GridView.HAND_COLUMNS)),
                "extra": 56 if isinstance(state, DominimumState) else self.key_height()}

    def key_height(self) -> int:
        """Room under the hand for a key the game's board draws there, held all game long."""
        return 0

    def hit_hand(self, x: float, y: float) -> tuple[int, int] | None:
        for i, tile in enumerate(self.hand()):
            hx, hy = self.hand_slot_xy(i)
            if hx <= x <= hx + 64 and hy <= y <= hy + 32:
                return tile
        return None

    def board_cell(self, x: float, y: float) -> Cell | None:
        """The start every click shares: only a person to move may click; a click on the
        hand selects a tile (or turns it, where the hand is always one tile); otherwise the grid
        cell under the pointer (screen rows), if any."""
        if not self.human_to_move():
            return None
        if self.curtain_down():  # the hand is hidden until its owner takes the screen
            bx, by, bw, bh = self.curtain_box()
            if bx <= x <= bx + bw and by <= y <= by + bh:
                # the framed hidden hand lifts the curtain as 「手元を見る」 does (on a phone that
                # button had scrolled out of sight above the picture, and a tester's tap on the
                # hand's words was refused)
                self.reveal()
                return None
            self.error = "手元はまだ伏せてあります。" + self.curtain_words()
            return None
        self.layout = self.make_layout()
        tile = self.hit_hand(x, y)
        if tile is not None:
            if self.one_tile_hands:
                # the only tile in hand (ドミノメガ, ドミニマム): a click turns it, as 「回転」 does
                # (and as キングドミノ's domino to place turns: a tester clicked the framed tile and
                # nothing happened)
                self.rotate()
            elif tile == self.selected:
                # a click on the chosen tile turns it, as in the one-tile games (on a phone 「回転」
                # lay above the screen once the hand was in sight: a tester scrolled up and down for
                # every turn of a tile; it had put the tile back, which no choice of another needs)
                self.rotate()
            else:
                self.selected, self.error = tile, None
            return None
        return self.layout.hit(x, y)

    has_secrets = True  # the hands (and Dominimum's missions)

    def can_see_hand(self) -> bool:
        """The hand of the player to move is shown to that player only: the person alone at the
        board, or one of several people after 「手元を見る」; a computer's hand never."""
        p = self.state.current_player
        return p is not None and self.human_to_move() and self.viewer() == p

    def curtain_box(self) -> tuple[float, float, float, float]:
        """The frame around the hidden hand's words while the curtain is down (left, top, width,
        height): a click in it is 「手元を見る」."""
        layout = self.layout
        return layout.hand_x - 6, 96 + layout.panel_dy, 4 * layout.HAND_STEP[0] - 8, 50

    def hand_owner(self) -> int | None:
        """Whose hand the panel shows face up: the person to move who may see it, and while a
        computer moves in a game with one person, that person's (a tester saw his hand vanish
        whenever a computer thought: 「緑の手元 11枚(伏せてあります)」 in its place); else nobody."""
        if self.can_see_hand():
            return self.state.current_player
        humans = self.humans()
        if len(humans) == 1 and self.state.current_player is not None and not self.human_to_move():
            return humans[0]
        return None

    def draw_hand(self, s: Surface) -> None:
        state = self.state
        p = state.current_player
        x, dy = self.layout.hand_x, self.layout.panel_dy
        owner = self.hand_owner()
        if p is not None and owner is not None and owner != p:  # (a computer moves: the person's own hand)
            s.text(x, 60 + dy, f"{self.player_names[owner]}の手元", size=14, bold=True)
            s.text(x, 84 + dy, f"いまは{self.player_names[p]}の番です。", size=12)
            for i, (a, b) in enumerate(state.hands[owner]):
                hx, hy = self.hand_slot_xy(i)
                draw_tile(s, hx, hy, 32, a, b, fill=HALF_FILL, digit=True)
            return
        if p is None:  # the game is over: the tiles the person was left holding (no longer secret)
            humans = self.humans()
            left = state.hands[humans[0]] if humans else ()
            if left:
                s.text(x, 60 + dy, f"{self.player_names[humans[0]]}の残りのタイル({len(left)}枚)", size=14, bold=True)
                for i, (a, b) in enumerate(left):
                    hx, hy = self.hand_slot_xy(i)
                    draw_tile(s, hx, hy, 32, a, b, fill=HALF_FILL, digit=True)
            return
        s.text(x, 60 + dy, f"{self.player_names[p]}の手元", size=14, bold=True)
        if not self.can_see_hand():
            s.text(x, 88 + dy, f"{len(state.hands[p])}枚(伏せてあります)", size=12)
            if self.curtain_down():
                name = self.player_names[p]
                bx, by, bw, bh = self.curtain_box()
                s.rect(bx, by, bw, bh, fill="#fff3e0", stroke="#b26a00", width=1.5)
                how = f"{name}は、この枠か「{self.reveal_label}」を押すと見えます。"
                if text_width(how, 12) <= bw - 12:
                    s.text(x, 112 + dy, f"画面を{name}に渡してください。", size=13, fill="#b26a00", bold=True)
                    s.text(x, 132 + dy, how, size=12, fill="#b26a00")
                else:  # (a long name: 「大円の人は、…見えます。」 ran past the frame) on two lines
                    s.text(x, 105 + dy, f"画面を{name}に渡してください。", size=13, fill="#b26a00", bold=True)
                    head, _, tail = how.partition("を押すと")
                    s.text(x, 122 + dy, head + "を押すと", size=12, fill="#b26a00")
                    s.text(x, 138 + dy, tail, size=12, fill="#b26a00")
            return
        # (a little above the hand: a tile shown upright beside the words stays clear of its frames)
        s.text(x, 84 + dy, self.rotation_label(), size=12)
        chosen = self.chosen_tile()
        if chosen is not None:
            self.draw_direction(s, x + 142, 84 + dy, chosen)
        # a person sees which tiles can go somewhere (thin green frames), a tile chosen or not
        playable = {m.tile for m in state.legal_moves() if isinstance(m, Place)} if self.human_to_move() else set()
        # the chosen tile lies on a patch, tinted, in a thick frame: green when it has a place,
        # grey when it can go nowhere now (green means a place for it; The Tree's last tile,
        # chosen by itself, is grey when the person must pass)
        placeable = self.chosen_placeable()
        drawn = self.drawn_tile()
        for i, (a, b) in enumerate(self.hand()):
            hx, hy = self.hand_slot_xy(i)
            if (a, b) == chosen:
                s.rect(hx - 6, hy - 6, 76, 44, fill=CHOSEN_FILL if placeable else NOWHERE_FILL)
            tint = HALF_FILL if (a, b) != chosen else CHOSEN_TINT if placeable else NOWHERE_TINT
            draw_tile(s, hx, hy, 32, *self.hand_face((a, b)), fill=tint, digit=True)
            if (a, b) == chosen:
                s.rect(hx - 3, hy - 3, 70, 38, stroke=LEGAL if placeable else NOWHERE_FRAME, width=3)
            elif (a, b) in playable:
                s.rect(hx - 2, hy - 2, 68, 36, stroke=LEGAL, width=1.5)
            if (a, b) == drawn:  # drawn at the person's last pass (the status says so)
                s.rect(hx + 30, hy - 9, 34, 13, fill="#fff3c4", stroke="#b26a00", width=1)
                s.text(hx + 47, hy - 2.5, "引いた", size=10, fill="#7a4b00", anchor="middle", bold=True)

    def hand_face(self, tile: tuple[int, int]) -> tuple[int, int]:
        """A hand tile's numbers from left to right as drawn (The Tree turns them with 「回転」)."""
        return tile

    def draw_direction(self, s: Surface, x: float, y: float, tile: tuple[int, int]) -> None:
        """Beside 「向き: …」, the chosen tile's two numbers as it will lie on the table: the first
        number where the person clicks, the second on the side 「回転」 (or a hint) has set."""
        side = 15
        dr, dc = DIRS[self.direction]
        # the first number's square, placed so that both squares stay right of x and centred on y
        fx, fy = x + (side if dc < 0 else 0), y - side / 2 - (side / 2 if dr else 0) + (side if dr < 0 else 0)
        for (r, c), value in (((0, 0), tile[0]), ((dr, dc), tile[1])):
            cx, cy = fx + c * side, fy + r * side
            s.rect(cx, cy, side, side, fill=HALF_FILL, stroke="#222", width=1.2)
            s.text(cx + side / 2, cy + side / 2, str(value), size=11, anchor="middle", bold=True)

    def rotation_label(self) -> str:
        """What 「回転」 has set, shown above the hand."""
        return f"向き: 2つ目の数字は{DIRECTION_NAMES[self.direction]}"

    def pass_turn(self) -> bool:
        if not self.human_to_move() or self.curtain_down():
            return False
        return self.play(Pass())

    # -- what happened: words, marks, the hint ----------------------------------------------
    def describe_move(self, before: Any, move: Any) -> str:
        """「3-5を置く」, the tile named as laid (Dominup, in the chapter's words: 「7-7をテーブルの真ん中に出す」,
        「3-5を1段目に重ね置きする」, 「3-5をテーブルに置いて拡張する」; The Tree: 「3-5を2段目に置く」), 「パス」."""
        if isinstance(move, Pass):
            return "パス(山から1枚引く)" if getattr(before, "supply", None) else "パス"
        _, a, _, b = laid(move)  # (as the chapters write a placed tile, not the smaller number first)
        if isinstance(before, DominupState):
            level = before.play(move).stacks.top(move.first)[0]
            if not before.stacks.cells:
                return f"{a}-{b}をテーブルの真ん中に出す"
            return f"{a}-{b}を{level_name(level)}に重ね置きする" if level else f"{a}-{b}をテーブルに置いて拡張する"
        if isinstance(before, TreeState):
            row = move.first[0]
            after = before.play(move)
            extra = "(追加の手番あり)" if after.extra else ""  # (the mover is to move again; as a hint too)
            return f"{a}-{b}を{'根元の段' if row == 0 else f'{row}段目'}に置く{extra}"
        return f"{a}-{b}を置く"

    def cell_xy(self, cell: Cell) -> tuple[float, float]:
        """Where a cell of the game is drawn."""
        return self.layout.xy(cell)

    def _frame(self, s: Surface, move: Place, colour: str, width: float, dash: bool = False) -> None:
        size = self.layout.cell
        xs, ys = zip(*(self.cell_xy(c) for c in (move.first, move.second)))
        box = (min(xs) + 1, min(ys) + 1, max(xs) - min(xs) + size - 2, max(ys) - min(ys) + size - 2)
        if dash:  # a player's mark: what was played
            mark_rect(s, *box, colour, width)
        else:
            s.rect(*box, stroke=colour, width=width)

    def _badge(self, s: Surface, move: Place, colour: str, label: str) -> None:
        """The name's first letter in a disc in the tile's top-left corner, within the tile (on
        its corner it had hidden the number of the tile beside it, up and to the left)."""
        x, y = (min(v) for v in zip(*(self.cell_xy(c) for c in (move.first, move.second))))
        cell = self.layout.cell
        if cell < LETTER_BADGE_CELL:  # a tall tree on a phone: the letter's disc hid half a half's
            r = max(3.5, cell * 0.22)  # rings, so a small plain disc in the corner (the dashed
            s.circle(x + r, y + r, r, fill=colour, stroke="#fff", width=0.8)  # frame's colour says whose)
            return
        r = 8 if cell >= 30 else 7  # (the letter at the book's least size, 10 px, on both)
        s.circle(x + r - 1, y + r - 1, r, fill=colour, stroke="#fff", width=1.2)
        s.text(x + r - 1, y + r - 0.5, label, size=10, fill="#fff", anchor="middle", bold=True)

    def finish_word(self, player: int) -> str:
        """Once the game is over, a player's result beside their name: 「(勝者)」, or each one's
        place 「(2位)」 when the others played on for places (Dominup, The Tree); else ""."""
        state = self.state
        if not state.is_over():
            return ""
        if getattr(state.options, "play_on", False):
            places = state.places()
            place = next((i for i, group in enumerate(places) if player in group), None)
            if place is not None:
                return f"({place + 1}位)"
        return "(勝者)" if player in state.winners() else ""

    @staticmethod
    def draw_target(s: Surface, x: float, y: float, w: float, h: float) -> None:
        """A square (or a tree's slot) a click may use, framed green: inside the players' dashed
        marks and the hint's orange frame (both drawn at a tile's edge, under it), so that a
        target on the last tile played, or on the hinted one, is still plain to see."""
        inset = TARGET_INSET if min(w, h) >= 24 else 3.5  # (a small square keeps room inside)
        s.rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, stroke=LEGAL, width=2.5)

    def still_seen(self, step: Any) -> bool:
        """Whether the tile a step placed is still in view (Dominup: not yet covered)."""
        return True

    def draw_marks(self, s: Surface) -> None:
        """The tiles of each player's last turn framed in the player's colour, the last of them
        with the name's first letter (a tile covered since is no longer framed); the hint framed
        in orange.  The letters go on last, over every frame (a neighbour's frame drawn after
        them had crossed a letter's disc)."""
        badges = []
        for p, steps in sorted(self.last_turns().items()):
            shown = [step for step in steps if isinstance(step.move, Place) and self.still_seen(step)]
            colour = self.player_colour(p)
            for step in shown:
                self._frame(s, step.move, colour, 3, dash=True)
            if shown:
                badges.append((shown[-1].move, colour, self.player_names[p][0]))
        if isinstance(self.hint_move, Place):
            self._frame(s, self.hint_move, HINT, 4)
        for move, colour, label in badges:
            self._badge(s, move, colour, label)

    def show_hint(self, move: Any) -> None:
        """The hinted tile chosen in the hand and 「回転」 turned the way the hint lays it."""
        if not isinstance(move, Place):
            return
        self.selected = move.tile
        a = move.tile[0]
        first, second = (move.first, move.second) if move.first_value == a else (move.second, move.first)
        step = (second[0] - first[0], second[1] - first[1])
        if step in DIRS:
            self.direction = DIRS.index(step)

    def draw_background(self, s: Surface) -> None:
        s.rect(0, 0, self.layout.width, self.layout.height, fill="#fbf8f1")
        s.text(self.layout.left, 20, self.title, size=14, bold=True)


class GridController(_DominoController):
    """Dominomega, Dominimum and Dominup: tiles on an unbounded square grid."""

    def hint_line(self) -> str:
        """The hint, and how to make it: a click on either square of its orange frame places the
        tile as hinted (a reader told 「3が入るほう」 could not see which square that was)."""
        line = super().hint_line()
        if not isinstance(self.hint_move, Place):
            return line
        # which number goes where (「4-7」 alone did not say: a reader saw the frame over two squares)
        p, a, q, b = laid(self.hint_move)
        where = f"{a}が左、{b}が右" if p[0] == q[0] else f"{a}が上、{b}が下"
        # the tile as the hand (手元) draws it, where it lies the other way round (a tester told 「3-2」
        # looked for it in a hand that shows 2-3)
        x, y = self.hand_face(self.hint_move.tile)
        hand = f"手元では{x}-{y}。" if (x, y) != (a, b) else ""
        # (the hint chooses the tile and turns it: a tester who then played elsewhere found the
        # turn he had set changed without a word)
        return line[:-1] + f"({where}。{hand}タイルを選び、向きも合わせました。{EITHER_SQUARE})。"

    def make_layout(self) -> GridView:
        # (a replay shows no square to play on, nor a finished game: a margin of one square, not
        # two, leaves its table larger squares; a phone's finished table of twelve columns had 21 px
        # squares, and a finished ドミニマム's 19 px squares had lost the numbers its score counts)
        still = self.replaying() or self.state.is_over()
        return GridView.around(self.occupied(), margin=1 if still else 2, **self.grid_size(),
                               **self.side_panel())

    def occupied(self) -> list[Cell]:
        state = self.state
        return list(state.stacks.cells) if isinstance(state, DominupState) else list(state.table.values)

    def targets(self) -> list[Cell]:
        tile = self.chosen_tile()
        # (nothing while the hand is behind the curtain: the frames would tell of a hidden tile)
        if tile is None or not self.human_to_move() or self.curtain_down():
            return []
        dr, dc = DIRS[self.direction]
        out = set()
        for m in self.state.legal_moves():
            if not isinstance(m, Place) or m.tile != tile:
                continue
            for (p, vp), (q, vq) in (((m.first, m.first_value), (m.second, m.second_value)),
                                     ((m.second, m.second_value), (m.first, m.first_value))):
                if vp == tile[0] and q == (p[0] + dr, p[1] + dc) and vq == tile[1]:
                    out.add(p)
        return sorted(out)

    def click(self, x: float, y: float) -> bool:
        cell = self.board_cell(x, y)
        if cell is None:
            return False
        tile = self.chosen_tile()
        if tile is None:
            self.error = "先に、手元のタイルを1枚クリックして選んでください。"
            return False
        hint = self.hint_move
        if isinstance(hint, Place) and hint.tile == tile and cell in (hint.first, hint.second):
            return self.play(hint)  # either square of the hint's orange frame: the placement it shows
        dr, dc = DIRS[self.direction]
        return self.try_place(Place.make(tile[0], tile[1], cell, (cell[0] + dr, cell[1] + dc)))

    def draw(self, s: Surface) -> None:
        view = self.layout = self.make_layout()
        state = self.state
        s.rect(view.grid_x, view.top, view.cols * view.cell, view.rows * view.cell, fill="#efe9dc", stroke="#cfc6b0")
        shade = self.scored_shades()
        for cell, value in state.table.values.items():  # (Dominup's stacks: DominupController.draw)
            x, y = view.xy(cell)
            draw_half(s, x, y, view.cell, value, shade.get(cell, HALF_FILL), digit=True)
        _tile_outlines(s, state.table.tiles, view.xy, view.cell)
        if shade:  # (beside the game's name: what the colours are)
            x = view.left + 14 * len(self.title) + 16
            s.text(x, 20, self.scored_caption(view.width - 8 - x), size=12)
        self.draw_marks(s)
        for cell in self.targets():
            self.draw_target(s, *view.xy(cell), view.cell, view.cell)
        self.draw_tried(s)
        self.draw_hand(s)
        self.draw_scores(s)

    #: Whether a score is made of groups on the table (:meth:`scored_groups`): the finished
    #: game's row then has a button for each player, to colour that player's groups.
    scores_groups: ClassVar[bool] = False
    #: The player whose groups a button chose, with the game it was chosen in (its seed and
    #: moves: the choice holds for that finished game only, not after an undo or in the next
    #: game, which in Dominomega always ends after as many moves).
    groups_chosen: tuple[tuple[Any, ...], int] | None = None

    def scored_player(self) -> int | None:
        """Once the game is over, the player whose score the table's colours explain: the one a
        button chose, else the person at the board (the first seat a person has); nobody in a
        game of computers alone until a button is pressed."""
        if not self.state.is_over():
            return None
        chosen = self.groups_chosen
        if chosen is not None and chosen[0] == self.game_key() and chosen[1] < self.state.players:
            return chosen[1]
        return next((p for p, seat in enumerate(self.seats) if seat == "human"), None)

    def scored_groups(self, player: int) -> list[list[Cell]]:
        """The groups of halves that made ``player``'s score (a game that scores groups gives them)."""
        return []

    def game_key(self) -> tuple[Any, ...]:
        return (self.state.seed, self.state.players, *self.state.moves)

    def actions(self) -> list[Action]:
        """At the end of a game scored by groups, 「…のグループ」 for each player: every player's
        score can be checked on the table (with two people at the board only the first one's
        groups had been coloured, and none in a game of computers)."""
        buttons = super().actions()
        if self.scores_groups and self.state.is_over():
            shown = self.scored_player()
            buttons += [Action(f"groups{p}", f"{name}のグループ", True, p == shown, toggle=True,
                               tip=f"{name}の得点を決めたグループに色をつけます")
                        for p, name in enumerate(self.player_names[:self.state.players])]
        return buttons

    def act(self, key: str) -> bool:
        if key.startswith("groups") and key[6:].isdigit() and self.scores_groups and self.state.is_over():
            self.groups_chosen = (self.game_key(), int(key[6:]))
            return True
        return super().act(key)

    def scored_shades(self) -> dict[Cell, str]:
        """At the end, the groups that made the person's score, coloured (a reader could not check
        「2×2」 against the table; the chapter's examples colour them so)."""
        p = self.scored_player()
        return {} if p is None else group_shades(self.scored_groups(p))

    def group_words(self, group: list[Cell]) -> str:
        """A group in words, for the picture's text form: 「4マス」 (ドミニマム names its number)."""
        return f"{len(group)}マス"

    def scored_words(self) -> str:
        return f"色のついたマス: {self.player_names[self.scored_player()]}の得点を決めたグループ"

    def scored_caption(self, room: float) -> str:
        """:meth:`scored_words` beside the game's name, shorter where they would not fit in ``room``
        (on a phone 「…の得点を決めたグルー」 had been cut off at the picture's edge)."""
        words = self.scored_words()
        return words if text_width(words, 12) <= room else f"色: {self.player_names[self.scored_player()]}の得点のグループ"

    def draw_scores(self, s: Surface) -> None:
        state = self.state
        x, y = self.layout.hand_x, self.layout.scores_y
        s.text(x, y, "得点" if not isinstance(state, DominupState) else "手元の枚数", size=14, bold=True)
        for p in range(state.players):
            value = f"{len(state.hands[p])}枚" if isinstance(state, DominupState) else self.score_shown(p)
            label = self.player_names[p]
            if isinstance(state, DominomegaState) and RING_NAMES[state.symbols[p]] not in label:
                label += f"({RING_NAMES[state.symbols[p]]})"  # (the seats are named for their symbols)
            won = self.finish_word(p)
            s.text(x, y + 24 + p * 22, f"{'▶ ' if p == state.current_player else ''}{label}: {value}{won}", size=13,
                   bold=bool(won))
        if isinstance(state, DominupState) and state.options.misere:  # (else nothing shows the game is one)
            s.text(x, y + 24 + state.players * 22 + 4, MISERE_LINE, size=12, fill=WRONG, bold=True)

    def score_shown(self, player: int) -> str:
        """A player's score as the board shows it (Dominimum hides the others' scores)."""
        return str(self.state.scores()[player])

    def score_note(self, player: int) -> str:
        """Words after a player's score in the board's description (Dominimum's mission at the end)."""
        return ""

    def status(self) -> str:
        if self.error:
            return self.error
        state = self.state
        if state.is_over():
            return self.end_words()
        name = self.player_names[state.current_player]
        extra = ""
        if isinstance(state, DominupState):
            extra = {"open": "ダブルの7を中央に置いてください。", "climb": "重ね置きできるタイルがあります(必須)。",
                     "expand": "拡張を1回行います。"}[state.phase]
        chosen = self.chosen_words()
        advice = self.chosen_advice()
        if advice:
            return f"{name}の番です。{extra}{chosen}{advice}"
        if chosen:
            if self.one_tile_hands and chosen == ONLY_TILE:
                chosen = ""  # (ドミノメガ: every turn the one tile drawn; the chapter says so, not every turn)
            # (a one-tile hand's chapter says a click on the tile turns it, as 「回転」 does)
            turn = "「回転」" if self.one_tile_hands else "選んだタイルをもう一度クリックするか「回転」"
            return (f"{name}の番です。{extra}{chosen}1つ目の数字を置くマスをクリックしてください"
                    f"(緑の枠が置けるマス。2つ目の数字の向きは{turn}で変わります)。")
        return (f"{name}の番です。{extra}手元のタイルをクリックして選んでください(細い緑の枠は置けるタイル)。"
                "そのあと、1つ目の数字を置くマスをクリックします。")

    def end_words(self) -> str:
        """The end: why the game ended, what each player has, and who won by which rule."""
        state = self.state
        winners = state.winners()
        return "ゲーム終了。" + (f"勝者は{self.names_of(winners)}です。" if winners else "勝者はいません。")

    def describe(self) -> str:
        state = self.state
        if isinstance(state, DominupState):
            text = stacks_words(state.stacks) if state.stacks.cells else "まだタイルはありません。"
            counts = "、".join(f"{self.player_names[p]}は{len(h)}枚" for p, h in enumerate(state.hands))
            return f"{text}\n手元の枚数: {counts}\n{self.status()}"
        text = "テーブル: " + table_words(state.table, state.table.tiles)
        scores = "、".join(f"{self.player_names[p]}は{self.score_shown(p)}" + ("" if self.score_shown(p) == "?" else "点")
                           + self.score_note(p) for p in range(state.players))
        p = self.scored_player()
        if p is not None and self.scored_groups(p):
            groups = "、".join(self.group_words(group) for group in self.scored_groups(p))
            scores += f"\n{self.scored_words()}({groups})"
        return f"{text}\n得点: {scores}\n{self.status()}"

    def info_html(self) -> str:
        return ""


class DominomegaController(GridController):
    game = DominomegaState
    title = "ドミノメガ"
    scores_groups = True
    one_tile_hands = True
    player_names = ("点の人", "小円の人", "大円の人")

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None,
                 seats: Sequence[str] | None = None) -> None:
        self.player_names = tuple(self.names_for(players))
        super().new_game(players, seed, options, seats)

    @classmethod
    def names_for(cls, players: int) -> list[str]:
        # with two players the small circle is left out
        return ["点の人", "大円の人"] if players == 2 else ["点の人", "小円の人", "大円の人"]

    def player_colour(self, p: int) -> str:
        """A seat's colour is its symbol's, at every count: the large circle is green with two
        players too (where its seat is the second, it had been blue)."""
        return PLAYER_COLOURS[list(RING_NAMES).index(self.state.symbols[p])]

    def score_shown(self, player: int) -> str:
        return f"{self.state.scores()[player]:,}"  # 「531,441」, as the rules write large scores

    def scored_groups(self, player: int) -> list[list[Cell]]:
        """The player's symbol's groups of two halves or more (the factors of the score)."""
        return [g for g in symbol_groups(self.state.table, self.state.symbols[player]) if len(g) > 1]

    def end_words(self) -> str:
        """All tiles are placed; each score is the product of its symbol's group sizes; the highest wins."""
        state = self.state
        parts = []
        for p, symbol in enumerate(state.symbols):
            sizes = [n for n in group_sizes(state.table, symbol) if n > 1]  # (a group of one adds nothing)
            parts.append(f"{self.player_names[p]}は{state.scores()[p]:,}点"
                         + (f"({'×'.join(map(str, sizes))})" if len(sizes) > 1 else ""))
        winners = state.winners()
        top = max(state.scores())
        level = [p for p, sc in enumerate(state.scores()) if sc == top]
        words = (f"ゲーム終了。タイルがすべて置かれました。得点はシンボルのグループの大きさを掛け合わせた数"
                 f"(1マスのグループは省略)で、{'、'.join(parts)}です。")
        if len(level) > 1 and len(winners) == 1:  # (the option: the last of the tied players wins)
            return words + (f"{self.names_of(level)}がいちばん高い得点で並びました。この設定では、並んだ中で手番が"
                            f"最後の人の勝ちなので、勝者は{self.names_of(winners)}です。")
        tied = "(同点)" if len(winners) > 1 else ""  # (「同点でいちばん高い」 lacked its 「得点が」)
        return words + f"勝者は、得点がいちばん高い{self.names_of(winners)}{tied}です。"


class DominimumController(GridController):
    game = DominimumState
    title = "ドミニマム"
    scores_groups = True
    one_tile_hands = True  # (its one playing tile, drawn again after each: the chapter says it once)

    def draw_hand(self, s: Surface) -> None:
        super().draw_hand(s)
        p = self.hand_owner()
        if p is not None:
            a, b = self.state.missions[p]
            x, y, size = self.mission_box()
            s.text(x, y - 10, "自分のミッション", size=12)
            draw_tile(s, x, y, size, a, b, fill="#dff2e3", digit=True)

    def mission_box(self) -> tuple[float, float, float]:
        """Where the mover's own mission tile is drawn, under the hand: its left, top and square size."""
        return self.layout.hand_x, self.layout.extra_y + 18, 32

    def click(self, x: float, y: float) -> bool:
        """A click on one's own mission tile is told what it is for (a tester had been answered
        with a rule about the table)."""
        if self.hand_owner() is not None and self.layout is not None:
            left, top, size = self.mission_box()
            on_it = left <= x <= left + 2 * size and top <= y <= top + size
        else:
            on_it = False
        if on_it:
            a, b = self.state.missions[self.hand_owner()]
            self.error = (f"これは自分のミッション({a}と{b})で、テーブルには置きません。テーブルで{a}と{b}のマスが"
                          "大きくつながるほど得点が増えます(得点は少ないほうが勝ち)。置くのは、その上の手元のタイルです。")
            return False
        return super().click(x, y)

    def score_shown(self, player: int) -> str:
        """Each score comes from a secret mission: until the end only the viewer's own is shown,
        and at the end every score (each beside its mission, face up: :meth:`draw_scores`)."""
        if self.state.is_over() or player == self.viewer():
            return str(self.state.scores()[player])
        return "?"

    def scored_groups(self, player: int) -> list[list[Cell]]:
        """For each number of the player's mission, its largest groups (the two factors)."""
        return [g for number in self.state.missions[player] for g in largest_groups(self.state.table, number)]

    def group_words(self, group: list[Cell]) -> str:
        return f"{self.state.table.values[group[0]]}が{len(group)}マス"

    def score_note(self, player: int) -> str:
        if not self.state.is_over():
            return ""
        a, b = self.state.missions[player]
        return f"(ミッション{a}と{b})"

    def draw_scores(self, s: Surface) -> None:
        """At the end, every mission face up: each player's mission tile, drawn as the tiles on
        the table are, beside the score it gave (the rules turn the missions over)."""
        state = self.state
        if not state.is_over():
            super().draw_scores(s)
            return
        x, y = self.layout.hand_x, self.layout.scores_y
        s.text(x, y, "得点とミッション", size=14, bold=True)
        winners = state.winners()
        for p in range(state.players):
            a, b = state.missions[p]
            row = y + 30 + p * 32  # (24 px squares: the smallest that keep their numbers)
            draw_tile(s, x, row - 18, 24, a, b, fill="#dff2e3", digit=True)
            won = "(勝者)" if p in winners else ""
            s.text(x + 58, row, f"{self.player_names[p]}: {state.scores()[p]}点{won}", size=13, bold=bool(won))

    def end_words(self) -> str:
        """All tiles are placed and the missions face up; each score is the product of the two
        largest groups; the lowest wins, a tie going to whoever placed their last tile first."""
        state = self.state
        parts = []
        for p, (a, b) in enumerate(state.missions):
            ga, gb = largest_group(state.table, a), largest_group(state.table, b)
            parts.append(f"{self.player_names[p]}は{state.scores()[p]}点(ミッション{a}と{b}: {ga}×{gb})")
        winners = state.winners()
        low = min(state.scores())
        tied = [p for p, sc in enumerate(state.scores()) if sc == low]
        words = (f"ゲーム終了。タイルがすべて置かれ、ミッションを表にしました。{'、'.join(parts)}。"
                 f"得点がいちばん低い人の勝ちです。")
        if len(tied) > 1 and len(winners) == 1:
            return words + (f"{self.names_of(tied)}が同じ{low}点で並びました。このときは、自分の最後のタイルを先に出した人の"
                            f"勝ちなので、勝者は{self.names_of(winners)}です。")
        return words + f"勝者は{self.names_of(winners)}です。"


# -- Dominup's levels and The Tree's brick rows (pictures and boards) -----------------------
#: The ink of a stack's level disc: a blue grey, apart from every player's colour (a brown one read as
#: 黄's letter on a 4-player table).
LEVEL_BADGE = "#37474f"
#: The least side of a square on which a last move's mark carries the player's letter (a disc
#: of radius 7 on a smaller square covers most of a half).
LETTER_BADGE_CELL = 20


def _badge(s: Surface, x: float, y: float, size: float, level: int) -> None:
    """A level number in a small disc; callers put it where no ring can be (see below)."""
    r = max(7.0, size * 0.16)
    s.circle(x, y, r, fill="#fffdf7", stroke=LEVEL_BADGE, width=1.4)
    s.text(x, y + 0.5, str(level), size=max(10.0, round(r * 1.4)), anchor="middle", fill=LEVEL_BADGE, bold=True)


def draw_stacks(s: Surface, stacks: Stacks, xy: Any, size: float, highlight: Place | None = None,
                digit: bool = False, discs_later: list[Callable[[], None]] | None = None) -> set[Cell]:
    """The top half of every cell, shaded by its level, each tile outlined, and on each tile
    above the table its level in a disc at the middle of its long side, just inside the
    tile, where it clears the large circle of both halves (their centres are half a cell
    away along the tile and the disc sits against the edge).  Returns the cells whose
    top-left corner the discs cover (a raised tile's right or lower half).  ``discs_later``:
    the discs are left there, to draw over frames drawn after (a refused tile's frame had cut
    its neighbour's disc in two)."""
    badged: set[Cell] = set()
    discs: list[Callable[[], None]] = []  # (over the frames: a highlight's cut a disc in two)
    tops = {cell: stacks.top(cell) for cell in stacks.cells}
    for cell, (level, value, _) in tops.items():
        x, y = xy(cell)
        draw_half(s, x, y, size, value, LEVEL_FILL[min(level, len(LEVEL_FILL) - 1)], digit)
    by_tile: dict[int, list[Cell]] = {}
    for cell, (_, _, tile) in tops.items():
        by_tile.setdefault(tile, []).append(cell)
    r = max(7.0, size * 0.16)
    for tile, cells in sorted(by_tile.items()):
        xs = [xy(c)[0] for c in cells]
        ys = [xy(c)[1] for c in cells]
        s.rect(min(xs), min(ys), max(xs) - min(xs) + size, max(ys) - min(ys) + size, stroke="#222", width=1.6)
        level = tops[cells[0]][0]
        if len(cells) == 2 and level:
            if ys[0] == ys[1]:  # lying along a row: the top edge, between the halves
                at = (min(xs) + size, min(ys) + r + 1.5)
            else:  # lying along a column: the left edge, between the halves
                at = (min(xs) + r + 1.5, min(ys) + size)
            discs.append(lambda at=at, level=level: _badge(s, *at, size, level))
            badged.add(max(cells))  # (the right half, or the lower one)
    if highlight is not None:
        cells = (highlight.first, highlight.second)
        xs = [xy(c)[0] for c in cells]
        ys = [xy(c)[1] for c in cells]
        frame_cells(s, xs, ys, size, LEGAL)
    if discs_later is None:
        for disc in discs:
            disc()
    else:
        discs_later.extend(discs)
    return badged


def _levels_key(s: Surface, x: float, y: float, levels: Iterable[int], right: float | None = None) -> None:
    """「高さ: ■テーブル ■1段目 …」, the shades of the heights in ``levels``; the gaps between
    them narrower where the line would pass ``right`` (a phone's board)."""
    levels = sorted(set(levels))
    if not levels:  # (an empty table: no heights to tell)
        return
    s.text(x, y + 8, "高さ:", size=11)
    x += 40
    steps = [20 + (52 if level == 0 else 40) for level in levels]
    widths = [20 + text_width(level_name(level), 11) for level in levels]
    if right is not None and x + sum(steps[:-1]) + widths[-1] > right:
        gap = max(3.0, (right - x - sum(widths)) / max(1, len(levels) - 1))
        steps = [width + gap for width in widths]
    for level, step in zip(levels, steps):
        s.rect(x, y, 16, 16, fill=LEVEL_FILL[min(level, len(LEVEL_FILL) - 1)], stroke="#8a8273", width=0.6)
        s.text(x + 20, y + 8, level_name(level), size=11)
        x += step


#: The height of the key of the heights under ドミナップ's hand (:meth:`DominupController.draw`).
LEVELS_KEY_H = 26

#: A half where a refused tile was tried, on an empty square (and its frame: WRONG).
TRIED_FILL = "#fde3e1"


def draw_tried(s: Surface, move: Place, xy: Any, size: float, taken: Iterable[Cell] = (),
               badged: Iterable[Cell] = (), only: Iterable[Cell] | None = None) -> None:
    """A tile a rule refused, where it was tried: on an empty square its half drawn pale red
    with its number; on a square already covered its number in red in the top-left corner, or
    the top-right where a level disc sits top left (``badged``; the covered half's own number
    is in the bottom-right); a red frame round both (round those of ``only``, the halves a
    board shows, where one lies off it)."""
    taken, badged = set(taken), set(badged)
    halves = [(cell, value) for cell, value in ((move.first, move.first_value), (move.second, move.second_value))
              if only is None or cell in only]
    for cell, value in halves:
        x, y = xy(cell)
        if cell in taken:
            font = max(11, round(size * 0.28))
            w, h = 0.62 * font + 4, font + 2
            left = x + size - 2 - w if cell in badged else x + 2
            s.rect(left, y + 2, w, h, fill="#ffffff", stroke=WRONG, width=1.2)
            s.text(left + w / 2, y + 2 + h / 2, str(value), size=font, fill=WRONG, anchor="middle", bold=True)
        else:
            draw_half(s, x, y, size, value, TRIED_FILL, digit=True)
    xs = [xy(c)[0] for c, _ in halves]
    ys = [xy(c)[1] for c, _ in halves]
    frame_cells(s, xs, ys, size, WRONG)


def frame_cells(s: Surface, xs: Sequence[float], ys: Sequence[float], size: float, colour: str) -> None:
    """A book picture's frame round the squares at ``xs``, ``ys`` (a tile just laid, or tried and
    refused), flush outside them: 3 px wide and no farther out, clear of the number in the corner
    of the square above (a frame 1.5 px farther out had cut the foot of that number: a reviewer)."""
    s.rect(min(xs) - 1.5, min(ys) - 1.5, max(xs) - min(xs) + size + 3, max(ys) - min(ys) + size + 3,
           stroke=colour, width=3)


def laid(move: Place) -> tuple[Cell, int, Cell, int]:
    """A placed tile as the book writes it: its left (or upper) cell and number first, then the
    other (a :class:`Place` keeps the smaller number first, wherever it lies)."""
    (p, a), (q, b) = sorted(((move.first, move.first_value), (move.second, move.second_value)))
    return p, a, q, b


def tried_words(move: Place) -> str:
    """The refused tile of a picture, in words: 「赤の枠は、5-7を置こうとして置けなかった2マス。」"""
    _, a, _, b = laid(move)
    return f"赤の枠は、{a}-{b}を置こうとして置けなかった2マス。"


def stacks_words(stacks: Stacks, highlight: Place | None = None) -> str:
    """The tiles by level, in words (a picture's text form): each tile as the book writes it,
    the left (or upper) number first, standing tiles marked 縦向き, the framed tile 緑の枠."""
    levels: dict[int, list[str]] = {}
    framed = False
    for move, level in stacks.placed():
        p, a, q, b = laid(move)
        lit = highlight is not None and {p, q} == {highlight.first, highlight.second}
        framed = framed or lit
        notes = (["縦向き"] if p[1] == q[1] else []) + (["緑の枠"] if lit else [])
        levels.setdefault(level, []).append(f"{a}-{b}" + (f"({'、'.join(notes)})" if notes else ""))
    words = ("。".join(("テーブルの上" if lv == 0 else level_name(lv)) + "に" + "、".join(ts)
                       for lv, ts in sorted(levels.items())) + "。") if levels else "テーブルにはまだタイルがありません。"
    if highlight is not None and not framed:  # a frame on two cells where a tile can go
        _, a, _, b = laid(highlight)
        words += f"緑の枠は{a}-{b}を置ける2マス。"
    return words


def stacks_picture(stacks: Stacks, size: int = 48, highlight: Place | None = None,
                   title: str = "ドミナップの重ね置き", wrong: Place | None = None, caption: str = "") -> Picture:
    """Dominup tiles seen from above: the top tiles, shaded by level, with level discs and each
    half's number small in its corner (as the board shows them), and a key; ``highlight``
    frames one tile (the one just placed), ``wrong`` shows a tile a rule refused where it was
    tried (:func:`draw_tried`); ``caption`` is a line under the key (pictures side by side)."""
    shown = list(stacks.cells) + ([] if wrong is None else [wrong.first, wrong.second])
    rows = [r for r, _ in shown]
    cols = [c for _, c in shown]
    r0, c0 = min(rows), min(cols)
    width = max((max(cols) - c0 + 1) * size + 16, 240, 16 + 13 * len(caption))
    height = (max(rows) - r0 + 1) * size + 48
    s = SvgSurface(width, height + (22 if caption else 0), title)

    def xy(cell: Cell) -> tuple[float, float]:
        return 8 + (cell[1] - c0) * size, 8 + (cell[0] - r0) * size

    discs: list[Callable[[], None]] = []
    badged = draw_stacks(s, stacks, xy, size, highlight, digit=True, discs_later=discs)
    if wrong is not None:
        draw_tried(s, wrong, xy, size, stacks.cells, badged)
    for disc in discs:  # (over the frames)
        disc()
    _levels_key(s, 8, height - 28, [lv for _, lv in stacks.placed()])
    if caption:
        s.text(8, height + 8, caption, size=12)
    alt = f"{title}の図。" + stacks_words(stacks, highlight) + ("" if wrong is None else tried_words(wrong)) + caption
    if not stacks.cells and wrong is not None:  # (the empty table: the picture shows the tried tile alone)
        return Picture(s.svg(), alt, position=("dominoes.tiles", f"{wrong.tile[0]}-{wrong.tile[1]}"))
    return Picture(s.svg(), alt, position=("dominoes.stacks", stacks.moves_text()))


def draw_tree(s: Surface, cells: Mapping[Cell, int], xy: Any, size: float, digit: bool = False) -> None:
    """The tree's halves, each tile (a brick slot of two halves) outlined."""
    for cell, value in cells.items():
        x, y = xy(cell)
        draw_half(s, x, y, size, value, digit=digit)
    for (r, x), value in cells.items():
        if (x - r) % 2 == 0 and (r, x + 1) in cells:
            px, py = xy((r, x))
            s.rect(px, py, 2 * size, size, stroke="#222", width=1.8)


def level_name_of_row(row: int) -> str:
    """A row of The Tree by its name in the pictures: the starting tile's row is 根元 (the root)."""
    return "根元" if row == 0 else f"{row}段目"


def tree_words(tree: Tree, highlight: Place | None = None) -> str:
    """The tree row by row from the root up, each row's tiles from left to right, the left
    number first (a picture's text form); the framed tile marked 緑の枠."""
    framed = None if highlight is None else min(highlight.first, highlight.second)
    rows: dict[int, list[str]] = {}
    for (r, x), value in sorted(tree.cells.items()):
        if (x - r) % 2 == 0 and (r, x + 1) in tree.cells:
            rows.setdefault(r, []).append(f"{value}-{tree.cells[(r, x + 1)]}" + ("(緑の枠)" if (r, x) == framed else ""))
    return "。".join(("根元の段に" if r == 0 else f"{r}段目に") + "、".join(ts)
                    for r, ts in sorted(rows.items())) + "。"


def tree_picture(tree: Tree, size: int = 44, highlight: Place | None = None, title: str = "ザ・ツリー",
                 show_rows: bool = True, digits: bool = False, wrong: Place | None = None) -> Picture:
    """The tree as brick rows growing upwards, each tile outlined; row numbers on the left
    (the starting tile's row is 0); ``highlight`` frames one tile (the one just placed);
    ``digits`` writes each half's number small in its corner, as the boards do; ``wrong``
    shows a tile a rule refused where it was tried (:func:`draw_tried`)."""
    shown = list(tree.cells) + ([] if wrong is None else [wrong.first, wrong.second])
    rows = [r for r, _ in shown]
    xs = [x for _, x in shown]
    top, x0 = max(rows), min(xs)
    label_w = 52 if show_rows else 8
    width = label_w + (max(xs) - x0 + 1) * size + 6
    height = (top + 1) * size + 16

    def xy(cell: Cell) -> tuple[float, float]:
        return label_w + (cell[1] - x0) * size, 8 + (top - cell[0]) * size

    # (a phone opens a wide tree at its root, which it may have outgrown more on one side)
    root = [x for r, x in tree.cells if r == 0]
    s = SvgSurface(width, height, title, centre=(xy((0, min(root)))[0] + xy((0, max(root)))[0] + size) / 2)

    if show_rows:
        for r in range(top + 1):
            s.text(label_w - 8, 8 + (top - r) * size + size / 2, level_name_of_row(r), size=11,
                   anchor="end", fill="#555")
    draw_tree(s, tree.cells, xy, size, digit=digits)
    if highlight is not None:
        left = min(highlight.first, highlight.second)
        px, py = xy(left)
        frame_cells(s, [px, px + size], [py, py], size, LEGAL)
    if wrong is not None:
        draw_tried(s, wrong, xy, size, tree.cells)
    alt = f"{title}の図(各段を左から順に)。" + tree_words(tree, highlight) + ("" if wrong is None else tried_words(wrong))
    return Picture(s.svg(), alt, position=("dominoes.tree", tree.to_text()))


#: ドミナップ and ザ・ツリー: the greedy player rates only what a placement leaves for the next
#: turns (every placement puts one tile down), so the hint is a search player's move instead,
#: which looks further ahead: a fixed number of iterations (about the weak seat's 0.2 s in The Tree;
#: ドミナップ's playouts follow the greedy player and think fewer, :attr:`_SearchHint.hint_iterations`),
#: so that a position always gets the same hint.
SEARCH_HINT_ITERATIONS = 150


class _SearchHint:
    hint_by = "先を読むコンピューター"
    hint_iterations: ClassVar[int] = SEARCH_HINT_ITERATIONS

    def hint_player(self, seed: int) -> Any:
        return SearchPlayer(seed=seed, iterations=self.hint_iterations)


class DominupController(_SearchHint, GridController):
    game = DominupState
    title = "ドミナップ"
    # (its playouts follow the greedy player: 150 had kept a phone's reader waiting 7 s for a
    # hint; with the playouts' quicker expansions 100 take about as long as 60 did, 0.4 s here)
    hint_iterations = 100
    # (what the greedy player weighs here, where every placement puts one tile down)
    seat_tips = {**BoardController.seat_tips,
                 "greedy": "欲張り: 置いたあとに、自分が重ね置きできる場所が多く、ほかの人が重ね置きできる場所が"
                           "少なく残る手を選ぶコンピューターです(ミゼールでは逆に、ほかの人が重ね置きできる場所が多く残る手)"}

    def still_seen(self, step: Any) -> bool:
        """A tile is in view while it is the top of both its cells (tiles are numbered in the
        order they were placed)."""
        index = len({t for stack in step.before.stacks.cells.values() for _, t in stack})
        tops = [self.state.stacks.top(cell) for cell in (step.move.first, step.move.second)]
        return all(top is not None and top[2] == index for top in tops)

    def key_height(self) -> int:
        return LEVELS_KEY_H

    def draw(self, s: Surface) -> None:
        view = self.layout = self.make_layout()
        s.rect(view.grid_x, view.top, view.cols * view.cell, view.rows * view.cell, fill="#efe9dc", stroke="#cfc6b0")
        badged = draw_stacks(s, self.state.stacks, view.xy, view.cell, digit=True)
        self.draw_marks(s)
        for cell in self.targets():
            self.draw_target(s, *view.xy(cell), view.cell, view.cell)
        self.draw_tried(s, badged)
        self.draw_hand(s)
        # the shades of the heights, as the chapter's figures have them (a tester could not tell
        # the height of a half whose tile's other half was covered: only its shade says it)
        top = max((level for _, level in self.state.stacks.placed()), default=0)
        _levels_key(s, view.hand_x, view.extra_y + 2, range(max(1, top) + 1), right=view.width - 8)
        self.draw_scores(s)

    def taken(self) -> Iterable[Cell]:
        return self.state.stacks.cells

    def end_words(self) -> str:
        """Who ran out of tiles, and the places that gives (turned round in misère)."""
        state = self.state
        words = "ゲーム終了。" + self.out_words(state.finished)
        if state.options.play_on:
            order = "、".join(f"{i}位は{self.names_of(group)}" for i, group in enumerate(state.places(), 1))
            return words + ("ミゼールなので、先に使い切った人ほど下の順位です。" if state.options.misere else "") + f"{order}。"
        if state.options.misere:
            return words + f"ミゼールなので{self.player_names[state.finished[0]]}の負けで、勝者は{self.names_of(state.winners())}です。"
        return words + f"勝者は{self.names_of(state.winners())}です。"

    def describe(self) -> str:
        state = self.state
        counts = "、".join(f"{self.player_names[p]}は{len(h)}枚" for p, h in enumerate(state.hands))
        words = stacks_words(state.stacks) if state.stacks.cells else "まだタイルはありません。"
        return f"{words}\n手元の枚数: {counts}\n{self.status()}"


#: After a pass in ザ・ツリー with the supply empty (a tester asked whether it had drawn nothing).
EMPTY_SUPPLY = "(山が空なので、引くタイルはありません)"


class TreeController(_SearchHint, _DominoController):
    """The Tree: brick rows growing upwards from the root."""

    game = TreeState
    title = "ザ・ツリー"
    rotate_tip = "タイルの左右を入れ替えます"
    # (what the greedy player weighs here, where every placement puts one tile down)
    seat_tips = {**BoardController.seat_tips,
                 "greedy": "欲張り: 追加の手番がもらえる手を重く見て、置いたあとも木に置けるタイルが手元に"
                           "多く残る手を選ぶコンピューターです"}

    def same_turn(self, previous: Step, step: Step) -> bool:
        """A player moves again in the same turn only on an extra turn (alone at the board, every
        placement had joined the last: the whole tree framed as the last turn)."""
        return step.player == previous.player and bool(step.before.extra)

    def moves_report(self, steps: Sequence[Step]) -> str:
        """The others' turns with the row each tile went to, an extra turn said as such (a tester
        read 「緑は6-3・4-7を置きました」 with no row, nor why two): 「青は5-0を2段目に置きました。
        緑は6-3を1段目に置き、追加の手番で4-7を2段目に置きました。黄と赤はパスしました。」  A pass
        that drew from the supply says so (the table sees the hand grow; a tester read 「青はパス
        しました」 and looked for the tile 青 had drawn): 「青はパスして山から1枚引きました。」"""
        turns = self._turns(steps)
        words: list[str] = []
        # (players whose whole turn was a pass, in a row, with whether they drew: told together)
        passed: list[tuple[int, bool]] = []

        def tell_passes() -> None:
            runs: list[tuple[bool, list[int]]] = []
            for player, drew in passed:
                if not runs or runs[-1][0] != drew:
                    runs.append((drew, []))
                runs[-1][1].append(player)
            for drew, players in runs:
                names = self.names_of(dict.fromkeys(players))
                if not drew:  # (a tester asked whether the pass had drawn nothing)
                    words.append(f"{names}はパスしました{EMPTY_SUPPLY}。")
                elif len(set(players)) == 1:
                    words.append(f"{names}はパスして山から1枚引きました。")
                else:
                    words.append(f"{names}はパスして、山から1枚ずつ引きました。")
            passed.clear()

        for turn in turns:
            if len(turn) == 1 and isinstance(turn[0].move, Pass):
                passed.append((turn[0].player, bool(turn[0].before.supply)))
                continue
            tell_passes()
            phrases, empty = [], ""
            for step in turn:
                if isinstance(step.move, Place):
                    _, a, _, b = laid(step.move)
                    phrases.append(f"{a}-{b}を{'根元の段' if step.move.first[0] == 0 else f'{step.move.first[0]}段目'}に置き")
                else:  # (a pass ends the turn: the last phrase)
                    phrases.append("パスして山から1枚引き" if step.before.supply else "パスし")
                    empty = "" if step.before.supply else EMPTY_SUPPLY
            words.append(f"{self.player_names[turn[0].player]}は{'、追加の手番で'.join(phrases)}ました{empty}。")
        tell_passes()
        return "".join(words)

    def make_layout(self) -> GridView:
        cells = [(-r, x) for r, x in self.state.cells] + [(-(r + 1), x) for r, x in self.state.cells]
        return GridView.around(cells, margin=1, **self.grid_size(), **self.side_panel())

    def _screen(self, cell: Cell) -> Cell:
        return (-cell[0], cell[1])  # row r of the tree is drawn r rows up

    def taken(self) -> Iterable[Cell]:
        return self.state.cells

    def targets(self) -> list[Cell]:
        """Left cells of the legal placements of the chosen tile, in the chosen order."""
        tile = self.chosen_tile()
        if tile is None or not self.human_to_move() or self.curtain_down():
            return []
        left_value = tile[0] if self.direction % 2 == 0 else tile[1]
        out = []
        for m in self.state.legal_moves():
            if isinstance(m, Place) and m.tile == tile:
                left, value = min((m.first, m.first_value), (m.second, m.second_value))
                if value == left_value:
                    out.append(left)
        return sorted(out)

    def click(self, x: float, y: float) -> bool:
        if (self.human_to_move() and not self.curtain_down() and self.state.legal_moves() == [Pass()]
                and self.hit_hand(x, y) is not None):  # a tile chosen when none can go anywhere
            self.error = "置けるタイルが1枚もありません。「パス」を押してください(山にタイルがあれば1枚引きます)。"
            return False
        screen = self.board_cell(x, y)
        if screen is None:
            return False
        if self.state.legal_moves() == [Pass()]:
            return self.play(Pass())
        tile = self.chosen_tile()
        if tile is None:
            self.error = "先に、手元のタイルを1枚クリックして選んでください。"
            return False
        r, c = -screen[0], screen[1]
        targets = self.targets()
        if (r, c) not in targets and (r, c - 1) in targets:
            c -= 1  # the right half of a green frame: the frame's placement (a frame covers both squares)
        left, right = (tile[0], tile[1]) if self.direction % 2 == 0 else (tile[1], tile[0])
        return self.try_place(Place.make(left, right, (r, c), (r, c + 1)))

    def cell_xy(self, cell: Cell) -> tuple[float, float]:
        return self.layout.xy(self._screen(cell))

    def hinted_button(self, move: Any) -> str | None:
        return "pass" if isinstance(move, Pass) else None

    def show_hint(self, move: Any) -> None:
        if isinstance(move, Place):
            self.selected = move.tile
            left_value = min((move.first, move.first_value), (move.second, move.second_value))[1]
            self.direction = 0 if move.tile[0] == left_value else 1

    def draw(self, s: Surface) -> None:
        view = self.layout = self.make_layout()
        s.rect(view.grid_x, view.top, view.cols * view.cell, view.rows * view.cell, fill="#eef3e6", stroke="#cfc6b0")
        draw_tree(s, self.state.cells, lambda cell: view.xy(self._screen(cell)), view.cell, digit=True)
        self.draw_row_names(s, view)
        self.draw_marks(s)
        for r, x in self.targets():
            self.draw_target(s, *view.xy(self._screen((r, x))), 2 * view.cell, view.cell)
        self.draw_tried(s)
        self.draw_hand(s)
        st = self.state
        y = view.scores_y
        s.text(view.hand_x, y, "手元の枚数と山", size=14, bold=True)
        for p in range(st.players):
            won = self.finish_word(p)
            s.text(view.hand_x, y + 24 + p * 22,
                   f"{'▶ ' if p == st.current_player else ''}{self.player_names[p]}: {len(st.hands[p])}枚{won}", size=13,
                   bold=bool(won))
        s.text(view.hand_x, y + 30 + st.players * 22, f"山: {len(st.supply)}枚", size=12)

    def draw_row_names(self, s: Surface, view: GridView) -> None:
        """Each row's name (根元, 1段目, …: the log's and the chapter's words) just left of the
        row's leftmost tile or green frame, as the book's pictures label them; where the grid's
        edge leaves no room there, just right of the row's right end; with room on neither side
        (a phone's widest rows), the row goes without."""
        size = 10.0 if view.cell < 24 else 11.0  # (never under the book's least label, 10 px)
        top = max(r for r, _ in self.state.cells)
        frames = self.targets()
        ends: dict[int, tuple[int, int]] = {}
        for r, x in [*self.state.cells, *frames, *((r, x + 1) for r, x in frames)]:
            if r <= top:  # (a frame's row above the tree is named once a tile is in it)
                low, high = ends.get(r, (x, x))
                ends[r] = (min(low, x), max(high, x))
        for r, (low, high) in sorted(ends.items()):
            name = level_name_of_row(r)
            width = text_width(name, size)
            left, y = view.xy(self._screen((r, low)))
            right = view.xy(self._screen((r, high)))[0] + view.cell
            if left - 4 - width >= view.grid_x + 2:
                s.text(left - 4, y + view.cell / 2, name, size=size, anchor="end", fill="#555")
            elif right + 4 + width <= view.grid_x + view.cols * view.cell - 2:
                s.text(right + 4, y + view.cell / 2, name, size=size, fill="#555")

    def rotation_label(self) -> str:
        return "向き: 小さい数が左" if self.direction % 2 == 0 else "向き: 大きい数が左"

    def draw_direction(self, s: Surface, x: float, y: float, tile: tuple[int, int]) -> None:
        """(The hand itself is drawn turned, :meth:`hand_face`.)"""

    def hand_face(self, tile: tuple[int, int]) -> tuple[int, int]:
        """The hand is drawn the way 「回転」 turns it: after it, the larger number on the left."""
        return (tile[1], tile[0]) if self.direction % 2 else tile

    def status(self) -> str:
        if self.error:
            return self.error
        st = self.state
        if st.is_over():
            places = st.places()
            if not places:  # (ruling tree_stalled)
                if st.players == 1:
                    return "ゲーム終了。山が空になってから置けるタイルがなくなったので、失敗です。"
                left = "、".join(f"{self.player_names[p]}{len(hand)}枚" for p, hand in enumerate(st.hands))
                return ("ゲーム終了。山が空になってから、タイルの残っている全員が続けてパスしました。"
                        f"誰もタイルを使い切れなかったので(手元に残ったタイル: {left})、勝者はいません"
                        "(残りの枚数では比べません)。")
            if st.players == 1:
                return "ゲーム終了。手元のタイルをすべて木に置けたので、成功です。"
            out = self.out_words(st.finished)
            if not st.options.play_on:
                return f"ゲーム終了。{out}勝者は{self.player_names[st.winner]}です。"
            order = "、".join(f"{i}位は{self.names_of(group)}" for i, group in enumerate(places, 1))
            kept = [p for p in range(st.players) if p not in st.finished]
            shared = ""
            if len(kept) > 1:  # (a tester saw 2 and 3 tiles kept share a place, unexplained)
                shared = (f"山が空になってから、タイルの残っている全員が続けてパスしました。使い切れなかった"
                          f"{self.names_of(kept)}は、同じ順位です(残りの枚数では比べません)。")
            return f"ゲーム終了。{out}{shared}{order}。"
        name = self.player_names[st.current_player]
        extra = "(追加の手番: 今の手で、続けてもう1枚置けることになりました)" if st.extra else ""
        if st.legal_moves() == [Pass()]:
            # (a pass that ends the game says so: alone, a tester passed with the supply empty
            # and the game ended, failed, with no word before)
            ends = st.play(Pass()).is_over()
            draw = "山はもう空なので、このパスでゲームが終わります" if ends else "山にタイルがあれば1枚引きます"
            # (a tree no tile can join any more: a tester passed nine times, the game looking
            # broken, until it ended without a winner)
            stuck = ""
            if not ends and not st.can_grow():
                result = "勝者が出ないまま" if not st.finished else "それまでの順位のまま"
                then = ("このあとは山が尽きるまでパスが続き、" if st.supply
                        else "山はもう空なので、タイルを持っている全員がパスすると、")
                stuck = f"残りのタイルは、どれも木のどこにも置けなくなりました。{then}{result}ゲームが終わります。"
            if st.extra:
                return f"{name}は追加の手番を得ましたが、置けるタイルがありません。「パス」を押してください({draw})。{stuck}"
            return f"{name}の番です。置けるタイルがないので「パス」を押してください({draw})。{stuck}"
        chosen = self.chosen_words()
        advice = self.chosen_advice()
        if advice:
            return f"{name}の番です{extra}。{chosen}{advice}"
        if chosen:
            return f"{name}の番です{extra}。{chosen}置く場所の緑の枠をクリックしてください(左右は、選んだタイルをもう一度クリックするか「回転」で入れ替わります)。"
        return (f"{name}の番です{extra}。手元のタイルをクリックして選んでください(細い緑の枠は置けるタイル)。"
                "そのあと、置く場所の緑の枠をクリックします。")

    def describe(self) -> str:
        counts = "、".join(f"{self.player_names[p]}は{len(h)}枚" for p, h in enumerate(self.state.hands))
        return f"{tree_words(self.state.tree)}\n手元の枚数: {counts}、山は{len(self.state.supply)}枚\n{self.status()}"


#: The check boxes each game offers.
#: 「2位以下も決める」: play on after the first goes out.
PLAY_ON = OptionControl("play_on", "2位以下も決める", tip="1人が上がったあとも続けて、2位から順位を決めます")
DominupController.option_controls = (OptionControl("misere", "ミゼール(先に上がった人の負け)",
                                                   tip="最初に手元のタイルを使い切った人が負けになります"), PLAY_ON)
TreeController.option_controls = (PLAY_ON._replace(players=(2, 3, 4)),)  # (alone, there is no second place)
DominomegaController.option_controls = (
    OptionControl("ties", "同点のとき", (("勝ちを分け合う", "shared"), ("手番が最後の人の勝ち", "last")),
                  tip="いちばん高い得点が並んだときの決め方です(元になったゲーム「オメガ」では、並んだ中で手番が最後の人が勝ちます)"),)

CONTROLLERS = {
    "dominomega": DominomegaController,
    "dominimum": DominimumController,
    "dominup": DominupController,
    "tree": TreeController,
}


def DominoBoard(game: str, players: int, seed: int | None = None, options: Mapping[str, Any] | None = None,
                seats: Sequence[str] | None = None, *, computer_delay: float | None = None) -> Any:
    """The live board of one of the four games: ``"dominomega"``, ``"dominup"``,
    ``"dominimum"`` or ``"tree"``."""
    from .dominoes_board import board_class

    return board_class(game)(players, seed, options, seats, computer_delay=computer_delay)


__all__ = ["CONTROLLERS", "DominoBoard", "TILES", "PLAYER_NAMES", "group_shades", "numbers_picture", "table_picture",
           "tiles_picture"]
