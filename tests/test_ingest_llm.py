"""LLM decomposition inside ingest (`Index.add(llm=...)`, `tablerag ingest --llm`): LLM records are added beside the
template records, carry full provenance, pass the numeric guard, and re-runs neither duplicate nor lose anything.
A scripted OpenAI-compatible server drives exact cases; the real llama.cpp server runs the CLI path."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import with_vectors
from llm_fixtures import Scripted, llama_server, scripted_server

import tablerag
from tablerag.decomposition import guard
from tablerag.llm.client import LlmConfig, OpenAiLlm
from tablerag.model import RecordId

SAMPLE = Path(__file__).resolve().parents[1] / "examples" / "tatqa-sales-by-contract-type.csv"
# an answer that serves both request kinds: the summary call reads summary/reading_guide, the cell calls sentences
ANSWER = json.dumps(
    {
        "summary": "Sales by contract type, 2019 and 2018.",
        "reading_guide": "Each row is a contract type; columns are fiscal years.",
        "sentences": ["Fixed Price sales were $1,452.4 in 2019.", "Fixed Price sales were $9,999.9 in 2019."],
    }
)


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    return Path(shutil.copy(SAMPLE, tmp_path / SAMPLE.name))


@pytest.fixture
def server() -> Iterator[tuple[str, Scripted]]:
    yield from scripted_server()


def _client(url: str, cache: Path | None = None) -> OpenAiLlm:
    return OpenAiLlm(LlmConfig(base_url=url, model="scripted", cache_dir=cache, max_retries=0))


def _llm_rows(index: Any) -> list[tuple[str, str, dict[str, Any]]]:
    rows = index.store.con.execute(
        "SELECT id, text, provenance FROM records WHERE id LIKE ? ORDER BY id", [RecordId.llm_like()]
    ).fetchall()
    return [(i, t, json.loads(p)) for i, t, p in rows]


def test_llm_records_join_the_template_records_once(sample: Path, server: tuple[str, Scripted], tmp_path: Path):
    url, state = server
    state.default = ("ok", ANSWER)
    with tablerag.Index(tmp_path / "ix", embedder="use") as index:
        plain = index.add(sample, version="v1")
        n_plain = index.stats()["records"]
        assert plain.results[0].llm is None and not _llm_rows(index)

        with_llm = index.add(sample, version="v1", llm=_client(url))
        (result,) = with_llm.results
        assert result.status != "unchanged", "a file indexed without LLM records is prepared again"
        assert result.llm is not None and result.llm["calls"] == len(state.requests) > 0
        assert result.llm["dropped_by_guard"] >= 1, "the invented $9,999.9 must be dropped"
        rows = _llm_rows(index)
        assert index.stats()["records"] == n_plain + len(rows) == result.n_records
        texts = [t for _, t, _ in rows]
        assert "Fixed Price sales were $1,452.4 in 2019." in texts and not any("9,999.9" in t for t in texts)
        fact = next(p for i, _, p in rows if ":llm:s" in i)
        assert fact["file"] == str(sample) and fact["version"] == "v1" and fact["row"] is not None
        assert fact["col"] is not None, "a kept cell sentence points at its cell"
        assert index.vector.count() == with_vectors(index)

        again = index.add(sample, version="v1", llm=_client(url))
        assert again.results[0].status == "unchanged" and index.stats()["records"] == result.n_records
        assert len(_llm_rows(index)) == len(rows)


def test_a_dead_endpoint_leaves_the_template_records(sample: Path, server: tuple[str, Scripted], tmp_path: Path):
    url, state = server
    state.default = ("status", 500)
    with tablerag.Index(tmp_path / "ix", embedder="use") as index:
        report = index.add(sample, llm=_client(url))
        (result,) = report.results
        assert result.status == "added" and result.n_records > 0 and not _llm_rows(index)
        assert result.llm is not None and result.llm["failed_calls"] == result.llm["calls"] > 0
        assert result.llm["errors"] and "500" in result.llm["errors"][0]
        n = index.stats()["records"]

        state.default = ("ok", ANSWER)  # the endpoint is back: the next run adds what was missing, once
        retry = index.add(sample, llm=_client(url))
        assert retry.results[0].llm["kept"] == len(_llm_rows(index)) > 0
        assert index.stats()["records"] == n + len(_llm_rows(index))


def test_cli_ingest_llm_against_the_real_server(sample: Path, tmp_path: Path):
    server = llama_server()
    env = {
        **os.environ,
        "HF_HUB_OFFLINE": "1",
        "TABLERAG_LLM_BASE_URL": server.base_url,
        "TABLERAG_LLM_MODEL": server.model,
        "TABLERAG_LLM_CACHE_DIR": str(tmp_path / "cache"),
    }
    cmd = [sys.executable, "-m", "tablerag.cli", "ingest", str(sample), "--index", str(tmp_path / "ix")]
    cmd += ["--version", "v1", "--embedder", "use", "--llm", "--json"]
    out = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True, env=env, timeout=900).stdout)
    llm = out["summary"]["llm"]
    assert llm["tables"] == 1 and llm["calls"] > 0 and llm["failed_calls"] == 0
    assert llm["generated"] == llm["kept"] + llm["dropped_by_guard"]
    print("real server, ingest --llm:", llm)
    with tablerag.Index(tmp_path / "ix") as index:
        rows = _llm_rows(index)
        assert len(rows) == llm["kept"]
        table = index.table(index.store.con.execute("SELECT table_id FROM tables").fetchone()[0])
        ev = guard.Evidence.from_table(table)
        for rec_id, text, prov in rows:
            fact = ":llm:s" in rec_id
            limit = guard.MAX_SENTENCE_CHARS if fact else guard.MAX_PARAGRAPH_CHARS
            assert guard.check(text, ev, need_grounding=fact, max_chars=limit).keep, text
            assert prov["file"] == str(sample) and prov["version"] == "v1" and prov["table_id"] == table.id
        total = index.stats()["records"]
    rerun = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True, env=env, timeout=900).stdout)
    assert rerun["stats"]["records"] == total, "a re-run (answered from the cache) adds nothing twice"
