"""The site's search, made to work for Japanese.

Sphinx's Japanese search cuts the page text into words with a statistical splitter, but it
keeps none of one letter (城, 石, 沼, 罠), it leaves punctuation on words (「。城」), the
same phrase is cut differently in different sentences, and the search box does not cut a
query at all: 「王国の得点」 was looked up as one word and found nothing.

Here Japanese text is indexed, and queries are looked up, as overlapping pairs of letters
(bigrams, the usual way to search Japanese without a dictionary) plus single letters:
「王国の得点」 finds every page that has 王国, 国の, の得 and 得点.  A single letter is looked
up as itself; digits and 「×」 inside Japanese belong to it (「2人」, 「5×5」).  Latin words
stay words.  The same cutting runs in Python (the index, ``split_text``) and in JavaScript
(the query, ``JS_SPLITTER``: there a Japanese run of two letters and more is looked up by its
pairs only, one letter as itself).

What is indexed is what a reader reads: the folded code of a cell is left out (its
identifiers would otherwise turn up in results and their summaries), and a rule box's title
(「裁定」, 「表記」) counts as text, not as a section of its own, so a search for 裁定 does not
list dozens of untitled sections.  On the results page (``JS_SPLITTER`` again): the reader's
own words are highlighted, not the letter pairs, and results showing them come first; a summary quotes the page's prose (not its
folded code, list of contents or buttons; table cells apart); a title holding the whole query
ranks first and the appendix after the chapters; the count of results is said in Japanese.
On the page a result opens, the reader's words are highlighted (Sphinx skipped it: every page
here loads the search's script, and Sphinx took each for the search page).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from docutils import nodes
from sphinx.search import IndexBuilder
from sphinx.search.ja import SearchJapanese

#: Letters searched by pairs: kana (with ー, ゝゞ, ヽヾ) and kanji (with 々 and 〆).
JAPANESE = "\u3041-\u3096\u309d\u309e\u30a1-\u30fa\u30fc-\u30fe\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3005\u3006"
#: Runs cut by pairs: Japanese with the digits and 「×」 written inside it (2人, 5×5).
RUN = JAPANESE + "0-9\u00d7"
_PIECES = re.compile(f"([{RUN}]+)|((?:(?![{RUN}])\\w)+)")
_ONE_LETTER = re.compile(f"[{JAPANESE}]")


def split_text(text: str) -> list[str]:
    """The words of ``text`` for the index: each letter of a Japanese run (digits and 「×」 written in it
    belong to it) and each pair of neighbours; Latin words whole.  (The index keeps no lone digit.)

    >>> split_text("城の2人。Bonus")
    ['城', 'の', '2', '人', '城の', 'の2', '2人', 'bonus']
    """
    words: list[str] = []
    for japanese, other in _PIECES.findall(unicodedata.normalize("NFKC", text)):
        if japanese:
            words.extend(japanese)
            words.extend(japanese[i:i + 2] for i in range(len(japanese) - 1))
        else:
            words.append(other.lower())
    return words


#: The query splitter and the result page's highlighting, appended to ``language_data.js``
#: (which the search page loads after ``searchtools.js``).
JS_SPLITTER = """
const rulebookPieces = /([%(run)s]+)|((?:(?![%(run)s])[\\p{L}\\p{N}_])+)/gu;
var splitQuery = (query) => {
  const terms = [];
  for (const [, japanese, other] of query.normalize("NFKC").matchAll(rulebookPieces)) {
    if (!japanese) terms.push(other);
    else if (japanese.length === 1) terms.push(japanese);
    else for (let i = 0; i + 1 < japanese.length; i++) terms.push(japanese.slice(i, i + 2));
  }
  return terms;
};
/* The reader's own words, whole, for highlighting and for placing each summary. */
const rulebookPhrases = (query) => [...query.normalize("NFKC").toLowerCase().matchAll(rulebookPieces)]
  .map((found) => found[0]).filter((phrase) => !/^\\d+$/.test(phrase));
const rulebookQuery = () => (new URLSearchParams(window.location.search).get("q") || "").normalize("NFKC")
  .toLowerCase().trim();
if (typeof Search !== "undefined" && !Search.rulebookJapanese) {
  Search.rulebookJapanese = true;
  const parseQuery = Search._parseQuery;
  Search._parseQuery = (query) => {
    const parsed = parseQuery(query);
    const phrases = new Set(rulebookPhrases(query));
    if (typeof SPHINX_HIGHLIGHT_ENABLED !== "undefined" && SPHINX_HIGHLIGHT_ENABLED)
      localStorage.setItem("sphinx_highlight_terms", [...phrases].join(" "));
    parsed[3] = phrases;
    return parsed;
  };
  const htmlToText = Search.htmlToText;
  /* A summary quotes the page's prose: not its folded code, the contents listed for printing,
     the article's buttons or a refusal box's mark and link, nor the page's title (the result's
     own link: 「ドラゴン」 had summed up its chapter as its title twice over); table cells and
     list items apart. */
  Search.htmlToText = (htmlString, anchor) => {
    const page = new DOMParser().parseFromString(htmlString, "text/html");
    page.querySelectorAll("details.above-input, .cell_input, .cell-input, #jb-print-toc, .bd-sidebar-secondary, .prev-next-area, "
                          + ".bd-header-article, .rulebook-refused-mark, .rulebook-refused-link, button, h1")
      .forEach((aside) => aside.remove());
    page.querySelectorAll("td, th, li, p, dt, dd, caption, h1, h2, h3, h4")
      .forEach((block) => block.append(" "));
    return htmlToText(page.documentElement.outerHTML, anchor);
  };
  const makeSummary = Search.makeSearchSummary;
  /* A summary starts near the last keyword found: a whole phrase, when the page has one. */
  Search.makeSearchSummary = (htmlText, keywords, anchor) =>
    makeSummary(htmlText, [...keywords, ...rulebookPhrases(rulebookQuery())], anchor);
}
/* Sections whose heading holds the reader's whole words, listed first (Sphinx lists a heading only
   when the query is at least half as long as it, which Japanese headings rarely allow: 「得点計算」
   in 「ゲーム終了と得点計算」).  A page's own title is left out: the page is a result already. */
if (typeof Search !== "undefined" && !Search.rulebookSections) {
  Search.rulebookSections = true;
  const performSearch = Search._performSearch;
  Search._performSearch = (query, ...rest) => {
    const results = performSearch(query, ...rest);
    const wanted = query.normalize("NFKC").toLowerCase().trim();
    if (wanted.length < 2 || !new RegExp("^[%(run)s]+$", "u").test(wanted)) return results;
    const index = Search._index, sections = [];
    const heading = (text) => text.normalize("NFKC").toLowerCase();
    for (const [title, found] of Object.entries(index.alltitles)) {
      if (!heading(title).includes(wanted) || wanted.length >= title.length / 2) continue;  // (Sphinx's own)
      for (const [file, id] of found) {
        if (index.titles[file] === title) continue;
        sections.push([index.docnames[file], `${index.titles[file]} > ${title}`, id !== null ? "#" + id : "", null,
                       wanted.length / title.length, index.filenames[file]]);
      }
    }
    /* Sphinx's own section results (a heading at most twice the query's length) join them, so that
       the heading closest to the query comes first (「王様の土地」 before 「王様の土地に家を建てる条件」) */
    const own = (result) => result[3] === null && result[2].startsWith("#") && result[1].includes(" > ")
      && heading(result[1].split(" > ").pop()).includes(wanted);
    for (const result of results.filter(own))
      sections.push([...result.slice(0, 4), wanted.length / result[1].split(" > ").pop().length, result[5]]);
    sections.sort((a, b) => a[4] - b[4] || b[1].localeCompare(a[1]));
    return [...results.filter((result) => !own(result)), ...sections];  // (the list is shown from its end)
  };
}
/* The ranking: a title holding the whole query first; the appendix (the book's machinery) and
   the contents page after the chapters. */
if (typeof Scorer !== "undefined") {
  Scorer.score = (result) => {
    const [docname, title, , , score] = result;
    const query = rulebookQuery();
    let ranked = score;
    if (docname === "book/appendix" || docname === "book/index") ranked -= 4;
    if (query && title.normalize("NFKC").toLowerCase().includes(query)) ranked += 10;
    return ranked;
  };
}
/* Results whose summary holds the reader's whole words (highlighted) before those that only
   hold their letter pairs apart: the index keeps no positions, the summaries (fetched one by one)
   do show them. */
document.addEventListener("DOMContentLoaded", () => {
  const results = document.getElementById("search-results");
  if (!results) return;
  const holds = (item) => item.querySelector(".highlighted") !== null;
  let shown = 0;
  /* (each in the order Sphinx listed it, whenever its summary arrives) */
  const rank = (item) => Number(item.dataset.rulebookRank ?? (item.dataset.rulebookRank = shown++));
  const observer = new MutationObserver(() => {
    const list = results.querySelector("ul.search");
    if (!list) return;
    const items = [...list.children];
    items.forEach(rank);
    const sorted = [...items].sort((a, b) => (holds(b) - holds(a)) || (rank(a) - rank(b)));
    if (sorted.every((item, i) => item === items[i])) return;
    observer.disconnect();
    sorted.forEach((item) => list.appendChild(item));
    observer.observe(results, {childList: true, subtree: true});
  });
  observer.observe(results, {childList: true, subtree: true});
});
/* The result count, and a useful word when nothing is found (the Japanese catalogue has none
   for the first, and speaks of categories this site does not have). */
if (typeof Documentation !== "undefined" && Documentation.TRANSLATIONS) {
  Documentation.TRANSLATIONS["Search finished, found ${resultCount} page(s) matching the search query."] =
    "${resultCount}件見つかりました。";
  Documentation.TRANSLATIONS["Your search did not match any documents. Please make sure that all words are "
    + "spelled correctly and that you've selected enough categories."] =
    "見つかりませんでした。言葉を短くするか、本文での言い方(たとえば「ヴァリアント」)で探してみてください。";
}
/* The page a result opens: every page loads the search's script, so Sphinx takes each for the
   search page and highlights nothing; here the reader's words are highlighted, and, when the
   result is a whole page, the first of them is brought into view.  Only a page opened from the
   search page: one reached otherwise after a search (Sphinx keeps the words until the next page)
   showed 「検索結果を隠す」 over its title with nothing highlighted; nor is that button left on a
   page where none of the words were found. */
if (typeof SphinxHighlight !== "undefined") {
  const rulebookHighlight = () => {
    if (document.getElementById("search-results")) return;  // (the search page highlights its own)
    const url = new URL(window.location);
    const fromSearch = /\\/search\\.html$/.test(new URL(document.referrer || "about:blank", url).pathname);
    if (!url.searchParams.get("highlight") && !fromSearch) {
      localStorage.removeItem("sphinx_highlight_terms");
      return;
    }
    if (!localStorage.getItem("sphinx_highlight_terms") && !url.searchParams.get("highlight")) return;
    SphinxHighlight.highlightSearchWords();
    setTimeout(() => {  // (Sphinx highlights a moment later)
      const first = document.querySelector("main .highlighted");
      if (!first) SphinxHighlight.hideSearchWords();
      else if (!url.hash) first.scrollIntoView({block: "center"});
    }, 60);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", rulebookHighlight);
  else rulebookHighlight();
}
""" % {"run": JAPANESE + "0-9\\u00d7"}


class RulebookJapanese(SearchJapanese):
    """Japanese search by letters and letter pairs (see the module's text)."""

    js_splitter_code = JS_SPLITTER

    def init(self, options: dict[str, str]) -> None:
        pass

    def split(self, input: str) -> list[str]:  # noqa: A002 (Sphinx's name)
        return split_text(input)

    def word_filter(self, stemmed_word: str) -> bool:
        return len(stemmed_word) > 1 or bool(_ONE_LETTER.fullmatch(stemmed_word))


def reader_text(doctree: nodes.document) -> nodes.document:
    """A copy of a page's tree holding what a reader reads: no folded cell code (on a page of
    Markdown, the appendix's, written out as a cell's, ``cell-input``, with its toggle's labels);
    a box's title as text."""
    copy = doctree.deepcopy()
    for code in list(copy.findall(lambda node: isinstance(node, nodes.Element)
                                  and {"cell_input", "cell-input"} & set(node.get("classes", ())))):
        code.parent.remove(code)
    for toggle in list(copy.findall(lambda node: isinstance(node, nodes.raw) and "above-input" in node.astext())):
        toggle.parent.remove(toggle)
    for title in list(copy.findall(nodes.title)):
        if not isinstance(title.parent, (nodes.section, nodes.document)):
            title.replace_self(nodes.paragraph("", "", *title.children))
    return copy


def setup(app: Any) -> dict[str, Any]:
    app.add_search_language(RulebookJapanese)
    # (``_word_collector`` is Sphinx 7.4's own, private: the site's tests check that the folded
    # code stays out of the index and that no box's title is listed as a section)
    collect = IndexBuilder._word_collector
    if not getattr(collect, "rulebook", False):
        def reader_words(self: IndexBuilder, doctree: nodes.document) -> Any:
            return collect(self, reader_text(doctree))

        reader_words.rulebook = True  # type: ignore[attr-defined]
        IndexBuilder._word_collector = reader_words  # type: ignore[method-assign]
    return {"parallel_read_safe": True, "parallel_write_safe": True}
