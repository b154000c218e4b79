"""The scanned QA bench keeps pages' OCR words by a key of the OCR code: a setting `image.read_page` reads is part
of it, so a change there reads the pages again instead of reusing words read by other code."""

from __future__ import annotations

import os
import subprocess
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


def test_the_stage_key_is_the_same_in_every_process() -> None:
    """Python salts string hashes per process, which orders a set of strings differently in each: a key made from a
    set's repr would miss the cache on most reruns."""
    bench = Path(__file__).resolve().parents[1] / "bench"
    code = f"import sys; sys.path.insert(0, {str(bench)!r}); import qa_reports; print(qa_reports.ocr_fingerprint())"
    keys = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        for seed in (1, 2, 3, 4)
    }
    assert len(keys) == 1
