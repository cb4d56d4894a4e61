"""階層の切り替え: a level ends when a step cannot be done; every player returns treasure by the
tiles left (0 / 1–5 / 6–8 / 9+ → 0 / 1 / 2 / 3), the last taker one more; who cannot pay is
eliminated; the holder of the level's stair tile (else the last taker) starts the next level;
the game ends after the third level or with one player left.

The scripted sequences of ``helpers`` end a level quickly; every expected figure below is worked
out by hand in the comments."""

from __future__ import annotations

import pytest

from gamelib import IllegalMoveError
from gamelib.dragonkeeper import DragonKeeperState, rulings, sections

from .helpers import AROUND, FAST, ROW_END, new, play, three_player_elimination


def test_the_payment_table() -> None:
    expected = {0: 0, 1: 1, 2: 1, 5: 1, 6: 2, 7: 2, 8: 2, 9: 3, 16: 3, 25: 3}
    assert {n: rulings.payment(n) for n in expected} == expected


def test_an_empty_column_at_step_two_ends_the_level_the_taken_tile_stays() -> None:
    s = play(new(3), FAST)
    # 9 tiles off the level (5 taken, 4 given): 16 left, 3 each, player 1 took the last tile: 4
    assert s.level == 2 and len(s.results) == 1
    r = s.results[0]
    assert (r["left"], r["payment"], r["last_taker"], r["owed"]) == (16, 3, 1, [3, 4, 3])
    # each player took or received 3 tiles: player 1 kept the tile of its last step 1 (no gift)
    assert [sum(len(stack) for stack in s.stacks[p]) for p in range(3)] == [3, 3, 3]
    assert s.treasure == (1, 0, 1)  # filler gifts are worth 1 or 2: no treasure earned
    assert s.dragon_cell == (2, 2) and s.current_player == 0 and s.phase == "take"  # P0 took the stair


def test_an_empty_row_at_step_one_ends_the_level_at_once() -> None:
    s = play(new(2), ROW_END)
    # 10 tiles off the level: 15 left (ruling 23: the stair tile still on it counts), 3 each; the
    # last tile was taken by player 0 (take 1,0),
    # though player 1 was to move when the level ended; the stair tile is still on the level
    r = s.results[0]
    assert (r["left"], r["payment"], r["last_taker"], r["owed"], r["stair_holder"]) == (15, 3, 0, [4, 3], None)
    assert s.boards[0][12] == "R1s"
    assert s.level == 2 and s.current_player == 0  # no stair held: the last taker starts
    assert s.treasure == (0, 1)


def test_with_the_online_option_the_player_to_move_when_the_level_ended_starts() -> None:
    """Ruling 13's option ``next_start="active"`` (the online version): the same empty row as
    above, where player 1 was to move when the level ended and took nothing; with nobody
    holding the stair tile, player 1 starts level 2 (by default the last taker, player 0)."""
    s = play(new(2, next_start="active"), ROW_END)
    r = s.results[0]
    assert (r["last_taker"], r["stair_holder"], r["next_start"]) == (0, None, 1)
    assert s.level == 2 and s.current_player == 1
    assert r["owed"] == [4, 3]  # the last taker still pays one more
    assert DragonKeeperState.from_json(s.to_json()) == s and s.options.next_start == "active"
    with pytest.raises(ValueError, match="next_start"):
        new(2, next_start="previous")


def test_the_stair_tile_holder_starts_the_next_level_even_when_it_was_a_gift() -> None:
    given = ["take 2,1", "give 0,1", "take 0,2", "give 2,2", "take 2,0", "give 4,0", "take 4,1", "give 1,1",
             "take 1,2", "give 3,2", "take 3,1"]
    s = play(new(3), given)
    # player 1 gave the stair tile (2,2) to player 0; player 2 took the last tile (3,1)
    r = s.results[0]
    assert (r["left"], r["last_taker"], r["stair_holder"], r["next_start"]) == (14, 2, 0, 0)
    assert s.current_player == 0 and s.starts == (0, 0)


def test_without_a_stair_holder_the_last_taker_starts() -> None:
    s = play(new(3), AROUND)
    r = s.results[0]
    assert (r["last_taker"], r["stair_holder"], r["next_start"]) == (1, None, 1)
    assert s.current_player == 1 and s.boards[0][12] == "R1s"


def test_the_stair_follows_an_exchange_but_an_older_stair_does_not_count() -> None:
    s = new(2, {(0, 0): "G3x"}, {(0, 0): "B3x"}, everyone_short="stay")  # (both fall short at level 2)
    s = s.play("take 2,2").play("give 0,2").play("take 0,0")
    assert s.phase == "special"
    s = s.play("exchange 0 R")  # player 1 wins the stair tile from player 0's red stack
    assert s.stacks_text(0) == "G:3x" and s.stacks_text(1).startswith("R:1s")
    s = play(s, ["give 1,0", "take 1,2", "give 3,2", "take 3,1", "give 4,1", "take 4,2"])
    assert s.results[0]["last_taker"] == 0 and s.results[0]["stair_holder"] == 1
    assert s.level == 2 and s.current_player == 1
    # level 2: player 0 wins the first level's stair by an exchange; this level's stays in place
    s = s.play("take 2,1").play("give 0,1").play("take 0,0").play("exchange 1 R")
    assert s.stacks[0][0] == ("R1s",) and s.stacks[1][0] == ()
    s = play(s, ["give 1,0", "take 1,1", "give 3,1", "take 3,3", "give 4,3", "take 4,1"])
    r = s.results[1]
    assert (r["last_taker"], r["stair_holder"], r["next_start"]) == (1, None, 1)
    assert s.level == 3 and s.current_player == 1


# -- elimination -----------------------------------------------------------------------------------
def test_a_player_who_cannot_pay_is_eliminated_exactly_zero_survives() -> None:
    s = three_player_elimination()
    assert s.results[1]["eliminated"] == [1] and s.results[1]["owed"] == [3, 4, 3]
    assert s.alive == (True, False, True) and s.treasure == (0, 0, 0)
    assert s.level == 3 and s.current_player == 0


def test_an_eliminated_player_is_skipped_and_never_receives_a_gift() -> None:
    s = three_player_elimination()
    before = s.stacks_text(1)
    s = play(s, ["take 2,2", "give 0,2", "pass"])  # the bottom level's centre is a secret passage: unused
    assert s.current_player == 2  # not player 1
    s = play(s, ["take 0,0", "give 1,0"])  # player 2 gives: to player 0, the one before who is still in
    assert s.current_player == 0 and s.stacks_text(1) == before
    assert all(m.player != 1 for m in s.legal_moves())


def test_an_eliminated_player_takes_no_part_in_the_end() -> None:
    s = three_player_elimination(everyone_short="stay")
    s = play(s, FAST + ["pass"])  # the last take is a remote trap (the bottom level's fillers): unused
    while not s.is_over():
        s = s.play(s.legal_moves()[0])
    assert s.end_stacks[1] is None and s.tributes[1] is None
    assert s.scores()[1] == 0 and 1 not in s.winners()
    # level 3: P0 gave two tiles worth 3+, P2 two: both hold 2, both owe 3 (+1 for P0, the last
    # taker): everybody still in falls short; with the house rule nobody is eliminated (ruling 16)
    assert s.results[2]["owed"] == [4, 0, 3] and s.results[2]["eliminated"] == []
    assert s.alive == (True, False, True) and s.treasure == (0, 0, 0)
    bonus = [s.scores()[p] - s.tile_score(p) for p in (0, 2)]
    assert bonus == [2, 2]  # tied for the most treasure, both get +2; player 1 takes no part


def test_when_everybody_falls_short_everybody_is_eliminated_and_nobody_wins() -> None:
    """Ruling 16, the text's words (the default): the same third level as above eliminates both
    players still in, and the game ends there with no winner and no end decisions."""
    s = play(three_player_elimination(), FAST + ["pass"])
    while not s.is_over():
        s = s.play(s.legal_moves()[0])
    assert s.results[2]["owed"] == [4, 0, 3] and sorted(s.results[2]["eliminated"]) == [0, 2]
    assert s.alive == (False, False, False) and s.treasure == (0, 0, 0)
    assert s.winners() == [] and s.scores() == [0, 0, 0] and s.end_stacks == (None, None, None)


def test_with_the_house_rule_nobody_is_eliminated_when_everybody_falls_short() -> None:
    # level 1, filler gifts only: P0 (last taker) 4-4 = 0, P1 4-3 = 1; level 2, gifts worth 2:
    # P0 owes 4, P1 owes 3: both short
    layout = ({(0, 2): "P2", (1, 0): "Y2", (3, 2): "R2", (4, 1): "Y2"},)
    s = play(play(new(2, {}, *layout, everyone_short="stay"), FAST), FAST)
    assert s.results[1]["eliminated"] == [] and s.alive == (True, True) and s.treasure == (0, 0)
    assert s.level == 3 and s.current_player == 0
    out = play(play(new(2, {}, *layout), FAST), FAST)  # the text's words: both out, the game over
    assert sorted(out.results[1]["eliminated"]) == [0, 1] and out.is_over() and out.winners() == []


def test_the_game_ends_after_the_third_level() -> None:
    s = DragonKeeperState.new(3, {"tribute_choice": "best", "start_player": 0}, seed=11)
    levels = []
    while not s.is_over():
        levels.append(s.level)
        s = s.play(s.legal_moves()[0])
    assert sorted(set(levels)) == [1, 2, 3] and len(s.results) == 3


def test_with_the_texts_words_a_levels_first_gift_goes_to_who_played_last() -> None:
    """Ruling 1's option ``first_gift="last"``: the text gives to 「1つ前に手番を行ったプレイヤー」.
    In FAST the first level ends on player 1's turn and player 0 (the stair's holder) starts
    level 2: by the seat (default, as online) player 0 gives to player 2, by the text's words to
    player 1; from the second turn on both read the same (player 0 gives, player 1 moves)."""
    seat, last = play(new(3), FAST), play(new(3, first_gift="last"), FAST)
    assert seat.level == last.level == 2 and seat.current_player == last.current_player == 0
    assert last.level_ender == 1 and last.previous_player() == 1 and seat.previous_player() == 2
    take = next(m for m in last.legal_moves() if m.kind == "take")
    last, seat = last.play(take), seat.play(take)
    while last.phase != "give":  # (an action offered by the tile taken: not used)
        last, seat = last.play("pass"), seat.play("pass")
    give = next(m for m in last.legal_moves() if m.kind == "give")

    def holdings(state: DragonKeeperState) -> list[int]:
        return [sum(len(x) for x in state.stacks[p]) for p in range(3)]

    before = holdings(last)
    last, seat = last.play(give), seat.play(give)
    assert [a - b for a, b in zip(holdings(last), before)] == [0, 1, 0]  # player 1 received it
    assert [a - b for a, b in zip(holdings(seat), before)] == [0, 0, 1]  # by the seat, player 2
    if last.phase == "take":  # the next turn: both readings give to the seat before
        assert last.level_ender is None and last.previous_player() == seat.previous_player() == 0
    assert DragonKeeperState.from_json(last.to_json()) == last and last.options.first_gift == "last"
    with pytest.raises(ValueError, match="first_gift"):
        new(3, first_gift="previous")


def test_a_level_ended_as_the_next_player_finds_the_row_empty_was_last_played_by_the_mover() -> None:
    """In ROW_END player 0 took the last tile and player 1 then found the row empty: player 0
    played last.  Player 0 also starts level 2, so the text's words name the active player
    themselves: the gift goes to the seat before, as by default."""
    s = play(new(2, first_gift="last"), ROW_END)
    assert s.level == 2 and s.current_player == 0 and s.level_ender == 0 and s.previous_player() == 1
    online = play(new(2, first_gift="last", next_start="active"), ROW_END)
    assert online.current_player == 1 and online.level_ender == 0 and online.previous_player() == 0
