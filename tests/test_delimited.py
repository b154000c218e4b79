"""CSV/TSV reader: real WikiTableQuestions and TAT-QA tables, encodings, delimiters, line numbers, bad input."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from tablerag.errors import BadInputError
from tablerag.model import Table
from tablerag.parsing import parse
from tablerag.parsing.delimited import read_delimited

SHA = "cd" * 32
ROWS = [["Название сети", "Партнёр", "Сумма"], ["СЕВЕРЯНКА", "Да", "1 234,5"], ["ЛЕНТА", "Нет", "91"]]


def _wtq(shared_data: Path, name: str) -> Path:
    return shared_data / "wikitablequestions" / "csv" / name


def _text(table: Table, row: int, col: int) -> str:
    cell = table.cell_at(row, col)
    return cell.text if cell else ""


@pytest.mark.parametrize("suffix", ["csv", "tsv"])
def test_wtq_known_cell_with_escaped_quotes(shared_data: Path, suffix: str) -> None:
    doc = read_delimited(_wtq(shared_data, f"201-csv/23.{suffix}"), SHA)
    (table,) = doc.tables
    assert doc.format == "csv" and table.parser == "csv" and table.source.sheet is None
    assert table.header_rows == 1 and table.column_headers == [["Year"], ["Title"], ["Role"], ["Notes"]]
    assert (table.n_rows, table.n_cols) == (32, 4)
    assert _text(table, 16, 3) == 'Episode: "My Mother the Alien"' and _text(table, 16, 1) == "3rd Rock from the Sun"
    assert table.sheet_rows is not None and table.sheet_rows[16] == 17 and table.row_label(16) == 17
    year = table.cell_at(16, 0)
    assert year is not None and year.value == 1996.0


def test_quoted_multiline_cell_keeps_real_line_numbers(shared_data: Path) -> None:
    path = _wtq(shared_data, "200-csv/11.csv")
    (table,) = read_delimited(path, SHA).tables
    assert table.sheet_rows is not None
    row = next(r for r in range(table.n_rows) if "Soderberg" in _text(table, r, 2))
    assert _text(table, row, 2) == "Theodore Soderberg\nChristopher Newman" and table.sheet_rows[row] == 9
    assert table.sheet_rows[row + 1] == 11  # the record above took two lines
    assert table.sheet_rows[-1] == len(path.read_text(encoding="utf-8").splitlines())


def test_tatqa_table_as_csv(shared_data: Path, tmp_path: Path) -> None:
    contexts = json.loads((shared_data / "tat-qa" / "tatqa_dataset_dev.json").read_text(encoding="utf-8"))
    grid = contexts[0]["table"]["table"]
    path = tmp_path / "tatqa0.csv"
    with open(path, "w", encoding="utf-8", newline="") as fh:
        csv.writer(fh).writerows(grid)
    (table,) = parse(path).tables
    row = next(r for r, line in enumerate(grid) if line[0] == "Fixed Price")
    cell = table.cell_at(row, 1)
    assert cell is not None and cell.text == grid[row][1] and (cell.value, cell.unit) == (1452.4, "USD")
    assert table.n_cols == len(grid[0])


@pytest.mark.parametrize(
    ("encoding", "delimiter", "suffix"),
    [
        ("cp1251", ";", ".csv"),
        ("utf-8", ";", ".csv"),
        ("utf-8-sig", ",", ".csv"),
        ("utf-16", "\t", ".tsv"),
        ("utf-8", "\t", ".tsv"),
        ("utf-8", "|", ".csv"),
        ("cp1251", ",", ".csv"),
    ],
)
def test_encodings_and_delimiters(tmp_path: Path, encoding: str, delimiter: str, suffix: str) -> None:
    path = tmp_path / f"сети{suffix}"
    lines = [delimiter.join(f'"{v}"' if delimiter in v else v for v in row) for row in ROWS]
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode(encoding))
    (table,) = read_delimited(path, SHA).tables
    assert table.column_headers == [["Название сети"], ["Партнёр"], ["Сумма"]]
    assert table.grid()[1] == ["СЕВЕРЯНКА", "Да", "1 234,5"]
    total = table.cell_at(1, 2)
    assert total is not None and total.value == 1234.5


def test_blank_lines_keep_line_numbering_and_ragged_rows_are_padded(tmp_path: Path) -> None:
    path = tmp_path / "gaps.csv"
    path.write_text("\n\nname,n,extra\na,1\n\nb,2,x,\n\n", encoding="utf-8")
    (table,) = read_delimited(path, SHA).tables
    assert table.sheet_rows == [3, 4, 6]  # blank lines say nothing; each row keeps its own line number
    assert (table.n_rows, table.n_cols) == (3, 3)  # the all-empty trailing column is dropped
    assert table.grid() == [["name", "n", "extra"], ["a", "1", ""], ["b", "2", "x"]]
    assert table.row_label(2) == 6


def test_numeric_first_row_is_not_a_header(tmp_path: Path) -> None:
    path = tmp_path / "nums.csv"
    path.write_text("1,2\n3,4\n", encoding="utf-8")
    (table,) = read_delimited(path, SHA).tables
    assert table.header_rows == 0 and not any(c.is_header for c in table.cells)


@pytest.mark.parametrize(
    "content",
    [b"", b"   \r\n\n", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", bytes(range(1, 32)) * 20],
    ids=["empty", "blank", "png", "control-bytes"],
)
def test_bad_delimited_input(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "bad.csv"
    path.write_bytes(content)
    with pytest.raises(BadInputError) as err:
        read_delimited(path, SHA)
    assert err.value.path == str(path)


def test_a_title_written_in_every_field_of_the_first_record_is_the_caption(tmp_path: Path) -> None:
    """A merged title exported cell by cell: the caption, with the header read from the record below it."""
    path = tmp_path / "costs.csv"
    rows = [["Cost report 2021"] * 3, ["Item", "2021", "2020"], ["Rent", "120", "110"], ["Staff", "800", "760"]]
    with path.open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(rows)
    (table,) = parse(path).tables
    assert table.caption == "Cost report 2021"
    assert [table.column_name(c) for c in range(table.n_cols)] == ["Item", "2021", "2020"]
    assert table.row_label(1) == 3  # the file's own line numbers are kept for citations
    one_field = tmp_path / "one.csv"
    one_field.write_text("Note,Note,\nItem,2021,2020\nRent,120,110\nStaff,800,760\n", encoding="utf-8")
    assert parse(one_field).tables[0].caption is None  # an empty field: no title across the width
