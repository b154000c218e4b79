"""Streaming XLSX reader for big workbooks: openpyxl's read-only mode plus what it does not tell.

Read-only mode streams cells but knows neither merged ranges nor hidden rows and columns. Both are recovered from
the sheet part inside the zip with one more streaming pass (`scan_sheet_xml`: ElementTree ``iterparse``, each
parsed row dropped at once, so memory stays flat): ``<mergeCell ref>``, ``<row hidden>``, ``<col hidden>``.
The cells then go through the same pipeline as the normal mode (`sheets.sheet_tables`), part by part:

- a sheet is cut into *groups* of row bands (runs of rows between fully blank rows); a group is processed once it
  holds `CHUNK_ROWS` rows and ends with a band that is a table, so captions above a table stay with it;
- a single band longer than `CHUNK_ROWS` (one giant table) is processed when it reaches that size; its later
  rows come out as *continuation tables* of at most `CHUNK_ROWS` rows that repeat the first part's column header
  chains, caption and notes, with ``header_rows = 0``.

A workbook smaller than one group gives exactly what the normal mode gives (tests/test_streaming.py checks it on
the HiTab workbooks). Known approximations for giant tables: column blocks are cut on the first part only, so
values right of that part's columns in later rows are dropped; the section path open at the end of a part is
carried into the next part, but the stub columns are found per part.
"""

from __future__ import annotations

import bisect
import sys
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any
from xml.etree.ElementTree import ParseError

from tablerag.errors import BadInputError
from tablerag.model import ParsedDocument, ProseBlock, Table
from tablerag.parsing.headers import row_header_chains, section_rows
from tablerag.parsing.sheets import (
    Block,
    Item,
    Merge,
    Sheet,
    block_table,
    cell_indent,
    empty_merges,
    load_workbook,
    place,
    sheet_tables,
    stub_indents,
)
from tablerag.parsing.units import apply_units

STREAM_THRESHOLD_BYTES = 16 * 1024**2  # normal mode keeps every cell object: it peaked at 671 MB on a generated
# 17.8 MiB workbook (bench/semantics.py), so past ~16 MiB it heads for 1 GB; streaming stays near 300-400 MB
CHUNK_ROWS = 20_000  # rows held at once while streaming: 20k rows of 13 columns kept the 100 MB run at 376 MB peak


@dataclass(slots=True)
class SheetXml:
    """What read-only mode does not report, read from the sheet XML."""

    merges: list[Merge] = field(default_factory=list)
    hidden_rows: set[int] = field(default_factory=set)
    hidden_cols: set[int] = field(default_factory=set)


def _ref(cell_ref: str) -> tuple[int, int]:
    from openpyxl.utils.cell import column_index_from_string, coordinate_from_string

    letters, row = coordinate_from_string(cell_ref)
    return row, column_index_from_string(letters)


def _merge(ref: str) -> Merge:
    lo, _, hi = ref.partition(":")
    r0, c0 = _ref(lo)
    r1, c1 = _ref(hi or lo)
    return Merge(r0, c0, r1, c1)


def scan_sheet_xml(source: IO[bytes]) -> SheetXml:
    """Merged ranges and hidden rows/columns of one sheet part, streamed (no DOM is kept)."""
    from xml.etree.ElementTree import iterparse

    out = SheetXml()
    data: Any = None
    row_no = 0
    for event, elem in iterparse(source, events=("start", "end")):
        tag = elem.tag.rsplit("}", 1)[-1]
        if event == "end":
            if tag == "row" and data is not None:
                data.clear()  # drop the parsed row and its cells
            continue
        if tag == "row":
            row_no = int(elem.get("r") or row_no + 1)
            if elem.get("hidden") in ("1", "true"):
                out.hidden_rows.add(row_no)
        elif tag == "sheetData":
            data = elem
        elif tag == "col" and elem.get("hidden") in ("1", "true"):
            out.hidden_cols.update(range(int(elem.get("min", "1")), int(elem.get("max", elem.get("min", "1"))) + 1))
        elif tag == "mergeCell" and elem.get("ref"):
            out.merges.append(_merge(elem.get("ref")))
    return out


class _Axis(Sequence[Any]):
    """Visible rows (or columns) of a sheet given its hidden ones: index <-> sheet number (or column letter), like
    the normal mode's list of visible numbers, without materialising it. Unbounded: only indexed and sliced."""

    def __init__(self, hidden: set[int], letters: bool = False) -> None:
        self._hidden = sorted(hidden)
        self._letters = letters

    def position(self, n: int) -> int:
        return n - 1 - bisect.bisect_left(self._hidden, n)

    def span(self, lo: int, hi: int) -> tuple[int, int] | None:
        count = (hi - lo + 1) - (bisect.bisect_right(self._hidden, hi) - bisect.bisect_left(self._hidden, lo))
        return (self.position(lo), count) if count > 0 else None

    def number(self, idx: int) -> int:
        n = idx + 1
        while (nxt := idx + 1 + bisect.bisect_right(self._hidden, n)) != n:
            n = nxt
        return n

    def _at(self, idx: int) -> Any:
        n = self.number(idx)
        if not self._letters:
            return n
        from openpyxl.utils import get_column_letter

        return get_column_letter(n)

    def __len__(self) -> int:
        return sys.maxsize

    def __getitem__(self, key: int | slice) -> Any:
        if isinstance(key, slice):
            return [self._at(i) for i in range(key.start or 0, key.stop, key.step or 1)]
        return self._at(key)


@dataclass(slots=True)
class _Continuation:
    """The table a giant band started; later rows of the band become parts of it."""

    left: int
    right: int
    head: Table
    sections: list[str]  # section labels still open at the end of the previous part


@dataclass(slots=True)
class _Stream:
    title: str
    rows: _Axis
    cols: _Axis
    merges: dict[tuple[int, int], Merge]
    file: str
    sha256: str
    items: dict[tuple[int, int], Item] = field(default_factory=dict)
    group_top: int | None = None
    band_top: int | None = None
    band_items: int = 0
    covered_until: int = -1  # last visible row reached by an item of the current band
    cont: _Continuation | None = None
    chunk_rows: int = 0  # rows collected for the next continuation part
    tables: int = 0
    prose: int = 0


def _sheet(st: _Stream) -> Sheet:
    """The collected part as the normal mode's sheet, with the value-less merges whose corner lies in it."""
    rows = [r for r, _ in st.items]
    empty = empty_merges(st.merges.values(), st.items, st.rows.span, st.cols.span, (min(rows), max(rows)))
    return Sheet(st.title, st.rows, st.cols, st.items, empty)


def _flush_group(st: _Stream, keep_open: bool) -> Iterator[Table | ProseBlock]:
    """Process the collected items as one part of the sheet; with `keep_open`, remember the table that reaches
    the last row so the rest of its band continues it."""
    if not st.items:
        return
    last = max(r + it.row_span - 1 for (r, _), it in st.items.items())
    tables, prose, blocks = sheet_tables(_sheet(st), st.file, st.sha256, st.tables, st.prose)
    st.tables += len(tables)
    st.prose += len(prose)
    st.items = {}
    st.group_top = None
    if keep_open:
        open_ = [(t, b) for t, b in zip(tables, blocks, strict=True) if b.bottom == last]
        st.cont = _Continuation(open_[-1][1].left, open_[-1][1].right, open_[-1][0], []) if open_ else None
        if st.cont is not None:
            st.cont.sections = _open_sections(st.cont.head, [])
    st.chunk_rows = 0
    yield from tables
    yield from prose


def _open_sections(table: Table, carried: list[str]) -> list[str]:
    """The section path still open after the last row of `table` (`carried` when the table opens none)."""
    rows = section_rows(table)
    if not rows:
        return carried
    path = table.row_headers[rows[-1]]
    last = table.row_headers[-1] if table.row_headers else []
    return path if last[: len(path)] == path else []


def _flush_continuation(st: _Stream) -> Iterator[Table]:
    items = [it for it in st.items.values() if st.cont is not None and st.cont.left <= it.col <= st.cont.right]
    st.items, st.chunk_rows, st.group_top = {}, 0, None
    if not items:
        return
    yield _continuation_table(st, items)


def _continuation_table(st: _Stream, items: list[Item]) -> Table:
    assert st.cont is not None
    head = st.cont.head
    top = min(it.row for it in items)
    bottom = max(it.row + it.row_span - 1 for it in items)
    caption = [head.caption] if head.caption else []
    block = Block(top, bottom, st.cont.left, st.cont.right, items, caption, list(head.notes))
    table = block_table(Sheet(st.title, st.rows, st.cols, {}, []), block, st.file, st.sha256, st.tables)
    table.column_headers = [list(levels) for levels in head.column_headers]
    st.tables += 1
    table.row_headers = row_header_chains(table, stub_indents(block))
    first_section = min(section_rows(table), default=table.n_rows)
    for r in range(first_section):  # rows before the part's first section stay under the open one
        if table.row_headers[r]:
            table.row_headers[r] = st.cont.sections + table.row_headers[r]
    st.cont.sections = _open_sections(table, st.cont.sections)
    return apply_units(table)


def _row_items(st: _Stream, sheet_row: int, cells: tuple[Any, ...]) -> list[Item]:
    out: list[Item] = []
    for cell in cells:
        raw = getattr(cell, "value", None)
        if raw is None:
            continue
        merge = st.merges.get((sheet_row, cell.column))
        item = place(raw, cell.number_format, sheet_row, cell.column, merge, st.rows.span, st.cols.span)
        if item is not None:
            item.indent = cell_indent(cell)
            out.append(item)
    return out


def _end_band(st: _Stream) -> Iterator[Table | ProseBlock]:
    """A blank row closed the current band."""
    if st.cont is not None:
        yield from _flush_continuation(st)
        st.cont = None
    elif st.group_top is not None and st.covered_until - st.group_top + 1 >= CHUNK_ROWS and st.band_items > 1:
        yield from _flush_group(st, keep_open=False)
    st.band_top, st.band_items = None, 0


def _add_row(st: _Stream, vis_row: int, items: list[Item]) -> Iterator[Table | ProseBlock]:
    if not items:
        if st.band_top is not None and vis_row > st.covered_until:
            yield from _end_band(st)
        return
    if st.band_top is None:
        st.band_top = vis_row
    if st.group_top is None:
        st.group_top = vis_row
    for it in items:
        st.items[(it.row, it.col)] = it
        st.covered_until = max(st.covered_until, it.row + it.row_span - 1)
    st.band_items += len(items)
    st.chunk_rows += 1
    if st.cont is not None and st.chunk_rows >= CHUNK_ROWS and vis_row >= st.covered_until:
        yield from _flush_continuation(st)
    elif st.cont is None and vis_row - st.band_top + 1 >= CHUNK_ROWS and vis_row >= st.covered_until:
        yield from _flush_group(st, keep_open=True)


def _stream_sheet(ws: Any, xml: SheetXml, file: str, sha256: str, counts: tuple[int, int]) -> Iterator[Any]:
    st = _Stream(
        ws.title,
        _Axis(xml.hidden_rows),
        _Axis(xml.hidden_cols, letters=True),
        {(m.min_row, m.min_col): m for m in xml.merges},
        file,
        sha256,
        tables=counts[0],
        prose=counts[1],
    )
    ws.reset_dimensions()  # trust the cells, not the stated dimension
    for sheet_row, cells in enumerate(ws.iter_rows(), start=1):
        items = _row_items(st, sheet_row, cells)
        if sheet_row in xml.hidden_rows and not items:
            continue
        vis = st.rows.position(sheet_row) if sheet_row not in xml.hidden_rows else items[0].row
        yield from _add_row(st, vis, items)
    yield from _end_band(st)
    if st.cont is None:
        yield from _flush_group(st, keep_open=False)


def _sheet_part(ws: Any) -> str:
    part = getattr(ws, "_worksheet_path", None)
    if not isinstance(part, str):
        raise TypeError("openpyxl read-only worksheet without a part path")
    return part


def iter_xlsx(path: Path, sha256: str) -> Iterator[Table | ProseBlock]:
    """Tables and prose of a workbook, one sheet part at a time (memory bounded by `CHUNK_ROWS`)."""
    from openpyxl.worksheet._read_only import ReadOnlyWorksheet

    wb = load_workbook(path, read_only=True)
    tables = prose = 0
    try:
        with zipfile.ZipFile(path) as archive:
            for ws in wb.worksheets:
                if ws.sheet_state != "visible" or not isinstance(ws, ReadOnlyWorksheet):
                    continue
                with archive.open(_sheet_part(ws).lstrip("/")) as source:
                    xml = scan_sheet_xml(source)
                for obj in _stream_sheet(ws, xml, str(path), sha256, (tables, prose)):
                    tables += isinstance(obj, Table)
                    prose += isinstance(obj, ProseBlock)
                    yield obj
    except (zipfile.BadZipFile, KeyError, ValueError, TypeError, ParseError) as exc:  # ParseError: DTDs, bad XML
        raise BadInputError(str(path), f"not a readable XLSX workbook ({type(exc).__name__}: {exc})") from exc
    finally:
        wb.close()


def read_xlsx_streaming(path: Path, sha256: str) -> ParsedDocument:
    """`iter_xlsx` collected into one document (holds every table: use `iter_xlsx` to keep memory flat)."""
    doc = ParsedDocument(path=str(path), sha256=sha256, format="xlsx")
    for obj in iter_xlsx(path, sha256):
        if isinstance(obj, Table):
            doc.tables.append(obj)
        else:
            doc.prose.append(obj)
    return doc
