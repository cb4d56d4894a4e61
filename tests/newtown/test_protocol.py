"""The shared protocol for さいころニュータウン: hidden information, chance from the seed, JSON and
replay, options and players checked, the computer players (reading only the view), and whole
games: every legal move distinct, the move bound respected."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from gamelib import NotationError, load_game
from gamelib.newtown import GreedyPlayer, NewtownState, PlannerPlayer
from gamelib.players import RandomPlayer, play_out

from .conftest import P1, P2, staged


def _games(players: int, options: dict[str, Any], seeds: range, planner: bool = True):
    for seed in seeds:
        seats: list[Any] = [PlannerPlayer(seed) if planner else RandomPlayer(seed)] + [
            RandomPlayer(seed + i) for i in range(1, players)]
        state = NewtownState.new(players, options, seed)
        yield state, seats


# -- hidden information -----------------------------------------------------------------------------
def test_the_view_hides_the_draft_pile_and_the_seeded_future() -> None:
    state = NewtownState.new(3, {"deal": "draft"}, seed=2)
    for p in (None, 0, 1, 2):
        view = state.view(p)
        assert view["deck"] == len(state.deck) and "rolls" not in view and "top_used" not in view
        assert "seed" not in view and "moves" not in view
        json.dumps(view)


def test_dice_not_yet_rolled_are_nowhere_in_the_state() -> None:
    state = NewtownState.new(2, seed=9)
    assert state.pool == () and all(d.red is None for d in state.dice)
    assert state.snapshot()["pool"] == []


def test_chance_is_resolved_in_play_from_the_seed() -> None:
    a = NewtownState.new(2, seed=5).play("tree 4")
    b = NewtownState.new(2, seed=5).play("tree 4")
    c = NewtownState.new(2, seed=6).play("tree 4")
    assert a == b and a.pool == b.pool and a.pool != c.pool


def test_a_state_is_a_value() -> None:
    state = NewtownState.new(2, seed=1)
    before = state.to_json()
    state.play("tree 2")
    assert state.to_json() == before


# -- saving ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players, options", [(2, {}), (3, {"deal": "draft", "layout": "random"}),
                                              (4, {"short_game": True, "turn_materials": "last"})])
def test_json_round_trip_and_replay_through_a_whole_game(players: int, options: dict[str, Any]) -> None:
    for state, seats in _games(players, options, range(1)):
        step = 0
        while not state.is_over():
            if step % 25 == 0:
                assert load_game(state.to_json()) == state
            state = state.play(seats[state.current_player].choose(state))
            step += 1
        assert NewtownState.replay(players, options, state.seed, list(state.moves)) == state
        assert NewtownState.from_json(state.to_json()).scores() == state.scores()


def test_a_tampered_save_is_refused() -> None:
    state = NewtownState.new(2, seed=3).play("tree 2")
    data = json.loads(state.to_json())
    data["position"]["stones"] = [1, 0]
    with pytest.raises(NotationError, match="does not match"):
        load_game(json.dumps(data))


# -- options and players -----------------------------------------------------------------------------
@pytest.mark.parametrize("options", [{"deal": "snake"}, {"layout": 3}, {"layout": "3 3\nK K\nK K"},
                                     {"short_game": 1}, {"royal_bonus": "double"}, {"turn_materials": None},
                                     {"hands": [[3, 4, 5, 6]]}, {"hands": [[3, 4, 5, 6], [6, 7, 8, 9]]},
                                     {"hands": [[3, 4, 5], [6, 7, 8, 9]]}, {"hands": [[3, 4, 5, 6], [7, 8, 9, 10]] * 2},
                                     {"dice_top": [0]}, {"dice_top": "123"}, {"colour": "red"}, {1: 2}, "deal=draft"])
def test_options_are_checked(options: Any) -> None:
    with pytest.raises(NotationError) as info:
        NewtownState.new(2, options, seed=1)
    assert info.value.message_ja != NotationError("x").message_ja


@pytest.mark.parametrize("players", [1, 5, 2.0, True, "3", None])
def test_two_to_four_players(players: Any) -> None:
    with pytest.raises(NotationError, match="2 to 4 players") as info:
        NewtownState.new(players)
    assert "2人から4人" in info.value.message_ja


def test_staged_positions_name_real_fields() -> None:
    with pytest.raises(NotationError):
        NewtownState.new(2)._with(score=3)


# -- computer players ---------------------------------------------------------------------------------
def test_the_players_read_only_the_view_not_the_seeded_future() -> None:
    """Two positions that differ only in the seeded future (the roll counter) look the same to a
    player, so its choice must be the same."""
    for state, seats in _games(3, {}, range(2)):
        step = 0
        while not state.is_over() and step < 400:
            other = state._with(rolls=state.rolls + 1000)
            for kind in (GreedyPlayer, PlannerPlayer):
                assert kind(7).choose(state) == kind(7).choose(other), (kind.__name__, state.phase)
            state = state.play(seats[state.current_player].choose(state))
            step += 1


def test_the_planner_builds_and_beats_random_players() -> None:
    wins = houses = 0
    for state, seats in _games(3, {}, range(6)):
        end = play_out(state, seats)
        wins += 0 in end.winners()
        houses += sum(1 for h in end.houses if h.owner == 0)
    assert wins >= 5 and houses >= 12


def test_the_greedy_player_beats_random_players_on_average() -> None:
    greedy = rand = 0
    for seed in range(6):
        end = play_out(NewtownState.new(2, seed=seed), [GreedyPlayer(seed), RandomPlayer(seed)])
        greedy += end.scores()[0]
        rand += end.scores()[1]
    assert greedy > rand


# -- whole games -------------------------------------------------------------------------------------------
def _biased(state: NewtownState, rng: random.Random) -> Any:
    """Random, but building and housing whenever it can (to reach every rule)."""
    moves = state.legal_moves()
    keen = [m for m in moves if m.kind in ("build", "extend", "penthouse", "tenant", "help")]
    return rng.choice(keen if keen and rng.random() < 0.9 else moves)


@pytest.mark.parametrize("players, options", [(2, {}), (4, {"layout": "random"}), (3, {"deal": "draft"})])
def test_no_two_legal_moves_lead_to_the_same_position(players: int, options: dict[str, Any]) -> None:
    for seed in range(2):
        rng = random.Random(seed)
        state = NewtownState.new(players, options, seed)
        planner = PlannerPlayer(seed)
        while not state.is_over():
            moves = state.legal_moves()
            outcomes = [json.dumps(state.play(m).snapshot(), sort_keys=True) for m in moves]
            assert len(set(outcomes)) == len(outcomes), [str(m) for m, o in zip(moves, outcomes)
                                                         if outcomes.count(o) > 1]
            state = state.play(planner.choose(state) if state.current_player == 0 else _biased(state, rng))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_stay_within_the_move_bound_and_scores_add_up(players: int) -> None:
    bound = NewtownState.max_game_length(players)
    for state, seats in _games(players, {}, range(3)):
        end = play_out(state, seats)
        assert len(end.moves) <= bound
        assert end.final_scores_from_position() == end.scores()
        assert end.winners() and end.current_player is None and end.legal_moves() == []


def test_every_refused_move_leaves_the_state_and_names_a_section() -> None:
    from gamelib import IllegalMoveError

    state = staged(2, "build", craftsmen=(12, 5), dice=("r0 g0 b3 w3 w4 w5", "r0 g0 b0 w1 w1 w1"),
                   materials=((1, 2, 3), ()))
    rng = random.Random(4)
    before = state.to_json()
    for _ in range(300):
        move = state.random_move(rng)
        if move in state.legal_moves():
            continue
        with pytest.raises(IllegalMoveError) as info:
            state.play(move)
        assert info.value.section in NewtownState.rule_sections
    assert state.to_json() == before and state.current_player == P1 and P2 == 1
