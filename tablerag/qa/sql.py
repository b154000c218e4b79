"""Safe SQL over a stored table: typed view, sqlglot allow-list, a sandboxed DuckDB connection, limits, a log.

Why a sandbox and not ``duckdb.connect(file, read_only=True)``: DuckDB refuses a second connection to a file that
this process already holds read-write ("different configuration"), and another process cannot open it at all
while the writer's lock is held. So answers run in an in-memory DuckDB holding a typed copy of only the selected
table(s), opened with external access disabled (no files, no ATTACH, no extensions) and its configuration locked
before any generated SQL runs. Every statement is also checked by sqlglot first: one SELECT, known tables only.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from tablerag.model import HEADER_JOIN, Table
from tablerag.parsing.numbers import is_nil_mark

MAX_RESULT_ROWS = 1000  # an answer cites rows; more than this is a dump, not an answer
QUERY_TIMEOUT_S = 5.0  # tables here fit in memory: a query slower than this is runaway, interrupt it
_PLACEHOLDER = re.compile(r"^\s*(?:[*†‡]+|n/?[am]\.?|not\s+meaningful)\s*$", re.IGNORECASE)


def is_placeholder(text: str) -> bool:
    """A cell standing for a value it does not give: a footnote mark ("*" for "less than 10%"), "n/a", "N/M"."""
    return bool(_PLACEHOLDER.match(text))


# a stated range of amounts ("27.8% - 31.4%", "$ 12.01 - $ 18.00", "5.5 - 6.3"), no span of years ("2019-2020")
_AMOUNT_RANGE = re.compile(
    r"^\s*[$€£]?\s*(?!(?:19|20)\d\d\b)\d[\d,]*(?:\.\d+)?\s*%?\s*[-\u2013\u2014]\s*[$€£]?\s*\d[\d,]*(?:\.\d+)?\s*%?\s*$"
)
MIN_NUMBERS_BESIDE_RANGES = 2  # a column of ranges with a number or so is text; two numbers make the ranges gaps


def _ranges_aside(texts: list[str], numbers: int) -> list[str]:
    """The filled cells less the stated ranges among them, when the column holds two numbers or more: an
    assumptions table ("Expected volatility | 27.8% - 31.4%" above "Dividend yield | 1.1%") is numbers in each
    year's column, its ranges no value a comparison can take."""
    if numbers < MIN_NUMBERS_BESIDE_RANGES:
        return texts
    return [t for t in texts if not _AMOUNT_RANGE.match(t)]


NUMERIC_COLUMN_SHARE = 0.6  # a column with at least this share of parsed numbers is typed numeric
DECIMAL_TYPE = "DECIMAL(38, 10)"  # exact sums of parsed values (no float noise); 28 integer digits is ample
ROW_COLUMN = "_row"  # the grid row of each view row, for citations
LABEL_COLUMN = "_label"  # the row's header chain or stub text
VIEW_NAME = "t"
SANDBOX_THREADS = 1  # one answer table is small: extra DuckDB worker threads only add start-up and contention
FORBIDDEN_FUNCTIONS = frozenset(
    {
        "read_csv",
        "read_csv_auto",
        "read_parquet",
        "parquet_scan",
        "read_json",
        "read_json_auto",
        "read_ndjson",
        "read_text",
        "read_blob",
        "glob",
        "sniff_csv",
        "read_xlsx",
        "sqlite_scan",
        "postgres_scan",
        "query_table",
        "query",
        "getenv",
        "current_setting",
        "duckdb_settings",
        "duckdb_extensions",
        "duckdb_databases",
    }
)


@dataclass(frozen=True, slots=True)
class QueryLogEntry:
    sql: str
    table_ids: list[str]
    ok: bool
    error: str | None
    rows: int | None
    elapsed_ms: float


QueryHook = Callable[[QueryLogEntry], None]


class UnsafeSqlError(ValueError):
    """A statement that is not a single read-only SELECT over the answer tables."""


@dataclass(slots=True)
class ViewColumn:
    name: str  # the SQL column name: the header chain, de-duplicated
    col: int  # grid column
    numeric: bool


@dataclass(slots=True)
class TypedView:
    table: Table
    columns: list[ViewColumn] = field(default_factory=list)
    rows: list[int] = field(default_factory=list)  # grid rows in view order

    def column(self, col: int) -> ViewColumn | None:
        return next((c for c in self.columns if c.col == col), None)


@dataclass(slots=True)
class QueryResult:
    sql: str
    columns: list[str]
    rows: list[tuple[Any, ...]]
    truncated: bool
    elapsed_ms: float


def quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _number(text: str) -> Decimal | None:
    try:
        return Decimal(text)
    except InvalidOperation:
        return None


def cell_decimal(value: float | None) -> Decimal | None:
    """Cell.value as the decimal a person reads (repr of the float, so 1452.4 stays 1452.4, never 1452.3999...)."""
    return None if value is None else _number(repr(float(value)))


def _row_label(table: Table, grid: list[list[str]], row: int, numeric: set[tuple[int, int]]) -> str:
    if row < len(table.row_headers) and table.row_headers[row]:
        return HEADER_JOIN.join(table.row_headers[row])
    # the first text cell, a dash for nil being none ("2023 | 5,218 | —": the year labels the row)
    texts = (" ".join(t.split()) for c, t in enumerate(grid[row]) if t.strip() and (row, c) not in numeric)
    label = next((t for t in texts if not is_nil_mark(t)), "")
    return label or (" ".join(grid[row][0].split()) if grid[row] else "")


def typed_view(table: Table) -> TypedView:
    """One row per data row, one column per grid column named by its header chain, numbers typed numeric."""
    grid = table.filled_grid()
    values = {(c.row, c.col): c.value for c in table.cells if c.value is not None and not c.is_header}
    rows = [r for r in range(table.header_rows, table.n_rows) if any(t.strip() for t in grid[r])]
    view = TypedView(table, rows=rows)
    seen: set[str] = {ROW_COLUMN, LABEL_COLUMN}
    for col in range(table.n_cols):
        # a dash is nil, not text; nor is a footnote mark or a placeholder standing for a value ("*" for "less than
        # 10%", "N/M" for not meaningful, "n/a")
        filled = [
            r
            for r in rows
            if grid[r][col].strip() and not is_nil_mark(grid[r][col]) and not is_placeholder(grid[r][col])
        ]
        numbers = sum((r, col) in values for r in filled)
        kept = _ranges_aside([grid[r][col] for r in filled if (r, col) not in values], numbers)
        filled_n = numbers + len(kept)
        share = numbers / filled_n if filled_n else 0.0
        name = " ".join((table.column_name(col) or f"col{table.column_label(col)}").split())
        unique, i = name, 2
        while unique.lower() in seen:
            unique, i = f"{name} ({i})", i + 1
        seen.add(unique.lower())
        view.columns.append(ViewColumn(unique, col, share >= NUMERIC_COLUMN_SHARE and bool(filled)))
    return view


def view_rows(view: TypedView) -> list[list[Any]]:
    table = view.table
    grid = table.filled_grid()
    numeric = {(c.row, c.col) for c in table.cells if c.value is not None}
    values = {(c.row, c.col): c.value for c in table.cells if c.value is not None}
    out = []
    for r in view.rows:
        row: list[Any] = [r, _row_label(table, grid, r, numeric)]
        for vc in view.columns:
            text = " ".join(grid[r][vc.col].split())
            row.append(cell_decimal(values.get((r, vc.col))) if vc.numeric else (text or None))
        out.append(row)
    return out


_BASE: Any = None
_BASE_LOCK = threading.Lock()
INSERT_BATCH_ROWS = 500  # rows per INSERT statement: one statement per row is slow, one per table can be huge


def _base_connection() -> Any:
    """The process's sandbox database: in memory, external access off (no files, ATTACH, COPY TO, extensions),
    configuration locked. Each Sandbox is a cursor on it, and its tables are TEMP, so they are private to it."""
    global _BASE
    with _BASE_LOCK:
        if _BASE is None:
            import duckdb

            config: dict[str, str | bool | int | float | list[str]] = {
                "enable_external_access": False,
                "threads": SANDBOX_THREADS,
                "autoinstall_known_extensions": False,
                "autoload_known_extensions": False,
            }
            _BASE = duckdb.connect(":memory:", config=config)
            _BASE.execute("SET lock_configuration = true")
        return _BASE


class Sandbox:
    """Typed TEMP copies of the answer tables on a cursor of the locked in-memory sandbox database."""

    def __init__(self, views: dict[str, TypedView], on_query: QueryHook | None = None) -> None:
        self.views = views
        self.on_query = on_query
        self.con = _base_connection().cursor()
        for name, view in views.items():
            cols = [f"{quote(ROW_COLUMN)} INTEGER", f"{quote(LABEL_COLUMN)} VARCHAR"] + [
                f"{quote(c.name)} {DECIMAL_TYPE if c.numeric else 'VARCHAR'}" for c in view.columns
            ]
            self.con.execute(f"CREATE TEMP TABLE {quote(name)} ({', '.join(cols)})")
            rows = view_rows(view)
            marks = "(" + ", ".join("?" for _ in cols) + ")"
            for i in range(0, len(rows), INSERT_BATCH_ROWS):
                batch = rows[i : i + INSERT_BATCH_ROWS]
                values = ", ".join(marks for _ in batch)
                self.con.execute(f"INSERT INTO {quote(name)} VALUES {values}", [v for r in batch for v in r])

    def close(self) -> None:
        self.con.close()

    def run(self, sql: str) -> QueryResult:
        """Validate, run with the time limit, fetch at most MAX_RESULT_ROWS (+1 to flag truncation)."""
        start = time.perf_counter()
        try:
            validate_select(sql, set(self.views))
            result = self._execute(sql, start)
        except Exception as exc:
            self._log(sql, 1000 * (time.perf_counter() - start), None, f"{type(exc).__name__}: {exc}")
            raise
        self._log(sql, result.elapsed_ms, len(result.rows), None)
        return result

    def _execute(self, sql: str, start: float) -> QueryResult:
        timer = threading.Timer(QUERY_TIMEOUT_S, self.con.interrupt)
        timer.start()
        try:
            cur = self.con.execute(sql)
            rows = cur.fetchmany(MAX_RESULT_ROWS + 1)
            names = [d[0] for d in cur.description or []]
        finally:
            timer.cancel()
        elapsed = 1000 * (time.perf_counter() - start)
        return QueryResult(sql, names, rows[:MAX_RESULT_ROWS], len(rows) > MAX_RESULT_ROWS, elapsed)

    def _log(self, sql: str, elapsed_ms: float, n_rows: int | None, error: str | None) -> None:
        if self.on_query is not None:
            tables = [v.table.id for v in self.views.values()]
            self.on_query(QueryLogEntry(sql, tables, error is None, error, n_rows, elapsed_ms))


def validate_select(sql: str, tables: set[str]) -> None:
    """Raise UnsafeSqlError unless ``sql`` is exactly one SELECT reading only ``tables`` (and its own CTEs)."""
    import sqlglot
    from sqlglot import exp
    from sqlglot.errors import SqlglotError

    logging.getLogger("sqlglot").setLevel(logging.ERROR)  # its "falling back to Command" warnings are our refusals
    try:
        statements = [s for s in sqlglot.parse(sql, read="duckdb") if s is not None]
    except SqlglotError as exc:
        raise UnsafeSqlError(f"unparsable SQL: {exc}") from exc
    if len(statements) != 1:
        raise UnsafeSqlError(f"exactly one statement allowed, got {len(statements)}")
    tree = statements[0]
    if not isinstance(tree, exp.Select | exp.Union | exp.Intersect | exp.Except):
        raise UnsafeSqlError(f"only SELECT is allowed, got {type(tree).__name__.upper()}")
    banned = (
        exp.Insert,
        exp.Update,
        exp.Delete,
        exp.Drop,
        exp.Create,
        exp.Command,
        exp.Set,
        exp.Copy,
        exp.Alter,
        exp.Pragma,
        exp.Merge,
        exp.TruncateTable,
        exp.Attach,
        exp.Detach,
        exp.Install,
        exp.Use,
        exp.Export,
    )
    for node in tree.walk():
        if isinstance(node, banned):
            raise UnsafeSqlError(f"{type(node).__name__.upper()} is not allowed")
        if isinstance(node, exp.Func) and _func_name(node) in FORBIDDEN_FUNCTIONS:
            raise UnsafeSqlError(f"function {_func_name(node)}() is not allowed")
    ctes = {c.alias_or_name.lower() for c in tree.find_all(exp.CTE)}
    for t in tree.find_all(exp.Table):
        if not isinstance(t.this, exp.Identifier) or t.args.get("db") or t.args.get("catalog"):
            raise UnsafeSqlError(f"table source {t.sql()} is not allowed")
        if t.name.lower() not in {x.lower() for x in tables} | ctes:
            raise UnsafeSqlError(f"unknown table {t.name!r} (allowed: {', '.join(sorted(tables))})")


def _func_name(node: Any) -> str:
    from sqlglot import exp

    if isinstance(node, exp.Anonymous):
        return str(node.name).lower()
    return str(node.sql_name()).lower()
