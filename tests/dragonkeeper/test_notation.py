"""Notation: moves (text ↔ object, exactly), stacks and levels as text, the positions the book's
pictures are checked as, saved games, and what a seat may see."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gamelib import GameError, IllegalMoveError, NotationError, load_game, positions
from gamelib.dragonkeeper import (DragonKeeperOptions, DragonKeeperState, Move, board_text, parse_board, parse_move,
                                  parse_stacks, stacks_text)
from gamelib.players import RandomPlayer

from .helpers import new

MOVES = [
    ("take 2,3", Move("take", (2, 3))),
    ("give 4,3", Move("give", (4, 3))),
    ("trap 0,1", Move("trap", (0, 1))),
    ("passage 1,4", Move("passage", (1, 4))),
    ("exchange 2 B", Move("exchange", player=2, colour="B")),
    ("pass", Move("pass")),
    ("tribute G", Move("tribute", colour="G")),
    ("release B4 Y", Move("release", colour="Y", tile="B4")),
    ("release P2r P", Move("release", colour="P", tile="P2r")),
]


@pytest.mark.parametrize(("text", "move"), MOVES)
def test_moves_round_trip_exactly(text: str, move: Move) -> None:
    assert parse_move(text) == move and str(move) == text and parse_move(str(move)) == move


@pytest.mark.parametrize(("loose", "canonical"), [(" take 2 , 3 ", "take 2,3"), ("exchange 1 g", "exchange 1 G"),
                                                  ("tribute p", "tribute P"), ("release b4t y", "release B4t Y")])
def test_loose_spellings_read_as_the_canonical_move(loose: str, canonical: str) -> None:
    assert str(parse_move(loose)) == canonical


@pytest.mark.parametrize("text", ["", "take", "take 2", "take 2,3,4", "take 12,3", "take ２,3", "take -1,3", "Take 2,3",
                                  "take 2,3\n", "give 4;3", "exchange B 2", "exchange 2 Q", "exchange 2", "tribute",
                                  "tribute X", "release B4", "release B6 Y", "release R1 R", "release B4 R",
                                  "pass pass",
                                  "passage", "take 2,3 " * 30, "x" * 500, "take\u00a02,3"])
def test_bad_move_text_is_refused_with_a_japanese_message(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_move(text)
    assert info.value.message_ja and len(str(info.value)) < 400
    state = DragonKeeperState.new(2, seed=1)
    with pytest.raises(NotationError):
        state.play(text)


@pytest.mark.parametrize("move", [
    Move("take", (2.0, 2)), Move("take", (True, 2)), Move("take", [2, 2]), Move("take", (2, 2, 0)), Move("take", None),
    Move("take", "2,2"), Move("Take", (2, 2)), Move("take", (2, 2), player=0), Move("exchange", player=1.0, colour="B"),
    Move("exchange", player=1, colour="b"), Move("tribute", colour="GG"), Move("release", colour="Y", tile="b4"),
    Move("release", colour="Y", tile=("B4",)), Move("pass", colour="B"), ("take", (2, 2)), "take ２,2", 7, None,
])
def test_move_objects_built_by_hand_must_be_exact(move: Any) -> None:
    state = DragonKeeperState.new(3, {"start_player": 0}, seed=2)
    before = state.to_json()
    with pytest.raises(NotationError):
        state.play(move)
    assert state.to_json() == before
    assert state.play(Move("take", (2, 2))).moves == ("take 2,2",)  # the exact object is a move


def test_a_well_formed_move_the_rules_forbid_is_an_illegal_move() -> None:
    state = DragonKeeperState.new(3, seed=2)
    for text in ("take 9,9", "give 2,2", "exchange 7 B", "tribute R", "release B4 Y", "trap 0,0", "passage 2,1",
                 "pass"):
        with pytest.raises(IllegalMoveError) as info:
            state.play(text)
        assert info.value.section in DragonKeeperState.rule_sections and info.value.message_en


def test_stacks_notation_round_trips() -> None:
    for text in ("", "R:1s,3,5 B:4,2r Y:3 P:2,2", "G:1p,1,1,1,1", "R:6"):
        assert stacks_text(parse_stacks(text)) == text
    assert parse_stacks("-") == parse_stacks("")


def test_level_notation_round_trips_and_marks_the_dragon() -> None:
    s = DragonKeeperState.new(2, seed=4)
    text = board_text(s.board, s.dragon)
    assert parse_board(text) == (s.board, 12) and text.split()[12] == "R1s*"
    s = s.play("take 2,0")
    text = board_text(s.board, s.dragon)
    assert text.split()[10] == ".*" and parse_board(text) == (s.board, 10)
    assert len(text.splitlines()) == 5


def test_state_text_shows_the_level_and_hides_other_guilds() -> None:
    s = new(3, guilds="PGB")
    text = s.to_text(viewer=1)
    assert text.splitlines()[0] == "level 1, player 0: take"
    assert "player 1: guild G," in text and "player 0: guild ?," in text and "player 2: guild ?," in text
    assert "player 0: guild P," in s.to_text(reveal=True)


@pytest.mark.parametrize(("kind", "text"), [
    ("dragonkeeper.stacks", "R:1s,1s\nR:1s"),
    ("dragonkeeper.stacks", ""),
    ("dragonkeeper.stacks", "R:1s\n" * 5),
    ("dragonkeeper.level", ". " * 24),
    ("dragonkeeper.level", ". " * 24 + "B5*"),  # the dragon on a tile that is not the centre
    ("dragonkeeper.level", "R1s " + ". " * 24),  # a stair tile off the centre
    ("dragonkeeper.level", ".* " * 2 + ". " * 23),
    ("dragonkeeper.level", "B5 " * 2 + ". " * 23),
    ("dragonkeeper.end", "B 5 R:1s"),
    ("dragonkeeper.end", "B 5 R:1s\nB 4 R:3"),
    ("dragonkeeper.end", "B x R:1s\nY 4 R:3"),
    ("dragonkeeper.end", "B 500 R:1s\nY 4 R:3"),
    ("dragonkeeper.end", "R 5 R:1s\nY 4 R:3"),
    ("dragonkeeper.end", "B 5 R:6\nY 4 R:6"),
])
def test_position_checks_refuse_what_real_tiles_cannot_make(kind: str, text: str) -> None:
    with pytest.raises(NotationError) as info:
        positions.check(kind, text)
    assert info.value.message_ja


def test_real_positions_pass_the_checks() -> None:
    s = DragonKeeperState.new(4, seed=9)
    rng = RandomPlayer(9)
    while not s.is_over():
        positions.check("dragonkeeper.level", board_text(s.board, s.dragon))
        positions.check("dragonkeeper.stacks", "\n".join(s.stacks_text(p) or "-" for p in range(4)))
        s = s.play(rng.choose(s))
    alive = [p for p in range(4) if s.alive[p]]
    if len(alive) >= 2:
        lines = "\n".join(f"{s.guilds[p]} {s.treasure[p]} {s.end_stacks[p]}" for p in alive)
        assert positions.check("dragonkeeper.end", lines) == [s.scores()[p] for p in alive]


def test_json_round_trip_and_replay_at_every_step() -> None:
    for players in (2, 3, 4):
        s = DragonKeeperState.new(players, {"releases": "player"}, seed=players)
        rng = RandomPlayer(players)
        while not s.is_over():
            assert DragonKeeperState.from_json(s.to_json()) == s
            s = s.play(rng.choose(s))
        assert load_game(s.to_json()) == s
        assert DragonKeeperState.replay(players, {"releases": "player"}, players, list(s.moves)) == s


def test_a_tampered_save_does_not_load() -> None:
    s = DragonKeeperState.new(2, seed=3).play("take 2,2")
    data = json.loads(s.to_json())
    data["position"]["guilds"] = list(reversed(data["position"]["guilds"]))
    with pytest.raises(NotationError, match="does not match"):
        load_game(json.dumps(data))
    data = json.loads(s.to_json())
    data["position"]["treasure"] = [4.0, 4]
    with pytest.raises(GameError):
        load_game(json.dumps(data))


@pytest.mark.parametrize("options", [{"releases": "none"}, {"tribute_choice": 1}, {"passage_chain": "yes"},
                                     {"eliminated_stacks": "gone"}, {"colour": "B"}, {1: 2}, "releases", [("a", 1)]])
def test_bad_options_are_refused(options: Any) -> None:
    with pytest.raises(NotationError) as info:
        DragonKeeperState.new(2, options, seed=0)
    assert info.value.message_ja


@pytest.mark.parametrize("players", [1, 5, 2.0, True, "2", None])
def test_two_to_four_players(players: Any) -> None:
    with pytest.raises(NotationError, match="2 to 4"):
        DragonKeeperState.new(players, seed=0)


def test_options_save_only_what_differs() -> None:
    opts = DragonKeeperOptions.from_dict({"releases": "player", "passage_chain": True})
    assert opts.to_dict() == {"releases": "player"}
    assert DragonKeeperOptions.from_dict(opts.to_dict()) == opts


def test_every_notation_error_of_the_package_has_a_japanese_message() -> None:
    import ast
    from pathlib import Path

    import gamelib.dragonkeeper

    calls = 0
    for path in sorted(Path(gamelib.dragonkeeper.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "NotationError":
                assert len(node.args) + len(node.keywords) == 2, f"{path.name}:{node.lineno}"
                calls += 1
    assert calls > 30
