"""Computer players: random, greedy and the guild-hiding player play whole games, decide from
what their seat may see, and the hiding player shows its guild less than the greedy one."""

from __future__ import annotations

import random

from gamelib.dragonkeeper import DragonKeeperState, HidingPlayer, spectator_guess
from gamelib.players import GreedyPlayer, RandomPlayer, play_out

from .helpers import make_layout


def test_every_kind_plays_whole_games() -> None:
    for kind in (RandomPlayer, GreedyPlayer, HidingPlayer):
        for players in (2, 3, 4):
            end = play_out(DragonKeeperState.new(players, seed=players), [kind(i) for i in range(players)])
            assert end.is_over() and end.winners()


def test_choices_depend_only_on_what_the_seat_may_see() -> None:
    """Player 0's choices are the same whatever guilds the others hold: the others' guilds are
    the only hidden information."""
    layout = make_layout()
    games = [DragonKeeperState.new(3, {"layout": layout, "guilds": guilds, "start_player": 0}, seed=1)
             for guilds in ("BYG", "BGP", "BPY")]
    for kind in (GreedyPlayer, HidingPlayer):
        seats = [kind(5), RandomPlayer(6), RandomPlayer(7)]
        reference = games[0]
        steps = 0
        while not reference.is_over() and not reference.guilds_revealed():
            if reference.current_player == 0:
                mirrors = [DragonKeeperState.replay(3, g.options, 1, list(reference.moves)) for g in games]
                picks = {str(type(seats[0])(5).choose(m)) for m in mirrors}
                assert len(picks) == 1, (reference.moves, picks)
                steps += 1
            reference = reference.play(seats[reference.current_player].choose(reference))
        assert steps > 5


def test_greedy_players_beat_random_ones() -> None:
    wins = 0.0
    for seed in range(30):
        end = play_out(DragonKeeperState.new(3, seed=seed), [GreedyPlayer(seed), RandomPlayer(seed + 1),
                                                              RandomPlayer(seed + 2)])
        wins += (0 in end.winners()) / len(end.winners())
    assert wins / 30 > 0.5


def test_the_hiding_player_shows_its_guild_less_than_the_greedy_player() -> None:
    found = {}
    for kind in (GreedyPlayer, HidingPlayer):
        guessed = 0.0
        for seed in range(30):
            end = play_out(DragonKeeperState.new(3, seed=seed), [kind(seed), GreedyPlayer(seed + 1),
                                                                  GreedyPlayer(seed + 2)])
            guess = spectator_guess(end, 0)
            guessed += (end.guilds[0] in guess) / len(guess)
        found[kind.__name__] = guessed / 30
    assert found["HidingPlayer"] < found["GreedyPlayer"], found


def test_the_hint_never_advises_a_tile_of_the_guild_colour_the_greedy_value_rates_level_with_another() -> None:
    """The board's hint (``HintPlayer``): where the greedy value rates taking a tile of the
    player's guild colour level with taking another, it advises the other (a newcomer was told
    to take 青の2, their guild's, beside 緑の2)."""
    from gamelib.dragonkeeper import HintPlayer
    from gamelib.dragonkeeper.players import taken_tile

    ties = 0
    for seed in range(30):
        state = DragonKeeperState.new(3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over() and state.level == 1:
            player = state.current_player
            values = {m: state.evaluate(m, player) for m in state.legal_moves()}
            best = max(values.values())
            tops = [m for m, v in values.items() if abs(v - best) <= 1e-9]
            colours = {taken_tile(state, m)[0] for m in tops if taken_tile(state, m) is not None}
            if state.guilds[player] in colours and len(colours) > 1:
                ties += 1
                hinted = HintPlayer(seed).choose(state)
                assert hinted in tops and taken_tile(state, hinted)[0] != state.guilds[player]
            state = state.play(rng.choice(state.legal_moves()))
    assert ties >= 5, f"only {ties} ties of the guild colour with another: this test is about them"
