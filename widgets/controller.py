"""What every game board shares, apart from drawing: seats, computer players, moves offered
to ``gamelib``, undo, and the picture of the position.

A game's controller subclasses :class:`BoardController`, sets ``game`` (a ``gamelib`` state
class) and implements ``make_layout``, ``draw_background``, ``draw``, ``status`` and
``describe``; clicks become candidate moves that go through :meth:`play`.

Shared here for every game: computer seats moving one at a time (``computer_delay`` and a
``scheduler``, the live board's event loop), undo back to a person's last decision, every
move in words (``describe_move``, the log under the board) and each player's last move (for
the marks), the hint (what :class:`~gamelib.players.GreedyPlayer` would do), and one
pass-the-screen curtain for the games with secrets of a seat (``has_secrets``).
"""

from __future__ import annotations

import html
import re
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple

from gamelib import GameState, IllegalMoveError
from gamelib.players import SEARCH_STRENGTHS, GreedyPlayer, RandomPlayer, search_player

from .reader import names
from .surface import Picture, Surface, SvgSurface

PLAYER_NAMES = ("赤", "青", "緑", "黄")


def fresh_seed() -> int:
    """A seed from the operating system's entropy, for a board started without one."""
    return secrets.randbelow(10**9)


def read_seed(text: Any) -> int:
    """The seed typed for the next game (up to 9 digits), or a fresh one when the box is empty."""
    text = str(text if text is not None else "").strip()
    if not text:
        return fresh_seed()
    if re.fullmatch(r"[0-9]{1,9}", text):
        return int(text)
    raise ValueError("シードは9桁までの数字(半角)で入れてください(空欄ならおまかせで決まります)。")

PLAYER_COLOURS = ("#c62828", "#1e4fd8", "#1b7f3a", "#b26a00")
#: The frame of a hint (what the greedy player would do).
HINT = "#ff8f00"
#: A remark in brackets, in what to do now, on the green frames of the legal moves or on how to
#: turn a piece: under a shown hint the site's bar leaves it out (:meth:`BoardController.bar_line`).
TARGET_ASIDE = re.compile(r"\([^()]*(?:緑の枠|回転|もう一度クリック)[^()]*\)")
#: The hint button's words while a hint is worked out (a search's takes a moment): as many
#: letters as 「ヒント」, so that the row of buttons keeps its width.
HINT_BUSY = "考え中"
#: What 「元に戻す」 does, on hover (the one button of the row that had said nothing).
UNDO_TIP = "人が操作する席の最後の手の前まで戻します(そのあとのコンピューターの手も戻ります)"
#: On the site, 「元に戻す」 pressed while a computer thinks: the undo comes once its move is made.
UNDO_WAIT_WORDS = "元に戻します。コンピューターが考え終わるまで少しお待ちください。"
#: The width of a phone's text column (a 390 px screen): what the site's phone pictures of a
#: board (before 「この盤面で遊ぶ」, and the replays' frames) are drawn for.
PHONE_COLUMN = 358


#: The tooltips of the settings every board has (the site's page shows the same ones).
#: How a hint's orange frame over two squares is played (the domino games, キングドミノ).
EITHER_SQUARE = "枠のどちらかのマスをクリックすると、そのとおりに置きます"
#: Beside the settings, once the player count or a rule chosen there differs from the game on the
#: board (a tester changed 人数 mid-game and the game went on with no word).
LATER_NOTE = "人数とルールは「新しいゲーム」を押すと変わります。今のゲームはこのまま続きます。"
#: The same note once the game is over (a tester read that a finished game would go on).
LATER_NOTE_OVER = "人数とルールは「新しいゲーム」を押すと変わります。"


def later_note(over: bool, rules: bool = True) -> str:
    """Under the settings, while they differ from the game on the board: when they take effect
    (``rules``: whether the game has rules to choose; ドミニマム's note had named rules it has none of)."""
    note = LATER_NOTE_OVER if over else LATER_NOTE
    return note if rules else note.replace("人数とルールは", "人数は", 1)


SETTING_TIPS = {
    "players": "次のゲームの人数です。「新しいゲーム」を押すと、この人数で始まります",
    "seed": "ランダムに決まること(配り方や並び)を決める数です。同じ数なら同じゲームになり、空のままなら毎回新しいゲームになります",
    "new": "設定した人数・シード・ルール・席で、はじめから新しいゲームを始めます",
}


class Step(NamedTuple):
    """One move played on the board: the position before it, who played it, the move and its
    Japanese words (:meth:`BoardController.describe_move`)."""

    before: Any
    player: int
    move: Any
    words: str
    #: Whether a person chose it (a seat changed later does not make it one): undo goes back
    #: to the last such decision.
    by_person: bool = True


class OptionControl(NamedTuple):
    """One option a board offers for the next game: a check box (``choices`` is None) or a
    list of ``(shown, value)`` pairs, the book's default first.  ``gamelib`` checks every value."""

    key: str
    label: str
    choices: tuple[tuple[str, Any], ...] | None = None
    default: Any = False
    #: The player counts it is for (None: every count); the settings show it only for those.
    players: tuple[int, ...] | None = None
    #: What it does, in a sentence (the settings' tooltip): a newcomer need not know the chapter.
    tip: str = ""
    #: The check box it belongs to (None: none): a ruling on how a variant is scored matters
    #: only while the variant is chosen, and the settings show it only then.
    needs: str | None = None

    @property
    def initial(self) -> Any:
        return self.choices[0][1] if self.choices is not None else self.default


class Action(NamedTuple):
    """A button a board shows beside the picture (「回転」, 「捨てる」, 「使わない」...): what pressing
    it does is :meth:`BoardController.act` with ``key``."""

    key: str
    label: str
    enabled: bool = True
    #: Shown as pressed (a mode that is on, a list that is open).
    selected: bool = False
    tip: str = ""
    #: A button that is either pressed or not (one of a set of modes, a list that opens): a
    #: screen reader then hears "not pressed" as well as "pressed".
    toggle: bool = False


#: A scheduler calls ``callback`` after ``delay`` seconds and returns True, or returns False
#: when it cannot (no running event loop): the computers then move at once.
Scheduler = Callable[[float, Callable[[], None]], bool]


class BoardController(ABC):
    """A game at one screen: people or computer players in any seat."""

    game: ClassVar[type[GameState]]
    title: ClassVar[str] = "盤面"
    player_names: ClassVar[Sequence[str]] = PLAYER_NAMES
    #: seat kind → (label, computer player factory taking a seed; None for a person)
    seat_kinds: ClassVar[dict[str, tuple[str, Callable[[int], Any] | None]]] = {
        "human": ("人が操作", None),
        "random": ("ランダム", RandomPlayer),
        "greedy": ("欲張り", GreedyPlayer),
        # the search player at three strengths: the time it thinks a move
        **{kind: (label, search_player(SEARCH_STRENGTHS[kind])) for kind, label in (
            ("search-weak", "弱い・0.2秒"), ("search", "普通・1秒"), ("search-strong", "強い・3秒"))},
    }

    #: The options a board offers for the next game (check boxes and lists).
    option_controls: ClassVar[tuple[OptionControl, ...]] = ()
    #: What each kind of seat is, in a sentence (the seat menus' tooltip; one line tells the
    #: three strengths of the search player, under the first of them).
    seat_tips: ClassVar[dict[str, str]] = {
        "human": "人が操作: この画面で人が手を選びます(クリックやタップで)",
        "random": "ランダム: できる手の中から無作為に選ぶコンピューターです",
        "greedy": "欲張り: その手番でいちばん得になる手を選ぶコンピューターです",
        "search-weak": "弱い・普通・強い: 先を読んで手を選ぶコンピューターです(秒数は1手を考える時間)",
    }

    @classmethod
    def seat_help(cls) -> str:
        """The seat menus' tooltip: every kind this board offers, a line each."""
        return "\n".join(cls.seat_tips[kind] for kind in cls.seat_kinds if kind in cls.seat_tips)

    #: Whether the game has secrets of a seat (a hand, a mission, a colour) that a pass-the-screen
    #: curtain hides when two or more people share the screen.
    has_secrets: ClassVar[bool] = False
    #: The button that lifts the curtain for the person to move.
    reveal_label: ClassVar[str] = "手元を見る"
    #: Whether a click on the board waits for the curtain to be lifted (the secrets are needed to play).
    curtain_blocks_clicks: ClassVar[bool] = True
    #: Whether the game's own buttons come after the hint, undo, save and load: a game whose
    #: buttons come and go with each kind of move (さいころニュータウン) would move those under
    #: the pointer, as its buttons went while a computer thought.
    actions_last: ClassVar[bool] = False
    #: Lines of the move log under the board.
    log_length: ClassVar[int] = 4
    #: Seconds between two computer moves (0: all at once). The live board sets it.
    computer_delay: float = 0.0
    #: How a computer move is put off (the live board's event loop); None: at once.
    scheduler: Scheduler | None = None
    #: Called after a computer move played later (the live board redraws).
    on_change: Callable[[], None] | None = None
    #: The board is laid out for a narrow screen (a phone): the live board sets it from the
    #: width the page gives it (:meth:`fit_width`).
    narrow: bool = False
    #: While the board is made with ``computers_later``: the opening computers wait.
    _hold_computers: bool = False
    #: Drawn as a still picture (a replay's frame, the site's picture of a board before
    #: 「この盤面で遊ぶ」): nothing in it asks to be pressed.
    still: bool = False

    state: Any
    layout: Any

    def __init__(self, players: int = 2, seed: int = 0, options: Mapping[str, Any] | None = None,
                 seats: Sequence[str] | None = None, *, computers_later: bool = False) -> None:
        # (``computers_later``: the computers who open the game wait for :meth:`run_computers`,
        # once the board that shows them has set ``computer_delay`` and ``scheduler``: the
        # site's board then shows each opening move in turn)
        self._hold_computers = computers_later
        self.new_game(players, seed, options, seats)
        self._hold_computers = False

    # -- set-up ---------------------------------------------------------------------
    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None,
                 seats: Sequence[str] | None = None) -> None:
        state = self.game.new(players, dict(options or {}), seed)
        seats = list(seats) if seats is not None else ["human"] * players
        if len(seats) != players or any(s not in self.seat_kinds for s in seats):
            raise ValueError(f"seats must name {players} of {', '.join(self.seat_kinds)}")
        self.cancel_computers()
        self.state = state
        self.seats = seats
        self.next_seats: dict[int, str] = {}  # (seats chosen beyond this game's: now its own)
        self.layout = self.make_layout()
        self.history: list[Step] = []
        self.error = None
        self.undone: str | None = None  # what 「元に戻す」 took back, said until the next move, hint or refusal
        self.revealed = False
        self.hint_move: Any = None
        self._computers: dict[int, Any] = {}
        for p, kind in enumerate(seats):
            self._seat_player(p, kind)
        self.reset_selection()
        if not self._hold_computers:
            self.run_computers()

    def play_again(self, seed: int | None = None) -> None:
        """A next game like this one (the same player count, rules and seats): the finished
        game's 「もう一度遊ぶ」, with ``seed`` (the one the reader typed in the settings: a
        tester set one, played, pressed 「もう一度遊ぶ」 and met another deal), else a fresh one."""
        self.new_game(self.state.players, fresh_seed() if seed is None else seed, self.state.options_dict(),
                      list(self.seats))

    def seats_for(self, players: int) -> list[str]:
        """The seats of a next game of ``players``: the board's as they are (a seat is the one of
        the same name: in ドミノメガ the two players' game is 点 and 大円); each new one as chosen
        for it (:meth:`set_next_seat`), else the same computer as the last computer seat (a person
        only where every seat is a person's: adding a player must not turn a game against the
        computer into a pass-the-screen game)."""
        extra = next((kind for kind in reversed(self.seats) if kind != "human"), "human")
        out = []
        for p in range(players):
            now = self.seat_now(players, p)
            out.append(self.seats[now] if now is not None else self.next_seats.get(self.seat_key(players, p), extra))
        return out

    def seat_now(self, players: int, p: int) -> int | None:
        """Which seat of this game seat ``p`` of a game of ``players`` is (the same name), if any:
        the settings change that seat at once; another is the next game's.  (In ドミノメガ the
        settings' second seat for two players is 大円, this game's third: it had changed 小円.)"""
        name = self.names_for(players)[p]
        current = self.names_for(len(self.seats))
        return current.index(name) if name in current else None

    def seat_key(self, players: int, p: int) -> int:
        """Seat ``p`` of a game of ``players`` by its place among the most players' names (how
        the next game's choices are kept, whatever the count chosen)."""
        return self.names_for(self.game.max_players).index(self.names_for(players)[p])

    @classmethod
    def names_for(cls, players: int) -> list[str]:
        """The players' names in a game of ``players`` (the settings name the seats so)."""
        return list(cls.player_names[:players])

    def set_next_seat(self, player: int, kind: str) -> None:
        """Choose who sits at a seat the game does not have yet (the settings show the seats of
        the player count chosen for the next game): it is the next game's, from 新しいゲーム.
        ``player``: the seat's place among the most players' names (:meth:`seat_key`)."""
        if kind not in self.seat_kinds:
            raise ValueError(f"a seat is one of {', '.join(self.seat_kinds)}")
        if not 0 <= player < self.game.max_players or self.seat_now(self.game.max_players, player) is not None:
            raise ValueError(f"seat {player} is not one the next game may add")
        self.next_seats[player] = kind

    def pin_next_seats(self, players: int) -> None:
        """The next game's seats of ``players`` that nobody chose keep the kind they show now.
        Called before one of this game's seats changes while the settings show more seats than
        the game has: a tester changed 青 to 欲張り beside 緑 and 黄 shown as 人が操作, and saw
        them turn to 欲張り too (they follow the last computer seat only until they are shown)."""
        shown = self.seats_for(players)
        for p in range(players):
            if self.seat_now(players, p) is None:
                self.next_seats.setdefault(self.seat_key(players, p), shown[p])

    def _seat_player(self, player: int, kind: str) -> None:
        self._computers.pop(player, None)
        factory = self.seat_kinds[kind][1]
        if factory is not None:
            self._computers[player] = factory(self.state.seed * 10 + player)

    def set_seat(self, player: int, kind: str) -> None:
        if kind not in self.seat_kinds:
            raise ValueError(f"a seat is one of {', '.join(self.seat_kinds)}")
        self.seats[player] = kind
        self._seat_player(player, kind)
        self.cancel_computers()
        self.revealed = False
        self.hint_move = None
        self.error = None
        self.run_computers()

    @classmethod
    def chosen_options(cls, chosen: Mapping[str, Any]) -> dict[str, Any]:
        """The options of ``chosen`` (option key → value from the board's controls) that differ
        from the book's defaults: what ``gamelib`` is given for the next game."""
        known = {c.key: c for c in cls.option_controls}
        unknown = sorted(set(chosen) - set(known))
        if unknown:
            raise ValueError(f"unknown options: {', '.join(unknown)}")
        return {key: value for key, value in chosen.items() if value != known[key].initial}

    @classmethod
    def options_for(cls, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """``options`` without those for other player counts or for a variant not chosen (the
        settings hide them; a choice left there is not the new game's)."""
        other = {c.key for c in cls.option_controls if c.players is not None and players not in c.players}
        other |= {c.key for c in cls.option_controls if c.needs is not None and not options.get(c.needs)}
        return {key: value for key, value in options.items() if key not in other}

    def play_config(self) -> dict[str, Any]:
        """What starts this very game on another screen (the static site's live board)."""
        return {"game": self.game.name, "players": self.state.players, "seed": self.state.seed,
                "options": self.state.options_dict(), "seats": list(self.seats)}

    def load(self, state: Any) -> None:
        """Continue a saved game (a state of this game): its moves become the board's history,
        and the seats stay as they are (a save names no seats; seats beyond the board's are
        :meth:`seats_for`'s).  Undo goes back to the last move of a person's seat."""
        if type(state) is not self.game:
            raise ValueError(f"a saved game of {getattr(state, 'name', '?')}, not of {self.game.name}")
        seats = self.seats_for(state.players)
        self.new_game(state.players, state.seed, state.options_dict(), ["human"] * state.players)
        for text in state.moves:  # (the words of a move may tell what it led to: the state is after it)
            before = self.state
            move = before.parse_move(text)
            self.state = before.play(move)
            by_person = seats[before.current_player] == "human"
            self.history.append(Step(before, before.current_player, move, self.describe_move(before, move), by_person))
        self.seats = seats
        for p, kind in enumerate(seats):
            self._seat_player(p, kind)
        self.reset_selection()

    # -- buttons beside the picture -------------------------------------------------
    def actions(self) -> list[Action]:
        """The game's own buttons, as they stand now."""
        return []

    def act(self, key: str) -> bool:
        """Press the button ``key`` of :meth:`actions` (a disabled one does nothing)."""
        return False

    def result_html(self) -> str:
        """Under the picture once the game is over: the result, and the seed that replays it."""
        if not self.state.is_over():
            return ""
        return (f'<p class="board-result" style="font-weight:bold;font-size:15px">{self.status_line()}</p>'
                f"{self.info_html()}"
                f'<p class="board-seed">このゲームのシード: {self.state.seed}'
                "(同じシードと同じ手順で、同じゲームになります)</p>")

    # -- the space the page gives ----------------------------------------------------
    #: The width the page last gave the board (0 until it says).
    available: float = 0

    def look_at(self, player: int | None) -> None:
        """Show ``player``'s part of the board large, where a layout shows one part large
        (Kingdomino's phone layout); None: as the layout chooses.  Other boards show every
        player's part alike, and this does nothing."""

    def fit_width(self, width: float) -> bool:
        """Lay the board out for ``width`` pixels: the wide layout when it fits, else the narrow
        one (either may take the width given: Kingdomino's phone layout, さいころニュータウン's
        sheets under its map where three columns do not fit, the domino grids on a
        wide screen). Returns whether the layout changed, its kind or its size."""
        before = (self.narrow, self.layout.width, self.layout.height) if getattr(self, "layout", None) else None
        self.available = width
        self.narrow = False
        wide = self.make_layout().width
        self.narrow = width < wide
        self.layout = self.make_layout()
        return (self.narrow, self.layout.width, self.layout.height) != before

    # -- moves ------------------------------------------------------------------------
    def human_to_move(self) -> bool:
        p = self.state.current_player
        return p is not None and self.seats[p] == "human"

    def computer_to_move(self) -> bool:
        return not self.state.is_over() and self.state.current_player in self._computers

    @property
    def error(self) -> str | None:
        """The reason of the last refusal, shown in the status until the next thing done."""
        return self._error

    @error.setter
    def error(self, reason: str | None) -> None:
        self._error = reason
        if reason is not None:  # (what 「元に戻す」 took back is old news once a refusal is said:
            self.undone = None  # it came back after the next step that cleared the refusal)

    _error: str | None = None

    def asking(self) -> bool:
        """Whether the words standing where a refusal's reason would are a question, not a
        refusal (shown in black, not red: カバレオ's 「全員の色を見せる」 asks before it shows)."""
        return False

    def _record(self, before: Any, move: Any, by_person: bool = True) -> None:
        player = before.current_player
        self.history.append(Step(before, player, move, self.describe_move(before, move), by_person))
        self.hint_move = None
        self.told_to_wait = False
        self.error = None
        self.undone = None
        if self.state.current_player != player:
            self.revealed = False  # the next person takes the screen first

    def play(self, move: Any) -> bool:
        """Offer a move to gamelib; when it is refused keep the position and show why."""
        before = self.state
        try:
            self.state = self.state.play(move)
        except IllegalMoveError as exc:
            self.error = exc.message_ja
            return False
        self._record(before, move)
        self.error = None
        self.reset_selection()
        self.run_computers()
        return True

    # computer players: at once, or one move at a time through the scheduler
    _generation = 0
    _pending = False

    def cancel_computers(self) -> None:
        """Forget a computer move put off for later (a new game, an undo, a seat changed)."""
        self._generation += 1
        self._pending = False
        self.told_to_wait = False

    def thinking(self) -> bool:
        """A computer is to move and its move is on the way."""
        return self._pending and self.computer_to_move()

    #: A click or press meant for the game came while a computer was thinking (until its move):
    #: the status line says to wait (such a click had done nothing and said nothing).
    told_to_wait = False
    WAIT_WORDS = "終わるまで少しお待ちください。"

    def board_click(self, x: float, y: float) -> bool:
        """A click on the board, as the page gives it: while a computer thinks, only what the
        board shows may change (:meth:`view_click`), and a click meant for a move is told to
        wait; else :meth:`click`.  Returns whether a move was played."""
        if self.thinking():
            if not self.view_click(x, y):
                self.told_to_wait = True
            return False
        return self.click(x, y)

    def run_computers(self) -> None:
        """Let the computer seats move until a person is to move or the game is over: at once,
        or (with ``computer_delay`` and a scheduler) one move every ``computer_delay`` seconds."""
        if not self.computer_to_move() or self._pending:
            return
        if self.computer_delay > 0 and self.scheduler is not None:
            token = self._generation
            self._pending = True
            if self.scheduler(self.computer_delay, lambda: self._computer_step(token)):
                return
            self._pending = False
        while self.computer_to_move():
            self._computer_move()

    def _computer_move(self) -> None:
        before = self.state
        move = self._computers[before.current_player].choose(before)
        self.state = before.play(move)
        self._record(before, move, by_person=False)
        self.reset_selection()

    def _computer_step(self, token: int) -> None:
        if token != self._generation:
            return  # cancelled meanwhile
        self._pending = False
        if self.computer_to_move():
            self._computer_move()
        self.run_computers()
        if self.on_change is not None:
            self.on_change()

    def can_go_on(self) -> bool:
        """The game is over, or a person is to move and has a legal move, or a computer's move is
        on the way: the board never waits for nothing."""
        if self.state.is_over():
            return True
        if self.human_to_move():
            return bool(self.state.legal_moves())
        return self.thinking()

    # undo
    def can_undo(self) -> bool:
        """Whether some move of the game was a person's decision (undo goes back to it)."""
        return any(step.by_person for step in self.history)

    def undo(self) -> bool:
        """Back to the last position where a person was to move (computer moves undone too);
        when no person has moved yet, back to the start, where the computers move again."""
        if not self.history:
            return False
        self.cancel_computers()
        self.error = None
        self.revealed = False
        self.hint_move = None
        for i in range(len(self.history) - 1, -1, -1):
            if self.history[i].by_person:
                break
        else:
            i = 0
        taken = self.history[i:]
        self.state = taken[0].before
        del self.history[i:]
        self.undone = self.undone_words(taken)
        self.reset_selection()
        self.run_computers()
        return True

    def undone_words(self, taken: list[Step]) -> str:
        """What an undo took back, said at the head of the status line (a newcomer pressed
        「元に戻す」 and saw no sign that anything had happened): 「元に戻しました。プレイヤー1の
        「27番に国王を乗せる」と、そのあとのコンピューターの2手を取り消しました。」  Where a
        turn is several moves, the turns are counted too: 「コンピューターの2回の手番(4手)」 (a
        tester read ドミナップ's 「4手」 as four turns, where two had placed four tiles)."""
        own = [step for step in taken if step.by_person]
        theirs = [step for step in taken if not step.by_person]
        turns = len(self._turns(theirs))
        others = f"{len(theirs)}手" if turns == len(theirs) else f"{turns}回の手番({len(theirs)}手)"
        if not own:
            return f"元に戻しました。コンピューターの{others}を取り消し、最初からやり直します。"
        step = own[0]
        after = f"と、そのあとのコンピューターの{others}" if theirs else ""
        # the move itself, without what it set off (「赤の3を取る。第1階層が終わった…」 was long)
        words = step.words.split("。")[0]
        return f"元に戻しました。{self.player_names[step.player]}の「{words}」{after}を取り消しました。"

    def since_own_move(self) -> tuple[Step, list[Step]] | None:
        """For the person to move: their own last step and the steps made since (what the others
        did, which a game's status may tell before what to do now); None while a computer is to
        move, or before the person has moved."""
        if not self.human_to_move():
            return None
        p = self.state.current_player
        for i in range(len(self.history) - 1, -1, -1):
            if self.history[i].player == p:
                return self.history[i], self.history[i + 1:]
        return None

    # what each seat may see: one pass-the-screen curtain for every game with secrets
    def humans(self) -> list[int]:
        return [p for p, kind in enumerate(self.seats) if kind == "human"]

    def viewer(self) -> int | None:
        """Whose secrets the board may show: the only person at the board; with several people,
        the person to move once they have lifted the curtain; else nobody."""
        humans = self.humans()
        if len(humans) == 1:
            return humans[0]
        p = self.state.current_player
        return p if p is not None and self.seats[p] == "human" and self.revealed else None

    def curtain_down(self) -> bool:
        """Several people share the screen and the person to move has not yet lifted the curtain."""
        return (self.has_secrets and len(self.humans()) > 1 and self.human_to_move() and not self.revealed
                and not self.state.is_over())

    def shows_curtain_button(self) -> bool:
        """Whether 「手元を見る」 is shown at all: only where several people share the screen."""
        return self.has_secrets and len(self.humans()) > 1

    def reveal(self) -> None:
        """The person to move lifts the curtain (「手元を見る」)."""
        if self.human_to_move():
            self.revealed = True
            self.error = None

    def curtain_words(self) -> str:
        name = self.player_names[self.state.current_player]
        return f"{name}の番です。画面を{name}に渡してください。{name}は「{self.reveal_label}」を押してください。"

    #: What the curtain hides, in words (for :meth:`curtain_note`).
    secret_words: ClassVar[str] = "手元"

    def curtain_note(self) -> str:
        """Under the instruction while the curtain is down in a game whose clicks do not wait for it;
        on a later step of the same turn, only how to look (a tester read the whole hand-over
        again under every step, the status running to four lines)."""
        name = self.player_names[self.state.current_player]
        if self.history and self.history[-1].player == self.state.current_player:
            return f"({name}の{self.secret_words}は「{self.reveal_label}」で見えます。)"
        return (f"{name}の{self.secret_words}は隠してあります。画面を{name}に渡し、{name}が「{self.reveal_label}」を押すと"
                "見えます(見なくても手は打てます。ヒントは、見てから使えます)。")

    # hint: what a computer player would do for the person to move
    #: The seat kind whose player gives the hint (the greedy one, unless a game has a player
    #: of its own that plays better and still quickly), and the hint's words for it.
    hint_kind: ClassVar[str] = "greedy"
    hint_by: ClassVar[str] = "欲張りなコンピューター"

    def can_hint(self) -> bool:
        return self.human_to_move() and not self.state.is_over() and not self.curtain_down()

    def hint_tip(self) -> str:
        """The hint button's tooltip: what it shows, or (behind the curtain) how to get it."""
        if self.has_secrets and self.curtain_down():
            return f"「{self.reveal_label}」を押すと使えます"
        return f"{self.hint_by}ならどうするかを示します"

    def hint(self) -> bool:
        if not self.can_hint():
            return False
        self.hint_move = self.hint_player(self.state.seed * 10 + 7).choose(self.state)
        self.undone = None
        self.error = None
        self.show_hint(self.hint_move)
        return True

    def hint_player(self, seed: int) -> Any:
        """The player whose move the hint is: by default the seat kind ``hint_kind``'s."""
        make = self.seat_kinds[self.hint_kind][1]
        assert make is not None
        return make(seed)

    def show_hint(self, move: Any) -> None:
        """Make ready what the hint needs shown (a game may select the hinted piece)."""

    def hint_action(self) -> str | None:
        """The key of the button (an :class:`Action`) that makes the shown hint, marked on the board
        like the hint in the picture; None when there is no hint or the picture shows it."""
        move = self.hint_move
        if move is None or not self.can_hint():
            return None
        return self.hinted_button(move)

    def hinted_button(self, move: Any) -> str | None:
        """The key of the button that makes ``move`` (「パス」, 「捨てる」...), if a button does."""
        return None

    # what the board says
    def status_line(self) -> str:
        """The status line: whose turn and what to do, a computer thinking, the curtain, a hint."""
        if self.thinking():  # (a refusal from before no longer matters)
            p = self.state.current_player
            wait = self.WAIT_WORDS if self.told_to_wait else ""
            return f"{self.player_names[p]}({self.seat_kinds[self.seats[p]][0]})が考えています…{wait}"
        undone = self.undone if self.error is None and self.undone else ""
        if self.error is None and self.curtain_down():
            if self.curtain_blocks_clicks:
                return undone + self.curtain_words()
            # a move may be made without looking: what to do now, and how to look
            return undone + self.report() + self.status() + self.curtain_note()
        text = undone + (self.report() if self.error is None and not undone else "") + self.status()
        # (under a refusal the hint goes with what to do now, :meth:`then_line`: after the reason
        # it read as part of the refusal, in its red)
        if self.hint_move is not None and self.error is None:
            text += self.hint_line()
        return text

    def others_since_own_move(self) -> list[Step]:
        """For the person to move: the others' steps since the person's last move (or, before
        their first, since the start); empty while a computer is to move or the game is over."""
        if not self.human_to_move() or self.state.is_over():
            return []
        since = self.since_own_move()
        if since is not None:
            return since[1]
        return [step for step in self.history if step.player != self.state.current_player]

    def report(self) -> str:
        """What the others did since the person's last move, said before what to do now (a game
        whose turns are short enough to tell gives it; the site's bar leaves it out)."""
        return ""

    def last_words(self) -> str:
        """At the end, after the result: what came after the only person's last move (testers
        found the game over and the moves that ended it only in the log), in the game's words
        (:meth:`steps_told`); nothing with several people, or when the person moved last."""
        humans = self.humans()
        mine = [i for i, step in enumerate(self.history) if step.player in humans]
        if len(humans) != 1 or not mine or mine[-1] == len(self.history) - 1:
            return ""
        words = self.steps_told(self.history[mine[-1]:])
        return f"{self.player_names[humans[0]]}の最後の手のあと、{words}" if words else ""

    def steps_told(self, steps: Sequence[Step]) -> str:
        """The person's step (first) and the steps after it, as the status tells them: the
        others' moves, and what the person's own step set off (a game that tells them gives it)."""
        return ""

    def then_line(self, hint: bool = True) -> str:
        """While a refusal's reason stands in the status line (it does until the next action),
        what to do now, short (:meth:`prompt`), shown under it: the reason alone had taken the
        instruction's place, and a newcomer was left without the next step.  With ``hint``, the
        hint shown before the refusal after it (a refusal leaves the position, so the hint still
        holds and its orange frame stays explained)."""
        if self.error is None or self.thinking() or self.state.is_over():
            return ""
        error, self.error = self.error, None
        try:
            then = self.curtain_words() if self.curtain_down() and self.curtain_blocks_clicks else self.prompt()
        finally:
            self.error = error
        # (not twice: a tap before the hand is shown is refused with the hand-over's own words)
        then = "" if then in error else then
        if hint and self.hint_move is not None and self.can_hint():
            then += self.hint_line()
        return then

    def hint_line(self) -> str:
        """The hint in the status line: 「ヒント(オレンジの枠): 欲張りなコンピューターなら34番に国王を乗せる。」
        (the frame it draws on the board, or on the button to press, is named: it was unexplained)."""
        return f"ヒント(オレンジの枠): {self.hint_by}なら{self.hint_words(self.hint_move)}。"

    def bar_line(self) -> str:
        """The status line's words for the bar the site keeps at the top of the screen while the
        status line is scrolled out of sight: what to do now, short (without how to hand the
        screen over, or a report of what has just happened, which the status line says)."""
        if self.error is not None and not self.thinking():
            # a refusal's reason (and under it, what to do now, :meth:`then_line` without the
            # hint, which the status line keeps: a phone's bar with both ran to five lines)
            return self.status_line()
        if self.thinking() or self.state.is_over():
            return self.status_line()
        if self.curtain_down() and self.curtain_blocks_clicks:
            return self.curtain_words()  # (nothing to do but take the screen)
        text = self.prompt()
        if self.bar_hinted():
            # the hint first: it is what was just asked for (after a long instruction, the hint
            # was the part cut off); then what to do, without its remarks on the green frames
            # and on turning, which the hint's orange frame and the turn it set stand in for (a
            # tester's bar ended in the middle of the instruction); the site gives it six lines
            text = self.hint_line() + TARGET_ASIDE.sub("", text)
        return text

    def bar_hinted(self) -> bool:
        """Whether :meth:`bar_line` gives a hint and then what to do (the site's bar then shows
        six lines, as for a refusal and what to do under it, where it shows four)."""
        return (self.hint_move is not None and self.error is None and not self.thinking()
                and not self.state.is_over() and not self.curtain_down())

    def news(self) -> str:
        """What the status line reports that a reader scrolled down to the pieces should not miss,
        though the site's bar gives only what to do now (a game gives its own: ドラゴンキーパー's
        level ends); the site shows it once at the foot of the screen while the status line is
        out of sight."""
        return ""

    def prompt(self) -> str:
        """What to do now, for :meth:`bar_line` (a game may leave out a report that comes first)."""
        return self.status()

    def hint_words(self, move: Any) -> str:
        """The hinted move in words, before it is made (a game may leave out what it would set off)."""
        return self.describe_move(self.state, move)

    def describe_move(self, before: Any, move: Any) -> str:
        """A move in Japanese words, e.g. 「27番に国王を乗せる」 (a game gives its own)."""
        return str(move)

    def last_moves(self) -> dict[int, Step]:
        """Each player's last move of the game so far."""
        return {step.player: step for step in self.history}

    def same_turn(self, previous: Step, step: Step) -> bool:
        """Whether ``step`` goes on the turn of ``previous`` (the step just before it): by
        default while the same player moves (a turn with extra moves, as in Dominup, is several
        steps).  A game whose player may move again in a new turn says so."""
        return step.player == previous.player

    def _turns(self, steps: Sequence[Step] | None = None) -> list[list[Step]]:
        """The steps (by default the whole game's) in turns, a turn's steps together (:meth:`same_turn`)."""
        turns: list[list[Step]] = []
        for step in self.history if steps is None else steps:
            if turns and self.same_turn(turns[-1][-1], step):
                turns[-1].append(step)
            else:
                turns.append([step])
        return turns

    def last_turns(self) -> dict[int, list[Step]]:
        """Each player's last turn: the moves of the last turn they played (:meth:`same_turn`)."""
        return {turn[0].player: turn for turn in self._turns()}

    def log_lines(self) -> list[tuple[int, str]]:
        """The last few turns, newest first: (player, 「名: words → words」), a turn's moves
        (:meth:`same_turn`) joined."""
        turns = [(turn[0].player, [step.words for step in turn]) for turn in self._turns()]
        return [(p, f"{self.player_names[p]}: " + " → ".join(words))
                for p, words in reversed(turns[-self.log_length:])]

    def log_html(self) -> str:
        lines = self.log_lines()
        moves = len(self.state.moves)  # (for tests: which position the page shows)
        if not lines:
            return (f'<div class="board-log" data-moves="{moves}" style="font-size:13px;color:#6d6a63;'
                    'min-height:1.4em">まだ誰も動いていません。</div>')
        rows = "".join(
            f'<div style="color:{self.player_colour(p) if i == 0 else "#555"};'
            f'{"font-weight:bold;" if i == 0 else ""}overflow-wrap:anywhere">'
            f"{html.escape(text)}</div>"
            for i, (p, text) in enumerate(lines)
        )
        return f'<div class="board-log" data-moves="{moves}" style="font-size:13px;line-height:1.5">{rows}</div>'

    def player_colour(self, p: int) -> str:
        """The colour that marks a player's moves (in the move list, the replays' captions and the
        frames round the last moves)."""
        return PLAYER_COLOURS[p % len(PLAYER_COLOURS)]

    def winners_text(self) -> str:
        return names(self.player_names[w] for w in self.state.winners())

    def final_words(self) -> str:
        """The status at the game's end: the winners, and every player's points where the game
        scores in points (:meth:`points_words`), so that the end needs no table to be read."""
        points = self.points_words()
        winners = f"勝者は{self.winners_text()}です。" if self.state.winners() else "勝者はいません。"
        return "ゲーム終了。" + winners + (f"{points}でした。" if points else "")

    def points_words(self) -> str:
        """Every player's final points in words (「赤は45点、青は52点」), or nothing for a game whose
        result is no count of points (the default)."""
        return ""

    def points_of(self, scores: Sequence[int], out: Mapping[int, str] | None = None) -> str:
        """「赤は45点、青は−3点、緑は第2階層で払えず除外」: points with a true minus sign; ``out``: the
        words for players out of the game, in place of their points."""
        out = out or {}
        return "、".join(f"{self.player_names[p]}は{out[p]}" if p in out
                        else f"{self.player_names[p]}は{'−' if v < 0 else ''}{abs(v)}点" for p, v in enumerate(scores))

    # -- what a game fills in --------------------------------------------------------
    def reset_selection(self) -> None:
        """Forget any half-made move (after a move, an undo or a new game)."""

    @abstractmethod
    def make_layout(self) -> Any:
        """Where everything sits, for drawing and for reading clicks."""

    @abstractmethod
    def draw_background(self, s: Surface) -> None:
        """What changes only with a new game."""

    @abstractmethod
    def draw(self, s: Surface) -> None:
        """The position, and the current player's legal targets."""

    @abstractmethod
    def status(self) -> str:
        """One Japanese sentence: whose turn and what to do, or why a click was refused."""

    @abstractmethod
    def describe(self) -> str:
        """The position as text (the board's text form, compared by nbval)."""

    @abstractmethod
    def click(self, x: float, y: float) -> bool:
        """A click on the board at (x, y); returns whether a move was played."""

    def info_html(self) -> str:
        return ""

    def view_click(self, x: float, y: float) -> bool:
        """A click that changes only what the board shows, never the game (it counts even while
        a computer is thinking); returns whether (x, y) was one. None by default."""
        return False

    # -- pictures ---------------------------------------------------------------------
    def picture(self) -> Picture:
        s = SvgSurface(self.layout.width, self.layout.height, self.title)
        self.draw_background(s)
        self.draw(s)
        return Picture(s.svg(), self.describe(), position=("save", self.state.to_json()))
