"""Real pieces: kingdoms built from real dominoes, and the checks that prove a kingdom (or a
row of dominoes) is one the real game's pieces can make."""

from __future__ import annotations

import pytest

from gamelib import IllegalMoveError, NotationError, positions
from gamelib.kingdomino import Kingdom, KingdominoState
from gamelib.players import RandomPlayer, play_out


def test_a_kingdom_built_from_placements_follows_the_placement_rules() -> None:
    k = Kingdom.from_placements([(1, (2, 3), (2, 4)), (24, (1, 4), (1, 3))], castle=(2, 2))
    assert k.to_text() == ". W0 F1\nC W0 W0"
    assert k.castle == (2, 2)
    with pytest.raises(IllegalMoveError):
        Kingdom.from_placements([(1, (0, 2), (0, 3))])  # touches nothing


def test_a_domino_number_is_placed_at_most_once_and_exists() -> None:
    with pytest.raises(NotationError, match="twice"):
        Kingdom.from_placements([(1, (0, 1), (0, 2)), (1, (1, 1), (1, 2))])
    with pytest.raises(NotationError, match="1 to 48"):
        Kingdom.from_placements([(49, (0, 1), (0, 2))])


def test_a_real_kingdom_passes_and_says_which_domino_covers_each_square() -> None:
    k = Kingdom.from_placements([(1, (0, 1), (0, 2)), (13, (1, 1), (1, 2)), (46, (1, 0), (2, 0))])
    found = positions.check("kingdomino.kingdom", k.to_text())
    assert sorted(set(found.values())) == [1, 13, 46]
    assert len(found) == 6


def test_every_finished_game_kingdom_is_real() -> None:
    state = play_out(KingdominoState.new(4, seed=9), [RandomPlayer(i) for i in range(4)])
    for kingdom in state.kingdoms:
        positions.check("kingdomino.kingdom", kingdom.to_text())


@pytest.mark.parametrize("text,why", [
    ("C W1 W0 W0 W0", "no domino is W1-W0"),
    ("C L2 L0", "no domino has a lake square with 2 crowns"),
    ("C F2 F0", "no domino has a forest square with 2 crowns"),
    ("C W0 W0 W0", "even number"),
    ("W0 W0 W0 W0 C\nW0 W0 . . .", "more than once; for example W0-W0 3 times"),
    ("C . W0 W0", "placement rules"),
    ("C M3 M3", "the kingdom has 2 of mine square with 3 crowns"),
])
def test_kingdoms_real_pieces_cannot_make_fail_with_the_reason(text: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        positions.check("kingdomino.kingdom", text)


def test_dominoes_laid_out_are_distinct_numbers_from_1_to_48() -> None:
    assert positions.check("kingdomino.dominoes", "2 21 35 37") == [2, 21, 35, 37]
    for text in ("2 2", "0", "49", "a", ""):
        with pytest.raises(ValueError):
            positions.check("kingdomino.dominoes", text)
