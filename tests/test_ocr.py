"""OCR: tesseract words with boxes on a real page rendered at 150 dpi; language choice; parallel pages."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.fixture(scope="module")
def table_crop(shared_data: Path):
    from tablerag.parsing.render import render_pdf_page

    page = render_pdf_page(shared_data / "icdar2013" / "competition-dataset-eu" / "eu-001.pdf", 1, 150)
    return page.crop((140, 620, 1080, 940))  # the greenhouse-gases table: coloured fills, thin rulings


def test_ocr_reads_known_cells_with_boxes(table_crop) -> None:
    from tablerag.parsing.ocr import TesseractOcr

    words = TesseractOcr("eng").words(table_crop)
    texts = " ".join(w.text for w in words)
    for expected in ("Carbon", "dioxide", "(HFCs)", "Methane", "(CH4)", "million", "THRESHOLD", "RELEASES"):
        assert expected in texts
    w, h = table_crop.size
    assert all(0 <= x.x0 < x.x1 <= w and 0 <= x.y0 < x.y1 <= h for x in words)
    assert os.environ.get("OMP_THREAD_LIMIT") == "1"


def test_pages_in_parallel_processes_match_serial(table_crop) -> None:
    from tablerag.parsing.ocr import TesseractOcr, ocr_pages

    small = table_crop.crop((0, 0, 500, 160))
    engine = TesseractOcr("eng")
    assert ocr_pages([small, small], engine, workers=2) == [engine.words(small)] * 2


def test_language_choice() -> None:
    from tablerag.parsing.ocr import SCRIPT_LANGS, latin_langs

    assert latin_langs("Zażółć gęślą jaźń") == "pol+eng"
    assert latin_langs("Größe der Fläche über") == "deu+eng"
    assert latin_langs("Total revenue") == "eng"
    assert SCRIPT_LANGS["Cyrillic"].startswith("rus") and SCRIPT_LANGS["Han"].startswith("chi_sim")


def test_script_guess_on_an_english_page(table_crop) -> None:
    from tablerag.parsing.ocr import guess_langs

    assert guess_langs(table_crop) == "eng"
