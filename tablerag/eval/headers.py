"""Header-chain accuracy on the HiTab StatCan workbooks (`../shared/data/hitab-statcan-xlsx`).

Gold chains are derived from each workbook's ``original`` sheet with openpyxl directly, independently of our
reader (no call into `tablerag.parsing`), following the data README:

- the table starts at row 3 (row 1 is the title); the header runs down to the bottom of the stub header merge at
  A3 (``A3:A5``), or, without one, to the row above the first row with a label in A and a number beside it;
- a column's gold chain is, top-down over the header rows, the value shown at (row, col) - the top-left value of
  the merged range covering it - with empty values dropped and a merge counted once;
- stub columns are those whose header is one merge over the full header height (or column A when there is no
  such merge) and whose body holds text; a row's gold chain is its open section labels followed by its stub
  labels (a vertical merge in the stub gives its label to every row it covers);
- a section row is a bold label in column A with nothing else in the row; sections and labelled rows nest by the
  label's indentation (a section stays open over rows at the same indentation, a data row does not), which is how
  the StatCan layout shows the row tree ("Sex" > "Female"; "Aged 19 years and older" > "Both sexes" > "2004").

Scored: every column of every table, and every body row that has a gold chain (unit rows such as a lone "%"
under a section are not scored). A chain is right only when it is exactly equal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablerag.model import sha256_file
from tablerag.parsing.spreadsheet import read_xlsx

HEADER_TOP = 3  # HiTab layout: title in row 1, blank row 2, header from row 3
_NUMBER = re.compile(r"^[<>]?[-+(]?[\d.,\s]+%?\)?$")  # "1,234", "(5.2)", "12%", p-values such as "<.0001"


@dataclass(slots=True)
class GoldTable:
    book: str
    header_rows: tuple[int, int]  # first and last sheet row of the header
    last_row: int
    last_col: int
    columns: dict[int, list[str]]  # sheet column -> chain
    rows: dict[int, list[str]]  # sheet row -> chain (scored rows only)


@dataclass(slots=True)
class Score:
    right: int = 0
    total: int = 0
    misses: list[str] = field(default_factory=list)

    @property
    def share(self) -> float:
        return self.right / self.total if self.total else 0.0

    def add(self, gold: list[str], got: list[str], where: str) -> None:
        """One header chain compared: right when equal to the gold chain, else a miss naming where it is."""
        self.total += 1
        if got == gold:
            self.right += 1
        else:
            self.misses.append(f"{where}: gold {gold} got {got}")


def _text(v: Any) -> str:
    return " ".join(str(v).split()) if v is not None else ""


def _is_number(v: Any) -> bool:
    return isinstance(v, int | float) or (isinstance(v, str) and bool(_NUMBER.match(v.strip())) and v.strip() != "")


class _Merges:
    def __init__(self, ws: Any) -> None:
        self.ranges = list(ws.merged_cells.ranges)

    def at(self, row: int, col: int) -> Any:
        for m in self.ranges:
            if m.min_row <= row <= m.max_row and m.min_col <= col <= m.max_col:
                return m
        return None


def _shown(ws: Any, merges: _Merges, row: int, col: int) -> tuple[str, Any]:
    m = merges.at(row, col)
    if m is not None:
        return _text(ws.cell(m.min_row, m.min_col).value), m
    return _text(ws.cell(row, col).value), (row, col)


def _row_values(ws: Any, row: int, last_col: int) -> list[Any]:
    return [ws.cell(row, c).value for c in range(1, last_col + 1)]


def _header_end(ws: Any, merges: _Merges, last_col: int) -> int:
    stub = merges.at(HEADER_TOP, 1)
    if stub is not None and stub.min_row == HEADER_TOP:
        return int(stub.max_row)
    row = HEADER_TOP
    while row < ws.max_row:
        nxt = _row_values(ws, row + 1, last_col)
        if _text(nxt[0]) and any(_is_number(v) for v in nxt[1:]):
            return row
        row += 1
    return row


def _extent(ws: Any) -> tuple[int, int]:
    """Last table row (the row before the first blank one after the header) and last used column."""
    row = HEADER_TOP
    while row + 1 <= ws.max_row and any(v is not None for v in _row_values(ws, row + 1, ws.max_column)):
        row += 1
    cols = [c for r in range(HEADER_TOP, row + 1) for c in range(1, ws.max_column + 1) if ws.cell(r, c).value]
    return row, max(cols)


def _column_chain(ws: Any, merges: _Merges, col: int, top: int, bottom: int) -> list[str]:
    chain: list[str] = []
    seen: set[Any] = set()
    for row in range(top, bottom + 1):
        label, key = _shown(ws, merges, row, col)
        key = id(key) if not isinstance(key, tuple) else key
        if label and key not in seen:
            seen.add(key)
            chain.append(label)
    return chain


def _stub_columns(ws: Any, merges: _Merges, top: int, bottom: int, last_row: int, last_col: int) -> list[int]:
    def text_body(col: int) -> bool:
        vals = [ws.cell(r, col).value for r in range(bottom + 1, last_row + 1) if ws.cell(r, col).value is not None]
        return bool(vals) and sum(not _is_number(v) for v in vals) * 2 >= len(vals)

    full = [
        c
        for c in range(1, last_col + 1)
        if (m := merges.at(top, c)) is not None and m.min_row == top and m.max_row == bottom and m.min_col == c
    ]
    stub = [c for c in full if text_body(c)] if bottom > top else []
    stub = stub or ([1] if text_body(1) else [])
    # the stub is a run of leading columns (at most one numeric rank column before it)
    run = [c for i, c in enumerate(stub) if c == stub[0] + i] if stub and stub[0] <= 2 else []
    return run


def _row_chains(
    ws: Any, merges: _Merges, stub: list[int], bottom: int, last_row: int, last_col: int
) -> dict[int, list[str]]:
    chains: dict[int, list[str]] = {}
    stack: list[tuple[float, list[str], bool]] = []
    for row in range(bottom + 1, last_row + 1):
        vals = _row_values(ws, row, last_col)
        first = ws.cell(row, 1)
        section = first.value is not None and all(v is None for v in vals[1:]) and bool(first.font.b)
        labels = [lab for c in stub if (lab := _shown(ws, merges, row, c)[0])]
        labels = [lab for i, lab in enumerate(labels) if lab not in labels[:i]]
        if not labels:
            continue  # a unit row or an empty row: not scored
        level = float(ws.cell(row, stub[0]).alignment.indent or 0.0)
        while stack and (stack[-1][0] >= level if section or not stack[-1][2] else stack[-1][0] > level):
            stack.pop()
        chains[row] = [lab for _, labs, _ in stack for lab in labs] + labels
        stack.append((level, labels, section))
    return chains


def gold_table(book: Path) -> GoldTable:
    """The gold header chains of one workbook's ``original`` sheet."""
    import openpyxl

    wb = openpyxl.load_workbook(book, data_only=True)
    try:
        ws = wb["original"]
        merges = _Merges(ws)
        last_row, last_col = _extent(ws)
        bottom = _header_end(ws, merges, last_col)
        columns = {c: _column_chain(ws, merges, c, HEADER_TOP, bottom) for c in range(1, last_col + 1)}
        stub = _stub_columns(ws, merges, HEADER_TOP, bottom, last_row, last_col)
        rows = _row_chains(ws, merges, stub, bottom, last_row, last_col) if stub else {}
        return GoldTable(book.name, (HEADER_TOP, bottom), last_row, last_col, columns, rows)
    finally:
        wb.close()


def _ours(book: Path) -> Any:
    doc = read_xlsx(book, sha256_file(book))
    tables = [t for t in doc.tables if t.source.sheet == "original" and t.sheet_rows and t.sheet_rows[0] >= 2]
    return tables[0] if tables else None


def score_book(book: Path, columns: Score, rows: Score) -> None:
    """Add one workbook's columns and rows to the two scores."""
    from openpyxl.utils import get_column_letter

    gold = gold_table(book)
    table = _ours(book)
    for col, chain in gold.columns.items():
        letter = get_column_letter(col)
        got: list[str] = []
        if table is not None and table.column_letters and letter in table.column_letters:
            got = table.column_headers[table.column_letters.index(letter)]
        columns.add(chain, got, f"{book.name} col {letter}")
    for row, chain in gold.rows.items():
        got = []
        if table is not None and table.sheet_rows and row in table.sheet_rows:
            got = table.row_headers[table.sheet_rows.index(row)]
        rows.add(chain, got, f"{book.name} row {row}")


def hitab_header_accuracy(folder: Path) -> dict[str, Any]:
    """Share of columns and rows whose header chain is exactly right over every workbook in `folder`."""
    columns, rows = Score(), Score()
    books = sorted(folder.glob("*.xlsx"), key=lambda p: int(p.stem) if p.stem.isdigit() else 0)
    for book in books:
        score_book(book, columns, rows)
    return {
        "workbooks": len(books),
        "columns": {"right": columns.right, "total": columns.total, "share": round(columns.share, 4)},
        "rows": {"right": rows.right, "total": rows.total, "share": round(rows.share, 4)},
        "column_misses": columns.misses,
        "row_misses": rows.misses,
    }
