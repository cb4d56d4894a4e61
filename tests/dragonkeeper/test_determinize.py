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


# -- ruling 22's other reading: the levels still to come hidden (lower_levels="hidden") -----------
def test_hidden_lower_levels_are_out_of_every_view_until_they_come_into_play() -> None:
    state = played(3, 4, options={"lower_levels": "hidden"})
    assert state.level == 1
    for viewer in (0, 1, 2, None):
        assert [b is None for b in state.view(viewer)["boards"]] == [False, True, True]
    assert all(b is not None for b in played(3, 4).view(0)["boards"])  # (shown, the default)
    # once the first level is over, the second is seen, the third still not
    second = state
    while second.level == 1:
        second = second.play(random.Random(len(second.moves)).choice(second.legal_moves()))
    assert [b is None for b in second.view(0)["boards"]] == [True, False, True]


def test_a_sample_deals_the_hidden_levels_again_and_keeps_the_rest() -> None:
    state = played(3, 6, options={"lower_levels": "hidden", "layout": None})
    samples = [state.determinize(1, random.Random(n)) for n in range(30)]
    assert len({s.boards[1:] for s in samples}) == 30  # (the places below vary)
    for sample in samples:
        assert sample.view(1) == state.view(1) and sample.legal_moves() == state.legal_moves()
        assert sample.boards[0] == state.boards[0]
        assert Counter(c for b in sample.boards[1:] for c in b) == Counter(c for b in state.boards[1:] for c in b)
        assert sample.boards[1][12] == "R1s"  # (the stair tile keeps its place)
    # every tile below is sometimes on the other level below
    moved = {t for s in samples for t in s.boards[2] if t in state.boards[1]}
    assert len(moved) > 10
    # shown (the default), the levels below are the position's own
    shown = played(3, 6)
    assert shown.determinize(1, random.Random(0)).boards == shown.boards


def test_a_layout_given_as_an_option_is_sampled_below_too() -> None:
    first = DragonKeeperState.new(2, {"lower_levels": "hidden"}, seed=3)
    layout = [" ".join(c for c in b) for b in first.boards]
    state = DragonKeeperState.new(2, {"lower_levels": "hidden", "layout": layout}, seed=9)
    sample = state.determinize(0, random.Random(1))
    assert sample.options.layout[0] == state.options.layout[0]
    assert sample.options.layout[1:] != state.options.layout[1:]
    assert DragonKeeperState.new(2, {"layout": list(sample.options.layout)}, seed=9).boards == sample.boards
