"""カバレオ (Kabaleo): piles, the whole game with its secret colours, and a hiding player.

>>> from gamelib.kabaleo import Pile
>>> Pile.from_text("KO").place("V").colour
'V'
"""

from . import positions, rulings, sections
from .game import KabaleoOptions, KabaleoState, Move, parse_move, rank
from .pile import COLOURS, NAME_EN, NAME_JA, Pile
from .players import HidingPlayer
from .positions import check_end, check_piles, find_game, random_game

__all__ = [
    "COLOURS",
    "NAME_EN",
    "NAME_JA",
    "HidingPlayer",
    "KabaleoOptions",
    "KabaleoState",
    "Move",
    "Pile",
    "check_end",
    "check_piles",
    "find_game",
    "parse_move",
    "positions",
    "random_game",
    "rank",
    "rulings",
    "sections",
]
