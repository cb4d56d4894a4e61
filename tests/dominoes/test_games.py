"""The four games, rule by rule: ドミノメガ, ドミナップ (+ミゼール), ドミニマム, ザ・ツリー."""

from __future__ import annotations

from collections import Counter

import pytest

from gamelib import IllegalMoveError, NotationError
from gamelib.dominoes import (DominimumState, DominomegaState, DominupState, Pass, Place, Stacks, TreeState,
                              dominimum, dominomega, sections)
from gamelib.players import RandomPlayer, play_out


def _with(state, **fields):
    """A position for a rule test: the given state with some fields replaced."""
    s = state._copy()
    for k, v in fields.items():
        setattr(s, k, v)
    return s


# -- ドミノメガ -----------------------------------------------------------------------------
def test_dominomega_score_is_the_product_of_group_sizes() -> None:
    text = "1 3 . 1\n. 2 . 5"  # dot groups: {1, 3} and {1, 5} -> 2 * 2
    assert dominomega.score(text, 1) == 4
    assert dominomega.score(text, 2) == 2  # 3 and 2 joined
    assert dominomega.score(text, 4) == 1
    with pytest.raises(NotationError):
        dominomega.score(text, 3)


def test_dominomega_order_one_hidden_tile_draw_after_placing() -> None:
    s = DominomegaState.new(3, seed=4)
    assert s.symbols == (1, 2, 4) and s.current_player == 0
    assert [len(h) for h in s.hands] == [1, 1, 1] and len(s.supply) == 33
    view = s.view(1)
    assert view["hands"][1] == [list(s.hands[1][0])] and view["hands"][0] == 1 and view["supply"] == 33
    order = []
    for _ in range(6):
        order.append(s.current_player)
        s = s.play(s.legal_moves()[0])
        assert all(len(h) == 1 for h in s.hands)
    assert order == [0, 1, 2, 0, 1, 2]


def test_dominomega_placement_must_touch_and_use_your_tile() -> None:
    s = DominomegaState.new(3, seed=4)
    s = s.play(s.legal_moves()[0])
    tile = s.hands[s.turn][0]
    with pytest.raises(IllegalMoveError, match="touch") as info:
        s.play(Place.make(tile[0], tile[1], (5, 5), (5, 6)))
    assert info.value.section == sections.DOMINOMEGA_PLAY
    other = next(t for t in [(0, 0), (1, 1)] if t != tile)
    with pytest.raises(IllegalMoveError, match="only tile"):
        s.play(Place.make(other[0], other[1], (1, 0), (1, 1)))


def test_a_covered_second_half_is_named_not_the_clicked_first() -> None:
    """One half on an empty square (the one a person clicked), the other on a tile: the reason
    names the covered half by its number (it said 「そのマスにはすでにタイルがあります」 of the empty
    square just clicked)."""
    s = DominomegaState.new(3, seed=4)
    s = s.play(s.legal_moves()[0])
    (r, c), _ = sorted(s.table.values.items())[0]
    tile = s.hands[s.turn][0]
    near = [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
    free = next(cell for cell in near if cell not in s.table.values)
    for half, other in ((tile[1], tile[0]), (tile[0], tile[1])):  # (the covered square gets each number)
        with pytest.raises(IllegalMoveError) as info:
            s.play(Place.make(other, half, free, (r, c)))
        assert info.value.message_ja.startswith(f"タイルの{half}の側を置くマスには、すでにタイルがあります")
        assert info.value.section == sections.DOMINOMEGA_PLAY


def test_dominomega_whole_game_and_two_player_variant() -> None:
    end = play_out(DominomegaState.new(3, seed=1), [RandomPlayer(i) for i in range(3)])
    assert len(end.table.values) == 72 and len(end.moves) == 36
    table = end.table
    for p, sym in enumerate((1, 2, 4)):
        groups = table.groups(lambda v, sym=sym: bool(v & sym))
        assert sum(len(g) for g in groups) == 36
        assert end.scores()[p] == __import__("math").prod(len(g) for g in groups)
    two = DominomegaState.new(2, seed=1)
    assert two.symbols == (1, 4)  # no small circle
    with pytest.raises(NotationError):
        DominomegaState.new(4)


def _random_game(options: dict[str, str], players: int, seed: int) -> DominomegaState:
    import random
    rng, s = random.Random(seed), DominomegaState.new(players, options, seed=seed)
    while not s.is_over():
        s = s.play(rng.choice(s.legal_moves()))
    return s


@pytest.mark.parametrize("players", [2, 3])
def test_dominomega_tied_highest_scores_share_or_go_to_the_last_of_them(players: int) -> None:
    """The ruling's two readings on one tied game (seed 7 ties the dot and the large circle at
    3,888 with two players and with three): shared by default; the last tied seat in turn order
    with ``ties="last"`` (OMEGA's rule), which a save keeps."""
    shared, last = _random_game({}, players, 7), _random_game({"ties": "last"}, players, 7)
    assert shared.moves == last.moves and shared.scores() == last.scores()
    top = max(shared.scores())
    assert [p for p, x in enumerate(shared.scores()) if x == top] == [0, players - 1]
    assert shared.winners() == [0, players - 1] and last.winners() == [players - 1]
    assert DominomegaState.from_json(last.to_json()).winners() == [players - 1]
    with pytest.raises(NotationError) as refused:
        DominomegaState.new(3, {"ties": "first"})
    assert "「同点のとき」" in refused.value.message_ja and "ties" not in refused.value.message_ja
    assert "勝ちを分け合う・手番が最後の人の勝ち" in refused.value.message_ja


# -- ドミナップ -------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "deal"), [(2, 18), (3, 12), (4, 9)])
def test_dominup_equal_deal_and_the_double_seven_opens(players: int, deal: int) -> None:
    s = DominupState.new(players, seed=players)
    assert [len(h) for h in s.hands] == [deal] * players
    assert (7, 7) in s.hands[s.turn] and [str(m) for m in s.legal_moves()] == ["7-7 0,0 0,1"]
    opener = s.turn
    s = s.play("7-7 0,0 0,1")
    assert s.current_player == (opener + 1) % players  # the opening is the opener's turn


def _dominup_position(hand, stacks: Stacks, others=((1, 1),)) -> DominupState:
    s = DominupState.new(2, seed=0)
    return _with(s, stacks=stacks, hands=(tuple(sorted(hand)), tuple(others)), turn=0)


def test_dominup_climb_is_compulsory_and_repeated() -> None:
    table = Stacks().put(Place.make(7, 7, (0, 0), (0, 1))).put(Place.make(5, 7, (0, 2), (0, 3)))
    s = _dominup_position([(5, 7), (7, 7), (0, 1)], table)
    assert s.phase == "climb"
    climb = Place.make(7, 5, (0, 1), (0, 2))
    assert climb in s.legal_moves()
    with pytest.raises(IllegalMoveError, match="may not expand") as info:
        s.play(Place.make(0, 1, (1, 0), (2, 0)))
    assert info.value.section == sections.DOMINUP_PLAY
    after = s.play(climb)
    assert after.current_player == 0  # the same player goes on
    assert after.stacks.top((0, 1)) == (1, 7, 2)


def test_dominup_climb_needs_matching_numbers_one_level_and_two_tiles() -> None:
    one_tile = Stacks().put(Place.make(3, 4, (0, 0), (0, 1)))
    assert one_tile.climbs([(3, 4)]) == []  # both halves of one tile: not a climb
    two = one_tile.put(Place.make(4, 6, (0, 2), (0, 3)))
    assert two.climbs([(4, 4)]) == [Place.make(4, 4, (0, 1), (0, 2))]
    assert two.climbs([(3, 6)]) == []  # numbers below are 4 and 4


def test_dominup_tiles_climb_onto_tiles_that_climbed() -> None:
    s = Stacks()
    for move in [Place.make(1, 2, (0, 0), (0, 1)), Place.make(3, 4, (0, 2), (0, 3)), Place.make(5, 6, (0, 4), (0, 5))]:
        s = s.put(move)
    s = s.put(Place.make(2, 3, (0, 1), (0, 2)))  # level 1
    s = s.put(Place.make(4, 5, (0, 3), (0, 4)))  # level 1
    assert s.climbs([(3, 4)]) == [Place.make(3, 4, (0, 2), (0, 3))]  # onto the two level-1 tiles
    s = s.put(Place.make(3, 4, (0, 2), (0, 3)))
    assert s.top((0, 2))[0] == 2


def test_dominup_then_one_expansion_on_the_table() -> None:
    table = Stacks().put(Place.make(7, 7, (0, 0), (0, 1)))
    s = _dominup_position([(0, 1), (2, 3)], table)
    assert s.phase == "expand"
    move = Place.make(0, 1, (1, 0), (1, 1))
    after = s.play(move)
    assert after.current_player == 1
    with pytest.raises(IllegalMoveError) as info:
        s.play(Place.make(0, 1, (4, 4), (4, 5)))
    assert info.value.section == sections.DOMINUP_PLACEMENT


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dominup_a_player_holding_a_tile_always_has_a_move_and_never_passes(players: int) -> None:
    """Ruling ``dominup_never_passes``: the table has no edge, so whoever holds a tile can always
    expand; no position of a whole game, with play-on to the last player, offers a pass or none."""
    for seed in range(3):
        s = DominupState.new(players, {"play_on": True}, seed=seed)
        bots = [RandomPlayer(seed * 10 + i) for i in range(players)]
        while not s.is_over():
            moves = s.legal_moves()
            assert s.hands[s.current_player] and moves and all(isinstance(m, Place) for m in moves)
            s = s.play(bots[s.current_player].choose(s))
        with pytest.raises(IllegalMoveError) as info:  # (and a pass is refused, by the ruling's section)
            DominupState.new(players, seed=seed).play(Pass())
        assert info.value.section == sections.DOMINUP_PLAY


def test_dominup_first_out_wins_and_misere_loses() -> None:
    for misere in (False, True):
        end = play_out(DominupState.new(3, {"misere": misere}, seed=2), [RandomPlayer(i) for i in range(3)])
        assert end.out is not None and not end.hands[end.out]
        assert end.winners() == ([p for p in range(3) if p != end.out] if misere else [end.out])


# -- ドミニマム ------------------------------------------------------------------------------
def test_dominimum_text_example_mission_one_four_scores_twenty() -> None:
    text = """
    1 1 1 1 .
    4 4 4 4 4
    """
    assert dominimum.score(text, (1, 4)) == 4 * 5 == 20
    with pytest.raises(NotationError):
        dominimum.score(text, (4, 4))


def test_dominimum_missions_are_not_doubles_and_leave_the_supply() -> None:
    for seed in range(30):
        s = DominimumState.new(4, seed=seed)
        assert all(a != b for a, b in s.missions)
        everything = list(s.missions) + [t for h in s.hands for t in h] + list(s.supply)
        assert sorted(everything) == sorted(__import__("gamelib").dominoes.TILES)
        assert s.view(0)["missions"][1] is None and s.view(0)["missions"][0] == list(s.missions[0])


def test_dominimum_lowest_wins_ties_to_the_earliest_last_tile() -> None:
    end = play_out(DominimumState.new(3, seed=3), [RandomPlayer(i) for i in range(3)])
    assert len(end.moves) == 36 - 3
    scores = end.scores()
    low = [p for p, sc in enumerate(scores) if sc == min(scores)]
    assert end.winners() == [min(low, key=lambda p: end.last_placed[p])]
    # everyone with the same mission: all tie, so whoever placed their last tile first wins
    tied = _with(end, missions=((0, 1), (0, 1), (0, 1)))
    assert len(set(tied.scores())) == 1
    assert tied.winners() == [min(range(3), key=lambda p: end.last_placed[p])]


def test_dominimum_first_seat_opens_and_draws_after_the_opening() -> None:
    from gamelib.dominoes import rulings

    game = DominimumState.new(3, seed=7)
    assert game.current_player == rulings.dominimum_first_player(3) == 0
    tile = game.hands[0][0]
    after = game.play(Place.make(tile[0], tile[1], (0, 0), (0, 1)))
    assert len(after.hands[0]) == 1 and after.hands[0][0] == game.supply[0]
    assert len(after.supply) == len(game.supply) - 1 and after.current_player == 1


def test_dominimum_groups_count_every_connected_cell_whatever_the_shape() -> None:
    from gamelib.dominoes import Table

    bent = """
3 3 . .
. 3 . .
. 3 3 3"""
    assert dominimum.largest_group(Table.from_text(bent), 3) == 6


def test_dominimum_greedy_aims_low_and_beats_random() -> None:
    from gamelib.players import GreedyPlayer

    wins = 0.0
    for seed in range(30):
        end = play_out(DominimumState.new(3, seed=seed), [GreedyPlayer(seed), RandomPlayer(seed + 1), RandomPlayer(seed + 2)])
        wins += 0 in end.winners()
    assert wins / 30 > 0.5  # a random player wins about a third


# -- ザ・ツリー --------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "sizes"), [(1, [9]), (2, [9, 9]), (3, [9, 9, 9]), (4, [9, 9, 9, 8])])
def test_tree_setup(players: int, sizes: list[int]) -> None:
    s = TreeState.new(players, seed=1)
    assert [len(h) for h in s.hands] == sizes and s.cells == {(0, 0): 0, (0, 1): 0}
    assert len(s.supply) == 35 - sum(sizes)


def _tree(cells: dict, hand) -> TreeState:
    return _with(TreeState.new(1, seed=0), cells=dict(cells), hands=(tuple(sorted(hand)),), turn=0, supply=())


def test_tree_legal_placement_a_dot_added_to_the_blank() -> None:
    s = _tree({(0, 0): 0, (0, 1): 0}, [(1, 3), (5, 6)])
    ok = Place.make(1, 3, (1, 1), (1, 2))  # the 1 sits on the blank's right half
    assert ok in s.legal_moves()
    assert Place.make(3, 1, (1, 1), (1, 2)) not in s.legal_moves()  # 3 is 0 plus two rings
    with pytest.raises(IllegalMoveError) as info:
        s.play(Place.make(5, 6, (1, 1), (1, 2)))
    assert info.value.section == sections.TREE_PLACEMENT


def test_tree_brick_rows_only() -> None:
    s = _tree({(0, 0): 0, (0, 1): 0}, [(1, 2)])
    with pytest.raises(IllegalMoveError, match="bricks"):
        s.play(Place.make(1, 2, (1, 0), (1, 1)))  # straight on top of the root
    with pytest.raises(IllegalMoveError, match="flat"):
        s.play(Place.make(1, 2, (1, 1), (2, 1)))


def test_tree_solo_fails_at_the_first_pass_with_the_supply_empty() -> None:
    stuck = _tree({(0, 0): 0, (0, 1): 0}, [(7, 7)])  # nothing goes on a blank but a one-ring number
    assert stuck.legal_moves() == [Pass()]
    end = stuck.play(Pass())
    assert end.is_over() and end.winners() == []
    fits = _tree({(0, 0): 0, (0, 1): 0}, [(1, 3)])
    done = fits.play(Place.make(1, 3, (1, 1), (1, 2)))
    assert done.is_over() and done.winners() == [0]


def _two_player_tree(cells: dict, hand) -> TreeState:
    return _with(_tree(cells, hand), players=2, hands=(tuple(sorted(hand)), ((5, 5),)), placed_by=(0, 0))


def test_tree_on_two_tiles_earns_an_extra_turn() -> None:
    # row 1: 3-1 over the root's left half, 2-6 over its right half
    s = _two_player_tree({(0, 0): 0, (0, 1): 0, (1, -1): 3, (1, 0): 1, (1, 1): 2, (1, 2): 6}, [(3, 3), (0, 4)])
    move = Place.make(3, 3, (2, 0), (2, 1))  # on the 1 (1 -> 3) and on the 2 (2 -> 3)
    assert s.check_place(move) == (None, True)
    after = s.play(move)
    assert after.current_player == 0 and after.extra


def test_tree_insertion_under_a_tile_earns_an_extra_turn() -> None:
    s = _two_player_tree({(0, 0): 0, (0, 1): 0, (2, 0): 4, (2, 1): 3}, [(1, 7), (6, 6)])
    move = Place.make(1, 7, (1, 1), (1, 2))  # the 1 on the blank (0 -> 1) and under the 3 (1 -> 3)
    assert s.check_place(move) == (None, True)
    assert s.play(move).current_player == 0
    blocked = _two_player_tree({(0, 0): 0, (0, 1): 0, (2, 1): 7}, [(1, 5)])
    error, _ = blocked.check_place(Place.make(1, 5, (1, 1), (1, 2)))
    assert error is not None and "上の7" in error.message_ja  # 1 -> 7 adds two rings


def test_tree_stuck_players_draw_and_pass_and_nobody_wins_when_all_pass() -> None:
    s = _with(_tree({(0, 0): 0, (0, 1): 0}, [(7, 7)]), supply=((5, 6),))
    assert s.legal_moves() == [Pass()]
    after = s.play("pass")
    assert (5, 6) in after.hands[0] and not after.over
    stuck = _with(after, supply=())
    end = stuck.play("pass")
    assert end.over and end.winners() == []
    with pytest.raises(IllegalMoveError, match="may not pass"):
        _tree({(0, 0): 0, (0, 1): 0}, [(1, 1)]).play("pass")


def test_tree_out_of_tiles_wins() -> None:
    s = _tree({(0, 0): 0, (0, 1): 0}, [(1, 2)])
    end = s.play(Place.make(1, 2, (1, 1), (1, 2)))
    assert end.over and end.winners() == [0]


def test_tree_random_games_end() -> None:
    endings = Counter()
    for seed in range(20):
        end = play_out(TreeState.new(2, seed=seed), [RandomPlayer(seed), RandomPlayer(seed + 1)])
        endings["win" if end.winners() else "none"] += 1
        assert end.over
    assert endings["win"] + endings["none"] == 20


def test_dominimum_a_double_drawn_for_a_mission_goes_back_and_the_same_player_draws_again() -> None:
    from gamelib.dominoes.dominimum import draw_missions

    missions, rest, draws = draw_missions([(0, 0), (2, 6), (1, 7), (3, 3), (3, 4), (5, 5)], 3)
    assert missions == [(2, 6), (1, 7), (3, 4)]
    assert [(p, kept) for p, _, kept in draws] == [(0, False), (0, True), (1, True), (2, False), (2, True)]
    assert rest == [(5, 5), (0, 0), (3, 3)]  # the doubles went back under the supply
    with pytest.raises(ValueError, match="not enough"):
        draw_missions([(1, 1), (2, 2), (1, 2)], 2)


def test_dominimum_the_supply_is_shuffled_again_once_the_missions_are_drawn() -> None:
    """The ruling (rulings.dominimum_shuffle_once_missions_are_drawn): a double put back for a
    mission does not stay at the bottom of the supply, where everyone would know it lay."""
    from gamelib.dominoes.dominimum import draw_missions
    from gamelib.dominoes.tiles import TILES
    from gamelib.core import seeded_rng

    returned = at_bottom = 0
    for seed in range(60):
        order = list(TILES)
        seeded_rng(seed, "supply").shuffle(order)
        missions, rest, draws = draw_missions(order, 3)
        s = DominimumState.new(3, seed=seed)
        assert s.missions == tuple(missions)
        dealt = [h[0] for h in s.hands] + list(s.supply)
        assert sorted(dealt) == sorted(rest)  # the same tiles, every double put back among them
        for _, tile, kept in draws:
            if not kept:
                returned += 1
                at_bottom += s.supply[-1] == tile or tile in [h[0] for h in s.hands] and not s.supply
    assert returned >= 10 and at_bottom <= returned // 3


def test_hands_are_seen_only_by_their_owner_until_the_end() -> None:
    s = TreeState.new(3, seed=4)
    seen = s.view(1)["hands"]
    assert isinstance(seen[1], list) and seen[0] == len(s.hands[0]) and seen[2] == len(s.hands[2])


def test_dominup_says_why_a_tile_that_cannot_climb_is_idle_while_another_can() -> None:
    """While a tile of the hand can climb, one that cannot has no placement at all (climbing
    comes first): gamelib says so for the board, naming the tile; with no climb to make, or in
    another game, it has nothing more to say than that the tile fits nowhere."""
    from gamelib import seeded_rng

    said = quiet = 0
    for seed in range(10):
        state = DominupState.new(2, seed=seed)
        rng = seeded_rng(seed, "idle")
        while not state.is_over():
            placeable = {m.tile for m in state.legal_moves() if isinstance(m, Place)}
            for tile in set(state.hands[state.turn]) - placeable:
                words = state.idle_tile_words(tile)
                if state.phase == "climb":
                    said += 1
                    assert words == (f"{tile[0]}-{tile[1]}は重ね置きできません。手元に重ね置きできるタイルがあるうちは"
                                     "拡張できない(重ね置きが先)ので、今は置けません。")
                    assert state.idle_tile_words(tile, "7-6").startswith("7-6は")
                else:
                    quiet += 1
                    assert words is None
            state = state.play(rng.choice(state.legal_moves()))
    assert said >= 10 and quiet >= 10
    tree = TreeState.new(2, seed=1)
    assert all(tree.idle_tile_words(tile) is None for tile in tree.hands[0])


def test_a_climb_half_on_the_table_is_told_as_a_climb() -> None:
    """While a tile can climb, a tile laid half on a tile and half on the table was refused with
    「…拡張できません。重ね置きが先です。」: the tester was climbing, not expanding. The reason
    says what a climb needs."""
    seen = 0
    for seed in range(30):
        state = DominupState.new(players=3, seed=seed)
        rng = __import__("random").Random(seed)
        while not state.is_over() and seen < 3:
            if state.phase == "climb":
                tile = next(m.tile for m in state.legal_moves() if isinstance(m, Place))
                for cell in list(state.stacks.cells):
                    beside = (cell[0], cell[1] + 1)
                    if beside in state.stacks.cells:
                        continue
                    move = Place.make(tile[0], tile[1], cell, beside)
                    with pytest.raises(IllegalMoveError) as info:
                        state.play(move)
                    assert "2マスとも置いてあるタイルの上" in info.value.message_ja, info.value.message_ja
                    assert "拡張できません" not in info.value.message_ja
                    seen += 1
                    break
            state = state.play(rng.choice(state.legal_moves()))
        if seen >= 3:
            break
    assert seen >= 3


def test_tree_a_tree_that_cannot_grow_is_told_and_only_passes_follow() -> None:
    """``TreeState.can_grow``: once no tile outside the tree has a place on it, every later
    position offers only the pass, to the end; while it can grow, it is because some tile has a
    place (checked on the tiles in the hands and the supply, which the engine knows)."""
    from gamelib.dominoes.tiles import PASS

    stuck = grew = 0
    for seed in range(30):
        s = TreeState.new(2, seed=seed)
        bots = [RandomPlayer(seed), RandomPlayer(seed + 100)]
        blocked = False
        while not s.is_over():
            if not s.can_grow():
                blocked = True
            outside = {t for hand in s.hands for t in hand} | set(s.supply)
            assert s.can_grow() == any(s.placements(t) for t in outside)
            if blocked:
                assert s.legal_moves() == [PASS]
            grew += s.can_grow()
            s = s.play(bots[s.current_player].choose(s))
        stuck += blocked
    assert stuck >= 5 and grew >= 100
