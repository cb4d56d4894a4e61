"""The greedy player of ドミナップ and ザ・ツリー: in both, every move places one tile, so the
score after a move tells nothing and the greedy player had played as the random one does.  It
now rates what a move leaves (climbs for its own tiles and for others' in ドミナップ, its tiles
that can still go somewhere and an extra turn in ザ・ツリー); it reads only what its player sees,
and it beats the random player."""

from __future__ import annotations

import pytest

from gamelib import seeded_rng
from gamelib.dominoes import DominupState, TreeState
from gamelib.dominoes.tiles import Pass
from gamelib.players import GreedyPlayer, RandomPlayer, play_out


def positions(cls: type, players: int, options: dict | None, seed: int):
    """Every position of a random game."""
    rng = seeded_rng(seed, "test-domino-greedy")
    state = cls.new(players, options, seed)
    while not state.is_over():
        yield state
        state = state.play(rng.choice(state.legal_moves()))


def greedy_wins(cls: type, players: int, games: int, options: dict | None = None, *, greedy: bool = True) -> float:
    """The share of ``games`` seeded games won by the seat that rotates round the table, played
    by the greedy player (or, ``greedy=False``, by one more random player), the others random."""
    wins = 0.0
    for seed in range(games):
        seat = seed % players
        seats = [RandomPlayer(seed * 10 + p) for p in range(players)]
        seats[seat] = GreedyPlayer(seed) if greedy else RandomPlayer(seed)
        winners = play_out(cls.new(players, options, seed), seats).winners()
        if seat in winners:
            wins += 1 / len(winners)
    return wins / games


@pytest.mark.parametrize(("players", "options"), [(2, None), (4, None)])
def test_dominup_greedy_beats_random(players: int, options: dict | None) -> None:
    greedy, random = greedy_wins(DominupState, players, 20, options), greedy_wins(DominupState, players, 20, options, greedy=False)
    assert greedy >= 0.85 and greedy > random + 0.3, (greedy, random)


def test_dominup_misere_greedy_is_hardly_ever_the_first_out() -> None:
    """In misère the first player out of tiles loses (the other two share the win); a random
    player in the greedy player's seat would be out first about one game in three."""
    losses = 0
    for seed in range(15):
        seat = seed % 3
        seats = [RandomPlayer(seed * 10 + p) for p in range(3)]
        seats[seat] = GreedyPlayer(seed)
        losses += play_out(DominupState.new(3, {"misere": True}, seed), seats).out == seat
    assert losses <= 1


@pytest.mark.parametrize(("cls", "players", "options"), [
    (DominupState, 3, None), (DominupState, 4, {"misere": True}), (TreeState, 3, None), (TreeState, 4, None)])
def test_the_greedy_value_reads_only_what_the_player_sees(cls: type, players: int, options: dict | None) -> None:
    """The values of every legal move are the same in samples of the position drawn for the
    player to move (other hands, the supply dealt again): nothing hidden changes them."""
    rng = seeded_rng(5, "test-greedy-samples")
    checked = differed = 0
    for i, state in enumerate(positions(cls, players, options, 7)):
        if i % 4 or state.legal_moves() == [Pass()]:
            continue
        me = state.current_player
        values = [state.evaluate(m, me) for m in state.legal_moves()]
        for _ in range(3):
            sample = state.determinize(me, rng)
            differed += sample.hands != state.hands
            assert [sample.evaluate(m, me) for m in sample.legal_moves()] == values
        checked += 1
    assert checked >= 5 and differed >= 5  # (samples do differ)


@pytest.mark.parametrize(("players", "options"), [(2, None), (3, {"misere": True}), (4, {"play_on": True})])
def test_dominup_quick_values_are_the_greedy_values(players: int, options: dict | None) -> None:
    """The playouts' quick values (from the table around an expansion) are the greedy player's
    (from the whole position after the move), move by move."""
    for seed in (1, 2):
        for state in positions(DominupState, players, options, seed):
            assert [(m, state.evaluate(m, state.turn)) for m in state.legal_moves()] == \
                [(m, float(v)) for m, v in state.move_values()]


def test_dominup_search_looks_at_the_best_rated_moves() -> None:
    looked = 0
    for state in positions(DominupState, 2, None, 4):
        values = dict(state.move_values())
        chosen = state.search_moves()
        assert len(set(chosen)) == len(chosen) == min(len(values), DominupState.SEARCH_WIDTH)
        if len(values) > len(chosen):
            looked += 1
            assert min(values[m] for m in chosen) >= max(v for m, v in values.items() if m not in chosen)
        assert chosen[0] == state.search_default()
        assert values[chosen[0]] == max(values.values())
    assert looked >= 5


def test_tree_greedy_beats_random() -> None:
    """Many games of The Tree end with nobody out of tiles; the greedy player wins clearly more
    of them than one more random player in its seat does."""
    greedy, random = greedy_wins(TreeState, 3, 90), greedy_wins(TreeState, 3, 90, greedy=False)
    assert greedy > 1.5 * random, (greedy, random)


def test_tree_greedy_takes_an_extra_turn_and_keeps_tiles_that_fit() -> None:
    """Across random games: where a placement earns an extra turn, the greedy player's choice
    is one of them unless another keeps more of its tiles placeable by at least what an extra
    turn is worth."""
    seen = 0
    for seed in range(6):
        for state in positions(TreeState, 2, None, seed):
            moves = [m for m in state.legal_moves() if not isinstance(m, Pass)]
            extra = [m for m in moves if state.tree.check(m)[1]]
            if not extra or len(extra) == len(moves):
                continue
            seen += 1
            me = state.current_player
            choice = GreedyPlayer(seed).choose(state)

            def placeable(move):
                after = state.play(move)
                return len({p.tile for p in after.tree.placements_of(sorted(set(after.hands[me])))})

            if choice not in extra:
                assert placeable(choice) >= max(placeable(m) for m in extra) + TreeState.EXTRA_TURN_VALUE
    assert seen >= 5


@pytest.mark.parametrize(("players", "options"), [(2, None), (3, None), (3, {"misere": True}), (4, {"play_on": True})])
def test_dominup_playouts_expand_where_the_greedy_player_would(players: int, options: dict | None) -> None:
    """A playout's expansions are found without rating each one apart (``best_expansions``):
    exactly the expansions the greedy player's own rating (``evaluate``, from the position after
    each) puts highest, in the legal moves' order."""
    checked = 0
    for seed in (3, 4):
        for state in positions(DominupState, players, options, seed):
            if state.phase != "expand":
                continue
            values = [(m, state.evaluate(m, state.turn)) for m in state.legal_moves()]
            top = max(v for _, v in values)
            assert state.best_expansions() == [m for m, v in values if v == top]
            checked += 1
    assert checked >= 5


def test_dominup_search_keeps_the_greedy_move_only_where_nothing_is_hidden() -> None:
    """With two players (every hand known) the search keeps the greedy move unless its playouts
    beat it clearly; with three or four it plays the move its playouts tried most.  Either way
    its tree looks at the greedy move first."""
    for players in (2, 3, 4):
        for state in positions(DominupState, players, None, 5):
            values = dict(state.move_values())
            greedy = max(values.values())
            assert values[state.search_moves()[0]] == greedy
            if players == 2:
                assert state.search_default() == state.search_moves()[0]
            else:
                assert state.search_default() is None
