"""Domino games benchmark: random complete games per second through the public protocol.

    make bench            (or: .venv/bin/python benchmarks/dominoes_engine.py [--seconds S])
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from gamelib import new_game, seeded_rng  # noqa: E402

SETTINGS = [
    ("ドミノメガ (Dominomega)", "dominomega", 3, {}),
    ("ドミノメガ, 2 players", "dominomega", 2, {}),
    ("ドミナップ (Dominup)", "dominup", 2, {}),
    ("ドミナップ", "dominup", 4, {}),
    ("ドミナップ, misère", "dominup", 3, {"misere": True}),
    ("ドミニマム (Dominimum)", "dominimum", 2, {}),
    ("ドミニマム", "dominimum", 4, {}),
    ("ザ・ツリー (The Tree)", "tree", 1, {}),
    ("ザ・ツリー", "tree", 4, {}),
]


def games_per_second(name: str, players: int, options: dict, seconds: float) -> tuple[float, float]:
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng = seeded_rng(games, "bench", name)
        state = new_game(name, players, options, seed=games)
        while not state.is_over():
            state = state.play(rng.choice(state.legal_moves()))
        games += 1
        moves += len(state.moves)
    return games / (time.perf_counter() - start), moves / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    print("| game | players | random games per second | moves per game |")
    print("|---|---:|---:|---:|")
    for label, name, players, options in SETTINGS:
        rate, length = games_per_second(name, players, options, args.seconds)
        print(f"| {label} | {players} | {rate:,.0f} | {length:.0f} |")


if __name__ == "__main__":
    main()
