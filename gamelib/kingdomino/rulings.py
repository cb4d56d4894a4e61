"""Every Kingdomino ruling, each in one named place, with the reason for it.

The source text (a Japanese wiki page with two revisions) is silent or ambiguous on the
points below.  The book states each ruling beside its rule in a 裁定 admonition; the
engine calls these functions and nothing else decides the same question.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random

#: Options for the 3-player set-up (ruling 1).
THREE_PLAYER_RULES = ("current", "classic")
#: Options for the order of the kings on the first row with 2 players (ruling 2).
FIRST_CLAIM_ORDERS = ("alternate", "snake", "random")
#: Options for what "the castle in the centre" means (ruling 6).
MIDDLE_KINGDOM_RULES = ("span", "frame", "within")


def removed_and_row_size(players: int, three_player_rule: str, mighty_duel: bool) -> tuple[int, int]:
    """Ruling 1: how many dominoes go back to the box, and how many make a row.

    The newer revision of the text removes 24 / 12 / 0 dominoes for 2 / 3 / 4 players and
    lays rows of 4 / 3 / 4; that is the default (``"current"``).  The older revision, which
    some online tables still play, used all 48 with 3 players in rows of 4 and discarded the
    domino no king took (``"classic"``).  Mighty Duel uses all 48 in rows of 4.  The two
    revisions agree for 2 and 4 players.  The text gives only the counts; we take the removed
    dominoes at random from the face-down pile and nobody looks at them for the whole game
    (knowing which are missing would tell the rows to come): :meth:`KingdominoState.view`
    shows only how many there are.

    >>> removed_and_row_size(2, "current", False), removed_and_row_size(3, "current", False)
    ((24, 4), (12, 3))
    >>> removed_and_row_size(3, "classic", False), removed_and_row_size(2, "current", True)
    ((0, 4), (0, 4))
    """
    if mighty_duel:
        return 0, 4
    if players == 3:
        return (12, 3) if three_player_rule == "current" else (0, 4)
    return {2: (24, 4), 4: (0, 4)}[players]


def classic_three_player_discards_unclaimed(players: int, three_player_rule: str) -> bool:
    """Ruling 1, second half: with the classic 3-player rule the untaken domino of each
    row leaves the game when the row is used (it can never be placed, nor scored).  The
    older text names this only as a step of the round; the first row, laid out at set-up,
    is treated the same, since its leftover domino is just as unclaimed."""
    return players == 3 and three_player_rule == "classic"


def placing_only_round(dominoes_left_in_deck: int) -> bool:
    """Ruling 9: when the deck is empty, the next round draws no new row: each king's
    owner, in row order, only places the domino under the king (an extra round of placing).
    The text can also be read as placing the chosen domino at once, within the last round;
    kingdoms never touch one another, so both readings build the same kingdoms and scores.

    >>> placing_only_round(0), placing_only_round(4)
    (True, False)
    """
    return dominoes_left_in_deck == 0


def first_claim_order(kings: Sequence[tuple[int, int]], start: int, order: str,
                      rng: Random | Callable[[], Random]) -> list[int]:
    """Ruling 2: the order in which the kings go onto the first row.

    ``kings`` lists (king id, owner) in player order; ``start`` is the start player.
    The text says only "from the start player, in turn order".  With one king each that
    is the start player, then the next players clockwise.  With two kings each (2 players)
    we read "in turn order" as alternating, one king at a time: A, B, A, B
    (``"alternate"``, the default).  ``"snake"`` gives A, B, B, A, which some groups use to
    balance the first pick; ``"random"`` draws the kings one by one from a hand, as some
    groups do.  ``rng`` may be given as a function making the generator, called only for
    ``"random"``.
    """
    players = sorted({owner for _, owner in kings})
    seat = [players[(players.index(start) + i) % len(players)] for i in range(len(players))]
    by_owner = {p: [k for k, o in kings if o == p] for p in players}
    if order == "random":
        ids = [k for k, _ in kings]
        (rng if isinstance(rng, Random) else rng()).shuffle(ids)
        return ids
    out: list[int] = []
    rounds = max(len(v) for v in by_owner.values())
    for r in range(rounds):
        turn = seat if (order == "alternate" or r % 2 == 0) else list(reversed(seat))
        out.extend(by_owner[p][r] for p in turn)
    return out


def may_discard(has_legal_placement: bool) -> bool:
    """Ruling 3: a domino may be discarded only when it has no legal placement.

    The text says a domino that cannot be added must be discarded; it never offers a
    choice.  So a domino that fits somewhere must be placed, even if it spoils the
    kingdom.
    """
    return not has_legal_placement


def allowed_span(bbox: tuple[int, int, int, int], size: int) -> tuple[int, int, int, int]:
    """Ruling 4: the rows and columns a new square may use.

    The size × size limit (5×5, or 7×7 in Mighty Duel) counts the castle as one of its
    squares, and the castle may end up anywhere inside it, the edge included (the text says
    so for the edge).  Given the rows and columns the kingdom already spans
    (``rmin, rmax, cmin, cmax``, castle included), a new square must stay inside the
    returned range so that the whole kingdom still fits in one size × size square.

    >>> allowed_span((0, 0, 0, 0), 5)
    (-4, 4, -4, 4)
    >>> allowed_span((-1, 2, 0, 0), 5)
    (-2, 3, -4, 4)
    """
    rmin, rmax, cmin, cmax = bbox
    return rmax - (size - 1), rmin + (size - 1), cmax - (size - 1), cmin + (size - 1)


def harmony_bonus(discards: int) -> int:
    """Ruling 5: Harmony (調和) gives +5 to a player who discarded no domino.

    The text asks for a kingdom completed without a discard.  In every player count and
    variant each player receives exactly enough dominoes to fill the square, so a player
    who never discarded always has a full kingdom: the two readings ("no discard" and
    "full square") are the same, and the tests check that on random games.  Under the
    classic 3-player rule the domino nobody claimed leaves each row (``out_of_play``); it is
    nobody's discard and does not count here.
    """
    return 5 if discards == 0 else 0


def castle_centred(bbox: tuple[int, int, int, int], size: int, rule: str) -> bool:
    """Ruling 6: when is the castle "in the centre" for Middle Kingdom (中央王国)?

    ``"span"`` (default): the castle is the middle square of the rectangle the kingdom's
    squares span, as many squares above as below and as many left as right.  A full
    kingdom qualifies exactly when the castle is the centre of its square, and a kingdom
    with holes or discards is judged by what was built.  ``"frame"``: stricter, the
    kingdom must also reach the full size × size frame in both directions.  ``"within"``:
    looser, every square lies inside the size × size square centred on the castle, however
    little of it was built.  This is how a public Kingdomino server for computer players
    scores the bonus (github.com/mratin/kdom, a game server in a Docker container answering
    JSON over REST, as Gedda, Lagerkvist and Butler describe the one behind their published
    strength figures; it adds both bonuses to every score).  A full kingdom gets the same
    answer under all three readings.

    >>> castle_centred((-2, 2, -2, 2), 5, "span"), castle_centred((-1, 1, -2, 2), 5, "span")
    (True, True)
    >>> castle_centred((-1, 1, -2, 2), 5, "frame"), castle_centred((-2, 1, -2, 2), 5, "span")
    (False, False)
    >>> castle_centred((-2, 1, -2, 2), 5, "within"), castle_centred((-3, 1, -2, 2), 7, "within")
    (True, True)
    >>> castle_centred((-2, 1, -1, 3), 5, "within")
    False
    """
    rmin, rmax, cmin, cmax = bbox
    half = (size - 1) // 2
    if rule == "within":
        return -half <= rmin and rmax <= half and -half <= cmin and cmax <= half
    centred = -rmin == rmax and -cmin == cmax
    if rule == "frame":
        return centred and rmax == cmax == half
    return centred


def ranking_key(score: int, largest_property: int, crowns: int) -> tuple[int, int, int]:
    """Ruling 8: how players are ranked.

    Highest score; on equal scores the largest property counted in squares (crowns do not
    matter, as the text says); then the most crowns in the whole kingdom; players still
    equal share the win.  The score is the total with the Harmony and Middle Kingdom bonuses
    added: they are points the player earned.
    """
    return (score, largest_property, crowns)


def dynasty_ranking_key(totals: int, largest_properties: Sequence[int], crowns: Sequence[int]) -> tuple[int, int, int]:
    """Ruling 7: Dynasty (王朝) ranks by the total of the three games.

    The text is silent on equal totals.  We apply the single-game tie-breaks to the
    dynasty as a whole: the largest property built in any of the three kingdoms, then the
    crowns of all three kingdoms together; still equal, the win is shared.
    """
    return (totals, max(largest_properties, default=0), sum(crowns))
