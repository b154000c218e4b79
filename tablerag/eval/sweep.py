"""A sweep of real questions through the question answering, looking for crashes, not scoring answers.

Every dev question of TAT-QA, HiTab, WikiTableQuestions, IM-TQA and FeTaQA goes through ``answer_table`` (what
``ask`` runs once it has found the table) against its own table, read by our own readers; every Spider and BIRD
question goes through the schema search over its database's columns. Per data set: how many were answered,
refused (or not linked to the table), computed by SQL, and how many raised, each exception listed with its
question. A question that raises is a defect: the sweep reports it and goes on.
"""

from __future__ import annotations

import json
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from tablerag.eval.qa import hitab_items, table_from_rows
from tablerag.eval.retrieval import imtqa_grids
from tablerag.eval.schema import SchemaDataset, build_index, dataset_files
from tablerag.index.embed import load_embedder
from tablerag.model import Table
from tablerag.parsing import parse
from tablerag.qa.answer import answer_table

SMOKE_QUESTIONS = 30  # per data set in --smoke: every reader and route runs, well inside CI's minute
MAX_LISTED = 50  # exceptions listed per data set (the count is always complete)


class SweepDataset(StrEnum):
    TATQA = "tat-qa"
    HITAB = "hitab"
    WTQ = "wtq"
    IMTQA = "im-tqa"
    FETAQA = "fetaqa"
    SPIDER = "spider"
    BIRD = "bird"


@dataclass(slots=True)
class Item:
    """One question and how to get its table (tables are shared by several questions: built once, cached)."""

    qid: str
    question: str
    table_key: str
    table: Callable[[], Table | None]


@dataclass(slots=True)
class SweepReport:
    dataset: str
    n: int = 0
    answered: int = 0
    refused: int = 0
    computed: int = 0
    exceptions: list[dict[str, str]] = field(default_factory=list)
    n_exceptions: int = 0
    seconds: float = 0.0

    def add_exception(self, qid: str, question: str, exc: BaseException) -> None:
        self.n_exceptions += 1
        if len(self.exceptions) < MAX_LISTED:
            where = traceback.extract_tb(exc.__traceback__)[-1]
            self.exceptions.append(
                {
                    "id": qid,
                    "question": question,
                    "type": type(exc).__name__,
                    "message": str(exc)[:300],
                    "at": f"{Path(where.filename).name}:{where.lineno} {where.name}",
                }
            )

    def to_dict(self) -> dict[str, Any]:
        return {
            "dataset": self.dataset,
            "questions": self.n,
            "answered": self.answered,
            "refused": self.refused,
            "computed": self.computed,
            "exceptions": self.n_exceptions,
            "seconds": round(self.seconds, 1),
            "exception_list": self.exceptions,
        }


# --- items per data set -----------------------------------------------------------------------------------------
def _csv_table(rows: list[list[str]], folder: Path, name: str) -> Callable[[], Table | None]:

    return lambda: table_from_rows(rows, folder, name)


def _parsed_table(path: Path, sheet: str | None = None) -> Callable[[], Table | None]:
    def build() -> Table | None:

        tables = [t for t in parse(path).tables if sheet is None or t.source.sheet == sheet]
        return tables[0] if tables else None

    return build


def tatqa_items(data: Path, folder: Path) -> Iterator[Item]:
    contexts = json.loads((data / "tat-qa" / "tatqa_dataset_dev.json").read_text(encoding="utf-8"))
    for i, ctx in enumerate(contexts):
        table = _csv_table(ctx["table"]["table"], folder, f"tatqa{i}")
        for q in ctx["questions"]:
            yield Item(q["uid"], q["question"], f"tatqa{i}", table)


def hitab_items_all(data: Path, _folder: Path) -> Iterator[Item]:

    files = sorted((data / "hitab-statcan-xlsx" / "xlsx").glob("*.xlsx"), key=lambda p: int(p.stem))
    for path in files:
        for j, (question, _agg, _gold) in enumerate(hitab_items(path, unscored=True)):
            yield Item(f"{path.stem}-{j}", question, path.name, _parsed_table(path, "original"))


def wtq_items(data: Path, _folder: Path) -> Iterator[Item]:
    root = data / "wikitablequestions"
    lines = (root / "data" / "pristine-unseen-tables.subset300.tsv").read_text(encoding="utf-8").splitlines()[1:]
    for line in lines:
        qid, question, context = line.split("\t")[:3]
        yield Item(qid, question, context, _parsed_table(root / context))


def imtqa_items(data: Path, folder: Path) -> Iterator[Item]:

    base = data / "im-tqa-zh"
    grids = imtqa_grids(base)
    for q in json.loads((base / "dev_questions.json").read_text(encoding="utf-8")):
        rows = grids.get(q["table_id"])
        table = _csv_table(rows, folder, f"imtqa-{q['table_id']}") if rows else (lambda: None)
        yield Item(str(q["question_id"]), q["chinese_question"], q["table_id"], table)


def fetaqa_items(data: Path, folder: Path) -> Iterator[Item]:
    for line in (data / "fetaqa" / "fetaQA-v1_dev.jsonl").read_text(encoding="utf-8").splitlines():
        ex = json.loads(line)
        key = f"fetaqa-{ex['feta_id']}"
        yield Item(str(ex["feta_id"]), ex["question"], key, _csv_table(ex["table_array"], folder, key))


TABLE_SETS: dict[SweepDataset, Callable[[Path, Path], Iterator[Item]]] = {
    SweepDataset.TATQA: tatqa_items,
    SweepDataset.HITAB: hitab_items_all,
    SweepDataset.WTQ: wtq_items,
    SweepDataset.IMTQA: imtqa_items,
    SweepDataset.FETAQA: fetaqa_items,
}


# --- runs -------------------------------------------------------------------------------------------------------
def sweep_tables(ds: SweepDataset, data: Path, limit: int | None = None) -> SweepReport:
    """Every question of a table QA data set through ``answer_table``; a table that cannot be read counts against
    each of its questions as the exception it raised."""

    report = SweepReport(ds.value)
    start = time.perf_counter()
    tables: dict[str, Table | None | BaseException] = {}
    with tempfile.TemporaryDirectory() as tmp:
        items = list(TABLE_SETS[ds](data, Path(tmp)))
        if limit is not None:  # spread over the file, so a smoke run meets many tables, not the first few
            items = items[:: max(1, len(items) // limit)][:limit]
        for item in items:
            report.n += 1
            try:
                if item.table_key not in tables:
                    tables[item.table_key] = _built(item)
                table = tables[item.table_key]
                if isinstance(table, BaseException):
                    raise table
                ans = answer_table(table, item.question) if table is not None else None
            except Exception as exc:  # the sweep's purpose: a crash is counted and listed, the run goes on
                report.add_exception(item.qid, item.question, exc)
                continue
            if ans is None or ans.refused or ans.value is None:
                report.refused += 1
            else:
                report.answered += 1
                report.computed += ans.sql is not None
    report.seconds = time.perf_counter() - start
    return report


def _built(item: Item) -> Table | None | BaseException:
    try:
        return item.table()
    except Exception as exc:  # a table our readers cannot read: every question on it reports the cause
        return exc


def sweep_schema(ds: SweepDataset, data: Path, work: Path, embedder: Any, limit: int | None = None) -> SweepReport:
    """Every Spider / BIRD dev question through the schema search of its database (hybrid mode)."""

    report = SweepReport(ds.value)
    start = time.perf_counter()
    schema_file, questions = dataset_files(data, SchemaDataset(ds.value))
    if limit is not None:
        questions = questions[:: max(1, len(questions) // limit)][:limit]
    index, _ = build_index(schema_file, work / f"sweep-{ds.value}", embedder, {q.db for q in questions})
    for q in questions:
        report.n += 1
        try:
            hits = index.search(q.question, k=10, db=q.db)
        except Exception as exc:  # counted and listed, the run goes on
            report.add_exception(q.id, q.question, exc)
            continue
        if hits:
            report.answered += 1
        else:
            report.refused += 1
    report.seconds = time.perf_counter() - start
    return report


def run_sweep(
    data: Path, datasets: list[SweepDataset], work: Path, embedder: Any = None, smoke: bool = False
) -> list[SweepReport]:
    """The sweep over ``datasets``; ``smoke``: SMOKE_QUESTIONS per data set. ``embedder``: for the schema search
    (loaded when a schema data set is asked for and none is given)."""
    limit = SMOKE_QUESTIONS if smoke else None
    reports = []
    for ds in datasets:
        if ds in TABLE_SETS:
            reports.append(sweep_tables(ds, data, limit))
            continue
        if embedder is None:
            embedder = load_embedder("use")
        reports.append(sweep_schema(ds, data, work, embedder, limit))
    return reports
