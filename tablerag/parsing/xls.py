"""Legacy Excel `.xls` (BIFF) workbooks through xlrd, the maintained reader for that format.

The sheet is turned into the same visible grid the XLSX readers build (`sheets.Sheet`: values as a person
sees them, merged ranges, hidden rows and columns skipped, indentation), so table blocks, captions, header rows and
chains come from exactly the same code. Formulas are never evaluated: xlrd reads the values Excel cached.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from tablerag._lazy import need
from tablerag.errors import BadInputError
from tablerag.model import ParsedDocument, column_letter
from tablerag.parsing.sheets import Item, Merge, Sheet, empty_merges, place, sheet_tables, span


def _open(path: Path) -> Any:
    xlrd = need("xlrd", "xls")
    try:
        return xlrd.open_workbook(str(path), formatting_info=True, on_demand=True)
    except Exception as exc:  # xlrd signals every unreadable file with its own error types or struct errors
        cause = str(exc) or type(exc).__name__
        if "encrypt" in cause.lower():
            raise BadInputError(str(path), "encrypted workbook (needs a password)") from exc
        raise BadInputError(str(path), f"not a readable .xls workbook ({cause})") from exc


def _raw(book: Any, sheet: Any, r: int, c: int) -> tuple[Any, str]:
    """The cell's Python value (dates as datetime) and its number format string."""
    import xlrd

    cell = sheet.cell(r, c)
    fmt = ""
    xf = book.xf_list[cell.xf_index] if cell.xf_index is not None else None
    if xf is not None and xf.format_key in book.format_map:
        fmt = book.format_map[xf.format_key].format_str
    if cell.ctype in (xlrd.XL_CELL_EMPTY, xlrd.XL_CELL_BLANK, xlrd.XL_CELL_ERROR):
        return None, fmt
    if cell.ctype == xlrd.XL_CELL_DATE:
        return xlrd.xldate_as_datetime(cell.value, book.datemode), fmt
    if cell.ctype == xlrd.XL_CELL_BOOLEAN:
        return bool(cell.value), fmt
    return cell.value, fmt


def _indent(book: Any, sheet: Any, r: int, c: int) -> float:
    xf_index = sheet.cell_xf_index(r, c)
    return float(book.xf_list[xf_index].alignment.indent_level or 0) if xf_index is not None else 0.0


def read_sheet(book: Any, sheet: Any) -> Sheet:
    """One worksheet as the visible grid the shared table code reads."""
    rows = [r + 1 for r in range(sheet.nrows) if not getattr(sheet.rowinfo_map.get(r), "hidden", 0)]
    cols = [c + 1 for c in range(sheet.ncols) if not getattr(sheet.colinfo_map.get(c), "hidden", 0)]
    row_span, col_span = partial(span, visible=rows), partial(span, visible=cols)
    merges = {
        (rlo + 1, clo + 1): Merge(min_row=rlo + 1, min_col=clo + 1, max_row=rhi, max_col=chi)
        for rlo, rhi, clo, chi in sheet.merged_cells
    }
    items: dict[tuple[int, int], Item] = {}
    for r in range(sheet.nrows):
        for c in range(sheet.ncols):
            raw, fmt = _raw(book, sheet, r, c)
            item = place(raw, fmt, r + 1, c + 1, merges.get((r + 1, c + 1)), row_span, col_span)
            if item is not None:
                item.indent = _indent(book, sheet, r, c)
                items[(item.row, item.col)] = item
    letters = [column_letter(c - 1) for c in cols]
    return Sheet(sheet.name, rows, letters, items, empty_merges(merges.values(), items, row_span, col_span))


def read_xls(path: Path, sha256: str) -> ParsedDocument:
    """Every visible sheet of a legacy workbook as tables (numbered across the workbook) and stray text as prose."""
    book = _open(path)
    doc = ParsedDocument(path=str(path), sha256=sha256, format="xls")
    try:
        for index in range(book.nsheets):
            sheet = book.sheet_by_index(index)
            if sheet.visibility != 0:
                continue  # hidden and very hidden sheets
            tables, prose, _ = sheet_tables(read_sheet(book, sheet), str(path), sha256, len(doc.tables), len(doc.prose))
            doc.tables.extend(tables)
            doc.prose.extend(prose)
    finally:
        book.release_resources()
    return doc
