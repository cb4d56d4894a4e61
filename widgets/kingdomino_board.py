"""The live Kingdomino board: ipycanvas for the drawing, ipywidgets for the controls."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as w
from ipycanvas import MultiCanvas, hold_canvas

from .kingdomino import DIRECTIONS, PLAYER_NAMES, SEAT_KINDS, KingdominoController, score_table_html
from .surface import CanvasSurface


class Board(w.VBox):
    """A whole game of Kingdomino at one screen, people or computer in any seat.

    Click a domino of the new row to claim it; click a square of your kingdom to put the
    first half of your domino there (「回転」 turns where the second half goes). Green
    frames mark the squares ``gamelib`` accepts; a refused click shows the rule's reason.
    """

    def __init__(self, players: int = 4, seed: int = 0, options: Mapping[str, Any] | None = None,
                 seats: Sequence[str] | None = None) -> None:
        self.controller = KingdominoController(players, seed, options, seats)
        self.canvas = MultiCanvas(2, width=self.controller.layout.width, height=self.controller.layout.height)
        self.canvas.on_mouse_down(self._on_mouse_down)
        self.canvas.on_client_ready(lambda *_: self.redraw(full=True))
        self.status = w.HTML()
        self.status.add_class("kd-status")
        self.scores = w.HTML()
        self.players_box = w.Dropdown(options=[2, 3, 4], value=players, description="人数", layout=w.Layout(width="130px"))
        self.seed_box = w.IntText(value=seed, description="シード", layout=w.Layout(width="160px"))
        opts = dict(options or {})
        self.option_boxes = {
            key: w.Checkbox(value=bool(opts.get(key, False)), description=label, indent=False, layout=w.Layout(width="auto"))
            for key, label in (("mighty_duel", "壮大な決闘"), ("harmony", "調和"), ("middle_kingdom", "中央王国"))
        }
        self.new_button = w.Button(description="新しいゲーム", icon="refresh")
        self.rotate_button = w.Button(description="回転", icon="repeat")
        self.discard_button = w.Button(description="捨てる", icon="trash")
        self.undo_button = w.Button(description="元に戻す", icon="undo")
        self.new_button.on_click(lambda _: self.new_game())
        self.rotate_button.on_click(lambda _: self._act(self.controller.rotate))
        self.discard_button.on_click(lambda _: self._act(self.controller.discard))
        self.undo_button.on_click(lambda _: self._act(self.controller.undo))
        self.seat_row = w.HBox()
        self._build_seats()
        super().__init__([
            w.HBox([self.players_box, self.seed_box, *self.option_boxes.values(), self.new_button]),
            self.seat_row,
            w.HBox([self.rotate_button, self.discard_button, self.undo_button]),
            self.status,
            self.canvas,
            self.scores,
        ])
        self.add_class("kingdomino-board")
        self._background_drawn = False
        self.redraw()

    # -- controls -------------------------------------------------------------------
    def _build_seats(self) -> None:
        seats = []
        for p, kind in enumerate(self.controller.seats):
            box = w.Dropdown(
                options=[(label, key) for key, label in SEAT_KINDS.items()], value=kind,
                description=PLAYER_NAMES[p], layout=w.Layout(width="170px"),
            )
            box.observe(lambda change, p=p: self._act(lambda: self.controller.set_seat(p, change["new"])), "value")
            seats.append(box)
        self.seat_row.children = seats

    def new_game(self) -> None:
        options = {k: box.value for k, box in self.option_boxes.items() if box.value}
        players = self.players_box.value
        if options.get("mighty_duel") and players != 2:
            players = self.players_box.value = 2
        seats = [s for s in self.controller.seats[:players]] + ["human"] * max(0, players - len(self.controller.seats))
        self.controller.new_game(players, self.seed_box.value, options, seats)
        self.canvas.width, self.canvas.height = self.controller.layout.width, self.controller.layout.height
        self._build_seats()
        self._background_drawn = False
        self.redraw()

    def _act(self, action: Any) -> None:
        action()
        self.redraw()

    def _on_mouse_down(self, x: float, y: float) -> None:
        self.controller.click(x, y)
        self.redraw()

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

    # -- drawing --------------------------------------------------------------------
    def redraw(self, full: bool = False) -> None:
        """Redraw in one canvas message; the background layer only when it changed, or
        when ``full`` (a page that connects late starts with blank canvases)."""
        background, foreground = self.canvas[0], self.canvas[1]
        with hold_canvas():
            if full or not self._background_drawn:
                background.clear()
                self.controller.draw_background(CanvasSurface(background))
                self._background_drawn = True
            foreground.clear()
            self.controller.draw(CanvasSurface(foreground))
        error = self.controller.error is not None
        colour = "#c62828" if error else "#222"
        self.status.value = f'<div style="color:{colour};font-size:14px;min-height:1.5em">{self.controller.status()}</div>'
        self.scores.value = score_table_html(self.controller.state)
        human = self.controller.human_to_move()
        self.discard_button.disabled = not human or self.controller.state.phase != "place"
        self.rotate_button.disabled = not human

    def picture(self) -> Any:
        return self.controller.picture()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live view, plus the SVG picture the static site shows and nbval compares."""
        data = super()._repr_mimebundle_(**kwargs)
        picture = self.picture()
        data["image/svg+xml"] = picture.svg
        data["text/plain"] = picture.alt
        return data
