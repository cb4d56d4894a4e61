"""The generic conformance test: every registered game, every sample configuration, many
seeded random games, checked at every step through the shared protocol only."""

from __future__ import annotations

import json
import re

import pytest

import gamelib
from gamelib import GameError, IllegalMoveError, NotationError, get_game, seeded_rng

JAPANESE = re.compile("[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")

CASES = [
    (name, players, options)
    for name in gamelib.game_names()
    for players, options in get_game(name).sample_configurations()
]
GAMES_PER_CASE = 25


def _id(case: tuple) -> str:
    name, players, options = case
    flags = ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "default"
    return f"{name}-{players}p-{flags}"


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_random_games_follow_the_protocol(case: tuple) -> None:
    name, players, options = case
    cls = get_game(name)
    bound = cls.max_game_length(players, options)
    for game_no in range(GAMES_PER_CASE):
        seed = 1000 * game_no + players
        rng = seeded_rng(seed, "conformance", name)
        state = cls.new(players, options, seed)
        assert state == cls.new(players, options, seed), "the same seed must give the same start"
        steps = 0
        while not state.is_over():
            moves = state.legal_moves()
            assert moves, "a game that is not over must offer a move"
            assert moves == sorted(moves), "legal moves must be sorted"
            texts = [str(m) for m in moves]
            assert len(set(texts)) == len(texts), "legal moves must be unique"
            assert [state.parse_move(t) for t in texts] == moves, "move text must round-trip"
            assert state.current_player in range(players)

            before = state.to_json()
            # every legal move plays (checked on a sample to keep the suite quick)
            for move in rng.sample(moves, min(len(moves), 4)):
                after = state.play(move)
                assert after.moves[-1] == str(move)
            # random well-formed moves: legal ones play, the others are refused cleanly
            for _ in range(4):
                candidate = state.random_move(rng)
                if candidate in moves:
                    state.play(candidate)
                    continue
                with pytest.raises(IllegalMoveError) as info:
                    state.play(candidate)
                assert info.value.section in cls.rule_sections
                assert info.value.message_ja and info.value.message_en
                # the English half is English: no Japanese names of cards, lands or games in it
                assert not JAPANESE.search(info.value.message_en), info.value.message_en
            assert state.to_json() == before, "a refused or tried move must not change the state"

            if game_no == 0 and steps % 5 == 0:
                # each distinct outcome once: no two legal moves lead to the same position
                outcomes = [json.dumps(state.play(m).snapshot(), sort_keys=True) for m in moves]
                assert len(set(outcomes)) == len(outcomes), [
                    str(m) for m, o in zip(moves, outcomes) if outcomes.count(o) > 1][:4]

            if game_no == 0 or steps % 7 == 0:
                loaded = cls.from_json(state.to_json())
                assert loaded == state and loaded.to_json() == before
                json.dumps(state.view(state.current_player))

            state = state.play(rng.choice(moves))
            steps += 1
            assert steps <= bound, f"the game ran past its bound of {bound} moves"

        assert state.current_player is None and state.legal_moves() == []
        assert cls.replay(players, options, seed, list(state.moves)) == state
        assert cls.from_json(state.to_json()) == state
        assert state.final_scores_from_position() == state.scores()
        winners = state.winners()
        assert winners or getattr(cls, "may_end_without_winner", False), "a finished game needs a winner"
        assert all(w in range(players) for w in winners)
        # a search's reward counts scores the game's own way: no loser stands above a winner
        standings = state.standings()
        assert len(standings) == players
        if winners:
            assert min(standings[w] for w in winners) >= max(
                (standings[p] for p in range(players) if p not in winners), default=float("-inf")), (standings, winners)
        with pytest.raises(IllegalMoveError):
            state.play(state.random_move(rng))


@pytest.mark.parametrize("name", gamelib.game_names())
def test_malformed_saved_games_raise_value_error(name: str) -> None:
    cls = get_game(name)
    players, options = cls.sample_configurations()[0]
    state = cls.new(players, options, 5)
    state = state.play(state.legal_moves()[0])
    good = json.loads(state.to_json())
    bad_docs = {
        "not json": "{",
        "not an object": "[1, 2]",
        "no moves": json.dumps({k: v for k, v in good.items() if k != "moves"}),
        "wrong game": json.dumps({**good, "game": "chess"}),
        "seed not int": json.dumps({**good, "seed": "5"}),
        "illegal move": json.dumps({**good, "moves": ["nonsense"]}),
        "position tampered": json.dumps({**good, "seed": 6}),
        "bad options": json.dumps({**good, "options": {"no_such_option": True}}),
        "unknown key": json.dumps({**good, "comment": "kept nowhere"}),
        "misspelt key": json.dumps({**{k: v for k, v in good.items() if k != "position"}, "postion": good["position"]}),
    }
    for what, text in bad_docs.items():
        with pytest.raises(ValueError) as info:
            cls.from_json(text)
        assert str(info.value), what
        assert isinstance(info.value, GameError), what
    with pytest.raises(NotationError):
        gamelib.load_game(json.dumps({**good, "game": "chess"}))
    assert gamelib.load_game(state.to_json()) == state


@pytest.mark.parametrize("name", gamelib.game_names())
def test_same_seed_same_game_other_seed_other_game(name: str) -> None:
    from gamelib.players import RandomPlayer, play_out

    cls = get_game(name)
    players, options = cls.sample_configurations()[0]

    def run(seed: int) -> tuple[str, ...]:
        return play_out(cls.new(players, options, seed), [RandomPlayer(seed + i) for i in range(players)]).moves

    assert run(11) == run(11)
    assert len({run(s) for s in range(11, 16)}) > 1


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_determinize_keeps_what_a_player_sees_and_varies_what_it_cannot(case: tuple) -> None:
    """``determinize(player, rng)``: the player's view and (for the player to move) the legal
    moves are unchanged; what the player cannot see varies between samples; a sample plays on."""
    name, players, options = case
    cls = get_game(name)
    hidden = cls.hidden_information(players, options)
    varied = 0
    for game_no in range(3):
        seed = 77 + 1000 * game_no + players
        rng = seeded_rng(seed, "determinize", name)
        plays = seeded_rng(seed, "samples play on", name)  # (not rng: the games stay the ones they were)
        state = cls.new(players, options, seed)
        steps = 0
        while not state.is_over():
            if steps % 3 == 0:
                for player in range(players):
                    view = json.dumps(state.view(player), sort_keys=True)
                    samples = [state.determinize(player, rng) for _ in range(4)]
                    truth = json.dumps(state.snapshot(), sort_keys=True)
                    for sample in samples:
                        assert type(sample) is cls and sample.moves == state.moves
                        assert json.dumps(sample.view(player), sort_keys=True) == view, "the view must not change"
                        assert sample.current_player == state.current_player
                        if player == state.current_player:
                            assert sample.legal_moves() == state.legal_moves()
                    snapshots = {json.dumps(s.snapshot(), sort_keys=True) for s in samples} | {truth}
                    if len(snapshots) > 1:
                        varied += 1
                    elif not hidden:
                        assert snapshots == {truth}
                    # a sample depends only on what the player sees: drawn from another position with
                    # the same view and the same random numbers, it is the same sample
                    other = state.determinize(player, seeded_rng(1, "other"))
                    first = state.determinize(player, seeded_rng(2, "same"))
                    second = other.determinize(player, seeded_rng(2, "same"))
                    assert first.snapshot() == second.snapshot(), "a sample must not depend on hidden parts"
                    # a sample plays on, whoever is to move in it: its legal moves are moves its rules
                    # accept (a Dominup sample once dealt the double 7 away from the opener who must
                    # play it)
                    sample = samples[0]
                    if sample.current_player == player:
                        sample.apply_legal(rng.choice(sample.legal_moves()))
                    for sample in samples:
                        sample.play(plays.choice(sample.legal_moves()))
                    assert state.to_json() == cls.from_json(state.to_json()).to_json()
            state = state.play(rng.choice(state.legal_moves()))
            steps += 1
    if hidden:
        assert varied > 0, "the hidden parts never varied between samples"
    else:
        assert varied == 0, "a game without hidden information must sample the position itself"


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_search_hooks_offer_legal_moves_and_read_only_the_view(case: tuple) -> None:
    """``search_moves()`` is a non-empty part of the legal moves and the same in every sample
    of the mover's view (it may not rank moves by hidden parts); ``rollout_move(rng)`` is a
    legal move and, with the same random numbers, the same move."""
    name, players, options = case
    cls = get_game(name)
    rng = seeded_rng(5, "search hooks", name)
    state = cls.new(players, options, 31 + players)
    steps = 0
    while not state.is_over():
        legal = state.legal_moves()
        if steps % 2 == 0:
            mover = state.current_player
            chosen = state.search_moves()
            assert chosen and all(m in legal for m in chosen) and len(set(chosen)) == len(chosen)
            sample = state.determinize(mover, seeded_rng(steps, "twin"))
            assert sample.search_moves() == chosen, "search_moves must depend only on the mover's view"
            move = state.rollout_move(seeded_rng(steps, "rollout"))
            assert move in legal
            assert state.rollout_move(seeded_rng(steps, "rollout")) == move
            assert state.legal_moves() == legal, "the hooks must not change the position"
        state = state.play(rng.choice(legal))
        steps += 1


@pytest.mark.parametrize("name", gamelib.game_names())
def test_view_and_determinize_refuse_a_player_not_in_the_game(name: str) -> None:
    """``view(99)`` gave a spectator's view marked 99; ``determinize`` raised IndexError or
    TypeError in some games, accepted anything in others.  A player is 0 to players − 1 (or, for
    a view, None: a spectator), else NotationError (a ValueError) in both languages."""
    import random

    cls = get_game(name)
    players, options = cls.sample_configurations()[0]
    state = cls.new(players, options, 3)
    for bad in (players, 99, -1, "0", 1.0, True):
        with pytest.raises(NotationError) as refused:
            state.view(bad)
        assert "番号" in refused.value.message_ja
        with pytest.raises(NotationError):
            state.determinize(bad, random.Random(1))
    with pytest.raises(NotationError):
        state.determinize(None, random.Random(1))
    for p in range(players):
        state.view(p)
        state.determinize(p, random.Random(p))
