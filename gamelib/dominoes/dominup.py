"""ドミナップ (Dominup): 2–4 players; climb whenever you can, then expand once.

A climb puts a tile on two adjacent tiles of one level, each half on a half showing the same
number; it is compulsory and repeated while possible.  Then, if you still hold tiles, one
expansion: a tile on the table next to a tile already on the table.  The first player out of
tiles wins (in the misère variant, loses).  Levels are real: a tile can climb onto tiles
that themselves climbed.

>>> state = DominupState.new(2, seed=1)
>>> [str(m) for m in state.legal_moves()]
['7-7 0,0 0,1']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Self

from ..core import IllegalMoveError, NotationError, check_seed, seeded_rng
from ..registry import register
from . import rulings, sections
from .base import DominoState
from .tiles import TILES, Place, Stacks, tile_text

OPENING = Place.make(7, 7, (0, 0), (0, 1))


@dataclass(frozen=True)
class DominupOptions:
    """``misere``: ミゼール — the first player out of tiles loses."""

    misere: bool = False

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> DominupOptions:
        data = dict(data or {})
        for key, value in data.items():
            if key != "misere":
                raise NotationError(f"unknown Dominup option {key!r}; known: misere")
            if not isinstance(value, bool):
                raise NotationError("option 'misere' must be true or false")
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != f.default}


@register
class DominupState(DominoState):
    """Dominup for 2 to 4 players, with the misère variant as an option."""

    name = "dominup"
    rule_sections = (sections.DOMINUP_PLACEMENT, sections.DOMINUP_PLAY, sections.DOMINUP_MISERE)
    min_players = 2
    max_players = 4

    stacks: Stacks
    out: int | None  # the player who ran out of tiles

    @classmethod
    def new(cls, players: int, options: Mapping[str, Any] | DominupOptions | None = None, seed: int = 0) -> Self:
        if isinstance(players, bool) or players not in (2, 3, 4):
            raise NotationError(f"Dominup is for 2 to 4 players, not {players!r}")
        s = object.__new__(cls)
        s.players, s.seed, s.moves = players, check_seed(seed), ()
        s.options = options if isinstance(options, DominupOptions) else DominupOptions.from_dict(options)
        tiles = list(TILES)
        seeded_rng(seed, "deal").shuffle(tiles)
        n = rulings.dominup_deal(players)
        s.hands = tuple(tuple(sorted(tiles[p * n : (p + 1) * n])) for p in range(players))
        s.supply = ()
        s.stacks = Stacks()
        s.turn = next(p for p, h in enumerate(s.hands) if (7, 7) in h)  # the double 7 opens
        s.over = False
        s.out = None
        return s

    # -- the rules ----------------------------------------------------------------------
    def climbs(self) -> list[Place]:
        return self.stacks.climbs(self.hands[self.turn])

    @property
    def phase(self) -> str:
        """``"open"`` (the double 7), ``"climb"`` (compulsory) or ``"expand"``."""
        if not self.stacks.cells:
            return "open"
        return "climb" if self.climbs() else "expand"

    def _generate(self) -> list[Place]:
        if self.over:
            return []
        phase = self.phase
        if phase == "open":
            return [OPENING]
        if phase == "climb":
            return self.climbs()
        table = self.stacks.table()
        spots = table.spots()
        out: set[Place] = set()
        for tile in set(self.hands[self.turn]):
            out.update(table.placements(tile, spots))
        return sorted(out)

    def _apply(self, move: Any) -> Self:
        self._check_type(move)
        if self.over:
            raise IllegalMoveError(sections.DOMINUP_PLAY, "ゲームはすでに終わっています。", "The game is already over.")
        if not isinstance(move, Place) or move.tile not in self.hands[self.turn]:
            raise IllegalMoveError(
                sections.DOMINUP_PLAY,
                f"{tile_text(move.tile) if isinstance(move, Place) else 'pass'}は手元にありません。",
                "That tile is not in your hand." if isinstance(move, Place) else "Dominup has no pass.",
            )
        phase = self.phase
        if phase == "open" and move != OPENING:
            raise IllegalMoveError(sections.DOMINUP_PLAY, "最初にダブルの7を中央に置きます。",
                                   "The game opens with the double 7 in the centre.")
        level = self.stacks.level_of(move)
        if phase == "climb" and move not in self.climbs():
            if level not in (0, None):  # a climb, but not a good one: say what is wrong with it
                raise self.stacks.climb_error(move) or IllegalMoveError(
                    sections.DOMINUP_PLAY, "この重ね置きはできません。", "This climb is not possible.")
            raise IllegalMoveError(
                sections.DOMINUP_PLAY,
                "重ね置きできるタイルがあるので、重ね置きしなければなりません(拡張はその後です)。",
                "A tile of yours can climb, so you must climb (the expansion comes after).",
            )
        if phase == "expand":
            if level != 0:
                raise IllegalMoveError(
                    sections.DOMINUP_PLACEMENT,
                    "このタイルは重ね置きの条件(同じ階層の隣り合う2枚のタイルの上で、数字がそれぞれ一致)を満たしません。"
                    "拡張はテーブル上に置きます。",
                    "This tile does not climb (two adjacent tiles of one level, each number matching); "
                    "an expansion goes on the table.",
                )
            if not self.stacks.table().can_take(move):
                raise IllegalMoveError(
                    sections.DOMINUP_PLACEMENT,
                    "拡張では、テーブル上の空いたマスに、置いてあるタイルと縦か横で接するように置きます。",
                    "An expansion goes on empty table cells next to a tile on the table.",
                )
        s = self._copy()
        s.stacks = self.stacks.put(move)
        s.hands = self._without(self.turn, move.tile)
        s.moves = self.moves + (move.text(),)
        if not s.hands[self.turn] and rulings.out_of_tiles_ends_the_turn():
            s.over, s.out = True, self.turn
        elif phase == "expand" or (phase == "open" and rulings.dominup_opening_is_a_turn()):
            s.turn = rulings.next_seat(self.turn, self.players)
        # after a climb the same player goes on: another climb, or the expansion
        return s

    # -- the end --------------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Tiles each player has placed."""
        counts = [0] * self.players
        for p in range(self.players):
            counts[p] = rulings.dominup_deal(self.players) - len(self.hands[p])
        return counts

    def winners(self) -> list[int]:
        if not self.over or self.out is None:
            return []
        if self.options.misere:
            return [p for p in range(self.players) if p != self.out]
        return [self.out]

    def final_scores_from_position(self) -> list[int]:
        return [rulings.dominup_deal(self.players) - len(h) for h in self.hands]

    @classmethod
    def max_game_length(cls, players: int, options: Mapping[str, Any] | None = None) -> int:
        return 36

    @classmethod
    def sample_configurations(cls) -> list[tuple[int, dict[str, Any]]]:
        return [(2, {}), (3, {}), (4, {}), (3, {"misere": True})]

    def snapshot(self) -> dict[str, Any]:
        return {
            "stacks": {f"{r},{c}": [list(h) for h in stack] for (r, c), stack in sorted(self.stacks.cells.items())},
            "hands": [self.tiles_json(h) for h in self.hands], "turn": self.turn, "over": self.over, "out": self.out,
        }

    def view(self, player: int | None) -> dict[str, Any]:
        data = self.snapshot()
        data["hands"] = self.view_hands(player)
        data["viewer"] = player
        data["top"] = self.stacks.to_text()
        return data
