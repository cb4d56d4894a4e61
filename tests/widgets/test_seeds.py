"""Secrets stay secret at the table: the seed decides every hidden thing (deck order, hands,
secret colours), so a board started without one draws it from the operating system and
shows no seed while the game is played; once the game is over it is shown, for replays."""

from __future__ import annotations

import pytest

from widgets.dominoes import DominoBoard
from widgets.dragonkeeper import DragonKeeperBoard
from widgets.kabaleo import KabaleoBoard
from widgets.kingdomino import KingdominoBoard
from widgets.newtown import NewtownBoard

BOARDS = {
    "kingdomino": lambda seed=None: KingdominoBoard(players=2, seed=seed, seats=["human", "human"]),
    "kabaleo": lambda seed=None: KabaleoBoard(players=2, seed=seed, seats=["human", "human"]),
    "dominimum": lambda seed=None: DominoBoard("dominimum", 2, seed=seed, seats=["human", "human"]),
    "dragonkeeper": lambda seed=None: DragonKeeperBoard(2, seed=seed, seats=["human", "human"]),
    "newtown": lambda seed=None: NewtownBoard(2, seed=seed, seats=["human", "human"]),
}


def _shown(board) -> str:
    picture = board.picture()
    return " ".join([board.status.value, board.info.value, board.seed_box.value, picture.svg, picture.alt])


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_a_board_without_a_seed_draws_one_the_table_cannot_see(game: str) -> None:
    boards = [BOARDS[game]() for _ in range(3)]
    seeds = {b.controller.state.seed for b in boards}
    assert len(seeds) == 3, "three boards without a seed must not share one"
    for board in boards:
        assert board.seed_box.value == ""
        assert str(board.controller.state.seed) not in _shown(board).replace(" ", "")


def test_the_seed_box_chooses_the_next_game_and_the_seed_is_told_at_the_end() -> None:
    board = KingdominoBoard(players=2, seats=["random", "random"])  # computers play it out
    assert board.controller.state.is_over()
    assert f"このゲームのシード: {board.controller.state.seed}" in board.info.value
    board.seed_box.value = "123"
    board.new_button.click()
    assert board.controller.state.seed == 123
    board.seed_box.value = "１２３"  # full-width digits are not a seed
    board.new_button.click()
    assert "シードは9桁までの数字" in board.status.value and board.controller.state.seed == 123
    board.seed_box.value = ""
    board.new_button.click()
    assert board.controller.state.seed != 123  # a fresh seed (one chance in 10⁹ of drawing 123 again)
