"""Japanese typography on the site: a line break between two Japanese characters in the
Markdown never becomes a space, even next to inline markup; Latin text keeps its spaces."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_line_breaks_between_japanese_characters_vanish(tmp_path: Path) -> None:
    (tmp_path / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(ROOT / 'book' / '_ext')!r})\n"
        "extensions = ['myst_parser', 'rulebook_sphinx']\nlanguage = 'ja'\n", encoding="utf-8")
    (tmp_path / "index.md").write_text(
        "# 見出し\n\n各自もう1枚引いて\n**プレイングタイル**にします。局面と\nその結果。\n"
        "城が\n中央に\nあります。\n\nthe first\nline and `code`\nhere\n", encoding="utf-8")
    subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", str(tmp_path), str(tmp_path / "_b")],
                   check=True, capture_output=True)
    page = (tmp_path / "_b" / "index.html").read_text(encoding="utf-8")
    assert "各自もう1枚引いて<strong>プレイングタイル</strong>にします。局面とその結果。城が中央にあります。" in page
    assert "the first\nline" in page
