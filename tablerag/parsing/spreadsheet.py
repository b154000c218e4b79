"""XLSX reader: every visible sheet split into table blocks, merged cells kept as spans, multi-row headers.

openpyxl's normal mode is used because it knows merged ranges (read-only mode does not); cached formula values
are read (``data_only=True``) and formulas are never evaluated. Text that looks like a formula is data.

Hidden rows, columns and sheets are skipped: the grid holds what a person sees. The visible grid of each sheet
goes through `sheets.sheet_tables` (blocks, captions, notes, header rows and chains), as for the other readers.
Big workbooks are read by the streaming reader (`xlsx_stream`).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from tablerag.model import ParsedDocument
from tablerag.parsing import xlsx_stream
from tablerag.parsing.sheets import Item, Sheet, cell_indent, empty_merges, load_workbook, place, sheet_tables, span


def _visible(ws: Any) -> tuple[list[int], list[int]]:
    """Visible sheet rows and column numbers (1-based) within the used range."""
    max_row, max_col = ws.max_row, ws.max_column
    hidden_rows = {r for r, d in ws.row_dimensions.items() if d.hidden}
    hidden_cols: set[int] = set()
    from openpyxl.utils import column_index_from_string

    for key, d in ws.column_dimensions.items():
        if d.hidden:
            first = column_index_from_string(key)
            lo, hi = (d.min or first), (d.max or first)
            hidden_cols.update(range(min(lo, first), max(hi, first) + 1))
    rows = [r for r in range(1, max_row + 1) if r not in hidden_rows]
    cols = [c for c in range(1, max_col + 1) if c not in hidden_cols]
    return rows, cols


def _raw_cells(ws: Any) -> list[Any]:
    # the sheet's cell store; iter_rows() would materialise every empty cell of the used range
    store = getattr(ws, "_cells", None)
    if isinstance(store, dict):
        return list(store.values())
    return [c for row in ws.iter_rows() for c in row]


def _read_sheet(ws: Any) -> Sheet:
    from openpyxl.utils import get_column_letter

    rows, cols = _visible(ws)
    row_span, col_span = partial(span, visible=rows), partial(span, visible=cols)
    merges = {(m.min_row, m.min_col): m for m in ws.merged_cells.ranges}
    items: dict[tuple[int, int], Item] = {}
    for cell in _raw_cells(ws):
        merge = merges.get((cell.row, cell.column))
        item = place(cell.value, cell.number_format, cell.row, cell.column, merge, row_span, col_span)
        if item is not None:
            item.indent = cell_indent(cell)
            items[(item.row, item.col)] = item
    letters = [get_column_letter(c) for c in cols]
    return Sheet(ws.title, rows, letters, items, empty_merges(merges.values(), items, row_span, col_span))


def read_xlsx(path: Path, sha256: str, stream: bool | None = None) -> ParsedDocument:
    """Every visible sheet of a workbook as tables (numbered across the workbook) and stray text as prose.

    `stream`: read in openpyxl's read-only mode with merges and hidden rows/columns recovered from the sheet XML
    (see `xlsx_stream`); None chooses it for files above `xlsx_stream.STREAM_THRESHOLD_BYTES`.
    """
    if stream is None:
        stream = path.stat().st_size > xlsx_stream.STREAM_THRESHOLD_BYTES
    if stream:
        return xlsx_stream.read_xlsx_streaming(path, sha256)
    wb = load_workbook(path)
    doc = ParsedDocument(path=str(path), sha256=sha256, format="xlsx")
    try:
        for ws in wb.worksheets:
            if ws.sheet_state != "visible" or not hasattr(ws, "merged_cells"):
                continue  # hidden sheets and chart sheets hold no visible grid
            tables, prose, _ = sheet_tables(_read_sheet(ws), str(path), sha256, len(doc.tables), len(doc.prose))
            doc.tables.extend(tables)
            doc.prose.extend(prose)
    finally:
        wb.close()
    return doc
