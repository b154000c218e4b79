"""A question asking what a section consists of, or which items a table lists, answers with the rows' own labels
(footnote markers glued to a label dropped), each row cited. The table is written as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

DEBTORS = [
    ["", "2019", "2018"],
    ["Amounts falling due within one year:", "", ""],
    ["Amounts owed by subsidiaries1", "242,976", "220,871"],
    ["Other debtors", "32", "199"],
    ["", "243,008", "221,070"],
    ["Amounts falling due after more than one year:", "", ""],
    ["Derivative financial instruments", "3,439", "2,449"],
    ["Deferred tax", "–", "31"],
    ["Total", "3,439", "2,480"],
]


def test_what_a_section_consists_of_is_the_labels_of_its_rows(tmp_path):
    table = table_from_rows(DEBTORS, tmp_path, "debtors")
    answer = answer_table(table, "What items do amounts falling due after more than one year consist of?")
    assert answer is not None and answer.value == "Derivative financial instruments; Deferred tax"
    assert [c["row"] for c in answer.citations] == [6, 7]
    first = answer_table(table, "What items do amounts falling due within one year consist of?")
    assert first is not None and first.value == "Amounts owed by subsidiaries; Other debtors"


def test_a_lookup_is_no_list(tmp_path):
    table = table_from_rows(DEBTORS, tmp_path, "debtors")
    answer = answer_table(table, "What was the deferred tax in 2018?")
    assert answer is not None and answer.value == "31"


def test_the_components_of_a_total_are_the_rows_it_adds_up(tmp_path):
    """No section row heads the items, but "Total property, plant and equipment" sums them: its components are
    those rows; a share of the total asked of them is no list."""
    rows = [
        ["", "2019", "2018"],
        ["Land", "100", "100"],
        ["Buildings", "500", "480"],
        ["Equipment", "300", "250"],
        ["Total property, plant and equipment", "900", "830"],
    ]
    table = table_from_rows(rows, tmp_path, "ppe")
    answer = answer_table(table, "What are the components of property, plant and equipment?")
    assert answer is not None and answer.value == "Land; Buildings; Equipment"
    assert sorted(c["row"] for c in answer.citations) == [1, 2, 3]
    answer = answer_table(
        table, "What proportion of total property, plant and equipment is made up of buildings in 2019?"
    )
    assert answer is None or answer.value != "Land; Buildings; Equipment"
