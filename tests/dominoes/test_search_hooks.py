"""The domino games' search hooks: the moves the search tree looks at (Dominimum, Dominomega)
are a few distinct legal moves, read only the mover's view, and are the best by their stated
rating, checked against the real scoring in constructed and random positions."""

from __future__ import annotations

import math
import sys

import pytest

from gamelib import seeded_rng
from gamelib.dominoes import DominimumState, DominomegaState, Place, Table
from gamelib.dominoes.dominimum import mission_score


def positions(cls: type, players: int, seed: int = 3):
    """Every position of a random game."""
    rng = seeded_rng(seed, "test-domino-search-hooks")
    state = cls.new(players, None, seed)
    while not state.is_over():
        yield state
        state = state.play(rng.choice(state.legal_moves()))


def with_table(state, table: Table, tile: tuple[int, int]):
    """``state`` with ``table`` laid and ``tile`` in the hand of the player to move."""
    s = state._copy()
    s.table = table
    s.hands = tuple((tile,) if p == s.turn else hand for p, hand in enumerate(s.hands))
    return s


CASES = [(DominimumState, 2), (DominimumState, 3), (DominimumState, 4), (DominomegaState, 3), (DominomegaState, 2)]


# -- Dominimum: the own mission's score grows least, other numbers' groups most --------------
def test_dominimum_a_mission_number_keeps_away_from_its_groups() -> None:
    state = DominimumState.new(3, seed=1)
    state.missions = tuple((1, 4) if p == state.turn else m for p, m in enumerate(state.missions))
    # 1-1 and 1-5 make a group of three 1s; the mover holds 1-6
    table = Table.from_tiles([((1, 1), (0, 0), (0, 1)), ((5, 1), (0, 3), (0, 2)), ((4, 4), (1, 0), (1, 1))])
    s = with_table(state, table, (1, 6))
    ones = {cell for cell, v in table.values.items() if v == 1}
    chosen = s.search_moves()
    assert len(chosen) == 8 < len(s.legal_moves())
    for move in chosen:
        cell = move.first if move.first_value == 1 else move.second
        assert not any((cell[0] + dr, cell[1] + dc) in ones for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))


def test_dominimum_the_local_look_knows_the_score_and_the_group_joined() -> None:
    state = DominimumState.new(3, seed=1)
    state.missions = tuple((2, 4) if p == state.turn else m for p, m in enumerate(state.missions))
    # 2s: a group of three (0,0)-(0,2) and a lone one at (2,0), the free cell (1,0) between them;
    # 4s: a group of two
    table = Table.from_tiles([((2, 2), (0, 0), (0, 1)), ((2, 5), (0, 2), (0, 3)), ((0, 6), (1, 1), (1, 2)),
                              ((2, 4), (2, 0), (2, 1)), ((4, 7), (2, 2), (2, 3))])
    s = with_table(state, table, (2, 6))
    growth = s._mission_growth(s.turn, 2)
    assert growth(Place.make(2, 6, (-1, 0), (-2, 0))) == (4 * 2, 4)  # on the group of three
    assert growth(Place.make(2, 6, (3, 0), (4, 0))) == (3 * 2, 2)  # on the lone 2
    assert growth(Place.make(2, 6, (1, 0), (1, -1))) == (5 * 2, 5)  # between them: 3 + 1 + 1
    assert growth(Place.make(6, 2, (3, 0), (4, 0))) == (3 * 2, 1)  # the 6 touches the 2, the 2 nothing
    for move in s.legal_moves():
        assert growth(move)[0] == mission_score(s.play(move).table, (2, 4))


# -- the moves the search tree looks at -----------------------------------------------------------
@pytest.mark.parametrize(("cls", "players"), CASES)
def test_search_moves_are_a_few_distinct_legal_moves_in_their_order(cls: type, players: int) -> None:
    width = sys.modules[cls.__module__].SEARCH_WIDTH
    for state in positions(cls, players):
        legal = state.legal_moves()
        chosen = state.search_moves()
        assert len(chosen) == min(width, len(legal)) and len(set(chosen)) == len(chosen)
        assert chosen == [m for m in legal if m in chosen]


@pytest.mark.parametrize("players", [3, 4])
def test_dominimum_search_moves_do_not_read_the_other_players_secrets(players: int) -> None:
    for state in positions(DominimumState, players, seed=6):
        chosen = state.search_moves()
        twin = state._copy()
        mover = state.turn
        twin.missions = tuple(m if p == mover else ((m[0] + 1) % 8, (m[1] + 3) % 8)
                              for p, m in enumerate(state.missions))
        twin.hands = tuple(h if p == mover else tuple(reversed(h)) for p, h in enumerate(state.hands))
        assert twin.search_moves() == chosen


def test_dominimum_search_moves_keep_the_mission_number_apart_when_they_can() -> None:
    seen = 0
    for state in positions(DominimumState, 3, seed=7):
        mission = state.missions[state.turn]
        if not set(mission) & set(state.hands[state.turn][0]):
            continue
        scores = {m: mission_score(state.play(m).table, mission) for m in state.legal_moves()}
        best = min(scores.values())
        if sum(score == best for score in scores.values()) >= len(state.search_moves()):
            assert all(scores[m] == best for m in state.search_moves())
            seen += 1
    assert seen > 3


def test_dominimum_search_moves_are_the_best_by_their_rating() -> None:
    """Rated afresh by the real groups: (the mover's score after, the size of the group the
    mission number ends up in, minus what the tile's other numbers add to groups on the table):
    no placement left out rates better than one kept."""
    for state in positions(DominimumState, 3, seed=10):
        mission = state.missions[state.turn]
        tile = state.hands[state.turn][0]

        def rating(move: Place) -> tuple[int, int, int]:
            table = state.play(move).table
            halves = ((move.first, move.first_value), (move.second, move.second_value))
            own = size = harm = 0
            for v in set(tile):
                groups = [g for g in table.groups(lambda w, v=v: w == v) if any(c in g for c, w in halves if w == v)]
                grown = len(groups[0]) - sum(w == v for _, w in halves)
                if v in mission:
                    own, size = mission_score(table, mission), len(groups[0])
                else:
                    harm += grown
            return own, size, -harm
        chosen = set(state.search_moves())
        left = [rating(m) for m in state.legal_moves() if m not in chosen]
        if left:
            assert max(rating(m) for m in chosen) <= min(left)


@pytest.mark.parametrize("players", [3, 2])
def test_dominomega_search_moves_are_the_best_by_own_gain_over_the_others(players: int) -> None:
    """Rated afresh by the real scores: the placements kept do at least as well for the mover
    against the others (own factor over the others' mean factor, in logs) as any left out."""
    seen = 0
    for state in positions(DominomegaState, players, seed=9):
        before = state.scores()
        if not all(before) or len(state.legal_moves()) <= len(state.search_moves()):
            continue
        mover = state.turn

        def value(move: Place) -> float:
            after = state.play(move).scores()
            logs = [math.log(after[p] / before[p]) for p in range(players)]
            return logs[mover] - sum(v for p, v in enumerate(logs) if p != mover) / (players - 1)
        chosen = set(state.search_moves())
        kept = min(value(m) for m in chosen)
        left = max(value(m) for m in state.legal_moves() if m not in chosen)
        assert kept >= left - 1e-9
        seen += 1
    assert seen > 10


def test_dominomega_search_moves_put_a_dot_beside_a_lone_dot() -> None:
    state = DominomegaState.new(3, seed=1)
    assert state.symbols[state.turn] == 1
    # a group of three dots (3 3 | 5) on the left, a lone dot (the 1 at (0, 5)) on the right
    table = Table.from_tiles([((3, 3), (0, 0), (0, 1)), ((5, 0), (1, 0), (1, 1)), ((2, 6), (0, 2), (0, 3)),
                              ((1, 4), (0, 5), (0, 4))])
    s = with_table(state, table, (0, 1))  # only the 1 has a symbol: the dot
    chosen = s.search_moves()
    assert len(chosen) == 8 < len(s.legal_moves())
    for move in chosen:
        one = move.first if move.first_value == 1 else move.second
        assert one in {(0, 6), (-1, 5), (1, 5)}, move
