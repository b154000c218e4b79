"""The fast query and ingest paths give what the slower ones gave: the record catalog's filter masks equal
the SQL filters, BM25's partial sort equals the full sort (ties included), and a batch committed together equals
the same documents committed one by one."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

import tablerag
from tablerag.decomposition.records import Tags
from tablerag.index.ingest import Prepared, embed_texts
from tablerag.index.lexical import SAMPLE_MIN, top_positions
from tablerag.pipeline.prepare import prepare


@pytest.fixture(scope="module")
def files(repo: Path, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    root = tmp_path_factory.mktemp("catalog")
    out = []
    for name in ("tatqa-sales-by-contract-type.csv", "tatqa-sales-by-contract-type-notes.txt"):
        shutil.copy(repo / "examples" / name, root / name)
        out.append(root / name)
    return out


@pytest.fixture(scope="module")
def index(files: list[Path], tmp_path_factory: pytest.TempPathFactory):
    path = tmp_path_factory.mktemp("catalog-index")
    with tablerag.Index(path, embedder="use") as idx:
        idx.add([files[0]], tenant="acme", access_level="public")
        idx.add([files[1]], tenant="globex")
        yield idx


FILTERS = [
    {"tenant": "acme"},
    {"tenant": "globex"},
    {"tenant": "nobody"},
    {"kind": "row"},
    {"tenant": "acme", "access_level": "public"},
    {"tenant": "acme", "kind": "cell"},
]


@pytest.mark.parametrize("filters", FILTERS)
def test_catalog_mask_equals_sql_filter(index, filters) -> None:
    catalog = index.catalog
    mask = catalog.mask(filters)
    assert {catalog.ids[i] for i in np.flatnonzero(mask)} == index.store.contents.record_ids(filters)


def test_catalog_tables_and_rows_match_the_store(index) -> None:
    catalog = index.catalog
    for table_id in catalog.table_names:
        got = {catalog.ids[i] for i in catalog.table_positions(table_id)}
        assert got == index.store.contents.record_ids({"table_id": table_id})
    records = index.store.contents.records(catalog.ids)
    for pos, rid in enumerate(catalog.ids):
        assert (int(catalog.row[pos]) if catalog.row[pos] >= 0 else None) == records[rid].provenance.row
    assert catalog.mask(None) is None
    with pytest.raises(ValueError, match="unknown filter"):
        catalog.mask({"owner": "x"})


def test_catalog_follows_new_documents(index, files, tmp_path) -> None:
    before = len(index.catalog)
    extra = tmp_path / "again.csv"
    extra.write_text(files[0].read_text(encoding="utf-8") + "\nExtra row,1,2\n", encoding="utf-8")
    index.add([extra], tenant="acme", access_level="public")
    assert len(index.catalog) > before
    assert {index.catalog.ids[i] for i in np.flatnonzero(index.catalog.mask({"tenant": "acme"}))} == (
        index.store.contents.record_ids({"tenant": "acme"})
    )


def _full_sort(scores: np.ndarray, k: int, among: np.ndarray | None = None) -> list[int]:
    """The k best positive scores' positions by a full sort, ties by position: what top_positions must give."""
    candidates = np.arange(len(scores)) if among is None else among
    keep = candidates[scores[candidates] > 0]
    result: list[int] = keep[np.lexsort((keep, -scores[keep]))][:k].tolist()
    return result


@pytest.mark.parametrize("k", [1, 3, 5, 50])
def test_top_positions_equals_full_sort_with_ties(k: int) -> None:
    rng = np.random.default_rng(k)
    scores = rng.choice(np.array([0.0, 0.5, 1.0, 1.5, 2.0], dtype=np.float32), size=40)
    assert top_positions(scores, k).tolist() == _full_sort(scores, k)
    subset = np.arange(0, 40, 3)
    assert top_positions(scores, k, subset).tolist() == _full_sort(scores, k, subset)


def _large_scores(kind: str, n: int = 200_000) -> np.ndarray:
    rng = np.random.default_rng(7)
    scores = np.zeros(n, dtype=np.float32)
    if kind == "ties":  # most records scored, few distinct values
        scores[:] = rng.choice(np.array([0.0, 0.5, 1.0, 1.5], dtype=np.float32), size=n)
    elif kind == "sparse":  # fewer positive scores in the sample than k
        scores[rng.choice(n, 30, replace=False)] = rng.random(30, dtype=np.float32) + 0.1
    else:  # "off-sample": the best scores sit where the sample never looks
        scores[:] = rng.random(n, dtype=np.float32) * 0.5
        scores[np.arange(1, n, 16)[:500]] = 2.0 + rng.random(500, dtype=np.float32)
    return scores


@pytest.mark.parametrize("kind", ["ties", "sparse", "off-sample"])
@pytest.mark.parametrize("k", [1, 50, 100, 1000])
def test_top_positions_of_a_large_index_equals_full_sort(kind: str, k: int) -> None:
    """Above SAMPLE_MIN scores the k-th best is bounded from a sample first; the result must not change."""
    scores = _large_scores(kind)
    assert len(scores) >= SAMPLE_MIN
    assert top_positions(scores, k).tolist() == _full_sort(scores, k)


def test_commit_many_equals_one_by_one(files, tmp_path) -> None:
    tags = Tags(tenant="acme")
    batch = [p for p in (prepare(f, tags) for f in files) if isinstance(p, Prepared)]
    texts = [r.text for p in batch for r in p.records]
    snapshots = []
    for name, together in (("together", True), ("one-by-one", False)):
        with tablerag.Index(tmp_path / name, embedder="use") as idx:
            vectors = embed_texts(idx.embedder, texts)
            if together:
                results = idx.commit_many(batch, tags, vectors)
            else:
                results, offset = [], 0
                for p in batch:
                    results.append(idx.commit(p, tags, vectors[offset : offset + len(p.records)]))
                    offset += len(p.records)
            con = idx.store.con
            snapshots.append(
                (
                    [(r.status, r.n_records) for r in results],
                    con.execute("SELECT * EXCLUDE (ingested_at) FROM documents ORDER BY doc").fetchall(),
                    con.execute("SELECT * FROM tables ORDER BY table_id").fetchall(),
                    con.execute('SELECT * FROM cells ORDER BY table_id, "row", col').fetchall(),
                    con.execute("SELECT * FROM records ORDER BY id").fetchall(),
                    sorted(idx.vector.get_ids()),
                    [h.id for h in idx.search("total sales 2019", k=5)],
                )
            )
    assert snapshots[0] == snapshots[1]
    assert all(status == "added" for status, _ in snapshots[0][0])


@pytest.mark.parametrize("filters", FILTERS)
@pytest.mark.parametrize("n", [1, 5, 40])
def test_postfiltered_dense_ranking_equals_the_stores_filter(index, filters, n, monkeypatch) -> None:
    """dense_ranking fetches unfiltered and masks; it must give the store's own filtered ranking, and fall back to
    it when too few allowed records are among the nearest (forced here with a tiny fetch cap)."""
    from tablerag.index import search
    from tablerag.index.query import chroma_where

    q = search.prepare_query(index, "total sales in 2019", filters)
    want = [i for i, _ in index.vector.query(q.qvec, n, where=chroma_where(filters))]
    assert search.dense_ranking(index, q, n) == want
    monkeypatch.setattr(search, "POSTFILTER_MARGIN", 1.0)
    monkeypatch.setattr(search, "POSTFILTER_MAX_FETCH", n)  # wide = n / share > cap unless all are allowed
    assert search.dense_ranking(index, q, n) == want


def test_record_reads_agree_on_both_sides_of_the_in_list_limit(tmp_path):
    """Short id lists are read through the primary key, long ones by unnest: the same records either way."""
    from tablerag.index.store import RECORDS_IN_LIST_MAX

    (tmp_path / "docs").mkdir()
    rows = "".join(f"item {i},{i * 3},{i * 7}\n" for i in range(80))
    (tmp_path / "docs" / "t.csv").write_text("name,a,b\n" + rows, encoding="utf-8")
    with tablerag.Index(tmp_path / "idx", embedder="use") as index:
        assert not index.add([tmp_path / "docs"]).failures
        ids = index.catalog.ids
        assert len(ids) > RECORDS_IN_LIST_MAX
        everything = index.store.contents.records(ids)
        few = index.store.contents.records(ids[:RECORDS_IN_LIST_MAX])
        assert set(everything) == set(ids) and set(few) == set(ids[:RECORDS_IN_LIST_MAX])
        assert all(few[i].text == everything[i].text and few[i].provenance == everything[i].provenance for i in few)
