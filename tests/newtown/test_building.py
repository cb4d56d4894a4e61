"""家を建てる: 家の建て方, 増築の仕方, 建築条件 0-6, ペントハウス, 家を建てたときの処理 (base points,
the six bonuses, the land card), extension points and the take-over (《引き継ぎ》).

Expected points are worked out by hand from the text and the data file's base points
(standard × floors: 2x2 = 1 a floor, 2x3 = 2, 2x4 = 3, 3x3 = 4; a penthouse +2)."""

from __future__ import annotations

from typing import Any

import pytest

from gamelib import IllegalMoveError
from gamelib.newtown import rulings, sections
from gamelib.newtown.game import STOCK

from .conftest import P1, P2, house, kinds, points, staged

WHITES = {12: "w3 w4 w5", 16: "w4 w6 w6", 3: "w1 w1 w1", 5: "w1 w2 w2", 7: "w1 w2 w4", 9: "w2 w3 w4",
          18: "w6 w6 w6", 11: "w3 w4 w4"}


def at(land: int, black: int = 4, materials: tuple[int, ...] = (1, 2, 3, 4), **fields: Any):
    """P1 to build on ``land`` (whites adding up to it), P2 next; P1 holds cards 3 4 5 6, P2 7 8 9 10."""
    base: dict[str, Any] = {"craftsmen": (land, 17), "dice": (f"r0 g0 b{black} {WHITES[land]}", "r0 g0 b1 w1 w1 w1"),
                            "materials": (materials, (6, 6))}
    base.update(fields)
    return staged(2, "build", **base)


def test_how_to_build_each_piece_costs_a_black_pip_whatever_its_size() -> None:
    state = at(12)
    after = state.play("build 12 2x3 1 1,2,3")
    assert after.dice[P1].black == 1 and after.materials[P1] == (4,)
    assert after.houses[0][:5] == (1, P1, 12, "2x3", 1)
    assert after.roofs[P1] == (2, 1, 2, 2)  # a standard-2 roof, placed without a pip
    assert state.play("build 12 2x2 1 4").dice[P1].black == 3


def test_how_to_build_the_pieces_fill_the_footprint_exactly() -> None:
    state = at(12)
    for bad in ("build 12 2x3 1 2,3", "build 12 2x2 1 1,2"):
        with pytest.raises(IllegalMoveError, match="cannot fill") as info:
            state.play(bad)
        assert info.value.section == sections.HOW_TO_BUILD
    assert state.play("build 12 2x2 2 1,3,4").houses[0].floors == 2  # 4 | 1+3


def test_how_to_build_a_piece_never_spans_two_floors() -> None:
    state = at(12, materials=(2, 6))
    with pytest.raises(IllegalMoveError, match="cannot fill"):
        state.play("build 12 2x2 2 2,6")


def test_how_to_build_pieces_held_and_pips_enough() -> None:
    with pytest.raises(IllegalMoveError, match="do not hold") as info:
        at(12).play("build 12 2x2 1 2,2")
    assert info.value.section == sections.HOW_TO_BUILD
    with pytest.raises(IllegalMoveError, match="3 pieces, 2 pips"):
        at(12, black=2).play("build 12 2x3 1 1,2,3")


# -- 増築の仕方 -----------------------------------------------------------------------------------------
def _mine(footprint: str = "2x2", floors: int = 1, materials: tuple[int, ...] = (1, 2, 3, 4), **kw: Any):
    return at(12, houses=(house(1, P1, 12, footprint, floors, **kw),), next_house=2, roofs=((1, 2, 2, 2), (2,) * 4),
              cards=_cards_with(12, P1), materials=materials)


def _cards_with(land: int, holder: int) -> tuple[int, ...]:
    base = [STOCK] * 19
    for p, lands in ((P1, (3, 4, 5, 6)), (P2, (7, 8, 9, 10))):
        for x in lands:
            base[x] = p
    base[0] = base[1] = base[2] = -2
    base[land] = holder
    return tuple(base)


def test_extending_wider_more_floors_or_both() -> None:
    wider = _mine().play("extend h1 2x3 1 2")
    assert wider.houses[0].footprint == "2x3" and points(wider, P1, "extend") == 1  # base 2 - 1
    assert wider.roofs[P1] == (2, 1, 2, 2)  # the 2x2 roof back, a 2x3 roof on
    taller = _mine().play("extend h1 2x2 2 4")
    assert taller.houses[0].floors == 2 and points(taller, P1, "extend") == 1 and taller.roofs[P1] == (1, 2, 2, 2)
    both = _mine(materials=(2, 2, 4)).play("extend h1 2x3 2 2,2,4")  # floor 1 widens by 2; floor 2: 2+4
    assert (both.houses[0].footprint, both.houses[0].floors) == ("2x3", 2)
    assert points(both, P1, "extend") == 3  # base 4 - 1


def test_extending_only_adds() -> None:
    state = _mine("2x4", 1)
    for bad, words in (("extend h1 3x3 1 1", "cannot become"), ("extend h1 2x3 1 1", "cannot become"),
                       ("extend h1 2x4 1 1", "adds floors")):
        with pytest.raises(IllegalMoveError, match=words) as info:
            state.play(bad)
        assert info.value.section == sections.EXTENDING
    # 3x3 is larger than 2x4 (9 squares against 8): the Japanese reason is that it does not hold it
    with pytest.raises(IllegalMoveError) as info:
        state.play("extend h1 3x3 1 1")
    assert "3×3の形は今の2×4の形を含まない" in str(info.value)


def test_extending_the_upper_floors_keep_the_shape_so_every_floor_widens() -> None:
    two = _mine("2x2", 2, materials=(2, 2, 4))
    widen = sorted(str(m) for m in two.legal_moves() if str(m).startswith("extend h1 2x3 2 "))
    assert widen == ["extend h1 2x3 2 2,2"]  # two floors, 2 squares each
    with pytest.raises(IllegalMoveError, match="cannot fill"):
        two.play("extend h1 2x3 2 4")  # one piece cannot widen two floors


# -- 建築条件 --------------------------------------------------------------------------------------------
def test_condition_0_the_craftsman_on_the_land() -> None:
    with pytest.raises(IllegalMoveError, match="Condition 0") as info:
        at(12).play("build 3 2x2 1 4")
    assert info.value.section == sections.CONDITIONS


def test_condition_1_the_white_dice_add_up_to_the_lands_number() -> None:
    state = at(12, dice=("r0 g0 b4 w3 w4 w6", "r0 g0 b1 w1 w1 w1"))
    assert not [m for m in state.legal_moves() if m.kind == "build"]
    with pytest.raises(IllegalMoveError, match="add up to 13, not 12") as info:
        state.play("build 12 2x2 1 4")
    assert info.value.section == sections.CONDITIONS


def test_condition_2_at_most_four_standard_units_on_a_land() -> None:
    busy = at(12, houses=(house(1, P2, 12, "2x3"),), next_house=2, materials=(2, 3, 4, 4))
    built = {m.args[1] for m in busy.legal_moves() if m.kind == "build"}
    assert built == {"2x2", "2x3"}
    with pytest.raises(IllegalMoveError, match="Condition 2") as info:
        busy.play("build 12 2x4 1 4,4")
    assert info.value.section == sections.CONDITIONS
    full = at(12, houses=(house(1, P2, 12, "3x3"),), next_house=2)
    assert not [m for m in full.legal_moves() if m.kind == "build"]


def test_condition_3_at_most_three_floors() -> None:
    with pytest.raises(IllegalMoveError, match="Condition 3"):
        at(12, materials=(4, 4, 4, 4)).play("build 12 2x2 4 4,4,4,4")
    with pytest.raises(IllegalMoveError, match="Condition 3"):
        _mine("2x2", 3).play("extend h1 2x2 4 4")


def test_condition_6_houses_are_limited_by_the_roofs() -> None:
    state = at(12, roofs=((0, 2, 2, 2), (2,) * 4))
    assert not [m for m in state.legal_moves() if m.kind == "build" and m.args[1] == "2x2"]
    with pytest.raises(IllegalMoveError, match="Condition 6") as info:
        state.play("build 12 2x2 1 4")
    assert info.value.section == sections.CONDITIONS


def test_condition_5_a_build_is_one_move_that_leaves_no_half_floor() -> None:
    after = at(12).play("build 12 2x2 1 4")
    assert all(h.floors >= 1 for h in after.houses)  # the house stands, roofed, after the move


# -- ペントハウス ------------------------------------------------------------------------------------------
def test_penthouse_only_on_a_3x3_house_only_by_its_owner_not_a_floor() -> None:
    with pytest.raises(IllegalMoveError, match="Only a 3x3") as info:
        _mine("2x4").play("penthouse h1 4")
    assert info.value.section == sections.PENTHOUSE
    top = _mine("3x3", 3).play("penthouse h1 4")
    h = top.houses[0]
    assert h.penthouse and h.floors == 3 and h.base(top.comp) == 14  # 12 + 2, still three floors
    assert points(top, P1, "penthouse") == 2 and top.roofs[P1] == (0, 2, 2, 2)  # a 2x2 roof
    other = at(12, houses=(house(1, P2, 12, "3x3"),), next_house=2)
    with pytest.raises(IllegalMoveError, match="owner"):
        other.play("penthouse h1 4")


def test_penthouse_a_house_with_one_is_never_extended_again() -> None:
    state = _mine("3x3", 1, penthouse=True)
    assert not [m for m in state.legal_moves() if m.args and m.args[0] == 1 and m.kind in ("extend", "penthouse")]
    with pytest.raises(IllegalMoveError, match="penthouse cannot be extended") as info:
        state.play("extend h1 3x3 2 1,2,3,3")
    assert info.value.section == sections.PENTHOUSE


# -- 家を建てたときの処理 --------------------------------------------------------------------------------
def test_on_building_base_points_and_the_first_house_is_the_largest() -> None:
    after = at(12).play("build 12 2x3 1 1,2,3")
    assert kinds(after, P1) == ["base", "largest"]
    assert after.scores() == [3, 0]  # base 2 + largest 1; the card of 12 came from the stock, no point
    assert after.cards[12] == P1


def test_on_building_tree_bonus() -> None:
    after = at(12, trees=(0, 12)).play("build 12 2x2 1 4")
    assert points(after, P1, "tree") == 1


def test_on_building_second_house_on_the_land_whoever_owns_the_first() -> None:
    one = at(12, houses=(house(1, P2, 12),), next_house=2)
    assert points(one.play("build 12 2x2 1 4"), P1, "second") == 1
    two = at(12, houses=(house(1, P2, 12), house(2, P2, 12)), next_house=3)
    assert points(two.play("build 12 2x2 1 4"), P1, "second") == 0  # the third house


def test_on_building_the_fifth_house() -> None:
    assert points(at(12, built=(4, 0)).play("build 12 2x2 1 4"), P1, "fifth") == 1
    assert points(at(12, built=(5, 0)).play("build 12 2x2 1 4"), P1, "fifth") == 0


def test_on_building_the_largest_house_strictly() -> None:
    other = (house(1, P2, 9, "2x3"),)  # base 2
    assert points(at(12, houses=other, next_house=2).play("build 12 2x3 1 2,4"), P1, "largest") == 0
    assert points(at(12, houses=other, next_house=2).play("build 12 2x4 1 1,3,4"), P1, "largest") == 1


def test_on_building_a_line_of_four_lands_all_with_houses() -> None:
    # line 3-9-12-16 (the right column): houses on 3 (two), 9 and 16; P1 completes it on 12
    others = (house(1, P2, 3), house(2, P2, 3), house(3, P2, 9), house(4, P1, 16))
    after = at(12, houses=others, next_house=5).play("build 12 2x2 1 4")
    assert points(after, P1, "line") == 5  # +1 for each of the five houses on the four lands
    # a second house on 12 completes nothing new
    again = at(12, houses=others + (house(5, P2, 12),), next_house=6).play("build 12 2x2 1 4")
    assert points(again, P1, "line") == 0


def test_on_building_a_2x2_block_of_lands_all_with_houses() -> None:
    # block 7-11-16-18 (bottom right); the lines through 16 stay open (5, 14, 9, 3 have no house)
    others = (house(1, P2, 7), house(2, P2, 11), house(3, P2, 18))
    after = at(16, houses=others, next_house=4).play("build 16 2x2 1 4")
    assert points(after, P1, "block") == 4 and points(after, P1, "line") == 0


def test_on_building_the_land_card_point_or_the_card() -> None:
    own = at(5).play("build 5 2x2 1 4")
    assert points(own, P1, "card") == 1 and own.cards[5] == P1
    theirs = at(7, used=(7,)).play("build 7 2x2 1 4")
    assert points(theirs, P1, "card") == 0 and theirs.cards[7] == P1 and theirs.hand(P2) == (8, 9, 10)
    assert 7 not in theirs.used  # the ability is ready again for its new holder


# -- 家を増築したとき, 《引き継ぎ》 -----------------------------------------------------------------------
def test_on_extending_the_difference_and_only_the_largest_bonus() -> None:
    state = at(12, trees=(0, 12), houses=(house(1, P1, 12), house(2, P2, 12)), next_house=3,
               cards=_cards_with(12, P1), roofs=((1, 2, 2, 2), (1, 2, 2, 2)))
    after = state.play("extend h1 2x2 2 4")
    assert kinds(after, P1) == ["extend", "largest"] and after.scores()[P1] == 2  # 2 - 1, +1


def test_on_extending_the_card_comes_from_its_holder_without_a_point() -> None:
    state = at(12, houses=(house(1, P1, 12),), next_house=2, cards=_cards_with(12, P2))
    after = state.play("extend h1 2x2 2 4")
    assert after.cards[12] == P1 and points(after, P1, "card") == 0


def test_take_over_extends_anothers_house_and_makes_it_yours() -> None:
    state = at(12, houses=(house(1, P2, 12, "2x3"),), next_house=2, roofs=((2,) * 4, (2, 1, 2, 2)),
               cards=_cards_with(12, P2))
    after = state.play("extend h1 2x3 2 2,4")
    h = after.houses[0]
    assert h.owner == P1 and (h.footprint, h.floors) == ("2x3", 2)
    assert points(after, P1, "take-over") == 2  # base 4 - 2
    assert points(after, P1, "largest") == 1
    assert after.stones == (0, 1)  # 自分の家を他の職人が増築した時 +1
    assert after.roofs == ((2, 1, 2, 2), (2, 2, 2, 2))  # the former owner's roof goes back to them
    assert after.cards[12] == P1 and after.scores()[P2] == 0


def test_the_building_conditions_hold_for_extending_and_taking_over_too() -> None:
    """裁定 (rulings.EXTENSION_CONDITIONS): the white dice must point at the land for an
    extension and a take-over too, and condition 2 counts the standard after the extension."""
    assert [m for m in _mine().legal_moves() if m.kind == "extend"]
    wrong = at(12, houses=(house(1, P1, 12, "2x2"),), next_house=2, roofs=((1, 2, 2, 2), (2,) * 4),
               cards=_cards_with(12, P1), dice=("r0 g0 b4 w3 w4 w6", "r0 g0 b1 w1 w1 w1"))  # whites add up to 13
    assert not [m for m in wrong.legal_moves() if m.kind in ("extend", "penthouse", "build")]
    with pytest.raises(IllegalMoveError) as info:
        wrong.play("extend h1 2x3 1 2")
    assert info.value.section == sections.CONDITIONS
    theirs = at(12, houses=(house(1, P2, 12, "2x3"),), next_house=2,
                dice=("r0 g0 b4 w3 w4 w6", "r0 g0 b1 w1 w1 w1"))
    assert not [m for m in theirs.legal_moves() if m.kind == "extend"]  # no take-over either
    # a land shared with a 2x3 (standard 2): a 2x2 grows to 2x3 (2 + 2 = 4), not to 2x4 (2 + 3 = 5)
    shared = at(12, houses=(house(1, P1, 12, "2x2"), house(2, P2, 12, "2x3")), next_house=3,
                materials=(2, 4, 4), roofs=((1, 2, 2, 2), (2,) * 4), cards=_cards_with(12, P1))
    grown = {m.args[1] for m in shared.legal_moves() if m.kind == "extend" and m.args[0] == 1}
    assert "2x3" in grown and "2x4" not in grown
