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


#: Boards started with rules other than the defaults (the note must not take them for changes).
WITH_OPTIONS = {
    "kingdomino": lambda: KingdominoBoard(players=2, seed=1, options={"mighty_duel": True, "harmony": True},
                                          seats=["human", "human"]),
    "kabaleo": lambda: KabaleoBoard(players=2, seed=1, options={"deal": "even", "two_player_scoring": "best"},
                                    seats=["human", "human"]),
    "dominup": lambda: DominoBoard("dominup", 2, seed=1, options={"misere": True}, seats=["human", "human"]),
    "dragonkeeper": lambda: DragonKeeperBoard(3, seed=1, options={"releases": "player", "passage_chain": False},
                                              seats=["human", "human", "human"]),
    "newtown": lambda: NewtownBoard(3, seed=1, options={"short_game": True}, seats=["human", "human", "human"]),
}


@pytest.mark.parametrize("game", sorted({*BOARDS, *WITH_OPTIONS}))
def test_a_count_or_rule_chosen_for_the_next_game_is_said_to_be_so(game: str) -> None:
    """A tester changed 人数 mid-game; the seats changed, and the game went on with no word.
    Under the settings a note says that the count and the rules change at 「新しいゲーム」,
    while they differ from the game's own (a board whose game has other rules than the
    defaults shows none: its settings are its game's)."""
    from widgets.controller import LATER_NOTE

    for make in filter(None, (BOARDS.get(game), WITH_OPTIONS.get(game))):
        board = make()
        assert board.later_note.value == ""
        players = board.controller.state.players
        other = next(n for n in board.players_box.options if n != players)
        board.players_box.value = other
        # (a game with no rules to choose names none: ドミニマム's note had named 「ルール」)
        note = LATER_NOTE if board.controller.option_controls else LATER_NOTE.replace("人数とルールは", "人数は")
        assert note in board.later_note.value and board.controller.state.players == players
        assert ("ルール" in board.later_note.value) == bool(board.controller.option_controls)
        board.players_box.value = players
        assert board.later_note.value == ""
        fields = [f for f in board.option_fields().values() if f.layout.display != "none"]
        if fields:  # a rule changed: the next game's as well
            field = fields[0]
            before = field.value
            field.value = (not before) if isinstance(before, bool) else next(
                v for _, v in field.options if v != before)
            assert LATER_NOTE in board.later_note.value
            board.new_button.click()  # the new game has it: nothing left for later
            assert board.later_note.value == "" and board.controller.state.players == players


def test_once_the_game_is_over_the_note_says_no_game_goes_on() -> None:
    """A tester changed the count after the end and read 「今のゲームはこのまま続きます」."""
    from widgets.controller import LATER_NOTE_OVER

    board = BOARDS["kabaleo"]()
    c = board.controller
    while not c.state.is_over():
        c.play(c.state.legal_moves()[0])
    board.redraw()
    board.players_box.value = next(n for n in board.players_box.options if n != c.state.players)
    assert LATER_NOTE_OVER in board.later_note.value and "続きます" not in board.later_note.value
