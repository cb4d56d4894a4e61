"""王様の新しい街 さいころニュータウン: pictures for the book and the live board's controller.

The drawing functions take a :class:`~widgets.surface.Surface`, so the same code draws the SVG
pictures of the book and the ipycanvas board.  Every label is Japanese: a land shows its
number and its type (芝生・石畳・煉瓦・泥土, each in its colour), a die its pips on its colour
(赤・緑・黒・白, named beside the dice), a house is drawn in oblique view so that its footprint
(the squares on its roof), its floors (the bands of its walls) and a penthouse can be counted;
its roof is its owner's colour.

Pictures for the book (each carries the position it shows, checked by
:func:`gamelib.positions.check`):

* :func:`map_picture` — the land map: lands, the King's land with the castle and the order
  markers, trees, houses, craftsmen, highlighted lands;
* :func:`house_picture` — the houses of one land, large, with footprint, floors and base points;
* :func:`dice_picture` — the dice pool of the dice phase, or one player's six dice;
* :func:`sheet_picture` — one player's sheet: dice, materials by size, roofs left, stones,
  land cards (ability, used or not), points;
* :func:`tenants_picture` — the tenant round's 4×4 grid, the front row marked, stones on cards;
* :func:`legend_picture` — the key to the colours and marks.

:class:`NewtownController` is the live board's controller: a move chooser over
``gamelib``'s legal moves (clicks on lands, houses, dice, cards and tenant cards pick or
filter them; a button per kind of move left; a dropdown when a move needs a choice).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from gamelib import positions
from gamelib.core import NotationError
from gamelib.newtown import (KING, Board, GreedyPlayer, House, Move, NewtownState, PlannerPlayer, exchanges_to_build,
                             rulings, why_no_new_house)
from gamelib.newtown.data import ABILITY_JA, FOOTPRINTS, LAND_TYPES, Components, components
from gamelib.newtown.game import EXTENSION_ROUND, PHASE_JA, Dice
from gamelib.newtown.houses import DIMENSIONS
from gamelib.newtown.moves import COLOUR_JA

from .controller import HINT, PLAYER_COLOURS, Action, BoardController, OptionControl, Step
from .surface import Picture, Surface, SvgSurface, mark_rect, text_width
from .tables import Table, board_table, board_tables

# -- colours and words ------------------------------------------------------------------------------
TYPE_FILL = {"芝生": "#bfe3a1", "石畳": "#d5d4cf", "煉瓦": "#efbba3", "泥土": "#d8c39d"}
TYPE_EDGE = {"芝生": "#5f9a3a", "石畳": "#7d7b74", "煉瓦": "#b0593a", "泥土": "#8c6d3c"}
#: One kanji for a land type (the tenant cards' wished lands).
TYPE_SHORT = {"芝生": "芝", "石畳": "石", "煉瓦": "煉", "泥土": "泥"}
KING_FILL = "#f5e6a6"
KING_EDGE = "#a8862a"
DIE_FILL = {"r": "#d32f2f", "g": "#2e7d32", "b": "#262626", "w": "#ffffff"}
DIE_INK = {"r": "#ffffff", "g": "#ffffff", "b": "#ffffff", "w": "#222222"}
DIE_EDGE = {"r": "#8e1c1c", "g": "#1b4d1e", "b": "#000000", "w": "#555555"}
#: Ability of a land card in two or three characters (the legend explains them).
ABILITY_SHORT = {"white": "白×2", "plus": "+1", "swap": "入替", "material": "資材"}
FOOTPRINT_JA = {"2x2": "2×2", "2x3": "2×3", "2x4": "2×4", "3x3": "3×3"}
#: Player names: numbers, since the colour names belong to the dice.
NAMES = ("プレイヤー1", "プレイヤー2", "プレイヤー3", "プレイヤー4")
NEUTRAL = "#8d6e63"  # a house without a known owner
PAPER = "#fbf8f1"
PANEL = "#fffdf8"
LINE = "#d9d2bf"
LEGAL = "#00a86b"
WRONG = "#d62828"
MARK = "#b8860b"
#: What the person has selected (a house, a die, a card): purple, no player's colour (it was a blue
#: that a tester took for プレイヤー2's).
SELECT = "#7b1fa2"
TREE = "#2e7d32"
WOOD = "#e3bd78"
WOOD_EDGE = "#8a6d3b"
STONE = "#7e8aa0"
MIN_TEXT = 11
#: The choice, in the list of 「入居させる」, of taking a tenant card none of one's houses takes.
UNFIT_CHOICE = "受け入れる家がない(−2点、カードは列の奥へ)"
#: Points in the ledger by kind, in Japanese (the final score table).
SCORE_KINDS = {
    "base": "家の基礎点", "tree": "樹のある土地", "second": "同じ土地の2軒目", "fifth": "5軒目の家", "largest": "最大の家",
    "line": "一列に並んだ4つの土地", "block": "2×2に並んだ土地", "card": "自分の土地カードの土地", "extend": "増築",
    "take-over": "引き継ぎ", "penthouse": "ペントハウス", "materials": "余った資材", "no-materials": "資材が余らなかった",
    "card-without-house": "家のない土地カード", "land-value": "土地カードの価値", "tenant": "入居者",
    "royal": "王族のボーナス", "unfit": "住める家のないカード", "empty-house": "入居者のいない家",
    "stones": "褒美の石", "most-stones": "褒美の石が最多",
}


#: The building rounds' settlement (建築ラウンドの決算), told when the person next moves.
BUILDING_SETTLEMENT = {"materials", "no-materials", "card-without-house", "land-value"}
#: Points of the settlements, which a move that ends a round or the game brings about (a move's
#: words tell only its own points).
SETTLEMENT_KINDS = {"materials", "no-materials", "card-without-house", "land-value", "empty-house", "stones",
                    "most-stones"}


def land_words(land: int) -> str:
    return "王様の土地" if land == KING else f"土地{land}"


def house_words(house: House | tuple[str, int, bool]) -> str:
    """「2×3・2階」, 「3×3・1階・ペントハウス付き」."""
    footprint, floors, pent = (house.footprint, house.floors, house.penthouse) if isinstance(house, House) else house
    return f"{FOOTPRINT_JA[footprint]}・{floors}階" + ("・ペントハウス付き" if pent else "")


def pieces_words(pieces: Sequence[int]) -> str:
    """「1・2・4」 (or なし)."""
    return "・".join(map(str, sorted(pieces))) or "なし"


TITLE_SIZE = 13
TITLE_LINE = 17


def title_lines(title: str, room: float) -> list[str]:
    """The picture's title in lines no wider than ``room`` (broken between characters)."""
    lines = [""]
    for ch in title:
        if lines[-1] and text_width(lines[-1] + ch, TITLE_SIZE) > room:
            lines.append("")
        lines[-1] += ch
    return lines


def draw_title(s: Surface, lines: Sequence[str], x: float = 8) -> None:
    for i, line in enumerate(lines):
        s.text(x, 15 + i * TITLE_LINE, line, size=TITLE_SIZE, bold=True)


def fitted_width(title: str, least: float, most: float = 376) -> float:
    """A picture at least ``least`` wide, wider (up to ``most``) to hold its title on one line."""
    return min(most, max(least, text_width(title, TITLE_SIZE) + 16))



def tint(colour: str, amount: float) -> str:
    """``colour`` mixed with white (``amount`` 0: the colour, 1: white)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    mix = [round(v + (255 - v) * amount) for v in (r, g, b)]
    return "#" + "".join(f"{v:02x}" for v in mix)


def shade(colour: str, amount: float) -> str:
    """``colour`` darkened (``amount`` 0: the colour, 1: black)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(v * (1 - amount)):02x}" for v in (r, g, b))


def player_colour(p: int | None) -> str:
    return NEUTRAL if p is None else PLAYER_COLOURS[p % len(PLAYER_COLOURS)]


# -- small glyphs -----------------------------------------------------------------------------------
def draw_tree(s: Surface, x: float, y: float, r: float = 6) -> None:
    """A tree token centred on (x, y)."""
    s.rect(x - r * 0.22, y + r * 0.3, r * 0.44, r * 0.9, fill="#6d4c2f")
    s.circle(x, y - r * 0.15, r, fill=TREE, stroke="#1b4d1e", width=1)
    s.circle(x - r * 0.3, y - r * 0.45, r * 0.35, fill="#5fae5a")


def draw_castle(s: Surface, x: float, y: float, w: float, h: float) -> None:
    """The King's castle in a (w × h) box."""
    wall, edge = "#efe6d2", "#6d5c3d"
    s.rect(x + w * 0.1, y + h * 0.45, w * 0.8, h * 0.55, fill=wall, stroke=edge)
    for tx, tw, top in ((0.0, 0.24, 0.25), (0.76, 0.24, 0.25), (0.36, 0.28, 0.08)):
        s.rect(x + w * tx, y + h * top, w * tw, h * (1 - top), fill=wall, stroke=edge)
        for k in range(3):  # crenellations
            s.rect(x + w * (tx + tw * k / 2.5), y + h * top - h * 0.07, w * tw / 5, h * 0.07, fill=wall, stroke=edge)
    s.rect(x + w * 0.43, y + h * 0.68, w * 0.14, h * 0.32, fill="#5a3d22")
    s.line(x + w * 0.5, y + h * 0.01, x + w * 0.5, y - h * 0.2, stroke=edge, width=1.2)
    s.polygon([(x + w * 0.5, y - h * 0.2), (x + w * 0.68, y - h * 0.14), (x + w * 0.5, y - h * 0.08)], fill="#c62828")


def draw_disc(s: Surface, cx: float, cy: float, p: int, r: float = 8) -> None:
    """A craftsman: a disc in the player's colour with the player's number."""
    s.circle(cx, cy, r, fill=player_colour(p), stroke="#ffffff", width=1.5)
    s.text(cx, cy + 0.5, str(p + 1), size=MIN_TEXT, fill="#ffffff", anchor="middle", bold=True)


def draw_marker(s: Surface, x: float, y: float, p: int, size: float = 15) -> None:
    """An order marker: a square in the player's colour with the player's number."""
    s.rect(x, y, size, size, fill=player_colour(p), stroke="#ffffff", width=1.2)
    s.text(x + size / 2, y + size / 2 + 0.5, str(p + 1), size=MIN_TEXT, fill="#ffffff", anchor="middle", bold=True)


def draw_die(s: Surface, x: float, y: float, size: float, colour: str, value: int | None,
             frame: str | None = None) -> None:
    """A die of ``colour`` (r g b w) showing ``value`` as a number (a value changed by a land
    card may be 0 or more than 6); ``None``: an empty place."""
    if value is None:
        s.rect(x, y, size, size, fill="#f3efe4", stroke="#c9c1ab", width=1)
    else:
        cut = size * 0.18
        pts = [(x + cut, y), (x + size - cut, y), (x + size, y + cut), (x + size, y + size - cut),
               (x + size - cut, y + size), (x + cut, y + size), (x, y + size - cut), (x, y + cut)]
        s.polygon(pts, fill=DIE_FILL[colour], stroke=DIE_EDGE[colour], width=1.2)
        s.text(x + size / 2, y + size / 2 + 0.5, str(value), size=max(MIN_TEXT, size * 0.55),
               fill=DIE_INK[colour], anchor="middle", bold=True)
    if frame:
        if frame in PLAYER_COLOURS:  # the die just taken, in the player's colour: dashed, what was played
            mark_rect(s, x - 1, y - 1, size + 2, size + 2, frame, 2)  # (close: clear of the name above)
        else:
            s.rect(x - 1.5, y - 1.5, size + 3, size + 3, stroke=frame, width=2.5)


def draw_piece(s: Surface, x: float, y: float, size: int, sq: float = 7) -> float:
    """A material piece of ``size`` squares in a row; returns its width."""
    for i in range(size):
        s.rect(x + i * sq, y, sq, sq, fill=WOOD, stroke=WOOD_EDGE, width=0.8)
    return size * sq


def draw_pieces(s: Surface, x: float, y: float, pieces: Sequence[int], sq: float = 7, room: float = 1e9) -> float:
    """Material pieces grouped by size: each size once, drawn, with its count (×2); returns the
    width used."""
    counts = Counter(pieces)
    start = x
    if not counts:
        s.text(x, y + sq / 2, "なし", size=MIN_TEXT, fill="#6d6a63")
        return 24
    for size in sorted(counts):
        w = size * sq
        if x + w + 22 > start + room and x > start:
            s.text(x, y + sq / 2, "…", size=MIN_TEXT)
            break
        draw_piece(s, x, y, size, sq)
        s.text(x + w + 2, y + sq / 2, f"×{counts[size]}", size=MIN_TEXT, fill="#4a3b22")
        x += w + 24
    return x - start


def draw_land_card(s: Surface, x: float, y: float, w: float, h: float, land: int, comp: Components,
                   used: bool = False, frame: str | None = None) -> None:
    """A land card: the number and type (its colour) on top, its ability in two or three
    characters below, or 「済」 once used."""
    kind = comp.lands[land]
    s.rect(x, y, w, h, fill="#ffffff", stroke=TYPE_EDGE[kind], width=1.2)
    s.rect(x, y, w, h * 0.5, fill=TYPE_FILL[kind])
    s.text(x + 3, y + h * 0.25 + 0.5, str(land), size=13, bold=True)
    s.text(x + w - 2, y + h * 0.25 + 0.5, TYPE_SHORT[kind], size=MIN_TEXT, anchor="end")
    if used:
        s.rect(x, y + h * 0.5, w, h * 0.5, fill="#d9d6cf")
        s.text(x + w / 2, y + h * 0.75, "済", size=MIN_TEXT, fill="#555555", anchor="middle", bold=True)
    else:
        s.text(x + w / 2, y + h * 0.75, ABILITY_SHORT[comp.ability(land)], size=MIN_TEXT, anchor="middle")
    if frame:
        s.rect(x - 2, y - 2, w + 4, h + 4, stroke=frame, width=2.5)


# -- houses -----------------------------------------------------------------------------------------
def house_size(footprint: str, floors: int, penthouse: bool, u: float) -> tuple[float, float]:
    """Width and height of a house drawn with squares of ``u``."""
    rows, cols = DIMENSIONS[footprint]
    fh = 1.1 * u
    w = cols * u + rows * u * 0.5
    h = floors * fh + rows * u * 0.5 + (fh * 0.9 + u * 0.5 if penthouse else 0)
    return w, h


def _box(s: Surface, x: float, yb: float, rows: int, cols: int, floors: int, u: float, colour: str,
         roof: str, line: float) -> float:
    """A block of ``rows × cols`` squares and ``floors`` floors in oblique view, its front
    bottom-left corner at (x, yb); the roof (top face) in ``roof`` with its squares drawn.
    Returns the y of the front edge of the roof."""
    fh = 1.1 * u
    W, H = cols * u, floors * fh
    dx, dy = rows * u * 0.5, rows * u * 0.5
    yt = yb - H
    edge = shade(colour, 0.45)
    s.rect(x, yt, W, H, fill=tint(colour, 0.72), stroke=edge, width=line)
    s.polygon([(x + W, yb), (x + W + dx, yb - dy), (x + W + dx, yt - dy), (x + W, yt)],
              fill=tint(colour, 0.5), stroke=edge, width=line)
    for k in range(1, floors):  # a band for each floor
        y = yb - k * fh
        s.line(x, y, x + W, y, stroke=edge, width=line)
        s.line(x + W, y, x + W + dx, y - dy, stroke=edge, width=line)
    s.polygon([(x, yt), (x + W, yt), (x + W + dx, yt - dy), (x + dx, yt - dy)], fill=roof, stroke=edge, width=line)
    grid = tint(roof, 0.55)
    for i in range(1, cols):
        s.line(x + i * u, yt, x + i * u + dx, yt - dy, stroke=grid, width=line * 0.8)
    for j in range(1, rows):
        s.line(x + j * u * 0.5, yt - j * u * 0.5, x + W + j * u * 0.5, yt - j * u * 0.5, stroke=grid, width=line * 0.8)
    return yt


def draw_house(s: Surface, x: float, yb: float, footprint: str, floors: int, penthouse: bool, u: float,
               colour: str = NEUTRAL, tenant: bool = False,
               frame: str | None = None) -> tuple[float, float, float, float]:
    """A house in oblique view, its front bottom-left corner at (x, yb): the roof's squares
    show the footprint, the wall's bands the floors; a penthouse (2×2) stands on a 3×3 roof;
    ``tenant`` puts a white figure on the front wall.  Returns its box (x, y, w, h)."""
    rows, cols = DIMENSIONS[footprint]
    line = 1.0 if u >= 8 else 0.8
    yt = _box(s, x, yb, rows, cols, floors, u, colour, colour, line)
    if penthouse:
        px = x + (cols - 2) * u / 2 + u * 0.25
        _box(s, px, yt - u * 0.25, 2, 2, 1, u, shade(colour, 0.1), shade(colour, 0.25), line)
    if tenant:
        fx, fy = x + cols * u / 2, yb - min(floors * 1.1 * u, 2.2 * u) / 2
        r = max(2.0, u * 0.32)
        s.circle(fx, fy - r * 0.9, r * 0.7, fill="#ffffff", stroke="#333333", width=0.8)
        s.polygon([(fx - r, fy + r * 1.2), (fx + r, fy + r * 1.2), (fx + r * 0.6, fy), (fx - r * 0.6, fy)],
                  fill="#ffffff", stroke="#333333", width=0.8)
    w, h = house_size(footprint, floors, penthouse, u)
    if frame:
        s.rect(x - 3, yb - h - 3, w + 6, h + 6, stroke=frame, width=2.5)
    return x, yb - h, w, h


# -- the map ----------------------------------------------------------------------------------------
class MapData(NamedTuple):
    """What the map shows: the board and, when a game is known, its trees, houses,
    craftsmen (the land each stands on; -1 off the map) and turn order."""

    board: Board
    comp: Components
    trees: tuple[int, ...] = (KING,)
    houses: tuple[House, ...] = ()
    craftsmen: tuple[int, ...] = ()
    king_arrivals: tuple[int, ...] = ()
    #: the order markers still lying on the King's land, in turn order
    order: tuple[int, ...] = ()

    @classmethod
    def of(cls, source: NewtownState | Board | str) -> MapData:
        if isinstance(source, NewtownState):
            return cls(source.board, source.comp, source.trees, source.houses, source.craftsmen,
                       source.king_arrivals, markers_on_the_map(source))
        board = source if isinstance(source, Board) else positions.check("newtown.map", source)
        return cls(board, components())


def markers_on_the_map(state: NewtownState) -> tuple[int, ...]:
    """The order markers on the King's land: in 移動(2) each player takes theirs back once they
    have moved or passed, so none is left there after a building round (nor while the players
    decide on the extension, nor at the end); in the tenant round a player who has ended takes
    theirs back."""
    if state.phase in ("extend", "over"):
        return ()
    if state.phase == "move2":
        return tuple(state.order[state.turn:])
    if state.phase == "tenant":
        return tuple(p for p in state.order if not state.left[p])
    return tuple(state.order)


@dataclass(frozen=True)
class MapGeo:
    """Where the map's squares are: (x, y) the top-left of the map, ``cell`` a square's side.

    ``turned``: the map is drawn with its rows as columns (a mirror image across the diagonal:
    every land keeps its neighbours), which gives a map wider than tall larger squares on a
    board with more room down than across."""

    board: Board
    x: float
    y: float
    cell: float
    turned: bool = False

    @property
    def _origin(self) -> tuple[int, int]:
        return min(r for (r, _), _ in self.board.cells), min(c for (_, c), _ in self.board.cells)

    @property
    def width(self) -> float:
        return self.board.span()[0 if self.turned else 1] * self.cell

    @property
    def height(self) -> float:
        return self.board.span()[1 if self.turned else 0] * self.cell

    @property
    def k(self) -> float:
        """The scale against the largest cell (88)."""
        return self.cell / 88

    def square_xy(self, r: int, c: int) -> tuple[float, float]:
        r0, c0 = self._origin
        down, across = (c - c0, r - r0) if self.turned else (r - r0, c - c0)
        return self.x + across * self.cell, self.y + down * self.cell

    def land_box(self, land: int) -> tuple[float, float, float, float]:
        """The box around a land's squares (the King's land has several)."""
        pts = [self.square_xy(r, c) for r, c in self.board.squares(land)]
        x0, y0 = min(p[0] for p in pts), min(p[1] for p in pts)
        x1, y1 = max(p[0] for p in pts) + self.cell, max(p[1] for p in pts) + self.cell
        return x0, y0, x1 - x0, y1 - y0

    def hit(self, px: float, py: float) -> int | None:
        for (r, c), land in self.board.cells:
            x, y = self.square_xy(r, c)
            if x <= px < x + self.cell and y <= py < y + self.cell:
                return land
        return None

    def house_region(self, land: int) -> tuple[float, float, float, float]:
        """Where the houses of a land stand (x, y, w, h)."""
        bx, by, bw, bh = self.land_box(land)
        k = self.k
        if land == KING:
            return bx + 6 * k, by + 84 * k, bw - 12 * k, bh - 84 * k - 26 * k
        return bx + 23 * k, by + 22 * k, bw - 26 * k, bh - 25 * k

    def craftsman_xy(self, land: int, index: int, count: int = 1) -> tuple[float, float]:
        """Where craftsman ``index`` of the ``count`` on a land is drawn: a column down the
        land's left edge (closer together for four, so that all stay on their land)."""
        bx, by, bw, bh = self.land_box(land)
        k = self.k
        if land == KING:  # (a row along the bottom, apart: at 19 their white rims touched)
            return bx + 15 * k + index * 21 * k, by + bh - 15 * k
        if count > 3:
            return bx + 12 * k, by + 30 * k + index * 16 * k
        return bx + 12 * k, by + 34 * k + index * 19 * k


def house_spots(geo: MapGeo, land: int, houses: Sequence[House]) -> list[tuple[House, float, float, float]]:
    """Where each house of a land is drawn: (house, x, y of its front bottom edge, square size),
    in rows filling the land's house region from the bottom (used to draw and to click)."""
    mine = [h for h in houses if h.land == land]
    if not mine:
        return []
    rx, ry, rw, rh = geo.house_region(land)
    u = 9.0 * geo.k
    for _ in range(12):
        sizes = [house_size(h.footprint, h.floors, h.penthouse, u) for h in mine]
        rows: list[list[int]] = [[]]
        width = 0.0
        for i, (w, _) in enumerate(sizes):
            if rows[-1] and width + w > rw:
                rows.append([])
                width = 0.0
            rows[-1].append(i)
            width += w + 3 * geo.k
        row_h = rh / len(rows)
        if all(sizes[i][1] <= row_h for row in rows for i in row) and len(rows) <= 2:
            out = []
            for n, row in enumerate(rows):
                yb = ry + rh - (len(rows) - 1 - n) * row_h - 1
                x = rx
                for i in row:
                    out.append((mine[i], x, yb, u))
                    x += sizes[i][0] + 3 * geo.k
            return out
        u *= 0.9
    return [(h, rx + i * 10, ry + rh, u) for i, h in enumerate(mine)]  # pragma: no cover - never that crowded


Frames = Mapping[int, Sequence[tuple[str, str]]]


def tree_x(geo: MapGeo, land: int, kind: str) -> float:
    """How far right of a land's left edge its tree is drawn: just after the land's number, or,
    where the squares are small, halfway between the number and the land type (clear of both)."""
    k = geo.k
    after_number = 5 * k + 9.5 * max(1, k) * len(str(land)) + 8 * k
    number_end = 5 * k + text_width(str(land), max(13, 15 * k))
    kind_start = geo.cell - 4 * k - text_width(kind, MIN_TEXT)
    return min(after_number, (number_end + kind_start) / 2)


def draw_map(s: Surface, geo: MapGeo, data: MapData, frames: Frames | None = None,
             house_frames: Mapping[int, str] | None = None, layer: str = "all") -> None:
    """The land map: each land tile in its type's colour with its number and type, the King's
    land with the castle and the order markers, trees, houses and craftsmen.

    ``frames``: land → [(colour, label)] frames drawn round the land (a label, when not
    empty, in the land's top-right corner); ``house_frames``: house id → frame colour.
    ``layer``: ``"ground"`` only what never changes in a game (the tiles, the castle; the live
    board's background), ``"things"`` only the rest, ``"all"`` both."""
    frames = frames or {}
    house_frames = house_frames or {}
    k = geo.k
    board = data.board
    bx, by, bw, bh = geo.land_box(KING)
    if layer in ("all", "ground"):
        for (r, c), land in board.cells:
            x, y = geo.square_xy(r, c)
            if land == KING:
                s.rect(x, y, geo.cell, geo.cell, fill=KING_FILL)
            else:
                kind = data.comp.lands[land]
                s.rect(x + 1, y + 1, geo.cell - 2, geo.cell - 2, fill=TYPE_FILL[kind], stroke=TYPE_EDGE[kind],
                       width=1.2)
                draw_land_name(s, geo, data, land)
                draw_land_kind(s, geo, data, land)
        s.rect(bx + 1, by + 1, bw - 2, bh - 2, stroke=KING_EDGE, width=1.5)
        draw_land_name(s, geo, data, KING)
        draw_castle(s, bx + 8 * k, by + 30 * k, 62 * k, 48 * k)
    if layer == "ground":
        return
    for land in board.lands:
        for house, x, yb, u in house_spots(geo, land, data.houses):
            draw_house(s, x, yb, house.footprint, house.floors, house.penthouse, u, player_colour(house.owner),
                       tenant=bool(house.tenant), frame=house_frames.get(house.id))
    # the frames over the houses, under the trees, markers and craftsmen (on the King's land
    # three frames had crossed its name, covered its tree and cut the craftsmen in its corner)
    framed = [(land, geo.land_box(land), marks) for land, marks in frames.items() if land in board.lands]
    for land, (fx, fy, fw, fh), marks in framed:
        for i, (colour, label) in enumerate(marks):
            inset = 2 + 4 * i
            box = (fx + inset, fy + inset, fw - 2 * inset, fh - 2 * inset)
            if label.isdigit():  # a player's mark, numbered: dashed, what was played (not what may be)
                mark_rect(s, *box, colour, 3)
            else:
                s.rect(*box, stroke=colour, width=3)
    for land in board.numbered:
        if land in data.trees:
            x, y, _, _ = geo.land_box(land)
            draw_tree(s, tree_x(geo, land, data.comp.lands[land]) + x, y + 12 * k, 6 * k + 1)
    if KING in data.trees:
        draw_tree(s, bx + bw - 14 * k, by + 13 * k, 6 * k + 1)
    if data.order:
        s.text(bx + 84 * k, by + 34 * k, "順番", size=MIN_TEXT, fill="#5a4410")
        for i, p in enumerate(data.order):
            draw_marker(s, bx + 80 * k + i * 22 * k, by + 46 * k, p, 16 * k + 2)
    # craftsmen: on the King's land in order of arrival
    placed: dict[int, int] = {}
    count = Counter(data.craftsmen)
    order = list(data.king_arrivals) + [p for p, land in enumerate(data.craftsmen) if land == KING
                                        and p not in data.king_arrivals]
    for p in order + [p for p, land in enumerate(data.craftsmen) if land != KING]:
        land = data.craftsmen[p]
        if land < 0 or land not in board.lands:
            continue
        i = placed.get(land, 0)
        placed[land] = i + 1
        cx, cy = geo.craftsman_xy(land, i, count[land])
        draw_disc(s, cx, cy, p, 8 * k + 1)
    for land, (fx, fy, fw, fh), marks in framed:
        # the labels over everything (a second frame, further in, had run over the first's label)
        for i, (colour, label) in enumerate(marks):
            inset = 2 + 4 * i
            if label:
                ly = fy + inset + 28 * geo.k + 14 * i
                s.rect(fx + fw - inset - 4 - 12 * len(label), ly - 8, 12 * len(label) + 2, 16, fill="#ffffff")
                s.text(fx + fw - inset - 3, ly, label, size=MIN_TEXT, fill=colour, anchor="end", bold=True)
        if len(marks) > 1:  # a second frame runs over the land's number or name: on top again
            draw_land_name(s, geo, data, land, on_ground=True)
            if land != KING:  # (and over its type, in the other corner: 「煉瓦」 had read 「煉E」)
                draw_land_kind(s, geo, data, land, on_ground=True)


def draw_land_name(s: Surface, geo: MapGeo, data: MapData, land: int, on_ground: bool = False) -> None:
    """A land's number in its top-left corner (the King's land: its name); ``on_ground``: on a
    patch of the land's own colour, drawn again over the frames that ran across it."""
    x, y, _, _ = geo.land_box(land)
    k = geo.k
    if land == KING:
        text, size, tx, ty, fill, ground = "王様の土地", max(MIN_TEXT, 13 * k), x + 6 * k, y + 12 * k, "#5a4410", KING_FILL
        width = 5 * size
    else:
        text, size, tx, ty, fill = str(land), max(13, 15 * k), x + 5 * k, y + 13 * k, "#222"
        ground, width = TYPE_FILL[data.comp.lands[land]], 0.62 * size * len(text)
    if on_ground:
        s.rect(tx - 1, ty - size / 2 - 1, width + 2, size + 2, fill=ground)
    s.text(tx, ty, text, size=size, bold=True, fill=fill)


def draw_land_kind(s: Surface, geo: MapGeo, data: MapData, land: int, on_ground: bool = False) -> None:
    """A land's type (芝生・石畳・煉瓦・泥土) in its top-right corner; ``on_ground``: on a patch of
    the land's own colour, drawn again over the frames that ran across it."""
    x, y, _, _ = geo.land_box(land)
    k, kind = geo.k, data.comp.lands[land]
    right, mid = x + geo.cell - 4 * k, y + 12 * k
    if on_ground:
        width = MIN_TEXT * len(kind)
        s.rect(right - width - 1, mid - MIN_TEXT / 2 - 1, width + 2, MIN_TEXT + 2, fill=TYPE_FILL[kind])
    s.text(right, mid, kind, size=MIN_TEXT, anchor="end", fill=shade(TYPE_EDGE[kind], 0.35))


def map_words(data: MapData, names: Sequence[str] = NAMES, turned: bool = False) -> list[str]:
    """The map in words: each row of squares, the trees, craftsmen, order and houses (the rows
    as drawn: ``turned``, those of a map drawn turned, :class:`MapGeo`)."""
    board = data.board
    grid = {((c, r) if turned else (r, c)): land for (r, c), land in board.cells}
    rows, cols = board.span()[::-1] if turned else board.span()
    lines = [f"地図(縦{rows}マス・横{cols}マス)。王様の土地には城。各行を左から:"]
    r0 = min(r for r, _ in grid)
    c0 = min(c for _, c in grid)
    for r in range(rows):
        words = []
        for c in range(cols):
            land = grid.get((r + r0, c + c0))
            words.append("なし" if land is None else "王様の土地" if land == KING
                         else f"{land}({data.comp.lands[land]})")
        lines.append(f"{r + 1}行目: " + "、".join(words))
    lines.append("樹: " + "、".join(land_words(x) for x in data.trees) + "。")
    placed = [(p, x) for p, x in enumerate(data.craftsmen) if x >= 0]
    if placed:
        lines.append("職人: " + "、".join(f"{names[p]}は{land_words(x)}" for p, x in placed) + "。")
    if data.order:
        lines.append("順番マーカー: " + "→".join(names[p] for p in data.order) + "。")
    for land in board.lands:
        here = [h for h in data.houses if h.land == land]
        if here:
            lines.append(f"{land_words(land)}の家: " + "、".join(
                f"{names[h.owner]}の{house_words(h)}" + ("(入居済み)" if h.tenant else "") for h in here) + "。")
    return lines


def _replays(state: NewtownState) -> bool:
    """Whether the state is a real game's position (its moves replay to it); a position staged
    for an example is not."""
    try:
        positions.check("save", state.to_json())
    except (NotationError, ValueError):
        return False
    return True


def _position(state: NewtownState | None, *fallbacks: tuple[str, str]) -> tuple[str, str]:
    """The position a picture of ``state`` shows: the saved game when its moves replay to it,
    otherwise the first of ``fallbacks`` that the real components can make (a staged example
    shows real parts)."""
    if state is not None and _replays(state):
        return ("save", state.to_json())
    for kind, text in fallbacks:
        positions.check(kind, text)  # raises when no real set of components makes it
        return (kind, text)
    raise NotationError("a staged position needs a part to check", "確認できる局面がありません。")


def land_text(land: int, houses: Sequence[House]) -> str:
    """The houses of one land in the notation of position kind ``newtown.land``: ``12: 2x3f2``."""
    return f"{'K' if land == KING else land}: " + " ".join(h.text() for h in houses if h.land == land)


def map_picture(source: NewtownState | Board | str, highlight: Iterable[int] | Mapping[int, Any] = (),
                title: str = "さいころニュータウンの地図", cell: float | None = None,
                legend: Sequence[tuple[str, str]] = ()) -> Picture:
    """The land map of a game (a :class:`NewtownState`), or of a map alone (a :class:`Board` or
    a map text, e.g. ``"3 4\\nK K\\nK K"``): land numbers and types, the King's land with the
    castle (and the order markers), trees, houses (footprint on the roof, a band per floor, the
    roof in the owner's colour), craftsmen (discs with the player's number).

    ``highlight``: lands framed in green, or a mapping land → label, or land → (label, colour):
    a label is written under the map beside its land's number (never on the land, where it
    would hide its pieces); ``legend``: (colour, words) lines under the map explaining the
    frames.  At most 368 px wide: a map wider than four squares gets smaller squares; a long
    title takes two lines."""
    data = MapData.of(source)
    rows, cols = data.board.span()
    cell = cell or min(88.0, 352.0 / cols)
    frames: dict[int, list[tuple[str, str]]] = {}
    marks = highlight if isinstance(highlight, Mapping) else {land: "" for land in highlight}
    for land, mark in marks.items():
        label, colour = (mark, LEGAL) if isinstance(mark, str) else mark
        frames.setdefault(land, []).append((colour, label))
    labels = [(ms[0][0], f"{land_words(land)}: {'・'.join(lb for _, lb in ms if lb)}")
              for land, ms in frames.items() if any(lb for _, lb in ms)]
    width = 16 + data.board.span()[1] * cell
    heading = title_lines(title, width - 16)
    top = 30 + TITLE_LINE * (len(heading) - 1)
    geo = MapGeo(data.board, 8, top, cell)
    height = top + geo.height + 8 + 18 * (len(legend) + len(labels))
    s = SvgSurface(width, height, title)
    s.rect(0, 0, width, height, fill=PAPER)
    draw_title(s, heading)
    draw_map(s, geo, data, {land: [(colour, "") for colour, _ in ms] for land, ms in frames.items()})
    y = top + geo.height + 8
    for colour, words in list(legend) + labels:
        s.rect(8, y + 2, 22, 12, stroke=colour, width=3)
        s.text(36, y + 8, words, size=12)
        y += 18
    alt = [f"{title}。"] + map_words(data)
    for colour, words in legend:
        framed = [land_words(x) for x, ms in frames.items() if any(c == colour for c, _ in ms)]
        alt.append(f"{words}(" + "、".join(framed) + ")。")
    if frames and not legend:
        alt.append("枠のある土地: " + "、".join(
            land_words(x) + (f"「{ms[0][1]}」" if ms[0][1] else "") for x, ms in frames.items()) + "。")
    if isinstance(source, NewtownState):
        for land in data.board.lands:  # every land's houses are real (checked here)
            if any(h.land == land for h in data.houses):
                positions.check("newtown.land", land_text(land, data.houses))
        position = _position(source, ("newtown.map", data.board.to_text()))
    else:
        position = ("newtown.map", data.board.to_text())
    return Picture(s.svg(), "\n".join(alt), position=position)


# -- one land's houses ----------------------------------------------------------------------------
def house_picture(source: NewtownState | str, land: int | None = None, title: str | None = None) -> Picture:
    """The houses of one land, large: each with its footprint (the squares on the roof), its
    floors (the bands of the wall), a penthouse, its standard (規格) and base points (基礎点).

    ``source``: a land's houses in the notation of position kind ``newtown.land``
    (``"12: 2x3f2 2x2f1"``, ``K`` for the King's land), or a game and ``land``."""
    comp = components()
    owners: list[int | None]
    tenants: list[int]
    if isinstance(source, NewtownState):
        if land is None:
            raise ValueError("a game's house picture needs the land")
        comp = source.comp
        houses = [h for h in source.houses if h.land == land]
        if not houses:
            raise ValueError(f"no house on {land_words(land)}")
        text = land_text(land, houses)
        parts = [(h.footprint, h.floors, h.penthouse) for h in houses]
        owners = [h.owner for h in houses]
        tenants = [h.tenant for h in houses]
    else:
        text = source
        parts = positions.check("newtown.land", text)
        head = text.partition(":")[0].strip()
        land = KING if head == "K" else int(head)
        owners, tenants = [None] * len(parts), [0] * len(parts)
    positions.check("newtown.land", text)
    u = 13.0
    slot = 92
    title = title or f"{land_words(land)}の家"
    width = fitted_width(title, max(200, 16 + slot * len(parts)))
    heading = title_lines(title, width - 16)
    ground = f"土地{land}({comp.lands[land]})" if land != KING else "王様の土地"
    ground_y = 15 + TITLE_LINE * len(heading)  # the land on its own line under the title
    tallest = max(house_size(f, n, p, u)[1] for f, n, p in parts)
    top = ground_y + 14
    base = top + tallest + 10
    height = base + 62 + (14 if any(p for _, _, p in parts) and any(o is not None for o in owners) else 0)
    slot = (width - 16) / len(parts)  # the houses spread over the whole width
    s = SvgSurface(width, height, title)
    s.rect(0, 0, width, height, fill=PAPER)
    draw_title(s, heading)
    s.text(8, ground_y, ground, size=12, fill="#4a3b22")
    if land != KING:
        kind = comp.lands[land]
        s.rect(8, base - 4, width - 16, 8, fill=TYPE_FILL[kind], stroke=TYPE_EDGE[kind])
    else:
        s.rect(8, base - 4, width - 16, 8, fill=KING_FILL, stroke=KING_EDGE)
    alt = [f"{title}。{ground}。"]
    for i, ((footprint, floors, pent), owner) in enumerate(zip(parts, owners)):
        w, _ = house_size(footprint, floors, pent, u)
        x = 8 + i * slot + (slot - w) / 2
        draw_house(s, x, base, footprint, floors, pent, u, player_colour(owner), tenant=bool(tenants[i]))
        cx = 8 + i * slot + slot / 2
        std = FOOTPRINTS[footprint]
        points = comp.base(std, floors, pent)
        s.text(cx, base + 16, f"{FOOTPRINT_JA[footprint]}・{floors}階", size=12, anchor="middle", bold=True)
        s.text(cx, base + 32, f"規格{std}・基礎点{points}", size=MIN_TEXT, anchor="middle")
        extra = (["ペントハウス付き"] if pent else []) + ([NAMES[owner]] if owner is not None else [])
        for n, line in enumerate(extra):  # each on its own line, so that none is cut at the edges
            s.text(cx, base + 48 + 14 * n, line, size=MIN_TEXT, anchor="middle", fill=player_colour(owner))
        who = f"{NAMES[owner]}の" if owner is not None else ""
        words = f"{who}{house_words((footprint, floors, pent))}の家(規格{std}、基礎点{points}"
        words += f"、入居者は{comp.tenants[tenants[i]].name})" if tenants[i] else ")"
        alt.append(words)
    return Picture(s.svg(), "\n".join(alt), position=("newtown.land", text))


def floor_cells(footprint: str, pieces: Sequence[int]) -> list[list[int]]:
    """Which squares of a floor (rows × columns, row by row) each piece covers, as the floor
    picture lays them: the largest first, each along the rows from where the last one ended,
    turning onto the next row when it reaches the edge (the rules count only sizes, not shapes)."""
    rows, cols = DIMENSIONS[footprint]
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    out, at = [], 0
    for size in sorted(pieces, reverse=True):
        out.append([r * cols + c for r, c in squares[at:at + size]])
        at += size
    return out


def floor_picture(footprint: str, pieces: Sequence[int], title: str | None = None) -> Picture:
    """One floor of a house seen from above, filled with material pieces: each piece a block of
    its squares with its size written on it, thick lines between pieces.  The position
    (``newtown.floor``) is checked: the sizes must add up to the floor's squares."""
    text = f"{footprint}: {','.join(map(str, sorted(pieces)))}"
    positions.check("newtown.floor", text)
    rows, cols = DIMENSIONS[footprint]
    sq = 40.0
    title = title or f"{FOOTPRINT_JA[footprint]}の階を資材で埋める"
    width = fitted_width(title, max(200, 16 + cols * sq))
    heading = title_lines(title, width - 16)
    top = 10 + TITLE_LINE * len(heading)
    height = top + rows * sq + 28
    x0 = (width - cols * sq) / 2
    s = SvgSurface(width, height, title)
    s.rect(0, 0, width, height, fill=PAPER)
    draw_title(s, heading)
    blocks = floor_cells(footprint, pieces)
    owner = {cell: n for n, cells in enumerate(blocks) for cell in cells}
    shades = [WOOD, "#cfa15a", "#edd3a0", "#b98a45", "#f2dfb9", "#d9b06b"]
    for n, cells in enumerate(blocks):
        for cell in cells:
            r, c = divmod(cell, cols)
            s.rect(x0 + c * sq, top + r * sq, sq, sq, fill=shades[n % len(shades)], stroke=WOOD_EDGE, width=0.5)
        r, c = divmod(cells[0], cols)
        s.text(x0 + (c + 0.5) * sq, top + (r + 0.5) * sq, str(len(cells)), size=16, anchor="middle", bold=True,
               fill="#3b2a10")
    for r in range(rows):  # thick lines where one piece meets another, and round the floor
        for c in range(cols):
            here = owner[r * cols + c]
            x, y = x0 + c * sq, top + r * sq
            if c + 1 < cols and owner[r * cols + c + 1] != here:
                s.line(x + sq, y, x + sq, y + sq, stroke="#3b2a10", width=3)
            if r + 1 < rows and owner[(r + 1) * cols + c] != here:
                s.line(x, y + sq, x + sq, y + sq, stroke="#3b2a10", width=3)
    s.rect(x0, top, cols * sq, rows * sq, stroke="#3b2a10", width=3)
    s.text(width / 2, top + rows * sq + 18, "数字は資材の大きさ(マスの数)", size=MIN_TEXT, anchor="middle", fill="#4a3b22")
    sizes = "・".join(str(len(b)) for b in blocks)
    alt = (f"{title}。{FOOTPRINT_JA[footprint]}の階({rows * cols}マス)を、大きさ{sizes}の資材{len(blocks)}個で"
           "すき間なく埋めた図。太い線が資材の境目。")
    return Picture(s.svg(), alt, position=("newtown.floor", text))


# -- dice -----------------------------------------------------------------------------------------------
def dice_slots(x: float, y: float, size: float, gap: float = 3) -> list[tuple[str, int, float, float]]:
    """Where one player's six dice go, in the order red, green, black, white ×3: (colour,
    index among its colour, x, y)."""
    order = [("r", 0), ("g", 0), ("b", 0), ("w", 0), ("w", 1), ("w", 2)]
    return [(c, i, x + n * (size + gap) + (6 if c == "w" else 0), y) for n, (c, i) in enumerate(order)]


def dice_values(d: Dice) -> dict[tuple[str, int], int | None]:
    white = list(d.white)
    return {("r", 0): d.red, ("g", 0): d.green, ("b", 0): d.black,
            **{("w", i): (white[i] if i < len(white) else None) for i in range(3)}}


def draw_player_dice(s: Surface, x: float, y: float, d: Dice, size: float = 24,
                     frames: Mapping[tuple[str, int], str] | None = None) -> float:
    """A player's dice: red, green, black and the three white (empty places for dice not yet
    taken); returns the width."""
    frames = frames or {}
    values = dice_values(d)
    for c, i, dx, dy in dice_slots(x, y, size):
        draw_die(s, dx, dy, size, c, values[(c, i)], frames.get((c, i)))
    return 6 * (size + 3) + 6


def dice_words(d: Dice) -> str:
    parts = [f"{COLOUR_JA[c]}{v}" for c, v in (("r", d.red), ("g", d.green), ("b", d.black)) if v is not None]
    parts += [f"白{v}" for v in d.white]
    return "・".join(parts) or "なし"


#: The pool's colours in the order its rows stand (and its dice are listed): 赤・緑・黒・白.
POOL_COLOURS = "rgbw"


def pool_rows(x: float, y: float, width: float, pool: Sequence[tuple[str, int]], size: float = 26,
              keep: bool = False) -> list[tuple[str, float, list[tuple[int, float, float]]]]:
    """The pool's rows, one per colour (赤・緑・黒・白): (colour, the row's top, (value, x, y) for
    each die).  A colour none of whose dice is left has no row, unless ``keep``: the live board
    keeps every row in its place, so that no die moves up under a finger when a colour runs out."""
    out = []
    row_y = y
    per_row = max(1, int((width - 24) // (size + 3)))
    for c in POOL_COLOURS:
        values = sorted(v for colour, v in pool if colour == c)
        if not values and not keep:
            continue
        dice = []
        for i, v in enumerate(values):
            r, col = divmod(i, per_row)
            dice.append((v, x + 24 + col * (size + 3), row_y + r * (size + 4)))
        out.append((c, row_y, dice))
        row_y += (max(len(values) - 1, 0) // per_row + 1) * (size + 4) + 2
    return out


def pool_slots(x: float, y: float, width: float, pool: Sequence[tuple[str, int]], size: float = 26,
               keep: bool = False) -> list[tuple[str, int, float, float]]:
    """Where the dice of the pool go (see :func:`pool_rows`): (colour, value, x, y) for each die."""
    return [(c, v, dx, dy) for c, _, dice in pool_rows(x, y, width, pool, size, keep) for v, dx, dy in dice]


def draw_pool(s: Surface, x: float, y: float, width: float, pool: Sequence[tuple[str, int]], size: float = 26,
              frames: Mapping[tuple[str, int], str] | None = None, keep: bool = False,
              once: Mapping[tuple[str, int], str] | None = None) -> float:
    """The dice pool by colour, each row named (an empty row kept, ``keep``: 「なし」); returns
    the height.  ``frames`` go on every die of a colour and number; ``once`` on the first only
    (the hint takes one die: two green 6s, the hint frames one of them)."""
    frames = frames or {}
    once = dict(once or {})
    bottom = y
    for c, top, dice in pool_rows(x, y, width, pool, size, keep):
        s.text(x, top + size / 2, COLOUR_JA[c], size=12, bold=True)
        if not dice:
            s.text(x + 24, top + size / 2, "なし", size=12, fill="#8a8478")
        for v, dx, dy in dice:
            draw_die(s, dx, dy, size, c, v, once.pop((c, v), None) or frames.get((c, v)))
        bottom = max(bottom, top + size, *(dy + size for _, _, dy in dice))
    return bottom - y


def pool_words(pool: Sequence[tuple[str, int]]) -> str:
    out = []
    for c in POOL_COLOURS:
        values = sorted(v for colour, v in pool if colour == c)
        if values:
            out.append(f"{COLOUR_JA[c]}: " + "・".join(map(str, values)))
    return "、".join(out) or "なし"


def dice_picture(source: NewtownState | str, player: int | None = None, title: str | None = None) -> Picture:
    """Dice by colour (赤・緑・黒・白).

    ``source``: a game — its dice pool during the dice phase (``player`` None), or a player's
    dice (``player``); or one player's six dice written ``"r3 g5 b2 w1 w4 w6"`` (position kind
    ``newtown.dice``)."""
    if isinstance(source, str):
        found = positions.check("newtown.dice", source)
        d = Dice(found["r"], found["g"], found["b"], tuple(found["w"]))
        title = title or "1人分のさいころ"
        s = _player_dice_surface(d, title)
        alt = f"{title}: {dice_words(d)}"
        return Picture(s.svg(), alt, position=("newtown.dice", source))
    state = source
    if player is None:
        pool = state.pool
        title = title or "さいころ置き場(振ったさいころ)"
        width = 360
        heading = title_lines(title, width - 16)
        drop = TITLE_LINE * (len(heading) - 1)
        height = 40 + drop + _pool_height(pool) + 8
        s = SvgSurface(width, height, title)
        s.rect(0, 0, width, height, fill=PAPER)
        draw_title(s, heading)
        draw_pool(s, 8, 32 + drop, width - 16, pool)
        alt = f"{title}: {pool_words(pool)}" if pool else f"{title}: 残っているさいころはありません"
        return Picture(s.svg(), alt, position=_position(state, ("newtown.map", state.board.to_text())))
    d = state.dice[player]
    title = title or f"{NAMES[player]}のさいころ"
    s = _player_dice_surface(d, title)
    fallbacks = []
    if all(v is not None and 1 <= v <= 6 for v in (d.red, d.green, d.black)) and len(d.white) == 3 and all(
            1 <= v <= 6 for v in d.white):
        fallbacks.append(("newtown.dice", d.text()))
    fallbacks.append(("newtown.map", state.board.to_text()))
    return Picture(s.svg(), f"{title}: {dice_words(d)}", position=_position(state, *fallbacks))


def _player_dice_surface(d: Dice, title: str) -> SvgSurface:
    """One player's six dice under the title (the picture widened, or the title wrapped, to
    hold the title)."""
    width = fitted_width(title, 236)
    heading = title_lines(title, width - 16)
    drop = TITLE_LINE * (len(heading) - 1)
    s = SvgSurface(width, 74 + drop, title)
    s.rect(0, 0, width, 74 + drop, fill=PAPER)
    draw_title(s, heading)
    _dice_labels(s, 8, 26 + drop, 30)
    draw_player_dice(s, 8, 40 + drop, d, 30)
    return s


def _dice_labels(s: Surface, x: float, y: float, size: float) -> None:
    for c, _, dx, _ in dice_slots(x, y, size)[:4]:
        s.text(dx + size / 2, y + 4, COLOUR_JA[c] if c != "w" else "白(3個)", size=MIN_TEXT,
               anchor="middle" if c != "w" else "start")


def _pool_height(pool: Sequence[tuple[str, int]], width: float = 344, size: float = 26) -> float:
    slots = pool_slots(0, 0, width, pool, size)
    return max((y + size for _, _, _, y in slots), default=20)


# -- a player's sheet --------------------------------------------------------------------------------
SHEET_W = 348
SHEET_H = 114


def card_slots(x: float, y: float, width: float, lands: Sequence[int]) -> list[tuple[int, float, float, float, float]]:
    """Where a player's land cards go on the sheet: (land, x, y, w, h)."""
    n = max(1, len(lands))
    w = min(40.0, (width - 8) / n - 3)
    return [(land, x + i * (w + 3), y, w, 36) for i, land in enumerate(lands)]


def sheet_choice_words(state: NewtownState, p: int, viewer: int | None) -> str:
    """What the sheet says of the extension choice: nothing before it, 選択済み while it is
    secret (the choice itself only to its owner), then 延長 or 終了."""
    if state.phase == "extend":
        choice = state.view(viewer)["choices"][p]
        if choice is None:
            return "選択中" if p == state.current_player else ""
        if choice == "chosen":
            return "選択済み"
        return "延長(秘密)" if choice else "終了(秘密)"
    if state.round == 5 or state.phase in ("tenant", "over") and any(state.extended):
        return "延長参加" if state.extended[p] else "延長なし"
    return ""


def draw_sheet(s: Surface, x: float, y: float, state: NewtownState, p: int, *, head: str | None = None,
               current: bool = False, viewer: int | None = None,
               die_frames: Mapping[tuple[str, int], str] | None = None,
               card_frames: Mapping[int, str] | None = None, winner: bool = False, width: float = SHEET_W) -> None:
    """One player's sheet: name and points, stones; the six dice; materials by size; roofs
    left by standard; land cards (number, type, ability, used)."""
    fill = "#fff7e0" if current else PANEL
    s.rect(x, y, width, SHEET_H, fill=fill, stroke="#b08d2f" if current else LINE, width=2 if current else 1)
    marker = "▶ " if current else ""
    s.text(x + 8, y + 13, f"{marker}{head or NAMES[p]}", size=13, bold=current, fill=player_colour(p))
    score = state.scores()[p]
    right = f"{number(score)}点・石{state.stones[p]}"
    if winner:
        right = "勝者・" + right
    s.text(x + width - 8, y + 13, right, size=13, anchor="end", bold=True, fill=MARK if winner else "#222222")
    choice = sheet_choice_words(state, p, viewer)
    if choice:
        room = sum(13 if ord(ch) > 255 else 7.5 for ch in right)
        s.text(x + width - 16 - room, y + 13, choice, size=MIN_TEXT, anchor="end", fill="#6d4c00", bold=True)
    # dice
    draw_player_dice(s, x + 8, y + 22, state.dice[p], 22, die_frames)
    # roofs left, by standard 1 to 4 (a wider roof for a larger standard)
    roofs = state.roofs[p]
    s.text(x + 178, y + 33, "屋根", size=MIN_TEXT, fill="#4a3b22")
    rx = x + 204
    for std in (1, 2, 3, 4):
        w = 8 + 3 * std
        s.polygon([(rx, y + 38), (rx + w / 2, y + 28), (rx + w, y + 38)],
                  fill=player_colour(p) if roofs[std - 1] else "#e0dccf", stroke="#555555", width=0.8)
        s.text(rx + w + 2, y + 33, f"{roofs[std - 1]}", size=MIN_TEXT)
        rx += w + 13
    # materials
    s.text(x + 8, y + 57, "資材", size=MIN_TEXT, fill="#4a3b22")
    draw_pieces(s, x + 36, y + 53, state.materials[p], 7, room=width - 44)
    # land cards
    hand = state.hand(p)
    for land, cx, cy, cw, ch in card_slots(x + 6, y + 70, width - 6, hand):
        draw_land_card(s, cx, cy, cw, ch, land, state.comp, land in state.used, (card_frames or {}).get(land))
    if not hand:
        s.text(x + 8, y + 88, "土地カードなし", size=MIN_TEXT, fill="#6d6a63")


def sheet_words(state: NewtownState, p: int, viewer: int | None = None, name: str | None = None) -> str:
    d = state.dice[p]
    cards = "、".join(f"{x}({state.comp.lands[x]}・{ABILITY_JA[state.comp.ability(x)]}"
                     + ("・使用済み" if x in state.used else "") + ")" for x in state.hand(p)) or "なし"
    roofs = "・".join(f"規格{i + 1}が{n}個" for i, n in enumerate(state.roofs[p]))
    choice = sheet_choice_words(state, p, viewer)
    return (f"{name or NAMES[p]}: {number(state.scores()[p])}点、褒美の石{state.stones[p]}個、さいころ{dice_words(d)}、"
            f"資材{pieces_words(state.materials[p])}、屋根{roofs}、土地カード{cards}"
            + (f"、{choice}" if choice else "") + "。")


def sheet_picture(state: NewtownState, player: int, viewer: int | None = None, title: str | None = None) -> Picture:
    """One player's sheet: points and stones, the six dice, roofs left by standard (規格1〜4),
    materials by size, land cards with their abilities (「済」: used).  The extension choice
    shows only to ``viewer``."""
    title = title or f"{NAMES[player]}の個人シート"
    width = SHEET_W + 16
    heading = title_lines(title, width - 16)
    drop = TITLE_LINE * (len(heading) - 1)
    height = SHEET_H + 36 + drop
    s = SvgSurface(width, height, title)
    s.rect(0, 0, width, height, fill=PAPER)
    draw_title(s, heading)
    draw_sheet(s, 8, 28 + drop, state, player, viewer=viewer, winner=player in state.winners())
    fallbacks = []
    if state.materials[player]:
        fallbacks.append(("newtown.pieces", ",".join(map(str, state.materials[player]))))
    fallbacks.append(("newtown.map", state.board.to_text()))
    alt = f"{title}。" + sheet_words(state, player, viewer)
    return Picture(s.svg(), alt, position=_position(state, *fallbacks))


# -- tenants ------------------------------------------------------------------------------------------------
CARD_W, CARD_H, CARD_GAP = 84, 60, 4


def tenant_slots(x: float, y: float, grid: Sequence[Sequence[tuple[int, int]]], card_w: float = CARD_W,
                 card_h: float = CARD_H) -> list[tuple[int, int, float, float]]:
    """Where each tenant card lies: (column 1-4, row from the front 1-4, x, y); the front row
    (row 1) at the bottom, as the cards lie on the table."""
    out = []
    for c, column in enumerate(grid, start=1):
        for r in range(1, len(column) + 1):
            out.append((c, r, x + (c - 1) * (card_w + CARD_GAP), y + (4 - r) * (card_h + CARD_GAP)))
    return out


def draw_tenant_card(s: Surface, x: float, y: float, card: int, stones: int, comp: Components,
                     w: float = CARD_W, h: float = CARD_H, frame: str | None = None) -> None:
    """A tenant card: its name, people and points, the land types it wishes (a coloured square
    with one kanji each), stones lying on it."""
    t = comp.tenants[card]
    royal = bool(t.royal)
    s.rect(x, y, w, h, fill="#fff8e6" if royal else "#ffffff", stroke=MARK if royal else "#8a8170",
           width=2 if royal else 1)
    # (a name too long for the card, 「織物職人の一家」, drawn a little closer, clear of its frames)
    s.text(x + w / 2, y + 11, t.name, size=MIN_TEXT, anchor="middle", bold=len(t.name) * 11.6 < w - 4, fit=w - 8)
    s.text(x + 4, y + 27, f"{t.people}人", size=MIN_TEXT)
    s.text(x + w - 4, y + 27, f"+{t.points}点", size=12, anchor="end", bold=True, fill="#6d4c00")
    for i, kind in enumerate(LAND_TYPES):
        bx = x + 3 + i * 16
        if kind in t.lands:
            s.rect(bx, y + h - 19, 15, 15, fill=TYPE_FILL[kind], stroke=TYPE_EDGE[kind], width=1)
            s.text(bx + 7.5, y + h - 11, TYPE_SHORT[kind], size=MIN_TEXT, anchor="middle")
    if royal:
        s.text(x + w - 3, y + h - 11, "王", size=MIN_TEXT, anchor="end", fill=MARK, bold=True)
    if stones:
        s.circle(x + 40, y + 27, 7, fill=STONE, stroke="#ffffff", width=1)
        s.text(x + 40, y + 27.5, str(stones), size=MIN_TEXT, fill="#ffffff", anchor="middle", bold=True)
    if frame:
        s.rect(x + 1.5, y + 1.5, w - 3, h - 3, stroke=frame, width=3)


def grid_height(card_h: float = CARD_H) -> float:
    """The height of the grid with its column numbers above and the front row's label below."""
    return GRID_TOP + 4 * (card_h + CARD_GAP) + 16


GRID_TOP = 16  # room for the column numbers


def draw_tenant_grid(s: Surface, x: float, y: float, grid: Sequence[Sequence[tuple[int, int]]], comp: Components,
                     frames: Mapping[tuple[int, int], str] | None = None, card_w: float = CARD_W) -> None:
    """The 4 × 4 tenant cards, the front row (最前列) at the bottom on a tinted band and named
    under it, each column's number above it."""
    frames = frames or {}
    top = y + GRID_TOP
    front_y = top + 3 * (CARD_H + CARD_GAP)
    width = 4 * card_w + 3 * CARD_GAP
    s.rect(x - 3, front_y - 3, width + 6, CARD_H + 6, fill="#e3f1e0", stroke="#7fb27a", width=1)
    for c in range(1, 5):
        s.text(x + (c - 1) * (card_w + CARD_GAP) + card_w / 2, y + 7, f"{c}列目", size=MIN_TEXT,
               anchor="middle", fill="#555555")
    for c, r, cx, cy in tenant_slots(x, top, grid, card_w):
        card, stones = grid[c - 1][r - 1]
        draw_tenant_card(s, cx, cy, card, stones, comp, card_w, CARD_H, frames.get((c, r)))
    s.text(x + width / 2, front_y + CARD_H + 10, "▲ 最前列(いちばん下の段)", size=MIN_TEXT, anchor="middle",
           fill="#2e6b2a", bold=True)


def grid_text(grid: Sequence[Sequence[tuple[int, int]]]) -> str:
    """The grid in the notation of position kind ``newtown.tenants``."""
    return " | ".join(" ".join(f"{card}" + (f"[{st}]" if st else "") for card, st in column) for column in grid)


def grid_words(grid: Sequence[Sequence[tuple[int, int]]], comp: Components) -> list[str]:
    lines = []
    for c, column in enumerate(grid, start=1):
        cards = []
        for r, (card, stones) in enumerate(column, start=1):
            t = comp.tenants[card]
            cards.append(f"{'最前列' if r == 1 else f'前から{r}枚目'}は{t.name}({t.people}人・{t.points}点・"
                         f"{'・'.join(t.lands)}" + (f"・石{stones}個" if stones else "") + ")")
        lines.append(f"{c}列目: " + ("、".join(cards) if cards else "カードなし"))
    return lines


def tenants_picture(source: NewtownState | str,
                    highlight: Mapping[tuple[int, int], str] | Iterable[tuple[int, int]] = (),
                    title: str = "入居者カード(縦4列・横4列)") -> Picture:
    """The tenant round's grid: four columns of up to four cards, the front row (最前列) at the
    bottom on a tinted band; each card's name, people, points, wished land types, the royal
    mark (王) and stones lying on it.  ``source``: a game in its tenant round, or a grid in the
    notation of position kind ``newtown.tenants`` (``"5 9[1] 12 3 | 15 1 | 7 | 2 4 6"``, each
    column front first).  ``highlight``: (column, row from the front) → frame colour (``#…``)
    or a label (framed in green, the label written under the grid), or cards to frame in
    green.  A long title takes two lines."""
    if isinstance(source, NewtownState):
        grid = source.grid
        comp = source.comp
    else:
        grid = tuple(tuple(column) for column in positions.check("newtown.tenants", source))
        comp = components()
    if not grid:
        raise ValueError("no tenant cards are laid out (the tenant round has not begun)")
    text = grid_text(grid)
    positions.check("newtown.tenants", text)
    marks = dict(highlight) if isinstance(highlight, Mapping) else {cell: LEGAL for cell in highlight}
    frames = {cell: mark if mark.startswith("#") else LEGAL for cell, mark in marks.items()}
    labels = [(cell, mark) for cell, mark in sorted(marks.items()) if not mark.startswith("#")]
    width = 8 * 2 + 4 * CARD_W + 3 * CARD_GAP
    heading = title_lines(title, width - 16)
    drop = TITLE_LINE * (len(heading) - 1)
    height = 26 + drop + grid_height() + 4 + 18 * len(labels)
    s = SvgSurface(width, height, title)
    s.rect(0, 0, width, height, fill=PAPER)
    draw_title(s, heading)
    draw_tenant_grid(s, 8, 24 + drop, grid, comp, frames)
    y = 26 + drop + grid_height() + 4
    for (c, r), label in labels:
        s.rect(8, y + 2, 22, 12, stroke=LEGAL, width=3)
        s.text(36, y + 8, f"{c}列目の{'最前列' if r == 1 else f'前から{r}枚目'}: {label}", size=12)
        y += 18
    alt = [f"{title}。いちばん下の段が最前列。"] + grid_words(grid, comp)
    if frames:
        alt.append("枠のあるカード: " + "、".join(f"{c}列目の{'最前列' if r == 1 else f'前から{r}枚目'}"
                                               + (f"「{marks[(c, r)]}」" if not marks[(c, r)].startswith("#") else "")
                                               for c, r in sorted(frames)) + "。")
    return Picture(s.svg(), "\n".join(alt), position=("newtown.tenants", text))


# -- the legend -----------------------------------------------------------------------------------------
def legend_picture() -> Picture:
    """The key: the four land types (colour, value at the settlement, the ability of their
    cards), the King's land and the castle, a tree, craftsmen and order markers, houses
    (footprint, floors, penthouse, a tenant), the dice colours and a tenant card."""
    comp = components()
    width, pad = 376, 8
    height = 582
    s = SvgSurface(width, height, "さいころニュータウンの図の見かた")
    s.rect(0, 0, width, height, fill=PAPER)
    y = pad + 8
    s.text(pad, y, "土地の種類(決算の価値・土地カードの特殊能力)", size=13, bold=True)
    y += 14
    for kind in LAND_TYPES:
        s.rect(pad, y, 40, 26, fill=TYPE_FILL[kind], stroke=TYPE_EDGE[kind], width=1.2)
        s.text(pad + 20, y + 13, kind, size=12, anchor="middle")
        ability = comp.abilities[kind]
        s.text(pad + 48, y + 7, f"+{comp.land_values[kind]}点・カードの印「{ABILITY_SHORT[ability]}」", size=12)
        s.text(pad + 48, y + 21, ABILITY_JA[ability], size=MIN_TEXT, fill="#4a3b22")
        y += 31
    y += 6
    s.text(pad, y, "王様の土地・樹・職人・順番", size=13, bold=True)
    y += 12
    s.rect(pad, y, 70, 50, fill=KING_FILL, stroke=KING_EDGE)
    draw_castle(s, pad + 10, y + 12, 50, 36)
    draw_tree(s, pad + 96, y + 14, 7)
    s.text(pad + 108, y + 14, "樹", size=12)
    draw_disc(s, pad + 142, y + 14, 0)
    s.text(pad + 154, y + 14, "職人(番号はプレイヤー)", size=12)
    draw_marker(s, pad + 88, y + 32, 1)
    draw_marker(s, pad + 106, y + 32, 0)
    s.text(pad + 126, y + 40, "順番マーカー(左から手番順)", size=12)
    y += 62
    s.text(pad, y, "家(屋根の色は持ち主、屋根のマスが規格、帯が階数)", size=13, bold=True)
    y += 14
    base = y + 60
    samples = [("2x2", 1, False, "2×2・1階"), ("2x3", 2, False, "2×3・2階"), ("2x4", 1, False, "2×4・1階"),
               ("3x3", 3, True, "3×3・3階")]
    for i, (fp, floors, pent, words) in enumerate(samples):
        w, _ = house_size(fp, floors, pent, 9)
        x = pad + i * 90 + (84 - w) / 2
        draw_house(s, x, base, fp, floors, pent, 9, PLAYER_COLOURS[i], tenant=(i == 1))
        s.text(pad + i * 90 + 42, base + 14, words, size=MIN_TEXT, anchor="middle")
        s.text(pad + i * 90 + 42, base + 28, f"規格{FOOTPRINTS[fp]}", size=MIN_TEXT, anchor="middle", fill="#555555")
    y = base + 42
    s.text(pad, y, "3×3の家の上の小さな家はペントハウス、白い人の印は入居者。", size=MIN_TEXT)
    y += 16
    s.text(pad, y, "個人シートの屋根: 左から規格1〜4、数字は残りの個数。", size=MIN_TEXT)
    y += 20
    s.text(pad, y, "さいころ(数字が目)", size=13, bold=True)
    y += 12
    for i, c in enumerate("rgbw"):
        draw_die(s, pad + i * 62, y, 24, c, 6 - i)
        s.text(pad + i * 62 + 28, y + 12, COLOUR_JA[c], size=12)
    y += 38
    s.text(pad, y, "土地カードと入居者カード", size=13, bold=True)
    y += 12
    draw_land_card(s, pad, y, 40, 36, 5, comp)
    draw_land_card(s, pad + 46, y, 40, 36, 17, comp, used=True)
    s.text(pad + 92, y + 10, "左: 土地5(石畳)の能力「+1」", size=MIN_TEXT)
    s.text(pad + 92, y + 27, "右: 土地17、能力は使用済み(済)", size=MIN_TEXT)
    y += 46
    draw_tenant_card(s, pad, y, 5, 1, comp)
    s.text(pad + 92, y + 10, "名前・人数(基礎点まで入居可)", size=MIN_TEXT)
    s.text(pad + 92, y + 27, "得点・灰色の丸は置かれた褒美の石", size=MIN_TEXT)
    s.text(pad + 92, y + 44, "下の四角は入居したい土地", size=MIN_TEXT)
    alt = ["さいころニュータウンの図の見かた。",
           "土地の種類: " + "、".join(f"{k}(+{comp.land_values[k]}点、カードの印「{ABILITY_SHORT[comp.abilities[k]]}」は"
                                    f"{ABILITY_JA[comp.abilities[k]]})" for k in LAND_TYPES) + "。",
           "王様の土地には城。緑の丸は樹、番号の丸は職人(番号はプレイヤー)、番号の四角は順番マーカー(左から手番順)。",
           "家は斜めから見た形: 屋根の色が持ち主、屋根のマスが広さ(規格)、壁の帯が階数。3×3の家の上の小さな家はペントハウス、"
           "白い人の印は入居者のいる家。個人シートの屋根は左から規格1〜4、数字は残りの個数。",
           "さいころは赤・緑・黒・白で、数字が目。",
           "土地カード: 上に番号と種類、下に能力の印、使用済みは「済」。入居者カード: 名前、人数、得点、入居したい土地、"
           "置かれた褒美の石。"]
    return Picture(s.svg(), "\n".join(alt), position=("legend", "さいころニュータウンの土地・家・さいころ・カードの見かた"))


# -- the live board ---------------------------------------------------------------------------------
PANEL_W = SHEET_W
#: The widest the map is drawn on a wide screen (px): the board is then at most 1036 px wide.
MAP_WIDE = 288.0
PANEL_H = 352
BODY = 50  # the panel's content starts this far below its top
PASS_GAP = 10  # the gap between the draft's two passes in the order row
TAKEN_VEIL = "rgba(250, 248, 242, 0.7)"  # over a draft turn already taken
ROW_CARD_W, ROW_CARD_H = 80, 58
#: Tenant cards on the live board, a little narrower than in the book's picture (the panel is 348 wide).
BOARD_CARD_W = 82


@dataclass(frozen=True)
class Layout:
    """Where the live board draws everything: the map on the left, the phase panel (the draft
    row, the dice pool or the tenant grid) beside it and the players' sheets in a third column;
    where that is too wide (a window of about 750 to 1050 px: JupyterLab beside its file
    browser, a tablet) the sheet of the person at the board under the panel, beside the map,
    and the other sheets under both, two to a row (``sheets_below``, ``own``);
    on a narrow screen (a phone), everything in one column at most 360 px wide."""

    board: Board
    players: int
    narrow: bool = False
    sheets_below: bool = False
    #: On a narrow screen, the margin left and right of the 348 px column: 6, or less on a
    #: screen too narrow for 360 px (a 360 px phone gives the board 352).
    edge: float = 6
    #: On a narrow screen, the phase panel above the map (in the phases played on it: the
    #: land cards' row, the dice pool), right under the status line that asks for a tap there;
    #: under the map it lay a screen and a half below it.
    panel_first: bool = False
    #: With the sheets below: whose sheet stands under the panel, beside the map (the person's
    #: at the board: at 1366×768, JupyterLab beside its file browser showed the status and the
    #: buttons, or the person's dice and land cards under the map and the panel, never both).
    own: int = 0

    @property
    def geo(self) -> MapGeo:
        rows, cols = self.board.span()
        # a random layout's map wider than tall is drawn turned when that gives it larger squares
        # (the board has more room down than across: its columns stand side by side)
        if self.narrow:
            plain, turned = min(84.0, 348.0 / cols), min(84.0, 348.0 / rows)
            top = 30 + (PANEL_H + 8 + 22 if self.panel_first else 0)
            return MapGeo(self.board, self.edge, top, max(plain, turned), turned=turned > plain)
        # at most 288 px wide (four columns of 72 px, the usual map), so that a random layout's
        # wider map keeps the board within a 1366 px window beside the page's menu
        plain, turned = min(72.0, MAP_WIDE / cols), min(72.0, MAP_WIDE / rows)
        return MapGeo(self.board, 12, 30, max(plain, turned), turned=turned > plain)

    @property
    def panel_xy(self) -> tuple[float, float]:
        geo = self.geo
        if self.narrow:
            return (self.edge, 8) if self.panel_first else (self.edge, geo.y + geo.height + 10)
        return geo.x + geo.width + 16, 8

    def sheet_xy(self, p: int) -> tuple[float, float]:
        px, py = self.panel_xy
        if self.narrow:
            top = self.geo.y + self.geo.height + 10 if self.panel_first else py + PANEL_H + 8
            return self.edge, top + p * (SHEET_H + 6)
        if self.sheets_below:
            if p == self.own:
                return px, py + PANEL_H + 8
            geo = self.geo
            top = max(geo.y + geo.height + 10, py + PANEL_H + 8 + SHEET_H + 8)
            i = p - (p > self.own)  # (the others in seat order)
            return 12 + (i % 2) * (SHEET_W + 12), top + (i // 2) * (SHEET_H + 6)
        return px + PANEL_W + 12, 8 + p * (SHEET_H + 6)

    @property
    def width(self) -> int:
        if self.narrow:
            return int(348 + 2 * self.edge)
        if self.sheets_below:
            others = [p for p in range(self.players) if p != self.own]
            return int(max([self.panel_xy[0] + PANEL_W] + [self.sheet_xy(p)[0] + SHEET_W for p in others[1:2]]) + 12)
        return int(self.sheet_xy(0)[0] + SHEET_W + 12)

    @property
    def height(self) -> int:
        last = self.sheet_xy(self.players - 1)[1] + SHEET_H + 8
        if self.narrow:
            return int(last)
        geo = self.geo
        return int(max(last, geo.y + geo.height + 10, self.panel_xy[1] + PANEL_H + 8))

    # the panel's parts
    def row_slots(self, row: Sequence[int]) -> list[tuple[int, float, float]]:
        px, py = self.panel_xy
        # (centred in the panel: four cards from its very edge put their frames 2 px outside it)
        left = px + (PANEL_W - 4 * ROW_CARD_W - 3 * 6) / 2
        return [(land, left + i * (ROW_CARD_W + 6), py + BODY + 22) for i, land in enumerate(row)]

    def pool_origin(self) -> tuple[float, float]:
        """Top-left of the dice pool (its rows' labels)."""
        px, py = self.panel_xy
        return px + 8, py + BODY + 4

    def pool_slots(self, pool: Sequence[tuple[str, int]]) -> list[tuple[str, int, float, float]]:
        x, y = self.pool_origin()
        return pool_slots(x, y, PANEL_W - 16, pool, keep=True)

    def grid_origin(self) -> tuple[float, float]:
        """Top-left of the tenant grid (its column numbers)."""
        px, py = self.panel_xy
        return px + 4, py + BODY - 6

    def tenant_slots(self, grid: Sequence[Sequence[tuple[int, int]]]) -> list[tuple[int, int, float, float]]:
        x, y = self.grid_origin()
        return tenant_slots(x, y + GRID_TOP, grid, BOARD_CARD_W)

    def die_slots(self, p: int) -> list[tuple[str, int, float, float]]:
        sx, sy = self.sheet_xy(p)
        return dice_slots(sx + 8, sy + 22, 22)

    def card_slots(self, p: int, hand: Sequence[int]) -> list[tuple[int, float, float, float, float]]:
        sx, sy = self.sheet_xy(p)
        return card_slots(sx + 6, sy + 70, SHEET_W - 6, hand)


#: The phases whose moves are made on the phase panel (the land cards' row, the dice pool, the
#: tenant cards, whose houses are then tapped on the map just under it) or asked of what it shows
#: (the extension round's dice, to keep or roll again: on a phone they had stood a map below the
#: question): on a phone the panel then stands above the map.
PANEL_PHASES = ("draft", "dice", "roll", "tenant")

#: The kinds of move a button offers, in the order the buttons stand, with their labels.
GROUPS = {
    "draft": "土地カードを取る", "tree": "樹を植える", "take": "さいころを取る", "keep": "このまま使う",
    "reroll-all": "6個とも振りなおす", "reroll-w": "白を振りなおす(赤を1使う)", "reroll-g": "緑を振りなおす(赤を1使う)",
    "reroll-b": "黒を振りなおす(赤を1使う)", "use": "特殊能力を使う", "go": "移動する", "stay": "移動しない", "supply": "資材を仕入れる",
    "split": "資材を分ける", "merge": "資材をまとめる", "build": "家を建てる", "extend": "増築する",
    "penthouse": "ペントハウスを作る", "help": "手伝う", "end": "建築を終える", "pass": "パス",
    "decide-extend": "延長する", "decide-stop": "延長しない(終了)", "tenant": "入居させる",
}
#: Groups whose button plays its move at once when it is the only one (its label says it all).
INSTANT = {"keep", "reroll-all", "reroll-g", "reroll-b", "stay", "end", "pass", "decide-extend",
           "decide-stop", "supply"}


def group_key(move: Move) -> str:
    if move.kind == "reroll":
        return f"reroll-{move.args[0]}"
    if move.kind == "decide":
        return f"decide-{move.args[0]}"
    return move.kind


def effect_words(effect: str) -> str:
    """A land card's effect in words: 「白の3を2倍にする」「緑を+1する」…"""
    if effect.startswith("w"):
        value, how = effect[1:].split("x")
        return f"白の{value}を{'2倍' if how == '2' else '0'}にする"
    if effect.endswith("+1"):
        return f"{COLOUR_JA[effect[0]]}の目を+1する"
    return {"swap": "緑と黒の目を入れ替える", "get": "資材1をもらう", "ret": "資材1をストックに返す"}[effect]


def tenant_place_words(column: int, row: int) -> str:
    return f"{column}列目の{'最前列' if row == 1 else f'前から{row}枚目'}"


class NewtownController(BoardController):
    """A game of さいころニュータウン at one screen: a move chooser over ``gamelib``'s legal moves.

    Clicks pick moves or narrow them: a land to move the craftsman there (移動), a die of the
    pool to take it, the face-up land cards of the draft, a tenant card and then one's house
    (入居), one's white dice (which to reroll), one's land card (its ability), a house (増築).
    Every other kind of move left has a button; a move that needs a choice (a footprint and
    the pieces, a destination, …) is chosen from a list of the legal ones only.  The secret
    extension choice waits behind the pass-the-screen curtain when several people play."""

    game = NewtownState
    title = "さいころニュータウンの盤面"
    player_names = NAMES
    actions_last = True
    # the greedy seat is the game's own greedy player (it knows the phases' materials)
    seat_kinds = {**BoardController.seat_kinds, "greedy": ("欲張り", GreedyPlayer), "planner": ("計画型", PlannerPlayer)}
    # (the greedy player rarely builds: a newcomer following its hint built nothing in four rounds)
    hint_kind, hint_by = "planner", "計画型のコンピューター"
    seat_tips = {**BoardController.seat_tips,
                 # (a tester took a greedy seat that built nothing all game for a broken one)
                 "greedy": "欲張り: その手番でいちばん得になる手だけを選ぶコンピューターです(先の計画を立てないので、家はめったに建てません)",
                 "planner": "計画型: 毎ラウンド建てる家を1軒決めて、そのために手を選ぶコンピューターです"}
    has_secrets = True
    #: The options, the book's default first; gamelib checks every value (``NewtownOptions.from_dict``).
    option_controls = (
        OptionControl("deal", "土地カード", (("ランダムに配る", "random"), ("ドラフト", "draft")),
                      tip="最初の土地カードを無作為に配るか、場から選んでいくドラフトで配るか"),
        OptionControl("layout", "地図", (("いつもの配置", "default"), ("ランダムな配置", "random")),
                      tip="本書の標準の地図で遊ぶか、4つの目安を満たす地図を無作為に作るか"),
        OptionControl("turn_materials", "手番順の資材", (("1から順に", "first"), ("最後の人に4", "last")), players=(2, 3),
                      tip="2人・3人のとき、手番順に配る資材の大きさを1から順にするか、最後の人が4になるようにするか"),
        OptionControl("royal_bonus", "王族のボーナス", (("入居点に加える", "add"), ("入居点の代わり", "replace")),
                      tip="王族の入居者カードのボーナス点を、ふつうの入居点に足すか、入居点の代わりにするか"),
        OptionControl("back_rows", "後列を取る石", (("重ねて置ける", "stacked"), ("2枚目まで", "second")),
                      tip="入居ラウンドで、褒美の石を前のカード1枚ごとに1個ずつ置いて後ろのカードまで取れるか、石で取れるのは前から2枚目のカードまでか"),
        OptionControl("short_game", "入居ラウンドなし(短いゲーム)", tip="建築ラウンドだけで終え、入居ラウンドを行いません"),
    )

    def actions(self) -> list[Action]:
        """A button for each kind of move the person to move may make, then 「選び直す」."""
        groups = self.groups()
        buttons = [Action(key, self.group_label(key), True, key == self.group,
                          "押すとすぐに指します" if key in INSTANT and len(moves) == 1 else f"{len(moves)}通りから選びます",
                          toggle=not (key in INSTANT and len(moves) == 1))  # (a list opens, or the move is made)
                   for key, moves in groups.items()]
        if not self.state.is_over():  # (nothing to choose again once the game is over)
            buttons.append(Action("clear", "選び直す", self.human_to_move() and (self.has_selection() or bool(self.error)),
                                  tip="盤面で選んだものや、開いた一覧を取り消します"))
        return buttons

    def has_selection(self) -> bool:
        """Whether anything is chosen that 「選び直す」 would forget (a tester found it pressable
        with nothing chosen)."""
        return bool(self.group or self.sel_house or self.sel_card or self.sel_whites or self.sel_draft
                    or self.sel_tenant or self.error_land or self.error_die)

    def act(self, key: str) -> bool:
        if key == "clear":
            self.clear()
            return True
        return self.select_group(key) if key in GROUPS else False

    def make_layout(self) -> Layout:
        """Three columns where they fit the width the page gives; else, if it fits, the players'
        sheets under the map and the panel; else (a phone) one column as wide as the page gives,
        352 to 360 px."""
        if self.narrow:
            edge = max(2.0, min(6.0, (self.available - 348) / 2)) if self.available else 6.0
            return Layout(self.state.board, self.state.players, narrow=True, edge=edge,
                          panel_first=self.state.phase in PANEL_PHASES)
        wide = Layout(self.state.board, self.state.players)
        if not self.available or self.available >= wide.width:
            return wide
        return Layout(self.state.board, self.state.players, sheets_below=True, own=self.own_sheet())

    def own_sheet(self) -> int:
        """Whose sheet stands beside the map where the sheets go below: the person whose secrets
        the board shows, else the person to move, else the first person's seat."""
        viewer = self.viewer()
        if viewer is not None:
            return viewer
        if self.human_to_move():
            return self.state.current_player
        humans = self.humans()
        return humans[0] if humans else 0

    def reset_selection(self) -> None:
        """After every move, undo or new game: nothing selected, and on a phone the layout of
        the phase now on the table (:data:`PANEL_PHASES`)."""
        self.layout = self.make_layout()
        self.group: str | None = None
        self.sel_house: int | None = None
        self.sel_card: int | None = None
        self.sel_whites: tuple[int, ...] = ()
        self.sel_draft: tuple[int, ...] = ()
        self.sel_tenant: tuple[int, int] | None = None
        self.error_land: int | None = None
        #: The pool's die a refused take chose (colour, pips), framed red while its reason shows.
        self.error_die: tuple[str, int] | None = None
        self.preferred: Move | None = None

    # -- the curtain: only the extension choice is secret ------------------------------------------
    def curtain_down(self) -> bool:
        return super().curtain_down() and self.state.phase == "extend"

    def shows_curtain_button(self) -> bool:
        """Only at the extension choice, the one secret (a button greyed out for the whole game
        before it only puzzled the players)."""
        return super().shows_curtain_button() and self.state.phase == "extend"

    def curtain_words(self) -> str:
        return super().curtain_words() + "延長するかどうかは、ほかの人に見えないように選びます。"

    # -- what a person may do now, straight from gamelib ----------------------------------------------
    def groups(self) -> dict[str, list[Move]]:
        """The legal moves of the person to move, by button (empty for a computer, at the end or
        behind the curtain)."""
        if not self.human_to_move() or self.state.is_over() or self.curtain_down():
            return {}
        out: dict[str, list[Move]] = {}
        for move in self.state.legal_moves():
            out.setdefault(group_key(move), []).append(move)
        return {key: out[key] for key in GROUPS if key in out}

    def group_label(self, key: str) -> str:
        if key == "pass":
            return "移動を終える(パス)" if self.state.phase == "move2" else "パス"
        return GROUPS[key]

    def select_group(self, key: str) -> bool:
        """A button: play its move when it is the only one and says it all; otherwise open the
        list of its moves (narrowed by what is selected on the board).  Returns whether a move
        was played."""
        moves = self.groups().get(key, [])
        if not moves:
            self.error = f"今は「{GROUPS.get(key, key)}」はできません。"
            return False
        self.error = None
        if key in INSTANT and len(moves) == 1:
            return self.play(moves[0])
        self.group = key
        return False

    def candidates(self) -> list[Move]:
        """The moves of the selected button, narrowed by the board's selection (every move of
        the button when the selection fits none)."""
        if self.group is None:
            return []
        moves = self.groups().get(self.group, [])
        kept = [m for m in moves if self._fits_selection(m)]
        if self.group == "draft" and self.sel_draft:
            kept.sort(key=lambda m: (m.args != self.sel_draft, len(m.args), m.args))
        return kept or moves

    def _fits_selection(self, m: Move) -> bool:
        kind, a = m
        if kind == "draft":
            return set(self.sel_draft) <= set(a)
        if kind == "reroll" and a[0] == "w" and self.sel_whites:
            return list(a[1:]) == sorted(self.selected_white_values())
        if kind == "use":
            if self.sel_card is not None and a[0] != self.sel_card:
                return False
            if len(self.sel_whites) == 1 and a[1].startswith("w"):
                return a[1][1:].split("x")[0] == str(self.selected_white_values()[0])
            return True
        if kind in ("extend", "penthouse") and self.sel_house is not None:
            return a[0] == self.sel_house
        if kind == "tenant" and self.sel_tenant is not None:
            return (a[0], a[1]) == self.sel_tenant
        return True

    def selected_white_values(self) -> list[int]:
        p = self.state.current_player
        white = self.state.dice[p].white if p is not None else ()
        return [white[i] for i in self.sel_whites if i < len(white)]

    def house_label(self, hid: int) -> str:
        """A house in words: 「土地12の2×3・1階」 (and which of its land's houses, when two
        look alike)."""
        state = self.state
        h = state.house(hid)
        if h is None:
            return f"家{hid}"
        words = f"{land_words(h.land)}の{house_words(h)}"
        twins = [x.id for x in state.houses_on(h.land) if house_words(x) == house_words(h)]
        if len(twins) > 1:
            words += f"({'左' if twins.index(hid) == 0 else f'左から{twins.index(hid) + 1}軒目'}の家)"
        return words

    def choice_labels(self, move: Move) -> tuple[str, str | None]:
        """How the list shows a move: a first choice and, for a move with parts (a house and its
        pieces, a tenant card and the house), a second."""
        state = self.state
        kind, a = move
        if kind == "build":
            land, footprint, floors, pieces = a
            return (f"{land_words(land)}に{FOOTPRINT_JA[footprint]}・{floors}階(規格{FOOTPRINTS[footprint]}、"
                    f"{self.points_now(move)})", f"資材{pieces_words(pieces)}(黒を{state.black_cost(move)}使う)")
        if kind == "extend":
            h = state.house(a[0])
            owner = "" if h is None or h.owner == state.current_player else f"{self.player_names[h.owner]}の"
            return (f"{owner}{self.house_label(a[0])} → {FOOTPRINT_JA[a[1]]}・{a[2]}階({self.points_now(move)})",
                    f"資材{pieces_words(a[3])}(黒を{state.black_cost(move)}使う)")
        if kind == "penthouse":
            return self.house_label(a[0]), f"資材{pieces_words(a[1])}(黒を{state.black_cost(move)}使う)"
        if kind == "tenant":
            t = state.tenant_at(a[0], a[1])
            cost = f"・石{a[1] - 1}個を置く" if a[1] > 1 else ""
            first = f"{t.name}({tenant_place_words(a[0], a[1])}{cost})"
            if a[2]:
                h = state.house(a[2])
                if t.royal and h is not None and h.land == KING:  # (a tester read +2点 and got +6点)
                    low, high = (rulings.royal_points(t.points, t.royal, die, state.options.royal_bonus) for die in (1, 6))
                    return first, f"{self.house_label(a[2])}へ(+{low}〜+{high}点。さいころで決まります)"
                return first, f"{self.house_label(a[2])}へ(+{t.points}点)"
            return first, UNFIT_CHOICE
        return self.describe_move(state, move), None

    def points_now(self, move: Move) -> str:
        """The points a build or an extension earns at once, as gamelib counts them: 「+5点」."""
        p = self.state.current_player
        alone, _ = self.state.unfold(move, follow=False)
        return f"{signed(earned_points(self.state, alone, p))}点"

    def choices(self) -> list[tuple[str, list[tuple[str | None, Move]]]]:
        """The list under the buttons: first choices in order, each with its second choices."""
        out: dict[str, list[tuple[str | None, Move]]] = {}
        moves = self.candidates()
        if self.group == "take":  # (the dice in the order the pool shows them: 赤・緑・黒・白)
            moves = sorted(moves, key=lambda m: (POOL_COLOURS.index(m.args[0]), m.args[1]))
        for m in moves:
            first, second = self.choice_labels(m)
            out.setdefault(first, []).append((second, m))
        state = self.state
        # the ways of building the same thing cheapest first (fewer pieces, fewer black pips):
        # the list offers the first one, and a newcomer should not spend a die by not looking
        return [(first, sorted(seconds, key=lambda pair: state.black_cost(pair[1]))) for first, seconds in out.items()]

    def default_choice(self) -> Move | None:
        """The move the list opens on: the hint's (or a die's +1) when it is listed; else the
        first listed, but never a card taken with no house for it (−2点) while another card can
        go into a house: 決定 pressed on the list as it opened must not cost two points."""
        listed = [m for _, seconds in self.choices() for _, m in seconds]
        if self.preferred in listed:
            return self.preferred
        return next((m for m in listed if not (m.kind == "tenant" and not m.args[2])), listed[0] if listed else None)

    def choose(self, move: Move) -> bool:
        """「決定」: play a move of the list."""
        if move not in self.candidates():
            self.error = "一覧から選んでください。"
            return False
        return self.play(move)

    def hinted_button(self, move: Move) -> str | None:
        """The button of the hinted move's kind (「パス」, 「資材を仕入れる」, 「建築を終える」...), which
        either makes it or opens the list it is chosen from."""
        key = group_key(move)
        return key if key in self.groups() else None

    def show_hint(self, move: Move) -> None:
        self.reset_selection()
        if move.kind == "tenant":  # the hinted card is the chosen one: a tap on its house takes it there
            self.sel_tenant = move.args[:2]
        key = group_key(move)
        if key not in INSTANT or len(self.groups().get(key, [])) > 1:
            self.group = key
            self.preferred = move

    # -- clicks ----------------------------------------------------------------------------------------
    def hit(self, x: float, y: float) -> tuple[Any, ...] | None:
        """What is at (x, y): a house or a land of the map, a card of the draft row, a die of the
        pool, a tenant card, a die or a land card of a sheet."""
        state, layout = self.state, self.layout
        geo = layout.geo
        for land in state.board.lands:
            for h, hx, yb, u in house_spots(geo, land, state.houses):
                w, hh = house_size(h.footprint, h.floors, h.penthouse, u)
                if hx - 2 <= x <= hx + w + 2 and yb - hh - 2 <= y <= yb + 2:
                    return ("house", h.id)
        land = geo.hit(x, y)
        if land is not None:
            return ("land", land)
        if state.phase == "draft":
            for card, cx, cy in layout.row_slots(state.row):
                if cx <= x <= cx + ROW_CARD_W and cy <= y <= cy + ROW_CARD_H:
                    return ("row", card)
        if state.phase == "dice":
            for c, v, dx, dy in layout.pool_slots(state.pool):
                if dx <= x <= dx + 26 and dy <= y <= dy + 26:
                    return ("pool", c, v)
        if state.grid and state.phase == "tenant":
            for c, r, cx, cy in layout.tenant_slots(state.grid):
                if cx <= x <= cx + BOARD_CARD_W and cy <= y <= cy + CARD_H:
                    return ("tenant", c, r)
        for p in range(state.players):
            for c, i, dx, dy in layout.die_slots(p):
                if dx <= x <= dx + 22 and dy <= y <= dy + 22:
                    return ("die", p, c, i)
            for card, cx, cy, cw, ch in layout.card_slots(p, state.hand(p)):
                if cx <= x <= cx + cw and cy <= y <= cy + ch:
                    return ("card", p, card)
        return None

    def click(self, x: float, y: float) -> bool:
        hit = self.hit(x, y)
        if hit is None or not self.human_to_move():
            return False
        self.error_land = self.error_die = None
        if self.curtain_down():
            self.error = self.curtain_words()
            return False
        kind = hit[0]
        if kind == "land":
            return self._land_click(hit[1])
        if kind == "house":
            return self._house_click(hit[1])
        if kind == "row":
            return self._row_click(hit[1])
        if kind == "pool":
            ok = self.play(Move("take", (hit[1], hit[2])))
            if not ok:  # (framed red like a refused land: a tester saw no mark on the die)
                self.error_die = (hit[1], hit[2])
            return ok
        if kind == "tenant":
            return self._tenant_click(hit[1], hit[2])
        if kind == "die":
            return self._die_click(hit[1], hit[2], hit[3])
        return self._card_click(hit[1], hit[2])

    def _refused(self, move: Move, land: int | None = None) -> bool:
        """Offer ``move`` to gamelib: played when legal, else its reason shown (and ``land``
        framed red)."""
        ok = self.play(move)
        if not ok:
            self.error_land = land
        return ok

    def _land_click(self, land: int) -> bool:
        state = self.state
        p = state.current_player
        if state.phase == "tenant":
            if self.sel_tenant is None:
                self.error = "先に入居者カードをクリックして選んでください。"
                return False
            mine = [h for h in state.houses_on(land) if h.owner == p and not h.tenant]
            if len(mine) == 1:
                return self._house_click(mine[0].id)
            self.error = (f"{land_words(land)}には入居者のいない自分の家がありません。" if not mine
                          else "入居させる家をクリックしてください。")
            self.error_land = land if not mine else None
            return False
        if state.phase == "build":
            if self.hinted_on(land):
                return self.play(self.hint_move)  # (the hinted land: the move the hint shows, at the first tap)
            legal = state.legal_moves()
            here = {h.id for h in state.houses_on(land)}
            if any(m.kind == "build" and m.args[0] == land for m in legal):
                self.group, self.error = "build", None
                return False
            growing = [m for m in legal if m.kind in ("extend", "penthouse") and m.args[0] in here]
            if growing:
                self.group, self.error = growing[0].kind, None
                return False
            pieces = tuple(state.materials[p][:1]) or (4,)
            return self._refused(Move("build", (land, "2x2", 1, pieces)), land)
        if state.phase in ("move1", "move2") and land == state.craftsmen[p]:
            key = "stay" if state.phase == "move1" else "pass"
            self.error = f"職人はすでに{land_words(land)}にいます。動かないなら「{self.group_label(key)}」を押してください。"
            return False
        return self._refused(Move("go", (land,)), land)

    def _house_click(self, hid: int) -> bool:
        state = self.state
        h = state.house(hid)
        assert h is not None
        if state.phase == "tenant":
            if self.sel_tenant is None:
                self.error = "先に入居者カードをクリックして選んでください。"
                return False
            c, r = self.sel_tenant
            return self._refused(Move("tenant", (c, r, hid)), h.land)
        if state.phase == "build":
            if self.hinted_on(h.land):
                return self.play(self.hint_move)  # (a house of the hinted land: the hinted move too)
            moves = [m for m in state.legal_moves() if m.kind in ("extend", "penthouse") and m.args[0] == hid]
            if moves:
                self.sel_house, self.error = hid, None
                self.group = "extend" if any(m.kind == "extend" for m in moves) else "penthouse"
                return False
            floors = min(h.floors + 1, 3)
            return self._refused(Move("extend", (hid, h.footprint, floors, (4,))), h.land)
        return self._land_click(h.land)

    def hinted_on(self, land: int) -> bool:
        """Whether the hint shown builds on ``land`` (a new house, or one of its houses grown): a
        click there, on the land or a house of it, makes the hinted move."""
        hint = self.hint_move
        if hint is None or hint.kind not in ("build", "extend", "penthouse"):
            return False
        if hint.kind == "build":
            return hint.args[0] == land
        return hint.args[0] in {h.id for h in self.state.houses_on(land)}

    def _row_click(self, card: int) -> bool:
        chosen = set(self.sel_draft) ^ {card}
        if any(chosen <= set(m.args) for m in self.state.legal_moves() if m.kind == "draft"):
            self.sel_draft = tuple(sorted(chosen))
            self.group = "draft" if chosen else None
            self.error = None
            return False
        return self._refused(Move("draft", tuple(sorted(chosen))))

    def _tenant_click(self, column: int, row: int) -> bool:
        moves = [m for m in self.state.legal_moves() if m.kind == "tenant" and m.args[:2] == (column, row)]
        if not moves:
            return self._refused(Move("tenant", (column, row, 0)))
        self.sel_tenant, self.group, self.error = (column, row), "tenant", None
        return False

    def _die_click(self, player: int, colour: str, index: int) -> bool:
        state = self.state
        p = state.current_player
        if player != p:
            # (in the dice phase a die is taken from the tray, not from anybody's sheet)
            self.error = ("さいころフェイズでは、さいころ置き場のさいころをクリックして取ります"
                          "(ほかの人が取ったさいころは取れません)。" if state.phase == "dice"
                          else f"自分({self.player_names[p]})のさいころをクリックしてください。")
            return False
        legal = state.legal_moves()
        if colour == "w":
            chosen = tuple(sorted(set(self.sel_whites) ^ {index}))
            white = state.dice[p].white
            values = sorted(white[i] for i in chosen if i < len(white))
            if not values:
                self.sel_whites, self.group, self.error = (), None, None
                return False
            rerolls = [m for m in legal if m.kind == "reroll" and m.args[0] == "w" and list(m.args[1:]) == values]
            uses = ([m for m in legal if m.kind == "use" and m.args[1].startswith(f"w{values[0]}x")]
                    if len(values) == 1 else [])
            if rerolls or uses:
                self.sel_whites, self.error = chosen, None
                self.group = "reroll-w" if rerolls else "use"
                return False
            return self._refused(Move("reroll", ("w", *values)))
        key = {"g": "reroll-g", "b": "reroll-b"}.get(colour)
        if key and key in self.groups():
            self.group, self.error = key, None
            return False
        pluses = [m for m in legal if m.kind == "use" and m.args[1] == f"{colour}+1"]
        if pluses:
            self.group, self.sel_card, self.error = "use", None, None
            self.preferred = pluses[0]
            return False
        if key:
            return self._refused(Move("reroll", (colour,)))
        self.error = "このさいころは今はクリックしても使えません。"
        return False

    def _card_click(self, player: int, card: int) -> bool:
        state = self.state
        p = state.current_player
        if player != p:
            self.error = f"自分({self.player_names[p]})の土地カードをクリックしてください。"
            return False
        if any(m.kind == "use" and m.args[0] == card for m in state.legal_moves()):
            self.sel_card, self.group, self.error = card, "use", None
            if self.hint_move is not None and not (self.hint_move.kind == "use" and self.hint_move.args[0] == card):
                self.hint_move = None  # (another card chosen: the hint no longer says what the list holds)
            return False
        ability = state.comp.ability(card)
        white = state.dice[p].white
        effect = {"white": f"w{white[0] if white else 1}x2", "plus": "g+1", "swap": "swap", "material": "get"}[ability]
        return self._refused(Move("use", (card, effect)))

    def clear(self) -> None:
        """「選び直す」: forget what is selected."""
        self.reset_selection()
        self.error = None

    # -- words -----------------------------------------------------------------------------------------
    def _after(self, before: NewtownState, move: Move) -> NewtownState | None:
        """The position the move led to, when it is the board's (the log is written just after
        a move); None for a move not yet played (the hint)."""
        after = self.state
        if len(after.moves) == len(before.moves) + 1 and after.moves[:-1] == before.moves \
                and after.moves[-1] == move.text():
            return after
        return None

    def describe_move(self, before: NewtownState, move: Move) -> str:
        return describe_move(before, move, self._after(before, move), self.player_names)

    def hint_words(self, move: Move) -> str:
        """The hinted move before it is made; the extension choice is told to the person choosing
        (the log never tells it)."""
        if move.kind == "decide":
            return "延長する" if move.args[0] == "extend" else "延長せずに終える"
        return super().hint_words(move)

    def hint_line(self) -> str:
        """The hint; for a house, how to make it at once: a click on the framed land builds it;
        for a die, a click on the framed die takes it."""
        line = super().hint_line()
        if self.hint_move is not None and self.hint_move.kind in ("build", "extend", "penthouse"):
            line = line[:-1] + "(枠の土地をクリックすると、そのとおりに建てます)。"
        elif self.hint_move is not None and self.hint_move.kind == "take":
            # (the list it opens is above a phone's screen; the framed die is in sight)
            line = line[:-1] + "(枠のさいころをクリックしても取れます)。"
        return line

    def points_words(self) -> str:
        return self.points_of(self.state.scores())

    def since_words(self) -> str:
        """What has happened since the person's last move began, in the order it happened, said
        before what to do now, once, at the person's next turn: the land cards and dice the
        others took, where they moved their craftsmen, the houses they built, the tenants they
        took in (a tester at 移動(1) read only the last die taken, the craftsmen's moves left to
        the frames on the map), the building rounds' settlement (each player's points from it)
        and a new round begun (the materials handed out).  Before the person's first move: the
        others' moves since the start."""
        since = self.since_own_move()
        if since is None:
            return self.steps_words(self.others_since_own_move(), None)
        return self.steps_words([since[0], *since[1]], since[0])

    def steps_told(self, steps: Sequence[Step]) -> str:
        """(At the end, the others' last moves and the last tenants: a tester found the end's
        status thin, all of it in the log and the table.)"""
        return self.steps_words(steps, steps[0])

    def steps_words(self, steps: Sequence[Step], own: Step | None) -> str:
        """:meth:`since_words` of ``steps``, ``own`` (the person's, first) told only where its
        outcome is the dice's."""
        state, names = self.state, self.player_names
        events: list[tuple[str, Any]] = []  # (kind, words or a part of a sentence), in order
        for i, step in enumerate(steps):
            after = steps[i + 1].before if i + 1 < len(steps) else state
            kind, p = step.move.kind, step.player
            if step is own and kind == "tenant" and any(k == "royal" for k, _, _ in after.ledger[p][len(step.before.ledger[p]):]):
                # (the bonus die, rolled by the rules: a tester saw +6点 and no die)
                events.append(("", f"{names[p]}は{past_words(describe_move(step.before, step.move, after, names))}。"))
            if step is own and kind == "tree":  # (its dice are rolled: a tester planted and saw
                # neither the dice nor the land, only the next instruction)
                events.append(("", f"{names[p]}は{past_words(describe_move(step.before, step.move, after, names))}。"))
            if step is own and kind in OWN_TOLD:
                told = own_outcome_words(step, after, names)
                if told:
                    events.append(("", told))
            if step is not own:
                if kind == "draft":
                    events.append(("draft", (p, step.move.args)))
                elif kind == "take":  # (with its stone: a tester read 「赤の1を取りました」 and the log's 石+1)
                    stones = step.before.unfold(step.move, follow=False)[0].stones[p] - step.before.stones[p]
                    events.append(("take", (p, f"{COLOUR_JA[step.move.args[0]]}の{step.move.args[1]}"
                                           + (f"(石{signed(stones)})" if stones else ""))))
                elif kind == "go":  # (with the material a tree gives: a tester found it in no words)
                    got = pieces_got(step.before, step.before.unfold(step.move, follow=False)[0], p)
                    events.append(("go", (p, land_words(step.move.args[0]) + (f"(樹で資材{pieces_words(got)})" if got else ""))))
                elif kind in ("build", "extend", "penthouse"):
                    # (a tester saw two new houses and no word: the frames mark only each
                    # player's last turn, their moves after building)
                    events.append(("build", (p, built_words(step, names))))
                elif kind == "tenant":
                    gained = [pts for k, pts, _ in after.ledger[p][len(step.before.ledger[p]):]
                              if k in ("tenant", "royal", "unfit")]
                    events.append(("tenant", (p, f"{names[p]}は{past_words(describe_move(step.before, step.move, after, names))}。",
                                              bool(step.move.args[2]), sum(gained))))
                elif kind in ("tree", "supply", "help"):  # (a tester missed a computer's
                    # tree, its materials bought and the black pips it handed him: only in the log)
                    events.append(("", f"{names[p]}は{past_words(describe_move(step.before, step.move, after, names))}。"))
            if step.before.phase == "dice":  # the dice the rules handed out (a tester got 白の1 unsaid)
                dealt = dealt_dice(step, after)
                if dealt:
                    events.append(("", "取り方が1通りしかないので、さいころを配りました("
                                   + "、".join(f"{names[q]}に{COLOUR_JA[c]}の{v}" for q, c, v in dealt) + ")。"))
            if step.before.phase == "extend" and after.phase != "extend":  # the choices shown at once
                events.append(("", extension_words(step.before, after, names)))
            settled = settlement_words(step.before, after, names)
            if settled:
                events.append(("", settled))
            if after.round > step.before.round and after.phase not in ("tenant", "extend", "over"):
                which = "延長ラウンド" if after.round == EXTENSION_ROUND else f"第{after.round}ラウンド"
                events.append(("", f"{which}が始まり、資材が配られました(各自の個人シートに出ています)。"))
        # one sentence for each run of the same kind
        out: list[str] = []
        i = 0
        while i < len(events):
            kind = events[i][0]
            j = i + 1
            while kind and j < len(events) and events[j][0] == kind:
                j += 1
            run = [words for _, words in events[i:j]]
            if kind == "draft":  # 「プレイヤー2は土地カード6・14を、プレイヤー3は13を取りました。」; the last of
                # the first pass picks again at once: 「…3・15・16を、続けて4を…」 (its name had come twice)
                out.append("、".join(("続けて" if k and run[k - 1][0] == q else f"{names[q]}は")
                                     + f"{'土地カード' if k == 0 else ''}{'・'.join(map(str, cards))}を"
                                     for k, (q, cards) in enumerate(run)) + "取りました。")
            elif kind == "take":  # (a tester saw two dice gone and no word: their marks are below the screen)
                # 「プレイヤー2はさいころの黒の6を、プレイヤー3は白の1を取りました。」 (「さいころは、
                # プレイヤー2は…」 had two topics)
                out.append("、".join(f"{names[q]}は{'さいころの' if k == 0 else ''}{die}を"
                                     for k, (q, die) in enumerate(run)) + "取りました。")
            elif kind == "tenant" and len(run) > TENANTS_TOLD:
                # 「入居ラウンドで、プレイヤー2は入居者カードを5枚迎え(+19点)、…」: one by one they
                # had made a status of ten lines (a tester); the map marks each house taken
                counts: dict[int, list[int]] = {}
                for q, _, homed, pts in run:
                    tally = counts.setdefault(q, [0, 0, 0])
                    tally[0 if homed else 1] += 1
                    tally[2] += pts
                parts, named = [], False  # (「入居者カードを」 said once, with the first count of them)
                for q, (homed, unfit, pts) in counts.items():
                    did = []
                    if homed:
                        did.append(f"{'' if named else '入居者カードを'}{homed}枚迎え")
                        named = True
                    if unfit:
                        did.append(f"住める家のないカードを{unfit}枚取っ")
                    parts.append(f"{names[q]}が{'、'.join(did)}て{signed(pts)}点")
                out.append("入居ラウンドでは、" + "、".join(parts) + "でした(住人の入った家には、地図に白い人の形があります)。")
            elif kind == "tenant":
                out.extend(words for _, words, _, _ in run)
            elif kind == "build":  # (a second house of the same player: 「さらに…」, not its name again,
                # which had read as the same house told twice)
                for k, (q, words) in enumerate(run):
                    again = k and run[k - 1][0] == q
                    out.append(f"{names[q]}はさらに" + words.removeprefix(f"{names[q]}は") if again else words)
            elif kind == "go":  # 「プレイヤー3は職人コマを土地10へ、プレイヤー2は土地8へ動かしました。」
                out.append("、".join(f"{names[q]}は{'職人コマを' if k == 0 else ''}{land}へ"
                                     for k, (q, land) in enumerate(run)) + "動かしました。")
            else:
                out.extend(run)
            i = j
        return "".join(out)

    def prompt(self) -> str:
        return self.status(report=False, why=False)

    def status(self, report: bool = True, why: bool = True) -> str:
        """What to do now, after a report of what happened since the person's last move
        (``report``); with ``why``, the reason no new house can be built (the bar at the top of a
        phone's screen leaves it to the status line: it ran to eight lines)."""
        if self.error:
            return self.error
        state = self.state
        if state.is_over():
            return self.final_words() + self.last_words()
        p = state.current_player
        name = self.player_names[p]
        phase = state.phase
        head = f"{PHASE_JA[phase]}、{name}の番です。"
        if not self.human_to_move():
            return head
        if report:
            head = self.since_words() + head
        legal = state.legal_moves()
        if phase == "draft":
            sizes = sorted({len(m.args) for m in legal})
            count = f"{sizes[0]}枚" if len(sizes) == 1 else f"{sizes[0]}〜{sizes[-1]}枚"
            passes = ("いまは1周目です。" if state.draft_order()[1] < state.players
                      else "いまは2周目(1周目と逆の順)です。")
            text = f"{passes}表向きの土地カードから{count}をクリックして選び、「決定」を押してください。"
        elif phase == "tree":
            text = "「樹を植える」で、振るさいころの数を選んでください。"
        elif phase == "dice":
            text = "さいころ置き場のさいころを1個クリックして取ってください(緑の枠が取れるさいころ)。"
        elif phase == "roll":
            text = "振ったさいころを「このまま使う」か「6個とも振りなおす」かを選んでください。"
        elif phase == "move1":
            text = ("移動先の土地をクリックしてください(緑の枠)。振りなおしや特殊能力はボタンで行います。"
                    "動かないときは「移動しない」を押してください。")
        elif phase == "manage":
            text = "振りなおしや特殊能力のあと、「資材を仕入れる」を押してください。"
        elif phase == "build":
            offered = [GROUPS[key] for key in self.groups() if key != "end"]
            # why 「家を建てる」 is missing, from gamelib (a tester saw it gone and no reason)
            reason, opens = self.no_house()
            # (splits or merges of the pieces would open a house: gamelib's reason says which)
            cannot = "今のままでは新しい家は建てられません。" if opens else "新しい家は建てられません。"
            # (a sentence of its own: 「…建てられません: 建築条件1: …」 read as a chain of colons)
            no_house = "" if reason is None else cannot + reason.message_ja
            if offered:  # name only the buttons there are
                buttons = "」「".join(offered)
                which = f"「{buttons}」を押し" if len(offered) == 1 else \
                    f"「{buttons}」の{'どちら' if len(offered) == 2 else 'どれ'}かを押し"
                text = (f"{which}、一覧から選んで「決定」を押してください。"
                        "建築を終えるときは「建築を終える」を押してください。")
                # (without the why, first: in the bar's four lines it had been cut off)
                text = text + no_house if why else (cannot if reason else "") + text
            else:
                if no_house and not why:
                    no_house = cannot
                text = (no_house or "今は建てられる家がありません。") + "「建築を終える」を押してください。"
        elif phase == "move2":
            text = "緑の目が残っていれば移動先の土地をクリック(緑の枠)。移動しないなら「移動を終える(パス)」。"
        elif phase == "extend":
            text = "延長ラウンドに参加するかを「延長する」「延長しない(終了)」で選んでください(ほかの人には見えません)。"
        else:
            text = "入居者カードをクリックし、入居させる自分の家をクリックしてください(緑の枠)。"
        chosen_card = self.group == "tenant" and self.sel_tenant is not None
        if chosen_card and any(m.args[2] for m in self.candidates()):  # its houses are framed on the map
            text = ("入居させる自分の家を地図でクリックするか(緑の枠)、「入居させる」の一覧から選んで"
                    "「決定」を押してください。")
        elif chosen_card:  # a card none of the person's houses takes: what taking it costs
            text = (f"このカードを迎えられる自分の家はありません。それでも取るなら、一覧で「{UNFIT_CHOICE}」を"
                    "選んで「決定」を押します。"  # (the choice's words say the cost: said twice, the status ran long)
                    "ほかのカードを選びなおすこともできます。")
        elif self.group is not None:  # a button's list is open: that is the one thing to do now
            text = f"「{self.group_label(self.group)}」の一覧から選んで「決定」を押してください。"
        return head + text

    def describe(self) -> str:
        state = self.state
        lines = [self.status_line()]
        lines += map_words(MapData.of(state), self.player_names, turned=self.layout.geo.turned)
        lines += panel_words(state, self.player_names)
        viewer = self.viewer()
        lines += [sheet_words(state, p, viewer, self.player_names[p]) for p in range(state.players)]
        return "\n".join(lines)

    def info_html(self) -> str:
        state = self.state
        tables = []
        if state.is_over():
            headers, rows = score_rows(state, self.player_names)
            tables.append(board_table(headers, rows, caption="得点の内訳", total=True))
        else:
            rows = [[self.player_names[p], state.scores()[p], state.stones[p], state.houses_of(p),
                     len(state.materials[p]), len(state.hand(p))] for p in range(state.players)]
            tables.append(board_table(["プレイヤー", "点", "石", "家", "資材", "土地カード"], rows,
                                      caption="得点と持ち物"))
        return board_tables(tables)

    # -- drawing -----------------------------------------------------------------------------------------
    def draw_background(self, s: Surface) -> None:
        """The paper and the map's ground (tiles and castle: they never change in a game)."""
        layout = self.layout
        s.rect(0, 0, layout.width, layout.height, fill=PAPER)
        s.text(layout.geo.x, layout.geo.y - 14, "地図", size=13, bold=True)
        draw_map(s, layout.geo, MapData.of(self.state), layer="ground")

    def _frames(self) -> tuple[dict[int, list[tuple[str, str]]], dict[int, str]]:
        """Frames on the map: each player's last turn (the player's colour and number), the
        lands a click moves to (green), a refused land (red), the hint (orange); frames on
        houses: those the selection can extend or fill (green), the selected one (blue)."""
        state = self.state
        frames: dict[int, list[tuple[str, str]]] = {}
        houses: dict[int, str] = {}
        for p, steps in self.last_turns().items():
            for step in steps:
                land = move_land(step.before, step.move)
                if land is not None and land in state.board.lands:
                    mark = (player_colour(p), str(p + 1))
                    if mark not in frames.get(land, []):
                        frames.setdefault(land, []).append(mark)
        human = self.human_to_move() and not self.curtain_down()
        legal = state.legal_moves() if human else []
        if human and state.phase in ("move1", "move2"):
            for m in legal:
                if m.kind == "go":
                    frames.setdefault(m.args[0], []).insert(0, (LEGAL, ""))
        if human and state.phase == "build":  # where a click opens the list of builds or extensions
            building = {m.args[0] for m in legal if m.kind == "build"}
            for land in building:
                frames.setdefault(land, []).insert(0, (LEGAL, ""))
            for m in legal:
                if m.kind in ("extend", "penthouse"):
                    houses[m.args[0]] = LEGAL
        if human and state.phase == "tenant" and self.sel_tenant is not None:
            for m in self.candidates():
                if m.kind == "tenant" and m.args[2]:
                    houses[m.args[2]] = LEGAL
        if self.sel_house is not None:
            houses[self.sel_house] = SELECT
        if self.error_land is not None and self.error is not None:  # (only while its reason shows)
            frames.setdefault(self.error_land, []).insert(0, (WRONG, ""))
        hint = self.hint_move
        if hint is not None:
            land = move_land(state, hint)
            if hint.kind in ("extend", "penthouse") or (hint.kind == "tenant" and hint.args[2]):
                houses[hint.args[0] if hint.kind != "tenant" else hint.args[2]] = HINT
            elif land is not None:
                frames.setdefault(land, []).insert(0, (HINT, "ヒント"))
        return frames, houses

    def draw(self, s: Surface) -> None:
        state, layout = self.state, self.layout
        frames, houses = self._frames()
        draw_map(s, layout.geo, MapData.of(state), frames, houses, layer="things")
        self.draw_panel(s)
        viewer = self.viewer()
        human = self.human_to_move() and not self.curtain_down()
        legal = state.legal_moves() if human else []
        winners = state.winners()
        last = self.last_turns()
        for p in range(state.players):
            x, y = layout.sheet_xy(p)
            current = p == state.current_player
            die_frames: dict[tuple[str, int], str] = {}
            card_frames: dict[int, str] = {}
            if current and human:
                for i in self.sel_whites:
                    die_frames[("w", i)] = SELECT
                for m in legal:
                    if m.kind == "use":
                        card_frames.setdefault(m.args[0], LEGAL)
                if self.sel_card is not None:
                    card_frames[self.sel_card] = SELECT
                if self.hint_move is not None and self.hint_move.kind == "use":
                    card_frames[self.hint_move.args[0]] = HINT
            for step in last.get(p, []):  # the die the player took last, in the player's colour
                if step.move.kind == "take" and state.phase == "dice" and step.before.round == state.round:
                    colour, value = step.move.args
                    slots = ([("w", i) for i, v in enumerate(state.dice[p].white) if v == value] if colour == "w"
                             else [(colour, 0)])
                    free = [slot for slot in slots if slot not in die_frames]
                    if free:
                        die_frames[free[0]] = player_colour(p)
            head = f"{self.player_names[p]}({self.seat_kinds[self.seats[p]][0]})"
            draw_sheet(s, x, y, state, p, head=head, current=current, viewer=viewer, die_frames=die_frames,
                       card_frames=card_frames, winner=p in winners)

    def draw_panel(self, s: Surface) -> None:
        """The phase panel: round and phase, the turn order, and what the phase uses: the draft
        row, the dice pool, the tenant grid, the extension choices, the end."""
        state, layout = self.state, self.layout
        px, py = layout.panel_xy
        s.rect(px, py, PANEL_W, PANEL_H, fill=PANEL, stroke=LINE)
        s.text(px + 8, py + 14, phase_title(state), size=14, bold=True)
        # the draft: its whole order, the first pass (1 to 3 cards) and the second in the reverse
        # order (up to 4) apart, the turns taken dimmed, so that a player picking twice running
        # reads as the turn of the passes
        drafting, taken = state.draft_order()
        draft = bool(drafting)
        order = list(drafting) if draft else list(state.order)
        now = taken if draft else state.turn
        if order:
            s.text(px + 8, py + 34, "ドラフトの順" if draft else "手番順", size=12)
            x0 = px + (84 if draft else 58)
            split = state.players if draft else 0
            for i, p in enumerate(order):
                xi = x0 + i * 20 + (PASS_GAP if 0 < split <= i else 0)
                draw_marker(s, xi, py + 26, p, 16)
                if draft and i < now:  # (a turn taken)
                    s.rect(xi, py + 26, 16, 16, fill=TAKEN_VEIL)
                if i == now:
                    s.rect(xi - 2, py + 24, 20, 20, stroke="#222222", width=1.5)
            if split > 0:
                xl = x0 + split * 20 + PASS_GAP / 2 - 2
                s.line(xl, py + 24, xl, py + 44, stroke="#888888", width=1)
        human = self.human_to_move() and not self.curtain_down()
        legal = state.legal_moves() if human else []
        phase = state.phase
        body = py + BODY
        if phase == "draft":
            s.text(px + 8, body + 8, f"表向きの土地カード(山札の残り{len(state.deck)}枚)", size=12)
            takeable = {x for m in legal if m.kind == "draft" for x in m.args}
            for card, cx, cy in layout.row_slots(state.row):
                frame = SELECT if card in self.sel_draft else LEGAL if card in takeable else None
                draw_land_card(s, cx, cy, ROW_CARD_W, ROW_CARD_H, card, state.comp, frame=frame)
            self._ability_key(s, px + 8, body + 100)
        elif phase == "dice":
            px0, py0 = layout.pool_origin()
            frames = {(m.args[0], m.args[1]): LEGAL for m in legal if m.kind == "take"}
            if self.error_die is not None and self.error is not None:  # (only while its reason shows)
                frames[self.error_die] = WRONG
            once = {}
            if self.hint_move is not None and self.hint_move.kind == "take":
                once[tuple(self.hint_move.args)] = HINT
            draw_pool(s, px0, py0, PANEL_W - 16, state.pool, frames=frames, keep=True, once=once)
            self._own_dice(s, px + 8, py + PANEL_H - 112, max(y for *_, y in layout.pool_slots(state.pool)) + 26)
            self._roll_log(s, px + 8, py + PANEL_H - 60)
        elif phase == "tenant":
            gx, gy = layout.grid_origin()
            frames: dict[tuple[int, int], str] = {}
            for m in legal:
                if m.kind == "tenant":
                    frames[(m.args[0], m.args[1])] = LEGAL
            if self.sel_tenant is not None:
                frames[self.sel_tenant] = SELECT
            if self.hint_move is not None and self.hint_move.kind == "tenant":
                frames[(self.hint_move.args[0], self.hint_move.args[1])] = HINT
            draw_tenant_grid(s, gx, gy, state.grid, state.comp, frames, BOARD_CARD_W)
        elif phase == "over":
            self._final(s, px + 8, body + 6)
        elif phase == "extend":
            view = state.view(self.viewer())
            s.text(px + 8, body + 8, "延長ラウンドに参加するかを、各自ひそかに選びます。", size=12)
            for i, p in enumerate(state.order):
                choice = view["choices"][p]
                words = ("まだ選んでいない" if choice is None else "選択済み" if choice == "chosen"
                         else "延長する(本人だけに見えています)" if choice else "延長しない(本人だけに見えています)")
                s.text(px + 8, body + 32 + i * 20, f"{self.player_names[p]}: {words}", size=12,
                       fill=player_colour(p))
            s.text(px + 8, body + 32 + state.players * 20 + 10, "やめる人は、延長を選んだ人の数だけ褒美の石をもらいます。", size=MIN_TEXT,
                   fill="#4a3b22")
        else:
            self._turn_facts(s, px + 8, body + 8)
            self._roll_log(s, px + 8, body + 100)
            self._ability_key(s, px + 8, body + 206)

    def _turn_facts(self, s: Surface, x: float, y: float) -> None:
        """The pips the player to move has left (what a move spends)."""
        state = self.state
        p = state.current_player
        if p is None:
            return
        d = state.dice[p]
        name = self.player_names[p]
        s.text(x, y, f"{name}の残りの目", size=12, bold=True, fill=player_colour(p))
        facts = [("赤", d.red, "振りなおし・仕入れ"), ("緑", d.green, "移動"), ("黒", d.black, "建築・資材の交換")]
        for i, (label, value, use) in enumerate(facts):
            s.text(x, y + 20 + i * 17, f"{label}{value if value is not None else 'なし'}({use})", size=MIN_TEXT)
        whites = "・".join(map(str, d.white)) or "なし"
        s.text(x, y + 71, f"白{whites}(合計{sum(d.white)}、職人は{land_words(state.craftsmen[p])})", size=MIN_TEXT)

    def no_house(self) -> tuple[Any, bool]:
        """gamelib's reason no new house can be built now (None if one can), and whether splits
        or merges of the pieces would open one; worked out once a position (the status is asked
        for several times a move, and the search for exchanges can take a moment)."""
        state = self.state
        if getattr(self, "_no_house", (None,))[0] is not state:
            reason = why_no_new_house(state)
            self._no_house = (state, reason, bool(reason) and bool(exchanges_to_build(state)))
        return self._no_house[1], self._no_house[2]

    def _own_dice(self, s: Surface, x: float, y: float, pool_bottom: float) -> None:
        """In the dice phase, under the pool, the dice the person at the board has taken, where
        their sheet is not beside it (on a phone it lies a screen below: a tester could not see
        them while choosing); nothing where the pool reaches down to it, or with no one person
        to show them to."""
        state = self.state
        humans = self.humans()
        p = state.current_player if state.current_player in humans else humans[0] if len(humans) == 1 else None
        beside = not (self.layout.narrow or self.layout.sheets_below)  # (the sheets stand beside it)
        if p is None or beside or pool_bottom > y - 14:
            return
        s.text(x, y, f"{self.player_names[p]}が取ったさいころ", size=12, bold=True, fill=player_colour(p))
        draw_player_dice(s, x, y + 10, state.dice[p], size=22)

    def _roll_log(self, s: Surface, x: float, y: float) -> None:
        lines = roll_log_words(self.state, self.player_names)[-4:]
        if not lines:
            return
        s.text(x, y, "このラウンドのさいころ", size=12, bold=True)
        for i, line in enumerate(lines):
            s.text(x, y + 18 + i * 17, line, size=MIN_TEXT, fill="#4a3b22")

    def _ability_key(self, s: Surface, x: float, y: float) -> None:
        comp = self.state.comp
        s.text(x, y, "土地カードの能力(1枚につき1度)", size=12, bold=True)
        for i, kind in enumerate(LAND_TYPES):
            ability = comp.abilities[kind]
            s.text(x, y + 18 + i * 17, f"{kind}「{ABILITY_SHORT[ability]}」: {ABILITY_JA[ability]}", size=MIN_TEXT,
                   fill="#4a3b22")

    def _final(self, s: Surface, x: float, y: float) -> None:
        state = self.state
        scores = state.scores()
        ranking = sorted(range(state.players), key=lambda p: -scores[p])
        winners = state.winners()
        for i, p in enumerate(ranking):
            mark = "勝者・" if p in winners else ""
            s.text(x, y + i * 22, f"{mark}{self.player_names[p]}: {number(scores[p])}点(石{state.stones[p]}個)", size=13,
                   bold=p in winners, fill=MARK if p in winners else player_colour(p))
        s.text(x, y + state.players * 22 + 8, "得点の内訳は盤面の下の表にあります。", size=MIN_TEXT, fill="#4a3b22")


def phase_title(state: NewtownState) -> str:
    if state.phase == "draft":
        return "土地カードのドラフト"
    if state.phase in ("tenant", "over"):
        return PHASE_JA[state.phase]
    if state.phase == "extend":
        return "4ラウンド終了・延長の選択"
    if state.round == 5:
        return f"延長ラウンド・{PHASE_JA[state.phase].replace('(延長ラウンド)', '')}"
    return f"第{state.round}ラウンド・{PHASE_JA[state.phase]}"


def roll_log_words(state: NewtownState, names: Sequence[str] = NAMES) -> list[str]:
    """This round's rolls in words (the tree, the pool, rerolls, royal bonuses)."""
    out = []
    for p, what, values, extra in state.log:
        pips = "・".join(map(str, sorted(values)))
        if what == "tree":
            where = "王様の土地" if extra == "K" else f"土地{extra}"
            out.append(f"{names[p]}: 樹のさいころ{pips} → {where}に樹")
        elif what == "pool":
            out.append(f"{names[p]}が全員のさいころを振った")
        elif what == "own":
            out.append(f"{names[p]}: 自分のさいころ{pips}")
        elif what == "all":
            out.append(f"{names[p]}: 6個とも振りなおし → {pips}")
        elif what == "w":
            out.append(f"{names[p]}: 白{extra.replace(',', '・')}を振りなおし → {pips}")
        elif what in ("g", "b"):
            out.append(f"{names[p]}: {COLOUR_JA[what]}を振りなおし → {pips}")
        elif what == "royal":
            out.append(f"{names[p]}: {extra}のボーナスのさいころ{pips}")
    return out


def panel_words(state: NewtownState, names: Sequence[str] = NAMES) -> list[str]:
    """The phase panel in words."""
    lines = [f"{phase_title(state)}。"]
    if state.order:
        lines.append("手番順: " + "→".join(names[p] for p in state.order) + "。")
    order, taken = state.draft_order()
    if order:  # (the turns still to come, by pass)
        passes = [("1周目", order[taken:state.players]), ("2周目", order[max(taken, state.players):])]
        lines.append("ドラフトの順: " + "、".join(f"{label}は" + "→".join(names[p] for p in turns)
                                               for label, turns in passes if turns) + "。")
    if state.phase == "draft":
        lines.append("表向きの土地カード: " + "、".join(str(x) for x in state.row) + f"(山札の残り{len(state.deck)}枚)。")
    if state.pool:
        lines.append(f"さいころ置き場: {pool_words(state.pool)}。")
    if state.grid and state.phase == "tenant":
        lines += grid_words(state.grid, state.comp)
    lines += roll_log_words(state, names)
    return lines


def move_land(before: NewtownState, move: Move) -> int | None:
    """The land a move acts on (to frame it on the map), if any."""
    kind, a = move
    if kind in ("go", "build"):
        return a[0]
    if kind in ("extend", "penthouse") or (kind == "tenant" and a[2]):
        h = before.house(a[0] if kind != "tenant" else a[2])
        return h.land if h else None
    return None


def earned_points(before: NewtownState, alone: NewtownState, p: int) -> int:
    """The points player ``p`` earned by one move (``alone``: the position after it by itself,
    :meth:`NewtownState.unfold`), as gamelib's ledger counts them; a settlement's are not a move's."""
    return sum(pts for kind, pts, _ in alone.ledger[p][len(before.ledger[p]):] if kind not in SETTLEMENT_KINDS)


def dealt_dice(step: Step, after: NewtownState) -> list[tuple[int, str, int]]:
    """The dice the rules handed out after ``step``, a move of the dice phase (a player's or the
    dice left could go only one way): (player, colour, pips), in turn order; the die the step
    took is not one."""
    before, out = step.before, []
    for q in before.order:
        was, now = before.dice[q], after.dice[q]
        got = [(c, getattr(now, name)) for c, name in (("r", "red"), ("g", "green"), ("b", "black"))
               if getattr(was, name) is None and getattr(now, name) is not None]
        whites = list(now.white)
        for v in was.white:
            whites.remove(v)
        got += [("w", v) for v in whites]
        if q == step.player and step.move.kind == "take" and tuple(step.move.args) in got:
            got.remove(tuple(step.move.args))
        out += [(q, c, v) for c, v in got]
    return out


def settlement_words(before: NewtownState, after: NewtownState, names: Sequence[str] = NAMES) -> str:
    """The building rounds' settlement, if it came between ``before`` and ``after``: each
    player's points and what they came from (a tester read only the totals, the reasons left to
    the table at the end); else ""."""
    settled = [[(kind, pts) for kind, pts, _ in after.ledger[q][len(before.ledger[q]):] if kind in BUILDING_SETTLEMENT]
               for q in range(after.players)]
    if not any(settled):
        return ""
    told = []
    for q, entries in enumerate(settled):
        by_kind: dict[str, int] = {}
        for kind, pts in entries:
            by_kind[kind] = by_kind.get(kind, 0) + pts
        parts = "、".join(f"{SCORE_KINDS[k]}{signed(by_kind[k])}" for k in SCORE_KINDS if by_kind.get(k))
        told.append(f"{names[q]}は{signed(sum(by_kind.values()))}点" + (f"({parts})" if parts else ""))
    return f"建築ラウンドが終わり、決算をしました。{'、'.join(told)}です。"


#: More tenant cards taken in a row than this are told as a count for each player (the status).
TENANTS_TOLD = 3

#: A move's words (:func:`describe_move`, a plan's dictionary form) told as done, for the status.
PAST = (("資材を仕入れる、", "資材を仕入れ、"), ("資材を仕入れる", "資材を仕入れました"),
        ("資材は仕入れない、", "資材は仕入れず、"), ("資材は仕入れない", "資材は仕入れませんでした"), ("樹を植える", "樹を植えました"),
        ("に譲って手伝う", "に譲って手伝いました"), ("に譲る", "に譲りました"), ("入居させる", "入居させました"),
        ("を取るが、受け入れる家がない", "を取りましたが、受け入れる家がありませんでした"))


#: The person's own moves whose outcome the status tells (:func:`own_outcome_words`).
OWN_TOLD = ("take", "reroll", "use", "go", "supply", "build", "extend", "penthouse", "help")


def pieces_got(before: NewtownState, after: NewtownState, p: int) -> list[int]:
    """The pieces of material ``p`` has in ``after`` that it had not in ``before``."""
    return sorted((Counter(after.materials[p]) - Counter(before.materials[p])).elements())


#: A land card's effects told done (:func:`effect_words`).
EFFECTS_DONE = (("にする", "にしました"), ("+1する", "+1しました"), ("入れ替える", "入れ替えました"),
                ("をもらう", "をもらいました"), ("に返す", "に返しました"))


def own_outcome_words(step: Step, after: NewtownState, names: Sequence[str] = NAMES) -> str:
    """What the person's own move brought, where only a number on the sheet said it (testers
    took 赤の1 and saw its stone only as 「石1」 on the panel, used a card and saw 資材 ×2 become
    ×3, moved onto a tree's land and got a material, built and got a land card, and nothing said
    so): 「プレイヤー1は赤の1を取りました(石+1)。」「…白の3を振りなおし、5が出ました。」「…土地カード
    11の能力で資材1をもらいました。」「…土地17へ移動し、樹で資材3を得ました。」「…土地15に家を建て
    ました(+3点)。」 A move that brought nothing but itself (a die, a step) is not told ("" then)."""
    kind, p, before = step.move.kind, step.player, step.before
    alone = before.unfold(step.move, follow=False)[0]
    if kind == "reroll":
        rolled = _rolled(before, after)[1:]
        said = describe_move(before, step.move, None, names).replace("振りなおす", "振りなおし")
        return f"{names[p]}は{said}、{rolled}が出ました。" if rolled else ""
    if kind in ("build", "extend", "penthouse"):
        return built_words(step, names)
    if kind == "go":
        got = pieces_got(before, alone, p)
        return f"{names[p]}は{land_words(step.move.args[0])}へ移動し、樹で資材{pieces_words(got)}を得ました。" if got else ""
    said = describe_move(before, step.move, after, names)
    if kind == "take":
        return f"{names[p]}は{said.replace('を取る(', 'を取りました(')}。" if said.endswith(")") else ""
    if kind == "supply":  # (what came: the pieces are told with those now in hand)
        held = f"手元の資材は{pieces_words(alone.materials[p])}になりました。" if pieces_got(before, alone, p) else ""
        return f"{names[p]}は{past_words(said)}。{held}"
    if kind == "help":
        return f"{names[p]}は{past_words(said)}。" if said.endswith(")") else ""
    for plan, done in EFFECTS_DONE:
        if said.endswith(plan):
            swapped = ""
            if step.move.args[1] == "swap":  # (the new numbers: a tester read only that they were swapped)
                d = alone.dice[p]
                swapped = f"(緑は{d.green or 0}、黒は{d.black or 0}になりました)"
            return f"{names[p]}は{said.removesuffix(plan)}{done}{swapped}。"
    return ""


def past_words(words: str) -> str:
    """「さいころ3個で樹を植える(4・5・6、土地15に樹)」 as 「…樹を植えました(…)」; each sentence
    (a forced move told after 「。続く手は…」 had stayed 「…入居させる(+1点)」)."""
    def past(sentence: str) -> str:
        for plan, done in PAST:
            if plan in sentence:
                sentence = sentence.replace(plan, done, 1)
                if not done.endswith("、"):
                    break
        return sentence

    return "。".join(past(sentence) for sentence in words.split("。"))


def extension_words(before: NewtownState, after: NewtownState, names: Sequence[str] = NAMES) -> str:
    """The extension choices once everybody has chosen (a tester saw the round begin and no
    word of who had stopped, nor of their stones): 「延長の選択: 延長するのはプレイヤー2、終了
    するのはプレイヤー1とプレイヤー3です。終了した人は褒美の石をもらいました(プレイヤー1は
    1個、プレイヤー3は1個)。」"""
    players = range(after.players)
    going = [names[p] for p in players if after.extended[p]]
    stopping = [names[p] for p in players if not after.extended[p]]
    if not stopping:
        return "延長の選択: 全員が延長を選びました(褒美の石は誰ももらいません)。"
    if not going:
        return "延長の選択: 全員が終了を選びました(褒美の石は誰ももらいません)。"
    stones = "、".join(f"{names[p]}は{after.stones[p] - before.stones[p]}個" for p in players
                      if not after.extended[p] and after.stones[p] > before.stones[p])
    return (f"延長の選択: 延長するのは{'と'.join(going)}、終了するのは{'と'.join(stopping)}です。"
            + (f"終了した人は褒美の石をもらいました({stones})。" if stones else ""))


def built_words(step: Step, names: Sequence[str] = NAMES) -> str:
    """A house another player built, in a sentence for the status: 「プレイヤー3は土地14に家を
    建てました(+4点)。」 (the points the building itself earned, from ``gamelib``)."""
    before, (kind, a), p = step.before, step.move, step.player
    alone, _ = before.unfold(step.move, follow=False)
    points = earned_points(before, alone, p)
    gained = f"({signed(points)}点)" if points else ""
    # a land card that came from another player (a tester's card went to the builder unsaid)
    card = "".join(f"土地{land}の土地カードは{names[q]}から{names[p]}に移りました。"
                   for land, (q, now) in enumerate(zip(before.cards, alone.cards)) if now == p and 0 <= q != p)
    if kind == "build":
        return f"{names[p]}は{land_words(a[0])}に家を建てました{gained}。{card}"
    h = before.house(a[0])
    where = land_words(h.land) if h else "家"
    if kind == "penthouse":
        return f"{names[p]}は{where}の家にペントハウスを作りました{gained}。{card}"
    owner = "" if h is None or h.owner == p else f"{names[h.owner]}の"
    return f"{names[p]}は{where}の{owner}家を増築しました{gained}。{card}"


def number(n: int) -> str:
    """A number as the book writes it, the minus a true minus sign: 「−2」."""
    return str(n).replace("-", "−")


def signed(n: int) -> str:
    """A change with its sign, the minus a true minus sign: 「+2」「−1」."""
    return f"+{n}" if n >= 0 else f"−{-n}"


def describe_move(before: NewtownState, move: Move, after: NewtownState | None = None,
                  names: Sequence[str] = NAMES) -> str:
    """A move in Japanese words: 「赤の6を取る」「土地12へ移動する(緑を2使う)」「土地12に2×3・1階の家を建てる
    (資材1・2・3)」…  With ``after`` (the position the move led to) the dice rolled and the points
    the move itself earned are told too, and then each move it forced that earned points or
    stones (played at once, there being no other: 「…(−2点)。続く手は選ぶ余地がないので、そのまま…」).  The
    secret extension choice is never told."""
    if after is None:
        return _move_words(before, move, None, None, names)
    alone, forced = before.unfold(move)
    words = _move_words(before, move, after, alone, names)
    p = before.current_player
    for b, m, a in forced:
        said = _move_words(b, m, after, a, names)
        if said.endswith(")") and ("点" in said or "石" in said):  # (only the forced moves that scored)
            who = "" if b.current_player == p else f"{names[b.current_player]}は"
            words += f"。続く手は選ぶ余地がないので、そのまま{who}{said}"
    return words


def _rolled(before: NewtownState, after: NewtownState, what: str | None = None) -> str:
    """The newest roll (of kind ``what``, if given) between two positions of a round: 「→4」, or ""."""
    if not after.log or after.log == before.log:
        return ""
    entries = [e for e in after.log[len(before.log):] if what is None or e[1] == what]
    # (smallest first, as the dice are told everywhere else: a tester read 「1・1・4・2」 here)
    return "→" + "・".join(map(str, sorted(entries[-1][2]))) if entries else ""


def _move_words(before: NewtownState, move: Move, after: NewtownState | None, alone: NewtownState | None,
                names: Sequence[str]) -> str:
    """:func:`describe_move` for one move: its points and stones read from ``alone`` (the position
    after this move by itself), its dice from ``after``."""
    kind, a = move
    p = before.current_player
    gained = ""
    if alone is not None and p is not None:
        points = earned_points(before, alone, p)
        stones = alone.stones[p] - before.stones[p]
        parts = ([f"{signed(points)}点"] if points else []) + ([f"石{signed(stones)}"] if stones else [])
        gained = f"({'、'.join(parts)})" if parts else ""

    def rolled(what: str | None = None) -> str:
        """The dice this move rolled: the newest entry of the round's log (of ``what``, when the
        move also set off other rolls, as the tree is followed by the dice pool's roll)."""
        return "" if after is None else _rolled(before, after, what)

    if kind == "draft":
        return "土地カード" + "・".join(map(str, a)) + "を取る"
    if kind == "tree":
        words = f"さいころ{a[0]}個で樹を植える"
        if after is not None:
            new = [x for x in after.trees if x not in before.trees]
            where = land_words(new[0]) if new else "王様の土地"
            words += f"({rolled('tree')[1:]}、{where}に樹)"
        return words
    if kind == "take":
        return f"{COLOUR_JA[a[0]]}の{a[1]}を取る{gained}"
    if kind == "keep":
        return "さいころをこのまま使う"
    if kind == "reroll":
        if a[0] == "all":
            return f"6個とも振りなおす{rolled()}"
        if a[0] == "w":
            return f"赤を1使って白の{'と'.join(map(str, a[1:]))}を振りなおす{rolled()}"
        return f"赤を1使って{COLOUR_JA[a[0]]}を振りなおす{rolled()}"
    if kind == "use":
        return f"土地カード{a[0]}の能力で{effect_words(a[1])}"
    if kind == "go":
        cost = ""
        if p is not None:
            costs = before.board.costs(before.craftsmen[p], before.dice[p].green or 0, before.blocked(p))
            if a[0] in costs:
                cost = f"(緑を{costs[a[0]]}使う)"
        return f"{land_words(a[0])}へ移動する{cost}{gained}"
    if kind == "stay":
        return "移動しない"
    if kind == "pass":
        return "移動を終える(パス)" if before.phase == "move2" else "パスする"
    if kind == "supply":
        red = before.dice[p].red if p is not None else 0
        # (with no red pips nothing comes: a tester read 「赤の目0で資材を仕入れました」)
        words = f"赤の目{red}で資材を仕入れる" if red else "赤の目がないので、資材は仕入れない"
        if a:
            words += f"、資材{a[0]}を{names[a[1]]}に譲る"
        return words + gained
    if kind == "split":
        return f"黒を1使い、資材{a[0]}を{a[1]}と{a[0] - a[1]}に分ける"
    if kind == "merge":
        return f"黒を1使い、資材{a[0]}と{a[1]}を{a[0] + a[1]}にまとめる"
    if kind == "build":
        land, footprint, floors, pieces = a
        return (f"{land_words(land)}に{FOOTPRINT_JA[footprint]}・{floors}階の家を建てる"
                f"(資材{pieces_words(pieces)}){gained}")
    if kind in ("extend", "penthouse"):
        h = before.house(a[0])
        where = f"{land_words(h.land)}の{house_words(h)}の家" if h else f"家{a[0]}"
        if kind == "penthouse":
            return f"{where}にペントハウスを作る(資材{pieces_words(a[1])}){gained}"
        owner = "" if h is None or h.owner == p else f"{names[h.owner]}の"
        verb = "を引き継いで" if owner else "を"
        return (f"{owner}{where}{verb}{FOOTPRINT_JA[a[1]]}・{a[2]}階に増築する(資材{pieces_words(a[3])}){gained}")
    if kind == "help":
        q = before.next_craftsman()
        black = before.dice[p].black if p is not None else 0
        return f"黒の残り{black}を{names[q] if q is not None else '次の職人'}に譲って手伝う{gained}"
    if kind == "end":
        return "建築を終える"
    if kind == "decide":
        return "延長するかどうかをひそかに選んだ"
    # tenant
    column, row, hid = a
    t = before.tenant_at(column, row)
    stones = f"石{row - 1}個を置いて" if row > 1 else ""
    if not hid:
        return f"{stones}{t.name}({tenant_place_words(column, row)})を取るが、受け入れる家がない{gained}"
    h = before.house(hid)
    where = f"{land_words(h.land)}の{house_words(h)}の家" if h else f"家{hid}"
    # (the bonus die the rules rolled for this move, not for a forced one after it: a tester saw
    # +6点 and no die)
    royal = _rolled(before, alone, "royal")[1:] if alone is not None else ""
    if royal:
        gained = f"(ボーナスのさいころ{royal}、{gained[1:]}" if gained else f"(ボーナスのさいころ{royal})"
    return f"{stones}{t.name}({tenant_place_words(column, row)})を{where}に入居させる{gained}"


def score_rows(state: NewtownState, names: Sequence[str] = NAMES,
               keep: Iterable[str] = ()) -> tuple[list[str], list[list[Any]]]:
    """The points by kind (rows) for each player (columns), the total last: the kinds somebody
    scored, and those in ``keep`` even at 0 for all (a penalty the reader should see was checked)."""
    keep = set(keep)
    kinds = [k for k in SCORE_KINDS if k in keep or any(state.breakdown(p).get(k) for p in range(state.players))]
    rows: list[list[Any]] = [[SCORE_KINDS[k], *(state.breakdown(p).get(k, 0) for p in range(state.players))]
                             for k in kinds]
    rows.append(["合計", *state.scores()])
    return ["内訳", *names[:state.players]], rows


def score_table(state: NewtownState, names: Sequence[str] = NAMES, keep: Iterable[str] = ()) -> Table:
    """The final scores by kind as a book table (合計 the last row; ``keep``: as :func:`score_rows`)."""
    headers, rows = score_rows(state, names, keep)
    return Table(headers, rows, total=True)


def NewtownBoard(players: int = 3, seed: int | None = None, options: Mapping[str, Any] | None = None,
                 seats: Sequence[str] | None = None, *, computer_delay: float | None = None) -> Any:
    """The live board (ipywidgets + ipycanvas); see :class:`widgets.newtown_board.Board`.
    ``computer_delay``: seconds between two computer moves (0: at once)."""
    from .newtown_board import Board

    return Board(players, seed, options, seats, computer_delay=computer_delay)
