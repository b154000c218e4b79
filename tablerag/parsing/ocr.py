"""OCR for image-only pages: tesseract (pytesseract) words with boxes, behind the `OcrEngine` protocol.

Languages come from configuration, or are guessed per page from the script tesseract's OSD reports on a crop of the
page (Cyrillic, Han, Latin; Latin pages then get a quick pass to tell Polish or German diacritics from English).
Pages run in parallel tesseract processes; tesseract's own OpenMP threads are limited to one (`OMP_THREAD_LIMIT=1`), which is
several times faster than letting every process start a thread per core.

With `tesserocr` installed (the `ocr` extra), tesseract runs inside this process and its loaded language models are
kept for the next page (`TesseractApis`): the tesseract command loads them again for every call (eng ~0.1 CPU s,
the deu+pol probe ~0.3, OSD's model too) and is handed each page as a PNG file.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import re
import subprocess
import threading
import unicodedata
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, Protocol

from tablerag._lazy import need
from tablerag.parsing.grid import Word
from tablerag.parsing.imageops import MIN_RULE_PX, clean_for_ocr

RULE_GLYPHS = "_|"  # remnants of ruling lines read as characters at a word's edge; never real text there
OCR_MIN_DPI = 140  # below this, text is too small for tesseract (x-height under ~10 px at 9 pt)
OCR_TARGET_DPI = 300  # tesseract's sweet spot; small images are enlarged to it
MIN_WORD_CONF = 10.0  # tesseract confidences below this are noise specks and rule fragments read as letters
PSM_OSD_ONLY = 0  # tesseract page segmentation: orientation and script detection only
PSM_AUTO = 3  # tesseract page segmentation: fully automatic layout (drops table text it takes for pictures)
PSM_BLOCK = 6  # one uniform block of text: a table crop, lines read whole (short numbers are kept)
PSM_SPARSE = 11  # sparse text: every word found wherever it is; on damaged ICDAR pages GriTS_Top 0.88 vs 0.73 (psm 3)
OSD_CROP = 0.5  # OSD looks at the central half of the page: text dense enough, 4x fewer pixels
PROBE_STRIP = 1 / 6  # the Latin probe reads a full-width strip this share of the page high (~1 s, not 5)
OSD_MIN_CONF = 1.0  # a non-Latin script guess below this OSD confidence is ignored (the default languages)
DEFAULT_LANGS = "eng"  # when nothing is configured and the script cannot be told
SCRIPT_LANGS = {  # tesseract script name -> languages (English kept: tables mix in Latin codes and units)
    "Cyrillic": "rus+eng",
    "Han": "chi_sim+eng",
    "HanS": "chi_sim+eng",
    "Latin": "eng",
}
LATIN_PROBE = "deu+pol"  # the quick pass that tells which Latin language a page is in: only the letters these two
# read tell (none found: English), so English is not loaded; on 10 English report scans and 6 German/Polish pages
# the same choice as with eng+deu+pol, for ~30% less of the probe's CPU (each language is a model to load)
POLISH_MARKS = frozenset("ąćęłńśźżĄĆĘŁŃŚŹŻ")  # letters only Polish uses among our languages
GERMAN_MARKS = frozenset("äöüßÄÖÜ")
MIN_MARKS = 3  # this many language-specific letters on a page decide its language (one could be a misread)
STOP_TEXT = {  # frequent words of one language only among ours (shared ones such as in, an, so, was, to, a, on, do
    # left out), without their diacritics: a page read in another language's model keeps them ("sie" for "się")
    "eng": "the of and is for with that from this are by as at be have has which their were been or not",
    "deu": "der die das und ist nicht mit von fur den dem des eine einer sich auf auch wird werden zu im",
    "pol": "sie nie jest oraz przez dla ze na od jak sa lub ktory ktora ktore w z po tym",
    "rus": "и в не на что с по как это для из от же к",
}
STOP_WORDS = {lang: frozenset(words.split()) for lang, words in STOP_TEXT.items()}
CYRILLIC = ("\u0400", "\u04ff")  # the Cyrillic block: its letters keep their marks (й is not и)
STOP_LANGS = {"eng": "eng", "deu": "deu+eng", "pol": "pol+eng", "rus": "rus+eng"}  # a read's language -> tesseract's
MIN_STOP_WORDS = 8  # a read tells its language from this many stop words (a paragraph of prose holds 20-50)
MIN_CONFIRM_STOP_WORDS = 3  # ... or this many when they confirm the languages the page was read in (a report's
# caption or a two-line paragraph holds 4-6; on 10 report scans 2 pages' prose held fewer than 8)
STOP_WORD_LEAD = 3.0  # ... when its language has this many times the stop words of the next one
TESSDATA_ENV = "TESSDATA_PREFIX"  # tesseract's own setting: the folder of its language models
IN_PROCESS_ENV = "TABLERAG_TESSERACT_IN_PROCESS"  # "0": the tesseract command even with tesserocr (read on first use)
TSV_FIELDS = ("level", "page_num", "block_num", "par_num", "line_num", "word_num", "left", "top", "width", "height")


class OcrEngine(Protocol):
    """Words with boxes (image pixels, origin top-left) for one page image."""

    def words(self, image: Any) -> list[Word]: ...


def _pytesseract() -> Any:
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    return need("pytesseract", "ocr")


@functools.cache
def tessdata() -> str | None:
    """The folder of tesseract's language models: $TESSDATA_PREFIX, else the one the tesseract command reports."""
    if os.environ.get(TESSDATA_ENV):
        return os.environ[TESSDATA_ENV]
    try:
        run = subprocess.run(["tesseract", "--list-langs"], capture_output=True, text=True, timeout=60, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    found = re.search(r'"([^"]+)"', run.stdout + run.stderr)  # List of available languages in "/usr/share/...":
    return found.group(1) if found else None


def in_process() -> bool:
    """Whether tesseract runs inside this process (tesserocr installed, its models found, not switched off)."""
    if os.environ.get(IN_PROCESS_ENV, "1").strip() == "0":
        return False
    return importlib.util.find_spec("tesserocr") is not None and tessdata() is not None


class TesseractBackend(Protocol):
    """How this process runs tesseract (`tesseract()` chooses once): words with boxes as tesseract's TSV columns,
    plain text, and the script OSD sees. `TesseractApis` in the process, `TesseractCommand` through the command."""

    def data(self, image: Any, langs: str, psm: int) -> dict[str, list[Any]]: ...

    def text(self, image: Any, langs: str, psm: int = PSM_AUTO) -> str: ...

    def script(self, image: Any) -> tuple[str, float]: ...


class TesseractApis:
    """Loaded in-process tesseract engines (tesserocr), one per (languages, page segmentation mode) and thread at
    once: a call takes a free one or loads one, and gives it back for the next page. An engine is not thread-safe;
    its recognition runs without the GIL, so pages on threads still run in parallel."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._free: dict[tuple[str, int], list[Any]] = {}

    @contextmanager
    def use(self, langs: str, psm: int) -> Iterator[Any]:
        with self._lock:
            free = self._free.setdefault((langs, psm), [])
            api = free.pop() if free else None
        if api is None:
            os.environ.setdefault("OMP_THREAD_LIMIT", "1")  # read when tesseract's OpenMP starts (first load)
            tesserocr = need("tesserocr", "ocr")
            api = tesserocr.PyTessBaseAPI(path=tessdata(), lang=langs, psm=psm)
        try:
            yield api
        finally:
            api.Clear()  # the page image and its results; the loaded models stay
            with self._lock:
                self._free[(langs, psm)].append(api)

    def data(self, image: Any, langs: str, psm: int) -> dict[str, list[Any]]:
        """What `pytesseract.image_to_data(..., output_type=DICT)` gives, from tesseract's own TSV."""
        with self.use(langs, psm) as api:
            api.SetImage(image)
            tsv = api.GetTSVText(0)
        out: dict[str, list[Any]] = {k: [] for k in (*TSV_FIELDS, "conf", "text")}
        for row in tsv.splitlines():
            cols = row.split("\t")
            if len(cols) < len(TSV_FIELDS) + 1:
                continue
            for k, v in zip(TSV_FIELDS, cols, strict=False):
                out[k].append(int(v))
            out["conf"].append(float(cols[len(TSV_FIELDS)]))
            out["text"].append(cols[len(TSV_FIELDS) + 1] if len(cols) > len(TSV_FIELDS) + 1 else "")
        return out

    def text(self, image: Any, langs: str, psm: int = PSM_AUTO) -> str:
        with self.use(langs, psm) as api:
            api.SetImage(image)
            return str(api.GetUTF8Text())

    def script(self, image: Any) -> tuple[str, float]:
        """OSD's script and its confidence ("", 0 where OSD cannot tell: too few characters)."""
        with self.use("osd", PSM_OSD_ONLY) as api:
            api.SetImage(image)
            osd = api.DetectOrientationScript()
        if not osd:
            return "", 0.0
        return str(osd.get("script_name", "")), float(osd.get("script_conf", 0.0))


class TesseractCommand:
    """The tesseract command (pytesseract): each call a process that loads its language models and reads the page
    from a PNG file."""

    def data(self, image: Any, langs: str, psm: int) -> dict[str, list[Any]]:
        pt = _pytesseract()
        out: dict[str, list[Any]] = pt.image_to_data(
            image, lang=langs, config=f"--psm {psm}", output_type=pt.Output.DICT
        )
        return out

    def text(self, image: Any, langs: str, psm: int = PSM_AUTO) -> str:
        return str(_pytesseract().image_to_string(image, lang=langs, config=f"--psm {psm}"))

    def script(self, image: Any) -> tuple[str, float]:
        pt = _pytesseract()
        try:
            osd = pt.image_to_osd(image, output_type=pt.Output.DICT)
        except Exception:  # OSD fails on pages with too few characters
            return "", 0.0
        return str(osd.get("script", "")), float(osd.get("script_conf", 0.0))


APIS = TesseractApis()  # this process's loaded engines


@functools.cache
def tesseract() -> TesseractBackend:
    """This process's way to run tesseract, chosen on first use: in process when `in_process()`, else the command."""
    return APIS if in_process() else TesseractCommand()


def guess_langs(image: Any, backend: TesseractBackend | None = None) -> str:
    """Tesseract languages for a page, from the script OSD sees on its central crop (`backend`: this process's
    `tesseract()` unless given)."""
    run = backend or tesseract()
    w, h = image.size
    dx, dy = int(w * (1 - OSD_CROP) / 2), int(h * (1 - OSD_CROP) / 2)
    crop = image.crop((dx, dy, w - dx, h - dy)).convert("L")  # grey: a smaller file for tesseract, same script
    script, conf = run.script(crop)
    if script != "Latin":
        return SCRIPT_LANGS.get(script, DEFAULT_LANGS) if conf >= OSD_MIN_CONF else DEFAULT_LANGS
    # Latin, sure or not (OSD's confidence on Latin text is often low: 0.2-0.5 on English reports, on a German page
    # full of umlauts): the probe tells the language; an unsure other script stays with the default, as before
    top = int(h * (1 - PROBE_STRIP) / 2)
    strip = image.crop((0, top, w, top + int(h * PROBE_STRIP))).convert("L")
    return latin_langs(run.text(strip, LATIN_PROBE))


def read_langs(texts: Sequence[str], settled: str | None = None) -> str | None:
    """Tesseract languages for a page from the words read on it (in any Latin or Cyrillic model): the language
    whose stop words lead, or None when too few are found to tell (a page of figures; a script read in another
    script's model, which gives letters but no words). Confirming the `settled` languages (those the page was read
    in) takes fewer stop words than telling others (MIN_CONFIRM_STOP_WORDS: a short paragraph's worth)."""
    counts = dict.fromkeys(STOP_WORDS, 0)
    for text in texts:
        for word in _folded(text).split():
            for lang, stops in STOP_WORDS.items():
                counts[lang] += word in stops
    ranked = sorted(counts.items(), key=lambda kv: -kv[1])
    (lang, first), (_, second) = ranked[0], ranked[1]
    needed = MIN_CONFIRM_STOP_WORDS if STOP_LANGS[lang] == settled else MIN_STOP_WORDS
    if first < needed or first < STOP_WORD_LEAD * second:
        return None
    return STOP_LANGS[lang]


def _folded(text: str) -> str:
    """Lower case, punctuation and digits as spaces, Latin diacritics dropped (ł -> l, ß -> ss); Cyrillic kept."""
    out: list[str] = []
    for ch in unicodedata.normalize("NFKD", text.lower().replace("ł", "l").replace("ß", "ss")):
        if unicodedata.combining(ch):
            if out and CYRILLIC[0] <= out[-1] <= CYRILLIC[1]:
                out.append(ch)  # й, ё: recomposed below
            continue
        out.append(ch if ch.isalpha() else " ")
    return unicodedata.normalize("NFC", "".join(out))


class SettledLangs:
    """The languages this process last settled on for a page (a reader reads a batch's documents in turn, most
    often in one language): the next page is read in them first and its read checked (`read_langs`) before any
    guess. Only a hint: a wrong one costs a second read, never a wrong language."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._langs = DEFAULT_LANGS

    def get(self) -> str:
        with self._lock:
            return self._langs

    def set(self, langs: str) -> None:
        with self._lock:
            self._langs = langs


SETTLED = SettledLangs()


def latin_langs(probe_text: str) -> str:
    """Tesseract languages for a Latin-script page, from the letters a multi-language probe read on it."""
    if sum(ch in POLISH_MARKS for ch in probe_text) >= MIN_MARKS:
        return "pol+eng"
    if sum(ch in GERMAN_MARKS for ch in probe_text) >= MIN_MARKS:
        return "deu+eng"
    return SCRIPT_LANGS["Latin"]


def _words_from_data(data: dict[str, list[Any]]) -> list[Word]:
    out: list[Word] = []
    for i, text in enumerate(data["text"]):
        text = str(text).strip().strip(RULE_GLYPHS)
        if not text or float(data["conf"][i]) < MIN_WORD_CONF:
            continue
        x, y, w, h = (int(data[k][i]) for k in ("left", "top", "width", "height"))
        block = int(data["block_num"][i])
        line = int(data["par_num"][i]) * 1000 + int(data["line_num"][i])
        out.append(Word(float(x), float(y), float(x + w), float(y + h), text, block, line))
    return out


@dataclass(frozen=True, slots=True)
class TesseractOcr:
    """Tesseract words. `langs` like "eng" or "rus+eng"; None guesses them per page from the script. `backend`: how
    tesseract runs (None: this process's `tesseract()`)."""

    langs: str | None = None
    psm: int = PSM_SPARSE
    upscale: float = 1.0  # images enlarged by this before OCR (boxes come back in the original pixels)
    backend: TesseractBackend | None = None

    def words(self, image: Any) -> list[Word]:
        run = self.backend or tesseract()
        langs = self.langs or guess_langs(image, run)
        big = image
        if self.upscale > 1:
            big = image.resize((round(image.size[0] * self.upscale), round(image.size[1] * self.upscale)), 3)  # bicubic
        clean = clean_for_ocr(big, round(MIN_RULE_PX * max(self.upscale, 1.0)))
        words = _words_from_data(run.data(clean, langs, self.psm))
        if self.upscale > 1:
            k = 1 / self.upscale
            words = [Word(w.x0 * k, w.y0 * k, w.x1 * k, w.y1 * k, w.text, w.block, w.line) for w in words]
        return words


def upscale_for(dpi: float) -> float:
    """How much to enlarge a page before OCR: low-resolution images (small crops, 72-100 dpi) go to OCR_TARGET_DPI,
    where tesseract reads best; 150 dpi and up are read as they are (enlarging them costs more than it gains)."""
    return OCR_TARGET_DPI / dpi if dpi < OCR_MIN_DPI else 1.0


def ocr_pages(images: Sequence[Any], engine: OcrEngine | None = None, workers: int | None = None) -> list[list[Word]]:
    """Words of every page, pages in parallel (tesseract engines: each page is its own tesseract process, driven
    from a thread, which also works inside a daemonic reader process) or in turn (any other engine). Without
    configured languages, the document's languages are guessed once, on its first page, not on every page."""
    eng = engine if engine is not None else TesseractOcr()
    if isinstance(eng, TesseractOcr) and eng.langs is None and len(images) > 1:
        eng = replace(eng, langs=guess_langs(images[0]))
    n = min(workers or os.cpu_count() or 1, len(images))
    if n <= 1 or not isinstance(eng, TesseractOcr):
        return [eng.words(im) for im in images]
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")  # inherited by every tesseract process
    with ThreadPoolExecutor(max_workers=n) as pool:
        return list(pool.map(eng.words, images))
