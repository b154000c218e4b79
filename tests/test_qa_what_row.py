""" "What dividends were attributed to non-controlling interests?": a one-word noun after "what" that is a row's whole
label names that row (the Dividends line in the non-controlling interests column), not a kind of row to answer with.
Tables are CSV files the tests write."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

EQUITY = [
    ["€ million", "Retained earnings", "Total", "Non-controlling interests", "Total equity"],
    ["Balance at 1 January 2021", "2,436.7", "3,138.6", "96.8", "3,235.4"],
    ["Dividends", "(187.0)", "(187.0)", "(9.4)", "(196.4)"],
    ["Capital contribution from non-controlling interests", "—", "—", "5.0", "5.0"],
    ["Balance at 31 December 2021", "2,670.5", "3,411.2", "113.1", "3,524.3"],
]


def test_a_noun_after_what_that_is_a_rows_label_names_the_row(tmp_path):
    table = table_from_rows(EQUITY, tmp_path, "equity")
    found = answer_table(table, "What dividends were attributed to non-controlling interests?")
    assert found is not None and found.value == "(9.4)", found and found.text
