"""A question that states a value and asks whose it is answers with the label of the one cell holding it. The table
is written as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table
from tablerag.qa.reverse import stated_number

REGIONS = [
    ["", "2019", "2018"],
    ["Americas", "1,200", "1,100"],
    ["EMEA", "800", "950"],
    ["APAC", "400", "300"],
    ["Total", "2,400", "2,350"],
]


def test_the_row_holding_a_stated_value_names_the_answer(tmp_path):
    table = table_from_rows(REGIONS, tmp_path, "regions")
    answer = answer_table(table, "Which region had revenue of 800 in 2019?")
    assert answer is not None and answer.value == "EMEA" and answer.label == "EMEA"
    assert [(c["row"], c["col"]) for c in answer.citations] == [(2, 1)]


def test_the_column_of_a_named_row_holding_a_stated_value_names_the_year(tmp_path):
    table = table_from_rows(REGIONS, tmp_path, "regions")
    answer = answer_table(table, "In which year was EMEA revenue 950?")
    assert answer is not None and answer.value == "2018"
    assert [(c["row"], c["col"]) for c in answer.citations] == [(2, 2)]


def test_a_bound_or_a_year_is_no_stated_value(tmp_path):
    assert stated_number("Which regions had revenue of 1,200.5 in 2019?") == 1200.5
    assert stated_number("Which region led in 2019?") is None
    table = table_from_rows(REGIONS, tmp_path, "regions")
    above = answer_table(table, "Which region had revenue above 500 in 2019?")
    assert above is None or above.value != "EMEA"  # a filter of several rows, not one stated value


def test_of_two_columns_named_the_one_holding_the_value_once_finds_the_row_and_the_other_names_it(tmp_path):
    rows = [
        ["Pos", "Driver", "Laps", "Points"],
        ["1", "Paul Tracy", "94", "33"],
        ["2", "Ryan Hunter-Reay", "93", "1"],
        ["3", "Bruno Junqueira", "1", "27"],
    ]
    table = table_from_rows(rows, tmp_path, "race")
    answer = answer_table(table, "Which driver only scored 1 point?")  # "1" is also a position and a lap count
    assert answer is not None and (answer.label or answer.value) == "Ryan Hunter-Reay"
    assert any(c["column_name"] == "Points" for c in answer.citations)


FAIR_VALUE = [
    ["", "Level 1", "Level 2", "Level 3", "Total"],
    ["Money market funds", "300", "—", "—", "300"],
    ["Corporate bonds", "—", "450", "—", "450"],
    ["Auction rate securities", "—", "—", "25", "25"],
]


def test_the_column_of_a_kind_a_row_falls_under_is_named(tmp_path):
    table = table_from_rows(FAIR_VALUE, tmp_path, "fair_value")
    answer = answer_table(table, "Which level were the corporate bonds categorized under?")
    assert answer is not None and answer.value == "Level 2"
    assert [(c["row"], c["col"]) for c in answer.citations] == [(2, 2)]
    answer = answer_table(table, "In which level are auction rate securities classified?")
    assert answer is not None and answer.value == "Level 3"
    # a row with amounts in two columns of the kind does not say which
    split = [*FAIR_VALUE[:2], ["Government bonds", "100", "200", "—", "300"]]
    table = table_from_rows(split, tmp_path, "split")
    answer = answer_table(table, "Which level were the government bonds categorized under?")
    assert answer is None or answer.value not in ("Level 1", "Level 2")
