"""LLM decomposition: the verification guard (deterministic, crafted outputs through a protocol-level fake), row
batching, records and stats; then the real llama.cpp server on a TAT-QA table, with the cache on a second run."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import grid_table
from llm_fixtures import FakeLlm, llama_server

from tablerag.decomposition import guard
from tablerag.decomposition.serialize import filled_grid
from tablerag.llm.client import LlmConfig, OpenAiLlm
from tablerag.llm.describe import (
    LlmDecompositionOptions,
    decompose_table,
    fenced,
    row_batches,
    sentence_requests,
)
from tablerag.llm.server import LlamaServer

GRID = [
    ["", "2019", "2018"],
    ["Fixed Price", "$ 1,452.4", "$ 1,146.2"],
    ["Other", "44.1", "(56.7)"],
    ["Margin", "34,2 %", "12%"],
    ["Status", "Active", "Closed"],
]


@pytest.fixture
def llama() -> LlamaServer:
    return llama_server()


def _table() -> Any:
    return grid_table(GRID, header_rows=1)


def test_number_normalisation() -> None:
    ev = guard.Evidence.from_table(_table())
    for ok in ["1,452.4", "1.452,4", "1452.4", "56.7", "-56.7", "34.2", "34,2", "12", "2019"]:
        assert ev.grounds_number(guard.number_tokens(ok)[0]), ok
    for bad in ["1,452", "1452", "34", "0.342", "42", "2020", "57"]:
        assert not ev.grounds_number(guard.number_tokens(bad)[0]), bad
    assert guard.numbers_in("1 247 890 PLN") >= {1247890.0, 1.0, 247.0, 890.0}


def test_guard_rule() -> None:
    ev = guard.Evidence.from_table(_table())
    assert guard.check("Fixed Price sales in 2019 were $1,452.4.", ev).keep
    assert guard.check("The margin in 2019 was 34.2 percent.", ev).keep
    assert guard.check("Other was negative 56.7 in 2018.", ev).keep
    assert guard.check("Fixed Price sales in 2019 were $1,500.", ev).reason == "number_not_in_table:1,500"
    assert guard.check("The status in 2019 was active.", ev).keep  # no number, but a cell's text
    assert guard.check("This table is very informative.", ev).reason == "no_grounding"
    assert guard.check("This table is very informative.", ev, need_grounding=False).keep  # summaries
    assert guard.check("   ", ev).reason == "empty"
    assert guard.check("Active " * 100, ev).reason == "too_long"


def test_numbers_inside_prose_cells_ground_nothing() -> None:
    table = grid_table([["Item", "Value"], ["Note", "Call us at 555 about order 42 today please"], ["A", "7"]], 1)
    ev = guard.Evidence.from_table(table)
    assert not guard.check("The answer is 42.", ev).keep
    assert guard.check("Item A has a value of 7.", ev).keep


def test_locate_points_at_the_cell() -> None:
    table = _table()
    ev = guard.Evidence.from_table(table)
    assert guard.locate("Fixed Price in 2019: $1,452.4", ev) == (1, 1)
    assert guard.locate("Other: 44.1 in 2019 and 56.7 in 2018", ev) == (2, None)
    assert guard.locate("Rows are years", ev) == (None, None)


def test_records_stats_and_ids() -> None:
    sentences = [
        "Fixed Price sales in 2019 were $1,452.4.",
        "Fixed Price sales in 2019 were $1,452.4.",  # duplicate
        "Fixed Price sales in 2018 were $9,999.",  # invented number: dropped
        "Other in 2018 was (56.7).",
        "I cannot help with that.",  # no number, no cell text: dropped
    ]
    answers = {
        "cell_sentences": {"sentences": sentences},
        "table_summary": {"summary": "Sales by contract type for 2019 and 2018.", "reading_guide": "Rows are types."},
    }
    table = _table()
    records, stats = decompose_table(table, FakeLlm(answers))
    assert [r.id for r in records] == [
        f"{table.id}:llm:summary",
        f"{table.id}:llm:guide",
        f"{table.id}:llm:s0",
        f"{table.id}:llm:s1",
    ]
    assert [r.kind for r in records] == ["summary", "summary", "fact", "fact"]
    assert (records[2].provenance.row, records[2].provenance.col) == (1, 1)
    assert records[3].provenance.row == 2 and records[3].metadata["source"] == "llm"
    assert (stats.generated, stats.kept, stats.dropped_by_guard, stats.duplicates) == (6, 4, 2, 1)
    assert stats.drop_reasons == {"number_not_in_table": 1, "no_grounding": 1}
    assert (stats.calls, stats.failed_calls, stats.cached) == (2, 0, 0)


def test_batches_and_failures_are_data() -> None:
    grid = [["Name", "A", "B", "C", "D"]] + [[f"r{i}", "1", "2", "3", "4"] for i in range(20)]
    table = grid_table(grid, header_rows=1)
    options = LlmDecompositionOptions(max_cells_per_call=12)
    batches = row_batches(table, filled_grid(table), options)
    assert [len(b) for b in batches] == [2] * 10 and batches[0].start == 1 and batches[-1].stop == 21
    assert len(sentence_requests(table, options=options)) == 10
    capped = LlmDecompositionOptions(max_cells_per_call=12, max_cells_per_table=30)
    assert sum(len(b) for b in row_batches(table, filled_grid(table), capped)) == 6
    fake = FakeLlm(fail=True)
    records, stats = decompose_table(table, fake, options=options)
    assert records == [] and stats.calls == 11 and stats.failed_calls == 11 and stats.errors
    assert all("| r" in r.user and "| Name | A |" in r.user for r in fake.requests[1:])


def test_image_is_sent_with_every_call() -> None:
    fake = FakeLlm()
    decompose_table(_table(), fake, image=b"\x89PNG-crop")
    assert fake.requests and all(r.images == (b"\x89PNG-crop",) for r in fake.requests)


def _tatqa_table(shared_data: Path) -> Any:
    rows = json.loads((shared_data / "tat-qa" / "tatqa_dataset_dev.json").read_text())[0]["table"]["table"]
    return grid_table(rows)


def test_real_server_on_a_tatqa_table(llama: LlamaServer, shared_data: Path, tmp_path: Path) -> None:
    table = _tatqa_table(shared_data)
    cfg = LlmConfig(base_url=llama.base_url, model=llama.model, cache_dir=tmp_path)
    options = LlmDecompositionOptions(sentence_tokens_per_cell=8, summary_max_tokens=64)  # bounded test time
    llm = OpenAiLlm(cfg)
    records, stats = decompose_table(table, llm, options=options)
    assert stats.failed_calls == 0, stats.errors
    assert stats.generated == stats.kept + stats.dropped_by_guard and stats.kept == len(records)
    ev = guard.Evidence.from_table(table)
    for rec in records:
        fact = rec.kind == "fact"
        limit = guard.MAX_SENTENCE_CHARS if fact else guard.MAX_PARAGRAPH_CHARS
        assert guard.check(rec.text, ev, need_grounding=fact, max_chars=limit).keep, rec.text
        assert rec.id.startswith(f"{table.id}:llm:") and rec.provenance.table_id == table.id
    assert llm.stats.requests == stats.calls + llm.stats.fallbacks and llm.stats.retries == 0
    print("guard stats (real server):", stats.as_dict())

    again = OpenAiLlm(cfg)  # second run: everything from the cache, no request reaches the server
    records2, stats2 = decompose_table(table, again, options=options)
    assert again.stats.requests == 0 and stats2.cached == stats2.calls == stats.calls
    assert [(r.id, r.text) for r in records2] == [(r.id, r.text) for r in records]


def test_prompt_fences_the_table() -> None:
    data = fenced(_table(), range(1, 3))
    assert data.startswith("<data>\n") and data.endswith("\n```\n</data>")
    assert "| Fixed Price | $ 1,452.4 | $ 1,146.2 |" in data and "Status" not in data


@pytest.mark.parametrize("bad", ["```", "</data>", "< / DATA >", "<data>"])
def test_fence_breakers_are_neutralised(bad: str) -> None:
    table = grid_table([["Item", "Value"], [f"x {bad} y", "1"]], header_rows=1)
    data = fenced(table, range(1, 2))
    assert data.count("```") == 2 and len(re.findall(r"<\s*/?\s*data", data, re.IGNORECASE)) == 2


def test_table_png_crops_the_pdf_region(tmp_path: Path) -> None:
    import pymupdf

    from tablerag.llm.images import table_png
    from tablerag.model import BBox, SourceLocator, Table

    pdf = tmp_path / "t.pdf"
    with pymupdf.open() as doc:  # type: ignore[no-untyped-call]
        page = doc.new_page(width=595, height=842)
        page.insert_text((72, 100), "Revenue 2019 1,452.4")
        doc.save(pdf)
    src = SourceLocator(str(pdf), "ab" * 32, page=1, bbox=BBox(60, 80, 300, 110))
    png = table_png(pdf, Table("abababababababab:t0", src, 1, 1, []))
    assert png is not None and png.startswith(b"\x89PNG")
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert abs(width - (240 + 12) * 150 / 72) <= 1 and abs(height - (30 + 12) * 150 / 72) <= 1  # 150 dpi + margin
    assert table_png(pdf, Table("abababababababab:t1", SourceLocator(str(pdf), "ab" * 32, page=1), 1, 1, [])) is None
