"""A span of time after "after" or "before" ("due after more than five years") says when amounts fall due: the
maturity row asked, not a qualifier that leaves "Total borrowings" as the row asked. Tables are CSV files the tests
write."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

BORROWINGS = [
    ["", "2019", "", "", "2018"],
    ["", "EUR", "USD", "Total", "Total"],
    ["Maturity", "", "", "", ""],
    ["Within one year", "412", "186", "598", "655"],
    ["Between one and five years", "1,535", "740", "2,275", "2,396"],
    ["After five years", "890", "410", "1,300", "1,610"],
    ["Total borrowings", "2,837", "1,336", "4,173", "4,661"],
]

EXPOSURE = [
    ["", "2019", "2018"],
    ["Gross exposure", "1,250", "1,100"],
    ["Forward exchange contracts", "(400)", "(350)"],
    ["Net exposure", "850", "750"],
]


def test_a_span_after_after_is_the_maturity_asked(tmp_path):
    answers_each(
        table_from_rows(BORROWINGS, tmp_path, "borrowings"),
        ("What were total borrowings due after more than five years in 2018?", "1,610"),
        ("What were total borrowings in 2018?", "4,661"),
    )


def test_a_qualifier_after_after_still_leaves_the_subject_asked(tmp_path):
    answers_each(
        table_from_rows(EXPOSURE, tmp_path, "exposure"),
        ("What was the net exposure after forward exchange contracts in 2019?", "850"),
    )
