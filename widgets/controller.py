"""What every game board shares, apart from drawing: seats, computer players, moves offered
to ``gamelib``, undo, and the picture of the position.

A game's controller subclasses :class:`BoardController`, sets ``game`` (a ``gamelib`` state
class) and implements ``make_layout``, ``draw_background``, ``draw``, ``status`` and
``describe``; clicks become candidate moves that go through :meth:`play`.
"""

from __future__ import annotations

import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from gamelib import GameState, IllegalMoveError
from gamelib.players import GreedyPlayer, RandomPlayer

from .surface import Picture, Surface, SvgSurface

PLAYER_NAMES = ("赤", "青", "緑", "黄")


def fresh_seed() -> int:
    """A seed from the operating system's entropy, for a board started without one."""
    return secrets.randbelow(10**9)

PLAYER_COLOURS = ("#c62828", "#1e4fd8", "#1b7f3a", "#b26a00")


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
    }

    state: Any
    layout: Any

    def __init__(self, players: int = 2, seed: int = 0, options: Mapping[str, Any] | None = None,
                 seats: Sequence[str] | None = None) -> None:
        self.new_game(players, seed, options, seats)

    # -- set-up ---------------------------------------------------------------------
    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None,
                 seats: Sequence[str] | None = None) -> None:
        state = self.game.new(players, dict(options or {}), seed)
        seats = list(seats) if seats is not None else ["human"] * players
        if len(seats) != players or any(s not in self.seat_kinds for s in seats):
            raise ValueError(f"seats must name {players} of {', '.join(self.seat_kinds)}")
        self.state = state
        self.seats = seats
        self.layout = self.make_layout()
        self.history: list[Any] = []
        self.error: str | None = None
        self._computers: dict[int, Any] = {}
        for p, kind in enumerate(seats):
            self._seat_player(p, kind)
        self.reset_selection()
        self.run_computers()

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
        self.run_computers()

    # -- moves ------------------------------------------------------------------------
    def human_to_move(self) -> bool:
        p = self.state.current_player
        return p is not None and self.seats[p] == "human"

    def play(self, move: Any) -> bool:
        """Offer a move to gamelib; when it is refused keep the position and show why."""
        before = self.state
        try:
            self.state = self.state.play(move)
        except IllegalMoveError as exc:
            self.error = exc.message_ja
            return False
        self.history.append(before)
        self.error = None
        self.reset_selection()
        self.run_computers()
        return True

    def run_computers(self) -> None:
        while not self.state.is_over() and self.state.current_player in self._computers:
            player = self._computers[self.state.current_player]
            self.history.append(self.state)
            self.state = self.state.play(player.choose(self.state))

    def undo(self) -> bool:
        """Back to the last position where a person was to move (computer moves undone too)."""
        while self.history:
            self.state = self.history.pop()
            if self.human_to_move():
                self.error = None
                self.reset_selection()
                return True
        return False

    def winners_text(self) -> str:
        return "、".join(self.player_names[w] for w in self.state.winners())

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

    # -- pictures ---------------------------------------------------------------------
    def picture(self) -> Picture:
        s = SvgSurface(self.layout.width, self.layout.height, self.title)
        self.draw_background(s)
        self.draw(s)
        return Picture(s.svg(), self.describe(), position=("save", self.state.to_json()))
