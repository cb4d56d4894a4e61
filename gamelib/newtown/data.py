"""The components of さいころニュータウン, read from ``data/components.json`` and checked.

Most components were never published, so most values are this project's assumptions: the
file marks each one (``source``: ``text``, ``inferred`` or ``assumption``) and says why.
:func:`load` reads the file; :func:`components` applies a reader's own values on top of it
(a mapping with some of the file's keys, or the path of a whole file) and checks everything,
so that a reader who owns the game can play with the real values.

>>> c = components()
>>> c.lands[3], c.land_values["芝生"], c.roof_counts
('芝生', 3, (2, 2, 2, 2))
>>> c.base(4, 3), c.footprint_area("2x3"), [t.name for t in c.tenants.values() if t.royal]
(12, 6, ['王子と花嫁夫妻', '花嫁の両親'])
>>> components({"roofs": {"1": 8}})
Traceback (most recent call last):
...
gamelib.core.NotationError: components 'roofs': give a count for each standard 1, 2, 3 and 4
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from ..core import NotationError, excerpt

DATA_FILE = Path(__file__).resolve().parent / "data" / "components.json"
#: The four land types, in the order of the text's settlement table.
LAND_TYPES = ("芝生", "石畳", "煉瓦", "泥土")
#: One letter for each land type, for short notations (Lawn, Cobbles, Brick, Mud).
TYPE_LETTER = {"芝生": "L", "石畳": "C", "煉瓦": "B", "泥土": "M"}
TYPE_EN = {"芝生": "lawn", "石畳": "cobblestone", "煉瓦": "brick", "泥土": "mud"}
#: The four land-card abilities (土地カードの特殊能力), as the text lists them.
ABILITIES = ("white", "plus", "swap", "material")
ABILITY_JA = {
    "white": "白のさいころ1個を0にするか2倍にする",
    "plus": "緑・赤・黒のさいころ1個を+1する",
    "swap": "緑と黒の目を入れ替える",
    "material": "資材1を入手するか、ストックに返す",
}
#: The footprints and their standards (家の規格): given by the text, fixed.
FOOTPRINTS = {"2x2": 1, "2x3": 2, "2x4": 3, "3x3": 4}
ROYAL = ("prince", "parents")
ROYAL_NAMES = {"prince": "王子と花嫁夫妻", "parents": "花嫁の両親"}
KEYS = ("lands", "land_values", "abilities", "kings_land", "default_layout", "material_sizes", "turn_materials",
        "round_materials", "house_materials", "footprints", "base_points", "penthouse", "roofs", "dice", "tenants")
#: The largest components file read.
MAX_FILE = 200_000


class Tenant(NamedTuple):
    """One tenant card (入居者カード): its people (icons), points and wished land types."""

    id: int
    name: str
    royal: str  # "prince", "parents" or ""
    people: int
    points: int
    lands: tuple[str, ...]


@dataclass(frozen=True)
class Components:
    """Every component value of one game, checked (see :func:`components`)."""

    lands: dict[int, str]
    land_values: dict[str, int]
    abilities: dict[str, str]
    kings_cells: tuple[tuple[int, int], ...]
    default_layout: tuple[str, ...]
    material_sizes: tuple[int, ...]
    turn_materials: tuple[int, ...]
    round_materials: tuple[int, ...]
    house_materials: tuple[tuple[int, ...], ...]
    base_points: dict[int, tuple[int, int, int]]
    penthouse_points: int
    penthouse_roof: int
    roof_counts: tuple[int, int, int, int]
    tenants: dict[int, Tenant]

    @property
    def max_size(self) -> int:
        """The largest material piece."""
        return self.material_sizes[-1]

    def land_type(self, land: int) -> str:
        return self.lands[land]

    def ability(self, land: int) -> str:
        """The ability of a land's card (by the land's type)."""
        return self.abilities[self.lands[land]]

    @staticmethod
    def footprint_area(footprint: str) -> int:
        rows, cols = footprint.split("x")
        return int(rows) * int(cols)

    @staticmethod
    def standard(footprint: str) -> int:
        return FOOTPRINTS[footprint]

    def base(self, standard: int, floors: int, penthouse: bool = False) -> int:
        """A house's base points (基礎点), which are also the people it can take."""
        return self.base_points[standard][floors - 1] + (self.penthouse_points if penthouse else 0)

    def pieces(self, squares: int) -> tuple[int, ...]:
        """``squares`` as material pieces: the largest pieces first (a red 7 gives a 6 and a 1).

        >>> components().pieces(14)
        (6, 6, 2)
        """
        return _pieces(squares, self.max_size)

    def house_supply(self, houses: int) -> tuple[int, ...]:
        table = self.house_materials
        return table[min(houses, len(table) - 1)]


def _fail(key: str, en: str, ja: str) -> NotationError:
    return NotationError(f"components {key!r}: {en}", f"コンポーネントの値「{key}」が正しくありません: {ja}")


def _int(value: Any, key: str, low: int, high: int, what: str = "a whole number") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(key, f"{what} from {low} to {high}, not {excerpt(value)}", f"{low}から{high}までの整数で指定します。")
    return value


def _list(value: Any, key: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, (list, tuple)) or (length is not None and len(value) != length):
        size = f" of {length}" if length is not None else ""
        raise _fail(key, f"a list{size} is expected, not {excerpt(value)}",
                    f"{'長さ' + str(length) + 'の' if length is not None else ''}リストで指定します。")
    return list(value)


def _mapping(value: Any, key: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(key, f"a mapping is expected, not {excerpt(value)}", "「名前: 値」の組で指定します。")
    return value


def _land_type(value: Any, key: str) -> str:
    if not isinstance(value, str) or value not in LAND_TYPES:
        raise _fail(key, f"a land type is one of {', '.join(LAND_TYPES)}, not {excerpt(value)}",
                    "土地の種類は芝生・石畳・煉瓦・泥土のどれかです。")
    return value


@lru_cache(maxsize=256)
def _pieces(squares: int, largest: int) -> tuple[int, ...]:
    from .rulings import red_pieces  # (rulings reads the components: imported here)

    return tuple(sorted(red_pieces(squares, largest), reverse=True))


@lru_cache(maxsize=1)
def load() -> dict[str, Any]:
    """The package's components file as it is (every entry with its value, source and reason)."""
    return json.loads(DATA_FILE.read_text(encoding="utf-8"))


def read_file(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A components file (JSON, the package's file's shape), as plain values by key."""
    try:
        p = Path(path)
        if not p.is_file():  # (a device or a pipe could be read for ever)
            raise OSError("not a regular file")
        with p.open("rb") as f:
            raw = f.read(MAX_FILE + 1)
        if len(raw) > MAX_FILE:
            raise NotationError(f"a components file is at most {MAX_FILE} bytes", "コンポーネントのファイルが大きすぎます。")
        data = json.loads(raw.decode("utf-8"))
    except NotationError:
        raise
    except (OSError, ValueError, RecursionError):
        raise NotationError(f"cannot read the components file {excerpt(str(path))}",
                            "コンポーネントのファイルが読めません(本書のコンポーネントのファイルと同じ書式のファイルを指定します)。") from None
    return plain(data)


def plain(data: Any) -> dict[str, Any]:
    """Component values by key, from a mapping whose entries are either ``{"value": ...}``
    (the file's shape) or the values themselves; only known keys (metadata is dropped)."""
    if not isinstance(data, Mapping):
        raise NotationError(f"components are a mapping of names to values, not {excerpt(data)}",
                            "コンポーネントの値は「名前: 値」の組で指定します。")
    out = {}
    for key, entry in data.items():
        if key in ("format", "game", "about"):
            continue
        if not isinstance(key, str) or key not in KEYS:
            raise NotationError(f"unknown component {excerpt(key)}; known: {', '.join(KEYS)}",
                                "コンポーネントにない名前です。")
        out[key] = entry["value"] if isinstance(entry, Mapping) and "value" in entry else entry
    return out


def overrides(option: Any) -> dict[str, Any]:
    """The option ``components`` as plain values by key (a path is read now, so a saved game
    holds the values themselves)."""
    if option is None:
        return {}
    if isinstance(option, (str, os.PathLike)):
        return read_file(option)
    values = plain(option)
    components(values)  # checked now, so a bad option is refused when the game is created
    return json.loads(json.dumps(values, ensure_ascii=False))


def components(values: Mapping[str, Any] | None = None) -> Components:
    """The checked components: the package's file with ``values`` (plain, by key) on top."""
    key = json.dumps(values or {}, sort_keys=True, ensure_ascii=False, default=repr)
    return _build(key)


@lru_cache(maxsize=32)
def _build(key: str) -> Components:
    values = {k: e["value"] for k, e in load().items() if isinstance(e, Mapping) and "value" in e}
    values.update(plain(json.loads(key)))
    return _check(values)


def _check(v: dict[str, Any]) -> Components:
    # lands: 16 tiles numbered 3-18 (the text), each of a type
    lands: dict[int, str] = {}
    for entry in _list(v["lands"], "lands", 16):
        entry = _mapping(entry, "lands")
        number = _int(entry.get("number"), "lands", 3, 18, "a land number")
        if number in lands:
            raise _fail("lands", f"land {number} is given twice", f"土地{number}が2回あります。")
        lands[number] = _land_type(entry.get("type"), "lands")
    values = _mapping(v["land_values"], "land_values")
    if set(values) != set(LAND_TYPES):
        raise _fail("land_values", "give a value for each of the four land types", "4種類の土地それぞれに価値を指定します。")
    land_values = {t: _int(values[t], "land_values", -10, 10) for t in LAND_TYPES}
    abilities_in = _mapping(v["abilities"], "abilities")
    if set(abilities_in) != set(LAND_TYPES):
        raise _fail("abilities", "give an ability for each of the four land types", "4種類の土地それぞれに特殊能力を指定します。")
    abilities = {}
    for t in LAND_TYPES:
        if abilities_in[t] not in ABILITIES:
            raise _fail("abilities", f"an ability is one of {', '.join(ABILITIES)}, not {excerpt(abilities_in[t])}",
                        "特殊能力は white・plus・swap・material のどれかです。")
        abilities[t] = abilities_in[t]
    cells = _list(_mapping(v["kings_land"], "kings_land").get("cells"), "kings_land")
    kings: list[tuple[int, int]] = []
    for cell in cells:
        cell = _list(cell, "kings_land", 2)
        kings.append((_int(cell[0], "kings_land", 0, 5), _int(cell[1], "kings_land", 0, 5)))
    if not 1 <= len(set(kings)) == len(kings) <= 4:
        raise _fail("kings_land", "one to four different squares", "王様の土地は1から4マスの異なるマスです。")
    top, left = min(r for r, _ in kings), min(c for _, c in kings)
    kings = sorted((r - top, c - left) for r, c in kings)
    joined = {kings[0]}
    for _ in kings:
        joined |= {k for k in kings if any(abs(k[0] - a) + abs(k[1] - b) == 1 for a, b in joined)}
    if len(joined) != len(kings):
        raise _fail("kings_land", "its squares must touch side to side", "王様の土地のマスは辺でつながっている必要があります。")
    layout = tuple(_list(v["default_layout"], "default_layout"))
    if not all(isinstance(row, str) and len(row) <= 100 for row in layout) or len(layout) > 6:
        raise _fail("default_layout", "at most 6 rows of text", "6行までの文字列で指定します。")
    sizes = [_int(s, "material_sizes", 1, 9) for s in _list(v["material_sizes"], "material_sizes")]
    if not sizes or sizes != list(range(1, len(sizes) + 1)) or len(sizes) < 4:
        raise _fail("material_sizes", "the sizes 1, 2, 3 ... up to the largest (at least 4: a gift is of 4 or more)",
                    "資材の大きさは1から順に最大まで(最大は4以上)です。")
    biggest = sizes[-1]
    turn = tuple(_int(s, "turn_materials", 0, biggest) for s in _list(v["turn_materials"], "turn_materials", 4))
    rounds = tuple(_int(s, "round_materials", 0, biggest) for s in _list(v["round_materials"], "round_materials", 5))
    houses = tuple(tuple(sorted((_int(s, "house_materials", 1, biggest) for s in _list(e, "house_materials")),
                                reverse=True))
                   for e in _list(v["house_materials"], "house_materials"))
    if not 1 <= len(houses) <= 20:
        raise _fail("house_materials", "1 to 20 entries (for 0, 1, 2 ... houses)", "家の数ごとの資材は1から20項目です。")
    feet = _mapping(v["footprints"], "footprints")
    if dict(feet) != FOOTPRINTS:
        raise _fail("footprints", "the text gives 2x2 = 1, 2x3 = 2, 2x4 = 3, 3x3 = 4; they cannot change",
                    "家の規格は本文のとおり(2×2=1・2×3=2・2×4=3・3×3=4)で、変えられません。")
    base_in = _mapping(v["base_points"], "base_points")
    if set(base_in) != {"1", "2", "3", "4"}:
        raise _fail("base_points", "give the points of each standard 1, 2, 3 and 4", "規格1から4それぞれの基礎点を指定します。")
    base = {int(s): tuple(_int(p, "base_points", 1, 30) for p in _list(base_in[s], "base_points", 3))
            for s in ("1", "2", "3", "4")}
    for s, row in base.items():
        if list(row) != sorted(set(row)):
            raise _fail("base_points", "a house with more floors is worth more", "階数が多いほど基礎点は大きくなります。")
    pent = _mapping(v["penthouse"], "penthouse")
    if pent.get("footprint") != "2x2":
        raise _fail("penthouse", "the text gives a 2x2 penthouse", "ペントハウスは本文のとおり2×2です。")
    pent_roof = _int(pent.get("roof"), "penthouse", 0, 4, "a roof standard (0: no roof)")
    pent_points = _int(pent.get("points"), "penthouse", 0, 30)
    roofs_in = _mapping(v["roofs"], "roofs")
    if set(roofs_in) != {"1", "2", "3", "4"}:
        raise _fail("roofs", "give a count for each standard 1, 2, 3 and 4", "規格1から4それぞれの屋根の数を指定します。")
    roofs = tuple(_int(roofs_in[s], "roofs", 0, 8) for s in ("1", "2", "3", "4"))
    if sum(roofs) != 8:
        raise _fail("roofs", f"the text gives 8 roof tokens each, not {sum(roofs)}", "屋根トークンは本文のとおり1人8個です。")
    if dict(_mapping(v["dice"], "dice")) != {"red": 1, "green": 1, "black": 1, "white": 3}:
        raise _fail("dice", "the text gives red, green, black and three white; they cannot change",
                    "さいころは本文のとおり赤・緑・黒・白3個で、変えられません。")
    tenants: dict[int, Tenant] = {}
    for entry in _list(v["tenants"], "tenants", 16):
        entry = _mapping(entry, "tenants")
        tid = _int(entry.get("id"), "tenants", 1, 16, "a card id")
        if tid in tenants:
            raise _fail("tenants", f"card {tid} is given twice", f"入居者カード{tid}が2回あります。")
        name = entry.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 20:
            raise _fail("tenants", "each card has a name of 1 to 20 characters", "カードの名前は1から20文字です。")
        royal = entry.get("royal", "")
        if royal not in ("", *ROYAL):
            raise _fail("tenants", "'royal' is 'prince', 'parents' or empty", "royal は prince・parents・空のどれかです。")
        wished = tuple(_land_type(t, "tenants") for t in _list(entry.get("lands"), "tenants"))
        if not wished or len(set(wished)) != len(wished):
            raise _fail("tenants", "each card wishes one to four different land types",
                        "入居したい土地は1から4種類の異なる種類です。")
        tenants[tid] = Tenant(tid, name, royal, _int(entry.get("people"), "tenants", 1, 30),
                              _int(entry.get("points"), "tenants", 0, 30),
                              tuple(t for t in LAND_TYPES if t in wished))
    for royal in ROYAL:
        found = [t for t in tenants.values() if t.royal == royal]
        if len(found) != 1 or found[0].name != ROYAL_NAMES[royal]:
            raise _fail("tenants", f"exactly one card {ROYAL_NAMES[royal]} (royal {royal!r}), as the text names it",
                        f"「{ROYAL_NAMES[royal]}」のカード(royal: {royal})がちょうど1枚必要です。")
    return Components(lands=dict(sorted(lands.items())), land_values=land_values, abilities=abilities,
                      kings_cells=tuple(kings), default_layout=layout, material_sizes=tuple(sizes),
                      turn_materials=turn, round_materials=rounds, house_materials=houses, base_points=base,
                      penthouse_points=pent_points, penthouse_roof=pent_roof, roof_counts=roofs,  # type: ignore[arg-type]
                      tenants=dict(sorted(tenants.items())))


def sources() -> dict[str, tuple[str, str]]:
    """Each key of the components file with its source and reason (for the book's table).

    >>> sources()["land_values"][0]
    'text'
    """
    return {k: (e["source"], e["why"]) for k, e in load().items() if isinstance(e, Mapping) and "value" in e}
