"""Junk refused cleanly: every reader, scoring helper, position check and game set-up of the
domino package raises NotationError (a GameError) with a Japanese message of its own, never a
TypeError, ValueError or RecursionError, and quickly."""

from __future__ import annotations

import ast
import time
from pathlib import Path
from typing import Any

import pytest

from gamelib import GameError, NotationError, load_game, new_game, positions
from gamelib.dominoes import Place, Stacks, Table, Tree, dominimum, dominomega, parse_move, parse_tile
from gamelib.dominoes.dominup import DominupOptions
from gamelib.dominoes.tiles import parse_tiles, tiling
from gamelib.dominoes.tree import TreeOptions

GENERIC_JA = NotationError("x").message_ja
JUNK: list[Any] = [None, True, 3, 1.5, float("nan"), b"1 3", ["1 3"], {}, object()]
HOSTILE_TEXT = ["", " ", "\x00", "¹-2 0,0 0,1", "１-２ ０,０ ０,１", "٣-4 0,0 0,1", "9" * 5000, "3-6 +1,0 1,0",
                "3-6 0,0 0,1 0,2", "3-8 0,0 0,1", "3-6 0,0 1,1", "3-6 1000,0 1000,1", "3-6 0,0,0 0,1", "x" * 300_000]


def _refused(call: Any, *args: Any) -> NotationError:
    start = time.perf_counter()
    with pytest.raises(NotationError) as info:
        call(*args)
    assert time.perf_counter() - start < 2, "refused, but slowly"
    error = info.value
    assert len(str(error)) < 400
    assert error.message_ja and error.message_ja != GENERIC_JA, f"no Japanese message of its own: {error}"
    return error


def test_every_notation_error_of_the_package_has_a_japanese_message() -> None:
    calls = 0
    for path in sorted((Path(__file__).parents[2] / "gamelib" / "dominoes").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "NotationError":
                assert len(node.args) + len(node.keywords) == 2, f"{path}:{node.lineno} has no Japanese message"
                calls += 1
    assert calls > 40


@pytest.mark.parametrize("text", JUNK + HOSTILE_TEXT, ids=repr)
def test_move_text_is_ascii_digits_and_bounded_numbers(text: Any) -> None:
    _refused(parse_move, text)


def test_moves_at_the_edge_of_the_bounds_still_read() -> None:
    assert parse_move("6-3 -999,5 -999,4") == Place(3, 6, (-999, 4), (-999, 5))
    assert parse_move("  pass ") == parse_move("pass")


@pytest.mark.parametrize("text", ["²-3", "１-3", "3-9", "3", "3-4-5", "-3-4", "9" * 5000 + "-1", "x" * 1000], ids=repr)
def test_tiles_are_two_ascii_numbers_0_to_7(text: str) -> None:
    _refused(parse_tile, text)
    _refused(parse_tiles, text)


@pytest.mark.parametrize("bad", [
    dict(first_value=True), dict(first_value=3.0), dict(first_value=8), dict(first_value="3"),
    dict(first=(0.0, 0)), dict(first=("0", 0)), dict(first=(1, 2, 3)), dict(first=None), dict(second=(2**70, 0)),
    dict(second=(5, 5)),
])
def test_move_objects_with_junk_fields_are_refused_and_leave_the_state(bad: dict) -> None:
    state = new_game("dominomega", 3, seed=1)
    before = state.to_json()
    good = state.legal_moves()[0]
    with pytest.raises(NotationError):
        state.play(good._replace(**bad))
    assert state.to_json() == before


def test_a_placement_the_other_way_round_is_the_same_move_and_listed_once() -> None:
    state = new_game("dominup", 2, seed=1)
    assert state.legal_moves() == [Place(7, 7, (0, 0), (0, 1))]  # the double 7, once
    for same in ("7-7 0,1 0,0", Place(7, 7, (0, 1), (0, 0))):
        assert state.play(same).moves == ("7-7 0,0 0,1",)
    mega = new_game("dominomega", 3, seed=1)
    a, b = mega.hands[0][0]
    assert a != b
    move = mega.legal_moves()[0]
    reverse = Place(move.second_value, move.first_value, move.second, move.first)
    assert mega.play(reverse).moves == mega.play(move).moves


@pytest.mark.parametrize("reader", [Table.from_text, Tree.from_text], ids=["Table", "Tree"])
@pytest.mark.parametrize("text", JUNK + ["", "1 ¹", "1 １", "1 ٣", "0 0\n" + "x" * 300_000, "1 3\n. 55"], ids=repr)
def test_grid_and_tree_texts(reader: Any, text: Any) -> None:
    _refused(reader, text)


@pytest.mark.parametrize("kind", ["dominoes.table", "dominoes.tiles", "dominoes.stacks", "dominoes.tree"])
@pytest.mark.parametrize("text", JUNK + ["", "1 1 " * 2000, "7-7 0,0 0,1\n" * 40, "pass", "x" * 300_000], ids=repr)
def test_position_checks(kind: str, text: Any) -> None:
    _refused(positions.check, kind, text)


def test_a_table_with_more_halves_than_the_set_is_refused_before_any_search() -> None:
    grid = "\n".join(" ".join("1" for _ in range(20)) for _ in range(20))
    error = _refused(tiling, Table.from_text(grid))
    assert "72" in str(error)


@pytest.mark.parametrize("symbol", [True, 1.0, "1", None, 3, 2**70, [1]], ids=repr)
def test_dominomega_symbols(symbol: Any) -> None:
    _refused(dominomega.score, "1 3", symbol)


@pytest.mark.parametrize("mission", [(True, 4), (1.0, 4), ("1", "4"), (4, 4), (1, 8), (1,), None, "14", (1, 2**70)],
                         ids=repr)
def test_dominimum_missions(mission: Any) -> None:
    _refused(dominimum.score, "1 4", mission)


@pytest.mark.parametrize("placed", [
    [((1, 2), (0, 0.0), (0, 1))], [((1, 2), ("0", "0"), (0, 1))], [((1, 2), (0, float("inf")), (0, 1))],
    [((1, 2), (0, 0), (0, 1, 2))], [((True, 2), (0, 0), (0, 1))], [((1, 2), (0, 10**6), (0, 10**6 + 1))],
    [None], [((1, 2), None, (0, 1))], None, 5, "1-2 0,0 0,1",
], ids=repr)
def test_laying_real_tiles_takes_whole_numbers_only(placed: Any) -> None:
    _refused(Table.from_tiles, placed)


@pytest.mark.parametrize("move", [Place(7, 7, (0, 0.0), (0, 1)), Place(True, 7, (0, 0), (0, 1)), "pass", None, 77],
                         ids=repr)
def test_building_stacks_and_trees_reads_each_placement_strictly(move: Any) -> None:
    _refused(Stacks.build, [move])
    _refused(Tree.build, [move])


@pytest.mark.parametrize("game", ["dominomega", "dominup", "dominimum", "tree"])
@pytest.mark.parametrize("players", [2.0, True, "3", None, 10**4000, -1, 99], ids=repr)
def test_player_counts_are_whole_numbers_in_range(game: str, players: Any) -> None:
    _refused(new_game, game, players)


@pytest.mark.parametrize("game", ["dominomega", "dominup", "dominimum", "tree"])
@pytest.mark.parametrize("options", [["misere"], "misere", 5, {"misere": 1}, {"nonsense": True}, {3: True},
                                     {"x" * 5000: True}], ids=repr)
def test_options_are_mappings_of_known_switches(game: str, options: Any) -> None:
    _refused(new_game, game, 3, options)


def test_option_objects_are_checked_too() -> None:
    _refused(new_game, "dominup", 3, DominupOptions(misere=1))  # type: ignore[arg-type]
    _refused(new_game, "tree", 3, DominupOptions(misere=True))
    assert new_game("tree", 3, TreeOptions(play_on=True)).options == TreeOptions(play_on=True)
    assert new_game("dominup", 3, {"misere": True}).options == DominupOptions(misere=True)


@pytest.mark.parametrize("game", ["dominomega", "dominup", "dominimum", "tree"])
def test_saves_with_retyped_or_huge_players_are_refused_briefly(game: str) -> None:
    state = new_game(game, 2, seed=3)
    state = state.play(state.legal_moves()[0])
    text = state.to_json()
    for players in ('2.0', 'true', '"2"', "9" * 4000):
        with pytest.raises(GameError) as info:
            load_game(text.replace('"players": 2', f'"players": {players}'))
        assert len(str(info.value)) < 400
