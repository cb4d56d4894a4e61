"""ドミニマム (Dominimum): 2–4 players, each with a secret mission tile.

You score the size of the largest group of your mission's first number times the largest
group of its second number (groups: orthogonally connected halves showing that number).
The lowest score wins; a tie goes to whoever placed their last tile first.

A sample for a search player (``determinize``) draws the other players' missions (never a
double), their playing tiles and the supply's order again from the tiles the player cannot
account for (not on the table, not their own tile or mission); once the game is over only the
(empty) supply is left to draw.

>>> score('''
... 1 1 1 1 .
... 4 4 4 4 4''', (1, 4))
20
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Self

from ..core import NotationError, best_of, check_seed, excerpt, seeded_rng
from ..registry import register
from . import rulings, sections
from .base import OneTileState, check_no_options, check_players
from .dominomega import _NoOptions
from .tiles import TILES, Place, Table, Tile, touched_groups

DOUBLES = frozenset((n, n) for n in range(8))
#: How many placements a search player's tree considers (:meth:`DominimumState.search_moves`).
SEARCH_WIDTH = 8


def largest_group(table: Table, number: int) -> int:
    return max((len(g) for g in table.groups(lambda v: v == number)), default=0)


def largest_groups(table: Table, number: int) -> list[list[tuple[int, int]]]:
    r"""The groups of ``number`` as large as its largest (the factor it gives a mission; ties all).

    >>> [len(g) for g in largest_groups(Table.from_text("3 3 . 3\n. . . 3"), 3)]
    [2, 2]
    """
    groups = table.groups(lambda v: v == number)
    most = max((len(g) for g in groups), default=0)
    return [g for g in groups if len(g) == most]


def mission_score(table: Table, mission: Tile) -> int:
    return largest_group(table, mission[0]) * largest_group(table, mission[1])


def score(text: str, mission: tuple[int, int]) -> int:
    """Score a table in grid notation for a mission ``(a, b)`` of two different numbers."""
    if (not isinstance(mission, (tuple, list)) or len(mission) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 7 for x in mission)
            or mission[0] == mission[1]):
        raise NotationError(f"a mission is a pair of two different numbers 0-7, not {excerpt(mission)}",
                            "ミッションは 0〜7 の異なる数字2つの組です。")
    return mission_score(Table.from_text(text), (mission[0], mission[1]))


def draw_missions(order: Sequence[Tile], players: int) -> tuple[list[Tile], list[Tile], list[tuple[int, Tile, bool]]]:
    """The missions drawn from a supply in ``order`` (top first), seat by seat from the first
    player: a double is shown to nobody and goes back under the supply, and the same player
    draws again.  Returns the missions, the supply left (before it is shuffled again) and every
    draw as ``(player, tile, kept)``.

    >>> missions, rest, draws = draw_missions([(3, 3), (1, 4), (2, 6), (5, 5), (0, 7)], 2)
    >>> missions, draws[0], rest
    ([(1, 4), (2, 6)], (0, (3, 3), False), [(5, 5), (0, 7), (3, 3)])
    """
    supply = list(order)
    missions: list[Tile] = []
    draws: list[tuple[int, Tile, bool]] = []
    if sum(1 for t in supply if t[0] != t[1]) < players:
        raise ValueError("not enough tiles that are not doubles for every mission")
    for player in range(players):
        while supply[0][0] == supply[0][1]:
            draws.append((player, supply[0], False))
            supply.append(supply.pop(0))
        draws.append((player, supply[0], True))
        missions.append(supply.pop(0))
    return missions, supply, draws


@register
class DominimumState(OneTileState):
    """Dominimum for 2 to 4 players."""

    name = "dominimum"
    rule_sections = (sections.DOMINIMUM_SETUP, sections.DOMINIMUM_PLAY, sections.DOMINIMUM_SCORING)
    min_players = 2
    max_players = 4
    section_play = sections.DOMINIMUM_PLAY
    section_end = sections.DOMINIMUM_SCORING

    missions: tuple[Tile, ...]
    last_placed: tuple[int | None, ...]  # move number of each player's latest placement

    @classmethod
    def new(cls, players: int, options: Mapping[str, Any] | None = None, seed: int = 0) -> Self:
        check_players(players, (2, 3, 4), "Dominimum is for 2 to 4 players", "ドミニマムは2〜4人で遊びます。")
        check_no_options(options, "Dominimum", "ドミニマム")
        s = object.__new__(cls)
        s.players, s.seed, s.moves, s.options = players, check_seed(seed), (), _NoOptions()
        rng = seeded_rng(seed, "supply")
        supply = list(TILES)
        rng.shuffle(supply)
        missions, supply, _ = draw_missions(supply, players)
        if rulings.dominimum_shuffle_once_missions_are_drawn():  # (once every mission is drawn)
            rng.shuffle(supply)
        s.missions = tuple(missions)
        s.hands = tuple((t,) for t in supply[:players])
        s.supply = tuple(supply[players:])
        s.table = Table()
        s.turn = rulings.dominimum_first_player(players)  # who opens, and that the opener draws too
        s.over = False
        s.last_placed = (None,) * players
        return s

    def _known_secrets(self, player: int) -> set[Tile]:
        return set(self.missions) if self.over else {self.missions[player]}

    def _secret_places(self, player: int) -> list[tuple[Any, int]]:
        return [] if self.over else [(("mission", p), 1) for p in range(self.players) if p != player]

    def _hidden_limits(self, player: int) -> dict[Any, list[tuple[frozenset[Tile], int]]]:
        """A mission is never a double (a double drawn goes back and the player draws again)."""
        return {("mission", p): [(DOUBLES, 0)] for p in range(self.players) if p != player}

    def _set_secrets(self, dealt: Mapping[Any, list[Tile]]) -> None:
        self.missions = tuple(tuple(dealt[("mission", p)][0]) if ("mission", p) in dealt else m  # type: ignore[misc]
                              for p, m in enumerate(self.missions))

    def _placed(self, player: int, move_number: int) -> None:
        self.last_placed = self.last_placed[:player] + (move_number,) + self.last_placed[player + 1 :]

    def scores(self) -> list[int]:
        return [mission_score(self.table, m) for m in self.missions]

    def standings(self) -> list[float]:
        """The scores turned round for a search's reward: the lowest score wins."""
        return [-float(x) for x in self.scores()]

    def winners(self) -> list[int]:
        """The lowest score wins; among equal lowest, whoever placed their last tile first."""
        if not self.over:
            return []
        return best_of([(sc, self.last_placed[p] if self.last_placed[p] is not None else -1)
                        for p, sc in enumerate(self.scores())], lowest=True)

    def search_moves(self) -> list[Place]:
        """The placements a search player's tree looks at: the :data:`SEARCH_WIDTH` best by
        what the player to move sees, in the legal moves' order.  First the player's own
        score after the placement and the size of the group its mission number joins
        (:meth:`_mission_growth`; smaller is better), then how large the groups are that the
        tile's other numbers join (larger is better: they may be another player's mission).
        A hundred placements are too many for a second of search; most are alike.

        Measured against two greedy players, 3 players, 48 games each, at the iterations a
        CPU second buys (``gamelib.arena``): 58% with every legal move in the tree (790
        iterations a move), 77% with these (575).  Playouts stay random: a playout that keeps
        the mover's mission numbers off their groups cost nothing but won no more (60% alone
        at 780, 79% with these moves at 550).

        >>> state = DominimumState.new(3, seed=1).play("4-6 0,0 0,1")
        >>> len(state.legal_moves()), len(state.search_moves()) == SEARCH_WIDTH
        (16, True)
        """
        moves = self.legal_moves()
        if len(moves) <= SEARCH_WIDTH:
            return moves
        player = self.turn
        mission = self.missions[player]
        tile = self.hands[player][0]
        number = mission[0] if mission[0] in tile else mission[1] if mission[1] in tile else None
        own = self._mission_growth(player, number) if number is not None else None
        groups = {v: self.table.group_map((v,)) for v in set(tile) if v not in mission}

        def key(move: Place) -> tuple[Any, int]:
            harm = 0
            for v, (index, sizes) in groups.items():
                cells = [cell for cell, w in ((move.first, move.first_value), (move.second, move.second_value))
                         if w == v]
                harm += sum(sizes[g] for g in touched_groups(index, cells))
            return (own(move) if own is not None else 0), -harm
        keep = set(sorted(moves, key=key)[:SEARCH_WIDTH])
        return [move for move in moves if move in keep]

    def _mission_growth(self, player: int, number: int) -> Any:
        """For a tile showing ``number``, one of the two numbers of ``player``'s mission: a
        function of a placement of it giving (the player's score after it, the size of the
        group its half or halves with ``number`` end up in), from the groups on the table."""
        a, b = self.missions[player]
        index, sizes = self.table.group_map((number,))
        largest = max(sizes, default=0)
        factor = largest_group(self.table, b if number == a else a)

        def growth(move: Place) -> tuple[int, int]:
            cells = [cell for cell, v in ((move.first, move.first_value), (move.second, move.second_value))
                     if v == number]
            size = len(cells) + sum(sizes[g] for g in touched_groups(index, cells))
            return max(largest, size) * factor, size
        return growth

    def evaluate(self, move: Any, player: int) -> float:
        """Greedy value: the lowest score wins, so less is better."""
        return -float(mission_score(self.play(move).table, self.missions[player]))

    def final_scores_from_position(self) -> list[int]:
        return [score(self.table.to_text(), m) for m in self.missions]

    @classmethod
    def max_game_length(cls, players: int, options: Mapping[str, Any] | None = None) -> int:
        return 36 - players

    def snapshot(self) -> dict[str, Any]:
        return {"table": self.table.to_text(), "missions": self.tiles_json(self.missions),
                "hands": [self.tiles_json(h) for h in self.hands], "supply": self.tiles_json(self.supply),
                "turn": self.turn, "over": self.over, "last_placed": list(self.last_placed)}

    def view(self, player: int | None) -> dict[str, Any]:
        """Missions and playing tiles are secret until the end, except one's own."""
        self.check_viewer(player)
        data = self.snapshot()
        data["hands"] = self.view_hands(player)
        data["missions"] = [list(m) if (p == player or self.over) else None for p, m in enumerate(self.missions)]
        data["supply"] = len(self.supply)
        data["viewer"] = player
        return data
