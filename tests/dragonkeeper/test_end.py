"""ゲーム終了と得点計算 in whole games: the tribute (a move when the player chooses among tied
stacks), releases (automatic, or moves), the most-treasure bonus, shared wins.  Expected
figures come from ``reference`` (an independent reading of the end) on each end position."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gamelib import IllegalMoveError
from gamelib.dragonkeeper import NAME_JA, DragonKeeperState, sections
from gamelib.players import RandomPlayer

from . import reference


def _games(players: int, options: dict, stop: Callable[[DragonKeeperState], bool], seeds: range = range(300)):
    """Seeded random games, each run until ``stop`` (or the end)."""
    for seed in seeds:
        s = DragonKeeperState.new(players, options, seed)
        rng = RandomPlayer(seed)
        while not s.is_over() and not stop(s):
            s = s.play(rng.choose(s))
        yield s


def test_a_tribute_among_tied_stacks_is_the_players_move() -> None:
    found = 0
    for s in _games(3, {}, lambda s: s.phase == "tribute"):
        if s.phase != "tribute":
            continue
        found += 1
        p, guild = s.current_player, s.guilds[s.current_player]
        options = reference.tributes(reference.read(s.end_stacks[p]), guild)
        assert len(options) > 1
        assert sorted(m.colour for m in s.legal_moves()) == sorted(c for c, _ in options)
        for move in s.legal_moves():
            after = s.play(move)
            assert after.tributes[p] == move.colour
            assert after.stacks[p]["RBYGP".index(move.colour)] == ()
            assert after.guild_released[p] == dict(options)[move.colour]
        with pytest.raises(IllegalMoveError) as info:
            s.play("take 2,2")
        assert info.value.section == sections.END
        untied = next(c for c in "RBYGP" if c not in [m.colour for m in s.legal_moves()])
        with pytest.raises(IllegalMoveError, match="largest") as info:
            s.play(f"tribute {untied}")
        assert info.value.section == sections.END
        # the message names the stacks that may be given, in colour order, and says why
        names = [NAME_JA[c] for c in "RBYGP" if c in [m.colour for m in s.legal_moves()]]
        assert f"({'・'.join(names)})" in info.value.message_ja
        if any(dict(options).values()):  # the guild rule: the guild's stack is not offered
            assert "ギルドの色" in info.value.message_ja
    assert found >= 20


@pytest.mark.parametrize("options", [{}, {"release_discarded": True}, {"tribute_choice": "best"},
                                     {"tribute_choice": "best", "release_discarded": True}])
def test_automatic_end_scores_are_the_best(options: dict) -> None:
    discarded = options.get("release_discarded", False)
    checked = 0
    for s in _games(4, options, lambda s: False, range(120)):
        for p in range(4):
            if not s.alive[p]:
                assert s.scores()[p] == 0
                continue
            if options.get("tribute_choice") == "best":
                best = reference.best_score(s.end_stacks[p], s.guilds[p], discarded)
                assert s.tile_score(p) == best, (s.end_stacks[p], s.guilds[p])
                checked += 1
            else:  # the tribute chosen at random: the releases are still the best after it
                stacks = reference.after_tribute(reference.read(s.end_stacks[p]), s.tributes[p] or None,
                                                 s.guild_released[p], s.guilds[p])
                assert s.tile_score(p) == reference.best_releases(stacks, s.guilds[p], discarded)
                checked += 1
    assert checked > 100


def test_releases_chosen_by_the_player() -> None:
    found = 0
    for discarded in (False, True):
        options = {"releases": "player", "release_discarded": discarded, "tribute_choice": "best"}
        for s in _games(3, options, lambda s: s.phase == "release"):
            if s.phase != "release":
                continue
            found += 1
            p, guild = s.current_player, s.guilds[p := s.current_player]
            g = "RBYGP".index(guild)
            held = [c for c in "BYGP" if f"{c}2r" in s.stacks[p]["RBYGP".index(c)]]
            expected = sorted({f"release {t} {c}" for c in held for t in s.stacks[p][g]} | {"pass"})
            assert sorted(str(m) for m in s.legal_moves()) == expected
            move = s.legal_moves()[-1]
            after = s.play(move)
            release = f"{move.colour}2r"
            # the guild tile goes; with the online rule the release used goes too (from the guild
            # stack itself when it is the guild-coloured one freeing another tile)
            both = discarded and move.colour == guild and move.tile != release
            assert len(after.stacks[p][g]) == len(s.stacks[p][g]) - 1 - both
            still_held = release in after.stacks[p]["RBYGP".index(move.colour)]
            assert still_held == (not discarded and move.tile != release)
            assert after.releases[p] == ((move.tile, move.colour),)
            if after.phase == "release" and after.current_player == p:
                assert all(m.colour != move.colour for m in after.legal_moves() if m.kind == "release")
            done = s.play("pass")
            assert done.release_done[p] and done.stacks[p] == s.stacks[p]
    assert found >= 10


def test_the_most_treasure_bonus_goes_to_everyone_tied_and_wins_are_shared() -> None:
    tied = shared = 0
    for s in _games(4, {"tribute_choice": "best"}, lambda s: False, range(300)):
        alive = [p for p in range(4) if s.alive[p]]
        if not alive:  # everybody short at once (ruling 16): nobody wins
            assert s.winners() == [] and s.scores() == [0] * 4
            continue
        most = max(s.treasure[p] for p in alive)
        for p in alive:
            assert s.scores()[p] == s.tile_score(p) + (2 if s.treasure[p] == most else 0)
        tied += sum(1 for p in alive if s.treasure[p] == most) > 1
        top = max(s.scores()[p] for p in alive)
        assert s.winners() == [p for p in alive if s.scores()[p] == top]
        shared += len(s.winners()) > 1
    assert tied > 10 and shared > 0


def test_guilds_are_revealed_at_the_end() -> None:
    s = next(_games(3, {"tribute_choice": "best"}, lambda s: False, range(1)))
    assert s.is_over() and s.view(0)["guilds"] == list(s.guilds) and s.view(None)["scores"] == s.scores()
