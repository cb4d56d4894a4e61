"""Kabaleo's search hooks: the rollout move (a cheap greedy playout policy) and the moves the
search tree looks at are legal, repeatable, and chosen only from what the player to move sees."""

from __future__ import annotations

import pytest

from gamelib import seeded_rng
from gamelib.kabaleo import KabaleoState
from gamelib.kabaleo.game import SEARCH_WIDTH
from gamelib.kabaleo.pile import Pile


def positions(players: int, options: dict | None = None, seed: int = 3):
    """Every position of a random game."""
    rng = seeded_rng(seed, "test-search-hooks")
    state = KabaleoState.new(players, options, seed)
    while not state.is_over():
        yield state
        state = state.play(rng.choice(state.legal_moves()))


CASES = [(2, {}), (3, {}), (4, {}), (2, {"deal": "even", "two_player_scoring": "best"})]


@pytest.mark.parametrize(("players", "options"), CASES)
def test_the_rollout_move_is_legal_and_the_same_for_the_same_random_numbers(players: int, options: dict) -> None:
    for state in positions(players, options):
        move = state.rollout_move(seeded_rng(7, "rollout"))
        assert move in state.legal_moves()
        assert state.rollout_move(seeded_rng(7, "rollout")) == move


@pytest.mark.parametrize(("players", "options"), CASES)
def test_search_moves_are_a_few_distinct_legal_moves_in_their_order(players: int, options: dict) -> None:
    for state in positions(players, options):
        legal = state.legal_moves()
        chosen = state.search_moves()
        assert chosen and len(chosen) == (min(SEARCH_WIDTH, len(legal)) if players == 2 else len(legal))
        assert len(set(chosen)) == len(chosen) and all(m in legal for m in chosen)
        assert chosen == [m for m in legal if m in chosen]  # the legal moves' order


def test_a_two_player_greedy_rollout_takes_a_pile_when_it_can() -> None:
    state = KabaleoState.new(2, seed=1)
    mine = state.secrets[state.turn]
    gain = [m for m in state.legal_moves() if m.colour in mine and state.piles[m.pile - 1].colour not in mine]
    assert gain  # a piece of its colour on a pile of the other's
    assert len(gain) > SEARCH_WIDTH and all(m in gain for m in state.search_moves())
    rng = seeded_rng(1, "greedy")
    assert all(state.rollout_move(rng) in gain for _ in range(20))


def test_a_removal_that_uncovers_the_own_colour_is_found() -> None:
    state = KabaleoState.new(2, seed=1)
    player = state.turn
    mine, theirs = state.secrets[player], state.secrets[1 - player]
    # every pile the other player's; one pile hides one of ours under one of theirs
    piles = [Pile(theirs[0])] * len(state.piles)
    piles[4] = Pile(theirs[0] + mine[0] + theirs[1])
    state.piles = tuple(piles)
    state.hands = tuple(theirs[1] if p == player else h for p, h in enumerate(state.hands))
    state._legal = None
    assert state.rollout_move(seeded_rng(2, "x")).text() == f"{theirs[1]}@5"
    assert f"{theirs[1]}@5" in [m.text() for m in state.search_moves()]


def test_with_three_or_four_players_the_hooks_are_the_protocols_own() -> None:
    """The other players' colours are a sample's even guess there: greedy playouts measured no
    better than random ones, so the tree sees every move and a playout is random."""
    for players in (3, 4):
        for state in positions(players, seed=2):
            assert state.search_moves() == state.legal_moves()
            assert state.rollout_move(seeded_rng(1, "r")) == seeded_rng(1, "r").choice(state.legal_moves())


@pytest.mark.parametrize("players", [3, 4])
def test_search_moves_do_not_read_the_other_players_secrets(players: int) -> None:
    for state in positions(players, seed=5):
        mover = state.turn
        others = [c for c in state.colours if c != state.secrets[mover]]
        chosen = state.search_moves()
        for shift in range(1, len(others)):
            twin = state._copy()
            twin.secrets = tuple(s if p == mover else others[(others.index(s) + shift) % len(others)]
                                 for p, s in enumerate(state.secrets))
            assert twin.secrets != state.secrets and twin.secrets[mover] == state.secrets[mover]
            assert twin.search_moves() == chosen
