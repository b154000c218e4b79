"""Scale and operations: Ray local mode equals a local run; a ChromaDB server works like the embedded store;
a run killed with SIGKILL and started again ends with exactly the records of an uninterrupted run."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
from corpus import index_snapshot, write_tatqa_corpus
from helpers import with_vectors

import tablerag
from tablerag.decomposition.records import Tags

N_CONTEXTS = 8  # 16 files: small enough for CI, enough to compare engines
# 48 files for the kill: several commit batches of EMBED_BATCH records each, so the first write is not the last (with
# cell facts kept out of the vectors, 16 files were embedded and committed within a moment of the first write)
KILL_CONTEXTS = 24
KILL_WAIT_S = 300  # how long to wait for the first vectors on disk before killing anyway (a loaded CI box)
POLL_S = 0.05  # poll interval for the first write
AFTER_FIRST_WRITE_S = 0.3  # then kill a moment later: inside a document's commit or the next batch's work


@pytest.fixture(scope="module")
def corpus(shared_data, tmp_path_factory):
    return write_tatqa_corpus(shared_data, tmp_path_factory.mktemp("corpus"), N_CONTEXTS)


@pytest.fixture(scope="module")
def kill_corpus(shared_data, tmp_path_factory):
    return write_tatqa_corpus(shared_data, tmp_path_factory.mktemp("kill-corpus"), KILL_CONTEXTS)


def ingest_cmd(corpus, index_dir, *extra):
    return [sys.executable, "-m", "tablerag.cli", "ingest", str(corpus), "--index", str(index_dir), "--json", *extra]


def test_ray_local_mode_equals_local_run(corpus, tmp_path):
    from tablerag.pipeline.distributed import add_with_ray

    with tablerag.Index(tmp_path / "local") as index:
        local = index.add([corpus], version="v1")
    with tablerag.Index(tmp_path / "ray") as index:
        distributed = add_with_ray(index, [corpus], Tags(version="v1"))
        again = add_with_ray(index, [corpus], Tags(version="v1"))
    assert [(r.path, r.status, r.n_records) for r in distributed.results] == [
        (r.path, r.status, r.n_records) for r in local.results
    ]
    assert again.count("unchanged") == len(local.results)
    assert index_snapshot(tmp_path / "ray") == index_snapshot(tmp_path / "local")


def test_chroma_server_mode_same_ingest_and_query(corpus, tmp_path, chroma_url):
    question = "What is the amount of total sales in 2019?"
    with tablerag.Index(tmp_path / "embedded") as index:
        index.add([corpus])
        local = index.ask(question)
    out = subprocess.run(
        ingest_cmd(corpus, tmp_path / "remote", "--chroma-url", chroma_url),
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    assert json.loads(out.stdout)["summary"]["added"] == 2 * N_CONTEXTS
    with tablerag.Index(tmp_path / "remote") as index:  # the index remembers its server
        assert index.vector.count() == with_vectors(index)
        remote = index.ask(question)
    assert [h.id for h in remote.hits] == [h.id for h in local.hits]
    assert remote.answer is not None and local.answer is not None
    assert remote.answer.to_dict() == local.answer.to_dict()
    # another report of the corpus has a "Total sales" row and a 2019 column too: both are listed, ours among them
    said = [local.answer.value, *(c.value for c in local.answer.candidates)]
    assert "$1,496.5" in said
    assert not (tmp_path / "remote" / "chroma").exists()


def _vectors_written(index_dir, *, writer_alive: bool = True) -> int:
    """Rows the run has put in Chroma's on-disk store so far (0 before the first upsert). While the writer lives we
    read only; once it is dead a read-only connection can fail on the WAL it left behind, so we open read-write."""
    db = index_dir / "chroma" / "chroma.sqlite3"
    if not db.exists():
        return 0
    uri = f"file:{db}?mode=ro" if writer_alive else f"file:{db}"
    try:
        with sqlite3.connect(uri, uri=True, timeout=0.1 if writer_alive else 5.0) as con:
            return max(
                con.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("embeddings", "embeddings_queue")
            )
    except sqlite3.Error:
        return 0


def test_sigkill_mid_run_then_rerun_equals_uninterrupted(kill_corpus, tmp_path):
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    killed = subprocess.Popen(
        ingest_cmd(kill_corpus, tmp_path / "killed"), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env
    )
    deadline = time.monotonic() + KILL_WAIT_S
    seen = 0
    while seen == 0 and killed.poll() is None and time.monotonic() < deadline:
        time.sleep(POLL_S)
        seen = _vectors_written(tmp_path / "killed")
    time.sleep(AFTER_FIRST_WRITE_S)
    killed.send_signal(signal.SIGKILL)
    killed.wait(timeout=30)
    assert killed.returncode == -signal.SIGKILL, "the run ended before the kill: make the corpus larger"
    assert seen > 0, "the kill landed before anything was written"
    assert _vectors_written(tmp_path / "killed", writer_alive=False) > 0, "what was written before the kill is lost"

    rerun = subprocess.run(
        ingest_cmd(kill_corpus, tmp_path / "killed"), check=True, capture_output=True, text=True, env=env, timeout=600
    )
    summary = json.loads(rerun.stdout)["summary"]
    assert summary["failed"] == 0 and summary["added"] + summary["unchanged"] == 2 * KILL_CONTEXTS
    subprocess.run(ingest_cmd(kill_corpus, tmp_path / "clean"), check=True, capture_output=True, env=env, timeout=600)
    assert index_snapshot(tmp_path / "killed") == index_snapshot(tmp_path / "clean")
