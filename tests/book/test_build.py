"""The book builds cleanly: a real Jupyter Book build, warnings as errors."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("book")
    tool = Path(sys.executable).parent / "jupyter-book"
    if not tool.exists():
        found = shutil.which("jupyter-book")
        assert found, "jupyter-book is not installed; run the tests through `make test`"
        tool = Path(found)
    result = subprocess.run(
        [str(tool), "build", str(ROOT), "--path-output", str(out), "--builder", "html", "-W", "-n", "--keep-going"],
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert result.returncode == 0, f"book build failed:\n{result.stdout[-6000:]}\n{result.stderr[-6000:]}"
    return out / "_build" / "html"


def test_book_builds_without_warnings(built_site: Path) -> None:
    index = (built_site / "index.html").read_text(encoding="utf-8")
    assert "遊べるルールブック" in index
    assert 'lang="ja"' in index
