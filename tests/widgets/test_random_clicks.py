"""Thousands of random clicks and button presses on every board (undo, hint, rotate, pass,
discard, the curtain, seats, new games), seeded: after each one the board can always go on —
the game is over, or a person is to move with a legal move, or a computer's move is on its way.

Half the runs put the computers' moves off through a scheduler the test controls (the live
board's pause between computer moves), so undo, seats and new games also meet a computer
that is still thinking.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gamelib import seeded_rng
from widgets.dominoes import DominoBoard
from widgets.dragonkeeper import DragonKeeperBoard
from widgets.kabaleo import KabaleoBoard
from widgets.controller import PLAYER_NAMES
from widgets.kingdomino import KingdominoBoard
from widgets.newtown import NewtownBoard


class FakeClock:
    """A scheduler for the controller: callbacks wait until the test lets time pass."""

    def __init__(self) -> None:
        self.queue: list[Callable[[], None]] = []

    def __call__(self, delay: float, callback: Callable[[], None]) -> bool:
        self.queue.append(callback)
        return True

    def tick(self) -> None:
        if self.queue:
            self.queue.pop(0)()

    def run_out(self) -> None:
        while self.queue:
            self.tick()


def make(game: str, players: int, seats: list[str], seed: int) -> Any:
    if game == "kingdomino":
        return KingdominoBoard(players, seed, seats=seats, computer_delay=0)
    if game == "kabaleo":
        return KabaleoBoard(players, seed, seats=seats, computer_delay=0)
    if game == "dragonkeeper":
        return DragonKeeperBoard(players, seed, seats=seats, computer_delay=0)
    if game == "newtown":
        return NewtownBoard(players, seed, seats=seats, computer_delay=0)
    return DominoBoard(game, players, seed, seats=seats, computer_delay=0)


CONFIGS = [
    ("kingdomino", 2, ["greedy", "human"]),
    ("kingdomino", 3, ["human", "random", "human"]),
    ("kingdomino", 4, ["human", "human", "greedy", "human"]),
    ("kabaleo", 2, ["human", "hiding"]),
    ("kabaleo", 3, ["human", "human", "greedy"]),
    ("kabaleo", 4, ["random", "human", "human", "human"]),
    ("dominomega", 2, ["human", "greedy"]),
    ("dominomega", 3, ["human", "human", "random"]),
    ("dominimum", 3, ["human", "greedy", "human"]),
    ("dominimum", 2, ["human", "human"]),
    ("dominup", 2, ["greedy", "human"]),
    ("dominup", 3, ["human", "human", "human"]),
    ("tree", 2, ["human", "greedy"]),
    ("tree", 3, ["random", "human", "human"]),
    ("dragonkeeper", 2, ["human", "hiding"]),
    ("dragonkeeper", 3, ["human", "human", "greedy"]),
    ("dragonkeeper", 4, ["random", "human", "human", "human"]),
    ("newtown", 2, ["human", "planner"]),
    ("newtown", 3, ["human", "human", "greedy"]),
    ("newtown", 4, ["random", "human", "human", "human"]),
]
ACTIONS = 150  # per configuration and scheduling: 20 × 2 × 150 = 6,000 actions


def buttons(board: Any) -> list[Any]:
    names = ("undo_button", "hint_button", "reveal_button", "rotate_button", "discard_button", "pass_button",
             "confirm_button", "clear_button")
    return [getattr(board, n) for n in names if hasattr(board, n)] + [  # and the moves' buttons shown (Newtown)
        b for b in getattr(board, "move_buttons", {}).values() if b.layout.display != "none"]


def check(board: Any, what: str) -> None:
    c = board.controller
    assert c.can_go_on(), f"stuck after {what}: {c.status_line()}"
    if not c.state.is_over() and not c.human_to_move():
        assert c.thinking() and "考えています" in board.status.value, what
    assert board.undo_button.disabled == (not c.can_undo()), what
    assert board.status.value and "None" not in board.status.value, what
    if c.has_secrets and not c.state.is_over():
        # a computer's secrets are never shown; behind the curtain nobody's are
        viewer = c.viewer()
        assert viewer is None or c.seats[viewer] == "human", what
        if c.curtain_down():
            assert viewer is None, what


@pytest.mark.parametrize("delayed", [False, True], ids=["at-once", "one-by-one"])
@pytest.mark.parametrize(("game", "players", "seats"), CONFIGS,
                         ids=[f"{g}-{'-'.join(s)}" for g, _, s in CONFIGS])
def test_random_clicks_never_leave_a_board_that_cannot_go_on(game: str, players: int, seats: list[str],
                                                             delayed: bool) -> None:
    rng = seeded_rng(len(game) * 100 + players * 10 + delayed, f"random-clicks-{game}")
    board = make(game, players, seats, seed=rng.randrange(1000))
    clock = FakeClock()
    if delayed:
        board.controller.scheduler = clock
        board.controller.computer_delay = 0.5
    moves = 0
    for i in range(ACTIONS):
        c = board.controller
        roll = rng.random()
        if delayed and clock.queue and roll < 0.25:
            what = "time passing"
            clock.tick()
        elif roll < 0.55:
            layout = c.layout
            x, y = rng.uniform(-5, layout.width + 5), rng.uniform(-5, layout.height + 5)
            what = f"a click at {x:.0f},{y:.0f}"
            board._on_mouse_down(x, y)
        elif roll < 0.75 and c.human_to_move() and not c.state.is_over():
            move = rng.choice(c.state.legal_moves())
            what = f"the move {move}"
            board.click_move(move)
            moves += 1
        elif roll < 0.95:
            button = rng.choice(buttons(board))
            what = f"the button {button.description}"
            button.click()
        elif roll < 0.98:
            box = rng.choice(board.seat_row.children)
            # a person or a quick computer (whole games of greedy computers only cost time), and
            # always someone left to click
            kind = rng.choice(["human", "random"])
            others = [b.value for b in board.seat_row.children if b is not box]
            if "human" not in others:
                kind = "human"
            what = f"seat {box.description} → {kind}"
            box.value = kind
        else:
            board.players_box.value = rng.choice(list(board.players_box.options))
            board.seed_box.value = str(rng.randrange(10**6))
            what = "a new game"
            board.new_button.click()
        check(board, f"action {i}, {what}")
        if board.controller.state.is_over() and rng.random() < 0.3:
            board.seed_box.value = str(rng.randrange(10**6))
            board.new_button.click()
            check(board, f"action {i}, a new game after the end")
    clock.run_out()
    check(board, "the computers' last moves")
    assert moves >= 3  # (the clicks did play: an added player is a computer, so a person moves less often)


def test_undo_after_a_computer_opened_the_game_lets_the_person_play() -> None:
    """The reported freeze: two-player Kingdomino, a greedy computer first, a person second."""
    board = KingdominoBoard(2, 3, seats=["greedy", "human"], computer_delay=0)
    c = board.controller
    assert c.human_to_move() and c.history and board.undo_button.disabled  # nothing of the person's to undo
    board.click_move(c.state.legal_moves()[0])
    assert not board.undo_button.disabled
    board.undo_button.click()
    # (the person's turn, not the computer's: the status may first say what the computer chose)
    assert c.human_to_move() and c.can_go_on() and "青の番" in board.status.value and "赤の番" not in board.status.value
    c.undo()  # no decision of a person left: back to the start, and the computer moves again
    assert c.human_to_move() and len(c.history) == 1


def test_computer_moves_one_at_a_time_and_undo_while_one_is_thinking() -> None:
    board = KingdominoBoard(3, 5, seats=["human", "greedy", "greedy"], computer_delay=0)
    c = board.controller
    clock = FakeClock()
    c.scheduler, c.computer_delay = clock, 0.5
    while not c.thinking():
        board.click_move(c.state.legal_moves()[0])
    thinker = PLAYER_NAMES[c.state.current_player]
    assert f"{thinker}(欲張り)が考えています" in board.status.value and len(clock.queue) == 1
    clock.tick()  # one computer move, then the next one is put off again (or a person moves)
    assert f"{thinker}: " in board.move_log.value
    while not c.thinking():
        board.click_move(c.state.legal_moves()[0])
    board.undo_button.click()  # undo while a computer is thinking
    assert c.human_to_move() and not c.thinking()
    state, steps = c.state, len(c.history)
    clock.run_out()  # the cancelled move does not come back
    assert c.state == state and len(c.history) == steps


def test_the_log_names_the_last_moves_and_the_board_marks_them() -> None:
    board = KingdominoBoard(2, 4, seats=["human", "greedy"], computer_delay=0)
    c = board.controller
    while c.state.phase == "claim" or c.state.current_player != 0:
        board.click_move(c.state.legal_moves()[0])
    move = next(m for m in c.state.legal_moves() if m.kind == "place")
    board.click_move(move)
    lines = c.log_lines()
    assert lines[0][1].startswith("青: ") or lines[0][1].startswith("赤: ")
    assert any(f"{move.number}番(" in text and "を城の" in text for _, text in lines)
    svg = board.picture().svg
    assert svg.count('stroke="#c62828" stroke-width="3"') >= 1  # red's last domino framed in red


def test_the_hint_shows_what_the_greedy_player_would_do() -> None:
    from gamelib.players import GreedyPlayer

    for board in (KingdominoBoard(2, 6, seats=["human", "greedy"], computer_delay=0),
                  KabaleoBoard(2, 6, seats=["human", "greedy"], computer_delay=0),
                  DominoBoard("dominomega", 2, 6, seats=["human", "greedy"], computer_delay=0)):
        c = board.controller
        board.hint_button.click()
        expected = GreedyPlayer(c.state.seed * 10 + 7).choose(c.state)
        assert c.hint_move == expected and "ヒント" in board.status.value
        assert "#ff8f00" in board.picture().svg or getattr(expected, "kind", "") == "discard"
        board.click_move(expected)
        assert c.hint_move is None


@pytest.mark.parametrize(("make", "key"), [
    (lambda: KingdominoBoard(2, 1, seats=["human", "greedy"], computer_delay=0), "discard"),
    (lambda: DominoBoard("tree", 2, 5, seats=["human", "greedy"], computer_delay=0), "pass"),
    (lambda: DragonKeeperBoard(2, 0, seats=["human", "greedy"], computer_delay=0), "pass"),
    (lambda: NewtownBoard(2, 0, seats=["human", "greedy"], computer_delay=0), "supply"),
], ids=["kingdomino-discard", "tree-pass", "dragonkeeper-pass", "newtown-supply"])
def test_a_hint_made_by_a_button_marks_that_button_as_the_picture_marks_a_hint(make: Callable[[], Any],
                                                                              key: str) -> None:
    """「捨てる」「パス」「使わない」「資材を仕入れる」: a hint that no square of the picture shows
    lights its button in the hint's orange, and only while the hint stands."""
    board = make()
    c = board.controller
    for _ in range(60):  # the person follows the hints until one is that button's
        if c.curtain_down():
            board.reveal_button.click()
        board.hint_button.click()
        if c.hint_action() == key:
            break
        marked = [k for k, b in board.keyed_buttons().items() if b.button_style == "warning"]
        assert marked == ([] if c.hint_action() is None else [c.hint_action()])
        board.click_move(c.hint_move)
    assert c.hint_action() == key and c.hinted_button(c.hint_move) == key
    buttons = board.keyed_buttons()
    assert buttons[key].button_style == "warning"
    assert all(b.button_style != "warning" for k, b in buttons.items() if k != key)
    board.click_move(c.hint_move)  # pressing it makes the hinted move; the mark goes
    assert c.hint_action() is None and buttons[key].button_style != "warning"


def test_the_curtain_hides_each_hand_until_its_owner_takes_the_screen() -> None:
    board = DominoBoard("tree", 2, 5, seats=["human", "human"], computer_delay=0)
    c = board.controller
    hand = c.state.hands[c.state.current_player]
    words = f"{hand[0][0]}-{hand[0][1]}"
    assert c.curtain_down() and "画面を" in board.status.value and not board.reveal_button.disabled
    assert not c.can_see_hand() and board.hint_button.disabled
    assert board.rotate_button.disabled and board.pass_button.disabled  # (a hidden hand: nothing to turn)
    board.reveal_button.click()
    assert c.can_see_hand() and board.reveal_button.disabled and not board.hint_button.disabled
    assert not board.rotate_button.disabled
    board.click_move(c.state.legal_moves()[0])
    assert c.curtain_down() and not c.can_see_hand()  # hidden again for the next person
    assert words  # (the tiles are drawn, not written: the picture text holds no hand)
    computer = DominoBoard("tree", 2, 5, seats=["human", "greedy"], computer_delay=0)
    assert not computer.controller.curtain_down() and computer.reveal_button.disabled


def test_score_tables_have_aligned_columns_and_the_property_breakdown() -> None:
    board = KingdominoBoard(2, 9, seats=["greedy", "greedy"], computer_delay=0)
    html = board.info.value
    assert "<th" in html and "マス" in html and "王冠" in html and "×" not in html
    assert "text-align:right" in html and html.count("合計") == 2


def test_no_hint_behind_the_curtain_the_greedy_player_would_read_the_seats_secret() -> None:
    """Kabaleo's pieces are public, but the hint comes from the seat's secret colour: while the
    screen is being passed it is off."""
    board = KabaleoBoard(3, 6, seats=["human", "human", "greedy"], computer_delay=0)
    c = board.controller
    assert c.curtain_down() and board.hint_button.disabled and not c.hint()
    assert c.hint_move is None
    board.reveal_button.click()
    assert not board.hint_button.disabled and c.hint() and c.hint_move is not None


def test_undo_goes_back_to_a_persons_decision_not_to_a_computer_move_of_a_seat_now_a_person() -> None:
    board = KabaleoBoard(3, 6, seats=["human", "greedy", "greedy"], computer_delay=0)
    c = board.controller
    first = c.state
    board.click_move(c.state.legal_moves()[0])  # the person, then both computers
    after = c.state
    assert len(c.history) == 3 and c.state.current_player == 0
    board.seat_row.children[1].value = "human"  # seat 2 becomes a person: its move was a computer's
    assert c.state == after
    board.undo_button.click()
    assert c.state == first and c.history == []


def test_dominup_frames_every_tile_of_a_players_last_turn_while_it_is_in_view() -> None:
    from widgets.controller import PLAYER_COLOURS

    board = DominoBoard("dominup", 2, 2, seats=["human", "human"], computer_delay=0)
    c = board.controller
    turns = longer = covered = 0
    while not c.state.is_over() and turns < 60:
        turns += 1
        c.reveal()
        board.click_move(c.state.legal_moves()[0])
        for p, steps in c.last_turns().items():
            frames = board.picture().svg.count(f'stroke="{PLAYER_COLOURS[p]}" stroke-width="3"')
            seen = [s for s in steps if c.still_seen(s)]
            assert frames == len(seen), (p, [s.words for s in steps])
            longer += len(steps) > 1
            covered += len(steps) - len(seen)
            for step in steps:  # in view: both cells still show this tile on top
                index = len({t for stack in step.before.stacks.cells.values() for _, t in stack})
                tops = {c.state.stacks.top(cell)[2] for cell in (step.move.first, step.move.second)}
                assert c.still_seen(step) == (tops == {index})
    assert longer and covered, "the game met no turn of several tiles, or no tile covered later"


@pytest.mark.parametrize("game,players,seats", [
    ("kingdomino", 4, ["human", "greedy", "random", "greedy"]),
    ("kingdomino", 2, ["human", "greedy"]),
    ("kabaleo", 3, ["human", "hiding", "greedy"]),
    ("dominomega", 3, ["human", "greedy", "random"]),
    ("dominimum", 4, ["human", "greedy", "greedy", "random"]),
    ("dominup", 2, ["human", "greedy"]),
    ("tree", 3, ["human", "greedy", "random"]),
    ("dragonkeeper", 3, ["human", "hiding", "greedy"]),
    ("newtown", 3, ["human", "greedy", "random"]),
])
def test_on_a_phone_the_board_stacks_its_parts_and_a_whole_game_plays_by_clicks(game: str, players: int,
                                                                                seats: list[str]) -> None:
    """A 360 px wide page (a phone): the board takes its narrow layout, at most as wide as the
    page (Kabaleo's count of six colours needs a little more), the canvas still at its own size
    (drawn at twice it); every click of a whole game lands where the narrow layout draws things."""
    board = make(game, players, seats, 11)
    c = board.controller
    wide = c.layout.width
    assert wide > 360 and not c.narrow
    board.fit_width(1200)
    assert not c.narrow and wide <= c.layout.width <= 1200  # room enough: the wide layout (a domino grid widens)
    board.fit_width(360)
    assert c.narrow and c.layout.width <= (462 if game == "kabaleo" else 360)
    assert (board.canvas.width, board.canvas.height) == (2 * c.layout.width, 2 * c.layout.height)
    assert board.canvas.layout.width == f"{c.layout.width}px"
    while not c.state.is_over():
        assert c.human_to_move()
        before = len(c.state.moves)
        board.click_move(c.state.legal_moves()[-1])
        assert len(c.state.moves) > before and c.error is None, c.error
    board.new_button.click()  # a new game keeps the narrow layout
    assert c.narrow and board.canvas.width == 2 * c.layout.width <= 2 * 462


@pytest.mark.parametrize(("game", "players"), [
    (game, players) for game in ("kingdomino", "kabaleo", "dominomega", "dominup", "dominimum", "tree",
                                 "dragonkeeper", "newtown")
    for players in (2, 3, 4) if not (game == "dominomega" and players == 4)])  # (ドミノメガ: 2 or 3)
def test_in_jupyterlab_beside_its_file_browser_every_board_keeps_its_wide_layout(game: str, players: int) -> None:
    """JupyterLab on a 1366 px screen, its file browser open (as it opens), gives a board about
    934 px: ドラゴンキーパー (968 px wide) and four-player カバレオ (986) fell to the phone's one
    column there, its panels far below the dungeon. Every board now keeps its wide layout and fits."""
    seats = ["human"] * players
    c = make(game, players, seats, 5).controller
    c.fit_width(934)
    assert not c.narrow and c.layout.width <= 934


def test_a_board_given_no_width_draws_its_usual_size() -> None:
    """The book's pictures and replays are drawn before any width is given: カバレオ's piles at
    their usual 86 px (a narrower layout for JupyterLab had squeezed them there too)."""
    from widgets.kabaleo import KabaleoController

    for players, width in ((2, 814), (3, 900), (4, 986)):
        c = KabaleoController(players, seed=1)
        assert c.layout.pile_w == 86 and c.layout.width == width


def test_the_hint_button_says_it_is_thinking_while_the_hint_is_worked_out() -> None:
    """ドミナップ's hint is a search's move: while it is worked out the button says so (the
    words reach the page at once), then reads ヒント again with the hint shown."""
    from widgets.controller import HINT_BUSY

    board = DominoBoard("dominup", 2, 6, seats=["human", "greedy"], computer_delay=0)
    seen: list[tuple[str, bool, bool]] = []
    thinking = board.controller.hint_player

    def watched(seed: int) -> Any:
        button = board.hint_button
        seen.append((button.description, button.disabled, board.controller.hint_move is None))
        return thinking(seed)

    board.controller.hint_player = watched  # type: ignore[method-assign]
    board.hint_button.click()
    assert seen == [(HINT_BUSY, True, True)]
    assert board.hint_button.description == "ヒント" and not board.hint_button.disabled
    assert board.controller.hint_move is not None and "ヒント" in board.status.value
    assert len(HINT_BUSY) == len("ヒント")
