"""Counts of a listing's rows over a span of years: "how many films were made before 2000?" keeps the rows whose
year lies in the span (and that hold the other words the question says of them), and cites each row's year."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table
from tablerag.qa.dated import SPAN_OPEN_END, year_bounds

ROWS = [
    ["Year", "Title", "Role", "Result"],
    ["1968", "Early Work", "Lead", "Won"],
    ["1975", "Middle Film", "Support", "Drawn"],
    ["1979", "Late Seventies", "Lead", "Drawn"],
    ["1999", "Millennium Eve", "Cameo", "Lost"],
    ["2003", "New Start", "Lead", "Won"],
    ["2010", "Recent", "Lead", "Lost"],
]


def test_the_span_a_question_sets():
    assert year_bounds("How many films were made before 2000?")[0] == (0, 1999)
    assert year_bounds("how many after the year 2011?")[0] == (2012, SPAN_OPEN_END)
    assert year_bounds("how many between 2009 and 2013?")[0] == (2009, 2013)
    assert year_bounds("how many matches in the 1970's?")[0] == (1970, 1979)
    assert year_bounds("how many matches in the 70s?")[0] == (1970, 1979)
    assert year_bounds("how many films in 2010?") is None  # one year is a value, not a span


def test_rows_in_the_span_are_counted_and_cited(tmp_path):
    table = table_from_rows(ROWS, tmp_path, "films")
    for asked, count in (
        ("How many films were made before 2000?", "4"),
        ("How many films were made after 1999?", "2"),
        ("How many films were made between 1970 and 2000?", "3"),
        ("How many matches were drawn during the 1970's?", "2"),  # a word its cells hold keeps those rows
    ):
        answer = answer_table(table, asked)
        assert answer is not None and answer.value == count, asked
        assert len(answer.citations) == int(count)
        assert all(c["column"] is not None for c in answer.citations)
    # a negated condition or a run is no count of the rows in a span
    for asked in ("How many films were not won before 2000?", "How many consecutive years was he lead after 1970?"):
        answer = answer_table(table, asked)
        assert answer is None or answer.value not in ("4", "5"), asked


SEASONS = [
    ["Season", "Team", "Races", "Wins", "Points"],
    ["2006", "Alpha", "10", "1", "40"],
    ["2007", "Alpha", "12", "0", "64"],
    ["2008", "Beta", "13", "2", "193"],
    ["2009", "Beta", "12", "6", "287"],
    ["2010", "Gamma", "14", "3", "150"],
    ["2011", "Gamma", "14", "4", "0"],
]


def test_a_ranking_that_cannot_keep_to_the_years_asked_refuses(tmp_path):
    """ "Between 2007 and 2010, the least points": the lowest row over every season (2011's 0) is no answer, nor one
    season's cells compared across columns; without the bound the lowest is taken."""
    table = table_from_rows(SEASONS, tmp_path, "seasons")
    answer = answer_table(table, "Between 2007 and 2010, what is the least number of points scored?")
    assert answer is None or answer.value in (None, "64")
    answer = answer_table(table, "What is the least number of points scored in a season?")
    assert answer is not None and answer.value == "0"
    assert answer_table(table, "How many points were scored in 2009?").value == "287"


def test_a_column_of_years_is_no_amount_compared_across_a_row(tmp_path):
    rows = [["Year", "Domestic", "International"], ["2019", "600", "400"], ["2018", "550", "380"]]
    table = table_from_rows(rows, tmp_path, "markets")
    answer = answer_table(table, "Which market had higher revenue in 2018?")
    assert answer is not None and answer.value == "Domestic"
    assert sorted((c["row"], c["col"]) for c in answer.citations) == [(2, 1), (2, 2)]
