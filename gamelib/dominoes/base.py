"""What the four domino games share: hands, a supply, seats in order, saving."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from ..core import GameState, IllegalMoveError, NotationError, excerpt
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
        return [list(map(list, h)) if (p == player or self.over) else len(h) for p, h in enumerate(self.hands)]

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
