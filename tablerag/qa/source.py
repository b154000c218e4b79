"""What answering needs from an index, as structural types: a retriever that finds hits and reads tables, and the
few table-store reads and writes answering does (a document's tags, the SQL log). Any object with these methods
answers questions; `tablerag.index.core.Index` is one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from tablerag.index.query import Hit
    from tablerag.model import Table


class TagReads(Protocol):
    """The manifest as answering uses it: a document's tags (its version for citations)."""

    def document_tags(self, doc: str) -> dict[str, str | None]: ...


class SqlLog(Protocol):
    """The query log as answering uses it: one line per SQL statement run."""

    def log(
        self,
        session: str,
        question: str,
        sql: str,
        table_ids: list[str],
        ok: bool,
        error: str | None,
        rows: int | None,
        elapsed_ms: float,
    ) -> None: ...


class TableReads(Protocol):
    """The table store as answering uses it."""

    @property
    def manifest(self) -> TagReads: ...

    @property
    def queries(self) -> SqlLog: ...


class TableSource(Protocol):
    """A retriever over indexed tables: hits for a question, then the tables they point to."""

    def search(self, question: str, k: int = ..., filters: dict[str, str] | None = ...) -> list[Hit]: ...

    def table(self, table_id: str) -> Table | None: ...

    def markdown(self, table_id: str) -> str | None: ...

    @property
    def store(self) -> TableReads: ...
