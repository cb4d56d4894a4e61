"""Every game's live board in Voilà, in Debian's chromium, as a reader meets it: in a
1366 × 768 window and on a 390 px phone (taps), the board is shown at its own size, the
page is never scrolled into place before a click (the canvas is left partly below the
window's edge), the first click counts and no click or button press moves the page (a touch
screen's status line says タップ where a mouse's says クリック); and a
whole game against the computer is played to its end by clicking."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gamelib.dominoes import Pass
from widgets.dragonkeeper import DragonKeeperController
from widgets.dominoes import DominimumController, DominomegaController, DominupController, TreeController
from widgets.controller import PLAYER_COLOURS
from widgets.kabaleo import KabaleoController
from widgets.kingdomino import DIRECTIONS, KingdominoController
from widgets.surface import dash_pattern

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import LiveBoard, open_live

pytestmark = pytest.mark.browser

#: game → (notebook, board class, the chapter's board as a controller)
BOARDS: dict[str, tuple[str, str, Callable[[], object]]] = {
    "kingdomino": ("kingdomino.ipynb", "kingdomino-board",
                   lambda: KingdominoController(4, seed=7, seats=["human", "greedy", "greedy", "greedy"])),
    "kabaleo": ("kabaleo.ipynb", "kabaleo-board",
                lambda: KabaleoController(3, seed=6, seats=["human", "hiding", "hiding"])),
    "dominomega": ("dominomega.ipynb", "dominomega-board",
                   lambda: DominomegaController(3, seed=4, seats=["human", "greedy", "greedy"])),
    "dominimum": ("dominimum.ipynb", "dominimum-board",
                  lambda: DominimumController(3, seed=3, seats=["human", "greedy", "random"])),
    "dominup": ("dominup.ipynb", "dominup-board",
                lambda: DominupController(3, seed=2, seats=["human", "greedy", "greedy"])),
    "tree": ("tree.ipynb", "tree-board", lambda: TreeController(2, seed=5, seats=["human", "greedy"])),
    "dragonkeeper": ("dragonkeeper.ipynb", "dragonkeeper-board",
                     lambda: DragonKeeperController(3, seed=6, seats=["human", "hiding", "greedy"])),
}
SCREENS = {"desktop": (1366, 768, False), "phone": (390, 844, True)}


def _clicks(board: LiveBoard) -> list[tuple[str, float, float]]:
    """The clicks (and 「回転」 presses) of the human's first legal move, from the expected
    controller: ("click", x, y) or ("button", name, 0)."""
    c = board.expected
    layout = c.layout
    state = c.state
    if isinstance(c, KingdominoController):
        free = next(i for i, s in enumerate(state.next_row) if s.king is None)
        sx, sy = layout.slot_xy(1, free)
        return [("click", sx + 10, sy + 10)]
    if isinstance(c, DragonKeeperController):
        move = next(m for m in state.legal_moves() if m.kind != "pass")
        return [("click", x, y) for x, y in c.click_points(move)]
    if isinstance(c, KabaleoController):
        move = state.legal_moves()[0]
        px, py = layout.piece_xy(state.current_player, state.colours.index(move.colour))
        cx, cy = layout.pile_cell(move.pile)
        return [("click", px, py - 10), ("click", cx + layout.pile_w / 2, cy + layout.pile_h / 2)]
    move = next(m for m in state.legal_moves() if not isinstance(m, Pass))
    hx, hy = c.hand_slot_xy(list(c.hand()).index(move.tile))
    return [("click", hx + 10, hy + 10)]  # the tile; the cell once the tile is chosen (below)


def _picture_top(board: LiveBoard) -> float:
    """Where the picture is on the screen as the page paints it: a row above it that grew or
    shrank moves it for the length of one layout, which is never painted (the page scrolls by
    as much before the frame is drawn).  Read after a frame is painted, until two such reads
    agree: a read made as the kernel's answer changed a row (a busy machine) had caught that
    unpainted layout, 21 px off."""
    return board.canvas.evaluate("""c => new Promise(resolve => {
        let last = null, reads = 0;
        const read = () => requestAnimationFrame(() => setTimeout(() => {
            const top = c.getBoundingClientRect().top;
            if (top === last || ++reads > 10) { resolve(top); } else { last = top; read(); }
        }, 0));
        read(); })""")


def _act(board: LiveBoard, action: tuple[str, float, float]) -> None:
    """One click or button press: the picture stays where it is on the screen, under the
    pointer (the page scrolls only by as much as a row above it grew), and a button pressed
    stays where it is."""
    kind, x, y = action
    if kind == "button":
        button = board.page.locator(f".{board.cls} button", has_text=str(x)).first
        button.scroll_into_view_if_needed()  # a reader scrolls up to the buttons if need be
        before = board.scroll()
        b = button.bounding_box()
        board.page.mouse.click(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)  # no scrolling by the test
        {"回転": board.expected.rotate}[str(x)]()
        assert board.scroll() == before, f"the page moved on {action}"  # focus() scrolls at once
        board.wait()
        after = button.bounding_box()
        assert abs(after["y"] - b["y"]) <= 1, f"the button moved after {action}"
        return
    board.show_x(x)  # a phone: swipe the board's box sideways (not the page)
    box = board.canvas.bounding_box()
    viewport = board.page.viewport_size
    if not 0 <= box["y"] + y < viewport["height"] - 10:  # a reader scrolls down to it
        board.place(y)
    on_screen = _picture_top(board)
    board.click(x, y)
    # (focus() scrolled at once)
    assert abs(_picture_top(board) - on_screen) <= 1, f"the picture moved on {action}"
    board.wait()
    assert abs(_picture_top(board) - on_screen) <= 1, f"the picture moved after {action}"


def _domino_cell(board: LiveBoard) -> list[tuple[str, float, float]]:
    """After choosing a tile: 「回転」 until gamelib offers a cell, then that cell."""
    c = board.expected
    start = c.direction  # planned here; each press turns the expected controller as it is made
    presses: list[tuple[str, float, float]] = []
    for _ in range(4):
        targets = c.targets()
        if targets:
            cell = targets[0]
            view = c.layout
            if isinstance(c, TreeController):
                x, y = view.xy(c._screen(cell))
            else:
                x, y = view.xy(cell)
            c.direction = start
            return [*presses, ("click", x + view.cell / 2, y + view.cell / 2)]
        presses.append(("button", "回転", 0))
        c.rotate()
    raise AssertionError("no cell for the chosen tile in any direction")


@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("game", list(BOARDS))
def test_the_first_click_counts_and_the_page_stays_put(browser, serve_notebook, game: str, screen: str) -> None:
    notebook, cls, make = BOARDS[game]
    width, height, touch = SCREENS[screen]
    expected = make()
    board = open_live(browser, serve_notebook(notebook), cls, expected, width, height, touch)
    page, layout = board.page, expected.layout
    # shown at its own size (never stretched), drawn at twice it for high-density screens
    size = page.evaluate(f"""() => {{ const c = document.querySelector('.{cls} canvas');
        return [c.width, c.height, c.getBoundingClientRect().width, c.getBoundingClientRect().height]; }}""")
    assert size == [2 * layout.width, 2 * layout.height, layout.width, layout.height]
    if screen == "desktop":  # the controls and the whole canvas fit in the window at once
        top = page.locator(f".{cls}").bounding_box()["y"]
        canvas = board.canvas.bounding_box()
        assert canvas["y"] + canvas["height"] - top <= height, "the board does not fit a 1366 × 768 window"
        assert not expected.narrow
    else:  # a phone: the narrow layout, no wider than the page
        page_width = page.locator(f".{cls}").bounding_box()["width"]
        assert expected.narrow and layout.width <= page_width
    # the status line speaks of clicks, and of taps on a touch screen
    said = getattr(expected, "status_line", expected.status)()
    shown = page.locator(f".{cls} .board-status").inner_text().strip()
    assert "クリック" in said
    assert shown == (said.replace("クリック", "タップ") if touch else said)
    moves = len(expected.state.moves)
    actions = _clicks(board)
    board.place(actions[0][2])  # the first target near the window's bottom edge, the canvas cut off
    for action in actions:
        _act(board, action)
    if game not in ("kingdomino", "kabaleo", "dragonkeeper"):
        for action in _domino_cell(board):
            _act(board, action)
    assert len(expected.state.moves) > moves, "the clicks played no move"
    board.wait()  # the live board agrees: every click counted, the computers answered
    page.close()


class _Recorder:
    """A drawing surface that keeps the rectangles and discs drawn on it (the marks)."""

    def __init__(self) -> None:
        self.shapes: list[tuple] = []

    def rect(self, x, y, w, h, fill=None, stroke=None, width=1, dash=False) -> None:
        self.shapes.append(("rect", x, y, w, h, stroke, dash_pattern(width, min(w, h)) if dash else None))

    def circle(self, cx, cy, r, fill=None, stroke=None, width=1) -> None:
        self.shapes.append(("circle", cx, cy, r, fill))

    def line(self, *args, **kwargs) -> None: ...

    def polygon(self, *args, **kwargs) -> None: ...

    def text(self, *args, **kwargs) -> None: ...


def _frame_points(x: float, y: float, w: float, h: float, dash: tuple[float, float] | None) -> list[tuple[float, float]]:
    """Points a frame paints: the middles of its four sides, or for a dashed frame the middles
    of its dashes (a dashed outline starts at the top-left corner and runs clockwise)."""
    if dash is None:
        return [(x, y + h / 2), (x + w, y + h / 2), (x + w / 2, y), (x + w / 2, y + h)]
    corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)]
    sides = list(zip(corners, corners[1:]))
    lengths = [abs(bx - ax) + abs(by - ay) for (ax, ay), (bx, by) in sides]
    points, d, step = [], dash[0] / 2, dash[0] + dash[1]
    while d < sum(lengths):
        at, i = d, 0
        while at > lengths[i]:
            at, i = at - lengths[i], i + 1
        (ax, ay), (bx, by) = sides[i]
        if dash[0] / 2 <= at <= lengths[i] - dash[0] / 2:  # (a dash bent round a corner: not sampled)
            t = at / lengths[i]
            points.append((ax + t * (bx - ax), ay + t * (by - ay)))
        d += step
    return points[:: max(1, len(points) // 8)]


def _mark_points(controller, player: int) -> list[list[tuple[float, float]]]:
    """For each mark of ``player``'s last turn, board points that it paints in the player's
    colour: the middles of a frame's four sides, or three points of a disc around its number.
    Another mark may lie over one of them (a disc in a neighbour's corner): most must show."""
    controller.draw(_Recorder())  # as the live board redraws: the layout follows the position
    recorder = _Recorder()
    marks = getattr(controller, "draw_marks", None) or controller.draw_last_moves
    marks(recorder)
    colour = PLAYER_COLOURS[player % len(PLAYER_COLOURS)]
    frames = [_frame_points(x, y, w, h, dash)
              for kind, x, y, w, h, stroke, dash in (sh for sh in recorder.shapes if sh[0] == "rect") if stroke == colour]
    discs = [[(cx, cy - 0.75 * r), (cx - 0.75 * r, cy), (cx + 0.75 * r, cy)]
             for kind, cx, cy, r, fill in (sh for sh in recorder.shapes if sh[0] == "circle") if fill == colour]
    return frames or discs  # frames (a frame's disc carries a letter), or else the discs


#: Whether most points of every mark show the colour (the canvas is drawn a moment after the
#: status line, so this is waited for).
PIXELS_JS = """([cls, marks, want]) => { const c = [...document.querySelectorAll('.' + cls + ' canvas')].pop();
    const ratio = c.width / c.getBoundingClientRect().width; const ctx = c.getContext('2d');
    const shows = ([x, y]) => { const p = ctx.getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data;
        return p[3] > 200 && [0, 1, 2].every(i => Math.abs(p[i] - want[i]) <= 40); };
    const counts = marks.map(points => points.filter(shows).length);
    window.rulebookMarks = counts;
    return counts.every((n, i) => 2 * n > marks[i].length); }"""


def _assert_marked(board: LiveBoard, player: int) -> None:
    """The live canvas shows the marks of ``player``'s last turn in the player's colour."""
    marks = _mark_points(board.expected, player)
    assert marks, f"the board draws no mark for player {player + 1}'s last move"
    colour = PLAYER_COLOURS[player % len(PLAYER_COLOURS)]
    want = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    try:
        board.page.wait_for_function(PIXELS_JS, arg=[board.cls, marks, want], timeout=15_000)
    except PlaywrightTimeout:
        counts = board.page.evaluate("() => window.rulebookMarks")
        raise AssertionError(f"player {player + 1}'s marks are not drawn in its colour: "
                             f"{counts} points of {marks} show it") from None


def _marked_computers(controller) -> list[int]:
    """The computer seats whose last turn left a tile or piece in view (a pass, or a tile
    covered since, leaves nothing to mark)."""
    return [p for p in controller.last_turns() if controller.seats[p] != "human" and _mark_points(controller, p)]


def _play_kingdomino_move(board: LiveBoard) -> None:
    expected = board.expected
    state = expected.state
    move = state.legal_moves()[0]
    if move.kind == "claim":
        index = [s.number for s in state.next_row].index(move.number)
        x, y = expected.layout.slot_xy(1, index)
        _act(board, ("click", x + 10, y + 10))
    elif move.kind == "discard":
        board.button("捨てる")
        expected.discard()
        board.wait()
    else:
        step = (move.second[0] - move.first[0], move.second[1] - move.first[1])
        while DIRECTIONS[expected.direction] != step:
            _act(board, ("button", "回転", 0))
        x, y = expected.layout.cell_xy(state.current_player, move.first)
        _act(board, ("click", x + expected.layout.cell / 2, y + expected.layout.cell / 2))


def _play_move(board: LiveBoard, game: str) -> None:
    """The person's move, by clicking (and 「回転」 or 「パス」 where the board needs them)."""
    if game == "kingdomino":
        _play_kingdomino_move(board)
        return
    expected = board.expected
    if game == "dragonkeeper":
        move = expected.state.legal_moves()[0]
        if move.kind == "pass" and all(m.kind == "pass" for m in expected.state.legal_moves()):
            board.button("使わない")
            expected.pass_turn()
            board.wait()
            return
        for action in _clicks(board):
            _act(board, action)
        return
    if game != "kabaleo" and all(isinstance(m, Pass) for m in expected.state.legal_moves()):
        board.button("パス")
        expected.pass_turn()
        board.wait()
        return
    for action in _clicks(board):
        _act(board, action)
    if game != "kabaleo":
        for action in _domino_cell(board):
            _act(board, action)


def _finish_by_clicking(board: LiveBoard, game: str) -> None:
    expected = board.expected
    checked = 0
    while not expected.state.is_over():
        assert expected.human_to_move(), expected.status_line()
        before = len(expected.state.moves)
        _play_move(board, game)
        assert len(expected.state.moves) > before, "the clicks played no move"
        board.wait()
        computers = _marked_computers(expected)
        if computers and not expected.state.is_over():
            _assert_marked(board, computers[-1])
            checked += 1
    assert expected.status_line().startswith("ゲーム終了")
    board.wait()
    # what the computers did last is marked on the board and written under it
    for p in _marked_computers(expected):
        _assert_marked(board, p)
        checked += 1
    assert checked >= 3, "hardly any computer move was seen marked"


@pytest.mark.parametrize("game", [g for g in BOARDS if g != "kingdomino"])
def test_a_whole_game_against_the_computer_by_clicking_every_board(browser, serve_notebook, game: str) -> None:
    """The chapter's board, one person against the computer seats, played to the end by
    clicking; after each answer of the computer its last move is marked in its colour."""
    notebook, cls, make = BOARDS[game]
    board = open_live(browser, serve_notebook(notebook), cls, make())
    _finish_by_clicking(board, game)
    board.page.close()


def test_a_whole_game_against_the_computer_by_clicking(browser, serve_notebook) -> None:
    """Two players (a person and a greedy computer) on the Kingdomino board, to the end."""
    notebook, cls, _ = BOARDS["kingdomino"]
    expected = KingdominoController(4, seed=7, seats=["human", "greedy", "greedy", "greedy"])
    board = open_live(browser, serve_notebook(notebook), cls, expected)
    page = board.page
    page.locator(f".{cls} select").first.select_option(label="2")
    page.locator(f".{cls} input[placeholder='おまかせ']").fill("5")
    board.button("新しいゲーム")
    width = board.expected.available  # (the width the page gives the board: the next game's too)
    board.expected = expected = KingdominoController(2, seed=5, seats=["human", "greedy"])
    expected.fit_width(width)
    board.wait()
    canvas = board.canvas.bounding_box()
    # two kingdoms: one row of them, at 32 px squares where the page has room
    assert canvas["height"] == expected.layout.height < 400 and expected.layout.cell == (32 if width >= 886 else 24)
    _finish_by_clicking(board, "kingdomino")
    page.close()


@pytest.mark.parametrize("screen", list(SCREENS))
def test_newtown_board_plants_the_tree_by_its_buttons_and_takes_a_die_at_the_first_click(
        browser, serve_notebook, screen: str) -> None:
    """さいころニュータウン's board in Voilà: shown at its own size (narrow on a phone); the tree is
    planted with the move button, the list and 「決定」; then, when the person drafts, a die of the
    pool is taken by one click on the canvas (partly below the window's edge; on a phone the
    pool then stands above the map), the picture still on the screen."""
    from widgets.newtown import NewtownController

    width, height, touch = SCREENS[screen]
    expected = NewtownController(3, seed=4, seats=["human", "planner", "planner"])
    board = open_live(browser, serve_notebook("newtown.ipynb"), "newtown-board", expected, width, height, touch)
    page, layout = board.page, expected.layout
    size = page.evaluate("""() => { const c = [...document.querySelectorAll('.newtown-board canvas')].pop();
        return [c.width, c.height, c.getBoundingClientRect().width, c.getBoundingClientRect().height]; }""")
    assert size == [2 * layout.width, 2 * layout.height, layout.width, layout.height]
    assert expected.narrow == (screen == "phone") and (screen == "desktop" or layout.width <= 360)
    if screen == "desktop":  # the controls and the whole canvas fit in the window at once
        top = page.locator(".newtown-board").bounding_box()["y"]
        canvas = board.canvas.bounding_box()
        assert canvas["y"] + canvas["height"] - top <= height, (canvas, top)
    tree = expected.state.legal_moves()[0]
    assert tree.kind == "tree"
    page.locator(".newtown-board button", has_text="樹を植える").first.click()
    page.locator(".newtown-board select").first.select_option(index=0)
    page.locator(".newtown-board button", has_text="決定").first.click()
    expected.play(tree)
    board.wait()
    assert expected.state.phase == "dice" and expected.human_to_move(), expected.status_line()
    layout = expected.layout  # (on a phone the dice pool now stands above the map)
    assert screen == "desktop" or layout.panel_xy[1] < layout.geo.y
    colour, value, x, y = next(iter(layout.pool_slots(expected.state.pool)))
    before = len(expected.state.moves)
    board.show_x(x + 13)
    board.place(y + 13)
    on_screen = _picture_top(board)
    board.click(x + 13, y + 13)
    assert len(expected.state.moves) > before, "the expected click played no move"
    assert abs(_picture_top(board) - on_screen) <= 1, "the picture moved on the click"
    board.wait()
    # (where the status line grew, the page scrolled by as much: the picture stays on the screen)
    assert abs(_picture_top(board) - on_screen) <= 1, "the picture moved after the click"
    page.close()


def test_the_wheel_scrolls_the_page_over_a_board_and_a_longer_status_line_moves_nothing(
        browser, serve_notebook) -> None:
    """In a window narrower than the site's (JupyterLab beside its file browser gives a board
    about 930 px): the mouse wheel over the board's picture scrolls the page, as it does
    anywhere else (the canvas does not keep it); and when the status line grows from one line
    to two (here the hint's words added to it), the picture stays where it was, so a click
    aimed at a square lands on it."""
    notebook, cls, _ = BOARDS["kingdomino"]
    expected = KingdominoController(4, seed=7, seats=["human", "greedy", "greedy", "greedy"])
    board = open_live(browser, serve_notebook(notebook), cls, expected, width=700, height=600)
    page = board.page
    board.place(200, margin=100)  # the picture's top part in view, the pointer over it
    box = board.canvas.bounding_box()
    assert 0 < box["y"] + 40 < 600
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 40)
    assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).tagName",
                         [box["x"] + box["width"] / 2, box["y"] + 40]) == "CANVAS"
    before = board.scroll()
    page.mouse.wheel(0, 120)
    page.wait_for_timeout(400)
    assert board.scroll() > before, "the wheel over the board did not scroll the page"
    status = page.locator(f".{cls} .board-status")
    top, one_line = board.canvas.bounding_box()["y"] + board.scroll(), status.bounding_box()["height"]
    expected.hint()
    board.button("ヒント")
    board.wait()
    lines = page.evaluate(f"""() => {{ const d = document.querySelector('.{cls} .board-status div');
        return Math.round(d.getBoundingClientRect().height / parseFloat(getComputedStyle(d).lineHeight)); }}""")
    assert lines == 2, f"the hint's status line takes {lines} lines here, not the two this test is about"
    assert board.canvas.bounding_box()["y"] + board.scroll() == top, "the picture moved when the status line grew to two lines"
    assert status.bounding_box()["height"] == one_line
    # a refusal's reason above the hint: three lines and more, past the room kept. The page
    # scrolls by as much, and the picture stays where it is on the screen (a tester's next
    # clicks had landed 21 px above what they aimed at)
    on_screen = _picture_top(board)
    x, y = expected.layout.cell_xy(0, (0, 1))
    assert not board.click(x + 3, y + 3) and expected.error
    board.wait(expected.error, exact=False)
    assert status.bounding_box()["height"] > one_line + 10, "the refusal did not grow the status line"
    assert abs(_picture_top(board) - on_screen) <= 1, "the picture moved when the status line grew"
    page.close()


def test_a_row_that_grows_after_a_press_that_hid_its_button_moves_the_picture_not(browser, serve_notebook) -> None:
    """After a press of a board's button, the page script keeps the button where it is, the
    picture moving down instead (the next test).  A press
    that hides its button (さいころニュータウン's 「決定」 goes with its list) leaves nothing to
    keep: the page scrolls by all a row above the picture grew, and the picture stays where it
    is.  (The hidden button's top read as 0 had held the page still: the picture moved down at
    every such move, and a tester's next land went below the window.)  Played here on the
    page script itself: a press, the button hidden, the status line grown by 120 px."""
    notebook, cls, _ = BOARDS["kingdomino"]
    expected = KingdominoController(4, seed=7, seats=["human", "greedy", "greedy", "greedy"])
    board = open_live(browser, serve_notebook(notebook), cls, expected)
    page = board.page
    board.place(300, margin=100)  # the picture in sight, the buttons above it too
    on_screen, before = _picture_top(board), board.scroll()
    page.evaluate(f"""() => {{
        const button = document.querySelector('.{cls} button');
        button.dispatchEvent(new PointerEvent('pointerdown', {{bubbles: true}}));
        button.style.display = 'none';
        const grown = document.createElement('div');
        grown.style.height = '120px';
        document.querySelector('.{cls} .board-status').appendChild(grown); }}""")
    page.wait_for_timeout(300)
    assert abs(_picture_top(board) - on_screen) <= 1, (on_screen, _picture_top(board))
    assert board.scroll() > before  # (by what the status grew, less the row the hidden button left)
    page.close()


def test_every_setting_says_on_hover_what_it_is(browser, serve_notebook) -> None:
    """ipywidgets draws no tooltip on a field that has a label (its issue #3964): in JupyterLab
    a newcomer could not learn on hover what 人数, a rule or 隠れ上手 is. The page script puts
    each field's tip on the field and its label."""
    from widgets.controller import SETTING_TIPS

    notebook, cls, make = BOARDS["dragonkeeper"]
    expected = make()
    board = open_live(browser, serve_notebook(notebook), cls, expected)
    shown = board.page.evaluate(f"""() => Object.fromEntries([...document.querySelectorAll(
            '.{cls} .widget-inline-hbox, .{cls} .widget-checkbox')]
        .map(b => [b.querySelector('.widget-label-basic') || b.querySelector('.widget-label'), b])
        .filter(([l, b]) => l).map(([l, b]) => [l.textContent.trim(),
                   [b.querySelector('select, input') && b.querySelector('select, input').title, l.title]]))""")
    wanted = {"人数": SETTING_TIPS["players"], "シード": SETTING_TIPS["seed"]}
    wanted |= {o.label: o.tip for o in expected.option_controls}
    wanted |= {name: expected.seat_help() for name in expected.player_names[:expected.state.players]}
    for label, tip in wanted.items():
        assert shown.get(label) == [tip, tip], (label, shown.get(label))
    board.page.close()


def test_while_a_computer_thinks_the_status_line_keeps_its_height(browser, serve_notebook) -> None:
    """A refusal's reason made the status line three lines; the person's next move turned it
    into the one line 「…が考えています…」, the page scrolled back to keep the picture still, and
    the buttons above came down under a tester's pointer on its way to 「元に戻す」 (the click
    missed).  While a computer thinks the status line keeps its height, and the buttons stay."""
    notebook, cls, _ = BOARDS["kingdomino"]
    expected = KingdominoController(4, seed=7, seats=["human", "greedy", "greedy", "greedy"])
    # (in a window as narrow as JupyterLab leaves beside its file browser: the lines wrap sooner)
    board = open_live(browser, serve_notebook(notebook), cls, expected, width=700, height=600)
    page = board.page
    board.place(300, margin=200)  # (the page scrolled: it can scroll back as a row shrinks)
    expected.hint()
    board.button("ヒント")
    board.wait()
    x, y = expected.layout.cell_xy(0, (0, 1))
    assert not board.click(x + 3, y + 3) and expected.error  # a refusal: its reason, what to do, the hint
    board.wait(expected.error, exact=False)
    status = page.locator(f".{cls} .board-status")
    tall = status.bounding_box()["height"]
    assert tall > 42 + 10, "the status line did not grow past the room it always keeps"
    undo = page.locator(f".{cls} button", has_text="元に戻す")
    top = undo.bounding_box()["y"]
    # every frame from here on: whether a computer thinks, the status line's height, the button's top
    page.evaluate("""(cls) => { window.seen = []; const b = document.querySelector('.' + cls);
        const undo = [...b.querySelectorAll('button')].find(x => x.textContent.includes('元に戻す'));
        const st = b.querySelector('.board-status');
        const tick = () => { window.seen.push([st.innerText.includes('考えています'), st.getBoundingClientRect().height,
                                               undo.getBoundingClientRect().top]);
                             if (window.seen.length < 400) { requestAnimationFrame(tick); } };
        requestAnimationFrame(tick); }""", cls)
    sx, sy = expected.layout.slot_xy(1, 1)
    assert board.click(sx + 5, sy + 5)  # a domino of the new row: the computers move next
    board.wait()
    seen = page.evaluate("() => window.seen")
    thinking = [(h, t) for busy, h, t in seen if busy]
    assert thinking, "no frame caught a computer thinking"
    assert all(h >= tall - 1 and abs(t - top) <= 1 for h, t in thinking), (tall, top, thinking[:5])
    page.close()


def test_a_row_that_grows_after_a_press_leaves_the_pressed_button_where_it_is(browser, serve_notebook) -> None:
    """After a press of a board's button that stays in sight, the button stays where it is on the
    screen and the picture moves down: in JupyterLab a tester's second press of 「全員の色を見せる」
    (its question had grown the status line) and of 「回転」 after 「ヒント」 missed, the page having
    scrolled the button up by the lines the status line grew.  Played on the page script itself:
    a press, the status line grown by 60 px."""
    notebook, cls, _ = BOARDS["kingdomino"]
    expected = KingdominoController(4, seed=7, seats=["human", "greedy", "greedy", "greedy"])
    board = open_live(browser, serve_notebook(notebook), cls, expected)
    page = board.page
    board.place(300, margin=100)  # the picture in sight, the buttons above it too
    button = page.locator(f".{cls} button").first
    status = page.locator(f".{cls} .board-status")
    at, on_screen, before = button.bounding_box()["y"], _picture_top(board), board.scroll()
    tall = status.bounding_box()["height"]
    assert at > 20
    page.evaluate(f"""() => {{
        const button = document.querySelector('.{cls} button');
        button.dispatchEvent(new PointerEvent('pointerdown', {{bubbles: true}}));
        const grown = document.createElement('div');
        grown.style.height = '60px';
        document.querySelector('.{cls} .board-status').appendChild(grown); }}""")
    page.wait_for_timeout(300)
    assert abs(button.bounding_box()["y"] - at) <= 1 and board.scroll() == before, (at, button.bounding_box())
    grown = status.bounding_box()["height"] - tall
    assert grown > 5 and abs(_picture_top(board) - on_screen - grown) <= 1  # (down by what the row grew)
    # a click on the picture, then the row shrinks back (a hint's words gone with the move they
    # showed): the picture comes back up to where it stood before the press. It had stayed down,
    # a line lower at every hinted move.
    page.evaluate(f"""() => {{
        document.querySelector('.{cls} canvas').dispatchEvent(new PointerEvent('pointerdown', {{bubbles: true}}));
        document.querySelector('.{cls} .board-status').lastChild.remove(); }}""")
    page.wait_for_timeout(300)
    assert abs(_picture_top(board) - on_screen) <= 1, (on_screen, _picture_top(board))
    page.close()


def test_a_press_that_shrinks_a_row_leaves_nothing_to_give_back_later(browser, serve_notebook) -> None:
    """The picture goes down for a press whose row grew, and what it went down is given back
    when the row shrinks (the test before).  A press whose row shrank (「ヒント」 pressed, then
    「回転」 as the hint's words go) has given it back already: a later shrink, after a click on
    the picture, must move the page, not the picture.  Played on the page script itself."""
    notebook, cls, _ = BOARDS["kingdomino"]
    expected = KingdominoController(4, seed=7, seats=["human", "greedy", "greedy", "greedy"])
    board = open_live(browser, serve_notebook(notebook), cls, expected)
    page = board.page
    board.place(300, margin=100)  # the picture in sight, the buttons above it too
    on_screen = _picture_top(board)
    press = f"document.querySelector('.{cls} button').dispatchEvent(new PointerEvent('pointerdown', {{bubbles: true}}));"
    tap = f"document.querySelector('.{cls} canvas').dispatchEvent(new PointerEvent('pointerdown', {{bubbles: true}}));"
    grow = (f"const grown = document.createElement('div'); grown.style.height = '160px';"
            f"document.querySelector('.{cls} .board-status').appendChild(grown);")
    shrink = f"document.querySelector('.{cls} .board-status').lastChild.remove();"
    page.evaluate(f"() => {{ {press} {grow} }}")  # a press: the row grows, the picture goes down
    page.wait_for_timeout(300)
    down = _picture_top(board) - on_screen
    assert down > 50, down
    page.evaluate(f"() => {{ {press} {shrink} }}")  # another press: the row shrinks, the picture comes back
    page.wait_for_timeout(300)
    assert abs(_picture_top(board) - on_screen) <= 1, (on_screen, _picture_top(board))
    page.evaluate(f"() => {{ {tap} {grow} }}")  # a tap: the row grows, the page scrolls
    page.wait_for_timeout(300)
    assert abs(_picture_top(board) - on_screen) <= 1, (on_screen, _picture_top(board))
    page.evaluate(f"() => {{ {tap} {shrink} }}")  # ... and shrinks: the page scrolls back
    page.wait_for_timeout(300)
    assert abs(_picture_top(board) - on_screen) <= 1, (on_screen, _picture_top(board))
    page.close()
