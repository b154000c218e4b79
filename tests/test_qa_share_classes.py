"""A class letter opening a row label ("B ordinary shares") is a word of its own, as it is said in a question ("how
many B ordinary shares"): the class's row, not the plain "Ordinary shares". Tables are CSV files the tests write."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

CLASSES = [
    ["Share class", "Nominal value", "Number in issue at 31 Dec 2019", "Number in issue at 31 Dec 2018"],
    ["Ordinary shares", "£0.10", "412,560,000", "408,930,000"],
    ["B ordinary shares", "£0.01", "6,250,000", "—"],
    ["C shares", "£0.001", "1,200,000", "1,100,000"],
]


def test_a_class_letter_opening_a_label_names_its_row(tmp_path):
    table = table_from_rows(CLASSES, tmp_path, "classes")
    for question, value in (
        ("How many B ordinary shares were in issue at 31 Dec 2019?", "6,250,000"),
        ("What is the nominal value of C shares?", "£0.001"),
        ("How many ordinary shares were in issue at 31 Dec 2018?", "408,930,000"),
    ):
        found = answer_table(table, question)
        assert found is not None and found.value == value, (question, found and found.text)
