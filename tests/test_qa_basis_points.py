"""A margin's move stated in basis points ("140 bps", "+40bps") under a "Change" column that also holds percent
changes of amounts: a question asking how much the margin changed, expanded or improved takes that cell, never
scaled by the table's "(in millions)". The table is written as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

QUARTER = [
    ["", "Three months ended June 30,", "", ""],
    ["(in millions, except per share data)", "2023", "2022", "Change"],
    ["Net sales", "$2,915", "$2,790", "4%"],
    ["Gross margin", "43.0%", "41.9%", "110 bps"],
    ["Operating expenses", "$880", "$861", "2%"],
    ["Operating margin", "13.8%", "12.1%", "170 bps"],
    ["Diluted earnings per share", "$1.21", "$1.02", "19%"],
]


def test_a_move_in_basis_points_is_the_change_asked(tmp_path):
    table = table_from_rows(QUARTER, tmp_path, "quarter")
    cell = table.cell_at(3, 3)
    assert cell is not None and cell.value == 110 and cell.unit == "bps"  # no "million bps"
    for asked in (
        "How much did operating margin expand year over year?",
        "By how many basis points did operating margin change in 2023?",
    ):
        answer = answer_table(table, asked)
        assert answer is not None and answer.value == "170 bps", asked


def test_nouns_of_the_margin_verbs_ask_no_change(tmp_path):
    rows = [
        ["", "March 31, 2022", "March 31, 2021"],
        ["Leasehold improvements", "6,981", "6,402"],
        ["Contract liabilities", "1,210", "1,044"],
    ]
    table = table_from_rows(rows, tmp_path, "assets")
    answer = answer_table(table, "How much was the leasehold improvements as at March 31, 2022?")
    assert answer is not None and answer.value == "6,981"
    answer = answer_table(table, "How much were contract liabilities as at March 31, 2021?")
    assert answer is not None and answer.value == "1,044"
