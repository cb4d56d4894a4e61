"""The live boards of the four domino games: the shared board with a rotate button (and
The Tree's pass, Dominup's misère option)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as w

from gamelib.dominoes import Pass, Place
from gamelib.dominoes.tiles import DIRS

from .board import GameBoard
from .dominoes import CONTROLLERS, TreeController


class DominoBoardBase(GameBoard):
    """Click a tile in your hand, then the cell for its first number; 「回転」 turns where
    the second number goes.  Green frames mark what ``gamelib`` accepts."""

    def action_buttons(self) -> list[w.Widget]:
        self.rotate_button = w.Button(description="回転", icon="repeat")
        self.rotate_button.on_click(lambda _: self._act(self.controller.rotate))
        buttons = [self.rotate_button]
        if isinstance(self.controller, TreeController):
            self.pass_button = w.Button(description="パス", icon="forward")
            self.pass_button.on_click(lambda _: self._act(self.controller.pass_turn))
            buttons.append(self.pass_button)
        # 「…のグループ」 at the end of a game scored by groups (ドミノメガ, ドミニマム), one a player:
        # shown as the controller offers them (the chapter promised them; the notebook's board had none)
        self.group_buttons: list[w.Button] = []
        for p in range(4):
            button = w.Button(layout=w.Layout(width="auto", display="none"))
            button.on_click(lambda _, p=p: self._act(lambda: self.controller.act(f"groups{p}")))
            self.group_buttons.append(button)
        return [*buttons, *self.group_buttons]

    def keyed_buttons(self) -> dict[str, w.Button]:
        keyed = {"rotate": self.rotate_button}
        if isinstance(self.controller, TreeController):
            keyed["pass"] = self.pass_button
        return keyed

    def update_buttons(self) -> None:
        """As the controller's actions say (「回転」 off at the end and behind the curtain)."""
        actions = {a.key: a for a in self.controller.actions()}
        self.rotate_button.disabled = not actions["rotate"].enabled
        if isinstance(self.controller, TreeController):
            self.pass_button.disabled = not actions["pass"].enabled
        for p, button in enumerate(self.group_buttons):
            action = actions.get(f"groups{p}")
            button.layout.display = "" if action else "none"
            if action:
                button.description, button.tooltip = action.label, action.tip
                button.button_style = "info" if action.selected else ""
                button.icon = "check" if action.selected else ""

    def option_widgets(self, options: Mapping[str, Any]) -> list[w.Widget]:
        """A check box for a switch (ドミナップ's ミゼール), a list for a choice (ドミノメガ's 「同点のとき」:
        a check box had been drawn for it, and ticked it asked gamelib for ``True``)."""
        controls = self.controller.option_controls
        self.flag_boxes = {
            c.key: w.Checkbox(value=bool(options.get(c.key, False)), description=c.label, indent=False,
                              layout=w.Layout(width="auto"))
            for c in controls if c.choices is None
        }
        self.choice_boxes = {
            c.key: w.Dropdown(options=list(c.choices), value=options.get(c.key, c.initial), description=c.label,
                              style={"description_width": "initial"}, layout=w.Layout(width="auto"))
            for c in controls if c.choices is not None
        }
        return [*self.flag_boxes.values(), *self.choice_boxes.values()]

    def chosen_options(self) -> dict[str, Any]:
        """The options chosen, those at their default left out (as a save keeps them)."""
        initial = {c.key: c.initial for c in self.controller.option_controls}
        options: dict[str, Any] = {key: True for key, box in self.flag_boxes.items() if box.value}
        options.update({key: box.value for key, box in self.choice_boxes.items() if box.value != initial[key]})
        return options

    def click_move(self, move: Any) -> None:
        """Make ``move`` as a person would: the tile in the hand, 「回転」, then the cell."""
        c = self.controller
        if c.curtain_down():  # the person to move takes the screen first
            self.reveal_button.click()
        if isinstance(move, Pass):
            self.pass_button.click()
            return
        if c.chosen_tile() != move.tile:  # (a click on the chosen tile would turn it)
            hx, hy = c.hand_slot_xy(list(c.hand()).index(move.tile))
            self._on_mouse_down(hx + 10, hy + 10)
        if isinstance(c, TreeController):
            left, left_value = min((move.first, move.first_value), (move.second, move.second_value))
            while (move.tile[0] if c.direction % 2 == 0 else move.tile[1]) != left_value:
                self.rotate_button.click()
            x, y = c.layout.xy((-left[0], left[1]))
        else:
            a = move.tile[0]
            first, second = ((move.first, move.second) if move.first_value == a else (move.second, move.first))
            step = (second[0] - first[0], second[1] - first[1])
            while DIRS[c.direction] != step:
                self.rotate_button.click()
            x, y = c.layout.xy(first)
        self._on_mouse_down(x + c.layout.cell / 2, y + c.layout.cell / 2)


_BOARDS: dict[str, type[DominoBoardBase]] = {}


def board_class(game: str) -> type[DominoBoardBase]:
    if game not in CONTROLLERS:
        raise ValueError(f"no domino game {game!r}; choose one of {', '.join(CONTROLLERS)}")
    if game not in _BOARDS:
        _BOARDS[game] = type(f"{game.title()}Board", (DominoBoardBase,),
                             {"controller_class": CONTROLLERS[game], "css_class": f"{game}-board"})
    return _BOARDS[game]


__all__ = ["Place", "board_class"]
