"""The replays on the built static site, in chromium: every game chapter shows a whole game
between computer players that steps without any Python; ▶ and ◀ move the picture, the
counter and the caption, the slider jumps to the end and its result, the arrow keys step, and
on a phone the positions are drawn as the phone's board lays them out, whole in the column."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import unquote, urlparse

import pytest

from widgets.replay import decode, decode_phone

CHAPTERS = ["kingdomino", "kabaleo", "dominomega", "dominup", "dominimum", "tree", "dragonkeeper", "newtown"]


def _text(fragment: str) -> str:
    """A caption's text as the page shows it (tags removed, without white space)."""
    return re.sub(r"\s+", "", unescape(re.sub(r"<[^>]+>", "", fragment)))


def _watch(page) -> tuple[list[str], list[str]]:
    errors: list[str] = []
    outside: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: outside.append(r.url)
            if not r.url.startswith("data:") and urlparse(r.url).hostname != "127.0.0.1" else None)
    return errors, outside


def _state(page) -> dict:
    return page.evaluate("""() => { const r = document.querySelector('.rulebook-replay');
        const img = r.querySelector('.replay-picture');
        return {src: img.getAttribute('src'), alt: img.alt,
                counter: r.querySelector('.replay-counter').textContent,
                caption: r.querySelector('.replay-caption').innerText, slider: r.querySelector('.replay-slider').value,
                prev: r.querySelector('.replay-prev').disabled, next: r.querySelector('.replay-next').disabled,
                drawn: img.complete && img.naturalWidth > 0}; }""")


@pytest.mark.browser
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_replay_steps_on_the_static_site(browser, site_url: str, chapter: str) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    errors, outside = _watch(page)
    page.goto(f"{site_url}/book/{chapter}.html", wait_until="load")
    replay = page.locator(".rulebook-replay")
    assert replay.count() == 1, f"{chapter}: {replay.count()} replays"
    page.locator(".rulebook-replay[data-ready='yes']").wait_for(timeout=15_000)
    frames, captions, alts = decode(replay.get_attribute("data-replay"))
    last = len(frames) - 1
    replay.scroll_into_view_if_needed()

    start = _state(page)
    assert start["counter"] == f"開始(全{last}手)" and start["prev"] and not start["next"]
    assert unquote(start["src"].split(",", 1)[1]) == frames[0] and start["drawn"]
    assert start["alt"] == alts[0] and start["caption"] == "ゲーム開始時の局面"
    # on a laptop the picture shows whole: no word about moving it sideways
    assert not page.locator(".rulebook-replay .replay-swipe").is_visible()

    page.get_by_role("button", name="1手進む").click()
    one = _state(page)
    assert one["counter"] == f"1手目(全{last}手)" and one["slider"] == "1" and not one["prev"]
    assert one["src"] != start["src"] and unquote(one["src"].split(",", 1)[1]) == frames[1]
    assert one["caption"] != start["caption"] and re.sub(r"\s+", "", one["caption"]) == _text(captions[1])
    assert one["alt"] == alts[1]
    page.wait_for_function("() => document.querySelector('.replay-picture').complete")
    assert _state(page)["drawn"], "the second picture does not draw"

    page.get_by_role("button", name="1手戻る").click()
    back = _state(page)
    assert {**back, "drawn": True} == start, "◀ does not bring back the same picture"

    page.get_by_role("slider", name="何手目の局面を見るか").fill(str(last))
    end = _state(page)
    assert end["counter"] == f"{last}手目(全{last}手)" and end["next"] and not end["prev"]
    assert unquote(end["src"].split(",", 1)[1]) == frames[-1]
    assert "ゲーム終了。" in end["caption"], end["caption"]
    assert re.search("勝者は.+です|勝者はいません", end["caption"]), end["caption"]

    # the arrow keys step once the picture has the focus
    page.locator(".replay-frame").click()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert _state(page)["counter"] == f"{last - 2}手目(全{last}手)"
    page.keyboard.press("ArrowRight")
    assert _state(page)["counter"] == f"{last - 1}手目(全{last}手)"

    assert not errors, errors
    assert not outside, outside
    page.close()


@pytest.mark.browser
def test_on_a_phone_the_replay_shows_the_phone_layout_whole_within_the_screen(browser, site_url: str) -> None:
    """At 390 px the replay steps through the positions drawn for a phone's column (the wide
    pictures of Newtown, Dragon Keeper and Kingdomino would scroll sideways); turned to a wide
    window it shows the wide pictures again, at the same move."""
    page = browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True)
    for chapter in ("newtown", "dragonkeeper", "kingdomino", "tree"):
        page.goto(f"{site_url}/book/{chapter}.html", wait_until="load")
        page.locator(".rulebook-replay[data-ready='yes']").wait_for(timeout=15_000)
        data = page.locator(".rulebook-replay").get_attribute("data-replay")
        frames, phone = decode(data)[0], decode_phone(data)
        assert phone is not None and len(phone) == len(frames) and phone[0] != frames[0]
        assert unquote(_state(page)["src"].split(",", 1)[1]) == phone[0]
        page.wait_for_function("() => document.querySelector('.replay-picture').complete")
        sizes = page.evaluate("""() => { const r = document.querySelector('.rulebook-replay');
            const img = r.querySelector('.replay-picture'), box = r.querySelector('.replay-frame');
            return {page: document.documentElement.scrollWidth - window.innerWidth,
                    right: Math.max(...[...r.querySelectorAll('.replay-controls > *')]
                                    .map(e => e.getBoundingClientRect().right)),
                    shown: img.getBoundingClientRect().width, own: img.naturalWidth,
                    box: box.clientWidth, scrolls: box.scrollWidth > box.clientWidth}; }""")
        assert sizes["page"] <= 1, f"{chapter}: the page scrolls sideways by {sizes['page']}px"
        assert sizes["right"] <= 390, f"{chapter}: a control sticks out at {sizes['right']}px"
        assert not sizes["scrolls"] and sizes["shown"] <= sizes["box"], (chapter, sizes)
        assert sizes["shown"] >= 0.97 * sizes["own"], f"{chapter}: the picture is shrunk {sizes}"
        assert not page.locator(".rulebook-replay .replay-swipe").first.is_visible()
        button = page.get_by_role("button", name="1手進む").first.bounding_box()
        assert button["width"] >= 44 and button["height"] >= 44, button
        page.get_by_role("button", name="1手進む").tap()
        one = _state(page)
        assert one["counter"].startswith("1手目") and unquote(one["src"].split(",", 1)[1]) == phone[1]
    # turned wide (the last chapter's page): the wide picture of the same move
    page.set_viewport_size({"width": 1366, "height": 900})
    page.wait_for_function("() => !document.querySelector('.replay-picture').style.maxWidth.includes('%')")
    assert unquote(_state(page)["src"].split(",", 1)[1]) == frames[1]
    page.close()


@pytest.mark.browser
def test_on_a_phone_the_replay_controls_stay_at_the_foot_of_the_screen(browser, site_url: str) -> None:
    """At 390×844 さいころニュータウン's and ドラゴンキーパー's replays are taller than the screen: with
    the top of the picture in sight, ◀ ▶ and the caption stand at the foot of the screen (they were
    below it, a screen's height from the picture they move); a tap on ▶ moves the position shown,
    and the page does not move. Scrolled past the replay, they go with it."""
    page = browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True)
    for chapter in ("newtown", "dragonkeeper"):
        page.goto(f"{site_url}/book/{chapter}.html", wait_until="load")
        page.locator(".rulebook-replay[data-ready='yes']").wait_for(timeout=15_000)
        page.evaluate("""() => { const r = document.querySelector('.rulebook-replay');
            window.scrollBy(0, r.getBoundingClientRect().top - 70); }""")
        page.wait_for_timeout(200)
        places = page.evaluate("""() => { const r = document.querySelector('.rulebook-replay');
            const box = e => r.querySelector(e).getBoundingClientRect();
            return {replay: r.getBoundingClientRect().height, next: box('.replay-next').bottom,
                    caption: box('.replay-caption').bottom, picture: box('.replay-picture').top}; }""")
        assert places["replay"] > 844, f"{chapter}: the replay fits the screen: this test is about one that does not"
        assert places["next"] <= 844 and places["caption"] <= 844, (chapter, places)
        page.get_by_role("button", name="1手進む").first.tap()
        page.wait_for_timeout(200)
        assert _state(page)["counter"].startswith("1手目"), chapter
        assert page.evaluate("() => document.querySelector('.replay-picture').getBoundingClientRect().top") \
            == places["picture"], f"{chapter}: the page moved"
        # past the replay, the controls are below its picture again
        page.evaluate("() => document.querySelector('.rulebook-replay').scrollIntoView({block: 'end'})")
        page.evaluate("() => window.scrollBy(0, 300)")
        low = page.evaluate("""() => { const r = document.querySelector('.rulebook-replay');
            return [r.querySelector('.replay-picture').getBoundingClientRect().bottom,
                    r.querySelector('.replay-next').getBoundingClientRect().top]; }""")
        assert low[1] >= low[0], (chapter, low)
    page.close()


@pytest.mark.browser
@pytest.mark.parametrize("chapter", ["dragonkeeper", "dominomega"])
def test_on_a_phone_the_replay_buttons_stay_under_the_thumb(browser, site_url: str, chapter: str) -> None:
    """A tester tapped ▶ six times from move 8 and it stopped at 「10手目」: the counter, wider,
    wrapped to a line of its own and ▶ moved 100 px; and a longer caption (the end's result)
    lifted ◀ ▶. From the first move to the last, ▶ and ◀ stay where they are."""
    page = browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True)
    page.goto(f"{site_url}/book/{chapter}.html", wait_until="load")
    page.locator(".rulebook-replay[data-ready='yes']").wait_for(timeout=15_000)
    page.evaluate("""() => { const r = document.querySelector('.rulebook-replay');
        window.scrollBy(0, r.getBoundingClientRect().top - 70); }""")
    page.wait_for_timeout(200)
    where = "() => ['.replay-prev', '.replay-next'].map(b => { const r = document.querySelector('.rulebook-replay ' + b)" \
            ".getBoundingClientRect(); return [Math.round(r.x), Math.round(r.y)]; })"
    page.get_by_role("button", name="1手進む").first.tap()
    page.wait_for_timeout(100)
    first = page.evaluate(where)
    for _ in range(11):  # (to 12手目: past 「10手目」)
        page.get_by_role("button", name="1手進む").first.tap()
        page.wait_for_timeout(60)
        assert page.evaluate(where) == first, (chapter, _state(page)["counter"])
    assert _state(page)["counter"].startswith("12手目")
    page.evaluate("""() => { const s = document.querySelector('.rulebook-replay .replay-slider');
        s.value = s.max; s.dispatchEvent(new Event('input')); }""")
    page.wait_for_timeout(200)
    assert "ゲーム終了" in _state(page)["caption"] and page.evaluate(where) == first, chapter
    page.close()


@pytest.mark.browser
@pytest.mark.parametrize("data", ["whole", "stripped", "broken"])
def test_a_replay_without_its_data_says_so_and_raises_nothing(browser, data: str) -> None:
    """JupyterLab strips the data of a replay from the outputs of a notebook it does not trust:
    the page script threw (atob of nothing) and the replay stood at 「loading」. It now says, under
    its first picture, that the replay could not be read and that running the cell again brings
    it; a whole replay still steps."""
    from widgets.replay import Replay

    markup = Replay("dominimum", 2, seed=3, seats=["greedy", "random"]).html()
    if data == "stripped":
        markup = re.sub(r' data-replay="[^"]*"', "", markup)
    elif data == "broken":
        markup = re.sub(r' data-replay="[^"]*"', ' data-replay="not-base64!"', markup)
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    errors, _ = _watch(page)
    page.set_content(f"<html><body>{markup}</body></html>")
    page.wait_for_function(
        "() => ['yes', 'missing'].includes(document.querySelector('.rulebook-replay').dataset.ready)")
    state = _state(page)
    if data == "whole":
        assert page.evaluate("() => document.querySelector('.rulebook-replay').dataset.ready") == "yes"
        assert not state["next"] and "読み込めません" not in state["caption"]
    else:
        assert page.evaluate("() => document.querySelector('.rulebook-replay').dataset.ready") == "missing"
        assert "読み込めませんでした" in state["caption"] and "セルを実行し直す" in state["caption"]
        assert state["next"] and state["drawn"]  # the first picture stays; the buttons stay off
    assert not errors
    page.close()
