"""手番でやること: step 1 along the dragon's row (take), step 2 along its column (give to the
player before), +1 treasure for a gift worth 3 or more; stacks in arrival order, public."""

from __future__ import annotations

import pytest

from gamelib import IllegalMoveError
from gamelib.dragonkeeper import DragonKeeperState, sections

from .helpers import new, stacks

LEVEL = {(2, 0): "B3", (2, 1): "G2", (2, 3): "Y1", (2, 4): "P1",
         (0, 0): "R6", (1, 0): "B2", (3, 0): "Y4", (4, 0): "G1",
         (0, 1): "B1", (0, 2): "Y3", (0, 4): "B5"}


def test_step_one_offers_every_tile_of_the_dragons_row_the_centre_included() -> None:
    s = new(3, LEVEL)
    assert s.dragon_cell == (2, 2)
    assert [str(m) for m in s.legal_moves()] == ["take 2,0", "take 2,1", "take 2,2", "take 2,3", "take 2,4"]


def test_a_turn_take_then_give_to_the_player_before() -> None:
    s = new(3, LEVEL).play("take 2,0")
    assert stacks(s) == ["B:3", "", ""] and s.dragon_cell == (2, 0) and s.phase == "give"
    assert [str(m) for m in s.legal_moves()] == ["give 0,0", "give 1,0", "give 3,0", "give 4,0"]
    s = s.play("give 0,0")  # the red 6 goes to player 2, the seat before player 0 (ruling 1)
    assert stacks(s) == ["B:3", "", "R:6"] and s.dragon_cell == (0, 0)
    assert s.treasure == (5, 4, 4)  # a gift worth 6: +1 for the giver; nothing for taking
    assert s.current_player == 1 and s.phase == "take"
    assert [str(m) for m in s.legal_moves()] == ["take 0,1", "take 0,2", "take 0,3", "take 0,4"]


def test_stacks_keep_the_order_tiles_arrive_in() -> None:
    s = new(3, LEVEL)
    s = s.play("take 2,0").play("give 0,0")  # P0 takes B3, P2 receives R6
    s = s.play("take 0,1").play("give 2,1")  # P1 takes B1, P0 receives G2 (worth 2: no treasure)
    assert s.treasure == (5, 4, 4)
    s = s.play("take 2,2")  # P2: the stair tile onto the red 6
    assert stacks(s) == ["B:3 G:2", "B:1", "R:6,1s"]
    s = s.play("give 0,2")  # Y3 to P1: +1 for P2
    assert s.treasure == (5, 4, 5)
    s = s.play("take 0,4")  # P0: B5 on top of B3
    assert s.stacks[0][1] == ("B3", "B5") and stacks(s)[0] == "B:3,5 G:2"


@pytest.mark.parametrize(("players", "start", "receiver"), [(2, 0, 1), (2, 1, 0), (3, 0, 2), (4, 2, 1), (4, 0, 3)])
def test_the_first_gift_goes_to_the_seat_before(players: int, start: int, receiver: int) -> None:
    s = new(players, LEVEL, start=start).play("take 2,0").play("give 0,0")
    assert s.stacks_text(receiver) == "R:6"
    assert s.current_player == (start + 1) % players


@pytest.mark.parametrize(("tile", "bonus"),
                         [("B1", 0), ("G2", 0), ("R2", 0), ("Y3", 1), ("P4", 1), ("B5", 1), ("R6", 1)])
def test_treasure_for_a_gift_worth_more_than_two(tile: str, bonus: int) -> None:
    s = new(2, {(2, 0): "B3", (0, 0): tile}).play("take 2,0").play("give 0,0")
    assert s.treasure == (4 + bonus, 4) and s.stacks_text(1) == f"{tile[0]}:{tile[1:]}"


def test_stacks_and_levels_are_public_guilds_are_not() -> None:
    s = new(3, LEVEL, guilds="BYG").play("take 2,0").play("give 0,0")
    for viewer in (0, 1, 2, None):
        view = s.view(viewer)
        assert view["stacks"] == ["B:3", "", "R:6"] and view["boards"][0][0] is None
        assert view["guilds"] == [g if p == viewer else None for p, g in enumerate("BYG")]


def _refused(state: DragonKeeperState, move: str, section: str, words: str) -> None:
    before = state.to_json()
    with pytest.raises(IllegalMoveError) as info:
        state.play(move)
    assert info.value.section == section and words in info.value.message_ja, info.value.message_ja
    assert state.to_json() == before


def test_what_a_turn_refuses() -> None:
    s = new(3, LEVEL)
    _refused(s, "take 0,0", sections.TURN, "今いる行")
    _refused(s, "give 0,2", sections.TURN, "手順1")
    _refused(s, "pass", sections.TURN, "手順1")
    _refused(s, "take 5,0", sections.PLAY, "ありません")
    s = s.play("take 2,0")
    _refused(s, "give 2,1", sections.TURN, "今いる列")
    _refused(s, "take 2,1", sections.TURN, "手順2")
    s = s.play("give 0,0").play("take 0,1").play("give 2,1")
    _refused(s, "take 2,0", sections.TURN, "残っていません")
    _refused(s, "tribute R", sections.TURN, "手順1")
