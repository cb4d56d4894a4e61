"""JupyterLab's configuration for `make lab` (read with ``--config=lab/lab_config.py``).

Everything stays in the project: the settings it ships (``lab/settings/overrides.json``: the
Japanese interface) and, in ``build/lab/`` (not committed), what JupyterLab writes while it runs
(the reader's own settings, workspaces, and the trust database that `make lab` fills with
``jupyter trust`` so that the notebooks' saved pictures show before any cell is run).
Nothing is written into the home directory.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STATE = ROOT / "build" / "lab"

c = get_config()  # noqa: F821  (defined by traitlets when it reads this file)

c.ServerApp.root_dir = str(ROOT / "book")
c.ServerApp.ip = "127.0.0.1"
c.LabApp.app_settings_dir = str(ROOT / "lab" / "settings")
c.LabApp.user_settings_dir = str(STATE / "user-settings")
c.LabApp.workspaces_dir = str(STATE / "workspaces")
c.NotebookNotary.db_file = str(STATE / "nbsignatures.db")
c.NotebookNotary.secret_file = str(STATE / "notebook_secret")
c.LabApp.extension_manager = "readonly"  # list the installed extensions; never ask a package index
# The file browser lists the chapters, not the site's machinery beside them.
c.ContentsManager.hide_globs = ["__pycache__", "*.pyc", "*.pyo", ".DS_Store", "*~", "_ext", "_static", "voila.py"]

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def keep_the_pictures(model: dict, **_: object) -> None:
    """Before a chapter is saved (a reader pressed 保存, or answered 保存 when JupyterLab asked on
    closing a chapter after a game): an output that shows a live board, and carries its picture
    too, keeps the picture only; the widgets' saved state goes.  The live board's view names a
    widget that is gone with the kernel: reopened, the chapter had shown JupyterLab's English
    「Error displaying widget: model not found」 where the board's picture stood."""
    if model.get("type") != "notebook" or not isinstance(model.get("content"), dict):
        return
    notebook = model["content"]
    notebook.get("metadata", {}).pop("widgets", None)
    for cell in notebook.get("cells", []):
        for output in cell.get("outputs") or []:
            data = output.get("data") or {}
            if WIDGET_VIEW in data and len(data) > 1:
                del data[WIDGET_VIEW]


c.ContentsManager.pre_save_hook = keep_the_pictures
