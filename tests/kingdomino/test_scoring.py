"""ゲーム終了と得点計算: properties, squares × crowns, the castle, tie-breaks (ruling 8).

Every expected figure here was worked out by hand from the kingdom drawn in the test.
"""

from __future__ import annotations

from gamelib.kingdomino import Kingdom, KingdominoState, rank
from gamelib.kingdomino.rulings import ranking_key
from gamelib.players import GreedyPlayer, RandomPlayer, play_out

EXAMPLE = """
W1 W0 F0 F1 F0
W0 W0 C L1 L0
G2 G0 S0 S1 M2
G0 G0 S0 L0 M0
F0 F0 W0 W1 L2
"""


def test_scoring_example_property_by_property() -> None:
    k = Kingdom.from_text(EXAMPLE)
    table = sorted((p.terrain_letter, p.squares, p.crowns, p.points) for p in k.properties())
    assert table == sorted([
        ("W", 4, 1, 4),  # top-left wheat
        ("F", 3, 1, 3),  # top forest
        ("L", 2, 1, 2),  # lake right of the castle
        ("G", 4, 2, 8),  # grassland
        ("S", 3, 1, 3),  # swamp
        ("M", 2, 2, 4),  # mine
        ("L", 1, 0, 0),  # lonely lake
        ("F", 2, 0, 0),  # bottom forest
        ("W", 2, 1, 2),  # bottom wheat
        ("L", 1, 2, 2),  # corner lake
    ])
    assert k.score() == 28
    assert k.largest_property() == 4 and k.crowns() == 11


def test_the_castle_joins_no_property() -> None:
    assert Kingdom.from_text("W1 C W1").score() == 2  # two properties of one square, not one of two


def test_a_property_without_crowns_scores_nothing() -> None:
    assert Kingdom.from_text("C F0 F0 F0 F0").score() == 0


def test_diagonal_squares_are_separate_properties() -> None:
    assert Kingdom.from_text("C W1 .\n. . W1\nW0 . .").score() == 2
    assert Kingdom.from_text("C W1 W1\n. . W1").score() == 9


def test_tie_break_shared_when_everything_is_equal() -> None:
    assert rank([Kingdom.from_text("C W1 W0 W0"), Kingdom.from_text("C F1 F0 F0")]) == [0, 1]


def test_tie_break_largest_property_ignores_crowns() -> None:
    a = Kingdom.from_text("C W1 W0 W0 W0")  # 4 points, a property of 4, 1 crown
    b = Kingdom.from_text("C F2 F0 . L0")  # 4 points, largest 2, 2 crowns
    assert a.score() == b.score() == 4
    assert rank([a, b]) == [0] and rank([b, a]) == [1]


def test_tie_break_then_most_crowns() -> None:
    a = Kingdom.from_text("C W1 W0 W0 W0")  # 4 points, largest 4, 1 crown
    b = Kingdom.from_text("C W0 W0 W0 W0\nL2 . M2 . .")  # 4 points, largest 4, 4 crowns
    assert (a.score(), a.largest_property()) == (b.score(), b.largest_property())
    assert rank([a, b]) == [1]


def test_ranking_key_orders_score_then_largest_then_crowns() -> None:
    assert ranking_key(10, 1, 0) > ranking_key(9, 20, 20)
    assert ranking_key(10, 5, 0) > ranking_key(10, 4, 9)
    assert ranking_key(10, 5, 3) > ranking_key(10, 5, 2)


def test_winners_of_finished_games_follow_the_tie_breaks() -> None:
    for seed in range(30):
        state = play_out(KingdominoState.new(4, seed=seed), [RandomPlayer(seed + i) for i in range(4)])
        keys = [(k.score(), k.largest_property(), k.crowns()) for k in state.kingdoms]
        best = max(keys)
        assert state.winners() == [p for p, key in enumerate(keys) if key == best]
        assert state.scores() == [k.score() for k in state.kingdoms]


def test_greedy_beats_random_clearly() -> None:
    """The published figure is about 98% for one greedy against three random players."""
    wins = 0
    for seed in range(40):
        players = [GreedyPlayer(seed), RandomPlayer(seed + 1), RandomPlayer(seed + 2), RandomPlayer(seed + 3)]
        state = play_out(KingdominoState.new(4, seed=seed), players)
        wins += 0 in state.winners()
    assert wins >= 32
