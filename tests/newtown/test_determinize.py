"""さいころニュータウン samples for search (``determinize``): the draft's face-down cards, the
others' secret extension choices and every die still to roll are drawn again; what the player
sees stays."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from gamelib import seeded_rng
from gamelib.newtown import NewtownState

from .conftest import P1, P2, P3, staged


def _after_round_4(players: int = 3, **fields: Any) -> NewtownState:
    base: dict[str, Any] = {"round": 4, "order": tuple(range(players)), "turn": players - 1,
                            "craftsmen": (12, 16, 5)[:players]}
    base.update(fields)
    return staged(players, "move2", **base).play("pass")


def test_the_draft_pile_is_shuffled_again_and_every_unseen_card_comes_up_next_sometimes() -> None:
    state = NewtownState.new(3, {"deal": "draft"}, seed=3)
    state = state.play(state.legal_moves()[0])
    assert state.phase == "draft" and len(state.deck) > 4
    rng = random.Random(1)
    first: Counter[int] = Counter()
    for _ in range(400):
        sample = state.determinize(state.current_player, rng)
        assert sorted(sample.deck) == sorted(state.deck)
        assert sample.row == state.row and sample.cards == state.cards and sample.queue == state.queue
        first[sample.deck[0]] += 1
    assert set(first) == set(state.deck)
    assert min(first.values()) > 400 / len(state.deck) / 3


def test_the_next_card_of_the_draft_comes_from_the_sampled_pile() -> None:
    state = NewtownState.new(3, {"deal": "draft"}, seed=3)
    move = state.legal_moves()[0]
    rows = {state.determinize(state.current_player, random.Random(n)).apply_legal(move).row for n in range(30)}
    assert len(rows) > 1


def test_the_others_choices_made_are_drawn_again_and_the_own_and_those_to_come_stay() -> None:
    state = _after_round_4().play("decide extend").play("decide stop")  # P3 extends, P1 stops; P2 to choose
    assert state.current_player == P2 and state.choices == (False, None, True)
    seen = Counter()
    for n in range(60):
        sample = state.determinize(P2, random.Random(n))
        assert sample.choices[P2] is None and sample.view(P2) == state.view(P2)
        seen[sample.choices] += 1
    assert set(seen) == {(a, None, b) for a in (False, True) for b in (False, True)}
    own = {state.determinize(P1, random.Random(n)).choices for n in range(30)}
    assert own == {(False, None, True), (False, None, False)}  # P1 knows its own stop
    mine = {state.determinize(P3, random.Random(n)).choices for n in range(30)}
    assert mine == {(False, None, True), (True, None, True)}


def test_dice_still_to_roll_are_drawn_again() -> None:
    state = NewtownState.new(2, seed=5)
    assert state.phase == "tree"
    p = state.current_player
    pools = {state.determinize(p, random.Random(n)).play("tree 4").pool for n in range(20)}
    assert len(pools) > 10
    assert state.play("tree 4").pool == NewtownState.new(2, seed=5).play("tree 4").pool  # the game's own, untouched


def test_staged_dice_not_yet_used_are_dice_not_yet_rolled() -> None:
    state = staged(2, "tree", options={"dice_top": [6, 6, 5]})
    sample = state.determinize(P1, random.Random(0))
    assert sample.options.dice_top == () and state.options.dice_top == (6, 6, 5)
    trees = {state.determinize(P1, random.Random(n)).play("tree 3").log[-1][2] for n in range(20)}
    assert len(trees) > 1


def test_the_tenant_grid_to_come_is_drawn_again() -> None:
    rng = seeded_rng(8, "test-determinize")
    state = NewtownState.new(2, seed=8)
    while state.phase != "move2" or state.round != 4:
        state = state.play(rng.choice(state.legal_moves()))
    grids = set()
    for n in range(8):
        sample = state.determinize(P1, random.Random(n))
        while sample.phase not in ("tenant", "over"):
            sample = sample.apply_legal(sample.legal_moves()[-1])
        grids.add(sample.grid)
    assert len(grids) > 1


def test_the_sample_leaves_the_state_alone_and_plays_on_like_play() -> None:
    rng = seeded_rng(2, "test-determinize")
    state = NewtownState.new(3, {"deal": "draft"}, seed=2)
    for _ in range(40):
        before = state.to_json()
        sample = state.determinize(P3, random.Random(len(state.moves)))
        assert state.to_json() == before
        for move in sample.legal_moves()[:5]:
            assert sample.apply_legal(move).snapshot() == sample.play(move).snapshot()
        state = state.play(rng.choice(state.legal_moves()))
