"""Which period or which column holds a row's largest value, when a column beside the periods states the change
("Change (bps)") and when one heading stands over every column ("Year ended 31 March 2020" over the segments): the
change column is no rival of the periods' amounts, and a heading over all the columns tells none of them apart.
Tables are written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

MARGINS = [
    ["", "2019", "2018", "Change (bps)"],
    ["Gross margin", "45.2%", "44.1%", "110"],
    ["Operating margin", "18.7%", "19.3%", "(60)"],
    ["Effective tax rate", "23.5%", "24.9%", "(140)"],
]
SEGMENTS = [
    [
        "",
        "Year ended 31 March 2020",
        "Year ended 31 March 2020",
        "Year ended 31 March 2020",
        "Year ended 31 March 2020",
    ],
    ["£m", "UK", "Ireland", "International", "Group"],
    ["Revenue", "3,402.1", "611.5", "798.7", "4,812.3"],
    ["Underlying operating profit", "402.8", "61.2", "77.5", "541.5"],
    ["Capital expenditure", "171.2", "29.9", "58.9", "260.0"],
]


def test_a_stated_change_column_is_no_rival_of_the_periods(tmp_path):
    answers_each(
        table_from_rows(MARGINS, tmp_path, "margins"),
        ("Which year had the higher operating margin?", "2018"),
        ("In which year was the effective tax rate lower?", "2019"),
        ("Which year had the higher gross margin?", "2019"),
    )


def test_a_heading_over_every_column_tells_none_apart(tmp_path):
    answers_each(
        table_from_rows(SEGMENTS, tmp_path, "segments"),
        ("Which segment had the highest underlying operating profit?", "UK"),
        ("Which segment had the lowest capital expenditure?", "Ireland"),
        ("What was the underlying operating profit of International?", "77.5"),
    )
