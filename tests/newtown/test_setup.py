"""ゲームの準備: 土地タイル, 個人スペース, 共有スペース, 土地カード (random deal and the draft),
入居者カード, 順番・スタート地点."""

from __future__ import annotations

import pytest

from gamelib import IllegalMoveError, NotationError
from gamelib.newtown import KING, Board, NewtownState, components, sections
from gamelib.newtown.board import default_board
from gamelib.newtown.game import GONE, STOCK

DEFAULT = """\
 . 17  4  .
10  6 13  9
15  K  K  3
 8  K  K 12
 5 14 11 16
 .  .  7 18"""


# -- 土地タイルを配置する ----------------------------------------------------------------------
def test_the_default_map_is_the_data_files_and_meets_the_four_guidelines() -> None:
    board = default_board(components())
    assert board.to_text() == DEFAULT
    assert board.guideline_problems() == []
    assert len(board.neighbours[KING]) == 8  # at least 4
    assert min(len(board.neighbours[x]) for x in board.numbered) >= 2
    assert board.span() == (6, 4) and board.connected()


def test_the_default_maps_lines_and_blocks_read_by_hand() -> None:
    board = default_board(components())
    assert set(board.lines) == {(6, 9, 10, 13), (5, 11, 14, 16), (5, 8, 10, 15),
                                (3, 9, 12, 16), (3, 12, 16, 18)}
    assert set(board.blocks) == {(4, 6, 13, 17), (7, 11, 16, 18)}


@pytest.mark.parametrize("seed", range(12))
def test_a_random_map_meets_the_guidelines(seed: int) -> None:
    state = NewtownState.new(4, {"layout": "random"}, seed=seed)
    assert state.board.guideline_problems() == []
    assert state.board.numbered == tuple(range(3, 19))
    assert len(state.board.squares(KING)) == 4


def test_random_maps_differ_by_seed_and_repeat_with_it() -> None:
    maps = {NewtownState.new(2, {"layout": "random"}, seed=s).board for s in range(8)}
    assert len(maps) == 8
    assert NewtownState.new(2, {"layout": "random"}, seed=3).board == NewtownState.new(2, {"layout": "random"},
                                                                                       seed=3).board


def test_a_given_map_with_fewer_lands_removes_their_land_cards() -> None:
    layout = "3 4 5 6\nK K 7 8\nK K 9 10"
    state = NewtownState.new(2, {"layout": layout}, seed=1)
    assert state.board.numbered == (3, 4, 5, 6, 7, 8, 9, 10)
    for land in range(11, 19):
        assert state.cards[land] == GONE
    held = [x for x in range(3, 11) if state.cards[x] >= 0]
    assert len(held) == 8  # 2 players hold 4 each: every land in play
    with pytest.raises(NotationError, match="at least 12"):
        NewtownState.new(3, {"layout": layout}, seed=1)


def test_a_given_map_must_not_have_detached_lands() -> None:
    with pytest.raises(NotationError, match="detached") as info:
        NewtownState.new(2, {"layout": "3 4 5 6 . 11\nK K 7 8 . 12\nK K 9 10 . 13"})
    assert "飛び地" in info.value.message_ja


@pytest.mark.parametrize("text, words", [("3 3\nK K\nK K", "twice"), ("3 4\n5 6", "missing"),
                                         ("3 K\nK K", "shape"), ("3 19\nK K\nK K", "not a square"),
                                         ("3 ４\nK K\nK K", "not a square")])
def test_maps_the_components_cannot_make_are_refused(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        Board.from_text(text)


def test_guidelines_that_a_map_breaks_are_named() -> None:
    board = Board.from_text("3 4 5 6 7 8 9\nK K . . . . .\nK K")
    problems = [en for _, en in board.guideline_problems()]
    assert any("touch the King's land" in p for p in problems)
    assert any("fewer than two" in p for p in problems)
    assert any("more than 6x6" in p for p in problems)


def test_the_castle_and_a_tree_stand_on_the_kings_land() -> None:
    assert NewtownState.new(2, seed=1).trees == (KING,)


# -- 個人スペース / 共有スペース ---------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_starts_with_8_roofs_no_stones_no_points(players: int) -> None:
    state = NewtownState.new(players, seed=5)
    assert all(sum(r) == 8 and r == (2, 2, 2, 2) for r in state.roofs)
    assert state.stones == (0,) * players and state.scores() == [0] * players
    assert state.houses == ()


# -- 土地カード ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players, stock", [(2, 8), (3, 4), (4, 0)])
def test_the_random_deal_gives_4_cards_each_and_sets_the_rest_aside(players: int, stock: int) -> None:
    for seed in range(5):
        state = NewtownState.new(players, seed=seed)
        hands = [state.hand(p) for p in range(players)]
        assert all(len(h) == 4 for h in hands)
        assert len({x for h in hands for x in h}) == 4 * players
        assert sum(1 for x in range(3, 19) if state.cards[x] == STOCK) == stock


def test_the_deal_is_random_from_the_seed() -> None:
    assert len({NewtownState.new(4, seed=s).hand(0) for s in range(10)}) > 5


def test_the_draft_as_the_text_describes_it() -> None:
    state = NewtownState.new(3, {"deal": "draft"}, seed=7)
    assert state.phase == "draft" and len(state.row) == 4 and len(state.deck) == 12
    first = state.current_player
    seats = [first, (first + 1) % 3, (first + 2) % 3]
    assert state.queue == tuple(seats + seats[::-1])
    # 1. four cards face up; 2. the first player takes 1 to 3 and the row is refilled
    with pytest.raises(IllegalMoveError) as info:
        state.play("draft " + " ".join(map(str, state.row)))  # four is too many
    assert info.value.section == sections.SETUP_LAND_CARDS
    assert "1周目" in info.value.message_ja  # (the chapter's word for the draft's passes)
    top = state.deck[:3]
    taken = state.row[:3]
    state = state.play("draft " + " ".join(map(str, taken)))
    assert state.hand(first) == tuple(sorted(taken))
    assert len(state.row) == 4 and set(top) <= set(state.row) and len(state.deck) == 9
    state = state.play(f"draft {state.row[0]}")
    state = state.play(f"draft {state.row[0]} {state.row[1]}")
    # 3. then in the reverse order, each takes up to 4 in hand
    assert state.current_player == seats[2] and [len(state.hand(p)) for p in seats] == [3, 1, 2]
    with pytest.raises(IllegalMoveError, match="exactly 2"):
        state.play(f"draft {state.row[0]}")
    state = state.play(f"draft {state.row[0]} {state.row[1]}")
    state = state.play("draft " + " ".join(map(str, state.row[:3])))
    assert state.current_player == first
    state = state.play(f"draft {state.row[0]}")
    # 4. everyone holds 4; the cards left are set aside (3 players: 4 of them)
    assert [len(state.hand(p)) for p in range(3)] == [4, 4, 4]
    assert sum(1 for x in range(3, 19) if state.cards[x] == STOCK) == 4
    assert state.phase == "tree" and state.round == 1


def test_the_drafts_face_down_pile_is_hidden() -> None:
    state = NewtownState.new(2, {"deal": "draft"}, seed=1)
    view = state.view(state.current_player)
    assert view["deck"] == 12 and view["row"] == list(state.row)


def test_the_draft_can_take_the_last_cards_when_the_pile_is_short() -> None:
    state = NewtownState.new(4, {"deal": "draft"}, seed=2)
    while state.phase == "draft":
        state = state.play(state.legal_moves()[-1])
    assert sorted(x for p in range(4) for x in state.hand(p)) == list(range(3, 19))


# -- 入居者カード ------------------------------------------------------------------------------------
def test_tenant_cards_wait_until_the_tenant_round() -> None:
    state = NewtownState.new(2, seed=1)
    assert state.grid == () and "grid" in state.snapshot() and state.snapshot()["grid"] == []


# -- 順番・スタート地点 ------------------------------------------------------------------------------
def test_craftsmen_start_on_their_lowest_land_and_the_order_follows_the_numbers() -> None:
    state = NewtownState.new(3, {"hands": [[9, 12, 15, 18], [4, 10, 13, 16], [7, 8, 11, 17]]}, seed=1)
    assert state.craftsmen == (9, 4, 7)
    assert state.order == (1, 2, 0)
    assert state.current_player == 1  # plants the tree: 手番1
