"""Dragon Keeper pictures and the live board's controller.

The drawing functions take a :class:`~widgets.surface.Surface`, so the same code draws the
SVG pictures of the book and the ipycanvas board.  A tile is drawn in its colour with its
value, the colour's name (赤・青・黄・緑・紫, for readers who cannot tell the colours apart)
and, for a tile with a special action, a one-kanji mark in a white box (:data:`SPECIAL_MARK`,
explained by :func:`legend_picture`).  Readers count rows and columns from 1, as the domino
chapters do (「3行4列」, :func:`cell_words`); the move notation counts them from 0 (``take 2,3``).

Pictures for the book (each carries the position it shows, checked by
:func:`gamelib.positions.check`):

* :func:`level_picture` — one 5×5 level, the dragon, arrows 1 (取る) and 2 (渡す), highlights;
* :func:`stacks_picture` — players' stacks in colour order, the top tile of each in full;
* :func:`end_picture` — the end: tribute, releases and each player's score;
* :func:`levels_picture` — the three levels of a game side by side, small;
* :func:`legend_picture` — the colours and the special actions' marks.

:class:`DragonKeeperController` is the live board's controller: clicks on cells and stacks
become candidate moves that go to ``gamelib``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamelib.dragonkeeper import (COLOURS, NAME_JA, DragonKeeperState, HidingPlayer, HintPlayer, Move, board_text,
                                  check_end, check_level, check_stacks, parse_board, parse_stacks, rulings, scoring,
                                  stacks_text)
from gamelib.dragonkeeper.game import COLUMN, LEVELS, ROW, SIZE, cell_index, cell_of
from gamelib.dragonkeeper.tiles import SPECIAL, SPECIAL_JA, VALUE, Stacks, tile_words

from .controller import HINT, PLAYER_COLOURS, Action, BoardController, OptionControl, Step
from .surface import Picture, Surface, SvgSurface, mark_rect, text_width
from .tables import board_table, board_tables

Cell = tuple[int, int]

#: Tile colours, the colour of the writing on them.
TILE_FILL = {"R": "#d84335", "B": "#2f6fd0", "Y": "#f2c81e", "G": "#3c9a4c", "P": "#7b4fb8"}
TILE_INK = {"R": "#ffffff", "B": "#ffffff", "Y": "#3d3000", "G": "#ffffff", "P": "#ffffff"}
#: The one-kanji mark of each special action, in a white box on the tile.
SPECIAL_MARK = {"s": "階", "p": "通", "x": "囚", "t": "罠", "r": "解"}
#: Player names: numbers, since the colours' names belong to the tiles.
NAMES = ("プレイヤー1", "プレイヤー2", "プレイヤー3", "プレイヤー4")
ARROW1 = "#00838f"  # the dragon's row: step 1, take (and the secret passage)
ARROW2 = "#ad1457"  # the dragon's column: step 2, give
BAND1 = "rgba(0, 131, 143, 0.16)"
BAND2 = "rgba(173, 20, 87, 0.13)"
LEGAL = "#00a86b"
WRONG = "#d62828"
#: Over the guild colour's stack when the tribute rule removes it (the source calls it 「解放」,
#: a word the book keeps for the release tile).
GUILD_REMOVED = "失点なし"
MARK = "#b8860b"
DIM = "rgba(250, 248, 242, 0.72)"  # over tiles that leave (tribute, release)
PAPER = "#fbf8f1"
PANEL = "#fffdf8"
LINE = "#d9d2bf"
EMPTY = "#efe9da"
DRAGON = "#3b2a20"
COORD = 18  # room for the row and column numbers
MIN_TEXT = 11


def _mark(mark: str | tuple[str, str]) -> tuple[str, str]:
    """A mark as (label, colour): a bare label is gold."""
    return (mark, MARK) if isinstance(mark, str) else mark


def cell_words(cell: Cell) -> str:
    """A cell as readers name it: 「3行4列」 (row, then column, each counted from 1, as the numbers
    beside the pictures), for the notation's cell ``2,3``."""
    return f"{cell[0] + 1}行{cell[1] + 1}列"


def row_words(row: int) -> str:
    """A row as readers name it: 「3行目」 for the notation's row 2."""
    return f"{row + 1}行目"


def column_words(column: int) -> str:
    """A column as readers name it: 「2列目」 for the notation's column 1."""
    return f"{column + 1}列目"


# -- tiles ----------------------------------------------------------------------------------------
def draw_special(s: Surface, x: float, y: float, special: str, size: float = 15) -> None:
    """The special action's kanji in a white box whose top-left corner is (x, y)."""
    s.rect(x, y, size, size, fill="#ffffff", stroke="#333333", width=0.8)
    s.text(x + size / 2, y + size / 2 + 0.5, SPECIAL_MARK[special], size=MIN_TEXT, fill="#222", anchor="middle",
           bold=True)


def draw_tile(s: Surface, x: float, y: float, w: float, h: float, code: str, colour_name: bool = True) -> None:
    """A whole tile: its colour, its value in the middle, the colour's name in the bottom-left
    corner and its special action's mark in the top-right corner."""
    colour, special = code[0], SPECIAL[code]
    s.rect(x, y, w, h, fill=TILE_FILL[colour], stroke="#2b2b2b", width=1)
    big = max(MIN_TEXT, min(w, h) * 0.44)
    s.text(x + w / 2 - (2 if special else 0), y + h / 2, str(VALUE[code]), size=big, fill=TILE_INK[colour],
           anchor="middle", bold=True)
    if colour_name and h >= 34:
        s.text(x + 3, y + h - 8, NAME_JA[colour], size=MIN_TEXT, fill=TILE_INK[colour])
    if special:
        draw_special(s, x + w - 16, y + 1, special)


def draw_strip(s: Surface, x: float, y: float, w: float, h: float, code: str) -> None:
    """A covered tile in a stack: the strip that shows below the tile on it, with its value
    and its mark when there is room."""
    colour, special = code[0], SPECIAL[code]
    s.rect(x, y, w, h, fill=TILE_FILL[colour], stroke="#2b2b2b", width=0.8)
    if h >= 12:
        s.text(x + 5, y + h / 2, str(VALUE[code]), size=MIN_TEXT, fill=TILE_INK[colour], bold=True)
        if special:
            s.text(x + w - 4, y + h / 2, SPECIAL_MARK[special], size=MIN_TEXT, fill=TILE_INK[colour], anchor="end",
                   bold=True)


def draw_top_tile(s: Surface, x: float, y: float, w: float, h: float, code: str) -> None:
    """The top tile of a stack, in full: value on the left, mark on the right."""
    colour, special = code[0], SPECIAL[code]
    s.rect(x, y, w, h, fill=TILE_FILL[colour], stroke="#1b1b1b", width=1.4)
    s.text(x + 8, y + h / 2, str(VALUE[code]), size=16, fill=TILE_INK[colour], bold=True)
    if special:
        draw_special(s, x + w - 18, y + (h - 15) / 2, special)


def draw_dragon(s: Surface, cx: float, cy: float, r: float) -> None:
    """The dragon: a dark disc with 竜."""
    s.circle(cx, cy, r, fill=DRAGON, stroke="#e0b84a", width=2)
    s.text(cx, cy + 0.5, "竜", size=max(MIN_TEXT, r * 1.05), fill="#ffffff", anchor="middle", bold=True)


def draw_badge(s: Surface, cx: float, cy: float, number: str, colour: str, r: float = 10) -> None:
    s.circle(cx, cy, r, fill=colour, stroke="#ffffff", width=1.5)
    s.text(cx, cy + 0.5, number, size=12, fill="#ffffff", anchor="middle", bold=True)


def draw_cross(s: Surface, x: float, y: float, w: float, h: float, colour: str = WRONG, width: float = 3,
               halo: bool = False) -> None:
    """A cross from corner to corner; ``halo``: on a white outline, to stand out on any tile."""
    if halo:
        s.line(x, y, x + w, y + h, stroke="#ffffff", width=width + 2.5)
        s.line(x, y + h, x + w, y, stroke="#ffffff", width=width + 2.5)
    s.line(x, y, x + w, y + h, stroke=colour, width=width)
    s.line(x, y + h, x + w, y, stroke=colour, width=width)


def draw_chip(s: Surface, x: float, y: float, label: str, colour: str, size: float = MIN_TEXT) -> float:
    """A label in white on a coloured chip whose top-left corner is (x, y); returns its width."""
    w = (size + 1) * len(label) + 6
    s.rect(x, y, w, size + 3, fill=colour)
    s.text(x + 3, y + (size + 3) / 2 + 0.5, label, size=size, fill="#ffffff", bold=True)
    return w


def draw_winner(s: Surface, x: float, y: float) -> None:
    """The winner's mark: 「勝者」 on a gold chip, its left end at x, centred on y."""
    draw_chip(s, x, y - 8, "勝者", MARK, size=13)


def draw_title(s: Surface, x: float, y: float, title: str, room: float | None = None) -> None:
    """A picture's title, on the picture itself; a title longer than ``room`` (px) is drawn
    smaller to fit, down to 11 px (a Japanese character is about as wide as the type is tall)."""
    size = 14.0 if room is None else max(11.0, min(14.0, room / text_width(title, 1)))
    s.text(x, y, title, size=round(size, 1), bold=True, fill="#1f1a14")


# -- a level --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Grid:
    """Where a level is drawn: the top-left corner of its cells and the size of a cell."""

    x: float
    y: float
    cell: float

    def xy(self, cell: Cell) -> tuple[float, float]:
        return self.x + cell[1] * self.cell, self.y + cell[0] * self.cell

    def hit(self, x: float, y: float) -> Cell | None:
        c, r = int((x - self.x) // self.cell), int((y - self.y) // self.cell)
        if self.x <= x < self.x + SIZE * self.cell and self.y <= y < self.y + SIZE * self.cell:
            return r, c
        return None

    @property
    def right(self) -> float:
        return self.x + SIZE * self.cell

    @property
    def bottom(self) -> float:
        return self.y + SIZE * self.cell


def draw_level(s: Surface, g: Grid, cells: Sequence[str | None], dragon: int | None, arrows: Iterable[int] = (),
               targets: Iterable[Cell] = (), marks: Mapping[Cell, str | tuple[str, str]] | None = None,
               wrong: Iterable[Cell] = (), numbers: bool = True) -> None:
    """A level: row and column numbers, the bands and badges of arrows 1 (the dragon's row,
    取る) and 2 (its column, 渡す), the tiles, the dragon, green frames on ``targets``, gold (or
    coloured) frames with a label on ``marks``, red frames with a cross on ``wrong``."""
    arrows = set(arrows)
    cell = g.cell
    if numbers:
        for i in range(SIZE):
            s.text(g.x + (i + 0.5) * cell, g.y - COORD / 2, str(i + 1), size=MIN_TEXT, fill="#555", anchor="middle")
            s.text(g.x - COORD / 2, g.y + (i + 0.5) * cell, str(i + 1), size=MIN_TEXT, fill="#555", anchor="middle")
    s.rect(g.x, g.y, SIZE * cell, SIZE * cell, fill=EMPTY, stroke="#8d8270", width=1.2)
    for i in range(1, SIZE):
        s.line(g.x + i * cell, g.y, g.x + i * cell, g.bottom, stroke="#d3c9b2", width=0.8)
        s.line(g.x, g.y + i * cell, g.right, g.y + i * cell, stroke="#d3c9b2", width=0.8)
    if dragon is not None:
        dr, dc = cell_of(dragon)
        if 1 in arrows:
            s.rect(g.x, g.y + dr * cell, SIZE * cell, cell, fill=BAND1)
            s.rect(g.x, g.y + dr * cell, SIZE * cell, cell, stroke=ARROW1, width=2)
        if 2 in arrows:
            s.rect(g.x + dc * cell, g.y, cell, SIZE * cell, fill=BAND2)
            s.rect(g.x + dc * cell, g.y, cell, SIZE * cell, stroke=ARROW2, width=2)
    inset = 4
    for i, code in enumerate(cells):
        if code is None:
            continue
        x, y = g.xy(cell_of(i))
        draw_tile(s, x + inset, y + inset, cell - 2 * inset, cell - 2 * inset, code)
    if dragon is not None:
        x, y = g.xy(cell_of(dragon))
        if cells[dragon] is None:
            draw_dragon(s, x + cell / 2, y + cell / 2, cell * 0.3)
        else:  # at a level's start the dragon stands on the centre tile
            draw_dragon(s, x + cell - 13, y + cell - 13, 11)
        dr, dc = cell_of(dragon)
        if 1 in arrows:
            cy = g.y + (dr + 0.5) * cell
            draw_badge(s, g.right + 15, cy - 8, "1", ARROW1)
            s.text(g.right + 15, cy + 11, "取る", size=MIN_TEXT, fill=ARROW1, anchor="middle", bold=True)
        if 2 in arrows:
            cx = g.x + (dc + 0.5) * cell
            draw_badge(s, cx - 12, g.bottom + 14, "2", ARROW2)
            s.text(cx + 1, g.bottom + 14, "渡す", size=MIN_TEXT, fill=ARROW2, bold=True)
    for target in targets:  # (a white line inside the green frame: on a green tile it had all but gone)
        x, y = g.xy(target)
        s.rect(x + 3.5, y + 3.5, cell - 7, cell - 7, stroke="#ffffff", width=1.5)
        s.rect(x + 1.5, y + 1.5, cell - 3, cell - 3, stroke=LEGAL, width=3)
    for target, mark in (marks or {}).items():
        label, colour = _mark(mark)
        x, y = g.xy(target)
        s.rect(x + 1.5, y + 1.5, cell - 3, cell - 3, stroke=colour, width=3)
        if label:  # top-left: the value is in the middle, the colour's name bottom-left, the mark top-right
            draw_chip(s, x + 3, y + 3, label, colour)
    for target in wrong:  # the cross in the top-left corner: the value in the middle stays legible
        x, y = g.xy(target)
        s.rect(x + 1.5, y + 1.5, cell - 3, cell - 3, stroke=WRONG, width=3)
        draw_cross(s, x + 5, y + 5, cell * 0.22, cell * 0.22, width=2.5, halo=True)


def draw_hidden_level(s: Surface, x: float, y: float, cell: float = 18) -> None:
    """A level still under the one in play, its tiles face down (ruling 22's other reading,
    where nobody looks below): plain backs, and a 「?」 in the middle."""
    s.rect(x, y, SIZE * cell, SIZE * cell, fill=EMPTY, stroke="#8d8270", width=1)
    for i in range(SIZE * SIZE):
        r, c = cell_of(i)
        s.rect(x + c * cell + 0.5, y + r * cell + 0.5, cell - 1, cell - 1, fill="#8a7d66", stroke="#5d5444", width=0.5)
    s.text(x + SIZE * cell / 2, y + SIZE * cell / 2 + 0.5, "?", size=MIN_TEXT + 4, fill="#ffffff", anchor="middle",
           bold=True)


def draw_mini_level(s: Surface, x: float, y: float, cells: Sequence[str | None], cell: float = 18,
                    dragon: int | None = None) -> None:
    """A level small: each tile its colour and value, a tile with an action its top right corner
    white (no room for the action's letter); the dragon as a dark dot."""
    s.rect(x, y, SIZE * cell, SIZE * cell, fill=EMPTY, stroke="#8d8270", width=1)
    for i, code in enumerate(cells):
        r, c = cell_of(i)
        px, py = x + c * cell, y + r * cell
        if code is None:
            continue
        s.rect(px + 0.5, py + 0.5, cell - 1, cell - 1, fill=TILE_FILL[code[0]], stroke="#2b2b2b", width=0.5)
        if SPECIAL[code] == "s":  # the stair: its mark in place of its value (always a red 1)
            box = MIN_TEXT + 1
            s.rect(px + 2, py + 2, box, box, fill="#ffffff", stroke="#333333", width=0.6)
            s.text(px + 2 + box / 2, py + 2 + box / 2 + 0.5, SPECIAL_MARK["s"], size=MIN_TEXT, fill="#222",
                   anchor="middle", bold=True)
        else:
            s.text(px + cell / 2, py + cell / 2 + 0.5, str(VALUE[code]), size=MIN_TEXT, fill=TILE_INK[code[0]],
                   anchor="middle")
            if SPECIAL[code]:  # a tile with an action: its top right corner white (no room for its letter)
                corner = cell * 0.4
                s.polygon([(px + cell - 0.5 - corner, py + 0.5), (px + cell - 0.5, py + 0.5),
                           (px + cell - 0.5, py + 0.5 + corner)], fill="#ffffff", stroke="#2b2b2b", width=0.5)
    if dragon is not None:
        r, c = cell_of(dragon)
        if cells[dragon] is None:
            s.circle(x + (c + 0.5) * cell, y + (r + 0.5) * cell, cell * 0.3, fill=DRAGON, stroke="#e0b84a", width=1)
        else:  # on a tile: in its bottom-right corner, the tile's mark or value still seen
            rad = cell * 0.2
            s.circle(x + (c + 1) * cell - rad - 1, y + (r + 1) * cell - rad - 1, rad, fill=DRAGON, stroke="#e0b84a",
                     width=1)


def level_words(cells: Sequence[str | None], dragon: int | None) -> list[str]:
    """A level in words, row by row (空き for an empty cell), and where the dragon stands."""
    lines = []
    for r in range(SIZE):
        words = []
        for c in range(SIZE):
            code = cells[r * SIZE + c]
            words.append(tile_words(code) if code else "空き")
        lines.append(f"{row_words(r)}: " + "、".join(words))
    if dragon is not None:
        where = cell_words(cell_of(dragon))
        on = f"{tile_words(cells[dragon])}の上" if cells[dragon] else "空きマス"
        lines.append(f"ドラゴンは{where}({on})にいる。")
    return lines


def _arrow_words(cells: Sequence[str | None], dragon: int, arrows: Iterable[int]) -> list[str]:
    lines = []
    r, c = cell_of(dragon)
    for arrow in sorted(set(arrows)):
        line, name, verb = (ROW, row_words(r), "取る") if arrow == 1 else (COLUMN, column_words(c), "渡す")
        reach = [tile_words(cells[i]) for i in line[dragon] if cells[i] is not None]
        lines.append(f"矢印{arrow}({verb}): ドラゴンのいる{name}のタイル: " + ("、".join(reach) or "なし") + "。")
    return lines


def _level_of(source: Any, level: int | None) -> tuple[tuple[str | None, ...], int | None, int | None]:
    """(cells, dragon, level number) from a state, a level's text or (cells, dragon)."""
    if isinstance(source, DragonKeeperState):
        number = level or source.level
        cells = source.boards[number - 1]
        if number == source.level:
            return cells, source.dragon, number
        if number > source.level:  # a level still to come: the dragon waits above its centre
            return cells, None, number
        return cells, dragon_at_end(source, number), number
    if isinstance(source, str):
        cells, dragon = parse_board(source)
        return cells, dragon, level
    cells, dragon = source
    return tuple(cells), dragon, level


def dragon_at_end(state: DragonKeeperState, number: int) -> int | None:
    """Where the dragon stood when level ``number`` of ``state``'s game ended (the game replayed
    from its moves): on the cell of the last move that moved it on that level."""
    s = DragonKeeperState.new(state.players, state.options.to_dict(), state.seed)
    dragon = None
    for text in state.moves:
        before = s
        s = s.play(text)
        if before.level != number:
            continue
        if s.level == number:
            dragon = s.dragon
        else:
            move = before.parse_move(text)
            if move.kind in ("take", "give", "passage") and move.cell is not None:
                dragon = cell_index(move.cell)
            else:
                dragon = before.dragon
            break
    return dragon


def level_picture(source: Any, *, level: int | None = None, arrows: Iterable[int] | str | None = "auto",
                  targets: Iterable[Cell] | str = (), marks: Mapping[Cell, str | tuple[str, str]] | None = None,
                  wrong: Iterable[Cell] = (), title: str | None = None, caption: str | None = None,
                  cell: int = 56) -> Picture:
    """One 5×5 level with its tiles and the dragon (position kind ``dragonkeeper.level``).

    ``source``: a :class:`DragonKeeperState` (the level being played, or ``level``), a level's
    text (:func:`gamelib.dragonkeeper.board_text`, ``*`` after the dragon's cell) or
    (cells, dragon index).  ``arrows``: ``"auto"`` (for a state, the arrow of the step to play
    now; for a text, both), or any of 1 (the dragon's row: 取る) and 2 (its column: 渡す), or
    None.  ``targets``: cells framed green — or ``"legal"``, the cells of the state's legal
    moves now; ``marks``: cell → a short label (gold) or (label, colour); ``wrong``: cells
    framed red with a cross.  ``caption``: a line above the grid.

    >>> level_picture(DragonKeeperState.new(2, seed=1)).position[0]
    'dragonkeeper.level'
    """
    cells, dragon, number = _level_of(source, level)
    position = board_text(cells, dragon)
    check_level(position)  # a level that real tiles can make, or ValueError
    state = source if isinstance(source, DragonKeeperState) else None
    if arrows == "auto":
        if state is not None and (state.level != number or state.is_over()):
            arrows = ()  # a finished level: no step to play
        elif state is not None and dragon is not None:
            arrows = {"take": (1,), "passage": (1,), "give": (2,)}.get(state.phase, ())
        else:
            arrows = (1, 2) if dragon is not None else ()
    arrows = tuple(arrows or ())
    if targets == "legal":
        targets = sorted({m.cell for m in state.legal_moves() if m.cell is not None}) if state is not None else []
    targets = list(targets)  # type: ignore[arg-type]
    wrong = list(wrong)
    left = sum(1 for c in cells if c is not None)
    where = f"第{number}階層、残り{left}枚" if number else f"残り{left}枚"
    heads = ([title] if title else []) + [caption or where]
    head = 22 * len(heads)
    pad = 6
    g = Grid(pad + COORD, pad + head + COORD, cell)
    width = g.right + 34 + pad
    height = g.bottom + (30 if 2 in arrows else 8) + pad
    name = title or (f"第{number}階層" if number else "階層")
    s = SvgSurface(width, height, name)
    s.rect(0, 0, width, height, fill=PAPER)
    if title:
        draw_title(s, pad, pad + 10, title, width - 2 * pad)
    s.text(pad, pad + 10 + 22 * (len(heads) - 1), heads[-1], size=13 if not title else 12, bold=not title,
           fill="#222" if not title else "#555")
    draw_level(s, g, cells, dragon, arrows, targets, marks, wrong)
    # (without a title the name is the level's: 「第1階層(残り25枚)」, not 「第1階層(第1階層、…)」)
    alt = [f"{name}({where if title else f'残り{left}枚'})。" + (f"{caption}。" if caption else "")] + level_words(cells, dragon)
    if dragon is not None and arrows:
        alt += _arrow_words(cells, dragon, arrows)
    if targets:
        alt.append("緑の枠: " + "、".join(cell_words(c) for c in targets) + "。")
    for target, mark in (marks or {}).items():
        label = _mark(mark)[0]
        alt.append(f"{cell_words(target)}に枠" + (f"「{label}」" if label else "") + "。")
    if wrong:
        alt.append("赤い枠と×: " + "、".join(cell_words(c) for c in wrong) + "。")
    return Picture(s.svg(), "\n".join(alt), position=("dragonkeeper.level", position))


def levels_picture(state: DragonKeeperState, cell: int = 23) -> Picture:
    """The three levels of a game side by side, small (position kind ``dragonkeeper.level``:
    the level being played)."""
    gap, pad = 10, 6
    w = SIZE * cell
    s = SvgSurface(pad * 2 + LEVELS * w + (LEVELS - 1) * gap, pad * 2 + 20 + w, "三つの階層")
    s.rect(0, 0, pad * 2 + LEVELS * w + (LEVELS - 1) * gap, pad * 2 + 20 + w, fill=PAPER)
    alt = ["三つの階層(第1階層がいちばん上で、最初に遊ぶ階層)。"]
    for n in range(1, LEVELS + 1):
        x = pad + (n - 1) * (w + gap)
        now = n == state.level and not state.is_over()
        label = f"第{n}階層" + ("(今)" if now else "(終了)" if n < state.level else "")
        s.text(x, pad + 8, label, size=12, bold=now)
        dragon = state.dragon if n == state.level else None
        draw_mini_level(s, x, pad + 20, state.boards[n - 1], cell, dragon)
        left = sum(1 for c in state.boards[n - 1] if c is not None)
        stairs = [cell_words(cell_of(i)) for i, c in enumerate(state.boards[n - 1]) if c and SPECIAL[c] == "s"]
        alt.append(f"{label}: 残り{left}枚。" + (f"階段タイルは{'、'.join(stairs)}(「階」の印)。" if stairs else "")
                   + (f"ドラゴンは{cell_words(cell_of(dragon))}。" if dragon is not None else ""))
    return Picture(s.svg(), "\n".join(alt), position=("dragonkeeper.level", board_text(state.board, state.dragon)))


# -- stacks ---------------------------------------------------------------------------------------
STACK_W = 52  # a column of the stacks
TILE_W = 48
STRIP = 14
TOP_H = 28


def stack_rects(n: int, x: float, baseline: float, room: float) -> list[tuple[float, float, float, float]]:
    """The rectangles of a stack of ``n`` tiles standing on ``baseline``, bottom tile first: the
    covered tiles as strips, the top tile whole; the strips shrink to stay within ``room``."""
    if n == 0:
        return []
    strip = STRIP if n == 1 else min(STRIP, (room - TOP_H) / (n - 1))
    rects = [(x, baseline - (i + 1) * strip, TILE_W, strip) for i in range(n - 1)]
    rects.append((x, baseline - (n - 1) * strip - TOP_H, TILE_W, TOP_H))
    return rects


def stacks_height(stacks: Stacks) -> float:
    """Room a set of stacks needs above its baseline."""
    longest = max((len(st) for st in stacks), default=0)
    return TOP_H + STRIP * max(0, longest - 1)


def narrow_panel_height(stacks: Sequence[Stacks]) -> float:
    """A phone's panel height for every player's stacks (all panels alike): room for the
    longest stack and two tiles more, at least four tiles, at most :data:`PANEL_H` (longer
    stacks then close up, as on a wide screen)."""
    longest = max((len(st) for player in stacks for st in player), default=0)
    need = TOP_H + STRIP * (max(longest, 2) + 1)
    return min(PANEL_H, PANEL_HEAD + need + PANEL_FOOT)


def draw_stacks(s: Surface, x: float, baseline: float, stacks: Stacks, room: float,
                dim: Mapping[tuple[int, int], str] | None = None, crossed: Iterable[tuple[int, int]] = (),
                frames: Mapping[tuple[int, int], str] | None = None, counts: bool = True
                ) -> list[list[tuple[float, float, float, float]]]:
    """A player's stacks in colour order (赤・青・黄・緑・紫), each a column from the bottom up,
    its top tile whole; under each column the colour's name and the number of tiles.

    ``dim``: (colour index, tile index) → veil colour over tiles that leave; ``crossed``: tiles
    crossed out; ``frames``: (colour index, tile index) → frame colour.  Returns each column's
    tile rectangles (for clicks)."""
    out = []
    for ci, stack in enumerate(stacks):
        cx = x + ci * STACK_W
        s.line(cx, baseline + 1, cx + TILE_W, baseline + 1, stroke="#b9b09a", width=1)
        label = f"{NAME_JA[COLOURS[ci]]}{len(stack)}枚" if counts else NAME_JA[COLOURS[ci]]
        s.text(cx + TILE_W / 2, baseline + 10, label, size=MIN_TEXT, fill="#444", anchor="middle")
        rects = stack_rects(len(stack), cx, baseline, room)
        for i, (code, (rx, ry, rw, rh)) in enumerate(zip(stack, rects)):
            if i == len(stack) - 1:
                draw_top_tile(s, rx, ry, rw, rh, code)
            else:
                draw_strip(s, rx, ry, rw, rh, code)
        for (c, i), veil in (dim or {}).items():
            if c == ci and i < len(rects):
                s.rect(*rects[i], fill=veil)
        for c, i in crossed:
            if c == ci and i < len(rects):
                rx, ry, rw, rh = rects[i]
                # between the value (left) and the mark (right), which stay legible
                draw_cross(s, rx + 17, ry + 1.5, rw - 34, rh - 3, width=3, halo=True)
        # one frame round each run of tiles framed alike (a stack to give the dragon: one frame
        # round the stack; a frame for each of its thin tiles had crossed their letters)
        framed = sorted((colour, i) for (c, i), colour in (frames or {}).items() if c == ci and i < len(rects))
        for k, (colour, i) in enumerate(framed):
            if k and framed[k - 1] == (colour, i - 1):
                continue  # (within a run)
            j = i
            while (colour, j + 1) in framed:
                j += 1
            boxes = rects[i:j + 1]
            left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
            right, bottom = max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes)
            s.rect(left - 2, top - 2, right - left + 4, bottom - top + 4, stroke=colour, width=3)
        out.append(rects)
    return out


def stacks_words(stacks: Stacks) -> str:
    """Stacks in words: 「赤の1(階段)・3・5、青の4(各山札とも下から上へ)」 (タイルなし when empty)."""
    parts = []
    for ci, stack in enumerate(stacks):
        if stack:
            tiles = "・".join(str(VALUE[c]) + (f"({SPECIAL_JA[SPECIAL[c]]})" if SPECIAL[c] else "") for c in stack)
            parts.append(f"{NAME_JA[COLOURS[ci]]}の{tiles}")
    return "、".join(parts) + "(各山札とも下から上へ)" if parts else "タイルなし"


def draw_guild(s: Surface, x: float, y: float, guild: str | None, hidden: str = "?(本人だけが知っている)") -> None:
    """「ギルド:」 and the guild's colour square and name, or the hidden mark."""
    s.text(x, y, "ギルド:", size=12)
    if guild is None:
        s.text(x + 44, y, hidden, size=12, fill="#666")
        return
    s.rect(x + 44, y - 7, 14, 14, fill=TILE_FILL[guild], stroke="#333")
    s.text(x + 62, y, NAME_JA[guild], size=12, bold=True)


def _per(value: Any, i: int) -> Any:
    """A mark for panel ``i``: a mapping with whole-number keys is per panel, anything else for all."""
    if isinstance(value, Mapping) and value and all(isinstance(k, int) for k in value):
        return value.get(i)
    return value


def stacks_picture(stacks: Any, player: int | None = None, *, names: Sequence[str] | None = None,
                   guild: str | Sequence[str | None] | None = None, viewer: int | None | str = None,
                   treasure: int | Sequence[int] | None = None, tribute: Any = None, guild_released: Any = False,
                   released: Any = (), marks: Any = None, title: str | None = None) -> Picture:
    """Players' stacks in colour order, each a column from the bottom up with values and
    special marks, its top tile whole (position kind ``dragonkeeper.stacks``).

    ``stacks``: one player's stacks text (``"R:1s,3,5 B:4,2r"``), several lines (one player
    each), a list of texts, or a :class:`DragonKeeperState` (every player, or only ``player``).
    ``guild``: for texts, the guild letter(s) to show (None: not shown); for a state the guilds
    are shown as the rules allow ``viewer`` (a player sees only their own until the end;
    ``"all"`` shows every guild, for learning).  ``treasure``: counts to show (a state's own).

    Marks, each either one value for every panel or a mapping panel index → value:
    ``tribute`` a colour letter (the stack given to the dragon: veiled, 「貢物」),
    ``guild_released`` True (the guild stack removed by the tribute rule: veiled, 「失点なし」),
    ``released`` tile codes discarded by releases (the topmost of each crossed out),
    ``marks`` colour letter → a label (or (label, colour)) framing that stack's top tile.
    """
    state = stacks if isinstance(stacks, DragonKeeperState) else None
    if state is not None:
        shown = list(range(state.players)) if player is None else [player]
        all_stacks = [state.stacks[p] for p in shown]
        if viewer == "all":
            guilds: list[str | None] = [state.guilds[p] for p in shown]
        else:
            view = state.view(viewer)["guilds"]  # type: ignore[arg-type]
            guilds = [view[p] for p in shown]
        treasures: list[int | None] = [state.treasure[p] for p in shown]
        labels = [(names or NAMES)[p] for p in shown]
        show_guild = True
        out = [not state.alive[p] for p in shown]
        stacks_kept = state.options.eliminated_stacks == "kept"
    else:
        texts = stacks.splitlines() if isinstance(stacks, str) else list(stacks)
        texts = [t for t in texts if t.strip()] or [""]
        all_stacks = check_stacks("\n".join(t if t.strip() else "-" for t in texts))  # or ValueError
        n = len(all_stacks)
        guilds = list(guild) if isinstance(guild, (list, tuple)) else [guild] * n  # type: ignore[list-item]
        show_guild = guild is not None
        treasures = list(treasure) if isinstance(treasure, (list, tuple)) else [treasure] * n  # type: ignore[list-item]
        labels = list(names) if names else (["山札"] if n == 1 else list(NAMES[:n]))
        out = [False] * n
        stacks_kept = False
    pad = 8
    panel_w = 5 * STACK_W + 8
    heights = []
    for i, st in enumerate(all_stacks):
        labelled = bool(_per(tribute, i) or _per(guild_released, i) or _per(marks, i))
        heights.append(44 + (14 if labelled else 0) + stacks_height(st) + 22)  # room for a label over a stack
    width = pad * 2 + panel_w
    top = pad + (26 if title else 0)
    height = top + sum(h + 8 for h in heights)
    s = SvgSurface(width, height, title or "山札")
    s.rect(0, 0, width, height, fill=PAPER)
    if title:
        draw_title(s, pad, pad + 9, title, width - 2 * pad)
    alt = [f"{title}。"] if title else []
    y = top
    for i, st in enumerate(all_stacks):
        h = heights[i]
        s.rect(pad, y, panel_w, h, fill="#ecebe8" if out[i] else PANEL, stroke=LINE)
        s.text(pad + 8, y + 13, labels[i], size=13, bold=True, fill="#777" if out[i] else "#222")
        words = [f"{labels[i]}: "]
        if out[i]:
            draw_chip(s, pad + 8 + 14 * len(labels[i]) + 6, y + 5, "除外", WRONG, size=12)
            words.append("ゲームから除外された。" + ("山札は囚人の交換の相手として残る。" if stacks_kept
                                                    else "山札もゲームから取り除かれた(薄く描いたもの)。"))
        if show_guild:
            draw_guild(s, pad + 8, y + 32, guilds[i])
            words.append(f"ギルドは{NAME_JA[guilds[i]]}。" if guilds[i] else "ギルドは本人だけが知っている。")
        if treasures[i] is not None:
            s.text(pad + panel_w - 8, y + 13, f"財宝{treasures[i]}個", size=12, anchor="end")
            words.append(f"財宝{treasures[i]}個。")
        words.append("山札は" + stacks_words(st) + "。")
        dim: dict[tuple[int, int], str] = {}
        crossed: list[tuple[int, int]] = []
        frames: dict[tuple[int, int], str] = {}
        baseline = y + h - 20
        given = _per(tribute, i)
        if given:
            ci = COLOURS.index(given)
            dim.update({(ci, k): DIM for k in range(len(st[ci]))})
            words.append(f"{NAME_JA[given]}の山札は貢物としてドラゴンへ。")
        g = guilds[i]
        if _per(guild_released, i) and g:
            ci = COLOURS.index(g)
            dim.update({(ci, k): DIM for k in range(len(st[ci]))})
            words.append(f"ギルドの色({NAME_JA[g]})のタイルもすべて取り除き、失点にしない。")
        gone: list[tuple[int, int]] = []
        for code in _per(released, i) or ():
            ci = COLOURS.index(code[0])
            for k in range(len(st[ci]) - 1, -1, -1):
                if st[ci][k] == code and (ci, k) not in gone:
                    gone.append((ci, k))
                    break
        crossed.extend(gone)
        if gone:
            words.append("解放で捨てるタイル(線で消したもの): " + "、".join(tile_words(st[c][k]) for c, k in gone) + "。")
        for colour, mark in (_per(marks, i) or {}).items():
            ci = COLOURS.index(colour)
            if st[ci]:
                frames[(ci, len(st[ci]) - 1)] = _mark(mark)[1]
                words.append(f"{NAME_JA[colour]}の山札のいちばん上に枠「{_mark(mark)[0]}」。")
        draw_stacks(s, pad + 8, baseline, st, stacks_height(st), dim, crossed, frames)
        if out[i] and not stacks_kept:  # ruling 9: the stacks left the game with the player
            s.rect(pad + 1, y + 42, panel_w - 2, h - 43, fill="rgba(236, 235, 232, 0.78)")
            words_y = baseline - stacks_height(st) / 2
            # (on a label of its own, so that the faded tiles under it do not run through the words)
            s.rect(pad + panel_w / 2 - 92, words_y - 11, 184, 22, fill="#ffffff", stroke=WRONG, width=1)
            s.text(pad + panel_w / 2, words_y, "山札はゲームから取り除かれた", size=12, fill=WRONG, anchor="middle", bold=True)
        for colour, mark in (_per(marks, i) or {}).items():
            ci = COLOURS.index(colour)
            label, c = _mark(mark)
            if st[ci] and label:
                top_y = baseline - stacks_height((st[ci],))
                s.text(pad + 8 + ci * STACK_W + TILE_W / 2, top_y - 9, label, size=MIN_TEXT, fill=c, anchor="middle",
                       bold=True)
        for ci, label in ((COLOURS.index(given), "貢物") if given else (None, None),
                          (COLOURS.index(g), GUILD_REMOVED) if _per(guild_released, i) and g else (None, None)):
            if ci is not None and st[ci]:
                top_y = baseline - stacks_height((st[ci],))
                s.text(pad + 8 + ci * STACK_W + TILE_W / 2, top_y - 9, label, size=12, fill=WRONG, anchor="middle",
                       bold=True)
        alt.append("".join(words))
        y += h + 8
    lines = "\n".join(stacks_text(st) or "-" for st in all_stacks)
    return Picture(s.svg(), "\n".join(alt), position=("dragonkeeper.stacks", lines))


# -- the end ----------------------------------------------------------------------------------------
@dataclass
class EndOfPlayer:
    """One player's end: the stacks before the tribute, what left them and the score."""

    guild: str
    treasure: int
    before: Stacks
    given: int | None  # the colour index given to the dragon
    guild_released: bool
    releases: tuple[tuple[str, str], ...]  # (tile released, release colour)
    after: Stacks
    bonus: int
    alive: bool = True

    def sums(self) -> list[int]:
        """Each colour's points after the tribute and releases (the guild colour negative)."""
        g = COLOURS.index(self.guild)
        return [(-1 if ci == g else 1) * sum(VALUE[c] for c in st) for ci, st in enumerate(self.after)]

    @property
    def score(self) -> int:
        return sum(self.sums()) + self.bonus if self.alive else 0

    def leaving(self, discarded: bool) -> tuple[dict[tuple[int, int], str], list[tuple[int, int]]]:
        """The tiles that leave, as (colour index, tile index) of ``before``: veiled (the
        tribute, the guild released) and crossed out (each release's tile)."""
        dim = {}
        for ci in ([self.given] if self.given is not None else []) + (
                [COLOURS.index(self.guild)] if self.guild_released else []):
            dim.update({(ci, k): DIM for k in range(len(self.before[ci]))})
        left = {ci: [k for k in range(len(st)) if (ci, k) not in dim] for ci, st in enumerate(self.before)}
        crossed = []
        g = COLOURS.index(self.guild)
        for tile, colour in self.releases:
            k = max(k for k in left[g] if self.before[g][k] == tile)
            left[g].remove(k)
            crossed.append((g, k))
            release = f"{colour}2r"
            if discarded and tile != release:
                rc = COLOURS.index(colour)
                k = min(k for k in left[rc] if self.before[rc][k] == release)
                left[rc].remove(k)
                crossed.append((rc, k))
        return dim, crossed


def end_of_game(source: Any) -> tuple[list[EndOfPlayer], bool]:
    """Each player's end from a finished state or from end text (``dragonkeeper.end``: guild,
    treasure and stacks before the tribute, one player a line; the tribute and releases
    then chosen for the best score), and whether used releases are discarded."""
    if isinstance(source, DragonKeeperState):
        state = source
        if not state.is_over():
            raise ValueError("the end is drawn once the game is over (gamelib's phase 'over')")
        bonus = rulings.treasure_bonus(state.treasure, state.alive)
        out = []
        for p in range(state.players):
            if state.alive[p] and state.end_stacks[p] is not None:
                given = state.tributes[p]
                out.append(EndOfPlayer(state.guilds[p], state.treasure[p], parse_stacks(state.end_stacks[p]),
                                       COLOURS.index(given) if given else None, state.guild_released[p],
                                       state.releases[p], state.stacks[p], bonus[p]))
            else:
                out.append(EndOfPlayer(state.guilds[p], state.treasure[p], state.stacks[p], None, False, (),
                                       state.stacks[p], 0, alive=False))
        return out, state.options.release_discarded
    check_end(source)
    rows = [line.split(None, 2) for line in source.splitlines() if line.strip()]
    treasure = [int(r[1]) for r in rows]
    bonus = rulings.treasure_bonus(treasure, [True] * len(rows))
    out = []
    for r, b in zip(rows, bonus):
        guild, before = r[0], parse_stacks(r[2] if len(r) > 2 else "")
        _, given, released = scoring.best_end(before, guild)
        after = scoring.apply_tribute(before, given, released, guild)
        after, plan = scoring.settle_releases(after, guild, False)
        out.append(EndOfPlayer(guild, int(r[1]), before, given, released, tuple(plan), after, b))
    return out, False


def end_text(ends: Sequence[EndOfPlayer]) -> str:
    """The ``dragonkeeper.end`` text of an end: guild, treasure, stacks before the tribute."""
    return "\n".join(f"{e.guild} {e.treasure} {stacks_text(e.before)}".rstrip() for e in ends)


def score_words(e: EndOfPlayer) -> str:
    """「赤9 + 黄7 + 緑11 − 青1 + 財宝ボーナス2 = 28点」."""
    parts = []
    for ci, v in enumerate(e.sums()):
        if e.after[ci]:
            sign = "−" if COLOURS[ci] == e.guild else "+"
            parts.append(f"{sign} {NAME_JA[COLOURS[ci]]}{abs(v)}")
    if e.bonus:
        parts.append(f"+ 財宝ボーナス{e.bonus}")
    text = " ".join(parts) if parts else "0"
    if text.startswith(("+ ", "− ")):  # (the first term's sign: none for a plus, 「−青11」 for a minus)
        text = text[2:] if text[0] == "+" else "−" + text[2:]
    return f"{text} = {str(e.score).replace('-', '−')}点"  # (one minus sign, as the terms')


def draw_end_panel(s: Surface, x: float, y: float, w: float, h: float, e: EndOfPlayer, name: str, discarded: bool,
                   winner: bool, head: bool = True) -> None:
    """One player's end in a panel: the stacks before the tribute with what leaves veiled or
    crossed out, each colour's points under its column, the score line."""
    s.rect(x, y, w, h, fill="#fff7e0" if winner else PANEL, stroke=MARK if winner else LINE, width=2 if winner else 1)
    if head:
        s.text(x + 8, y + 13, name, size=13, bold=True)
        if winner:
            draw_winner(s, x + 8 + 14 * len(name) + 8, y + 13)
        s.text(x + w - 8, y + 13, f"財宝{e.treasure}個", size=12, anchor="end")
        draw_guild(s, x + 8, y + 32, e.guild)
    if not e.alive:
        if head:
            draw_chip(s, x + 8 + 14 * len(name) + 8, y + 5, "除外", WRONG, size=13)
        s.text(x + w / 2, max(y + 56, y + h / 2), "ゲームから除外(得点なし)", size=13, fill=WRONG, anchor="middle",
               bold=True)
        return
    dim, crossed = e.leaving(discarded)
    baseline = y + h - 54  # under it each colour's points, then the score line clear of the frame
    room = baseline - (y + 62)
    draw_stacks(s, x + 8, baseline, e.before, room, dim, crossed)
    for ci, label in ((e.given, "貢物"), (COLOURS.index(e.guild) if e.guild_released else None, GUILD_REMOVED)):
        if ci is not None and e.before[ci]:
            top = stack_rects(len(e.before[ci]), 0, baseline, room)[-1][1]
            s.text(x + 8 + ci * STACK_W + TILE_W / 2, top - 9, label, size=12, fill=WRONG, anchor="middle", bold=True)
    for ci, v in enumerate(e.sums()):
        if e.before[ci]:
            text = "0" if not e.after[ci] else (f"−{-v}" if COLOURS[ci] == e.guild else f"+{v}")
            s.text(x + 8 + ci * STACK_W + TILE_W / 2, baseline + 24, text, size=13, anchor="middle", bold=True,
                   fill=WRONG if text.startswith("−") else "#222")
    line = score_words(e).replace(" + ", "+").replace(" − ", "−")  # the sum closed up to fit the panel
    s.text(x + 8, baseline + 40, line, size=max(MIN_TEXT, min(12.0, (w - 16) // text_width(line, 0.1) / 10)),
           bold=True)


def end_words(e: EndOfPlayer, name: str, discarded: bool) -> str:
    words = [f"{name}: ギルドは{NAME_JA[e.guild]}、財宝{e.treasure}個。"]
    if not e.alive:
        return words[0] + "ゲームから除外されたので得点計算に参加しない。"
    words.append("貢物の前の山札は" + stacks_words(e.before) + "。")
    if e.given is not None:
        words.append(f"{NAME_JA[COLOURS[e.given]]}の山札({len(e.before[e.given])}枚)を貢物にする。")
    else:
        words.append("貢物にする山札はない。")
    if e.guild_released:
        words.append(f"ギルドの色({NAME_JA[e.guild]})の山札がいちばん多いので、{NAME_JA[e.guild]}のタイルもすべて取り除き、失点にしない。")
    for tile, colour in e.releases:
        extra = "(使った解放タイルも捨てる)" if discarded and tile != f"{colour}2r" else ""
        words.append(f"{NAME_JA[colour]}の解放タイルで{tile_words(tile)}を捨てる{extra}。")
    if e.bonus:
        words.append(f"財宝が最も多いので+{e.bonus}点。")
    words.append(f"得点: {score_words(e)}。")
    return "".join(words)


def end_panel_height(e: EndOfPlayer) -> float:
    return 62 + stacks_height(e.before) + 46 + 8


def end_picture(source: Any, names: Sequence[str] | None = None, title: str = "ゲーム終了と得点計算") -> Picture:
    """The end of a game (position kind ``dragonkeeper.end``): for each player the stacks
    before the tribute, the stack given to the dragon (veiled, 「貢物」), the guild colour
    removed by the tribute rule (veiled, 「失点なし」), the tiles discarded by releases (crossed
    out), each colour's points under its column (the guild colour's against the player), the
    +2 for the most treasure and the score; the winners framed in gold.

    ``source``: a finished :class:`DragonKeeperState`, or end text (``"B 5 R:1s,3,5 B:4,1"``
    one player a line: guild, treasure, stacks before the tribute), whose tribute and releases
    are then chosen for each player's best score.
    """
    ends, discarded = end_of_game(source)
    names = list(names or NAMES)
    scores = [e.score for e in ends]
    best = max((s for s, e in zip(scores, ends) if e.alive), default=None)  # (None: everybody out)
    pad = 8
    panel_w = 5 * STACK_W + 8
    heights = [end_panel_height(e) if e.alive else 72 for e in ends]
    top = pad + 26
    width, height = pad * 2 + panel_w, top + sum(h + 8 for h in heights)
    s = SvgSurface(width, height, title)
    s.rect(0, 0, width, height, fill=PAPER)
    draw_title(s, pad, pad + 9, title, width - 2 * pad)
    y = top
    alt = [f"{title}。"]
    for i, e in enumerate(ends):
        winner = e.alive and scores[i] == best
        draw_end_panel(s, pad, y, panel_w, heights[i], e, names[i], discarded, winner)
        alt.append(end_words(e, names[i], discarded) + ("勝者。" if winner else ""))
        y += heights[i] + 8
    return Picture(s.svg(), "\n".join(alt), position=("dragonkeeper.end", end_text(ends)))


def score_table(source: Any, names: Sequence[str] | None = None) -> Any:
    """The score breakdown as a table (:class:`widgets.tables.Table`): the guild, the stack
    given to the dragon, each colour's points (the guild colour's negative), the +2 for the
    most treasure, the total and each player's result (:func:`widgets.tables.result_word`)."""
    from .tables import Table, result_word

    ends, _ = end_of_game(source)
    names = list(names or NAMES)
    scores = [e.score for e in ends]
    best = max((s for s, e in zip(scores, ends) if e.alive), default=None)  # (None: everybody out)
    rows: list[list[Any]] = []
    for i, e in enumerate(ends):
        if not e.alive:
            rows.append([names[i], NAME_JA[e.guild], "除外", "", "", "", "", "", "", "", result_word(False)])
            continue
        sums = [v if e.after[ci] else "" for ci, v in enumerate(e.sums())]
        given = NAME_JA[COLOURS[e.given]] if e.given is not None else "なし"
        rows.append([names[i], NAME_JA[e.guild], given, *sums, e.bonus, e.score, result_word(scores[i] == best)])
    headers = ["プレイヤー", "ギルド", "貢物", *(NAME_JA[c] for c in COLOURS), "財宝ボーナス", "合計", "結果"]
    return Table(headers, rows)


# -- the legend -------------------------------------------------------------------------------------
def legend_picture() -> Picture:
    """The colours (赤・青・黄・緑・紫) and the marks of the special actions, with a sample tile
    of each, the dragon and the arrows (position kind ``legend``)."""
    pad, row, tile = 8, 40, 34
    specials = [("s", "R1s", "階段(次の階層のスタートプレイヤーになる)"),
                ("p", "B1p", "秘密の通路(渡したあと、ドラゴンの行から1枚取る)"),
                ("x", "G3x", "囚人の交換(ほかのプレイヤーの山札の上と交換)"),
                ("t", "B4t", "リモートトラップ(階層のどこからでも1枚取る)"),
                ("r", "Y2r", "解放(最後に、ギルドの色のタイルを1枚捨てる)")]
    width = 376
    height = pad * 2 + 14 + row + 22 + row * len(specials) + 22 + row + 30
    s = SvgSurface(width, height, "色と印の見かた")
    s.rect(0, 0, width, height, fill=PAPER)
    y = pad + 8
    s.text(pad, y, "タイルの色", size=13, bold=True)
    y += 12
    for i, c in enumerate(COLOURS):
        x = pad + i * 72
        draw_tile(s, x, y, tile, tile, f"{c}5", colour_name=False)
        s.text(x + tile + 5, y + tile / 2, NAME_JA[c], size=12)
    y += row + 12
    s.text(pad, y, "特別アクションの印(タイルの右上)", size=13, bold=True)
    y += 12
    for special, code, words in specials:
        draw_tile(s, pad, y, tile, tile, code, colour_name=False)
        s.text(pad + tile + 6, y + tile / 2, f"{SPECIAL_MARK[special]} … {words}", size=12)
        y += row
    y += 10
    s.text(pad, y, "ドラゴンと矢印", size=13, bold=True)
    y += 12
    draw_dragon(s, pad + tile / 2, y + tile / 2, 14)
    s.text(pad + tile + 6, y + tile / 2, "竜 … ドラゴン(動いたマスのタイルを取る・渡す)", size=12)
    y += row
    draw_badge(s, pad + 10, y + 8, "1", ARROW1)
    s.text(pad + 24, y + 8, "取る(ドラゴンの行)", size=12, fill=ARROW1, bold=True)
    draw_badge(s, pad + 148, y + 8, "2", ARROW2)
    s.text(pad + 162, y + 8, "渡す(ドラゴンの列)", size=12, fill=ARROW2, bold=True)
    alt = ["色と印の見かた。タイルの色: " + "・".join(NAME_JA[c] for c in COLOURS) + "。",
           "特別アクションの印: " + "、".join(f"{SPECIAL_MARK[sp]}は{w}" for sp, _, w in specials) + "。",
           "竜の円はドラゴン。矢印1(ドラゴンのいる行)で取り、矢印2(ドラゴンのいる列)で渡す。"]
    return Picture(s.svg(), "\n".join(alt), position=("legend", "ドラゴンキーパーの色と特別アクションの印"))


# -- the live board ---------------------------------------------------------------------------------
PANEL_W = 5 * STACK_W + 16
PANEL_H = 250
#: A panel's rows above its stacks (name, guild, treasure) and below them (the colours' counts).
PANEL_HEAD, PANEL_FOOT = 48, 24
MINI = 18
#: Room right of a level for arrow 1's badge and 「取る」.
ARROW_ROOM = 38
#: On a narrow screen, the least and the most side of a level's cell.
NARROW_CELL = (52, 64)


@dataclass(frozen=True)
class Layout:
    """Where the live board draws everything: the level on the left (the levels still to come
    small under it), the players' panels beside it in two columns — or, on a narrow screen (a
    phone), everything in one column."""

    players: int
    narrow: bool = False
    #: On a narrow screen, the width the page gives the board: the level's cells grow to fill
    #: it, up to :data:`NARROW_CELL` (a phone had shown a 324 px picture in a 382 px box).
    across: float = 0
    #: Whether levels are still to come: on a narrow screen, without them, the panels move up
    #: into their place (a tester found 200 px of blank under 「これからの階層 (なし)」).
    upcoming: bool = True
    #: Each panel's height: :data:`PANEL_H`, or on a narrow screen as much as the stacks need
    #: (:func:`narrow_panel_height`).
    panel_h: float = PANEL_H

    @property
    def left(self) -> int:
        return 8 if self.narrow else 16

    @property
    def cell(self) -> int:
        if not self.narrow:
            return 56
        room = int((self.across - self.left - COORD - ARROW_ROOM) // SIZE)
        return max(NARROW_CELL[0], min(NARROW_CELL[1], room))

    @property
    def grid(self) -> Grid:
        return Grid(self.left + COORD, 34 + COORD, self.cell)

    @property
    def upcoming_y(self) -> float:
        """The title of the levels still to come (their grids below it)."""
        return self.grid.bottom + 42

    @property
    def column_w(self) -> float:
        return self.grid.right + ARROW_ROOM

    def panel_xy(self, player: int) -> tuple[float, float]:
        if self.narrow:
            minis = 12 + SIZE * MINI if self.upcoming else 0
            return 8, self.upcoming_y + minis + 16 + player * (self.panel_h + 8)
        x0 = self.column_w + 8
        return x0 + (player % 2) * (PANEL_W + 8), 8 + (player // 2) * (self.panel_h + 8)

    @property
    def width(self) -> int:
        if self.narrow:
            return int(max(self.column_w, 8 + PANEL_W + 8))
        return int(self.column_w + 8 + min(self.players, 2) * (PANEL_W + 8))

    @property
    def height(self) -> int:
        last = self.panel_xy(self.players - 1)[1] + self.panel_h + 8
        if self.narrow:
            return int(last)
        return int(max(last, self.upcoming_y + 12 + SIZE * MINI + 12))

    def baseline(self, player: int) -> float:
        x, y = self.panel_xy(player)
        return y + self.panel_h - PANEL_FOOT

    def room(self, player: int) -> float:
        return self.baseline(player) - (self.panel_xy(player)[1] + PANEL_HEAD)

    def column_x(self, player: int, colour: int) -> float:
        return self.panel_xy(player)[0] + 8 + colour * STACK_W

    def tile_rects(self, player: int, stacks: Stacks) -> list[list[tuple[float, float, float, float]]]:
        """Each stack's tile rectangles in ``player``'s panel, bottom first."""
        return [stack_rects(len(st), self.column_x(player, ci), self.baseline(player), self.room(player))
                for ci, st in enumerate(stacks)]

    def hit(self, x: float, y: float, stacks: Sequence[Stacks]) -> tuple[Any, ...] | None:
        """("cell", (r, c)) on the level; ("stack", player, colour index, tile index or None)
        on a stack's column (None: above its top tile or on its name)."""
        cell = self.grid.hit(x, y)
        if cell is not None:
            return ("cell", cell)
        for p in range(self.players):
            px, py = self.panel_xy(p)
            if not (px <= x < px + PANEL_W and py + 44 <= y < py + self.panel_h):
                continue
            for ci, rects in enumerate(self.tile_rects(p, stacks[p])):
                cx = self.column_x(p, ci)
                if not cx - 2 <= x < cx + TILE_W + 2:
                    continue
                for i, (rx, ry, rw, rh) in enumerate(rects):
                    if ry <= y < ry + rh:
                        return ("stack", p, ci, i)
                return ("stack", p, ci, None)
        return None


def receiver_words(state: DragonKeeperState, names: Sequence[str] = NAMES) -> str:
    return names[state.previous_player()]


def describe_move(before: DragonKeeperState, move: Move, names: Sequence[str] = NAMES) -> str:
    """A move in Japanese words: 「青の3を取る」「黄の4をプレイヤー2に渡す」「リモートトラップで緑の5を取る」…"""
    kind = move.kind
    words = _move_words(before, move, names)
    after = before.play(move)
    if len(after.results) > len(before.results):  # the move ended a level
        words += "。" + level_end_words(after.results[-1], names)
    return words


def level_end_words(result: Mapping[str, Any], names: Sequence[str] = NAMES, polite: bool = False) -> str:
    """What a level's end did, as a line of the log: 「第1階層が終わった(残り3枚): 全員が財宝を1個
    返し、最後に取ったプレイヤー1はさらに1個返した。プレイヤー2は払えずゲームから除外。次の階層は
    プレイヤー3から」; ``polite``: as sentences of the status line, 「第1階層が終わりました(残り
    3枚)。全員が財宝を1個返し、…さらに1個返しました。…次の階層はプレイヤー3からです。」."""
    pay, last = result["payment"], names[result["last_taker"]]
    out = "、".join(names[p] for p in result["eliminated"])
    if polite:
        words = f"第{result['level']}階層が終わりました(残り{result['left']}枚)。"
        words += (f"全員が財宝を{pay}個返し、最後に取った{last}はさらに1個返しました。" if pay
                  else f"財宝を返す人はなく、最後に取った{last}だけが1個返しました。")
        if result["eliminated"]:
            words += f"{out}は払えず、ゲームから除外されました。"
        if result.get("next_start") is not None:
            words += f"次の階層は{names[result['next_start']]}からです。"
        return words
    words = f"第{result['level']}階層が終わった(残り{result['left']}枚): "
    words += f"全員が財宝を{pay}個返し、" if pay else "財宝を返す人はなく、"
    words += f"最後に取った{last}はさらに1個返した" if pay else f"最後に取った{last}だけが1個返した"
    if result["eliminated"]:
        words += "。" + out + "は払えずゲームから除外"
    if result.get("next_start") is not None:
        words += f"。次の階層は{names[result['next_start']]}から"
    return words


#: The verbs a move's words end in (:func:`_move_words`): how a phrase goes on (連用形) and how
#: the last one ends (polite past), for :func:`turn_sentence`.
TURN_VERBS = (("取り替える", "取り替え", "取り替えました"), ("取る", "取り", "取りました"), ("渡す", "渡し", "渡しました"),
              ("使わない", "使わず", "使いませんでした"), ("にする", "にし", "にしました"), ("捨てる", "捨て", "捨てました"))


def turn_sentence(name: str, phrases: Sequence[str]) -> str:
    """A player's turn in one sentence: 「プレイヤー2は赤の3を取り、青の4をプレイヤー1に渡しました
    (財宝+1)。」 (the phrases of :func:`_move_words`, in order)."""
    parts = []
    for k, phrase in enumerate(phrases):
        tail = ""
        if phrase.endswith(")"):  # (「(財宝+1)」 stays after its verb)
            phrase, tail = phrase[:phrase.rindex("(")], phrase[phrase.rindex("("):]
        for verb, going, done in TURN_VERBS:
            if phrase.endswith(verb):
                phrase = phrase[:-len(verb)] + (done if k == len(phrases) - 1 else going)
                break
        parts.append(phrase + tail)
    return f"{name}は{'、'.join(parts)}。"


def _move_words(before: DragonKeeperState, move: Move, names: Sequence[str]) -> str:
    kind = move.kind
    if kind in ("take", "give", "trap", "passage"):
        code = before.board[cell_index(move.cell)] or ""  # type: ignore[arg-type]
        tile = tile_words(code)
        if kind == "take":
            return f"{tile}を取る"
        if kind == "give":
            treasure = "(財宝+1)" if rulings.gift_treasure(VALUE[code]) else ""
            return f"{tile}を{receiver_words(before, names)}に渡す{treasure}"
        return f"{'リモートトラップ' if kind == 'trap' else '秘密の通路'}で{tile}を取る"
    if kind == "exchange":
        theirs = before.stacks[move.player][COLOURS.index(move.colour)][-1]  # type: ignore[index,arg-type]
        return f"囚人の交換で{names[move.player]}の{tile_words(theirs)}と取り替える"  # type: ignore[index]
    if kind == "tribute":
        return f"{NAME_JA[move.colour]}の山札を貢物にする"  # type: ignore[index]
    if kind == "release":
        return f"{NAME_JA[move.colour]}の解放タイルで{tile_words(move.tile)}を捨てる"  # type: ignore[index,arg-type]
    if before.phase in ("special", "chain"):
        return f"{SPECIAL_JA[SPECIAL[before.taken]]}を使わない"  # type: ignore[index]
    if before.phase == "passage":
        return "秘密の通路を使わない"
    return "解放タイルをこれ以上使わない"


def level_result_rows(state: DragonKeeperState, names: Sequence[str] = NAMES) -> list[list[Any]]:
    """Each finished level: tiles left, treasure paid each, who took the last tile, who left the game."""
    rows = []
    for r in state.results:
        out = "、".join(names[p] for p in r["eliminated"]) or "なし"
        rows.append([f"第{r['level']}階層", r["left"], r["payment"], names[r["last_taker"]], out])
    return rows


class DragonKeeperController(BoardController):
    """A Dragon Keeper game at one screen.

    Click a tile of the level to take it (step 1), to give it (step 2), or for a remote trap
    or a secret passage; click the top of another player's stack for a prisoner exchange, one
    of your stacks for the tribute, a release tile and then a guild tile for a release;
    「使わない」 leaves an action unused.  Green frames mark what ``gamelib`` accepts.  Guilds
    are secret: with several people at the screen only the person to move sees theirs, after
    「ギルドを見る」; with one person, that person's guild is always shown.
    """

    game = DragonKeeperState
    title = "ドラゴンキーパーの盤面"
    player_names = NAMES
    seat_kinds = {**BoardController.seat_kinds, "hiding": ("隠れ上手", HidingPlayer)}
    seat_tips = {**BoardController.seat_tips, "hiding": "隠れ上手: 自分のギルドの色を目立たせないように手を選ぶコンピューターです"}
    has_secrets = True
    secret_words = "ギルド"
    reveal_label = "ギルドを見る"  # (the guild is the one secret: the hand of stacks is public)
    curtain_blocks_clicks = False  # everything but the guilds is public: a player may move without looking
    #: The rulings' alternatives, the book's default first, then yes/no rulings; gamelib checks
    #: every value (``DragonKeeperOptions.from_dict``).
    option_controls = (
        OptionControl("tribute_choice", "同数の山札の貢物", (("プレイヤーが選ぶ", "player"), ("最も得な山札", "best")),
                      tip="いちばん多い山札が同じ枚数でいくつもあるとき、貢物にする山札を自分で選ぶか、得点が最も高くなる山札に自動で決めるか"),
        OptionControl("releases", "解放タイル", (("自動で最も得に", "auto"), ("プレイヤーが使う", "player")),
                      tip="ゲームの終わりの解放タイルを、得点が最も高くなるように自動で使うか、捨てるタイルを自分で選ぶか"),
        OptionControl("eliminated_stacks", "除外者の山札", (("ゲームから除く", "out"), ("交換の相手に残す", "kept")),
                      tip="除外された人の山札を一緒に取り除くか、囚人の交換の相手として残すか(オンライン版)"),
        OptionControl("everyone_short", "全員が払えないとき", (("全員を除外(勝者なし)", "out"), ("誰も除外しない", "stay")),
                      tip="残っている全員が同じ階層の終わりに財宝トークンを払えないとき、ルール文どおり全員を除外するか、誰も除外せずに続けるか"),
        OptionControl("next_start", "階段タイルがないとき", (("最後に取った人から", "taker"), ("最後の手番の人から", "active")),
                      tip="次の階層を誰から始めるか: その階層で最後にタイルを取った人か、"
                          "階層が終わったときに手番だった人か(オンライン版)"),
        OptionControl("first_gift", "階層の初手で渡す相手", (("ひとつ前の席の人", "seat"), ("前の階層で最後に手番をした人", "last")),
                      tip="第2・第3階層の最初の手番で渡すタイルを、ほかの手番と同じくひとつ前の席の人に渡すか(オンライン版)、"
                          "ルール文の言葉どおり、前の階層で最後に手番をした人に渡すか"),
        OptionControl("lower_levels", "これからの階層", (("いつでも見られる", "shown"), ("伏せたまま", "hidden")),
                      tip="まだ遊んでいない下の階層のタイルを、いつでも見られるようにするか、"
                          "その階層の番が来るまで誰にも見えないようにするか"),
        OptionControl("release_discarded", "使った解放タイルも捨てる", None, False,
                      tip="使った解放タイルを、捨てたタイルと一緒に取り除きます(オンライン版)"),
        OptionControl("passage_chain", "通路で取ったタイルも使える", None, True,
                      tip="秘密の通路で取ったタイルのアクションを、その場で続けて使えます(外すとオンライン版)"),
    )

    def same_turn(self, previous: Step, step: Step) -> bool:
        """A player who ends a level and starts the next begins a new turn there (the log had
        joined the two levels' moves in one line)."""
        return step.player == previous.player and step.before.level == previous.before.level

    def make_layout(self) -> Layout:
        state = self.state
        # on a phone, panels as tall as the stacks need, growing with them (empty at the start,
        # three panels of 250 px had made the board 1,277 px tall: a reviewer); a game's end and a
        # replay (whose pictures keep one size as it steps) keep the full height
        grows = self.narrow and not state.is_over() and not (self.still and "human" not in self.seats)
        return Layout(state.players, narrow=self.narrow, across=self.available,
                      upcoming=state.level < LEVELS and not state.is_over(),
                      panel_h=narrow_panel_height(state.stacks) if grows else PANEL_H)

    def reset_selection(self) -> None:
        self.release_colour: str | None = None
        self.error_cell: Cell | None = None
        if getattr(self, "layout", None) is not None:  # (after every move, undo and load: on a
            self.layout = self.make_layout()  # phone the panels move up once no level is to come)

    # -- what each seat may see --------------------------------------------------------------
    def curtain_down(self) -> bool:
        return super().curtain_down() and not self.state.guilds_revealed()

    def visible_guilds(self) -> list[str | None]:
        return self.state.view(self.viewer())["guilds"]

    # -- what a person may do now, straight from gamelib ---------------------------------------
    def usable_releases(self) -> list[str]:
        return sorted({m.colour for m in self.state.legal_moves() if m.kind == "release"},
                      key=COLOURS.index)  # type: ignore[arg-type]

    def selected_release(self) -> str | None:
        """The release tile chosen (its colour), or the only one there is."""
        usable = self.usable_releases()
        if self.release_colour in usable:
            return self.release_colour
        return usable[0] if len(usable) == 1 else None

    def targets(self) -> list[Move]:
        """The moves a click can make now (every legal move but 「使わない」); at a release with a
        release tile chosen, those with that tile."""
        moves = [m for m in self.state.legal_moves() if m.kind != "pass"]
        colour = self.selected_release() if self.state.phase == "release" else None
        if colour is not None:
            moves = [m for m in moves if m.colour == colour]
        return moves

    def actions(self) -> list[Action]:
        return [Action("pass", "使わない", self.can_pass(), tip="取ったタイルの特別アクションや、解放タイルを使わずに進みます")]

    def act(self, key: str) -> bool:
        return key == "pass" and self.can_pass() and self.pass_turn()

    def can_pass(self) -> bool:
        return self.human_to_move() and Move("pass") in self.state.legal_moves()

    def target_cells(self) -> list[Cell]:
        return sorted({m.cell for m in self.targets() if m.cell is not None})

    def target_tiles(self) -> dict[tuple[int, int, int], str]:
        """(player, colour index, tile index) → frame colour: the tops of stacks to exchange,
        the stacks to give (each top), the release tiles to choose and the guild tiles to discard."""
        state = self.state
        out: dict[tuple[int, int, int], str] = {}
        for m in self.targets():
            if m.kind == "exchange":
                ci = COLOURS.index(m.colour)  # type: ignore[arg-type]
                out[(m.player, ci, len(state.stacks[m.player][ci]) - 1)] = LEGAL  # type: ignore[index]
            elif m.kind == "tribute":
                ci = COLOURS.index(m.colour)  # type: ignore[arg-type]
                stack = state.stacks[state.turn][ci]
                for i in range(len(stack)):
                    out[(state.turn, ci, i)] = LEGAL
        if state.phase == "release":
            p = state.turn
            if self.selected_release() is None:
                for colour in self.usable_releases():
                    ci = COLOURS.index(colour)
                    i = state.stacks[p][ci].index(f"{colour}2r")
                    out[(p, ci, i)] = MARK
            else:
                gi = COLOURS.index(state.guilds[p])
                tiles = {m.tile for m in self.targets()}
                for i, code in enumerate(state.stacks[p][gi]):
                    if code in tiles:
                        out[(p, gi, i)] = LEGAL
        return out

    # -- clicks ------------------------------------------------------------------------------------------
    def click(self, x: float, y: float) -> bool:
        if not self.human_to_move():
            return False
        state = self.state
        hit = self.layout.hit(x, y, state.stacks)
        if hit is None:
            return False  # (a click on nothing leaves a refusal and its red frame as they were)
        self.error_cell = None
        if hit[0] == "cell":
            cell = hit[1]
            phase = state.phase
            kind = {"take": "take", "give": "give", "passage": "passage"}.get(phase, "take")
            if phase in ("special", "chain"):
                kind = "trap"
            ok = self.play(Move(kind, cell))
            if not ok:
                self.error_cell = cell
            return ok
        _, player, ci, index = hit
        colour = COLOURS[ci]
        if state.phase in ("take", "give", "passage") and index is None:
            # no tile there, and no stack's tile is a move now: say what is (gamelib's refusal
            # of an exchange, for a click on a tile, tells when an exchange can be made)
            self.error = "今はプレイヤーの山札ではなく、ダンジョンのタイル(緑の枠)をクリックする番です。"
            return False
        if state.phase in ("tribute", "release") and player != state.turn:
            self.error = f"自分({self.player_names[state.turn]})の山札をクリックしてください。"
            return False
        if state.phase == "tribute":
            return self.play(Move("tribute", colour=colour))
        if state.phase == "release":
            return self._release_click(ci, index)
        return self.play(Move("exchange", player=player, colour=colour))

    def _release_click(self, ci: int, index: int | None) -> bool:
        """At a release: a release tile chooses it; then a guild tile is discarded with it."""
        state = self.state
        stack = state.stacks[state.turn][ci]
        if not stack:
            return False
        tile = stack[-1] if index is None else stack[index]
        guild = state.guilds[state.turn]
        usable = self.usable_releases()
        chosen = self.selected_release()
        is_release = SPECIAL[tile] == "r" and tile[0] in usable
        if is_release and (COLOURS[ci] != guild or (chosen is None and len(usable) > 1)):
            self.release_colour = tile[0]
            self.error = None
            return False
        if chosen is None:
            self.error = "先に、使う解放タイルをクリックして選んでください(金色の枠)。"
            return False
        ok = self.play(Move("release", colour=chosen, tile=tile))
        if not ok:
            self.release_colour = chosen
        return ok

    def click_points(self, move: Move) -> list[tuple[float, float]]:
        """Where a person clicks to make ``move`` (board coordinates, in order): a cell's
        middle; the top tile of a stack (exchange, tribute); for a release, the release tile
        (unless it is chosen already) and then the guild tile.  「使わない」 (pass) is the
        button: no point."""
        layout, state = self.layout, self.state
        if move.kind == "pass":
            return []
        if move.cell is not None:
            x, y = layout.grid.xy(move.cell)
            return [(x + layout.grid.cell / 2, y + layout.grid.cell / 2)]

        def middle(player: int, ci: int, index: int) -> tuple[float, float]:
            rx, ry, rw, rh = layout.tile_rects(player, state.stacks[player])[ci][index]
            return rx + rw / 2, ry + rh / 2

        if move.kind in ("exchange", "tribute"):
            player = move.player if move.kind == "exchange" else state.turn
            ci = COLOURS.index(move.colour)  # type: ignore[arg-type]
            return [middle(player, ci, len(state.stacks[player][ci]) - 1)]  # type: ignore[index]
        p = state.turn
        points = []
        if self.selected_release() != move.colour:  # choose the release tile first
            ci = COLOURS.index(move.colour)  # type: ignore[arg-type]
            points.append(middle(p, ci, state.stacks[p][ci].index(f"{move.colour}2r")))
        gi = COLOURS.index(state.guilds[p])
        stack = state.stacks[p][gi]
        points.append(middle(p, gi, len(stack) - 1 - stack[::-1].index(move.tile)))
        return points

    def pass_turn(self) -> bool:
        """「使わない」: leave the action offered unused (at a release: use no more)."""
        if not self.human_to_move():
            return False
        return self.play(Move("pass"))

    def hint_player(self, seed: int) -> Any:
        """The greedy player, which among moves it rates alike advises no tile of the guild colour."""
        return HintPlayer(seed)

    def hinted_button(self, move: Move) -> str | None:
        return "pass" if move.kind == "pass" else None

    def show_hint(self, move: Move) -> None:
        if move.kind == "release":
            self.release_colour = move.colour

    # -- words --------------------------------------------------------------------------------------------
    def describe_move(self, before: DragonKeeperState, move: Move) -> str:
        return describe_move(before, move, self.player_names)

    def hint_words(self, move: Move) -> str:
        """The hinted move, and whether it would end the level (not yet what the end would do:
        read as a fact, that reads as if the level had ended)."""
        words = _move_words(self.state, move, self.player_names)
        # the square too: the row may hold two 青の3, and only the orange frame told which
        if move.kind in ("take", "give"):
            words = f"{cell_words(move.cell)}の{words}"  # type: ignore[arg-type]
        elif move.kind in ("trap", "passage"):  # 「リモートトラップで5行5列の赤の6を取る」
            words = words.replace("で", f"で{cell_words(move.cell)}の", 1)  # type: ignore[arg-type]
        if len(self.state.play(move).results) > len(self.state.results):
            words += f"(この手で第{len(self.state.results) + 1}階層が終わります)"
        return words

    def points_words(self) -> str:
        """The final points; a player knocked out of the game has none, and the level where it
        happened is told (「プレイヤー2は第2階層で払えず除外」, the rules' word)."""
        out = {p: f"第{r['level']}階層で払えず除外" for r in self.state.results for p in r["eliminated"]}
        return self.points_of(self.state.scores(), out)

    def final_words(self) -> str:
        """With everybody knocked out at once (the text's words applied as they stand), nobody wins."""
        if not any(self.state.alive):
            return "ゲーム終了。全員がゲームから除外されたので、勝者はいません。"
        # the tiles the releases discarded are crossed out in the picture, over their numbers: told here
        released = [f"{self.player_names[p]}が{'・'.join(tile_words(code) for code, _ in r)}"
                    for p, r in enumerate(self.state.releases) if r]
        winners = self.state.winners()
        level = self.state.results[-1]["level"]
        left = [p for p in range(self.state.players) if self.state.alive[p]]
        if level < LEVELS:  # ruling 17: one player left, the game ends there
            ended = (f"第{level}階層の終わりで、ゲームに残ったのが{self.player_names[left[0]]}だけになったので、"
                     "ここで貢物を納めて得点を数えました。")
        else:
            ended = "第3階層が終わり、貢物を納めて得点を数えました。"
        if len(left) == 1:
            won = f"勝者は、ただ1人残った{self.winners_text()}です。"
        else:
            won = f"勝者は、{'同じ点でいちばん高い' if len(winners) > 1 else '得点がいちばん高い'}{self.winners_text()}です。"
        # (the discards before the winner: after the points they read as an afterthought)
        discarded = f"解放では、{'、'.join(released)}を捨てました。" if released else ""
        return f"ゲーム終了。{ended}{discarded}{won}{self.points_words()}でした。"

    def status(self) -> str:
        if self.error:
            return self.error
        state = self.state
        if state.is_over():
            return self.final_words()
        return self.since_words() + self.unused_action_words() + self.guild_shown_words() + self._status_now()

    def guild_shown_words(self) -> str:
        """People at one screen: once the person to move has pressed 「ギルドを見る」, their guild in
        words (on a phone their panel lies below the levels, off the screen: a tester pressed the
        button and saw nothing change)."""
        if not (self.shows_curtain_button() and self.revealed and self.human_to_move()) \
                or self.state.guilds_revealed():
            return ""
        p = self.state.current_player
        return f"{self.player_names[p]}のギルドは{NAME_JA[self.state.guilds[p]]}です(ほかの人には見せないでください)。"

    def since_words(self) -> str:
        """What happened since the last move a person made began, in the order it happened (a
        tester read a gift told after the level it was made in had ended): the levels that
        ended, by that move or by the computers' moves since, shown one at a time, and for the
        person to move each other player's turn since their own last move, in a sentence (on a
        phone the log lies far below the grid, and a computer's mark shows where it took a tile,
        not which): 「プレイヤー2は赤の3を取り、青の4をプレイヤー1に渡しました。」"""
        state, history = self.state, self.history
        mine = [i for i, step in enumerate(history) if step.by_person] or list(range(len(history)))
        since = self.since_own_move()
        if since is not None:
            own = len(history) - len(since[1]) - 1
        else:  # (before the person's first move: the others' turns since the start)
            own = -1 if self.human_to_move() and not state.is_over() else len(history)
        start = min(mine[-1] if mine else len(history), own + 1)
        p, words = state.turn, []
        turn: list[str] = []  # (the phrases of the turn being told)

        def tell() -> None:
            if turn:
                words.append(turn_sentence(self.player_names[who], turn))
                turn.clear()

        who = -1
        for i in range(start, len(history)):
            step = history[i]
            move, before = step.move, step.before
            after = history[i + 1].before if i + 1 < len(history) else state
            if i > own and step.player != p:
                if step.player != who:
                    tell()
                    who = step.player
                turn.append(_move_words(before, move, self.player_names))
            ended = after.results[len(before.results):]
            if ended:  # (a turn told on each side of a level's end, never as one sentence across it)
                tell()
                who = -1
            # (the levels that ended since this person's own move too: with two people at one
            # screen the other had been told only the turns, not the level's end and its payment)
            if i > own or (mine and i >= mine[-1]):
                words.extend(level_end_words(result, self.player_names, polite=True) for result in ended)
        tell()
        return "".join(words)

    def news(self) -> str:
        """The levels that have ended since the last move a person made began: what each player
        paid, who is out, who starts the next (a tester playing on a phone, down at the own panel,
        never saw a level end: the bar at the top of the screen gives only what to do now).  Not
        under a refusal or what an undo took back."""
        if self.error is not None or self.undone or self.state.is_over():
            return ""
        mine = [step for step in self.history if step.by_person]
        start = len(mine[-1].before.results) if mine else 0
        return "".join(level_end_words(result, self.player_names, polite=True) for result in self.state.results[start:])

    def unused_action_words(self) -> str:
        """Right after the person's step 1 took a tile whose action had nothing to act on, which
        gamelib therefore passed over: gamelib's why (a tester took a prisoner exchange while
        nobody had a stack and was asked straight for step 2)."""
        if not self.human_to_move() or not self.history or self.history[-1].player != self.state.turn:
            return ""
        return self.state.passed_over() or ""

    def prompt(self) -> str:
        return self.status() if self.error or self.state.is_over() else self._status_now()

    def _status_now(self) -> str:
        state = self.state
        name = self.player_names[state.turn]
        phase = state.phase
        if phase == "take":
            return (f"{name}の番です。手順1: ドラゴンのいる行(矢印1)から、取るタイルをクリックしてください"
                    "(緑の枠)。" + self.level_end_warning())
        if phase == "give":
            return (f"{name}の番です。手順2: ドラゴンのいる列(矢印2)から、{receiver_words(state)}に渡すタイルを"
                    "クリックしてください(緑の枠)。" + self.level_end_warning())
        if phase in ("special", "chain"):
            how = "秘密の通路で" if phase == "chain" else ""
            if SPECIAL[state.taken] == "t":  # type: ignore[index]
                return (f"{name}は{how}リモートトラップを取りました。使うなら階層のタイルを1枚クリック、"
                        "使わないなら「使わない」を押してください。" + self.level_end_warning())
            return (f"{name}は{how}囚人の交換を取りました。使うなら交換する相手の山札(いちばん上のタイル)をクリック、"
                    "使わないなら「使わない」を押してください。")
        if phase == "passage":
            return (f"{name}は秘密の通路を使えます。使うならドラゴンのいる行(矢印1)からもう1枚取るタイルをクリック、"
                    "使わないなら「使わない」を押してください。" + self.level_end_warning())
        if phase == "tribute":
            # (what to do first, then why; and the tributes already given without a choice, whose
            # stacks had vanished from their panels without a word)
            _, guild_rule = scoring.tribute_options(state.stacks[state.turn], state.guilds[state.turn])
            given = "".join(self.tribute_words(q) for q in range(state.players) if q != state.turn)
            if guild_rule:
                return (f"{name}の貢物: ドラゴンに捧げる山札をクリックしてください(緑の枠)。いちばん多いのが自分の"
                        "ギルドの色の山札なので、それを除いていちばん多いものから選びます。ギルドの色のタイルは"
                        "すべて取り除かれ、失点になりません。" + given)
            return (f"{name}の貢物: ドラゴンに捧げる山札をクリックしてください(緑の枠)。いちばん多い山札が同じ枚数で"
                    "いくつもあります。" + given)
        chosen = self.selected_release()
        guild = NAME_JA[state.guilds[state.turn]]
        given = self.tribute_words(state.turn)
        if chosen is None:
            return (f"{given}{name}の解放: 使う解放タイルをクリックしてください(金色の枠)。"
                    "これ以上使わないなら「使わない」を押してください。")
        return (f"{given}{name}の解放: {NAME_JA[chosen]}の解放タイルで捨てる{guild}のタイルをクリックしてください"
                "(緑の枠)。これ以上使わないなら「使わない」を押してください。")

    def tribute_words(self, p: int) -> str:
        """Before a player's own releases: the stack they gave the dragon (gone from their panel,
        which shows 「0枚」 there): 「貢物として緑の山札(3枚)をドラゴンに捧げました。」"""
        state = self.state
        given = state.tributes[p]
        if given is None or state.end_stacks[p] is None:
            return ""
        count = len(parse_stacks(state.end_stacks[p])[COLOURS.index(given)])
        return f"{self.player_names[p]}は貢物として{NAME_JA[given]}の山札({count}枚)をドラゴンに捧げました。"

    #: A move on a tile of the level that may end it at once, in words (:meth:`level_end_warning`).
    ENDING_VERBS: ClassVar[dict[str, str]] = {"take": "取る", "give": "渡す", "trap": "取る", "passage": "取る"}

    def level_end_warning(self) -> str:
        """For the person about to take or give a tile: those that end the level at once (gamelib
        plays each), and the treasure the person then pays, or that they leave the game, short
        of it: a newcomer's give ended a level and put them out with no word of it beforehand,
        and a take that left the column empty ended one with a payment just as unannounced."""
        state = self.state
        if not self.human_to_move():
            return ""
        p, ending = state.turn, {}
        for move in state.legal_moves():
            if move.kind not in self.ENDING_VERBS:
                continue
            after = state.play(move)
            if len(after.results) > len(state.results):
                ending[move.cell] = (move.kind, after.results[-1])
        words, name = [], self.player_names[p]
        for kind in self.ENDING_VERBS:
            for out in (True, False):  # (what a move does to the others' treasure may differ: each is asked)
                cells = sorted(cell for cell, (k, r) in ending.items() if k == kind and (p in r["eliminated"]) == out)
                if cells:
                    words.append(self._ending_words(kind, cells, ending[cells[0]][1], out))
        return "".join(words)

    def _ending_words(self, kind: str, cells: list[tuple[int, int]], result: dict, out: bool) -> str:
        """「注意: 1行5列の青の4を渡すと第1階層が終わり、プレイヤー1は財宝を4個払います。」"""
        state, p = self.state, self.state.turn
        name = self.player_names[p]
        tiles = "、".join(f"{cell_words(cell)}の{tile_words(state.board[cell_index(cell)] or '')}" for cell in cells)
        said = f"注意: {tiles}を{self.ENDING_VERBS[kind]}と第{result['level']}階層が終わり、"
        if out:
            return said + (f"払う財宝{result['owed'][p]}個に対して持っているのは{state.treasure[p]}個なので、"
                           f"{name}はゲームから除外されます。")
        return said + f"{name}は財宝を{result['owed'][p]}個払います。"

    def describe(self) -> str:
        state = self.state
        lines = [self.status_line()]
        if not state.is_over():
            lines.append(f"第{state.level}階層(残り{state.tiles_left()}枚):")
            lines += level_words(state.board, state.dragon)
        guilds = self.visible_guilds()
        for p in range(state.players):
            guild = f"ギルドは{NAME_JA[guilds[p]]}" if guilds[p] else "ギルドは本人だけが知っている"
            out = "(ゲームから除外)" if not state.alive[p] else ""
            lines.append(f"{self.player_names[p]}{out}: {guild}、財宝{state.treasure[p]}個、山札は"
                         f"{stacks_words(state.stacks[p])}。")
        if state.is_over():
            ends, discarded = end_of_game(state)
            lines += [end_words(e, self.player_names[p], discarded) for p, e in enumerate(ends)]
        return "\n".join(lines)

    def info_html(self) -> str:
        state = self.state
        tables = []
        if state.is_over():
            t = score_table(state, self.player_names)
            tables.append(board_table(t.headers, t.rows, caption="得点"))
        else:
            out = not all(state.alive)  # (a column for who is out only once somebody is: it widens the table)
            rows = [[self.player_names[p], state.treasure[p], *(len(st) for st in state.stacks[p]),
                     *(["除外" if not state.alive[p] else ""] if out else [])] for p in range(state.players)]
            tables.append(board_table(["プレイヤー", "財宝", *(NAME_JA[c] for c in COLOURS), *([""] if out else [])],
                                      rows, caption="財宝と山札の枚数"))
        if state.results:
            tables.append(board_table(["階層", "残り", "支払い", "最後に取った人", "除外"],
                                      level_result_rows(state, self.player_names), caption="終わった階層"))
        return board_tables(tables)

    # -- drawing ----------------------------------------------------------------------------------------------
    def draw_background(self, s: Surface) -> None:
        layout = self.layout
        s.rect(0, 0, layout.width, layout.height, fill=PAPER)
        s.text(layout.left, layout.upcoming_y, "これからの階層", size=12, bold=True)

    def arrows(self) -> tuple[int, ...]:
        return {"take": (1,), "passage": (1,), "give": (2,)}.get(self.state.phase, ())

    def draw(self, s: Surface) -> None:
        state, layout = self.state, self.layout
        g = layout.grid
        human = self.human_to_move()
        title = "ゲーム終了" if state.is_over() else f"第{state.level}階層(残り{state.tiles_left()}枚)"
        s.text(layout.left, 16, title, size=14, bold=True)
        draw_level(s, g, state.board, state.dragon, self.arrows(), self.target_cells() if human else [],
                   wrong=[self.error_cell] if self.error_cell is not None and self.error is not None else [])
        self.draw_marks(s)
        if self.hint_move is not None and self.hint_move.cell is not None:
            x, y = g.xy(self.hint_move.cell)
            s.rect(x - 1, y - 1, g.cell + 2, g.cell + 2, stroke=HINT, width=4)
        x = layout.left
        # (a game over, at any level: none to come)
        upcoming = range(state.level + 1, LEVELS + 1) if not state.is_over() else range(0)
        seen = state.view(self.viewer())["boards"]  # (with the levels below face down, none of them)
        for n in upcoming:
            s.text(x, layout.upcoming_y + 18, f"第{n}階層", size=MIN_TEXT, fill="#555")
            if seen[n - 1] is None:
                draw_hidden_level(s, x + 50, layout.upcoming_y + 10, MINI)
            else:
                draw_mini_level(s, x + 50, layout.upcoming_y + 10, state.boards[n - 1], MINI)
            x += 50 + SIZE * MINI + 12
        if not upcoming:
            s.text(layout.left + 100, layout.upcoming_y, "(今が最後の階層)" if not state.is_over() else "(なし)",
                   size=12, fill="#555")
        if state.is_over():
            self.draw_end(s)
            return
        guilds = self.visible_guilds()
        frames = self.target_tiles() if human else {}
        hint = self.hint_tile()
        receiver = state.previous_player()
        for p in range(state.players):
            self.draw_panel(s, p, guilds[p], receiver == p and not state.guilds_revealed(),
                            {(ci, i): c for (q, ci, i), c in frames.items() if q == p},
                            {(ci, i): HINT for (q, ci, i) in hint if q == p})

    def hint_tile(self) -> list[tuple[int, int, int]]:
        """Stack tiles the hint points at."""
        move, state = self.hint_move, self.state
        if move is None:
            return []
        if move.kind == "exchange":
            ci = COLOURS.index(move.colour)
            return [(move.player, ci, len(state.stacks[move.player][ci]) - 1)]
        if move.kind == "tribute":
            ci = COLOURS.index(move.colour)
            return [(state.turn, ci, len(state.stacks[state.turn][ci]) - 1)]
        if move.kind == "release":
            gi = COLOURS.index(state.guilds[state.turn])
            stack = state.stacks[state.turn][gi]
            return [(state.turn, gi, len(stack) - 1 - stack[::-1].index(move.tile))]
        return []

    def panel_head(self, s: Surface, p: int, x: float, y: float, current: bool) -> None:
        state = self.state
        marker = "▶ " if current else ""
        s.text(x + 8, y + 14, f"{marker}{self.player_names[p]}({self.seat_kinds[self.seats[p]][0]})", size=13,
               bold=current)
        s.circle(x + PANEL_W - 16, y + 14, 9, fill=PLAYER_COLOURS[p], stroke="#fff", width=1.5)
        s.text(x + PANEL_W - 16, y + 14.5, str(p + 1), size=MIN_TEXT, fill="#fff", anchor="middle", bold=True)

    def draw_panel(self, s: Surface, p: int, guild: str | None, receiver: bool,
                   frames: Mapping[tuple[int, int], str], hints: Mapping[tuple[int, int], str]) -> None:
        state, layout = self.state, self.layout
        x, y = layout.panel_xy(p)
        current = p == state.current_player
        s.rect(x, y, PANEL_W, layout.panel_h, fill="#fff7e0" if current else PANEL, stroke="#b08d2f" if current else LINE,
               width=2 if current else 1)
        self.panel_head(s, p, x, y, current)
        draw_guild(s, x + 8, y + 34, guild, "?")
        s.text(x + PANEL_W - 8, y + 34, f"財宝{state.treasure[p]}個", size=12, anchor="end", bold=True)
        if receiver:
            s.text(x + PANEL_W - 30, y + 14, "渡す相手", size=MIN_TEXT, fill=ARROW2, anchor="end", bold=True)
        draw_stacks(s, x + 8, layout.baseline(p), state.stacks[p], layout.room(p), frames={**frames, **hints})
        if not state.alive[p]:
            s.rect(x + 1, y + 44, PANEL_W - 2, layout.panel_h - 45, fill=DIM)
            s.text(x + PANEL_W / 2, y + layout.panel_h / 2, "ゲームから除外", size=14, fill=WRONG, anchor="middle", bold=True)

    def draw_end(self, s: Surface) -> None:
        state, layout = self.state, self.layout
        ends, discarded = end_of_game(state)
        winners = state.winners()
        for p, e in enumerate(ends):
            x, y = layout.panel_xy(p)
            draw_end_panel(s, x, y, PANEL_W, layout.panel_h, e, "", discarded, p in winners, head=False)
            self.panel_head(s, p, x, y, False)
            if p in winners:
                draw_winner(s, x + PANEL_W - 132, y + 34)
            s.text(x + PANEL_W - 8, y + 34, f"財宝{e.treasure}個", size=12, anchor="end", bold=True)
            draw_guild(s, x + 8, y + 34, e.guild)

    def draw_marks(self, s: Surface) -> None:
        """Each player's last turn: the cells of the level it emptied (taken, given, trapped,
        through a passage) framed in the player's colour, with the player's number."""
        state, g = self.state, self.layout.grid
        if state.is_over():
            return
        for p, steps in self.last_turns().items():
            for step in steps:
                if step.move.cell is None or step.before.level != state.level:
                    continue
                x, y = g.xy(step.move.cell)
                colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
                mark_rect(s, x + 5, y + 5, g.cell - 10, g.cell - 10, colour, 3)
                s.circle(x + 14, y + 14, 8, fill=colour, stroke="#fff", width=1)
                s.text(x + 14, y + 14.5, str(p + 1), size=MIN_TEXT, fill="#fff", anchor="middle", bold=True)


def DragonKeeperBoard(players: int = 3, seed: int | None = None, options: Mapping[str, Any] | None = None,
                      seats: Sequence[str] | None = None, *, computer_delay: float | None = None) -> Any:
    """The live board (ipywidgets + ipycanvas); see :class:`widgets.dragonkeeper_board.Board`.
    ``computer_delay``: seconds between two computer moves (0: at once)."""
    from .dragonkeeper_board import Board

    return Board(players, seed, options, seats, computer_delay=computer_delay)
