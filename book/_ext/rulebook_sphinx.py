"""Small Sphinx fixes for the rulebook's site.

* Japanese typography: a line break between two Japanese characters in the Markdown source
  is removed from the text, so it never shows as a space (browsers turn a line break into a
  space, which Japanese does not have).
* The book's stylesheet (``book/_static/rulebook.css``): rule boxes, result boxes, tables,
  pictures that stay legible on a phone.
* Japanese interface text where the theme has English of its own.
* 「この盤面で遊ぶ」: every board picture (an SVG whose root carries ``data-rulebook-play``, the
  game's settings) gets the button that turns it into a live board in the reader's browser;
  the page then loads ``_static/rulebook-play.js``, and the build packs the project's Python
  (``gamelib`` and ``widgets``, from the working tree) into ``_static/rulebook-python.zip``
  for it.  Pyodide itself is in ``_static/pyodide/`` (``tools/fetch_widget_js.py``).  On a
  phone the block shows the same board drawn as the phone's live board lays it out.
* The menu buttons readers see (☰ 目次, the page's contents) are handed to the theme's own
  (``book/_static/rulebook-nav.js``): the theme listens on a hidden copy only.
* A picture or table wider than a phone's screen gets a line saying that it scrolls sideways
  (``book/_static/rulebook-wide.js``).
* sphinx-thebe registers its inline configuration script once per ``env-before-read-docs``
  event, which Jupyter Book 1 emits more than once; the second copy redeclares a ``const``
  and throws on every page.  Identical script entries are dropped here, page by page.
"""

from __future__ import annotations

import html
import json
import os
import re
import zipfile
from pathlib import Path
from typing import Any

from docutils import nodes

#: Characters between which a line break must vanish (kana, kanji, full-width forms, CJK punctuation).
CJK = "\u3000-\u303f\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef"
_CJK_CHAR = re.compile(f"[{CJK}]")
_BREAK = re.compile(f"(?<=[{CJK}])[ \t]*\n[ \t]*(?=[{CJK}])")
_SKIP = (nodes.literal, nodes.literal_block, nodes.raw, nodes.comment, nodes.math, nodes.math_block)


def join_cjk_lines(text: str) -> str:
    """Remove each line break (and the spaces around it) that stands between two Japanese characters.

    >>> join_cjk_lines("局面と\\nその結果")
    '局面とその結果'
    >>> join_cjk_lines("the\\nend")
    'the\\nend'
    """
    return _BREAK.sub("", text)


def join_cjk_line_breaks(document: nodes.Node) -> None:
    """Join Japanese lines inside every paragraph, also across inline markup (``**強調**\\n次``)."""
    for block in list(document.findall(nodes.TextElement)):
        if isinstance(block, _SKIP) or not isinstance(block, (nodes.paragraph, nodes.term, nodes.title,
                                                               nodes.caption, nodes.line)):
            continue
        texts = [t for t in block.findall(nodes.Text) if str(t) and not _inside_skip(t, block)]
        for i, text in enumerate(texts):
            value = str(text)
            before = str(texts[i - 1])[-1:] if i else ""
            after = str(texts[i + 1])[:1] if i + 1 < len(texts) else ""
            new = join_cjk_lines(value)
            # A break at the very start or end of this piece, next to inline markup.
            if before and _CJK_CHAR.match(before):
                new = re.sub(f"^[ \t]*\n[ \t]*(?=[{CJK}])", "", new)
            if after and _CJK_CHAR.match(after):
                new = re.sub(f"(?<=[{CJK}])[ \t]*\n[ \t]*$", "", new)
            if "\n" in new and not new.strip() and _CJK_CHAR.match(before or " ") and _CJK_CHAR.match(after or " "):
                new = ""  # a piece that is only the break between two inline elements
            if new != value:
                # Text nodes compare as strings: find this very node, not the first equal one.
                parent = text.parent
                index = next(k for k, child in enumerate(parent.children) if child is text)
                parent.children[index] = nodes.Text(new)
                parent.children[index].parent = parent


def _inside_skip(node: nodes.Node, stop: nodes.Node) -> bool:
    parent = node.parent
    while parent is not None and parent is not stop:
        if isinstance(parent, _SKIP):
            return True
        parent = parent.parent
    return False


def _drop_duplicate_scripts(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    scripts = context.get("script_files")
    if not scripts:
        return
    seen: set[tuple[str, tuple]] = set()
    unique = []
    for script in scripts:
        attributes = getattr(script, "attributes", {}) or {}
        key = (str(getattr(script, "filename", script) or ""), tuple(sorted((k, str(v)) for k, v in attributes.items())))
        if key not in seen:
            seen.add(key)
            unique.append(script)
    scripts[:] = unique


#: A page with no more top sections than this lists its subsections too in the page's own table of
#: contents (the theme lists top sections only: the domino set's page had showed 「概要」 alone).
FEW_SECTIONS = 2


def _few_sections_show_more(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    if doctree is None:
        return
    titles = [s for s in doctree.findall(nodes.section) if isinstance(s.parent, nodes.document)]
    tops = [s for t in titles for s in t.children if isinstance(s, nodes.section)]
    if 0 < len(tops) <= FEW_SECTIONS and any(isinstance(c, nodes.section) for s in tops for c in s.children):
        context["theme_show_toc_level"] = 2


#: The theme's English interface text → Japanese (attribute values and visible labels).
INTERFACE_JA = {
    "Link to this heading": "この見出しへのリンク",
    "Search this book...": "この本を検索…",
    "Search the docs ...": "この本を検索…",
    "Color mode": "表示の色",
    "System Settings": "システムの設定に合わせる",
    "Toggle primary sidebar": "目次を開く・閉じる",
    "Toggle secondary sidebar": "このページの見出しを開く・閉じる",
    "Toggle hidden content": "コードを開く・閉じる",
    "Main": "本文",
    "Page": "ページ",
    "Light": "明るい表示",
    "Dark": "暗い表示",
    "Fullscreen mode": "全画面表示",
    "Download this page": "このページをダウンロード",
    "Source repositories": "ソースのリポジトリ",
    "PDFに印刷": "印刷する",
    "ソースファイルをダウンロード": "この章のノートブックをダウンロード",
}
#: Labels of the download menu's entries.
MENU_JA = {".ipynb": "ノートブック", ".md": "原稿", ".pdf": "印刷"}

_NAV = re.compile(r'(<nav class="bd-links bd-docs-nav".*?</nav>|<p class="prev-next-title">.*?</p>)', re.S)


def title_breaks(title: str) -> str:
    """A title's places to break: after each 「・」 and 「:」 (a space is one already)."""
    return re.sub("([・:])", r"\1<wbr>", title)


def nav_breaks(page: str) -> str:
    """The book's contents in the sidebar, and the links to the previous and next chapter under
    a page, break a long title only after a 「・」 or 「:」 or at a space (the style sheet keeps
    the words whole): 「ダブルセブン・<wbr>バイナリコーディング・<wbr>ドミノ」."""
    def text(match: re.Match[str]) -> str:
        return re.sub(r">([^<]*)<", lambda m: ">" + title_breaks(m.group(1)) + "<", match.group(1))

    return _NAV.sub(text, page)


_DOC_LINK = re.compile(r'(<span class="std std-(?:doc|ref)">)([^<]*)(</span>)')


def doc_link_breaks(page: str) -> str:
    """A link to a chapter or a section by its title in a page's text (the front page's list of
    games, the summaries' links) breaks as the contents do: only after a 「・」 or 「:」 or at a
    space, the style sheet keeping the words whole (on a phone the list had broken 「…・ドミ/ノ」,
    a summary 「手/番順」)."""
    return _DOC_LINK.sub(lambda m: m.group(1) + title_breaks(m.group(2)) + m.group(3), page)


def single_title(page: str) -> str:
    """A page whose title is the book's (the front page) names it once in its tab: it read
    「遊べるルールブック — 遊べるルールブック」; the search page's title is joined to the book's
    with the dash the chapters' titles use (it read 「検索 - 遊べるルールブック」)."""
    page = re.sub(r"<title>([^<]*) - 遊べるルールブック</title>", r"<title>\1 &#8212; 遊べるルールブック</title>", page,
                  count=1)
    return re.sub(r"<title>([^<]*) &#8212; \1</title>", r"<title>\1</title>", page, count=1)


def japanese_interface(page: str) -> str:
    """The theme's English labels in Japanese; the keyboard-shortcut hint (Ctrl+K) removed."""
    for english, japanese in INTERFACE_JA.items():
        page = page.replace(f'"{english}"', f'"{japanese}"').replace(f">{english}<", f">{japanese}<")
    for english, japanese in MENU_JA.items():
        page = page.replace(f'<span class="btn__text-container">{english}</span>',
                            f'<span class="btn__text-container">{japanese}</span>')
    page = re.sub(r"(<p class=\"component-author\">\s*)著者\s+", r"\1編集: ", page)
    # the page's own contents are titled apart from the book's (on a phone both drawers read 目次)
    page = re.sub(r'(<i class="fa-solid fa-list"></i>)\s*目次\s*(?=</div>)', r"\1 このページの見出し", page)
    return re.sub(r'<span class="search-button__kbd-shortcut">.*?</kbd></span>', "", page, flags=re.S)


_IMG = re.compile(r'<img alt="[^"]*" src="([^"]+\.svg)"')
_SVG_TEXT = re.compile(r"<(desc|title)>(.*?)</\1>", re.S)
#: The widest picture drawn smaller to fit a phone's column (358px at 77%; those whose small
#: labels keep them from 77% scroll sideways sooner, :func:`least_scale`).
FIT_WIDEST = 465
_SVG_WIDTH = re.compile(r'<svg\b[^>]*?\swidth="([0-9.]+)(?:px)?"')
_SVG_CENTRE = re.compile(r'<svg\b[^>]*?\sdata-rulebook-centre="([0-9.]+)"')


_AFTER_STOP = re.compile("(?<=[。、」)])\\s+")


def alt_text(text: str) -> str:
    """A picture's text form as one alternative text: each line an item, ended by 。 where it
    ends with no mark of its own (a screen reader had read 「…(王冠1)37番…」 as one), a line
    that introduces the next (「新しい列:」) followed at once; no space after a 。 or a 、."""
    out = ""
    for line in (" ".join(line.split()) for line in text.splitlines()):
        if not line:
            continue
        if out and not out.endswith(("。", "、", ":", "：")):
            out += "。"
        out += line
    return _AFTER_STOP.sub("", out)


def describe_pictures(page: str, folder: Path) -> str:
    """Each SVG picture's alternative text: its ``<desc>`` (the picture's text form), else its title."""

    def alt(match: re.Match[str]) -> str:
        svg_path = folder / match.group(1)
        svg = svg_path.read_text(encoding="utf-8") if svg_path.exists() else ""
        found = dict(_SVG_TEXT.findall(svg[:20000]))
        text = found.get("desc") or found.get("title") or "図"
        text = alt_text(text).replace('"', "&quot;")
        width = _SVG_WIDTH.search(svg[:4000])
        # a picture a little wider than a phone's column (358px) is drawn a little smaller, down
        # to 77% (rulebook.css), and never so far that its smallest label falls below 9px: its
        # own width and that least scale for the style sheet; a wider one keeps its size and
        # scrolls sideways
        size = ""
        if width and float(width.group(1)) <= FIT_WIDEST:
            size = f' style="--w:{float(width.group(1)):g}px;--k:{least_scale(svg):.3g}"'
        # (a picture with a place that matters most across it, a tree's root, too wide for the
        # screen, opens scrolled to bring that place to the middle: its share of the width)
        centre = _SVG_CENTRE.search(svg[:4000])
        centred = f' data-centred="{centre.group(1)}"' if centre else ""
        return f'<img alt="{text}" src="{match.group(1)}"{size}{centred}'

    return _IMG.sub(alt, page)


_FONT_SIZE = re.compile(r'font-size="([0-9.]+)"')
#: A picture drawn smaller to fit a phone's column: its labels no smaller than this (px), and
#: the picture no smaller than FIT_LEAST of its own size.
LEAST_LABEL = 9
FIT_LEAST = 0.77


def least_scale(svg: str) -> float:
    """How small a picture may be drawn: 77% of its own size, or more if its smallest label
    would fall below 9px (a reader found labels of 10 px drawn at 7.9 px on a phone).

    >>> least_scale('<svg><text font-size="12">a</text></svg>'), least_scale('<svg><text font-size="10">a</text></svg>')
    (0.77, 0.9)
    """
    sizes = [float(x) for x in _FONT_SIZE.findall(svg)]
    return min(1.0, max(FIT_LEAST, LEAST_LABEL / min(sizes))) if sizes else FIT_LEAST


_IMG_TAG = re.compile(r'<img [^>]*?src="([^"]+\.svg)"[^>]*>')
_PLAY = re.compile(r'<svg [^>]*?data-rulebook-play="([^"]*)"')
#: Under a board picture, before the reader asks to play.
PLAY_BUTTON = ('<p class="rulebook-play-start"><button type="button" class="rulebook-play-button">この盤面で遊ぶ</button>'
               '<span class="rulebook-play-note">押すと、この図がページの中で動く盤面に変わります。'
               '遊ぶたびに新しく混ぜて配るので、始まりの並びは図とは変わります。</span></p>')


#: Below this window width the page shows a board's phone picture (rulebook-play.js lays out
#: a live board for a phone below the same width).
PHONE_BELOW = 600


def phone_picture(config: dict[str, Any], wide_svg: Path) -> Path | None:
    """The board the picture shows, drawn as a phone shows it after 「この盤面で遊ぶ」 (the parts
    stacked, the width of a phone's column), written beside the picture; None when the phone's
    layout is the same picture (the game's settings start the same game: the page's live board
    deals it too)."""
    from widgets.controller import PHONE_COLUMN
    from widgets.web import WebBoard  # (the project's own boards, as the page runs them)

    # (no wait between computer moves: the picture is the position a person meets, as the wide one is)
    board = WebBoard({**config, "width": PHONE_COLUMN, "delay": 0})
    board.controller.still = True  # (a picture: the live board comes with the button)
    svg = board.controller.picture().svg
    phone, wide = (_SVG_WIDTH.search(text[:4000]) for text in (svg, wide_svg.read_text(encoding="utf-8")))
    if phone is None or wide is None or float(phone.group(1)) >= float(wide.group(1)):
        return None
    target = wide_svg.with_name(f"{wide_svg.stem}-phone.svg")
    target.write_text(svg, encoding="utf-8")
    return target


def add_play_buttons(page: str, folder: Path, static: str) -> str:
    """Each board picture (its SVG carries the game's settings) in a block with 「この盤面で遊ぶ」,
    and the page's script, when the page has one.  On a phone the block shows the board as the
    phone's live board lays it out (no picture to scroll sideways)."""

    def block(match: re.Match[str]) -> str:
        svg_path = folder / match.group(1)
        head = svg_path.read_text(encoding="utf-8")[:4000] if svg_path.exists() else ""
        found = _PLAY.search(head)
        if not found:
            return match.group(0)
        settings = html.unescape(found.group(1))
        config = html.escape(settings, quote=True)
        picture = match.group(0)
        phone = phone_picture(json.loads(settings), svg_path)
        if phone is not None:
            src = match.group(1).rsplit("/", 1)
            src[-1] = phone.name
            picture = (f'<picture><source media="(max-width: {PHONE_BELOW - 1}px)" srcset="{"/".join(src)}">'
                       f"{picture}</picture>")
        return (f'<div class="rulebook-play" data-board="{config}"><div class="rulebook-play-picture">'
                f"{picture}</div>{PLAY_BUTTON}</div>")

    new = _IMG_TAG.sub(block, page)
    if new != page and "rulebook-play.js" not in new:
        new = new.replace("</head>", f'<script defer src="{static}/rulebook-play.js"></script>\n</head>', 1)
    return new


#: What the site's boards run in the reader's browser: the rules and the board controllers.
PACKED = ("gamelib", "widgets")


def pack_python(root: Path, target: Path) -> None:
    """The project's Python from the working tree as one zip (fixed dates: the same tree gives
    the same bytes); data files included, caches not."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for package in PACKED:
            for path in sorted((root / package).rglob("*")):
                if path.is_dir() or "__pycache__" in path.parts or path.suffix in (".pyc", ".pyo"):
                    continue
                info = zipfile.ZipInfo(path.relative_to(root).as_posix(), date_time=(2026, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, path.read_bytes())


#: The page a host shows for an address that is not on the site (GitHub Pages, Netlify and
#: Cloudflare Pages take ``404.html`` at the site's root). The host serves it at the missing
#: address, at any depth, so it needs nothing beside it: its style is inline, and its link finds
#: the site's root up the address (the nearest folder with the site's style sheet; at first the
#: folder above ``book/``), or goes to ``/`` without scripts.
NOT_FOUND = """<!DOCTYPE html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>ページが見つかりません &#8212; 遊べるルールブック</title>
<style>
body { margin: 0; font-family: "Hiragino Sans", "Noto Sans CJK JP", "Noto Sans JP", "Yu Gothic", sans-serif;
       color: #222; background: #faf8f2; line-height: 1.8; }
main { max-width: 34em; margin: 12vh auto 0; padding: 1.5em 1.2em; }
h1 { font-size: 1.5em; margin: 0 0 0.6em; }
p { margin: 0 0 1em; }
a { color: #0a58ca; }
.go { display: inline-block; margin-top: 0.4em; padding: 0.5em 1.2em; border: 1px solid #0a58ca;
      border-radius: 6px; text-decoration: none; font-weight: bold; }
</style>
</head>
<body>
<main>
<h1>ページが見つかりません</h1>
<p>このアドレスのページは、この本にはありません。アドレスの打ち間違いか、ページの移動が考えられます。</p>
<p><a class="go" href="/" data-page="index.html">表紙へ</a></p>
<p>表紙の目次から、各ゲームの章と付録へ進めます。</p>
</main>
<script>
(function () {
  function point(root) {
    document.querySelectorAll("a[data-page]").forEach(function (a) { a.href = root + a.dataset.page; });
  }
  var path = location.pathname, at = path.lastIndexOf("/book/");
  point(at >= 0 ? path.slice(0, at + 1) : path.slice(0, path.lastIndexOf("/") + 1));
  // Then the nearest folder up the address that holds the site's style sheet.
  var roots = [];
  for (var cut = path.lastIndexOf("/"); cut >= 0; cut = cut > 0 ? path.lastIndexOf("/", cut - 1) : -1) {
    roots.push(path.slice(0, cut + 1));
  }
  (function probe(i) {
    if (i >= roots.length || !window.fetch) return;
    fetch(roots[i] + "_static/rulebook.css", {method: "HEAD"}).then(function (r) {
      if (r.ok) point(roots[i]); else probe(i + 1);
    }, function () { probe(i + 1); });
  })(0);
})();
</script>
</body>
</html>
"""


#: The site's root address sends the reader to the front page at once (Jupyter Book writes a bare
#: redirect, with no language, title or link, only where none is there already).
FRONT_DOOR = """<!DOCTYPE html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Refresh" content="0; url={first}">
<link rel="canonical" href="{first}">
<title>遊べるルールブック</title>
</head>
<body>
<p><a href="{first}">遊べるルールブックの表紙へ進む</a></p>
</body>
</html>
"""


def _translate_pages(app: Any, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    pack_python(Path(app.srcdir), out / "_static" / "rulebook-python.zip")
    for page in out.rglob("*.html"):
        if "_static" in page.relative_to(out).parts:
            continue
        text = page.read_text(encoding="utf-8")
        static = Path(os.path.relpath(out / "_static", page.parent)).as_posix()
        new = describe_pictures(add_play_buttons(doc_link_breaks(nav_breaks(japanese_interface(single_title(text)))), page.parent, static),
                                page.parent)
        if new != text:
            page.write_text(new, encoding="utf-8")
    (out / "404.html").write_text(NOT_FOUND, encoding="utf-8")
    if app.config.root_doc != "index":  # (a book whose front page is the root's own keeps it)
        (out / "index.html").write_text(FRONT_DOOR.format(first=Path(app.config.root_doc + ".html").as_posix()),
                                        encoding="utf-8")


#: Run in the page's head: the theme's mode back to light, in the page and in what the browser keeps.
LIGHT_ONLY = ("(function () { var d = document.documentElement; d.dataset.mode = 'light'; d.dataset.theme = 'light';"
              " try { localStorage.setItem('mode', 'light'); localStorage.setItem('theme', 'light'); } catch (e) {} })();")


def _static_path(app: Any, config: Any) -> None:
    here = str(Path(__file__).resolve().parent.parent / "_static")
    if here not in config.html_static_path:
        config.html_static_path.append(here)
    # The pictures are drawn for a light page; and without a default the theme's script logs
    # an error ("invalid theme mode") on every page.
    config.html_context = {**(config.html_context or {}), "default_mode": "light"}


def setup(app: Any) -> dict[str, Any]:
    app.setup_extension("rulebook_search")  # Japanese search by letter pairs (see that module)
    app.connect("doctree-read", lambda app, doctree: join_cjk_line_breaks(doctree))
    app.connect("config-inited", _static_path)
    app.add_css_file("rulebook.css")
    app.add_js_file("rulebook-nav.js", loading_method="defer")  # the menu buttons (see the file)
    # The pictures, boards and tables are drawn for a light page: in the theme's dark mode a
    # reader found tables pale on pale. The page stays light (its switch is hidden, and a dark
    # mode chosen before, kept by the browser, is set back), before anything is drawn.
    app.add_js_file(None, body=LIGHT_ONLY)
    app.add_js_file("rulebook-wide.js", loading_method="defer")  # a line over what scrolls sideways
    app.connect("html-page-context", _drop_duplicate_scripts, priority=900)
    # before the theme's own (500), which reads the level and lists the page's sections once
    app.connect("html-page-context", _few_sections_show_more, priority=400)
    app.connect("build-finished", _translate_pages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
