"""Houses: footprints, floors, the penthouse, and which material pieces make them.

A house is written ``2x3f2`` (footprint 2×3, two floors), with ``p`` after it when it has a
penthouse (``3x3f1p``).  Material pieces are written as their sizes, ``1,2,3``.

>>> House(1, 0, 12, "2x3", 2).text()
'2x3f2'
>>> grows("2x2", "3x3"), grows("2x4", "3x3")
(True, False)
>>> extension_targets("2x2", 1, "2x3", 2)
(2, 6)
>>> piece_choices((1, 2, 2, 3, 4), 3, (6,))
[(1, 2, 3), (2, 4)]
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import NamedTuple

from ..core import NotationError, excerpt
from . import rulings
from .data import FOOTPRINTS, Components

#: Footprint → (rows, columns).
DIMENSIONS = {name: tuple(sorted(int(x) for x in name.split("x"))) for name in FOOTPRINTS}
MAX_FLOORS = 3
_HOUSE_RE = re.compile(r"(2x2|2x3|2x4|3x3)f([1-3])(p?)", re.ASCII)


class House(NamedTuple):
    """A house on the map: its id (in the order built), owner, land, footprint, floors,
    penthouse, tenant card (0: none) and the die of a royal card's bonus (0: none)."""

    id: int
    owner: int
    land: int
    footprint: str
    floors: int
    penthouse: bool = False
    tenant: int = 0
    roll: int = 0

    @property
    def standard(self) -> int:
        return FOOTPRINTS[self.footprint]

    @property
    def area(self) -> int:
        return area(self.footprint)

    def base(self, c: Components) -> int:
        """Base points (基礎点), which are also the people the house can take."""
        return c.base(self.standard, self.floors, self.penthouse)

    def text(self) -> str:
        return f"{self.footprint}f{self.floors}{'p' if self.penthouse else ''}"


def area(footprint: str) -> int:
    rows, cols = DIMENSIONS[footprint]
    return rows * cols


def parse_house(text: object) -> tuple[str, int, bool]:
    """Read ``2x3f2`` or ``3x3f1p``: (footprint, floors, penthouse).

    >>> parse_house("3x3f3p")
    ('3x3', 3, True)
    >>> parse_house("2x5f1")
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: '2x5f1' is not a house: write a footprint (2x2, 2x3, 2x4, 3x3), f and 1 to 3 floors, p for a penthouse
    """
    m = _HOUSE_RE.fullmatch(text) if isinstance(text, str) and len(text) <= 10 else None
    if not m:
        raise NotationError(f"{excerpt(text)} is not a house: write a footprint (2x2, 2x3, 2x4, 3x3), f and 1 to 3 "
                            "floors, p for a penthouse",
                            "家の表記が読めません。規格(2x2・2x3・2x4・3x3)、f、階数(1〜3)、ペントハウスがあれば p と書きます(例: 2x3f2)。")
    footprint, floors, pent = m.group(1), int(m.group(2)), bool(m.group(3))
    if pent and footprint != "3x3":
        raise NotationError(f"{excerpt(text)}: only a 3x3 house has a penthouse",
                            "ペントハウスを作れるのは3×3の家だけです。")
    return footprint, floors, pent


def pieces_text(pieces: Sequence[int]) -> str:
    """``1,2,3`` (``-`` for none)."""
    return ",".join(map(str, pieces)) if pieces else "-"


def grows(old: str, new: str) -> bool:
    """Whether footprint ``new`` contains ``old`` (an extension adds squares, it never
    removes any): 2×2 ⊂ 2×3 ⊂ 2×4, 2×2 ⊂ 3×3, 2×3 ⊂ 3×3; 2×4 does not fit in 3×3."""
    (a, b), (c, d) = DIMENSIONS[old], DIMENSIONS[new]
    return a <= c and b <= d


def extension_targets(old: str, old_floors: int, new: str, new_floors: int) -> tuple[int, ...]:
    """The squares each floor needs for an extension: every existing floor widens by the
    difference of the areas (the floors keep one shape, 建築条件 4), every new floor needs its
    whole area.  Sorted, zeros left out."""
    gain = area(new) - area(old)
    targets = [gain] * old_floors + [area(new)] * (new_floors - old_floors)
    return tuple(sorted(t for t in targets if t > 0))


@lru_cache(maxsize=4096)
def _sub_multisets(counts: tuple[tuple[int, int], ...], total: int, most: int) -> tuple[tuple[int, ...], ...]:
    """Every sub-multiset of the pieces (size, count) whose sizes sum to ``total`` with at
    most ``most`` pieces, each sorted ascending."""
    out: list[tuple[int, ...]] = []
    # what the pieces from each (size, count) on add up to, to give up where no sum is reached
    reach = [0] * (len(counts) + 1)
    for i in range(len(counts) - 1, -1, -1):
        reach[i] = reach[i + 1] + counts[i][0] * counts[i][1]

    def walk(i: int, left: int, room: int, chosen: list[int]) -> None:
        if left == 0:
            out.append(tuple(sorted(chosen)))
            return
        if i == len(counts) or room == 0 or reach[i] < left:
            return
        size, count = counts[i]
        if room * size < left:  # the sizes fall from here on
            return
        for k in range(min(count, room, left // size), -1, -1):
            chosen.extend([size] * k)
            walk(i + 1, left - k * size, room - k, chosen)
            del chosen[len(chosen) - k:]

    walk(0, total, most, [])
    return tuple(sorted(set(out)))


def sub_multisets(pieces: Sequence[int], total: int, most: int) -> Iterator[tuple[int, ...]]:
    counts = tuple(sorted(Counter(pieces).items(), reverse=True))
    return iter(_sub_multisets(counts, total, most))


@lru_cache(maxsize=8192)
def _choices(pieces: tuple[int, ...], most: int, targets: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    if most <= 0 or not targets:
        return ()
    return tuple(s for s in sub_multisets(pieces, sum(targets), most) if rulings.fills(s, targets))


def piece_choices(pieces: Sequence[int], most: int, targets: Sequence[int]) -> list[tuple[int, ...]]:
    """Every set of the player's ``pieces`` (at most ``most``, the black pips) that fills the
    floors' ``targets`` (see :func:`.rulings.fills`), sorted."""
    targets = tuple(sorted(targets))
    if most <= 0 or not targets:
        return []
    return list(_choices(*_usable(tuple(sorted(pieces)), most, targets)))


def _usable(pieces: tuple[int, ...], most: int, targets: tuple[int, ...]) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """The same question with only the pieces that can take part in an answer (so that many
    hands share one remembered answer): no piece larger than the largest floor (a piece never
    spans two floors), of each size no more pieces than the floors' squares or ``most``
    allow, and ``most`` no more than the pieces kept (at least 1).  ``pieces`` sorted."""
    largest, total = targets[-1], sum(targets)
    kept: list[int] = []
    previous, run = None, 0
    for size in pieces:
        if size > largest:
            break
        run = run + 1 if size == previous else 1
        previous = size
        if size > 0 and (run > total // size or run > most):
            continue
        kept.append(size)
    return tuple(kept), min(most, max(len(kept), 1)), targets


def take_pieces(have: Sequence[int], used: Sequence[int]) -> tuple[int, ...] | None:
    """``have`` without ``used`` (sorted), or None when ``used`` is not all in ``have``."""
    left = list(have)
    for piece in used:
        try:
            left.remove(piece)
        except ValueError:
            return None
    left.sort()
    return tuple(left)


def add_pieces(have: Sequence[int], more: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted((*have, *more)))


def land_load(houses: Sequence[House], land: int, without: int = 0) -> int:
    """The standard units standing on ``land`` (建築条件 2), leaving out house ``without``."""
    return sum(h.standard for h in houses if h.land == land and h.id != without)
