"""Samples for search players (``determinize``): only the draw pile and the box are dealt again."""

from __future__ import annotations

from collections import Counter

from gamelib import seeded_rng
from gamelib.kingdomino import KingdominoState


def _midgame(players: int, options: dict | None = None, seed: int = 3, steps: int = 11) -> KingdominoState:
    rng = seeded_rng(seed, "midgame")
    state = KingdominoState.new(players, options, seed)
    for _ in range(steps):
        state = state.play(rng.choice(state.legal_moves()))
    return state


def _seen(state: KingdominoState) -> set[int]:
    """Every domino a player has seen: claimed, in a row, or out of play."""
    seen = {int(m.split()[1]) for m in state.moves}
    seen |= {s.number for s in state.row + state.next_row}
    return seen | set(state.out_of_play)


def test_a_sample_deals_only_the_unseen_dominoes_with_the_right_counts() -> None:
    for players in (2, 3, 4):
        state = _midgame(players)
        rng = seeded_rng(1, "test")
        for _ in range(20):
            sample = state.determinize(0, rng)
            assert len(sample.deck) == len(state.deck) and len(sample.boxed) == len(state.boxed)
            assert sorted(sample.deck + sample.boxed) == sorted(state.deck + state.boxed)
            assert not (set(sample.deck) | set(sample.boxed)) & _seen(state)
            assert list(sample.boxed) == sorted(sample.boxed)
            assert sample.row == state.row and sample.next_row == state.next_row
            assert sample.kingdoms == state.kingdoms and sample.discards == state.discards


def test_every_unseen_domino_is_sometimes_next_and_sometimes_in_the_box() -> None:
    state = _midgame(2)
    rng = seeded_rng(2, "test")
    top: Counter[int] = Counter()
    boxed: Counter[int] = Counter()
    for _ in range(600):
        sample = state.determinize(1, rng)
        top.update(sample.deck[:4])
        boxed.update(sample.boxed)
    unseen = set(state.unseen())
    assert set(top) == unseen and set(boxed) == unseen


def test_the_original_position_is_untouched_and_samples_differ() -> None:
    state = _midgame(4)
    before = state.to_json()
    rng = seeded_rng(3, "test")
    decks = {state.determinize(2, rng).deck for _ in range(10)}
    assert state.to_json() == before
    assert len(decks) > 1


def test_stacked_dominoes_stay_on_top_in_order() -> None:
    top = [40, 3, 17, 22, 9, 31, 12, 5, 44, 1]
    state = KingdominoState.new(2, {"deck_top": top, "start_player": 0}, seed=5)
    state = state.play_all(["claim 3", "claim 17", "claim 22", "claim 40"])  # first row: 3 17 22 40
    assert state.next_row and [s.number for s in state.next_row] == sorted(top[4:8])
    rng = seeded_rng(4, "test")
    for _ in range(30):
        sample = state.determinize(0, rng)
        assert sample.deck[:2] == (44, 1)
        assert set(sample.deck[2:]) | set(sample.boxed) == set(state.unseen())
    # a game stacking every domino hides nothing: the sample is the position itself
    every = list(range(48, 0, -1))
    assert not KingdominoState.hidden_information(4, {"deck_top": every})
    assert KingdominoState.hidden_information(4, {"deck_top": every[:46]})
    assert KingdominoState.hidden_information(2, {"deck_top": every[:24]})
    full = KingdominoState.new(4, {"deck_top": every}, seed=1)
    assert full.determinize(0, rng).snapshot() == full.snapshot()


def test_a_sample_plays_to_the_end_with_play_and_apply_legal() -> None:
    for players, options in ((2, {}), (3, {"three_player_rule": "classic"}), (2, {"mighty_duel": True})):
        state = _midgame(players, options, seed=9, steps=15)
        rng = seeded_rng(5, "test")
        a = b = state.determinize(state.current_player, rng)
        while not a.is_over():
            move = rng.choice(a.legal_moves())
            a, b = a.play(move), b.apply_legal(move)
            assert a.snapshot() == b.snapshot()
        assert b.is_over() and len(a.scores()) == players
