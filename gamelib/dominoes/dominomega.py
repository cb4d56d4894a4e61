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
from dataclasses import dataclass
from typing import Any, Self

from ..core import NotationError, check_seed, excerpt, options_to_dict, read_options, seeded_rng
from ..registry import register
from . import rulings, sections
from .base import OneTileState, check_players
from .tiles import RING_NAMES, TILES, Place, Table, touched_groups

#: The numbers whose halves show each symbol.
SYMBOL_NUMBERS = {symbol: frozenset(n for n in range(8) if n & symbol) for symbol in (1, 2, 4)}
#: How many placements a search player's tree considers (:meth:`DominomegaState.search_moves`).
SEARCH_WIDTH = 8


def symbol_groups(table: Table, symbol: int) -> list[list[tuple[int, int]]]:
    r"""``symbol``'s groups: orthogonally connected halves that show it (the score's factors).

    >>> [len(g) for g in symbol_groups(Table.from_text("1 3 . 1\n1 2 . 1"), 1)]
    [3, 2]
    """
    return table.groups(lambda v: bool(v & symbol))


def symbol_score(table: Table, symbol: int) -> int:
    """The product of the sizes of ``symbol``'s groups (0 while it has no group)."""
    groups = symbol_groups(table, symbol)
    return math.prod(len(g) for g in groups) if groups else 0


def group_sizes(table: Table, symbol: int) -> list[int]:
    r"""The sizes of ``symbol``'s groups, largest first: the factors of :func:`symbol_score`.

    >>> t = Table.from_text("1 3 . 1\n1 2 . 1")
    >>> group_sizes(t, 1), symbol_score(t, 1)
    ([3, 2], 6)
    """
    return sorted((len(g) for g in symbol_groups(table, symbol)), reverse=True)


def score(text: str, symbol: int) -> int:
    """Score a table in grid notation for ``symbol`` (1, 2 or 4)."""
    if isinstance(symbol, bool) or not isinstance(symbol, int) or symbol not in (1, 2, 4):
        raise NotationError(f"the symbol is 1 (dot), 2 (small circle) or 4 (large circle), not {excerpt(symbol)}",
                            "シンボルは 1(点)、2(小円)、4(大円)のどれかです。")
    return symbol_score(Table.from_text(text), symbol)


@dataclass(frozen=True)
class DominomegaOptions:
    """``ties``: ``"shared"`` (default: equal highest scores share the win) or ``"last"`` (the
    last of them in turn order wins, OMEGA's rule): :data:`.rulings.DOMINOMEGA_TIES`."""

    ties: str = "shared"

    @classmethod
    def from_dict(cls, data: Any) -> DominomegaOptions:
        if type(data) is cls:
            data = {"ties": data.ties}
        # (the Japanese names the setting and its choices as the board does, not the key)
        return cls(**read_options(data, cls, "Dominomega", "ドミノメガ", {"ties": rulings.DOMINOMEGA_TIES},
                                  {"ties": ("「同点のとき」", ("勝ちを分け合う", "手番が最後の人の勝ち"))}))

    def to_dict(self) -> dict[str, Any]:
        return options_to_dict(self)


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
    def new(cls, players: int, options: Mapping[str, Any] | DominomegaOptions | None = None, seed: int = 0) -> Self:
        check_players(players, (2, 3), "Dominomega is for 3 players (2 with the variant)",
                      "ドミノメガは3人で遊びます(2人用のバリアントもあります)。")
        opts = DominomegaOptions.from_dict(options)
        s = object.__new__(cls)
        s.players, s.seed, s.moves = players, check_seed(seed), ()
        s.options = opts
        s.symbols = rulings.dominomega_symbols(players)
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
        """Highest score wins; equal highest scores share the win, or the last of them in turn
        order takes it with the option ``ties="last"`` (:func:`.rulings.dominomega_winners`)."""
        if not self.over:
            return []
        return rulings.dominomega_winners(self.scores(), self.options.ties)

    def search_moves(self) -> list[Place]:
        """The placements a search player's tree looks at: the :data:`SEARCH_WIDTH` that do
        the most for the player to move against the others, in the legal moves' order.  A
        placement is rated by the factor it multiplies the mover's score by over the mean
        factor it multiplies the other players' scores by (:meth:`_factor`: every symbol and
        the table are public).  A hundred placements are too many for a second of search.

        Measured against two greedy players, 3 players, 48 games each, at the iterations a
        CPU second buys (``gamelib.arena``): 60% with every legal move in the tree (700
        iterations a move), 92% with these (445).  Playouts stay random: a greedy playout
        (the placement that raises the own score most) cost half the iterations and won no
        more (58% alone at 327, 79% with these moves at 265).

        >>> state = DominomegaState.new(3, seed=1).play("1-5 0,0 0,1")
        >>> len(state.legal_moves()), len(state.search_moves()) == SEARCH_WIDTH
        (32, True)
        """
        moves = self.legal_moves()
        if len(moves) <= SEARCH_WIDTH:
            return moves
        x, y = self.hands[self.turn][0]
        mine = self.symbols[self.turn]
        own = self._factor(mine)
        others = [self._factor(symbol) for symbol in self.symbols if symbol != mine and (x | y) & symbol]
        share = 1 / (len(self.symbols) - 1)

        def value(move: Place) -> float:
            v = math.log(own(move))
            for factor in others:
                v -= share * math.log(factor(move))
            return -v
        keep = set(sorted(moves, key=value)[:SEARCH_WIDTH])
        return [move for move in moves if move in keep]

    def _factor(self, symbol: int) -> Any:
        """A function of a placement: the factor by which it multiplies ``symbol``'s score,
        from the groups its halves with the symbol join (a score of 0, no group yet, counts
        as 1)."""
        index, sizes = self.table.group_map(SYMBOL_NUMBERS[symbol])

        def factor(move: Place) -> float:
            cells = [cell for cell, v in ((move.first, move.first_value), (move.second, move.second_value))
                     if v & symbol]
            if not cells:
                return 1.0
            joined = touched_groups(index, cells)
            return (len(cells) + sum(sizes[g] for g in joined)) / math.prod(sizes[g] for g in joined)
        return factor

    def final_scores_from_position(self) -> list[int]:
        return [score(self.table.to_text(), sym) for sym in self.symbols]

    @classmethod
    def max_game_length(cls, players: int, options: Mapping[str, Any] | None = None) -> int:
        return 36

    @classmethod
    def sample_configurations(cls) -> list[tuple[int, dict[str, Any]]]:
        return [(3, {}), (2, {}), (3, {"ties": "last"})]

    def snapshot(self) -> dict[str, Any]:
        return {"table": self.table.to_text(), "hands": [self.tiles_json(h) for h in self.hands],
                "supply": self.tiles_json(self.supply), "turn": self.turn, "over": self.over}

    def view(self, player: int | None) -> dict[str, Any]:
        """The table is public; a player sees their own tile only; the supply stays hidden."""
        self.check_viewer(player)
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
