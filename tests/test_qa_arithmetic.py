"""Computed answers (TAT-QA-style arithmetic with the table given), one test per cause of a wrong number: each
builds its table as a CSV file and asks the kind of question that went wrong. A wrong number is worse than a
refusal, so where the rules cannot make the computation asked, the question is refused."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table
from tablerag.qa.route import Intent, rule_route


def test_a_nested_computation_is_refused_unless_an_operand_label_says_the_inner_operation(tmp_path):
    rows = [
        ["", "2019", "2018", "2017"],
        ["Current tax expense", "300", "250", "200"],
        ["Deferred tax expense", "40", "30", "20"],
        ["EBITDA", "1,000", "900", "800"],
        ["Underlying EBITDA", "1,100", "950", "820"],
        ["Average price", "12.5", "11.0", "10.0"],
    ]
    table = table_from_rows(rows, tmp_path, "tax")
    assert rule_route("What is the change in the average current tax expense?").others == ((Intent.AVERAGE, "average"),)
    # an average of changes, a change of averages: one level of it is a wrong number
    assert (
        answer_table(table, "What is the change in the average current tax expense between 2017-2018, and 2018-2019?")
        is None
    )
    assert (
        answer_table(table, "What was the average difference between EBITDA and underlying EBITDA for 2018 and 2019?")
        is None
    )
    # the row's label says the average: one difference of two stated cells
    answer = answer_table(table, "What was the change in the average price from 2018 to 2019?")
    assert answer is not None and float(answer.value) == 1.5
    # one operation named by two words ("percentage" and "change") is no nesting
    answer = answer_table(table, "What was the percentage change in current tax expense from 2018 to 2019?")
    assert answer is not None and float(answer.value) == 20
