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


def test_in_process_tesseract_reads_like_the_command_and_keeps_its_models(
    table_crop, monkeypatch: pytest.MonkeyPatch
) -> None:
    tesserocr = pytest.importorskip("tesserocr")
    from tablerag.parsing import ocr

    if ocr.tessdata() is None:
        pytest.skip("no tesseract language models found")
    loads: list[str] = []
    real = tesserocr.PyTessBaseAPI

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        loads.append(kwargs.get("lang", ""))
        return real(*args, **kwargs)

    monkeypatch.setattr(tesserocr, "PyTessBaseAPI", counting)
    apis = ocr.TesseractApis()  # no engine loaded yet
    engine = ocr.TesseractOcr("eng", backend=apis)
    inside = [engine.words(table_crop), engine.words(table_crop)]
    assert loads == ["eng"]  # loaded once, kept for the second page
    assert inside[0] == inside[1]
    assert ocr.guess_langs(table_crop, apis) == "eng" and loads[1:] == ["osd", ocr.LATIN_PROBE]
    command = ocr.TesseractCommand()
    by_command = ocr.TesseractOcr("eng", backend=command).words(table_crop)
    assert ocr.guess_langs(table_crop, command) == "eng"
    assert len(loads) == 3  # the command ran: no engine loaded here
    texts, commanded = [w.text for w in inside[0]], [w.text for w in by_command]
    # the wheel's tesseract may be a newer release than the command's: the same words, a misread or two apart
    same = sum(min(texts.count(t), commanded.count(t)) for t in set(texts))
    assert same >= 0.95 * max(len(texts), len(commanded))
    assert {"Carbon", "dioxide", "Methane"} <= set(texts)
    # block/paragraph/line numbers as the command's TSV gives them: prose lines come out the same
    assert [(w.block, w.line) for w in inside[0]][:10] == [(w.block, w.line) for w in by_command][:10]


def test_the_process_chooses_its_tesseract_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from tablerag.parsing import ocr

    ocr.tesseract.cache_clear()
    monkeypatch.setenv(ocr.IN_PROCESS_ENV, "0")
    try:
        chosen = ocr.tesseract()
        assert isinstance(chosen, ocr.TesseractCommand)
        monkeypatch.setenv(ocr.IN_PROCESS_ENV, "1")
        assert ocr.tesseract() is chosen  # the choice holds for the process's life, every caller alike
    finally:
        ocr.tesseract.cache_clear()


PAGES = {  # a paragraph per language, written for the test, repeated a few times down the page
    "deu": "Die Gesellschaft erzielte im Geschäftsjahr einen höheren Umsatz. Die Kosten für Löhne stiegen leicht, "
    "während größere Flächen über mehrere Jahre abgeschrieben wurden.",
    "eng": "The company reported higher revenue for the year. Wages rose slightly, while larger buildings were "
    "written off over several years.",
    "pol": "Spółka osiągnęła w roku obrotowym wyższe przychody. Koszty wynagrodzeń wzrosły nieznacznie, a większe "
    "nakłady na źródła finansowania zwiększyły amortyzację w ciągu kilku lat.",
    "rus": "Компания получила в отчётном году более высокую выручку. Расходы на заработную плату немного выросли, "
    "а крупные здания списывались в течение нескольких лет.",
}


def _text_page(path: Path, text: str, repeats: int = 4) -> Path:
    """A 200-dpi PNG of an A4 page holding `text` (Helvetica)."""
    import pymupdf

    doc = pymupdf.open()
    page = doc.new_page()
    writer = pymupdf.TextWriter(page.rect)
    font = pymupdf.Font("helv")  # has every German, Polish and Cyrillic letter
    writer.fill_textbox(pymupdf.Rect(60, 60, 535, 780), "\n\n".join([text] * repeats), font=font, fontsize=11)
    writer.write_text(page)
    page.get_pixmap(dpi=200).save(path)
    return path


def test_a_mixed_language_batch_reads_each_document_in_its_own_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tablerag.parsing.image as image_mod
    from tablerag.parsing import ocr
    from tablerag.parsing.image import ScanOptions, read_image

    monkeypatch.delenv("TABLERAG_OCR_LANGS", raising=False)
    monkeypatch.setattr(image_mod, "SETTLED", ocr.SettledLangs())  # a fresh reader: English first
    guessed: list[str] = []
    real = ocr.guess_langs

    def recording(image):  # type: ignore[no-untyped-def]
        guessed.append(real(image))
        return guessed[-1]

    monkeypatch.setattr(image_mod, "guess_langs", recording)
    # one process reads the documents in turn, as a reader process does a batch: each page is read first in the
    # languages the one before settled on, and read again in its own when its words tell another language
    texts, settled = {}, []
    for lang in ("deu", "eng", "pol", "rus", "eng"):
        doc = read_image(_text_page(tmp_path / f"{lang}.png", PAGES[lang]), "0" * 64, ScanOptions())
        texts[lang] = " ".join(p.text for p in doc.prose)
        settled.append(image_mod.SETTLED.get())
    assert settled == ["deu+eng", "eng", "pol+eng", "rus+eng", "eng"]
    assert guessed == ["rus+eng"]  # read in Polish, Cyrillic gives no words: only that page needed the guess
    assert set("äöüß") <= set(texts["deu"]) and {"Geschäftsjahr", "größere"} <= set(texts["deu"].split())
    assert set("ąłęż") <= set(texts["pol"]) and {"Spółka", "osiągnęła"} <= set(texts["pol"].split())
    assert {"Компания", "выручку."} <= set(texts["rus"].split())
    assert "revenue" in texts["eng"] and not set("äöüßąłęż") & set(texts["eng"])


def test_a_read_tells_its_language_by_its_stop_words() -> None:
    from tablerag.parsing.ocr import read_langs

    # German and Polish read in the English model: the letters are lost, the words are not
    assert read_langs([" ".join([PAGES["deu"]] * 3).replace("ä", "a").replace("ü", "u")]) == "deu+eng"
    assert read_langs([" ".join([PAGES["pol"]] * 3).replace("ł", "t").replace("ę", "e")]) == "pol+eng"
    assert read_langs([" ".join([PAGES["eng"]] * 3)]) == "eng"
    assert read_langs([" ".join([PAGES["rus"]] * 3)]) == "rus+eng"
    assert read_langs(["Total 2019 2018 1,234.5 (12.0) $ 37 %"] * 10) is None  # figures: no language to tell
    assert read_langs(["Kommaueg nonyuuna B oTuéTHOM rogy 6onee BbICOKyIO"] * 5) is None  # Cyrillic read as Latin
    # one paragraph (4 stop words) confirms the languages the page was read in, but is too little to switch to others
    assert read_langs([PAGES["eng"]], settled="eng") == "eng"
    assert read_langs([PAGES["eng"]], settled="deu+eng") is None
    assert read_langs([PAGES["deu"]], settled="deu+eng") == "deu+eng"
