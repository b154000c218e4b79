"""Limits as configuration (environment, CLI, Index), the time limit's worker process, and cells as inert data in
every export (CSV formula neutralisation, escaped HTML)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import hostile
import pytest
from typer.testing import CliRunner

from tablerag.cli import app
from tablerag.decomposition.records import Tags
from tablerag.decomposition.serialize import neutralise, to_csv, to_html
from tablerag.errors import BadInputError, TimeLimitError
from tablerag.limits import Limits, run_with_deadline
from tablerag.parsing import parse
from tablerag.pipeline.prepare import prepare

FORMULAS = ['=HYPERLINK("http://evil","x")', "=cmd|' /C calc'!A0", "+1+2", "-3+4", "@SUM(A1)", "\t=1", "\r=1"]


def test_from_env_reads_overrides_and_switches_off():
    env = {"TABLERAG_MAX_PAGES": "12", "TABLERAG_MAX_SECONDS_PER_DOCUMENT": "2.5", "TABLERAG_MAX_COLUMNS": "off"}
    limits = Limits.from_env(env)
    assert limits.max_pages == 12 and limits.max_seconds_per_document == 2.5 and limits.max_columns is None
    assert limits.max_file_bytes == Limits().max_file_bytes
    with pytest.raises(ValueError, match="TABLERAG_MAX_PAGES"):
        Limits.from_env({"TABLERAG_MAX_PAGES": "many"})
    assert Limits().with_overrides(max_pages=None, max_cells_per_table=5) == Limits(max_cells_per_table=5)


def test_worker_is_stopped_at_the_deadline():
    start = time.monotonic()
    with pytest.raises(TimeLimitError, match="max_seconds_per_document") as caught:
        run_with_deadline("slow.pdf", 0.5, time.sleep, 30)
    assert time.monotonic() - start < 15 and "slow.pdf" in str(caught.value)


def test_a_crashing_reader_is_a_named_error_not_a_dead_batch():
    with pytest.raises(BadInputError, match="reader process died"):
        run_with_deadline("crash.pdf", 30, os._exit, 3)


def test_reader_errors_come_back_with_their_type(tmp_path):
    empty = tmp_path / "empty.csv"
    empty.write_bytes(b"")
    with pytest.raises(BadInputError, match="empty"):
        run_with_deadline(str(empty), 30, parse, empty)
    doc = run_with_deadline("x", 30, parse, Path("examples/tatqa-sales-by-contract-type.csv"))
    assert doc.tables and doc.tables[0].cells


def test_time_limit_is_data_in_a_batch(tmp_path):
    # big enough that no warm reader finishes inside the limit: a poll timeout rounds up to a whole millisecond,
    # and a warm reader once parsed a two-row CSV inside it (CI flake)
    path = tmp_path / "t.csv"
    path.write_text("a,b\n" + "".join(f"{i},{i * 2}\n" for i in range(20_000)), encoding="utf-8")
    result = prepare(path, Tags(), limits=Limits(max_seconds_per_document=0.001))
    assert result.status == "failed" and "t.csv" in result.error and "max_seconds_per_document" in result.error


def test_cli_ingest_limit_options(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    hostile.pdf_many_pages(docs / "thick.pdf", pages=30)
    (docs / "ok.csv").write_text("name,value\na,1\nb,2\n", encoding="utf-8")
    cmd = ["ingest", str(docs), "--index", str(tmp_path / "idx"), "--max-pages", "10", "--max-seconds", "120", "--json"]
    out = CliRunner().invoke(app, cmd)
    payload = json.loads(out.stdout)
    text = json.dumps(payload)
    assert "thick.pdf" in text and "max_pages" in text and "30 > 10" in text, text


def _formula_csv(tmp_path: Path) -> Path:
    path = tmp_path / "formulas.csv"
    import csv

    with open(path, "w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["name", "cell"])
        for i, f in enumerate(FORMULAS):
            writer.writerow([f"r{i}", f])
    return path


def test_csv_export_neutralises_formulas(tmp_path):
    path = _formula_csv(tmp_path)
    out = CliRunner().invoke(app, ["tables", str(path), "--format", "csv"])
    assert out.exit_code == 0, out.output
    import csv
    import io

    rows = list(csv.reader(io.StringIO(out.stdout)))
    cells = [r[1] for r in rows[1:]]
    for cell in cells:
        assert cell.startswith("'"), cell  # a spreadsheet shows it as text, never runs it
    assert neutralise("12") == "12" and neutralise("a=b") == "a=b"


def test_formula_cells_are_never_evaluated(tmp_path):
    """openpyxl is opened with data_only: a formula without a cached value is empty, one with text stays text."""
    import openpyxl

    book = tmp_path / "f.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["name", "value"])
    ws.append(["sum", "=SUM(1,2)"])
    ws.append(["cmd", "=cmd|' /C calc'!A0"])
    ws["B4"] = '=HYPERLINK("http://evil")'
    ws["B4"].data_type = "s"  # stored as a string cell whose text looks like a formula
    ws["A4"] = "link"
    wb.save(book)
    doc = parse(book)
    texts = [c.text for t in doc.tables for c in t.cells]
    assert "3" not in texts and '=HYPERLINK("http://evil")' in texts
    assert all(c.value is None for t in doc.tables for c in t.cells if c.text.startswith("="))
    assert "'=HYPERLINK" in to_csv(doc.tables[0])


def test_html_output_escapes_script_and_event_handlers(tmp_path):
    path = tmp_path / "x.csv"
    path.write_text('name,note\na,<script>alert(1)</script>\nb,"<img src=x onerror=alert(2)>"\n', encoding="utf-8")
    page = to_html(parse(path).tables[0])
    assert "<script" not in page and "<img" not in page
    assert "&lt;script&gt;" in page and "&lt;img src=x onerror=alert(2)&gt;" in page
    out = CliRunner().invoke(app, ["tables", str(path), "--format", "html"])
    assert "<img" not in out.stdout and "<script" not in out.stdout


def test_the_reader_process_is_reused_and_replaced_when_killed_or_retired(monkeypatch):
    import tablerag.limits as limits_mod

    first = run_with_deadline("a.csv", 30, os.getpid)
    assert run_with_deadline("b.csv", 30, os.getpid) == first != os.getpid()  # reused, and not this process
    with pytest.raises(TimeLimitError):
        run_with_deadline("slow.csv", 0.2, time.sleep, 30)
    after_kill = run_with_deadline("c.csv", 30, os.getpid)
    assert after_kill != first
    monkeypatch.setattr(limits_mod, "WORKER_MAX_DOCUMENTS", limits_mod._workers[0].documents)
    assert run_with_deadline("d.csv", 30, os.getpid) != after_kill  # retired after its quota
    monkeypatch.setenv("TABLERAG_PROBE", "seen")
    assert run_with_deadline("e.csv", 30, os.getenv, "TABLERAG_PROBE") == "seen"  # the caller's environment
