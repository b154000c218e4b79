"""The record catalog kept up to date by adds, replacements and removals equals one read afresh from the store:
same records in the same positions, same tables, rows, vectors, filter masks and row labels."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np

import tablerag
from tablerag.index.catalog import RecordCatalog
from tablerag.index.ingest import LEXICAL_ONLY_KINDS
from tablerag.index.labels import RowLabels

STRING_FILTERS = ("doc", "file", "kind", "version", "access_level", "tenant")


def _fresh(index) -> RecordCatalog:
    lex = index.lexical
    got = RecordCatalog.read(index.store, lex.ids, lex.positions, LEXICAL_ONLY_KINDS[index.dense])
    assert got is not None
    return got


def _tables(c: RecordCatalog) -> list[str | None]:
    return [c.table_names[t] if t >= 0 else None for t in c.table.tolist()]


def _labels(labels: RowLabels) -> tuple[dict[tuple[str, ...], list[int]], list[int]]:
    """Each phrase's rows (as a set: a build lists them in the store's order) and the headings."""
    return {p: sorted(a.tolist()) for p, a in labels.phrases.items()}, labels.headings.tolist()


def _assert_same(index, kept: RecordCatalog) -> None:
    fresh = _fresh(index)
    assert kept.ids == fresh.ids and kept.positions == fresh.positions
    assert _tables(kept) == _tables(fresh)
    assert kept.row.tolist() == fresh.row.tolist()
    assert (kept.dense is None) == (fresh.dense is None)
    if fresh.dense is not None and kept.dense is not None:
        assert kept.dense.tolist() == fresh.dense.tolist()
    for key in STRING_FILTERS:
        values = [r[0] for r in index.store.con.execute(f"SELECT DISTINCT {key} FROM records").fetchall()]
        for value in [v for v in values if v is not None] + ["nobody"]:
            want, got = fresh.mask({key: value}), kept.mask({key: value})
            assert want is not None and got is not None
            assert got.tolist() == want.tolist(), (key, value)
    live = [t for t in fresh.table_names]
    for t in live:
        assert kept.table_positions(t).tolist() == fresh.table_positions(t).tolist()
    units = [*live, *(i for i in fresh.ids if fresh.table[fresh.positions[i]] < 0)]
    assert [a.tolist() for a in kept.unit_positions(units)] == [a.tolist() for a in fresh.unit_positions(units)]
    assert _labels(kept.labels) == _labels(fresh.labels)


def test_incremental_catalog_equals_a_fresh_one(repo: Path, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    for name in ("tatqa-sales-by-contract-type.csv", "tatqa-sales-by-contract-type-notes.txt"):
        shutil.copy(repo / "examples" / name, docs / name)
    table = (docs / "tatqa-sales-by-contract-type.csv").read_text(encoding="utf-8")
    with tablerag.Index(tmp_path / "idx", embedder="use") as index:
        assert not index.add([docs / "tatqa-sales-by-contract-type.csv"], tenant="acme").failures
        kept = index.catalog
        for key in STRING_FILTERS:  # every filter column and the labels in memory, so the updates must carry them
            kept.mask({key: "x"})
        assert kept.labels.phrases

        # an addition: a document under another tenant
        assert not index.add([docs / "tatqa-sales-by-contract-type-notes.txt"], tenant="globex").failures
        assert index.catalog is kept
        _assert_same(index, kept)

        # another table: new rows, new labels, one a heading
        other = docs / "costs.csv"
        other.write_text("Item,2019,2018\nOperating costs:,,\nStaff,120,110\nRent,30,28\n", encoding="utf-8")
        assert not index.add([other], tenant="acme", version="v1").failures
        assert index.catalog is kept
        _assert_same(index, kept)

        # a replacement: the same file with other content (its old records go, the new ones come)
        (docs / "tatqa-sales-by-contract-type.csv").write_text(table + "Restated total,1,2\n", encoding="utf-8")
        report = index.add([docs / "tatqa-sales-by-contract-type.csv"], tenant="acme")
        assert report.results[0].status == "replaced"
        assert index.catalog is kept
        _assert_same(index, kept)

        # a removal
        doc = index.store.find_document(path=str(other))[0].doc
        assert index.delete(doc)
        assert index.catalog is kept
        _assert_same(index, kept)
        assert not np.any(kept.mask({"version": "v1"}))
