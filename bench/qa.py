"""QA accuracy with the table given (no LLM): TAT-QA dev by answer type, HiTab by aggregation, WTQ by kind.

Run: ``python bench/qa.py [--smoke] [--datasets tat-qa hitab wtq]`` -> bench/out/qa.json (same as `tablerag eval qa`).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from tablerag.eval.qa import QaDataset, run_qa_eval

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
OUT = Path(__file__).resolve().parent / "out" / "qa.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--smoke", action="store_true")
    parser.add_argument("--datasets", nargs="+", default=[d.value for d in QaDataset])
    args = parser.parse_args()
    reports = run_qa_eval(DATA, [QaDataset(d) for d in args.datasets], args.smoke)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps([r.to_dict() for r in reports], ensure_ascii=False, indent=1), encoding="utf-8")
    for r in reports:
        d = r.to_dict()
        print(d["dataset"], d["overall"], f"{d['seconds']} s")
        for group, tally in d["by_group"].items():
            print(f"  {group:<28} {tally}")


if __name__ == "__main__":
    main()
