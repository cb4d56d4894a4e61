"""Every Dragon Keeper ruling, each in one named place, with the reason for it.

The source text (a Japanese wiki page with two revisions) is silent or unclear on the points
below.  Rulings 1–13 answer the questions of the team's list in its order; 14 onwards are gaps
found while building the engine.  The book states each ruling beside its rule, most in a 裁定
admonition of their own, a few as a paragraph of a related box (16 and 17 in the eliminated
player's, 19 in the tied tribute's) or as a sentence of the rule itself (20, in the set-up); the
engine calls these functions and constants and nothing else decides the same
question.  Where the text and the online version (Board Game Arena) play a point differently,
an option of :class:`.DragonKeeperOptions` chooses; the default follows the text (for the
releases, its older revision, which says how the online version applies them).

Positions: a level is a 5 × 5 grid of cells numbered 0–24 row by row (row ``r``, column ``c``
is cell ``5r + c``); players are numbered from 0 in turn order (手番順, clockwise).

=====  ==========================================================  =========================================
No.    Question                                                    Where
=====  ==========================================================  =========================================
1      who receives the gift on a level's first turn               :func:`previous_player`
2      the level end and "the player who took the last tile"       :func:`counts_as_taking`, :func:`payment`
3      where the secret passage moves the dragon from              :func:`passage_start`
4      prisoner exchange: with whom, which tile                    :func:`exchange_targets`
5      does the remote trap move the dragon                        :func:`trap_moves_dragon`
6      who chooses the tribute among tied stacks (option)          :data:`TRIBUTE_CHOICES`, :func:`best_tribute_key`
7      releases chosen or automatic (option)                       :data:`RELEASE_MODES`, :func:`best_releases`
8      +2 for the most treasure when tied                          :func:`treasure_bonus`
9      an eliminated player (option for their stacks)              :func:`pay_treasure`, :func:`next_player`,
                                                                   :data:`ELIMINATED_STACKS`
10     the stair tile's value; the tile under the dragon           :func:`dragon_tile_in_reach`
11     is a used release tile discarded (option)                   :func:`best_releases`
12     the guild colour tied for the largest stack                 :func:`tribute_candidates`
13     what acts; the stairs follow their holder                   :func:`acts`, :func:`next_level_start`
14     when each action may be used                                :func:`special_moment`
15     chaining after a secret passage (option)                    :func:`passage_chains`
16     everybody short at the same level end (option)              :func:`pay_treasure`, :data:`EVERYONE_SHORT`
17     one player left                                             :func:`game_over_early`
18     an empty treasure stock                                     :func:`gift_treasure`
19     the order of the end decisions                              :func:`end_order`
20     which tiles go to which level                               :func:`deal_levels`
21     releases held however they came                             :func:`held_releases_act`
22     are the levels still to come public (option)                :data:`LOWER_LEVELS`, :func:`lower_levels_public`
23     does a stair tile left on the board count for the payment   :func:`payment`
24     which guild tile a release discards                         :func:`best_releases`
=====  ==========================================================  =========================================
"""

from __future__ import annotations

from collections.abc import Sequence

from .tiles import COLOURS, SPECIAL, VALUE

#: Who chooses the tribute among tied stacks (ruling 6): the player by a move (the text's
#: example 1), or the engine, for the player's best score (the online version decides by itself).
TRIBUTE_CHOICES = ("player", "best")
#: Release tiles at the end (ruling 7): applied for the best score (the older revision: this is
#: how the online version plays) or chosen by the player by moves (the newer revision: "can use").
RELEASE_MODES = ("auto", "player")
#: An eliminated player's stacks (ruling 9): out of the game with the player, or left on the
#: table as targets of prisoner exchange (the online version).
ELIMINATED_STACKS = ("out", "kept")
#: Everybody still in the game short at the same level end (ruling 16): everybody is eliminated,
#: as the text's words say, and the game ends with no winner (the book's default), or nobody is
#: eliminated and play goes on (a house rule the board offers).
EVERYONE_SHORT = ("out", "stay")


# -- 1, 9: who plays before and after whom ---------------------------------------------------
def previous_player(active: int, alive: Sequence[bool]) -> int:
    """Rulings 1 and 9: "the player who played just before" receives the gift of step 2.

    It is always the nearest player *before* the active one in turn order who is still in the
    game — also on the very first turn of a level, when that player has not played yet.  The
    text's own words assume a turn before; in every later round of the table that seat is the
    one that played just before, so reading it by seat keeps one rule for every turn (the
    online version does the same; with 2 players the gift always goes to the opponent).  An
    eliminated player is never "the player before": they no longer take turns.

    >>> previous_player(0, [True, True, True]), previous_player(0, [True, True, False])
    (2, 1)
    """
    n = len(alive)
    p = (active - 1) % n
    while not alive[p]:
        p = (p - 1) % n
    return p


#: Ruling 1's two readings on the first turn of the second and third levels: ``"seat"`` (the
#: book's: the seat before, as on every turn and as online) or ``"last"`` (the text's words
#: taken as they stand: the player who played the last turn of the level before).
FIRST_GIFTS = ("seat", "last")


def gift_receiver(active: int, alive: Sequence[bool], level_ender: int | None, mode: str = "seat") -> int:
    """Ruling 1 (the ``first_gift`` option): who receives the gift of step 2.  On a level's
    first turn after the first level, ``level_ender`` is the player whose turn ended the level
    before (else None).  With ``mode="last"`` that player receives it — the one who "played just
    before" in the text's own words — unless they were eliminated at that level's end or are the
    active player themselves (the level ended on the start player's own turn); then, as on every
    other turn, the seat before (:func:`previous_player`).

    >>> gift_receiver(0, [True] * 4, 2), gift_receiver(0, [True] * 4, 2, "last")
    (3, 2)
    >>> gift_receiver(0, [True] * 4, 0, "last"), gift_receiver(0, [True, True, False, True], 2, "last")
    (3, 3)
    """
    if mode == "last" and level_ender is not None and level_ender != active and alive[level_ender]:
        return level_ender
    return previous_player(active, alive)


def next_player(active: int, alive: Sequence[bool]) -> int:
    """Ruling 9: turns go on clockwise (in player order) and skip eliminated players.

    >>> next_player(1, [True, True, True, True]), next_player(1, [True, True, False, True])
    (2, 3)
    """
    n = len(alive)
    p = (active + 1) % n
    while not alive[p]:
        p = (p + 1) % n
    return p


# -- 2: the end of a level and the last taker --------------------------------------------------
def counts_as_taking(kind: str) -> bool:
    """Ruling 2: which moves make a player "the player who took the last tile" (最後のタイルを取った).

    The level ends as soon as a step cannot be done: with no tile in the dragon's row at
    step 1 it ends at once (nothing is taken); with no tile in its column at step 2 it ends
    after step 1, and the tile taken at step 1 stays with the player (no gift, no treasure).
    The player who took the last tile is the last one who *took* a tile from the level for
    themselves: by step 1 (``take``), by a secret passage or by a remote trap.  A gift is
    given, not taken, and a prisoner exchange takes from a player, not from the level.  So the
    last taker is always the active player of the last turn in which a tile was taken — the one
    who emptied the row or column.

    >>> [k for k in ("take", "give", "trap", "exchange", "passage") if counts_as_taking(k)]
    ['take', 'trap', 'passage']
    """
    return kind in ("take", "trap", "passage")


def payment(tiles_left: int) -> int:
    """Treasure each player returns at a level's end, by the adventurer tiles left on it
    (the text's table: none 0, 1–5 one, 6–8 two, 9 or more three).

    Ruling 23: a stair tile still on the board counts.  The text counts the two stair tiles
    among the 75 adventurer tiles (its red room tiles "including two stair tiles"), so a level
    that ends with only its stair tile left costs everyone one token.

    >>> [payment(n) for n in (0, 1, 5, 6, 8, 9, 25)]
    [0, 1, 1, 2, 2, 3, 3]
    """
    if tiles_left == 0:
        return 0
    if tiles_left <= 5:
        return 1
    if tiles_left <= 8:
        return 2
    return 3


#: Ruling 2, second half: the player who took the last tile of a level returns this much more.
LAST_TAKER_EXTRA = 1


# -- 3: the secret passage ---------------------------------------------------------------------
def passage_start(dragon_after_gift: int) -> int:
    """Ruling 3: the secret passage moves the dragon along its row from where it stands *after
    the gift*, that is on the cell of the tile just given (the text: "again along arrow 1"; the
    dragon has moved to the given tile's cell at step 2, and nothing moves it back)."""
    return dragon_after_gift


def passage_chains(new_tile: str, chain_option: bool) -> bool:
    """Ruling 15: may the tile taken through a secret passage use its own action at once?

    The text says yes (続けて実行できます), except when the new tile is itself a secret passage.
    Its actions that can act on the spot are the remote trap and the prisoner exchange (a
    release acts only at the end, the stairs by themselves).  The online version never chains;
    ``passage_chain=False`` plays it that way.

    >>> passage_chains("B4t", True), passage_chains("G1p", True), passage_chains("B4t", False)
    (True, False, False)
    """
    return chain_option and SPECIAL[new_tile] in ("t", "x")


# -- 4, 5: prisoner exchange and remote trap -------------------------------------------------
def exchange_targets(active: int, stacks: Sequence[Sequence[Sequence[str]]], alive: Sequence[bool],
                     eliminated_stacks: str) -> list[tuple[int, str]]:
    """Ruling 4: the prisoner exchange may take the top tile of *any one* stack of *any* other
    player (the text says "another player's stack" and names no limit).  The exchange tile goes
    onto that player's stack of its own colour.  Ruling 9: an eliminated player's stacks leave
    the game with them (ゲームから除外), so they are no target — unless
    ``eliminated_stacks="kept"`` (the online version leaves them on the table as targets).

    Returns (player, colour letter) pairs.
    """
    out = []
    for p, player_stacks in enumerate(stacks):
        if p == active or (not alive[p] and eliminated_stacks == "out"):
            continue
        out.extend((p, COLOURS[i]) for i, s in enumerate(player_stacks) if s)
    return out


def trap_moves_dragon() -> bool:
    """Ruling 5: a remote trap takes its tile from afar; the dragon does not move to it.

    The text moves the dragon only at steps 1 and 2 and for the secret passage, and says
    nothing of the dragon for the trap ("remote"); the online version leaves it where it is.
    So step 2 then uses the column of the trap tile's cell, where the dragon still stands.
    """
    return False


# -- 6, 12: the tribute ---------------------------------------------------------------------------
def tribute_candidates(sizes: Sequence[int], guild_index: int) -> tuple[list[int], bool]:
    """Rulings 6 and 12: which stacks may be given to the dragon, and whether the guild colour is
    released (解放) by the tribute.

    ``sizes`` are the numbers of tiles of the player's stacks by colour (R B Y G P), and
    "largest" means most tiles.  When the guild colour's stack is the largest — alone *or tied
    with others* — the guild rule applies: the largest of the other stacks is given and every
    guild tile is released.  Reading a tie this way is what a player choosing among the tied
    stacks would always do (calling the guild stack "the largest" gives one stack away as well
    and also frees the player of the guild tiles), and it is how the online version plays.
    Several stacks tied for the stack to give: any of them may be given (who chooses: see
    :data:`TRIBUTE_CHOICES`).  With no stack but the guild's, nothing is given (there is no
    other stack) and the guild tiles are released all the same.  Returns (candidate colour
    indices, guild released).

    >>> tribute_candidates([0, 3, 0, 0, 0], 1)  # the guild (blue) alone
    ([], True)
    >>> tribute_candidates([3, 2, 0, 4, 4], 1)  # green and purple tied, guild blue
    ([3, 4], False)
    >>> tribute_candidates([3, 2, 2, 4, 5], 4)  # the guild (purple) is the largest
    ([3], True)
    >>> tribute_candidates([3, 4, 2, 4, 1], 1)  # the guild (blue) tied with green
    ([3], True)
    """
    if not any(sizes):
        return [], False
    top = max(sizes)
    if sizes[guild_index] == top:
        others = [i for i, n in enumerate(sizes) if n and i != guild_index]
        if not others:
            return [], True
        second = max(sizes[i] for i in others)
        return [i for i in others if sizes[i] == second], True
    return [i for i, n in enumerate(sizes) if n == top], False


def best_tribute_key(score: int, colour_index: int) -> tuple[int, int]:
    """Ruling 6, ``tribute_choice="best"``: among tied stacks the engine gives the one after
    which the player scores most (releases included); still equal, the first in colour order
    (red, blue, yellow, green, purple).  The online version picks by itself too, giving the
    stack worth least, which comes to the same except where a release tile is in play."""
    return (score, -colour_index)


# -- 7, 11: releases ----------------------------------------------------------------------------------
def best_releases(guild_tiles: Sequence[str], releases: Sequence[str], guild: str,
                  discarded: bool) -> list[tuple[str, str]]:
    """Rulings 7 and 11: the uses of release tiles that score best, as (guild tile released,
    colour of the release tile used) in the order they are made.

    ``guild_tiles`` are the codes in the player's guild stack, ``releases`` the colours of the
    release tiles the player holds and has not used (there is one release tile per colour, a 2).
    Each release held after the tribute lets the player discard one guild-colour tile (the
    release tile of the guild colour, a guild tile itself, may release itself).  Ruling 24: the
    tile may lie anywhere in the guild stack, not only on top: the text does not say where,
    and a stack's order matters only to the prisoner exchange, which takes its top tile.

    * Ruling 11, ``release_discarded=False`` (default, the text): the text only says a guild tile
      is discarded for each release held; the release tile stays and scores its value.  Best: the
      most valuable guild tiles, as many as there are releases (the guild-coloured release is used
      first, so that it is never discarded before it has acted).
    * ``release_discarded=True`` (the online version): each release tile used is discarded with
      the tile it releases.  The guild-coloured release is always worth using (it takes itself
      away, −2, with the most valuable other guild tile); another colour's release only for a
      guild tile worth more than the 2 points it costs.
    * Ruling 7: by default (``releases="auto"``) the engine plays these uses for every player,
      as the text's older revision says the online version does ("for the best score"); with
      ``releases="player"`` each player chooses their uses by moves.

    >>> best_releases(["B4", "B1"], ["Y"], "B", False)
    [('B4', 'Y')]
    >>> best_releases(["B2", "B2r", "B5"], ["B", "G"], "B", True)
    [('B5', 'B')]
    """
    order = sorted(guild_tiles, key=lambda code: -VALUE[code])
    own = f"{guild}2r"
    ordered = sorted(releases, key=lambda c: (c != guild, COLOURS.index(c)))
    uses: list[tuple[str, str]] = []
    if not discarded:
        for colour, tile in zip(ordered, order):
            uses.append((tile, colour))
        return uses
    left = list(order)
    if guild in releases:  # the guild-coloured release lies in the guild stack itself
        left.remove(own)
        uses.append((left.pop(0) if left else own, guild))
    for colour in ordered:
        if colour == guild:
            continue
        if left and VALUE[left[0]] > 2:
            uses.append((left.pop(0), colour))
    return uses


# -- 8: most treasure ---------------------------------------------------------------------------------
#: The bonus for the most treasure.
TREASURE_BONUS = 2


def treasure_bonus(treasure: Sequence[int], alive: Sequence[bool]) -> list[int]:
    """Ruling 8: +2 to *every* player tied for the most treasure (the text gives no tie-break for
    the bonus and none for the win, so a tie shares rather than cancels it); eliminated players
    take no part (ruling 9).

    >>> treasure_bonus([3, 5, 5, 9], [True, True, True, False])
    [0, 2, 2, 0]
    """
    in_game = [t for t, a in zip(treasure, alive) if a]
    if not in_game:
        return [0] * len(treasure)
    most = max(in_game)
    return [TREASURE_BONUS if a and t == most else 0 for t, a in zip(treasure, alive)]


# -- 9: elimination ---------------------------------------------------------------------------------
def pay_treasure(treasure: Sequence[int], owed: Sequence[int], alive: Sequence[bool],
                 everyone_short: str = "out") -> tuple[list[int], list[bool]]:
    """Ruling 9 (and 16): the treasure after a level's payment, and who is still in the game.

    A player who must return more treasure than they hold is eliminated (exactly enough leaves
    them in with 0) and returns all they hold.  An eliminated player takes no more turns, never
    receives a gift, scores nothing and takes no part in the most-treasure bonus (the text: they
    cannot take part in the final scoring).

    Ruling 16: the text's words apply to each player, so when *every* player still in the game
    falls short at the same level end, everybody is eliminated and the game ends with no winner
    (the text never foresees this; it states the elimination plainly, so the book keeps it).
    With ``everyone_short="stay"`` (a house rule) nobody is eliminated then: each returns all
    they hold and play goes on.

    >>> pay_treasure([1, 4, 2], [3, 3, 4], [True, True, True])
    ([0, 1, 0], [False, True, False])
    >>> pay_treasure([1, 4, 2], [3, 5, 4], [True, True, True])
    ([0, 0, 0], [False, False, False])
    >>> pay_treasure([1, 4, 2], [3, 5, 4], [True, True, True], "stay")
    ([0, 0, 0], [True, True, True])
    """
    short = [a and t < o for t, o, a in zip(treasure, owed, alive)]
    everyone = everyone_short == "stay" and all(s for s, a in zip(short, alive) if a)
    after = [max(0, t - o) if a else t for t, o, a in zip(treasure, owed, alive)]
    still = [a and (everyone or not s) for s, a in zip(short, alive)]
    return after, still


def game_over_early(alive: Sequence[bool]) -> bool:
    """Ruling 17: with only one player left in the game, the game ends at once and goes to the
    end scoring (there is nobody left to give a tile to); that player is the winner.  With
    nobody left (ruling 16: everybody short at once) it ends too, with no winner."""
    return sum(alive) <= 1


# -- 10, 13: the stairs and what acts -------------------------------------------------------------
def dragon_tile_in_reach() -> bool:
    """Ruling 10: the tile under the dragon at a level's start (the stair tile on the first two
    levels, a random tile on the third) lies in the dragon's row and column, so it may be taken
    at step 1 like any tile of the row; if it is not, it stays and can be taken later like any
    other.  The stair tile is a red 1 and scores 1 like one (the online version agrees)."""
    return True


#: Ruling 13, second half (the option ``next_start``): with nobody holding the stair tile, the
#: next level starts with the player who took the last tile (``"taker"``, the default) or with
#: the player whose turn it was when the level ended (``"active"``, the online version).
NEXT_STARTS = ("taker", "active")


def next_level_start(stair_holder: int | None, last_taker: int, alive: Sequence[bool],
                     active: int | None = None, mode: str = "taker") -> int:
    """Ruling 13: the next level's start player is whoever *holds* the stair tile of the level
    just played, however it came to them (taken, given, exchanged or trapped): the stairs act
    by themselves (自動的に), so they follow the tile.  With nobody holding it (still on the
    level, or held by a player just eliminated) the text names "the player who got the last
    tile" (最後のタイルを得た); the book reads it as the player who took the last tile, the
    same player who pays one more (最後のタイルを取った): a tile given at step 2 is given by
    the active player, not got by a choice of the receiver.  The online version starts the
    player whose turn it was when the level ended (``mode="active"``, an option): they differ
    when a level ends at step 1 on an empty row, where that player took nothing.  If the
    player chosen was eliminated too, the next player in turn order after them who is still in.

    >>> next_level_start(2, 0, [True, True, True]), next_level_start(None, 0, [True, True, True])
    (2, 0)
    >>> next_level_start(2, 0, [False, True, False])
    1
    >>> next_level_start(None, 0, [True, True, True], active=1, mode="active")
    1
    """
    if stair_holder is not None and alive[stair_holder]:
        return stair_holder
    first = active if mode == "active" and active is not None else last_taker
    if alive[first]:
        return first
    return next_player(first, alive)


def acts(how: str, special: str) -> bool:
    """Ruling 13: a special action acts only from the tile the active player takes at step 1
    (or, chained, through a secret passage — ruling 15).  A tile that arrives by a gift, a
    prisoner exchange or a remote trap never acts: the text says so for the exchange and the
    trap, and a gift is not the receiver's doing.  The stairs are no action but a fact about
    who holds the tile (ruling 13 above); a release acts only at the end.

    >>> acts("take", "t"), acts("give", "t"), acts("trap", "x"), acts("take", "r")
    (True, False, False, False)
    """
    return how in ("take", "passage") and special in ("p", "t", "x")


# -- 14 onwards: gaps found while building the engine -----------------------------------------------
def special_moment(special: str) -> str:
    """Ruling 14: when each action may be used, if at all.

    * remote trap ``t`` and prisoner exchange ``x``: right after step 1, before the gift — the
      text ties them to taking the tile, and gives a later moment only for the secret passage
      (the online version offers them at the same moment);
    * secret passage ``p``: right after the gift (the text says so);
    * release ``r``: at the end, after the tribute (the text says so);
    * stairs ``s``: nothing to do; it decides the next start player (ruling 13).

    An action with nothing to act on (no other tile left for the trap, no other player's stack
    for the exchange, no tile left in the dragon's row for the passage) is simply not offered.

    >>> [special_moment(s) for s in "txprs"]
    ['after-take', 'after-take', 'after-gift', 'end', 'none']
    """
    return {"t": "after-take", "x": "after-take", "p": "after-gift", "r": "end"}.get(special, "none")


def gift_treasure(value: int) -> int:
    """Treasure for the active player who gives a tile worth more than 2 (3 to 6).

    Ruling 18: the stock never runs out.  The game has 24 tokens and 16 start with 4 players,
    so a real stock can be emptied; the text has no rule for that case, and the online version
    pays from an endless stock, so the engine does too.

    >>> [gift_treasure(v) for v in range(1, 7)]
    [0, 0, 1, 1, 1, 1]
    """
    return 1 if value > 2 else 0


def end_order(alive: Sequence[bool]) -> list[int]:
    """Ruling 19: the end decisions (tribute among tied stacks, releases chosen by the player)
    are made player by player in player order, every tribute before any release, as the text
    orders the two steps.  Each decision concerns the player's own tiles alone, so the order
    changes nothing but who is asked first.

    >>> end_order([True, False, True])
    [0, 2]
    """
    return [p for p, a in enumerate(alive) if a]


def deal_levels(shuffled: Sequence[str]) -> tuple[list[str], list[str], list[str]]:
    """Ruling 20 (set-up as the text orders it): the 73 tiles other than the two stairs are
    shuffled; the bottom level (the third, played last) gets the first 25, the second level
    the next 24 around its stair tile, the top level (the first) the last 24 around the other.
    Returns the tiles for levels 1, 2 and 3 in the order they fill the cells."""
    return list(shuffled[49:73]), list(shuffled[25:49]), list(shuffled[:25])


def held_releases_act() -> bool:
    """Ruling 21: at the end, every release tile a player holds acts, however it came (taken,
    given by another player, received by a prisoner exchange or a remote trap), except one given
    to the dragon.  The text forbids a received tile's action at the moment of the exchange or the
    trap, but states the release as a property of the tiles held at the end ("for each release
    tile held"), with the dragon's tribute as its only exception; the engine's stacks keep no
    record of how a tile arrived, and none is needed.

    >>> held_releases_act()
    True
    """
    return True


#: Ruling 22's two readings (the option ``lower_levels``).
LOWER_LEVELS = ("shown", "hidden")


def lower_levels_public(mode: str = "shown") -> bool:
    """Ruling 22: the tiles of the levels still to come are public information (``"shown"``,
    the default): every tile lies face up, and the set-up builds each level in view of everyone
    before the next board goes on top, so what lies below is known to anyone who remembers it.
    The engine shows every level in every player's view (the board draws them small), and a
    computer player may plan with them.

    ``"hidden"`` plays the boards as they lie: a level's tiles are seen once it comes into play.
    Which of the tiles not yet seen lies where below is then hidden from everyone (a computer
    player samples it again, :meth:`~.game.DragonKeeperState.determinize`); the stair tiles'
    places are known, and which tiles are left is not hidden (every tile is in the box once).

    >>> lower_levels_public(), lower_levels_public("hidden")
    (True, False)
    """
    return mode == "shown"
