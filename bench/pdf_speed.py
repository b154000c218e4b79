"""Whole-document PDF reading speed: ICDAR-2013's PDFs joined into one document, read by `read_pdf` with 1 and with
2 worker processes (page-level parallelism), everything included (captions, continuation, headers).

    python bench/pdf_speed.py [--repeat 3] [--workers 1,2] [--out bench/out/pdf_speed.json]

Reports the median and min-max wall time over the repeats, pages/s, and (single process) pages per CPU-second, which
stays meaningful on a shared machine where wall time does not.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tablerag.parsing.pdf import read_pdf  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
OUT = ROOT / "bench" / "out" / "pdf_speed.json"


def _joined(data: Path, dest: Path) -> int:
    import pymupdf

    fitz: Any = pymupdf
    fitz.TOOLS.mupdf_display_errors(False)
    fitz.TOOLS.mupdf_display_warnings(False)
    out = fitz.open()
    for pdf in sorted((data / "icdar2013").glob("competition-dataset-*/*.pdf")):
        with fitz.open(pdf) as doc:
            out.insert_pdf(doc)
    out.save(dest)
    n = int(out.page_count)
    out.close()
    return n


def _cpu() -> float:
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def measure(pdf: Path, pages: int, workers: int, repeat: int) -> dict[str, Any]:
    read_pdf(pdf, "0" * 64, pages=[1], workers=1)  # warm-up: lazy imports are not timed
    walls, cpus = [], []
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), _cpu()
        doc = read_pdf(pdf, "0" * 64, workers=workers)
        walls.append(time.perf_counter() - t0)
        cpus.append(_cpu() - c0)
    wall, cpu = statistics.median(walls), statistics.median(cpus)
    return {
        "workers": workers,
        "pages": pages,
        "tables": len(doc.tables),
        "wall_s_median": round(wall, 3),
        "wall_s_min_max": [round(min(walls), 3), round(max(walls), 3)],
        "pages_per_s": round(pages / wall, 1),
        # workers fork from a fork server, not from us: their CPU time is not ours to read, so only the
        # single-process run has a per-CPU figure (bench/pdf_tables.py --jobs N sums the workers' own times)
        "cpu_s_median": round(cpu, 3) if workers == 1 else None,
        "pages_per_cpu_s": round(pages / cpu, 1) if cpu and workers == 1 else None,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--workers", default="1,2")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "icdar_all.pdf"
        pages = _joined(args.data, pdf)
        rows = [measure(pdf, pages, int(w), args.repeat) for w in args.workers.split(",")]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    result = {"cpus": os.cpu_count(), "load_avg_1min": load, "runs": rows}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1), encoding="utf-8")
    print(f"cpus {os.cpu_count()}, load {load}")
    for r in rows:
        print(
            f"workers {r['workers']}: {r['pages']} pages in {r['wall_s_median']} s {r['wall_s_min_max']} -> "
            f"{r['pages_per_s']} pages/s, {r['pages_per_cpu_s']} pages/CPU-s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
