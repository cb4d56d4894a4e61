"""Dragon Keeper engine benchmark: prints figures, asserts nothing.

    .venv/bin/python benchmarks/dragonkeeper_engine.py [--seconds S] [--games N]

* random complete games per second for 2, 3 and 4 players, through the public protocol
  (``legal_moves()``, then ``play()`` of a random choice); the target is 500 4-player games a
  second on one core;
* how the computer players fare: over seeded games, the share of wins (a shared win counted as a
  fraction) of one player of each kind against greedy players, how often it is eliminated, and
  how often a spectator who guesses "the colour this player chose least" finds its guild (a
  tie among the guessed colours counted as a fraction; lower is better hidden).
"""

from __future__ import annotations

import argparse

from common import games_per_second  # noqa: E402  (puts the project on sys.path)

from gamelib.dragonkeeper import DragonKeeperState, HidingPlayer, spectator_guess  # noqa: E402
from gamelib.players import GreedyPlayer, RandomPlayer, play_out  # noqa: E402


def strength(kind: type, players: int, games: int) -> tuple[float, float, float]:
    wins = guessed = eliminated = 0.0
    for seed in range(games):
        seats = [kind(seed)] + [GreedyPlayer(seed * 7 + i) for i in range(1, players)]
        end = play_out(DragonKeeperState.new(players, seed=seed), seats)
        winners = end.winners()
        wins += (0 in winners) / len(winners)
        eliminated += not end.alive[0]
        guess = spectator_guess(end, 0)
        guessed += (end.guilds[0] in guess) / len(guess)
    return wins / games, eliminated / games, guessed / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    print("| players | random games per second | moves per game |")
    print("|---|---:|---:|")
    for n in (2, 3, 4):
        rate, length = games_per_second("dragonkeeper", n, {}, args.seconds)
        print(f"| {n} | {rate:,.0f} | {length:.1f} |")
    print()
    print(f"One computer player against greedy players, {args.games} seeded games each:")
    print()
    print("| players | player | wins | eliminated | a spectator guesses its guild | an even share |")
    print("|---|---|---:|---:|---:|---:|")
    for n in (2, 3, 4):
        for kind in (RandomPlayer, GreedyPlayer, HidingPlayer):
            win, out, guess = strength(kind, n, args.games)
            print(f"| {n} | {kind.__name__} | {win:.0%} | {out:.0%} | {guess:.0%} | {1 / n:.0%} |")


if __name__ == "__main__":
    main()
