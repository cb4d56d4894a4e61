"""ドミナップ (Dominup): 2–4 players; climb whenever you can, then expand once.

A climb puts a tile on two adjacent tiles of one level, each half on a half showing the same
number; it is compulsory and repeated while possible.  Then, if you still hold tiles, one
expansion: a tile on the table next to a tile already on the table (ruling: its numbers need
not match anything, as the text sets no condition on expansions).  The first player out of
tiles wins (in the misère variant, loses); with the option ``play_on`` the others play on
for places 2–4 (:meth:`DominupState.places`).  Levels are real: a tile can climb onto tiles
that themselves climbed.

All 36 tiles are dealt, so with two players nothing is hidden (each knows the other's hand:
``hidden_information`` is false and a sample is the position itself).  With three or four, a
sample for a search player (``determinize``) shares the tiles in the other hands out again,
each hand keeping its size, and keeps what play has shown: a player who expanded held no tile
that could climb at that moment, so none of those is dealt to them.

>>> state = DominupState.new(2, seed=1)
>>> [str(m) for m in state.legal_moves()]
['7-7 0,0 0,1']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Self

from ..core import IllegalMoveError, NotationError, check_seed, excerpt, options_to_dict, seeded_rng
from ..registry import register
from . import rulings, sections
from .base import DominoState, check_players
from .tiles import PLACES, TILES, Cell, Place, Stacks, Tile, parse_move, tile_text

OPENING = Place.make(7, 7, (0, 0), (0, 1))


@dataclass(frozen=True)
class FlagOptions:
    """Options that are all true/false switches (Dominup, The Tree); only the switches that
    differ from their default are saved.

    ``play_on``: when the first player is out of tiles, the others play on for places 2–4.
    """

    play_on: bool = False
    GAME: ClassVar[str] = "this game"
    GAME_JA: ClassVar[str] = "このゲーム"

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """Options from a mapping of switch names to true/false (or None for the defaults, or
        options of this very class, checked again); NotationError for anything else."""
        known = [f.name for f in fields(cls)]
        if data is None:
            return cls()
        if type(data) is cls:
            data = {name: getattr(data, name) for name in known}
        if not isinstance(data, Mapping):
            raise NotationError(f"{cls.GAME} options are a mapping of names to true/false, not {type(data).__name__}",
                                f"{cls.GAME_JA}のオプションは、名前とオン・オフ(true か false)の組で指定します。")
        for key, value in data.items():
            if not isinstance(key, str) or key not in known:
                raise NotationError(f"unknown {cls.GAME} option {excerpt(key)}; known: {', '.join(known)}",
                                    f"{cls.GAME_JA}にそのオプションはありません。")
            if not isinstance(value, bool):
                raise NotationError(f"option {key!r} must be true or false, not {excerpt(value)}",
                                    f"{cls.GAME_JA}のオプションの値は、オン・オフ(true か false)で指定します。")
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        return options_to_dict(self)


@dataclass(frozen=True)
class DominupOptions(FlagOptions):
    """``misere``: ミゼール — the first player out of tiles loses; ``play_on`` as for every
    :class:`FlagOptions`."""

    misere: bool = False
    GAME: ClassVar[str] = "Dominup"
    GAME_JA: ClassVar[str] = "ドミナップ"


@register
class DominupState(DominoState):
    """Dominup for 2 to 4 players, with the misère variant as an option."""

    name = "dominup"
    rule_sections = (sections.DOMINUP_PLACEMENT, sections.DOMINUP_PLAY, sections.DOMINUP_MISERE)
    min_players = 2
    max_players = 4

    stacks: Stacks
    out: int | None  # the first player who ran out of tiles
    finished: tuple[int, ...]  # the players out of tiles, in the order they went out
    movers: tuple[int, ...]  # who made each move

    @classmethod
    def new(cls, players: int, options: Mapping[str, Any] | DominupOptions | None = None, seed: int = 0) -> Self:
        check_players(players, (2, 3, 4), "Dominup is for 2 to 4 players", "ドミナップは2〜4人で遊びます。")
        s = object.__new__(cls)
        s.options = DominupOptions.from_dict(options)
        s.players, s.seed, s.moves = players, check_seed(seed), ()
        tiles = list(TILES)
        seeded_rng(seed, "deal").shuffle(tiles)
        n = rulings.dominup_deal(players)
        s.hands = tuple(tuple(sorted(tiles[p * n : (p + 1) * n])) for p in range(players))
        s.supply = ()
        s.stacks = Stacks()
        s.movers = ()  # who made each move (public: everyone at the table sees it)
        s.turn = next(p for p, h in enumerate(s.hands) if (7, 7) in h)  # the double 7 opens
        s.over = False
        s.out = None
        s.finished = ()
        return s

    # -- the rules ----------------------------------------------------------------------
    _CACHES = ("_legal", "_climbs", "_values")

    def climbs(self) -> list[Place]:
        return list(self._climb_list())

    def _climb_list(self) -> list[Place]:
        """The climbs of the player to move, worked out once per position."""
        cached = self.__dict__.get("_climbs")
        if cached is None:
            cached = self.__dict__["_climbs"] = self.stacks.climbs(self.hands[self.turn])
        return cached

    def idle_tile_words(self, tile: Tile, name: str | None = None) -> str | None:
        """A tile that cannot climb while another can: climbing comes first, so it may not
        expand either (the rule a tester was not told when such a tile was chosen)."""
        if self.phase == "climb" and all(m.tile != tile for m in self._climb_list()):
            return (f"{name or tile_text(tile)}は重ね置きできません。手元に重ね置きできるタイルがあるうちは拡張できない"
                    "(重ね置きが先)ので、今は置けません。")
        return None

    @property
    def phase(self) -> str:
        """``"open"`` (the double 7), ``"climb"`` (compulsory) or ``"expand"``."""
        if not self.stacks.cells:
            return "open"
        return "climb" if self._climb_list() else "expand"

    def _generate(self) -> list[Place]:
        if self.over:
            return []
        phase = self.phase
        if phase == "open":
            return [OPENING]
        if phase == "climb":
            return self.climbs()
        return self.stacks.table().placements_of(self.hands[self.turn])  # the hand is sorted

    def _apply(self, move: Any) -> Self:
        self._check_type(move)
        if self.over:
            raise IllegalMoveError(sections.DOMINUP_PLAY, "ゲームはすでに終わっています。", "The game is already over.")
        if not isinstance(move, Place) and rulings.dominup_never_passes():
            raise IllegalMoveError(sections.DOMINUP_PLAY, "ドミナップにパスはありません。手番では必ずタイルを置きます。",
                                   "Dominup has no pass: every turn places a tile.")
        if move.tile not in self.hands[self.turn]:
            raise IllegalMoveError(sections.DOMINUP_PLAY, f"{tile_text(move.tile)}は手元にありません。",
                                   f"{tile_text(move.tile)} is not in your hand.")
        phase = self.phase
        if phase == "open" and move != OPENING:
            raise IllegalMoveError(sections.DOMINUP_PLAY, "最初にダブルの7を中央に置きます。",
                                   "The game opens with the double 7 in the centre.")
        level = self.stacks.level_of(move)
        if phase == "climb" and move not in self._climb_list():
            # a climb, but not a good one (or half of one: a half on a tile, the other on the
            # table or on another level): say what is wrong with it (a tester trying to climb had
            # been told that he might not expand)
            if level != 0:
                raise self.stacks.climb_error(move) or IllegalMoveError(
                    sections.DOMINUP_PLAY, "この重ね置きはできません。", "This climb is not possible.")
            raise IllegalMoveError(
                sections.DOMINUP_PLAY,
                "手元に重ね置きできるタイルがあるうちは拡張できません。重ね置きが先です。",
                "While a tile of yours can climb you may not expand: climbing comes first.",
            )
        if phase == "expand":
            if level != 0:
                raise IllegalMoveError(
                    sections.DOMINUP_PLACEMENT,
                    "このタイルは重ね置きの条件(同じ高さで隣り合う2枚のタイルの上で、数字がそれぞれ一致)を満たしません。"
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
        return self._next(move, phase)

    def apply_legal(self, move: Any) -> Self:
        """The state after ``move``, one of :meth:`legal_moves` (not checked again)."""
        return self._next(move, self.phase)

    def _next(self, move: Place, phase: str) -> Self:
        s = self._copy()
        s.stacks = self.stacks.put(move)
        s.hands = self._without(self.turn, move.tile)
        s.moves = self.moves + (move.text(),)
        s.movers = self.movers + (self.turn,)
        if not s.hands[self.turn] and rulings.out_of_tiles_ends_the_turn():
            s.finished = self.finished + (self.turn,)
            s.out = s.finished[0]
            if not self.options.play_on or rulings.play_on_is_over(sum(1 for h in s.hands if h)):
                s.over = True
            else:
                s.turn = rulings.next_holder(self.turn, s.hands)
        elif phase == "expand" or (phase == "open" and rulings.dominup_opening_is_a_turn()):
            s.turn = rulings.next_holder(self.turn, s.hands)
        # after a climb the same player goes on: another climb, or the expansion
        return s

    # -- samples for search players ------------------------------------------------------
    @classmethod
    def hidden_information(cls, players: int, options: Mapping[str, Any] | None = None) -> bool:
        """All 36 tiles are dealt: with two players each knows the other's hand (every tile
        not in one's own hand nor placed); with three or four, who holds which is hidden."""
        return players != 2

    def _hidden_limits(self, player: int) -> dict[Any, list[tuple[frozenset[Tile], int]]]:
        """Climbing is compulsory, so a player who expanded held no tile that could climb
        then, and still holds none of them (hands only shrink).  Before the first move everyone
        knows who holds the double 7: the player it makes the opener."""
        if not self.moves and not self.over:
            double = [(frozenset({(7, 7)}), 0)]
            return {p: double for p in [*range(self.players), "supply"] if p not in (player, self.turn)}
        movers = getattr(self, "movers", ())
        if len(movers) != len(self.moves):
            return {}
        never: dict[int, set[Tile]] = {p: set() for p in range(self.players) if p != player}
        stacks = Stacks()
        for i, text in enumerate(self.moves):
            move = parse_move(text)
            if i and movers[i] in never and stacks.level_of(move) == 0:
                never[movers[i]] |= stacks.climb_tiles()
            stacks = stacks.put(move)
        return {p: [(frozenset(tiles), 0)] for p, tiles in never.items() if tiles}

    # -- the end --------------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Tiles each player has placed."""
        counts = [0] * self.players
        for p in range(self.players):
            counts[p] = rulings.dominup_deal(self.players) - len(self.hands[p])
        return counts

    def standings(self) -> list[float]:
        """Tiles placed, for a search's reward: more is better, fewer in misère (whoever runs
        out first loses there)."""
        sign = -1.0 if self.options.misere else 1.0
        return [sign * x for x in self.scores()]

    def places(self) -> list[list[int]]:
        """The places once the game is over, best first (players sharing a place together):
        the order in which players ran out of tiles, turned round in misère (ruling
        :func:`rulings.finishing_places`).  Empty while the game goes on."""
        if not self.over:
            return []
        return rulings.finishing_places(self.finished, self.players, self.options.misere)

    def winners(self) -> list[int]:
        places = self.places()
        return places[0] if places else []

    def final_scores_from_position(self) -> list[int]:
        return [rulings.dominup_deal(self.players) - len(h) for h in self.hands]

    def evaluate(self, move: Any, player: int) -> float:
        """The greedy player's value of ``move``: every move places one tile, so what counts is
        what it leaves.  A place where a tile could climb next fits that one tile only (the set
        has one of each), and a climb is compulsory: a climb left for a tile of ``player``'s own
        hand is a placement to come for them, one left for any tile not placed and not theirs is
        one for somebody else (all 36 tiles are dealt, so this reads nothing hidden: it does not
        ask who holds it).  The value is the first count less the second; in misère, where
        placing more is worse, the second less the first."""
        after = self.play(move)
        spots = after.stacks.climb_tiles()
        own = set(after.hands[player])
        placed = {place.tile for place, _ in after.stacks.placed()}
        value = float(len(spots & own) - len(spots - own - placed))
        return -value if self.options.misere else value

    def move_values(self) -> list[tuple[Place, int]]:
        """Each legal move with :meth:`evaluate`'s value for the player to move, worked out
        quickly (for a search player's playouts and its tree): each tile is worth +1 in the
        mover's own hand, -1 when neither placed nor the mover's (read from the table, never
        from the other hands), and a move's value is the sum over the tiles that could climb
        after it.  An expansion takes no climb away and leaves new ones only between its own
        halves and the table-level tiles beside them, so its value is read from the table
        around it (:meth:`_expansion_values`), not from the stacks after it.  Worked out once
        per position."""
        cached = self.__dict__.get("_values")
        if cached is not None:
            return cached
        if self.phase == "expand":
            out = [(PLACES[tile][code], value) for code, tile, value in self._expansion_values()]
        else:
            own = set(self.hands[self.turn])
            placed = {move.tile for move, _ in self.stacks.placed()}
            sign = -1 if self.options.misere else 1
            out = []
            for move in self.legal_moves():
                value = 0
                for tile in {tile for tile, _ in self.stacks.put(move).climb_places().values()}:
                    if tile != move.tile and tile not in placed:
                        value += sign if tile in own else -sign
                out.append((move, value))
        self.__dict__["_values"] = out
        return out

    @staticmethod
    def _best(values: list[tuple[Place, int]]) -> list[Place]:
        """The moves of ``values`` rated highest, in their order."""
        top = max(value for _, value in values)
        return [move for move, value in values if value == top]

    def rollout_move(self, rng: Any) -> Place:
        """A search player's playout move: the greedy player's, ties broken by ``rng``
        (:meth:`move_values`, for the hands of the sample: a playout plays out a guess, never
        the real position; an expansion's best by :meth:`best_expansions`, the same moves found
        faster).  Random playouts had lost every game to the greedy player."""
        if self.phase == "expand":
            best = self.best_expansions()
        else:
            legal = self.legal_moves()
            if len(legal) == 1:
                return legal[0]
            best = self._best(self.move_values())
        return best[0] if len(best) == 1 else rng.choice(best)

    def best_expansions(self) -> list[Place]:
        """The expansions :meth:`move_values` rates highest (the same moves, in the same order)."""
        rated = self._expansion_values()
        top = max(value for _, _, value in rated)
        return [PLACES[tile][code] for code, tile, value in rated if value == top]

    def _expansion_values(self) -> list[tuple[int, Tile, int]]:
        """Every expansion, in the order of :meth:`legal_moves`, as (pair code, tile, value):
        :meth:`evaluate`'s value worked out from the table around it.  An expansion takes no
        climb away, so it is worth what the table's climbs are worth now (``base``) plus what
        each half adds on its cell: the climbs that half's number makes with the table-level
        halves beside the cell (on no stack), read from a table of each cell's worth for each
        number (``adds``: one climb per neighbouring number, their tiles all differ).  Less the
        tile itself where one of its halves lies beside its other number (it is placed, not
        held) and, for a double, the climbs both of its halves make alike.  A search player's
        playouts had spent two thirds of their time rating expansions one by one."""
        me = self.turn
        own = set(self.hands[me])
        stacks = self.stacks
        cells = stacks.cells
        halves: dict[int, list[int]] = {}
        for stack in cells.values():
            for number, index in stack:
                halves.setdefault(index, []).append(number)
        placed = {(min(h), max(h)) for h in halves.values()}
        there = {tile for tile, _ in stacks.climb_places().values()}
        sign = -1 if self.options.misere else 1
        # worth[a][b]: what a new climb of the tile a-b is worth to the mover
        worth = [[0] * 8 for _ in range(8)]
        base = 0
        for a in range(8):
            for b in range(a, 8):
                tile = (a, b)
                if tile in placed:
                    continue
                w = sign if tile in own else -sign
                if tile in there:  # (its climb is there already: counted once, in base)
                    base += w
                else:
                    worth[a][b] = worth[b][a] = w
        table = stacks.table()
        numbers = table.values
        # an empty cell's table-level neighbours' numbers (a bit each), and what each number adds there
        info: dict[int, tuple[int, list[int]]] = {}
        by_mask: dict[int, list[int]] = {0: [0] * 8}

        def cell_info(key: int) -> tuple[int, list[int]]:
            r, c = (key >> 11) - 1024, (key & 2047) - 1024
            mask = 0
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                stack = cells.get(n)
                if stack is not None and len(stack) == 1:
                    mask |= 1 << numbers[n]
            add = by_mask.get(mask)
            if add is None:
                rows = [worth[n] for n in range(8) if mask >> n & 1]  # (worth is symmetric)
                add = by_mask[mask] = rows[0] if len(rows) == 1 else [sum(column) for column in zip(*rows)]
            found = info[key] = (mask, add)
            return found

        low = (1 << 22) - 1
        # each spot (pair code) with its two cells' masks and numbers' worths, once per position
        spots: dict[bool, list[tuple[int, int, list[int], int, list[int]]]] = {}
        out: list[tuple[int, Tile, int]] = []
        for tile in self.hands[me]:
            a, b = tile
            double = a == b
            own_value = worth[a][b]
            ready = spots.get(double)
            if ready is None:
                ready = spots[double] = [(code, *(info.get(code >> 22) or cell_info(code >> 22)),
                                          *(info.get(code & low) or cell_info(code & low)))
                                         for code in table.pair_codes(double)]
            for code, mp, ap, mq, aq in ready:
                value = base + ap[a] + aq[b]
                if mp >> b & 1:
                    value -= own_value
                if mq >> a & 1:
                    value -= own_value
                if double:
                    common = mp & mq & ~(1 << a)
                    if common:
                        value -= sum(worth[a][n] for n in range(8) if common >> n & 1)
                out.append((code, tile, value))
        return out

    #: How many moves a search player's tree looks at in a position (:meth:`search_moves`).
    SEARCH_WIDTH: ClassVar[int] = 10

    def search_moves(self) -> list[Place]:
        """The greedy player's move first, then the others :meth:`move_values` rates highest,
        :attr:`SEARCH_WIDTH` in all (equal values in a fixed spread-out order, not the tiles'
        order): an expansion often has hundreds of places, more than a second of playouts could
        try once each."""
        values = self.move_values()
        greedy = self._best(values)[0]
        n = len(values)
        order = sorted(range(n), key=lambda i: (values[i][0] != greedy, -values[i][1], (i * 7919) % n))
        return [values[i][0] for i in order[: self.SEARCH_WIDTH]]

    def search_default(self) -> Place | None:
        """With two players, the greedy player's move (:meth:`evaluate`'s best, the first of
        equals): a search player keeps it unless its playouts show another clearly better.  With
        three or four, none: the search plays the move its playouts tried most.  There the
        playouts' guesses of the hidden hands left the greedy move kept too often (3 players:
        55% of 96 games won against two greedy players, 64% without it; 4 players: 50% and 56%
        of 48)."""
        if self.players > 2:
            return None
        return self._best(self.move_values())[0]

    @classmethod
    def max_game_length(cls, players: int, options: Mapping[str, Any] | None = None) -> int:
        return 36

    @classmethod
    def sample_configurations(cls) -> list[tuple[int, dict[str, Any]]]:
        return [(2, {}), (3, {}), (4, {}), (3, {"misere": True}), (3, {"play_on": True}),
                (4, {"play_on": True, "misere": True})]

    def snapshot(self) -> dict[str, Any]:
        return {
            "stacks": {f"{r},{c}": [list(h) for h in stack] for (r, c), stack in sorted(self.stacks.cells.items())},
            "hands": [self.tiles_json(h) for h in self.hands], "turn": self.turn, "over": self.over, "out": self.out,
            "finished": list(self.finished),
        }

    def view(self, player: int | None) -> dict[str, Any]:
        self.check_viewer(player)
        data = self.snapshot()
        data["hands"] = self.view_hands(player)
        data["viewer"] = player
        data["top"] = self.stacks.to_text()
        return data
