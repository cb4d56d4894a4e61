"""The live board widget every game shares: controls, seats, the canvas, the status line.

A game's board subclasses :class:`GameBoard`, names its controller class and adds its own
option widgets and buttons; drawing and click handling live in the controller.
"""

from __future__ import annotations

import asyncio
import html
import json
import os
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import ipywidgets as w
from ipycanvas import MultiCanvas, hold_canvas

from .controller import HINT_BUSY, SETTING_TIPS, UNDO_TIP, BoardController, fresh_seed, later_note, read_seed
from .surface import CanvasSurface

#: Canvas pixels per board pixel: a board is drawn at twice its size and shown at its own
#: size (never stretched), so it stays crisp on high-density screens.
PIXEL_RATIO = 2

#: Installed once per page by every board (an ``onerror`` of a broken inline image runs in
#: JupyterLab and Voilà alike, trusted or not, and adds no output to the notebook):
#: ipycanvas focuses the canvas on mouse-down, and ``focus()`` scrolls a partly hidden
#: canvas into view before the click is read, so the click lands elsewhere and the page
#: jumps; here a canvas never scrolls when focused.  On touch screens a board's canvas
#: leaves touches to the browser: a tap becomes an ordinary click, a swipe scrolls; and there
#: the status line says タップ where the controllers' texts say クリック.
_PAGE_SCRIPT = """(function () {
  if (window.rulebookBoards) { return; }
  window.rulebookBoards = true;
  var focus = HTMLElement.prototype.focus;
  HTMLCanvasElement.prototype.focus = function (options) {
    return focus.call(this, Object.assign({}, options || {}, {preventScroll: true}));
  };
  // Each board learns the width the page gives it (its hidden number box, read by Python),
  // and lays itself out for it: on a phone the board's parts stack instead of standing side by side.
  function report(board) {
    var input = board.querySelector('.board-viewport input');
    var width = Math.round(board.getBoundingClientRect().width);
    if (!input || !width || String(width) === input.value) { return; }
    input.value = String(width);
    input.dispatchEvent(new Event('change', {bubbles: true}));
  }
  // On a touch screen the status line says タップ (tap) where the board's words say クリック.
  var touch = !!(window.matchMedia && window.matchMedia('(pointer: coarse)').matches);
  function tapWords(board) {
    var status = touch && board.querySelector('.board-status');
    if (!status) { return; }
    var walk = document.createTreeWalker(status, NodeFilter.SHOW_TEXT), node;
    while ((node = walk.nextNode())) {
      if (node.nodeValue.indexOf('クリック') >= 0) { node.nodeValue = node.nodeValue.replace(/クリック/g, 'タップ'); }
    }
  }
  // Where a row above the picture grows (a refusal's reason and a hint: three lines of status;
  // さいころニュータウン's lists and buttons), the page scrolls by as much, so the picture stays
  // where it is on the screen, under the pointer about to click it (a tester's next clicks had
  // landed 21 px above what they aimed at); where one shrinks, the page scrolls back.
  var tops = new WeakMap(), lowered = new WeakMap();
  function picture(board) { return board.querySelector('.board-canvas-box'); }
  function scroller(node) {
    for (var n = node.parentElement; n; n = n.parentElement) {
      if (n.scrollHeight > n.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(n).overflowY)) { return n; }
    }
    return document.scrollingElement;
  }
  function remember(board) { var p = picture(board); if (p) { tops.set(board, p.getBoundingClientRect().top); } }
  function keep(board) {
    var p = picture(board);
    if (!p) { return; }
    var before = tops.get(board), box = p.getBoundingClientRect(), now = box.top;
    if (before !== undefined && Math.abs(now - before) > 0.5 && before < window.innerHeight &&
        before + box.height > 0) {  // (the picture in sight, if only in part)
      var by = now - before, outer = scroller(board);
      // after a press of one of its buttons, the button stays where it is, under the pointer,
      // and the picture moves instead: a second press of 「全員の色を見せる」, or of 「回転」 after
      // 「ヒント」, had found the button gone up by the lines the status line grew (not when the
      // press hid the button: さいころニュータウン's 「決定」 goes with its list, and its top read
      // as 0 held the page still, the picture moving down a little at every move)
      // A computer's move after the press (the status line said it was thinking meanwhile) is
      // no longer the press's: the picture stays still for it, as for any computer's move.
      if (pressed && pressed.board === board && board.querySelector('.board-status [data-thinking]')) { pressed = null; }
      var shown = pressed && pressed.button.isConnected && pressed.button.getClientRects().length > 0;
      if (shown && pressed.board === board && Date.now() - pressed.at < 2000) {
        var moved = by;
        by = pressed.button.getBoundingClientRect().top - pressed.top;
        // (how far the picture went down for it is given back when the rows above shrink again:
        // a hint's line, gone after the click it showed, had left the picture a line lower at
        // every hinted move)
        lowered.set(board, Math.max(0, (lowered.get(board) || 0) + moved - by));
      } else if (by < 0 && lowered.get(board) > 0) {
        var back = Math.min(-by, lowered.get(board));
        lowered.set(board, lowered.get(board) - back);
        by += back;
      }
      if (by) { outer.scrollBy(0, by); }
    }
    remember(board);
  }
  var pressed = null;
  document.addEventListener('pointerdown', function (event) {
    var button = event.target.closest && event.target.closest('.rulebook-board button');
    pressed = button ? {button: button, board: button.closest('.rulebook-board'), at: Date.now(),
                        top: button.getBoundingClientRect().top} : null;
  }, {capture: true, passive: true});
  // While a computer thinks, the status line (then one line, 「…が考えています…」) keeps the height
  // it had: shrinking, it had brought the buttons above down under a pointer on its way to
  // 「元に戻す」 (a tester's click missed). It comes down when the person is to move again.
  var held = new WeakMap();
  function hold(row) {
    if (!row.classList.contains('board-status')) { return; }
    if (!row.querySelector('[data-thinking]')) { row.style.minHeight = ''; held.set(row, row.offsetHeight); return; }
    var before = held.get(row) || 0;
    if (row.offsetHeight < before) { row.style.minHeight = before + 'px'; } else { held.set(row, row.offsetHeight); }
  }
  var rows = new ResizeObserver(function (entries) {
    entries.forEach(function (e) {
      var board = e.target.closest('.rulebook-board');
      hold(e.target);
      if (board) { keep(board); }
    });
  });
  document.addEventListener('scroll', function () {
    document.querySelectorAll('.rulebook-board').forEach(remember);
    // (a reader who scrolls after a press has moved the button on purpose)
    if (pressed && pressed.button.isConnected) { pressed.top = pressed.button.getBoundingClientRect().top; }
  }, {capture: true, passive: true});
  // Each settings field says on hover what it is (ipywidgets draws no tooltip on a field with a
  // label): the board lists the tips by label, and they go on the label and its field here.
  function tips(board) {
    var holder = board.querySelector('.board-tips');
    if (!holder) { return; }
    var told = JSON.parse(holder.getAttribute('data-tips') || '{}');
    board.querySelectorAll('.widget-inline-hbox').forEach(function (box) {
      var label = box.querySelector(':scope > .widget-label');
      var tip = label && told[label.textContent.trim()];
      if (!tip) { return; }
      label.title = tip;
      var field = box.querySelector('select, input');
      if (field) { field.title = tip; }
    });
    board.querySelectorAll('.widget-checkbox label').forEach(function (label) {
      var tip = told[label.textContent.trim()];
      if (!tip) { return; }
      label.title = tip;
      var box = label.querySelector('input');
      if (box) { box.title = tip; }
    });
  }
  var watched = new WeakSet();
  var sizes = new ResizeObserver(function (entries) { entries.forEach(function (e) { report(e.target); }); });
  function scan() {
    document.querySelectorAll('.rulebook-board').forEach(function (board) {
      if (!watched.has(board)) { watched.add(board); sizes.observe(board); remember(board); }
      board.querySelectorAll('.board-status, .board-controls').forEach(function (row) {
        if (!watched.has(row)) { watched.add(row); rows.observe(row); }
        hold(row);  // (its words changed: a computer has begun or stopped thinking)
      });
      report(board);
      tapWords(board);
      tips(board);
    });
  }
  new MutationObserver(scan).observe(document.body, {childList: true, subtree: true});
  scan();
  // The mouse wheel over a board scrolls the page, as anywhere else: the board needs no wheel,
  // and the canvas would otherwise take it (ipycanvas cancels it), so a reader with the pointer
  // over a large board could not scroll at all.
  document.addEventListener('wheel', function (event) {
    var t = event.target;
    if (t instanceof HTMLCanvasElement && t.closest('.rulebook-board')) { event.stopPropagation(); }
  }, {capture: true, passive: true});
  ['touchstart', 'touchmove', 'touchend', 'touchcancel'].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var t = event.target;
      if (t instanceof HTMLCanvasElement && t.closest('.rulebook-board')) { event.stopPropagation(); }
    }, {capture: true, passive: true});
  });
})();"""
PAGE_SCRIPT_HTML = (f'<img alt="" src="data:," style="display:none" onerror="{html.escape(_PAGE_SCRIPT)}">'
                    # (the browser's own scroll anchoring would move the page too, at times, on top
                    # of the page script's: the page script alone keeps the picture in place)
                    "<style>.rulebook-board{overflow-anchor:none}"
                    ".rulebook-board .board-canvas-box{max-width:100%;overflow:auto}"
                    ".rulebook-board .board-canvas-box canvas{max-width:none}"
                    ".rulebook-board canvas:focus{outline:none}"
                    # control rows wrap on a narrow screen instead of squeezing their controls
                    ".rulebook-board .board-controls{flex-wrap:wrap;align-items:center;gap:2px 14px}"
                    ".rulebook-board .board-controls>*{flex:0 0 auto;max-width:100%}"
                    ".rulebook-board .board-controls .widget-label{width:auto;min-width:0;padding-right:6px}"
                    # two lines of status (a hint, a refusal, the pass-the-screen words) fit in
                    # the room kept for it: the picture under it does not move when one grows
                    ".rulebook-board .board-status{min-height:42px}</style>")


def _in_kernel() -> bool:
    """Whether this runs in a Jupyter kernel (JupyterLab, Voilà), where the board is live."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def _schedule(delay: float, callback: Any) -> bool:
    """Run ``callback`` after ``delay`` seconds on the kernel's event loop (where widget
    messages are handled); False when no loop is running (a script, a test): then the
    computers move at once."""
    if not _in_kernel():  # a script or a test (even one inside another library's event loop)
        return False
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return False
    loop.call_later(delay, callback)
    return True


class GameBoard(w.VBox):
    """Controls on top, the status line, the canvas (background and foreground layers), and
    an information panel below."""

    controller_class: ClassVar[type[BoardController]]
    css_class: ClassVar[str]
    #: Seconds between two computer moves on the live board, so that each can be seen (the
    #: moves made while the board is built are made at once: the book's picture is the
    #: position a person meets). ``RULEBOOK_COMPUTER_DELAY`` in the environment changes it.
    computer_delay: ClassVar[float] = float(os.environ.get("RULEBOOK_COMPUTER_DELAY", "0.6"))

    def __init__(self, players: int, seed: int | None = None, options: Mapping[str, Any] | None = None,
                 seats: Sequence[str] | None = None, *, computer_delay: float | None = None) -> None:
        # Without a seed, one from the operating system: nobody at the table can know it.
        self.controller = self.controller_class(players, fresh_seed() if seed is None else seed, options, seats)
        self.controller.computer_delay = self.computer_delay if computer_delay is None else computer_delay
        self.controller.scheduler = _schedule
        self.controller.on_change = self.redraw
        game = self.controller.game
        self.canvas = MultiCanvas(2)
        self.canvas.on_mouse_down(self._on_canvas_mouse_down)
        self.canvas.on_client_ready(lambda *_: self.redraw(full=True))
        # the canvas at its own size in a box that scrolls sideways when the screen is narrower
        self.canvas_box = w.Box([self.canvas], layout=w.Layout(flex="0 0 auto"))
        self.canvas_box.add_class("board-canvas-box")
        self.page_script = w.HTML(PAGE_SCRIPT_HTML, layout=w.Layout(display="none"))
        # the width the page gives the board, written here by the page script
        self.viewport = w.IntText(value=0, layout=w.Layout(display="none"))
        self.viewport.add_class("board-viewport")
        self.viewport.observe(lambda change: self.fit_width(change["new"]), "value")
        self._size_canvas()
        self.status = w.HTML()
        self.status.add_class("board-status")
        self.info = w.HTML()
        self.players_box = w.Dropdown(options=list(range(game.min_players, game.max_players + 1)), value=players,
                                      description="人数", layout=w.Layout(width="auto"),
                                      tooltip=SETTING_TIPS["players"])
        # The seed is the key to every secret (deck order, hands, secret colours): the box is
        # only for choosing the next game's; the current one is shown once the game is over.
        self.seed_box = w.Text(value="", placeholder="おまかせ", description="シード",
                               layout=w.Layout(width="auto"), tooltip=SETTING_TIPS["seed"])
        self.new_button = w.Button(description="新しいゲーム", icon="refresh", tooltip=SETTING_TIPS["new"])
        self.undo_button = w.Button(description="元に戻す", icon="undo", tooltip=UNDO_TIP)
        self.new_button.on_click(lambda _: self.new_game())
        self.undo_button.on_click(lambda _: self._act(self.controller.undo))
        self.hint_button = w.Button(description="ヒント", icon="lightbulb-o", tooltip=self.controller.hint_tip())
        self.hint_button.on_click(lambda _: self._hint())
        # the pass-the-screen curtain: shown only in games with secrets of a seat
        self.reveal_button = w.Button(description=self.controller.reveal_label, icon="eye")
        self.reveal_button.on_click(lambda _: self._act(self.controller.reveal))
        if not self.controller.has_secrets:
            self.reveal_button.layout.display = "none"
        self.move_log = w.HTML()
        #: The settings' tooltips for the page script to put on their fields (:meth:`_update_tips`).
        self.tips = w.HTML(layout=w.Layout(display="none"))
        self.seat_row = w.HBox()
        self._build_seats()
        #: Under the settings: a count or a rule chosen there is the next game's (:meth:`show_later`).
        self.later_note = w.HTML()
        rows = [w.HBox([self.players_box, self.seed_box, *self.option_widgets(options or {}), self.new_button]),
                self.later_note,
                self.seat_row,
                w.HBox([self.reveal_button, self.hint_button, self.undo_button, *self.action_buttons()]
                       if self.controller.actions_last else
                       [*self.action_buttons(), self.reveal_button, self.hint_button, self.undo_button])]
        for row in rows:
            row.add_class("board-controls")
        super().__init__([
            *rows,
            self.status,
            self.canvas_box,
            self.move_log,
            self.info,
        ])
        self.children = (*self.children, self.page_script, self.viewport, self.tips)
        self.players_box.observe(lambda change: self.show_options_for(change["new"]), "value")
        fields = self.option_fields()
        # (a ruling on how a variant is scored shows while its variant is ticked)
        for needed in {control.needs for control in self.controller.option_controls} & fields.keys():
            fields[needed].observe(lambda _: self.show_options_for(self.players_box.value), "value")
        self.players_box.observe(lambda change: self._build_seats(change["new"]), "value")
        for field in [self.players_box, *fields.values()]:
            field.observe(lambda _: self.show_later(), "value")
        self.show_options_for(self.players_box.value)
        self.show_later()
        # (what each option does, on hover)
        for control in self.controller.option_controls:
            if control.tip and control.key in fields:
                fields[control.key].tooltip = control.tip
        self._update_tips()
        self.add_class(self.css_class)
        self.add_class("rulebook-board")
        self._background_drawn = False
        self.redraw()

    def option_fields(self) -> dict[str, w.Widget]:
        """The settings' option widgets by option key (from the game's boxes)."""
        fields: dict[str, w.Widget] = {}
        for name in ("option_boxes", "choice_boxes", "check_boxes", "flag_boxes"):
            fields.update(getattr(self, name, {}))
        return fields

    def show_options_for(self, players: int) -> None:
        """Show only the options for ``players`` (Kabaleo's 「2人の数え方」 is for two) whose
        variant is chosen (キングドミノ's 「中央王国の中央」 with 「中央王国」)."""
        fields = self.option_fields()
        for control in self.controller.option_controls:
            if control.key not in fields:
                continue
            shown = control.players is None or players in control.players
            if control.needs is not None and control.needs in fields:
                shown = shown and bool(fields[control.needs].value)
            fields[control.key].layout.display = "" if shown else "none"

    # -- what a game adds ----------------------------------------------------------
    def option_widgets(self, options: Mapping[str, Any]) -> list[w.Widget]:
        return []

    def chosen_options(self) -> dict[str, Any]:
        return {}

    def action_buttons(self) -> list[w.Widget]:
        return []

    def update_buttons(self) -> None:
        pass

    def keyed_buttons(self) -> dict[str, w.Button]:
        """The game's buttons by their :class:`Action` key (for the hint's mark)."""
        return {}

    # -- controls -------------------------------------------------------------------
    def _build_seats(self, count: int | None = None) -> None:
        """A seat for each player of the count chosen (``count``, else this game's): this game's
        seats change at once; a seat it does not have is chosen for the next game."""
        c = self.controller
        kinds = c.seats_for(count or len(c.seats))
        names = c.names_for(len(kinds))
        seats = []
        for p, kind in enumerate(kinds):
            box = w.Dropdown(
                options=[(label, key) for key, (label, _) in c.seat_kinds.items()], value=kind,
                description=names[p], layout=w.Layout(width="auto"), tooltip=c.seat_help(),
            )
            now = c.seat_now(len(kinds), p)  # (this game's seat of the same name, if any)
            if now is not None:
                box.observe(lambda change, now=now: self._seat_changed(now, change["new"]), "value")
            else:
                box.observe(lambda change, key=c.seat_key(len(kinds), p): c.set_next_seat(key, change["new"]), "value")
            seats.append(box)
        self.seat_row.children = seats
        self._update_tips()

    def _seat_changed(self, now: int, kind: str) -> None:
        """This game's seat ``now`` is ``kind`` from now on.  The next game's seats shown beside
        it keep the kind they show (:meth:`~.controller.BoardController.pin_next_seats`), as the
        site's settings do."""
        count = self.players_box.value
        if count != len(self.controller.seats):
            self.controller.pin_next_seats(count)
        self._act(lambda: self.controller.set_seat(now, kind))
        if count != len(self.controller.seats):
            self._build_seats(count)

    def _update_tips(self) -> None:
        """The tooltip of every settings field that has a label, by its label, for the page
        script: ipywidgets 8 draws no tooltip on a field that has a label (its issue #3964), and
        a newcomer could not learn on hover what 人数, a rule or 隠れ上手 is."""
        tips: dict[str, str] = {}

        def walk(widget: Any) -> None:
            for child in getattr(widget, "children", ()):
                walk(child)
            label, tip = getattr(widget, "description", ""), getattr(widget, "tooltip", None)
            if isinstance(widget, (w.Dropdown, w.Text, w.Checkbox)) and label and tip:
                tips[label] = tip

        walk(self)
        walk(self.seat_row)
        self.tips.value = f'<div class="board-tips" data-tips="{html.escape(json.dumps(tips, ensure_ascii=False))}"></div>'

    def show_later(self) -> None:
        """Say under the settings that a player count or a rule chosen there, which the game on
        the board does not have, is the next game's (from 「新しいゲーム」)."""
        c = self.controller
        players = self.players_box.value
        try:
            chosen = c.options_for(players, self.chosen_options())
        except ValueError:
            chosen = None
        later = players != c.state.players or chosen != c.state.options_dict()
        self.later_note.value = (f'<div class="board-later" style="color:#7a4b00">{later_note(c.state.is_over(), bool(c.option_controls))}</div>'
                                 if later else "")

    def chosen_seed(self) -> int:
        """The seed typed for the next game, or a fresh one when the box is empty."""
        return read_seed(self.seed_box.value)

    def new_game(self) -> None:
        try:
            options = self.chosen_options()
            players = self.players_box.value
            self.controller.new_game(players, self.chosen_seed(), self.controller.options_for(players, options),
                                     self.controller.seats_for(players))
        except ValueError as exc:  # an option that does not fit the player count, a bad seed
            reason = getattr(exc, "message_ja", None) or str(exc)
            self.status.value = f'<div style="color:#c62828">{html.escape(reason)}</div>'
            return
        self._size_canvas()
        self._build_seats()
        self._background_drawn = False
        self.redraw()
        self.show_later()

    def _act(self, action: Any) -> None:
        action()
        self.redraw()

    def _hint(self) -> None:
        """The hint, its button saying meanwhile that it is being worked out (a search's hint
        takes a moment; the words reach the page before the search begins)."""
        self.hint_button.description, self.hint_button.disabled = HINT_BUSY, True
        try:
            self._act(self.controller.hint)
        finally:
            self.hint_button.description = "ヒント"
            self.hint_button.disabled = not self.controller.can_hint()

    def _on_mouse_down(self, x: float, y: float) -> None:
        self.controller.board_click(x, y)
        self.redraw()

    def fit_width(self, width: int) -> None:
        """The page gives the board ``width`` pixels: the narrow layout when the wide one does
        not fit (the canvas is never stretched or shrunk)."""
        if width > 0 and self.controller.fit_width(width):
            self._size_canvas()
            self._background_drawn = False
            self.redraw()

    # -- drawing --------------------------------------------------------------------
    def _size_canvas(self) -> None:
        """Canvas pixels at ``PIXEL_RATIO`` times the layout, shown at the layout's own size."""
        width, height = self.controller.layout.width, self.controller.layout.height
        self.canvas.width, self.canvas.height = PIXEL_RATIO * width, PIXEL_RATIO * height
        size = {"width": f"{width}px", "height": f"{height}px", "min_width": f"{width}px",
                "min_height": f"{height}px", "flex": "0 0 auto"}
        for key, value in size.items():
            setattr(self.canvas.layout, key, value)

    def _on_canvas_mouse_down(self, x: float, y: float) -> None:
        """A click on the canvas, in canvas pixels: to board coordinates."""
        self._on_mouse_down(x / PIXEL_RATIO, y / PIXEL_RATIO)

    def redraw(self, full: bool = False) -> None:
        """Redraw in one canvas message; the background layer only when it changed, or
        when ``full`` (a page that connects late starts with blank canvases)."""
        background, foreground = self.canvas[0], self.canvas[1]
        layout = self.controller.layout
        if layout != getattr(self, "_drawn_layout", layout):  # (a narrow Kingdomino board enlarges another kingdom)
            if (layout.width, layout.height) != (self._drawn_layout.width, self._drawn_layout.height):
                self._size_canvas()
            self._background_drawn = False
        self._drawn_layout = layout
        with hold_canvas():
            if full or not self._background_drawn:
                background.clear()
                self.controller.draw_background(CanvasSurface(background, PIXEL_RATIO))
                self._background_drawn = True
            foreground.clear()
            self.controller.draw(CanvasSurface(foreground, PIXEL_RATIO))
        colour = "#c62828" if self.controller.error is not None and not self.controller.asking() else "#222"
        then = self.controller.then_line()  # (under a refusal's reason: what to do now)
        thinking = ' data-thinking="1"' if self.controller.thinking() else ""  # (its height is held: the page script)
        self.status.value = (f'<div style="color:{colour};font-size:14px;line-height:21px"{thinking}>'
                             f"{self.controller.status_line()}"
                             + (f'<div style="color:#222">{then}</div>' if then else "") + "</div>")
        self.move_log.value = self.controller.log_html()
        self.info.value = self.controller.info_html()
        if self.controller.state.is_over():  # now the seed may be told: it replays this game
            self.info.value = (f'<p class="board-result" style="font-weight:bold;font-size:15px">'
                               f"{self.controller.status_line()}</p>{self.info.value}")
            self.info.value += (f'<p class="board-seed">このゲームのシード: {self.controller.state.seed}'
                                "(同じシードと同じ手順で、同じゲームになります)</p>")
        if self.later_note.value:  # (its words once the game is over: it no longer goes on)
            self.show_later()
        self.undo_button.disabled = not self.controller.can_undo()
        self.hint_button.disabled = not self.controller.can_hint()
        # (off while the hand is behind the curtain: the tip says how to get it)
        self.hint_button.tooltip = self.controller.hint_tip()
        self.reveal_button.disabled = not self.controller.curtain_down()
        # (only where several people share the screen: with one, nothing is ever behind a curtain)
        self.reveal_button.layout.display = "" if self.controller.shows_curtain_button() else "none"
        self.update_buttons()
        hinted = self.controller.hint_action()  # the button the hint would press, in orange
        for key, button in self.keyed_buttons().items():
            if key == hinted:
                button.button_style = "warning"
            elif button.button_style == "warning":
                button.button_style = ""

    def picture(self) -> Any:
        return self.controller.picture()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live view, plus the SVG picture the static site shows and nbval compares (with
        the position it shows in the metadata, for the real-position check)."""
        data = super()._repr_mimebundle_(**kwargs)
        picture = self.picture()
        # the settings of this game, for the static site's 「この盤面で遊ぶ」 (read by the book's build)
        config = html.escape(json.dumps(self.controller.play_config(), ensure_ascii=False), quote=True)
        data["image/svg+xml"] = picture.described_svg().replace("<svg ", f'<svg data-rulebook-play="{config}" ', 1)
        data["text/plain"] = picture.alt
        kind, text = picture.position
        return data, {"rulebook": {"kind": kind, "position": text}}
