"""入居ラウンド: 準備 (order, the 4 × 4 grid), 入居の条件 (people, wished land types, the King's
land), 進行 (take or pass, −2, columns slide, all pass), 後列の優先受け入れ (stones), 終了, and
入居ラウンドの決算.

Tenant cards (data file, our assumption): 1 王子と花嫁夫妻 2 people 3 points; 2 花嫁の両親 2 p. 2 pts;
3 庭師 1 p. 2 pts 芝生; 4 薬師 1 p. 1 pt any; 5 学者 2 p. 3 pts 芝生/石畳; 7 パン屋 2 p. 4 pts 煉瓦;
8 楽士 3 p. 3 pts any; 9 商人 3 p. 5 pts 石畳; 12 漁師 4 p. 6 pts 泥土; 16 織物職人 6 p. 7 pts."""

from __future__ import annotations

from typing import Any

import pytest

from gamelib import IllegalMoveError
from gamelib.newtown import KING, NewtownState, rulings, sections

from .conftest import P1, P2, P3, house, points, staged


def grid(*columns: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    return tuple(tuple((card, 0) for card in column) for column in columns)


def _tenants(houses: tuple, columns: tuple = ((3, 5, 16, 1), (4, 7, 12, 2), (8, 9, 10, 11), (6, 13, 14, 15)),
             **fields: Any) -> NewtownState:
    base: dict[str, Any] = {"grid": grid(*columns), "houses": houses, "next_house": len(houses) + 1,
                            "left": (False, False), "passes": 0, "unfit": (0, 0), "stones": (0, 0)}
    base.update(fields)
    return staged(2, "tenant", **base)


# -- 入居ラウンドの準備 -------------------------------------------------------------------------------
def test_prepare_the_order() -> None:
    key = rulings.tenant_order_key
    players = {P1: key(True, 5, 9, 3), P2: key(False, 1, 0, 18), P3: key(False, 1, 2, 18)}
    assert sorted(players, key=players.get) == [P3, P2, P1]  # not extended, more stones
    assert key(False, 2, 0, 9) < key(False, 2, 0, 12)  # then the smaller land number


def test_prepare_the_order_in_the_engine_after_the_extension_round() -> None:
    houses = (house(1, P1, 3), house(2, P1, 4), house(3, P2, 5), house(4, P3, 6))
    state = staged(3, "move2", round=5, participants=(P1,), order=(P1,), turn=0, extended=(True, False, False),
                   craftsmen=(12, 16, 9), houses=houses, next_house=5, stones=(0, 1, 1)).play("pass")
    assert state.phase == "tenant"
    assert state.order == (P3, P2, P1)  # did not extend; equal houses and stones: land 9 before 16


def test_prepare_the_order_counts_the_houses_owned_now() -> None:
    """「家を多く建てている人」: the houses a player owns now (the chapter's ruling) — P1 built one
    and took one over from P2, who built two and owns one; P2 has more stones."""
    houses = (house(1, P1, 3), house(2, P1, 4), house(3, P2, 5))
    state = staged(2, "move2", round=4, turn=1, houses=houses, next_house=4, built=(1, 2), stones=(0, 3)).play("pass")
    state = state.play("decide stop").play("decide stop")
    assert state.phase == "tenant" and state.houses_of(P1) == 2 and state.built == (1, 2)
    assert state.order == (P1, P2)


def test_prepare_sixteen_cards_face_up_four_by_four_the_bottom_row_in_front() -> None:
    state = staged(2, "move2", round=4, turn=1, houses=(house(1, P1, 3, "3x3", 3),)).play("pass")
    state = state.play("decide stop").play("decide stop")
    assert [len(c) for c in state.grid] == [4, 4, 4, 4]
    assert sorted(card for c in state.grid for card, _ in c) == list(range(1, 17))
    assert state.view(P2)["grid"] == [[list(x) for x in c] for c in state.grid]  # all face up
    other = staged(2, "move2", round=4, turn=1, houses=(house(1, P1, 3, "3x3", 3),)).play("pass")
    assert other.play("decide stop").play("decide stop").grid == state.grid  # from the seed


# -- 入居の条件 ----------------------------------------------------------------------------------------------
def test_conditions_people_no_more_than_the_base_points() -> None:
    state = _tenants((house(1, P1, 3, "2x2"), house(2, P2, 9)))  # base 1 on 芝生
    moves = [str(m) for m in state.legal_moves()]
    assert "tenant 1 1 h1" in moves  # 庭師, 1 person, wishes 芝生
    with pytest.raises(IllegalMoveError, match="is 3 people; this house takes 1") as info:
        state.play("tenant 3 1 h1")  # 楽士, 3 people
    assert info.value.section == sections.TENANT_CONDITIONS


def test_a_house_of_another_player_is_named_by_its_land_and_owner() -> None:
    """The reason names what the reader sees (the land, the owner), not the engine's house number
    (「7番の家はあなたの家ではありません」)."""
    state = _tenants((house(1, P1, 3, "2x2"), house(2, P2, 9)))
    with pytest.raises(IllegalMoveError) as info:
        state.play("tenant 1 1 h2")
    assert info.value.message_ja.startswith("選んだ土地9の家は、プレイヤー2のものです。") and "番の家" not in info.value.message_ja
    assert info.value.section == sections.TENANT_CONDITIONS


def test_conditions_the_wished_land_types() -> None:
    state = _tenants((house(1, P1, 12, "2x2"), house(2, P2, 9)))  # 泥土
    with pytest.raises(IllegalMoveError, match="wishes to live on lawn land, not mud") as info:
        state.play("tenant 1 1 h1")  # 庭師 wishes 芝生 only
    assert info.value.section == sections.TENANT_CONDITIONS
    assert "tenant 2 1 h1" in [str(m) for m in state.legal_moves()]  # 薬師: any land


def test_conditions_the_kings_land_takes_only_the_royal_cards_with_their_bonus() -> None:
    houses = (house(1, P1, KING, "2x3"), house(2, P2, 9))
    state = _tenants(houses, columns=((1, 3), (4, 7), (8,), (2,)), options={"dice_top": [5]})
    moves = [str(m) for m in state.legal_moves()]
    assert "tenant 1 1 h1" in moves and "tenant 4 1 h1" in moves and "tenant 2 1 h1" not in moves
    with pytest.raises(IllegalMoveError, match="Only the royal"):
        state.play("tenant 2 1 h1")
    prince = state.play("tenant 1 1 h1")
    assert prince.scores()[P1] == 3 + 5 * 2  # card points + die × 2
    parents = _tenants(houses, columns=((1, 3), (4, 7), (8,), (2,)), options={"dice_top": [5]}).play("tenant 4 1 h1")
    assert parents.scores()[P1] == 2 + (5 + 2)
    replace = _tenants(houses, columns=((1, 3), (4, 7), (8,), (2,)),
                       options={"dice_top": [5], "royal_bonus": "replace"}).play("tenant 1 1 h1")
    assert replace.scores()[P1] == 10


def test_conditions_a_royal_card_elsewhere_scores_its_usual_points() -> None:
    state = _tenants((house(1, P1, 9, "2x3"), house(2, P2, 9)), columns=((1, 3), (4,), (8,), (2,)))
    assert state.play("tenant 1 1 h1").scores()[P1] == 3


def test_conditions_one_family_per_house() -> None:
    state = _tenants((house(1, P1, 3, "2x3", tenant=5), house(2, P1, 3), house(3, P2, 9)))
    with pytest.raises(IllegalMoveError, match="One family per house"):
        state.play("tenant 2 1 h1")


# -- 入居ラウンドの進行 ---------------------------------------------------------------------------------------
def test_play_take_a_front_card_score_it_and_the_column_slides_down() -> None:
    state = _tenants((house(1, P1, 3, "2x2"), house(2, P2, 9, "2x3")))
    after = state.play("tenant 1 1 h1")
    assert after.houses[0].tenant == 3 and after.scores()[P1] == 2
    assert [c for c, _ in after.grid[0]] == [5, 16, 1]  # 学者 now in front
    assert after.current_player == P2


def test_play_a_card_no_house_takes_costs_two_and_goes_to_the_top_of_its_column() -> None:
    state = _tenants((house(1, P1, 12, "2x2"), house(2, P2, 9)))
    after = state.play("tenant 1 1 -")  # 庭師 wishes 芝生; P1's only house is on 泥土
    assert points(after, P1, "unfit") == -2
    assert [c for c, _ in after.grid[0]] == [5, 16, 1, 3]
    with pytest.raises(IllegalMoveError, match="put it there"):
        state.play("tenant 2 1 -")  # 薬師 fits h1: it must be housed
    once = after._with(order=(P1, P2), turn=0)
    with pytest.raises(IllegalMoveError, match="only once"):
        once.play("tenant 3 1 -")


def test_play_pass_only_without_a_fitting_front_card_and_all_passing_turns_the_front_row() -> None:
    state = _tenants((house(1, P1, 12, "2x2"), house(2, P2, 12, "2x2")),
                     columns=((3, 4), (5, 9), (7, 8), (15, 6)))  # 薬師 (any land, 1 person) behind 庭師
    assert "pass" in [str(m) for m in state.legal_moves()]
    after = state.play("pass").play("pass")
    assert [c[0][0] for c in after.grid] == [4, 9, 8, 6] and [c[-1][0] for c in after.grid] == [3, 5, 7, 15]
    assert after.passes == 0
    with pytest.raises(IllegalMoveError, match="may not pass") as info:
        after.play("pass")
    assert info.value.section == sections.TENANT_PLAY


def test_play_the_front_row_turns_when_everybody_still_in_has_passed() -> None:
    """A player who has left the round (all houses full) does not count: with three players
    and one out, two passes in a row turn the front row; one pass does not."""
    full = house(3, P3, 9, "2x2")._replace(tenant=5)
    state = staged(3, "tenant", grid=grid((3, 4), (5, 9), (7, 8), (15, 6)), next_house=4,
                   houses=(house(1, P1, 12, "2x2"), house(2, P2, 12, "2x2"), full),
                   left=(False, False, True), passes=0, unfit=(0, 0, 0), stones=(0, 0, 0))
    once = state.play("pass")
    assert once.passes == 1 and [c[0][0] for c in once.grid] == [3, 5, 7, 15]
    twice = once.play("pass")
    assert twice.passes == 0 and [c[0][0] for c in twice.grid] == [4, 9, 8, 6]


# -- 後列の優先受け入れ ----------------------------------------------------------------------------------------
def test_priority_a_stone_on_each_card_in_front_and_the_stones_go_with_the_card() -> None:
    state = _tenants((house(1, P1, 3, "2x3"), house(2, P2, 5, "2x3")), stones=(2, 0))
    after = state.play("tenant 1 2 h1")  # 学者 behind 庭師: one stone on 庭師
    assert after.houses[0].tenant == 5 and after.stones == (1, 0)
    assert after.grid[0][0] == (3, 1)
    taker = after.play("tenant 1 1 -")  # P2 takes 庭師 (no 芝生 house): the stone is P2's
    assert taker.stones == (1, 1)
    with pytest.raises(IllegalMoveError, match="needs 2 stone") as info:
        _tenants((house(1, P1, 3, "2x3"), house(2, P2, 5)), stones=(1, 0)).play("tenant 1 3 -")
    assert info.value.section == sections.TENANT_PRIORITY
    assert info.value.message_ja.startswith("前から3枚目のカードを")  # (as the chapter counts a column's cards)


def test_priority_with_stones_reaching_the_second_card_only() -> None:
    """The text read narrowly (option ``back_rows="second"``): a stone reaches the card right
    behind the front one and no further, whatever a player holds; the second card still costs one."""
    houses = (house(1, P1, 3, "2x3"), house(2, P2, 5, "2x3"))
    stacked = _tenants(houses, stones=(3, 0))
    narrow = _tenants(houses, stones=(3, 0), options={"back_rows": "second"})
    assert narrow.options.back_rows == "second" and stacked.options.back_rows == "stacked"
    rows = lambda s: {m.args[1] for m in s.legal_moves() if m.kind == "tenant"}  # noqa: E731
    assert rows(stacked) == {1, 2, 3, 4} and rows(narrow) == {1, 2}
    assert narrow.play("tenant 1 2 h1").stones == (2, 0)
    with pytest.raises(IllegalMoveError, match="second card") as info:
        narrow.play("tenant 1 3 -")
    assert info.value.section == sections.TENANT_PRIORITY and "前から2枚目のカードまで" in info.value.message_ja
    game = NewtownState.new(2, {"back_rows": "second"}, seed=1)
    assert NewtownState.from_json(game.to_json()).options.back_rows == "second"
    with pytest.raises(ValueError, match="back_rows"):
        NewtownState.new(2, {"back_rows": "third"}, seed=1)


# -- 入居ラウンドの終了 / 決算 ------------------------------------------------------------------------------------
def test_end_a_player_with_every_house_filled_leaves_and_the_round_ends() -> None:
    state = _tenants((house(1, P1, 3, "2x2"), house(2, P2, 9, "2x3")))
    after = state.play("tenant 1 1 h1")
    assert after.left == (True, False) and after.current_player == P2
    end = after.play("tenant 2 1 h2")  # 薬師 into P2's house: everyone is done
    assert end.is_over()
    assert end.scores() == [2 + 5, 1 + 5]  # (nobody holds a stone: all tied for the most, ruling 13)


def test_end_a_player_for_whom_no_card_fits_leaves_and_empty_houses_cost_two() -> None:
    state = _tenants((house(1, P1, 3, "2x2"), house(2, P1, 4, "2x2"), house(3, P2, 9, "2x2")),
                     columns=((3,), (16,), (15,), (14,)))
    after = state.play("tenant 1 1 h1")  # the only 1-person card; nothing else fits anyone
    assert after.is_over()
    assert points(after, P1, "empty-house") == -2 and points(after, P2, "empty-house") == -2
    assert after.scores() == [2 - 2 + 5, -2 + 5]  # (+5 each: nobody holds a stone, ruling 13)


def test_end_when_no_card_is_left() -> None:
    state = _tenants((house(1, P1, 3, "2x3"), house(2, P1, 4, "2x3"), house(3, P2, 9, "3x3", 2)),
                     columns=((3,), (), (), ()))
    assert state.play("tenant 1 1 h1").is_over()
