"""The live Kingdomino board: the shared board with Kingdomino's options and buttons."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as w

from .board import GameBoard
from .kingdomino import DIRECTIONS, KingdominoController

#: The variants (check boxes) and the rulings' alternatives (dropdowns), from the controller.
OPTIONS = tuple((c.key, c.label) for c in KingdominoController.option_controls if c.choices is None)
CHOICES = tuple((c.key, c.label, c.choices) for c in KingdominoController.option_controls if c.choices is not None)


class Board(GameBoard):
    """A whole game of Kingdomino at one screen, people or computer in any seat.

    Click a domino of the new row to claim it; click a square of your kingdom to put the
    first half of your domino there (「回転」 turns where the second half goes). Green
    frames mark the squares ``gamelib`` accepts; a refused click shows the rule's reason.
    """

    controller_class = KingdominoController
    css_class = "kingdomino-board"
    controller: KingdominoController

    def option_widgets(self, options: Mapping[str, Any]) -> list[w.Widget]:
        self.option_boxes = {
            key: w.Checkbox(value=bool(options.get(key, False)), description=label, indent=False,
                            layout=w.Layout(width="auto"))
            for key, label in OPTIONS
        }
        self.choice_boxes = {
            key: w.Dropdown(options=list(values), value=options.get(key, values[0][1]), description=label,
                            style={"description_width": "initial"}, layout=w.Layout(width="auto"))
            for key, label, values in CHOICES
        }
        rows = [w.HBox(list(self.option_boxes.values())), w.HBox(list(self.choice_boxes.values()))]
        for row in rows:
            row.add_class("board-controls")
        return [w.VBox(rows)]

    def chosen_options(self) -> dict[str, Any]:
        options: dict[str, Any] = {k: box.value for k, box in self.option_boxes.items() if box.value}
        defaults = {key: values[0][1] for key, _, values in CHOICES}
        options.update({k: box.value for k, box in self.choice_boxes.items() if box.value != defaults[k]})
        return options

    def action_buttons(self) -> list[w.Widget]:
        self.rotate_button = w.Button(description="回転", icon="repeat")
        self.discard_button = w.Button(description="捨てる", icon="trash")
        self.rotate_button.on_click(lambda _: self._act(self.controller.rotate))
        self.discard_button.on_click(lambda _: self._act(self.controller.discard))
        return [self.rotate_button, self.discard_button]

    def keyed_buttons(self) -> dict[str, w.Button]:
        return {"rotate": self.rotate_button, "discard": self.discard_button}

    def update_buttons(self) -> None:
        human = self.controller.human_to_move()
        self.discard_button.disabled = not human or self.controller.state.phase != "place"
        self.rotate_button.disabled = not human or self.controller.state.phase != "place"

    def click_move(self, move: Any) -> None:
        """Make ``move`` the way a person would: the same buttons and canvas clicks.

        For tests, benchmarks and demonstrations; the board still asks gamelib.
        """
        c = self.controller
        layout = c.layout
        if move.kind == "claim":
            index = [s.number for s in c.state.next_row].index(move.number)
            x, y = layout.slot_xy(1, index)
            self._on_mouse_down(x + 10, y + 10)
        elif move.kind == "discard":
            self.discard_button.click()
        else:
            step = (move.second[0] - move.first[0], move.second[1] - move.first[1])
            while DIRECTIONS[c.direction] != step:
                self.rotate_button.click()
            x, y = layout.cell_xy(c.state.current_player, move.first)
            self._on_mouse_down(x + layout.cell / 2, y + layout.cell / 2)
