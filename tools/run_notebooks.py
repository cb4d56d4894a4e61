"""Execute the book's notebooks in place, so they are committed with fresh outputs.

    make notebooks                 (every notebook under book/)
    .venv/bin/python tools/run_notebooks.py book/kingdomino.ipynb

Saved widget state (``metadata.widgets``) is removed: it is large, changes on every run,
and the static site shows each board's SVG picture instead. For the same reason a board's
output keeps only its picture and text, not the reference to its live widget: without the
saved state that reference could only show JupyterLab's "model not found" error, whereas the
picture shows the board's first position until the reader runs the cells.

The notebook's kernel metadata is written as JupyterLab writes it (the installed kernel's
display name), so that opening a notebook in `make lab` does not mark it modified.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from jupyter_client.kernelspec import KernelSpecManager
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
KERNEL = "python3"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def run(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name=KERNEL, resources={"metadata": {"path": str(path.parent)}},
                   store_widget_state=False).execute()
    nb.metadata.pop("widgets", None)
    spec = KernelSpecManager().get_kernel_spec(KERNEL)
    nb.metadata.kernelspec = {"display_name": spec.display_name, "language": spec.language, "name": KERNEL}
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        for out in cell.get("outputs", []):
            if WIDGET_VIEW in out.get("data", {}) and "image/svg+xml" in out.data:
                del out.data[WIDGET_VIEW]
    nbformat.write(nb, path)
    print(f"executed {path.relative_to(ROOT)}")


def main(argv: list[str]) -> None:
    paths = [Path(a).resolve() for a in argv] or sorted((ROOT / "book").rglob("*.ipynb"))
    for path in paths:
        if ".ipynb_checkpoints" not in path.parts:
            run(path)


if __name__ == "__main__":
    main(sys.argv[1:])
