"""Positions of ドミナップ and ザ・ツリー that real tiles can make: the checks the book's pictures
go through (gamelib.positions kinds "dominoes.stacks" and "dominoes.tree"), and the ways to
build examples from real tiles (Stacks.add / Stacks.build, Tree.place / Tree.build)."""

from __future__ import annotations

import pytest

from gamelib import IllegalMoveError, NotationError, positions
from gamelib.dominoes import DominupState, Place, Stacks, Tree, TreeState
from gamelib.players import RandomPlayer, play_out


# -- Dominup levels ----------------------------------------------------------------------------
CLIMB = ["7-7 0,0 0,1", "5-3 0,2 0,3", "7-5 0,1 0,2"]


def test_a_real_climb_passes_and_reads_back() -> None:
    s = Stacks.build(CLIMB)
    assert [lvl for _, lvl in s.placed()] == [0, 0, 1]
    assert positions.check("dominoes.stacks", s.moves_text()) == [(7, 7), (3, 5), (5, 7)]


def test_a_climb_on_a_climb_passes() -> None:
    s = Stacks.build(["7-7 0,0 0,1", "5-3 0,2 0,3", "6-4 1,0 1,1", "1-0 1,2 1,3",  # the table
                      "7-5 0,1 0,2", "4-1 1,1 1,2",  # two climbs side by side, one level up
                      "7-4 0,1 1,1"])  # a climb onto those two: two levels up
    assert [level for _, level in s.placed()] == [0, 0, 0, 0, 1, 1, 2]
    assert len(positions.check("dominoes.stacks", s.moves_text())) == 7


def test_every_random_game_is_a_real_position() -> None:
    for seed in range(5):
        end = play_out(DominupState.new(2, {}, seed), [RandomPlayer(seed), RandomPlayer(seed + 1)])
        assert sorted(positions.check("dominoes.stacks", end.stacks.moves_text())) == sorted(
            m.tile for m, _ in end.stacks.placed())


@pytest.mark.parametrize(("what", "lines"), [
    ("a tile used twice", ["7-7 0,0 0,1", "3-5 0,2 0,3", "5-3 1,2 1,3"]),
    ("the first tile is not the double 7", ["5-3 0,0 0,1"]),
    ("a tile floating apart from the table", ["7-7 0,0 0,1", "1-2 3,3 3,4"]),
    ("a climb on one tile only", ["7-7 0,0 0,1", "7-7 0,0 0,1"]),
    ("a climb whose numbers do not match", ["7-7 0,0 0,1", "5-3 0,2 0,3", "5-7 0,1 0,2"]),
    ("a tile half on the table, half on a tile", ["7-7 0,0 0,1", "1-2 0,1 1,1"]),
    ("a climb on two different levels", CLIMB + ["6-6 1,1 1,2", "5-6 0,2 1,2"]),
    ("a pass in a position", ["7-7 0,0 0,1", "pass"]),
    ("no tiles at all", []),
])
def test_impossible_stacks_fail(what: str, lines: list[str]) -> None:
    with pytest.raises(NotationError):
        positions.check("dominoes.stacks", "\n".join(lines))


def test_add_refuses_with_the_rule() -> None:
    s = Stacks.build(CLIMB[:2])
    with pytest.raises(IllegalMoveError) as info:
        s.add(Place.make(5, 7, (0, 1), (0, 2)))
    assert "一致しません" in info.value.message_ja
    with pytest.raises(IllegalMoveError, match="already placed"):
        s.add(Place.make(3, 5, (1, 0), (1, 1)))


# -- The Tree's brick rows -----------------------------------------------------------------------
INSERTION = Tree.build(["4-1 1,-1 1,0", "5-3 2,0 2,1", "1-7 1,1 1,2"])


def test_real_trees_pass() -> None:
    assert positions.check("dominoes.tree", Tree().to_text()) == [(0, 0)]
    assert positions.check("dominoes.tree", INSERTION.to_text()) == [(0, 0), (1, 4), (1, 7), (3, 5)]
    for seed in range(5):
        end = play_out(TreeState.new(2, seed=seed), [RandomPlayer(seed), RandomPlayer(seed + 1)])
        assert len(positions.check("dominoes.tree", end.to_text())) == len(end.cells) // 2


def test_tree_text_round_trips() -> None:
    assert Tree.from_text(INSERTION.to_text()).cells == INSERTION.cells


@pytest.mark.parametrize(("what", "text"), [
    ("a floating tile (nothing in the row below)", "5 3 .\n. . .\n0 0 ."),
    ("the old insertion example before the insertion: 4-3 above an empty row", "4 3 .\n. . .\n0 0 ."),
    ("a tile used twice", ". 1 3 .\n. 3 1 .\n. 0 0 ."),
    ("a lone half", ". 1 .\n0 0 ."),
    ("a tile straight on top of another (not a brick slot)", "1 2\n0 0"),
    ("the ring rule broken: 0 under 3", ". 3 1\n0 0 ."),
    ("no double blank at the bottom", ". 1 3\n0 1 ."),
    ("more than the root in row 0", "0 0 1 2"),
    ("the double blank used again above", ". 1 1\n. 0 0\n0 0 ."),
    ("not a number", "x 0"),
])
def test_impossible_trees_fail(what: str, text: str) -> None:
    with pytest.raises(NotationError):
        positions.check("dominoes.tree", text)


def test_place_refuses_a_tile_already_on_the_tree() -> None:
    tree = Tree.build(["1-3 1,1 1,2"])
    with pytest.raises(IllegalMoveError, match="one of each"):
        tree.place(Place.make(3, 1, (1, -1), (1, 0)))


# -- rulings the chapters state with their reasons --------------------------------------------
def test_a_climb_across_levels_names_the_levels_as_the_book_does() -> None:
    mixed = Stacks.build(["7-7 0,0 0,1", "5-3 0,2 0,3", "7-5 0,1 0,2", "2-6 1,2 1,3"])
    error = mixed.climb_error(Place.make(5, 2, (0, 2), (1, 2)))
    assert error is not None
    assert "テーブルと1段目" in error.message_ja and "高さ0" not in error.message_ja
    assert "the table and level 1" in error.message_en


# A real tree with a gap in row 4 under two tiles of row 5 (6 above its left half, 7 above
# its right half) and a 2 below its right half.
UNDER_TWO = ["0-4 1,2 1,1", "0-2 2,3 2,2", "0-6 2,0 2,1", "2-6 3,0 3,-1", "1-2 3,4 3,3", "2-3 4,1 4,0",
             "3-5 4,5 4,4", "7-7 5,3 5,4", "3-6 5,1 5,2"]


def test_an_insertion_under_two_tiles_must_fit_both_tiles_above() -> None:
    tree = Tree.build(UNDER_TWO)
    assert tree.cells[(5, 2)] == 6 and tree.cells[(5, 3)] == 7 and tree.cells[(3, 3)] == 2
    error, extra = tree.check(Place.make(4, 3, (4, 2), (4, 3)))  # 4 under 6, 3 on 2 and under 7
    assert error is None and extra
    error, _ = tree.check(Place.make(5, 6, (4, 2), (4, 3)))  # 6 fits 2 below and 7 above; 5 not under 6
    assert error is not None and "上の6" in error.message_ja


def test_extra_turns_chain() -> None:
    """A placement made in an extra turn that again rests on two tiles (or is inserted) earns
    another extra turn: the same player moves once more."""
    for seed in range(40, 60):  # seed 47 reaches one
        state = TreeState.new(2, seed=seed)
        bots = [RandomPlayer(seed), RandomPlayer(seed + 1)]
        while not state.is_over():
            if state.extra:
                for move in state.legal_moves():
                    if isinstance(move, Place) and state.tree.check(move)[1] and len(state.hands[state.turn]) > 1:
                        after = state.play(move)
                        assert after.extra and after.turn == state.turn
                        return
            state = state.play(bots[state.turn].choose(state))
    pytest.fail("no chained extra turn found")
