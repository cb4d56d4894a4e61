"""The appendix's strength table and chart, from the arena's results.

    .venv/bin/python -m gamelib.arena tree --players 2 --seats search,greedy --games 100 \
        --json book/data/strength/tree-2.json
    .venv/bin/python tools/strength_chart.py       (writes book/images/strength.svg, prints the table)

Each results file is one match of a search player (the first entrant) against greedy players,
seats rotated.  The chart shows the search player's share of the wins beside its fair share
(one in the number of players); the table (Markdown, in Japanese, for the appendix) gives the
figures.
"""

from __future__ import annotations

import json
import sys
from decimal import ROUND_HALF_UP, Decimal
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "book" / "data" / "strength"
CHART = ROOT / "book" / "images" / "strength.svg"
NAMES = {"kingdomino": "キングドミノ", "kabaleo": "カバレオ", "dominomega": "ドミノメガ", "dominup": "ドミナップ",
         "dominimum": "ドミニマム", "tree": "ザ・ツリー", "dragonkeeper": "ドラゴンキーパー",
         "newtown": "さいころニュータウン"}
#: Options that make a setting of their own, by their Japanese names (any other options are not shown).
VARIANTS = {"mighty_duel": "壮大な決闘", "misere": "ミゼール"}
FONT = "'Noto Sans CJK JP', 'Hiragino Sans', 'Yu Gothic', sans-serif"


def load() -> list[dict]:
    matches = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(RESULTS.glob("*.json"))]
    order = list(NAMES)
    return sorted(matches, key=lambda m: (order.index(m["game"]), m["players"], variant(m)))


def variant(match: dict) -> str:
    """The Japanese name of the match's variant ("" for the standard game)."""
    return "・".join(VARIANTS[k] for k, v in sorted(match["options"].items()) if v and k in VARIANTS)


def seconds_of(entrant: str) -> str:
    spec = entrant.split(": ", 1)[1]
    if "@" in spec:
        return f"{spec.split('@')[1]}回"
    return f"{float(spec.split(':')[1]) if ':' in spec else 1.0:g}秒"


def chart(matches: list[dict]) -> str:
    """A bar a setting, under its game's name: narrow enough to be read on a phone at its own size."""
    row, head, left, width = 26, 22, 128, 180
    games = len({m["game"] for m in matches})
    height = 40 + head * games + row * len(matches) + 34
    total = left + width + 46
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="{height}" '
             f'viewBox="0 0 {total} {height}" font-family="{escape(FONT)}" role="img">',
             "<title>探索するコンピューターの勝率(欲張りなコンピューター相手)</title>",
             f'<text x="8" y="20" font-size="14" font-weight="bold">探索の勝率(相手はすべて欲張り)</text>']
    y, game = 36, None
    for m in matches:
        if m["game"] != game:
            game = m["game"]
            y += 6
            parts.append(f'<text x="8" y="{y + 12}" font-size="13" font-weight="bold">{escape(NAMES[game])}</text>')
            y += head - 6
        search = m["rows"][0]
        fair = fair_share(m)
        label = f"{m['players']}人" + (f"({variant(m)})" if variant(m) else "")
        parts.append(f'<text x="{left - 8}" y="{y + 14}" font-size="13" text-anchor="end">{escape(label)}</text>')
        parts.append(f'<rect x="{left}" y="{y + 1}" width="{width}" height="18" fill="#efe9da"/>')
        parts.append(f'<rect x="{left}" y="{y + 1}" width="{width * search["win_rate"]:.1f}" height="18" fill="#1e4fd8"/>')
        fx = left + width * fair
        parts.append(f'<line x1="{fx:.1f}" y1="{y - 2}" x2="{fx:.1f}" y2="{y + 22}" stroke="#c62828" stroke-width="2"/>')
        parts.append(f'<text x="{left + width + 6}" y="{y + 14}" font-size="13">{percent(search["win_rate"])}</text>')
        y += row
    y += 8
    parts.append(f'<line x1="8" y1="{y + 8}" x2="26" y2="{y + 8}" stroke="#c62828" stroke-width="2"/>')
    parts.append(f'<text x="32" y="{y + 12}" font-size="12">公平な勝率(勝者の出た対戦÷人数)</text>')
    parts.append("</svg>")
    return "".join(parts)


def fair_share(match: dict) -> float:
    """The search player's fair share of the wins: the games somebody won, shared equally
    among the players (one in the number of players, unless some games had no winner, as
    Tree games where nobody runs out of tiles)."""
    return sum(r["win_rate"] for r in match["rows"]) / match["players"]


def percent(rate: float) -> str:
    """A rate as a whole percent, halves rounded up as a reader expects (125 of 200: 「63%」).

    >>> percent(0.625), percent(1 / 3), percent(0.995)
    ('63%', '33%', '100%')
    """
    return f"{Decimal(repr(100 * rate)).quantize(Decimal(1), rounding=ROUND_HALF_UP)}%"


def _points(value: float) -> str:
    """Points as the book writes them, with a true minus sign: 「95,290」「8.3」「−3.2」."""
    text = f"{value:,.0f}" if abs(value) >= 1000 else f"{value:.1f}"
    return text.replace("-", "−")


def table(matches: list[dict]) -> str:
    lines = ["| ゲーム | 人数 | 対戦数 | 1手の時間 | 探索の勝率 | 公平な勝率 | 探索の平均点 | 欲張りの平均点 |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for m in matches:
        search, others = m["rows"][0], m["rows"][1:]
        greedy_mean = sum(r["mean_score"] for r in others) / len(others)
        name = NAMES[m["game"]] + (f"({variant(m)})" if variant(m) else "")
        lines.append(f"| {name} | {m['players']}人 | {m['games']} | {seconds_of(search['entrant'])} | "
                     f"{percent(search['win_rate'])} | {percent(fair_share(m))} | {_points(search['mean_score'])} | "
                     f"{_points(greedy_mean)} |")
    return "\n".join(lines)


def main() -> None:
    matches = load()
    if not matches:
        raise SystemExit(f"no results in {RESULTS}; run the arena with --json first")
    CHART.write_text(chart(matches) + "\n", encoding="utf-8")
    print(table(matches))
    print(f"\n(chart written to {CHART.relative_to(ROOT)})", file=sys.stderr)


if __name__ == "__main__":
    main()
