"""The 48 dominoes and the six terrains (このゲームで使うもの)."""

from __future__ import annotations

import csv
import io
from importlib import resources
from typing import NamedTuple

#: Terrain codes used inside the engine; 0 is an empty square, CASTLE the start tile.
EMPTY = 0
WHEAT, FOREST, LAKE, GRASSLAND, SWAMP, MINE = 1, 2, 3, 4, 5, 6
CASTLE = 7
TERRAINS = (WHEAT, FOREST, LAKE, GRASSLAND, SWAMP, MINE)

#: The notation letter, the data-file name and the Japanese name of each terrain.
LETTER = {WHEAT: "W", FOREST: "F", LAKE: "L", GRASSLAND: "G", SWAMP: "S", MINE: "M"}
FROM_LETTER = {v: k for k, v in LETTER.items()}
NAME = {WHEAT: "wheat", FOREST: "forest", LAKE: "lake", GRASSLAND: "grassland", SWAMP: "swamp", MINE: "mine"}
FROM_NAME = {v: k for k, v in NAME.items()}
NAME_JA = {WHEAT: "小麦畑", FOREST: "森林", LAKE: "湖", GRASSLAND: "草原", SWAMP: "湿地", MINE: "鉱山"}


class Domino(NamedTuple):
    """One domino: its number and its two halves (terrain code, crowns)."""

    number: int
    terrain1: int
    crowns1: int
    terrain2: int
    crowns2: int

    def label(self) -> str:
        """A short text form, e.g. ``'21: W1-G0'``.

        >>> DOMINOES[21].label()
        '21: W1-G0'
        """
        return (
            f"{self.number}: {LETTER[self.terrain1]}{self.crowns1}-"
            f"{LETTER[self.terrain2]}{self.crowns2}"
        )

    @property
    def crowns(self) -> int:
        return self.crowns1 + self.crowns2

    @property
    def symmetric(self) -> bool:
        """Whether both halves are the same (terrain and crowns): turned round, the domino
        gives the same kingdom.

        >>> DOMINOES[1].symmetric, DOMINOES[13].symmetric
        (True, False)
        """
        return (self.terrain1, self.crowns1) == (self.terrain2, self.crowns2)


def _load() -> dict[int, Domino]:
    text = resources.files(__package__).joinpath("data/dominoes.csv").read_text(encoding="utf-8")
    out: dict[int, Domino] = {}
    for row in csv.DictReader(io.StringIO(text)):
        d = Domino(
            int(row["number"]),
            FROM_NAME[row["terrain1"]],
            int(row["crowns1"]),
            FROM_NAME[row["terrain2"]],
            int(row["crowns2"]),
        )
        out[d.number] = d
    if sorted(out) != list(range(1, 49)):
        raise RuntimeError("the Kingdomino data file must hold dominoes 1 to 48 exactly once")
    return out


#: Every domino by number, 1 to 48.
DOMINOES: dict[int, Domino] = _load()
