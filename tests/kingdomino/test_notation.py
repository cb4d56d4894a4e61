"""Kingdom notation and move text: round trips and clear errors for bad input."""

from __future__ import annotations

import pytest

from gamelib import NotationError
from gamelib.kingdomino import Kingdom, KingdominoState, Move, parse_move

ROUND_TRIPS = [
    "C",
    "C W0",
    "W1 W0 F0 F1 F0\nW0 W0 C L1 L0\nG2 G0 S0 S1 M2\nG0 G0 S0 L0 M0\nF0 F0 W0 W1 L2",
    ". . .\n. C .\n. . .",
    "M3 .\n. C",
]


@pytest.mark.parametrize("text", ROUND_TRIPS)
def test_kingdom_text_round_trips(text: str) -> None:
    k = Kingdom.from_text(text)
    assert k.to_text() == text
    assert Kingdom.from_text(k.to_text()) == k


def test_seven_by_seven_round_trip_and_spacing_is_forgiven() -> None:
    text = "\n".join([" ".join(["W0"] * 7)] * 3 + ["W0 W0 W0 C W0 W0 W0"] + [" ".join(["F1"] * 7)] * 3)
    assert Kingdom.from_text(text, size=7).to_text() == text
    assert Kingdom.from_text("\n  C   W0 \n\n", size=5).to_text() == "C W0"


def test_cells_count_from_the_top_left_token() -> None:
    k = Kingdom.from_text(". . .\n. C W0")
    assert k.castle == (1, 1)
    assert k.can_place(1, (1, 3), (1, 4)) and not k.can_place(1, (0, 3), (0, 4))
    grown = k.place(1, (2, 2), (2, 3))
    assert grown.to_text() == ". . . .\n. C W0 .\n. . W0 W0"


def test_a_new_kingdom_grows_its_text_in_every_direction() -> None:
    k = Kingdom().place(46, (0, -1), (0, -2)).place(12, (-1, 0), (-2, 0))
    assert k.to_text() == ". . S0\n. . S0\nM2 S0 C"


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty"),
    ("C W0\nW0", "row 2 has 1 squares but row 1 has 2"),
    ("C X1", "row 1, column 2: 'X1' is not a square"),
    ("C W4", "'W4' is not a square"),
    ("C W", "'W' is not a square"),
    ("C W01", "'W01' is not a square"),
    ("W0 W0", "exactly one castle"),
    ("C C", "exactly one castle"),
    ("C W0 W0 W0 W0 W0", "fits in 5×5"),
])
def test_bad_kingdom_text_is_a_value_error_that_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Kingdom.from_text(text)


def test_bad_size_or_type() -> None:
    with pytest.raises(ValueError, match="size"):
        Kingdom.from_text("C", size=0)
    with pytest.raises(ValueError, match="text"):
        Kingdom.from_text(None)  # type: ignore[arg-type]


def test_move_text_round_trips_for_every_legal_move_of_a_game() -> None:
    state = KingdominoState.new(2, seed=9)
    while not state.is_over():
        for move in state.legal_moves():
            assert parse_move(move.text()) == move
            assert parse_move(str(move)).text() == str(move)
        state = state.play(state.legal_moves()[-1])


def test_move_text_accepts_extra_spaces_and_negative_cells() -> None:
    assert parse_move("  place 21  -1, 0   -2,0 ") == Move("place", 21, (-1, 0), (-2, 0))
    assert parse_move("claim 7") == Move("claim", 7)
    assert parse_move("discard 48") == Move("discard", 48)


@pytest.mark.parametrize(("text", "message"), [
    ("", "not a Kingdomino move"),
    ("claim", "not a Kingdomino move"),
    ("pick 3", "not a Kingdomino move"),
    ("place 3 0,1", "not a Kingdomino move"),
    ("place 3 0;1 0;2", "not a Kingdomino move"),
    ("claim 0", "no domino 0"),
    ("discard 49", "no domino 49"),
])
def test_bad_move_text_is_a_value_error(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_move(text)
    with pytest.raises(ValueError, match=message):
        KingdominoState.new(2, seed=0).play(text)
