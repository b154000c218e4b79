"""`Index.add` commits one batch on its writer thread while it embeds the next, still reports every document once,
and leaves the stores as a commit after each embedding did (a failed commit stops the add, nothing half-written)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

import tablerag.pipeline.facade as facade
from tablerag.pipeline import Index

# How long the first commit waits to see the next batch being embedded: only a guard against a hang (the overlap
# makes it return at once; without it the wait runs out and the test fails).
WAIT_S = 20


class _Stub:
    """A tiny deterministic embedder that tells when it is called for the second time."""

    name = "stub"
    dim = 4

    def __init__(self) -> None:
        self.calls = 0
        self.second = threading.Event()

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += 1
        if self.calls >= 2:
            self.second.set()
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        out[:, 0] = 1.0
        return out


def _files(folder: Path, n: int) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for i in range(n):
        path = folder / f"sales{i}.csv"
        path.write_text(f"Region,Sales {2019 + i}\nNorth {i},{10 + i}\nSouth {i},{20 + i}\n", encoding="utf-8")
        out.append(path)
    return out


def test_a_batch_is_committed_while_the_next_is_embedded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(facade, "EMBED_BATCH", 1)  # one document per batch
    files = _files(tmp_path / "in", 3)
    stub = _Stub()
    seen: list[bool] = []
    with Index(tmp_path / "idx", embedder=stub) as idx:
        commit_many = idx.commit_many

        def watched(batch, *args, **kwargs):  # type: ignore[no-untyped-def]
            if not seen:
                seen.append(stub.second.wait(WAIT_S))  # the first commit: is the next batch embedded meanwhile?
            return commit_many(batch, *args, **kwargs)

        idx.commit_many = watched  # type: ignore[method-assign]
        order: list[str] = []
        report = idx.add(files, progress=lambda r: order.append(Path(r.path).name))
        assert seen == [True]
        assert [r.status for r in report.results] == ["added"] * 3
        assert sorted(order) == [f.name for f in files]  # each reported once, as its commit ended
        assert idx.stats()["documents"] == 3
        assert {h.source["file"] for h in idx.search("North 2 sales", k=3)} >= {str(files[2])}
    with Index(tmp_path / "idx", embedder=_Stub()) as again:  # nothing left pending: every document done
        assert again.stats()["documents"] == 3
        assert again.add(files).count("unchanged") == 3


def test_a_failed_commit_stops_the_add_and_leaves_nothing_half_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(facade, "EMBED_BATCH", 1)
    files = _files(tmp_path / "in", 3)
    with Index(tmp_path / "idx", embedder=_Stub()) as idx:
        commit_many = idx.commit_many
        calls = [0]

        def failing(batch, *args, **kwargs):  # type: ignore[no-untyped-def]
            calls[0] += 1
            if calls[0] == 2:
                raise OSError("disk full")
            return commit_many(batch, *args, **kwargs)

        idx.commit_many = failing  # type: ignore[method-assign]
        with pytest.raises(OSError, match="disk full"):
            idx.add(files)
    with Index(tmp_path / "idx", embedder=_Stub()) as again:
        assert again.stats()["documents"] == 1  # the first batch; the rest are added by the next run
        report = again.add(files)
        assert sorted(r.status for r in report.results) == ["added", "added", "unchanged"]
