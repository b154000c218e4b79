"""A change label over one column ("% Change" over "Comp.") beside a column whose sub-label names no period ("Actual"),
left at the end of the periods' label as a grid keeps it ("Fiscal year" in the 2018 cell, its span reaching
"Actual"): that column is the change's. CSV files the tests write."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

ORDERS = [
    ["", "", "Fiscal year", "", "% Change"],
    ["(in millions of €)", "2019", "2018", "Actual", "Comp."],
    ["Orders", "19,975", "18,451", "8 %", "7 %"],
    ["Revenue", "17,663", "18,125", "(3) %", "(4) %"],
    ["Adjusted EBITA", "679", "722", "(6)%", ""],
]


def test_the_change_label_heads_the_column_before_it_that_names_no_period(tmp_path):
    table = table_from_rows(ORDERS, tmp_path, "orders")
    assert table.column_chain(1) == ["Fiscal year", "2019"]
    assert table.column_chain(3) == ["% Change", "Actual"]
    assert table.column_chain(4) == ["% Change", "Comp."]
    found = answer_table(table, "What was the actual % change in revenue?")
    assert found is not None and found.value == "(3) %", found and found.text
