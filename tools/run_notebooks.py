"""Execute the book's notebooks in place, so they are committed with fresh outputs.

    make notebooks                 (every notebook under book/)
    .venv/bin/python tools/run_notebooks.py book/kingdomino.ipynb

Saved widget state (``metadata.widgets``) is removed: it is large, changes on every run,
and the static site shows each board's SVG picture instead.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent


def run(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}},
                   store_widget_state=False).execute()
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
    nbformat.write(nb, path)
    print(f"executed {path.relative_to(ROOT)}")


def main(argv: list[str]) -> None:
    paths = [Path(a).resolve() for a in argv] or sorted((ROOT / "book").rglob("*.ipynb"))
    for path in paths:
        if ".ipynb_checkpoints" not in path.parts:
            run(path)


if __name__ == "__main__":
    main(sys.argv[1:])
