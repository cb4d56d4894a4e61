"""Every picture of the built site, drawn by a real browser: no label runs off its picture's
edge (a title or a key line a little too long for the picture is cut there)."""

from __future__ import annotations

from pathlib import Path

#: Each <text> of the picture whose drawn box leaves the picture: [text, left, right, top, bottom, width, height].
OUTSIDE = """() => {
  const svg = document.documentElement;
  const w = svg.viewBox.baseVal.width || svg.width.baseVal.value;
  const h = svg.viewBox.baseVal.height || svg.height.baseVal.value;
  const out = [];
  for (const t of svg.querySelectorAll('text')) {
    const r = t.getBBox();
    if (r.x < -0.5 || r.x + r.width > w + 0.5 || r.y < -0.5 || r.y + r.height > h + 0.5) {
      out.push([t.textContent, r.x, r.x + r.width, r.y, r.y + r.height, w, h].map(
        v => typeof v === 'number' ? Math.round(v) : v));
    }
  }
  return out;
}"""


def test_no_label_runs_off_its_picture(browser, built_site: Path) -> None:
    pictures = sorted((built_site / "_images").glob("*.svg"))
    assert len(pictures) > 100  # (every chapter's figures, and the boards' phone pictures)
    page = browser.new_page()
    cut = {}
    for path in pictures:
        page.goto(path.as_uri())
        outside = page.evaluate(OUTSIDE)
        if outside:
            cut[path.name] = outside
    page.close()
    assert not cut, cut
