"""A ratio the table states in a row of its own ("Net debt/EBITDA") is read from that row when the question names its
parts ("the ratio of net debt to EBITDA"), not computed from the parts' rows or refused."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

LEVERAGE = [
    ["", "2019", "2018"],
    ["Net debt", "2,100", "1,900"],
    ["EBITDA", "1,000", "950"],
    ["Net debt/EBITDA", "2.1x", "2.0x"],
]


def test_a_stated_ratio_row_answers_the_ratio_of_its_parts(tmp_path):
    table = table_from_rows(LEVERAGE, tmp_path, "leverage")
    for question, value, cell in [
        ("What was the ratio of net debt to EBITDA in 2019?", "2.1x", (3, 1)),
        ("What was the net debt to EBITDA ratio in 2018?", "2.0x", (3, 2)),
    ]:
        answer = answer_table(table, question)
        assert answer is not None and answer.value == value and answer.sql is None, question
        assert [(c["row"], c["col"]) for c in answer.citations] == [cell]


def test_without_a_stated_row_the_ratio_is_computed(tmp_path):
    table = table_from_rows(LEVERAGE[:3], tmp_path, "parts")
    answer = answer_table(table, "What was the ratio of net debt to EBITDA in 2019?")
    assert answer is not None and answer.sql is not None and abs(float(answer.value) - 2.1) < 1e-9


def test_a_proportion_asked_takes_the_tables_one_share_column(tmp_path):
    rows = [
        ["Name", "Number of shares", "Percentage of total"],
        ["John Smith", "1,000,000", "10.5%"],
        ["Jane Doe", "500,000", "5.2%"],
    ]
    table = table_from_rows(rows, tmp_path, "holders")
    answer = answer_table(table, "What proportion of shares does Jane Doe own?")
    assert answer is not None and answer.value == "5.2%" and answer.sql is None
    assert [(c["row"], c["col"]) for c in answer.citations] == [(2, 2)]


def test_the_end_of_a_range_with_its_unit_word_answers_a_maximum_or_minimum(tmp_path):
    rows = [["", "Estimated useful life"], ["Buildings", "Up to 40 years"], ["Machinery", "3 to 10 years"]]
    table = table_from_rows(rows, tmp_path, "lives")
    for question, value in [
        ("What is the maximum useful life of buildings?", "40"),
        ("What is the minimum useful life of machinery?", "3"),
        ("What is the maximum useful life of machinery?", "10"),
    ]:
        answer = answer_table(table, question)
        assert answer is not None and answer.value == value, question
