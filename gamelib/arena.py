"""Seeded matches between computer players, for any game and settings.

    python -m gamelib.arena kingdomino --players 4 --seats search,greedy,greedy,greedy --games 200
    python -m gamelib.arena tree --players 2 --seats search:0.2,greedy --games 50 --jobs 2

A seat is ``random``, ``greedy`` (the game's own greedy player when it has one), ``search``
(:class:`~gamelib.players.SearchPlayer`; ``search:0.5`` thinks 0.5 s a move, ``search@300``
runs exactly 300 iterations), or one of the game's own players (``hiding``, ``planner``).
A search seat's seconds, and the table's time per move, are CPU seconds of the process that
plays the game (:func:`time.process_time`): other work on a busy machine neither weakens the
search player nor slows the figures.
With ``--rotate`` (the default) the seats turn round from game to game, so every entrant sits
everywhere as often.  Games run in parallel on the machine's cores through any
``concurrent.futures`` executor (:func:`run_match` takes one, so a Dask or Ray cluster's
executor can run a large tournament); the same arguments always give the same games, whatever
the executor, when every search player has an iteration budget.

The table gives, per entrant: the wins (a shared win counts as a share: half of a two-way
tie), the mean score and the mean time per move.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import importlib
import json
import os
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .core import GameError
from .players import GreedyPlayer, RandomPlayer, SearchPlayer
from .registry import get_game

#: Players of a game's own package (``gamelib.<game>.players``) the arena knows by name.
OWN_PLAYERS = {"HidingPlayer": "hiding", "PlannerPlayer": "planner", "GreedyPlayer": "greedy"}


def player_kinds(game: str) -> dict[str, Any]:
    """Seat kind → player class for ``game``: the shared ones, then the game's own."""
    kinds: dict[str, Any] = {"random": RandomPlayer, "greedy": GreedyPlayer, "search": SearchPlayer}
    package = get_game(game).__module__.rsplit(".", 1)[0]
    try:
        own = importlib.import_module(f"{package}.players")
    except ImportError:
        return kinds
    for attribute, kind in OWN_PLAYERS.items():
        if hasattr(own, attribute):
            kinds[kind] = getattr(own, attribute)
    return kinds


def make_player(game: str, spec: str, seed: int) -> Any:
    """A player from its seat text: ``greedy``, ``search``, ``search:0.5`` (seconds a move),
    ``search@300`` (iterations a move)."""
    kind, seconds, iterations = spec, 1.0, None
    if "@" in spec:
        kind, _, count = spec.partition("@")
        iterations = int(count)
    elif ":" in spec:
        kind, _, secs = spec.partition(":")
        seconds = float(secs)
    kinds = player_kinds(game)
    if kind not in kinds:
        raise GameError(f"unknown seat {spec!r} for {game}; choose from {', '.join(kinds)}")
    if kind == "search":
        return SearchPlayer(seed=seed, seconds=seconds, iterations=iterations, clock=time.process_time)
    return kinds[kind](seed)


@dataclass
class GameResult:
    seats: list[str]
    scores: list[int]
    winners: list[int]
    seconds: list[float]
    moves: list[int]


def play_game(game: str, players: int, options: dict[str, Any], seed: int, seats: Sequence[str]) -> GameResult:
    """One seeded game; the seats in seat order."""
    cls = get_game(game)
    state = cls.new(players, options, seed)
    computers = [make_player(game, spec, seed * 10 + p) for p, spec in enumerate(seats)]
    spent = [0.0] * players
    moves = [0] * players
    while not state.is_over():
        p = state.current_player
        start = time.process_time()
        move = computers[p].choose(state)
        spent[p] += time.process_time() - start
        moves[p] += 1
        state = state.apply_legal(move)
    return GameResult(list(seats), state.scores(), state.winners(), spent, moves)


@dataclass
class Standing:
    entrant: str
    games: int = 0
    wins: float = 0.0
    scores: list[int] = field(default_factory=list)
    seconds: float = 0.0
    moves: int = 0

    def row(self) -> dict[str, Any]:
        return {"entrant": self.entrant, "games": self.games, "win_rate": self.wins / max(1, self.games),
                "mean_score": statistics.fmean(self.scores) if self.scores else 0.0,
                "seconds_per_move": self.seconds / max(1, self.moves)}


def run_match(game: str, players: int, seats: Sequence[str], games: int, options: dict[str, Any] | None = None,
              seed: int = 0, rotate: bool = True, executor: cf.Executor | None = None,
              progress: Any = None) -> list[dict[str, Any]]:
    """Play ``games`` seeded games and return one row per entrant (seat ``i`` of the first game):
    games, win rate, mean score, seconds per move."""
    if len(seats) != players:
        raise GameError(f"{players} players need {players} seats, not {len(seats)}")
    options = dict(options or {})
    for spec in seats:
        make_player(game, spec, 0)  # unknown seats fail before any game is played
    plans = []
    for g in range(games):
        shift = g % players if rotate else 0
        order = [(s - shift) % players for s in range(players)]  # seat → the entrant who sits there
        plans.append((seed + g, order))
    own = executor is None
    executor = executor or cf.ProcessPoolExecutor(max_workers=os.cpu_count() or 1)
    standings = [Standing(f"{i + 1}: {spec}") for i, spec in enumerate(seats)]
    try:
        futures = {executor.submit(play_game, game, players, options, game_seed,
                                   [seats[e] for e in order]): order for game_seed, order in plans}
        for done, future in enumerate(cf.as_completed(futures), 1):
            order = futures[future]
            result = future.result()
            for s, e in enumerate(order):
                standing = standings[e]
                standing.games += 1
                standing.scores.append(result.scores[s])
                if s in result.winners:
                    standing.wins += 1 / len(result.winners)
                standing.seconds += result.seconds[s]
                standing.moves += result.moves[s]
            if progress is not None:
                progress(done, games)
    finally:
        if own:
            executor.shutdown()
    return [s.row() for s in standings]


def table(rows: list[dict[str, Any]]) -> str:
    """The standings as a Markdown table."""
    lines = ["| entrant | games | wins | mean score | time per move |", "|---|---:|---:|---:|---:|"]
    for r in rows:
        lines.append(f"| {r['entrant']} | {r['games']} | {100 * r['win_rate']:.1f}% | {r['mean_score']:.1f} | "
                     f"{1000 * r['seconds_per_move']:.1f} ms |")
    return "\n".join(lines)


def _bar(done: int, total: int) -> None:
    width = 30
    filled = width * done // max(1, total)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m gamelib.arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seats", required=True, help="comma-separated, e.g. search,greedy,greedy,greedy")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--options", default="{}", help="the game's options as JSON")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-rotate", action="store_true", help="keep every entrant in its seat")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="games played at once")
    parser.add_argument("--json", help="also write the rows to this file")
    args = parser.parse_args(argv)
    seats = [s.strip() for s in args.seats.split(",")]
    start = time.perf_counter()
    with cf.ProcessPoolExecutor(max_workers=args.jobs) as executor:
        rows = run_match(args.game, args.players, seats, args.games, json.loads(args.options), args.seed,
                         not args.no_rotate, executor, _bar)
    print(f"{args.game}, {args.players} players, options {args.options}, {args.games} games "
          f"(seeds {args.seed}–{args.seed + args.games - 1}{'' if args.no_rotate else ', seats rotated'}), "
          f"{time.perf_counter() - start:.0f} s on {args.jobs} processes\n")
    print(table(rows))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"game": args.game, "players": args.players, "options": json.loads(args.options),
                       "games": args.games, "seed": args.seed, "rows": rows}, out, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
