"""Kabaleo pictures and the live board's controller.

Piles are drawn as stacked cones over their bases (a base's top is white, as on the real
pieces); the board shows every hand, marks the pile played just before, and shows secret
colours only as ``gamelib``'s view of the game allows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from gamelib.kabaleo import COLOURS, NAME_JA, HidingPlayer, KabaleoState, Move, Pile, check_piles

from .controller import HINT, PLAYER_COLOURS, Action, BoardController, OptionControl, Step
from .reader import names as reader_names
from .surface import Picture, Surface, SvgSurface
from .tables import Table, board_table, board_tables, result_word

COLOUR_FILL = {"O": "#f28c28", "K": "#f06eaa", "V": "#7b4fb8", "G": "#3c9a4c", "B": "#2f6fd0", "Y": "#f2c81e"}
LETTER_FILL = {"O": "#3d1d00", "K": "#3d0020", "V": "#ffffff", "G": "#ffffff", "B": "#ffffff", "Y": "#3d3000"}
#: The one-character Japanese label written on a pile's top piece (the colour, for readers who
#: cannot tell the colours apart).
SHORT_JA = {"O": "オ", "K": "ピ", "V": "紫", "G": "緑", "B": "青", "Y": "黄"}
MARK = "#b8860b"
NAMES = ("プレイヤー1", "プレイヤー2", "プレイヤー3", "プレイヤー4")
LEGAL = "#00a86b"
WRONG = "#d62828"
MAX_SHOWN = 8  # pieces drawn on one pile before "+n"


def _cone(s: Surface, cx: float, bottom: float, width: float, top_width: float, height: float, fill: str) -> None:
    s.polygon([(cx - width / 2, bottom), (cx - top_width / 2, bottom - height), (cx + top_width / 2, bottom - height),
               (cx + width / 2, bottom)], fill=fill, stroke="#2b2b2b", width=0.8)


def pieces_that_fit(room: float, scale: float = 1.0) -> int:
    """How many pieces :func:`draw_pile` draws on a base within ``room`` pixels above the base's
    bottom (the rest are counted, 「+2」).

    >>> pieces_that_fit(96 - 2)  # (a live board's pile: its cell 118 high)
    5
    """
    return max(1, 1 + int((room - 26 * scale * 0.62 - 24 * scale) // (13 * scale)))


def draw_pile(s: Surface, cx: float, bottom: float, pile: Pile, scale: float = 1.0, squeeze: float = 1.0,
              most: int = MAX_SHOWN) -> None:
    """A base (its top white) and its pieces stacked on it, the top one labelled with its colour
    in Japanese (one character).  ``squeeze`` makes every piece narrower, not lower (the phone
    layout of six columns); ``most``: the pieces drawn at most, the top ones (the others are
    counted beside them, 「+2」: a tall pile ran out of the board's cell)."""
    text = pile.to_text()
    bw, bh = 56 * scale * squeeze, 26 * scale
    _cone(s, cx, bottom, bw, 20 * scale * squeeze, bh, COLOUR_FILL[text[0]])
    _cone(s, cx, bottom - bh * 0.55, bw * 0.62, 20 * scale * squeeze, bh * 0.45, "#ffffff")  # the white top of a base
    pieces = text[1:]
    shown = pieces[-most:] if len(pieces) > most else pieces
    y = bottom - bh * 0.62
    step, ph = 13 * scale, 24 * scale
    for colour in shown:
        _cone(s, cx, y, 44 * scale * squeeze, 10 * scale * squeeze, ph, COLOUR_FILL[colour])
        y -= step
    top = text[-1]
    # every layer carries its one-character name: the base in its coloured band, each covered
    # piece in the band left showing below the next one, the top piece larger
    if pieces:
        s.text(cx, bottom - bh * 0.26, SHORT_JA[text[0]], size=10, fill=LETTER_FILL[text[0]], anchor="middle")
    y0 = bottom - bh * 0.62
    for k, colour in enumerate(shown[:-1]):
        s.text(cx, y0 - k * step - step / 2, SHORT_JA[colour], size=10, fill=LETTER_FILL[colour], anchor="middle")
    letter_y = (y + step - ph * 0.45) if pieces else bottom - bh * 0.29  # (its band's middle: at 0.24 it touched the foot)
    s.text(cx, letter_y, SHORT_JA[top], size=max(10, 11 * scale), fill=LETTER_FILL[top], anchor="middle", bold=True)
    if len(pieces) > most:
        s.text(cx + 26 * scale * squeeze, y + step - ph / 2, f"+{len(pieces) - most}", size=max(10, 10 * scale),
               anchor="start")


def piles_picture(texts: Sequence[str], labels: Sequence[str] | None = None,
                  marks: Mapping[int, str] | None = None, title: str | None = None, pile_width: int = 90) -> Picture:
    """Piles side by side (pile notation, base first), ``pile_width`` apart, for the book's examples.

    The piles must be ones real pieces can make together (:func:`gamelib.kabaleo.check_piles`
    raises otherwise); ``marks`` frames some piles (by index from 0) with a short label above."""
    piles = check_piles(list(texts))
    marks = marks or {}
    tallest = max(p.height for p in piles)
    top = 22 if marks else 0
    w, h = pile_width, top + 40 + 13 * max(tallest - 1, 0) + 40
    alt = "、".join(f"{labels[i]}: {p.words()}" if labels else p.words() for i, p in enumerate(piles))
    s = SvgSurface(len(piles) * w + 10, h, title or f"山の図({alt})")
    for i, pile in enumerate(piles):
        cx = 5 + i * w + w / 2
        if i in marks:
            s.rect(cx - w / 2 + 3, 3, w - 6, h - 6, stroke=MARK, width=2.5)
            s.text(cx, 14, marks[i], size=11, fill=MARK, anchor="middle", bold=True)
        draw_pile(s, cx, h - 22, pile)
        if labels:
            s.text(cx, h - 8, labels[i], size=11, anchor="middle")
    return Picture(s.svg(), alt, position=("kabaleo.piles", " ".join(p.to_text() for p in piles)))


def draw_count(s: Surface, x: float, y: float, counts: Mapping[str, int], height: float = 70,
               step: float = 70) -> None:
    """Bars of the piles of each colour, the tallest ``height`` high, below ``y``, ``step``
    apart."""
    most = max(counts.values(), default=0) or 1
    bar_w = min(40, step - 14)
    for i, (c, n) in enumerate(counts.items()):
        left = x + i * step
        bar = height * n / most
        s.rect(left + step / 2 - bar_w / 2, y + height + 20 - bar, bar_w, bar, fill=COLOUR_FILL[c], stroke="#333")
        s.text(left + step / 2, y + height + 30, NAME_JA[c], size=11, anchor="middle")
        s.text(left + step / 2, y + height + 12 - bar, str(n), size=13, anchor="middle", bold=True)


def count_picture(state: KabaleoState) -> Picture:
    """The count of a game: how many piles show each colour (a bare base counts for itself)."""
    counts = state.colour_counts()
    s = SvgSurface(len(counts) * 70 + 10, 120, "色ごとの山の数")
    draw_count(s, 0, 0, counts)
    return Picture(s.svg(), "、".join(f"{NAME_JA[c]} {n}" for c, n in counts.items()),
                   position=("save", state.to_json()))


def hand_words(hand: str) -> str:
    """A hand in words: ``オレンジ×2、紫×1`` (or なし)."""
    return "、".join(f"{NAME_JA[c]}×{hand.count(c)}" for c in COLOURS if c in hand) or "なし"


def colours_words(colours: str | None) -> str:
    """Secret colours in words (``紫と緑``), ``?`` when they are hidden."""
    return "と".join(NAME_JA[c] for c in colours) if colours else "?"


def describe_table(state: KabaleoState, secrets: Sequence[str | None], names: Sequence[str] = NAMES) -> list[str]:
    """The table in words: the piles row by row (colour on top, height when covered), each
    hand and each secret colour as far as ``secrets`` shows them."""
    lines = [f"山{len(state.piles)}個を4行に並べた卓。各山の色(いちばん上のピースの色)と、コマが乗っている山はその段数:"]
    for r in range(0, len(state.piles), state.columns):
        row = state.piles[r : r + state.columns]
        lines.append(f"{r // state.columns + 1}行目: " + "、".join(
            f"山{r + j + 1} {NAME_JA[p.colour]}" + ("" if p.bare else f"({p.height}段)") for j, p in enumerate(row)))
    for p, hand in enumerate(state.hands):
        secret = f"担当色は{colours_words(secrets[p])}" if secrets[p] else "担当色は本人だけが知っている"
        lines.append(f"{names[p]}: 手元のコマは{hand_words(hand)}、{secret}")
    return lines


def figures(state: KabaleoState) -> Table:
    """Each player's figures of the end count, in the order the rules compare them."""
    keys, winners = state.ranking_keys(), state.winners()
    rows = []
    for p, secret in enumerate(state.secrets):
        counts = state.colour_counts()
        piles = str(keys[p][0])
        if len(secret) > 1:
            piles += "(" + "、".join(f"{NAME_JA[c]}{counts[c]}" for c in secret) + ")"
        rows.append([NAMES[p], colours_words(secret), piles, keys[p][1], f"{keys[p][2]}段", result_word(p in winners)])
    return Table(["プレイヤー", "担当色", "山の数", "コマが上の山", "最も高い山", "結果"], rows)


@dataclass(frozen=True)
class Layout:
    players: int
    columns: int
    pile_w: int = 86  # (:attr:`PILE_W`)
    pile_h: int = 118
    top: int = 40
    left: int = 16
    #: the book's pictures put the players below the piles (narrow enough for a phone)
    tall: bool = False
    #: lines of a key under the piles (tall layout only)
    legend_lines: int = 0
    #: room for the final count under the players (tall layout only)
    final: bool = True
    #: The player whose panel comes first, right under the piles (the tall layout on a phone
    #: puts the person to move there, so their pieces and the piles fit one screen); the others
    #: follow in turn order.
    first: int = 0
    #: The live board on a phone: the panel of :attr:`first` stands above the piles (the
    #: others under them), so that the pieces to pick and the piles to put them on share the
    #: screen; under the piles they lay a whole screen below the first rows.
    own_above: bool = False

    #: The usual width of a pile, and the height of a player's panel.
    PILE_W: ClassVar[int] = 86
    PANEL_H: ClassVar[int] = 96
    #: The tall layout fits a phone: at most this wide, the piles narrower when they must be.
    PHONE = 360
    #: The live board on a narrow screen takes the column's width, up to this.
    PHONE_MAX = 420
    #: The wide layout: the room of the players' panels beside the piles (six colours of final
    #: count bars)
    HANDS_W = 430
    #: The wide layout: between the piles and the players' panels
    GAP = 24

    #: The wide layout draws its piles narrower, down to this, rather than fall to the tall one
    #: (JupyterLab beside its file browser gives a board about 934 px: six columns of the usual
    #: piles took 986)
    WIDE_LEAST = 72
    #: The tall layout's narrowest piles (six columns of them fit a 320 px screen).
    TALL_LEAST = 48

    @classmethod
    def fit(cls, players: int, columns: int, tall: bool, across: float | None = None, **more: Any) -> Layout:
        """The layout of ``columns`` piles a row in ``across`` pixels (None or 0: no width given
        yet, as for the book's pictures and replays). The tall one takes at most :attr:`PHONE`
        pixels then, else the width given up to :attr:`PHONE_MAX`; the wide one draws its piles
        narrower where the width given asks for it, down to :attr:`WIDE_LEAST`."""
        if tall:
            room = min(cls.PHONE_MAX, int(across)) if across else cls.PHONE
            # (never narrower than TALL_LEAST: a page that gave a few pixels for a moment, before
            # its column had its width, drew piles of a negative width)
            more.setdefault("pile_w", max(cls.TALL_LEAST, min(cls.PILE_W, (room - 2 * cls.left) // columns)))
        elif across:
            room = int(across) - cls.left - cls.GAP - cls.HANDS_W  # (as :attr:`width` adds them up)
            more.setdefault("pile_w", max(cls.WIDE_LEAST, min(cls.PILE_W, room // columns)))
        return cls(players, columns, tall=tall, **more)

    @property
    def squeeze(self) -> float:
        """How much narrower than usual the pieces are drawn (1: not at all)."""
        return min(1.0, self.pile_w / self.PILE_W)

    @property
    def count_step(self) -> float:
        """Room for each colour's bar in the final count (six of them under the players)."""
        return 70 if not self.tall else min(70, (self.PHONE - 2 * self.left) / 6)

    @property
    def hands_x(self) -> int:
        return self.left if self.tall else self.left + self.columns * self.pile_w + self.GAP

    @property
    def hands_top(self) -> int:
        """Top of the players' panels (with :attr:`own_above`, of those under the piles)."""
        if self.tall:
            return self.piles_top + 4 * self.pile_h + 8 + 18 * self.legend_lines + 30
        return self.top

    @property
    def piles_top(self) -> int:
        """Top of the first row of piles (under the panel above them, if any)."""
        return self.top + (self.PANEL_H + 30 if self.own_above else 0)

    @property
    def panels_below(self) -> int:
        """How many panels stand at :attr:`hands_top` (the final count comes under them)."""
        return self.players - (1 if self.own_above else 0)

    @property
    def width(self) -> int:
        if self.tall:
            return max(self.left * 2 + self.columns * self.pile_w, self.left * 2 + 320)
        return self.hands_x + self.HANDS_W

    @property
    def height(self) -> int:
        # room under the hands for the final count
        if self.tall:
            return self.hands_top + self.panels_below * self.PANEL_H + (132 if self.final else 10)
        # (the final count's names, 5.5 px under their centre, lie within: at four players they were cut off)
        return max(self.top + 4 * self.pile_h + 20, self.top + self.players * self.PANEL_H + 128)

    def pile_cell(self, index: int) -> tuple[int, int]:
        """Top-left of pile ``index`` (from 1)."""
        r, c = divmod(index - 1, self.columns)
        return self.left + c * self.pile_w, self.piles_top + r * self.pile_h

    def panel_y(self, player: int) -> int:
        """Top of ``player``'s panel."""
        order = (player - self.first) % self.players
        if self.own_above:
            return self.top - 12 if order == 0 else self.hands_top + (order - 1) * self.PANEL_H
        return self.hands_top + order * self.PANEL_H

    def piece_xy(self, player: int, slot: int) -> tuple[int, int]:
        """Centre-bottom of colour slot ``slot`` in ``player``'s hand."""
        return self.hands_x + 26 + slot * 50, self.panel_y(player) + 74  # (its count clear of the frame)

    def hit(self, x: float, y: float, piles: int, colours: str) -> tuple[Any, ...] | None:
        for i in range(1, piles + 1):
            px, py = self.pile_cell(i)
            if px <= x < px + self.pile_w and py <= y < py + self.pile_h:
                return ("pile", i)
        for p in range(self.players):
            for slot, colour in enumerate(colours):
                cx, bottom = self.piece_xy(p, slot)
                if cx - 22 <= x <= cx + 22 and bottom - 34 <= y <= bottom + 14:
                    return ("piece", p, colour)
        return None


class KabaleoController(BoardController):
    """A Kabaleo game at one screen.

    ``mode``: ``"pass"`` — pass the screen: only the player to move sees their secret colour,
    after pressing 「担当色を見る」 (with a single person at the board, that person's colour
    is always shown); ``"open"`` — every secret shown (for learning).
    """

    game = KabaleoState
    title = "カバレオの盤面"
    player_names = NAMES
    seat_kinds = {**BoardController.seat_kinds, "hiding": ("隠れ上手", HidingPlayer)}
    seat_tips = {**BoardController.seat_tips, "hiding": "隠れ上手: 自分の担当色を見せないように手を選ぶコンピューターです"}
    has_secrets = True
    reveal_label = "担当色を見る"
    secret_words = "担当色"
    curtain_blocks_clicks = False  # the hands are public: a player may move without looking
    option_controls = (
        OptionControl("deal", "配り方", (("ランダムに配る", "random"), ("均一に配る", "even")), players=(2, 3),
                      tip="最初のコマを色を気にせずランダムに配るか、全員に同じ組み合わせを配るか"),
        OptionControl("two_player_scoring", "2人の数え方", (("2色の合計", "sum"), ("多いほうの1色", "best")), players=(2,),
                      tip="2人のときの勝ち負け: 担当する2色の山の数の合計で比べるか、多いほうの1色で比べるか"),
    )
    #: The two ways to show the secret colours (the mode buttons).
    MODES = {"pass": "色は本人だけ", "open": "全員の色を見せる"}
    #: What each mode button does, for its tooltip.
    MODE_TIPS = {"pass": "担当色は手番の人にだけ見せます(人が2人以上なら、画面を渡しながら遊びます)",
                 "open": "練習用: 全員の担当色を見せたまま遊びます"}
    #: A first press of 「全員の色を見せる」 in a game under way asks first: one tap had shown the
    #: computers' colours, with no word (on a phone, off the screen), and the game was spoilt.
    OPEN_ASK = ("全員の担当色を見せると、コンピューターやほかの人の色が分かり、このゲームの駆け引きはなくなります。"
                "練習として見せるなら、もう一度「全員の色を見せる」を押してください。")

    def asking(self) -> bool:
        return self.error == self.OPEN_ASK

    def __init__(self, players: int = 2, seed: int = 0, options: Mapping[str, Any] | None = None,
                 seats: Sequence[str] | None = None, mode: str = "pass", *, computers_later: bool = False) -> None:
        if mode not in ("pass", "open"):
            raise ValueError("mode is 'pass' or 'open'")
        self.mode = mode
        super().__init__(players, seed, options, seats, computers_later=computers_later)

    def play_config(self) -> dict[str, Any]:
        return {**super().play_config(), "mode": self.mode}

    def actions(self) -> list[Action]:
        return [Action(f"mode:{mode}", label, True, self.mode == mode, self.MODE_TIPS[mode], toggle=True)
                for mode, label in self.MODES.items()]

    def act(self, key: str) -> bool:
        mode = key.removeprefix("mode:")
        if mode not in self.MODES:
            return False
        if mode == "open" and self.mode != "open" and not self.state.is_over() and self.error != self.OPEN_ASK:
            if self.thinking():  # (the question, asked now, gave way to the thinking at once, and
                self.told_to_wait = True  # the computer's move took it away: the press was lost)
                return False
            self.error = self.OPEN_ASK  # (the second press, the next thing done, shows them)
            self.refused_pile = None  # (a refused click's red × had come back with the question)
            return False
        if mode != self.mode or self.error == self.OPEN_ASK:
            self.error = None  # (「色は本人だけ」 after the question answers it: no)
        self.mode = mode
        return True

    #: Whose panel comes first in the phone layout (:meth:`make_layout`; None until known).
    _first_panel: int | None = None

    def make_layout(self) -> Layout:
        """The piles with the players beside them, or under them on a narrow screen: there the
        panel of the person to move comes first (and stays while the computers move)."""
        if not self.narrow:
            return Layout.fit(self.state.players, self.state.columns, tall=False, across=self.available)
        p = self.state.current_player
        if p is not None and self.seats[p] == "human":
            self._first_panel = p
        elif self._first_panel is None or self._first_panel >= self.state.players:
            self._first_panel = next((q for q, kind in enumerate(self.seats) if kind == "human"), 0)
        # (the piles as wide as the page's column allows: a 390 px phone gives 382)
        # (room for the final count under the panels only once the game is over: all game long it
        # had left a blank band there)
        return Layout.fit(self.state.players, self.state.columns, tall=True, across=self.available,
                          first=self._first_panel, own_above=True, final=self.state.is_over())

    def reset_selection(self) -> None:
        self.selected: str | None = None
        #: The pile a refused click chose (framed in red while its reason stands in the status).
        self.refused_pile: int | None = None
        if getattr(self, "layout", None) is not None:  # (after every move, undo and load: the
            self.layout = self.make_layout()  # phone layout grows for the final count at the end)

    # -- what each seat may see: gamelib's view decides -------------------------------
    def curtain_down(self) -> bool:
        return self.mode == "pass" and super().curtain_down()

    def visible_secrets(self) -> list[str | None]:
        if self.mode == "open":
            return [self.state.view(p)["secrets"][p] for p in range(self.state.players)]
        return self.state.view(self.viewer())["secrets"]

    def describe_move(self, before: KabaleoState, move: Move) -> str:
        """「紫を山5へ」: the colour played and the pile; when it met its own colour on top,
        that both pieces left the pile (else the picture shows no such piece there)."""
        return move_words(before, move, made=True)

    def hint_words(self, move: Move) -> str:
        """The hinted move, not yet made: 「紫を山5へ(同じ色が続くので、紫のコマ2つが外れる)」."""
        return move_words(self.state, move, made=False)

    def show_hint(self, move: Move) -> None:
        self.selected = move.colour

    # -- clicks --------------------------------------------------------------------------
    def targets(self) -> list[int]:
        """Piles that accept the selected piece, from gamelib's legal moves."""
        if self.selected is None:
            return []
        return [m.pile for m in self.state.legal_moves() if m.colour == self.selected]

    def click(self, x: float, y: float) -> bool:
        self.layout = self.make_layout()  # (as drawn: on a phone the person to move's panel first)
        if not self.human_to_move():
            return False
        state = self.state
        hit = self.layout.hit(x, y, len(state.piles), state.colours)
        if hit is None:
            return False
        self.refused_pile = None
        if hit[0] == "piece":
            _, player, colour = hit
            if player != state.current_player:
                self.error = f"{self.player_names[state.current_player]}の手元のコマを選んでください。"
                return False
            self.selected = colour
            self.error = None
            return False
        colours = set(state.hands[state.current_player])
        if self.selected is None and len(colours) == 1:
            self.selected = colours.pop()
        if self.selected is None:
            self.error = "先に、手元のコマを1つクリックして選んでください。"
            return False
        colour = self.selected
        ok = self.play(Move(hit[1], colour))
        if not ok:
            self.selected, self.refused_pile = colour, hit[1]
        return ok

    # -- words ---------------------------------------------------------------------------
    def hint_line(self) -> str:
        """The hint's frame named by its label: 「オレンジの枠」 is also what an orange pile's frame
        is called here, and orange a colour of the pieces (a tester found the words ambiguous)."""
        return super().hint_line().replace("ヒント(オレンジの枠)", "ヒント(「ヒント」と書いた枠)", 1)

    def status(self) -> str:
        if self.error:
            return self.error
        state = self.state
        if state.is_over():
            return self.end_words() + self.last_words()
        name = self.player_names[state.current_player]
        if self.selected is None:
            return f"{name}の番です。手元のコマ(緑の枠)を1つクリックして選び、置く山をクリックしてください。"
        return f"{name}の番です。{NAME_JA[self.selected]}のコマを置く山をクリックしてください(緑の枠が置ける山)。"

    def report(self) -> str:
        """For the person to move: what the others played since the person's last move (or since
        the start), 「プレイヤー2は紫を山5へ、プレイヤー3はオレンジを山2へ置きました。」, and a
        removal it set off.  The log lies below the table, far below on a phone, and computers
        play between two clicks; their discs on the piles say only where."""
        return self.moves_words(self.others_since_own_move())

    def steps_told(self, steps: Sequence[Step]) -> str:
        return self.moves_words(steps[1:])

    def moves_words(self, steps: Sequence[Step]) -> str:
        """「プレイヤー2は紫を山5へ、プレイヤー3はオレンジを山2へ置きました。」; a removal in a
        sentence of its own with the move that set it off (told after all the moves, it read as
        set off by the last; told in brackets before 「置きました」, it read awkwardly):
        「プレイヤー4は緑を山15へ置き、同じ色が続いたので、緑のコマ2つが外れました。」"""
        sentences: list[str] = []
        plain: list[str] = []
        for step in steps:
            said = f"{self.player_names[step.player]}は{pile_words(step.move)}"
            if not removes_a_pair(step.before, step.move):
                plain.append(said)
                continue
            if plain:
                sentences.append("、".join(plain) + "置きました。")
                plain = []
            sentences.append(f"{said}置き、同じ色が続いたので、{NAME_JA[step.move.colour]}のコマ2つが外れました。")
        if plain:
            sentences.append("、".join(plain) + "置きました。")
        return "".join(sentences)

    def end_words(self) -> str:
        """The end count in words: each player's piles of their colour, then the comparison that
        decided the win (gamelib's ``decided_by``), with the figures it compared."""
        state = self.state
        keys, winners = state.ranking_keys(), state.winners()
        names = self.player_names
        counts = state.colour_counts()

        def count(p: int, k: tuple[int, ...]) -> str:
            secret = state.secrets[p]
            if len(secret) == 1:
                return f"{names[p]}({colours_words(secret)}){k[0]}個"
            each = [f"{NAME_JA[c]}{counts[c]}" for c in secret]
            if state.options.two_player_scoring == "best":  # (the option: the better of the two colours)
                return f"{names[p]}({'・'.join(each)}の多いほう){k[0]}個"
            return f"{names[p]}({'+'.join(each)}){k[0]}個"

        piles = "、".join(count(p, k) for p, k in enumerate(keys))
        who = reader_names(names[w] for w in winners)
        words = f"ゲーム終了。担当色の山の数は、{piles}。"
        decided = state.decided_by()
        if len(winners) > 1:
            return words + f"3つの比べ方すべてで並んだので、勝者は{who}です(勝ちを分け合います)。"
        if decided == 1:
            return words + f"山がいちばん多いので、勝者は{who}です。"
        best = keys[winners[0]]
        # the players still level with the winner before the deciding comparison (2 or 3)
        tied = reader_names(names[p] for p, k in enumerate(keys) if k[:decided - 1] == best[:decided - 1])
        if decided == 2:
            return (words + f"{tied}が{best[0]}個で並んだので、いちばん上が担当色のコマの山(何も乗っていない"
                    f"ベースは数えない)を比べます。{who}が{best[1]}個でいちばん多く、勝者は{who}です。")
        return (words + f"{tied}が山の数と、いちばん上が担当色のコマの山の数で並んだので、最も高い山を比べます。"
                f"{who}が{best[2]}段でいちばん高く、勝者は{who}です。")

    def forbidden(self) -> int | None:
        """The pile played just before, while it binds the next move (not after the end)."""
        return None if self.state.is_over() else self.state.forbidden_pile()

    def describe(self) -> str:
        state = self.state
        lines = describe_table(state, self.visible_secrets(), self.player_names)
        if self.forbidden():
            lines.append(f"直前の山: 山{self.forbidden()}")
        lines.append("山の数: " + "、".join(f"{NAME_JA[c]}{n}" for c, n in state.colour_counts().items()))
        lines.append(self.status_line())
        return "\n".join(lines)

    def info_html(self) -> str:
        """The count of piles per colour; at the end each player's figures, in the order the rules
        compare them."""
        state = self.state
        counts = state.colour_counts()
        tables = [board_table(["色", "山の数"], [[NAME_JA[c], counts[c]] for c in state.colours],
                              caption="色ごとの山の数")]
        if state.is_over():
            t = figures(state)
            tables.append(board_table(t.headers, t.rows, caption="終了時の集計"))
        return board_tables(tables)

    # -- drawing -------------------------------------------------------------------------
    def draw_last_moves(self, s: Surface) -> None:
        """Each player's last pile: a disc in the player's colour with the player's number, in
        the pile's top-left corner (side by side when several played the same pile)."""
        layout = self.layout
        on_pile: dict[int, int] = {}
        for p, step in sorted(self.last_moves().items()):
            x, y = layout.pile_cell(step.move.pile)
            k = on_pile.get(step.move.pile, 0)
            on_pile[step.move.pile] = k + 1
            cx, cy = x + 16 + k * 20, y + 16
            s.circle(cx, cy, 9, fill=PLAYER_COLOURS[p], stroke="#fff", width=1.5)
            s.text(cx, cy + 0.5, str(p + 1), size=11, fill="#fff", anchor="middle", bold=True)

    def draw_background(self, s: Surface) -> None:
        layout = self.layout
        s.rect(0, 0, layout.width, layout.height, fill="#fbf8f1")
        if layout.own_above:
            s.text(layout.left, 20, "手元のコマ(全員に公開)と担当色", size=13, bold=True)
            s.text(layout.left, layout.piles_top - 20, "山(左下の数字が山の番号)", size=13, bold=True)
            s.text(layout.hands_x, layout.hands_top - 20, "ほかのプレイヤー", size=13, bold=True)
        else:
            s.text(layout.left, 20, "山(左下の数字が山の番号)", size=13, bold=True)
            s.text(layout.hands_x, layout.hands_top - 20, "手元のコマ(全員に公開)と担当色", size=13, bold=True)
        for i in range(1, len(self.state.piles) + 1):
            x, y = layout.pile_cell(i)
            s.rect(x + 3, y + 3, layout.pile_w - 6, layout.pile_h - 6, fill="#fffdf8", stroke="#d9d2bf", width=1)

    def draw(self, s: Surface) -> None:
        self.layout = self.make_layout()  # (on a phone the panel of the person to move comes first)
        state, layout = self.state, self.layout
        targets = set(self.targets()) if self.human_to_move() else set()
        draw_piles(s, layout, state.piles, self.forbidden(), targets)
        self.draw_last_moves(s)
        if self.error is not None and self.refused_pile is not None:  # the pile the refused click chose
            x, y = layout.pile_cell(self.refused_pile)
            s.rect(x + 1, y + 1, layout.pile_w - 2, layout.pile_h - 2, stroke=WRONG, width=3)
            s.text(x + layout.pile_w - 8, y + 14, "×", size=16, fill=WRONG, anchor="end", bold=True)
        if self.hint_move is not None:
            x, y = layout.pile_cell(self.hint_move.pile)
            s.rect(x + 1, y + 1, layout.pile_w - 2, layout.pile_h - 2, stroke=HINT, width=4)
            # (under the row of the players' discs in the top-left corner: on a phone's narrow pile
            # the label lay over the disc of the player who played there last)
            s.text(x + layout.pile_w / 2, y + 36, "ヒント", size=11, fill=HINT, anchor="middle", bold=True)
        secrets = self.visible_secrets()
        for p, hand in enumerate(state.hands):
            hx, hy = layout.hands_x, layout.panel_y(p)
            current = p == state.current_player
            s.rect(hx, hy + 2, 320, 90, fill="#fff7e0" if current else "#fffdf8",
                   stroke="#b08d2f" if current else "#d9d2bf", width=2 if current else 1)
            marker = "▶ " if current else ""
            s.text(hx + 8, hy + 16, f"{marker}{self.player_names[p]}({self.seat_kinds[self.seats[p]][0]})",
                   size=13, bold=current)
            if p in state.winners():
                s.text(hx + 312, hy + 16, "勝者", size=16, fill="#b8860b", anchor="end", bold=True)
            else:  # the player's disc, as on the pile each last played
                s.circle(hx + 302, hy + 16, 9, fill=PLAYER_COLOURS[p], stroke="#fff", width=1.5)
                s.text(hx + 302, hy + 16.5, str(p + 1), size=11, fill="#fff", anchor="middle", bold=True)
            # (a little higher than the pieces' frames need: the frame of a piece chosen had cut
            # into the line's colour square, a tester said)
            draw_secret(s, hx + 8, hy + 32, secrets[p])
            # a person to move with no piece chosen yet: the pieces that can be played, thinly framed
            playable = ({m.colour for m in state.legal_moves()}
                        if current and self.selected is None and self.human_to_move() and not state.is_over() else set())
            draw_hand(s, layout, p, hand, state.colours, self.selected if current else None, playable)
        if state.is_over():  # the final count, under the hands, every secret now shown
            draw_final_count(s, layout, state, layout.hands_top)


def pile_words(move: Move) -> str:
    """The colour and the pile of a move: 「緑を山15へ」."""
    return f"{NAME_JA[move.colour]}を山{move.pile}へ"


def move_words(before: KabaleoState, move: Move, made: bool) -> str:
    """A move in words, made (「…2つが外れた」) or still to make (「…2つが外れる」)."""
    words = pile_words(move)
    if removes_a_pair(before, move):
        words += (f"(同じ色が続{'いた' if made else 'く'}ので、{NAME_JA[move.colour]}のコマ2つが"
                  f"外れ{'た' if made else 'る'})")
    return words


def removes_a_pair(before: KabaleoState, move: Move) -> bool:
    """Whether ``move`` (legal on its pile) met its own colour on top, so that both pieces left."""
    pile = before.piles[move.pile - 1]
    return pile.check(move.colour) is None and pile.place(move.colour).height < pile.height


def draw_hand(s: Surface, layout: Any, player: int, hand: str, colours: str, selected: str | None = None,
              playable: Iterable[str] = ()) -> None:
    """A player's pieces, one cone per colour with its one-character name and its count; the
    selected colour framed, the ``playable`` ones (a first step to take) thinly framed."""
    playable = set(playable)
    for slot, colour in enumerate(colours):
        cx, bottom = layout.piece_xy(player, slot)
        n = hand.count(colour)
        if n:
            _cone(s, cx, bottom, 30, 8, 26, COLOUR_FILL[colour])
            # its one-character name, as on the piles: colour alone tells some players nothing
            s.text(cx, bottom - 5, SHORT_JA[colour], size=10, fill=LETTER_FILL[colour], anchor="middle", bold=True)
            s.text(cx, bottom + 8, f"×{n}", size=11, anchor="middle")
        if colour == selected:
            s.rect(cx - 21, bottom - 30, 42, 44, stroke=LEGAL, width=3)
        elif colour in playable and n:  # (round the piece only: its count lies just over the panel's border)
            s.rect(cx - 20, bottom - 29, 40, 30.5, stroke=LEGAL, width=1.5)  # (clear of the count under it)


def draw_final_count(s: Surface, layout: Any, state: KabaleoState, hands_top: float) -> None:
    """The count of piles per colour, under the players' panels."""
    y = hands_top + layout.panels_below * layout.PANEL_H + 10
    s.text(layout.hands_x, y + 8, "色ごとの山の数", size=13, bold=True)
    draw_count(s, layout.hands_x - (10 if not layout.tall else 0), y + 18, state.colour_counts(), height=60,
               step=layout.count_step)


def draw_secret(s: Surface, x: float, y: float, secret: str | None) -> None:
    """「担当色:」 and each secret colour as a square with its name, or a hidden mark."""
    s.text(x, y, "担当色:", size=12)
    if not secret:
        s.text(x + 48, y, "?(本人だけが知っている)", size=12)
        return
    x += 48
    for c in secret:
        s.rect(x, y - 8, 14, 16, fill=COLOUR_FILL[c], stroke="#333")
        s.text(x + 18, y, NAME_JA[c], size=12)
        x += 18 + 12 * len(NAME_JA[c]) + 12


Mark = str | tuple[str, str]


def _mark(mark: Mark) -> tuple[str, str]:
    """A mark as (label, frame colour): a bare label is framed in gold."""
    return (mark, MARK) if isinstance(mark, str) else mark


def draw_piles(s: Surface, layout: Layout, piles: Sequence[Pile], forbidden: int | None = None,
               targets: set[int] | frozenset[int] = frozenset(), marks: Mapping[int, Mark] | None = None) -> None:
    """The piles in their cells, numbered; the pile played just before framed in red, legal
    targets in green, ``marks`` (pile number → a short label, or (label, frame colour)) in
    gold or their own colour."""
    marks = marks or {}
    for i, pile in enumerate(piles, start=1):
        x, y = layout.pile_cell(i)
        cx, bottom = x + layout.pile_w / 2, y + layout.pile_h - 22
        draw_pile(s, cx, bottom, pile, squeeze=layout.squeeze, most=pieces_that_fit(layout.pile_h - 22 - 2))
        s.text(x + 8, y + layout.pile_h - 12, str(i), size=11, fill="#555")
        if i == forbidden:
            s.rect(x + 4, y + 4, layout.pile_w - 8, layout.pile_h - 8, stroke=WRONG, width=3)
            # at the bottom right, beside the pile's number: the top left takes the discs of the
            # players' last moves, and on a phone's narrow piles a second disc covered it there
            s.text(x + layout.pile_w - 8, y + layout.pile_h - 12, "直前", size=11, fill=WRONG, anchor="end", bold=True)
        elif i in targets:
            s.rect(x + 4, y + 4, layout.pile_w - 8, layout.pile_h - 8, stroke=LEGAL, width=3)
        if i in marks:
            label, colour = _mark(marks[i])
            inset = 8 if i == forbidden else 4
            s.rect(x + inset, y + inset, layout.pile_w - 2 * inset, layout.pile_h - 2 * inset, stroke=colour, width=3)
            # at the top left, clear of the pile's number and of 「直前」 (bottom left and right)
            top = y + (30 if i == forbidden else 16)
            s.text(x + inset + 4, top, label, size=11, fill=colour, bold=True)


def board_picture(state: KabaleoState, viewer: int | None | str = "all", marks: Mapping[int, Mark] | None = None,
                  title: str = "カバレオの卓", legend: Sequence[tuple[str, str]] = ()) -> Picture:
    """A whole table for the book: the piles (numbered from 1, row by row), then below them
    each player's hand and secret colour(s) and, at the end, each player's figures, the
    winners and the count (a tall layout, narrow enough for a phone).

    ``viewer``: whose eyes — a player (only that player's colour shown, as
    :meth:`KabaleoState.view` allows), ``None`` a spectator, ``"all"`` every colour (for
    learning, and at the end).  ``marks`` frames piles (number → a short label, or
    (label, frame colour)); ``legend`` explains the frames under the piles as
    (frame colour, words) lines, and the text form lists the piles of each."""
    secrets = list(state.secrets) if viewer == "all" else state.view(viewer)["secrets"]  # type: ignore[arg-type]
    marks = dict(marks or {})
    over = state.is_over()
    layout = Layout.fit(state.players, state.columns, tall=True, legend_lines=len(legend), final=over)
    s = SvgSurface(layout.width, layout.height, title)
    s.rect(0, 0, layout.width, layout.height, fill="#fbf8f1")
    s.text(layout.left, 20, "山(左下の数字が山の番号)", size=13, bold=True)
    for i in range(1, len(state.piles) + 1):
        x, y = layout.pile_cell(i)
        s.rect(x + 3, y + 3, layout.pile_w - 6, layout.pile_h - 6, fill="#fffdf8", stroke="#d9d2bf", width=1)
    forbidden = None if over else state.forbidden_pile()
    draw_piles(s, layout, state.piles, forbidden, marks=marks)
    y = layout.top + 4 * layout.pile_h + 8
    for colour, words in legend:
        s.rect(layout.left, y, 22, 12, stroke=colour, width=3)
        s.text(layout.left + 30, y + 6, words, size=12)
        y += 18
    hands_top = layout.hands_top
    s.text(layout.left, hands_top - 14, "プレイヤー(手元のコマは全員に公開)", size=13, bold=True)
    keys, winners = state.ranking_keys(), state.winners()
    for p, hand in enumerate(state.hands):
        hx, hy = layout.hands_x, hands_top + p * layout.PANEL_H
        won = p in winners
        s.rect(hx, hy + 2, 320, 90, fill="#fff7e0" if won else "#fffdf8", stroke=MARK if won else "#d9d2bf",
               width=2 if won else 1)
        s.text(hx + 8, hy + 16, NAMES[p], size=13, bold=True)
        draw_secret(s, hx + 100, hy + 16, secrets[p])
        if over:
            k = keys[p]
            s.text(hx + 8, hy + 46, f"山の数{k[0]}・コマが上の山{k[1]}・最も高い山{k[2]}段", size=12)
            if won:
                s.text(hx + 8, hy + 72, "勝者", size=16, fill=MARK, bold=True)
        draw_hand(s, layout, p, hand, state.colours)
    if over:
        draw_final_count(s, layout, state, hands_top)
    alt = [f"{title}。"] + describe_table(state, secrets)
    if forbidden:
        alt.append(f"山{forbidden}には赤い枠と「直前」の字(ひとつ前の手番でコマが置かれた山)。")
    for colour, words in legend:
        framed = [i for i, m in sorted(marks.items()) if _mark(m)[1] == colour]
        alt.append(f"{words}(" + "、".join(f"山{i}" for i in framed) + ")。")
    told = {colour for colour, _ in legend}
    labelled = [f"山{i}「{_mark(m)[0]}」" for i, m in sorted(marks.items()) if _mark(m)[1] not in told and _mark(m)[0]]
    if labelled:
        alt.append("枠と字のついた山: " + "、".join(labelled) + "。")
    if over:
        for p, k in enumerate(keys):
            alt.append(f"{NAMES[p]}: 山の数{k[0]}、コマが上の山{k[1]}、最も高い山{k[2]}段。")
        alt.append("色ごとの山の数: " + "、".join(f"{NAME_JA[c]}{n}" for c, n in state.colour_counts().items()) + "。")
        alt.append("勝者: " + "と".join(NAMES[w] for w in winners))
    return Picture(s.svg(), "\n".join(alt), position=("save", state.to_json()))


def KabaleoBoard(players: int = 3, seed: int | None = None, options: Mapping[str, Any] | None = None,
                 seats: Sequence[str] | None = None, mode: str = "pass", *, computer_delay: float | None = None) -> Any:
    """The live board (ipywidgets + ipycanvas); see :class:`widgets.kabaleo_board.Board`.
    ``computer_delay``: seconds between two computer moves (0: at once)."""
    from .kabaleo_board import Board

    return Board(players, seed, options, seats, mode, computer_delay=computer_delay)
