"""Components (コンポーネント): the data file, what the text gives, our assumptions, and a
reader's own values."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from gamelib import NotationError
from gamelib.newtown import NewtownState, components, data

FILE = Path(data.__file__).parent / "data" / "components.json"


def test_every_entry_says_where_it_comes_from_and_why() -> None:
    raw = json.loads(FILE.read_text(encoding="utf-8"))
    entries = {k: v for k, v in raw.items() if isinstance(v, dict) and "value" in v}
    assert set(entries) == set(data.KEYS)
    for key, entry in entries.items():
        assert entry["source"].split()[0] in ("text", "inferred", "assumption"), key
        assert len(entry["why"]) > 20, key
    assert (FILE.parent / "README.md").exists()


def test_what_the_text_gives() -> None:
    c = components()
    # 16 land tiles matched by three white dice: 3 to 18
    assert sorted(c.lands) == list(range(3, 19))
    # 建築ラウンドの決算: 芝生 +3, 石畳 +2, 煉瓦 +1, 泥土 0
    assert c.land_values == {"芝生": 3, "石畳": 2, "煉瓦": 1, "泥土": 0}
    # 8 roof tokens each
    assert sum(c.roof_counts) == 8
    # 16 tenant cards, two of them royal by name
    assert len(c.tenants) == 16
    royal = {t.royal: t.name for t in c.tenants.values() if t.royal}
    assert royal == {"prince": "王子と花嫁夫妻", "parents": "花嫁の両親"}
    # 家の規格 2×2 = 1, 2×3 = 2, 2×4 = 3, 3×3 = 4, penthouse 2×2
    assert [c.footprint_area(f) for f in ("2x2", "2x3", "2x4", "3x3")] == [4, 6, 8, 9]
    assert [c.standard(f) for f in ("2x2", "2x3", "2x4", "3x3")] == [1, 2, 3, 4]


def test_our_assumptions_as_the_data_file_states_them() -> None:
    c = components()
    assert Counter(c.lands.values()) == {"芝生": 4, "石畳": 4, "煉瓦": 4, "泥土": 4}
    assert [c.lands[x] for x in (3, 4, 17, 18)] == ["芝生"] * 4  # rare sums: the most valuable type
    assert [c.lands[x] for x in (9, 10, 11, 12)] == ["泥土"] * 4
    assert c.abilities == {"芝生": "white", "石畳": "plus", "煉瓦": "swap", "泥土": "material"}
    assert c.roof_counts == (2, 2, 2, 2)
    assert c.base(1, 1) == 1 and c.base(2, 3) == 6 and c.base(4, 3) == 12 and c.base(4, 1, penthouse=True) == 6
    assert c.material_sizes == (1, 2, 3, 4, 5, 6)
    assert c.turn_materials == (1, 2, 3, 4) and c.round_materials == (1, 2, 3, 4, 5)
    assert c.house_supply(0) == () and c.house_supply(3) == (3,) and c.house_supply(20) == (6, 2)


def test_house_capacity_is_base_points_so_every_family_fits_some_house() -> None:
    c = components()
    biggest = max(c.base(s, f) for s in (1, 2, 3, 4) for f in (1, 2, 3))
    assert all(1 <= t.people <= biggest for t in c.tenants.values())
    for t in c.tenants.values():
        assert t.lands and set(t.lands) <= set(c.land_values)


def test_pieces_split_by_the_largest_size() -> None:
    c = components()
    assert c.pieces(0) == () and c.pieces(4) == (4,) and c.pieces(7) == (6, 1) and c.pieces(13) == (6, 6, 1)


@pytest.mark.parametrize("override, words", [
    ({"roofs": {"1": 3, "2": 2, "3": 2, "4": 2}}, "8 roof tokens"),
    ({"land_values": {"芝生": 3}}, "four land types"),
    ({"lands": [{"number": 3, "type": "芝生"}] * 16}, "twice"),
    ({"lands": [{"number": n, "type": "草"} for n in range(3, 19)]}, "land type"),
    ({"footprints": {"2x2": 2, "2x3": 2, "2x4": 3, "3x3": 4}}, "cannot change"),
    ({"dice": {"red": 2, "green": 1, "black": 1, "white": 3}}, "cannot change"),
    ({"base_points": {"1": [3, 2, 1], "2": [2, 4, 6], "3": [3, 6, 9], "4": [4, 8, 12]}}, "more floors"),
    ({"abilities": {"芝生": "fly", "石畳": "plus", "煉瓦": "swap", "泥土": "material"}}, "ability"),
    ({"material_sizes": [1, 2, 3]}, "largest"),
    ({"penthouse": {"footprint": "3x3", "roof": 1, "points": 2}}, "2x2"),
    ({"tenants": []}, "list of 16"),
    ({"no_such": 1}, "unknown component"),
    ([1, 2], "mapping"),
])
def test_other_values_are_checked_with_clear_errors(override: object, words: str) -> None:
    with pytest.raises(NotationError, match=words) as info:
        NewtownState.new(2, {"components": override})
    assert info.value.message_ja != NotationError("x").message_ja


def test_a_reader_can_play_with_other_values() -> None:
    mine = {"base_points": {"1": [2, 3, 4], "2": [3, 5, 7], "3": [4, 7, 10], "4": [5, 9, 13]},
            "roofs": {"value": {"1": 4, "2": 2, "3": 1, "4": 1}, "source": "my box"}}
    state = NewtownState.new(3, {"components": mine}, seed=2)
    assert state.comp.base(1, 1) == 2 and state.roofs[0] == (4, 2, 1, 1)
    loaded = NewtownState.from_json(state.to_json())
    assert loaded == state and loaded.comp.base(4, 3) == 13


def test_a_components_file_is_read_once_and_saved_as_values(tmp_path: Path) -> None:
    raw = json.loads(FILE.read_text(encoding="utf-8"))
    raw["roofs"]["value"] = {"1": 1, "2": 3, "3": 3, "4": 1}
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    state = NewtownState.new(2, {"components": str(path)}, seed=3)
    assert state.roofs[1] == (1, 3, 3, 1)
    saved = json.loads(state.to_json())
    assert saved["options"]["components"]["roofs"] == {"1": 1, "2": 3, "3": 3, "4": 1}
    path.unlink()  # the save does not need the file any more
    assert NewtownState.from_json(state.to_json()) == state
    with pytest.raises(NotationError, match="cannot read"):
        NewtownState.new(2, {"components": str(tmp_path / "missing.json")})


def test_a_save_never_makes_the_loader_read_a_file(tmp_path: Path) -> None:
    """A save from elsewhere named a path in ``components``: loading read it (any readable file's
    values went into the game), and ``/dev/zero`` never returned.  A save holds values only."""
    raw = json.loads(FILE.read_text(encoding="utf-8"))
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    saved = json.loads(NewtownState.new(2, {}, seed=0).to_json())
    for where in (str(path), "/dev/zero", ["x"], 3):
        saved["options"] = {"components": where}
        with pytest.raises(NotationError, match="holds values") as refused:
            NewtownState.from_json(json.dumps(saved))
        assert "ファイルの場所ではなく値そのもの" in refused.value.message_ja
    # a device is no components file, even when a game is created with it
    with pytest.raises(NotationError, match="cannot read"):
        NewtownState.new(2, {"components": "/dev/zero"})
