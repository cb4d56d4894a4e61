"""Tables as a reader reads them."""

from __future__ import annotations

from widgets.tables import Table, board_table


def test_negative_numbers_carry_a_true_minus_sign_and_stay_numbers() -> None:
    table = Table(["色", "点"], [["赤", 12], ["青", -5], ["黄", -1.5]])
    html = table._repr_html_()
    assert '<td class="num">−5</td>' in html and '<td class="num">−1.5</td>' in html
    assert ">-5<" not in html and "−5" in repr(table)
    assert "text-align:right" in board_table(["色", "点"], [["青", -5]]).split("−5")[0].rsplit("<td", 1)[1]


def test_short_names_and_names_with_a_number_stay_on_one_line() -> None:
    """A column of short words is kept whole (「プレイ/ヤー3」 in a narrow column), and in a cell
    of longer text a name ending in a number is not parted from it (「プレイヤー/3に渡す」)."""
    table = Table(["人", "手", "点"], [["プレイヤー3", "1行3列の赤の3をプレイヤー1に渡す", 3],
                                      ["プレイヤー1", "パス", 0]])
    html = table._repr_html_()
    assert '<td class="word"><span class="w">プレイヤー3</span></td>' in html
    assert '<td>1行3列の赤の3を<span class="w">プレイヤー1</span>に渡す</td>' in html
    # a column with one long cell may wrap; the numbers stay numbers
    assert '<td class="num">3</td>' in html and '<td>パス</td>' in html
    assert repr(table).count("プレイヤー3") == 1 and "span" not in repr(table)
    # a number with its counter stays with the counter, not with the word before it
    counted = Table(["人", "手元"], [["点の人", "伏せたタイル1枚"], ["大円の人", "タイル12枚とプレイヤー2の3点"]])._repr_html_()
    assert '<td>伏せたタイル<span class="w">1枚</span></td>' in counted
    assert ('<td>タイル<span class="w">12枚</span>と<span class="w">プレイヤー2</span>の'
            '<span class="w">3点</span></td>') in counted
