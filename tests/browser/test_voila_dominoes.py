"""The Dominomega chapter in Voilà, in Debian's chromium: place a tile on the live board by
clicking the tile in the hand and a highlighted cell; then an illegal click is explained."""

from __future__ import annotations

import pytest

from widgets.dominoes import DominomegaController

from .conftest import open_live, wait_for_status

pytestmark = pytest.mark.browser
SEATS = ["human", "greedy", "greedy"]  # as in the chapter's board cell


def test_place_a_tile_and_see_an_illegal_one_refused(browser, serve_notebook) -> None:
    url = serve_notebook("dominomega.ipynb")
    expected = DominomegaController(3, seed=4, seats=SEATS)
    board = open_live(browser, url, "dominomega-board", expected, 1300, 1000)
    page, click = board.page, board.click
    board.canvas.scroll_into_view_if_needed()

    hx, hy = expected.hand_slot_xy(0)
    click(hx + 10, hy + 10)  # the tile in the hand
    target = expected.targets()[0]
    x, y = expected.layout.xy(target)
    moves_before = len(expected.state.moves)
    click(x + expected.layout.cell / 2, y + expected.layout.cell / 2)
    assert len(expected.state.moves) > moves_before  # the tile went down (and the computers answered)
    board.wait()  # the computers have answered

    # a cell far from every tile
    hx, hy = expected.hand_slot_xy(0)
    click(hx + 10, hy + 10)
    x, y = expected.layout.xy((expected.layout.r0, expected.layout.c0))
    click(x + 3, y + 3)
    assert "接する" in expected.status()
    wait_for_status(page, "dominomega-board", "接する")
    page.close()
