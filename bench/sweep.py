"""A sweep of every real dev question through the question answering: zero exceptions is the bar.

TAT-QA dev, HiTab, WikiTableQuestions, IM-TQA and FeTaQA questions go through ``answer_table`` against their own
table; Spider and BIRD questions through the schema search. Prints, per data set, how many questions were
answered / refused / computed by SQL and how many raised (each listed); exits 1 when any raised.

Run: ``python bench/sweep.py [--smoke] [--datasets tat-qa hitab ...]`` -> bench/out/sweep.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tablerag.eval.sweep import SweepDataset, run_sweep

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
OUT = Path(__file__).resolve().parent / "out" / "sweep.json"
WORK = Path(__file__).resolve().parent / "out" / "sweep-work"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--smoke", action="store_true", help="a few dozen questions per data set (CI)")
    parser.add_argument("--datasets", nargs="+", default=[d.value for d in SweepDataset])
    args = parser.parse_args()
    reports = run_sweep(DATA, [SweepDataset(d) for d in args.datasets], WORK, smoke=args.smoke)
    rows = [r.to_dict() for r in reports]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(rows, ensure_ascii=False, indent=1), encoding="utf-8")
    print(f"{'data set':<10} {'questions':>9} {'answered':>9} {'refused':>8} {'computed':>9} {'exceptions':>10}  s")
    for r in rows:
        print(
            f"{r['dataset']:<10} {r['questions']:>9} {r['answered']:>9} {r['refused']:>8} {r['computed']:>9}"
            f" {r['exceptions']:>10}  {r['seconds']}"
        )
    for r in rows:
        for e in r["exception_list"]:
            print(f"  {r['dataset']} {e['id']}: {e['type']} at {e['at']}: {e['message']} | {e['question']}")
    if any(r["exceptions"] for r in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
