"""Kingdomino computer players benchmark: prints figures, asserts nothing.

    .venv/bin/python benchmarks/kingdomino_players.py [--games N]

Seeded games of the greedy player (``gamelib.players.GreedyPlayer``, which plays the move
``KingdominoState.evaluate`` rates highest) against random players: one greedy player and
three random ones with 4 players, one of each with 2.  The greedy player's seat turns round
from game to game.  Prints its mean score, the random players' mean score, its win rate
(shared wins count as wins) and the time per game.  The published greedy player (Gedda,
Lagerkvist & Butler, IEEE CIG 2018) scores about 56 in the 4-player setting, and its
random players about 21; those figures count both bonuses (``PUBLISHED_SCORING``).
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from common import games_per_second  # noqa: F401,E402  (puts the project on sys.path)

from gamelib import new_game  # noqa: E402
from gamelib.players import GreedyPlayer, RandomPlayer, play_out  # noqa: E402


#: How the public server behind the published figures scores a kingdom (github.com/mratin/kdom,
#: ``KingdomScorer``): +10 when every square lies in the 5×5 square centred on the castle and
#: +5 for a full kingdom, in every game.
PUBLISHED_SCORING = {"harmony": True, "middle_kingdom": True, "middle_kingdom_rule": "within"}


def greedy_against_random(players: int, options: dict, games: int) -> dict[str, float]:
    greedy_scores, other_scores, wins, lost = [], [], 0, []
    start = time.perf_counter()
    for game in range(games):
        seat = game % players
        seats = [GreedyPlayer(game) if p == seat else RandomPlayer(1000 * game + p) for p in range(players)]
        state = play_out(new_game("kingdomino", players, options, seed=game), seats)
        scores = state.scores()
        greedy_scores.append(scores[seat])
        other_scores.extend(s for p, s in enumerate(scores) if p != seat)
        if seat in state.winners():
            wins += 1
        else:
            lost.append(game)
    elapsed = time.perf_counter() - start
    return {
        "greedy": statistics.mean(greedy_scores),
        "greedy_sd": statistics.stdev(greedy_scores),
        "random": statistics.mean(other_scores),
        "wins": wins / games,
        "ms": elapsed / games * 1000,
        "lost": lost,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games for each setting")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, one core; {args.games} seeded games each")
    print()
    print("| setting | greedy mean score (sd) | random mean score | greedy wins | ms per game |")
    print("|---|---:|---:|---:|---:|")
    for label, players, options in [
        ("4 players: greedy vs 3 random", 4, {}),
        ("2 players: greedy vs random", 2, {}),
        ("4 players, harmony + middle kingdom", 4, {"harmony": True, "middle_kingdom": True}),
        ("4 players, scored as the published figures", 4, PUBLISHED_SCORING),
        ("Mighty Duel: greedy vs random", 2, {"mighty_duel": True}),
    ]:
        r = greedy_against_random(players, options, args.games)
        print(f"| {label} | {r['greedy']:.1f} ({r['greedy_sd']:.1f}) | {r['random']:.1f} | "
              f"{r['wins']:.1%} | {r['ms']:.1f} |")
        if r["lost"]:
            print(f"|   games not won (seeds) | {', '.join(map(str, r['lost'][:12]))}"
                  f"{' …' if len(r['lost']) > 12 else ''} | | | |")


if __name__ == "__main__":
    main()
