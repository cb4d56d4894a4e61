"""The built static site: a clean build, the chapter's anchors and pictures, no network needed."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlparse

import pytest

import nbformat

import gamelib

ROOT = Path(__file__).resolve().parents[2]


def _svg_outputs(chapter: str) -> int:
    nb = nbformat.read(ROOT / "book" / f"{chapter}.ipynb", as_version=4)
    return sum("image/svg+xml" in o.get("data", {}) for c in nb.cells if c.cell_type == "code" for o in c.outputs)


def test_book_builds_without_warnings(built_site: Path) -> None:
    index = (built_site / "book" / "index.html").read_text(encoding="utf-8")
    assert "遊べるルールブック" in index and 'lang="ja"' in index


def test_the_front_pages_title_and_door_are_the_books(built_site: Path) -> None:
    """The front page's tab reads the book's title once (it had read it twice, joined by a dash);
    the site's root address is a Japanese page that sends the reader there, with a link for a
    browser that does not follow it; no empty general index is published."""
    index = (built_site / "book" / "index.html").read_text(encoding="utf-8")
    assert re.search(r"<title>\s*遊べるルールブック\s*</title>", index)
    chapter = (built_site / "book" / "kingdomino.html").read_text(encoding="utf-8")
    assert re.search(r"<title>キングドミノ &#8212; 遊べるルールブック</title>", chapter)
    door = (built_site / "index.html").read_text(encoding="utf-8")
    assert 'lang="ja"' in door and 'url=book/index.html"' in door and '<a href="book/index.html">' in door
    assert not (built_site / "genindex.html").exists()


def test_a_chapters_title_linked_in_the_text_breaks_only_between_its_words(built_site: Path) -> None:
    """On a phone the front page's list of games broke 「…コーディング・ドミ/ノ」: a chapter's
    title linked in the text may break only after 「・」 or 「:」 (the style sheet keeps the rest)."""
    index = (built_site / "book" / "index.html").read_text(encoding="utf-8")
    assert '<span class="std std-doc">ダブルセブン・<wbr>バイナリコーディング・<wbr>ドミノ</span>' in index
    assert '<span class="std std-doc">ドラゴンキーパー:<wbr>ザ・<wbr>ダンジョン</span>' in index
    # a summary's links to sections too (「手/番順」 had broken on a phone)
    chapter = (built_site / "book" / "newtown.html").read_text(encoding="utf-8")
    assert '<span class="std std-ref">4.やり繰り・<wbr>仕入れフェイズ</span>' in chapter
    css = (ROOT / "book" / "_static" / "rulebook.css").read_text(encoding="utf-8")
    assert re.search(r"main span\.std-doc, main span\.std-ref \{ word-break: keep-all;", css)
    appendix = (built_site / "book" / "appendix.html").read_text(encoding="utf-8")
    assert 'class="rulebook-options' in appendix  # (its column of names: a browser test)


@pytest.mark.parametrize("game", ["kingdomino", "kabaleo", "dragonkeeper", "newtown", "dominomega", "dominup",
                                  "dominimum", "tree"])
def test_every_rule_anchor_is_on_the_chapter_page(built_site: Path, game: str) -> None:
    html = (built_site / "book" / f"{game}.html").read_text(encoding="utf-8")
    for anchor in gamelib.get_game(game).rule_sections:
        assert f'id="{anchor}"' in html, anchor


def test_the_site_loads_no_script_from_elsewhere(built_site: Path) -> None:
    html = (built_site / "book" / "kingdomino.html").read_text(encoding="utf-8")
    scripts = re.findall(r'<script[^>]*\ssrc="([^"]+)"', html)
    assert any("jupyter-widgets/embed-amd.js" in s for s in scripts)
    assert not [s for s in scripts if urlparse(s).scheme in ("http", "https")], scripts
    assert (built_site / "_static" / "jupyter-widgets" / "ipycanvas" / "index.js").exists()


@pytest.mark.browser
def test_kingdomino_page_in_chromium_shows_its_boards_and_no_request_fails(browser, site_url: str) -> None:
    page = browser.new_page()
    failed, bad, outside, errors = [], [], [], []
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.on("response", lambda r: bad.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("request", lambda r: outside.append(r.url) if urlparse(r.url).hostname not in ("127.0.0.1",) and not r.url.startswith("data:") else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{site_url}/book/kingdomino.html", wait_until="networkidle")
    page.wait_for_timeout(500)
    pictures = page.locator("img[src$='.svg']")
    assert pictures.count() == _svg_outputs("kingdomino")  # every picture, the live board's included
    sizes = page.evaluate(
        "() => [...document.querySelectorAll(\"img[src$='.svg']\")].map(i => [i.naturalWidth, i.complete])"
    )
    assert all(w > 0 and done for w, done in sizes), sizes
    pictures.last.scroll_into_view_if_needed()
    assert pictures.last.is_visible()
    assert page.locator("#kingdomino-placement").count() == 1
    assert "裁定" in page.inner_text("main")
    assert not failed and not bad and not outside, (failed, bad, outside)
    assert not errors, errors
    page.close()


@pytest.mark.browser
@pytest.mark.parametrize("folder", ["", "/rulebook"])
def test_a_missing_address_gets_a_japanese_page_that_leads_to_the_front(browser, built_site: Path, site_url: str,
                                                                         folder: str) -> None:
    """As a host serves a site at its root or in a folder of its own (a project's GitHub Pages):
    a missing address at any depth gets the site's ``404.html``, whose link reaches the front page."""
    not_found = (built_site / "404.html").read_text(encoding="utf-8")
    page = browser.new_page()

    def host(route) -> None:
        path = urlparse(route.request.url).path
        if not path.startswith(folder + "/"):
            route.fulfill(status=404, body="")
            return
        inside = path[len(folder) + 1:] or "index.html"
        file = built_site / inside
        if file.is_file():
            route.fulfill(status=200, path=str(file))
        else:
            route.fulfill(status=404, body=not_found, content_type="text/html; charset=utf-8")

    page.route(f"{site_url}/**", host)
    for missing in ("/book/no-such-page.html", "/a/b/c/no-such-page.html", "/no-such-folder/"):
        response = page.goto(f"{site_url}{folder}{missing}")
        assert response.status == 404
        assert "ページが見つかりません" in page.inner_text("h1")
        link = page.get_by_role("link", name="表紙へ")
        page.wait_for_function(f"() => document.querySelector('a.go').pathname === '{folder}/index.html'",
                               timeout=5000)
        link.click()
        page.wait_for_url(f"{site_url}{folder}/book/index.html")  # the root's page sends on to the front
        assert "遊べるルールブック" in page.title()
    page.close()


@pytest.mark.browser
def test_a_page_of_one_section_lists_its_subsections_beside_it(browser, site_url: str) -> None:
    """The page's own table of contents: the domino set's page, one section with two under it,
    lists all three (it had listed 「概要」 alone); a chapter of many sections lists its sections only."""
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(f"{site_url}/book/dominoes_set.html")
    shown = [a.inner_text() for a in page.locator("#pst-page-toc-nav a").all() if a.is_visible()]
    assert shown == ["概要", "リングの読み方", "36枚のタイル"], shown
    page.goto(f"{site_url}/book/kingdomino.html")
    links = page.locator("#pst-page-toc-nav a").all()
    shown = [a for a in links if a.is_visible()]
    assert 5 <= len(shown) < len(links), (len(shown), len(links))
    page.close()


# -- what a reader meets on the built pages ---------------------------------------------------
from .copyguard import SEEDS, copied_runs  # noqa: E402
from .pagetext import SEP, main_html, main_text, read, reader_attributes, visible_text  # noqa: E402

#: The widest picture the site draws smaller to fit a phone's column (the book's extension).
FIT_WIDEST = int(re.search(r"^FIT_WIDEST = (\d+)$", (Path(__file__).parents[2] / "book" / "_ext" / "rulebook_sphinx.py")
                           .read_text(encoding="utf-8"), re.M).group(1))

CJK = "\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uff00-\uffef"
CHAPTER_PAGES = ["index", "boards", "kingdomino", "kabaleo", "dragonkeeper", "newtown", "dominoes_set", "dominomega",
                 "dominup", "dominimum", "tree"]
#: Latin words a reader may meet outside code: on the appendix (which explains the machinery).
APPENDIX_WORDS = {"Python", "JSON", "JupyterLab", "nbval", "Linux", "macOS", "Windows", "WSL", "Chromium", "Debian", "Ubuntu"}
#: Names with a space of their own between Japanese words.
SPACED_NAMES = ("王様の新しい街 さいころニュータウン",)
PYTHON_VALUE = re.compile(r"\[\s*['\"\d(\[]|\{\s*['\"]|\bTrue\b|\bFalse\b|\bNone\b|Traceback|\w+Error\b|\(\d+, \d+\)")


def _pages(built_site: Path) -> dict[str, str]:
    return {str(p.relative_to(built_site)): p.read_text(encoding="utf-8") for p in built_site.rglob("*.html")
            if "_static" not in p.relative_to(built_site).parts}


def _latin_words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z][A-Za-z'’-]+", text))


def test_the_book_pages_are_all_there(built_site: Path) -> None:
    pages = _pages(built_site)
    for name in CHAPTER_PAGES + ["appendix"]:
        assert f"book/{name}.html" in pages, name


def test_no_code_shows_unless_the_reader_opens_it(built_site: Path) -> None:
    for name, page in _pages(built_site).items():
        reader = read(page)
        assert reader.exposed_code == 0, f"{name}: {reader.exposed_code} code cells shown unfolded"
        if name.startswith("book/") and "cell_input" in page:
            assert "コードを表示" in page, name
        # one kind of toggle for code, the chapters' (the appendix's had been a grey bar of its own)
        for dropdown in re.findall(r'<details class="[^"]*sd-dropdown.*?</details>', page, re.S):
            assert "<pre" not in dropdown, f"{name}: code in a box unlike the chapters' 「コードを表示」"


def test_no_english_a_reader_meets(built_site: Path) -> None:
    """Interface and prose in Japanese: visible text (folded code aside) and tooltips, labels,
    placeholders.  Single letters (coordinates) are not words; the appendix may name its
    tools outside code."""
    for name, page in _pages(built_site).items():
        without_code = re.sub(r"<code[^>]*>.*?</code>|<pre[^>]*>.*?</pre>", "", page, flags=re.S) \
            if name == "book/appendix.html" else page
        words = _latin_words(visible_text(without_code)) | {w for a in reader_attributes(page) for w in _latin_words(a)}
        words -= {"JavaScript"}  # the search page asks for it by its name
        if name == "book/appendix.html":
            words -= APPENDIX_WORDS
        assert not words, f"{name}: {sorted(words)[:20]}"


def test_no_python_values_no_tracebacks(built_site: Path) -> None:
    for name in CHAPTER_PAGES:
        text = main_text((built_site / "book" / f"{name}.html").read_text(encoding="utf-8"))
        found = PYTHON_VALUE.findall(text)
        assert not found, f"{name}: {found[:10]}"


def test_no_stray_space_between_japanese_characters(built_site: Path) -> None:
    for name, page in _pages(built_site).items():
        text = main_text(page, blocks=True)
        for spaced in SPACED_NAMES:
            text = text.replace(spaced, spaced.replace(" ", ""))
        stray = re.findall(f".{{0,6}}[{CJK}][ \\t\\n\\u00a0]+[{CJK}].{{0,6}}", text.replace(SEP, "¶"))
        assert not stray, f"{name}: {stray[:8]}"


def test_every_picture_has_a_japanese_alternative_text(built_site: Path) -> None:
    """The picture's text form is its alt: a reader without pictures (or a screen reader) gets it."""
    for name in CHAPTER_PAGES:
        page = (built_site / "book" / f"{name}.html").read_text(encoding="utf-8")
        alts = re.findall(r'<img alt="([^"]*)" src="[^"]+\.svg"', page)
        assert alts or name in ("index", "boards"), name  # (the front page and the boards' help have no picture)
        for alt in alts:
            assert re.search(f"[{CJK}]", alt) and not alt.endswith(".svg"), (name, alt[:80])
            # (its lines are sentences and items: no space after a sentence's 。 or a 、)
            assert not re.search("[。、] ", alt), (name, alt[:80])
    # each line an item, ended by 。 (a screen reader read 「…(王冠1)37番…」 as one)
    page = (built_site / "book" / "kingdomino.html").read_text(encoding="utf-8")
    assert "2番 小麦畑・小麦畑。21番 小麦畑(王冠1)・草原。35番" in page


def test_no_markup_shows_as_text(built_site: Path) -> None:
    """Bold that did not close, or a MyST directive that was not parsed, shows its marks."""
    for name, page in _pages(built_site).items():
        text = main_text(page)
        for mark in ("**", "```", "{admonition}", ":class:", "(kingdomino-", ")="):
            assert mark not in text, f"{name}: {mark!r} shows on the page"


def test_refused_moves_are_rule_boxes_with_a_working_link(built_site: Path) -> None:
    for name in ("kingdomino", "kabaleo", "dragonkeeper", "dominomega", "dominup", "dominimum", "tree"):
        page = (built_site / "book" / f"{name}.html").read_text(encoding="utf-8")
        boxes = re.findall(r'<div class="rulebook-refused".*?</div>', page, re.S)
        assert boxes, name
        for box in boxes:
            anchor = re.search(r'href="#([\w-]+)"', box).group(1)
            assert f'id="{anchor}"' in page, (name, anchor)


def test_tables_are_styled(built_site: Path) -> None:
    css = (built_site / "_static" / "rulebook.css").read_text(encoding="utf-8")
    assert ".rulebook-table-wrap" in css and "text-align: right" in css
    page = (built_site / "book" / "kingdomino.html").read_text(encoding="utf-8")
    assert "rulebook.css" in page and 'class="rulebook-table"' in page and '<td class="num">' in page


@pytest.mark.skipif(not SEEDS.exists(), reason="the shared seed texts are not beside this checkout")
def test_own_words_on_every_built_page(built_site: Path) -> None:
    for name, page in _pages(built_site).items():
        article = re.sub(r"<h[1-6][^>]*>.*?</h[1-6]>", "\x00", main_html(page), flags=re.S)
        runs = copied_runs(visible_text(article))
        assert not runs, f"{name}: {runs[::6][:6]}"


#: The words that elements (a selector's) break inside, as "ドミ/ナップ": two letters of one word
#: (katakana but 「・」, Latin letters, digits, or a 「ー」 after a line's start) on two lines.
WORDS_SPLIT = """(selector) => {
  const letter = /[\\u30A0-\\u30FA\\u30FC-\\u30FFA-Za-z0-9]/;
  const found = [];
  document.querySelectorAll(selector).forEach(td => {
    if (!td.getClientRects().length || td.closest('.rulebook-play')) { return; }
    const walk = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
    let node, last = null;
    while ((node = walk.nextNode())) {
      if (node.parentNode.closest('code')) { last = null; continue; }
      for (let k = 0; k < node.data.length; k++) {
        const range = document.createRange();
        range.setStart(node, k); range.setEnd(node, k + 1);
        const box = range.getClientRects()[0];
        if (!box) { continue; }
        const ch = node.data[k];
        if (last && box.top > last.top + 3 && letter.test(ch) && (letter.test(last.ch) || ch === 'ー')) {
          found.push(last.ch + '/' + ch + ' in ' + td.textContent.slice(0, 24));
        }
        last = {top: box.top, ch: ch};
      }
    }
  });
  return found;
}"""


@pytest.mark.browser
@pytest.mark.parametrize("width,height", [(390, 844), (1366, 768)])
def test_pages_read_well_on_a_phone_and_a_laptop(browser, site_url: str, width: int, height: int) -> None:
    """At phone width no page scrolls sideways as a whole (wide pictures and tables scroll in
    their own box), no table header breaks inside a word, and a picture a little wider than the
    column fits it, drawn no smaller than 77%, nor so small that a label falls below 9 px."""
    page = browser.new_page(viewport={"width": width, "height": height})
    for name in CHAPTER_PAGES:
        page.goto(f"{site_url}/book/{name}.html", wait_until="load")
        overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 1, f"{name} at {width}px: the page scrolls sideways by {overflow}px"
        broken = page.evaluate("""() => [...document.querySelectorAll('main table th')]
            .filter(th => th.getClientRects().length && th.scrollHeight > 2.2 * parseFloat(getComputedStyle(th).lineHeight || 20))
            .map(th => th.textContent)""")
        assert not broken, f"{name} at {width}px: headers broken over lines {broken}"
        # no cell of a table breaks inside a word of katakana, letters or digits (「プレイ/ヤー3」,
        # 「ドミ/ナップ」): a column is as wide as its longest phrase, or the table is shown row
        # by row on a phone
        split = page.evaluate(WORDS_SPLIT, "main article table td")
        assert not split, f"{name} at {width}px: table cells break inside a word {split[:4]}"
        # nor do the titles of the chapters before and after, under the page
        split = page.evaluate(WORDS_SPLIT, ".prev-next-title, main h1, main h2, main h3")
        assert not split, f"{name} at {width}px: titles break inside a word {split[:4]}"
        cut = page.evaluate("""() => [...document.querySelectorAll('.prev-next-title')]
            .filter(e => e.getClientRects().length && e.getBoundingClientRect().right > window.innerWidth + 1)
            .map(e => e.textContent)""")
        assert not cut, f"{name} at {width}px: links to the next or previous chapter cut at the screen's edge {cut}"
        if width >= 1366:  # on a laptop every table of the rules fits the column (its words wrap)
            cut = page.evaluate("""() => [...document.querySelectorAll('.rulebook-table-wrap')]
                .filter(w => w.getClientRects().length && w.scrollWidth > w.clientWidth + 1)
                .map(w => w.textContent.slice(0, 30))""")
            assert not cut, f"{name} at {width}px: tables wider than the column {cut}"
        # a picture is drawn at its own size, or (one a little wider than the column, up to
        # FIT_WIDEST) smaller to fit, down to 77% of it or as far as its smallest label stays
        # at 9 px (a reader found labels of 10 px drawn at 7.9 px): never smaller, and never cut
        # when that fits
        sizes = page.evaluate("""async () => Promise.all([...document.querySelectorAll("main img[src$='.svg']")]
            .filter(i => i.naturalWidth && i.getClientRects().length)
            .map(async i => [i.src.split('/').pop(), i.naturalWidth, i.getBoundingClientRect().width,
                             i.closest('.cell_output, .bd-article, main').clientWidth,
                             Math.min(...[...(await (await fetch(i.src)).text()).matchAll(/font-size="([0-9.]+)"/g)]
                                 .map(m => parseFloat(m[1])))]))""")
        least = {src: max(0.77, min(1.0, 9 / label)) for src, _, _, _, label in sizes}
        # (8 px more: a picture a few px too wide fits rather than be cut at its frame's edge)
        shrunk = [(src, round(drawn / own * label, 1)) for src, own, drawn, _, label in sizes
                  if drawn < least[src] * own - 9]
        assert not shrunk, f"{name} at {width}px: pictures shrunk below 77% or labels below 9 px {shrunk[:3]}"
        cut = [src for src, own, drawn, box, _ in sizes if own <= FIT_WIDEST and least[src] * own - 8 <= box and drawn > box + 1]
        assert not cut, f"{name} at {width}px: pictures cut that fit the column drawn as small as they may be {cut[:3]}"
        shown = page.evaluate("""() => [document.body.innerText,
            ...[...document.querySelectorAll('[title],[aria-label],[placeholder],[alt]')]
              .filter(e => e.getClientRects().length)
              .flatMap(e => ['title', 'aria-label', 'placeholder', 'alt'].map(a => e.getAttribute(a) || ''))
              .filter(v => !v.endsWith('.svg'))].join('\\n')""")
        # whatever scrolls sideways in its own box says so on the line above it (a phone shows
        # no scroll bar); the tree's finished game is wider than a phone
        unmarked = page.evaluate("""() => [...document.querySelectorAll(
                'main article div.cell_output, main article .rulebook-table-wrap')]
            .filter(b => b.getClientRects().length && b.scrollWidth > b.clientWidth + 2)
            .filter(b => !b.closest('.rulebook-play') && !b.querySelector('.rulebook-play'))
            .filter(b => ![b, ...b.querySelectorAll('.is-widened')].some(w => w.matches('.is-widened')
                           && w.getBoundingClientRect().right <= window.innerWidth))
            .filter(b => !(b.previousElementSibling && b.previousElementSibling.matches('p.rulebook-wide-note')))
            .filter(b => ![...b.children].some(c => c.matches('p.rulebook-wide-note')))
            .map(b => b.textContent.slice(0, 30) || b.querySelector('img')?.src.split('/').pop())""")
        assert not unmarked, f"{name} at {width}px: boxes scroll sideways without saying so {unmarked[:3]}"
        # a table too wide for a phone is shown row by row, each cell under its column's name;
        # on a laptop every table stays a table
        tables = page.evaluate("""() => [...document.querySelectorAll('main article table')]
            .filter(t => t.getClientRects().length && !t.closest('.rulebook-play'))
            .map(t => [t.classList.contains('is-stacked'), t.parentNode.scrollWidth > t.parentNode.clientWidth + 2,
                       [...t.querySelectorAll('tbody td')].every(td => td.dataset.label || td.cellIndex === 0),
                       t.textContent.slice(0, 20)])""")
        if width < 600:
            assert not [t for _, wide, _, t in tables if wide], f"{name} at {width}px: tables cut {tables[:3]}"
            assert all(labelled for stacked, _, labelled, _ in tables if stacked), name
            if name in ("kingdomino", "newtown"):  # (each has tables of five columns and more)
                assert any(stacked for stacked, *_ in tables), name
        else:
            assert not any(stacked for stacked, *_ in tables), f"{name} at {width}px: a table shown row by row"
        # (a picture widened over the page's margin shows whole: nothing of it scrolls)
        notes = page.evaluate("""() => [...document.querySelectorAll('p.rulebook-wide-note')]
            .map(n => n.nextElementSibling)
            .map(e => !(e.matches('.is-widened') || e.querySelector('.is-widened'))
                      && (e.scrollWidth > e.clientWidth + 2 || e.offsetWidth > e.parentNode.clientWidth + 2))""")
        assert all(notes), f"{name} at {width}px: a note of sideways scrolling where nothing scrolls"
        if name == "tree" and width < 600:
            assert notes
        # a picture scrolls in a box of its own: the tables and result lines of its example stay
        # in sight (the tree opened at its middle had taken its ranking table 271 px out of sight)
        moved = page.evaluate("""() => [...document.querySelectorAll('main article div.cell_output')]
            .filter(b => b.getClientRects().length && !b.closest('.rulebook-play'))
            .flatMap(b => [...b.querySelectorAll(':scope > div.output.text_html')]
                .filter(t => t.getBoundingClientRect().left < b.getBoundingClientRect().left - 1
                             || b.scrollLeft > 0)
                .map(t => t.textContent.slice(0, 20)))""")
        assert not moved, f"{name} at {width}px: an example's words scrolled out of sight {moved[:3]}"
        english = _latin_words(shown) - {"JavaScript"}
        assert not english, f"{name} at {width}px: English on the page once its scripts ran: {sorted(english)[:12]}"
    page.close()


# -- the site's search, in Japanese ------------------------------------------------------------
def _search_index(built_site: Path) -> dict:
    import json

    text = (built_site / "searchindex.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("(") + 1:text.rindex(")")])


def _pages_with(index: dict, term: str) -> set[str]:
    found: set[str] = set()
    for table in (index["terms"], index["titleterms"]):
        docs = table.get(term, [])
        found |= {index["docnames"][d] for d in ([docs] if isinstance(docs, int) else docs)}
    return found


def test_the_search_index_holds_the_chapters_words(built_site: Path) -> None:
    """One-letter words (城, 沼, 罠, 石) and every pair of letters of a longer one are indexed where the
    prose has them; the folded code's identifiers are not, nor is a rule box's title a section."""
    index = _search_index(built_site)
    for letter, chapter in [("城", "kingdomino"), ("沼", "kingdomino"), ("罠", "dragonkeeper"), ("石", "newtown"),
                            ("色", "kabaleo")]:
        assert f"book/{chapter}" in _pages_with(index, letter), letter
    for word, chapter in [("ペントハウス", "newtown"), ("王国の得点", "kingdomino"), ("引き分け", "kabaleo"),
                          ("山札", "dragonkeeper"), ("ミッションタイル", "dominimum")]:
        pairs = [word[i:i + 2] for i in range(len(word) - 1)]
        assert all(f"book/{chapter}" in _pages_with(index, pair) for pair in pairs), word
    for word in ["lambda", "append", "assert", "import", "gamelib", "rulings", "display"]:
        assert _pages_with(index, word) <= {"book/appendix"}, word  # the appendix explains the machinery
    for word in ["new_game", "seed", "from"]:  # (the appendix's own folded code: its prose says the search leaves it out)
        assert not _pages_with(index, word), word
    assert not {"裁定", "表記", "ゲームの情報"} & set(index["alltitles"]), "a box's title is listed as a section"


@pytest.mark.browser
def test_searching_in_japanese_finds_pages_and_quotes_their_text(browser, site_url: str) -> None:
    """A phrase typed without spaces, a single letter and a katakana word each find their chapter;
    the summary quotes the page's text (never its folded code) and highlights the reader's words."""
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(f"{site_url}/search.html", wait_until="load")
    assert page.evaluate("splitQuery('王国の得点 城、2人 Bonus')") == ["王国", "国の", "の得", "得点", "城", "2人", "Bonus"]
    for query, title in [("王国の得点", "キングドミノ"), ("罠", "ドラゴンキーパー"), ("ペントハウス", "さいころニュータウン"),
                         ("褒美の石", "さいころニュータウン"), ("先になくした", "ドミナップ")]:
        page.goto(f"{site_url}/search.html?q={query}", wait_until="load")
        page.wait_for_function("() => document.querySelector('#search-results')?.innerText.includes('ページ')"
                               " || document.querySelectorAll('#search-results li').length > 0")
        page.wait_for_timeout(1500)  # the summaries arrive one by one
        results = page.locator("#search-results li")
        texts = [results.nth(i).inner_text() for i in range(results.count())]
        assert any(title in text.split("\n")[0] for text in texts), (query, texts)
        assert not [t for t in texts if "コードを表示" in t or "assert" in t or "say(" in t], (query, texts)
        assert not [t for t in texts if "フェイズ 家を建てる" in t], (query, texts)  # the contents listed for printing
        marked = page.locator("#search-results .highlighted").all_inner_texts()
        assert query in marked, (query, marked)
        assert re.fullmatch(r"\d+件見つかりました。", page.locator("#search-results .search-summary").inner_text())
    # a summary quotes the page's text, not its title (the result's own link): 「ドラゴン」 had
    # summed up its chapter as 「ドラゴンキーパー:ザ・ダンジョン ドラゴンキーパー:ザ・ダ…」
    page.goto(f"{site_url}/search.html?q=ドラゴン", wait_until="load")
    page.wait_for_function("() => document.querySelectorAll('#search-results li p.context').length > 0")
    page.wait_for_timeout(1500)
    chapter = page.locator("#search-results li").filter(has=page.locator('a[href^="book/dragonkeeper.html"]')).first
    summary = chapter.locator("p.context").inner_text()
    assert "ドラゴン" in summary and "ダンジョン ドラゴンキーパー" not in summary and not summary.startswith(
        "ドラゴンキーパー:ザ・ダンジョン"), summary
    # a page holding the whole phrase before one holding only its letter pairs (さいころニュータウン
    # has ラウンド and 最後 apart)
    page.goto(f"{site_url}/search.html?q=最後のラウンド", wait_until="load")
    page.wait_for_function("() => document.querySelector('#search-results .search-summary')?.innerText")
    page.wait_for_timeout(1500)
    items = page.locator("#search-results li")
    held = [items.nth(i).locator(".highlighted").count() > 0 for i in range(items.count())]
    assert len(held) > 1 and held[0] and held == sorted(held, reverse=True), held
    # a section whose heading holds the words comes first, linked to the section (Sphinx offered a
    # heading only to a query half as long as it)
    page.goto(f"{site_url}/search.html?q=得点計算", wait_until="load")
    page.wait_for_function("() => document.querySelectorAll('#search-results li').length > 2")
    page.wait_for_timeout(1500)
    links = page.locator("#search-results li > a")
    firsts = [(links.nth(i).inner_text(), links.nth(i).get_attribute("href")) for i in range(3)]
    assert firsts[0][0] == "キングドミノ > 得点計算の例" and firsts[0][1].startswith("book/kingdomino.html#"), firsts
    assert sorted(href.split("#")[1] for _, href in firsts[1:]) == ["dragonkeeper-end", "kingdomino-end"], firsts
    assert all(text.endswith(" > ゲーム終了と得点計算") for text, _ in firsts[1:]), firsts
    # a heading that is the query itself before a longer one (Sphinx's own section results too)
    page.goto(f"{site_url}/search.html?q=王様の土地", wait_until="load")
    page.wait_for_function("() => document.querySelectorAll('#search-results li').length > 2")
    page.wait_for_timeout(1500)
    first = page.locator("#search-results li > a").first
    assert first.inner_text() == "王様の新しい街 さいころニュータウン > 王様の土地", first.inner_text()
    # the book's machinery (the appendix, whose help names 城 as an example) after the chapters
    page.goto(f"{site_url}/search.html?q=城", wait_until="load")
    page.wait_for_function("() => document.querySelectorAll('#search-results li').length > 2")
    first = page.locator("#search-results li a").first.inner_text()
    assert first != "この本の仕組み", first
    # the page a result opens shows the reader's words highlighted, the first of them on the screen
    page.goto(f"{site_url}/search.html?q=王冠の数", wait_until="load")
    page.wait_for_function("() => document.querySelectorAll('#search-results li').length > 0")
    page.locator("#search-results li a").first.click()
    page.wait_for_function("() => document.querySelectorAll('main .highlighted').length > 0")
    page.wait_for_timeout(300)
    top = page.evaluate("() => document.querySelector('main .highlighted').getBoundingClientRect().top")
    assert page.locator("main .highlighted").first.inner_text() == "王冠の数" and 0 < top < 768, top
    # a page reached otherwise after a search: nothing highlighted, and no 「検索結果を隠す」 over its
    # title (Sphinx keeps the words for whichever page comes next)
    page.goto(f"{site_url}/search.html?q=王冠の数", wait_until="load")
    page.wait_for_function("() => document.querySelectorAll('#search-results li').length > 0")
    page.goto(f"{site_url}/book/kingdomino.html", wait_until="load")
    page.wait_for_timeout(300)
    assert page.locator(".highlight-link").count() == 0 and page.locator("main .highlighted").count() == 0
    # nothing found: said in Japanese, without the categories this site does not have
    page.goto(f"{site_url}/search.html?q=ゾゾゾ", wait_until="load")
    page.wait_for_function("() => document.querySelector('#search-results .search-summary')?.innerText")
    assert page.locator("#search-results .search-summary").inner_text().startswith("見つかりませんでした。")
    page.close()


@pytest.mark.browser
def test_on_a_phone_a_wide_tree_opens_at_its_root(browser, site_url: str) -> None:
    """ザ・ツリー's finished tree is wider than a phone: it opened at its left edge, where its
    rows hold nothing and the root (in the bottom row) was out of sight, then at its middle,
    where a tree that grew more on one side had its root against the edge. It opens with its
    root in the middle of a box of its own (the example's table beside it stays put), as far as
    the picture reaches."""
    page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page.goto(f"{site_url}/book/tree.html", wait_until="load")
    page.wait_for_timeout(300)
    # the root's middle on the screen (the share of the width the picture marks: a widget test
    # checks it is the root's), the box's middle, and how far the box can scroll either way
    boxes = page.evaluate("""() => [...document.querySelectorAll('main img[data-centred]')]
        .map(i => [i, i.closest('div.rulebook-wide-box')]).filter(([i, b]) => b && b.scrollWidth > b.clientWidth + 2)
        .map(([i, b]) => { const r = i.getBoundingClientRect(), s = b.getBoundingClientRect();
            return {root: r.left + (+i.dataset.centred) * r.width, middle: s.left + b.clientWidth / 2,
                    share: +i.dataset.centred, left: b.scrollLeft, most: b.scrollWidth - b.clientWidth}; })""")
    assert boxes, "no tree wider than the phone: the test has nothing to check"
    for box in boxes:
        off = box["root"] - box["middle"]  # (past the picture's edge it stops there)
        assert abs(off) <= 2 or (off < 0 and box["left"] == 0) or (off > 0 and box["left"] >= box["most"] - 1), box
    assert any(abs(box["share"] - 0.5) > 0.05 for box in boxes), f"no tree grown more on one side: {boxes}"
    # its line says there is more on both sides (a reviewer looked for the rows' names, on the
    # left, under a line that pointed right only); a box opened at its left edge points right
    notes = page.evaluate("""() => [...document.querySelectorAll('p.rulebook-wide-note')]
        .map(n => [n.textContent, !!(n.nextElementSibling.matches('img[data-centred]')
                                     || n.nextElementSibling.querySelector('img[data-centred]'))])""")
    assert notes and all(text == ("左右にずらすと続きが見えます ◀ ▶" if centred else "横にずらすと続きが見えます ▶")
                         for text, centred in notes), notes
    assert any(centred for _, centred in notes), notes
    page.close()


@pytest.mark.browser
def test_no_table_scrolls_sideways_on_a_laptop(browser, site_url: str) -> None:
    """At 1366×768 every table fits its column, the appendix's too (a header breaks between its
    phrases, 「欲張りの/平均点」, before the table would scroll)."""
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    for name in CHAPTER_PAGES + ["appendix"]:
        page.goto(f"{site_url}/book/{name}.html", wait_until="load")
        wide = page.evaluate("""() => [...document.querySelectorAll('main article table')]
            .filter(t => t.getClientRects().length && t.offsetWidth > t.parentElement.clientWidth + 1)
            .map(t => [t.offsetWidth, t.parentElement.clientWidth, t.rows[0].textContent.trim().slice(0, 30)])""")
        assert not wide, f"{name}: {wide}"
    page.close()


#: The width of a phone's text column (a 390 px screen): a wider picture is shrunk into it.
PHONE_COLUMN = 358


def test_every_picture_s_labels_stay_legible_in_a_phone_s_column(built_site: Path) -> None:
    """A reader found labels of about 9 px on a phone: 「置いた」 in キングドミノ's rows, the
    coordinates of its placements and of the domino tables, カバレオ's colour key.  Every
    picture of the chapters, shrunk into a phone's column, keeps its labels at 10 px (a tenth
    less allowed for rounding).  Pictures wider than 480 px are left out: the boards' pictures
    for a laptop (a phone is given a picture of its own) and the tree of a whole game of ザ・ツリー
    (shrunk less than into the column, it scrolls sideways in its box, with a line that says so)."""
    checked, small = 0, {}
    for path in sorted((built_site / "_images").glob("*.svg")):
        svg = path.read_text(encoding="utf-8")
        width = float(re.search(r'<svg[^>]*width="([\d.]+)"', svg).group(1))
        if width > 480:
            continue
        scale = min(1.0, PHONE_COLUMN / width)
        sizes = [(float(size), text) for size, text in re.findall(r'<text [^>]*font-size="([\d.]+)"[^>]*>([^<]*)<', svg)]
        checked += 1
        tiny = sorted({text for size, text in sizes if size * scale < 9.9})
        if tiny:
            title = re.search(r"<title>([^<]*)</title>", svg)
            small[f"{title.group(1) if title else path.name} ({width:g} px)"] = tiny[:8]
    assert checked > 100
    assert not small, small


def test_every_page_s_title_joins_the_book_s_name_alike(built_site: Path) -> None:
    """The chapters' tabs read 「キングドミノ — 遊べるルールブック」, the search page's and the
    missing page's 「検索 - 遊べるルールブック」: every title joins them with the same dash."""
    titles = {}
    for page in sorted(built_site.rglob("*.html")):
        if "_static" in page.parts:
            continue
        found = re.search(r"<title>([^<]*)</title>", page.read_text(encoding="utf-8"))
        if found:
            titles[page.relative_to(built_site).as_posix()] = found.group(1)
    assert {"search.html", "404.html", "book/kingdomino.html"} <= set(titles)
    odd = {name: title for name, title in titles.items()
           if title != "遊べるルールブック" and not re.fullmatch(r"[^-]+ &#8212; 遊べるルールブック", title)}
    assert not odd, odd
