"""Every input validated: typed junk, Unicode digits, huge numbers and long texts are refused
with the engine's own errors, each with a Japanese message; a domino whose two halves are
alike is listed once, either way round."""

from __future__ import annotations

import json
import time

import pytest

from gamelib import GameError, IllegalMoveError, NotationError, positions
from gamelib.kingdomino import DOMINOES, Kingdom, KingdominoOptions, KingdominoState, Move, canonical, parse_move, rank
from gamelib.kingdomino import real


def _japanese(message: str) -> bool:
    return any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in message)


def _refused(call, error: type[GameError] = NotationError) -> GameError:
    with pytest.raises(error) as info:
        call()
    assert len(str(info.value)) < 400
    assert _japanese(info.value.message_ja)
    return info.value


def _placing(number: int) -> KingdominoState:
    """Two players; player 0 is to place domino ``number`` on an empty kingdom."""
    top = [number] + [n for n in (13, 14, 15, 16) if n != number][:3]
    state = KingdominoState.new(2, {"deck_top": top, "start_player": 0}, seed=1)
    state = state.play_all([f"claim {n}" for n in sorted(top)])
    assert state.current_domino == number and state.current_player == 0
    return state


@pytest.mark.parametrize("text", [
    "claim ４", "claim ¹²", "claim ٣", "place 1 0,１ 0,2", "claim 0x10", "claim +1", "claim 1e1", "claim 49",
    "claim 0", "claim 9999", "claim " + "9" * 5000, "place 1 0,1 0,2 0,3", "claim\u00a01", "", "\x00",
])
def test_move_texts_read_only_ascii_digits_and_real_dominoes(text: str) -> None:
    state = KingdominoState.new(4, seed=3)
    _refused(lambda: parse_move(text))
    _refused(lambda: state.play(text))


@pytest.mark.parametrize("move", [
    Move("claim", 4.0), Move("claim", True), Move("claim", "4"), Move("claim", 2**70), Move("claim", -1),
    Move("place", 1, (0, 1.0), (0, 2)), Move("place", 1, (0, 1), None), Move("place", 1, (0,), (0, 2)),
    Move("claim", 4, (0, 1), (0, 2)), Move("pass", 4), ("claim", 4), None, 4, object(),
])
def test_move_objects_must_be_exactly_a_move(move: object) -> None:
    state = KingdominoState.new(4, seed=3)
    before = state.to_json()
    _refused(lambda: state.play(move))
    assert state.to_json() == before


@pytest.mark.parametrize("players", [None, True, 2.0, "2", 1, 5, 2**100, [2]])
def test_the_players_count_is_a_whole_number_from_2_to_4(players: object) -> None:
    _refused(lambda: KingdominoState.new(players))  # type: ignore[arg-type]
    _refused(lambda: KingdominoState.max_game_length(players))  # type: ignore[arg-type]


@pytest.mark.parametrize("options", [
    ["harmony"], "harmony", 7, {"harmony": 1}, {"harmony": "yes"}, {1: True}, {"nonsense": True},
    {"three_player_rule": ["current"]}, {"three_player_rule": "modern"}, {"deck_top": [1, 1]},
    {"deck_top": [1.0]}, {"deck_top": [True]}, {"deck_top": "1 2"}, {"deck_top": list(range(1, 60))},
    {"start_player": 2**100}, {"start_player": -1}, {"start_player": 1.0}, {"start_player": "0"},
])
def test_options_of_the_wrong_type_or_value_are_refused(options: object) -> None:
    error = _refused(lambda: KingdominoState.new(2, options))  # type: ignore[arg-type]
    assert "9" * 50 not in str(error)


def test_options_that_do_not_fit_the_players_are_refused_in_japanese() -> None:
    _refused(lambda: KingdominoState.new(3, {"mighty_duel": True}))
    _refused(lambda: KingdominoState.new(2, {"start_player": 3}))
    _refused(lambda: KingdominoState.new(2, {"deck_top": list(range(1, 30))}))
    assert KingdominoOptions.from_dict(None) == KingdominoOptions()


@pytest.mark.parametrize("text", [
    None, 5, b"C W0", ["C"], "", "\n\n", "C W１", "C W²", "C W4", "C X0", "C C", "W0 W0", "C W0\nW0",
    "x" * 3_000_000, "\n".join(["W0 " * 40] * 40), "C W0 " * 2000,
])
def test_kingdom_texts_are_refused_with_the_reason(text: object) -> None:
    _refused(lambda: Kingdom.from_text(text))  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [None, True, 5.0, "5", 0, 16, 2**100])
def test_a_kingdom_size_is_a_whole_number_from_1_to_15(size: object) -> None:
    _refused(lambda: Kingdom(size))  # type: ignore[arg-type]
    _refused(lambda: Kingdom.from_text("C", size=size))  # type: ignore[arg-type]


@pytest.mark.parametrize("number,first,second", [
    (0, (0, 1), (0, 2)), (49, (0, 1), (0, 2)), (True, (0, 1), (0, 2)), (1.0, (0, 1), (0, 2)), ("1", (0, 1), (0, 2)),
    (1, (0, 1.0), (0, 2)), (1, (0, True), (0, 2)), (1, "0,1", (0, 2)), (1, (0, 1, 2), (0, 2)), (1, None, (0, 2)),
])
def test_kingdom_placements_check_their_arguments(number: object, first: object, second: object) -> None:
    kingdom = Kingdom()
    _refused(lambda: kingdom.place(number, first, second))  # type: ignore[arg-type]
    _refused(lambda: kingdom.can_place(number, first, second))  # type: ignore[arg-type]


def test_huge_cells_are_simply_outside_the_kingdom() -> None:
    _refused(lambda: Kingdom().place(1, (2**70, 0), (2**70, 1)), IllegalMoveError)


@pytest.mark.parametrize("placements", [None, 5, "1 0,1 0,2", [(1, (0, 1))], [None]])
def test_from_placements_checks_its_list(placements: object) -> None:
    _refused(lambda: Kingdom.from_placements(placements))  # type: ignore[arg-type]
    _refused(lambda: Kingdom.from_placements([], castle=(0.0, 0)))


def test_the_centre_rule_is_one_of_the_two_readings() -> None:
    _refused(lambda: Kingdom().castle_centred("middle"))
    _refused(lambda: Kingdom().castle_centred(None))  # type: ignore[arg-type]


@pytest.mark.parametrize("kingdoms,bonuses", [
    (None, None), ("C W0", None), (["C W0"], None), ([Kingdom()], [1.5]), ([Kingdom()], [1, 2]), ([Kingdom()], 5),
    ([Kingdom()], [True]),
])
def test_rank_takes_kingdoms_and_whole_number_bonuses(kingdoms: object, bonuses: object) -> None:
    _refused(lambda: rank(kingdoms, bonuses))  # type: ignore[arg-type]


def test_rank_still_ranks() -> None:
    assert rank([Kingdom.from_text("C W1 W0"), Kingdom.from_text("C F1 . F0 F0")]) == [0]
    assert rank([Kingdom.from_text("C W1 W0"), Kingdom()], [0, 5]) == [1]


@pytest.mark.parametrize("kind", ["kingdomino.kingdom", "kingdomino.kingdoms", "kingdomino.dominoes"])
@pytest.mark.parametrize("text", [None, 7, b"1", "", "²", "１", "٣", "1²", "9" * 5000, "x" * 3_000_000, "+1", "01 2 2"])
def test_position_checks_refuse_junk_in_japanese(kind: str, text: object) -> None:
    _refused(lambda: positions.check(kind, text))  # type: ignore[arg-type]


def test_position_check_messages_are_japanese_too() -> None:
    for kind, text in [("kingdomino.kingdom", "C L2 L0"), ("kingdomino.kingdom", "C W0 W0 W0"),
                       ("kingdomino.kingdom", "C . W0 W0"), ("kingdomino.kingdom", "W0 W0 W0 W0 C\nW0 W0 . . ."),
                       ("kingdomino.kingdom", "C M3 M3"), ("kingdomino.kingdom", "C W1 W0 W0 W0"),
                       ("kingdomino.kingdoms", "C W0 W0\n\nC W0 W0\n\nC W0 W0"),
                       ("kingdomino.kingdoms", "\n\n".join(["C W0 W0"] * 5)), ("kingdomino.dominoes", "2 2")]:
        _refused(lambda: positions.check(kind, text))


def test_a_covering_search_that_runs_too_long_gives_up_with_a_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(real, "MAX_STEPS", 50)
    error = _refused(lambda: positions.check("kingdomino.kingdom", "C W0 W0"))
    assert "steps" in str(error)
    _refused(lambda: positions.check("kingdomino.kingdoms", "C W0 W0\n\nC F0 F0"))


def test_a_hostile_full_kingdom_is_judged_in_bounded_time() -> None:
    rows = ["W0 W0 F0 F0 L0 L0 G0", "W0 W0 F0 F0 L0 L0 G0", "S0 S0 M0 C W1 W1 G0", "S0 S0 F1 F1 L1 L1 G1",
            "G0 G0 G0 G0 W0 W0 G1", "F0 F0 L0 L0 W0 W0 S0", "F0 F0 L0 L0 S0 S0 S0"]
    start = time.perf_counter()
    try:
        positions.check("kingdomino.kingdoms", "\n\n".join(["\n".join(rows)] * 4))
    except GameError as error:
        assert len(str(error)) < 400 and _japanese(error.message_ja)
    assert time.perf_counter() - start < 20


def test_a_domino_with_two_like_halves_is_listed_once_and_accepted_either_way() -> None:
    state = _placing(1)  # 1 = wheat + wheat, no crowns
    assert DOMINOES[1].symmetric and not DOMINOES[13].symmetric
    moves = state.legal_moves()
    outcomes = {json.dumps(state.play(m).snapshot(), sort_keys=True) for m in moves}
    assert len(outcomes) == len(moves) == 12  # 4 sides of the castle, 3 ways to lie on each
    assert all(m.first < m.second for m in moves)  # type: ignore[operator]
    turned = Move("place", 1, (0, 2), (0, 1))
    assert turned not in moves and canonical(turned) in moves
    after = state.play(turned)  # legal: the same kingdom as the listed form, recorded as that form
    assert after.snapshot() == state.play(canonical(turned)).snapshot()
    assert after.moves[-1] == "place 1 0,1 0,2"
    assert KingdominoState.from_json(after.to_json()) == after
    assert len(state.legal_placements()) == 24


def test_a_domino_with_two_different_halves_keeps_both_ways_round() -> None:
    state = _placing(13)
    moves = state.legal_moves()
    assert state.legal_placements() == moves
    assert Move("place", 13, (0, 1), (0, 2)) in moves and Move("place", 13, (0, 2), (0, 1)) in moves
    assert canonical(Move("place", 13, (0, 2), (0, 1))) == Move("place", 13, (0, 2), (0, 1))


def test_every_notation_error_of_the_package_says_it_in_japanese_too() -> None:
    import ast
    from pathlib import Path

    import gamelib.kingdomino

    missing = []
    for path in sorted(Path(gamelib.kingdomino.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "NotationError":
                if len(node.args) + len(node.keywords) < 2:
                    missing.append(f"{path.name}:{node.lineno}")
    assert not missing


@pytest.mark.parametrize("move", [Move("place", [1], (0, 2), (0, 1)), Move("place", 1, (0, 2.0), (0, 1)),
                                  Move("place", 1, None, (0, 1)), Move("place", True, (0, 2), (0, 1)), "place 1"])
def test_canonical_leaves_malformed_moves_for_the_reader_to_refuse(move: object) -> None:
    assert canonical(move) is move  # type: ignore[arg-type]
