"""The search player and the arena, for every game through the shared protocol."""

from __future__ import annotations

import concurrent.futures as cf

import pytest

import gamelib
from gamelib import GameError, get_game, seeded_rng
from gamelib.arena import make_player, main, play_game, run_match
from gamelib.players import GreedyPlayer, SearchPlayer, rewards


def _midgame(name: str, players: int, seed: int, moves: int) -> gamelib.GameState:
    state = get_game(name).new(players, {}, seed)
    rng = seeded_rng(seed, "midgame")
    for _ in range(moves):
        if state.is_over():
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("name", gamelib.game_names())
def test_search_plays_legal_moves_reproducibly_and_never_reads_hidden_parts(name: str) -> None:
    cls = get_game(name)
    players = max(cls.min_players, 2)
    state = _midgame(name, players, 3, 7)
    while len(state.legal_moves()) < 2 and not state.is_over():
        state = state.play(state.legal_moves()[0])
    player = state.current_player
    move = SearchPlayer(seed=5, iterations=40).choose(state)
    assert move in state.legal_moves()
    assert SearchPlayer(seed=5, iterations=40).choose(state) == move  # the same seed, the same move
    # another position that looks the same to the player (hidden parts drawn again): the same move
    twin = state.determinize(player, seeded_rng(9, "twin"))
    assert SearchPlayer(seed=5, iterations=40).choose(twin) == move


def test_search_is_anytime_and_checks_its_budget() -> None:
    state = get_game("tree").new(2, {}, 1)
    player = SearchPlayer(seed=1, seconds=0.05)
    assert player.choose(state) in state.legal_moves() and player.last_iterations >= 1
    with pytest.raises(ValueError):
        SearchPlayer(iterations=0)
    with pytest.raises(ValueError):
        SearchPlayer(seconds=0)


def test_search_reads_the_time_from_its_clock_and_the_arena_gives_it_cpu_time() -> None:
    """A clock that moves 0.1 s each time it is read: a 1 s budget buys a handful of iterations
    whatever the machine's speed; the arena's search seats count their own CPU time."""
    import time

    ticks = iter(range(10_000))
    state = get_game("tree").new(2, {}, 1)
    player = SearchPlayer(seed=1, seconds=1.0, clock=lambda: next(ticks) / 10)
    player.choose(state)
    assert 8 <= player.last_iterations <= 10  # read once for the deadline, then once an iteration
    seat = make_player("tree", "search:0.5", 1)
    assert seat.clock is time.process_time and seat.seconds == 0.5
    assert SearchPlayer().clock is time.perf_counter  # a board's seat: what the person waits


def test_the_tree_grows_no_deeper_than_the_games_search_depth(monkeypatch: pytest.MonkeyPatch) -> None:
    cls = get_game("tree")
    state = cls.new(2, {}, 1)
    deep = SearchPlayer(seed=2, iterations=300)
    deep.choose(state)
    assert deep.last_depth > 2  # unlimited, 300 iterations go past the next two moves
    monkeypatch.setattr(cls, "search_depth", 2)
    shallow = SearchPlayer(seed=2, iterations=300)
    assert shallow.choose(state) in state.legal_moves()
    assert shallow.last_depth == 2


def test_a_games_default_move_is_kept_unless_another_is_clearly_better(monkeypatch: pytest.MonkeyPatch) -> None:
    """:meth:`GameState.search_default`: with a default the search plays it unless another move's
    mean reward beats it by ``margin`` standard errors; without one, the move tried most."""
    cls = get_game("tree")
    state = cls.new(2, {}, 1)
    plain = SearchPlayer(seed=5, iterations=200)
    chosen = plain.choose(state)
    others = [m for m in state.search_moves() if m != chosen]
    assert others
    monkeypatch.setattr(cls, "search_default", lambda self: others[0])
    kept = SearchPlayer(seed=5, iterations=200)
    kept.margin = 1e9  # (no move is ever clearly better)
    assert kept.choose(state) == others[0]
    open_minded = SearchPlayer(seed=5, iterations=200)
    open_minded.margin = -1e9  # (every move is): the search's own choice, as without a default
    assert open_minded.choose(state) == chosen


def test_newtown_search_keeps_the_planners_move_on_little_evidence_and_plays_out_with_it() -> None:
    """さいころニュータウン: random playouts built almost no house, and a search that learnt from them
    hardly built (a tester's 弱い and 普通 opponents built nothing against two planners). Its
    playouts are the planner's now, and with a few playouts it plays the planner's move."""
    from gamelib.newtown import NewtownState
    from gamelib.newtown.players import PlayoutPlanner

    state = NewtownState.new(3, {}, 4)
    rng = seeded_rng(1, "playout")
    end = state
    while not end.is_over():
        end = end.apply_legal(end.rollout_move(rng))
    assert len(end.houses) >= 3  # (random playouts from here: 0 or 1)
    position = _midgame("newtown", 3, 2, 40)
    assert len(position.search_moves()) <= NewtownState.SEARCH_WIDTH
    assert position.search_default() in position.search_moves()
    assert SearchPlayer(seed=3, iterations=4).choose(position) == position.search_default()


def test_rewards_split_a_shared_win_and_favour_the_better_score() -> None:
    state = _midgame("kabaleo", 3, 2, 500)
    assert state.is_over()
    worth = rewards(state)
    winners = state.winners()
    assert all(0 <= w <= 1 for w in worth)
    for p in range(3):
        assert (worth[p] >= 0.8 / len(winners)) == (p in winners)


@pytest.mark.parametrize(("name", "players", "options"), [
    ("dominimum", 3, {}),  # the lowest score wins
    ("dominup", 3, {"misere": True}),  # whoever runs out of tiles first loses
])
def test_rewards_count_the_better_score_the_games_own_way(name: str, players: int, options: dict) -> None:
    checked = 0
    for seed in range(40):
        state = get_game(name).new(players, options, seed)
        rng = seeded_rng(seed, "to-the-end")
        while not state.is_over():
            state = state.play(rng.choice(state.legal_moves()))
        scores, worth, winners = state.scores(), rewards(state), state.winners()
        losers = [p for p in range(players) if p not in winners]
        if not losers or len(set(scores)) < 2:
            continue
        # the score part goes to the better score in the game's own sense: here the lower one
        worst = max(losers, key=lambda p: (scores[p], -p))
        assert scores[worst] == max(scores) and worth[worst] == 0.0, (seed, scores, worth, winners)
        low = min(range(players), key=lambda p: scores[p])
        assert worth[low] == max(worth) and worth[low] >= 0.8 / len(winners), (seed, scores, worth, winners)
        checked += 1
    assert checked >= 10


def test_search_beats_greedy_in_a_short_game() -> None:
    """Two-player Tree, search with 150 iterations a move against the greedy player, seats
    swapped: search wins most of the games (many Tree games end with nobody out of tiles, so
    nobody wins them)."""
    rows = run_match("tree", 2, ["search@150", "greedy"], 8, seed=40, executor=cf.ThreadPoolExecutor(1))
    assert rows[0]["games"] == rows[1]["games"] == 8
    assert rows[0]["win_rate"] + rows[1]["win_rate"] <= 1.0
    assert rows[0]["win_rate"] >= 0.5 and rows[0]["win_rate"] > 2 * rows[1]["win_rate"], rows


def test_the_arena_rotates_seats_and_gives_the_same_games_on_any_executor() -> None:
    seats = ["greedy", "random", "search@10"]
    one = run_match("kabaleo", 3, seats, 6, seed=3, executor=cf.ThreadPoolExecutor(1))
    two = run_match("kabaleo", 3, seats, 6, seed=3, executor=cf.ThreadPoolExecutor(3))
    strip = [{k: v for k, v in r.items() if k != "seconds_per_move"} for r in one]
    assert strip == [{k: v for k, v in r.items() if k != "seconds_per_move"} for r in two]
    assert sum(r["win_rate"] * r["games"] for r in one) == pytest.approx(6)
    # rotation: every entrant sits in every seat once in three games
    submitted: list[list[str]] = []

    class Recording(cf.ThreadPoolExecutor):
        def submit(self, fn, *args, **kwargs):  # type: ignore[no-untyped-def]
            submitted.append(args[4])
            return super().submit(fn, *args, **kwargs)

    run_match("kabaleo", 3, seats, 3, seed=3, executor=Recording(1))
    assert sorted(submitted) == sorted([seats, ["search@10", "greedy", "random"], ["random", "search@10", "greedy"]])
    result = play_game("kabaleo", 3, {}, 4, seats)
    assert len(result.scores) == 3 and result.winners and all(m > 0 for m in result.moves)


def test_the_arena_knows_each_games_own_players_and_refuses_unknown_seats() -> None:
    assert type(make_player("kabaleo", "hiding", 1)).__name__ == "HidingPlayer"
    assert type(make_player("newtown", "planner", 1)).__name__ == "PlannerPlayer"
    assert isinstance(make_player("tree", "greedy", 1), GreedyPlayer)
    player = make_player("tree", "search:0.25", 1)
    assert isinstance(player, SearchPlayer) and player.seconds == 0.25
    with pytest.raises(GameError):
        run_match("tree", 2, ["greedy", "wizard"], 2)
    with pytest.raises(GameError):
        run_match("tree", 2, ["greedy"], 2)


def test_the_arena_command_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    main(["tree", "--players", "2", "--seats", "greedy,random", "--games", "4", "--jobs", "1"])
    out = capsys.readouterr().out
    assert "| entrant | games | wins | mean score | time per move |" in out
    assert "| 1: greedy | 4 |" in out and "| 2: random | 4 |" in out
