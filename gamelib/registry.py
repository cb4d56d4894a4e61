"""The games the rulebook knows, by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .core import GameError, GameState

_GAMES: dict[str, type[GameState]] = {}


def register(cls: type[GameState]) -> type[GameState]:
    """Class decorator: make ``cls`` known under ``cls.name``."""
    if cls.name in _GAMES and _GAMES[cls.name] is not cls:
        raise GameError(f"a game named {cls.name!r} is already registered")
    _GAMES[cls.name] = cls
    return cls


def game_names() -> list[str]:
    """Every registered game, sorted.

    >>> "kingdomino" in game_names()
    True
    """
    return sorted(_GAMES)


def get_game(name: str) -> type[GameState]:
    try:
        return _GAMES[name]
    except KeyError:
        from .core import excerpt

        raise GameError(f"no game named {excerpt(name)}; known: {', '.join(game_names())}") from None


def new_game(
    name: str, players: int, options: Mapping[str, Any] | None = None, seed: int = 0
) -> GameState:
    """Start a registered game.

    >>> state = new_game("kingdomino", players=4, seed=1)
    >>> state.current_player in range(4)
    True
    """
    return get_game(name).new(players, options, seed)


def load_game(text: str) -> GameState:
    """Read any saved game written by ``state.to_json()``."""
    from .core import NotationError, read_json

    data = read_json(text)
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise NotationError("a saved game must be a JSON object with a 'game' name",
                            "保存データには、どのゲームかを示す「game」が必要です。")
    try:
        cls = get_game(data["game"])
    except GameError as exc:
        raise NotationError(f"cannot load the saved game: {exc}", "この本にないゲームの保存データです。") from None
    return cls.from_dict(data)
