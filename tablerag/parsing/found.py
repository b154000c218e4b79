"""A table found on one page, as every finder returns it: ruled and borderless heuristics, the text-layer PDF reader
and the vision path (Table Transformer, ONNX models). Geometry in PDF points, origin top-left."""

from __future__ import annotations

from dataclasses import dataclass, field

from tablerag.model import BBox
from tablerag.parsing.grid import GridCell
from tablerag.parsing.layout import TableContext
from tablerag.parsing.numbers import CURRENCY_MARKS, mark_folds, parse_number


@dataclass(slots=True)
class FoundTable:
    bbox: BBox
    n_rows: int
    n_cols: int
    cells: list[GridCell]
    parser: str = ""  # what found it ("pdf-ruled", "tatr", ...); a heuristic finder leaves it to its caller
    confidence: float | None = None  # None: the finder has no score of its own (its caller sets one)
    header_rows: int | None = None  # None: detect from the text
    context: TableContext = field(default_factory=TableContext)  # caption, notes, unit (text-layer PDFs)
    lines_above: int = 0  # body text lines between the page's top margin and the table (not caption or notes)
    lines_below: int = 0  # ... and between the table and the bottom margin
    column_rules: tuple[float, ...] = ()  # x of the vertical rulings its column edges lie on (a ruled scan): no
    # header label spans across one


def fold_mark_columns(found: FoundTable) -> None:
    """Columns of currency or percent marks set apart from their amounts ("$ | 215,877", a ruled cell or a wide gap
    each) folded into them as `mark_folds` reads them, and the columns so emptied dropped: the table a reader of
    the same grid as a CSV file gets. A column whose marks or header labels span several slots stays as it is,
    unless the label spans the amounts' column too ("Fiscal Year" centred over "$ | 2018")."""
    grid = [[""] * found.n_cols for _ in range(found.n_rows)]
    cover: dict[tuple[int, int], GridCell] = {}
    for cell in found.cells:
        if 0 <= cell.row < found.n_rows and 0 <= cell.col < found.n_cols:
            grid[cell.row][cell.col] = cell.text
        for r in range(cell.row, cell.row + cell.row_span):
            for c in range(cell.col, cell.col + cell.col_span):
                cover[(r, c)] = cell
    by_col: dict[int, list[tuple[int, int, int]]] = {}
    for move in mark_folds(grid):
        by_col.setdefault(move[1], []).append(move)

    def plain(r: int, c: int) -> bool:  # an empty slot, or a cell of that one slot
        cell = cover.get((r, c))
        return cell is None or (cell.row, cell.col, cell.row_span, cell.col_span) == (r, c, 1, 1)

    def spanning(r: int, c: int, into: int) -> bool:  # a label over the marks that reaches their amounts too
        cell = cover.get((r, c))
        return cell is not None and cell.col <= min(c, into) and max(c, into) < cell.col + cell.col_span

    folded: set[int] = set()
    for col, found_moves in by_col.items():
        # a header label set across the marks and their amounts heads both already: it stays (and shrinks to the
        # amounts' column once the marks' column is gone)
        moves = [(r, c, into) for r, c, into in found_moves if not spanning(r, c, into)]
        if not all(plain(r, col) and plain(r, into) for r, _, into in moves):
            continue
        for r, _, into in moves:
            source, target = cover[(r, col)], cover.get((r, into))
            if target is None or not target.words:
                if target is not None:
                    found.cells.remove(target)
                source.col = into
                cover[(r, into)] = source
            else:
                target.words = [*source.words, *target.words] if into > col else [*target.words, *source.words]
                target.x0, target.x1 = min(target.x0, source.x0), max(target.x1, source.x1)
                target.y0, target.y1 = min(target.y0, source.y0), max(target.y1, source.y1)
                found.cells.remove(source)
            del cover[(r, col)]
        folded.add(col)
    # emptied: no text of its own left (a label spanning it from a column beside it shrinks to those columns)
    gone = {c for c in folded if not any(cell.words and (cell.col, cell.col_span) == (c, 1) for cell in found.cells)}
    if not gone:
        return
    kept: list[GridCell] = []
    for cell in found.cells:
        covered = [c for c in range(cell.col, cell.col + cell.col_span) if c not in gone]
        if not covered:
            continue
        cell.col = covered[0] - sum(1 for g in gone if g < covered[0])
        cell.col_span = len(covered)
        kept.append(cell)
    found.cells = kept
    found.n_cols -= len(gone)


def move_stranded_marks(found: FoundTable) -> None:
    """A currency mark ending a cell ("activities $", "351.6 $") moved to the amount that starts the next cell of
    its row, when it sits nearer that amount than the word before it: a mark set apart from its amount in a column
    of its own that too few rows fill to stand as a column joins the cell beside it by overlap. A mark set close
    after its amount ("351,6 $", as French reports write it) stays. In place."""
    by_slot = {(c.row, c.col): c for c in found.cells}
    for cell in found.cells:
        nxt = by_slot.get((cell.row, cell.col + cell.col_span))
        if len(cell.words) < 2 or nxt is None or not nxt.words or cell.row_span != 1 or nxt.row_span != 1:
            continue
        mark, before = cell.words[-1], cell.words[-2]
        first = min(nxt.words, key=lambda w: w.x0)
        if mark.text not in CURRENCY_MARKS or parse_number(first.text) is None:
            continue
        if min(before.y1, mark.y1) <= max(before.y0, mark.y0):
            continue  # the mark alone on its line: no word before it to measure against
        if first.x0 - mark.x1 < mark.x0 - before.x1:
            cell.words = cell.words[:-1]
            cell.x1 = max(w.x1 for w in cell.words)
            nxt.words = [mark, *nxt.words]
            nxt.x0 = min(nxt.x0, mark.x0)
