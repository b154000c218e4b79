"""Registers (a name per row, then text columns) asked "which X ..." by another of a row's cells: the row's name
answers, also when the first column's header does not say the kind asked ("which property" over "Location"), when
the name holds a word of the question ("Northwind Ireland Limited" for "incorporated in Ireland"), and over a
two-column list read as a form ("which asset category has a useful life of 3-10 years"). A name said whole in the
question is no answer to it. Tables are written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

PROPERTIES = [
    ["Location", "Principal Use", "Approximate Square Feet", "Owned or Leased"],
    ["Santa Clara, California", "Corporate headquarters, research and development", "1,250,000", "Owned"],
    ["Austin, Texas", "Sales, support and administration", "410,000", "Leased"],
    ["Hsinchu, Taiwan", "Manufacturing and testing", "585,000", "Owned"],
    ["Penang, Malaysia", "Assembly and test", "470,000", "Owned"],
]
SUBSIDIARIES = [
    ["Name of subsidiary", "Country of incorporation", "Principal activity", "Ownership interest"],
    ["Northwind Holdings Ltd", "United Kingdom", "Holding company", "100%"],
    ["Northwind Ireland Limited", "Ireland", "Distribution", "100%"],
    ["Northwind GmbH", "Germany", "Sales and marketing", "100%"],
    ["Nordvik Software AB", "Sweden", "Software development", "51%"],
]
LIVES = [
    ["Asset category", "Estimated useful life"],
    ["Buildings", "30-40 years"],
    ["Machinery and equipment", "3-10 years"],
    ["Computer hardware and software", "3-5 years"],
    ["Vehicles", "4 years"],
]


def test_a_register_answers_with_the_name_of_the_row_another_cell_names(tmp_path):
    answers_each(
        table_from_rows(PROPERTIES, tmp_path, "properties"),
        ("Which property is used for assembly and test?", "Penang, Malaysia"),
        ("What is the principal use of the Austin, Texas property?", "Sales, support and administration"),
    )


def test_a_name_said_in_part_still_answers(tmp_path):
    table = table_from_rows(SUBSIDIARIES, tmp_path, "subsidiaries")
    answers_each(
        table,
        ("Which subsidiary is incorporated in Ireland?", "Northwind Ireland Limited"),
        ("Which subsidiary is engaged in software development?", "Nordvik Software AB"),
        ("Which subsidiary operates in Germany?", "Northwind GmbH"),
    )
    said = answer_table(table, "Which country is Northwind Ireland Limited incorporated in?")
    assert said is None or said.value != "Northwind Ireland Limited"


def test_a_two_column_list_answers_with_its_label(tmp_path):
    answers_each(
        table_from_rows(LIVES, tmp_path, "lives"),
        ("Which asset category has a useful life of 3-10 years?", "Machinery and equipment"),
        ("What is the estimated useful life of vehicles?", "4 years"),
    )
