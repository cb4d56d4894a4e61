"""Dragon Keeper samples for search (``determinize``): only the other players' guilds are drawn
again, as a real set-up could deal them; the public position stays."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from gamelib import seeded_rng
from gamelib.dragonkeeper import DragonKeeperState
from gamelib.dragonkeeper.tiles import GUILD_COLOURS


def played(players: int, moves: int | None, seed: int = 6, options: dict | None = None) -> DragonKeeperState:
    """A random game of ``moves`` moves (None: until the end scoring begins)."""
    rng = seeded_rng(seed, "test-determinize")
    state = DragonKeeperState.new(players, options, seed)
    while (len(state.moves) < moves) if moves is not None else not state.guilds_revealed():
        state = state.play(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_sample_keeps_the_own_guild_and_deals_different_other_guilds(players: int) -> None:
    state = played(players, 20)
    rng = random.Random(1)
    for player in range(players):
        for _ in range(20):
            sample = state.determinize(player, rng)
            assert sample.guilds[player] == state.guilds[player]
            assert len(set(sample.guilds)) == players and set(sample.guilds) <= set(GUILD_COLOURS)
            assert sample.snapshot() | {"guilds": None} == state.snapshot() | {"guilds": None}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_guild_the_player_does_not_hold_is_sometimes_an_opponents(players: int) -> None:
    state = played(players, 10)
    rng = random.Random(2)
    seen: Counter[tuple[int, str]] = Counter()
    for _ in range(300):
        sample = state.determinize(0, rng)
        seen.update((p, g) for p, g in enumerate(sample.guilds) if p != 0)
    others = set(GUILD_COLOURS) - {state.guilds[0]}
    for p in range(1, players):
        assert {g for q, g in seen if q == p} == others
        assert min(seen[(p, g)] for g in others) > 300 / len(others) / 3


def test_once_the_guilds_are_shown_the_sample_is_the_position() -> None:
    state = played(3, None)
    assert state.guilds_revealed()
    assert state.determinize(1, random.Random(3)) == state


def test_guilds_given_as_an_option_are_sampled_in_the_options_too() -> None:
    state = played(3, 5, options={"guilds": "BYG"})
    samples = [state.determinize(0, random.Random(n)) for n in range(20)]
    assert {s.options.guilds for s in samples} == {"BYG", "BYP", "BGY", "BGP", "BPY", "BPG"}
    assert all(s.options.guilds == "".join(s.guilds) for s in samples)


def test_the_sample_leaves_the_state_alone_and_plays_on_to_the_end() -> None:
    state = played(4, 30)
    before = state.to_json()
    sample = state.determinize(2, random.Random(4))
    assert state.to_json() == before
    rng = random.Random(5)
    while not sample.is_over():
        moves = sample.legal_moves()
        move = rng.choice(moves)
        assert sample.apply_legal(move) == sample.play(move)
        sample = sample.apply_legal(move)
    assert state.to_json() == before
