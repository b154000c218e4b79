"""Hostile files (tests/hostile.py builds them): each gets an error naming the file and the cause, within the
configured limits, and the rest of the batch is ingested; broken but repairable files never raise another type."""

from __future__ import annotations

import time
from pathlib import Path

import hostile
import pytest
from helpers import with_vectors

import tablerag
from tablerag.errors import BadInputError, LimitExceededError
from tablerag.limits import Limits
from tablerag.parsing import parse
from tablerag.parsing.spreadsheet import read_xlsx

# lowered where a small file shows what a big one would: a 2 MB line against 1 MiB, 2,000 pages against 1,000
TEST_LIMITS = Limits(max_pages=1_000, max_line_bytes=1024**2, max_seconds_per_document=60.0)
FAST_S = 5.0  # every hostile file is refused from its headers: seconds, not minutes, even on a loaded machine

GOOD_TEXTS = {
    "hebrew.csv": ("מוצר,מחיר\nתפוחים,12\nבננות,7\n".encode(), "תפוחים"),
    "arabic.csv": ("المنتج,السعر\nتفاح,12\nموز,7\n".encode(), "تفاح"),
    "russian-cp1251.csv": ("Товар;Цена\nЯблоки;12\nБананы;7\n".encode("cp1251"), "Яблоки"),
    "german-latin1.csv": ("Stadt,Größe\nMünchen,12\nKöln,7\n".encode("latin-1"), "München"),
    "utf16.csv": ("name,value\nÄpfel,12\n".encode("utf-16"), "Äpfel"),
}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory, shared_data):
    root = tmp_path_factory.mktemp("hostile")
    folder = root / "docs"
    folder.mkdir()
    expected = hostile.build_corpus(folder, root, shared_data)
    for name, (data, _) in GOOD_TEXTS.items():
        (folder / name).write_bytes(data)
    return folder, expected


def test_each_hostile_file_is_refused_with_its_cause(corpus):
    folder, expected = corpus
    for name, word in expected.items():
        start = time.monotonic()
        with pytest.raises(BadInputError) as caught:
            parse(folder / name, limits=TEST_LIMITS)
        assert time.monotonic() - start < FAST_S, name
        assert name in str(caught.value) and word in str(caught.value), (name, str(caught.value))
        if word.startswith("max_"):
            assert isinstance(caught.value, LimitExceededError) and caught.value.limit == word


@pytest.mark.parametrize("name", list(GOOD_TEXTS))
def test_non_utf8_and_right_to_left_text_reads_correctly(corpus, name):
    folder, _ = corpus
    doc = parse(folder / name, limits=TEST_LIMITS)
    texts = [c.text for c in doc.tables[0].cells]
    assert GOOD_TEXTS[name][1] in texts and "12" in texts and not any("\ufffd" in t for t in texts)


def test_hostile_batch_reports_each_file_and_ingests_the_rest(corpus, tmp_path):
    folder, expected = corpus
    with tablerag.Index(tmp_path / "idx", limits=TEST_LIMITS) as index:
        report = index.add([folder])
        failed = {Path(r.path).name: r.error for r in report.failures}
        suffixed = {n for n in expected if Path(n).suffix in (".pdf", ".xlsx", ".csv", ".png")}
        assert set(failed) == suffixed, set(failed) ^ suffixed  # the .docx is not collected from a folder
        for name, error in failed.items():
            assert name in error and expected[name] in error, (name, error)
        assert report.count("added") == len(GOOD_TEXTS)
        stats = index.stats()
        assert stats["documents"] == len(GOOD_TEXTS) and index.vector.count() == with_vectors(index)
        assert {p for p, _ in index.store.manifest.failures()} == {str(folder / n) for n in failed}


def test_broken_xref_and_cyclic_pdfs_give_a_document_or_a_named_error(tmp_path, shared_data):
    real = shared_data / "tabula-java" / "pdfs" / "us-020.pdf"
    for path in (hostile.pdf_cyclic(tmp_path / "cyclic.pdf"), hostile.pdf_broken_xref(tmp_path / "xref.pdf", real)):
        try:
            doc = parse(path, limits=TEST_LIMITS)
        except BadInputError as exc:
            assert path.name in str(exc)
        else:
            assert doc.format == "pdf"
    assert parse(tmp_path / "xref.pdf").tables  # MuPDF repairs the xref: the tables are still there


def test_entities_never_expand_even_without_the_preflight(tmp_path):
    """Regression: the streaming reader let xml ParseError escape (not a BadInputError). Both XLSX readers refuse
    DTD entities on their own (expat's amplification guard; external entities are never fetched)."""
    for build in (hostile.xlsx_xxe, hostile.xlsx_billion_laughs):
        path = build(tmp_path / f"{build.__name__}.xlsx", tmp_path)
        for stream in (False, True):
            with pytest.raises(BadInputError) as caught:
                read_xlsx(path, "ab" * 32, stream=stream)
            assert "root:" not in str(caught.value) and path.name in str(caught.value)


def test_limits_are_configuration_not_constants(corpus):
    folder, _ = corpus
    relaxed = Limits(max_pixels_per_page=None, max_pages=None)
    assert parse(folder / "giant-page.pdf", limits=relaxed).pages == 1  # text layer only: fine when allowed
    assert parse(folder / "many-pages.pdf", limits=relaxed).pages == 2_000
    with pytest.raises(LimitExceededError, match="max_cells_per_table"):
        parse(folder / "hebrew.csv", limits=Limits(max_cells_per_table=4))
    with pytest.raises(LimitExceededError, match="max_file_bytes"):
        parse(folder / "hebrew.csv", limits=Limits(max_file_bytes=10))
    with pytest.raises(LimitExceededError, match="max_xml_inflate_bytes"):
        parse(folder / "xxe.xlsx", limits=Limits(max_xml_inflate_bytes=1000))
