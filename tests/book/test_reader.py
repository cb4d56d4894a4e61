"""The book as a reader meets it, checked on the committed notebooks (no build needed):
code folded, results as Japanese words, refused moves as rule boxes, every picture a real
position with legible labels, unbroken Japanese paragraphs, no code named in the prose,
and the own-words guard."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import nbformat
import pytest

from gamelib import positions

from .copyguard import SEEDS, copied_runs, markdown_page

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "book").rglob("*.ipynb"))
PAGES = NOTEBOOKS + sorted((ROOT / "book").glob("*.md"))
#: The appendix may name the machinery (modules, commands, option keys) in code spans.
APPENDIX = ROOT / "book" / "appendix.md"
CHAPTERS = ["kingdomino", "kabaleo", "dragonkeeper", "newtown", "dominoes_set", "dominomega", "dominup", "dominimum",
            "tree"]
CJK = "\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uff00-\uffef"
#: What a Python value looks like when it is printed instead of said.
PYTHON_VALUE = re.compile(r"\[\s*['\"\d(\[]|\{\s*['\"]|\bTrue\b|\bFalse\b|\bNone\b|Traceback|Error\b|\(\d+, \d+\)")


def _ids(paths: list[Path]) -> list[str]:
    return [p.name for p in paths]


def _shown_cells(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    """Code cells whose output the page shows."""
    return [c for c in nb.cells if c.cell_type == "code"
            and not {"remove-output", "remove-cell"} & set(c.metadata.get("tags", []))]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_code_is_folded_or_removed(path: Path) -> None:
    """The site shows no code unless the reader opens it."""
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            tags = set(cell.metadata.get("tags", []))
            assert tags & {"hide-input", "remove-input", "remove-cell"}, f"{path.name}: {cell.source[:60]!r}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_results_are_pictures_tables_or_sentences_never_python_values(path: Path) -> None:
    """No traceback, no printed text, no bare repr: every shown output is a picture or HTML
    (a rule box, a result box, a table) whose text form is Japanese."""
    nb = nbformat.read(path, as_version=4)
    for cell in _shown_cells(nb):
        assert "raises-exception" not in cell.metadata.get("tags", []), f"{path.name}: show a refusal with refused()"
        for out in cell.outputs:
            where = f"{path.name}: {cell.source[:60]!r}"
            assert out.output_type not in ("error", "stream"), f"{where} prints {out.output_type}"
            data = out.get("data", {})
            if "application/vnd.jupyter.widget-view+json" in data:
                continue  # a live board; its picture is checked below
            assert {"text/html", "image/svg+xml"} & set(data), f"{where} shows a bare value"
            text = "".join(data.get("text/plain", ""))
            assert not PYTHON_VALUE.search(text), f"{where}: {text[:120]!r}"
            if "text/html" in data:
                assert not PYTHON_VALUE.search(re.sub(r"<[^>]+>", "", "".join(data["text/html"]))), where


def _pictures() -> list[tuple[str, dict]]:
    found = []
    for path in NOTEBOOKS:
        nb = nbformat.read(path, as_version=4)
        for i, cell in enumerate(_shown_cells(nb)):
            for out in cell.outputs:
                if "image/svg+xml" in out.get("data", {}):
                    found.append((f"{path.stem}[{i}]", out))
    return found


PICTURES = _pictures()


def test_the_book_has_pictures() -> None:
    assert len(PICTURES) > 40


@pytest.mark.parametrize("where,out", PICTURES, ids=[w for w, _ in PICTURES])
def test_every_picture_is_a_position_real_components_can_make(where: str, out: dict) -> None:
    meta = out.get("metadata", {}).get("rulebook")
    assert meta, f"{where}: a picture must say what position it shows (Picture(..., position=(kind, text)))"
    positions.check(meta["kind"], meta["position"])


@pytest.mark.parametrize("where,out", PICTURES, ids=[w for w, _ in PICTURES])
def test_picture_labels_are_legible_on_a_phone(where: str, out: dict) -> None:
    """Pictures are shown at their own size (they scroll sideways on a phone, never shrink),
    so every label must be at least 10 px; labels speak Japanese, not Latin letters."""
    svg = "".join(out["data"]["image/svg+xml"])
    sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', svg)]
    assert not sizes or min(sizes) >= 10, f"{where}: a label of {min(sizes)} px"
    labels = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    latin = [t for t in labels if re.search(r"[A-Za-z]", t)]
    assert not latin, f"{where}: labels in Latin letters {latin[:5]}"
    # (nor between Japanese and a number: 「山の数 9」 on カバレオ's final tables)
    spaced = [t for t in labels if re.search(f"[{CJK}][ \\u00a0]+[{CJK}0-9]|[{CJK}0-9][ \\u00a0]+[{CJK}]", t)]
    assert not spaced, f"{where}: labels with a space between Japanese characters {spaced[:5]}"


@pytest.mark.parametrize("path", PAGES, ids=_ids(PAGES))
def test_japanese_paragraphs_are_unbroken(path: Path) -> None:
    """A line break between two Japanese characters shows as a space on the page."""
    cells = [path.read_text(encoding="utf-8")] if path.suffix == ".md" else [
        c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown"]
    # Emphasis markers are no characters on the page: 「**王国**\nを」 and 「。** ミッション」 break too.
    cells = [re.sub(r"\*\*|(?<![\s*])\*(?![\s*])", "", c).replace("王様の新しい街 さいころニュータウン", "") for c in cells]
    cells = [re.sub(r"^```.*?^```", "", c, flags=re.S | re.M) if c.lstrip().startswith("```{code") else c for c in cells]
    # (a half-width 「? 」 inside Japanese prose too: 「現れたら? 番人たちは」)
    bad = [m for text in cells for m in re.findall(f".{{0,4}}[{CJK}][?!]?(?:[ \t]*\n[ \t]*| +)[{CJK}].{{0,4}}", text)
]
    assert not bad, f"{path.name}: {bad[:5]}"


@pytest.mark.parametrize("path", PAGES, ids=_ids(PAGES))
def test_bold_runs_close(path: Path) -> None:
    """CommonMark does not close ``**…。**`` before a letter: the reader would see the stars."""
    for line in _markdown(path).splitlines():
        parts = line.split("**")
        assert len(parts) % 2 == 1, f"{path.name}: unbalanced ** in {line[:60]!r}"
        for i in range(1, len(parts) - 1, 2):
            closing_after_punct = parts[i] and unicodedata.category(parts[i][-1]).startswith("P")
            next_char = parts[i + 1][:1]
            assert not (closing_after_punct and next_char and not next_char.isspace()
                        and not unicodedata.category(next_char).startswith("P")), f"{path.name}: **{parts[i]}**{next_char}"


@pytest.mark.parametrize("path", [p for p in PAGES if p != APPENDIX], ids=_ids([p for p in PAGES if p != APPENDIX]))
def test_reader_text_names_no_code(path: Path) -> None:
    """No module, option key, file, command or test in the prose (the appendix may)."""
    text = _markdown(path)
    prose = re.sub(r"^\(([\w-]+)\)=$|\{ref\}`[^`]*`|\{[a-z-]+\}|:(?:class|color): \w+|^```.*$|^:::.*$|\]\([\w./#-]+\)", "", text,
                   flags=re.M)
    assert not re.findall(r"`[^`]+`", prose), f"{path.name}: code spans {re.findall(r'`[^`]+`', prose)[:5]}"
    words = re.findall(r"[A-Za-z_][A-Za-z_.]*[A-Za-z_]", prose)
    assert not [w for w in words if w not in ALLOWED_WORDS], f"{path.name}: {sorted(set(words) - ALLOWED_WORDS)[:12]}"


@pytest.mark.parametrize("path", [p for p in PAGES if p != APPENDIX], ids=_ids([p for p in PAGES if p != APPENDIX]))
def test_the_site_speaks_of_no_notebook(path: Path) -> None:
    """ノートブック and セル are the machinery's words (the appendix explains them): on the site a
    chapter's prose never uses them. A chapter with a board tells a reader in JupyterLab how to
    start it in a cell of its own, which the site leaves out (tagged ``remove-cell``)."""
    if path.suffix == ".md":
        shown, lab_only = path.read_text(encoding="utf-8"), ""
    else:
        cells = [c for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown"]
        shown = "\n".join(c.source for c in cells if "remove-cell" not in c.metadata.get("tags", []))
        lab_only = "\n".join(c.source for c in cells if "remove-cell" in c.metadata.get("tags", []))
    assert not re.findall(r"ノートブック|セル(?!フ)", shown), f"{path.name}: {re.findall(r'.{0,20}(?:ノートブック|セル).{0,10}', shown)[:3]}"
    if "## 盤面で遊ぶ" in shown:
        assert "すべてのセルを実行すると" in lab_only, path.name


#: Latin words the prose may use (link targets are left out before the check).
ALLOWED_WORDS: set[str] = set()


def _markdown(path: Path) -> str:
    if path.suffix == ".md":
        return path.read_text(encoding="utf-8")
    return "\n".join(c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown")


def _page_text(path: Path) -> str:
    """What the page says: its Markdown and the text of its shown outputs."""
    if path.suffix == ".md":
        return markdown_page(path.read_text(encoding="utf-8"))
    nb = nbformat.read(path, as_version=4)
    parts = []
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            parts.append(markdown_page(cell.source))
        elif cell in _shown_cells(nb):
            for out in cell.outputs:
                parts.append("".join(out.get("data", {}).get("text/plain", "")))
    return "\n".join(parts)


@pytest.mark.skipif(not SEEDS.exists(), reason="the shared seed texts are not beside this checkout")
@pytest.mark.parametrize("path", PAGES, ids=_ids(PAGES))
def test_own_words_no_run_of_14_letters_of_a_source(path: Path) -> None:
    runs = copied_runs(_page_text(path))
    assert not runs, f"{path.name}: {runs[::6][:8]}"


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_each_chapter_opens_with_the_games_facts_and_their_sources(chapter: str) -> None:
    """A box 「ゲームの情報」 near the top: designer, publisher, year, players, each with its source."""
    nb = nbformat.read(ROOT / "book" / f"{chapter}.ipynb", as_version=4)
    head = "\n".join(c.source for c in nb.cells[:4] if c.cell_type == "markdown")
    box = re.search(r"```\{admonition\} ゲームの情報\n(.*?)\n```", head, re.S)
    assert box, f"{chapter}: no 「ゲームの情報」 box at the start"
    for key in ("デザイナー", "出版社", "年", "人数", "出典"):
        assert key in box.group(1), f"{chapter}: the facts box says nothing of {key}"


def test_front_page_links_every_chapter_and_marks_the_rest_as_coming() -> None:
    index = (ROOT / "book" / "index.md").read_text(encoding="utf-8")
    for chapter in CHAPTERS:
        assert f"({chapter}.ipynb)" in index, chapter
    assert "準備中" not in index
    assert (ROOT / "book" / "appendix.md").exists()
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    assert "book/appendix" in toc


def test_refused_moves_are_shown_in_every_chapter_that_has_rules_to_break() -> None:
    for chapter in ("kingdomino", "kabaleo", "dragonkeeper", "newtown", "dominomega", "dominup", "dominimum", "tree"):
        nb = nbformat.read(ROOT / "book" / f"{chapter}.ipynb", as_version=4)
        boxes = [o for c in _shown_cells(nb) for o in c.outputs
                 if 'class="rulebook-refused"' in "".join(o.get("data", {}).get("text/html", ""))]
        assert boxes, chapter
        for box in boxes:
            plain = "".join(box["data"]["text/plain"])
            assert re.search(f"[{CJK}]", plain) and "ルール: #" in plain, plain


def test_json_metadata_of_pictures_is_plain() -> None:
    """The position metadata survives a JSON round trip (it is what the test reads)."""
    for where, out in PICTURES:
        meta = out.get("metadata", {}).get("rulebook")
        if meta:
            assert json.loads(json.dumps(meta)) == meta, where


@pytest.mark.parametrize("chapter", ["kingdomino", "kabaleo", "dragonkeeper", "newtown", "dominomega", "dominup",
                                     "dominimum", "tree"])
def test_the_notation_is_explained_once_in_a_box(chapter: str) -> None:
    """Where a chapter writes cells, tiles or piles in text, one 表記 box explains how, once."""
    text = _markdown(ROOT / "book" / f"{chapter}.ipynb")
    assert len(re.findall(r"```\{admonition\} 表記\n", text)) == 1, chapter


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_tables_write_negative_numbers_with_a_true_minus_sign(path: Path) -> None:
    """A table cell reads 「−5」, as the prose writes it, never a hyphen 「-5」."""
    nb = nbformat.read(path, as_version=4)
    for cell in _shown_cells(nb):
        for out in cell.get("outputs", []):
            html = "".join(out.get("data", {}).get("text/html", ""))
            assert not re.search(r"<t[dh][^>]*>\s*-\d", html), f"{path.name}: a hyphen for a minus in a table"


def test_front_page_and_table_of_contents_list_the_chapters_in_one_order() -> None:
    """The front page's list and the book's contents (sidebar, 前へ/次へ) agree: the sources' order."""
    index = (ROOT / "book" / "index.md").read_text(encoding="utf-8")
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    front = re.findall(r"\]\(([a-z_]+)\.ipynb\)", index)
    contents = [c for c in re.findall(r"file: book/([a-z_]+)", toc) if c not in ("appendix", "boards")]  # (the games only)
    assert front == contents, (front, contents)


def test_dragon_keeper_names_cells_as_its_pictures_number_them() -> None:
    """Rows and columns are counted from 1 in the reader's text, as beside the pictures and in the
    domino chapters (「3行2列」, 「1行目」); never the notation's 「マス2,1」 or 「行0」."""
    text = _page_text(ROOT / "book" / "dragonkeeper.ipynb")
    assert not re.findall(r"マス\d,\d|(?<![\d第])[行列]\d", text)
    assert "3行2列" in text and "1行目" in text and "手順1" in text and "手番の1" not in text
