"""Kingdomino engine benchmark: prints figures, asserts nothing.

    make bench            (or: .venv/bin/python benchmarks/kingdomino_engine.py [--seconds S])

* random complete games per second, through the public protocol only
  (``legal_moves()``, then ``play()`` of a seeded random choice), for 2, 3, 4 players and
  Mighty Duel;
* the time to list every legal placement of one domino in a half-full kingdom.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time


from common import games_per_second  # noqa: E402  (puts the project on sys.path)

from gamelib import new_game, seeded_rng  # noqa: E402
from gamelib.kingdomino import DOMINOES, Kingdom  # noqa: E402


def half_full_kingdom() -> Kingdom:
    """A kingdom with 6 dominoes (13 squares of 25) from a fixed seeded game."""
    state = new_game("kingdomino", 4, seed=12)
    rng = seeded_rng(12, "half")
    while sum(1 for _ in state.kingdoms[0].squares()) < 13:
        state = state.play(rng.choice(state.legal_moves()))
    return state.kingdoms[0]


def placement_time(kingdom: Kingdom, repeats: int = 20000) -> tuple[float, float]:
    """Median microseconds to list the placements of one domino, and placements found."""
    numbers = list(DOMINOES)
    samples = []
    found = 0
    for chunk in range(20):
        t = time.perf_counter()
        for i in range(repeats // 20):
            found += len(kingdom.placements(numbers[(i + chunk) % 48]))
        samples.append((time.perf_counter() - t) / (repeats // 20) * 1e6)
    return statistics.median(samples), found / repeats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on each game setting")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, one core")
    print()
    print("| setting | random games per second | moves per game |")
    print("|---|---:|---:|")
    for label, players, options in [
        ("2 players", 2, {}),
        ("3 players", 3, {}),
        ("4 players", 4, {}),
        ("Mighty Duel (2 players, 7×7)", 2, {"mighty_duel": True}),
    ]:
        rate, length = games_per_second("kingdomino", players, options, args.seconds)
        print(f"| {label} | {rate:,.0f} | {length:.0f} |")
    kingdom = half_full_kingdom()
    micro, found = placement_time(kingdom)
    print()
    print("Half-full kingdom used for the placement timing:")
    print(kingdom.to_text())
    print()
    print(f"| list the legal placements of one domino (half-full kingdom) | {micro:.1f} µs | "
          f"{found:.1f} placements on average |")


if __name__ == "__main__":
    main()
