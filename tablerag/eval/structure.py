"""Table structure evaluation with GriTS (`tablerag eval structure`).

Suites:
- ICDAR-2013 (`icdar2013/`): gold cells from `-str.xml` (PDF points, origin bottom-left, flipped here). Paths:
  `text` — the PDF text-layer reader (`read_pdf`); `oracle` — TATR-style objects built from the gold cell boxes,
  through our TATR post-processing, words from the text layer (proves the grid code without model weights);
  `image` — the page rendered at 150 dpi, damaged like a scan (blur, noise, JPEG, 1 degree skew), then deskew + OCR +
  the vision path (heuristics, or TATR when asked and its weights are present).
- PubTabNet crops (`pubtabnet/examples`): gold grids from the structure tokens; path `image` only.

Predicted tables are matched one to one with gold tables of the page by box overlap (greedy, best IoU first); a gold
table without a match scores 0. Reported: mean GriTS_Top / GriTS_Con over gold tables, the share reproduced exactly
(topology; topology and text), and counts.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from html import escape
from pathlib import Path
from typing import Any

from tablerag._lazy import need
from tablerag.eval.grits import GridSpec, exact, grits, spec_from_cells, spec_from_table
from tablerag.eval.pdf_tables import best_score
from tablerag.model import BBox, Table
from tablerag.parsing.onnx_models import one_thread_unless_set

EVAL_DPI = 150  # damaged-scan resolution: the low end of office scanning, where the image path must still hold
MIN_MATCH_IOU = 0.1  # a predicted table overlapping a gold one less than this is a different table
PUBTABNET_DPI = 72  # PubTabNet crops hold ~9 px text: read as 72 dpi so point-based thresholds see 9 pt text
_TAGS = re.compile(r"</?[a-z]+>")

CellTuple = tuple[int, int, int, int, str, BBox]


class Path_(StrEnum):
    TEXT = "text"
    ORACLE = "oracle"
    IMAGE = "image"


@dataclass(slots=True)
class GoldTable:
    cells: list[CellTuple]
    box: BBox

    @property
    def spec(self) -> GridSpec:
        n_rows = max(c[0] + c[2] for c in self.cells)
        n_cols = max(c[1] + c[3] for c in self.cells)
        return spec_from_cells([(r, c, rs, cs, t) for r, c, rs, cs, t, _ in self.cells], n_rows, n_cols)


@dataclass(slots=True)
class GoldPage:
    doc: str
    source: Path
    page: int
    alternatives: list[list[GoldTable]] = field(default_factory=list)


@dataclass(slots=True)
class Pred:
    spec: GridSpec
    box: BBox


@dataclass(slots=True)
class Tally:
    top: list[float] = field(default_factory=list)
    con: list[float] = field(default_factory=list)
    exact_top: int = 0
    exact_all: int = 0
    extra: int = 0  # predicted tables matching no gold table

    def summary(self) -> dict[str, float]:
        n = max(len(self.top), 1)
        return {
            "tables": len(self.top),
            "grits_top": round(sum(self.top) / n, 4),
            "grits_con": round(sum(self.con) / n, 4),
            "exact_topology": round(self.exact_top / n, 4),
            "exact": round(self.exact_all / n, 4),
            "unmatched_predictions": self.extra,
        }


def _num(text: str) -> float:
    """A coordinate; the ground truth has a few typos such as '26ß' (the digits are kept)."""
    m = re.match(r"-?\d+(?:\.\d+)?", text.strip())
    return float(m.group(0)) if m else 0.0


def _box_of(el: ET.Element, page_height: float) -> BBox:
    bb = el.find("bounding-box")
    assert bb is not None
    x1, y1, x2, y2 = (_num(bb.get(k, "0")) for k in ("x1", "y1", "x2", "y2"))
    return BBox(min(x1, x2), page_height - max(y1, y2), max(x1, x2), page_height - min(y1, y2))


def _icdar_region(region: ET.Element, page_height: float) -> GoldTable | None:
    cells: list[CellTuple] = []
    for cell in region.iter("cell"):
        r0, c0 = int(cell.get("start-row", 0)), int(cell.get("start-col", 0))
        r1, c1 = int(cell.get("end-row", r0)), int(cell.get("end-col", c0))
        content = cell.find("content")
        text = content.text if content is not None and content.text else ""
        cells.append((r0, c0, r1 - r0 + 1, c1 - c0 + 1, " ".join(text.split()), _box_of(cell, page_height)))
    if not cells:
        return None
    rmin, cmin = min(c[0] for c in cells), min(c[1] for c in cells)
    cells = [(r - rmin, c - cmin, rs, cs, t, b) for r, c, rs, cs, t, b in cells]
    box = cells[0][5]
    for c in cells[1:]:
        box = box.union(c[5])
    return GoldTable(cells, box)


def load_icdar(root: Path, stem: str = "*") -> list[GoldPage]:
    """Gold tables per (document, page); `b` annotation files are alternatives for the `a` document. `stem` (a glob
    such as "eu-001*") limits the documents."""
    import pymupdf

    fitz: Any = pymupdf  # untyped library
    pages: dict[tuple[str, int], GoldPage] = {}
    for xml in sorted(root.glob(f"competition-dataset-*/{stem}-str.xml")):
        stem = xml.name[: -len("-str.xml")]
        pdf = xml.with_name(re.sub(r"b$", "a", stem) + ".pdf")
        if not pdf.exists():
            continue
        with fitz.open(pdf) as doc:
            heights = [p.rect.height for p in doc]
        per_page: dict[int, list[GoldTable]] = {}
        for region in ET.parse(xml).iter("region"):
            page = int(region.get("page", 1))
            table = _icdar_region(region, heights[page - 1])
            if table is not None:
                per_page.setdefault(page, []).append(table)
        for page, tables in per_page.items():
            gp = pages.setdefault((pdf.stem, page), GoldPage(pdf.stem, pdf, page))
            gp.alternatives.append(tables)
    return [pages[k] for k in sorted(pages)]


def _html_cells(structure: list[str], cells: list[dict[str, Any]]) -> list[CellTuple]:
    """PubTabNet structure tokens + cell contents -> cells with spans (rowspans tracked across rows)."""
    out: list[CellTuple] = []
    occupied: set[tuple[int, int]] = set()
    row, col, k, i = -1, 0, 0, 0
    while i < len(structure):
        tok = structure[i]
        if tok == "<tr>":
            row, col = row + 1, 0
        elif tok in ("<td>", "<td"):
            rs = cs = 1
            if tok == "<td":
                while structure[i] != ">":
                    i += 1
                    m = re.search(r'(rowspan|colspan)="(\d+)"', structure[i])
                    if m:
                        rs, cs = (int(m.group(2)), cs) if m.group(1) == "rowspan" else (rs, int(m.group(2)))
            while (row, col) in occupied:
                col += 1
            text = _TAGS.sub("", "".join(cells[k].get("tokens", []))) if k < len(cells) else ""
            out.append((row, col, rs, cs, " ".join(text.split()), BBox(0, 0, 0, 0)))
            occupied |= {(r, c) for r in range(row, row + rs) for c in range(col, col + cs)}
            k, col = k + 1, col + cs
        i += 1
    return out


def load_pubtabnet(root: Path) -> list[GoldPage]:
    from PIL import Image

    out: list[GoldPage] = []
    for line in (root / "examples" / "PubTabNet_Examples.jsonl").read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        cells = _html_cells(rec["html"]["structure"]["tokens"], rec["html"]["cells"])
        img = root / "examples" / rec["filename"]
        with Image.open(img) as im:
            w, h = im.size
        gp = GoldPage(rec["filename"], img, 1)
        gp.alternatives.append([GoldTable(cells, BBox(0, 0, w * 72 / PUBTABNET_DPI, h * 72 / PUBTABNET_DPI))])
        out.append(gp)
    return out


def _iou(a: BBox, b: BBox) -> float:
    return a.iou(b)


def score_page(gold: list[GoldTable], preds: list[Pred], tally: Tally | None = None) -> Tally:
    """Match predictions to gold tables (greedy by IoU) and add their GriTS to a tally."""
    t = tally if tally is not None else Tally()
    pairs = sorted(
        ((_iou(g.box, p.box), gi, pi) for gi, g in enumerate(gold) for pi, p in enumerate(preds)), reverse=True
    )
    used_g: dict[int, int] = {}
    used_p: set[int] = set()
    for iou, gi, pi in pairs:
        if iou >= MIN_MATCH_IOU and gi not in used_g and pi not in used_p:
            used_g[gi] = pi
            used_p.add(pi)
    for gi, g in enumerate(gold):
        gs = g.spec
        if gi not in used_g:
            t.top.append(0.0)
            t.con.append(0.0)
            continue
        ps = preds[used_g[gi]].spec
        s = grits(gs, ps)
        t.top.append(s.top)
        t.con.append(s.con)
        t.exact_top += exact(gs, ps, content=False)
        t.exact_all += exact(gs, ps)
    t.extra += len(preds) - len(used_p)
    return t


def best_alternative(page: GoldPage, preds: list[Pred]) -> Tally:
    """The page scored against the gold alternative it matches best (by summed GriTS_Top)."""
    tallies = [score_page(alt, preds) for alt in page.alternatives]
    return max(tallies, key=lambda t: sum(t.top))


def merge(into: Tally, other: Tally) -> None:
    into.top += other.top
    into.con += other.con
    into.exact_top += other.exact_top
    into.exact_all += other.exact_all
    into.extra += other.extra


def preds_from_tables(tables: list[Table], pixels: float | None = None) -> list[Pred]:
    """Predictions from core-model tables; `pixels` = pixels per point when their boxes are image pixels."""
    out: list[Pred] = []
    for t in tables:
        b = t.source.bbox
        box = BBox(0, 0, 1e9, 1e9) if b is None else BBox(b.x0, b.y0, b.x1, b.y1)
        if pixels and b is not None:
            box = BBox(b.x0 / pixels, b.y0 / pixels, b.x1 / pixels, b.y1 / pixels)
        out.append(Pred(spec_from_table(t), box))
    return out


Predictor = Callable[[GoldPage], list[Pred]]


def grid_of(spec: GridSpec) -> list[list[str]]:
    """Slots as text rows, a spanning cell's text in its top-left slot only (the ICDAR-2013 adjacency convention)."""
    return [
        [t if topo[0] == 0 and topo[1] == 0 else "" for topo, t in zip(trow, crow, strict=True)]
        for trow, crow in zip(spec.topology, spec.content, strict=True)
    ]


@dataclass(slots=True)
class Adjacency:
    """ICDAR-2013 cell-adjacency relations over whole pages, summed per document (macro F1 over documents)."""

    per_doc: dict[str, Any] = field(default_factory=dict)

    def add(self, page: GoldPage, preds: list[Pred]) -> None:

        alts = [[grid_of(g.spec) for g in alt] for alt in page.alternatives]
        score, _ = best_score([grid_of(p.spec) for p in preds], alts)
        old = self.per_doc.get(page.doc)
        self.per_doc[page.doc] = score if old is None else old + score

    def summary(self) -> dict[str, float]:
        scores = list(self.per_doc.values())
        if not scores:
            return {"adjacency_f1": 0.0, "adjacency_f1_micro": 0.0}
        micro = scores[0]
        for sc in scores[1:]:
            micro = micro + sc
        return {
            "adjacency_f1": round(sum(sc.f1 for sc in scores) / len(scores), 4),
            "adjacency_f1_micro": round(micro.f1, 4),
        }


Subsets = Callable[[GoldPage], list[str]]
TEDS_IGNORED = ("thead", "tbody")  # our tables mark header rows apart from HTML: both sides are compared without them


def html_of(spec: GridSpec) -> str:
    """A grid as the HTML table TEDS compares: one `<td>` per cell at its top-left slot, with its spans."""
    rows = []
    for trow, crow in zip(spec.topology, spec.content, strict=True):
        tds = []
        for (x0, y0, x1, y1), text in zip(trow, crow, strict=True):
            if x0 == 0 and y0 == 0:
                span = (f' rowspan="{y1}"' if y1 > 1 else "") + (f' colspan="{x1}"' if x1 > 1 else "")
                tds.append(f"<td{span}>{escape(text)}</td>")
        rows.append("<tr>" + "".join(tds) + "</tr>")
    return "<html><body><table>" + "".join(rows) + "</table></body></html>"


def teds(gold: GridSpec, pred: GridSpec | None) -> tuple[float, float]:
    """TEDS (structure and cell text) and TEDS-Struct (structure alone) of a predicted table against the gold one,
    by the `table-recognition-metric` package (tree edit distance on the HTML); no prediction scores 0."""
    if pred is None:
        return 0.0, 0.0
    metric = need("table_recognition_metric", "bench")
    a, b = html_of(pred), html_of(gold)
    full = metric.TEDS(structure_only=False, ignore_nodes=TEDS_IGNORED)(a, b)
    struct = metric.TEDS(structure_only=True, ignore_nodes=TEDS_IGNORED)(a, b)
    return float(full), float(struct)


def cpu_seconds() -> float:
    """CPU seconds used so far by this process and its finished children (user + system): on a shared machine a
    fairer cost than wall-clock time."""
    import resource

    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


PageRun = tuple[list["Pred"], float, float, str | None]  # predictions, wall s, CPU s, the error when it failed


def predict_page(predict: Predictor, gp: GoldPage) -> PageRun:
    """One page through a predictor, timed (wall, and CPU of this process and its children); a failure is kept as
    its message, not raised (one bad page is reported, the run goes on)."""
    import time

    t0, c0 = time.perf_counter(), cpu_seconds()
    try:
        preds, err = predict(gp), None
    except Exception as exc:
        preds, err = [], f"{gp.doc} p{gp.page}: {type(exc).__name__}: {exc}"
    return preds, time.perf_counter() - t0, cpu_seconds() - c0, err


def predict_pages(
    pages: list[GoldPage], predict: Predictor, workers: int, progress: Callable[[str], None] | None = None
) -> tuple[list[PageRun], float]:
    """Every page's run and the wall seconds of all of them: one page at a time in this process, or `workers`
    processes taking pages in turn, each with one onnxruntime thread per session (its models loaded once, reused)."""
    import time

    t0 = time.perf_counter()
    if workers <= 1:
        runs = []
        for gp in pages:
            runs.append(predict_page(predict, gp))
            if progress is not None:
                progress(f"{gp.doc} p{gp.page}")
        return runs, time.perf_counter() - t0
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from functools import partial

    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=ctx, initializer=one_thread_unless_set) as pool:
        runs = list(pool.map(partial(predict_page, predict), pages))
    return runs, time.perf_counter() - t0


def run(
    pages: list[GoldPage],
    predict: Predictor,
    progress: Callable[[str], None] | None = None,
    subsets: Subsets | None = None,
    with_teds: bool = False,
    workers: int = 1,
) -> dict[str, Any]:
    """GriTS per gold table and cell-adjacency F1 per document, overall and per subset of pages; wall and CPU seconds
    per page (`workers` > 1: pages in that many processes at once, so wall s/page is the run's wall time over its
    pages); `with_teds` (one gold table per page, e.g. PubTabNet crops): TEDS and TEDS-Struct of the first
    prediction too."""
    total, adj = Tally(), Adjacency()
    parts: dict[str, tuple[Tally, Adjacency]] = {}
    errors: list[str] = []
    per_page: list[dict[str, Any]] = []
    teds_full: list[float] = []
    teds_struct: list[float] = []
    runs, wall = predict_pages(pages, predict, workers, progress)
    for gp, (preds, page_wall, page_cpu, err) in zip(pages, runs, strict=True):
        if err is not None:
            errors.append(err)
        tally = best_alternative(gp, preds)
        merge(total, tally)
        adj.add(gp, preds)
        page_adj = Adjacency()
        page_adj.add(gp, preds)
        per_page.append(
            {
                "page": f"{gp.doc} p{gp.page}",
                **page_adj.summary(),
                "grits_top": tally.summary()["grits_top"],
                "wall_s": round(page_wall, 2),
                "cpu_s": round(page_cpu, 2),
            }
        )
        if with_teds:
            full, struct = teds(gp.alternatives[0][0].spec, preds[0].spec if preds else None)
            teds_full.append(full)
            teds_struct.append(struct)
            per_page[-1].update(teds=round(full, 4), teds_struct=round(struct, 4))
        for name in subsets(gp) if subsets else []:
            pt, pa = parts.setdefault(name, (Tally(), Adjacency()))
            merge(pt, tally)
            pa.add(gp, preds)
    n = max(len(pages), 1)
    out: dict[str, Any] = {**total.summary(), **adj.summary(), "pages": len(pages), "workers": workers}
    out["seconds_per_page"] = round(wall / n, 3)  # wall time of the whole run over its pages
    out["cpu_seconds_per_page"] = round(sum(r[2] for r in runs) / n, 3)  # the predicting processes and children
    if with_teds:
        out["teds"] = round(sum(teds_full) / max(len(teds_full), 1), 4)
        out["teds_struct"] = round(sum(teds_struct) / max(len(teds_struct), 1), 4)
    out["per_page"] = per_page
    if parts:
        out["subsets"] = {k: {**t.summary(), **a.summary()} for k, (t, a) in sorted(parts.items())}
    out["errors"] = errors
    return out


def spread(pages: list[GoldPage], limit: int | None, offset: float = 0.0) -> list[GoldPage]:
    """`limit` pages evenly spread over the suite (every document family represented), or all of them; `offset`
    (a share of the spacing, 0 <= offset < 1) moves every pick later, so 0.5 picks the pages between 0's picks."""
    if limit is None or limit >= len(pages):
        return pages
    step = len(pages) / limit
    return [pages[int((i + offset) * step)] for i in range(limit)]


def iter_limit(pages: list[GoldPage], limit: int | None) -> Iterator[GoldPage]:
    yield from pages if limit is None else pages[:limit]
