"""Which of two values a listing holds more often: the rows whose cell in one column says each alternative are
counted, the one with more (fewer) wins, and every counted cell is cited; a column of amounts the question names is
compared by its values instead."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

ROWS = [
    ["Year", "Title", "Champion", "Defences"],
    ["2001", "Junior Heavyweight", "Billyken Kid", "2"],
    ["2002", "Junior Heavyweight", "Tigers Mask", "5"],
    ["2003", "Junior Heavyweight", "Billyken Kid", "1"],
    ["2004", "Tag Team", "Billyken Kid", "0"],
    ["2005", "Tag Team", "Tigers Mask", "3"],
]


def test_the_alternative_more_rows_hold_wins_and_every_counted_cell_is_cited(tmp_path):
    table = table_from_rows(ROWS, tmp_path, "titles")
    answer = answer_table(table, "Who won more titles, Billyken Kid or Tigers Mask?")
    assert answer is not None and answer.label == "Billyken Kid"
    assert len(answer.citations) == 5  # three rows of one, two of the other
    answer = answer_table(table, "Who won fewer titles, Billyken Kid or Tigers Mask?")
    assert answer is not None and answer.label == "Tigers Mask"
    answer = answer_table(table, "Is the Tag Team or the Junior Heavyweight title listed more?")
    assert answer is not None and answer.label == "Junior Heavyweight"


def test_a_named_column_of_amounts_is_compared_by_its_values_not_by_rows(tmp_path):
    table = table_from_rows(ROWS, tmp_path, "titles")
    answer = answer_table(table, "Who had more defences, Billyken Kid or Tigers Mask?")
    assert answer is None or answer.label != "Billyken Kid"  # the rows count favours him; the defences do not


def test_the_value_most_rows_hold_answers_how_often_not_how_large(tmp_path):
    rows = [
        ["Year", "Venue", "Result", "Points"],
        ["2001", "Venice, Italy", "1st", "90"],
        ["2002", "Doha, Qatar", "—", "12"],
        ["2003", "Venice, Italy", "2nd", "40"],
        ["2004", "Beijing, China", "—", "95"],
        ["2005", "Venice, Italy", "—", "30"],
    ]
    table = table_from_rows(rows, tmp_path, "results")
    answer = answer_table(table, "Which venue is listed the most?")
    assert answer is not None and answer.label == "Venice, Italy"
    assert len(answer.citations) == 3
    answer = answer_table(table, "Which result was recorded the most?")  # "—" in most rows is no result
    assert answer is None or answer.label != "—"
    answer = answer_table(table, "Which venue had the most points?")  # an amount named: compared by value
    assert answer is None or answer.label != "Venice, Italy"
