"""Every Kabaleo ruling, each in one named place, with the reason for it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .pile import COLOURS, Pile

#: How secret colours count with 2 players (ruling 1).
TWO_PLAYER_SCORINGS = ("sum", "best")
DEALS = ("random", "even")


def colours_in_play(players: int) -> str:
    """Which colours are used: players + 2 of them.

    The text says how many colours (4 / 5 / 6) but not which.  We always take them in a
    fixed order — orange, pink, purple, green (the four the text names), then blue, then
    yellow — so a 2-player game uses exactly the text's four colours.  The secret colours are
    dealt from these only (the text does not say; a colour not in play would leave its holder
    no pile at all).

    >>> colours_in_play(2), colours_in_play(4)
    ('OKVG', 'OKVGBY')
    """
    return COLOURS[: players + 2]


def hand_size(players: int) -> int:
    """Pieces per player: 6 of each colour in play shared out evenly (12 / 10 / 9)."""
    return 6 * (players + 2) // players


def next_player(turn: int, players: int) -> int:
    """Ruling 5: after the start player, turns go round in seat order — player 1, 2, 3, …
    and back to player 1 (clockwise at a table).  The text says only 「順番に」.

    >>> next_player(0, 3), next_player(2, 3)
    (1, 0)
    """
    return (turn + 1) % players


def bare_base_refuses(base: str, colour: str) -> bool:
    """Ruling 6: a bare base refuses a piece of its own colour, and a base whose pieces have
    all been removed is a bare base again, like one never covered.

    The text says a bare base takes only a piece of another colour, and that a base is never
    removed; it does not say what a base left bare by removals takes.  Were a piece of the
    base's colour allowed there, it would be the same colour as the pile (the base's), so the
    rule for a piece of the pile's colour would remove it together with the base, which the
    text rules out.  A pile is written base first, so an emptied base and an untouched one
    are the same pile.

    >>> bare_base_refuses("K", "K"), bare_base_refuses("K", "O")
    (True, False)
    """
    return colour == base


def previous_pile(last_pile: int | None) -> int | None:
    """Ruling 2: "the pile played on just before" is the pile of the immediately
    preceding move, whoever made it (it is the only move everyone has just seen).  Before
    the first move no pile is forbidden."""
    return last_pile


def player_count_key(piles: Sequence[Pile], colours: Iterable[str], scoring: str) -> tuple[int, int, int]:
    """Rulings 1 and 3: a player's ranking key (piles, piece-topped piles, tallest pile).

    * Tie-break 1 counts every pile of the colour, a bare base counting for its own colour.
    * Tie-break 2 counts only piles whose top is a *piece* of the colour (not a bare base).
    * Tie-break 3 is the height of the tallest pile of the colour, the base counting as one
      level.
    * With two secret colours (2 players) ``"sum"`` (default) adds the two colours' counts
      and takes the taller of their tallest piles: both colours are the player's, so both
      count.  ``"best"`` ranks the player by the better of the two colours alone (the
      text's final example speaks of one colour per player).
    * Keys compare in order (a tuple), so with three or more players only those level at
      the top of one comparison go on to the next: a lower comparison only splits the tie
      of the one above it.
    * Players still equal after the three tie-breaks share the win.

    >>> from gamelib.core import best_of
    >>> best_of([(5, 1, 2), (5, 2, 1), (4, 3, 6)])  # the third player's 3 and 6 never count
    [1]
    """
    keys = []
    for colour in colours:
        mine = [p for p in piles if p.colour == colour]
        keys.append((len(mine), sum(1 for p in mine if not p.bare), max((p.height for p in mine), default=0)))
    if scoring == "best":
        return max(keys)
    return (sum(k[0] for k in keys), sum(k[1] for k in keys), max(k[2] for k in keys))


def never_stuck(piles: int, bases_per_colour: int = 4) -> bool:
    """Ruling 4: a player always has a legal move, so the game needs no pass.

    A piece of colour X may go on any pile topped by a piece (covering it or removing it)
    and on any bare base of another colour.  Only the bare bases of colour X (at most 4)
    and the pile played just before (1) are closed to it, and there are 16 to 24 piles: at
    least 11 piles always accept it.  The engine therefore never offers a pass; the
    conformance test checks that a player to move always has a move.

    >>> never_stuck(16)
    True
    """
    return piles - bases_per_colour - 1 > 0


def decided_by(keys: Sequence[tuple[int, int, int]]) -> int | None:
    """Which comparison of the end count decided the win: 1 (piles), 2 (piece-topped piles) or
    3 (tallest pile); ``None`` when every player is still equal after all three and all share
    the win (ruling 3).  The winners are compared with the best of the other players.

    >>> decided_by([(9, 5, 3), (7, 5, 6)]), decided_by([(8, 6, 3), (8, 5, 4)])
    (1, 2)
    >>> decided_by([(8, 6, 3), (8, 6, 4)]), decided_by([(8, 6, 3), (8, 6, 3)])
    (3, None)
    """
    best = max(keys)
    others = [k for k in keys if k != best]
    if not others:
        return None
    runner_up = max(others)
    return next(i + 1 for i in range(3) if best[i] != runner_up[i])
