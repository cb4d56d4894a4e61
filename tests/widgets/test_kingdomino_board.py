"""The live board without a browser: click handlers, buttons, seats, undo, redraw batching."""

from __future__ import annotations

import re

import ipycanvas.canvas as ipycanvas_canvas
import pytest

from gamelib import load_game

from gamelib import seeded_rng
from gamelib.kingdomino import KingdominoState
from widgets.kingdomino import KingdominoBoard, KingdominoController


def _told(words: str) -> list[tuple[str, str, int]]:
    """The status's account of the others' turns read back, in the order told: (player, kind,
    number), and ("", "gone", number) for a domino nobody chose."""
    out: list[tuple[str, str, int]] = []
    kinds = {"王国に置": "place", "選": "claim", "捨て": "discard"}
    for sentence in words.split("。"):
        gone = re.fullmatch(r"誰も選ばなかった(.+)は捨てられました", sentence)
        if gone:
            out += [("", "gone", int(n)) for n in re.findall(r"\d+", gone.group(1))]
        elif re.fullmatch(r"(?:[赤青緑黄]は\d+番、)+[赤青緑黄]は\d+番を選びました", sentence):  # (turns of one choice)
            out += [(p, "claim", int(n)) for p, n in re.findall(r"([赤青緑黄])は(\d+)番", sentence)]
        elif re.fullmatch(r"[赤青緑黄]は.+", sentence):
            out += [(sentence[0], kinds[verb], int(n)) for n, verb in re.findall(r"(\d+)番を(王国に置|選|捨て)", sentence)]
        else:
            assert not sentence, sentence
    return out



def test_a_whole_four_player_game_through_clicks() -> None:
    board = KingdominoBoard(players=4, seed=11)
    expected = KingdominoState.new(4, seed=11)
    rng = seeded_rng(11, "board-test")
    while not expected.is_over():
        move = rng.choice(expected.legal_moves())
        board.click_move(move)
        expected = expected.play(move)
        assert board.controller.state == expected, f"after {move}"
        assert board.controller.error is None
    assert "ゲーム終了" in board.status.value and "勝者" in board.status.value
    assert board.info.value.count("合計") == 4


def test_a_two_player_mighty_duel_through_clicks_uses_a_seven_by_seven_board() -> None:
    board = KingdominoBoard(players=2, seed=3, options={"mighty_duel": True})
    assert board.controller.layout.window == 13
    expected = KingdominoState.new(2, {"mighty_duel": True}, seed=3)
    rng = seeded_rng(3, "duel")
    for _ in range(30):
        move = rng.choice(expected.legal_moves())
        board.click_move(move)
        expected = expected.play(move)
    assert board.controller.state == expected


def test_an_illegal_click_shows_the_japanese_reason_and_changes_nothing() -> None:
    board = KingdominoBoard(players=2, seed=5)
    state = board.controller.state
    while state.phase == "claim":
        board.click_move(state.legal_moves()[0])
        state = board.controller.state
    before = state.to_json()
    instruction = board.controller.prompt()
    x, y = board.controller.layout.cell_xy(state.current_player, (3, 3))  # touches nothing
    board._on_mouse_down(x + 5, y + 5)
    assert board.controller.state.to_json() == before
    assert "接していません" in board.status.value
    assert "#c62828" in board.status.value  # shown as an error
    # and under it, in black, what to do now
    assert board.status.value.index("接していません") < board.status.value.index(f'<div style="color:#222">{instruction}')


def test_discarding_a_domino_that_fits_is_refused_with_the_reason() -> None:
    board = KingdominoBoard(players=2, seed=5)
    while board.controller.state.phase == "claim":
        board.click_move(board.controller.state.legal_moves()[0])
    before = board.controller.state
    board.discard_button.click()
    assert board.controller.state == before
    assert "捨てることはできません" in board.status.value


def test_clicking_another_players_kingdom_is_not_a_move() -> None:
    board = KingdominoBoard(players=3, seed=2)
    while board.controller.state.phase == "claim":
        board.click_move(board.controller.state.legal_moves()[0])
    state = board.controller.state
    other = (state.current_player + 1) % 3
    x, y = board.controller.layout.cell_xy(other, (0, 1))
    board._on_mouse_down(x + 5, y + 5)
    assert board.controller.state == state and "自分" in board.status.value


def test_highlighted_targets_are_exactly_gamelibs_legal_first_cells() -> None:
    c = KingdominoController(4, seed=9)
    while c.state.phase == "claim":
        c.play(c.state.legal_moves()[0])
    for _ in range(4):
        direction = c.direction
        from widgets.kingdomino import DIRECTIONS

        dr, dc = DIRECTIONS[direction]
        expected = sorted(m.first for m in c.state.legal_moves() if m.second == (m.first[0] + dr, m.first[1] + dc))
        assert c.targets() == expected
        c.rotate()


def test_undo_returns_to_the_persons_last_decision_and_skips_computer_moves() -> None:
    board = KingdominoBoard(players=4, seed=4, seats=["human", "greedy", "random", "greedy"])
    c = board.controller
    assert c.state.current_player == 0 or c.state.is_over()
    before = c.state
    board.click_move(c.state.legal_moves()[0])
    assert c.state != before and (c.state.current_player == 0 or c.state.is_over())
    board.undo_button.click()
    assert c.state == before


def test_undo_says_what_it_took_back_until_the_next_move() -> None:
    """A newcomer pressed 「元に戻す」 and saw nothing say that anything had happened."""
    board = KingdominoBoard(players=4, seed=4, seats=["human", "greedy", "random", "greedy"])
    c = board.controller
    move = c.state.legal_moves()[0]
    words = c.describe_move(c.state, move)
    board.click_move(move)
    others = sum(1 for step in c.history if not step.by_person)
    assert others > 0
    board.undo_button.click()
    said = f"元に戻しました。{c.player_names[0]}の「{words}」と、そのあとのコンピューターの{others}手を取り消しました。"
    assert board.status.value.count(said) == 1
    board.hint_button.click()  # the next action: the note has done its work
    assert "元に戻しました" not in board.status.value
    board.undo_button.click()  # (nothing to take back: the board says nothing of it)
    board.click_move(c.state.legal_moves()[0])
    assert "元に戻しました" not in board.status.value
    two = KingdominoBoard(players=2, seed=4, seats=["human", "human"])
    first = two.controller.state.legal_moves()[0]
    words = two.controller.describe_move(two.controller.state, first)
    two.click_move(first)
    two.undo_button.click()
    assert f"元に戻しました。{two.controller.player_names[0]}の「{words}」を取り消しました。" in two.status.value


def test_computer_seats_play_a_game_to_the_end() -> None:
    board = KingdominoBoard(players=3, seed=8, seats=["greedy", "random", "greedy"])
    assert board.controller.state.is_over()
    assert "勝者" in board.status.value


def test_changing_a_seat_to_the_computer_lets_it_move() -> None:
    board = KingdominoBoard(players=2, seed=8)
    board.seat_row.children[1].value = "greedy"
    board.seat_row.children[0].value = "random"
    assert board.controller.state.is_over()


def test_new_game_with_a_seed_and_options_is_reproducible() -> None:
    board = KingdominoBoard(players=4, seed=1)
    board.players_box.value = 2
    board.seed_box.value = "42"
    board.option_boxes["harmony"].value = True
    board.new_button.click()
    assert board.controller.state == KingdominoState.new(2, {"harmony": True}, seed=42)
    assert len(board.seat_row.children) == 2
    board.option_boxes["mighty_duel"].value = True
    board.new_button.click()
    assert board.controller.state.options.size == 7
    layout = board.controller.layout  # drawn at twice its size, shown at its own
    assert (board.canvas.width, board.canvas.height) == (2 * layout.width, 2 * layout.height)
    assert (board.canvas.layout.width, board.canvas.layout.height) == (f"{layout.width}px", f"{layout.height}px")


def test_each_redraw_is_one_canvas_message(monkeypatch: pytest.MonkeyPatch) -> None:
    board = KingdominoBoard(players=4, seed=6)
    sent: list[object] = []
    manager = ipycanvas_canvas._CANVAS_MANAGER
    monkeypatch.setattr(manager, "_send_custom", lambda command, buffers=[]: sent.append(command))
    board.redraw()
    assert len(sent) == 1
    board.click_move(board.controller.state.legal_moves()[0])
    assert len(sent) == 2
    board.canvas._canvases[-1]._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert len(sent) == 3  # a page connecting late gets both layers, still in one message
    switch = ipycanvas_canvas.COMMANDS["switchCanvas"]
    layers = [sum(1 for command in message if command[0] == switch) for message in sent]
    assert layers[:2] == [0, 0] and layers[2] == 2  # foreground only; then both layers


def test_the_output_carries_a_picture_and_a_stable_text() -> None:
    board = KingdominoBoard(players=4, seed=7)
    bundle, metadata = board._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert metadata["rulebook"]["kind"] == "save"
    assert load_game(metadata["rulebook"]["position"]).to_json() == board.controller.state.to_json()
    assert bundle["image/svg+xml"].startswith("<svg") and "キングドミノの盤面" in bundle["image/svg+xml"]
    assert bundle["text/plain"].startswith(("赤", "青", "緑", "黄"))
    assert bundle == {**bundle, "text/plain": KingdominoBoard(players=4, seed=7)._repr_mimebundle_()[0]["text/plain"]}


def test_bad_seats_are_refused() -> None:
    with pytest.raises(ValueError, match="seats"):
        KingdominoController(2, seed=0, seats=["human", "robot"])


# -- the book's pictures ------------------------------------------------------------------
def _labels(svg: str) -> tuple[list[float], list[str]]:
    import re

    return ([float(s) for s in re.findall(r'font-size="([\d.]+)"', svg)],
            re.findall(r"<text[^>]*>([^<]*)</text>", svg))


def test_pictures_speak_japanese_carry_a_real_position_and_have_legible_labels() -> None:
    import re

    from gamelib import positions
    from gamelib.kingdomino import Kingdom
    from widgets.kingdomino import (at, board_picture, dominoes_picture, kingdom_picture, kingdoms_picture,
                                    placements_picture, rows_picture)

    base = Kingdom.from_placements([(37, at("ウ2"), at("ウ1")), (10, at("イ1"), at("イ2")), (15, at("ア2"), at("ア1"))],
                                   castle=at("エ2"))
    other = Kingdom.from_placements([(42, at("イ1"), at("ウ1"))])
    state = KingdominoState.new(4, seed=2)
    state = state.play(state.legal_moves()[0])
    pictures = [
        kingdom_picture(base, caption="王国"),
        placements_picture(base, [(13, at("イ3"), at("ウ3")), (1, at("ア3"), at("イ3"))], ["左", "右"]),
        kingdoms_picture([("赤", base), ("青", other)]),
        dominoes_picture(range(1, 49)),
        rows_picture(state, player=0),
        board_picture(state),
    ]
    for picture in pictures:
        sizes, labels = _labels(picture.svg)
        assert min(sizes) >= 10
        assert not [t for t in labels if re.search(r"[A-Za-z]", t)], labels
        assert not re.search(r"\(\d+, \d+\)", picture.alt)
        positions.check(*picture.position)
    assert "麦" in _labels(pictures[0].svg)[1] and "エ" in _labels(pictures[0].svg)[1]
    assert "左: 13番をイ3・ウ3に: 置けない" in pictures[1].alt
    assert "右: 1番をア3・イ3に: 置ける" in pictures[1].alt


def test_a_picture_of_two_kingdoms_using_one_domino_twice_is_not_real() -> None:
    from gamelib import positions
    from gamelib.kingdomino import Kingdom
    from widgets.kingdomino import kingdoms_picture

    one = Kingdom.from_placements([(1, (0, 1), (0, 2)), (2, (1, 1), (1, 2))])
    two = Kingdom.from_placements([(1, (0, 1), (0, 2))])  # a third wheat-wheat domino: the set has two
    with pytest.raises(ValueError, match="twice"):
        positions.check(*kingdoms_picture([("赤", one), ("青", two)]).position)


def test_a_caption_longer_than_its_kingdom_stays_inside_its_panel() -> None:
    """「緑の王国(捨てた1枚)」 ran past the picture's right edge: a panel is as wide as its caption."""
    from gamelib.kingdomino import Kingdom
    from widgets.kingdomino import kingdoms_picture

    small = Kingdom.from_placements([(1, (0, 1), (0, 2))])
    other = Kingdom.from_placements([(2, (0, 1), (0, 2))])
    svg = kingdoms_picture([("赤の王国(捨てた0枚)", small), ("緑の王国(捨てた1枚)", other)], size=22).svg
    width = float(re.search(r'<svg[^>]* width="([\d.]+)"', svg).group(1))
    captions = [(float(x), text) for x, text in
                re.findall(r'<text x="([\d.]+)"[^>]*font-size="13"[^>]*>([^<]+)</text>', svg)]
    assert [text for _, text in captions] == ["赤の王国(捨てた0枚)", "緑の王国(捨てた1枚)"]
    ends = [x + 13 * len(text) for x, text in captions]  # (a Japanese character is as wide as the type)
    assert ends[0] < captions[1][0] and ends[1] <= width


def test_kingdoms_stacked_one_a_row_fit_a_phone_at_a_legible_size() -> None:
    """The 調和 example drew three kingdoms side by side at 20 px squares: on a phone each
    shrank to about 110 px and its crowns could not be read.  One a row, at 30 px, the picture
    fits a phone's column and the panels stand one under the other."""
    from gamelib.kingdomino import KingdominoState
    from gamelib.players import GreedyPlayer, play_out
    from widgets.kingdomino import kingdoms_picture

    end = play_out(KingdominoState.new(3, {"harmony": True}, seed=1), [GreedyPlayer(i) for i in range(3)])
    named = [(f"{p}", k) for p, k in enumerate(end.kingdoms)]
    side = kingdoms_picture(named, size=30, rows=5, cols=5)
    stacked = kingdoms_picture(named, size=30, rows=5, cols=5, per_row=1)

    def size(svg: str) -> tuple[float, float]:
        m = re.search(r'<svg[^>]* width="([\d.]+)" height="([\d.]+)"', svg)
        return float(m.group(1)), float(m.group(2))

    (w1, h1), (w3, h3) = size(side.svg), size(stacked.svg)
    assert w3 <= 358 < w1 and h3 > 2.5 * h1 and stacked.position == side.position and stacked.alt == side.alt
    captions = [float(y) for y in re.findall(r'<text x="[\d.]+" y="([\d.]+)"[^>]*font-size="13"[^>]*>\d</text>', stacked.svg)]
    assert len(captions) == 3 and captions[0] < captions[1] < captions[2], captions


def test_cell_names_read_back() -> None:
    from widgets.kingdomino import at, cell_name

    for r in range(7):
        for c in range(7):
            assert at(cell_name((r, c))) == (r, c)
    with pytest.raises(ValueError):
        at("Z9")


def test_the_rulings_alternatives_and_dynasty_can_be_chosen_on_the_board() -> None:
    board = KingdominoBoard(players=4, seed=1)
    board.players_box.value = 3
    board.choice_boxes["three_player_rule"].value = "classic"
    board.choice_boxes["middle_kingdom_rule"].value = "frame"
    board.option_boxes["middle_kingdom"].value = True
    board.option_boxes["dynasty"].value = True
    board.seed_box.value = "1"
    board.new_button.click()
    expected = {"three_player_rule": "classic", "middle_kingdom_rule": "frame", "middle_kingdom": True,
                "dynasty": True}
    assert board.controller.state == KingdominoState.new(3, expected, seed=1)
    assert len(board.controller.state.next_row) == 4  # the older 3-player rule: rows of 4
    board.players_box.value = 2
    board.choice_boxes["three_player_rule"].value = "current"
    board.choice_boxes["first_claims"].value = "snake"
    board.new_button.click()
    assert board.controller.state.options.first_claims == "snake"
    assert board.controller.state.options.three_player_rule == "current"


def test_every_choice_of_the_board_is_one_gamelib_accepts() -> None:
    from gamelib.kingdomino.game import KingdominoOptions
    from widgets.kingdomino_board import CHOICES

    for key, _, values in CHOICES:
        for _, value in values:
            assert getattr(KingdominoOptions.from_dict({key: value}), key) == value


def test_a_placed_domino_leaves_the_current_row_empty_with_no_king() -> None:
    from widgets.kingdomino import board_picture, rows_picture

    setup = {"deck_top": [37, 2, 35, 21, 44, 10, 27, 3], "start_player": 0}
    state = KingdominoState.new(4, setup, seed=2026)
    for number in (21, 2, 37, 35):
        state = state.play(f"claim {number}")
    state = state.play("place 2 0,1 0,2").play("claim 44")
    assert state.slot_done(0) and not state.slot_done(1)
    for picture in (rows_picture(state, player=1), board_picture(state)):
        assert "今の列: 2番(置いた)、21番(赤)" in picture.alt
        assert "44番(青)" in picture.alt
        assert picture.svg.count(">青<") == 1  # blue's one king is drawn once, on 44
        assert ">置いた<" in picture.svg


def test_moves_are_told_in_the_chapters_words() -> None:
    """A claim puts a king on a domino (「国王を乗せる」); the chapter keeps 「取る」 for taking one's
    own domino into the kingdom, so the log and the replays must not call a claim 「取る」."""
    from gamelib import new_game
    from widgets.kingdomino import describe_move

    state = new_game("kingdomino", players=4, seed=3)
    claim = next(m for m in state.legal_moves() if m.kind == "claim")
    words = describe_move(state, claim)
    assert words == f"{claim.number}番に国王を乗せる" and "取る" not in words


def test_a_placement_in_the_log_names_the_dominos_terrains() -> None:
    """The log's 「…を城の右下へ置く」 alone does not say which squares; the domino's two
    terrains (as the components show them, first square first) tell the reader what went where."""
    from gamelib import new_game
    from widgets.kingdomino import describe_move

    # on the real components 1 is two wheat fields, 13 wheat and forest, 14 wheat and lake
    halves = {1: "小麦畑・小麦畑", 13: "小麦畑・森林", 14: "小麦畑・湖"}
    seen = set()
    for seed in range(200):
        state = new_game("kingdomino", players=2, seed=seed)
        while state.phase != "place":
            state = state.play(state.legal_moves()[0])
        move = state.legal_moves()[0]
        if move.number in halves:
            assert describe_move(state, move).startswith(f"{move.number}番({halves[move.number]})を城の")
            seen.add(move.number)
    assert seen == set(halves)


def test_a_placement_in_the_log_says_which_way_the_domino_lies() -> None:
    """「城の上へ置く」 left a reader of the replay asking which squares: the log says whether
    the domino lies upright (縦) or across (横), from the two squares' places."""
    from gamelib.kingdomino.game import Move as KMove
    from widgets.kingdomino import describe_move

    state = KingdominoState.new(2, seed=0)
    upright = KMove("place", 19, (-1, 0), (-2, 0))  # the two squares right above the castle
    across = KMove("place", 19, (0, 1), (0, 2))  # the two squares to its right
    assert describe_move(state, upright) == "19番(小麦畑・森林)を城の上に縦に置く"
    assert describe_move(state, across) == "19番(小麦畑・森林)を城の右に横に置く"


def _turned_away_position() -> KingdominoController:
    """A controller at a person's placement whose domino fits somewhere, but not with its second
    half to the right (the direction a turn starts with)."""
    from gamelib.players import GreedyPlayer

    for seed in range(40):
        c = KingdominoController(players=4, seed=seed)
        greedy = GreedyPlayer(seed)
        while not c.state.is_over():
            state = c.state
            if state.phase == "place" and state.legal_moves()[0].kind != "discard":
                c.direction = 0
                if not c.targets():
                    return c
            c.play(greedy.choose(state))
    raise AssertionError("no such position in 40 seeded games")


def test_a_direction_with_no_place_says_to_turn_the_domino() -> None:
    """No green frame because the domino fits only turned: the status line says so and points to
    「回転」, and some turn of it shows places (gamelib's placements)."""
    c = _turned_away_position()
    assert c.state.legal_placements() and not c.targets()
    assert "回転" in c.status_line() and "置ける場所がありません" in c.status_line()
    assert "捨てる" not in c.status_line()
    for _ in range(3):
        c.rotate()
        if c.targets():
            break
    assert c.targets(), "no direction shows a place"
    assert "クリックしてください" in c.status_line() and "置ける場所がありません" not in c.status_line()


def test_the_end_says_the_winner_and_everybodys_points() -> None:
    c = KingdominoController(players=3, seed=2, seats=["greedy"] * 3)
    state = c.state
    assert state.is_over()
    words = c.status_line()
    names = ["赤", "青", "緑"]
    assert words.startswith("ゲーム終了。勝者は" + "、".join(names[w] for w in state.winners()) + "です。")
    for p, kingdom in enumerate(state.kingdoms):
        assert f"{names[p]}は{kingdom.score()}点" in words  # no variant: the kingdom's own score


def test_a_new_game_starts_with_the_second_half_to_the_right() -> None:
    c = KingdominoController(players=2, seed=5)
    c.rotate()
    c.rotate()
    assert c.direction == 2
    c.new_game(2, 6)
    assert c.direction == 0


def test_on_a_phone_the_persons_kingdom_is_large_and_a_tap_enlarges_another(monkeypatch: pytest.MonkeyPatch) -> None:
    """At 360 px: the rows across the top, the kingdom of the person to move large (squares a
    fingertip can hit), the others small in one line under it, so that a board of four is about
    one phone screen tall; a tap on a small kingdom shows it large, plays nothing and redraws
    both layers in one message; once the person is to move again, their own kingdom is large."""
    board = KingdominoBoard(players=4, seed=11, seats=["greedy", "human", "greedy", "greedy"], computer_delay=0)
    c = board.controller
    board.fit_width(360)
    layout = c.layout
    assert layout.stacked and layout.focus == 1 and layout.width <= 360 and layout.height <= 660
    assert layout.cell_of(1) == 32 and all(layout.cell_of(p) < 16 for p in (0, 2, 3))
    boxes = {p: (*layout.panel(p), *layout.panel_size(p)) for p in range(4)}
    for p, (x, y, w, h) in boxes.items():
        assert 0 <= x and x + w <= layout.width and 0 <= y and y + h <= layout.height, p
        for q, (x2, y2, w2, h2) in boxes.items():
            assert q == p or x + w <= x2 or x2 + w2 <= x or y + h <= y2 or y2 + h2 <= y, (p, q)
    sizes, labels = _labels(c.picture().svg)
    assert min(sizes) >= 10 and "小さな王国を押すと大きく表示します" in labels
    sent: list[object] = []
    manager = ipycanvas_canvas._CANVAS_MANAGER
    monkeypatch.setattr(manager, "_send_custom", lambda command, buffers=[]: sent.append(command))
    before = c.state
    x, y, w, h = boxes[3]
    board._on_mouse_down(x + w / 2, y + h / 2)
    assert c.state == before and c.layout.focus == 3 and c.error is None
    switch = ipycanvas_canvas.COMMANDS["switchCanvas"]
    assert len(sent) == 1 and sum(1 for command in sent[0] if command[0] == switch) == 2
    assert c.layout.is_small(1) and not c.layout.is_small(3)
    # the person's move (a claim) and the computers' replies: their own kingdom large again
    board.click_move(c.state.legal_moves()[0])
    while c.state.phase != "place":
        assert c.layout.focus == 1
        board.click_move(c.state.legal_moves()[0])
    assert c.state.current_player == 1 and c.layout.focus == 1
    # looking at another kingdom while placing: the status says how to come back, and a tap on
    # the large kingdom (not the mover's) plays nothing
    board._on_mouse_down(*(v + 20 for v in c.layout.panel(0)))
    assert c.layout.focus == 0 and "小さく出ている青の王国" in board.status.value
    state = c.state
    x, y = c.layout.cell_xy(0, (0, 1))
    board._on_mouse_down(x + 5, y + 5)
    assert c.state == state and "自分" in board.status.value
    board._on_mouse_down(*(v + 20 for v in c.layout.panel(1)))
    assert c.layout.focus == 1
    board.click_move(c.state.legal_moves()[0])
    assert len(c.state.moves) == len(state.moves) + 1


def test_on_a_phone_four_people_at_one_screen_each_see_their_own_kingdom_large() -> None:
    board = KingdominoBoard(players=4, seed=5, computer_delay=0)
    c = board.controller
    board.fit_width(360)
    seen = set()
    for _ in range(12):
        assert c.layout.focus == c.state.current_player
        seen.add(c.state.current_player)
        board.click_move(c.state.legal_moves()[0])
    assert seen == {0, 1, 2, 3}
    assert not KingdominoBoard(players=4, seed=5).controller.layout.stacked  # wide: every kingdom alike


@pytest.mark.parametrize("mighty", [False, True])
@pytest.mark.parametrize("width", [336, 352, 358, 382, 400])
def test_on_a_phone_the_board_is_no_wider_than_the_screen_gives(mighty: bool, width: int) -> None:
    """A 390 px phone gives the board 382 px: 壮大な決闘's 7×7 kingdom was drawn 399 px wide, its
    right edge and the deck's count cut off."""
    options = {"mighty_duel": True} if mighty else {}
    c = KingdominoController(players=2, seed=3, options=options)
    assert c.state.options.size == (7 if mighty else 5)
    c.fit_width(width)
    assert c.narrow and c.layout.width <= width
    px, _ = c.layout.panel(c.layout.focus)
    assert px >= 0 and px + c.layout.panel_w <= width


def test_an_option_for_other_player_counts_is_hidden_and_not_given_to_the_game() -> None:
    """The three-player rule shows for three players, the first kings' order for two; a choice
    left in one of them from another count is not the next game's."""
    board = KingdominoBoard(players=3, seed=1)
    shown = {key: box.layout.display != "none" for key, box in board.choice_boxes.items()}
    assert shown == {"three_player_rule": True, "first_claims": False, "middle_kingdom_rule": False}
    board.choice_boxes["three_player_rule"].value = "classic"
    board.players_box.value = 2
    assert board.choice_boxes["three_player_rule"].layout.display == "none"
    assert board.choice_boxes["first_claims"].layout.display != "none"
    board.seed_box.value = "4"
    board.new_button.click()
    assert board.controller.state == KingdominoState.new(2, {}, seed=4)


def test_the_middle_kingdom_ruling_shows_only_while_the_middle_kingdom_is_chosen() -> None:
    """「中央王国の中央」 says how 「中央王国」 is scored: with the variant off it means nothing and
    is hidden, in the settings and in their explanation."""
    board = KingdominoBoard(players=2, seed=1)
    ruling = board.choice_boxes["middle_kingdom_rule"]
    assert ruling.layout.display == "none"
    board.option_boxes["middle_kingdom"].value = True
    assert ruling.layout.display != "none"
    board.players_box.value = 3
    assert ruling.layout.display != "none"
    board.option_boxes["middle_kingdom"].value = False
    assert ruling.layout.display == "none"
    ruling.value = "frame"  # (a choice left there while hidden is not the next game's)
    board.seed_box.value = "4"
    board.new_button.click()
    assert board.controller.state == KingdominoState.new(3, {}, seed=4)


def _rows_of(table_html: str) -> list[list[str]]:
    rows = [re.findall(r"<td[^>]*>([^<]*)</td>", row) for row in re.findall(r"<tr>(.*?)</tr>", table_html)]
    return [row for row in rows if row]  # (not the heading's)


def test_a_dynasty_tells_each_new_game_and_its_tables_add_up() -> None:
    """王朝: when a game ends the log says so with its points; the status names the game on the
    table (and the last one's points until a person moves); the last game's frames go with its
    kingdoms; the captions give this game's points with the total; every table adds up."""
    from gamelib.players import GreedyPlayer

    c = KingdominoController(players=2, seed=41, options={"dynasty": True, "harmony": True}, seats=["human", "greedy"])
    me = GreedyPlayer(0)
    # (then what the computer who chose first took, and whose turn it is)
    assert re.fullmatch(r"1ゲーム目\(全3ゲーム\)です。(青は\d+番を選びました。)?赤の番です。.*", c.status_line())
    while c.state.game_index == 0:
        c.play(me.choose(c.state))
    first = c.state.past[0]["scores"]
    ended = [step.words for step in c.history if "ゲーム目終了" in step.words]
    assert ended == [ended[0]] and ended[0].endswith(f"。1ゲーム目終了(赤{first[0]}点・青{first[1]}点)")
    # (then what blue chose to open game 2, before the person's turn)
    assert re.match(rf"2ゲーム目\(全3ゲーム\)です。1ゲーム目は、赤{first[0]}点・青{first[1]}点でした。(青は\d+番を選びました。)?赤の番です。",
                    c.status_line()), c.status_line()
    assert "1ゲーム目は" not in c.prompt()  # (the site's bar: what to do now)
    svg = c.picture().svg
    assert f"▶ 赤: 0点(合計{first[0]}点)" in svg and f"青: 0点(合計{first[1]}点)" in svg
    assert not re.search(r'<rect[^>]*stroke="#c62828" stroke-width="3"', svg)  # (no frame of game 1's last placement)
    c.play(me.choose(c.state))
    assert not c.status_line().startswith("2ゲーム目(全3ゲーム)です。1ゲーム目は")
    while not c.state.is_over():
        c.play(me.choose(c.state))
    scores = c.state.scores()
    for p, table in enumerate(re.findall(r"<table.*?</table>", c.info_html())):
        rows = _rows_of(table)
        assert rows[-1][0] == "合計" and int(rows[-1][-1]) == scores[p]
        assert [(row[0], int(row[-1])) for row in rows[-3:-1]] == [
            (f"{g + 1}ゲーム目", game["scores"][p]) for g, game in enumerate(c.state.past)]
        assert sum(int(row[-1]) for row in rows[:-1]) == scores[p]
    last = c.history[-1].words  # (the last game's end is told too)
    assert last.endswith(f"。3ゲーム目終了(赤{c.state.game_scores()[0]}点・青{c.state.game_scores()[1]}点)")


def test_a_discarded_domino_leaves_its_slot_saying_so() -> None:
    """A domino that fit nowhere and was discarded leaves 「捨てた」 in the row, not 「置いた」."""
    from gamelib.players import RandomPlayer

    for seed in range(60):
        c = KingdominoController(players=2, seed=seed, seats=["human", "human"])
        bot = RandomPlayer(seed)
        while not c.state.is_over():
            move = bot.choose(c.state)
            c.play(move)
            if move.kind == "discard" and c.state.phase == "place" and c.state.turn > 0:
                svg = c.picture().svg
                assert svg.count(">捨てた</text>") == 1, seed
                assert svg.count(">置いた</text>") == c.state.turn - 1
                return
    raise AssertionError("no random game of 60 discarded a domino before the row's last slot")


def test_a_domino_that_fits_nowhere_is_not_framed_as_a_thing_to_turn() -> None:
    """When the domino to place fits nowhere, 「捨てる」 is the one move: its frame in the row is
    grey, not green, no preview of how it would lie is drawn, 「回転」 is off, and a click on it
    says to discard (a tester clicked the green-framed domino and its preview, which turned it
    in silence).  A domino that fits keeps the green frame and turns on a click."""
    from gamelib.players import RandomPlayer
    from widgets.kingdomino import NOWHERE

    for seed in range(60):
        c = KingdominoController(players=2, seed=seed, seats=["human", "human"])
        bot = RandomPlayer(seed)
        checked_fit = False
        while not c.state.is_over():
            state = c.state
            if state.phase == "place" and state.current_domino is not None:
                x, y = c.layout.slot_xy(0, state.turn)
                svg = c.picture().svg
                if state.legal_moves()[0].kind != "discard":
                    if not checked_fit:
                        assert NOWHERE not in svg and "置く向き" in svg
                        direction = c.direction
                        c.click(x + 5, y + 5)
                        assert c.direction != direction and c.error is None
                        checked_fit = True
                else:
                    assert NOWHERE in svg and "置く向き" not in svg
                    direction = c.direction
                    assert not next(a for a in c.actions() if a.key == "rotate").enabled
                    c.act("rotate")  # (as the site's page would, were the button pressed anyway)
                    assert c.direction == direction
                    direction = c.direction
                    c.click(x + 5, y + 5)
                    assert c.direction == direction
                    assert c.error and "捨てる" in c.error and "置ける場所がありません" in c.error
                    assert c.discard()
                    return
            c.play(bot.choose(c.state))
    raise AssertionError("no random game of 60 left a domino that fits nowhere")


def test_the_settings_say_on_hover_what_options_and_seats_are() -> None:
    board = KingdominoBoard(players=2, seed=1)
    assert board.option_fields()["harmony"].tooltip == "ドミノを1枚も捨てずに王国を完成させると+5点"
    assert board.option_fields()["mighty_duel"].tooltip.startswith("2人で48枚")
    assert all("欲張り: " in seat.tooltip and "人が操作: " in seat.tooltip for seat in board.seat_row.children)


def test_a_refused_placement_is_crossed_clear_of_letters_crowns_and_coordinates() -> None:
    """The red cross sat in the middle of the domino, over a terrain's letter, and the frame
    ran over the column letters above the grid: the cross now sits in a free corner, on a disc."""
    import re

    from gamelib.kingdomino import Kingdom
    from widgets.kingdomino import COORD, WRONG, placement_picture

    kingdom = Kingdom.from_text("C")
    picture = placement_picture(kingdom, 48, (0, 2), (1, 2), size=40)  # not touching the castle
    assert not kingdom.can_place(48, (0, 2), (1, 2))
    svg = picture.svg
    lines = [tuple(map(float, m)) for m in re.findall(
        rf'<line x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)" stroke="{WRONG}"', svg)]
    assert len(lines) == 2
    frame = re.search(rf'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="none" stroke="{WRONG}"', svg)
    assert frame
    fx, fy, fw, fh = map(float, frame.groups())
    xs = [v for x1, _, x2, _ in lines for v in (x1, x2)]
    ys = [v for _, y1, _, y2 in lines for v in (y1, y2)]
    # in the lower square's lower left quarter: clear of its letter (lower right) and crowns (top)
    assert fx < min(xs) and max(xs) < fx + fw / 2 - 2
    assert fy + fh - 40 / 2 < min(ys) and max(ys) < fy + fh
    # the frame stays below the column letters (drawn in the top COORD pixels of the panel)
    column_letters = [float(y) for y in re.findall(r'<text x="[\d.]+" y="([\d.]+)" font-size="12"[^>]*>[アイウ]<', svg)]
    assert column_letters and fy - 1.5 > max(column_letters) + 12 / 2 - 0.5


def test_a_click_on_another_kingdom_while_choosing_a_domino_says_to_choose_a_domino() -> None:
    """On a phone a reader enlarged blue's kingdom while red was to choose a domino, tapped in it,
    and was told to tap red's kingdom, which was not the step either."""
    c = KingdominoController(players=4, seed=7, seats=["human", "greedy", "greedy", "greedy"])
    while c.state.current_player != 0 or c.state.phase != "claim":
        c.play(c.state.legal_moves()[0])
    for player in (1, 0):
        x, y = c.layout.cell_xy(player, (0, 1))
        assert c.layout.hit(x + 3, y + 3) == ("cell", player, (0, 1))
        assert not c.click(x + 3, y + 3)
        assert c.error == "今は新しい列からドミノを選ぶ番です。", (player, c.error)


class _Rects:
    """A surface that keeps the filled rectangles drawn on it (and ignores the rest)."""

    def __init__(self) -> None:
        self.rects: list[tuple[float, float, float, float, str]] = []

    def rect(self, x: float, y: float, w: float, h: float, fill: str | None = None, **_: object) -> None:
        if fill:
            self.rects.append((x, y, w, h, fill))

    def circle(self, *_: object, **__: object) -> None: ...
    def line(self, *_: object, **__: object) -> None: ...
    def polygon(self, *_: object, **__: object) -> None: ...
    def text(self, *_: object, **__: object) -> None: ...


@pytest.mark.parametrize("width", [None, 382])
@pytest.mark.parametrize("players", [2, 4])
def test_the_domino_to_place_is_drawn_the_way_rotate_turns_it(players: int, width: int | None) -> None:
    """A newcomer pressed 「回転」 and saw the domino in the row stay as it was: only the small
    strokes in the green frames turned.  Beside the rows (on a phone, in the corner of the
    kingdom) the domino to place is drawn as a click will lay it, its second half on the side
    「回転」 has set; nothing of it while a domino is claimed or the computer moves."""
    from gamelib.kingdomino import DOMINOES
    from widgets.kingdomino import DIRECTIONS, TERRAIN_FILL

    c = KingdominoController(players, seed=9)
    if width:
        c.fit_width(width)
    while c.state.phase == "claim":
        c.play(c.state.legal_moves()[0])
    domino = DOMINOES[c.state.current_domino]
    box_x, box_y, side, _, _ = c.layout.turned_box(c.state.current_player)
    if width:
        px, py = c.layout.panel(c.state.current_player)
        # the first half's green outline (2 px, half a pixel out) clear of the frame (2 px at py + 4) and the grid
        assert py + 4 + 1 + 1 <= box_y - 0.5 - 1 and box_y + 2 * side + 1.5 < c.layout.cell_xy(c.state.current_player,
                                                                                                 (-4, -4))[1]
        assert box_x + 2 * side <= px + c.layout.panel_w - 4
    assert box_y + 2 * side <= c.layout.height

    def turned() -> list[tuple[float, float, str]]:
        s = _Rects()
        c.draw(s)
        return [(x, y, fill) for x, y, w, h, fill in s.rects
                if w == h == side and box_x <= x < box_x + 2 * side and box_y <= y < box_y + 2 * side]

    for direction in range(4):
        assert c.direction == direction
        squares = turned()
        assert [fill for _, _, fill in squares] == [TERRAIN_FILL[domino.terrain1], TERRAIN_FILL[domino.terrain2]]
        (x1, y1, _), (x2, y2, _) = squares
        dr, dc = DIRECTIONS[direction]
        assert (x2 - x1, y2 - y1) == (dc * side, dr * side)
        c.rotate()
    c.play(next(m for m in c.state.legal_moves()))
    while c.state.phase == "claim" and c.human_to_move():
        assert turned() == []
        c.play(c.state.legal_moves()[0])
    c.seats = ["greedy"] * players
    assert turned() == []


@pytest.mark.parametrize(("players", "seed", "decided_by"), [(3, 9, "largest"), (2, 21, "crowns"), (2, 56, "shared")])
def test_a_shared_best_score_is_decided_in_words_by_the_tie_breaks(players: int, seed: int, decided_by: str) -> None:
    """A reader saw 「勝者は黄です」 after 「青は46点…黄は46点」 with no word of why and took it for a
    mistake. The last status now says how the rules' tie-breaks went: the largest property,
    then the crowns, then a shared win."""
    from widgets.controller import PLAYER_NAMES

    c = KingdominoController(players, seed=seed, seats=["greedy"] * players)
    state = c.state
    assert state.is_over()
    scores, best = state.scores(), max(state.scores())
    tied = [p for p in range(players) if scores[p] == best]
    assert len(tied) == 2
    a, b = (state.kingdoms[p] for p in tied)
    status = c.status()
    names = "と".join(PLAYER_NAMES[p] for p in tied)
    assert f"{names}が{best}点で並んだので、最も大きな地所を比べると、" in status
    if decided_by == "largest":
        assert a.largest_property() != b.largest_property()
        winner = tied[0] if a.largest_property() > b.largest_property() else tied[1]
        first, second = (f"{PLAYER_NAMES[p]}は{k.largest_property()}マス" for p, k in zip(tied, (a, b)))
        assert f"{first}、{second}" in status
        assert status.endswith(f"で、{PLAYER_NAMES[winner]}の勝ちです。") and state.winners() == [winner]
    else:
        assert a.largest_property() == b.largest_property()
        assert f"どちらも{a.largest_property()}マスで、まだ並びます。次に王冠の数を比べると、" in status
        if decided_by == "crowns":
            winner = tied[0] if a.crowns() > b.crowns() else tied[1]
            assert status.endswith(f"で、{PLAYER_NAMES[winner]}の勝ちです。") and state.winners() == [winner]
        else:
            assert a.crowns() == b.crowns() and state.winners() == tied
            assert status.endswith(f"どちらも{a.crowns()}個で、{names}が勝ちを分け合います。")


def test_a_click_on_the_current_row_says_what_to_click_instead() -> None:
    """A click on 今の列 did nothing and said nothing: while choosing, on another's domino, on a
    slot already placed, and on the domino to place."""
    c = KingdominoController(players=4, seed=7, seats=["human"] * 4)
    while c.state.phase != "place" or c.state.turn != 1:
        c.play(c.state.legal_moves()[0])
    state = c.state
    said, turned = {}, {}
    for index in (0, 1, 2):
        x, y = c.layout.slot_xy(0, index)
        assert c.layout.hit(x + 5, y + 5) == ("row", index)
        direction = c.direction
        assert not c.click(x + 5, y + 5) and c.state == state
        said[index], turned[index] = c.error, c.direction != direction
    done, now, later = state.row[0].number, state.row[1].number, state.row[2].number
    assert said[0] == f"{done}番は、もう王国に置かれています。"
    assert said[1] is None and turned == {0: False, 1: True, 2: False}  # (the domino to place turns)
    assert said[2].startswith(f"{later}番は") and f"今置くのは{now}番" in said[2]
    c.play(c.state.legal_moves()[0] if c.state.legal_moves()[0].kind == "place" else c.state.legal_moves()[-1])
    assert c.state.phase == "claim"
    x, y = c.layout.slot_xy(0, 2)
    assert not c.click(x + 5, y + 5) and "新しい列から選んで" in c.error


def test_before_the_persons_first_move_the_status_says_what_the_computers_chose() -> None:
    """The computers who choose before the person at the start put their kings on dominoes the
    status did not mention (it said so only after the person's own first move)."""
    from widgets.kingdomino import KingdominoController

    c = KingdominoController(4, 5, None, ["greedy", "greedy", "human", "greedy"])
    first = [step for step in c.history if step.move.kind == "claim"]
    assert first and c.human_to_move() and not any(step.by_person for step in c.history)
    said = "、".join(f"{c.player_names[step.player]}は{step.move.number}番" for step in first) + "を選びました。"
    assert c.status_line().startswith(said)


@pytest.mark.parametrize("width", [1366, 390])
def test_a_click_on_the_domino_to_place_turns_it(width: int) -> None:
    """On a phone 「回転」 stands far above the kingdom: a click on the domino to place (framed in
    green in the row, or drawn the way it will be laid in the large kingdom's corner) turns it as
    「回転」 does, and says so in the status line's words."""
    c = KingdominoController(players=2, seed=3, seats=["human", "human"])
    c.fit_width(width)
    c.play(c.state.legal_moves()[0])
    while c.state.phase != "place":
        c.play(c.state.legal_moves()[0])
    c.fit_width(width)
    state, p = c.state, c.state.current_player
    assert not c.layout.is_small(p)
    box_x, box_y, side, _, _ = c.layout.turned_box(p)
    seen = []
    for _ in range(4):
        before = c.direction
        assert not c.click(box_x + side, box_y + side) and c.state == state and c.error is None
        seen.append(c.direction)
        assert c.direction == (before + 1) % 4
    assert sorted(seen) == [0, 1, 2, 3]
    assert "「回転」か緑の枠のドミノを押すと向きが変わります" in c.status_line()
    x, y = c.layout.slot_xy(0, state.turn)
    assert not c.click(x + 5, y + 5) and c.direction == (seen[-1] + 1) % 4
    # a click on a green frame of the kingdom still lays the domino the way it is turned
    target = c.targets()[0]
    cx, cy = c.layout.cell_xy(p, target)
    assert c.click(cx + 3, cy + 3) and c.state != state


def test_the_bar_keeps_a_refusals_reason_without_the_hint() -> None:
    """With a refusal and a hint the phone's bar ran to five lines over the board: it keeps the
    reason (and the site puts what to do now under it, without the hint); the status line's
    part under the reason keeps the hint too (not in the reason's red line)."""
    c = KingdominoController(players=2, seed=3, seats=["human", "greedy"])
    while not (c.human_to_move() and c.state.phase == "claim"):
        c.play(c.state.legal_moves()[0])
    assert c.hint() and c.hint_move is not None
    x, y = c.layout.cell_xy(0, (0, 1))
    assert not c.click(x + 3, y + 3) and c.error
    assert c.hint_line() in c.then_line() and c.status_line() == c.error
    assert c.error in c.bar_line() and "ヒント" not in c.bar_line() + c.then_line(hint=False)
    assert c.bar_line() == c.status_line()


def test_a_click_on_either_square_of_the_hints_frame_places_the_domino_as_hinted() -> None:
    """A tester clicked the second square of the hint's orange frame and was refused (「…接して
    いません」); and the hint had turned the domino with no word. Either square plays the hinted
    placement, and the hint line says so, and that the domino was turned to match."""
    seen = 0
    for seed in range(8):
        c = KingdominoController(players=2, seed=seed, seats=["human", "greedy"])
        while not c.state.is_over() and not (c.human_to_move() and c.state.phase == "place"
                                             and c.state.current_domino is not None):
            c.play(c.state.legal_moves()[0]) if c.human_to_move() else c.run_computers()
        if c.state.is_over():
            continue
        assert c.hint()
        move = c.hint_move
        if move.kind != "place" or move.first is None:
            continue
        assert "(向きも合わせました。枠のどちらかのマスをクリックすると、そのとおりに置きます)" in c.status_line()
        target = move.second if seed % 2 else move.first
        x, y = c.layout.cell_xy(0, target)
        before = len(c.history)
        assert c.click(x + 3, y + 3), c.status_line()
        assert c.history[before].move == move and c.history[before].player == 0
        seen += 1
    assert seen >= 3


@pytest.mark.parametrize(("players", "seed", "width"), [(4, 3, 1366), (2, 56, 1366), (3, 9, 390)])
def test_the_winner_s_kingdom_is_marked_on_the_board(players: int, seed: int, width: int) -> None:
    """The end's status named the winner, but the kingdoms' captions only 「青: 51点」: a tester
    looked for the winner on the board.  Each winner's caption says 「(勝者)」 (a shared win:
    each), within its panel."""
    from widgets.surface import SvgSurface

    c = KingdominoController(players, seed=seed, seats=["greedy"] * players)
    c.available = width
    c.layout = c.make_layout()
    assert c.state.is_over()
    s = SvgSurface(c.layout.width, c.layout.height, "t")
    c.draw(s)
    svg = s.svg()
    marked = [c.player_names.index(name) for name in
              re.findall(r">(?:▶ )?(赤|青|緑|黄): \d+点(?:\(合?計\d+点\))?\(勝者\)</text>", svg)]
    assert sorted(marked) == sorted(c.state.winners()) and marked


def test_two_players_kingdoms_are_drawn_larger_where_the_page_has_room() -> None:
    """At 1366×768 two kingdoms stood small (24 px squares) beside room to spare: with two
    players and the room for it, the squares are 32 px; a narrower page keeps 24 (never the
    phone's layout for want of the larger)."""
    c = KingdominoController(2, seed=3, seats=["human", "greedy"])
    c.fit_width(1100)
    assert not c.narrow and c.layout.cell == 32 and c.layout.width <= 1100 and c.layout.height <= 560
    c.fit_width(800)
    assert not c.narrow and c.layout.cell == 24
    four = KingdominoController(4, seed=3, seats=["human", "greedy", "greedy", "greedy"])
    four.fit_width(1100)
    assert four.layout.cell == 24  # (four kingdoms in two rows: 24 fits the window's height)


@pytest.mark.parametrize("width", [1366, 390])
def test_an_empty_row_says_why_it_is_empty(width: int) -> None:
    """A tester saw a blank band under 「今の列」 at the start (and the last round leaves
    「新しい列」 blank): the first round's current row says it has nothing yet, the last
    round's new row that there is nothing more; a row with dominoes says neither."""
    from widgets.surface import SvgSurface

    def svg_of(c: KingdominoController) -> str:
        c.available = width
        c.layout = c.make_layout()
        s = SvgSurface(c.layout.width, c.layout.height, "t")
        c.draw(s)
        return s.svg()

    c = KingdominoController(3, seed=9, seats=["human", "greedy", "greedy"])
    first = svg_of(c)
    assert "まだありません" in first and "もうありません" not in first
    from gamelib.players import GreedyPlayer

    me = GreedyPlayer(seed=2)
    while not c.state.row:
        c.play(me.choose(c.state))
    middle = svg_of(c)
    assert "まだありません" not in middle and "もうありません" not in middle
    while c.state.deck or c.state.next_row:
        c.play(me.choose(c.state))
    last = svg_of(c)
    assert not c.state.is_over()
    assert "もうありません" in last and "まだありません" not in last
    while not c.state.is_over():
        c.play(me.choose(c.state))
    # at the end the new row's band says the game is over (it had stood blank, 70 px on a phone)
    end = svg_of(c)
    assert "(ゲーム終了)" in end and "もうありません" in end and "まだありません" not in end


@pytest.mark.parametrize("side", [24, 32, 40])
def test_crowns_on_a_square_stand_apart_inside_it(side: int) -> None:
    """A reader counted a square's two crowns, drawn touching, as three.  Each two crowns of a
    square leave a gap of at least a pixel beyond their outlines, and every crown, outline and
    all, lies inside its square."""
    from widgets.kingdomino import draw_square
    from widgets.surface import SvgSurface

    for crowns in (1, 2, 3):
        s = SvgSurface(100, 100, "t")
        draw_square(s, 10, 10, side, 5, crowns)
        spans = []
        for points, width in re.findall(r'<polygon points="([^"]+)" fill="#ffd54a" stroke="[^"]+" stroke-width="([\d.]+)"',
                                        s.svg()):
            xs = [float(p.split(",")[0]) for p in points.split()]
            ys = [float(p.split(",")[1]) for p in points.split()]
            half = float(width) / 2
            spans.append((min(xs) - half, max(xs) + half))
            assert 10 <= min(xs) - half and max(xs) + half <= 10 + side and 10 <= min(ys) - half
        assert len(spans) == crowns
        spans.sort()
        for (_, right), (left, _) in zip(spans, spans[1:]):
            assert left - right >= 0.9, (side, crowns, spans)


@pytest.mark.parametrize(("players", "options"), [(2, None), (3, {"three_player_rule": "classic"}), (3, None), (4, None)])
def test_the_person_is_told_what_the_others_did_in_the_order_played(players: int, options: dict | None) -> None:
    """On a phone the log lies below the kingdoms, and the computers' moves come between two
    taps: at the person's turn the status says what the others did since the person's last move
    (or the start), in the order played.  Told by kind (placed, then chosen, then discarded), a
    tester read 「青は14番を王国に置きました。青は44番と25番を選びました。青は20番を捨てました。」,
    where 20 was discarded before 25 was chosen; and in the classic 3-player game the domino
    nobody chose left the row with no word.  The bar keeps only what to do."""
    from gamelib.players import GreedyPlayer

    kinds_seen: set[str] = set()
    for seed in range(4):
        c = KingdominoController(players, seed=seed, options=options, seats=["human"] + ["greedy"] * (players - 1))
        me = GreedyPlayer(seed)
        while not c.state.is_over():
            if c.human_to_move():
                own = [i for i, step in enumerate(c.history) if step.player == c.state.current_player]
                first = own[-1] if own else 0
                expected = []
                for i in range(first, len(c.history)):
                    step = c.history[i]
                    if step.before.game_index != c.state.game_index:
                        continue
                    if own and i == first:  # (the person's own move is not told; what it set off is)
                        pass
                    else:
                        expected.append(("赤青緑黄"[step.player], step.move.kind, step.move.number))
                    after = c.history[i + 1].before if i + 1 < len(c.history) else c.state
                    expected += [("", "gone", n) for n in after.out_of_play if n not in step.before.out_of_play]
                assert _told(c.claims_words()) == expected, c.claims_words()
                assert c.status_line().startswith(c.dynasty_words() + c.claims_words())
                assert "を選びました" not in c.bar_line() and "捨てられました" not in c.bar_line()
                kinds_seen |= {kind for _, kind, _ in expected}
            c.play(me.choose(c.state))
    assert {"place", "claim"} <= kinds_seen
    if options:  # (the classic rule's dominoes nobody chose)
        assert "gone" in kinds_seen


def test_with_two_kings_a_players_turn_is_told_move_by_move() -> None:
    """With 2 players each has two kings: a player's moves of one turn go in one sentence, the
    player named once, each choice after the placing or discard before it."""
    c = KingdominoController(2, seed=5, seats=["human", "greedy"])
    from gamelib.players import GreedyPlayer

    me, seen = GreedyPlayer(1), 0
    while not c.state.is_over():
        if c.human_to_move():
            for sentence in c.claims_words().split("。"):  # (two choices or more: a turn over two kings)
                if sentence.count("を選") >= 2:
                    assert sentence.startswith("青は") and sentence.count("青は") == 1, sentence
                    assert re.fullmatch(r"青は(\d+番を(王国に置いて|捨てて|選び、))+\d+番を(選びました|王国に置きました|捨てました)",
                                        sentence), sentence
                    seen += 1
        c.play(me.choose(c.state))
    assert seen >= 2


@pytest.mark.parametrize("players", [2, 4])
def test_the_end_tells_the_others_turns_after_the_persons_last_move(players: int) -> None:
    """A tester found the game over and the last computer's placing and discard only in the log:
    after the result the status tells the turns played since the person's last move (as カバレオ's
    does), and the board's text names a discarded domino's slot 捨てた, as the picture does."""
    from gamelib.players import GreedyPlayer

    told = 0
    for seed in range(6):
        c = KingdominoController(players, seed=seed, seats=["human"] + ["greedy"] * (players - 1))
        me = GreedyPlayer(seed)
        while not c.state.is_over():
            c.play(me.choose(c.state))
        last = max(i for i, step in enumerate(c.history) if step.player == 0)
        after = c.history[last + 1:]
        words = c.status_line()
        assert words.startswith("ゲーム終了。")
        if not after:
            assert "最後の手のあと" not in words
            continue
        tail = words[words.index("赤の最後の手のあと、") + len("赤の最後の手のあと、"):]
        assert _told(tail) == [("赤青緑黄"[s.player], s.move.kind, s.move.number) for s in after], tail
        told += 1
        thrown = [s.move.number for s in c.history if s.move.kind == "discard"]
        row = next(line for line in c.describe().split("\n") if line.startswith("今の列"))
        for slot in c.state.row:
            assert f"{slot.number}番({'捨てた' if slot.number in thrown else '置いた'})" in row, row
    assert told >= 3


def test_a_click_on_nothing_leaves_a_refused_placement_and_its_frames_as_they_were() -> None:
    """A click on the background after a refused placement took its red frames away and left its
    reason in the status, pointing at nothing: a click on nothing changes neither."""
    from widgets.kingdomino import WRONG

    c = KingdominoController(players=2, seed=5, seats=["human", "human"])
    while c.state.phase != "place":
        c.play(c.state.legal_moves()[0])
    state = c.state
    x, y = c.layout.cell_xy(state.current_player, (0, 0))  # the castle's square
    assert not c.click(x + 3, y + 3) and c.state == state
    refused, crossed = c.error, c.error_cells
    assert refused and len(crossed) == 2

    def crosses() -> int:
        return len(re.findall(rf'<rect [^>]*fill="none" stroke="{WRONG}"', c.picture().svg))

    assert crosses() == 2
    empty = next((px, py) for py in range(0, c.layout.height, 3) for px in range(0, c.layout.width, 3)
                 if c.layout.hit(px, py) is None and not c.turn_click(px, py) and not c.view_click(px, py))
    assert not c.click(*empty) and c.state == state
    assert (c.error, c.error_cells) == (refused, crossed)
    assert crosses() == 2


def test_the_way_a_domino_turns_is_kept_for_its_person_and_starts_afresh_for_the_next() -> None:
    """At one screen the next person found the domino turned 下側, as the one before had left
    it: the next person at the screen starts at 右側; one person against computers keeps the
    way they turned it."""
    from widgets.kingdomino import DIRECTIONS

    def turn_and_place(c: KingdominoController) -> int:
        while c.state.phase != "place" or not c.human_to_move():
            c.play(c.state.legal_moves()[0])
        mover = c.state.current_player
        c.rotate()
        dr, dc = DIRECTIONS[c.direction]
        move = next(m for m in c.state.legal_placements()
                    if m.kind == "place" and m.second == (m.first[0] + dr, m.first[1] + dc))
        assert c.play(move)
        return mover

    people = KingdominoController(players=4, seed=2, seats=["human"] * 4)
    first = turn_and_place(people)
    people.play(people.state.legal_moves()[0])  # the claim ends the turn
    assert people.state.phase == "place" and people.state.current_player != first
    assert people.direction == 0

    alone = KingdominoController(players=3, seed=2, seats=["human", "greedy", "greedy"])
    turn_and_place(alone)
    alone.play(alone.state.legal_moves()[0])
    while alone.state.phase != "place" or not alone.human_to_move():
        alone.play(alone.state.legal_moves()[0])
    assert alone.direction == 1


def test_the_score_tables_show_the_crownless_properties_and_why_a_bonus_was_or_was_not_earned() -> None:
    """A player read the final tables: properties without crowns were missing, and 「調和 0」 and
    「中央王国 0」 gave no reason. The crownless ones now share a row of 0 points (their squares
    counted), and each bonus says why it was earned or not; every table still adds up."""
    from gamelib.players import GreedyPlayer

    seen: dict[str, set[bool]] = {"bare": set(), "clean": set(), "centred": set()}
    for seed in range(12):
        c = KingdominoController(players=2, seed=seed, options={"harmony": True, "middle_kingdom": True},
                                 seats=["human", "human"])
        while not c.state.is_over():
            c.play(GreedyPlayer(seed).choose(c.state))
        state = c.state
        for p, table in enumerate(re.findall(r"<table.*?</table>", c.info_html())):
            rows = _rows_of(table)
            kingdom = state.kingdoms[p]
            bare = [prop for prop in kingdom.properties() if not prop.crowns]
            labels = [row[0] for row in rows]
            if bare:
                row = rows[labels.index(f"王冠のない地所({len(bare)}つ)")]
                assert (int(row[1]), int(row[2]), int(row[3])) == (sum(q.squares for q in bare), 0, 0)
            assert sum(int(row[1]) for row in rows if row[1]) == kingdom.filled() - 1  # every square but the castle's
            harmony = "調和(捨て札なし)" if state.discards[p] == 0 else f"調和({state.discards[p]}枚捨てた)"
            centred = kingdom.castle_centred()
            middle = "中央王国(城が中央にある)" if centred else "中央王国(城が中央にない)"
            assert (int(rows[labels.index(harmony)][-1]), int(rows[labels.index(middle)][-1])) == (
                5 if state.discards[p] == 0 else 0, 10 if centred else 0)
            assert sum(int(row[-1]) for row in rows[:-1]) == int(rows[-1][-1]) == state.scores()[p]
            for key, value in (("bare", bool(bare)), ("clean", state.discards[p] == 0), ("centred", centred)):
                seen[key].add(value)
    assert seen == {"bare": {True}, "clean": {True, False}, "centred": {True, False}}, seen


def test_after_an_undo_the_others_turns_before_it_are_not_told_again() -> None:
    """A tester read 「…を取り消しました。緑は4番を王国に置いて7番を選びました。…」 as if the
    others' turns told after the undo had been taken back too: under what an undo took back the
    status tells no turns of the others (as no game's report is), and tells them again after the
    next move."""
    from gamelib.players import GreedyPlayer
    from widgets.kingdomino import KingdominoController

    c = KingdominoController(4, seed=3, seats=["human", "greedy", "greedy", "greedy"])
    me = GreedyPlayer(1)
    checked = 0
    for _ in range(12):
        while not c.human_to_move() and not c.state.is_over():
            c.run_computers()
        if c.state.is_over():
            break
        if c.claims_words():  # (the others' turns since the person's last move, told)
            assert c.claims_words() in c.status_line()
            before = c.state
            c.play(me.choose(c.state))
            c.run_computers()
            c.undo()
            assert c.state == before and "取り消しました" in c.status_line()
            assert "を王国に置いて" not in c.status_line().split("取り消しました")[1], c.status_line()
            assert "を選びました" not in c.status_line(), c.status_line()
            checked += 1
        c.play(me.choose(c.state))
    assert checked >= 5
