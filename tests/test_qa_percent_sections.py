"""A table that repeats its items under "As a percentage of net sales:": "what percentage of net sales was gross
profit" is the item under that section, though "what percentage of net sales" reads as the kind of thing asked;
the item's amount stays the answer when no percentage is asked. The table is built as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

RESULTS = [
    ["", "2021", "2020"],
    ["Net sales", "$5,000", "$4,000"],
    ["Cost of sales", "3,000", "2,600"],
    ["Gross profit", "2,000", "1,400"],
    ["Research and development", "600", "500"],
    ["Operating income", "1,400", "900"],
    ["As a percentage of net sales:", "", ""],
    ["Gross profit", "40.0%", "35.0%"],
    ["Research and development", "12.0", "12.5"],
    ["Operating income", "28.0%", "22.5%"],
]


def _cell(answer):
    assert answer is not None and not answer.refused, answer
    return answer.value, [(c["row"], c["col"]) for c in answer.citations]


def test_percentage_of_a_section_is_the_item_under_it(tmp_path):
    table = table_from_rows(RESULTS, tmp_path, "results")
    assert _cell(answer_table(table, "What percentage of net sales was gross profit in 2020?")) == ("35.0%", [(7, 2)])
    asked = "What percentage of net sales was research and development in 2021?"
    assert _cell(answer_table(table, asked)) == ("12.0", [(8, 1)])
    assert _cell(answer_table(table, "What was the gross profit in 2020?")) == ("1,400", [(3, 2)])
