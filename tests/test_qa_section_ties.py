"""Rows of one label under sections the question says nothing of ("Expected volatility" under "Stock options:" and
under "Employee stock purchase plan:") fit it equally, however long the sections' names: the answer names both and
picks neither; a question naming a section takes its row. A sensitivity question's condition ("if interest rates
decrease by 100 basis points") asks no change. Tables are written as CSV files."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

ASSUMPTIONS = [
    ["", "2021", "2020", "2019"],
    ["Stock options:", "", "", ""],
    ["Expected term (in years)", "4.8", "4.9", "5.1"],
    ["Expected volatility", "27%", "25%", "26%"],
    ["Employee stock purchase plan:", "", "", ""],
    ["Expected term (in years)", "0.5", "0.5", "0.5"],
    ["Expected volatility", "21%", "18%", "19%"],
]

SENSITIVITY = [
    ["(€ million)", "Change in assumption", "Effect on profit before tax", "Effect on equity"],
    ["Interest rates", "+100 bps", "(212)", "(168)"],
    ["Interest rates", "−100 bps", "195", "154"],
    ["Equity prices", "+10%", "87", "69"],
    ["Equity prices", "−10%", "(91)", "(72)"],
]


def test_one_label_under_two_unsaid_sections_is_ambiguous(tmp_path):
    table = table_from_rows(ASSUMPTIONS, tmp_path, "assumptions")
    answer = answer_table(table, "What was the expected volatility in 2019?")
    assert answer is None or answer.value is None
    answer = answer_table(table, "What was the expected volatility of the employee stock purchase plan in 2019?")
    assert answer is not None and answer.value == "19%"
    answer = answer_table(table, "What was the expected volatility for stock options in 2019?")
    assert answer is not None and answer.value == "26%"


def test_a_condition_on_a_rate_asks_no_change(tmp_path):
    table = table_from_rows(SENSITIVITY, tmp_path, "sensitivity")
    asked = "What is the effect on profit before tax if interest rates decrease by 100 basis points?"
    answer = answer_table(table, asked)
    assert answer is not None and answer.value == "195"
