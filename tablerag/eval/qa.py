"""QA evaluation (layer 4) with the table given: TAT-QA dev (by answer type), HiTab workbooks (their answer
formulas), WikiTableQuestions (by question kind). Rules only by default; with an LLM (`QaEvalOptions.llm`) the
same questions are routed by it and get its SQL as configured, so the two runs compare like for like.

Each table goes through our own readers (CSV for TAT-QA and WTQ, the spreadsheet reader for HiTab), then
``answer_table`` answers the question; a refusal counts as wrong."""

from __future__ import annotations

import ast
import csv
import json
import operator
import re
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tablerag.model import Table
from tablerag.parsing import parse
from tablerag.parsing.numbers import parse_number
from tablerag.qa.answer import answer_table
from tablerag.qa.result import Answer
from tablerag.qa.route import rule_route

if TYPE_CHECKING:
    from tablerag.llm.answer import LlmQa

NUMERIC_DECIMALS = 2  # TAT-QA's own metric compares arithmetic answers rounded to 2 decimals
SCALES = {"": 1.0, "thousand": 1e3, "million": 1e6, "billion": 1e9, "percent": 1.0}
SMOKE_ITEMS = 40  # questions per dataset in --smoke
_STRIP = re.compile(r"[\s$€£¥,%]|^\(|\)$")
_CELL = re.compile(r"\$?([A-Z]{1,3})\$?(\d+)")


class QaDataset(StrEnum):
    TATQA = "tat-qa"
    HITAB = "hitab"
    WTQ = "wtq"


@dataclass(slots=True)
class Tally:
    n: int = 0
    correct: int = 0
    refused: int = 0

    def add(self, ok: bool, refused: bool) -> None:
        self.n += 1
        self.correct += ok
        self.refused += refused

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.n, "accuracy": round(self.correct / self.n, 4) if self.n else None, "refused": self.refused}


@dataclass(frozen=True, slots=True)
class Scored:
    """One question as scored: ``source`` names its table (TAT-QA: the table uid; HiTab: the workbook; WTQ: the
    CSV path), so a caller can split by table (a tune/kept split) before looking at any answer."""

    dataset: QaDataset
    source: str
    group: str
    question: str
    gold: Any
    answer: Answer | None
    ok: bool


@dataclass(slots=True)
class QaEvalOptions:
    """``smoke``: SMOKE_ITEMS questions; ``limit``: the first N questions (in file order, so runs with and without
    an LLM see the same ones); ``llm``: route and write SQL with it; ``tatqa_tables``: keep only the TAT-QA
    contexts whose table uid it accepts (a tune/kept split); ``on_scored``: called with every scored question."""

    smoke: bool = False
    limit: int | None = None
    llm: LlmQa | None = None
    tatqa_tables: Callable[[str], bool] | None = None
    on_scored: Callable[[Scored], None] | None = None

    def scored(self, item: Scored) -> None:
        if self.on_scored is not None:
            self.on_scored(item)

    def cap(self) -> int | None:
        return min(SMOKE_ITEMS, self.limit or SMOKE_ITEMS) if self.smoke else self.limit


@dataclass(slots=True)
class QaReport:
    dataset: str
    groups: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    seconds: float = 0.0
    examples: list[dict[str, Any]] = field(default_factory=list)
    llm: dict[str, Any] | None = None  # model and what it did (LlmQaStats), when one was used

    def to_dict(self) -> dict[str, Any]:
        total = Tally(
            sum(t.n for t in self.groups.values()),
            sum(t.correct for t in self.groups.values()),
            sum(t.refused for t in self.groups.values()),
        )
        return {
            "dataset": self.dataset,
            "overall": total.to_dict(),
            "by_group": {k: v.to_dict() for k, v in sorted(self.groups.items())},
            "seconds": round(self.seconds, 1),
            "seconds_per_question": round(self.seconds / total.n, 3) if total.n else None,
            "llm": self.llm,
            "examples": self.examples[:20],
        }


def norm_text(text: str) -> str:
    return " ".join(_STRIP.sub(" ", str(text).lower()).replace("-", " ").split()).strip(" .")


def as_number(text: Any) -> float | None:
    if isinstance(text, int | float):
        return float(text)
    parsed = parse_number(str(text).strip())
    return None if parsed is None else float(parsed.value)


def numbers_match(ours: str | None, gold: Any, scale: float = 1.0) -> bool:
    """Equal after rounding to NUMERIC_DECIMALS, in the table's units or with the dataset's scale applied."""
    a, b = as_number(ours) if ours is not None else None, as_number(gold)
    if a is None or b is None:
        return False
    return any(round(x, NUMERIC_DECIMALS) == round(b, NUMERIC_DECIMALS) for x in (a, a / scale))


def text_match(ours: str | None, gold: str) -> bool:
    if ours is None:
        return False
    if norm_text(ours) == norm_text(gold):
        return True
    return numbers_match(ours, gold)


def table_from_rows(rows: list[list[str]], folder: Path, name: str) -> Table | None:
    """The first table read from the grid written as a CSV file."""
    tables = tables_from_rows(rows, folder, name)
    return tables[0] if tables else None


def tables_from_rows(rows: list[list[str]], folder: Path, name: str) -> list[Table]:
    """Every table read from the grid written as a CSV file (stacked header blocks make several)."""
    path = folder / f"{name}.csv"
    with path.open("w", encoding="utf-8", newline="") as fh:
        csv.writer(fh).writerows(rows)
    return parse(path).tables


def answer_any(tables: list[Table], question: str, llm: LlmQa | None = None) -> Answer | None:
    """The document given: each table answers, a value before a refusal, then the best link score (as ``ask`` ranks
    the tables a file filter leaves)."""
    found = [a for t in tables if (a := _answer(t, question, llm)) is not None]
    return min(found, key=lambda a: (a.value is None, -a.score)) if found else None


def _answer(table: Table | None, question: str, llm: LlmQa | None = None) -> Answer | None:
    if table is None:
        return None
    try:
        return answer_table(table, question, llm=llm)
    except Exception as exc:  # a defect on one question is data for the report, the run goes on
        return Answer(f"error: {type(exc).__name__}: {exc}", None, refused=True)


# --- TAT-QA -----------------------------------------------------------------------------------------------------
def tatqa_ok(ans: Answer | None, q: dict[str, Any]) -> bool:
    if ans is None or ans.value is None:
        return False
    gold, kind = q["answer"], q["answer_type"]
    if kind in ("arithmetic", "count"):
        return numbers_match(ans.value, gold, SCALES.get(q.get("scale") or "", 1.0))
    golds = gold if isinstance(gold, list) else [gold]
    if kind == "multi-span":
        ours = {norm_text(x) for x in re.split(r";\s*", ans.label or ans.value)}
        return ours == {norm_text(g) for g in golds}
    return any(text_match(ans.value, g) or (ans.label is not None and text_match(ans.label, g)) for g in golds)


def eval_tatqa(data: Path, options: QaEvalOptions) -> QaReport:
    report = QaReport("tat-qa dev")
    contexts = json.loads((data / "tat-qa" / "tatqa_dataset_dev.json").read_text(encoding="utf-8"))
    done, cap = 0, options.cap()
    with tempfile.TemporaryDirectory() as tmp:
        for i, ctx in enumerate(contexts):
            questions = [q for q in ctx["questions"] if q["answer_from"] in ("table", "table-text")]
            if not questions or (options.tatqa_tables is not None and not options.tatqa_tables(ctx["table"]["uid"])):
                continue
            tables = tables_from_rows(ctx["table"]["table"], Path(tmp), f"tatqa{i}")
            for q in questions[: cap - done] if cap is not None else questions:
                ans = answer_any(tables, q["question"], options.llm)
                ok = tatqa_ok(ans, q)
                group = f"{q['answer_from']}/{q['answer_type']}"
                report.groups[group].add(ok, ans is None or ans.refused)
                _example(report, q["question"], q["answer"], ans, ok)
                options.scored(Scored(QaDataset.TATQA, ctx["table"]["uid"], group, q["question"], q["answer"], ans, ok))
                done += 1
            if cap is not None and done >= cap:
                break
    return report


def _example(report: QaReport, question: str, gold: Any, ans: Answer | None, ok: bool) -> None:
    if len(report.examples) < 200:
        report.examples.append(
            {
                "q": question,
                "gold": gold,
                "ours": ans.value if ans else None,
                "label": ans.label if ans else None,
                "intent": ans.intent if ans else None,
                "sql": ans.sql if ans else None,
                "sql_by": ans.sql_by if ans else None,
                "ok": ok,
            }
        )


# --- HiTab ------------------------------------------------------------------------------------------------------
_OPS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
}
_FUNCS: dict[str, Callable[[list[float]], float]] = {
    "SUM": sum,
    "AVERAGE": lambda x: sum(x) / len(x),
    "MAX": max,
    "MIN": min,
}


def _cells_in(ref: str, sheet: Any) -> list[Any]:
    if ":" not in ref:
        return [sheet[ref.replace("$", "")].value]
    return [c.value for row in sheet[ref.replace("$", "")] for c in row]


def _eval_node(node: ast.AST, sheet: Any) -> Any:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return sheet[node.id].value
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        return _OPS[type(node.op)](float(_eval_node(node.left, sheet)), float(_eval_node(node.right, sheet)))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -float(_eval_node(node.operand, sheet))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id.upper() in _FUNCS:
        vals = [float(v) for a in node.args for v in _flatten(a, sheet) if isinstance(v, int | float)]
        return _FUNCS[node.func.id.upper()](vals)
    raise ValueError(f"unsupported formula part {ast.dump(node)[:60]}")


def _flatten(node: ast.AST, sheet: Any) -> list[Any]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return _cells_in(node.value, sheet)
    return [_eval_node(node, sheet)]


def hitab_gold(formula: Any, sheet: Any) -> list[Any]:
    """An answer formula (``=B21``, ``=(B4-C4)/C4``, ``SUM(B4:B6)``, ``B4,D4``) evaluated on the original sheet."""
    text = str(formula).strip()
    if not text.startswith("=") and not _CELL.fullmatch(text.split(",")[0].strip()):
        return [formula]
    parts = [p.strip() for p in text.lstrip("=").split(",")] if not text.startswith("=") else [text[1:]]
    out = []
    for part in parts:
        expr = re.sub(r"(\$?[A-Z]{1,3}\$?\d+:\$?[A-Z]{1,3}\$?\d+)", r"'\1'", part)
        expr = _CELL.sub(lambda m: f"{m.group(1)}{m.group(2)}", expr)
        out.append(_eval_node(ast.parse(expr, mode="eval").body, sheet))
    return out


def hitab_items(path: Path, unscored: bool = False) -> Iterator[tuple[str, str, list[Any]]]:
    """(question, aggregation, gold values) of a workbook's annotated questions; a question whose answer formula
    cannot be evaluated is left out, or given with no gold values when ``unscored`` (a sweep wants every one)."""
    import openpyxl

    wb = openpyxl.load_workbook(path, data_only=False)
    if "labeling" not in wb.sheetnames or "original" not in wb.sheetnames:
        return
    lab, orig = wb["labeling"], wb["original"]
    rows = [[c.value for c in r] + [None, None] for r in lab.iter_rows()]
    for i, (a, b, *_) in enumerate(rows):
        if str(a or "").strip().startswith("question rewrite") and b and i + 2 < len(rows):
            try:  # an answer of several cells ("Garlic", "Kiwi") fills the row's cells after its label
                answers = [v for v in rows[i + 1][1:] if v is not None and str(v).strip()] or [None]
                gold = list(dict.fromkeys(g for v in answers for g in hitab_gold(v, orig)))  # "2015" written 5 times
            except (ValueError, SyntaxError, TypeError, ZeroDivisionError, KeyError, AttributeError):
                if not unscored:
                    continue
                gold = []
            yield str(b), str(rows[i + 2][1] or "none").strip().lower(), gold


def hitab_ok(ans: Answer | None, gold: list[Any]) -> bool:
    if ans is None or ans.value is None:
        return False
    if len(gold) > 1:  # several answers: the same ones, in any order (a label may hold a ";" itself)
        listed = [norm_text(x) for x in re.split(r";\s*", ans.label or ans.value) if x.strip()]
        wanted = [norm_text(x) for g in gold for x in re.split(r";\s*", str(g)) if x.strip()]
        if len(listed) == len(wanted):
            return sorted(listed) == sorted(wanted)
    ours = [ans.value] + ([ans.label] if ans.label else [])
    return all(any(text_match(o, str(g)) for o in ours) for g in gold)


def eval_hitab(data: Path, options: QaEvalOptions) -> QaReport:
    report = QaReport("hitab workbooks")
    files = sorted((data / "hitab-statcan-xlsx" / "xlsx").glob("*.xlsx"), key=lambda p: int(p.stem))
    done, cap = 0, options.limit
    for path in files[:4] if options.smoke else files:
        doc = parse(path)
        tables = [t for t in doc.tables if t.source.sheet == "original"]
        for question, agg, gold in hitab_items(path):
            if cap is not None and done >= cap:
                return report
            ans = _answer(tables[0] if tables else None, question, options.llm)
            ok = hitab_ok(ans, gold)
            report.groups[agg].add(ok, ans is None or ans.refused)
            _example(report, question, [str(g) for g in gold], ans, ok)
            options.scored(Scored(QaDataset.HITAB, path.stem, agg, question, gold, ans, ok))
            done += 1
    return report


# --- WikiTableQuestions -----------------------------------------------------------------------------------------
def wtq_kind(question: str) -> str:
    r = rule_route(question)
    return r.intent.value if r.intent else r.kind.value


def wtq_ok(ans: Answer | None, target: str) -> bool:
    if ans is None or ans.value is None:
        return False
    golds = [g.replace("\\n", "\n").replace("\\p", "|") for g in target.split("|")]
    ours = [x for x in re.split(r";\s*", ans.label or ans.value) if x]
    if len(golds) != len(ours):
        ours = [ans.value]
    return len(golds) == len(ours) and all(any(text_match(o, g) for o in ours) for g in golds)


def eval_wtq(data: Path, options: QaEvalOptions) -> QaReport:
    report = QaReport("wikitablequestions (300-table share)")
    root = data / "wikitablequestions"
    lines = (root / "data" / "pristine-unseen-tables.subset300.tsv").read_text(encoding="utf-8").splitlines()[1:]
    cache: dict[str, Table | None] = {}
    cap = options.cap()
    for line in lines[:cap] if cap is not None else lines:
        _id, question, context, target = line.split("\t")[:4]
        if context not in cache:
            doc = parse(root / context)
            cache[context] = doc.tables[0] if doc.tables else None
        ans = _answer(cache[context], question, options.llm)
        ok = wtq_ok(ans, target)
        group = wtq_kind(question)
        report.groups[group].add(ok, ans is None or ans.refused)
        _example(report, question, target, ans, ok)
        options.scored(Scored(QaDataset.WTQ, context, group, question, target, ans, ok))
    return report


RUNNERS: dict[QaDataset, Callable[[Path, QaEvalOptions], QaReport]] = {
    QaDataset.TATQA: eval_tatqa,
    QaDataset.HITAB: eval_hitab,
    QaDataset.WTQ: eval_wtq,
}


def run_qa_eval(data: Path, datasets: list[QaDataset], options: QaEvalOptions | bool = False) -> list[QaReport]:
    """``options``: a QaEvalOptions, or just the smoke flag."""
    opts = options if isinstance(options, QaEvalOptions) else QaEvalOptions(smoke=options)
    out = []
    for ds in datasets:
        before = opts.llm.stats.as_dict() if opts.llm is not None else {}
        start = time.perf_counter()
        rep = RUNNERS[ds](data, opts)
        rep.seconds = time.perf_counter() - start
        if opts.llm is not None:
            after = opts.llm.stats.as_dict()
            rep.llm = {"model": opts.llm.llm.model, "sql": opts.llm.sql.value, "route": opts.llm.route}
            rep.llm |= {k: after[k] - before.get(k, 0) for k in after}
        out.append(rep)
    return out
