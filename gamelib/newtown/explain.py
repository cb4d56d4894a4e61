"""Why a move is refused (an :class:`IllegalMoveError` naming the rule's section, in Japanese
and English), and random well-formed moves for the conformance test.

The legal moves (``NewtownState.legal_moves``) decide what may be played; this module only
finds the reason a move is not among them, checking the rules in the text's order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import IllegalMoveError
from . import rulings, sections
from .board import KING, land_name_en, land_name_ja
from .data import TYPE_EN
from .houses import area, extension_targets, grows, land_load, pieces_text, take_pieces
from .moves import COLOUR_JA, COLOURS, Move

if TYPE_CHECKING:
    from .game import NewtownState

S = sections


def _err(section: str, ja: str, en: str) -> IllegalMoveError:
    return IllegalMoveError(section, ja, en)


#: Each kind of move in words, for the refusals (never the move's notation).
KIND_JA = {"draft": "土地カードを取る手", "tree": "樹を植える手", "take": "さいころを取る手", "keep": "さいころをそのまま使う手",
           "reroll": "さいころを振りなおす手", "use": "土地カードの特殊能力を使う手", "go": "職人コマを動かす手",
           "stay": "職人コマを動かさない手", "pass": "パス", "supply": "資材を仕入れる手", "split": "資材を分ける手",
           "merge": "資材をまとめる手", "build": "家を建てる手", "extend": "増築する手", "penthouse": "ペントハウスを作る手",
           "help": "手伝う手", "end": "建築を終える手", "decide": "延長を選ぶ手", "tenant": "入居者カードを取る手"}


def explain(s: NewtownState, move: Move) -> IllegalMoveError:
    from .game import KIND_PHASES, PHASE_JA, PHASE_SECTION

    kind, a = move
    phase = s.phase
    if phase not in KIND_PHASES[kind]:
        # 「今はさいころフェイズです。職人コマを動かすのは、移動(1)フェイズと移動(2)フェイズです。」
        where = "と".join(PHASE_JA[x] for x in KIND_PHASES[kind])
        doing = KIND_JA.get(kind, "その手").removesuffix("手").replace("パス", "パスする")
        return _err(PHASE_SECTION[phase], f"今は{PHASE_JA[phase]}です。{doing}のは、{where}です。",
                    f"This is the {phase} phase; {move!s} is a move of another phase.")
    p = s.current_player
    assert p is not None
    why = globals().get(f"_why_{kind}")
    found = why(s, p, a) if why else None
    return found or _err(PHASE_SECTION[phase], f"今は、その{KIND_JA.get(kind, '手')}はできません。",
                         f"{move!s} is not possible now.")


# -- set-up and dice -----------------------------------------------------------------------------
def _pieces_ja(pieces: Any) -> str:
    """Material sizes for a reader: 「2・3」 (「なし」 for none)."""
    if isinstance(pieces, int):
        return str(pieces)
    return "・".join(map(str, pieces)) if pieces else "なし"


def _why_draft(s: NewtownState, p: int, a: tuple[int, ...]) -> IllegalMoveError | None:
    missing = [x for x in a if x not in s.row]
    if missing:
        return _err(S.SETUP_LAND_CARDS, f"土地カード{'・'.join(map(str, missing))}は表向きの列にありません"
                    f"(列にあるのは{'・'.join(map(str, s.row))}です)。",
                    f"Land card(s) {missing} are not in the face-up row {list(s.row)}.")
    need = s._draft_need(p)
    if need is None:
        return _err(S.SETUP_LAND_CARDS, "1周目は1〜3枚を選んで取ります。", "In the first pass take 1 to 3 cards.")
    return _err(S.SETUP_LAND_CARDS, f"2周目は手持ちが4枚になるように、ちょうど{need}枚取ります。",
                f"In the second pass take exactly {need} card(s), to hold 4.")


def _why_tree(s: NewtownState, p: int, a: tuple[int]) -> IllegalMoveError | None:
    return _err(S.PREPARE, f"樹を植えるときに振るさいころは2〜4個です({a[0]}個ではありません)。",
                f"The tree is planted with 2 to 4 dice, not {a[0]}.")


def _why_take(s: NewtownState, p: int, a: tuple[str, int]) -> IllegalMoveError | None:
    colour, value = a
    if (colour, value) not in s.pool:
        return _err(S.DICE, f"{COLOUR_JA[colour]}の{value}のさいころは残っていません。",
                    f"No {COLOURS[colour]} {value} is left in the pool.")
    return _err(S.DICE, f"{COLOUR_JA[colour]}のさいころはもう持っています(全員が赤・緑・黒・白3個になるように取ります)。",
                f"You already hold your {COLOURS[colour]} die (everyone ends with red, green, black, three white).")


def _why_reroll(s: NewtownState, p: int, a: tuple[Any, ...]) -> IllegalMoveError | None:
    if s.phase == "roll":
        return _err(S.EXTENSION_RULES, "延長ラウンドでは、6個すべてを1度だけ振りなおせます。特定のさいころだけは振りなおせません。",
                    "In the extension round you may reroll all six dice once (reroll all), not some of them.")
    section = S.MOVE1 if s.phase == "move1" else S.MANAGE
    if a[0] == "all":
        return _err(section, "すべてのさいころを振りなおせるのは延長ラウンドのさいころフェイズだけです。",
                    "Rerolling all dice is only for the extension round's dice phase.")
    allowed = "g" if s.phase == "move1" else "b"
    if a[0] in "gb" and a[0] != allowed:
        return _err(section, f"このフェイズで振りなおせるのは白と{COLOUR_JA[allowed]}です。",
                    f"In this phase you may reroll white dice and the {COLOURS[allowed]} die.")
    d = s.dice[p]
    if not d.red:
        return _err(section, "振りなおすには赤の目を1減らします。赤の目が残っていません。",
                    "A reroll costs 1 red pip; you have none left.")
    if a[0] == "w":
        if take_pieces(d.white, a[1:]) is None:
            return _err(section, f"その白のさいころ({'・'.join(map(str, a[1:]))})は持っていません"
                        f"(白は{'・'.join(map(str, d.white))}です)。",
                        f"You do not hold white dice {list(a[1:])} (yours: {list(d.white)}).")
    return None


def _why_use(s: NewtownState, p: int, a: tuple[int, str]) -> IllegalMoveError | None:
    land, effect = a
    if s.cards[land] != p:
        return _err(S.LAND_CARD_ABILITIES, f"土地カード{land}を持っていません。", f"You do not hold land card {land}.")
    if land in s.used:
        return _err(S.LAND_CARD_ABILITIES, f"土地カード{land}の特殊能力はもう使いました(1枚につき1度だけ)。",
                    f"Land card {land}'s ability is used (once per card).")
    ability = s.comp.ability(land)
    expected = {"white": "w", "plus": "+1", "swap": "swap", "material": ("get", "ret")}[ability]
    fits = (effect.startswith("w") if ability == "white" else effect.endswith("+1") if ability == "plus"
            else effect == "swap" if ability == "swap" else effect in ("get", "ret"))
    if not fits:
        from .data import ABILITY_JA

        return _err(S.LAND_CARD_ABILITIES, f"土地カード{land}({s.comp.lands[land]})の特殊能力は「{ABILITY_JA[ability]}」です。",
                    f"Land card {land}'s ability is {ability} ({expected}).")
    d = s.dice[p]
    if effect.startswith("w"):
        value, how = effect[1:].split("x")
        if int(value) not in d.white:
            return _err(S.LAND_CARD_ABILITIES, f"白の{value}のさいころは持っていません。", f"You hold no white {value}.")
        if int(value) == 0 and how == "2":
            return _err(S.LAND_CARD_ABILITIES, "0を2倍にしても何も変わりません。",
                        "Doubling a 0 changes nothing (write w0x0).")
    if effect == "ret" and rulings.MUD_PIECE not in s.materials[p]:
        return _err(S.LAND_CARD_ABILITIES, "大きさ1の資材を持っていないので返せません。", "You hold no material of size 1 to return.")
    return None


# -- moving ----------------------------------------------------------------------------------------
def _why_go(s: NewtownState, p: int, a: tuple[int]) -> IllegalMoveError | None:
    land = a[0]
    section = S.MOVE1 if s.phase == "move1" else S.MOVE2
    if land not in s.board.lands:
        return _err(S.SETUP_LANDS, f"{land_name_ja(land)}は地図にありません。", f"{land_name_en(land)} is not on the map.")
    if land == s.craftsmen[p]:
        return _err(section, "職人コマはすでにその土地にいます(動かないときは、その場にとどまる手を選びます)。",
                    "Your craftsman is already there (to stay, play stay or pass).")
    if land in s.blocked(p):
        return _err(S.MOVE1, f"{land_name_ja(land)}にはほかの職人コマがいるので止まれません(通過はできます)。",
                    f"Another craftsman stands on {land_name_en(land)}: you may pass through, not stop there.")
    green = s.dice[p].green or 0
    from .board import _distances

    cost = _distances(s.board, s.craftsmen[p]).get(land)
    return _err(S.KINGS_LAND if land == KING else S.MOVE1,
                f"{land_name_ja(land)}まで緑の目が{cost}必要です(残りは{green}です"
                f"{'。王様の土地に入るには2必要です' if land == KING else ''})。",
                f"Reaching {land_name_en(land)} needs {cost} green pips; you have {green}.")


def _why_pass(s: NewtownState, p: int, a: tuple[()]) -> IllegalMoveError | None:
    if s.phase == "tenant":
        return _err(S.TENANT_PLAY, "最前列に、自分の空いている家に入居できるカードがあるのでパスできません。",
                    "A card of the front row fits one of your empty houses, so you may not pass.")
    return None


# -- materials -----------------------------------------------------------------------------------
def _why_supply(s: NewtownState, p: int, a: tuple[int, ...]) -> IllegalMoveError | None:
    size, q = a
    if size < 4:
        return _err(S.MANAGE, f"ほかのプレイヤーに譲れる資材は大きさ4以上です({size}は譲れません)。",
                    f"Only materials of size 4 or more may be given, not {size}.")
    if q == p or q >= s.players:
        return _err(S.MANAGE, "資材は自分以外のプレイヤーに譲ります。", "Give materials to another player.")
    if q not in s.participants:
        return _err(S.EXTENSION_ROUND, f"プレイヤー{q + 1}は延長しなかったので、資材を譲れません。",
                    f"Player {q + 1} did not extend and cannot receive a gift.")
    return _err(S.MANAGE, f"大きさ{size}の資材を持っていません(赤の資材を得た後の手持ちから譲ります)。",
                f"You hold no material of size {size} (after taking the red materials).")


def _why_split(s: NewtownState, p: int, a: tuple[int, int]) -> IllegalMoveError | None:
    size, part = a
    if not (s.dice[p].black or 0):
        return _err(S.BUILD, "資材の交換には黒の目を1使います。黒の目が残っていません。",
                    "An exchange costs 1 black pip; you have none left.")
    if size not in s.materials[p]:
        return _err(S.BUILD, f"大きさ{size}の資材を持っていません。", f"You hold no material of size {size}.")
    if size < 2:
        return _err(S.BUILD, "大きさ1の資材はそれ以上分けられません。", "A piece of size 1 cannot be split.")
    return _err(S.BUILD, f"大きさ{size}の資材は、合計が{size}になる2個(1以上)に分けます。",
                f"A {size} splits into two pieces of at least 1 that add up to {size}.")


def _why_merge(s: NewtownState, p: int, a: tuple[int, int]) -> IllegalMoveError | None:
    if not (s.dice[p].black or 0):
        return _err(S.BUILD, "資材の交換には黒の目を1使います。黒の目が残っていません。",
                    "An exchange costs 1 black pip; you have none left.")
    if take_pieces(s.materials[p], a) is None:
        return _err(S.BUILD, f"資材{a[0]}と{a[1]}を持っていません。", f"You do not hold materials {a[0]} and {a[1]}.")
    return _err(S.BUILD, f"資材は最大で大きさ{s.comp.max_size}です({a[0] + a[1]}にはまとめられません)。",
                f"The largest material is {s.comp.max_size}; {a[0]} and {a[1]} cannot be joined.")


def _why_help(s: NewtownState, p: int, a: tuple[()]) -> IllegalMoveError | None:
    if not (s.dice[p].black or 0):
        return _err(S.BUILD, "譲る黒の目が残っていません。", "You have no black pips left to give.")
    return _err(S.BUILD, "手番が最後なので、黒の目を譲る次の職人がいません。",
                "You are last in turn order: there is no next craftsman to help.")


# -- building ------------------------------------------------------------------------------------
def _common(s: NewtownState, p: int, land: int, pieces: tuple[int, ...]) -> IllegalMoveError | None:
    """Conditions every build, extension and penthouse shares: the craftsman, the black pips,
    the white dice, the pieces."""
    if land not in s.board.lands:
        return _err(S.SETUP_LANDS, f"{land_name_ja(land)}は地図にありません。", f"{land_name_en(land)} is not on the map.")
    if s.craftsmen[p] != land:
        return _err(S.CONDITIONS, f"建築条件0: 自分の職人コマが{land_name_ja(land)}にいません"
                    f"(いるのは{land_name_ja(s.craftsmen[p])}です)。",
                    f"Condition 0: your craftsman is not on {land_name_en(land)}.")
    d = s.dice[p]
    if not s.white_ok(land, d.white):
        if land == KING:
            return _err(S.KINGS_LAND, f"王様の土地に建てるには、3つの白の目が1ずつ続く数か、3つとも同じ目でなければなりません"
                        f"(白は{'・'.join(map(str, d.white))}です)。",
                        f"The King's land needs a run or three of a kind on the white dice (yours: {list(d.white)}).")
        return _err(S.CONDITIONS, f"建築条件1: 白の目の合計({sum(d.white)})が土地の番号({land})と違います。",
                    f"Condition 1: the white dice add up to {sum(d.white)}, not {land}.")
    black = d.black or 0
    if len(pieces) > black:
        return _err(S.HOW_TO_BUILD, f"資材を1個置くごとに黒の目を1使います。資材{len(pieces)}個に対して黒の目が{black}しかありません。",
                    f"Each piece placed costs 1 black pip: {len(pieces)} pieces, {black} pips.")
    if take_pieces(s.materials[p], pieces) is None:
        return _err(S.HOW_TO_BUILD, f"資材{_pieces_ja(pieces)}を持っていません(手持ちは{_pieces_ja(s.materials[p])}です)。",
                    f"You do not hold pieces {pieces_text(pieces)} (yours: {pieces_text(s.materials[p])}).")
    return None


def _fill_error(pieces: tuple[int, ...], targets: tuple[int, ...]) -> IllegalMoveError | None:
    if rulings.fills(pieces, targets):
        return None
    need = "・".join(map(str, targets))
    return _err(S.HOW_TO_BUILD, f"資材{_pieces_ja(pieces)}では、各階のマス({need})をちょうど埋められません"
                "(資材の大きさの合計がその階の面積になるように置き、1個の資材は2つの階にまたがりません)。",
                f"Pieces {pieces_text(pieces)} cannot fill the floors' squares exactly ({', '.join(map(str, targets))}).")


def _roof_error(s: NewtownState, p: int, std: int, bonus: int = 0) -> IllegalMoveError | None:
    if s.roofs[p][std - 1] + bonus >= 1:
        return None
    return _err(S.CONDITIONS, f"建築条件6: 規格{std}の屋根トークンが残っていません。",
                f"Condition 6: you have no roof of standard {std} left.")


def _kings_land_error(s: NewtownState, p: int) -> IllegalMoveError | None:
    """Why ``p`` may not build on the King's land, if so (besides its dice)."""
    if p in s.king_builders:
        return _err(S.KINGS_LAND, "王様の土地には1人1軒です(先着2名)。", "One house each on the King's land.")
    if len(s.king_builders) >= rulings.KING_BUILDERS:
        return _err(S.KINGS_LAND, "王様の土地に建てられるのは先着2名までです。", "Only the first two builders build there.")
    if not rulings.has_built_a_house(s.built[p]):
        return _err(S.KINGS_LAND, "王様の土地に建てられるのは、ほかの土地に家を建てたことのある人だけです。",
                    "You need a house elsewhere before building on the King's land.")
    if s.stones[p] < 1:
        return _err(S.KINGS_LAND, "王様の土地に建てるには、手元に褒美の石が少なくとも1個いります。",
                    "You need a reward stone to build on the King's land.")
    return None


def _site_error(s: NewtownState, p: int, land: int, pieces: tuple[int, ...]) -> IllegalMoveError | None:
    """Why ``p`` may not build a new house on ``land`` with ``pieces``, as far as the land and the
    dice decide (:func:`_common`, and on the King's land its own limits)."""
    return _common(s, p, land, pieces) or (_kings_land_error(s, p) if land == KING else None)


def why_no_new_house(s: NewtownState) -> IllegalMoveError | None:
    """In the building phase, why the player to move can build no new house on their
    craftsman's land (None when they can): the first of the text's conditions that no house
    of any shape meets, so that a board can say why 「家を建てる」 is not offered."""
    from .game import DIMENSIONS_STANDARDS

    p = s.current_player
    if s.phase != "build" or p is None or any(m.kind == "build" for m in s.legal_moves()):
        return None
    black = s.dice[p].black or 0
    if black <= 0:
        return _err(S.HOW_TO_BUILD, "黒の目が残っていないので、資材を置けません(資材1個ごとに黒の目を1使います)。",
                    "No black pips left: each piece placed costs one.")
    have = s.materials[p]
    if not have:
        return _err(S.HOW_TO_BUILD, "資材を持っていません。", "You hold no pieces.")
    land = s.craftsmen[p]
    found = _site_error(s, p, land, ())
    if found:
        return found
    roofs = [std for _, std in DIMENSIONS_STANDARDS if s.roofs[p][std - 1] >= 1]
    if not roofs:
        return _err(S.CONDITIONS, "建築条件6: 屋根トークンがどの規格も残っていません。", "Condition 6: you have no roof left.")
    capacity, load = rulings.land_capacity(land), land_load(s.houses, land)
    if capacity is not None and all(load + std > capacity for std in roofs):
        return _err(S.CONDITIONS, f"建築条件2: 1つの土地の規格の合計は4までです(土地{land}はすでに{load}で、"
                    "残っている屋根トークンの家はどれも入りません)。",
                    f"Condition 2: at most 4 standard units on a land (land {land} has {load}).")
    path = exchanges_to_build(s)
    if path:  # (a tester, told the pieces filled no floor, ended the phase: a split made a house)
        ja, en = zip(*(_exchange_words(m) for m in path))
        return _err(S.HOW_TO_BUILD, f"資材{_pieces_ja(have)}では、建てられる形の家の階をちょうど埋められません。"
                    f"先に{'、続けて'.join(ja)}と、建てられるようになります(分けるのもまとめるのも、1回ごとに黒の目を1使います)。",
                    f"Your pieces as they are ({pieces_text(have)}) fill no floor of a house you may build; "
                    f"{' then '.join(en)} first, and you can (each exchange costs a black pip).")
    return _err(S.HOW_TO_BUILD, f"手持ちの資材({_pieces_ja(have)})を黒の目の数({black}個)まで使っても、建てられる形の家の"
                "階をちょうど埋められません(資材の大きさの合計が、その階の面積と同じになるように置きます)。"
                "資材を分けたりまとめたりしても同じです。",
                f"Your pieces ({pieces_text(have)}), at most {black} of them, fill no floor of a house you may build, "
                "even split or joined.")


def exchanges_to_build(s: NewtownState, limit: int = 4) -> list[Move] | None:
    """In the building phase, the fewest splits and merges of the pieces (each paid with a black
    pip; at most ``limit``) after which the player to move can build a new house: [] when they
    can now, None when no such exchanges (or none within the limit) open one."""
    from collections import deque

    p = s.current_player
    if s.phase != "build" or p is None:
        return None
    seen = {(s.materials[p], s.dice[p].black)}
    queue: deque[tuple[NewtownState, list[Move]]] = deque([(s, [])])
    while queue:
        state, path = queue.popleft()
        legal = state.legal_moves()
        if any(m.kind == "build" for m in legal):
            return path
        if len(path) >= limit:
            continue
        for move in legal:
            if move.kind in ("split", "merge"):
                after = state.play(move)
                if after.current_player != p or after.phase != "build":  # (its last pip ended the turn)
                    continue
                key = (after.materials[p], after.dice[p].black)
                if key not in seen:
                    seen.add(key)
                    queue.append((after, path + [move]))
    return None


def _exchange_words(move: Move) -> tuple[str, str]:
    """A split or a merge in Japanese and English: 「資材2を1と1に分ける」, "split 2 into 1 and 1"."""
    if move.kind == "split":
        size, part = move.args
        return f"資材{size}を{part}と{size - part}に分ける", f"split {size} into {part} and {size - part}"
    a, b = move.args
    return f"資材{a}と{b}を{a + b}にまとめる", f"join {a} and {b} into {a + b}"


def _why_build(s: NewtownState, p: int, a: tuple[int, str, int, tuple[int, ...]]) -> IllegalMoveError | None:
    from .data import FOOTPRINTS

    land, footprint, floors, pieces = a
    std = FOOTPRINTS[footprint]
    found = _site_error(s, p, land, pieces)
    if found:
        return found
    if land != KING:
        load = land_load(s.houses, land)
        if load + std > 4:
            return _err(S.CONDITIONS, f"建築条件2: 1つの土地の規格の合計は4までです(土地{land}はすでに{load})。",
                        f"Condition 2: at most 4 standard units on a land (land {land} has {load}).")
    if floors > 3:
        return _err(S.CONDITIONS, "建築条件3: 家は3階までです。", "Condition 3: at most three floors.")
    return _roof_error(s, p, std) or _fill_error(pieces, (area(footprint),) * floors)


def _why_extend(s: NewtownState, p: int, a: tuple[int, str, int, tuple[int, ...]]) -> IllegalMoveError | None:
    from .data import FOOTPRINTS

    hid, footprint, floors, pieces = a
    h = s.house(hid)
    if h is None:
        return _err(S.EXTENDING, f"{hid}番の家はありません。", f"There is no house h{hid}.")
    if h.penthouse:
        return _err(S.PENTHOUSE, "ペントハウスを載せた家は、もう大きくできません。", "A house with a penthouse cannot be extended.")
    if h.owner != p and not rulings.may_take_over(h.land == KING, h.penthouse):
        return _err(S.KINGS_LAND, "王様の土地の家は引き継げません(増築できるのは持ち主だけです)。",
                    "A house on the King's land cannot be taken over.")
    found = _common(s, p, h.land, pieces)
    if found:
        return found
    if not grows(h.footprint, footprint):
        return _err(S.EXTENDING, f"{footprint.replace('x', '×')}の形は今の{h.footprint.replace('x', '×')}の形を含まないので、この家を{footprint.replace('x', '×')}には広げられません(増築では今の形を残して広げるか、階を重ねます)。",
                    f"A {h.footprint} house cannot become {footprint} (an extension only adds).")
    if floors < h.floors or (footprint, floors) == (h.footprint, h.floors):
        return _err(S.EXTENDING, "増築では階数を増やすか面積を広げます(減らすことはできません)。",
                    "An extension adds floors or area.")
    if floors > 3:
        return _err(S.CONDITIONS, "建築条件3: 家の増築は3階までです。", "Condition 3: at most three floors.")
    std = FOOTPRINTS[footprint]
    if h.land != KING:
        load = land_load(s.houses, h.land, without=hid)
        if load + std > 4:
            return _err(S.CONDITIONS, f"建築条件2: 1つの土地の規格の合計は4までです(ほかの家で{load})。",
                        f"Condition 2: at most 4 standard units on a land (the others have {load}).")
    bonus = 1 if h.owner == p and std == h.standard else 0
    return _roof_error(s, p, std, bonus) or _fill_error(pieces, extension_targets(h.footprint, h.floors, footprint,
                                                                                   floors))


def _why_penthouse(s: NewtownState, p: int, a: tuple[int, tuple[int, ...]]) -> IllegalMoveError | None:
    hid, pieces = a
    h = s.house(hid)
    if h is None:
        return _err(S.PENTHOUSE, f"{hid}番の家はありません。", f"There is no house h{hid}.")
    if h.owner != p:
        return _err(S.PENTHOUSE, "ペントハウスを載せられるのは、その家の持ち主だけです。", "Only the house's owner builds a penthouse.")
    if h.footprint != "3x3":
        return _err(S.PENTHOUSE, "ペントハウスを作れるのは3×3の家だけです。", "Only a 3x3 house takes a penthouse.")
    if h.penthouse:
        return _err(S.PENTHOUSE, "この家にはもうペントハウスがあります。", "This house already has a penthouse.")
    found = _common(s, p, h.land, pieces)
    if found:
        return found
    roof = s.comp.penthouse_roof
    return (_roof_error(s, p, roof) if roof else None) or _fill_error(pieces, (area("2x2"),))


# -- the tenant round ------------------------------------------------------------------------------
def _why_tenant(s: NewtownState, p: int, a: tuple[int, int, int]) -> IllegalMoveError | None:
    c, r, hid = a
    column = s.grid[c - 1]
    if r > len(column):
        return _err(S.TENANT_PLAY, f"{c}列目には{len(column)}枚しかありません。", f"Column {c} holds {len(column)} card(s).")
    need = rulings.stones_to_reach(r, s.options.back_rows)
    if need is None:
        return _err(S.TENANT_PRIORITY, f"この遊び方では、褒美の石で取れるのは前から2枚目のカードまでです(前から{r}枚目は取れません)。",
                    f"In this game stones reach only the second card of a column, not row {r}.")
    if need > s.stones[p]:
        return _err(S.TENANT_PRIORITY, f"前から{r}枚目のカードを取るには褒美の石が{need}個必要です(持っているのは{s.stones[p]}個)。",
                    f"Row {r} needs {need} stone(s); you have {s.stones[p]}.")
    card = column[r - 1][0]
    t = s.comp.tenants[card]
    if hid == 0:
        if any(s.fits(card, h) for h in s.houses if h.owner == p and not h.tenant):
            return _err(S.TENANT_PLAY, f"「{t.name}」を受け入れられる家があるので、その家に入居させます。",
                        f"One of your houses can take tenant card {card}: put it there.")
        return _err(S.TENANT_PLAY, "住める家のないカードを取れるのは1人1回までです。",
                    "You may take a card no house accepts only once.")
    h = s.house(hid)
    if h is None:
        return _err(S.TENANT_CONDITIONS, "その家はありません。入居者を迎えるのは、自分の家です。", f"There is no house h{hid}.")
    if h.owner != p:
        return _err(S.TENANT_CONDITIONS, f"選んだ{land_name_ja(h.land)}の家は、プレイヤー{h.owner + 1}のものです。"
                    "入居者を迎えられるのは、自分の家だけです。", f"House h{hid} is player {h.owner + 1}'s, not yours.")
    if h.tenant:
        return _err(S.TENANT_CONDITIONS, "1軒につき1家族です。この家にはもう入居者がいます。",
                    "One family per house: this house has tenants.")
    base = h.base(s.comp)
    if t.people > base:
        return _err(S.TENANT_CONDITIONS, f"「{t.name}」は{t.people}人です。この家に入居できるのは{base}人(基礎点)までです。",
                    f"Tenant card {card} is {t.people} people; this house takes {base} (its base points).")
    if h.land == KING:
        return _err(S.TENANT_CONDITIONS, "王様の土地の家に住めるのは、「王子と花嫁夫妻」か「花嫁の両親」のカードだけです。",
                    "Only the royal cards move into a house on the King's land.")
    return _err(S.TENANT_CONDITIONS, f"「{t.name}」が入居したい土地は{'・'.join(t.lands)}です"
                f"(この家は{s.comp.lands[h.land]}の土地です)。",
                f"Tenant card {card} wishes to live on {' or '.join(TYPE_EN[x] for x in t.lands)} land, "
                f"not {TYPE_EN[s.comp.lands[h.land]]}.")


# -- random well-formed moves ---------------------------------------------------------------------
def random_move(s: NewtownState, rng: Any) -> Move:
    """A well-formed move in canonical form (its text reads back as itself), legal or not."""
    legal = s.legal_moves()
    if legal and rng.random() < 0.3:
        return legal[rng.randrange(len(legal))]
    p = s.current_player if s.current_player is not None else 0
    kind = rng.choice(("draft", "tree", "take", "keep", "reroll", "use", "go", "stay", "pass", "supply", "split",
                       "merge", "build", "extend", "penthouse", "help", "end", "decide", "tenant"))
    mine = list(s.materials[p])

    def pieces() -> tuple[int, ...]:
        if mine and rng.random() < 0.7:
            return tuple(sorted(rng.sample(mine, rng.randint(1, len(mine)))))
        return tuple(sorted(rng.randint(1, 6) for _ in range(rng.randint(1, 4))))

    def land() -> int:
        return rng.choice((KING, *range(3, 19)))

    if kind == "draft":
        return Move(kind, tuple(sorted(rng.sample(range(3, 19), rng.randint(1, 3)))))
    if kind == "tree":
        return Move(kind, (rng.randint(1, 6),))
    if kind == "take":
        return Move(kind, (rng.choice("rgbw"), rng.randint(1, 6)))
    if kind in ("keep", "stay", "pass", "help", "end"):
        return Move(kind)
    if kind == "reroll":
        what = rng.choice(("all", "g", "b", "w"))
        if what != "w":
            return Move(kind, (what,))
        return Move(kind, ("w", *sorted(rng.randint(0, 6) for _ in range(rng.randint(1, 3)))))
    if kind == "use":
        effect = rng.choice(("w3x2", "w2x0", "g+1", "r+1", "b+1", "swap", "get", "ret", "w0x2"))
        return Move(kind, (rng.randint(3, 18), effect))
    if kind == "go":
        return Move(kind, (land(),))
    if kind == "supply":
        return Move(kind) if rng.random() < 0.3 else Move(kind, (rng.randint(1, 6), rng.randrange(4)))
    if kind == "split":
        size = rng.randint(1, 6)
        return Move(kind, (size, rng.randint(1, max(1, size // 2))))
    if kind == "merge":
        x, y = sorted((rng.randint(1, 6), rng.randint(1, 6)))
        return Move(kind, (x, y))
    if kind == "build":
        where = s.craftsmen[p] if rng.random() < 0.6 and s.craftsmen[p] >= 0 else land()
        return Move(kind, (where, rng.choice(("2x2", "2x3", "2x4", "3x3")), rng.randint(1, 4), pieces()))
    if kind == "extend":
        hid = rng.choice([h.id for h in s.houses] or [1]) if rng.random() < 0.8 else rng.randint(1, 20)
        return Move(kind, (hid, rng.choice(("2x2", "2x3", "2x4", "3x3")), rng.randint(1, 4), pieces()))
    if kind == "penthouse":
        hid = rng.choice([h.id for h in s.houses] or [1])
        return Move(kind, (hid, pieces()))
    if kind == "decide":
        return Move(kind, (rng.choice(("extend", "stop")),))
    hid = rng.choice([0] + [h.id for h in s.houses]) if s.houses else 0
    return Move("tenant", (rng.randint(1, 4), rng.randint(1, 4), hid))
