"""The table store is one DuckDB file of three parts — manifest, contents, query log — and a write that touches two
of them (a document's records and its status) commits together or not at all."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import grid_table

from tablerag.decomposition.records import Tags, table_records
from tablerag.index.store import DocumentEntry, TableStore

DOC = "abababababababab"


def _pending(store: TableStore) -> None:
    store.mark_pending(DocumentEntry(DOC, "t.pdf", "ab" * 32, "pdf", "pending"), 1)


def test_a_written_document_is_done_in_the_manifest_with_its_contents(tmp_path: Path) -> None:
    store = TableStore(tmp_path / "t.duckdb")
    table = grid_table([["Item", "2019"], ["Revenue", "12"]], header_rows=1)
    records = table_records(table, Tags())
    _pending(store)
    store.write_documents([(DOC, [table], records)], {"version": "v1"})
    (entry,) = store.manifest.documents(doc=DOC)
    assert (entry.status, entry.n_tables, entry.n_records) == ("done", 1, len(records))
    got = store.contents.table(table.id)
    assert got is not None and got.grid() == table.grid()
    assert set(store.contents.records([r.id for r in records])) == {r.id for r in records}
    store.queries.log("s", "q?", "SELECT 1", [table.id], True, None, 1, 0.5)
    assert [e["sql"] for e in store.queries.latest("s")] == ["SELECT 1"]
    store.delete_document(DOC)
    assert store.count("documents") == store.count("records") == store.count("tables") == 0


def test_a_failed_write_leaves_neither_contents_nor_a_done_status(tmp_path: Path) -> None:
    store = TableStore(tmp_path / "t.duckdb")
    table = grid_table([["Item", "2019"], ["Revenue", "12"]], header_rows=1)
    records = table_records(table, Tags())
    _pending(store)
    with pytest.raises(Exception, match="(?i)constraint|duplicate"):  # the same record id twice: the insert fails
        store.write_documents([(DOC, [table], records + records[:1])], {})
    assert [e.status for e in store.manifest.documents(doc=DOC)] == ["pending"]
    assert store.count("tables") == store.count("records") == 0
