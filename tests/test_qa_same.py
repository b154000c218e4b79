"""Rows sharing a value with a named row: "which driver has the same number of laps as X?" compares X's cell in
the column named after "same" with every other row's, and answers with those rows (or their number), citing each
compared cell."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

ROWS = [
    ["Pos", "Driver", "Team", "Laps", "Laps Led", "Points"],
    ["1", "Dan Wheldon", "Andretti", "200", "12", "50"],
    ["2", "Danica Patrick", "Andretti", "199", "0", "40"],
    ["3", "Richard Antinucci", "Cheever", "199", "0", "35"],
    ["4", "Ryan Hunter-Reay", "Rahal", "150", "12", "32"],
]


def test_the_rows_with_the_same_value_as_the_named_one_are_the_answer(tmp_path):
    table = table_from_rows(ROWS, tmp_path, "race")
    answer = answer_table(table, "Which driver has the same amount of laps as Richard Antinucci?")
    assert answer is not None and answer.value == "Danica Patrick"  # "laps" names Laps whole, not Laps Led
    cited = {(c["row"], c["column"]) for c in answer.citations}
    assert len(cited) >= 3  # the named row's laps, the other row's laps and its driver
    answer = answer_table(table, "Which team had the same laps led as Dan Wheldon?")
    assert answer is not None and answer.value == "Rahal"  # the column asked, not the named row's own
    answer = answer_table(table, "Ryan Hunter-Reay had the same laps led as which other driver?")
    assert answer is not None and answer.value == "Dan Wheldon"  # the named row before "same"


def test_how_many_counts_the_other_rows_and_a_polar_question_is_no_list(tmp_path):
    table = table_from_rows(ROWS, tmp_path, "race")
    answer = answer_table(table, "How many drivers were in the same team as Dan Wheldon?")
    assert answer is not None and answer.value == "1"
    answer = answer_table(table, "How many drivers scored the same points as Dan Wheldon?")
    assert answer is not None and answer.value == "0"
    answer = answer_table(table, "Did Danica Patrick drive the same laps as Richard Antinucci?")
    assert answer is None or answer.value != "Danica Patrick"
