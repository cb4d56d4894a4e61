"""The Kabaleo board without a browser: clicks, the forbidden pile, secrets, pass-the-screen."""

from __future__ import annotations

import re

import pytest

from gamelib import seeded_rng
from gamelib.kabaleo import NAME_JA, KabaleoState, Move
from widgets.controller import HINT
from widgets.kabaleo import KabaleoBoard, KabaleoController, move_words, removes_a_pair
from widgets.reader import names


def test_a_whole_game_through_clicks() -> None:
    board = KabaleoBoard(players=3, seed=5, seats=["human"] * 3)
    expected = KabaleoState.new(3, seed=5)
    rng = seeded_rng(5, "kabaleo-board")
    while not expected.is_over():
        move = rng.choice(expected.legal_moves())
        board.click_move(move)
        expected = expected.play(move)
        assert board.controller.state == expected
    assert "勝者" in board.status.value and "最も高い山" in board.info.value


def test_the_pile_just_played_is_refused_with_the_reason() -> None:
    board = KabaleoBoard(players=2, seed=1, seats=["human", "human"], mode="open")
    first = board.controller.state.legal_moves()[0]
    board.click_move(first)
    state = board.controller.state
    colour = next(c for c in state.hands[state.turn]
                  if not (state.piles[first.pile - 1].bare and state.piles[first.pile - 1].base == c))
    board.click_move(Move(first.pile, colour))
    assert board.controller.state == state
    assert "置かれたばかりなので、今は置けません" in board.status.value


def test_same_colour_on_a_bare_base_is_refused() -> None:
    board = KabaleoBoard(players=2, seed=1, seats=["human", "human"], mode="open")
    state = board.controller.state
    pile = next(i for i, p in enumerate(state.piles, 1) if p.base in state.hands[state.turn])
    board.click_move(Move(pile, state.piles[pile - 1].base))
    assert board.controller.state == state and "ベースとは違う色" in board.status.value


def test_a_colour_not_in_hand_is_refused_by_gamelib_when_placed() -> None:
    c = next(x for x in (KabaleoController(4, seed=n, seats=["human"] * 4) for n in range(50))
             if set(x.state.colours) - set(x.state.hands[x.state.current_player]))
    player = c.state.current_player
    missing = next(col for col in c.state.colours if col not in c.state.hands[player])
    x, y = c.layout.piece_xy(player, c.state.colours.index(missing))
    c.click(x, y - 10)
    assert c.selected == missing and c.targets() == []
    px, py = c.layout.pile_cell(1)
    before = c.state
    assert not c.click(px + 30, py + 30)
    assert c.state == before and "手元にありません" in c.status()


def test_a_pile_click_before_choosing_a_piece_asks_for_a_piece() -> None:
    c = KabaleoController(2, seed=3, seats=["human", "human"])
    x, y = c.layout.pile_cell(1)
    assert not c.click(x + 30, y + 30)
    assert "手元のコマ" in c.status()


def test_targets_are_gamelibs_legal_piles_for_the_selected_piece() -> None:
    c = KabaleoController(3, seed=3, seats=["human"] * 3)
    c.play(c.state.legal_moves()[5])
    for colour in set(c.state.hands[c.state.turn]):
        c.selected = colour
        assert c.targets() == [m.pile for m in c.state.legal_moves() if m.colour == colour]
        assert c.state.forbidden_pile() not in c.targets()


def test_pass_the_screen_shows_only_the_current_players_secret_after_reveal() -> None:
    board = KabaleoBoard(players=3, seed=2, seats=["human"] * 3)
    c = board.controller
    assert c.visible_secrets() == [None, None, None]
    assert "画面を" in board.status.value
    board.reveal_button.click()
    visible = c.visible_secrets()
    assert visible[c.state.turn] == c.state.secrets[c.state.turn]
    assert sum(v is not None for v in visible) == 1
    board.click_move(c.state.legal_moves()[0])
    assert c.visible_secrets() == [None, None, None]  # the next player must take the screen first
    # one press of 「全員の色を見せる」 during a game asks first, and shows nothing yet
    board.mode_box.value = "open"
    assert c.visible_secrets() == [None, None, None] and board.mode_box.value is None  # (neither pressed in)
    assert "もう一度「全員の色を見せる」を押してください" in board.status.value
    assert "#c62828" not in board.status.value  # (a question, not a refusal: not in red)
    # 「色は本人だけ」 answers it (pressed in, it had been no change, and the question stood)
    board.mode_box.value = "pass"
    assert c.mode == "pass" and c.error is None and board.mode_box.value == "pass"
    assert "もう一度" not in board.status.value
    board.mode_box.value = "open"
    assert board.mode_box.value is None and c.error == c.OPEN_ASK
    board.mode_box.value = "open"
    assert c.visible_secrets() == list(c.state.secrets) and board.mode_box.value == "open"
    assert "もう一度" not in board.status.value


def test_showing_every_colour_asks_only_once_and_not_when_chosen_before_the_game() -> None:
    c = KabaleoController(3, seed=4, seats=["human", "hiding", "random"])
    assert not c.act("mode:open") and c.mode == "pass" and c.error == c.OPEN_ASK
    c.click(-50, -50)  # (a tap beside everything leaves the question standing)
    assert c.act("mode:open") and c.mode == "open" and c.error is None
    assert c.act("mode:pass") and c.act("mode:open") is False  # (asked again after going back)
    # 「色は本人だけ」 after the question answers it: the next press of 「全員」 asks again
    assert c.act("mode:pass") and c.error is None and c.act("mode:open") is False and c.mode == "pass"
    board = KabaleoBoard(players=3, seed=4, seats=["human", "hiding", "random"], mode="open")
    assert board.controller.mode == "open" and board.mode_box.value == "open" and board.controller.error is None


def test_one_person_against_the_computer_always_sees_their_own_colour_only() -> None:
    c = KabaleoController(3, seed=4, seats=["human", "hiding", "random"])
    visible = c.visible_secrets()
    assert visible[0] == c.state.secrets[0] and visible[1] is None and visible[2] is None
    lines = c.describe().splitlines()
    assert lines[6].startswith("プレイヤー2") and lines[6].endswith("担当色は本人だけが知っている")


def test_computer_seats_finish_the_game_and_everything_is_revealed() -> None:
    board = KabaleoBoard(players=4, seed=6, seats=["hiding", "greedy", "random", "hiding"])
    assert board.controller.state.is_over()
    assert board.controller.visible_secrets() == list(board.controller.state.secrets)


def test_undo_and_new_game_with_options() -> None:
    board = KabaleoBoard(players=2, seed=1, seats=["human", "greedy"])
    before = board.controller.state
    board.click_move(before.legal_moves()[3])
    board.undo_button.click()
    assert board.controller.state == before
    board.players_box.value = 3
    board.deal_box.value = "even"
    board.seed_box.value = "9"
    board.new_button.click()
    assert board.controller.state == KabaleoState.new(3, {"deal": "even"}, seed=9)
    board.players_box.value = 4  # the even deal does not fit 4 players: it is not offered, nor given
    assert board.deal_box.layout.display == "none"
    board.new_button.click()
    assert board.controller.state == KabaleoState.new(4, {}, seed=9)


def test_the_output_carries_a_picture() -> None:
    bundle = KabaleoBoard(players=3, seed=7, seats=["human", "hiding", "hiding"])._repr_mimebundle_()[0]
    assert bundle["image/svg+xml"].startswith("<svg") and "カバレオ" in bundle["image/svg+xml"]
    assert "担当色" in bundle["text/plain"]


def test_bad_mode() -> None:
    with pytest.raises(ValueError, match="mode"):
        KabaleoController(2, seed=0, mode="secret")


# -- pictures for the book ----------------------------------------------------------------------
def _labels_are_japanese_and_legible(svg: str) -> None:
    import re

    sizes = [float(x) for x in re.findall(r'font-size="([\d.]+)"', svg)]
    assert sizes and min(sizes) >= 10
    labels = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    assert not [t for t in labels if re.search(r"[A-Za-z]", t)], labels


def test_pictures_speak_japanese_and_carry_a_real_position() -> None:
    from gamelib import positions
    from gamelib.kabaleo import random_game
    from widgets.kabaleo import board_picture, count_picture, piles_picture

    end = random_game(2, 674)
    pictures = [
        board_picture(end),
        board_picture(KabaleoState.new(3, seed=12), viewer=0, marks={3: "3段"}),
        count_picture(end),
        piles_picture(["K", "KO", "KOV"], ["ベースだけ", "コマ1つ", "コマ2つ"], marks={2: "3段"}),
        KabaleoController(4, seed=2, seats=["human"] * 4).picture(),
    ]
    for picture in pictures:
        _labels_are_japanese_and_legible(picture.svg)
        assert not re.search(r"[A-Za-z]", picture.alt), picture.alt
        positions.check(*picture.position)
    assert "勝者: プレイヤー1" in pictures[0].alt and "担当色は紫と緑" in pictures[0].alt
    assert "担当色は本人だけが知っている" in pictures[1].alt  # player 1's eyes: the others' colours stay hidden
    assert pictures[3].alt.endswith("コマ2つ: ピンクのベースにオレンジ、その上に紫")


def test_a_picture_of_piles_real_pieces_cannot_make_is_refused() -> None:
    from widgets.kabaleo import piles_picture

    with pytest.raises(ValueError, match="pink piece cannot lie on a bare pink base"):
        piles_picture(["KK"])
    with pytest.raises(ValueError, match="5 orange bases"):
        piles_picture(["O"] * 5)


def test_a_bare_bases_letter_stands_inside_its_coloured_band() -> None:
    """On a phone a reviewer saw a bare base's letter touch the base's foot: it stands in the
    band between the foot and the white top, clear of both."""
    from widgets.kabaleo import piles_picture

    svg = piles_picture(["K"]).svg
    polygons = [[tuple(map(float, pt.split(","))) for pt in points.split()]
                for points in re.findall(r'<polygon points="([^"]+)"', svg)]
    foot = max(y for _, y in polygons[0])  # the base
    white = max(y for _, y in polygons[1])  # its white top's lower edge
    (y, size), = [(float(y), float(size)) for y, size in re.findall(r'<text x="[\d.]+" y="([\d.]+)" font-size="([\d.]+)"', svg)]
    # (a CJK glyph fills about its em, centred on y)
    assert foot - (y + size / 2) >= 1.5 and (y - size / 2) - white >= 1, (foot, white, y, size)


def test_the_figures_table_of_an_end() -> None:
    from gamelib.kabaleo import random_game
    from widgets.kabaleo import figures

    table = figures(random_game(2, 674))
    text = repr(table)
    assert "9(紫6、緑3)" in text and "7(オレンジ4、ピンク3)" in text
    # the result in words (a phone's card of the row read 「勝者 ×」)
    assert table.headers[-1] == "結果" and [row[-1] for row in table.rows] == ["勝ち", "負け"]


def test_book_tables_are_tall_and_narrow_and_name_their_frames() -> None:
    from gamelib.kabaleo import random_game
    from widgets.kabaleo import COLOUR_FILL, board_picture, piles_picture

    end = random_game(2, 674)
    frames = {i: ("紫", COLOUR_FILL["V"]) for i, p in enumerate(end.piles, 1) if p.colour == "V"}
    picture = board_picture(end, marks=frames, legend=[(COLOUR_FILL["V"], "紫の枠は紫の山")])
    assert "紫の枠は紫の山(山2、山4、山6、山9、山11、山15)" in picture.alt
    for pic in (picture, board_picture(KabaleoState.new(4, seed=1)), piles_picture(list("OKVGBY"))):
        width = float(re.search(r'width="([\d.]+)"', pic.svg).group(1))  # type: ignore[union-attr]
        assert width <= 560
    for players in (2, 3, 4):  # the book's tables and the phone layout fit a 360 px phone, six colours too
        end = random_game(players, 5)
        width = float(re.search(r'width="([\d.]+)"', board_picture(end).svg).group(1))  # type: ignore[union-attr]
        board = KabaleoController(players, 5)
        board.fit_width(360)
        assert width <= 360 and board.narrow and board.layout.width <= 360, (players, width, board.layout.width)
    # every layer of a pile carries its one-character name
    assert re.findall(r">(.)</text>", piles_picture(["GKOV"]).svg) == ["緑", "ピ", "オ", "紫"]


def test_hand_pieces_carry_their_colour_name_not_colour_alone() -> None:
    from types import SimpleNamespace

    from widgets.kabaleo import SHORT_JA, draw_hand
    from widgets.surface import SvgSurface

    s = SvgSurface(400, 80, "手")
    layout = SimpleNamespace(piece_xy=lambda player, slot: (30 + 50 * slot, 50))
    draw_hand(s, layout, 0, "OOVG", "OVGB")
    labels = re.findall(r"<text[^>]*>([^<]*)</text>", s.svg())
    for colour in "OVG":
        assert SHORT_JA[colour] in labels, labels
    assert SHORT_JA["B"] not in labels  # no piece of blue left: no cone, no name
    assert "×2" in labels and labels.count("×1") == 2


def test_a_move_begun_before_looking_is_followed_by_the_status() -> None:
    """The hands are public, so a person may move without 「担当色を見る」; the status then
    says the next step (not the hand-over words alone) and still how to look."""
    c = KabaleoController(3, seed=2, seats=["human"] * 3)
    assert c.curtain_down()
    before = c.status_line()
    c.click(*c.layout.piece_xy(c.state.turn, 0))  # a piece of the hand, picked up without looking
    assert c.selected is not None
    after = c.status_line()
    assert after != before and "置く山をクリック" in after and "担当色を見る" in after


def test_the_end_says_the_count_and_the_comparison_that_decided_it() -> None:
    """The last status gives each player's piles of their colour and names the comparison that
    decided (gamelib's ``decided_by``) with the winner's figure for it."""
    from gamelib.players import GreedyPlayer, play_out

    seen = set()
    for players in (2, 3, 4):
        for seed in range(40):
            c = KabaleoController(players, seed=seed, seats=["greedy"] * players)
            c.state = play_out(c.state, [GreedyPlayer(seed + i) for i in range(players)])
            words, keys, winners = c.status_line(), c.state.ranking_keys(), c.state.winners()
            for p, k in enumerate(keys):
                assert f"{c.player_names[p]}(" in words and f"){k[0]}個" in words, words
            decided = c.state.decided_by() if len(winners) == 1 else None
            best = keys[winners[0]]
            expected = {1: "山がいちばん多いので", 2: f"いちばん上が担当色のコマの山(何も乗っていないベースは数えない)を比べます。"
                           f"{c.player_names[winners[0]]}が{best[1]}個で",
                        3: f"最も高い山を比べます。{c.player_names[winners[0]]}が{best[2]}段で",
                        None: "勝ちを分け合います"}[decided]
            assert f"勝者は{c.winners_text() if len(winners) == 1 else ''}" in words, words
            assert expected in words, words
            if decided in (2, 3):  # only the players level with the winner so far are named as tied
                level = [c.player_names[p] for p, k in enumerate(keys) if k[:decided - 1] == best[:decided - 1]]
                tied = words.split("。")[2].split("が")[0]
                assert tied == names(level), (tied, keys)
            seen.add(decided)
    assert seen == {1, 2, 3, None}


def test_two_colours_are_counted_in_the_end_words_as_the_option_counts_them() -> None:
    """With two colours each, the end says each colour's piles: summed (the rule), or the
    better one (the option); 「(オレンジと緑)4個」 read as a sum where it was the better colour."""
    from gamelib.players import GreedyPlayer, play_out

    for scoring, joined in (("sum", "+"), ("best", "・")):
        c = KabaleoController(2, seed=3, options={"two_player_scoring": scoring}, seats=["greedy"] * 2)
        c.state = play_out(c.state, [GreedyPlayer(i) for i in range(2)])
        counts, words = c.state.colour_counts(), c.status_line()
        for p, secret in enumerate(c.state.secrets):
            each = joined.join(f"{NAME_JA[colour]}{counts[colour]}" for colour in secret)
            assert f"{c.player_names[p]}({each}{'の多いほう' if scoring == 'best' else ''}){c.state.ranking_keys()[p][0]}個" in words


def test_the_pieces_a_person_can_play_are_framed_before_one_is_chosen() -> None:
    """The first step is marked as every board marks it: the colours of the hand that have a
    legal move (gamelib's) are thinly framed in green; once one is chosen, it alone is framed
    thick and the piles that take it are framed; a computer's turn frames nothing in the hand."""
    from widgets.kabaleo import LEGAL, KabaleoBoard

    board = KabaleoBoard(3, 6, seats=["human", "greedy", "greedy"], computer_delay=0)
    c = board.controller
    svg = c.picture().svg
    playable = {m.colour for m in c.state.legal_moves()}
    assert svg.count(f'stroke="{LEGAL}" stroke-width="1.5"') == len(playable) > 0
    assert "手元のコマ(緑の枠)" in c.status_line()
    colour = sorted(playable)[0]
    c.selected = colour
    svg = c.picture().svg
    assert svg.count(f'stroke="{LEGAL}" stroke-width="1.5"') == 0
    assert svg.count(f'stroke="{LEGAL}" stroke-width="3"') == 1 + len(c.targets())
    watching = KabaleoBoard(3, 6, seats=["greedy", "greedy", "greedy"], computer_delay=0).controller
    assert f'stroke="{LEGAL}" stroke-width="1.5"' not in watching.picture().svg


def test_a_move_that_removes_two_pieces_says_so() -> None:
    """A replay's caption 「青を山14へ」 stood beside a pile with no blue piece (both blues had
    left it): a move that meets its own colour on top says that the two pieces left."""
    c = KabaleoController(players=2, seed=3, seats=["human", "human"])
    state = c.state
    removing = plain = None
    while not state.is_over() and (removing is None or plain is None):
        for move in state.legal_moves():
            after = state.play(move).piles[move.pile - 1]
            if after.height < state.piles[move.pile - 1].height and removing is None:
                removing = (state, move)
            elif after.height > state.piles[move.pile - 1].height and plain is None:
                plain = (state, move)
        state = state.play(state.legal_moves()[len(state.moves) % len(state.legal_moves())])
    assert removing and plain
    words = c.describe_move(*removing)
    colour = NAME_JA[removing[1].colour]
    assert words == f"{colour}を山{removing[1].pile}へ(同じ色が続いたので、{colour}のコマ2つが外れた)"
    assert "外れた" not in c.describe_move(*plain)


def test_the_settings_show_an_option_only_for_its_player_counts() -> None:
    """「2人の数え方」 means nothing to three or four players: it shows for two only."""
    board = KabaleoBoard(players=3, seed=1, seats=["human", "greedy", "greedy"])
    assert board.scoring_box.layout.display == "none" and board.deal_box.layout.display != "none"
    board.players_box.value = 2
    assert board.scoring_box.layout.display != "none"
    board.players_box.value = 4
    assert board.scoring_box.layout.display == "none"


def test_the_hint_says_how_to_get_it_while_the_colour_is_hidden() -> None:
    board = KabaleoBoard(players=2, seed=1, seats=["human", "human"])
    c = board.controller
    assert c.curtain_down() and board.hint_button.disabled
    assert board.hint_button.tooltip == f"「{c.reveal_label}」を押すと使えます"
    board.reveal_button.click()
    assert not board.hint_button.disabled and "欲張り" in board.hint_button.tooltip


def test_on_a_phone_the_panel_of_the_person_to_move_stands_above_the_piles() -> None:
    """On a phone the panels stood under the piles: the person's pieces lay a screen below the
    first piles, so every turn meant scrolling down to pick a piece and up to pick a pile. The
    person to move's panel now stands above the piles (the others under them, in turn order)
    and stays there while the computers move; a tap where it is drawn picks its piece."""
    c = KabaleoController(4, seed=2, seats=["human"] * 4, mode="open")
    c.fit_width(390)
    assert c.narrow and 370 <= c.layout.width <= 390  # the piles as wide as the column allows
    for _ in range(6):
        p = c.state.current_player
        svg = c.picture().svg
        layout = c.layout
        own = layout.panel_y(p)
        assert own + 96 < layout.pile_cell(1)[1]  # above the first row of piles
        assert layout.pile_cell(len(c.state.piles))[1] + layout.pile_h <= layout.hands_top
        top = layout.hands_top
        assert [layout.panel_y((p + k) % 4) for k in range(1, 4)] == [top + 96 * k for k in range(3)]
        assert re.search(rf'<text x="[\d.]+" y="{own + 16:g}"[^>]*>▶ {c.player_names[p]}', svg)
        move = c.state.legal_moves()[0]
        c.click(*layout.piece_xy(p, c.state.colours.index(move.colour)))
        assert c.selected == move.colour
        x, y = layout.pile_cell(move.pile)
        assert c.click(x + 20, y + 20) and c.history[-1].move == move
    computers = KabaleoController(4, seed=2, seats=["greedy", "greedy", "human", "greedy"])
    computers.fit_width(390)
    computers.picture()
    assert computers.layout.panel_y(2) < computers.layout.pile_cell(1)[1]  # the person's, from the start
    # from the top of the picture to the foot of the piles' first two rows: within a phone's screen
    second_row = computers.layout.pile_cell(computers.layout.columns + 1)[1]
    assert second_row + computers.layout.pile_h < 844 - 300


def test_the_seats_follow_the_player_count_chosen_for_the_next_game() -> None:
    """Choosing 4人 showed only the two seats of the game on the board, so the seats of a
    4-player game could not be set before it started (a computer could move first)."""
    board = KabaleoBoard(players=2, seed=1, seats=["human", "greedy"])
    board.players_box.value = 4
    assert [box.value for box in board.seat_row.children] == ["human", "greedy", "greedy", "greedy"]
    board.seat_row.children[3].value = "human"  # the fourth seat: the next game's
    board.seat_row.children[2].value = "hiding"
    assert board.controller.seats == ["human", "greedy"]  # (this game's seats are as they were)
    board.seed_box.value = "5"
    board.new_button.click()
    assert board.controller.seats == ["human", "greedy", "hiding", "human"]
    assert [box.value for box in board.seat_row.children] == ["human", "greedy", "hiding", "human"]
    board.seat_row.children[1].value = "random"  # a seat of this game changes at once
    assert board.controller.seats[1] == "random"


def test_the_counts_of_the_pieces_stay_inside_their_panel() -> None:
    """The 「×2」 under each piece lay across the bottom of the panel of the player to move (its
    frame is 2 px wide there)."""
    for narrow in (False, True):
        c = KabaleoController(3, seed=4, seats=["human", "greedy", "greedy"])
        c.fit_width(390 if narrow else 1366)
        svg = c.picture().svg
        panels = [tuple(float(v) for v in m) for m in
                  re.findall(r'<rect x="([\d.]+)" y="([\d.]+)" width="320" height="90"', svg)]
        counts = [(float(x), float(y)) for x, y in
                  re.findall(r'<text x="([\d.]+)" y="([\d.]+)" font-size="11"[^>]*>×\d+</text>', svg)]
        assert len(panels) == 3 and len(counts) >= 10
        for x, y in counts:
            px, py = next((px, py) for px, py in panels if px <= x <= px + 320 and py <= y <= py + 90)
            assert y + 11 / 2 + 1 <= py + 90 - 1, (narrow, y, py)


def test_the_curtain_button_shows_only_where_several_people_share_the_screen() -> None:
    """With one person at the board nothing is ever hidden from them: 「担当色を見る」 stood there
    greyed out for good."""
    board = KabaleoBoard(players=3, seed=1, seats=["human", "greedy", "greedy"])
    assert board.reveal_button.layout.display == "none"
    board.seat_row.children[1].value = "human"
    assert board.reveal_button.layout.display != "none"


def test_the_forbidden_piles_word_is_clear_of_the_last_moves_discs_on_a_phone() -> None:
    """On a phone's narrow piles the discs of the players' last moves (top left, side by side)
    covered 「直前」 (top right), which read 「前」. It stands at the bottom right now, beside the
    pile's number, clear of every disc."""
    import re as _re

    from gamelib.players import GreedyPlayer
    from widgets.kabaleo import KabaleoController

    c = KabaleoController(3, seed=6, seats=["human", "greedy", "greedy"])
    c.fit_width(358)
    assert c.narrow
    for k in range(9):  # several players on the piles, the last one forbidden
        c.play(GreedyPlayer(k).choose(c.state))
    svg = c.picture().svg
    word = _re.search(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*>直前</text>', svg)
    assert word, "no 「直前」 on the board"
    wx, wy = float(word.group(1)), float(word.group(2))
    discs = [(float(x), float(y), float(r)) for x, y, r in
             _re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"', svg)]
    assert discs
    for x, y, r in discs:  # the word's box: 2 characters of 11 px, right-aligned at wx, baseline near wy
        assert not (wx - 24 - r < x < wx + r and wy - 12 - r < y < wy + 3 + r), (word.group(0), x, y)


def test_the_thin_frames_of_the_playable_pieces_stay_clear_of_their_counts() -> None:
    """On a phone the thin green frame round each playable piece ran through the 「×2」 under it."""
    from widgets.kabaleo import LEGAL

    for narrow in (False, True):
        c = KabaleoController(3, seed=4, seats=["human", "greedy", "greedy"])
        c.fit_width(390 if narrow else 1366)
        svg = c.picture().svg
        frames = [(float(x), float(y) + float(h)) for x, y, h in re.findall(
            rf'<rect x="([\d.]+)" y="([\d.]+)" width="40" height="([\d.]+)"[^>]*stroke="{LEGAL}" stroke-width="1.5"', svg)]
        counts = [(float(x), float(y)) for x, y in
                  re.findall(r'<text x="([\d.]+)" y="([\d.]+)" font-size="11"[^>]*>×\d+</text>', svg)]
        assert frames and counts
        for x, foot in frames:
            y = next(y for cx, y in counts if x <= cx <= x + 40)
            assert foot + 1.5 / 2 <= y - 11 / 2, (narrow, foot, y)  # the frame's line ends above the count's top


def test_the_person_to_move_is_told_what_the_computers_played() -> None:
    """The log lies below the table (far below on a phone) and computers play between two clicks:
    the status names each move the others made since the person's own, as キングドミノ's does."""
    board = KabaleoBoard(3, 6, seats=["human", "greedy", "greedy"], computer_delay=0)
    c = board.controller
    while not c.human_to_move():
        c.run_computers()
    first = c.state.legal_moves()[0]
    before = c.state
    board.click_move(first)
    while not c.human_to_move():
        c.run_computers()
    played = c.history[-2:]
    assert [step.player for step in played] == [1, 2] and played[0].before == before.play(first)
    status = c.status_line()
    for step in played:
        assert f"{c.player_names[step.player]}は{NAME_JA[step.move.colour]}を山{step.move.pile}へ" in status
    assert "置きました。" in status and status.index("置きました。") < status.index("プレイヤー1の番です")
    assert "置きました" not in c.bar_line()  # (the site's bar: what to do now)


def test_a_refused_pile_is_framed_red_and_named_in_the_reason() -> None:
    from widgets.kabaleo import WRONG

    board = KabaleoBoard(players=2, seed=1, seats=["human", "human"], mode="open")
    c = board.controller
    state = c.state
    pile = next(i for i, p in enumerate(state.piles, 1) if p.base in state.hands[state.turn])
    reds = c.picture().svg.count(f'stroke="{WRONG}"')
    board.click_move(Move(pile, state.piles[pile - 1].base))
    assert c.status_line().startswith(f"山{pile}は何も乗っていない")
    svg = c.picture().svg
    assert svg.count(f'stroke="{WRONG}"') == reds + 1 and ">×</text>" in svg
    x, y = c.layout.piece_xy(state.turn, 0)
    c.click(x, y - 10)  # choosing a piece again: the reason and its frame go
    assert c.picture().svg.count(f'stroke="{WRONG}"') == reds
    # the question 「全員の色を見せる」 asks is no refusal: a refused pile's × does not come back with it
    c = KabaleoController(2, seed=1, seats=["human", "human"])
    state = c.state
    pile = next(i for i, p in enumerate(state.piles, 1) if p.base in state.hands[state.turn])
    assert not c.play(Move(pile, state.piles[pile - 1].base))
    c.refused_pile, c.error = pile, None  # (as a refused click leaves it, its reason since gone)
    assert not c.act("mode:open") and c.error == c.OPEN_ASK
    assert ">×</text>" not in c.picture().svg


def test_a_hinted_move_that_removes_a_pair_is_told_as_still_to_come() -> None:
    """The hint named a move not yet made in the past tense (「…2つが外れた」); the log of a made
    move keeps the past."""
    from widgets.kabaleo import removes_a_pair
    board = KabaleoBoard(players=2, seed=3, seats=["human", "human"], mode="open")
    c = board.controller
    rng = seeded_rng(3, "kabaleo-pair-hint")
    while not any(removes_a_pair(c.state, m) for m in c.state.legal_moves()):
        board.click_move(rng.choice(c.state.legal_moves()))
        assert not c.state.is_over()
    move = next(m for m in c.state.legal_moves() if removes_a_pair(c.state, m))
    c.hint_move = move  # as if the hint player had chosen it
    line = c.status_line()
    pair = f"(同じ色が続くので、{NAME_JA[move.colour]}のコマ2つが外れる)"
    assert f"{NAME_JA[move.colour]}を山{move.pile}へ{pair}" in line and "外れた" not in line
    before = c.state
    board.click_move(move)
    assert "外れた" in c.describe_move(before, move)


def test_a_tall_pile_stays_in_its_cell_its_lower_pieces_counted() -> None:
    """A pile of seven pieces ran out of the top of its cell, nearly onto the number of the pile
    above. The board draws the top ones that fit, and counts the others (「+2」)."""
    from gamelib.kabaleo.pile import Pile
    from widgets.kabaleo import Layout, draw_pile, pieces_that_fit
    from widgets.surface import SvgSurface

    cell = Layout.__dataclass_fields__["pile_h"].default
    colours = "".join(c for c in NAME_JA)
    pile = Pile.from_text(colours[0] + "".join(colours[1 + i % 2] for i in range(7)))  # (no two alike in a row)
    s = SvgSurface(90, cell)
    draw_pile(s, 45, cell - 22, pile, most=pieces_that_fit(cell - 22 - 2))
    svg = s.svg()
    tops = [float(y) for pts in re.findall(r'<polygon points="([^"]+)"', svg) for y in re.findall(r",([-\d.]+)", pts)]
    assert min(tops) >= 0, min(tops)
    shown = pieces_that_fit(cell - 22 - 2)
    assert 4 <= shown < 7 and f">+{7 - shown}<" in svg


def test_the_hint_label_stays_clear_of_the_players_discs_on_a_phone() -> None:
    """On a phone's narrow piles 「ヒント」 lay over the disc of the player who played the pile last."""
    board = KabaleoBoard(players=3, seed=2, seats=["human", "greedy", "greedy"])
    c = board.controller
    c.fit_width(390)
    rng = seeded_rng(2, "kabaleo-hint-disc")
    checked = 0
    while not c.state.is_over() and checked < 6:
        if c.human_to_move():
            c.hint()
            svg = c.picture().svg
            label = re.search(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*>ヒント</text>', svg)
            assert label
            lx, ly = float(label.group(1)), float(label.group(2))
            for cx, cy in re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)" r="9"', svg):
                if abs(float(cx) - lx) < 9 + 17 and abs(float(cy) - ly) < 40:
                    assert ly - 6 >= float(cy) + 9, (lx, ly, cx, cy)
                    checked += 1
            board.click_move(rng.choice(c.state.legal_moves()))
        else:
            break
    assert checked > 0


def test_on_a_phone_the_picture_ends_under_the_last_panel_until_the_final_count() -> None:
    """On a phone the picture kept room for the final count all game: a blank band of 132 px
    under the last panel.  It ends under the panels while the game goes on, grows for the count
    at the end, and the pile played last is no longer marked 「直前」 once the game is over."""
    c = KabaleoController(3, seed=5, seats=["human"] * 3, mode="open")
    c.fit_width(390)
    c.picture()
    layout = c.layout
    last = max(layout.panel_y(p) for p in range(3))
    assert c.narrow and last + 96 <= layout.height <= last + 96 + 16, (layout.height, last)
    while not c.state.is_over():
        assert c.play(c.state.legal_moves()[0])
    svg = c.picture().svg
    height = float(re.search(r'<svg[^>]* height="([\d.]+)"', svg).group(1))
    assert height >= c.layout.hands_top + 2 * 96 + 120
    assert "色ごとの山の数" in svg
    assert "直前" not in svg and "直前" not in c.describe()
    assert c.state.forbidden_pile() is not None  # (the engine still knows it; the board no longer says it)
    assert c.undo() and not c.layout.final and "直前" in c.picture().svg


def test_what_undo_took_back_is_not_said_again_after_a_refusal() -> None:
    """After 「元に戻す」 and a refused click, the next step that cleared the refusal (here,
    choosing another piece) brought 「元に戻しました。…」 back to the status as if just undone."""
    c = KabaleoController(3, seed=1, seats=["human", "greedy", "greedy"])
    assert c.play(c.state.legal_moves()[0]) and c.undo()
    assert c.status_line().startswith("元に戻しました")
    p = c.state.current_player
    moves = c.state.legal_moves()
    colour = moves[0].colour
    wrong = next(i for i in range(1, len(c.state.piles) + 1) if all(m.pile != i for m in moves if m.colour == colour))
    c.click(*c.layout.piece_xy(p, c.state.colours.index(colour)))
    x, y = c.layout.pile_cell(wrong)
    assert not c.click(x + c.layout.pile_w / 2, y + c.layout.pile_h / 2)
    assert c.error is not None and "元に戻しました" not in c.status_line()
    other = next(m.colour for m in moves if m.colour != colour)
    c.click(*c.layout.piece_xy(p, c.state.colours.index(other)))
    assert c.error is None and "元に戻しました" not in c.status_line(), c.status_line()


def test_a_width_of_a_few_pixels_draws_no_pile_of_a_negative_width() -> None:
    """A phone's page gave the board a few pixels for a moment (its column not yet laid out): the
    piles came out -13 px wide and the browser's console filled with errors.  The tall layout's
    piles are never narrower than its least."""
    for width in (1, 20, 60, 200, 320):
        for players in (2, 3, 4):
            c = KabaleoController(players, seed=1)
            c.fit_width(width)
            svg = c.picture().svg
            assert not re.findall(r'(?:width|height)="-[\d.]+"', svg), (width, players)
            assert c.layout.pile_w >= 48


def test_the_end_tells_what_the_computers_played_after_the_persons_last_move() -> None:
    """A tester found the game over and the moves that ended it only in the log, far below:
    after the result, the status says what the others played since the person's last move."""
    from gamelib.players import GreedyPlayer
    from widgets.kabaleo import KabaleoController

    c = KabaleoController(3, seed=0, seats=["human", "greedy", "greedy"])
    me = GreedyPlayer(9)
    while not c.state.is_over():
        if c.human_to_move():
            c.play(me.choose(c.state))
        else:
            c.run_computers()
    last = max(i for i, step in enumerate(c.history) if step.player == 0)
    after = c.history[last + 1:]
    assert after  # (seed 0: the computers end it)
    words = c.status_line()
    assert words.startswith("ゲーム終了。") and "プレイヤー1の最後の手のあと、" in words, words
    told = words[words.index("最後の手のあと、") + len("最後の手のあと、"):]
    for s in after:  # each move in turn, a removal in its own sentence with the move that set it off
        said = f"{c.player_names[s.player]}は{NAME_JA[s.move.colour]}を山{s.move.pile}へ"
        assert told.startswith(said), (told, said)
        told = told[len(said):]
        if removes_a_pair(s.before, s.move):
            removal = f"置き、同じ色が続いたので、{NAME_JA[s.move.colour]}のコマ2つが外れました。"
            assert told.startswith(removal), told
            told = told[len(removal):]
        else:
            assert told.startswith(("、", "置きました。")), told
            told = told[1 if told.startswith("、") else len("置きました。"):]
    assert words.index("勝者") < words.index("最後の手のあと")


def test_a_removal_is_told_with_the_move_that_set_it_off() -> None:
    """A tester read 「プレイヤー2は緑を山4へ、プレイヤー3は緑を山13へ置きました。山4で緑のコマ2つが
    外れました。」: told after every move, the removal read as set off by the last one.  It goes
    with its own move, in a sentence of its own (another found 「…緑を山15へ(同じ色が続いたので、
    緑のコマ2つが外れた)置きました。」 awkward)."""
    from gamelib.players import GreedyPlayer
    from widgets.kabaleo import removes_a_pair

    seen = 0
    for seed in range(10):
        c = KabaleoController(3, seed=seed, seats=["human", "greedy", "greedy"])
        me = GreedyPlayer(seed)
        while not c.state.is_over():
            since = c.since_own_move()
            if since is not None:
                for k, step in enumerate(since[1]):
                    if removes_a_pair(step.before, step.move):
                        colour = NAME_JA[step.move.colour]
                        told = (f"{c.player_names[step.player]}は{colour}を山{step.move.pile}へ置き、"
                                f"同じ色が続いたので、{colour}のコマ2つが外れました。")
                        assert told in c.status_line(), c.status_line()
                        if k + 1 < len(since[1]):  # (the next move starts a sentence of its own)
                            following = c.player_names[since[1][k + 1].player] + "は"
                            assert told + following in c.status_line(), c.status_line()
                        seen += 1
            c.play(me.choose(c.state)) if c.human_to_move() else c.run_computers()
    assert seen >= 3


def test_behind_the_curtain_the_status_says_why_the_hint_is_off() -> None:
    """With two people, 「ヒント」 is off until the colour is shown: a tester saw it greyed with
    no word (the status said only that a move may be made without looking)."""
    c = KabaleoController(3, seed=2, seats=["human", "human", "greedy"])
    while not c.human_to_move():
        c.run_computers()
    assert c.curtain_down() and not c.can_hint()
    assert "ヒントは、見てから使えます" in c.status_line()
    c.reveal()
    assert c.can_hint() and "ヒントは、見てから" not in c.status_line()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_final_count_fits_inside_the_wide_board(players: int) -> None:
    """At 1366×768, four players' final count had its colours' names (オレンジ, ピンク...) cut
    off at the picture's bottom edge: every word of the finished board lies inside it."""
    from gamelib.players import GreedyPlayer, play_out

    c = KabaleoController(players, seed=3, seats=["greedy"] * players)
    c.state = play_out(c.state, [GreedyPlayer(p) for p in range(players)])
    assert c.state.is_over() and not c.narrow
    svg = c.picture().svg
    height = float(re.search(r'<svg [^>]*height="([0-9.]+)"', svg).group(1))
    texts = re.findall(r'<text x="[0-9.]+" y="([0-9.]+)" font-size="([0-9.]+)"[^>]*>([^<]*)<', svg)
    assert any(words == "オレンジ" for _, _, words in texts)
    low = max(float(y) + 0.5 * float(size) for y, size, _ in texts)  # (centred on y: its lowest strokes)
    assert low <= height, (low, height)


def test_a_pieces_frame_stands_clear_of_the_secret_colours_line() -> None:
    """A tester saw the green frame of a piece (chosen, or one that can be played) touch the
    「担当色: ■ 緑」 line above the hand: every frame in the person's panel starts at least 2 px
    below the bottom of that line's colour square (its text is as tall)."""
    rect = re.compile(r'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="([^"]+)" '
                      r'stroke="([^"]+)" stroke-width="([\d.]+)"/>')
    checked = 0
    for seed in range(4):
        c = KabaleoController(3, seed=seed, seats=["human", "greedy", "greedy"])
        for chosen in (None, c.state.legal_moves()[0].colour):
            c.selected = chosen
            svg = c.picture().svg
            top = c.layout.panel_y(0)
            rects = [tuple(float(v) if i < 4 else v for i, v in enumerate(m.groups())) for m in rect.finditer(svg)]
            squares = [r for r in rects if r[2] == 14 and r[3] == 16 and top < r[1] < top + 90
                       and r[0] >= c.layout.hands_x]
            frames = [r for r in rects if r[5] == "#00a86b" and top < r[1] < top + 90 and r[0] >= c.layout.hands_x]
            assert squares and frames, svg
            assert min(f[1] - float(f[6]) / 2 for f in frames) >= max(q[1] + q[3] for q in squares) + 2, (squares, frames)
            checked += 1
    assert checked == 8


def test_the_hint_names_its_frame_by_its_label_not_by_a_piece_colour() -> None:
    """「ヒント(オレンジの枠)」 read as an orange pile's frame (the chapter frames the orange piles
    in orange, and orange is a colour of the pieces): the hint names its frame by the label the
    board writes in it, 「ヒント」."""
    c = KabaleoController(2, seed=4, seats=["human", "greedy"])
    assert c.hint() and c.hint_move is not None
    line = c.hint_line()
    assert line.startswith("ヒント(「ヒント」と書いた枠): ") and "オレンジの枠" not in line
    assert line in c.status_line()
    svg = c.picture().svg
    assert re.search(rf'fill="{HINT}"[^>]*>ヒント</text>', svg)
