"""A fiscal year named "2019/20" over its end date ("28 March 2020") is answered by its name when a question asks
which year: the date's calendar year names no column of the table. Tables are CSV files the tests write."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

SUMMARY = [
    ["£m", "2017/18", "2018/19", "2019/20", "2020/21"],
    ["", "31 March 2018", "30 March 2019", "28 March 2020", "27 March 2021"],
    ["Revenue", "1,204.5", "1,287.3", "1,312.8", "1,098.6"],
    ["Operating margin", "8.1%", "8.6%", "9.4%", "4.2%"],
    ["Net debt", "(312.4)", "(298.1)", "(276.9)", "(214.7)"],
]


def test_which_year_is_answered_by_the_fiscal_years_name(tmp_path):
    table = table_from_rows(SUMMARY, tmp_path, "summary")
    for question, label in (
        ("Which year had the highest operating margin?", "2019/20"),
        ("In which year was revenue the lowest?", "2020/21"),
    ):
        found = answer_table(table, question)
        assert found is not None and found.label == label, (question, found and found.text)
