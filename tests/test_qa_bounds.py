"""Bounds said in words and places in an order: "at least one" is a bound of 1, not the least value; "do not have
more than twenty" is 20 and under; "the top ranked player" holds place 1, the smallest number of a Rank column."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table
from tablerag.qa.route import Intent, route, threshold

TEAMS = [
    ["Team", "City", "Seasons", "Playoff appearances", "Gold"],
    ["Falcons", "Leeds", "3", "0", "25"],
    ["Rovers", "York", "5", "2", "12"],
    ["Hawks", "Hull", "2", "1", "30"],
    ["Lions", "Bath", "4", "0", "20"],
]


def test_at_least_and_at_most_are_bounds_not_superlatives():
    assert threshold("How many teams had at least one playoff appearance?") == threshold(
        "How many teams had at least 1 playoff appearance?"
    )
    below, limit = threshold("which teams had at most twelve wins?") or (None, None)
    assert below is True and limit is not None and 12 < limit < 12.001
    assert route("How many teams had at least one playoff appearance?").intent is Intent.COUNT
    assert route("which team had the least gold?").intent is Intent.MIN
    assert route("which team had the most gold?").intent is Intent.MAX
    # a number word that is no bound stays a word
    assert threshold("which team won more than one title in a row") is not None
    assert threshold("Which one had the most gold?") is None


def test_a_bound_in_words_counts_the_rows_past_it(tmp_path):
    table = table_from_rows(TEAMS, tmp_path, "teams")
    answer = answer_table(table, "How many teams had at least one playoff appearance?")
    assert answer is not None and answer.value == "2"
    assert sorted(c["row"] for c in answer.citations) == [2, 3]


def test_not_more_than_is_the_number_and_under(tmp_path):
    below, limit = threshold("Which teams do not have more than twenty gold?") or (None, None)
    assert below is True and limit is not None and 20 < limit < 20.001
    table = table_from_rows(TEAMS, tmp_path, "teams")
    answer = answer_table(table, "Which teams do not have more than twenty gold?")
    assert answer is not None and answer.value is not None
    assert set(answer.value.split("; ")) == {"Rovers", "Lions"}
    answer = answer_table(table, "how many teams did not have more than three seasons?")
    assert answer is not None and answer.value == "2"


RANKED = [
    ["Rank", "Player", "County", "Total"],
    ["1", "Ann Roe", "Cork", "9"],
    ["2", "Bea Lee", "Kerry", "12"],
    ["3", "Cy Dunn", "Clare", "7"],
]


def test_the_top_of_an_order_is_its_first_place(tmp_path):
    table = table_from_rows(RANKED, tmp_path, "ranked")
    answer = answer_table(table, "Who is the top ranked player?")
    assert answer is not None and answer.value == "Ann Roe"
    answer = answer_table(table, "Which county has the highest rank?")
    assert answer is not None and answer.value == "Cork"
    answer = answer_table(table, "Which player has the lowest rank?")
    assert answer is not None and answer.value == "Cy Dunn"
    # a column of amounts keeps its order: the highest total is the largest
    answer = answer_table(table, "Who has the highest total?")
    assert answer is not None and answer.value == "Bea Lee"
