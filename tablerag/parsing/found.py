"""A table found on one page, as every finder returns it: ruled and borderless heuristics, the text-layer PDF reader
and the vision path (Table Transformer, ONNX models). Geometry in PDF points, origin top-left."""

from __future__ import annotations

from dataclasses import dataclass, field

from tablerag.model import BBox
from tablerag.parsing.grid import GridCell
from tablerag.parsing.layout import TableContext


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
