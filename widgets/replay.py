"""A whole game between computer players, shown as a step-through replay.

:class:`Replay` plays a game to its end on the game's board controller (the same pictures and
the same words as the live board) and shows it as HTML: the first position's picture, then
◀ and ▶ buttons, a slider, a counter (「12手目(全48手)」) and the move in Japanese under the
picture.  Every frame is an SVG drawn when the notebook runs, so the replay steps on the static
site without any Python, and in JupyterLab and Voilà too; a small script in the output does
the stepping (installed once per page, as the live boards install theirs).

A frame is shown as an image (``<img>`` with the SVG as a ``data:`` address), as the book's other
pictures are: the picture's text form is its alternative text, and its labels are no part of
the page's prose.

The frames travel compressed in the ``data-replay`` attribute: each SVG is cut between its
elements (each text form between its lines), every distinct piece is kept once, and a frame
is the list of its pieces' numbers; that, with the captions, is JSON compressed with zlib and
written in base64 (a whole game of a hundred frames takes tens of kilobytes, against megabytes
as plain SVG).  :func:`decode` reads it back.

>>> replay = Replay("tree", 2, seed=5, seats=["greedy", "greedy"])
>>> len(replay.frames) == replay.moves + 1
True
>>> replay.captions[0]
'ゲーム開始時の局面'
>>> Replay("tree", 2, seed=5, seats=["human", "greedy"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: every seat of a replay is a computer player (one of random, greedy, ...), not 'human'
"""

from __future__ import annotations

import base64
import html
import json
import re
import zlib
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import quote

from gamelib.players import SearchPlayer

from .controller import PHONE_COLUMN
from .games import controller_class

__all__ = ["Replay", "encode", "decode", "decode_phone", "svg_address"]

#: Where an SVG is cut into pieces: between two elements.
_CUT = re.compile(r"(?<=>)(?=<)")
#: Where a text form is cut into pieces: after each line.
_LINES = re.compile(r"(?<=\n)")


def svg_address(svg: str) -> str:
    """The SVG as a ``data:`` address for an ``<img>`` (as the page's script writes it:
    JavaScript's ``encodeURIComponent``)."""
    return "data:image/svg+xml;charset=utf-8," + quote(svg, safe="-_.!~*'()")


def encode(frames: Sequence[str], captions: Sequence[str], alts: Sequence[str] | None = None,
           phone: Sequence[str] | None = None) -> str:
    """The frames (SVG texts), their captions (HTML) and their text forms as the ``data-replay``
    text: JSON of ``{"pieces": [...], "frames": [[piece numbers], ...], "alts": [[piece numbers],
    ...], "captions": [...]}``, compressed with zlib, in base64; with ``phone`` (the same
    positions drawn for a phone's column) also ``"phone": [[piece numbers], ...]``."""
    numbers: dict[str, int] = {}

    def pieces(text: str, cut: re.Pattern[str]) -> list[int]:
        return [numbers.setdefault(piece, len(numbers)) for piece in cut.split(text) if piece]

    data = {"frames": [pieces(svg, _CUT) for svg in frames],
            "alts": [pieces(alt, _LINES) for alt in (alts if alts is not None else [""] * len(frames))],
            "captions": list(captions)}
    if phone is not None:
        if len(phone) != len(frames):
            raise ValueError(f"{len(phone)} phone frames for {len(frames)} frames")
        data["phone"] = [pieces(svg, _CUT) for svg in phone]
    data["pieces"] = list(numbers)
    packed = zlib.compress(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8"), 9)
    return base64.b64encode(packed).decode("ascii")


def decode(text: str) -> tuple[list[str], list[str], list[str]]:
    """The frames, captions and text forms of a ``data-replay`` text (what the page's script
    reads).

    >>> decode(encode(["<svg><rect/></svg>", "<svg><circle/></svg>"], ["a", "b"], ["四角", "丸\\n小"]))
    (['<svg><rect/></svg>', '<svg><circle/></svg>'], ['a', 'b'], ['四角', '丸\\n小'])
    """
    data = json.loads(zlib.decompress(base64.b64decode(text)).decode("utf-8"))
    pieces = data["pieces"]

    def join(numbers: list[int]) -> str:
        return "".join(pieces[i] for i in numbers)

    return [join(f) for f in data["frames"]], data["captions"], [join(a) for a in data["alts"]]


def decode_phone(text: str) -> list[str] | None:
    """The phone frames of a ``data-replay`` text, or None when it has none.

    >>> decode_phone(encode(["<svg><rect/></svg>"], ["a"], phone=["<svg><g/></svg>"]))
    ['<svg><g/></svg>']
    """
    data = json.loads(zlib.decompress(base64.b64decode(text)).decode("utf-8"))
    if "phone" not in data:
        return None
    return ["".join(data["pieces"][i] for i in numbers) for numbers in data["phone"]]


#: A replay's search seats: iterations a move instead of seconds (reproducible anywhere).
REPLAY_ITERATIONS: dict[str, int] = {"search-weak": 40, "search": 200, "search-strong": 600}
#: Their names in a replay's captions: the seat menu's names give the seconds a move, which a
#: replay does not count.
REPLAY_NAMES: dict[str, str] = {"search-weak": "先を読む・弱い", "search": "先を読む・普通", "search-strong": "先を読む・強い"}


class Replay:
    """A game of ``game`` between computer players, from the set-up to the end.

    ``seats`` names a computer kind of the game's board for each player (``"greedy"``,
    ``"random"``, and a game's own: ``"hiding"``, ``"planner"``); seat ``p`` plays with the
    seed ``seed * 10 + p``, as on the live board, so a seed gives one game.  A search seat
    (``"search-weak"``, ``"search"``, ``"search-strong"``) thinks here for a fixed number of
    iterations (:data:`REPLAY_ITERATIONS`) instead of against the clock, so that it too plays
    the same game from the same seed on any machine.  The
    pictures are the board's, as a spectator sees them: a seat's secrets stay hidden until the
    game reveals them.

    ``frames`` (SVG), ``alts`` (each picture's text form) and ``captions`` (HTML: who played
    what; the last one adds the result) have one entry per position, the start first;
    ``state`` is the position at the end.
    """

    def __init__(self, game: str, players: int, seed: int, seats: Sequence[str],
                 options: Mapping[str, Any] | None = None) -> None:
        cls = controller_class(game)
        seats = list(seats)
        if len(seats) != players:
            raise ValueError(f"a replay of {players} players needs {players} seats, not {len(seats)}")
        computers = [kind for kind, (_, factory) in cls.seat_kinds.items() if factory is not None]
        for kind in seats:
            if kind not in computers:
                raise ValueError(f"every seat of a replay is a computer player (one of {', '.join(computers)}), "
                                 f"not {kind!r}")
        controller = cls(players, seed, options, ["human"] * players)
        # The seats are named for what plays them (「欲張り」...), but nobody sits at the board:
        # no legal targets are drawn and no seat's secrets are shown.  The moves come from the
        # players made here, one at a time, so that each position is drawn.
        controller.seats = seats
        controller.still = True
        computer = [SearchPlayer(seed=seed * 10 + p, iterations=REPLAY_ITERATIONS[kind])
                    if kind in REPLAY_ITERATIONS else cls.seat_kinds[kind][1](seed * 10 + p)
                    for p, kind in enumerate(seats)]
        self.game, self.seats = game, seats
        self.frames: list[str] = []
        #: The same positions as a phone shows them (the board laid out for a phone's column).
        self.phone_frames: list[str] = []
        self.alts: list[str] = []
        self.captions: list[str] = ["ゲーム開始時の局面"]
        self._draw(controller)
        while not controller.state.is_over():
            move = computer[controller.state.current_player].choose(controller.state)
            if not controller.play(move):
                raise RuntimeError(f"the board refused a computer's move {move}: {controller.error}")
            step = controller.history[-1]
            kind = seats[step.player]
            name = f"{controller.player_names[step.player]}({REPLAY_NAMES.get(kind) or cls.seat_kinds[kind][0]})"
            colour = controller.player_colour(step.player)
            self.captions.append(f'<b style="color:{colour}">{html.escape(name)}</b>: {html.escape(step.words)}')
            self._draw(controller)
        #: The result sentence (who won), as the board says it at the end.
        self.result = controller.status_line()
        self.captions[-1] += f'<br><b class="replay-result">{html.escape(self.result)}</b>'
        self.state = controller.state
        self.moves = len(self.frames) - 1

    def _draw(self, controller: Any) -> None:
        """Keep the picture of the controller's position and its text form (without the board's
        request to click, which is for a person at the board)."""
        picture = controller.picture()
        request = None if controller.state.is_over() else controller.status()
        self.frames.append(picture.svg)
        wide = (controller.available, controller.narrow)
        # (a phone may show one player's part large: the one of the move the caption tells)
        controller.look_at(controller.history[-1].player if controller.history else None)
        controller.fit_width(PHONE_COLUMN)
        self.phone_frames.append(controller.picture().svg)
        controller.look_at(None)
        controller.available, controller.narrow = wide
        controller.layout = controller.make_layout()
        self.alts.append("\n".join(line for line in picture.alt.splitlines() if line != request))

    # -- what the notebook shows ------------------------------------------------------
    def html(self) -> str:
        """The replay as HTML: the first picture, the controls, the caption, the data and the
        page script (installed once)."""
        last = self.moves
        data = encode(self.frames, self.captions, self.alts, self.phone_frames)
        return (
            f'<div class="rulebook-replay" data-replay="{data}" style="max-width:100%;margin:8px 0">'
            '<div class="replay-frame" tabindex="0" aria-label="局面の図(左右の矢印キーで1手ずつ動きます)" '
            'style="max-width:100%;overflow:auto">'
            f'<img class="replay-picture" alt="{html.escape(self.alts[0])}" src="{svg_address(self.frames[0])}" '
            'style="display:block;max-width:none;height:auto"></div>'
            # (the controls and the caption stay at the foot of the screen while the picture,
            # taller than a phone's screen, is scrolled through: ▶ beside the position it moves)
            '<div class="replay-foot">'
            '<div class="replay-controls" style="display:flex;flex-wrap:wrap;align-items:center;gap:6px 10px;'
            'margin:6px 0 2px">'
            '<button type="button" class="replay-prev" title="1手戻る" aria-label="1手戻る" disabled>◀</button>'
            f'<input type="range" class="replay-slider" min="0" max="{last}" value="0" step="1" '
            'title="何手目の局面を見るか" aria-label="何手目の局面を見るか" disabled>'
            '<button type="button" class="replay-next" title="1手進む" aria-label="1手進む" disabled>▶</button>'
            # (as wide as its longest words: at 「10手目」 it had grown, wrapped to a line of its
            # own on a phone, and ▶ jumped from under the thumb)
            f'<span class="replay-counter" style="min-width:{counter_em(last)}em">開始(全{last}手)</span></div>'
            '<p class="replay-caption" aria-live="polite" style="margin:2px 0 6px;font-size:14px;'
            f'line-height:1.6;min-height:3.2em;overflow-wrap:anywhere">{self.captions[0]}</p></div>'
            '<p class="replay-swipe" hidden style="margin:0 0 6px;font-size:13px;color:#6d6a63">'
            '図が画面に収まらないときは、図を横にずらすと続きが見えます。</p>'
            f"</div>{PAGE_SCRIPT_HTML}"
        )

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        data = {"text/html": self.html(), "text/plain": str(self)}
        return data, {"rulebook": {"kind": "save", "position": self.state.to_json()}}

    def __str__(self) -> str:
        return f"リプレイ: 全{self.moves}手。{self.result}"

    __repr__ = __str__


#: The stepping script: decodes every replay of the page not yet set up (and those added later,
#: as outputs arrive in JupyterLab and Voilà) and wires its buttons, slider and arrow keys.
_PAGE_SCRIPT = """(function () {
  if (window.rulebookReplays) { window.rulebookReplays(); return; }
  function unpack(text) {
    var bytes = Uint8Array.from(atob(text), function (c) { return c.charCodeAt(0); });
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
    return new Response(stream).json();
  }
  // a replay whose data did not come with it (JupyterLab strips it from the outputs of a
  // notebook it does not trust) or cannot be read says so under its first picture
  function missing(root) {
    root.dataset.ready = 'missing';
    root.querySelector('.replay-caption').textContent =
      'この再生の手順を読み込めませんでした。セルを実行し直すと、1手ずつ見られるようになります。';
  }
  function setUp(root) {
    root.dataset.ready = 'loading';
    var packed = root.dataset.replay;
    var started = packed ? Promise.resolve(packed).then(unpack) : Promise.reject(new Error('no data'));
    started.catch(function () { return null; }).then(function (data) {
      if (!data || !data.frames) { missing(root); return; }
      var q = function (cls) { return root.querySelector('.replay-' + cls); };
      var frame = q('frame'), picture = q('picture'), slider = q('slider');
      var prev = q('prev'), next = q('next');
      var join = function (numbers) { return numbers.map(function (i) { return data.pieces[i]; }).join(''); };
      var last = data.frames.length - 1, shown = 0;
      // on a phone, the positions as the phone's board lays them out (whole in the column)
      var small = window.matchMedia('(max-width: 599px)');
      var frames = data.frames;
      function choose() {
        var wanted = small.matches && data.phone ? data.phone : data.frames;
        if (wanted === frames) { return false; }
        frames = wanted;
        picture.style.maxWidth = frames === data.phone ? '100%' : 'none';
        return true;
      }
      function show(k, redraw) {
        k = Math.max(0, Math.min(last, k));
        if (k !== shown || redraw) {
          picture.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(join(frames[k]));
          picture.alt = join(data.alts[k]);
          shown = k;
        }
        slider.value = String(k);
        prev.disabled = k === 0;
        next.disabled = k === last;
        if (document.activeElement && document.activeElement.disabled) { frame.focus({preventScroll: true}); }
        q('counter').textContent = (k === 0 ? '開始' : k + '手目') + '(全' + last + '手)';
        q('caption').innerHTML = data.captions[k];
      }
      // on a narrow screen the picture scrolls sideways in its frame: say so while it does
      var swipe = q('swipe');
      function fit() { swipe.hidden = frame.scrollWidth <= frame.clientWidth + 1; }
      picture.addEventListener('load', fit);
      window.addEventListener('resize', fit);
      small.addEventListener('change', function () { if (choose()) { show(shown, true); } });
      prev.onclick = function () { show(shown - 1); };
      next.onclick = function () { show(shown + 1); };
      slider.oninput = function () { show(Number(slider.value)); };
      root.addEventListener('keydown', function (event) {
        var step = {ArrowLeft: -1, ArrowRight: 1}[event.key];
        if (!step || event.target === slider) { return; }
        event.preventDefault();
        show(shown + step);
      });
      slider.disabled = false;
      show(0, choose());
      fit();
      root.dataset.ready = 'yes';
    });
  }
  window.rulebookReplays = function () {
    document.querySelectorAll('.rulebook-replay:not([data-ready])').forEach(setUp);
  };
  new MutationObserver(window.rulebookReplays).observe(document.body, {childList: true, subtree: true});
  window.rulebookReplays();
})();"""

def counter_em(last: int) -> float:
    """The width, in the counter's letters, of its longest words 「N手目(全N手)」: three or four
    kanji and kana, the digits and the brackets (about 0.6 and 0.35 of a kanji's width), and
    room to spare for a font whose digits are wider."""
    return round(4.5 + 2 * len(str(last)) * 0.65 + 2 * 0.4, 1)


PAGE_SCRIPT_HTML = (f'<img alt="" src="data:," style="display:none" onerror="{html.escape(_PAGE_SCRIPT)}">'
                    "<style>.rulebook-replay .replay-slider{flex:1 1 140px;min-width:0;max-width:360px}"
                    ".rulebook-replay .replay-foot{position:sticky;bottom:0;z-index:2;padding-top:1px;"
                    "background:var(--pst-color-background,var(--jp-layout-color0,#fff));"
                    "box-shadow:0 -6px 6px -6px rgba(0,0,0,.25)}"
                    ".rulebook-replay button{min-width:2.6em;padding:2px 8px;font-size:16px;line-height:1.4}"
                    ".rulebook-replay .replay-counter{font-size:14px;white-space:nowrap;display:inline-block}"
                    # (on a phone, where the foot stands at the screen's bottom, the controls last:
                    # a caption that grows, the end's result, no longer lifts ◀ ▶ from under the thumb)
                    "@media (max-width:600px){.rulebook-replay .replay-foot{display:flex;flex-direction:column-reverse}"
                    ".rulebook-replay .replay-slider{flex-basis:90px}}"
                    "@media (pointer:coarse){.rulebook-replay button{min-width:44px;min-height:44px}}</style>")
