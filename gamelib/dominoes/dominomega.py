"""ドミノメガ (Dominomega): three players own the dot, the small circle and the large circle.

Each holds one hidden tile; on your turn you put it next to the tiles on the table and draw
another.  When all 36 are down, your score is the product of the sizes of your symbol's
groups (orthogonally connected halves that contain it).  With two players the small circle
is left out.

A sample for a search player (``determinize``) deals the tiles the player cannot account for
(not on the table, not their own) again at random: one to each other player still holding a
tile, the rest as the supply in a new order.

>>> score("1 3\\n. 4", 1)  # two halves with the dot, side by side
2
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Self

from ..core import NotationError, best_of, check_seed, excerpt, seeded_rng
from ..registry import register
from . import sections
from .base import OneTileState, check_no_options, check_players
from .tiles import RING_NAMES, TILES, Table

SYMBOLS = {3: (1, 2, 4), 2: (1, 4)}


def symbol_score(table: Table, symbol: int) -> int:
    """The product of the sizes of ``symbol``'s groups (0 while it has no group)."""
    groups = table.groups(lambda v: bool(v & symbol))
    return math.prod(len(g) for g in groups) if groups else 0


def score(text: str, symbol: int) -> int:
    """Score a table in grid notation for ``symbol`` (1, 2 or 4)."""
    if isinstance(symbol, bool) or not isinstance(symbol, int) or symbol not in (1, 2, 4):
        raise NotationError(f"the symbol is 1 (dot), 2 (small circle) or 4 (large circle), not {excerpt(symbol)}",
                            "シンボルは 1(点)、2(小円)、4(大円)のどれかです。")
    return symbol_score(Table.from_text(text), symbol)


@register
class DominomegaState(OneTileState):
    """Dominomega; players 3, or 2 for the variant without the small circle."""

    name = "dominomega"
    rule_sections = (sections.DOMINOMEGA, sections.DOMINOMEGA_PLAY, sections.DOMINOMEGA_SCORING,
                     sections.DOMINOMEGA_TWO)
    min_players = 2
    max_players = 3
    section_play = sections.DOMINOMEGA_PLAY
    section_end = sections.DOMINOMEGA_SCORING

    @classmethod
    def new(cls, players: int, options: Mapping[str, Any] | None = None, seed: int = 0) -> Self:
        check_players(players, (2, 3), "Dominomega is for 3 players (2 with the variant)",
                      "ドミノメガは3人で遊びます(2人用のバリアントもあります)。")
        check_no_options(options, "Dominomega", "ドミノメガ")
        s = object.__new__(cls)
        s.players, s.seed, s.moves = players, check_seed(seed), ()
        s.options = _NoOptions()
        s.symbols = SYMBOLS[players]
        tiles = list(TILES)
        seeded_rng(seed, "supply").shuffle(tiles)
        s.hands = tuple((t,) for t in tiles[:players])
        s.supply = tuple(tiles[players:])
        s.table = Table()
        s.turn = 0  # the dot plays first, then the small circle, then the large circle
        s.over = False
        return s

    def scores(self) -> list[int]:
        return [symbol_score(self.table, sym) for sym in self.symbols]

    def winners(self) -> list[int]:
        """Highest score wins; equal highest scores share the win (ruling)."""
        if not self.over:
            return []
        return best_of(self.scores())

    def final_scores_from_position(self) -> list[int]:
        return [score(self.table.to_text(), sym) for sym in self.symbols]

    @classmethod
    def max_game_length(cls, players: int, options: Mapping[str, Any] | None = None) -> int:
        return 36

    @classmethod
    def sample_configurations(cls) -> list[tuple[int, dict[str, Any]]]:
        return [(3, {}), (2, {})]

    def snapshot(self) -> dict[str, Any]:
        return {"table": self.table.to_text(), "hands": [self.tiles_json(h) for h in self.hands],
                "supply": self.tiles_json(self.supply), "turn": self.turn, "over": self.over}

    def view(self, player: int | None) -> dict[str, Any]:
        """The table is public; a player sees their own tile only; the supply stays hidden."""
        data = self.snapshot()
        data["hands"] = self.view_hands(player)
        data["supply"] = len(self.supply)
        data["symbols"] = [RING_NAMES[s] for s in self.symbols]
        data["viewer"] = player
        data["scores"] = self.scores()
        return data


class _NoOptions:
    """Games without options still save an (empty) options object."""

    def to_dict(self) -> dict[str, Any]:
        return {}
