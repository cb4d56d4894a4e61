"""建築ラウンドの決算 (materials left, land cards without a house, land values) and the short game."""

from __future__ import annotations

from typing import Any

import pytest

from gamelib import NotationError
from gamelib.newtown import building_settlement
from gamelib.newtown.game import GONE

from .conftest import P1, P2, house, points, staged


@pytest.mark.parametrize("left, cards, total", [
    (0, [], 1),  # nothing left: +1
    (3, [("芝生", True), ("石畳", True), ("煉瓦", False)], 0),  # -3, +3 +2, -2
    (1, [("泥土", True), ("煉瓦", True)], 0),  # -1, 0 +1
    (0, [("石畳", False), ("石畳", False)], -3),  # +1, -2 -2
])
def test_building_settlement_by_hand(left: int, cards: list[tuple[str, bool]], total: int) -> None:
    assert building_settlement(left, cards) == total


@pytest.mark.parametrize("left, cards", [(-1, []), (True, []), (1.0, []), (0, [("草", True)]), (0, [("芝生", 1)]),
                                         (0, "芝生"), (0, [("芝生",)]), (0, [("芝生", True)] * 17)])
def test_building_settlement_refuses_junk(left: Any, cards: Any) -> None:
    with pytest.raises(NotationError):
        building_settlement(left, cards)


def _settle(options: dict[str, Any] | None = None, **fields: Any):
    """The end of round 4 with everyone stopping: the building settlement follows."""
    base: dict[str, Any] = {"round": 4, "order": (P1, P2), "turn": 1, "craftsmen": (12, 16)}
    base.update(fields)
    state = staged(2, "move2", hands=[(3, 5, 9, 13), (4, 7, 8, 10)], options=options, **base).play("pass")
    return state.play("decide stop").play("decide stop")


def test_the_settlement_in_the_engine() -> None:
    houses = (house(1, P1, 3), house(2, P2, 7), house(3, P1, 13))
    state = _settle(materials=((1, 4), ()), houses=houses, next_house=4)
    # P1: two pieces left -2; cards 3 (芝生, a house) +3, 5 (石畳, none) -2, 9 (泥土, none) -2, 13 (煉瓦) +1
    assert points(state, P1, "materials") == -2
    assert points(state, P1, "card-without-house") == -4 and points(state, P1, "land-value") == 4
    # P2: nothing left +1; cards 4, 8, 10 without a house -6; 7 (煉瓦, P2's house) +1
    assert points(state, P2, "no-materials") == 1
    assert points(state, P2, "card-without-house") == -6 and points(state, P2, "land-value") == 1
    assert state.materials == ((), ()) and state.leftover == ((1, 4), ())
    for land in (5, 9, 4, 8, 10):
        assert state.cards[land] == GONE  # returned to the box
    assert state.hand(P1) == (3, 13) and state.hand(P2) == (7,)
    assert building_settlement(2, [("芝生", True), ("石畳", False), ("泥土", False), ("煉瓦", True)]) == -2


def test_a_house_of_anyone_keeps_the_card() -> None:
    state = _settle(houses=(house(1, P2, 5),), next_house=2)
    assert state.cards[5] == P1 and points(state, P1, "land-value") == 2


def test_the_short_game_ends_after_the_building_settlement_with_the_stones() -> None:
    state = _settle({"short_game": True}, stones=(3, 1), houses=(house(1, P1, 3),), next_house=2)
    assert state.is_over() and state.grid == ()
    assert points(state, P1, "stones") == 3 and points(state, P1, "most-stones") == 5
    assert points(state, P1, "empty-house") == 0  # no tenant round, no penalty for empty houses
    # P1: base 0 (staged house) + 1 (no materials) + 3 (land 3) - 6 (5, 9, 13) + 3 + 5 = 6
    assert state.scores()[P1] == 1 + 3 - 6 + 3 + 5
    assert state.winners() == [P1]
