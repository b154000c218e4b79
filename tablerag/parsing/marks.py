"""Marks OCR does not read: a nil dash ("—", "–", "-") alone in a table cell.

A text detector finds no text box on a lone thin bar, so a value column's nil cells came back empty (the row then
lost its operand, and "no value" reads differently from "nil"). Here an empty body cell of a column that holds
numbers is looked at in the page image: a single short, thin, solid horizontal run of ink inside the cell, clear of
its edges (where rulings run), is a dash. Geometry: cell boxes in points, the image in pixels.
"""

from __future__ import annotations

from typing import Any

from tablerag._lazy import need
from tablerag.parsing.cells import cell_from_text
from tablerag.parsing.grid import GridCell, Word
from tablerag.parsing.imageops import ink_mask, to_gray
from tablerag.parsing.ocr_text import CURRENCY, DASH_LOOKALIKES

DASH_TEXT = "—"  # what a found long dash reads as (the OCR text cleaner maps its lookalikes to this too)
SHORT_DASH_TEXT = "-"  # and a short one (a hyphen or an en dash: half an em or less)
EM_DASH_WIDTH = 0.5  # of the text height: an em dash is about one em wide (0.7-0.9 of an OCR box's height), an en
# dash half that, a hyphen a third
NIL_GLYPHS = frozenset("—–-‒―−")  # the dashes reports print for "nil"
DASH_MIN_WIDTH = 0.15  # a hyphen is about a quarter of the text height wide; dots and specks are narrower
DASH_MAX_WIDTH = 1.5  # an em dash is one em (about the text height); a column's underline spans its numbers
DASH_MAX_THICKNESS = 0.25  # a dash's stroke is a tenth to a fifth of the text height; digits are its full height
DASH_MIN_ASPECT = 2.0  # width over thickness: a bar, not a dot or a letter
DASH_MIN_FILL = 0.6  # ink share of the run's box: a solid stroke, not broken noise
EDGE_INSET = 0.15  # of the text height: ink this close to a cell's edge is a ruling or a neighbour's overhang


def dash_in(ink: Any, line_h: float) -> tuple[int, int, int, int] | None:
    """The box (x0, y0, x1, y1, pixels of `ink`) of the one dash `ink` (a cell's ink mask, 255 = ink) holds, or
    None when it holds anything else: no ink, several marks, or a mark that is not a short thin solid bar."""
    cv2 = need("cv2", "vision")
    inset = max(1, round(EDGE_INSET * line_h))
    h, w = ink.shape
    if h <= 2 * inset or w <= 2 * inset:
        return None
    inner = ink[inset : h - inset, inset : w - inset]
    n, _, stats, _ = cv2.connectedComponentsWithStats(inner, connectivity=8)
    ih, iw = inner.shape
    # ink reaching the inner box's edge came from outside it: rulings (also where the cell runs past the table's
    # border, so that they do not cross it), a neighbour's overhanging text
    marks = [
        (int(x), int(y), int(bw), int(bh), int(area))
        for x, y, bw, bh, area in stats[1:n]
        if x > 0 and y > 0 and x + bw < iw and y + bh < ih
    ]
    if len(marks) != 1:
        return None
    x, y, bw, bh, area = marks[0]
    if not DASH_MIN_WIDTH * line_h <= bw <= DASH_MAX_WIDTH * line_h or bh > DASH_MAX_THICKNESS * line_h:
        return None
    if bw < DASH_MIN_ASPECT * bh or area < DASH_MIN_FILL * bw * bh:
        return None
    return x + inset, y + inset, x + inset + bw, y + inset + bh


def _has_number(cell: GridCell) -> bool:
    return bool(cell.words) and cell_from_text(0, 0, cell.text).value is not None


def _read_nil(cell: GridCell) -> bool:
    """A cell the OCR read as a dash (or a lookalike of one), beside a currency sign or not: a nil value."""
    text = "".join(cell.text.split()).strip(CURRENCY)
    return len(text) == 1 and (text in NIL_GLYPHS or text in DASH_LOOKALIKES)


def found_dashes(cells: list[GridCell], header_rows: int, image: Any, scale: float) -> int:
    """Empty body cells of value columns (a number or a read nil below the header) that show a dash in `image`
    (pixels; `scale` points per pixel) get a word at the dash, reading DASH_TEXT or SHORT_DASH_TEXT by its width (the
    glyph printed: a report's "—", a statistical table's "-"). Returns how many."""
    heights = sorted(w.y1 - w.y0 for c in cells for w in c.words)
    if not heights:
        return 0
    line_h = heights[len(heights) // 2] / scale  # the median text height, in pixels
    # a value column: a number below the header, or a nil the OCR did read (a column of nils and one value)
    value_cols = {c.col for c in cells if c.row >= header_rows and c.col_span == 1 and (_has_number(c) or _read_nil(c))}
    read = [w for c in cells for w in c.words]  # before any dash is added: only what the OCR read
    gray = None
    found = 0
    for cell in cells:
        if cell.words or cell.row < header_rows or cell.col_span > 1 or cell.row_span > 1:
            continue
        if cell.col not in value_cols:
            continue
        if gray is None:
            gray = to_gray(image)
        x0, y0 = max(0, int(cell.x0 / scale)), max(0, int(cell.y0 / scale))
        x1, y1 = min(gray.shape[1], int(cell.x1 / scale)), min(gray.shape[0], int(cell.y1 / scale))
        if x1 - x0 < 3 or y1 - y0 < 3:
            continue
        ink = ink_mask(gray[y0:y1, x0:x1].copy())
        pad = round(EDGE_INSET * line_h)  # OCR word boxes (split from a line's box) miss a letter's edge, a descender
        for w in read:  # text the OCR read is its words' ink: a long label running on into this cell is no mark
            wx0, wy0 = max(x0, int(w.x0 / scale) - pad), max(y0, int(w.y0 / scale) - pad)
            wx1, wy1 = min(x1, int(w.x1 / scale) + 1 + pad), min(y1, int(w.y1 / scale) + 1 + pad)
            if wx1 > wx0 and wy1 > wy0:
                ink[wy0 - y0 : wy1 - y0, wx0 - x0 : wx1 - x0] = 0
        box = dash_in(ink, line_h)
        if box is None:
            continue
        bx0, by0, bx1, by1 = box
        # the word's box: the dash's extent, one text line high around it (as OCR boxes a glyph's line)
        mid = (by0 + by1) / 2 + y0
        text = DASH_TEXT if bx1 - bx0 >= EM_DASH_WIDTH * line_h else SHORT_DASH_TEXT
        cell.words.append(
            Word(
                (x0 + bx0) * scale,
                (mid - line_h / 2) * scale,
                (x0 + bx1) * scale,
                (mid + line_h / 2) * scale,
                text,
                -1,
                0,
            )
        )
        found += 1
    return found
