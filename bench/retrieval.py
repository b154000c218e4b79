"""Retrieval grid on the shared data: search variants (fusion weights, one or two stages, rows per table) and
record forms, per embedder; ours vs the naive 500-token baseline. Results merge into bench/out/retrieval.json.

Run: ``HF_HUB_OFFLINE=1 python bench/retrieval.py --dataset tatqa --embedder use [--contexts 60] [--cells triple]``
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tablerag.eval.retrieval import EvalConfig, evaluate, markdown
from tablerag.index.search import SearchOptions

OUT = Path(__file__).resolve().parent / "out"

VARIANTS: dict[str, SearchOptions | None] = {
    "two-stage": None,  # the index's own options (its embedder's fusion weight)
    "flat": SearchOptions(two_stage=False),
    "dense-only": SearchOptions(lexical_weight=0.0),
    "bm25-only": SearchOptions(dense_weight=0.0),
    "dense0.5": SearchOptions(dense_weight=0.5),
    "dense2": SearchOptions(dense_weight=2.0),
    "rows6": SearchOptions(rows_per_table=6),
    "rows4": SearchOptions(rows_per_table=4),
    "interleave": SearchOptions(interleave=True),
    "interleave-rows6": SearchOptions(interleave=True, rows_per_table=6),
    "interleave-bm25": SearchOptions(interleave=True, dense_weight=0.0),
    "interleave-dense0.5": SearchOptions(interleave=True, dense_weight=0.5),
    "interleave-unit1": SearchOptions(interleave=True, unit_top=1),
    "unit1": SearchOptions(unit_top=1),
    "unit10": SearchOptions(unit_top=10),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dataset", nargs="+", default=["tatqa"])
    parser.add_argument("--embedder", nargs="+", default=["use"])
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--contexts", type=int, default=None)
    parser.add_argument("--cells", default="triple")
    parser.add_argument("--rows", default="row")
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS))
    parser.add_argument("--no-baseline", action="store_true")
    args = parser.parse_args()
    for i, variant in enumerate(args.variants):  # one variant at a time, saved as it ends (runs are long)
        cfg = EvalConfig(
            args.dataset,
            args.embedder,
            OUT / "retrieval-work",
            args.limit,
            args.contexts,
            args.cells,
            args.rows,
            baseline=not args.no_baseline and i == 0,
            searches={variant: VARIANTS[variant]},
            out=OUT / "retrieval.json",
        )
        print(markdown(evaluate(cfg)), flush=True)


if __name__ == "__main__":
    main()
