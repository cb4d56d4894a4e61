"""The live board widget every game shares: controls, seats, the canvas, the status line.

A game's board subclasses :class:`GameBoard`, names its controller class and adds its own
option widgets and buttons; drawing and click handling live in the controller.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import ipywidgets as w
from ipycanvas import MultiCanvas, hold_canvas

from .controller import BoardController, fresh_seed
from .surface import CanvasSurface


class GameBoard(w.VBox):
    """Controls on top, the status line, the canvas (background and foreground layers), and
    an information panel below."""

    controller_class: ClassVar[type[BoardController]]
    css_class: ClassVar[str]

    def __init__(self, players: int, seed: int | None = None, options: Mapping[str, Any] | None = None,
                 seats: Sequence[str] | None = None) -> None:
        # Without a seed, one from the operating system: nobody at the table can know it.
        self.controller = self.controller_class(players, fresh_seed() if seed is None else seed, options, seats)
        game = self.controller.game
        self.canvas = MultiCanvas(2, width=self.controller.layout.width, height=self.controller.layout.height)
        self.canvas.on_mouse_down(self._on_mouse_down)
        self.canvas.on_client_ready(lambda *_: self.redraw(full=True))
        self.status = w.HTML()
        self.status.add_class("board-status")
        self.info = w.HTML()
        self.players_box = w.Dropdown(options=list(range(game.min_players, game.max_players + 1)), value=players,
                                      description="人数", layout=w.Layout(width="130px"))
        # The seed is the key to every secret (deck order, hands, secret colours): the box is
        # only for choosing the next game's; the current one is shown once the game is over.
        self.seed_box = w.Text(value="", placeholder="おまかせ", description="シード", layout=w.Layout(width="170px"))
        self.new_button = w.Button(description="新しいゲーム", icon="refresh")
        self.undo_button = w.Button(description="元に戻す", icon="undo")
        self.new_button.on_click(lambda _: self.new_game())
        self.undo_button.on_click(lambda _: self._act(self.controller.undo))
        self.seat_row = w.HBox()
        self._build_seats()
        super().__init__([
            w.HBox([self.players_box, self.seed_box, *self.option_widgets(options or {}), self.new_button]),
            self.seat_row,
            w.HBox([*self.action_buttons(), self.undo_button]),
            self.status,
            self.canvas,
            self.info,
        ])
        self.add_class(self.css_class)
        self._background_drawn = False
        self.redraw()

    # -- what a game adds ----------------------------------------------------------
    def option_widgets(self, options: Mapping[str, Any]) -> list[w.Widget]:
        return []

    def chosen_options(self) -> dict[str, Any]:
        return {}

    def action_buttons(self) -> list[w.Widget]:
        return []

    def update_buttons(self) -> None:
        pass

    # -- controls -------------------------------------------------------------------
    def _build_seats(self) -> None:
        seats = []
        for p, kind in enumerate(self.controller.seats):
            box = w.Dropdown(
                options=[(label, key) for key, (label, _) in self.controller.seat_kinds.items()], value=kind,
                description=self.controller.player_names[p], layout=w.Layout(width="190px"),
            )
            box.observe(lambda change, p=p: self._act(lambda: self.controller.set_seat(p, change["new"])), "value")
            seats.append(box)
        self.seat_row.children = seats

    def chosen_seed(self) -> int:
        """The seed typed for the next game (up to 9 digits), or a fresh one when the box is empty."""
        text = self.seed_box.value.strip()
        if not text:
            return fresh_seed()
        if re.fullmatch(r"[0-9]{1,9}", text):
            return int(text)
        raise ValueError("シードは9桁までの数字で入れてください(空欄ならおまかせで決まります)。")

    def new_game(self) -> None:
        players = self.players_box.value
        seats = list(self.controller.seats[:players]) + ["human"] * max(0, players - len(self.controller.seats))
        try:
            self.controller.new_game(players, self.chosen_seed(), self.chosen_options(), seats)
        except ValueError as exc:  # an option that does not fit the player count, a bad seed
            reason = getattr(exc, "message_ja", None) or str(exc)
            self.status.value = f'<div style="color:#c62828">{html.escape(reason)}</div>'
            return
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
        colour = "#c62828" if self.controller.error is not None else "#222"
        self.status.value = (f'<div style="color:{colour};font-size:14px;min-height:1.5em">'
                             f"{self.controller.status()}</div>")
        self.info.value = self.controller.info_html()
        if self.controller.state.is_over():  # now the seed may be told: it replays this game
            self.info.value += (f'<p class="board-seed">このゲームのシード: {self.controller.state.seed}'
                                "(同じシードと同じ手順で、同じゲームになります)</p>")
        self.undo_button.disabled = not self.controller.history
        self.update_buttons()

    def picture(self) -> Any:
        return self.controller.picture()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live view, plus the SVG picture the static site shows and nbval compares (with
        the position it shows in the metadata, for the real-position check)."""
        data = super()._repr_mimebundle_(**kwargs)
        picture = self.picture()
        data["image/svg+xml"] = picture.described_svg()
        data["text/plain"] = picture.alt
        kind, text = picture.position
        return data, {"rulebook": {"kind": kind, "position": text}}
