"""Helpers for the さいころニュータウン tests: staged positions on the default map.

The default map (data/components.json), read by hand::

     . 17  4  .          types: 3 4 17 18 芝生 (lawn, white-die ability)
    10  6 13  9                 5 6 15 16 石畳 (cobbles, +1 ability)
    15  K  K  3                 7 8 13 14 煉瓦 (brick, swap ability)
     8  K  K 12                 9 10 11 12 泥土 (mud, material ability)
     5 14 11 16
     .  .  7 18

Base points (our assumption): standard × floors; a penthouse adds 2.
"""

from __future__ import annotations

from typing import Any

from gamelib.newtown import NewtownState
from gamelib.newtown.game import Dice, House

P1, P2, P3, P4 = 0, 1, 2, 3


def dice(text: str) -> Dice:
    """``"r3 g2 b4 w3 w4 w5"`` as a :class:`Dice`."""
    values: dict[str, Any] = {"r": None, "g": None, "b": None, "w": []}
    for word in text.split():
        if word[0] == "w":
            values["w"].append(int(word[1:]))
        else:
            values[word[0]] = int(word[1:])
    return Dice(values["r"], values["g"], values["b"], tuple(sorted(values["w"])))


def staged(players: int = 2, phase: str = "build", current: int = P1, *, hands: Any = None,
           round: int = 1, options: dict[str, Any] | None = None, **fields: Any) -> NewtownState:
    """A position in ``phase`` with ``current`` to play first (turn order: ``current``, then
    the others by number), built from a real game with ``hands`` dealt (default: P1 holds 3 4
    5 6, P2 7 8 9 10, P3 11 12 13 14, P4 15 16 17 18) and then ``fields`` set."""
    hands = hands or [(3, 4, 5, 6), (7, 8, 9, 10), (11, 12, 13, 14), (15, 16, 17, 18)][:players]
    state = NewtownState.new(players, {**(options or {}), "hands": [list(h) for h in hands]}, seed=1)
    order = (current,) + tuple(p for p in range(players) if p != current)
    base: dict[str, Any] = {"phase": phase, "round": round, "order": order, "turn": 0, "pool": (),
                            "dice": tuple(dice("r0 g0 b0 w1 w1 w1") for _ in range(players)),
                            "materials": ((),) * players}
    base.update(fields)
    if "houses" in fields and "built" not in fields:  # the staged houses were built by their owners
        base["built"] = tuple(sum(h.owner == p for h in fields["houses"]) for p in range(players))
    for key in ("dice",):
        base[key] = tuple(dice(d) if isinstance(d, str) else d for d in base[key])
    return state._with(**base)


def house(hid: int, owner: int, land: int, footprint: str = "2x2", floors: int = 1, **kw: Any) -> House:
    return House(hid, owner, land, footprint, floors, **kw)


def points(state: NewtownState, p: int, kind: str) -> int:
    return sum(pts for k, pts, _ in state.ledger[p] if k == kind)


def kinds(state: NewtownState, p: int) -> list[str]:
    return [k for k, _, _ in state.ledger[p]]
