"""建築ラウンドの延長: the secret choice, stones to those who stop, and the extension round's
special rules (no tree, materials as usual, each rolls their own six dice and may reroll all once)."""

from __future__ import annotations

from typing import Any

import pytest

from gamelib import IllegalMoveError, NotationError
from gamelib.newtown import NewtownState, extension_stones, sections
from gamelib.newtown.game import Dice

from .conftest import P1, P2, P3, house, staged


@pytest.mark.parametrize("extends, stones", [
    ([True, True, True, False], [0, 0, 0, 3]),  # the text: 3 extend, the one who stops gets 3
    ([True, True, False, False], [0, 0, 2, 2]),  # 2 and 2: the two who stop get 2 each
    ([False, False, False], [0, 0, 0]),  # all stop: nobody
    ([True, True], [0, 0]),  # all extend: nobody
    ([False, True], [1, 0]),
])
def test_stones_for_those_who_stop(extends: list[bool], stones: list[int]) -> None:
    assert extension_stones(extends) == stones


@pytest.mark.parametrize("bad", [[True], [True] * 5, [1, 0], "TF", None, [True, None]])
def test_extension_stones_refuses_junk(bad: Any) -> None:
    with pytest.raises(NotationError):
        extension_stones(bad)


def _after_round_4(players: int = 3, **fields: Any) -> NewtownState:
    base: dict[str, Any] = {"round": 4, "order": tuple(range(players)), "turn": players - 1,
                            "craftsmen": (12, 16, 5)[:players]}
    base.update(fields)
    return staged(players, "move2", **base).play("pass")


def test_after_four_rounds_each_chooses_in_secret() -> None:
    state = _after_round_4()
    assert state.phase == "extend" and state.order == (P3, P1, P2)
    assert [str(m) for m in state.legal_moves()] == ["decide extend", "decide stop"]
    state = state.play("decide extend")
    assert state.view(P1)["choices"] == [None, None, "chosen"]
    assert state.view(P3)["choices"] == [None, None, True]
    assert state.view(None)["choices"] == [None, None, "chosen"]
    state = state.play("decide stop")
    assert state.view(P2)["choices"] == ["chosen", None, "chosen"]
    state = state.play("decide extend")
    # all have chosen: revealed, stones to the one who stops (two extend)
    assert state.choices == (False, True, True) and state.view(P1)["choices"] == [False, True, True]
    assert state.stones == (2, 0, 0)


def test_the_extension_round_is_played_by_those_who_extend() -> None:
    state = _after_round_4(houses=(house(1, P2, 9), house(2, P2, 10)), next_house=3,
                           options={"dice_top": [1, 2, 3, 4, 5, 6, 6, 6, 6, 6, 6, 6]})
    trees = state.trees
    state = state.play("decide extend").play("decide stop").play("decide extend")  # P3, P1, P2 in turn
    assert state.round == 5 and state.participants == (P2, P3) and state.order == (P3, P2)
    # no tree; materials as usual (turn pieces 1 and 2; P2's two houses: a piece of 2)
    assert state.trees == trees and state.phase == "roll"
    assert state.materials == ((), (2, 2), (1,))
    # each rolls their own six dice; a red 1 earns nothing here
    assert state.dice[P3].red == 1 and state.dice[P3].white == (4, 5, 6) and state.stones == (2, 0, 0)
    assert state.dice[P1].red is None  # P1 stopped: no dice
    assert [str(m) for m in state.legal_moves()] == ["keep", "reroll all"]
    with pytest.raises(IllegalMoveError, match="not some of them") as info:
        state.play("reroll w 4")
    assert info.value.section == sections.EXTENSION_RULES  # (the rule is one of the round's special rules)
    state = state.play("reroll all")
    assert state.current_player == P2 and state.log[-1][:2] == (P3, "all")
    state = state.play("keep")
    assert state.phase == "move1" and state.current_player == P3


def test_those_who_stopped_still_block_their_land() -> None:
    state = _after_round_4(2 + 1, craftsmen=(12, 16, 5), options={"dice_top": [1, 5, 1, 1, 1, 1]})
    state = state.play("decide stop").play("decide extend").play("decide stop")  # P3, P1, P2 in turn
    assert state.participants == (P1,)
    state = state.play("keep")
    goes = {m.args[0] for m in state.legal_moves() if m.kind == "go"}
    assert 16 not in goes and 5 not in goes and 3 in goes


def test_nobody_extends_the_building_rounds_end_after_four() -> None:
    state = _after_round_4()
    for _ in range(3):
        state = state.play("decide stop")
    assert state.round == 4 and state.phase in ("tenant", "over") and state.stones == (0, 0, 0)


def test_the_dice_go_back_to_the_tray_when_the_building_rounds_end() -> None:
    """A round's end puts every die back: after the fourth round (the choice to extend) and after
    the extension round (the tenant round).  The one who had played the extension round kept
    its dice on the board through the tenant round to the end of the game."""
    state = _after_round_4()
    assert state.phase == "extend" and set(state.dice) == {Dice()}
    last = staged(3, "move2", current=P3, round=5, order=(P3,), participants=(P3,), extended=(False, False, True),
                  craftsmen=(12, 16, 5)).play("pass")
    assert last.phase in ("tenant", "over") and set(last.dice) == {Dice()}  # (no house here: no tenant round)
