"""A Kabaleo computer player that plays for its own colour while hiding it."""

from __future__ import annotations

from typing import Any

from ..core import GameError, seeded_rng
from . import rulings
from .game import KabaleoState, Move


class HidingPlayer:
    """Plays for its secret colour(s) without showing them.

    It values a move by its own count after it (piles, then the tie-breaks), minus the best
    count any other colour reaches (every other colour may be an opponent's), and it avoids
    putting its own colour on top when another move gains as much: such moves give the
    colour away.  Ties are broken by its own seed.
    """

    label = "隠れ上手"

    def __init__(self, seed: int = 0) -> None:
        self._rng = seeded_rng(seed, "hiding-player")

    def value(self, state: KabaleoState, move: Move, player: int) -> float:
        mine = state.secrets[player]
        after = state.play(move)
        own = rulings.player_count_key(after.piles, mine, state.options.two_player_scoring)
        counts = after.colour_counts()
        rival = max((n for c, n in counts.items() if c not in mine), default=0)
        shows = 0.6 if move.colour in mine and after.piles[move.pile - 1].colour == move.colour else 0.0
        return 3 * own[0] + own[1] / 10 + own[2] / 100 - rival - shows

    def choose(self, state: KabaleoState) -> Any:
        player = state.current_player
        if player is None:
            raise GameError("the game is over; nobody is to move")
        best: list[Move] = []
        best_value = float("-inf")
        for move in state.legal_moves():
            v = self.value(state, move, player)
            if v > best_value + 1e-9:
                best, best_value = [move], v
            elif abs(v - best_value) <= 1e-9:
                best.append(move)
        return self._rng.choice(best)
