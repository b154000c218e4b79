"""XLSX reader: every visible sheet split into table blocks, merged cells kept as spans, multi-row headers.

openpyxl's normal mode is used because it knows merged ranges (read-only mode does not); cached formula values
are read (``data_only=True``) and formulas are never evaluated. Text that looks like a formula is data.

Per sheet:
- hidden rows, columns and sheets are skipped: the grid holds what a person sees;
- blocks are found by recursive cuts along fully blank rows/columns (a merged range occupies its whole area);
- a block made of one lone value is not a table: it becomes the caption of the block right below it, else a
  note of the block right above it, else a prose block;
- leading title rows of a block (one unmerged value in its first column, or one value merged across the whole
  width) -> caption;
- header rows follow the explicit merges (see `_header_rows`), and `apply_headers` builds the chains.

Numbers: ``Cell.value`` is the float, ``Cell.text`` what the sheet shows (integers without ".0", fixed decimals
and thousands separators from simple number formats). Percent-formatted cells are stored as shown:
text "12.5%", value 12.5, unit "%" - the same as `parse_number` gives for the text, so a value means the same
thing whether it came from a PDF, a CSV or a workbook. Dates become ISO text with no value.
"""

from __future__ import annotations

import bisect
import datetime as dt
import re
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tablerag.errors import BadInputError
from tablerag.model import Cell, ParsedDocument, ProseBlock, SourceLocator, Table, table_id
from tablerag.parsing.cells import cell_from_text, number_of
from tablerag.parsing.headers import apply_headers
from tablerag.parsing.numbers import ParsedNumber

OLE_MAGIC = b"\xd0\xcf\x11\xe0"  # encrypted XLSX and legacy .xls are OLE compound files, not zips
SHEET_MAX_HEADER_ROWS = 6  # merges are explicit in a sheet, so deeper headers are trusted; bounded so a
# vertical merge running down the stub cannot swallow the data
NUMERIC_ROW_SHARE = 0.5  # a row at least this numeric (of its values) is data, never header
CAPTION_GAP_ROWS = 2  # a lone title cell at most this many blank rows above a block is that block's caption
STRAY_FILL_SHARE = 0.2  # an unlabelled edge column filled in fewer rows than this is scratch work beside the
# table (annotators' sums in hitab 1.xlsx H8:I8): it is split off as its own small table, not dropped
MIN_ROWS_FOR_STRAY = 5  # below this many rows a sparse column is ordinary data, not scratch
MIN_ROWS_AFTER_TITLE = 2  # a title row is only split off when a header row and a data row remain below it
FLOAT_DIGITS = 15  # significant digits shown for general-format floats: hides binary noise (35.299999999999997)
PERCENT_DIGITS = 10  # rounding of value*100 for percent cells: 0.07*100 -> 7.0, not 7.000000000000001
_OOXML_ESCAPE = re.compile(r"_x([0-9A-Fa-f]{4})_")  # OOXML's escape for control characters, e.g. _x000D_
_YEAR = re.compile(r"(?:1[89]|20)\d\d")  # a bare year (1800-2099) in a header row is a label, not data
_FIXED_FORMAT = re.compile(r"[#,0]*0(?:\.(0+))?")  # "0", "0.00", "#,##0.0": fixed decimals we can render


@dataclass(slots=True)
class _Item:
    """One non-empty value placed on the visible grid (row/col are indices into the visible rows/cols)."""

    row: int
    col: int
    row_span: int
    col_span: int
    text: str
    number: ParsedNumber | None  # what the cell holds as a number (a typed value, or parsed from its text)
    indent: float = 0.0  # the cell's alignment indent: the level of a row label in an indented stub

    @property
    def value(self) -> float | None:
        return self.number.scaled if self.number is not None else None


@dataclass(slots=True)
class _Sheet:
    name: str
    rows: Sequence[int]  # sheet row number (1-based) of each visible row
    letters: Sequence[str]  # column letter of each visible column
    items: dict[tuple[int, int], _Item]
    empty_merges: list[_Item]  # merged ranges with no value: no cell, but they shape the header


@dataclass(slots=True)
class _Block:
    top: int
    bottom: int  # inclusive
    left: int
    right: int  # inclusive
    items: list[_Item]
    caption: list[str]
    notes: list[str]


# ---------------------------------------------------------------------------------------------- loading


def _load(path: Path, read_only: bool = False) -> Any:
    try:
        with open(path, "rb") as fh:
            head = fh.read(len(OLE_MAGIC))
    except OSError as exc:
        raise BadInputError(str(path), f"cannot read file: {exc}") from exc
    if head == OLE_MAGIC:
        raise BadInputError(str(path), "OLE container, not an XLSX zip: an encrypted workbook or a legacy .xls")
    import openpyxl

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # openpyxl warns about unsupported extensions; not the user's problem
            return openpyxl.load_workbook(path, read_only=read_only, data_only=True, keep_links=False, rich_text=False)
    except Exception as exc:  # any failure inside openpyxl means the file is not a readable workbook
        raise BadInputError(str(path), f"not a readable XLSX workbook ({type(exc).__name__}: {exc})") from exc


# ---------------------------------------------------------------------------------------------- values


def _unescape(text: str) -> str:
    text = _OOXML_ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text)
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _general_number(v: float) -> str:
    if v.is_integer() and abs(v) < 10**FLOAT_DIGITS:
        return str(int(v))
    return f"{v:.{FLOAT_DIGITS}g}"


def _fixed_number(v: float, fmt: str) -> str | None:
    m = _FIXED_FORMAT.fullmatch(fmt)
    if m is None:
        return None
    decimals = len(m.group(1) or "")
    return f"{v:,.{decimals}f}" if "," in fmt else f"{v:.{decimals}f}"


def _number(v: float, number_format: str) -> tuple[str, ParsedNumber]:
    fmt = number_format.split(";")[0].strip()
    if fmt.endswith("%"):
        shown = round(v * 100, PERCENT_DIGITS)
        text = _fixed_number(shown, fmt[:-1]) or _general_number(shown)
        return f"{text}%", ParsedNumber(shown, "%", 1.0, f"{text}%")
    text = _fixed_number(v, fmt) or _general_number(v)
    return text, ParsedNumber(v, None, 1.0, text)


def _value(raw: Any, number_format: str) -> tuple[str, ParsedNumber | None] | None:
    """(text, number) of a cell as a person sees it, or None for an empty cell."""
    if raw is None:
        return None
    if isinstance(raw, bool):
        return ("TRUE" if raw else "FALSE"), None
    if isinstance(raw, int | float):
        return _number(float(raw), number_format or "General")
    if isinstance(raw, dt.datetime):
        if raw.time() == dt.time(0):
            return raw.date().isoformat(), None
        return raw.isoformat(timespec="seconds"), None
    if isinstance(raw, dt.date | dt.time):
        return raw.isoformat(), None
    if isinstance(raw, dt.timedelta):
        return str(raw), None
    text = _unescape(str(raw)).strip()
    if not text:
        return None
    return text, number_of(text)


# ---------------------------------------------------------------------------------------------- sheet grid


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


def _indent(cell: Any) -> float:
    try:
        return float(cell.alignment.indent or 0.0)
    except (AttributeError, IndexError, TypeError):  # a cell without a readable style has no indentation
        return 0.0


def _span(lo: int, hi: int, visible: list[int]) -> tuple[int, int] | None:
    """First visible index and visible count of the sheet interval [lo, hi], or None when all hidden."""
    start = bisect.bisect_left(visible, lo)
    end = bisect.bisect_right(visible, hi)
    return (start, end - start) if end > start else None


def _read_sheet(ws: Any) -> _Sheet:
    from openpyxl.utils import get_column_letter

    rows, cols = _visible(ws)
    merges = {(m.min_row, m.min_col): m for m in ws.merged_cells.ranges}
    items: dict[tuple[int, int], _Item] = {}
    for cell in _raw_cells(ws):
        got = _value(cell.value, cell.number_format)
        if got is None:
            continue
        m = merges.get((cell.row, cell.column))
        rspan = _span(cell.row, m.max_row if m else cell.row, rows)
        cspan = _span(cell.column, m.max_col if m else cell.column, cols)
        if rspan is None or cspan is None:
            continue  # hidden
        text, number = got
        items[(rspan[0], cspan[0])] = _Item(rspan[0], cspan[0], rspan[1], cspan[1], text, number, _indent(cell))
    letters = [get_column_letter(c) for c in cols]
    return _Sheet(ws.title, rows, letters, items, _empty_merges(merges.values(), items, rows, cols))


def _empty_merges(merges: Any, items: dict[tuple[int, int], _Item], rows: list[int], cols: list[int]) -> list[_Item]:
    out: list[_Item] = []
    for m in merges:
        rspan = _span(m.min_row, m.max_row, rows)
        cspan = _span(m.min_col, m.max_col, cols)
        if rspan and cspan and (rspan[0], cspan[0]) not in items:
            out.append(_Item(rspan[0], cspan[0], rspan[1], cspan[1], "", None))
    return out


# ---------------------------------------------------------------------------------------------- blocks


def _occupied(items: list[_Item]) -> dict[tuple[int, int], _Item]:
    occ: dict[tuple[int, int], _Item] = {}
    for it in items:
        for r in range(it.row, it.row + it.row_span):
            for c in range(it.col, it.col + it.col_span):
                occ[(r, c)] = it
    return occ


def _runs(points: list[tuple[int, int]], axis: int) -> list[list[tuple[int, int]]]:
    """Points grouped into runs separated by at least one fully empty line along `axis`."""
    keys = sorted({p[axis] for p in points})
    starts = [keys[0]] + [b for a, b in zip(keys, keys[1:], strict=False) if b - a > 1]
    groups: list[list[tuple[int, int]]] = [[] for _ in starts]
    for p in points:
        groups[bisect.bisect_right(starts, p[axis]) - 1].append(p)
    return groups


def _cut(points: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """Recursive cuts along blank rows, then blank columns, until no piece can be split."""
    for axis in (0, 1):
        groups = _runs(points, axis)
        if len(groups) > 1:
            return [piece for g in groups for piece in _cut(g)]
    return [points]


def _blocks(sheet: _Sheet) -> list[_Block]:
    occ = _occupied(list(sheet.items.values()))
    if not occ:
        return []
    out: list[_Block] = []
    for piece in _cut(list(occ)):
        items = list({id(occ[p]): occ[p] for p in piece}.values())
        items.sort(key=lambda it: (it.row, it.col))
        rows = [p[0] for p in piece]
        cols = [p[1] for p in piece]
        out.append(_Block(min(rows), max(rows), min(cols), max(cols), items, [], []))
    out.sort(key=lambda b: (b.top, b.left))
    return out


def _is_title_row(block: _Block, row: int) -> bool:
    in_row = [it for it in block.items if it.row <= row < it.row + it.row_span]
    if len(in_row) != 1 or block.right == block.left:
        return False
    it = in_row[0]
    full_width = it.col == block.left and it.col + it.col_span - 1 == block.right
    typed_title = it.col == block.left and it.col_span == 1  # a lone label further right is a group header
    return it.row == row and it.row_span == 1 and (typed_title or full_width) and it.value is None


def _strip_title_rows(block: _Block) -> _Block:
    """Leading title rows become the caption; the block shrinks to the rest."""
    top = block.top
    while block.bottom - top + 1 > MIN_ROWS_AFTER_TITLE and _is_title_row(block, top):
        block.caption.extend(it.text for it in block.items if it.row == top)
        top += 1
    if top == block.top:
        return block
    items = [it for it in block.items if it.row >= top]
    left = min(it.col for it in items)
    right = max(it.col + it.col_span - 1 for it in items)
    return _Block(top, block.bottom, left, right, items, block.caption, block.notes)


def _is_stray_column(block: _Block, col: int) -> bool:
    starts = [it for it in block.items if it.col <= col < it.col + it.col_span]
    if any(it.row == block.top or it.col < col for it in starts):
        return False  # labelled in the top row, or part of a label reaching in from the left
    return len(starts) < STRAY_FILL_SHARE * (block.bottom - block.top + 1)


def _split_stray_columns(block: _Block) -> list[_Block]:
    """Scratch values in sparse, unlabelled columns at the right edge become a block of their own."""
    if block.bottom - block.top + 1 < MIN_ROWS_FOR_STRAY:
        return [block]
    cut = block.right + 1
    while cut - 1 > block.left + 1 and _is_stray_column(block, cut - 1):
        cut -= 1
    stray = [it for it in block.items if it.col >= cut]
    if not stray:
        return [block]
    main = [it for it in block.items if it.col < cut]
    out = [_Block(block.top, block.bottom, block.left, cut - 1, main, block.caption, block.notes)]
    rows = [r for it in stray for r in (it.row, it.row + it.row_span - 1)]
    out.append(_Block(min(rows), max(rows), cut, block.right, stray, [], []))
    return out


def _overlaps(a: _Block, b: _Block) -> bool:
    return a.left <= b.right and b.left <= a.right


def _attach_lone(blocks: list[_Block]) -> tuple[list[_Block], list[_Item]]:
    """Lone single-value blocks -> caption of the block below, else note of the block above, else prose."""
    tables = [b for b in blocks if len(b.items) > 1]
    prose: list[_Item] = []
    for lone in (b for b in blocks if len(b.items) == 1):
        text = lone.items[0].text
        below = [t for t in tables if 0 < t.top - lone.bottom <= CAPTION_GAP_ROWS + 1 and _overlaps(lone, t)]
        above = [t for t in tables if 0 < lone.top - t.bottom <= CAPTION_GAP_ROWS + 1 and _overlaps(lone, t)]
        if below and lone.items[0].value is None:
            below[0].caption.insert(0, text)
        elif above:
            above[-1].notes.append(text)
        else:
            prose.append(lone.items[0])
    return tables, prose


# ---------------------------------------------------------------------------------------------- tables


def _by_row(cells: list[Cell], n_rows: int) -> list[list[Cell]]:
    rows: list[list[Cell]] = [[] for _ in range(n_rows)]
    for c in cells:
        rows[c.row].append(c)
    return rows


def _row_is_numeric(in_row: list[Cell]) -> bool:
    if not in_row:
        return False
    numbers = sum(c.value is not None and not _YEAR.fullmatch(c.text) for c in in_row)
    return numbers / len(in_row) >= NUMERIC_ROW_SHARE


def _is_unit_row(in_row: list[Cell]) -> bool:
    """A row of labels merged over the value columns only ("percent", "kilotonnes"): part of the header."""
    return bool(in_row) and all(c.col_span > 1 and c.col > 0 and c.value is None for c in in_row)


def _header_extent(by_row: list[list[Cell]], merges: list[Cell], rows: int) -> int:
    """How far the header must reach so every header cell's vertical span and sub-labels are inside it."""
    need = rows
    for c in [c for r in range(rows) for c in by_row[r]] + [m for m in merges if m.row < rows]:
        bottom = c.row + c.row_span
        need = max(need, bottom)
        sub_labels = bottom < len(by_row) and any(c.col <= d.col < c.col + c.col_span for d in by_row[bottom])
        if c.col_span > 1 and c.text and bottom == rows and sub_labels:
            need = max(need, bottom + 1)  # a grouped label needs the row of its sub-labels
    return need


def _header_rows(table: Table, empty_merges: list[Cell]) -> int:
    """Header rows from explicit merges: row 0 (unless numeric), grown while merges (also empty ones, such as a
    blank stub header over several rows) demand more rows and the next row is not numeric."""
    by_row = _by_row(table.cells, table.n_rows)
    if table.n_rows < 2 or _row_is_numeric(by_row[0]):
        return 0
    limit = min(SHEET_MAX_HEADER_ROWS, table.n_rows - 1)
    rows = 1
    while rows < limit:
        need = min(_header_extent(by_row, empty_merges, rows), limit)
        if need == rows or _row_is_numeric(by_row[rows]):
            break
        rows += 1
    while rows < limit and _is_unit_row(by_row[rows]):
        rows += 1
    return rows


def _table(sheet: _Sheet, block: _Block, file: str, sha256: str, table_no: int) -> Table:
    n_rows = block.bottom - block.top + 1
    n_cols = block.right - block.left + 1
    cells = [_to_cell(it, block) for it in block.items]
    merges = [_to_cell(m, block) for m in sheet.empty_merges if _inside(m, block)]
    letters = sheet.letters[block.left : block.right + 1]
    sheet_rows = sheet.rows[block.top : block.bottom + 1]
    cell_range = f"{letters[0]}{sheet_rows[0]}:{letters[-1]}{sheet_rows[-1]}"
    table = Table(
        id=table_id(sha256, table_no),
        source=SourceLocator(file=file, sha256=sha256, sheet=sheet.name, cell_range=cell_range),
        n_rows=n_rows,
        n_cols=n_cols,
        cells=cells,
        caption="\n".join(block.caption) or None,
        notes=list(block.notes),
        column_letters=list(letters),
        sheet_rows=list(sheet_rows),
        parser="spreadsheet",
    )
    indents = [0.0] * n_rows
    for it in block.items:
        if it.col == block.left:
            indents[it.row - block.top] = it.indent
    return apply_headers(table, header_rows=_header_rows(table, merges), indents=indents)


def _inside(it: _Item, block: _Block) -> bool:
    return block.top <= it.row <= block.bottom and block.left <= it.col <= block.right


def _to_cell(it: _Item, block: _Block) -> Cell:
    return cell_from_text(
        it.row - block.top,
        it.col - block.left,
        it.text,
        min(it.row_span, block.bottom - it.row + 1),
        min(it.col_span, block.right - it.col + 1),
        number=it.number,
    )


def _prose(sheet: _Sheet, item: _Item, file: str, sha256: str, block_no: int) -> ProseBlock:
    ref = f"{sheet.letters[item.col]}{sheet.rows[item.row]}"
    return ProseBlock(item.text, SourceLocator(file=file, sha256=sha256, sheet=sheet.name, cell_range=ref), block_no)


def sheet_tables(
    sheet: _Sheet, file: str, sha256: str, table_no: int, prose_no: int
) -> tuple[list[Table], list[ProseBlock], list[_Block]]:
    """The tables (numbered from `table_no`), stray prose and table blocks of one sheet (or one part of a sheet)."""
    pieces = [piece for b in _blocks(sheet) for piece in _split_stray_columns(_strip_title_rows(b))]
    blocks, lone = _attach_lone(pieces)
    tables = [_table(sheet, block, file, sha256, table_no + i) for i, block in enumerate(blocks)]
    prose = [_prose(sheet, item, file, sha256, prose_no + i) for i, item in enumerate(lone)]
    return tables, prose, blocks


def read_xlsx(path: Path, sha256: str, stream: bool | None = None) -> ParsedDocument:
    """Every visible sheet of a workbook as tables (numbered across the workbook) and stray text as prose.

    `stream`: read in openpyxl's read-only mode with merges and hidden rows/columns recovered from the sheet XML
    (see `xlsx_stream`); None chooses it for files above `xlsx_stream.STREAM_THRESHOLD_BYTES`.
    """
    from tablerag.parsing import xlsx_stream

    if stream is None:
        stream = path.stat().st_size > xlsx_stream.STREAM_THRESHOLD_BYTES
    if stream:
        return xlsx_stream.read_xlsx_streaming(path, sha256)
    wb = _load(path)
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
