"""Computer players that work for every game through the shared protocol: random, greedy, and
a search player (information-set Monte-Carlo tree search) that never reads what it could not
see at the table."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from .core import GameError, GameState, seeded_rng


class RandomPlayer:
    """Plays a uniformly random legal move, from its own seed."""

    label = "ランダム"

    def __init__(self, seed: int = 0) -> None:
        self._rng = seeded_rng(seed, "random-player")

    def choose(self, state: GameState) -> Any:
        return self._rng.choice(state.legal_moves())


class GreedyPlayer:
    """Plays the move :meth:`value` rates highest (by default the game's own
    :meth:`GameState.evaluate`); ties are broken by its own seed.  Subclasses change only
    :meth:`value`."""

    label = "欲張り"
    seed_label = "greedy-player"

    def __init__(self, seed: int = 0) -> None:
        self._rng = seeded_rng(seed, self.seed_label)

    def value(self, state: Any, move: Any, player: int) -> float:
        return state.evaluate(move, player)

    def choose(self, state: GameState) -> Any:
        player = state.current_player
        if player is None:
            raise GameError("the game is over; nobody is to move")
        best: list[Any] = []
        best_value = float("-inf")
        for move in state.legal_moves():
            value = self.value(state, move, player)
            if value > best_value + 1e-9:
                best, best_value = [move], value
            elif abs(value - best_value) <= 1e-9:
                best.append(move)
        return self._rng.choice(best)


class _Node:
    """A node of the search tree: the move that led here and who made it, with its statistics."""

    __slots__ = ("move", "player", "children", "visits", "total", "available")

    def __init__(self, move: Any = None, player: int | None = None) -> None:
        self.move, self.player = move, player
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 1


def rewards(state: GameState) -> list[float]:
    """What a finished (or cut-off) playout is worth to each player, between 0 and 1: mostly the
    share of the win (a shared win is split), plus a little for the score, so that among lost
    or won playouts the better score still counts.  "Better" is the game's own sense
    (:meth:`GameState.standings`): in Dominimum and misère Dominup the lower score is better,
    and The Tree goes by the finishing order."""
    scores = state.standings()
    players = len(scores)
    if state.is_over():
        winners = state.winners()
    else:
        best = max(scores)
        winners = [p for p in range(players) if scores[p] == best]
    low, high = min(scores), max(scores)
    out = []
    for p in range(players):
        win = 1.0 / len(winners) if p in winners else 0.0
        share = (scores[p] - low) / (high - low) if high > low else 0.5
        out.append(0.8 * win + 0.2 * share)
    return out


class SearchPlayer:
    """Information-set Monte-Carlo tree search (single-observer ISMCTS: Cowling, Powley and
    Whitehouse, 2012) over the shared protocol.

    Each iteration draws a sample of the position from what the player can see
    (:meth:`GameState.determinize`: deck orders, other hands, secret colours, dice to come are
    guessed again), walks the one shared tree choosing among the moves legal in that sample by
    UCB (counting how often each move was available), adds one move (unless the tree already
    reaches the game's :attr:`~gamelib.core.GameState.search_depth`), plays the sample out with
    the game's cheap rollout policy (:meth:`GameState.rollout_move`, random unless the game
    knows better), and credits every move on the way with what the playout was worth to the
    player who made it (:func:`rewards`).  The move tried most often is played, unless the game
    names a default move (:meth:`GameState.search_default`): that one is kept unless another's
    mean reward beats it by :attr:`margin` standard errors.

    Anytime: it stops after ``seconds`` of thinking, or after exactly ``iterations`` iterations
    when given, and then, with the same seed, it always chooses the same moves.  The seconds
    are read from ``clock``: the wall clock by default (what a person at the board waits), or
    e.g. :func:`time.process_time`, the process's own CPU time, so that a busy machine does not
    make it weaker (the arena's choice).  It never looks
    at the hidden parts of the real position: only at samples.

    >>> from gamelib import new_game
    >>> state = new_game("tree", 2, {}, 3)
    >>> SearchPlayer(seed=1, iterations=30).choose(state) in state.legal_moves()
    True
    """

    label = "探索"

    def __init__(self, seed: int = 0, seconds: float = 1.0, iterations: int | None = None,
                 exploration: float = 0.7, rollout_limit: int | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if iterations is None and not seconds > 0:
            raise ValueError("seconds must be positive")
        self._rng = seeded_rng(seed, "search-player")
        self.seconds, self.iterations = seconds, iterations
        self.clock = clock
        self.exploration = exploration
        #: Moves of a playout before it is cut off and judged by the scores (None: to the end).
        self.rollout_limit = rollout_limit
        #: Iterations of the last choice (for benchmarks and the arena).
        self.last_iterations = 0
        #: How many moves deep the last choice's tree grew.
        self.last_depth = 0

    def choose(self, state: GameState) -> Any:
        player = state.current_player
        if player is None:
            raise GameError("the game is over; nobody is to move")
        legal = state.legal_moves()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        rng = self._rng
        root = _Node()
        self.last_depth = 0
        clock = self.clock
        deadline = clock() + self.seconds
        done = 0
        while (done < self.iterations) if self.iterations is not None else (
                done == 0 or clock() < deadline):
            self._iterate(root, state.determinize(player, rng), rng)
            done += 1
        self.last_iterations = done
        legal_set = set(legal)
        best = max((child for move, child in root.children.items() if move in legal_set),
                   key=lambda child: (child.visits, child.total))
        default = state.search_default()
        if default is not None and default in legal_set:
            tried = root.children.get(default)
            if tried is None or not tried.visits or not self._better(best, tried):
                return default  # (no playout yet, or none that shows another move clearly better)
        return best.move

    #: How many standard errors a move's mean reward must exceed the game's default move's
    #: (:meth:`GameState.search_default`) by to be played instead (rewards lie in 0..1, so their
    #: spread is at most ½).
    margin = 1.0

    def _better(self, child: _Node, default: _Node) -> bool:
        spread = 0.25 * (1 / child.visits + 1 / default.visits)
        return child.total / child.visits - default.total / default.visits > self.margin * math.sqrt(spread)

    def _iterate(self, root: _Node, sample: GameState, rng: Any) -> None:
        node = root
        path: list[_Node] = []
        c = self.exploration
        depth = type(sample).search_depth or 1_000_000
        while len(path) < depth and not sample.is_over():
            moves = sample.search_moves()
            mover = sample.current_player
            children = node.children
            untried = []
            present = []
            for move in moves:
                child = children.get(move)
                if child is None:
                    untried.append(move)
                else:
                    child.available += 1
                    present.append(child)
            if untried:
                move = rng.choice(untried)
                child = children[move] = _Node(move, mover)
                path.append(child)
                sample = sample.apply_legal(move)
                break
            best, best_value = present[0], -1.0
            for child in present:
                # UCB with availability: how often the move could have been chosen, not the parent's visits
                value = child.total / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
                if value > best_value:
                    best, best_value = child, value
            path.append(best)
            node = best
            sample = sample.apply_legal(best.move)
        if len(path) > self.last_depth:
            self.last_depth = len(path)
        sample = self._rollout(sample, rng)
        worth = rewards(sample)
        for child in path:
            child.visits += 1
            child.total += worth[child.player]  # type: ignore[index]

    def _rollout(self, state: GameState, rng: Any) -> GameState:
        steps = 0
        limit = self.rollout_limit
        while not state.is_over() and (limit is None or steps < limit):
            state = state.apply_legal(state.rollout_move(rng))
            steps += 1
        return state


def search_player(seconds: float) -> Callable[[int], SearchPlayer]:
    """A factory of search players that think ``seconds`` a move (for the boards' seat menus)."""
    def make(seed: int) -> SearchPlayer:
        return SearchPlayer(seed=seed, seconds=seconds)
    return make


#: The search player's strengths on the boards: seat kind → (seconds a move).
SEARCH_STRENGTHS: dict[str, float] = {"search-weak": 0.2, "search": 1.0, "search-strong": 3.0}

PLAYER_KINDS: dict[str, type[RandomPlayer] | type[GreedyPlayer] | type[SearchPlayer]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "search": SearchPlayer,
}


def play_out(state: GameState, players: list[Any]) -> GameState:
    """Let computer players finish the game from ``state``."""
    while not state.is_over():
        who = state.current_player
        if who is None:
            raise GameError("a game that is not over must have a player to move")
        state = state.play(players[who].choose(state))
    return state
