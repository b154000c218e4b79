"""The manifest part of the table store: which documents an index holds (path, sha256, tags, status, counts, the
code version that prepared them), the last failure per path, and the index's own key-value metadata.

A document's row goes `pending` (before its records are written) -> `done` (in the transaction that writes them),
so a crashed run can be cleaned up on the next open (see Index).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tablerag.index.duck import insert_columns

DDL = [
    """CREATE TABLE IF NOT EXISTS meta (key VARCHAR PRIMARY KEY, value VARCHAR)""",
    """CREATE TABLE IF NOT EXISTS documents (
        doc VARCHAR PRIMARY KEY, path VARCHAR, sha256 VARCHAR, format VARCHAR, pages INTEGER,
        version VARCHAR, access_level VARCHAR, tenant VARCHAR, status VARCHAR,
        n_tables INTEGER, n_records INTEGER, ingested_at TIMESTAMP DEFAULT current_timestamp, prepared VARCHAR)""",
    """CREATE TABLE IF NOT EXISTS failures (path VARCHAR PRIMARY KEY, error VARCHAR, failed_at TIMESTAMP)""",
]
# columns added since an index could first be built; an older index gains them (NULL) when opened
MIGRATIONS = ["ALTER TABLE documents ADD COLUMN IF NOT EXISTS prepared VARCHAR"]
# the documents columns a pending row sets, and their types in that order
_PENDING_COLUMNS = (
    "(doc, path, sha256, format, pages, version, access_level, tenant, status, n_tables, n_records, prepared)"
)
_PENDING_TYPES = ["VARCHAR"] * 4 + ["INTEGER"] + ["VARCHAR"] * 4 + ["INTEGER", "INTEGER", "VARCHAR"]


@dataclass(frozen=True, slots=True)
class DocumentEntry:
    doc: str
    path: str
    sha256: str
    format: str
    status: str
    version: str | None = None
    access_level: str | None = None
    tenant: str | None = None
    n_tables: int = 0
    n_records: int = 0
    prepared: str | None = None  # ingest.PREPARE_VERSION of the code that prepared it (None: before it was kept)


class Manifest:
    """Documents, failures and metadata of one index, over the store's DuckDB connection."""

    def __init__(self, con: Any) -> None:
        self.con = con
        for ddl in [*DDL, *MIGRATIONS]:
            con.execute(ddl)

    def get_meta(self, key: str) -> str | None:
        row = self.con.execute("SELECT value FROM meta WHERE key = ?", [key]).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        self.con.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", [key, value])

    def documents(
        self, status: str | None = None, doc: str | None = None, path: str | None = None
    ) -> list[DocumentEntry]:
        """Manifest entries, narrowed in SQL (ingest asks once per file: no full-manifest scan per file)."""
        wanted = [(k, v) for k, v in (("status", status), ("doc", doc), ("path", path)) if v is not None]
        where = " AND ".join(f"{k} = ?" for k, _ in wanted) or "TRUE"
        sql = (
            "SELECT doc, path, sha256, format, status, version, access_level, tenant, n_tables, n_records, prepared "
            "FROM documents"
        )
        rows = self.con.execute(f"{sql} WHERE {where} ORDER BY path", [v for _, v in wanted]).fetchall()
        return [DocumentEntry(*r) for r in rows]

    def mark_pending_many(self, entries: list[tuple[DocumentEntry, int | None]]) -> None:
        """Manifest rows with status `pending` (replacing any row of the same doc), in one statement."""
        rows = [
            [e.doc, e.path, e.sha256, e.format, pages, e.version, e.access_level, e.tenant, "pending", 0, 0, e.prepared]
            for e, pages in entries
        ]
        insert_columns(self.con, "documents", _PENDING_TYPES, rows, columns=_PENDING_COLUMNS, verb="INSERT OR REPLACE")

    def mark_done(self, docs: list[str], n_tables: list[int], n_records: list[int]) -> None:
        """Status `done` and the counts of what was written, for each of ``docs``."""
        self.con.execute(
            "UPDATE documents SET status = 'done', n_tables = v.n_tables, n_records = v.n_records FROM ("
            "SELECT unnest(?::VARCHAR[]) AS doc, unnest(?::INTEGER[]) AS n_tables, unnest(?::INTEGER[]) AS n_records"
            ") v WHERE documents.doc = v.doc",
            [docs, n_tables, n_records],
        )

    def forget(self, doc: str) -> None:
        self.con.execute("DELETE FROM documents WHERE doc = ?", [doc])

    def document_tags(self, doc: str) -> dict[str, str | None]:
        row = self.con.execute("SELECT version, access_level, tenant FROM documents WHERE doc = ?", [doc]).fetchone()
        return dict(zip(("version", "access_level", "tenant"), row, strict=True)) if row else {}

    def note_result(self, path: str, error: str | None) -> None:
        """Remember the last failure per path (for reports); a later success clears it."""
        if error is None:
            self.con.execute("DELETE FROM failures WHERE path = ?", [path])
        else:
            self.con.execute("INSERT OR REPLACE INTO failures VALUES (?, ?, current_timestamp)", [path, error])

    def failures(self) -> list[tuple[str, str]]:
        return [(r[0], r[1]) for r in self.con.execute("SELECT path, error FROM failures ORDER BY path").fetchall()]
