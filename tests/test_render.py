"""Rendering pages and images, image geometry (deskew, rulings), and the heuristics on a real page."""

from __future__ import annotations

from pathlib import Path

import pytest

EU001 = ("icdar2013", "competition-dataset-eu", "eu-001.pdf")


def test_render_pdf_page_at_dpi(shared_data: Path) -> None:
    from tablerag.parsing.render import RenderBackend, render_pdf, render_pdf_page

    pdf = shared_data.joinpath(*EU001)
    a = render_pdf_page(pdf, 1, 72)
    b = render_pdf_page(pdf, 1, 150)
    assert a.mode == "RGB" and b.size[0] == pytest.approx(a.size[0] * 150 / 72, abs=2)
    c = render_pdf_page(pdf, 1, 72, RenderBackend.PDF2IMAGE)
    assert c.size[0] == pytest.approx(a.size[0], abs=2) and c.size[1] == pytest.approx(a.size[1], abs=2)
    assert len(list(render_pdf(pdf, [1, 2], 36))) == 2
    with pytest.raises(ValueError):
        render_pdf_page(pdf, 1, 5000)


def test_image_frames_and_dpi(tmp_path: Path) -> None:
    from PIL import Image

    from tablerag.parsing.render import DEFAULT_IMAGE_DPI, image_dpi, open_image_pages

    im = Image.new("RGB", (50, 40), "white")
    tiff = tmp_path / "p.tiff"
    im.save(tiff, save_all=True, append_images=[im, im], dpi=(300, 300))
    frames = list(open_image_pages(tiff))
    assert len(frames) == 3 and frames[0][1] == pytest.approx(300)
    assert image_dpi(Image.new("RGB", (5, 5))) == DEFAULT_IMAGE_DPI


def _grid_image(angle: float = 0.0):
    from PIL import Image, ImageDraw

    im = Image.new("RGB", (800, 600), "white")
    d = ImageDraw.Draw(im)
    for y in range(100, 501, 50):
        d.line((100, y, 700, y), fill="black", width=2)
    for x in (100, 300, 500, 700):
        d.line((x, 100, x, 500), fill="black", width=2)
    for y in range(115, 500, 50):
        d.text((120, y), "label text here", fill="black")
    return im.rotate(angle, fillcolor="white") if angle else im


def test_rulings_found_in_pixels() -> None:
    from tablerag.parsing.imageops import ruling_lines

    rules = ruling_lines(_grid_image())
    hs = sorted({round(r.pos) for r in rules if r.horizontal})
    vs = sorted({round(r.pos) for r in rules if not r.horizontal})
    assert len(hs) == 9 and len(vs) == 4 and abs(hs[0] - 101) <= 2 and abs(vs[-1] - 701) <= 2


def test_deskew_finds_a_one_degree_tilt() -> None:
    from tablerag.parsing.imageops import deskew, estimate_skew

    assert estimate_skew(_grid_image(1.0)) == pytest.approx(-1.0, abs=0.2)
    level, angle = deskew(_grid_image(0.0))
    assert angle == 0.0


def test_heuristics_on_a_real_page_with_its_text_layer(shared_data: Path) -> None:
    """scan_page with the PDF's own words (no OCR): image rulings + text geometry find the page's three tables."""
    from tablerag.eval.structure_paths import text_layer_words
    from tablerag.parsing.image import ScanOptions, VisionMode, scan_page
    from tablerag.parsing.render import render_pdf_page

    pdf = shared_data.joinpath(*EU001)
    opts = ScanOptions(mode=VisionMode.HEURISTIC)
    page = scan_page(render_pdf_page(pdf, 1, 150), 150, text_layer_words(pdf, 1), opts)
    assert len(page.tables) == 3 and all(t.parser == "heuristic-image" for t in page.tables)
    first = page.tables[0]
    texts = {c.text for c in first.cells}
    assert {"Carbon dioxide (CO2)", "100 million", "THRESHOLD FOR RELEASES"} <= texts
    assert 0 < first.confidence <= 1
