"""プレイ: 手番順 (turn order) and 手番でやること (what a turn is), the final round."""

from __future__ import annotations

import pytest

from gamelib import IllegalMoveError
from gamelib.kingdomino import KingdominoState
from gamelib.kingdomino.sections import END, TURN

from .conftest import finish_first_claims


def test_kings_act_in_the_order_of_their_dominoes_numbers() -> None:
    state = KingdominoState.new(4, seed=5)
    state = finish_first_claims(state)
    while not state.is_over():
        numbers = [s.number for s in state.row]
        assert numbers == sorted(numbers)
        # the acting king is always the one on the lowest domino not yet played
        assert state.current_domino == state.row[state.turn].number
        assert state.current_player == state.king_owner(state.row[state.turn].king)
        state = state.play(state.legal_moves()[-1])


def test_picking_a_low_number_now_means_playing_early_next_round() -> None:
    state = finish_first_claims(KingdominoState.new(4, seed=8))
    state = state.play(state.legal_moves()[0])  # first king places
    chooser = state.current_player
    state = state.play(f"claim {state.next_row[0].number}")  # and takes the lowest of the new row
    while not (state.phase == "place" and state.turn == 0):
        state = state.play(state.legal_moves()[0])
    assert state.current_player == chooser


def test_a_turn_is_place_then_claim_by_the_same_player() -> None:
    state = finish_first_claims(KingdominoState.new(3, seed=6))
    player = state.current_player
    assert state.phase == "place"
    assert {m.kind for m in state.legal_moves()} <= {"place", "discard"}
    state = state.play(state.legal_moves()[0])
    assert state.phase == "claim" and state.current_player == player
    assert {m.kind for m in state.legal_moves()} == {"claim"}
    state = state.play(state.legal_moves()[0])
    assert state.current_player != player


def test_claiming_before_placing_is_refused_and_changes_nothing() -> None:
    state = finish_first_claims(KingdominoState.new(4, seed=6))
    before = state.to_json()
    with pytest.raises(IllegalMoveError) as info:
        state.play(f"claim {state.next_row[0].number}")
    assert info.value.section == TURN and "先に" in info.value.message_ja
    assert state.to_json() == before


def test_you_place_the_domino_your_king_stands_on_not_another() -> None:
    state = finish_first_claims(KingdominoState.new(4, seed=6))
    other = state.row[1].number
    with pytest.raises(IllegalMoveError, match=f"not {other}") as info:
        state.play(f"place {other} 0,1 0,2")
    assert info.value.section == TURN


def test_a_claimed_domino_cannot_be_claimed_again_nor_one_outside_the_row() -> None:
    state = KingdominoState.new(4, seed=6)
    first = state.next_row[0].number
    state = state.play(f"claim {first}")
    with pytest.raises(IllegalMoveError, match="already has a king"):
        state.play(f"claim {first}")
    missing = next(n for n in range(1, 49) if n not in {s.number for s in state.next_row})
    with pytest.raises(IllegalMoveError, match="not in the new row"):
        state.play(f"claim {missing}")


def test_two_players_each_act_once_per_king() -> None:
    state = finish_first_claims(KingdominoState.new(2, seed=1))
    actors = []
    for _ in range(4):
        actors.append(state.current_player)
        state = state.play(state.legal_moves()[0])  # place
        state = state.play(state.legal_moves()[0])  # claim
    assert sorted(actors) == [0, 0, 1, 1]


@pytest.mark.parametrize(("players", "options", "moves"), [
    (4, {}, 4 + 48 + 44),  # first claims, 12 rounds of 4 placements, 11 rounds of claims
    (3, {}, 3 + 36 + 33),
    (2, {}, 4 + 24 + 20),
    (2, {"mighty_duel": True}, 4 + 48 + 44),
    (3, {"three_player_rule": "classic"}, 3 + 36 + 33),
])
def test_game_length_and_the_final_round_without_a_new_row(players: int, options: dict, moves: int) -> None:
    state = KingdominoState.new(players, options, seed=3)
    saw_final_round = False
    while not state.is_over():
        if state.phase == "place" and not state.next_row and not state.deck:
            saw_final_round = True
            assert state.play(state.legal_moves()[0]).phase != "claim"
        state = state.play(state.legal_moves()[0])
    assert saw_final_round and len(state.moves) == moves


def test_no_move_after_the_end() -> None:
    state = KingdominoState.new(2, seed=3)
    while not state.is_over():
        state = state.play(state.legal_moves()[0])
    with pytest.raises(IllegalMoveError) as info:
        state.play("claim 1")
    assert info.value.section == END
    assert state.current_player is None and state.legal_moves() == []


def test_the_view_hides_the_deck_order_and_the_boxed_dominoes() -> None:
    state = KingdominoState.new(2, seed=3)
    view = state.view(0)
    assert view["deck"] == len(state.deck) and view["boxed"] == 24
    assert view["next_row"] == [list(s) for s in state.next_row]
    assert view != state.snapshot() and "deck" in state.snapshot()


def test_a_slot_is_done_once_its_domino_was_placed_or_discarded() -> None:
    from gamelib.kingdomino import KingdominoState

    state = KingdominoState.new(4, {"deck_top": [37, 2, 35, 21, 44, 10, 27, 3], "start_player": 0}, seed=2026)
    for number in (21, 2, 37, 35):
        assert not state.slot_done(0)
        state = state.play(f"claim {number}")
    assert [state.slot_done(i) for i in range(4)] == [False] * 4
    state = state.play("place 2 0,1 0,2")
    assert [state.slot_done(i) for i in range(4)] == [True, False, False, False]  # placed, king not yet moved on
    state = state.play("claim 44")
    assert [state.slot_done(i) for i in range(4)] == [True, False, False, False]
    assert "2[置いた]" in state.describe()
