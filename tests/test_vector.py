"""Vector store on an embedded ChromaDB: upsert, reopen, pre-filtered query, idempotence, delete, mismatch."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tablerag.errors import IndexMismatchError
from tablerag.index.vector import VectorStore, clean_metadata

DIM = 16
EMBEDDER = "test-embedder"


def _unit(rows: np.ndarray) -> np.ndarray:
    return np.asarray(rows / np.linalg.norm(rows, axis=1, keepdims=True), dtype=np.float32)


@pytest.fixture()
def vectors() -> np.ndarray:
    return _unit(np.random.default_rng(7).normal(size=(6, DIM)))


@pytest.fixture()
def store(tmp_path: Path, vectors: np.ndarray) -> VectorStore:
    built = VectorStore(path=tmp_path / "chroma", embedder_name=EMBEDDER)
    ids = [f"d{i // 3}:t0:r{i}" for i in range(len(vectors))]
    metadatas: list[dict[str, str | int | float | bool]] = [
        {"doc": f"d{i // 3}", "row": i, "kind": "row"} for i in range(len(vectors))
    ]
    built.upsert(ids, vectors, [f"text {i}" for i in range(len(vectors))], metadatas)
    return built


def test_query_returns_best_first_with_cosine_similarity(store: VectorStore, vectors: np.ndarray) -> None:
    hits = store.query(vectors[4], k=3)
    assert hits[0][0] == "d1:t0:r4"
    assert hits[0][1] == pytest.approx(1.0, abs=1e-5)
    expected = sorted((float(vectors[4] @ v) for v in vectors), reverse=True)[:3]
    assert [score for _, score in hits] == pytest.approx(expected, abs=1e-5)


def test_where_filter_applies_before_ranking(store: VectorStore, vectors: np.ndarray) -> None:
    hits = store.query(vectors[4], k=10, where={"doc": "d0"})
    assert {record_id for record_id, _ in hits} == {"d0:t0:r0", "d0:t0:r1", "d0:t0:r2"}
    assert "d1:t0:r4" not in dict(hits)  # the exact match is filtered out, never ranked
    best_in_d0 = max(range(3), key=lambda i: float(vectors[4] @ vectors[i]))
    assert [record_id for record_id, _ in store.query(vectors[4], k=1, where={"doc": "d0"})] == [f"d0:t0:r{best_in_d0}"]


def test_several_conditions_are_anded(store: VectorStore, vectors: np.ndarray) -> None:
    assert store.get_ids({"doc": "d1", "row": 4}) == ["d1:t0:r4"]
    assert [i for i, _ in store.query(vectors[0], k=5, where={"doc": "d1", "kind": "row", "row": 5})] == ["d1:t0:r5"]
    with pytest.raises(ValueError, match="non-empty"):
        store.delete_where({})


def test_reopen_keeps_records(store: VectorStore, tmp_path: Path, vectors: np.ndarray) -> None:
    reopened = VectorStore(path=tmp_path / "chroma", embedder_name=EMBEDDER)
    assert reopened.count() == len(vectors)
    assert reopened.query(vectors[0], k=1)[0][0] == "d0:t0:r0"


def test_upsert_is_idempotent(store: VectorStore, vectors: np.ndarray) -> None:
    store.upsert(["d0:t0:r0"], vectors[:1], ["changed"], [{"doc": "d0", "note": None}])
    assert store.count() == len(vectors)


def test_delete_where_and_get_ids(store: VectorStore) -> None:
    assert sorted(store.get_ids({"doc": "d1"})) == ["d1:t0:r3", "d1:t0:r4", "d1:t0:r5"]
    store.delete_where({"doc": "d1"})
    assert store.count() == 3
    assert store.get_ids({"doc": "d1"}) == []
    assert len(store.get_ids()) == 3


def test_other_embedder_name_is_refused(store: VectorStore, tmp_path: Path) -> None:
    with pytest.raises(IndexMismatchError, match=f"{EMBEDDER}.*other-model"):
        VectorStore(path=tmp_path / "chroma", embedder_name="other-model")
    assert VectorStore(path=tmp_path / "chroma").embedder_name == EMBEDDER  # no name given: reads the stored one


def test_upsert_batches_over_the_max_batch_size(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    small = VectorStore(path=tmp_path / "batched", embedder_name=EMBEDDER)
    monkeypatch.setattr(small, "_max_batch", 4)
    rows = _unit(np.random.default_rng(1).normal(size=(10, DIM)))
    small.upsert([f"id{i}" for i in range(10)], rows, ["t"] * 10, [{"i": i} for i in range(10)])
    assert small.count() == 10


def test_empty_store_and_bad_lengths(tmp_path: Path) -> None:
    empty = VectorStore(path=tmp_path / "empty", embedder_name=EMBEDDER)
    assert empty.query(np.ones(DIM, dtype=np.float32), k=5) == []
    with pytest.raises(ValueError, match="lengths differ"):
        empty.upsert(["a"], np.ones((2, DIM), dtype=np.float32), ["t"], [{}])


def test_clean_metadata_drops_none() -> None:
    assert clean_metadata({"a": None, "b": 1, "c": "x", "d": Path("p")}) == {"b": 1, "c": "x", "d": "p"}


def test_server_by_url(chroma_url: str, vectors: np.ndarray) -> None:
    remote = VectorStore(url=chroma_url, embedder_name=EMBEDDER)
    remote.upsert(["a", "b"], vectors[:2], ["x", "y"], [{"doc": "d0"}, {"doc": "d1"}])
    assert remote.query(vectors[0], k=2, where={"doc": "d1"})[0][0] == "b"
    with pytest.raises(IndexMismatchError):
        VectorStore(url=chroma_url, embedder_name="other-model")
