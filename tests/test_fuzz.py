"""The fuzzing run: hostile moves, texts, saves and notations for every game and option.

Every refusal must be one of the game's own errors (a ``GameError``), leave the state as it
was, and quote at most a short excerpt; whatever is accepted must survive a JSON round trip.
The budget is seeded and small in the test suite; ``make fuzz`` runs it long
(``RULEBOOK_FUZZ=<cases per configuration>``).
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from typing import Any

import pytest

import gamelib
from gamelib import GameError, load_game, positions
from gamelib.dominoes import Table, Tree, dominimum, dominomega
from gamelib.dragonkeeper import final_score, parse_board
from gamelib.kabaleo import Pile, rank
from gamelib.kingdomino import Kingdom
from gamelib import newtown

#: Hostile cases per game configuration (kept small for CI; `make fuzz` raises it).
BUDGET = int(os.environ.get("RULEBOOK_FUZZ", "60"))
#: Values of the wrong type or range, to put in place of any field of a move.
WRONG: list[Any] = [None, True, False, -1, 0, 7, 10**6, 2**70, 1.5, float("nan"), "", "x", "１", "²", (), (1,),
                    (1, 2, 3), ("a", "b"), (1.0, 2), [1, 2], {}, object()]
#: Text fragments that break parsers in interesting ways.
HOSTILE_TEXT = ["", " ", "\x00", "\n", "¹²", "１２", "٣", "9" * 5000, "-0", "+1", "1e9", "0x10", "nan", "∞", "@", ",",
                "[" * 200, "{", "'", '"', "\\", "\u202e", "🀄", "place", "claim", "discard", "pass"]


def _field_mutants(move: Any, rng: random.Random) -> Any:
    """``move`` with one field (or one part of a nested field) replaced by a wrong value."""
    if not (isinstance(move, tuple) and hasattr(move, "_replace")) or not move._fields:
        return rng.choice(WRONG)
    field = rng.choice(move._fields)
    value = getattr(move, field)
    if isinstance(value, tuple) and value and rng.random() < 0.5:
        i = rng.randrange(len(value))
        new = tuple(rng.choice(WRONG) if j == i else v for j, v in enumerate(value))
    else:
        new = rng.choice(WRONG)
    return move._replace(**{field: new})


def _text_mutant(text: str, rng: random.Random) -> str:
    pieces = text.split(" ")
    how = rng.randrange(5)
    if how == 0 and pieces:
        pieces[rng.randrange(len(pieces))] = rng.choice(HOSTILE_TEXT)
    elif how == 1:
        return text[: rng.randrange(len(text) + 1)]
    elif how == 2:
        i = rng.randrange(len(text) + 1)
        return text[:i] + rng.choice(HOSTILE_TEXT) + text[i:]
    elif how == 3:
        return text.translate(str.maketrans("0123456789", "０１２３４５６７８９"))
    else:
        pieces = pieces * rng.randrange(2, 5)
    return " ".join(pieces)


def _refused_or_sound(state: gamelib.GameState, move: Any) -> None:
    before = state.to_json()
    try:
        after = state.play(move)
    except GameError as exc:
        assert len(str(exc)) < 400, f"an error message quotes too much: {str(exc)[:100]}…"
        assert state.to_json() == before, "a refused move changed the state"
        return
    assert state.to_json() == before
    assert load_game(after.to_json()).to_json() == after.to_json(), f"{move!r} was recorded but does not replay"


def _positions(cls: type[gamelib.GameState], players: int, options: dict, seed: int, rng: random.Random):
    state = cls.new(players, options, seed)
    while not state.is_over():
        yield state
        state = state.play(rng.choice(state.legal_moves()))


CONFIGURATIONS = [(name, players, options) for name in gamelib.game_names()
                  for players, options in gamelib.get_game(name).sample_configurations()]


@pytest.mark.parametrize("name,players,options", CONFIGURATIONS,
                         ids=[f"{n}-{p}-{'-'.join(o) or 'plain'}" for n, p, o in CONFIGURATIONS])
def test_hostile_moves_and_saves(name: str, players: int, options: dict) -> None:
    cls = gamelib.get_game(name)
    rng = random.Random(f"fuzz/{name}/{players}/{sorted(options)}")
    states = list(_positions(cls, players, options, rng.randrange(10**6), rng))
    for _ in range(BUDGET):
        state = rng.choice(states)
        legal = state.legal_moves()
        move = rng.choice(legal)
        _refused_or_sound(state, _field_mutants(move, rng))
        _refused_or_sound(state, _text_mutant(str(move), rng))
        _refused_or_sound(state, state.random_move(rng))
    # saves: truncated, retyped, deepened, with huge numbers
    save = json.loads(states[-1].to_json())
    for _ in range(BUDGET):
        data = json.loads(json.dumps(save))
        how = rng.randrange(5)
        if how == 0:
            text = json.dumps(data)[: rng.randrange(len(json.dumps(data)))]
        else:
            target = data["position"] if how in (1, 2) and isinstance(data.get("position"), dict) else data
            key = rng.choice(sorted(target))
            value = target[key]
            if how == 1 and type(value) is int:
                target[key] = rng.choice([float(value), str(value), bool(value) if value in (0, 1) else value + 1])
            elif how == 2:
                target[key] = rng.choice(WRONG[:-1])
            elif how == 3:
                target[key] = [[[[value]]]]
            else:
                target[key] = "HUGE-NUMBER"
            text = json.dumps(data).replace('"HUGE-NUMBER"', "9" * rng.randrange(10, 6000))
        try:
            loaded = load_game(text)
        except GameError as exc:
            assert len(str(exc)) < 400
        else:
            assert loaded.to_json() == states[-1].to_json(), "a changed save loaded as another game"


NOTATIONS: list[tuple[str, Callable[[Any], Any]]] = [
    ("Kingdom.from_text", Kingdom.from_text),
    ("Pile.from_text", Pile.from_text),
    ("Table.from_text", Table.from_text),
    ("Tree.from_text", Tree.from_text),
    ("kabaleo.rank", lambda x: rank([x, "KO"], ["O", x])),
    ("dominomega.score", lambda x: dominomega.score(x, 1)),
    ("dominomega.score symbol", lambda x: dominomega.score("1 3", x)),
    ("dominimum.score", lambda x: dominimum.score(x, (1, 4))),
    ("dominimum.score mission", lambda x: dominimum.score("1 4", x)),
    ("newtown.parse_move", newtown.parse_move),
    ("newtown.Board.from_text", newtown.Board.from_text),
    ("newtown.tree_land", lambda x: newtown.tree_land(x, [3, 4])),
    ("newtown.tree_land lands", lambda x: newtown.tree_land(10, x)),
    ("newtown.kings_land_dice_ok", newtown.kings_land_dice_ok),
    ("newtown.building_settlement", lambda x: newtown.building_settlement(x, [])),
    ("newtown.building_settlement cards", lambda x: newtown.building_settlement(0, x)),
    ("newtown.extension_stones", newtown.extension_stones),
    ("newtown.options", lambda x: newtown.NewtownState.new(2, {"layout": x})),
    ("dragonkeeper.final_score", lambda x: final_score(x, "B")),
    ("dragonkeeper.final_score guild", lambda x: final_score("R:1s,3 B:4,2r", x)),
    ("dragonkeeper.parse_board", parse_board),
    *((f"positions.check {kind}", lambda x, kind=kind: positions.check(kind, x)) for kind in positions.kinds()
      if kind != "legend"),
]
SAMPLES = {"Kingdom.from_text": "W0 G0 L0 C", "Pile.from_text": "KOV", "Table.from_text": "1 3\n. 5",
           "Tree.from_text": "0 0", "dragonkeeper.final_score": "R:1s,3,5 B:4,2r Y:3 P:2,2",
           "dragonkeeper.parse_board": ("B1 " * 12 + "R1s* " + "B2 " * 12).strip()}


@pytest.mark.parametrize("name,parse", NOTATIONS, ids=[n for n, _ in NOTATIONS])
def test_notations_and_scoring_helpers_refuse_junk_with_game_errors(name: str, parse: Callable[[Any], Any]) -> None:
    rng = random.Random(f"fuzz-notation/{name}")
    base = SAMPLES.get(name, "1 3\n. 5")
    cases = list(WRONG) + HOSTILE_TEXT + ["x" * 3_000_000, "\n".join(["W0 " * 40] * 40)]
    cases += [_text_mutant(base, rng) for _ in range(BUDGET)]
    for case in cases:
        try:
            parse(case)
        except GameError as exc:
            assert len(str(exc)) < 400, f"{name}: the message quotes too much: {str(exc)[:80]}…"
