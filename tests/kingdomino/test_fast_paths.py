"""The engine's fast paths give exactly what the rules give: placements against a reference
written from the rule text alone, legal-move lists against fingerprints recorded before the
engine was made faster, and ``apply_legal`` and shared move objects against ``play``."""

from __future__ import annotations

import hashlib

import pytest

from gamelib import IllegalMoveError, seeded_rng
from gamelib.kingdomino import DOMINOES, Kingdom, KingdominoState, Move
from gamelib.kingdomino.dominoes import CASTLE
from gamelib.kingdomino.sections import PLACEMENT

Cell = tuple[int, int]


def reference_placements(kingdom: Kingdom, number: int) -> list[tuple[Cell, Cell]]:
    """ドミノの配置ルール, written again from the text with nothing but the public kingdom:
    two adjacent empty squares, the kingdom still fitting in size × size, and at least one
    half touching the castle or a square of its own terrain."""
    filled = {cell: terrain for cell, terrain, _ in kingdom.squares()}
    rows = [r for r, _ in filled]
    cols = [c for _, c in filled]
    n = kingdom.size

    def fits(cells: list[Cell]) -> bool:
        rs = rows + [r for r, _ in cells]
        cs = cols + [c for _, c in cells]
        return max(rs) - min(rs) < n and max(cs) - min(cs) < n

    def touches(cell: Cell, terrain: int) -> bool:
        r, c = cell
        return any(filled.get(x) in (terrain, CASTLE) for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))

    d = DOMINOES[number]
    out: list[tuple[Cell, Cell]] = []
    for r in range(max(rows) - n, min(rows) + n + 1):  # a little beyond where any square may go
        for c in range(max(cols) - n, min(cols) + n + 1):
            for second in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)):
                first = (r, c)
                if first in filled or second in filled or not fits([first, second]):
                    continue
                if touches(first, d.terrain1) or touches(second, d.terrain2):
                    out.append((first, second))
    return sorted(out)


def _random_kingdoms(players: int, options: dict, games: int) -> list[Kingdom]:
    out = []
    for seed in range(games):
        rng = seeded_rng(seed, "kingdoms")
        state = KingdominoState.new(players, options, seed)
        while not state.is_over():
            if state.phase == "place" and rng.random() < 0.2:
                out.append(state.kingdoms[state.current_player])
            state = state.play(rng.choice(state.legal_moves()))
        out.extend(state.kingdoms)
    return out


@pytest.mark.parametrize("players, options", [(4, {}), (2, {"mighty_duel": True})])
def test_placements_match_a_reference_on_many_random_kingdoms(players: int, options: dict) -> None:
    kingdoms = _random_kingdoms(players, options, 8)
    assert len(kingdoms) > 60
    listed = 0
    for kingdom in kingdoms:
        for number in DOMINOES:
            expected = reference_placements(kingdom, number)
            assert kingdom.placements(number) == expected, (kingdom.to_text(), number)
            assert kingdom.has_placement(number) == bool(expected)
            listed += len(expected)
    assert listed > 1000


def test_placements_match_the_reference_for_kingdoms_read_from_text() -> None:
    texts = [
        "G0 . . C\nF0 . . .",
        ". . M2 W0 .\n. L0 S0 S2 .\nW1 W1 C W0 F1\nS0 . L0 . .\n. . G2 . .",
        "C W1 W0 W2",
        "W0 W0 W0 W0 C",
        "C\nL0\nL1\nG0\nG0",
    ]
    for text in texts:
        for size in (5, 7):
            kingdom = Kingdom.from_text(text, size=size)
            for number in DOMINOES:
                assert kingdom.placements(number) == reference_placements(kingdom, number), (text, number)
                # every listed placement is accepted, and the kingdom it gives lists the same as the reference
                for first, second in kingdom.placements(number)[:3]:
                    after = kingdom.place(number, first, second)
                    assert after.placements(48) == reference_placements(after, 48)


#: sha256 prefixes of every legal-move list (in order, as text) and the final save of 40 seeded
#: random games per setting, recorded with the engine before it was made faster.
FINGERPRINTS = {
    (2, ()): "668a104a88954679",
    (3, ()): "587ce3f6db9d7bcb",
    (4, ()): "d888e5cd4328f17c",
    (2, (("mighty_duel", True),)): "0cfcce010795dd4e",
    (3, (("three_player_rule", "classic"),)): "324f8c6b172c1b26",
    (2, (("first_claims", "random"), ("dynasty", True), ("harmony", True), ("middle_kingdom", True))):
        "0af4cdce4334eeeb",
}


@pytest.mark.parametrize("players, options", FINGERPRINTS)
def test_legal_move_lists_and_saves_are_exactly_those_of_the_original_engine(players: int, options: tuple) -> None:
    h = hashlib.sha256()
    for game in range(40):
        rng = seeded_rng(game, "fingerprint")
        state = KingdominoState.new(players, dict(options), seed=game)
        while not state.is_over():
            moves = state.legal_moves()
            h.update(" ".join(map(str, moves)).encode())
            h.update(b"|")
            state = state.play(rng.choice(moves))
        h.update(repr((state.scores(), state.winners(), state.to_json())).encode())
    assert h.hexdigest()[:16] == FINGERPRINTS[(players, options)]


@pytest.mark.parametrize("players, options", [(2, {}), (3, {"three_player_rule": "classic"}), (4, {}),
                                              (2, {"mighty_duel": True, "harmony": True})])
def test_apply_legal_gives_the_same_state_as_play_for_every_legal_move(players: int, options: dict) -> None:
    for seed in range(3):
        rng = seeded_rng(seed, "apply-legal")
        state = KingdominoState.new(players, options, seed)
        while not state.is_over():
            moves = state.legal_moves()
            for move in moves:
                fast = state.apply_legal(move)
                assert fast.to_json() == state.play(move).to_json() == state.play(str(move)).to_json()
                # a move object made afresh (not the listed one) is checked the long way: same state
                fresh = Move(move.kind, move.number,
                             None if move.first is None else tuple(move.first),
                             None if move.second is None else tuple(move.second))
                assert fresh is not move and state.play(fresh).to_json() == fast.to_json()
            state = state.play(rng.choice(moves))


def test_a_listed_move_of_another_position_is_still_checked() -> None:
    """Listed moves are shared objects; one listed in another game is refused where it is illegal."""
    a = KingdominoState.new(2, {"deck_top": [1, 2, 3, 4, 5, 6, 7, 8], "start_player": 0}, seed=1)
    a = a.play_all(["claim 1", "claim 2", "claim 3", "claim 4"])
    listed = a.legal_moves()[0]  # domino 1 on (-2, 0) and (-1, 0)
    assert listed == Move("place", 1, (-2, 0), (-1, 0))
    b = KingdominoState.new(2, {"deck_top": [13, 14, 15, 16, 1, 2, 3, 4], "start_player": 0}, seed=1)
    b = b.play_all(["claim 13", "claim 14", "claim 15", "claim 16"])
    b = b.play("place 13 -2,0 -1,0").play("claim 1")
    while b.current_domino != 1:
        b = b.play(b.legal_moves()[0])
    assert b.current_player == 0 and listed not in b.legal_moves()
    before = b.to_json()
    for move in (listed, str(listed)):
        with pytest.raises(IllegalMoveError) as refused:
            b.play(move)
        assert refused.value.section == PLACEMENT
        with pytest.raises(IllegalMoveError):
            b.apply_legal(listed)
    assert b.to_json() == before


@pytest.mark.parametrize(("players", "options"), [(4, {}), (2, {"middle_kingdom": True, "harmony": True}),
                                                  (2, {"mighty_duel": True})])
def test_playout_moves_remembered_from_the_claim_are_the_moves_rated_afresh(players: int, options: dict) -> None:
    """A playout places a domino among the placements rated best when it was claimed
    (``_remembered_best``), and shares kingdoms built alike; both must give exactly what rating
    the legal placements afresh gives, and the kingdoms must equal ones built from scratch."""
    from gamelib.kingdomino import game as engine

    remembered = 0
    for seed in range(6):
        rng = seeded_rng(seed, "test-playout")
        state = KingdominoState.new(players, options, seed)
        while not state.is_over():
            if state.phase == "place":
                best = state._remembered_best()
                if best is not None:
                    remembered += 1
                    value = state._quick_value()
                    moves = state.legal_moves()
                    top = max(value(m) for m in moves)
                    assert best == [m for m in moves if value(m) == top]
            move = state.rollout_move(rng)
            after = state.apply_legal(move)
            if move.kind == "place":
                mover = next(i for i, k in enumerate(state.kingdoms) if k is not after.kingdoms[i])
                built = state.kingdoms[mover].place(move.number, move.first, move.second)  # the public way
                assert after.kingdoms[mover] == built and after.kingdoms[mover].score() == built.score()
            state = after
    assert remembered > 20
    assert engine._BEST_CODES and engine._CHILDREN
