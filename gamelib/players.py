"""Computer players that work for every game through the shared protocol."""

from __future__ import annotations

from typing import Any

from .core import GameError, GameState, seeded_rng


class RandomPlayer:
    """Plays a uniformly random legal move, from its own seed."""

    label = "ランダム"

    def __init__(self, seed: int = 0) -> None:
        self._rng = seeded_rng(seed, "random-player")

    def choose(self, state: GameState) -> Any:
        return self._rng.choice(state.legal_moves())


class GreedyPlayer:
    """Plays the move :meth:`value` rates highest (by default the game's own
    :meth:`GameState.evaluate`); ties are broken by its own seed.  Subclasses change only
    :meth:`value`."""

    label = "欲張り"
    seed_label = "greedy-player"

    def __init__(self, seed: int = 0) -> None:
        self._rng = seeded_rng(seed, self.seed_label)

    def value(self, state: Any, move: Any, player: int) -> float:
        return state.evaluate(move, player)

    def choose(self, state: GameState) -> Any:
        player = state.current_player
        if player is None:
            raise GameError("the game is over; nobody is to move")
        best: list[Any] = []
        best_value = float("-inf")
        for move in state.legal_moves():
            value = self.value(state, move, player)
            if value > best_value + 1e-9:
                best, best_value = [move], value
            elif abs(value - best_value) <= 1e-9:
                best.append(move)
        return self._rng.choice(best)


PLAYER_KINDS: dict[str, type[RandomPlayer] | type[GreedyPlayer]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
}


def play_out(state: GameState, players: list[Any]) -> GameState:
    """Let computer players finish the game from ``state``."""
    while not state.is_over():
        who = state.current_player
        if who is None:
            raise GameError("a game that is not over must have a player to move")
        state = state.play(players[who].choose(state))
    return state
