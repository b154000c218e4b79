"""PDF table extraction evaluation: loaders for the camelot, tabula-java and ICDAR-2013 suites and the
ICDAR-2013 cell-adjacency relations metric, scored over whole pages.

The extractor gets a whole page (no table areas, no column hints). Its predicted relations on that page are the
multiset union over every table it finds there; the gold relations are the union over every expected table of the
page. Precision, recall and F1 are computed per document, then averaged (macro); micro sums the counts.

Where a suite holds several valid segmentations of one page (camelot's lattice/stream/hybrid/network flavours and
option variants; ICDAR's ``a``/``b`` annotations) each is an *alternative* gold and a document is scored against the
one it matches best.

What is skipped (whole-page evaluation would be unfair or impossible):
- camelot cases restricted by ``table_areas`` / ``table_regions`` (gold covers only part of the page) and
  ``header_text`` / ``footer_text`` variants (same restriction by text anchors);
- camelot ``password`` cases (the encrypted PDF needs a password our reader does not take);
- camelot cases whose ``table_index`` > 0 has no sibling ``t0`` in the same variant (the gold misses a table);
- tabula cases with two areas (the gold is the page split in two halves and concatenated) and single-area cases
  whose area holds less than ``AREA_TEXT_SHARE`` of the page's words (the gold covers only part of the page).
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Grid = list[list[str]]
Relation = tuple[str, str, str]  # (direction "r"|"d", cell text, neighbour text)

AREA_TEXT_SHARE = 0.9  # a tabula area holding at least this share of the page's words stands for the whole page
SKIP_CAMELOT_KWARGS = frozenset(  # these restrict the gold to part of the page, or need a password
    {"table_areas", "table_regions", "header_text", "footer_text", "password"}
)
_MARKUP = re.compile(r"</?s>")  # camelot's flag_size superscript markup, not text of the document


@dataclass(slots=True)
class PageCase:
    """One page to evaluate: the PDF, its 1-based page, and alternative gold table sets (score the best)."""

    suite: str
    doc: str  # document key: metrics are aggregated per document
    pdf: Path
    page: int
    alternatives: list[list[Grid]] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)


def normalize_text(text: str) -> str:
    """Collapse all whitespace (``\\n``, ``\\r``, tabs included) to single spaces and strip; case is kept."""
    return " ".join(text.split())


def adjacency_relations(grid: Grid) -> Counter[Relation]:
    """ICDAR-2013 adjacency relations of a grid: each non-empty cell paired with the next non-empty cell to its
    right in its row and below it in its column (empty cells are skipped over)."""
    rels: Counter[Relation] = Counter()
    norm = [[normalize_text(c) for c in row] for row in grid]
    for row in norm:
        filled = [t for t in row if t]
        for a, b in zip(filled, filled[1:], strict=False):
            rels[("r", a, b)] += 1
    n_cols = max((len(r) for r in norm), default=0)
    for c in range(n_cols):
        filled = [r[c] for r in norm if c < len(r) and r[c]]
        for a, b in zip(filled, filled[1:], strict=False):
            rels[("d", a, b)] += 1
    return rels


def relations_of(grids: Iterable[Grid]) -> Counter[Relation]:
    total: Counter[Relation] = Counter()
    for g in grids:
        total.update(adjacency_relations(g))
    return total


@dataclass(slots=True)
class Score:
    tp: int
    n_pred: int
    n_gold: int

    @property
    def precision(self) -> float:
        return self.tp / self.n_pred if self.n_pred else (1.0 if not self.n_gold else 0.0)

    @property
    def recall(self) -> float:
        return self.tp / self.n_gold if self.n_gold else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def __add__(self, other: Score) -> Score:
        return Score(self.tp + other.tp, self.n_pred + other.n_pred, self.n_gold + other.n_gold)


def score_relations(pred: Counter[Relation], gold: Counter[Relation]) -> Score:
    tp = sum(min(n, gold[r]) for r, n in pred.items() if r in gold)
    return Score(tp, sum(pred.values()), sum(gold.values()))


def page_f1(pred: Iterable[Grid], gold: Iterable[Grid]) -> Score:
    """Score of the tables an extractor found on one page against the page's expected tables."""
    return score_relations(relations_of(pred), relations_of(gold))


def best_score(pred: Iterable[Grid], alternatives: list[list[Grid]]) -> tuple[Score, int]:
    """The best-matching alternative gold (by F1) and its index."""
    rel = relations_of(pred)
    scored = [score_relations(rel, relations_of(alt)) for alt in alternatives]
    best = max(range(len(scored)), key=lambda i: scored[i].f1)
    return scored[best], best


# ---------------------------------------------------------------------------------------------- camelot suite


def _clean_camelot(cells: Grid) -> Grid:
    return [[_MARKUP.sub("", c) for c in row] for row in cells]


def load_camelot(root: Path) -> list[PageCase]:
    """camelot's expected tables grouped by (pdf, page); each (flavour, kwargs) variant is one alternative."""
    variants: dict[tuple[str, str], dict[str, dict[int, Grid]]] = defaultdict(lambda: defaultdict(dict))
    for f in sorted((root / "expected").glob("*.json")):
        case = json.loads(f.read_text(encoding="utf-8"))
        if SKIP_CAMELOT_KWARGS & set(case["camelot_kwargs"]):
            continue
        page = str(case["page"])
        if not page.isdigit():
            continue
        stem = f.stem.split("__")
        variant = "__".join([stem[1]] + stem[3:])  # flavour + kwargs hash
        variants[(case["pdf"], page)][variant][int(case["table_index"])] = _clean_camelot(case["cells"])
    out: list[PageCase] = []
    for (pdf, page), by_variant in sorted(variants.items()):
        pc = PageCase("camelot", f"{pdf}#{page}", root / "files" / pdf, int(page))
        for name, tables in sorted(by_variant.items()):
            if 0 not in tables:
                continue  # gold misses the page's first table
            pc.alternatives.append([tables[i] for i in sorted(tables)])
            pc.labels.append(name)
        if pc.alternatives:
            out.append(pc)
    return out


# ---------------------------------------------------------------------------------------------- tabula suite


def _tabula_grids(root: Path, case: dict[str, object]) -> list[Grid]:
    ej = case.get("expected_json")
    if isinstance(ej, str):
        data = json.loads((root / ej).read_text(encoding="utf-8"))
        tables = data if isinstance(data, list) else [data]
        return [[[str(c.get("text", "")) for c in row] for row in t["data"]] for t in tables]
    cells = case.get("cells") or case.get("cells_from_csv") or []
    assert isinstance(cells, list)
    return [[[str(c) for c in row] for row in cells]]


def _area_text_share(pdf: Path, page: int, area: list[float]) -> float:
    import pymupdf

    fitz: Any = pymupdf  # untyped library
    with fitz.open(pdf) as doc:
        words: list[tuple[Any, ...]] = doc[page - 1].get_text("words")
    if not words:
        return 0.0
    top, left, bottom, right = area
    inside = sum(left <= (w[0] + w[2]) / 2 <= right and top <= (w[1] + w[3]) / 2 <= bottom for w in words)
    return float(inside) / len(words)


def load_tabula(root: Path) -> list[PageCase]:
    """tabula-java's expected tables grouped by (pdf, page), whole-page-comparable cases only."""
    pages: dict[tuple[str, int], PageCase] = {}
    for f in sorted((root / "expected").glob("*.json")):
        case = json.loads(f.read_text(encoding="utf-8"))
        area = case.get("area_top_left_bottom_right")
        pdf = (root / case["pdf"]).resolve()
        page = int(case["page"])
        if area is not None:
            if not isinstance(area[0], int | float):
                continue  # several areas: the gold is the page cut in pieces
            if _area_text_share(pdf, page, [float(a) for a in area]) < AREA_TEXT_SHARE:
                continue
        key = (str(pdf), page)
        pc = pages.setdefault(key, PageCase("tabula", f"{pdf.name}#{page}", pdf, page))
        pc.alternatives.append(_tabula_grids(root, case))
        pc.labels.append(f.stem)
    return [pages[k] for k in sorted(pages)]


# ---------------------------------------------------------------------------------------------- ICDAR-2013


def _icdar_tables(xml: Path) -> dict[int, list[Grid]]:
    """Grids per 1-based page from one ``-str.xml``; a spanning cell's text sits in its top-left slot."""
    per_page: dict[int, list[Grid]] = defaultdict(list)
    for region in ET.parse(xml).iter("region"):
        cells = []
        for cell in region.iter("cell"):
            r0, c0 = int(cell.get("start-row", 0)), int(cell.get("start-col", 0))
            content = cell.find("content")
            text = content.text if content is not None and content.text else ""
            cells.append((r0, c0, text))
        if not cells:
            continue
        rmin, cmin = min(c[0] for c in cells), min(c[1] for c in cells)
        n_rows = max(c[0] for c in cells) - rmin + 1
        n_cols = max(c[1] for c in cells) - cmin + 1
        grid = [["" for _ in range(n_cols)] for _ in range(n_rows)]
        for r, c, text in cells:
            grid[r - rmin][c - cmin] = text
        per_page[int(region.get("page", 1))].append(grid)
    return per_page


def load_icdar(root: Path) -> list[PageCase]:
    """ICDAR-2013 structure ground truth: one case per (document, page) with tables; ``b`` files are alternatives
    of the ``a`` document's pages."""
    cases: dict[tuple[str, int], PageCase] = {}
    for xml in sorted(root.glob("competition-dataset-*/*-str.xml")):
        stem = xml.name[: -len("-str.xml")]
        base = re.sub(r"[ab]$", "", stem)
        pdf_stem = base + "a" if stem != base else stem
        pdf = xml.with_name(pdf_stem + ".pdf")
        if not pdf.exists():
            continue
        for page, grids in sorted(_icdar_tables(xml).items()):
            pc = cases.setdefault((pdf_stem, page), PageCase("icdar", pdf_stem, pdf, page))
            pc.alternatives.append(grids)
            pc.labels.append(stem)
    return [cases[k] for k in sorted(cases)]


SUITES: dict[str, Callable[[Path], list[PageCase]]] = {
    "camelot": lambda data: load_camelot(data / "camelot"),
    "tabula": lambda data: load_tabula(data / "tabula-java"),
    "icdar": lambda data: load_icdar(data / "icdar2013"),
}


# ---------------------------------------------------------------------------------------------- aggregation


@dataclass(slots=True)
class SuiteResult:
    macro_f1: float
    micro_f1: float
    macro_precision: float
    macro_recall: float
    per_doc: dict[str, Score]


def aggregate(cases: list[PageCase], predictions: list[list[Grid]]) -> SuiteResult:
    """Per-document scores (each page against its best alternative gold, pages of a document summed), then the
    macro average over documents and the micro score over all relations.

    Within a document, the alternative is chosen per page; ICDAR ``a``/``b`` alternatives are thus compared page by
    page, which equals choosing per document for the single-page ``a``/``b`` documents of the dataset."""
    per_doc: dict[str, Score] = {}
    for case, pred in zip(cases, predictions, strict=True):
        s, _ = best_score(pred, case.alternatives)
        per_doc[case.doc] = per_doc[case.doc] + s if case.doc in per_doc else s
    docs = list(per_doc.values())
    n = max(len(docs), 1)
    micro = sum(docs, Score(0, 0, 0))
    return SuiteResult(
        macro_f1=sum(d.f1 for d in docs) / n,
        micro_f1=micro.f1,
        macro_precision=sum(d.precision for d in docs) / n,
        macro_recall=sum(d.recall for d in docs) / n,
        per_doc=per_doc,
    )
