"""The table store (DuckDB), one file composed of three parts: the manifest of documents (index/manifest.py),
every structured table (JSON + Markdown) with its cells in a form SQL can query and every record's text and
provenance (`Contents`, here; the lexical index is rebuilt from it), and the log of answer SQL (index/query_log.py).

A document is written in one transaction; its status goes `pending` -> `done` so a crashed run can be cleaned
up on the next open (see Index).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tablerag._lazy import need
from tablerag.decomposition.serialize import to_markdown
from tablerag.index.duck import insert_columns, transaction
from tablerag.index.manifest import DocumentEntry, Manifest
from tablerag.index.query_log import QueryLog
from tablerag.model import Provenance, Record, Table, table_from_dict, table_to_dict

__all__ = ["Contents", "DocumentEntry", "TableStore", "ids_where", "where_sql"]

SCHEMA_VERSION = "1"
# Up to this many ids a record read is `id IN (?, ?, ...)`, which DuckDB answers from the primary key: the 12 hits of
# a query read in 1.1 ms instead of 2.9 ms with `IN (SELECT unnest(?))` at 1M records (in a search: 3.2 -> 2.6 ms,
# the rest is statement overhead); longer lists keep unnest.
RECORDS_IN_LIST_MAX = 100
FILTER_KEYS = ("doc", "file", "kind", "table_id", "version", "access_level", "tenant")

_DDL = [
    """CREATE TABLE IF NOT EXISTS tables (
        table_id VARCHAR PRIMARY KEY, doc VARCHAR, file VARCHAR, page INTEGER, sheet VARCHAR, caption VARCHAR,
        n_rows INTEGER, n_cols INTEGER, header_rows INTEGER, parser VARCHAR, markdown VARCHAR, data JSON,
        version VARCHAR, access_level VARCHAR, tenant VARCHAR)""",
    """CREATE TABLE IF NOT EXISTS cells (
        table_id VARCHAR, doc VARCHAR, "row" INTEGER, col INTEGER, text VARCHAR, value DOUBLE, unit VARCHAR,
        is_header BOOLEAN, column_name VARCHAR, column_label VARCHAR, sheet_row INTEGER,
        access_level VARCHAR, tenant VARCHAR)""",
    """CREATE TABLE IF NOT EXISTS records (
        id VARCHAR PRIMARY KEY, doc VARCHAR, kind VARCHAR, text VARCHAR, file VARCHAR, table_id VARCHAR,
        version VARCHAR, access_level VARCHAR, tenant VARCHAR, provenance JSON)""",
]

# column types in table order, for the columnar inserts (JSON goes in as text and is cast on insert)
_COLUMN_TYPES: dict[str, list[str]] = {
    "tables": ["VARCHAR"] * 3 + ["INTEGER"] + ["VARCHAR"] * 2 + ["INTEGER"] * 3 + ["VARCHAR"] * 6,
    "cells": ["VARCHAR", "VARCHAR", "INTEGER", "INTEGER", "VARCHAR", "DOUBLE", "VARCHAR", "BOOLEAN"]
    + ["VARCHAR", "VARCHAR", "INTEGER", "VARCHAR", "VARCHAR"],
    "records": ["VARCHAR"] * 10,
}


def ids_where(ids: list[str]) -> tuple[str, list[Any]]:
    """A WHERE clause selecting these record ids: a constant list probes the primary key; a long one is unnested
    (it scans the table, but plans faster)."""
    if len(ids) <= RECORDS_IN_LIST_MAX:
        return f"id IN ({', '.join('?' * len(ids))})", list(ids)
    return "id IN (SELECT unnest(?))", [list(ids)]


def where_sql(filters: dict[str, str] | None) -> tuple[str, list[Any]]:
    """A parameterised WHERE clause over the filter keys every store shares (no string interpolation of values)."""
    clauses, params = [], []
    for key, value in (filters or {}).items():
        if key not in FILTER_KEYS:
            raise ValueError(f"unknown filter '{key}' (known: {', '.join(FILTER_KEYS)})")
        clauses.append(f"{key} = ?")
        params.append(value)
    return (" AND ".join(clauses) or "TRUE"), params


class Contents:
    """The tables, cells and records of every document, over the store's DuckDB connection."""

    def __init__(self, con: Any) -> None:
        self.con = con
        for ddl in _DDL:
            con.execute(ddl)

    def replace(self, docs: list[tuple[str, list[Table], list[Record]]], tags: dict[str, str | None]) -> None:
        """The tables, cells and records of ``docs`` in place of what they held (the caller's transaction): each
        table is written by one columnar insert."""
        version, access, tenant = tags.get("version"), tags.get("access_level"), tags.get("tenant")
        table_rows: list[list[Any]] = []
        cell_rows: list[list[Any]] = []
        record_rows: list[list[Any]] = []
        for doc, tables, records in docs:
            for t in tables:
                table_rows.append(self._table_row(doc, t, version, access, tenant))
                cell_rows.extend(self._cell_rows(doc, t, access, tenant))
            record_rows.extend(
                [
                    r.id,
                    doc,
                    r.kind,
                    r.text,
                    r.provenance.file,
                    r.provenance.table_id,
                    version,
                    access,
                    tenant,
                    json.dumps(r.provenance.to_dict(), ensure_ascii=False),
                ]
                for r in records
            )
        self.delete([d[0] for d in docs])
        for name, rows in (("tables", table_rows), ("cells", cell_rows), ("records", record_rows)):
            insert_columns(self.con, name, _COLUMN_TYPES[name], rows)

    @staticmethod
    def _table_row(doc: str, t: Table, version: str | None, access: str | None, tenant: str | None) -> list[Any]:
        src = t.source
        return [
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
            version,
            access,
            tenant,
        ]

    @staticmethod
    def _cell_rows(doc: str, t: Table, access: str | None, tenant: str | None) -> list[list[Any]]:
        sheet = t.source.sheet is not None
        return [
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
                t.row_label(c.row) if sheet else None,
                access,
                tenant,
            ]
            for c in t.cells
        ]

    def delete(self, docs: list[str]) -> None:
        for table in ("tables", "cells", "records"):
            self.con.execute(f"DELETE FROM {table} WHERE doc IN (SELECT unnest(?::VARCHAR[]))", [docs])

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
        where, params = ids_where(ids)
        rows = self.con.execute(f"SELECT id, kind, text, provenance FROM records WHERE {where}", params).fetchall()
        return {r[0]: Record(r[0], r[1], r[2], Provenance(**json.loads(r[3]))) for r in rows}

    def document_record_ids(self, docs: list[str]) -> list[str]:
        """Ids of the records these documents hold."""
        if not docs:
            return []
        return [
            r[0] for r in self.con.execute("SELECT id FROM records WHERE doc IN (SELECT unnest(?))", [docs]).fetchall()
        ]

    def all_record_texts(self) -> tuple[list[str], list[str]]:
        rows = self.con.execute("SELECT id, text FROM records ORDER BY id").fetchall()
        return [r[0] for r in rows], [r[1] for r in rows]

    def record_ids(self, filters: dict[str, str] | None) -> set[str]:
        clause, params = where_sql(filters)
        return {r[0] for r in self.con.execute(f"SELECT id FROM records WHERE {clause}", params).fetchall()}


class TableStore:
    """One DuckDB file: `manifest` (documents, failures, metadata), `contents` (tables, cells, records) and
    `queries` (the answer SQL log). Writes that touch two parts (a document's records and its status) run here in
    one transaction; everything else is the parts' own (`store.manifest.documents()`, `store.contents.records()`,
    `store.queries.log()`)."""

    def __init__(self, path: Path) -> None:
        duckdb = need("duckdb", "core")
        self.path = path
        self.con = duckdb.connect(str(path))
        self.manifest = Manifest(self.con)
        self.contents = Contents(self.con)
        self.queries = QueryLog(self.con)
        self.con.execute("INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)", [SCHEMA_VERSION])

    def close(self) -> None:
        self.con.close()

    def find_document(self, doc: str | None = None, path: str | None = None) -> list[DocumentEntry]:
        return self.manifest.documents(doc=doc, path=path)

    def mark_pending(self, entry: DocumentEntry, pages: int | None) -> None:
        self.manifest.mark_pending_many([(entry, pages)])

    @contextmanager
    def transaction(self) -> Iterator[None]:
        with transaction(self.con):
            yield

    def write_document(self, doc: str, tables: list[Table], records: list[Record], tags: dict[str, str | None]) -> None:
        """Tables, cells and records of one document, then status `done`, in one transaction."""
        self.write_documents([(doc, tables, records)], tags)

    def write_documents(self, docs: list[tuple[str, list[Table], list[Record]]], tags: dict[str, str | None]) -> None:
        """Tables, cells and records of several documents, then their status `done`, in one transaction."""
        if not docs:
            return
        with self.transaction():
            self.contents.replace(docs, tags)
            self.manifest.mark_done([d[0] for d in docs], [len(d[1]) for d in docs], [len(d[2]) for d in docs])

    def delete_document(self, doc: str) -> None:
        with self.transaction():
            self.contents.delete([doc])
            self.manifest.forget(doc)

    def count(self, what: str = "records") -> int:
        if what not in ("records", "tables", "documents", "cells"):
            raise ValueError(what)
        row = self.con.execute(f"SELECT count(*) FROM {what}").fetchone()
        return int(row[0]) if row else 0
