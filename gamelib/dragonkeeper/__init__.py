"""ドラゴンキーパー:ザ・ダンジョン (Dragon Keeper: The Dungeon): the tiles, the whole game with its
secret guilds, the end scoring, and a computer player that hides its guild.

>>> from gamelib.dragonkeeper import final_score
>>> final_score("R:1s,3,5 B:4,2r Y:3 P:2,2", "P")
7
"""

from . import positions, rulings, scoring, sections, tiles
from .game import DragonKeeperOptions, DragonKeeperState, Move, board_text, parse_board, parse_move
from .players import HidingPlayer, HintPlayer, spectator_guess
from .positions import check_end, check_level, check_stacks
from .scoring import final_score
from .tiles import COLOURS, GUILD_COLOURS, NAME_EN, NAME_JA, parse_stacks, parse_tile, stacks_text

__all__ = [
    "COLOURS",
    "GUILD_COLOURS",
    "NAME_EN",
    "NAME_JA",
    "DragonKeeperOptions",
    "DragonKeeperState",
    "HidingPlayer",
    "HintPlayer",
    "Move",
    "board_text",
    "check_end",
    "check_level",
    "check_stacks",
    "final_score",
    "parse_board",
    "parse_move",
    "parse_stacks",
    "parse_tile",
    "positions",
    "rulings",
    "scoring",
    "sections",
    "spectator_guess",
    "stacks_text",
    "tiles",
]
