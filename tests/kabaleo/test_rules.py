"""Kabaleo rules by section: コンポーネント, セットアップ, プレイ (ベースに置く場合 / 山に置く場合 /
全般的なルール), ゲーム終了; rulings; notation; hidden information."""

from __future__ import annotations

from collections import Counter

import pytest

from gamelib import IllegalMoveError, NotationError
from gamelib.kabaleo import HidingPlayer, KabaleoState, Move, Pile, parse_move, rank, rulings, sections
from gamelib.players import GreedyPlayer, RandomPlayer, play_out


# -- コンポーネント / セットアップ ----------------------------------------------------------
@pytest.mark.parametrize(("players", "colours", "hand"), [(2, "OKVG", 12), (3, "OKVGB", 10), (4, "OKVGBY", 9)])
def test_setup_colours_bases_pieces_and_hands(players: int, colours: str, hand: int) -> None:
    for seed in range(5):
        s = KabaleoState.new(players, seed=seed)
        assert s.colours == colours
        assert Counter(p.base for p in s.piles) == {c: 4 for c in colours}
        assert all(p.bare for p in s.piles)
        assert [len(h) for h in s.hands] == [hand] * players
        assert Counter("".join(s.hands)) == {c: 6 for c in colours}


def test_the_layout_and_the_deal_are_random_from_the_seed() -> None:
    layouts = {tuple(p.base for p in KabaleoState.new(4, seed=s).piles) for s in range(10)}
    hands = {KabaleoState.new(4, seed=s).hands for s in range(10)}
    starts = {KabaleoState.new(4, seed=s).start_player for s in range(40)}
    assert len(layouts) == 10 and len(hands) == 10 and starts == {0, 1, 2, 3}
    assert KabaleoState.new(3, seed=4) == KabaleoState.new(3, seed=4)


@pytest.mark.parametrize(("players", "per_colour"), [(2, 3), (3, 2)])
def test_the_even_deal_gives_everyone_the_same_pieces(players: int, per_colour: int) -> None:
    s = KabaleoState.new(players, {"deal": "even"}, seed=1)
    for hand in s.hands:
        assert Counter(hand) == {c: per_colour for c in s.colours}


def test_the_even_deal_is_not_for_four_players() -> None:
    with pytest.raises(NotationError, match="2 or 3 players"):
        KabaleoState.new(4, {"deal": "even"}, seed=0)


@pytest.mark.parametrize(("players", "each"), [(2, 2), (3, 1), (4, 1)])
def test_secret_colours_one_each_or_two_with_two_players(players: int, each: int) -> None:
    s = KabaleoState.new(players, seed=3)
    assert all(len(x) == each for x in s.secrets)
    assert len(set("".join(s.secrets))) == players * each and set("".join(s.secrets)) <= set(s.colours)


# -- ベースに置く場合 ------------------------------------------------------------------------
def test_on_a_bare_base_only_another_colour() -> None:
    assert Pile.from_text("K").place("O").to_text() == "KO"
    with pytest.raises(IllegalMoveError) as info:
        Pile.from_text("K").place("K")
    assert info.value.section == sections.ON_BASE and "ピンク" in info.value.message_ja


def test_the_pile_takes_the_colour_of_its_top_piece() -> None:
    assert Pile.from_text("G").place("O").colour == "O"
    assert Pile.from_text("G").colour == "G"


# -- 山に置く場合 -----------------------------------------------------------------------------
def test_a_different_colour_covers_the_pile() -> None:
    pile = Pile.from_text("KOG").place("V")
    assert pile.to_text() == "KOGV" and pile.colour == "V" and pile.height == 4


def test_the_same_colour_removes_both_pieces_and_the_base_stays() -> None:
    assert Pile.from_text("OGK").place("K").to_text() == "OG"
    assert Pile.from_text("KO").place("O").to_text() == "K"  # back to a bare base
    assert Pile.from_text("KOK").place("K").colour == "O"


def test_removed_pieces_leave_the_game() -> None:
    s, rng = KabaleoState.new(2, seed=2), RandomPlayer(3)
    while not (removal := [m for m in s.legal_moves()
                           if not s.piles[m.pile - 1].bare and s.piles[m.pile - 1].colour == m.colour]):
        s = s.play(rng.choose(s))
    move = removal[0]
    pile, pieces = s.piles[move.pile - 1].to_text(), sum(len(h) for h in s.hands)
    after = s.play(move)
    assert after.piles[move.pile - 1].to_text() == pile[:-1]
    assert after.removed == s.removed + 2 and sum(len(h) for h in after.hands) == pieces - 1


# -- 全般的なルール ---------------------------------------------------------------------------
def test_never_the_pile_played_just_before_whoever_played_it() -> None:
    s = KabaleoState.new(3, seed=5)
    move = s.legal_moves()[0]
    s = s.play(move)
    before = s.to_json()
    candidates = [c for c in s.hands[s.turn] if not (s.piles[move.pile - 1].bare and s.piles[move.pile - 1].base == c)]
    with pytest.raises(IllegalMoveError) as info:
        s.play(Move(move.pile, candidates[0]))
    assert info.value.section == sections.GENERAL and "置かれたばかり" in info.value.message_ja
    assert s.to_json() == before
    assert all(m.pile != move.pile for m in s.legal_moves())
    # one move later that pile is open again
    s = s.play(s.legal_moves()[0])
    assert s.forbidden_pile() != move.pile


def test_only_pieces_in_hand_and_existing_piles() -> None:
    s = next(x for x in (KabaleoState.new(4, seed=n) for n in range(50))
             if set(x.colours) - set(x.hands[x.turn]))
    missing = sorted(set(s.colours) - set(s.hands[s.turn]))[0]
    with pytest.raises(IllegalMoveError, match="no .* piece in hand") as info:
        s.play(Move(1, missing))
    assert info.value.section == sections.PLAY
    s = KabaleoState.new(3, seed=6)
    with pytest.raises(IllegalMoveError, match="no pile 21"):
        s.play(Move(21, s.hands[s.turn][0]))


def test_turns_go_round_from_the_start_player() -> None:
    s = KabaleoState.new(4, seed=7)
    order = []
    for _ in range(8):
        order.append(s.current_player)
        s = s.play(s.legal_moves()[0])
    start = order[0]
    assert order == [(start + i) % 4 for i in range(8)]


def test_a_player_is_never_stuck() -> None:
    assert rulings.never_stuck(16) and rulings.never_stuck(24)
    for seed in range(30):
        s = KabaleoState.new(2 + seed % 3, seed=seed)
        while not s.is_over():
            colours = set(s.hands[s.turn])
            for colour in colours:
                assert sum(1 for m in s.legal_moves() if m.colour == colour) >= len(s.piles) - 5
            s = s.play(RandomPlayer(seed).choose(s))


# -- ゲーム終了 --------------------------------------------------------------------------------
def test_the_game_ends_when_every_piece_is_placed() -> None:
    s = play_out(KabaleoState.new(3, seed=8), [RandomPlayer(i) for i in range(3)])
    assert s.is_over() and s.hands == ("", "", "") and len(s.moves) == 30
    with pytest.raises(IllegalMoveError) as info:
        s.play(Move(1, "O"))
    assert info.value.section == sections.END


def test_final_count_bare_bases_count_for_their_colour() -> None:
    piles = [Pile.from_text(t) for t in ["KO", "V", "OV", "GKV", "O", "K"]]
    assert Counter(p.colour for p in piles) == {"O": 2, "V": 3, "K": 1}
    assert rank(piles, ["V", "O"]) == [0]


def test_tie_break_one_most_piles() -> None:
    assert rank(["V", "V", "O"], ["V", "O"]) == [0]


def test_tie_break_two_piles_topped_by_a_piece() -> None:
    # two piles each; purple's are a bare base and a covered pile, orange's both covered
    assert rank(["V", "KV", "KO", "GO"], ["V", "O"]) == [1]


def test_tie_break_three_tallest_pile_base_counts_as_one_level() -> None:
    assert Pile.from_text("KOV").height == 3
    assert rank(["KOV", "O", "GO", "V"], ["V", "O"]) == [0]  # 2 piles, 1 covered each; 3 levels beat 2


def test_a_full_tie_is_shared() -> None:
    assert rank(["KV", "GO"], ["V", "O"]) == [0, 1]


def test_two_player_scoring_sum_or_best() -> None:
    piles = ["O", "O", "O", "K", "V", "V", "G", "G"]
    secrets = ["OK", "VG"]  # sum: 4 against 4; best: 3 against 2
    assert rulings.player_count_key([Pile.from_text(p) for p in piles], "OK", "sum")[0] == 4
    assert rank(piles, secrets, "best") == [0]
    s = KabaleoState.new(2, {"two_player_scoring": "best"}, seed=1)
    assert s.options.two_player_scoring == "best"


def test_scores_and_winners_of_finished_games() -> None:
    for seed in range(20):
        s = play_out(KabaleoState.new(4, seed=seed), [RandomPlayer(seed + i) for i in range(4)])
        counts = Counter(p.colour for p in s.piles)
        assert s.scores() == [counts.get(x, 0) for x in s.secrets]
        assert s.winners() == rank(s.piles, s.secrets)


def test_the_hiding_player_beats_random_players_clearly() -> None:
    wins = 0.0
    for seed in range(60):
        s = play_out(KabaleoState.new(3, seed=seed), [HidingPlayer(seed), RandomPlayer(seed + 1), RandomPlayer(seed + 2)])
        wins += (0 in s.winners()) / len(s.winners())
    assert wins / 60 > 0.6  # a random player wins about a third


def test_the_hiding_player_gives_its_colour_away_less_often_than_the_greedy_one() -> None:
    from gamelib.kabaleo.players import spectator_guess

    found = {HidingPlayer: 0, GreedyPlayer: 0}
    for kind in found:
        for seed in range(60):
            end = play_out(KabaleoState.new(3, seed=seed), [kind(seed), RandomPlayer(seed + 1), RandomPlayer(seed + 2)])
            found[kind] += spectator_guess(end, 0) in end.secrets[0]
    assert found[HidingPlayer] < found[GreedyPlayer] * 0.75


# -- hidden information, notation -------------------------------------------------------------
def test_secret_colours_are_hidden_from_the_others_until_the_end() -> None:
    s = KabaleoState.new(3, seed=9)
    view = s.view(1)
    assert view["secrets"][1] == s.secrets[1] and view["secrets"][0] is None and view["secrets"][2] is None
    assert view["hands"] == list(s.hands)  # hands are public
    assert "scores" not in view and all(x is None for x in s.view(None)["secrets"])
    end = play_out(s, [GreedyPlayer(i) for i in range(3)])
    assert end.view(0)["secrets"] == list(end.secrets)


@pytest.mark.parametrize("text", ["KK", "KOO", "", "KX", "k"])
def test_bad_pile_text(text: str) -> None:
    with pytest.raises(ValueError):
        Pile.from_text(text)


@pytest.mark.parametrize("text", ["O7", "O@", "@7", "X@3", "O@0", "OO@3", "place O 7"])
def test_bad_move_text(text: str) -> None:
    with pytest.raises(NotationError):
        parse_move(text)


def test_move_text_round_trip_and_board_text() -> None:
    s = KabaleoState.new(2, seed=1)
    for m in s.legal_moves():
        assert parse_move(m.text()) == m
    lines = s.to_text().splitlines()
    assert len(lines) == 4 and all(len(line.split()) == 4 for line in lines)
    assert [len(line.split()) for line in KabaleoState.new(4, seed=1).to_text().splitlines()] == [6] * 4


# -- real positions (gamelib.positions) -------------------------------------------------------
def test_the_old_end_example_with_three_orange_and_three_pink_pieces_is_impossible() -> None:
    from gamelib import positions

    old = "V KV OV GKV V OGV O KO GO VGO K GK OK G KG VG"
    positions.check("kabaleo.piles", old)  # each pile alone is fine...
    with pytest.raises(NotationError, match="3 orange pieces on a finished table"):
        positions.check("kabaleo.end", old)  # ...but no game ends like this


@pytest.mark.parametrize("players", [2, 3, 4])
def test_real_ends_reached_by_moves_pass_the_end_check(players: int) -> None:
    from gamelib import load_game, positions
    from gamelib.kabaleo import random_game

    for seed in range(15):
        end = random_game(players, seed)
        assert end.is_over() and len(end.moves) == 6 * (players + 2)
        piles = positions.check("kabaleo.end", end.to_text())
        assert piles == list(end.piles)
        assert load_game(end.to_json()) == end  # the saved game replays its moves


@pytest.mark.parametrize(("text", "message"), [
    ("KK", "pink piece cannot lie on a bare pink base"),
    ("KOOV", "two orange pieces cannot lie on each other"),
    ("K K K K K", "5 pink bases"),
    ("OV OV OV OV KV KV KV", "7 purple pieces"),
    ("KX", "not a colour"),
    ("", "no piles"),
])
def test_impossible_fragments_fail_the_piles_check(text: str, message: str) -> None:
    from gamelib import positions

    with pytest.raises(ValueError, match=message):
        positions.check("kabaleo.piles", text)


def test_impossible_end_tables_fail_the_end_check() -> None:
    from gamelib import positions

    bare = "O O O O K K K K V V V V G G G G"  # every piece removed in pairs: a possible end
    assert len(positions.check("kabaleo.end", bare)) == 16
    cases = {
        "O O O O K K K K V V V V G G G": "15 piles",
        "O O O B K K K K V V V V G G G G": "4 bases of each of 4 colours",
        "OB OB O O K K K K V V V V G G G G": "blue pieces on the table, but no blue bases",
        "OK OK OK O K K K K V V V V G G G G": "3 pink pieces on a finished table",
        "OKVKVK O O O K K K K V V V V G G G G": "3 pink pieces on a finished table",
        "OKV O O O K K K K V V V V G G G G": "1 pink piece on a finished table",
    }
    for text, message in cases.items():
        with pytest.raises(NotationError, match=message):
            positions.check("kabaleo.end", text)


def test_find_game_searches_seeded_games_for_an_end() -> None:
    from gamelib.kabaleo import find_game, random_game

    shared = find_game(2, lambda s: s.decided_by() is None, range(400))
    assert shared.winners() == [0, 1] and shared == random_game(2, shared.seed)
    with pytest.raises(NotationError, match="no seed"):
        find_game(2, lambda s: False, range(3))


def test_decided_by_names_the_comparison_that_decided() -> None:
    from gamelib.kabaleo import random_game

    assert random_game(2, 674).decided_by() == 1
    assert random_game(2, 4).decided_by() == 2
    assert random_game(2, 0).decided_by() == 3
    assert random_game(2, 225).decided_by() is None
    with pytest.raises(NotationError, match="not over"):
        KabaleoState.new(2, seed=0).decided_by()


def test_the_books_end_example_has_the_counts_of_the_source_text() -> None:
    """The text's example: purple 6 and orange 4 piles, purple's player wins (ours reached by moves)."""
    from gamelib.kabaleo import random_game

    end = random_game(2, 674)
    assert end.colour_counts() == {"O": 4, "K": 3, "V": 6, "G": 3}
    purple = next(p for p, s in enumerate(end.secrets) if "V" in s)
    assert "O" not in end.secrets[purple] and end.winners() == [purple]
    assert rank(end.piles, end.secrets, "best") == [purple]


def test_piles_in_japanese_words() -> None:
    assert Pile.from_text("KOV").words() == "ピンクのベースにオレンジ、その上に紫"
    assert Pile.from_text("G").words() == "緑のベース"


def test_error_messages_name_the_pile_range_in_japanese_and_english() -> None:
    s = KabaleoState.new(2, seed=0)
    error = s.check(Move(17, s.hands[s.turn][0]))
    assert error is not None and "1から16まで" in error.message_ja and "1 to 16" in error.message_en


def test_a_pile_bared_by_a_removal_is_the_pile_just_played_then_a_bare_base_again() -> None:
    start = KabaleoState.new(2, seed=3)
    assert start.piles[3] == Pile.from_text("O")
    state = start.play(Move(4, "K"))
    state = state.play(next(m for m in state.legal_moves() if m.pile != 4))
    state = state.play(Move(4, "K"))
    assert state.piles[3] == Pile.from_text("O") and state.forbidden_pile() == 4
    assert all(m.pile != 4 for m in state.legal_moves())
    error = state.check(Move(4, "O"))
    assert error is not None and error.section == sections.GENERAL
    later = state.play(next(m for m in state.legal_moves() if m.pile != 4))
    error = later.check(Move(4, "O"))
    assert error is not None and error.section == sections.ON_BASE
    assert "an orange piece" in error.message_en and error.message_ja.startswith("山4は")  # (the pile named)
    assert later.check(Move(4, "K")) is None
