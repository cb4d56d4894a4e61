"""ゲーム終了と得点計算 on one player's stacks: the tribute (largest stack; the guild rule; ties),
releases, the tile score, and the stable entry point ``final_score`` with the text's examples."""

from __future__ import annotations

import random

import pytest

from gamelib import NotationError
from gamelib.dragonkeeper import final_score, rulings, scoring
from gamelib.dragonkeeper.tiles import parse_stacks

from . import reference
from .helpers import TILES

# The text's example 1 (its pictures are missing; rebuilt from what it says): purple and green
# are the largest stacks (4 tiles each), purple is given; the guild is blue and a release (the
# green 2) discards the blue 4, leaving blue -1; red 1+3+5 = 9, green 2+4+3+2 = 11, yellow 3+4 = 7.
EXAMPLE_1 = "R:1s,3,5 B:4,1 Y:3,4 G:2r,4,3,2 P:1,2,1,3"
# Example 2: purple (the guild) is the largest stack (5), so green, the second largest (4), is
# given and every purple tile released: red 2+4+1 = 7, blue 3+5 = 8, yellow 1+2 = 3.
EXAMPLE_2 = "R:2,4,1s B:3,5 Y:1,2r G:4,3,1,2 P:1,2,3,4,5"


def test_example_1() -> None:
    assert final_score(EXAMPLE_1, "B") == 9 + 11 + 7 - 1 == 26
    score, given, released = scoring.best_end(parse_stacks(EXAMPLE_1), "B")
    assert (score, given, released) == (26, 4, False)  # purple (index 4) given
    # giving green instead loses the release too: red 9 + yellow 7 + purple 7 - blue 5 = 18
    after = scoring.apply_tribute(parse_stacks(EXAMPLE_1), 3, False, "B")
    assert scoring.tile_total(scoring.settle_releases(after, "B", False)[0], "B") == 18


def test_example_2() -> None:
    assert final_score(EXAMPLE_2, "P") == 7 + 8 + 3 == 18
    assert scoring.best_end(parse_stacks(EXAMPLE_2), "P")[1:] == (3, True)  # green given, purple released


@pytest.mark.parametrize(("text", "guild", "expected"), [
    ("", "B", 0),
    ("B:3", "B", 0),  # the guild stack alone: released, nothing to give
    ("R:5", "B", 0),  # one stack: given
    ("R:3,3 B:4,4t G:1", "B", 1),  # the guild tied for largest: red given, blue released (ruling 12)
    ("R:3,3 Y:4,4t G:1", "B", 8 + 1),  # red and yellow tied: the player gives red (6) rather than yellow (8)
    ("R:6,5,4,3 B:5,4,1 Y:2r G:2r,1", "B", -1 + 2 + 3),  # red given; two releases free the blue 5 and 4
    ("R:6,5,4,3 B:5,2r,1 G:1", "B", -3 + 1),  # the blue release frees the blue 5 and stays (ruling 11)
    ("R:3 B:5 Y:2r,1,1,1", "B", 3 - 5),  # a given release does not act
])
def test_tribute_and_releases(text: str, guild: str, expected: int) -> None:
    assert final_score(text, guild) == expected
    assert reference.best_score(text, guild) == expected


@pytest.mark.parametrize(("text", "guild", "expected"), [
    ("R:6,5,4,3 B:5,4,1 Y:2r G:2r,1", "B", -1 + 0 + 1),  # each release used goes with the tile it frees
    ("R:6,5,4,3 B:5,2r,1 G:1", "B", -1 + 1),  # the blue release and the blue 5 both go
    ("R:6,5,4,3 B:2,2,1 Y:2r", "B", -5 + 2),  # freeing a 2 with a yellow release (worth 2) gains nothing
])
def test_release_tiles_discarded_when_used_online_rule(text: str, guild: str, expected: int) -> None:
    assert scoring.best_end(parse_stacks(text), guild, discarded=True)[0] == expected
    assert reference.best_score(text, guild, discarded=True) == expected


def test_the_best_releases_agree_with_trying_every_sequence() -> None:
    rng = random.Random(5)
    for _ in range(400):
        tiles = rng.sample(TILES, rng.randrange(0, 16))
        tiles += [r for r in ("B2r", "Y2r", "G2r", "P2r") if r not in tiles and rng.random() < 0.5]
        text = " ".join(f"{c}:" + ",".join(t[1:] for t in tiles if t[0] == c) for c in "RBYGP"
                        if any(t[0] == c for t in tiles))
        guild = rng.choice("BYGP")
        for discarded in (False, True):
            assert scoring.best_end(parse_stacks(text), guild, discarded)[0] == reference.best_score(
                text, guild, discarded), (text, guild, discarded)


def test_the_rulings_helpers() -> None:
    assert rulings.tribute_candidates([0, 0, 0, 0, 0], 1) == ([], False)
    assert rulings.tribute_candidates([2, 2, 1, 0, 0], 2) == ([0, 1], False)
    assert rulings.tribute_candidates([2, 3, 3, 0, 1], 1) == ([2], True)
    assert rulings.best_releases(["B5", "B4", "B1"], ["Y", "G"], "B", False) == [("B5", "Y"), ("B4", "G")]
    assert rulings.best_releases(["B2r"], ["B"], "B", True) == [("B2r", "B")]
    assert rulings.best_releases(["B1"], ["Y"], "B", True) == []


@pytest.mark.parametrize(("text", "guild", "words"), [
    ("R:1", "B", "R1s"),  # the red 1s are the stairs
    ("R:1s,1s,1s", "B", "only 2"),
    ("B:5,5", "B", "only 1"),
    ("B:1p,1p", "Y", "only 1"),
    ("Q:1", "B", "not a colour"),
    ("r:1s", "B", "not a colour"),
    ("B:4 B:5", "B", "colour order"),
    ("Y:3 R:2", "B", "colour order"),
    ("B:", "B", "at least one tile"),
    ("B:7", "B", "no tile"),
    ("B:4,", "B", "not a tile"),
    ("B4", "B", "not a stack"),
    ("R:6t", "B", "no tile"),
    ("R:1s", "R", "not a colour"),
    ("R:1s", "b", "not a colour"),
    ("R:1s", None, "not a colour"),
    (None, "B", "text"),
    ("R:1s " * 200, "B", "at most"),
])
def test_final_score_refuses_what_no_real_tiles_make(text: object, guild: object, words: str) -> None:
    with pytest.raises(ValueError, match=words) as info:
        final_score(text, guild)  # type: ignore[arg-type]
    assert isinstance(info.value, NotationError) and info.value.message_ja
