"""Every ruling (gamelib/dragonkeeper/rulings.py) and every option, each against what the
ruling's text says, worked out by hand."""

from __future__ import annotations

import pytest

from gamelib.dragonkeeper import DragonKeeperState, rulings
from gamelib.players import RandomPlayer

from .helpers import three_player_elimination


def test_1_9_the_player_before_and_after_skip_eliminated_players() -> None:
    alive = [True, True, True, True]
    assert [rulings.previous_player(p, alive) for p in range(4)] == [3, 0, 1, 2]
    assert [rulings.next_player(p, alive) for p in range(4)] == [1, 2, 3, 0]
    alive = [True, False, True, False]
    assert rulings.previous_player(2, alive) == 0 and rulings.previous_player(0, alive) == 2
    assert rulings.next_player(0, alive) == 2 and rulings.next_player(2, alive) == 0


def test_2_who_took_the_last_tile() -> None:
    assert [k for k in ("take", "give", "trap", "exchange", "passage", "pass") if rulings.counts_as_taking(k)] == [
        "take", "trap", "passage"]
    assert rulings.LAST_TAKER_EXTRA == 1


def test_3_15_the_passage_goes_on_from_the_given_tile_and_chains_once() -> None:
    assert rulings.passage_start(17) == 17
    assert [rulings.passage_chains(t, True) for t in ("B4t", "G3x", "P1p", "Y2r", "R1s", "R6")] == [
        True, True, False, False, False, False]
    assert not rulings.passage_chains("B4t", False)


def test_4_9_exchange_targets() -> None:
    stacks = [(("R3",), (), (), (), ()), ((), ("B1",), (), ("G2",), ()), (("R6",), (), (), (), ())]
    assert rulings.exchange_targets(0, stacks, [True, True, True], "out") == [(1, "B"), (1, "G"), (2, "R")]
    assert rulings.exchange_targets(0, stacks, [True, False, True], "out") == [(2, "R")]
    assert rulings.exchange_targets(0, stacks, [True, False, True], "kept") == [(1, "B"), (1, "G"), (2, "R")]


def test_5_10_the_trap_leaves_the_dragon_and_the_start_tile_is_in_reach() -> None:
    assert rulings.trap_moves_dragon() is False
    assert rulings.dragon_tile_in_reach() is True
    s = DragonKeeperState.new(2, seed=0)
    assert "take 2,2" in [str(m) for m in s.legal_moves()]


def test_8_the_most_treasure_bonus() -> None:
    assert rulings.treasure_bonus([3, 3, 1], [True, True, True]) == [2, 2, 0]
    assert rulings.treasure_bonus([3, 7, 1], [True, False, True]) == [2, 0, 0]
    assert rulings.treasure_bonus([0, 0], [True, True]) == [2, 2]


def test_9_16_payment_and_elimination() -> None:
    assert rulings.pay_treasure([3, 2], [3, 3], [True, True]) == ([0, 0], [True, False])
    assert rulings.pay_treasure([1, 1, 5], [2, 2, 2], [True, True, False]) == ([0, 0, 5], [False, False, False])
    assert rulings.pay_treasure([1, 1, 5], [2, 2, 2], [True, True, False], "stay") == ([0, 0, 5], [True, True, False])
    assert rulings.game_over_early([True, False, False]) and not rulings.game_over_early([True, True, False])


def test_13_the_next_start_player_and_what_acts() -> None:
    assert rulings.next_level_start(1, 2, [True, True, True]) == 1
    assert rulings.next_level_start(None, 2, [True, True, True]) == 2
    assert rulings.next_level_start(1, 2, [True, False, False]) == 0
    assert [rulings.acts(how, "x") for how in ("take", "passage", "give", "exchange", "trap")] == [
        True, True, False, False, False]
    assert not rulings.acts("take", "s") and not rulings.acts("take", "r")


def test_14_18_19_20_moments_treasure_order_and_the_deal() -> None:
    assert rulings.special_moment("t") == rulings.special_moment("x") == "after-take"
    assert rulings.special_moment("p") == "after-gift" and rulings.special_moment("r") == "end"
    assert [rulings.gift_treasure(v) for v in range(1, 7)] == [0, 0, 1, 1, 1, 1]
    assert rulings.end_order([False, True, True, False]) == [1, 2]
    tiles = [f"t{i}" for i in range(73)]
    first, second, third = rulings.deal_levels(tiles)
    assert third == tiles[:25] and second == tiles[25:49] and first == tiles[49:]


# -- options ----------------------------------------------------------------------------------------
def _end(players: int, options: dict, seed: int) -> DragonKeeperState:
    s = DragonKeeperState.new(players, options, seed)
    rng = RandomPlayer(seed)
    while not s.is_over() and s.phase not in ("tribute", "release"):
        s = s.play(rng.choose(s))
    return s


def test_option_tribute_choice_best_never_asks() -> None:
    phases = set()
    for seed in range(60):
        s = DragonKeeperState.new(3, {"tribute_choice": "best"}, seed)
        rng = RandomPlayer(seed)
        while not s.is_over():
            phases.add(s.phase)
            s = s.play(rng.choose(s))
    assert "tribute" not in phases and "release" not in phases


def test_option_releases_player_asks_and_auto_does_not() -> None:
    asked = [_end(3, {"releases": "player", "tribute_choice": "best"}, seed).phase for seed in range(60)]
    assert asked.count("release") > 3
    assert all(_end(3, {"tribute_choice": "best"}, seed).is_over() for seed in range(20))


@pytest.mark.parametrize(("rule", "targets"), [("out", {2}), ("kept", {1, 2})])
def test_option_eliminated_stacks(rule: str, targets: set) -> None:
    s = three_player_elimination(eliminated_stacks=rule)
    assert s.alive == (True, False, True) and s.level == 3
    # the bottom level (filled by the helper: 9 plain tiles, then the specials by value): P0 takes
    # the centre (Y1p), gives 3,2 (B3x) to P2 and through the passage takes 3,3 (G3x), which may
    # act at once: an exchange, with player 1's stacks only when they stay on the table
    s = s.play("take 2,2").play("give 3,2").play("passage 3,3")
    assert s.phase == "chain"
    assert {m.player for m in s.legal_moves() if m.kind == "exchange"} == targets


def test_sample_configurations_cover_every_option_value() -> None:
    seen: dict[str, set] = {}
    for players, options in DragonKeeperState.sample_configurations():
        for key, value in options.items():
            seen.setdefault(key, set()).add(value)
    assert {n for n, _ in DragonKeeperState.sample_configurations()} == {2, 3, 4}
    assert seen["tribute_choice"] >= {"best"} and seen["releases"] >= {"player"}
    assert seen["release_discarded"] == {True} and seen["passage_chain"] == {False}
    assert seen["eliminated_stacks"] == {"kept"}


@pytest.mark.parametrize("rule", ["out", "kept"])
def test_whole_games_under_every_option(rule: str) -> None:
    for seed in range(10):
        options = {"eliminated_stacks": rule, "releases": "player", "release_discarded": seed % 2 == 0,
                   "passage_chain": seed % 3 != 0, "tribute_choice": "player" if seed % 2 else "best"}
        s = DragonKeeperState.new(2 + seed % 3, options, seed)
        rng = RandomPlayer(seed)
        while not s.is_over():
            s = s.play(rng.choose(s))
        assert s.final_scores_from_position() == s.scores()


def test_16_everybody_short_at_once_is_eliminated_as_the_text_says_and_nobody_wins() -> None:
    """By default (the text's words) everybody short at once is eliminated, and the game ends
    there with no winner; with the house rule ``everyone_short="stay"`` the same moves leave
    both in."""
    from gamelib.players import play_out

    assert DragonKeeperState.new(2, {}, 0).options.everyone_short == "out"
    for seed in range(300):
        out = play_out(DragonKeeperState.new(2, {}, seed), [RandomPlayer(seed), RandomPlayer(seed + 1)])
        if not any(out.alive):
            break
    else:
        raise AssertionError("no random 2-player game of 300 had both players short at once")
    assert out.is_over() and out.winners() == [] and out.scores() == [0, 0] and out.legal_moves() == []
    last = out.results[-1]
    assert sorted(last["eliminated"]) == [0, 1]
    assert DragonKeeperState.from_json(out.to_json()) == out
    # the same moves with the house rule, up to that level's end: both stay, with nothing left
    stay = DragonKeeperState.new(2, {"everyone_short": "stay"}, seed)
    for move in out.moves:
        stay = stay.play(move)
    assert all(stay.alive) and stay.treasure == (0, 0)
    assert len(stay.results) == len(out.results)
