"""Read database schemas into one flat form: tables and columns with names, descriptions, types, sample values.

Formats:
- Spider / BIRD ``tables.json``: a list of ``{db_id, table_names(_original), column_names(_original), column_types,
  primary_keys, foreign_keys}``; BIRD's optional ``database_description/<table>.csv`` files are read when a
  ``--descriptions`` folder is given (``original_column_name, column_name, column_description, value_description``).
- BEAVER-style / generic JSON: ``{"db_id"?, "tables": [{"name", "description"?, "columns": [{"name", "description"?,
  "type"?, "values"?: [..]}]}]}`` or a list of such objects (one per database).
"""

from __future__ import annotations

import csv
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablerag.errors import BadInputError

MAX_SAMPLE_VALUES = 20  # values per column kept in the value corpus: enough to match a named entity, bounded size
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


@dataclass(slots=True)
class SchemaColumn:
    db: str
    table: str  # original (SQL) names: what a text-to-SQL model writes
    column: str
    table_label: str = ""  # natural-language names where the schema gives them
    column_label: str = ""
    type: str | None = None
    description: str | None = None
    values: list[str] = field(default_factory=list)
    is_key: bool = False
    references: list[str] = field(default_factory=list)  # "table.column" this column joins to (both directions)

    @property
    def key(self) -> str:
        return f"{self.table}.{self.column}"


@dataclass(slots=True)
class Schema:
    columns: list[SchemaColumn] = field(default_factory=list)

    def dbs(self) -> list[str]:
        return list(dict.fromkeys(c.db for c in self.columns))


def split_identifier(name: str) -> str:
    """``StudentID`` -> ``Student ID``; ``t_name`` -> ``t name``: identifiers as words for BM25 and the embedder."""
    return " ".join(_CAMEL.sub(" ", name.replace("_", " ").replace(".", " ")).split())


def _spider_db(db: dict[str, Any]) -> list[SchemaColumn]:
    tables = db["table_names_original"]
    labels = db.get("table_names") or tables
    names = db.get("column_names") or db["column_names_original"]
    types = db.get("column_types") or []
    keys = {k for k in db.get("primary_keys", []) for k in (k if isinstance(k, list) else [k])}
    out: list[SchemaColumn] = []
    for i, (t, col) in enumerate(db["column_names_original"]):
        if t < 0:
            continue  # the "*" pseudo-column
        out.append(
            SchemaColumn(
                db["db_id"],
                tables[t],
                col,
                labels[t],
                names[i][1],
                types[i] if i < len(types) else None,
                is_key=i in keys,
            )
        )
    by_id = {i: c for i, c in zip(_real_ids(db), out, strict=True)}
    for a, b in db.get("foreign_keys", []):
        if a in by_id and b in by_id:
            by_id[a].is_key = by_id[b].is_key = True
            by_id[a].references.append(by_id[b].key)
            by_id[b].references.append(by_id[a].key)
    return out


def _real_ids(db: dict[str, Any]) -> list[int]:
    return [i for i, (t, _) in enumerate(db["column_names_original"]) if t >= 0]


def _generic_db(db: dict[str, Any], default_db: str) -> list[SchemaColumn]:
    name = str(db.get("db_id") or db.get("name") or default_db)
    out: list[SchemaColumn] = []
    for table in db["tables"]:
        tname = str(table["name"])
        for col in table.get("columns", []):
            values = [str(v) for v in col.get("values", [])][:MAX_SAMPLE_VALUES]
            desc = " ".join(x for x in (table.get("description"), col.get("description")) if x) or None
            out.append(
                SchemaColumn(
                    name,
                    tname,
                    str(col["name"]),
                    table.get("label", ""),
                    col.get("label", ""),
                    col.get("type"),
                    desc,
                    values,
                )
            )
    return out


def _descriptions(folder: Path, columns: list[SchemaColumn]) -> None:
    """BIRD ``database_description/<table>.csv``: column descriptions and value descriptions."""
    by_key = {(c.table.lower(), c.column.lower()): c for c in columns}
    for path in sorted(folder.rglob("*.csv")):
        with path.open(encoding="utf-8-sig", errors="replace", newline="") as fh:
            for row in csv.DictReader(fh):
                col = by_key.get((path.stem.lower(), (row.get("original_column_name") or "").strip().lower()))
                if col is not None:
                    parts = [row.get("column_description"), row.get("value_description")]
                    col.description = " ".join(p.strip() for p in parts if p and p.strip()) or col.description


def load_schema(path: Path, descriptions: Path | None = None) -> Schema:
    """Any supported schema file -> Schema. BadInputError names the file when the format is not recognised."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise BadInputError(str(path), f"not a readable JSON schema: {exc}") from exc
    items = data if isinstance(data, list) else [data]
    columns: list[SchemaColumn] = []
    for i, db in enumerate(items):
        if "column_names_original" in db:
            columns.extend(_spider_db(db))
        elif "tables" in db:
            columns.extend(_generic_db(db, f"{path.stem}{i if len(items) > 1 else ''}"))
        else:
            raise BadInputError(str(path), "neither Spider/BIRD tables.json nor a {tables: [...]} schema")
    if descriptions is not None:
        _descriptions(descriptions, columns)
    return Schema(columns)
