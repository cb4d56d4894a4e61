"""ザ・ツリー (The Tree): 1–4 players grow a tree of tiles from the double blank.

Tiles lie flat in brick rows: row 0 holds the root (the double blank, cells (0, 0) and
(0, 1)); a tile in row r covers cells (r, x) and (r, x+1) with x of the same parity as r,
so a tile "above" touches exactly half of each tile below it.  The ring rule: a half above
a placed half shows exactly the rings below plus one more.  Resting on two tiles, or being
inserted under a tile (whose halves must then follow the rule too), earns an extra turn.

A sample for a search player (``determinize``) shares the tiles the player cannot account for
(not on the tree, not their own) out again among the other hands (each keeping its size) and the
supply (in a new order), keeping what passes have shown: a player who passed held no tile that
fitted then, so of the tiles that fitted they hold (or have placed since) no more than they
have drawn since.

>>> state = TreeState.new(1, seed=2)
>>> sorted({min(m.first, m.second) for m in state.legal_moves()})  # row 1, left or right of the root
[(1, -1), (1, 1)]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from ..core import IllegalMoveError, check_seed, seeded_rng
from ..registry import register
from . import rulings, sections
from .base import DominoState, check_players
from .dominup import FlagOptions
from .tiles import PASS, RING_NAMES, TILES, Cell, Pass, Place, Tile, Tree, parse_move, tile_text

ROOT: Tile = (0, 0)


@dataclass(frozen=True)
class TreeOptions(FlagOptions):
    """``play_on``: when the first player is out of tiles, the others play on for places 2–4."""

    GAME: ClassVar[str] = "The Tree"
    GAME_JA: ClassVar[str] = "ザ・ツリー"


@register
class TreeState(DominoState):
    """The Tree for 1 to 4 players; the others may play on for places 2–4 (``play_on``)."""

    name = "tree"
    rule_sections = (sections.TREE_SETUP, sections.TREE_PLACEMENT, sections.TREE_PASS, sections.TREE_END)
    min_players = 1
    max_players = 4
    may_end_without_winner = True  # the supply is empty and everyone passes

    cells: dict[Cell, int]
    placed_by: tuple[int, ...]  # tiles placed by each player
    passes: int  # consecutive passes since the supply ran out
    winner: int | None  # the first player out of tiles
    finished: tuple[int, ...]  # the players out of tiles, in the order they went out
    extra: bool  # the player to move is taking an extra turn
    movers: tuple[int, ...]  # who made each move

    @classmethod
    def new(cls, players: int, options: Mapping[str, Any] | TreeOptions | None = None, seed: int = 0) -> Self:
        check_players(players, (1, 2, 3, 4), "The Tree is for 1 to 4 players", "ザ・ツリーは1〜4人で遊びます。")
        s = object.__new__(cls)
        s.options = TreeOptions.from_dict(options)
        s.players, s.seed, s.moves = players, check_seed(seed), ()
        tiles = [t for t in TILES if t != ROOT]
        seeded_rng(seed, "deal").shuffle(tiles)
        hands, i = [], 0
        for size in rulings.tree_hand_sizes(players):
            hands.append(tuple(sorted(tiles[i : i + size])))
            i += size
        s.hands, s.supply = tuple(hands), tuple(tiles[i:])
        s.cells = {(0, 0): 0, (0, 1): 0}
        s.movers = ()  # who made each move (public: everyone at the table sees it)
        s.placed_by = (0,) * players
        s.passes = 0
        s.turn = rulings.tree_start_player(players)
        s.over = False
        s.winner = None
        s.finished = ()
        s.extra = False
        return s

    # -- the placement rule lives in Tree ------------------------------------------------
    @property
    def tree(self) -> Tree:
        """The tree (worked out once per position and shared with the next: never change it)."""
        tree = self.__dict__.get("_tree")
        if tree is None or tree.cells is not self.cells:
            tree = self.__dict__["_tree"] = Tree.__new__(Tree)
            tree.cells, tree._open = self.cells, None  # shared: neither ever changes it
        return tree

    def check_place(self, move: Place) -> tuple[IllegalMoveError | None, bool]:
        return self.tree.check(move)

    def placements(self, tile: Tile) -> list[Place]:
        return self.tree.placements(tile)

    def can_grow(self) -> bool:
        """Whether some tile not yet in the tree has a place on it (public: the tree and the set
        are known to all).  When none has, every turn is a pass until the game ends: with the
        supply empty and everyone passing, without a winner (:func:`rulings.tree_stalled`)."""
        cells = self.cells
        placed = {tuple(sorted((v, cells[(r, x + 1)]))) for (r, x), v in cells.items()
                  if (x - r) % 2 == 0 and (r, x + 1) in cells}
        tree = self.tree
        return any(tree.placements(t) for t in TILES if t not in placed)

    def _generate(self) -> list[Place | Pass]:
        if self.over:
            return []
        return self.tree.placements_of(sorted(set(self.hands[self.turn]))) or [PASS]

    def _apply(self, move: Any) -> Self:
        self._check_type(move)
        if self.over:
            raise IllegalMoveError(sections.TREE_END, "ゲームはすでに終わっています。", "The game is already over.")
        if isinstance(move, Pass):
            if self.legal_moves() != [Pass()]:  # (cached per position)
                raise IllegalMoveError(sections.TREE_PASS, "置けるタイルがあるので、パスはできません。",
                                       "You can place a tile, so you may not pass.")
            return self._next(move, False)
        if move.tile not in self.hands[self.turn]:
            raise IllegalMoveError(sections.TREE_PLACEMENT, f"{tile_text(move.tile)}は手元にありません。",
                                   f"{tile_text(move.tile)} is not in your hand.")
        error, extra = self.check_place(move)
        if error is not None:
            raise error
        return self._next(move, extra)

    def apply_legal(self, move: Any) -> Self:
        """The state after ``move``, one of :meth:`legal_moves` (not checked again)."""
        if isinstance(move, Pass):
            return self._next(move, False)
        return self._next(move, self.tree.check(move)[1])

    def _next(self, move: Place | Pass, extra: bool) -> Self:
        s = self._copy()
        s.movers = self.movers + (self.turn,)
        if isinstance(move, Pass):
            if self.supply:
                s._draw(self.turn)
                s.passes = 0
            else:
                s.passes = self.passes + 1
            s.moves = self.moves + ("pass",)
            s.extra = False
            if rulings.tree_stalled(s.passes, sum(1 for h in self.hands if h)):
                s.over = True  # the supply is empty and everyone still in passed in a row
            else:
                s.turn = rulings.next_holder(self.turn, s.hands)
            return s
        s._tree = self.tree.grow(move)
        s.cells = s._tree.cells
        s.hands = self._without(self.turn, move.tile)
        s.placed_by = self.placed_by[: self.turn] + (self.placed_by[self.turn] + 1,) + self.placed_by[self.turn + 1 :]
        s.passes = 0
        s.moves = self.moves + (move.text(),)
        if not s.hands[self.turn] and rulings.out_of_tiles_ends_the_turn():
            s.finished = self.finished + (self.turn,)
            s.winner = s.finished[0]
            s.extra = False
            if not self.options.play_on or rulings.play_on_is_over(sum(1 for h in s.hands if h)):
                s.over = True
            else:
                s.turn = rulings.next_holder(self.turn, s.hands)
        elif extra:
            s.extra = True
        else:
            s.extra = False
            s.turn = rulings.next_holder(self.turn, s.hands)
        return s

    # -- samples for search players ------------------------------------------------------
    def _known_secrets(self, player: int) -> set[Tile]:
        return {ROOT}

    def _hidden_limits(self, player: int) -> dict[Any, list[tuple[frozenset[Tile], int]]]:
        """A player passes only when no tile of theirs fits: the tiles that fitted then are
        in their hand now (or were placed by them since) only if drawn after that pass."""
        movers = getattr(self, "movers", ())
        if len(movers) != len(self.moves):
            return {}
        supply = len(TILES) - 1 - sum(rulings.tree_hand_sizes(self.players))
        tree = Tree()
        passes: list[list[Any]] = []  # [player, tiles that fitted, tiles drawn since, of those placed since]
        for text, mover in zip(self.moves, movers):
            if text == "pass":
                on_tree = set(tree.tiles())
                fitted = frozenset(t for t in TILES if t not in on_tree and tree.placements_of([t]))
                passes.append([mover, fitted, 0, 0])
                if supply:
                    supply -= 1
                    for entry in passes:
                        if entry[0] == mover:
                            entry[2] += 1
                continue
            move = parse_move(text)
            for entry in passes:
                if entry[0] == mover and move.tile in entry[1]:
                    entry[3] += 1
            tree = tree.grow(move)
        limits: dict[Any, list[tuple[frozenset[Tile], int]]] = {}
        for mover, fitted, drawn, placed in passes:
            if mover != player:
                limits.setdefault(mover, []).append((fitted, drawn - placed))
        return limits

    # -- the greedy player -----------------------------------------------------------------
    EXTRA_TURN_VALUE: ClassVar[float] = 3.0  # an extra turn, in tiles of the hand that can still go somewhere

    def evaluate(self, move: Any, player: int) -> float:
        """The greedy player's value of ``move``: every placement takes one tile from the hand,
        so what counts is what it leaves.  The tiles of ``player``'s hand that could then go
        somewhere on the tree (each one a turn without a pass, and a pass draws another tile),
        and an extra turn worth :attr:`EXTRA_TURN_VALUE` of them.  Only the player's own hand
        and the tree are read.  (Counting the places left for the tiles of others as well made
        no better player: closing the tree to them ends more games with nobody out of tiles.)"""
        if isinstance(move, Pass):
            return 0.0  # a pass is the only move when it is legal
        after = self.play(move)
        hand = sorted(set(after.hands[player]))
        fitting = {place.tile for place in after.tree.placements_of(hand)}
        extra = self.EXTRA_TURN_VALUE if (after.extra and after.turn == player) else 0.0
        return float(len(fitting)) + extra

    # -- the end ----------------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Tiles each player has placed on the tree."""
        return list(self.placed_by)

    def standings(self) -> list[float]:
        """For a search's reward: whoever ran out of tiles stands above everyone still holding
        some, the earlier the higher; among the others, fewer tiles in hand is better (tiles
        placed would not do: a tile drawn on a pass is placed too)."""
        out = [-float(len(h)) for h in self.hands]
        for i, p in enumerate(self.finished):
            out[p] = float(self.players - i)
        return out

    def places(self) -> list[list[int]]:
        """The places once the game is over, best first (players sharing a place together):
        the order in which players ran out of tiles (ruling :func:`rulings.finishing_places`);
        empty while the game goes on or when it ended with no winner."""
        if not self.over:
            return []
        return rulings.finishing_places(self.finished, self.players)

    def winners(self) -> list[int]:
        """The first player who ran out of tiles; empty when the game ended with no winner."""
        places = self.places()
        return places[0] if places else []

    def final_scores_from_position(self) -> list[int]:
        dealt = rulings.tree_hand_sizes(self.players)
        drawn = [0] * self.players
        replay = TreeState.new(self.players, self.options, self.seed)
        for text in self.moves:  # tiles drawn on passes are the only other change of a hand
            if text == "pass" and replay.supply:
                drawn[replay.turn] += 1
            replay = replay.play(text)
        return [dealt[p] + drawn[p] - len(self.hands[p]) for p in range(self.players)]

    @classmethod
    def max_game_length(cls, players: int, options: Mapping[str, Any] | None = None) -> int:
        # 35 placements, one pass per drawn tile, and before each placement (and at the
        # end) fewer than one round of passes with the supply empty
        return 35 + 35 + players * 36

    def snapshot(self) -> dict[str, Any]:
        return {
            "cells": {f"{r},{x}": v for (r, x), v in sorted(self.cells.items())},
            "hands": [self.tiles_json(h) for h in self.hands], "supply": self.tiles_json(self.supply),
            "turn": self.turn, "over": self.over, "winner": self.winner, "passes": self.passes,
            "placed_by": list(self.placed_by), "extra": self.extra, "finished": list(self.finished),
        }

    def view(self, player: int | None) -> dict[str, Any]:
        self.check_viewer(player)
        data = self.snapshot()
        data["hands"] = self.view_hands(player)
        data["supply"] = len(self.supply)
        data["viewer"] = player
        return data

    @classmethod
    def sample_configurations(cls) -> list[tuple[int, dict[str, Any]]]:
        return [(1, {}), (2, {}), (3, {}), (4, {}), (3, {"play_on": True}), (4, {"play_on": True})]

    def to_text(self) -> str:
        return self.tree.to_text()


__all__ = ["RING_NAMES", "TreeOptions", "TreeState"]
