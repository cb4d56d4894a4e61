"""A second, independent reading of the end scoring, for the tests: the tribute as the text and
rulings 6 and 12 state it, then every possible sequence of release uses tried one by one (no
shortcut), the best kept.  Slow but plain."""

from __future__ import annotations

from functools import lru_cache

ORDER = "RBYGP"


def read(text: str) -> dict[str, tuple[str, ...]]:
    """``"R:1s,3 B:4"`` → {"R": ("R1s", "R3"), "B": ("B4",)}."""
    out: dict[str, tuple[str, ...]] = {}
    for word in text.split():
        colour, tiles = word.split(":")
        out[colour] = tuple(colour + t for t in tiles.split(","))
    return out


def value(tile: str) -> int:
    return int(tile[1])


def total(stacks: dict[str, tuple[str, ...]], guild: str) -> int:
    return sum(-value(t) if c == guild else value(t) for c, s in stacks.items() for t in s)


def tributes(stacks: dict[str, tuple[str, ...]], guild: str) -> list[tuple[str | None, bool]]:
    """(colour given, guild released) for every allowed tribute."""
    sizes = {c: len(s) for c, s in stacks.items() if s}
    if not sizes:
        return [(None, False)]
    largest = max(sizes.values())
    if sizes.get(guild) == largest:
        others = {c: n for c, n in sizes.items() if c != guild}
        if not others:
            return [(None, True)]
        second = max(others.values())
        return [(c, True) for c, n in others.items() if n == second]
    return [(c, False) for c, n in sizes.items() if n == largest]


def after_tribute(stacks: dict[str, tuple[str, ...]], given: str | None, released: bool, guild: str
                  ) -> dict[str, tuple[str, ...]]:
    return {c: s for c, s in stacks.items() if c != given and not (released and c == guild)}


def best_releases(stacks: dict[str, tuple[str, ...]], guild: str, discarded: bool) -> int:
    """The best score over every sequence of release uses (each held, unused release tile may
    discard one guild tile; with ``discarded`` the release tile goes too)."""

    def freeze(st: dict[str, tuple[str, ...]]) -> tuple[tuple[str, tuple[str, ...]], ...]:
        return tuple(sorted((c, tuple(sorted(s))) for c, s in st.items()))

    @lru_cache(maxsize=None)
    def search(frozen: tuple[tuple[str, tuple[str, ...]], ...], used: frozenset[str]) -> int:
        st = {c: list(s) for c, s in frozen}
        best = total({c: tuple(s) for c, s in st.items()}, guild)
        for colour in "BYGP":
            release = f"{colour}2r"
            if colour in used or release not in st.get(colour, []):
                continue
            for target in set(st.get(guild, [])):
                nxt = {c: list(s) for c, s in st.items()}
                nxt[guild].remove(target)
                if discarded and target != release:
                    nxt[colour].remove(release)
                best = max(best, search(freeze({c: tuple(s) for c, s in nxt.items()}), used | {colour}))
        return best

    return search(freeze(stacks), frozenset())


def best_score(text: str, guild: str, discarded: bool = False) -> int:
    stacks = read(text)
    return max(best_releases(after_tribute(stacks, g, r, guild), guild, discarded) for g, r in tributes(stacks, guild))
