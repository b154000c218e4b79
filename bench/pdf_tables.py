"""Whole-page PDF table extraction benchmark: our extractor against camelot, pdfplumber and PyMuPDF.

    python bench/pdf_tables.py [--suite camelot|tabula|icdar|all] [--limit N] [--tools ours,camelot-hybrid,...]
    python bench/pdf_tables.py --smoke      # ours on 3 pages of each suite (CI: must run, no timing asserted)
    python bench/pdf_tables.py --tools ours --vision never always auto   # ours by each route through the models

Metric: ICDAR-2013 cell-adjacency relations F1 (see tablerag.eval.pdf_tables), macro over documents and micro.
Every tool gets the same whole pages, no table areas. Timing covers extraction only (imports and a warm-up call
are excluded). Writes bench/out/pdf_tables.json and prints a Markdown table.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tablerag.eval.pdf_tables import SUITES, Grid, PageCase, aggregate  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
OUT = ROOT / "bench" / "out" / "pdf_tables.json"
ALL_TOOLS = [
    "ours",
    "camelot-lattice",
    "camelot-stream",
    "camelot-hybrid",
    "camelot-network",
    "pdfplumber",
    "pymupdf",
]
SMOKE_PAGES = 3  # pages per suite in --smoke: enough to exercise every code path cheaply

Extractor = Callable[[Path, int], list[Grid]]


def _ours(vision: str = "never") -> Extractor:
    """Our reader; `vision`: its route through the table models (never | always | auto, PdfVision)."""
    from tablerag.model import sha256_file
    from tablerag.parsing.pdf import PdfVision, read_pdf

    route = PdfVision(vision)

    shas: dict[Path, str] = {}

    def run(pdf: Path, page: int) -> list[Grid]:
        sha = shas.get(pdf) or shas.setdefault(pdf, sha256_file(pdf))
        return [t.grid() for t in read_pdf(pdf, sha, pages=[page], vision=route).tables]

    def prepare(pdfs: list[Path]) -> None:  # hashing is the dispatcher's job, not extraction: not timed
        for pdf in pdfs:
            shas.setdefault(pdf, sha256_file(pdf))

    run.prepare = prepare  # type: ignore[attr-defined]
    return run


def _camelot(flavor: str) -> Extractor:
    import camelot as camelot_mod

    camelot: Any = camelot_mod  # untyped bench extra

    def run(pdf: Path, page: int) -> list[Grid]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tables = camelot.read_pdf(str(pdf), pages=str(page), flavor=flavor)
        return [[[str(c) for c in row] for row in t.df.values.tolist()] for t in tables]

    return run


def _pdfplumber() -> Extractor:
    import pdfplumber

    def run(pdf: Path, page: int) -> list[Grid]:
        with pdfplumber.open(pdf) as doc:
            tables = doc.pages[page - 1].extract_tables()
        return [[[c or "" for c in row] for row in t] for t in tables]

    return run


def _pymupdf() -> Extractor:
    import pymupdf

    fitz: Any = pymupdf  # untyped library

    def run(pdf: Path, page: int) -> list[Grid]:
        with fitz.open(pdf) as doc:
            found = doc[page - 1].find_tables()
            return [[[c or "" for c in row] for row in t.extract()] for t in found.tables]

    return run


def _quiet_mupdf() -> None:
    """MuPDF prints repair warnings for damaged test PDFs to stdout, which holds the Markdown table."""
    import pymupdf

    fitz: Any = pymupdf
    fitz.TOOLS.mupdf_display_errors(False)
    fitz.TOOLS.mupdf_display_warnings(False)


def make_tool(name: str) -> Extractor:
    _quiet_mupdf()
    if name == "ours":
        return _ours()
    if name.startswith("ours-vision-"):  # ours by a named route through the models (--vision)
        return _ours(name.removeprefix("ours-vision-"))
    if name.startswith("camelot-"):
        return _camelot(name.split("-", 1)[1])
    if name == "pdfplumber":
        return _pdfplumber()
    if name == "pymupdf":
        return _pymupdf()
    raise SystemExit(f"unknown tool {name!r}; choose from {', '.join(ALL_TOOLS)}")


def run_tool(tool: Extractor, cases: list[PageCase]) -> tuple[list[list[Grid]], float, float, list[str]]:
    """Predictions per case, wall and CPU seconds spent extracting, and the errors (as data: the run goes on).
    CPU time (this process) stays meaningful when other work shares the machine; wall time is what a user sees."""
    preds: list[list[Grid]] = []
    errors: list[str] = []
    prepare = getattr(tool, "prepare", None)
    if prepare is not None:
        prepare([c.pdf for c in cases])
    if cases:
        with contextlib.suppress(Exception):  # the timed loop records failures
            tool(cases[0].pdf, cases[0].page)  # warm-up: lazy imports inside the tool are not timed
    spent = cpu = 0.0
    for case in cases:
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            grids = tool(case.pdf, case.page)
        except Exception as exc:  # noqa: BLE001 - a failing page scores zero, the run goes on
            grids = []
            errors.append(f"{case.pdf.name}#{case.page}: {type(exc).__name__}: {exc}")
        spent += time.perf_counter() - t0
        cpu += time.process_time() - c0
        preds.append(grids)
    return preds, spent, cpu, errors


_WORKER: dict[str, Extractor] = {}


def _unused(pdf: Path, page: int) -> list[Grid]:  # placeholder: with --jobs the tools live in the workers
    raise AssertionError("not called")


def _init_worker(name: str, cases: list[tuple[Path, int]]) -> None:
    tool = make_tool(name)
    prepare = getattr(tool, "prepare", None)
    if prepare is not None:
        prepare(sorted({pdf for pdf, _ in cases}))
    with contextlib.suppress(Exception):
        tool(*cases[0])  # warm-up
    _WORKER["tool"] = tool


def _ready(_: int) -> None:
    time.sleep(0.05)


def _work(case: tuple[Path, int]) -> tuple[list[Grid], float, str | None]:
    c0 = time.process_time()
    try:
        grids, err = _WORKER["tool"](*case), None
    except Exception as exc:  # noqa: BLE001 - a failing page scores zero, the run goes on
        grids, err = [], f"{case[0].name}#{case[1]}: {type(exc).__name__}: {exc}"
    return grids, time.process_time() - c0, err


def run_parallel(name: str, cases: list[PageCase], jobs: int) -> tuple[list[list[Grid]], float, float, list[str]]:
    """Like run_tool, over `jobs` worker processes (page-level parallelism, as a batch ingestion would run).
    Wall time covers the pages only (workers are started and warmed up before the clock starts)."""
    import multiprocessing

    args = [(c.pdf, c.page) for c in cases]
    with multiprocessing.get_context("spawn").Pool(jobs, initializer=_init_worker, initargs=(name, args)) as pool:
        pool.map(_ready, range(jobs * 4))
        t0 = time.perf_counter()
        out = pool.map(_work, args, chunksize=1)
        spent = time.perf_counter() - t0
    return [o[0] for o in out], spent, sum(o[1] for o in out), [o[2] for o in out if o[2]]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--suite", default="all", choices=[*SUITES, "all"])
    ap.add_argument("--limit", type=int, default=None, help="at most N pages per suite")
    ap.add_argument("--tools", default=",".join(ALL_TOOLS))
    ap.add_argument("--smoke", action="store_true", help="ours on 3 pages of each suite")
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes per tool (page-level parallelism)")
    ap.add_argument("--per-doc", action="store_true", help="print each document's F1 for every tool")
    ap.add_argument(
        "--vision",
        nargs="+",
        default=[],
        choices=["never", "always", "auto"],
        help="run `ours` once per route through the table models (default: the configured one)",
    )
    args = ap.parse_args(argv)
    tools = ["ours"] if args.smoke else [t.strip() for t in args.tools.split(",") if t.strip()]
    if args.vision and "ours" in tools:
        at = tools.index("ours")
        tools[at : at + 1] = [f"ours-vision-{v}" for v in args.vision]
    limit = SMOKE_PAGES if args.smoke else args.limit
    suites = list(SUITES) if args.suite == "all" else [args.suite]
    extractors = {t: make_tool(t) for t in tools} if args.jobs == 1 else dict.fromkeys(tools, _unused)
    results: list[dict[str, object]] = []
    for suite in suites:
        cases = SUITES[suite](args.data)[:limit]
        for name, tool in extractors.items():
            if args.jobs > 1:
                preds, spent, cpu, errors = run_parallel(name, cases, args.jobs)
            else:
                preds, spent, cpu, errors = run_tool(tool, cases)
            res = aggregate(cases, preds)
            row = {
                "suite": suite,
                "tool": name if args.jobs == 1 else f"{name} x{args.jobs}",
                "pages": len(cases),
                "docs": len(res.per_doc),
                "macro_f1": round(res.macro_f1, 4),
                "micro_f1": round(res.micro_f1, 4),
                "macro_precision": round(res.macro_precision, 4),
                "macro_recall": round(res.macro_recall, 4),
                "seconds": round(spent, 3),
                "pages_per_s": round(len(cases) / spent, 1) if spent else None,
                "cpu_seconds": round(cpu, 3),
                "pages_per_cpu_s": round(len(cases) / cpu, 1) if cpu else None,
                "errors": errors,
                "per_doc_f1": {d: round(s.f1, 4) for d, s in res.per_doc.items()},
            }
            results.append(row)
            print(
                f"{suite:8s} {name:16s} F1 {res.macro_f1:.3f}/{res.micro_f1:.3f} {row['pages_per_s']} p/s",
                file=sys.stderr,
            )
            if args.per_doc:
                for d, s in res.per_doc.items():
                    print(f"    {s.f1:.3f} P{s.precision:.2f} R{s.recall:.2f} {d}", file=sys.stderr)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=1), encoding="utf-8")
    print("| suite | tool | pages | F1 macro | F1 micro | P macro | R macro | pages/s | pages/CPU-s | errors |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        print(
            f"| {r['suite']} | {r['tool']} | {r['pages']} | {r['macro_f1']:.3f} | {r['micro_f1']:.3f} | "
            f"{r['macro_precision']:.3f} | {r['macro_recall']:.3f} | {r['pages_per_s']} | {r['pages_per_cpu_s']} | "
            f"{len(r['errors'])} |"  # type: ignore[arg-type]
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
