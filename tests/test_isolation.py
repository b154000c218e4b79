"""Tenant and access-level isolation, adversarially: two tenants hold the same TAT-QA table with different numbers;
no query, filter combination or SQL statement from one returns a row, a number or a citation of the other."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tablerag
from tablerag.cli import app
from tablerag.qa.sql import VIEW_NAME, Sandbox, UnsafeSqlError, typed_view
from tablerag.report import build_report

QUESTIONS = [
    "What was the Fixed Price in 2018?",
    "What is the amount of total sales in 2019?",
    "What is the change in Other in 2019 from 2018?",
    "What is the percentage change in Other in 2019 from 2018?",
    "In which year is the amount of total sales the largest?",
]
NUMBER = re.compile(r"\d[\d,]*\.?\d*")


def _altered(src: Path, dst: Path, offset: float) -> set[str]:
    """The table with every number moved by `offset` (same labels, other values); the new numbers' texts."""
    rows = list(csv.reader(src.read_text(encoding="utf-8").splitlines()))
    numbers: set[str] = set()
    for row in rows[2:]:
        for i, cell in enumerate(row):
            m = NUMBER.search(cell)
            if m and i > 0:
                new = f"{float(m.group().replace(',', '')) + offset:,.1f}"
                row[i] = cell.replace(m.group(), new)
                numbers.add(new.replace(",", ""))
    with open(dst, "w", encoding="utf-8", newline="") as fh:
        csv.writer(fh).writerows(rows)
    return numbers


@pytest.fixture(scope="module")
def tenants(tmp_path_factory, repo):
    root = tmp_path_factory.mktemp("iso")
    src = repo / "examples" / "tatqa-sales-by-contract-type.csv"
    (root / "acme").mkdir()
    (root / "globex").mkdir()
    acme_public = root / "acme" / "sales.csv"
    acme_public.write_bytes(src.read_bytes())
    acme_secret = root / "acme" / "sales-secret.csv"
    secret_numbers = _altered(src, acme_secret, 50_000.0)
    globex = root / "globex" / "sales.csv"  # same file name as acme's, overlapping labels, other numbers
    globex_numbers = _altered(src, globex, 90_000.0)
    index_path = root / "index"
    with tablerag.Index(index_path) as index:
        index.add([acme_public], tenant="acme", access_level="public")
        index.add([acme_secret], tenant="acme", access_level="secret")
        index.add([globex], tenant="globex", access_level="public")
        docs = {d.path: d for d in index.store.manifest.documents()}
    return {
        "index": index_path,
        "files": {"acme_public": str(acme_public), "acme_secret": str(acme_secret), "globex": str(globex)},
        "numbers": {"acme_secret": secret_numbers, "globex": globex_numbers},
        "docs": docs,
    }


# filters -> the files they may see
def _allowed(t: dict, filters: dict[str, str]) -> set[str]:
    f = t["files"]
    tags = {
        f["acme_public"]: {"tenant": "acme", "access_level": "public"},
        f["acme_secret"]: {"tenant": "acme", "access_level": "secret"},
        f["globex"]: {"tenant": "globex", "access_level": "public"},
    }
    out = set()
    for path, tag in tags.items():
        doc = t["docs"][path].doc
        fields = {**tag, "file": path, "doc": doc}
        if all(k in ("kind", "table_id") or fields.get(k) == v for k, v in filters.items()):
            if "table_id" in filters and not filters["table_id"].startswith(doc):
                continue
            out.add(path)
    return out


def _forbidden_numbers(t: dict, allowed: set[str]) -> set[str]:
    f = t["files"]
    out: set[str] = set()
    if f["acme_secret"] not in allowed:
        out |= t["numbers"]["acme_secret"]
    if f["globex"] not in allowed:
        out |= t["numbers"]["globex"]
    return out


def _filter_cases(t: dict) -> list[dict[str, str]]:
    f, d = t["files"], t["docs"]
    globex_doc, secret_doc = d[f["globex"]].doc, d[f["acme_secret"]].doc
    return [
        {"tenant": "acme"},
        {"tenant": "globex"},
        {"tenant": "acme", "access_level": "public"},
        {"tenant": "acme", "access_level": "secret"},
        {"access_level": "public", "tenant": "globex"},
        {"tenant": "acme", "doc": globex_doc},  # another tenant's document named explicitly
        {"tenant": "acme", "file": f["globex"]},
        {"tenant": "acme", "table_id": f"{globex_doc}:t0"},
        {"tenant": "acme", "access_level": "public", "table_id": f"{secret_doc}:t0"},
        {"tenant": "acme", "kind": "row"},
        {"tenant": "globex", "kind": "fact"},
        {"tenant": "nobody"},
    ]


def _check_sources(sources: list[dict], allowed: set[str], where: str) -> None:
    for s in sources:
        assert s.get("file") in allowed, (where, s)


def test_every_filter_combination_holds_in_search_and_answers(tenants):
    with tablerag.Index(tenants["index"]) as index:
        for filters in _filter_cases(tenants):
            allowed = _allowed(tenants, filters)
            forbidden = _forbidden_numbers(tenants, allowed)
            for q in QUESTIONS:
                result = index.ask(q, filters=filters)
                _check_sources([h.source for h in result.hits], allowed, f"hits {filters} {q}")
                if not allowed:
                    assert not result.hits and result.answer is None
                if result.answer is None:
                    continue
                a = result.answer
                _check_sources(a.citations + a.closest, allowed, f"answer {filters} {q}")
                said = " ".join(x for x in (a.text, a.value or "", result.markdown or "") if x).replace(",", "")
                leaked = [n for n in forbidden if n in said]
                assert not leaked, (filters, q, leaked, a.text)
                if result.table_id:
                    assert any(result.table_id.startswith(tenants["docs"][p].doc) for p in allowed)


def test_dense_and_lexical_retrievers_are_each_prefiltered(tenants):
    from tablerag.index.embed import encode_query
    from tablerag.index.query import chroma_where

    with tablerag.Index(tenants["index"]) as index:
        for filters in _filter_cases(tenants):
            allowed_docs = {tenants["docs"][p].doc for p in _allowed(tenants, filters)}
            ids = index.store.contents.record_ids(filters)
            assert all(i.split(":")[0] in allowed_docs for i in ids), filters
            qvec = encode_query(index.embedder, ["Fixed Price 2018"])[0]
            dense = index.vector.query(qvec, 200, where=chroma_where(filters))
            assert all(i.split(":")[0] in allowed_docs for i, _ in dense), filters
            lexical = index.lexical.search("Fixed Price 2018", 200, allowed=ids)
            assert all(i.split(":")[0] in allowed_docs for i, _ in lexical), filters


def test_unknown_filter_keys_fail_closed(tenants):
    with tablerag.Index(tenants["index"]) as index:
        for bad in ({"tenant ": "acme"}, {"Tenant": "acme"}, {"tenant": "acme", "owner": "x"}, {"1=1 OR tenant": "x"}):
            with pytest.raises(ValueError, match="unknown filter"):
                index.search("Fixed Price", filters=bad)
        with pytest.raises(ValueError, match="unknown report filter"):
            build_report(index, {"owner": "acme"})


def test_sql_sandbox_sees_only_the_selected_table(tenants):
    """An answer's SQL runs over a copy of one allowed table: the stores and the other tenant are out of reach."""
    with tablerag.Index(tenants["index"]) as index:
        doc = tenants["docs"][tenants["files"]["acme_public"]].doc
        table = index.table(f"{doc}:t0")
        box = Sandbox({VIEW_NAME: typed_view(table)})
        try:
            for sql in (
                "SELECT * FROM cells",
                "SELECT text FROM cells WHERE tenant = 'globex'",
                f"SELECT * FROM {VIEW_NAME} UNION ALL SELECT * FROM records",
                f"SELECT * FROM read_csv('{tenants['files']['globex']}')",
                f"ATTACH '{tenants['index'] / 'tables.duckdb'}' AS x",
                f"SELECT * FROM {VIEW_NAME}; SELECT * FROM tables",
            ):
                with pytest.raises(UnsafeSqlError):
                    box.run(sql)
            rows = box.run(f"SELECT * FROM {VIEW_NAME}").rows
            flat = " ".join(str(v) for r in rows for v in r)
            assert not [n for n in tenants["numbers"]["globex"] if n in flat.replace(",", "")]
        finally:
            box.close()


def test_report_per_tenant_shows_only_that_tenant(tenants, tmp_path):
    with tablerag.Index(tenants["index"]) as index:
        page = build_report(index, {"tenant": "acme", "access_level": "public"})
        whole = build_report(index)
    assert tenants["files"]["acme_public"] in page
    assert tenants["files"]["globex"] not in page and tenants["files"]["acme_secret"] not in page
    flat = page.replace(",", "")
    assert not [n for n in tenants["numbers"]["globex"] | tenants["numbers"]["acme_secret"] if n in flat]
    assert tenants["files"]["globex"] in whole  # the unfiltered report is the administrator's view
    out = tmp_path / "acme.html"
    cmd = ["report", "--index", str(tenants["index"]), "--out", str(out), "--filter", "tenant=globex"]
    assert CliRunner().invoke(app, cmd).exit_code == 0
    page = out.read_text(encoding="utf-8")
    assert tenants["files"]["globex"] in page and tenants["files"]["acme_public"] not in page


def test_cli_filter_wins_over_a_questions_file(tenants, tmp_path):
    """Regression: a per-question filter in --questions used to override the operator's --filter tenant=..."""
    questions = tmp_path / "q.jsonl"
    item = {"id": "q1", "question": QUESTIONS[0], "filters": {"tenant": "globex"}}
    questions.write_text(json.dumps(item) + "\n", encoding="utf-8")
    cmd = ["query", "--index", str(tenants["index"]), "--questions", str(questions), "--filter", "tenant=acme"]
    out = CliRunner().invoke(app, cmd)
    assert out.exit_code == 0, out.output
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["hits"] and all(
        h["source"]["file"].startswith(str(Path(tenants["files"]["acme_public"]).parent)) for h in got["hits"]
    )


def test_identical_file_in_another_tenant_is_refused_not_stolen(tmp_path, repo):
    """Regression: the same bytes ingested for tenant b replaced tenant a's document (ids are content hashes), so
    a lost it and its rows were re-tagged b. Now b's copy is refused with a cause and a keeps everything."""
    src = (repo / "examples" / "tatqa-sales-by-contract-type.csv").read_bytes()
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "sales.csv").write_bytes(src)
    with tablerag.Index(tmp_path / "idx") as index:
        index.add([tmp_path / "a" / "sales.csv"], tenant="a")
        before = index.stats()
        report = index.add([tmp_path / "b" / "sales.csv"], tenant="b")
        (failure,) = report.failures
        assert "sales.csv" in failure.error and "another tenant" in failure.error and "'a'" not in failure.error
        assert index.stats() == before
        hits = index.search("Fixed Price 2018", filters={"tenant": "a"})
        assert hits and all(h.source["file"] == str(tmp_path / "a" / "sales.csv") for h in hits)
        assert not index.search("Fixed Price 2018", filters={"tenant": "b"})
