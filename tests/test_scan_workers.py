"""A scanned document's pages: languages settled once per document (none guessed when configured), scanned PDFs
read by page workers like image files, reader processes sharing the CPUs between their model sessions."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

LINES = ("Revenue by segment 2019 and 2018", "Operating income rose in every region")


def _page_png(line: str) -> bytes:
    import pymupdf

    src = pymupdf.open()
    page = src.new_page()
    page.insert_text((72, 100), line, fontsize=14)
    return page.get_pixmap(dpi=150, clip=pymupdf.Rect(0, 0, 595, 300)).tobytes("png")


def _scanned_pdf(path: Path, pages: int) -> Path:
    """An image-only PDF: a text line rendered at 150 dpi, pasted as the only content of each page."""
    import pymupdf

    doc = pymupdf.open()
    for n in range(pages):
        doc.new_page(width=595, height=300).insert_image(pymupdf.Rect(0, 0, 595, 300), stream=_page_png(LINES[n % 2]))
    doc.save(path)
    return path


def _scanned_tiff(path: Path, pages: int) -> Path:
    """A multi-page TIFF scan (150 dpi), one text line per page."""
    import io

    from PIL import Image

    frames = [Image.open(io.BytesIO(_page_png(LINES[n % 2]))).convert("RGB") for n in range(pages)]
    frames[0].save(path, save_all=True, append_images=frames[1:], dpi=(150, 150))
    return path


def _count_guesses(monkeypatch: pytest.MonkeyPatch, *modules: object) -> list[str]:
    import tablerag.parsing.ocr as ocr

    guessed: list[str] = []
    real = ocr.guess_langs

    def counting(image):  # type: ignore[no-untyped-def]
        guessed.append(real(image))
        return guessed[-1]

    for module in (ocr, *modules):
        monkeypatch.setattr(module, "guess_langs", counting)
    return guessed


@pytest.mark.parametrize("configured", [None, "eng"])
def test_a_three_page_image_scan_settles_its_languages_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, configured: str | None
) -> None:
    import tablerag.parsing.image as image_mod
    from tablerag.parsing.image import ScanOptions, read_image

    monkeypatch.delenv("TABLERAG_OCR_LANGS", raising=False)
    guessed = _count_guesses(monkeypatch, image_mod)
    # one worker: the pages are scanned in this process, where the counting guess is installed
    doc = read_image(_scanned_tiff(tmp_path / "scan.tif", 3), "0" * 64, ScanOptions(langs=configured, ocr_workers=1))
    assert guessed == ([] if configured else ["eng"])  # configured languages: no guess at all
    text = " ".join(p.text for p in doc.prose)
    assert text.count("Revenue") == 2 and text.count("Operating") == 1  # and every page was read


def test_a_scanned_pdf_gets_page_workers_and_one_guess(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tablerag.parsing.pdf as pdf_mod
    from tablerag.parsing.image import ScanOptions, scan_workers
    from tablerag.parsing.pdf import read_pdf

    monkeypatch.delenv("TABLERAG_OCR_LANGS", raising=False)
    guessed = _count_guesses(monkeypatch, pdf_mod)
    runs: list[tuple[int, str | None]] = []
    real = pdf_mod._read_parallel

    def recording(path, wanted, workers, route, ocr=None):  # type: ignore[no-untyped-def]
        runs.append((workers, ocr.options.langs if ocr and ocr.options else None))
        return real(path, wanted, workers, route, ocr)

    monkeypatch.setattr(pdf_mod, "_read_parallel", recording)
    doc = read_pdf(_scanned_pdf(tmp_path / "scan.pdf", 3), "0" * 64)
    expected = scan_workers(3, ScanOptions())
    # the parent settles the languages once; the workers read with them (none guesses again: the workers would
    # call the unpatched guess, which is why the settled languages are checked on what they were given)
    assert guessed == (["eng"] if expected > 1 else [])  # read in turn, each page settles its languages as read
    assert runs == ([(expected, "eng")] if expected > 1 else [])
    text = " ".join(p.text for p in doc.prose)
    assert text.count("Revenue") == 2 and text.count("Operating") == 1


def test_reader_processes_share_the_cpus() -> None:
    from tablerag.pipeline.prepare import reader_threads

    cpus = os.cpu_count() or 1
    assert reader_threads(1) is None  # one reader: the sessions' own default
    for readers in (2, 3, 8):
        threads = reader_threads(readers)
        assert threads is not None and threads >= 1
        assert threads * readers <= max(cpus, readers)  # never more threads than cores (one each at the least)


def test_a_one_page_scanned_pdf_settles_its_languages_by_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tablerag.parsing.image as image_mod
    import tablerag.parsing.pdf as pdf_mod
    from tablerag.parsing.ocr import SettledLangs
    from tablerag.parsing.pdf import read_pdf

    monkeypatch.delenv("TABLERAG_OCR_LANGS", raising=False)
    guessed = _count_guesses(monkeypatch, pdf_mod, image_mod)
    settled = SettledLangs()
    settled.set("deu+eng")  # the document before was German: this English page is read again in English
    monkeypatch.setattr(image_mod, "SETTLED", settled)
    doc = read_pdf(_scanned_pdf(tmp_path / "scan.pdf", 1), "0" * 64)
    # one text line holds too few words to tell a language: the guess runs, on this page alone (no probe of another)
    assert guessed == ["eng"] and settled.get() == "eng"
    assert "Revenue" in " ".join(p.text for p in doc.prose)


RUSSIAN = "Компания получила в отчётном году более высокую выручку. Расходы на заработную плату немного выросли."


def _scanned_text_pdf(path: Path, text: str, pages: int) -> Path:
    """An image-only PDF of `pages` pages, each a 150-dpi render of `text` four times (the page's script is seen)."""
    import pymupdf

    src = pymupdf.open()
    page = src.new_page(width=595, height=300)
    writer = pymupdf.TextWriter(page.rect)
    writer.fill_textbox(pymupdf.Rect(40, 20, 555, 290), "\n".join([text] * 4), font=pymupdf.Font("helv"), fontsize=12)
    writer.write_text(page)
    png = page.get_pixmap(dpi=150).tobytes("png")
    doc = pymupdf.open()
    for _ in range(pages):
        doc.new_page(width=595, height=300).insert_image(pymupdf.Rect(0, 0, 595, 300), stream=png)
    doc.save(path)
    return path


def test_a_forced_ocr_kind_settles_its_document_languages_from_its_own_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tablerag.parsing.image as image_mod
    from tablerag.parsing.image import OcrKind, ScanOptions
    from tablerag.parsing.ocr import SettledLangs
    from tablerag.parsing.pdf import read_pdf

    monkeypatch.delenv("TABLERAG_OCR_LANGS", raising=False)
    guessed = _count_guesses(monkeypatch, image_mod)
    hint = SettledLangs()
    hint.set("deu+eng")  # what this process settled on for a German document before: not this one's
    monkeypatch.setattr(image_mod, "SETTLED", hint)
    # read in turn with tesseract forced: the first page's guess is the document's, not the process's last hint
    doc = read_pdf(_scanned_text_pdf(tmp_path / "ru.pdf", RUSSIAN, 2), "0" * 64, workers=1,
                   scan=ScanOptions(ocr=OcrKind.TESSERACT))  # fmt: skip
    assert guessed == ["rus+eng"]  # guessed once, on the first page; the second kept it
    for page in (1, 2):  # every word read on the page (repeated lines may come back as a table's rows)
        texts = [p.text for p in doc.prose if p.source.page == page]
        texts += [c.text for t in doc.tables if t.source.page == page for c in t.cells]
        assert {"Компания", "выручку.", "Расходы"} <= set(" ".join(texts).split()), texts
