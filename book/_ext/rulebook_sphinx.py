"""Small Sphinx fixes for the rulebook's site.

* sphinx-thebe registers its inline configuration script once per ``env-before-read-docs``
  event, which Jupyter Book 1 emits more than once; the second copy redeclares a ``const``
  and throws on every page.  Identical script entries are dropped here, page by page.
"""

from __future__ import annotations

from typing import Any


def _drop_duplicate_scripts(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    scripts = context.get("script_files")
    if not scripts:
        return
    seen: set[tuple[str, tuple]] = set()
    unique = []
    for script in scripts:
        attributes = getattr(script, "attributes", {}) or {}
        key = (str(getattr(script, "filename", script) or ""), tuple(sorted((k, str(v)) for k, v in attributes.items())))
        if key not in seen:
            seen.add(key)
            unique.append(script)
    scripts[:] = unique


def setup(app: Any) -> dict[str, Any]:
    app.connect("html-page-context", _drop_duplicate_scripts, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
