"""ヴァリアント: Mighty Duel, Harmony (ruling 5), Middle Kingdom (ruling 6), Dynasty
(ruling 7) and the classic 3-player rule (ruling 1)."""

from __future__ import annotations

import pytest

from gamelib.kingdomino import Kingdom, KingdominoState
from gamelib.kingdomino.rulings import castle_centred, dynasty_ranking_key
from gamelib.players import GreedyPlayer, RandomPlayer, play_out


def _play(players: int, options: dict, seed: int, greedy: bool = False) -> KingdominoState:
    kind = GreedyPlayer if greedy else RandomPlayer
    return play_out(KingdominoState.new(players, options, seed), [kind(seed + i) for i in range(players)])


def test_mighty_duel_uses_all_48_dominoes_and_seven_by_seven_kingdoms() -> None:
    state = KingdominoState.new(2, {"mighty_duel": True}, seed=1)
    assert state.boxed == () and len(state.deck) + len(state.next_row) == 48
    end = _play(2, {"mighty_duel": True}, 1, greedy=True)
    for p, k in enumerate(end.kingdoms):
        rmin, rmax, cmin, cmax = k.span()
        assert k.size == 7 and rmax - rmin < 7 and cmax - cmin < 7
        assert k.filled() == 1 + 2 * (24 - end.discards[p])
    assert max(max(k.span()[1] - k.span()[0], k.span()[3] - k.span()[2]) for k in end.kingdoms) > 4


def test_mighty_duel_allows_a_seventh_column() -> None:
    k = Kingdom.from_text("C W0 W0 W0 W0 W0", size=7)
    assert k.can_place(1, (0, 6), (1, 6)) and not Kingdom.from_text("C W0 W0 W0 W0").can_place(1, (0, 5), (1, 5))


def test_harmony_five_points_exactly_for_no_discard_which_means_a_full_kingdom() -> None:
    seen_bonus = seen_none = 0
    for seed in range(25):
        end = _play(4, {"harmony": True}, seed, greedy=seed % 2 == 0)
        for p, k in enumerate(end.kingdoms):
            clean = end.discards[p] == 0
            assert end.bonuses(p) == {"harmony": 5 if clean else 0}
            assert end.scores()[p] == k.score() + (5 if clean else 0)
            assert k.is_full() == clean  # ruling 5: the two readings coincide
            seen_bonus += clean
            seen_none += not clean
    assert seen_bonus and seen_none


def test_no_bonus_before_the_game_ends() -> None:
    state = KingdominoState.new(2, {"harmony": True, "middle_kingdom": True}, seed=2)
    assert state.bonuses(0) == {} and state.scores() == [0, 0]


@pytest.mark.parametrize(("text", "span", "frame", "within"), [
    ("W0 W0 W0 W0 W0\nW0 W0 W0 W0 W0\nW0 W0 C W0 W0\nW0 W0 W0 W0 W0\nW0 W0 W0 W0 W0", True, True, True),
    ("W0 W0 W0 W0 W0\nW0 W0 C W0 W0\nW0 W0 W0 W0 W0", True, False, True),
    ("W0 W0 W0 W0 W0\nW0 C W0 W0 W0\nW0 W0 W0 W0 W0", False, False, False),
    ("W0 W0 W0\nW0 W0 C", False, False, True),
    ("W0 W0 W0 W0\nW0 W0 W0 C", False, False, False),
])
def test_middle_kingdom_castle_in_the_centre(text: str, span: bool, frame: bool, within: bool) -> None:
    k = Kingdom.from_text(text)
    assert k.castle_centred("span") == span and k.castle_centred("frame") == frame
    assert k.castle_centred("within") == within
    assert castle_centred(k.span(), 5, "span") == span


def test_middle_kingdom_within_counts_every_kingdom_inside_the_square_round_the_castle() -> None:
    """The third reading, in play: the bonus follows the option chosen."""
    for seed in range(12):
        end = _play(4, {"middle_kingdom": True, "middle_kingdom_rule": "within"}, seed, greedy=seed % 2 == 0)
        for p, k in enumerate(end.kingdoms):
            rmin, rmax, cmin, cmax = k.span()
            inside = max(-rmin, rmax, -cmin, cmax) <= 2
            assert end.bonuses(p) == {"middle_kingdom": 10 if inside else 0}
            assert not k.castle_centred("span") or inside  # the default reading is never looser
    # Random and greedy kingdoms almost always span the whole 5×5 square, where the readings
    # agree; a kingdom that stops short shows the difference.
    short = Kingdom.from_text("W0 W0 W0\nW0 W0 C")
    for rule, bonus in (("within", 10), ("span", 0), ("frame", 0)):
        end = _play(2, {"middle_kingdom": True, "middle_kingdom_rule": rule}, 3)
        end.kingdoms = (short, *end.kingdoms[1:])
        assert end.bonuses(0) == {"middle_kingdom": bonus}


def test_middle_kingdom_ten_points_at_the_end() -> None:
    for seed in range(20):
        end = _play(3, {"middle_kingdom": True}, seed, greedy=True)
        for p, k in enumerate(end.kingdoms):
            assert end.bonuses(p) == {"middle_kingdom": 10 if k.castle_centred() else 0}
            assert end.scores()[p] == k.score() + end.bonuses(p)["middle_kingdom"]


def test_dynasty_three_games_totals() -> None:
    state = KingdominoState.new(2, {"dynasty": True}, seed=4)
    decks = [state.deck]
    players = [RandomPlayer(1), RandomPlayer(2)]
    while not state.is_over():
        index = state.game_index
        state = state.play(players[state.current_player].choose(state))
        if state.game_index != index:
            assert state.game_index == index + 1
            assert all(k.filled() == 1 for k in state.kingdoms)  # a fresh kingdom for the next game
            decks.append(state.deck)
    assert state.game_index == 2 and len(state.past) == 2 and len(set(decks)) == 3
    last = [k.score() for k in state.kingdoms]
    assert state.scores() == [state.past[0]["scores"][p] + state.past[1]["scores"][p] + last[p] for p in (0, 1)]
    assert len(state.moves) == 3 * (4 + 24 + 20)


def test_dynasty_bonuses_count_in_every_game() -> None:
    end = _play(2, {"dynasty": True, "harmony": True}, 7, greedy=True)
    for g in end.past:
        for p in (0, 1):
            base = Kingdom.from_text(g["kingdoms"][p]).score()
            assert g["scores"][p] == base + (5 if g["discards"][p] == 0 else 0)


def test_dynasty_tie_break_on_equal_totals() -> None:
    assert dynasty_ranking_key(60, [3, 9, 2], [5, 5, 5]) > dynasty_ranking_key(60, [8, 8, 8], [9, 9, 9])
    assert dynasty_ranking_key(60, [9, 1, 1], [1, 1, 1]) < dynasty_ranking_key(60, [9, 1, 1], [1, 1, 2])
    assert dynasty_ranking_key(61, [1], [0]) > dynasty_ranking_key(60, [25], [39])


def test_classic_three_player_rule() -> None:
    state = KingdominoState.new(3, {"three_player_rule": "classic"}, seed=2)
    assert state.boxed == () and len(state.next_row) == 4 and len(state.claim_queue) == 3
    end = _play(3, {"three_player_rule": "classic"}, 2)
    assert len(end.out_of_play) == 12  # one untaken domino per row of four
    for p, k in enumerate(end.kingdoms):
        assert (k.filled() - 1) // 2 + end.discards[p] == 12


def test_the_winner_is_found_on_scores_with_the_bonuses_added() -> None:
    """The 同点 ruling: the score compared first is the total with 調和 and 中央王国's points,
    so a bonus can turn a lower kingdom into the winner (found in seeded games)."""
    options = {"harmony": True, "middle_kingdom": True}
    for seed in range(60):
        end = _play(2, options, seed, greedy=True)
        plain = [k.score() for k in end.kingdoms]
        if plain[0] != plain[1] and end.scores()[0] != end.scores()[1] and (
                (plain[0] > plain[1]) != (end.scores()[0] > end.scores()[1])):
            assert end.winners() == [max(range(2), key=lambda p: end.scores()[p])]
            return
    raise AssertionError("no game whose bonuses changed the winner")


def test_harmony_with_the_classic_three_player_rule_does_not_count_the_row_leftovers() -> None:
    """Under the older revision's 3-player rule the domino nobody claimed leaves each row; it is
    nobody's discard, so a player who discarded nothing still earns 調和's 5 points."""
    clean = 0
    for seed in range(20):
        end = _play(3, {"three_player_rule": "classic", "harmony": True}, seed, greedy=True)
        assert len(end.out_of_play) == 12
        for p, k in enumerate(end.kingdoms):
            assert end.bonuses(p)["harmony"] == (5 if end.discards[p] == 0 else 0)
            if end.discards[p] == 0:
                assert k.is_full()
                clean += 1
    assert clean
