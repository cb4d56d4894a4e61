"""ザ・ツリー (The Tree): 1–4 players grow a tree of tiles from the double blank.

Tiles lie flat in brick rows: row 0 holds the root (the double blank, cells (0, 0) and
(0, 1)); a tile in row r covers cells (r, x) and (r, x+1) with x of the same parity as r,
so a tile "above" touches exactly half of each tile below it.  The ring rule: a half above
a placed half shows exactly the rings below plus one more.  Resting on two tiles, or being
inserted under a tile (whose halves must then follow the rule too), earns an extra turn.

>>> state = TreeState.new(1, seed=2)
>>> sorted({min(m.first, m.second) for m in state.legal_moves()})  # row 1, left or right of the root
[(1, -1), (1, 1)]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from ..core import IllegalMoveError, NotationError, check_seed, seeded_rng
from ..registry import register
from . import rulings, sections
from .base import DominoState
from .dominomega import _NoOptions
from .tiles import RING_NAMES, TILES, Cell, Pass, Place, Tile, one_ring_more, ring_names, tile_text

ROOT: Tile = (0, 0)


def _fits(value: int, below: int | None, above: int | None) -> bool:
    """The ring rule for one half: one ring more than the half below, one less than above."""
    return (below is None or one_ring_more(below, value)) and (above is None or one_ring_more(value, above))


class Tree:
    """The tree's tiles as cells ``(row, x)`` → number; a value: :meth:`place` returns a new tree.

    >>> t = Tree().place(Place.make(1, 3, (1, 1), (1, 2)))  # a dot added to the blank
    >>> print(t.to_text())
    . 1 3
    0 0 .
    """

    __slots__ = ("cells",)

    def __init__(self, cells: Mapping[Cell, int] | None = None) -> None:
        self.cells: dict[Cell, int] = dict(cells) if cells is not None else {(0, 0): 0, (0, 1): 0}

    def place(self, move: Place) -> Tree:
        """The tree with ``move`` added; raises :class:`IllegalMoveError` naming the rule."""
        error, _ = self.check(move)
        if error is not None:
            raise error
        cells = dict(self.cells)
        cells[move.first] = move.first_value
        cells[move.second] = move.second_value
        return Tree(cells)

    def extra_turn(self, move: Place) -> bool:
        """Whether ``move`` (legal) rests on two tiles or is inserted under one."""
        return self.check(move)[1]

    def check(self, move: Place) -> tuple[IllegalMoveError | None, bool]:
        """(why ``move`` is illegal or None, whether it earns an extra turn)."""
        sec = sections.TREE_PLACEMENT
        (r1, x1), (r2, x2) = move.first, move.second
        if r1 != r2:
            return IllegalMoveError(sec, "タイルは横向きに、行に沿って置きます。", "Tiles lie flat, along a row."), False
        if move.first[1] < move.second[1]:
            (r, x), left, right = move.first, move.first_value, move.second_value
        else:
            (r, x), left, right = move.second, move.second_value, move.first_value
        if r < 1 or (x - r) % 2:
            return IllegalMoveError(
                sec, "タイルは下のタイルに半分だけずらして(れんが積みのように)「上」に置きます。",
                "A tile goes 'above', shifted by half a tile from the ones below (like bricks).",
            ), False
        if (r, x) in self.cells or (r, x + 1) in self.cells:
            return IllegalMoveError(sec, "そこにはすでにタイルがあります。", "That place is already taken."), False
        below = [self.cells.get((r - 1, x)), self.cells.get((r - 1, x + 1))]
        if below == [None, None]:
            return IllegalMoveError(
                sec, "タイルは置いてあるタイルの「上」に、その半分に接するように置きます。",
                "A tile must go 'above' a placed tile, touching half of it.",
            ), False
        above = [self.cells.get((r + 1, x)), self.cells.get((r + 1, x + 1))]
        for value, low, high in ((left, below[0], above[0]), (right, below[1], above[1])):
            if low is not None and not one_ring_more(low, value):
                return IllegalMoveError(
                    sec,
                    f"{value}({ring_names(value)})は下の{low}({ring_names(low)})のリングにちょうど1つ足したものではありません。",
                    f"{value} is not {low} plus exactly one ring.",
                ), False
            if high is not None and not one_ring_more(value, high):
                return IllegalMoveError(
                    sec,
                    f"上の{high}({ring_names(high)})が、{value}({ring_names(value)})のリングにちょうど1つ足したものになりません。",
                    f"The {high} above is not {value} plus exactly one ring.",
                ), False
        on_two = None not in below
        inserted = above != [None, None]
        return None, rulings.tree_extra_turns(on_two, inserted) > 0

    def placements(self, tile: Tile) -> list[Place]:
        """Every legal placement of ``tile`` (the same rule as :meth:`check`, without the words)."""
        cells = self.cells
        spots = {(r + 1, c if (c - r - 1) % 2 == 0 else c - 1) for r, c in cells}
        out = set()
        for row, x in spots:
            if (row, x) in cells or (row, x + 1) in cells:
                continue
            below = (cells.get((row - 1, x)), cells.get((row - 1, x + 1)))
            above = (cells.get((row + 1, x)), cells.get((row + 1, x + 1)))
            for left, right in {tile, tile[::-1]}:
                if _fits(left, below[0], above[0]) and _fits(right, below[1], above[1]):
                    out.add(Place.make(left, right, (row, x), (row, x + 1)))
        return sorted(out)


    def to_text(self) -> str:
        """The tree, top row first, as numbers in brick rows (``.`` for a gap)."""
        rows = sorted({r for r, _ in self.cells}, reverse=True)
        xs = [x for _, x in self.cells]
        lo, hi = min(xs), max(xs)
        return "\n".join(
            " ".join(str(self.cells[(r, x)]) if (r, x) in self.cells else "." for x in range(lo, hi + 1))
            for r in rows
        )


@register
class TreeState(DominoState):
    """The Tree for 1 to 4 players."""

    name = "tree"
    rule_sections = (sections.TREE_SETUP, sections.TREE_PLACEMENT, sections.TREE_PASS, sections.TREE_END)
    min_players = 1
    max_players = 4
    may_end_without_winner = True  # the supply is empty and everyone passes

    cells: dict[Cell, int]
    placed_by: tuple[int, ...]  # tiles placed by each player
    passes: int  # consecutive passes since the supply ran out
    winner: int | None
    extra: bool  # the player to move is taking an extra turn

    @classmethod
    def new(cls, players: int, options: Mapping[str, Any] | None = None, seed: int = 0) -> Self:
        if isinstance(players, bool) or players not in (1, 2, 3, 4):
            raise NotationError(f"The Tree is for 1 to 4 players, not {players!r}")
        if options:
            raise NotationError(f"The Tree has no options: {', '.join(options)}")
        s = object.__new__(cls)
        s.players, s.seed, s.moves, s.options = players, check_seed(seed), (), _NoOptions()
        tiles = [t for t in TILES if t != ROOT]
        seeded_rng(seed, "deal").shuffle(tiles)
        hands, i = [], 0
        for size in rulings.tree_hand_sizes(players):
            hands.append(tuple(sorted(tiles[i : i + size])))
            i += size
        s.hands, s.supply = tuple(hands), tuple(tiles[i:])
        s.cells = {(0, 0): 0, (0, 1): 0}
        s.placed_by = (0,) * players
        s.passes = 0
        s.turn = 0
        s.over = False
        s.winner = None
        s.extra = False
        return s

    # -- the placement rule lives in Tree ------------------------------------------------
    @property
    def tree(self) -> Tree:
        return Tree(self.cells)

    def check_place(self, move: Place) -> tuple[IllegalMoveError | None, bool]:
        return self.tree.check(move)

    def placements(self, tile: Tile) -> list[Place]:
        return self.tree.placements(tile)

    def _generate(self) -> list[Place | Pass]:
        if self.over:
            return []
        out: set[Place] = set()
        for tile in set(self.hands[self.turn]):
            out.update(self.placements(tile))
        return sorted(out) if out else [Pass()]

    def _apply(self, move: Any) -> Self:
        self._check_type(move)
        if self.over:
            raise IllegalMoveError(sections.TREE_END, "ゲームはすでに終わっています。", "The game is already over.")
        s = self._copy()
        if isinstance(move, Pass):
            if self.legal_moves() != [Pass()]:  # (cached per position)
                raise IllegalMoveError(sections.TREE_PASS, "置けるタイルがあるので、パスはできません。",
                                       "You can place a tile, so you may not pass.")
            if self.supply:
                s._draw(self.turn)
                s.passes = 0
            else:
                s.passes = self.passes + 1
            s.moves = self.moves + ("pass",)
            s.extra = False
            if s.passes >= self.players:
                s.over = True  # the supply is empty and everyone passed in a row: no winner
            else:
                s.turn = (self.turn + 1) % self.players
            return s
        if move.tile not in self.hands[self.turn]:
            raise IllegalMoveError(sections.TREE_PLACEMENT, f"{tile_text(move.tile)}は手元にありません。",
                                   f"{tile_text(move.tile)} is not in your hand.")
        error, extra = self.check_place(move)
        if error is not None:
            raise error
        s.cells = dict(self.cells)
        s.cells[move.first] = move.first_value
        s.cells[move.second] = move.second_value
        s.hands = self._without(self.turn, move.tile)
        s.placed_by = self.placed_by[: self.turn] + (self.placed_by[self.turn] + 1,) + self.placed_by[self.turn + 1 :]
        s.passes = 0
        s.moves = self.moves + (move.text(),)
        if not s.hands[self.turn] and rulings.out_of_tiles_ends_the_turn():
            s.over, s.winner = True, self.turn
        elif extra:
            s.extra = True
        else:
            s.extra = False
            s.turn = (self.turn + 1) % self.players
        return s

    # -- the end ----------------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Tiles each player has placed on the tree."""
        return list(self.placed_by)

    def winners(self) -> list[int]:
        """The player who ran out of tiles; empty when the game ended with no winner."""
        return [self.winner] if self.winner is not None else []

    def final_scores_from_position(self) -> list[int]:
        dealt = rulings.tree_hand_sizes(self.players)
        drawn = [0] * self.players
        replay = TreeState.new(self.players, {}, self.seed)
        for text in self.moves:  # tiles drawn on passes are the only other change of a hand
            if text == "pass" and replay.supply:
                drawn[replay.turn] += 1
            replay = replay.play(text)
        return [dealt[p] + drawn[p] - len(self.hands[p]) for p in range(self.players)]

    @classmethod
    def max_game_length(cls, players: int, options: Mapping[str, Any] | None = None) -> int:
        # 35 placements, one pass per drawn tile, and one last round of passes
        return 35 + 35 + players

    def snapshot(self) -> dict[str, Any]:
        return {
            "cells": {f"{r},{x}": v for (r, x), v in sorted(self.cells.items())},
            "hands": [self.tiles_json(h) for h in self.hands], "supply": self.tiles_json(self.supply),
            "turn": self.turn, "over": self.over, "winner": self.winner, "passes": self.passes,
            "placed_by": list(self.placed_by), "extra": self.extra,
        }

    def view(self, player: int | None) -> dict[str, Any]:
        data = self.snapshot()
        data["hands"] = self.view_hands(player)
        data["supply"] = len(self.supply)
        data["viewer"] = player
        return data

    def to_text(self) -> str:
        return self.tree.to_text()


__all__ = ["RING_NAMES", "Tree", "TreeState"]
