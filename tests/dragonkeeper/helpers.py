"""Stacked set-ups for the Dragon Keeper tests: levels whose important cells the test chooses.

The tile list here is written from the component facts (components.md), not taken from the
engine, so the set-up tests can compare the engine's data with it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from gamelib.dragonkeeper import DragonKeeperState

#: The 75 tiles, written by hand from the component facts.
RED = ["R1s"] * 2 + ["R2"] * 3 + ["R3"] * 4 + ["R4"] * 3 + ["R5"] * 2 + ["R6"]
OTHER = {c: [f"{c}1"] * 4 + [f"{c}1p", f"{c}2", f"{c}2", f"{c}2", f"{c}2r", f"{c}3", f"{c}3", f"{c}3x",
                              f"{c}4", f"{c}4t", f"{c}5"] for c in "BYGP"}
TILES = RED + [t for c in "BYGP" for t in OTHER[c]]

#: A quick level end: the dragon empties column 2 — five takes, four gifts, 16 tiles left; the
#: gifts come from cells 0,2 · 1,0 · 3,2 · 4,1 and the last take is 4,2 (column 2 is then empty).
FAST = ["take 2,2", "give 0,2", "take 0,0", "give 1,0", "take 1,2", "give 3,2", "take 3,1", "give 4,1", "take 4,2"]
FAST_TAKES = [(2, 2), (0, 0), (1, 2), (3, 1), (4, 2)]
FAST_GIFTS = [(0, 2), (1, 0), (3, 2), (4, 1)]
#: The same, through column 1, never touching the centre (the stair tile stays on the level).
AROUND = ["take 2,1", "give 0,1", "take 0,0", "give 1,0", "take 1,1", "give 3,1", "take 3,3", "give 4,3", "take 4,1"]
#: A level that ends at step 1: the last gift (0,0) empties row 0, where the dragon then stands.
ROW_END = ["take 2,4", "give 0,4", "take 0,3", "give 3,3", "take 3,1", "give 0,1", "take 0,2", "give 1,2",
           "take 1,0", "give 0,0"]


def make_layout(*levels: dict[tuple[int, int], str]) -> list[str]:
    """The three levels, with the tiles the test puts on chosen cells (one dict per level, first
    level first); the stair tiles in the centres of the first two levels; every other cell
    filled with the tiles left, plain tiles of lowest value first (so gifts of filler tiles
    earn no treasure on the first level), row by row from the first level down."""
    chosen = [dict(levels[i]) if i < len(levels) else {} for i in range(3)]
    for level in chosen[:2]:
        level.setdefault((2, 2), "R1s")
    pool = Counter(TILES)
    pool.subtract(t for level in chosen for t in level.values())
    assert all(n >= 0 for n in pool.values()), "a chosen tile is used more often than the game has it"
    filler = sorted(pool.elements(), key=lambda t: (len(t) > 2, int(t[1]), t))
    out = []
    for level in chosen:
        cells = [level.get(divmod(i, 5)) or filler.pop(0) for i in range(25)]
        out.append(" ".join(cells))
    return out


def new(players: int = 3, *levels: dict[tuple[int, int], str], guilds: str | None = None, start: int = 0,
        **options: Any) -> DragonKeeperState:
    """A game with a stacked layout, the start player ``start`` and, if given, the guilds."""
    opts: dict[str, Any] = {"layout": make_layout(*levels), "start_player": start, **options}
    if guilds is not None:
        opts["guilds"] = guilds
    return DragonKeeperState.new(players, opts, seed=7)


def play(state: DragonKeeperState, moves: list[str], passing: bool = True) -> DragonKeeperState:
    """Play ``moves``; with ``passing``, an action offered in between is left unused."""
    for move in moves:
        while passing and state.phase in ("special", "passage", "chain") and not move.split()[0] in (
                "trap", "exchange", "passage", "pass"):
            state = state.play("pass")
        state = state.play(move)
    return state


def stacks(state: DragonKeeperState) -> list[str]:
    return [state.stacks_text(p) for p in range(state.players)]


def three_player_elimination(**options: object) -> DragonKeeperState:
    """Level 1: P0 gives R3 and R5 (+2), P2 gives R4 (+1), P1 a filler 1 and takes the last tile:
    P0 4+2-3 = 3, P1 4-4 = 0, P2 4+1-3 = 2.  Level 2 (P0 holds the stair, starts): P2 gives R6
    (+1), the others fillers worth 2, P1 takes the last tile again: P0 3-3 = 0, P1 0 < 4 is out,
    P2 2+1-3 = 0."""
    s = new(3, {(0, 2): "R3", (3, 2): "R4", (4, 1): "R5"}, {(0, 2): "P2", (1, 0): "Y2", (3, 2): "R6", (4, 1): "R2"},
            **options)
    s = play(s, FAST)
    assert s.treasure == (3, 0, 2) and s.current_player == 0
    return play(s, FAST)
