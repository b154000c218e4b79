"""Prose of a scanned page comes back as paragraphs, not one block per OCR text line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablerag.parsing.image import prose_blocks
from tablerag.parsing.ocr import Word

FIRST = "Net sales rose in every segment of the group during the year under review and margins held."
SECOND = "The board proposes an unchanged dividend of one euro per share for the year."


def _line(y: float, text: str, block: int, x: float = 50.0) -> list[Word]:
    out, left = [], x
    for token in text.split():
        out.append(Word(left, y, left + 8 * len(token), y + 10, token, block, 1))
        left += 8 * len(token) + 6
    return out


def test_lines_of_one_paragraph_join_and_a_blank_line_or_a_second_column_splits() -> None:
    # sparse-text OCR gives every line its own block: lines 13 px apart (3 px of blank at a 10 px line) are one
    # paragraph, a line after 15 px of blank starts another, a block beside them (another column) stays apart
    words = _line(100, "alpha beta", 1) + _line(113, "gamma delta", 2) + _line(138, "epsilon", 3)
    words += _line(100, "side note", 4, x=400)
    assert prose_blocks(words) == ["alpha beta\ngamma delta", "epsilon", "side note"]


def test_a_scanned_page_reads_as_its_paragraphs(tmp_path: Path) -> None:
    pymupdf = pytest.importorskip("pymupdf")
    pytest.importorskip("pytesseract")
    from tablerag.parsing import parse

    pdf = pymupdf.open()
    page = pdf.new_page()
    page.insert_textbox(pymupdf.Rect(60, 80, 330, 200), FIRST, fontsize=11)  # wraps over several lines
    page.insert_textbox(pymupdf.Rect(60, 230, 330, 330), SECOND, fontsize=11)
    png = tmp_path / "two_paragraphs.png"
    page.get_pixmap(dpi=200, alpha=False).save(png)
    prose = [b.text for b in parse(png).prose]
    assert len(prose) == 2, prose
    assert prose[0].count("\n") >= 1  # the first paragraph's wrapped lines stay together
    assert "dividend" in prose[1] and "segment" in prose[0]
