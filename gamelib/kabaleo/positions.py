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
from typing import Any

from ..core import NotationError
from ..players import RandomPlayer, play_out
from ..positions import register
from .game import KabaleoState
from .pile import COLOURS, NAME_EN, Pile, check_colour

BASES_PER_COLOUR = 4
PIECES_PER_COLOUR = 6


def _pile(word: str) -> Pile:
    for ch in word:
        check_colour(ch)
    if len(word) >= 2 and word[0] == word[1]:
        colour = NAME_EN[word[0]]
        raise NotationError(f"pile {word!r}: a {colour} piece cannot lie on a bare {colour} base "
                            "(the rules never put it there)")
    return Pile.from_text(word)


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
    words = text.split() if isinstance(text, str) else list(text)
    if not words:
        raise NotationError("no piles: write piles in pile notation separated by spaces")
    piles = [_pile(w) for w in words]
    if len(piles) > 6 * BASES_PER_COLOUR:
        raise NotationError(f"{len(piles)} piles: the game has only {6 * BASES_PER_COLOUR} bases")
    bases, pieces = components(piles)
    for colour, n in sorted(bases.items()):
        if n > BASES_PER_COLOUR:
            raise NotationError(f"{n} {NAME_EN[colour]} bases: the game has only {BASES_PER_COLOUR} of each colour")
    for colour, n in sorted(pieces.items()):
        if n > PIECES_PER_COLOUR:
            raise NotationError(f"{n} {NAME_EN[colour]} pieces: the game has only {PIECES_PER_COLOUR} of each colour")
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
                            "for 2, 3 or 4 players)")
    players = n // BASES_PER_COLOUR - 2
    bases, pieces = components(piles)
    if any(k != BASES_PER_COLOUR for k in bases.values()):
        found = ", ".join(f"{NAME_EN[c]} {k}" for c, k in sorted(bases.items(), key=lambda x: COLOURS.index(x[0])))
        raise NotationError(f"a finished table for {players} players has 4 bases of each of {players + 2} colours; "
                            f"found {found}")
    for colour in sorted(pieces):
        if colour not in bases:
            raise NotationError(f"{NAME_EN[colour]} pieces on the table, but no {NAME_EN[colour]} bases: "
                                "a colour not in play has no pieces in the game")
    for colour, k in sorted(pieces.items(), key=lambda x: COLOURS.index(x[0])):
        if k % 2:
            raise NotationError(f"{k} {NAME_EN[colour]} piece{'s' if k > 1 else ''} on a finished table: every piece is placed "
                                "by the end and removals take two of a colour, so each colour leaves 6, 4, 2 or 0")
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
    raise NotationError("no seed in the range gives such an end")
