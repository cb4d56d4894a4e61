"""Every さいころニュータウン ruling, each in one named place, with the reason for it.

The source text (the designer's rules article) is silent or unclear on the points below.
The engine calls these functions and constants and nothing else decides the same question;
the chapter states each one beside its rule in a 裁定 box.  :data:`SUMMARY` lists them all,
one line each.  Component values that were never published (land types, base points, tenant
cards…) are not rulings but assumptions: they live in ``data/components.json``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import NotationError, excerpt

KING = 0  # the King's land inside the engine (board.KING)

#: How the land cards are dealt (the text offers both).
DEALS = ("random", "draft")
#: Ruling 2: which turn-position materials 2 and 3 players receive.
TURN_MATERIALS = ("first", "last")
#: Ruling on the royal tenant cards' dice bonus.
ROYAL_BONUSES = ("add", "replace")
#: Ruling on the stones that reach a card further back (:func:`stones_to_reach`).
BACK_ROWS = ("stacked", "second")


# -- set-up ---------------------------------------------------------------------------------
def draft_first_player(players: int, rng: Any) -> int:
    """Who starts the land-card draft.

    The draft is dealt before anyone holds a land, so the order markers (by land number) do
    not exist yet and the text names only "the first player".  We draw the first player at
    random from the seed; the draft then goes round in seat order (player 1, 2, … after the
    first) and back in the reverse order.  The face-up row is refilled from the deck after
    every take, in the second pass too (the text says so for the first only): without it the
    row could run short of the cards the last players need to reach four.
    """
    return int(rng.randrange(players))


def draft_queue(first: int, players: int) -> tuple[int, ...]:
    """The draft's turns: every player once in seat order from ``first`` (take 1 to 3), then
    once in the reverse order (take up to 4), as the text's steps 2 and 3 say.

    >>> draft_queue(2, 4)
    (2, 3, 0, 1, 1, 0, 3, 2)
    """
    there = tuple((first + i) % players for i in range(players))
    return there + tuple(reversed(there))


#: How many may play: 2 to 4.  The text gives rules for four players and for three or fewer
#: (the turn-position materials, the land cards left over) and never names the fewest; its
#: rules for three or fewer hold for two as they stand, and 8 land cards and 16 land tiles make
#: a map for two.  With one player there would be nobody to give materials to or to help, and no
#: contest for the tenants, so one is not offered.
PLAYER_COUNTS = (2, 3, 4)


def lands_needed(players: int) -> int:
    """A given map needs at least 4 land tiles per player (each holds 4 land cards); the text
    allows fewer tiles than 16 and removes the cards of the missing lands."""
    return 4 * players


def king_order_number(arrival: int) -> int:
    """Ruling 11: a craftsman on the King's land counts as land 19 or more; of several there,
    the later arrival counts higher: the first to arrive 19, the next 20, …

    >>> king_order_number(0), king_order_number(2)
    (19, 21)
    """
    return 19 + arrival


# -- phase 1 ----------------------------------------------------------------------------------
def turn_material(position: int, players: int, table: Sequence[int], rule: str) -> int:
    """Ruling 2: the size of the piece the player in ``position`` (0-based) receives.

    The text gives "(1・2・3・4)" by turn position: the first player a piece of 1, the fourth
    a piece of 4.  With 2 or 3 players (and in the extension round, with fewer craftsmen) the
    text is silent.  ``"first"`` (default): positions take the first sizes of the table
    (1, 2 / 1, 2, 3), as the order markers fill the first spaces of the track.  ``"last"``:
    the last player always receives the largest (3, 4 / 2, 3, 4), keeping the gap between
    the last player and the others as with four.

    >>> [turn_material(p, 3, (1, 2, 3, 4), "first") for p in range(3)]
    [1, 2, 3]
    >>> [turn_material(p, 2, (1, 2, 3, 4), "last") for p in range(2)]
    [3, 4]
    """
    return table[position] if rule == "first" else table[len(table) - players + position]


def houses_for_supply(houses_owned: int) -> int:
    """"By the number of houses built": we count the houses the player owns now (a house
    taken over by another player no longer counts, one taken over counts), since the supply
    pays for keeping a household of houses."""
    return houses_owned


def tree_land(total: int, lands_without_tree: Sequence[int]) -> int:
    """Where the tree goes: the land whose number is the dice total, or, when there is no
    such land or it already has a tree, the land without a tree whose number is nearest.

    Ruling: when two lands are equally near we take the smaller number (the text's other
    ties, turn order, favour smaller numbers).  The King's land always has its tree.

    >>> tree_land(10, [3, 9, 11, 12]), tree_land(7, [3, 9, 11, 12]), tree_land(10, [9, 11])
    (9, 9, 9)
    >>> tree_land(24, [16, 17]), tree_land(12, [12])
    (17, 12)
    >>> tree_land(25, [3])
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: the tree total is the sum of 2 to 4 dice (2 to 24), not 25
    """
    if isinstance(total, bool) or not isinstance(total, int) or not 2 <= total <= 24:
        raise NotationError(f"the tree total is the sum of 2 to 4 dice (2 to 24), not {excerpt(total)}",
                            "樹の合計はさいころ2〜4個の目の合計(2〜24)です。")
    if isinstance(lands_without_tree, (str, bytes)) or not isinstance(lands_without_tree, Sequence):
        raise NotationError(f"the lands without a tree are a list of land numbers, not {excerpt(lands_without_tree)}",
                            "樹のない土地は土地の番号のリストで指定します。")
    lands = list(lands_without_tree[:17])
    if not 1 <= len(lands) <= 16 or not all(isinstance(x, int) and not isinstance(x, bool) and 3 <= x <= 18
                                            for x in lands) or len(set(lands)) != len(lands):
        raise NotationError(f"the lands without a tree are 1 to 16 different land numbers 3 to 18, "
                            f"not {excerpt(lands_without_tree)}",
                            "樹のない土地は、3〜18の異なる土地の番号(1〜16個)です。")
    return min(lands, key=lambda x: (abs(x - total), x))


# -- phase 2 ------------------------------------------------------------------------------------
def may_take_colour(taken: int, of_colour_per_player: int) -> bool:
    """Ruling 1: a player may take a die only of a colour they still lack (one red, one
    green, one black, three white), so that after six picks everyone holds exactly their six
    dice.  The pool holds exactly everyone's needs, so nobody is ever left without a die they
    may take."""
    return taken < of_colour_per_player


def red_one_stone(extension_round: bool) -> bool:
    """Taking a red 1 earns a stone in the dice draft.  In the extension round nobody takes a
    die from the pool (each rolls their own), so no stone is earned for a red 1 there: the
    stone rewards accepting the weakest red die the others left."""
    return not extension_round


# -- phases 3 to 6 ------------------------------------------------------------------------------
def move_cost(land: int) -> int:
    """Green pips to step onto ``land``: 2 for the King's land, 1 otherwise (leaving it costs
    the usual 1).  A craftsman always goes the cheapest way to the land named (ruling: the
    path is not part of the move; nothing is gained by paying more)."""
    return 2 if land == KING else 1


def material_on_arrival(stopped: bool) -> bool:
    """Ruling 7: a tree gives its materials on the land where the craftsman stops, not on
    lands passed through ("移動した土地" is where the move ends).  The King's land gives its
    materials once on arrival, its tree adding nothing more."""
    return stopped


def ability_phases() -> tuple[str, ...]:
    """The phases in which a land card's ability may be used: the text lists it as an action
    of 移動(1), やり繰り・仕入れ and 建築 only."""
    return ("move1", "manage", "build")


def ends_turn(kind: str, phase: str) -> bool:
    """Which action ends a player's part of a phase: the movement (or staying) in 移動(1),
    the compulsory materials in やり繰り・仕入れ (with the gift, if any, at once after it:
    the text lists the gift last), helping or ``end`` in 建築, the movement or pass in
    移動(2), keeping or rerolling the dice in the extension round.  Rerolls and abilities
    come before.  A build or an extension does not end it: a player builds and extends as often
    as black pips and materials allow, on the land of their craftsman (the text pays building
    with 「黒の目の数分」 and sets no other limit), two houses on one land in one turn too.

    >>> ends_turn("go", "move1"), ends_turn("reroll", "move1"), ends_turn("reroll", "roll")
    (True, False, True)
    """
    return (phase, kind) in {("move1", "go"), ("move1", "stay"), ("manage", "supply"), ("build", "help"),
                             ("build", "end"), ("move2", "go"), ("move2", "pass"), ("roll", "keep"),
                             ("roll", "reroll")}


def red_supply_uses_red() -> bool:
    """Taking the materials of the red pips left uses the red die up (it is 0 afterwards):
    the red pips are paid for materials, as they are paid for rerolls."""
    return True


MUD_PIECE = 1
"""泥土's ability, 「資材1を入手する、もしくはストックに返す」: 資材1 is one piece of size 1 (the
text names pieces by their size, as in 資材(4以上) for gifts), taken from the stock or returned
to it, as the owner chooses; a return needs such a piece in hand.  A return is worth making
before the building settlement: each piece left costs a point, and none left gains one."""

GIFTS_PER_TURN = 1
"""A player gives at most one material (of size 4 or more) per turn, right after taking the
compulsory materials: the text marks rerolls "as often as you like" and says nothing of the
kind for the gift."""


def gift_recipients(giver: int, participants: Sequence[int]) -> list[int]:
    """Who may receive a gift: another player taking part in the round.  In the extension
    round only those who extend play; a player who stopped can never use a piece any more, and
    a gift would only cost them the settlement's point for holding none (a free attack that
    still earned the giver a stone), so the gift goes to a craftsman still building.

    >>> gift_recipients(0, (0, 2)), gift_recipients(1, (0, 1, 2))
    ([2], [0, 2])
    """
    return [q for q in participants if q != giver]


def has_built_a_house(built: int) -> bool:
    """The King's land asks that the builder "has already built a house": a house the player
    built at some time counts, even if another player has since taken it over (the fifth-house
    bonus counts the same way, houses built).

    >>> has_built_a_house(1), has_built_a_house(0)
    (True, False)
    """
    return built >= 1


def black_for_pieces(pieces: tuple[int, ...]) -> int:
    """家の建て方: the black pips a floor, an extension or a penthouse costs: one for each piece
    of material placed, whatever its size (a roof costs none).

    >>> black_for_pieces((1, 2, 3)), black_for_pieces((6,))
    (3, 1)
    """
    return len(pieces)


def helping(black_left: int, has_next: bool) -> bool:
    """Helping another craftsman (他の職人の手伝い): all the black pips left go to the next
    craftsman in turn order in this phase (added to their black die), the helper earns a
    stone, and the helper's turn ends.  All of them: giving one pip and keeping the rest would
    buy a stone for one pip.  The stone is earned by the giving, whether or not the receiver
    then builds with the pips.  There must be pips left and a next craftsman (the last
    in turn order cannot help)."""
    return black_left > 0 and has_next


# -- building -------------------------------------------------------------------------------------
def fills(pieces: Sequence[int], targets: Sequence[int]) -> bool:
    """Ruling 3 and 6: how material pieces make a house.

    A piece's size counts squares of a footprint (a 2×3 floor is 6 squares); shapes are not
    modelled.  A floor is filled by pieces whose sizes add up to its area; a piece never
    spans two floors; each piece placed costs one black pip whatever its size (the text:
    "大きさに関係なく").  ``targets`` are the squares each floor still needs (a new floor its
    whole area; a widened floor the squares it gains).  The exchange (1 piece → 2 / 2 → 1)
    splits a piece into two whose sizes add up to it, or joins two into one no larger than
    the largest piece (6).

    >>> fills([2, 4, 6], [6, 6]), fills([3, 3, 2, 4], [6, 6]), fills([5, 5, 2], [6, 6])
    (True, True, False)
    """
    if sum(pieces) != sum(targets) or len(pieces) < len([t for t in targets if t > 0]):
        return False
    return _fill(tuple(sorted(pieces, reverse=True)), tuple(sorted(targets)))


def _fill(pieces: tuple[int, ...], bins: tuple[int, ...]) -> bool:
    if not pieces:
        return all(b == 0 for b in bins)
    first, rest = pieces[0], pieces[1:]
    tried = set()
    for i, room in enumerate(bins):
        if room >= first and room not in tried:
            tried.add(room)
            left = bins[:i] + (room - first,) + bins[i + 1:]
            # a floor that still needs squares must still get a piece
            if _fill(rest, tuple(sorted(left))):
                return True
    return False


EXTENSION_CONDITIONS = True
"""The building conditions hold for an extension, a take-over and a penthouse as for a new
house: the text lists them where houses are built and does not say they hold for extending or
say what a penthouse needs; an extension is building too (the craftsman on the land, the white
dice pointing at it, materials paid for with black pips; a penthouse is a floor of 2×2 on a
3×3 house), and on a land shared with others condition 2 counts the house's standard after the
extension.  Read by :meth:`NewtownState._build_moves`."""

ATOMIC_BUILDING = True
"""Building condition 5 ("at least one floor completed and roofed a turn"): a build or an
extension is one move that places all its pieces and its roof, so no floor is ever left
half-made and every house stands roofed at the end of each move."""


KINGS_TREE_COUNTS = True
"""The tree the set-up puts on the King's land is a tree like the others: a house built there
earns the tree bonus (+1), as a craftsman arriving there earns the round's materials."""


def fifth_house(built_before: int) -> bool:
    """"5軒目の自分の家を建てた": the bonus goes with the fifth house the player builds new in
    the game (take-overs are extensions, not builds), once."""
    return built_before + 1 == 5


def second_house(houses_before: int) -> bool:
    """"同じ土地に2件目を建てた": the new house is the second house standing on its land, whoever
    owns the first (the text says second, so a third or fourth earns nothing)."""
    return houses_before == 1


def largest(new_base: int, other_bases: Sequence[int]) -> bool:
    """Ruling 9: "現時点で最大の家" is measured by base points (the measure the sheet prints)
    and must be strictly larger than every other house on the map, anyone's; equal is not
    largest.  It is checked for new houses and extensions alike (the extension's only bonus).

    >>> largest(4, [2, 3]), largest(4, [4]), largest(1, [])
    (True, False, True)
    """
    return all(new_base > b for b in other_bases)


def pattern_bonus(patterns: Sequence[Sequence[int]], land: int, land_had_house: bool,
                  houses_on: dict[int, int]) -> int:
    """Ruling 9: the line of 4 and 2×2 bonuses.

    A pattern (four land tiles in a straight line, or in a 2×2 square; the King's land never
    takes part) scores when a new house completes it: its land had no house and every other
    land of the pattern has at least one, anyone's.  The builder then earns +1 for every
    house standing on the pattern's four lands ("それぞれの家につき+1"), for each pattern
    completed.  A pattern scores once: a later house on it completes nothing.  Five lands in a
    line hold two patterns of four (the standard map's 9・3・12・16・18): a house completing both
    scores both, and the houses they share count twice.

    >>> pattern_bonus([(3, 4, 5, 6)], 6, False, {3: 1, 4: 2, 5: 1, 6: 1})
    5
    >>> pattern_bonus([(3, 4, 5, 6)], 6, True, {3: 1, 4: 2, 5: 1, 6: 2})
    0
    >>> pattern_bonus([(3, 9, 12, 16), (3, 12, 16, 18)], 12, False, {3: 1, 9: 1, 12: 1, 16: 1, 18: 1})
    8
    """
    if land_had_house:
        return 0
    total = 0
    for pattern in patterns:
        if land in pattern and all(houses_on.get(x, 0) > 0 for x in pattern):
            total += sum(houses_on[x] for x in pattern)
    return total


def may_take_over(on_kings_land: bool, has_penthouse: bool) -> bool:
    """Ruling 10: a take-over (《引き継ぎ》) extends another player's house, which then
    becomes the taker's; the former owner gets the roof back and a stone, loses the house
    (and with it a tenant later) but keeps the points it scored.  Not on the King's land (its houses are the King's
    grant to the first two builders) and not a house with a penthouse (it cannot be extended;
    only the owner builds one)."""
    return not on_kings_land and not has_penthouse


def roof_back_on_extension() -> bool:
    """Ruling 8: when a house is extended its roof comes off (増築の仕方 1) and returns to its
    owner's supply, ready for reuse; the extended house takes the roof of its new standard.
    So a player's houses are limited by the roofs of each standard they hold."""
    return True


def land_capacity(land: int) -> int | None:
    """At most 4 standard units on a land (建築条件 2).  The King's land is limited by its
    builders instead (two houses, one for each of the first two builders): ``None``.  The text
    admits two builders there; with the 4-unit cap a first 3×3 house (4 units) would shut the
    second builder out, and the King's land is the map's largest piece of ground (in our
    components, a block of four land squares)."""
    return None if land == KING else 4


KING_BUILDERS = 2
KING_STONES = (2, 1)


def kings_land_dice_ok(white: Sequence[int]) -> bool:
    """Whether three white dice allow a house on the King's land: a run (123, 234, 345, 456)
    or three of a kind (111 … 666), in any order.  Ruling: only these combinations; a die made
    0 or more than 6 by a land card never fits one (the text lists the combinations).

    >>> kings_land_dice_ok([5, 3, 4]), kings_land_dice_ok((2, 2, 2)), kings_land_dice_ok([1, 2, 4])
    (True, True, False)
    >>> kings_land_dice_ok([0, 1, 2])
    False
    >>> kings_land_dice_ok([1, 2])
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: three white dice are needed, not [1, 2]
    """
    if isinstance(white, (str, bytes)) or not isinstance(white, Sequence) or len(white) != 3:
        raise NotationError(f"three white dice are needed, not {excerpt(white)}", "白のさいころは3個です。")
    if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 9999 for v in white):
        raise NotationError(f"a white die shows 0 to 9999 (land cards make 0 or double), not {excerpt(white)}",
                            "白のさいころの目は0〜9999です(土地カードで0や2倍になります)。")
    a, b, c = sorted(white)
    if not 1 <= a <= c <= 6:
        return False
    return a == b == c or (b == a + 1 and c == b + 1)


def kings_land_extension() -> str:
    """Ruling 11: the first two players to build on the King's land get a house there each
    (先着2名: two builders, one house each).  The owner may extend it like any house, needing
    the dice condition (a run or three of a kind) but not again a house elsewhere or a stone."""
    return "dice only"


def has_land_card(land: int) -> bool:
    """Every land tile has its card; the King's land has none: building there neither scores
    +1 for a card nor moves one."""
    return land != KING


def land_card_point_on_extension() -> bool:
    """An extension scores no +1 for holding the land's card (the text lists it only for new
    houses); it still brings the card to the extender when another holds it."""
    return False


def card_without_house(houses_on_land: int) -> bool:
    """A land card "without a house" at the building settlement: no house stands on its land,
    anyone's."""
    return houses_on_land == 0


# -- extension round -------------------------------------------------------------------------------
def extension_stones(extends: Sequence[bool]) -> list[int]:
    """Stones each player gets for the extension choice (True = extends): each who stops gets
    one per player who extends; when all choose alike nobody gets any.

    >>> extension_stones([True, True, True, False]), extension_stones([True, False, True, False])
    ([0, 0, 0, 3], [0, 2, 0, 2])
    >>> extension_stones([False, False]), extension_stones([True, True, True])
    ([0, 0], [0, 0, 0])
    """
    if isinstance(extends, (str, bytes)) or not isinstance(extends, Sequence) or not 2 <= len(extends) <= 4:
        raise NotationError(f"the choices are one true or false per player (2 to 4), not {excerpt(extends)}",
                            "延長の選択は、プレイヤーごとに true か false(2〜4人分)です。")
    if not all(isinstance(x, bool) for x in extends):
        raise NotationError(f"each choice is true (extends) or false (stops), not {excerpt(extends)}",
                            "選択は true(延長する)か false(終了する)です。")
    n = sum(extends)
    if n in (0, len(extends)):
        return [0] * len(extends)
    return [0 if x else n for x in extends]


def secret_choice() -> str:
    """Ruling 4: the secret, simultaneous choice at one screen: each player commits in turn
    order; the choices stay hidden (``view``) until the last has chosen, then all are shown
    at once, as the opened hands."""
    return "commit in turn, reveal together"


def extension_round_blocks(playing: bool) -> bool:
    """In the extension round the craftsmen of players who stopped stay on the map and still
    block the lands they stand on (``playing``: whether that craftsman's player plays the
    round)."""
    return True


# -- settlements ----------------------------------------------------------------------------------
LAND_VALUES = {"芝生": 3, "石畳": 2, "煉瓦": 1, "泥土": 0}


def building_settlement(materials_left: int, land_cards: Sequence[tuple[str, bool]],
                        values: dict[str, int] | None = None) -> int:
    """The points of the building settlement for one player: −1 per material piece left (or
    +1 for none), −2 per land card without a house (returned), and each remaining card's
    land value (芝生 3, 石畳 2, 煉瓦 1, 泥土 0 unless ``values`` says otherwise).

    >>> building_settlement(0, [("芝生", True), ("泥土", False)])
    2
    >>> building_settlement(3, [("石畳", True), ("煉瓦", True)])
    0
    """
    if isinstance(materials_left, bool) or not isinstance(materials_left, int) or not 0 <= materials_left <= 10_000:
        raise NotationError(f"materials left are a count of pieces (0 or more), not {excerpt(materials_left)}",
                            "残った資材は個数(0以上の整数)で指定します。")
    if isinstance(land_cards, (str, bytes)) or not isinstance(land_cards, Sequence) or len(land_cards) > 16:
        raise NotationError(f"land cards are a list of (type, has a house) pairs, at most 16, not {excerpt(land_cards)}",
                            "土地カードは(種類, 家があるか)の組のリスト(16枚まで)で指定します。")
    table = values or LAND_VALUES
    total = 1 if materials_left == 0 else -materials_left
    for card in land_cards:
        if not (isinstance(card, (tuple, list)) and len(card) == 2 and isinstance(card[0], str)
                and card[0] in LAND_VALUES and isinstance(card[1], bool)):
            raise NotationError(f"a land card is (type 芝生/石畳/煉瓦/泥土, true or false), not {excerpt(card)}",
                                "土地カードは(芝生・石畳・煉瓦・泥土のどれか, 家があるか true/false)の組です。")
        total += table[card[0]] if card[1] else -2
    return total


def most_stones_bonus(stones: Sequence[int]) -> list[int]:
    """Ruling 13: +5 for the most stones goes to every player tied for the most, everybody when
    nobody holds a stone (all are tied for the most), as ドラゴンキーパー's treasure bonus; the
    ranking is the same either way.

    >>> most_stones_bonus([3, 5, 5, 1]), most_stones_bonus([0, 0])
    ([0, 5, 5, 0], [5, 5])
    """
    best = max(stones)
    return [5 if s == best else 0 for s in stones]


# -- tenant round ---------------------------------------------------------------------------------
def tenant_order_key(extended: bool, houses: int, stones: int, land_order_number: int) -> tuple[int, int, int, int]:
    """Ruling 5: the tenant round's order, as the text ranks it: players who did not extend
    first, then more houses, then more stones, then the smaller land number (the King's land
    counting 19 and up, by arrival).  Smaller keys go first.  「家を多く建てている」 counts the
    houses a player owns now, as :func:`houses_for_supply` does (a house taken over counts for
    its new owner only): only those can take tenants.

    >>> sorted([tenant_order_key(True, 3, 0, 5), tenant_order_key(False, 1, 0, 9)])[0]
    (0, -1, 0, 9)
    """
    return (1 if extended else 0, -houses, -stones, land_order_number)


def tenant_fits(people: int, wished: Sequence[str], royal: str, house_base: int, land_type: str | None) -> bool:
    """Ruling 12: a card fits a house when its people are no more than the house's base
    points, and the house stands on a land type it wishes; on the King's land
    (``land_type`` None) only the two royal cards fit, whatever their wished types.

    >>> tenant_fits(3, ["芝生"], "", 4, "芝生"), tenant_fits(3, ["芝生"], "", 2, "芝生")
    (True, False)
    >>> tenant_fits(2, ["芝生"], "", 6, None), tenant_fits(2, ["芝生"], "prince", 6, None)
    (False, True)
    """
    if people > house_base:
        return False
    if land_type is None:
        return bool(royal)
    return land_type in wished


def stones_to_reach(row: int, back_rows: str = "stacked") -> int | None:
    """後列の優先受け入れ: the stones a card of ``row`` costs (row 1 is the front row), or
    ``None`` when no stones reach it.  The text lets a stone on a card reach the card right
    behind it.  ``"stacked"`` (the book's ruling): one stone on each card in front of the card
    taken, so the second row costs 1 stone and the fourth 3; ``"second"`` (the text read
    narrowly): only the second row, for 1 stone.

    >>> [stones_to_reach(r) for r in (1, 2, 4)], [stones_to_reach(r, "second") for r in (1, 2, 3)]
    ([0, 1, 3], [0, 1, None])
    """
    if back_rows == "second" and row > 2:
        return None
    return row - 1


def may_pass(front_row_fits: bool) -> bool:
    """A player may pass only when no card of the front row fits one of their empty houses
    (the text: pass when no card meets the conditions).  A card further back that fits may
    be reached with stones, but nobody must pay them."""
    return not front_row_fits


def front_row_turns(passes: int, players_in: int) -> bool:
    """「全員が続けてパスした場合」, the front row goes to the top: "everybody" is everybody still in
    the tenant round (a player who has left takes no turn there), and the passes are counted
    since the last card was taken, so the row turns once each of them has passed in a row."""
    return passes >= players_in


MAX_UNFIT_TAKES = 1
"""Taking a card none of one's houses accepts (−2, the card back to the top of its column):
the text treats it as the outcome of a mistaken pick.  The engine checks every condition, so
it offers it as a deliberate move, to bring the cards behind forward, only when none of the
player's empty houses accepts that card, and at most once per player, so the round always
ends."""


STONES_LEFT_ON_CARDS = 0
"""Stones still lying on tenant cards when the tenant round ends belong to nobody: the text
gives them only to whoever takes the card."""


def leaves_tenant_round(empty_houses: int, any_card_fits: bool) -> bool:
    """A player leaves the tenant round (終了宣言) as soon as all their houses have tenants
    or no card on the table fits any of their empty houses; the engine declares it for them."""
    return empty_houses == 0 or not any_card_fits


def royal_points(card_points: int, royal: str, die: int, rule: str) -> int:
    """The royal cards on the King's land: 王子と花嫁夫妻 die × 2, 花嫁の両親 die + 2.
    ``"add"`` (default): the bonus comes on top of the card's points (the text calls it a
    bonus and says that elsewhere only the usual points are earned); ``"replace"``: the dice
    points are the tenant points ("入居ポイントとして得ます").

    >>> royal_points(3, "prince", 5, "add"), royal_points(3, "prince", 5, "replace")
    (13, 10)
    >>> royal_points(2, "parents", 1, "add")
    5
    """
    bonus = die * 2 if royal == "prince" else die + 2
    return card_points + bonus if rule == "add" else bonus


def forced_moves_played() -> bool:
    """When a player has exactly one legal move (the last die left, a pass with no green
    pip, the end of a building turn with nothing to do), the engine plays it: it is no
    decision, and it is not recorded as a move.  Likewise when the dice left in the draft can
    end up only one way (each colour lacked by one player only, or showing the same pips),
    the engine hands them out: the order of the last picks would change nothing."""
    return True


def shared_win() -> bool:
    """Players equal on the most points share the win (the text: 勝利を分かち合い)."""
    return True


#: One line for each ruling: name → (Japanese, English).  The chapter's 裁定 boxes follow these.
SUMMARY: dict[str, tuple[str, str]] = {
    "may_take_colour": ("さいころは、まだ持っていない色だけを取れる(全員が赤・緑・黒・白3個になる)。",
                        "a die may be taken only of a colour still lacking"),
    "turn_material": ("2・3人(と延長ラウンド)の手番順の資材は1・2(・3)番目の大きさ(オプションで大きいほうから)。",
                      "turn-position materials with fewer than 4: the first sizes (option: the last)"),
    "fills": ("資材の大きさはマス数。1フロアは合計が面積になる資材で埋まり、資材は2フロアにまたがらない。1個ごとに黒1。資材の交換は黒1で、1個を合計の同じ2個に分けるか、2個を1個(大きさ6まで)にまとめる。",
              "pieces count squares; a floor is filled by pieces summing to its area; one black pip per piece"),
    "secret_choice": ("延長の選択は手番順に伏せて決め、全員が決めたら一斉に公開する。",
                      "the extension choice is committed in turn, hidden, then revealed together"),
    "tenant_order_key": ("入居ラウンドの順番: 延長しなかった人 > 今持っている家が多い > 石が多い > 土地の数字が小さい。",
                         "tenant order: did not extend, more houses, more stones, smaller land number"),
    "material_on_arrival": ("樹の資材は止まった土地で得る(通過では得ない)。", "tree materials where the craftsman stops"),
    "roof_back_on_extension": ("屋根は規格ごとに2個ずつ。増築で外した屋根は手元に戻り、再利用できる。",
                               "two roofs of each standard; a roof taken off by an extension is reused"),
    "largest": ("最大の家は基礎点で比べ、他のどの家よりも大きいときだけ(同点は不可)。",
                "largest by base points, strictly larger than every other house"),
    "pattern_bonus": ("一列4つ・2×2の土地は、新しい家でそろえたとき、その4つの土地の家1軒につき+1(誰の家でも)。",
                      "a line/block completed by a new house: +1 per house on its four lands"),
    "gift_recipients": ("延長ラウンドでは、資材を譲れる相手も延長した(まだ建てる)職人だけ。",
                        "in the extension round a gift goes only to a player who extends"),
    "has_built_a_house": ("王様の土地の「すでに家を建てている」は、これまでに建てたことがあれば満たす(引き継がれても)。",
                          "'has built a house' counts houses ever built, even if taken over since"),
    "may_take_over": ("引き継ぎは他人の家を増築して自分の家にする。王様の土地とペントハウスのある家は不可。元の持ち主は屋根が戻り石1個。",
                      "take-over: not on the King's land nor with a penthouse; former owner gets the roof and a stone"),
    "king_order_number": ("王様の土地の職人は19から、後から入った順に大きい数字とみなす。",
                          "the King's land counts 19 and up by arrival"),
    "kings_land_extension": ("王様の土地の家は先着2名が1軒ずつ。増築は持ち主のみ、さいころの条件だけでよい。",
                             "King's land: first two builders, one house each; extension needs the dice only"),
    "most_stones_bonus": ("褒美の石の最多+5は同数の全員に(誰も持っていなければ、0個で並ぶ全員に)。",
                          "most stones +5 to everyone tied (everyone when nobody has a stone)"),
    "draft_first_player": ("ドラフトの最初のプレイヤーはランダム。席順に回り、逆順で戻る。",
                           "the draft's first player is random; seat order, then reversed"),
    "tree_land": ("樹: 同じ近さの土地がふたつあれば小さい数字の土地。", "tree ties: the smaller number"),
    "houses_for_supply": ("家の数による資材は、今持っている家の数で決まる。", "house materials by houses owned now"),
    "red_one_stone": ("延長ラウンドでは赤の1の石はない(さいころを取らないため)。", "no red-1 stone in the extension round"),
    "move_cost": ("移動は最も安い道で。王様の土地に入ると2、それ以外は1。", "cheapest path; the King's land costs 2 to enter"),
    "ability_phases": ("土地カードの特殊能力は移動(1)・やり繰り・建築フェイズで使える。", "abilities in phases 3, 4 and 5"),
    "ends_turn": ("移動・資材の獲得・手伝いまたは終了・移動かパスで、そのフェイズの自分の番が終わる。建築・増築では終わらないので、黒の目と資材が続くかぎり同じ番に何度でも建てられる。",
                  "which action ends a player's part of each phase"),
    "red_supply_uses_red": ("残った赤の目で資材を得ると、赤の目は0になる。", "red is used up by the materials"),
    "MUD_PIECE": ("泥土の能力の「資材1」は大きさ1の資材1個。ストックからもらうか、手元の1個を返す(返すのは持っているときだけ)。",
                  "泥土's 資材1: one piece of size 1, taken or returned"),
    "GIFTS_PER_TURN": ("資材を譲るのは1手番に1回、資材を得た直後。", "one gift per turn, right after the materials"),
    "helping": ("手伝いは残りの黒の目をすべて次の職人に渡し、石1個を得て番を終える。",
                "helping gives all black pips left to the next craftsman"),
    "EXTENSION_CONDITIONS": ("建築条件は増築(引き継ぎ・ペントハウスも)にも当てはまる。条件2は増築のあとの規格で数える。",
                             "the building conditions hold for extending and taking over too"),
    "ATOMIC_BUILDING": ("建築・増築は1手で資材と屋根をすべて置く(半端なフロアは残らない)。",
                        "a build is one move: whole floors, roofed"),
    "fifth_house": ("5軒目のボーナスは、自分で新築した5軒目の家に1回だけ。", "fifth house: the fifth new house built"),
    "second_house": ("2件目のボーナスは、その土地の2軒目の家(誰の家でも)。", "second house on the land, anyone's"),
    "land_capacity": ("王様の土地は規格の上限ではなく、建てられる人数(2人)で制限される。",
                      "the King's land is limited by its two builders"),
    "kings_land_dice_ok": ("王様の土地のさいころの条件は本文の組み合わせだけ(0や7以上の目は不可)。",
                           "King's land dice: only the listed runs and triples"),
    "has_land_card": ("王様の土地には土地カードがない。", "the King's land has no card"),
    "land_card_point_on_extension": ("増築では土地カードの+1はない(カードの移動はある)。",
                                     "no card point for an extension"),
    "card_without_house": ("家の建っていない土地カードとは、誰の家も建っていない土地のカード。",
                           "a card without a house: no house on its land, anyone's"),
    "extension_round_blocks": ("延長ラウンドでも、終了した人の職人は土地をふさぐ。",
                               "stopped players' craftsmen still block lands"),
    "stones_to_reach": ("後列のカードを取るには、前にあるカード1枚ごとに石を1個置く(オプションで、石で取れるのは前から2枚目まで)。",
                        "one stone on each card in front of the card taken (option: stones reach the second row only)"),
    "may_pass": ("パスできるのは、最前列に自分の空き家に入るカードがないときだけ。",
                 "pass only when no front-row card fits"),
    "front_row_turns": ("最前列を一番上へ移すのは、まだ抜けていない人全員が、最後にカードが取られてから続けてパスしたとき。",
                        "the front row turns once everybody still in has passed since the last take"),
    "MAX_UNFIT_TAKES": ("入れられないカードを取る(−2、列の一番上へ)のは、入る家がないときに1人1回まで。",
                        "an unfit take at most once per player"),
    "leaves_tenant_round": ("家がすべて埋まるか、入るカードが場になくなった人は自動で抜ける。",
                            "a player leaves when full or when no card fits"),
    "royal_points": ("王子と花嫁夫妻・花嫁の両親のボーナスは通常の点に加える(オプションで置き換え)。",
                     "royal dice bonus added to the card's points (option: replaces them)"),
    "KINGS_TREE_COUNTS": ("王様の土地の樹も樹として数える(家を建てると+1)。", "the King's land's tree counts for the bonus"),
    "STONES_LEFT_ON_CARDS": ("入居ラウンドの終わりにカードの上に残った石は誰のものにもならない。",
                             "stones left on cards at the end are nobody's"),
    "forced_moves_played": ("選択肢がひとつしかない手は自動で行う(記録されない)。", "a forced move is played by the engine"),
    "shared_win": ("同点の勝者は勝利を分かち合う。", "ties share the win"),
    "draft_queue": ("ドラフトは席順に1〜3枚、逆順で4枚になるまで。", "draft: seat order, then reversed"),
    "red_pieces": ("赤の目が6を超えたとき(+1の能力で7)は、大きい資材から分ける(7なら6と1)。",
                   "red pips beyond 6 become pieces, largest first (7: a 6 and a 1)"),
    "kings_stone_kept": ("王様の土地に建てる条件の褒美の石は、持っていればよく、払わない。",
                         "the King's land needs a stone held, not paid"),
    "gift_from_any_piece": ("譲る資材は、手元の大きさ4以上のどれでもよい(その手番に得たものに限らない)。",
                            "a gift may be any piece of size 4 or more in hand"),
    "map_must_connect": ("並べ方の4つの目安のうち、地図を受け付けないのは飛び地だけ(職人が行けない土地になるため)。",
                         "of the layout guidelines only a detached land refuses a map"),
    "PLAYER_COUNTS": ("2〜4人で遊ぶ(元の記事は最少人数を書いていない。3人以下の決まりを2人にも使う)。", "2 to 4 players"),
    "lands_needed": ("地図を指定するときは、1人4枚分以上の土地タイルが必要。", "a given map needs 4 lands per player"),
}


def red_pieces(squares: int, largest: int) -> list[int]:
    """Red pips beyond the largest piece (a red 6 raised to 7 by a land card's +1) become
    several pieces, the largest first: a 7 gives a 6 and a 1.  The text gives materials of
    sizes 1 to 6 for the red pips; the pips are not lost, and the largest-first split keeps a
    gift of size 4 or more possible.

    >>> red_pieces(7, 6), red_pieces(5, 6)
    ([6, 1], [5])
    """
    out = []
    while squares > 0:
        out.append(min(squares, largest))
        squares -= out[-1]
    return out


def kings_stone_kept() -> bool:
    """Building on the King's land asks for a reward stone held, not paid: the text lists
    "holding one or more stones" among the conditions and says nothing of giving it up, so the
    stone stays with the builder (and counts at the final settlement).

    >>> kings_stone_kept()
    True
    """
    return True


def gift_from_any_piece() -> bool:
    """The gift may be any piece of size 4 or more in the giver's hand after the red
    materials, not only a piece just received: the text names the size, not where the piece
    came from.

    >>> gift_from_any_piece()
    True
    """
    return True


def map_must_connect() -> bool:
    """Of the text's four layout guidelines, only "no detached land" refuses a given map: a
    craftsman could never reach a detached land, so its card and its number would be dead.
    The other three (lands side by side in a row, a 2×2 block, lands around the King's land)
    shape a good map but leave every rule playable, so a map that breaks them is accepted and
    the book shows what it loses.

    >>> map_must_connect()
    True
    """
    return True


def ruling_names() -> list[str]:
    """Every named ruling of this module (the keys of :data:`SUMMARY`)."""
    return list(SUMMARY)
