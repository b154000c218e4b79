"""QA accuracy with the table given (no LLM): TAT-QA dev by answer type, HiTab by aggregation, WTQ by kind.

Run: ``python bench/qa.py [--smoke] [--datasets tat-qa hitab wtq] [--part tune]`` -> bench/out/qa.json (same as
`tablerag eval qa`). TAT-QA dev tables are split into a tune and a kept part by the hash of their uid, as in
bench/qa_reports.py; ``--part`` keeps one part, and right / wrong / refused are printed per part. ``--misses FILE``
writes every miss (JSON lines) of the tune part and of HiTab and WTQ, never one of the kept part.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from qa_reports import part_of

from tablerag.eval.qa import QaDataset, QaEvalOptions, Scored, run_qa_eval

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
OUT = Path(__file__).resolve().parent / "out" / "qa.json"
PARTS = ("tune", "kept", "all")


class Outcomes:
    """Right / wrong / refused per data set and TAT-QA part; the misses that may be read (not the kept part's)."""

    def __init__(self) -> None:
        self.counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
        self.misses: list[dict[str, Any]] = []

    def __call__(self, item: Scored) -> None:
        part = part_of(item.source) if item.dataset is QaDataset.TATQA else "-"
        refused = item.answer is None or item.answer.refused
        slot = 0 if item.ok else 2 if refused else 1
        for key in (item.dataset.value, f"{item.dataset.value}/{part}"):
            self.counts[key][slot] += 1
        if not item.ok and part != "kept":
            ans = item.answer
            self.misses.append(
                {
                    "dataset": item.dataset.value,
                    "source": item.source,
                    "group": item.group,
                    "q": item.question,
                    "gold": item.gold if isinstance(item.gold, str | list) else str(item.gold),
                    "refused": refused,
                    "value": ans.value if ans else None,
                    "label": ans.label if ans else None,
                    "text": ans.text[:400] if ans else None,
                }
            )

    def lines(self) -> list[str]:
        out = []
        for key, (right, wrong, refused) in sorted(self.counts.items()):
            n = right + wrong + refused
            out.append(f"{key:<12} n={n:<5} right/wrong/refused {right / n:.3f} / {wrong / n:.3f} / {refused / n:.3f}")
        return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--smoke", action="store_true")
    parser.add_argument("--datasets", nargs="+", default=[d.value for d in QaDataset])
    parser.add_argument("--part", choices=PARTS, default="all", help="TAT-QA tables of one part only")
    parser.add_argument("--misses", type=Path, default=None, help="write misses (never the kept part's) here")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    outcomes = Outcomes()
    keep = None if args.part == "all" else (lambda uid: part_of(uid) == args.part)
    options = QaEvalOptions(smoke=args.smoke, tatqa_tables=keep, on_scored=outcomes)
    reports = run_qa_eval(DATA, [QaDataset(d) for d in args.datasets], options)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    dicts = [r.to_dict() for r in reports]
    for d, ds in zip(dicts, args.datasets, strict=True):
        if ds == QaDataset.TATQA.value and args.part != "tune":
            d["examples"] = []  # they would show kept-part answers
    args.out.write_text(json.dumps(dicts, ensure_ascii=False, indent=1), encoding="utf-8")
    for d in dicts:
        print(d["dataset"], d["overall"], f"{d['seconds']} s")
        for group, tally in d["by_group"].items():
            print(f"  {group:<28} {tally}")
    print("\n".join(outcomes.lines()))
    if args.misses:
        args.misses.write_text("".join(json.dumps(m, ensure_ascii=False) + "\n" for m in outcomes.misses), "utf-8")


if __name__ == "__main__":
    main()
