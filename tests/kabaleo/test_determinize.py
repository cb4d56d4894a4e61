"""Kabaleo samples for search (``determinize``): only the other players' secret colours are
drawn again; they stay secret colours a real deal could give."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from gamelib import seeded_rng
from gamelib.kabaleo import KabaleoState


def played(players: int, moves: int, seed: int = 4, options: dict | None = None) -> KabaleoState:
    rng = seeded_rng(seed, "test-determinize")
    state = KabaleoState.new(players, options, seed)
    for _ in range(moves):
        state = state.play(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("players", [3, 4])
def test_a_sample_keeps_the_own_colour_and_deals_the_others_from_the_rest(players: int) -> None:
    state = played(players, 7)
    rng = random.Random(1)
    for player in range(players):
        for _ in range(30):
            sample = state.determinize(player, rng)
            assert sample.secrets[player] == state.secrets[player]
            assert all(len(x) == 1 for x in sample.secrets)
            everyone = "".join(sample.secrets)
            assert len(set(everyone)) == players and set(everyone) <= set(state.colours)
            assert sample.piles == state.piles and sample.hands == state.hands and sample.turn == state.turn


@pytest.mark.parametrize("players", [3, 4])
def test_every_unseen_colour_is_sometimes_an_opponents(players: int) -> None:
    state = played(players, 5)
    rng = random.Random(2)
    seen: dict[int, Counter[str]] = {p: Counter() for p in range(players) if p != 0}
    for _ in range(300):
        sample = state.determinize(0, rng)
        for p in seen:
            seen[p][sample.secrets[p]] += 1
    for p, counts in seen.items():
        assert set(counts) == set(state.colours) - set(state.secrets[0])


@pytest.mark.parametrize("players", [3, 4])
def test_what_the_moves_say_makes_a_colour_likelier_and_nothing_else_does(players: int, monkeypatch) -> None:
    """Greedy players play for their colours, so after a few rounds a sample gives them their
    true colour far more often than an even draw would; with no weight on the moves the draw
    is even.  The weights come from the public moves only: two positions that differ only in
    the secrets give the same samples."""
    from gamelib.kabaleo import game as engine
    from gamelib.players import GreedyPlayer

    true = draws = 0
    for seed in range(6):
        state = KabaleoState.new(players, {}, seed)
        seats = [GreedyPlayer(p) for p in range(players)]
        for _ in range(3 * players):
            state = state.play(seats[state.current_player].choose(state))
        swapped = state._copy()
        rest = [c for c in state.colours if c != state.secrets[0]]
        swapped.secrets = (state.secrets[0], *rest[:players - 1])  # other secrets, same public moves
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        for _ in range(100):
            sample = state.determinize(0, rng_a)
            assert sample.secrets == swapped.determinize(0, rng_b).secrets
            true += sum(sample.secrets[p] == state.secrets[p] for p in range(1, players))
            draws += players - 1
    unseen = len(KabaleoState.new(players).colours) - 1
    assert true / draws > 2.5 / unseen  # an even draw gives 1 / unseen

    monkeypatch.setattr(engine, "BELIEF_WEIGHT", 0.0)
    state = state._copy()  # (the cached weights go with the copy)
    counts = Counter(state.determinize(0, random.Random(9)).secrets[1] for _ in range(600))
    assert min(counts.values()) > 600 / unseen / 2  # roughly even


@pytest.mark.parametrize("options", [{}, {"deal": "even", "two_player_scoring": "best"}])
def test_two_players_know_each_others_colours_so_the_sample_is_the_position(options: dict) -> None:
    assert not KabaleoState.hidden_information(2, options)
    assert KabaleoState.hidden_information(3) and KabaleoState.hidden_information(4)
    state = played(2, 6, options=options)
    for player in (0, 1):
        assert state.determinize(player, random.Random(3)) == state


def test_the_sample_leaves_the_state_alone_and_plays_on() -> None:
    state = played(4, 9)
    before = state.to_json()
    sample = state.determinize(2, random.Random(4))
    assert state.to_json() == before
    for move in sample.legal_moves():
        assert sample.apply_legal(move) == sample.play(move)
    finished = played(3, 30)
    assert finished.is_over() and finished.determinize(1, random.Random(5)) == finished
