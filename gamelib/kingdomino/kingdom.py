"""A player's kingdom: the castle and the dominoes placed around it.

Notation (one line per row, tokens separated by spaces): ``.`` an empty square, ``C`` the
castle, otherwise a terrain letter (``W`` wheat, ``F`` forest, ``L`` lake, ``G`` grassland,
``S`` swamp, ``M`` mine) followed by its crowns, 0 to 3.  Any rectangle that fits in
size × size and holds the castle is a kingdom.

Cells are ``(row, col)`` pairs counted from the top-left token of the text the kingdom was
read from (for a new kingdom, the castle is ``(0, 0)``); they may be negative or lie
beyond the text.

>>> k = Kingdom.from_text('''
... G0 . . C
... F0 . . .''')
>>> k.score()
0
>>> k.can_place(36, (1, 1), (0, 1))  # 36 = wheat + grassland (1 crown): grass beside grass
True
>>> k.can_place(36, (0, 1), (1, 1))  # turned round: wheat and grassland touch nothing alike
False
>>> k.can_place(36, (1, 3), (2, 3))  # under the castle: every terrain may touch it
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from ..core import IllegalMoveError, NotationError, excerpt
from . import rulings, sections
from .dominoes import CASTLE, DOMINOES, Domino, EMPTY, FROM_LETTER, LETTER, NAME, NAME_JA, TERRAINS

BORDER = 15  # outside every possible square (squares are bytes)
#: The longest kingdom text read (a 15×15 kingdom with generous spacing fits easily).
MAX_KINGDOM_TEXT = 5_000
ALL_TERRAINS = sum(1 << t for t in TERRAINS)
Cell = tuple[int, int]


class _Geometry:
    """Index arithmetic for a size × size kingdom.

    Squares live in a flat list covering every cell within ``size - 1`` of the castle (so the
    castle can end up anywhere in the square), with a one-cell border so neighbours never
    leave the list.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self.reach = r = size - 1
        self.stride = p = 2 * r + 3
        self.cells = p * p
        self.castle = self.index(0, 0)
        self.row = [i // p - (r + 1) for i in range(self.cells)]
        self.col = [i % p - (r + 1) for i in range(self.cells)]
        self.rc = [(self.row[i], self.col[i]) for i in range(self.cells)]
        self.dirs = (1, -1, p, -p)
        #: The four neighbours of each square, in ascending index order (up, left, right, down).
        self.nbrs = [(i - p, i - 1, i + 1, i + p) if p <= i < self.cells - p else () for i in range(self.cells)]
        self.window = [i for i in range(self.cells) if abs(self.row[i]) <= r and abs(self.col[i]) <= r]
        self.empty_terrain = [BORDER] * self.cells
        for i in self.window:
            self.empty_terrain[i] = EMPTY
        self.empty_terrain[self.castle] = CASTLE
        #: Bit masks over the flat list: the four neighbours of each square, and a fresh
        #: kingdom's open squares (empty and where a domino may still go: the whole window).
        self.nbr_mask = [sum(1 << n for n in self.nbrs[i]) for i in range(self.cells)]
        self.empty_open = sum(1 << i for i in self.window) & ~(1 << self.castle)
        self._span_masks: dict[tuple[int, int, int, int], int] = {}

    def span_mask(self, span: tuple[int, int, int, int]) -> int:
        """The squares of rows rlo..rhi and columns clo..chi (relative to the castle)."""
        mask = self._span_masks.get(span)
        if mask is None:
            rlo, rhi, clo, chi = span
            mask = sum(1 << self.index(r, c) for r in range(rlo, rhi + 1) for c in range(clo, chi + 1))
            self._span_masks[span] = mask
        return mask

    def index(self, r: int, c: int) -> int:
        return (r + self.reach + 1) * self.stride + (c + self.reach + 1)

    def inside(self, r: int, c: int) -> bool:
        return abs(r) <= self.reach and abs(c) <= self.reach


@lru_cache(maxsize=None)
def _geometry(size: int) -> _Geometry:
    return _Geometry(size)


@dataclass(frozen=True)
class Property:
    """A property (地所): connected squares of one terrain, orthogonally."""

    terrain: int
    cells: tuple[Cell, ...]
    crowns: int

    @property
    def squares(self) -> int:
        return len(self.cells)

    @property
    def points(self) -> int:
        return self.squares * self.crowns

    @property
    def terrain_letter(self) -> str:
        return LETTER[self.terrain]

    @property
    def terrain_ja(self) -> str:
        return NAME_JA[self.terrain]


class Kingdom:
    """A kingdom; a value: :meth:`place` returns a new kingdom."""

    # _terr and _crowns: each square's terrain and crowns (bytes over the flat list);
    # _open: bit mask of the squares a domino may still cover (empty, inside the allowed span);
    # _near: for each terrain code, bit mask of the squares beside that terrain or the castle.
    __slots__ = ("size", "_g", "_terr", "_crowns", "_near", "_bbox", "_frame", "castle", "_open",
                 "_groups_cache")

    def __init__(self, size: int = 5) -> None:
        if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= 15:
            raise NotationError(f"a kingdom's size must be a whole number from 1 to 15, not {excerpt(size)}",
                                "王国の大きさは1から15までの整数です。")
        g = _geometry(size)
        self.size = size
        self._g = g
        self._terr = bytearray(g.empty_terrain)
        self._crowns = bytearray(g.cells)
        self._near = [g.nbr_mask[g.castle]] * (CASTLE + 1)  # the castle touches every terrain
        self._bbox = (0, 0, 0, 0)
        self._open = g.empty_open
        self._groups_cache: tuple[list[int], list[int], list[int]] | None = None
        self._frame = (0, 0, 0, 0)
        self.castle: Cell = (0, 0)

    # -- reading and writing -------------------------------------------------------
    @classmethod
    def from_text(cls, text: str, size: int = 5) -> Kingdom:
        """Read a kingdom from its notation; raises :class:`NotationError` saying what is wrong.

        >>> Kingdom.from_text("C W１")
        Traceback (most recent call last):
        ...
        gamelib.core.NotationError: row 1, column 2: 'W１' is not a square; use '.', 'C' or a terrain letter W F L G S M followed by 0-3 crowns
        """
        if not isinstance(text, str):
            raise NotationError(f"a kingdom is read from text, not {type(text).__name__}", "王国は文字列で書きます。")
        if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= 15:
            cls(size)  # raises, saying why
        if len(text) > MAX_KINGDOM_TEXT:
            raise NotationError(f"a kingdom is written in at most {MAX_KINGDOM_TEXT} characters, not {len(text)}",
                                "王国の表記が長すぎます。")
        lines = [ln.split() for ln in text.strip("\n").splitlines()]
        while lines and not lines[0]:
            lines.pop(0)
        while lines and not lines[-1]:
            lines.pop()
        if not lines:
            raise NotationError("the kingdom text is empty", "王国の表記が空です。")
        width = len(lines[0])
        for r, tokens in enumerate(lines):
            if len(tokens) != width:
                raise NotationError(
                    f"row {r + 1} has {len(tokens)} squares but row 1 has {width}; a kingdom is a rectangle",
                    f"{r + 1}行目のマスの数({len(tokens)})が1行目({width})と違います。王国は長方形に書きます。",
                )
        kingdom = cls(size)
        if len(lines) > size or width > size:
            raise NotationError(
                f"the text is {len(lines)} rows by {width} columns; a kingdom of size {size} fits in {size}×{size}",
                f"表記が{len(lines)}行{width}列あります。この王国は{size}×{size}マスに収まらなければなりません。",
            )
        castles = [(r, c) for r, tokens in enumerate(lines) for c, t in enumerate(tokens) if t == "C"]
        if len(castles) != 1:
            raise NotationError(f"a kingdom holds exactly one castle 'C'; this text has {len(castles)}",
                                f"王国には城(C)がちょうど1つあります。この表記には{len(castles)}つあります。")
        cr, cc = castles[0]
        kingdom.castle = (cr, cc)
        kingdom._frame = (-cr, len(lines) - 1 - cr, -cc, width - 1 - cc)
        g = kingdom._g
        for r, tokens in enumerate(lines):
            for c, token in enumerate(tokens):
                if token in (".", "C"):
                    continue
                terrain = FROM_LETTER.get(token[:1])
                if terrain is None or len(token) != 2 or token[1] not in "0123":
                    raise NotationError(
                        f"row {r + 1}, column {c + 1}: {excerpt(token)} is not a square; "
                        "use '.', 'C' or a terrain letter W F L G S M followed by 0-3 crowns",
                        f"{r + 1}行目{c + 1}列目はマスとして読めません。「.」(空き)、「C」(城)、"
                        "または地形の文字 W F L G S M のあとに王冠の数0〜3(半角数字)を書きます。",
                    )
                kingdom._put(g.index(r - cr, c - cc), terrain, int(token[1]))
        return kingdom

    @classmethod
    def from_placements(cls, placements: Iterable[tuple[int, Cell, Cell]], size: int = 5,
                        castle: Cell = (0, 0)) -> Kingdom:
        """Build a kingdom from real dominoes, placed one by one by the placement rules.

        Each placement is ``(number, first cell, second cell)``: domino ``number`` (1–48, each
        at most once) with its first half on the first cell.  ``castle`` is the castle's cell,
        so the cells may be counted from any corner (e.g. ``(2, 2)`` for a castle in the middle
        of a 5×5 square counted from its top-left).  An illegal placement raises
        :class:`IllegalMoveError`; a number used twice or unknown raises ``NotationError``.

        >>> k = Kingdom.from_placements([(1, (2, 3), (2, 4)), (24, (1, 4), (1, 3))], castle=(2, 2))
        >>> print(k)
        . W0 F1
        C W0 W0
        >>> Kingdom.from_placements([(1, (0, 1), (0, 2)), (1, (1, 1), (1, 2))])
        Traceback (most recent call last):
        ...
        gamelib.core.NotationError: domino 1 is placed twice; the set has one of each number
        """
        kingdom = cls(size)
        kingdom.castle = _as_cell(castle)
        if isinstance(placements, (str, bytes)) or not isinstance(placements, Iterable):
            raise NotationError(f"the placements are a list of (number, first cell, second cell), not "
                                f"{excerpt(placements)}", "配置は(ドミノの番号, 1マス目, 2マス目)の組の並びで指定します。")
        used: set[int] = set()
        for placement in placements:
            if not isinstance(placement, (tuple, list)) or len(placement) != 3:
                raise NotationError(f"a placement is (number, first cell, second cell), not {excerpt(placement)}",
                                    "配置は(ドミノの番号, 1マス目, 2マス目)の組で書きます。")
            number, first, second = placement
            _domino(number)
            if number in used:
                raise NotationError(f"domino {number} is placed twice; the set has one of each number",
                                    f"{number}番のドミノが2回置かれています。ドミノは各番号1枚ずつです。")
            used.add(number)
            kingdom = kingdom.place(number, first, second)
        return kingdom

    def to_text(self) -> str:
        """The notation; ``Kingdom.from_text(k.to_text())`` gives the same kingdom back.

        >>> print(Kingdom().to_text())
        C
        """
        top, bottom, left, right = self._extent()
        g = self._g
        rows = []
        for r in range(top, bottom + 1):
            tokens = []
            for c in range(left, right + 1):
                i = g.index(r, c)
                t = self._terr[i]
                tokens.append("C" if t == CASTLE else "." if t == EMPTY else f"{LETTER[t]}{self._crowns[i]}")
            rows.append(" ".join(tokens))
        return "\n".join(rows)

    def text_box(self) -> tuple[int, int, int, int]:
        """First and last row, first and last column of :meth:`to_text`, as public cells.

        >>> Kingdom.from_text(". C W0").place(1, (1, 1), (1, 2)).text_box()
        (0, 1, 0, 2)
        """
        top, bottom, left, right = self._extent()
        cr, cc = self.castle
        return top + cr, bottom + cr, left + cc, right + cc

    def _extent(self) -> tuple[int, int, int, int]:
        fr = self._frame
        bb = self._bbox
        return min(fr[0], bb[0]), max(fr[1], bb[1]), min(fr[2], bb[2]), max(fr[3], bb[3])

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"Kingdom.from_text({self.to_text()!r}, size={self.size})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Kingdom):
            return NotImplemented
        return (self.size, self.castle, self.to_text()) == (other.size, other.castle, other.to_text())

    def __hash__(self) -> int:
        return hash((self.size, self.castle, self.to_text()))

    # -- internal updates (only on a fresh copy) ------------------------------------
    def _put(self, i: int, terrain: int, crowns: int) -> None:
        g = self._g
        self._terr[i] = terrain
        self._crowns[i] = crowns
        self._near[terrain] |= g.nbr_mask[i]
        r, c = g.row[i], g.col[i]
        rmin, rmax, cmin, cmax = self._bbox
        self._bbox = bbox = (min(rmin, r), max(rmax, r), min(cmin, c), max(cmax, c))
        self._open &= ~(1 << i) & g.span_mask(rulings.allowed_span(bbox, self.size))
        self._groups_cache = None

    # -- coordinates ------------------------------------------------------------------
    def _index(self, cell: Cell) -> int | None:
        """Flat index of a public cell, or None when it lies outside every possible square."""
        r, c = cell[0] - self.castle[0], cell[1] - self.castle[1]
        if not self._g.inside(r, c):
            return None
        return self._g.index(r, c)

    def _cell(self, i: int) -> Cell:
        r, c = self._g.rc[i]
        return (r + self.castle[0], c + self.castle[1])

    # -- the placement rule (ドミノの配置ルール) ----------------------------------------
    def _placement_codes(self, t1: int, t2: int, symmetric: bool = False) -> list[int]:
        """Every legal placement of a domino of terrains t1, t2 as ``first * cells + second``
        (flat indices), in ascending order, i.e. sorted by first then second square.  With
        ``symmetric`` (both halves alike) each pair of squares is listed once, first < second.

        Both squares must be *open* (empty and inside the span the size limit allows), and the
        first must touch terrain ``t1`` (or the castle) or the second terrain ``t2``.  Worked
        on bit masks, one for each direction from the first square to the second.
        """
        g = self._g
        o, a, b, s, n = self._open, self._near[t1], self._near[t2], g.stride, g.cells
        out = []
        append = out.append
        if not symmetric:
            # second square above, then to the left (each a mask of the first squares)
            mask = (a | b << s) & o & o << s
            while mask:
                low = mask & -mask
                p = low.bit_length() - 1
                append(p * n + p - s)
                mask ^= low
            mask = (a | b << 1) & o & o << 1
            while mask:
                low = mask & -mask
                p = low.bit_length() - 1
                append(p * n + p - 1)
                mask ^= low
        # second square to the right, then below
        mask = (a | b >> 1) & o & o >> 1
        while mask:
            low = mask & -mask
            p = low.bit_length() - 1
            append(p * n + p + 1)
            mask ^= low
        mask = (a | b >> s) & o & o >> s
        while mask:
            low = mask & -mask
            p = low.bit_length() - 1
            append(p * n + p + s)
            mask ^= low
        out.sort()
        return out

    def _placements(self, t1: int, t2: int) -> list[tuple[int, int]]:
        """Every legal (first, second) index pair for a domino of terrains t1, t2, sorted."""
        n = self._g.cells
        return [divmod(c, n) for c in self._placement_codes(t1, t2)]  # type: ignore[misc]

    def _fits(self, t1: int, t2: int, p: int, q: int) -> bool:
        """Whether a domino of terrains t1, t2 may go on the adjacent squares p, q (indices)."""
        o = self._open
        return bool(o >> p & o >> q & 1 and (self._near[t1] >> p | self._near[t2] >> q) & 1)

    def placements(self, number: int) -> list[tuple[Cell, Cell]]:
        """Every legal placement of domino ``number`` as (first cell, second cell), sorted.

        "First" is the domino's first half (``terrain1`` in the data file).
        """
        d = _domino(number)
        cell = self._cell
        return [(cell(p), cell(q)) for p, q in self._placements(d.terrain1, d.terrain2)]

    def has_placement(self, number: int) -> bool:
        d = _domino(number)
        return bool(self._placement_codes(d.terrain1, d.terrain2))

    def check_place(self, number: int, first: Cell, second: Cell) -> IllegalMoveError | None:
        """Why domino ``number`` may not go on (first, second), or None if it may."""
        d = _domino(number)
        first, second = _as_cell(first), _as_cell(second)
        section = sections.PLACEMENT
        if abs(first[0] - second[0]) + abs(first[1] - second[1]) != 1:
            return IllegalMoveError(
                section,
                "ドミノの2マスは、縦か横に隣り合う2つのマスに置きます。",
                "The two halves of a domino go on two orthogonally adjacent squares.",
            )
        p, q = self._index(first), self._index(second)
        if p is None or q is None:
            return self._outside_error()
        for i, cell in ((p, first), (q, second)):
            if self._terr[i] != EMPTY:
                return IllegalMoveError(
                    section,
                    "置こうとしたマスには、すでに城かドミノがあります。",
                    f"Square {cell} is already taken by the castle or a domino.",
                )
        rlo, rhi, clo, chi = rulings.allowed_span(self._bbox, self.size)
        g = self._g
        for i in (p, q):
            if not (rlo <= g.row[i] <= rhi and clo <= g.col[i] <= chi):
                return self._outside_error()
        if not (self._near[d.terrain1] >> p & 1 or self._near[d.terrain2] >> q & 1):
            if d.terrain1 == d.terrain2:
                ja = f"{NAME_JA[d.terrain1]}を、城か{NAME_JA[d.terrain1]}のマスと縦か横で接するように置いてください。"
                en = f"put its {NAME[d.terrain1]} next to the castle or to {NAME[d.terrain1]}, orthogonally."
            else:
                ja = (f"{NAME_JA[d.terrain1]}か{NAME_JA[d.terrain2]}の少なくとも一方を、城か同じ地形のマスと"
                      "縦か横で接するように置いてください。")
                en = (f"put its {NAME[d.terrain1]} or its {NAME[d.terrain2]} next to the castle or to the same "
                      "terrain, orthogonally.")
            return IllegalMoveError(
                section,
                f"{number}番のドミノは、城にも同じ地形のマスにも接していません。{ja}",
                f"Domino {number} touches neither the castle nor a square of the same terrain: {en}",
            )
        return None

    def _outside_error(self) -> IllegalMoveError:
        n = self.size
        return IllegalMoveError(
            sections.PLACEMENT,
            f"そこに置くと、王国が城を含めた{n}×{n}マスの正方形からはみ出してしまいます。",
            f"Placed there, the kingdom would no longer fit in {n}×{n} squares (castle included).",
        )

    def can_place(self, number: int, first: Cell, second: Cell) -> bool:
        """Whether domino ``number`` (1–48) may go with its first half on ``first``."""
        return self.check_place(number, first, second) is None

    def place(self, number: int, first: Cell, second: Cell) -> Kingdom:
        """The kingdom with domino ``number`` added; raises :class:`IllegalMoveError`."""
        error = self.check_place(number, first, second)
        if error is not None:
            raise error
        d = DOMINOES[number]
        p, q = self._index(_as_cell(first)), self._index(_as_cell(second))
        assert p is not None and q is not None  # checked above
        return self._place_index(d.terrain1, d.crowns1, d.terrain2, d.crowns2, p, q)

    def _place_index(self, t1: int, c1: int, t2: int, c2: int, p: int, q: int) -> Kingdom:
        """The kingdom with a domino on the squares p, q (indices), checked already."""
        g = self._g
        k = object.__new__(Kingdom)
        k.size = self.size
        k._g = g
        k._frame = self._frame
        k.castle = self.castle
        k._groups_cache = None
        k._terr = terr = self._terr[:]
        k._crowns = crowns = self._crowns[:]
        terr[p] = t1
        terr[q] = t2
        crowns[p] = c1
        crowns[q] = c2
        k._near = near = self._near[:]
        near[t1] |= g.nbr_mask[p]
        near[t2] |= g.nbr_mask[q]
        rmin, rmax, cmin, cmax = old = self._bbox
        row, col = g.row, g.col
        rp, rq, cp, cq = row[p], row[q], col[p], col[q]
        k._bbox = bbox = (min(rmin, rp, rq), max(rmax, rp, rq), min(cmin, cp, cq), max(cmax, cp, cq))
        o = self._open & ~(1 << p | 1 << q)
        if bbox != old:
            o &= g.span_mask(rulings.allowed_span(bbox, self.size))
        k._open = o
        return k

    # -- scoring (ゲーム終了と得点計算) ---------------------------------------------
    def properties(self) -> list[Property]:
        """Every property, the largest-scoring first, then by terrain and position."""
        g = self._g
        terr, crowns = self._terr, self._crowns
        seen: set[int] = set()
        out: list[Property] = []
        for start in g.window:
            t = terr[start]
            if t in (EMPTY, CASTLE) or start in seen:
                continue
            stack, cells, total = [start], [], 0
            seen.add(start)
            while stack:
                i = stack.pop()
                cells.append(i)
                total += crowns[i]
                for d in g.dirs:
                    n = i + d
                    if n not in seen and terr[n] == t:
                        seen.add(n)
                        stack.append(n)
            out.append(Property(t, tuple(sorted(self._cell(i) for i in cells)), total))
        out.sort(key=lambda p: (-p.points, -p.squares, p.terrain, p.cells))
        return out

    def score(self) -> int:
        """Squares × crowns summed over every property; the castle is in none.

        >>> Kingdom.from_text("C W1 W0 W2").score()
        9
        """
        _, squares, crowns = self._groups()
        return sum(s * c for s, c in zip(squares, crowns))

    def largest_property(self) -> int:
        """Squares in the largest property, crowns ignored (the first tie-break)."""
        return max(self._groups()[1], default=0)

    def _groups(self) -> tuple[list[int], list[int], list[int]]:
        """The properties as a label for every square (-1: none), and each label's squares and
        crowns; worked out once per kingdom (a kingdom never changes)."""
        cached = self._groups_cache
        if cached is None:
            g = self._g
            terr, crowns, nbrs = self._terr, self._crowns, g.nbrs
            label = [-1] * g.cells
            sizes: list[int] = []
            totals: list[int] = []
            for start in g.window:
                t = terr[start]
                if t == EMPTY or t == CASTLE or label[start] >= 0:
                    continue
                gid = len(sizes)
                label[start] = gid
                stack, n, c = [start], 0, 0
                while stack:
                    i = stack.pop()
                    n += 1
                    c += crowns[i]
                    for j in nbrs[i]:
                        if label[j] < 0 and terr[j] == t:
                            label[j] = gid
                            stack.append(j)
                sizes.append(n)
                totals.append(c)
            cached = self._groups_cache = (label, sizes, totals)
        return cached

    def _placement_features(self, t1: int, c1: int, t2: int, c2: int, p: int, q: int) -> tuple[int, int, int, int]:
        """What a (legal) placement on the squares p, q does, for computer players, without
        building the new kingdom: (points gained, squares of the same terrain it touches,
        squares it merges into crowned properties, open squares it leaves with no open
        neighbour, so that no domino can ever cover them).  Called for every placement by
        computer players and search playouts, so written with plain loops."""
        label, sizes, totals = self._groups_cache or self._groups()
        terr, nbrs = self._terr, self._g.nbrs
        touching = 0
        first: list[int] = []  # the properties each half joins
        for j in nbrs[p]:
            if terr[j] == t1 and j != q:
                touching += 1
                x = label[j]
                if x not in first:
                    first.append(x)
        second: list[int] = []
        for j in nbrs[q]:
            if terr[j] == t2 and j != p:
                touching += 1
                x = label[j]
                if x not in second:
                    second.append(x)
        if t1 == t2:
            for x in second:
                if x not in first:
                    first.append(x)
            n, c, before = 2, c1 + c2, 0
            for x in first:
                n += sizes[x]
                c += totals[x]
                before += sizes[x] * totals[x]
            gained = n * c - before
            grown = n if c else 0
        else:
            gained = grown = 0
            for groups, c0 in ((first, c1), (second, c2)):
                n, c, before = 1, c0, 0
                for x in groups:
                    n += sizes[x]
                    c += totals[x]
                    before += sizes[x] * totals[x]
                gained += n * c - before
                if c:
                    grown += n
        o = self._open & ~(1 << p | 1 << q)
        holes = 0
        nbr_mask = self._g.nbr_mask
        for i in (p, q):
            for j in nbrs[i]:
                if o >> j & 1 and not o & nbr_mask[j]:
                    holes += 1
        return gained, touching, grown, holes

    def crowns(self) -> int:
        """Crowns in the whole kingdom (the second tie-break)."""
        return sum(self._crowns[i] for i in self._g.window)

    def squares(self) -> Iterator[tuple[Cell, int, int]]:
        """Every filled square as (cell, terrain code, crowns), castle included."""
        for i in self._g.window:
            t = self._terr[i]
            if t != EMPTY:
                yield self._cell(i), t, self._crowns[i]

    def filled(self) -> int:
        """How many squares are filled, the castle included."""
        return sum(1 for i in self._g.window if self._terr[i] != EMPTY)

    def is_full(self) -> bool:
        """Whether the kingdom fills its whole size × size square."""
        return self.filled() == self.size * self.size

    def span(self) -> tuple[int, int, int, int]:
        """Rows and columns the filled squares span, relative to the castle."""
        return self._bbox

    def castle_centred(self, rule: str = "span") -> bool:
        """Middle Kingdom: whether the castle is in the centre (see :mod:`.rulings`)."""
        if not isinstance(rule, str) or rule not in rulings.MIDDLE_KINGDOM_RULES:
            raise NotationError(f"the centre rule is one of {', '.join(rulings.MIDDLE_KINGDOM_RULES)}, "
                                f"not {excerpt(rule)}",
                                f"中央の判定は{'・'.join(rulings.MIDDLE_KINGDOM_RULES)}のいずれかです。")
        return rulings.castle_centred(self._bbox, self.size, rule)


def _domino(number: object) -> Domino:
    if isinstance(number, bool) or not isinstance(number, int) or number not in DOMINOES:
        raise NotationError(f"there is no domino {excerpt(number)}; dominoes are numbered 1 to 48",
                            "そのような番号のドミノはありません。ドミノの番号は1から48です。")
    return DOMINOES[number]


def _as_cell(cell: object) -> Cell:
    if (
        isinstance(cell, (tuple, list))
        and len(cell) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) for x in cell)
    ):
        return (cell[0], cell[1])
    raise NotationError(f"a cell is a (row, col) pair of integers, not {excerpt(cell)}",
                        "マスは(行, 列)の2つの整数の組で指定します。")
