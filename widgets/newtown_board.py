"""The live さいころニュータウン board: the shared board with the game's options, a button for
each kind of move the person to move may make, and a short list for the moves that need a
choice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as w

from .board import GameBoard
from .newtown import GROUPS, INSTANT, NewtownController, group_key, house_spots, house_size

#: The options' lists, from the controller (the short game is a check box).
CHOICES = tuple((c.key, c.label, c.choices) for c in NewtownController.option_controls if c.choices is not None)


class Board(GameBoard):
    """A whole game of さいころニュータウン at one screen, people or computer in any seat.

    The buttons are the kinds of move ``gamelib`` allows now; one that needs a choice opens
    the list under them (only legal moves are listed) and 「決定」 plays the one chosen.
    Clicks on the board do the same more directly: a land moves the craftsman, a die of the
    pool is taken, a tenant card and then a house fills the house; one's white dice, land
    cards and houses narrow the list.  A refused click shows the rule's reason.
    """

    controller_class = NewtownController
    css_class = "newtown-board"
    controller: NewtownController

    def option_widgets(self, options: Mapping[str, Any]) -> list[w.Widget]:
        self.choice_boxes = {
            key: w.Dropdown(options=list(values), value=options.get(key, values[0][1]), description=label,
                            style={"description_width": "initial"}, layout=w.Layout(width="auto"))
            for key, label, values in CHOICES
        }
        short = next(c for c in self.controller.option_controls if c.key == "short_game")
        self.short_box = w.Checkbox(value=bool(options.get("short_game", False)), description=short.label,
                                    indent=False, layout=w.Layout(width="auto"))
        row = w.HBox([*self.choice_boxes.values(), self.short_box])
        row.add_class("board-controls")
        return [row]

    def option_fields(self) -> dict[str, w.Widget]:
        return {**self.choice_boxes, "short_game": self.short_box}

    def chosen_options(self) -> dict[str, Any]:
        defaults = {key: values[0][1] for key, _, values in CHOICES}
        options: dict[str, Any] = {k: box.value for k, box in self.choice_boxes.items() if box.value != defaults[k]}
        if self.short_box.value:
            options["short_game"] = True
        return options

    def action_buttons(self) -> list[w.Widget]:
        self._syncing = False
        self.move_buttons: dict[str, w.Button] = {}
        for key, label in GROUPS.items():
            button = w.Button(description=label, layout=w.Layout(width="auto", display="none"))
            button.on_click(lambda _, key=key: self._act(lambda: self.controller.select_group(key)))
            self.move_buttons[key] = button
        self.choice_a = w.Dropdown(options=[], layout=w.Layout(width="auto", max_width="480px", display="none"))
        self.choice_b = w.Dropdown(options=[], layout=w.Layout(width="auto", max_width="480px", display="none"))
        self.choice_a.observe(lambda change: self._on_choice_a(), "value")
        self.confirm_button = w.Button(description="決定", icon="check", button_style="success",
                                       layout=w.Layout(width="auto", display="none"))
        self.confirm_button.on_click(lambda _: self._act(self._confirm))
        self.clear_button = w.Button(description="選び直す", icon="times", layout=w.Layout(width="auto"),
                                     tooltip="盤面で選んだものや、開いた一覧を取り消します")
        self.clear_button.on_click(lambda _: self._act(self.controller.clear))
        self.chooser = w.HBox([self.choice_a, self.choice_b, self.confirm_button])
        self.chooser.add_class("board-controls")
        return [*self.move_buttons.values(), self.chooser, self.clear_button]

    # -- the list of moves ----------------------------------------------------------------------------
    def _choices(self) -> list[tuple[str, list[tuple[str | None, Any]]]]:
        return self.controller.choices() if self.controller.group is not None else []

    def _on_choice_a(self) -> None:
        if self._syncing:
            return
        self._fill_b()

    def _fill_b(self, preferred: Any = None) -> None:
        choices = self._choices()
        index = self.choice_a.value
        seconds = choices[index][1] if index is not None and index < len(choices) else []
        labelled = [(label, j) for j, (label, _) in enumerate(seconds) if label is not None]
        self._syncing = True
        try:
            self.choice_b.options = labelled
            if labelled:
                pick = next((j for j, (_, m) in enumerate(seconds) if m == preferred), 0)
                self.choice_b.value = pick
        finally:
            self._syncing = False
        self.choice_b.layout.display = "" if labelled else "none"
        if not labelled:
            self.choice_b.value = None

    def chosen_move(self) -> Any:
        """The move the list shows as chosen (None when the list is closed or out of date)."""
        choices = self._choices()
        a = self.choice_a.value
        if a is None or a >= len(choices) or [label for label, _ in self.choice_a.options] != [
                label for label, _ in choices]:
            return None
        seconds = choices[a][1]
        b = self.choice_b.value if seconds[0][0] is not None else 0
        if b is None or b >= len(seconds):
            return None
        return seconds[b][1]

    def _confirm(self) -> None:
        move = self.chosen_move()
        if move is None:
            self.controller.error = "一覧から選んでください。"
            return
        self.controller.choose(move)

    def keyed_buttons(self) -> dict[str, w.Button]:
        return dict(self.move_buttons)

    def update_buttons(self) -> None:
        c = self.controller
        groups = c.groups()
        for key, button in self.move_buttons.items():
            shown = key in groups
            button.layout.display = "" if shown else "none"
            button.disabled = not shown
            if shown:
                button.description = c.group_label(key)
                count = len(groups[key])
                button.button_style = "info" if key == c.group else ""
                button.tooltip = ("押すとすぐに指します" if key in INSTANT and count == 1
                                  else f"{count}通りから選びます")
        current = self.chosen_move() if self.choice_a.options else None
        choices = self._choices()
        preferred = c.preferred if c.preferred is not None else current  # the hint's move, else the one chosen
        if preferred is None:
            preferred = c.default_choice()  # (a list just opened)
        c.preferred = None
        self._syncing = True
        try:
            options = [(label, i) for i, (label, _) in enumerate(choices)]
            if list(self.choice_a.options) != options:
                self.choice_a.options = options
            if choices:
                pick = next((i for i, (_, seconds) in enumerate(choices) if any(m == preferred for _, m in seconds)), 0)
                self.choice_a.value = pick
        finally:
            self._syncing = False
        self.choice_a.layout.display = "" if choices else "none"
        self.confirm_button.layout.display = "" if choices else "none"
        self.confirm_button.disabled = not choices
        self._fill_b(preferred)
        # (pressable only with something to forget, as on the site: a JupyterLab tester pressed it
        # with nothing chosen, and nothing happened)
        self.clear_button.disabled = not any(a.key == "clear" and a.enabled for a in c.actions())

    # -- tests and demonstrations -------------------------------------------------------------------------
    def click_move(self, move: Any) -> None:
        """Make ``move`` the way a person would: the clicks on the board it has, else its button
        and (when it needs a choice) the list and 「決定」.  For tests and demonstrations; the
        board still asks gamelib."""
        c = self.controller
        if isinstance(move, str):
            move = c.state.parse_move(move)
        if c.curtain_down():
            self.reveal_button.click()
        if any(a.key == "clear" and a.enabled for a in c.actions()):  # (as a person can: not when disabled)
            self.clear_button.click()
        state = c.state
        layout = c.layout
        if move.kind == "take":
            for colour, value, x, y in layout.pool_slots(state.pool):
                if (colour, value) == tuple(move.args):
                    self._on_mouse_down(x + 13, y + 13)
                    return
        if move.kind == "go":
            bx, by, bw, bh = layout.geo.land_box(move.args[0])
            self._on_mouse_down(bx + bw / 2, by + 8)
            return
        if move.kind == "draft":
            for card, x, y in layout.row_slots(state.row):
                if card in move.args:
                    self._on_mouse_down(x + 10, y + 10)
            self._pick(move)
            return
        if move.kind == "tenant":
            self._click_tenant_card(move.args[0], move.args[1])
            if move.args[2]:
                h = c.state.house(move.args[2])
                for house, x, yb, u in house_spots(layout.geo, h.land, c.state.houses):
                    if house.id == h.id:
                        width, height = house_size(house.footprint, house.floors, house.penthouse, u)
                        self._on_mouse_down(x + width / 3, yb - 2)
                        return
            self._pick(move)
            return
        key = group_key(move)
        self.move_buttons[key].click()
        if len(c.state.moves) == len(state.moves) and c.state == state:
            self._pick(move)

    def _click_tenant_card(self, column: int, row: int) -> None:
        for c, r, x, y in self.controller.layout.tenant_slots(self.controller.state.grid):
            if (c, r) == (column, row):
                self._on_mouse_down(x + 20, y + 20)
                return

    def _pick(self, move: Any) -> None:
        """Choose ``move`` in the list and press 「決定」."""
        if self.controller.group is None:
            self.move_buttons[group_key(move)].click()
        choices = self._choices()
        for i, (_, seconds) in enumerate(choices):
            for j, (_, m) in enumerate(seconds):
                if m == move:
                    self.choice_a.value = i
                    if seconds[0][0] is not None:
                        self.choice_b.value = j
                    self.confirm_button.click()
                    return
        self.controller.error = f"一覧に「{move}」がありません。"
        self.redraw()

