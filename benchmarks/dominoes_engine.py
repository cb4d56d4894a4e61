"""Domino games benchmark: random complete games per second through the public protocol.

    make bench            (or: .venv/bin/python benchmarks/dominoes_engine.py [--seconds S])
"""

from __future__ import annotations

import argparse


from common import games_per_second  # noqa: E402  (puts the project on sys.path)

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
