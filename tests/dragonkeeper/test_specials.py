"""特別アクションを持つタイル: each action, optional, only from the tile taken at step 1 and only
at its moment (trap and exchange right after step 1, the secret passage right after the gift,
release at the end, the stairs by themselves); tiles arriving by gift, exchange or trap never act."""

from __future__ import annotations

import pytest

from gamelib import IllegalMoveError
from gamelib.dragonkeeper import sections

from .helpers import new, stacks

# -- remote trap ------------------------------------------------------------------------------------
TRAP = {(2, 0): "B4t", (4, 4): "Y1p", (0, 0): "Y1", (1, 0): "P1", (3, 0): "B1", (4, 0): "G1", (0, 4): "G3x"}


def test_the_trap_is_offered_right_after_step_one_for_any_tile_left() -> None:
    s = new(3, TRAP).play("take 2,0")
    assert s.phase == "special" and s.current_player == 0
    moves = [str(m) for m in s.legal_moves()]
    assert moves[0] == "pass" and len(moves) == 1 + 24  # 25 tiles, one taken: 24 targets
    assert "trap 4,4" in moves and "trap 2,0" not in moves and "trap 0,4" in moves


def test_the_trap_is_discarded_and_takes_a_tile_from_afar_the_dragon_stays() -> None:
    s = new(3, TRAP).play("take 2,0").play("trap 4,4")
    assert stacks(s) == ["Y:1p", "", ""] and s.discarded == ("B4t",)
    assert s.dragon_cell == (2, 0) and s.phase == "give"  # step 2 along column 0 (ruling 5)
    assert s.tiles_left() == 23 and s.last_taker == 0
    s = s.play("give 0,0")
    assert s.phase == "take" and s.current_player == 1  # the trapped secret passage does not act


def test_the_trap_is_optional() -> None:
    s = new(3, TRAP).play("take 2,0").play("pass")
    assert stacks(s) == ["B:4t", "", ""] and s.phase == "give" and s.discarded == ()


def test_a_trapped_exchange_does_not_act() -> None:
    s = new(2, {**TRAP, (0, 2): "R2"})
    s = s.play("take 2,0").play("pass").play("give 0,0")  # P1 now has Y1: an exchange would have a target
    s = s.play("take 0,1").play("give 4,1")  # P1 takes a filler, gives P0 a filler
    s = s.play("take 4,4")  # P0: Y1p (a secret passage, acts only after the gift)
    assert s.phase == "give"
    s = new(2, {**TRAP, (4, 1): "P4t"})
    s = s.play("take 2,0").play("pass").play("give 0,0").play("take 0,1").play("give 4,1")
    assert stacks(s)[0] == "B:4t P:4t" and s.phase == "take"  # a trap received as a gift offers nothing
    s = s.play("take 4,0")
    assert s.phase == "give"


# -- prisoner exchange ---------------------------------------------------------------------------------
def _exchange_game(prisoner: str) -> object:
    """P0 takes the stair and gives B4t to P1; P1 takes ``prisoner`` at 0,0 and gives Y1 to
    P0; P0 then takes G3x at 1,1."""
    s = new(2, {(0, 2): "B4t", (0, 0): prisoner, (1, 0): "Y1", (1, 1): "G3x"})
    s = s.play("take 2,2").play("give 0,2")
    assert stacks(s) == ["R:1s", "B:4t"] and s.phase == "take"  # a gift never acts
    s = s.play("take 0,0")
    assert s.phase == "give"
    s = s.play("give 1,0").play("take 1,1")
    return s


def test_the_exchange_is_offered_right_after_step_one_with_any_stack_of_any_other_player() -> None:
    s = _exchange_game("P2")
    assert stacks(s) == ["R:1s Y:1 G:3x", "B:4t P:2"] and s.phase == "special"
    assert [str(m) for m in s.legal_moves()] == ["exchange 1 B", "exchange 1 P", "pass"]


def test_the_exchange_swaps_with_the_top_tile_and_the_prisoner_does_not_act() -> None:
    s = _exchange_game("P2").play("exchange 1 B")
    assert stacks(s) == ["R:1s B:4t Y:1", "G:3x P:2"]
    assert s.phase == "give" and s.dragon_cell == (1, 1)  # the trap won by the exchange offers nothing


def test_the_exchange_tile_goes_on_top_of_the_stack_of_its_colour() -> None:
    s = _exchange_game("G1").play("exchange 1 G")  # P1's green stack: G1 leaves, G3x comes
    assert stacks(s) == ["R:1s Y:1 G:1", "B:4t G:3x"]


def test_no_exchange_is_offered_when_nobody_else_has_a_tile() -> None:
    s = new(3, {(2, 0): "G3x"}).play("take 2,0")
    assert s.phase == "give"
    # and the state says why, for a board to tell (a tester was asked straight for step 2)
    assert s.passed_over() == "囚人の交換は、交換できるほかのプレイヤーの山札がないので使えません。"
    assert s.play(s.legal_moves()[0]).passed_over() is None  # (once the tile is given: nothing)


def test_nothing_is_said_passed_over_where_an_action_was_offered_or_waits_for_step_two() -> None:
    assert _exchange_game("P2").play("pass").passed_over() is None  # offered, and declined
    assert new(3, PASSAGE).play("take 2,0").passed_over() is None  # a passage acts after the gift
    assert new(3, TRAP).play("take 2,1").passed_over() is None  # a tile with no action


# -- secret passage ------------------------------------------------------------------------------------
PASSAGE = {(2, 0): "B1p", (0, 0): "Y1", (1, 0): "P1", (3, 0): "G1", (4, 0): "B1",
           (3, 1): "R5", (3, 2): "G4t", (3, 3): "Y1p", (3, 4): "P2", (0, 4): "R6"}


def test_the_passage_acts_after_the_gift_along_the_row_of_the_given_tile() -> None:
    s = new(3, PASSAGE).play("take 2,0")
    assert s.phase == "give"  # nothing before the gift
    s = s.play("give 3,0")
    assert s.phase == "passage" and s.current_player == 0 and s.dragon_cell == (3, 0)
    assert [str(m) for m in s.legal_moves()] == ["pass", "passage 3,1", "passage 3,2", "passage 3,3", "passage 3,4"]
    s = s.play("passage 3,1")
    assert stacks(s) == ["R:5", "", "G:1"] and s.discarded == ("B1p",)
    assert s.dragon_cell == (3, 1) and s.current_player == 1 and s.phase == "take"
    assert s.last_taker == 0


def test_the_passage_is_optional() -> None:
    s = new(3, PASSAGE).play("take 2,0").play("give 3,0").play("pass")
    assert stacks(s) == ["B:1p", "", "G:1"] and s.current_player == 1 and s.dragon_cell == (3, 0)


def test_a_tile_taken_through_the_passage_may_act_at_once() -> None:
    s = new(3, PASSAGE).play("take 2,0").play("give 3,0").play("passage 3,2")
    assert s.phase == "chain" and s.current_player == 0
    assert len(s.legal_moves()) == 1 + 22  # 25 - B1p - G1 - G4t = 22 targets, and pass
    s = s.play("trap 0,4")
    assert stacks(s)[0] == "R:6"  # the trap left, the red 6 came from afar
    assert s.discarded == ("B1p", "G4t") and s.current_player == 1 and s.dragon_cell == (3, 2)


def test_no_chain_from_a_second_passage_nor_with_the_online_rule() -> None:
    s = new(3, PASSAGE).play("take 2,0").play("give 3,0").play("passage 3,3")
    assert stacks(s)[0] == "Y:1p" and s.current_player == 1
    s = new(3, PASSAGE, passage_chain=False).play("take 2,0").play("give 3,0").play("passage 3,2")
    assert stacks(s)[0] == "G:4t" and s.current_player == 1


def test_a_passage_received_as_a_gift_does_not_act() -> None:
    s = new(2, {(2, 0): "R3", (0, 0): "B1p"}).play("take 2,0").play("give 0,0")
    assert stacks(s) == ["R:3", "B:1p"] and s.phase == "take" and s.current_player == 1


# -- release and stairs ------------------------------------------------------------------------------------
def test_a_release_does_nothing_during_the_levels() -> None:
    s = new(3, {(2, 0): "Y2r"}).play("take 2,0")
    assert s.phase == "give"


def test_actions_only_at_their_moment() -> None:
    s = new(3, TRAP).play("take 2,0").play("pass")
    for move in ("trap 4,4", "exchange 1 B", "passage 0,0"):
        with pytest.raises(IllegalMoveError) as info:
            s.play(move)
        assert info.value.section == sections.SPECIALS
    s = new(3, PASSAGE).play("take 2,0")
    with pytest.raises(IllegalMoveError) as info:
        s.play("passage 2,1")  # the passage comes after the gift
    assert info.value.section == sections.SPECIALS
    s = new(3, TRAP).play("take 2,0")
    with pytest.raises(IllegalMoveError) as info:
        s.play("exchange 1 B")  # a trap tile offers the trap, not an exchange
    assert info.value.section == sections.SPECIALS


def test_a_release_taken_by_a_remote_trap_still_acts_at_the_end() -> None:
    """Ruling 21: a tile that arrives by a trap cannot act then, but a release acts at the end
    for every release held (the trapped yellow 2 is player 0's usable release)."""
    from gamelib.dragonkeeper import rulings, scoring

    from .helpers import new

    s = new(3, {(2, 0): "B4t", (4, 4): "Y2r"}, guilds="BYG", start=0)
    s = s.play("take 2,0").play("trap 4,4")
    assert "Y2r" in s.stacks[0][2] and rulings.held_releases_act()
    assert scoring.usable_releases(s.stacks[0]) == ["Y"]


def test_the_reason_names_the_target_of_the_action_at_hand() -> None:
    """A click on a tile of the level while a prisoner exchange is offered (a trap's target), or on
    a stack while a trap is: the reason says where this action's target is, not that the other
    action cannot be used now (「今はリモートトラップを使えません」 read as if a trap were in play)."""
    s = _exchange_game("P2")
    with pytest.raises(IllegalMoveError) as info:
        s.play("trap 4,4")
    assert "ほかの人の山札のいちばん上" in info.value.message_ja and "リモートトラップ" not in info.value.message_ja
    assert info.value.section == sections.SPECIALS
    s = new(3, TRAP).play("take 2,0")
    with pytest.raises(IllegalMoveError) as info:
        s.play("exchange 1 B")
    assert "階層に残っているタイル" in info.value.message_ja and "囚人の交換" not in info.value.message_ja


def test_an_action_tried_out_of_its_moment_is_told_when_it_may_be_used() -> None:
    """A secret passage tried at step 2, before the gift: the reason says when a passage is used
    (a reviewer found 「…のものだけを、決まったときに使えます」 hard to read, and it never said the
    moment); a trap tried at step 1 says a trap is used right after taking its tile."""
    s = new(3, PASSAGE).play("take 2,0")
    assert s.phase == "give"
    with pytest.raises(IllegalMoveError) as info:
        s.play("passage 3,1")
    words = info.value.message_ja
    assert words.startswith("今は秘密の通路を使えません。") and "手順2でタイルを渡した直後" in words, words
    assert "決まったとき" not in words and "前のプレイヤー" not in words
    assert info.value.section == sections.SPECIALS
    s = new(3, TRAP)
    with pytest.raises(IllegalMoveError) as info:
        s.play("trap 4,4")
    assert "リモートトラップのタイルを取った直後" in info.value.message_ja, info.value.message_ja
