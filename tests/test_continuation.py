"""Tables that run across pages: real multi-page tables joined, synthetic two-page PDFs for each rule, and
different tables on consecutive pages kept apart."""

from __future__ import annotations

from pathlib import Path

from pdf_make import ROW_H, Block, make_pdf

from tablerag.model import sha256_file
from tablerag.parsing.continuation import NOTE_PREFIX
from tablerag.parsing.pdf import read_pdf

HEADER = ["Region", "2022", "2023"]


def _rows(start: int, n: int) -> list[list[str]]:
    return [
        [f"Area-{chr(65 + i % 26)}{chr(97 + i // 26)}", str(100 + i), str(200 + i)] for i in range(start, start + n)
    ]


def _tables(pdf: Path):  # type: ignore[no-untyped-def]
    return read_pdf(pdf, sha256_file(pdf)).tables


def _bottom_block(rows: list[list[str]], above: list[str] | None = None) -> Block:
    return Block(rows, top=792 - 60 - ROW_H * len(rows), above=above or [])


def test_real_multipage_table_is_joined(shared_data: Path) -> None:
    (table,) = _tables(shared_data / "tabula-java" / "pdfs" / "schools.pdf")
    joins = [n for n in table.notes if n.startswith(NOTE_PREFIX)]
    assert len(joins) == 4 and all("repeated header dropped" in n for n in joins)
    grid = table.grid()
    assert table.n_rows == 222 and sum(1 for row in grid[1:] if row == grid[0]) == 0
    assert table.source.page == 1 and table.id.endswith(":t0")
    # rows continued on later pages are cited with their own page (regression: all cited page 1)
    from tablerag.decomposition.records import Tags, provenance

    assert table.row_pages is not None and table.row_pages[0] == 1 and table.row_pages[-1] == 5
    assert provenance(table, Tags(), table.n_rows - 1, 0).page == 5
    assert sorted(set(table.row_pages)) == [1, 2, 3, 4, 5]


def test_real_two_page_table_is_joined(shared_data: Path) -> None:
    (table,) = _tables(shared_data / "camelot" / "files" / "tabula" / "m27.pdf")
    assert table.n_rows == 87 and any(n.startswith(f"{NOTE_PREFIX} 2") for n in table.notes)
    grid = table.grid()  # both header rows ("LICENSE ... PREMISE" over "NUMBER TYPE ...") repeat on page 2: dropped
    assert table.header_rows == 2 and grid[1] not in grid[2:]


def test_repeated_header_is_dropped(tmp_path: Path) -> None:
    first = _bottom_block([HEADER, *_rows(0, 20)], above=["Table 1: Revenue"])
    second = Block([HEADER, *_rows(20, 10)], top=60)
    (table,) = _tables(make_pdf(tmp_path / "t.pdf", [[first], [second]]))
    assert table.n_rows == 31 and table.header_rows == 1
    assert table.grid()[21] == ["Area-Ua", "120", "220"]
    assert table.caption == "Table 1: Revenue"
    assert any("repeated header dropped" in n for n in table.notes)


def test_headerless_continuation_inherits_the_header(tmp_path: Path) -> None:
    first = _bottom_block([HEADER, *_rows(0, 20)])
    second = Block(_rows(20, 10), top=60)
    (table,) = _tables(make_pdf(tmp_path / "t.pdf", [[first], [second]]))
    assert table.n_rows == 31
    assert table.column_headers[2] == ["2023"]
    last = table.cell_at(30, 2)
    assert last is not None and last.text == "229" and not last.is_header
    assert any("same columns" in n for n in table.notes)


def test_different_tables_on_consecutive_pages_stay_apart(tmp_path: Path) -> None:
    first = _bottom_block([HEADER, *_rows(0, 20)], above=["Table 1: Revenue"])
    own_caption = Block([HEADER, *_rows(20, 10)], top=80, above=["Table 2: Costs"])
    other_cols = Block([["Region", "2022"], *[r[:2] for r in _rows(20, 10)]], top=60)
    low = Block([HEADER, *_rows(20, 10)], top=500)
    for second in (own_caption, other_cols, low):
        assert len(_tables(make_pdf(tmp_path / "t.pdf", [[first], [second]]))) == 2
