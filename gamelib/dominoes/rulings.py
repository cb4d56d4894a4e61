"""Every ruling of the four domino games, each in one named place, with the reason for it."""

from __future__ import annotations

def next_seat(player: int, players: int) -> int:
    """Ruling (all four games): the texts play counterclockwise; the seats are numbered
    counterclockwise, so the next player is always the next number, round again after the last.

    >>> next_seat(0, 3), next_seat(2, 3)
    (1, 0)
    """
    return (player + 1) % players


def dominup_deal(players: int) -> int:
    """Ruling (Dominup): the 36 tiles are shared out evenly: 18 / 12 / 9 each.

    >>> [dominup_deal(n) for n in (2, 3, 4)]
    [18, 12, 9]
    """
    return 36 // players


def dominup_opening_is_a_turn() -> bool:
    """Ruling (Dominup): putting the double 7 in the centre is its holder's turn; the next
    player in order plays next (the text says play starts "from the second player")."""
    return True


def tree_hand_sizes(players: int) -> list[int]:
    """The Tree: 9 tiles each; with 4 players the last player gets only 8 (36 - the root = 35).

    >>> tree_hand_sizes(4), tree_hand_sizes(2)
    ([9, 9, 9, 8], [9, 9])
    """
    sizes = [9] * players
    if players == 4:
        sizes[-1] = 8
    return sizes


def tree_extra_turns(on_two_tiles: bool, insertion: bool) -> int:
    """Ruling (The Tree): a placement that rests on two tiles, or that is inserted under a
    tile, earns one extra turn; one that does both still earns one (the text grants "an
    extra turn" for each case but never says they add up)."""
    return 1 if (on_two_tiles or insertion) else 0


def out_of_tiles_ends_the_turn() -> bool:
    """Ruling (The Tree, Dominup): a player whose hand is empty has finished at once, even
    with an extra turn or a climb still "owed"; the text checks the hand at the end of the
    player's turn, and a turn with nothing left to play is over."""
    return True
