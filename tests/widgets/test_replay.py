"""Replays of a whole game between computer players: the frames that travel in the page are
exactly the board's pictures, position after position; every move is captioned in Japanese;
only computer players sit at a replay; one seed gives one replay; and the book's replays show
real positions with legible, Japanese labels.  (The stepping in a real browser is checked on
the built site: tests/browser/test_site_replays.py.)"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import nbformat
import pytest

from gamelib import load_game, positions
from widgets.games import controller_class
from widgets.controller import PHONE_COLUMN
from widgets.replay import Replay, decode, decode_phone, svg_address

ROOT = Path(__file__).resolve().parents[2]
CJK = "\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uff00-\uffef"
#: The game chapters and the replay each shows (players, seats).
BOOK = {
    "kingdomino": (2, ["greedy", "greedy"]),
    "kabaleo": (3, ["greedy", "hiding", "random"]),
    "dominomega": (3, ["greedy", "greedy", "greedy"]),  # (the chapter teaches the 3-player game)
    # (in ドミナップ and ザ・ツリー the greedy player weighs only what a placement leaves for the
    # next turn; the chapters show the look-ahead player instead)
    "dominup": (2, ["search-weak", "search-weak"]),
    "dominimum": (2, ["greedy", "greedy"]),
    "tree": (2, ["search-weak", "search-weak"]),
    "dragonkeeper": (3, ["greedy", "hiding", "greedy"]),
    "newtown": (2, ["planner", "greedy"]),
}


def data_of(page_html: str) -> str:
    """The ``data-replay`` text of the (only) replay in ``page_html``."""
    found = re.findall(r'<div class="rulebook-replay" data-replay="([A-Za-z0-9+/=]+)"', page_html)
    assert len(found) == 1, f"{len(found)} replays"
    return found[0]


def text_of(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment)).strip()


def played_by_hand(game: str, players: int, seed: int, seats: list[str]):
    """The same game played here on the game's board controller, move by move: the pictures
    and the controller at the end."""
    cls = controller_class(game)
    controller = cls(players, seed, None, ["human"] * players)
    controller.seats = list(seats)  # named for who plays; nobody sits at the board
    controller.still = True  # (a replay's picture: nothing asks to be pressed, no hand is shown)
    computers = [cls.seat_kinds[kind][1](seed * 10 + p) for p, kind in enumerate(seats)]
    pictures = [controller.picture().svg]
    while not controller.state.is_over():
        assert controller.play(computers[controller.state.current_player].choose(controller.state))
        pictures.append(controller.picture().svg)
    return pictures, controller


@pytest.mark.parametrize("game,players,seed,seats", [
    ("kingdomino", 2, 2, ["greedy", "random"]),
    ("kabaleo", 3, 7, ["greedy", "hiding", "random"]),
    ("tree", 2, 7, ["greedy", "greedy"]),
    ("dragonkeeper", 3, 5, ["greedy", "hiding", "greedy"]),
    ("newtown", 2, 21, ["planner", "greedy"]),
])
def test_the_page_data_is_exactly_the_boards_picture_after_each_move(game, players, seed, seats) -> None:
    replay = Replay(game, players, seed, seats)
    frames, captions, alts = decode(data_of(replay.html()))
    pictures, controller = played_by_hand(game, players, seed, seats)
    assert len(controller.history) == len(controller.state.moves) == replay.moves
    assert len(frames) == len(captions) == len(alts) == replay.moves + 1 == len(pictures)
    for k in (0, 1, 2, len(frames) // 2, len(frames) - 2, len(frames) - 1):
        assert frames[k] == pictures[k], f"frame {k}"
    assert frames == pictures
    assert len(set(frames)) > len(frames) // 2, "the pictures hardly change from move to move"
    # the first picture is in the page as it is, for a reader without JavaScript
    assert f'src="{svg_address(frames[0])}"' in replay.html()
    assert alts[-1] == controller.picture().alt and controller.status_line() in alts[-1]
    assert replay.state.to_json() == controller.state.to_json()


@pytest.mark.parametrize("game,players,seed,seats", [
    ("kingdomino", 3, 2, ["greedy", "random", "greedy"]),
    ("dragonkeeper", 3, 5, ["greedy", "hiding", "greedy"]),
    ("dominup", 2, 4, ["greedy", "greedy"]),
])
def test_the_phone_frames_are_the_phone_boards_pictures_as_stills(game, players, seed, seats) -> None:
    """The replay carries each position drawn as a phone lays the board out, as a still
    picture: Kingdomino's small kingdoms do not ask to be pressed, and its large kingdom is the
    one of the move the caption tells (it was the next player's, the mover's a thumbnail)."""
    replay = Replay(game, players, seed, seats)
    phone = decode_phone(data_of(replay.html()))
    cls = controller_class(game)
    controller = cls(players, seed, None, ["human"] * players)
    controller.seats, controller.still = list(seats), True
    controller.fit_width(PHONE_COLUMN)
    computers = [cls.seat_kinds[kind][1](seed * 10 + p) for p, kind in enumerate(seats)]
    pictures = [controller.picture().svg]
    while not controller.state.is_over():
        mover = controller.state.current_player
        assert controller.play(computers[mover].choose(controller.state))
        controller.look_at(mover)
        if game == "kingdomino":
            controller.layout = controller.make_layout()
            assert controller.layout.focus == mover
        pictures.append(controller.picture().svg)
        controller.look_at(None)
    assert phone == pictures and phone != replay.frames
    widths = {float(re.search(r'<svg[^>]* width="([\d.]+)"', svg).group(1)) for svg in phone}
    assert max(widths) <= PHONE_COLUMN, widths
    assert not any("押すと" in svg for svg in phone)
    # the wide frames are drawn as before: the phone's layout was only borrowed
    assert replay.frames == played_by_hand(game, players, seed, seats)[0]


@pytest.mark.parametrize("game,players,seed,seats", [
    ("kingdomino", 2, 3, ["greedy", "greedy"]),
    ("kabaleo", 3, 2, ["random", "hiding", "greedy"]),
    ("dominimum", 2, 4, ["greedy", "random"]),
    ("newtown", 2, 3, ["planner", "greedy"]),
])
def test_each_caption_names_the_player_and_the_move_in_japanese(game, players, seed, seats) -> None:
    replay = Replay(game, players, seed, seats)
    _, captions, alts = decode(data_of(replay.html()))
    _, controller = played_by_hand(game, players, seed, seats)
    cls = controller_class(game)
    assert captions[0] == "ゲーム開始時の局面"
    for step, caption in zip(controller.history, captions[1:], strict=True):
        name = controller.player_names[step.player]
        text = text_of(caption)
        assert text.startswith(f"{name}({cls.seat_kinds[seats[step.player]][0]}) :")
        assert step.words in text, (step.words, text)
        assert re.search(f"[{CJK}]", step.words) and not re.search("[A-Za-z]", text), text
    result = controller.status_line()
    assert result.startswith("ゲーム終了。") and result in text_of(captions[-1])
    assert not any(result in c for c in captions[:-1])
    assert str(replay) == f"リプレイ: 全{replay.moves}手。{result}"
    # each picture's text form (its alternative text) describes the position, never asks to click
    assert all(re.search(f"[{CJK}]", alt) and "クリック" not in alt for alt in alts)


@pytest.mark.parametrize("seats", [["human", "greedy"], ["greedy", "human"], ["greedy", "planner"], ["greedy"],
                                   ["greedy", "greedy", "greedy"]])
def test_only_computer_players_sit_at_a_replay(seats) -> None:
    with pytest.raises(ValueError):
        Replay("kingdomino", 2, 1, seats)


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(ValueError):
        Replay("chess", 2, 1, ["greedy", "greedy"])


def test_one_seed_gives_one_replay() -> None:
    one = Replay("kabaleo", 3, 11, ["greedy", "hiding", "random"]).html()
    assert Replay("kabaleo", 3, 11, ["greedy", "hiding", "random"]).html() == one
    assert Replay("kabaleo", 3, 12, ["greedy", "hiding", "random"]).html() != one
    assert Replay("kabaleo", 3, 11, ["hiding", "hiding", "random"]).html() != one


def test_search_seats_replay_from_their_seed_too() -> None:
    from widgets.replay import REPLAY_ITERATIONS

    seats = ["search-weak", "search"]
    assert set(REPLAY_ITERATIONS) == {"search-weak", "search", "search-strong"}
    first = Replay("tree", 2, seed=3, seats=seats)
    again = Replay("tree", 2, seed=3, seats=seats)
    assert first.captions == again.captions and first.frames == again.frames
    assert first.captions != Replay("tree", 2, seed=4, seats=seats).captions
    # named for what plays them, without the seconds of the seat menu (a replay counts iterations)
    assert "赤(先を読む・弱い)" in first.captions[1] and "青(先を読む・普通)" in first.captions[2]
    assert not any("秒" in caption for caption in first.captions)


def test_the_output_says_what_position_it_ends_on_and_shows_no_python_value() -> None:
    replay = Replay("dominup", 2, 6, ["greedy", "greedy"], options=None)
    data, meta = replay._repr_mimebundle_()
    assert set(data) == {"text/html", "text/plain"}
    assert re.fullmatch(f"リプレイ: 全\\d+手。[{CJK}\\d、]+", data["text/plain"]), data["text/plain"]
    assert meta["rulebook"]["kind"] == "save"
    assert json.loads(json.dumps(meta)) == meta
    ended = load_game(meta["rulebook"]["position"])
    assert ended.is_over() and len(ended.moves) == replay.moves
    positions.check("save", meta["rulebook"]["position"])
    page = data["text/html"]
    for label in ("1手戻る", "1手進む"):
        assert f'aria-label="{label}"' in page and f'title="{label}"' in page
    assert f'max="{replay.moves}"' in page and f"開始(全{replay.moves}手)" in page
    assert "rulebookReplays" in page and 'onerror="' in page  # the stepping script travels with it
    assert re.search(r"<script\b", page) is None  # (a script element would not run in an output)


def test_the_frames_are_stored_compactly() -> None:
    replay = Replay("newtown", 2, 21, ["planner", "greedy"])
    raw = sum(len(f) for f in replay.frames)
    stored = len(data_of(replay.html()))
    assert stored * 40 < raw, (stored, raw)


# -- the book's replays ---------------------------------------------------------------------
def _book_replay(chapter: str) -> tuple[nbformat.NotebookNode, dict]:
    nb = nbformat.read(ROOT / "book" / f"{chapter}.ipynb", as_version=4)
    found = [(cell, out) for cell in nb.cells if cell.cell_type == "code" for out in cell.outputs
             if 'class="rulebook-replay"' in "".join(out.get("data", {}).get("text/html", ""))]
    assert len(found) == 1, f"{chapter}: {len(found)} replays"
    return found[0]


@pytest.mark.parametrize("chapter", sorted(BOOK))
def test_every_game_chapter_ends_with_a_replay_of_a_whole_game(chapter: str) -> None:
    cell, out = _book_replay(chapter)
    players, seats = BOOK[chapter]
    assert "hide-input" in cell.metadata.get("tags", [])
    assert "nbval-ignore-output" not in cell.metadata.get("tags", [])  # nbval compares it
    assert re.search(rf'Replay\("{chapter}", {players}, seed=\d+, seats=\[', cell.source), cell.source
    assert all(f'"{kind}"' in cell.source for kind in seats)
    meta = out["metadata"]["rulebook"]
    ended = positions.check(meta["kind"], meta["position"])
    assert ended.is_over() and ended.players == players
    page = "".join(out["data"]["text/html"])
    frames, captions, _ = decode(data_of(page))
    assert len(frames) == len(ended.moves) + 1 >= 20, "a whole game, not a trivial one"
    assert f'src="{svg_address(frames[0])}"' in page
    assert "ゲーム終了" in text_of(captions[-1])
    text = "".join(out["data"]["text/plain"])
    assert text.startswith(f"リプレイ: 全{len(ended.moves)}手。")


@pytest.mark.parametrize("chapter", sorted(BOOK))
def test_the_book_replays_labels_are_legible_and_japanese(chapter: str) -> None:
    """As for every picture of the book: labels of at least 10 px, no Latin letters in the labels,
    the captions or the alternative texts."""
    _, out = _book_replay(chapter)
    frames, captions, alts = decode(data_of("".join(out["data"]["text/html"])))
    for k, svg in enumerate(frames):
        sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', svg)]
        assert min(sizes) >= 10, f"frame {k}: a label of {min(sizes)} px"
        labels = re.findall(r"<(?:text|title)[^>]*>([^<]*)</(?:text|title)>", svg)
        assert not [t for t in labels if re.search("[A-Za-z]", t)], f"frame {k}: {labels}"
    for text in [text_of(c) for c in captions] + alts:
        assert re.search(f"[{CJK}]", text) and not re.search("[A-Za-z]", text), text


@pytest.mark.parametrize("game,players", [("dominup", 2), ("tree", 3)])
def test_a_domino_replay_keeps_no_room_for_hands_it_never_shows(game: str, players: int) -> None:
    """Nobody sits at a replay's board and no hand is shown: the panel kept rows for the largest
    hand empty under 「…(伏せてあります)」, and a phone's replay was a screen taller."""
    from widgets.dominoes import NARROW_GRID_H, GridView

    replay = Replay(game, players, seed=6, seats=["greedy"] * players)
    heights = {int(re.search(r'height="(\d+)"', frame).group(1)) for frame in replay.phone_frames}
    board = controller_class(game)(players, 6, None, ["human"] * players)
    board.fit_width(390)
    # (a live board's grid on a phone is no taller than its rows: the replay's keeps one size)
    grid_alike = board.layout.height + NARROW_GRID_H - board.layout.area
    assert len(heights) == 1 and heights.pop() <= grid_alike - GridView.HAND_STEP[1] * 2
    assert "伏せてあります" in replay.phone_frames[0]


@pytest.mark.parametrize("game", ["dominomega", "dominimum"])
def test_a_domino_replay_leaves_one_square_round_its_table(game: str) -> None:
    """A replay shows no square to play on: its table keeps a margin of one square, not the two
    a live board keeps for its targets (a phone's finished table of twelve columns had squares
    of 21 px, their numbers hard to read)."""
    replay = Replay(game, 3, seed=2, seats=["greedy"] * 3)
    controller = controller_class(game)(3, 2, None, ["greedy"] * 3)
    controller.still = True
    controller.state = replay.state
    controller.fit_width(PHONE_COLUMN)
    view = controller.make_layout()
    cols = [c for _, c in controller.occupied()]
    assert max(cols) - min(cols) + 1 >= 8  # (a table wide enough that the width sets the squares)
    assert (min(cols) - view.c0, view.c0 + view.cols - 1 - max(cols)) == (1, 1)
    assert view.cell == min(44.0, view.grid_w / view.cols)
    # a board someone plays keeps two, for the squares it offers, until the game is over
    live = controller_class(game)(3, 2, None, ["human"] * 3)
    final = replay.state
    for text in final.moves[:-1]:
        live.state = live.state.play(live.state.parse_move(text))
    assert not live.state.is_over()
    live.fit_width(PHONE_COLUMN)
    view = live.make_layout()
    cols = [c for _, c in live.occupied()]
    assert min(cols) - view.c0 >= 2 and view.c0 + view.cols - 1 - max(cols) >= 2
    # (a finished game offers none: one, as a replay; a finished ドミニマム's squares of 19 px
    # had lost the numbers its score counts)
    live.state = final
    view = live.make_layout()
    cols = [c for _, c in live.occupied()]
    assert (min(cols) - view.c0, view.c0 + view.cols - 1 - max(cols)) == (1, 1)
