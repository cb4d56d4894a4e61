"""Every ruling of the four domino games, each in one named place, with the reason for it."""

from __future__ import annotations

from collections.abc import Sequence


def next_seat(player: int, players: int) -> int:
    """Ruling (all four games): the texts play counterclockwise; the seats are numbered
    counterclockwise, so the next player is always the next number, round again after the last.

    >>> next_seat(0, 3), next_seat(2, 3)
    (1, 0)
    """
    return (player + 1) % players


def hand_shown(owner: int, viewer: int | None, over: bool) -> bool:
    """Ruling (all four games): the tiles are dealt face down 「ドミノのように」, so a hand is
    seen only by its owner; how many tiles each player holds is public (they stand in front of
    them), and every hand is shown once the game is over.  (With two players in Dominup every
    tile is dealt, so each can still work out the other's hand.)

    >>> hand_shown(0, 0, False), hand_shown(0, 1, False), hand_shown(0, None, True)
    (True, False, True)
    """
    return owner == viewer or over


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


def dominup_never_passes() -> bool:
    """Ruling (Dominup): the table has no edge, so an expansion always finds room beside the
    tiles on the table, and a player who still holds a tile always has a move: the game knows no
    pass (the text names none, and no tile is ever drawn)."""
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
    extra turn" for each case but never says they add up).  Extra turns chain: a placement
    made in an extra turn earns another on the same terms (the text does not treat the
    extra turn differently).  An insertion under tiles above both halves must fit both of
    them (the text asks the symbols above to follow rule b, so no half above is exempt).

    >>> tree_extra_turns(True, True), tree_extra_turns(False, True), tree_extra_turns(False, False)
    (1, 1, 0)
    """
    return 1 if (on_two_tiles or insertion) else 0


def out_of_tiles_ends_the_turn() -> bool:
    """Ruling (The Tree, Dominup): a player whose hand is empty has finished at once, even
    with an extra turn or a climb still "owed"; the text checks the hand at the end of the
    player's turn, and a turn with nothing left to play is over."""
    return True


def tree_stalled(passes: int, holding: int) -> bool:
    """Ruling (The Tree): with the supply empty, the game ends with no winner once every player
    still holding tiles has passed in a row.  The text gives no rule for one player; alone, the
    same rule means the first pass with the supply empty ends the game: the solo game fails,
    and it succeeds only when the whole hand and every tile drawn go into the tree.

    >>> tree_stalled(1, 1), tree_stalled(1, 2), tree_stalled(2, 2)
    (True, False, True)
    """
    return passes >= holding


def next_holder(player: int, hands: Sequence[Sequence[object]]) -> int:
    """Ruling (Dominup, The Tree, when the others play on): a player who is out of tiles has
    finished and is skipped; the next player in seat order who still holds tiles moves.
    Without playing on nobody is ever skipped (the game ends with the first player out).

    >>> next_holder(0, [["a"], [], ["b"]]), next_holder(2, [["a"], [], ["b"]])
    (2, 0)
    """
    p = next_seat(player, len(hands))
    while not hands[p] and p != player:
        p = next_seat(p, len(hands))
    return p


def play_on_is_over(holding: int) -> bool:
    """Ruling (Dominup, The Tree, playing on for places 2–4): the game goes on while two or
    more players still hold tiles; the last one holding tiles takes the last place.

    >>> play_on_is_over(2), play_on_is_over(1), play_on_is_over(0)
    (False, True, True)
    """
    return holding <= 1


def finishing_places(finished: Sequence[int], players: int, misere: bool = False) -> list[list[int]]:
    """Ruling (Dominup, The Tree): the places, best first, each a list of players (several
    share a place).  Players take places in the order they ran out of tiles; whoever still
    holds tiles when the game ends shares the next place (the text gives no measure to part
    them).  In misère the order turns round: the first player out is last, and without
    playing on everyone else shares the win.  Nobody out (The Tree, everyone stuck): no places.

    >>> finishing_places([2], 3), finishing_places([2, 0], 3), finishing_places([2], 3, misere=True)
    ([[2], [0, 1]], [[2], [0], [1]], [[0, 1], [2]])
    >>> finishing_places([2, 0], 3, misere=True), finishing_places([], 2)
    ([[1], [0], [2]], [])
    """
    if not finished:
        return []
    rest = [p for p in range(players) if p not in finished]
    groups = [[p] for p in finished] + ([rest] if rest else [])
    return groups[::-1] if misere else groups


def tree_start_player(players: int) -> int:
    """Ruling (The Tree): the text names a "start player" but not how to choose one; the
    first seat (the player dealt to first) starts, and play goes on counterclockwise.

    >>> tree_start_player(3)
    0
    """
    return 0


def dominomega_symbols(players: int) -> tuple[int, ...]:
    """Ruling (Dominomega): the text does not say who takes which symbol; the seats take the
    dot, the small circle and the large circle in order (the dot moves first, as the text's
    turn order says).  With two players the small circle is left out (the text's variant),
    so the seats take the dot and the large circle.

    >>> dominomega_symbols(3), dominomega_symbols(2)
    ((1, 2, 4), (1, 4))
    """
    return (1, 2, 4) if players == 3 else (1, 4)


#: Ruling (Dominomega): how equal highest scores end the game (the option ``ties``).  The text
#: names no tie-break.  ``"shared"`` (the default): the tied players share the win, as nothing in
#: the text picks one of them.  ``"last"``: Dominomega is OMEGA's scoring on this set, and OMEGA
#: gives a tie to the last of the tied players in turn order (with two or three players here, also
#: the one who put down the last tile of the tied players); the option plays OMEGA's rule.
DOMINOMEGA_TIES = ("shared", "last")


def dominomega_winners(scores: Sequence[int], ties: str = "shared") -> list[int]:
    """The winners of a finished Dominomega game (players in turn order): the highest score;
    equal highest scores share the win, or with ``ties="last"`` the last of them in turn order
    wins alone (:data:`DOMINOMEGA_TIES`).

    >>> dominomega_winners([6, 8, 8]), dominomega_winners([8, 6, 8], "last"), dominomega_winners([9, 8], "last")
    ([1, 2], [2], [0])
    """
    top = max(scores)
    best = [p for p, x in enumerate(scores) if x == top]
    return best[-1:] if ties == "last" else best


def dominimum_first_player(players: int) -> int:
    """Ruling (Dominimum): the text names a "first player" (1番手) but not how to choose one;
    the first seat (the player who drew first) opens, and play goes on counterclockwise.  The
    opening placement is an ordinary turn: like every later turn it is followed by drawing a
    new playing tile while the supply lasts (the text says so only for the later turns, but
    otherwise the opener would hold no tile for the next round).

    >>> dominimum_first_player(3)
    0
    """
    return 0


def dominimum_shuffle_once_missions_are_drawn() -> bool:
    """Ruling (Dominimum): the text says to shuffle the supply again (「その後は…再度シャッフル」)
    right after the sentence on drawing again for a double, without saying whether after each
    double or once.  The supply is shuffled once, when every player holds a mission; a double
    goes back face down under the supply, unseen, and the same player draws again.  Either way
    the playing tiles come from a well-shuffled supply; one shuffle is the simpler table habit.

    >>> dominimum_shuffle_once_missions_are_drawn()
    True
    """
    return True
