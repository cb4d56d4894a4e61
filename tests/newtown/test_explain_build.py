"""Why no new house can be built (``why_no_new_house``): what a board says when 「家を建てる」
is not offered in the building phase."""

from __future__ import annotations

from gamelib import seeded_rng
from gamelib.newtown import KING, NewtownState, PlannerPlayer, exchanges_to_build, sections, why_no_new_house
from gamelib.newtown.rulings import land_capacity


def _building_positions(players: int, seeds: range) -> list[NewtownState]:
    found = []
    for seed in seeds:
        state = NewtownState.new(players, {}, seed)
        planners = [PlannerPlayer(seed * 7 + p) for p in range(players)]
        rng = seeded_rng(seed, "no-new-house")
        while not state.is_over():
            if state.phase == "build":
                found.append(state)
            p = state.current_player
            state = state.play(planners[p].choose(state) if rng.random() < 0.8 else rng.choice(state.legal_moves()))
    return found


POSITIONS = _building_positions(3, range(8))


def test_a_reason_exactly_when_no_new_house_is_legal() -> None:
    kinds = set()
    for state in POSITIONS:
        why = why_no_new_house(state)
        can = any(m.kind == "build" for m in state.legal_moves())
        assert (why is None) == can, (state.moves[-3:], why)
        if why is None:
            continue
        assert why.section in sections.ALL and why.message_ja.endswith("。") and why.message_en
        p = state.current_player
        d, have, land = state.dice[p], state.materials[p], state.craftsmen[p]
        text = why.message_ja
        if text.startswith("黒の目が残っていない"):
            assert (d.black or 0) <= 0
        elif text.startswith("資材を持っていません"):
            assert (d.black or 0) > 0 and not have
        elif text.startswith("建築条件1"):
            assert land != KING and sum(d.white) != land
        elif text.startswith("建築条件2"):
            assert land_capacity(land) is not None and state.white_ok(land, d.white)
        elif text.startswith("手持ちの資材"):  # every other condition met: the pieces cannot fill a floor
            assert (d.black or 0) > 0 and have and state.white_ok(land, d.white)
            assert land != KING or state.may_build_on_kings_land(p)
            assert exchanges_to_build(state) is None  # (splits or merges open no house either)
        elif text.startswith("資材"):  # the pieces as they are fill no floor, but exchanges would
            path = exchanges_to_build(state)
            assert path and text.startswith(f"資材{'・'.join(map(str, have))}では")
            after = state
            for move in path:
                assert move.kind in ("split", "merge")
                after = after.play(move)
            assert after.current_player == p and any(m.kind == "build" for m in after.legal_moves())
        kinds.add(text[:6])
    assert len(kinds) >= 4, kinds  # (the positions met several reasons)


def test_outside_the_building_phase_there_is_nothing_to_explain() -> None:
    state = NewtownState.new(2, {}, 1)
    assert state.phase != "build" and why_no_new_house(state) is None


def test_a_move_of_another_phase_is_refused_in_plain_words() -> None:
    """「職人コマを動かす手は移動(1)フェイズ・移動(2)フェイズの手です。」 read stilted to a tester:
    the refusal says what is done in which phases, the state unchanged."""
    import pytest

    from gamelib import IllegalMoveError
    from gamelib.newtown import Move

    state = NewtownState.new(3, {}, 3)
    while state.phase != "dice":
        state = state.play(state.legal_moves()[0])
    before = state.to_json()
    with pytest.raises(IllegalMoveError) as info:
        state.play(Move("go", (10,)))
    assert info.value.message_ja == "今はさいころフェイズです。職人コマを動かすのは、移動(1)フェイズと移動(2)フェイズです。"
    assert state.to_json() == before
    with pytest.raises(IllegalMoveError) as info:
        state.play(Move("pass", ()))
    assert "パスするのは、" in info.value.message_ja and "の手" not in info.value.message_ja


def test_pieces_that_a_split_would_fit_are_told_the_split() -> None:
    """A tester held pieces 2 and 3, was told they filled no floor, and ended the phase; the
    hint then split the 2 into 1 and 1 and built a 2×2 of 1 and 3.  The reason names the
    fewest splits and merges that open a house, and each one is legal and does."""
    found = 0
    for state in POSITIONS:
        why = why_no_new_house(state)
        path = exchanges_to_build(state)
        if why is None:
            assert path == []
            continue
        if not path:
            continue
        found += 1
        words = "、続けて".join(
            f"資材{m.args[0]}を{m.args[1]}と{m.args[0] - m.args[1]}に分ける" if m.kind == "split"
            else f"資材{m.args[0]}と{m.args[1]}を{sum(m.args)}にまとめる" for m in path)
        assert f"先に{words}と、建てられるようになります" in why.message_ja, why.message_ja
        # the fewest: no shorter sequence of the legal exchanges opens a house
        shorter = [state]
        for _ in range(len(path) - 1):
            shorter = [s.play(m) for s in shorter for m in s.legal_moves() if m.kind in ("split", "merge")]
            assert not any(m.kind == "build" for s in shorter for m in s.legal_moves())
    assert found >= 3, found
