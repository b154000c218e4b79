"""Born-digital pages: the text-layer finder, the table models, and routing rules between them, per table.

    python bench/pdf_vision_routes.py [--suite icdar camelot tabula] [--limit N]   # read pages, then score
    python bench/pdf_vision_routes.py --cached                                      # score the last read again

Every page is read twice, `read_pdf(vision=never)` and `read_pdf(vision=always)`; each table keeps what the routing
may look at (finder, confidence, rows x columns, box) and its grid. The rules are then scored offline on the same
tables: each rule keeps a text-layer table or replaces it with the model tables that overlap it, and may fill a
page where the text layer found nothing. Metric: ICDAR-2013 cell-adjacency F1 (tablerag.eval.pdf_tables), macro
over documents, per suite. Seconds per page are wall time of each read (say that the machine was busy when it was).
Writes bench/out/pdf_vision_routes.json (the tables) and prints a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tablerag.eval.pdf_tables import SUITES, Grid, PageCase, aggregate  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
OUT = ROOT / "bench" / "out" / "pdf_vision_routes.json"
OVERLAP = 0.5  # a model table replaces a text-layer table when this share of the smaller box lies in both


@dataclass(slots=True)
class Found:
    """One table as a route produced it."""

    parser: str
    confidence: float | None
    rows: int
    cols: int
    box: tuple[float, float, float, float]
    grid: Grid


@dataclass(slots=True)
class PageRead:
    suite: str
    doc: str
    page: int
    text: list[Found]
    model: list[Found]
    never_s: float
    always_s: float


def _found(tables: list[Any]) -> list[Found]:
    out = []
    for t in tables:
        b = t.source.bbox
        box = (0.0, 0.0, 0.0, 0.0) if b is None else (b.x0, b.y0, b.x1, b.y1)
        out.append(Found(t.parser or "", t.confidence, t.n_rows, t.n_cols, box, t.grid()))
    return out


def read_cases(cases: list[PageCase]) -> list[PageRead]:
    from tablerag.parsing.pdf import PdfVision, read_pdf

    out = []
    for case in cases:
        t0 = time.perf_counter()
        never = read_pdf(case.pdf, "0" * 64, pages=[case.page], vision=PdfVision.NEVER)
        t1 = time.perf_counter()
        always = read_pdf(case.pdf, "0" * 64, pages=[case.page], vision=PdfVision.ALWAYS)
        t2 = time.perf_counter()
        out.append(
            PageRead(case.suite, case.doc, case.page, _found(never.tables), _found(always.tables), t1 - t0, t2 - t1)
        )
        print(f"{case.suite} {case.doc} p{case.page}: {len(never.tables)} / {len(always.tables)}", file=sys.stderr)
    return out


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    small = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
    return w * h / small if small > 0 else 0.0


Unsure = Callable[[Found], bool]  # a text-layer table the rule hands to the models


def route(page: PageRead, unsure: Unsure) -> list[Grid]:
    """A page's grids under a rule: each text-layer table kept, or (unsure) replaced by the model tables overlapping
    it; a page where the text layer found nothing takes what the models found (as `auto` does)."""
    model = [m for m in page.model if m.parser != "heuristic-image"]
    if not page.text:
        return [m.grid for m in page.model] if model else []
    out: list[Grid] = []
    taken: set[int] = set()
    for t in page.text:
        over = [i for i, m in enumerate(model) if _overlap(t.box, m.box) >= OVERLAP]
        if unsure(t) and over:
            out += [model[i].grid for i in over if i not in taken]
            taken.update(over)
        else:
            out.append(t.grid)
    return out


CONFIDENCES = (0.6, 0.7, 0.8)  # borderless confidence is 0.5 + 0.4 x its share of multi-column lines
COLUMN_LIMITS = (2, 3)  # narrow tables: a two-column list is where the borderless finder errs most
ROW_LIMITS = (3, 5)  # short tables: few rows to agree on columns, or rulings missing between rows
ROW_HEIGHTS_PT = (30.0, 60.0)  # rows this tall (two or more text lines at body size) may be merged rows
MULTI_LINE_SHARE = 0.5  # tables where most cells hold several lines may be merged rows too


def _stream(t: Found) -> bool:
    return t.parser == "pdf-stream"


def _row_height(t: Found) -> float:
    return (t.box[3] - t.box[1]) / max(t.rows, 1)


def _multi_line(t: Found) -> float:
    cells = [c for row in t.grid for c in row if c.strip()]
    return sum("\n" in c for c in cells) / max(len(cells), 1)


def _rule(unsure: Unsure) -> Callable[[PageRead], list[Grid]]:
    return lambda p: route(p, unsure)


def _at(test: Callable[[Found, float], bool], limit: float) -> Callable[[PageRead], list[Grid]]:
    """A rule whose test compares a table with `limit`."""
    return _rule(lambda t: test(t, limit))


RULES: dict[str, Callable[[PageRead], list[Grid]]] = {
    "never": lambda p: [t.grid for t in p.text],
    "always": lambda p: [m.grid for m in p.model],
    "auto (models where the text layer finds nothing)": _rule(lambda t: False),
    "every table to the models (where they overlap)": _rule(lambda t: True),
    "borderless tables to the models": _rule(_stream),
    "ruled tables to the models": _rule(lambda t: not _stream(t)),
    **{
        f"borderless, confidence < {c}": _at(lambda t, c: _stream(t) and (t.confidence or 0) < c, c)
        for c in CONFIDENCES
    },
    **{f"<= {k} columns": _at(lambda t, k: t.cols <= k, k) for k in COLUMN_LIMITS},
    **{f"<= {k} rows": _at(lambda t, k: t.rows <= k, k) for k in ROW_LIMITS},
    f"ruled, <= {ROW_LIMITS[0]} rows": _rule(lambda t: not _stream(t) and t.rows <= ROW_LIMITS[0]),
    **{f"rows taller than {h:g} pt": _at(lambda t, h: _row_height(t) > h, h) for h in ROW_HEIGHTS_PT},
    "most cells of several lines": _rule(lambda t: _multi_line(t) > MULTI_LINE_SHARE),
}


CHANGED = 0.005  # a document's F1 moved by more than this counts as up or down against `never`


def score(reads: list[PageRead], cases: dict[tuple[str, str, int], PageCase]) -> list[dict[str, Any]]:
    """Per suite and rule: macro / micro F1, the documents it lifts and lowers against `never`, the pages it sends
    to the models; then the seconds per page of each read."""
    rows: list[dict[str, Any]] = []
    for suite in sorted({r.suite for r in reads}):
        part = [r for r in reads if r.suite == suite]
        golds = [cases[(r.suite, r.doc, r.page)] for r in part]
        base = aggregate(golds, [RULES["never"](r) for r in part]).per_doc
        for name, rule in RULES.items():
            res = aggregate(golds, [rule(r) for r in part])
            moved = [res.per_doc[d].f1 - base[d].f1 for d in base]
            sent = sum(1 for r in part if rule(r) != RULES["never"](r))
            rows.append({"suite": suite, "rule": name, "pages": len(part), "f1": f"{res.macro_f1:.4f}",
                         "micro": f"{res.micro_f1:.4f}", "up": sum(m > CHANGED for m in moved),
                         "down": sum(m < -CHANGED for m in moved), "changed": sent})  # fmt: skip
        rows.append({"suite": suite, "rule": "seconds per page, never / always (wall)", "pages": len(part),
                     "f1": f"{sum(r.never_s for r in part) / len(part):.3f}",
                     "micro": f"{sum(r.always_s for r in part) / len(part):.3f}", "up": "", "down": "",
                     "changed": ""})  # fmt: skip
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--suite", nargs="+", default=["icdar", "camelot", "tabula"], choices=list(SUITES))
    ap.add_argument("--limit", type=int, default=None, help="at most N pages per suite")
    ap.add_argument("--cached", action="store_true", help="score the pages read by the last run")
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    cases = {(c.suite, c.doc, c.page): c for s in args.suite for c in SUITES[s](args.data)[: args.limit]}
    if args.cached:
        raw = json.loads(args.out.read_text(encoding="utf-8"))
        reads = [PageRead(**{**r, "text": [Found(**f) for f in r["text"]], "model": [Found(**f) for f in r["model"]]})
                 for r in raw if (r["suite"], r["doc"], r["page"]) in cases]  # fmt: skip
    else:
        reads = read_cases(list(cases.values()))
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps([asdict(r) for r in reads]), encoding="utf-8")
    print("| suite | rule | pages | F1 macro | F1 micro | documents up / down | pages changed |")
    print("|---|---|---|---|---|---|---|")
    for r in score(reads, cases):
        print(f"| {r['suite']} | {r['rule']} | {r['pages']} | {r['f1']} | {r['micro']} | {r['up']} / {r['down']} | "
              f"{r['changed']} |")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
