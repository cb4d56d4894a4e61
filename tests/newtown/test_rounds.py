"""建築ラウンド and its six phases: 1.準備, 2.さいころ, 3.移動(1), 4.やり繰り・仕入れ, 5.建築 (資材の交換,
他の職人の手伝い), 6.移動(2)."""

from __future__ import annotations

from collections import Counter

import pytest

from gamelib import IllegalMoveError
from gamelib.newtown import KING, NewtownState, sections, tree_land
from gamelib.newtown.game import Dice

from .conftest import P1, P2, P3, dice, house, staged


def _end_of_round(players: int = 3, **fields: object) -> NewtownState:
    """The last player's 移動(2) of round 1, every green die spent: one pass ends the round."""
    base = {"order": tuple(range(players)), "turn": players - 1, "round": 1}
    base.update(fields)
    return staged(players, "move2", **base)  # type: ignore[arg-type]


# -- 1.準備 ----------------------------------------------------------------------------------------
def test_prepare_order_markers_by_the_craftsmens_land_numbers() -> None:
    state = _end_of_round(craftsmen=(12, 14, 5)).play("pass")
    assert state.round == 2 and state.phase == "tree"
    assert state.order == (P3, P1, P2)


def test_prepare_the_kings_land_counts_19_and_later_arrivals_higher() -> None:
    state = _end_of_round(craftsmen=(KING, KING, 18), king_arrivals=(P2, P1)).play("pass")
    assert state.order == (P3, P2, P1)  # 18, then 19 (first to arrive), then 20


def test_prepare_materials_by_turn_position_and_by_houses() -> None:
    houses = (house(1, P2, 7), house(2, P2, 8), house(3, P3, 9))
    state = _end_of_round(craftsmen=(12, 14, 5), houses=houses, next_house=4).play("pass")
    # order P3, P1, P2 → turn pieces 1, 2, 3; houses: P2 two (a piece of 2), P3 one (a piece of 1)
    assert state.materials == ((2,), (2, 3), (1, 1))


@pytest.mark.parametrize("rule, sizes", [("first", ((2,), (3,), (1,))), ("last", ((3,), (4,), (2,)))])
def test_prepare_turn_materials_with_three_players(rule: str, sizes: tuple) -> None:
    state = _end_of_round(craftsmen=(12, 14, 5), options={"turn_materials": rule}).play("pass")
    assert state.materials == sizes


def test_prepare_the_first_player_plants_the_tree_with_2_to_4_dice() -> None:
    state = staged(2, "tree", options={"dice_top": [6, 6, 5]})
    assert [str(m) for m in state.legal_moves()] == ["tree 2", "tree 3", "tree 4"]
    with pytest.raises(IllegalMoveError) as info:
        state.play("tree 5")
    assert info.value.section == sections.PREPARE
    after = state.play("tree 3")
    assert after.trees == (KING, 17) and after.log[0][1:] == ("tree", (6, 6, 5), "17")
    assert after.phase == "dice"


def test_prepare_a_tree_already_there_goes_to_the_nearest_land_without_one() -> None:
    state = staged(2, "tree", trees=(KING, 17), options={"dice_top": [6, 6, 5]})
    assert state.play("tree 3").trees == (KING, 16, 17)  # 16 and 18 are as near: the smaller


def test_tree_land_by_hand() -> None:
    assert tree_land(10, list(range(3, 19))) == 10
    assert tree_land(2, list(range(3, 19))) == 3  # no land 2: the nearest
    assert tree_land(24, [3, 4, 5]) == 5
    assert tree_land(11, [9, 13]) == 9  # equally near: the smaller number
    assert tree_land(12, [9, 14]) == 14
    with pytest.raises(ValueError, match="land numbers"):
        tree_land(10, [])
    with pytest.raises(ValueError, match="land numbers"):
        tree_land(10, [2, 19])
    with pytest.raises(ValueError, match="2 to 24"):
        tree_land(True, [3])  # type: ignore[arg-type]


# -- 2.さいころ ---------------------------------------------------------------------------------------
def test_dice_the_last_player_rolls_everyones_dice() -> None:
    state = NewtownState.new(3, seed=4).play("tree 2")
    assert state.phase == "dice"
    assert Counter(c for c, _ in state.pool) == {"r": 3, "g": 3, "b": 3, "w": 9}
    assert all(1 <= v <= 6 for _, v in state.pool)
    assert state.log[-1][:2] == (state.order[-1], "pool")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dice_everyone_ends_with_red_green_black_and_three_white(players: int) -> None:
    for seed in range(6):
        state = NewtownState.new(players, seed=seed).play("tree 2")
        seen = []
        while state.phase == "dice":
            seen.append(state.current_player)
            state = state.play(state.legal_moves()[seed % len(state.legal_moves())])
        assert state.phase == "move1"
        for p in range(players):
            d = state.dice[p]
            assert None not in (d.red, d.green, d.black) and len(d.white) == 3
        # picks go round in turn order (the engine hands out the last dice when they can go one way)
        assert seen == [state.order[i % players] for i in range(len(seen))]


def test_dice_a_colour_already_held_cannot_be_taken() -> None:
    state = staged(2, "dice", pool=(("g", 3), ("r", 2), ("r", 4), ("w", 1), ("w", 5)),
                   dice=(Dice(red=5), Dice()), picks=2)
    assert "take r2" not in [str(m) for m in state.legal_moves()]
    with pytest.raises(IllegalMoveError) as info:
        state.play("take r4")
    assert info.value.section == sections.DICE and "赤" in info.value.message_ja
    with pytest.raises(IllegalMoveError, match="No white 6"):
        state.play("take w6")


def test_dice_taking_a_red_one_earns_a_stone() -> None:
    pool = (("b", 2), ("b", 3), ("g", 1), ("g", 2), ("r", 1), ("r", 6), ("w", 1), ("w", 2), ("w", 2),
            ("w", 3), ("w", 4), ("w", 6))
    state = staged(2, "dice", pool=pool, dice=(Dice(), Dice()), picks=0)
    after = state.play("take r1")
    assert after.stones == (1, 0)
    assert state.play("take r6").stones == (0, 0)


def test_dice_the_last_dice_are_handed_out_when_they_can_go_only_one_way() -> None:
    # P1 lacks two whites, P2 only red: whoever picks first, the end is the same
    state = staged(2, "dice", pool=(("r", 6), ("w", 1), ("w", 6)), picks=9, order=(P2, P1), turn=1,
                   dice=(Dice(3, 1, 1, (3,)), Dice(None, 3, 6, (3, 4, 4))))
    state._settle()
    assert state.phase == "move1"
    assert state.dice[P1].white == (1, 3, 6) and state.dice[P2].red == 6


# -- 3.移動(1) ------------------------------------------------------------------------------------------
def _move1(**fields: object) -> NewtownState:
    base = {"craftsmen": (12, 5), "dice": ("r2 g2 b3 w1 w4 w6", "r1 g1 b1 w2 w2 w2")}
    base.update(fields)
    return staged(2, "move1", **base)  # type: ignore[arg-type]


def test_move1_rerolls_are_paid_with_red() -> None:
    state = _move1(options={"dice_top": [5, 2, 3]})
    after = state.play("reroll w 1 6")
    assert sorted(after.dice[P1].white) == [2, 4, 5] and after.dice[P1].red == 1
    after = after.play("reroll g")
    assert after.dice[P1].green == 3 and after.dice[P1].red == 0
    with pytest.raises(IllegalMoveError, match="1 red pip") as info:
        after.play("reroll w 4")
    assert info.value.section == sections.MOVE1
    with pytest.raises(IllegalMoveError, match="white dice and the green"):
        state.play("reroll b")


def test_move1_one_to_three_white_dice_are_rerolled() -> None:
    moves = [str(m) for m in _move1().legal_moves() if m.kind == "reroll"]
    assert moves == ["reroll g", "reroll w 1", "reroll w 1 4", "reroll w 1 4 6", "reroll w 1 6", "reroll w 4",
                     "reroll w 4 6", "reroll w 6"]


def test_move1_movement_costs_green_pips_over_connected_lands() -> None:
    state = _move1()
    goes = {m.args[0] for m in state.legal_moves() if m.kind == "go"}
    # from 12 with 2 green: 3 and 16 (1), the King's land (2 to enter), 9, 18, 11 (2)
    assert goes == {3, 16, KING, 9, 18, 11}
    after = state.play("go 18")
    assert after.craftsmen[P1] == 18 and after.dice[P1].green == 0
    assert after.current_player == P2  # moving ends the turn in this phase


def test_move1_no_stopping_on_another_craftsman_but_passing_through() -> None:
    state = _move1(craftsmen=(12, 16))
    goes = {m.args[0] for m in state.legal_moves() if m.kind == "go"}
    assert 16 not in goes and {18, 11} <= goes
    with pytest.raises(IllegalMoveError, match="pass through") as info:
        state.play("go 16")
    assert info.value.section == sections.MOVE1


def test_move1_the_kings_land_costs_two_to_enter_and_holds_everyone() -> None:
    state = _move1(craftsmen=(3, KING), king_arrivals=(P2,), dice=("r0 g1 b1 w1 w1 w1", "r0 g0 b0 w1 w1 w1"))
    with pytest.raises(IllegalMoveError, match="needs 2") as info:
        state.play("go K")
    assert info.value.section == sections.KINGS_LAND
    state = _move1(craftsmen=(3, KING), king_arrivals=(P2,), dice=("r0 g3 b1 w1 w1 w1", "r0 g0 b0 w1 w1 w1"))
    after = state.play("go K")
    assert after.craftsmen == (KING, KING) and after.king_arrivals == (P2, P1) and after.dice[P1].green == 1
    # leaving costs the usual 1: from the King's land with 1 green
    assert 12 in after.board.costs(KING, 1, set())


def test_move1_a_tree_gives_materials_by_round_where_the_craftsman_stops() -> None:
    state = _move1(round=3, trees=(KING, 3, 16), dice=("r0 g2 b1 w1 w1 w1", "r0 g0 b0 w1 w1 w1"))
    assert state.play("go 3").materials[P1] == (3,)
    assert state.play("go 18").materials[P1] == ()  # passing 16 gives nothing
    assert state.play("go K").materials[P1] == (3,)  # the King's land: once, by round


def test_move1_staying_is_allowed() -> None:
    assert _move1().play("stay").craftsmen[P1] == 12


# -- 4.やり繰り・仕入れ --------------------------------------------------------------------------------
def _manage(**fields: object) -> NewtownState:
    base = {"craftsmen": (12, 5), "dice": ("r4 g2 b3 w1 w4 w6", "r1 g1 b1 w2 w2 w2"), "materials": ((5,), ())}
    base.update(fields)
    return staged(2, "manage", **base)  # type: ignore[arg-type]


def test_manage_rerolls_white_or_black_paid_with_red() -> None:
    state = _manage(options={"dice_top": [6]})
    after = state.play("reroll b")
    assert after.dice[P1].black == 6 and after.dice[P1].red == 3
    with pytest.raises(IllegalMoveError, match="white dice and the black") as info:
        state.play("reroll g")
    assert info.value.section == sections.MANAGE


def test_manage_materials_by_the_red_pips_left_are_compulsory_and_use_red_up() -> None:
    state = _manage()
    moves = {str(m) for m in state.legal_moves()}
    assert "supply" in moves and "end" not in moves and "stay" not in moves
    after = state.play("supply")
    assert after.materials[P1] == (4, 5) and after.dice[P1].red == 0
    assert after.current_player == P2
    # a player whose red was spent on rerolls gets nothing
    assert _manage(dice=("r0 g2 b3 w1 w4 w6", "r1 g1 b1 w2 w2 w2")).play("supply").materials[P1] == (5,)


def test_manage_a_gift_of_4_or_more_earns_a_stone() -> None:
    state = _manage(materials=((3, 5), ()))
    after = state.play("supply gift 5 P2")
    assert after.materials == ((3, 4), (5,)) and after.stones == (1, 0)
    assert state.play("supply gift 4 P2").materials == ((3, 5), (4,))  # the red 4 just taken
    with pytest.raises(IllegalMoveError, match="size 4 or more") as info:
        state.play("supply gift 3 P2")
    assert info.value.section == sections.MANAGE
    with pytest.raises(IllegalMoveError, match="another player"):
        state.play("supply gift 5 P1")


# -- 5.建築: 資材の交換, 他の職人の手伝い ----------------------------------------------------------------
def _build(**fields: object) -> NewtownState:
    base = {"craftsmen": (5, 12), "dice": ("r0 g0 b2 w1 w1 w1", "r0 g0 b1 w1 w1 w1"), "materials": ((2, 5), ())}
    base.update(fields)
    return staged(2, "build", **base)  # type: ignore[arg-type]


def test_build_exchange_one_piece_for_two_or_two_for_one_costs_a_black_pip() -> None:
    state = _build()
    after = state.play("split 5 2")
    assert after.materials[P1] == (2, 2, 3) and after.dice[P1].black == 1
    after = after.play("merge 2 3")
    assert after.materials[P1] == (2, 5) and after.dice[P1].black == 0
    assert "split 5 3" not in [str(m) for m in state.legal_moves()]  # written 'split 5 2'
    assert state.play("split 5 3") == state.play("split 5 2")
    with pytest.raises(IllegalMoveError, match="largest material is 6"):
        state.play("merge 2 5")


def test_build_exchanges_need_black_pips() -> None:
    state = _build(dice=("r0 g0 b0 w1 w1 w1", "r0 g0 b1 w1 w1 w1"))
    with pytest.raises(IllegalMoveError, match="1 black pip") as info:
        state.play("split 5 1")
    assert info.value.section == sections.BUILD


def test_build_helping_gives_the_black_pips_left_to_the_next_craftsman() -> None:
    after = _build().play("help")
    assert after.dice[P2].black == 3 and after.dice[P1].black == 0 and after.stones == (1, 0)
    assert after.current_player == P2
    last = _build(turn=1)
    assert "help" not in [str(m) for m in last.legal_moves()]
    with pytest.raises(IllegalMoveError, match="last in turn order"):
        last.play("help")


# -- 6.移動(2) -------------------------------------------------------------------------------------------
def test_move2_move_with_green_left_or_pass_then_the_round_ends() -> None:
    state = staged(2, "move2", craftsmen=(12, 5), dice=("r0 g1 b0 w1 w1 w1", "r0 g0 b0 w1 w1 w1"))
    moves = [str(m) for m in state.legal_moves()]
    assert moves == ["go 3", "go 16", "pass"]
    after = state.play("go 3")
    # P2 has no green left: its pass is forced and played by the engine; round 2 begins
    assert after.round == 2 and after.phase == "tree" and after.craftsmen == (3, 5)


def test_the_phases_come_in_the_texts_order() -> None:
    state = NewtownState.new(2, seed=3)
    seen = [state.phase]
    while state.round == 1:
        state = state.play(state.legal_moves()[0])
        if state.phase != seen[-1]:
            seen.append(state.phase)
    assert seen[:7] == ["tree", "dice", "move1", "manage", "build", "move2", "tree"]
