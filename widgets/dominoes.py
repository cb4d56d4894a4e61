"""Pictures and live-board controllers for the double-seven binary dominoes.

Each half shows its number as rings: a centre dot (1), a small circle (2), a large circle
(4).  The flat games (Dominomega, Dominimum, Dominup) share :class:`GridController`; The
Tree has :class:`TreeController` for its brick rows.  Every legality question goes to
``gamelib``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamelib.dominoes import (TILES, DominimumState, DominomegaState, DominupState, Pass, Place, Table, TreeState,
                              ring_names)
from gamelib.dominoes.tiles import DIRS, RING_NAMES

from .controller import PLAYER_NAMES, BoardController
from .surface import Picture, Surface, SvgSurface

HALF_FILL = "#fbf7ee"
RING = "#2b2b2b"
LEVEL_FILL = ("#fbf7ee", "#f1dfb8", "#e4c582", "#d3a94f", "#c08f2c")
LEGAL = "#00a86b"
DIRECTION_NAMES = ("右", "下", "左", "上")
Cell = tuple[int, int]


# -- pieces ---------------------------------------------------------------------------------
def draw_half(s: Surface, x: float, y: float, size: float, value: int, fill: str = HALF_FILL) -> None:
    """One half: its rings, a dot for 1, a small circle for 2, a large circle for 4."""
    s.rect(x, y, size, size, fill=fill, stroke="#8a8273", width=0.6)
    cx, cy = x + size / 2, y + size / 2
    if value & 4:
        s.circle(cx, cy, size * 0.38, stroke=RING, width=max(1.2, size * 0.05))
    if value & 2:
        s.circle(cx, cy, size * 0.22, stroke=RING, width=max(1.2, size * 0.05))
    if value & 1:
        s.circle(cx, cy, size * 0.08, fill=RING)


def draw_tile(s: Surface, x: float, y: float, size: float, a: int, b: int, vertical: bool = False,
              fill: str = HALF_FILL) -> None:
    draw_half(s, x, y, size, a, fill)
    if vertical:
        draw_half(s, x, y + size, size, b, fill)
        s.rect(x, y, size, 2 * size, stroke="#222", width=1.6)
    else:
        draw_half(s, x + size, y, size, b, fill)
        s.rect(x, y, 2 * size, size, stroke="#222", width=1.6)


def tiles_picture(tiles: Sequence[tuple[int, int]], per_row: int = 9, size: int = 30) -> Picture:
    """Tiles side by side with their numbers."""
    col_w, row_h = 2 * size + 16, size + 24
    rows = (len(tiles) + per_row - 1) // per_row
    s = SvgSurface(min(len(tiles), per_row) * col_w + 8, rows * row_h + 8, "タイル")
    for i, (a, b) in enumerate(tiles):
        x, y = 8 + (i % per_row) * col_w, 20 + (i // per_row) * row_h
        s.text(x + size, y - 9, f"{a}-{b}", size=11, anchor="middle", bold=True)
        draw_tile(s, x, y, size, a, b)
    return Picture(s.svg(), " ".join(f"{a}-{b}" for a, b in tiles))


def numbers_picture(size: int = 44) -> Picture:
    """The numbers 0–7 as rings, with their names."""
    s = SvgSurface(8 * (size + 14) + 10, size + 44, "0から7のリング")
    for n in range(8):
        x = 10 + n * (size + 14)
        draw_half(s, x, 10, size, n)
        s.text(x + size / 2, size + 22, str(n), size=13, anchor="middle", bold=True)
        s.text(x + size / 2, size + 36, ring_names(n), size=9, anchor="middle")
    return Picture(s.svg(), " ".join(f"{n}={ring_names(n)}" for n in range(8)))


def table_picture(table: Table | str, size: int = 34, highlight: Iterable[Cell] = (), title: str = "テーブル",
                  levels: Mapping[Cell, int] | None = None, tiles: Mapping[Cell, int] | None = None) -> Picture:
    """A table of halves (grid notation or a :class:`Table`); ``highlight`` frames cells."""
    t = Table.from_text(table) if isinstance(table, str) else table
    rows = [r for r, _ in t.values] or [0]
    cols = [c for _, c in t.values] or [0]
    r0, c0 = min(rows), min(cols)
    s = SvgSurface((max(cols) - c0 + 1) * size + 12, (max(rows) - r0 + 1) * size + 12, title)
    owners = tiles if tiles is not None else t.tiles
    for (r, c), v in sorted(t.values.items()):
        level = (levels or {}).get((r, c), 0)
        draw_half(s, 6 + (c - c0) * size, 6 + (r - r0) * size, size, v, LEVEL_FILL[min(level, 4)])
    _tile_outlines(s, owners, lambda cell: (6 + (cell[1] - c0) * size, 6 + (cell[0] - r0) * size), size)
    for r, c in highlight:
        s.rect(6 + (c - c0) * size + 2, 6 + (r - r0) * size + 2, size - 4, size - 4, stroke=LEGAL, width=3)
    return Picture(s.svg(), t.to_text())


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
    """Which cells the board shows and how big: the placed cells with a margin, centred."""

    r0: int
    c0: int
    rows: int
    cols: int
    cell: float
    left: float = 12
    top: float = 40
    width: int = 900
    height: int = 640

    @classmethod
    def around(cls, cells: Iterable[Cell], area: float = 560, margin: int = 2, least: int = 9) -> GridView:
        cells = list(cells) or [(0, 0)]
        rmin, rmax = min(r for r, _ in cells) - margin, max(r for r, _ in cells) + margin
        cmin, cmax = min(c for _, c in cells) - margin, max(c for _, c in cells) + margin
        rows, cols = max(least, rmax - rmin + 1), max(least, cmax - cmin + 1)
        rmin -= (rows - (rmax - rmin + 1)) // 2
        cmin -= (cols - (cmax - cmin + 1)) // 2
        return cls(rmin, cmin, rows, cols, min(44.0, area / max(rows, cols)))

    def xy(self, cell: Cell) -> tuple[float, float]:
        return self.left + (cell[1] - self.c0) * self.cell, self.top + (cell[0] - self.r0) * self.cell

    def hit(self, x: float, y: float) -> Cell | None:
        c = int((x - self.left) // self.cell) + self.c0
        r = int((y - self.top) // self.cell) + self.r0
        if self.r0 <= r < self.r0 + self.rows and self.c0 <= c < self.c0 + self.cols:
            return (r, c)
        return None

    @property
    def hand_x(self) -> float:
        return self.left + 575


class _DominoController(BoardController):
    """What the domino boards share: a selected tile from the hand, and a direction for its
    second half."""

    title = "ドミノの盤面"
    layout: GridView

    def reset_selection(self) -> None:
        self.selected: tuple[int, int] | None = None
        if not hasattr(self, "direction"):
            self.direction = 0

    def hand(self) -> tuple[tuple[int, int], ...]:
        p = self.state.current_player
        return () if p is None else self.state.hands[p]

    def chosen_tile(self) -> tuple[int, int] | None:
        hand = self.hand()
        if self.selected in hand:
            return self.selected
        return hand[0] if len(set(hand)) == 1 else None

    def rotate(self) -> None:
        self.direction = (self.direction + 1) % 4
        self.error = None

    def hand_slot_xy(self, i: int) -> tuple[float, float]:
        return self.layout.hand_x + (i % 3) * 92, 110 + (i // 3) * 46

    def hit_hand(self, x: float, y: float) -> tuple[int, int] | None:
        for i, tile in enumerate(self.hand()):
            hx, hy = self.hand_slot_xy(i)
            if hx <= x <= hx + 64 and hy <= y <= hy + 32:
                return tile
        return None

    def board_cell(self, x: float, y: float) -> Cell | None:
        """The start every click shares: only a person to move may click; a click on the
        hand selects a tile; otherwise the grid cell under the pointer (screen rows), if any."""
        if not self.human_to_move():
            return None
        self.layout = self.make_layout()
        tile = self.hit_hand(x, y)
        if tile is not None:
            self.selected, self.error = tile, None
            return None
        return self.layout.hit(x, y)

    def can_see_hand(self) -> bool:
        return self.human_to_move()

    def draw_hand(self, s: Surface) -> None:
        state = self.state
        p = state.current_player
        x = self.layout.hand_x
        if p is None:
            return
        s.text(x, 60, f"{self.player_names[p]}の手元", size=14, bold=True)
        if not self.can_see_hand():
            s.text(x, 88, f"{len(state.hands[p])}枚(伏せてあります)", size=12)
            return
        s.text(x, 88, f"「回転」: 2マス目は{DIRECTION_NAMES[self.direction]}側", size=11)
        for i, (a, b) in enumerate(self.hand()):
            hx, hy = self.hand_slot_xy(i)
            draw_tile(s, hx, hy, 32, a, b)
            if (a, b) == self.chosen_tile():
                s.rect(hx - 3, hy - 3, 70, 38, stroke=LEGAL, width=3)

    def draw_background(self, s: Surface) -> None:
        s.rect(0, 0, self.layout.width, self.layout.height, fill="#fbf8f1")
        s.text(self.layout.left, 20, self.title, size=14, bold=True)


class GridController(_DominoController):
    """Dominomega, Dominimum and Dominup: tiles on an unbounded square grid."""

    def make_layout(self) -> GridView:
        return GridView.around(self.occupied())

    def occupied(self) -> list[Cell]:
        state = self.state
        return list(state.stacks.cells) if isinstance(state, DominupState) else list(state.table.values)

    def targets(self) -> list[Cell]:
        tile = self.chosen_tile()
        if tile is None or not self.human_to_move():
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
        dr, dc = DIRS[self.direction]
        return self.play(Place.make(tile[0], tile[1], cell, (cell[0] + dr, cell[1] + dc)))

    def play(self, move: Any) -> bool:
        ok = super().play(move)
        self.layout = self.make_layout()
        return ok

    def undo(self) -> bool:
        ok = super().undo()
        self.layout = self.make_layout()
        return ok

    def draw(self, s: Surface) -> None:
        view = self.layout = self.make_layout()
        state = self.state
        s.rect(view.left, view.top, view.cols * view.cell, view.rows * view.cell, fill="#efe9dc", stroke="#cfc6b0")
        if isinstance(state, DominupState):
            owners: dict[Cell, int] = {}
            for cell in state.stacks.cells:
                level, value, tile = state.stacks.top(cell)
                x, y = view.xy(cell)
                draw_half(s, x, y, view.cell, value, LEVEL_FILL[min(level, 4)])
                if level:
                    s.text(x + view.cell - 3, y + view.cell - 6, f"{level}段", size=max(8, view.cell * 0.22),
                           anchor="end", fill="#7a4b00", bold=True)
                owners[cell] = tile
        else:
            owners = state.table.tiles
            for cell, value in state.table.values.items():
                x, y = view.xy(cell)
                draw_half(s, x, y, view.cell, value)
        _tile_outlines(s, owners, view.xy, view.cell)
        for cell in self.targets():
            x, y = view.xy(cell)
            s.rect(x + 2, y + 2, view.cell - 4, view.cell - 4, stroke=LEGAL, width=2.5)
        self.draw_hand(s)
        self.draw_scores(s)

    def draw_scores(self, s: Surface) -> None:
        state = self.state
        x, y = self.layout.hand_x, 300
        s.text(x, y, "得点" if not isinstance(state, DominupState) else "手元の枚数", size=14, bold=True)
        for p in range(state.players):
            value = len(state.hands[p]) if isinstance(state, DominupState) else state.scores()[p]
            label = self.player_names[p]
            if isinstance(state, DominomegaState):
                label += f"({RING_NAMES[state.symbols[p]]})"
            s.text(x, y + 24 + p * 22, f"{'▶ ' if p == state.current_player else ''}{label}: {value}", size=13)

    def status(self) -> str:
        if self.error:
            return self.error
        state = self.state
        if state.is_over():
            winners = state.winners()
            return f"ゲーム終了。勝者は{'、'.join(self.player_names[w] for w in winners)}です。" if winners else "ゲーム終了。勝者はいません。"
        name = self.player_names[state.current_player]
        extra = ""
        if isinstance(state, DominupState):
            extra = {"open": "ダブルの7を中央に置いてください。", "climb": "重ね置きできるタイルがあります(必須)。",
                     "expand": "拡張を1回行います。"}[state.phase]
        return f"{name}の番です。{extra}手元のタイルを選び、1マス目を置くマスをクリックしてください(緑の枠が置けるマス)。"

    def describe(self) -> str:
        state = self.state
        text = state.stacks.to_text() if isinstance(state, DominupState) else state.table.to_text()
        return f"{text}\n得点: {state.scores()}\n{self.status()}"

    def info_html(self) -> str:
        return ""


class DominomegaController(GridController):
    game = DominomegaState
    title = "ドミノメガ"
    player_names = ("点の人", "小円の人", "大円の人")

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None,
                 seats: Sequence[str] | None = None) -> None:
        # with two players the small circle is left out
        self.player_names = ("点の人", "大円の人") if players == 2 else ("点の人", "小円の人", "大円の人")
        super().new_game(players, seed, options, seats)


class DominimumController(GridController):
    game = DominimumState
    title = "ドミニマム"

    def draw_hand(self, s: Surface) -> None:
        super().draw_hand(s)
        p = self.state.current_player
        if p is not None and self.can_see_hand():
            a, b = self.state.missions[p]
            s.text(self.layout.hand_x, 190, "ミッションタイル(自分だけに見える)", size=12)
            draw_tile(s, self.layout.hand_x, 200, 32, a, b, fill="#dff2e3")


class DominupController(GridController):
    game = DominupState
    title = "ドミナップ"


class TreeController(_DominoController):
    """The Tree: brick rows growing upwards from the root."""

    game = TreeState
    title = "ザ・ツリー"

    def make_layout(self) -> GridView:
        cells = [(-r, x) for r, x in self.state.cells] + [(-(r + 1), x) for r, x in self.state.cells]
        return GridView.around(cells, margin=1)

    def _screen(self, cell: Cell) -> Cell:
        return (-cell[0], cell[1])  # row r of the tree is drawn r rows up

    def targets(self) -> list[Cell]:
        """Left cells of the legal placements of the chosen tile, in the chosen order."""
        tile = self.chosen_tile()
        if tile is None or not self.human_to_move():
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
        left, right = (tile[0], tile[1]) if self.direction % 2 == 0 else (tile[1], tile[0])
        return self.play(Place.make(left, right, (r, c), (r, c + 1)))

    def pass_turn(self) -> bool:
        return self.play(Pass())

    def draw(self, s: Surface) -> None:
        view = self.layout = self.make_layout()
        s.rect(view.left, view.top, view.cols * view.cell, view.rows * view.cell, fill="#eef3e6", stroke="#cfc6b0")
        owners: dict[Cell, int] = {}
        cells = self.state.cells
        for (r, x), value in cells.items():
            sx, sy = view.xy(self._screen((r, x)))
            draw_half(s, sx, sy, view.cell, value)
            left = x if (x - r) % 2 == 0 else x - 1
            owners[self._screen((r, x))] = hash((r, left))
        _tile_outlines(s, owners, view.xy, view.cell)
        for r, x in self.targets():
            sx, sy = view.xy(self._screen((r, x)))
            s.rect(sx + 2, sy + 2, 2 * view.cell - 4, view.cell - 4, stroke=LEGAL, width=2.5)
        self.draw_hand(s)
        st = self.state
        y = 300
        s.text(view.hand_x, y, "手元の枚数 / 山札", size=14, bold=True)
        for p in range(st.players):
            s.text(view.hand_x, y + 24 + p * 22,
                   f"{'▶ ' if p == st.current_player else ''}{self.player_names[p]}: {len(st.hands[p])}枚", size=13)
        s.text(view.hand_x, y + 30 + st.players * 22, f"山札: {len(st.supply)}枚", size=12)

    def draw_hand(self, s: Surface) -> None:
        super().draw_hand(s)
        if self.can_see_hand():
            order = "左に小さい数" if self.direction % 2 == 0 else "左に大きい数"
            s.rect(self.layout.hand_x, 78, 250, 16, fill="#fbf8f1")
            s.text(self.layout.hand_x, 88, f"「回転」: {order}", size=11)

    def status(self) -> str:
        if self.error:
            return self.error
        st = self.state
        if st.is_over():
            return f"ゲーム終了。勝者は{self.player_names[st.winner]}です。" if st.winner is not None else "ゲーム終了。勝者はいません。"
        name = self.player_names[st.current_player]
        if st.legal_moves() == [Pass()]:
            return f"{name}の番です。置けるタイルがないので「パス」を押してください(山札があれば1枚引きます)。"
        extra = "(追加の手番)" if st.extra else ""
        return f"{name}の番です{extra}。手元のタイルを選び、置く場所の左のマスをクリックしてください(緑の枠)。"

    def describe(self) -> str:
        return f"{self.state.to_text()}\n手元: {[len(h) for h in self.state.hands]}\n{self.status()}"


CONTROLLERS = {
    "dominomega": DominomegaController,
    "dominimum": DominimumController,
    "dominup": DominupController,
    "tree": TreeController,
}


def DominoBoard(game: str, players: int, seed: int = 0, options: Mapping[str, Any] | None = None,
                seats: Sequence[str] | None = None) -> Any:
    """The live board of one of the four games: ``"dominomega"``, ``"dominup"``,
    ``"dominimum"`` or ``"tree"``."""
    from .dominoes_board import board_class

    return board_class(game)(players, seed, options, seats)


__all__ = ["CONTROLLERS", "DominoBoard", "TILES", "PLAYER_NAMES", "numbers_picture", "table_picture", "tiles_picture"]
