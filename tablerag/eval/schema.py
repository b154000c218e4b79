"""Column retrieval evaluation (layer 5): Recall@K and the share of questions with every gold column in the top K,
on Spider dev, BIRD mini-dev and MachineSpider (German), with latency per question."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from tablerag.schema.load import load_schema
from tablerag.schema.store import SchemaIndex, SchemaMode

KS = (5, 10, 20)  # recall cut-offs: what a prompt holds for a small, a medium and a large schema
SMOKE_QUESTIONS = 30  # questions per dataset in --smoke: enough to exercise every path in seconds


class SchemaDataset(StrEnum):
    SPIDER = "spider"
    BIRD = "bird"
    GERMAN = "machinespider-de"


@dataclass(slots=True)
class GoldQuestion:
    id: str
    db: str
    question: str
    gold: list[str]  # "table.column", lower-cased


@dataclass(slots=True)
class SchemaReport:
    dataset: str
    mode: str
    embedder: str
    n: int = 0
    skipped_no_gold: int = 0
    recall: dict[int, float] = field(default_factory=dict)
    all_gold: dict[int, float] = field(default_factory=dict)
    latency_ms: float = 0.0
    index_s: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "dataset": self.dataset,
            "mode": self.mode,
            "embedder": self.embedder,
            "n": self.n,
            "skipped_no_gold": self.skipped_no_gold,
            "recall": {f"@{k}": round(v, 4) for k, v in self.recall.items()},
            "all_gold": {f"@{k}": round(v, 4) for k, v in self.all_gold.items()},
            "latency_ms_per_question": round(self.latency_ms, 2),
            "index_s": round(self.index_s, 1),
        }


def dataset_files(data: Path, ds: SchemaDataset) -> tuple[Path, list[GoldQuestion]]:
    if ds is SchemaDataset.BIRD:
        root = data / "bird-minidev"
        refs = json.loads((root / "mini_dev_refs.arcwise.json").read_text(encoding="utf-8"))
        qs = [
            GoldQuestion(
                str(r["question_id"]),
                r["db_id"],
                f"{r['question']} {r.get('evidence') or ''}".strip(),
                [c.lower() for c in r["sql_refs"]["columns"]],
            )
            for r in refs
        ]
        return root / "dev_tables.json", qs
    root = data / ("spider" if ds is SchemaDataset.SPIDER else "machinespider-de")
    schema = root / ("tables.json" if ds is SchemaDataset.SPIDER else "tables.dev_dbs.json")
    lines = (root / "dev_gold_columns.jsonl").read_text(encoding="utf-8").splitlines()
    qs = []
    for line in lines:
        r = json.loads(line)
        qs.append(GoldQuestion(str(r["index"]), r["db_id"], r["question"], [c.lower() for c in r["gold_columns"]]))
    return schema, qs


def build_index(
    schema_file: Path, folder: Path, embedder: Any, dbs: set[str] | None = None
) -> tuple[SchemaIndex, float]:
    start = time.perf_counter()
    schema = load_schema(schema_file)
    if dbs is not None:
        schema.columns = [c for c in schema.columns if c.db in dbs]
    index = SchemaIndex.build(schema, folder, embedder)
    return index, time.perf_counter() - start


def evaluate(
    index: SchemaIndex, questions: list[GoldQuestion], mode: SchemaMode, name: str, qvecs: Any, encode_s: float
) -> SchemaReport:
    """Query vectors come batched (``qvecs``); their encode time is added back per question in the latency."""
    report = SchemaReport(name, mode.value, index.embedder.name)
    hits_at = {k: 0.0 for k in KS}
    full_at = {k: 0 for k in KS}
    elapsed = 0.0
    for q, qvec in zip(questions, qvecs, strict=True):
        if not q.gold:
            report.skipped_no_gold += 1
            continue
        start = time.perf_counter()
        hits = index.search(q.question, k=max(KS), db=q.db, mode=mode, qvec=qvec)
        elapsed += time.perf_counter() - start
        ranked = [f"{h.table}.{h.column}".lower() for h in hits]
        gold = set(q.gold)
        for k in KS:
            found = len(gold & set(ranked[:k]))
            hits_at[k] += found / len(gold)
            full_at[k] += found == len(gold)
        report.n += 1
    n = max(1, report.n)
    report.recall = {k: v / n for k, v in hits_at.items()}
    report.all_gold = {k: v / n for k, v in full_at.items()}
    report.latency_ms = 1000 * (elapsed / n + encode_s / max(1, len(questions)))
    return report


def run_schema_eval(
    data: Path, work: Path, embedder: Any, datasets: list[SchemaDataset], modes: list[SchemaMode], smoke: bool
) -> list[SchemaReport]:
    reports = []
    for ds in datasets:
        schema_file, questions = dataset_files(data, ds)
        if smoke:
            questions = questions[:SMOKE_QUESTIONS]
        dbs = {q.db for q in questions}
        index, built = build_index(
            schema_file, work / f"{ds.value}-{embedder.name.replace('/', '_').replace(':', '_')}", embedder, dbs
        )
        start = time.perf_counter()
        qvecs = index.encode([q.question for q in questions])
        encode_s = time.perf_counter() - start
        for mode in modes:
            rep = evaluate(index, questions, mode, ds.value, qvecs, encode_s)
            rep.index_s = built
            reports.append(rep)
    return reports
