"""Playing on for places 2–4 (ドミナップ, ザ・ツリー): an option, saved with the game; players
who are out are skipped; the places come in the order players ran out of tiles."""

from __future__ import annotations

import pytest

from gamelib import NotationError, load_game
from gamelib.dominoes import DominupState, Place, TreeState, rulings
from gamelib.players import GreedyPlayer, RandomPlayer, play_out


def _flat(places: list[list[int]]) -> list[int]:
    return [p for group in places for p in group]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dominup_play_on_ranks_every_player(players: int) -> None:
    for seed in range(6):
        end = play_out(DominupState.new(players, {"play_on": True}, seed), [RandomPlayer(seed + i) for i in range(players)])
        places = end.places()
        assert sorted(_flat(places)) == list(range(players))
        assert all(len(group) == 1 for group in places), "Dominup always has a move: one player is left at the end"
        assert list(end.finished) == _flat(places)[: players - 1]
        assert sum(1 for h in end.hands if h) == 1 and end.hands[_flat(places)[-1]]
        assert end.winners() == [end.finished[0]] == [end.out]


def test_dominup_play_on_skips_players_who_are_out() -> None:
    state = DominupState.new(3, {"play_on": True}, 4)
    players = [RandomPlayer(i) for i in range(3)]
    seen_out = False
    while not state.is_over():
        if state.finished:
            seen_out = True
            assert state.hands[state.current_player], "a player who is out never moves again"
            assert state.current_player not in state.finished
        state = state.play(players[state.current_player].choose(state))
    assert seen_out


def test_dominup_default_ends_with_the_first_out_and_misere_turns_the_places_round() -> None:
    end = play_out(DominupState.new(3, {}, 2), [RandomPlayer(i) for i in range(3)])
    assert len(end.finished) == 1 and end.places() == [[end.out], [p for p in range(3) if p != end.out]]
    misere = play_out(DominupState.new(3, {"misere": True}, 2), [RandomPlayer(i) for i in range(3)])
    assert misere.places()[-1] == [misere.out] and misere.winners() == [p for p in range(3) if p != misere.out]
    both = play_out(DominupState.new(4, {"misere": True, "play_on": True}, 2), [RandomPlayer(i) for i in range(4)])
    assert _flat(both.places()) == [p for p in range(4) if p not in both.finished] + list(both.finished)[::-1]
    assert both.winners() == both.places()[0] and both.out not in both.winners()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tree_play_on_reaches_places_or_a_shared_last_place(players: int) -> None:
    ranked = 0
    for seed in range(8):
        end = play_out(TreeState.new(players, {"play_on": True}, seed), [GreedyPlayer(seed + i) for i in range(players)])
        places = end.places()
        if not end.finished:
            assert places == [] and end.winners() == []
            continue
        ranked += 1
        assert sorted(_flat(places)) == list(range(players))
        assert [g[0] for g in places[: len(end.finished)]] == list(end.finished)
        holding = [p for p in range(players) if end.hands[p]]
        if len(holding) > 1:  # everyone left was stuck: they share the next place
            assert places[-1] == holding and not end.supply
        assert end.winners() == [end.finished[0]]
    assert ranked


def test_tree_play_on_skips_the_player_who_is_out() -> None:
    cells = {(0, 0): 0, (0, 1): 0}
    s = TreeState.new(3, {"play_on": True}, 0)
    s = s._copy()
    s.hands = (((1, 2),), ((0, 4), (6, 6)), ((0, 2), (5, 5)))
    s.cells = dict(cells)
    after = s.play(Place.make(1, 2, (1, 1), (1, 2)))
    assert not after.over and after.finished == (0,) and after.current_player == 1
    after = after.play(after.legal_moves()[0])  # player 2 (seat 1) places, or passes
    assert after.current_player in (1, 2)
    while after.current_player == 1 and after.extra:
        after = after.play(after.legal_moves()[0])
    assert after.current_player == 2
    nxt = after.play(after.legal_moves()[0])
    assert nxt.over or nxt.current_player != 0, "seat 0 is out and is skipped"


def test_play_on_is_saved_with_the_game() -> None:
    for cls, players in ((DominupState, 3), (TreeState, 2)):
        state = cls.new(players, {"play_on": True}, 7)
        state = state.play(state.legal_moves()[0])
        assert state.options_dict() == {"play_on": True}
        loaded = load_game(state.to_json())
        assert loaded == state and loaded.options.play_on
        assert cls.new(players, {}, 7).options_dict() == {}
        with pytest.raises(NotationError):
            cls.new(players, {"play_on": "yes"}, 7)
        with pytest.raises(NotationError):
            cls.new(players, {"playon": True}, 7)


def test_places_ruling() -> None:
    assert rulings.finishing_places([1], 3) == [[1], [0, 2]]
    assert rulings.finishing_places([1, 2], 3) == [[1], [2], [0]]
    assert rulings.finishing_places([1], 3, misere=True) == [[0, 2], [1]]
    assert rulings.finishing_places([], 4) == []
    assert rulings.next_holder(1, [[1], [], [2], []]) == 2
    assert rulings.next_holder(2, [[1], [], [2], []]) == 0
