"""Computer players for さいころニュータウン, reading only what ``view(player)`` shows.

* :class:`gamelib.players.RandomPlayer` works as for every game;
* :class:`GreedyPlayer` takes the move whose outcome it values most (:func:`public_value`):
  points, stones, materials; a move whose outcome depends on dice not yet rolled or cards
  not yet seen (a reroll, the tree, a draft, the secret choice) is valued without playing it,
  so the player never peeks at the seeded future;
* :class:`PlannerPlayer` plans a house over a round: it takes dice in the draft so that the
  white dice add up to a land its craftsman can reach with the green die, moves there, takes
  the materials, exchanges pieces to fit a footprint, and builds the house worth most.

>>> from gamelib.players import play_out
>>> end = play_out(NewtownState.new(2, seed=4), [PlannerPlayer(1), GreedyPlayer(2)])
>>> end.is_over(), len(end.houses) > 0
(True, True)
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product
from typing import Any

from ..core import GameError, seeded_rng
from ..players import GreedyPlayer as _Greedy
from . import rulings
from .board import KING
from .game import NewtownState
from .houses import area
from .moves import Move

#: Moves whose outcome the mover cannot know before making it: valued without playing them.
UNSEEN = ("tree", "reroll", "draft", "decide")


def _potential(view: dict[str, Any], p: int) -> float:
    """What a position is worth to ``p``: points, stones (each +1 at the end), and materials:
    early, squares help build; late, every piece left costs 1 at the building settlement
    (and none left earns 1)."""
    pieces = view["materials"][p]
    value = float(view["scores"][p]) + view["stones"][p]
    if view["phase"] in ("tenant", "over"):
        return value
    early = max(0, 4 - view["round"]) / 3
    value += early * (0.3 * sum(pieces) - 0.15 * len(pieces))
    value += (1 - early) * (1.0 if not pieces else -len(pieces))
    return value


def _unseen(state: NewtownState, move: Move) -> bool:
    if move.kind in UNSEEN:
        return True
    if move.kind == "tenant" and move.args[2]:
        h = state.house(move.args[2])
        return h is not None and h.land == KING and bool(state.tenant_at(move.args[0], move.args[1]).royal)
    return False


def public_value(state: NewtownState, move: Move, player: int) -> float:
    """The greedy value of ``move`` for ``player``: the potential of the position it leads to
    (a deterministic move, played ahead), or a rule of thumb for a move whose outcome is not
    known yet."""
    view = state.view(player)
    if not _unseen(state, move):
        return _potential(state.play(move).view(player), player)
    here = _potential(view, player)
    kind, a = move
    if kind == "reroll":
        return here - 0.4
    if kind == "draft":
        values = state.comp.land_values
        return here + sum(values[state.comp.lands[x]] for x in a) / 3 + 0.5 * len(a)
    if kind == "decide":
        squares = sum(view["materials"][player])
        return here + (1.0 if (a[0] == "extend") == (squares >= 6) else 0.0)
    if kind == "tenant":  # a royal card on the King's land: the card's points and the bonus's mean
        return here + state.tenant_at(a[0], a[1]).points + 3.5
    return here  # the tree


class GreedyPlayer(_Greedy):
    """The shared greedy player with this game's :func:`public_value` (it is what
    ``NewtownState.evaluate`` returns)."""

    label = "欲張り"
    seed_label = "newtown-greedy"


class PlannerPlayer:
    """Plans one house a round (see the module docstring).

    It reads only what the table shows (the dice, pool, materials, roofs, craftsmen and houses,
    which every player's view shows alike, and the map), plays only moves that ``legal_moves`` offers, and looks ahead only
    through moves whose outcome is certain (an ability, an exchange, a build), never through a
    roll.  Ties and unplanned choices are broken by its own seed."""

    label = "計画"

    def __init__(self, seed: int = 0) -> None:
        self._rng = seeded_rng(seed, "newtown-planner")
        self._greedy = GreedyPlayer(seed)

    # -- the plan -------------------------------------------------------------------------
    def targets(self, state: NewtownState, p: int, green: int | None) -> dict[int, int]:
        """Lands where a house could go this round, with the green pips to get there (0:
        here): reachable, not blocked, room and a roof for a 2×2 at least."""
        # (the craftsmen, roofs, dice and pool are on the table: every view shows them; read from
        # the state, without building the whole view, they cost a search's playouts far less)
        here = state.craftsmen[p]
        reach = {here: 0}
        budget = 6 if green is None else green
        reach.update(state.board.costs(here, budget, state.blocked(p)))
        out = {}
        roofs = state.roofs[p]
        for land, cost in reach.items():
            if land == KING:
                if state.may_build_on_kings_land(p) and any(roofs):
                    out[land] = cost
                continue
            load = sum(h.standard for h in state.houses_on(land))
            if any(roofs[s - 1] and load + s <= 4 for s in (1, 2, 3, 4)):
                out[land] = cost
        return out

    def white_chance(self, state: NewtownState, whites: list[int], pool_whites: list[int],
                     targets: dict[int, int]) -> float:
        """How likely the whites, completed from the pool's whites, hit a target land."""
        need = 3 - len(whites)
        numbered = [t for t in targets if t != KING]
        if need == 0:
            hit = any(sum(whites) == t for t in numbered) or (KING in targets and rulings.kings_land_dice_ok(whites))
            return 1.0 if hit else 0.0
        combos = list(combinations(pool_whites, need)) if len(pool_whites) >= need else []
        if not combos:
            return 0.0
        hits = sum(1 for c in combos if sum(whites) + sum(c) in numbered)
        return hits / len(combos)

    def pick_die(self, state: NewtownState, p: int, moves: list[Move]) -> Move:
        red, green, black, white = state.dice[p]
        white = list(white)
        pool = list(state.pool)
        best, best_value = moves[0], float("-inf")
        for move in moves:
            c, v = move.args
            rest = list(pool)
            rest.remove((c, v))
            if c == "w":
                targets = self.targets(state, p, green if green is not None else max(
                    (x for col, x in pool if col == "g"), default=0))
                now = self.white_chance(state, white + [v], [x for col, x in rest if col == "w"], targets)
                before = self.white_chance(state, white, [x for col, x in pool if col == "w"], targets)
                value = 6 * (now - before) + 0.1
            elif c == "g":
                targets = self.targets(state, p, v)
                value = 1.5 * self.white_chance(state, white, [x for col, x in rest if col == "w"], targets) + 0.1 * v
            elif c == "b":
                value = 0.5 * v
            else:
                value = 0.35 * v + (1.2 if v == 1 else 0)
            # picking a colour now rather than later: compare with the average of its colour left
            same = [x for col, x in rest if col == c]
            if same and c != "w":
                value -= 0.3 * (sum(same) / len(same)) * (0.5 if c == "b" else 0.35 if c == "r" else 0.1)
            value += self._rng.random() * 1e-6
            if value > best_value:
                best, best_value = move, value
        return best

    def choose(self, state: NewtownState) -> Move:
        p = state.current_player
        if p is None:
            raise GameError("the game is over; nobody is to move")
        moves = state.legal_moves()
        phase = state.phase
        if phase == "dice":
            return self.pick_die(state, p, moves)
        if phase == "move1":
            return self.move1(state, p, moves)
        if phase == "build":
            return self.build(state, p, moves)
        if phase == "move2":
            return self.move2(state, p, moves)
        if phase == "extend":
            squares = sum(state.materials[p])
            want = "extend" if squares >= 6 and any(state.roofs[p]) else "stop"
            return Move("decide", (want,))
        if phase == "manage":
            return next((m for m in moves if m.kind == "supply" and not m.args), moves[0])
        return self.otherwise(state, p, moves)

    def otherwise(self, state: NewtownState, p: int, moves: list[Move]) -> Move:
        """The phases the plan leaves open (the tenant round, the draft, the tree): greedy."""
        return self._greedy.choose(state)

    def move1(self, state: NewtownState, p: int, moves: list[Move]) -> Move:
        d = state.dice[p]
        targets = self.targets(state, p, d.green)
        here = state.craftsmen[p]
        good = [t for t in targets if (t == KING and rulings.kings_land_dice_ok(list(d.white)))
                or (t != KING and sum(d.white) == t)]
        if good:
            land = min(good, key=lambda t: (targets[t], t))
            return Move("stay") if land == here else Move("go", (land,))
        # a land card may fix the whites: try each ability (deterministic) and see
        for move in moves:
            if move.kind == "use" and move.args[1].startswith("w"):
                after = state.play(move)
                if after.phase == "move1" and after.current_player == p:
                    w = after.dice[p].white
                    if any(sum(w) == t for t in targets if t != KING):
                        return move
        # reroll the whites that give the best chance (pay red), when it is likely enough
        if d.red:
            best, best_p = None, 0.0
            for move in moves:
                if move.kind == "reroll" and move.args[0] == "w":
                    keep = list(d.white)
                    for v in move.args[1:]:
                        keep.remove(v)
                    k = len(move.args) - 1
                    hits = sum(1 for roll in product(range(1, 7), repeat=k)
                               if sum(keep) + sum(roll) in targets)
                    chance = hits / 6 ** k
                    if chance > best_p:
                        best, best_p = move, chance
            if best is not None and best_p >= 0.15:
                return best
        # no house this round: go where materials are (a tree), or stay
        trees = [m for m in moves if m.kind == "go" and m.args[0] in state.trees]
        return trees[0] if trees else Move("stay")

    def build(self, state: NewtownState, p: int, moves: list[Move]) -> Move:
        builds = [m for m in moves if m.kind in ("build", "extend", "penthouse")]
        if builds:
            return max(builds, key=lambda m: (state.play(m).scores()[p], -len(m.args[-1]), str(m)))
        # one exchange that makes a build possible
        for move in moves:
            if move.kind in ("split", "merge"):
                after = state.play(move)
                if after.current_player == p and after.phase == "build" and any(
                        m.kind in ("build", "extend") for m in after.legal_moves()):
                    return move
        helping = [m for m in moves if m.kind == "help"]
        if helping and not self._could_build_later(state, p):
            return helping[0]
        return Move("end")

    def _could_build_later(self, state: NewtownState, p: int) -> bool:
        d = state.dice[p]
        land = state.craftsmen[p]
        if not state.white_ok(land, d.white):
            return False
        squares = sum(state.materials[p])
        return squares >= area("2x2")

    def move2(self, state: NewtownState, p: int, moves: list[Move]) -> Move:
        goes = [m for m in moves if m.kind == "go"]
        trees = [m for m in goes if m.args[0] in state.trees]
        if trees:
            return trees[0]
        # stand on a land of middling number (sums of three dice are likeliest near 10 and 11)
        mine = [m for m in goes if m.args[0] != KING and 8 <= m.args[0] <= 13]
        here = state.craftsmen[p]
        if mine and not (here != KING and 8 <= here <= 13):
            return self._rng.choice(mine)
        return Move("pass")


class PlayoutPlanner(PlannerPlayer):
    """The planner as a search player's playout policy (:meth:`.NewtownState.rollout_move`):
    its plan with the playout's own random numbers, and where the plan leaves the move to the
    greedy player (which plays every move ahead, too slow for playouts) a quick rule: in the
    tenant round the card worth most, less the stones it costs; else a random move.  Random
    playouts built almost no house, so a search player that learnt from them hardly built
    either (against two planners a 1 s search player scored about 4 points)."""

    def __init__(self, rng: Any) -> None:  # (one for each playout move: nothing to set up)
        self._rng = rng

    def otherwise(self, state: NewtownState, p: int, moves: list[Move]) -> Move:
        if state.phase == "tenant":
            homed = [m for m in moves if m.kind == "tenant" and m.args[2]]
            if homed:
                return max(homed, key=lambda m: state.tenant_at(m.args[0], m.args[1]).points
                           - rulings.stones_to_reach(m.args[1], state.options.back_rows))
            if Move("pass") in moves:
                return Move("pass")
        return self._rng.choice(moves)


def favourite_counts(games: int, players: int = 3) -> Counter[str]:  # pragma: no cover - a benchmark helper
    """Which seat kind wins most over seeded games: planner in seat 0, greedy in seat 1, random
    others (used by ``benchmarks/newtown_engine.py``)."""
    from ..players import RandomPlayer, play_out

    wins: Counter[str] = Counter()
    for seed in range(games):
        seats: list[Any] = [PlannerPlayer(seed), GreedyPlayer(seed)] + [RandomPlayer(seed + i) for i in range(2, players)]
        end = play_out(NewtownState.new(players, seed=seed), seats)
        for w in end.winners():
            wins[type(seats[w]).__name__] += 1 / len(end.winners())
    return wins
