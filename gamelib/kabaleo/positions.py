"""Kabaleo positions that real pieces can make, and real end positions reached by moves.

A position is written as piles in pile notation separated by spaces or line breaks (the
board's :meth:`.KabaleoState.to_text` is one).  Two kinds are registered with
:func:`gamelib.positions.check`:

* ``"kabaleo.piles"`` — a few piles, a fragment of a table: every pile is one the rules can
  build (no piece on a base of its own colour, never two equal colours on each other), and no
  colour uses more than the game has (4 bases and 6 pieces of each colour);
* ``"kabaleo.end"`` — a whole finished table: 16, 20 or 24 piles (2, 3 or 4 players), exactly
  4 bases of each colour in play, no piece of a colour not in play, and of each colour an even
  number of pieces (every piece is placed by the end, and removals take two of one colour).

>>> from gamelib import positions
>>> len(positions.check("kabaleo.piles", "K KO KOV"))
3
>>> positions.check("kabaleo.piles", "KK")
Traceback (most recent call last):
...
gamelib.core.NotationError: pile 'KK': a pink piece cannot lie on a bare pink base (the rules never put it there)

:func:`random_game` and :func:`find_game` give end positions reached by moves: whole seeded
games, which the book draws and which replay from their saved form.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import islice
from typing import Any

from ..core import NotationError, excerpt
from ..players import RandomPlayer, play_out
from ..positions import register
from .game import KabaleoState
from .pile import COLOURS, MAX_HEIGHT, NAME_EN, NAME_JA, Pile, check_colour

BASES_PER_COLOUR = 4
PIECES_PER_COLOUR = 6
MAX_TABLE = 6 * BASES_PER_COLOUR
#: The longest position text read: the fullest table with room to spare for padding.
MAX_TEXT = 4 * MAX_TABLE * (MAX_HEIGHT + 1)


def _pile(word: object) -> Pile:
    if not isinstance(word, str) or not word:
        raise NotationError(f"a pile is written as colour letters, base first, not {excerpt(word)}",
                            "山は色の文字をベースから順に書きます。")
    if len(word) <= MAX_HEIGHT:
        for ch in word:
            check_colour(ch)
        if len(word) >= 2 and word[0] == word[1]:
            colour = NAME_EN[word[0]]
            raise NotationError(f"pile {word!r}: a {colour} piece cannot lie on a bare {colour} base "
                                "(the rules never put it there)",
                                f"何も乗っていない{NAME_JA[word[0]]}のベースに{NAME_JA[word[0]]}のコマは置けません"
                                "(ルールではそうなりません)。")
    return Pile.from_text(word)


def _words(text: object) -> list[object]:
    """The piles of a position: words of a text, or the items of a list, bounded."""
    if isinstance(text, str):
        if len(text) > MAX_TEXT:
            raise NotationError(f"a table of piles is at most {MAX_TEXT} characters, not {len(text)}",
                                "山の並びの表記が長すぎます。")
        return list(text.split())
    if isinstance(text, (bytes, Mapping)) or not isinstance(text, Iterable):
        raise NotationError(f"piles are text (pile notation separated by spaces) or a list of piles, "
                            f"not {excerpt(text)}",
                            "山の並びは、山の表記を空白で区切った文字列か、山のリストで指定します。")
    words = list(islice(text, MAX_TABLE + 1))
    if len(words) > MAX_TABLE:
        raise NotationError(f"more than {MAX_TABLE} piles: the game has only {MAX_TABLE} bases",
                            f"山が多すぎます。ベースは全部で{MAX_TABLE}枚です。")
    return words


def components(piles: Sequence[Pile]) -> tuple[Counter[str], Counter[str]]:
    """The bases and the pieces of each colour that ``piles`` use."""
    bases = Counter(p.base for p in piles)
    pieces = Counter(c for p in piles for c in p.to_text()[1:])
    return bases, pieces


@register("kabaleo.piles")
def check_piles(text: str | Iterable[str]) -> list[Pile]:
    """A fragment of a table: real piles, and no colour over its component count.

    >>> check_piles("OVOV OVOV OVOV OVOV")
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: 8 purple pieces: the game has only 6 of each colour
    """
    words = _words(text)
    if not words:
        raise NotationError("no piles: write piles in pile notation separated by spaces",
                            "山がありません。山の表記を空白で区切って書きます。")
    if len(words) > MAX_TABLE:
        raise NotationError(f"{len(words)} piles: the game has only {MAX_TABLE} bases",
                            f"山が{len(words)}個あります。ベースは全部で{MAX_TABLE}枚です。")
    piles = [_pile(w) for w in words]
    bases, pieces = components(piles)
    for colour, n in sorted(bases.items()):
        if n > BASES_PER_COLOUR:
            raise NotationError(f"{n} {NAME_EN[colour]} bases: the game has only {BASES_PER_COLOUR} of each colour",
                                f"{NAME_JA[colour]}のベースが{n}枚あります。ベースは各色{BASES_PER_COLOUR}枚です。")
    for colour, n in sorted(pieces.items()):
        if n > PIECES_PER_COLOUR:
            raise NotationError(f"{n} {NAME_EN[colour]} pieces: the game has only {PIECES_PER_COLOUR} of each colour",
                                f"{NAME_JA[colour]}のコマが{n}個あります。コマは各色{PIECES_PER_COLOUR}個です。")
    return piles


@register("kabaleo.end")
def check_end(text: str | Iterable[str]) -> list[Pile]:
    """A whole finished table for 2, 3 or 4 players.

    The end the source text describes cannot be laid out as this: 3 orange pieces are odd.

    >>> check_end("V KV OV GKV V OGV O KO GO VGO K GK OK G KG VG")
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: 3 orange pieces on a finished table: every piece is placed by the end and removals take two of a colour, so each colour leaves 6, 4, 2 or 0
    """
    piles = check_piles(text)
    n = len(piles)
    if n not in (16, 20, 24):
        raise NotationError(f"{n} piles: a finished table has 16, 20 or 24 (4 bases of each colour in play, "
                            "for 2, 3 or 4 players)",
                            f"山が{n}個あります。終わった卓の山は16・20・24個です(2・3・4人で、使う色ごとにベース4枚)。")
    players = n // BASES_PER_COLOUR - 2
    bases, pieces = components(piles)
    if any(k != BASES_PER_COLOUR for k in bases.values()):
        found = ", ".join(f"{NAME_EN[c]} {k}" for c, k in sorted(bases.items(), key=lambda x: COLOURS.index(x[0])))
        found_ja = "、".join(f"{NAME_JA[c]}{k}枚" for c, k in sorted(bases.items(), key=lambda x: COLOURS.index(x[0])))
        raise NotationError(f"a finished table for {players} players has 4 bases of each of {players + 2} colours; "
                            f"found {found}",
                            f"{players}人の終わった卓には{players + 2}色のベースが4枚ずつあります。"
                            f"この卓は{found_ja}です。")
    for colour in sorted(pieces):
        if colour not in bases:
            raise NotationError(f"{NAME_EN[colour]} pieces on the table, but no {NAME_EN[colour]} bases: "
                                "a colour not in play has no pieces in the game",
                                f"{NAME_JA[colour]}のベースがないのに{NAME_JA[colour]}のコマがあります。"
                                "使わない色のコマはゲームに入りません。")
    for colour, k in sorted(pieces.items(), key=lambda x: COLOURS.index(x[0])):
        if k % 2:
            raise NotationError(f"{k} {NAME_EN[colour]} piece{'s' if k > 1 else ''} on a finished table: every piece is placed "
                                "by the end and removals take two of a colour, so each colour leaves 6, 4, 2 or 0",
                                f"終わった卓に{NAME_JA[colour]}のコマが{k}個あります。最後にはコマを全部置き終え、"
                                "取り除くときは同じ色を2個ずつなので、各色のコマは6・4・2・0個のどれかです。")
    return piles


def random_game(players: int, seed: int, options: Mapping[str, Any] | None = None) -> KabaleoState:
    """A whole game, set-up to end, every move chosen by seeded random players: an end
    position reached by moves (its saved form replays it).

    >>> end = random_game(2, 674)
    >>> end.is_over(), len(check_end(end.to_text()))
    (True, 16)
    """
    start = KabaleoState.new(players, options, seed)
    return play_out(start, [RandomPlayer(seed * players + i) for i in range(players)])  # type: ignore[return-value]


def find_game(players: int, wanted: Callable[[KabaleoState], bool], seeds: Iterable[int] = range(5000),
              options: Mapping[str, Any] | None = None) -> KabaleoState:
    """The first :func:`random_game` whose end is ``wanted``, trying ``seeds`` in order.

    >>> find_game(2, lambda s: s.decided_by() is None).seed
    225
    """
    for seed in seeds:
        end = random_game(players, seed, options)
        if wanted(end):
            return end
    raise NotationError("no seed in the range gives such an end", "指定した範囲のシードには、そのような終わり方がありません。")
