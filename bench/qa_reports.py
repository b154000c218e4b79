"""End-to-end QA on reports nobody tuned for: TAT-QA dev contexts typeset as one-page born-digital PDF reports
(paragraphs above the table; the table ruled, or borderless with spanning header labels centred), and the same
tables as CSV files. Every file of a format goes into one index; each question is asked

- ``given``: with the document given (``filters={"file": <its file>}``), and
- ``pooled``: over every document of the format,

and scored: *right* = the answer's value (or label) equals the gold AND a citation names the gold file; *wrong* =
a value that is not right (a wrong number is worse than a refusal); *refused* = no value. An ambiguous answer
(``answer.candidates``: several documents answer alike, with or without a common value) counts as *candidates*,
and as *right with candidates* when one candidate is right and cites the gold file.

Questions: TAT-QA ``answer_from == "table"``; ``span`` (the gold span equals one table cell's text), ``arithmetic``
and ``count`` reported apart. Contexts are split by a hash of the table uid into a ``tune`` part and a ``kept``
part: never look at the kept part's answers while changing code; report both.

Run (a few minutes on a busy 2-core machine)::

    python bench/qa_reports.py                        # ruled, borderless, csv; given + pooled; both parts
    python bench/qa_reports.py --part tune --limit 60 --formats borderless --show-misses 30
    python bench/qa_reports.py --formats scanned      # pages rendered to images, through the image path (slow;
                                                      # parses cached in bench/out/scan_cache by image + code)
    python bench/qa_reports.py --formats scanned --ocr-stages  # and each page's OCR words kept by image + OCR
                                                      # code: a table-building change reads no page again

Writes bench/out/qa_reports.json.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import functools
import hashlib
import inspect
import json
import pickle
import re
import shutil
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tablerag.eval.qa import SCALES, norm_text, numbers_match, text_match  # noqa: E402
from tablerag.parsing.numbers import parse_number, unit_label  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "tat-qa" / "tatqa_dataset_dev.json"
OUT = ROOT / "bench" / "out" / "qa_reports.json"
SAVE_EVERY = 1000  # new vectors between saves of the cache (an interrupted run keeps most of its work)
EMBED_CACHE = ROOT / "bench" / "out" / "embed_cache"
SCAN_CACHE = ROOT / "bench" / "out" / "scan_cache"
STAGES = ROOT / "bench" / "out" / "scan_stages"  # scanned pages' OCR words (`stage_cache`)
OCR_SOURCES = ("ocr.py", "ocr_onnx.py", "onnx_models.py", "models_cache.py", "imageops.py", "render.py")
# The image path's functions a page's OCR words come from (`image.read_page` and what it calls, some of them in
# `ocr_regions`), and the settings they read: a change to any of them is an OCR change (the rest of image.py builds
# tables from the words).
OCR_FUNCTIONS = (
    "read_page",
    "ppocr_words",
    "read_regions",
    "ocr_engine",
    "_engine",
    "ocr_kind",
    "table_model",
    "joined",
    "table_regions",
    "hybrid_regions",
    "scale_words",
)
OCR_CONSTANTS = ("PPOCR_MAX_DPI", "TABLE_OCR_MARGIN_PT", "PPOCR_LANGS", "ONNX_MODELS")
# What a scanned page's parse depends on besides its image: our parsing code and the layers below it, the model
# files, the libraries that read the image, and the settings the readers take from the environment.
PARSE_SOURCES = ("tablerag/parsing", "tablerag/text", "tablerag/model.py", "tablerag/limits.py", "tablerag/_lazy.py")
PARSE_LIBRARIES = ("pymupdf", "onnxruntime", "rapidocr", "pytesseract", "opencv-python-headless", "numpy", "pillow")
KEPT_SHARE = 50  # percent of contexts (by hash of the table uid) never looked at while tuning
PAGE_W, PAGE_H, MARGIN = 595.0, 842.0, 50.0  # A4 portrait, points
FONT = "dejavu"  # the name the embedded font goes by on each page
# A sans font with the minus, dashes, euro and typographic quotes TAT-QA's texts hold (base Helvetica has none of
# them: PyMuPDF drew them as "·"). Debian's fonts-dejavu-core first, else the copy matplotlib (dev extra) ships.
FONT_FILES = (
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    Path("matplotlib") / "mpl-data" / "fonts" / "ttf" / "DejaVuSans.ttf",
)
TABLE_SIZE = 8.0  # table font size before shrinking a wide table to the page
PROSE_SIZE = 8.5
PAD = 4.0  # cell padding, points
ROW_FACTOR = 1.9  # row height as a multiple of the font size
SCAN_DPI = 200  # page images for the scanned variant (a common office-scanner setting)


class Format(StrEnum):
    RULED = "ruled"
    BORDERLESS = "borderless"
    CSV = "csv"
    SCANNED = "scanned"


class Mode(StrEnum):
    GIVEN = "given"
    POOLED = "pooled"


def part_of(uid: str) -> str:
    """'kept' or 'tune', fixed by a hash of the table uid (independent of file order and of the code)."""
    return "kept" if int(hashlib.sha256(uid.encode()).hexdigest(), 16) % 100 < KEPT_SHARE else "tune"


def one_cell_span(q: dict[str, Any], rows: list[list[str]]) -> bool:
    gold = norm_text(q["answer"][0] if isinstance(q["answer"], list) else q["answer"])
    return any(norm_text(c) == gold for row in rows for c in row if c.strip())


def question_kind(q: dict[str, Any], rows: list[list[str]]) -> str | None:
    if q["answer_from"] == "table-text":  # the question leans on the paragraphs too; the answer is still a cell
        return "text-span" if q["answer_type"] == "span" and one_cell_span(q, rows) else None
    if q["answer_from"] != "table":
        return None
    if q["answer_type"] == "span":
        return "span" if one_cell_span(q, rows) else None
    return q["answer_type"] if q["answer_type"] in ("arithmetic", "count") else None


# --- typesetting ------------------------------------------------------------------------------------------------
class Spans(StrEnum):
    """Which columns a borderless header label is centred over."""

    LIKE = "like"  # a lone label over the columns like its own with labels below; a label beside another over itself
    WIDE = "wide"  # a lone label over every value column; any label over the empty-topped cells after it


SPANS = Spans.LIKE  # the layout pages are set with; ``--spans wide`` sets the harder pages of the older figures


def add_spans_option(parser: argparse.ArgumentParser) -> None:
    """``--spans``: the layout borderless pages are set with (`Spans`), for every bench that typesets them."""
    parser.add_argument(
        "--spans",
        type=Spans,
        default=Spans.LIKE,
        help="borderless pages: header labels centred over the columns they head (like, default) or wide (harder)",
    )


def _is_value(text: str) -> bool:
    t = text.strip()
    return bool(t) and t not in ("-", "—", "–", "$") and parse_number(t) is not None


def header_rows(rows: list[list[str]]) -> int:
    """Leading rows without a number in any column but the stub (a year alone is a label, not a value; with
    ``Spans.LIKE`` also a year with a footnote mark, "2018(1)")."""
    for i, row in enumerate(rows):
        if any(_is_value(c) and not _is_year(c) for c in row[1:]):
            return i
    return 0


_FOOTNOTE_MARK = re.compile(r"\s*(\(\w{1,2}\)|\*{1,3})$")  # "(1)", "(a)", "*" after a year


def _is_year(text: str) -> bool:
    t = text.strip()
    if SPANS is Spans.LIKE:
        t = _FOOTNOTE_MARK.sub("", t)
    return len(t) == 4 and t.isdigit() and t[:2] in ("19", "20")


def _lone_label(row: list[str]) -> int | None:
    """The only filled non-stub cell of a header row, when there is exactly one and the row has 3+ columns."""
    filled = [i for i, c in enumerate(row) if i > 0 and c.strip()]
    return filled[0] if len(filled) == 1 and len(row) >= 3 else None


@dataclass
class Layout:
    widths: list[float]
    size: float
    # (header row, col) of a label drawn centred -> the first and last column it is centred over
    spans: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)


@functools.cache
def font_file() -> Path:
    """The TTF the reports are typeset with; a clear error when neither copy is installed."""
    import importlib.util

    system, bundled = FONT_FILES
    if system.is_file():
        return system
    spec = importlib.util.find_spec(bundled.parts[0])
    if spec is not None and spec.origin is not None:
        candidate = Path(spec.origin).parent.joinpath(*bundled.parts[1:])
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(
        f"no DejaVu Sans font at {system} nor in matplotlib: apt-get install fonts-dejavu-core "
        "(or pip install matplotlib)"
    )


@functools.cache
def _font() -> Any:
    import pymupdf

    return pymupdf.Font(fontfile=str(font_file()))


def text_width(text: str, size: float) -> float:
    return float(_font().text_length(text, fontsize=size))


NIL_CELLS = ("", "-", "—", "–", "n/a", "na", "nm", "*")  # cells that say nothing of their column's kind


def _numeric_column(rows: list[list[str]], n_head: int, col: int) -> bool | None:
    """Whether a column's body holds numbers (most cells with content parse as one), None when it holds nothing
    but blanks, nil marks and currency signs (a "$" column of its own)."""
    cells = [r[col].strip() for r in rows[n_head:] if col < len(r)]
    said = [c for c in cells if c.strip("$€£¥ ").lower() not in NIL_CELLS and unit_label(c) is None]
    if not said:
        return None
    return 2 * sum(parse_number(c) is not None for c in said) > len(said)


def _unit_note(text: str) -> bool:
    """A header line that states a scale or a currency with words ("(in thousands, except per share data)",
    "U.S. $ in thousands"), not a lone sign ("%", "$") that a report sets over its own column."""
    unit = unit_label(text)
    return unit is not None and (unit[1] != 1.0 or len(text.split()) > 1)


def _lone_run(rows: list[list[str]], n_head: int, r: int, col: int, below: list[bool]) -> tuple[int, int]:
    """The columns a header row's lone label is centred over: the run around its own column of value columns
    that hold the same kind of body (numbers or text) as its own and have a label below it (a column of "$"
    signs alone goes with its neighbours). A report centres "Ownership interest" over "2019 | 2018", not over
    "Country | Principal activity" beside them. A label with nothing under it heads no other column
    ("(restated)" under one year on the last header line), unless it is the table's unit note."""
    n_cols = len(below)
    kinds = [_numeric_column(rows, n_head, c) for c in range(n_cols)]
    kind = kinds[col]
    note = _unit_note(rows[r][col])

    def joins(c: int) -> bool:
        if kinds[c] is None:
            return True
        return (below[c] or note) and (kind is None or kinds[c] == kind)

    if not (below[col] or note or kind is None):
        return col, col
    first, last = col, col
    while first - 1 >= 1 and joins(first - 1):
        first -= 1
    while last + 1 < n_cols and joins(last + 1):
        last += 1
    return first, last


def _stacked_line(row: list[str], below: list[bool], col: int) -> bool:
    """Whether a header label is one line of a label stacked in its own column: it goes on below, and so does a
    label beside it ("Charged to" beside "Balance at", over "Costs and" beside "Beginning"), so it heads no
    empty cell after it. A group label has no such neighbour ("Change" beside "2018" over "$ | %")."""
    return below[col] and any(1 <= n < len(row) and row[n].strip() and below[n] for n in (col - 1, col + 1))


def _group_runs(rows: list[list[str]], n_head: int) -> dict[tuple[int, int], tuple[int, int]]:
    """(row, col) -> (first, last) column a header label is centred over.

    - A header row's lone label heads the like columns around it that have labels below (`_lone_run`); with
      ``Spans.WIDE``, every value column.
    - Where a row has several labels apart, each heads itself and the empty cells after it that have a label
      below (how a report sets "Financial assets | Financial liabilities" over "2019 | 2018 | 2019 | 2018",
      which the grid keeps in each group's first cell).
    - A label that is one line of a label stacked in its own column heads only itself (`_stacked_line`;
      ``Spans.WIDE`` centres it over the empty cells after it all the same)."""
    n_cols = max(len(r) for r in rows)
    out: dict[tuple[int, int], tuple[int, int]] = {}
    for r in range(n_head):
        row = rows[r] + [""] * (n_cols - len(rows[r]))
        below = [any(c < len(rows[k]) and rows[k][c].strip() for k in range(r + 1, n_head)) for c in range(n_cols)]
        lone = _lone_label(row)
        if lone is not None:
            run = (1, n_cols - 1) if SPANS is Spans.WIDE else _lone_run(rows, n_head, r, lone, below)
            if run[1] > run[0]:
                out[(r, lone)] = run
            continue
        for c in range(1, n_cols):
            if not row[c].strip() or (SPANS is Spans.LIKE and _stacked_line(row, below, c)):
                continue
            end = c
            while end + 1 < n_cols and not row[end + 1].strip() and below[end + 1]:
                end += 1
            if end > c:
                out[(r, c)] = (c, end)
    return out


def layout(rows: list[list[str]], borderless: bool) -> Layout:
    n_cols = max(len(r) for r in rows)
    spans = _group_runs(rows, header_rows(rows)) if borderless else {}
    widths = [0.0] * n_cols
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            if (r, c) in spans:
                continue
            widths[c] = max(widths[c], text_width(" ".join(text.split()), TABLE_SIZE) + 2 * PAD)
    widths = [max(w, 30.0) for w in widths]
    for (r, c), (first, last) in spans.items():  # a centred label needs its columns' width together
        need = text_width(rows[r][c], TABLE_SIZE) + 2 * PAD
        extra = max(0.0, need - sum(widths[first : last + 1])) / (last - first + 1)
        widths[first : last + 1] = [w + extra for w in widths[first : last + 1]]
    scale = min(1.0, (PAGE_W - 2 * MARGIN) / sum(widths))
    return Layout([w * scale for w in widths], TABLE_SIZE * scale, spans)


def draw_table(page: Any, rows: list[list[str]], top: float, borderless: bool) -> float:
    lay = layout(rows, borderless)
    row_h = lay.size * ROW_FACTOR
    xs = [MARGIN]
    for w in lay.widths:
        xs.append(xs[-1] + w)
    bottom = top + row_h * len(rows)
    if not borderless:
        for r in range(len(rows) + 1):
            page.draw_line((xs[0], top + r * row_h), (xs[-1], top + r * row_h), width=0.5)
        for x in xs:
            page.draw_line((x, top), (x, bottom), width=0.5)
    else:  # a rule under the header, as most borderless reports have
        y = top + row_h * header_rows(rows)
        page.draw_line((xs[0], y), (xs[-1], y), width=0.5)
    pad = PAD * lay.size / TABLE_SIZE  # the padding shrinks with the table, as the widths it was added to did
    for r, row in enumerate(rows):
        base = top + r * row_h + lay.size * 1.35
        for c, raw in enumerate(row):
            text = " ".join(raw.split())
            if not text:
                continue
            length = text_width(text, lay.size)
            if (r, c) in lay.spans:
                first, last = lay.spans[(r, c)]
                x = (xs[first] + xs[last + 1] - length) / 2
            elif c == 0:
                x = xs[0] + pad
            else:
                x = xs[c + 1] - pad - length
            page.insert_text((x, base), text, fontname=FONT, fontsize=lay.size)
    return bottom


def typeset(ctx: dict[str, Any], path: Path, borderless: bool) -> Path:
    """One A4 page: the context's paragraphs (as many as fit) above its table."""
    import pymupdf

    fitz: Any = pymupdf
    rows = ctx["table"]["table"]
    lay = layout(rows, borderless)
    table_h = lay.size * ROW_FACTOR * len(rows)
    doc = fitz.open()
    page = doc.new_page(width=PAGE_W, height=PAGE_H)
    page.insert_font(fontname=FONT, fontfile=str(font_file()))
    paragraphs = [p["text"] for p in sorted(ctx["paragraphs"], key=lambda p: p["order"])]
    room = PAGE_H - 2 * MARGIN - table_h - 20
    top = MARGIN
    while paragraphs and room > 40:
        rect = fitz.Rect(MARGIN, MARGIN, PAGE_W - MARGIN, MARGIN + room)
        left = page.insert_textbox(rect, "\n\n".join(paragraphs), fontname=FONT, fontsize=PROSE_SIZE)
        if left >= 0:
            top = max(w[3] for w in page.get_text("words")) + 2 * PROSE_SIZE
            break
        paragraphs.pop()
    draw_table(page, rows, top, borderless)
    doc.save(path)
    doc.close()
    return path


def scan(pdf: Path, out: Path) -> Path:
    """The page rendered to an image-only PDF (no text layer): what a scanner gives."""
    import pymupdf

    fitz: Any = pymupdf
    src = fitz.open(pdf)
    pix = src[0].get_pixmap(dpi=SCAN_DPI)
    doc = fitz.open()
    page = doc.new_page(width=src[0].rect.width, height=src[0].rect.height)
    png = pix.tobytes("png")
    page.insert_image(page.rect, stream=png)
    doc.save(out, no_new_id=True)  # the same image gives the same file (and document id) in every run
    (out.parent / f"{out.name}.png.sha256").write_text(hashlib.sha256(png).hexdigest())
    doc.close()
    src.close()
    return out


def write_files(contexts: list[dict[str, Any]], folder: Path, fmt: Format) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for i, ctx in enumerate(contexts):
        stem = folder / f"doc{i:03d}"  # no file-name word a question could contain
        if fmt is Format.CSV:
            path = stem.with_suffix(".csv")
            with path.open("w", newline="", encoding="utf-8") as fh:
                csv.writer(fh).writerows(ctx["table"]["table"])
        elif fmt is Format.SCANNED:
            digital = typeset(ctx, folder / f"digital{i:03d}.pdf", borderless=False)
            path = scan(digital, stem.with_suffix(".pdf"))
            digital.unlink()
        else:
            path = typeset(ctx, stem.with_suffix(".pdf"), borderless=fmt is Format.BORDERLESS)
        paths.append(path)
    return paths


# --- scoring ----------------------------------------------------------------------------------------------------
@dataclass
class Tally:
    n: int = 0
    right: int = 0
    wrong: int = 0
    refused: int = 0
    candidates: int = 0
    right_with_candidates: int = 0

    def to_dict(self) -> dict[str, Any]:
        def share(x: int) -> float | None:
            return round(x / self.n, 3) if self.n else None

        return {
            "n": self.n,
            "right": share(self.right),
            "right_with_candidates": share(self.right_with_candidates),
            "wrong": share(self.wrong),
            "refused": share(self.refused),
            "candidates": self.candidates,
        }


def value_ok(value: str | None, label: str | None, q: dict[str, Any]) -> bool:
    if value is None and label is None:
        return False
    gold = q["answer"]
    if q["answer_type"] in ("arithmetic", "count"):
        return numbers_match(value, gold, SCALES.get(q.get("scale") or "", 1.0))
    golds = gold if isinstance(gold, list) else [gold]
    return any(text_match(value, g) or (label is not None and text_match(label, g)) for g in golds)


def cites_file(citations: list[dict[str, Any]], gold: Path) -> bool:
    return any(Path(str(c.get("file", ""))).name == gold.name for c in citations)


def outcome(answer: dict[str, Any] | None, q: dict[str, Any], gold: Path) -> str:
    if not answer or answer.get("refused"):
        return "refused"
    cands = answer.get("candidates") or []
    if cands:  # several documents answer alike: counted apart from "right" even when they agree on the value
        hit = any(
            value_ok(c.get("value"), c.get("label"), q) and cites_file(c.get("citations", []), gold) for c in cands
        )
        return "candidates_right" if hit else "candidates"
    if answer.get("value") is None and answer.get("label") is None:
        return "refused"
    ok = value_ok(answer.get("value"), answer.get("label"), q) and cites_file(answer.get("citations", []), gold)
    return "right" if ok else "wrong"


def add(t: Tally, result: str) -> None:
    t.n += 1
    if result == "right":
        t.right += 1
        t.right_with_candidates += 1
    elif result == "wrong":
        t.wrong += 1
    elif result == "refused":
        t.refused += 1
    else:
        t.candidates += 1
        t.right_with_candidates += result == "candidates_right"


# --- run --------------------------------------------------------------------------------------------------------
class CachedEmbedder:
    """The index's default embedder with its vectors kept on disk by text: reruns after a change re-embed only the
    records whose text changed (the same vectors as without the cache, far less time on a busy machine)."""

    def __init__(self, folder: Path) -> None:
        import numpy as np

        from tablerag.index.embed import load_embedder

        self.base = load_embedder(None)
        self.name = self.base.name
        self.dim = getattr(self.base, "dim", None)
        self.path = folder / f"{hashlib.sha256(self.name.encode()).hexdigest()[:12]}.npz"
        self.vectors: dict[str, Any] = {}
        if self.path.exists():
            data = np.load(self.path)
            self.vectors = dict(zip(data["keys"].tolist(), data["vecs"], strict=True))
        self.new = 0

    @staticmethod
    def _key(text: str) -> str:
        return hashlib.sha256(text.encode()).hexdigest()[:24]

    def encode(self, texts: Any) -> Any:
        import numpy as np

        keys = [self._key(t) for t in texts]
        todo = list(dict.fromkeys(k for k in keys if k not in self.vectors))
        if todo:
            first = {k: t for k, t in zip(keys, texts, strict=True)}
            for k, v in zip(todo, self.base.encode([first[k] for k in todo]), strict=True):
                self.vectors[k] = v
            self.new += len(todo)
            if self.new >= SAVE_EVERY:
                self.save()
        dim = self.dim or (len(next(iter(self.vectors.values()))) if self.vectors else 0)
        return np.stack([self.vectors[k] for k in keys]) if keys else np.zeros((0, dim), dtype=np.float32)

    def encode_query(self, texts: Any) -> Any:
        return self.base.encode_query(texts) if hasattr(self.base, "encode_query") else self.base.encode(texts)

    def save(self) -> None:
        import numpy as np

        if self.new:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            keys = list(self.vectors)
            np.savez(self.path, keys=np.array(keys), vecs=np.stack([self.vectors[k] for k in keys]))
            self.new = 0


@dataclass
class Item:
    ctx_no: int
    part: str
    kind: str
    q: dict[str, Any]


def items(contexts: list[dict[str, Any]], parts: set[str], limit: int | None) -> list[Item]:
    out = []
    for i, ctx in enumerate(contexts):
        part = part_of(ctx["table"]["uid"])
        if part not in parts:
            continue
        for q in ctx["questions"]:
            kind = question_kind(q, ctx["table"]["table"])
            if kind is not None:
                out.append(Item(i, part, kind, q))
    by_part: dict[str, list[Item]] = defaultdict(list)
    for it in out:
        by_part[it.part].append(it)
    return [it for p in sorted(by_part) for it in (by_part[p][:limit] if limit else by_part[p])]


def _models_and_libraries(h: Any) -> None:
    """Into the digest `h`: the model files' names and sizes and the parsing libraries' versions."""
    import importlib.metadata as md
    import os

    models = Path(os.environ.get("TABLERAG_MODELS", ROOT / "models"))
    for f in sorted(models.rglob("*")) if models.is_dir() else []:
        if f.is_file():
            h.update(f"{f.relative_to(models)}:{f.stat().st_size}\0".encode())
    for lib in PARSE_LIBRARIES:
        with contextlib.suppress(md.PackageNotFoundError):
            h.update(f"{lib}={md.version(lib)}\0".encode())


def _settings(h: Any) -> None:
    """Into the digest `h`: every TABLERAG_ setting but the thread count (it changes no result)."""
    import os

    for key in sorted(k for k in os.environ if k.startswith("TABLERAG_") and k != "TABLERAG_ONNX_THREADS"):
        h.update(f"{key}={os.environ[key]}\0".encode())


@functools.cache
def parsing_fingerprint() -> str:
    """A digest of everything a scanned page's parse depends on besides the page: a change to any of it gives a
    new fingerprint, so a cached parse is never reused across a parsing change."""
    import subprocess

    h = hashlib.sha256()
    for name in PARSE_SOURCES:
        base = ROOT / name
        for f in sorted(base.rglob("*.py")) if base.is_dir() else [base]:
            h.update(str(f.relative_to(ROOT)).encode() + b"\0" + f.read_bytes() + b"\0")
    _models_and_libraries(h)
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        out = subprocess.run(["tesseract", "--version"], capture_output=True, text=True, timeout=30)
        h.update((out.stdout + out.stderr).splitlines()[0].encode() if out.stdout + out.stderr else b"")
    _settings(h)
    return h.hexdigest()[:16]


class ParseCache:
    """Parsed scanned pages kept on disk, keyed by the page image's digest and `parsing_fingerprint()`: a rerun
    after a change outside parsing (qa, index) reads no page again; a parsing change reads every page again.
    Other formats are parsed as they are (cheap)."""

    def __init__(self, folder: Path = SCAN_CACHE) -> None:
        self.folder = folder
        self.hits = 0
        self.misses = 0

    def parse(self, path: Path) -> Any:
        import pickle

        from tablerag.parsing import parse

        digest_file = path.parent / f"{path.name}.png.sha256"
        if not digest_file.exists():
            return parse(path)
        key = f"{digest_file.read_text().strip()[:32]}-{parsing_fingerprint()}"
        entry = self.folder / f"{key}.pickle"
        sha = hashlib.sha256(path.read_bytes()).hexdigest()
        if entry.exists():
            doc = pickle.loads(entry.read_bytes())
            if doc.sha256 == sha:  # the same page in the same file: only where it lies differs
                self.hits += 1
                return relocated(doc, path)
        self.misses += 1
        doc = parse(path)
        self.folder.mkdir(parents=True, exist_ok=True)
        tmp = entry.with_suffix(".tmp")
        tmp.write_bytes(pickle.dumps(doc))
        tmp.replace(entry)
        return doc


# --- OCR stage cache --------------------------------------------------------------------------------------------------
@functools.cache
def ocr_fingerprint() -> str:
    """What a page's OCR words depend on besides the page: the OCR code (and the image path's OCR functions),
    the model files and the libraries."""

    from tablerag.parsing import image, ocr_regions

    def found(name: str) -> Any:  # the image path's OCR functions and settings live in these two modules
        return getattr(image, name) if hasattr(image, name) else getattr(ocr_regions, name)

    h = hashlib.sha256()
    for name in OCR_SOURCES:
        f = ROOT / "tablerag" / "parsing" / name
        h.update(name.encode() + b"\0" + (f.read_bytes() if f.exists() else b"") + b"\0")
    for fn in OCR_FUNCTIONS:
        h.update(inspect.getsource(found(fn)).encode())
    for name in OCR_CONSTANTS:  # what those functions read from the image path's settings
        value = found(name)  # a set's order follows the process's string hashes: sorted, the key is the same in all
        h.update(f"{name}={sorted(value) if isinstance(value, (set, frozenset)) else value!r}\0".encode())
    _models_and_libraries(h)
    _settings(h)
    return h.hexdigest()[:16]


def _image_key(img: Any) -> str:
    return hashlib.sha256(f"{img.mode}{img.size}".encode() + img.tobytes()).hexdigest()[:32]


def _boxes(dets: Any) -> str:
    return (
        "none"
        if dets is None
        else ";".join(f"{d.box.x0:.2f},{d.box.y0:.2f},{d.box.x1:.2f},{d.box.y1:.2f}" for d in dets)
    )


def _memo(folder: Path, key: str, compute: Any) -> Any:
    entry = folder / f"{hashlib.sha256(key.encode()).hexdigest()[:40]}.pickle"
    if entry.exists():
        return pickle.loads(entry.read_bytes())
    value = compute()
    folder.mkdir(parents=True, exist_ok=True)
    tmp = entry.with_suffix(".tmp")
    tmp.write_bytes(pickle.dumps(value))
    tmp.replace(entry)
    return value


@contextlib.contextmanager
def stage_cache(folder: Path = STAGES) -> Iterator[None]:
    """Within: a page's OCR words in given languages (`image.read_page`) and a document's language guess
    (`pdf.guess_langs`) are kept on disk and reused for the same page image, arguments and OCR code. Bench only: the
    choice of languages (`image.page_ocr`, which keeps this process's settled languages) and the table building run
    as they are."""
    from tablerag.parsing import image, pdf

    read_page, guess = image.read_page, pdf.guess_langs
    fp = ocr_fingerprint()

    def cached_read_page(img: Any, dpi: float, opts: Any, candidates: Any, sure: Any) -> Any:
        key = f"ocr|{fp}|{_image_key(img)}|{dpi}|{opts.langs}|{opts.ocr.value}|{opts.ocr_scope.value}|{opts.psm}|"
        key += f"{_boxes(candidates)}|{_boxes(sure)}"
        return _memo(folder, key, lambda: read_page(img, dpi, opts, candidates, sure))

    def cached_guess(img: Any, *args: Any, **kwargs: Any) -> Any:
        key = f"langs|{fp}|{_image_key(img)}|{args}|{sorted(kwargs.items())}"
        return _memo(folder, key, lambda: guess(img, *args, **kwargs))

    image.read_page, pdf.guess_langs = cached_read_page, cached_guess
    try:
        yield
    finally:
        image.read_page, pdf.guess_langs = read_page, guess


def relocated(doc: Any, path: Path) -> Any:
    """A cached parse of the same file read from another folder: every path it cites is the file's new one."""
    doc.path = str(path)
    for block in [*doc.tables, *doc.prose]:
        block.source.file = str(path)
    return doc


def ingest_parsed(index: Any, paths: list[Path], cache: ParseCache) -> list[str]:
    """What `index.add(paths)` does, with each file parsed through `cache`: decompose, embed, commit. Returns the
    files that failed (each error printed, the batch goes on)."""
    from tablerag.decomposition.records import Tags, document_records
    from tablerag.index.ingest import Prepared, embed_records

    tags = Tags()
    failed = []
    with index.batch():
        for path in paths:
            try:
                doc = cache.parse(path)
                records = document_records(doc, tags, facts=index.facts, options=index.records)
                vectors = embed_records(index.embedder, records, index.dense)
                result = index.commit_many([Prepared(str(path), doc, records)], tags, vectors)[0]
                if result.error:
                    raise RuntimeError(result.error)
            except Exception as exc:  # one failing file is data, the run goes on
                print(f"ingest failed: {path}: {type(exc).__name__}: {exc}")
                failed.append(str(path))
    return failed


class DirectAnswers:
    """The document given without an index: each of the file's tables answers (``answer_table``) and the best
    link score wins, as ``ask`` does over the tables a file filter leaves (no embedder tie-break). Used when
    embedding every record of the pool would take longer than the run may (a busy 2-core machine)."""

    def __init__(self, cache: ParseCache) -> None:
        self.docs: dict[Path, Any] = {}
        self.cache = cache

    def ask(self, path: Path, question: str) -> dict[str, Any] | None:
        from tablerag.qa.answer import answer_table

        if path not in self.docs:
            self.docs[path] = self.cache.parse(path)
        best = None
        for table in self.docs[path].tables:
            ans = answer_table(table, question)
            if ans is not None and (best is None or ans.score > best.score):
                best = ans
        return best.to_dict() if best is not None else None


def run_format(
    contexts: list[dict[str, Any]],
    todo: list[Item],
    fmt: Format,
    modes: list[Mode],
    work: Path,
    misses: list[Any],
    per_question: list[dict[str, Any]],
    given_direct: bool = False,
    pool_asked: bool = False,
    dense: str | None = None,
) -> dict[str, Any]:
    import tablerag
    from tablerag.index.ingest import DenseRecords

    t0 = time.perf_counter()
    parts = {it.part for it in todo}  # the pool: every document of the scored parts (the scans: only those asked)
    pool = [i for i, c in enumerate(contexts) if part_of(c["table"]["uid"]) in parts]
    asked_only = fmt is Format.SCANNED or pool_asked
    used = sorted({it.ctx_no for it in todo}) if asked_only else pool
    paths = write_files([contexts[i] for i in used], work / fmt.value, fmt)
    path_of = dict(zip(used, paths, strict=True))
    index_dir = work / f"index-{fmt.value}"
    shutil.rmtree(index_dir, ignore_errors=True)  # a fresh index: parsing changes must show
    t1 = time.perf_counter()
    tallies: dict[str, Tally] = defaultdict(Tally)
    cache = ParseCache()
    with contextlib.ExitStack() as stack:
        index = None
        failed: list[str] = []
        if Mode.POOLED in modes or not given_direct:
            embedder = CachedEmbedder(EMBED_CACHE)
            chosen = DenseRecords(dense) if dense else None
            index = stack.enter_context(tablerag.Index(index_dir, embedder=embedder, dense=chosen))
            if fmt is Format.SCANNED:
                failed = ingest_parsed(index, paths, cache)
            else:
                report = index.add(paths)
                failed = [r.path for r in report.results if r.error]
            embedder.save()
        t2 = time.perf_counter()
        direct = DirectAnswers(cache)
        for it in todo:
            gold = path_of[it.ctx_no]
            for mode in modes:
                try:
                    if mode is Mode.GIVEN and (given_direct or index is None):
                        answer = direct.ask(gold, it.q["question"])
                    else:
                        assert index is not None
                        filters = {"file": str(gold)} if mode is Mode.GIVEN else None
                        res = index.ask(it.q["question"], filters=filters)
                        answer = res.answer.to_dict() if res.answer else None
                except Exception as exc:  # one failing question is data, the run goes on
                    answer = {"refused": True, "error": f"{type(exc).__name__}: {exc}"}
                result = outcome(answer, it.q, gold)
                add(tallies[f"{mode.value}/{it.part}/{it.kind}"], result)
                if it.part == "tune":
                    per_question.append(
                        {
                            "format": fmt.value,
                            "mode": mode.value,
                            "kind": it.kind,
                            "uid": it.q["uid"],
                            "result": result,
                            "question": it.q["question"],
                            "gold": it.q["answer"],
                            "ours": str((answer or {}).get("text", ""))[:400],
                        }
                    )
                if result not in ("right", "candidates_right") and it.part == "tune":
                    misses.append((fmt.value, mode.value, it.kind, result, it.q["question"], it.q["answer"], answer))
        t3 = time.perf_counter()
    return {
        "format": fmt.value,
        "given": "direct (file's tables, no index)" if given_direct or index is None else "index.ask(file=...)",
        "files": len(paths),
        "failed_files": failed,
        "seconds": {"typeset": round(t1 - t0, 1), "ingest": round(t2 - t1, 1), "ask": round(t3 - t2, 1)},
        "questions": len(todo),
        "parse_cache": {"hits": cache.hits, "misses": cache.misses},
        "groups": {k: v.to_dict() for k, v in sorted(tallies.items())},
    }


def _show(misses: list[Any], n: int) -> None:
    for fmt, mode, kind, result, question, gold, answer in misses[:n]:
        text = (answer or {}).get("text", "") if answer else ""
        print(f"[{fmt}/{mode}/{kind}] {result}: {question}\n   gold={gold}\n   ours={str(text)[:220]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--formats", nargs="+", default=[Format.RULED, Format.BORDERLESS, Format.CSV], type=Format)
    parser.add_argument("--modes", nargs="+", default=[Mode.GIVEN, Mode.POOLED], type=Mode)
    parser.add_argument("--part", choices=["tune", "kept", "both"], default="both")
    parser.add_argument("--kinds", nargs="+", default=["span", "count", "arithmetic"])
    parser.add_argument("--limit", type=int, default=None, help="questions per part (iteration only)")
    parser.add_argument("--show-misses", type=int, default=0, help="print this many misses (tune part only)")
    parser.add_argument("--work", type=Path, default=None, help="keep files and indexes here")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--pool-asked", action="store_true", help="pool only the documents asked about")
    parser.add_argument("--given-direct", action="store_true", help="answer 'given' from the file's tables, no index")
    parser.add_argument(
        "--dense", choices=["all", "no-facts"], default=None, help="records with vectors (default: the index's)"
    )
    parser.add_argument("--per-question", type=Path, default=None, help="write each tune answer here (JSON lines)")
    add_spans_option(parser)
    parser.add_argument(
        "--ocr-stages", action="store_true", help="keep scanned pages' OCR words in bench/out/scan_stages (same code)"
    )
    args = parser.parse_args(argv)
    global SPANS
    SPANS = args.spans
    contexts = json.loads(DATA.read_text(encoding="utf-8"))
    parts = {"tune", "kept"} if args.part == "both" else {args.part}
    todo = [it for it in items(contexts, parts, None) if it.kind in args.kinds]
    if args.limit:
        todo = [it for p in sorted(parts) for it in [x for x in todo if x.part == p][: args.limit]]
    print("questions:", dict(Counter(f"{it.part}/{it.kind}" for it in todo)))
    misses: list[Any] = []
    per_question: list[dict[str, Any]] = []  # tune part only: the kept part's answers are never written
    results = []
    with tempfile.TemporaryDirectory() as tmp, stage_cache() if args.ocr_stages else contextlib.nullcontext():
        work = args.work or Path(tmp)
        for fmt in args.formats:
            res = run_format(
                contexts,
                todo,
                fmt,
                args.modes,
                work / "run",
                misses,
                per_question,
                args.given_direct,
                args.pool_asked,
                args.dense,
            )
            results.append(res)
            print(f"== {fmt.value}: {res['files']} files, {len(res['failed_files'])} failed, seconds {res['seconds']}")
            for group, tally in res["groups"].items():
                print(f"  {group:<24} {tally}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=1, ensure_ascii=False), encoding="utf-8")
    if args.per_question:
        args.per_question.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in per_question))
    _show(misses, args.show_misses)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
