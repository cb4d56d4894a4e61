"""A whole game of Kabaleo: set-up, turns, the end count, secret colours.

A move puts one piece from the hand on a pile: ``O@7`` is an orange piece on pile 7 (piles
are numbered from 1, row by row as the board lays them out).

The only hidden information is the other players' secret colours: the layout, the hands and
the piles are public.  :meth:`KabaleoState.determinize` draws the other players' secret
colours again among the colours in play that are not the player's own (one each, as the deal
gives them).  With 2 players the four colours are all dealt, two each, so a player knows the
other's colours: a 2-player game hides nothing from a player (``hidden_information`` is
false) and its sample is the position itself; so is any finished game.

>>> state = KabaleoState.new(3, seed=1)
>>> len(state.piles), [len(h) for h in state.hands]
(20, [10, 10, 10])
>>> state = state.play(state.legal_moves()[0])
>>> KabaleoState.from_json(state.to_json()) == state
True
"""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from functools import lru_cache
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, NamedTuple, Self

from ..core import GameState, IllegalMoveError, NotationError, best_of, check_seed, excerpt, options_to_dict, seeded_rng
from ..registry import register
from . import rulings, sections
from .pile import COLOURS, NAME_EN, NAME_JA, Pile, check_colour

#: The longest pile number a move may write (there are at most 24 piles).
MAX_PILE_DIGITS = 3
#: At most this many piles and players in what :func:`rank` reads (the game has 24 bases, 4 players).
MAX_PILES, MAX_PLAYERS = 24, 4
#: How many moves a search player's tree considers with 2 players (:meth:`KabaleoState.search_moves`).
SEARCH_WIDTH = 10
#: How much a player's past moves tell a search about their secret colour, with 3 or 4 players
#: (:meth:`KabaleoState.determinize`): each move weighs a colour by exp(-BELIEF_WEIGHT × what
#: the move gave up, for a player of that colour, against the best move it had then).  0 draws
#: the colours evenly.
BELIEF_WEIGHT = 1.0


@dataclass(frozen=True)
class KabaleoOptions:
    """``deal``: ``"random"`` (2–4 players) or ``"even"`` (2–3 players: the same number of
    each colour for everyone); ``two_player_scoring``: ``"sum"`` or ``"best"`` (see
    :func:`.rulings.player_count_key`)."""

    deal: str = "random"
    two_player_scoring: str = "sum"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | KabaleoOptions | None) -> KabaleoOptions:
        """Options from a mapping (a save, a caller), every key and value checked.

        >>> KabaleoOptions.from_dict({"deal": "even"})
        KabaleoOptions(deal='even', two_player_scoring='sum')
        >>> KabaleoOptions.from_dict({"deal": 1})
        Traceback (most recent call last):
        ...
        gamelib.core.NotationError: option 'deal' must be one of random, even, not 1
        """
        if isinstance(data, KabaleoOptions):
            data = {f.name: getattr(data, f.name) for f in fields(cls)}
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            raise NotationError(f"Kabaleo options are a mapping of names to values, not {excerpt(data)}",
                                "カバレオのオプションは「名前と値」の組で指定します。")
        data = dict(data)
        known = {f.name for f in fields(cls)}
        for key in data:
            if not isinstance(key, str) or key not in known:
                raise NotationError(f"unknown Kabaleo option {excerpt(key)}; known: {', '.join(sorted(known))}",
                                    "カバレオにないオプションです(使えるのは配り方と2人の数え方だけです)。")
        choices = {"deal": rulings.DEALS, "two_player_scoring": rulings.TWO_PLAYER_SCORINGS}
        choices_ja = {"deal": "配り方はランダムか均一",
                      "two_player_scoring": "2人の数え方は2色の合計か多いほうの1色"}
        for key, allowed in choices.items():
            if key in data and not (type(data[key]) is str and data[key] in allowed):
                raise NotationError(f"option {key!r} must be one of {', '.join(allowed)}, not {excerpt(data[key])}",
                                    f"オプションの値が正しくありません。{choices_ja[key]}です。")
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        return options_to_dict(self)


class Move(NamedTuple):
    """A piece of ``colour`` put on pile number ``pile`` (from 1)."""

    pile: int
    colour: str

    def text(self) -> str:
        """The canonical text form.

        >>> Move(7, "O").text()
        'O@7'
        """
        return f"{self.colour}@{self.pile}"

    def __str__(self) -> str:
        return self.text()


_MOVE_RE = re.compile(r"[ \t]*([A-Za-z])[ \t]*@[ \t]*([0-9]+)[ \t]*", re.ASCII)


def parse_move(text: str) -> Move:
    """Read ``O@7`` (a colour letter, ``@``, a pile number from 1).

    The pile number is written in ASCII digits (``O@１`` and ``O@¹`` are refused) and has at
    most three of them; spaces and tabs may surround the parts.

    >>> parse_move(" v @ 12 ")
    Move(pile=12, colour='V')
    >>> parse_move("O@１")
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: 'O@１' is not a Kabaleo move; write a colour letter, '@' and a pile number, e.g. 'O@7'
    """
    if not isinstance(text, str):
        raise NotationError(f"a move is text, not {type(text).__name__}", "手は文字列で書きます(例: O@7)。")
    return _parse(text)


@lru_cache(maxsize=4096)
def _parse(text: str) -> Move:
    """The move ``text`` reads as (moves are immutable values: one read serves every state;
    an error is raised afresh each time, never cached)."""
    m = _MOVE_RE.fullmatch(text)
    if not m:
        raise NotationError(f"{excerpt(text)} is not a Kabaleo move; write a colour letter, '@' and a pile number, "
                            "e.g. 'O@7'",
                            "カバレオの手として読めません。色の文字、@、山の番号(半角数字)の順に書きます(例: O@7)。")
    colour = check_colour(m.group(1).upper())
    digits = m.group(2)
    if len(digits) > MAX_PILE_DIGITS:
        raise NotationError(f"{excerpt(text)}: the pile number is too long (piles are numbered 1 to at most 24)",
                            "山の番号が大きすぎます(山の番号は1から最大24までです)。")
    pile = int(digits)
    if pile < 1:
        raise NotationError(f"{excerpt(text)}: piles are numbered from 1", "山の番号は1から数えます。")
    return _MOVES.get((pile, colour)) or Move(pile, colour)


#: Every move on a pile that exists, made once (moves are immutable values).
_MOVES = {(pile, colour): Move(pile, colour) for pile in range(1, MAX_PILES + 1) for colour in COLOURS}


@lru_cache(maxsize=128)
def _pile_moves(colours: str) -> tuple[tuple[tuple[Move, ...], dict[str, tuple[Move, ...]]], ...]:
    """For each pile index, the moves of a hand of ``colours`` (sorted letters) on it: on a
    pile topped by a piece, and on a bare base of each colour (not that colour)."""
    out = []
    for pile in range(1, MAX_PILES + 1):
        every = tuple(_MOVES[(pile, c)] for c in colours)
        out.append((every, {base: tuple(m for m in every if m.colour != base) for base in COLOURS}))
    return tuple(out)


def check_players(players: object) -> int:
    """``players`` when it is a whole number from 2 to 4; otherwise :class:`NotationError`."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise NotationError(f"Kabaleo is for 2 to 4 players, not {excerpt(players)}",
                            "カバレオは2人から4人で遊びます。")
    return players


def sorted_hand(pieces: Sequence[str]) -> str:
    return "".join(sorted(pieces, key=COLOURS.index))


@register
class KabaleoState(GameState):
    """A position of a Kabaleo game."""

    name = "kabaleo"
    rule_sections = sections.ALL
    min_players = 2
    max_players = 4

    players: int
    options: KabaleoOptions
    seed: int
    moves: tuple[str, ...]
    colours: str  # colours in play
    piles: tuple[Pile, ...]
    hands: tuple[str, ...]  # each hand's pieces, sorted (public)
    secrets: tuple[str, ...]  # each player's secret colour(s) (hidden)
    start_player: int
    turn: int  # player to move
    last_pile: int | None  # 1-based pile of the previous move
    removed: int  # pieces removed from the game

    @classmethod
    def new(cls, players: int, options: Mapping[str, Any] | KabaleoOptions | None = None, seed: int = 0) -> Self:
        check_players(players)
        opts = KabaleoOptions.from_dict(options)
        if opts.deal == "even" and players == 4:
            raise NotationError("the even deal is for 2 or 3 players (9 pieces cannot be shared evenly in 6 colours)",
                                "均一な配り方は2人か3人のときだけです(4人では手元の9個を6色に同じ数ずつ分けられません)。")
        s = object.__new__(cls)
        s.players, s.options, s.seed, s.moves = players, opts, check_seed(seed), ()
        s.colours = rulings.colours_in_play(players)
        bases = [c for c in s.colours for _ in range(4)]
        seeded_rng(seed, "layout").shuffle(bases)
        s.piles = tuple(Pile(b) for b in bases)
        secret = list(s.colours)
        seeded_rng(seed, "secrets").shuffle(secret)
        each = 2 if players == 2 else 1
        s.secrets = tuple(
            "".join(sorted(secret[p * each : (p + 1) * each], key=COLOURS.index)) for p in range(players)
        )
        size = rulings.hand_size(players)
        if opts.deal == "even":
            per_colour = size // len(s.colours)
            s.hands = tuple(sorted_hand([c for c in s.colours for _ in range(per_colour)]) for _ in range(players))
        else:
            pieces = [c for c in s.colours for _ in range(6)]
            seeded_rng(seed, "deal").shuffle(pieces)
            s.hands = tuple(sorted_hand(pieces[p * size : (p + 1) * size]) for p in range(players))
        s.start_player = s.turn = seeded_rng(seed, "start").randrange(players)
        s.last_pile = None
        s.removed = 0
        s._legal = None
        return s

    def _copy(self) -> Self:
        s = object.__new__(type(self))
        s.__dict__.update(self.__dict__)
        s._legal = None  # the legal moves of this state, once asked for
        s.__dict__.pop("_belief", None)  # what the moves so far say about the secrets, once asked for
        return s

    # -- rules ----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.is_over() else self.turn

    def is_over(self) -> bool:
        return not any(self.hands)

    def forbidden_pile(self) -> int | None:
        """The pile no piece may go on now (1-based), or None."""
        return rulings.previous_pile(self.last_pile)

    def legal_moves(self) -> list[Move]:
        legal = self.__dict__.get("_legal")
        if legal is None:
            legal = self._legal = self._generate()
        return list(legal)

    def _generate(self) -> list[Move]:
        """The legal moves, made in their sorted order (by pile, then colour letter)."""
        if self.is_over():
            return []
        forbidden = self.forbidden_pile()
        table = _pile_moves("".join(sorted(set(self.hands[self.turn]))))
        out: list[Move] = []
        for i, pile in enumerate(self.piles):
            if i + 1 == forbidden:
                continue
            text = pile._text
            out += table[i][1][text] if len(text) == 1 else table[i][0]
        return out

    def apply_legal(self, move: Any) -> Self:
        """The state after ``move``, a move from :meth:`legal_moves` (not checked again)."""
        return self._place(move)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def check(self, move: Move) -> IllegalMoveError | None:
        """Why ``move`` is illegal now, or None."""
        if self.is_over():
            return IllegalMoveError(sections.END, "ゲームはすでに終わっています。", "The game is already over.")
        if not 1 <= move.pile <= len(self.piles):
            return IllegalMoveError(
                sections.PLAY, f"山{move.pile}はありません(山の番号は1から{len(self.piles)}までです)。",
                f"There is no pile {move.pile} (piles are 1 to {len(self.piles)}).",
            )
        if move.colour not in self.hands[self.turn]:
            return IllegalMoveError(
                sections.PLAY,
                f"{NAME_JA[move.colour]}のコマは手元にありません。",
                f"You have no {NAME_EN[move.colour]} piece in hand.",
            )
        if move.pile == self.forbidden_pile():
            return IllegalMoveError(
                sections.GENERAL,
                f"山{move.pile}は、ひとつ前の手番でコマが置かれたばかりなので、今は置けません。",
                f"A piece was just placed on pile {move.pile}; no piece may go on the same pile right after.",
            )
        return self.piles[move.pile - 1].check(move.colour, move.pile)

    def _apply(self, move: Any) -> Self:
        if not isinstance(move, Move):
            raise NotationError(f"not a Kabaleo move: {excerpt(move)}", "カバレオの手ではありません。")
        error = self.check(move)
        if error is not None:
            raise error
        return self._place(move)

    def _place(self, move: Move) -> Self:
        """The state after a legal ``move`` (already checked)."""
        s = self._copy()
        pile, colour = move
        text = self.piles[pile - 1]._text
        covered = text[-1] != colour  # the same colour removes both pieces (Pile.place)
        after = Pile(text + colour if covered else text[:-1])
        s.piles = self.piles[: pile - 1] + (after,) + self.piles[pile:]
        turn = self.turn
        hand = self.hands[turn]
        i = hand.index(colour)
        s.hands = self.hands[:turn] + (hand[:i] + hand[i + 1 :],) + self.hands[turn + 1 :]
        s.removed = self.removed + (0 if covered else 2)
        s.last_pile = move.pile
        s.turn = rulings.next_player(self.turn, self.players)
        s.moves = self.moves + (move.text(),)
        return s

    # -- hidden information ---------------------------------------------------------
    @classmethod
    def hidden_information(cls, players: int, options: Mapping[str, Any] | None = None) -> bool:
        """With 2 players every colour in play is dealt as a secret (two each), so each player
        can work out the other's colours from their own."""
        return check_players(players) > 2

    def determinize(self, player: int, rng: random.Random) -> Self:
        """A sample of this position for ``player``: the other players' secret colours drawn
        again from ``rng`` among the colours in play that are not ``player``'s own; the rest
        (piles, hands, turn, moves) is public and stays.

        >>> state = KabaleoState.new(4, seed=2)
        >>> sample = state.determinize(0, random.Random(5))
        >>> sample.secrets[0] == state.secrets[0], sorted("".join(sample.secrets)) != sorted(state.colours)
        (True, True)
        """
        self.check_viewer(player, spectator=False)
        s = self._copy()
        if self.is_over():
            return s  # every secret is shown at the end
        own = self.secrets[player]
        unknown = [c for c in self.colours if c not in own]
        if len(own) == 1 and BELIEF_WEIGHT:
            # 3 or 4 players: each other player's colour drawn in turn (in a random order),
            # weighted by what their moves so far say about it; every colour stays possible
            belief = self.belief()
            secrets = list(self.secrets)
            others = [p for p in range(self.players) if p != player]
            rng.shuffle(others)
            for p in others:
                weights = belief[p]
                top = max(weights[c] for c in unknown)
                odds = [math.exp(weights[c] - top) for c in unknown]
                secrets[p] = unknown.pop(rng.choices(range(len(unknown)), weights=odds)[0])
            s.secrets = tuple(secrets)
            return s
        rng.shuffle(unknown)
        each = len(own)
        others = iter(range(0, len(unknown), each))
        secrets = []
        for p in range(self.players):
            if p == player:
                secrets.append(own)
            else:
                i = next(others)
                secrets.append("".join(sorted(unknown[i : i + each], key=COLOURS.index)))
        s.secrets = tuple(secrets)
        return s

    # -- the count ------------------------------------------------------------------
    def colour_counts(self) -> dict[str, int]:
        """Piles of each colour in play (public at every moment)."""
        counts = Counter(p.colour for p in self.piles)
        return {c: counts.get(c, 0) for c in self.colours}

    def ranking_keys(self) -> list[tuple[int, int, int]]:
        return [rulings.player_count_key(self.piles, self.secrets[p], self.options.two_player_scoring)
                for p in range(self.players)]

    def scores(self) -> list[int]:
        """Each player's piles of their secret colour(s) (the first criterion)."""
        return [k[0] for k in self.ranking_keys()]

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        return best_of(self.ranking_keys())

    def decided_by(self) -> int | None:
        """At the end, which comparison set the winners apart from the best other player (1
        piles, 2 piece-topped piles, 3 the tallest pile), or None when every player is level
        after all three (see :func:`.rulings.decided_by`).  Two of three players can share a
        win decided by 1: they are level, and the third has fewer piles."""
        if not self.is_over():
            raise NotationError("the game is not over: nothing is decided yet",
                                "ゲームはまだ終わっていないので、勝敗は決まっていません。")
        return rulings.decided_by(self.ranking_keys())

    def final_scores_from_position(self) -> list[int]:
        tops = Counter(Pile.from_text(p.to_text()).colour for p in self.piles)
        out = []
        for secret in self.secrets:
            counts = [tops.get(c, 0) for c in secret]
            out.append(max(counts) if self.options.two_player_scoring == "best" else sum(counts))
        return out

    @classmethod
    def max_game_length(cls, players: int, options: Mapping[str, Any] | None = None) -> int:
        return 6 * (check_players(players) + 2)

    # -- views and saving ------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {
            "piles": [p.to_text() for p in self.piles],
            "hands": list(self.hands),
            "secrets": list(self.secrets),
            "start_player": self.start_player,
            "turn": self.turn,
            "last_pile": self.last_pile,
            "removed": self.removed,
        }

    def view(self, player: int | None) -> dict[str, Any]:
        """Hands and piles are public; secret colours only to their owner, all at the end."""
        self.check_viewer(player)
        data = self.snapshot()
        data["secrets"] = [s if (self.is_over() or p == player) else None for p, s in enumerate(self.secrets)]
        data["viewer"] = player
        data["current_player"] = self.current_player
        data["colour_counts"] = self.colour_counts()
        if self.is_over():
            data["scores"] = self.scores()
        return data

    @property
    def columns(self) -> int:
        """The board lays the piles out in 4 rows, one column per colour in play."""
        return len(self.colours)

    def to_text(self) -> str:
        """The piles row by row as the board lays them out, each in pile notation."""
        texts = [p.to_text() for p in self.piles]
        width = max(len(t) for t in texts)
        return "\n".join(
            " ".join(t.ljust(width) for t in texts[r : r + self.columns]).rstrip()
            for r in range(0, len(texts), self.columns)
        )

    @classmethod
    def sample_configurations(cls) -> list[tuple[int, dict[str, Any]]]:
        return [(2, {}), (3, {}), (4, {}), (2, {"deal": "even", "two_player_scoring": "best"}), (3, {"deal": "even"})]

    def random_move(self, rng: Any) -> Move:
        return Move(rng.randint(1, len(self.piles)), rng.choice(self.colours))

    def belief(self) -> list[dict[str, float]]:
        """What the public moves so far say about each player's secret colour (3 or 4 players):
        for each player, a log-weight for every colour in play, the sum over their moves of
        -:data:`BELIEF_WEIGHT` × what the move gave up, for a player of that colour, against
        the best move it had (as :meth:`_rated_moves` rates them).  Worked out from the piles,
        hands and moves alone, undoing the moves one by one: never from the secrets.

        >>> state = KabaleoState.new(4, seed=3)
        >>> state.belief()[0] == dict.fromkeys(state.colours, 0.0)  # no move yet: no evidence
        True
        """
        cached = self.__dict__.get("_belief")
        if cached is not None:
            return cached
        weights = [dict.fromkeys(self.colours, 0.0) for _ in range(self.players)]
        before = self._copy()
        piles = [p._text for p in self.piles]
        hands = list(self.hands)
        turn = self.turn
        for i in range(len(self.moves) - 1, -1, -1):
            move = parse_move(self.moves[i])
            turn = (turn - 1) % self.players
            after = piles[move.pile - 1]
            # a piece that covered shows on top; one that removed the top (same colour) left
            # the piece below, never of that colour
            piles[move.pile - 1] = after[:-1] if after[-1] == move.colour else after + move.colour
            hands[turn] = sorted_hand(list(hands[turn]) + [move.colour])
            before.piles = tuple(Pile(t) for t in piles)
            before.hands = tuple(hands)
            before.turn = turn
            before.last_pile = parse_move(self.moves[i - 1]).pile if i else None
            for colour in self.colours:
                rated = before._rated_moves(colour)
                best = max(v for v, _ in rated)
                played = next(v for v, m in rated if m.pile == move.pile and m.colour == move.colour)
                weights[turn][colour] -= BELIEF_WEIGHT * (best - played)
        self.__dict__["_belief"] = weights
        return weights

    # -- search hooks -----------------------------------------------------------------
    def _rated_moves(self, mine: str) -> list[tuple[float, Move]]:
        """Every legal move with what it does at once for the colours ``mine``: +1 when the
        pile it touches turns to one of them, -1 when it turns away, and a tenth more for a
        pile topped by a piece rather than a bare base (the first tie-break).  In the legal
        moves' order; no state is made (a few hundredths of a millisecond)."""
        if self.is_over():
            return []
        forbidden = self.forbidden_pile()
        hand = sorted(set(self.hands[self.turn]), key=COLOURS.index)
        out: list[tuple[float, Move]] = []
        for i, pile in enumerate(self.piles, 1):
            if i == forbidden:
                continue
            text = pile._text
            top = text[-1]
            old = (1.0 if len(text) == 1 else 1.1) if top in mine else 0.0
            for colour in hand:
                if colour != top:
                    value = (1.1 if colour in mine else 0.0) - old
                elif len(text) == 1:
                    continue  # a piece never goes on a bare base of its colour
                else:  # the same colour removes both pieces: the one below (or the base) shows
                    value = ((1.0 if len(text) == 2 else 1.1) if text[-2] in mine else 0.0) - old
                out.append((value, _MOVES[(i, colour)]))
        return out

    def search_moves(self) -> list[Move]:
        """The moves a search player's tree looks at.  With 2 players (nothing hidden): the
        :data:`SEARCH_WIDTH` that do the most at once for the player to move's own secret
        colours (:meth:`_rated_moves`); most of the forty to sixty moves give a pile away or
        waste a piece, and the search's time is better spent on the rest.  Equal moves keep
        the legal moves' order.  With 3 or 4 players: every legal move (see
        :meth:`rollout_move`).  Never rated by another player's secret.

        >>> state = KabaleoState.new(2, seed=1)
        >>> len(state.legal_moves()), len(state.search_moves()) == SEARCH_WIDTH
        (48, True)
        """
        moves = self.legal_moves()
        if self.players > 2 or len(moves) <= SEARCH_WIDTH:
            return moves
        rated = self._rated_moves(self.secrets[self.turn])
        rated.sort(key=lambda vm: -vm[0])  # stable: equal values keep the legal order
        keep = {m for _, m in rated[:SEARCH_WIDTH]}
        return [m for m in moves if m in keep]

    def rollout_move(self, rng: random.Random) -> Move:
        """The move of a search player's playout.  With 2 players, a quick greedy move: one
        that does the most at once for the player to move's colours (:meth:`_rated_moves`),
        ties broken by ``rng``, about 0.01 ms.  Random playouts give piles away at nearly
        every move, so they cannot tell a good move from a bad one (a search of a second a
        move won 65% of 20 games against the greedy player with them, 83% of 30 with these, as
        in the strength table).

        With 3 or 4 players, a random legal move: greedy playouts measured no better there
        (52% of 80 three-player games against two greedy players, 60% with random playouts;
        ``gamelib.arena``, 0.3 s a move).  That was measured while a sample drew the other
        players' colours evenly, so that most of its greedy players played for the wrong
        colours; since samples follow :meth:`belief`, it has not been measured again."""
        if self.players > 2:
            return super().rollout_move(rng)
        rated = self._rated_moves(self.secrets[self.turn])
        best_value = max(v for v, _ in rated)
        best = [m for v, m in rated if v >= best_value - 1e-9]
        return best[0] if len(best) == 1 else rng.choice(best)

    def evaluate(self, move: Any, player: int) -> float:
        after = self.play(move)
        key = rulings.player_count_key(after.piles, self.secrets[player], self.options.two_player_scoring)
        return key[0] + key[1] / 100 + key[2] / 10000


def rank(piles: Sequence[Pile | str], secrets: Sequence[str], scoring: str = "sum") -> list[int]:
    """The winners (indices into ``secrets``) for a final set of piles.

    ``piles`` are :class:`.Pile` values or pile notation (at most 24); ``secrets`` one entry
    per player (at most 4), each one colour or two different colours; ``scoring`` is
    ``"sum"`` or ``"best"`` (ruling 1).  Anything else raises :class:`NotationError`.

    >>> rank(["KO", "V", "VKV", "O"], ["V", "O"])
    [0]
    >>> rank(["KO"], ["OO"])
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: secret colours 'OO': one colour, or two different ones
    """
    if not isinstance(scoring, str) or scoring not in rulings.TWO_PLAYER_SCORINGS:
        raise NotationError(f"scoring must be one of {', '.join(rulings.TWO_PLAYER_SCORINGS)}, not {excerpt(scoring)}",
                            "数え方は sum(2色の合計)か best(多いほうの1色)です。")
    ps = [p if isinstance(p, Pile) else Pile.from_text(p) for p in _bounded_list(piles, MAX_PILES, "piles", "山")]
    players = _bounded_list(secrets, MAX_PLAYERS, "secret colours", "秘密の色")
    for secret in players:
        if not isinstance(secret, str) or not 1 <= len(secret) <= 2:
            raise NotationError(f"secret colours {excerpt(secret)}: one colour, or two different ones",
                                "秘密の色は、1人につき1色か、違う2色です。")
        for colour in secret:
            check_colour(colour)
        if len(set(secret)) != len(secret):
            raise NotationError(f"secret colours {excerpt(secret)}: one colour, or two different ones",
                                "秘密の色は、1人につき1色か、違う2色です。")
    return best_of([rulings.player_count_key(ps, s, scoring) for s in players])


def _bounded_list(items: object, most: int, what: str, what_ja: str) -> list[Any]:
    """``items`` as a list of 1 to ``most`` entries (a sequence, not text nor a mapping)."""
    if isinstance(items, (str, bytes, Mapping)) or not isinstance(items, Sequence):
        raise NotationError(f"{what} are given as a list, not {excerpt(items)}",
                            f"{what_ja}はリストで指定します。")
    if not 1 <= len(items) <= most:
        raise NotationError(f"{len(items)} {what}: give 1 to {most}", f"{what_ja}の数は1から{most}までです。")
    return list(items)
