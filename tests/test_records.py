"""Decomposition: seed-000 row records, facts, summaries, Markdown/HTML/JSON serialisations."""

from __future__ import annotations

import pytest
from helpers import grid_table

from tablerag.decomposition.records import Tags, document_records, row_text, table_records
from tablerag.decomposition.serialize import to_html, to_json, to_markdown
from tablerag.model import Cell, ParsedDocument


def seed_table():
    grid = [
        ["", "", "Каналы", "", ""],
        ["Название сети", "Партнёр", "Гипер", "Супер", "Диск"],
        ["СЕВЕРЯНКА", "Да", "91", "", "7"],
    ]
    t = grid_table(grid, header_rows=2, sheet="Сети")
    t.cells = [c for c in t.cells if (c.row, c.col) != (0, 2)] + [Cell(0, 2, "Каналы", col_span=3, is_header=True)]
    t.column_letters = list("ABCDE")
    t.sheet_rows = [1, 2, 4]
    from tablerag.parsing.headers import apply_headers

    return apply_headers(t, 2)


def test_row_record_has_letters_chains_and_drops_empty_cells():
    text = row_text(seed_table(), 2)
    assert (
        text
        == 'Sheet "Сети", row 4: A (Название сети)=СЕВЕРЯНКА; B (Партнёр)=Да; C (Каналы / Гипер)=91; E (Каналы / Диск)=7'
    )


def test_table_records_ids_kinds_and_provenance():
    recs = table_records(seed_table(), Tags(version="v1"))
    by_id = {r.id: r for r in recs}
    assert set(by_id) == {
        "abababababababab:t0:summary",
        "abababababababab:t0:r2",
        "abababababababab:t0:r2:c1",
        "abababababababab:t0:r2:c2",
        "abababababababab:t0:r2:c4",
    }
    fact = by_id["abababababababab:t0:r2:c1"]
    assert fact.kind == "fact" and "СЕВЕРЯНКА | Партнёр | Да" in fact.text
    p = fact.provenance
    assert (p.sheet, p.sheet_row, p.column, p.version, p.row, p.col) == ("Сети", 4, "B", "v1", 2, 1)
    assert "one row per Название сети" in by_id["abababababababab:t0:summary"].text


def test_document_records_are_stable_and_tagged():
    doc = ParsedDocument("t.xlsx", "ab" * 32, "xlsx", tables=[seed_table()])
    a = document_records(doc, Tags(tenant="acme", access_level="internal"))
    b = document_records(doc, Tags(tenant="acme", access_level="internal"))
    assert [r.id for r in a] == [r.id for r in b]
    assert all(r.metadata["tenant"] == "acme" and r.metadata["doc"] == "abababababababab" for r in a)


@pytest.mark.parametrize("fmt", ["markdown", "html", "json"])
def test_serialisations_carry_header_chains(fmt):
    t = seed_table()
    out = {"markdown": to_markdown, "html": to_html, "json": lambda t: str(to_json(t))}[fmt](t)
    assert "Каналы" in out and "СЕВЕРЯНКА" in out


def test_html_escapes_cell_text():
    t = grid_table([["name", "note"], ["x", "<script>alert(1)</script>"]])
    html = to_html(t)
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_json_contract_fields():
    j = to_json(seed_table())
    assert {
        "id",
        "sheet",
        "range",
        "caption",
        "notes",
        "unit",
        "header_rows",
        "n_rows",
        "n_cols",
        "columns",
        "cells",
    } <= set(j)
    assert j["columns"][2] == {"index": 2, "letter": "C", "header_chain": ["Каналы", "Гипер"]}
    assert {"row", "col", "row_span", "col_span", "text", "value", "is_header"} <= set(j["cells"][0])


@pytest.mark.parametrize("note", ["(In millions, except percentages and per share amounts)", "$'000", "£m"])
def test_a_unit_note_over_the_labels_column_is_the_tables_unit_not_a_column_name(tmp_path, note):
    """Regression: the note in the stub corner of a TAT-QA statement named the labels column in every row record,
    so the table matched every question about "percentage change" or "per share"."""
    from tablerag.parsing import parse

    path = tmp_path / "statement.csv"
    path.write_text(f'"{note}",2019,2018\nRevenue,"125,843","110,360"\nNet income,"39,240","16,571"\n', "utf-8")
    table = parse(path).tables[0]
    records: dict[str, str] = {}
    for r in table_records(table, Tags()):
        records[r.kind] = records.get(r.kind, "") + r.text + "\n"
    assert "Row 2: Revenue; 2 (2019)=125,843" in records["row"] and note not in records["row"]
    assert note not in records["fact"] and "Unit:" in records["summary"]
    assert "1=" not in records["row"]  # the labels column under an empty header cell is not named by its number
