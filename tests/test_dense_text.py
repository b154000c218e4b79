"""What the embedder reads of a row record (records.DenseRowForm): the table's name, the row's header chain and its
text cells, numbers left to BM25, cut to DENSE_ROW_MAX_TOKENS; the record text itself stays whole."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from helpers import build_seed000_workbook

from tablerag.decomposition.chunks import estimate_tokens
from tablerag.decomposition.records import (
    DENSE_ROW_MAX_TOKENS,
    DENSE_SUMMARY_MAX_TOKENS,
    DenseRowForm,
    RecordOptions,
    Tags,
    document_records,
)
from tablerag.index.ingest import DEFAULT_DENSE_RECORDS, Prepared, embed_records
from tablerag.model import HEADER_JOIN
from tablerag.parsing import parse


def _rows(path: Path, form: DenseRowForm) -> dict[str, str]:
    records = document_records(parse(path), Tags(), options=RecordOptions(dense_rows=form))
    return {r.text: r.embedding_text for r in records if r.kind == "row"}


def test_compact_row_keeps_table_name_label_text_cells_and_column_chain(tmp_path: Path) -> None:
    rows = _rows(build_seed000_workbook(tmp_path / "seed.xlsx"), DenseRowForm.COMPACT)
    dense = next(d for text, d in rows.items() if "СЕВЕРЯНКА" in text)
    assert dense == (
        "seed.xlsx, sheet Сети\nСЕВЕРЯНКА; Партнёр=Да (Каналы National (Urban), Гипермаркеты, Супермаркеты, Дискаунтеры)"
    )


def test_label_row_is_name_label_and_text_cells_only(tmp_path: Path) -> None:
    rows = _rows(build_seed000_workbook(tmp_path / "seed.xlsx"), DenseRowForm.LABEL)
    assert sorted(rows.values()) == sorted(f"seed.xlsx, sheet Сети\n{name}; {p}" for name, p, *_ in _seed_rows())


def _seed_rows() -> list[tuple[str, str]]:
    from helpers import SEED000_ROWS

    return [(r[0], r[1]) for r in SEED000_ROWS]


def test_full_form_embeds_the_record_text_and_forms_share_the_record_text(tmp_path: Path) -> None:
    path = build_seed000_workbook(tmp_path / "seed.xlsx")
    full, compact = _rows(path, DenseRowForm.FULL), _rows(path, DenseRowForm.COMPACT)
    assert all(text == dense for text, dense in full.items())
    assert set(full) == set(compact)  # BM25 and answers read the same record text whatever the embedder reads


def test_real_multilevel_rows_keep_their_header_chain_drop_numbers_and_are_capped(shared_data: Path) -> None:
    path = shared_data / "hitab-statcan-xlsx" / "xlsx" / "1.xlsx"
    doc = parse(path)
    records = document_records(doc, Tags(), options=RecordOptions(dense_rows=DenseRowForm.COMPACT))
    rows = [r for r in records if r.kind == "row"]
    assert rows
    tables = {t.id: t for t in doc.tables}
    chained = 0
    for rec in rows:
        table, row = tables[rec.provenance.table_id], rec.provenance.row
        dense = rec.embedding_text
        assert estimate_tokens(dense) <= DENSE_ROW_MAX_TOKENS
        assert len(dense) < len(rec.text)
        numbers = [c.text.strip() for c in table.cells if c.row == row and c.value is not None and c.col > 0]
        assert not any(f"={n}" in dense for n in numbers if n)  # numbers are BM25's
        chain = table.row_headers[row] if row < len(table.row_headers) else []
        if len(chain) > 1 and estimate_tokens(HEADER_JOIN.join(chain)) < DENSE_ROW_MAX_TOKENS // 2:
            assert HEADER_JOIN.join(chain) in dense
            chained += 1
    assert chained  # the workbook has nested row labels: some rows were checked for their whole chain


def test_a_long_text_cell_is_cut_to_the_cap(tmp_path: Path) -> None:
    path = tmp_path / "notes.csv"
    path.write_text("Item,Note,Amount\nAlpha," + " ".join(["remark"] * 200) + ",12\n", encoding="utf-8")
    (dense,) = _rows(path, DenseRowForm.COMPACT).values()
    assert dense.startswith("notes.csv\nAlpha; Note=remark")
    assert estimate_tokens(dense) <= DENSE_ROW_MAX_TOKENS < estimate_tokens(" ".join(["remark"] * 200))


class _Recorder:
    """An embedder that records what it reads."""

    name = "recorder"
    dim = 4

    def __init__(self) -> None:
        self.seen: list[str] = []

    def encode(self, texts: list[str]) -> np.ndarray:
        self.seen.extend(texts)
        return np.ones((len(texts), self.dim), dtype=np.float32) / 2


def test_embedding_reads_the_dense_text_of_rows_and_skips_facts(tmp_path: Path) -> None:
    path = build_seed000_workbook(tmp_path / "seed.xlsx")
    records = document_records(parse(path), Tags(), options=RecordOptions(dense_rows=DenseRowForm.COMPACT))
    model = _Recorder()
    vectors = embed_records(model, records, DEFAULT_DENSE_RECORDS)
    dense_rows = {r.embedding_text for r in records if r.kind == "row"}
    assert dense_rows <= set(model.seen)
    assert not {r.text for r in records if r.kind in ("row", "fact")} & set(model.seen)
    assert len(vectors) == sum(r.kind != "fact" for r in records)


def test_prose_dense_text_is_the_blocks_opening_when_capped(tmp_path: Path) -> None:
    path = tmp_path / "note.txt"
    words = [f"word{i}" for i in range(300)]
    path.write_text("Short heading\n\n" + " ".join(words) + "\n", encoding="utf-8")
    doc = parse(path)
    whole = [r for r in document_records(doc, Tags(), options=RecordOptions(prose_tokens=0)) if r.kind == "prose"]
    capped = [r for r in document_records(doc, Tags(), options=RecordOptions(prose_tokens=32)) if r.kind == "prose"]
    assert [r.text for r in whole] == [r.text for r in capped]
    assert all(r.embedding_text == r.text for r in whole)
    long = next(r for r in capped if r.text.startswith("word0 "))  # the reader may split a long paragraph
    assert estimate_tokens(long.text) > 32 >= estimate_tokens(long.embedding_text)
    assert long.text.startswith(long.embedding_text) and len(long.embedding_text) > 32
    short = next(r for r in capped if "heading" in r.text)
    assert short.embedding_text == short.text  # within the cap: read whole


def test_an_index_keeps_what_its_embedder_read(tmp_path: Path) -> None:
    from tablerag.index.core import Index

    path = build_seed000_workbook(tmp_path / "seed.xlsx")
    chosen = RecordOptions(dense_rows=DenseRowForm.LABEL, prose_tokens=48)
    with Index(tmp_path / "a", embedder=_Recorder(), records=chosen) as idx:
        assert (idx.records.dense_rows, idx.records.prose_tokens) == (DenseRowForm.LABEL, 48)
    with Index(tmp_path / "a", embedder=_Recorder()) as idx:  # opened again with the defaults
        assert (idx.records.dense_rows, idx.records.prose_tokens) == (DenseRowForm.LABEL, 48)
    with Index(tmp_path / "b", embedder=_Recorder(), records=chosen) as idx:  # built before the choice existed
        records = document_records(parse(path), Tags())
        prepared = Prepared(str(path), parse(path), records)
        idx.commit(prepared, Tags(), embed_records(idx.embedder, records, idx.dense))
        idx.store.con.execute("DELETE FROM meta WHERE key = 'dense_text'")
    with Index(tmp_path / "b", embedder=_Recorder(), records=chosen) as idx:
        assert (idx.records.dense_rows, idx.records.prose_tokens) == (DenseRowForm.FULL, 0)


def _ledger(path: Path, rows: int = 40) -> Path:
    lines = ["Account,Region,Amount"] + [
        f"Operating account number {i},Northern region {i},{i * 10}" for i in range(rows)
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_long_summary_embeds_its_opening_and_keeps_its_whole_text(tmp_path: Path) -> None:
    doc = parse(_ledger(tmp_path / "ledger.csv"))
    whole = next(
        r for r in document_records(doc, Tags(), options=RecordOptions(summary_tokens=0)) if r.kind == "summary"
    )
    cap = 64
    cut = next(
        r for r in document_records(doc, Tags(), options=RecordOptions(summary_tokens=cap)) if r.kind == "summary"
    )
    assert whole.text == cut.text and whole.embedding_text == whole.text
    assert estimate_tokens(cut.text) > cap >= estimate_tokens(cut.embedding_text)
    assert cut.text.startswith(cut.embedding_text)
    assert "Columns: Account, Region, Amount." in cut.embedding_text  # name, shape and columns come first
    assert "Operating account number 29" in cut.text and "Operating account number 29" not in cut.embedding_text


def test_a_short_summary_is_read_whole(tmp_path: Path) -> None:
    doc = parse(_ledger(tmp_path / "ledger.csv", rows=2))
    summary = next(
        r for r in document_records(doc, Tags(), options=RecordOptions(summary_tokens=64)) if r.kind == "summary"
    )
    assert summary.embedding_text == summary.text


def test_summaries_are_read_whole_by_default(tmp_path: Path) -> None:
    doc = parse(_ledger(tmp_path / "ledger.csv"))
    summary = next(r for r in document_records(doc, Tags()) if r.kind == "summary")
    assert DENSE_SUMMARY_MAX_TOKENS == 0 and summary.embedding_text == summary.text


def test_an_index_keeps_its_summary_cap_and_one_from_before_the_cap_reads_them_whole(tmp_path: Path) -> None:
    from tablerag.index.core import Index

    capped = RecordOptions(summary_tokens=64)
    with Index(tmp_path / "new", embedder=_Recorder(), records=capped) as idx:
        assert idx.store.manifest.get_meta("dense_text") == "label:64:64"
    with Index(tmp_path / "new", embedder=_Recorder()) as idx:  # opened again with the defaults: the cap stays
        assert idx.records.summary_tokens == 64
    with Index(tmp_path / "old", embedder=_Recorder()) as idx:
        idx.store.manifest.set_meta("dense_text", "label:48")  # what an index stored before the summary cap
    with Index(tmp_path / "old", embedder=_Recorder(), records=capped) as idx:
        assert (idx.records.dense_rows, idx.records.prose_tokens, idx.records.summary_tokens) == (
            DenseRowForm.LABEL,
            48,
            0,
        )
