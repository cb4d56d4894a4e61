"""The Kabaleo chapter in Voilà, in Debian's chromium: play a move on the live board by
clicking a piece and a pile, then see an illegal click explained in Japanese."""

from __future__ import annotations

import pytest

from widgets.kabaleo import KabaleoController

from .conftest import open_live, wait_for_status

pytestmark = pytest.mark.browser
SEATS = ["human", "hiding", "hiding"]  # as in the chapter's board cell


def test_play_a_move_and_see_an_illegal_one_refused(browser, serve_notebook) -> None:
    url = serve_notebook("kabaleo.ipynb")
    expected = KabaleoController(3, seed=6, seats=SEATS)  # as in the chapter
    board = open_live(browser, url, "kabaleo-board", expected, 1300, 1000)
    page, click = board.page, board.click
    board.canvas.scroll_into_view_if_needed()
    layout = expected.layout

    state = expected.state
    move = state.legal_moves()[0]
    px, py = layout.piece_xy(state.current_player, state.colours.index(move.colour))
    click(px, py - 10)  # choose the piece
    assert "置く山をクリック" in expected.status()
    board.wait()  # (the page's status line changed: the whole prompt, not a part of it)
    cx, cy = layout.pile_cell(move.pile)
    click(cx + layout.pile_w / 2, cy + layout.pile_h / 2)  # and the pile
    assert expected.state.moves[len(state.moves)] == str(move)
    # every move arrived (the computers' too): the prompt alone would be the one shown before
    board.wait()

    # now the pile the last computer played on is closed: try it with any piece
    state = expected.state
    forbidden = state.forbidden_pile()
    colour = state.hands[state.current_player][0]
    px, py = layout.piece_xy(state.current_player, state.colours.index(colour))
    click(px, py - 10)
    cx, cy = layout.pile_cell(forbidden)
    click(cx + layout.pile_w / 2, cy + layout.pile_h / 2)
    assert "置かれたばかりなので、今は置けません" in expected.status()
    wait_for_status(page, "kabaleo-board", "置かれたばかりなので、今は置けません")
    page.close()
