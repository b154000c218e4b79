"""Column retrieval for text-to-SQL: a schema corpus (one document per column, one per table) and a
value corpus (sample values), searched by our embedder and BM25 and fused; optionally two-stage (tables, then
columns). Stored in its own folder ``<index>/schema/``, apart from the document records.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

import numpy as np

from tablerag.errors import IndexMismatchError, TableragError
from tablerag.index.embed import encode_query, load_embedder
from tablerag.index.lexical import LexicalIndex
from tablerag.schema.load import Schema, SchemaColumn, split_identifier

SCHEMA_DIR = "schema"
META_FILE = "schema.json"
DENSE_WEIGHT = 1.0  # dense similarity carries paraphrase ("how old" -> age): the main signal
LEXICAL_WEIGHT = 0.6  # BM25 catches exact names and codes; noisier on short column documents, so weighed lower
TABLE_WEIGHT = 0.5  # a column of the table the question is about outranks a look-alike column of another table
VALUE_WEIGHT = 0.4  # a value named in the question (a city, a code) points at its column when samples exist
JOIN_BONUS = 0.5  # key columns joining two top tables are needed by the JOIN, though the question never names them
TOP_TABLES = 3  # tables counted as "the question's" for the join bonus and the two-stage search
TABLE_COLUMNS_SHOWN = 40  # columns named in a table document: enough to describe it, short enough for the embedder


class SchemaMode(StrEnum):
    HYBRID = "hybrid"  # columns scored by dense + BM25 + value + their table's score
    TWO_STAGE = "two-stage"  # tables first, then the columns of the top tables (the rest follow)
    DENSE = "dense"
    LEXICAL = "lexical"


@dataclass(frozen=True, slots=True)
class ColumnHit:
    table: str
    column: str
    score: float
    db: str

    def to_dict(self) -> dict[str, Any]:
        return {"table": self.table, "column": self.column, "score": round(self.score, 6), "db": self.db}


def column_text(c: SchemaColumn) -> str:
    names = f"{c.table_label or split_identifier(c.table)}: {c.column_label or split_identifier(c.column)}"
    raw = split_identifier(c.column)
    extra = [raw] if raw.lower() != (c.column_label or "").lower() else []
    return " ; ".join([names, *extra, *([c.description] if c.description else [])])


def table_texts(columns: list[SchemaColumn]) -> dict[tuple[str, str], str]:
    grouped: dict[tuple[str, str], list[SchemaColumn]] = {}
    for c in columns:
        grouped.setdefault((c.db, c.table), []).append(c)
    out = {}
    for key, cols in grouped.items():
        label = cols[0].table_label or split_identifier(key[1])
        names = ", ".join(c.column_label or split_identifier(c.column) for c in cols[:TABLE_COLUMNS_SHOWN])
        out[key] = f"{label}: {names}"
    return out


def _zscore(x: np.ndarray) -> np.ndarray:
    if x.size == 0:
        return x
    sd = float(x.std())
    return (x - float(x.mean())) / sd if sd > 0 else np.zeros_like(x)


class SchemaIndex:
    """``SchemaIndex.build(schema, folder, embedder)`` then ``SchemaIndex(folder).search(question, k, db)``."""

    def __init__(self, folder: Path, embedder: Any = None) -> None:
        self.folder = Path(folder)
        if not (self.folder / META_FILE).exists():
            raise TableragError(f"no schema index at {self.folder}: run `tablerag schema index SCHEMA --index DIR`")
        meta = json.loads((self.folder / META_FILE).read_text(encoding="utf-8"))
        self.embedder = embedder if embedder is not None else load_embedder(meta["embedder"])
        if self.embedder.name != meta["embedder"]:
            raise IndexMismatchError(f"schema index built with '{meta['embedder']}', not '{self.embedder.name}'")
        self.columns = [SchemaColumn(**c) for c in meta["columns"]]
        self.tables = [tuple(t) for t in meta["tables"]]
        self._dense = np.load(self.folder / "columns.npy")
        self._tdense = np.load(self.folder / "tables.npy")
        self._lex = LexicalIndex(self.folder / "bm25_columns")
        self._tlex = LexicalIndex(self.folder / "bm25_tables")
        self._vlex = LexicalIndex(self.folder / "bm25_values")
        # BM25 keeps its records in id order ("10" before "2"): scores are read back in build order through these
        self._lex_order, self._tlex_order, self._vlex_order = (
            _build_order(x) for x in (self._lex, self._tlex, self._vlex)
        )
        self._value_owner = [int(x) for x in meta["value_owner"]]
        members: dict[str, list[int]] = {}
        for i, c in enumerate(self.columns):
            members.setdefault(c.db, []).append(i)
        self._by_db = {db: np.array(ids, dtype=np.int64) for db, ids in members.items()}
        self._table_pos = {t: i for i, t in enumerate(self.tables)}
        self._col_table = np.array([self._table_pos[(c.db, c.table)] for c in self.columns], dtype=np.int64)

    @staticmethod
    def build(schema: Schema, folder: Path, embedder: Any) -> SchemaIndex:
        folder.mkdir(parents=True, exist_ok=True)
        cols = schema.columns
        texts = [column_text(c) for c in cols]
        tdocs = table_texts(cols)
        np.save(folder / "columns.npy", embedder.encode(texts))
        np.save(folder / "tables.npy", embedder.encode(list(tdocs.values())))
        LexicalIndex(folder / "bm25_columns").rebuild([str(i) for i in range(len(cols))], texts)
        LexicalIndex(folder / "bm25_tables").rebuild([str(i) for i in range(len(tdocs))], list(tdocs.values()))
        owners = [i for i, c in enumerate(cols) for _ in c.values]
        values = [f"{split_identifier(c.column)} {v}" for c in cols for v in c.values]
        LexicalIndex(folder / "bm25_values").rebuild([str(i) for i in range(len(values))], values)
        meta = {
            "embedder": embedder.name,
            "columns": [asdict(c) for c in cols],
            "tables": [list(t) for t in tdocs],
            "value_owner": owners,
        }
        (folder / META_FILE).write_text(json.dumps(meta, ensure_ascii=False), encoding="utf-8")
        return SchemaIndex(folder, embedder)

    def dbs(self) -> list[str]:
        return list(self._by_db)

    def encode(self, questions: list[str]) -> np.ndarray:
        """Query vectors, batched (for evaluation runs over many questions)."""
        return encode_query(self.embedder, questions)

    def _column_scores(
        self, question: str, idx: np.ndarray, mode: SchemaMode, qvec: np.ndarray | None
    ) -> tuple[np.ndarray, np.ndarray]:
        q = qvec if qvec is not None else self.encode([question])[0]
        dense = _zscore(self._dense[idx] @ q)
        lexical = _zscore(self._lex.scores(question)[self._lex_order][idx])
        tids = np.unique(self._col_table[idx])
        tscore = _zscore(self._tdense[tids] @ q) + LEXICAL_WEIGHT * _zscore(
            self._tlex.scores(question)[self._tlex_order][tids]
        )
        per_table = dict(zip(tids.tolist(), tscore.tolist(), strict=True))
        table = np.array([per_table[t] for t in self._col_table[idx].tolist()])
        if mode is SchemaMode.DENSE:
            return dense, table
        if mode is SchemaMode.LEXICAL:
            return lexical, table
        score = DENSE_WEIGHT * dense + LEXICAL_WEIGHT * lexical + TABLE_WEIGHT * _zscore(table)
        return score + VALUE_WEIGHT * self._value_scores(question, idx), table

    def _value_scores(self, question: str, idx: np.ndarray) -> np.ndarray:
        if not self._value_owner:
            return np.zeros(len(idx))
        raw = self._vlex.scores(question)[self._vlex_order]
        best = np.zeros(len(self.columns), dtype=np.float32)
        np.maximum.at(best, np.array(self._value_owner), raw)
        return _zscore(best[idx])

    def _join_bonus(self, idx: np.ndarray, order: np.ndarray) -> np.ndarray:
        top: list[str] = []
        for i in order:
            t = self.columns[idx[i]].table
            if t not in top:
                top.append(t)
            if len(top) == TOP_TABLES:
                break
        bonus = np.zeros(len(idx))
        for j, i in enumerate(idx.tolist()):
            c = self.columns[i]
            if c.table in top[:2] and any(
                r.split(".", 1)[0] in top[:2] and r.split(".", 1)[0] != c.table for r in c.references
            ):
                bonus[j] = JOIN_BONUS
        return bonus

    def search(
        self,
        question: str,
        k: int = 10,
        db: str | None = None,
        mode: SchemaMode = SchemaMode.HYBRID,
        qvec: np.ndarray | None = None,
    ) -> list[ColumnHit]:
        """Top-k columns of one database (or of all when db is None), best first."""
        if db is not None and db not in self._by_db:
            raise TableragError(f"database '{db}' is not in the schema index (known: {', '.join(self.dbs()[:10])} ...)")
        idx = self._by_db[db] if db is not None else np.arange(len(self.columns))
        score, table = self._column_scores(question, idx, mode, qvec)
        order = np.argsort(-score, kind="stable")
        if mode in (SchemaMode.HYBRID, SchemaMode.TWO_STAGE):
            score = score + self._join_bonus(idx, order)
        if mode is SchemaMode.TWO_STAGE:
            score = score + 100.0 * np.isin(table, np.sort(np.unique(table))[::-1][:TOP_TABLES])
        order = np.argsort(-score, kind="stable")[:k]
        return [
            ColumnHit(self.columns[idx[i]].table, self.columns[idx[i]].column, float(score[i]), self.columns[idx[i]].db)
            for i in order
        ]


def schema_folder(index_dir: Path) -> Path:
    return Path(index_dir) / SCHEMA_DIR


def _build_order(lexical: Any) -> np.ndarray:
    """Positions in ``lexical`` of the records built as ids "0", "1", ... (its own order is by id, as text)."""
    pos = lexical.positions
    return np.array([pos[str(i)] for i in range(len(lexical))], dtype=np.int64)
