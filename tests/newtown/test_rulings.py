"""裁定: every point the text leaves open is decided in one named place of ``rulings.py``, with its
reason, and the shared list of rule questions is answered."""

from __future__ import annotations

import inspect

from gamelib.newtown import rulings

#: shared/rule-questions.md, さいころニュータウン: question → the ruling that answers it.
QUESTIONS = {
    1: "may_take_colour", 2: "turn_material", 3: "fills", 4: "secret_choice", 5: "tenant_order_key",
    6: "fills", 7: "material_on_arrival", 8: "roof_back_on_extension", 9: "pattern_bonus", 10: "may_take_over",
    11: "king_order_number", 12: "tenant_fits", 13: "most_stones_bonus",
}


def test_every_ruling_is_named_with_its_reason() -> None:
    for name in rulings.SUMMARY:
        assert hasattr(rulings, name), name
        ja, en = rulings.SUMMARY[name]
        assert ja.endswith("。") and en
        obj = getattr(rulings, name)
        if callable(obj):
            assert len(inspect.getdoc(obj) or "") > 60, name
    assert len(rulings.SUMMARY) >= 40


def test_the_shared_rule_questions_are_all_answered() -> None:
    for number, name in QUESTIONS.items():
        assert callable(getattr(rulings, name)), number


def test_the_option_rulings_offer_the_texts_reading_first() -> None:
    assert rulings.TURN_MATERIALS[0] == "first" and rulings.ROYAL_BONUSES[0] == "add" and rulings.DEALS[0] == "random"


def test_in_the_extension_round_a_gift_goes_only_to_a_player_who_extends() -> None:
    from gamelib.newtown import rulings

    assert rulings.gift_recipients(0, (0, 2)) == [2]
    assert rulings.gift_recipients(1, (0, 1, 2, 3)) == [0, 2, 3]


def test_the_kings_land_counts_a_house_once_built_even_if_taken_over() -> None:
    from gamelib.newtown import rulings

    assert rulings.has_built_a_house(1) and rulings.has_built_a_house(3)
    assert not rulings.has_built_a_house(0)
