"""Stable ids are made and read back by one type, `RecordId`: every id a real document's records get parses to
the kind, table, row and column the record carries, and prints back to itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablerag.decomposition.records import RecordOptions, Tags, document_records
from tablerag.model import IdKind, RecordId
from tablerag.parsing import parse

XLSX = Path(__file__).resolve().parents[2] / "shared" / "data" / "hitab-statcan-xlsx" / "xlsx" / "16.xlsx"


@pytest.mark.skipif(not XLSX.exists(), reason="shared data not present")
def test_every_record_id_of_a_real_workbook_reads_back() -> None:
    doc = parse(XLSX)
    records = document_records(doc, Tags(), options=RecordOptions(cells="both"))
    kinds = set()
    for r in records:
        rid = RecordId.parse(r.id)
        assert str(rid) == r.id and rid.doc == doc.doc_id
        kinds.add(rid.kind)
        assert RecordId.is_row(r.id) == (rid.kind is IdKind.ROW)
        if rid.kind in (IdKind.ROW, IdKind.FACT, IdKind.SUMMARY):
            assert rid.table_id == r.provenance.table_id
        if rid.kind in (IdKind.ROW, IdKind.FACT):
            assert rid.row == r.provenance.row
        if rid.kind is IdKind.FACT:
            assert rid.col == r.provenance.col
    assert {IdKind.SUMMARY, IdKind.ROW, IdKind.FACT} <= kinds
    assert [RecordId.parse(t.id).kind for t in doc.tables] == [IdKind.TABLE] * len(doc.tables)
    assert [t.table_no for t in doc.tables] == list(range(len(doc.tables)))


@pytest.mark.parametrize(
    ("text", "kind", "table", "part"),
    [("d:p7", IdKind.PROSE, None, "7"), ("d:t2:llm:s0", IdKind.LLM, 2, "s0"), ("d:t2:r1:c3:s", IdKind.FACT, 2, "s")],
)
def test_prose_llm_and_second_form_ids(text: str, kind: IdKind, table: int | None, part: str) -> None:
    rid = RecordId.parse(text)
    assert (rid.kind, rid.table, rid.part, str(rid)) == (kind, table, part, text)
    assert RecordId.is_llm(text) == (kind is IdKind.LLM)


@pytest.mark.parametrize("bad", ["x", "d:t", "d:tx:r1", "d:t1:r1:c", "d:t1:foo", ":t1"])
def test_a_string_that_is_no_id_is_refused_by_name(bad: str) -> None:
    with pytest.raises(ValueError, match="not a tablerag id"):
        RecordId.parse(bad)
