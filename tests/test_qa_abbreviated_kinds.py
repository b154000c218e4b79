"""Column groups named with dotted abbreviations ("U.S. Plans | Non-U.S. Plans", each over its years): the group the
question names ("for non-U.S. plans") is the one compared, as its words read the same in the header and the
question. Tables are CSV files the tests write."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

COST = [
    ["(In millions)", "U.S. Plans", "", "", "Non-U.S. Plans", "", ""],
    ["", "2019", "2018", "2017", "2019", "2018", "2017"],
    ["Service cost", "$72", "$79", "$81", "$26", "$26", "$24"],
    ["Interest cost", "141", "128", "134", "46", "44", "41"],
    ["Net periodic benefit cost", "$26", "$31", "$30", "$37", "$30", "$28"],
]


def test_the_dotted_group_named_is_the_one_compared(tmp_path):
    table = table_from_rows(COST, tmp_path, "cost")
    for question, label in (
        ("Which year had the highest net periodic benefit cost for non-U.S. plans?", "2019"),
        ("Which year had the highest net periodic benefit cost for U.S. plans?", "2018"),
    ):
        found = answer_table(table, question)
        assert found is not None and found.label == label, (question, found and found.text)
