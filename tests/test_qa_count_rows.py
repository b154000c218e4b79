""" "How many X" asks "the number of X": a row named "Number of X" holds the count, also when every row of the table
shares the word X; a count of rows is asked only where no row states it."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

STAFF = [
    ["", "2019", "2018"],
    ["Number of employees", "1,200", "1,100"],
    ["Average number of employees", "1,150", "1,050"],
]


def test_how_many_takes_the_number_of_row(tmp_path):
    table = table_from_rows(STAFF, tmp_path, "staff")
    answer = answer_table(table, "How many employees were there in 2019?")
    assert answer is not None and answer.value == "1,200" and answer.sql is None
    assert [(c["row"], c["col"]) for c in answer.citations] == [(1, 1)]
    answer = answer_table(table, "How many employees did the company have in 2018?")
    assert answer is not None and answer.value == "1,100"
    answer = answer_table(table, "How many employees on average were there in 2019?")
    assert answer is not None and answer.value == "1,150"


def test_number_alone_names_no_row(tmp_path):
    rows = [
        ["No.", "Name", "Pages"],
        ["1", "Alpha", "30"],
        ["2", "Beta", "40"],
        ["", "Total number of pages", "70"],
    ]
    table = table_from_rows(rows, tmp_path, "books")
    answer = answer_table(table, "How many names are there?")
    assert answer is None or answer.value != "70"
