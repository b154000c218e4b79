"""Section rows of PDF tables (a stub label with no values) as row-header levels of the rows below them."""

from __future__ import annotations

from pathlib import Path

from pdf_make import make_borderless

from tablerag.parsing import parse


def test_indented_stub_labels_close_a_nested_section_where_the_indentation_returns(tmp_path: Path) -> None:
    rows = [
        ["Characteristic", "Total", "Share"],
        ["Sex, by race/ethnicity", "", ""],
        ["Male", "", ""],
        ["White, non-Hispanic", "45,116", "(23.0)"],
        ["Hispanic", "7,086", "(20.2)"],
        ["Female", "", ""],
        ["White, non-Hispanic", "33,628", "(24.0)"],
        ["Hispanic", "5,523", "(23.9)"],
        ["Annual income ($)", "", ""],
        ["Under 25,000", "46,912", "(27.2)"],
        ["25,000 and over", "31,170", "(23.1)"],
    ]
    indents = [0, 0, 1, 2, 2, 1, 2, 2, 0, 1, 1]
    table = parse(make_borderless(tmp_path / "housing.pdf", rows, [250.0, 300.0], indents)).tables[0]
    assert table.row_headers[7] == ["Sex, by race/ethnicity", "Female", "Hispanic"]
    assert table.row_headers[10] == ["Annual income ($)", "25,000 and over"]
