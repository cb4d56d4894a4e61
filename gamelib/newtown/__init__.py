"""王様の新しい街 さいころニュータウン: components as data (most of them our assumptions), the map,
houses, the whole game for 2 to 4 players, its rulings, position checks and computer players.

>>> from gamelib.newtown import NewtownState, extension_stones, tree_land
>>> extension_stones([True, True, False, False]), tree_land(19, [17, 18])
([0, 0, 2, 2], 18)
>>> NewtownState.new(4, seed=2).phase
'tree'
"""

from . import data, positions, rulings, sections
from .board import KING, Board
from .data import Components, components
from .explain import exchanges_to_build, why_no_new_house
from .game import NewtownOptions, NewtownState
from .houses import House
from .moves import Move, parse_move
from .players import GreedyPlayer, PlannerPlayer
from .rulings import building_settlement, extension_stones, kings_land_dice_ok, tree_land

__all__ = [
    "exchanges_to_build",
    "why_no_new_house",
    "KING",
    "Board",
    "Components",
    "GreedyPlayer",
    "House",
    "Move",
    "NewtownOptions",
    "NewtownState",
    "PlannerPlayer",
    "building_settlement",
    "components",
    "data",
    "extension_stones",
    "kings_land_dice_ok",
    "parse_move",
    "positions",
    "rulings",
    "sections",
    "tree_land",
]
