"""Column retrieval for text-to-SQL: Recall@K and all-gold@K (K = 5, 10, 20) with latency per question, on Spider
dev, BIRD mini-dev (question + evidence) and MachineSpider (German), per embedder and mode.

Run: ``HF_HUB_OFFLINE=1 python bench/schema.py [--smoke] [--embedders minilm use] [--modes hybrid two-stage dense
lexical]`` -> bench/out/schema.json (same as `tablerag eval schema`).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from tablerag.eval.schema import SchemaDataset, run_schema_eval
from tablerag.index.embed import load_embedder
from tablerag.schema.store import SchemaMode

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
OUT = Path(__file__).resolve().parent / "out" / "schema.json"
WORK = Path(__file__).resolve().parent / "out" / "schema-work"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--smoke", action="store_true")
    parser.add_argument("--embedders", nargs="+", default=["use", "minilm"])
    parser.add_argument("--datasets", nargs="+", default=[d.value for d in SchemaDataset])
    parser.add_argument("--modes", nargs="+", default=[m.value for m in SchemaMode])
    args = parser.parse_args()
    rows = []
    for spec in args.embedders:
        reports = run_schema_eval(
            DATA,
            WORK,
            load_embedder(spec),
            [SchemaDataset(d) for d in args.datasets],
            [SchemaMode(m) for m in args.modes],
            args.smoke,
        )
        for r in reports:
            rows.append(r.to_dict())
            print(json.dumps(rows[-1]))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(rows, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
