"""The static site's boards without a browser: ``widgets.web.Session`` answers the page's
commands (JSON in, JSON out) with the same controllers as the live boards."""

from __future__ import annotations

import json
import re

import pytest

from gamelib import new_game
from widgets.games import CONTROLLERS
from widgets.kingdomino import KingdominoController
from widgets.web import Session

JAPANESE = re.compile("[ぁ-んァ-ン一-龥]")


def ask(session: Session, command: dict, board: str = "b") -> dict:
    return json.loads(session.handle(board, json.dumps(command)))


def open_board(session: Session, **config) -> dict:
    return ask(session, {"do": "open", "config": config})


def settle(session: Session, view: dict, board: str = "b") -> dict:
    """The page's ticks until no computer move is on the way (the computers who open a game
    move one a tick, as every later one does)."""
    while view["pending"] is not None:
        view = ask(session, {"do": "tick"}, board)
    return view


@pytest.mark.parametrize("game", list(CONTROLLERS))
def test_every_game_opens_with_the_same_picture_and_words_as_its_controller(game: str) -> None:
    session = Session()
    players = CONTROLLERS[game].game.min_players
    seats = ["human"] + ["greedy"] * (players - 1)
    view = settle(session, open_board(session, game=game, players=players, seed=11, seats=seats))
    expected = CONTROLLERS[game](players, 11, None, seats)
    assert view["svg"] == expected.picture().svg
    assert view["status"] == expected.status_line() and JAPANESE.search(view["status"])
    assert "<" not in view["status"]  # the page shows it as text
    assert view["seats"] == seats and view["moves"] == len(expected.state.moves)
    assert [key for _, key in view["seat_kinds"]] == list(CONTROLLERS[game].seat_kinds)
    assert all(JAPANESE.search(label) for label, _ in view["seat_kinds"])
    assert view["pending"] is None and not view["over"]
    # a newcomer learns on hover what each option and each kind of seat is
    assert all(o["tip"] and JAPANESE.search(o["tip"]) for o in view["options"])
    # a saved game's file is named in Japanese, as the reader knows the game
    name = ask(session, {"do": "save"})["filename"]
    assert re.fullmatch(r"[^A-Za-z_]+-\d+手\.json", name) and "盤面" not in name, name
    helps = view["seat_help"].split("\n")
    for label, key in view["seat_kinds"]:
        if not key.startswith("search"):
            assert any(line.startswith(f"{label}: ") for line in helps), (label, helps)
    assert any("先を読んで" in line for line in helps)
    assert set(view["setting_tips"]) == {"players", "seed", "new"} and all(map(JAPANESE.search, view["setting_tips"].values()))


@pytest.mark.parametrize("game", list(CONTROLLERS))
def test_the_bar_puts_a_hint_asked_for_before_the_instruction(game: str) -> None:
    """A phone's bar shows four lines: after a long instruction (ドミナップ's ran to 130 letters)
    the hint the person had just asked for was the part cut off. It comes first now, and the
    instruction stays after it."""
    session = Session()
    players = CONTROLLERS[game].game.min_players
    view = settle(session, open_board(session, game=game, players=players, seed=11,
                                      seats=["human"] + ["greedy"] * (players - 1)))
    c = session.boards["b"].controller
    assert view["bar"] and "ヒント" not in view["bar"]
    assert not view["bar_hinted"]
    view = ask(session, {"do": "hint"})
    # (カバレオ names the frame by its label: orange is also a colour of its pieces)
    frame = "「ヒント」と書いた枠" if game == "kabaleo" else "オレンジの枠"
    assert c.hint_move is not None and view["bar"].startswith(f"ヒント({frame}): ") and view["bar_hinted"]
    # (the hint may have chosen a piece, and the instruction says what to do with it)
    rest = view["bar"].removeprefix(c.hint_line())
    assert "番です。" in rest and "ヒント" not in rest
    # the instruction's own words, in order, less only its remarks in brackets
    parts = re.split(r"(\([^()]*\))", c.prompt())
    assert re.fullmatch("".join(f"(?:{re.escape(p)})?" if p.startswith("(") else re.escape(p) for p in parts), rest)


#: A phone's bar: 14 px letters in a bar as wide as the board (390 px less the page's margins and
#: the bar's own), and the lines it shows with a hint (rulebook.css).
BAR_TEXT_WIDTH, BAR_HINTED_LINES = 346, 6


@pytest.mark.parametrize(("game", "players"), [("kingdomino", 2), ("kingdomino", 4), ("kabaleo", 3),
                                               ("dominomega", 2), ("dominimum", 2), ("dominup", 2),
                                               ("tree", 2), ("dragonkeeper", 3), ("newtown", 3)])
def test_a_hinted_bar_shows_what_to_do_after_the_hint(game: str, players: int) -> None:
    """A tester's phone bar showed the hint and then broke off in the middle of what to do
    (キングドミノ's ran to seven lines, ドミナップ's to eight, in a bar of four).  Under a hint the
    bar leaves out the instruction's remarks on the green frames and on turning a piece (the
    hint's orange frame and the turn it set stand in for them) and shows six lines: the hint and
    what to do fit, at every other turn of whole games."""
    from gamelib.players import RandomPlayer

    from widgets.surface import text_width

    checked = 0
    for seed in range(2):
        c = CONTROLLERS[game](players, seed=seed, seats=["human"] + ["greedy"] * (players - 1))
        n = 0
        while not c.state.is_over():
            n += 1
            if n % 2 == 0 and c.human_to_move() and c.can_hint():
                assert c.hint() and c.bar_hinted()
                bar = c.bar_line()
                assert bar.startswith(c.hint_line())
                rest = bar.removeprefix(c.hint_line())
                # (whose turn it is, and what to do; or what the person has just taken, and what to do)
                needed = c.hint_line() + "。".join(rest.split("。")[:2]) + "。"
                lines = text_width(needed, 14) / BAR_TEXT_WIDTH
                assert lines <= BAR_HINTED_LINES - 0.5, (round(lines, 2), bar)
                assert not re.search(r"\([^()]*(緑の枠|回転)", rest), bar
                checked += 1
            assert c.play(RandomPlayer(n).choose(c.state))
    assert checked >= 5


def test_a_click_plays_through_gamelib_and_a_refused_one_changes_nothing() -> None:
    session = Session()
    open_board(session, game="kingdomino", players=2, seed=3, seats=["human", "human"])
    c = session.boards["b"].controller
    x, y = c.layout.slot_xy(1, 0)
    number = c.state.next_row[0].number
    view = ask(session, {"do": "click", "x": x + 10, "y": y + 10})
    assert view["moves"] == 1 and c.state.moves == (f"claim {number}",)
    # the second player clicks a square of the first player's kingdom: refused, nothing played
    instruction = c.prompt()
    assert "番です" in instruction
    gx, gy = c.layout.cell_xy(0, (0, 1))
    view = ask(session, {"do": "click", "x": gx + 5, "y": gy + 5})
    assert view["error"] and view["moves"] == 1 and "新しい列からドミノを選ぶ" in view["status"]  # (still choosing)
    # under the reason, what to do now (the reason had taken the instruction's place), gone with the next move
    assert view["then"] == instruction and instruction not in view["status"]
    view = ask(session, {"do": "click", "x": c.layout.slot_xy(1, 1)[0] + 10, "y": c.layout.slot_xy(1, 1)[1] + 10})
    assert not view["error"] and view["then"] == ""


def test_computers_move_one_at_a_time_when_the_page_asks() -> None:
    session = Session()
    open_board(session, game="tree", players=2, seed=5, seats=["human", "human"])
    view = ask(session, {"do": "seat", "player": 0, "kind": "greedy"})
    assert view["pending"] == pytest.approx(0.6) and view["moves"] == 0 and view["thinking"]
    assert "考えています" in view["status"]
    view = ask(session, {"do": "tick"})
    assert view["moves"] == 1 and view["pending"] is None and not view["thinking"]
    assert view["log"].count("board-log") == 1 and "赤" in view["log"]


@pytest.mark.parametrize("game,seats", [("tree", ["human", "greedy"]), ("kabaleo", ["human", "greedy", "greedy"]),
                                        ("dominimum", ["human", "greedy"])])
def test_a_click_while_a_computer_thinks_is_told_to_wait(game: str, seats: list) -> None:
    """Testers clicked the board, and カバレオ's 「全員の色を見せる」, while a computer thought:
    nothing happened and nothing was said (the button's question gave way to the thinking at once,
    and the computer's move took it away). The status says to wait, until that move is made."""
    session = Session()
    settle(session, open_board(session, game=game, players=len(seats), seed=3, seats=seats))
    c = session.boards["b"].controller
    while not c.thinking():  # (the person moves, as the hint would: then a computer is to move)
        c.hint()
        assert c.play(c.hint_move)
    moves = len(c.state.moves)
    view = ask(session, {"do": "click", "x": 5, "y": 5})
    assert view["thinking"] and view["status"].endswith("考えています…終わるまで少しお待ちください。"), view["status"]
    assert not view["error"] and len(c.state.moves) == moves
    if game == "kabaleo":  # (the press asks nothing yet, and shows nothing: a second press will ask)
        view = ask(session, {"do": "action", "key": "mode:open"})
        assert view["thinking"] and c.mode == "pass" and c.error is None
        view = ask(session, {"do": "tick"})
        while view["thinking"]:
            view = ask(session, {"do": "tick"})
        view = ask(session, {"do": "action", "key": "mode:open"})  # (now it asks: a question, not in red)
        assert view["error"] and view["asking"] and c.error == c.OPEN_ASK
    view = ask(session, {"do": "tick"})
    assert "お待ちください" not in view["status"]


def test_a_tap_answered_after_a_search_does_not_tell_the_next_computer_to_wait() -> None:
    """A tap made while a search ran is answered after its move; when another computer thinks
    by then, the wait words went to it, though nobody had tapped in its turn. The page says
    which position it saw (its move count): a tap on another is a look only."""
    session = Session()
    settle(session, open_board(session, game="kabaleo", players=3, seed=3, seats=["human", "greedy", "greedy"]))
    c = session.boards["b"].controller
    c.hint()
    assert c.play(c.hint_move) and c.thinking()
    seen = len(c.state.moves)
    view = ask(session, {"do": "tick"})  # (the first computer's move: the second thinks now)
    assert view["thinking"] and view["moves"] == seen + 1
    view = ask(session, {"do": "click", "x": 5, "y": 5, "look": True, "moves": seen})
    assert "お待ちください" not in view["status"] and view["moves"] == seen + 1
    view = ask(session, {"do": "click", "x": 5, "y": 5, "look": True, "moves": seen + 1})
    assert view["status"].endswith("終わるまで少しお待ちください。") and view["wait_words"] in view["status"]


@pytest.mark.parametrize("game,players,seats", [
    ("dominup", 3, ["human", "greedy", "greedy"]),  # (青 opens with 7-7, 緑 answers)
    ("kingdomino", 2, ["greedy", "human"]),
    ("kabaleo", 3, ["human", "greedy", "greedy"]),
    ("tree", 2, ["greedy", "human"]),
])
def test_the_computers_who_open_a_game_move_one_at_a_time_too(game: str, players: int, seats: list) -> None:
    """A newcomer pressed 「この盤面で遊ぶ」 and met ドミナップ's first two moves made already: the
    computers who open a game wait for the page's ticks like every later computer move."""
    seed = next(seed for seed in range(40) if CONTROLLERS[game](players, seed, None, seats).state.moves)
    at_once = CONTROLLERS[game](players, seed, None, seats)  # (the notebook's board: at once)
    session = Session()
    view = open_board(session, game=game, players=players, seed=seed, seats=seats)
    assert view["moves"] == 0 and view["pending"] == pytest.approx(0.6) and view["thinking"]
    ticks = 0
    while view["pending"] is not None:
        view = ask(session, {"do": "tick"})
        ticks += 1
        assert view["moves"] == ticks  # one move a tick
    assert ticks == len(at_once.state.moves) >= 1
    assert session.boards["b"].controller.state == at_once.state


def test_on_a_phone_a_tap_on_a_small_kingdom_enlarges_it_even_while_a_computer_thinks() -> None:
    session = Session()
    settle(session, open_board(session, game="kingdomino", players=4, seed=3, seats=["human", "greedy", "greedy", "greedy"]))
    view = ask(session, {"do": "width", "width": 360})
    controller = session.boards["b"].controller
    layout = controller.layout
    assert view["width"] <= 360 and layout.focus == 0
    claim = controller.state.legal_moves()[0]
    x, y = layout.slot_xy(1, [s.number for s in controller.state.next_row].index(claim.number))
    moves = view["moves"] + 1
    view = ask(session, {"do": "click", "x": x + 10, "y": y + 10})
    assert view["moves"] == moves and view["thinking"] and view["pending"]
    # the computer to move is shown large, where its move will show
    layout = controller.layout
    assert layout.focus == controller.state.current_player != 0
    target = layout.others[-1]
    px, py = layout.panel(target)
    view = ask(session, {"do": "click", "x": px + 30, "y": py + 40})
    assert view["moves"] == moves and view["thinking"] and controller.layout.focus == target
    assert view["svg"] == controller.picture().svg


def test_undo_goes_back_to_the_persons_move_and_the_hint_names_one() -> None:
    session = Session()
    open_board(session, game="tree", players=2, seed=5, seats=["human", "greedy"], delay=0.1)
    view = ask(session, {"do": "hint"})
    assert "ヒント" in view["status"]
    c = session.boards["b"].controller
    hinted = c.hint_move
    c.play(hinted)  # (as the clicks would)
    view = ask(session, {"do": "view"})
    assert view["pending"] == pytest.approx(0.1) and view["can_undo"]
    view = ask(session, {"do": "tick"})
    assert view["moves"] == 2
    view = ask(session, {"do": "undo"})
    assert view["moves"] == 0 and not view["can_undo"]


def test_the_page_marks_the_button_a_hint_would_press() -> None:
    """The Tree's seed 5: the person's ninth hint is 「パス」, which no square shows."""
    session = Session()
    view = open_board(session, game="tree", players=2, seed=5, seats=["human", "greedy"], delay=0)
    c = session.boards["b"].controller
    for _ in range(8):
        view = ask(session, {"do": "hint"})
        assert view["hint_key"] is None
        c.play(c.hint_move)
        c.run_computers()
    view = ask(session, {"do": "hint"})
    assert view["hint_key"] == "pass" and "pass" in [a["key"] for a in view["actions"]]
    view = ask(session, {"do": "action", "key": "pass"})
    assert view["hint_key"] is None and view["moves"] > 16


def test_the_curtain_hides_a_seat_until_its_person_looks() -> None:
    session = Session()
    view = open_board(session, game="kabaleo", players=3, seed=2, seats=["human", "human", "greedy"])
    assert view["reveal"] == {"label": "担当色を見る", "shown": True, "enabled": True}
    assert "画面を" in view["status"]
    view = ask(session, {"do": "reveal"})
    assert not view["reveal"]["enabled"]
    # 「全員の色を見せる」 asks first (one tap had spoilt a game), and shows them at the second
    view = ask(session, {"do": "action", "key": "mode:open"})
    assert [a["selected"] for a in view["actions"]] == [True, False]
    assert view["error"] and "もう一度「全員の色を見せる」を押してください" in view["status"]
    view = ask(session, {"do": "action", "key": "mode:open"})
    assert [a["selected"] for a in view["actions"]] == [False, True] and not view["error"]


def test_a_new_game_reads_the_controls_and_says_what_is_wrong() -> None:
    session = Session()
    open_board(session, game="kingdomino", players=4, seed=1, seats=["human"] * 4)
    view = ask(session, {"do": "new", "players": 2, "seed": "12", "options": {"mighty_duel": True}})
    assert view["players"] == 2 and session.boards["b"].controller.state.options.size == 7
    assert {o["key"]: o["value"] for o in view["options"]}["mighty_duel"] is True
    # the duel is for two: a tick left from a 2-player game is not given to a 4-player one
    view = ask(session, {"do": "new", "players": 4, "seed": "12", "options": {"mighty_duel": True}})
    assert view["players"] == 4 and session.boards["b"].controller.state.options.size == 5
    view = ask(session, {"do": "new", "players": 2, "seed": "12", "options": {"mighty_duel": True}})
    view = ask(session, {"do": "new", "players": 3, "seed": "abc", "options": {}})
    assert "シードは9桁までの数字" in view["setup_error"] and view["players"] == 2  # (the game goes on)
    assert not view["error"] and "シード" not in view["status"]  # (said once: beside the settings)
    view = ask(session, {"do": "new", "players": 3, "seed": "", "options": {"middle_kingdom_rule": "frame"}})
    assert not view["error"] and view["players"] == 3 and view["setup_error"] is None
    # the ruling on the middle kingdom is the game's only with the middle kingdom chosen
    assert session.boards["b"].controller.state.options_dict().get("middle_kingdom_rule", "span") == "span"
    view = ask(session, {"do": "new", "players": 3, "seed": "", "options": {"middle_kingdom": True,
                                                                          "middle_kingdom_rule": "frame"}})
    assert session.boards["b"].controller.state.options_dict()["middle_kingdom_rule"] == "frame"
    needs = {o["key"]: o["needs"] for o in view["options"]}
    assert needs["middle_kingdom_rule"] == "middle_kingdom" and needs["harmony"] is None


def test_a_saved_game_loads_again_and_anything_else_is_refused_in_japanese() -> None:
    session = Session()
    open_board(session, game="tree", players=2, seed=5, seats=["human", "greedy"])
    c = session.boards["b"].controller
    c.play(c.state.legal_moves()[0])
    ask(session, {"do": "tick"})  # the computer's reply
    saved = ask(session, {"do": "save"})
    assert json.loads(saved["save"]) == json.loads(c.state.to_json()) and saved["filename"] == "ザ・ツリー-2手.json"
    c.play(c.state.legal_moves()[0])
    view = ask(session, {"do": "load", "text": saved["save"]})
    assert view["moves"] == 2 and view["can_undo"] and not view["error"]
    assert view["seats"] == ["human", "greedy"]  # the board's seats stay
    assert ask(session, {"do": "undo"})["moves"] == 0  # back before the person's move (the computer's too)
    for text, words in [("", "空"), ("not json", "保存ファイルの書式として読めません"), ("[1, 2]", "ゲームの名前と手順"),
                        (new_game("kabaleo", 3, {}, 1).to_json(), "別のゲーム"),
                        (saved["save"].replace('"seed": 5', '"seed": 6'), "保存データを読めませんでした"),
                        (saved["save"].replace('"players": 2, ', ''), "必要な項目が欠けている")]:
        before = c.state
        view = ask(session, {"do": "load", "text": text})
        assert view["error"] and words in view["status"], (text, view["status"])
        assert not re.search(r"[A-Za-z]", view["status"]), view["status"]  # no English (it said 「JSON」)
        assert c.state is before


def test_the_page_always_gets_an_answer_in_japanese() -> None:
    session = Session()
    answer = ask(session, {"do": "click", "x": 1, "y": 1}, board="nowhere")
    assert JAPANESE.search(answer["fatal"]) and "KeyError" in answer["detail"]
    answer = ask(session, {"do": "open", "config": {"game": "chess"}})
    assert "fatal" in answer
    open_board(session, game="tree", players=2, seed=5)
    assert "fatal" in ask(session, {"do": "dance"})
    assert "fatal" not in ask(session, {"do": "view"})


def test_newtown_lists_a_buttons_moves_and_plays_the_one_chosen() -> None:
    session = Session()
    view = open_board(session, game="newtown", players=2, seed=4, seats=["human", "greedy"])
    c = session.boards["b"].controller
    assert view["has_lists"] and not open_board(Session(), game="tree", players=2, seed=1)["has_lists"]
    listed = [a for a in view["actions"] if a["key"] not in ("clear",) and "通りから選びます" in a["tip"]]
    assert listed, view["actions"]
    view = ask(session, {"do": "action", "key": listed[0]["key"]})
    assert view["choices"] and [a["selected"] for a in view["actions"] if a["key"] == listed[0]["key"]] == [True]
    first, seconds = view["choices"][0]
    expected = c.choices()[0][1][0][1]
    moves = len(c.state.moves)
    view = ask(session, {"do": "choose", "a": 0, "b": 0})
    assert c.state.moves[moves] == expected.text()
    assert ask(session, {"do": "choose", "a": 99})["status"]


def test_newtown_opens_the_list_of_tenants_on_a_card_a_house_takes() -> None:
    from tests.widgets.test_newtown_board import _first_card_fits_no_house, _walk_to
    from widgets.newtown import UNFIT_CHOICE

    state = _walk_to(2, {}, _first_card_fits_no_house)
    session = Session()
    open_board(session, game="newtown", players=2, seed=state.seed, seats=["human", "human"])
    c = session.boards["b"].controller
    c.load(state)
    view = ask(session, {"do": "action", "key": "tenant"})
    a, b = view["chosen"]
    assert view["choices"][0][1] == [UNFIT_CHOICE] and (a, b) != (0, 0)
    move = c.choices()[a][1][b][1]
    assert move.kind == "tenant" and move.args[2]
    ask(session, {"do": "choose", "a": a, "b": b})
    assert c.state == state.play(move)


def test_play_config_starts_the_same_game() -> None:
    c = KingdominoController(3, 8, {"harmony": True}, ["human", "random", "greedy"])
    session = Session()
    view = settle(session, open_board(session, **c.play_config()))
    assert view["svg"] == c.picture().svg and view["seats"] == ["human", "random", "greedy"]


def test_a_search_seat_moves_on_its_turn() -> None:
    session = Session()
    open_board(session, game="tree", players=2, seed=5, seats=["human", "human"])
    view = ask(session, {"do": "seat", "player": 0, "kind": "search-weak"})
    assert view["thinking"] and "弱い・0.2秒" in view["status"]
    view = ask(session, {"do": "tick"})
    assert view["moves"] == 1 and not view["thinking"]


def test_a_tap_made_while_a_computer_thought_never_becomes_the_persons_move() -> None:
    """The page marks a tap made while it showed a computer thinking as a look; if the computer
    has moved by the time the tap arrives and the person is to move, the tap changes nothing:
    not a move, not an error, not the kingdom shown large."""
    session = Session()
    open_board(session, game="kingdomino", players=4, seed=3, seats=["human", "greedy", "greedy", "greedy"])
    view = ask(session, {"do": "width", "width": 360})
    controller = session.boards["b"].controller
    claim = controller.state.legal_moves()[0]
    x, y = controller.layout.slot_xy(1, [s.number for s in controller.state.next_row].index(claim.number))
    view = ask(session, {"do": "click", "x": x + 10, "y": y + 10})
    assert view["thinking"]
    while view["thinking"]:
        view = ask(session, {"do": "tick"})
    assert controller.human_to_move()
    moves, focus = view["moves"], controller.layout.focus
    target = controller.state.legal_moves()[0]
    tx, ty = controller.layout.cell_xy(0, target.first) if target.kind == "place" else controller.layout.slot_xy(1, 0)
    other = controller.layout.panel(controller.layout.others[0])
    for px, py in ((tx + 5, ty + 5), (other[0] + 30, other[1] + 40)):
        view = ask(session, {"do": "click", "x": px, "y": py, "look": True})
        assert view["moves"] == moves and not view["error"] and controller.layout.focus == focus
    view = ask(session, {"do": "click", "x": tx + 5, "y": ty + 5})  # the same tap, meant for this turn
    assert view["moves"] > moves or view["error"]


def test_an_option_for_other_player_counts_is_marked_and_not_given_to_the_game() -> None:
    """The page hides an option for other player counts (Kabaleo's 「2人の数え方」 is for two)
    and a value left in it is not the new game's."""
    session = Session()
    open_board(session, game="kabaleo", players=2, seed=1, seats=["human", "greedy"])
    view = ask(session, {"do": "new", "players": 2, "seed": "3", "options": {"two_player_scoring": "best"}})
    assert {o["key"]: o["players"] for o in view["options"]} == {"deal": [2, 3], "two_player_scoring": [2]}
    assert session.boards["b"].controller.state.options.two_player_scoring == "best"
    ask(session, {"do": "new", "players": 3, "seed": "3", "options": {"two_player_scoring": "best"}})
    state = session.boards["b"].controller.state
    assert state.players == 3 and state.options.two_player_scoring == "sum"
    # the even deal is for two or three: left in the settings, a 4-player game deals at random
    view = ask(session, {"do": "new", "players": 4, "seed": "3", "options": {"deal": "even"}})
    state = session.boards["b"].controller.state
    assert view["setup_error"] is None and state.players == 4 and state.options.deal == "random"


def test_a_seat_beyond_this_games_is_chosen_for_the_next() -> None:
    session = Session()
    open_board(session, game="dragonkeeper", players=2, seed=1, seats=["human", "greedy"])
    view = ask(session, {"do": "seat", "player": 1, "kind": "greedy"})
    assert view["next_seats"] == ["human", "greedy", "greedy", "greedy"] and len(view["seat_names"]["4"]) == 4
    view = ask(session, {"do": "next_seat", "player": 3, "kind": "human"})
    assert view["seats"] == ["human", "greedy"] and view["next_seats"][3] == "human"
    view = ask(session, {"do": "new", "players": 4, "seed": "2", "options": {}})
    assert view["seats"] == ["human", "greedy", "greedy", "human"]
    # (a seat of this game is changed by 「seat」: the page never asks this, and is told so)
    view = ask(session, {"do": "next_seat", "player": 1, "kind": "human"})
    assert "seat 1 is not one the next game may add" in view["detail"]
    assert session.boards["b"].controller.seats == ["human", "greedy", "greedy", "human"]


def test_the_curtain_button_is_shown_only_for_several_people() -> None:
    session = Session()
    view = open_board(session, game="dominimum", players=2, seed=1, seats=["human", "greedy"])
    assert view["reveal"]["shown"] is False
    view = ask(session, {"do": "seat", "player": 1, "kind": "human"})
    assert view["reveal"]["shown"] is True


@pytest.mark.parametrize("game", [g for g in CONTROLLERS if g != "kabaleo"])  # (Kabaleo marks with numbered discs)
def test_the_marks_of_what_was_played_are_dashed_and_the_targets_solid(game: str) -> None:
    """A player's colour marks the last move in dashes, so that 緑's mark never reads as a green
    target: the frames of what may be played now stay solid."""
    from widgets.controller import PLAYER_COLOURS

    c = CONTROLLERS[game](2, 4, None, ["human", "greedy"])
    for _ in range(6):  # a person's move or two, each answered by the computer at once
        if c.state.is_over() or not c.human_to_move():
            break
        c.play(c.state.legal_moves()[0])
        if c.last_turns().get(1):
            break
    svg = c.picture().svg
    dashed = re.findall(r'<rect[^>]*stroke="([^"]+)"[^>]*stroke-dasharray[^>]*/>', svg)
    assert dashed and set(dashed) <= set(PLAYER_COLOURS), dashed
    assert not re.search(r'<rect[^>]*stroke="#00a86b"[^>]*stroke-dasharray', svg)
    # each over a white frame, so that its gaps show white on any ground (緑 on a forest)
    for box in re.findall(r'<rect (x="[^"]+" y="[^"]+" width="[^"]+" height="[^"]+") fill="none" stroke="#[0-9a-f]+"[^>]*stroke-dasharray', svg):
        assert f'<rect {box} fill="none" stroke="#ffffff"' in svg, box


def test_a_game_over_says_under_its_result_how_to_play_again() -> None:
    """The page folds 「新しいゲーム」 into the settings above the board: under the result, the
    status line says where it is (a newcomer at the end saw no way forward)."""
    from widgets.web import NEW_GAME_NOTE

    session = Session()
    view = settle(session, open_board(session, game="tree", players=2, seed=3, seats=["greedy", "greedy"]))
    assert view["over"] and view["then"] == NEW_GAME_NOTE and "新しいゲーム" in NEW_GAME_NOTE
    assert view["status"] and NEW_GAME_NOTE not in view["status"]
    fresh = settle(session, open_board(session, game="tree", players=2, seed=3, seats=["human", "greedy"]))
    assert not fresh["over"] and fresh["then"] == ""


def test_a_finished_game_offers_to_play_again_like_it_with_a_fresh_seed() -> None:
    """Starting again took the settings, folded above the board: a finished game's row begins
    with 「もう一度遊ぶ」, which starts a game of the same count, rules and seats, dealt anew."""
    from widgets.web import AGAIN, NEW_GAME_NOTE

    session = Session()
    view = settle(session, open_board(session, game="kabaleo", players=3, seed=3, seats=["greedy"] * 3,
                                      options={"deal": "even"}))
    c = session.boards["b"].controller
    assert view["over"] and view["again"] == list(AGAIN) and f"「{AGAIN[0]}」" in NEW_GAME_NOTE
    assert "続きます" not in view["setting_later"]  # (a finished game does not go on)
    finished = c.state
    view = ask(session, {"do": "again"})
    assert not view["over"] and view["again"] is None
    assert c.state.players == 3 and c.state.options_dict() == finished.options_dict() and c.seats == ["greedy"] * 3
    assert c.state.seed != finished.seed
    # pressed again late (the game already started again): nothing happens
    state = c.state
    ask(session, {"do": "again"})
    assert c.state == state
    # a game going on offers no such button
    fresh = open_board(session, game="tree", players=2, seed=3, seats=["human", "greedy"])
    assert fresh["again"] is None


def test_play_again_deals_the_seed_typed_in_the_settings() -> None:
    """A tester typed シード 4242, played to the end and pressed 「もう一度遊ぶ」, which the result
    calls playing again with the same settings: another deal came. The seed in the settings
    is kept (the same deal again, each time); a seed the box cannot take is said, and the
    finished game stays."""
    session = Session()
    settle(session, open_board(session, game="kabaleo", players=3, seed=3, seats=["greedy"] * 3))
    c = session.boards["b"].controller
    deals = []
    for _ in range(2):
        view = settle(session, ask(session, {"do": "again", "seed": "4242"}))
        assert view["over"] and c.state.seed == 4242
        deals.append(c.state.to_json())
    assert deals[0] == deals[1]
    finished = c.state
    view = ask(session, {"do": "again", "seed": "42a"})
    assert c.state is finished and "シードは9桁までの数字" in view["status"]


def test_the_next_games_seats_shown_stay_as_shown_when_a_seat_of_this_game_changes() -> None:
    """A tester with two people at one screen chose 4人: 緑 and 黄 showed 人が操作. Changing 青 to
    欲張り turned them to 欲張り as well, and the next game had three computers."""
    session = Session()
    open_board(session, game="dominup", players=2, seed=1, seats=["human", "human"])
    view = ask(session, {"do": "seat", "player": 1, "kind": "greedy", "shown": 4})
    assert view["seats"] == ["human", "greedy"] and view["next_seats"] == ["human", "greedy", "human", "human"]
    view = ask(session, {"do": "new", "players": 4, "seed": "2", "options": {}})
    assert view["seats"] == ["human", "greedy", "human", "human"]
    # with this game's count shown (or a count the game cannot have), the seats not shown follow
    # the last computer seat: adding a player never makes a game against the computer a shared screen
    session = Session()
    open_board(session, game="dominup", players=2, seed=1, seats=["human", "human"])
    view = ask(session, {"do": "seat", "player": 1, "kind": "nobody", "shown": 4})
    assert view["detail"] and session.boards["b"].controller.next_seats == {}  # (refused: nothing pinned)
    for shown in (2, 9, "4", True):
        session = Session()
        open_board(session, game="dominup", players=2, seed=1, seats=["human", "human"])
        view = ask(session, {"do": "seat", "player": 1, "kind": "greedy", "shown": shown})
        assert view["next_seats"] == ["human", "greedy", "greedy", "greedy"], shown


def test_dominomega_s_next_seats_are_kept_by_name() -> None:
    """The page's seats for another player count are matched by name (ドミノメガ's two players
    are 点 and 大円): 小円, which a two players' game lacks, is chosen by its place among the
    three names, and this game's 大円 is never taken for it."""
    session = Session()
    open_board(session, game="dominomega", players=2, seed=1, seats=["human", "greedy"])
    view = ask(session, {"do": "seat", "player": 1, "kind": "random"})
    assert view["seat_names"]["3"] == ["点の人", "小円の人", "大円の人"]
    assert view["next_seats"] == ["human", "random", "random"]
    view = ask(session, {"do": "next_seat", "player": 1, "kind": "greedy"})
    assert view["seats"] == ["human", "random"] and view["next_seats"] == ["human", "greedy", "random"]
    view = ask(session, {"do": "next_seat", "player": 2, "kind": "human"})
    assert "seat 2 is not one the next game may add" in view["detail"]
    view = ask(session, {"do": "new", "players": 3, "seed": "2", "options": {}})
    assert view["seats"] == ["human", "greedy", "random"]


@pytest.mark.parametrize(("game", "players", "seed"), [("dominimum", 3, 3), ("dominomega", 3, 5), ("tree", 2, 1),
                                                       ("kabaleo", 3, 2), ("newtown", 3, 2), ("kingdomino", 3, 2)])
def test_every_picture_is_made_at_the_size_the_page_shows_it(game: str, players: int, seed: int) -> None:
    """On a phone a domino table's grid grows as computers play, and the game's end frees the
    hand's rows: the picture was made at the last layout's size and the page showed it at the
    new one, shrunk (a tester's tap on a green square was refused; 150 px of blank under the
    scores).  Every view's picture is exactly the size the view gives."""
    from gamelib.players import GreedyPlayer

    session = Session()
    view = open_board(session, game=game, players=players, seed=seed,
                      seats=["human"] + ["greedy"] * (players - 1), width=366)
    c = session.boards["b"].controller
    i = sizes = 0
    while True:
        while True:
            svg = re.search(r'<svg[^>]* width="([\d.]+)" height="([\d.]+)"', view["svg"])
            assert (float(svg[1]), float(svg[2])) == (view["width"], view["height"]), (len(c.state.moves), svg[0])
            sizes += 1
            if view["pending"] is None:
                break
            view = ask(session, {"do": "tick"})
        if c.state.is_over():
            break
        c.play(GreedyPlayer(i).choose(c.state))
        i += 1
        view = ask(session, {"do": "width", "width": 366})
    assert c.narrow and sizes > 10


def test_the_note_on_settings_for_the_next_game_names_rules_only_where_there_are_some() -> None:
    """ドミニマム has no rules to choose, and its settings said 「人数とルールは「新しいゲーム」を
    押すと変わります」: the note names the count alone there."""
    session = Session()
    plain = open_board(session, game="dominimum", players=2, seed=1, seats=["human", "greedy"])
    ruled = ask(session, {"do": "open", "config": {"game": "kingdomino", "players": 2, "seed": 1,
                                                   "seats": ["human", "greedy"]}}, board="k")
    assert not plain["options"] and plain["setting_later"].startswith("人数は「新しいゲーム」を押すと変わります。")
    assert ruled["options"] and ruled["setting_later"].startswith("人数とルールは「新しいゲーム」を押すと変わります。")
