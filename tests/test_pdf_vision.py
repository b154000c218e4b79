"""`--vision auto` on a born-digital PDF the test makes: a page whose table the text-layer finder reads stays on the
text layer (the models are not run for it); a page where the finder finds no table goes through the models."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tablerag.parsing import pdf as pdf_mod
from tablerag.parsing.image import scan_page
from tablerag.parsing.pdf import PdfVision, read_pdf

HEADER = ["Region", "2019", "2020", "2021"]
ROWS = [["North", "1,204", "1,310", "1,452"], ["South", "980", "1,022", "1,101"]]
COLUMNS_X = [72, 250, 350, 450]  # wide gaps: columns a reader sees at once
ROW_STEP = 20


def _page(doc: Any, rows: list[list[str]]) -> None:
    """A table between two prose lines, rules above, below and under its header (no vertical rules)."""
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 80), "Annual report of the regional water board, prepared for its members.", fontsize=11)
    y = 130
    page.draw_line((72, y - 14), (520, y - 14))
    for i, row in enumerate([HEADER, *rows]):
        for x, text in zip(COLUMNS_X, row, strict=True):
            page.insert_text((x, y), text, fontsize=11, fontname="hebo" if i == 0 else "helv")
        if i == 0:
            page.draw_line((72, y + 5), (520, y + 5))
        y += ROW_STEP
    page.draw_line((72, y - 14), (520, y - 14))
    page.insert_text(
        (72, y + 30), "The figures above are unaudited and may change in the final statement.", fontsize=11
    )


@pytest.fixture
def two_pages(tmp_path: Path) -> Path:
    """Page 1: a header and two body rows (the text-layer finder reads it). Page 2: a header and one body row, too
    few lines for the finder, a table to the layout model."""
    import pymupdf

    fitz: Any = pymupdf
    doc = fitz.open()
    _page(doc, ROWS)
    _page(doc, ROWS[:1])
    path = tmp_path / "two.pdf"
    doc.save(path)
    return path


def test_auto_sends_only_the_page_without_a_text_layer_table_to_the_models(
    two_pages: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scanned: list[int] = []

    def spy(image: Any, *args: Any, **kwargs: Any) -> Any:
        scanned.append(image.height)
        return scan_page(image, *args, **kwargs)

    monkeypatch.setattr(pdf_mod, "scan_page", spy)
    never = read_pdf(two_pages, "0" * 64, vision=PdfVision.NEVER).tables
    assert [(t.source.page, t.parser) for t in never] == [(1, "pdf-stream")] and not scanned
    auto = read_pdf(two_pages, "0" * 64, vision=PdfVision.AUTO).tables
    assert len(scanned) == 1  # page 2 only: the text layer's table on page 1 is kept without running the models
    assert [(t.source.page, t.parser) for t in auto] == [(1, "pdf-stream"), (2, "onnx-layout+slanet")]
    first, second = auto
    assert (first.n_rows, first.n_cols) == (3, 4) and (second.n_rows, second.n_cols) == (2, 4)
    assert second.cell_at(1, 3) is not None and second.cell_at(1, 3).text == "1,452"  # type: ignore[union-attr]
    assert second.cell_at(0, 0) is not None and second.cell_at(0, 0).text == "Region"  # type: ignore[union-attr]
