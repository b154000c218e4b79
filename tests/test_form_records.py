"""A key-value form's records: every field (the first row's too, a form has no header) as a label=value record and
a fact, no value standing as a column name over the others; and, pooled, a question about one field of one form
among other tables answered with that field's value, cited by its cell; a ruled form typeset as a PDF read and
asked the same way. Files are made by the tests (CSV, PDF)."""

from __future__ import annotations

import csv
from pathlib import Path

from helpers import ruled_table_pdf

import tablerag
from tablerag.decomposition.forms import form_fields
from tablerag.decomposition.records import RecordOptions, table_records
from tablerag.eval.qa import table_from_rows
from tablerag.model import Tags
from tablerag.qa.answer import answer_table

PROFILE = [
    ["Stock exchange", "Warsaw Stock Exchange"],
    ["Date of incorporation", "12 March 1998"],
    ["Registered office", "Gdańsk"],
    ["Share capital", "4,250,000 PLN"],
]


def _csv(path: Path, rows: list[list[str]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(rows)
    return path


def test_every_field_of_a_form_is_a_record_and_none_names_a_column(tmp_path: Path) -> None:
    table = table_from_rows(PROFILE, tmp_path, "profile")
    records = table_records(table, Tags(), options=RecordOptions(cells="both"))
    rows = [r for r in records if r.kind == "row"]
    assert [r.provenance.row for r in rows] == [0, 1, 2, 3]  # the first pair is a field, not a header
    assert rows[0].text.endswith("Stock exchange=Warsaw Stock Exchange")
    assert not any("(Warsaw Stock Exchange)" in r.text for r in records)  # the first value names no column
    facts = [r for r in records if r.kind == "fact"]
    assert "profile.csv: Date of incorporation | 12 March 1998" in {r.text for r in facts}
    assert "In profile.csv, Registered office is Gdańsk." in {r.text for r in facts}
    assert {(r.provenance.row, r.provenance.col) for r in facts} == {(0, 1), (1, 1), (2, 1), (3, 1)}
    summary = records[0].text
    assert "A form of 4 fields" in summary and "Share capital" in summary


def test_a_table_with_column_names_keeps_them_in_its_records(tmp_path: Path) -> None:
    rows = [["", "2019", "2018"], ["Revenue", "1,200", "900"], ["Net income", "300", "250"], ["Staff", "40", "38"]]
    records = table_records(table_from_rows(rows, tmp_path, "income"), Tags())
    assert any("(2019)=1,200" in r.text for r in records if r.kind == "row")


def test_a_pooled_question_about_a_form_field_takes_the_value_beside_it(tmp_path: Path) -> None:
    files = [
        _csv(tmp_path / "profile.csv", PROFILE),
        _csv(
            tmp_path / "income.csv", [["", "2019", "2018"], ["Revenue", "1,200", "900"], ["Net income", "300", "250"]]
        ),
    ]
    with tablerag.Index(tmp_path / "index") as index:
        index.add(files)
        answer = index.ask("What is the date of incorporation of the company?").answer
    assert answer is not None and answer.value == "12 March 1998"
    (cited,) = answer.citations
    assert Path(cited["file"]).name == "profile.csv" and (cited["row"], cited["col"]) == (1, 1)


def test_a_ruled_form_in_a_pdf_answers_with_the_value_beside_the_label(tmp_path: Path) -> None:
    """An infobox typeset as a born-digital PDF, ruled, two pairs to a row: parsed, then asked."""
    rows = [
        ["Crew", "6-7", "Maximum speed", "865 km/h"],
        ["Length", "69.10 m", "Cruise speed", "800-850 km/h"],
        ["Wingspan", "73.30 m", "Service ceiling", "9,500 m"],
        ["First flight", "26 December 1982", "Payload", "150 t"],
    ]
    pdf = ruled_table_pdf(tmp_path / "an-124.pdf", rows, [72.0, 160.0, 260.0, 360.0, 460.0])
    tables = tablerag.parse(pdf).tables
    assert len(tables) == 1 and len(form_fields(tables[0])) == 8
    for question, value in [("What is the wingspan?", "73.30 m"), ("When was the first flight?", "26 December 1982")]:
        found = answer_table(tables[0], question)
        assert found is not None and found.value == value, (question, found)
        assert found.citations[0]["page"] == 1
