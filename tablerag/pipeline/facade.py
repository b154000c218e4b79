"""The `Index` users open: the storage and search of `tablerag.index.core.Index`, with the pipeline on top of it.
`add` runs parse -> decompose (tablerag.pipeline.prepare, on reader threads) -> embed -> commit (the index's
single writer); `ask` answers from the tables search finds (tablerag.qa). The index below imports neither.
"""

from __future__ import annotations

import os
import queue
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

from tablerag.decomposition.records import Tags
from tablerag.index import core
from tablerag.index.core import file_digest
from tablerag.index.ingest import EMBED_BATCH, IngestReport, IngestResult, Prepared, embed_records
from tablerag.pipeline.prepare import expand_paths, prepare
from tablerag.qa.answer import ask as answer
from tablerag.qa.result import AskResult

if TYPE_CHECKING:
    from tablerag.llm.base import Llm

__all__ = ["Index"]

PIPELINE_POLL_S = 0.2  # how often a reader blocked on a full queue checks whether the consumer stopped
PIPELINE_DEPTH = 8  # prepared documents waiting for the embedder: keeps the readers busy, bounds memory
# Documents read at once (threads, each driving its own reader process): two keep a scanned page's OCR going on
# one core while the other OCRs or embeds; born-digital reading is cheap beside embedding, so more gain nothing.
READERS = 2


class Index(core.Index):
    """`Index(path).add(paths, **tags)`, `.search(question, k, filters)`, `.ask(question)`."""

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
        # The single writer: one batch's commit runs on it while the caller's thread embeds the next batch (the
        # encoder leaves Python's lock while it computes). Commits keep their order, each document all or nothing as
        # before; the stores are only used by the writer while a commit is in flight (see `settle`).
        writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tablerag-commit")
        committing: list[Future[list[IngestResult]]] = []  # the commit in flight, at most one

        def done(result: IngestResult) -> None:
            self.store.manifest.note_result(result.path, result.error)
            report.results.append(result)
            if progress is not None:
                progress(result)

        def settle() -> None:
            """Wait for the commit in flight and report its documents (in order, on this thread)."""
            while committing:
                for result in committing.pop().result():
                    done(result)

        def flush() -> None:
            """Embed the texts of several documents in one pass (batches amortise the model), then commit them
            together (one vector-store write, one DuckDB transaction; each document still all or nothing) on the
            writer, while this thread goes on to embed the next batch."""
            if not pending:
                return
            batch = list(pending)
            pending.clear()
            vectors = embed_records(self.embedder, [r for p in batch for r in p.records], self.dense)
            settle()
            committing.append(writer.submit(self.commit_many, batch, tags, vectors, keep_versions=keep_versions))

        todo: list[tuple[Path, str | None]] = []
        for path, _ in expand_paths(paths):
            digest = file_digest(path)
            if isinstance(digest, IngestResult):
                done(digest)
                continue
            result = self.skip_unchanged(path, tags, digest)
            if result is not None and not (llm is not None and self.lacks_llm_records(result)):
                done(result)
                continue
            todo.append((path, digest))
        try:
            with self.batch():
                try:
                    for prepared, more in self._prepared(todo, tags, llm):
                        if not isinstance(prepared, Prepared):
                            settle()  # the manifest notes it: not while the writer uses the store
                            done(prepared)
                            continue
                        pending.append(prepared)
                        # no other document ready: embed these now, while the readers read on, instead of leaving
                        # every vector to the end of a batch read slower than it embeds (scans); a batch read faster
                        # than it embeds (born-digital pages) finds documents waiting and fills EMBED_BATCH as before
                        if not more or sum(len(p.records) for p in pending) >= EMBED_BATCH:
                            flush()
                    flush()
                finally:
                    if committing:  # an error while embedding: the commit in flight still ends before BM25 does
                        committing[0].exception()
                settle()
        finally:
            writer.shutdown(wait=True)
        report.results.sort(key=lambda r: r.path)
        return report

    def _prepared(
        self, todo: list[tuple[Path, str | None]], tags: Tags, llm: Llm | None
    ) -> Iterator[tuple[Prepared | IngestResult, bool]]:
        """Prepared documents as they are ready, read by READERS background threads (each with its own reader
        process) while the caller embeds and commits the previous ones; a bounded queue between them. Each comes
        with whether another document is prepared already (waiting in the queue or about to be put there; a
        reader's end-of-files mark is not one)."""
        out: queue.Queue[Prepared | IngestResult | None] = queue.Queue(maxsize=PIPELINE_DEPTH)
        stop = threading.Event()
        files = iter(todo)
        take = threading.Lock()
        ready = [0]  # documents prepared so far (under `take`)

        def offer(item: Prepared | IngestResult | None) -> None:
            while not stop.is_set():
                try:
                    out.put(item, timeout=PIPELINE_POLL_S)
                    return
                except queue.Full:
                    continue

        def read(slot: int) -> None:
            try:
                while not stop.is_set():
                    with take:
                        nxt = next(files, None)
                    if nxt is None:
                        return
                    path, digest = nxt
                    item = prepare(path, tags, self.facts, self.records, self.limits, llm, digest, slot, readers=n)
                    with take:
                        ready[0] += 1
                    offer(item)
            finally:
                offer(None)

        in_process = self.limits.max_seconds_per_document is None  # parsing then runs on these threads: PyMuPDF
        n = 1 if in_process else max(1, min(READERS, len(todo)))  # is not thread-safe
        threads = [threading.Thread(target=read, args=(i,), name=f"tablerag-read-{i}", daemon=True) for i in range(n)]
        for t in threads:
            t.start()
        try:
            finished = given = 0
            while finished < n:
                item = out.get()
                if item is None:
                    finished += 1
                else:
                    given += 1
                    with take:
                        more = ready[0] > given
                    yield item, more
        finally:
            stop.set()
            for t in threads:
                t.join()

    def ask(self, question: str, k: int = 12, filters: dict[str, str] | None = None) -> AskResult:
        """Answer from the indexed tables: find them, then take or compute the value, citing every cell."""
        return answer(self, question, k=k, filters=filters)
