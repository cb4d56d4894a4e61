"""What the engine benchmarks share: random complete games through the public protocol."""

from __future__ import annotations

import pathlib
import sys
import time
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from gamelib import new_game, seeded_rng  # noqa: E402


def games_per_second(name: str, players: int, options: dict[str, Any], seconds: float) -> tuple[float, float]:
    """(games per second, moves per game): seeded random games of ``name`` — ``legal_moves()``,
    then ``play()`` of a random choice — for as many games as fit in ``seconds``."""
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng = seeded_rng(games, "bench", name)
        state = new_game(name, players, options, seed=games)
        while not state.is_over():
            state = state.play(rng.choice(state.legal_moves()))
        games += 1
        moves += len(state.moves)
    return games / (time.perf_counter() - start), moves / games
