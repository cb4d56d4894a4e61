"""このゲームで使うもの: the 48 dominoes against the independently published totals."""

from collections import Counter

from gamelib.kingdomino import DOMINOES
from gamelib.kingdomino.dominoes import FOREST, GRASSLAND, LAKE, MINE, SWAMP, WHEAT


def test_forty_eight_dominoes_numbered_one_to_forty_eight() -> None:
    assert sorted(DOMINOES) == list(range(1, 49))
    assert all(d.number == n for n, d in DOMINOES.items())


def test_square_and_crown_totals_match_the_component_facts() -> None:
    squares: Counter[int] = Counter()
    crowns: Counter[int] = Counter()
    for d in DOMINOES.values():
        squares[d.terrain1] += 1
        squares[d.terrain2] += 1
        crowns[d.terrain1] += d.crowns1
        crowns[d.terrain2] += d.crowns2
    assert squares == {WHEAT: 26, FOREST: 22, LAKE: 18, GRASSLAND: 14, SWAMP: 10, MINE: 6}
    assert crowns == {WHEAT: 5, FOREST: 6, LAKE: 6, GRASSLAND: 6, SWAMP: 6, MINE: 10}
    assert sum(crowns.values()) == 39


def test_a_half_carries_at_most_three_crowns_and_the_highest_numbers_the_most() -> None:
    assert max(max(d.crowns1, d.crowns2) for d in DOMINOES.values()) == 3
    assert DOMINOES[48].crowns == 3 and all(DOMINOES[n].crowns == 0 for n in range(1, 19))
