"""The end of the game on one player's stacks (ゲーム終了と得点計算): the tribute to the dragon,
the releases and the tile score.

:func:`final_score` is the stable entry point: a player's tile score after the tribute and the
releases, the player choosing both so as to score best (the most-treasure bonus is not part of
it).  The text's two scoring examples (their pictures are missing from the source; the stacks
below are rebuilt from what the text says about them):

>>> final_score("R:1s,3,5 B:4,1 Y:3,4 G:2r,4,3,2 P:1,2,1,3", "B")  # example 1: 9 + 11 + 7 - 1
26
>>> final_score("R:2,4,1s B:3,5 Y:1,2r G:4,3,1,2 P:1,2,3,4,5", "P")  # example 2: red + blue + yellow
18
"""

from __future__ import annotations

from collections.abc import Sequence

from . import rulings
from .tiles import COLOURS, GUILD_COLOURS, VALUE, Stacks, check_colour, parse_stacks


def tribute_options(stacks: Stacks, guild: str) -> tuple[list[int], bool]:
    """The stacks (colour indices) that may be given to the dragon, and whether the guild
    colour is released (rulings 6 and 12, :func:`.rulings.tribute_candidates`)."""
    return rulings.tribute_candidates([len(s) for s in stacks], COLOURS.index(guild))


def apply_tribute(stacks: Stacks, given: int | None, guild_released: bool, guild: str) -> Stacks:
    """The stacks after the tribute: the given stack goes to the dragon, and the guild stack is
    released too when the guild rule applies."""
    g = COLOURS.index(guild)
    return tuple(() if i == given or (guild_released and i == g) else s for i, s in enumerate(stacks))


def usable_releases(stacks: Stacks, used: Sequence[str] = ()) -> list[str]:
    """Colours of the release tiles a player holds and has not used yet (one release per colour,
    the 2 of blue, yellow, green and purple).  Every release held acts, however it came
    (ruling 21, :func:`.rulings.held_releases_act`); one given to the dragon is no longer held."""
    return [c for c in GUILD_COLOURS if c not in used and f"{c}2r" in stacks[COLOURS.index(c)]]


def apply_release(stacks: Stacks, tile: str, release_colour: str, guild: str, discarded: bool) -> Stacks:
    """One use of a release: the topmost ``tile`` of the guild stack is discarded, and with
    ``discarded`` (ruling 11) the release tile used goes too (once, when it releases itself)."""
    out = [list(s) for s in stacks]
    guild_stack = out[COLOURS.index(guild)]
    del guild_stack[len(guild_stack) - 1 - guild_stack[::-1].index(tile)]
    release = f"{release_colour}2r"
    if discarded and tile != release:
        own = out[COLOURS.index(release_colour)]
        own.remove(release)
    return tuple(tuple(s) for s in out)


def tile_total(stacks: Stacks, guild: str) -> int:
    """The tile score: every tile counts its value, those of the guild colour against the player.

    >>> tile_total(parse_stacks("R:1s,3 B:4"), "B")
    0
    """
    g = COLOURS.index(guild)
    return sum(-VALUE[c] if i == g else VALUE[c] for i, s in enumerate(stacks) for c in s)


def settle_releases(stacks: Stacks, guild: str, discarded: bool,
                    used: Sequence[str] = ()) -> tuple[Stacks, list[tuple[str, str]]]:
    """The stacks after the best uses of the releases left (ruling 7), and those uses."""
    plan = rulings.best_releases(stacks[COLOURS.index(guild)], usable_releases(stacks, used), guild, discarded)
    for tile, colour in plan:
        stacks = apply_release(stacks, tile, colour, guild, discarded)
    return stacks, plan


def best_end(stacks: Stacks, guild: str, discarded: bool = False) -> tuple[int, int | None, bool]:
    """The best tile score a player can reach from ``stacks`` at the end, the stack given for it
    (a colour index, ``None`` when nothing is given) and whether the guild is released; ties
    between stacks to give are settled by :func:`.rulings.best_tribute_key`."""
    candidates, released = tribute_options(stacks, guild)
    best: tuple[tuple[int, int], int | None] | None = None
    for given in candidates or [None]:
        after, _ = settle_releases(apply_tribute(stacks, given, released, guild), guild, discarded)
        key = rulings.best_tribute_key(tile_total(after, guild), -1 if given is None else given)
        if best is None or key > best[0]:
            best = (key, given)
    assert best is not None
    return best[0][0], best[1], released


def final_score(stacks_text: str, guild: str) -> int:
    """A player's tile score after the tribute and the releases, both chosen for the best score
    (no treasure bonus).

    ``stacks_text``: the player's stacks as :func:`.tiles.parse_stacks` reads them (space-separated
    stacks, each a colour letter, a colon and its tiles from the bottom up, e.g.
    ``"R:1s,3,5 B:4,2r Y:3 P:2,2"``); ``guild``: ``B``, ``Y``, ``G`` or ``P``.  Malformed text,
    or text that no real set of tiles can make, raises :class:`.NotationError` (a
    ``ValueError``) saying what is wrong.  Release tiles stay and score when used (the text's
    reading, ruling 11).

    >>> final_score("R:1s,3,5 B:4,2r Y:3 P:2,2", "P")  # red given; the blue release frees a purple 2
    7
    >>> final_score("R:1s,3,5", "R")
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: 'R' is not a colour; use one of B Y G P
    """
    check_colour(guild, GUILD_COLOURS)
    return best_end(parse_stacks(stacks_text), guild)[0]
