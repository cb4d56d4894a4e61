"""The position as text (``NewtownState.to_text``): what the table shows, line by line.

::

    round 1 tree P2 | order P2 P1
    map:
       . 17  4  .
      ...
    trees K 12
    craftsmen P1@10 P2@5
    houses h1 P1 12 2x3f1 t7
    P1 0 points, 0 stones | dice r3 g2 b4 w1 w3 w6 | materials 1,2,4 | roofs 2/2/2/2 | cards 3 7* 12
    tenants column 1: 5 9[1] 12 3 | column 2: …   (front row first, [stones on a card])

A ``*`` after a land card marks its ability as used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import land_name
from .houses import pieces_text

if TYPE_CHECKING:
    from .game import NewtownState


def position_text(s: NewtownState) -> str:
    from .game import player_name

    head = f"round {s.round} {s.phase}"
    if s.current_player is not None:
        head += f" {player_name(s.current_player)}"
    if s.order:
        head += " | order " + " ".join(player_name(p) for p in s.order)
    lines = [head, "map:"]
    lines += ["  " + row for row in s.board.to_text().split("\n")]
    lines.append("trees " + " ".join(land_name(x) for x in s.trees))
    lines.append("craftsmen " + " ".join(f"{player_name(p)}@{land_name(x)}" for p, x in enumerate(s.craftsmen)))
    if s.houses:
        lines.append("houses " + ", ".join(
            f"h{h.id} {player_name(h.owner)} {land_name(h.land)} {h.text()}" + (f" t{h.tenant}" if h.tenant else "")
            for h in s.houses))
    scores = s.scores()
    for p in range(s.players):
        cards = " ".join(f"{x}{'*' if x in s.used else ''}" for x in s.hand(p)) or "-"
        roofs = "/".join(map(str, s.roofs[p]))
        lines.append(f"{player_name(p)} {scores[p]} points, {s.stones[p]} stones | dice {s.dice[p].text()} | "
                     f"materials {pieces_text(s.materials[p])} | roofs {roofs} | cards {cards}")
    if s.phase == "draft":
        lines.append("draft row " + " ".join(map(str, s.row)) + f" | deck {len(s.deck)}")
    if s.pool:
        lines.append("pool " + " ".join(f"{c}{v}" for c, v in s.pool))
    if s.grid:
        lines.append("tenants " + " | ".join(
            f"column {c}: " + (" ".join(f"{card}" + (f"[{st}]" if st else "") for card, st in column) or "-")
            for c, column in enumerate(s.grid, start=1)))
    return "\n".join(lines)
