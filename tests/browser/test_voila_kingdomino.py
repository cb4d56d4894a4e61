"""The Kingdomino chapter in Voilà, in Debian's chromium: play on the live board by clicking
its canvas, and see an illegal click explained in Japanese.

The expected positions come from an identical controller built here (same seed and seats),
so the test knows where the legal squares are without hard-coding them.
"""

from __future__ import annotations

import pytest

from gamelib.kingdomino import DOMINOES
from widgets.kingdomino import EMPTY_FILL, TERRAIN_FILL, KingdominoController

from .conftest import open_live, wait_for_status

pytestmark = pytest.mark.browser
SEATS = ["human", "greedy", "greedy", "greedy"]  # as in the chapter's board cell


@pytest.fixture(scope="module")
def voila_url(serve_notebook) -> str:
    return serve_notebook("kingdomino.ipynb")


def _hex(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def _close(a: list[int], b: tuple[int, int, int], tolerance: int = 12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def test_place_a_domino_by_clicking_the_canvas_and_see_an_illegal_click_explained(browser, voila_url: str) -> None:
    expected = KingdominoController(4, seed=7, seats=SEATS)
    assert "赤の番です" in expected.status()
    board = open_live(browser, voila_url, "kingdomino-board", expected, 1300, 1000)
    page, click = board.page, board.click
    board.canvas.scroll_into_view_if_needed()
    layout = expected.layout

    def pixel(x: float, y: float) -> list[int]:
        return page.evaluate(
            """([x, y]) => { const cs = document.querySelectorAll('.kingdomino-board canvas');
                 const c = cs[cs.length - 1];
                 return Array.from(c.getContext('2d').getImageData(2 * x, 2 * y, 1, 1).data).slice(0, 3); }""",
            [x, y],
        )

    # 1. claim: click the first free domino of the new row
    free = next(i for i, s in enumerate(expected.state.next_row) if s.king is None)
    sx, sy = layout.slot_xy(1, free)
    assert click(sx + 10, sy + 10)
    assert "置く場所をクリック" in expected.status()
    board.wait()

    # 2. place: the first square gamelib highlights, second half to the right
    cell = expected.targets()[0]
    number = expected.state.current_domino
    cx, cy = layout.cell_xy(0, cell)
    probe = (cx + 4, cy + layout.cell / 2)
    assert _close(pixel(*probe), _hex(EMPTY_FILL))
    assert click(cx + layout.cell / 2, cy + layout.cell / 2)
    terrain = TERRAIN_FILL[DOMINOES[number].terrain1]
    page.wait_for_function(
        """([x, y, r, g, b]) => { const cs = document.querySelectorAll('.kingdomino-board canvas');
             const d = cs[cs.length - 1].getContext('2d').getImageData(2 * x, 2 * y, 1, 1).data;  // drawn at 2×
             return Math.abs(d[0] - r) < 13 && Math.abs(d[1] - g) < 13 && Math.abs(d[2] - b) < 13; }""",
        arg=[*probe, *_hex(terrain)], timeout=30_000,
    )
    board.wait()

    # 3. an illegal click: a square of red's kingdom that touches nothing
    assert expected.state.current_player == 0 and expected.state.phase == "claim"
    free = next(i for i, s in enumerate(expected.state.next_row) if s.king is None)
    sx, sy = layout.slot_xy(1, free)
    assert click(sx + 10, sy + 10)
    board.wait()
    bad = (-3, -3)
    assert not expected.state.kingdoms[0].can_place(expected.state.current_domino, bad, (-3, -2))
    bx, by = layout.cell_xy(0, bad)
    assert not click(bx + layout.cell / 2, by + layout.cell / 2)
    assert "接していません" in expected.status()
    wait_for_status(page, "kingdomino-board", "接していません")
    page.close()
