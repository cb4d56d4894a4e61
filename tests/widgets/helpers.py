"""Turning a gamelib move into the clicks a person would make on the board."""

from __future__ import annotations

from gamelib.kingdomino import Move
from widgets.kingdomino import DIRECTIONS


def clicks_for(board, move: Move) -> None:
    """Play ``move`` on a live ``Board`` the way a person does: buttons and canvas clicks."""
    c = board.controller
    layout = c.layout
    if move.kind == "claim":
        index = [s.number for s in c.state.next_row].index(move.number)
        x, y = layout.slot_xy(1, index)
        board._on_mouse_down(x + 10, y + 10)
    elif move.kind == "discard":
        board.discard_button.click()
    else:
        direction = (move.second[0] - move.first[0], move.second[1] - move.first[1])
        while DIRECTIONS[c.direction] != direction:
            board.rotate_button.click()
        x, y = layout.cell_xy(c.state.current_player, move.first)
        board._on_mouse_down(x + layout.cell / 2, y + layout.cell / 2)
