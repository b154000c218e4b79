"""A growth bridge ("Like-for-like | Net new space | Currency | Total sales growth"): what the question says drives
the measure names the column asked ("the currency effect on sales growth" is the Currency column, not the total
growth), also when the header says it in other words ("FX", "FX impact"). Tables are written as CSV files."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

BRIDGE = [
    ["", "Like-for-like sales growth", "Net new space", "Currency", "Total sales growth"],
    ["Benelux", "2.4%", "0.6%", "—", "3.0%"],
    ["Nordics", "1.1%", "(0.9)%", "1.8%", "2.0%"],
    ["Group", "2.0%", "0.3%", "0.9%", "3.2%"],
]

SEGMENTS = [
    ["", "Net sales", "", "% change", "", ""],
    ["(€ million)", "2022", "2021", "Reported", "FX", "Organic"],
    ["Beverages", "6,210", "5,944", "4.5%", "1.7%", "2.8%"],
    ["Snacks", "3,305", "3,012", "9.7%", "3.2%", "6.5%"],
]


def _value(rows, tmp_path, question: str) -> str | None:
    answer = answer_table(table_from_rows(rows, tmp_path, "t"), question)
    return answer.value if answer is not None else None


def test_the_driver_of_a_measure_names_its_column(tmp_path):
    assert _value(BRIDGE, tmp_path, "What was the currency effect on the group's sales growth?") == "0.9%"
    assert _value(BRIDGE, tmp_path, "What was the group's total sales growth?") == "3.2%"


def test_a_driver_the_header_says_in_other_words(tmp_path):
    assert _value(SEGMENTS, tmp_path, "What was the currency impact on Snacks sales?") == "3.2%"


CONSTANT_CURRENCY = [
    ["", "Year Ended June 30,", "", "", "", ""],
    ["(in millions)", "2021", "2020", "Percentage Change", "Foreign Currency Impact", "Constant Currency Change"],
    ["Cloud", "$52,310", "$44,120", "19%", "1%", "18%"],
    ["Devices", "41,905", "43,870", "(4)%", "(2)%", "(2)%"],
]


def test_of_two_columns_the_driver_names_the_one_saying_most_of_it(tmp_path):
    asked = "What was the foreign currency impact on Devices revenue?"
    assert _value(CONSTANT_CURRENCY, tmp_path, asked) == "(2)%"
