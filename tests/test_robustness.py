"""Bad input gets a clear error: every move, text or object, takes one reading path; junk is
refused with the game's own errors (never TypeError, KeyError, RecursionError…), in bounded
time, with a bounded message, and the state is left as it was."""

from __future__ import annotations

import json

import pytest

import gamelib
from gamelib import GameError, NotationError, load_game, new_game
from gamelib.dominoes import Place
from gamelib.kabaleo import Move as KabaleoMove
from gamelib.kingdomino import Move as KingdominoMove


class _Unprintable:
    def __str__(self) -> str:
        raise RuntimeError("no text form")


#: Junk that is no move of any game.
JUNK = [None, 5, 5.0, True, (), [], {}, object(), _Unprintable(), "", "   ", "\x00", "claim ¹²", "O@²", "1-5 ⁰,0 0,1",
        "claim " + "9" * 5000, "x" * 10_000_000, "[" * 1000, "place 1 0,1 0,2 " * 20]


def _refused(state: gamelib.GameState, move: object) -> GameError:
    before = state.to_json()
    with pytest.raises(GameError) as info:
        state.play(move)
    assert state.to_json() == before
    assert len(str(info.value)) < 400, "an error message quotes only a short excerpt of the input"
    return info.value


@pytest.mark.parametrize("game", gamelib.game_names())
def test_junk_moves_are_refused_with_the_games_errors(game: str) -> None:
    cls = gamelib.get_game(game)
    state = cls.new(cls.min_players, seed=3)
    for move in JUNK:
        _refused(state, move)


@pytest.mark.parametrize("move", [
    KingdominoMove("bogus", 7), KingdominoMove("claim", 7.0), KingdominoMove("claim", True),
    KingdominoMove("claim", "7"), KingdominoMove("place", 2, (0, 1.0), (0, 2)),
])
def test_kingdomino_move_objects_must_be_exact(move: KingdominoMove) -> None:
    state = new_game("kingdomino", 2, seed=1)
    assert isinstance(_refused(state, move), NotationError)


@pytest.mark.parametrize("move", [KabaleoMove(True, "O"), KabaleoMove(1.0, "O"), KabaleoMove(1, "Z"),
                                  KabaleoMove("1", "O")])
def test_kabaleo_move_objects_must_be_exact(move: KabaleoMove) -> None:
    assert isinstance(_refused(new_game("kabaleo", 2, seed=1), move), NotationError)


def test_domino_tiles_cover_two_adjacent_cells_of_whole_numbers() -> None:
    state = new_game("dominomega", 3, seed=1)
    good = state.legal_moves()[0]
    for bad in (good._replace(second=(3, 0)), good._replace(second=(1, 1)), good._replace(second=good.first),
                good._replace(first=(0.0, 0)), good._replace(first="0,0"), good._replace(first_value=8),
                good._replace(first_value=True)):
        _refused(state, bad)
    assert state.play(Place(*good)).moves == (str(good),)  # the exact object is still a move


def test_a_refused_object_is_never_recorded_and_every_recorded_move_replays() -> None:
    state = new_game("kingdomino", 2, seed=1)
    for move in state.legal_moves()[:3]:
        after = state.play(move)
        assert load_game(after.to_json()).to_json() == after.to_json()


def test_saved_games_hostile_text_is_refused_cheaply() -> None:
    good = new_game("kabaleo", 2, seed=1)
    good = good.play(good.legal_moves()[0])
    data = json.loads(good.to_json())
    for text in ("[" * 1000, "{" * 100_000, '{"a":' * 50 + "1" + "}" * 50, "x" * 3_000_000, "",
                 '{"game": "kabaleo", "players": 2, "seed": ' + "9" * 5000 + ', "moves": []}',
                 good.to_json()[:-20], b"\xff\xfe", None, 12):
        with pytest.raises(NotationError) as info:
            load_game(text)  # type: ignore[arg-type]
        assert len(str(info.value)) < 400 and info.value.message_ja


@pytest.mark.parametrize("retyped", [1.0, True, "1"])
def test_a_stored_position_with_retyped_values_does_not_load(retyped: object) -> None:
    state = new_game("kabaleo", 2, seed=1)
    state = state.play(state.legal_moves()[0])
    data = json.loads(state.to_json())
    key = next(k for k, v in data["position"].items() if type(v) is int and v == 1) if any(
        type(v) is int and v == 1 for v in data["position"].values()) else None
    assert key is not None, "the test needs an integer 1 in the position"
    data["position"][key] = retyped
    with pytest.raises(NotationError, match="does not match"):
        load_game(json.dumps(data))


def test_notation_errors_speak_japanese_too() -> None:
    with pytest.raises(NotationError) as info:
        new_game("kingdomino", 2).play("x" * 500)
    assert "文字" in info.value.message_ja
    with pytest.raises(NotationError) as info:
        load_game("[" * 100)
    assert "入れ子" in info.value.message_ja
