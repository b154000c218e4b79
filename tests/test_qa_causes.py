"""Regressions from answers on financial-report tables (one test per cause): each builds its table as a CSV file
and asks the kind of question that went wrong."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

CHANGE_TABLE = [
    ["", "2019", "2018", "$ Change", "% Change"],
    ["Revenue", "532.0", "470.0", "62.0", "13.2%"],
    ["Gross profit", "368.6", "344.5", "24.1", "7.0%"],
]


def test_a_change_the_table_states_is_read_not_recomputed(tmp_path):
    table = table_from_rows(CHANGE_TABLE, tmp_path, "change")
    pct = answer_table(table, "What was the percentage change in gross profit between 2018 and 2019?")
    assert pct is not None and pct.value == "7.0%"
    assert [(c["row"], c["col"]) for c in pct.citations] == [(2, 4)]
    diff = answer_table(table, "What was the change in revenue between 2018 and 2019?")
    assert diff is not None and diff.value == "62.0"  # an amount asked: the amount column, not the percent one
    bare = table_from_rows([row[:3] for row in CHANGE_TABLE], tmp_path, "bare")
    computed = answer_table(bare, "What was the percentage change in gross profit between 2018 and 2019?")
    assert computed is not None and computed.intent == "percent_change" and len(computed.citations) == 2
