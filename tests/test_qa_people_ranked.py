"""A summary compensation table (a name on the first row of each person's block, one row per year): "which
executive received the largest bonus in 2019" ranks the people's rows of that year by the Bonus column and answers
with the name, not with the largest of one person's columns. Tables are written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

SUMMARY = [
    ["Name and Principal Position", "Year", "Salary ($)", "Bonus ($)", "Stock Awards ($)", "Total ($)"],
    ["Michael R. Turner, President and Chief Executive Officer", "2019", "950,000", "—", "4,250,000", "5,200,000"],
    ["", "2018", "900,000", "—", "3,800,000", "4,700,000"],
    ["Laura S. Bennett, Chief Financial Officer", "2019", "525,000", "—", "1,300,000", "1,825,000"],
    ["", "2018", "500,000", "75,000", "1,150,000", "1,725,000"],
    ["Priya Natarajan, Chief Operating Officer", "2019", "600,000", "150,000", "2,100,000", "2,850,000"],
    ["", "2018", "560,000", "40,000", "1,900,000", "2,500,000"],
]


def test_the_people_of_the_year_asked_are_ranked(tmp_path):
    answers_each(
        table_from_rows(SUMMARY, tmp_path, "summary"),
        ("Which executive received the largest bonus in 2019?", "Priya Natarajan, Chief Operating Officer"),
        ("Which executive received the largest bonus in 2018?", "Laura S. Bennett, Chief Financial Officer"),
        (
            "Which executive earned the highest salary in 2018?",
            "Michael R. Turner, President and Chief Executive Officer",
        ),
    )
