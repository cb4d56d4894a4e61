"""Is a kingdom (or a set of dominoes) one that the real game's pieces can make?

The book's pictures name what they show: ``("kingdomino.kingdom", text)`` for a kingdom in
its notation, ``("kingdomino.dominoes", "2 21 35 37")`` for dominoes laid out.  The checks
here prove such a position real: a kingdom must be the castle and *distinct* real dominoes
(every square but the castle covered by exactly one domino whose two halves match, in
terrain and crowns, two adjacent squares; no number twice), laid in an order the placement
rules allow.

>>> cover("C W0 W0")
{(0, 1): 1, (0, 2): 1}
>>> cover("C L2 L0")
Traceback (most recent call last):
...
gamelib.core.NotationError: no domino has a lake square with 2 crowns (L2), as at row 1, column 2
"""

from __future__ import annotations

from collections import Counter

from ..core import NotationError, excerpt
from ..positions import register
from .dominoes import CASTLE, DOMINOES, EMPTY, LETTER, NAME, NAME_JA
from .kingdom import Cell, Kingdom

Half = tuple[int, int]  # (terrain, crowns)

#: The longest position text read (several 7×7 kingdoms fit easily).
MAX_TEXT = 10_000
#: How many partial coverings a check may try before it gives up (real positions need far
#: fewer; the limit keeps a hostile text from running for hours).
MAX_STEPS = 200_000
#: What one whole covering costs, in steps (the caller then tries to place it domino by domino).
TILING_COST = 100


class _TooHard(Exception):
    """The covering search ran out of steps."""


def _too_hard() -> NotationError:
    return NotationError(
        f"this position needs more than {MAX_STEPS} steps to check; show a smaller one",
        "この局面は確かめるのに手間がかかりすぎます。もっと小さな局面にしてください。",
    )

#: Domino numbers by their (unordered) pair of halves; identical dominoes share a key.
_BY_PAIR: dict[tuple[Half, Half], list[int]] = {}
for _d in DOMINOES.values():
    _BY_PAIR.setdefault(tuple(sorted(((_d.terrain1, _d.crowns1), (_d.terrain2, _d.crowns2)))), []).append(_d.number)
#: How many halves of each kind the whole set has.
_HALVES: Counter[Half] = Counter()
for _d in DOMINOES.values():
    _HALVES[(_d.terrain1, _d.crowns1)] += 1
    _HALVES[(_d.terrain2, _d.crowns2)] += 1


def _half_name(half: Half) -> str:
    return f"{NAME[half[0]]} square with {half[1]} crown{'s' if half[1] != 1 else ''} ({LETTER[half[0]]}{half[1]})"


def _pair_name(pair: tuple[Half, Half]) -> str:
    return "-".join(f"{LETTER[t]}{c}" for t, c in pair)


def _check_text(text: object, what: str, what_ja: str) -> str:
    if not isinstance(text, str):
        raise NotationError(f"{what} written as text, not {type(text).__name__}", f"{what_ja}は文字列で書きます。")
    if len(text) > MAX_TEXT:
        raise NotationError(f"{what} written in at most {MAX_TEXT} characters, not {len(text)}",
                            f"{what_ja}の表記が長すぎます。")
    return text


def _read(text: str) -> Kingdom:
    _check_text(text, "a kingdom is", "王国")
    rows = [ln.split() for ln in text.strip().splitlines() if ln.split()]
    side = max([len(rows)] + [len(r) for r in rows])
    return Kingdom.from_text(text, size=5 if side <= 5 else 7)


def _tilings(squares: dict[Cell, Half], distinct: bool):
    """Every way to cover ``squares`` with dominoes (numbers chosen lowest first)."""
    order = sorted(squares)
    left = {pair: list(numbers) for pair, numbers in _BY_PAIR.items()}
    placed: dict[Cell, int] = {}
    steps = [0]

    def tick(cost: int) -> None:
        steps[0] += cost
        if steps[0] > MAX_STEPS:
            raise _TooHard

    def search():
        tick(1)
        free = next((c for c in order if c not in placed), None)
        if free is None:
            tick(TILING_COST)  # the caller then tries to place this covering domino by domino
            yield dict(placed)
            return
        r, c = free
        for other in ((r, c + 1), (r + 1, c)):
            if other not in squares or other in placed:
                continue
            pair = tuple(sorted((squares[free], squares[other])))
            numbers = left.get(pair)  # type: ignore[arg-type]
            if not numbers:
                continue
            number = numbers.pop(0) if distinct else numbers[0]
            placed[free] = placed[other] = number
            yield from search()
            del placed[free], placed[other]
            if distinct:
                numbers.insert(0, number)

    yield from search()


def _buildable(kingdom: Kingdom, tiling: dict[Cell, int]) -> bool:
    """Whether the dominoes of ``tiling`` can be placed one by one by the placement rules,
    starting from the castle alone.  Placing a domino only ever adds places where others may
    go, so trying them greedily decides it."""
    squares = {cell: (t, c) for cell, t, c in kingdom.squares()}
    cells: dict[int, list[Cell]] = {}
    for cell, number in sorted(tiling.items()):
        cells.setdefault(number, []).append(cell)
    built = Kingdom(kingdom.size)
    built.castle = kingdom.castle
    todo = sorted(cells)
    while todo:
        for number in todo:
            d = DOMINOES[number]
            a, b = cells[number]
            first, second = (a, b) if squares[a] == (d.terrain1, d.crowns1) else (b, a)
            tries = [(first, second)] + ([(second, first)] if squares[a] == squares[b] else [])
            fits = next(((f, s) for f, s in tries if built.can_place(number, f, s)), None)
            if fits is not None:
                built = built.place(number, *fits)
                todo.remove(number)
                break
        else:
            return False
    return True


def _where(kingdom: Kingdom, cell: Cell) -> str:
    top, _, left, _ = kingdom.text_box()
    return f"row {cell[0] - top + 1}, column {cell[1] - left + 1}"


def _where_ja(kingdom: Kingdom, cell: Cell) -> str:
    top, _, left, _ = kingdom.text_box()
    return f"{cell[0] - top + 1}行目{cell[1] - left + 1}列目"


def _half_name_ja(half: Half) -> str:
    crowns = "王冠なし" if half[1] == 0 else f"王冠{half[1]}個"
    return f"{crowns}の{NAME_JA[half[0]]}のマス({LETTER[half[0]]}{half[1]})"


@register("kingdomino.kingdom")
def cover(text: str) -> dict[Cell, int]:
    """Prove a kingdom real: the castle and distinct real dominoes, each placed legally.

    Returns which domino covers each square (cells as ``(row, col)`` counted from the text's
    top-left square, as :meth:`Kingdom.from_text` counts them), or raises ``NotationError``
    saying what real pieces cannot make.
    """
    kingdom = _read(text)
    squares: dict[Cell, Half] = {cell: (t, c) for cell, t, c in kingdom.squares() if t != CASTLE}
    for cell, half in sorted(squares.items()):
        if half not in _HALVES:
            raise NotationError(f"no domino has a {_half_name(half)}, as at {_where(kingdom, cell)}",
                                f"{_where_ja(kingdom, cell)}の{_half_name_ja(half)}は、どのドミノにもありません。")
    if len(squares) % 2:
        raise NotationError(
            f"the kingdom has {len(squares)} terrain squares; dominoes cover two squares each, so real "
            "kingdoms have an even number",
            f"城以外のマスが{len(squares)}マスあります。ドミノは1枚で2マスなので、本物の王国では偶数になります。",
        )
    counts = Counter(squares.values())
    for half, n in sorted(counts.items()):
        if n > _HALVES[half]:
            raise NotationError(
                f"the kingdom has {n} of {_half_name(half)} but all 48 dominoes have only {_HALVES[half]}",
                f"{_half_name_ja(half)}が{n}マスありますが、48枚のドミノ全部でも{_HALVES[half]}マスしかありません。",
            )
    for (r, c), half in sorted(squares.items()):
        partners = [squares[n] for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if n in squares]
        if not any(tuple(sorted((half, p))) in _BY_PAIR for p in partners):
            shown = ", ".join(sorted({f"{LETTER[half[0]]}{half[1]}-{LETTER[t]}{k}" for t, k in partners})) or "none"
            raise NotationError(
                f"the {_half_name(half)} at {_where(kingdom, (r, c))} has no neighbour it could share a domino "
                f"with (no domino is {shown})",
                f"{_where_ja(kingdom, (r, c))}の{_half_name_ja(half)}は、隣のどのマスとも1枚のドミノになれません"
                "(そのような組み合わせのドミノはありません)。",
            )
    found_any = False
    try:
        for tiling in _tilings(squares, distinct=True):
            found_any = True
            if _buildable(kingdom, tiling):
                return tiling
        repeated = None if found_any else next(_tilings(squares, distinct=False), None)
    except _TooHard:
        raise _too_hard() from None
    if found_any:
        raise NotationError(
            "these dominoes cannot have been placed one by one by the placement rules "
            "(in every order some domino touches neither the castle nor its own terrain)",
            "どの順に置いても、城にも同じ地形にも接しないドミノが出てしまいます。配置ルールに従って1枚ずつ置いた王国ではありません。",
        )
    if repeated is None:
        raise NotationError("these squares cannot be covered by real dominoes, each covering two matching squares",
                            "これらのマスは、本物のドミノ(2マスの組み合わせが合うもの)で覆えません。")
    halves_of: Counter[int] = Counter(repeated.values())
    over = []
    for number, halves in sorted(halves_of.items()):
        d = DOMINOES[number]
        pair = tuple(sorted(((d.terrain1, d.crowns1), (d.terrain2, d.crowns2))))
        have = _BY_PAIR[pair]  # type: ignore[index]
        if halves // 2 > len(have):
            over.append(f"{_pair_name(pair)} {halves // 2} times (the set has {len(have)}: "
                        f"{', '.join(map(str, have))})")
    raise NotationError(
        "these squares can only be covered by using a domino more than once; for example "
        + "; ".join(over or ["a domino twice"])[:200],
        "これらのマスを覆うには、同じドミノを2回以上使うしかありません(ドミノは各番号1枚ずつです)。",
    )


@register("kingdomino.dominoes")
def dominoes(text: str) -> list[int]:
    """Dominoes laid out (a row, the whole set): distinct numbers from 1 to 48.

    >>> dominoes("2 21 35 37")
    [2, 21, 35, 37]
    """
    tokens = _check_text(text, "dominoes are", "ドミノの並び").split()
    if not tokens:
        raise NotationError("no dominoes named", "ドミノの番号が1つも書かれていません。")
    numbers = []
    for token in tokens:
        # ASCII digits only: str.isdigit() also accepts '²' or '１'
        if not (0 < len(token) <= 2 and all(ch in "0123456789" for ch in token)) or int(token) not in DOMINOES:
            raise NotationError(f"{excerpt(token)} is not a domino; dominoes are numbered 1 to 48",
                                "ドミノの番号として読めないものがあります。番号は1から48までの半角数字です。")
        numbers.append(int(token))
    twice = sorted(n for n, k in Counter(numbers).items() if k > 1)
    if twice:
        raise NotationError(f"domino {', '.join(map(str, twice))} is named twice; the set has one of each number",
                            f"{'・'.join(map(str, twice))}番のドミノが2回出てきます。ドミノは各番号1枚ずつです。")
    return numbers


@register("kingdomino.kingdoms")
def cover_all(text: str) -> list[dict[Cell, int]]:
    """Several players' kingdoms of one game, separated by a blank line: each must be real
    (see :func:`cover`), and together they use every domino at most once.

    >>> len(cover_all("C W0 W0\\n\\nC W0 W0"))
    2
    >>> cover_all("C W0 W0\\n\\nC W0 W0\\n\\nC W0 W0")
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: these kingdoms together need some domino twice; one set cannot make them all
    """
    blocks = [b for b in _check_text(text, "kingdoms are", "王国").strip().split("\n\n") if b.strip()]
    if not blocks:
        raise NotationError("no kingdom in the text", "王国が1つも書かれていません。")
    if len(blocks) > 4:
        raise NotationError(f"a game has at most 4 kingdoms, not {len(blocks)}", "1つのゲームの王国は4つまでです。")
    kingdoms = []
    for i, block in enumerate(blocks):
        try:
            cover(block)
        except NotationError as error:
            raise NotationError(f"kingdom {i + 1}: {error}", f"{i + 1}つ目の王国: {error.message_ja}") from None
        kingdoms.append(_read(block))
    squares: dict[Cell, Half] = {}
    for i, k in enumerate(kingdoms):
        for (r, c), t, crowns in k.squares():
            if t != CASTLE:
                squares[(r, c + 100 * i)] = (t, crowns)
    try:
        for tiling in _tilings(squares, distinct=True):
            parts = [{(r, c - 100 * i): n for (r, c), n in tiling.items() if c // 100 == i}
                     for i in range(len(kingdoms))]
            if all(_buildable(k, part) for k, part in zip(kingdoms, parts)):
                return parts
    except _TooHard:
        raise _too_hard() from None
    raise NotationError("these kingdoms together need some domino twice; one set cannot make them all",
                        "これらの王国を全部作るには、どれかのドミノが2枚必要です。1組のドミノでは作れません。")
