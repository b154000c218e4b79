"""Streaming XLSX: merges and hidden parts from the sheet XML, identical results to the normal mode, big tables
in continuation parts that keep their header chains."""

from __future__ import annotations

import zipfile
from dataclasses import asdict
from pathlib import Path

import pytest

from tablerag.parsing import xlsx_stream
from tablerag.parsing.spreadsheet import read_xlsx
from tablerag.parsing.xlsx_stream import iter_xlsx, scan_sheet_xml

SHA = "cd" * 32
ROWS = 2000  # enough rows for several sections and continuation parts, small enough to stay fast


def _workbook(path: Path, rows: int = ROWS) -> Path:
    """A title merged across, a two-level header (group merges, vertical stub merges), section rows, a hidden row
    and a hidden column, then data."""
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Prices"
    ws["A1"] = "Price list (in thousands of USD)"
    ws.merge_cells("A1:H1")
    ws.append([])
    for col, label in zip("ABCDGH", ["Region", "Product", "Sales", None, "Costs", None], strict=True):
        if label:
            ws[f"{col}3"] = label
    ws.merge_cells("A3:A4")
    ws.merge_cells("B3:B4")
    ws.merge_cells("C3:F3")
    ws.merge_cells("G3:H3")
    for col, q in zip("CDEFGH", ["Q1", "Q2", "Q3", "Q4", "Q1", "Q2"], strict=True):
        ws[f"{col}4"] = q
    row = 5
    for i in range(rows):
        if i % 250 == 0:
            ws.cell(row, 1, f"Section {i // 250}")
            ws.merge_cells(start_row=row, start_column=2, end_row=row, end_column=8)
            row += 1
        ws.append([f"Region {i % 7}", f"Product {i}", *[round(i * 1.5 + k, 1) for k in range(6)]])
        row += 1
    ws.row_dimensions[10].hidden = True
    ws.column_dimensions["E"].hidden = True
    wb.save(path)
    return path


def test_scan_sheet_xml_finds_merges_and_hidden_parts(tmp_path: Path):
    path = _workbook(tmp_path / "w.xlsx", rows=300)
    with zipfile.ZipFile(path) as z, z.open("xl/worksheets/sheet1.xml") as src:
        xml = scan_sheet_xml(src)
    refs = {(m.min_row, m.min_col, m.max_row, m.max_col) for m in xml.merges}
    assert {(1, 1, 1, 8), (3, 1, 4, 1), (3, 3, 3, 6), (5, 2, 5, 8)} <= refs
    assert xml.hidden_rows == {10} and xml.hidden_cols == {5}


def test_streaming_equals_normal_mode(tmp_path: Path):
    path = _workbook(tmp_path / "w.xlsx")
    normal = read_xlsx(path, SHA, stream=False)
    streamed = read_xlsx(path, SHA, stream=True)
    assert asdict(streamed) == asdict(normal)
    table = normal.tables[0]
    assert table.column_headers[2] == ["Sales", "Q1"] and table.column_headers[4] == ["Sales", "Q4"]
    assert table.unit == "thousand USD" and table.row_headers[3] == ["Section 0", "Region 0", "Product 0"]


def test_streaming_is_chosen_above_the_threshold(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = _workbook(tmp_path / "w.xlsx", rows=300)
    calls: list[Path] = []
    real = xlsx_stream.read_xlsx_streaming
    monkeypatch.setattr(xlsx_stream, "read_xlsx_streaming", lambda p, s: calls.append(p) or real(p, s))
    monkeypatch.setattr(xlsx_stream, "STREAM_THRESHOLD_BYTES", 0)
    read_xlsx(path, SHA)
    assert calls == [path]


def test_giant_table_comes_in_parts_that_keep_headers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = _workbook(tmp_path / "w.xlsx")
    normal = read_xlsx(path, SHA, stream=False).tables[0]
    monkeypatch.setattr(xlsx_stream, "CHUNK_ROWS", 300)
    parts = [t for t in iter_xlsx(path, SHA) if hasattr(t, "cells")]
    assert len(parts) > 5 and parts[0].header_rows == 2 and all(p.header_rows == 0 for p in parts[1:])
    assert all(p.column_headers == normal.column_headers and p.caption == normal.caption for p in parts)
    assert all(p.column_letters == normal.column_letters for p in parts)

    def cells(tables):
        return {
            (t.sheet_rows[c.row], t.column_letters[c.col], c.text, c.value, c.unit)
            for t in tables
            for c in t.cells
            if not c.is_header
        }

    def chains(tables):
        return {sr: chain for t in tables for sr, chain in zip(t.sheet_rows, t.row_headers, strict=True) if chain}

    assert cells(parts) == cells([normal])
    assert chains(parts) == chains([normal])
    assert [t.id for t in parts] == [f"{SHA[:16]}:t{i}" for i in range(len(parts))]


def test_hitab_workbooks_identical_in_both_modes(shared_data: Path):
    books = sorted((shared_data / "hitab-statcan-xlsx" / "xlsx").glob("*.xlsx"))
    assert len(books) >= 30
    for book in books:
        assert asdict(read_xlsx(book, SHA, stream=True)) == asdict(read_xlsx(book, SHA, stream=False)), book.name
