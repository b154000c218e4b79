"""A borderless table's stub label over a line that states the table's scale: the note is the table's unit, no
second line of the stub label."""

from __future__ import annotations

from pathlib import Path

from pdf_make import make_borderless

from tablerag.parsing import parse


def test_a_scale_note_under_the_stub_label_is_the_tables_unit(tmp_path: Path) -> None:
    rows = [
        ["Year Ended December 31,", "", ""],
        ["(in thousands of U.S. dollars)", "2019", "2018"],
        ["Revenues", "601,256", "510,762"],
        ["Voyage expenses", "(21,387)", "(28,237)"],
        ["Vessel operating expenses", "(111,585)", "(117,658)"],
        ["Time-charter hire expense", "(19,994)", "(7,670)"],
    ]
    table = parse(make_borderless(tmp_path / "voyages.pdf", rows, [330.0, 400.0])).tables[0]
    assert table.column_headers[0] == ["Year Ended December 31,"]
    assert table.unit == "thousand USD"
    revenues = next(c for c in table.cells if c.text == "601,256")
    assert revenues.unit == "thousand USD"


def test_a_unit_in_parentheses_still_ends_a_wrapped_stub_label(tmp_path: Path) -> None:
    rows = [
        ["Age group", "", ""],
        ["(yrs)", "no.", "Rate"],
        ["15-24", "1,204", "3.1"],
        ["25-34", "2,318", "4.4"],
        ["35-44", "2,027", "5.0"],
    ]
    table = parse(make_borderless(tmp_path / "ages.pdf", rows, [300.0, 360.0])).tables[0]
    assert table.column_headers[0] == ["Age group (yrs)"]
