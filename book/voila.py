"""Voilà's configuration, read when Voilà runs in this folder (as tests/browser/ starts it):
the chapter's MyST is rendered and the page fetches nothing from outside the machine
(lab/voila_page.py). A configuration file, not a module: pytest does not collect it
(pyproject.toml), and it does nothing when imported."""

import sys
from pathlib import Path

if "get_config" in globals():  # read by Voilà (traitlets) as its configuration
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "lab"))
    import voila_page

    voila_page.configure(get_config())  # noqa: F821
