"""The greedy value (``KingdominoState.evaluate``): its parts are right, and it plays well."""

from __future__ import annotations

from gamelib import seeded_rng
from gamelib.kingdomino import DOMINOES, Kingdom, KingdominoState
from gamelib.players import GreedyPlayer, RandomPlayer, play_out


def _states(players: int, options: dict, games: int):
    for seed in range(games):
        rng = seeded_rng(seed, "greedy-test")
        state = KingdominoState.new(players, options, seed)
        while not state.is_over():
            yield state
            state = state.play(rng.choice(state.legal_moves()))
        yield state


def test_points_gained_by_a_placement_are_the_score_difference() -> None:
    checked = 0
    for state in _states(4, {}, 3):
        for kingdom in state.kingdoms:
            assert kingdom.score() == sum(p.points for p in kingdom.properties())
            assert kingdom.largest_property() == max((p.squares for p in kingdom.properties()), default=0)
        if state.phase != "place" or state.legal_moves()[0].kind != "place":
            continue
        kingdom = state.kingdoms[state.current_player]
        d = DOMINOES[state.current_domino]
        for move in state.legal_moves():
            p, q = kingdom._index(move.first), kingdom._index(move.second)
            gained, touching, grown, holes = kingdom._placement_features(d.terrain1, d.crowns1, d.terrain2,
                                                                         d.crowns2, p, q)
            after = kingdom.place(move.number, move.first, move.second)
            assert gained == after.score() - kingdom.score()
            assert touching >= 0 and grown >= 0 and holes >= 0
            checked += 1
    assert checked > 100


def test_a_walled_in_square_counts_as_a_hole() -> None:
    kingdom = Kingdom.from_text("F0 . F0\nF0 C F0")  # (0, 1) is open above the castle, (-1, 1) above it
    index = kingdom._index
    forest = DOMINOES[3]  # forest, forest
    assert kingdom.can_place(3, (-1, 1), (-1, 2)) and kingdom.can_place(3, (-1, 0), (-2, 0))
    walls_in = kingdom._placement_features(forest.terrain1, 0, forest.terrain2, 0, index((-1, 1)), index((-1, 2)))
    leaves = kingdom._placement_features(forest.terrain1, 0, forest.terrain2, 0, index((-1, 0)), index((-2, 0)))
    assert walls_in[3] == 1 and leaves[3] == 0
    assert walls_in[1] == 1 and leaves[1] == 1  # each touches one forest square


def test_greedy_beats_random_players_in_nearly_every_game() -> None:
    wins = 0
    scores = []
    for game in range(16):
        seat = game % 4
        seats = [GreedyPlayer(game) if p == seat else RandomPlayer(100 * game + p) for p in range(4)]
        state = play_out(KingdominoState.new(4, seed=game), seats)
        wins += seat in state.winners()
        scores.append(state.scores()[seat])
    assert wins >= 15
    assert sum(scores) / len(scores) > 40  # the plain score-after-placement player averages about 42


def test_greedy_prefers_the_claim_that_scores_and_avoids_a_discard_with_harmony() -> None:
    # domino 1 (wheat, wheat) beside the castle gains nothing; domino 19 (wheat with a crown) scores
    state = KingdominoState.new(2, {"deck_top": [1, 2, 3, 19], "start_player": 0, "harmony": True}, seed=1)
    assert state.evaluate(state.parse_move("claim 19"), 0) > state.evaluate(state.parse_move("claim 1"), 0)
    assert max(state.legal_moves(), key=lambda m: state.evaluate(m, 0)).number == 19
