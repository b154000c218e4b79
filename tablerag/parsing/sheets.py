"""What the three spreadsheet readers share: a sheet as the visible grid a person sees, cut into table blocks.

A reader (`spreadsheet` for XLSX through openpyxl, `xlsx_stream` for big XLSX, `xls` for legacy BIFF through xlrd)
turns each sheet into a `Sheet`: the non-empty values (`Item`s) placed on the grid of visible rows and columns,
each spanning its merged range, plus the merged ranges with no value. `sheet_tables` does the rest, the same for
every reader:
- blocks are found by recursive cuts along fully blank rows/columns (a merged range occupies its whole area);
- a block made of one lone value is not a table: it becomes the caption of the block right below it, else a
  note of the block right above it, else a prose block;
- leading title rows of a block (one unmerged value in its first column, or one value merged across the whole
  width) -> caption;
- header rows follow the explicit merges (see `_header_rows`), and `apply_headers` builds the chains.

Numbers (`cell_value`): ``Cell.value`` is the float, ``Cell.text`` what the sheet shows (integers without ".0",
fixed decimals and thousands separators from simple number formats). Percent-formatted cells are stored as shown:
text "12.5%", value 12.5, unit "%" - the same as `parse_number` gives for the text, so a value means the same
thing whether it came from a PDF, a CSV or a workbook. Dates become ISO text with no value.
"""

from __future__ import annotations

import bisect
import datetime as dt
import re
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from tablerag.errors import BadInputError
from tablerag.model import Cell, ProseBlock, SourceLocator, Table, table_id
from tablerag.parsing.cells import cell_from_text, number_of
from tablerag.parsing.footnotes import trailing_note_rows
from tablerag.parsing.headers import apply_headers, detect_header_rows
from tablerag.parsing.numbers import ParsedNumber, is_nil_mark
from tablerag.parsing.sides import equal_runs

OLE_MAGIC = b"\xd0\xcf\x11\xe0"  # encrypted XLSX and legacy .xls are OLE compound files, not zips
SHEET_MAX_HEADER_ROWS = 6  # merges are explicit in a sheet, so deeper headers are trusted; bounded so a
# vertical merge running down the stub cannot swallow the data
NUMERIC_ROW_SHARE = 0.5  # a row at least this numeric (of its values) is data, never header
CAPTION_GAP_ROWS = 2  # a lone title cell at most this many blank rows above a block is that block's caption
MAX_SPACER_ROWS = 1  # one blank row inside a table is spacing (under its header, between sections); more part tables
MIN_BODY_ROWS = 2  # a block continued below a blank row has rows of amounts itself: one amount is a note's number
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
class Item:
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
class Sheet:
    name: str
    rows: Sequence[int]  # sheet row number (1-based) of each visible row
    letters: Sequence[str]  # column letter of each visible column
    items: dict[tuple[int, int], Item]
    empty_merges: list[Item]  # merged ranges with no value: no cell, but they shape the header


@dataclass(slots=True)
class Block:
    top: int
    bottom: int  # inclusive
    left: int
    right: int  # inclusive
    items: list[Item]
    caption: list[str]
    notes: list[str]
    # blank spacer rows inside a block joined across them (visible indices): left out of its table's grid
    skip_rows: frozenset[int] = frozenset()


class Range(Protocol):
    """A merged range in 1-based inclusive sheet terms (openpyxl's `CellRange` is one, so is `Merge`)."""

    @property
    def min_row(self) -> int: ...
    @property
    def min_col(self) -> int: ...
    @property
    def max_row(self) -> int: ...
    @property
    def max_col(self) -> int: ...


@dataclass(frozen=True, slots=True)
class Merge:
    """A merged range, for readers whose library gives no range object of its own."""

    min_row: int
    min_col: int
    max_row: int
    max_col: int


# first visible index and visible count of a 1-based sheet interval [lo, hi] of rows (or columns), None when hidden
Span = Callable[[int, int], tuple[int, int] | None]


# ---------------------------------------------------------------------------------------------- openpyxl workbooks


def load_workbook(path: Path, read_only: bool = False) -> Any:
    """An openpyxl workbook with cached values (formulas never evaluated); a clear error for what is no XLSX."""
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


def cell_indent(cell: Any) -> float:
    """The alignment indent of an openpyxl cell."""
    try:
        return float(cell.alignment.indent or 0.0)
    except (AttributeError, IndexError, TypeError):  # a cell without a readable style has no indentation
        return 0.0


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


def cell_value(raw: Any, number_format: str) -> tuple[str, ParsedNumber | None] | None:
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


def span(lo: int, hi: int, visible: Sequence[int]) -> tuple[int, int] | None:
    """First visible index and visible count of the sheet interval [lo, hi], or None when all hidden."""
    start = bisect.bisect_left(visible, lo)
    end = bisect.bisect_right(visible, hi)
    return (start, end - start) if end > start else None


def place(raw: Any, number_format: str, row: int, col: int, merge: Range | None, rows: Span, cols: Span) -> Item | None:
    """The value of sheet cell (row, col) (1-based) on the visible grid, spanning its merged range; None when the
    cell is empty or hidden. Its `indent` is left for the reader to set."""
    got = cell_value(raw, number_format)
    if got is None:
        return None
    rspan = rows(row, merge.max_row if merge else row)
    cspan = cols(col, merge.max_col if merge else col)
    if rspan is None or cspan is None:
        return None  # hidden
    text, number = got
    return Item(rspan[0], cspan[0], rspan[1], cspan[1], text, number)


def empty_merges(
    merges: Iterable[Range],
    items: dict[tuple[int, int], Item],
    rows: Span,
    cols: Span,
    first_rows: tuple[int, int] | None = None,
) -> list[Item]:
    """The merged ranges that hold no value, as value-less items; with `first_rows` (lo, hi), only those whose
    first visible row lies in that interval of visible rows."""
    out: list[Item] = []
    for m in merges:
        rspan = rows(m.min_row, m.max_row)
        cspan = cols(m.min_col, m.max_col)
        if not (rspan and cspan) or (rspan[0], cspan[0]) in items:
            continue
        if first_rows is None or first_rows[0] <= rspan[0] <= first_rows[1]:
            out.append(Item(rspan[0], cspan[0], rspan[1], cspan[1], "", None))
    return out


# ---------------------------------------------------------------------------------------------- blocks


def _occupied(items: list[Item]) -> dict[tuple[int, int], Item]:
    occ: dict[tuple[int, int], Item] = {}
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


def _blocks(sheet: Sheet) -> list[Block]:
    occ = _occupied(list(sheet.items.values()))
    if not occ:
        return []
    out: list[Block] = []
    for piece in _cut(list(occ)):
        items = list({id(occ[p]): occ[p] for p in piece}.values())
        items.sort(key=lambda it: (it.row, it.col))
        rows = [p[0] for p in piece]
        cols = [p[1] for p in piece]
        out.append(Block(min(rows), max(rows), min(cols), max(cols), items, [], []))
    out.sort(key=lambda b: (b.top, b.left))
    return _join_spaced(out)


def _amounts(items: list[Item]) -> bool:
    """Any value that is an amount (a year typed as a number heads a column, it is no amount)."""
    return any(it.value is not None and not _YEAR.fullmatch(it.text.strip()) for it in items)


def _continues(upper: Block, lower: Block) -> bool:
    """``lower``, a blank row under ``upper``, is more of the same table: ``upper`` is a header with no amount over
    the columns of amounts ``lower`` fills, reaching its last one; or ``upper`` has a body of amounts and ``lower``
    more rows of them, within its columns and out to its last one, its first row labelling no column (a section
    label in the stub, or values: no header of its own)."""
    gap = lower.top - upper.bottom - 1
    if not 1 <= gap <= MAX_SPACER_ROWS or len(upper.items) < 2 or len(lower.items) < 2:
        return False
    inside = upper.left <= lower.left and lower.right <= upper.right
    if not _amounts(upper.items):  # a header reaches the last column it heads (a key-value block above does not)
        heads = upper.right == lower.right and (inside or lower.left <= upper.left)
        return heads and _amounts(lower.items)  # over amounts: blocks of notes or labels are no body
    first = [it for it in lower.items if it.row == lower.top]
    body = len({it.row for it in upper.items if _amounts([it])}) >= MIN_BODY_ROWS  # a table's body above
    more = body and _amounts(lower.items) and lower.right == upper.right  # more rows of amounts to the last column
    return inside and more and not any(it.col > upper.left and _labels(it) for it in first)


def _labels(it: Item) -> bool:
    """Text that names something: not an amount, not a nil mark ("—")."""
    return it.value is None and not is_nil_mark(it.text)


def _join_spaced(blocks: list[Block]) -> list[Block]:
    """Blocks that a blank spacer row cut from one table joined again (`_continues`), in reading order; the blank
    rows between them are left out of the table's grid (its rows keep their sheet rows). Columns a blank column
    apart are not joined: a scratch column beside a table looks the same as a spaced column of it."""
    out: list[Block] = []
    for b in blocks:
        joined = next((a for a in reversed(out) if _continues(a, b)), None)
        if joined is None:
            out.append(b)
            continue
        joined.skip_rows = joined.skip_rows | b.skip_rows | set(range(joined.bottom + 1, b.top))
        joined.items = joined.items + b.items
        joined.bottom, joined.left, joined.right = b.bottom, min(joined.left, b.left), max(joined.right, b.right)
    return out


def _kept(lo: int, hi: int, skip: frozenset[int]) -> list[int]:
    return [i for i in range(lo, hi + 1) if i not in skip]


def _is_title_row(block: Block, row: int) -> bool:
    in_row = [it for it in block.items if it.row <= row < it.row + it.row_span]
    if len(in_row) != 1 or block.right == block.left:
        return False
    it = in_row[0]
    full_width = it.col == block.left and it.col + it.col_span - 1 == block.right
    typed_title = it.col == block.left and it.col_span == 1  # a lone label further right is a group header
    return it.row == row and it.row_span == 1 and (typed_title or full_width) and it.value is None


def _strip_title_rows(block: Block) -> Block:
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
    return Block(top, block.bottom, left, right, items, block.caption, block.notes)


def _strip_note_rows(block: Block) -> Block:
    """Trailing note rows (`footnotes.trailing_note_rows`) become the block's notes; the block shrinks to the rest.
    A number in the first column is no note's text (a number elsewhere keeps its row a row)."""
    rows = [[""] * (block.right - block.left + 1) for _ in range(block.top, block.bottom + 1)]
    for it in block.items:
        rows[it.row - block.top][it.col - block.left] = (
            "" if it.number is not None and it.col == block.left else it.text
        )
    n = trailing_note_rows(rows)
    if n == 0:
        return block
    bottom = block.bottom - n
    notes = [row[0] for row in rows[len(rows) - n :]]
    items = [it for it in block.items if it.row <= bottom]
    return Block(block.top, bottom, block.left, block.right, items, block.caption, notes + block.notes, block.skip_rows)


def _is_stray_column(block: Block, col: int) -> bool:
    starts = [it for it in block.items if it.col <= col < it.col + it.col_span]
    if any(it.row == block.top or it.col < col for it in starts):
        return False  # labelled in the top row, or part of a label reaching in from the left
    return len(starts) < STRAY_FILL_SHARE * (block.bottom - block.top + 1)


def _split_stray_columns(block: Block) -> list[Block]:
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
    out = [Block(block.top, block.bottom, block.left, cut - 1, main, block.caption, block.notes)]
    rows = [r for it in stray for r in (it.row, it.row + it.row_span - 1)]
    out.append(Block(min(rows), max(rows), cut, block.right, stray, [], []))
    return out


def _split_side_by_side(block: Block) -> list[Block]:
    """Tables set side by side on a sheet ("资产 | 年初数 | 期末数 | 负债 | 年初数 | 期末数", a balance sheet's assets beside
    its liabilities) become one block each (`sides.equal_runs` on the block's top row; not when a top-row cell is
    merged across columns). Each row then holds one record, not two."""
    if any(it.col_span > 1 for it in block.items if it.row == block.top):
        return [block]
    left = block.left
    runs = equal_runs(
        {it.col - left: it.text.strip() for it in block.items if it.row == block.top},
        block.right - left + 1,
        [(it.col - left, it.number is not None) for it in block.items if it.row > block.top],
        [(it.col - left, it.col - left + it.col_span - 1) for it in block.items],
    )
    if not runs:
        return [block]
    return [
        Block(
            block.top,
            block.bottom,
            left + lo,
            left + hi,
            [it for it in block.items if left + lo <= it.col <= left + hi],
            list(block.caption),
            list(block.notes) if i == len(runs) - 1 else [],
        )
        for i, (lo, hi) in enumerate(runs)
    ]


def _overlaps(a: Block, b: Block) -> bool:
    return a.left <= b.right and b.left <= a.right


def _attach_lone(blocks: list[Block]) -> tuple[list[Block], list[Item]]:
    """Lone single-value blocks -> caption of the block below, else note of the block above, else prose."""
    tables = [b for b in blocks if len(b.items) > 1]
    prose: list[Item] = []
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


def block_table(sheet: Sheet, block: Block, file: str, sha256: str, table_no: int) -> Table:
    """The block's cells as table number `table_no`, located on the sheet, with the block's caption and notes and
    no header yet."""
    letters = sheet.letters[block.left : block.right + 1]
    sheet_rows = [sheet.rows[r] for r in _kept(block.top, block.bottom, block.skip_rows)]
    cell_range = f"{letters[0]}{sheet_rows[0]}:{letters[-1]}{sheet_rows[-1]}"
    return Table(
        id=table_id(sha256, table_no),
        source=SourceLocator(file=file, sha256=sha256, sheet=sheet.name, cell_range=cell_range),
        n_rows=len(sheet_rows),
        n_cols=len(letters),
        cells=[to_cell(it, block) for it in block.items],
        caption="\n".join(block.caption) or None,
        notes=list(block.notes),
        column_letters=list(letters),
        sheet_rows=list(sheet_rows),
        parser="spreadsheet",
    )


def stub_indents(block: Block) -> list[float]:
    """The indent of each row's label in the block's first column (0.0 where the row has none)."""
    rows = _kept(block.top, block.bottom, block.skip_rows)
    at = {r: i for i, r in enumerate(rows)}
    indents = [0.0] * len(rows)
    for it in block.items:
        if it.col == block.left and it.row in at:
            indents[at[it.row]] = it.indent
    return indents


def _table(sheet: Sheet, block: Block, file: str, sha256: str, table_no: int) -> Table:
    table = block_table(sheet, block, file, sha256, table_no)
    merges = [to_cell(m, block) for m in sheet.empty_merges if _inside(m, block)]
    # the merges say how deep the header is; where none do, the text says it as in a CSV (a label typed over
    # "Net Sales | % of Total" without merging, years under "Fiscal year-end")
    rows = max(_header_rows(table, merges), detect_header_rows(table))
    return apply_headers(table, header_rows=rows, indents=stub_indents(block))


def _inside(it: Item, block: Block) -> bool:
    return block.top <= it.row <= block.bottom and block.left <= it.col <= block.right


def to_cell(it: Item, block: Block) -> Cell:
    """The item as a cell of the block's table (spans clipped to the block; blank spacer rows left out)."""
    rows = [r for r in range(it.row, min(it.row + it.row_span, block.bottom + 1)) if r not in block.skip_rows]
    return cell_from_text(
        it.row - block.top - sum(1 for r in block.skip_rows if r < it.row),
        it.col - block.left,
        it.text,
        max(1, len(rows)),
        min(it.col_span, block.right - it.col + 1),
        number=it.number,
    )


def _prose(sheet: Sheet, item: Item, file: str, sha256: str, block_no: int) -> ProseBlock:
    ref = f"{sheet.letters[item.col]}{sheet.rows[item.row]}"
    return ProseBlock(item.text, SourceLocator(file=file, sha256=sha256, sheet=sheet.name, cell_range=ref), block_no)


def sheet_tables(
    sheet: Sheet, file: str, sha256: str, table_no: int, prose_no: int
) -> tuple[list[Table], list[ProseBlock], list[Block]]:
    """The tables (numbered from `table_no`), stray prose and table blocks of one sheet (or one part of a sheet)."""
    pieces = [
        part
        for b in _blocks(sheet)
        for piece in _split_stray_columns(_strip_note_rows(_strip_title_rows(b)))
        for part in _split_side_by_side(piece)
    ]
    blocks, lone = _attach_lone(pieces)
    tables = [_table(sheet, block, file, sha256, table_no + i) for i, block in enumerate(blocks)]
    prose = [_prose(sheet, item, file, sha256, prose_no + i) for i, item in enumerate(lone)]
    return tables, prose, blocks
