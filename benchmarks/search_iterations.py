"""Search player benchmark: prints figures, asserts nothing.

    .venv/bin/python benchmarks/search_iterations.py [--seconds S] [--game NAME]

How many iterations ``SearchPlayer`` manages in ``S`` seconds of CPU time (default 1, as the
arena's strength figures), at a quarter, half and three quarters of a seeded game between
greedy players, for every game and player count; each iteration samples the hidden parts,
walks the tree and plays the sample out with the game's rollout policy.  More iterations in
the same time means a stronger player at the same time per move.
"""

from __future__ import annotations

import argparse
import platform
import time

from common import games_per_second  # noqa: F401,E402  (puts the project on sys.path)

from gamelib import new_game  # noqa: E402
from gamelib.players import GreedyPlayer, SearchPlayer  # noqa: E402

SETTINGS = [
    ("kingdomino", 2, {}), ("kingdomino", 4, {}), ("kabaleo", 2, {}), ("kabaleo", 4, {}),
    ("dominomega", 2, {}), ("dominup", 2, {}), ("dominup", 4, {}), ("dominimum", 2, {}), ("tree", 2, {}),
    ("dragonkeeper", 2, {}), ("dragonkeeper", 4, {}), ("newtown", 2, {}), ("newtown", 4, {}),
]


def iterations(game: str, players: int, options: dict, seconds: float) -> list[int]:
    """Iterations of one search in ``seconds`` at 25%, 50% and 75% of a greedy game (seed 1)."""
    seats = [GreedyPlayer(p) for p in range(players)]
    state = new_game(game, players, options, seed=1)
    positions = [state]
    while not state.is_over():
        state = state.play(seats[state.current_player].choose(state))
        positions.append(state)
    out = []
    for share in (0.25, 0.5, 0.75):
        # the nearest position from there on where the player to move has a real choice
        at = next((s for s in positions[int(share * (len(positions) - 1)):]
                   if not s.is_over() and len(s.legal_moves()) > 1), None)
        if at is None:
            out.append(0)
            continue
        player = SearchPlayer(seed=1, seconds=seconds, clock=time.process_time)
        player.choose(at)
        out.append(player.last_iterations)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds of each search")
    parser.add_argument("--game", help="only this game")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, one core; "
          f"iterations in {args.seconds:g} s of CPU time")
    print()
    print("| game | players | at 25% | at 50% | at 75% |")
    print("|---|---:|---:|---:|---:|")
    for game, players, options in SETTINGS:
        if args.game and game != args.game:
            continue
        a, b, c = iterations(game, players, options, args.seconds)
        print(f"| {game} | {players} | {a:,} | {b:,} | {c:,} |")


if __name__ == "__main__":
    main()
