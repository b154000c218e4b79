"""Query latency of the hybrid search at 10k, 100k and 1M records, and index size on disk.

Records are generated from real tables: the TAT-QA dev tables are parsed and decomposed once, their record texts
embedded once; larger corpora are copies of those documents under new document ids, with each copy's vectors
perturbed by small noise (renormalised) so HNSW sees distinct points. Queries are the real TAT-QA questions, run
through `Index.search` (the full path: dense + BM25, fusion, table store reads).

    python bench/query_latency.py [--sizes 10000,100000,1000000] [--queries 200] [--smoke]
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
import hashlib
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "data"
SMOKE_CONTEXTS = 10  # --smoke: ten real tables, copied up to 2,000 records
NOISE = 0.03  # per-dimension noise on copied vectors: distinct points, same neighbourhoods as the real ones
OUT = REPO / "bench" / "out" / "query_latency.json"

sys.path.insert(0, str(REPO))
os.environ.setdefault("HF_HUB_OFFLINE", "1")


def _real_documents(tmp: Path, n_contexts: int | None = None) -> tuple[list, list[str]]:
    """Parsed TAT-QA dev tables (as CSV) and their questions (the first `n_contexts`, or all)."""
    from tablerag.parsing import parse

    contexts = json.loads((SHARED / "tat-qa" / "tatqa_dataset_dev.json").read_text(encoding="utf-8"))
    docs, questions = [], []
    for i, ctx in enumerate(contexts[:n_contexts]):
        path = tmp / f"t{i:03d}.csv"
        with open(path, "w", newline="", encoding="utf-8") as fh:
            csv.writer(fh).writerows(ctx["table"]["table"])
        docs.append(parse(path))
        questions.extend(q["question"] for q in ctx["questions"])
    return docs, questions


def _copy_document(doc, copy: int):
    """The same document under a new sha256 (so new, stable ids), as a new file of a large corpus would be."""
    from tablerag.model import table_id

    sha = hashlib.sha256(f"{doc.sha256}:{copy}".encode()).hexdigest()
    tables = []
    for t in doc.tables:
        src = dataclasses.replace(t.source, sha256=sha, file=f"{t.source.file}#copy{copy}")
        tables.append(dataclasses.replace(t, id=table_id(sha, t.table_no), source=src))
    return dataclasses.replace(doc, sha256=sha, path=f"{doc.path}#copy{copy}", tables=tables)


def build_index(path: Path, docs: list, n_records: int, vectors: dict[str, np.ndarray]) -> int:
    """Write copies of the real documents into a fresh index until it holds about n_records records."""
    from tablerag.decomposition.records import Tags, document_records
    from tablerag.index.core import Index
    from tablerag.index.ingest import Prepared

    rng = np.random.default_rng(0)
    total, copy = 0, 0
    with Index(path) as index:
        while total < n_records:
            for doc in docs:
                d = doc if copy == 0 else _copy_document(doc, copy)
                records = document_records(d, Tags())
                # the original record of each copied record: same id but the original document's prefix
                base = np.stack([vectors[f"{doc.doc_id}:{r.id.split(':', 1)[1]}"] for r in records])
                vec = base if copy == 0 else base + rng.normal(0, NOISE, base.shape).astype(np.float32)
                vec /= np.linalg.norm(vec, axis=1, keepdims=True)
                index.commit(Prepared(d.path, d, records), Tags(), vec)
                total += len(records)
                if total >= n_records:
                    break
            copy += 1
        index.lexical  # noqa: B018  (build BM25 now, not inside the first timed query)
    return total


def _disk_mb(path: Path) -> float:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) / 1e6


def measure(path: Path, questions: list[str], k: int = 12) -> dict[str, float]:
    from tablerag.index.core import Index

    with Index(path) as index:
        index.search(questions[0], k=k)  # warm: models and files loaded
        times = []
        for q in questions:
            t0 = time.perf_counter()
            index.search(q, k=k)
            times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    return {
        "p50_ms": statistics.median(times),
        "p99_ms": times[min(len(times) - 1, int(len(times) * 0.99))],
        "mean_ms": statistics.fmean(times),
        "queries": len(times),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10000,100000,1000000")
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--smoke", action="store_true", help="2,000 records, 20 queries: must run, not meet a time")
    args = ap.parse_args()
    sizes = [2000] if args.smoke else [int(s) for s in args.sizes.split(",")]
    n_contexts = SMOKE_CONTEXTS if args.smoke else None
    n_queries = 20 if args.smoke else args.queries
    from tablerag.decomposition.records import Tags, document_records
    from tablerag.index.embed import load_embedder

    work = Path(tempfile.mkdtemp(prefix="tablerag-latency-"))
    try:
        docs, questions = _real_documents(work, n_contexts)
        texts = {r.id: r.text for d in docs for r in document_records(d, Tags())}
        embedder = load_embedder()
        t0 = time.perf_counter()
        ids = list(texts)
        vectors = dict(zip(ids, embedder.encode([texts[i] for i in ids]), strict=True))
        embed_s = time.perf_counter() - t0
        rows = []
        for n in sizes:
            path = work / f"idx-{n}"
            t0 = time.perf_counter()
            got = build_index(path, docs, n, vectors)
            build_s = time.perf_counter() - t0
            row = {"records": got, "build_s": round(build_s, 1), "disk_mb": round(_disk_mb(path), 1)}
            row.update({k: round(v, 2) for k, v in measure(path, questions[:n_queries]).items()})
            rows.append(row)
            print(json.dumps(row), flush=True)
            shutil.rmtree(path)
        result = {"embedder": embedder.name, "real_records": len(texts), "embed_s": round(embed_s, 1), "rows": rows}
        OUT.parent.mkdir(parents=True, exist_ok=True)
        OUT.write_text(json.dumps(result, indent=2))
        print("| records | p50 ms | p99 ms | build s | disk MB |\n|---|---|---|---|---|")
        for r in rows:
            print(f"| {r['records']:,} | {r['p50_ms']} | {r['p99_ms']} | {r['build_s']} | {r['disk_mb']} |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
