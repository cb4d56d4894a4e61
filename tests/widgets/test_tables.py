"""Tables as a reader reads them."""

from __future__ import annotations

from widgets.tables import Table, board_table


def test_negative_numbers_carry_a_true_minus_sign_and_stay_numbers() -> None:
    table = Table(["色", "点"], [["赤", 12], ["青", -5], ["黄", -1.5]])
    html = table._repr_html_()
    assert '<td class="num">−5</td>' in html and '<td class="num">−1.5</td>' in html
    assert ">-5<" not in html and "−5" in repr(table)
    assert "text-align:right" in board_table(["色", "点"], [["青", -5]]).split("−5")[0].rsplit("<td", 1)[1]
