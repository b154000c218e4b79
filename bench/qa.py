"""QA accuracy with the table given (no LLM): TAT-QA dev by answer type, HiTab by aggregation, WTQ by kind, and
IM-TQA dev (Chinese) one-cell questions by table type.

Run: ``python bench/qa.py [--smoke] [--datasets tat-qa hitab wtq im-tqa] [--part tune]`` -> bench/out/qa.json (the
first three as `tablerag eval qa`). IM-TQA: each dev question whose gold is one cell (``single_cell``), over its
table written as CSV (a merged cell's text repeated over the cells it covers); right = the answer's value (or
label) equals that cell's text. TAT-QA dev tables are split into a tune and a kept part by the hash of their uid, as in
bench/qa_reports.py; ``--part`` keeps one part, and right / wrong / refused are printed per part. ``--misses FILE``
writes every miss (JSON lines) of the tune part and of HiTab, WTQ and IM-TQA, never one of the kept part. TAT-QA and WTQ
right / wrong / refused are also printed per answer kind (span, arithmetic, count, ...): a wrong number is worse than
a refusal, so each kind is judged on both.
"""

from __future__ import annotations

import argparse
import json
import re
import tempfile
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from qa_reports import part_of

from tablerag.decomposition.serialize import filled_grid
from tablerag.eval.qa import QaDataset, QaEvalOptions, QaReport, Scored, run_qa_eval, table_from_rows, text_match
from tablerag.eval.retrieval import imtqa_grids
from tablerag.qa.answer import answer_table
from tablerag.qa.link import link
from tablerag.qa.periods import promote_period_rows
from tablerag.qa.result import Answer

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
OUT = Path(__file__).resolve().parent / "out" / "qa.json"
PARTS = ("tune", "kept", "all")
IMTQA = "im-tqa"
FETAQA = "fetaqa"
BY_KIND = (QaDataset.TATQA.value, QaDataset.WTQ.value)  # data sets whose groups are answer kinds, counted apart
WHERE_GROUP = "table/span"  # --where: the one-cell answers the report bench's span figure asks for


class Outcomes:
    """Right / wrong / refused per data set and TAT-QA part; the misses that may be read (not the kept part's)."""

    def __init__(self, where: bool = False) -> None:
        self.counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
        self.misses: list[dict[str, Any]] = []
        self.where: Counter[str] | None = Counter() if where else None
        self._rows: dict[str, list[list[str]]] = {}

    def __call__(self, item: Scored) -> None:
        self.add(item.dataset.value, item)

    def add(self, dataset: str, item: Any) -> None:
        """One scored question of ``dataset`` (a Scored, or an IM-TQA item shaped like one)."""
        part = part_of(item.source) if dataset == QaDataset.TATQA.value else "-"
        refused = item.answer is None or item.answer.refused
        slot = 0 if item.ok else 2 if refused else 1
        keys = [dataset, f"{dataset}/{part}"]
        if dataset in BY_KIND:  # span / arithmetic / count apart, each with its wrong answers and refusals
            keys.append(f"{dataset}/{part}/{item.group}")
        for key in keys:
            self.counts[key][slot] += 1
        if self.where is not None and not item.ok and item.group == WHERE_GROUP:
            self.where[f"{part}: {self.missed_where(item)}"] += 1
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

    def missed_where(self, item: Any) -> str:
        """Where a TAT-QA span miss went wrong, as a cause name only (nothing of the question is kept)."""
        if not self._rows:
            contexts = json.loads((DATA / "tat-qa" / "tatqa_dataset_dev.json").read_text(encoding="utf-8"))
            self._rows = {ctx["table"]["uid"]: ctx["table"]["table"] for ctx in contexts}
        with tempfile.TemporaryDirectory() as tmp:
            table = table_from_rows(self._rows[item.source], Path(tmp), "where")
        if table is None:
            return "no table read"
        table = promote_period_rows(table)
        grid = filled_grid(table)
        golds = item.gold if isinstance(item.gold, list) else [item.gold]
        body = [(r, c) for r in range(table.header_rows, table.n_rows) for c in range(table.n_cols)]
        at = {(r, c) for r, c in body if grid[r][c].strip() and any(text_match(grid[r][c], str(g)) for g in golds)}
        ans = item.answer
        if not at:
            head = any(
                text_match(t, str(g)) for row in grid[: table.header_rows] for t in row if t.strip() for g in golds
            )
            said = "refused" if ans is None or ans.value is None else f"answered ({ans.intent or 'lookup'})"
            return f"gold is {'a header cell' if head else 'no cell'}, {said}"
        if ans is None or ans.refused or ans.value is None:
            linked = link(table, item.question)
            if ans is not None and ans.candidates:
                return "refused: cells tied"
            if not linked.rows:
                return "refused: no row linked"
            if not {s.index for s in linked.rows} & {r for r, _ in at}:
                return "refused: gold row not among linked rows"
            if not linked.cols:
                return "refused: no column linked"
            return "refused: row and column linked, a later check refused"
        if ans.sql:
            return f"wrong: computed ({ans.intent}), not looked up"
        cited = {(x.get("row"), x.get("col")) for x in ans.citations}
        if len(cited) != 1:
            return "wrong: several cells cited"
        r, c = cited.pop()
        row_ok, col_ok = r in {g[0] for g in at}, c in {g[1] for g in at}
        return (
            "wrong: "
            + {
                (True, True): "gold cell, value judged wrong",
                (True, False): "right row, wrong column",
                (False, True): "wrong row, right column",
                (False, False): "wrong row and column",
            }[(row_ok, col_ok)]
        )

    def lines(self) -> list[str]:
        out = []
        for key, (right, wrong, refused) in sorted(self.counts.items()):
            n = right + wrong + refused
            out.append(f"{key:<36} n={n:<5} right/wrong/refused {right / n:.3f} / {wrong / n:.3f} / {refused / n:.3f}")
        return out


class ImtqaItem:
    """One IM-TQA question as scored (the fields Outcomes reads)."""

    def __init__(self, source: str, group: str, question: str, gold: str, answer: Answer | None) -> None:
        self.source, self.group, self.question, self.gold, self.answer = source, group, question, gold, answer
        self.ok = (
            answer is not None
            and answer.value is not None
            and (text_match(answer.value, gold) or (answer.label is not None and text_match(answer.label, gold)))
        )


def eval_imtqa(outcomes: Outcomes, smoke: bool) -> QaReport:
    """IM-TQA dev one-cell questions, grouped by table type (vertical, horizontal, hierarchical, complex)."""
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


def _words(text: str) -> str:
    return " " + " ".join(re.findall(r"[^\W_]+(?:[.,%][^\W_]+)*%?", text.lower())) + " "


TWO_ASKS = re.compile(r"\band\s+(what|how|which|when|who|where|in\s+what|did|was|were)\b", re.IGNORECASE)


def fetaqa_lookups(rows: list[dict[str, Any]]) -> list[tuple[dict[str, Any], tuple[int, int]]]:
    """FeTaQA dev questions that are one-cell lookups, each with its asked cell: the highlighted body cells the question
    names (the row's key) lie in one row, and that row holds exactly one other highlighted cell, absent from the
    question and stated in the reference answer (the value asked). Questions joining two asks ("... and what ...") are
    left out. FeTaQA highlights whole multi-fact answers, so few (about 20 of 1,001) are such lookups."""
    out = []
    for r in rows:
        table, q, said = r["table_array"], _words(r["question"]), _words(r["answer"])
        if TWO_ASKS.search(r["question"]):
            continue
        cells = [(i, j) for i, j in r["highlighted_cell_ids"] if i > 0 and table[i][j].strip()]
        named = [(i, j) for i, j in cells if _words(table[i][j]) in q]
        if len({i for i, _ in named}) != 1:
            continue
        rest = [(i, j) for i, j in cells if i == named[0][0] and _words(table[i][j]) not in q]
        if len(rest) == 1 and _words(table[rest[0][0]][rest[0][1]]) in said:
            out.append((r, rest[0]))
    return out


def eval_fetaqa(outcomes: Outcomes, smoke: bool) -> QaReport:
    """FeTaQA dev one-cell lookups (see fetaqa_lookups), over each table written as CSV, grouped by the asked cell's
    kind (number or text); right = the answer's value (or label) equals the asked cell's text."""
    import time

    rows = [json.loads(line) for line in (DATA / "fetaqa" / "fetaQA-v1_dev.jsonl").open(encoding="utf-8")]
    report = QaReport("fetaqa dev (one-cell lookups)")
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for r, (i, j) in fetaqa_lookups(rows)[: 40 if smoke else None]:
            table = table_from_rows(r["table_array"], Path(tmp), f"feta-{r['feta_id']}")
            try:
                ans = answer_table(table, r["question"]) if table is not None else None
            except Exception as exc:  # a defect on one question is data for the report, the run goes on
                ans = Answer(f"error: {type(exc).__name__}: {exc}", None, refused=True)
            gold = r["table_array"][i][j]
            kind = "number" if re.search(r"\d", gold) else "text"
            item = ImtqaItem(str(r["feta_id"]), kind, r["question"], gold, ans)
            report.groups[item.group].add(item.ok, ans is None or ans.refused)
            outcomes.add(FETAQA, item)
    report.seconds = time.perf_counter() - start
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--smoke", action="store_true")
    parser.add_argument("--datasets", nargs="+", default=[*(d.value for d in QaDataset), IMTQA, FETAQA])
    parser.add_argument("--part", choices=PARTS, default="all", help="TAT-QA tables of one part only")
    parser.add_argument("--misses", type=Path, default=None, help="write misses (never the kept part's) here")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--where", action="store_true", help=f"count TAT-QA {WHERE_GROUP} misses by cause (totals)")
    args = parser.parse_args()
    outcomes = Outcomes(where=args.where)
    keep = None if args.part == "all" else (lambda uid: part_of(uid) == args.part)
    options = QaEvalOptions(smoke=args.smoke, tatqa_tables=keep, on_scored=outcomes)
    reports = run_qa_eval(DATA, [QaDataset(d) for d in args.datasets if d not in (IMTQA, FETAQA)], options)
    if IMTQA in args.datasets:
        reports.append(eval_imtqa(outcomes, args.smoke))
    if FETAQA in args.datasets:
        reports.append(eval_fetaqa(outcomes, args.smoke))
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
    for cause, n in sorted((outcomes.where or {}).items()):
        print(f"  {cause:<60} {n}")
    if args.misses:
        args.misses.write_text("".join(json.dumps(m, ensure_ascii=False) + "\n" for m in outcomes.misses), "utf-8")


if __name__ == "__main__":
    main()
