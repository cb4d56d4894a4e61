"""Colours and piles (山).

A pile is written as its colour letters from the bottom up, the base first: ``"KO"`` is a
pink base with an orange piece on it.  Colours: ``O`` orange, ``K`` pink, ``V`` purple,
``G`` green (named in the source text), ``B`` blue and ``Y`` yellow (our choice for the two
colours the text does not name).

>>> Pile.from_text("K").place("O").to_text()
'KO'
>>> Pile.from_text("KOV").place("V").to_text()  # the same colour removes both pieces
'KO'
"""

from __future__ import annotations

from ..core import IllegalMoveError, NotationError, excerpt
from . import sections

COLOURS = "OKVGBY"
NAME_JA = {"O": "オレンジ", "K": "ピンク", "V": "紫", "G": "緑", "B": "青", "Y": "黄"}
NAME_EN = {"O": "orange", "K": "pink", "V": "purple", "G": "green", "B": "blue", "Y": "yellow"}
#: The tallest pile real pieces can build: a base and every piece of the game, never two
#: equal colours on each other (6 colours × 6 pieces).
MAX_HEIGHT = 1 + 6 * 6
_COLOURS_JA = "・".join(f"{c}({NAME_JA[c]})" for c in COLOURS)


def check_colour(colour: object) -> str:
    """``colour`` when it is one of the colour letters; otherwise :class:`NotationError`.

    >>> check_colour("O")
    'O'
    >>> check_colour("Ｏ")
    Traceback (most recent call last):
    ...
    gamelib.core.NotationError: 'Ｏ' is not a colour; use one of O K V G B Y
    """
    if not isinstance(colour, str) or len(colour) != 1 or colour not in COLOURS:
        raise NotationError(f"{excerpt(colour)} is not a colour; use one of {' '.join(COLOURS)}",
                            f"色の文字が正しくありません。{_COLOURS_JA}のどれかで書きます。")
    return colour


class Pile:
    """A base and the pieces on it; a value: :meth:`place` returns a new pile."""

    __slots__ = ("_text",)

    def __init__(self, text: str) -> None:
        self._text = text

    @classmethod
    def from_text(cls, text: str) -> Pile:
        """Read a pile; raises :class:`NotationError` (a ``ValueError``) saying what is wrong.

        Two equal colours never touch in a pile (a piece may not go on a base of its colour,
        and a piece on one of its colour removes both), so such text is refused; so is a pile
        taller than every piece of the game can build.

        >>> try:
        ...     Pile.from_text("KOO")
        ... except NotationError as error:
        ...     print(error.message_ja)
        山の中でオレンジの上にオレンジが重なっています。同じ色どうしは重なりません(同じ色のコマを置くと両方とも取り除かれ、何も乗っていない同じ色のベースには置けません)。
        """
        if not isinstance(text, str) or not text:
            raise NotationError(f"a pile is written as one or more colour letters, base first, not {excerpt(text)}",
                                "山は色の文字を1つ以上、ベースから順に書きます。")
        if len(text) > MAX_HEIGHT:
            raise NotationError(f"pile {excerpt(text)}: no pile is taller than {MAX_HEIGHT} levels "
                                "(a base and every piece of the game)",
                                f"山が高すぎます。ベースとゲームのコマ全部を積んでも{MAX_HEIGHT}段までです。")
        for ch in text:
            check_colour(ch)
        for i in range(1, len(text)):
            if text[i] == text[i - 1]:
                raise NotationError(
                    f"pile {excerpt(text)}: two {NAME_EN[text[i]]} pieces cannot lie on each other "
                    "(placing one on the other removes both)",
                    f"山の中で{NAME_JA[text[i]]}の上に{NAME_JA[text[i]]}が重なっています。同じ色どうしは重なりません"
                    "(同じ色のコマを置くと両方とも取り除かれ、何も乗っていない同じ色のベースには置けません)。",
                )
        return cls(text)

    def to_text(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Pile.from_text({self._text!r})"

    def __str__(self) -> str:
        return self._text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pile) and other._text == self._text

    def __hash__(self) -> int:
        return hash(self._text)

    @property
    def colour(self) -> str:
        """The pile's colour: its top piece, or the base when it is bare."""
        return self._text[-1]

    @property
    def base(self) -> str:
        return self._text[0]

    @property
    def height(self) -> int:
        """Levels, the base counting as one: ``Pile.from_text("KOV").height == 3``."""
        return len(self._text)

    @property
    def bare(self) -> bool:
        """A base with no piece on it."""
        return len(self._text) == 1

    def words(self) -> str:
        """The pile in Japanese words, from the base up (how the book writes a pile).

        >>> Pile.from_text("K").words()
        'ピンクのベース'
        >>> Pile.from_text("KO").words()
        'ピンクのベースにオレンジ'
        >>> Pile.from_text("KOV").words()
        'ピンクのベースにオレンジ、その上に紫'
        >>> Pile.from_text("GKOV").words()
        '緑のベースに下からピンク・オレンジ・紫'
        """
        base, pieces = NAME_JA[self.base] + "のベース", [NAME_JA[c] for c in self._text[1:]]
        if not pieces:
            return base
        if len(pieces) == 1:
            return f"{base}に{pieces[0]}"
        if len(pieces) == 2:
            return f"{base}に{pieces[0]}、その上に{pieces[1]}"
        return f"{base}に下から{'・'.join(pieces)}"

    def check(self, colour: str, number: int | None = None) -> IllegalMoveError | None:
        """Why a piece of ``colour`` may not go on this pile (the pile alone), or None; the
        message names the pile when its ``number`` on the table is given.

        >>> print(Pile.from_text("K").check("K", 5).message_ja)
        山5は何も乗っていないピンクのベースなので、ピンクのコマは置けません(ベースとは違う色のコマだけを置けます)。
        """
        from .rulings import bare_base_refuses  # rulings imports this module
        if self.bare and bare_base_refuses(self.base, colour):
            name, article = NAME_JA[colour], "An" if NAME_EN[colour][0] in "aeiou" else "A"
            if number is None:
                ja, en = f"何も乗っていない{name}のベースに、{name}のコマは置けません", f"{article} {NAME_EN[colour]} piece " \
                    f"may not go on a bare {NAME_EN[colour]} base"
            else:
                ja, en = f"山{number}は何も乗っていない{name}のベースなので、{name}のコマは置けません", \
                    f"Pile {number} is a bare {NAME_EN[colour]} base: {article.lower()} {NAME_EN[colour]} piece may not go on it"
            return IllegalMoveError(sections.ON_BASE, ja + "(ベースとは違う色のコマだけを置けます)。",
                                    en + " (only a piece of another colour may).")
        return None

    def place(self, colour: str) -> Pile:
        """The pile after a piece of ``colour`` is put on it.

        A different colour covers the top; the same colour as the top piece removes that
        piece and the new one (both leave the game).
        """
        check_colour(colour)
        error = self.check(colour)
        if error is not None:
            raise error
        if colour == self.colour:
            return Pile(self._text[:-1])
        return Pile(self._text + colour)
