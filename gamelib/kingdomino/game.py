"""A whole game of Kingdomino: set-up, rounds, the final round, scoring and variants.

Moves, in text form:

* ``claim N`` — put the current king on domino N of the new row (プレイ, step 2; also the
  first row during set-up);
* ``place N r,c r,c`` — add domino N to your kingdom, its first half on the first cell and
  its second half on the second (cells relative to your castle, which is ``0,0``);
* ``discard N`` — discard domino N because it fits nowhere.

Hidden information: only the order of the face-down deck and which dominoes went back to the
box at set-up (2 and 3 players).  :meth:`KingdominoState.determinize` deals those again: the
dominoes nobody has seen are shuffled and split into the box and the deck (the ``deck_top``
option's stacked dominoes, public like every option, stay on top); the rows, the kings, the
kingdoms and the discards are on the table and kept.

>>> state = KingdominoState.new(4, seed=3)
>>> state.phase, len(state.legal_moves())
('claim', 4)
>>> state = state.play(state.legal_moves()[0])
>>> KingdominoState.from_json(state.to_json()) == state
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Self

from ..core import (MAX_MOVE_TEXT, GameState, IllegalMoveError, NotationError, best_of, check_seed, check_start_player,
                    excerpt, options_to_dict, read_options, seeded_rng)
from ..registry import register
from . import rulings, sections
from .dominoes import DOMINOES
from .kingdom import Cell, Kingdom

PHASES = ("claim", "place", "over")


@dataclass(frozen=True)
class KingdominoOptions:
    """The variants (ヴァリアント) and the optional rulings.

    * ``mighty_duel`` 壮大な決闘: 2 players, all 48 dominoes, 7×7 kingdoms;
    * ``harmony`` 調和: +5 for a kingdom finished without a discard;
    * ``middle_kingdom`` 中央王国: +10 for the castle in the centre
      (``middle_kingdom_rule``: ``"span"``, ``"frame"`` or ``"within"``, see :mod:`.rulings`);
    * ``dynasty`` 王朝: three games, the totals decide;
    * ``three_player_rule``: ``"current"`` (remove 12, rows of 3) or ``"classic"`` (all 48,
      rows of 4, the untaken domino discarded);
    * ``first_claims``: with 2 players, the order of the four kings on the first row;
    * ``deck_top`` and ``start_player``: a stacked set-up for worked examples and tests —
      the first dominoes drawn, in order (the rest are shuffled from the seed), and the
      start player instead of a random one.  Both are saved with the game.
    """

    mighty_duel: bool = False
    harmony: bool = False
    middle_kingdom: bool = False
    dynasty: bool = False
    three_player_rule: str = "current"
    first_claims: str = "alternate"
    middle_kingdom_rule: str = "span"
    deck_top: tuple[int, ...] = ()
    start_player: int | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> KingdominoOptions:
        """Read the options from a mapping (a saved game's ``options``); anything unknown or of
        the wrong type raises :class:`NotationError`.

        >>> KingdominoOptions.from_dict({"harmony": 1})
        Traceback (most recent call last):
        ...
        gamelib.core.NotationError: option 'harmony' must be true or false, not 1
        """
        data = read_options(data, cls, "Kingdomino", "キングドミノ", {
            "three_player_rule": rulings.THREE_PLAYER_RULES,
            "first_claims": rulings.FIRST_CLAIM_ORDERS,
            "middle_kingdom_rule": rulings.MIDDLE_KINGDOM_RULES,
        })
        if "deck_top" in data:
            top = data["deck_top"]
            if not isinstance(top, (list, tuple)) or len(top) > len(DOMINOES) or not all(
                isinstance(n, int) and not isinstance(n, bool) and n in DOMINOES for n in top
            ):
                raise NotationError("option 'deck_top' must be a list of domino numbers 1 to 48",
                                    "オプション「deck_top」は1から48までのドミノの番号の並びです。")
            if len(set(top)) != len(top):
                raise NotationError("option 'deck_top' names a domino twice",
                                    "オプション「deck_top」に同じドミノが2回出てきます。")
            data["deck_top"] = tuple(top)
        check_start_player(data.get("start_player"))
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        return options_to_dict(self)

    @property
    def size(self) -> int:
        return 7 if self.mighty_duel else 5

    @property
    def games(self) -> int:
        return 3 if self.dynasty else 1


class Move(NamedTuple):
    """A move: ``kind`` is ``"claim"``, ``"place"`` or ``"discard"``."""

    kind: str
    number: int
    first: Cell | None = None
    second: Cell | None = None

    def text(self) -> str:
        """The canonical text form, read back by :meth:`KingdominoState.parse_move`.

        >>> Move("place", 21, (0, -1), (1, -1)).text()
        'place 21 0,-1 1,-1'
        """
        if self.kind == "place" and self.first is not None and self.second is not None:
            return f"place {self.number} {self.first[0]},{self.first[1]} {self.second[0]},{self.second[1]}"
        return f"{self.kind} {self.number}"

    def __str__(self) -> str:
        # the moves the engine lists are made once, with their text (see ``_intern``)
        return _TEXT_OF.get(id(self)) or self.text()


#: The moves the engine lists are made once and shared: ``_READ`` maps each one's text to
#: it, and ``_TEXT_OF`` keeps its text by identity, so that writing a listed move and reading
#: it back (what every ``play`` does) costs two look-ups.  Both hold only texts of real
#: placements (cells within 6 of the castle), so they stay small.
_READ: dict[str, Move] = {}
_TEXT_OF: dict[int, str] = {}


def _intern(move: Move) -> Move:
    """The shared object of a well-formed move (made on first use)."""
    text = move.text()
    shared = _READ.get(text)
    if shared is None:
        _READ[text] = shared = move
        _TEXT_OF[id(move)] = text
    return shared


_CLAIMS = {n: _intern(Move("claim", n)) for n in DOMINOES}
_DISCARDS = {n: _intern(Move("discard", n)) for n in DOMINOES}
_CLAIM_TEXT = {n: str(m) for n, m in _CLAIMS.items()}
#: Listed placements by (kingdom size, castle cell, domino number), then by placement code.
_PLACES: dict[tuple[int, Cell, int], dict[int, Move]] = {}
#: The placement code of every listed placement, by (kingdom size, castle cell), then by the
#: move's identity: how a listed move played back finds its squares without reading cells.
_CODES: dict[tuple[int, Cell], dict[int, int]] = {}
_NO_CODES: dict[int, int] = {}
#: The placements :meth:`KingdominoState._claim_value` rated best and their value, by (kingdom
#: identity, domino number, Middle Kingdom), with the kingdom: what a playout's next placement
#: of that domino picks among (:meth:`KingdominoState._remembered_best`), and the claim's value
#: when the same kingdom rates the same domino again (every sample of a search shares the
#: kingdoms of the position it starts from).
_BEST_CODES: dict[tuple[int, int, bool], tuple[Any, list[int], float]] = {}
#: Kingdoms are values: the same listed placement in the same kingdom gives one shared kingdom
#: object (by kingdom identity, placement code, domino number; the parent is kept in the entry),
#: so the samples of a search that place alike share their kingdoms and what was worked out
#: about them (:data:`_BEST_CODES`, the kingdom's own cached properties).
_CHILDREN: dict[tuple[int, int, int], tuple[Any, Any]] = {}


def _place_moves(kingdom: Kingdom, number: int, codes: list[int]) -> list[Move]:
    """The shared placement moves of domino ``number`` for placement codes of ``kingdom``."""
    key = (kingdom.size, kingdom.castle, number)
    table = _PLACES.get(key)
    if table is not None:
        try:
            return [table[code] for code in codes]
        except KeyError:
            pass
    else:
        table = _PLACES[key] = {}
    ids = _CODES.setdefault(key[:2], {})
    cells = kingdom._g.cells
    for code in codes:
        if code not in table:
            move = _intern(Move("place", number, kingdom._cell(code // cells), kingdom._cell(code % cells)))
            table[code] = move
            ids[id(move)] = code
    return [table[code] for code in codes]


#: A domino number or a cell coordinate has at most three ASCII digits (the regular
#: expression is ASCII-only, so ``１２`` or ``¹²`` are refused, not read as numbers).
_MOVE_RE = re.compile(
    r"^\s*(?:(claim|discard)\s+([0-9]{1,3})"
    r"|place\s+([0-9]{1,3})\s+(-?[0-9]{1,3})\s*,\s*(-?[0-9]{1,3})\s+(-?[0-9]{1,3})\s*,\s*(-?[0-9]{1,3}))\s*$",
    re.ASCII,
)


def parse_move(text: str) -> Move:
    """Read ``claim N``, ``discard N`` or ``place N r,c r,c``.

    >>> parse_move("place 7 0,1 0,2")
    Move(kind='place', number=7, first=(0, 1), second=(0, 2))
    >>> parse_move("claim ４９")
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: 'claim ４９' is not a Kingdomino move; write 'claim N', 'place N r,c r,c' or 'discard N'
    """
    if type(text) is str:
        shared = _READ.get(text)
        if shared is not None:
            return shared
    if not isinstance(text, str):
        raise NotationError(f"a move is text, not {type(text).__name__}", "手は文字列で書きます。")
    m = _MOVE_RE.match(text) if len(text) <= MAX_MOVE_TEXT else None
    if not m:
        raise NotationError(
            f"{excerpt(text)} is not a Kingdomino move; write 'claim N', 'place N r,c r,c' or 'discard N'",
            "キングドミノの手として読めません。「claim 番号」「place 番号 行,列 行,列」「discard 番号」の形で、"
            "半角数字で書いてください。",
        )
    if m.group(1):
        move = Move(m.group(1), int(m.group(2)))
    else:
        a, b, c, d = (int(m.group(i)) for i in range(4, 8))
        move = Move("place", int(m.group(3)), (a, b), (c, d))
    if move.number not in DOMINOES:
        raise NotationError(
            f"{excerpt(text)}: there is no domino {move.number}; dominoes are numbered 1 to 48",
            f"{move.number}番のドミノはありません。ドミノの番号は1から48です。",
        )
    return move


def canonical(move: Move) -> Move:
    """The listed form of a move: a placement of a domino whose two halves are the same
    (terrain and crowns) has its first half on the earlier cell (upper, then left), since
    turning it round changes nothing.  Any other move is its own listed form.

    >>> canonical(Move("place", 1, (0, 2), (0, 1)))
    Move(kind='place', number=1, first=(0, 1), second=(0, 2))
    >>> canonical(Move("place", 13, (0, 2), (0, 1)))
    Move(kind='place', number=13, first=(0, 2), second=(0, 1))
    """
    if not (isinstance(move, Move) and move.kind == "place" and type(move.number) is int
            and move.number in DOMINOES and DOMINOES[move.number].symmetric):
        return move
    first, second = move.first, move.second
    if not all(type(c) is tuple and len(c) == 2 and all(type(x) is int for x in c) for c in (first, second)):
        return move  # not a well-formed placement: left for the move reader to refuse
    return Move("place", move.number, second, first) if second < first else move  # type: ignore[operator]


class Slot(NamedTuple):
    """A domino laid out in a row, with the king on it (``None``: not yet claimed)."""

    number: int
    king: int | None


#: Every claimed slot, made once (a row is rebuilt at every claim).
_SLOTS = {(n, king): Slot(n, king) for n in DOMINOES for king in range(4)}


@register
class KingdominoState(GameState):
    """A position of a Kingdomino game (see the module docstring for the moves)."""

    name = "kingdomino"
    rule_sections = sections.ALL
    min_players = 2
    max_players = 4
    #: A search player's tree holds only the move to choose now; every later move of a
    #: playout, the player's own included, is the quick greedy one (:meth:`rollout_move`).  With
    #: four players at 1 s a move this won 67% of 48 games against three greedy players, where
    #: the unlimited tree won 45% of 96 (and two levels 62% of 48): a deeper node, visited a few
    #: dozen times over samples of a deck it cannot see, chooses worse than the greedy value.
    #: Gedda, Lagerkvist and Butler (2018) found flat Monte-Carlo evaluation stronger than tree
    #: search in this game too.
    search_depth = 1

    __slots__ = (
        "players", "options", "seed", "moves", "game_index", "start_player", "deck", "boxed",
        "row", "next_row", "claim_queue", "turn", "phase", "kingdoms", "discards",
        "out_of_play", "past", "_legal",
    )  # fmt: skip

    players: int
    options: KingdominoOptions
    seed: int
    moves: tuple[str, ...]
    game_index: int  # 0, 1, 2 in a dynasty
    start_player: int
    deck: tuple[int, ...]  # face-down dominoes, next drawn first (hidden)
    boxed: tuple[int, ...]  # removed at set-up (hidden)
    row: tuple[Slot, ...]  # the row whose kings act this round, in number order
    next_row: tuple[Slot, ...]  # the new row being claimed
    claim_queue: tuple[int, ...]  # kings still to claim the first row, in order
    turn: int  # index into ``row`` of the acting king
    phase: str
    kingdoms: tuple[Kingdom, ...]
    discards: tuple[int, ...]  # dominoes each player discarded this game
    out_of_play: tuple[int, ...]  # untaken dominoes discarded (classic 3-player rule)
    past: tuple[dict[str, Any], ...]  # finished games of a dynasty

    # -- creation -----------------------------------------------------------------
    @classmethod
    def new(cls, players: int, options: Mapping[str, Any] | KingdominoOptions | None = None, seed: int = 0) -> Self:
        _check_players(players)
        opts = options if isinstance(options, KingdominoOptions) else KingdominoOptions.from_dict(options)
        if opts.mighty_duel and players != 2:
            raise NotationError("Mighty Duel (壮大な決闘) is a 2-player variant", "壮大な決闘は2人用のヴァリアントです。")
        check_start_player(opts.start_player, players)
        removed, _ = rulings.removed_and_row_size(players, opts.three_player_rule, opts.mighty_duel)
        if len(opts.deck_top) > 48 - removed:
            raise NotationError(f"deck_top names {len(opts.deck_top)} dominoes; only {48 - removed} are in play",
                                f"deck_top に{len(opts.deck_top)}枚のドミノがありますが、使うのは{48 - removed}枚だけです。")
        state = object.__new__(cls)
        state.players = players
        state.options = opts
        state.seed = check_seed(seed)
        state.moves = ()
        state.past = ()
        state._set_up(0)
        return state

    def _set_up(self, game_index: int) -> None:
        """ゲームの準備: kingdoms, deck, first row, start player, kings on the first row."""
        opts = self.options
        self.game_index = game_index
        self.kingdoms = tuple(Kingdom(opts.size) for _ in range(self.players))
        self.discards = (0,) * self.players
        self.out_of_play = ()
        removed, _ = rulings.removed_and_row_size(self.players, opts.three_player_rule, opts.mighty_duel)
        top = opts.deck_top if game_index == 0 else ()
        deck = [n for n in DOMINOES if n not in top]
        seeded_rng(self.seed, "deck", game_index).shuffle(deck)
        self.boxed = tuple(sorted(deck[:removed]))
        self.deck = tuple(top) + tuple(deck[removed:])
        self.start_player = seeded_rng(self.seed, "start", game_index).randrange(self.players)
        if opts.start_player is not None and game_index == 0:
            self.start_player = opts.start_player
        kings = [(k, self.king_owner(k)) for k in range(self.kings_count)]
        # the generator is made only if the order is drawn (making one costs more than a turn)
        order = rulings.first_claim_order(
            kings, self.start_player, opts.first_claims, lambda: seeded_rng(self.seed, "first-claims", game_index)
        )
        self.claim_queue = tuple(order)
        self.row = ()
        self.next_row = self._draw_row()
        self.turn = 0
        self.phase = "claim"
        self._legal = None

    def _draw_row(self) -> tuple[Slot, ...]:
        """Draw a row face up, in ascending number order (steps 4 and 6)."""
        _, size = rulings.removed_and_row_size(self.players, self.options.three_player_rule, self.options.mighty_duel)
        drawn, self.deck = self.deck[:size], self.deck[size:]
        return tuple(Slot(n, None) for n in sorted(drawn))

    def _copy(self) -> Self:
        s = object.__new__(type(self))
        s.players = self.players
        s.options = self.options
        s.seed = self.seed
        s.moves = self.moves
        s.game_index = self.game_index
        s.start_player = self.start_player
        s.deck = self.deck
        s.boxed = self.boxed
        s.row = self.row
        s.next_row = self.next_row
        s.claim_queue = self.claim_queue
        s.turn = self.turn
        s.phase = self.phase
        s.kingdoms = self.kingdoms
        s.discards = self.discards
        s.out_of_play = self.out_of_play
        s.past = self.past
        s._legal = None
        return s

    # -- kings and players ----------------------------------------------------------
    @property
    def kings_count(self) -> int:
        return 4 if self.players == 2 else self.players

    def king_owner(self, king: int) -> int:
        """The player a king belongs to (two kings each with 2 players)."""
        return king // 2 if self.players == 2 else king

    @property
    def current_king(self) -> int | None:
        if self.phase == "over":
            return None
        if self.claim_queue:
            return self.claim_queue[0]
        return self.row[self.turn].king

    @property
    def current_player(self) -> int | None:
        king = self.current_king
        return None if king is None else self.king_owner(king)

    def slot_done(self, index: int) -> bool:
        """Whether the domino at ``index`` of the current row has already left it: its
        king's owner has placed (or discarded) it this round, so the slot is empty and the
        king stands on the new row (or, in the last round, is off the table)."""
        if self.phase == "over":
            return True
        if self.claim_queue or not 0 <= index < len(self.row):
            return False
        return index < self.turn or (index == self.turn and self.phase == "claim")

    @property
    def current_domino(self) -> int | None:
        """The domino the acting king stands on (to place or discard), if any."""
        if self.phase == "over" or self.claim_queue:
            return None
        return self.row[self.turn].number

    # -- legal moves ------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self._legal is None:
            self._legal = self._generate()
        return list(self._legal)

    def _generate(self) -> list[Move]:
        if self.phase == "claim":
            return [_CLAIMS[s.number] for s in self.next_row if s.king is None]
        if self.phase == "place":
            number, king = self.row[self.turn]
            d = DOMINOES[number]
            kingdom = self.kingdoms[self.king_owner(king)]  # type: ignore[arg-type]
            # both halves alike: (p, q) and (q, p) make one kingdom, listed once
            codes = kingdom._placement_codes(d.terrain1, d.terrain2, d.symmetric)
            if not rulings.may_discard(bool(codes)):
                return _place_moves(kingdom, number, codes)
            return [_DISCARDS[number]]
        return []

    def legal_placements(self) -> list[Move]:
        """The legal placements, each way round: like :meth:`legal_moves`, but a domino whose
        two halves are the same (1–12) is listed both ways round, as a board that lets the
        player choose the direction needs.  Both forms may be played; they give the same
        kingdom, so :meth:`legal_moves` lists only one (see :func:`canonical`), and that is the
        form a game records.

        >>> s = KingdominoState.new(2, {"deck_top": [1, 2, 3, 4], "start_player": 0}, seed=1)
        >>> s = s.play_all(["claim 1", "claim 2", "claim 3", "claim 4"])
        >>> len(s.legal_moves()), len(s.legal_placements())
        (12, 24)
        """
        moves = [m for m in self.legal_moves() if m.kind == "place"]
        if moves and DOMINOES[moves[0].number].symmetric:
            moves += [Move("place", m.number, m.second, m.first) for m in moves]
        return sorted(moves)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def play(self, move: Any) -> Self:
        """As :meth:`GameState.play`; a shared move object (see :meth:`read_move`) goes
        straight to the rules, which still check it against the position."""
        if type(move) is Move and id(move) in _TEXT_OF:
            return self._apply(move)
        return self._apply(self.read_move(move))

    def read_move(self, move: Any) -> Any:
        """As :meth:`GameState.read_move`, with a shortcut for the shared move objects the
        engine lists (kept alive in ``_READ``, so their identities are never reused): each was
        made from its own text, so reading it back would give the very same object."""
        if type(move) is Move and id(move) in _TEXT_OF:
            return move
        return super().read_move(move)

    # -- playing ------------------------------------------------------------------
    def _apply(self, move: Any) -> Self:
        if self.phase == "place":
            number, king = self.row[self.turn]
            player = king // 2 if self.players == 2 else king  # type: ignore[operator]
            kingdom = self.kingdoms[player]
            code = _CODES.get((kingdom.size, kingdom.castle), _NO_CODES).get(id(move))
            if code is not None and move.number == number:
                # a listed placement of this domino (a shared object): its squares are known
                d = DOMINOES[number]
                p, q = divmod(code, kingdom._g.cells)
                if kingdom._fits(d.terrain1, d.terrain2, p, q):
                    state = self._copy()
                    key = (id(kingdom), code, number)
                    entry = _CHILDREN.get(key)
                    if entry is not None and entry[0] is kingdom:
                        child = entry[1]
                    else:
                        child = kingdom._place_index(d.terrain1, d.crowns1, d.terrain2, d.crowns2, p, q)
                        if len(_CHILDREN) > 4096:
                            _CHILDREN.clear()
                        _CHILDREN[key] = (kingdom, child)
                    state.kingdoms = _replace(self.kingdoms, player, child)
                    state.moves = self.moves + (_TEXT_OF[id(move)],)
                    if state.next_row:
                        state.phase = "claim"
                    else:
                        state._advance()
                    return state
        elif self.phase == "claim" and type(move) is Move and move.kind == "claim":
            return self._claim(move.number)  # (which refuses a domino not free in the new row)
        if not isinstance(move, Move):
            raise NotationError(f"not a Kingdomino move: {excerpt(move)}", "キングドミノの手ではありません。")
        if self.phase == "over":
            raise IllegalMoveError(sections.END, "ゲームはすでに終わっています。", "The game is already over.")
        if self.phase == "claim":
            if move.kind != "claim":
                raise IllegalMoveError(
                    sections.TURN,
                    "今は新しい列のドミノを1枚選んで国王を置く番です。",
                    "Now you put your king on a domino of the new row (claim).",
                )
            return self._claim(move.number)
        if move.kind == "claim":
            raise IllegalMoveError(
                sections.TURN,
                "先に、国王が乗っているドミノを自分の王国に置いてください(どこにも置けないときは捨てます)。",
                "First add the domino under your king to your kingdom (or discard it, if it fits nowhere).",
            )
        number, king = self.row[self.turn]
        player = self.king_owner(king)  # type: ignore[arg-type]
        if move.number != number:
            raise IllegalMoveError(
                sections.TURN,
                f"自分の国王が乗っているドミノは{number}番です({move.number}番ではありません)。",
                f"Your king stands on domino {number}, not {move.number}.",
            )
        kingdom = self.kingdoms[player]
        move = canonical(move)  # a domino with two like halves, turned round: the listed form
        if move.kind == "discard":
            # the listed discard (only listed when nothing fits) needs no second look
            if not (self._legal and self._legal[0] is move) and not rulings.may_discard(kingdom.has_placement(number)):
                raise IllegalMoveError(
                    sections.PLACEMENT,
                    f"{number}番のドミノは王国に置ける場所があるので、捨てることはできません。",
                    f"Domino {number} fits in your kingdom, so it may not be discarded.",
                )
            state = self._copy()
            state.discards = _replace(self.discards, player, self.discards[player] + 1)
        else:
            new_kingdom = kingdom.place(number, move.first, move.second)  # type: ignore[arg-type]
            state = self._copy()
            state.kingdoms = _replace(self.kingdoms, player, new_kingdom)
        state.moves = self.moves + (_TEXT_OF.get(id(move)) or move.text(),)
        if state.next_row:
            state.phase = "claim"
        else:
            state._advance()
        return state

    def _claim(self, number: int) -> Self:
        slots = self.next_row
        index = None
        for i, slot in enumerate(slots):
            if slot.number == number:
                index = i
                break
        if index is None:
            raise IllegalMoveError(
                sections.TURN,
                f"{number}番のドミノは新しい列にありません(新しい列にあるのは{'・'.join(str(s.number) for s in slots)}番です)。",
                f"Domino {number} is not in the new row "
                f"(it holds {', '.join(str(s.number) for s in slots)}).",
            )
        if slots[index].king is not None:
            raise IllegalMoveError(
                sections.TURN,
                f"{number}番のドミノにはすでに国王が乗っています。",
                f"Domino {number} already has a king on it.",
            )
        state = self._copy()
        state.moves = self.moves + (_CLAIM_TEXT[number],)
        queue = self.claim_queue
        king = queue[0] if queue else self.row[self.turn].king
        state.next_row = slots[:index] + (_SLOTS.get((number, king)) or Slot(number, king),) + slots[index + 1 :]
        if queue:
            state.claim_queue = queue[1:]
            if not state.claim_queue:
                state._start_round()
        else:
            state._advance()
        return state

    def _advance(self) -> None:
        """The acting king is done: next king, or the end of the round."""
        if self.turn + 1 < len(self.row):
            self.turn += 1
            self.phase = "place"
            return
        if not self.next_row:
            self._end_game()
            return
        self._start_round()

    def _start_round(self) -> None:
        """The claimed row becomes the row to play, and a new row is drawn if any remain."""
        opts = self.options
        if rulings.classic_three_player_discards_unclaimed(self.players, opts.three_player_rule):
            self.out_of_play += tuple(s.number for s in self.next_row if s.king is None)
        self.row = tuple(s for s in self.next_row if s.king is not None)
        self.next_row = () if rulings.placing_only_round(len(self.deck)) else self._draw_row()
        self.turn = 0
        self.phase = "place"

    def _end_game(self) -> None:
        """ゲーム終了: score; in a dynasty, record the game and set up the next one."""
        if self.game_index + 1 < self.options.games:
            self.past = self.past + (self._game_result(),)
            self._set_up(self.game_index + 1)
        else:
            self.phase = "over"
            self.turn = 0

    # -- scoring ------------------------------------------------------------------
    def bonuses(self, player: int) -> dict[str, int]:
        """Variant bonuses of ``player`` in the current game; empty until that game ends."""
        return self._bonuses(player) if self.phase == "over" else {}

    def _bonuses(self, player: int) -> dict[str, int]:
        out = {}
        if self.options.harmony:
            out["harmony"] = rulings.harmony_bonus(self.discards[player])
        if self.options.middle_kingdom:
            centred = self.kingdoms[player].castle_centred(self.options.middle_kingdom_rule)
            out["middle_kingdom"] = 10 if centred else 0
        return out

    def game_scores(self) -> list[int]:
        """Scores of the current game only (properties, plus variant bonuses at its end)."""
        return [k.score() + sum(self.bonuses(p).values()) for p, k in enumerate(self.kingdoms)]

    def scores(self) -> list[int]:
        current = self.game_scores()
        return [sum(g["scores"][p] for g in self.past) + current[p] for p in range(self.players)]

    def _game_result(self) -> dict[str, Any]:
        """The current game as finished: bonuses are due at the end of every game of a dynasty."""
        return {
            "scores": [k.score() + sum(self._bonuses(p).values()) for p, k in enumerate(self.kingdoms)],
            "largest": [k.largest_property() for k in self.kingdoms],
            "crowns": [k.crowns() for k in self.kingdoms],
            "kingdoms": [k.to_text() for k in self.kingdoms],
            "discards": list(self.discards),
        }

    def ranking_keys(self) -> list[tuple[int, int, int]]:
        """Each player's ranking key (score, then the tie-breaks) as the rules compare them."""
        results = list(self.past) + [self._game_result()]
        if self.options.dynasty:
            return [
                rulings.dynasty_ranking_key(
                    sum(g["scores"][p] for g in results),
                    [g["largest"][p] for g in results],
                    [g["crowns"][p] for g in results],
                )
                for p in range(self.players)
            ]
        g = results[-1]
        return [rulings.ranking_key(g["scores"][p], g["largest"][p], g["crowns"][p]) for p in range(self.players)]

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        return best_of(self.ranking_keys())

    def is_over(self) -> bool:
        return self.phase == "over"

    def final_scores_from_position(self) -> list[int]:
        """Scores recomputed from the kingdoms' text and the discard counts alone."""
        out = []
        for p in range(self.players):
            total = 0
            for g in list(self.past) + [self._game_result()]:
                kingdom = Kingdom.from_text(g["kingdoms"][p], size=self.options.size)
                total += kingdom.score()
                if self.options.harmony:
                    total += 5 if g["discards"][p] == 0 else 0
                if self.options.middle_kingdom:
                    total += 10 if kingdom.castle_centred(self.options.middle_kingdom_rule) else 0
            out.append(total)
        return out

    @classmethod
    def max_game_length(cls, players: int, options: Mapping[str, Any] | None = None) -> int:
        _check_players(players)
        opts = KingdominoOptions.from_dict(options) if not isinstance(options, KingdominoOptions) else options
        removed, _ = rulings.removed_and_row_size(players, opts.three_player_rule, opts.mighty_duel)
        in_play = 48 - removed
        return 2 * in_play * opts.games  # at most one claim and one place per domino

    @classmethod
    def sample_configurations(cls) -> list[tuple[int, dict[str, Any]]]:
        return [
            (2, {}),
            (3, {}),
            (4, {}),
            (2, {"mighty_duel": True, "harmony": True}),
            (3, {"three_player_rule": "classic", "middle_kingdom": True}),
            (2, {"first_claims": "random", "dynasty": True, "harmony": True, "middle_kingdom": True}),
            (4, {"middle_kingdom": True, "middle_kingdom_rule": "frame"}),
        ]

    def random_move(self, rng: Any) -> Move:
        kind = rng.choice(("claim", "place", "discard"))
        number = rng.choice(self.legal_moves()).number if self.legal_moves() and rng.random() < 0.5 else rng.randint(1, 48)
        if kind != "place":
            return Move(kind, number)
        reach = self.options.size
        first = (rng.randint(-reach, reach), rng.randint(-reach, reach))
        dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (0, 2)))
        # the turned-round spelling of a domino with two like halves is the same move as a
        # listed one, not an illegal one: offer the listed spelling
        return canonical(Move("place", number, first, (first[0] + dr, first[1] + dc)))

    # -- views and saving ----------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {
            "game_index": self.game_index,
            "start_player": self.start_player,
            "deck": list(self.deck),
            "boxed": list(self.boxed),
            "row": [list(s) for s in self.row],
            "next_row": [list(s) for s in self.next_row],
            "claim_queue": list(self.claim_queue),
            "turn": self.turn,
            "phase": self.phase,
            "kingdoms": [k.to_text() for k in self.kingdoms],
            "discards": list(self.discards),
            "out_of_play": list(self.out_of_play),
            "past": [dict(g) for g in self.past],
        }

    def view(self, player: int | None) -> dict[str, Any]:
        """Everything but the order of the face-down deck and which dominoes were boxed."""
        self.check_viewer(player)
        data = self.snapshot()
        data["deck"] = len(self.deck)
        data["boxed"] = len(self.boxed)
        data["viewer"] = player
        data["current_player"] = self.current_player
        data["scores"] = self.scores()
        return data

    # -- samples for search players ---------------------------------------------------
    def unseen(self) -> tuple[int, ...]:
        """The dominoes nobody has seen yet, in number order: the face-down deck and the
        dominoes returned to the box at set-up, together (a player cannot tell them apart).
        The dominoes the ``deck_top`` option stacks are known, so they are not among them.

        >>> s = KingdominoState.new(2, seed=4)
        >>> len(s.unseen()), len(s.deck) + len(s.boxed)
        (44, 44)
        """
        known = self._stacked_in_deck()
        return tuple(sorted(self.deck[len(known):] + self.boxed))

    def _stacked_in_deck(self) -> tuple[int, ...]:
        """The dominoes of the ``deck_top`` option still in the deck (its first ones, in order):
        the options are public, so every player knows them."""
        if self.game_index != 0 or not self.options.deck_top:
            return ()
        top = self.options.deck_top
        removed, _ = rulings.removed_and_row_size(self.players, self.options.three_player_rule,
                                                  self.options.mighty_duel)
        drawn = 48 - removed - len(self.deck)
        return tuple(top[drawn:])

    @classmethod
    def hidden_information(cls, players: int, options: Mapping[str, Any] | None = None) -> bool:
        """Only the order of the draw pile (and which dominoes went back to the box) is
        hidden; a single game whose ``deck_top`` stacks every domino (or all but one, known
        by elimination) with none boxed hides nothing."""
        opts = options if isinstance(options, KingdominoOptions) else KingdominoOptions.from_dict(options)
        removed, _ = rulings.removed_and_row_size(players, opts.three_player_rule, opts.mighty_duel)
        return not (removed == 0 and opts.games == 1 and len(opts.deck_top) >= 47)

    def determinize(self, player: int, rng: random.Random) -> Self:
        """A sample of this position for ``player``: the dominoes nobody has seen
        (:meth:`unseen`, the face-down deck and the boxed ones together) are shuffled with
        ``rng`` and dealt again, as many to the box and to the deck as there are; the dominoes
        stacked by the ``deck_top`` option stay on top, in order.  Everything on the table
        (rows, kings, kingdoms, discards, finished games of a dynasty) is public and kept.
        ``self`` is not touched.

        >>> s = KingdominoState.new(2, seed=4)
        >>> t = s.determinize(0, seeded_rng(1, "sample"))
        >>> t.view(0) == s.view(0), t.deck != s.deck, sorted(t.deck + t.boxed) == sorted(s.deck + s.boxed)
        (True, True, True)
        """
        self.check_viewer(player, spectator=False)
        stacked = self._stacked_in_deck()
        pool = list(self.unseen())
        rng.shuffle(pool)
        sample = self._copy()
        sample.boxed = tuple(sorted(pool[:len(self.boxed)]))
        sample.deck = stacked + tuple(pool[len(self.boxed):])
        return sample

    def evaluate(self, move: Any, player: int) -> float:
        """Greedy value of ``move`` for ``player`` (what :class:`~gamelib.players.GreedyPlayer`
        maximises), cheap enough to ask of every legal move.

        A placement is worth the kingdom's score after it, plus what it leaves for later
        (:func:`placement_value`): squares of the same terrain touched (properties grow, and
        crowns multiply them later), crowned properties grown, minus open squares it walls in
        for good, and, with Middle Kingdom, minus the bonus's chance when the kingdom leaves
        the square centred on the castle.  A claim is worth the best placement of that domino
        in the kingdom as it stands (it is placed next round, before anything else changes
        there), plus a little for a low number (an early pick next round).  A domino that fits
        nowhere costs Harmony's bonus when that is on.
        """
        kingdom = self.kingdoms[player]
        base = float(kingdom.score())
        lose_harmony = 5.0 if self.options.harmony and self.discards[player] == 0 else 0.0
        if move.kind == "discard":
            return base - lose_harmony
        d = DOMINOES[move.number]
        middle = self.options.middle_kingdom
        if move.kind == "place":
            p, q = kingdom._index(move.first), kingdom._index(move.second)
            if p is None or q is None or not kingdom._fits(d.terrain1, d.terrain2, p, q):
                return float("-inf")  # not a placement of this kingdom
            value = base + placement_value(kingdom, d, p, q, middle)
            if AHEAD_WEIGHT and self.next_row:
                after = kingdom._place_index(d.terrain1, d.crowns1, d.terrain2, d.crowns2, p, q)
                value += AHEAD_WEIGHT * max(self._claim_value(after, s.number, lose_harmony, middle)
                                            for s in self.next_row if s.king is None)
            return value
        return base + self._claim_value(kingdom, move.number, lose_harmony, middle)

    def search_moves(self) -> list[Move]:
        """The placements a search player looks at: the :data:`SEARCH_WIDTH` that
        :func:`placement_value` rates highest (a kingdom often has thirty or more placements,
        most of them plainly poor; a second of search is better spent on the good ones).
        Claims and discards: all of them.

        >>> s = KingdominoState.new(4, {"deck_top": [1, 2, 3, 4], "start_player": 0}, seed=1)
        >>> s = s.play_all(["claim 1", "claim 2", "claim 3", "claim 4"])
        >>> len(s.legal_moves()), len(s.search_moves()) == SEARCH_WIDTH
        (12, True)
        """
        moves = self.legal_moves()
        if self.phase != "place" or len(moves) <= SEARCH_WIDTH:
            return moves
        value = self._quick_value()
        return sorted(moves, key=lambda m: -value(m))[:SEARCH_WIDTH]

    def rollout_move(self, rng: random.Random) -> Move:
        """A quick greedy move for search players' playouts: random playouts build kingdoms no
        player would, so they cannot tell a good placement from a bad one.  The move
        :meth:`_quick_value` rates highest; ties go to ``rng``.  About a tenth of a
        millisecond a move."""
        if self._legal is None:
            if self.phase == "place":
                best = self._remembered_best()
                if best is not None:
                    return best[0] if len(best) == 1 else rng.choice(best)
            self._legal = self._generate()
        moves = self._legal
        if len(moves) == 1:
            return moves[0]
        value = self._quick_value()
        best: list[Move] = []
        best_value = float("-inf")
        for move in moves:
            v = value(move)
            if v > best_value:
                best, best_value = [move], v
            elif v == best_value:
                best.append(move)
        return best[0] if len(best) == 1 else rng.choice(best)

    def _quick_value(self) -> Callable[[Move], float]:
        """The greedy value of a listed move for the player to move, without :meth:`evaluate`'s
        costly look at the next claim: a placement by :func:`placement_value`, a claim by the
        domino's best such placement (:meth:`_claim_value`)."""
        kingdom = self.kingdoms[self.current_player]  # type: ignore[index]
        middle = self.options.middle_kingdom
        if self.phase == "place":
            d = DOMINOES[self.current_domino]  # type: ignore[index]
            codes = _CODES.get((kingdom.size, kingdom.castle), _NO_CODES)
            cells = kingdom._g.cells

            def placement(move: Move) -> float:
                code = codes.get(id(move))
                return 0.0 if code is None else placement_value(kingdom, d, code // cells, code % cells, middle)
            return placement
        lose_harmony = 5.0 if self.options.harmony and self.discards[self.current_player] == 0 else 0.0  # type: ignore[index]
        return lambda move: self._claim_value(kingdom, move.number, lose_harmony, middle)

    def _remembered_best(self) -> list[Move] | None:
        """The placements :meth:`rollout_move` would pick among, if :meth:`_claim_value` rated
        this domino in this very kingdom when it was claimed (a player's kingdom does not
        change between a claim and the placement of that domino): the same values, the same
        ties in the same order, without listing and rating the placements again."""
        number = self.current_domino
        kingdom = self.kingdoms[self.current_player]  # type: ignore[index]
        entry = _BEST_CODES.get((id(kingdom), number, self.options.middle_kingdom))
        if entry is None or entry[0] is not kingdom or not entry[1]:
            return None
        return _place_moves(kingdom, number, entry[1])

    @staticmethod
    def _claim_value(kingdom: Kingdom, number: int, lose_harmony: float, middle: bool) -> float:
        """The best placement value of domino ``number`` in ``kingdom`` (see :meth:`evaluate`).
        The placements rated best are remembered for :meth:`_remembered_best`."""
        key = (id(kingdom), number, middle)
        entry = _BEST_CODES.get(key)
        if entry is not None and entry[0] is kingdom:
            top = entry[2]
        else:
            d = DOMINOES[number]
            cells = kingdom._g.cells
            top = float("-inf")
            tied: list[int] = []
            for code in kingdom._placement_codes(d.terrain1, d.terrain2, d.symmetric):
                v = placement_value(kingdom, d, code // cells, code % cells, middle)
                if v > top:
                    top, tied = v, [code]
                elif v == top:
                    tied.append(code)
            if len(_BEST_CODES) > 4096:
                _BEST_CODES.clear()
            # the kingdom itself is kept in the entry, so its identity cannot be reused meanwhile
            _BEST_CODES[key] = (kingdom, tied, top)
        best = max(top, -0.5 - lose_harmony)  # a domino that fits nowhere is worth less
        return best + ORDER_WEIGHT * (48 - number) / 47

    def describe(self, names: Sequence[str] | None = None) -> str:
        """The position as short Japanese text: whose turn, both rows, every kingdom.

        ``names`` are the players' names (default ``P1``, ``P2``…).
        """
        names = list(names) if names else [f"P{p + 1}" for p in range(self.players)]
        if self.is_over():
            lines = ["ゲーム終了。勝者: " + "、".join(names[w] for w in self.winners())]
        else:
            what = "ドミノを選ぶ" if self.phase == "claim" else f"{self.current_domino}番のドミノを置く"
            lines = [f"{names[self.current_player]}の番({what})"]  # type: ignore[index]

        def slot(s: Slot) -> str:
            return f"{s.number}" + ("" if s.king is None else f"[{names[self.king_owner(s.king)]}]")

        lines.append("今の列: " + " ".join(f"{s.number}[置いた]" if self.slot_done(i) else slot(s)
                                          for i, s in enumerate(self.row)))
        lines.append("新しい列: " + " ".join(slot(s) for s in self.next_row))
        scores = self.scores()
        for p, k in enumerate(self.kingdoms):
            lines.append(f"{names[p]} {scores[p]}点")
            lines.extend("  " + ln for ln in k.to_text().splitlines())
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.describe()


#: Weights of the greedy value (tuned on seeded games with benchmarks/kingdomino_players.py).
TOUCH_WEIGHT = 0.5  # each square of the same terrain a new square touches
GROWN_WEIGHT = 0.3  # each square of a crowned property the domino grows
HOLE_WEIGHT = 2.0  # each open square walled in for good
CENTRE_WEIGHT = 4.0  # Middle Kingdom: leaving the square centred on the castle
AHEAD_WEIGHT = 1.0  # a placement: the best claim it leaves (that domino's best placement next round)
ORDER_WEIGHT = 2.0  # a claim of the lowest number (an early pick next round)
#: How many placements a search player's tree considers (:meth:`KingdominoState.search_moves`).
SEARCH_WIDTH = 6


def placement_value(kingdom: Kingdom, d: Any, p: int, q: int, middle_kingdom: bool = False) -> float:
    """What a legal placement of domino ``d`` on the squares p, q (indices) adds, for the greedy
    value: points gained now, and what it leaves for later (see :meth:`KingdominoState.evaluate`)."""
    gained, touching, grown, holes = kingdom._placement_features(d.terrain1, d.crowns1, d.terrain2, d.crowns2, p, q)
    value = gained + TOUCH_WEIGHT * touching + GROWN_WEIGHT * grown - HOLE_WEIGHT * holes
    if middle_kingdom:
        g = kingdom._g
        half = (kingdom.size - 1) // 2
        rmin, rmax, cmin, cmax = kingdom._bbox
        if max(-rmin, rmax, -cmin, cmax) <= half and max(abs(g.row[p]), abs(g.col[p]),
                                                         abs(g.row[q]), abs(g.col[q])) > half:
            value -= CENTRE_WEIGHT
    return value


def rank(kingdoms: Sequence[Kingdom], bonuses: Sequence[int] | None = None) -> list[int]:
    """The winners among finished ``kingdoms`` (indices), with the tie-breaks of the rules.

    >>> rank([Kingdom.from_text("C W1 W0"), Kingdom.from_text("C F1 . F0 F0")])
    [0]
    """
    if isinstance(kingdoms, (str, bytes)) or not isinstance(kingdoms, Sequence) or not all(
        isinstance(k, Kingdom) for k in kingdoms
    ):
        raise NotationError(f"rank() takes a list of kingdoms, not {excerpt(kingdoms)}",
                            "順位を決めるには王国の並びを渡します。")
    extra = list(bonuses) if isinstance(bonuses, Sequence) and not isinstance(bonuses, (str, bytes)) else bonuses
    if extra is None:
        extra = [0] * len(kingdoms)
    if (not isinstance(extra, list) or len(extra) != len(kingdoms)
            or not all(isinstance(b, int) and not isinstance(b, bool) for b in extra)):
        raise NotationError(f"the bonuses are one whole number per kingdom, not {excerpt(bonuses)}",
                            "ボーナスは王国ごとに1つずつ、整数で渡します。")
    return best_of([rulings.ranking_key(k.score() + b, k.largest_property(), k.crowns())
                    for k, b in zip(kingdoms, extra)])


def _check_players(players: object) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise NotationError(f"Kingdomino is for 2 to 4 players, not {excerpt(players)}",
                            "キングドミノは2人から4人で遊びます。")


def _replace(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]
