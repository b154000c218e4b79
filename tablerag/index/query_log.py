"""The query-log part of the table store: every SQL statement run for an answer (refused ones too), so an answer's
computation can be audited afterwards."""

from __future__ import annotations

import json
from typing import Any

DDL = """CREATE TABLE IF NOT EXISTS query_log (
    logged_at TIMESTAMP, session VARCHAR, question VARCHAR, sql VARCHAR, table_ids JSON, ok BOOLEAN, error VARCHAR,
    "rows" INTEGER, elapsed_ms DOUBLE)"""


class QueryLog:
    """The log over the store's DuckDB connection; its table is made on first use (read-only indexes never write)."""

    def __init__(self, con: Any) -> None:
        self.con = con

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
    ) -> None:
        """Record one statement: time, session, question, SQL, outcome."""
        self.con.execute(DDL)
        self.con.execute(
            "INSERT INTO query_log VALUES (current_timestamp, ?, ?, ?, ?, ?, ?, ?, ?)",
            [session, question, sql, json.dumps(table_ids), ok, error, rows, elapsed_ms],
        )

    def latest(self, session: str | None = None, limit: int = 100) -> list[dict[str, Any]]:
        """The latest logged statements, newest first."""
        self.con.execute(DDL)
        where, params = ("WHERE session = ?", [session]) if session else ("", [])
        cur = self.con.execute(f"SELECT * FROM query_log {where} ORDER BY logged_at DESC LIMIT ?", [*params, limit])
        names = [d[0] for d in cur.description]
        return [dict(zip(names, r, strict=True)) for r in cur.fetchall()]
