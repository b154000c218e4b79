"""A ratio or multiple the table states (a row named "... (times)", "Net debt/EBITDA", "2.1x") answers a question
asking for that ratio, and its cells carry no currency or scale of the table. The table is written as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

LEVERAGE = [
    ["£m", "2019", "2018"],
    ["Net debt", "1,250", "1,100"],
    ["EBITDA", "600", "520"],
    ["Net debt/EBITDA", "2.1x", "2.1x"],
    ["Interest cover (times)", "8.5", "7.9"],
]


def test_a_row_of_times_is_no_amount_of_the_tables_currency(tmp_path):
    table = table_from_rows(LEVERAGE, tmp_path, "leverage")
    units = {(c.row, c.col): c.unit for c in table.cells if c.value is not None and not c.is_header}
    assert units[(1, 1)] == "million GBP"
    assert units[(4, 1)] is None and units[(4, 2)] is None


OPTIONS = [
    [
        "(in thousands)",
        "Number of Options",
        "Weighted-Average Remaining Contractual Term (in years)",
        "Intrinsic Value",
    ],
    ["Outstanding at December 31, 2019", "1,200", "6.4", "$12,400"],
    ["Exercisable at December 31, 2019", "800", "5.1", "$9,000"],
    ["Average vesting period (months)", "", "", "36"],
]


def test_a_duration_column_or_row_is_no_amount_of_the_tables_scale(tmp_path):
    """ "(in years)" over a column and "(months)" ending a row label: 6.4 years, not 6.4 thousand."""
    table = table_from_rows(OPTIONS, tmp_path, "options")
    units = {(c.row, c.col): c.unit for c in table.cells if c.value is not None and not c.is_header}
    assert units[(1, 2)] is None and units[(2, 2)] is None
    assert units[(3, 3)] is None
    assert units[(1, 1)] == "thousand" and units[(1, 3)] == "thousand USD"


def test_a_stated_ratio_answers_the_ratio_asked(tmp_path):
    table = table_from_rows(LEVERAGE, tmp_path, "leverage")
    cover = answer_table(table, "What was the interest cover ratio in 2019?")
    assert cover is not None and cover.value == "8.5"
    multiple = answer_table(table, "What was the net debt to EBITDA ratio in 2019?")
    assert multiple is not None and multiple.value == "2.1x"
    assert [(c["row"], c["col"]) for c in multiple.citations] == [(3, 1)]
