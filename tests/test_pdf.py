"""The PDF reader on real files (ruled and borderless tables, prose, rotated pages) and on bad input."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tablerag.errors import BadInputError
from tablerag.model import CoordSpace, sha256_file, table_id
from tablerag.parsing import parse
from tablerag.parsing.pdf import read_pdf


def _read(path: Path, pages: list[int] | None = None):  # type: ignore[no-untyped-def]
    return read_pdf(path, sha256_file(path), pages=pages)


def test_ruled_tables_come_back_cell_by_cell(shared_data: Path) -> None:
    pdf = shared_data / "camelot" / "files" / "twotables_2.pdf"
    doc = _read(pdf)
    assert doc.format == "pdf" and doc.pages == 1
    assert [t.id for t in doc.tables] == [table_id(doc.sha256, 0), table_id(doc.sha256, 1)]
    first, second = doc.tables
    assert first.parser == "pdf-ruled" and 0.0 <= (first.confidence or 0) <= 1.0
    assert (first.n_rows, first.n_cols) == (13, 8)
    assert first.source.page == 1 and first.source.bbox is not None
    assert first.source.bbox.y1 < second.source.bbox.y0  # reading order: top table first
    grid = first.grid()
    assert grid[2][:3] == ["Kerala", "2400", "7.2"]
    assert " ".join(grid[1][3].split()) == "Read & Write"
    # "Literacy Status" is one spanning header cell over six columns
    span = first.cell_at(0, 4)
    assert span is not None and span.col_span == 6 and " ".join(span.text.split()) == "Literacy Status"
    assert first.header_rows == 2 and first.column_headers[2] == ["Literacy Status", "Illiterate"]
    kerala = first.cell_at(2, 1)
    assert kerala is not None and kerala.value == 2400.0 and kerala.bbox is not None
    assert kerala.bbox.space is CoordSpace.PDF_POINTS


def test_borderless_table_and_prose(shared_data: Path) -> None:
    doc = _read(shared_data / "camelot" / "files" / "health.pdf")
    assert len(doc.tables) == 1
    table = doc.tables[0]
    assert table.parser == "pdf-stream"
    assert table.n_cols == 8 and table.n_rows >= 25
    rows = [[" ".join(c.split()) for c in row] for row in table.grid()]
    assert ["States-A", "Revenue", "", "Capital", "", "Total", "Others(1)", "Total"] in rows
    andhra = next(r for r in rows if r[0] == "Andhra Pradesh")
    assert andhra[1:3] == ["47,824,589", "9,967,837"]
    assert doc.prose and doc.prose[0].text.startswith("Health Sector Financing")
    assert [b.block_no for b in doc.prose] == list(range(len(doc.prose)))


def test_rotated_table_reads_in_its_own_orientation(shared_data: Path) -> None:
    doc = _read(shared_data / "camelot" / "files" / "anticlockwise_table_2.pdf")
    assert len(doc.tables) == 1 and doc.tables[0].n_cols == 17
    rows = [[" ".join(c.split()) for c in row] for row in doc.tables[0].grid()]
    caste = next(r for r in rows if r[0] == "Scheduled caste")
    assert caste[1:4] == ["74.8", "55.8", "42.9"] and caste[-1] == "1,363"


def test_page_selection(shared_data: Path) -> None:
    pdf = shared_data / "icdar2013" / "competition-dataset-us" / "us-030.pdf"
    doc = _read(pdf, pages=[2])
    assert doc.tables and {t.source.page for t in doc.tables} == {2}
    with pytest.raises(BadInputError, match="out of range"):
        _read(pdf, pages=[99])


def test_truncated_pdf(shared_data: Path, tmp_path: Path) -> None:
    data = (shared_data / "camelot" / "files" / "twotables_2.pdf").read_bytes()
    bad = tmp_path / "truncated.pdf"
    bad.write_bytes(data[: len(data) // 2])
    with pytest.raises(BadInputError) as err:
        _read(bad)
    assert err.value.path == str(bad) and err.value.cause


def test_encrypted_pdf(shared_data: Path, tmp_path: Path) -> None:
    import pymupdf

    fitz: Any = pymupdf  # untyped library
    enc = tmp_path / "encrypted.pdf"
    with fitz.open(shared_data / "camelot" / "files" / "health.pdf") as doc:
        doc.save(enc, encryption=fitz.PDF_ENCRYPT_AES_256, user_pw="user", owner_pw="owner")
    with pytest.raises(BadInputError, match="password"):
        parse(enc)


def test_png_renamed_pdf(tmp_path: Path) -> None:
    fake = tmp_path / "image.pdf"
    fake.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 64)
    with pytest.raises(BadInputError, match="PNG"):
        parse(fake)


def test_empty_file(tmp_path: Path) -> None:
    empty = tmp_path / "empty.pdf"
    empty.write_bytes(b"")
    with pytest.raises(BadInputError, match="empty"):
        parse(empty)
    with pytest.raises(BadInputError):
        read_pdf(empty, "0" * 64)


def test_a_failing_page_keeps_the_other_pages(shared_data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tablerag.parsing.pdf as pdf_mod

    real = pdf_mod._read_page
    calls = {"n": 0}

    def flaky(page, route):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if page.number == 0:
            raise RuntimeError("broken content stream")
        return real(page, route)

    monkeypatch.setattr(pdf_mod, "_read_page", flaky)
    pdf = shared_data / "icdar2013" / "competition-dataset-us" / "us-030.pdf"
    doc = _read(pdf)
    assert calls["n"] == doc.pages and doc.tables
    assert all(t.source.page != 1 for t in doc.tables)
    with pytest.raises(BadInputError, match="no page could be read"):
        _read(pdf, pages=[1])


def test_rotated_page_boxes_are_in_displayed_space(shared_data: Path) -> None:
    import pymupdf

    fitz: Any = pymupdf  # untyped library
    pdf = shared_data / "camelot" / "files" / "tabula" / "m27.pdf"
    doc = _read(pdf)
    with fitz.open(pdf) as fitz_doc:
        rect = fitz_doc[0].rect
    table = doc.tables[0]
    assert table.source.bbox is not None
    assert 0 <= table.source.bbox.x0 < table.source.bbox.x1 <= rect.width
    assert 0 <= table.source.bbox.y0 < table.source.bbox.y1 <= rect.height
    first = table.cell_at(0, 0)
    assert first is not None and first.text == "LICENSE"


def test_worker_processes_give_the_same_document(shared_data: Path) -> None:
    from tablerag.parsing.pdf import auto_workers

    pdf = shared_data / "tabula-java" / "pdfs" / "schools.pdf"
    one, two = read_pdf(pdf, sha256_file(pdf), workers=1), read_pdf(pdf, sha256_file(pdf), workers=2)
    assert [t.grid() for t in one.tables] == [t.grid() for t in two.tables]
    assert [(t.id, t.caption, t.notes, t.section_path) for t in one.tables] == [
        (t.id, t.caption, t.notes, t.section_path) for t in two.tables
    ]
    assert [b.text for b in one.prose] == [b.text for b in two.prose]
    assert auto_workers(5) == 1
