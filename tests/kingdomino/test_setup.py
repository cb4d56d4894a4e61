"""ゲームの準備 (set-up) and ruling 1 (3 players) and ruling 2 (first claims with 2 players)."""

from __future__ import annotations

import pytest

from gamelib import IllegalMoveError, NotationError
from gamelib.kingdomino import KingdominoState
from gamelib.kingdomino.sections import TURN

from .conftest import finish_first_claims


@pytest.mark.parametrize(("players", "boxed", "row"), [(2, 24, 4), (3, 12, 3), (4, 0, 4)])
def test_dominoes_removed_and_row_size_by_player_count(players: int, boxed: int, row: int) -> None:
    for seed in range(5):
        state = KingdominoState.new(players, seed=seed)
        assert len(state.boxed) == boxed
        assert len(state.next_row) == row
        assert len(state.deck) == 48 - boxed - row
        everything = set(state.boxed) | set(state.deck) | {s.number for s in state.next_row}
        assert everything == set(range(1, 49))


def test_the_first_row_lies_in_ascending_number_order_with_no_kings() -> None:
    for seed in range(20):
        row = KingdominoState.new(4, seed=seed).next_row
        numbers = [s.number for s in row]
        assert numbers == sorted(numbers) and all(s.king is None for s in row)


@pytest.mark.parametrize(("players", "kings"), [(2, 4), (3, 3), (4, 4)])
def test_two_kings_each_with_two_players_one_otherwise(players: int, kings: int) -> None:
    state = KingdominoState.new(players, seed=1)
    assert len(state.claim_queue) == kings
    owners = sorted(state.king_owner(k) for k in state.claim_queue)
    assert owners == sorted(list(range(players)) * (kings // players))


def test_start_player_is_random_from_the_seed() -> None:
    starts = {KingdominoState.new(4, seed=s).start_player for s in range(40)}
    assert starts == {0, 1, 2, 3}
    assert KingdominoState.new(4, seed=9).start_player == KingdominoState.new(4, seed=9).start_player


def test_first_row_claimed_from_the_start_player_clockwise() -> None:
    for seed in range(6):
        state = KingdominoState.new(4, seed=seed)
        start = state.start_player
        order = []
        while state.claim_queue:
            order.append(state.current_player)
            state = state.play(state.legal_moves()[-1])
        assert order == [(start + i) % 4 for i in range(4)]


@pytest.mark.parametrize(("rule", "pattern"), [("alternate", "ABAB"), ("snake", "ABBA")])
def test_two_player_first_claim_order(rule: str, pattern: str) -> None:
    state = KingdominoState.new(2, {"first_claims": rule}, seed=3)
    a = state.start_player
    expected = [a if ch == "A" else 1 - a for ch in pattern]
    seen = []
    while state.claim_queue:
        seen.append(state.current_player)
        state = state.play(state.legal_moves()[0])
    assert seen == expected


def test_two_player_random_first_claim_order_varies_with_the_seed() -> None:
    orders = set()
    for seed in range(30):
        state = KingdominoState.new(2, {"first_claims": "random"}, seed=seed)
        orders.add(tuple(state.king_owner(k) for k in state.claim_queue))
    assert len(orders) > 2 and all(sorted(o) == [0, 0, 1, 1] for o in orders)


def test_after_the_first_claims_a_new_row_is_drawn() -> None:
    state = finish_first_claims(KingdominoState.new(3, seed=4))
    assert state.phase == "place"
    assert all(s.king is not None for s in state.row) and len(state.row) == 3
    assert len(state.next_row) == 3 and all(s.king is None for s in state.next_row)
    assert [s.number for s in state.next_row] == sorted(s.number for s in state.next_row)


def test_only_the_start_of_the_game_claims_before_placing() -> None:
    state = KingdominoState.new(4, seed=4)
    with pytest.raises(IllegalMoveError) as info:
        state.play(f"place {state.next_row[0].number} 0,1 0,2")
    assert info.value.section == TURN


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (1, {}, "2 to 4 players"),
        (5, {}, "2 to 4 players"),
        (3, {"mighty_duel": True}, "2-player variant"),
        (2, {"mighty_duel": "yes"}, "true or false"),
        (2, {"first_claims": "zigzag"}, "must be one of"),
        (2, {"colour": "red"}, "unknown Kingdomino option"),
    ],
)
def test_bad_settings_are_clear_errors(players: int, options: dict, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        KingdominoState.new(players, options, seed=0)


def test_a_stacked_deck_and_start_player_for_worked_examples() -> None:
    options = {"deck_top": [37, 2, 35, 21, 44, 10, 27, 3], "start_player": 2}
    state = KingdominoState.new(4, options, seed=1)
    assert [s.number for s in state.next_row] == [2, 21, 35, 37]
    assert state.start_player == 2 and state.current_player == 2
    state = finish_first_claims(state)
    assert [s.number for s in state.next_row] == [3, 10, 27, 44]
    assert KingdominoState.from_json(state.to_json()) == state  # the stacked set-up is saved


@pytest.mark.parametrize(("options", "message"), [
    ({"deck_top": [1, 1]}, "twice"),
    ({"deck_top": [0]}, "domino numbers"),
    ({"deck_top": list(range(1, 26))}, "only 24 are in play"),
    ({"start_player": 2}, "does not exist"),
    ({"start_player": -1}, "player number"),
])
def test_bad_stacked_set_ups_are_clear_errors(options: dict, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        KingdominoState.new(2, options, seed=0)
