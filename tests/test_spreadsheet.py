"""XLSX reader: the seed-000 sheet, real HiTab workbooks (merged multi-row headers), blocks, values, bad input."""

from __future__ import annotations

import datetime as dt
import zipfile
from pathlib import Path

import openpyxl
import pytest
from helpers import build_seed000_workbook

from tablerag.errors import BadInputError
from tablerag.model import Table
from tablerag.parsing import parse
from tablerag.parsing.spreadsheet import read_xlsx

SHA = "ab" * 32


def _hitab(shared_data: Path, n: int) -> Path:
    return shared_data / "hitab-statcan-xlsx" / "xlsx" / f"{n}.xlsx"


def _on_sheet(tables: list[Table], sheet: str) -> list[Table]:
    return [t for t in tables if t.source.sheet == sheet]


def _at(table: Table, sheet_row: int, letter: str) -> str:
    assert table.sheet_rows is not None and table.column_letters is not None
    cell = table.cell_at(table.sheet_rows.index(sheet_row), table.column_letters.index(letter))
    return cell.text if cell else ""


def test_seed000_merged_group_header_and_names_from_second_row(tmp_path: Path) -> None:
    doc = parse(build_seed000_workbook(tmp_path / "сети.xlsx"))
    (table,) = doc.tables
    assert table.source.sheet == "Сети" and table.source.cell_range == "A1:E6"
    assert table.header_rows == 2 and table.caption is None
    assert table.column_headers[:3] == [["Название сети"], ["Партнёр"], ["Каналы National (Urban)", "Гипермаркеты"]]
    assert table.column_name(4) == "Каналы National (Urban) / Дискаунтеры"
    assert table.column_letters == ["A", "B", "C", "D", "E"]
    assert table.sheet_rows is not None
    row = table.sheet_rows.index(4)
    cells = {table.column_label(c.col): c for c in table.cells if c.row == row}
    assert (cells["A"].text, cells["B"].text, cells["C"].text, cells["C"].value) == ("СЕВЕРЯНКА", "Да", "91", 91.0)
    merged = table.cell_at(0, 3)
    assert merged is not None and (merged.col, merged.col_span, merged.is_header) == (2, 3, True)


def test_hitab_header_tree_and_value(shared_data: Path) -> None:
    doc = read_xlsx(_hitab(shared_data, 1), SHA)
    table = _on_sheet(doc.tables, "original")[0]
    assert table.caption is not None and table.caption.startswith("Table 3: Sex and marital status")
    assert table.source.cell_range == "A3:G13" and table.header_rows == 3
    assert table.column_headers[2] == ["Agricultural region 1", "English-language workers", "percent"]
    assert table.column_headers[6] == ["Agricultural region 4", "English-language workers", "percent"]
    assert _at(table, 7, "C") == "28.0" and _at(table, 7, "A") == "Female" and _at(table, 6, "A") == "Sex"
    group = table.cell_at(0, 2)
    assert group is not None and (group.text, group.col, group.col_span) == ("Agricultural region 1", 1, 2)
    assert table.id.endswith(f":t{table.table_no}") and table.parser == "spreadsheet"


def test_hitab_scratch_cells_beside_the_table_are_split_off(shared_data: Path) -> None:
    tables = _on_sheet(read_xlsx(_hitab(shared_data, 1), SHA).tables, "labeling")
    assert tables[0].source.cell_range == "A3:G13"
    assert tables[1].source.cell_range == "H8:I8" and tables[1].header_rows == 0


def test_hitab_four_level_header(shared_data: Path) -> None:
    table = _on_sheet(read_xlsx(_hitab(shared_data, 47), SHA).tables, "original")[0]
    assert table.header_rows == 4
    assert table.column_headers[4] == ["Acute care hospitalization", "95% confidence interval", "to"]
    assert table.column_headers[0] == ["Characteristics"]


def test_every_hitab_workbook_parses_with_caption_and_header(shared_data: Path) -> None:
    books = sorted((shared_data / "hitab-statcan-xlsx" / "xlsx").glob("*.xlsx"))
    assert len(books) >= 30
    for book in books:
        doc = read_xlsx(book, SHA)
        first = _on_sheet(doc.tables, "original")[0]
        assert first.caption and first.caption.startswith("Table"), book.name
        assert first.header_rows >= 1 and all(first.column_headers[1:]), book.name
        assert [t.table_no for t in doc.tables] == list(range(len(doc.tables))), book.name


def _value_book(path: Path) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Data"
    ws["A1"] = "Quarterly sales (title row)"
    rows = [
        ("Item", "Share", "Day", "Amount", "Flag", "Text"),
        ("x", 0.125, dt.datetime(2024, 10, 15), 1234.5, True, "=cmd|' /C calc'!A0"),
        ("y", 0.07, dt.date(2024, 1, 2), 35.299999999999997, False, "plain"),
        ("z", 1.0, dt.datetime(2024, 1, 2, 10, 30), 2.0, None, "more"),
    ]
    for r, row in enumerate(rows, start=2):
        for c, value in enumerate(row, start=1):
            ws.cell(r, c, value)
    for r in (3, 4, 5):
        ws.cell(r, 2).number_format = "0.0%"
        ws.cell(r, 4).number_format = "#,##0.00"
    ws["F3"].data_type = "s"  # stored as text, as a user's sheet would hold it
    ws["H2"] = "second table"
    ws["I2"] = "n"
    ws["H3"] = "a"
    ws["I3"] = 3
    ws["A9"] = "a stray remark"
    ws["A20"] = "hidden"
    ws["B20"] = 1
    ws.row_dimensions[20].hidden = True
    ws["K1"] = "hidden col"
    ws.column_dimensions["K"].hidden = True
    hidden = wb.create_sheet("Secret")
    hidden["A1"] = "x"
    hidden["A2"] = 1
    hidden.sheet_state = "hidden"
    wb.save(path)
    return path


def test_values_blocks_captions_and_hidden_parts(tmp_path: Path) -> None:
    doc = read_xlsx(_value_book(tmp_path / "v.xlsx"), SHA)
    assert [t.source.cell_range for t in doc.tables] == ["A2:F5", "H2:I3"]
    main = doc.tables[0]
    assert main.caption == "Quarterly sales (title row)" and main.header_rows == 1
    grid = main.grid()
    assert grid[1] == ["x", "12.5%", "2024-10-15", "1,234.50", "TRUE", "=cmd|' /C calc'!A0"]
    assert grid[2][1:4] == ["7.0%", "2024-01-02", "35.30"]
    assert grid[3][1:3] == ["100.0%", "2024-01-02T10:30:00"]
    share = main.cell_at(1, 1)
    assert share is not None and (share.value, share.unit) == (12.5, "%")
    amount = main.cell_at(2, 3)
    assert amount is not None and amount.value == pytest.approx(35.3)
    assert [p.text for p in doc.prose] == ["a stray remark"] and doc.prose[0].source.cell_range == "A9"
    assert all(t.source.sheet == "Data" for t in doc.tables)


def test_hidden_row_is_skipped_inside_a_table(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    for row in (("name", "n"), ("a", 1), ("secret", 2), ("b", 3)):
        ws.append(row)
    ws.row_dimensions[3].hidden = True
    ws.column_dimensions["C"].hidden = True
    ws["C1"] = "hidden column"
    wb.save(tmp_path / "h.xlsx")
    (table,) = read_xlsx(tmp_path / "h.xlsx", SHA).tables
    assert table.sheet_rows == [1, 2, 4] and table.column_letters == ["A", "B"]
    assert [row[0] for row in table.grid()] == ["name", "a", "b"]


def test_workbook_without_data_has_no_tables(tmp_path: Path) -> None:
    openpyxl.Workbook().save(tmp_path / "empty.xlsx")
    doc = read_xlsx(tmp_path / "empty.xlsx", SHA)
    assert doc.format == "xlsx" and doc.tables == [] and doc.prose == []


def _truncated(path: Path, tmp: Path) -> None:
    build_seed000_workbook(tmp / "good.xlsx")
    path.write_bytes((tmp / "good.xlsx").read_bytes()[:900])


def _png(path: Path, tmp: Path) -> None:
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 64)


def _empty(path: Path, tmp: Path) -> None:
    path.write_bytes(b"")


def _ole(path: Path, tmp: Path) -> None:
    path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 512)


def _zip_not_workbook(path: Path, tmp: Path) -> None:
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("readme.txt", "not a workbook")


@pytest.mark.parametrize("make", [_truncated, _png, _empty, _ole, _zip_not_workbook])
def test_bad_workbooks_raise_bad_input_naming_the_file(tmp_path: Path, make) -> None:
    path = tmp_path / "bad.xlsx"
    make(path, tmp_path)
    with pytest.raises(BadInputError) as err:
        read_xlsx(path, SHA)
    assert err.value.path == str(path) and err.value.cause
    with pytest.raises(BadInputError):
        parse(path)


def test_seed000_row_chain_is_the_name_and_streaming_matches(tmp_path: Path) -> None:
    from dataclasses import asdict

    path = build_seed000_workbook(tmp_path / "сети.xlsx")
    normal = read_xlsx(path, SHA, stream=False)
    (table,) = normal.tables
    assert table.row_headers[:3] == [[], [], ["ЛЕНТА"]]  # names are unique: "Партнёр" is data, not stub
    assert asdict(read_xlsx(path, SHA, stream=True)) == asdict(normal)


def test_indented_stub_and_header_units(tmp_path: Path) -> None:
    from openpyxl.styles import Alignment, Font

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Emissions", "2010", "2015"])
    ws.append([None, "kilotonnes", None])
    ws.merge_cells("B2:C2")
    for label, indent, values in [("Total", 0, (10, 12)), ("Households", 1, (4, 5)), ("Fuel", 2, (3, 4))]:
        ws.append([label, *values])
        ws.cell(ws.max_row, 1).alignment = Alignment(indent=indent)
    ws.cell(3, 1).font = Font(bold=True)
    wb.save(tmp_path / "e.xlsx")
    (table,) = read_xlsx(tmp_path / "e.xlsx", SHA).tables
    assert table.header_rows == 2 and table.column_headers[1] == ["2010", "kilotonnes"]
    assert table.row_headers[4] == ["Total", "Households", "Fuel"]
    assert {c.unit for c in table.cells if c.value is not None and not c.is_header} == {"kt"} and table.unit == "kt"


def _sheet_of(tmp_path: Path, rows: list[list[object]]) -> list[Table]:
    wb = openpyxl.Workbook()
    ws = wb.active
    for r, row in enumerate(rows, 1):
        for c, value in enumerate(row, 1):
            if value not in ("", None):
                ws.cell(r, c, value)
    wb.save(tmp_path / "typed.xlsx")
    return read_xlsx(tmp_path / "typed.xlsx", SHA).tables


def test_a_header_typed_without_merges_is_read_by_its_text(tmp_path: Path) -> None:
    """Group labels typed into their first cell over "Net Sales | % of Total", no merge: a two-row header, as the
    same grid in a CSV file reads."""
    rows: list[list[object]] = [
        ["", "Fiscal Year 2018", "", "Fiscal Year 2017", ""],
        ["", "Net Sales", "% of Total", "Net Sales", "% of Total"],
        ["APAC", "$479,987", "40.0%", "$288,764", "38.1%"],
        ["EMEA", "277,898", "23.1%", "237,437", "31.4%"],
    ]
    (table,) = _sheet_of(tmp_path, rows)
    assert table.header_rows == 2
    assert table.column_headers[3] == ["Fiscal Year 2017", "Net Sales"]


def test_blank_spacer_rows_inside_a_sheets_table_keep_it_one_table(tmp_path: Path) -> None:
    """A blank row under the header and another above a section label (report-style spacing) leave one table,
    rows cited by their sheet rows; a block under a blank row with a header of its own stays a table of its own."""
    rows: list[list[object]] = [
        ["", "2019", "2018"],
        [],
        ["Assets", "", ""],
        ["Cash", 130, 91],
        ["Receivables", 128, 126],
        [],
        ["Liabilities", "", ""],
        ["Payables", 40, 38],
        [],
        ["Name", "Role", "Since"],
        ["A. Smith", "CFO", 2015],
        ["B. Jones", "CEO", 2012],
    ]
    first, second = _sheet_of(tmp_path, rows)
    assert first.source.cell_range == "A1:C8" and second.source.cell_range == "A10:C12"
    assert first.header_rows == 1 and first.column_headers[1] == ["2019"]
    payables = first.sheet_rows.index(8) if first.sheet_rows else -1
    assert first.row_headers[payables] == ["Liabilities", "Payables"]
