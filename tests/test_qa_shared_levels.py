"""A header level every value column shares ("Useful Life" over "Fair value | (in years)", as a page that centres
the stacked lines of one column's label over both reads) names no column apart; the one column whose header adds
nothing to it but a unit is the one the level names, the other adds a thing of its own the question does not say.
Tables are CSV files the tests write."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

ACQUIRED = [
    ["", "Useful Life", ""],
    ["", "Fair value", "(in years)"],
    ["Current assets", "$37,390", "N/A"],
    ["Customer relationships", "15,300", "8"],
    ["Order backlog", "1,400", "1"],
    ["Core/developed technology", "18,500", "4"],
    ["Goodwill", "93,776", "Indefinite"],
]


def test_a_level_shared_by_every_column_names_the_one_that_adds_only_a_unit(tmp_path):
    table = table_from_rows(ACQUIRED, tmp_path, "acquired")
    assert table.column_chain(1) == ["Useful Life", "Fair value"], table.column_headers
    for question, value in (
        ("What is the estimated useful life of customer relationships?", "8"),
        ("What is the useful life of core/developed technology?", "4"),
        ("What is the fair value of order backlog?", "1,400"),
    ):
        found = answer_table(table, question)
        assert found is not None and found.value == value, question
