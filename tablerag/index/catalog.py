"""The record catalog: what a search needs to know of every record, in memory and aligned with the BM25 positions
(its table, its row, whether it has a dense vector, and per filter key the codes that turn a filter into a mask).

It is read from the table store once, when an index is first searched; after that an add or a removal updates it
with the records that changed (``RecordCatalog.update``), following BM25's moves, so a service that adds one
document to a big index never re-reads every record to answer the next question.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

import numpy as np

from tablerag.index.labels import RowLabels
from tablerag.index.store import FILTER_KEYS, TableStore, ids_where, where_sql
from tablerag.model import RecordId

if TYPE_CHECKING:
    from tablerag.index.lexical import Moves

# a record's id, table ('' outside any), row (-1 when it names none) and kind; then every filter column
_KEYS = "id, coalesce(table_id, ''), coalesce(json_extract(provenance, '$.row')::INTEGER, -1), kind"
_COLUMNS = _KEYS + ", " + ", ".join(FILTER_KEYS)
_FIRST_FILTER = 4  # where the filter columns start in a row of _COLUMNS


def _with_vector(kinds: list[str], ids: list[str], lexical_only: Collection[str]) -> np.ndarray:
    """Which records have a dense vector: every one but those of a lexical-only kind (LLM-written ones always)."""
    return np.fromiter(
        (k not in lexical_only or RecordId.is_llm(i) for k, i in zip(kinds, ids, strict=True)),
        dtype=bool,
        count=len(ids),
    )


class RecordCatalog:
    """What a query needs to know of every record, in memory and aligned with the BM25 positions: its table and
    row, and (built on first use, per filter key) the codes that turn a filter into a boolean mask. A query then
    never loads the ids a filter allows, nor asks DuckDB which table or row a candidate belongs to."""

    def __init__(
        self,
        store: TableStore,
        ids: list[str],
        positions: dict[str, int],
        table: np.ndarray,
        row: np.ndarray,
        table_codes: dict[str, int],
        dense: np.ndarray | None = None,
    ) -> None:
        self._store = store
        self.ids = ids
        self.positions = positions
        self.table = table  # code of the record's table, -1 outside any table
        self.row = row  # the record's row, -1 when it names none
        self.table_codes = table_codes
        self.table_names = list(table_codes)
        self.dense = dense  # which records have a dense vector; None: every one
        self._columns: dict[str, tuple[dict[Any, int], np.ndarray]] = {}
        self._labels: RowLabels | None = None
        self._group()

    @classmethod
    def read(
        cls, store: TableStore, ids: list[str], positions: dict[str, int], lexical_only: Collection[str]
    ) -> RecordCatalog | None:
        """Every record's table and row from the store, aligned with ``ids`` (the BM25 order: records by id); None
        when the store holds other records than ``ids`` (the caller rebuilds BM25 and asks again).
        ``lexical_only``: the record kinds without a dense vector (LLM-written records always have one)."""
        got = store.con.execute(f"SELECT {_KEYS} FROM records ORDER BY id").fetchall()
        if len(got) != len(ids) or any(r[0] != i for r, i in zip(got, ids, strict=True)):
            return None
        codes: dict[str, int] = {}
        table = np.fromiter(
            (codes.setdefault(r[1], len(codes)) if r[1] else -1 for r in got), dtype=np.int32, count=len(got)
        )
        row = np.fromiter((r[2] for r in got), dtype=np.int32, count=len(got))
        dense = _with_vector([r[3] for r in got], ids, lexical_only) if lexical_only else None
        return cls(store, ids, positions, table, row, codes, dense)

    def _group(self) -> None:
        """Positions grouped by table, ascending within each (a stable sort of int32 codes: linear time)."""
        self._order = np.argsort(self.table, kind="stable")
        self._bounds = np.searchsorted(self.table[self._order], np.arange(-1, len(self.table_codes) + 1))

    def update(
        self,
        moves: Moves,
        ids: list[str],
        positions: dict[str, int],
        lexical_only: Collection[str],
    ) -> bool:
        """Follow a BM25 update (``moves``; ``ids`` and ``positions`` are BM25's after it): the kept records move,
        the removed ones leave, and only the added ones are read from the store. The result equals a catalog read
        afresh, apart from the numbering of table and filter codes (a table that left keeps its code, holding no
        record). False when the store lacks an added record (the caller then reads the catalog afresh)."""
        rows = self._read(moves.added)
        if len(rows) != len(moves.added):
            return False
        n = len(ids)
        table_ids = [rows[i][1] for i in moves.added]
        codes = [self.table_codes.setdefault(t, len(self.table_codes)) if t else -1 for t in table_ids]
        self.table_names = list(self.table_codes)
        self.table = _follow(self.table, moves, n, np.asarray(codes, dtype=np.int32))
        self.row = _follow(self.row, moves, n, np.asarray([rows[i][2] for i in moves.added], dtype=np.int32))
        if self.dense is not None:
            fresh = _with_vector([rows[i][3] for i in moves.added], moves.added, lexical_only)
            self.dense = _follow(self.dense, moves, n, fresh)
        for key, (lookup, old) in self._columns.items():
            at = _FIRST_FILTER + FILTER_KEYS.index(key)
            values = [rows[i][at] for i in moves.added]
            new = np.fromiter((lookup.setdefault(v, len(lookup)) if v is not None else -1 for v in values), np.int32)
            self._columns[key] = (lookup, _follow(old, moves, n, new))
        if self._labels is not None:
            tables = sorted({t for t in table_ids if t})
            self._labels = self._labels.moved(moves.moved(), n).merged(RowLabels.build(self._store, positions, tables))
        self.ids, self.positions = ids, positions
        self._group()
        return True

    def _read(self, ids: list[str]) -> dict[str, tuple[Any, ...]]:
        """The catalog's columns of these records (by id)."""
        if not ids:
            return {}
        where, params = ids_where(ids)
        got = self._store.con.execute(f"SELECT {_COLUMNS} FROM records WHERE {where}", params).fetchall()
        return {r[0]: r for r in got}

    def __len__(self) -> int:
        return len(self.ids)

    @property
    def labels(self) -> RowLabels:
        """The row labels a question can name (index/labels.py), built on first use."""
        if self._labels is None:
            self._labels = RowLabels.build(self._store, self.positions)
        return self._labels

    def unit_positions(self, units: list[str]) -> tuple[np.ndarray, np.ndarray]:
        """The records of each stage-one unit (a table id: its records, ascending; a record outside any table:
        itself), concatenated unit by unit, and for each the unit's index in ``units``; an id the catalog lacks
        holds none. Vectorised: stage one scores a couple of hundred units a query."""
        codes = np.fromiter((self.table_codes.get(u, -1) for u in units), dtype=np.int64, count=len(units))
        known = codes >= 0
        starts = np.where(known, self._bounds[codes + 1], 0)
        lengths = np.where(known, self._bounds[codes + 2], 0) - starts
        ends = np.cumsum(lengths)
        picked = self._order[np.repeat(starts - ends + lengths, lengths) + np.arange(int(ends[-1]) if len(ends) else 0)]
        owner = np.repeat(np.arange(len(units)), lengths)
        alone = [(i, self.positions[u]) for i, u in enumerate(units) if not known[i] and u in self.positions]
        if alone:
            extra_owner, extra = (np.asarray(x, dtype=np.int64) for x in zip(*alone, strict=True))
            picked, owner = np.concatenate([picked, extra]), np.concatenate([owner, extra_owner])
        return picked, owner

    def table_positions(self, table_id: str) -> np.ndarray:
        """Positions of the table's records, ascending."""
        code = self.table_codes.get(table_id)
        if code is None:
            return np.zeros(0, dtype=np.int64)
        result: np.ndarray = self._order[self._bounds[code + 1] : self._bounds[code + 2]]
        return result

    def mask(self, filters: dict[str, str] | None) -> np.ndarray | None:
        """Positions passing every filter (the same test as ``record_ids``), or None without filters."""
        if not filters:
            return None
        where_sql(filters)  # unknown keys are refused here as in SQL
        mask = np.ones(len(self.ids), dtype=bool)
        for key, value in filters.items():
            if key == "table_id" and isinstance(value, str):
                mask &= self.table == self.table_codes.get(value, -2)
            elif isinstance(value, str):
                lookup, codes = self._column(key)
                mask &= codes == lookup.get(value, -2)
            else:  # a non-string value: let SQL compare it as it always has
                allowed = self._store.contents.record_ids({key: value})
                mask &= np.isin(np.arange(len(self.ids)), [self.positions[i] for i in allowed if i in self.positions])
        return mask

    def _column(self, key: str) -> tuple[dict[Any, int], np.ndarray]:
        if key not in self._columns:
            values = self._store.con.execute(f"SELECT {key} FROM records ORDER BY id").fetchall()  # key checked
            lookup: dict[Any, int] = {}
            codes = np.fromiter(
                (lookup.setdefault(v[0], len(lookup)) if v[0] is not None else -1 for v in values),
                dtype=np.int32,
                count=len(values),
            )
            self._columns[key] = (lookup, codes)
        return self._columns[key]


def _follow(old: np.ndarray, moves: Moves, n: int, added: np.ndarray) -> np.ndarray:
    """An array aligned with the positions before ``moves``, aligned with those after (``added``: the values of the
    added records, in the order of ``moves.added``)."""
    new = np.empty(n, dtype=old.dtype)
    new[moves.kept_pos] = old[moves.keep]
    new[moves.added_pos] = added
    return new
