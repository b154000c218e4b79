"""Comparisons whose answer is a row's label in tables of common report shapes: "what was the largest component
of X" names the component (its amount is shown beside it). Each test builds its table as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

COMPONENTS = [
    ["", "2019", "2018"],
    ["Deferred tax assets:", "", ""],
    ["Net operating loss carryforwards", "12,400", "10,100"],
    ["Tax credits", "3,200", "4,800"],
    ["Accrued liabilities", "2,100", "1,900"],
    ["Stock-based compensation", "1,500", "1,700"],
    ["Total deferred tax assets", "19,200", "18,500"],
]


def _label(answer):
    assert answer is not None and not answer.refused, answer
    return answer.value


def test_the_largest_component_is_named(tmp_path):
    table = table_from_rows(COMPONENTS, tmp_path, "components")
    largest = answer_table(table, "What was the largest component of deferred tax assets in 2019?")
    assert _label(largest) == "Net operating loss carryforwards"
    assert "12400" in largest.text  # the amount it won by is shown beside the name
    smallest = answer_table(table, "What was the smallest component of deferred tax assets in 2018?")
    assert _label(smallest) == "Stock-based compensation"


def test_the_largest_amount_is_still_a_number(tmp_path):
    table = table_from_rows(COMPONENTS, tmp_path, "components")
    assert _label(answer_table(table, "What was the largest deferred tax asset in 2019?")) == "12400"
