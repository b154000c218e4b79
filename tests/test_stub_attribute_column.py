"""A text column beside the row labels that states an attribute of each row ("Useful Life | 20 - 40") is no second
level of the stub because an unlabelled total line leaves both columns empty; a stub whose outer level is blank on
the rows it carries down stays two levels. Tables are CSV."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

USEFUL_LIVES = [
    ["", "Estimated", "", ""],
    ["", "Useful Life", "June 30,", ""],
    ["", "(in years)", "2019", "2018"],
    ["Land", "—", "14,250", "14,250"],
    ["Buildings and improvements", "20 - 40", "86,431", "81,207"],
    ["Machinery and equipment", "5 - 15", "142,968", "131,554"],
    ["Furniture and fixtures", "5 - 7", "9,846", "9,120"],
    ["", "", "253,495", "236,131"],
    ["Less: accumulated depreciation", "", "(148,206)", "(131,477)"],
    ["Property, plant and equipment, net", "", "105,289", "104,654"],
]

NESTED = [
    ["Segment", "Product", "2019", "2018"],
    ["Americas", "Widgets", "120", "110"],
    ["", "Gadgets", "80", "75"],
    ["Europe", "Widgets", "90", "95"],
    ["", "Gadgets", "60", "50"],
    ["", "", "350", "330"],
]


def test_an_attribute_column_is_no_stub_level(tmp_path):
    table = table_from_rows(USEFUL_LIVES, tmp_path, "lives")
    assert table is not None
    buildings = next(r for r in range(table.n_rows) if table.row_chain(r)[-1:] == ["Buildings and improvements"])
    assert table.row_chain(buildings) == ["Buildings and improvements"]
    answers_each(
        table,
        ("Which asset category had the largest amount in 2019?", "Machinery and equipment"),
        ("What is the estimated useful life of buildings and improvements?", "20 - 40"),
    )


def test_a_carried_outer_label_keeps_two_stub_levels(tmp_path):
    table = table_from_rows(NESTED, tmp_path, "nested")
    assert table is not None
    gadgets = [r for r in range(table.n_rows) if table.row_chain(r)[-1:] == ["Gadgets"]]
    assert [table.row_chain(r) for r in gadgets] == [["Americas", "Gadgets"], ["Europe", "Gadgets"]]
