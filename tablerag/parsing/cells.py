"""One way to make a `Cell` from the text a reader found, for every reader (CSV, text, XLSX, XLS, PDF, image).

``Cell.value`` is the quantity the text means, with an in-cell scale word applied ("$2.1bn" -> 2.1e9, "3.5
million" -> 3.5e6), so a sum over a table is the same whichever format it came from; ``Cell.text`` keeps the text
unchanged and ``Cell.scale`` the multiplier of the scale word (None when there is none), so the word stays visible.
A reader that already knows the number (a typed spreadsheet value) passes it in place of parsing the text.
"""

from __future__ import annotations

import functools

from tablerag.model import BBox, Cell
from tablerag.parsing.numbers import ParsedNumber, parse_number

NUMBER_CACHE = 65536  # distinct cell texts parsed once per process: tables repeat "-", "0", "n/a" a lot


@functools.lru_cache(maxsize=NUMBER_CACHE)
def number_of(text: str) -> ParsedNumber | None:
    """The number a cell's text holds, or None (text without a digit is never a number). Cached: results are frozen."""
    return parse_number(text) if any(ch.isdigit() for ch in text) else None


class _Parse:
    """Marker: parse the number from the text."""


PARSE = _Parse()


def cell_from_text(
    row: int,
    col: int,
    text: str,
    row_span: int = 1,
    col_span: int = 1,
    *,
    number: ParsedNumber | None | _Parse = PARSE,
    bbox: BBox | None = None,
    confidence: float | None = None,
) -> Cell:
    """A cell whose value is the quantity its text (or the reader's known ``number``) means, scale applied."""
    num = number_of(text) if isinstance(number, _Parse) else number
    if num is None:
        return Cell(row, col, text, row_span, col_span, bbox=bbox, confidence=confidence)
    scale = num.scale if num.scale != 1.0 else None
    return Cell(row, col, text, row_span, col_span, num.scaled, num.unit, bbox=bbox, confidence=confidence, scale=scale)
