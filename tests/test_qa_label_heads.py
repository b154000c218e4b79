"""Rows tied on the same words of a question, told apart by the head noun of their labels: "sales" are "Net sales",
not "Cost of sales" (the cost of them) nor "Sales and marketing"; "natural gas production" is "Natural gas
production", not "NGL production (per day) of natural gas plants". Rows named by different words stay tied, and
so do rows whose heads are both said. Tables are written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

STATEMENT = [
    ["", "2019", "2018"],
    ["Net sales", "$4,812", "$4,377"],
    ["Cost of sales", "2,903", "2,644"],
    ["Gross profit", "1,909", "1,733"],
    ["Sales and marketing", "611", "570"],
    ["Operating income", "666", "603"],
]
FARMS = [
    ["Operating arrangements", "Farms", "Percentage of farms"],
    ["Sole proprietorship", "68", "33.0"],
    ["Partnership without a written agreement", "70", "34.0"],
    ["Partnership with a written agreement", "26", "12.6"],
    ["Family corporation", "39", "18.9"],
]


def test_the_row_whose_head_is_said_breaks_the_tie(tmp_path):
    answers_each(
        table_from_rows(STATEMENT, tmp_path, "statement"),
        ("What were sales in 2019?", "$4,812"),
        ("What were the company's sales in 2018?", "$4,377"),
        ("What was the cost of sales in 2019?", "2,903"),
    )


def test_rows_with_the_same_head_stay_tied(tmp_path):
    table = table_from_rows(FARMS, tmp_path, "farms")
    answer = answer_table(table, "What percentage of farms is partnerships?")
    assert answer is None or answer.value not in ("34.0", "12.6")
