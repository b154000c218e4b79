"""The index: one folder holding ChromaDB (dense), BM25 (lexical) and DuckDB (tables, records, manifest).

A document is committed to all stores together or not at all: it is marked `pending` in the manifest, written to
the vector store, then its tables and records are written with status `done` in one DuckDB transaction. On open,
any `pending` document (a crashed run) is removed from every store, so re-running the batch ends clean.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from tablerag.decomposition.records import RecordOptions, Tags
from tablerag.errors import IndexMismatchError
from tablerag.index.ingest import (
    EMBED_BATCH,
    PREPARE_VERSION,
    IngestReport,
    IngestResult,
    IngestStatus,
    Prepared,
    embed_texts,
    expand_paths,
    failed,
    prepare,
)
from tablerag.index.tables import DocumentEntry, RecordCatalog, TableStore
from tablerag.limits import Limits
from tablerag.model import Record, Table, doc_id, sha256_file

if TYPE_CHECKING:
    from tablerag.index.search import SearchOptions
    from tablerag.llm.base import Llm

__all__ = ["Hit", "Index", "IngestReport", "IngestResult", "expand_paths"]

LLM_RECORD_MARK = ":llm:"  # LLM-written record ids are `<table id>:llm:<part>` (decomposition/llm.py)
DENSE_CANDIDATES = 60  # seed 000: 60 candidates before the top 12 go to the prompt


@dataclass(slots=True)
class Hit:
    id: str
    kind: str
    text: str
    score: float
    source: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "text": self.text, "score": self.score, "source": self.source}


def chroma_where(filters: dict[str, str] | None) -> dict[str, Any] | None:
    if not filters:
        return None
    items = [{k: v} for k, v in filters.items()]
    return items[0] if len(items) == 1 else {"$and": items}


class Index:
    """`Index(path).add(paths, **tags)`, `.search(question, k, filters)`, `.ask(question)`."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        embedder: Any = None,
        chroma_url: str | None = None,
        facts: bool = True,
        records: RecordOptions | None = None,
        search: SearchOptions | None = None,
        limits: Limits | None = None,
    ) -> None:
        from tablerag.index.embed import load_embedder, parse_spec
        from tablerag.index.search import SearchOptions, default_dense_weight

        self.limits = limits or Limits.from_env()  # what one document may cost to read (tablerag.limits)
        self.path = Path(path)
        self.path.mkdir(parents=True, exist_ok=True)
        self.store = TableStore(self.path / "tables.duckdb")
        stored = self.store.get_meta("embedder_spec")
        spec = embedder if isinstance(embedder, str) or embedder is None else None
        if spec is not None and stored is not None and parse_spec(spec) != parse_spec(stored):
            raise IndexMismatchError(f"index {self.path} was built with embedder '{stored}', not '{spec}'")
        self.embedder = embedder if (embedder is not None and spec is None) else load_embedder(spec or stored)
        self.embedder_spec = spec or stored or self.embedder.name
        if stored is None:
            self.store.set_meta("embedder_spec", self.embedder_spec)
        self.facts = facts
        self.records = self._record_options(records, facts)
        self.search_options = search or SearchOptions(dense_weight=default_dense_weight(self.embedder_spec))
        self._chroma_url = chroma_url or self.store.get_meta("chroma_url")
        if chroma_url:
            self.store.set_meta("chroma_url", chroma_url)
        self._vector: Any = None
        self._lexical: Any = None
        self._lexical_fresh = False
        self._catalog: RecordCatalog | None = None
        self._recover()

    def _record_options(self, wanted: RecordOptions | None, facts: bool) -> RecordOptions:
        """The index keeps the row form it was built with (stage two reads packed rows differently)."""
        opts = wanted or RecordOptions(cells="triple" if facts else "none")
        stored = self.store.get_meta("record_rows")
        if stored is None:
            self.store.set_meta("record_rows", opts.rows)
        elif stored != opts.rows:
            if wanted is not None:
                raise IndexMismatchError(f"index {self.path} holds '{stored}' rows, not '{opts.rows}'")
            opts = RecordOptions(opts.cells, "packed" if stored == "packed" else "row", opts.window)
        return opts

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
        # this process holds DuckDB's write lock, so only it can make BM25 stale: check the stored flag once,
        # then trust the in-memory one (a meta read per query cost more than the BM25 search itself)
        if not self._lexical_fresh and self.store.get_meta("lexical_dirty") != "0":
            self._rebuild_lexical()
        self._lexical_fresh = True
        return self._lexical

    def _rebuild_lexical(self) -> None:
        self._lexical.rebuild(*self.store.all_record_texts())
        self.store.set_meta("lexical_dirty", "0")
        self._catalog = None

    @property
    def catalog(self) -> RecordCatalog:
        """Table, row and filter columns of every record in memory, aligned with BM25 (see tables.RecordCatalog)."""
        lexical = self.lexical
        if self._catalog is None:
            catalog = self.store.catalog(lexical.ids, lexical.positions)
            if catalog is None:  # BM25 on disk is out of step with the store (an older writer): rebuild it
                self._rebuild_lexical()
                catalog = self.store.catalog(lexical.ids, lexical.positions)
            if catalog is None:
                raise RuntimeError(f"index {self.path}: BM25 ids differ from the table store after a rebuild")
            self._catalog = catalog
        return self._catalog

    def _mark_lexical_stale(self) -> None:
        self.store.set_meta("lexical_dirty", "1")
        self._lexical_fresh = False
        self._catalog = None

    def _recover(self) -> None:
        """Remove every document a crashed run left half-written."""
        for entry in self.store.documents(status="pending"):
            self.vector.delete_where({"doc": entry.doc})
            self.store.delete_document(entry.doc)
            self._mark_lexical_stale()

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
        keep_versions: bool = False,
        progress: Callable[[IngestResult], None] | None = None,
        llm: Llm | None = None,
    ) -> IngestReport:
        """Ingest files and folders. Failures are recorded in the report; the batch goes on.

        Unchanged files are skipped; a changed file replaces its old records, or is kept beside them with
        `keep_versions=True` (tag the new one with `version`). With `llm`, tables also get LLM-written records
        (see `prepare`); a file indexed before without them is prepared again.
        """
        if isinstance(paths, (str, os.PathLike)):
            paths = [paths]
        tags = Tags(version=version, access_level=access_level, tenant=tenant)
        report = IngestReport()
        pending: list[Prepared] = []

        def done(result: IngestResult) -> None:
            self.store.note_result(result.path, result.error)
            report.results.append(result)
            if progress is not None:
                progress(result)

        def flush() -> None:
            """Embed the texts of several documents in one pass (batches amortise the model), then commit them
            together (one vector-store write, one DuckDB transaction; each document still all or nothing)."""
            vectors = embed_texts(self.embedder, [r.text for p in pending for r in p.records])
            for result in self.commit_many(pending, tags, vectors, keep_versions=keep_versions):
                done(result)
            pending.clear()

        for path, _ in expand_paths(paths):
            result = self.skip_unchanged(path, tags)
            if result is not None and not (llm is not None and self.lacks_llm_records(result)):
                done(result)
                continue
            prepared = prepare(path, tags, facts=self.facts, options=self.records, limits=self.limits, llm=llm)
            if not isinstance(prepared, Prepared):
                done(prepared)
                continue
            pending.append(prepared)
            if sum(len(p.records) for p in pending) >= EMBED_BATCH:
                flush()
        flush()
        report.results.sort(key=lambda r: r.path)
        return report

    def skip_unchanged(self, path: Path, tags: Tags) -> IngestResult | None:
        """An `unchanged` result when this exact file, content and tags are already committed."""
        if not path.is_file():
            return None
        try:
            doc = doc_id(sha256_file(path))
        except OSError as exc:
            return failed(path, exc)
        for e in self.store.find_document(doc=doc):
            same_tags = (e.version, e.access_level, e.tenant) == (tags.version, tags.access_level, tags.tenant)
            current = e.prepared == PREPARE_VERSION  # else prepared by older code: its records may be stale
            if e.status == "done" and e.path == str(path) and same_tags and current:
                return IngestResult(str(path), "unchanged", doc, e.n_tables, e.n_records)
        return None

    def lacks_llm_records(self, result: IngestResult) -> bool:
        """A committed document with tables but no LLM-written records (indexed before without `llm`, or while
        the endpoint was down): worth preparing again when an LLM is configured."""
        if not result.n_tables or result.doc is None:
            return False
        found = self.store.con.execute(
            "SELECT count(*) FROM records WHERE doc = ? AND id LIKE ?", [result.doc, f"%{LLM_RECORD_MARK}%"]
        ).fetchone()
        return not found or found[0] == 0

    def _remove_old_versions(self, path: str, new_doc: str) -> bool:
        """A file whose content changed replaces its old records (no stale rows, no duplicates)."""
        old = [e for e in self.store.find_document(path=path) if e.doc != new_doc]
        for e in old:
            self.vector.delete_where({"doc": e.doc})
            self.store.delete_document(e.doc)
        return bool(old)

    @staticmethod
    def _scope_clash(existing: list[DocumentEntry], tags: Tags) -> str | None:
        """Documents are keyed by content: the same bytes under another tenant or access level would overwrite
        (and re-tag) the copy already there (``existing``: the manifest entries of that content), so that copy's
        owner would lose it. Refused; the other scope is not named."""
        for e in existing:
            if e.status == "done" and (e.tenant, e.access_level) != (tags.tenant, tags.access_level):
                return (
                    "identical content is already indexed under another tenant or access level; "
                    "use one index per tenant for shared files"
                )
        return None

    def commit(self, prepared: Prepared, tags: Tags, vectors: Any, keep_versions: bool = False) -> IngestResult:
        """Write one prepared document to every store: pending -> vectors -> tables+records+done (one transaction)."""
        return self.commit_many([prepared], tags, vectors, keep_versions=keep_versions)[0]

    def commit_many(
        self, batch: list[Prepared], tags: Tags, vectors: Any, keep_versions: bool = False
    ) -> list[IngestResult]:
        """Write prepared documents (``vectors``: their records' rows, in order) to every store, in the order that
        keeps each document all or nothing: all marked pending -> one vector upsert -> tables, records and status
        `done` in one DuckDB transaction. A crash in between leaves pending documents, removed on the next open."""
        spans, offset = [], 0
        for p in batch:
            spans.append((offset, offset + len(p.records)))
            offset += len(p.records)
        if len({p.doc.doc_id for p in batch}) < len(batch):  # the same content twice: one after the other
            return [
                self.commit_many([p], tags, vectors[a:b], keep_versions)[0]
                for p, (a, b) in zip(batch, spans, strict=True)
            ]
        results: list[IngestResult | None] = [None] * len(batch)
        todo: list[tuple[int, Prepared, DocumentEntry, bool]] = []
        for n, p in enumerate(batch):
            doc = p.doc
            existing = self.store.find_document(doc=doc.doc_id)  # one manifest read for both checks
            if (clash := self._scope_clash(existing, tags)) is not None:
                results[n] = IngestResult(p.path, "failed", error=f"{p.path}: {clash}")
                continue
            removed = False if keep_versions else self._remove_old_versions(p.path, doc.doc_id)
            again = any(e.status == "done" and e.path == p.path for e in existing)
            replaced = removed or again  # prepared again (by newer code, or for LLM records): its records replaced
            entry = DocumentEntry(
                doc.doc_id,
                p.path,
                doc.sha256,
                doc.format,
                "pending",
                tags.version,
                tags.access_level,
                tags.tenant,
                prepared=PREPARE_VERSION,
            )
            todo.append((n, p, entry, replaced))
        if todo:
            self.store.mark_pending_many([(entry, p.doc.pages) for _, p, entry, _ in todo])
            self._mark_lexical_stale()
            docs = [entry.doc for _, _, entry, _ in todo]
            self.vector.delete_where({"doc": {"$in": docs}} if len(docs) > 1 else {"doc": docs[0]})
            records = [r for _, p, _, _ in todo for r in p.records]
            if records:
                rows = np.concatenate([np.arange(*spans[n]) for n, _, _, _ in todo])
                self.vector.upsert(
                    [r.id for r in records],
                    np.asarray(vectors)[rows],
                    [r.text for r in records],
                    [r.metadata for r in records],
                )
            tag_map = {"version": tags.version, "access_level": tags.access_level, "tenant": tags.tenant}
            self.store.write_documents([(entry.doc, p.doc.tables, p.records) for _, p, entry, _ in todo], tag_map)
            for n, p, entry, replaced in todo:
                status: IngestStatus = "replaced" if replaced else "added"
                results[n] = IngestResult(p.path, status, entry.doc, len(p.doc.tables), len(p.records), llm=p.llm)
        return [r for r in results if r is not None]

    def delete(self, doc: str) -> bool:
        """Remove one document from every store; False when the index holds none with this id. The document is
        marked pending first, so a crash half-way leaves it to be removed on the next open, as a crashed ingest."""
        entries = self.store.find_document(doc=doc)
        if not entries:
            return False
        e = entries[0]
        pending = DocumentEntry(e.doc, e.path, e.sha256, e.format, "pending", e.version, e.access_level, e.tenant)
        self.store.mark_pending(pending, None)
        self._mark_lexical_stale()
        self.vector.delete_where({"doc": doc})
        self.store.delete_document(doc)
        return True

    # --- search -----------------------------------------------------------------------------------------------
    def search(
        self, question: str, k: int = 12, filters: dict[str, str] | None = None, candidates: int | None = None
    ) -> list[Hit]:
        """Two-stage hybrid search (see index/search.py): tables by their records' fused scores, then rows inside
        them; every retriever is pre-filtered by ``filters``. One hit per row or prose block."""
        from dataclasses import replace

        from tablerag.index.search import flat, two_stage

        opts = self.search_options if candidates is None else replace(self.search_options, candidates=candidates)
        run = two_stage if opts.two_stage else flat
        return run(self, question, k, filters, opts)

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
