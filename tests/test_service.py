"""The HTTP service, run for real: `tablerag serve` on a free loopback port in a subprocess, real files uploaded,
queried, listed and deleted over HTTP, with three API keys (two tenants, one of them also with a key limited to one
access level). Isolation is tested adversarially: filters, ids and upload tags naming the other tenant or a wider
level; hostile and malformed uploads are refused at the door and leave the index as it was."""

from __future__ import annotations

import concurrent.futures
import csv
import json
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import REPO, free_port
from hostile import png_bomb, xlsx_xxe, xlsx_zip_bomb

from tablerag.model import doc_id
from tablerag.service.auth import KeyFileError, KeyRing, Principal, ScopeError

SERVER_START_S = 120  # import, embedder load and index open on a loaded 2-core machine
JOB_WAIT_S = 120  # a small CSV is ingested in seconds; generous for a loaded machine
MAX_FILE_BYTES = 1024**2  # the server's upload limit in these tests: real samples pass, the oversized file does not
MAX_CELLS = 1_000  # cells per table on the server: the samples (20 cells) pass, a 100 x 20 CSV fails once read
KEYS = {
    "acme": "acme-key-0123456789abcdef",  # tenant acme, every access level
    "acme_public": "acme-public-0123456789abcdef",  # tenant acme, level public only
    "globex": "globex-key-0123456789abcdef",
}
QUESTION = "What is the amount of total sales in 2019?"


def _altered(src: Path, dst: Path, offset: float) -> None:
    """The table with every number moved by `offset`: same labels, other values."""
    rows = list(csv.reader(src.read_text(encoding="utf-8").splitlines()))
    for row in rows[2:]:
        for i, cell in enumerate(row[1:], 1):
            digits = "".join(c for c in cell if c.isdigit() or c == ".")
            if digits:
                row[i] = f"{float(digits) + offset:,.1f}"
    with open(dst, "w", encoding="utf-8", newline="") as fh:
        csv.writer(fh).writerows(rows)


@dataclass
class Server:
    url: str
    root: Path
    jobs: dict[str, dict[str, Any]] = field(default_factory=dict)  # file label -> finished job

    def call(self, method: str, path: str, who: str | None = None, **kw: Any) -> httpx.Response:
        headers = {"X-API-Key": KEYS[who]} if who else {}
        return httpx.request(method, self.url + path, headers=headers | kw.pop("headers", {}), timeout=60, **kw)

    def upload(self, who: str, name: str, data: bytes, **fields: str) -> httpx.Response:
        return self.call("POST", "/documents", who, files={"file": (name, data)}, data=fields)

    def wait(self, who: str, job_id: str) -> dict[str, Any]:
        deadline = time.monotonic() + JOB_WAIT_S
        while time.monotonic() < deadline:
            job = self.call("GET", f"/jobs/{job_id}", who).json()
            if job["status"] in ("done", "failed"):
                return dict(job)
            time.sleep(0.2)
        pytest.fail(f"job {job_id} did not finish")

    def ingest(self, who: str, name: str, data: bytes, **fields: str) -> dict[str, Any]:
        r = self.upload(who, name, data, **fields)
        assert r.status_code == 202, r.text
        job = self.wait(who, r.json()["id"])
        assert job["status"] == "done", job
        return job

    def docs(self, who: str) -> list[dict[str, Any]]:
        r = self.call("GET", "/documents", who)
        assert r.status_code == 200, r.text
        return list(r.json()["documents"])

    def ask(self, who: str, question: str = QUESTION, **body: Any) -> httpx.Response:
        return self.call("POST", "/query", who, json={"question": question, **body})


def _wait_for(url: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + SERVER_START_S
    while time.monotonic() < deadline and process.poll() is None:
        try:
            urllib.request.urlopen(f"{url}/health", timeout=1).close()
            return
        except OSError:
            time.sleep(0.3)
    pytest.fail(f"`tablerag serve` at {url} did not start (exit code {process.poll()})")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One real server for the module, holding acme's public and secret tables and globex's altered copy."""
    root = tmp_path_factory.mktemp("service")
    keys = root / "keys.json"
    keys.write_text(
        json.dumps(
            {
                "keys": [
                    {"key": KEYS["acme"], "tenant": "acme"},
                    {"key": KEYS["acme_public"], "tenant": "acme", "access_level": "public"},
                    {"key": KEYS["globex"], "tenant": "globex"},
                ]
            }
        )
    )
    port = free_port()
    env = os.environ | {
        "PYTHONPATH": str(REPO),
        "TABLERAG_MAX_FILE_BYTES": str(MAX_FILE_BYTES),
        "TABLERAG_MAX_CELLS_PER_TABLE": str(MAX_CELLS),
    }
    command = [sys.executable, "-m", "tablerag.cli", "serve", "--index", str(root / "index"), "--port", str(port)]
    process = subprocess.Popen([*command, "--keys", str(keys)], env=env, stderr=subprocess.DEVNULL)
    try:
        server = Server(f"http://127.0.0.1:{port}", root)
        _wait_for(server.url, process)
        src = REPO / "examples" / "tatqa-sales-by-contract-type.csv"
        _altered(src, root / "secret.csv", 50_000.0)
        _altered(src, root / "globex.csv", 90_000.0)
        server.jobs["acme"] = server.ingest("acme", "sales.csv", src.read_bytes(), access_level="public")
        server.jobs["secret"] = server.ingest(
            "acme", "sales-secret.csv", (root / "secret.csv").read_bytes(), access_level="secret"
        )
        server.jobs["globex"] = server.ingest("globex", "sales.csv", (root / "globex.csv").read_bytes())
        yield server
    finally:
        process.terminate()
        process.wait(timeout=30)


def _number(value: str | None) -> str:
    """An answer's value without currency sign and thousands separators (the raw cell text is kept)."""
    return (value or "").replace("$", "").replace(",", "").strip()


def _docs_of(hits: list[dict[str, Any]]) -> set[str]:
    """The documents (ids) the hits come from."""
    return {doc_id(h["source"]["sha256"]) for h in hits}


def test_health_and_docs_need_no_key_everything_else_does(server: Server) -> None:
    assert server.call("GET", "/health").json() == {"status": "ok"}
    assert server.call("GET", "/docs").status_code == 200
    assert "/query" in server.call("GET", "/openapi.json").json()["paths"]
    for method, path in [("GET", "/documents"), ("POST", "/query"), ("GET", "/tables/x"), ("GET", "/jobs/x")]:
        for headers in ({}, {"X-API-Key": "not-a-key-0123456789abcdef"}, {"Authorization": "Bearer nope"}):
            r = server.call(method, path, headers=headers, json={"question": QUESTION})
            assert r.status_code == 401, (method, path, headers, r.text)
            assert "API key" in r.json()["detail"]
    r = server.call(
        "POST", "/query", headers={"Authorization": f"Bearer {KEYS['globex']}"}, json={"question": QUESTION}
    )
    assert r.status_code == 200


def test_each_tenant_gets_its_own_cited_answer(server: Server) -> None:
    acme, globex = server.ask("acme").json(), server.ask("globex").json()
    assert _number(acme["answer"]["value"]) == "1496.5"
    assert _number(globex["answer"]["value"]) == "91496.5"
    acme_docs = {d["doc"] for d in server.docs("acme")}
    globex_docs = {d["doc"] for d in server.docs("globex")}
    assert len(acme_docs) == 2 and len(globex_docs) == 1 and not acme_docs & globex_docs
    assert _docs_of(globex["hits"]) == globex_docs
    assert _docs_of(acme["hits"]) <= acme_docs
    citation = globex["answer"]["citations"][0]
    assert citation["file"].endswith("sales.csv") and citation["row"] is not None and citation["col"] is not None
    assert set(acme) >= {"question", "hits", "answer"}  # the `tablerag query --json` contract
    assert set(acme["hits"][0]) == {"id", "kind", "text", "score", "source"}


def test_filters_naming_another_tenant_or_level_are_refused(server: Server) -> None:
    for who, filters in [
        ("globex", {"tenant": "acme"}),
        ("acme", {"tenant": "globex"}),
        ("acme_public", {"access_level": "secret"}),
        ("acme_public", {"tenant": "acme", "access_level": "secret"}),
    ]:
        r = server.ask(who, filters=filters)
        assert r.status_code == 403, (who, filters, r.text)
        assert "outside this API key's scope" in r.json()["detail"]
        assert "hits" not in r.json()
    assert server.ask("globex", filters={"colour": "red"}).status_code == 400


def test_ids_of_another_tenant_find_nothing(server: Server) -> None:
    acme_doc = server.jobs["acme"]["result"]["doc"]
    acme_table = next(h for h in server.ask("acme").json()["hits"] if h["source"].get("table_id"))["source"]["table_id"]
    acme_file = server.jobs["acme"]["result"]["path"]
    for filters in ({"doc": acme_doc}, {"table_id": acme_table}, {"file": acme_file}):
        got = server.ask("globex", filters=filters).json()
        assert got["hits"] == [] and got["answer"] is None, filters
    for fmt in ("json", "markdown", "html"):
        assert server.call("GET", f"/tables/{acme_table}?format={fmt}", "globex").status_code == 404
    table = server.call("GET", f"/tables/{acme_table}", "acme").json()
    assert table["id"] == acme_table and any(c["text"] == "$1,496.5" for c in table["cells"])
    assert "1,496.5" in server.call("GET", f"/tables/{acme_table}?format=markdown", "acme").text
    assert "<table>" in server.call("GET", f"/tables/{acme_table}?format=html", "acme").text
    assert server.call("GET", f"/jobs/{server.jobs['acme']['id']}", "globex").status_code == 404
    assert server.call("DELETE", f"/documents/{acme_doc}", "globex").status_code == 404
    assert acme_doc in {d["doc"] for d in server.docs("acme")}


def test_a_level_key_sees_only_its_level(server: Server) -> None:
    secret_doc = server.jobs["secret"]["result"]["doc"]
    assert [d["access_level"] for d in server.docs("acme_public")] == ["public"]
    hits = server.ask("acme_public").json()["hits"]
    assert hits and _docs_of(hits) == {server.jobs["acme"]["result"]["doc"]}
    assert server.ask("acme_public", filters={"doc": secret_doc}).json()["hits"] == []
    secret_table = next(h for h in server.ask("acme", filters={"doc": secret_doc}).json()["hits"])["source"]["table_id"]
    assert server.call("GET", f"/tables/{secret_table}", "acme_public").status_code == 404
    assert server.call("DELETE", f"/documents/{secret_doc}", "acme_public").status_code == 404
    assert server.call("GET", f"/jobs/{server.jobs['secret']['id']}", "acme_public").status_code == 404


def test_upload_tags_cannot_leave_the_key_scope(server: Server) -> None:
    data = b"name,value\nwidgets,7\n"
    for who, fields in [("globex", {"tenant": "acme"}), ("acme_public", {"access_level": "secret"})]:
        r = server.upload(who, "tags.csv", data, **fields)
        assert r.status_code == 403, r.text
    assert not any(d["name"] == "tags.csv" for d in server.docs("acme") + server.docs("globex"))


def _hostile_uploads(tmp: Path) -> list[tuple[str, bytes, int, str]]:
    """(name, content, expected status, a word the message must hold)."""
    bomb = xlsx_zip_bomb(tmp / "bomb.xlsx", tmp)
    xxe = xlsx_xxe(tmp / "xxe.xlsx", tmp)
    png = png_bomb(tmp / "bomb.png")
    return [
        ("big.csv", b"a,b\n" + b"1,2\n" * (MAX_FILE_BYTES // 4 + 1), 413, "max_file_bytes"),
        ("report.pdf", b"name,value\nwidgets,7\n", 422, "not a PDF"),
        ("../../escaped.csv", b"name,value\nwidgets,7\n", 400, "unsafe file name"),
        ("..\\escaped.csv", b"name,value\nwidgets,7\n", 400, "unsafe file name"),
        (".hidden.csv", b"name,value\nwidgets,7\n", 400, "unsafe file name"),
        ("bomb.xlsx", bomb.read_bytes(), 422, "max_xml_inflate_ratio"),
        ("xxe.xlsx", xxe.read_bytes(), 422, "DTD"),
        ("bomb.png", png.read_bytes(), 422, "max_pixels_per_page"),
        ("tool.exe", b"MZ\x90\x00", 415, "unsupported file type"),
        ("cut.pdf", (REPO / "examples" / "icdar2013-eu-001.pdf").read_bytes()[:1500], 422, "cannot open as PDF"),
        ("empty.csv", b"", 422, "empty file"),
    ]


def _snapshot(server: Server) -> list[list[dict[str, Any]]]:
    return [server.docs(who) for who in KEYS]


def test_hostile_and_malformed_uploads_are_refused_and_change_nothing(server: Server, tmp_path: Path) -> None:
    before = _snapshot(server)
    for name, data, status, word in _hostile_uploads(tmp_path):
        r = server.upload("globex", name, data)
        assert r.status_code == status, (name, r.text)
        assert word in r.json()["detail"], (name, r.text)
        assert str(server.root) not in r.json()["detail"]  # names the upload, not the server's folders
    r = server.call("POST", "/documents", "globex", json={"file": "x"})
    assert r.status_code == 415 and "multipart/form-data" in r.json()["detail"]
    r = server.call("POST", "/documents", "globex", files={"attachment": ("a.csv", b"a,b\n1,2\n")})
    assert r.status_code == 400 and "'file'" in r.json()["detail"]
    assert _snapshot(server) == before
    assert not list((server.root / "index").rglob("escaped.csv")) and not (server.root / "escaped.csv").exists()
    assert not any((server.root / "index" / "uploads" / ".staging").iterdir())  # nothing left half-received


def test_a_file_that_fails_once_read_fails_its_job_and_keeps_the_old_version(server: Server) -> None:
    """Passes the door (the cell count is known only once read), fails in the job: the file of the same name that
    was there before, its document and its answers stay."""
    before = _snapshot(server)
    wide = "\n".join(",".join(f"r{r}c{c}" if r == 0 else str(r * c) for c in range(20)) for r in range(100))
    r = server.upload("globex", "sales.csv", wide.encode())
    assert r.status_code == 202, r.text
    job = server.wait("globex", r.json()["id"])
    assert (
        job["status"] == "failed" and job["error"].startswith("sales.csv: ") and "max_cells_per_table" in job["error"]
    )
    assert _snapshot(server) == before
    kept = Path(server.jobs["globex"]["result"]["path"])
    assert kept.read_bytes() == (server.root / "globex.csv").read_bytes()
    assert _number(server.ask("globex").json()["answer"]["value"]) == "91496.5"


def test_upload_query_delete(server: Server) -> None:
    data = b"Item,2019,2018\nWidgets,731.5,702.2\nGadgets,12.25,11.5\n"
    job = server.ingest("globex", "widgets.csv", data, version="v2")
    doc, path = job["result"]["doc"], Path(job["result"]["path"])
    assert path.exists() and path.is_relative_to(server.root / "index" / "uploads")
    listed = next(d for d in server.docs("globex") if d["doc"] == doc)
    assert listed["tenant"] == "globex" and listed["version"] == "v2" and listed["name"] == "widgets.csv"
    got = server.ask("globex", "What were Widgets in 2019?").json()
    assert _number(got["answer"]["value"]) == "731.5" and got["answer"]["citations"][0]["version"] == "v2"
    assert server.call("DELETE", f"/documents/{doc}", "globex").json() == {"deleted": doc}
    assert doc not in {d["doc"] for d in server.docs("globex")}
    assert not path.exists()
    hits = server.ask("globex", "What were Widgets in 2019?").json()["hits"]
    assert doc not in _docs_of(hits)
    assert server.call("DELETE", f"/documents/{doc}", "globex").status_code == 404


def test_fifty_concurrent_queries_are_all_answered(server: Server) -> None:
    who = ["acme", "globex"] * 25
    with concurrent.futures.ThreadPoolExecutor(max_workers=50) as pool:
        answers = list(pool.map(lambda w: server.ask(w), who))
    assert [r.status_code for r in answers] == [200] * 50
    values = [_number(r.json()["answer"]["value"]) for r in answers]
    assert values == [{"acme": "1496.5", "globex": "91496.5"}[w] for w in who]


# --- the keys file, without a server -------------------------------------------------------------------------------


def test_keys_file_and_scope() -> None:
    ring = KeyRing.from_json(json.dumps([{"key": KEYS["acme"], "tenant": "acme", "access_level": "public"}]), "k")
    who = ring.lookup(KEYS["acme"])
    assert who == Principal("acme", "public") and ring.lookup("wrong") is None and ring.lookup(None) is None
    assert who.restrict({"doc": "d1"}) == {"doc": "d1", "tenant": "acme", "access_level": "public"}
    with pytest.raises(ScopeError):
        who.restrict({"access_level": "secret"})
    for bad, word in [
        ("[{}]", "tenant"),
        (json.dumps([{"key": "short", "tenant": "a"}]), "shorter"),
        (json.dumps([{"key": KEYS["acme"], "tenant": "a"}] * 2), "twice"),
        ("{", "not JSON"),
        ("[]", "no API keys"),
    ]:
        with pytest.raises(KeyFileError, match=word):
            KeyRing.from_json(bad, "keys.json")
    with pytest.raises(KeyFileError, match="TABLERAG_API_KEYS"):
        KeyRing.load(None, environ={})
