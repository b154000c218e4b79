"""Small born-digital PDFs for tests, drawn with PyMuPDF: ruled tables with text above and below them."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FONT = "china-s"  # PyMuPDF's built-in CJK font also covers Latin and Cyrillic
COL_W = 90.0
ROW_H = 16.0
LEFT = 72.0


@dataclass
class Block:
    """A ruled table at `top` (points) with lines of text above and below it."""

    rows: list[list[str]]
    top: float
    above: list[str] = field(default_factory=list)
    below: list[str] = field(default_factory=list)
    size: float = 9.0
    above_size: float = 9.0


def draw_table(page: Any, block: Block) -> float:
    """Draw `block` on `page`; returns the table's bottom."""
    pg = page
    n_cols = len(block.rows[0])
    bottom = block.top + ROW_H * len(block.rows)
    right = LEFT + COL_W * n_cols
    for r in range(len(block.rows) + 1):
        y = block.top + r * ROW_H
        pg.draw_line((LEFT, y), (right, y))
    for c in range(n_cols + 1):
        x = LEFT + c * COL_W
        pg.draw_line((x, block.top), (x, bottom))
    for r, row in enumerate(block.rows):
        for c, text in enumerate(row):
            at = (LEFT + c * COL_W + 4, block.top + r * ROW_H + 12)
            pg.insert_text(at, text, fontname=FONT, fontsize=block.size)
    y = block.top - 8
    for text in reversed(block.above):
        pg.insert_text((LEFT, y), text, fontname=FONT, fontsize=block.above_size)
        y -= block.above_size + 4
    y = bottom + 14
    for text in block.below:
        pg.insert_text((LEFT, y), text, fontname=FONT, fontsize=8)
        y += 11
    return bottom


def make_pdf(
    path: Path, pages: list[list[Block]], headings: dict[int, list[tuple[float, str, float]]] | None = None
) -> Path:
    """A PDF with one page per entry of `pages`; `headings` maps a 0-based page to (y, text, size) lines."""
    import pymupdf

    fitz: Any = pymupdf  # untyped library
    doc = fitz.open()
    for i, blocks in enumerate(pages):
        page = doc.new_page()
        for y, text, size in (headings or {}).get(i, []):
            page.insert_text((LEFT, y), text, fontname=FONT, fontsize=size)
        for block in blocks:
            draw_table(page, block)
    doc.save(path)
    doc.close()
    return path


REPORT_FONT = "helv"
REPORT_SIZE = 8.0
REPORT_MARGIN = 36.0
REPORT_CELL_PAD = 6.0
REPORT_ROW_H = 12.0
REPORT_LINE_H = 10.5  # paragraph line height at REPORT_SIZE (pymupdf's textbox leading)


def make_report(path: Path, title: str, paragraphs: list[str], rows: list[list[str]]) -> Path:
    """A one-page born-digital report excerpt: a title, paragraphs of text, then one ruled table whose columns are
    as wide as their longest text. The page is A4 wide unless the table needs more (it is never cut)."""
    import pymupdf

    fitz: Any = pymupdf
    n_cols = max((len(r) for r in rows), default=0)
    widths = [
        max((fitz.get_text_length(r[c], REPORT_FONT, REPORT_SIZE) for r in rows if c < len(r)), default=0.0)
        + 2 * REPORT_CELL_PAD
        for c in range(n_cols)
    ]
    width = max(595.0, sum(widths) + 2 * REPORT_MARGIN)
    text_w = width - 2 * REPORT_MARGIN
    chars = sum(len(p) for p in paragraphs)
    text_h = (chars * REPORT_SIZE * 0.5 / text_w + 2 * len(paragraphs) + 2) * REPORT_LINE_H
    height = max(842.0, 2 * REPORT_MARGIN + 24 + text_h + REPORT_ROW_H * len(rows) + 40)
    doc = fitz.open()
    page = doc.new_page(width=width, height=height)
    page.insert_text((REPORT_MARGIN, REPORT_MARGIN + 12), title, fontname="hebo", fontsize=12)
    top = REPORT_MARGIN + 24
    box = fitz.Rect(REPORT_MARGIN, top, width - REPORT_MARGIN, top + text_h)
    while page.insert_textbox(box, "\n\n".join(paragraphs), fontname=REPORT_FONT, fontsize=REPORT_SIZE) < 0:
        box.y1 += 10 * REPORT_LINE_H  # did not fit (nothing was written): a taller box
    y0 = box.y1 + 16
    xs = [REPORT_MARGIN]
    for w in widths:
        xs.append(xs[-1] + w)
    for r in range(len(rows) + 1):
        page.draw_line((xs[0], y0 + r * REPORT_ROW_H), (xs[-1], y0 + r * REPORT_ROW_H))
    for x in xs:
        page.draw_line((x, y0), (x, y0 + REPORT_ROW_H * len(rows)))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            at = (xs[c] + REPORT_CELL_PAD, y0 + r * REPORT_ROW_H + REPORT_ROW_H - 3)
            page.insert_text(at, text, fontname=REPORT_FONT, fontsize=REPORT_SIZE)
    doc.save(path)
    doc.close()
    return path


BORDERLESS_SIZE = 8.0
BORDERLESS_ROW = 15.2
BORDERLESS_LEFT = 54.0
INDENT_STEP = 6.0  # points per indentation level of a stub label


def make_borderless(
    path: Path,
    rows: list[list[str]],
    rights: list[float],
    indents: list[int] | None = None,
    pitch: float = BORDERLESS_ROW,
) -> Path:
    """A borderless table at 8 pt Helvetica under a paragraph, no rules: the first column left-aligned (indented by
    `indents` steps per row), the others right-aligned at `rights`, as financial statements set amounts; rows
    `pitch` points apart."""
    import pymupdf

    fitz: Any = pymupdf
    doc = fitz.open()
    page = doc.new_page()
    page.insert_text((54, 80), "The table below shows the movements of the year (in millions).", fontsize=8.5)
    for r, row in enumerate(rows):
        y = 120 + pitch * r
        for c, text in enumerate(row):
            if not text:
                continue
            if c == 0:
                x = BORDERLESS_LEFT + INDENT_STEP * (indents[r] if indents else 0)
            else:
                x = rights[c - 1] - fitz.get_text_length(text, "helv", BORDERLESS_SIZE)
            page.insert_text((x, y), text, fontname="helv", fontsize=BORDERLESS_SIZE)
    doc.save(path)
    doc.close()
    return path
