"""The set (概要): 36 tiles, binary rings, 36 halves per symbol, the 531441 maximum; the
shared geometry and notation."""

from __future__ import annotations

from functools import lru_cache

import pytest

from gamelib import NotationError
from gamelib.dominoes import TILES, Place, Stacks, Table, one_ring_more, parse_move, parse_tile, rings


def test_thirty_six_tiles_every_pair_once() -> None:
    assert len(TILES) == 36 == len(set(TILES))
    assert all(0 <= a <= b <= 7 for a, b in TILES)


def test_rings_are_binary_digits() -> None:
    assert rings(0) == () and rings(7) == (1, 2, 4)
    assert rings(3) == (1, 2) and rings(6) == (2, 4)  # the 3-6 tile of the text
    assert all(sum(rings(n)) == n for n in range(8))


@pytest.mark.parametrize("symbol", [1, 2, 4])
def test_each_symbol_appears_on_exactly_36_halves(symbol: int) -> None:
    assert sum(bool(a & symbol) + bool(b & symbol) for a, b in TILES) == 36


def test_the_largest_dominomega_score_is_three_to_the_twelfth() -> None:
    """A symbol's 36 halves split into groups; the product of their sizes is at most 3^12."""

    @lru_cache(maxsize=None)
    def best(n: int) -> int:
        return max([n] + [k * best(n - k) for k in range(1, n)])

    assert best(36) == 3**12 == 531441


def test_tree_ring_rule() -> None:
    assert one_ring_more(0, 4) and one_ring_more(5, 7) and not one_ring_more(5, 6) and not one_ring_more(7, 7)


def test_table_groups_and_notation_round_trip() -> None:
    text = "1 3 .\n. 5 4"
    table = Table.from_text(text)
    assert table.to_text() == text
    assert sorted(len(g) for g in table.groups(lambda v: bool(v & 1))) == [3]  # 1, 3, 5 connected
    assert sorted(len(g) for g in table.groups(lambda v: bool(v & 4))) == [2]  # 5 and 4


def test_placements_touch_the_table_and_both_ways_round() -> None:
    table = Table().put(Place.make(3, 6, (0, 0), (0, 1)))
    moves = table.placements((1, 2))
    assert moves and all(table.touches(m) for m in moves)
    assert Place.make(1, 2, (1, 0), (2, 0)) in moves and Place.make(2, 1, (1, 0), (2, 0)) in moves
    assert all(m.first not in table.values and m.second not in table.values for m in moves)
    assert [str(m) for m in Table().placements((2, 2))] == ["2-2 0,0 0,1", "2-2 0,0 1,0"]


def test_stacks_levels_and_climbs() -> None:
    s = Stacks().put(Place.make(7, 7, (0, 0), (0, 1))).put(Place.make(7, 3, (0, 2), (0, 3)))
    assert s.climbs([(7, 7)]) == [Place.make(7, 7, (0, 1), (0, 2))]  # two different tiles, numbers match
    assert s.climbs([(3, 7)]) == []  # 7-3 would need a 3 next to a 7 on two tiles
    up = s.put(Place.make(7, 7, (0, 1), (0, 2)))
    assert up.top((0, 1)) == (1, 7, 2) and up.level_of(Place.make(7, 7, (0, 1), (0, 2))) == 2


@pytest.mark.parametrize("text", ["3-6", "6-3 0,0", "3-8 0,0 0,1", "3-6 0,0 1,1", "3-6 a,b 0,1", "x 0,0 0,1"])
def test_bad_move_text(text: str) -> None:
    with pytest.raises(NotationError):
        parse_move(text)


def test_move_text_is_canonical() -> None:
    assert parse_move("6-3 0,1 0,0").text() == "3-6 0,0 0,1"
    assert parse_move("4-4 0,1 0,0").text() == "4-4 0,0 0,1"
    assert parse_tile("7-2") == (2, 7)
    with pytest.raises(ValueError):
        Table.from_text("1 2\n3")
    with pytest.raises(ValueError):
        Table.from_text("1 9")
