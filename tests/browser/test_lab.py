"""`make lab` as a newcomer finds it: JupyterLab started with the project's configuration
(lab/lab_config.py, the notebooks trusted first), a chapter opened in Debian's chromium.

Before any cell is run, the chapter must read as on the site: MyST rendered (a 裁定 box is a
box, no label lines), its saved pictures shown (the notebook is trusted), the board's first
position shown as a picture (not a widget error), the interface in Japanese, and the tab not
marked modified. What JupyterLab writes while it runs goes to a temporary folder here.
"""

from __future__ import annotations

import os
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..conftest import ROOT, free_port, tool

pytestmark = pytest.mark.browser
CONFIG = "--config=" + str(ROOT / "lab" / "lab_config.py")  # as the Makefile's `lab` target
CHAPTER = "kingdomino.ipynb"


@pytest.fixture(scope="module")
def lab_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    state = tmp_path_factory.mktemp("lab")
    # The project's configuration, with what JupyterLab writes moved from build/lab/ to here.
    written = [f"--LabApp.user_settings_dir={state / 'user-settings'}", f"--LabApp.workspaces_dir={state / 'workspaces'}",
               f"--NotebookNotary.db_file={state / 'nbsignatures.db'}",
               f"--NotebookNotary.secret_file={state / 'notebook_secret'}"]
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(state / "runtime")}
    subprocess.run([tool("jupyter"), "trust", CONFIG, *written, *map(str, sorted((ROOT / "book").glob("*.ipynb")))],
                   check=True, capture_output=True, env=env, cwd=ROOT)
    port = free_port()
    log = state / "lab.log"
    root = ["--allow-root"] if os.getuid() == 0 else []
    with open(log, "w") as out:
        proc = subprocess.Popen(
            [tool("jupyter"), "lab", CONFIG, *written, "--no-browser", f"--port={port}", "--IdentityProvider.token=",
             *root],
            stdout=out, stderr=subprocess.STDOUT, env=env, cwd=ROOT,
        )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.time() + 60
        while True:
            try:
                urllib.request.urlopen(url + "api/status", timeout=2)
                break
            except urllib.error.HTTPError:
                break  # the server answers
            except OSError:
                if proc.poll() is not None:
                    pytest.fail(f"jupyter lab exited:\n{log.read_text()}")
                if time.time() > deadline:
                    pytest.fail(f"jupyter lab did not answer within 60 s:\n{log.read_text()}")
                time.sleep(0.5)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="module")
def chapter(browser, lab_url: str) -> Iterator[object]:
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    page.goto(lab_url + "lab/tree/" + CHAPTER, timeout=60_000)
    page.locator(".jp-NotebookPanel .jp-MarkdownCell").first.wait_for(timeout=60_000)
    # The kernel starts with the notebook; JupyterLab then writes the kernel's name into the
    # notebook's metadata, which marks the tab modified if it differs from the saved one.
    page.locator(".jp-NotebookPanel .jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(timeout=60_000)
    page.wait_for_timeout(1000)
    yield page
    page.close()


def test_the_interface_is_in_japanese(chapter) -> None:
    labels = chapter.locator(".lm-MenuBar-itemLabel").all_inner_texts()
    assert "ファイル" in labels and "実行" in labels, labels


def test_myst_is_rendered_as_on_the_site(chapter) -> None:
    ruling = chapter.locator(".jp-MarkdownCell aside.myst-admonition", has_text="裁定").first
    ruling.wait_for(timeout=30_000)
    assert ruling.is_visible()
    text = "\n".join(chapter.locator(".jp-MarkdownCell").all_inner_texts())
    for raw in ("```{admonition}", ":class:", "(kingdomino-goal)=", "{ref}"):
        assert raw not in text, f"raw MyST on the page: {raw}"
    # a reference JupyterLab cannot follow shows as a warning sign and the label's name
    assert "⚠" not in text and "appendix" not in text
    link = chapter.locator(".jp-MarkdownCell a", has_text="付録").first
    assert "appendix.md" in link.get_attribute("href")
    link.click()  # JupyterLab opens the appendix in a tab of its own
    tab = chapter.locator(".lm-TabBar-tab", has_text="appendix.md")
    tab.wait_for(timeout=30_000)
    chapter.locator(".lm-TabBar-tab", has_text=CHAPTER).click()


def test_playing_does_not_rewrite_the_chapters(lab_url: str) -> None:
    """JupyterLab saves a notebook by itself every two minutes: the chapter would be rewritten
    with the reader's game in it. The project's settings turn that off."""
    import json

    name = "@jupyterlab/docmanager-extension:plugin"
    settings = json.loads(urllib.request.urlopen(lab_url + "lab/api/settings/" + name, timeout=10).read())
    # (the project's overrides are the defaults JupyterLab uses; a reader's own settings are empty)
    assert settings["schema"]["properties"]["autosave"]["default"] is False
    assert "autosave" not in settings["settings"]


def test_saved_pictures_show_before_any_cell_is_run(chapter) -> None:
    assert chapter.locator(".jp-CodeCell .jp-InputPrompt", has_text="[*]").count() == 0
    picture = chapter.locator(".jp-CodeCell .jp-RenderedSVG.jp-mod-trusted img").first
    picture.wait_for(timeout=30_000)
    assert picture.is_visible()
    assert chapter.locator(".jp-RenderedSVG:not(.jp-mod-trusted)").count() == 0


def test_the_board_shows_its_first_position_before_it_is_started(chapter) -> None:
    board = chapter.locator(".jp-CodeCell", has_text="KingdominoBoard(")
    assert board.locator(".jp-RenderedSVG img").count() == 1
    assert "Error displaying widget" not in chapter.locator(".jp-Notebook").inner_text()


def test_opening_the_chapter_does_not_mark_it_modified(chapter) -> None:
    tab = chapter.locator(".lm-TabBar-tab", has_text=CHAPTER)
    assert "jp-mod-dirty" not in (tab.get_attribute("class") or ""), "the notebook is marked modified on opening"


def test_only_the_book_folder_is_served(lab_url: str) -> None:
    listing = urllib.request.urlopen(lab_url + "api/contents/", timeout=10).read().decode()
    assert f'"{CHAPTER}"' in listing and '"gamelib"' not in listing
    for machinery in ("_ext", "_static", "voila.py"):  # the site's machinery is not listed beside the chapters
        assert f'"name": "{machinery}"' not in listing


def test_a_chapter_saved_after_a_game_keeps_its_board_s_picture(lab_url: str) -> None:
    """A reader who played, closed the chapter and answered 保存 found JupyterLab's English
    「Error displaying widget: model not found」 where the board had been, the next time: the
    saved output named the live board's widget. Saved through the server, an output keeps its
    picture and text, not the widget's view, and no widget state is kept."""
    import json

    name = "_saved_board_check.ipynb"
    view = {"model_id": "0123abcd", "version_major": 2, "version_minor": 0}
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {"widgets": {"state": {}}},
                "cells": [{"cell_type": "code", "id": "a1", "metadata": {}, "execution_count": 1, "source": "board",
                           "outputs": [{"output_type": "execute_result", "execution_count": 1, "metadata": {},
                                        "data": {"application/vnd.jupyter.widget-view+json": view,
                                                 "image/svg+xml": "<svg></svg>", "text/plain": "盤面"}}]}]}
    import http.cookiejar

    # (as the page does: the server's _xsrf cookie, sent back in a header)
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(lab_url + "lab", timeout=30).read()
    xsrf = next(cookie.value for cookie in jar if cookie.name == "_xsrf")
    body = json.dumps({"type": "notebook", "format": "json", "content": notebook}).encode()
    request = urllib.request.Request(lab_url + "api/contents/" + name, data=body, method="PUT",
                                     headers={"Content-Type": "application/json", "X-XSRFToken": xsrf})
    saved = ROOT / "book" / name
    try:
        opener.open(request, timeout=10).read()
        kept = json.loads(saved.read_text(encoding="utf-8"))
        data = {key: "".join(value) for key, value in kept["cells"][0]["outputs"][0]["data"].items()}
        assert data == {"image/svg+xml": "<svg></svg>", "text/plain": "盤面"}
        assert "widgets" not in kept["metadata"]
    finally:  # (the file and the checkpoint JupyterLab's save made beside it)
        saved.unlink(missing_ok=True)
        (ROOT / "book" / ".ipynb_checkpoints" / name.replace(".ipynb", "-checkpoint.ipynb")).unlink(missing_ok=True)
        try:
            (ROOT / "book" / ".ipynb_checkpoints").rmdir()
        except OSError:
            pass  # (not empty: a reader's own checkpoints)
