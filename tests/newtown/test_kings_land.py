"""王様の土地: entering costs 2, materials on arrival, any number of craftsmen, 19 and up for turn
order, houses for the first two builders (王様の土地に家を建てる条件) and their stones."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest

from gamelib import IllegalMoveError, NotationError
from gamelib.newtown import KING, kings_land_dice_ok, sections

from .conftest import P1, P2, house, kinds, points, staged

RUNS = {(1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, 6)}
TRIPLES = {(v, v, v) for v in range(1, 7)}


def test_the_dice_condition_runs_or_three_of_a_kind_in_any_order() -> None:
    for roll in product(range(1, 7), repeat=3):
        assert kings_land_dice_ok(roll) == (tuple(sorted(roll)) in RUNS | TRIPLES), roll
    assert kings_land_dice_ok([6, 4, 5]) and not kings_land_dice_ok([0, 1, 2]) and not kings_land_dice_ok([5, 6, 7])


@pytest.mark.parametrize("bad", [[1, 2], [1, 2, 3, 4], "123", [1, 2, "3"], [1.0, 2, 3], [True, 2, 3], [-1, 2, 3], None])
def test_the_dice_condition_refuses_what_is_not_three_white_dice(bad: Any) -> None:
    with pytest.raises(NotationError):
        kings_land_dice_ok(bad)


def _king(whites: str = "w2 w3 w4", stones: tuple[int, int] = (1, 0), houses: tuple = (), **fields: Any):
    base: dict[str, Any] = {"craftsmen": (KING, KING), "king_arrivals": (P2, P1), "stones": stones,
                            "dice": (f"r0 g0 b3 {whites}", "r0 g0 b3 w5 w5 w5"), "materials": ((4, 4), (4,)),
                            "houses": houses or (house(1, P1, 12), house(2, P2, 9)), "next_house": 3}
    base.update(fields)
    return staged(2, "build", **base)


def test_the_first_builder_gets_two_stones_the_second_one() -> None:
    after = _king(stones=(1, 1)).play("build K 2x2 1 4")
    assert after.king_builders == (P1,) and after.stones == (3, 1)  # the stone is kept, +2
    # the King's land has no land card; it has its tree from the start
    assert kinds(after, P1) == ["base", "tree"] and after.cards[0] == -2
    after = after.play("end").play("build K 2x2 1 4")
    assert after.king_builders == (P1, P2) and after.stones == (3, 2)


def test_only_the_first_two_builders_one_house_each() -> None:
    state = _king(king_builders=(P2, 2))
    with pytest.raises(IllegalMoveError, match="first two") as info:
        state.play("build K 2x2 1 4")
    assert info.value.section == sections.KINGS_LAND
    state = _king(king_builders=(P1,), houses=(house(1, P1, 12), house(2, P1, KING)))
    with pytest.raises(IllegalMoveError, match="One house each"):
        state.play("build K 2x2 1 4")


@pytest.mark.parametrize("fields, words", [
    ({"houses": (house(1, P2, 9),), "next_house": 2}, "house elsewhere"),
    ({"stones": (0, 0)}, "reward stone"),
    ({"whites": "w2 w3 w5"}, "run or three of a kind"),
])
def test_the_three_conditions(fields: dict[str, Any], words: str) -> None:
    state = _king(**fields)
    assert not [m for m in state.legal_moves() if m.kind == "build"]
    with pytest.raises(IllegalMoveError, match=words) as info:
        state.play("build K 2x2 1 4")
    assert info.value.section == sections.KINGS_LAND


def test_the_kings_land_is_limited_by_builders_not_by_units() -> None:
    state = _king(houses=(house(1, P1, 12), house(2, P2, KING, "3x3")), king_builders=(P2,),
                  materials=((4, 5), ()))
    assert "build K 3x3 1 4,5" in [str(m) for m in state.legal_moves()]


def test_a_kings_land_house_is_extended_by_its_owner_with_the_dice_condition_only() -> None:
    mine = _king(houses=(house(1, P1, KING),), king_builders=(P1,), stones=(0, 0))
    assert points(mine.play("extend h1 2x2 2 4"), P1, "extend") == 1
    theirs = _king(houses=(house(1, P2, KING), house(2, P1, 12)), king_builders=(P2,))
    with pytest.raises(IllegalMoveError, match="cannot be taken over") as info:
        theirs.play("extend h1 2x2 2 4")
    assert info.value.section == sections.KINGS_LAND


def test_any_number_of_craftsmen_may_stand_there() -> None:
    state = staged(3, "move1", craftsmen=(3, KING, KING), king_arrivals=(P2, 2),
                   dice=("r0 g2 b0 w1 w1 w1", "r0 g0 b0 w1 w1 w1", "r0 g0 b0 w1 w1 w1"))
    after = state.play("go K")
    assert after.craftsmen == (KING, KING, KING) and after.king_arrivals == (P2, 2, P1)
    assert [after.order_number(p) for p in range(3)] == [21, 19, 20]


def test_a_house_built_and_taken_over_since_still_opens_the_kings_land() -> None:
    """「すでに家を建てている」: P1 built the house on 12, which P2 has taken over since; P1 has
    built a house, so P1 may build on the King's land (a player who never built may not)."""
    taken = (house(1, P2, 12), house(2, P2, 9))
    assert "build K 2x2 1 4" in [str(m) for m in _king(houses=taken, built=(1, 1)).legal_moves()]
    with pytest.raises(IllegalMoveError, match="house elsewhere"):
        _king(houses=taken, built=(0, 2)).play("build K 2x2 1 4")
