"""A day of a date the question names ("at 31 December 2018") finds the row; it is no value pinning the column, even
when a movement line of that column holds the same number. The table is written as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

PPE = [
    ["€ million", "Land and buildings", "Plant and machinery", "Total"],
    ["Cost", "", "", ""],
    ["At 1 January 2018", "1,240", "2,815", "4,055"],
    ["Additions", "31", "146", "177"],
    ["Disposals", "(9)", "(63)", "(72)"],
    ["At 31 December 2018", "1,262", "2,898", "4,160"],
    ["Additions", "25", "171", "196"],
    ["At 31 December 2019", "1,287", "3,069", "4,356"],
    ["Net book value", "", "", ""],
    ["At 31 December 2019", "871", "1,110", "1,981"],
    ["At 31 December 2018", "848", "1,082", "1,930"],
]


def test_a_day_beside_its_month_names_a_date_not_a_value_of_the_column(tmp_path):
    table = table_from_rows(PPE, tmp_path, "ppe")
    answer = answer_table(table, "What was the cost of land and buildings at 31 December 2018?")
    assert answer is not None and answer.value == "1,262"
    assert [(c["row"], c["col"]) for c in answer.citations] == [(5, 1)]


def test_a_number_said_beside_the_column_still_pins_it(tmp_path):
    table = table_from_rows(PPE, tmp_path, "ppe")
    answer = answer_table(table, "What were the land and buildings 31 additions in cost?")
    assert answer is None or answer.value != "31"  # the question states 31 of that column: it asks something else
