"""A question for "the total" of a table whose grand total is a line of sums without a label, under labelled section
totals: the grand total, not a refusal between the sections' totals. Tables are CSV."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

PROVISION = [
    ["(in thousands)", "2023", "2022"],
    ["Current:", "", ""],
    ["Federal", "14,200", "12,950"],
    ["State", "3,410", "2,880"],
    ["Total current", "17,610", "15,830"],
    ["Deferred:", "", ""],
    ["Federal", "(1,250)", "940"],
    ["State", "(160)", "85"],
    ["Total deferred", "(1,410)", "1,025"],
    ["", "16,200", "16,855"],
]


def test_the_total_is_the_unlabelled_line_that_sums_the_section_totals(tmp_path):
    answers_each(
        table_from_rows(PROVISION, tmp_path, "provision"),
        ("What was the total income tax provision in 2023?", "16,200"),
        ("What was the total in 2022?", "16,855"),
        ("What was the total deferred tax in 2023?", "(1,410)"),
        ("What was total current tax in 2022?", "15,830"),
    )
