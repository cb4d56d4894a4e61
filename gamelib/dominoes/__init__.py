"""The double-seven binary-coded dominoes: the set, its shared geometry and four games.

>>> from gamelib.dominoes import dominomega, dominimum
>>> dominomega.score("7 7", 4), dominimum.score("1 4", (1, 4))
(2, 1)
"""

from . import dominimum, dominomega, dominup, rulings, sections, tree
from .dominimum import DominimumState
from .dominomega import DominomegaOptions, DominomegaState
from .dominup import DominupOptions, DominupState
from .tiles import TILES, Pass, Place, Stacks, Table, Tree, one_ring_more, parse_move, parse_tile, ring_names, rings
from .tree import TreeState

__all__ = [
    "TILES", "DominimumState", "DominomegaOptions", "DominomegaState", "DominupOptions", "DominupState", "Pass", "Place", "Stacks",
    "Table", "Tree", "TreeState", "dominimum", "dominomega", "dominup", "one_ring_more", "parse_move", "parse_tile",
    "ring_names", "rings", "rulings", "sections", "tree",
]
