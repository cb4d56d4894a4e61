"""The protocol every game of the rulebook implements.

A game is a class derived from :class:`GameState`.  A state is a value: playing a move
returns a new state and never changes the old one, so widgets, replays and searches can
keep any position they like.  Every state knows the options, the seed and the moves that
produced it, so it can be saved as JSON and replayed exactly.

Randomness never comes from the module-level :mod:`random` functions: a game draws what it
needs from :func:`seeded_rng` at the moment the rules call for it, with a label that makes
each draw independent of the others.
"""

from __future__ import annotations

import dataclasses
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Self

__all__ = [
    "GameError",
    "IllegalMoveError",
    "NotationError",
    "GameState",
    "seeded_rng",
]

SAVE_FORMAT = 1
SAVE_KEYS = frozenset({"format", "game", "players", "options", "seed", "moves", "position"})
"""Every key of a save (:meth:`GameState.to_dict`); a save with any other key is refused."""
#: The longest move text read; a longer one is refused before it is parsed.
MAX_MOVE_TEXT = 200
#: The longest saved game read (characters), and the deepest nesting of its JSON.
MAX_SAVE_TEXT = 2_000_000
MAX_SAVE_DEPTH = 20
#: How much of a bad input an error message quotes.
EXCERPT = 40


def excerpt(value: object) -> str:
    """A short quote of bad input for an error message (never the whole of a huge input).

    >>> excerpt("claim 12")
    "'claim 12'"
    >>> excerpt("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'… (1000 characters)"
    """
    if isinstance(value, str):
        return repr(value) if len(value) <= EXCERPT else f"{value[:EXCERPT]!r}… ({len(value)} characters)"
    try:
        text = repr(value)
    except Exception:  # a repr that fails is no reason to fail the error message
        text = f"<{type(value).__name__}>"
    return text if len(text) <= EXCERPT else text[:EXCERPT] + "…"


class GameError(ValueError):
    """Base class of every error the rules engine raises."""


class NotationError(GameError):
    """Text (a move, a position, a saved game) or a move object that cannot be read; says what
    is wrong.  ``message_ja`` says it in Japanese for the boards and the book."""

    def __init__(self, message: str, message_ja: str | None = None) -> None:
        self.message_en = message
        self.message_ja = message_ja or "読み取れない表記です(手・局面・保存データの書き方が正しくありません)。"
        super().__init__(message)


class IllegalMoveError(GameError):
    """A move that the rules forbid.

    ``section`` is the anchor of the rule in the book chapter (for example
    ``"kingdomino-placement"``); ``message_ja`` and ``message_en`` say the same thing in
    Japanese and English.
    """

    def __init__(self, section: str, message_ja: str, message_en: str) -> None:
        self.section = section
        self.message_ja = message_ja
        self.message_en = message_en
        super().__init__(f"{message_ja}(ルール: #{section})\n{message_en} (rule: #{section})")


def same_value(a: Any, b: Any) -> bool:
    """Equal, types included: ``1`` is not ``1.0`` nor ``True``; tuples, lists, dicts and
    dataclasses compared field by field.

    >>> same_value({"turn": 1}, {"turn": 1}), same_value({"turn": 1}, {"turn": 1.0}), same_value(1, True)
    (True, False, False)
    """
    if type(a) is not type(b):
        return False
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_value(a[k], b[k]) for k in a)
    if dataclasses.is_dataclass(a) and not isinstance(a, type):
        return all(same_value(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    return bool(a == b)


def read_json(text: Any) -> Any:
    """JSON from outside (a saved game), refused cheaply when it is too long, too deeply
    nested or holds a number too long to read.

    >>> read_json("[" * 1000)
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: the saved game is nested deeper than 20 levels
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise NotationError(f"a saved game is JSON text, not {type(text).__name__}", "保存データは文字列で渡します。")
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise NotationError("a saved game must be UTF-8 text", "保存データの文字コードが正しくありません。") from None
    if len(text) > MAX_SAVE_TEXT:
        raise NotationError(f"a saved game is at most {MAX_SAVE_TEXT} characters, not {len(text)}",
                            "保存データが長すぎます。")
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_SAVE_DEPTH:
                raise NotationError(f"the saved game is nested deeper than {MAX_SAVE_DEPTH} levels",
                                    "保存データの入れ子が深すぎます。")
        elif ch in "]}":
            depth -= 1
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, or a number too long to convert
        raise NotationError(f"not valid JSON: {excerpt(str(exc))}", "保存データの書式が壊れていて読めません。") from None


def seeded_rng(seed: int, *labels: object) -> random.Random:
    """A private random generator for one purpose of one game.

    The same seed and labels always give the same sequence, on every platform and Python
    version from 3.2 on (string seeds are hashed with SHA-512).

    >>> seeded_rng(7, "deck").random() == seeded_rng(7, "deck").random()
    True
    >>> seeded_rng(7, "deck").random() == seeded_rng(7, "start").random()
    False
    """
    return random.Random("/".join(str(x) for x in (seed, *labels)))


def best_of(keys: list[Any], lowest: bool = False) -> list[int]:
    """Indices of the best ranking keys (highest, or lowest); several when they are equal.

    >>> best_of([(3, 1), (5, 0), (5, 0)]), best_of([4, 2, 2], lowest=True)
    ([1, 2], [1, 2])
    """
    if not keys:
        return []
    best = min(keys) if lowest else max(keys)
    return [i for i, k in enumerate(keys) if k == best]


#: Seeds are whole numbers of at most this many digits (a board's fresh seed has 9).
MAX_SEED_DIGITS = 30


def read_options(data: object, option_class: type, game_en: str, game_ja: str,
                 choices: Mapping[str, Sequence[str]] = {},
                 names_ja: Mapping[str, tuple[str, Sequence[str]]] = {}) -> dict[str, Any]:
    """The checks every game's options share: a mapping (``None`` for none) of the option
    dataclass's field names; a field whose default is a bool takes exactly ``True`` or
    ``False``; a key of ``choices`` takes one of its strings.  Returns a copy to check further.
    ``names_ja`` gives a choice's Japanese name and its values' (as a board's settings show
    them), for the Japanese of a refused value; without it the key and values are named.

    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class Options:
    ...     fast: bool = False
    ...     mode: str = "a"
    >>> read_options({"mode": "b"}, Options, "Demo", "デモ", {"mode": ("a", "b")})
    {'mode': 'b'}
    >>> read_options({"fast": 1}, Options, "Demo", "デモ")
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: option 'fast' must be true or false, not 1
    """
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise NotationError(f"{game_en} options are a mapping of names to values, not {excerpt(data)}",
                            f"{game_ja}のオプションは「名前と値」の組で指定します。")
    data = dict(data)
    known = {f.name: f for f in dataclasses.fields(option_class)}
    for key, value in data.items():
        if not isinstance(key, str) or key not in known:
            raise NotationError(f"unknown {game_en} option {excerpt(key)}; known: {', '.join(known)}",
                                f"{game_ja}にはないオプションが指定されています。")
        if isinstance(known[key].default, bool) and not isinstance(value, bool):
            raise NotationError(f"option {key!r} must be true or false, not {excerpt(value)}",
                                f"オプション「{key}」はオン(true)かオフ(false)で指定します。")
    for key, allowed in choices.items():
        if key in data and not (type(data[key]) is str and data[key] in allowed):
            name, values = names_ja.get(key, (f"オプション「{key}」", allowed))
            raise NotationError(f"option {key!r} must be one of {', '.join(allowed)}, not {excerpt(data[key])}",
                                f"{name}の値が正しくありません。{'・'.join(values)}のどれかです。")
    return data


def options_to_dict(options: Any) -> dict[str, Any]:
    """A game's options as a save keeps them: only the fields that differ from the defaults (so
    saved games stay short), tuples as lists, nested ones too.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Options:
    ...     fast: bool = False
    ...     hands: tuple[tuple[int, ...], ...] = ()
    >>> options_to_dict(Options(hands=((1, 2), (3,))))
    {'hands': [[1, 2], [3]]}
    >>> options_to_dict(Options())
    {}
    """
    def plain(value: Any) -> Any:
        return [plain(v) for v in value] if isinstance(value, tuple) else value

    defaults = type(options)()
    return {f.name: plain(getattr(options, f.name)) for f in dataclasses.fields(options)
            if getattr(options, f.name) != getattr(defaults, f.name)}


def check_start_player(start: object, players: int | None = None) -> None:
    """The option ``start_player``: None (the rules choose), or a player's number from 0 to 3
    and, once the number of players is known, one of theirs.

    >>> check_start_player(2, players=2)
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: start_player 2 does not exist with 2 players
    """
    if start is None:
        return
    if type(start) is not int or not 0 <= start < 4:
        raise NotationError(f"option 'start_player' must be a player number from 0 to 3, not {excerpt(start)}",
                            "オプション「start_player」はプレイヤーの番号(0から3)です。")
    if players is not None and start >= players:
        raise NotationError(f"start_player {start} does not exist with {players} players",
                            f"{players}人のゲームには、番号{start}のプレイヤーはいません(0から{players - 1}です)。")


def check_seed(seed: object) -> int:
    """A seed is a whole number (not a bool, a float or a text) of at most 30 digits."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise NotationError(f"the seed must be an integer, not {excerpt(seed)}", "シードは整数です。")
    if abs(seed) >= 10**MAX_SEED_DIGITS:
        raise NotationError(f"a seed has at most {MAX_SEED_DIGITS} digits", f"シードは{MAX_SEED_DIGITS}桁までです。")
    return seed


class PlaysOfferedMoves:
    """For a game whose state keeps the list :meth:`GameState.legal_moves` made in ``_legal``
    and plays a legal move with ``_next(move)``: a move object that list offered is played at
    once (it is legal, and its text reads back as the same move, so reading and checking it
    again would change nothing); anything else takes the usual path, with its errors.  Put it
    before :class:`GameState` among the bases."""

    _legal: list[Any] | None

    def play(self, move: Any) -> Any:
        if self._offers(move):
            return self._next(move)  # type: ignore[attr-defined]
        return self._apply(self.read_move(move))  # type: ignore[attr-defined]

    def apply_legal(self, move: Any) -> Any:
        if self._offers(move):
            return self._next(move)  # type: ignore[attr-defined]
        return self._apply(move)  # type: ignore[attr-defined]

    def _offers(self, move: Any) -> bool:
        """Whether ``move`` is one of the very objects the legal moves offered here."""
        legal = self._legal
        if legal is not None:
            for m in legal:
                if m is move:
                    return True
        return False


class GameState(ABC):
    """One position of one game, with everything needed to go on from it.

    Subclasses set ``name`` and implement the abstract methods.  The shared behaviour
    (JSON, replay, equality, text moves) lives here.
    """

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: Anchors of the game's chapter sections; every IllegalMoveError names one of them.
    rule_sections: ClassVar[tuple[str, ...]]
    #: Whether a finished game may have no winner at all (``winners()`` empty).
    may_end_without_winner: ClassVar[bool] = False
    #: How many moves deep a search player's tree grows before its playouts take over (None:
    #: as deep as its iterations take it).  A game whose playout policy plays better than a
    #: thinly visited tree node keeps the tree shallow.
    search_depth: ClassVar[int | None] = None
    #: Options that may name a file when a game is created (their values are read then and
    #: saved as values): a save holding a path there is refused, since loading a save from
    #: elsewhere must never read this machine's files.
    file_options: ClassVar[tuple[str, ...]] = ()

    # -- creation -----------------------------------------------------------------
    @classmethod
    @abstractmethod
    def new(cls, players: int, options: Mapping[str, Any] | None = None, seed: int = 0) -> Self:
        """The position before the first move."""

    # -- the rules ------------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The player to move (0-based), or ``None`` once the game is over."""

    @abstractmethod
    def legal_moves(self) -> list[Any]:
        """Every legal move, sorted, without duplicates; empty when the game is over."""

    @abstractmethod
    def _apply(self, move: Any) -> Self:
        """Check ``move`` against the rules and return the next state.

        Raises :class:`IllegalMoveError` without touching ``self``.
        """

    @abstractmethod
    def parse_move(self, text: str) -> Any:
        """Read a move from its text form; raises :class:`NotationError`."""

    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def scores(self) -> list[int]:
        """Each player's score as it stands (final scores once the game is over)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning players after the game's tie-breaks; several when shared.

        Empty while the game is still going on.
        """

    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (``None``: a spectator), as JSON-safe data."""

    def check_viewer(self, player: Any, spectator: bool = True) -> None:
        """Refuse a player that is not one of this game's (0 to players − 1; ``None``, a
        spectator, where ``spectator``): :meth:`view` and :meth:`determinize` are asked for one.
        """
        if player is None and spectator:
            return
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < self.players:
            raise NotationError(
                f"no player {excerpt(player)} in a {self.players}-player game (0 to {self.players - 1}"
                + (", or None for a spectator)" if spectator else ")"),
                f"このゲームのプレイヤーは0から{self.players - 1}の番号で指定します。")

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """The whole position as JSON-safe data (hidden information included)."""

    @abstractmethod
    def final_scores_from_position(self) -> list[int]:
        """Scores worked out again from the visible position alone (for the conformance test)."""

    @classmethod
    @abstractmethod
    def max_game_length(cls, players: int, options: Mapping[str, Any] | None = None) -> int:
        """An upper bound on the number of moves of any game with these settings."""

    @classmethod
    def sample_configurations(cls) -> list[tuple[int, dict[str, Any]]]:
        """(players, options) pairs the conformance test plays; games add their variants."""
        return [(n, {}) for n in range(cls.min_players, cls.max_players + 1)]

    @abstractmethod
    def determinize(self, player: int, rng: random.Random) -> Self:
        """A full state that agrees with everything ``view(player)`` shows, with every hidden
        thing (deck order, other hands, secret colours, guilds, tenant cards, dice not yet
        rolled) drawn again at random from ``rng``, consistently with what ``player`` knows.

        For search players, which must never read what they could not see at the table: they
        search samples of the position, never the position itself.  The sample plays on like
        any state (same ``moves``, same ``view(player)``, the same legal moves for ``player``),
        but it is a guess, not a saved game: its moves need not replay from its seed.
        """

    @classmethod
    def hidden_information(cls, players: int, options: Mapping[str, Any] | None = None) -> bool:
        """Whether a player may not know everything in a game with these settings (then
        :meth:`determinize` must vary what the player cannot see)."""
        return True

    def rollout_move(self, rng: random.Random) -> Any:
        """The move of a quick playout by a search player: a random legal move unless the game
        knows a cheap better one."""
        return rng.choice(self.legal_moves())

    def standings(self) -> list[float]:
        """Each player's score as a search player's reward counts it, higher always better:
        :meth:`scores`, unless they rank players otherwise (Dominimum's lowest score wins; in
        misère Dominup fewer tiles placed is better; The Tree ranks by finishing order)."""
        return [float(x) for x in self.scores()]

    def search_default(self) -> Any | None:
        """A move a search player keeps unless its playouts show another better by more than
        chance (:attr:`gamelib.players.SearchPlayer.margin`): a game whose outcomes are noisy and
        whose rule of thumb is good (さいころニュータウン's planner) gives it; ``None`` (the
        default): the move played most often in the search is played."""
        return None

    def search_moves(self) -> list[Any]:
        """The moves a search player's tree considers here: the legal moves, unless the game
        knows that some are never worth a look (then a subset of them, never empty)."""
        return self.legal_moves()

    def apply_legal(self, move: Any) -> Self:
        """The state after ``move``, an object from :meth:`legal_moves` (no text round trip):
        the fast path of computer players and search.  Games may check less here."""
        return self._apply(move)

    @abstractmethod
    def random_move(self, rng: random.Random) -> Any:
        """A well-formed move chosen at random, legal or not (the conformance test feeds
        these to :meth:`play` to check that illegal ones are refused cleanly)."""

    # -- what every game shares ---------------------------------------------------
    players: int
    options: Any
    seed: int
    moves: tuple[str, ...]

    def play(self, move: Any) -> Self:
        """The state after ``move`` (an object or its text form); ``self`` is unchanged.

        Raises :class:`IllegalMoveError` for a move the rules forbid and
        :class:`NotationError` for text that is not a move.
        """
        return self._apply(self.read_move(move))

    def read_move(self, move: Any) -> Any:
        """The one path every move takes, text or object, before the rules see it.

        A text is read by :meth:`parse_move`.  An object must be exactly the move its own text
        form reads as (same types: ``7`` is not ``7.0`` nor ``True``), so that a state never
        records a move it could not replay.  Anything else raises :class:`NotationError`.
        """
        if isinstance(move, str):
            if len(move) > MAX_MOVE_TEXT:
                raise NotationError(f"a move is at most {MAX_MOVE_TEXT} characters, not {len(move)}",
                                    f"手の表記は{MAX_MOVE_TEXT}文字までです。")
            return self._parse_safely(move)
        try:
            text = str(move)
        except Exception:
            raise NotationError(f"{excerpt(move)} is not a move of {self.name}",
                                "この遊びの手ではありません。") from None
        if len(text) > MAX_MOVE_TEXT:
            raise NotationError(f"{excerpt(move)} is not a move of {self.name}", "この遊びの手ではありません。")
        parsed = self._parse_safely(text)
        if parsed is move:  # a game that shares its move objects reads its text back as the very same one
            return parsed
        if not same_value(parsed, move):
            raise NotationError(f"{excerpt(move)} is not a well-formed move of {self.name} "
                                f"(its text {excerpt(text)} reads as {excerpt(parsed)})",
                                "手の中身の型や値が正しくありません(この遊びの手として読み直せません)。")
        return parsed

    def _parse_safely(self, text: str) -> Any:
        try:
            return self.parse_move(text)
        except GameError:
            raise
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError, OverflowError):
            raise NotationError(f"cannot read the move {excerpt(text)}", "この手の表記は読み取れません。") from None

    def play_all(self, moves: Iterable[Any]) -> Self:
        state = self
        for move in moves:
            state = state.play(move)
        return state

    def options_dict(self) -> dict[str, Any]:
        return self.options.to_dict()

    @classmethod
    def replay(
        cls, players: int, options: Mapping[str, Any] | None, seed: int, moves: Sequence[str]
    ) -> Self:
        """Play ``moves`` from the start; the same arguments always give the same state."""
        state = cls.new(players, options, seed)
        for i, text in enumerate(moves):
            try:
                state = state.play(text)
            except GameError as exc:
                raise NotationError(f"move {i + 1} ({excerpt(text)}) cannot be played: {excerpt(str(exc))}",
                                    f"保存データの{i + 1}手目が指せません: "
                                    f"{getattr(exc, 'message_ja', '')}") from exc
        return state

    def to_dict(self) -> dict[str, Any]:
        """The save: options, seed and moves (what replays the game), and the position they
        lead to (what a load checks the replay against)."""
        return {
            "format": SAVE_FORMAT,
            "game": self.name,
            "players": self.players,
            "options": self.options_dict(),
            "seed": self.seed,
            "moves": list(self.moves),
            "position": self.snapshot(),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """Rebuild a saved state: the moves are replayed and checked against the position.

        Anything malformed raises :class:`NotationError` (a ``ValueError``) saying what.
        """
        if not isinstance(data, dict):
            raise NotationError("a saved game must be a JSON object", "保存データの中身が、ゲームの保存の形(名前のついた項目の集まり)になっていません。")
        for key, kind in (("game", str), ("players", int), ("seed", int), ("moves", list)):
            if key not in data:
                raise NotationError(f"the saved game has no {key!r}", f"保存データに「{key}」がありません。")
            if not isinstance(data[key], kind) or isinstance(data[key], bool):
                raise NotationError(f"{key!r} must be of type {kind.__name__}", f"保存データの「{key}」の型が違います。")
        unknown = sorted(str(k) for k in data if k not in SAVE_KEYS)
        if unknown:  # (never dropped silently: a key we do not know may hold something the save needs)
            raise NotationError(f"the saved game has keys this version does not know: {excerpt(', '.join(unknown))}",
                                "保存データに、このゲームの保存にはない項目があります。")
        if not same_value(data.get("format", SAVE_FORMAT), SAVE_FORMAT):
            raise NotationError(f"unknown save format {excerpt(data.get('format'))}", "保存データの形式が分かりません。")
        if data["game"] != cls.name:
            raise NotationError(f"this is a saved {excerpt(data['game'])} game, not {cls.name!r}",
                                "別のゲームの保存データです。")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise NotationError("'options' must be an object", "保存データの「options」はオブジェクトです。")
        for key in cls.file_options:
            if key in options and not isinstance(options[key], dict):
                raise NotationError(f"option {key!r} of a saved game holds values, not {excerpt(options[key])} "
                                    "(a file is read when a game is created, never when a save is loaded)",
                                    f"保存データのオプション「{key}」には、ファイルの場所ではなく値そのものが入ります。")
        if not all(isinstance(m, str) for m in data["moves"]):
            raise NotationError("every move must be a string", "保存データの手はすべて文字列です。")
        state = cls.replay(data["players"], options, data["seed"], data["moves"])
        if "position" in data:
            stored = data["position"]
            actual = state.snapshot()
            if not same_value(stored, actual):
                keys = sorted(set(stored) | set(actual)) if isinstance(stored, dict) else []
                diff = [k for k in keys if not same_value(stored.get(k), actual.get(k))][:8]
                raise NotationError(
                    "the stored position does not match the replayed moves"
                    + (f" (differs in {excerpt(', '.join(map(str, diff)))})" if diff else ""),
                    "保存データの局面が、手を指し直した結果と一致しません。",
                )
        return state

    @classmethod
    def from_json(cls, text: str) -> Self:
        return cls.from_dict(read_json(text))

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.to_dict() == other.to_dict()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.name, self.seed, self.moves))

    def evaluate(self, move: Any, player: int) -> float:
        """A quick value of ``move`` for ``player``, used by the greedy computer player.

        The default is the player's score after the move; games refine it where a move
        (a pick, a claim) gains nothing at once.
        """
        return float(self.play(move).scores()[player])
