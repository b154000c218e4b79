"""Periods named by their place among the table's own: "the year before the most recent one" is the second
newest, "the comparative year" the one before the latest, "the first year shown" the earliest and "the last year
presented" the newest, whatever order the columns run in. Tables are written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

NEWEST_FIRST = [
    ["", "2019", "2018", "2017"],
    ["Provision for income taxes", "162,500", "129,200", "98,400"],
    ["Capital expenditure", "471", "455", "402"],
]
OLDEST_FIRST = [
    ["", "2017", "2018", "2019"],
    ["Return on equity", "11.8%", "12.4%", "13.1%"],
    ["Dividend payout ratio", "41%", "43%", "45%"],
]


def test_a_year_said_by_its_place(tmp_path):
    answers_each(
        table_from_rows(NEWEST_FIRST, tmp_path, "newest"),
        ("What was the provision for income taxes in the year before the most recent one?", "129,200"),
        ("What was capital expenditure in the comparative year?", "455"),
        ("What was capital expenditure in the first year shown?", "402"),
    )
    answers_each(
        table_from_rows(OLDEST_FIRST, tmp_path, "oldest"),
        ("What was the dividend payout ratio in the year before the latest year?", "43%"),
        ("What was return on equity in the first year presented?", "11.8%"),
        ("What was return on equity in the last year shown?", "13.1%"),
    )


def test_years_ago_count_back_from_the_latest_and_the_first_year_is_the_earliest(tmp_path):
    answers_each(
        table_from_rows(NEWEST_FIRST, tmp_path, "newest"),
        ("What was capital expenditure two years ago?", "402"),
        ("What was the provision for income taxes in the first year?", "98,400"),
    )
    answers_each(
        table_from_rows(OLDEST_FIRST, tmp_path, "oldest"),
        ("What was return on equity in the first year?", "11.8%"),
        ("What was the dividend payout ratio two years ago?", "41%"),
    )
