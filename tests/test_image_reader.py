"""The issue's done-means: a scanned page (an ICDAR-2013 page rendered at 150 dpi and damaged like a scan) goes
through `tablerag.parse` and `tablerag ingest`, and its table cells come back with correct text and header chains."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tablerag.model import CoordSpace, Table
from tablerag.parsing.image import ONNX_PARSER


@pytest.fixture(scope="module", autouse=True)
def english_ocr():
    """The page is English: configure the language (the script guess costs two extra tesseract passes)."""
    old = os.environ.get("TABLERAG_OCR_LANGS")
    os.environ["TABLERAG_OCR_LANGS"] = "eng"
    yield
    if old is None:
        del os.environ["TABLERAG_OCR_LANGS"]
    else:
        os.environ["TABLERAG_OCR_LANGS"] = old


@pytest.fixture(scope="module")
def scanned_png(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tablerag.parsing.imageops import damage
    from tablerag.parsing.render import render_pdf_page

    page = render_pdf_page(shared_data / "icdar2013" / "competition-dataset-eu" / "eu-001.pdf", 1, 150)
    out = tmp_path_factory.mktemp("scan") / "eu-001-scan.png"
    damage(page, seed=1, skew_deg=1.0).save(out, dpi=(150, 150))
    return out


@pytest.fixture(scope="module")
def parsed(scanned_png: Path):
    from tablerag.parsing import parse

    return parse(scanned_png)


def _table_with(doc_tables: list[Table], text: str) -> tuple[Table, int]:
    for t in doc_tables:
        for c in t.cells:
            if c.text == text:
                return t, c.row
    raise AssertionError(f"no cell reads {text!r}: {[t.grid() for t in doc_tables]}")


def test_scanned_png_tables_cells_and_header_chains(parsed) -> None:
    assert parsed.format == "image" and parsed.pages == 1
    assert len(parsed.tables) >= 3  # greenhouse gases, other gases, heavy metals
    t, row = _table_with(parsed.tables, "Carbon dioxide (CO2)")
    assert t.parser == ONNX_PARSER and t.confidence is not None  # the default scan path: the ONNX models
    assert t.source.bbox is not None and t.source.bbox.space is CoordSpace.IMAGE_PIXELS
    value = t.cell_at(row, 1)
    assert value is not None and value.text == "100 million" and value.confidence is not None
    assert t.header_rows == 2
    assert t.column_headers[1] == ["THRESHOLD FOR RELEASES", "to air kg/year"]
    assert t.row_headers[row] == ["Carbon dioxide (CO2)"]
    texts = {c.text for tt in parsed.tables for c in tt.cells}
    assert {"10 000", "500 000", "Hydrogen Cyanide (HCN)"} <= texts


def test_prose_outside_tables_is_kept(parsed) -> None:
    prose = " ".join(p.text for p in parsed.prose)
    assert "pollutants" in prose and "Greenhouse" in prose


def test_ingest_and_query_a_scan(scanned_png: Path, tmp_path: Path) -> None:
    idx = tmp_path / "idx"
    cmd = [sys.executable, "-m", "tablerag.cli", "ingest", str(scanned_png), "--index", str(idx), "--json"]
    report = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True, timeout=300).stdout)
    assert report["summary"]["added"] == 1 and report["results"][0]["n_tables"] >= 3


def test_multipage_tiff_and_renamed_files(scanned_png: Path, tmp_path: Path) -> None:
    from PIL import Image

    from tablerag.errors import BadInputError
    from tablerag.parsing import Format, detect_format, parse

    page = Image.open(scanned_png).convert("RGB")
    crop = page.crop((180, 640, 1060, 920))  # the greenhouse-gases table only: cheap to OCR twice
    tiff = tmp_path / "three.tiff"
    crop.save(tiff, save_all=True, append_images=[crop.rotate(0), crop.rotate(0)], dpi=(150, 150))
    assert detect_format(tiff) is Format.IMAGE
    doc = parse(tiff)  # three pages: scanned by worker processes, returned in page order
    assert doc.pages == 3 and [t.source.page for t in doc.tables] == [1, 2, 3]
    grids = [t.grid() for t in doc.tables]
    assert grids[0] == grids[1] == grids[2] and any("Carbon dioxide (CO2)" in row for row in grids[0])
    fake = tmp_path / "fake.png"
    fake.write_bytes(b"%PDF-1.4 not an image")
    with pytest.raises(BadInputError, match="not a PNG, JPEG or TIFF"):
        detect_format(fake)


def test_a_pdf_page_without_text_layer_is_scanned(scanned_png: Path, tmp_path: Path) -> None:
    """The hook the PDF reader calls for image-only pages: is_scan_page + scan_pdf_page (+ to_table)."""
    import pymupdf

    from tablerag.parsing.image import is_scan_page, scan_pdf_page, to_table

    pdf = tmp_path / "scan.pdf"
    with pymupdf.open() as doc:
        page = doc.new_page(width=595, height=842)
        page.insert_image(page.rect, filename=str(scanned_png))
        doc.save(pdf)
    with pymupdf.open(pdf) as doc:
        assert is_scan_page(doc[0])
        scanned = scan_pdf_page(doc[0], 150)
    tables = [to_table(t, str(pdf), "0" * 64, 1, i) for i, t in enumerate(scanned.tables)]
    assert len(tables) >= 3 and tables[0].source.bbox is not None and tables[0].source.bbox.x1 <= 595
    assert any(c.text == "100 million" for t in tables for c in t.cells)


def test_image_only_pdf_page_goes_through_the_vision_path(scanned_png: Path, tmp_path: Path) -> None:
    """A PDF whose page is only a scanned image (no text layer) is read by OCR inside `read_pdf`."""
    import pymupdf

    from tablerag.parsing import parse

    pdf = pymupdf.open()
    page = pdf.new_page(width=595, height=842)
    page.insert_image(page.rect, filename=str(scanned_png))
    pdf.save(tmp_path / "scan.pdf")
    doc = parse(tmp_path / "scan.pdf")
    assert doc.format == "pdf" and doc.pages == 1
    t, row = _table_with(doc.tables, "Carbon dioxide (CO2)")
    assert t.parser == ONNX_PARSER and t.source.page == 1
    value = t.cell_at(row, 1)
    assert value is not None and value.text == "100 million"
    assert "pollutants" in " ".join(p.text for p in doc.prose)
