"""The fast move generators (spots carried from a table to the next, climbs kept per pair of
cells, the tree's open slots, shared move objects) give exactly the lists of a straightforward
reference implementation, kept here, on many random positions of every game and player count;
``apply_legal`` gives the same state as ``play``; the shared move objects are read like any."""

from __future__ import annotations

import pytest

from gamelib import IllegalMoveError, NotationError, new_game, seeded_rng
from gamelib.dominoes import DominupState, Pass, Place, Stacks, Table, Tree, TreeState
from gamelib.dominoes.tiles import DIRS, one_ring_more

CONFIGS = [
    ("dominomega", 2, {}), ("dominomega", 3, {}),
    ("dominup", 2, {}), ("dominup", 3, {}), ("dominup", 4, {}), ("dominup", 3, {"misere": True}),
    ("dominup", 4, {"play_on": True}),
    ("dominimum", 2, {}), ("dominimum", 3, {}), ("dominimum", 4, {}),
    ("tree", 1, {}), ("tree", 2, {}), ("tree", 3, {}), ("tree", 4, {}), ("tree", 4, {"play_on": True}),
]


# -- the reference: the rules read straight off the position, with no caches ----------------------
def _neighbours(cell):
    return [(cell[0] + dr, cell[1] + dc) for dr, dc in DIRS]


def ref_spots(values: dict) -> list:
    if not values:
        return [((0, 0), (0, 1)), ((0, 0), (1, 0))]
    frontier = {n for cell in values for n in _neighbours(cell) if n not in values}
    return sorted({(min(f, n), max(f, n)) for f in frontier for n in _neighbours(f) if n not in values})


def ref_table_placements(values: dict, tiles) -> list:
    spots = ref_spots(values)
    out = set()
    for a, b in tiles:
        out |= {Place.make(a, b, p, q) for p, q in spots} | {Place.make(b, a, p, q) for p, q in spots}
    return sorted(out)


def ref_climbs(cells: dict, hand) -> list:
    def top(cell):
        stack = cells.get(cell)
        return None if not stack else (len(stack) - 1, stack[-1][0], stack[-1][1])

    out = set()
    for p in cells:
        for q in ((p[0], p[1] + 1), (p[0] + 1, p[1])):
            tp, tq = top(p), top(q)
            if tp and tq and tp[0] == tq[0] and tp[2] != tq[2] and tuple(sorted((tp[1], tq[1]))) in set(hand):
                out.add(Place.make(tp[1], tq[1], p, q))
    return sorted(out)


def ref_dominup(state: DominupState) -> list:
    if state.over:
        return []
    cells = state.stacks.cells
    if not cells:
        return [Place.make(7, 7, (0, 0), (0, 1))]
    hand = state.hands[state.turn]
    climbs = ref_climbs(cells, hand)
    if climbs:
        return climbs
    return ref_table_placements({cell: stack[0][0] for cell, stack in cells.items()}, hand)


def ref_tree(cells: dict, tiles) -> list:
    def fits(v, below, above):
        return (below is None or one_ring_more(below, v)) and (above is None or one_ring_more(v, above))

    out = set()
    for r, c in cells:
        row, x = r + 1, (c if (c - r - 1) % 2 == 0 else c - 1)
        if (row, x) in cells or (row, x + 1) in cells:
            continue
        below = (cells.get((row - 1, x)), cells.get((row - 1, x + 1)))
        above = (cells.get((row + 1, x)), cells.get((row + 1, x + 1)))
        for tile in tiles:
            for left, right in (tile, tile[::-1]):
                if fits(left, below[0], above[0]) and fits(right, below[1], above[1]):
                    out.add(Place.make(left, right, (row, x), (row, x + 1)))
    return sorted(out)


def reference_moves(state) -> list:
    if state.is_over():
        return []
    if isinstance(state, DominupState):
        return ref_dominup(state)
    if isinstance(state, TreeState):
        return ref_tree(state.cells, state.hands[state.turn]) or [Pass()]
    return ref_table_placements(state.table.values, state.hands[state.turn][:1])


def _positions(name: str, players: int, options: dict, games: int):
    for game in range(games):
        rng = seeded_rng(game, "fast engine test", name, players)
        state = new_game(name, players, options, seed=1000 + game)
        while True:
            yield state, rng
            if state.is_over():
                break
            state = state.play(rng.choice(state.legal_moves()))


@pytest.mark.parametrize("name,players,options", CONFIGS)
def test_the_legal_moves_are_exactly_the_reference_ones(name: str, players: int, options: dict) -> None:
    positions = 0
    for state, _ in _positions(name, players, options, 6):
        assert state.legal_moves() == reference_moves(state), f"{name} after {list(state.moves)}"
        positions += 1
    assert positions > 6 * 20


@pytest.mark.parametrize("name,players,options", CONFIGS)
def test_apply_legal_gives_the_state_play_gives(name: str, players: int, options: dict) -> None:
    for state, rng in _positions(name, players, options, 2):
        moves = state.legal_moves()
        for move in rng.sample(moves, min(len(moves), 6)):
            fast, slow = state.apply_legal(move), state.play(move)
            assert fast.to_dict() == slow.to_dict() and fast.moves == slow.moves
            assert fast.legal_moves() == slow.legal_moves() == reference_moves(slow)
            assert fast.current_player == slow.current_player and fast.is_over() == slow.is_over()
        assert state.legal_moves() == moves, "the state itself is unchanged"


def test_the_table_carries_its_spots_from_one_table_to_the_next() -> None:
    rng = seeded_rng(3, "tables")
    table = Table()
    for _ in range(30):
        assert table.spots() == ref_spots(table.values)
        tile = (rng.randint(0, 7), rng.randint(0, 7))
        tile = (min(tile), max(tile))
        moves = table.placements(tile)
        assert moves == ref_table_placements(table.values, [tile])
        table = table.put(rng.choice(moves))
    fresh = table.copy()  # the same halves, spots worked out from scratch
    assert fresh.spots() == table.spots() and fresh.placements((2, 5)) == table.placements((2, 5))


def test_stacks_carry_their_table_and_climbs() -> None:
    state = new_game("dominup", 2, seed=11)
    rng = seeded_rng(11, "stacks")
    while not state.is_over():
        stacks = state.stacks
        rebuilt = Stacks.build(stacks.moves_text().splitlines()) if stacks.cells else Stacks()
        assert stacks.table().values == rebuilt.table().values and stacks.table().tiles == rebuilt.table().tiles
        for hand in state.hands:
            assert stacks.climbs(hand) == rebuilt.climbs(hand) == ref_climbs(stacks.cells, hand)
        state = state.play(rng.choice(state.legal_moves()))


def test_the_tree_keeps_its_open_slots() -> None:
    state = new_game("tree", 2, seed=5)
    rng = seeded_rng(5, "tree")
    while not state.is_over():
        fresh = Tree(state.cells)
        assert state.tree.open_slots() == fresh.open_slots()
        for tile in [(a, b) for a in range(8) for b in range(a, 8)]:
            assert state.tree.placements(tile) == fresh.placements(tile) == ref_tree(state.cells, [tile])
        state = state.play(rng.choice(state.legal_moves()))


def test_a_tile_written_the_other_way_round_has_the_same_placements() -> None:
    tree = Tree.build(["4-1 1,-1 1,0"])
    assert tree.placements((5, 3)) == tree.placements((3, 5)) == ref_tree(tree.cells, [(3, 5)])
    table = Table.from_text("1 2\n. 3")
    assert table.placements((6, 3)) == table.placements((3, 6)) == ref_table_placements(table.values, [(3, 6)])


@pytest.mark.parametrize("name", ["dominomega", "dominup", "dominimum", "tree"])
def test_shared_move_objects_and_equal_copies_are_read_alike(name: str) -> None:
    state = new_game(name, 2, seed=4)
    move = state.legal_moves()[0]
    copy = Place(*move)  # equal, but not the engine's own object
    assert copy is not move and state.play(copy).to_dict() == state.play(move).to_dict() == state.play(str(move)).to_dict()
    for bad in (Place(float(move[0]), *move[1:]), Place(move[0], move[1], [move[2][0], move[2][1]], move[3]),
                Place(move[0], move[1], (move[2][0], True), move[3])):
        with pytest.raises(NotationError):
            state.play(bad)
    with pytest.raises((IllegalMoveError, NotationError)):
        state.play(Place.make(move[0], move[1], (40, 40), (40, 41)))


def test_texts_read_once_read_the_same_again() -> None:
    from gamelib.dominoes import parse_move

    first = parse_move("6-3 0,2 0,1")
    assert parse_move("6-3 0,2 0,1") is first and parse_move("3-6 0,1 0,2") is first
    assert first == Place(3, 6, (0, 1), (0, 2)) and type(first[2][0]) is int
    assert parse_move("pass") == Pass() and type(parse_move("pass")) is Pass

    class Odd(str):
        pass

    assert parse_move(Odd("6-3 0,2 0,1")) == first
    for bad in ("6-3 0,2 0,2", "6-8 0,1 0,2", "6-3 0,1"):
        for _ in range(2):  # refused every time, never remembered
            with pytest.raises(NotationError):
                parse_move(bad)
