"""Regressions on the operands of computed answers (one test per cause): each builds its table as a CSV file and
asks the kind of question that went wrong. A wrong number is worse than a refusal."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table


def _cells(answer):
    return sorted((c["row"], c["col"]) for c in answer.citations)


def test_an_average_over_periods_takes_one_kind_of_amount(tmp_path):
    rows = [
        ["", "Fiscal years ended July 31,", "", "", ""],
        ["", "2019", "", "2018", ""],
        ["", "Amount", "% of total revenue", "Amount", "% of total revenue"],
        ["Services", "243,053", "34", "246,548", "38"],
        ["Maintenance", "16,499", "2", "14,783", "2"],
    ]
    table = table_from_rows(rows, tmp_path, "services")
    answer = answer_table(table, "What was the average Services for 2018 and 2019?")
    assert answer is not None and float(answer.value) == (243053 + 246548) / 2
    changes = [
        ["", "Year Ended December 31,", "", "", "Variation", ""],
        ["", "2019", "2018", "2017", "2019 vs 2018", "2018 vs 2017"],
        ["Cost of sales", "5,000", "6,000", "4,000", "(1,000)", "2,000"],
    ]
    answer = answer_table(table_from_rows(changes, tmp_path, "cost"), "What is the average Cost of sales?")
    assert answer is not None and float(answer.value) == 5000  # the variation columns are not periods
    assert len(answer.citations) == 3


def test_a_span_of_years_takes_every_period_column_in_it(tmp_path):
    rows = [
        ["", "Year Ended May 31,", "", ""],
        ["", "2019", "2018", "2017"],
        ["Dividend yield", "1.5", "1.7", "1.6"],
        ["Risk-free interest rate", "2.6", "1.9", "1.2"],
    ]
    table = table_from_rows(rows, tmp_path, "yield")
    answer = answer_table(table, "What was the average dividend yield for the 3 years from 2017 to 2019?")
    assert answer is not None and round(float(answer.value), 2) == 1.6
    assert len(answer.citations) == 3


def test_a_computation_with_unlinked_operands_is_refused_not_answered_with_one_operand(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Total current assets", "121,041", "98,200"],
        ["Total current liabilities", "155,180", "120,400"],
        ["Total assets", "402,500", "371,900"],
    ]
    table = table_from_rows(rows, tmp_path, "balance")
    assert answer_table(table, "What is the current ratio in 2019?") is None
    assert answer_table(table, "What was the change in the amount outstanding in 2019 from 2018?") is None
    stated = table_from_rows([*rows, ["Current ratio", "0.78", "0.82"]], tmp_path, "stated")
    answer = answer_table(stated, "What is the current ratio in 2019?")
    assert answer is not None and answer.value == "0.78"  # the table states the ratio: it is taken
