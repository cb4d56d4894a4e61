from __future__ import annotations

import pytest

from gamelib.kingdomino import KingdominoState


def finish_first_claims(state: KingdominoState) -> KingdominoState:
    """Claim the first row, each king taking the lowest free domino."""
    while state.claim_queue:
        state = state.play(state.legal_moves()[0])
    return state


@pytest.fixture
def four_players() -> KingdominoState:
    return KingdominoState.new(4, seed=2)
