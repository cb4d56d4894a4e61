"""キングドミノ (Kingdomino): the kingdom, the dominoes, the whole game and its variants.

>>> from gamelib.kingdomino import Kingdom
>>> Kingdom.from_text("C W1 W1").score()
4
"""

from . import real, rulings, sections
from .dominoes import DOMINOES, NAME_JA, Domino
from .game import KingdominoOptions, KingdominoState, Move, Slot, canonical, parse_move, rank
from .kingdom import Kingdom, Property

__all__ = [
    "DOMINOES",
    "NAME_JA",
    "Domino",
    "Kingdom",
    "KingdominoOptions",
    "KingdominoState",
    "Move",
    "Property",
    "Slot",
    "canonical",
    "parse_move",
    "rank",
    "real",
    "rulings",
    "sections",
]
