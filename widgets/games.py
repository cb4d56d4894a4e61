"""Every game's board controller by the game's name (the live boards, the replays and the
boards played on the static site all start from here)."""

from __future__ import annotations

from .controller import BoardController
from .dominoes import CONTROLLERS as _DOMINOES
from .dragonkeeper import DragonKeeperController
from .kabaleo import KabaleoController
from .kingdomino import KingdominoController
from .newtown import NewtownController

CONTROLLERS: dict[str, type[BoardController]] = {
    "kingdomino": KingdominoController,
    "kabaleo": KabaleoController,
    **_DOMINOES,
    "dragonkeeper": DragonKeeperController,
    "newtown": NewtownController,
}


def controller_class(game: str) -> type[BoardController]:
    """The controller of ``game`` (a name of :mod:`gamelib.registry`)."""
    try:
        return CONTROLLERS[game]
    except KeyError:
        raise ValueError(f"no board for a game named {game!r}; choose one of {', '.join(CONTROLLERS)}") from None
