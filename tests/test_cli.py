"""The CLI's JSON contracts, run as a user runs them (a subprocess per command)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from helpers import build_seed000_workbook


def run(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "tablerag.cli", *args]
    return subprocess.run(cmd, capture_output=True, text=True, check=check, timeout=300)


@pytest.fixture(scope="module")
def cli_index(tmp_path_factory, repo):
    root = tmp_path_factory.mktemp("cli")
    book = build_seed000_workbook(root / "сети.xlsx")
    csv = repo / "examples" / "tatqa-sales-by-contract-type.csv"
    out = run(
        "ingest", str(book), str(csv), "--index", str(root / "idx"), "--tenant", "acme", "--version", "v2", "--json"
    )
    return root / "idx", json.loads(out.stdout), book


def test_ingest_json(cli_index):
    _, report, _ = cli_index
    assert report["summary"]["added"] == 2 and report["summary"]["failed"] == 0
    assert all({"path", "status", "doc", "n_tables", "n_records", "error"} <= set(r) for r in report["results"])


def test_query_json_contract_and_citation(cli_index):
    idx, _, book = cli_index
    out = json.loads(run("query", "What is the amount of total sales in 2019?", "--index", str(idx), "--json").stdout)
    assert out["question"].startswith("What is")
    hit = out["hits"][0]
    assert {"id", "kind", "text", "score", "source"} <= set(hit)
    assert hit["kind"] in {"row", "fact", "summary", "prose", "table"}
    assert {"file", "sha256"} <= set(hit["source"])
    answer = out["answer"]
    assert answer["value"] == "$1,496.5"
    cite = answer["citations"][0]
    assert cite["file"].endswith("tatqa-sales-by-contract-type.csv") and cite["version"] == "v2"
    assert cite["column"] is not None and cite["row"] is not None


def test_query_batch_keeps_order_and_ids(cli_index, tmp_path):
    idx, _, _ = cli_index
    qfile = tmp_path / "q.jsonl"
    lines = [
        {"id": "a", "question": "Является ли Северянка нашим партнёром?"},
        {"id": "b", "question": "total sales 2019", "filters": {"tenant": "nobody"}},
        {"id": "c", "question": "What is the amount of total sales in 2019?"},
    ]
    qfile.write_text("\n".join(json.dumps(x, ensure_ascii=False) for x in lines), encoding="utf-8")
    outs = [
        json.loads(x)
        for x in run("query", "--questions", str(qfile), "--index", str(idx), "--json").stdout.splitlines()
    ]
    assert [o["id"] for o in outs] == ["a", "b", "c"]
    assert outs[0]["answer"]["value"] == "Да" and outs[0]["answer"]["citations"][0]["sheet_row"] == 4
    assert outs[1]["hits"] == [] and outs[1]["answer"] is None  # the tenant filter applies before ranking


def test_filter_by_file_restricts_hits(cli_index):
    idx, _, book = cli_index
    out = json.loads(run("query", "sales", "--index", str(idx), "--filter", f"file={book}", "--json").stdout)
    assert out["hits"] and all(h["source"]["file"] == str(book) for h in out["hits"])


@pytest.mark.parametrize("fmt", ["json", "markdown", "html"])
def test_tables_formats(fmt, tmp_path):
    book = build_seed000_workbook(tmp_path / "сети.xlsx")
    out = run("tables", str(book), "--format", fmt).stdout
    if fmt == "json":
        data = json.loads(out)
        assert data["errors"] == [] and data["tables"][0]["sheet"] == "Сети"
        assert data["tables"][0]["columns"][2]["header_chain"] == ["Каналы National (Urban)", "Гипермаркеты"]
    else:
        assert "СЕВЕРЯНКА" in out and "Каналы National (Urban)" in out


def test_tables_bad_file_reports_error_in_json(tmp_path):
    bad = tmp_path / "broken.xlsx"
    bad.write_bytes(b"not a zip at all")
    proc = run("tables", str(bad), check=False)
    assert proc.returncode == 1
    data = json.loads(proc.stdout)
    assert data["tables"] == [] and "broken.xlsx" in data["errors"][0]


def test_query_batch_goes_on_past_bad_lines_and_reports_them(cli_index, tmp_path):
    """A line that is not JSON, one without a question and one whose filters break the question's processing each
    get an error object in their place; the questions around them are answered, in order."""
    idx, _, _ = cli_index
    qfile = tmp_path / "q.jsonl"
    qfile.write_text(
        "\n".join(
            [
                json.dumps({"id": "a", "question": "Является ли Северянка нашим партнёром?"}, ensure_ascii=False),
                "{not json",
                json.dumps({"id": "n", "text": "no question here"}),
                json.dumps({"id": "f", "question": "total sales 2019", "filters": "tenant=acme"}),
                json.dumps({"id": "c", "question": "What is the amount of total sales in 2019?"}),
            ]
        ),
        encoding="utf-8",
    )
    done = run("query", "--questions", str(qfile), "--index", str(idx), "--json", check=False)
    outs = [json.loads(x) for x in done.stdout.splitlines()]
    assert done.returncode == 0  # as ingest: non-zero only when every line failed
    assert [o.get("id") for o in outs] == ["a", None, "n", "f", "c"]
    assert outs[0]["answer"]["value"] == "Да" and outs[4]["answer"]["value"] == "$1,496.5"
    for out, line in zip(outs[1:4], (2, 3, 4), strict=True):
        assert out["line"] == line and {"type", "message"} <= set(out["error"]), out
        assert str(qfile) in out["error"]["message"]
    assert outs[1]["error"]["type"] == "JSONDecodeError"
    assert "3 of 5 question(s) failed" in done.stderr


def test_query_batch_exits_non_zero_when_every_question_fails(cli_index, tmp_path):
    idx, _, _ = cli_index
    qfile = tmp_path / "q.jsonl"
    qfile.write_text("{broken\n[1, 2]\n", encoding="utf-8")
    done = run("query", "--questions", str(qfile), "--index", str(idx), "--json", check=False)
    assert done.returncode == 1
    assert [json.loads(x)["line"] for x in done.stdout.splitlines()] == [1, 2]


def test_query_batch_keeps_answering_after_a_question_raises(tmp_path):
    """A question whose answering raises (a defect, not bad input) becomes an error line; the others are answered."""
    from tablerag.batch import run_batch

    def handle(item: dict) -> dict:
        if "poison" in item["question"]:
            raise UnboundLocalError("cannot access local variable 'years'")
        return {"id": item["id"], "question": item["question"]}

    qfile = tmp_path / "q.jsonl"
    qfile.write_text("\n".join(json.dumps({"id": i, "question": q}) for i, q in enumerate(["one", "poison", "three"])))
    outs: list[dict] = []
    result = run_batch(qfile, handle, outs.append)
    assert (result.failed, result.total, result.exit_code) == (1, 3, 0)
    assert outs[0] == {"id": 0, "question": "one"} and outs[2] == {"id": 2, "question": "three"}
    assert outs[1]["id"] == 1 and outs[1]["line"] == 2
    assert outs[1]["error"]["type"] == "UnboundLocalError" and "years" in outs[1]["error"]["message"]
