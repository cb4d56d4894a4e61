"""Kingdomino pictures and the live board.

The drawing functions take a :class:`~widgets.surface.Surface`, so the same code draws the
SVG pictures of the book and the ipycanvas board.  :class:`KingdominoController` holds a
game and turns clicks into candidate moves; every legality question goes to ``gamelib``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamelib.kingdomino import DOMINOES, NAME_JA, Kingdom, KingdominoState, Move, rulings
from gamelib.kingdomino.dominoes import CASTLE, FOREST, GRASSLAND, LAKE, LETTER, MINE, SWAMP, WHEAT
from .controller import PLAYER_COLOURS, PLAYER_NAMES, BoardController
from .surface import Picture, SvgSurface, Surface

Cell = tuple[int, int]

TERRAIN_FILL = {
    WHEAT: "#f2cf4a",
    FOREST: "#2e7d32",
    LAKE: "#3b82c4",
    GRASSLAND: "#9ccc65",
    SWAMP: "#8d8660",
    MINE: "#5d4b3c",
}
LETTER_FILL = {WHEAT: "#6b5300", FOREST: "#d7f0d8", LAKE: "#e3f0fb", GRASSLAND: "#33561a", SWAMP: "#f1eee0", MINE: "#eee4da"}
EMPTY_FILL = "#f7f3e8"
OUTSIDE_SHADE = "rgba(90, 80, 60, 0.22)"  # over the grid: squares no domino may ever use
GRID = "#c9c2ae"
LEGAL = "#00a86b"
WRONG = "#d62828"
DIRECTIONS: tuple[Cell, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIRECTION_NAMES = ("右", "下", "左", "上")


# -- pieces ---------------------------------------------------------------------------
def draw_crown(s: Surface, cx: float, cy: float, size: float) -> None:
    w, h = size, size * 0.7
    x0, y0 = cx - w / 2, cy - h / 2
    s.polygon(
        [(x0, y0 + h), (x0, y0 + h * 0.2), (x0 + w * 0.25, y0 + h * 0.55), (cx, y0),
         (x0 + w * 0.75, y0 + h * 0.55), (x0 + w, y0 + h * 0.2), (x0 + w, y0 + h)],
        fill="#ffd54a", stroke="#7a5a00", width=0.8,
    )


def draw_square(s: Surface, x: float, y: float, size: float, terrain: int, crowns: int) -> None:
    """One square: terrain colour, its letter, and its crowns along the top."""
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
    s.text(x + size - 3, y + size - size * 0.22, LETTER[terrain], size=size * 0.32, fill=LETTER_FILL[terrain], anchor="end")
    crown = size * 0.3
    for i in range(crowns):
        draw_crown(s, x + crown * 0.7 + i * crown * 1.05, y + crown * 0.6, crown)


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
    s.circle(cx, cy, r, fill=PLAYER_COLOURS[player], stroke="#111", width=1)
    s.text(cx, cy + 0.5, "王", size=r * 1.1, fill="#fff", anchor="middle", bold=True)


# -- kingdoms -------------------------------------------------------------------------
def _extent(kingdom: Kingdom, extra: Iterable[Cell] = ()) -> tuple[int, int, int, int]:
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


def kingdom_picture(kingdom: Kingdom, size: int = 40, title: str | None = None) -> Picture:
    """The kingdom as a picture; its text form is the kingdom's notation."""
    r0, r1, c0, c1 = _extent(kingdom)
    rows, cols = range(r0, r1 + 1), range(c0, c1 + 1)
    pad = 6
    s = SvgSurface(len(cols) * size + 2 * pad, len(rows) * size + 2 * pad, title or "王国")
    draw_kingdom_cells(s, kingdom, pad, pad, size, rows, cols)
    return Picture(s.svg(), kingdom.to_text())


def placement_picture(kingdom: Kingdom, number: int, first: Cell, second: Cell, size: int = 40) -> Picture:
    """The kingdom with domino ``number`` laid on (first, second), outlined green when
    ``gamelib`` accepts the placement and red (with a cross) when it does not."""
    legal = kingdom.can_place(number, first, second)
    r0, r1, c0, c1 = _extent(kingdom, (first, second))
    rows, cols = range(r0, r1 + 1), range(c0, c1 + 1)
    pad = 8
    s = SvgSurface(len(cols) * size + 2 * pad, len(rows) * size + 2 * pad, f"ドミノ{number}の配置")
    draw_kingdom_cells(s, kingdom, pad, pad, size, rows, cols)
    d = DOMINOES[number]
    for (r, c), terrain, crowns in ((first, d.terrain1, d.crowns1), (second, d.terrain2, d.crowns2)):
        draw_square(s, pad + (c - c0) * size, pad + (r - r0) * size, size, terrain, crowns)
    xs = [pad + (c - c0) * size for _, c in (first, second)]
    ys = [pad + (r - r0) * size for r, _ in (first, second)]
    colour = LEGAL if legal else WRONG
    s.rect(min(xs) - 2, min(ys) - 2, max(xs) - min(xs) + size + 4, max(ys) - min(ys) + size + 4, stroke=colour, width=4)
    if not legal:
        cx, cy = (min(xs) + max(xs) + size) / 2, (min(ys) + max(ys) + size) / 2
        s.line(cx - 10, cy - 10, cx + 10, cy + 10, stroke=WRONG, width=4)
        s.line(cx - 10, cy + 10, cx + 10, cy - 10, stroke=WRONG, width=4)
    verdict = "置ける" if legal else "置けない"
    alt = f"ドミノ{number}を{first}と{second}に: {verdict}\n{kingdom.to_text()}"
    return Picture(s.svg(), alt)


def dominoes_picture(numbers: Sequence[int], per_row: int = 8, size: int = 26, kings: Mapping[int, int] | None = None) -> Picture:
    """Dominoes side by side with their numbers (and, optionally, a king on some)."""
    kings = dict(kings or {})
    col_w, row_h = 2 * size + 22, size + 22
    n_rows = (len(numbers) + per_row - 1) // per_row
    s = SvgSurface(min(len(numbers), per_row) * col_w + 8, n_rows * row_h + 8, "ドミノ")
    for i, number in enumerate(numbers):
        x, y = 8 + (i % per_row) * col_w, 18 + (i // per_row) * row_h
        s.text(x + size, y - 8, str(number), size=11, fill="#333", anchor="middle", bold=True)
        draw_domino(s, x, y, size, number)
        if number in kings:
            draw_king(s, x + size, y + size / 2, size * 0.36, kings[number])
    labels = " ".join(
        DOMINOES[n].label() + (f"[{PLAYER_NAMES[kings[n]]}]" if n in kings else "") for n in numbers
    )
    return Picture(s.svg(), labels)


# -- the whole board ------------------------------------------------------------------
@dataclass(frozen=True)
class Layout:
    """Where everything of a board sits; used both to draw and to read clicks."""

    players: int
    size: int
    cell: int = 20
    domino: int = 26
    rows_x: int = 12
    rows_y: int = 46
    row_gap: int = 40
    panel_x: int = 250

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
    def width(self) -> int:
        return self.panel_x + 2 * self.panel_w + 12

    @property
    def height(self) -> int:
        return max(self.rows_y + 4 * self.row_gap + 60, 2 * self.panel_h + 20)

    def panel(self, player: int) -> tuple[int, int]:
        return self.panel_x + (player % 2) * self.panel_w, 10 + (player // 2) * self.panel_h

    def cell_xy(self, player: int, cell: Cell) -> tuple[int, int]:
        px, py = self.panel(player)
        reach = self.size - 1
        return px + 12 + (cell[1] + reach) * self.cell, py + 36 + (cell[0] + reach) * self.cell

    def slot_xy(self, column: int, index: int) -> tuple[int, int]:
        """Top-left of domino ``index`` of the current row (column 0) or the new row (1)."""
        return self.rows_x + 22 + column * 110, self.rows_y + 20 + index * self.row_gap

    def hit(self, x: float, y: float) -> tuple[Any, ...] | None:
        for column in (0, 1):
            for index in range(4):
                sx, sy = self.slot_xy(column, index)
                if sx - 22 <= x <= sx + 2 * self.domino + 22 and sy - 4 <= y <= sy + self.domino + 4:
                    return ("row" if column == 0 else "next", index)
        reach = self.size - 1
        for player in range(self.players):
            x0, y0 = self.cell_xy(player, (-reach, -reach))
            if x0 <= x < x0 + self.window * self.cell and y0 <= y < y0 + self.window * self.cell:
                return ("cell", player, (int((y - y0) // self.cell) - reach, int((x - x0) // self.cell) - reach))
        return None


def draw_background(s: Surface, layout: Layout) -> None:
    """What changes only with a new game: frames, titles and every kingdom's empty grid."""
    s.rect(0, 0, layout.width, layout.height, fill="#fbf8f1")
    s.text(layout.rows_x, 18, "今の列", size=13, bold=True)
    s.text(layout.rows_x + 110, 18, "新しい列", size=13, bold=True)
    reach = layout.size - 1
    side = layout.window * layout.cell
    for p in range(layout.players):
        px, py = layout.panel(p)
        s.rect(px + 4, py + 4, layout.panel_w - 8, layout.panel_h - 8, fill="#fffdf8", stroke=PLAYER_COLOURS[p], width=2)
        x0, y0 = layout.cell_xy(p, (-reach, -reach))
        s.rect(x0, y0, side, side, fill=EMPTY_FILL)
        for i in range(layout.window + 1):
            s.line(x0 + i * layout.cell, y0, x0 + i * layout.cell, y0 + side, stroke=GRID, width=0.5)
            s.line(x0, y0 + i * layout.cell, x0 + side, y0 + i * layout.cell, stroke=GRID, width=0.5)


def draw_state(s: Surface, layout: Layout, state: KingdominoState, targets: Iterable[Cell] = (),
               pending: Cell | None = None, direction: int = 0, last_error: Cell | None = None) -> None:
    """Rows with kings, every kingdom (shaded where no square may ever go), scores, and
    the current player's legal targets."""
    current = state.current_player
    scores = state.scores()
    for column, slots in ((0, state.row), (1, state.next_row)):
        for index, slot in enumerate(slots):
            x, y = layout.slot_xy(column, index)
            s.text(x - 6, y + layout.domino / 2, str(slot.number), size=11, anchor="end", bold=True)
            draw_domino(s, x, y, layout.domino, slot.number)
            if slot.king is not None:
                draw_king(s, x + 2 * layout.domino + 12, y + layout.domino / 2, 9, state.king_owner(slot.king))
            if column == 0 and index == state.turn and state.phase == "place" and not state.claim_queue:
                s.rect(x - 3, y - 3, 2 * layout.domino + 6, layout.domino + 6, stroke=LEGAL, width=3)
    if state.deck:
        s.text(layout.rows_x, layout.rows_y + 4 * layout.row_gap + 30, f"山札 残り{len(state.deck)}枚", size=12)
    targets = set(targets)
    reach = layout.size - 1
    for p, kingdom in enumerate(state.kingdoms):
        px, py = layout.panel(p)
        marker = "▶ " if p == current else ""
        s.text(px + 12, py + 20, f"{marker}{PLAYER_NAMES[p]}  {scores[p]}点", size=14,
               fill=PLAYER_COLOURS[p], bold=p == current)
        rlo, rhi, clo, chi = rulings.allowed_span(kingdom.span(), kingdom.size)
        filled = {cell: (t, c) for cell, t, c in kingdom.squares()}
        for r in range(-reach, reach + 1):
            for c in range(-reach, reach + 1):
                x, y = layout.cell_xy(p, (r, c))
                if (r, c) in filled:
                    draw_square(s, x, y, layout.cell, *filled[(r, c)])
                elif not (rlo <= r <= rhi and clo <= c <= chi):
                    s.rect(x, y, layout.cell, layout.cell, fill=OUTSIDE_SHADE)
        if p == current:
            for cell in sorted(targets):
                x, y = layout.cell_xy(p, cell)
                s.rect(x + 2, y + 2, layout.cell - 4, layout.cell - 4, stroke=LEGAL, width=2)
                dr, dc = DIRECTIONS[direction]
                s.line(x + layout.cell / 2, y + layout.cell / 2, x + layout.cell / 2 + dc * layout.cell / 3,
                       y + layout.cell / 2 + dr * layout.cell / 3, stroke=LEGAL, width=2)
            if last_error is not None:
                x, y = layout.cell_xy(p, last_error)
                s.rect(x + 1, y + 1, layout.cell - 2, layout.cell - 2, stroke=WRONG, width=3)


def board_picture(state: KingdominoState, targets: Iterable[Cell] = (), direction: int = 0) -> Picture:
    layout = Layout(state.players, state.options.size)
    s = SvgSurface(layout.width, layout.height, "キングドミノの盤面")
    draw_background(s, layout)
    draw_state(s, layout, state, targets, direction=direction)
    return Picture(s.svg(), describe(state))


def describe(state: KingdominoState) -> str:
    """A short Japanese text of the position (the board's text form)."""
    return state.describe(PLAYER_NAMES)


def score_table_html(state: KingdominoState) -> str:
    """The score panel: every property with crowns (squares × crowns = points), bonuses, totals."""
    parts = ['<div class="kd-scores" style="display:flex;gap:18px;flex-wrap:wrap;font-size:13px">']
    for p, kingdom in enumerate(state.kingdoms):
        rows = "".join(
            f"<tr><td>{NAME_JA[prop.terrain]}</td><td>{prop.squares}×{prop.crowns}</td><td>{prop.points}</td></tr>"
            for prop in kingdom.properties()
            if prop.crowns
        )
        bonus = "".join(
            f"<tr><td>{ {'harmony': '調和', 'middle_kingdom': '中央王国'}[k] }</td><td></td><td>{v}</td></tr>"
            for k, v in state.bonuses(p).items()
        )
        parts.append(
            f'<table style="border-collapse:collapse"><caption style="color:{PLAYER_COLOURS[p]};font-weight:bold">'
            f"{PLAYER_NAMES[p]}</caption><tr><th>地所</th><th>マス×王冠</th><th>点</th></tr>{rows}{bonus}"
            f"<tr><th>合計</th><td></td><th>{state.scores()[p]}</th></tr></table>"
        )
    parts.append("</div>")
    return "".join(parts)


# -- the controller: clicks to moves --------------------------------------------------
class KingdominoController(BoardController):
    """A Kingdomino game at one screen; offers candidate moves to ``gamelib`` and reports
    its answer."""

    game = KingdominoState
    title = "キングドミノの盤面"

    def make_layout(self) -> Layout:
        return Layout(self.state.players, self.state.options.size)

    def reset_selection(self) -> None:
        self.error_cell: Cell | None = None
        if not hasattr(self, "direction"):
            self.direction = 0

    # what the current player may do, straight from gamelib
    def targets(self) -> list[Cell]:
        """First-half cells of the legal placements for the chosen direction."""
        dr, dc = DIRECTIONS[self.direction]
        return sorted(
            m.first for m in self.state.legal_moves()
            if m.kind == "place" and m.second == (m.first[0] + dr, m.first[1] + dc)  # type: ignore[index]
        )

    def status(self) -> str:
        if self.error:
            return self.error
        state = self.state
        if state.is_over():
            return f"ゲーム終了。勝者は{self.winners_text()}です。"
        name = PLAYER_NAMES[state.current_player]
        if state.phase == "claim":
            return f"{name}の番です。新しい列からドミノを1枚選んでクリックしてください。"
        number = state.current_domino
        if state.legal_moves()[0].kind == "discard":
            return f"{name}の番です。ドミノ{number}は置ける場所がありません。「捨てる」を押してください。"
        return (f"{name}の番です。ドミノ{number}の1マス目を置く場所をクリックしてください"
                f"(2マス目は{DIRECTION_NAMES[self.direction]}側。「回転」で向きが変わります)。")

    def describe(self) -> str:
        return describe(self.state)

    def info_html(self) -> str:
        return score_table_html(self.state)

    def click(self, x: float, y: float) -> bool:
        """A click on the board; returns whether a move was played."""
        self.error_cell = None
        if not self.human_to_move():
            return False
        hit = self.layout.hit(x, y)
        if hit is None:
            return False
        state = self.state
        if hit[0] == "next" and hit[1] < len(state.next_row):
            return self.play(Move("claim", state.next_row[hit[1]].number))
        if hit[0] == "cell":
            _, player, cell = hit
            if player != state.current_player:
                self.error = f"自分({PLAYER_NAMES[state.current_player]})の王国をクリックしてください。"
                return False
            if state.phase != "place" or state.current_domino is None:
                self.error = "今は新しい列からドミノを選ぶ番です。"
                return False
            dr, dc = DIRECTIONS[self.direction]
            ok = self.play(Move("place", state.current_domino, cell, (cell[0] + dr, cell[1] + dc)))
            if not ok:
                self.error_cell = cell
            return ok
        return False

    def rotate(self) -> None:
        self.direction = (self.direction + 1) % 4
        self.error = None

    def discard(self) -> bool:
        if not self.human_to_move() or self.state.current_domino is None:
            return False
        return self.play(Move("discard", self.state.current_domino))

    def draw_background(self, s: Surface) -> None:
        draw_background(s, self.layout)

    def draw(self, s: Surface) -> None:
        targets = self.targets() if self.human_to_move() else []
        draw_state(s, self.layout, self.state, targets, direction=self.direction, last_error=self.error_cell)


def KingdominoBoard(players: int = 4, seed: int = 0, options: Mapping[str, Any] | None = None,
                    seats: Sequence[str] | None = None) -> Any:
    """The live board (ipywidgets + ipycanvas); see :class:`widgets.kingdomino_board.Board`."""
    from .kingdomino_board import Board

    return Board(players, seed, options, seats)
