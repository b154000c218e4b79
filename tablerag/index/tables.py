"""The table store (DuckDB): the document manifest, every structured table (JSON + Markdown), its cells in a
form SQL can query, and every record's text and provenance (the lexical index is rebuilt from here).

A document is written in one transaction; its status goes `pending` -> `done` so a crashed run can be cleaned
up on the next open (see Index).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tablerag._lazy import need
from tablerag.decomposition.serialize import to_markdown
from tablerag.model import Provenance, Record, Table, table_from_dict, table_to_dict

SCHEMA_VERSION = "1"
FILTER_KEYS = ("doc", "file", "kind", "table_id", "version", "access_level", "tenant")

_DDL = [
    """CREATE TABLE IF NOT EXISTS meta (key VARCHAR PRIMARY KEY, value VARCHAR)""",
    """CREATE TABLE IF NOT EXISTS documents (
        doc VARCHAR PRIMARY KEY, path VARCHAR, sha256 VARCHAR, format VARCHAR, pages INTEGER,
        version VARCHAR, access_level VARCHAR, tenant VARCHAR, status VARCHAR,
        n_tables INTEGER, n_records INTEGER, ingested_at TIMESTAMP DEFAULT current_timestamp)""",
    """CREATE TABLE IF NOT EXISTS tables (
        table_id VARCHAR PRIMARY KEY, doc VARCHAR, file VARCHAR, page INTEGER, sheet VARCHAR, caption VARCHAR,
        n_rows INTEGER, n_cols INTEGER, header_rows INTEGER, parser VARCHAR, markdown VARCHAR, data JSON,
        version VARCHAR, access_level VARCHAR, tenant VARCHAR)""",
    """CREATE TABLE IF NOT EXISTS cells (
        table_id VARCHAR, doc VARCHAR, "row" INTEGER, col INTEGER, text VARCHAR, value DOUBLE, unit VARCHAR,
        is_header BOOLEAN, column_name VARCHAR, column_label VARCHAR, sheet_row INTEGER,
        access_level VARCHAR, tenant VARCHAR)""",
    """CREATE TABLE IF NOT EXISTS failures (path VARCHAR PRIMARY KEY, error VARCHAR, failed_at TIMESTAMP)""",
    """CREATE TABLE IF NOT EXISTS records (
        id VARCHAR PRIMARY KEY, doc VARCHAR, kind VARCHAR, text VARCHAR, file VARCHAR, table_id VARCHAR,
        version VARCHAR, access_level VARCHAR, tenant VARCHAR, provenance JSON)""",
]

_QUERY_LOG_DDL = """CREATE TABLE IF NOT EXISTS query_log (
    logged_at TIMESTAMP, session VARCHAR, question VARCHAR, sql VARCHAR, table_ids JSON, ok BOOLEAN, error VARCHAR,
    "rows" INTEGER, elapsed_ms DOUBLE)"""


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


def where_sql(filters: dict[str, str] | None) -> tuple[str, list[Any]]:
    """A parameterised WHERE clause over the filter keys every store shares (no string interpolation of values)."""
    clauses, params = [], []
    for key, value in (filters or {}).items():
        if key not in FILTER_KEYS:
            raise ValueError(f"unknown filter '{key}' (known: {', '.join(FILTER_KEYS)})")
        clauses.append(f"{key} = ?")
        params.append(value)
    return (" AND ".join(clauses) or "TRUE"), params


class TableStore:
    def __init__(self, path: Path) -> None:
        duckdb = need("duckdb", "core")
        self.path = path
        self.con = duckdb.connect(str(path))
        for ddl in _DDL:
            self.con.execute(ddl)
        self.con.execute("INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)", [SCHEMA_VERSION])

    def close(self) -> None:
        self.con.close()

    # --- meta -------------------------------------------------------------------------------------------------
    def get_meta(self, key: str) -> str | None:
        row = self.con.execute("SELECT value FROM meta WHERE key = ?", [key]).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        self.con.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", [key, value])

    # --- documents --------------------------------------------------------------------------------------------
    def documents(
        self, status: str | None = None, doc: str | None = None, path: str | None = None
    ) -> list[DocumentEntry]:
        """Manifest entries, narrowed in SQL (ingest asks once per file: no full-manifest scan per file)."""
        wanted = [(k, v) for k, v in (("status", status), ("doc", doc), ("path", path)) if v is not None]
        where = " AND ".join(f"{k} = ?" for k, _ in wanted) or "TRUE"
        sql = "SELECT doc, path, sha256, format, status, version, access_level, tenant, n_tables, n_records FROM documents"
        rows = self.con.execute(f"{sql} WHERE {where} ORDER BY path", [v for _, v in wanted]).fetchall()
        return [DocumentEntry(*r) for r in rows]

    def find_document(self, doc: str | None = None, path: str | None = None) -> list[DocumentEntry]:
        return self.documents(doc=doc, path=path)

    def mark_pending(self, entry: DocumentEntry, pages: int | None) -> None:
        self.con.execute(
            "INSERT OR REPLACE INTO documents (doc, path, sha256, format, pages, version, access_level, tenant, status,"
            " n_tables, n_records) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, 0)",
            [entry.doc, entry.path, entry.sha256, entry.format, pages, entry.version, entry.access_level, entry.tenant],
        )

    @contextmanager
    def transaction(self) -> Iterator[None]:
        self.con.execute("BEGIN TRANSACTION")
        try:
            yield
        except BaseException:
            self.con.execute("ROLLBACK")
            raise
        self.con.execute("COMMIT")

    def write_document(self, doc: str, tables: list[Table], records: list[Record], tags: dict[str, str | None]) -> None:
        """Tables, cells and records of one document, then status `done`, in one transaction."""
        with self.transaction():
            self._delete_rows(doc)
            for t in tables:
                self._insert_table(doc, t, tags)
            self.con.executemany(
                "INSERT INTO records VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    [
                        r.id,
                        doc,
                        r.kind,
                        r.text,
                        r.provenance.file,
                        r.provenance.table_id,
                        tags.get("version"),
                        tags.get("access_level"),
                        tags.get("tenant"),
                        json.dumps(r.provenance.to_dict(), ensure_ascii=False),
                    ]
                    for r in records
                ],
            )
            self.con.execute(
                "UPDATE documents SET status = 'done', n_tables = ?, n_records = ? WHERE doc = ?",
                [len(tables), len(records), doc],
            )

    def _insert_table(self, doc: str, t: Table, tags: dict[str, str | None]) -> None:
        src = t.source
        self.con.execute(
            "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                t.id,
                doc,
                src.file,
                src.page,
                src.sheet,
                t.caption,
                t.n_rows,
                t.n_cols,
                t.header_rows,
                t.parser,
                to_markdown(t),
                json.dumps(table_to_dict(t), ensure_ascii=False),
                tags.get("version"),
                tags.get("access_level"),
                tags.get("tenant"),
            ],
        )
        rows = [
            [
                t.id,
                doc,
                c.row,
                c.col,
                c.text,
                c.value,
                c.unit,
                c.is_header,
                t.column_name(c.col),
                t.column_label(c.col),
                t.row_label(c.row) if src.sheet is not None else None,
                tags.get("access_level"),
                tags.get("tenant"),
            ]
            for c in t.cells
        ]
        if rows:
            self.con.executemany("INSERT INTO cells VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)

    def _delete_rows(self, doc: str) -> None:
        for table in ("tables", "cells", "records"):
            self.con.execute(f"DELETE FROM {table} WHERE doc = ?", [doc])

    def delete_document(self, doc: str) -> None:
        with self.transaction():
            self._delete_rows(doc)
            self.con.execute("DELETE FROM documents WHERE doc = ?", [doc])

    # --- reads ------------------------------------------------------------------------------------------------
    def table(self, table_id: str) -> Table | None:
        row = self.con.execute("SELECT data FROM tables WHERE table_id = ?", [table_id]).fetchone()
        return None if row is None else table_from_dict(json.loads(row[0]))

    def markdown(self, table_id: str) -> str | None:
        row = self.con.execute("SELECT markdown FROM tables WHERE table_id = ?", [table_id]).fetchone()
        return None if row is None else str(row[0])

    def records(self, ids: Iterable[str]) -> dict[str, Record]:
        ids = list(ids)
        if not ids:
            return {}
        rows = self.con.execute(
            "SELECT id, kind, text, provenance FROM records WHERE id IN (SELECT unnest(?))", [ids]
        ).fetchall()
        return {r[0]: Record(r[0], r[1], r[2], Provenance(**json.loads(r[3]))) for r in rows}

    def all_record_texts(self) -> tuple[list[str], list[str]]:
        rows = self.con.execute("SELECT id, text FROM records ORDER BY id").fetchall()
        return [r[0] for r in rows], [r[1] for r in rows]

    def record_ids(self, filters: dict[str, str] | None) -> set[str]:
        clause, params = where_sql(filters)
        return {r[0] for r in self.con.execute(f"SELECT id FROM records WHERE {clause}", params).fetchall()}

    def count(self, what: str = "records") -> int:
        if what not in ("records", "tables", "documents", "cells"):
            raise ValueError(what)
        row = self.con.execute(f"SELECT count(*) FROM {what}").fetchone()
        return int(row[0]) if row else 0

    # --- answers (issue 6): the SQL log ------------------------------------------------------------------------
    def log_query(
        self,
        session: str,
        question: str,
        sql: str,
        table_ids: list[str],
        ok: bool,
        error: str | None,
        rows: int | None,
        elapsed_ms: float,
    ) -> None:
        """Record one SQL statement run for an answer (refused ones too): time, session, question, SQL, outcome."""
        self.con.execute(_QUERY_LOG_DDL)
        self.con.execute(
            "INSERT INTO query_log VALUES (current_timestamp, ?, ?, ?, ?, ?, ?, ?, ?)",
            [session, question, sql, json.dumps(table_ids), ok, error, rows, elapsed_ms],
        )

    def query_log(self, session: str | None = None, limit: int = 100) -> list[dict[str, Any]]:
        """The latest logged statements, newest first."""
        self.con.execute(_QUERY_LOG_DDL)
        where, params = ("WHERE session = ?", [session]) if session else ("", [])
        cur = self.con.execute(f"SELECT * FROM query_log {where} ORDER BY logged_at DESC LIMIT ?", [*params, limit])
        names = [d[0] for d in cur.description]
        return [dict(zip(names, r, strict=True)) for r in cur.fetchall()]

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
