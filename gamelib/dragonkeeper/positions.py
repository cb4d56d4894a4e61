"""Dragon Keeper positions that real tiles can make, checked for the book's pictures.

Three kinds are registered with :func:`gamelib.positions.check`:

* ``"dragonkeeper.stacks"`` — players' stacks, one player per line in stacks notation (see
  :mod:`.tiles`): every tile exists and no tile is used more often than the game has it, over
  all the lines together;
* ``"dragonkeeper.level"`` — one level in the notation of :func:`.game.board_text`: real tiles,
  none used twice, at most one dragon; the dragon stands on an empty cell (the cell of the tile
  just removed) except at the start of a level, when it stands on the centre tile of a full
  level; a stair tile lies only in the centre (it is put there and never moves back);
* ``"dragonkeeper.end"`` — the players at the end, one line each: the guild letter, the treasure
  and the stacks before the tribute, e.g. ``B 5 R:1s,3,5 B:4,1``; 2 to 4 players, different
  guilds, a treasure count a game can reach, and all the stacks together within the tiles of
  the game.  Returns each player's score as the end scoring gives it (tile score with the
  tribute and releases chosen for the best, plus 2 for the most treasure).

>>> from gamelib import positions
>>> positions.check("dragonkeeper.stacks", "R:1s,3 B:4,2r\\nR:1s P:5")
[(('R1s', 'R3'), ('B4', 'B2r'), (), (), ()), (('R1s',), (), (), (), ('P5',))]
>>> positions.check("dragonkeeper.stacks", "R:1s,3\\nR:1s,1s")
Traceback (most recent call last):
...
gamelib.core.NotationError: 3 tiles R1s in the players' stacks: the game has only 2
>>> positions.check("dragonkeeper.end", "B 5 R:1s,3,5 B:4,1 Y:3,4 G:2r,4,3,2 P:1,2,1,3\\nP 4 R:2,4 B:3,5")
[28, 8]
"""

from __future__ import annotations

from ..core import NotationError, excerpt
from ..positions import register
from . import rulings
from .game import CELLS, CENTRE, LEVELS, SIZE, parse_board
from .scoring import best_end
from .tiles import GUILD_COLOURS, STAIR, TREASURE_AT_START, Stacks, check_colour, check_counts, parse_stacks

#: The most treasure one player can hold: the 4 of the start and one for each tile given
#: (at most 24 a level on 24 turns, for 3 levels).
MAX_TREASURE = TREASURE_AT_START + LEVELS * (CELLS - 1)
#: The longest text read by these checks.
MAX_TEXT = 4 * 700


def _lines(text: object, what: str, what_ja: str) -> list[str]:
    if not isinstance(text, str):
        raise NotationError(f"{what} are text, one player per line, not {excerpt(text)}",
                            f"{what_ja}は1行に1人ずつ書いた文字列です。")
    if len(text) > MAX_TEXT:
        raise NotationError(f"{what} are at most {MAX_TEXT} characters, not {len(text)}", f"{what_ja}の表記が長すぎます。")
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > 4:
        raise NotationError(f"{len(lines)} players: the game is for 2 to 4", "ドラゴンキーパーは2人から4人で遊びます。")
    return lines


@register("dragonkeeper.stacks")
def check_stacks(text: str) -> list[Stacks]:
    """One to four players' stacks, one line each; all together within the game's tiles."""
    lines = _lines(text, "stacks", "山札")
    if not lines:
        raise NotationError("no stacks: write one player's stacks per line", "山札がありません。1行に1人分の山札を書きます。")
    stacks = [parse_stacks(line) for line in lines]
    check_counts((c for s in stacks for stack in s for c in stack), "the players' stacks", "プレイヤーたちの山札")
    return stacks


@register("dragonkeeper.level")
def check_level(text: str) -> tuple[tuple[str | None, ...], int | None]:
    """One level in play: its cells and the dragon's cell.

    >>> check_level(". " * 12 + "R1s* " + ". " * 12)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: the dragon stands on a tile only at the start of a level, on the centre tile ...
    """
    cells, dragon = parse_board(text)
    check_counts((c for c in cells if c is not None), "the level", "階層")
    for i, c in enumerate(cells):
        if c == STAIR and i != CENTRE:
            r, col = divmod(i, SIZE)
            raise NotationError(f"a stair tile on cell {r},{col}: stairs lie only in the centre of a level (2,2)",
                                "階段タイルは階層の中央(2,2)にだけ置かれます。")
    if dragon is not None and cells[dragon] is not None and (dragon != CENTRE or None in cells):
        raise NotationError("the dragon stands on a tile only at the start of a level, on the centre tile of a full "
                            "level",
                            "ドラゴンがタイルの上にいるのは、階層の始まり(タイルがすべてそろった階層の中央)だけです。")
    return cells, dragon


@register("dragonkeeper.end")
def check_end(text: str) -> list[int]:
    """Players at the end (guild, treasure, stacks before the tribute); returns their scores."""
    lines = _lines(text, "players at the end", "ゲーム終了時のプレイヤー")
    if len(lines) < 2:
        raise NotationError(f"{len(lines)} players: the game is for 2 to 4", "ドラゴンキーパーは2人から4人で遊びます。")
    guilds, treasure, stacks = [], [], []
    for line in lines:
        parts = line.split(None, 2)
        if len(parts) < 2 or not parts[1].isascii() or not parts[1].isdigit() or len(parts[1]) > 3:
            raise NotationError(f"{excerpt(line)}: write the guild letter, the treasure and the stacks, "
                                "e.g. 'B 5 R:1s,3'",
                                "ギルドの文字、財宝トークンの数(半角数字)、山札の順に書きます(例: B 5 R:1s,3)。")
        guilds.append(check_colour(parts[0], GUILD_COLOURS))
        count = int(parts[1])
        if count > MAX_TREASURE:
            raise NotationError(f"{count} treasure: no player can gather more than {MAX_TREASURE}",
                                f"財宝トークン{count}個は多すぎます。1人が集められるのは{MAX_TREASURE}個までです。")
        treasure.append(count)
        stacks.append(parse_stacks(parts[2] if len(parts) > 2 else ""))
    if len(set(guilds)) != len(guilds):
        raise NotationError("two players with the same guild: each guild tile is dealt once",
                            "同じギルドのプレイヤーが2人います。ギルドタイルは各色1枚です。")
    check_counts((c for s in stacks for stack in s for c in stack), "the players' stacks", "プレイヤーたちの山札")
    bonus = rulings.treasure_bonus(treasure, [True] * len(lines))
    return [best_end(s, g)[0] + b for s, g, b in zip(stacks, guilds, bonus)]

