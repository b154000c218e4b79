"""What adding one document to a big index costs: `Index.add` of one real file, then the first search after it (which
pays any deferred work: a BM25 rebuild, the record catalog), on indexes of 10k, 100k (and 1M) records.

    python bench/add_one.py [--sizes 10000,100000] [--keep DIR] [--reuse] [--smoke]

The big indexes are built as bench/query_latency.py builds them (copies of the parsed TAT-QA dev tables under new
document ids, ten tenants), with random unit vectors instead of embeddings (the vectors' values do not change what an
add costs; the added document is embedded for real). `--keep DIR` keeps the built indexes; `--reuse` measures them
again (a copy is made per run, so every run adds to the same index). Writes bench/out/add_one.json.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "data"
OUT = REPO / "bench" / "out" / "add_one.json"
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

EMBEDDER = "use"  # the fast one: the added document's embedding is not what is measured here
DIM = 512  # USE's vector size
QUESTION = "What was the total revenue in 2019?"


class RandomVectors(dict):
    """Stands in for the pool of real vectors query_latency.build_index reads: a random unit vector per id."""

    def __init__(self) -> None:
        super().__init__()
        self._rng = np.random.default_rng(0)

    def __missing__(self, key: str) -> np.ndarray:
        v = self._rng.normal(size=DIM).astype(np.float32)
        self[key] = v / np.linalg.norm(v)
        return self[key]


def new_document(folder: Path) -> Path:
    """A real TAT-QA dev table with one row of its own: content the big index does not hold."""
    contexts = json.loads((SHARED / "tat-qa" / "tatqa_dataset_dev.json").read_text(encoding="utf-8"))
    rows = contexts[-1]["table"]["table"]
    path = folder / "added-report.csv"
    with open(path, "w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows([*rows, ["Restated total", *["1" for _ in rows[0][1:]]]])
    return path


def measure(path: Path, doc: Path) -> dict:
    from tablerag.pipeline import Index

    t0 = time.perf_counter()
    with Index(path, embedder=EMBEDDER) as index:
        index.search(QUESTION, k=12)  # opened and warm, as a running service holds it
        warm = doc.with_name("warm-up.csv")
        warm.write_text("Item,2019\nWarm-up line,1\n", encoding="utf-8")
        index.add([warm])  # the reader process started, as in a service that has read documents before
        index.search(QUESTION, k=12)
        open_s = time.perf_counter() - t0
        records = index.stats()["records"]
        c0, t1 = time.process_time(), time.perf_counter()
        report = index.add([doc])
        add_s, add_cpu = time.perf_counter() - t1, time.process_time() - c0
        c1, t2 = time.process_time(), time.perf_counter()
        hits = index.search(QUESTION, k=12)
        search_s, search_cpu = time.perf_counter() - t2, time.process_time() - c1
        t3 = time.perf_counter()
        index.search(QUESTION, k=12)
        steady_s = time.perf_counter() - t3
    assert report.results[0].status == "added", report.results[0]
    return {
        "records": records,
        "open_and_first_search_s": round(open_s, 2),
        "add_s": round(add_s, 3),
        "add_cpu_s": round(add_cpu, 3),
        "next_search_s": round(search_s, 3),
        "next_search_cpu_s": round(search_cpu, 3),
        "add_plus_next_search_s": round(add_s + search_s, 3),
        "steady_search_s": round(steady_s, 3),
        "added_records": report.results[0].n_records,
        "hits": len(hits),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
    }


def main() -> None:
    from query_latency import _real_documents, build_index

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--keep", type=Path, help="build the indexes under this folder and keep them")
    ap.add_argument("--reuse", action="store_true", help="with --keep: measure the kept indexes, no rebuild")
    ap.add_argument("--smoke", action="store_true", help="2,000 records: must run, not meet a time")
    args = ap.parse_args()
    sizes = [2000] if args.smoke else [int(s) for s in args.sizes.split(",")]
    tmp = Path(tempfile.mkdtemp(prefix="tablerag-addone-"))
    root = args.keep or tmp
    results = []
    try:
        docs, _ = _real_documents(tmp, 10 if args.smoke else None)
        doc = new_document(tmp)
        for n in sizes:
            built = root / f"idx-{n}"
            if not (args.reuse and built.exists()):
                shutil.rmtree(built, ignore_errors=True)
                t0 = time.perf_counter()
                build_index(built, docs, n, RandomVectors(), EMBEDDER)
                print(f"[add_one] built {n:,} records in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
            work = tmp / f"run-{n}"
            shutil.copytree(built, work)
            results.append(measure(work, doc))
            print(json.dumps(results[-1]), flush=True)
            shutil.rmtree(work, ignore_errors=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    out = {"note": "shared 2-core machine under load: wall figures are pessimistic", "results": results}
    OUT.write_text(json.dumps(out, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
