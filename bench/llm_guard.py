"""LLM decomposition on real TAT-QA dev tables against a local llama.cpp server: calls, time, and what the
verification guard kept and dropped. Results go to bench/out/llm_guard.json.

Run: ``python bench/llm_guard.py [--tables 5] [--base-url URL --model NAME]`` (without a URL it starts the server
with the PyPI Gemma 3 270M GGUF; installed by ``scripts/setup.sh``).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from tablerag.llm.client import LlmConfig, OpenAiLlm
from tablerag.llm.describe import LlmDecompositionOptions, LlmDecompositionStats, decompose_table
from tablerag.llm.server import LlamaServer, gguf_path

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "bench" / "out"
TATQA = REPO.parent / "shared" / "data" / "tat-qa" / "tatqa_dataset_dev.json"
sys.path.insert(0, str(REPO / "tests"))


def run(base_url: str, model: str, n_tables: int, cache_dir: Path) -> dict[str, object]:
    from helpers import grid_table  # the same table builder the tests use (reader's header detection)

    items = json.loads(TATQA.read_text())[:n_tables]
    llm = OpenAiLlm(LlmConfig(base_url=base_url, model=model, cache_dir=cache_dir))
    total = LlmDecompositionStats()
    samples: list[str] = []
    start = time.perf_counter()
    for item in items:
        table = grid_table(item["table"]["table"])
        records, stats = decompose_table(table, llm, options=LlmDecompositionOptions())
        total.add(stats)
        samples += [r.text for r in records[:3]]
    seconds = time.perf_counter() - start
    return {
        "model": model,
        "tables": n_tables,
        "seconds": round(seconds, 1),
        "stats": total.as_dict(),
        "samples": samples,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=5)
    parser.add_argument("--base-url")
    parser.add_argument("--model", default="default")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        if args.base_url:
            result = run(args.base_url, args.model, args.tables, Path(cache))
        else:
            with LlamaServer.start(gguf_path()) as server:
                result = run(server.base_url, server.model, args.tables, Path(cache))
    OUT.mkdir(exist_ok=True)
    (OUT / "llm_guard.json").write_text(json.dumps(result, indent=2, ensure_ascii=False))
    print(json.dumps(result, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
