"""「この盤面で遊ぶ」 on the built static site, in Debian's chromium, with no server but a
static one on localhost: for every game the button starts Pyodide in a Web Worker and turns
the picture into the live board; a legal move made by clicking changes the picture, an illegal
one shows gamelib's Japanese reason and changes nothing, the computer seats reply one move at
a time, and a whole game is played to its end by clicking (さいころニュータウン: its first moves,
a whole game there is hundreds of decisions).  A saved game downloads and loads again; a file
that is no saved game gets a Japanese reason.  No request leaves 127.0.0.1.

The test plays beside a mirror: the same game as an ipywidgets board in this process (same
settings, seed and width, so the same layout and the same computer moves); each move is made
on the mirror with its ``click_move`` while the clicks and button presses are recorded, and the
page gets exactly those clicks and presses.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from gamelib.dominoes import Pass
from widgets.controller import HINT
from widgets.web import NEW_GAME_NOTE

pytestmark = pytest.mark.browser

GAMES = ["kingdomino", "kabaleo", "dominomega", "dominup", "dominimum", "tree", "dragonkeeper", "newtown"]
#: Games played to their end here (さいころニュータウン's whole game is played in the widget tests).
WHOLE_GAME = set(GAMES) - {"newtown"}
#: Seconds between two computer moves on the page during the test (readers get 0.6).
DELAY = 0.05


def _mirror(config: dict[str, Any], width: int) -> Any:
    game = config["game"]
    args = (config["players"], config["seed"], config.get("options") or {}, config["seats"])
    if game == "kingdomino":
        from widgets.kingdomino_board import Board
    elif game == "kabaleo":
        from widgets.kabaleo_board import Board
    elif game == "dragonkeeper":
        from widgets.dragonkeeper_board import Board
    elif game == "newtown":
        from widgets.newtown_board import Board
    else:
        from widgets.dominoes_board import board_class

        Board = board_class(game)
    board = Board(*args, computer_delay=0) if game != "kabaleo" else Board(*args, mode=config.get("mode", "pass"),
                                                                              computer_delay=0)
    board.fit_width(width)
    return board


def record(board: Any, move: Any) -> list[tuple]:
    """Make ``move`` on the mirror as a person would; the clicks and presses it took."""
    steps: list[tuple] = []
    original = board._on_mouse_down

    def click(x: float, y: float) -> None:
        steps.append(("click", x, y))
        original(x, y)

    board._on_mouse_down = click
    patched = []
    for name, value in vars(board).items():
        buttons = value.values() if isinstance(value, dict) else [value]
        for button in buttons:
            if type(button).__name__ == "Button":
                patched.append(button)

                def press(b: Any = button, real: Any = button.click) -> None:
                    if b is getattr(board, "confirm_button", None):
                        second = board.choice_b.value if board.choice_b.layout.display != "none" else 0
                        steps.append(("choose", board.choice_a.value, second or 0))
                    elif b is board.reveal_button:
                        steps.append(("reveal",))
                    else:
                        steps.append(("button", b.description))
                    real()

                button.click = press
    try:
        board.click_move(move)
    finally:
        del board._on_mouse_down
        for button in patched:
            del button.click
    return steps


def illegal_clicks(board: Any, legal: list[tuple], lowest_first: bool = False) -> list[tuple] | None:
    """Clicks the rules refuse (gamelib's reason shown), found on copies of the mirror: one click
    on the picture, or the first click of a legal move and then another (the last click as low
    in the picture as can be, with ``lowest_first``)."""
    c = board.controller
    layout = c.layout
    points = [(x, y) for y in range(8, int(layout.height), 23) for x in range(8, int(layout.width), 23)]
    if lowest_first:
        points.reverse()
    starts = [[]] + ([[legal[0]]] if legal and legal[0][0] == "click" else [])
    saved = c.on_change, c.scheduler
    c.on_change = c.scheduler = None
    try:
        for start in starts:
            for x, y in points:
                trial = copy.deepcopy(c)
                for _, sx, sy in start:
                    trial.click(sx, sy)
                moves = len(trial.state.moves)
                trial.click(x, y)
                if trial.error is not None and len(trial.state.moves) == moves:
                    return [*start, ("click", x, y)]
    finally:
        c.on_change, c.scheduler = saved
    return None


class SitePage:
    def __init__(self, page: Any, game: str, touch: bool = False) -> None:
        self.page = page
        self.game = game
        self.touch = touch  # a touch screen: taps instead of mouse clicks

    def board(self) -> Any:
        return self.page.locator(".rp-board")

    def moves(self) -> int:
        return int(self.board().get_attribute("data-moves"))

    def status(self) -> str:
        return self.page.locator(".rp-status").inner_text()

    def wait_moves(self, count: int, timeout: float = 20_000) -> None:
        self.page.wait_for_function(
            "n => { const b = document.querySelector('.rp-board'); return b && +b.dataset.moves === n "
            "&& window.rulebookPlayIdle(); }", arg=count, timeout=timeout)

    def picture_box(self) -> dict[str, float]:
        """Where the live picture is (measured again when a computer's move replaced it meanwhile)."""
        for _ in range(40):
            box = self.page.locator(".rp-picture svg").bounding_box()
            if box is not None:
                return box
            self.page.wait_for_timeout(50)
        raise AssertionError("the live picture is gone")

    def click(self, x: float, y: float) -> None:
        # bring the point into the window, as a reader scrolls to it (on a phone, the picture's
        # own box sideways), then click without scrolling
        self.page.evaluate("x => { const p = document.querySelector('.rp-picture');"
                           " p.scrollLeft = Math.max(0, x - p.clientWidth / 2); }", x)
        box = self.picture_box()
        self.page.evaluate("y => window.scrollBy(0, y - window.innerHeight / 2)", box["y"] + y)
        box = self.picture_box()
        buttons = self.buttons()
        lowered = float(self.board().get_attribute("data-lowered") or 0)
        if self.touch:
            self.page.touchscreen.tap(box["x"] + x, box["y"] + y)
        else:
            self.page.mouse.click(box["x"] + x, box["y"] + y)
        self.settle()
        # the page does not jump: the picture is where it was on the screen (measured again if a
        # computer's move replaced the picture while it was measured); only where the row of
        # buttons was in sight, the click bringing new rows, they stay in sight: the picture moves
        # down by as much as the rows above it grew, and as far as brings the buttons' top out
        # from under the theme's header
        after, now = self.picture_box(), self.buttons()
        down = 0.0
        if buttons["bottom"] > buttons["header"] + 8:
            grew = (after["y"] - now["top"]) - (box["y"] - buttons["top"])
            down = max(0.0, grew) + max(0.0, buttons["header"] - buttons["top"])
        # (nor up, but by as much as a press of a button had let it go down, given back when the
        # status line shrinks again)
        assert -lowered - 1 < after["y"] - box["y"] < down + 1 and abs(after["x"] - box["x"]) < 1, \
            f"a click moved the picture ({box['y']} to {after['y']}; buttons {buttons}, then {now})"

    def buttons(self) -> dict[str, float]:
        """The row of buttons on the screen: its top, foot and height, and the foot of the theme's header."""
        return self.page.evaluate("""() => { const r = document.querySelector('.rp-actions').getBoundingClientRect();
            const h = document.querySelector('.bd-header-article');
            return {top: r.top, bottom: r.bottom, height: r.height,
                    header: h ? Math.max(0, h.getBoundingClientRect().bottom) : 0}; }""")

    def press(self, label: str) -> None:
        self.page.locator(".rp-actions button", has_text=re.compile(f"^{re.escape(label)}$")).first.click()

    def do(self, steps: list[tuple]) -> None:
        for step in steps:
            if step[0] == "click":
                self.click(step[1], step[2])
            elif step[0] == "button":
                self.press(step[1])
            elif step[0] == "reveal":
                self.page.locator(".rp-reveal").click()
            else:
                lists = self.page.locator(".rp-list select")
                lists.nth(0).select_option(json.dumps(step[1]))
                if lists.count() > 1:
                    lists.nth(1).select_option(json.dumps(step[2]))
                self.page.locator(".rp-list .rp-confirm").click()
            self.settle()

    def settle(self) -> None:
        """Wait until the page has the answer to what was just done."""
        self.page.wait_for_function("() => window.rulebookPlayIdle && window.rulebookPlayIdle()", timeout=20_000)


def open_play(browser: Any, site_url: str, game: str, width: int = 1366, height: int = 768,
              touch: bool = False) -> tuple:
    page = browser.new_page(viewport={"width": width, "height": height}, has_touch=touch)
    outside, errors = [], []
    page.on("request", lambda r: outside.append(r.url)
            if urlparse(r.url).hostname != "127.0.0.1" and not r.url.startswith(("data:", "blob:")) else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{site_url}/book/{game}.html", wait_until="load")
    block = page.locator(".rulebook-play")
    assert block.count() == 1
    config = json.loads(block.get_attribute("data-board"))
    assert config["game"] == game
    # computers reply faster during the test, and the board plays the picture's deal (as the mirror)
    page.evaluate("d => { const b = document.querySelector('.rulebook-play'); const c = JSON.parse(b.dataset.board);"
                  " c.delay = d; c.deal = 'shown'; b.dataset.board = JSON.stringify(c); }", DELAY)
    return page, config, outside, errors


def start(page: Any) -> None:
    """Press 「この盤面で遊ぶ」 and wait for the live board."""
    page.get_by_role("button", name="この盤面で遊ぶ").click()
    page.wait_for_selector(".rp-board .rp-picture svg", timeout=60_000)


def wait_for_the_person(page: Any) -> None:
    """Wait until the person is to move: the computers who move first (in ドミナップ's shown deal,
    the holder of 7-7) have moved, and 「ヒント」 can be pressed. ``start`` returns at the first
    picture, while the first computer may still be thinking; a slow machine is still there."""
    page.wait_for_function("""() => { const b = [...document.querySelectorAll('.rp-actions button')]
        .find(b => b.textContent === 'ヒント'); return !!b && !b.disabled; }""")


def live_mirror(page: Any, config: dict[str, Any]) -> tuple[Any, int]:
    """The mirror of the page's live board, at the width the page gives it, and that width."""
    width = page.evaluate("() => document.querySelector('.rulebook-play').clientWidth")
    return _mirror(config, width), width


def controls_in_view(page: Any) -> list[bool]:
    """Whether the board's buttons start below the theme's sticky header, its status line ends
    inside the window, and its picture does too where the board (from its settings line to the
    picture's foot) fits the window below the header: a reader who pressed 「この盤面で遊ぶ」 under
    the picture sees the whole board without scrolling."""
    return page.evaluate("""() => { const h = document.querySelector('.bd-header-article');
        const below = h ? h.getBoundingClientRect().bottom : 0;
        const actions = document.querySelector('.rp-actions').getBoundingClientRect();
        const status = document.querySelector('.rp-status').getBoundingClientRect();
        const live = document.querySelector('.rp-board').getBoundingClientRect();
        const picture = document.querySelector('.rp-picture').getBoundingClientRect();
        const fits = picture.bottom - live.top + 8 <= window.innerHeight - below;
        return [actions.top >= below - 1, status.bottom <= window.innerHeight,
                !fits || picture.bottom <= window.innerHeight + 1]; }""")


@pytest.mark.parametrize("game", GAMES)
def test_play_on_the_site(browser, site_url: str, game: str) -> None:
    page, config, outside, errors = open_play(browser, site_url, game)
    button = page.get_by_role("button", name="この盤面で遊ぶ")
    before_requests = list(outside)
    button.scroll_into_view_if_needed()
    picture = page.locator(".rulebook-play-picture img").get_attribute("src")
    assert picture and picture.endswith(".svg")
    button.click()
    page.wait_for_selector(".rp-board .rp-picture svg", timeout=60_000)
    assert controls_in_view(page) == [True, True, True]
    site = SitePage(page, game)
    mirror, width = live_mirror(page, config)  # (the live board is wider)
    c = mirror.controller
    # the widened board never lies over a visible part of the page (the page's table of contents)
    covered = page.evaluate("""() => { const b = document.querySelector('.rulebook-play').getBoundingClientRect();
        return [...document.querySelectorAll('.bd-sidebar-secondary')].filter(s => {
            const r = s.getBoundingClientRect();
            return getComputedStyle(s).visibility !== 'hidden' && r.width > 0 && r.left < b.right && b.left < r.right
                && r.top < b.bottom && b.top < r.bottom; }).length; }""")
    assert covered == 0
    site.wait_moves(len(c.state.moves))  # (the computers who open the game move one at a time)
    assert site.moves() == len(c.state.moves)
    assert site.status() == c.status_line()
    # every position the page shows, in order (the computers' moves must come one at a time)
    page.evaluate("() => { const b = document.querySelector('.rp-board'); window.shownMoves = [];"
                  " new MutationObserver(() => window.shownMoves.push(+b.dataset.moves))"
                  ".observe(b, {attributes: true, attributeFilter: ['data-moves']}); }")
    # an illegal move: gamelib's Japanese reason, nothing played
    move = next(m for m in c.state.legal_moves() if not isinstance(m, Pass) and getattr(m, "kind", "") != "pass")
    trial = illegal_clicks(mirror, record(_mirror(config, width), move))  # (on a second mirror)
    assert trial is not None, "no click refused by the rules was found"
    moves = site.moves()
    site.do(trial)
    for _, x, y in trial:
        mirror._on_mouse_down(x, y)
    assert c.error is not None
    assert site.moves() == moves
    assert page.locator(".rp-status.rp-error").inner_text() == c.status_line() + "\n" + c.then_line()
    assert page.locator(".rp-status .rp-then").evaluate("e => getComputedStyle(e).color") == "rgb(34, 34, 34)"
    assert re.search("[ぁ-んァ-ン一-龥]", c.status_line())
    # legal moves by clicking; the computers reply; to the end where the game is short
    svg_before = page.locator(".rp-picture").inner_html()
    turns = 0
    while not c.state.is_over() and (game in WHOLE_GAME or turns < 3):
        assert c.human_to_move()
        move = _first_move(c)
        steps = record(mirror, move)
        assert steps
        site.do(steps)
        site.wait_moves(len(c.state.moves))
        # (a game over: under the result, how to play again)
        assert site.status() == c.status_line() + (f"\n{NEW_GAME_NOTE}" if c.state.is_over() else ""), (move, steps)
        turns += 1
        if turns == 1:
            assert page.locator(".rp-picture").inner_html() != svg_before
            log = page.locator(".rp-log").inner_text()
            assert any(step.words in log for step in c.history[-2:])
    shown = page.evaluate("() => window.shownMoves")
    assert all(b - a in (0, 1) for a, b in zip(shown, shown[1:])), shown  # one move at a time
    assert len(set(shown)) > turns  # the computers' moves were shown too
    if game in WHOLE_GAME:
        assert page.locator(".rp-board.is-over").count() == 1
        assert page.locator(".rp-status .rp-then").inner_text() == NEW_GAME_NOTE
        assert "ゲーム終了" in page.locator(".rp-info").inner_text() or c.status_line() in page.locator(
            ".rp-info").inner_text()
    assert not errors, errors
    assert outside == before_requests == [], outside
    page.close()


def _first_move(c: Any) -> Any:
    moves = c.state.legal_moves()
    real = [m for m in moves if not isinstance(m, Pass) and getattr(m, "kind", "") != "pass"]
    return (real or moves)[0]


def test_save_and_load_on_the_site(browser, site_url: str, tmp_path: Path) -> None:
    page, config, outside, errors = open_play(browser, site_url, "tree")
    start(page)
    site = SitePage(page, "tree")
    mirror, _ = live_mirror(page, config)
    c = mirror.controller
    site.do(record(mirror, _first_move(c)))
    site.wait_moves(len(c.state.moves))
    saved_moves = site.moves()
    with page.expect_download() as download:
        site.press("保存")
    path = tmp_path / "saved.json"
    download.value.save_as(path)
    assert json.loads(path.read_text(encoding="utf-8")) == json.loads(c.state.to_json())
    # what the press did is said at the foot of the screen (nothing else in sight changes)
    told = page.locator(".rp-toast.is-shown.rp-toast-result .rp-toast-text")
    assert told.inner_text() == f"「{download.value.suggested_filename}」に保存しました(ブラウザーのダウンロード先にあります)。"
    site.do(record(mirror, _first_move(c)))
    site.wait_moves(len(c.state.moves))
    assert site.moves() > saved_moves
    page.locator(".rp-board input[type=file]").set_input_files(str(path))
    site.wait_moves(saved_moves)
    assert not page.locator(".rp-status.rp-error").count()
    page.wait_for_function("() => document.querySelector('.rp-toast.is-shown')?.innerText.includes('読み込みました')")
    assert told.inner_text() == f"「saved.json」を読み込みました。{saved_moves}手まで進んだ局面から続けて遊べます。"
    page.locator(".rp-actions button", has_text="元に戻す").click()
    site.settle()
    assert site.moves() < saved_moves  # the loaded moves can be taken back
    bad = tmp_path / "bad.json"
    bad.write_text("{\"hello\": 1}", encoding="utf-8")
    page.locator(".rp-board input[type=file]").set_input_files(str(bad))
    page.wait_for_selector(".rp-status.rp-error")
    assert "保存したゲームではありません" in site.status()
    other = tmp_path / "other.json"
    from gamelib import new_game

    other.write_text(new_game("kabaleo", 3, {}, 1).to_json(), encoding="utf-8")
    page.locator(".rp-board input[type=file]").set_input_files(str(other))
    page.wait_for_function("() => document.querySelector('.rp-status').innerText.includes('別のゲーム')")
    # a finished game loads as one: no 「続けて遊べます」, but how to play from an earlier move
    from gamelib.players import GreedyPlayer, play_out

    done = tmp_path / "done.json"
    ended = play_out(new_game("tree", 2, {}, 4), [GreedyPlayer(1), GreedyPlayer(2)])
    done.write_text(ended.to_json(), encoding="utf-8")
    page.locator(".rp-board input[type=file]").set_input_files(str(done))
    page.wait_for_function("() => document.querySelector('.rp-toast.is-shown')?.innerText.includes('done.json')")
    assert told.inner_text() == (f"「done.json」を読み込みました。終わったゲームです(全{len(ended.moves)}手)。"
                                 "「元に戻す」で手を戻すと、そこから遊べます。")
    # a new game from the settings: they fold away again, so the new board stands where it was
    page.locator(".rp-settings > summary").click()
    assert page.locator(".rp-settings[open]").count() == 1
    # (the reader has scrolled up so far that 「新しいゲーム」 is at the window's foot)
    page.evaluate("() => { const b = document.querySelector('.rp-settings .rp-new').getBoundingClientRect();"
                  " window.scrollBy(0, b.bottom - window.innerHeight + 10); }")
    page.locator(".rp-settings .rp-new").click()
    site.settle()
    assert page.locator(".rp-settings[open]").count() == 0
    # and the new board is in view as the first one was (the folding left it partly below)
    assert controls_in_view(page) == [True, True, True]
    assert not errors and not outside
    page.close()


def test_the_settings_say_what_is_wrong_and_a_larger_game_takes_the_room(browser, site_url: str,
                                                                         tmp_path: Path) -> None:
    """Kingdomino at 1366: a seed that is no number is refused beside the settings, which stay
    open (the game goes on); 壮大な決闘's larger kingdoms then widen the board again to show whole."""
    page, config, outside, errors = open_play(browser, site_url, "kingdomino")
    start(page)
    site = SitePage(page, "kingdomino")
    # (the computers who open the game move one at a time, on the page's ticks)
    site.wait_moves(len(_mirror(config, 1366).controller.state.moves))
    moves = site.moves()
    page.locator(".rp-settings > summary").click()
    page.locator(".rp-settings .rp-setup input[type=text]").fill("abc")
    page.locator(".rp-settings .rp-new").click()
    site.settle()
    note = page.locator(".rp-settings .rp-setup-note.rp-error")
    assert note.is_visible() and "シードは9桁までの数字" in note.inner_text()
    assert "シード" not in site.status()  # (said once)
    assert page.locator(".rp-settings[open]").count() == 1 and site.moves() == moves
    # a good seed and the duel: the note goes, the settings fold, the 7×7 kingdoms show whole
    page.locator(".rp-settings .rp-setup input[type=text]").fill("12")
    duel = page.locator(".rp-settings input[data-key=mighty_duel]")
    assert not duel.is_visible()  # (4 players: the duel is for two)
    # (a count or a rule the game on the board does not have is said to be the next game's: a
    # tester changed 人数 mid-game and the game went on unexplained)
    later = page.locator(".rp-settings .rp-setup-note.rp-later")
    assert not later.is_visible()
    page.locator(".rp-settings select[aria-label=人数]").select_option(json.dumps(2))
    assert later.is_visible() and "「新しいゲーム」を押すと変わります" in later.inner_text()
    page.locator(".rp-settings select[aria-label=人数]").select_option(json.dumps(4))
    assert not later.is_visible()  # (the game's own count again)
    page.locator(".rp-settings select[aria-label=人数]").select_option(json.dumps(2))
    duel.check()
    assert later.is_visible()
    page.locator(".rp-settings .rp-new").click()
    site.settle()
    page.wait_for_function("() => !document.querySelector('.rp-settings').open")
    assert not note.is_visible() and not later.is_visible()
    sizes = page.evaluate("""() => { const p = document.querySelector('.rp-picture');
        return {svg: p.querySelector('svg').getBoundingClientRect().width, box: p.clientWidth,
                scrolls: p.scrollWidth > p.clientWidth + 1, page: document.documentElement.scrollWidth}; }""")
    assert not sizes["scrolls"] and sizes["svg"] <= sizes["box"] and sizes["page"] <= 1366, sizes
    # a 4-player save loaded: its count shows in the settings, and no note says the 2 chosen
    # before are the next game's (a tester saw that note stay after such a load)
    from gamelib import new_game

    four = tmp_path / "four.json"
    four.write_text(new_game("kingdomino", 4, {}, 3).to_json(), encoding="utf-8")
    page.locator(".rp-board input[type=file]").set_input_files(str(four))
    page.wait_for_function("() => document.querySelector('.rp-toast.is-shown')?.innerText.includes('four.json')")
    assert page.locator(".rp-settings select[aria-label=人数]").input_value() == json.dumps(4)
    page.locator(".rp-settings > summary").click()  # (folded after 新しいゲーム: the note is in them)
    assert page.locator(".rp-settings[open]").count() == 1
    assert not later.is_visible()
    assert not errors and not outside
    page.close()


@pytest.mark.parametrize("game", GAMES)
def test_play_on_a_phone(browser, site_url: str, game: str) -> None:
    """At 390 px on a touch screen: the board takes the narrow layout at its own size, the page
    does not widen, a move made by tapping counts (the picture's own box scrolls sideways if
    need be), the status line says タップ where the controller's words say クリック, and the board's
    buttons and status line are in view once it stands (the button was under the picture)."""
    page, config, outside, errors = open_play(browser, site_url, game, width=390, height=844, touch=True)
    # before the button: the board as the phone's live board will lay it out, whole in the column
    preview = page.locator(".rulebook-play-picture img")
    source = preview.evaluate("img => img.currentSrc")
    column = page.evaluate("() => document.querySelector('.rulebook-play').clientWidth")
    assert source.endswith("-phone.svg") and preview.bounding_box()["width"] <= column
    still = _mirror(config, 358).controller
    still.still = True  # (nothing on the picture asks to be pressed: Kingdomino's small kingdoms)
    assert page.request.get(source).text() == still.picture().svg
    assert "押すと" not in still.picture().svg
    start(page)
    assert controls_in_view(page) == [True, True, True]  # (the button was under the picture)
    mirror, width = live_mirror(page, config)
    c = mirror.controller
    site = SitePage(page, game, touch=True)
    site.wait_moves(len(c.state.moves))  # (the computers who open the game move one at a time)
    assert site.status() == c.status_line().replace("クリック", "タップ")  # (all but さいころニュータウン say クリック)
    svg = page.locator(".rp-picture svg").bounding_box()
    assert (svg["width"], svg["height"]) == (c.layout.width, c.layout.height)  # never stretched or shrunk
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= 390
    # a board narrower than its box stands in its middle (the domino boards stood 4 px from the
    # left and 26 px from the right)
    box = page.locator(".rp-picture").bounding_box()
    if svg["width"] < box["width"]:
        left, right = svg["x"] - box["x"], box["x"] + box["width"] - svg["x"] - svg["width"]
        assert abs(left - right) <= 1.5, (left, right)
    site.do(record(mirror, _first_move(c)))
    site.wait_moves(len(c.state.moves))
    assert site.status() == c.status_line().replace("クリック", "タップ")
    if game == "kingdomino":  # a tap on a small kingdom shows it large, and plays nothing
        layout = c.layout
        x, y = layout.panel(layout.others[-1])
        moves = len(c.state.moves)
        site.click(x + 30, y + 40)
        mirror._on_mouse_down(x + 30, y + 40)
        assert c.layout.focus == layout.others[-1] and len(c.state.moves) == moves == site.moves()
        texts = page.evaluate("() => [...document.querySelectorAll('.rp-picture svg text')].map(t => t.textContent)")
        assert texts == re.findall(r"<text[^>]*>([^<]*)</text>", c.picture().svg)
    if game == "kabaleo":  # to the end: the result's tables scroll in their own boxes, not the page
        while not c.state.is_over():
            me = c.state.current_player
            steps = record(mirror, _first_move(c))
            if c.state.is_over() or len(c.state.hands[me]) == 0:  # the person's last move: the end comes
                site.do(steps[:-1])                                  # with the status line out of sight
                _, x, y = steps[-1]
                box = site.picture_box()
                page.evaluate("y => window.scrollBy(0, y - 100)", box["y"] + y)
                # (not under the bar that stands for the status line: a tap there plays nothing)
                page.wait_for_timeout(100)
                page.evaluate("""() => { const bar = document.querySelector('.rp-bar.is-shown');
                    if (bar && bar.getBoundingClientRect().bottom + 8 > 100)
                        window.scrollBy(0, 100 - bar.getBoundingClientRect().bottom - 8); }""")
                box = site.picture_box()
                page.touchscreen.tap(box["x"] + x, box["y"] + y)
                site.settle()
                assert page.locator(".rp-status").bounding_box()["y"] + 100 < 0
            else:
                site.do(steps)
            site.wait_moves(len(c.state.moves))
        page.wait_for_selector(".rp-board.is-over")
        # the result shows at the foot of the screen too, the status line being out of sight
        toast = page.locator(".rp-toast.is-shown.rp-toast-result")
        text = toast.locator(".rp-toast-text")
        # the result's sentences, the one naming the winner second, after 「ゲーム終了。」 (the box
        # shows three lines: after the counts that decided it, they had never reached the winner)
        said = re.findall(r"[^。]+。", text.inner_text().replace(NEW_GAME_NOTE, ""))
        assert toast.count() == 1 and text.inner_text().endswith(NEW_GAME_NOTE)
        assert sorted(said) == sorted(re.findall(r"[^。]+。", c.status_line()))
        assert said[0] == "ゲーム終了。" and "勝者は" in said[1], said
        assert "勝者は" not in c.status_line().split("。")[1]  # (the case in hand: the status names it later)
        # its first three lines (it had covered a fifth of the screen), a 「×」, and 「結果へ ▲」,
        # which brings the status line (the whole result, 「もう一度遊ぶ」) into view
        line = float(page.evaluate("() => getComputedStyle(document.querySelector('.rp-toast-text')).lineHeight")
                     .replace("px", "") or 20)
        assert text.bounding_box()["height"] <= 3 * line + 2 and toast.locator(".rp-toast-close").inner_text() == "×"
        toast.locator(".rp-toast-go").tap()
        page.wait_for_selector(".rp-toast.is-shown", state="hidden", timeout=5_000)
        status = page.locator(".rp-status").bounding_box()
        assert status["y"] >= 0 and status["y"] + status["height"] <= 844
        again = page.get_by_role("button", name="もう一度遊ぶ")
        assert again.count() == 1 and 0 <= again.bounding_box()["y"] <= 844
        # scrolled down, and up to the status line again by hand: no box is shown again
        page.evaluate("() => window.scrollBy(0, 600)")
        page.evaluate("() => window.scrollBy(0, document.querySelector('.rp-status').getBoundingClientRect().top - 120)")
        assert page.locator(".rp-toast.is-shown").count() == 0
        assert page.evaluate("() => document.scrollingElement.scrollWidth") <= 390
    assert not errors and not outside
    page.close()


def _places(page: Any) -> dict[str, float]:
    """Where the picture, the buttons and the theme's header's foot stand on the screen, and how
    tall the status line is."""
    return page.evaluate("""() => { const h = document.querySelector('.bd-header-article');
        return {picture: document.querySelector('.rp-picture').getBoundingClientRect().top,
                buttons: document.querySelector('.rp-actions').getBoundingClientRect().top,
                header: h ? Math.max(0, h.getBoundingClientRect().bottom) : 0,
                status: document.querySelector('.rp-status').getBoundingClientRect().height}; }""")


def test_on_a_phone_the_settings_line_stays_in_sight_while_the_computers_open_the_game(browser, site_url: str) -> None:
    """ドミナップ at 390 px: 「この盤面で遊ぶ」 brings the board into view, settings line first; the
    computer holding 7-7 then opens the game and the status line grows.  The page had scrolled by
    as much to keep the picture still, and the settings line went under the theme's header before
    the reader had done anything: it stays in sight until the reader's first step."""
    page, config, outside, errors = open_play(browser, site_url, "dominup", width=390, height=844, touch=True)
    start(page)
    wait_for_the_person(page)
    page.wait_for_timeout(300)
    settings = page.evaluate("() => document.querySelector('.rp-settings > summary').getBoundingClientRect().top")
    places = _places(page)
    assert settings >= places["header"] - 1, (settings, places)
    assert not errors and not outside
    page.close()


def test_on_a_phone_a_status_line_that_grows_leaves_the_picture_where_it_is(browser, site_url: str) -> None:
    """ドミナップ at 390 px, the reader scrolled down to the picture (the buttons above the screen):
    the status line grows (here by the hint's words, as it does when a computer's move is told).
    The picture stays where it was on the screen (the page scrolls by as much as the line grew),
    so a tap aimed at it meanwhile lands where it was aimed; it had moved down by a line."""
    page, config, outside, errors = open_play(browser, site_url, "dominup", width=390, height=844, touch=True)
    start(page)
    wait_for_the_person(page)
    places = _places(page)
    page.evaluate("by => window.scrollBy(0, by)", places["buttons"] - places["header"] + 60)
    before = _places(page)
    assert before["buttons"] < before["header"] and 0 < before["picture"] < 844
    page.locator(".rp-actions button", has_text="ヒント").evaluate("b => b.click()")  # (no scroll to it)
    page.wait_for_function("() => document.querySelector('.rp-status').innerText.includes('ヒント')")
    page.wait_for_timeout(300)
    after = _places(page)
    assert after["status"] > before["status"] + 5, "the status line did not grow: this test is about one that does"
    assert abs(after["picture"] - before["picture"]) <= 1, (before, after)
    assert not errors and not outside
    page.close()


def test_on_a_phone_a_hint_keeps_the_buttons_in_sight(browser, site_url: str) -> None:
    """ドミナップ at 390 px: 「ヒント」 adds its words to the status line, which grows. The buttons,
    just pressed, stay where they are (the page had scrolled to keep the picture still, as far as
    left them under the theme's header: a second press missed), and the picture moves down.
    A new game then starts without the room the longer line took."""
    page, config, outside, errors = open_play(browser, site_url, "dominup", width=390, height=844, touch=True)
    start(page)
    wait_for_the_person(page)
    before = _places(page)
    assert before["buttons"] >= before["header"] - 1
    page.locator(".rp-actions button", has_text="ヒント").tap()
    page.wait_for_function("() => document.querySelector('.rp-status').innerText.includes('ヒント')")
    page.wait_for_timeout(300)
    after = _places(page)
    grown = after["status"] - before["status"]
    assert grown > 5, "the hint did not lengthen the status line: this test is about one that does"
    # the buttons stay where they are, under the finger (a second press had found them gone up)
    assert abs(after["buttons"] - before["buttons"]) <= 1, (before, after)
    assert -1 <= after["picture"] - before["picture"] <= grown + 1, (before, after)
    # a new game starts from the rows' own heights, not with the room the hint's line took
    page.locator(".rp-settings > summary").click()
    page.locator(".rp-settings .rp-new").click()
    page.wait_for_function("() => !document.querySelector('.rp-settings[open]')")  # (the new game stands)
    SitePage(page, "dominup", touch=True).settle()
    assert _places(page)["status"] < after["status"]
    assert not errors and not outside
    page.close()


def test_on_a_phone_a_hinted_bar_shows_the_hint_and_what_to_do_whole(browser, site_url: str) -> None:
    """ドミナップ at 390 px, scrolled down to the hand: after 「ヒント」 the bar at the top gives the
    hint and then what to do, whole (a tester's bar broke off in the middle of the instruction):
    it has six lines for them, and the instruction's remarks on the green frames are left out."""
    page, config, outside, errors = open_play(browser, site_url, "dominup", width=390, height=844, touch=True)
    start(page)
    wait_for_the_person(page)
    page.locator(".rp-actions button", has_text="ヒント").tap()
    page.wait_for_function("() => document.querySelector('.rp-status').innerText.includes('ヒント')")
    page.evaluate("""() => { const r = document.createRange();
        r.selectNodeContents(document.querySelector('.rp-status'));
        window.scrollBy(0, r.getBoundingClientRect().bottom + 40); }""")
    page.wait_for_selector(".rp-bar.is-shown", timeout=5_000)
    bar = page.locator(".rp-bar.is-shown")
    status = page.locator(".rp-status").inner_text()
    words = bar.inner_text()
    assert "rp-hinted" in bar.get_attribute("class") and words.startswith("ヒント(オレンジの枠)")
    assert "番です。" in words and "(緑の枠" not in words and "(緑の枠" in status, (words, status)
    # whole: nothing cut off at its foot, and it needs more than the four lines a bar without a hint has
    fit = bar.evaluate("""b => { const st = getComputedStyle(b), line = parseFloat(st.lineHeight);
        return [b.scrollHeight - b.clientHeight, Math.round((b.clientHeight - parseFloat(st.paddingTop)) / line)]; }""")
    assert fit[0] <= 1 and fit[1] > 4, fit
    assert not errors and not outside
    page.close()


def test_on_a_phone_a_level_s_end_is_told_at_the_foot_of_the_screen(browser, site_url: str,
                                                                    tmp_path: Path) -> None:
    """ドラゴンキーパー at 390 px, scrolled down past the status line: a tap that ends a level shows
    the level's end (what was paid) at the foot of the screen, since the bar at the top gives only
    what to do now (a tester down at the own panel never saw a level end)."""
    from gamelib.dragonkeeper import DragonKeeperState
    from gamelib.players import GreedyPlayer

    page, config, outside, errors = open_play(browser, site_url, "dragonkeeper", width=390, height=844, touch=True)
    start(page)
    wait_for_the_person(page)
    mirror, _ = live_mirror(page, config)
    c = mirror.controller
    me = c.seats.index("human")
    # a saved game where the person is to move and a move of theirs ends a level
    state, i, ending = c.state, 0, None
    while ending is None:
        if state.current_player == me:
            ending = next((m for m in state.legal_moves() if len(state.play(m).results) > len(state.results)), None)
        if ending is None:
            state = state.play(GreedyPlayer(i).choose(state))
            i += 1
        assert not state.is_over()
    path = tmp_path / "before-the-end.json"
    path.write_text(state.to_json(), encoding="utf-8")
    page.locator(".rp-board input[type=file]").set_input_files(str(path))
    SitePage(page, "dragonkeeper", touch=True).wait_moves(len(state.moves))
    c.load(DragonKeeperState.from_json(state.to_json()))
    c.layout = c.make_layout()
    steps = record(mirror, ending)
    assert steps and all(step[0] == "click" for step in steps)
    # the status line's words scrolled up under the header; the tiles to tap still on the screen
    page.evaluate("""() => { const r = document.createRange();
        r.selectNodeContents(document.querySelector('.rp-status'));
        const header = document.querySelector('.bd-header-article').getBoundingClientRect().bottom;
        window.scrollBy(0, r.getBoundingClientRect().bottom - header + 4); }""")
    page.wait_for_timeout(200)
    site = SitePage(page, "dragonkeeper", touch=True)
    for _, x, y in steps:
        box = site.picture_box()
        assert 60 < box["y"] + y < 844 - 10, "the tile to tap should be on the screen"
        page.touchscreen.tap(box["x"] + x, box["y"] + y)
        site.settle()
    told = page.locator(".rp-toast.is-shown .rp-toast-text")
    page.wait_for_function("() => document.querySelector('.rp-toast.is-shown')?.innerText.includes('階層が終わりました')")
    level = len(state.results) + 1
    news = told.inner_text()
    assert news.startswith(f"第{level}階層が終わりました") and "返しました" in news
    # it stays while the computers' next moves come (each drew the board again and had taken it away)
    site.wait_moves(len(state.moves) + 3)
    assert told.inner_text() == news
    assert not errors and not outside
    page.close()


def test_on_a_phone_the_picture_comes_back_after_each_hinted_move(browser, site_url: str) -> None:
    """ドミナップ at 390 px, move after move: 「ヒント」 lengthens the status line and the picture
    goes down, the buttons staying under the finger; the tap on the hint's orange frame makes the
    move and takes the hint's words away, and the picture comes back up to where it stood before
    the hint.  It had stayed down (the page kept it still for the tap), a line lower at every
    hinted move: after ten, a tester's board stood half under the screen's foot."""
    page, config, outside, errors = open_play(browser, site_url, "dominup", width=390, height=844, touch=True)
    start(page)
    site = SitePage(page, "dominup", touch=True)
    wait_for_the_person(page)
    site.settle()
    tops = [site.picture_box()["y"]]
    lowered = []
    for _ in range(3):
        grown_from = _places(page)["status"]
        moves = site.moves()
        page.locator(".rp-actions button", has_text="ヒント").tap()
        page.wait_for_function("() => document.querySelector('.rp-status').innerText.includes('ヒント')")
        site.settle()
        assert _places(page)["status"] > grown_from + 5, "the hint did not lengthen the status line"
        lowered.append(site.picture_box()["y"] - tops[-1])
        # the hint's frame (orange, around both squares of its move), tapped where the page stands
        frame = page.locator(f'.rp-picture svg [stroke="{HINT}"]').first.bounding_box()
        assert frame is not None and 0 < frame["y"] and frame["y"] + frame["height"] < 844, frame
        page.touchscreen.tap(frame["x"] + frame["width"] / 4, frame["y"] + frame["height"] / 2)
        page.wait_for_function("n => +document.querySelector('.rp-board').dataset.moves > n", arg=moves)
        wait_for_the_person(page)
        site.settle()
        tops.append(site.picture_box()["y"])
    assert all(down > 5 for down in lowered), lowered  # (each hint took the picture down)
    assert max(tops) - min(tops) <= 1, tops
    assert not errors and not outside
    page.close()


def test_on_a_phone_a_refusal_leaves_the_buttons_in_sight(browser, site_url: str) -> None:
    """ドミノメガ at 390 px, the row of buttons just under the theme's header: a tap that breaks
    a rule lengthens the status line with its reason (which names 「回転」).  The buttons stay
    under the header, in sight, and the picture moves down the rest; they had gone up under the
    header (the page scrolled by all the status line grew, to keep the picture still)."""
    page, config, outside, errors = open_play(browser, site_url, "dominomega", width=390, height=844, touch=True)
    start(page)
    site = SitePage(page, "dominomega", touch=True)
    wait_for_the_person(page)
    site.settle()
    # the buttons' top 2 px under the header's foot
    page.evaluate("""() => { const h = document.querySelector('.bd-header-article').getBoundingClientRect().bottom;
        window.scrollBy(0, document.querySelector('.rp-actions').getBoundingClientRect().top - h - 2); }""")
    site.settle()
    before = _places(page)
    box = site.picture_box()
    # a square of the grid far from the tiles (near its top-left corner): no tile may go there
    page.touchscreen.tap(box["x"] + 50, box["y"] + 70)
    page.wait_for_selector(".rp-status.rp-error")
    site.settle()
    after = _places(page)
    assert after["status"] > before["status"] + 5, "the refusal did not lengthen the status line"
    assert after["buttons"] >= after["header"] - 1, (before, after)
    assert after["picture"] > before["picture"] + 5  # (it moved down instead)
    # the first tile where it goes (the green frame): the reason goes, and the picture comes back
    # up to where it stood before the refusal (it had stayed lower for good)
    target = page.locator('.rp-picture svg rect[stroke="#00a86b"]').first.bounding_box()
    page.touchscreen.tap(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2)
    page.wait_for_function("() => +document.querySelector('.rp-board').dataset.moves > 0")
    page.wait_for_function("() => !document.querySelector('.rp-status').classList.contains('rp-error')")
    site.settle()
    assert abs(_places(page)["picture"] - before["picture"]) <= 1, (before, _places(page))
    assert not errors and not outside
    page.close()


def test_on_a_phone_buttons_a_tap_brings_stay_in_sight(browser, site_url: str) -> None:
    """さいころニュータウン at 390 px: a tap on the picture takes the last die, and the next phase
    brings rows of buttons (振りなおし, 特殊能力, 移動), which the status line sends the reader to.
    With the buttons in sight before the tap, they stay in sight under the theme's header and
    the picture moves down by the rest; they had gone above the screen (the page scrolled by
    all they grew, to keep the picture where it was)."""
    page, config, outside, errors = open_play(browser, site_url, "newtown", width=390, height=844, touch=True)
    start(page)
    mirror, width = live_mirror(page, config)
    c = mirror.controller
    site = SitePage(page, "newtown", touch=True)
    for _ in range(40):  # the person's moves, until one made by a tap brings new rows of buttons
        move = _first_move(c)
        saved = c.on_change, c.scheduler
        c.on_change = c.scheduler = None
        trial = copy.deepcopy(c)
        c.on_change, c.scheduler = saved
        trial.play(move)
        grows = len(trial.actions()) >= len(c.actions()) + 3
        steps = record(mirror, move)
        if grows and steps[-1][0] == "click":
            break
        site.do(steps)
        site.wait_moves(len(c.state.moves))
    else:
        raise AssertionError("no tap brought new buttons: this test is about one that does")
    site.do(steps[:-1])
    site.settle()
    # the buttons at the header, their top a little under it (as an earlier, longer status line
    # leaves them), the picture below them on the screen
    page.evaluate("""() => { const h = document.querySelector('.bd-header-article').getBoundingClientRect().bottom;
        window.scrollBy(0, document.querySelector('.rp-actions').getBoundingClientRect().top - h + 10); }""")
    before = _places(page)
    _, x, y = steps[-1]
    box = site.picture_box()
    assert 0 < box["y"] + y < 844, "the die to tap should be on the screen"
    page.touchscreen.tap(box["x"] + x, box["y"] + y)
    site.wait_moves(len(c.state.moves))
    page.wait_for_timeout(300)
    after = _places(page)
    assert page.locator(".rp-actions button").count() >= len(c.actions()) >= 5
    assert before["buttons"] < before["header"] and after["buttons"] >= after["header"] - 1, (before, after)
    assert after["picture"] >= before["picture"] - 1, (before, after)
    assert not errors and not outside
    page.close()


def _blanks(page: Any) -> dict[str, float]:
    """How much taller than their own content the rows above the picture stand (the blank a
    longer row left), row by row, measured without changing them."""
    return page.evaluate("""() => { const out = {};
        for (const [name, sel] of [['buttons', '.rp-actions'], ['lists', '.rp-list'], ['status', '.rp-status']]) {
            const row = document.querySelector('.rp-board ' + sel); if (!row) continue;
            const kept = row.style.minHeight, tall = row.offsetHeight;
            row.style.minHeight = ''; out[name] = tall - row.offsetHeight; row.style.minHeight = kept; }
        return out; }""")


def test_on_a_phone_rows_that_shrink_leave_no_blank(browser, site_url: str) -> None:
    """さいころニュータウン at 390 px, played a while: the phases bring many rows of buttons,
    then few. The rows above the picture come down to it, leaving no blank between them (the page
    scrolls up by as much, so the picture stays where it is on the screen: every tap's check in
    ``SitePage.click``). They had kept the height of their tallest so far, a blank of up to
    250 px above the picture."""
    page, config, outside, errors = open_play(browser, site_url, "newtown", width=390, height=844, touch=True)
    start(page)
    mirror, width = live_mirror(page, config)
    c = mirror.controller
    site = SitePage(page, "newtown", touch=True)
    site.wait_moves(len(c.state.moves))
    heights = []
    for _ in range(30):
        if c.state.is_over():
            break
        site.do(record(mirror, _first_move(c)))
        site.wait_moves(len(c.state.moves))
        page.wait_for_timeout(100)
        blanks = _blanks(page)
        assert all(b <= 1 for b in blanks.values()), (len(c.state.moves), blanks)
        heights.append(page.evaluate("() => document.querySelector('.rp-actions').offsetHeight"))
    assert any(a - b >= 30 for i, a in enumerate(heights) for b in heights[i + 1:]), \
        f"the rows of buttons never shrank by a row: this test is about rows that do ({heights})"
    assert not errors and not outside
    page.close()


def test_taps_while_a_computer_thinks_never_hold_it_up(browser, site_url: str) -> None:
    """A reader who taps the board again and again while the computers play (on a phone, to
    look at their kingdoms) does not stop them: each computer move comes after its wait."""
    page, config, outside, errors = open_play(browser, site_url, "kingdomino")
    wait = 0.4
    page.evaluate("d => { const b = document.querySelector('.rulebook-play'); const c = JSON.parse(b.dataset.board);"
                  " c.delay = d; b.dataset.board = JSON.stringify(c); }", wait)
    start(page)
    mirror, _ = live_mirror(page, config)
    c = mirror.controller
    site = SitePage(page, "kingdomino")
    site.wait_moves(len(c.state.moves), timeout=30_000)
    mine = len(c.state.moves) + 1
    site.do(record(mirror, _first_move(c)))  # the person's move; the mirror's computers answer at once
    computers = len(c.state.moves) - mine
    assert computers >= 2
    page.evaluate("() => document.querySelector('.rp-picture svg').scrollIntoView({block: 'center'})")
    box = page.locator(".rp-picture svg").bounding_box()
    taps = 0
    while taps * 0.15 < computers * wait + 1.5:
        page.mouse.click(box["x"] + 4, box["y"] + 4)  # a corner of the picture: no move, only a tap
        page.wait_for_timeout(150)
        taps += 1
    assert site.moves() == len(c.state.moves), "taps held the computers up"
    assert not errors and not outside
    page.close()


def test_nothing_loads_before_the_button_and_two_boards_share_one_python(browser, site_url: str) -> None:
    """A page with two boards (the chapter's, twice): no part of the runtime is fetched before a
    button is pressed; then both boards run in one Python (Pyodide fetched once) and each
    keeps its own game."""
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    requests: list[str] = []
    heads: list[str] = []
    page.on("request", lambda r: (heads if r.method == "HEAD" else requests).append(r.url))

    def twice(route: Any) -> None:
        body = route.fetch().text()
        start = body.index('<div class="rulebook-play"')
        end = body.index("</p></div>", start) + len("</p></div>")
        route.fulfill(body=body[:end] + body[start:end] + body[end:], content_type="text/html; charset=utf-8")

    page.route("**/book/tree.html", twice)
    page.goto(f"{site_url}/book/tree.html", wait_until="networkidle")
    assert page.locator(".rulebook-play").count() == 2
    assert not [u for u in requests if "pyodide" in u or "rulebook-python" in u], requests
    # (the note under the button says a new deal is coming, not the picture's)
    assert "新しく混ぜて配る" in page.locator(".rulebook-play-note").nth(0).inner_text()
    buttons = page.get_by_role("button", name="この盤面で遊ぶ")
    buttons.nth(0).click()
    page.wait_for_selector(".rp-board .rp-picture svg", timeout=60_000)
    page.get_by_role("button", name="この盤面で遊ぶ").first.click()  # (the first one has become a board)
    page.wait_for_function("() => document.querySelectorAll('.rp-board .rp-picture svg').length === 2")
    # (fetched once; the worker first asks whether it is there at all, with a HEAD request)
    assert sum(u.endswith("pyodide.asm.wasm") for u in requests) == 1
    assert sum(u.endswith("rulebook-python.zip") for u in requests) == 1
    assert sum(u.endswith("pyodide.asm.wasm") for u in heads) == 1
    # a move on the first board leaves the second as it was
    first, second = page.locator(".rp-board").nth(0), page.locator(".rp-board").nth(1)
    moves = second.get_attribute("data-moves")
    first.locator(".rp-actions button", has_text="回転").click()
    first.locator(".rp-actions button", has_text="ヒント").click()
    page.wait_for_function("() => document.querySelectorAll('.rp-status')[0].innerText.includes('ヒント')")
    assert "ヒント" not in page.locator(".rp-status").nth(1).inner_text()
    assert second.get_attribute("data-moves") == moves
    # each board dealt anew, not the picture's deal: a reader who comes back meets new hands and a new draw
    config = json.loads(page.locator(".rulebook-play").nth(0).get_attribute("data-board"))
    saves = []
    for board in (first, second):
        with page.expect_download() as download:
            board.locator(".rp-actions button", has_text="保存").click()
        saves.append(json.loads(Path(download.value.path()).read_text(encoding="utf-8")))
    assert [s["players"] for s in saves] == [config["players"]] * 2
    assert len({config["seed"], saves[0]["seed"], saves[1]["seed"]}) == 3, saves
    page.close()


def test_the_hint_lights_the_button_of_its_move(browser, site_url: str) -> None:
    """さいころニュータウン's moves are mostly made by buttons: the hint lights the button of its
    kind in the hint's orange (gamelib's greedy player, through the controller), and only that one."""
    page, config, outside, errors = open_play(browser, site_url, "newtown")
    start(page)
    mirror = _mirror(config, 1366).controller
    if mirror.curtain_down():
        mirror.reveal()
        page.locator(".rp-actions button.rp-reveal").click()
    assert page.locator(".rp-actions button.rp-hinted").count() == 0
    assert mirror.hint() and mirror.hint_action() is not None
    page.locator(".rp-actions button", has_text="ヒント").click()
    page.wait_for_function("() => document.querySelector('.rp-status').innerText.includes('ヒント')")
    hinted = page.locator(".rp-actions button.rp-hinted")
    assert hinted.count() == 1 and hinted.get_attribute("data-key") == mirror.hint_action()
    assert hinted.evaluate("b => getComputedStyle(b).borderColor") == "rgb(255, 143, 0)"
    assert not errors
    page.close()


def test_on_a_phone_the_status_out_of_sight_stands_in_a_bar_at_the_top(browser, site_url: str) -> None:
    """Kabaleo at 390 px: the reader has scrolled down to the hand, so the status line is above
    the screen: what to do stands in a bar under the theme's header, which takes the taps made on
    it (what it covers is out of sight: they had gone through, taking a tile the reader never saw). A
    tap refused shows its reason there in red (once: not at the foot of the screen as well),
    which goes with the next good move. With the status line in view, nothing more is shown."""
    page, config, outside, errors = open_play(browser, site_url, "kabaleo", width=390, height=844, touch=True)
    start(page)
    # (the two ways of showing the colours are a pair: each is announced as pressed or not)
    assert [page.locator(".rp-actions button", has_text=label).get_attribute("aria-pressed")
            for label in ("色は本人だけ", "全員の色を見せる")] == ["true", "false"]
    mirror, width = live_mirror(page, config)
    c = mirror.controller
    site = SitePage(page, "kabaleo", touch=True)
    trial = illegal_clicks(mirror, record(_mirror(config, width), _first_move(c)), lowest_first=True)
    assert trial is not None
    site.do(trial[:-1])
    _, x, y = trial[-1]
    # the point to tap near the foot of the screen: the status line lies above it
    box = page.locator(".rp-picture svg").bounding_box()
    page.evaluate("y => window.scrollBy(0, y - window.innerHeight + 60)", box["y"] + y)
    status = page.locator(".rp-status").bounding_box()
    assert status["y"] + status["height"] < 0, "the status line should be above the screen for this test"
    # what to do next stands in a bar under the theme's header (placed on the scroll event: on a
    # busy machine that comes a frame or two after the scroll)
    page.wait_for_selector(".rp-bar.is-shown", timeout=5_000)
    bar = page.locator(".rp-bar.is-shown")
    assert bar.count() == 1 and bar.inner_text() == c.bar_line().replace("クリック", "タップ")
    header = page.evaluate("() => document.querySelector('.bd-header-article').getBoundingClientRect().bottom")
    shown = bar.bounding_box()
    assert abs(shown["y"] - header) < 1 and shown["height"] < 90 and shown["x"] >= 0 and shown["x"] + shown["width"] <= 390
    # a tap on it plays nothing (the picture under it is out of sight)
    moves, words = site.moves(), site.status()
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('.rp-bar, .rp-picture')?.className",
                        [shown["x"] + shown["width"] / 2, shown["y"] + shown["height"] / 2])
    assert hit == "rp-bar is-shown", hit
    scrolled = page.evaluate("() => window.scrollY")
    page.touchscreen.tap(shown["x"] + shown["width"] / 2, shown["y"] + shown["height"] / 2)
    site.settle()
    assert site.moves() == moves and site.status() == words and page.locator(".rp-bar.rp-error").count() == 0
    # ... but brings what lay under it into sight below it (the page scrolls up by its height)
    page.wait_for_timeout(200)
    assert abs(scrolled - page.evaluate("() => window.scrollY") - (shown["height"] + 8)) <= 2
    page.evaluate("by => window.scrollBy(0, by)", shown["height"] + 8)  # (back where the test was)
    page.wait_for_timeout(100)
    # words longer than four lines end at the fourth: no part of a fifth shows under it (the
    # box's foot below the last line would show the top of the next one)
    room = bar.evaluate("""b => { const keep = b.textContent; b.textContent = keep.repeat(6);
        const st = getComputedStyle(b), line = parseFloat(st.lineHeight);
        const below = b.clientHeight - parseFloat(st.paddingTop) - 4 * line;
        b.textContent = keep; return below; }""")
    assert room < 1, f"{room:.1f} px of a fifth line show under the bar's fourth"
    # a row of buttons keeps the height it once needed (so the picture never moves up), but its
    # buttons stay together at its top, not spread over it
    spread = page.locator(".rp-actions").evaluate("""row => { const keep = row.style.minHeight;
        row.style.minHeight = (row.getBoundingClientRect().height + 120) + 'px';
        const tops = [...row.children].filter(b => b.offsetParent).map(b => b.getBoundingClientRect().top);
        const gaps = [...new Set(tops)].sort((a, b) => a - b).map((t, i, all) => i ? t - all[i - 1] : 0);
        const first = Math.min(...tops) - row.getBoundingClientRect().top;
        row.style.minHeight = keep; return [first, Math.max(...gaps)]; }""")
    assert spread[0] < 8 and spread[1] < 50, spread
    box = page.locator(".rp-picture svg").bounding_box()
    page.touchscreen.tap(box["x"] + x, box["y"] + y)
    site.settle()
    for _, sx, sy in trial:
        mirror._on_mouse_down(sx, sy)
    assert c.error is not None
    # the reason, in red in the bar (and not a second time at the foot of the screen)
    # (and under it, what to do now)
    # (without the hint, which the status line keeps: the bar had run to five lines)
    assert page.locator(".rp-bar.is-shown.rp-error").inner_text() == (
        c.status_line() + "\n" + c.then_line(hint=False)).replace("クリック", "タップ")
    assert page.locator(".rp-toast.is-shown").count() == 0
    # a good move takes the red away
    site.do(record(mirror, _first_move(c)))
    site.wait_moves(len(c.state.moves))
    assert page.locator(".rp-bar.rp-error").count() == 0
    # the words of the status line (its box keeps room for longer ones) gone under the header:
    # the bar is there at once, not only once the box's foot has gone too
    page.evaluate("""() => { const r = document.createRange();
        r.selectNodeContents(document.querySelector('.rp-status'));
        const header = document.querySelector('.bd-header-article').getBoundingClientRect().bottom;
        window.scrollBy(0, r.getBoundingClientRect().top - header + 6); }""")
    page.wait_for_timeout(200)
    assert page.locator(".rp-status").bounding_box()["y"] + page.locator(".rp-status").bounding_box()["height"] > header
    assert page.locator(".rp-bar.is-shown").count() == 1
    # with the status line in view, a refusal shows there only
    trial = illegal_clicks(mirror, record(_mirror(config, width), _first_move(c)))
    page.evaluate("() => document.querySelector('.rp-status').scrollIntoView({block: 'start'})")
    page.evaluate("() => window.scrollBy(0, -80)")  # below the theme's header
    box = page.locator(".rp-picture svg").bounding_box()
    assert all(0 < box["y"] + sy < 844 - 10 for _, sx, sy in trial), "the refused tap should be on the screen"
    for _, sx, sy in trial:
        page.touchscreen.tap(box["x"] + sx, box["y"] + sy)
        site.settle()
    assert page.locator(".rp-status.rp-error").count() == 1
    assert page.locator(".rp-toast.is-shown").count() == 0
    assert page.locator(".rp-bar.is-shown").count() == 0
    # a reader gone back above the board (its status line and picture below the screen) is
    # reading the rules: no bar covers them
    page.evaluate("""() => { const r = document.querySelector('.rp-status').getBoundingClientRect();
        window.scrollBy(0, r.top - window.innerHeight - 150); }""")
    page.wait_for_timeout(200)
    assert page.locator(".rp-status").bounding_box()["y"] > 844
    assert page.locator(".rp-bar.is-shown").count() == 0
    assert not errors and not outside
    page.close()


WIDE = {"newtown": (".rulebook-play", ".rulebook-replay"), "dominup": (".rulebook-play", ".rulebook-replay"),
        "tree": ("div.cell_output:has(img[alt^='ゲームの終わりの木'])",)}  # (a figure, not a board)


@pytest.mark.parametrize("game", WIDE)
def test_on_a_laptop_wide_board_pictures_and_replays_show_whole(browser, site_url: str, game: str) -> None:
    """At 1366×768 a board picture, replay or figure wider than the text column reaches over the
    right margin and shows whole, at its own size, clipped by nothing; the page's table of
    contents is hidden while such a picture lies across it, and only then; the page never
    scrolls sideways."""
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(f"{site_url}/book/{game}.html", wait_until="load")
    page.wait_for_function("() => [...document.querySelectorAll('div.cell_output img:not([src=\"data:,\"])')]"
                           ".every(i => i.complete && i.naturalWidth)")
    column = page.evaluate("() => document.querySelector('article p').clientWidth")
    toc_hidden = "() => getComputedStyle(document.querySelector('.bd-sidebar-secondary')).visibility === 'hidden'"
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_timeout(100)
    assert not page.evaluate(toc_hidden), "the contents are hidden at the top of the page"
    for selector in WIDE[game]:
        block = page.locator(selector).first
        block.scroll_into_view_if_needed()
        page.wait_for_timeout(100)
        sizes = block.evaluate("""b => { const i = b.querySelector('img'), r = i.getBoundingClientRect();
            return {own: i.naturalWidth, shown: r.width, right: r.right, frame: (i.closest('.replay-frame') || b).clientWidth}; }""")
        assert sizes["own"] > column, f"{game}: the picture fits the column anyway: nothing to check"
        assert abs(sizes["shown"] - sizes["own"]) <= 1, sizes
        assert sizes["right"] <= 1366 and sizes["frame"] >= sizes["own"], f"{game} {selector}: cut off {sizes}"
        # nothing clips it: its right edge is the picture itself on the screen
        seen = block.evaluate("""b => { const i = b.querySelector('img'), r = i.getBoundingClientRect();
            const top = Math.max(r.top, 0), bottom = Math.min(r.bottom, window.innerHeight);
            return document.elementFromPoint(r.right - 3, (top + bottom) / 2) === i; }""")
        assert seen, f"{game} {selector}: the picture's right edge is clipped"
        overlaps = block.evaluate("""b => { const r = b.getBoundingClientRect();
            const t = document.querySelector('.bd-sidebar-secondary').getBoundingClientRect();
            return r.left < t.right - 2 && t.left + 2 < r.right && r.top < t.bottom && t.top < r.bottom; }""")
        assert page.evaluate(toc_hidden) == overlaps, f"{game} {selector}: the contents hidden {not overlaps}"
        if game == "newtown":
            assert overlaps  # (its pictures are wide enough to lie across the contents)
        assert page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth") <= 1
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_timeout(200)
    assert not page.evaluate(toc_hidden), "the contents stay hidden after the picture has left the screen"
    page.close()


def test_a_quick_second_click_counts(browser, site_url: str) -> None:
    """Kabaleo: a piece of the hand and then a pile, the second click made while the board still
    answers the first (it was dropped: the piece stayed selected and nothing was played)."""
    page, config, outside, errors = open_play(browser, site_url, "kabaleo")
    start(page)
    site = SitePage(page, "kabaleo")
    mirror, width = live_mirror(page, config)
    c = mirror.controller
    steps = record(mirror, _first_move(c))
    assert [s[0] for s in steps] == ["click", "click"], steps
    moves = site.moves()
    page.locator(".rp-picture").scroll_into_view_if_needed()
    # both clicks in one go, the second before the answer to the first
    page.evaluate("""points => { const svg = document.querySelector('.rp-picture svg');
        const box = svg.getBoundingClientRect();
        const sx = box.width / svg.viewBox.baseVal.width, sy = box.height / svg.viewBox.baseVal.height;
        for (const [x, y] of points) {
            svg.dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: box.left + x * sx,
                                                      clientY: box.top + y * sy}));
        } }""", [[s[1], s[2]] for s in steps])
    page.wait_for_function("n => +document.querySelector('.rp-board').dataset.moves > n", arg=moves, timeout=20_000)
    assert not errors, errors
    page.close()


def test_a_slow_press_on_a_button_counts_while_the_computers_move(browser, site_url: str) -> None:
    """The row of buttons was built anew after every computer move: a press whose button went
    down before a move and up after it made no click (a tester lost a third of his presses of
    250 ms). The row's buttons now stay, updated in place."""
    page, config, outside, errors = open_play(browser, site_url, "kingdomino")
    page.evaluate("""() => { const b = document.querySelector('.rulebook-play'); const c = JSON.parse(b.dataset.board);
        c.delay = 0.1; c.seats = ['greedy', 'greedy', 'greedy', 'greedy']; b.dataset.board = JSON.stringify(c); }""")
    start(page)
    site = SitePage(page, "kingdomino")
    save = page.locator(".rp-actions button", has_text="保存")
    box = save.bounding_box()
    for _ in range(4):
        before = site.moves()
        with page.expect_download(timeout=5_000):
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.mouse.down()
            page.wait_for_function("n => +document.querySelector('.rp-board').dataset.moves > n", arg=before,
                                   timeout=10_000)  # (a computer has moved while the button is down)
            page.mouse.up()
    assert not errors, errors
    page.close()


def test_the_settings_show_the_options_of_the_player_count_chosen(browser, site_url: str) -> None:
    """Kabaleo's 「2人の数え方」 shows only while 2人 is chosen; a game with no rule to choose
    (Dominimum) does not promise rules in its settings' heading; Dominomega's 「同点のとき」 does."""
    page, config, outside, errors = open_play(browser, site_url, "kabaleo")
    start(page)
    page.locator(".rp-settings > summary").click()
    assert "ルール" in page.locator(".rp-settings > summary").inner_text()
    field = page.locator(".rp-settings .rp-field[data-key=two_player_scoring]")
    players = page.locator(".rp-settings select[aria-label=人数]")
    deal = page.locator(".rp-settings .rp-field[data-key=deal]")
    for count, shown in ((3, False), (2, True), (4, False)):
        players.select_option(json.dumps(count))
        assert field.is_visible() == shown, count
        assert deal.is_visible() == (count < 4), count  # (the even deal is for two or three)
    # what each option and each kind of seat is, on hover
    assert "担当する2色" in field.get_attribute("title")
    assert "隠れ上手: " in page.locator(".rp-settings .rp-seat").first.get_attribute("title")
    # every button of the row says what it does (「元に戻す」 alone had said nothing)
    for button in page.locator(".rp-actions button").all():
        assert button.get_attribute("title"), button.inner_text()
    assert not errors and not outside
    page.close()
    page, config, outside, errors = open_play(browser, site_url, "dominimum")
    start(page)
    assert page.locator(".rp-settings > summary").inner_text() == "設定(人数・シード・席)"
    assert not errors and not outside
    page.close()
    page, config, outside, errors = open_play(browser, site_url, "dominomega")
    start(page)
    page.locator(".rp-settings > summary").click()
    assert page.locator(".rp-settings > summary").inner_text() == "設定(人数・シード・ルール・席)"
    ties = page.locator(".rp-settings .rp-field[data-key=ties]")
    assert ties.is_visible() and "オメガ" in ties.get_attribute("title")
    assert not errors and not outside
    page.close()


def test_on_a_phone_the_settings_say_in_words_what_each_setting_does(browser, site_url: str) -> None:
    """What each option and kind of seat is stood only in tooltips, which a phone never shows:
    the settings hold the same words under 「設定の説明」, the options of the player count chosen."""
    from widgets.controller import SETTING_TIPS
    from widgets.kabaleo import KabaleoController

    page, config, outside, errors = open_play(browser, site_url, "kabaleo", width=390, height=844, touch=True)
    start(page)
    page.locator(".rp-settings > summary").tap()
    help_ = page.locator(".rp-settings .rp-help")
    assert help_.is_visible() and not help_.locator("dl").is_visible()  # (folded until asked)
    help_.locator("summary").tap()
    words = help_.locator("dl").inner_text()
    assert SETTING_TIPS["seed"] in words and SETTING_TIPS["players"] in words
    for line in KabaleoController.seat_help().splitlines():
        assert line in words
    option = help_.locator(".rp-help-item", has_text="2人の数え方")
    tip = page.locator(".rp-settings .rp-field[data-key=two_player_scoring]").get_attribute("title")
    assert "担当する2色" in tip
    players = page.locator(".rp-settings select[aria-label=人数]")
    for count, shown in ((2, True), (3, False)):
        players.select_option(json.dumps(count))
        assert option.is_visible() == shown, count
        if shown:
            assert option.locator("dd").inner_text() in (tip, tip + "。")
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= 390
    assert not errors and not outside
    page.close()


def test_a_score_table_wider_than_a_phone_is_shown_row_by_row(browser, site_url: str, tmp_path: Path) -> None:
    """Dragon Keeper's final score table is wider than a phone: its right-hand columns (合計,
    勝者) lay out of sight, to be scrolled to. On a phone it is now shown as the chapters'
    tables are: each row a card, each cell under its column's name, all in sight; at 1366 px,
    where it fits, it stays a table."""
    from gamelib.dragonkeeper import DragonKeeperState
    from gamelib.players import GreedyPlayer, play_out

    saved = tmp_path / "end.json"
    saved.write_text(play_out(DragonKeeperState.new(3, seed=4), [GreedyPlayer(i) for i in range(3)]).to_json(),
                     encoding="utf-8")
    for width, height, phone in ((390, 844, True), (1366, 768, False)):
        page, config, outside, errors = open_play(browser, site_url, "dragonkeeper", width=width, height=height,
                                                  touch=phone)
        start(page)
        page.locator(".rp-board input[type=file]").set_input_files(str(saved))
        page.wait_for_function("() => document.querySelector('.rp-board').classList.contains('is-over')")
        table = page.locator(".rp-info .board-table-wrap table").first
        shown = table.evaluate("""t => [t.classList.contains('is-stacked'),
            t.parentNode.scrollWidth <= t.parentNode.clientWidth + 2,
            [...t.querySelectorAll('thead th')].map(th => th.textContent.trim()),
            [...t.querySelectorAll('tbody tr')].map(r => [...r.children].map(c => c.dataset.label || null))]""")
        stacked, fits, headers, labels = shown
        assert stacked == phone and fits, shown
        assert "合計" in headers
        if phone:  # every cell under its column's name, the header row hidden
            assert all(row == headers[:len(row)] for row in labels), labels
            assert not page.locator(".rp-info thead").first.is_visible()
            total = page.locator(".rp-info td[data-label=合計]").first
            assert total.is_visible() and total.bounding_box()["x"] + total.bounding_box()["width"] <= width
            # a card's short cells share lines (a player's eleven cells were eleven lines, a long scroll)
            cells, lines = table.evaluate("""t => { const tops = [...t.querySelector('tbody tr').children]
                .filter(c => c.offsetParent).map(c => Math.round(c.getBoundingClientRect().top));
                return [tops.length, new Set(tops).size]; }""")
            assert cells >= 8 and lines <= 4, (cells, lines)
            # (down there the status bar is not repeated: the game is over, its result is in view)
            page.locator(".rp-info").scroll_into_view_if_needed()
            page.evaluate("() => window.dispatchEvent(new Event('scroll'))")
            assert page.locator(".rp-bar.is-shown").count() == 0
        assert page.locator(".rp-info .rp-wide-note").count() == 0
        assert not errors and not outside
        page.close()


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1366, 768)])
def test_the_menu_buttons_open_the_contents(browser, site_url: str, width: int, height: int) -> None:
    """The ☰ button readers see (目次を開く・閉じる) did nothing: the theme listened on a hidden
    copy in the top bar. On a phone it opens the book's contents, with every chapter; on a wide
    screen it folds the contents away and back. The page's own headings open on a phone too."""
    page = browser.new_page(viewport={"width": width, "height": height}, has_touch=width < 600)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{site_url}/book/tree.html", wait_until="load")
    button = page.locator(".header-article-item .primary-toggle")
    assert button.is_visible()
    sidebar = page.locator("#pst-primary-sidebar")
    if width < 992:
        button.click()
        dialog = page.locator("dialog#pst-primary-sidebar-modal[open]")
        dialog.wait_for(timeout=5_000)
        assert dialog.locator("a[href$='kabaleo.html']").is_visible()
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog#pst-primary-sidebar-modal[open]", state="detached", timeout=5_000)
        page.locator(".article-header-buttons .secondary-toggle").click()
        drawer = page.locator("dialog#pst-secondary-sidebar-modal[open]")
        drawer.wait_for(timeout=5_000)
        # titled apart from the book's contents (both had read 目次), over the page's own headings
        assert drawer.locator(".onthispage").inner_text().strip() == "このページの見出し"
        assert drawer.locator("a[href='#tree-setup']").is_visible()
    else:
        assert sidebar.is_visible()
        button.click()
        page.wait_for_function("() => document.querySelector('#pst-primary-sidebar').classList.contains('pst-sidebar-hidden')")
        button.click()
        page.wait_for_function("() => !document.querySelector('#pst-primary-sidebar').classList.contains('pst-sidebar-hidden')")
    assert not errors
    page.close()


def test_the_pages_stay_light_as_their_pictures_are_drawn(browser, site_url: str) -> None:
    """A reader switched the theme to its dark mode on a phone: the tables shown as cards went
    pale on pale, and the pictures and boards are drawn for a light page. The switch is gone,
    and a dark mode the browser kept from before is set back to light."""
    page = browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{site_url}/book/dominup.html", wait_until="load")
    assert page.locator(".theme-switch-button").first.is_hidden()
    page.evaluate("() => { localStorage.setItem('mode', 'dark'); localStorage.setItem('theme', 'dark'); }")
    page.goto(f"{site_url}/book/appendix.html", wait_until="load")
    page.wait_for_timeout(300)  # (the theme's own script, deferred, has read the mode too)
    assert page.evaluate("() => [document.documentElement.dataset.theme, document.documentElement.dataset.mode]") == [
        "light", "light"]
    background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert background in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)"), background
    assert not errors
    page.close()


def test_the_seats_follow_the_player_count_chosen(browser, site_url: str) -> None:
    """Choosing 4人 in the settings shows four seats at once (it showed the two of the game on
    the board until 新しいゲーム); the seats chosen there are the new game's."""
    page, config, outside, errors = open_play(browser, site_url, "dragonkeeper")
    start(page)
    page.locator(".rp-settings > summary").click()
    seats = page.locator(".rp-settings .rp-seat select")
    before = seats.count()
    page.locator(".rp-settings select[aria-label=人数]").select_option(json.dumps(4))
    assert before < 4 and seats.count() == 4
    seats.nth(3).select_option(json.dumps("human"))
    seats.nth(0).select_option(json.dumps("greedy"))  # (a seat of this game: at once)
    page.locator(".rp-settings .rp-new").click()
    page.wait_for_function("() => document.querySelectorAll('.rp-settings .rp-seat select').length === 4"
                           " && document.querySelector('.rp-board').dataset.moves !== undefined")
    kinds = [json.loads(seats.nth(i).input_value()) for i in range(4)]
    assert kinds[0] == "greedy" and kinds[3] == "human"
    assert not errors and not outside
    page.close()


def test_the_next_games_seats_shown_stay_as_shown_when_a_seat_of_this_game_changes(browser, site_url: str) -> None:
    """A tester chose 4人: the two seats the game did not have showed the kind of its last
    computer seat. Changing that seat turned them too, and the next game was not the one shown."""
    page, config, outside, errors = open_play(browser, site_url, "dragonkeeper")
    start(page)
    page.locator(".rp-settings > summary").click()
    seats = page.locator(".rp-settings .rp-seat select")
    before = seats.count()
    page.locator(".rp-settings select[aria-label=人数]").select_option(json.dumps(4))
    assert before < 4 and seats.count() == 4
    shown = [json.loads(seats.nth(i).input_value()) for i in range(4)]
    last = shown[before - 1]
    assert last != "human" and shown[before:] == [last] * (4 - before), shown  # (they follow it: the case in hand)
    kind = "random" if last != "random" else "greedy"
    seats.nth(before - 1).select_option(json.dumps(kind))  # (a seat of this game: at once)
    page.wait_for_function("([i, kind]) => JSON.parse(document.querySelectorAll('.rp-settings .rp-seat select')[i].value)"
                           " === kind", arg=[before - 1, kind])
    kinds = [json.loads(seats.nth(i).input_value()) for i in range(4)]
    assert kinds[before:] == shown[before:], kinds
    page.locator(".rp-settings .rp-new").click()
    page.wait_for_function("() => document.querySelectorAll('.rp-settings .rp-seat select').length === 4"
                           " && document.querySelector('.rp-board').dataset.moves !== undefined")
    assert [json.loads(seats.nth(i).input_value()) for i in range(4)] == shown[:before - 1] + [kind] + shown[before:]
    assert not errors and not outside
    page.close()


def test_a_click_begun_on_one_picture_and_ended_on_another_is_not_played(browser, site_url: str) -> None:
    """A tester's tap on a green square was refused as 「接していません」: the picture had moved
    under the finger (a computer's last move, the page scrolled to keep the picture still)
    between the press and the release.  Such a click is not played, and the page says so."""
    page, config, outside, errors = open_play(browser, site_url, "dominomega")
    start(page)
    wait_for_the_person(page)
    site = SitePage(page, "dominomega")
    moves = site.moves()
    box = site.picture_box()
    page.evaluate("y => window.scrollBy(0, y - window.innerHeight / 2)", box["y"] + box["height"] / 3)
    box = site.picture_box()
    x, y = box["x"] + box["width"] / 3, box["y"] + box["height"] / 3
    page.mouse.move(x, y)
    page.mouse.down()
    page.evaluate("() => window.scrollBy(0, 40)")
    page.wait_for_timeout(100)
    page.mouse.up()
    site.settle()
    assert site.moves() == moves and "rp-error" not in (page.locator(".rp-status").get_attribute("class") or "")
    toast = page.locator(".rp-toast.is-shown")
    assert toast.count() == 1 and "そのタップは使いませんでした" in toast.inner_text()
    # the next click, pressed and released on the same picture, counts as ever
    box = site.picture_box()
    page.mouse.click(box["x"] + box["width"] / 3, box["y"] + box["height"] / 3)
    site.settle()
    assert site.moves() > moves or "rp-error" in (page.locator(".rp-status").get_attribute("class") or "")
    assert not errors and not outside
    page.close()


def test_a_widened_board_scrolled_under_the_header_does_not_show_beside_it(browser, site_url: str) -> None:
    """さいころニュータウン's board is wider than the article: scrolled up under the sticky header,
    its right-hand part showed beside the header's icons (a status line cut off there).  The
    header reaches over the board, and the bar that repeats the status line is as wide as it."""
    page, config, outside, errors = open_play(browser, site_url, "newtown")
    start(page)
    page.evaluate("() => window.scrollBy(0, document.querySelector('.rp-board').getBoundingClientRect().top + 200)")
    page.wait_for_timeout(300)
    found = page.evaluate("""() => { const h = document.querySelector('.bd-header-article').getBoundingClientRect();
        const live = document.querySelector('.rp-board').getBoundingClientRect();
        const x = (h.right + Math.min(live.right, window.innerWidth)) / 2, y = h.bottom - 6;
        const hit = document.elementFromPoint(x, y);
        const bar = document.querySelector('.rp-bar.is-shown');
        return {beyond: live.right - h.right, header: !!(hit && hit.closest('.bd-header-article')),
                hit: hit ? hit.tagName + '.' + hit.className : null, x: x, y: y,
                bar: bar ? bar.getBoundingClientRect().right : null, live: live.right}; }""")
    assert found["beyond"] > 40, found  # (the board is wider than the header: the case in hand)
    assert found["header"], found
    assert found["bar"] is None or found["bar"] >= min(found["live"], 1366) - 2, found
    assert not errors and not outside
    page.close()


def test_dominomega_s_seats_are_matched_by_name_for_another_count(browser, site_url: str) -> None:
    """2人 chosen in a 3-player ドミノメガ's settings: 「大円の人」 is this game's 大円 (its second
    seat had changed 小円, a tester found); 新しいゲーム then seats the two as chosen."""
    page, config, outside, errors = open_play(browser, site_url, "dominomega")
    start(page)
    page.locator(".rp-settings > summary").click()
    seats = page.locator(".rp-settings .rp-seat select")
    assert seats.count() == 3
    small = json.loads(seats.nth(1).input_value())
    kind = "random" if small != "random" else "greedy"  # (one 小円 does not have)
    page.locator(".rp-settings select[aria-label=人数]").select_option(json.dumps(2))
    assert seats.count() == 2
    seats.nth(1).select_option(json.dumps(kind))  # 「大円の人」
    page.locator(".rp-settings select[aria-label=人数]").select_option(json.dumps(3))
    page.wait_for_function("kind => JSON.parse(document.querySelectorAll('.rp-settings .rp-seat select')[2].value)"
                           " === kind", arg=kind)
    kinds = [json.loads(seats.nth(i).input_value()) for i in range(3)]
    assert kinds[2] == kind and kinds[1] == small, kinds  # (大円 changed, 小円 not)
    page.locator(".rp-settings select[aria-label=人数]").select_option(json.dumps(2))
    page.locator(".rp-settings .rp-new").click()
    page.wait_for_function("() => document.querySelectorAll('.rp-settings .rp-seat select').length === 2")
    assert json.loads(seats.nth(1).input_value()) == kind
    assert not errors and not outside
    page.close()


@pytest.mark.parametrize("part", ["pyodide.js", "pyodide.asm.wasm", "rulebook-python.zip"])
def test_a_part_that_fails_to_load_is_told_not_waited_for(browser, site_url: str, part: str) -> None:
    """A failed start ended in the worker (Pyodide's script, or its WebAssembly, missing), so the
    page waited for ever on 「読み込んでいます…」: now every such failure is told, at once."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.route(f"**/_static/{'' if part.endswith('.zip') else 'pyodide/'}{part}", lambda route: route.abort())
    page = context.new_page()
    page.goto(f"{site_url}/book/tree.html", wait_until="load")
    page.get_by_role("button", name="この盤面で遊ぶ").click()
    note = page.locator(".rulebook-play-note")
    page.wait_for_function("() => document.querySelector('.rulebook-play-note').textContent.includes('読み込めませんでした')",
                           timeout=20_000)
    assert note.inner_text() == "遊ぶための仕組みを読み込めませんでした。ページを読み込みなおしてください。"
    assert page.locator(".rp-board").count() == 0
    context.close()


def test_a_slow_hint_says_on_its_button_that_it_is_being_worked_out(browser, site_url: str) -> None:
    """ドミナップ's hint is a search's move and takes a moment in the browser: meanwhile its button
    reads 「考え中」 (as many letters, so the row keeps its width), then 「ヒント」 again."""
    page, config, outside, errors = open_play(browser, site_url, "dominup")
    start(page)
    wait_for_the_person(page)
    page.evaluate("""() => { window.hintWords = [];
        const b = [...document.querySelectorAll('.rp-actions button')].find(b => b.textContent === 'ヒント');
        new MutationObserver(() => window.hintWords.push([b.textContent, b.disabled]))
            .observe(b, {childList: true, characterData: true, subtree: true}); }""")
    width = page.locator(".rp-actions button[data-id=hint]").bounding_box()["width"]
    page.locator(".rp-actions button[data-id=hint]").click()
    page.wait_for_function("() => document.querySelector('.rp-status').textContent.includes('ヒント(')")
    words = page.evaluate("() => window.hintWords")
    assert ["考え中", True] in words, words
    assert page.locator(".rp-actions button[data-id=hint]").inner_text() == "ヒント"
    assert abs(page.locator(".rp-actions button[data-id=hint]").bounding_box()["width"] - width) < 4
    assert not errors, errors
    page.close()


def test_the_middle_kingdom_ruling_shows_only_with_the_middle_kingdom(browser, site_url: str) -> None:
    """「中央王国の中央」 says how 「中央王国」 is scored: it shows, with its explanation, only while
    「中央王国」 is ticked."""
    page, config, outside, errors = open_play(browser, site_url, "kingdomino")
    start(page)
    page.locator(".rp-settings > summary").click()
    page.locator(".rp-help > summary").click()
    ruling = page.locator(".rp-settings .rp-field[data-key=middle_kingdom_rule]")
    told = page.locator(".rp-help-item", has_text="中央王国の中央")
    box = page.locator(".rp-settings input[data-key=middle_kingdom]")
    assert not ruling.is_visible() and not told.is_visible()
    box.check()
    assert ruling.is_visible() and told.is_visible()
    page.locator(".rp-settings select[aria-label=人数]").select_option("3")
    assert ruling.is_visible()
    box.uncheck()
    assert not ruling.is_visible() and not told.is_visible()
    assert not errors and not outside
    page.close()


def test_a_finished_game_starts_again_from_its_own_row(browser, site_url: str) -> None:
    """At the end the row ends with 「もう一度遊ぶ」: one press, and a game of the same count and
    seats starts, dealt anew (the settings, folded above, were the only way).  The buttons
    before it stay where they were: put first, it had moved them all right by its width, and
    a click on its way to 「元に戻す」 as the game ended could start a new game."""
    page, config, outside, errors = open_play(browser, site_url, "tree")
    page.evaluate("""() => { const b = document.querySelector('.rulebook-play'); const c = JSON.parse(b.dataset.board);
        c.delay = 0.3; c.players = 2; c.seats = ['greedy', 'greedy']; b.dataset.board = JSON.stringify(c); }""")
    start(page)
    where = {t: page.locator(".rp-actions button", has_text=t).bounding_box()["x"] for t in ("ヒント", "元に戻す", "保存")}
    page.wait_for_selector(".rp-board.is-over", timeout=90_000)
    assert {t: page.locator(".rp-actions button", has_text=t).bounding_box()["x"] for t in where} == where
    first = page.locator(".rp-actions button").last
    assert first.inner_text() == "もう一度遊ぶ" and first.get_attribute("data-id") == "again"
    assert "「もう一度遊ぶ」" in page.locator(".rp-status .rp-then").inner_text()
    moves = int(page.locator(".rp-board").get_attribute("data-moves"))
    first.click()
    page.wait_for_function("n => +document.querySelector('.rp-board').dataset.moves < n", arg=moves)
    assert page.locator(".rp-board.is-over").count() == 0 or int(
        page.locator(".rp-board").get_attribute("data-moves")) < moves
    assert page.locator(".rp-actions button[data-id=again]").count() == 0 or page.locator(".rp-board.is-over").count()
    assert page.locator(".rp-settings select[aria-label=人数]").input_value() == "2"
    # a seed typed in the settings deals the next game (the result promises the same settings)
    page.wait_for_selector(".rp-board.is-over", timeout=90_000)
    page.locator(".rp-settings > summary").click()
    page.locator(".rp-settings input[aria-label=シード]").fill("4242")
    page.locator(".rp-settings > summary").click()
    page.locator(".rp-actions button[data-id=again]").click()
    page.wait_for_selector(".rp-board:not(.is-over)", timeout=10_000)
    page.wait_for_selector(".rp-board.is-over", timeout=90_000)
    assert "このゲームのシード: 4242" in page.locator(".rp-board").inner_text()
    assert not errors and not outside
    page.close()


def test_on_a_phone_play_again_brings_the_next_board_into_view(browser, site_url: str) -> None:
    """On a phone, after a game of ドミニマム the long result had grown the status line; after a
    press of 「もう一度遊ぶ」 the next game's picture stayed where the last one had been on the
    screen, 360 px down it, and the person's hand below the screen. As after 「新しいゲーム」,
    the rows start from their own heights and the board is brought into view."""
    page, config, outside, errors = open_play(browser, site_url, "dominimum", width=390, height=844, touch=True)
    page.evaluate("""() => { const b = document.querySelector('.rulebook-play'); const c = JSON.parse(b.dataset.board);
        c.delay = 0.02; c.players = 3; c.seats = ['greedy', 'greedy', 'greedy']; b.dataset.board = JSON.stringify(c); }""")
    start(page)
    page.wait_for_selector(".rp-board.is-over", timeout=60_000)
    ended = page.locator(".rp-status").bounding_box()["height"]
    # (the reader reads the result, the row of buttons at the top of the screen, under the header)
    page.evaluate("""() => { const h = document.querySelector('.bd-header-article').getBoundingClientRect().bottom;
        window.scrollBy(0, document.querySelector('.rp-actions').getBoundingClientRect().top - h - 2); }""")
    moves = int(page.locator(".rp-board").get_attribute("data-moves"))
    page.locator(".rp-actions button[data-id=again]").click()
    page.wait_for_function("n => +document.querySelector('.rp-board').dataset.moves < n", arg=moves)
    page.wait_for_function("() => !document.querySelector('.rp-board.is-over')")
    page.wait_for_timeout(300)
    status = page.locator(".rp-status").bounding_box()["height"]
    own = page.evaluate("""() => { const s = document.querySelector('.rp-status'); const kept = s.style.minHeight;
        s.style.minHeight = ''; const h = s.getBoundingClientRect().height; s.style.minHeight = kept; return h; }""")
    assert status < ended and abs(status - own) < 1, (ended, status, own)
    assert controls_in_view(page)[:2] == [True, True]
    # the whole board from its settings line down, just under the header: as much of the picture
    # and the hand under it in sight as there can be (the picture had stayed 110 px lower)
    gap = page.evaluate("""() => document.querySelector('.rp-board').getBoundingClientRect().top
        - document.querySelector('.bd-header-article').getBoundingClientRect().bottom""")
    assert 0 <= gap <= 8, gap
    assert not errors and not outside
    page.close()


def test_on_a_phone_every_settings_label_keeps_its_words_on_one_line(browser, site_url: str) -> None:
    """ドラゴンキーパー at 390 px: 「階層の初手で渡す相手」 broke before its last 「手」. A label keeps
    its words on one line; where label and list do not fit beside each other, the list goes
    under the label, and nothing scrolls sideways."""
    page, config, outside, errors = open_play(browser, site_url, "dragonkeeper", width=390, height=844, touch=True)
    start(page)
    page.locator(".rp-settings > summary").tap()
    labels = page.evaluate("""() => [...document.querySelectorAll('.rp-settings .rp-field > span')]
        .filter(s => s.getClientRects().length)
        .map(s => [s.textContent, s.getBoundingClientRect().height, parseFloat(getComputedStyle(s).lineHeight)])""")
    assert len(labels) >= 10 and any(text == "階層の初手で渡す相手" for text, *_ in labels), labels
    broken = [text for text, height, line in labels if height > 1.5 * line]
    assert not broken, broken
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= 390
    assert not errors and not outside
    page.close()


def test_buttons_that_come_and_go_with_the_moves_never_move_the_others(browser, site_url: str) -> None:
    """さいころニュータウン's buttons for each kind of move went while a computer thought, and
    the hint, undo, save and load slid 125 px left under a tester's pointer: in its row they
    come first, the game's own buttons after them, and stay put while the computers move.  A
    game with a fixed set of buttons keeps its own first."""
    page, config, outside, errors = open_play(browser, site_url, "newtown")
    start(page)
    wait_for_the_person(page)
    texts = page.locator(".rp-actions button").all_inner_texts()
    assert texts[:4] == ["ヒント", "元に戻す", "保存", "読み込む"] and len(texts) > 4, texts
    where = {t: page.locator(".rp-actions button", has_text=t).bounding_box() for t in texts[:4]}
    mirror = _mirror(config, 1366).controller
    assert any(a.enabled for a in mirror.actions() if a.key != "clear")  # (the person's buttons are there)
    page.locator(".rp-actions button", has_text="ヒント").click()
    page.wait_for_function("() => !!document.querySelector('.rp-actions button.rp-hinted')")
    page.locator(".rp-actions button.rp-hinted").click()
    confirm = page.locator("button.rp-confirm")
    if confirm.count():  # (a move chosen from a list: the hint has chosen it there)
        confirm.first.click()
    page.wait_for_function("() => +document.querySelector('.rp-board').dataset.moves > 0")
    for _ in range(10):  # (while the computers think and move)
        for t, box in where.items():
            assert page.locator(".rp-actions button", has_text=t).bounding_box() == box, t
        page.wait_for_timeout(150)
    page.close()
    page, config, outside, errors = open_play(browser, site_url, "kingdomino")
    start(page)
    assert page.locator(".rp-actions button").all_inner_texts()[:2] == ["回転", "捨てる"]
    assert not errors
    page.close()


def test_a_tap_while_a_computer_thinks_is_told_to_wait(browser, site_url: str) -> None:
    """A tester tapped ドラゴンキーパー's board while a computer thought: the page kept the tap
    back, and nothing was said. The tap is sent, plays nothing, and the status says to wait."""
    page, config, outside, errors = open_play(browser, site_url, "tree")
    page.evaluate("""() => { const b = document.querySelector('.rulebook-play'); const c = JSON.parse(b.dataset.board);
        c.delay = 4; c.players = 2; c.seats = ['greedy', 'human']; b.dataset.board = JSON.stringify(c); }""")
    start(page)
    status = page.locator(".rp-status")
    assert "考えています" in status.inner_text()
    page.locator(".rp-board .rp-picture svg").click(position={"x": 20, "y": 60})
    page.wait_for_function("() => document.querySelector('.rp-status').innerText.includes('終わるまで少しお待ちください')",
                           timeout=3_000)
    assert page.locator(".rp-board").get_attribute("data-moves") == "0"
    page.wait_for_function("() => +document.querySelector('.rp-board').dataset.moves === 1", timeout=10_000)
    assert "お待ちください" not in status.inner_text()
    assert not errors and not outside
    page.close()


def test_a_tap_while_a_search_runs_is_told_to_wait_at_once(browser, site_url: str) -> None:
    """A search keeps Python busy for its seconds: a tap then was answered only after its move
    (silent meanwhile, and the words went to the next computer). The page says to wait at once."""
    page, config, outside, errors = open_play(browser, site_url, "tree")
    page.evaluate("""() => { const b = document.querySelector('.rulebook-play'); const c = JSON.parse(b.dataset.board);
        c.delay = 0.1; c.players = 2; c.seats = ['search-strong', 'human']; b.dataset.board = JSON.stringify(c); }""")
    start(page)
    page.wait_for_timeout(1200)  # (the search is under way)
    assert page.locator(".rp-board").get_attribute("data-moves") == "0"
    page.locator(".rp-board .rp-picture svg").click(position={"x": 20, "y": 60})
    page.wait_for_timeout(150)
    assert page.locator(".rp-status").inner_text().endswith("終わるまで少しお待ちください。")
    page.wait_for_function("() => +document.querySelector('.rp-board').dataset.moves === 1", timeout=15_000)
    page.wait_for_timeout(300)
    assert "お待ちください" not in page.locator(".rp-status").inner_text()
    assert not errors and not outside
    page.close()


def test_on_a_phone_a_result_the_page_moved_under_the_header_is_shown_at_the_foot(browser, site_url: str,
                                                                                  tmp_path: Path) -> None:
    """The last move made with the status line just under the header: the longer result grows
    it upwards, out of sight under the header (the picture stays where it is), and the result had
    not been told at the foot of the screen (it was asked whether the status line was hidden
    before the page had moved). Now either the result is in sight, or the box at the foot says it."""
    from gamelib import new_game
    from gamelib.players import GreedyPlayer

    page, config, outside, errors = open_play(browser, site_url, "kabaleo", width=390, height=844, touch=True)
    config.update(players=2, seats=["human", "human"])
    page.evaluate("c => { const b = document.querySelector('.rulebook-play'); const d = JSON.parse(b.dataset.board);"
                  " d.players = c.players; d.seats = c.seats; b.dataset.board = JSON.stringify(d); }", config)
    start(page)
    mirror, _ = live_mirror(page, config)
    c = mirror.controller
    state = new_game("kabaleo", 2, c.state.options.to_dict(), c.state.seed)
    players = [GreedyPlayer(1), GreedyPlayer(2)]
    while True:
        move = players[state.current_player].choose(state)
        if state.play(move).is_over():
            break
        state = state.play(move)
    saved = tmp_path / "one-left.json"
    saved.write_text(state.to_json(), encoding="utf-8")
    page.locator(".rp-board input[type=file]").set_input_files(str(saved))
    site = SitePage(page, "kabaleo", touch=True)
    site.wait_moves(len(state.moves))
    for text in state.moves:
        c.play(c.state.parse_move(text))
    steps = record(mirror, c.state.parse_move(move) if isinstance(move, str) else move)
    assert c.state.is_over()
    site.do(steps[:-1])
    _, x, y = steps[-1]
    # the status line's words just under the header, the last tap's point still on the screen
    page.evaluate("""() => { const h = document.querySelector('.bd-header-article').getBoundingClientRect().bottom;
        window.scrollBy(0, document.querySelector('.rp-status').getBoundingClientRect().top - h - 2); }""")
    box = site.picture_box()
    assert 0 < box["y"] + y < 844
    page.touchscreen.tap(box["x"] + x, box["y"] + y)
    site.settle()
    page.wait_for_selector(".rp-board.is-over")
    hidden = page.evaluate("""() => { const h = document.querySelector('.bd-header-article').getBoundingClientRect().bottom;
        const r = document.createRange(); r.selectNodeContents(document.querySelector('.rp-status'));
        return r.getBoundingClientRect().top < h - 2; }""")
    told = page.locator(".rp-toast.is-shown.rp-toast-result")
    assert hidden  # (the case in hand)
    assert told.count() == 1 and "勝者" in told.inner_text()
    assert not errors and not outside
    page.close()


def test_the_appendix_option_table_keeps_each_setting_name_s_words_whole(browser, site_url: str) -> None:
    """At 1366×768 the appendix's 「設定の欄」 column broke 「王族のボ/ーナス」 and 「…取/ったタイル…」
    and left a closing 」 alone on a line: a short name stands on one line, and a longer one breaks
    only between its phrases; the table stays within the text's column."""
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(f"{site_url}/book/appendix.html", wait_until="load")
    lines = page.evaluate("""() => [...document.querySelectorAll('.rulebook-options tbody tr td:nth-child(4)')].map(td => {
        const text = td.textContent.trim(), node = td.querySelector('p') || td;
        const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
        const tops = [];
        let n;
        while ((n = walker.nextNode())) {
          for (let i = 0; i < n.length; i++) {
            const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1);
            const box = r.getBoundingClientRect();
            if (box.width) tops.push([n.data[i], Math.round(box.top)]);
          }
        }
        const out = [];
        for (const [ch, top] of tops) {
          if (!out.length || Math.abs(out[out.length - 1][1] - top) > 4) out.push(['', top]);
          out[out.length - 1][0] += ch;
        }
        return out.map(l => l[0]); })""")
    table = page.evaluate("""() => { const t = document.querySelector('.rulebook-options table');
        return [t.getBoundingClientRect().right, t.parentElement.getBoundingClientRect().right]; }""")
    page.close()
    assert table[0] <= table[1] + 1, table
    names = {"".join(cell) for cell in lines}
    assert {"「王族のボーナス」", "「中央王国」", "「通路で取ったタイルも使える」", "「全員が払えないとき」"} <= names
    for cell in lines:
        name = "".join(cell)
        if len(name) <= 7:
            assert len(cell) == 1, cell
        for first in cell[1:]:
            assert not first.startswith(("」", ")", "ー", "っ", "ッ")), cell
    split = {"".join(cell): cell for cell in lines}["「通路で取ったタイルも使える」"]
    assert all(not a.endswith("取") for a in split), split


def test_undo_pressed_while_a_search_runs_is_acknowledged_at_once(browser, site_url: str) -> None:
    """「元に戻す」 pressed while a computer searched said nothing for its seconds (the undo waits
    for the search's move in the worker).  The page says at once that it will undo, and the
    undo then comes: back to the person's move, the search's move taken back too."""
    page, config, outside, errors = open_play(browser, site_url, "tree")
    page.evaluate("""() => { const b = document.querySelector('.rulebook-play'); const c = JSON.parse(b.dataset.board);
        c.delay = 0.1; c.players = 2; c.seats = ['human', 'search-strong']; b.dataset.board = JSON.stringify(c); }""")
    config = {**config, "players": 2, "seats": ["human", "search-strong"]}
    start(page)
    wait_for_the_person(page)
    mirror, width = live_mirror(page, config)
    steps = record(mirror, _first_move(mirror.controller))
    assert {st[0] for st in steps} <= {"click", "button"}, steps
    page.locator(".rp-picture").scroll_into_view_if_needed()
    for st in steps:
        if st[0] == "button":
            page.locator(".rp-actions button", has_text=st[1]).click()
            page.wait_for_timeout(300)
            continue
        page.evaluate("""([x, y]) => { const svg = document.querySelector('.rp-picture svg');
            const box = svg.getBoundingClientRect();
            const sx = box.width / svg.viewBox.baseVal.width, sy = box.height / svg.viewBox.baseVal.height;
            svg.dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: box.left + x * sx,
                                                      clientY: box.top + y * sy})); }""", [st[1], st[2]])
    page.wait_for_function("() => +document.querySelector('.rp-board').dataset.moves === 1", timeout=10_000)
    page.wait_for_timeout(600)  # (the search is under way: 3 s)
    status = page.locator(".rp-status")
    assert "考えています" in status.inner_text() and page.locator(".rp-board").get_attribute("data-moves") == "1"
    page.locator(".rp-actions button", has_text="元に戻す").click()
    page.wait_for_timeout(150)
    assert status.inner_text().endswith("元に戻します。コンピューターが考え終わるまで少しお待ちください。"), status.inner_text()
    page.wait_for_function("() => document.querySelector('.rp-status').innerText.startsWith('元に戻しました')", timeout=15_000)
    assert page.locator(".rp-board").get_attribute("data-moves") == "0"
    assert not errors and not outside
    page.close()


def test_on_a_phone_the_end_of_a_game_played_without_scrolling_leaves_play_again_in_sight(browser, site_url: str) -> None:
    """A tester played カバレオ on a phone to the end without scrolling, tapping only what stood on
    the screen: the last move's long result grew the status line, the page scrolled to keep the
    picture still, and 「もう一度遊ぶ」 went up under the header (no box at the foot either: the
    status line's top was still in sight).  A game that ends with the buttons in sight keeps
    them in sight; the picture moves down instead."""
    page, config, outside, errors = open_play(browser, site_url, "kabaleo", width=390, height=844, touch=True)
    start(page)
    mirror, width = live_mirror(page, config)
    c = mirror.controller
    site = SitePage(page, "kabaleo", touch=True)
    site.wait_moves(len(c.state.moves))
    header = site.buttons()["header"]
    while not c.state.is_over():
        box = site.picture_box()
        chosen = None
        for move in c.state.legal_moves():  # (a move whose taps all stand on the screen, below the header)
            probe = _mirror(config, width)
            probe.controller.load(c.state)
            steps = record(probe, move)
            if all(s[0] == "click" and header + 10 < box["y"] + s[2] < 834 for s in steps):
                chosen = move
                break
        assert chosen is not None, "nothing to tap on the screen"
        for _, x, y in record(mirror, chosen):
            box = site.picture_box()
            page.touchscreen.tap(box["x"] + x, box["y"] + y)
            site.settle()
        site.wait_moves(len(c.state.moves))
    page.wait_for_selector(".rp-board.is-over")
    page.wait_for_timeout(300)
    again = page.get_by_role("button", name="もう一度遊ぶ").bounding_box()
    assert again is not None and again["y"] >= site.buttons()["header"] - 1 and again["y"] + again["height"] <= 844, \
        (again, site.buttons())
    assert not errors and not outside
    page.close()
