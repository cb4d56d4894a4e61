"""Kingdomino live board benchmark: prints figures, asserts nothing.

    make bench            (or: .venv/bin/python benchmarks/kingdomino_board.py [--games N])

A 4-player board with four people at the screen plays whole seeded random games through
its click handlers.  For every click or button press it measures the time in Python from
the event to the finished redraw (the canvas message sent), and counts the canvas
messages and drawing commands each redraw sends.  No browser is involved: this is the
kernel's share of the latency.
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

import ipycanvas.canvas as ipycanvas_canvas  # noqa: E402

from gamelib import seeded_rng  # noqa: E402
from widgets.kingdomino import KingdominoBoard  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    manager = ipycanvas_canvas._CANVAS_MANAGER
    original = manager._send_custom
    messages: list[int] = []  # commands in each message

    def counting(command, buffers=[]):  # noqa: B006 - same signature as ipycanvas
        messages.append(len(command) if isinstance(command[0], list) else 1)
        return original(command, buffers)

    manager._send_custom = counting
    timings: list[float] = []
    per_redraw: list[int] = []
    commands: list[int] = []

    def timed(handler):
        """Wrap a board event handler: time from the event to the sent redraw."""

        def run(*a, **k):
            before = len(messages)
            start = time.perf_counter()
            handler(*a, **k)
            timings.append((time.perf_counter() - start) * 1000)
            per_redraw.append(len(messages) - before)
            commands.extend(messages[before:])

        return run

    moves = 0
    for game in range(args.games):
        board = KingdominoBoard(players=4, seed=game)
        board._on_mouse_down = timed(board._on_mouse_down)  # canvas clicks
        board._act = timed(board._act)  # buttons: rotate, discard, undo
        rng = seeded_rng(game, "board-bench")
        while not board.controller.state.is_over():
            board.click_move(rng.choice(board.controller.state.legal_moves()))
            moves += 1
    manager._send_custom = original
    timings.sort()
    p95 = timings[int(0.95 * (len(timings) - 1))]
    print(f"4-player board, four people at one screen: {args.games} games, {moves} moves, "
          f"{len(timings)} clicks and button presses")
    print()
    print("| figure | value |")
    print("|---|---:|")
    print(f"| click to finished redraw, median | {statistics.median(timings):.1f} ms |")
    print(f"| click to finished redraw, 95th percentile | {p95:.1f} ms |")
    print(f"| click to finished redraw, slowest | {timings[-1]:.1f} ms |")
    print(f"| canvas messages per redraw | {statistics.mean(per_redraw):.2f} (max {max(per_redraw)}) |")
    print(f"| drawing commands per message | {statistics.mean(commands):.0f} |")


if __name__ == "__main__":
    main()
