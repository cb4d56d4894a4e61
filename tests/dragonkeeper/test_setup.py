"""セットアップ: three levels (25 random tiles on the bottom level, a stair tile and 24 random
tiles on each of the other two), the dragon in the top level's centre, secret guilds, 4
treasure each, a random start player."""

from __future__ import annotations

from collections import Counter

import pytest

from gamelib import NotationError
from gamelib.dragonkeeper import DragonKeeperState

from .helpers import TILES, make_layout


@pytest.mark.parametrize("players", [2, 3, 4])
def test_three_levels_from_all_75_tiles(players: int) -> None:
    for seed in range(8):
        s = DragonKeeperState.new(players, seed=seed)
        first, second, third = s.boards
        assert first[12] == "R1s" and second[12] == "R1s"
        assert "R1s" not in first[:12] + first[13:] and "R1s" not in second[:12] + second[13:]
        assert len(third) == 25 and None not in third and "R1s" not in third
        assert Counter(first + second + third) == Counter(TILES)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dragon_guilds_treasure_and_start(players: int) -> None:
    s = DragonKeeperState.new(players, seed=3)
    assert s.level == 1 and s.dragon_cell == (2, 2) and s.phase == "take"
    assert len(s.guilds) == players and len(set(s.guilds)) == players and set(s.guilds) <= set("BYGP")
    assert s.treasure == (4,) * players
    assert all(s.stacks_text(p) == "" for p in range(players))
    assert s.current_player == s.starts[0]


def test_the_layout_guilds_and_start_player_are_random_from_the_seed() -> None:
    layouts = {DragonKeeperState.new(4, seed=n).boards for n in range(10)}
    guilds = {DragonKeeperState.new(4, seed=n).guilds for n in range(10)}
    starts = {DragonKeeperState.new(4, seed=n).current_player for n in range(40)}
    assert len(layouts) == 10 and len(guilds) > 5 and starts == {0, 1, 2, 3}
    assert DragonKeeperState.new(3, seed=4) == DragonKeeperState.new(3, seed=4)


def test_a_stacked_set_up_for_examples() -> None:
    layout = make_layout({(0, 0): "R6"}, {}, {(2, 2): "G5"})
    s = DragonKeeperState.new(3, {"layout": layout, "guilds": "PBG", "start_player": 2}, seed=0)
    assert s.boards[0][0] == "R6" and s.boards[2][12] == "G5"
    assert s.guilds == ("P", "B", "G") and s.current_player == 2
    assert DragonKeeperState.from_json(s.to_json()) == s


@pytest.mark.parametrize("options", [
    {"layout": make_layout()[:2]},
    {"layout": [make_layout()[1], make_layout()[0], make_layout()[2]][:1] * 3},
    {"layout": [" ".join(["R1s"] * 25)] * 3},
    {"layout": make_layout()[:2] + [make_layout()[2].replace("R", "B", 1)]},
    {"layout": "R1s " * 75},
    {"guilds": "BB"}, {"guilds": "BR"}, {"guilds": "BYG"}, {"guilds": 5},
    {"start_player": 3}, {"start_player": True}, {"start_player": -1},
])
def test_a_stacked_set_up_must_be_possible(options: dict) -> None:
    with pytest.raises(NotationError):
        DragonKeeperState.new(2, options, seed=0)


def test_the_stairs_must_be_in_the_first_two_centres() -> None:
    first, second, third = (level.split() for level in make_layout())
    first[12], first[0] = first[0], first[12]
    with pytest.raises(NotationError, match="centre"):
        DragonKeeperState.new(2, {"layout": [" ".join(first), " ".join(second), " ".join(third)]}, seed=0)


def test_a_start_player_beyond_the_players_is_named_with_the_numbers_there_are() -> None:
    with pytest.raises(NotationError) as info:
        DragonKeeperState.new(2, {"start_player": 3}, seed=0)
    assert info.value.message_ja == "2人のゲームには、番号3のプレイヤーはいません(0から1です)。"
