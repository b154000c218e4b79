"""Row chunks: every part of a long table starts with its summary, and no row is ever split."""

from __future__ import annotations

import pytest
from helpers import grid_table

from tablerag.decomposition.chunks import estimate_tokens, pack_rows
from tablerag.decomposition.records import RecordOptions, Tags, row_text, summary_text, table_records
from tablerag.decomposition.serialize import filled_grid

N_ROWS = 120


@pytest.fixture(scope="module")
def long_table():
    grid = [["Branch", "Period", "Net revenue [PLN]", "Gross margin [%]"]]
    grid += [
        [f"Branch {i}", f"Q{i % 4 + 1} 2024", f"{1000 + 37 * i}", f"{20 + i % 15},{i % 10}"] for i in range(N_ROWS)
    ]
    return grid_table(grid, header_rows=1, sheet="Oddziały")


@pytest.mark.parametrize("window", [64, 128, 512])
def test_every_chunk_has_summary_and_whole_rows(long_table, window):
    records = table_records(long_table, Tags(), options=RecordOptions(cells="none", rows="packed", window=window))
    chunks = [r for r in records if r.kind == "row"]
    summary = summary_text(long_table)
    grid = filled_grid(long_table)
    assert len(chunks) > 1
    seen: list[int] = []
    for chunk in chunks:
        assert chunk.text.startswith(summary + "\n")
        rows = [int(x) for x in chunk.metadata["rows"].split(",")]
        for row in rows:
            assert row_text(long_table, row, grid) in chunk.text.split("\n")  # a whole line: never split
        assert chunk.provenance.row == rows[0]
        seen.extend(rows)
    assert seen == list(range(1, N_ROWS + 1))  # every data row once, in order


def test_packing_respects_the_window_unless_one_row_is_too_long():
    rows = [(i, "x" * 40) for i in range(10)]  # 10 tokens each
    chunks = pack_rows("ctx", rows, window=40)
    assert all(estimate_tokens(c.text) <= 40 for c in chunks)
    huge = pack_rows("ctx", [(0, "y" * 1000), (1, "z")], window=40)
    assert [c.rows for c in huge] == [(0,), (1,)]  # an over-long row stays whole, alone


def test_han_counts_one_token_per_character():
    assert estimate_tokens("营业收入") == 4 and estimate_tokens("abcdefgh") == 2
