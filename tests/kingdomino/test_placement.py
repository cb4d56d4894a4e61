"""ドミノの配置ルール: the placement rule, and rulings 3 (must place) and 4 (the square)."""

from __future__ import annotations

import pytest

from gamelib import IllegalMoveError, NotationError
from gamelib.kingdomino import Kingdom, KingdominoState
from gamelib.kingdomino.sections import PLACEMENT
from gamelib.players import RandomPlayer

# The three cases of the text's placement example, rebuilt: the row "W0 G0 L0 C".
EXAMPLE = Kingdom.from_text("W0 G0 L0 C")


def test_text_example_left_wheat_beside_grassland_only_is_illegal() -> None:
    # domino 13 = wheat + forest; wheat under the grassland, forest under the lake
    assert not EXAMPLE.can_place(13, (1, 1), (1, 2))
    error = EXAMPLE.check_place(13, (1, 1), (1, 2))
    assert error is not None and error.section == PLACEMENT and "接していません" in error.message_ja


def test_text_example_middle_shifted_one_square_is_legal() -> None:
    assert EXAMPLE.can_place(13, (1, 0), (1, 1))  # wheat now under the wheat


def test_text_example_right_one_wheat_on_wheat_is_enough() -> None:
    assert EXAMPLE.can_place(1, (1, 0), (1, 1))  # wheat+wheat: one touches wheat, one grassland


def test_any_terrain_may_touch_the_castle() -> None:
    k = Kingdom()
    for number in (1, 12, 40, 46, 48):
        assert k.can_place(number, (0, 1), (0, 2))
        assert k.can_place(number, (1, 0), (2, 0))


def test_diagonal_contact_does_not_count() -> None:
    k = Kingdom.from_text("C . .\n. . F0")
    # domino 3 (forest + forest) on (0,2)-(0,3): the forest at (1,2) is right below (0,2)
    assert k.can_place(3, (0, 2), (0, 3))
    # on (2,1)-(3,1): it touches the forest at (1,2) only corner to corner, and no castle
    assert not k.can_place(3, (2, 1), (3, 1))


def test_the_two_halves_must_be_orthogonally_adjacent_and_on_empty_squares() -> None:
    k = Kingdom.from_text("C W0")
    assert not k.can_place(1, (0, 2), (1, 3))  # diagonal halves
    assert not k.can_place(1, (0, 2), (0, 4))  # apart
    assert not k.can_place(1, (0, 1), (0, 2))  # on the wheat
    assert not k.can_place(1, (0, 0), (1, 0))  # on the castle
    assert "already taken" in str(k.check_place(1, (0, 1), (0, 2)))


def test_the_kingdom_with_its_castle_must_fit_in_five_by_five() -> None:
    k = Kingdom.from_text("C W0 W0 W0 W0")  # five wide already
    assert not k.can_place(1, (0, 5), (0, 6))
    assert not k.can_place(1, (1, -1), (1, 0))
    assert k.can_place(1, (1, 3), (1, 4))
    error = k.check_place(1, (0, 5), (0, 6))
    assert error is not None and "5×5" in error.message_ja and error.section == PLACEMENT


def test_the_castle_may_end_up_in_a_corner() -> None:
    k = Kingdom()
    for r in range(1, 5):  # wheat dominoes straight down from the castle
        k = k.place(1, (r, 0), (r, 1))
    assert k.castle == (0, 0)
    assert k.can_place(1, (0, 1), (0, 2))
    assert not k.can_place(1, (-1, 1), (-1, 2))  # would make six rows
    assert k.span() == (0, 4, 0, 1)


def test_cells_far_outside_and_bad_arguments() -> None:
    k = Kingdom()
    assert not k.can_place(1, (100, 100), (100, 101))
    with pytest.raises(NotationError, match="no domino 49"):
        k.can_place(49, (0, 1), (0, 2))
    with pytest.raises(ValueError, match="cell"):
        k.can_place(1, (0, 1), "0,2")  # type: ignore[arg-type]


def test_placements_lists_exactly_the_cells_can_place_accepts() -> None:
    k = Kingdom.from_text("W0 G0 L0 C\n. . F1 .")
    listed = set(k.placements(13))
    for r in range(-5, 6):
        for c in range(-5, 8):
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                first, second = (r, c), (r + dr, c + dc)
                assert ((first, second) in listed) == k.can_place(13, first, second)
    assert listed


def test_a_full_kingdom_has_no_placement() -> None:
    full = Kingdom.from_text("\n".join(["W0 W0 W0 W0 W0"] * 2 + ["W0 W0 C W0 W0"] + ["W0 W0 W0 W0 W0"] * 2))
    assert full.is_full() and all(not full.placements(n) for n in range(1, 49))


def _state_with_no_placement() -> KingdominoState:
    """Play seeded random games until a king stands on a domino that fits nowhere."""
    for seed in range(200):
        state = KingdominoState.new(4, seed=seed)
        rng = RandomPlayer(seed)
        while not state.is_over():
            if state.phase == "place" and state.legal_moves()[0].kind == "discard":
                return state
            state = state.play(rng.choose(state))
    raise AssertionError("no position with a forced discard found")


def test_a_domino_that_fits_nowhere_is_discarded_and_scores_nothing() -> None:
    state = _state_with_no_placement()
    player, number = state.current_player, state.current_domino
    kingdom = state.kingdoms[player]
    assert kingdom.placements(number) == []
    assert [str(m) for m in state.legal_moves()] == [f"discard {number}"]
    after = state.play(f"discard {number}")
    assert after.kingdoms[player] == kingdom
    assert after.discards[player] == state.discards[player] + 1
    assert after.scores()[player] == state.scores()[player]


def test_a_domino_that_fits_must_be_placed_not_discarded() -> None:
    state = KingdominoState.new(4, seed=1)
    while state.claim_queue:
        state = state.play(state.legal_moves()[0])
    before = state.to_json()
    with pytest.raises(IllegalMoveError) as info:
        state.play(f"discard {state.current_domino}")
    assert info.value.section == PLACEMENT and "捨てることはできません" in info.value.message_ja
    assert state.to_json() == before


def test_an_illegal_placement_in_a_game_names_the_rule_and_changes_nothing() -> None:
    state = KingdominoState.new(4, seed=1)
    while state.claim_queue:
        state = state.play(state.legal_moves()[0])
    before = state.to_json()
    with pytest.raises(IllegalMoveError) as info:
        state.play(f"place {state.current_domino} 3,3 3,4")
    assert info.value.section == PLACEMENT
    assert "#kingdomino-placement" in str(info.value)
    assert state.to_json() == before
