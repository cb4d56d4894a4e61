"""The four domino boards without a browser: whole games by clicks, refusals, options."""

from __future__ import annotations

import pytest

from gamelib import get_game, seeded_rng
from gamelib.dominoes import Pass, Place
from widgets.dominoes import DominoBoard


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
    assert "重ね置きしなければなりません" in board.status.value


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


def test_dominup_misere_option_and_dominimum_mission_shown_to_its_owner() -> None:
    board = DominoBoard("dominup", 3, seed=1)
    board.misere_box.value = True
    board.new_button.click()
    assert board.controller.state.options.misere
    mission = DominoBoard("dominimum", 2, seed=1)
    assert "ミッションタイル" in mission.picture().svg
