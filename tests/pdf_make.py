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
