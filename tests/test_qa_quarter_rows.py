"""Quarters asked. Quarter rows under year column groups ("2021 / Occupancy | ADR", "2020 / ..."): "which quarter of
2020" ranks the quarters in that year's column, never the years against each other. Quarter columns beside the full
year's ("First Quarter | ... | Fiscal Year"): the quarters are ranked. Tables are CSV files the tests write."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

QUARTERS = [
    ["", "2021", "", "", "2020", "", ""],
    ["", "Occupancy", "ADR", "RevPAR", "Occupancy", "ADR", "RevPAR"],
    ["First Quarter", "38.4%", "$ 168.52", "$ 64.71", "61.2%", "$ 221.38", "$ 135.48"],
    ["Second Quarter", "58.9%", "$ 189.35", "$ 111.53", "14.7%", "$ 142.10", "$ 20.89"],
    ["Third Quarter", "67.3%", "$ 214.80", "$ 144.56", "31.5%", "$ 151.64", "$ 47.77"],
    ["Fourth Quarter", "64.1%", "$ 209.47", "$ 134.27", "33.8%", "$ 149.20", "$ 50.43"],
    ["Full Year", "57.2%", "$ 198.98", "$ 113.77", "35.3%", "$ 180.29", "$ 63.64"],
]


def test_which_quarter_of_a_year_ranks_the_quarter_rows_in_that_year(tmp_path):
    table = table_from_rows(QUARTERS, tmp_path, "quarters")
    for question, label in (
        ("Which quarter of 2020 had the lowest occupancy?", "Second Quarter"),
        ("In which quarter of 2021 was ADR the highest?", "Third Quarter"),
    ):
        found = answer_table(table, question)
        assert found is not None and found.label == label, (question, found and found.text)


QUARTER_COLUMNS = [
    ["(In thousands)", "First Quarter", "Second Quarter", "Third Quarter", "Fourth Quarter", "Fiscal Year"],
    ["Fiscal 2021", "", "", "", "", ""],
    ["Net sales", "$412,835", "$438,219", "$467,502", "$521,946", "$1,840,502"],
    ["Net income", "30,118", "35,742", "40,963", "53,210", "160,033"],
]


def test_which_quarter_ranks_the_quarter_columns_not_the_full_year(tmp_path):
    table = table_from_rows(QUARTER_COLUMNS, tmp_path, "quarter_columns")
    found = answer_table(table, "Which quarter of fiscal 2021 had the highest net income?")
    assert found is not None and found.label == "Fourth Quarter", found and found.text
