"""No stray half-width space next to Japanese on a board: in its picture's labels, its status,
its log, its tables and its result (a tester read 「勝者 プレイヤー1 54点」, 「樹のさいころ 2・3・6」
and 「資材 6(黒を1使う)」 on さいころニュータウン's board, and キングドミノ's captions read
「赤  0点」)."""

from __future__ import annotations

import html
import re

import pytest

from gamelib.players import GreedyPlayer
from widgets.games import CONTROLLERS

JA = r"[\u3040-\u30ff\u3400-\u9fff]"
#: a space after Japanese before Japanese or a digit, or after Japanese or a digit before Japanese
STRAY = re.compile(rf"{JA} +[0-9\u3040-\u30ff\u3400-\u9fff]|[0-9\u3040-\u30ff\u3400-\u9fff] +{JA}")


def _texts(c) -> list[str]:  # type: ignore[no-untyped-def]
    shown = [c.status_line(), c.log_html(), c.info_html(), c.result_html(), c.bar_line()]
    shown += [html.unescape(t) for t in re.findall(r">([^<>]+)</text>", c.picture().svg)]
    return [re.sub(r"<[^>]+>", "", t) for t in shown]


@pytest.mark.parametrize("game", sorted(CONTROLLERS))
def test_a_whole_game_on_a_board_shows_no_stray_space_next_to_japanese(game: str) -> None:
    players = 3 if game == "dominomega" else 2
    c = CONTROLLERS[game](players, seed=3, seats=["human"] + ["greedy"] * (players - 1))
    bot = GreedyPlayer(5)
    found: dict[str, str] = {}
    for _ in range(400):
        for text in _texts(c):
            for m in STRAY.finditer(text):
                found.setdefault(m.group(0), text[max(0, m.start() - 20):m.end() + 20])
        if c.state.is_over():
            break
        assert c.human_to_move()
        c.play(bot.choose(c.state))
    assert c.state.is_over(), "the game did not end in 400 moves"
    assert not found, found


def test_the_extension_round_s_dice_are_told_without_a_stray_space() -> None:
    """The whole games above never reach さいころニュータウン's extension round: its rolls read
    「6個とも振りなおし 6・6・5」."""
    from gamelib.newtown import NewtownState
    from gamelib.newtown.players import PlannerPlayer
    from widgets.newtown import roll_log_words

    state = NewtownState.new(2, seed=1)
    bots = [PlannerPlayer(1), PlannerPlayer(2)]
    while state.phase != "roll":
        state = state.play(next(m for m in state.legal_moves() if str(m) == "decide extend")
                           if state.phase == "extend" else bots[state.current_player].choose(state))
    state = state.play("reroll all")
    lines = roll_log_words(state)
    assert any("6個とも振りなおし" in line for line in lines), lines
    assert not [line for line in lines if STRAY.search(line)], lines
