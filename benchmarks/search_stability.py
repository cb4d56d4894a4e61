"""Search player benchmark: prints figures, asserts nothing.

    .venv/bin/python benchmarks/search_stability.py [--positions N] [--short S] [--long L] [--tries K] [--jobs J]

Whether more time would change a search player's moves in 4-player Kingdomino: ``N`` positions
(default 16) are taken from seeded games between greedy players, each at a random move in the first
two thirds of its game where the player to move has a real choice; on each, one search of ``L``
seconds of CPU time (default 8) and ``K`` searches of ``S`` seconds (default 1, with K different
seeds, default 4) choose a move.  It prints every position's choices and how often the short
searches chose what the long one chose.  Few changes mean that more time alone would not make the
player much stronger.  It takes about N × (L + K × S) seconds of CPU time, spread over J processes.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import itertools
import random
import time

from common import games_per_second  # noqa: F401,E402  (puts the project on sys.path)

from gamelib import new_game  # noqa: E402
from gamelib.players import GreedyPlayer, SearchPlayer  # noqa: E402

GAME, PLAYERS, FIRST_SEED = "kingdomino", 4, 500


def _greedy_game(seed: int):  # type: ignore[no-untyped-def]
    """The positions of a seeded game between greedy players, from the first to the last."""
    state = new_game(GAME, PLAYERS, {}, seed)
    seats = [GreedyPlayer(seed=p) for p in range(PLAYERS)]
    yield state
    while not state.is_over():
        state = state.play(seats[state.current_player].choose(state))
        yield state


def positions(count: int) -> list[tuple[int, int]]:
    """(game seed, moves played) of ``count`` positions, one a game, where the mover has a choice."""
    out: list[tuple[int, int]] = []
    rng = random.Random(5)
    seed = FIRST_SEED
    while len(out) < count:
        target = rng.randrange(4, 60)
        for done, state in enumerate(_greedy_game(seed)):
            if done >= target and not state.is_over() and len(state.search_moves()) > 1:
                out.append((seed, done))
                break
        seed += 1
    return out


def choose(job: tuple[int, int, float, int]) -> tuple[int, int, float, str, int]:
    seed, moves, seconds, search_seed = job
    state = next(itertools.islice(_greedy_game(seed), moves, None))
    player = SearchPlayer(seed=search_seed, seconds=seconds, clock=time.process_time)
    move = player.choose(state)
    return seed, moves, seconds, str(move), player.last_iterations


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=16)
    parser.add_argument("--short", type=float, default=1.0)
    parser.add_argument("--long", type=float, default=8.0)
    parser.add_argument("--tries", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    spots = positions(args.positions)
    jobs = [(s, m, args.long, 99) for s, m in spots] + [(s, m, args.short, k) for s, m in spots for k in range(args.tries)]
    with cf.ProcessPoolExecutor(args.jobs) as ex:
        results = list(ex.map(choose, jobs))
    print(f"4-player Kingdomino: a {args.short:g} s search against a {args.long:g} s one, CPU time")
    agree = total = 0
    for seed, moves in spots:
        long = next(r for r in results if r[:3] == (seed, moves, args.long))
        short = [r for r in results if r[:3] == (seed, moves, args.short)]
        same = sum(r[3] == long[3] for r in short)
        agree, total = agree + same, total + len(short)
        print(f"game {seed}, after {moves} moves: {args.long:g} s chose {long[3]} ({long[4]} iterations); "
              f"{args.short:g} s chose it {same} of {len(short)} times: {', '.join(r[3] for r in short)}")
    print(f"the short search chose the long search's move in {agree} of {total} tries")


if __name__ == "__main__":
    main()
