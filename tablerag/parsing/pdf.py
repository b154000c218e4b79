"""PDF reader: the text layer (PyMuPDF words with boxes) → ruled and borderless tables + prose blocks.

Coordinates are PDF points, origin top-left. Tables are numbered in reading order over the document (page, then
top-down, then left-right); prose blocks are PyMuPDF text blocks minus the words that went into tables.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablerag.errors import BadInputError
from tablerag.model import BBox, Cell, CoordSpace, ParsedDocument, ProseBlock, SourceLocator, Table, table_id
from tablerag.parsing.grid import GridCell, Rotation, Rule, Word
from tablerag.parsing.headers import apply_headers
from tablerag.parsing.numbers import parse_number
from tablerag.parsing.ruled import LatticeTable, find_lattices, rules_from_drawings
from tablerag.parsing.stream import StreamTable, find_streams

log = logging.getLogger(__name__)

RULED_CONFIDENCE = 0.9  # drawn rulings are strong evidence of a table; the grid may still mis-split spans
TALL_WORD_CHARS = 3  # words this long are wider than tall when set horizontally, so tall ones are vertical text
MIN_VERTICAL_WORDS = 5  # this many tall words make a page worth asking for text directions (costs a dict pass)
MAX_PAGE_FAILURES_SHARE = 1.0  # raise only when every requested page failed; partial documents are kept


@dataclass(slots=True)
class _PageTable:
    bbox: BBox
    n_rows: int
    n_cols: int
    cells: list[GridCell]
    parser: str
    confidence: float


@dataclass(slots=True)
class _PageResult:
    tables: list[_PageTable] = field(default_factory=list)
    prose: list[str] = field(default_factory=list)


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
        doc.close()
        damaged = " (the file looks truncated or damaged)" if getattr(doc, "is_repaired", False) else ""
        raise BadInputError(str(path), f"PDF has no readable pages{damaged}")
    return doc


def _words(page: Any) -> tuple[list[Word], dict[tuple[int, int], bool]]:
    """Words of a page (unrotated page space) and, where the page holds vertical text, each vertical line's
    direction keyed by (block, line): True = reads bottom-to-top."""
    import pymupdf

    tp = page.get_textpage(flags=pymupdf.TEXTFLAGS_WORDS)
    words = [Word(w[0], w[1], w[2], w[3], w[4], w[5], w[6]) for w in tp.extractWORDS() if w[4].strip()]
    long = [w for w in words if len(w.text) >= TALL_WORD_CHARS]
    tall = sum(1 for w in long if w.y1 - w.y0 > w.x1 - w.x0)
    dirs: dict[tuple[int, int], bool] = {}
    if tall >= MIN_VERTICAL_WORDS:
        for b, block in enumerate(tp.extractDICT()["blocks"]):
            for n, line in enumerate(block.get("lines", ())):
                dx, dy = line["dir"]
                if abs(dy) > abs(dx):
                    dirs[(b, n)] = dy < 0
    return words, dirs


def _prose(words: list[Word]) -> list[str]:
    """Text blocks (PyMuPDF's block numbers, in their order) built from the words left outside tables."""
    blocks: dict[int, dict[int, list[str]]] = {}
    for w in words:
        blocks.setdefault(w.block, {}).setdefault(w.line, []).append(w.text)
    texts = ["\n".join(" ".join(ws) for ws in lines.values()) for _, lines in sorted(blocks.items())]
    return [t for t in texts if t.strip()]


def _find(words: list[Word], rules: list[Rule], rot: Rotation | None) -> tuple[list[_PageTable], list[Word]]:
    """Ruled then borderless tables among `words` (turned by `rot` first, boxes turned back); the words left."""
    if rot is not None:
        turned = [rot.word(w) for w in words]
        back = {id(t): w for t, w in zip(turned, words, strict=True)}
        words, rules = turned, [rot.rule(r) for r in rules]
    lattices, rest = find_lattices(rules, words)
    found: list[tuple[LatticeTable | StreamTable, str, float]] = [
        (lt, "pdf-ruled", RULED_CONFIDENCE) for lt in lattices
    ]
    used: set[int] = set()
    for st in find_streams(rest):
        found.append((st, "pdf-stream", st.confidence))
        used.update(id(w) for c in st.cells for w in c.words)
    rest = [w for w in rest if id(w) not in used]
    tables: list[_PageTable] = []
    for t, parser, conf in found:
        if rot is not None:
            t.x0, t.y0, t.x1, t.y1 = rot.back(t.x0, t.y0, t.x1, t.y1)
            for c in t.cells:
                c.x0, c.y0, c.x1, c.y1 = rot.back(c.x0, c.y0, c.x1, c.y1)
        tables.append(_PageTable(BBox(t.x0, t.y0, t.x1, t.y1), t.n_rows, t.n_cols, t.cells, parser, conf))
    if rot is not None:
        rest = [back[id(w)] for w in rest]
    return tables, rest


def _to_displayed(tables: list[_PageTable], matrix: Any) -> None:
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


def _read_page(page: Any) -> _PageResult:
    words, dirs = _words(page)
    rules = rules_from_drawings(page.get_cdrawings())
    box = page.cropbox
    groups: list[tuple[list[Word], Rotation | None]] = [([w for w in words if (w.block, w.line) not in dirs], None)]
    for up in (True, False):
        vertical = [w for w in words if dirs.get((w.block, w.line)) is up]
        if vertical:
            groups.append((vertical, Rotation(up, box.height if up else box.width)))
    out = _PageResult()
    rest: list[Word] = []
    for group, rot in groups:
        tables, left = _find(group, rules, rot)
        out.tables.extend(tables)
        rest.extend(left)
    if page.rotation:
        _to_displayed(out.tables, page.rotation_matrix)
    out.tables.sort(key=lambda t: (round(t.bbox.y0), t.bbox.x0))
    rest.sort(key=lambda w: (w.block, w.line, w.x0))
    out.prose = _prose(rest)
    return out


def _cell(gc: GridCell) -> Cell:
    text = gc.text
    parsed = parse_number(text) if any(ch.isdigit() for ch in text) else None
    value, unit = (parsed.value, parsed.unit) if parsed is not None else (None, None)
    bbox = BBox(gc.x0, gc.y0, gc.x1, gc.y1, CoordSpace.PDF_POINTS)
    return Cell(gc.row, gc.col, text, gc.row_span, gc.col_span, value, unit, bbox=bbox)


def _table(pt: _PageTable, path: Path, sha256: str, page_no: int, table_no: int) -> Table:
    cells = [_cell(gc) for gc in sorted(pt.cells, key=lambda c: (c.row, c.col))]
    source = SourceLocator(file=str(path), sha256=sha256, page=page_no, bbox=pt.bbox)
    table = Table(
        id=table_id(sha256, table_no),
        source=source,
        n_rows=pt.n_rows,
        n_cols=pt.n_cols,
        cells=cells,
        parser=pt.parser,
        confidence=pt.confidence,
    )
    return apply_headers(table)


def read_pdf(path: Path, sha256: str, pages: list[int] | None = None) -> ParsedDocument:
    """Tables and prose of a born-digital PDF (all pages, or the given 1-based pages)."""
    doc = _open(path)
    try:
        n_pages = doc.page_count
        wanted = list(range(1, n_pages + 1)) if pages is None else pages
        bad = [p for p in wanted if not 1 <= p <= n_pages]
        if bad:
            raise BadInputError(str(path), f"page(s) {bad} out of range 1..{n_pages}")
        out = ParsedDocument(path=str(path), sha256=sha256, format="pdf", pages=n_pages)
        failures: list[str] = []
        for page_no in wanted:
            try:
                result = _read_page(doc[page_no - 1])
            except Exception as exc:  # one broken page must not lose the others
                failures.append(f"page {page_no}: {type(exc).__name__}: {exc}")
                log.warning("%s: page %d skipped: %s: %s", path, page_no, type(exc).__name__, exc)
                continue
            for pt in result.tables:
                out.tables.append(_table(pt, path, sha256, page_no, len(out.tables)))
            for text in result.prose:
                source = SourceLocator(file=str(path), sha256=sha256, page=page_no)
                out.prose.append(ProseBlock(text=text, source=source, block_no=len(out.prose)))
        if failures and len(failures) >= MAX_PAGE_FAILURES_SHARE * len(wanted):
            raise BadInputError(str(path), "no page could be read: " + "; ".join(failures[:3]))
        return out
    finally:
        doc.close()
