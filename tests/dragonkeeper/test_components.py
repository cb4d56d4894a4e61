"""このゲームで使うもの: 75 adventurer tiles, 4 guild tiles, 24 treasure tokens (the counts are
the component facts, written again by hand in ``helpers.TILES``)."""

from __future__ import annotations

from collections import Counter

import pytest

from gamelib import NotationError
from gamelib.dragonkeeper import tiles

from .helpers import TILES


def test_seventy_five_tiles_fifteen_of_each_colour() -> None:
    assert len(tiles.ALL_TILES) == 75
    assert Counter(tiles.ALL_TILES) == Counter(TILES)
    assert Counter(t[0] for t in tiles.ALL_TILES) == {"R": 15, "B": 15, "Y": 15, "G": 15, "P": 15}


def test_values_by_colour() -> None:
    red = Counter(int(t[1]) for t in tiles.ALL_TILES if t[0] == "R")
    assert red == {1: 2, 2: 3, 3: 4, 4: 3, 5: 2, 6: 1}
    assert sum(tiles.VALUE[t] for t in tiles.ALL_TILES if t[0] == "R") == 48
    for colour in "BYGP":
        values = Counter(int(t[1]) for t in tiles.ALL_TILES if t[0] == colour)
        assert values == {1: 5, 2: 4, 3: 3, 4: 2, 5: 1}
        assert sum(tiles.VALUE[t] for t in tiles.ALL_TILES if t[0] == colour) == 35


def test_the_two_red_ones_are_the_stairs_and_red_has_no_other_action() -> None:
    red = [t for t in tiles.ALL_TILES if t[0] == "R"]
    assert [t for t in red if tiles.SPECIAL[t]] == ["R1s", "R1s"]
    assert [t for t in red if tiles.VALUE[t] == 1] == ["R1s", "R1s"]
    assert tiles.STAIR == "R1s"


@pytest.mark.parametrize("colour", "BYGP")
def test_one_passage_release_exchange_and_trap_in_each_other_colour(colour: str) -> None:
    specials = sorted(t for t in tiles.ALL_TILES if t[0] == colour and tiles.SPECIAL[t])
    assert specials == sorted([f"{colour}1p", f"{colour}2r", f"{colour}3x", f"{colour}4t"])


def test_guild_tiles_are_never_red_and_treasure_starts_at_four() -> None:
    assert sorted(tiles.GUILD_COLOURS) == sorted("BYGP")
    assert tiles.TREASURE_TOKENS == 24 and tiles.TREASURE_AT_START == 4


def test_tile_words_and_codes() -> None:
    assert tiles.tile_words("G3x") == "緑の3(囚人の交換)"
    assert tiles.tile_words("P1p") == "紫の1(秘密の通路)"
    assert tiles.tile_words("Y2r") == "黄の2(解放)"
    assert tiles.tile_words("R1s") == "赤の1(階段)"
    for bad in ("R1", "B6", "B1s", "R4t", "b4", "", "B44", None, 4):
        with pytest.raises(NotationError):
            tiles.parse_tile(bad)
