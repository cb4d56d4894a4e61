"""The four domino boards without a browser: whole games by clicks, refusals, options."""

from __future__ import annotations

import re
from typing import Any

import pytest

from gamelib import get_game, seeded_rng
from gamelib.players import RandomPlayer
from gamelib.dominoes import Pass, Place
from widgets.dominoes import DominoBoard

#: A number's patch: white on the usual squares, see-through on small ones.
PATCHES = r'(?:#ffffff|rgba\(255,255,255,0\.55\))'


@pytest.mark.parametrize(("game", "players"), [("dominomega", 3), ("dominomega", 2), ("dominimum", 4),
                                               ("dominup", 2), ("tree", 3)])
def test_a_whole_game_through_clicks(game: str, players: int) -> None:
    board = DominoBoard(game, players, seed=6)
    expected = get_game(game).new(players, {}, 6)
    rng = seeded_rng(6, game)
    while not expected.is_over():
        move = rng.choice(expected.legal_moves())
        board.click_move(move)
        expected = expected.play(move)
        assert board.controller.state == expected, str(move)
    assert "ゲーム終了" in board.status.value


def test_an_illegal_domino_click_shows_the_reason() -> None:
    board = DominoBoard("dominomega", 3, seed=2)
    board.click_move(board.controller.state.legal_moves()[0])
    state = board.controller.state
    x, y = board.controller.layout.xy((state.table.to_text().count("\n") + 4, 0))
    # behind the curtain: no frame tells where the hidden tile may go, and a click says why
    # nothing happens
    assert board.controller.curtain_down() and board.controller.targets() == []
    target = board.controller.state.legal_moves()[0].first
    tx, ty = board.controller.layout.xy(board.controller._screen(target)) if hasattr(
        board.controller, "_screen") else board.controller.layout.xy(target)
    board._on_mouse_down(tx + 5, ty + 5)
    assert board.controller.state == state and "手元はまだ伏せてあります。" in board.status.value
    assert board.controller.error == "手元はまだ伏せてあります。" + board.controller.curtain_words()
    # (the hand-over's words are said once: what to do now, under the reason, was the same sentence)
    assert board.status.value.count(board.controller.curtain_words()) == 1 and board.controller.then_line() == ""
    board.reveal_button.click()  # the next person takes the screen
    board._on_mouse_down(x + 5, y + 5)  # far from every tile
    assert board.controller.state == state and "接する" in board.status.value


def test_dominup_must_climb_is_explained() -> None:
    board = DominoBoard("dominup", 2, seed=3)
    c = board.controller
    rng = seeded_rng(3, "climb")
    while not c.state.is_over() and c.state.phase != "climb":
        board.click_move(rng.choice(c.state.legal_moves()))
    assert c.state.phase == "climb"
    tile = c.state.climbs()[0].tile
    expansion = next(m for m in c.state.stacks.table().placements(tile))
    board.click_move(expansion)
    assert "重ね置きが先です" in board.status.value


def test_the_tree_pass_button_and_targets() -> None:
    board = DominoBoard("tree", 1, seed=2)
    c = board.controller
    assert c.targets() == [] or c.chosen_tile() is not None
    tile = c.hand()[0]
    hx, hy = c.hand_slot_xy(0)
    board._on_mouse_down(hx + 5, hy + 5)
    assert c.chosen_tile() == tile
    legal_lefts = sorted(min(m.first, m.second) for m in c.state.legal_moves()
                         if isinstance(m, Place) and m.tile == tile)
    smaller_left = c.targets()
    board.rotate_button.click()  # now the larger number goes on the left
    assert sorted(set(smaller_left + c.targets())) == sorted(set(legal_lefts))
    assert c.state.legal_moves() != [Pass()]
    before = c.state
    board.pass_button.click()
    assert c.state == before and "パスはできません" in board.status.value


def test_the_tree_takes_a_tap_anywhere_in_a_green_frame() -> None:
    """A green frame covers both squares of a placement: a tap on either half places the tile
    there (the status line asks for a tap on the green frame, so the right square counts too)."""
    for half in (0, 1):  # the frame's left square, then its right one
        board = DominoBoard("tree", 2, seed=5, seats=["human", "greedy"])
        c = board.controller
        frame = None
        for slot in range(len(c.hand())):
            hx, hy = c.hand_slot_xy(slot)
            board._on_mouse_down(hx + 5, hy + 5)
            for _ in range(2):
                targets = set(c.targets())
                lone = [t for t in sorted(targets) if (t[0], t[1] + 1) not in targets]
                if lone:
                    frame = lone[0]
                    break
                board.rotate_button.click()
            if frame is not None:
                break
        assert frame is not None, "no tile of the hand has a place"
        tile = c.chosen_tile()
        left, right = (tile[0], tile[1]) if c.direction % 2 == 0 else (tile[1], tile[0])
        expected = Place.make(left, right, frame, (frame[0], frame[1] + 1))
        before = c.state
        assert expected in before.legal_moves()
        sx, sy = c.layout.xy(c._screen((frame[0], frame[1] + half)))
        board._on_mouse_down(sx + c.layout.cell / 2, sy + c.layout.cell / 2)
        assert c.state.moves[:len(before.moves) + 1] == before.play(expected).moves, board.status.value


def test_dominomega_tie_rule_is_a_list_in_the_notebook_board_and_a_new_game_takes_it() -> None:
    """「同点のとき」 is a choice of two: a list, not a check box (ticked, the box had asked gamelib
    for ``True`` and 「新しいゲーム」 failed); a board opened with the rule shows it and keeps it."""
    import ipywidgets as w

    board = DominoBoard("dominomega", 3, seed=1)
    box = board.choice_boxes["ties"]
    assert isinstance(box, w.Dropdown) and box.value == "shared" and "ties" not in board.flag_boxes
    assert [label for label, _ in box.options] == ["勝ちを分け合う", "手番が最後の人の勝ち"]
    box.value = "last"
    board.new_button.click()
    assert board.controller.state.options.ties == "last" and board.controller.error is None
    again = DominoBoard("dominomega", 3, seed=1, options={"ties": "last"})
    assert again.choice_boxes["ties"].value == "last"
    again.new_button.click()
    assert again.controller.state.options.ties == "last"
    again.choice_boxes["ties"].value = "shared"
    again.new_button.click()
    assert again.controller.state.options.ties == "shared" and again.controller.state.options_dict() == {}


def test_dominup_misere_option_and_dominimum_mission_shown_to_its_owner() -> None:
    board = DominoBoard("dominup", 3, seed=1)
    board.flag_boxes["misere"].value = True
    board.new_button.click()
    assert board.controller.state.options.misere and not board.controller.state.options.play_on
    board.flag_boxes["play_on"].value = True
    board.new_button.click()
    assert board.controller.state.options.misere and board.controller.state.options.play_on
    tree = DominoBoard("tree", 2, seed=1)
    assert list(tree.flag_boxes) == ["play_on"]
    tree.flag_boxes["play_on"].value = True
    tree.new_button.click()
    assert tree.controller.state.options.play_on
    # alone there is no second place: the option is not offered for one player
    from widgets.dominoes import TreeController

    assert [o.key for o in TreeController.option_controls if o.players is None or 1 in o.players] == []
    assert all(o.players is None or 2 in o.players for o in TreeController.option_controls)
    mission = DominoBoard("dominimum", 2, seed=1)  # two people at one screen
    assert "自分のミッション" not in mission.picture().svg  # behind the curtain
    mission.reveal_button.click()
    assert "自分のミッション" in mission.picture().svg
    alone = DominoBoard("dominimum", 2, seed=1, seats=["human", "greedy"])
    assert "自分のミッション" in alone.picture().svg


def test_table_pictures_outline_real_tiles_and_carry_their_position() -> None:
    import re

    from gamelib import positions
    from gamelib.dominoes import Table
    from widgets.dominoes import group_shades, table_picture, tiles_picture

    table = Table.from_tiles([((2, 4), (0, 0), (0, 1)), ((1, 1), (1, 0), (2, 0)), ((5, 5), (1, 1), (2, 1))])
    picture = table_picture(table, coords=True, shade=group_shades(table.groups(lambda v: bool(v & 1))),
                            highlight=[(3, 0)], wrong=[(3, 1)], caption="例")
    kind, text = picture.position
    assert kind == "dominoes.table" and len(positions.check(kind, text)) == 3
    assert picture.svg.count('stroke="#222" stroke-width="1.6"') == 3  # one outline per tile
    labels = re.findall(r"<text[^>]*>([^<]*)</text>", picture.svg)
    assert {"1", "2", "3", "4", "例"} <= set(labels)  # rows 1-4 (the frames reach row 4), columns 1-2
    assert min(float(s) for s in re.findall(r'font-size="([\d.]+)"', picture.svg)) >= 10
    # grid notation alone: the picture finds a cutting into real tiles and outlines it
    assert table_picture("1 1 3\n. 4 3\n. 4 .").svg.count('stroke="#222" stroke-width="1.6"') == 3
    assert tiles_picture([(3, 6)]).position == ("dominoes.tiles", "3-6")
    # the set's 36 tiles, six to a row, are shrunk into a phone's column (358 px): their names stay
    # at 10 px there (a reader found them about 9 px, hard to read)
    every = tiles_picture([(a, b) for a in range(8) for b in range(a, 8)], per_row=6, size=27)
    width = float(re.search(r'width="([\d.]+)"', every.svg).group(1))
    names = [float(size) for size, name in re.findall(r'font-size="([\d.]+)"[^>]*>(\d-\d)<', every.svg)]
    assert len(names) == 36 and min(names) * min(1.0, 358 / width) >= 10, (min(names), width)


def test_domino_board_text_names_scores_in_words() -> None:
    """The board's text form (the picture's description) names each player's score and hand in
    words, without a space between a name and its figure (it read 「点の人 0点」, 「赤 9枚」)."""
    for game, players in (("dominomega", 3), ("dominimum", 2), ("dominup", 2), ("tree", 2)):
        text = DominoBoard(game, players, seed=1, seats=["human"] + ["greedy"] * (players - 1)).picture().alt
        assert "[" not in text
        if game == "dominup":
            assert re.search(r"\n手元の枚数: 赤は18枚、青は18枚\n", text), text
        elif game == "tree":
            assert re.search(r"\n手元の枚数: 赤は\d+枚、青は\d+枚、山は\d+枚\n", text), text
        elif game == "dominomega":
            assert "得点: 点の人は0点、小円の人は0点、大円の人は0点\n" in text, text
        else:  # (ドミニマム: the others' scores are hidden until the end)
            assert "得点: 赤は0点、青は?\n" in text, text


def test_dominimum_board_hides_the_other_players_scores_until_the_end() -> None:
    import re

    board = DominoBoard("dominimum", 3, seed=3, seats=["human", "greedy", "random"])
    c = board.controller
    state = c.state
    assert state.current_player == 0 and not state.is_over()
    for shown in (board.picture().svg, board.picture().alt, c.describe()):
        assert len(re.findall(r"(?:青|緑)(?::? |は)\?", shown)) == 2, shown
    own = str(state.scores()[0])
    assert f": {own}" in board.picture().svg
    # the others' missions never appear: only the person to move sees a mission
    for p in (1, 2):
        a, b = state.missions[p]
        assert f"{a}-{b}" not in c.describe()
    # a computer to move: nobody's score is shown
    c.seats = ["greedy", "human", "human"]
    assert [c.score_shown(p) for p in range(3)] == ["?", "?", "?"]
    from gamelib.players import GreedyPlayer, play_out

    c.state = play_out(state, [GreedyPlayer(i) for i in range(3)])
    # at the end every score is shown, with every mission face up (the rules turn them over)
    assert [c.score_shown(p) for p in range(3)] == [str(v) for v in c.state.scores()]
    words = c.describe()
    assert "?" not in words
    for p, (v, (a, b)) in enumerate(zip(c.state.scores(), c.state.missions)):
        assert f"{c.player_names[p]}は{v}点(ミッション{a}と{b})" in words, words  # (it read 「4(ミッション0と4)点」)
    # the score panel draws each mission as a tile, its two numbers written in its squares
    from widgets.surface import SvgSurface

    panel = SvgSurface(c.layout.width, c.layout.height, "")
    c.draw_scores(panel)
    svg = panel.svg()
    assert "得点とミッション" in svg
    for p, (a, b) in enumerate(c.state.missions):
        assert f"{c.player_names[p]}: {c.state.scores()[p]}点" in svg
    digits = re.findall(r">(\d)</text>", svg)
    assert sorted(digits) == sorted(str(n) for pair in c.state.missions for n in pair), digits


def test_the_direction_labels_and_the_supply_word() -> None:
    from widgets.surface import SvgSurface

    dominup = DominoBoard("dominup", 2, seed=3, seats=["human", "human"]).controller
    assert dominup.rotation_label() == "向き: 2つ目の数字は右"
    dominup.rotate()
    assert dominup.rotation_label() == "向き: 2つ目の数字は下"
    tree = DominoBoard("tree", 2, seed=5, seats=["human", "greedy"]).controller
    assert tree.rotation_label() == "向き: 小さい数が左"
    s = SvgSurface(900, 600, "ザ・ツリー")
    tree.draw(s)
    svg = s.svg()
    assert "山札" not in svg and "山: 17枚" in svg and "回転" not in svg
    # its heading in words, not with a half-width slash between spaces (「手元の枚数 / 山」)
    assert ">手元の枚数と山</text>" in svg and " / " not in svg


def test_picture_texts_read_as_the_book_writes_tiles() -> None:
    from gamelib.dominoes import Stacks, Tree
    from widgets.dominoes import stacks_picture, tree_picture

    stacks = Stacks.build(["7-7 0,0 0,1", "5-3 0,2 0,3", "2-4 1,-1 1,0"])
    climb = Place.make(7, 4, (0, 0), (1, 0))
    assert stacks_picture(stacks.climb(climb), highlight=climb).alt.endswith(
        "テーブルの上に7-7、5-3、2-4。1段目に7-4(縦向き、緑の枠)。")
    assert stacks_picture(stacks, highlight=climb).alt.endswith("緑の枠は7-4を置ける2マス。")
    # a caption is drawn under the key, where the reader sees it (side by side pictures)
    plain, captioned = stacks_picture(stacks), stacks_picture(stacks, caption="4-3を重ね置きした場合")
    assert ">4-3を重ね置きした場合</text>" in captioned.svg and "重ね置きした場合" not in plain.svg
    assert int(captioned.svg.split('height="')[1].split('"')[0]) > int(plain.svg.split('height="')[1].split('"')[0])
    tree = Tree.build(["6-2 1,-1 1,0", "1-5 1,1 1,2"])
    assert tree_picture(tree).alt.endswith("根元の段に0-0。1段目に6-2、1-5。")


def test_a_tree_picture_marks_its_root_as_the_place_a_phone_opens_at() -> None:
    """A tree wider than a phone opens scrolled to its root (the site reads the share of the width
    the picture marks): the root, not the picture's middle, for a tree that grew more on one side
    (a reviewer found a finished tree opened with its root against the right edge)."""
    from gamelib.dominoes import Tree
    from widgets.dominoes import tree_picture

    tree = Tree.build(["6-2 1,-1 1,0", "1-5 1,1 1,2", "3-7 2,-2 2,-1", "4-7 3,-3 3,-2"])
    svg = tree_picture(tree).svg
    width = float(re.search(r'<svg\b[^>]*?\swidth="([\d.]+)"', svg).group(1))
    share = float(re.search(r'<svg\b[^>]*?\sdata-rulebook-centre="([\d.]+)"', svg).group(1))
    # the tiles' outlines (two squares wide, one high): the root's is the lowest
    outlines = [(float(y), float(x), float(w)) for x, y, w, h in re.findall(
        r'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="none" stroke="#222"', svg)
        if float(w) == 2 * float(h)]
    assert len(outlines) == 5
    y, x, w = max(outlines)
    assert abs(share * width - (x + w / 2)) < 0.01 * width and share > 0.6  # (the middle would be 0.5)


def test_a_pictures_frame_leaves_the_number_of_the_square_above_whole() -> None:
    """The frame of a tile just laid (or refused) stood 1.5 px farther out than its own width and
    cut the foot of the number in the corner of the square above (a reviewer, on a phone): it
    stands flush outside the tile, below the foot of every number over it."""
    from gamelib.dominoes import Tree
    from widgets.dominoes import LEGAL, tree_picture

    tree = Tree.build(["6-2 1,-1 1,0", "3-7 2,-2 2,-1", "1-5 1,1 1,2"])
    svg = tree_picture(tree, highlight=Place.make(6, 2, (1, -1), (1, 0)), digits=True).svg
    (top,) = [float(y) for y in re.findall(rf'<rect x="[\d.]+" y="([\d.]+)"[^>]*stroke="{LEGAL}" stroke-width="3"', svg)]
    numbers = [(float(y), float(size)) for y, size in re.findall(
        r'<text x="[\d.]+" y="([\d.]+)" font-size="([\d.]+)" fill="#1d3557"[^>]*>\d</text>', svg)]
    above = [y + 0.36 * size for y, size in numbers if y < top]  # (a figure's foot: 0.36 em below its middle)
    assert len(above) == 2 and max(above) <= top - 1.5, (above, top)


def test_a_level_disc_stands_over_the_frames() -> None:
    """A refused tile's red frame, drawn after the tiles, cut the level disc of the tile beside
    it in two (a reviewer): the discs come last, over every frame."""
    from gamelib.dominoes import Stacks
    from widgets.dominoes import LEVEL_BADGE, WRONG, stacks_picture

    stacks = Stacks.build(["7-7 0,0 0,1", "5-3 0,2 0,3", "7-5 0,1 0,2", "2-6 1,2 1,3"])
    svg = stacks_picture(stacks, wrong=Place.make(5, 2, (0, 2), (1, 2))).svg
    frame = svg.index(f'stroke="{WRONG}" stroke-width="3"')
    discs = [m.start() for m in re.finditer(f'<circle [^>]*stroke="{LEVEL_BADGE}"', svg)]
    assert discs and min(discs) > frame
    low = Stacks.build(["7-7 0,0 0,1", "5-3 0,2 0,3", "2-4 1,-1 1,0"])
    climb = Place.make(7, 4, (0, 0), (1, 0))
    svg = stacks_picture(low.climb(climb), highlight=climb).svg
    frame = svg.index('stroke-width="3"')
    assert min(m.start() for m in re.finditer(f'<circle [^>]*stroke="{LEVEL_BADGE}"', svg)) > frame


def test_a_refused_tile_is_drawn_where_it_was_tried() -> None:
    """The book's ×-examples of Dominup and The Tree: the tile a rule refused stands in a red
    frame where it was tried, pale red on empty squares; on a covered square its number is in
    red in a corner the level disc leaves free. Dominup's pictures write every top number."""
    from gamelib.dominoes import Stacks, Tree
    from widgets.dominoes import TRIED_FILL, WRONG, stacks_picture, tree_picture

    def red_numbers(svg: str) -> dict[str, tuple[float, float]]:
        return {n: (float(x), float(y)) for x, y, n in re.findall(
            rf'<text x="([\d.]+)" y="([\d.]+)" font-size="[\d.]+" fill="{WRONG}"[^>]*>(\d)</text>', svg)}

    stacks = Stacks.build(["7-7 0,0 0,1", "5-3 0,2 0,3", "7-5 0,1 0,2", "2-6 1,2 1,3"])
    straddle = Place.make(5, 2, (0, 2), (1, 2))
    picture = stacks_picture(stacks, wrong=straddle)
    assert picture.alt.endswith("1段目に7-5。赤の枠は、5-2を置こうとして置けなかった2マス。")
    assert picture.svg.count(f'stroke="{WRONG}" stroke-width="3"') == 1
    red = red_numbers(picture.svg)
    size, left = 48, 8  # squares of 48 px from x = 8: column 2 is x 104-152, row 1 is y 56-104
    assert set(red) == {"5", "2"}
    assert red["5"][0] > left + 2.5 * size and red["5"][1] < left + 0.5 * size  # top right: the disc is top left
    assert red["2"][0] < left + 2.5 * size and left + size < red["2"][1] < left + 1.5 * size  # top left
    numbers = re.findall(r'fill="#1d3557"[^>]*>(\d)</text>', picture.svg)
    assert sorted(numbers) == ["2", "3", "5", "6", "7", "7"]  # each square's top number, the covered 7 and 5 too
    # on empty squares: the tried tile itself, pale red
    tree = tree_picture(Tree(), wrong=Place.make(3, 1, (1, 1), (1, 2)))
    assert tree.svg.count(f'fill="{TRIED_FILL}"') == 2 and red_numbers(tree.svg) == {}
    assert tree.alt.endswith("根元の段に0-0。赤の枠は、3-1を置こうとして置けなかった2マス。")
    assert "赤の枠" not in stacks_picture(stacks).alt and WRONG not in stacks_picture(stacks).svg
    # the first tile tried on an empty table: the table said empty, no key of heights
    first = stacks_picture(Stacks(), wrong=Place.make(0, 0, (0, 0), (0, 1)))
    assert first.alt.endswith("の図。テーブルにはまだタイルがありません。赤の枠は、0-0を置こうとして置けなかった2マス。")
    assert "高さ" not in first.svg and first.svg.count(f'fill="{TRIED_FILL}"') == 2


def test_a_table_picture_writes_its_numbers_where_the_boards_do_on_a_patch_clear_of_the_rings() -> None:
    from gamelib.dominoes import Table
    from widgets.dominoes import table_picture

    table = Table.from_tiles([((4, 4), (0, 0), (0, 1)), ((7, 6), (1, 0), (1, 1))])
    svg = table_picture(table, size=28, digits=True, notes={(1, 0): "2"}).svg
    patches = re.findall(rf'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="{PATCHES}"', svg)
    numbers = re.findall(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*fill="#1d3557"[^>]*>(\d)</text>', svg)
    assert sorted(n for *_, n in numbers) == ["4", "4", "6", "7"] and len(patches) == 4
    left, top = 6, 6  # (no coordinates: the squares start there)
    for (px, py, w, h), (x, y, _) in zip(patches, numbers):  # each number in the middle of its patch
        assert float(px) < float(x) < float(px) + float(w) and float(py) < float(y) < float(py) + float(h)
        # in its square's bottom-right corner, where the boards write it
        col, row = (float(x) - left) // 28, (float(y) - top) // 28
        assert float(x) - left - col * 28 > 14 and float(y) - top - row * 28 > 14
    assert min(float(f) for f in re.findall(r'font-size="([\d.]+)"', svg)) >= 10
    # a note (a group's size) in the top-left corner, clear of the number's patch
    (nx, ny), = re.findall(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*fill="#0b4f8a"[^>]*>2</text>', svg)
    assert float(nx) - left < 14 and 28 <= float(ny) - top < 28 + 14


@pytest.mark.parametrize("game", ["dominup", "dominomega", "tree"])
def test_the_status_says_when_a_tile_is_chosen(game: str) -> None:
    board = DominoBoard(game, 2, seed=4)
    c = board.controller
    if c.curtain_down():
        board.reveal_button.click()
    many = len(set(c.hand())) > 1
    if many:
        assert "手元のタイルをクリックして選んで" in board.status.value  # nothing chosen yet
        # (a tile that has a place: Dominup's first is the double 7)
        places = {m.tile for m in c.state.legal_moves() if isinstance(m, Place)}
        i = next(i for i, tile in enumerate(c.hand()) if tile in places)
        hx, hy = c.hand_slot_xy(i)
        board._on_mouse_down(hx + 5, hy + 5)
        assert c.chosen_tile() == c.hand()[i]
        assert "タイルを選びました" in board.status.value and "選んでください" not in board.status.value
        # the chosen tile lies on a green patch, told apart from the playable ones' thin frames
        assert board.picture().svg.count('fill="#9fd8ab"') == 1
        # its own squares tinted green, in the thick green frame
        assert 'fill="#d5f1dc"' in board.picture().svg and 'stroke="#8a8273" stroke-width="3"' not in board.picture().svg
    else:  # the only tile needs no choosing (ドミノメガ's hand is always one tile: the status goes on to the squares)
        said = "1つ目の数字を置くマス" if game == "dominomega" else "1枚だけ"
        assert said in board.status.value and "選んでください" not in board.status.value


def test_a_single_tile_in_hand_is_not_asked_for() -> None:
    board = DominoBoard("dominup", 3, seed=2)  # (ドミナップ's hand comes down to one tile at its end)
    c = board.controller
    found = False
    rng = seeded_rng(2, "single")
    while not c.state.is_over():
        if c.curtain_down():
            board.reveal_button.click()
        if len(c.hand()) == 1 and c.human_to_move():
            assert "手元のタイルは1枚だけなので" in board.status.value
            found = True
            break
        board.click_move(rng.choice(c.state.legal_moves()))
    assert found


@pytest.mark.parametrize("game", ["dominomega", "dominimum"])
def test_a_click_on_the_only_tile_in_hand_turns_it(game: str) -> None:
    """The one tile in hand wears a green frame: a click on it turns it, as 「回転」 does (and as
    キングドミノ's domino to place does); a tester clicked it and nothing happened."""
    board = DominoBoard(game, 2, seed=3, seats=["human", "greedy"])
    c = board.controller
    if c.curtain_down():
        board.reveal_button.click()
    assert c.human_to_move() and len(c.hand()) == 1
    hx, hy = c.hand_slot_xy(0)
    for turn in range(1, 5):
        before = c.rotation_label()
        board._on_mouse_down(hx + 5, hy + 5)
        assert c.direction == turn % 4 and c.chosen_tile() == c.hand()[0] and c.error is None
        assert c.rotation_label() != before  # (「向き: …」 beside the hand says the new way)
    board.rotate_button.click()
    assert c.direction == 1


@pytest.mark.parametrize(("game", "players"), [("dominomega", 3), ("dominup", 2), ("tree", 2)])
def test_the_boards_write_each_half_s_number_as_the_move_log_does(game: str, players: int) -> None:
    import re
    from collections import Counter

    board = DominoBoard(game, players, seed=5)
    rng = seeded_rng(5, "digits")
    for _ in range(6):
        board.click_move(rng.choice(board.controller.state.legal_moves()))
    state = board.controller.state
    if game == "dominup":
        shown = [state.stacks.top(cell)[1] for cell in state.stacks.cells]
    elif game == "tree":
        shown = list(state.cells.values())
    else:
        shown = list(state.table.values.values())
    from widgets.dominoes import DIGIT_LEAST

    assert board.controller.layout.cell >= DIGIT_LEAST  # (early in the game the squares are large)
    digits = Counter(int(d) for d in re.findall(r'font-weight="bold">(\d)</text>', board.picture().svg))
    assert shown and not Counter(shown) - digits  # every half on the table carries its number


@pytest.mark.parametrize(("game", "seed"), [("dominup", 1), ("tree", 2)])
def test_a_chosen_tile_without_a_green_frame_is_explained(game: str, seed: int) -> None:
    """A tile chosen from the hand that shows no green frame: the status says whether the rules
    give it no place now (choose another) or only the way 「回転」 has it turned (rotate)."""
    board = DominoBoard(game, 2, seed=seed)
    c = board.controller
    rng = seeded_rng(seed, "advice")
    seen = {"nowhere": 0, "turn": 0} | ({"climb first": 0} if game == "dominup" else {})
    while not c.state.is_over() and min(seen.values()) == 0:
        c.revealed = True  # (two people at the screen: the one to move has taken it)
        places = [m for m in c.state.legal_moves() if isinstance(m, Place)]
        for i, tile in enumerate(c.hand()):
            if tile in c.hand()[:i]:
                continue
            hx, hy = c.hand_slot_xy(i)
            board._on_mouse_down(hx + 5, hy + 5)
            assert c.chosen_tile() == tile
            for _ in range(4):
                status = board.status.value
                # named as the hand draws it: The Tree's hand turned by 「回転」 shows it the other way round
                a, b = tile[::-1] if game == "tree" and c.direction % 2 else tile
                if c.targets():
                    assert "置けません" not in status
                elif not any(m.tile == tile for m in places):
                    # ドミナップ: a tile that cannot climb while another can is told why (a tester
                    # was told only 「今はどこにも置けません」)
                    climb_first = game == "dominup" and c.state.phase == "climb"
                    said = (f"{a}-{b}は重ね置きできません。手元に重ね置きできるタイルがあるうちは拡張できない"
                            "(重ね置きが先)ので、今は置けません。" if climb_first else f"{a}-{b}は今はどこにも置けません。")
                    assert places and said in status, status
                    seen["climb first" if climb_first else "nowhere"] += 1
                    # the thin frames it points to are there: one on every tile that can go somewhere
                    thin = re.findall(r'<rect x="([\d.]+)" y="([\d.]+)" width="68" height="36"', c.picture().svg)
                    framed = {c.hand()[j] for j, _ in enumerate(c.hand())
                              if (f"{c.hand_slot_xy(j)[0] - 2:g}", f"{c.hand_slot_xy(j)[1] - 2:g}") in thin}
                    assert framed == {m.tile for m in places}
                    # the chosen tile on a grey patch, not the green of a tile that has a place
                    assert 'fill="#d3ccbd"' in c.picture().svg and 'fill="#9fd8ab"' not in c.picture().svg
                    # tinted grey in a thick grey frame: no green on it
                    assert 'fill="#e6e1d6"' in c.picture().svg and 'stroke="#8a8273" stroke-width="3"' in c.picture().svg
                    assert 'fill="#d5f1dc"' not in c.picture().svg
                else:
                    # (the way it is turned named: the same words after a press of 「回転」 had
                    # made the button look dead)
                    turned = c.rotation_label().removeprefix("向き: ")
                    assert f"{a}-{b}は今の向き({turned})では置けません" in status and "「回転」" in status
                    seen["turn"] += 1
                board.rotate_button.click()
        board.click_move(rng.choice(c.state.legal_moves()))
    assert min(seen.values()) > 0, seen


def test_the_tree_hand_shows_the_chosen_tile_as_a_click_would_place_it() -> None:
    """After 「回転」 the hand is drawn with its numbers swapped, so the number drawn on the left
    is the one a click on a green frame puts on the left, and the move log names the tile so."""
    board = DominoBoard("tree", 2, seed=4)
    c = board.controller
    rng = seeded_rng(4, "face")
    checked = 0
    while not c.state.is_over() and checked < 6:
        c.revealed = True
        for i, tile in enumerate(c.hand()):
            if tile[0] == tile[1]:
                continue
            hx, hy = c.hand_slot_xy(i)
            board._on_mouse_down(hx + 5, hy + 5)
            for _ in range(2):
                left = c.hand_face(tile)[0]
                assert all(c.hand_face(t)[0] == (t[0] if left == tile[0] else t[1]) for t in c.hand())  # the whole hand turns
                for r, x in c.targets():
                    before = c.state
                    assert c.play(Place.make(left, tile[0] + tile[1] - left, (r, x), (r, x + 1)))
                    assert c.history[-1].words.startswith(f"{left}-{tile[0] + tile[1] - left}を")
                    c.undo()
                    assert c.state == before
                    checked += 1
                board.rotate_button.click()
            break
        board.click_move(rng.choice(c.state.legal_moves()))
    assert checked >= 6


def test_a_click_on_the_chosen_tile_keeps_it_and_a_move_still_follows() -> None:
    board = DominoBoard("dominup", 2, seed=5)
    c = board.controller
    while len(set(c.hand())) < 2:
        board.click_move(c.state.legal_moves()[0])
    c.revealed = True  # (two people at the screen: the one to move has taken it)
    hx, hy = c.hand_slot_xy(0)
    board._on_mouse_down(hx + 5, hy + 5)
    assert c.chosen_tile() == c.hand()[0]
    direction = c.direction
    board._on_mouse_down(hx + 5, hy + 5)  # (it turns: test_a_second_click_on_the_chosen_tile_turns_it)
    assert c.chosen_tile() == c.hand()[0] and c.direction != direction
    # a move made as a person would, its tile already chosen (by a click, or by the hint)
    move = next(m for m in c.state.legal_moves() if isinstance(m, Place))
    hx, hy = c.hand_slot_xy(c.hand().index(move.tile))
    board._on_mouse_down(hx + 5, hy + 5)
    assert c.chosen_tile() == move.tile
    expected = c.state.play(move)
    board.click_move(move)
    assert c.state == expected


# -- the end: why, and by which rule ---------------------------------------------------------
def _played_out(controller_class: Any, players: int, seed: int, options: dict | None = None) -> Any:
    from gamelib.players import GreedyPlayer, play_out

    c = controller_class(players, seed=seed, options=options or {}, seats=["greedy"] * players)
    c.state = play_out(c.state, [GreedyPlayer(seed + i) for i in range(players)])
    return c


@pytest.mark.parametrize("game", ["dominomega", "dominimum"])
def test_at_the_end_the_groups_that_made_the_persons_score_are_coloured(game: str) -> None:
    """A reader could not check 「2×2」 against the finished table (the chapters colour their
    examples' groups): at the end the board colours the groups that made the person's score,
    and says so beside the game's name; not before the end, and not in a game of computers."""
    import math

    from gamelib.dominoes.dominimum import largest_group
    from gamelib.dominoes.dominomega import group_sizes
    from gamelib.players import GreedyPlayer, play_out
    from widgets.dominoes import CONTROLLERS, GROUP_SHADES

    cls = CONTROLLERS[game]
    for seed in range(3):
        c = cls(3, seed=seed, seats=["greedy", "human", "greedy"])
        assert c.scored_shades() == {} and "色のついたマス" not in c.picture().svg
        c.state = play_out(c.state, [GreedyPlayer(seed + i) for i in range(3)])
        svg = c.picture().svg
        assert "色のついたマス: " + c.player_names[1] + "の得点を決めたグループ" in svg
        shaded = {cell for cell in c.state.table.values
                  if re.search(r'<rect x="{}" y="{}" width="[^"]+" height="[^"]+" fill="({})"'.format(
                      *(re.escape(f"{v:.1f}".rstrip("0").rstrip(".")) for v in c.layout.xy(cell)), "|".join(GROUP_SHADES)), svg)}
        assert shaded and shaded == set(c.scored_shades())
        values = [c.state.table.values[cell] for cell in shaded]
        if game == "dominimum":  # the largest group of each number of the person's mission (ties: each)
            a, b = c.state.missions[1]
            assert set(values) == {a, b}
            for n in (a, b):
                assert values.count(n) % largest_group(c.state.table, n) == 0
            assert c.state.scores()[1] == largest_group(c.state.table, a) * largest_group(c.state.table, b)
        else:  # every group of the person's symbol of two halves or more: the factors of the score
            symbol = c.state.symbols[1]
            assert all(v & symbol for v in values)
            sizes = [n for n in group_sizes(c.state.table, symbol) if n > 1]
            assert len(shaded) == sum(sizes) and c.state.scores()[1] == math.prod(sizes)
        said = re.search(r"色のついたマス: .*グループ\((.*)\)", c.describe())
        assert said, c.describe()
        assert sum(int(n) for n in re.findall(r"(\d+)マス", said[1])) == len(shaded)
    computers = _played_out(cls, 3, 1)
    assert computers.scored_shades() == {} and "色のついたマス" not in computers.picture().svg


def test_dominomega_end_gives_each_score_as_the_product_of_its_groups() -> None:
    import math

    from widgets.dominoes import DominomegaController

    for seed in range(3):
        c = _played_out(DominomegaController, 3, seed)
        words = c.status_line()
        for p, score in enumerate(c.state.scores()):
            found = re.search(rf"{c.player_names[p]}は([0-9,]+)点\(([0-9×]+)\)", words)
            assert found, words
            assert int(found.group(1).replace(",", "")) == score == math.prod(map(int, found.group(2).split("×")))
        assert "タイルがすべて置かれました" in words
        assert not next(a for a in c.actions() if a.key == "rotate").enabled  # nothing left to turn
        assert words.endswith(f"勝者は、得点がいちばん高い{c.player_names[c.state.winners()[0]]}です。"), words


def test_dominimum_end_shows_the_missions_and_the_tie_break() -> None:
    from widgets.dominoes import DominimumController

    tie_seen = False
    for seed in range(6):
        c = _played_out(DominimumController, 3, seed)
        words, scores = c.status_line(), c.state.scores()
        for p, (a, b) in enumerate(c.state.missions):
            assert f"{c.player_names[p]}は{scores[p]}点(ミッション{a}と{b}: " in words, words
        winner = c.player_names[c.state.winners()[0]]
        if scores.count(min(scores)) > 1:
            tie_seen = True
            assert f"このときは、自分の最後のタイルを先に出した人の勝ちなので、勝者は{winner}です。" in words, words
        else:
            assert words.endswith(f"勝者は{winner}です。"), words
    assert tie_seen, "no tied game among these seeds"


def test_dominup_and_tree_ends_say_who_ran_out_or_why_nobody_won() -> None:
    from widgets.dominoes import DominupController, TreeController

    c = _played_out(DominupController, 3, 0, {"misere": True})
    first = c.player_names[c.state.finished[0]]
    assert f"{first}が手元のタイルを使い切りました。ミゼールなので{first}の負けで" in c.status_line()
    stalled = next(c for seed in range(10) if not (c := _played_out(TreeController, 3, seed)).state.winners())
    assert "全員が続けてパスしました" in stalled.status_line() and "勝者はいません" in stalled.status_line()
    solo = _played_out(TreeController, 1, 0)
    assert ("成功です" if solo.state.winners() else "失敗です") in solo.status_line()


def test_group_shades_give_every_group_its_own_colour_while_the_palette_lasts() -> None:
    """A caption says 「色ごとに1つ」: two groups far apart must not share a colour (they did)."""
    from widgets.dominoes import GROUP_SHADES, group_shades

    groups = [[(0, 0)], [(0, 9), (1, 9)], [(9, 0)], [(9, 9), (9, 8)]]
    shades = group_shades(groups)
    assert len({shades[g[0]] for g in groups}) == 4
    many = [[(0, 4 * i)] for i in range(len(GROUP_SHADES) + 2)]
    assert len(set(group_shades(many).values())) == len(GROUP_SHADES)  # reused only past the palette


def test_a_wide_screen_gives_a_growing_table_larger_squares() -> None:
    """Beside the panel the grid takes the width the page leaves (440 to 640 px): a table that
    has grown wide keeps larger squares than in the 440 px square (and its digits)."""
    from gamelib.players import GreedyPlayer, play_out
    from widgets.dominoes import DIGIT_LEAST, DominomegaController

    c = DominomegaController(3, seed=4, seats=["human", "greedy", "greedy"])
    c.state = play_out(c.state, [GreedyPlayer(i) for i in range(3)])
    c.fit_width(800)
    square = c.layout
    c.fit_width(1020)
    wide = c.layout
    assert not c.narrow and square.width <= 800 and wide.width <= 1020
    assert wide.cols > wide.rows and wide.cell > square.cell and wide.cell >= DIGIT_LEAST
    # every square is inside the grid's box, left of the panel, and a click finds it again
    for cell in c.state.table.values:
        x, y = wide.xy(cell)
        assert wide.left <= x and x + wide.cell <= wide.hand_x - 20 and wide.hit(x + 1, y + 1) == cell


def test_the_canvas_follows_a_wide_layout_that_grows_with_the_page() -> None:
    """The wide layout's size depends on the page's width: the canvas is resized with it (it
    was resized only when the layout turned narrow or wide, so a live board kept 788 px)."""
    from widgets.board import PIXEL_RATIO

    board = DominoBoard("dominomega", 3, seed=4, seats=["human", "greedy", "greedy"])
    c = board.controller
    board.fit_width(800)
    assert not c.narrow and board.canvas.width == PIXEL_RATIO * c.layout.width
    narrow_sized = c.layout.width
    board.fit_width(1020)
    assert not c.narrow and c.layout.width > narrow_sized
    assert board.canvas.width == PIXEL_RATIO * c.layout.width


def test_the_places_when_playing_on_are_prose_without_stray_spaces() -> None:
    """「1位は黄、2位は青…」: the place list read 「1位 黄」, a space between Japanese characters."""
    from widgets.dominoes import DominupController, TreeController

    japanese = r"[\u3040-\u30ff\u4e00-\u9fff]"
    for controller_class in (DominupController, TreeController):
        for players, seed in [(4, s) for s in range(4)] + [(2, s) for s in range(4)]:
            c = _played_out(controller_class, players, seed, {"play_on": True})
            words = c.status_line()
            assert not re.search(f"{japanese} +{japanese}", words), words
            if len(c.state.finished) == 1:  # one name: no 「青の順に」
                assert f"{c.player_names[c.state.finished[0]]}が手元のタイルを使い切りました。" in words, words
            if c.state.places():
                assert "1位は" + c.names_of(c.state.places()[0]) in words, words


def test_adding_a_player_adds_the_computer_already_playing() -> None:
    """3 → 4 players against the computer: the new seat is that computer, not a person (which
    quietly made a pass-the-screen game); with people only, the new seat is a person's."""
    board = DominoBoard("dominup", 3, seed=1, seats=["human", "search-weak", "greedy"])
    c = board.controller
    assert c.seats_for(4) == ["human", "search-weak", "greedy", "greedy"]
    assert c.seats_for(2) == ["human", "search-weak"]
    c.new_game(4, 2, {}, c.seats_for(4))
    assert not c.curtain_down() and c.humans() == [0]
    people = DominoBoard("dominup", 2, seed=1, seats=["human", "human"]).controller
    assert people.seats_for(3) == ["human"] * 3


def test_dominomega_score_lines_name_each_seat_once() -> None:
    """The seats are named for their symbols (「小円の人」): the score panel does not add the
    symbol again (「小円の人(小円)」)."""
    board = DominoBoard("dominomega", 3, seed=4, seats=["human", "greedy", "greedy"], computer_delay=0)
    texts = re.findall(r">([^<]*)</text>", board.controller.picture().svg)
    assert "小円の人: 0" in texts and "▶ 点の人: 0" in texts
    assert not [t for t in texts if "の人(" in t]


@pytest.mark.parametrize("game", ["dominomega", "dominup", "dominimum", "tree"])
@pytest.mark.parametrize("width", [352, 358, 360, 390])
def test_on_a_phone_the_board_is_drawn_no_wider_than_the_page_gives(game: str, width: int) -> None:
    """The site gives a phone's board its screen less 8 px (352 at 360) and the build draws phone
    pictures for a 358 px column: a 360 px board was shrunk to fit, no longer crisp."""
    from widgets.games import CONTROLLERS

    c = CONTROLLERS[game](players=2, seed=3)
    c.fit_width(width)
    assert c.narrow and c.layout.width <= width
    assert c.layout.grid_x + c.layout.cols * c.layout.cell <= width


def test_the_tree_says_when_a_turn_is_an_extra_one_even_when_it_must_pass() -> None:
    """A newcomer read 「置けるタイルがないので「パス」」 just after their own move and did not know
    why: the status says the turn is an extra one, whether the player can place or must pass."""
    from gamelib.dominoes import TreeState
    from gamelib.dominoes.tiles import Pass
    from gamelib.players import RandomPlayer
    from widgets.dominoes import TreeController

    seen = set()
    for seed in (1, 3):
        state, bot = TreeState.new(2, seed=seed), RandomPlayer(seed)
        while not state.is_over() and len(seen) < 2:
            c = TreeController(players=2, seed=seed)
            c.state, c.revealed = state, True  # the person has taken the screen
            words = c.status_line()
            if state.extra:
                kind = "pass" if state.legal_moves() == [Pass()] else "place"
                seen.add(kind)
                assert "追加の手番" in words, words
                assert ("パス" in words) == (kind == "pass")
            else:
                assert "追加の手番" not in words, words
            move = bot.choose(state)
            after = state.play(move)
            words = c.describe_move(state, move)  # the log's line says the extra turn it earned
            assert ("追加の手番あり" in words) == bool(after.extra and after.current_player == state.current_player
                                                  and not isinstance(move, Pass)), words
            state = after
    assert seen == {"pass", "place"}


def test_dominup_moves_are_told_in_the_chapters_words() -> None:
    """The log and the replays name Dominup's moves as the chapter does: the opening double seven
    put out, a 重ね置き onto a level, an 拡張 on the table."""
    from gamelib.dominoes import DominupState
    from gamelib.players import RandomPlayer
    from widgets.dominoes import DominupController

    c = DominupController(players=2, seed=3)
    state, bot, seen = DominupState.new(2, seed=3), RandomPlayer(3), set()
    while not state.is_over():
        move = bot.choose(state)
        words = c.describe_move(state, move)
        after = state.play(move)
        level = after.stacks.top(move.first)[0]
        if not state.stacks.cells:
            assert words == "7-7をテーブルの真ん中に出す", words
            seen.add("open")
        elif level:
            assert words.endswith(f"を{level}段目に重ね置きする"), words
            seen.add("climb")
        else:
            assert words.endswith("をテーブルに置いて拡張する"), words
            seen.add("expand")
        state = after
    assert seen == {"open", "climb", "expand"}


def test_rotate_is_on_only_for_a_person_to_move() -> None:
    """「回転」 stayed on while a computer played, and pressing it did nothing a newcomer could see."""
    from widgets.dominoes import DominupController

    c = DominupController(players=2, seed=4, seats=["human", "greedy"])
    rotate = lambda: next(a for a in c.actions() if a.key == "rotate").enabled  # noqa: E731
    assert c.human_to_move() and rotate()
    state = c.state
    while state.current_player == 0:
        state = state.play(state.legal_moves()[0])
    c.state = state  # the computer's turn (the controller alone would have played it at once)
    assert c.computer_to_move()
    assert not rotate()


def test_the_chosen_tile_is_shown_as_it_will_lie_beside_the_direction_words() -> None:
    """A hint said 「向き: 2つ目の数字は左」 while the hand still drew the tile the other way: beside
    the words, the chosen tile's numbers lie as it will be placed (the first where one clicks, the
    second on the side 「回転」 or the hint set)."""
    from widgets.dominoes import DominomegaController

    c = DominomegaController(players=2, seed=3, seats=["human", "greedy"])
    c.revealed = True
    a, b = c.selected = c.hand()[0]
    assert a != b
    for direction, (dr, dc) in enumerate([(0, 1), (1, 0), (0, -1), (-1, 0)]):
        c.direction = direction
        svg = c.picture().svg
        found = {int(v): (float(x), float(y)) for x, y, v in re.findall(
            r'<text x="([\d.]+)" y="([\d.]+)"[^>]*font-size="11" fill="#222"[^>]*font-weight="bold"[^>]*>(\d)</text>', svg)}
        assert {a, b} <= set(found), svg[:200]
        (xa, ya), (xb, yb) = found[a], found[b]
        assert (round((yb - ya) / 15), round((xb - xa) / 15)) == (dr, dc), direction


@pytest.mark.parametrize("game", ["dominomega", "dominimum", "dominup"])
def test_a_click_on_either_square_of_the_hints_frame_makes_the_hinted_move(game: str) -> None:
    """The hint frames both squares of its tile in orange; a click on the second square (not the
    one for the tile's first number) made another placement, or none, without a word."""
    from widgets.dominoes import CONTROLLERS

    players = 3 if game == "dominomega" else 2
    for seed in range(4):
        c = CONTROLLERS[game](players=players, seed=seed, seats=["human"] + ["greedy"] * (players - 1))
        c.revealed = True
        for _ in range(6):  # several of the person's turns, the computers answering between them
            c.run_computers()
            if c.state.is_over():
                break
            assert c.hint()
            hint = c.hint_move
            if not isinstance(hint, Place):
                c.play(hint)
                continue
            before, made = c.state, len(c.history)
            c.picture()  # (as the reader sees it: the layout of the picture drawn with the hint)
            x, y = c.cell_xy(hint.second)
            size = c.layout.cell
            assert c.click(x + size / 2, y + size / 2), c.status_line()
            assert c.history[made].before == before and c.history[made].move == hint


def test_the_tree_a_tile_chosen_when_none_can_be_placed_says_to_pass() -> None:
    """With no tile that fits, a tap on the hand said nothing (on a phone the status line, which
    asks for 「パス」, may be above the screen): it is refused with the reason, as an error."""
    from widgets.dominoes import TreeController

    for seed in range(40):
        c = TreeController(players=2, seed=seed, seats=["human", "greedy"])
        rng = seeded_rng(seed, "tree-pass")
        while not c.state.is_over() and not (c.human_to_move() and c.state.legal_moves() == [Pass()]):
            if c.human_to_move():
                c.play(rng.choice(c.state.legal_moves()))
            c.run_computers()
        if c.state.is_over():
            continue
        c.picture()
        assert "左右" in next(a for a in c.actions() if a.key == "rotate").tip  # (「回転」 in The Tree)
        before = c.state
        hx, hy = c.hand_slot_xy(0)
        assert not c.click(hx + 5, hy + 5)
        assert c.error is not None and "「パス」を押してください" in c.status_line() and c.state == before
        return
    raise AssertionError("no game reached a pass")


def test_dominomegas_seats_are_named_for_the_player_count_chosen() -> None:
    """Two players leave the small circle out: the seats of a 3-player game chosen in the
    settings of a 2-player one are 点・小円・大円, not the 2-player names and one more."""
    board = DominoBoard("dominomega", 2, seed=1, seats=["human", "greedy"])
    assert [box.description for box in board.seat_row.children] == ["点の人", "大円の人"]
    board.players_box.value = 3
    assert [box.description for box in board.seat_row.children] == ["点の人", "小円の人", "大円の人"]


def test_the_turned_tile_beside_the_direction_words_stays_clear_of_the_hand() -> None:
    """Turned upright (2つ目の数字は下 or 上), the tile drawn beside 「向き: …」 ran into the
    green frames of the hand's first row."""
    from widgets.dominoes import DominupController

    c = DominupController(players=2, seed=3, seats=["human", "greedy"])
    c.revealed = True
    c.selected = c.hand()[0]
    frames_top = c.hand_slot_xy(0)[1] - 5  # (the chosen tile's green patch reaches 5 px out)
    for direction in range(4):
        c.direction = direction
        squares = [(float(x), float(y)) for x, y in
                   re.findall(r'<rect x="([\d.]+)" y="([\d.]+)" width="15" height="15"', c.picture().svg)]
        assert len(squares) == 2 and max(y + 15 for _, y in squares) <= frames_top, (direction, squares)


def test_the_turn_of_a_tile_is_each_persons_own() -> None:
    """「回転」 carried over to the next person at the screen and into a new game: the second
    person's first tile went down turned the way the first person had left it."""
    from widgets.dominoes import DominomegaController

    c = DominomegaController(players=3, seed=2, seats=["human", "human", "human"])
    c.reveal()
    c.rotate()
    assert c.direction == 1
    assert c.play(c.state.legal_moves()[0])
    assert c.state.current_player == 1 and c.direction == 0  # the next person starts afresh
    c.new_game(3, 2, None, ["human", "greedy", "greedy"])
    assert c.direction == 0  # and so does a new game
    c.rotate()
    c.rotate()
    assert c.play(c.state.legal_moves()[0])
    while c.state.current_player != 0:  # the computers play
        assert c.play(c.state.legal_moves()[0])
    assert c.direction == 2  # one person against the computers keeps their own turn


@pytest.mark.parametrize("game", ["dominomega", "dominimum", "dominup", "tree"])
def test_a_refused_click_shows_the_tile_where_it_was_tried_until_the_next_action(game: str) -> None:
    """As Kingdomino's board frames the two squares of a refused domino, a domino board draws
    the refused tile where the click tried it (red frame, as the book's ×-examples), while the
    status gives the rule's reason; the next action takes it away."""
    from widgets.dominoes import WRONG, DominimumController, DominomegaController, DominupController, TreeController

    kind = {"dominomega": DominomegaController, "dominimum": DominimumController, "dominup": DominupController,
            "tree": TreeController}[game]
    def fresh() -> Any:
        board = kind(2, seed=4, seats=["human", "greedy"])
        rng = seeded_rng(4, "refused")
        for _ in range(3):  # a few tiles on the table first
            board.play(rng.choice(board.state.legal_moves()))
        return board

    c = fresh()
    frame = f'stroke="{WRONG}" stroke-width="3"'
    assert c.human_to_move() and frame not in c.picture().svg
    view, before, tile = c.layout, c.state, c.hand()[0]

    def refused_in_view() -> bool:
        nonlocal c
        for r in range(view.r0, view.r0 + view.rows):
            for col in range(view.c0, view.c0 + view.cols):
                c.selected = tile
                x, y = view.xy((r, col))
                if c.click(x + view.cell / 2, y + view.cell / 2):
                    c = fresh()  # a legal placement was played: start again
                elif c.error and frame in c.picture().svg:
                    return True
        return False

    assert refused_in_view(), "no refused click drew its tile"
    assert c.state == before and c.tried is not None and c.tried[0].tile == tile
    picture = c.picture()
    assert picture.svg.count(frame) == 1 and c.error in picture.alt
    c.rotate()  # the next action: the reason and the tried tile go
    assert c.error is None and frame not in c.picture().svg


def test_a_refused_click_in_the_trees_last_column_still_marks_the_square() -> None:
    """A tester clicked an empty square away from the tree and read the reason, with nothing on
    the board where he had clicked: in the last column the tile's right half lies off the grid
    shown, and the tried tile was not drawn at all. The half that is on the grid is drawn, framed."""
    from widgets.dominoes import WRONG, TreeController

    c = TreeController(2, seed=1, seats=["human", "greedy"])
    c.picture()
    hx, hy = c.hand_slot_xy(0)
    c.click(hx + 10, hy + 10)
    view = c.layout
    x = view.grid_x + (view.cols - 1) * view.cell + view.cell / 2  # the last column's square
    y = view.top + view.cell / 2  # in the top row, far above the tree
    assert not c.click(x, y) and c.error and c.tried is not None
    svg = c.picture().svg
    frame = re.search(rf'<rect x="([0-9.]+)" y="[0-9.]+" width="([0-9.]+)" height="[0-9.]+" fill="none" stroke="{WRONG}" stroke-width="3"', svg)
    assert frame, "the refused square is not marked"
    assert float(frame.group(1)) + float(frame.group(2)) <= view.grid_x + view.cols * view.cell + 3  # within the grid


def test_after_a_refused_click_the_hint_still_explains_its_orange_frame() -> None:
    """A hint, then a click where the tile cannot go: the reason replaced the hint's words while
    its orange frame stayed on the board, unexplained. The status now gives the reason and, under
    it, what to do and the hint, which still holds (a refusal changes nothing); the hint is not
    in the reason's red line, where a tester read it as part of the refusal."""
    from widgets.dominoes import DominupController

    c = DominupController(2, seed=4, seats=["human", "greedy"])
    assert c.hint() and c.hint_move is not None
    hinted = c.hint_line()
    view, before = c.layout, c.state
    for r in range(view.r0, view.r0 + view.rows):
        x, y = view.xy((r, view.c0))
        if not c.click(x + view.cell / 2, y + view.cell / 2) and c.error:
            break
    assert c.state == before and c.error and c.hint_move is not None
    assert c.status_line() == c.error and c.then_line().endswith(hinted)
    assert not c.then_line(hint=False).endswith(hinted) and c.bar_line() == c.error


@pytest.mark.parametrize("game", ["dominup", "tree"])
def test_where_every_placement_puts_one_tile_down_the_hint_looks_ahead(game: str) -> None:
    """In ドミナップ and ザ・ツリー every placement puts one tile down: the greedy player rates
    only what a placement leaves for the next turn (its seat's tip says what, not that it plays
    as the random one, as it had done).  The hint is the weak search player's move, and says so."""
    from gamelib.players import SearchPlayer
    from widgets.dominoes import DominupController, TreeController

    cls = DominupController if game == "dominup" else TreeController
    c = cls(2, seed=3, seats=["human", "greedy"])
    tip = c.seat_tips["greedy"]
    assert "ランダム" not in tip and ("重ね置き" in tip if game == "dominup" else "追加の手番" in tip), tip
    assert isinstance(c.hint_player(0), SearchPlayer) and c.hint_player(0).iterations  # (the same hint each time)
    assert c.hint() and c.hint_move in c.state.legal_moves()
    first = c.hint_move
    assert c.hint() and c.hint_move == first
    assert c.hint_line().startswith("ヒント(オレンジの枠): 先を読むコンピューターなら")
    assert c.hint_tip() == "先を読むコンピューターならどうするかを示します"


def test_a_misere_game_says_so_on_the_board_all_game_long() -> None:
    """ミゼール turns ドミナップ round (the first out loses), but the board looked the same as a
    normal game's until the end: its panel now says it under the players."""
    from widgets.dominoes import MISERE_LINE, DominupController

    misere = DominupController(3, seed=2, options={"misere": True}, seats=["human", "greedy", "greedy"])
    normal = DominupController(3, seed=2, seats=["human", "greedy", "greedy"])
    assert MISERE_LINE in misere.picture().svg and MISERE_LINE not in normal.picture().svg
    for c in (misere, normal):
        c.fit_width(390)
        assert (MISERE_LINE in c.picture().svg) == (c is misere)  # (the phone's layout too)


def test_undo_counts_the_computers_turns_where_a_turn_placed_several_tiles() -> None:
    """After 「元に戻す」 ドミナップ said 「そのあとのコンピューターの4手を取り消しました」 where two
    turns had placed four tiles: a tester read four turns."""
    from widgets.dominoes import DominupController

    for seed in range(30):
        c = DominupController(3, seed=seed, seats=["human", "greedy", "greedy"])
        rng = seeded_rng(seed, "dominup-undo")
        while not c.state.is_over():
            before = len(c.history)
            c.play(rng.choice(c.state.legal_moves()))
            theirs = [step.player for step in c.history[before:] if not step.by_person]
            turns = sum(1 for i, p in enumerate(theirs) if i == 0 or theirs[i - 1] != p)
            if len(theirs) > turns and c.history[before].by_person and c.human_to_move():
                words = c.history[before].words.split("。")[0]
                c.undo()
                assert c.status_line().startswith(f"元に戻しました。赤の「{words}」と、そのあとのコンピューターの"
                                                  f"{turns}回の手番({len(theirs)}手)を取り消しました。"), c.status_line()
                return
    raise AssertionError("no computer turn placed several tiles")


def _text_boxes(svg: str) -> list[tuple[float, float, str]]:
    """Each <text>'s x, y and words."""
    return [(float(x), float(y), words) for x, y, words in
            re.findall(r'<text[^>]*? x="([-\d.]+)"[^>]*? y="([-\d.]+)"[^>]*>([^<]*)</text>', svg)]


@pytest.mark.parametrize("width", [1366, 390])
def test_the_dominup_board_keys_the_shades_of_the_heights(width: int) -> None:
    """A tester could not tell a half's height where its tile's other half was covered (only
    its shade tells it): the chapter's figures have a key of the shades, the board had none."""
    from widgets.dominoes import DominupController

    c = DominupController(3, seed=5, seats=["human"] * 3)
    c.fit_width(width)
    rng = seeded_rng(3, "dominup-key")
    while max((level for _, level in c.state.stacks.placed()), default=0) < 2:
        assert not c.state.is_over()
        c.play(rng.choice(c.state.legal_moves()))
    svg = c.picture().svg
    texts = _text_boxes(svg)
    key = [(x, y) for x, y, words in texts if words == "高さ:"]
    assert len(key) == 1, texts
    named = {words: (x, y) for x, y, words in texts if words in ("テーブル", "1段目", "2段目")}
    assert set(named) == {"テーブル", "1段目", "2段目"}
    assert all(abs(y - key[0][1]) < 1 for _, y in named.values())
    heading = next(y for _, y, words in texts if words == "手元の枚数")
    hand = max(c.layout.hand_slot_xy(i)[1] + 32 for i in range(len(c.hand())))
    assert hand < key[0][1] - 8 and key[0][1] + 16 < heading - 8  # (between the hand and the players)


def test_the_key_of_the_heights_fits_a_phone_however_high_the_tiles() -> None:
    from widgets.dominoes import _levels_key
    from widgets.surface import SvgSurface, text_width

    s = SvgSurface(360, 40, "key")
    _levels_key(s, 12, 10, range(5), right=348)
    texts = _text_boxes(s.svg())
    assert [words for _, _, words in texts] == ["高さ:", "テーブル", "1段目", "2段目", "3段目", "4段目"]
    x, _, words = texts[-1]
    assert x + text_width(words, 11) <= 348.5
    assert all(b[0] - a[0] >= text_width(a[2], 11) + 2 for a, b in zip(texts[1:], texts[2:]))  # (none overlaps)


@pytest.mark.parametrize("game", ["dominup", "dominomega", "dominimum"])
def test_the_log_names_a_placed_tile_as_laid(game: str) -> None:
    """The chapters write a placed tile from its left number (the upper one standing up); the
    log wrote the smaller number first (「2-7を1段目に重ね置きする」 for a 7 laid left of a 2)."""
    from widgets.dominoes import CONTROLLERS

    c = CONTROLLERS[game](3, seed=5, seats=["human"] * 3)
    for _ in range(12):
        moves = [m for m in c.state.legal_moves() if isinstance(m, Place) and m.first_value != m.second_value]
        flipped = [m for m in moves if min((m.first, m.first_value), (m.second, m.second_value))[1] > min(m.tile)]
        if flipped:
            m = flipped[0]
            (_, left), (_, right) = sorted(((m.first, m.first_value), (m.second, m.second_value)))
            assert left > right
            assert c.describe_move(c.state, m).startswith(f"{left}-{right}を")
            return
        c.play(c.state.legal_moves()[0])
    raise AssertionError("no placement with the larger number first was found")


def test_a_late_tables_small_squares_keep_their_numbers() -> None:
    """A finished table of three is often 20 rows high: its squares were 20 px and lost their
    numbers (a newcomer read the rings alone); the grid is taller now and the numbers are
    written down to 20 px squares, at 10 px, the centre's dot left clear."""
    from gamelib.players import GreedyPlayer, play_out
    from widgets.dominoes import DIGIT_LEAST, DominimumController

    c = DominimumController(3, seed=0, seats=["human", "greedy", "greedy"])
    c.state = play_out(c.state, [GreedyPlayer(i) for i in range(3)])
    for width in (1020, 390):
        c.fit_width(width)
        view = c.layout
        assert view.rows >= 20 and DIGIT_LEAST <= view.cell, (width, view.rows, view.cell)
        svg = c.picture().svg
        numbers = re.findall(r'<text x="[\d.]+" y="[\d.]+" font-size="([\d.]+)" fill="#1d3557"[^>]*>(\d)</text>', svg)
        assert len(numbers) >= len(c.state.table.values)  # every square's number (and the missions')
        assert min(float(f) for f, _ in numbers) >= 10
        patches = re.findall(rf'<rect x="([\d.]+)" y="([\d.]+)" width="[\d.]+" height="[\d.]+" fill="{PATCHES}"', svg)
        for cell in c.state.table.values:  # each patch clear of its square's centre
            x, y = view.xy(cell)
            assert any(x + view.cell / 2 < float(px) < x + view.cell and y + view.cell / 2 - 2 < float(py) < y + view.cell
                       for px, py in patches), cell


@pytest.mark.parametrize(("game", "players"), [("dominup", 2), ("dominimum", 2), ("dominomega", 3)])
def test_the_hint_says_a_click_on_either_of_its_squares_makes_it(game: str, players: int) -> None:
    """A reader did not know which of the orange frame's two squares to tap (「3が入るほう」
    named a number the frame does not show): the hint line says either does, and a click on
    either (the first or the second, by seed) plays the hinted move."""
    seen = 0
    for seed in range(6):
        board = DominoBoard(game, players, seed, seats=["human"] + ["greedy"] * (players - 1))
        c = board.controller
        if c.curtain_down():
            board.reveal_button.click()
        assert c.human_to_move()
        c.hint()
        move = c.hint_move
        if not isinstance(move, Place):
            continue
        assert "。枠のどちらかのマスをクリックすると、そのとおりに置きます)" in c.status_line(), c.status_line()
        # and which number goes where (「4-7を置く」 did not say): the number named first lies left, or above
        found = re.search(r"\((\d)が(左|上)、(\d)が(右|下)。(?:手元では\d-\d。)?タイルを選び、向きも合わせました。枠の", c.status_line())
        assert found, c.status_line()
        at = {move.first: move.first_value, move.second: move.second_value}
        (p, vp), (q, vq) = sorted(at.items(), key=lambda item: item[0][1] if found[2] == "左" else item[0][0])
        assert (p[0] == q[0]) == (found[2] == "左") and (vp, vq) == (int(found[1]), int(found[3]))
        cell = move.first if seed % 2 else move.second
        x, y = c.layout.xy(cell)
        before = len(c.history)
        board._on_mouse_down(x + c.layout.cell / 2, y + c.layout.cell / 2)
        assert len(c.history) > before and c.history[before].player == 0, c.status_line()
        assert c.history[before].move == move
        seen += 1
    assert seen >= 2


@pytest.mark.parametrize("game", ["dominomega", "dominup", "dominimum", "tree"])
def test_targets_are_drawn_over_and_inside_the_marks_of_the_last_moves(game: str) -> None:
    """A green target on the tile just played (a Dominup climb onto 緑's tile) was hidden under
    that player's dashed mark: the targets are drawn last, inside a square's edge."""
    from widgets.dominoes import LEGAL, TARGET_INSET

    players = 2 if game == "tree" else 3
    board = DominoBoard(game, players, seed=2, seats=["greedy", "human", "greedy"][:players])
    c = board.controller
    if c.curtain_down():
        board.reveal_button.click()
    if len(set(c.hand())) > 1:  # (choose a tile that has a place: its targets are framed)
        places = {m.tile for m in c.state.legal_moves() if isinstance(m, Place)}
        hx, hy = c.hand_slot_xy(next(i for i, tile in enumerate(c.hand()) if tile in places))
        board._on_mouse_down(hx + 5, hy + 5)
    svg = board.picture().svg
    frames = [m.start() for m in re.finditer(f'stroke="{LEGAL}" stroke-width="2.5"', svg)]
    marks = [m.start() for m in re.finditer("stroke-dasharray", svg)]
    assert frames and marks, game  # (the computer moved first; the person has targets)
    assert min(frames) > max(marks)
    cell = c.layout.cell
    for x, y in re.findall(rf'<rect x="([\d.]+)" y="([\d.]+)"[^>]*stroke="{LEGAL}" stroke-width="2.5"', svg):
        # a frame's corner lies TARGET_INSET inside its square's corner
        for v, start in ((float(x), c.layout.grid_x), (float(y), c.layout.top)):
            assert abs((v - start) % cell - TARGET_INSET) < 0.01


@pytest.mark.parametrize("game", ["dominup", "tree"])
def test_a_chosen_tile_that_can_go_nowhere_is_grey_and_said_grey(game: str) -> None:
    """The status said 「太い緑の枠」 about a chosen tile drawn in the grey frame, and The Tree's
    last tile, chosen by itself when the person must pass, was framed green."""
    from widgets.dominoes import LEGAL, NOWHERE_FRAME

    board = DominoBoard(game, 2, seed=6, seats=["human", "human"])
    c = board.controller
    rng = seeded_rng(6, "nowhere")
    seen = set()
    for _ in range(400):
        if c.state.is_over() or len(seen) == 2:
            break
        if c.curtain_down():
            board.reveal_button.click()
        places = {m.tile for m in c.state.legal_moves() if isinstance(m, Place)}
        stuck = [i for i, tile in enumerate(c.hand()) if tile not in places]
        if stuck and ("only" not in seen if len(c.hand()) == 1 else "many" not in seen):
            if len(c.hand()) > 1:
                hx, hy = c.hand_slot_xy(stuck[0])
                board._on_mouse_down(hx + 5, hy + 5)
            assert c.chosen_tile() == c.hand()[stuck[0]]
            assert "太い緑の枠" not in board.status.value
            assert "灰色の枠" in board.status.value or places == set() and "「パス」を押して" in board.status.value
            svg = board.picture().svg
            assert f'stroke="{NOWHERE_FRAME}" stroke-width="3"' in svg and f'stroke="{LEGAL}" stroke-width="3"' not in svg
            seen.add("only" if len(c.hand()) == 1 else "many")
        board.click_move(rng.choice(c.state.legal_moves()))
    assert "many" in seen


@pytest.mark.parametrize("game", ["dominup", "tree"])
def test_the_panel_names_the_winner_and_with_play_on_every_place(game: str) -> None:
    """At the end the panel beside the table marked only ドミナップ's winner and nothing in ザ・ツリー;
    with the others playing on for places, each name carries its place as the status tells it."""
    import random

    for options in ({}, {"play_on": True}):
        board = DominoBoard(game, 3, seed=3, options=options, seats=["human"] * 3)
        c, rng = board.controller, random.Random(1)
        while not c.state.is_over():
            board.click_move(rng.choice(c.state.legal_moves()))
        svg = board.picture().svg
        places = c.state.places()
        assert places, game  # (these games end with a winner)
        for i, group in enumerate(places):
            for p in group:
                name = c.player_names[p]
                if options:
                    assert re.search(rf">(▶ )?{name}: \d+枚\({i + 1}位\)<", svg), (game, name, i)
                elif i == 0:
                    assert re.search(rf">(▶ )?{name}: \d+枚\(勝者\)<", svg), (game, name)
                else:
                    assert re.search(rf">(▶ )?{name}: \d+枚<", svg), (game, name)


@pytest.mark.parametrize("game", ["dominomega", "dominup", "dominimum", "tree"])
def test_the_person_to_move_is_told_what_the_others_laid(game: str) -> None:
    """On a phone the log lies below the table and the computers play between two taps: at the
    person's turn the status says first which tiles each of the others laid since (as laid), and
    who passed; the bar at the top keeps only what to do."""
    from widgets.dominoes import laid
    from widgets.dominoes_board import board_class

    board = board_class(game)(3, 4, {}, ["human", "greedy", "greedy"], computer_delay=0)
    c = board.controller
    told = 0
    for _ in range(6):
        while not c.human_to_move() and not c.state.is_over():
            c.run_computers()
        if c.state.is_over():
            break
        since = c.since_own_move()
        steps = since[1] if since else [step for step in c.history if step.player != c.state.current_player]
        status = c.status_line()
        for step in steps:
            if isinstance(step.move, Place):
                _, a, _, b = laid(step.move)
                if game == "tree":  # (with the row: 「青は5-0を2段目に置きました。」)
                    row = step.move.first[0]
                    assert f"{a}-{b}を{'根元の段' if row == 0 else f'{row}段目'}に置き" in status, (status, step)
                else:
                    assert f"{a}-{b}" in status.split("を置きました。")[0], (status, step)
            else:
                assert f"{c.player_names[step.player]}" in status.split("はパス")[0], (status, step)
        assert ("置きました。" in status or "はパス" in status) == bool(steps), status
        assert "置きました" not in c.bar_line() and "パスしました" not in c.bar_line()
        told += bool(steps)
        c.play(c.state.legal_moves()[0])
    assert told >= 3


def test_on_a_phone_the_grid_is_no_taller_than_its_rows_so_the_hand_and_mission_show() -> None:
    """On a phone ドミニマム's picture was 808 px tall at the start, most of it an empty grid 440 px
    high: the hand stood at the screen's foot and the mission below it. The grid is now as tall
    as its rows (seven at least), growing with the table up to 440 px."""
    from widgets.dominoes import NARROW_GRID_H, DominimumController

    c = DominimumController(players=2, seed=3, seats=["human", "greedy"])
    c.fit_width(390)
    layout = c.layout
    assert layout.area == layout.rows * layout.cell <= 7 * 44
    assert layout.extra_y + layout.extra <= 560  # (under a 60 px header and 150 px of buttons and status)
    areas = []
    while not c.state.is_over():
        if c.human_to_move():
            c.play(c.state.legal_moves()[0])
        layout = c.layout
        areas.append(layout.area)
        assert layout.area - layout.cell < layout.rows * layout.cell <= layout.area + 1e-6 <= NARROW_GRID_H + 1e-6
    # it grew with the table, and never shrank (a wider table's smaller squares had made the grid
    # shorter, and the hand under it moved up and down from turn to turn)
    assert areas == sorted(areas) and areas[-1] > areas[0]


def test_dominomega_does_not_say_every_turn_that_the_one_tile_is_chosen() -> None:
    """ドミノメガ's hand always holds the one tile just drawn: 「手元のタイルは1枚だけなので、
    選んであります(太い緑の枠)。」 stood in every status and made it four lines on a phone
    (the chapter says it once). ドミニマム's one playing tile likewise (a tester's phone status ran
    to six lines and pushed the mission below the screen). ドミナップ, whose hand holds one tile
    only near its end, says it."""
    from widgets.dominoes import ONLY_TILE, DominimumController, DominomegaController, DominupController

    for make in (DominomegaController, DominimumController):
        c = make(players=3, seed=2, seats=["human", "greedy", "greedy"])
        for _ in range(3):
            while not c.human_to_move():
                c.run_computers()
            assert len(c.hand()) == 1 and c.chosen_tile() is not None
            assert ONLY_TILE not in c.status_line() and "1つ目の数字を置くマス" in c.status_line(), c.status_line()
            assert c.play(c.state.legal_moves()[0])
    d = DominupController(players=4, seed=3, seats=["human"] * 4)
    while len(d.hand()) != 1 or not d.human_to_move() or d.state.legal_moves()[0].__class__.__name__ != "Place":
        assert not d.state.is_over()
        d.reveal()
        d.play(d.state.legal_moves()[0])
    d.reveal()
    assert ONLY_TILE in d.status_line()


@pytest.mark.parametrize("game", ["dominup", "tree"])
def test_at_the_end_the_board_shows_the_tiles_the_person_was_left_holding(game: str) -> None:
    """The person's hand vanished at the end, leaving a blank panel: it now shows what was left."""
    for seed in range(20):
        board = DominoBoard(game, 2, seed=seed, seats=["human", "greedy"], computer_delay=0)
        c = board.controller
        rng = seeded_rng(seed, "left-holding")
        while not c.state.is_over():
            board.click_move(rng.choice(c.state.legal_moves()))
        left = c.state.hands[0]
        if left:
            break
    else:
        raise AssertionError("no game left the person holding tiles")
    svg = c.picture().svg
    assert f"赤の残りのタイル({len(left)}枚)" in svg
    # each tile drawn as in the hand: its outline, and its two numbers in the corner digits
    shown = svg.split("の残りのタイル")[1].split("手元の枚数")[0]
    assert len(re.findall(r'<rect [^>]*width="64" height="32" fill="none"', shown)) == len(left)
    digits = re.findall(r'font-size="11"[^>]*>(\d)</text>', shown)
    assert sorted(int(d) for d in digits) == sorted(n for tile in left for n in tile)
    # a game between computers alone shows no one's tiles
    alone = DominoBoard(game, 2, seed=1, seats=["greedy", "greedy"], computer_delay=0)
    assert alone.controller.state.is_over() and "の残りのタイル" not in alone.controller.picture().svg


def test_a_stalled_tree_says_how_many_tiles_each_player_kept() -> None:
    """「誰もタイルを使い切れなかったので、勝者はいません」 surprised a tester who held fewer tiles
    than the other: the end says how many each kept, and that they are not compared (ruling
    tree_stalled)."""
    from gamelib.players import RandomPlayer, play_out
    from widgets.dominoes import TreeController

    c = TreeController(2, seed=4, seats=["random", "random"])
    c.state = play_out(c.state, [RandomPlayer(4), RandomPlayer(5)])
    assert c.state.is_over() and not c.state.places()
    words = c.status_line()
    kept = re.search(r"手元に残ったタイル: (.*?)\)", words)
    assert kept and "勝者はいません" in words and "比べません" in words, words
    assert re.findall(r"(赤|青)(\d+)枚", kept[1]) == [(c.player_names[p], str(len(h))) for p, h in enumerate(c.state.hands)]


def test_on_squares_of_every_size_a_number_s_patch_lets_the_rings_show_through() -> None:
    """A reviewer read the large circle of 4–7 as a 「C」 on the book's full-game tables (24 px
    squares): the number's white patch hid its lower-right quarter.  Two more found it on the
    book's larger squares (34 px) too: on every size the patch is see-through, without a border."""
    from widgets.dominoes import draw_half
    from widgets.surface import SvgSurface

    for size in (22, 24, 34, 44):
        s = SvgSurface(50, 50, "t")
        draw_half(s, 0, 0, size, 4, digit=True)
        patch = re.search(r'<rect x="[\d.]+" y="[\d.]+" width="[\d.]+" height="[\d.]+"([^>]*)/>\s*<text', s.svg())
        assert patch is not None, size
        assert "rgba(255,255,255,0.55)" in patch.group(1) and "stroke=" not in patch.group(1), (size, patch.group(1))


def test_alone_at_the_tree_only_the_last_placement_is_the_last_turn() -> None:
    """Alone at The Tree every placement joined the last turn: the whole tree was framed as the
    last move and the log's line chained every tile.  A turn is one placement, with the extra
    placements it earns."""
    from gamelib.players import GreedyPlayer
    from widgets.dominoes import TreeController

    c = TreeController(1, seed=2, seats=["human"])
    bot = GreedyPlayer(1)
    extras = 0
    for _ in range(8):
        extras += bool(c.state.extra)
        c.play(bot.choose(c.state))
    turn = c.last_turns()[0]
    assert len(turn) == 1 + sum(1 for step in turn[1:] if step.before.extra)
    assert all(step.before.extra for step in turn[1:])
    assert len(turn) < len(c.history) and c.log_lines()[0][1].count("→") == len(turn) - 1
    assert len(c.log_lines()) > 1


def test_a_tree_played_on_says_why_players_left_with_tiles_share_a_place() -> None:
    """「1位は赤、2位は青と緑。」 left a tester asking why 2 and 3 tiles kept made one place: the end
    says the others passed in a row with the supply empty, and that what they kept is not compared."""
    from gamelib.players import GreedyPlayer, play_out
    from widgets.dominoes import TreeController

    c = TreeController(3, seed=2, seats=["human"] * 3, options={"play_on": True})
    c.state = play_out(c.state, [RandomPlayer(i) for i in range(3)])
    kept = [p for p in range(3) if p not in c.state.finished]
    assert len(kept) == 2 and c.state.places()[-1] == kept  # (seed 2: one out, two stuck)
    words = c.status_line()
    assert "続けてパスしました" in words and f"{c.names_of(kept)}は、同じ順位です" in words, words
    assert words.index("同じ順位") < words.index("1位は")


@pytest.mark.parametrize("narrow", [False, True])
def test_the_live_tree_names_its_rows_beside_them(narrow: bool) -> None:
    """The log says 「3-5を2段目に置く」 and the chapter names the rows, but the live tree had no
    row names (a tester counted rows from the bottom): each row is named just left of its
    leftmost tile (right of its right end where the grid's edge leaves no room), never over a
    tile, as the book's pictures do."""
    from gamelib.players import RandomPlayer
    from widgets.dominoes import TreeController
    from widgets.surface import SvgSurface

    c = TreeController(2, seed=3, seats=["human", "human"])
    c.narrow, c.available = narrow, (390 if narrow else 1100)
    bot = RandomPlayer(1)
    for _ in range(40):
        if c.state.is_over():
            break
        c.state = c.state.play(bot.choose(c.state))
    s = SvgSurface(1000, 1200, "t")
    c.draw(s)
    svg = s.svg()
    view = c.layout
    top = max(r for r, _ in c.state.cells)
    named = {}
    for m in re.finditer(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*text-anchor="(start|end)"[^>]*>(根元|\d+段目)</text>', svg):
        r = 0 if m[4] == "根元" else int(m[4][:-2])
        assert m[4] not in named, m[4]
        named[m[4]] = r
        xs = [x for row, x in c.state.cells if row == r]
        left = view.xy(c._screen((r, min(xs))))[0]
        right = view.xy(c._screen((r, max(xs))))[0] + view.cell
        y = view.xy(c._screen((r, min(xs))))[1] + view.cell / 2
        assert abs(float(m[2]) - y) < 0.6, m[4]  # on its own row
        if m[3] == "end":
            assert view.grid_x < float(m[1]) <= left - 3, m[4]
        else:
            assert right + 3 <= float(m[1]) < view.grid_x + view.cols * view.cell, m[4]
    assert top >= 8 and len(named) >= (top if narrow else top + 1), (top, named)


def test_the_players_letters_are_drawn_over_every_frame() -> None:
    """A player's letter (its disc at the corner of the last tile played) was drawn with that
    player's frame, so a neighbour's frame drawn after it could cross the disc: every frame
    first, the letters last."""
    from gamelib.players import GreedyPlayer
    from widgets.controller import PLAYER_COLOURS
    from widgets.dominoes import DominomegaController
    from widgets.surface import SvgSurface

    c = DominomegaController(3, seed=3, seats=["human"] * 3)
    for i in range(14):
        c.play(GreedyPlayer(i).choose(c.state))
    s = SvgSurface(1000, 1300, "t")
    c.draw_marks(s)
    svg = s.svg()
    discs = [m.start() for m in re.finditer(r'<circle [^>]*r="8"', svg)]
    frames = [m.start() for colour in PLAYER_COLOURS for m in re.finditer(f'<rect [^>]*stroke="{colour}"', svg)]
    assert len(discs) == 3 and len(frames) >= 3
    assert max(frames) < min(discs)
    # each disc within its tile (on the corner it hid the number of the tile up and to the left)
    boxes = [tuple(map(float, m.groups())) for m in re.finditer(
        r'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"[^>]*stroke="#ffffff"', svg)]
    for m in re.finditer(r'<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"', svg):
        cx, cy, r = map(float, m.groups())
        assert any(x - 2.5 <= cx - r and y - 2.5 <= cy - r and cx + r <= x + w and cy + r <= y + h
                   for x, y, w, h in boxes), (cx, cy, r)


@pytest.mark.parametrize(("game", "players"), [("dominomega", 3), ("dominimum", 4), ("tree", 2)])
def test_at_the_end_the_scores_move_up_into_the_empty_hand_s_place(game: str, players: int) -> None:
    """On a phone the finished game kept its hand's rows (and ドミニマム its mission's block)
    empty: 190 px of blank between the table and the scores.  The game over, the side panel
    keeps rows only for the tiles the person was left holding."""
    from gamelib.players import GreedyPlayer

    board = DominoBoard(game, players, seed=3, seats=["human"] + ["greedy"] * (players - 1))
    c = board.controller
    c.narrow, c.available = True, 390
    c._side = None
    playing = c.make_layout()
    assert playing.scores_y - (playing.top + playing.area) > 150
    i = 0
    while not c.state.is_over():
        c.play(GreedyPlayer(i).choose(c.state))
        i += 1
    end = c.make_layout()
    left = len(c.state.hands[0])
    assert end.hand_rows == -(-left // 4)
    if left == 0:
        import dataclasses

        kept = dataclasses.replace(end, hand_rows=playing.hand_rows, extra=playing.extra)
        assert end.scores_y - (end.top + end.area) <= 40 and end.height < kept.height - 100
    c.undo()  # (back in the game: the hand's rows again)
    assert c.make_layout().hand_rows == playing.hand_rows


def test_the_next_games_seats_shown_keep_their_kind_when_a_seat_of_this_game_changes() -> None:
    """Two people at one screen, 4人 chosen: 緑 and 黄 showed 人が操作, and turned to 欲張り when
    青 was changed to 欲張り (they followed the last computer seat after they had been shown)."""
    board = DominoBoard("dominup", 2, seed=1, seats=["human", "human"], computer_delay=0)
    c = board.controller
    board.players_box.value = 4
    boxes = board.seat_row.children
    assert [b.value for b in boxes] == ["human"] * 4
    boxes[1].value = "greedy"
    assert c.seats == ["human", "greedy"]
    assert [b.value for b in board.seat_row.children] == ["human", "greedy", "human", "human"]
    board.new_game()
    assert c.seats == ["human", "greedy", "human", "human"]


def test_dominomega_seats_are_matched_by_name_when_the_count_changes() -> None:
    """A tester chose 2人 in the settings of a 3-player ドミノメガ and set 「大円の人」 to a
    person: the game's 小円 changed (the two players' game is 点 and 大円; seats were matched
    by place).  A seat is this game's seat of the same name; 小円, which a two players' game
    does not have, is the next game's."""
    board = DominoBoard("dominomega", 3, seed=4, seats=["human", "greedy", "random"], computer_delay=0)
    c = board.controller
    board.players_box.value = 2
    boxes = board.seat_row.children
    assert [b.description for b in boxes] == ["点の人", "大円の人"]
    assert [b.value for b in boxes] == ["human", "random"]  # (大円's seat, not 小円's)
    boxes[1].value = "human"
    assert c.seats == ["human", "greedy", "human"]
    board.new_game()
    assert c.state.players == 2 and c.seats == ["human", "human"]
    # from two players to three: 小円 is the next game's, chosen apart from this game's seats
    board.players_box.value = 3
    boxes = board.seat_row.children
    assert [b.value for b in boxes] == ["human", "human", "human"]
    boxes[1].value = "greedy"
    assert c.seats == ["human", "human"] and c.seats_for(3) == ["human", "greedy", "human"]
    boxes[2].value = "random"  # 大円: this game's second seat, at once
    assert c.seats == ["human", "random"] and c.seats_for(2) == ["human", "random"]
    board.new_game()
    assert c.seats == ["human", "greedy", "random"]


def test_a_dominomega_tie_names_the_winners_with_their_score() -> None:
    """「勝者は、同点でいちばん高い小円の人と大円の人です。」 lacked 「得点が」: a tie is said after
    the names, the sentence as for one winner."""
    from gamelib.players import RandomPlayer, play_out
    from widgets.dominoes import DominomegaController

    c = DominomegaController(3, seed=33, seats=["human"] * 3)
    c.state = play_out(c.state, [RandomPlayer(33 * 3 + i) for i in range(3)])
    winners = c.state.winners()
    assert len(winners) == 2  # (seed 33: 点 and 大円 tie)
    words = c.end_words()
    assert words.endswith(f"勝者は、得点がいちばん高い{c.names_of(winners)}(同点)です。"), words
    assert "同点でいちばん" not in words


def test_with_the_omega_tie_rule_the_board_says_who_tied_and_why_the_last_of_them_wins() -> None:
    """The settings' 「同点のとき」: 「手番が後の人の勝ち」 (OMEGA's rule) gives the same tied game
    to the large circle alone, and the end says the two tied and why one of them won."""
    from gamelib.players import RandomPlayer, play_out
    from widgets.dominoes import DominomegaController

    keys = [o.key for o in DominomegaController.option_controls]
    assert keys == ["ties"] and DominomegaController.option_controls[0].initial == "shared"
    c = DominomegaController(3, seed=33, options={"ties": "last"}, seats=["human"] * 3)
    c.state = play_out(c.state, [RandomPlayer(33 * 3 + i) for i in range(3)])
    assert c.state.winners() == [2]  # (seed 33: 点 and 大円 tie, as above)
    words = c.end_words()
    assert words.endswith(f"{c.names_of([0, 2])}がいちばん高い得点で並びました。この設定では、並んだ中で手番が"
                          f"最後の人の勝ちなので、勝者は{c.names_of([2])}です。"), words


def test_the_tile_drawn_at_a_pass_is_told_and_marked_to_its_player_only() -> None:
    """A tester passed, drew 5-5 and found no word of it nor a mark in the hand: at their next
    turn the status says which tile they drew and the hand marks it 「引いた」; behind the
    pass-the-screen curtain neither is shown."""
    from gamelib.players import GreedyPlayer
    from widgets.surface import SvgSurface

    def drawn_at_last_pass(c: Any) -> tuple[int, int] | None:
        since = c.since_own_move()
        if since is None or not isinstance(since[0].move, Pass):
            return None
        p = c.state.current_player
        new = set(c.state.hands[p]) - set(since[0].before.hands[p])
        return next(iter(new)) if new else None

    seen = curtained = 0
    for seats in (["human", "random"], ["human", "human"]):  # (random play passes often)
        c = DominoBoard("tree", 2, seed=0, seats=seats, computer_delay=0).controller
        me = RandomPlayer(1)
        while not c.state.is_over():
            if c.human_to_move():
                tile = drawn_at_last_pass(c)
                if tile is not None:
                    s = SvgSurface(c.layout.width, c.layout.height, "t")
                    c.draw(s)
                    if c.curtain_down():
                        assert "引いた" not in s.svg() and "引きました" not in c.status_line()
                        curtained += 1
                        c.reveal()
                        s = SvgSurface(c.layout.width, c.layout.height, "t")
                        c.draw(s)
                    a, b = c.hand_face(tile)
                    assert c.status_line().startswith(
                        f"{c.player_names[c.state.current_player]}はパスして山から{a}-{b}を引きました(手元の「引いた」の印)。")
                    assert s.svg().count(">引いた</text>") == 1
                    seen += 1
                c.play(me.choose(c.state))
            else:
                c.run_computers()
    assert seen >= 2 and curtained >= 1


def test_the_live_canvas_keeps_the_size_of_the_table_it_shows() -> None:
    """A phone's domino grid grows as the computers play: the canvas was sized by the layout
    before the drawing laid the board out anew, so the last rows were cut off (or a blank left)
    until the next redraw.  After every move the canvas is the layout's size."""
    from gamelib.players import GreedyPlayer
    from widgets.board import PIXEL_RATIO

    board = DominoBoard("dominimum", 3, seed=3, seats=["human", "greedy", "random"], computer_delay=0)
    c = board.controller
    waiting: list[Any] = []  # (the computers' moves one at a time, as the live board plays them)
    c.scheduler, c.computer_delay = (lambda delay, callback: waiting.append(callback) or True), 0.5
    c.on_change = board.redraw
    c.fit_width(366)
    board.redraw()
    heights = set()
    i = 0
    while not c.state.is_over():
        if waiting:
            waiting.pop(0)()
        else:
            board.click_move(GreedyPlayer(i).choose(c.state))
            i += 1
        assert (board.canvas.width, board.canvas.height) == (PIXEL_RATIO * c.layout.width, PIXEL_RATIO * c.layout.height)
        heights.add(c.layout.height)
    assert c.narrow and len(heights) > 2


def test_on_small_squares_a_last_move_s_mark_leaves_the_half_it_sits_on_seen() -> None:
    """On a phone a tree of 20 rows had squares of 14 px, and a letter's disc (radius 7) hid
    the rings of the half it sat on: a tester could not read the tile the computer had just
    played.  On squares under 20 px the mark is a small plain disc in the corner (the dashed
    frame's colour says whose), at most a quarter of the square across; on larger squares the
    letter stays."""
    from gamelib.players import GreedyPlayer
    from widgets.dominoes import LETTER_BADGE_CELL, TreeController
    from widgets.surface import SvgSurface

    seen = {False: 0, True: 0}
    for seed in range(12):
        c = TreeController(2, seed=seed, seats=["human", "human"])
        c.narrow, c.available = True, 382
        i = 0
        while not c.state.is_over():
            c.play(RandomPlayer(i).choose(c.state))  # (random trees grow tall and narrow)
            i += 1
            c.layout = c.make_layout()
            s = SvgSurface(c.layout.width, c.layout.height, "t")
            c.draw_marks(s)
            svg = s.svg()
            small = c.layout.cell < LETTER_BADGE_CELL
            radii = [float(r) for r in re.findall(r'<circle [^>]*r="([\d.]+)"', svg)]
            letters = re.findall(r'font-size="10"[^>]*>(赤|青)</text>', svg)
            if not radii:
                continue
            seen[small] += 1
            if small:
                assert not letters and max(radii) <= c.layout.cell * 0.25, (c.layout.cell, radii)
            else:
                assert letters and min(radii) >= 7
    assert seen[True] >= 3 and seen[False] >= 3, seen


def test_the_others_moves_are_told_in_the_order_they_were_played() -> None:
    """Seats play 赤, 青, 緑; a tester read 「緑は5-7を置きました。青はパスしました。」 where 青
    had passed before 緑 placed; another read 「緑は6-3・4-7を置きました」, with no row and no
    word of why two.  Each of the others' turns is told in the order played, each tile with its
    row, a second tile of a turn as an extra turn's: 「緑は6-3を1段目に置き、追加の手番で4-7を2段目に
    置きました。」"""
    from gamelib.dominoes import Place
    from gamelib.players import GreedyPlayer
    from widgets.dominoes import TreeController, laid

    pass_first = extra = 0
    for seed in range(8):
        c = TreeController(3, seed=seed, seats=["human", "greedy", "greedy"])
        me = GreedyPlayer(seed)
        while not c.state.is_over():
            steps = c.others_since_own_move()
            report, at = c.report(), 0
            for i, step in enumerate(steps):
                # (an extra turn's move: the same player again, the position before it saying so)
                again = bool(i) and steps[i - 1].player == step.player and bool(step.before.extra)
                name = c.player_names[step.player]
                if isinstance(step.move, Place):
                    _, a, _, b = laid(step.move)
                    row = step.move.first[0]
                    said = f"{a}-{b}を{'根元の段' if row == 0 else f'{row}段目'}に置き"
                    if not again:
                        said = f"{name}は{said}"  # (told under the right player's name)
                else:
                    said = "パスし" if again else name
                if again:
                    said = "、追加の手番で" + said
                    extra += 1
                found = report.find(said, at)
                assert found >= at, (said, report)
                at = found
            kinds = [isinstance(step.move, Place) for step in steps]
            pass_first += bool(kinds[:2] == [False, True])
            c.play(me.choose(c.state))
    assert pass_first >= 3 and extra >= 3


def test_a_pass_that_drew_from_the_supply_says_so() -> None:
    """ザ・ツリー: a pass draws the supply's top tile while there is one.  A tester read 「青はパス
    しました」 and looked for what 青 had drawn: the report says 「青はパスして山から1枚引きました。」
    for a pass with the supply not empty, and 「…はパスしました(山が空なので、引くタイルはありません)。」
    once it is empty (another asked whether such a pass had drawn nothing)."""
    from gamelib.dominoes import Pass
    from gamelib.players import RandomPlayer
    from widgets.dominoes import TreeController

    seen = {True: 0, False: 0}
    for seed in range(30):
        c = TreeController(3, seed=seed, seats=["human", "random", "random"])
        me = RandomPlayer(seed)
        while not c.state.is_over():
            report = c.report()
            passes = [step for step in c.others_since_own_move() if isinstance(step.move, Pass)]
            for step in passes:
                drew = bool(step.before.supply)
                if drew:
                    assert "パスして山から1枚引き" in report or "パスして、山から1枚ずつ引き" in report, report
                else:
                    assert "パスしました(山が空なので、引くタイルはありません)。" in report, report
                seen[drew] += 1
            if passes and all(step.before.supply for step in passes):
                assert "パスしました" not in report, report
            c.play(me.choose(c.state))
    assert seen[True] >= 3 and seen[False] >= 3, seen


def test_a_stacks_level_disc_is_inked_apart_from_every_players_colour() -> None:
    """On a 4-player ドミナップ table the level discs' brown read as 黄's letter: their ink is a
    grey (little saturation), where every player's colour is vivid."""
    import colorsys

    from widgets.controller import PLAYER_COLOURS
    from widgets.dominoes import LEVEL_BADGE

    def saturation(colour: str) -> float:
        r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
        return colorsys.rgb_to_hsv(r, g, b)[1]

    assert saturation(LEVEL_BADGE) < 0.35
    assert all(saturation(colour) > 0.6 for colour in PLAYER_COLOURS)


def test_a_wide_table_s_grid_fills_its_height() -> None:
    """A table wider than tall had its squares sized by its width and its grid only as tall as
    its rows: a replay's phone pictures left 200 px of blank between the table and the scores
    (which the replay's buttons then covered), and a wide screen's board a band under the grid.
    The grid takes more rows, to its full height, the table in its middle."""
    from widgets.dominoes import GridView

    cells = [(r, c) for r in range(4) for c in range(17)]  # (a table of 4 rows and 17 columns)
    for area, across in ((440, 336), (500, 440)):
        view = GridView.around(cells, area=area, across=across)
        assert view.rows * view.cell > area - view.cell, (view.rows, view.cell)
        assert view.r0 <= -2 and view.r0 + view.rows - 1 >= 3 + 2  # (the table, with its margin, inside)
        top, bottom = -view.r0, view.r0 + view.rows - 1 - 3
        assert abs(top - bottom) <= 1  # (in the middle)


def test_the_seat_help_says_what_the_greedy_player_does_in_dominup_and_the_tree() -> None:
    """Every placement puts one tile down in ドミナップ and ザ・ツリー: the seats' help says what
    their greedy player weighs instead (it had played as the random one does, and said so)."""
    from widgets.dominoes import DominomegaController, DominupController, TreeController

    for controller, weighs in ((DominupController, "重ね置きできる場所"), (TreeController, "追加の手番")):
        greedy = next(line for line in controller.seat_help().split("\n") if line.startswith("欲張り"))
        assert weighs in greedy and "ランダム" not in greedy, greedy
    assert "重ね置き" not in DominomegaController.seat_help()


def test_a_pass_that_ends_the_tree_says_so_before() -> None:
    """Alone, with the supply empty and no tile to place, the status still said 「(山にタイルが
    あれば1枚引きます)」, and the pass ended the game, failed: it now says the pass ends it."""
    from gamelib.dominoes import Pass
    from widgets.dominoes import TreeController

    for seed in range(20):
        c = TreeController(players=1, seed=seed, seats=["human"])
        rng = seeded_rng(seed, "tree-alone")
        while not c.state.is_over() and not (c.state.legal_moves() == [Pass()] and not c.state.supply):
            assert c.play(rng.choice(c.state.legal_moves()))
        if c.state.is_over():
            continue
        assert "このパスでゲームが終わります" in c.status_line() and "1枚引きます" not in c.status_line()
        assert c.play(Pass()) and c.state.is_over()
        return
    pytest.fail("no pass with the supply empty")


@pytest.mark.parametrize("players", [2, 3])
def test_a_dominomega_seat_keeps_its_symbols_colour_at_every_count(players: int) -> None:
    """The large circle's seat is the second of two and the third of three: its last moves are
    framed, and the move list written, in the same colour either way (with two players it had been
    blue, with three green)."""
    from gamelib.players import GreedyPlayer
    from widgets.controller import PLAYER_COLOURS
    from widgets.dominoes import DominomegaController
    from widgets.surface import SvgSurface

    c = DominomegaController(players, seed=5, seats=["human"] * players)
    large = c.player_names.index("大円の人")
    assert large == players - 1
    while c.state.current_player != large or not c.history:
        c.play(GreedyPlayer(len(c.history)).choose(c.state))
    c.play(GreedyPlayer(0).choose(c.state))  # the large circle's move, the last
    s = SvgSurface(1000, 1300, "t")
    c.draw_marks(s)
    green, blue = PLAYER_COLOURS[2], PLAYER_COLOURS[1]
    assert re.search(f'<rect [^>]*stroke="{green}"', s.svg())
    if players == 2:  # (the small circle's seat, blue, plays only with three)
        assert not re.search(f'<rect [^>]*stroke="{blue}"', s.svg())
    assert f"color:{green};font-weight:bold" in c.log_html()


@pytest.mark.parametrize("name", ["dominomega", "dominimum"])
def test_at_the_end_every_players_groups_can_be_coloured(name: str) -> None:
    """A finished game scored by groups has a button for each player (two people at the board had
    seen only the first one's groups coloured; a game of computers, nobody's); pressing one colours
    that player's groups and names them in the picture's text, until the game changes."""
    from gamelib.players import GreedyPlayer
    from widgets.dominoes import DominimumController, DominomegaController

    cls = {"dominomega": DominomegaController, "dominimum": DominimumController}[name]
    c = cls(3, seed=6, seats=["human", "human", "greedy"])
    assert not [a for a in c.actions() if a.key.startswith("groups")]  # (not before the end)
    while not c.state.is_over():  # (the computer in the third seat moves by itself)
        assert c.play(GreedyPlayer(len(c.history)).choose(c.state))
    buttons = [a for a in c.actions() if a.key.startswith("groups")]
    assert [a.label for a in buttons] == [f"{n}のグループ" for n in c.player_names[:3]]
    assert [a.selected for a in buttons] == [True, False, False]  # the first person's, as before
    first = c.scored_shades()
    for p in (1, 2):  # the second person's, and the computer's
        assert c.act(f"groups{p}")
        assert [a.selected for a in c.actions() if a.key.startswith("groups")] == [q == p for q in range(3)]
        assert c.scored_shades() and set(c.scored_shades()) == {cell for g in c.scored_groups(p) for cell in g}
        assert f"{c.player_names[p]}の得点を決めたグループ" in c.scored_words()
    assert set(c.scored_shades()) != set(first) or c.scored_groups(0) == c.scored_groups(2)
    c.undo()  # back into the game: no buttons, and the choice is gone with the game it was made in
    assert not [a for a in c.actions() if a.key.startswith("groups")] and c.scored_player() is None
    chosen = c.groups_chosen
    assert chosen is not None and chosen[1] == 2
    again = cls(3, seed=7, seats=["human", "human", "greedy"])  # (the next game, as long: the first person's again)
    again.groups_chosen = chosen  # (as the same board keeps it into its next game)
    while not again.state.is_over():
        assert again.play(GreedyPlayer(len(again.history)).choose(again.state))
    assert again.scored_player() == 0


@pytest.mark.parametrize("name", ["dominomega", "dominimum"])
def test_the_notebooks_board_has_the_group_buttons_too(name: str) -> None:
    """The chapter tells of 「…のグループ」 at the end; in JupyterLab a tester finished a game and
    found only 「回転」: the notebook's board shows a button for each of the controller's, pressing
    one colours that player's groups, and they are gone once a new game starts."""
    from gamelib.players import GreedyPlayer

    board = DominoBoard(name, 3, seed=6, seats=["human", "human", "greedy"], computer_delay=0)
    c = board.controller
    shown = [b for b in board.group_buttons if b.layout.display != "none"]
    assert not shown
    while not c.state.is_over():
        board.click_move(GreedyPlayer(len(c.history)).choose(c.state))
        assert c.error is None, c.error
    shown = [b for b in board.group_buttons if b.layout.display != "none"]
    assert [b.description for b in shown] == [f"{n}のグループ" for n in c.player_names[:3]]
    assert [b.button_style for b in shown] == ["info", "", ""]
    shown[2].click()
    assert c.scored_player() == 2 and [b.button_style for b in shown] == ["", "", "info"]
    assert f"{c.player_names[2]}の得点を決めたグループ" in c.scored_words()
    board.new_button.click()
    assert not [b for b in board.group_buttons if b.layout.display != "none"]


def test_no_group_buttons_where_a_score_is_not_made_of_groups() -> None:
    from gamelib.players import GreedyPlayer, play_out
    from widgets.dominoes import DominupController

    c = DominupController(2, seed=1, seats=["human", "human"])
    c.state = play_out(c.state, [GreedyPlayer(i) for i in range(2)])
    assert c.state.is_over() and not [a for a in c.actions() if a.key.startswith("groups")]


@pytest.mark.parametrize("narrow", [True, False])
def test_what_the_colours_are_fits_beside_the_games_name(narrow: bool) -> None:
    """At the end, beside 「ドミノメガ」, what the coloured squares are: on a phone the whole
    sentence had run past the picture's edge (「…の得点を決めたグルー」); there it is shortened."""
    from gamelib.players import GreedyPlayer, play_out
    from widgets.dominoes import DominomegaController
    from widgets.surface import SvgSurface, text_width

    c = DominomegaController(3, seed=6, seats=["human", "greedy", "greedy"])
    c.narrow, c.available = narrow, (390 if narrow else 1100)
    c.state = play_out(c.state, [GreedyPlayer(i) for i in range(3)])
    c.draw(SvgSurface(1, 1, "t"))  # (the layout for this width)
    s = SvgSurface(c.layout.width, c.layout.height, "t")
    c.draw(s)
    found = re.search(r'<text x="([\d.]+)" y="20"[^>]*font-size="12"[^>]*>(色[^<]*)</text>', s.svg())
    assert found, "no caption of the colours"
    x, words = float(found.group(1)), found.group(2)
    assert x + text_width(words, 12) <= c.layout.width, (x, words, c.layout.width)
    assert "点の人" in words
    assert (words == "色: 点の人の得点のグループ") == narrow


@pytest.mark.parametrize("name", ["dominup", "tree", "dominimum"])
def test_while_a_computer_moves_the_person_still_sees_their_own_hand(name: str) -> None:
    """A tester saw his hand vanish whenever a computer thought (「緑の手元 11枚(伏せてあります)」
    in its place).  With one person at the board, the panel keeps that person's tiles face up
    (and Dominimum's mission), says whose turn it is, and shows the computer's hand nowhere."""
    from widgets.dominoes import DominimumController, DominupController, TreeController
    from widgets.surface import SvgSurface

    cls = {"dominup": DominupController, "tree": TreeController, "dominimum": DominimumController}[name]
    c = cls(2, seed=2, seats=["human", "greedy"])
    waiting: list[Any] = []
    c.scheduler, c.computer_delay = (lambda delay, callback: waiting.append(callback) or True), 0.5
    if c.state.current_player != 1:
        assert c.play(next(m for m in c.state.legal_moves()))
    assert c.state.current_player == 1 and not c.human_to_move()
    c.layout = c.make_layout()
    s = SvgSurface(c.layout.width, c.layout.height, "t")
    c.draw_hand(s)
    svg = s.svg()
    assert f"{c.player_names[0]}の手元" in svg and f"いまは{c.player_names[1]}の番です。" in svg
    assert "伏せてあります" not in svg
    shown = sorted(map(int, re.findall(r'font-size="[\d.]+"[^>]*>(\d)</text>', svg)))
    person = sorted(v for tile in c.state.hands[0] for v in tile)
    if name == "dominimum":
        person = sorted(person + list(c.state.missions[0]))
        assert "自分のミッション" in svg
    assert shown == person


def test_a_click_on_ones_own_mission_tile_says_what_it_is_for() -> None:
    """ドミニマム: the person's mission tile stands under the hand. A click on it had been answered
    with the rule for the first tile on the table; it says what the mission tile is for, and
    nothing is played."""
    from widgets.dominoes import DominimumController

    c = DominimumController(3, seed=0, seats=["human", "greedy", "greedy"])
    c.picture()  # (laid out as drawn)
    view, moves = c.layout, c.state.moves
    assert not c.click(view.hand_x + 40, view.extra_y + 34)
    a, b = c.state.missions[0]
    assert c.error is not None and f"自分のミッション({a}と{b})" in c.error and c.state.moves == moves
    assert "テーブルの中央" not in c.error


def test_a_hint_that_lays_a_tile_the_other_way_round_names_it_as_the_hand_shows_it() -> None:
    """The hint names a tile as it will lie (「3-2(3が上、2が下)」); the hand draws it smaller
    number first (2-3), and a tester looked for a 3-2 that was not there.  Where the two differ the
    hint adds the hand's face; where they agree it says nothing more."""
    from widgets.dominoes import DominupController, laid

    seen = set()
    for seed in range(40):
        c = DominupController(2, seed=seed, seats=["human", "greedy"])
        c.play(c.state.legal_moves()[0])  # (the opening tile lies in the middle: a later move)
        c.run_computers()
        if not c.human_to_move() or not c.hint():
            continue
        _, a, _, b = laid(c.hint_move)
        x, y = c.hint_move.tile
        turned = (a, b) != (x, y)
        assert (f"手元では{x}-{y}。" in c.hint_line()) == turned, c.hint_line()
        assert f"{a}-{b}を" in c.hint_line()
        seen.add(turned)
        if len(seen) == 2:
            break
    assert seen == {True, False}


def test_a_tree_no_tile_can_join_is_said_to_pass_to_the_end() -> None:
    """A tester pressed 「パス」 nine times with the supply still full, the game looking broken,
    until it ended without a winner: no tile left could join the tree.  The person asked to pass
    is told so while the supply lasts; a pass while the tree can still grow says nothing of it."""
    from gamelib.players import RandomPlayer
    from widgets.dominoes import TreeController

    said = plain = 0
    for seed in range(30):
        c = TreeController(2, seed=seed, seats=["human", "random"])
        me = RandomPlayer(seed)
        while not c.state.is_over():
            if c.human_to_move() and c.state.legal_moves() == [Pass()]:
                stuck = not c.state.can_grow() and not c.state.play(Pass()).is_over()
                told = "どれも木のどこにも置けなくなりました" in c.status_line()
                assert told == stuck, c.status_line()
                said += told
                plain += not told
            c.play(me.choose(c.state))
    assert said >= 3 and plain >= 3


@pytest.mark.parametrize("game", ["dominomega", "dominimum", "dominup", "tree"])
def test_a_click_on_the_hidden_hands_frame_lifts_the_curtain(game: str) -> None:
    """On a phone 「手元を見る」 lies above the picture, out of sight once the hand is: a tester
    tapped the hidden hand's words and was refused.  Behind the curtain the hand's words stand
    in a frame that says a press on it shows the hand; a click in it lifts the curtain (and
    plays nothing), a click elsewhere is still refused."""
    board = DominoBoard(game, 3, seed=4)  # (DominoBoard: every seat a person's)
    c = board.controller
    board.click_move(c.state.legal_moves()[0])
    state = c.state
    assert c.curtain_down()
    svg = c.picture().svg
    assert "この枠か「手元を見る」を押すと見えます" in re.sub(r"<[^>]+>", "", svg)
    left, top, width, height = c.curtain_box()
    # the frame is drawn where a click lifts the curtain
    assert f'x="{left:g}" y="{top:g}" width="{width:g}" height="{height:g}"' in svg.replace(".0\"", "\"")
    board._on_mouse_down(left + width + 20, top + height + 60)  # (beside the frame: refused)
    assert c.curtain_down() and c.error is not None and "手元はまだ伏せてあります" in c.error
    board._on_mouse_down(left + width / 2, top + height / 2)
    assert not c.curtain_down() and c.error is None and c.state == state
    assert board.reveal_button.disabled and not board.rotate_button.disabled
    assert "この枠か" not in c.picture().svg


@pytest.mark.parametrize("narrow", [False, True])
@pytest.mark.parametrize("game", ["dominomega", "dominimum", "dominup", "tree"])
def test_the_hidden_hands_words_stay_inside_their_frame(game: str, narrow: bool) -> None:
    """「大円の人は、この枠か「手元を見る」を押すと見えます。」 ran 13 px past the frame's right edge
    (ドミノメガ, at both sizes): for every seat of every player count, each line of the curtain's
    words ends inside the frame, and the lines stay inside it top to bottom."""
    from widgets.surface import text_width

    cls = type(DominoBoard(game, 2, seed=1).controller)
    for players in range(max(2, cls.game.min_players), cls.game.max_players + 1):  # (a curtain: two people)
        board = DominoBoard(game, players, seed=4)
        c = board.controller
        c.narrow, c.available = narrow, (390 if narrow else 1100)
        for _ in range(players):
            board.click_move(c.state.legal_moves()[0])
            while not c.curtain_down():  # (ザ・ツリー: a move that gives another turn)
                c.reveal()
                board.click_move(c.state.legal_moves()[0])
            c.layout = c.make_layout()
            left, top, width, height = c.curtain_box()
            svg = c.picture().svg
            lines = [(float(m[1]), float(m[2]), float(m[3]), m[4]) for m in re.finditer(
                r'<text x="([\d.]+)" y="([\d.]+)" font-size="([\d.]+)"[^>]*>([^<]+)</text>', svg)]
            inside = [(x, y, size, t) for x, y, size, t in lines if left <= x <= left + width and top < y < top + height]
            assert "".join(t for *_, t in inside).endswith("を押すと見えます。"), inside
            for x, y, size, t in inside:
                assert x + text_width(t, size) <= left + width - 4, (players, t)
                assert top + size / 2 <= y <= top + height - size / 2, (players, t)
            c.reveal()


@pytest.mark.parametrize("game", ["dominup", "tree"])
def test_a_second_click_on_the_chosen_tile_turns_it(game: str) -> None:
    """As in the one-tile games, a click on the chosen tile turns it as 「回転」 does (on a phone
    the button lay above the screen once the hand was in sight; the click had put the tile
    back).  The status says so while a tile is chosen."""
    from widgets.dominoes_board import board_class

    board = board_class(game)(2, 5, {}, ["human", "greedy"], computer_delay=0)
    c = board.controller
    if game == "dominup":  # (past the opening double, which has one place)
        board.click_move(c.state.legal_moves()[0])
        while not c.human_to_move():
            c.run_computers()
    hand = list(c.hand())
    tile = hand[-1]
    hx, hy = c.hand_slot_xy(hand.index(tile))
    board._on_mouse_down(hx + 10, hy + 10)
    assert c.chosen_tile() == tile
    assert "選んだタイルをもう一度クリックするか「回転」" in c.status_line()
    turns = 4 if game == "dominup" else 2
    seen = [c.direction]
    for _ in range(turns):
        board._on_mouse_down(hx + 10, hy + 10)
        assert c.chosen_tile() == tile and c.error is None
        seen.append(c.direction)
    assert len(set(seen[:-1])) == turns and seen[-1] % turns == seen[0] % turns, seen
