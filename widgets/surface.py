"""A small drawing surface with two back ends.

Board drawing code is written once against :class:`Surface`; :class:`SvgSurface` turns it
into SVG text (the pictures of the static site, compared by nbval) and
:class:`CanvasSurface` sends it to an ipycanvas canvas (the live board).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any, Protocol

Point = tuple[float, float]
FONT = "'Noto Sans CJK JP', 'Hiragino Sans', 'Yu Gothic', sans-serif"


class Surface(Protocol):
    def rect(self, x: float, y: float, w: float, h: float, fill: str | None = None,
             stroke: str | None = None, width: float = 1, dash: bool = False) -> None: ...

    def circle(self, cx: float, cy: float, r: float, fill: str | None = None,
               stroke: str | None = None, width: float = 1) -> None: ...

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str, width: float = 1) -> None: ...

    def polygon(self, points: Sequence[Point], fill: str | None = None,
                stroke: str | None = None, width: float = 1) -> None: ...

    def text(self, x: float, y: float, s: str, size: float = 12, fill: str = "#222",
             anchor: str = "start", bold: bool = False, fit: float | None = None) -> None: ...


def text_width(text: str, size: float) -> float:
    """About how wide ``text`` is drawn at ``size`` (a full-width character is ``size`` wide)."""
    return sum(size if ord(ch) > 0x2000 else size * 0.62 for ch in text)


def _n(v: float) -> str:
    """Numbers in SVG: short and stable."""
    return f"{v:.1f}".rstrip("0").rstrip(".")


def dash_pattern(width: float, side: float | None = None) -> tuple[float, float]:
    """A dashed frame's dash and gap for a line ``width`` wide round a frame whose shorter side
    is ``side`` (a small frame gets finer dashes, about three a side, so its corners still read
    as corners): the marks of what was played are dashed, so that no player's colour reads as
    a solid highlight (a legal target)."""
    dash = max(4.0, 2.2 * width)
    if side is not None:
        dash = min(dash, max(2.0, side / 3))
    return round(dash, 1), round(dash * 0.64, 1)


def mark_rect(s: Surface, x: float, y: float, w: float, h: float, colour: str, width: float) -> None:
    """The mark of a move played: a dashed frame in the player's colour over a white one, so
    that its gaps show white and the mark stands out on any ground (緑 on a forest)."""
    s.rect(x, y, w, h, stroke="#ffffff", width=width)
    s.rect(x, y, w, h, stroke=colour, width=width, dash=True)


#: The mark of a picture with a place that matters most across it (:attr:`SvgSurface.centre`):
#: its x as a share of the picture's width.
CENTRE = ' data-rulebook-centre="{:.4f}"'


class SvgSurface:
    """Collects drawing calls as SVG elements."""

    def __init__(self, width: float, height: float, title: str = "", centre: float | None = None) -> None:
        self.width, self.height, self.title = width, height, title
        #: The x of what matters most (a tree's root, which it grew from on both sides), or None:
        #: a picture wider than the screen opens scrolled to bring it to the middle on the site
        #: (rulebook-wide.js).
        self.centre = centre
        self._parts: list[str] = []

    @staticmethod
    def _paint(fill: str | None, stroke: str | None, width: float) -> str:
        out = f' fill="{fill or "none"}"'
        if stroke:
            out += f' stroke="{stroke}" stroke-width="{_n(width)}"'
        return out

    def rect(self, x: float, y: float, w: float, h: float, fill: str | None = None,
             stroke: str | None = None, width: float = 1, dash: bool = False) -> None:
        pattern = ' stroke-dasharray="{} {}"'.format(*map(_n, dash_pattern(width, min(w, h)))) if dash and stroke else ""
        self._parts.append(
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"{self._paint(fill, stroke, width)}{pattern}/>'
        )

    def circle(self, cx: float, cy: float, r: float, fill: str | None = None,
               stroke: str | None = None, width: float = 1) -> None:
        self._parts.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}"{self._paint(fill, stroke, width)}/>')

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str, width: float = 1) -> None:
        self._parts.append(
            f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke="{stroke}" '
            f'stroke-width="{_n(width)}"/>'
        )

    def polygon(self, points: Sequence[Point], fill: str | None = None,
                stroke: str | None = None, width: float = 1) -> None:
        pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
        self._parts.append(f'<polygon points="{pts}"{self._paint(fill, stroke, width)}/>')

    def text(self, x: float, y: float, s: str, size: float = 12, fill: str = "#222",
             anchor: str = "start", bold: bool = False, fit: float | None = None) -> None:
        """``fit``: at most this wide, the letters drawn a little closer where the text would
        be wider (a name on a small card)."""
        weight = ' font-weight="bold"' if bold else ""
        squeeze = (f' textLength="{_n(fit)}" lengthAdjust="spacingAndGlyphs"'
                   if fit is not None and text_width(s, size) > fit else "")
        self._parts.append(
            f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{fill}" text-anchor="{anchor}" '
            f'dominant-baseline="central"{weight}{squeeze}>{escape(s)}</text>'
        )

    def svg(self) -> str:
        title = f"<title>{escape(self.title)}</title>" if self.title else ""
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(self.width)}" height="{_n(self.height)}" '
            f'viewBox="0 0 {_n(self.width)} {_n(self.height)}" font-family="{escape(FONT)}" role="img"'
            f'{"" if self.centre is None else CENTRE.format(self.centre / self.width)}>'
            f"{title}{''.join(self._parts)}</svg>"
        )


class CanvasSurface:
    """Sends the same calls to an ipycanvas ``Canvas`` (wrap a redraw in ``hold_canvas``).

    ``scale``: canvas pixels per drawing unit; a board draws at 2 on a canvas twice its shown
    size, so it is crisp on high-density screens (the caller divides click positions by it).
    """

    _ALIGN = {"start": "left", "middle": "center", "end": "right"}

    def __init__(self, canvas: Any, scale: float = 1) -> None:
        self.canvas = canvas
        self._state: dict[str, Any] = {}
        if scale != 1:  # absolute, so a redraw never compounds it
            canvas.set_transform(scale, 0, 0, scale, 0, 0)

    def _set(self, name: str, value: Any) -> None:
        """Set a canvas property only when it changes: every set is a command on the wire."""
        if self._state.get(name) != value:
            self._state[name] = value
            setattr(self.canvas, name, value)

    def rect(self, x: float, y: float, w: float, h: float, fill: str | None = None,
             stroke: str | None = None, width: float = 1, dash: bool = False) -> None:
        c = self.canvas
        if fill:
            self._set("fill_style", fill)
            c.fill_rect(x, y, w, h)
        if stroke:
            self._set("stroke_style", stroke)
            self._set("line_width", width)
            self._dash(dash_pattern(width, min(w, h)) if dash else ())
            c.stroke_rect(x, y, w, h)
            self._dash(())

    def _dash(self, pattern: tuple[float, ...]) -> None:
        """Dashed lines from now on (or solid, for an empty pattern): sent only on a change."""
        if self._state.get("dash", ()) != pattern:
            self._state["dash"] = pattern
            self.canvas.set_line_dash(list(pattern))

    def circle(self, cx: float, cy: float, r: float, fill: str | None = None,
               stroke: str | None = None, width: float = 1) -> None:
        c = self.canvas
        if fill:
            self._set("fill_style", fill)
            c.fill_circle(cx, cy, r)
        if stroke:
            self._set("stroke_style", stroke)
            self._set("line_width", width)
            c.stroke_circle(cx, cy, r)

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str, width: float = 1) -> None:
        c = self.canvas
        self._set("stroke_style", stroke)
        self._set("line_width", width)
        c.stroke_line(x1, y1, x2, y2)

    def polygon(self, points: Sequence[Point], fill: str | None = None,
                stroke: str | None = None, width: float = 1) -> None:
        c = self.canvas
        pts = [(float(x), float(y)) for x, y in points]
        if fill:
            self._set("fill_style", fill)
            c.fill_polygon(pts)
        if stroke:
            self._set("stroke_style", stroke)
            self._set("line_width", width)
            c.stroke_polygon(pts)

    def text(self, x: float, y: float, s: str, size: float = 12, fill: str = "#222",
             anchor: str = "start", bold: bool = False, fit: float | None = None) -> None:
        c = self.canvas
        self._set("font", f"{'bold ' if bold else ''}{_n(size)}px {FONT}")
        self._set("text_align", self._ALIGN[anchor])
        self._set("text_baseline", "middle")
        self._set("fill_style", fill)
        if fit is not None and text_width(s, size) > fit:
            c.fill_text(s, x, y, max_width=fit)
        else:
            c.fill_text(s, x, y)


class Picture:
    """An SVG picture that shows itself in a notebook (and on the static site).

    ``alt`` is its text form: what nbval compares besides the SVG, and what a reader
    without pictures gets.  ``position`` names what the picture shows as ``(kind, text)``
    for :func:`gamelib.positions.check` (``("legend", …)`` for a key that is no position);
    it travels in the output's metadata, where a test checks every picture of the book.
    """

    def __init__(self, svg: str, alt: str, position: tuple[str, str] | None = None) -> None:
        self.svg, self.alt, self.position = svg, alt, position

    def described_svg(self) -> str:
        """The SVG with its text form as ``<desc>``: the site uses it as the picture's alternative text."""
        head, sep, rest = self.svg.partition(">")
        if not sep or "<desc>" in self.svg:
            return self.svg
        return f"{head}><desc>{escape(self.alt)}</desc>{rest}"

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        data = {"image/svg+xml": self.described_svg(), "text/plain": self.alt}
        if self.position is None:
            return data
        kind, text = self.position
        return data, {"rulebook": {"kind": kind, "position": text}}

    def __repr__(self) -> str:
        return self.alt
