"""The Dragon Keeper board without a browser: whole games by clicks, refused clicks, targets
from gamelib, the special actions, the curtain over the guilds, undo, the phone layout, and
the book's pictures."""

from __future__ import annotations

import re
from typing import Any

import pytest

from gamelib import positions, seeded_rng
from gamelib.dragonkeeper import COLOURS, NAME_JA, DragonKeeperState, HintPlayer, Move, parse_stacks
from gamelib.players import GreedyPlayer, RandomPlayer, play_out
from widgets.controller import PLAYER_COLOURS
from widgets.dragonkeeper import (DragonKeeperBoard, DragonKeeperController, end_picture, legend_picture,
                                  level_picture, levels_picture, score_table, stacks_picture)


def _walk_to(players: int, options: dict[str, Any], want: Any, seeds: range = range(200)) -> DragonKeeperState:
    """A position reached by seeded random play where ``want(state)`` holds."""
    for seed in seeds:
        state = DragonKeeperState.new(players, options, seed)
        rng = seeded_rng(seed, "dragonkeeper-walk")
        while not state.is_over():
            if want(state):
                return state
            state = state.play(rng.choice(state.legal_moves()))
    raise AssertionError("no game met the position wanted")


def _board_at(state: DragonKeeperState, seats: list[str] | None = None) -> Any:
    """A board of people that replays ``state``'s game by clicks."""
    board = DragonKeeperBoard(state.players, state.seed, state.options.to_dict(),
                              seats=seats or ["human"] * state.players, computer_delay=0)
    for text in state.moves:
        board.controller.reveal()
        board.click_move(text)
    assert board.controller.state == state
    return board


# -- whole games -----------------------------------------------------------------------------------
@pytest.mark.parametrize("players,options", [
    (2, {}),
    (3, {"releases": "player"}),
    (4, {"releases": "player", "release_discarded": True, "eliminated_stacks": "kept"}),
    (3, {"tribute_choice": "best", "passage_chain": False}),
])
def test_whole_games_through_clicks(players: int, options: dict[str, Any]) -> None:
    board = DragonKeeperBoard(players, 21, options, seats=["human"] * players, computer_delay=0)
    expected = DragonKeeperState.new(players, options, 21)
    rng = seeded_rng(players, "dragonkeeper-board")
    kinds = set()
    while not expected.is_over():
        move = rng.choice(expected.legal_moves()) if rng.random() < 0.5 else GreedyPlayer(3).choose(expected)
        kinds.add(move.kind)
        board.click_move(move)
        expected = expected.play(move)
        assert board.controller.state == expected, (move, board.controller.error)
        assert board.controller.error is None
    assert {"take", "give"} <= kinds
    assert "勝者" in board.status.value and "合計" in board.info.value and "このゲームのシード" in board.info.value


@pytest.mark.parametrize("players,seats", [
    (2, ["human", "hiding"]),
    (3, ["greedy", "human", "random"]),
    (4, ["hiding", "greedy", "human", "hiding"]),
])
def test_a_person_against_the_computers_to_the_end(players: int, seats: list[str]) -> None:
    board = DragonKeeperBoard(players, 8, seats=seats, computer_delay=0)
    c = board.controller
    person = seats.index("human")
    while not c.state.is_over():
        assert c.human_to_move() and c.state.current_player == person
        board.click_move(c.state.legal_moves()[0])
    assert c.state.is_over() and "勝者" in board.status.value
    assert c.visible_guilds() == list(c.state.guilds)  # the end shows every guild


def test_release_moves_by_clicks_choose_the_release_tile_then_the_guild_tile() -> None:
    def two_releases(s: DragonKeeperState) -> bool:
        return s.phase == "release" and len({m.colour for m in s.legal_moves() if m.kind == "release"}) > 1

    state = _walk_to(3, {"releases": "player"}, two_releases, range(400))
    board = _board_at(state)
    c = board.controller
    assert c.selected_release() is None and "使う解放タイルをクリック" in board.status.value
    p = state.turn
    guild = COLOURS.index(state.guilds[p])
    plain = next((i for i, t in enumerate(state.stacks[p][guild]) if not t.endswith("r")), None)
    if plain is not None:  # a guild tile before a release tile is chosen: asked to choose first
        board._click_tile(p, guild, plain)
        assert c.state == state and "先に" in board.status.value
    move = next(m for m in state.legal_moves() if m.kind == "release")
    board.click_move(move)
    assert c.state == state.play(move)
    assert c.history[-1].words.endswith("を捨てる") and "の解放タイルで" in c.history[-1].words


# -- refused clicks, targets ----------------------------------------------------------------------------
def test_an_illegal_click_shows_the_reason_and_changes_nothing() -> None:
    board = DragonKeeperBoard(2, 4, seats=["human", "human"], computer_delay=0)
    c = board.controller
    before = c.state
    row = before.dragon_cell[0]
    g = c.layout.grid
    x, y = g.xy(((row + 1) % 5, 0))
    board._on_mouse_down(x + 20, y + 20)  # a tile outside the dragon's row
    assert c.state == before and "「1」の矢印" in board.status.value and "#c62828" in board.status.value
    assert 'stroke="#d62828" stroke-width="3"' in board.picture().svg  # the refused cell framed red
    # the frame and its cross go with the reason: a hint takes the reason's place (they stayed,
    # unexplained)
    board.reveal_button.click()
    board.hint_button.click()
    assert "ヒント" in board.status.value and "「1」の矢印" not in board.status.value
    assert 'stroke="#d62828" stroke-width="3"' not in board.picture().svg
    other = 1 - before.turn
    board.click_move(before.legal_moves()[0])
    board.click_move(c.state.legal_moves()[0])
    state = c.state
    if any(state.stacks[other]):  # an exchange now is refused: no prisoner exchange was taken
        ci = next(i for i, st in enumerate(state.stacks[other]) if st)
        board._click_tile(other, ci, len(state.stacks[other][ci]) - 1)
        assert c.state == state and "囚人の交換を使えません" in board.status.value


def test_targets_are_gamelibs_legal_moves_all_game_long() -> None:
    for options in ({}, {"releases": "player"}):
        c = DragonKeeperController(3, seed=17, options=options, seats=["human"] * 3)
        rng = seeded_rng(17, "targets")
        while not c.state.is_over():
            legal = c.state.legal_moves()
            targets = c.targets()
            if c.state.phase == "release" and c.selected_release() is not None:
                assert targets == [m for m in legal if m.kind == "release" and m.colour == c.selected_release()]
            else:
                assert targets == [m for m in legal if m.kind != "pass"]
            assert c.target_cells() == sorted({m.cell for m in legal if m.cell is not None})
            assert c.can_pass() == (Move("pass") in legal)
            c.play(rng.choice(legal))


def test_the_special_actions_by_clicks_and_the_pass_button() -> None:
    def offered(kind: str, phase: str) -> Any:
        return lambda s: s.phase == phase and any(m.kind == kind for m in s.legal_moves())

    trap = _walk_to(3, {}, offered("trap", "special"))
    board = _board_at(trap)
    assert "リモートトラップを取りました" in board.status.value and not board.pass_button.disabled
    far = next(m for m in trap.legal_moves() if m.kind == "trap")
    board.click_move(far)
    assert board.controller.state == trap.play(far)
    assert board.controller.history[-1].words.startswith("リモートトラップで")

    exchange = _walk_to(3, {}, offered("exchange", "special"))
    board = _board_at(exchange)
    assert "囚人の交換を取りました" in board.status.value
    move = next(m for m in exchange.legal_moves() if m.kind == "exchange")
    board.click_move(move)
    assert board.controller.state == exchange.play(move)
    assert board.controller.history[-1].words.startswith("囚人の交換で")

    passage = _walk_to(3, {}, offered("passage", "passage"))
    board = _board_at(passage)
    assert "秘密の通路を使えます" in board.status.value
    board.pass_button.click()
    assert board.controller.state == passage.play("pass")
    assert board.controller.history[-1].words == "秘密の通路を使わない"
    assert board.pass_button.disabled  # nothing to leave unused at step 1


def test_the_tribute_by_clicking_a_stack() -> None:
    state = _walk_to(2, {}, lambda s: s.phase == "tribute", range(400))
    board = _board_at(state)
    c = board.controller
    assert "貢物" in board.status.value
    other = 1 - state.turn
    ci = next((i for i, st in enumerate(state.stacks[other]) if st), None)
    if ci is not None:
        board._click_tile(other, ci, 0)
        assert c.state == state and "自分" in board.status.value
    move = state.legal_moves()[-1]
    board.click_move(move)
    assert c.state == state.play(move) and c.history[-1].words.endswith("の山札を貢物にする")


def test_the_guild_tribute_prompt_says_the_guild_tiles_cost_nothing() -> None:
    """With the guild colour the largest stack, its tiles are released: removed, no loss (the
    chapter's rule). The prompt had said they all count towards the score."""
    from gamelib.dragonkeeper import scoring

    state = _walk_to(2, {}, lambda s: s.phase == "tribute" and scoring.tribute_options(
        s.stacks[s.turn], s.guilds[s.turn])[1], range(20))
    c = DragonKeeperController(2, seed=state.seed, seats=["human"] * 2)
    c.state = state
    words = c.status()
    assert "ギルドの色のタイルはすべて取り除かれ、失点になりません" in words, words
    assert "得点に数えます" not in words


def test_the_tribute_prompt_says_what_to_do_first_and_tells_the_tributes_given_without_a_choice() -> None:
    """Two people at one screen: while one chooses their tribute among equal stacks, another's
    single largest stack had gone to the dragon without a word (their panel just showed 「0枚」).
    The prompt says what to click first, why next, then who gave which stack."""
    state = _walk_to(2, {}, lambda s: s.phase == "tribute" and any(
        s.tributes[q] for q in range(s.players) if q != s.turn), range(40))
    c = DragonKeeperController(2, seed=state.seed, seats=["human"] * 2)
    c.state = state
    words = c.status()
    other = next(q for q in range(state.players) if q != state.turn and state.tributes[q])
    assert f"プレイヤー{state.turn + 1}の貢物: ドラゴンに捧げる山札をクリックしてください(緑の枠)。" in words, words
    assert f"プレイヤー{other + 1}は貢物として" in words, words


def test_describe_move_in_natural_japanese() -> None:
    c = DragonKeeperController(3, seed=2, seats=["human"] * 3)
    state = c.state
    take = state.legal_moves()[0]
    c.play(take)
    assert re.fullmatch(r"(赤|青|黄|緑|紫)の[1-6](\(.+\))?を取る", c.history[-1].words)
    give = c.state.legal_moves()[0] if c.state.phase == "give" else None
    if give is not None:
        receiver = c.state.previous_player()
        c.play(give)
        assert re.search(f"をプレイヤー{receiver + 1}に渡す(\\(財宝\\+1\\))?$", c.history[-1].words)
    assert c.log_lines()[0][1].startswith(f"プレイヤー{state.turn + 1}: ")


def test_stacks_are_told_colour_by_colour_with_no_space_inside_the_japanese() -> None:
    from gamelib.dragonkeeper import parse_stacks
    from widgets.dragonkeeper import stacks_words

    assert stacks_words(parse_stacks("R:1s,3,5 B:4")) == "赤の1(階段)・3・5、青の4(各山札とも下から上へ)"
    assert stacks_words(parse_stacks("-")) == "タイルなし"


# -- secrets --------------------------------------------------------------------------------------
def test_the_curtain_hides_the_guilds_until_the_person_takes_the_screen() -> None:
    board = DragonKeeperBoard(3, 5, seats=["human", "human", "greedy"], computer_delay=0)
    c = board.controller
    assert c.curtain_down() and "画面を" in board.status.value and not board.reveal_button.disabled
    assert c.visible_guilds() == [None, None, None]
    assert not any(f"ギルドは{n}" in c.describe() for n in "青黄緑紫")
    board.reveal_button.click()
    p = c.state.current_player
    visible = c.visible_guilds()
    assert visible[p] == c.state.guilds[p] and sum(v is not None for v in visible) == 1
    svg = board.picture().svg
    assert "本人だけ" not in svg
    # said in the status too (on a phone the panel lies off the screen): only once looked at
    said = f"{c.player_names[p]}のギルドは{NAME_JA[c.state.guilds[p]]}です"
    assert said in board.status.value
    board.click_move(c.state.legal_moves()[0])
    while c.state.current_player == p and not c.state.is_over():
        board.click_move(c.state.legal_moves()[0])
    assert c.visible_guilds() == [None, None, None]  # the next person must take the screen first
    assert "のギルドは隠してあります" in board.status.value and f"のギルドは{NAME_JA[c.state.guilds[c.state.current_player]]}です" not in board.status.value


def test_one_person_sees_only_their_own_guild() -> None:
    c = DragonKeeperController(4, seed=4, seats=["greedy", "human", "hiding", "random"])
    visible = c.visible_guilds()
    assert visible[1] == c.state.guilds[1] and visible.count(None) == 3
    assert not c.curtain_down()
    assert c.describe().count("ギルドは本人だけが知っている") == 3


# -- undo, hint, marks ---------------------------------------------------------------------------------
def test_undo_goes_back_to_the_persons_decision() -> None:
    board = DragonKeeperBoard(3, 6, seats=["human", "greedy", "hiding"], computer_delay=0)
    c = board.controller
    while c.state.current_player != 0:
        board.click_move(c.state.legal_moves()[0])
    before = c.state
    board.click_move(before.legal_moves()[0])
    assert c.state != before
    board.undo_button.click()
    assert c.state == before and c.human_to_move()


def test_the_hint_and_the_last_turns_marked_in_the_players_colours() -> None:
    board = DragonKeeperBoard(2, 6, seats=["human", "greedy"], computer_delay=0)
    c = board.controller
    board.hint_button.click()
    expected = HintPlayer(c.state.seed * 10 + 7).choose(c.state)  # (greedy, never a tie's guild tile)
    assert c.hint_move == expected and "ヒント" in board.status.value and "#ff8f00" in board.picture().svg
    # the square is named: a row may hold two tiles alike (「青の3を取る」 had left it to the frame)
    row, col = expected.cell
    assert f"欲張りなコンピューターなら{row + 1}行{col + 1}列の" in board.status.value, board.status.value
    board.click_move(expected)
    while not any(step.player == 1 for step in c.history):  # the person's turn, then the computer's
        board.click_move(c.state.legal_moves()[0])
    assert c.state.level == 1
    svg = board.picture().svg
    for p in (0, 1):
        assert f'stroke="{PLAYER_COLOURS[p]}" stroke-width="3"' in svg


# -- layouts ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_board_fits_a_laptop_window_and_a_phone(players: int) -> None:
    board = DragonKeeperBoard(players, 3, seats=["human"] + ["greedy"] * (players - 1), computer_delay=0)
    c = board.controller
    assert c.layout.width <= 1000 and c.layout.height <= 560  # with its controls in 1366 × 768
    board.fit_width(360)
    assert c.narrow and c.layout.width <= 360
    assert (board.canvas.width, board.canvas.height) == (2 * c.layout.width, 2 * c.layout.height)
    while not c.state.is_over():
        board.click_move(c.state.legal_moves()[-1])
        assert c.error is None, c.error


def test_on_a_phone_the_panels_grow_with_the_stacks() -> None:
    """On a phone the three panels, 250 px each and empty at the start, made the board 1,277 px
    tall (a reviewer): each panel is as tall as the longest stack needs with room to spare,
    grows with it (every stack standing at its full size until the panels reach 250 px), and is
    250 px at the end and in a replay, whose pictures keep one size."""
    from widgets.dragonkeeper import PANEL_H, STRIP, TOP_H

    board = DragonKeeperBoard(3, 3, seats=["human", "greedy", "greedy"], computer_delay=0)
    c = board.controller
    board.fit_width(358)
    start = c.layout.panel_h
    assert start < 150 and c.layout.height <= 1277 - 3 * (PANEL_H - start)
    assert (board.canvas.width, board.canvas.height) == (2 * c.layout.width, 2 * c.layout.height)
    grown, last = False, start
    while not c.state.is_over():
        layout = c.layout
        longest = max(len(st) for player in c.state.stacks for st in player)
        if layout.panel_h < PANEL_H:  # every stack at its full size, the next tile's room to spare
            assert all(layout.room(p) >= TOP_H + STRIP * longest for p in range(3)), (longest, layout.panel_h)
        assert layout.panel_h >= last  # (it never shrinks as a game goes on)
        grown |= layout.panel_h > last
        last = layout.panel_h
        assert (board.canvas.width, board.canvas.height) == (2 * layout.width, 2 * layout.height)
        board.click_move(c.state.legal_moves()[-1])
    assert grown and c.layout.panel_h == PANEL_H  # (the end's panels: every score line)
    # a replay's board (still, nobody at it) keeps the full height from the start
    replay = DragonKeeperController(3, 3, None, ["greedy"] * 3)
    replay.still = True
    replay.fit_width(358)
    assert replay.make_layout().panel_h == PANEL_H


def test_the_output_carries_a_picture_of_the_saved_game() -> None:
    board = DragonKeeperBoard(3, 7, seats=["human", "hiding", "hiding"], computer_delay=0)
    data, meta = board._repr_mimebundle_()
    assert data["image/svg+xml"].startswith("<svg") and "ドラゴンキーパー" in data["image/svg+xml"]
    assert meta["rulebook"]["kind"] == "save"
    positions.check(meta["rulebook"]["kind"], meta["rulebook"]["position"])


# -- pictures for the book --------------------------------------------------------------------------
def _japanese_and_legible(svg: str, alt: str, max_width: float | None = 380) -> None:
    sizes = [float(x) for x in re.findall(r'font-size="([\d.]+)"', svg)]
    assert sizes and min(sizes) >= 11
    labels = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    assert not [t for t in labels if re.search(r"[A-Za-z]", t)], labels
    assert not re.search(r"[A-Za-z]", alt), alt
    if max_width is not None:
        width = float(re.search(r'width="([\d.]+)"', svg).group(1))  # type: ignore[union-attr]
        assert width <= max_width


def test_pictures_speak_japanese_and_carry_a_real_position() -> None:
    start = DragonKeeperState.new(3, seed=1)
    after = start.play(start.legal_moves()[1])
    end = play_out(DragonKeeperState.new(3, {"releases": "player"}, seed=9), [GreedyPlayer(i) for i in range(3)])
    example = "B 5 R:1s,3,5 B:4,1 Y:3,4 G:2r,4,3,2 P:1,2,1,3\nP 4 R:2,4 B:3,5"
    pictures = [
        level_picture(start),
        level_picture(after, targets="legal"),
        level_picture(". " * 10 + "Y4t . .* B5 G3x " + ". " * 10, marks={(2, 3): "取る"}),
        level_picture(start, arrows=(1, 2), wrong=[(0, 0)], caption="矢印の外は取れない"),
        levels_picture(after),
        stacks_picture("R:1s,3,5 B:4,2r Y:3 P:2,2", guild="P", treasure=5),
        stacks_picture("R:1s,3,5 B:4,1 Y:3,4 G:2r,4,3,2 P:1,2,1,3", guild="B", tribute="P", released=["B4"]),
        stacks_picture(after, viewer=0),
        stacks_picture(end),
        end_picture(end),
        end_picture(example),
        legend_picture(),
    ]
    for picture in pictures:
        _japanese_and_legible(picture.svg, picture.alt)
        positions.check(*picture.position)
    kinds = {p.position[0] for p in pictures}
    assert kinds == {"dragonkeeper.level", "dragonkeeper.stacks", "dragonkeeper.end", "legend"}
    assert "矢印2(渡す)" in pictures[1].alt and "緑の枠" in pictures[1].alt
    assert "ギルドは本人だけが知っている" in pictures[7].alt and "ギルドは紫" in pictures[5].alt
    assert "得点: 赤9 − 青1 + 黄7 + 緑11 + 財宝ボーナス2 = 28点" in pictures[10].alt  # the text's example 1, and +2
    assert "紫の山札(4枚)を貢物にする" in pictures[10].alt and "緑の解放タイルで青の4を捨てる" in pictures[10].alt
    assert "勝者" in pictures[9].alt
    table = score_table(example)
    assert "28" in repr(table) and "8" in repr(table)
    assert table.headers[-1] == "結果" and [row[-1] for row in table.rows] == ["勝ち", "負け"]  # 28 against 8


def test_the_text_example_2_releases_the_guild() -> None:
    picture = end_picture("P 3 R:2,4,1s B:3,5 Y:1,2r G:4,3,1,2 P:1,2,3,4,5\nB 4 R:3")
    assert "緑の山札(4枚)を貢物にする" in picture.alt and "紫のタイルもすべて取り除き、失点にしない" in picture.alt
    assert "= 18点" in picture.alt


def test_a_picture_of_a_level_real_tiles_cannot_make_is_refused() -> None:
    with pytest.raises(ValueError):
        level_picture("B5 B5 " + ". " * 23)
    with pytest.raises(ValueError):
        stacks_picture("R:1s,1s,1s")


def test_a_new_game_with_the_rulings_chosen_on_the_board() -> None:
    board = DragonKeeperBoard(2, 1, seats=["human", "greedy"], computer_delay=0)
    board.players_box.value = 3
    board.choice_boxes["releases"].value = "player"
    board.choice_boxes["tribute_choice"].value = "best"
    board.check_boxes["passage_chain"].value = False
    board.seed_box.value = "9"
    board.new_button.click()
    options = {"releases": "player", "tribute_choice": "best", "passage_chain": False}
    assert board.controller.state == DragonKeeperState.new(3, options, seed=9)
    assert len(board.seat_row.children) == 3 and board.controller.seats == ["human", "greedy", "greedy"]


def test_the_next_games_seats_shown_are_the_seats_it_gets() -> None:
    """Four players chosen beside a game of two: the new seats show the last computer seat's
    kind.  When this game's computer seat changes, they keep the kind they show, and the next
    game takes what is shown (they had once gone on showing 欲張り while the game came with
    隠れ上手; then they had turned with the seat changed, which a later tester did not expect)."""
    board = DragonKeeperBoard(2, 1, seats=["human", "greedy"], computer_delay=0)
    board.players_box.value = 4
    assert [box.value for box in board.seat_row.children] == ["human", "greedy", "greedy", "greedy"]
    board.seat_row.children[1].value = "hiding"
    assert board.controller.seats == ["human", "hiding"]
    shown = [box.value for box in board.seat_row.children]
    assert shown == ["human", "hiding", "greedy", "greedy"]
    board.seat_row.children[2].value = "random"  # a next game's seat, chosen
    board.new_button.click()
    assert board.controller.seats == ["human", "hiding", "random", "greedy"]


def test_the_end_is_drawn_only_once_the_game_is_over() -> None:
    with pytest.raises(ValueError, match="over"):
        end_picture(DragonKeeperState.new(2, seed=1))


def _texts(svg: str) -> list[str]:
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


def test_each_picture_draws_its_title_on_itself() -> None:
    start = DragonKeeperState.new(3, seed=1)
    before, after = level_picture(start, title="使う前"), level_picture(start, title="使ったあと")
    assert "使う前" in _texts(before.svg) and "使ったあと" in _texts(after.svg) and before.svg != after.svg
    assert "山札の見出し" in _texts(stacks_picture("R:1s,3 B:4", title="山札の見出し").svg)
    example = "B 5 R:1s,3,5 B:4,1 Y:3,4 G:2r,4,3,2 P:1,2,1,3\nP 4 R:2,4 B:3,5"
    assert "終わりの見出し" in _texts(end_picture(example, title="終わりの見出し").svg)


def test_the_winner_is_marked_apart_from_the_treasure() -> None:
    texts = _texts(end_picture("B 5 R:1s,3,5 B:4,1 Y:3,4 G:2r,4,3,2 P:1,2,1,3\nP 4 R:2,4 B:3,5").svg)
    assert "勝者" in texts and "財宝5個" in texts
    assert not [t for t in texts if "勝者" in t and "財宝" in t]


@pytest.mark.parametrize("kept", [False, True])
def test_an_eliminated_player_is_marked_in_the_stacks(kept: bool) -> None:
    options = {"eliminated_stacks": "kept"} if kept else {}
    state = _walk_to(3, options, lambda s: not all(s.alive) and any(s.stacks[p] != ((),) * 5
                                                                        for p in range(3) if not s.alive[p]))
    out = [p for p in range(3) if not state.alive[p]]
    picture = stacks_picture(state)
    assert _texts(picture.svg).count("除外") == len(out)
    lines = picture.alt.splitlines()
    for p in range(3):
        assert ("ゲームから除外" in lines[p]) == (p in out)
    assert ("山札はゲームから取り除かれた" in _texts(picture.svg)) == (not kept)
    assert ("囚人の交換の相手として残る" in picture.alt) == kept
    if not kept:  # the words stand on a white label of their own, not over the faded tiles
        import re
        label = re.search(r'<rect [^>]*fill="#ffffff" stroke="#d62828"[^>]*/><text [^>]*>山札はゲームから取り除かれた<',
                          picture.svg)
        assert label, "the words lie straight on the faded tiles"


def test_a_tile_discarded_by_a_release_is_crossed_out_in_bold_red() -> None:
    text = "R:1s,3,5 B:4,1 Y:3,4 G:2r,4,3,2 P:1,2,1,3"
    plain = stacks_picture(text, guild="B", tribute="P")
    crossed = stacks_picture(text, guild="B", tribute="P", released=["B4"])
    red = r'<line [^>]*stroke="#d62828" stroke-width="([\d.]+)"'
    assert not re.findall(red, plain.svg)
    widths = [float(w) for w in re.findall(red, crossed.svg)]
    assert len(widths) == 2 and min(widths) >= 3  # a cross, not a thin line
    assert "青の4" in crossed.alt


def test_the_stair_keeps_its_mark_under_the_dragon_and_a_finished_level_shows_the_dragon() -> None:
    start = DragonKeeperState.new(3, seed=1)
    assert _texts(levels_picture(start).svg).count("階") == 2  # levels 1 and 2, the dragon on the first
    assert "階段タイルは" in levels_picture(start).alt
    state = _walk_to(3, {}, lambda s: s.level == 2)
    finished = level_picture(state, level=1)
    assert "ドラゴンは" in finished.alt and "矢印" not in finished.alt
    positions.check(*finished.position)


def test_a_marks_chip_leaves_the_tiles_colour_name_seen() -> None:
    picture = level_picture(DragonKeeperState.new(3, seed=1), marks={(2, 1): "取る"})
    chip = re.search(r'<rect x="([\d.]+)" y="([\d.]+)" width="[\d.]+" height="[\d.]+" fill="#b8860b"/>', picture.svg)
    name = [m for m in re.finditer(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*>(赤|青|黄|緑|紫)</text>', picture.svg)]
    assert chip and name
    cy = float(chip.group(2))
    # the colour names sit in the bottom-left corners; the chip is in the top half of its cell
    row_y = [float(m.group(2)) for m in name if abs(float(m.group(1)) - float(chip.group(1))) < 10]
    assert all(y - cy > 20 for y in row_y if 0 < y - cy < 56)


def test_a_level_end_is_told_in_the_status_and_the_log_and_a_gift_worth_3_names_its_treasure() -> None:
    """The level's end says what it did (tiles left, treasure returned, the last taker's extra
    token, who starts next); a gift worth 3 or more says 財宝+1."""
    from widgets.dragonkeeper import DragonKeeperBoard

    board = DragonKeeperBoard(3, 5, seats=["greedy", "greedy", "greedy"], computer_delay=0)
    c = board.controller
    steps = c.history
    gifts = [s for s in steps if s.move.kind == "give"]
    worth = [s for s in gifts if int(s.before.board[s.move.cell[0] * 5 + s.move.cell[1]][1]) >= 3]
    assert worth and all("(財宝+1)" in s.words for s in worth)
    assert all("(財宝+1)" not in s.words for s in gifts if s not in worth)
    ends = [s for s in steps if "階層が終わった" in s.words]
    assert len(ends) == len(c.state.results) >= 1
    first = c.state.results[0]
    assert f"第1階層が終わった(残り{first['left']}枚)" in ends[0].words
    assert "最後に取った" in ends[0].words
    # the extra token is said as done (「…はさらに1個返した」), as the log says every move
    assert re.search("最後に取ったプレイヤー\\d(はさらに|だけが)1個返した", ends[0].words), ends[0].words


def test_a_game_that_ends_with_one_player_left_says_so() -> None:
    """Ruling 17: the last player left after a level's payment wins there; the end does not
    claim that the third level ended, nor that the winner's score was the highest."""
    c = DragonKeeperController(players=3, seed=2, seats=["random"] * 3)
    state = c.state
    assert state.is_over() and state.results[-1]["level"] == 2 and state.alive == (True, False, False)
    words = c.status_line()
    assert words.startswith("ゲーム終了。第2階層の終わりで、ゲームに残ったのがプレイヤー1だけになったので、")
    assert "第3階層" not in words and "いちばん高い" not in words
    assert "勝者は、ただ1人残ったプレイヤー1です。" in words


def test_the_end_says_everybodys_points_and_who_is_out() -> None:
    """The last status names the winners and every player's points (gamelib's scores); a
    player knocked out is said to be out (and when), not to have 0 points."""
    seen_out = False
    for seed in range(30):
        c = DragonKeeperController(players=4, seed=seed, seats=["random"] * 4)
        state = c.state
        assert state.is_over()
        words = c.status_line()
        level = state.results[-1]["level"]
        assert words.startswith("ゲーム終了。第3階層が終わり、貢物を納めて得点を数えました。勝者は、" if level == 3
                                else f"ゲーム終了。第{level}階層の終わりで、ゲームに残ったのが"), words
        for p in range(4):
            name = c.player_names[p]
            if state.alive[p]:
                assert f"{name}は{state.scores()[p]}点" in words.replace("−", "-"), words
            else:  # the rules' word 除外, and the level where the player could not pay
                level = next(r["level"] for r in state.results if p in r["eliminated"])
                assert f"{name}は第{level}階層で払えず除外" in words
                seen_out = True
        if seen_out:
            break
    assert seen_out, "no random game of 30 knocked a player out"


def test_with_everybody_out_at_once_the_board_says_nobody_wins() -> None:
    """The text's words (everybody short is eliminated, the default): the board ends saying
    nobody wins, and its score table still shows."""
    for seed in range(300):
        c = DragonKeeperController(players=2, seed=seed, seats=["random"] * 2)
        if not any(c.state.alive):
            break
    else:
        raise AssertionError("no board game of 300 had both players short at once")
    assert c.state.is_over() and c.state.winners() == []
    assert c.status_line() == "ゲーム終了。全員がゲームから除外されたので、勝者はいません。"
    assert "除外" in c.info_html() and c.picture().svg


def test_a_turn_begun_before_looking_is_followed_by_the_status() -> None:
    """Only the guilds are secret, so a person may move without 「ギルドを見る」; after the first
    half of the turn the status says the next step, and still how to look."""
    c = DragonKeeperController(3, seed=5, seats=["human", "human", "greedy"])
    assert c.curtain_down()
    first = c.status_line()
    assert "手順1" in first and "「ギルドを見る」" in first
    take = next(m for m in c.state.legal_moves() if m.kind == "take")
    c.play(take)
    assert c.curtain_down() and c.state.current_player == 0
    after = c.status_line()
    assert after != first and "「ギルドを見る」" in after and "画面をプレイヤー1に渡してください" not in after


def test_the_end_names_the_tiles_the_releases_discarded() -> None:
    """The picture crosses a released tile out over its number; the status names it."""
    from gamelib.dragonkeeper.tiles import tile_words

    found = False
    for seed in range(40):
        c = DragonKeeperController(3, seed=seed, seats=["greedy"] * 3)
        words = c.status_line()
        for p, released in enumerate(c.state.releases):
            for code, _ in released:
                found = True
                assert f"{c.player_names[p]}が" in words.split("解放では、")[1] and tile_words(code) in words
                # (told before the winner: after the points it read as an afterthought)
                assert words.index("解放では、") < words.index("勝者は"), words
        if found:
            break
    assert found, "no greedy game of 40 used a release"


def test_a_hint_that_ends_a_level_says_it_would_not_that_it_did() -> None:
    """The hint names the move and that it would end the level, never the level's end as done."""
    for seed in range(30):
        c = DragonKeeperController(3, seed=seed, seats=["human", "greedy", "greedy"])
        while not c.state.is_over():
            if not c.human_to_move():
                c.run_computers()
                continue
            c.hint()
            ends = len(c.state.play(c.hint_move).results) > len(c.state.results)
            hint = c.status_line().split("ヒント(オレンジの枠): 欲張りなコンピューターなら")[1]
            assert "階層が終わった" not in hint, hint
            if ends:
                assert hint.endswith(f"(この手で第{len(c.state.results) + 1}階層が終わります)。"), hint
                return
            c.play(c.hint_move)
    raise AssertionError("no hinted move ended a level")


def test_readers_count_rows_and_columns_from_1_as_the_numbers_beside_the_level() -> None:
    """The domino chapters say 「2行3列」 counted from 1; Dragon Keeper's pictures and words do the
    same, while the move notation keeps counting from 0 (``take 2,1`` is 3行2列)."""
    from widgets.dragonkeeper import cell_words, column_words, row_words
    assert (cell_words((2, 1)), row_words(0), column_words(4)) == ("3行2列", "1行目", "5列目")
    start = DragonKeeperState.new(3, seed=1)
    picture = level_picture(start, arrows=(1, 2))
    numbers = re.findall(r'fill="#555"[^>]*>(\d)</text>', picture.svg)
    assert sorted(set(numbers)) == ["1", "2", "3", "4", "5"], numbers
    assert "ドラゴンのいる3行目のタイル" in picture.alt and "ドラゴンは3行3列" in picture.alt
    taken = start.play("take 2,1")
    with pytest.raises(Exception) as refused:
        taken.play("give 2,1")
    assert "3行2列にはタイルが残っていません" in str(refused.value)


def _rects(svg: str) -> list[tuple[float, float, float, float]]:
    return [tuple(float(v) for v in m) for m in  # type: ignore[misc]
            re.findall(r'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"', svg)]


def _score_lines_inside_their_panels(svg: str) -> int:
    """Every score line 「… = N点」 lies inside the smallest panel around its start, clear of its
    frame on the right and below (the text is centred on its y); returns how many there are."""
    from widgets.surface import text_width
    lines = re.findall(r'<text x="([\d.]+)" y="([\d.]+)" font-size="([\d.]+)"[^>]*>([^<]*= \d+点)</text>', svg)
    for x, y, size, words in lines:
        x, y, size = float(x), float(y), float(size)
        panels = [r for r in _rects(svg) if r[2] > 200 and r[0] <= x <= r[0] + r[2] and r[1] <= y <= r[1] + r[3]]
        px, py, pw, ph = min(panels, key=lambda r: r[2] * r[3])
        assert y + size / 2 + 3 <= py + ph, (words, y, py + ph)
        assert x + text_width(words, size) <= px + pw - 4, (words, size)
        assert size >= 11
    return len(lines)


def test_the_score_lines_stay_inside_their_panels() -> None:
    # the longest line of 180 random games: four colours of two digits each and the bonus
    end = play_out(DragonKeeperState.new(2, seed=48), [RandomPlayer(i) for i in range(2)])
    assert "赤15 + 黄13 + 緑10 − 紫12 + 財宝ボーナス2 = 28点" in end_picture(end).alt
    assert _score_lines_inside_their_panels(end_picture(end).svg) == 2
    board = DragonKeeperController(2, 48, seats=["human"] * 2)
    board.state = end
    assert _score_lines_inside_their_panels(board.picture().svg) == 2


def test_a_level_ended_among_the_computers_moves_is_told_at_the_persons_next_turn() -> None:
    """A level that ended during the computers' moves (shown one at a time) was said only while
    its move was the last: at the person's next turn the status no longer told of it."""
    told = 0
    for seed in range(12):
        c = DragonKeeperController(3, seed=seed, seats=["human", "greedy", "greedy"])
        rng = seeded_rng(seed, "level-told")
        results = 0
        while not c.state.is_over():
            c.run_computers()
            if c.state.is_over():
                break
            words = c.status_line()
            ended = len(c.state.results) > results
            assert (f"第{len(c.state.results)}階層が終わりました" in words) == ended, words
            if ended:
                told += 1
                assert "返しました。" in words and "プレイヤー1" in words
                # the bar the site keeps at the top of the screen says only what to do now
                assert c.bar_line().startswith("プレイヤー1の番です。") and "階層が終わりました" not in c.bar_line()
            results = len(c.state.results)
            c.play(rng.choice(c.state.legal_moves()))
    assert told >= 5


def test_a_level_s_end_is_news_from_the_move_that_ended_it_to_the_persons_next_move() -> None:
    """A tester on a phone, down at the own panel, never saw a level end: the bar at the top of
    the screen gives only what to do now.  The site shows the board's news at the foot of the
    screen: a level that ended by the person's move or by the computers' since, with what was
    paid, until the person's next move; none under a refusal or an undo."""
    told = quiet = refused = 0
    for seed in range(8):
        c = DragonKeeperController(3, seed=seed, seats=["human", "greedy", "greedy"])
        rng = seeded_rng(seed, "level-news")
        results = 0  # (levels ended before the person's last move)
        while not c.state.is_over():
            c.run_computers()
            if c.state.is_over():
                break
            news = c.news()
            ended = range(results + 1, len(c.state.results) + 1)
            if ended:
                told += 1
                assert news.startswith(f"第{ended[0]}階層が終わりました") and news.count("階層が終わりました") == len(ended)
                assert "返しました。" in news and news in c.status_line()
                # (not under a refusal: a pick the rules do not allow)
                legal = c.state.legal_moves()
                wrong = next((Move(legal[0].kind, (r, k)) for r in range(4) for k in range(4)
                              if Move(legal[0].kind, (r, k)) not in legal), None)
                if legal[0].kind in ("take", "give") and wrong is not None:
                    assert not c.play(wrong) and c.error is not None and c.news() == ""
                    refused += 1
            else:
                quiet += 1
                assert news == "", news
            results = len(c.state.results)
            assert c.play(rng.choice(c.state.legal_moves()))
    assert told >= 5 and quiet >= 20 and refused >= 3
    # an undo takes the news away with what it took back
    c = DragonKeeperController(3, seed=1, seats=["human", "greedy", "greedy"])
    while not c.news():
        c.run_computers()
        c.play(GreedyPlayer(0).choose(c.state))
    assert c.undo() and c.news() == ""


def test_a_give_that_ends_the_level_is_warned_of_with_what_it_costs() -> None:
    """A newcomer's give emptied the next row, ended the level and put them out of the game (2
    treasure for 3 owed), with no word beforehand. At the give step the status now names the
    gives that end the level and what the person then pays, or that they leave the game; the
    other gives go on."""
    from gamelib.players import GreedyPlayer
    from widgets.dragonkeeper import cell_words

    warned = out = 0
    # (a take that leaves the column empty ends the level as well: a tester paid with no word)
    verbs, kinds = {"take": "取る", "give": "渡す", "trap": "取る", "passage": "取る"}, set()
    for seed in range(12):
        c = DragonKeeperController(3, seed=seed, seats=["human", "greedy", "greedy"])
        me = GreedyPlayer(seed)
        while not c.state.is_over():
            state, status = c.state, c.status_line()
            if c.human_to_move():
                for move in state.legal_moves():
                    if move.kind not in verbs:
                        continue
                    after = state.play(move)
                    ends = len(after.results) > len(state.results)
                    named = re.search(rf"注意: [^。]*{cell_words(move.cell)}[^。]*を{verbs[move.kind]}と", status) is not None
                    assert named == ends, (status, move)
                    kinds.add(move.kind) if ends else None
                    if ends:
                        result = after.results[-1]
                        if 0 in result["eliminated"]:
                            out += 1
                            assert "プレイヤー1はゲームから除外されます" in status
                            assert f"払う財宝{result['owed'][0]}個に対して持っているのは{state.treasure[0]}個" in status
                        else:
                            warned += 1
                            assert f"プレイヤー1は財宝を{result['owed'][0]}個払います" in status
            assert c.play(me.choose(c.state))
    assert warned >= 5 and out >= 1 and {"take", "give"} <= kinds, kinds


def test_the_person_is_told_what_the_others_gave_them_since_their_last_move() -> None:
    """On a phone the move log lies far below the grid: to learn which tile a computer handed
    them a newcomer had to scroll. At the person's turn the status says it first, with each
    prisoner of theirs exchanged; the tiles named are those that came into their stacks."""
    from widgets.dragonkeeper import tile_words

    told = 0
    for seed in range(6):
        c = DragonKeeperController(3, seed=seed, seats=["human", "greedy", "greedy"])
        me = GreedyPlayer(seed)
        last = None
        while not c.state.is_over():
            state = c.state
            if c.human_to_move() and state.phase == "take" and last is not None:
                gifts = re.findall(r"プレイヤー(\d)は(?:[^。]*?、)?([^、。]+?)をプレイヤー1に渡し", c.status_line())
                tops = {tile_words(stack[-1]) for stack in state.stacks[0] if stack}
                before = {tile_words(stack[-1]) for stack in last.stacks[0] if stack}
                for giver, tile in gifts:
                    assert giver in ("2", "3") and tile in tops, (c.status_line(), tops)
                told += len(gifts)
                if not gifts and "取り替え" not in c.status_line():
                    assert tops == before, c.status_line()  # (a new level too: its first giver gave first)
            move = me.choose(state)
            if c.human_to_move():  # (the position the person's move leaves, before the others move)
                last = state.play(move)
            assert c.play(move)
    assert told >= 10


def test_crosses_leave_the_numbers_they_mark_legible() -> None:
    """A refused tile's red cross lay over its value, in the middle of the tile; a released
    tile's cross ran over its strip's value and mark. A cross now keeps to the top-left corner
    of a refused tile, and to the middle of a strip, between its value and its mark."""
    red = r'<line x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)" stroke="#d62828"'
    start = DragonKeeperState.new(3, seed=1)
    picture = level_picture(start, wrong=[(0, 0)]).svg
    fx, fy, fw = (float(v) for v in re.search(
        r'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="[\d.]+"[^>]*stroke="#d62828"', picture).groups())
    lines = [tuple(float(v) for v in m) for m in re.findall(red, picture)]
    assert len(lines) == 2
    for x1, y1, x2, y2 in lines:  # (the value is centred in the tile)
        assert max(x1, x2) < fx + fw * 0.35 and max(y1, y2) < fy + fw * 0.35, (x1, y1, x2, y2)
    crossed = stacks_picture("R:1s,3,5 B:4,1", guild="B", released=["B4"]).svg
    lines = [tuple(float(v) for v in m) for m in re.findall(red, crossed)]
    value = next((float(x), float(y)) for x, y in re.findall(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*>4</text>', crossed)
                 if any(min(a[1], a[3]) <= float(y) <= max(a[1], a[3]) for a in lines))
    assert len(lines) == 2 and all(min(x1, x2) >= value[0] + 10 for x1, _, x2, _ in lines), (value, lines)


def test_with_the_levels_below_face_down_the_board_draws_their_backs_only() -> None:
    """Ruling 22's other reading (the settings' 「これからの階層: 伏せたまま」): the small
    pictures of the levels still to come show plain backs, not a tile's colour or value, until
    their level comes into play; by default they show every tile."""
    tile_fills = ("#d84335", "#2f6fd0", "#f2c81e", "#3c9a4c", "#7b4fb8")
    hidden = DragonKeeperController(3, seed=5, options={"lower_levels": "hidden"}, seats=["human", "greedy", "greedy"])
    shown = DragonKeeperController(3, seed=5, options={}, seats=["human", "greedy", "greedy"])
    assert "lower_levels" in {o.key for o in DragonKeeperController.option_controls}
    backs, faces = hidden.picture().svg, shown.picture().svg
    assert backs.count('fill="#8a7d66"') == 50 and faces.count('fill="#8a7d66"') == 0
    # the level in play is drawn alike; below it, 50 tiles fewer in their colours
    assert sum(faces.count(f'fill="{c}"') for c in tile_fills) - sum(backs.count(f'fill="{c}"') for c in tile_fills) == 50
    # the second level comes into play: only the third is face down
    state = hidden.state
    rng = seeded_rng(5, "face-down")
    while state.level == 1:
        state = state.play(rng.choice(state.legal_moves()))
    hidden.state = state
    hidden.layout = hidden.make_layout()
    assert hidden.picture().svg.count('fill="#8a7d66"') == 25


def test_a_game_over_before_the_third_level_shows_no_level_to_come() -> None:
    """Everybody but one eliminated on the second level ends the game there: 「これからの階層」
    shows none (it showed the third level still)."""
    for seed in range(400):
        state = DragonKeeperState.new(3, {}, seed)
        rng = seeded_rng(seed, "early-end")
        while not state.is_over():
            state = state.play(rng.choice(state.legal_moves()))
        if state.level < 3:
            break
    else:
        raise AssertionError("no random game ended before the third level: this test is about one")
    c = DragonKeeperController(3, seed=state.seed, options={}, seats=["human"] * 3)
    c.state = state
    c.layout = c.make_layout()
    svg = c.picture().svg
    assert "(なし)" in svg and "第3階層</text>" not in svg


def test_choosing_releases_the_status_says_which_stack_went_to_the_dragon() -> None:
    """With the releases the player's own choice, the panel shows the stack given to the dragon
    as 「0枚」: the status line says it was the tribute (a newcomer took it for a stack never held)."""
    for seed in range(60):
        state = DragonKeeperState.new(2, {"releases": "player"}, seed)
        rng = seeded_rng(seed, "release-words")
        while not state.is_over() and state.phase != "release":
            state = state.play(rng.choice(state.legal_moves()))
        if state.phase == "release" and state.tributes[state.turn] is not None:
            break
    else:
        raise AssertionError("no game reached a player's own releases after a tribute")
    c = DragonKeeperController(2, seed=state.seed, options={"releases": "player"}, seats=["human", "human"])
    c.state, c.layout = state, c.make_layout()
    p, given = state.turn, state.tributes[state.turn]
    count = len(parse_stacks(state.end_stacks[p])[COLOURS.index(given)])
    assert len(state.stacks[p][COLOURS.index(given)]) == 0 < count
    words = f"プレイヤー{p + 1}は貢物として{NAME_JA[given]}の山札({count}枚)をドラゴンに捧げました。"
    assert c.prompt().startswith(words) and "の解放: " in c.prompt()


def test_undo_names_the_move_it_took_back_without_what_it_set_off() -> None:
    """The undo note quoted a move that ended a level with all that followed (「赤の3を取る。
    第1階層が終わった(残り6枚): 全員が財宝を…」); it names the move alone."""
    board = DragonKeeperBoard(2, 4, seats=["human", "human"], computer_delay=0)
    c = board.controller
    while True:
        move = c.state.legal_moves()[0]
        words = c.describe_move(c.state, move)
        level = c.state.level
        board.click_move(move)
        if "。" in words and c.history[-1].by_person:
            break
        assert not c.state.is_over() and c.state.level <= level + 1
    board.undo_button.click()
    said = f"「{words.split('。')[0]}」を取り消しました。"
    assert said in board.status.value and words.split("。")[1] not in board.status.value


def test_a_small_level_marks_every_tile_with_an_action_by_a_white_corner() -> None:
    """The small levels have no room for an action's letter (通, 囚, 罠, 解), yet the levels to come
    are open to all: each tile with an action gets a white corner, and no other tile does."""
    from gamelib.dragonkeeper.game import cell_index
    from gamelib.dragonkeeper.tiles import SPECIAL

    start = DragonKeeperState.new(3, seed=1)
    svg = levels_picture(start).svg
    corners = re.findall(r'<polygon points="[^"]*" fill="#ffffff"', svg)
    actions = [code for board in start.boards for code in board if code is not None and SPECIAL[code] not in ("", "s")]
    assert len(actions) == 16  # four actions in each of the four colours
    assert len(corners) == len(actions)


def test_a_click_on_a_players_stacks_while_a_tile_is_to_be_taken_says_what_to_click() -> None:
    """A click on an empty spot of a player's panel at step 1 or 2 got gamelib's refusal of an
    exchange (ending with the dragon's row or column), which did not fit where the player had
    clicked; a click on a tile still gets it (it says when an exchange can be made)."""
    c = DragonKeeperController(3, seed=2, seats=["human", "greedy", "greedy"])
    assert c.state.phase == "take" and c.human_to_move()
    from widgets.dragonkeeper import PANEL_H

    px, py = c.layout.panel_xy(1)
    cx = c.layout.column_x(1, 2)
    state = c.state
    assert not any(state.stacks[1]) and c.layout.hit(cx + 5, py + PANEL_H - 30, state.stacks) == ("stack", 1, 2, None)
    assert not c.click(cx + 5, py + PANEL_H - 30) and c.state == state
    assert c.error == "今はプレイヤーの山札ではなく、ダンジョンのタイル(緑の枠)をクリックする番です。"
    assert "手順1" in c.then_line()


def test_a_player_who_ends_a_level_and_starts_the_next_begins_a_new_turn_in_the_log() -> None:
    """The log joined 「赤の4を取る。第2階層が終わった…」 and the next level's first moves by the same
    player in one line, as if one turn: the new level starts a new line."""
    from gamelib.players import GreedyPlayer

    c = DragonKeeperController(2, seed=1, seats=["human", "human"])
    bots = [GreedyPlayer(1), GreedyPlayer(2)]
    while c.state.level == 1 or c.history[-1].before.level == c.state.level:
        c.play(bots[c.state.current_player].choose(c.state))
    ender = c.history[-1].player
    c.play(bots[c.state.current_player].choose(c.state))  # the next level's first move
    assert c.history[-1].player == ender  # (seed 1: the player who ended the level starts the next)
    newest, before = c.log_lines()[0][1], c.log_lines()[1][1]
    assert "階層が終わった" not in newest and "階層が終わった" in before, (newest, before)
    assert c.last_turns()[ender] == [c.history[-1]]


def test_what_happened_since_the_persons_move_is_told_in_the_order_it_happened() -> None:
    """A tester read 「第2階層が終わりました…次の階層はプレイヤー3からです。プレイヤー2から黄の2を
    受け取りました。」: the gift, made before the level ended, read as made in the next one.
    Each gift is told before the level's end if it was made in that level, after it if in the
    next."""
    before_end = after_end = 0
    for seed in range(16):
        c = DragonKeeperController(3, seed=seed, seats=["human", "greedy", "greedy"])
        me = GreedyPlayer(seed)
        while not c.state.is_over():
            since = c.since_own_move()
            words = c.status_line()
            ended = re.search(r"第(\d)階層が終わりました", words)
            if since is not None and ended:
                gifts = [step.before.level for step in since[1]
                         if step.move.kind == "give" and step.before.previous_player() == 0]
                told = [g.start() for g in re.finditer(r"[^、。]+をプレイヤー1に渡し", words)]
                assert len(told) == len(gifts), words
                for level, at in zip(gifts, told):
                    if level == int(ended.group(1)):
                        before_end += 1
                        assert at < ended.start(), words
                    else:
                        after_end += 1
                        assert at > ended.start(), words
            assert c.play(me.choose(c.state))
    assert before_end >= 1 and after_end >= 1


def test_an_action_with_nothing_to_act_on_is_said_to_be_unusable() -> None:
    """A tester took a prisoner exchange while nobody had a stack: gamelib passes the action
    over (ruling 14), and the board asked straight for step 2 with no word of it.  Right after
    such a take the status says why; a take whose action is offered asks whether to use it."""
    from gamelib.dragonkeeper.game import cell_index
    from gamelib.dragonkeeper.tiles import SPECIAL

    said = asked = 0
    for seed in range(12):
        c = DragonKeeperController(3, seed=seed, seats=["human", "greedy", "greedy"])
        me = GreedyPlayer(seed)
        while not c.state.is_over():
            state = c.state
            if c.human_to_move() and state.phase == "take":
                for move in state.legal_moves():
                    tile = state.board[cell_index(move.cell)]
                    if SPECIAL.get(tile or "") != "x":
                        continue
                    trial = DragonKeeperController(3, seed=seed, seats=["human", "greedy", "greedy"])
                    trial.state, trial.history = state, list(c.history)
                    assert trial.play(move)
                    if trial.state.phase == "give":
                        said += 1
                        assert trial.status_line().startswith(
                            "囚人の交換は、交換できるほかのプレイヤーの山札がないので使えません。プレイヤー1の番です。手順2"), \
                            trial.status_line()
                    else:
                        asked += 1
                        assert "使えません" not in trial.status_line()
            assert c.play(me.choose(c.state))
    assert said >= 1 and asked >= 1


@pytest.mark.parametrize("width", [382, 336, 320])
def test_on_a_phone_the_level_fills_the_width_and_the_panels_rise_once_no_level_is_to_come(width: int) -> None:
    """A phone showed a 324 px picture in a 382 px box, and 200 px of blank under 「これからの
    階層 (なし)」 through the third level and at the end.  The level's cells grow with the width
    given (52 px at the least, where the picture may be wider than a very small screen), and
    once no level is to come (the computers' moves bring it, too) the panels stand where the
    small levels were."""
    from widgets.dragonkeeper import MINI, SIZE

    board = DragonKeeperBoard(3, 2, seats=["human", "greedy", "greedy"], computer_delay=0)
    c = board.controller
    board.fit_width(width)
    assert c.narrow
    assert width - 20 <= c.layout.width <= width or (c.layout.grid.cell == 52 and c.layout.width <= 324)
    assert (board.canvas.width, board.canvas.height) == (2 * c.layout.width, 2 * c.layout.height)
    first_panel = c.layout.panel_xy(0)[1]
    assert first_panel >= c.layout.upcoming_y + SIZE * MINI
    while c.state.level < 3:
        board.click_move(c.state.legal_moves()[-1])
    assert c.layout.panel_xy(0)[1] <= first_panel - SIZE * MINI and c.layout.panel_xy(0)[1] > c.layout.upcoming_y
    assert (board.canvas.width, board.canvas.height) == (2 * c.layout.width, 2 * c.layout.height)


def test_a_level_picture_s_description_names_the_level_once() -> None:
    """A screen reader read 「第1階層(第1階層、残り25枚)」: without a title the level's name
    heads the description once; with a title, the level is said in the brackets."""
    from widgets.dragonkeeper import level_picture

    state = DragonKeeperState.new(3, seed=1)
    assert level_picture(state).alt.splitlines()[0] == "第1階層(残り25枚)。"
    assert level_picture(state, title="準備の例").alt.splitlines()[0] == "準備の例(第1階層、残り25枚)。"


def test_a_stack_to_give_the_dragon_has_one_frame() -> None:
    """At the tribute each tile of a stack to give had a frame of its own, crossing the letters
    of the thin tiles on a phone: one frame goes round each stack that may be given."""
    from gamelib.players import GreedyPlayer
    from widgets.dragonkeeper import LEGAL

    for seed in range(10):
        c = DragonKeeperController(2, seed=seed, seats=["human", "greedy"])
        me = GreedyPlayer(seed)
        while not c.state.is_over() and not (c.human_to_move() and c.state.phase == "tribute"):
            c.play(me.choose(c.state)) if c.human_to_move() else c.run_computers()
        if c.state.is_over():
            continue
        options = [m for m in c.state.legal_moves() if m.kind == "tribute"]
        sizes = [len(c.state.stacks[0][COLOURS.index(m.colour)]) for m in options]
        if max(sizes) < 2:
            continue
        for width in (1366, 390):
            c.fit_width(width)
            frames = c.picture().svg.count(f'stroke="{LEGAL}" stroke-width="3"')
            assert frames == len(options), (frames, options, sizes)
        return
    pytest.fail("no tribute of a stack of two tiles or more")


def test_a_score_line_that_starts_with_the_guild_colour_has_no_space_after_its_minus() -> None:
    """「−青5 + 黄3 = −2点」: a tester read 「− 青11+…」 when the first colour scored was the guild's
    (red, the first colour, never is a guild); a plus sign at the head is dropped, as before."""
    from gamelib.dragonkeeper.tiles import parse_stacks
    from widgets.dragonkeeper import EndOfPlayer, score_words

    def end(text: str, guild: str) -> EndOfPlayer:
        stacks = parse_stacks(text)
        return EndOfPlayer(guild, 0, stacks, None, False, (), stacks, 0)

    assert score_words(end("B:4,1 Y:3", "B")) == "−青5 + 黄3 = −2点"
    assert score_words(end("R:2 B:4", "B")) == "赤2 − 青4 = −2点"


def test_a_legal_target_on_a_green_tile_is_set_apart_by_a_white_line() -> None:
    """The green frame of a target lay against a green tile's edge and all but vanished (a
    tester): a white line runs inside every target's frame."""
    c = DragonKeeperController(4, seed=12345, seats=["human"] * 4)
    svg, grid = c.picture().svg, c.layout.grid
    targets = [m.cell for m in c.state.legal_moves() if m.kind == "take"]
    green = [cell for cell in targets if (c.state.board[cell[0] * 5 + cell[1]] or "").startswith("G")]
    assert green, "no green tile among the targets of this position"
    white = [tuple(float(v) for v in m) for m in re.findall(
        r'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"[^>]*stroke="#ffffff"', svg)]
    for cell in targets:  # a white outline within the cell, inside its frame (3 px wide at its edge)
        x, y = grid.xy(cell)
        assert any(x + 2 < wx and y + 2 < wy and wx + ww < x + grid.cell - 2 and wy + wh < y + grid.cell - 2
                   and ww > grid.cell / 2 for wx, wy, ww, wh in white), cell


def test_a_click_on_nothing_leaves_a_refusal_and_its_red_frame_as_they_were() -> None:
    """A click beside the dungeon after a refused one took the refused tile's red frame away and
    left its reason in the status, which then pointed at nothing: a click on nothing changes
    neither."""
    from widgets.dragonkeeper import WRONG

    c = DragonKeeperController(2, seed=3, seats=["human", "human"])
    state = c.state
    legal = {m.cell for m in state.legal_moves() if m.kind == "take"}
    cell = next((r, col) for r in range(5) for col in range(5) if (r, col) not in legal)
    points = [(px, py) for px in range(0, c.layout.width, 4) for py in range(0, c.layout.height, 4)
              if c.layout.hit(px, py, state.stacks) == ("cell", cell)]
    assert not c.click(*points[len(points) // 2])
    refused, frame = c.error, c.error_cell
    assert refused and frame == cell

    def red_frames() -> int:
        return len(re.findall(rf'<rect [^>]*fill="none" stroke="{WRONG}" stroke-width="3"', c.picture().svg))

    assert red_frames() == 1
    empty = next((px, py) for px in range(0, c.layout.width, 3) for py in range(0, c.layout.height, 3)
                 if c.layout.hit(px, py, state.stacks) is None)
    assert not c.click(*empty) and c.state == state
    assert (c.error, c.error_cell) == (refused, frame)
    assert red_frames() == 1


def test_each_other_players_turn_since_the_persons_move_is_told_in_a_sentence() -> None:
    """A tester could not tell what each computer had done: the status told only the tiles given
    to the person, and a computer's mark shows where it took a tile, not which (on a phone the
    log lies far below).  Each other player's turn since the person's last move is now one
    sentence, in order, naming every tile taken and given: 「プレイヤー2は赤の3を取り、青の4を
    プレイヤー1に渡しました。」"""
    from widgets.dragonkeeper import _move_words

    checked = 0
    for seed in range(4):
        c = DragonKeeperController(4, seed=seed, seats=["human", "greedy", "hiding", "random"])
        me = GreedyPlayer(seed)
        while not c.state.is_over():
            since = c.since_own_move()
            if since is not None and since[1] and c.state.phase == "take":
                words, at = c.status_line(), 0
                for step in since[1]:
                    phrase = _move_words(step.before, step.move, c.player_names).split("(財宝")[0]
                    for verb in ("取り替える", "取る", "渡す", "使わない", "にする", "捨てる"):
                        phrase = phrase.removesuffix(verb)
                    found = words.find(phrase, at)
                    assert found >= at, (phrase, words)  # (told, and after what came before it)
                    at = found
                    checked += 1
                players = [step.player for step in since[1]]
                told = re.findall(r"(プレイヤー\d)は", words)
                assert [f"プレイヤー{p + 1}" for p in dict.fromkeys(players)] == \
                    [name for name in dict.fromkeys(told) if name != "プレイヤー1"], words
            assert c.play(me.choose(c.state))
    assert checked >= 100


def test_the_hand_over_is_told_in_full_once_a_turn() -> None:
    """With two people at one screen, the whole hand-over (「画面を…に渡し、…見なくても手は打てま
    す…」) stood under every step of a turn and the status ran to four lines.  It is told in full
    at the turn's first step; a later step of the same turn only says how to look."""
    board = DragonKeeperBoard(3, 5, seats=["human", "human", "greedy"], computer_delay=0)
    c = board.controller
    while not c.human_to_move():
        board.click_move(c.state.legal_moves()[0])
    p = c.state.current_player
    name = c.player_names[p]
    assert c.curtain_down() and f"画面を{name}に渡し" in c.status_line()
    board.click_move(c.state.legal_moves()[0])  # step 1, without looking
    assert c.state.current_player == p and c.curtain_down()
    assert f"画面を{name}に渡し" not in c.status_line()
    assert c.status_line().endswith(f"({name}のギルドは「ギルドを見る」で見えます。)")


def test_with_two_people_each_is_told_the_level_that_ended_since_their_own_move() -> None:
    """Two people and a computer at one screen: a level ended after one person's move and before
    the other's, and only the first was told of it (the second read the turns, not the level's end
    and the treasure paid).  Each person is told every level ended since their own last move."""
    told = 0
    for seed in range(8):
        c = DragonKeeperController(3, seed=seed, seats=["human", "human", "greedy"])
        me = GreedyPlayer(seed)
        while not c.state.is_over():
            since = c.since_own_move()
            if since is not None and c.state.phase == "take":
                ended = [r for step in since[1] for r in
                         (c.history[c.history.index(step) + 1].before if c.history.index(step) + 1 < len(c.history)
                          else c.state).results[len(step.before.results):]]
                for result in ended:
                    assert f"第{result['level']}階層が終わりました" in c.status_line(), c.status_line()
                    told += 1
            c.reveal()
            assert c.play(me.choose(c.state))
    assert told >= 5
