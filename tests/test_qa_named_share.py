"""A share column named by what it measures ("% of ownership interest / 2018" beside "Carrying amount / 2018") is the
one asked when the question says that measure: no row of the table is what the share is of, so the words name the
column, not a base the amount beside it would answer. Tables are CSV files the tests write."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

ASSOCIATES = [
    ["Name of entity", "Place of business", "% of ownership interest", "", "Carrying amount ($000)", ""],
    ["", "", "2019", "2018", "2019", "2018"],
    ["Tern Minerals Pty Ltd", "Australia", "35%", "35%", "48,210", "45,770"],
    ["Caldera Power Holdings", "Chile", "22%", "25%", "31,640", "33,905"],
    ["Blue Ridge Pipeline Partnership", "Canada", "50%", "50%", "112,480", "108,350"],
]


def test_the_share_column_named_by_its_measure_is_asked(tmp_path):
    table = table_from_rows(ASSOCIATES, tmp_path, "associates")
    for question, value in (
        ("What was the ownership interest in Caldera Power Holdings in 2018?", "25%"),
        ("What was the carrying amount of Caldera Power Holdings in 2018?", "33,905"),
    ):
        found = answer_table(table, question)
        assert found is not None and found.value == value, (question, found and found.text)
