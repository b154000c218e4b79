"""Two rows tied on the question's words, one a quantity and one its price or a rate per unit: a question asking no
price, rate or average takes the quantity; a row that counts ("Number of stores") answers "how many" though its
column is one of percentages. Tables are written as CSV files."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

OPERATIONS = [
    ["", "2021", "2020", "2019"],
    ["Crude oil and condensate (MBbls/d)", "205", "198", "187"],
    ["Natural gas liquids (MBbls/d)", "61", "57", "52"],
    ["Natural gas (MMcf/d)", "910", "874", "851"],
    ["Total production (MBOE/d)", "418", "401", "381"],
    ["Average realized oil price ($/Bbl)", "$66.10", "$38.45", "$55.02"],
    ["Average realized gas price ($/Mcf)", "$3.12", "$1.95", "$2.40"],
    ["Average jet fuel price per gallon", "$1.92", "$1.51", "$2.01"],
    ["Jet fuel gallons consumed (millions)", "1,208", "1,001", "1,350"],
]


def _value(tmp_path, question: str) -> str | None:
    answer = answer_table(table_from_rows(OPERATIONS, tmp_path, "operations"), question)
    return answer.value if answer is not None else None


def test_a_quantity_asked_is_not_its_price(tmp_path):
    assert _value(tmp_path, "What was oil output in 2020?") == "198"
    assert _value(tmp_path, "How many gallons of jet fuel were burned in 2021?") == "1,208"


def test_a_price_asked_is_the_price(tmp_path):
    assert _value(tmp_path, "What was the average realized oil price in 2020?") == "$38.45"
    assert _value(tmp_path, "What was the price per gallon of jet fuel in 2021?") == "$1.92"


KPIS = [
    ["", "FY2022", "FY2021"],
    ["Like-for-like sales growth", "3.8%", "(4.1)%"],
    ["Gross margin", "37.2%", "35.9%"],
    ["Operating margin", "6.4%", "3.1%"],
    ["Number of stores", "431", "425"],
]


def test_a_row_that_counts_in_a_column_of_percentages_answers_how_many(tmp_path):
    answer = answer_table(table_from_rows(KPIS, tmp_path, "kpis"), "How many stores did the group have in FY2021?")
    assert answer is not None and answer.value == "425"


STORES = [
    ["", "Fiscal 2021", "Fiscal 2020", "Change"],
    ["Comparable store sales growth", "2.9%", "2.1%", "80 bps"],
    ["Number of stores at end of year", "1,302", "1,268", "34"],
    ["Average sales per square foot", "$418", "$402", "4.0%"],
    ["Gross margin rate", "35.1%", "35.4%", "(30) bps"],
    ["Average transaction value", "$48.90", "$47.20", "3.6%"],
]


def test_a_count_rows_stated_change_in_a_column_of_percentages_is_the_change(tmp_path):
    answer = answer_table(table_from_rows(STORES, tmp_path, "stores"), "What was the change in the number of stores?")
    assert answer is not None and answer.value == "34"


AIRLINE = [
    ["", "2021", "2020", "Change"],
    ["Available seat miles (millions)", "262,117", "256,433", "2.2%"],
    ["Cost per ASM (CASM) (cents)", "14.88", "14.72", "1.1%"],
    ["CASM excluding fuel and special items (cents)", "11.02", "10.79", "2.1%"],
    ["Average fuel price per gallon", "$2.06", "$2.23", "(7.6)%"],
]


def test_a_measure_per_unit_is_no_price(tmp_path):
    answer = answer_table(table_from_rows(AIRLINE, tmp_path, "airline"), "What was CASM in 2020?")
    assert answer is not None and answer.value == "14.72"
