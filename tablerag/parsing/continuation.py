"""Tables that run across pages become one logical table. Pure and deterministic.

Two tables join when the first is the last table of page N and ends in the bottom part of it, the second is the
first table of page N+1 and starts in its top part, both have the same number of columns, and either their
columns sit at the same x-positions or their header rows read the same. The second must not have a caption of
its own, unless that caption says it continues ("Table 3 (continued)", "续表") or repeats the first one's.

On a join a repeated header is dropped; a headerless continuation inherits the first part's header (the merged
table keeps the first part's header rows, so every continuation row gets its column chains). The first part's
id, source (page, box), caption and unit are kept; the later part's notes are appended, and a note records the
join: "Continued on page 5 (rows 31-58): same header." Cell boxes of later parts stay in their own page's
coordinates (the model has no page per cell; see that note for which rows came from which page).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from statistics import median

from tablerag.model import BBox, Cell, Table, table_id
from tablerag.parsing.headers import apply_headers
from tablerag.parsing.layout import clean, is_continued_caption

EDGE_ZONE = 0.4  # the first part ends in the bottom 40% of its page, the next starts in the top 40% of its own
COL_TOL = 8.0  # column positions (points) this close are the same column (producers jitter by a few points)
WIDTH_TOL = 0.08  # table widths differing by more than this share are different tables
MAX_EDGE_LINES = 2  # body lines allowed between a part and its page edge (a page number, a stray footer line)
NOTE_PREFIX = "Continued on page"  # notes starting so record a join (written and read here only)


@dataclass(frozen=True, slots=True)
class _Tail:
    """Where a (possibly already joined) table ends: its last page and that part's box and columns."""

    page: int
    bbox: BBox
    columns: list[tuple[float, float]]
    table_id: str


def column_spans(table: Table) -> list[tuple[float, float]]:
    """Per column, the median left and right edge of its single-column cells that hold text."""
    out: list[tuple[float, float]] = []
    for col in range(table.n_cols):
        boxes = [c.bbox for c in table.cells if c.col == col and c.col_span == 1 and c.text.strip() and c.bbox]
        if not boxes:
            out.append((float("nan"), float("nan")))
            continue
        out.append((median(b.x0 for b in boxes), median(b.x1 for b in boxes)))
    return out


def _same_columns(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> bool:
    if len(a) != len(b):
        return False
    pairs = [(p, q) for p, q in zip(a, b, strict=True) if p[0] == p[0] and q[0] == q[0]]  # NaN-free
    if len(pairs) < max(2, len(a) // 2):
        return False
    return all(abs(p[0] - q[0]) <= COL_TOL or abs(p[1] - q[1]) <= COL_TOL for p, q in pairs)


def header_texts(table: Table, rows: int) -> list[list[str]]:
    grid = table.grid()
    return [[clean(t).lower() for t in grid[r]] for r in range(min(rows, table.n_rows))]


def _repeated_header(first: Table, second: Table) -> int:
    """How many top rows of `second` repeat `first`'s header (0 when they do not)."""
    k = first.header_rows
    if k == 0 or second.n_rows <= k:
        return 0
    mine = header_texts(first, k)
    return k if mine == header_texts(second, k) and any(any(r) for r in mine) else 0


def _own_caption(first: Table, second: Table) -> bool:
    if not second.caption:
        return False
    if is_continued_caption(second.caption):
        return False
    return clean(second.caption).lower() != clean(first.caption or "").lower()


def join_reason(
    first: Table, tail: _Tail, second: Table, heights: dict[int, float], edges: dict[str, tuple[int, int]]
) -> str | None:
    """Why `second` continues `first` (ending at `tail`), or None when it does not."""
    if edges.get(tail.table_id, (0, 0))[1] > MAX_EDGE_LINES or edges.get(second.id, (0, 0))[0] > MAX_EDGE_LINES:
        return None  # body text after the first part or before the second: a new table starts
    page, box = second.source.page, second.source.bbox
    if page is None or box is None or page != tail.page + 1 or first.n_cols != second.n_cols:
        return None
    h_prev, h_next = heights.get(tail.page), heights.get(page)
    if h_prev is None or h_next is None:
        return None
    if tail.bbox.y1 < (1 - EDGE_ZONE) * h_prev or box.y0 > EDGE_ZONE * h_next:
        return None  # a big gap: the first ends high on its page, or the second starts low on its own
    if abs(tail.bbox.width - box.width) > WIDTH_TOL * max(tail.bbox.width, box.width):
        return None
    if _own_caption(first, second):
        return None
    if _repeated_header(first, second):
        return "same header"
    if _same_columns(tail.columns, column_spans(second)):
        return "same columns"
    return None


def _merge(first: Table, second: Table, reason: str) -> Table:
    drop = _repeated_header(first, second)
    offset = first.n_rows - drop
    moved = [replace(c, row=c.row + offset) for c in second.cells if c.row >= drop]
    cells: list[Cell] = [*first.cells, *moved]
    n_rows = offset + second.n_rows
    rows = f"rows {first.n_rows + 1}-{n_rows}"
    note = f"{NOTE_PREFIX} {second.source.page} ({rows}): {reason}"
    if drop:
        note += "; repeated header dropped"
    elif reason == "same columns" and second.header_rows:
        note += "; header inherited"
    notes = [*first.notes, note, *(n for n in second.notes if n not in first.notes)]
    pages = [first.page_of(r) or 0 for r in range(first.n_rows)] + [
        second.page_of(r) or 0 for r in range(drop, second.n_rows)
    ]
    merged = replace(first, n_rows=n_rows, cells=cells, notes=notes, column_headers=[], row_headers=[], row_pages=pages)
    merged.caption = first.caption or (second.caption if is_continued_caption(second.caption) else None)
    return apply_headers(merged, header_rows=first.header_rows)


def join_continued(
    tables: list[Table], heights: dict[int, float], edges: dict[str, tuple[int, int]] | None = None
) -> list[Table]:
    """Tables in reading order with continued parts joined to the table they continue; ids renumbered so they
    stay consecutive. `heights` maps 1-based page numbers to page heights (points); `edges` maps a table id to
    the number of body-text lines above and below it on its page (unknown ids count as none)."""
    edges = edges or {}
    out: list[Table] = []
    tails: list[_Tail] = []
    for t in tables:
        if out and t.source.bbox is not None and t.source.page is not None:
            reason = join_reason(out[-1], tails[-1], t, heights, edges)
            if reason is not None:
                out[-1] = _merge(out[-1], t, reason)
                tails[-1] = _Tail(t.source.page, t.source.bbox, column_spans(t), t.id)
                continue
        out.append(t)
        page = t.source.page if t.source.page is not None else -1
        box = t.source.bbox if t.source.bbox is not None else BBox(0, 0, 0, 0)
        tails.append(_Tail(page, box, column_spans(t), t.id))
    if len(out) == len(tables):
        return out
    for i, t in enumerate(out):
        t.id = table_id(t.source.sha256, i)
    return out
