"""Questions whose unit words pick the column: "percent" / "percentage" / "%" are one word, and a difference asked
of percentages is taken between the percentage columns. Each test builds its table as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table
from tablerag.qa.link import tokens

REGIONS = [
    ["", "Fiscal Year 2021", "Fiscal Year 2021", "Fiscal Year 2020", "Fiscal Year 2020"],
    ["", "Revenue", "% of Total", "Revenue", "% of Total"],
    ["Europe", "$512,300", "41.5%", "$401,200", "37.2%"],
    ["Asia", "402,100", "32.6%", "388,900", "36.1%"],
    ["Americas", "319,800", "25.9%", "287,400", "26.7%"],
    ["Total", "$1,234,200", "", "$1,077,500", ""],
]


def test_percent_words_are_one_link_word():
    assert tokens("% of Total")[0] == tokens("percentage of total")[0] == tokens("per cent")[0]
    assert "percent" in tokens("Change (%)") and "percent" in tokens("增加了百分之多少")


def test_a_change_in_the_percent_of_total_is_taken_between_the_percent_columns(tmp_path):
    table = table_from_rows(REGIONS, tmp_path, "regions")
    answer = answer_table(
        table, "What was the change in the percent of total revenue from Europe between 2020 and 2021?"
    )
    assert answer is not None and answer.value is not None and float(answer.value) == 4.3
    answer = answer_table(table, "What was the change in the percentage of revenue from Asia between 2020 and 2021?")
    assert answer is not None and answer.value is not None and float(answer.value) == -3.5
    # the amounts are still what a change names without a percentage
    answer = answer_table(table, "What was the change in revenue from Europe between 2020 and 2021?")
    assert answer is not None and answer.value is not None and float(answer.value) == 111100


CASH = [
    ["", "本期", "上年同期", "增减比例%"],
    ["经营活动产生的现金流量净额", "42,152,471.97", "40,185,148.14", "4.90%"],
    ["应收账款周转率", "21.93", "22.60", "-"],
]
SALES = [
    ["", "2021", "2020", "% Change"],
    ["Net sales", "1,250", "1,000", "25.0%"],
    ["Gross profit", "500", "480", "4.2%"],
]


def test_a_percent_change_asked_in_other_words_reads_the_stated_change(tmp_path):
    table = table_from_rows(CASH, tmp_path, "cash")
    for question in (
        "本期经营活动产生的现金流量净额和上年同期相比，增减比例是多少？",
        "本期经营活动产生的现金流量净额与上年同期相比，增加了百分之多少？",
    ):
        answer = answer_table(table, question)
        assert answer is not None and answer.value == "4.90%", question
    table = table_from_rows(SALES, tmp_path, "sales")
    answer = answer_table(table, "By what percentage did net sales increase from 2020 to 2021?")
    assert answer is not None and answer.value == "25.0%"


CROPS = [
    ["Vegetable crop", "Farms 2011", "Farms 2016", "Change (percent)"],
    ["Chinese vegetables", "83", "98", "18.1"],
    ["Garlic", "1,315", "2,251", "71.2"],
    ["Kale", "82", "265", "223.2"],
]
CASH_FLOW = [
    ["", "2021", "2020"],
    ["Net cash from operating activities", "1,200", "950"],
    ["Net increase in cash and cash equivalents", "310", "120"],
]


def test_a_change_asked_is_never_one_periods_amount(tmp_path):
    table = table_from_rows(CROPS, tmp_path, "crops")
    answer = answer_table(table, "How much has the number of garlic farms increased?")
    assert answer is None or answer.value in (None, "71.2", "936")
    # a row that states the change answers it
    table = table_from_rows(CASH_FLOW, tmp_path, "cash_flow")
    answer = answer_table(table, "How much did cash and cash equivalents increase in 2021?")
    assert answer is not None and answer.value == "310"
