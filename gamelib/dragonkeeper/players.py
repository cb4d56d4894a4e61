"""A Dragon Keeper computer player that avoids its guild colour without giving it away.

Like every computer player it decides from what its seat may see: the public position (the
levels' tiles, every stack, the treasure, the moves played) and its own guild.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..players import GreedyPlayer
from .game import DragonKeeperState, Move, cell_index
from .tiles import COLOURS, GUILD_COLOURS, VALUE


def taken_tile(state: DragonKeeperState, move: Move) -> str | None:
    """The tile ``move`` makes its player take by their own choice (step 1, a secret passage, a
    remote trap, or the prisoner won by an exchange); None for any other move."""
    if move.kind in ("take", "passage", "trap"):
        return state.board[cell_index(move.cell)]  # type: ignore[arg-type]
    if move.kind == "exchange":
        return state.stacks[move.player][COLOURS.index(move.colour)][-1]  # type: ignore[index,arg-type]
    return None


def chosen_colours(state: DragonKeeperState, player: int, since: tuple[DragonKeeperState, Counter[str]] | None = None
                   ) -> Counter[str]:
    """How many tiles of each colour ``player`` took by their own choice so far: what a
    spectator who watched the game knows (the moves and the tiles are public).

    ``since`` is an earlier position of the same game and its count, to go on from there."""
    start, counts = since if since is not None else (DragonKeeperState.new(state.players, state.options, state.seed),
                                                     Counter())
    counts = Counter(counts)
    replay = start
    for text in state.moves[len(start.moves):]:
        move = replay.parse_move(text)
        if replay.current_player == player:
            tile = taken_tile(replay, move)
            if tile is not None:
                counts[tile[0]] += 1
        replay = replay.play(move)
    return counts


def spectator_guess(state: DragonKeeperState, player: int) -> list[str]:
    """What a spectator who watched the whole game guesses as ``player``'s guild: the colours
    (blue, yellow, green, purple) the player chose least often — all of them when tied.  Used
    to measure how well a player hides (``benchmarks/dragonkeeper_engine.py``)."""
    counts = chosen_colours(state, player)
    least = min(counts[c] for c in GUILD_COLOURS)
    return [c for c in GUILD_COLOURS if counts[c] == least]


class HintPlayer(GreedyPlayer):
    """The board's hint: the greedy player's value (:meth:`.DragonKeeperState.evaluate`), and
    among moves worth the same, a tile taken that is not of the player's guild colour, the
    higher the better; a tile of the guild colour last.  (Early in a level the value of the end
    often rates a tile of the guild colour level with another, the tribute or a release being
    likely to take either away; a hint for a newcomer should not advise taking one.)

    >>> from gamelib.dragonkeeper import DragonKeeperState
    >>> state = DragonKeeperState.new(3, {"guilds": "BYG"}, seed=2)
    >>> move = HintPlayer(1).choose(state)
    >>> taken_tile(state, move)[0] != "B"
    True
    """

    label = "ヒント"
    seed_label = "hint-player"
    #: Far below the smallest step of the value (a sixth of a point), so it only breaks ties.
    TIE = 1e-3

    def value(self, state: Any, move: Any, player: int) -> float:
        tile = taken_tile(state, move)
        extra = 0.0 if tile is None else -self.TIE if tile[0] == state.guilds[player] else self.TIE * VALUE[tile] / 6
        return state.evaluate(move, player) + extra


class HidingPlayer(GreedyPlayer):
    """Plays like the greedy player, but keeps its guild colour from standing out.

    It values a move by :meth:`.DragonKeeperState.evaluate` (its own score as it would stand at
    the end, treasure, what a gift gives away), minus a penalty when, after the move, its guild
    colour would be the one colour it has chosen least often (a spectator's best guess): the
    penalty grows with the lead of the next least chosen colour.  So it takes a tile of its
    guild colour now and then, when it costs little — a tile it will give to the dragon anyway,
    or one that makes the guild stack the largest, which the tribute then releases.
    """

    #: the penalty, per tile of lead, for letting the guild colour trail the others
    SHOW_PENALTY = 2.0

    label = "隠れ上手"
    seed_label = "hiding-player"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._seen: tuple[DragonKeeperState, Counter[str]] | None = None
        self._now: Counter[str] | None = None

    def _counts(self, state: DragonKeeperState, player: int) -> Counter[str]:
        since = self._seen
        if since is not None and (since[0].seed != state.seed or since[0].options != state.options
                                  or state.moves[:len(since[0].moves)] != since[0].moves):
            since = None
        counts = chosen_colours(state, player, since)
        self._seen = (state, counts)
        return counts

    def choose(self, state: DragonKeeperState) -> Any:  # type: ignore[override]
        player = state.current_player
        self._now = self._counts(state, player) if player is not None and not state.guilds_revealed() else None
        return super().choose(state)

    def value(self, state: DragonKeeperState, move: Any, player: int) -> float:
        base = state.evaluate(move, player)
        if self._now is None:
            return base
        counts = Counter(self._now)
        tile = taken_tile(state, move)
        if tile is not None:
            counts[tile[0]] += 1
        guild = state.guilds[player]
        others = min(counts[c] for c in GUILD_COLOURS if c != guild)
        return base - self.SHOW_PENALTY * max(0, others - counts[guild])
