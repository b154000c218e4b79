"""QA accuracy with the table given (no LLM): TAT-QA dev by answer type, HiTab by aggregation, WTQ by kind, and
IM-TQA dev (Chinese) one-cell questions by table type.

Run: ``python bench/qa.py [--smoke] [--datasets tat-qa hitab wtq im-tqa] [--part tune]`` -> bench/out/qa.json (the
first three as `tablerag eval qa`). IM-TQA: each dev question whose gold is one cell (``single_cell``), over its
table written as CSV (a merged cell's text repeated over the cells it covers); right = the answer's value (or
label) equals that cell's text. TAT-QA dev tables are split into a tune and a kept part by the hash of their uid, as in
bench/qa_reports.py; ``--part`` keeps one part, and right / wrong / refused are printed per part. ``--misses FILE``
writes every miss (JSON lines) of the tune part and of HiTab, WTQ and IM-TQA, never one of the kept part.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from qa_reports import part_of

from tablerag.eval.qa import QaDataset, QaEvalOptions, QaReport, Scored, run_qa_eval, table_from_rows, text_match
from tablerag.eval.retrieval import imtqa_grids
from tablerag.qa.answer import Answer, answer_table

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
OUT = Path(__file__).resolve().parent / "out" / "qa.json"
PARTS = ("tune", "kept", "all")
IMTQA = "im-tqa"


class Outcomes:
    """Right / wrong / refused per data set and TAT-QA part; the misses that may be read (not the kept part's)."""

    def __init__(self) -> None:
        self.counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
        self.misses: list[dict[str, Any]] = []

    def __call__(self, item: Scored) -> None:
        self.add(item.dataset.value, item)

    def add(self, dataset: str, item: Any) -> None:
        """One scored question of ``dataset`` (a Scored, or an IM-TQA item shaped like one)."""
        part = part_of(item.source) if dataset == QaDataset.TATQA.value else "-"
        refused = item.answer is None or item.answer.refused
        slot = 0 if item.ok else 2 if refused else 1
        for key in (dataset, f"{dataset}/{part}"):
            self.counts[key][slot] += 1
        if not item.ok and part != "kept":
            ans = item.answer
            self.misses.append(
                {
                    "dataset": dataset,
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


class ImtqaItem:
    """One IM-TQA question as scored (the fields Outcomes reads)."""

    def __init__(self, source: str, group: str, question: str, gold: str, answer: Answer | None) -> None:
        self.source, self.group, self.question, self.gold, self.answer = source, group, question, gold, answer
        self.ok = answer is not None and answer.value is not None and (
            text_match(answer.value, gold) or (answer.label is not None and text_match(answer.label, gold))
        )


def eval_imtqa(outcomes: Outcomes, smoke: bool) -> QaReport:
    """IM-TQA dev one-cell questions, grouped by table type (vertical, horizontal, hierarchical, complex)."""
    import tempfile
    import time

    base = DATA / "im-tqa-zh"
    report = QaReport("im-tqa dev (one cell)")
    tables = {t["table_id"]: t for t in json.loads((base / "dev_tables.json").read_text(encoding="utf-8"))}
    grids = imtqa_grids(base)
    questions = [q for q in json.loads((base / "dev_questions.json").read_text(encoding="utf-8"))]
    questions = [q for q in questions if q["question_type"] == "single_cell" and len(q["answer_cell_list"]) == 1]
    start = time.perf_counter()
    built: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for q in questions[:40] if smoke else questions:
            tid = q["table_id"]
            if tid not in built:
                built[tid] = table_from_rows(grids[tid], Path(tmp), f"imtqa-{tid}")
            gold = tables[tid]["chinese_cell_value_list"][q["answer_cell_list"][0]]
            try:
                ans = answer_table(built[tid], q["chinese_question"]) if built[tid] is not None else None
            except Exception as exc:  # a defect on one question is data for the report, the run goes on
                ans = Answer(f"error: {type(exc).__name__}: {exc}", None, refused=True)
            item = ImtqaItem(tid, tables[tid]["table_type"], q["chinese_question"], gold, ans)
            report.groups[item.group].add(item.ok, ans is None or ans.refused)
            outcomes.add(IMTQA, item)
    report.seconds = time.perf_counter() - start
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--smoke", action="store_true")
    parser.add_argument("--datasets", nargs="+", default=[*(d.value for d in QaDataset), IMTQA])
    parser.add_argument("--part", choices=PARTS, default="all", help="TAT-QA tables of one part only")
    parser.add_argument("--misses", type=Path, default=None, help="write misses (never the kept part's) here")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    outcomes = Outcomes()
    keep = None if args.part == "all" else (lambda uid: part_of(uid) == args.part)
    options = QaEvalOptions(smoke=args.smoke, tatqa_tables=keep, on_scored=outcomes)
    reports = run_qa_eval(DATA, [QaDataset(d) for d in args.datasets if d != IMTQA], options)
    if IMTQA in args.datasets:
        reports.append(eval_imtqa(outcomes, args.smoke))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    dicts = [r.to_dict() for r in reports]
    for d in dicts:
        if d["dataset"].startswith(QaDataset.TATQA.value) and args.part != "tune":
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
