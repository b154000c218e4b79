"""A question naming no year over a table whose one stated change column is dated ("Effect of Change" under "Year
Ended December 31, 2018"; "Change" with a year read into its header from the label beside it) takes that column;
with two dated change columns the question's missing year leaves them apart. Tables are CSV."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

ADOPTION = [
    ["", "Year Ended December 31, 2018", "", ""],
    ["(in millions)", "As Reported", "Effect of Change Higher/(Lower)", "Balances Without Adoption of ASC 606"],
    ["Net sales", "$6,204", "$88", "$6,116"],
    ["Cost of sales", "4,117", "61", "4,056"],
    ["Net income", "629", "24", "605"],
]

ACREAGE = [  # "2016" read over the change column too, as a page that centres it between the columns leaves it
    ["Other vegetable crop", "Area", "", "Change"],
    ["", "2011", "2016", "2016"],
    ["", "acres", "", "percent"],
    ["Chinese vegetables", "2,058", "2,356", "14.5"],
    ["Garlic", "1,290", "2,207", "71.1"],
    ["Sweet potato", "1,418", "1,776", "25.2"],
]

TWO_CHANGES = [
    ["", "2019", "2018", "2017", "Change 2019 vs 2018", "Change 2018 vs 2017"],
    ["Revenue", "1,250", "1,100", "1,000", "13.6%", "10.0%"],
    ["Operating income", "300", "240", "200", "25.0%", "20.0%"],
]


def test_the_one_dated_change_column_answers_a_question_naming_no_year(tmp_path):
    answers_each(
        table_from_rows(ADOPTION, tmp_path, "adoption"),
        ("How much higher was net income as a result of ASC 606?", "24"),
    )
    answers_each(
        table_from_rows(ACREAGE, tmp_path, "acreage"),
        ("What is the percentage of the increase in sweet potato farms area?", "25.2"),
    )


def test_two_dated_change_columns_are_told_apart_by_the_year_only(tmp_path):
    table = table_from_rows(TWO_CHANGES, tmp_path, "changes")
    answers_each(table, ("What was the percentage change in revenue from 2018 to 2019?", "13.6%"))
    answer = answer_table(table, "What was the percentage change in revenue?")
    assert answer is None or answer.value not in ("13.6%", "10.0%")
