""" "Over what period" asks a span of time, not a share of a whole: the row the question names is looked up, never
the row after it as the share's part. Tables are CSV files the tests write."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

LIVES = [
    ["Asset class", "Depreciation method", "Useful life"],
    ["Freehold land", "Not depreciated", "Indefinite"],
    ["Freehold buildings", "Straight-line", "40 to 50 years"],
    ["Plant and machinery", "Straight-line", "5 to 15 years"],
    ["Right-of-use assets", "Straight-line", "Over the lease term"],
]


def test_over_what_period_looks_up_the_row_named(tmp_path):
    table = table_from_rows(LIVES, tmp_path, "lives")
    for question, value in (
        ("Over what period are freehold buildings depreciated?", "40 to 50 years"),
        ("Over what period is plant and machinery depreciated?", "5 to 15 years"),
    ):
        found = answer_table(table, question)
        assert found is not None and found.value == value, (question, found and found.text)
