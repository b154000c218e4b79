"""Tables set side by side in one grid: a balance sheet printed as assets beside liabilities ("资产 | 年初数 | 期末数 |
负债 | 年初数 | 期末数", "Assets | 2019 | 2018 | Liabilities | 2019 | 2018"). Read as one table, every row holds
two records: a question about a liability links the asset's words in the same row and takes the first block's
column, and a total adds both sides. Cut into one table per side, each row is one record again. (Sheets cut their
blocks by the same `equal_runs` before reading headers; `cut_tables` cuts a read table.)"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from tablerag.model import Table, table_id
from tablerag.parsing.headers import apply_headers, split_header_blocks


def equal_runs(
    names: Mapping[int, str], width: int, body: Sequence[tuple[int, bool]], spans: Sequence[tuple[int, int]]
) -> list[tuple[int, int]]:
    """The column runs (first, last) of tables set side by side, or [] when the grid is one table: ``names`` (column
    -> its name in the header row) is equal runs of columns whose first names differ (each run's own label column)
    and whose other names repeat run after run; under it every run's first column holds labels (mostly no number)
    and another of its columns numbers (``body``: column and whether it holds a number, per filled cell below the
    header); no cell spans two runs (``spans``: first and last column of every filled cell from the header down).
    Columns count from 0."""
    for run in range(2, width // 2 + 1):
        if width % run:
            continue
        starts = range(0, width, run)
        rest = {tuple(names.get(s + k, "") for k in range(1, run)) for s in starts}
        firsts = [names.get(s, "") for s in starts]
        if len(rest) != 1 or not any(next(iter(rest))) or "" in firsts or len(set(firsts)) != len(firsts):
            continue
        runs = [(s, s + run - 1) for s in starts]
        if not all(_labelled_run(body, lo, hi) for lo, hi in runs):
            continue
        crossing = any(not any(lo <= a and b <= hi for lo, hi in runs) for a, b in spans)
        return [] if crossing else runs
    return []


def _labelled_run(body: Sequence[tuple[int, bool]], first: int, last: int) -> bool:
    labels = [number for col, number in body if col == first]
    if not labels or sum(not number for number in labels) * 2 < len(labels):
        return False
    return any(number for col, number in body if first < col <= last)


def side_runs(table: Table) -> list[tuple[int, int]]:
    """`equal_runs` of a read table, its last header row giving the names."""
    if table.header_rows < 1 or table.n_cols < 4:
        return []
    head = table.header_rows - 1
    names = {c.col: " ".join(c.text.split()) for c in table.cells if c.row == head and c.col_span == 1}
    filled = [c for c in table.cells if c.text.strip()]
    body = [(c.col, c.value is not None) for c in filled if c.row >= table.header_rows]
    spans = [(c.col, c.col + c.col_span - 1) for c in filled if c.row >= head]
    return equal_runs(names, table.n_cols, body, spans)


def split_side_by_side(table: Table) -> list[Table]:
    """``table`` (headers applied) cut into one table per side (`side_runs`), numbered on from its own number;
    each keeps the columns' own labels (sheet letters or file column numbers) for its citations, and a title over
    the whole width stays each side's header above its names. ``[table]`` when it is one table."""
    runs = side_runs(table)
    if not runs:
        return [table]
    out = []
    for i, (lo, hi) in enumerate(runs):
        cells = [
            replace(c, col=max(c.col, lo) - lo, col_span=min(c.col + c.col_span - 1, hi) - max(c.col, lo) + 1)
            for c in table.cells
            if c.col <= hi and c.col + c.col_span - 1 >= lo
        ]
        boxes = [c.bbox for c in cells if c.bbox is not None]
        box = table.source.bbox
        if box is not None and boxes:  # a side's own extent on the page: its cells' columns, the table's height
            box = replace(box, x0=min(b.x0 for b in boxes), x1=max(b.x1 for b in boxes))
        part = replace(
            table,
            id=table_id(table.source.sha256, table.table_no + i),
            source=replace(table.source, bbox=box),
            n_cols=hi - lo + 1,
            cells=cells,
            header_rows=0,
            column_headers=[],
            row_headers=[],
            column_letters=[table.column_label(c) for c in range(lo, hi + 1)],
        )
        out.append(apply_headers(part, table.header_rows))
    return out


def cut_tables(table: Table) -> list[Table]:
    """``table`` (headers applied) cut where a header block is stacked inside its body (`split_header_blocks`) and
    where tables are set side by side, numbered on from its own number in reading order."""
    parts = [side for block in split_header_blocks(table) for side in split_side_by_side(block)]
    for i, part in enumerate(parts):
        part.id = table_id(table.source.sha256, table.table_no + i)
    return parts
