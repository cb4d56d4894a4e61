"""土地カード and 土地カードの特殊能力: the four abilities (which type has which is our assumption:
芝生 white, 石畳 +1, 煉瓦 swap, 泥土 material), once per card, reset when the card changes hands,
in phases 3 to 5 only; the card's point, its transfer and its −2 are tested with building and
the settlement."""

from __future__ import annotations

import pytest

from gamelib import IllegalMoveError
from gamelib.newtown import sections

from .conftest import P1, staged

# P1 holds 3 (芝生), 5 (石畳), 7 (煉瓦), 9 (泥土)
HANDS = [(3, 5, 7, 9), (4, 6, 8, 10)]


def _phase(phase: str = "move1", **fields: object):
    base = {"craftsmen": (12, 17), "dice": ("r2 g3 b5 w2 w4 w6", "r0 g0 b0 w1 w1 w1"), "materials": ((1, 3), ())}
    base.update(fields)
    return staged(2, phase, hands=HANDS, **base)  # type: ignore[arg-type]


def test_white_ability_one_white_die_to_zero_or_doubled() -> None:
    state = _phase()
    assert state.play("use 3 w4x2").dice[P1].white == (2, 6, 8)
    assert state.play("use 3 w6x0").dice[P1].white == (0, 2, 4)
    assert {str(m) for m in state.legal_moves() if m.kind == "use" and m.args[0] == 3} == {
        "use 3 w2x0", "use 3 w2x2", "use 3 w4x0", "use 3 w4x2", "use 3 w6x0", "use 3 w6x2"}


def test_plus_ability_green_red_or_black_plus_one() -> None:
    state = _phase()
    assert state.play("use 5 g+1").dice[P1].green == 4
    assert state.play("use 5 r+1").dice[P1].red == 3
    assert state.play("use 5 b+1").dice[P1].black == 6


def test_swap_ability_green_and_black() -> None:
    d = _phase().play("use 7 swap").dice[P1]
    assert (d.green, d.black) == (5, 3)


def test_material_ability_take_or_return_a_one() -> None:
    state = _phase()
    assert state.play("use 9 get").materials[P1] == (1, 1, 3)
    assert state.play("use 9 ret").materials[P1] == (3,)
    none = _phase(materials=((3,), ()))
    with pytest.raises(IllegalMoveError, match="size 1 to return"):
        none.play("use 9 ret")


def test_once_per_card_per_game() -> None:
    state = _phase().play("use 5 g+1")
    assert 5 in state.used
    assert not [m for m in state.legal_moves() if m.kind == "use" and m.args[0] == 5]
    with pytest.raises(IllegalMoveError, match="once per card") as info:
        state.play("use 5 b+1")
    assert info.value.section == sections.LAND_CARD_ABILITIES
    # still used in a later phase and a later round
    assert 5 in state._with(phase="build", round=3).used


def test_abilities_in_phases_3_to_5_only() -> None:
    for phase in ("move1", "manage", "build"):
        assert any(m.kind == "use" for m in _phase(phase).legal_moves()), phase
    with pytest.raises(IllegalMoveError, match="another phase"):
        _phase("move2").play("use 5 g+1")


def test_an_ability_of_the_right_card_only() -> None:
    state = _phase()
    with pytest.raises(IllegalMoveError, match="do not hold land card 4"):
        state.play("use 4 w2x2")
    with pytest.raises(IllegalMoveError) as info:
        state.play("use 5 swap")
    assert "緑・赤・黒" in info.value.message_ja
    with pytest.raises(IllegalMoveError, match="changes nothing"):
        _phase(dice=("r2 g3 b5 w0 w4 w6", "r0 g0 b0 w1 w1 w1")).play("use 3 w0x2")
