"""Note rows under a table: a last row with one text in its first column that reads as a note ("Note: FY2019 =
...", "(1) Excludes ...") is one of the table's notes, not a body row, in CSV files and in spreadsheets; a
one-column list keeps its last line, and a short last label stays a row."""

from __future__ import annotations

import csv
from pathlib import Path

from openpyxl import Workbook

from tablerag.parsing import parse
from tablerag.parsing.footnotes import is_note_text, trailing_note_rows

QUARTERS = [
    ["Billions of yen", "FY2018", "", "FY2019", ""],
    ["", "1Q", "2Q", "1Q", "2Q"],
    ["Net sales", "318.4", "332.6", "322.8", "328.1"],
    ["Operating income", "27.1", "30.4", "24.6", "25.8"],
    ["Note: FY2019 = fiscal year ended March 31, 2020 (1Q = April–June 2019).", "", "", "", ""],
]


def _csv(rows: list[list[str]], path: Path) -> Path:
    with path.open("w", encoding="utf-8", newline="") as fh:
        csv.writer(fh).writerows(rows)
    return path


def test_a_note_row_under_a_csv_table_is_a_note(tmp_path):
    (table,) = parse(_csv(QUARTERS, tmp_path / "q.csv")).tables
    assert table.notes == [QUARTERS[-1][0]]
    assert table.n_rows == len(QUARTERS) - 1
    labels = [table.row_chain(r)[-1] for r in range(table.header_rows, table.n_rows)]
    assert labels == ["Net sales", "Operating income"]


def test_a_note_row_under_a_spreadsheet_table_is_a_note(tmp_path):
    book = Workbook()
    sheet = book.active
    rows = [["", "2019", "2018"], ["Revenue", 120, 100], ["Costs", 80, 70], ["Profit", 40, 30]]
    rows.append(["(1) Excludes discontinued operations sold in the second half of 2019.", None, None])
    for row in rows:
        sheet.append(row)
    path = tmp_path / "notes.xlsx"
    book.save(path)
    (table,) = parse(path).tables
    assert table.notes == [rows[-1][0]]
    assert [table.row_chain(r)[-1] for r in range(table.header_rows, table.n_rows)] == ["Revenue", "Costs", "Profit"]


def test_what_is_no_note():
    assert is_note_text("Note: amounts restated") and is_note_text("* Less than 1%")
    assert not is_note_text("Total revenue") and not is_note_text("Other")
    # a short last label is a row; a one-column list keeps its last line; a table of two rows keeps its rows
    assert trailing_note_rows([["", "2019"], ["A", "1"], ["B", "2"], ["Other", ""]]) == 0
    assert trailing_note_rows([["Name"], ["Ann"], ["Bob"], ["Note: Carl joined in the last days of the year"]]) == 0
    assert trailing_note_rows([["", "2019"], ["A", "1"], ["Note: restated", ""]]) == 0
