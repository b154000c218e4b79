"""The scanned QA bench keeps pages' OCR words by a key of the OCR code: a setting `image.read_page` reads is part
of it, so a change there reads the pages again instead of reusing words read by other code."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))


def test_an_ocr_setting_of_the_image_path_changes_the_stage_key(monkeypatch: pytest.MonkeyPatch) -> None:
    import qa_reports

    from tablerag.parsing import image

    qa_reports.ocr_fingerprint.cache_clear()
    before = qa_reports.ocr_fingerprint()
    monkeypatch.setattr(image, "PPOCR_MAX_DPI", image.PPOCR_MAX_DPI + 50)
    qa_reports.ocr_fingerprint.cache_clear()
    try:
        assert qa_reports.ocr_fingerprint() != before
    finally:
        qa_reports.ocr_fingerprint.cache_clear()
