"""The site's search, made to work for Japanese.

Sphinx's Japanese search cuts the page text into words with a statistical splitter, but it
keeps none of one letter (城, 石, 沼, 罠), it leaves punctuation on words (「。城」), the
same phrase is cut differently in different sentences, and the search box does not cut a
query at all: 「王国の得点」 was looked up as one word and found nothing.

Here Japanese text is indexed, and queries are looked up, as overlapping pairs of letters
(bigrams, the usual way to search Japanese without a dictionary) plus single letters:
「王国の得点」 finds every page that has 王国, 国の, の得 and 得点.  A single letter is looked
up as itself.  Latin words and numbers stay words.  The same cutting runs in Python (the
index, ``split_text``) and in JavaScript (the query, ``JS_SPLITTER``: there a
Japanese run of two letters and more is looked up by its pairs only, one letter as itself).

What is indexed is what a reader reads: the folded code of a cell is left out (its
identifiers would otherwise turn up in results and their summaries), and a rule box's title
(「裁定」, 「表記」) counts as text, not as a section of its own, so a search for 裁定 does not
list dozens of untitled sections.  The results highlight the reader's own words, not the
letter pairs, and a result's summary quotes the page's text, not its folded code or its list of contents.
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
_PIECES = re.compile(f"([{JAPANESE}]+)|((?:(?![{JAPANESE}])\\w)+)")
_ONE_LETTER = re.compile(f"[{JAPANESE}]")


def split_text(text: str) -> list[str]:
    """The words of ``text`` for the index: each Japanese letter and each pair of neighbours; Latin words whole.

    >>> split_text("城の石。K2")
    ['城', 'の', '石', '城の', 'の石', 'k2']
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
const rulebookPieces = /([%(ja)s]+)|((?:(?![%(ja)s])[\\p{L}\\p{N}_])+)/gu;
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
  /* A summary quotes the page's text: not its folded code, nor the contents listed for printing. */
  Search.htmlToText = (htmlString, anchor) => {
    const page = new DOMParser().parseFromString(htmlString, "text/html");
    page.querySelectorAll("details.above-input, .cell_input, #jb-print-toc, .bd-sidebar-secondary, .prev-next-area")
      .forEach((aside) => aside.remove());
    return htmlToText(page.documentElement.outerHTML, anchor);
  };
  const makeSummary = Search.makeSearchSummary;
  /* A summary starts near the last keyword found: a whole phrase, when the page has one. */
  Search.makeSearchSummary = (htmlText, keywords, anchor) => {
    const query = new URLSearchParams(window.location.search).get("q") || "";
    return makeSummary(htmlText, [...keywords, ...rulebookPhrases(query)], anchor);
  };
}
""" % {"ja": JAPANESE}


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
    """A copy of a page's tree holding what a reader reads: no folded cell code; a box's title as text."""
    copy = doctree.deepcopy()
    for code in list(copy.findall(lambda node: isinstance(node, nodes.Element)
                                  and "cell_input" in node.get("classes", ()))):
        code.parent.remove(code)
    for title in list(copy.findall(nodes.title)):
        if not isinstance(title.parent, (nodes.section, nodes.document)):
            title.replace_self(nodes.paragraph("", "", *title.children))
    return copy


def setup(app: Any) -> dict[str, Any]:
    app.add_search_language(RulebookJapanese)
    collect = IndexBuilder._word_collector
    if not getattr(collect, "rulebook", False):
        def reader_words(self: IndexBuilder, doctree: nodes.document) -> Any:
            return collect(self, reader_text(doctree))

        reader_words.rulebook = True  # type: ignore[attr-defined]
        IndexBuilder._word_collector = reader_words  # type: ignore[method-assign]
    return {"parallel_read_safe": True, "parallel_write_safe": True}
