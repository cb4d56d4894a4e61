"""What the four domino games share: hands, a supply, seats in order, saving."""

from __future__ import annotations

from abc import abstractmethod
import random
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from typing import Any

from ..core import GameError, GameState, IllegalMoveError, NotationError, excerpt
from . import rulings
from .tiles import PASS, TILES, Pass, Place, Tile, is_shared, parse_move, tile_text


def check_players(players: Any, allowed: Collection[int], rule_en: str, rule_ja: str) -> int:
    """``players`` when it is a whole number in ``allowed``; NotationError saying the rule otherwise.

    >>> check_players(2.0, (2, 3), "Dominomega is for 3 players", "ドミノメガは3人で遊びます。")
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: Dominomega is for 3 players, not 2.0
    """
    if isinstance(players, bool) or not isinstance(players, int) or players not in allowed:
        raise NotationError(f"{rule_en}, not {excerpt(players)}", rule_ja)
    return players


def check_no_options(options: Any, game_en: str, game_ja: str) -> None:
    """A game without options takes None or an empty mapping."""
    if options is None:
        return
    if not isinstance(options, Mapping):
        raise NotationError(f"{game_en}'s options are a mapping, not {type(options).__name__}",
                            f"{game_ja}のオプションは「名前と値」の組で指定します。")
    if options:
        raise NotationError(f"{game_en} has no options: {excerpt(list(options))}", f"{game_ja}にオプションはありません。")


#: At most ``limit`` tiles of the set may be in one place (what play has shown).
Limit = tuple[frozenset[Tile], int]


def deal_hidden(rng: random.Random, pool: Sequence[Tile], sizes: Sequence[tuple[Hashable, int]],
                limits: Mapping[Hashable, Sequence[Limit]] | None = None) -> dict[Hashable, list[Tile]]:
    """Share the tiles of ``pool`` out at random among places of the given sizes, so that no
    place holds more tiles of a limit's set than the limit allows.

    Draws are exact (every sharing that keeps the limits equally likely) whenever a plain
    shuffle keeps them within a few tries; otherwise a sharing is built tile by tile (the most
    restricted tiles first, backtracking) and then mixed by random swaps that keep the limits.

    >>> import random
    >>> dealt = deal_hidden(random.Random(1), [(0, 1), (0, 2), (1, 1)], [(0, 1), ("supply", 2)],
    ...                     {0: [(frozenset({(0, 1), (0, 2)}), 0)]})
    >>> dealt[0], sorted(dealt["supply"])
    ([(1, 1)], [(0, 1), (0, 2)])
    """
    limits = {key: [(tiles, m) for tiles, m in found] for key, found in (limits or {}).items() if found}
    if sum(n for _, n in sizes) != len(pool):
        raise GameError(f"{len(pool)} hidden tiles do not fill places for {sum(n for _, n in sizes)}")

    def within(key: Hashable, tiles: Iterable[Tile]) -> bool:
        held = set(tiles)
        return all(len(held & limited) <= m for limited, m in limits.get(key, ()))

    tiles = list(pool)
    for _ in range(40):
        rng.shuffle(tiles)
        out, i = {}, 0
        for key, n in sizes:
            out[key], i = tiles[i : i + n], i + n
        if all(within(key, held) for key, held in out.items()):
            return out
    # tile by tile, the most restricted first
    order = sorted(tiles, key=lambda t: -sum(t in limited for found in limits.values() for limited, _ in found))
    room = dict(sizes)
    held: dict[Hashable, list[Tile]] = {key: [] for key, _ in sizes}
    steps = 0

    def fits(key: Hashable, tile: Tile) -> bool:
        return room[key] > 0 and all(tile not in limited or len(limited.intersection(held[key])) < m
                                     for limited, m in limits.get(key, ()))

    def place(i: int) -> bool:
        nonlocal steps
        if i == len(order):
            return True
        steps += 1
        if steps > 200_000:
            raise GameError("no sharing of the hidden tiles keeps what play has shown")
        keys = [key for key, _ in sizes]
        rng.shuffle(keys)
        for key in keys:
            if fits(key, order[i]):
                held[key].append(order[i])
                room[key] -= 1
                if place(i + 1):
                    return True
                held[key].pop()
                room[key] += 1
        return False

    if not place(0):
        raise GameError("no sharing of the hidden tiles keeps what play has shown")
    keys = [key for key, n in sizes if n]
    for _ in range(20 * len(pool)):
        a, b = rng.sample(keys, 2) if len(keys) > 1 else (keys[0], keys[0])
        if a == b:
            break
        i, j = rng.randrange(len(held[a])), rng.randrange(len(held[b]))
        held[a][i], held[b][j] = held[b][j], held[a][i]
        if not (within(a, held[a]) and within(b, held[b])):
            held[a][i], held[b][j] = held[b][j], held[a][i]
    for key in held:
        rng.shuffle(held[key])
    return held


class DominoState(GameState):
    """Common fields: ``hands`` (each player's tiles, sorted), ``supply`` (face down, next
    drawn first), ``turn`` (the player to move)."""

    hands: tuple[tuple[Tile, ...], ...]
    supply: tuple[Tile, ...]
    turn: int
    over: bool

    #: What a state works out about itself once (its legal moves, ...): never copied to the next.
    _CACHES: tuple[str, ...] = ("_legal",)

    def _copy(self) -> Any:
        s = object.__new__(type(self))
        d = s.__dict__
        d.update(self.__dict__)
        for key in self._CACHES:
            d.pop(key, None)
        return s

    def legal_moves(self) -> list[Any]:
        """The legal moves, worked out once per position (states never change)."""
        cached = self.__dict__.get("_legal")
        if cached is None:
            cached = self.__dict__["_legal"] = self._generate()
        return list(cached)

    @abstractmethod
    def _generate(self) -> list[Any]:
        """Every legal move of this position, sorted (each game's own rule)."""

    def idle_tile_words(self, tile: Tile, name: str | None = None) -> str | None:
        """Why ``tile``, in the hand of the player to move, has no placement now while another
        tile has one, when a rule says more than that it fits nowhere (Japanese, the tile called
        ``name``, by default 「3-6」; None where nothing more is to be said)."""
        return None

    def parse_move(self, text: str) -> Place | Pass:
        return parse_move(text)

    def read_move(self, move: Any) -> Any:
        """As :meth:`GameState.read_move`, with one courtesy: a :class:`Place` written the other
        way round (the larger number first, or a double's cells in reverse order) is the same
        placement, so it is read as its canonical form, like its text is (``"6-3 0,2 0,1"`` is
        ``"3-6 0,1 0,2"``).  Its fields must still be exactly right (whole numbers 0-7, cells of
        whole numbers)."""
        if type(move) is Place:
            if is_shared(move):  # one of the engine's own move objects: exactly a placement already
                return move
            try:
                move = Place.make(*move)
            except Exception:  # fields that do not even compare: the exact check below refuses them
                pass
        elif type(move) is Pass and len(move) == 0:
            return PASS
        return super().read_move(move)

    def _check_type(self, move: Any) -> None:
        if not isinstance(move, (Place, Pass)):
            raise NotationError(f"not a domino move: {excerpt(move)}", "ドミノの手ではありません。")

    # -- samples for search players ----------------------------------------------------------
    def determinize(self, player: int, rng: random.Random) -> Any:
        """A sample of this position as ``player`` knows it: the tiles ``player`` cannot account
        for (not on the table, not in their hand, not otherwise shown) are shared out again at
        random among the other hands (each keeping its size), the game's other secrets
        (:meth:`_secret_places`) and the supply (in a new order), keeping what play has shown
        (:meth:`_hidden_limits`).  Everything public is the position's own."""
        self.check_viewer(player, spectator=False)
        s = self._copy()
        if not self.hidden_information(self.players, self.options_dict()):
            return s
        known = set(self._public_tiles()) | set(self.hands[player]) | self._known_secrets(player)
        sizes: list[tuple[Hashable, int]] = []
        if not self.over:
            sizes += [(p, len(hand)) for p, hand in enumerate(self.hands) if p != player]
        else:
            known.update(t for hand in self.hands for t in hand)
        sizes += self._secret_places(player)
        sizes.append(("supply", len(self.supply)))
        pool = [t for t in TILES if t not in known]
        dealt = deal_hidden(rng, pool, sizes, self._hidden_limits(player) if not self.over else {})
        s.hands = tuple(tuple(sorted(dealt[p])) if p in dealt else hand for p, hand in enumerate(self.hands))
        s.supply = tuple(dealt["supply"])
        s._set_secrets(dealt)
        return s

    def _public_tiles(self) -> list[Tile]:
        """The tiles everyone has seen placed."""
        return [parse_move(text).tile for text in self.moves if text != "pass"]

    def _known_secrets(self, player: int) -> set[Tile]:
        """Tiles out of play that ``player`` knows of besides the hands (a mission, the root)."""
        return set()

    def _secret_places(self, player: int) -> list[tuple[Hashable, int]]:
        """Other secret places than hands and the supply, with their sizes."""
        return []

    def _hidden_limits(self, player: int) -> dict[Hashable, list[Limit]]:
        """What play has shown about the other hands (none by default)."""
        return {}

    def _set_secrets(self, dealt: Mapping[Hashable, list[Tile]]) -> None:
        """Put the tiles dealt to :meth:`_secret_places` in place (on the sample)."""

    def is_over(self) -> bool:
        return self.over

    @property
    def current_player(self) -> int | None:
        return None if self.over else self.turn

    def _without(self, player: int, tile: Tile) -> tuple[tuple[Tile, ...], ...]:
        hand = list(self.hands[player])
        hand.remove(tile)
        return self.hands[:player] + (tuple(hand),) + self.hands[player + 1 :]

    def _draw(self, player: int) -> None:
        """Give ``player`` the top tile of the supply, if there is one (on a fresh copy)."""
        if self.supply:
            tile, self.supply = self.supply[0], self.supply[1:]
            self.hands = self.hands[:player] + (tuple(sorted(self.hands[player] + (tile,))),) + self.hands[player + 1 :]

    def random_move(self, rng: Any) -> Place:
        tile = rng.choice(TILES)
        r, c = rng.randint(-4, 4), rng.randint(-4, 4)
        dr, dc = rng.choice(((0, 1), (1, 0)))
        return Place.make(tile[0], tile[1], (r, c), (r + dr, c + dc))

    def view_hands(self, player: int | None) -> list[Any]:
        """Hands are secret: a player sees their own, the others only as counts."""
        return [list(map(list, h)) if rulings.hand_shown(p, player, self.over) else len(h)
                for p, h in enumerate(self.hands)]

    @staticmethod
    def tiles_json(tiles: Sequence[Tile]) -> list[list[int]]:
        return [list(t) for t in tiles]


class OneTileState(DominoState):
    """Games where each player holds one tile, puts it next to the table and draws another
    (Dominomega, Dominimum).  Subclasses name their sections and may note each placement."""

    table: Any
    section_play: str
    section_end: str

    def _generate(self) -> list[Any]:
        if self.over:
            return []
        return self.table.placements_of(self.hands[self.turn][:1])

    def _apply(self, move: Any) -> Any:
        self._check_type(move)
        if self.over:
            raise IllegalMoveError(self.section_end, "ゲームはすでに終わっています。", "The game is already over.")
        tile = self.hands[self.turn][0]
        if not isinstance(move, Place) or move.tile != tile:
            raise IllegalMoveError(
                self.section_play,
                f"手元のタイルは{tile_text(tile)}です。置けるのはそのタイルだけです。",
                f"Your tile is {tile_text(tile)}; it is the only tile you may place.",
            )
        error = self.table.placement_error(move, self.section_play)
        if error is not None:
            raise error
        return self._next(move)

    def apply_legal(self, move: Any) -> Any:
        """The state after ``move``, one of :meth:`legal_moves` (not checked again)."""
        return self._next(move)

    def _next(self, move: Place) -> Any:
        tile = move.tile
        s = self._copy()
        s.table = self.table.put(move)
        s.hands = self._without(self.turn, tile)
        s._draw(self.turn)
        s.moves = self.moves + (move.text(),)
        s._placed(self.turn, len(self.moves))
        if not any(s.hands):
            s.over = True
        else:  # the next player, in seat order, who still holds a tile
            s.turn = rulings.next_seat(self.turn, self.players)
            while not s.hands[s.turn]:
                s.turn = rulings.next_seat(s.turn, self.players)
        return s

    def _placed(self, player: int, move_number: int) -> None:
        """Note that ``player`` placed a tile as move ``move_number`` (on the new state)."""
