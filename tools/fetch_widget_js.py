"""Put the JavaScript the static site needs into one folder, so no page uses a CDN.

    .venv/bin/python tools/fetch_widget_js.py build/widget-js     (run by `make build` / `make test`)

Two parts: the widget JavaScript (``jupyter-widgets/``) and Pyodide's core (``pyodide/``), the
Python interpreter in WebAssembly that plays the boards in the reader's browser.

* ``require.js`` and ``@jupyter-widgets/html-manager``'s ``embed-amd.js`` (with the font files
  it loads) come from the npm registry, at pinned versions whose published sha512 integrity
  is checked here;
* ``ipycanvas/index.js`` is the AMD module shipped inside the installed ipycanvas wheel, so
  it always matches the Python side;
* ``widgets-config.js`` tells require.js to load ipycanvas from this folder, and that the
  html manager's own files (its icon fonts) are here too.

* ``pyodide/``: the ``pyodide`` package of the npm registry at a pinned version whose sha512
  integrity is checked: the interpreter, its standard library and its lock file, nothing else
  (no source maps, no other packages: the boards need only the standard library).

Sphinx copies the folder to ``_static/jupyter-widgets/`` and ``_static/pyodide/`` (it is listed in ``html_static_path``; it is
not the book's own ``_static/``, whose scripts Jupyter Book would put on every page), and
myst-nb loads the three scripts on pages that hold widgets (``nb_ipywidgets_js``).
"""

from __future__ import annotations

import base64
import hashlib
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

PACKAGES = {
    "@jupyter-widgets/html-manager@1.0.15": "sha512-5thBIV6ymNgmPVOHvzx+gGy8ZSKmSazhtGw4/c4xJDVzRhG9PTeQsRjF3FUTopvFi//SABeNz1yp47bCrJ3CQA==",
    "requirejs@2.3.8": "sha512-7/cTSLOdYkNBNJcDMWf+luFvMriVm7eYxp4BcFCsAX0wF421Vyce5SXP17c+Jd5otXKGNehIonFlyQXSowL6Mw==",
}
PYODIDE = ("pyodide@0.29.5",
           "sha512-TkYrUv9m8QmfImADKRmpwZulL48E0uUaBSO+dvRQKyAJc0qh9gu7jn8btyHPh3NZm1r2IH2YrJhIr7Q2B9urAw==")
#: What of Pyodide's package the site ships.
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
                 "package.json", "README.md")
ASSETS = (".woff2", ".woff", ".eot", ".ttf", ".svg")
CONFIG_JS = """// Load widget modules from this folder: the site never asks a CDN for them.
(function () {
  var here = document.currentScript.src.replace(/[^\\/]*$/, "");
  window.requirejs.config({
    paths: {
      ipycanvas: here + "ipycanvas/index",
      // The bundled modules (@jupyter-widgets/base, controls, html-manager, ...) look for
      // their icon fonts next to their own module URL, or next to embed-amd.js, depending
      // on which asks first: every one of those places is this folder.
      "@jupyter-widgets": here.replace(/\/$/, ""),
      "@jupyter-widgets/html-manager/dist": here.replace(/\/$/, ""),
    },
  });
})();
"""


def _integrity(path: Path) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def _done(target: Path, pinned: str) -> bool:
    """Whether ``target`` holds the pinned versions already (its stamp names their integrity)."""
    stamp = target / ".complete"
    return stamp.exists() and stamp.read_text(encoding="utf-8").strip() == pinned


def _npm_pack(specs: list[str], folder: str) -> dict[str, Path]:
    result = subprocess.run(["npm", "pack", "--silent", "--pack-destination", folder, *specs],
                            capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise SystemExit(f"npm pack failed (is npm installed and the registry reachable?):\n{result.stderr}")
    return {p.name: p for p in Path(folder).glob("*.tgz")}


def fetch_pyodide(out: Path) -> None:
    """Pyodide's core from npm, integrity-checked, into ``out/pyodide``."""
    target = out / "pyodide"
    spec, expected = PYODIDE
    if _done(target, expected):
        return
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        tgz = _npm_pack([spec], tmp)[f"pyodide-{spec.rsplit('@', 1)[1]}.tgz"]
        if _integrity(tgz) != expected:
            raise SystemExit(f"{spec}: the tarball's sha512 does not match the pinned integrity")
        with tarfile.open(tgz) as tar:
            for name in PYODIDE_FILES:
                member = tar.getmember(f"package/{name}")
                (target / name).write_bytes(tar.extractfile(member).read())  # type: ignore[union-attr]
    (target / ".complete").write_text(expected + "\n", encoding="utf-8")
    print(f"Pyodide ready in {target}")


def fetch(out: Path) -> None:
    fetch_pyodide(out)
    target = out / "jupyter-widgets"
    pinned = " ".join(PACKAGES.values())
    if _done(target, pinned):
        return
    shutil.rmtree(target, ignore_errors=True)
    (target / "ipycanvas").mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        tarballs = _npm_pack(list(PACKAGES), tmp)
        for spec, expected in PACKAGES.items():
            name, version = spec.rsplit("@", 1)
            tgz = tarballs[f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"]
            if _integrity(tgz) != expected:
                raise SystemExit(f"{spec}: the tarball's sha512 does not match the pinned integrity")
            with tarfile.open(tgz) as tar:
                for member in tar.getmembers():
                    base = Path(member.name).name
                    wanted = (
                        member.name == "package/dist/embed-amd.js"
                        or (member.name.startswith("package/dist/") and base.endswith(ASSETS))
                        or member.name == "package/require.js"
                        or member.name == "package/LICENSE"
                    )
                    if wanted and member.isfile():
                        data = tar.extractfile(member).read()  # type: ignore[union-attr]
                        if base == "LICENSE":
                            dest = Path(f"LICENSE-{name.split('/')[-1]}")
                        else:
                            dest = Path(base)
                        (target / dest).write_bytes(data)
    ipycanvas = Path(sys.prefix) / "share" / "jupyter" / "nbextensions" / "ipycanvas" / "index.js"
    if not ipycanvas.exists():
        raise SystemExit(f"ipycanvas's AMD module is missing at {ipycanvas}; install the project's extras")
    shutil.copy(ipycanvas, target / "ipycanvas" / "index.js")
    (target / "widgets-config.js").write_text(CONFIG_JS, encoding="utf-8")
    (target / ".complete").write_text(pinned + "\n", encoding="utf-8")
    print(f"widget JavaScript ready in {target}")


if __name__ == "__main__":
    fetch(Path(sys.argv[1] if len(sys.argv) > 1 else "build/widget-js"))
