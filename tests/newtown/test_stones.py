"""王様の褒美の石: every way of earning one, and what they are worth at the end."""

from __future__ import annotations

from gamelib.newtown import KING, extension_stones, rulings
from gamelib.newtown.game import Dice

from .conftest import P1, P2, house, points, staged


def test_every_way_of_earning_a_stone() -> None:
    # 自分の家を他の職人が増築した時 +1
    took = staged(2, "build", craftsmen=(12, 5), dice=("r0 g0 b2 w3 w4 w5", "r0 g0 b0 w1 w1 w1"),
                  materials=((4,), ()), houses=(house(1, P2, 12),), next_house=2).play("extend h1 2x2 2 4")
    assert took.stones == (0, 1)
    # 他の職人の建築の手伝いをした時 +1
    helped = staged(2, "build", dice=("r0 g0 b2 w1 w1 w1", "r0 g0 b0 w1 w1 w1")).play("help")
    assert helped.stones == (1, 0)
    # 他の職人に資材(4以上)を譲った時 +1
    gave = staged(2, "manage", dice=("r0 g0 b0 w1 w1 w1", "r0 g0 b0 w1 w1 w1"), materials=((4,), ()))
    assert gave.play("supply gift 4 P2").stones == (1, 0)
    # 取った赤のサイコロの目が1の時 +1
    red = staged(2, "dice", pool=(("r", 1), ("r", 3), ("w", 2)), dice=(Dice(), Dice()), picks=0)
    assert red.play("take r1").stones == (1, 0)
    # 王様の土地に家を建てた時 1番目+2 2番目+1
    assert rulings.KING_STONES == (2, 1)
    king = staged(2, "build", craftsmen=(KING, 5), king_arrivals=(P1,), stones=(1, 0),
                  dice=("r0 g0 b1 w1 w1 w1", "r0 g0 b0 w1 w1 w1"), materials=((4,), ()),
                  houses=(house(1, P1, 12),), next_house=2)
    assert king.play("build K 2x2 1 4").stones == (3, 0)
    # 期限を守って終了した時 延長した人数分
    assert extension_stones([True, True, True, False]) == [0, 0, 0, 3]


def test_at_the_end_one_point_a_stone_and_five_for_the_most() -> None:
    state = staged(3, "tenant", grid=((), (), (), ()), stones=(4, 6, 6), left=(True, True, True))
    state._final_settlement(tenants=True)
    assert [points(state, p, "stones") for p in range(3)] == [4, 6, 6]
    assert [points(state, p, "most-stones") for p in range(3)] == [0, 5, 5]  # shared by the tied
    assert state.scores() == [4, 11, 11] and state.winners() == [1, 2]


def test_everybody_gets_the_five_when_nobody_has_a_stone() -> None:
    """Ruling 13, as ドラゴンキーパー's treasure bonus: all tied for the most (at none) get it."""
    assert rulings.most_stones_bonus([0, 0, 0]) == [5, 5, 5]
    assert rulings.most_stones_bonus([1, 0]) == [5, 0]
    state = staged(2, "tenant", grid=((), (), (), ()), stones=(0, 0), left=(True, True))
    state._final_settlement(tenants=True)
    assert [points(state, p, "most-stones") for p in range(2)] == [5, 5]
