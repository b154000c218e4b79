"""Table Transformer objects -> grid -> cells, as pure geometry (no model, no image library).

TATR's structure model returns boxes labelled table, table row, table column, table column header, table projected
row header and table spanning cell. Here they become a grid: rows and columns de-duplicated and made to tile the
table; header rows are the rows the column-header box covers; a spanning cell claims the grid slots it covers;
a projected row header is a row-wide cell. Words (PDF text layer or OCR, in the same coordinate space as the boxes)
are then put into the cell whose slots hold their centre. Coordinates: any space with the origin top-left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from tablerag.model import BBox
from tablerag.parsing.grid import GridCell, Word, index_of

ROW_SCORE = 0.5  # rows and columns below this score are noise in TATR's output (its own post-processing uses 0.5)
SPAN_SCORE = 0.5  # spanning cells are the least reliable class; keep only the confident ones
HEADER_SCORE = 0.5  # a column-header box below this score is ignored (the table gets no header rows)
DUPLICATE_OVERLAP = 0.5  # two rows (columns) overlapping by half the smaller extent are one row detected twice
SLOT_COVER = 0.5  # a header / spanning box takes a row (column) when it covers at least half of that row's extent
WORD_SLOT_OVERLAP = 0.0  # words whose centre lies outside every row and column are left out of the table


class Label(StrEnum):
    """TATR class names, as in the models' id2label."""

    TABLE = "table"
    TABLE_ROTATED = "table rotated"
    COLUMN = "table column"
    ROW = "table row"
    COLUMN_HEADER = "table column header"
    PROJECTED_ROW_HEADER = "table projected row header"
    SPANNING_CELL = "table spanning cell"


@dataclass(frozen=True, slots=True)
class Detection:
    label: Label
    score: float
    box: BBox


@dataclass(slots=True)
class TableGrid:
    box: BBox
    row_edges: list[float]  # n_rows + 1 increasing y positions
    col_edges: list[float]  # n_cols + 1 increasing x positions
    cells: list[GridCell]
    header_rows: int
    confidence: float

    @property
    def n_rows(self) -> int:
        return len(self.row_edges) - 1

    @property
    def n_cols(self) -> int:
        return len(self.col_edges) - 1


def _overlap(a0: float, a1: float, b0: float, b1: float) -> float:
    return max(0.0, min(a1, b1) - max(a0, b0))


def _dedupe(items: list[Detection], vertical: bool) -> list[Detection]:
    """Highest score first, drop an item overlapping a kept one by DUPLICATE_OVERLAP of the smaller extent."""
    kept: list[Detection] = []
    for d in sorted(items, key=lambda d: -d.score):
        a0, a1 = (d.box.y0, d.box.y1) if vertical else (d.box.x0, d.box.x1)
        dup = False
        for k in kept:
            b0, b1 = (k.box.y0, k.box.y1) if vertical else (k.box.x0, k.box.x1)
            if _overlap(a0, a1, b0, b1) >= DUPLICATE_OVERLAP * max(min(a1 - a0, b1 - b0), 1e-9):
                dup = True
                break
        if not dup:
            kept.append(d)
    return sorted(kept, key=lambda d: d.box.cy if vertical else d.box.cx)


def _edges(items: list[Detection], vertical: bool, lo: float, hi: float) -> list[float]:
    """Edges that tile [lo, hi]: the outer ones at the table border, inner ones midway between neighbours."""
    if not items:
        return [lo, hi]
    spans = [(d.box.y0, d.box.y1) if vertical else (d.box.x0, d.box.x1) for d in items]
    inner = [(a[1] + b[0]) / 2 for a, b in zip(spans, spans[1:], strict=False)]
    edges = [lo, *inner, hi]
    return [e for i, e in enumerate(edges) if i == 0 or e > edges[i - 1]]  # drop non-increasing (crossing) edges


def _covered(edges: Sequence[float], a: float, b: float) -> list[int]:
    """Indices of the bands between `edges` that [a, b] covers by at least SLOT_COVER of their extent."""
    return [
        i
        for i in range(len(edges) - 1)
        if _overlap(a, b, edges[i], edges[i + 1]) >= SLOT_COVER * max(edges[i + 1] - edges[i], 1e-9)
    ]


def _header_rows(dets: list[Detection], row_edges: list[float]) -> int:
    heads = [d for d in dets if d.label is Label.COLUMN_HEADER and d.score >= HEADER_SCORE]
    if not heads:
        return 0
    head = max(heads, key=lambda d: d.score)
    rows = _covered(row_edges, head.box.y0, head.box.y1)
    n = 0
    while n in rows:  # the header is a prefix of the rows
        n += 1
    return min(n, len(row_edges) - 2) if len(row_edges) > 2 else n


def _spans(dets: list[Detection], row_edges: list[float], col_edges: list[float]) -> list[GridCell]:
    """Spanning cells and projected row headers, snapped to whole slots; a later one overlapping an earlier one
    (by score) is dropped."""
    n_cols = len(col_edges) - 1
    taken: set[tuple[int, int]] = set()
    out: list[GridCell] = []
    wanted = [d for d in dets if d.label in (Label.SPANNING_CELL, Label.PROJECTED_ROW_HEADER) and d.score >= SPAN_SCORE]
    for d in sorted(wanted, key=lambda d: -d.score):
        rows = _covered(row_edges, d.box.y0, d.box.y1)
        prh = d.label is Label.PROJECTED_ROW_HEADER
        cols = list(range(n_cols)) if prh else _covered(col_edges, d.box.x0, d.box.x1)
        if not rows or not cols or (len(rows) == 1 and len(cols) == 1):
            continue
        r0, r1, c0, c1 = rows[0], rows[-1] + 1, cols[0], cols[-1] + 1
        slots = {(r, c) for r in range(r0, r1) for c in range(c0, c1)}
        if slots & taken:
            continue
        taken |= slots
        x0, y0, x1, y1 = col_edges[c0], row_edges[r0], col_edges[c1], row_edges[r1]
        out.append(GridCell(r0, c0, x0, y0, x1, y1, r1 - r0, c1 - c0, confidence=d.score, projected_row_header=prh))
    return out


def build_grid(dets: Sequence[Detection], table_box: BBox | None = None, table_score: float = 1.0) -> TableGrid:
    """Structure detections of one table -> a grid of cells (no text yet)."""
    rows = _dedupe([d for d in dets if d.label is Label.ROW and d.score >= ROW_SCORE], vertical=True)
    cols = _dedupe([d for d in dets if d.label is Label.COLUMN and d.score >= ROW_SCORE], vertical=False)
    box = table_box
    if box is None:
        tables = [d for d in dets if d.label in (Label.TABLE, Label.TABLE_ROTATED)]
        parts = [d.box for d in rows + cols] or [d.box for d in tables] or [BBox(0, 0, 1, 1)]
        box = parts[0]
        for b in parts[1:]:
            box = box.union(b)
    row_edges = _edges(rows, True, box.y0, box.y1)
    col_edges = _edges(cols, False, box.x0, box.x1)
    header = _header_rows(list(dets), row_edges)
    cells = _spans(list(dets), row_edges, col_edges)
    taken = {(r, c) for s in cells for r in range(s.row, s.row + s.row_span) for c in range(s.col, s.col + s.col_span)}
    row_conf = [d.score for d in rows] if len(rows) == len(row_edges) - 1 else [table_score] * (len(row_edges) - 1)
    col_conf = [d.score for d in cols] if len(cols) == len(col_edges) - 1 else [table_score] * (len(col_edges) - 1)
    for r in range(len(row_edges) - 1):
        for c in range(len(col_edges) - 1):
            if (r, c) not in taken:
                x0, y0, x1, y1 = col_edges[c], row_edges[r], col_edges[c + 1], row_edges[r + 1]
                cells.append(GridCell(r, c, x0, y0, x1, y1, confidence=min(row_conf[r], col_conf[c])))
    for cell in cells:
        cell.is_header = cell.row < header
    cells.sort(key=lambda c: (c.row, c.col))
    scores = [table_score] + row_conf + col_conf
    return TableGrid(box, row_edges, col_edges, cells, header, sum(scores) / len(scores))


def assign_words(grid: TableGrid, words: Sequence[Word]) -> list[Word]:
    """Put each word whose centre lies in the table into the cell covering its slot; return the words outside."""
    owner: dict[tuple[int, int], GridCell] = {}
    for cell in grid.cells:
        for r in range(cell.row, cell.row + cell.row_span):
            for c in range(cell.col, cell.col + cell.col_span):
                owner[(r, c)] = cell
    rest: list[Word] = []
    b = grid.box
    for w in words:
        if not (b.x0 <= w.cx <= b.x1 and b.y0 <= w.cy <= b.y1):
            rest.append(w)
            continue
        hit = owner.get((index_of(grid.row_edges, w.cy), index_of(grid.col_edges, w.cx)))
        if hit is None:
            rest.append(w)
        else:
            hit.words.append(w)
    return rest


def drop_empty_edges(grid: TableGrid) -> TableGrid:
    """Rows and columns with no text in any slot and no spanning cell removed (TATR over-segments blank margins)."""
    filled_rows = {r for c in grid.cells if c.words for r in range(c.row, c.row + c.row_span)}
    filled_cols = {k for c in grid.cells if c.words for k in range(c.col, c.col + c.col_span)}
    if not filled_rows or not filled_cols:
        return grid
    keep_r = [r for r in range(grid.n_rows) if r in filled_rows]
    keep_c = [k for k in range(grid.n_cols) if k in filled_cols]
    if len(keep_r) == grid.n_rows and len(keep_c) == grid.n_cols:
        return grid
    rmap = {r: i for i, r in enumerate(keep_r)}
    cmap = {k: i for i, k in enumerate(keep_c)}
    cells: list[GridCell] = []
    for c in grid.cells:
        rows = [rmap[r] for r in range(c.row, c.row + c.row_span) if r in rmap]
        cols = [cmap[k] for k in range(c.col, c.col + c.col_span) if k in cmap]
        if rows and cols:
            c.row, c.col, c.row_span, c.col_span = rows[0], cols[0], rows[-1] - rows[0] + 1, cols[-1] - cols[0] + 1
            cells.append(c)
    row_edges = [grid.row_edges[keep_r[0]]] + [grid.row_edges[r + 1] for r in keep_r]
    col_edges = [grid.col_edges[keep_c[0]]] + [grid.col_edges[k + 1] for k in keep_c]
    header = len([r for r in keep_r if r < grid.header_rows])
    return TableGrid(grid.box, row_edges, col_edges, cells, header, grid.confidence)


def grid_from_detections(
    dets: Sequence[Detection], words: Sequence[Word], table_box: BBox | None = None, table_score: float = 1.0
) -> tuple[TableGrid, list[Word]]:
    """The whole post-processing: detections + words -> a filled grid, and the words left outside."""
    grid = build_grid(dets, table_box, table_score)
    rest = assign_words(grid, words)
    return drop_empty_edges(grid), rest


def objects_from_cells(cells: Sequence[tuple[int, int, int, int, BBox]], score: float = 1.0) -> list[Detection]:
    """TATR-style objects from known cells (row, col, row_span, col_span, box): rows and columns are the extents of
    their single-slot cells, spanning cells the union of the rows and columns they cover. The oracle: feeding these
    to `build_grid` must give the cells back."""
    n_rows = max(r + rs for r, _, rs, _, _ in cells)
    n_cols = max(c + cs for _, c, _, cs, _ in cells)
    table = cells[0][4]
    for *_, b in cells:
        table = table.union(b)
    ys: list[BBox | None] = [None] * n_rows
    xs: list[BBox | None] = [None] * n_cols
    for r, c, rs, cs, b in cells:
        if rs == 1:
            cur = ys[r]
            ys[r] = b if cur is None else cur.union(b)
        if cs == 1:
            cur = xs[c]
            xs[c] = b if cur is None else cur.union(b)
    row_spans = _fill_gaps([(b.y0, b.y1) if b else None for b in ys], table.y0, table.y1)
    col_spans = _fill_gaps([(b.x0, b.x1) if b else None for b in xs], table.x0, table.x1)
    out = [Detection(Label.TABLE, score, table)]
    out += [Detection(Label.ROW, score, BBox(table.x0, a, table.x1, b, table.space)) for a, b in row_spans]
    out += [Detection(Label.COLUMN, score, BBox(a, table.y0, b, table.y1, table.space)) for a, b in col_spans]
    for r, c, rs, cs, _ in cells:
        if rs > 1 or cs > 1:
            y0, y1 = _band(row_spans, r, r + rs - 1, table.y0, table.y1)
            x0, x1 = _band(col_spans, c, c + cs - 1, table.x0, table.x1)
            out.append(Detection(Label.SPANNING_CELL, score, BBox(x0, y0, x1, y1, table.space)))
    return out


def _fill_gaps(spans: list[tuple[float, float] | None], lo: float, hi: float) -> list[tuple[float, float]]:
    """Extents for rows (columns) with no single-slot cell: the free space between the known neighbours shared out
    evenly; overlapping neighbours are pulled apart at their midpoint so every band keeps its own middle."""
    out: list[tuple[float, float]] = []
    n = len(spans)
    for i, s in enumerate(spans):
        if s is not None:
            out.append(s)
            continue
        p = next((j for j in range(i - 1, -1, -1) if spans[j] is not None), -1)
        q = next((j for j in range(i + 1, n) if spans[j] is not None), n)
        prev, nxt = spans[p] if p >= 0 else None, spans[q] if q < n else None
        a = prev[1] if prev is not None else lo
        b = nxt[0] if nxt is not None else hi
        width = (b - a) / (q - p - 1)
        start = a + width * (i - p - 1)
        out.append((start + width * 0.1, start + width * 0.9))
    for i in range(1, len(out)):
        if out[i][0] < out[i - 1][1]:
            mid = (max(out[i][0], out[i - 1][0]) + min(out[i][1], out[i - 1][1])) / 2
            out[i - 1] = (out[i - 1][0], min(out[i - 1][1], mid - 1e-6))
            out[i] = (max(out[i][0], mid + 1e-6), out[i][1])
    return out


def _band(spans: list[tuple[float, float]], i: int, j: int, lo: float, hi: float) -> tuple[float, float]:
    """The full extent of bands i..j (inclusive): from the midpoint with the band before to the one after."""
    a = (spans[i - 1][1] + spans[i][0]) / 2 if i > 0 else lo
    b = (spans[j][1] + spans[j + 1][0]) / 2 if j + 1 < len(spans) else hi
    return a, b
