"""PDF reader: the text layer (PyMuPDF words with boxes) → ruled and borderless tables + prose blocks.

Coordinates are PDF points, origin top-left. Tables are numbered in reading order over the document (page, then
top-down, then left-right); prose blocks are PyMuPDF text blocks minus the words that went into tables and minus
the caption, unit and note lines attached to a table (`layout`: they would compete with the table's own chunks in
retrieval; a lead-in sentence used as a caption stays in the prose, it belongs to a paragraph). Each table gets
its section path (headings open above it, running headers dropped); tables continued on the next page are joined
(`continuation`). Pages can be read by worker processes (`workers`, see `auto_workers`).
"""

from __future__ import annotations

import logging
import os
from collections import Counter
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path
from typing import Any

from tablerag.errors import BadInputError
from tablerag.model import BBox, Cell, CoordSpace, ParsedDocument, ProseBlock, SourceLocator, Table, table_id
from tablerag.parsing.borderless import find_streams
from tablerag.parsing.cells import cell_from_text
from tablerag.parsing.continuation import join_continued
from tablerag.parsing.footnotes import trailing_note_rows
from tablerag.parsing.found import FoundTable, fold_mark_columns, move_stranded_marks
from tablerag.parsing.grid import GridCell, Rotation, Rule, Word
from tablerag.parsing.headers import apply_headers
from tablerag.parsing.image import (
    ONNX_MODELS,
    ScanOptions,
    VisionMode,
    is_scan_page,
    scan_page,
    scan_pdf_page,
    scan_workers,
    to_tables,
    usable_cpus,
)
from tablerag.parsing.layout import (
    MARGIN_SHARE,
    Heading,
    PageLine,
    body_size,
    headings,
    is_heading,
    is_labelled,
    push_heading,
    running_key,
    running_texts,
    size_counts,
    table_context,
)
from tablerag.parsing.ocr import guess_langs
from tablerag.parsing.onnx_models import one_thread_unless_set, present
from tablerag.parsing.ruled import find_lattices, rules_from_drawings
from tablerag.parsing.sides import cut_tables
from tablerag.parsing.spans import BORDERLESS_PARSER, spread_group_labels

log = logging.getLogger(__name__)

RULED_CONFIDENCE = 0.9  # drawn rulings are strong evidence of a table; the grid may still mis-split spans
TALL_WORD_CHARS = 3  # words this long are wider than tall when set horizontally, so tall ones are vertical text
MIN_VERTICAL_WORDS = 5  # this many tall words make a page worth asking for text directions (costs a dict pass)
MAX_PAGE_FAILURES_SHARE = 1.0  # raise only when every requested page failed; partial documents are kept
BOLD_FLAG = 16  # PyMuPDF span flag bit for a bold font
PARALLEL_MIN_PAGES = 48  # a spawned worker costs ~0.3 s to start (interpreter + imports): ~20 pages of reading
MAX_AUTO_WORKERS = 4  # beyond this, page reading contends for memory bandwidth and the ingestion's own workers
VISION_ENV = "TABLERAG_PDF_VISION"  # auto | always | never: born-digital pages through the table models too


class PdfVision(StrEnum):
    """Born-digital pages: the text-layer finder alone, the models (page render for structure, the PDF's words in the
    predicted cells), or the models for the pages where the text-layer finder finds no table."""

    AUTO = "auto"
    ALWAYS = "always"
    NEVER = "never"


def pdf_vision() -> PdfVision:
    """The route configured in $TABLERAG_PDF_VISION (default: never, the measured better one on born-digital pages);
    AUTO and ALWAYS fall back to the text layer alone when the ONNX models are not installed."""
    raw = os.environ.get(VISION_ENV, PdfVision.NEVER.value).strip().lower()
    try:
        return PdfVision(raw)
    except ValueError as exc:
        raise BadInputError(VISION_ENV, f"{raw!r} is not one of auto, always, never") from exc


SCAN_MAX_WORDS = 3  # a page with fewer text-layer words (page numbers, stamps) and an image is a scan
SCAN_DPI = 150  # OCR resolution for scanned pages: measured best speed/accuracy trade-off on ICDAR (bench/vision.py)
INSIDE_PAD = 1.0  # a line whose centre lies this close inside a table box is table text, not context


@dataclass(slots=True)
class _PageResult:
    tables: list[FoundTable] = field(default_factory=list)
    prose: list[str] = field(default_factory=list)
    headings: list[tuple[float, Heading]] = field(default_factory=list)
    sizes: Counter[float] = field(default_factory=Counter)  # characters per font size outside tables
    height: float = 0.0
    scanned: list[FoundTable] = field(default_factory=list)  # tables OCR found on a page without text


def _open(path: Path) -> Any:
    import pymupdf

    fitz: Any = pymupdf  # untyped library: keep its calls out of the type checker
    try:
        doc = fitz.open(path, filetype="pdf")
    except Exception as exc:  # PyMuPDF raises several types for broken files
        raise BadInputError(str(path), f"cannot open as PDF ({type(exc).__name__}: {exc})") from exc
    if doc.needs_pass:
        doc.close()
        raise BadInputError(str(path), "encrypted PDF: a password is needed to read it")
    if doc.page_count == 0:
        damaged = " (the file looks truncated or damaged)" if getattr(doc, "is_repaired", False) else ""
        doc.close()  # after reading is_repaired: a closed document raises ValueError (found by bench/fuzz.py)
        raise BadInputError(str(path), f"PDF has no readable pages{damaged}")
    return doc


def _words(page: Any) -> tuple[list[Word], dict[tuple[int, int], bool], list[PageLine]]:
    """Words of a page (unrotated page space); where the page holds vertical text, each vertical line's
    direction keyed by (block, line): True = reads bottom-to-top; and the horizontal text lines with their font
    size and weight (for captions, notes and headings)."""
    import pymupdf

    tp = page.get_textpage(flags=pymupdf.TEXTFLAGS_WORDS)
    words = [Word(w[0], w[1], w[2], w[3], w[4], w[5], w[6]) for w in tp.extractWORDS() if w[4].strip()]
    dirs: dict[tuple[int, int], bool] = {}
    lines: list[PageLine] = []
    for b, block in enumerate(tp.extractDICT()["blocks"]):
        for n, line in enumerate(block.get("lines", ())):
            dx, dy = line["dir"]
            if abs(dy) > abs(dx):
                dirs[(b, n)] = dy < 0
            elif (pl := _page_line(line, b, n)) is not None:
                lines.append(pl)
    return words, dirs, lines


def _page_line(line: dict[str, Any], block: int, n: int) -> PageLine | None:
    size, bold, parts = 0.0, True, []
    for s in line["spans"]:
        text = s["text"]
        parts.append(text)
        if text.strip():
            size = max(size, s["size"])
            bold = bold and bool(s["flags"] & BOLD_FLAG or "bold" in s["font"].lower())
    if size == 0.0:
        return None  # whitespace only
    x0, y0, x1, y1 = line["bbox"]
    return PageLine(x0, y0, x1, y1, "".join(parts).strip(), size, bold, block, n)


def _prose(words: list[Word]) -> list[str]:
    """Text blocks (PyMuPDF's block numbers, in their order) built from the words left outside tables."""
    blocks: dict[int, dict[int, list[str]]] = {}
    for w in words:
        blocks.setdefault(w.block, {}).setdefault(w.line, []).append(w.text)
    texts = ["\n".join(" ".join(ws) for ws in lines.values()) for _, lines in sorted(blocks.items())]
    return [t for t in texts if t.strip()]


def _find(words: list[Word], rules: list[Rule], rot: Rotation | None) -> tuple[list[FoundTable], list[Word]]:
    """Ruled then borderless tables among `words` (turned by `rot` first, boxes turned back); the words left."""
    back: dict[int, Word] = {}  # a turned word's id -> the word as the page has it (rotated groups only)
    if rot is not None:
        turned = [rot.word(w) for w in words]
        back = {id(t): w for t, w in zip(turned, words, strict=True)}
        words, rules = turned, [rot.rule(r) for r in rules]
    lattices, rest = find_lattices(rules, words)
    for lt in lattices:
        lt.parser, lt.confidence = "pdf-ruled", RULED_CONFIDENCE
    tables = list(lattices)
    used: set[int] = set()
    for st in find_streams(rest):
        st.parser = BORDERLESS_PARSER
        tables.append(st)
        used.update(id(w) for c in st.cells for w in c.words)
    rest = [w for w in rest if id(w) not in used]
    if rot is not None:
        for t in tables:
            t.bbox = BBox(*rot.back(t.bbox.x0, t.bbox.y0, t.bbox.x1, t.bbox.y1))
            for c in t.cells:
                c.x0, c.y0, c.x1, c.y1 = rot.back(c.x0, c.y0, c.x1, c.y1)
    if rot is not None:
        rest = [back[id(w)] for w in rest]
    return tables, rest


def _to_displayed(tables: list[FoundTable], matrix: Any) -> None:
    """Boxes moved from the unrotated page space PyMuPDF reports text in to the page as displayed (/Rotate)."""

    def turn(x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
        pts = [
            (x * matrix.a + y * matrix.c + matrix.e, x * matrix.b + y * matrix.d + matrix.f)
            for x, y in ((x0, y0), (x1, y1))
        ]
        return min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)

    for t in tables:
        t.bbox = BBox(*turn(t.bbox.x0, t.bbox.y0, t.bbox.x1, t.bbox.y1))
        for c in t.cells:
            c.x0, c.y0, c.x1, c.y1 = turn(c.x0, c.y0, c.x1, c.y1)


def _inside(ln: PageLine, tables: list[FoundTable]) -> bool:
    cx, cy = (ln.x0 + ln.x1) / 2, (ln.y0 + ln.y1) / 2
    pad = INSIDE_PAD
    return any(t.bbox.x0 - pad <= cx <= t.bbox.x1 + pad and t.bbox.y0 - pad <= cy <= t.bbox.y1 + pad for t in tables)


def _outside(lines: list[PageLine], tables: list[FoundTable]) -> list[PageLine]:
    return [ln for ln in lines if not _inside(ln, tables)]


def _attach_context(out: _PageResult, lines: list[PageLine], height: float) -> set[tuple[int, int]]:
    """Caption, notes and unit of every table on the page, and the page's headings; returns the consumed lines."""
    free = _outside(lines, out.tables)
    body = body_size(free, lines)
    out.sizes = size_counts(free)
    consumed: set[tuple[int, int]] = set()
    for t in out.tables:
        texts = [" ".join(w.text for w in c.words[-2:]) for c in t.cells]  # markers end a cell: its last words
        inside = [ln for ln in lines if _inside(ln, [t])]
        size = max(body, body_size(inside)) if inside else body  # a title stands out from the table's type too
        t.context = table_context([ln for ln in free if ln.key not in consumed], t.bbox, texts, size)
        consumed |= t.context.consumed
    body_lines = [
        ln for ln in free if ln.key not in consumed and MARGIN_SHARE * height < ln.y0 < (1 - MARGIN_SHARE) * height
    ]
    for t in out.tables:
        t.lines_above = sum(1 for ln in body_lines if ln.y1 <= t.bbox.y0)
        t.lines_below = sum(1 for ln in body_lines if ln.y0 >= t.bbox.y1)
    out.headings = headings(free, height, body, consumed)
    return consumed


@dataclass(slots=True)
class DocumentOcr:
    """The OCR options of one document's scanned pages (`base`: configured or forced ones, else the defaults). Read
    in turn, the first page that settles languages as it is read (`image.page_ocr` returns those it read in) hands
    them to the document's other pages (`read_one`); read by page workers, they are guessed once on the first
    scanned page (`settle`) and handed to every worker. Configured languages are used as they are."""

    base: ScanOptions | None = None
    options: ScanOptions | None = None  # once settled: `base` with the document's languages

    def _base(self) -> ScanOptions:
        return self.base if self.base is not None else ScanOptions()

    def settle(self, page: Any) -> None:
        """The languages guessed on `page` for every page (before page workers start)."""
        from PIL import Image

        opts = self._base()
        if opts.langs is None:
            pix = page.get_pixmap(dpi=SCAN_DPI, alpha=False)
            opts = replace(opts, langs=guess_langs(Image.frombytes("RGB", (pix.width, pix.height), pix.samples)))
        self.options = opts

    def scan_options(self) -> ScanOptions:
        """The settled options, else the base ones (languages configured, or settled as the page is read)."""
        return self.options if self.options is not None else self._base()

    def read_one(self, langs: str | None) -> None:
        """A page was scanned with `scan_options` and read in `langs`: they serve the document's other pages,
        unchecked, as a guess on the first page did (a page too short to tell is not guessed again). None (the
        page's engines chose their own, page by page): nothing is settled, the next page reads as this one did."""
        if self.options is None and langs is not None:
            self.options = replace(self._base(), langs=langs)


def _scanned(page: Any, ocr: DocumentOcr | None = None) -> _PageResult:
    """A page with (almost) no text layer but an image: the vision path (render, deskew, OCR, tables)."""
    ocr = ocr or DocumentOcr()
    scan = scan_pdf_page(page, SCAN_DPI, ocr.scan_options())
    ocr.read_one(scan.langs)
    return _PageResult(prose=list(scan.prose), height=page.cropbox.height, scanned=list(scan.tables))


def _read_page(page: Any, ocr: DocumentOcr | None = None, route: PdfVision = PdfVision.NEVER) -> _PageResult:
    words, dirs, lines = _words(page)
    if len(words) < SCAN_MAX_WORDS and page.get_images(full=False):
        return _scanned(page, ocr)
    rules = rules_from_drawings(page.get_cdrawings())
    box = page.cropbox
    groups: list[tuple[list[Word], Rotation | None]] = [([w for w in words if (w.block, w.line) not in dirs], None)]
    for up in (True, False):
        vertical = [w for w in words if dirs.get((w.block, w.line)) is up]
        if vertical:
            groups.append((vertical, Rotation(up, box.height if up else box.width)))
    out = _PageResult(height=box.height)
    rest: list[Word] = []
    for group, rot in groups:
        tables, left = _find(group, rules, rot)
        out.tables.extend(tables)
        rest.extend(left)
    out.tables.sort(key=lambda t: (round(t.bbox.y0), t.bbox.x0))
    consumed = _attach_context(out, lines, box.height)
    if page.rotation:
        _to_displayed(out.tables, page.rotation_matrix)
        out.tables.sort(key=lambda t: (round(t.bbox.y0), t.bbox.x0))
    rest = [w for w in rest if (w.block, w.line) not in consumed]
    rest.sort(key=lambda w: (w.block, w.line, w.x0))
    out.prose = _prose(rest)
    if route is not PdfVision.NEVER and not page.rotation and (route is PdfVision.ALWAYS or _unsure(out)):
        return _vision_page(page, words, out, route)
    return out


def _unsure(out: _PageResult) -> bool:
    """Pages where the models may add what the text layer missed: no table found there. Where the text-layer finder
    found tables it reads them better than the models: ICDAR-2013 ruled and borderless, camelot and tabula-java
    alike; handing the models its tables with few rows or columns, low confidence, tall rows or of either finder
    gained on single documents at most and lost on others (bench/HISTORY.md, bench/pdf_vision_routes.py)."""
    return not out.tables


def _vision_page(page: Any, words: list[Word], out: _PageResult, route: PdfVision) -> _PageResult:
    """The page's tables from the models (rendered page -> detector -> structure), the PDF's words in the cells; the
    text-layer result when the models are not installed, or (AUTO) when they find no table."""

    if not all(present(m) for m in ONNX_MODELS):
        return out
    pix = page.get_pixmap(dpi=SCAN_DPI, alpha=False)
    from PIL import Image

    image = Image.frombytes("RGB", (pix.width, pix.height), pix.samples)
    x0, y0 = page.cropbox.x0, page.cropbox.y0  # words are in page space; the render starts at the crop box
    shifted = [Word(w.x0 - x0, w.y0 - y0, w.x1 - x0, w.y1 - y0, w.text, w.block, w.line) for w in words]
    scan = scan_page(image, SCAN_DPI, shifted, ScanOptions(mode=VisionMode.ONNX, deskew=False))
    model = [t for t in scan.tables if t.parser != "heuristic-image"]
    if route is PdfVision.AUTO and not model:
        return out
    return _PageResult(prose=list(scan.prose), headings=out.headings, sizes=out.sizes, height=out.height,
                       scanned=list(scan.tables))  # fmt: skip


def _cell(gc: GridCell) -> Cell:
    bbox = BBox(gc.x0, gc.y0, gc.x1, gc.y1, CoordSpace.PDF_POINTS)
    return cell_from_text(gc.row, gc.col, gc.text, gc.row_span, gc.col_span, bbox=bbox)


def _headers(table: Table) -> Table:
    """A borderless table's centred group labels widened over the columns they head, its chains built again."""
    if table.parser == BORDERLESS_PARSER and table.header_rows > 1 and spread_group_labels(table):
        apply_headers(table, header_rows=table.header_rows)
    return table


def _notes_apart(table: Table) -> Table:
    """The rows closing the grid that are notes ("* Less than 10% of net revenue" set inside a ruled grid's last
    cell, `footnotes.trailing_note_rows`) become the table's notes, as a CSV's do. In place."""
    grid = table.grid()  # a note merged across the grid's width stands in its first column, as a CSV writes it
    n = trailing_note_rows(grid)
    if n:
        table.notes += [row[0] for row in grid[table.n_rows - n :]]
        table.n_rows -= n
        table.cells = [c for c in table.cells if c.row < table.n_rows]
    return table


def _tables(pt: FoundTable, path: Path, sha256: str, page_no: int, table_no: int, section: list[str]) -> list[Table]:
    """The found table with its headers, cut where a header block is stacked inside its body and where tables are
    set side by side (one table each)."""
    move_stranded_marks(pt)
    fold_mark_columns(pt)
    cells = [_cell(gc) for gc in sorted(pt.cells, key=lambda c: (c.row, c.col))]
    source = SourceLocator(file=str(path), sha256=sha256, page=page_no, bbox=pt.bbox)
    ctx = pt.context
    table = Table(
        id=table_id(sha256, table_no),
        source=source,
        n_rows=pt.n_rows,
        n_cols=pt.n_cols,
        cells=cells,
        caption=ctx.caption,
        notes=list(ctx.notes),
        unit=ctx.unit,
        section_path=section,
        parser=pt.parser,
        confidence=pt.confidence,
    )
    return [_headers(part) for part in cut_tables(_headers(apply_headers(_notes_apart(table))))]


def _add_page(
    out: ParsedDocument, result: _PageResult, page_no: int, stack: list[Heading], edges: dict[str, tuple[int, int]]
) -> list[Heading]:
    """The page's tables (with the section path open at each) and prose into `out`, each table's body-text line
    counts above and below it into `edges`; returns the heading stack after the page."""
    path, sha = Path(out.path), out.sha256
    heads = iter(result.headings)
    pending = next(heads, None)
    for pt in result.tables:
        while pending is not None and pending[0] < pt.bbox.y0:
            stack, pending = push_heading(stack, pending[1]), next(heads, None)
        parts = _tables(pt, path, sha, page_no, len(out.tables), [h.text for h in stack])
        out.tables.extend(parts)
        for k, table in enumerate(parts):  # text lines above the first part, below the last
            edges[table.id] = (pt.lines_above if k == 0 else 0, pt.lines_below if k == len(parts) - 1 else 0)
    while pending is not None:
        stack, pending = push_heading(stack, pending[1]), next(heads, None)
    for st in result.scanned:
        out.tables.extend(to_tables(st, str(path), sha, page_no, len(out.tables)))
    for text in result.prose:
        source = SourceLocator(file=str(path), sha256=sha, page=page_no)
        out.prose.append(ProseBlock(text=text, source=source, block_no=len(out.prose)))
    return stack


def auto_workers(n_pages: int) -> int:
    """Worker processes for one PDF of `n_pages`: one per PARALLEL_MIN_PAGES pages, at most the usable CPUs and
    MAX_AUTO_WORKERS; 1 inside a pool worker (batch ingestion already runs documents in parallel)."""
    import multiprocessing

    if multiprocessing.current_process().daemon:
        return 1
    return max(1, min(usable_cpus(), MAX_AUTO_WORKERS, n_pages // PARALLEL_MIN_PAGES))


PageOutcome = tuple[int, "_PageResult | str"]  # a page's result, or why it failed


def _read_pages(
    doc: Any, path: Path, wanted: list[int], route: PdfVision, ocr: DocumentOcr | None = None
) -> list[PageOutcome]:
    out: list[PageOutcome] = []
    ocr = ocr or DocumentOcr()  # the document's OCR languages (settled by the parent, or page by page as read)
    for page_no in wanted:
        try:
            out.append((page_no, _read_page(doc[page_no - 1], ocr, route)))
        except Exception as exc:  # one broken page must not lose the others
            out.append((page_no, f"page {page_no}: {type(exc).__name__}: {exc}"))
            log.warning("%s: page %d skipped: %s: %s", path, page_no, type(exc).__name__, exc)
    return out


def _read_chunk(path: str, wanted: list[int], route: PdfVision, ocr: DocumentOcr | None = None) -> list[PageOutcome]:
    """A worker's share: it opens the PDF itself (documents do not cross processes)."""
    doc = _open(Path(path))
    try:
        return _read_pages(doc, Path(path), wanted, route, ocr)
    finally:
        doc.close()


def _pool_context() -> Any:
    """A fork server with this module preloaded where the platform has one (workers start by forking a process
    that already imported PyMuPDF, once per parent), else spawn; never a plain fork of a parent that may run
    threads."""
    import multiprocessing

    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload([__name__])
        return ctx
    return multiprocessing.get_context("spawn")


def _read_parallel(
    path: Path, wanted: list[int], workers: int, route: PdfVision, ocr: DocumentOcr | None = None
) -> list[PageOutcome]:
    """Pages read by `workers` spawned processes, each a contiguous run of pages (page order kept); `ocr`: the
    document's OCR languages when the parent settled them (else each worker settles its own)."""
    from concurrent.futures import ProcessPoolExecutor

    size = -(-len(wanted) // workers)
    chunks = [wanted[i : i + size] for i in range(0, len(wanted), size)]
    n = len(chunks)
    with ProcessPoolExecutor(n, mp_context=_pool_context(), initializer=one_thread_unless_set) as pool:
        parts = list(pool.map(_read_chunk, [str(path)] * n, chunks, [route] * n, [ocr] * n))
    return [o for part in parts for o in part]


def _first_page_scanned(doc: Any, page_no: int) -> bool:
    """Whether the first wanted page is a scan. A page that cannot even be loaded counts as not one: its own read
    then reports the failure, naming the page, and the other pages are still read."""
    try:
        return is_scan_page(doc[page_no - 1])
    except Exception:  # PyMuPDF raises several types for broken page trees
        return False


def read_pdf(
    path: Path,
    sha256: str,
    pages: list[int] | None = None,
    workers: int | None = None,
    vision: PdfVision | None = None,
    scan: ScanOptions | None = None,
) -> ParsedDocument:
    """Tables and prose of a PDF (all pages, or the given 1-based pages). `workers`: processes
    reading pages in parallel (None: `auto_workers`, 1 for documents under PARALLEL_MIN_PAGES * 2 pages).
    `vision`: the route through the table models (None: $TABLERAG_PDF_VISION, default never). `scan`: the options
    of its scanned pages (None: the defaults, languages from $TABLERAG_OCR_LANGS or settled as read)."""
    route = vision or pdf_vision()
    doc = _open(path)
    try:
        n_pages = doc.page_count
        wanted = list(range(1, n_pages + 1)) if pages is None else pages
        bad = [p for p in wanted if not 1 <= p <= n_pages]
        if bad:
            raise BadInputError(str(path), f"page(s) {bad} out of range 1..{n_pages}")
        ocr = DocumentOcr(scan)  # the document's OCR languages: guessed once before page workers, else settled as read
        scanned = bool(wanted) and _first_page_scanned(doc, wanted[0])
        if workers is not None:
            n_workers = max(1, workers)
        else:  # a scanned page costs seconds, not milliseconds: its document gets the image files' page workers
            n_workers = scan_workers(len(wanted), ocr.scan_options()) if scanned else auto_workers(len(wanted))
        parallel = n_workers > 1
        if parallel and scanned:
            ocr.settle(doc[wanted[0] - 1])  # settled once here, not once per worker
        if parallel:
            outcomes = _read_parallel(path, wanted, n_workers, route, ocr)
        else:
            outcomes = _read_pages(doc, path, wanted, route, ocr)
    finally:
        doc.close()
    return _assemble(path, sha256, n_pages, outcomes)


def _assemble(path: Path, sha256: str, n_pages: int, outcomes: list[PageOutcome]) -> ParsedDocument:
    """The document from its pages' results: section paths across pages (running headers dropped), tables
    numbered in reading order, continued tables joined."""
    out = ParsedDocument(path=str(path), sha256=sha256, format="pdf", pages=n_pages)
    results = [(p, r) for p, r in outcomes if not isinstance(r, str)]
    failures = [r for _, r in outcomes if isinstance(r, str)]
    stack: list[Heading] = []
    heights: dict[int, float] = {}
    edges: dict[str, tuple[int, int]] = {}
    running = running_texts([r.headings for _, r in results])
    sizes = sum((r.sizes for _, r in results), Counter[float]())
    body = sizes.most_common(1)[0][0] if sizes else None  # the document's body font: pages alone can mislead
    for page_no, result in results:
        heights[page_no] = result.height
        result.headings = [
            (y, h)
            for y, h in result.headings
            if running_key(h.text) not in running and (body is None or is_heading(h, body))
        ]
        for t in result.tables:  # an unlabelled "caption" that repeats on other pages is a running header
            if not is_labelled(t.context.caption) and running_key(t.context.caption or "") in running:
                t.context.caption = None
        stack = _add_page(out, result, page_no, stack, edges)
    out.tables = join_continued(out.tables, heights, edges)
    if failures and len(failures) >= MAX_PAGE_FAILURES_SHARE * len(outcomes):
        raise BadInputError(str(path), "no page could be read: " + "; ".join(failures[:3]))
    return out
