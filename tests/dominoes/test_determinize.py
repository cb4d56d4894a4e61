"""Samples for search players (``determinize``): what the player sees stays, the tiles they cannot
account for are shared out again, in the right numbers, keeping what play has shown (a Dominup
player who expanded held no tile that could climb; a tree player who passed held no tile that
fitted; a Dominimum mission is never a double)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from gamelib import GameError, new_game, seeded_rng
from gamelib.dominoes import TILES, DominupState, Tree, TreeState, parse_move
from gamelib.dominoes.base import deal_hidden


def _history(name: str, players: int, seed: int, options: dict | None = None, upto: int | None = None) -> list:
    rng = seeded_rng(seed, "determinize test", name)
    states = [new_game(name, players, options or {}, seed=seed)]
    while not states[-1].is_over() and (upto is None or len(states) <= upto):
        states.append(states[-1].play(rng.choice(states[-1].legal_moves())))
    return states


def _placed(state) -> set:
    return {parse_move(m).tile for m in state.moves if m != "pass"}


def _hidden(state, player: int) -> Counter:
    """Every hidden tile of a state, with where it is (as seen by ``player``)."""
    where = Counter()
    for p, hand in enumerate(state.hands):
        if p != player:
            where.update(hand)
    where.update(state.supply)
    for p, mission in enumerate(getattr(state, "missions", ())):
        if p != player:
            where[mission] += 1
    return where


@pytest.mark.parametrize("name,players", [("dominomega", 3), ("dominomega", 2), ("dominimum", 4), ("dominup", 3),
                                          ("dominup", 4), ("tree", 1), ("tree", 3)])
def test_a_sample_deals_exactly_the_tiles_the_player_cannot_account_for(name: str, players: int) -> None:
    rng = seeded_rng(1, "samples")
    for state in _history(name, players, 3)[::4]:
        if state.is_over():
            continue
        for player in range(players):
            before = state.to_json()
            sample = state.determinize(player, rng)
            assert state.to_json() == before, "the position itself is untouched"
            assert sample.hands[player] == state.hands[player]
            assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
            assert len(sample.supply) == len(state.supply)
            seen = _placed(state) | set(state.hands[player]) | ({(0, 0)} if name == "tree" else set())
            hidden = _hidden(sample, player)
            assert not seen & set(hidden), "a tile the player has seen elsewhere is never dealt again"
            assert max(hidden.values(), default=1) == 1
            assert set(hidden) == set(TILES) - seen - ({state.missions[player]} if name == "dominimum" else set())
            assert sample.view(player) == state.view(player)


@pytest.mark.parametrize("name,players", [("dominomega", 3), ("dominimum", 3), ("dominup", 4), ("tree", 2)])
def test_over_many_samples_each_unseen_tile_reaches_an_opponents_hand(name: str, players: int) -> None:
    state = _history(name, players, 8, upto=5)[-1]
    player = 0
    opponent = 1
    unseen = set(_hidden(state, player))
    rng = seeded_rng(2, "many samples")
    reached = Counter()
    for _ in range(600):
        reached.update(state.determinize(player, rng).hands[opponent])
    assert set(reached) <= unseen
    assert set(reached) == unseen, f"never dealt to the opponent: {sorted(unseen - set(reached))}"


def test_dominimum_missions_are_drawn_again_but_never_doubles() -> None:
    state = _history("dominimum", 4, 5, upto=10)[-1]
    rng = seeded_rng(4, "missions")
    missions = Counter()
    for _ in range(300):
        sample = state.determinize(2, rng)
        assert sample.missions[2] == state.missions[2]
        for p in (0, 1, 3):
            assert sample.missions[p][0] != sample.missions[p][1]
            missions[sample.missions[p]] += 1
    assert len(missions) > 10


def test_dominup_for_two_knows_everything() -> None:
    rng = seeded_rng(5, "dominup 2")
    assert not DominupState.hidden_information(2, {}) and DominupState.hidden_information(3, {})
    for state in _history("dominup", 2, 6)[::5]:
        sample = state.determinize(1, rng)
        assert sample == state and sample.snapshot() == state.snapshot() and sample is not state


@pytest.mark.parametrize("players", [3, 4])
def test_a_dominup_player_who_expanded_is_never_dealt_a_tile_that_could_have_climbed(players: int) -> None:
    rng = seeded_rng(6, "climbs shown")
    checked = 0
    for seed in range(8):
        states = _history("dominup", players, seed)
        for end in states[10::6]:
            if end.is_over():
                continue
            for player in range(players):
                sample = end.determinize(player, rng)
                for before, after in zip(states, states[1:]):
                    if len(after.moves) > len(end.moves):
                        break
                    mover = before.current_player
                    if mover == player or before.phase != "expand":
                        continue
                    # with the sampled hand the mover would have had no climb either
                    assert before.stacks.climbs(sample.hands[mover]) == []
                    checked += bool(before.stacks.climb_tiles() - _placed(end))
    assert checked > 20, "positions where the expansion told something"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_tree_player_who_passed_held_no_tile_that_fitted(players: int) -> None:
    rng = seeded_rng(7, "passes shown")
    checked = 0
    for seed in range(12):
        states = _history("tree", players, seed)
        end = states[-2] if states[-1].is_over() else states[-1]
        for player in range(players):
            sample = end.determinize(player, rng)
            for i, (before, after) in enumerate(zip(states, states[1:])):
                if len(after.moves) > len(end.moves) or after.moves[-1] != "pass":
                    continue
                mover = before.current_player
                if mover == player:
                    continue
                # the sampled hand, less the tiles the mover drew since, fitted nowhere then
                drawn = sum(1 for b, a in zip(states[i:], states[i + 1:]) if len(a.moves) <= len(end.moves)
                            and a.moves[-1] == "pass" and b.current_player == mover and b.supply)
                fitted = [t for t in sample.hands[mover] if before.tree.placements(t)]
                placed_since = [parse_move(m).tile for m, who in zip(end.moves[i:], end.movers[i:])
                                if who == mover and m != "pass" and before.tree.placements(parse_move(m).tile)]
                assert len(fitted) + len(placed_since) <= drawn
                checked += 1
    assert checked > 0


def test_deal_hidden_keeps_limits_even_when_a_shuffle_rarely_does() -> None:
    tiles = list(TILES[:20])
    rng = seeded_rng(9, "deal")
    banned = frozenset(tiles[:10])  # player 0 takes 5 of the 10 others, player 1 at least 4
    for _ in range(50):
        dealt = deal_hidden(rng, tiles, [(0, 5), (1, 5), ("supply", 10)], {0: [(banned, 0)], 1: [(banned, 1)]})
        assert not banned & set(dealt[0]) and len(banned & set(dealt[1])) <= 1
        assert sorted(dealt[0] + dealt[1] + dealt["supply"]) == sorted(tiles)
    with pytest.raises(GameError):
        deal_hidden(rng, tiles, [(0, 5), ("supply", 14)])
    with pytest.raises(GameError):
        deal_hidden(rng, tiles, [(0, 11), ("supply", 9)], {0: [(banned, 0)]})


def test_a_sample_plays_on_with_play_and_apply_legal() -> None:
    rng = seeded_rng(10, "play on")
    for name, players in (("dominomega", 3), ("dominup", 3), ("dominimum", 2), ("tree", 4)):
        state = _history(name, players, 11, upto=8)[-1]
        sample = state.determinize(state.current_player, rng)
        while not sample.is_over():
            move = rng.choice(sample.legal_moves())
            assert sample.apply_legal(move).to_dict() == sample.play(move).to_dict()
            sample = sample.apply_legal(move)
        json.dumps(sample.snapshot())
