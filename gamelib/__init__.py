"""The rules engine of the interactive rulebook.

Every game implements :class:`gamelib.core.GameState`; :func:`new_game` starts any
registered game by name.
"""

from .core import GameError, GameState, IllegalMoveError, NotationError, seeded_rng
from .registry import game_names, get_game, load_game, new_game

# Importing a game registers it.
from . import dominoes, dragonkeeper, kabaleo, kingdomino, newtown, positions  # noqa: E402,F401  isort: skip

__all__ = [
    "GameError",
    "GameState",
    "IllegalMoveError",
    "NotationError",
    "game_names",
    "get_game",
    "load_game",
    "new_game",
    "seeded_rng",
]
