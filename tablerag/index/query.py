"""What search hands back and what it reads: the `Hit`, one question as both search stages see it (`Query`), and
`Searchable`, the stores a search reads (the index folder's catalog, BM25, vector store and table store). Search
takes a `Searchable`, not the index class, so the index can call search without the two importing each other."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

if TYPE_CHECKING:
    from tablerag.decomposition.records import RecordOptions
    from tablerag.index.catalog import RecordCatalog
    from tablerag.index.labels import Found
    from tablerag.index.store import TableStore
    from tablerag.model import Record


@dataclass(slots=True)
class Hit:
    id: str
    kind: str
    text: str
    score: float
    source: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "text": self.text, "score": self.score, "source": self.source}


def hit(record: Record, score: float) -> Hit:
    """A record as a search result: its text, score and provenance."""
    return Hit(record.id, record.kind, record.text, round(score, 6), record.provenance.to_dict())


def chroma_where(filters: dict[str, str] | None) -> dict[str, Any] | None:
    """Search filters as a Chroma ``where`` clause (None: no filter)."""
    if not filters:
        return None
    items = [{k: v} for k, v in filters.items()]
    return items[0] if len(items) == 1 else {"$and": items}


@dataclass(slots=True)
class Query:
    """One question as both stages see it: its vector, its BM25 score for every record (computed once), the
    records its filters allow (None: all), and the stored vectors read so far for stage two."""

    question: str
    qvec: np.ndarray
    filters: dict[str, str] | None
    bm25: np.ndarray
    mask: np.ndarray | None
    vectors: dict[str, np.ndarray] = field(default_factory=dict)
    found: Found | None = None  # the row labels the question names, once looked up (named_rows)


class Searchable(Protocol):
    """The stores one search reads."""

    @property
    def catalog(self) -> RecordCatalog: ...

    @property
    def lexical(self) -> Any: ...  # LexicalIndex, built on first use

    @property
    def vector(self) -> Any: ...  # VectorStore (chromadb is imported only when it is opened)

    @property
    def embedder(self) -> Any: ...

    @property
    def records(self) -> RecordOptions: ...

    @property
    def store(self) -> TableStore: ...
