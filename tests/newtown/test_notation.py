"""Notation: every kind of move round-trips text ↔ object exactly, junk is refused with the game's
errors in Japanese too, hand-built move objects must be exact; the position text; the position
kinds the chapter's pictures are checked with."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from gamelib import GameError, NotationError, positions
from gamelib.newtown import KING, Move, NewtownState, parse_move

GENERIC_JA = NotationError("x").message_ja
PACKAGE = Path(__file__).parents[2] / "gamelib" / "newtown"

EXAMPLES = {
    "draft 3 7 12": Move("draft", (3, 7, 12)),
    "tree 3": Move("tree", (3,)),
    "take r6": Move("take", ("r", 6)),
    "take w3": Move("take", ("w", 3)),
    "keep": Move("keep"),
    "reroll all": Move("reroll", ("all",)),
    "reroll w 1 3": Move("reroll", ("w", 1, 3)),
    "reroll g": Move("reroll", ("g",)),
    "reroll b": Move("reroll", ("b",)),
    "use 5 w3x2": Move("use", (5, "w3x2")),
    "use 5 w12x0": Move("use", (5, "w12x0")),
    "use 6 g+1": Move("use", (6, "g+1")),
    "use 7 swap": Move("use", (7, "swap")),
    "use 9 get": Move("use", (9, "get")),
    "use 9 ret": Move("use", (9, "ret")),
    "go 12": Move("go", (12,)),
    "go K": Move("go", (KING,)),
    "stay": Move("stay"),
    "pass": Move("pass"),
    "supply": Move("supply"),
    "supply gift 5 P2": Move("supply", (5, 1)),
    "split 5 2": Move("split", (5, 2)),
    "merge 2 3": Move("merge", (2, 3)),
    "build 12 2x3 1 1,2,3": Move("build", (12, "2x3", 1, (1, 2, 3))),
    "build K 2x2 1 4": Move("build", (KING, "2x2", 1, (4,))),
    "extend h4 2x3 2 2,2,4": Move("extend", (4, "2x3", 2, (2, 2, 4))),
    "penthouse h4 1,3": Move("penthouse", (4, (1, 3))),
    "help": Move("help"),
    "end": Move("end"),
    "decide extend": Move("decide", ("extend",)),
    "decide stop": Move("decide", ("stop",)),
    "tenant 2 1 h4": Move("tenant", (2, 1, 4)),
    "tenant 2 1 -": Move("tenant", (2, 1, 0)),
}


@pytest.mark.parametrize("text", sorted(EXAMPLES))
def test_every_kind_of_move_round_trips(text: str) -> None:
    move = EXAMPLES[text]
    assert parse_move(text) == move and str(move) == text


@pytest.mark.parametrize("text, canonical", [("BUILD 12 2X3 1 3,2,1", "build 12 2x3 1 1,2,3"), ("  go  k ", "go K"),
                                             ("split 5 3", "split 5 2"), ("merge 4 1", "merge 1 4"),
                                             ("draft 12 3 7", "draft 3 7 12"), ("reroll w 5 1", "reroll w 1 5"),
                                             ("supply gift 5 p2", "supply gift 5 P2")])
def test_other_spellings_read_as_the_canonical_move(text: str, canonical: str) -> None:
    assert str(parse_move(text)) == canonical


@pytest.mark.parametrize("text", ["", "fly", "take", "take r", "take x6", "take r٣", "take r１", "go 19", "go 2",
                                  "go", "build 12 2x5 1 1", "build 12 2x3 1 1,,2", "build 12 2x3 1", "tenant 5 1 h1",
                                  "tenant 1 1 4", "decide maybe", "use 5 w3x3", "use 5 fly", "supply gift 5",
                                  "supply gift 5 P5", "reroll w", "reroll w 1 2 3 4", "reroll r", "draft",
                                  "draft 3 3", "extend 4 2x3 1 1", "penthouse h4", "tree", "tree 1e9", "split 5",
                                  "build 12 2x3 1 " + ",".join(["1"] * 40), "take r6 w3", "9" * 5000, "use 5 w99999x2"])
def test_junk_text_is_refused_in_japanese_too(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_move(text)
    assert info.value.message_ja and info.value.message_ja != GENERIC_JA and len(str(info.value)) < 400


@pytest.mark.parametrize("move", [Move("take", ("r", 6.0)), Move("take", ("r", True)), Move("take", ("red", 6)),
                                  Move("go", ("K",)), Move("go", (12.0,)), Move("build", (12, "2x3", 1, [1, 2, 3])),
                                  Move("build", (12, "2x3", 1, (3, 2, 1))), Move("split", (5, 3)),
                                  Move("tenant", (2, 1, None)), Move("supply", (5, "P2")), Move("end", (1,)),
                                  Move("keep", None), ("take", ("r", 6)), "take r６"])
def test_hand_built_move_objects_must_be_exact(move: Any) -> None:
    state = NewtownState.new(2, seed=1)
    before = state.to_json()
    with pytest.raises(NotationError):
        state.play(move)
    assert state.to_json() == before


def test_every_notation_error_of_the_package_has_a_japanese_message() -> None:
    calls = 0
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "NotationError":
                assert len(node.args) + len(node.keywords) == 2, f"{path.name}:{node.lineno} has no Japanese message"
                calls += 1
    assert calls > 60


def test_every_illegal_move_error_names_a_section_of_the_chapter() -> None:
    from gamelib.newtown import sections

    for path in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ("S",
                                                                                                          "sections"):
                if node.attr.isupper() and node.attr not in ("ALL", "HEADINGS"):
                    assert getattr(sections, node.attr) in sections.ALL, f"{path.name}: {node.attr}"


def test_sections_in_the_texts_order() -> None:
    from gamelib.newtown import sections

    assert len(sections.ALL) == len(set(sections.ALL)) == 37
    assert all(a.startswith("newtown-") for a in sections.ALL)
    assert list(sections.HEADINGS) == list(sections.ALL)
    assert sections.ALL.index(sections.PREPARE) < sections.ALL.index(sections.MOVE2) < sections.ALL.index(
        sections.HOUSES) < sections.ALL.index(sections.KINGS_LAND) < sections.ALL.index(sections.FINAL_SETTLEMENT)


def test_the_position_text() -> None:
    state = NewtownState.new(2, {"hands": [[3, 4, 5, 6], [7, 8, 9, 10]]}, seed=1)
    text = state.to_text()
    assert text.splitlines()[0] == "round 1 tree P1 | order P1 P2"
    assert "craftsmen P1@3 P2@7" in text and "trees K" in text
    assert "P1 0 points, 0 stones | dice - | materials 1 | roofs 2/2/2/2 | cards 3 4 5 6" in text
    assert str(state) == text


# -- position kinds ------------------------------------------------------------------------------------
def test_position_kinds_accept_real_positions() -> None:
    assert positions.check("newtown.map", "17  4  .\n K  K  3\n K  K 12").numbered == (3, 4, 12, 17)
    assert positions.check("newtown.land", "K: 3x3f3p 2x2f1") == [("3x3", 3, True), ("2x2", 1, False)]
    assert positions.check("newtown.tenants", "1 2 3 4 | 5 6 7 8 | 9[2] 10 11 12 | 13 14 15 16")[2][0] == (9, 2)
    assert positions.check("newtown.dice", "r1 g2 b3 w4 w5 w6")["w"] == [4, 5, 6]
    assert positions.check("newtown.pieces", "6,1") == [1, 6]
    board = positions.check("newtown.layout", NewtownState.new(2, seed=1).board.to_text())
    assert len(board.numbered) == 16


@pytest.mark.parametrize("kind, text", [
    ("newtown.land", "12: 2x4f1 2x3f1"), ("newtown.land", "K: 2x2f1 2x2f1 2x2f1"), ("newtown.land", "12: 2x3f4"),
    ("newtown.land", "12: 2x3f1p"), ("newtown.land", "19: 2x2f1"), ("newtown.land", "12 2x2f1"),
    ("newtown.tenants", "1 2 | 3"), ("newtown.tenants", "1 1 | 2 | 3 | 4"), ("newtown.tenants", "1 2 3 4 5 | | |"),
    ("newtown.tenants", "17 | | |"), ("newtown.dice", "r1 g2 b3 w4 w5"), ("newtown.dice", "r1 r2 g2 b3 w4 w5 w6"),
    ("newtown.dice", "r7 g2 b3 w4 w5 w6"), ("newtown.pieces", "0"), ("newtown.pieces", "7"),
    ("newtown.layout", "3 4\nK K\nK K"), ("newtown.map", "3 4\n5 6"),
])
def test_position_kinds_refuse_what_the_components_cannot_make(kind: str, text: str) -> None:
    with pytest.raises(GameError) as info:
        positions.check(kind, text)
    assert info.value.message_ja != GENERIC_JA  # type: ignore[attr-defined]
