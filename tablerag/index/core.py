"""The index: one folder holding ChromaDB (dense), BM25 (lexical) and DuckDB (tables, records, manifest).

A document is committed to all stores together or not at all: it is marked `pending` in the manifest, written to
the vector store, then its tables and records are written with status `done` in one DuckDB transaction. On open,
any `pending` document (a crashed run) is removed from every store, so re-running the batch ends clean.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

import numpy as np

from tablerag.decomposition.records import DenseRowForm, RecordOptions, Tags
from tablerag.errors import IndexMismatchError
from tablerag.index.catalog import RecordCatalog
from tablerag.index.embed import AUTO, device_default, load_embedder, parse_spec
from tablerag.index.ingest import (
    DEFAULT_DENSE_RECORDS,
    LEXICAL_ONLY_KINDS,
    PREPARE_VERSION,
    DenseRecords,
    IngestReport,
    IngestResult,
    IngestStatus,
    Prepared,
    failed,
    has_vector,
)
from tablerag.index.lexical import LexicalIndex
from tablerag.index.query import Hit, chroma_where
from tablerag.index.search import SearchOptions, default_dense_weight, flat, two_stage, word_rarity, words_held
from tablerag.index.store import DocumentEntry, TableStore
from tablerag.index.vector import VectorStore
from tablerag.limits import Limits
from tablerag.model import Record, RecordId, Table, doc_id, sha256_file

if TYPE_CHECKING:
    pass

__all__ = ["Hit", "Index", "IngestReport", "IngestResult", "chroma_where", "file_digest"]

DENSE_CANDIDATES = 60  # 60 candidates before the top 12 go to the prompt


class Index:
    """Storage and search: `.commit_many(prepared, tags, vectors)`, `.search(question, k, filters)`, `.table(id)`,
    `.delete(doc)`. Users open `tablerag.Index` (tablerag.pipeline), which adds `add` and `ask` on top."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        embedder: Any = None,
        chroma_url: str | None = None,
        facts: bool = True,
        records: RecordOptions | None = None,
        search: SearchOptions | None = None,
        limits: Limits | None = None,
        dense: DenseRecords | None = None,
    ) -> None:
        self.limits = limits or Limits.from_env()  # what one document may cost to read (tablerag.limits)
        self.path = Path(path)
        self.path.mkdir(parents=True, exist_ok=True)
        self.store = TableStore(self.path / "tables.duckdb")
        stored = self.store.manifest.get_meta("embedder_spec")
        spec = embedder if isinstance(embedder, str) or embedder is None else None
        if spec is not None and spec.strip().lower() == AUTO:  # the index remembers what "auto" chose here
            spec = device_default()
        if spec is not None and stored is not None and parse_spec(spec) != parse_spec(stored):
            raise IndexMismatchError(f"index {self.path} was built with embedder '{stored}', not '{spec}'")
        self.embedder = embedder if (embedder is not None and spec is None) else load_embedder(spec or stored)
        self.embedder_spec = spec or stored or self.embedder.name
        if stored is None:
            self.store.manifest.set_meta("embedder_spec", self.embedder_spec)
        self.facts = facts
        self.records = self._record_options(records, facts)
        self.dense = self._dense_records(dense)
        self.search_options = search or SearchOptions(dense_weight=default_dense_weight(self.embedder_spec))
        self._chroma_url = chroma_url or self.store.manifest.get_meta("chroma_url")
        if chroma_url:
            self.store.manifest.set_meta("chroma_url", chroma_url)
        self._vector: Any = None
        self._lexical: Any = None
        self._lexical_fresh = False
        # changes not yet in BM25 while it is otherwise in step with the store (added id -> text, removed ids);
        # None: not tracked (BM25 is rebuilt from the store on its next use)
        self._lexical_pending: tuple[dict[str, str], set[str]] | None = None
        self._in_batch = False  # inside `batch()`: BM25 takes the batch's changes once, at its end
        self._catalog: RecordCatalog | None = None
        self._recover()

    def _record_options(self, wanted: RecordOptions | None, facts: bool) -> RecordOptions:
        """The index keeps the row form it was built with (stage two reads packed rows differently)."""
        opts = wanted or RecordOptions(cells="triple" if facts else "none")
        stored = self.store.manifest.get_meta("record_rows")
        if stored is None:
            self.store.manifest.set_meta("record_rows", opts.rows)
        elif stored != opts.rows:
            if wanted is not None:
                raise IndexMismatchError(f"index {self.path} holds '{stored}' rows, not '{opts.rows}'")
            opts = replace(opts, rows="packed" if stored == "packed" else "row")
        return self._dense_text(opts)

    def _dense_text(self, opts: RecordOptions) -> RecordOptions:
        """The index keeps what the embedder read of rows, prose and summaries when it was built, so its vectors stay
        alike (stored as `form:prose tokens:summary tokens`); an index built before the choice existed embedded whole
        record texts, one built before summaries were cut (`form:prose tokens`) whole summaries."""
        stored = self.store.manifest.get_meta("dense_text")
        if stored is None:
            if self.store.count("records") > 0:
                opts = replace(opts, dense_rows=DenseRowForm.FULL, prose_tokens=0, summary_tokens=0)
            self.store.manifest.set_meta(
                "dense_text", f"{opts.dense_rows.value}:{opts.prose_tokens}:{opts.summary_tokens}"
            )
            return opts
        form, prose, summary = ([*stored.split(":"), "", ""])[:3]
        return replace(
            opts, dense_rows=DenseRowForm(form), prose_tokens=int(prose or 0), summary_tokens=int(summary or 0)
        )

    def _dense_records(self, wanted: DenseRecords | None) -> DenseRecords:
        """The index keeps the choice of records with vectors it was built with (stage two reads the vectors of a
        table's records; an index built before the choice existed has a vector for every record)."""
        stored = self.store.manifest.get_meta("dense_records")
        if stored is None:
            chosen = (wanted or DEFAULT_DENSE_RECORDS) if self.store.count("records") == 0 else DenseRecords.ALL
            if wanted is not None and wanted is not chosen:
                raise IndexMismatchError(f"index {self.path} holds vectors for '{chosen}' records, not '{wanted}'")
            self.store.manifest.set_meta("dense_records", chosen.value)
            return chosen
        if wanted is not None and wanted.value != stored:
            raise IndexMismatchError(f"index {self.path} holds vectors for '{stored}' records, not '{wanted}'")
        return DenseRecords(stored)

    def has_vector(self, record: Record) -> bool:
        """Whether this index gives ``record`` a dense vector (see ingest.DenseRecords)."""
        return has_vector(record, self.dense)

    # --- stores -----------------------------------------------------------------------------------------------
    @property
    def vector(self) -> Any:
        if self._vector is None:
            self._vector = VectorStore(
                path=None if self._chroma_url else self.path / "chroma",
                url=self._chroma_url,
                embedder_name=self.embedder.name,
            )
        return self._vector

    @property
    def lexical(self) -> Any:
        if self._lexical is None:
            self._lexical = LexicalIndex(self.path / "bm25")
        # this process holds DuckDB's write lock, so only it can make BM25 stale: check the stored flag once,
        # then trust the in-memory one (a meta read per query cost more than the BM25 search itself)
        if not self._lexical_fresh and (self.store.manifest.get_meta("lexical_dirty") != "0" or self._lexical.stale):
            self._rebuild_lexical()
        self._lexical_fresh = True
        return self._lexical

    def _rebuild_lexical(self) -> None:
        self._lexical.rebuild(*self.store.contents.all_record_texts())
        self.store.manifest.set_meta("lexical_dirty", "0")
        self._catalog = None

    @property
    def catalog(self) -> RecordCatalog:
        """Table, row and filter columns of every record in memory, aligned with BM25 (see index/catalog.py): read
        from the store on first use, then kept up to date by each add and removal."""
        lexical = self.lexical
        if self._catalog is None:
            catalog = self._read_catalog(lexical)
            if catalog is None:  # BM25 on disk is out of step with the store (an older writer): rebuild it
                self._rebuild_lexical()
                catalog = self._read_catalog(lexical)
            if catalog is None:
                raise RuntimeError(f"index {self.path}: BM25 ids differ from the table store after a rebuild")
            self._catalog = catalog
        return self._catalog

    def _read_catalog(self, lexical: LexicalIndex) -> RecordCatalog | None:
        only = LEXICAL_ONLY_KINDS[self.dense]
        return RecordCatalog.read(self.store, lexical.ids, lexical.positions, only)

    def _mark_lexical_stale(self) -> None:
        """BM25 (and the catalog) no longer match the store; while the change is tracked, the catalog is kept to
        be updated with it (a failure before then leaves BM25 stale: rebuilt, and the catalog read afresh)."""
        self.store.manifest.set_meta("lexical_dirty", "1")
        self._lexical_fresh = False
        if self._lexical_pending is None:
            self._catalog = None

    def _track_lexical(self) -> bool:
        """Start collecting changes for an incremental BM25 update when BM25 is in step with the store."""
        if self._lexical_pending is None and (
            self._lexical_fresh or self.store.manifest.get_meta("lexical_dirty") == "0"
        ):
            self._lexical_pending = ({}, set())
        return self._lexical_pending is not None

    def _apply_lexical(self) -> None:
        """Bring BM25 in step with the store by the collected changes: only the added texts are tokenized (a
        rebuild tokenizes every record)."""
        pending, self._lexical_pending = self._lexical_pending, None
        if pending is None:
            return
        if self._lexical is None:
            self._lexical = LexicalIndex(self.path / "bm25")
        added, removed = pending
        if self._lexical.stale:  # an older layout on disk: rebuilt from the store on next use
            self._catalog = None
            return
        moves = self._lexical.update(added, removed)
        self.store.manifest.set_meta("lexical_dirty", "0")
        self._lexical_fresh = True
        if self._catalog is not None:  # follows BM25 by the changed records only (none read: read on first use)
            lex = self._lexical
            only = LEXICAL_ONLY_KINDS[self.dense]
            if not self._catalog.update(moves, lex.ids, lex.positions, only):
                self._catalog = None

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Commits inside the block take their BM25 changes together, once, when it ends; after a failure BM25
        stays marked stale and is rebuilt on next use."""
        self._in_batch = True
        try:
            yield
            self._apply_lexical()
        finally:
            self._in_batch = False
            self._lexical_pending = None

    def _recover(self) -> None:
        """Remove every document a crashed run left half-written."""
        for entry in self.store.manifest.documents(status="pending"):
            self.vector.delete_where({"doc": entry.doc})
            self.store.delete_document(entry.doc)
            self._mark_lexical_stale()
            self._lexical_pending = None  # what BM25 held of it is unknown: rebuilt on next use

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- ingest (parsing and decomposing are the pipeline's: tablerag.pipeline) -------------------------------
    def skip_unchanged(self, path: Path, tags: Tags, digest: str | None = None) -> IngestResult | None:
        """An `unchanged` result when this exact file, content and tags are already committed (``digest``: the
        file's sha256 when the caller has it)."""
        if digest is None:
            got = file_digest(path)
            if isinstance(got, IngestResult):
                return got
            digest = got
        if digest is None:
            return None
        doc = doc_id(digest)
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
            "SELECT count(*) FROM records WHERE doc = ? AND id LIKE ?", [result.doc, RecordId.llm_like()]
        ).fetchone()
        return not found or found[0] == 0

    def _remove_old_versions(self, path: str, new_doc: str, gone: set[str]) -> bool:
        """A file whose content changed replaces its old records (no stale rows, no duplicates); their ids are
        added to ``gone``."""
        old = [e for e in self.store.find_document(path=path) if e.doc != new_doc]
        gone.update(self.store.contents.document_record_ids([e.doc for e in old]))
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
        """Write prepared documents to every store, in the order that keeps each document all or nothing: all
        marked pending -> one vector upsert -> tables, records and status `done` in one DuckDB transaction. A crash
        in between leaves pending documents, removed on the next open. ``vectors``: one row per record that gets a
        vector (``has_vector``), in order (what ``embed_records`` gives), or one row per record."""
        vectors = self._dense_rows(batch, vectors)
        spans, offset = [], 0
        for p in batch:
            n = sum(map(self.has_vector, p.records))
            spans.append((offset, offset + n))
            offset += n
        if len({p.doc.doc_id for p in batch}) < len(batch):  # the same content twice: one after the other
            return [
                self.commit_many([p], tags, vectors[a:b], keep_versions)[0]
                for p, (a, b) in zip(batch, spans, strict=True)
            ]
        results: list[IngestResult | None] = [None] * len(batch)
        todo: list[tuple[int, Prepared, DocumentEntry, bool]] = []
        tracked = self._track_lexical()
        gone: set[str] = set()  # ids of records removed (old versions, or this content's earlier records)
        for n, p in enumerate(batch):
            doc = p.doc
            existing = self.store.find_document(doc=doc.doc_id)  # one manifest read for both checks
            if (clash := self._scope_clash(existing, tags)) is not None:
                results[n] = IngestResult(p.path, "failed", error=f"{p.path}: {clash}")
                continue
            removed = False if keep_versions else self._remove_old_versions(p.path, doc.doc_id, gone)
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
            self.store.manifest.mark_pending_many([(entry, p.doc.pages) for _, p, entry, _ in todo])
            self._mark_lexical_stale()
            docs = [entry.doc for _, _, entry, _ in todo]
            self.vector.delete_where({"doc": {"$in": docs}} if len(docs) > 1 else {"doc": docs[0]})
            records = [r for _, p, _, _ in todo for r in p.records if self.has_vector(r)]
            if records:
                rows = np.concatenate([np.arange(*spans[n]) for n, _, _, _ in todo])
                self.vector.upsert(
                    [r.id for r in records],
                    np.asarray(vectors)[rows],
                    [r.text for r in records],
                    [r.metadata for r in records],
                )
            tag_map = {"version": tags.version, "access_level": tags.access_level, "tenant": tags.tenant}
            if tracked:
                gone.update(self.store.contents.document_record_ids(docs))
            self.store.write_documents([(entry.doc, p.doc.tables, p.records) for _, p, entry, _ in todo], tag_map)
            if tracked and self._lexical_pending is not None:
                added, removed_ids = self._lexical_pending
                for i in gone:
                    added.pop(i, None)
                removed_ids |= gone
                added.update((r.id, r.text) for _, p, _, _ in todo for r in p.records)
                if not self._in_batch:
                    self._apply_lexical()
            for n, p, entry, replaced in todo:
                status: IngestStatus = "replaced" if replaced else "added"
                results[n] = IngestResult(
                    p.path, status, entry.doc, len(p.doc.tables), len(p.records), llm=p.llm, pages=p.doc.pages
                )
        return [r for r in results if r is not None]

    def delete(self, doc: str) -> bool:
        """Remove one document from every store; False when the index holds none with this id. The document is
        marked pending first, so a crash half-way leaves it to be removed on the next open, as a crashed ingest.
        BM25 drops just its records when it is in step with the store (else it is rebuilt on next use)."""
        entries = self.store.find_document(doc=doc)
        if not entries:
            return False
        e = entries[0]
        pending = DocumentEntry(e.doc, e.path, e.sha256, e.format, "pending", e.version, e.access_level, e.tenant)
        tracked = self._track_lexical()
        gone = set(self.store.contents.document_record_ids([doc])) if tracked else set()
        self.store.mark_pending(pending, None)
        self._mark_lexical_stale()
        self.vector.delete_where({"doc": doc})
        self.store.delete_document(doc)
        if tracked and self._lexical_pending is not None:
            self._lexical_pending[1].update(gone)
            self._apply_lexical()
        return True

    def _dense_rows(self, batch: list[Prepared], vectors: Any) -> Any:
        """``vectors`` reduced to the rows of the records that get one, when it holds a row for every record."""
        records = [r for p in batch for r in p.records]
        keep = [self.has_vector(r) for r in records]
        n = len(vectors) if records else 0
        if n == sum(keep):
            return vectors
        if n != len(records):
            raise ValueError(f"commit: {n} vectors for {len(records)} records ({sum(keep)} with a vector)")
        return np.asarray(vectors)[np.asarray(keep, dtype=bool)]

    # --- search -----------------------------------------------------------------------------------------------
    def search(
        self, question: str, k: int = 12, filters: dict[str, str] | None = None, candidates: int | None = None
    ) -> list[Hit]:
        """Two-stage hybrid search (see index/search.py): tables by their records' fused scores, then rows inside
        them; every retriever is pre-filtered by ``filters``. One hit per row or prose block."""
        opts = self.search_options if candidates is None else replace(self.search_options, candidates=candidates)
        run = two_stage if opts.two_stage else flat
        return run(self, question, k, filters, opts)

    def table(self, table_id: str) -> Table | None:
        return self.store.contents.table(table_id)

    def word_rarity(self, words: Iterable[str]) -> dict[str, float]:
        """How specific each token is to a few of the indexed tables (`index.search.word_rarity`)."""
        return word_rarity(self, words)

    def words_held(self, doc: str, words: list[str]) -> set[str]:
        """Which of these tokens a record of document ``doc`` holds (`index.search.words_held`)."""
        return words_held(self, doc, words)

    def markdown(self, table_id: str) -> str | None:
        return self.store.contents.markdown(table_id)

    def stats(self) -> dict[str, int]:
        return {w: self.store.count(w) for w in ("documents", "tables", "records", "cells")}


def file_digest(path: Path) -> str | IngestResult | None:
    """The file's sha256 (read once per ingest: parsing reuses it); None when it is not a file (parsing then says
    why); a failed result when it cannot be read."""
    if not path.is_file():
        return None
    try:
        return sha256_file(path)
    except OSError as exc:
        return failed(path, exc)
