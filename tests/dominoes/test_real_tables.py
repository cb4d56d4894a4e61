"""Tables built from real tiles, and the checks that a picture's table or tile list is one the
36 tiles of the set can make (each tile at most once, two orthogonally adjacent halves)."""

from __future__ import annotations

import pytest

from gamelib import NotationError, positions
from gamelib.dominoes import DominimumState, DominomegaState, Place, Table, dominimum, dominomega
from gamelib.dominoes.tiles import parse_tiles, tiling
from gamelib.players import RandomPlayer, play_out

#: The scoring examples of the book, laid from real tiles.
DOMINOMEGA_EXAMPLE = [
    ((2, 4), (0, 0), (0, 1)), ((0, 3), (0, 2), (0, 3)),
    ((1, 1), (1, 0), (2, 0)), ((2, 6), (1, 1), (2, 1)), ((5, 5), (1, 2), (2, 2)), ((2, 7), (1, 3), (2, 3)),
    ((0, 2), (1, 4), (2, 4)),
]
DOMINIMUM_EXAMPLE = [
    ((0, 1), (1, 0), (0, 0)), ((1, 1), (0, 1), (0, 2)), ((1, 2), (0, 3), (1, 3)), ((3, 5), (1, 1), (1, 2)),
    ((0, 4), (1, 4), (2, 4)), ((4, 4), (2, 0), (2, 1)), ((4, 6), (2, 2), (3, 2)), ((4, 7), (2, 3), (3, 3)),
    ((1, 5), (3, 0), (3, 1)),
]


def test_from_tiles_lays_each_number_on_its_cell_and_remembers_the_tiles() -> None:
    t = Table.from_tiles([((3, 6), (0, 1), (0, 0)), ((6, 6), (1, 0), (1, 1))])
    assert t.values == {(0, 1): 3, (0, 0): 6, (1, 0): 6, (1, 1): 6}
    assert [p.text() for p in t.pieces()] == ["3-6 0,1 0,0", "6-6 1,0 1,1"]
    assert Table.from_text(t.to_text()).pieces() is None  # grid notation does not say which halves pair


@pytest.mark.parametrize("placed, why", [
    ([((1, 2), (0, 0), (0, 1)), ((2, 1), (1, 0), (1, 1))], "used twice"),
    ([((1, 2), (0, 0), (1, 1))], "not orthogonally adjacent"),
    ([((1, 2), (0, 0), (0, 1)), ((3, 4), (0, 1), (0, 2))], "covered twice"),
    ([((1, 8), (0, 0), (0, 1))], "0 to 7"),
    ([((1, 2), (0, 0))], "is not"),
])
def test_from_tiles_refuses_what_the_set_cannot_make(placed: list, why: str) -> None:
    with pytest.raises(NotationError, match=why):
        Table.from_tiles(placed)


@pytest.mark.parametrize("placed", [DOMINOMEGA_EXAMPLE, DOMINIMUM_EXAMPLE])
def test_the_book_examples_are_real_connected_tables(placed: list) -> None:
    t = Table.from_tiles(placed)
    assert t.is_connected()
    found = positions.check("dominoes.table", t.to_text())
    assert len(found) == len(placed) and len({p.tile for p in found}) == len(placed)


def test_the_book_examples_score_as_the_text_says() -> None:
    mega = Table.from_tiles(DOMINOMEGA_EXAMPLE)
    sizes = {s: sorted((len(g) for g in mega.groups(lambda v, s=s: bool(v & s))), reverse=True) for s in (1, 2, 4)}
    assert sizes == {1: [3, 2, 1], 2: [4, 2, 1], 4: [4, 1]}
    assert [dominomega.symbol_score(mega, s) for s in (1, 2, 4)] == [6, 8, 4]
    mini = Table.from_tiles(DOMINIMUM_EXAMPLE)
    assert dominimum.largest_group(mini, 1) == 4 and dominimum.largest_group(mini, 4) == 5
    assert dominimum.mission_score(mini, (1, 4)) == 20


@pytest.mark.parametrize("game", [DominomegaState.new(3, seed=5), DominimumState.new(4, seed=5)])
def test_every_finished_table_is_cut_into_its_own_tiles(game) -> None:
    end = play_out(game, [RandomPlayer(i) for i in range(game.players)])
    found = positions.check("dominoes.table", end.table.to_text())
    assert len(found) == len(end.table.values) // 2
    assert len({p.tile for p in found}) == len(found)


def test_the_cutting_returns_whole_distinct_tiles() -> None:
    pieces = tiling(Table.from_text("1 1 3\n. 4 3\n. 4 ."))
    assert pieces == [Place.make(1, 1, (0, 0), (0, 1)), Place.make(3, 3, (0, 2), (1, 2)),
                      Place.make(4, 4, (1, 1), (2, 1))]


def test_a_table_with_a_second_way_to_cut_it_passes() -> None:
    # 1-2 / 1-2 side by side would repeat a tile; read in columns it is 1-1 and 2-2
    assert {p.tile for p in tiling(Table.from_text("1 2\n1 2"))} == {(1, 1), (2, 2)}


@pytest.mark.parametrize("text, why", [
    ("1 2 3", "3 halves"),                      # an odd count
    ("1 2 . 5\n. . . .\n3 4 6 .", "touches no other half"),  # a lone half (and an even count)
    ("1 2\n. .\n1 2", "no way to cut"),          # the tile 1-2 twice
    ("3 3 3 3", "no way to cut"),                # 3-3 twice
    ("1 2 3\n. 4 .", "no way to cut"),          # a T of four halves cannot pair up
])
def test_tables_real_tiles_cannot_make_fail(text: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        positions.check("dominoes.table", text)


def test_tile_lists() -> None:
    assert positions.check("dominoes.tiles", "0-0 3-6 7-7") == [(0, 0), (3, 6), (7, 7)]
    assert len(parse_tiles(" ".join(f"{a}-{b}" for a in range(8) for b in range(a, 8)))) == 36
    for text, why in [("3-6 6-3", "twice"), ("1-8", "0 to 7"), ("", "no tiles"), ("3", "not a tile")]:
        with pytest.raises(ValueError, match=why):
            positions.check("dominoes.tiles", text)
