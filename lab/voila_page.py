"""Voilà's page for the book's notebooks: the chapter's MyST shown as on the site, and nothing
fetched from outside the machine.

Voilà reads ``book/voila.py`` when it runs in ``book/`` (as the browser tests start it), and that
file calls :func:`configure`. Two things change from Voilà's own ``lab`` template:

- A preprocessor turns the few MyST constructs the chapters use into what Voilà's Markdown
  renders: a label line ``(name)=`` becomes an anchor, an ``{admonition}`` block (a 裁定 box,
  a note) becomes a boxed ``<div>``, a ``{dropdown}`` block a folded ``<details>``, and ``{ref}``
  becomes a link to the section on the page,
  or its title when the section is in another document.
- The page template ``rulebook`` (``lab/data/voila/templates/rulebook/``, based on ``lab``) drops
  the two Font Awesome style sheets Voilà asks a CDN for (its own bundle already carries the
  icons) and styles the boxes. Voilà looks for templates in the Jupyter data path, so
  :func:`configure` adds ``lab/data`` to ``JUPYTER_PATH`` for the Voilà process.
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

from nbconvert.preprocessors import Preprocessor

BOOK = Path(__file__).resolve().parent.parent / "book"
DATA = Path(__file__).resolve().parent / "data"

LABEL = re.compile(r"^\(([\w-]+)\)=[ \t]*$", re.M)
LABELLED_HEADING = re.compile(r"^\(([\w-]+)\)=[ \t]*\n#+[ \t]+(.+?)[ \t]*$", re.M)
ADMONITION = re.compile(r"^```\{(admonition|dropdown)\}[ \t]*([^\n]*?)[ \t]*\n((?::[\w-]+:[^\n]*\n)*)(.*?)^```[ \t]*$",
                        re.M | re.S)
REF = re.compile(r"\{ref\}`([^`<]*?)\s*(?:<([\w-]+)>)?`")


def section_titles(book: Path = BOOK) -> dict[str, str]:
    """Every label of the book (``(name)=`` before a heading) with its heading's text."""
    titles: dict[str, str] = {}
    for path in sorted(book.glob("*.md")) + sorted(book.glob("*.ipynb")):
        if path.suffix == ".ipynb":
            import nbformat

            texts = [c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown"]
        else:
            texts = [path.read_text(encoding="utf-8")]
        for text in texts:
            titles.update(LABELLED_HEADING.findall(text))
    return titles


def myst_to_markdown(source: str, here: set[str], titles: dict[str, str]) -> str:
    """The MyST of one Markdown cell as plain Markdown with HTML; ``here`` holds the labels of
    the page's own sections (linked), ``titles`` every label's heading (shown as text elsewhere).

    >>> myst_to_markdown("(a)=\\n## A\\nSee {ref}`a` and {ref}`this <b>`.", {"a"}, {"a": "A", "b": "B"})
    '<a id="a"></a>\\n\\n## A\\nSee [A](#a) and this.'
    >>> print(myst_to_markdown("```{admonition} 裁定\\n:class: important\\n**A**. B\\n```", set(), {}))
    <div class="admonition important">
    <p class="admonition-title">裁定</p>
    <BLANKLINE>
    **A**. B
    <BLANKLINE>
    </div>
    >>> print(myst_to_markdown("```{dropdown} 本書の仮定\\n:color: warning\\nA\\n```", set(), {}))
    <details class="admonition warning">
    <summary class="admonition-title">本書の仮定</summary>
    <BLANKLINE>
    A
    <BLANKLINE>
    </details>
    """

    def admonition(m: re.Match[str]) -> str:
        kind, title = m.group(1), m.group(2)
        options = dict(re.findall(r"^:([\w-]+):[ \t]*(.*?)[ \t]*$", m.group(3), re.M))
        classes = " ".join(["admonition", *options.get("class", "").split(), *options.get("color", "").split()])
        body = m.group(4).strip("\n")
        if kind == "dropdown":  # (folded, as on the site: its title opens it)
            return (f'<details class="{html.escape(classes)}">\n<summary class="admonition-title">{html.escape(title)}'
                    f"</summary>\n\n{body}\n\n</details>")
        return (f'<div class="{html.escape(classes)}">\n<p class="admonition-title">{html.escape(title)}</p>'
                f"\n\n{body}\n\n</div>")

    def ref(m: re.Match[str]) -> str:
        text, target = m.group(1).strip(), m.group(2)
        if target is None:
            target, text = text, titles.get(text, text)
        return f"[{text}](#{target})" if target in here else text

    source = ADMONITION.sub(admonition, source)
    source = LABEL.sub(lambda m: f'<a id="{m.group(1)}"></a>\n', source)
    return REF.sub(ref, source)


class MystToMarkdown(Preprocessor):
    """Rewrite every Markdown cell's MyST (see :func:`myst_to_markdown`)."""

    def preprocess(self, nb, resources):
        here = {label for c in nb.cells if c.cell_type == "markdown" for label in LABEL.findall(c.source)}
        titles = section_titles()
        for cell in nb.cells:
            if cell.cell_type == "markdown":
                cell.source = myst_to_markdown(cell.source, here, titles)
        return nb, resources


def configure(c) -> None:
    """Apply this page to a Voilà configuration object."""
    c.VoilaExporter.preprocessors = [MystToMarkdown]
    c.VoilaConfiguration.template = "rulebook"
    path = os.environ.get("JUPYTER_PATH", "")
    if str(DATA) not in path.split(os.pathsep):
        os.environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(DATA), path) if p)
