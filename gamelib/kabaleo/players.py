"""A Kabaleo computer player that plays for its own colour while hiding it."""

from __future__ import annotations

from collections import Counter

from ..players import GreedyPlayer
from . import rulings
from .game import KabaleoState, Move


class HidingPlayer(GreedyPlayer):
    """Plays for its secret colour(s) without showing them.

    It values a move by its own count after it (piles, then the tie-breaks), minus the best
    count any other colour reaches (every other colour may be an opponent's), minus a
    penalty when the move leaves one of its own colours showing on the pile it touched
    (covering with it, or uncovering it by a removal): that is what gives a colour away.
    The penalty shrinks as the pieces run out — hide early, cash in late.  Ties are broken
    by its own seed.  ``benchmarks/kabaleo_engine.py`` measures both its wins and how often
    a spectator guesses its colour.
    """

    #: the penalty for showing its colour at the start (one own pile is worth 3)
    SHOW_PENALTY = 7.0

    label = "隠れ上手"
    seed_label = "hiding-player"

    def value(self, state: KabaleoState, move: Move, player: int) -> float:
        mine = state.secrets[player]
        after = state.play(move)
        own = rulings.player_count_key(after.piles, mine, state.options.two_player_scoring)
        counts = after.colour_counts()
        rival = max((n for c, n in counts.items() if c not in mine), default=0)
        left = sum(len(h) for h in state.hands) / (6 * len(state.colours))
        shows = self.SHOW_PENALTY * left if after.piles[move.pile - 1].colour in mine else 0.0
        return 3 * own[0] + own[1] / 10 + own[2] / 100 - rival - shows


def spectator_guess(state: KabaleoState, player: int) -> str:
    """What a spectator who watched the whole game would guess as ``player``'s colour: the
    colour its moves most often left showing on the pile they touched (after a removal, the
    colour underneath).  Used to measure how well a player hides."""
    shown: Counter[str] = Counter()
    replay = KabaleoState.new(state.players, state.options, state.seed)
    for text in state.moves:
        mover, move = replay.current_player, replay.parse_move(text)
        replay = replay.play(move)
        if mover == player:
            shown[replay.piles[move.pile - 1].colour] += 1
    return max(state.colours, key=lambda c: (shown[c], -state.colours.index(c)))
