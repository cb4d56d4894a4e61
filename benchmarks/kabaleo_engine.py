"""Kabaleo engine benchmark: prints figures, asserts nothing.

    make bench            (or: .venv/bin/python benchmarks/kabaleo_engine.py [--seconds S] [--games N])

* random complete games per second for 2, 3 and 4 players, through the public protocol;
* how the computer players fare: over seeded games, the share of wins (a shared win
  counted as a fraction) of one player of each kind against random players, and how often a
  spectator who guesses "the colour this player's moves most often left showing" finds its
  secret (lower is better hidden).
"""

from __future__ import annotations

import argparse


from common import games_per_second  # noqa: E402  (puts the project on sys.path)

from gamelib.kabaleo import HidingPlayer, KabaleoState  # noqa: E402
from gamelib.kabaleo.players import spectator_guess  # noqa: E402
from gamelib.players import GreedyPlayer, RandomPlayer, play_out  # noqa: E402


def strength(kind: type, players: int, games: int) -> tuple[float, float]:
    wins = guessed = 0.0
    for seed in range(games):
        seats = [kind(seed)] + [RandomPlayer(seed * 7 + i) for i in range(1, players)]
        end = play_out(KabaleoState.new(players, seed=seed), seats)
        winners = end.winners()
        wins += (0 in winners) / len(winners)
        guessed += spectator_guess(end, 0) in end.secrets[0]
    return wins / games, guessed / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    print("| players | random games per second |")
    print("|---|---:|")
    for n in (2, 3, 4):
        print(f"| {n} | {games_per_second('kabaleo', n, {}, args.seconds)[0]:,.0f} |")
    print()
    print(f"One computer player against random players, {args.games} seeded games each:")
    print()
    print("| players | player | wins | a spectator guesses its colour | a random player's wins |")
    print("|---|---|---:|---:|---:|")
    for n in (2, 3, 4):
        for kind in (RandomPlayer, GreedyPlayer, HidingPlayer):
            win, guess = strength(kind, n, args.games)
            print(f"| {n} | {kind.__name__} | {win:.0%} | {guess:.0%} | {1 / n:.0%} |")


if __name__ == "__main__":
    main()
