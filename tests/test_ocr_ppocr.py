"""PP-OCR behind the OcrEngine protocol: a crop without text, and pages scanned finer than it reads."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("rapidocr")


def test_a_crop_without_text_gives_no_words() -> None:
    from PIL import Image

    from tablerag.parsing.ocr_onnx import PpOcr

    # rapidocr answers a blank image with one empty line that is not a list of words; this raised before
    assert PpOcr().words(Image.new("RGB", (300, 120), "white")) == []


def test_a_fine_scan_is_read_downscaled_with_boxes_in_its_own_pixels(shared_data: Path) -> None:
    from tablerag.parsing.image import PPOCR_MAX_DPI, ppocr_words
    from tablerag.parsing.ocr_onnx import PpOcr
    from tablerag.parsing.render import render_pdf_page

    dpi = 200
    assert dpi > PPOCR_MAX_DPI
    page = render_pdf_page(shared_data / "icdar2013" / "competition-dataset-eu" / "eu-001.pdf", 1, dpi)
    k = dpi / 150  # the test's region is the greenhouse-gases table, known in 150-dpi pixels
    region = (140 * k, 620 * k, 1080 * k, 940 * k)
    words = ppocr_words(PpOcr(enlarge=False), page, [region], dpi)
    texts = " ".join(w.text for w in words)
    for expected in ("Carbon", "dioxide", "Methane", "THRESHOLD"):
        assert expected in texts
    x0, y0, x1, y1 = region
    # the boxes come back in the 200-dpi page's pixels: inside the region, not at 150/200 of their place
    assert all(x0 - 2 <= w.x0 < w.x1 <= x1 + 2 and y0 - 2 <= w.y0 < w.y1 <= y1 + 2 for w in words)
    assert max(w.y1 for w in words) > y0 + 0.8 * (y1 - y0)  # and they reach the region's bottom


def test_the_cpu_recogniser_reads_each_line_at_its_own_width() -> None:
    from tablerag.parsing.ocr_onnx import REC_CPU_BATCH, REC_MIN_WIDTH, _engine

    rec = _engine(1, False, True)._load_rec_model()
    # one line per call, not padded to rapidocr's 320 px: a short cell costs what its pixels cost
    assert rec.rec_batch_num == REC_CPU_BATCH == 1 and rec.rec_image_shape[2] == REC_MIN_WIDTH < 320


def test_short_lines_are_packed_into_strips_no_wider_than_the_limit_in_their_order() -> None:
    from tablerag.parsing.ocr_onnx import REC_PACK_GAP, REC_PACK_WIDTH, REC_STEP, packed

    widths = [100, 37, 230, 8, 239, 120, 60, 200, 200, 200, 200, 90]
    strips = packed(list(range(len(widths))), widths)
    assert [i for s in strips for i in s] == list(range(len(widths)))
    for s in strips:
        assert sum(-(-widths[i] // REC_STEP) * REC_STEP + REC_PACK_GAP for i in s) <= REC_PACK_WIDTH
    assert len(strips) < len(widths) // 2  # several lines share each recogniser call


def test_the_cpu_recogniser_reads_short_cells_side_by_side(shared_data: Path) -> None:
    from tablerag.parsing.image import ppocr_words
    from tablerag.parsing.ocr_onnx import PpOcr
    from tablerag.parsing.render import render_pdf_page

    engine = PpOcr(enlarge=False)
    rec = engine.engine().text_rec.rec  # rapidocr's recogniser, inside the one that packs lines
    session = rec.session
    runs: list[int] = []

    def counted(batch: Any) -> Any:
        runs.append(batch.shape[0])
        return session(batch)

    page = render_pdf_page(shared_data / "icdar2013" / "competition-dataset-eu" / "eu-001.pdf", 1, 150)
    region = (140.0, 620.0, 1080.0, 940.0)  # the greenhouse-gases table (150-dpi pixels): names and short numbers
    rec.session = counted
    try:
        words = ppocr_words(engine, page, [region], 150)
    finally:
        rec.session = session
    texts = " ".join(w.text for w in words)
    for expected in ("Carbon", "dioxide", "Methane", "THRESHOLD"):
        assert expected in texts
    x0, y0, x1, y1 = region
    assert all(x0 - 2 <= w.x0 < w.x1 <= x1 + 2 and y0 - 2 <= w.y0 < w.y1 <= y1 + 2 for w in words)
    # fewer recogniser runs than text lines read: the short ones were read several to a run, one line each
    assert all(n == 1 for n in runs) and len(runs) < len({w.line for w in words})


def test_the_engine_is_handed_one_contiguous_bgr_copy_of_the_image(monkeypatch: pytest.MonkeyPatch) -> None:
    import numpy as np
    from PIL import Image

    from tablerag.parsing.ocr_onnx import PpOcr

    seen: list[Any] = []

    class Engine:
        def __call__(self, img: Any, return_word_box: bool) -> Any:
            seen.append(img)
            return type("Out", (), {"boxes": None, "word_results": ()})()

    monkeypatch.setattr(PpOcr, "engine", lambda self: Engine())
    image = Image.new("RGB", (40, 20), (10, 20, 30))
    assert PpOcr().words(image) == []
    # rapidocr cuts each text line out of this array with OpenCV, which copies a strided (flipped) view whole on
    # every cut: the array must be one contiguous block, with the pixels in BGR order
    (img,) = seen
    assert img.flags["C_CONTIGUOUS"] and img[0, 0].tolist() == [30, 20, 10]
    assert np.array_equal(img[:, :, ::-1], np.asarray(image))


def test_a_fine_scan_s_regions_are_resampled_alone_as_the_downscaled_page_reads(shared_data: Path) -> None:
    from tablerag.parsing.image import PPOCR_MAX_DPI
    from tablerag.parsing.ocr_onnx import PpOcr
    from tablerag.parsing.ocr_regions import read_regions
    from tablerag.parsing.render import render_pdf_page

    dpi, engine = 200, PpOcr(enlarge=False)
    k = PPOCR_MAX_DPI / dpi
    page = render_pdf_page(shared_data / "icdar2013" / "competition-dataset-eu" / "eu-001.pdf", 1, dpi)
    region = (140 / 0.75, 620 / 0.75, 1080 / 0.75, 940 / 0.75)  # the greenhouse-gases table, in 200-dpi pixels
    small = page.resize((round(page.size[0] * k), round(page.size[1] * k)), 3)
    whole = read_regions(engine, small, [tuple(v * k for v in region)])  # type: ignore[list-item]
    alone = read_regions(engine, page, [region], k)  # only the region's pixels resampled
    # the same words where they were (the two resamplings differ by a few grey levels here and there, which may
    # read a speck as a mark of punctuation: words without a letter or digit are left out of the comparison)
    whole, alone = ([w for w in ws if any(c.isalnum() for c in w.text)] for ws in (whole, alone))
    assert len(whole) > 20 and [w.text for w in alone] == [w.text for w in whole]
    # and their boxes within a recogniser column (8 of its pixels at 48 px high: ~4 px on these ~25 px lines)
    assert all(
        max(abs(a.x0 - b.x0), abs(a.y0 - b.y0), abs(a.x1 - b.x1), abs(a.y1 - b.y1)) <= 5
        for a, b in zip(alone, whole, strict=True)
    )
