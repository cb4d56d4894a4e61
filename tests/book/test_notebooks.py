"""The book's notebooks: committed executed, without widget state, with the anchors gamelib's
errors name, the chapter's sections in the source's order, rulings stated.

nbval itself runs over every notebook as part of the same pytest run (``--nbval``); what the reader
sees (folded code, Japanese results, real positions, own words) is checked in ``test_reader.py``."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

import gamelib

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "book").rglob("*.ipynb"))
#: Each game's chapter (the registry name → the notebook).
CHAPTERS = {name: ROOT / "book" / f"{name}.ipynb"
            for name in ("kingdomino", "kabaleo", "dragonkeeper", "newtown", "dominomega", "dominup", "dominimum",
                         "tree")}
#: The source texts' section headings, in their order (facts, kept as they are).
SOURCE_SECTIONS = {
    "kingdomino": ["目的", "このゲームで使うもの", "ゲームの準備", "プレイ", "手番順", "手番でやること",
                   "ドミノの配置ルール", "ゲーム終了と得点計算", "ヴァリアント"],
    "kabaleo": ["目的", "コンポーネント", "セットアップ", "プレイ", "ベースに置く場合", "山に置く場合",
                "全般的なルール", "ゲーム終了"],
    "dragonkeeper": ["目的", "このゲームで使うもの", "ゲームの目的", "セットアップ", "プレイ", "手番でやること",
                     "階層の切り替え", "特別アクションを持つタイル", "ゲーム終了と得点計算"],
}
#: さいころニュータウン's text marks its sections ◆, ◇ and ● (its own headings, kept as they are).
SEEDS = ROOT.parent / "shared" / "seeds"
SOURCE_SECTIONS["newtown"] = re.findall(r"^[◆◇●]\s*(.+?)\s*$",
                                        (SEEDS / "004_49c3d4f20d9d44a5.txt").read_text(encoding="utf-8"), re.M)
#: How many points of shared/rule-questions.md each chapter must answer with a 裁定.
MIN_RULINGS = {"kingdomino": 8, "kabaleo": 5, "dragonkeeper": 13, "newtown": 13, "dominomega": 2, "dominup": 2,
               "dominimum": 2, "tree": 2}


def _markdown(path: Path) -> str:
    nb = nbformat.read(path, as_version=4)
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def test_there_are_book_notebooks() -> None:
    assert NOTEBOOKS and all(p.exists() for p in CHAPTERS.values())


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_every_code_cell_was_executed_and_no_widget_state_is_saved(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code" and c.source.strip()]
    unexecuted = [i for i, c in enumerate(code) if c.execution_count is None]
    assert not unexecuted, f"{path.name}: code cells {unexecuted} were never executed (run `make notebooks`)"
    counts = [c.execution_count for c in code]
    assert counts == list(range(1, len(code) + 1)), f"{path.name}: cells were not run once, top to bottom"
    assert "widgets" not in nb.metadata, f"{path.name}: saved widget state is committed"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_no_cell_raises(path: Path) -> None:
    """A refused move is shown as a rule box (widgets.reader.refused), never as a traceback."""
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert not [o for o in cell.outputs if o.output_type == "error"], f"{path.name}: {cell.source[:40]!r}"
            assert "raises-exception" not in cell.metadata.get("tags", [])


@pytest.mark.parametrize("game", sorted(CHAPTERS))
def test_every_section_that_errors_name_is_an_anchor_in_the_chapter(game: str) -> None:
    text = _markdown(CHAPTERS[game])
    labels = set(re.findall(r"^\(([\w-]+)\)=\s*$", text, re.M))
    assert set(gamelib.get_game(game).rule_sections) <= labels


@pytest.mark.parametrize("game", sorted(SOURCE_SECTIONS))
def test_sections_follow_the_source_order(game: str) -> None:
    """Every section of the source is a heading of the chapter, in the source's order (a
    heading the source uses twice, twice)."""
    headings = re.findall(r"^#{2,4} (.+)$", _markdown(CHAPTERS[game]), re.M)  # (a source ● may be a ####)
    assert len(SOURCE_SECTIONS[game]) >= 8
    at = -1
    for section in SOURCE_SECTIONS[game]:
        assert section in headings[at + 1:], f"「{section}」 is not a heading after 「{headings[at] if at >= 0 else ''}」"
        at = headings.index(section, at + 1)


@pytest.mark.parametrize("game", ["dominomega", "dominup", "dominimum", "tree"])
def test_domino_chapters_follow_the_text_in_order(game: str) -> None:
    """The domino text has no headings of its own: its paragraphs' anchors come in order."""
    text = _markdown(CHAPTERS[game])
    positions = [text.index(f"({anchor})=") for anchor in gamelib.get_game(game).rule_sections]
    assert positions == sorted(positions)


@pytest.mark.parametrize("game", sorted(CHAPTERS))
def test_each_chapter_ends_its_rules_with_a_summary_that_links_its_sections(game: str) -> None:
    """A quick-reference summary at the end of the rules, as good printed rulebooks have (a
    reviewer found none): 「ルールのまとめ」 right before the board, each of its links to a
    section of the chapter (or of the domino set's) titled with that section's heading."""
    nb = nbformat.read(CHAPTERS[game], as_version=4)
    cells = [c.source for c in nb.cells if c.cell_type == "markdown"]
    at = [i for i, text in enumerate(cells) if text.startswith(f"({game}-summary)=\n## ルールのまとめ\n")]
    assert len(at) == 1, f"{game}: no summary section"
    summary = cells[at[0]]
    assert cells[at[0] + 1].startswith("## 盤面で遊ぶ") or cells[at[0] + 1].startswith(f"({game}-board)=")
    assert len(re.findall(r"^- \*\*", summary, re.M)) >= 5
    headings = {}
    for path in (CHAPTERS[game], ROOT / "book" / "dominoes_set.ipynb"):
        for label, heading in re.findall(r"^\(([\w-]+)\)=\n#+ (.+)$", _markdown(path), re.M):
            headings[label] = heading
    links = re.findall(r"\{ref\}`([^`<]*?)\s*<([^`>]+)>`", summary)
    assert links
    for title, label in links:
        assert headings.get(label) == title, (game, label, title, headings.get(label))
    assert len({label for _, label in links}) >= 3, game


def test_the_set_chapter_has_its_anchor() -> None:
    assert "(dominoes-set)=" in _markdown(ROOT / "book" / "dominoes_set.ipynb")


@pytest.mark.parametrize("game", sorted(CHAPTERS))
def test_rulings_are_stated_as_admonitions(game: str) -> None:
    text = _markdown(CHAPTERS[game])
    assert len(re.findall(r"```\{admonition\} 裁定\n", text)) >= MIN_RULINGS[game]


def test_the_optional_rulings_are_named_in_the_appendix() -> None:
    """The chapters describe each alternative in words; the appendix names the option keys."""
    appendix = (ROOT / "book" / "appendix.md").read_text(encoding="utf-8")
    for option in ("three_player_rule", "first_claims", "middle_kingdom_rule", "two_player_scoring"):
        assert option in appendix, option


def test_every_option_the_appendix_names_is_accepted_with_every_value_it_lists() -> None:
    import json

    games = {"キングドミノ": "kingdomino", "カバレオ": "kabaleo", "ドラゴンキーパー": "dragonkeeper",
             "さいころニュータウン": "newtown", "ドミノメガ": "dominomega", "ドミナップ": "dominup", "ドミニマム": "dominimum",
             "ザ・ツリー": "tree"}
    appendix = (ROOT / "book" / "appendix.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\S+) \| `(\w+)` \| ([^|]+) \|", appendix, re.M)
    assert len(rows) >= 10
    for game, key, values in rows:
        cls = gamelib.get_game(games[game])
        for value in re.findall(r"`([^`]+)`", values):
            parsed = json.loads(value.replace("True", "true").replace("False", "false").replace("None", "null"))
            accepted = []
            for players in range(cls.min_players, cls.max_players + 1):
                try:
                    cls.new(players, {key: parsed}, seed=0)
                    accepted.append(players)
                except ValueError:
                    pass
            assert accepted, (game, key, value)
        with pytest.raises(ValueError):
            cls.new(cls.max_players, {key: "no such value"}, seed=0)


def test_the_appendix_names_each_option_by_its_board_setting() -> None:
    """The chapters send a reader to the board's settings by their labels (「3人の遊び方」...);
    the appendix's option table gives each key the label its board shows, and lists every
    option a board offers (a reviewer could not tell which key a label set)."""
    from widgets.dominoes import DominupController, TreeController
    from widgets.dragonkeeper import DragonKeeperController
    from widgets.kabaleo import KabaleoController
    from widgets.kingdomino import KingdominoController
    from widgets.newtown import NewtownController

    controllers = {"キングドミノ": KingdominoController, "カバレオ": KabaleoController,
                   "ドラゴンキーパー": DragonKeeperController, "さいころニュータウン": NewtownController,
                   "ドミナップ": DominupController, "ザ・ツリー": TreeController}
    appendix = (ROOT / "book" / "appendix.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\S+) \| `(\w+)` \| [^|]+ \| ([^|]+) \| [^|]+ \|$", appendix, re.M)
    shown = {(game, key): label.strip() for game, key, label in rows}
    assert len(shown) >= 30
    for game, cls in controllers.items():
        labels = {c.key: c.label for c in cls.option_controls}
        for key, label in labels.items():
            assert shown.get((game, key)) == f"「{label}」", (game, key, shown.get((game, key)), label)
        for (where, key), label in shown.items():
            if where == game and key not in labels:
                assert label == "—", (game, key, label)


def test_the_appendix_strength_table_and_chart_come_from_the_arena_results() -> None:
    """The appendix shows the arena's results as they are in ``book/data/strength``: its table
    and chart are what ``tools/strength_chart.py`` makes of those files (run it after a match)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("strength_chart", ROOT / "tools" / "strength_chart.py")
    tool = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(tool)  # type: ignore[union-attr]
    matches = tool.load()
    assert matches, "no arena results in book/data/strength"
    appendix = (ROOT / "book" / "appendix.md").read_text(encoding="utf-8")
    assert tool.table(matches) in appendix, "run tools/strength_chart.py and paste its table into the appendix"
    assert (ROOT / "book" / "images" / "strength.svg").read_text(encoding="utf-8") == tool.chart(matches) + "\n"


#: Calls whose value is what the reader sees (a sentence, a table, a rule box, a picture).
SHOWN = re.compile(r"say|refused|Table|\w+_picture|Replay")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_nothing_meant_for_the_reader_is_dropped(path: Path) -> None:
    """Only a cell's last expression is shown: a sentence, table or picture built by a statement
    before it (a check added after a closing 「say(...)」 did this) is thrown away unseen.
    Shown earlier, it must go through display()."""
    import ast

    nb = nbformat.read(path, as_version=4)
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code" or not cell.source.strip():
            continue
        body = ast.parse(cell.source).body
        for statement in body[:-1]:
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
                func = statement.value.func
                name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
                assert not SHOWN.fullmatch(name), f"{path.name} cell {i}: {name}(...) is built but never shown"


@pytest.mark.parametrize("game", list(CHAPTERS))
def test_the_board_cell_runs_alone(game: str) -> None:
    """A reader who opens the chapter in JupyterLab and runs only the board's cell (or the
    replay's) gets the board, not a NameError: the cell imports what it uses."""
    nb = nbformat.read(CHAPTERS[game], as_version=4)
    cells = [c.source for c in nb.cells if c.cell_type == "code"
             and re.match(r"(from \S+ import \w+.*\n+)?(board = \w+Board\(|Replay\()", c.source)]
    assert len(cells) == 2, cells  # the board and the replay
    namespace: dict = {}
    exec(compile(cells[0], f"{game} board cell", "exec"), namespace)
    assert type(namespace["board"]).__name__.endswith("Board")
    namespace = {}
    exec(compile(cells[1], f"{game} replay cell", "exec"), namespace)  # (a NameError if it imports nothing)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_cross_reference_carries_its_own_japanese_title(path: Path) -> None:
    """A bare 「{ref}`dragonkeeper-specials`」 takes its words from the section's heading, which
    only the book's build finds: JupyterLab's MyST renderer could not resolve it (a tester saw
    its console warn) and has only the label, English, to show.  Each carries its words."""
    text = _markdown(path)
    bare = re.findall(r"\{ref\}`([^`<]*)`", text)
    assert not bare, f"{path.name}: {bare}"
    for title, label in re.findall(r"\{ref\}`([^`<]*?)\s*<([^`>]+)>`", text):
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", title), f"{path.name}: {label} titled {title!r}"
