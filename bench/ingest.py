"""Ingestion as the user waits for it: pages/s, records/s and rows/s end to end (parse, decompose, embed, commit,
BM25), with the wall time spent in each stage and the CPU seconds of this process and its children.

Corpora (made here, kept under bench/out/ingest-corpus):
- `born`: TAT-QA dev contexts typeset as one-page born-digital PDF reports (paragraphs, then the table);
- `scans`: the same reports rendered to 200-dpi PNG images (OCR, the default scan path);
- `xlsx`: the real StatCan workbooks of ../shared/data/hitab-statcan-xlsx and one big generated workbook.

    python bench/ingest.py [--pages 40] [--scans 6] [--big-rows 20000] [--parts born scans xlsx] [--smoke]

Wall figures depend on the machine's load; CPU seconds (user + system, this process and every child: the reader
process, OCR workers, tesseract) are less affected by other users of a shared machine. Stage times are wall seconds
inside each stage; once stages overlap (pipelining) they add up to more than the wall time.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "data"
OUT = REPO / "bench" / "out" / "ingest.json"
CORPUS = REPO / "bench" / "out" / "ingest-corpus"
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("OMP_THREAD_LIMIT", "1")

SCAN_DPI = 200  # what an office scanner produces for reports
BIG_COLS = 8  # the generated workbook: a year column, a label and six measures


def _descendants_cpu() -> float:
    """CPU seconds of every live descendant process (user + system, with their reaped children), from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    children: dict[int, list[int]] = {}
    stats: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(entry.name), int(fields[1])
        children.setdefault(ppid, []).append(pid)
        stats[pid] = sum(int(f) for f in fields[11:15]) / tick  # utime stime cutime cstime
    total, todo = 0.0, list(children.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        total += stats.get(pid, 0.0)
        todo.extend(children.get(pid, []))
    return total


def cpu_seconds() -> float:
    """This process (all threads), its reaped children and its live descendants."""
    reaped = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + reaped.ru_utime + reaped.ru_stime + _descendants_cpu()


class Stages:
    """Wall seconds inside each stage (threads add up), and counts."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.counts: dict[str, int] = {}
        self._lock = threading.Lock()

    def add(self, stage: str, seconds: float, count: int = 0) -> None:
        with self._lock:
            self.seconds[stage] = self.seconds.get(stage, 0.0) + seconds
            self.counts[stage] = self.counts.get(stage, 0) + count

    def timed(self, stage: str, fn: Any, count: Any = None) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                self.add(stage, time.perf_counter() - t0, count(*args, **kwargs) if count else 0)

        return wrapper


class TimedEmbedder:
    """The embedder with its encode timed and the texts it was given counted."""

    def __init__(self, embedder: Any, stages: Stages) -> None:
        self._embedder = embedder
        self.name = embedder.name
        self.dim = getattr(embedder, "dim", None)
        self.encode = stages.timed("embed", embedder.encode, lambda texts: len(texts))
        self.encode_query = getattr(embedder, "encode_query", embedder.encode)


def make_born(n: int) -> list[Path]:
    from corpus import write_tatqa_reports

    return write_tatqa_reports(SHARED, CORPUS / "born", n)


def make_scans(n: int) -> list[Path]:
    import pymupdf

    folder = CORPUS / f"scans{SCAN_DPI}"
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for pdf in make_born(n):
        png = folder / (pdf.stem + ".png")
        if not png.exists():
            with pymupdf.open(pdf) as doc:
                doc[0].get_pixmap(dpi=SCAN_DPI, alpha=False).save(png)
        out.append(png)
    return out


def make_big_xlsx(rows: int) -> Path:
    """One sheet, a header row and `rows` data rows of labels and numbers (a ledger export)."""
    path = CORPUS / f"big{rows}.xlsx"
    if path.exists():
        return path
    import random

    from openpyxl import Workbook

    rng = random.Random(0)
    wb = Workbook(write_only=True)
    ws = wb.create_sheet("Ledger")
    ws.append(["Year", "Account", *[f"Measure {i}" for i in range(1, BIG_COLS - 1)]])
    for r in range(rows):
        ws.append([2000 + r % 25, f"Account {r % 997} line {r}", *[round(rng.uniform(0, 1e6), 2) for _ in range(6)]])
    CORPUS.mkdir(parents=True, exist_ok=True)
    wb.save(path)
    return path


def run_part(
    name: str, files: list[Path], embedder_spec: str | None, work: Path, records: Any = None
) -> dict[str, Any]:
    """Ingest `files` into a fresh index (model loaded and stores opened first: not ingest work) and measure.
    ``records``: the RecordOptions (what the embedder reads of rows and prose), else the index's default."""
    import tablerag.pipeline.facade as facade
    from tablerag.index.embed import load_embedder
    from tablerag.pipeline import Index

    stages = Stages()
    t_load = time.perf_counter()
    embedder = load_embedder(embedder_spec)
    embedder.encode(["warm up"])
    load_s = time.perf_counter() - t_load
    pages = rows = 0
    original_prepare = facade.prepare

    def prepare(*args: Any, **kwargs: Any) -> Any:
        nonlocal pages, rows
        t0 = time.perf_counter()
        out = original_prepare(*args, **kwargs)
        stages.add("parse_decompose", time.perf_counter() - t0, 1)
        doc = getattr(out, "doc", None)
        if doc is not None:
            pages += doc.pages or 0
            rows += sum(max(t.n_rows - t.header_rows, 0) for t in doc.tables)
        return out

    facade.prepare = prepare
    try:
        with Index(work / name, embedder=TimedEmbedder(embedder, stages), records=records) as index:
            index.vector  # noqa: B018  (opening the vector store is not ingest work)
            index.commit_many = stages.timed("commit", index.commit_many, lambda batch, *a, **k: len(batch))
            cpu0, t0, own0 = cpu_seconds(), time.perf_counter(), time.process_time()
            report = index.add(files)
            t_lex = time.perf_counter()
            index.lexical  # noqa: B018  (BM25 is built lazily: the first search would pay it)
            stages.add("bm25", time.perf_counter() - t_lex)
            wall, cpu = time.perf_counter() - t0, cpu_seconds() - cpu0
            own = time.process_time() - own0
            stats = index.stats()
            kinds = dict(index.store.con.execute("SELECT kind, count(*) FROM records GROUP BY kind").fetchall())
    finally:
        facade.prepare = original_prepare
    failures = [r.error for r in report.failures]
    return {
        "part": name,
        "files": len(files),
        "failed": len(failures),
        "pages": pages,
        "table_rows": rows,
        "records": stats["records"],
        "records_by_kind": kinds,
        "texts_embedded": stages.counts.get("embed", 0),
        "dense_rows": index.records.dense_rows.value,
        "prose_tokens": index.records.prose_tokens,
        "summary_tokens": index.records.summary_tokens,
        "wall_s": round(wall, 2),
        "cpu_s": round(cpu, 2),
        "cpu_s_this_process": round(own, 2),  # decompose, embed, commit, BM25 (parsing is in reader processes)
        "cpu_s_readers": round(cpu - own, 2),  # the reader processes and their children (parse, OCR, models)
        "cores_busy": round(cpu / wall, 2) if wall else None,  # CPU seconds per wall second: 2 = both cores all along
        "pages_per_s": round(pages / wall, 3) if wall else None,
        "pages_per_cpu_s": round(pages / cpu, 3) if cpu else None,
        "records_per_s": round(stats["records"] / wall, 1) if wall else None,
        "rows_per_s": round(rows / wall, 1) if wall else None,
        "stage_wall_s": {k: round(v, 2) for k, v in stages.seconds.items()},
        "model_load_s": round(load_s, 2),
        "errors": failures[:3],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, default=40, help="born-digital one-page reports")
    ap.add_argument("--scans", type=int, default=6, help="scanned one-page reports")
    ap.add_argument("--big-rows", type=int, default=20000, help="data rows of the generated workbook")
    ap.add_argument("--books", type=int, default=None, help="real StatCan workbooks (default: all 34)")
    ap.add_argument("--parts", nargs="+", default=["born", "scans", "xlsx"], choices=["born", "scans", "xlsx"])
    ap.add_argument("--embedder", default=None, help="embedder spec (default: the package default)")
    ap.add_argument("--dense-rows", default=None, choices=["full", "compact", "label"], help="default: the index's")
    ap.add_argument("--prose-tokens", type=int, default=None, help="prose dense text cap (0: whole; default: index's)")
    ap.add_argument(
        "--summary-tokens", type=int, default=None, help="summary dense text cap (0: whole; default: index's)"
    )
    ap.add_argument("--smoke", action="store_true", help="3 reports, 1 scan, 3 workbooks: must run, not meet a time")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    if args.smoke:
        args.pages, args.scans, args.big_rows = 3, 1, 300
    work = Path(tempfile.mkdtemp(prefix="tablerag-ingest-"))
    records = None
    if args.dense_rows is not None or args.prose_tokens is not None or args.summary_tokens is not None:
        from dataclasses import replace

        from tablerag.decomposition.records import DenseRowForm, RecordOptions

        records = RecordOptions()
        if args.dense_rows is not None:
            records = replace(records, dense_rows=DenseRowForm(args.dense_rows))
        if args.prose_tokens is not None:
            records = replace(records, prose_tokens=args.prose_tokens)
        if args.summary_tokens is not None:
            records = replace(records, summary_tokens=args.summary_tokens)
    results = []
    try:
        for part in args.parts:
            if part == "born":
                files = make_born(args.pages)
            elif part == "scans":
                files = make_scans(args.scans)
            else:
                books = sorted((SHARED / "hitab-statcan-xlsx" / "xlsx").glob("*.xlsx"))
                files = [*books[: 3 if args.smoke else args.books], make_big_xlsx(args.big_rows)]
            result = run_part(part, files, args.embedder, work, records)
            print(json.dumps(result), flush=True)
            results.append(result)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    out = {
        "note": "shared 2-core machine: wall figures are pessimistic, CPU seconds less so",
        "load_avg_at_end": [round(x, 2) for x in os.getloadavg()],
        "cores": os.cpu_count(),
        "results": results,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
