"""Header rows and header chains, shared by every reader (PDF, image, spreadsheet, CSV). Pure functions.

A spanning header label is copied to every column it covers; levels are joined top-down; a column whose upper
level is empty takes its name from a lower level (the seed-000 bug); a label repeated down a vertical span is
kept once.
"""

from __future__ import annotations

import re

from tablerag.model import Cell, Table
from tablerag.parsing.numbers import parse_number

MAX_HEADER_ROWS = 4  # real multi-level headers rarely exceed three levels; four leaves room for a unit row
NUMERIC_ROW_SHARE = 0.5  # a row at least this numeric (of its non-empty cells) is data, not header
_YEAR = re.compile(r"^(?:FY\s?)?(?:19|20)\d\d[A-Za-z]?$")  # "2019", "FY2019": period labels in headers, not data


def _covering(cells: list[Cell], n_rows: int, n_cols: int) -> list[list[Cell | None]]:
    cover: list[list[Cell | None]] = [[None] * n_cols for _ in range(n_rows)]
    for c in cells:
        for r in range(c.row, min(c.row + c.row_span, n_rows)):
            for k in range(c.col, min(c.col + c.col_span, n_cols)):
                cover[r][k] = c
    return cover


def _numeric_share(row: list[Cell | None]) -> float:
    filled = {id(c): c for c in row if c is not None and c.text.strip()}
    if not filled:
        return 0.0
    numeric = [c for c in filled.values() if parse_number(c.text) is not None and not _YEAR.match(c.text.strip())]
    return len(numeric) / len(filled)


def _stub_empty(row: list[Cell | None]) -> bool:
    return not row or row[0] is None or not row[0].text.strip()


def detect_header_rows(table: Table) -> int:
    """How many top rows form the header.

    Row 0 is a header when the table has data below it. A further row joins the header while it is not numeric
    (years count as labels) and either a header cell above spans horizontally (a grouped label needs its
    sub-labels) or vertically into it, or the row's stub cell is empty (a second level under a blank stub).
    """
    if table.n_rows < 2:
        return 0
    cover = _covering(table.cells, table.n_rows, table.n_cols)
    if _numeric_share(cover[0]) >= NUMERIC_ROW_SHARE:
        return 0
    rows = 1
    while rows < min(MAX_HEADER_ROWS, table.n_rows - 1):
        above = {id(c): c for r in range(rows) for c in cover[r] if c is not None}.values()
        grouped = any(c.col_span > 1 and c.text.strip() for c in above)
        reaching = any(c.row + c.row_span > rows for c in above)
        continued = _stub_empty(cover[rows]) and any(c is not None and c.text.strip() for c in cover[rows])
        if not (grouped or reaching or continued) or _numeric_share(cover[rows]) >= NUMERIC_ROW_SHARE:
            break
        rows += 1
    return rows


def header_chains(table: Table, header_rows: int | None = None) -> list[list[str]]:
    """One chain of header labels per column, top level first, empty and repeated levels dropped."""
    n = table.header_rows if header_rows is None else header_rows
    cover = _covering(table.cells, table.n_rows, table.n_cols)
    chains: list[list[str]] = []
    for col in range(table.n_cols):
        chain: list[str] = []
        seen: set[int] = set()
        for r in range(min(n, table.n_rows)):
            c = cover[r][col]
            if c is None or id(c) in seen:
                continue
            seen.add(id(c))
            label = " ".join(c.text.split())
            if label and (not chain or chain[-1] != label):
                chain.append(label)
        chains.append(chain)
    return chains


def apply_headers(table: Table, header_rows: int | None = None) -> Table:
    """Set header_rows (detected when not given), mark header cells and fill column_headers in place."""
    table.header_rows = detect_header_rows(table) if header_rows is None else header_rows
    for c in table.cells:
        c.is_header = c.row < table.header_rows
    table.column_headers = header_chains(table)
    return table
