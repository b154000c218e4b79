"""A comparison across years keeps to the column group the question pins: "for the three months ended ..., in which
year ..." compares the three months' years, not the nine months' beside them. Tables are CSV."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

QUARTER = [
    ["", "Three Months Ended", "", "Nine Months Ended", ""],
    ["", "June 30,", "", "June 30,", ""],
    ["(In thousands)", "2023", "2022", "2023", "2022"],
    ["Revenues", "96,410", "101,275", "288,930", "276,114"],
    ["Operating income", "12,806", "9,442", "31,577", "33,904"],
    ["Net income", "8,115", "5,930", "20,644", "21,702"],
]


def test_which_year_compares_the_group_the_question_pins(tmp_path):
    answers_each(
        table_from_rows(QUARTER, tmp_path, "quarter"),
        ("For the three months ended June 30, in which year was net income higher?", "2023"),
        ("For the nine months ended June 30, in which year was net income higher?", "2022"),
        ("In the nine months ended June 30, in which year were revenues lower?", "2022"),
        ("For the three months ended June 30, in which year was operating income lower?", "2022"),
    )
