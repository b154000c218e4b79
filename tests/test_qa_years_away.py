"""A year said as so many years from another ("two years before 2019", "in the prior year relative to 2021") is that
year's column; "the two years before 2019" is a span, no one year. A year said by its place ("the most recent year
end") is placed among the columns the question names ("plan assets": not the target allocation's year). Tables are
CSV files the tests write."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table
from tablerag.qa.wording import neighbour_years_said

ASSUMPTIONS = [
    ["", "2021", "2020", "2019", "2018", "2017"],
    ["Discount rate", "2.10%", "2.85%", "2.55%", "2.40%", "2.60%"],
    ["Inflation — CPI", "2.15%", "2.30%", "2.20%", "2.05%", "1.95%"],
]


def test_a_year_said_from_another_is_that_years_column(tmp_path):
    table = table_from_rows(ASSUMPTIONS, tmp_path, "assumptions")
    for question, value in (
        ("What was the CPI inflation assumption two years before 2019?", "1.95%"),
        ("What was the discount rate in the prior year relative to 2021?", "2.85%"),
        ("What was the discount rate one year after 2018?", "2.55%"),
    ):
        found = answer_table(table, question)
        assert found is not None and found.value == value, (question, found and found.text)


def test_the_years_before_a_year_stay_a_span():
    assert neighbour_years_said("How did growth change in the two years before 2019?") == (
        "How did growth change in the two years before 2019?"
    )


ALLOCATION = [
    ["", "Target", "Percentage of Plan Assets", ""],
    ["", "Allocation", "at December 31,", ""],
    ["Asset Category", "2020", "2019", "2018"],
    ["Equity securities", "35–45%", "38%", "34%"],
    ["Real estate", "5–10%", "5%", "6%"],
    ["Other", "0–5%", "5%", "4%"],
]


def test_the_most_recent_year_is_the_latest_of_the_columns_the_question_names(tmp_path):
    table = table_from_rows(ALLOCATION, tmp_path, "allocation")
    for question, value in (
        ("What share of plan assets was invested in other assets at the most recent year end?", "5%"),
        ("What share of plan assets was held in equity securities in the prior year?", "34%"),
        ("What is the target allocation for real estate?", "5–10%"),
    ):
        found = answer_table(table, question)
        assert found is not None and found.value == value, (question, found and found.text)
