"""A quarter placed by its place among quarter columns ("the most recent quarter" over "Q4 2018 | ... | Q4 2019"):
the latest quarter, "the prior quarter" the one before it, "the earliest quarter" the first; "the prior-year
quarter" is no quarter placed this way. Tables are CSV."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

TREND = [
    ["", "Q4 2018", "Q1 2019", "Q2 2019", "Q3 2019", "Q4 2019"],
    ["Paid subscribers (millions)", "96.2", "100.1", "103.4", "106.7", "112.3"],
    ["Monthly churn", "2.6%", "2.4%", "2.5%", "2.3%", "2.2%"],
]


def test_a_quarter_placed_among_quarter_columns(tmp_path):
    table = table_from_rows(TREND, tmp_path, "trend")
    answers_each(
        table,
        ("How many paid subscribers were there in the most recent quarter?", "112.3"),
        ("What was monthly churn in the prior quarter?", "2.3%"),
        ("What was monthly churn in the earliest quarter?", "2.6%"),
    )
    answer = answer_table(table, "What was monthly churn in the prior-year quarter?")
    assert answer is None or answer.value != "2.3%"
