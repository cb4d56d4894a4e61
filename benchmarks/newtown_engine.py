"""さいころニュータウン engine benchmark: prints figures, asserts nothing.

    .venv/bin/python benchmarks/newtown_engine.py [--seconds S] [--games N]

* random complete games per second for 2, 3 and 4 players (and moves per game), through the
  public protocol;
* how the computer players fare: over seeded games, the share of wins (a shared win counted as
  a fraction) and the mean score of one player of each kind against random players, and the
  houses it builds.
"""

from __future__ import annotations

import argparse
import time

from common import games_per_second  # noqa: E402  (puts the project on sys.path)

from gamelib.newtown import GreedyPlayer, NewtownState, PlannerPlayer  # noqa: E402
from gamelib.players import RandomPlayer, play_out  # noqa: E402


def strength(kind: type, players: int, games: int) -> tuple[float, float, float, float]:
    wins = score = houses = 0.0
    start = time.perf_counter()
    for seed in range(games):
        seats = [kind(seed)] + [RandomPlayer(seed * 7 + i) for i in range(1, players)]
        end = play_out(NewtownState.new(players, seed=seed), seats)
        winners = end.winners()
        wins += (0 in winners) / len(winners)
        score += end.scores()[0]
        houses += sum(1 for h in end.houses if h.owner == 0)
    return wins / games, score / games, houses / games, (time.perf_counter() - start) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    print("| players | random games per second | moves per game |")
    print("|---|---:|---:|")
    for n in (2, 3, 4):
        rate, moves = games_per_second("newtown", n, {}, args.seconds)
        print(f"| {n} | {rate:,.1f} | {moves:,.0f} |")
    print()
    print(f"One computer player against random players, {args.games} seeded games each:")
    print()
    print("| players | player | wins | mean score | houses built | seconds per game | a random player's wins |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for n in (2, 3, 4):
        for kind in (RandomPlayer, GreedyPlayer, PlannerPlayer):
            win, score, houses, sec = strength(kind, n, args.games)
            print(f"| {n} | {kind.__name__} | {win:.0%} | {score:.1f} | {houses:.1f} | {sec:.2f} | {1 / n:.0%} |")


if __name__ == "__main__":
    main()
