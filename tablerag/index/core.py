"""The index: one folder holding ChromaDB (dense), BM25 (lexical) and DuckDB (tables, records, manifest).

A document is committed to all stores together or not at all: it is marked `pending` in the manifest, written to
the vector store, then its tables and records are written with status `done` in one DuckDB transaction. On open,
any `pending` document (a crashed run) is removed from every store, so re-running the batch ends clean.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from tablerag.decomposition.records import Tags, document_records
from tablerag.errors import IndexMismatchError, TableragError
from tablerag.index.tables import DocumentEntry, TableStore
from tablerag.model import Record, Table, doc_id, sha256_file

DENSE_CANDIDATES = 60  # seed 000: 60 candidates before the top 12 go to the prompt
EMBED_BATCH = 256  # texts per encode call: large enough to amortise model overhead, small enough for memory

IngestStatus = Literal["added", "replaced", "unchanged", "failed", "skipped"]


@dataclass(slots=True)
class IngestResult:
    path: str
    status: IngestStatus
    doc: str | None = None
    n_tables: int = 0
    n_records: int = 0
    error: str | None = None

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
class Hit:
    id: str
    kind: str
    text: str
    score: float
    source: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "text": self.text, "score": self.score, "source": self.source}


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


def chroma_where(filters: dict[str, str] | None) -> dict[str, Any] | None:
    if not filters:
        return None
    items = [{k: v} for k, v in filters.items()]
    return items[0] if len(items) == 1 else {"$and": items}


class Index:
    """`Index(path).add(paths, **tags)`, `.search(question, k, filters)`, `.ask(question)`."""

    def __init__(
        self, path: str | os.PathLike[str], embedder: Any = None, chroma_url: str | None = None, facts: bool = True
    ) -> None:
        from tablerag.index.embed import load_embedder

        self.path = Path(path)
        self.path.mkdir(parents=True, exist_ok=True)
        self.store = TableStore(self.path / "tables.duckdb")
        stored = self.store.get_meta("embedder_spec")
        spec = embedder if isinstance(embedder, str) or embedder is None else None
        if spec is not None and stored is not None and spec != stored:
            raise IndexMismatchError(f"index {self.path} was built with embedder '{stored}', not '{spec}'")
        self.embedder = embedder if (embedder is not None and spec is None) else load_embedder(spec or stored)
        if stored is None:
            self.store.set_meta("embedder_spec", spec or self.embedder.name)
        self.facts = facts
        self._chroma_url = chroma_url
        self._vector: Any = None
        self._lexical: Any = None
        self._recover()

    # --- stores -----------------------------------------------------------------------------------------------
    @property
    def vector(self) -> Any:
        if self._vector is None:
            from tablerag.index.vector import VectorStore

            self._vector = VectorStore(
                path=None if self._chroma_url else self.path / "chroma",
                url=self._chroma_url,
                embedder_name=self.embedder.name,
            )
        return self._vector

    @property
    def lexical(self) -> Any:
        if self._lexical is None:
            from tablerag.index.lexical import LexicalIndex

            self._lexical = LexicalIndex(self.path / "bm25")
        if self.store.get_meta("lexical_dirty") != "0":
            self._lexical.rebuild(*self.store.all_record_texts())
            self.store.set_meta("lexical_dirty", "0")
        return self._lexical

    def _recover(self) -> None:
        """Remove every document a crashed run left half-written."""
        for entry in self.store.documents(status="pending"):
            self.vector.delete_where({"doc": entry.doc})
            self.store.delete_document(entry.doc)
            self.store.set_meta("lexical_dirty", "1")

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> Index:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- ingest -----------------------------------------------------------------------------------------------
    def add(
        self,
        paths: Iterable[str | os.PathLike[str]] | str | os.PathLike[str],
        *,
        version: str | None = None,
        access_level: str | None = None,
        tenant: str | None = None,
        progress: Callable[[IngestResult], None] | None = None,
    ) -> IngestReport:
        """Ingest files and folders. Failures are recorded in the report; the batch goes on."""
        if isinstance(paths, (str, os.PathLike)):
            paths = [paths]
        tags = Tags(version=version, access_level=access_level, tenant=tenant)
        report = IngestReport()
        for path, named in expand_paths(paths):
            result = self._add_one(path, tags, named)
            report.results.append(result)
            if progress is not None:
                progress(result)
        return report

    def _add_one(self, path: Path, tags: Tags, named: bool) -> IngestResult:
        from tablerag.parsing import parse

        try:
            sha = sha256_file(path) if path.is_file() else ""
            doc = doc_id(sha) if sha else None
            if doc is not None and self._unchanged(doc, str(path), tags):
                return IngestResult(str(path), "unchanged", doc)
            parsed = parse(path)
        except TableragError as exc:
            return IngestResult(str(path), "failed", error=str(exc))
        except Exception as exc:  # a defect or an unforeseen library error: still data, the batch goes on
            return IngestResult(str(path), "failed", error=f"{path}: {type(exc).__name__}: {exc}")
        replaced = self._remove_old_versions(str(path), parsed.doc_id)
        records = document_records(parsed, tags, facts=self.facts)
        entry = DocumentEntry(
            parsed.doc_id,
            str(path),
            parsed.sha256,
            parsed.format,
            "pending",
            tags.version,
            tags.access_level,
            tags.tenant,
        )
        self._commit(entry, parsed.pages, parsed.tables, records, tags)
        status: IngestStatus = "replaced" if replaced else "added"
        return IngestResult(str(path), status, parsed.doc_id, len(parsed.tables), len(records))

    def _unchanged(self, doc: str, path: str, tags: Tags) -> bool:
        for e in self.store.find_document(doc=doc):
            same_tags = (e.version, e.access_level, e.tenant) == (tags.version, tags.access_level, tags.tenant)
            if e.status == "done" and e.path == path and same_tags:
                return True
        return False

    def _remove_old_versions(self, path: str, new_doc: str) -> bool:
        """A file whose content changed replaces its old records (no stale rows, no duplicates)."""
        old = [e for e in self.store.find_document(path=path) if e.doc != new_doc]
        for e in old:
            self.vector.delete_where({"doc": e.doc})
            self.store.delete_document(e.doc)
        return bool(old)

    def _commit(
        self, entry: DocumentEntry, pages: int | None, tables: list[Table], records: list[Record], tags: Tags
    ) -> None:
        self.store.mark_pending(entry, pages)
        self.store.set_meta("lexical_dirty", "1")
        self.vector.delete_where({"doc": entry.doc})
        for start in range(0, len(records), EMBED_BATCH):
            batch = records[start : start + EMBED_BATCH]
            vectors = self.embedder.encode([r.text for r in batch])
            self.vector.upsert([r.id for r in batch], vectors, [r.text for r in batch], [r.metadata for r in batch])
        tag_map = {"version": tags.version, "access_level": tags.access_level, "tenant": tags.tenant}
        self.store.write_document(entry.doc, tables, records, tag_map)

    # --- search -----------------------------------------------------------------------------------------------
    def search(
        self, question: str, k: int = 12, filters: dict[str, str] | None = None, candidates: int = DENSE_CANDIDATES
    ) -> list[Hit]:
        """Hybrid search: dense (Chroma) and BM25 ranked lists, each pre-filtered, fused by RRF."""
        from tablerag.index.embed import encode_query
        from tablerag.index.fusion import rrf

        n = max(candidates, k)
        qvec = encode_query(self.embedder, [question])[0]
        dense = [i for i, _ in self.vector.query(qvec, n, where=chroma_where(filters))]
        allowed = self.store.record_ids(filters) if filters else None
        lexical = [i for i, _ in self.lexical.search(question, n, allowed=allowed)]
        fused = rrf([dense, lexical])[:k]
        records = self.store.records(i for i, _ in fused)
        return [_hit(records[i], s) for i, s in fused if i in records]

    def table(self, table_id: str) -> Table | None:
        return self.store.table(table_id)

    def markdown(self, table_id: str) -> str | None:
        return self.store.markdown(table_id)

    def ask(self, question: str, k: int = 12, filters: dict[str, str] | None = None) -> Any:
        from tablerag.qa.answer import ask

        return ask(self, question, k=k, filters=filters)

    def stats(self) -> dict[str, int]:
        return {w: self.store.count(w) for w in ("documents", "tables", "records", "cells")}


def _hit(record: Record, score: float) -> Hit:
    return Hit(record.id, record.kind, record.text, round(score, 6), record.provenance.to_dict())
