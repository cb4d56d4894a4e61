"""Join the lines of Japanese paragraphs in the book's Markdown (notebooks and .md pages), and
put a bold run's closing punctuation after the ``**`` so that CommonMark closes the bold.

A line break between two Japanese characters shows as a space on the page and in JupyterLab;
the book writes each paragraph on one line.  Run it after editing prose:

    .venv/bin/python tools/join_cjk_lines.py [book/kingdomino.ipynb ...]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
CJK = "\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uff00-\uffef"
_BREAK = re.compile(f"(?<=[{CJK}])[ \t]*\n[ \t]*(?=[{CJK}])")


def join(text: str) -> str:
    # Never join into or out of a fenced block's opening/closing line, a list item or a heading.
    out: list[str] = []
    for line in text.split("\n"):
        starts_block = re.match(r"\s*([-*+] |\d+\. |#|```|:::|\(|\||:)", line) or not line.strip()
        if out and not starts_block and re.search(f"[{CJK}](\\*\\*|\\*)?$", out[-1].rstrip()) \
                and re.match(f"\\s*(\\*\\*|\\*)?[{CJK}]", line) \
                and not re.match(r"\s*(```|:::)", out[-1]):
            out[-1] = out[-1].rstrip() + line.strip()
        else:
            out.append(line)
    return "\n".join(out)


_PUNCT = "。、」』)!?!?:"


def fix_bold(text: str) -> str:
    """``**見出し。**本文`` does not close its bold in CommonMark (a closing ``**`` after
    punctuation needs a space or punctuation after it): move the punctuation out, ``**見出し**。本文``."""
    out = []
    for line in text.split("\n"):
        parts = line.split("**")
        if len(parts) % 2 == 1:  # balanced: odd-numbered parts are bold
            for i in range(1, len(parts) - 1, 2):
                after = parts[i + 1]
                while parts[i] and parts[i][-1] in _PUNCT and after and not after[0].isspace() and after[0] not in _PUNCT:
                    parts[i], after = parts[i][:-1], parts[i][-1] + after
                parts[i + 1] = after
        out.append("**".join(parts))
    return "\n".join(out)


def main(argv: list[str]) -> None:
    paths = [Path(a) for a in argv] or sorted((ROOT / "book").rglob("*.ipynb")) + sorted((ROOT / "book").glob("*.md"))
    for path in paths:
        if path.suffix == ".md":
            text = path.read_text(encoding="utf-8")
            new = fix_bold(join(text))
            if new != text:
                path.write_text(new, encoding="utf-8")
                print(f"joined {path}")
            continue
        nb = nbformat.read(path, as_version=4)
        changed = False
        for cell in nb.cells:
            if cell.cell_type == "markdown":
                new = fix_bold(join(cell.source))
                if new != cell.source:
                    cell.source, changed = new, True
        if changed:
            nbformat.write(nb, path)
            print(f"joined {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
