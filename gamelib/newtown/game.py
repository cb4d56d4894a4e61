"""A whole game of さいころニュータウン: set-up, the building rounds with their six phases, the
extension round, the building settlement, the tenant round and the final settlement.

The moves are listed in :mod:`.moves`.  Chance (every die) is resolved inside :meth:`play`
from the game's seed and a counter kept in the state, so a replay is exact; a move with
exactly one choice is played by the engine (ruling :func:`.rulings.forced_moves_played`).

Hidden from a player: the order of the draft's face-down land cards, the extension choices
the others have made while some are still to choose, and everything chance has not yet
decided (every die still to roll, the tenant cards' order before the tenant round).
:meth:`NewtownState.determinize` draws them again: the face-down cards shuffled, each other
player's choice made already drawn as extend or stop, and the future from a fresh seed drawn
from the sample's generator (with the ``dice_top`` values not yet used dropped): the sample's
dice to come and its tenant grid are new draws, not the game's.

>>> state = NewtownState.new(3, seed=1)
>>> state.phase, state.round, state.current_player in range(3)
('tree', 1, True)
>>> state = state.play("tree 3")
>>> state.phase, len(state.pool)
('dice', 18)
>>> NewtownState.from_json(state.to_json()) == state
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from functools import lru_cache
from itertools import combinations
from typing import Any, NamedTuple, Self

from ..core import (GameState, IllegalMoveError, NotationError, PlaysOfferedMoves, best_of, check_seed, excerpt,
                    options_to_dict, seeded_rng)
from ..registry import register
from . import rulings, sections
from .board import KING, Board, default_board, land_name, random_board
from .data import FOOTPRINTS, Components, Tenant, components, overrides
from .houses import House, add_pieces, area, extension_targets, grows, land_load, piece_choices, take_pieces
from .moves import COLOURS, Move, parse_move

PHASES = ("draft", "tree", "dice", "roll", "move1", "manage", "build", "move2", "extend", "tenant", "over")
PHASE_JA = {"draft": "土地カードのドラフト", "tree": "準備フェイズ(樹を植える)", "dice": "さいころフェイズ",
            "roll": "さいころフェイズ(延長ラウンド)", "move1": "移動(1)フェイズ", "manage": "やり繰り・仕入れフェイズ",
            "build": "建築フェイズ", "move2": "移動(2)フェイズ", "extend": "延長の選択", "tenant": "入居ラウンド",
            "over": "ゲーム終了"}
PHASE_SECTION = {"draft": sections.SETUP_LAND_CARDS, "tree": sections.PREPARE, "dice": sections.DICE,
                 "roll": sections.EXTENSION_ROUND, "move1": sections.MOVE1, "manage": sections.MANAGE,
                 "build": sections.BUILD, "move2": sections.MOVE2, "extend": sections.EXTENSION_ROUND,
                 "tenant": sections.TENANT_PLAY, "over": sections.FLOW}
#: Which phases each kind of move belongs to.
KIND_PHASES = {"draft": ("draft",), "tree": ("tree",), "take": ("dice",), "keep": ("roll",),
               "reroll": ("roll", "move1", "manage"), "use": rulings.ability_phases(), "go": ("move1", "move2"),
               "stay": ("move1",), "pass": ("move2", "tenant"), "supply": ("manage",), "split": ("build",),
               "merge": ("build",), "build": ("build",), "extend": ("build",), "penthouse": ("build",),
               "help": ("build",), "end": ("build",), "decide": ("extend",), "tenant": ("tenant",)}
STOCK, GONE = -1, -2
#: Where a craftsman is before the land cards are dealt.
OFF_MAP = -1
NEEDS = {"r": 1, "g": 1, "b": 1, "w": 3}
BUILDING_ROUNDS = 4
EXTENSION_ROUND = 5
_DIE_INDEX = {"r": 0, "g": 1, "b": 2}


def _dice(red: int | None, green: int | None, black: int | None, white: tuple[int, ...]) -> Dice:
    """``Dice(red, green, black, white)`` without the keyword handling of ``_replace``."""
    return tuple.__new__(Dice, (red, green, black, white))


class Dice(NamedTuple):
    """A player's six dice (``None`` / fewer whites while the dice are being taken)."""

    red: int | None = None
    green: int | None = None
    black: int | None = None
    white: tuple[int, ...] = ()

    def count(self, colour: str) -> int:
        if colour == "w":
            return len(self.white)
        return int(self[_DIE_INDEX[colour]] is not None)

    def add(self, colour: str, value: int) -> Dice:
        if colour == "w":
            return _dice(self[0], self[1], self[2], tuple(sorted((*self[3], value))))
        values = list(self)
        values[_DIE_INDEX[colour]] = value
        return _dice(*values)

    def text(self) -> str:
        parts = [f"{c}{getattr(self, COLOURS[c])}" for c in "rgb" if getattr(self, COLOURS[c]) is not None]
        return " ".join(parts + [f"w{v}" for v in self.white]) or "-"


@dataclass(frozen=True)
class NewtownOptions:
    """The game's options.

    * ``deal``: the land cards dealt at ``"random"`` or by the text's ``"draft"``;
    * ``layout``: the map: ``"default"`` (the data file's), ``"random"`` (meeting the text's
      four guidelines) or a map text (see :class:`.Board`; fewer than 16 lands allowed);
    * ``short_game``: no tenant round, the game decided after the building settlement;
    * ``turn_materials``: ``"first"`` or ``"last"`` (ruling :func:`.rulings.turn_material`);
    * ``royal_bonus``: ``"add"`` or ``"replace"`` (ruling :func:`.rulings.royal_points`);
    * ``back_rows``: ``"stacked"`` or ``"second"`` (ruling :func:`.rulings.stones_to_reach`);
    * ``components``: other component values (a mapping with some keys of
      ``data/components.json``, or the path of such a file; kept as values in a save);
    * ``hands``: the land cards of each player, instead of a deal (for worked examples);
    * ``dice_top``: the first die values rolled in the game, in order, before the seeded
      ones (for worked examples and tests).
    """

    deal: str = "random"
    layout: str = "default"
    short_game: bool = False
    turn_materials: str = "first"
    royal_bonus: str = "add"
    back_rows: str = "stacked"
    components: dict[str, Any] = field(default_factory=dict)
    hands: tuple[tuple[int, ...], ...] = ()
    dice_top: tuple[int, ...] = ()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | NewtownOptions | None) -> NewtownOptions:
        """Options from a mapping, every key and value checked.

        >>> NewtownOptions.from_dict({"deal": "draft"}).deal
        'draft'
        >>> NewtownOptions.from_dict({"short_game": "yes"})
        Traceback (most recent call last):
        ...
        gamelib.core.NotationError: option 'short_game' must be true or false, not 'yes'
        """
        if isinstance(data, NewtownOptions):
            return data
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            raise NotationError(f"the options are a mapping of names to values, not {excerpt(data)}",
                                "オプションは「名前: 値」の組で指定します。")
        data = dict(data)
        known = {f.name for f in fields(cls)}
        for key in data:
            if not isinstance(key, str) or key not in known:
                raise NotationError(f"unknown さいころニュータウン option {excerpt(key)}; known: {', '.join(sorted(known))}",
                                    "さいころニュータウンにないオプションです。")
        choices = {"deal": rulings.DEALS, "turn_materials": rulings.TURN_MATERIALS,
                   "royal_bonus": rulings.ROYAL_BONUSES, "back_rows": rulings.BACK_ROWS}
        for key, allowed in choices.items():
            if key in data and not (isinstance(data[key], str) and data[key] in allowed):
                raise NotationError(f"option {key!r} must be one of {', '.join(allowed)}, not {excerpt(data[key])}",
                                    f"オプション「{key}」の値は{'・'.join(allowed)}のどれかです。")
        if "short_game" in data and not isinstance(data["short_game"], bool):
            raise NotationError(f"option 'short_game' must be true or false, not {excerpt(data['short_game'])}",
                                "オプション「short_game」はオン(true)かオフ(false)で指定します。")
        if "layout" in data and not isinstance(data["layout"], str):
            raise NotationError(f"option 'layout' is 'default', 'random' or a map text, not {excerpt(data['layout'])}",
                                "オプション「layout」は default・random・地図の文字列のどれかです。")
        if "components" in data:
            data["components"] = overrides(data["components"])
        if "hands" in data:
            hands = data["hands"]
            if (not isinstance(hands, (list, tuple)) or not 2 <= len(hands) <= 4 or not all(
                    isinstance(h, (list, tuple)) and len(h) == 4 and all(
                        isinstance(x, int) and not isinstance(x, bool) and 3 <= x <= 18 for x in h) for h in hands)):
                raise NotationError("option 'hands' is one list of 4 land numbers (3 to 18) per player",
                                    "オプション「hands」は、プレイヤーごとに土地の番号(3〜18)4つのリストです。")
            flat = [x for h in hands for x in h]
            if len(set(flat)) != len(flat):
                raise NotationError("option 'hands' gives a land card twice", "オプション「hands」に同じ土地カードが2回あります。")
            data["hands"] = tuple(tuple(sorted(h)) for h in hands)
        if "dice_top" in data:
            top = data["dice_top"]
            if not isinstance(top, (list, tuple)) or len(top) > 1000 or not all(
                    isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in top):
                raise NotationError("option 'dice_top' is a list of die values 1 to 6",
                                    "オプション「dice_top」は1〜6の目の並びです。")
            data["dice_top"] = tuple(top)
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        return options_to_dict(self)


def _replace(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``items`` with ``value`` at ``index`` (through a list: quicker than joining slices)."""
    out = list(items)
    out[index] = value
    return tuple(out)


def _check_players(players: object) -> int:
    if isinstance(players, bool) or not isinstance(players, int) or players not in rulings.PLAYER_COUNTS:
        low, high = min(rulings.PLAYER_COUNTS), max(rulings.PLAYER_COUNTS)
        raise NotationError(f"さいころニュータウン is for {low} to {high} players, not {excerpt(players)}",
                            f"さいころニュータウンは{low}人から{high}人で遊びます。")
    return players


def player_name(p: int) -> str:
    return f"P{p + 1}"


@register
class NewtownState(PlaysOfferedMoves, GameState):
    """A position of a game of さいころニュータウン (see the module docstring)."""

    name = "newtown"
    #: A search player judges the moves it could make now by playouts (flat Monte-Carlo): with
    #: dice in every phase, a tree over later moves learnt nothing in the time a board gives.
    search_depth = 1
    file_options = ("components",)
    rule_sections = sections.ALL
    min_players = min(rulings.PLAYER_COUNTS)
    max_players = max(rulings.PLAYER_COUNTS)

    __slots__ = (
        "players", "options", "seed", "moves", "comp", "board", "phase", "round", "order", "turn", "participants",
        "craftsmen", "king_arrivals", "trees", "dice", "pool", "picks", "materials", "roofs", "stones", "ledger",
        "houses", "next_house", "cards", "used", "built", "king_builders", "choices", "extended", "deck", "row",
        "queue", "grid", "left", "passes", "unfit", "rolls", "top_used", "log", "leftover", "_legal", "_legal_set",
    )  # fmt: skip

    players: int
    options: NewtownOptions
    seed: int
    moves: tuple[str, ...]
    comp: Components
    board: Board
    phase: str
    round: int  # 1-4 building rounds, 5 the extension round
    order: tuple[int, ...]  # turn order of the current phase (order markers)
    turn: int  # index into order
    participants: tuple[int, ...]  # players in the current building round
    craftsmen: tuple[int, ...]  # the land each craftsman stands on (0: the King's land; -1 before the deal)
    king_arrivals: tuple[int, ...]  # craftsmen on the King's land, in order of arrival
    trees: tuple[int, ...]  # lands with a tree (0: the King's land)
    dice: tuple[Dice, ...]
    pool: tuple[tuple[str, int], ...]  # rolled dice not yet taken
    picks: int
    materials: tuple[tuple[int, ...], ...]  # each player's pieces, sorted
    roofs: tuple[tuple[int, int, int, int], ...]  # roofs in hand by standard 1-4
    stones: tuple[int, ...]
    ledger: tuple[tuple[tuple[str, int, int], ...], ...]  # each player's points: (kind, points, house/land)
    houses: tuple[House, ...]
    next_house: int
    cards: tuple[int, ...]  # holder of each land card by land number 0-18 (STOCK, GONE)
    used: tuple[int, ...]  # land cards whose ability their holder has used
    built: tuple[int, ...]  # new houses each player has built
    king_builders: tuple[int, ...]
    choices: tuple[bool | None, ...]  # the secret extension choices
    extended: tuple[bool, ...]
    deck: tuple[int, ...]  # the draft's face-down land cards (hidden)
    row: tuple[int, ...]  # the draft's face-up land cards
    queue: tuple[int, ...]  # the draft's turns still to come
    grid: tuple[tuple[tuple[int, int], ...], ...]  # tenant cards by column, front first: (card, stones on it)
    left: tuple[bool, ...]  # players who left the tenant round
    passes: int
    unfit: tuple[int, ...]
    rolls: int  # roll events so far (each one's dice come from its own seeded generator)
    top_used: int  # values of option dice_top used
    log: tuple[tuple[Any, ...], ...]  # this round's rolls: (player, what, values, result)
    leftover: tuple[tuple[int, ...], ...]  # the pieces each player returned at the building settlement

    # -- creation -------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, options: Mapping[str, Any] | NewtownOptions | None = None, seed: int = 0) -> Self:
        n = _check_players(players)
        opts = NewtownOptions.from_dict(options)
        s = object.__new__(cls)
        s.players, s.options, s.seed, s.moves = n, opts, check_seed(seed), ()
        s.comp = components(opts.components)
        s.board = s._make_board()
        numbered = s.board.numbered
        if len(numbered) < rulings.lands_needed(n):
            raise NotationError(f"the map has {len(numbered)} lands; {n} players need at least {4 * n}",
                                f"地図の土地は{len(numbered)}枚です。{n}人では{4 * n}枚以上必要です(1人4枚の土地カード)。")
        if rulings.map_must_connect() and not s.board.connected():
            raise NotationError("the map has detached lands (飛び地); every land must connect to the King's land",
                                "地図に飛び地があります。すべての土地が王様の土地とつながっている必要があります。")
        s.phase, s.round, s.order, s.turn, s.participants = "draft", 0, (), 0, tuple(range(n))
        s.craftsmen = (OFF_MAP,) * n
        s.king_arrivals = ()
        s.trees = (KING,)
        s.dice = (Dice(),) * n
        s.pool, s.picks = (), 0
        s.materials = ((),) * n
        s.roofs = (s.comp.roof_counts,) * n
        s.stones = (0,) * n
        s.ledger = ((),) * n
        s.houses, s.next_house = (), 1
        s.cards = tuple(STOCK if x in numbered else GONE for x in range(19))
        s.used = ()
        s.built = (0,) * n
        s.king_builders = ()
        s.choices = (None,) * n
        s.extended = (False,) * n
        s.deck, s.row, s.queue = (), (), ()
        s.grid, s.left, s.passes, s.unfit = (), (False,) * n, 0, (0,) * n
        s.rolls, s.top_used, s.log = 0, 0, ()
        s.leftover = ((),) * n
        s._legal = None
        s._legal_set = None
        if opts.hands:
            if len(opts.hands) != n:
                raise NotationError(f"option 'hands' gives {len(opts.hands)} hands for {n} players",
                                    f"オプション「hands」の手札の数({len(opts.hands)})が人数({n})と違います。")
            missing = sorted({x for h in opts.hands for x in h} - set(numbered))
            if missing:
                raise NotationError(f"option 'hands' names lands not on the map: {missing}",
                                    f"オプション「hands」に地図にない土地があります: {'・'.join(map(str, missing))}。")
            for p, hand in enumerate(opts.hands):
                for x in hand:
                    s.cards = _replace(s.cards, x, p)
            s._start_game()
        elif opts.deal == "random":
            lands = list(numbered)
            seeded_rng(s.seed, "deal").shuffle(lands)
            for p in range(n):
                for x in lands[4 * p: 4 * p + 4]:
                    s.cards = _replace(s.cards, x, p)
            s._start_game()
        else:
            deck = list(numbered)
            seeded_rng(s.seed, "draft").shuffle(deck)
            s.row, s.deck = tuple(sorted(deck[:4])), tuple(deck[4:])
            s.queue = rulings.draft_queue(rulings.draft_first_player(n, seeded_rng(s.seed, "draft-first")), n)
        s._settle()
        return s

    def _make_board(self) -> Board:
        layout = self.options.layout
        if layout == "default":
            return default_board(self.comp)
        if layout == "random":
            return random_board(seeded_rng(self.seed, "layout"), self.comp)
        return Board.from_text(layout, self.comp.kings_cells)

    def _copy(self) -> Self:
        """A new state sharing every (immutable) field with this one, the caches empty."""
        return _copy_fields(self, object.__new__(type(self)))

    def determinize(self, player: int, rng: random.Random) -> Self:
        """A sample of this position for ``player`` (see the module docstring): the draft's
        face-down cards in a new order, the others' extension choices already made drawn
        again, and the game's chance to come from a new seed drawn from ``rng``.

        >>> state = NewtownState.new(3, {"deal": "draft"}, seed=4)
        >>> sample = state.determinize(0, random.Random(1))
        >>> sorted(sample.deck) == sorted(state.deck), sample.deck != state.deck, sample.seed != state.seed
        (True, True, True)
        """
        self.check_viewer(player, spectator=False)
        s = self._copy()
        s._legal, s._legal_set = self._legal, self._legal_set  # the same moves: nothing seen changes
        s.seed = rng.getrandbits(64)  # every die still to roll, the tenant cards' order
        top = self.options.dice_top
        if self.top_used < len(top):  # staged dice still to come are dice not yet rolled
            s.options = replace(self.options, dice_top=top[: self.top_used])
        if self.deck:
            deck = sorted(self.deck)  # what the player knows: which cards, not their order
            rng.shuffle(deck)
            s.deck = tuple(deck)
        if self.phase == "extend":
            s.choices = tuple(c if (p == player or c is None) else rng.random() < 0.5
                              for p, c in enumerate(self.choices))
        return s

    def _with(self, **changes: Any) -> Self:
        """A copy with some fields changed: a staged position for worked examples and tests
        (its saved moves do not lead to it, so it cannot be saved and loaded)."""
        s = self._copy()
        for key, value in changes.items():
            if key not in NewtownState.__slots__ or key.startswith("_"):
                raise NotationError(f"no field {excerpt(key)}", "そのような項目はありません。")
            setattr(s, key, value)
        return s

    # -- the flow of the game ----------------------------------------------------------------
    def _start_game(self) -> None:
        """順番・スタート地点: each craftsman on the lowest of its player's lands; round 1."""
        for p in range(self.players):
            self.craftsmen = _replace(self.craftsmen, p, min(self.hand(p)))
        self.row, self.deck, self.queue = (), (), ()
        self.round = 1
        self._start_round()

    def order_number(self, p: int) -> int:
        """The number a player's craftsman counts for turn order (King's land: 19 and up)."""
        land = self.craftsmen[p]
        return rulings.king_order_number(self.king_arrivals.index(p)) if land == KING else land

    def _start_round(self) -> None:
        """準備フェイズ: order markers, materials; then the tree (not in the extension round)."""
        self.log = ()
        self.order = tuple(sorted(self.participants, key=self.order_number))
        count = len(self.order)
        for position, p in enumerate(self.order):
            size = rulings.turn_material(position, count, self.comp.turn_materials, self.options.turn_materials)
            pieces = self.comp.pieces(size) + self.comp.house_supply(rulings.houses_for_supply(self.houses_of(p)))
            self.materials = _replace(self.materials, p, add_pieces(self.materials[p], pieces))
        self.dice = tuple(Dice() for _ in range(self.players))  # every die back to the tray
        self.turn = 0
        if self.round <= BUILDING_ROUNDS:
            self.phase = "tree"
        else:
            self._start_dice()

    def _roll(self, count: int) -> tuple[int, ...]:
        """``count`` dice, from ``dice_top`` first, then the seed (one generator per roll)."""
        rng = random.Random(f"{self.seed}/roll/{self.rolls}")  # seeded_rng(self.seed, "roll", self.rolls)
        self.rolls += 1
        out = []
        top = self.options.dice_top
        for _ in range(count):
            if self.top_used < len(top):
                out.append(top[self.top_used])
                self.top_used += 1
            else:
                out.append(rng.randint(1, 6))
        return tuple(out)

    def _start_dice(self) -> None:
        """さいころフェイズ: the last player rolls everyone's dice (the extension round: each
        their own)."""
        self.turn = 0
        self.dice = tuple(Dice() for _ in range(self.players))
        if self.round <= BUILDING_ROUNDS:
            colours = [c for _ in self.order for c in "rgbwww"]
            values = self._roll(len(colours))
            self.pool = tuple(sorted(zip(colours, values)))
            self.picks = 0
            self.phase = "dice"
            self.log += ((self.order[-1], "pool", values, ""),)
        else:
            for p in self.order:
                values = self._roll(6)
                self.dice = _replace(self.dice, p, Dice(values[0], values[1], values[2], tuple(sorted(values[3:]))))
                self.log += ((p, "own", values, ""),)
            self.phase = "roll"

    def _next_phase(self) -> None:
        self.turn = 0
        following = {"roll": "move1", "dice": "move1", "move1": "manage", "manage": "build", "build": "move2"}
        if self.phase in following:
            self.phase = following[self.phase]
        else:  # the end of 移動(2): the round is over
            self._end_round()

    def _end_turn(self) -> None:
        self.turn += 1
        if self.turn == len(self.order):
            self._next_phase()

    def _end_round(self) -> None:
        self.dice = tuple(Dice() for _ in range(self.players))  # the round is over: every die back to the tray
        if self.round < BUILDING_ROUNDS:
            self.round += 1
            self._start_round()
        elif self.round == BUILDING_ROUNDS:
            self.phase = "extend"
            self.order = tuple(sorted(range(self.players), key=self.order_number))
            self.choices = (None,) * self.players
            self.turn = 0
        else:
            self._building_settlement()

    def _decided(self) -> None:
        """All have chosen: stones to those who stop, then the extension round or the end."""
        extends = [bool(c) for c in self.choices]
        for p, stones in enumerate(rulings.extension_stones(extends)):
            self.stones = _replace(self.stones, p, self.stones[p] + stones)
        self.extended = tuple(extends)
        if any(extends):
            self.round = EXTENSION_ROUND
            self.participants = tuple(p for p in range(self.players) if extends[p])
            self._start_round()
        else:
            self._building_settlement()

    def _score(self, p: int, kind: str, points: int, ref: int = 0) -> None:
        self.ledger = _replace(self.ledger, p, self.ledger[p] + ((kind, points, ref),))

    def _building_settlement(self) -> None:
        """建築ラウンドの決算: materials left, land cards without a house, land values."""
        for p in range(self.players):
            left = len(self.materials[p])
            if left:
                self._score(p, "materials", -left, left)
            else:
                self._score(p, "no-materials", 1)
            self.leftover = _replace(self.leftover, p, self.materials[p])
            self.materials = _replace(self.materials, p, ())
            for land in self.hand(p):
                if rulings.card_without_house(len(self.houses_on(land))):
                    self._score(p, "card-without-house", -2, land)
                    self.cards = _replace(self.cards, land, GONE)
                    self.used = tuple(x for x in self.used if x != land)
                else:
                    self._score(p, "land-value", self.comp.land_values[self.comp.lands[land]], land)
        self.order, self.turn = (), 0
        if self.options.short_game:
            self._final_settlement(tenants=False)
        else:
            self._start_tenants()

    def _start_tenants(self) -> None:
        """入居ラウンドの準備: the order, the 4 × 4 grid of tenant cards (bottom row in front)."""
        self.log = ()
        self.order = tuple(sorted(range(self.players), key=lambda p: rulings.tenant_order_key(
            self.extended[p], self.houses_of(p), self.stones[p], self.order_number(p))))
        deck = list(self.comp.tenants)
        seeded_rng(self.seed, "tenants").shuffle(deck)
        self.grid = tuple(tuple((deck[4 * r + c], 0) for r in range(4)) for c in range(4))
        self.left = (False,) * self.players
        self.passes, self.unfit, self.turn = 0, (0,) * self.players, 0
        self.phase = "tenant"
        self._tenant_check(advance=False)

    def _tenant_check(self, advance: bool) -> None:
        """Players with no empty house, or no card that fits one, leave; the round ends when
        all have left or no card is left; otherwise the next player still in plays."""
        for p in range(self.players):
            if not self.left[p]:
                empty = [h for h in self.houses if h.owner == p and not h.tenant]
                fits = any(self.fits(card, h) for column in self.grid for card, _ in column for h in empty)
                if rulings.leaves_tenant_round(len(empty), fits):
                    self.left = _replace(self.left, p, True)
        if all(self.left) or not any(self.grid):
            self._final_settlement(tenants=True)
            return
        start = self.turn + 1 if advance else self.turn
        for i in range(len(self.order)):
            t = (start + i) % len(self.order)
            if not self.left[self.order[t]]:
                self.turn = t
                return

    def _final_settlement(self, tenants: bool) -> None:
        """入居ラウンドの決算 (or, in the short game, the stones only)."""
        if tenants:
            for h in self.houses:
                if not h.tenant:
                    self._score(h.owner, "empty-house", -2, h.id)
        for p, bonus in enumerate(rulings.most_stones_bonus(self.stones)):
            if self.stones[p]:
                self._score(p, "stones", self.stones[p], self.stones[p])
            if bonus:
                self._score(p, "most-stones", bonus)
        self.phase = "over"
        self.order, self.turn = (), 0

    def _settle(self, forced: list[tuple[NewtownState, Move, NewtownState]] | None = None) -> None:
        """Play every forced move (exactly one legal move) without recording it, and hand out
        the last dice of the draft when they can go only one way.  ``forced`` collects each
        forced move with the positions just before and just after it."""
        while self.phase != "over":
            if self.phase == "dice" and self._draft_determined():
                self._finish_draft()
                continue
            moves = self._generate()
            if len(moves) != 1:
                self._legal = moves
                return
            before = self._copy() if forced is not None else None
            self._do(moves[0])
            self._legal = None
            self._legal_set = None
            if before is not None and forced is not None:
                forced.append((before, moves[0], self._copy()))

    def unfold(self, move: Move, follow: bool = True) -> tuple[NewtownState, list[tuple[NewtownState, Move, NewtownState]]]:
        """What a legal ``move`` did by itself, and what followed it without a choice: the
        position just after the move alone (its points, its stones), and each move it forced
        (a player with exactly one move plays it at once, unrecorded) with the positions just
        before and just after it.  Only for telling a move in words: the positions between are
        not positions to play on.  ``follow=False``: the move alone (no forced moves looked for).

        >>> s = NewtownState.new(2, seed=1)
        >>> alone, forced = s.unfold(s.legal_moves()[0])
        >>> alone.round == s.round and all(m in b.legal_moves() for b, m, _ in forced)
        True
        """
        if move not in self.legal_moves():
            raise self._explain(move)
        alone = self._copy()
        alone._do(move)
        alone.moves = self.moves + (move.text(),)
        forced: list[tuple[NewtownState, Move, NewtownState]] = []
        if follow:
            alone._copy()._settle(forced)
        return alone, forced

    # -- looking at the position -------------------------------------------------------------
    def hand(self, p: int) -> tuple[int, ...]:
        """The land cards ``p`` holds, by number."""
        return _hand(self.cards, p)

    def houses_of(self, p: int) -> int:
        return sum(1 for h in self.houses if h.owner == p)

    def houses_on(self, land: int) -> tuple[House, ...]:
        return tuple(h for h in self.houses if h.land == land)

    def house(self, hid: int) -> House | None:
        return next((h for h in self.houses if h.id == hid), None)

    def tenant_at(self, column: int, row: int) -> Tenant:
        """The tenant card in row ``row`` of column ``column`` of the tenant area (both from 1)."""
        return self.comp.tenants[self.grid[column - 1][row - 1][0]]

    def land_type(self, land: int) -> str | None:
        return None if land == KING else self.comp.lands[land]

    def fits(self, card: int, house: House) -> bool:
        """Whether tenant ``card`` may move into ``house`` (入居の条件)."""
        t = self.comp.tenants[card]
        return rulings.tenant_fits(t.people, t.lands, t.royal, house.base(self.comp), self.land_type(house.land))

    def white_ok(self, land: int, white: Sequence[int]) -> bool:
        """建築条件 1 (or the King's land's dice condition)."""
        if land == KING:
            return rulings.kings_land_dice_ok(list(white))
        return sum(white) == land

    def may_build_on_kings_land(self, p: int) -> bool:
        return (p not in self.king_builders and len(self.king_builders) < rulings.KING_BUILDERS
                and rulings.has_built_a_house(self.built[p])
                and self.stones[p] >= 1)  # a stone held, kept when building (rulings.kings_stone_kept)

    def next_craftsman(self) -> int | None:
        """The next craftsman in turn order in this phase (who receives help), if any."""
        return self.order[self.turn + 1] if self.turn + 1 < len(self.order) else None

    def blocked(self, p: int) -> set[int]:
        """Lands ``p``'s craftsman may not stop on: where another craftsman stands."""
        return {self.craftsmen[q] for q in range(self.players)
                if q != p and (q in self.participants or rulings.extension_round_blocks(False))} - {KING}

    # -- rules ------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "draft":
            return self.queue[0]
        return self.order[self.turn]

    def is_over(self) -> bool:
        return self.phase == "over"

    def legal_moves(self) -> list[Move]:
        if self._legal is None:
            self._legal = self._generate()
        return list(self._legal)

    def _legal_moves_set(self) -> frozenset[Move]:
        if self._legal_set is None:
            if self._legal is None:
                self._legal = self._generate()
            self._legal_set = frozenset(self._legal)
        return self._legal_set

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def _generate(self) -> list[Move]:
        phase = self.phase
        if phase == "over":
            return []
        p = self.current_player
        assert p is not None
        out: list[Move] = []
        if phase == "draft":
            need = self._draft_need(p)
            sizes = range(1, min(3, len(self.row)) + 1) if need is None else (need,)
            out = [Move("draft", combo) for k in sizes for combo in combinations(self.row, k)]
        elif phase == "tree":
            out = [Move("tree", (k,)) for k in (2, 3, 4)]
        elif phase == "dice":
            mine = self.dice[p]
            lacking = {c for c in NEEDS if rulings.may_take_colour(mine.count(c), NEEDS[c])}
            return [_TAKE.get(die) or Move("take", die) for die in sorted(set(self.pool)) if die[0] in lacking]
        elif phase == "roll":
            out = [Move("keep"), Move("reroll", ("all",))]
        elif phase == "extend":
            out = [Move("decide", ("extend",)), Move("decide", ("stop",))]
        elif phase == "tenant":
            out = self._tenant_moves(p)
        else:
            d = self.dice[p]
            if phase in ("move1", "manage") and d.red:
                out += _white_rerolls(d.white)
                out.append(_REROLL_G if phase == "move1" else _REROLL_B)
            if phase in rulings.ability_phases():
                out += self._ability_moves(p)
            if phase in ("move1", "move2"):
                out += _go_moves(self._costs(p))
                out.append(_STAY if phase == "move1" else _PASS)
            elif phase == "manage":
                out += self._supply_moves(p)
            elif phase == "build":
                out += self._build_moves(p)
        return sorted(out)

    def draft_order(self) -> tuple[tuple[int, ...], int]:
        """The draft's whole order (its first pass, then the second in the reverse order) and how
        many of its turns are taken; ``((), 0)`` outside the draft.  The turn now is the first
        pass's while fewer than ``players`` are taken.

        >>> s = NewtownState.new(3, {"deal": "draft"}, seed=5)
        >>> order, taken = s.draft_order()
        >>> len(order), taken, order[taken] == s.current_player, order[:3] == order[:2:-1]
        (6, 0, True, True)
        """
        if self.phase != "draft" or not self.queue:
            return (), 0
        order = rulings.draft_queue(self.queue[-1], self.players)  # (the second pass ends with the first player)
        return order, len(order) - len(self.queue)

    def _draft_need(self, p: int) -> int | None:
        """In the draft's second pass, how many cards ``p`` must take (None in the first)."""
        if len(self.queue) > self.players:
            return None
        return 4 - len(self.hand(p))

    def _ability_moves(self, p: int) -> list[Move]:
        white = self.dice[p].white
        has_one = rulings.MUD_PIECE in self.materials[p]
        used = self.used
        out: list[Move] = []
        for land in self.hand(p):
            if land not in used:
                out += _uses(land, self.comp.ability(land), white, has_one)
        return out

    def _costs(self, p: int) -> dict[int, int]:
        """Where ``p``'s craftsman may stop with its green pips, and at what cost."""
        return _costs(self.board, self.craftsmen[p], self.dice[p].green or 0, frozenset(self.blocked(p)))

    def _supply_moves(self, p: int) -> list[Move]:
        red = self.dice[p].red or 0
        return list(_supplies(self.materials[p], self.comp.pieces(red), p, self.participants))

    def _build_moves(self, p: int) -> list[Move]:
        d = self.dice[p]
        black = d.black or 0
        have = self.materials[p]
        out = [_END]
        if black <= 0:
            return out
        if rulings.helping(black, self.next_craftsman() is not None):
            out.append(_HELP)
        out += _exchanges(have, self.comp.max_size)
        land = self.craftsmen[p]
        dice_ok = self.white_ok(land, d.white)
        if not have or not (dice_ok or not rulings.EXTENSION_CONDITIONS):  # (an extension is building too)
            return out
        roofs = self.roofs[p]
        load = land_load(self.houses, land)
        capacity = rulings.land_capacity(land)
        if dice_ok and (land != KING or self.may_build_on_kings_land(p)):
            for footprint, std in DIMENSIONS_STANDARDS:
                if roofs[std - 1] < 1 or (capacity is not None and load + std > capacity):
                    continue
                for floors in (1, 2, 3):
                    for pieces in piece_choices(have, black, (area(footprint),) * floors):
                        out.append(Move("build", (land, footprint, floors, pieces)))
        for h in self.houses_on(land):
            out += self._extend_moves(p, h, black, load, capacity)
        return out

    def _extend_moves(self, p: int, h: House, black: int, load: int, capacity: int | None) -> list[Move]:
        out: list[Move] = []
        if h.penthouse:
            return out
        own = h.owner == p
        if not own and not rulings.may_take_over(h.land == KING, h.penthouse):
            return out
        have = self.materials[p]
        for footprint, std in DIMENSIONS_STANDARDS:
            if not grows(h.footprint, footprint):
                continue
            if capacity is not None and load - h.standard + std > capacity:
                continue
            back = 1 if own and std == h.standard and rulings.roof_back_on_extension() else 0
            if self.roofs[p][std - 1] + back < 1:
                continue
            for floors in range(h.floors, 4):
                if (footprint, floors) == (h.footprint, h.floors):
                    continue
                targets = extension_targets(h.footprint, h.floors, footprint, floors)
                for pieces in piece_choices(have, black, targets):
                    out.append(Move("extend", (h.id, footprint, floors, pieces)))
        if own and h.footprint == "3x3":
            roof = self.comp.penthouse_roof
            if not roof or self.roofs[p][roof - 1] >= 1:
                for pieces in piece_choices(have, black, (area("2x2"),)):
                    out.append(Move("penthouse", (h.id, pieces)))
        return out

    def _tenant_moves(self, p: int) -> list[Move]:
        empty = [h for h in self.houses if h.owner == p and not h.tenant]
        out = []
        front_fits = False
        for c, column in enumerate(self.grid, start=1):
            for r, (card, _) in enumerate(column, start=1):
                need = rulings.stones_to_reach(r, self.options.back_rows)
                if need is None or need > self.stones[p]:
                    break
                homes = [h for h in empty if self.fits(card, h)]
                if homes and r == 1:
                    front_fits = True
                out += [Move("tenant", (c, r, h.id)) for h in homes]
                if not homes and self.unfit[p] < rulings.MAX_UNFIT_TAKES:
                    out.append(Move("tenant", (c, r, 0)))
        if rulings.may_pass(front_fits):
            out.append(Move("pass"))
        return out

    # -- playing --------------------------------------------------------------------------------
    def _apply(self, move: Any) -> Self:
        if not isinstance(move, Move):
            raise NotationError(f"not a さいころニュータウン move: {excerpt(move)}", "さいころニュータウンの手ではありません。")
        if self.phase == "over":
            raise IllegalMoveError(sections.FLOW, "ゲームはすでに終わっています。", "The game is already over.")
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        if move not in (legal if len(legal) <= 12 else self._legal_moves_set()):
            raise self._explain(move)
        return self._next(move)

    def _next(self, move: Move) -> Self:
        """The state after ``move``, a legal move."""
        s = self._copy()
        s._do(move)
        s.moves = self.moves + (move.text(),)
        s._legal = None
        s._settle()
        return s

    def _do(self, move: Move) -> None:
        """Carry out a legal move (``self`` is a fresh copy)."""
        p = self.current_player
        assert p is not None
        kind, a = move
        phase = self.phase
        _DO[kind](self, p, a)
        if rulings.ends_turn(kind, phase):
            self._end_turn()

    def _do_draft(self, p: int, a: tuple[int, ...]) -> None:
        for x in a:
            self.cards = _replace(self.cards, x, p)
        row = [x for x in self.row if x not in a]
        deck = list(self.deck)
        while len(row) < 4 and deck:
            row.append(deck.pop(0))
        self.row, self.deck, self.queue = tuple(sorted(row)), tuple(deck), self.queue[1:]
        if not self.queue:  # 3人以下の場合、余った土地カードは脇によけておきます (they stay in the stock)
            self._start_game()

    def _do_tree(self, p: int, a: tuple[int]) -> None:
        values = self._roll(a[0])
        bare = [x for x in self.board.numbered if x not in self.trees]
        land = rulings.tree_land(max(2, sum(values)), bare) if bare else KING
        if land != KING:
            self.trees = tuple(sorted((*self.trees, land)))
        self.log += ((p, "tree", values, land_name(land)),)
        self._start_dice()

    def _do_take(self, p: int, a: tuple[str, int]) -> None:
        colour, value = a
        pool = list(self.pool)
        pool.remove((colour, value))
        self.pool = tuple(pool)
        self.dice = _replace(self.dice, p, self.dice[p].add(colour, value))
        if colour == "r" and value == 1 and rulings.red_one_stone(self.round == EXTENSION_ROUND):
            self.stones = _replace(self.stones, p, self.stones[p] + 1)
        self.picks += 1
        if self.picks == 6 * len(self.order):
            self.pool = ()
            self._next_phase()
        else:
            self.turn = self.picks % len(self.order)

    def _needs(self) -> dict[str, list[int]]:
        """Per colour, the players still lacking dice of it (one entry per die lacking)."""
        return {c: [p for p in self.order for _ in range(NEEDS[c] - self.dice[p].count(c))] for c in NEEDS}

    def _draft_determined(self) -> bool:
        """Whether the dice left can be shared out only one way: for every colour, a single
        player lacks it or its dice left all show the same pips (ruling
        :func:`.rulings.forced_moves_played`)."""
        dice, order, pool = self.dice, self.order, self.pool
        for c, need in NEEDS.items():
            if c == "w":
                lacking = sum(1 for p in order if len(dice[p][3]) < need)
            else:
                i = _DIE_INDEX[c]
                lacking = sum(1 for p in order if dice[p][i] is None)
            if lacking > 1 and len({v for colour, v in pool if colour == c}) > 1:
                return False
        return True

    def _finish_draft(self) -> None:
        """Hand out the dice left as the only way they can go, in turn order."""
        needs = self._needs()
        for c, needers in needs.items():
            values = sorted(v for colour, v in self.pool if colour == c)
            for p, v in zip(needers, values):
                self.dice = _replace(self.dice, p, self.dice[p].add(c, v))
                if c == "r" and v == 1 and rulings.red_one_stone(self.round == EXTENSION_ROUND):
                    self.stones = _replace(self.stones, p, self.stones[p] + 1)
        self.pool = ()
        self.picks = 6 * len(self.order)
        self._next_phase()

    def _do_keep(self, p: int, a: tuple[()]) -> None:
        """Keep the six dice rolled (the extension round)."""

    def _do_reroll(self, p: int, a: tuple[Any, ...]) -> None:
        d = self.dice[p]
        what = a[0]
        if what == "all":
            values = self._roll(6)
            self.dice = _replace(self.dice, p, Dice(values[0], values[1], values[2], tuple(sorted(values[3:]))))
            self.log += ((p, "all", values, ""),)
            return
        d = d._replace(red=(d.red or 0) - 1)
        if what == "w":
            old = list(a[1:])
            values = self._roll(len(old))
            white = list(d.white)
            for v in old:
                white.remove(v)
            d = d._replace(white=tuple(sorted(white + list(values))))
            self.log += ((p, "w", values, ",".join(map(str, old))),)
        else:
            values = self._roll(1)
            d = d._replace(**{COLOURS[what]: values[0]})
            self.log += ((p, what, values, ""),)
        self.dice = _replace(self.dice, p, d)

    def _do_use(self, p: int, a: tuple[int, str]) -> None:
        land, effect = a
        d = self.dice[p]
        if effect.startswith("w"):
            value, how = effect[1:].split("x")
            white = list(d.white)
            white.remove(int(value))
            white.append(int(value) * int(how))
            d = d._replace(white=tuple(sorted(white)))
        elif effect.endswith("+1"):
            colour = COLOURS[effect[0]]
            d = d._replace(**{colour: (getattr(d, colour) or 0) + 1})
        elif effect == "swap":
            d = d._replace(green=d.black, black=d.green)
        elif effect == "get":
            self.materials = _replace(self.materials, p, add_pieces(self.materials[p], (rulings.MUD_PIECE,)))
        else:  # (ret)
            self.materials = _replace(self.materials, p, take_pieces(self.materials[p], (rulings.MUD_PIECE,)))
        self.dice = _replace(self.dice, p, d)
        self.used = tuple(sorted((*self.used, land)))

    def _do_go(self, p: int, a: tuple[int]) -> None:
        land = a[0]
        d = self.dice[p]
        cost = self._costs(p)[land]
        self.dice = _replace(self.dice, p, _dice(d.red, (d.green or 0) - cost, d.black, d.white))
        arrivals = tuple(q for q in self.king_arrivals if q != p)
        if land == KING:
            arrivals += (p,)
        self.king_arrivals = arrivals
        self.craftsmen = _replace(self.craftsmen, p, land)
        if land in self.trees and rulings.material_on_arrival(stopped=True):
            size = self.comp.round_materials[self.round - 1]
            self.materials = _replace(self.materials, p, add_pieces(self.materials[p], self.comp.pieces(size)))

    def _do_stay(self, p: int, a: tuple[()]) -> None:
        """Stay on the land (移動(1) without moving)."""

    def _do_pass(self, p: int, a: tuple[()]) -> None:
        if self.phase == "move2":
            return
        self.passes += 1
        if rulings.front_row_turns(self.passes, sum(1 for q in range(self.players) if not self.left[q])):
            # 全員がパスした場合、最下段の4枚を最上段に移す
            self.grid = tuple(column[1:] + column[:1] for column in self.grid)
            self.passes = 0
        self._tenant_check(advance=True)

    def _do_supply(self, p: int, a: tuple[int, ...]) -> None:
        d = self.dice[p]
        pieces = self.comp.pieces(d.red or 0)
        self.materials = _replace(self.materials, p, add_pieces(self.materials[p], pieces))
        if rulings.red_supply_uses_red():
            self.dice = _replace(self.dice, p, _dice(0, d.green, d.black, d.white))
        if a:
            size, q = a
            self.materials = _replace(self.materials, p, take_pieces(self.materials[p], (size,)))
            self.materials = _replace(self.materials, q, add_pieces(self.materials[q], (size,)))
            self.stones = _replace(self.stones, p, self.stones[p] + 1)

    def black_cost(self, move: Move) -> int:
        """The black pips a move of building spends (a new house, an extension or a take-over, a
        penthouse: :func:`rulings.black_for_pieces`); 0 for any other move.

        >>> NewtownState.new(2, seed=1).black_cost(Move("build", (12, "2x3", 1, (1, 2, 3))))
        3
        """
        kind, a = move
        if kind in ("build", "extend"):
            return rulings.black_for_pieces(a[3])
        if kind == "penthouse":
            return rulings.black_for_pieces(a[1])
        return 0

    def _spend_black(self, p: int, pips: int) -> None:
        d = self.dice[p]
        self.dice = _replace(self.dice, p, _dice(d.red, d.green, (d.black or 0) - pips, d.white))

    def _do_split(self, p: int, a: tuple[int, int]) -> None:
        size, part = a
        have = take_pieces(self.materials[p], (size,))
        self.materials = _replace(self.materials, p, add_pieces(have or (), (part, size - part)))
        self._spend_black(p, 1)

    def _do_merge(self, p: int, a: tuple[int, int]) -> None:
        have = take_pieces(self.materials[p], a)
        self.materials = _replace(self.materials, p, add_pieces(have or (), (a[0] + a[1],)))
        self._spend_black(p, 1)

    def _take_card(self, p: int, land: int) -> None:
        """The land's card comes to ``p`` from its holder or the stock, its ability ready again."""
        self.cards = _replace(self.cards, land, p)
        self.used = tuple(x for x in self.used if x != land)

    def _do_build(self, p: int, a: tuple[int, str, int, tuple[int, ...]]) -> None:
        land, footprint, floors, pieces = a
        before = self.houses_on(land)
        h = House(self.next_house, p, land, footprint, floors)
        hid = h.id
        base = h.base(self.comp)
        others = [x.base(self.comp) for x in self.houses]
        self._score(p, "base", base, hid)
        if land in self.trees and (land != KING or rulings.KINGS_TREE_COUNTS):
            self._score(p, "tree", 1, hid)
        if rulings.second_house(len(before)):
            self._score(p, "second", 1, hid)
        if rulings.fifth_house(self.built[p]):
            self._score(p, "fifth", 1, hid)
        if rulings.largest(base, others):
            self._score(p, "largest", 1, hid)
        self.houses += (h,)
        self.next_house += 1
        self.built = _replace(self.built, p, self.built[p] + 1)
        if rulings.has_land_card(land):
            counts = Counter(x.land for x in self.houses)
            for kind, patterns in (("line", self.board.lines), ("block", self.board.blocks)):
                bonus = rulings.pattern_bonus(patterns, land, bool(before), counts)
                if bonus:
                    self._score(p, kind, bonus, hid)
            if self.cards[land] == p:
                self._score(p, "card", 1, hid)
            else:
                self._take_card(p, land)
        else:
            stones = rulings.KING_STONES[len(self.king_builders)]
            self.stones = _replace(self.stones, p, self.stones[p] + stones)
            self.king_builders += (p,)
        roofs = list(self.roofs[p])
        roofs[h.standard - 1] -= 1
        self.roofs = _replace(self.roofs, p, tuple(roofs))  # type: ignore[arg-type]
        self.materials = _replace(self.materials, p, take_pieces(self.materials[p], pieces) or ())
        self._spend_black(p, rulings.black_for_pieces(pieces))

    def _grow(self, p: int, old: House, new: House, pieces: tuple[int, ...], kind: str) -> None:
        """An extension (a take-over when ``old`` is another's, a penthouse): the difference
        of base points, the largest-house bonus, the land card, roofs, the former owner's stone."""
        diff = new.base(self.comp) - old.base(self.comp)
        self._score(p, kind, diff, old.id)
        others = [x.base(self.comp) for x in self.houses if x.id != old.id]
        if rulings.largest(new.base(self.comp), others):
            self._score(p, "largest", 1, old.id)
        self.houses = tuple(new if x.id == old.id else x for x in self.houses)
        if rulings.has_land_card(new.land):
            if self.cards[new.land] != p:
                self._take_card(p, new.land)
            elif rulings.land_card_point_on_extension():
                self._score(p, "card", 1, old.id)
        mine = list(self.roofs[p])
        if kind == "penthouse":
            if self.comp.penthouse_roof:
                mine[self.comp.penthouse_roof - 1] -= 1
        elif old.owner == p:
            mine[old.standard - 1] += 1 if rulings.roof_back_on_extension() else 0
            mine[new.standard - 1] -= 1
        else:
            theirs = list(self.roofs[old.owner])
            theirs[old.standard - 1] += 1
            self.roofs = _replace(self.roofs, old.owner, tuple(theirs))  # type: ignore[arg-type]
            mine[new.standard - 1] -= 1
            self.stones = _replace(self.stones, old.owner, self.stones[old.owner] + 1)
        self.roofs = _replace(self.roofs, p, tuple(mine))  # type: ignore[arg-type]
        self.materials = _replace(self.materials, p, take_pieces(self.materials[p], pieces) or ())
        self._spend_black(p, rulings.black_for_pieces(pieces))

    def _do_extend(self, p: int, a: tuple[int, str, int, tuple[int, ...]]) -> None:
        hid, footprint, floors, pieces = a
        old = self.house(hid)
        assert old is not None
        kind = "extend" if old.owner == p else "take-over"
        self._grow(p, old, old._replace(owner=p, footprint=footprint, floors=floors), pieces, kind)

    def _do_penthouse(self, p: int, a: tuple[int, tuple[int, ...]]) -> None:
        old = self.house(a[0])
        assert old is not None
        self._grow(p, old, old._replace(penthouse=True), a[1], "penthouse")

    def _do_help(self, p: int, a: tuple[()]) -> None:
        q = self.next_craftsman()
        assert q is not None
        pips = self.dice[p].black or 0
        self._spend_black(p, pips)
        e = self.dice[q]
        self.dice = _replace(self.dice, q, _dice(e.red, e.green, (e.black or 0) + pips, e.white))
        self.stones = _replace(self.stones, p, self.stones[p] + 1)

    def _do_end(self, p: int, a: tuple[()]) -> None:
        """End the building turn."""

    def _do_decide(self, p: int, a: tuple[str]) -> None:
        self.choices = _replace(self.choices, p, a[0] == "extend")
        self.turn += 1
        if self.turn == len(self.order):
            self._decided()

    def _do_tenant(self, p: int, a: tuple[int, int, int]) -> None:
        c, r, hid = a
        column = list(self.grid[c - 1])
        for i in range(r - 1):  # 後列の優先受け入れ: a stone on each card in front
            card, stones = column[i]
            column[i] = (card, stones + 1)
        card, on_card = column.pop(r - 1)
        need = rulings.stones_to_reach(r, self.options.back_rows)
        assert need is not None  # (a legal move)
        self.stones = _replace(self.stones, p, self.stones[p] - need + on_card)
        if hid:
            h = self.house(hid)
            assert h is not None
            t = self.comp.tenants[card]
            roll = 0
            if h.land == KING and t.royal:
                roll = self._roll(1)[0]
                self.log += ((p, "royal", (roll,), t.name),)
                points = rulings.royal_points(t.points, t.royal, roll, self.options.royal_bonus)
                self._score(p, "tenant", t.points if self.options.royal_bonus == "add" else 0, hid)
                self._score(p, "royal", points - (t.points if self.options.royal_bonus == "add" else 0), hid)
            else:
                self._score(p, "tenant", t.points, hid)
            self.houses = tuple(x._replace(tenant=card, roll=roll) if x.id == hid else x for x in self.houses)
        else:
            self._score(p, "unfit", -2, card)
            column.append((card, 0))
            self.unfit = _replace(self.unfit, p, self.unfit[p] + 1)
        self.grid = _replace(self.grid, c - 1, tuple(column))
        self.passes = 0
        self._tenant_check(advance=True)

    # -- why a move is refused ------------------------------------------------------------------
    def _explain(self, move: Move) -> IllegalMoveError:
        from .explain import explain

        return explain(self, move)

    # -- scores -------------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return [sum(points for _, points, _ in entries) for entries in self.ledger]

    def breakdown(self, p: int) -> dict[str, int]:
        """``p``'s points by kind (base, bonuses, settlements, tenants, stones…)."""
        out: dict[str, int] = {}
        for kind, points, _ in self.ledger[p]:
            out[kind] = out.get(kind, 0) + points
        return out

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        return best_of(self.scores())

    def final_scores_from_position(self) -> list[int]:
        """The points of the building rounds and settlement (from the ledger), with the tenant
        points, empty houses and stones worked out again from the houses and stones."""
        recomputed = {"tenant", "royal", "empty-house", "stones", "most-stones"}
        out = [sum(pts for kind, pts, _ in self.ledger[p] if kind not in recomputed) for p in range(self.players)]
        if not self.is_over():
            return self.scores()
        for h in self.houses:
            if h.tenant:
                t = self.comp.tenants[h.tenant]
                if h.land == KING and t.royal:
                    out[h.owner] += rulings.royal_points(t.points, t.royal, h.roll, self.options.royal_bonus)
                else:
                    out[h.owner] += t.points
            elif not self.options.short_game:
                out[h.owner] -= 2
        for p, bonus in enumerate(rulings.most_stones_bonus(self.stones)):
            out[p] += self.stones[p] + bonus
        return out

    @classmethod
    def max_game_length(cls, players: int, options: Mapping[str, Any] | None = None) -> int:
        """A bound on the moves of any game.

        The draft; per round the tree, the dice and one ending move a phase for each player;
        houses: at most 4 standard units on each of 16 lands and 2 on the King's land (66),
        each built once and grown at most 6 times (2x2 → 2x3 → 2x4 or 3x3, two floors more, a
        penthouse); abilities: each card once per holder, a card changing hands only with a
        build or an extension; rerolls paid by red pips, exchanges by black pips (the black
        and green dice and the +1s); the tenant round: a take fills a house or is one of the
        few unfit takes, and between two takes at most four rounds of passes (after four every
        card has been in front, and a player whose card is in front may not pass)."""
        n = _check_players(players)
        NewtownOptions.from_dict(options)
        houses = 4 * 16 + rulings.KING_BUILDERS
        growths = 7 * houses
        abilities = 16 + growths
        rerolls = 5 * n * 6 + abilities
        exchanges = 5 * n * 12 + 2 * abilities
        dice = 4 * 6 * n + n
        endings = 5 * 4 * n + n + 2 * n + 4
        tenants = (houses + n * rulings.MAX_UNFIT_TAKES + 1) * (5 * n + 1)
        return endings + dice + rerolls + abilities + exchanges + growths + tenants

    @classmethod
    def sample_configurations(cls) -> list[tuple[int, dict[str, Any]]]:
        return [
            (2, {}),
            (3, {"deal": "draft"}),
            (4, {}),
            (2, {"layout": "random", "turn_materials": "last", "royal_bonus": "replace", "back_rows": "second"}),
            (3, {"short_game": True}),
        ]

    #: The most moves a search player weighs at once (:meth:`search_moves`).
    SEARCH_WIDTH = 6

    def search_default(self) -> Move:
        """The planner's move (:class:`.players.PlayoutPlanner`, its ties broken the same way
        every time): a search player keeps it unless its playouts show another move clearly
        better.  The dice make every playout's outcome noisy, and at a board's 0.2 to 3 s a move
        a search that played whatever its few playouts liked best built almost nothing."""
        from .players import PlayoutPlanner

        return PlayoutPlanner(random.Random(0)).choose(self)

    def search_moves(self) -> list[Move]:
        """The planner's move and, of the other moves, the first of each kind and target (a die of
        another colour, another land, another house...), :attr:`SEARCH_WIDTH` in all: the many
        ways to lay the same pieces are not weighed one by one."""
        legal = self.legal_moves()
        if len(legal) <= self.SEARCH_WIDTH:
            return legal
        plan = self.search_default()
        out, kinds = [plan], {(plan.kind, plan.args[:1])}
        for move in legal:
            if len(out) == self.SEARCH_WIDTH:
                break
            if (move.kind, move.args[:1]) not in kinds:
                kinds.add((move.kind, move.args[:1]))
                out.append(move)
        return out

    def rollout_move(self, rng: Any) -> Move:
        """A search player's playout move: the planner's (:class:`.players.PlayoutPlanner`)."""
        from .players import PlayoutPlanner

        return PlayoutPlanner(rng).choose(self)

    def random_move(self, rng: Any) -> Move:
        """A well-formed move, legal or not (for the conformance test)."""
        from .explain import random_move

        return random_move(self, rng)

    # -- views and saving ------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {
            "board": self.board.to_text(),
            "phase": self.phase,
            "round": self.round,
            "order": list(self.order),
            "turn": self.turn,
            "participants": list(self.participants),
            "craftsmen": list(self.craftsmen),
            "king_arrivals": list(self.king_arrivals),
            "trees": list(self.trees),
            "dice": [[d.red, d.green, d.black, list(d.white)] for d in self.dice],
            "pool": [[c, v] for c, v in self.pool],
            "picks": self.picks,
            "materials": [list(m) for m in self.materials],
            "roofs": [list(r) for r in self.roofs],
            "stones": list(self.stones),
            "ledger": [[list(e) for e in entries] for entries in self.ledger],
            "houses": [list(h) for h in self.houses],
            "next_house": self.next_house,
            "cards": list(self.cards),
            "used": list(self.used),
            "built": list(self.built),
            "king_builders": list(self.king_builders),
            "choices": list(self.choices),
            "extended": list(self.extended),
            "deck": list(self.deck),
            "row": list(self.row),
            "queue": list(self.queue),
            "grid": [[list(x) for x in column] for column in self.grid],
            "left": list(self.left),
            "passes": self.passes,
            "unfit": list(self.unfit),
            "rolls": self.rolls,
            "top_used": self.top_used,
            "log": [[p, what, list(values), extra] for p, what, values, extra in self.log],
            "leftover": [list(x) for x in self.leftover],
        }

    def view(self, player: int | None) -> dict[str, Any]:
        """Everything public: the draft's face-down deck is only a count, and the extension
        choices of others are only "chosen" until everyone has chosen; dice not yet rolled are
        nowhere in the state (each roll is drawn when the rules call for it)."""
        self.check_viewer(player)
        data = self.snapshot()
        data["deck"] = len(self.deck)
        if self.phase == "extend":
            data["choices"] = [c if (p == player or c is None) else "chosen" for p, c in enumerate(self.choices)]
        for key in ("rolls", "top_used"):
            del data[key]
        data["viewer"] = player
        data["current_player"] = self.current_player
        data["scores"] = self.scores()
        data["hands"] = [list(self.hand(p)) for p in range(self.players)]
        return data

    def to_text(self) -> str:
        """The position as text: the map with craftsmen and trees, the houses, each player's
        supply, and the phase (the tenant grid in the tenant round)."""
        from .notation import position_text

        return position_text(self)

    def __str__(self) -> str:
        return self.to_text()

    def evaluate(self, move: Any, player: int) -> float:
        """The greedy player's value of ``move``: public information only (see
        :func:`.players.public_value`)."""
        from .players import public_value

        return public_value(self, move, player)


def _field_copier() -> Any:
    """``_copy_fields(old, new)``: every field of ``NewtownState`` assigned from ``old`` to
    ``new`` by one generated function (much faster than ``getattr``/``setattr`` by name), the
    legal-move caches left empty."""
    names = [n for n in NewtownState.__slots__ if not n.startswith("_")]
    lines = ["def _copy_fields(old, new):"]
    lines += [f"    new.{n} = old.{n}" for n in names]
    lines += ["    new._legal = None", "    new._legal_set = None", "    return new"]
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), namespace)  # noqa: S102  (our own field names only)
    return namespace["_copy_fields"]


_copy_fields = _field_copier()

@lru_cache(maxsize=4096)
def _hand(cards: tuple[int, ...], p: int) -> tuple[int, ...]:
    return tuple([x for x, holder in enumerate(cards) if holder == p])


@lru_cache(maxsize=4096)
def _uses(land: int, kind: str, white: tuple[int, ...], has_one: bool) -> tuple[Move, ...]:
    """The uses of land card ``land``'s ability (of ``kind``) with these white dice."""
    if kind == "white":
        out = []
        for v in sorted(set(white)):
            out.append(Move("use", (land, f"w{v}x0")))
            if v:
                out.append(Move("use", (land, f"w{v}x2")))
        return tuple(out)
    if kind == "plus":
        return tuple(Move("use", (land, f"{c}+1")) for c in "grb")
    if kind == "swap":
        return (Move("use", (land, "swap")),)
    return (Move("use", (land, "get")), Move("use", (land, "ret"))) if has_one else (Move("use", (land, "get")),)


@lru_cache(maxsize=8192)
def _costs(board: Board, start: int, budget: int, blocked: frozenset[int]) -> dict[int, int]:
    """:meth:`.Board.costs`, kept for the next time (callers never change the dict)."""
    return board.costs(start, budget, blocked)


def _go_moves(costs: dict[int, int]) -> list[Move]:
    return [_GO[x] if x in _GO else Move("go", (x,)) for x in sorted(costs)]


@lru_cache(maxsize=8192)
def _supplies(have: tuple[int, ...], red: tuple[int, ...], p: int, participants: tuple[int, ...]) -> tuple[Move, ...]:
    """The compulsory supply, alone or with a gift of a piece of 4 or more from ``have`` and
    the ``red`` pieces (any piece in hand, rulings.gift_from_any_piece)."""
    return _supplies_of(tuple(sorted(size for size in set(have) | set(red) if size >= 4)), p, participants)


@lru_cache(maxsize=4096)
def _supplies_of(sizes: tuple[int, ...], p: int, participants: tuple[int, ...]) -> tuple[Move, ...]:
    """:func:`_supplies` by the sizes of 4 or more at hand (many hands share them)."""
    out = [_SUPPLY]
    for size in sizes:
        out += [Move("supply", (size, q)) for q in rulings.gift_recipients(p, participants)]
    return tuple(out)


@lru_cache(maxsize=4096)
def _exchanges(have: tuple[int, ...], max_size: int) -> tuple[Move, ...]:
    """The splits and merges of the pieces ``have`` (each paid with a black pip)."""
    return _exchanges_of(tuple(sorted(x for x in set(have) for _ in range(min(have.count(x), 2)))), max_size)


@lru_cache(maxsize=4096)
def _exchanges_of(have: tuple[int, ...], max_size: int) -> tuple[Move, ...]:
    """:func:`_exchanges` of pieces with at most two of each size (all the rule looks at: which
    sizes there are, and whether a size is there twice)."""
    out = []
    sizes = sorted(set(have))
    for size in sizes:
        out += [Move("split", (size, part)) for part in range(1, size // 2 + 1)]
    for a in sizes:
        for b in sizes:
            if a <= b and a + b <= max_size and (a != b or have.count(a) >= 2):
                out.append(Move("merge", (a, b)))
    return tuple(out)


#: Moves the engine offers again and again, made once (moves are immutable values).
_STAY, _PASS, _SUPPLY, _END, _HELP = Move("stay"), Move("pass"), Move("supply"), Move("end"), Move("help")
_GO = {x: Move("go", (x,)) for x in range(19)}
_TAKE = {(c, v): Move("take", (c, v)) for c in NEEDS for v in range(1, 7)}
_REROLL_G, _REROLL_B = Move("reroll", ("g",)), Move("reroll", ("b",))


@lru_cache(maxsize=4096)
def _white_rerolls(white: tuple[int, ...]) -> tuple[Move, ...]:
    """Rerolls of one to three of the white dice ``white`` (by value), sorted."""
    combos = sorted({combo for k in (1, 2, 3) for combo in combinations(white, k)})
    return tuple(Move("reroll", ("w", *combo)) for combo in combos)


#: The footprints with their standards, smallest first.
DIMENSIONS_STANDARDS = tuple(sorted(FOOTPRINTS.items(), key=lambda item: item[1]))

#: The method carrying out each kind of move.
_DO = {kind: getattr(NewtownState, f"_do_{kind}") for kind in KIND_PHASES}
