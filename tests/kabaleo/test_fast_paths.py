"""Kabaleo's fast paths give exactly what the checked paths give: ``apply_legal`` and ``play``
agree for every legal move of random games, and the cached legal moves are the state's own."""

from __future__ import annotations

import pytest

from gamelib import seeded_rng
from gamelib.kabaleo import KabaleoState, Move


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {}), (4, {}), (3, {"deal": "even"})])
def test_apply_legal_is_play_for_every_legal_move(players: int, options: dict) -> None:
    for seed in range(4):
        rng = seeded_rng(seed, "fast-paths")
        state = KabaleoState.new(players, options, seed)
        while not state.is_over():
            moves = state.legal_moves()
            for move in moves:
                fast, checked = state.apply_legal(move), state.play(move)
                assert fast.to_json() == checked.to_json() and fast.legal_moves() == checked.legal_moves()
            state = state.play(rng.choice(moves))


def test_the_legal_moves_are_sorted_and_a_callers_list_is_its_own() -> None:
    state = KabaleoState.new(3, seed=5).play("O@3")
    moves = state.legal_moves()
    assert moves == sorted(moves) and all(type(m) is Move for m in moves)
    assert all(m.pile != 3 for m in moves)  # the pile just played on is closed
    moves.clear()
    assert state.legal_moves() and state.legal_moves() == sorted(state.legal_moves())
