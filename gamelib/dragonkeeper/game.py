"""A whole game of Dragon Keeper: set-up, turns, special actions, levels, the end.

Cells are written ``r,c`` (row, then column, each 0–4, row 0 at the top) and players by their
number from 0 (turn order).  Moves, in text form:

* ``take r,c`` — step 1: the dragon moves along its row (arrow 1) to the tile at ``r,c`` and
  the active player takes it;
* ``give r,c`` — step 2: the dragon moves along its column (arrow 2) to ``r,c`` and that tile
  goes to the player before the active one;
* ``trap r,c`` — remote trap, right after step 1: discard it and take the tile at ``r,c`` from
  anywhere on the level;
* ``exchange p C`` — prisoner exchange, right after step 1: swap it for the top tile of player
  ``p``'s stack of colour ``C``;
* ``passage r,c`` — secret passage, right after step 2: discard it; the dragon moves along its
  row again to ``r,c`` and the active player takes that tile;
* ``pass`` — leave the action offered unused (at the end: use no more releases);
* ``tribute C`` — at the end, among tied stacks, give the stack of colour ``C`` to the dragon;
* ``release T C`` — at the end, discard the guild tile ``T`` using the release tile of colour ``C``.

Everything is public (the three levels lie face up, ruling 22; stacks and treasure are open)
except the players' guilds until the end scoring begins.  :meth:`DragonKeeperState.determinize`
therefore draws only the other players' guilds again: different colours among the guild
colours that are not the player's own (nothing in play before the end depends on a guild, so
no move reveals one); once the guilds are shown the sample is the position itself.  With the
option ``lower_levels="hidden"`` (ruling 22's other reading) the levels still to come are
hidden from everyone, and a sample deals their tiles again among their places.

>>> state = DragonKeeperState.new(3, seed=5)
>>> state.phase, state.level, state.dragon_cell
('take', 1, (2, 2))
>>> [str(m) for m in state.legal_moves()]
['take 2,0', 'take 2,1', 'take 2,2', 'take 2,3', 'take 2,4']
>>> state = state.play("take 2,1")
>>> DragonKeeperState.from_json(state.to_json()) == state
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, NamedTuple, Self

from ..core import (MAX_MOVE_TEXT, GameState, IllegalMoveError, NotationError, PlaysOfferedMoves, best_of,
                    check_seed, check_start_player, excerpt, options_to_dict, read_options, seeded_rng)
from ..registry import register
from . import rulings, scoring, sections
from .tiles import (ALL_TILES, COLOUR_INDEX, COLOURS, GUILD_COLOURS, NAME_EN, NAME_JA, SPECIAL, STAIR,
                    TREASURE_AT_START, VALUE, Stacks, check_colour, parse_tile, stacks_text, tile_words)

SIZE = 5
CELLS = SIZE * SIZE
CENTRE = CELLS // 2
LEVELS = 3
#: The cells of each cell's row and column.
ROW = tuple(tuple(range(SIZE * (i // SIZE), SIZE * (i // SIZE) + SIZE)) for i in range(CELLS))
COLUMN = tuple(tuple(range(i % SIZE, CELLS, SIZE)) for i in range(CELLS))
#: Phases: the two steps of a turn, the three moments an action is offered, the end decisions.
PHASES = ("take", "special", "give", "passage", "chain", "tribute", "release", "over")
PHASE_JA = {
    "take": "手順1、ドラゴンを行に沿って動かしてタイルを取るところ",
    "special": "取ったタイルの特別アクションを使うかどうかの選択",
    "give": "手順2、ドラゴンを列に沿って動かしてタイルを渡すところ",
    "passage": "秘密の通路を使うかどうかの選択",
    "chain": "秘密の通路で取ったタイルの特別アクションを使うかどうかの選択",
    "tribute": "ドラゴンへの貢物の選択",
    "release": "解放タイルを使うかどうかの選択",
}
PHASE_EN = {
    "take": "step 1 (move the dragon along its row and take a tile)",
    "special": "the choice whether to use the action of the tile just taken",
    "give": "step 2 (move the dragon along its column and give a tile to the player before)",
    "passage": "the choice whether to use the secret passage",
    "chain": "the choice whether to use the action of the tile taken through the secret passage",
    "tribute": "the choice of the tribute to the dragon",
    "release": "the choice whether to use release tiles",
}
MOVE_KINDS = ("take", "give", "trap", "exchange", "passage", "pass", "tribute", "release")
#: The longest option text read (a level of the ``layout`` option).
MAX_LEVEL_TEXT = 400


def cell_index(cell: tuple[int, int]) -> int:
    return cell[0] * SIZE + cell[1]


def cell_of(index: int) -> tuple[int, int]:
    return divmod(index, SIZE)


# -- moves ---------------------------------------------------------------------------------------
class Move(NamedTuple):
    """A move (see the module docstring); only the fields of its kind are set."""

    kind: str
    cell: tuple[int, int] | None = None
    player: int | None = None
    colour: str | None = None
    tile: str | None = None

    def text(self) -> str:
        """The canonical text form, read back by :func:`parse_move`.

        >>> Move("take", (2, 3)).text(), Move("exchange", player=2, colour="B").text()
        ('take 2,3', 'exchange 2 B')
        >>> Move("release", colour="Y", tile="B4").text(), Move("pass").text()
        ('release B4 Y', 'pass')
        """
        if self.kind in ("take", "give", "trap", "passage"):
            return f"{self.kind} {self.cell[0]},{self.cell[1]}"  # type: ignore[index]
        if self.kind == "exchange":
            return f"exchange {self.player} {self.colour}"
        if self.kind == "tribute":
            return f"tribute {self.colour}"
        if self.kind == "release":
            return f"release {self.tile} {self.colour}"
        return self.kind

    def __str__(self) -> str:
        return self.text()


_MOVE_RE = re.compile(
    r"[ ]*(?:(take|give|trap|passage)[ ]+([0-9])[ ]*,[ ]*([0-9])"
    r"|(exchange)[ ]+([0-9])[ ]+([A-Za-z])"
    r"|(tribute)[ ]+([A-Za-z])"
    r"|(release)[ ]+([A-Za-z][0-9][a-z]?)[ ]+([A-Za-z])"
    r"|(pass))[ ]*",
    re.ASCII,
)


def parse_move(text: str) -> Move:
    """Read a move from its text form (see the module docstring); colour letters may be written
    in lower case.  Digits are single ASCII digits; the rules then refuse cells and players
    that do not exist.

    >>> parse_move("take 2,3")
    Move(kind='take', cell=(2, 3), player=None, colour=None, tile=None)
    >>> str(parse_move(" exchange 1 g "))
    'exchange 1 G'
    >>> parse_move("take ２,3")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: 'take ２,3' is not a Dragon Keeper move; write e.g. 'take 2,3', 'give 4,3', ...
    """
    if not isinstance(text, str):
        raise NotationError(f"a move is text, not {type(text).__name__}", "手は文字列で書きます(例: take 2,3)。")
    if len(text) > MAX_MOVE_TEXT:
        raise NotationError(f"a move is at most {MAX_MOVE_TEXT} characters, not {len(text)}",
                            f"手の表記は{MAX_MOVE_TEXT}文字までです。")
    return _parse(text)


@lru_cache(maxsize=4096)
def _parse(text: str) -> Move:
    m = _MOVE_RE.fullmatch(text)
    if not m:
        raise NotationError(
            f"{excerpt(text)} is not a Dragon Keeper move; write e.g. 'take 2,3', 'give 4,3', 'trap 0,1', "
            "'exchange 2 B', 'passage 1,4', 'pass', 'tribute G' or 'release B4 Y'",
            "ドラゴンキーパーの手として読めません。「take 行,列」「give 行,列」「trap 行,列」「exchange プレイヤー番号 色」"
            "「passage 行,列」「pass」「tribute 色」「release タイル 色」の形で、半角の数字と文字で書きます。",
        )
    if m.group(1):
        r, c = int(m.group(2)), int(m.group(3))
        if r < SIZE and c < SIZE:  # the move object legal_moves() offers
            return _CELL_MOVES[m.group(1)][r * SIZE + c]
        return Move(m.group(1), (r, c))
    if m.group(4):
        return Move("exchange", player=int(m.group(5)), colour=check_colour(m.group(6).upper()))
    if m.group(7):
        return Move("tribute", colour=check_colour(m.group(8).upper()))
    if m.group(9):
        code = m.group(10)
        tile = parse_tile(code[0].upper() + code[1:])
        return Move("release", colour=check_colour(m.group(11).upper(), GUILD_COLOURS), tile=tile)
    return Move("pass")


# -- levels as text --------------------------------------------------------------------------------
def board_text(cells: Sequence[str | None], dragon: int | None = None) -> str:
    """A level as text: five rows of five cells, a tile's code or ``.`` for an empty cell, and
    ``*`` after the cell where the dragon stands.

    >>> print(board_text(["B2"] * 12 + ["R1s"] + [None] * 12, dragon=12))
    B2   B2   B2   B2   B2
    B2   B2   B2   B2   B2
    B2   B2   R1s* .    .
    .    .    .    .    .
    .    .    .    .    .
    """
    words = [(c or ".") + ("*" if i == dragon else "") for i, c in enumerate(cells)]
    return "\n".join(" ".join(w.ljust(4) for w in words[r * SIZE:(r + 1) * SIZE]).rstrip() for r in range(SIZE))


def parse_board(text: object) -> tuple[tuple[str | None, ...], int | None]:
    """Read a level written by :func:`board_text`: its 25 cells and the dragon's cell (or None).

    Only the notation is checked here (every word a real tile, ``.`` or a dragon mark, at most
    one dragon); :func:`.positions.check_level` checks what real play can make.
    """
    if not isinstance(text, str):
        raise NotationError(f"a level is text (five rows of five cells), not {excerpt(text)}",
                            "階層は5行5列のマスを書いた文字列です。")
    if len(text) > MAX_LEVEL_TEXT:
        raise NotationError(f"a level is at most {MAX_LEVEL_TEXT} characters, not {len(text)}",
                            "階層の表記が長すぎます。")
    words = text.split()
    if len(words) != CELLS:
        raise NotationError(f"a level has {CELLS} cells (5 rows of 5), not {len(words)}",
                            f"階層のマスは5行5列の{CELLS}マスです(書かれているのは{len(words)}マス)。")
    cells: list[str | None] = []
    dragon = None
    for i, word in enumerate(words):
        if word.endswith("*"):
            if dragon is not None:
                raise NotationError("a level has one dragon: '*' marks its cell once",
                                    "ドラゴンは1体です。「*」は1マスにだけ付けます。")
            dragon, word = i, word[:-1]
        cells.append(None if word == "." else parse_tile(word))
    return tuple(cells), dragon


# -- options -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DragonKeeperOptions:
    """The optional rulings (see :mod:`.rulings`) and a stacked set-up for worked examples.

    * ``tribute_choice``: ``"player"`` (default: among tied stacks the player chooses by a
      ``tribute`` move, as in the text's example 1) or ``"best"`` (the engine gives the one that
      leaves the best score) — ruling 6;
    * ``releases``: ``"auto"`` (default: release tiles are used for the best score, as the text's
      older revision says of the online version) or ``"player"`` (``release`` moves) — ruling 7;
    * ``release_discarded``: ``False`` (default, the text: a used release tile stays and scores)
      or ``True`` (the online version: it is discarded with the tile it releases) — ruling 11;
    * ``passage_chain``: ``True`` (default, the text: the tile taken through a secret passage may
      act at once) or ``False`` (the online version: no chaining) — ruling 15;
    * ``eliminated_stacks``: ``"out"`` (default: an eliminated player's stacks leave the game) or
      ``"kept"`` (they stay as targets of prisoner exchange, as online) — ruling 9;
    * ``everyone_short``: ``"out"`` (default, the text's words: when everybody still in is short
      at once, everybody is eliminated and nobody wins) or ``"stay"`` (nobody is eliminated; each
      returns all they hold and play goes on) — ruling 16;
    * ``next_start``: ``"taker"`` (default: with nobody holding the stair tile, the player who
      took the last tile starts the next level) or ``"active"`` (the online version: the player
      whose turn it was when the level ended) — ruling 13;
    * ``first_gift``: ``"seat"`` (default, as online: the gift of a level's first turn goes to
      the seat before, as on every turn) or ``"last"`` (the text's words: on the second and
      third levels' first turn, to the player whose turn ended the level before) — ruling 1;
    * ``lower_levels``: ``"shown"`` (default: the levels still to come are public, every
      player may look at them) or ``"hidden"`` (the boards as they lie: a level is seen once it
      comes into play) — ruling 22;
    * ``layout``: the three levels' tiles (first, second, third), each 25 tile codes row by row,
      instead of the random set-up — all 75 tiles, the stair tiles in the centres of the first
      two levels; ``guilds``: the players' guild colours (one letter each, different, from
      ``BYGP``); ``start_player``: the start player instead of a random one.  These three are
      saved with the game.
    """

    tribute_choice: str = "player"
    releases: str = "auto"
    release_discarded: bool = False
    passage_chain: bool = True
    eliminated_stacks: str = "out"
    everyone_short: str = "out"
    next_start: str = "taker"
    first_gift: str = "seat"
    lower_levels: str = "shown"
    layout: tuple[str, ...] | None = None
    guilds: str | None = None
    start_player: int | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | DragonKeeperOptions | None) -> DragonKeeperOptions:
        """Options from a mapping (a save, a caller), every key and value checked.

        >>> DragonKeeperOptions.from_dict({"releases": "player"}).releases
        'player'
        >>> DragonKeeperOptions.from_dict({"release_discarded": 1})
        Traceback (most recent call last):
        ...
        gamelib.core.NotationError: option 'release_discarded' must be true or false, not 1
        """
        if isinstance(data, DragonKeeperOptions):
            return data
        if data is None or (type(data) is dict and not data):
            return _DEFAULT_OPTIONS
        data = read_options(data, cls, "Dragon Keeper", "ドラゴンキーパー",
                            {"tribute_choice": rulings.TRIBUTE_CHOICES, "releases": rulings.RELEASE_MODES,
                             "eliminated_stacks": rulings.ELIMINATED_STACKS,
                             "everyone_short": rulings.EVERYONE_SHORT, "next_start": rulings.NEXT_STARTS,
                             "first_gift": rulings.FIRST_GIFTS, "lower_levels": rulings.LOWER_LEVELS})
        if data.get("layout") is not None:
            data["layout"] = _check_layout(data["layout"])
        guilds = data.get("guilds")
        if guilds is not None and not (type(guilds) is str and 2 <= len(guilds) <= 4
                                       and all(g in GUILD_COLOURS for g in guilds) and len(set(guilds)) == len(guilds)):
            raise NotationError(f"option 'guilds' must be one different letter of B Y G P for each player, "
                                f"not {excerpt(guilds)}",
                                "オプション「guilds」は、プレイヤーごとに B・Y・G・P から違う文字を1つずつ並べて書きます。")
        check_start_player(data.get("start_player"))
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        return options_to_dict(self)


def _check_layout(layout: object) -> tuple[str, ...]:
    """The ``layout`` option: three levels of 25 tiles, all 75 tiles once, stairs in the first
    two centres; returned as the three levels' canonical text."""
    if isinstance(layout, (str, bytes, Mapping)) or not isinstance(layout, (list, tuple)) or len(layout) != LEVELS:
        raise NotationError("option 'layout' is a list of three levels (first, second, third), each 25 tile codes",
                            "オプション「layout」は3つの階層(第1・第2・第3階層)のリストで、各階層は25枚のタイルです。")
    levels = []
    for number, text in enumerate(layout, start=1):
        cells, dragon = parse_board(text)
        if dragon is not None or any(c is None for c in cells):
            raise NotationError(f"level {number} of option 'layout' must have a tile on every cell and no dragon",
                                f"オプション「layout」の第{number}階層は、全マスにタイルを置き、ドラゴンの印は付けません。")
        if number < LEVELS and cells[CENTRE] != STAIR:
            raise NotationError(f"level {number} of option 'layout' must have the stair tile R1s in its centre",
                                f"オプション「layout」の第{number}階層の中央には階段タイル(R1s)を置きます。")
        levels.append(cells)
    if sorted(c for cells in levels for c in cells) != sorted(ALL_TILES):  # type: ignore[type-var]
        raise NotationError("option 'layout' must use each of the game's 75 tiles exactly once",
                            "オプション「layout」には、ゲームの75枚のタイルをちょうど1回ずつ使います。")
    return tuple(board_text(cells) for cells in levels)


#: The options of a game made without any (shared: options are immutable values).
_DEFAULT_OPTIONS = DragonKeeperOptions()


def check_players(players: object) -> int:
    """``players`` when it is a whole number from 2 to 4; otherwise :class:`NotationError`."""
    if type(players) is not int or not 2 <= players <= 4:
        raise NotationError(f"Dragon Keeper is for 2 to 4 players, not {excerpt(players)}",
                            "ドラゴンキーパーは2人から4人で遊びます。")
    return players


# -- the state -----------------------------------------------------------------------------------------
@register
class DragonKeeperState(PlaysOfferedMoves, GameState):
    """A position of a Dragon Keeper game (see the module docstring for the moves)."""

    name = "dragonkeeper"
    rule_sections = sections.ALL
    min_players = 2
    max_players = 4
    may_end_without_winner = True  # everybody short at once (ruling 16, everyone_short="out")

    players: int
    options: DragonKeeperOptions
    seed: int
    moves: tuple[str, ...]
    guilds: tuple[str, ...]  # each player's guild colour (hidden from the others until the end)
    boards: tuple[tuple[str | None, ...], ...]  # the three levels' cells, first level first
    level: int  # the level being played, 1 to 3
    dragon: int  # the dragon's cell on that level
    stacks: tuple[Stacks, ...]  # each player's stacks (public)
    treasure: tuple[int, ...]
    alive: tuple[bool, ...]  # False once eliminated
    turn: int  # the player to decide
    phase: str
    taken: str | None  # the tile whose action is on offer (or, at step 2, the tile taken at step 1)
    last_taker: int | None  # the player who took the last tile of this level so far
    level_ender: int | None  # on a level's first turn, whose turn ended the level before (ruling 1)
    stair: tuple[int, int] | None  # where this level's stair tile lies once taken: (player, place in red stack)
    starts: tuple[int, ...]  # the start player of each level begun
    results: tuple[dict[str, Any], ...]  # what happened at each level's end
    discarded: tuple[str, ...]  # secret passages and remote traps used
    end_stacks: tuple[str | None, ...]  # at the end, each player's stacks before the tribute
    tributes: tuple[str | None, ...]  # the colour given to the dragon ("" nothing; None not yet)
    guild_released: tuple[bool, ...]
    releases: tuple[tuple[tuple[str, str], ...], ...]  # (guild tile released, release colour used)
    release_done: tuple[bool, ...]

    # -- creation -------------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, options: Mapping[str, Any] | DragonKeeperOptions | None = None, seed: int = 0) -> Self:
        check_players(players)
        opts = DragonKeeperOptions.from_dict(options)
        if opts.guilds is not None and len(opts.guilds) != players:
            raise NotationError(f"option 'guilds' names {len(opts.guilds)} guilds for {players} players",
                                "オプション「guilds」の文字数がプレイヤーの人数と違います。")
        check_start_player(opts.start_player, players)
        s = object.__new__(cls)
        s.players, s.options, s.seed, s.moves = players, opts, check_seed(seed), ()
        if opts.layout is not None:
            s.boards = tuple(parse_board(text)[0] for text in opts.layout)
        else:
            tiles = [t for t in ALL_TILES if t != STAIR]
            seeded_rng(seed, "layout").shuffle(tiles)
            first, second, third = rulings.deal_levels(tiles)
            s.boards = (_with_stair(first), _with_stair(second), tuple(third))
        if opts.guilds is not None:
            s.guilds = tuple(opts.guilds)
        else:
            guilds = list(GUILD_COLOURS)
            seeded_rng(seed, "guilds").shuffle(guilds)
            s.guilds = tuple(guilds[:players])
        start = opts.start_player if opts.start_player is not None else seeded_rng(seed, "start").randrange(players)
        s.level, s.dragon = 1, CENTRE
        s.stacks = tuple(((),) * len(COLOURS) for _ in range(players))
        s.treasure = (TREASURE_AT_START,) * players
        s.alive = (True,) * players
        s.turn, s.phase, s.taken, s.last_taker, s.stair = start, "take", None, None, None
        s.level_ender = None
        s.starts, s.results, s.discarded = (start,), (), ()
        s.end_stacks = s.tributes = (None,) * players
        s.guild_released = s.release_done = (False,) * players
        s.releases = ((),) * players
        s._legal = None
        return s

    def _copy(self) -> Self:
        s = object.__new__(type(self))
        s.__dict__ = self.__dict__.copy()  # quicker than filling a new instance's dict
        s._legal = None
        return s

    def determinize(self, player: int, rng: random.Random) -> Self:
        """A sample of this position for ``player``: the other players' guilds drawn again from
        ``rng`` (different colours, none of them ``player``'s own guild); everything else is
        public and stays.  Once the guilds are revealed (the end scoring), the position itself.
        A guild given by the ``guilds`` option is sampled there too, so the sample's options
        do not tell the real guilds.

        >>> state = DragonKeeperState.new(4, seed=3)
        >>> samples = {state.determinize(0, random.Random(n)).guilds for n in range(40)}
        >>> {g[0] for g in samples} == {state.guilds[0]}, len(samples)
        (True, 6)
        """
        self.check_viewer(player, spectator=False)
        s = self._copy()
        s._legal = self._legal
        if not rulings.lower_levels_public(self.options.lower_levels) and self.level < LEVELS:
            # ruling 22, the boards as they lie: the tiles below, but for the stair tiles, dealt
            # again among the lower levels' places (a ``layout`` option is sampled there too)
            lower = [list(b) for b in self.boards[self.level:]]
            places = [(n, i) for n, cells in enumerate(lower) for i, c in enumerate(cells) if c and c != STAIR]
            tiles = [lower[n][i] for n, i in places]
            rng.shuffle(tiles)
            for (n, i), tile in zip(places, tiles):
                lower[n][i] = tile
            s.boards = self.boards[:self.level] + tuple(tuple(b) for b in lower)
            if self.options.layout is not None:
                s.options = replace(s.options, layout=self.options.layout[:self.level]
                                    + tuple(board_text(b) for b in s.boards[self.level:]))
        if self.guilds_revealed():
            return s
        own = self.guilds[player]
        unknown = [g for g in GUILD_COLOURS if g != own]
        rng.shuffle(unknown)
        others = iter(unknown)
        s.guilds = tuple(own if p == player else next(others) for p in range(self.players))
        if self.options.guilds is not None:
            s.options = replace(s.options, guilds="".join(s.guilds))
        return s

    # -- what the position shows ------------------------------------------------------------------
    @property
    def board(self) -> tuple[str | None, ...]:
        """The cells of the level being played."""
        return self.boards[self.level - 1]

    @property
    def dragon_cell(self) -> tuple[int, int]:
        return cell_of(self.dragon)

    def tiles_left(self) -> int:
        """Adventurer tiles left on the level being played."""
        return CELLS - self.board.count(None)

    def stacks_text(self, player: int) -> str:
        """A player's stacks in stacks notation (see :mod:`.tiles`)."""
        return stacks_text(self.stacks[player])

    def previous_player(self) -> int:
        """Who receives the gift of the player to move (rulings 1 and 9)."""
        return rulings.gift_receiver(self.turn, self.alive, self.level_ender, self.options.first_gift)

    def guilds_revealed(self) -> bool:
        """Guild tiles are secret until the end scoring begins."""
        return self.phase in ("tribute", "release", "over")

    # -- the rules ----------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == "over" else self.turn

    def is_over(self) -> bool:
        return self.phase == "over"

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def legal_moves(self) -> list[Move]:
        if self._legal is None:
            self._legal = self._generate()
        return list(self._legal)

    def _generate(self) -> list[Move]:
        """The legal moves, sorted (the cells of a row or column, and of the level, are
        listed in order already)."""
        phase, board = self.phase, self.boards[self.level - 1]
        if phase == "take":
            take = _CELL_MOVES["take"]
            return [take[i] for i in ROW[self.dragon] if board[i] is not None]
        if phase == "give":
            give = _CELL_MOVES["give"]
            return [give[i] for i in COLUMN[self.dragon] if board[i] is not None]
        if phase == "passage":
            passage = _CELL_MOVES["passage"]
            return [_PASS] + [passage[i] for i in ROW[self.dragon] if board[i] is not None]
        if phase in ("special", "chain"):
            if SPECIAL[self.taken] == "t":  # type: ignore[index]
                trap = _CELL_MOVES["trap"]
                return [_PASS] + [trap[i] for i in range(CELLS) if board[i] is not None]
            return sorted([_PASS] + [Move("exchange", player=p, colour=c) for p, c in self._exchange_targets()])
        if phase == "tribute":
            candidates, _ = scoring.tribute_options(self.stacks[self.turn], self.guilds[self.turn])
            return sorted([Move("tribute", colour=COLOURS[i]) for i in candidates])
        if phase == "release":
            return sorted([_PASS] + self._release_moves(self.turn))
        return []

    def _exchange_targets(self) -> list[tuple[int, str]]:
        return rulings.exchange_targets(self.turn, self.stacks, self.alive, self.options.eliminated_stacks)

    def _release_moves(self, player: int) -> list[Move]:
        stacks, guild = self.stacks[player], self.guilds[player]
        targets = sorted(set(stacks[COLOURS.index(guild)]))
        used = [c for _, c in self.releases[player]]
        return [Move("release", colour=c, tile=t) for c in scoring.usable_releases(stacks, used) for t in targets]

    def passed_over(self) -> str | None:
        """Right after step 1 took a tile whose action had nothing to act on, and so was passed
        over (ruling 14, :meth:`_offered`): why, in Japanese; else None."""
        tile = self.taken
        if self.phase != "give" or not tile or not self.moves or not self.moves[-1].startswith("take"):
            return None
        if tile not in _ACTS_WHEN_TAKEN or SPECIAL[tile] not in ("t", "x"):  # (a passage acts after step 2)
            return None
        if SPECIAL[tile] == "x":
            return "囚人の交換は、交換できるほかのプレイヤーの山札がないので使えません。"
        return "リモートトラップは、階層に取れるタイルが残っていないので使えません。"

    def _offered(self, tile: str) -> bool:
        """Whether the action of ``tile``, just taken, has something to act on now (ruling 14)."""
        special = SPECIAL[tile]
        if special == "t":
            return self.board.count(None) < CELLS  # a tile left anywhere on the level
        if special == "x":
            return bool(self._exchange_targets())
        return False

    def _apply(self, move: Any) -> Self:
        if not isinstance(move, Move):
            raise NotationError(f"not a Dragon Keeper move: {excerpt(move)}", "ドラゴンキーパーの手ではありません。")
        if self._legal is None:
            self._legal = self._generate()
        if move not in self._legal:
            raise self._why(move)
        return self._next(move)

    def _next(self, move: Move) -> Self:
        """The state after ``move``, a legal move."""
        s = self._copy()
        made = _MADE.get(id(move))
        if made is None:
            text, cell = move.text(), None if move.cell is None else cell_index(move.cell)
        else:
            text, cell = made
        s.moves = self.moves + (text,)
        kind = move.kind
        if kind == "take":
            s._take(cell)  # type: ignore[arg-type]
            if s.taken in _ACTS_WHEN_TAKEN and s._offered(s.taken):  # type: ignore[arg-type]
                s.phase = "special"
            else:
                s._to_step_two()
        elif kind == "give":
            s._give(cell)  # type: ignore[arg-type]
        elif kind == "passage":
            s._passage(cell)  # type: ignore[arg-type]
        elif kind == "trap":
            s._trap(cell)  # type: ignore[arg-type]
        elif kind == "exchange":
            s._exchange(move.player, move.colour)  # type: ignore[arg-type]
        elif kind == "tribute":
            s._tribute(s.turn, COLOURS.index(move.colour))  # type: ignore[arg-type]
            s._advance_end()
        elif kind == "release":
            s._release(s.turn, move.tile, move.colour)  # type: ignore[arg-type]
            if not s._release_moves(s.turn):
                s._finish_releases(s.turn)
            s._advance_end()
        else:  # pass
            s._pass()
        return s

    # -- a turn -------------------------------------------------------------------------------------------
    def _set_stacks(self, player: int, index: int, stack: tuple[str, ...]) -> None:
        stacks = self.stacks
        self.stacks = _replace(stacks, player, _replace(stacks[player], index, stack))

    def _receive(self, player: int, tile: str) -> None:
        """``tile`` goes on top of ``player``'s stack of its colour; this level's stair tile is followed."""
        index = COLOUR_INDEX[tile]
        stack = self.stacks[player][index]
        self._set_stacks(player, index, stack + (tile,))
        if tile == STAIR:
            self.stair = (player, len(stack))

    def _from_board(self, cell: int) -> str:
        boards, index = self.boards, self.level - 1
        tile = boards[index][cell]
        assert tile is not None
        self.boards = _replace(boards, index, _replace(boards[index], cell, None))
        return tile

    def _discard_top(self, player: int, tile: str) -> None:
        """The action tile just used leaves the player's stack (it is on top: it was just taken)."""
        index = COLOUR_INDEX[tile]
        stack = self.stacks[player][index]
        assert stack[-1] == tile
        self._set_stacks(player, index, stack[:-1])
        self.discarded = self.discarded + (tile,)

    def _take(self, cell: int) -> None:
        tile = self._from_board(cell)
        self._receive(self.turn, tile)
        self.dragon = cell
        self.last_taker = self.turn
        self.taken = tile

    def _to_step_two(self) -> None:
        if _any_tile(self.boards[self.level - 1], COLUMN[self.dragon]):
            self.phase = "give"
        else:
            self._end_level()

    def _give(self, cell: int) -> None:
        tile = self._from_board(cell)
        receiver = self.previous_player()
        self._receive(receiver, tile)
        bonus = _GIFT_TREASURE[tile]
        self.treasure = _replace(self.treasure, self.turn, self.treasure[self.turn] + bonus)
        self.dragon = cell
        row = ROW[rulings.passage_start(self.dragon)]
        if SPECIAL[self.taken] == "p" and _any_tile(self.boards[self.level - 1], row):  # type: ignore[index]
            self.phase = "passage"
        else:
            self._end_turn()

    def _passage(self, cell: int) -> None:
        self._discard_top(self.turn, self.taken)  # type: ignore[arg-type]
        self._take(cell)
        tile = self.taken
        assert tile is not None
        if rulings.passage_chains(tile, self.options.passage_chain) and self._offered(tile):
            self.phase = "chain"
        else:
            self._end_turn()

    def _after_action(self) -> None:
        """After a trap, an exchange or a pass at the offer after step 1 (or after a passage)."""
        if self.phase == "special":
            self._to_step_two()
        else:
            self._end_turn()

    def _trap(self, cell: int) -> None:
        self._discard_top(self.turn, self.taken)  # type: ignore[arg-type]
        tile = self._from_board(cell)
        self._receive(self.turn, tile)
        self.last_taker = self.turn
        if rulings.trap_moves_dragon():
            self.dragon = cell
        self._after_action()

    def _exchange(self, player: int, colour: str) -> None:
        tile = self.taken
        assert tile is not None
        index = COLOURS.index(colour)
        theirs = self.stacks[player][index]
        prisoner = theirs[-1]
        stair = self.stair
        stair_moves = prisoner == STAIR and stair == (player, len(theirs) - 1)
        self._set_stacks(player, index, theirs[:-1])
        mine = self.stacks[self.turn][COLOUR_INDEX[tile]]
        assert mine[-1] == tile
        self._set_stacks(self.turn, COLOUR_INDEX[tile], mine[:-1])
        self._receive(player, tile)
        self._receive(self.turn, prisoner)
        if not stair_moves:
            self.stair = stair  # a red 1 from an earlier level is no stair of this one
        self._after_action()

    def _pass(self) -> None:
        if self.phase in ("special", "chain"):
            self._after_action()
        elif self.phase == "passage":
            self._end_turn()
        else:  # release
            self._finish_releases(self.turn)
            self._advance_end()

    def _end_turn(self) -> None:
        mover = self.turn
        self.level_ender = None
        self.turn = rulings.next_player(self.turn, self.alive)
        self.taken = None
        if _any_tile(self.boards[self.level - 1], ROW[self.dragon]):
            self.phase = "take"
        else:
            self._end_level(mover)  # (the next player finds the row empty: the last to play was the mover)

    # -- levels --------------------------------------------------------------------------------------------
    def _end_level(self, mover: int | None = None) -> None:
        """The level ends: on the turn of the player to move (``mover`` None), or as the next
        player finds the dragon's row empty after ``mover``'s turn."""
        left = self.tiles_left()
        pay = rulings.payment(left)
        last = self.last_taker
        assert last is not None
        owed = [(pay + (rulings.LAST_TAKER_EXTRA if p == last else 0)) * self.alive[p] for p in range(self.players)]
        before = self.alive
        treasure, alive = rulings.pay_treasure(self.treasure, owed, self.alive, self.options.everyone_short)
        self.treasure, self.alive = tuple(treasure), tuple(alive)
        holder = self.stair[0] if self.stair is not None else None
        result: dict[str, Any] = {
            "level": self.level, "left": left, "payment": pay, "last_taker": last, "owed": owed,
            "eliminated": [p for p in range(self.players) if before[p] and not alive[p]],
            "stair_holder": holder,
        }
        self.taken, self.stair = None, None
        if self.level == LEVELS or rulings.game_over_early(self.alive):
            self.results = self.results + (result,)
            self._begin_end()
            return
        start = rulings.next_level_start(holder, last, self.alive, self.turn, self.options.next_start)
        result["next_start"] = start
        self.results = self.results + (result,)
        self.level += 1
        self.dragon = CENTRE
        self.last_taker = None
        self.level_ender = self.turn if mover is None else mover  # (ruling 1: who played just before)
        self.turn = start
        self.starts = self.starts + (start,)
        self.phase = "take"

    # -- the end -----------------------------------------------------------------------------------------------
    def _begin_end(self) -> None:
        self.end_stacks = tuple(stacks_text(s) if a else None for s, a in zip(self.stacks, self.alive))
        self._advance_end()

    def _advance_end(self) -> None:
        order = rulings.end_order(self.alive)
        for p in order:
            if self.tributes[p] is not None:
                continue
            candidates, _ = scoring.tribute_options(self.stacks[p], self.guilds[p])
            if len(candidates) > 1 and self.options.tribute_choice == "player":
                self.phase, self.turn = "tribute", p
                return
            if len(candidates) > 1:
                given = scoring.best_end(self.stacks[p], self.guilds[p], self.options.release_discarded)[1]
            else:
                given = candidates[0] if candidates else None
            self._tribute(p, given)
        for p in order:
            if self.release_done[p]:
                continue
            if self._release_moves(p):
                if self.options.releases == "player":
                    self.phase, self.turn = "release", p
                    return
                _, plan = scoring.settle_releases(self.stacks[p], self.guilds[p], self.options.release_discarded,
                                                  [c for _, c in self.releases[p]])
                for tile, colour in plan:
                    self._release(p, tile, colour)
            self._finish_releases(p)
        self.phase = "over"

    def _tribute(self, player: int, given: int | None) -> None:
        guild = self.guilds[player]
        _, released = scoring.tribute_options(self.stacks[player], guild)
        self.stacks = _replace(self.stacks, player, scoring.apply_tribute(self.stacks[player], given, released, guild))
        self.tributes = _replace(self.tributes, player, "" if given is None else COLOURS[given])
        self.guild_released = _replace(self.guild_released, player, released)

    def _release(self, player: int, tile: str, colour: str) -> None:
        after = scoring.apply_release(self.stacks[player], tile, colour, self.guilds[player],
                                      self.options.release_discarded)
        self.stacks = _replace(self.stacks, player, after)
        self.releases = _replace(self.releases, player, self.releases[player] + ((tile, colour),))

    def _finish_releases(self, player: int) -> None:
        self.release_done = _replace(self.release_done, player, True)

    # -- why a move is refused ------------------------------------------------------------------------------------
    def _why(self, move: Move) -> IllegalMoveError:
        """The reason ``move`` (well formed, not legal now) is refused."""
        phase, kind = self.phase, move.kind
        if phase == "over":
            return IllegalMoveError(sections.END, "ゲームはすでに終わっています。", "The game is already over.")
        allowed = {"take": ("take",), "give": ("give",), "passage": ("passage", "pass"),
                   "special": ("pass", "trap" if SPECIAL.get(self.taken or "") == "t" else "exchange"),
                   "chain": ("pass", "trap" if SPECIAL.get(self.taken or "") == "t" else "exchange"),
                   "tribute": ("tribute",), "release": ("release", "pass")}[phase]
        if kind not in allowed:
            section = {"take": sections.TURN, "give": sections.TURN, "tribute": sections.END,
                       "release": sections.END}.get(phase, sections.SPECIALS)
            if phase in ("special", "chain") and {kind, allowed[1]} == {"trap", "exchange"}:
                # (the other action's target: a tile of the level for an exchange, a stack for a trap)
                if allowed[1] == "exchange":
                    return IllegalMoveError(
                        sections.SPECIALS, "囚人の交換で取れるのは、ほかの人の山札のいちばん上のタイルです(階層のタイルは取れません)。",
                        "A prisoner exchange takes the top tile of another player's stack, not a tile of the level.")
                return IllegalMoveError(
                    sections.SPECIALS, "リモートトラップで取れるのは、階層に残っているタイルです(人の山札からは取れません)。",
                    "A remote trap takes a tile left on the level, not one from a player's stack.")
            if kind in ("trap", "exchange", "passage") and phase in ("take", "give", "special", "chain", "passage"):
                section = sections.SPECIALS
                name = {"trap": "リモートトラップ", "exchange": "囚人の交換", "passage": "秘密の通路"}[kind]
                # (when each may be used: a reviewer found 「…のものだけを、決まったときに使えます」
                # hard to read, and it never said the moment)
                when = ("手順1で秘密の通路のタイルを取った人が、手順2でタイルを渡した直後" if kind == "passage"
                        else f"手順1(または秘密の通路)で{name}のタイルを取った直後")
                when_en = ("right after step 2, by the player who took a secret passage tile at step 1" if kind == "passage"
                           else f"right after taking a {kind} tile at step 1 (or by a secret passage)")
                return IllegalMoveError(
                    section,
                    f"今は{name}を使えません。{name}を使えるのは、{when}だけです(今は{PHASE_JA[phase]}です)。",
                    f"No {kind} now: it is used only {when_en} (now is {PHASE_EN[phase]}).",
                )
            return IllegalMoveError(section, f"今は{PHASE_JA[phase]}です。", f"Now is {PHASE_EN[phase]}.")
        if move.cell is not None:
            r, c = move.cell
            if not (0 <= r < SIZE and 0 <= c < SIZE):
                return IllegalMoveError(sections.PLAY, f"{r},{c}というマスはありません(手の表記では行も列も0から4までで、盤面の1から5にあたります)。",
                                        f"There is no cell {r},{c} (rows and columns are 0 to 4).")
            cell = cell_index(move.cell)
            section = sections.TURN if kind in ("take", "give") else sections.SPECIALS
            if kind in ("take", "passage") and cell not in ROW[self.dragon]:
                return IllegalMoveError(section, "ドラゴンは「1」の矢印に沿って、今いる行のタイルにしか動けません。",
                                        "The dragon moves along arrow 1: only to a tile of the row where it stands.")
            if kind == "give" and cell not in COLUMN[self.dragon]:
                return IllegalMoveError(section, "ドラゴンは「2」の矢印に沿って、今いる列のタイルにしか動けません。",
                                        "The dragon moves along arrow 2: only to a tile of the column where it stands.")
            return IllegalMoveError(section, f"{r + 1}行{c + 1}列にはタイルが残っていません。", f"No tile is left on cell {r},{c}.")
        if kind == "exchange":
            p = move.player
            if p is None or not 0 <= p < self.players:
                return IllegalMoveError(sections.SPECIALS, f"プレイヤー{p + 1}はいません。", f"There is no player {p}.")
            if p == self.turn:
                return IllegalMoveError(sections.SPECIALS, "囚人の交換の相手は他のプレイヤーです。",
                                        "The prisoner exchange is made with another player.")
            if not self.alive[p] and self.options.eliminated_stacks == "out":
                return IllegalMoveError(sections.LEVELS, f"プレイヤー{p + 1}はゲームから除外されています。",
                                        f"Player {p} has been eliminated from the game.")
            return IllegalMoveError(sections.SPECIALS,
                                    f"プレイヤー{p + 1}は{NAME_JA[move.colour]}の山札を持っていません。",  # type: ignore[index]
                                    f"Player {p} has no {NAME_EN[move.colour]} stack.")  # type: ignore[index]
        if kind == "tribute":
            tied = sorted((m.colour or "" for m in self.legal_moves()), key=COLOURS.index)
            names_ja, names_en = "・".join(NAME_JA[c] for c in tied), ", ".join(NAME_EN[c] for c in tied)
            _, guild_released = scoring.tribute_options(self.stacks[self.turn], self.guilds[self.turn])
            if guild_released:
                guild = self.guilds[self.turn]
                return IllegalMoveError(
                    sections.END, f"最も多いのが自分のギルドの色({NAME_JA[guild]})の山札なので、貢物はそれを除いて"
                                  f"最も多い山札({names_ja})のどれかです。",
                    f"Your guild colour ({NAME_EN[guild]}) is among the largest stacks, so the tribute is one of "
                    f"the largest other stacks: {names_en}.")
            return IllegalMoveError(sections.END, f"貢物にできるのは、枚数が同じで最も多い山札({names_ja})のどれかです。",
                                    f"The tribute is one of the tied largest stacks: {names_en}.")
        if kind == "release":
            p, guild, colour = self.turn, self.guilds[self.turn], move.colour or ""
            used = [c for _, c in self.releases[p]]
            if colour not in scoring.usable_releases(self.stacks[p], used):
                return IllegalMoveError(sections.SPECIALS,
                                        f"使える{NAME_JA[colour]}の解放タイルを持っていません"
                                        "(貢物にした山札のものや、使ったものは使えません)。",
                                        f"You hold no unused {NAME_EN[colour]} release tile "
                                        "(those given to the dragon, or used, do not act).")
            return IllegalMoveError(sections.SPECIALS,
                                    f"解放で捨てられるのは自分のギルドの色({NAME_JA[guild]})のタイルで、"
                                    f"{tile_words(move.tile or '')}は残っていません。",
                                    f"A release discards a tile of your guild colour ({NAME_EN[guild]}); "
                                    f"you have no {move.tile} left there.")
        return IllegalMoveError(sections.PLAY, "この手は指せません。", "This move cannot be played now.")

    # -- scores -----------------------------------------------------------------------------------------------------
    def tile_score(self, player: int) -> int:
        """``player``'s tile score: final once their end is settled, otherwise the best they can
        still reach from their stacks as they stand (tribute and releases chosen for it)."""
        stacks, guild = self.stacks[player], self.guilds[player]
        discarded = self.options.release_discarded
        if self.release_done[player]:
            return scoring.tile_total(stacks, guild)
        if self.tributes[player] is not None:
            after, _ = scoring.settle_releases(stacks, guild, discarded, [c for _, c in self.releases[player]])
            return scoring.tile_total(after, guild)
        return scoring.best_end(stacks, guild, discarded)[0]

    def scores(self) -> list[int]:
        """Tile score plus the most-treasure bonus; 0 for an eliminated player (no part in scoring)."""
        bonus = rulings.treasure_bonus(self.treasure, self.alive)
        return [self.tile_score(p) + bonus[p] if self.alive[p] else 0 for p in range(self.players)]

    def winners(self) -> list[int]:
        """The highest score among the players still in the game; equal scores share the win (no
        tie-break, as the text says)."""
        if not self.is_over():
            return []
        scores = self.scores()
        alive = [p for p in range(self.players) if self.alive[p]]
        return [alive[i] for i in best_of([scores[p] for p in alive])]

    def final_scores_from_position(self) -> list[int]:
        """Scores worked out again from the final stacks' text, the guilds and the treasure."""
        from .tiles import parse_stacks

        in_game = [t for t, a in zip(self.treasure, self.alive) if a]
        out = []
        for p in range(self.players):
            if not self.alive[p]:
                out.append(0)
                continue
            stacks = parse_stacks(self.stacks_text(p))
            total = sum(VALUE[c] * (-1 if COLOURS[i] == self.guilds[p] else 1) for i, s in enumerate(stacks) for c in s)
            out.append(total + (2 if self.treasure[p] == max(in_game) else 0))
        return out

    @classmethod
    def max_game_length(cls, players: int, options: Mapping[str, Any] | None = None) -> int:
        """Each level: at most 25 moves that take a tile off it, and per turn (at most 25) three
        more (an action used or passed after step 1, at the passage, and chained); then one
        tribute and at most four releases and a pass per player."""
        check_players(players)
        return LEVELS * (CELLS + 3 * CELLS) + players * (1 + 4 + 1)

    @classmethod
    def sample_configurations(cls) -> list[tuple[int, dict[str, Any]]]:
        return [
            (2, {}),
            (3, {}),
            (4, {}),
            (2, {"tribute_choice": "best", "releases": "player"}),
            (3, {"releases": "player", "release_discarded": True, "passage_chain": False}),
            (4, {"eliminated_stacks": "kept", "tribute_choice": "best", "release_discarded": True}),
            (4, {"releases": "player", "eliminated_stacks": "kept"}),
            (2, {"everyone_short": "stay"}),
            (3, {"next_start": "active"}),
            (3, {"first_gift": "last"}),
            (4, {"first_gift": "last", "next_start": "active"}),
        ]

    def random_move(self, rng: Any) -> Move:
        if self._legal is None:
            self.legal_moves()
        if self._legal and rng.random() < 0.3:
            return rng.choice(self._legal)  # type: ignore[no-any-return]
        kind = rng.choice(MOVE_KINDS)
        if kind in ("take", "give", "trap", "passage"):
            return Move(kind, (rng.randrange(SIZE + 1), rng.randrange(SIZE + 1)))
        if kind == "exchange":
            return Move(kind, player=rng.randrange(5), colour=rng.choice(COLOURS))
        if kind == "tribute":
            return Move(kind, colour=rng.choice(COLOURS))
        if kind == "release":
            return Move(kind, colour=rng.choice(GUILD_COLOURS), tile=rng.choice(sorted(VALUE)))
        return Move("pass")

    # -- views and saving ---------------------------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "boards": [list(b) for b in self.boards],
            "dragon": list(self.dragon_cell),
            "stacks": [stacks_text(s) for s in self.stacks],
            "treasure": list(self.treasure),
            "alive": list(self.alive),
            "guilds": list(self.guilds),
            "turn": self.turn,
            "phase": self.phase,
            "taken": self.taken,
            "last_taker": self.last_taker,
            "level_ender": self.level_ender,
            "stair": list(self.stair) if self.stair is not None else None,
            "starts": list(self.starts),
            "results": [dict(r) for r in self.results],
            "discarded": list(self.discarded),
            "end_stacks": list(self.end_stacks),
            "tributes": list(self.tributes),
            "guild_released": list(self.guild_released),
            "releases": [[list(u) for u in r] for r in self.releases],
            "release_done": list(self.release_done),
        }

    def view(self, player: int | None) -> dict[str, Any]:
        """Everything is public (the three levels' tiles lie face up, stacks are open) except
        the guilds: a player sees only their own until the end scoring begins; and, with the
        option ``lower_levels="hidden"``, the levels still to come."""
        self.check_viewer(player)
        data = self.snapshot()
        if not rulings.lower_levels_public(self.options.lower_levels):  # ruling 22: only the level in play
            data["boards"] = [b if i == self.level - 1 else None for i, b in enumerate(data["boards"])]
        if not self.guilds_revealed():
            data["guilds"] = [g if p == player else None for p, g in enumerate(self.guilds)]
        data["viewer"] = player
        data["current_player"] = self.current_player
        if self.is_over():
            data["scores"] = self.scores()
        return data

    def to_text(self, viewer: int | None = None, reveal: bool = False) -> str:
        """The position as text: who is to do what, the level being played (see
        :func:`board_text`), then each player's guild (``?`` when hidden from ``viewer``, unless
        ``reveal``), treasure and stacks.

        >>> print(DragonKeeperState.new(2, seed=1).to_text(viewer=0))  # doctest: +NORMALIZE_WHITESPACE
        level 1, player 0: take
        Y1   R5   Y4t  G1   P4
        P1   P2   B5   G1   R2
        P4t  R3   R1s* R3   R5
        B1p  G2   P3   Y4   R4
        R3   B3   B4t  B3x  B2
        player 0: guild P, treasure 4, stacks -
        player 1: guild ?, treasure 4, stacks -
        """
        if self.is_over():
            head = "game over, winners " + ", ".join(map(str, self.winners()))
        else:
            head = f"level {self.level}, player {self.turn}: {self.phase}"
        lines = [head]
        if not self.is_over():
            lines.append(board_text(self.board, self.dragon))
        shown = reveal or self.guilds_revealed()
        for p in range(self.players):
            guild = self.guilds[p] if shown or p == viewer else "?"
            out = "" if self.alive[p] else " (eliminated)"
            lines.append(f"player {p}: guild {guild}, treasure {self.treasure[p]}{out}, "
                         f"stacks {self.stacks_text(p) or '-'}")
        return "\n".join(lines)

    def evaluate(self, move: Any, player: int) -> float:
        """A quick value of ``move`` for ``player`` from what ``player`` may see (their own guild
        and the public position): their tile score as it would stand at the end (tribute and
        releases included) plus 0.6 a treasure token, minus half of what a gift is likely
        worth to its receiver (a red tile its value; another colour a third of it, since it is
        the receiver's guild colour one time in three, unless it is ``player``'s own guild)."""
        after = self.play(move)
        if not after.alive[player]:
            return -100.0
        if after.guilds_revealed():
            return float(after.scores()[player])
        value = after.tile_score(player) + 0.6 * after.treasure[player]
        if move.kind == "give":
            tile = self.board[cell_index(move.cell)]
            assert tile is not None
            worth = VALUE[tile] if tile[0] in ("R", self.guilds[player]) else VALUE[tile] / 3
            value -= worth / 2
        return float(value)


def _any_tile(board: tuple[str | None, ...], cells: Sequence[int]) -> bool:
    """Whether a tile is left on any of ``cells``."""
    for i in cells:
        if board[i] is not None:
            return True
    return False


#: The moves naming a cell, one per cell index, made once (moves are immutable values).
_CELL_MOVES = {kind: tuple(Move(kind, cell_of(i)) for i in range(CELLS)) for kind in ("take", "give", "trap", "passage")}
_PASS = Move("pass")
#: The text and the cell index of each move made once above, by the move's identity (these
#: moves live as long as the module, so their identities stay theirs).
_MADE = {id(m): (m.text(), cell_index(m.cell)) for moves in _CELL_MOVES.values() for m in moves}
_MADE[id(_PASS)] = (_PASS.text(), None)
#: The tiles whose action may act as soon as they are taken at step 1 (ruling 14 then asks
#: whether it has something to act on).
_ACTS_WHEN_TAKEN = frozenset(t for t in SPECIAL if rulings.acts("take", SPECIAL[t]))
#: Treasure earned by giving each tile (ruling 18).
_GIFT_TREASURE = {t: rulings.gift_treasure(VALUE[t]) for t in VALUE}


def _with_stair(tiles: Sequence[str]) -> tuple[str | None, ...]:
    """A level of 24 tiles with the stair tile in its centre."""
    return tuple(tiles[:CENTRE]) + (STAIR,) + tuple(tiles[CENTRE:])


def _replace(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``items`` with ``value`` at ``index`` (through a list: quicker than joining slices)."""
    out = list(items)
    out[index] = value
    return tuple(out)
