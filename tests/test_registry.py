import pytest

import gamelib
from gamelib import GameError, new_game
from gamelib.registry import register


def test_kingdomino_is_registered() -> None:
    assert "kingdomino" in gamelib.game_names()
    assert new_game("kingdomino", 3, seed=2).players == 3


def test_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(GameError, match="no game named 'chess'"):
        new_game("chess", 2)


def test_a_second_class_cannot_take_a_registered_name() -> None:
    cls = gamelib.get_game("kingdomino")
    clone = type("Clone", (cls,), {})
    with pytest.raises(GameError, match="already registered"):
        register(clone)


def test_illegal_move_error_carries_section_and_both_languages() -> None:
    err = gamelib.IllegalMoveError("kingdomino-placement", "置けません。", "Cannot place.")
    assert isinstance(err, ValueError)
    assert err.section == "kingdomino-placement"
    assert "置けません" in str(err) and "Cannot place" in str(err) and "#kingdomino-placement" in str(err)


def test_seed_must_be_an_integer() -> None:
    with pytest.raises(ValueError, match="seed"):
        new_game("kingdomino", 2, seed="7")  # type: ignore[arg-type]
