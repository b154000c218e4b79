"""How many entries a listing holds when the question says nothing else: the different values of the column the
thing names are counted, one cited cell each; a condition the count would ignore, or a thing that names a row or a
column of amounts, is no such count."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

ROWS = [
    ["Year", "Venue", "Country", "Wins"],
    ["2001", "Monza", "Italy", "3"],
    ["2002", "Spa", "Belgium", "1"],
    ["2003", "Monza", "Italy", "2"],
    ["2004", "Imola", "Italy", "0"],
]


def test_the_entries_of_the_named_column_are_counted_once_each(tmp_path):
    table = table_from_rows(ROWS, tmp_path, "venues")
    for asked, count in (
        ("How many venues are there?", "3"),  # Monza twice is one venue
        ("What is the total number of countries on this list?", "2"),
        ("How many different venues are there in all?", "3"),
    ):
        answer = answer_table(table, asked)
        assert answer is not None and answer.value == count, asked
        assert len(answer.citations) == int(count)


def test_a_condition_or_a_column_of_amounts_is_no_count_of_entries(tmp_path):
    table = table_from_rows(ROWS, tmp_path, "venues")
    for asked in ("How many venues are there in Italy?", "How many venues were not in Italy?"):
        answer = answer_table(table, asked)
        assert answer is None or answer.value != "3", asked
    answer = answer_table(table, "What is the total number of wins?")
    assert answer is None or answer.value != "4"  # Wins are amounts: a sum, not four rows


def test_a_count_of_entries_names_the_question_words_its_cells_hold(tmp_path):
    table = table_from_rows(ROWS, tmp_path, "venues")
    answer = answer_table(table, "How many venues are there?")
    assert answer is not None and answer.named_words == frozenset({"venu"})  # compared across documents
    assert answer.named == 1
