"""The live Kabaleo board: the shared board with Kabaleo's options, modes and buttons."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as w

from .board import GameBoard
from .kabaleo import KabaleoController


class Board(GameBoard):
    """A game of Kabaleo at one screen, people or computer in any seat.

    Click a piece in your hand, then a pile; green frames mark the piles ``gamelib``
    accepts, a red frame the pile played just before.  In 「色は本人だけ」 mode only the
    player to move sees their secret colour, after pressing 「担当色を見る」.
    """

    controller_class = KabaleoController
    css_class = "kabaleo-board"
    controller: KabaleoController

    def __init__(self, players: int = 3, seed: int = 0, options: Mapping[str, Any] | None = None,
                 seats: Sequence[str] | None = None, mode: str = "pass", *,
                 computer_delay: float | None = None) -> None:
        super().__init__(players, seed, options, seats, computer_delay=computer_delay)
        self.controller.mode = mode  # (chosen before the game: no need to ask)
        self.mode_box.value = mode

    def option_widgets(self, options: Mapping[str, Any]) -> list[w.Widget]:
        deal, scoring = self.controller.option_controls
        self.deal_box = w.Dropdown(options=list(deal.choices),
                                   value=options.get("deal", "random"), description="配り方",
                                   layout=w.Layout(width="auto"), style={"description_width": "initial"})
        self.scoring_box = w.Dropdown(options=list(scoring.choices),
                                      value=options.get("two_player_scoring", "sum"), description="2人の数え方",
                                      layout=w.Layout(width="auto"), style={"description_width": "initial"})
        return [self.deal_box, self.scoring_box]

    def option_fields(self) -> dict[str, w.Widget]:
        return {"deal": self.deal_box, "two_player_scoring": self.scoring_box}

    def chosen_options(self) -> dict[str, Any]:
        options: dict[str, Any] = {}
        if self.deal_box.value != "random":
            options["deal"] = self.deal_box.value
        if self.scoring_box.value != "sum":
            options["two_player_scoring"] = self.scoring_box.value
        return options

    def action_buttons(self) -> list[w.Widget]:
        modes = self.controller.MODES
        self.mode_box = w.ToggleButtons(options=[(label, mode) for mode, label in modes.items()], value="pass",
                                        tooltips=[self.controller.MODE_TIPS[mode] for mode in modes])
        self.mode_box.observe(self._on_mode, "value")
        return [self.mode_box]

    def _on_mode(self, change: dict[str, Any]) -> None:
        """A press of a mode button: 「全員の色を見せる」 in a game under way asks first, and the
        buttons stay as they were until it is pressed again (:meth:`KabaleoController.act`)."""
        if getattr(self, "_mode_syncing", False):
            return  # (the buttons set back to the mode the game keeps: no press of the reader's)
        if change["new"] is None:
            return  # (the buttons cleared while the question stands: see update_buttons)
        self._act(lambda: self.controller.act(f"mode:{change['new']}"))
        self.update_buttons()

    def update_buttons(self) -> None:
        """The mode buttons show the game's mode; while 「全員の色を見せる」's question stands,
        neither is pressed in, so that either press counts (a press of 「色は本人だけ」, the one
        pressed in, was no change to the buttons and did not answer the question in JupyterLab)."""
        want = None if self.controller.asking() else self.controller.mode
        if self.mode_box.value != want:
            self._mode_syncing = True
            try:
                self.mode_box.value = want
            finally:
                self._mode_syncing = False

    def click_move(self, move: Any) -> None:
        """Make ``move`` as a person would: click the piece in the hand, then the pile."""
        c = self.controller
        layout = c.layout
        player = c.state.current_player
        slot = c.state.colours.index(move.colour)
        x, y = layout.piece_xy(player, slot)
        self._on_mouse_down(x, y - 10)
        px, py = layout.pile_cell(move.pile)
        self._on_mouse_down(px + layout.pile_w / 2, py + layout.pile_h / 2)
