"""Kabaleo refuses junk cleanly: typed junk, unicode digits, huge numbers and long texts at
every public entry point raise the game's own errors, each with a Japanese message."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from gamelib import GameError, NotationError, positions
from gamelib.kabaleo import KabaleoOptions, KabaleoState, Move, Pile, check_end, check_piles, parse_move, rank
from gamelib.players import RandomPlayer

JUNK: list[Any] = [None, True, 1, 2**70, 1.5, float("nan"), b"KO", {}, {"K": 1}, object(), "x" * 100_000]


def _refused(call: Any) -> NotationError:
    with pytest.raises(NotationError) as info:
        call()
    error = info.value
    assert error.message_ja and error.message_ja != NotationError("").message_ja, "no Japanese message of its own"
    assert not any("a" <= ch <= "z" for ch in error.message_ja.replace("deal", "").replace("two_player_scoring", "")
                   .replace("random", "").replace("even", "").replace("sum", "").replace("best", "")), error.message_ja
    assert len(str(error)) < 400
    return error


# -- moves -------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["O@１", "O@¹", "O@٣", "Ｏ@1", "O@-1", "O@+1", "O@0", "O@1e1", "O@0x1", "O@7\n",
                                  "O@\u00a07", "O@", "@7", "OO@7", "Z@7", "O@" + "9" * 4, "O@" + "9" * 150, "O 7"])
def test_move_texts_are_ascii_bounded_and_strict(text: str) -> None:
    _refused(lambda: parse_move(text))
    state = KabaleoState.new(2, seed=1)
    _refused(lambda: state.play(text))


def test_good_move_texts_still_read() -> None:
    assert parse_move("O@7") == Move(7, "O") and parse_move(" v @ 12 ") == Move(12, "V")
    assert parse_move("O@007") == Move(7, "O")  # a leading zero is harmless; the record is canonical
    assert parse_move("O@999") == Move(999, "O")  # three digits read; the rules then refuse pile 999


@pytest.mark.parametrize("junk", JUNK)
def test_parse_move_refuses_what_is_not_text(junk: Any) -> None:
    _refused(lambda: parse_move(junk))


@pytest.mark.parametrize("move", [Move(7, "o"), Move(7, "OK"), Move(7, None), Move(None, "O"), Move(2**70, "O"),
                                  Move(7.0, "O"), Move(True, "O"), (7, "O"), "O@７"])
def test_move_objects_must_be_exact(move: Any) -> None:
    state = KabaleoState.new(3, seed=2)
    before = state.to_json()
    _refused(lambda: state.play(move))
    assert state.to_json() == before


# -- set-up --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [None, True, 2.0, "2", 1, 5, 2**70, 10**500])
def test_the_number_of_players_is_a_whole_number_from_2_to_4(players: Any) -> None:
    error = _refused(lambda: KabaleoState.new(players))
    assert "2人から4人" in error.message_ja
    _refused(lambda: KabaleoState.max_game_length(players))


@pytest.mark.parametrize("options", [[("deal", "even")], "deal=even", 3, {"deal": ["even"]}, {"deal": "EVEN"},
                                     {"deal": None}, {"two_player_scoring": 1}, {"colour": "O"}, {1: "even"},
                                     {"x" * 10_000: 1}, KabaleoOptions(deal=["even"])])  # type: ignore[arg-type]
def test_options_are_checked_keys_and_values(options: Any) -> None:
    error = _refused(lambda: KabaleoState.new(2, options))
    # the Japanese reason names the settings as the book and the board do, not their keys
    assert not re.search(r"[A-Za-z]", error.message_ja), error.message_ja


def test_the_even_deal_is_refused_for_four_in_japanese_too() -> None:
    # the chapter and the board call this deal 「均一」
    assert "均一" in _refused(lambda: KabaleoState.new(4, {"deal": "even"})).message_ja


# -- pile and position notation ------------------------------------------------------------
@pytest.mark.parametrize("text", [*JUNK, "", "KOO", "KK", "ko", "Ｋ", "K O", "KO" * 19, "KO" * 1_500_000])
def test_pile_notation_refuses_junk(text: Any) -> None:
    _refused(lambda: Pile.from_text(text))


def test_the_tallest_pile_real_pieces_build_still_reads() -> None:
    tallest = "O" + "KVGBYO" * 6
    assert Pile.from_text(tallest).height == 37


@pytest.mark.parametrize("kind", ["kabaleo.piles", "kabaleo.end"])
@pytest.mark.parametrize("text", [*JUNK, "", "KO K" * 100_000, ["K", None], ["K"] * 25, iter(["K"] * 10**6),
                                  "K O V G B Y " * 5, "KK", "¹²"])
def test_position_checks_refuse_junk(kind: str, text: Any) -> None:
    _refused(lambda: positions.check(kind, text))


def test_position_checks_say_what_is_wrong_in_japanese() -> None:
    assert "紫のコマが8個" in _refused(lambda: check_piles("OVOV OVOV OVOV OVOV")).message_ja
    odd = "V KV OV GKV V OGV O KO GO VGO K GK OK G KG VG"
    assert "オレンジのコマが3個" in _refused(lambda: check_end(odd)).message_ja


# -- rank (the end count) --------------------------------------------------------------------
@pytest.mark.parametrize("junk", JUNK)
def test_rank_refuses_junk_piles_secrets_and_scoring(junk: Any) -> None:
    _refused(lambda: rank([junk, "KO"], ["O"]))
    _refused(lambda: rank(["KO"], ["O", junk]))
    _refused(lambda: rank(junk, ["O"]))
    _refused(lambda: rank(["KO"], junk))
    _refused(lambda: rank(["KO"], ["O"], junk))


@pytest.mark.parametrize("secrets", [[""], ["OO"], ["OKV"], ["Z"], ["１"], ["O"] * 5, []])
def test_rank_secrets_are_one_or_two_different_colours(secrets: list[str]) -> None:
    _refused(lambda: rank(["KO", "V"], secrets))


def test_rank_reads_real_ends() -> None:
    assert rank(["KO", "V", "VKV", "O"], ["V", "O"]) == [0]
    assert rank([Pile.from_text("KO"), "V"], ["OK", "V"], "best") == [0]
    assert rank(["KO", "V"], ["K", "V"]) == [1]


# -- saves ------------------------------------------------------------------------------------
@pytest.mark.parametrize("change", [{"players": 10**300}, {"players": 2.0}, {"options": {"deal": 7}},
                                    {"options": {"deal": "x" * 50_000}}, {"moves": ["O@１"]},
                                    {"moves": ["O@" + "9" * 150]}])
def test_changed_saves_are_refused_briefly(change: dict[str, Any]) -> None:
    data = json.loads(KabaleoState.new(2, seed=5).to_json())
    data.update(change)
    with pytest.raises(GameError) as info:
        KabaleoState.from_json(json.dumps(data))
    assert len(str(info.value)) < 400


# -- legal moves: each outcome once -----------------------------------------------------------
def test_no_two_legal_moves_lead_to_the_same_position() -> None:
    """A move is one colour on one pile: another pile leaves another pile last played on,
    another colour another top or a removal, so Kabaleo has no twin moves to merge."""
    for players in (2, 3, 4):
        state, rng = KabaleoState.new(players, seed=players), RandomPlayer(players)
        while not state.is_over():
            moves = state.legal_moves()
            assert len(moves) == len(set(moves))
            outcomes = [json.dumps(state.play(m).snapshot(), sort_keys=True) for m in moves]
            assert len(set(outcomes)) == len(outcomes)
            state = state.play(rng.choose(state))
