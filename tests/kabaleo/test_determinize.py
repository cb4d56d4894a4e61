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
        assert min(counts.values()) > 300 / len(counts) / 3  # roughly even


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
