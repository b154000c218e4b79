"""A row broken down by kind under each period ("December 31, 2021 / Level 1 | Level 2 | Level 3 | Total"): "in
which year was it higher" compares each period's total and answers with the period, never a kind. The table is
written as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

FAIR_VALUE = [
    ["", "December 31, 2021", "", "", "", "December 31, 2020", "", "", ""],
    ["(in thousands)", "Level 1", "Level 2", "Level 3", "Total", "Level 1", "Level 2", "Level 3", "Total"],
    ["Cash equivalents", "$205,118", "$48,900", "$—", "$254,018", "$188,442", "$22,500", "$—", "$210,942"],
    ["Long-term investments", "31,000", "94,206", "—", "125,206", "—", "120,554", "—", "120,554"],
    ["Total assets", "$236,118", "$143,106", "$—", "$379,224", "$188,442", "$143,054", "$—", "$331,496"],
]


def test_a_period_compared_is_its_total(tmp_path):
    table = table_from_rows(FAIR_VALUE, tmp_path, "fair")
    answer = answer_table(table, "In which year were long-term investments higher?")
    assert answer is not None and answer.value == "2021"  # 125,206 against 120,554; its Level 2 alone is lower
    assert sorted((c["row"], c["col"]) for c in answer.citations) == [(3, 4), (3, 8)]
