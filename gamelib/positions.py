"""Is a position one that real components can make?

The book shows many positions; each must be one that the game's real pieces can make (no
square no domino has, no tile used twice, no lone half, no pile count the rules cannot
reach).  Each kind of position has one check here, registered by the game's package; the
book's pictures name the kind and the position, and a test runs every picture of the book
through :func:`check`.

>>> check("legend", "点・小円・大円")
>>> check("nonsense", "")
Traceback (most recent call last):
...
gamelib.core.NotationError: no check for positions of kind 'nonsense' (known: ...)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .core import NotationError

_CHECKS: dict[str, Callable[[str], Any]] = {}


def register(kind: str) -> Callable[[Callable[[str], Any]], Callable[[str], Any]]:
    """Decorator: ``fn(text)`` checks positions of ``kind``; it raises ``ValueError`` saying
    what no real set of components can make, and may return what it found (the pieces)."""

    def decorate(fn: Callable[[str], Any]) -> Callable[[str], Any]:
        _CHECKS[kind] = fn
        return fn

    return decorate


def kinds() -> list[str]:
    return sorted(_CHECKS)


def check(kind: str, text: str) -> Any:
    """Check one position; returns what the kind's check returns (for example the pieces it
    is made of), raises ``ValueError`` when real components cannot make it."""
    try:
        fn = _CHECKS[kind]
    except KeyError:
        raise NotationError(f"no check for positions of kind {kind!r} (known: {', '.join(kinds())})") from None
    return fn(text)


@register("legend")
def _legend(text: str) -> None:
    """A legend or a key (symbols, colours): not a position, nothing to check."""


@register("save")
def _save(text: str) -> Any:
    """A whole game, saved: real if its moves replay from the set-up to the stored position."""
    from .registry import load_game

    return load_game(text)
