"""Losses and expenses a report prints as negatives are compared by size ("the larger loss"); a row that is a
profit in one period and a loss in another keeps the signed order. Each test builds its table as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

RESULTS = [
    ["", "2019", "2018"],
    ["Revenue", "1,200", "1,000"],
    ["Net loss", "(5,000)", "(3,000)"],
    ["Other expense", "(120)", "(340)"],
    ["Net income (loss)", "(5,000)", "2,000"],
]


def test_the_larger_loss_is_the_larger_amount_lost(tmp_path):
    table = table_from_rows(RESULTS, tmp_path, "results")
    larger = answer_table(table, "In which year was the net loss larger?")
    assert larger is not None and larger.value == "2019"
    assert {(c["row"], c["col"]) for c in larger.citations} == {(2, 1), (2, 2)}
    smaller = answer_table(table, "In which year was other expense smaller?")
    assert smaller is not None and smaller.value == "2019"


def test_amounts_of_both_signs_keep_the_signed_order(tmp_path):
    table = table_from_rows(RESULTS, tmp_path, "results")
    answer = answer_table(table, "In which year was net income (loss) larger?")
    assert answer is not None and answer.value == "2018"
    revenue = answer_table(table, "In which year was revenue larger?")
    assert revenue is not None and revenue.value == "2019"
