"""The own-words guard: no run of 14 letters or digits of a source's prose may appear in a
page of the book.  Spaces and punctuation are ignored on both sides; headings (a source's
short lines without a full stop, and its wiki headings), game terms and names on
:data:`ALLOWED` are facts and may be kept."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from pathlib import Path

RUN = 14
SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
#: The wiki pages (000–002) in their sectioned form (both revisions), and the plain texts 003 and 004.
SOURCES = ("kingdomino.latest.sectioned.txt", "kingdomino.previous.sectioned.txt", "kabaleo.latest.sectioned.txt",
           "dragonkeeper.latest.sectioned.txt", "dragonkeeper.previous.sectioned.txt",
           "003_df9cb172725a784f.txt", "004_49c3d4f20d9d44a5.txt")
#: Names and game terms: facts, which the book may use as the sources do.
ALLOWED = (
    "ダブルセブンバイナリコーディングドミノ", "ダブルセブン・バイナリコーディング・ドミノ", "ミスティーク・エナジー",
    "ドラゴンキーパーザダンジョン", "ドラゴンキーパー:ザ・ダンジョン", "王様の新しい街さいころニュータウン",
    "王様の新しい街 さいころニュータウン", "NéstorRomeralAndrés", "Néstor Romeral Andrés",
)
_BREAK = "\x00"
#: Put this where a page's heading stands: a heading never joins the text around it into a run.
HEADING = _BREAK


def _keep(ch: str) -> bool:
    return ch == _BREAK or unicodedata.category(ch)[0] in "LN"


def normalise(text: str) -> list[str]:
    """The text's letters and digits only, in segments split where an allowed term stood."""
    for term in sorted(ALLOWED, key=len, reverse=True):
        text = text.replace(term, _BREAK)
    kept = "".join(ch for ch in unicodedata.normalize("NFKC", text) if _keep(ch))
    return [s for s in kept.split(_BREAK) if s]


def prose(source: str) -> str:
    """A source's prose: its headings (wiki ``*`` lines, short lines without a full stop) left out."""
    lines = []
    source = re.sub(r"https?://[^\s\]|>)]+|&ref\([^)]*\)", _BREAK, source)  # addresses and images are no prose
    for line in source.splitlines():
        s = line.strip()
        # a numbered or bulleted line of a rule list is prose, however short
        listed = re.match(r"^(\d+[.．、]|[・●◇◆■□○◎※-])\s*\S", s) and not s.startswith("*")
        if s.startswith("*") or (len(s) <= 30 and "。" not in s and not listed):
            lines.append(_BREAK)
            continue
        lines.append(s)
    return _BREAK.join(lines)


@lru_cache(maxsize=None)
def source_runs() -> frozenset[str]:
    runs: set[str] = set()
    for name in SOURCES:
        for segment in normalise(prose((SEEDS / name).read_text(encoding="utf-8"))):
            runs.update(segment[i : i + RUN] for i in range(len(segment) - RUN + 1))
    return frozenset(runs)


def markdown_page(markdown: str) -> str:
    """A Markdown page as the guard reads it: each heading line is a break."""
    return "\n".join(HEADING if line.lstrip().startswith("#") else line for line in markdown.splitlines())


def copied_runs(page_text: str) -> list[str]:
    """Every run of :data:`RUN` letters or digits of ``page_text`` that a source's prose has."""
    runs = source_runs()
    found = []
    for segment in normalise(page_text):
        found.extend(segment[i : i + RUN] for i in range(len(segment) - RUN + 1) if segment[i : i + RUN] in runs)
    return found
