"""Section rows of PDF tables (a stub label with no values) as row-header levels of the rows below them."""

from __future__ import annotations

from pathlib import Path

from pdf_make import Block, make_borderless, make_pdf

from tablerag.parsing import parse
from tablerag.qa.sql import VIEW_NAME, Sandbox, quote, typed_view


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


def test_a_column_half_of_dashes_is_typed_numeric_with_the_dashes_nil(tmp_path: Path) -> None:
    rows = [
        ["", "2019", "2018"],
        ["Goodwill", "1,769.4", "1,710.3"],
        ["Additions", "866.9", "—"],
        ["Disposals", "(36.3)", "—"],
        ["Transfers", "12.0", "—"],
        ["Closing", "2,450.8", "1,620.2"],
    ]
    table = parse(make_pdf(tmp_path / "goodwill.pdf", [[Block(rows, top=120)]])).tables[0]
    view = typed_view(table)
    assert [c.numeric for c in view.columns] == [False, True, True]
    box = Sandbox({VIEW_NAME: view})
    try:
        total = box.run(f"SELECT SUM({quote(view.columns[2].name)}) FROM {VIEW_NAME}").rows[0][0]
    finally:
        box.close()
    assert float(total) == 1710.3 + 1620.2


def test_three_label_lines_in_a_row_inside_the_stub_do_not_end_the_table(tmp_path: Path) -> None:
    rows = [
        ["Characteristic", "Total", "Share"],
        ["Race/Ethnicity", "", ""],
        ["White, non-Hispanic", "51,084", "(33.4)"],
        ["American Indian/Alaska", "4,181", "(53.0)"],
        ["Native", "", ""],
        ["Sex, by race/ethnicity", "", ""],
        ["Male", "", ""],
        ["White, non-Hispanic", "44,537", "(33.0)"],
        ["Hispanic", "7,160", "(44.8)"],
    ]
    indents = [0, 0, 1, 1, 2, 0, 1, 2, 2]
    tables = parse(make_borderless(tmp_path / "housing.pdf", rows, [250.0, 300.0], indents)).tables
    assert len(tables) == 1
    assert tables[0].row_headers[-1] == ["Sex, by race/ethnicity", "Male", "Hispanic"]


def test_column_labels_counting_1_2_3_are_a_header_row_not_data(tmp_path: Path) -> None:
    rows = [
        ["", "Lead time", "", "", ""],
        ["Error", "1", "2", "3", "4"],
        ["Schools", "", "", "", ""],
        ["Pupils", "0.3", "0.6", "0.8", "1.1"],
        ["Staff", "0.8", "1.4", "1.7", "2.2"],
    ]
    table = parse(make_pdf(tmp_path / "errors.pdf", [[Block(rows, top=120)]])).tables[0]
    assert table.header_rows == 2
    assert [chain[-1] for chain in table.column_headers[1:]] == ["1", "2", "3", "4"]
    assert table.row_headers[3] == ["Schools", "Pupils"]
