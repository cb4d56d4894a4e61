"""The boards of the static site: the same controllers as in JupyterLab, driven by the page.

On the static site a board runs in the reader's browser: Pyodide (Python in WebAssembly) runs
this module in a Web Worker, and the page's script (``book/_static/rulebook-play.js``) sends
it what the reader does and draws what it answers.  Nothing here needs ipywidgets: a
:class:`WebBoard` wraps a game's :class:`~widgets.controller.BoardController` and speaks JSON.

A command is a JSON object ``{"do": ..., ...}``; the answer is the board's whole :meth:`view`
(the SVG picture, the status line, the log, the controls as they stand), plus
``"pending"``: the seconds to wait before sending ``{"do": "tick"}`` when a computer is to
move (the computers move one at a time, as on the live board), and ``"save"`` after
``{"do": "save"}``.

>>> session = Session()
>>> view = session.handle("b1", '{"do": "open", "config": {"game": "tree", "players": 2, "seed": 5}}')
>>> '"status"' in view and '<svg' in view
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any

from .controller import HINT_BUSY, SETTING_TIPS, UNDO_TIP, UNDO_WAIT_WORDS, BoardController, fresh_seed, later_note, read_seed
from .games import controller_class

#: Seconds between two computer moves (as on the live board).
COMPUTER_DELAY = 0.6
#: Under the result of a game over: the way to the next one (on the page, 「新しいゲーム」 is in the
#: settings folded above the board).
NEW_GAME_NOTE = ("同じ設定でもう一度遊ぶときは「もう一度遊ぶ」を押します(人数や席を変えるときは、上の「設定」を開いて"
                 "「新しいゲーム」を押します)。")
#: The button a finished game shows last in its row: a next game like it, with a fresh seed (or
#: the one typed in the settings).
AGAIN = ("もう一度遊ぶ", "同じ人数・ルール・席で、新しいゲームを始めます(設定のシードに数を入れてあれば、その配りで)")
#: The largest saved game the page passes on (a real one is a few kilobytes).
MAX_SAVE = 2_000_000


class WebBoard:
    """One board of a page: a controller, and the computer move waiting for its turn."""

    def __init__(self, config: Mapping[str, Any]) -> None:
        if not isinstance(config, Mapping):
            raise ValueError("a board's configuration is a JSON object")
        cls = controller_class(str(config.get("game")))
        players = config.get("players", cls.game.min_players)
        seed = config.get("seed")
        seed = fresh_seed() if seed is None else seed
        seats = config.get("seats")
        extra = {"mode": config["mode"]} if "mode" in config else {}
        self.controller: BoardController = cls(players, seed, config.get("options") or {}, seats,
                                               computers_later=True, **extra)
        #: The computer move waiting for the page's next ``tick``, and the seconds to wait for it.
        self._waiting: Callable[[], None] | None = None
        self.delay = float(config.get("delay", COMPUTER_DELAY))
        self.controller.computer_delay = self.delay
        self.controller.scheduler = self._schedule
        self.controller.cancel_computers()
        self.controller.run_computers()  # (the first computer moves, one at a time from now on)
        if "width" in config:
            self.controller.fit_width(float(config["width"]))

    def _schedule(self, delay: float, callback: Callable[[], None]) -> bool:
        self._waiting = callback
        self.delay = delay
        return True

    # -- what the page asks -----------------------------------------------------------------------
    def handle(self, command: Mapping[str, Any]) -> dict[str, Any]:
        """Do ``command`` and return the board's view (with ``"save"`` for a save)."""
        c = self.controller
        do = command.get("do")
        extra: dict[str, Any] = {}
        if do == "view":
            pass
        elif do == "click":
            x, y = float(command["x"]), float(command["y"])
            if c.thinking():  # (a computer's move is on the way: only what the board shows may change)
                if command.get("moves", len(c.state.moves)) == len(c.state.moves):
                    c.board_click(x, y)  # (told to wait: the computer the page showed still thinks)
                else:  # (a tap that waited while a search ran: another computer thinks now)
                    c.view_click(x, y)
            elif not command.get("look"):  # (a tap made while the page showed a computer thinking
                c.click(x, y)              # was not meant for the turn that has begun since)
                c.run_computers()
        elif do == "action":
            c.act(str(command["key"]))
            c.run_computers()
        elif do == "choose":
            move = self._chosen(command)
            if move is None:
                c.error = "一覧から選んでください。"
            else:
                c.choose(move)  # type: ignore[attr-defined]
        elif do == "seat":
            shown = command.get("shown")
            if (type(shown) is int and c.game.min_players <= shown <= c.game.max_players and shown != len(c.seats)
                    and command.get("kind") in c.seat_kinds):  # (a refused seat leaves them as they were)
                c.pin_next_seats(shown)  # (the next game's seats shown beside it stay as shown)
            c.set_seat(int(command["player"]), str(command["kind"]))
        elif do == "next_seat":  # a seat beyond this game's, for the next (the settings' 人数)
            c.set_next_seat(int(command["player"]), str(command["kind"]))
        elif do == "undo":
            c.undo()
        elif do == "hint":
            c.hint()
        elif do == "reveal":
            c.reveal()
        elif do == "tick":
            callback, self._waiting = self._waiting, None
            if callback is not None:
                callback()
        elif do == "width":
            c.fit_width(float(command["width"]))
        elif do == "new":
            extra["setup_error"] = self._new_game(command)
        elif do == "again":
            if c.state.is_over():  # (a late press on a game already started again does nothing)
                try:  # (the seed in the settings, if the reader typed one: the same deal again)
                    seed = read_seed(command.get("seed", ""))
                except ValueError as exc:
                    c.error = str(getattr(exc, "message_ja", None) or exc)
                else:
                    c.play_again(seed)
        elif do == "save":
            extra["save"] = c.state.to_json()
            # the game's Japanese name, as the reader knows it (「ザ・ツリー-2手.json」)
            extra["filename"] = f"{c.title.removesuffix('の盤面')}-{len(c.state.moves)}手.json"
        elif do == "load":
            self._load(command.get("text"))
        else:
            raise ValueError(f"unknown command {do!r}")
        return {**self.view(), **extra}

    def _new_game(self, command: Mapping[str, Any]) -> str | None:
        """Start the game the settings ask for; what is wrong with them (the game goes on), or None."""
        c = self.controller
        try:
            seed = read_seed(command.get("seed", ""))
            options = c.chosen_options(command.get("options") or {})
            players = int(command.get("players", c.state.players))
            c.new_game(players, seed, c.options_for(players, options), c.seats_for(players))
        except ValueError as exc:  # an option that does not fit the player count, a bad seed
            return getattr(exc, "message_ja", None) or str(exc)  # (said beside the settings, not on the board)
        return None

    def _load(self, text: Any) -> None:
        c = self.controller
        try:
            state = read_save(text, c.game)
        except ValueError as exc:
            c.error = str(getattr(exc, "message_ja", None) or exc)
            return
        c.load(state)
        c.run_computers()

    def _chosen(self, command: Mapping[str, Any]) -> Any:
        choices = getattr(self.controller, "choices", None)
        if choices is None or getattr(self.controller, "group", None) is None:
            return None
        listed = choices()
        a, b = command.get("a"), command.get("b", 0)
        if not isinstance(a, int) or not 0 <= a < len(listed):
            return None
        seconds = listed[a][1]
        if seconds[0][0] is None:
            b = 0
        if not isinstance(b, int) or not 0 <= b < len(seconds):
            return None
        return seconds[b][1]

    # -- what the page shows ----------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        c = self.controller
        state = c.state
        picture = c.picture()
        choices, chosen = self._choice_lists()
        return {
            "game": c.game.name,
            "svg": picture.svg,
            "alt": picture.alt,
            "width": c.layout.width,
            "height": c.layout.height,
            "status": c.status_line(),
            "bar": c.bar_line(),  # (the status line's words kept at the top while it is out of sight)
            "bar_hinted": c.bar_hinted(),  # (a hint and what to do: six lines in the bar, not four)
            "news": c.news(),  # (at the foot of a phone's screen once, while the status line is out of sight)
            "error": c.error is not None,
            "asking": c.asking(),  # (a question where a refusal stands: not in red)
            # (under a refusal's reason: what to do now; under a game's result: how to play again)
            "then": c.then_line() or (NEW_GAME_NOTE if state.is_over() else ""),
            "bar_then": c.then_line(hint=False),  # (under a refusal in the bar: what to do, not the hint)
            "log": c.log_html(),
            "info": c.result_html() if state.is_over() else c.info_html(),
            "over": state.is_over(),
            "moves": len(state.moves),
            "players": state.players,
            "min_players": c.game.min_players,
            "max_players": c.game.max_players,
            "names": [c.player_names[p] for p in range(state.players)],
            "seats": list(c.seats),
            # (every seat the game may have: names, and who sits at those beyond this game's)
            "seat_names": {n: c.names_for(n) for n in range(c.game.min_players, c.game.max_players + 1)},
            "next_seats": c.seats_for(c.game.max_players),
            "seat_kinds": [[label, key] for key, (label, _) in c.seat_kinds.items()],
            "seat_help": c.seat_help(),
            "setting_tips": SETTING_TIPS,
            "setting_later": later_note(state.is_over(), bool(c.option_controls)),
            "options": [{"key": o.key, "label": o.label, "players": o.players, "tip": o.tip or None, "needs": o.needs,
                         "choices": None if o.choices is None else [[label, value] for label, value in o.choices],
                         "value": state.options_dict().get(o.key, o.initial)} for o in c.option_controls],
            "actions": [a._asdict() for a in c.actions()],
            "actions_last": c.actions_last,  # (after the hint, undo, save and load: see the controller)
            "choices": choices,
            "chosen": chosen,
            "has_lists": hasattr(c, "choices"),  # (the page keeps room for the list from the start)
            "reveal": {"label": c.reveal_label, "shown": c.shows_curtain_button(), "enabled": c.curtain_down()},
            "can_undo": c.can_undo(),
            "can_hint": c.can_hint(),
            "hint_busy": HINT_BUSY,  # (the hint button's words while a slow hint is worked out)
            "again": list(AGAIN) if state.is_over() else None,  # (a finished game's last button)
            "hint_tip": c.hint_tip(),  # (off behind the curtain: the tip says how to get it)
            "undo_tip": UNDO_TIP,
            "wait_words": BoardController.WAIT_WORDS,
            # (said at once when 「元に戻す」 is pressed while a computer thinks: a search keeps
            # Python busy, and the undo is made only after its move, silent meanwhile)
            "undo_wait_words": UNDO_WAIT_WORDS,
            "hint_key": c.hint_action(),  # (the button the hint would press, marked like the hint)
            "thinking": c.thinking(),
            # whether a tap can change what the board shows while a computer thinks (Kingdomino's
            # small kingdoms on a phone); if not, the page does not send such taps at all
            "pending": self.delay if self._waiting is not None else None,
        }

    def _choice_lists(self) -> tuple[list[list[Any]], list[int]]:
        """The list of moves a button opened (Newtown): ``[[label, [second labels]], ...]`` and the
        pair to show as chosen (the controller's default: the hint's move, else the first that
        costs no points for nothing)."""
        c = self.controller
        choices = getattr(c, "choices", None)
        if choices is None or getattr(c, "group", None) is None:
            return [], [0, 0]
        listed = choices()
        preferred = c.default_choice() if hasattr(c, "default_choice") else getattr(c, "preferred", None)
        chosen = [0, 0]
        for i, (_, seconds) in enumerate(listed):
            for j, (_, move) in enumerate(seconds):
                if move == preferred:
                    chosen = [i, j]
        return [[label, [s for s, _ in seconds if s is not None]] for label, seconds in listed], chosen


def read_save(text: Any, game: type) -> Any:
    """A saved game of ``game`` from the text of a file, or ValueError saying in Japanese what is wrong."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError("ファイルが空です。この盤面で保存したゲームのファイルを選んでください。")
    if len(text) > MAX_SAVE:
        raise ValueError("ファイルが大きすぎます。この盤面で保存したゲームのファイルではありません。")
    try:
        data = json.loads(text)
    except ValueError:
        raise ValueError("このファイルは保存したゲームではありません(保存ファイルの書式として読めません)。") from None
    if not isinstance(data, dict) or "game" not in data or "moves" not in data:
        raise ValueError("このファイルは保存したゲームではありません(ゲームの名前と手順がありません)。")
    if data["game"] != game.name:
        raise ValueError("このファイルは別のゲームの保存データです。この盤面のゲームのファイルを選んでください。")
    try:
        return game.from_json(text)
    except ValueError as exc:  # (NotationError, IllegalMoveError: each says what in Japanese)
        reason = getattr(exc, "message_ja", None) or ""
        if not reason or re.search("[A-Za-z]", reason):  # (a reason naming a key of the file)
            reason = "必要な項目が欠けているか、手順や局面が合っていません。"
        raise ValueError(f"保存データを読めませんでした。{reason}") from None


class Session:
    """Every board of one page, by the page's name for each (they share one Python)."""

    def __init__(self) -> None:
        self.boards: dict[str, WebBoard] = {}

    def handle(self, board: str, command_json: str) -> str:
        """Answer one command as JSON; a failure becomes ``{"fatal": Japanese words, "detail": ...}``
        (the page shows the words; nothing of Python's reaches the reader)."""
        try:
            command = json.loads(command_json)
            if command.get("do") == "open":
                self.boards[board] = WebBoard(command.get("config") or {})
                answer = self.boards[board].view()
            else:
                answer = self.boards[board].handle(command)
        except Exception as exc:  # noqa: BLE001 - the page must always get an answer
            answer = {"fatal": "盤面を動かせませんでした。ページを読み込みなおしてください。",
                      "detail": f"{type(exc).__name__}: {exc}"}
        return json.dumps(answer, ensure_ascii=False)


__all__ = ["NEW_GAME_NOTE", "Session", "WebBoard", "read_save", "read_seed"]
