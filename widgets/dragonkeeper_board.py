"""The live Dragon Keeper board: the shared board with Dragon Keeper's options and the
「使わない」 button."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as w

from .board import GameBoard
from .dragonkeeper import DragonKeeperController

#: The rulings' alternatives (dropdowns) and yes/no rulings (check boxes), from the controller.
CHOICES = tuple((c.key, c.label, c.choices) for c in DragonKeeperController.option_controls if c.choices is not None)
CHECKS = tuple((c.key, c.label, c.default) for c in DragonKeeperController.option_controls if c.choices is None)


class Board(GameBoard):
    """A whole game of Dragon Keeper at one screen, people or computer in any seat.

    Click a tile of the level (green frames: what ``gamelib`` accepts) to take it at step 1,
    to give it at step 2, or with a remote trap or a secret passage; the top tile of another
    player's stack for a prisoner exchange; at the end, a stack for the tribute, a release tile
    and then a guild tile for a release.  「使わない」 leaves an action unused.  A refused
    click shows the rule's reason.  Guilds stay hidden behind the pass-the-screen curtain
    (「ギルドを見る」) when several people share the screen.
    """

    controller_class = DragonKeeperController
    css_class = "dragonkeeper-board"
    controller: DragonKeeperController

    def option_widgets(self, options: Mapping[str, Any]) -> list[w.Widget]:
        self.choice_boxes = {
            key: w.Dropdown(options=list(values), value=options.get(key, values[0][1]), description=label,
                            style={"description_width": "initial"}, layout=w.Layout(width="auto"))
            for key, label, values in CHOICES
        }
        self.check_boxes = {
            key: w.Checkbox(value=bool(options.get(key, default)), description=label, indent=False,
                            layout=w.Layout(width="auto"))
            for key, label, default in CHECKS
        }
        # (flat: they flow in the settings' row with the player count and the seed, which wraps;
        # in rows of their own the settings took five lines and the board no longer fit 1366×768)
        return [*self.choice_boxes.values(), *self.check_boxes.values()]

    def chosen_options(self) -> dict[str, Any]:
        defaults = {key: values[0][1] for key, _, values in CHOICES}
        options: dict[str, Any] = {k: box.value for k, box in self.choice_boxes.items() if box.value != defaults[k]}
        checks = {key: default for key, _, default in CHECKS}
        options.update({k: box.value for k, box in self.check_boxes.items() if box.value != checks[k]})
        return options

    def action_buttons(self) -> list[w.Widget]:
        self.pass_button = w.Button(description="使わない", icon="times",
                                    tooltip="取ったタイルの特別アクションや、解放タイルを使わずに進みます")
        self.pass_button.on_click(lambda _: self._act(self.controller.pass_turn))
        return [self.pass_button]

    def keyed_buttons(self) -> dict[str, w.Button]:
        return {"pass": self.pass_button}

    def update_buttons(self) -> None:
        self.pass_button.disabled = not self.controller.can_pass()

    def click_move(self, move: Any) -> None:
        """Make ``move`` the way a person would: the same clicks and buttons.

        For tests and demonstrations; the board still asks gamelib."""
        c = self.controller
        if isinstance(move, str):
            move = c.state.parse_move(move)
        if move.kind == "pass":
            self.pass_button.click()
            return
        for x, y in c.click_points(move):
            self._on_mouse_down(x, y)

    def _click_tile(self, player: int, colour: int, index: int) -> None:
        rx, ry, rw, rh = self.controller.layout.tile_rects(player, self.controller.state.stacks[player])[colour][index]
        self._on_mouse_down(rx + rw / 2, ry + rh / 2)
