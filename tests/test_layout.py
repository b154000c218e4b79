"""Captions, notes, units and section paths around PDF tables: real ICDAR-2013 pages checked by hand, and small
PDFs made here for each caption language."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdf_make import Block, make_pdf

from tablerag.model import BBox, Cell, SourceLocator, Table, sha256_file
from tablerag.parsing.headers import apply_headers
from tablerag.parsing.layout import PageLine, cell_markers, is_continued_caption, lead_in, table_context
from tablerag.parsing.pdf import read_pdf

ICDAR = Path("icdar2013")
EU, US = ICDAR / "competition-dataset-eu", ICDAR / "competition-dataset-us"
ROWS = [["Region", "2022", "2023"], ["North", "1 200", "1 350"], ["South", "980", "1 010"]]


def _read(path: Path):  # type: ignore[no-untyped-def]
    return read_pdf(path, sha256_file(path))


# (pdf, table index, caption start, unit, first note start, section path) - all checked by hand on the page
REAL = [
    (
        EU / "eu-004.pdf",
        0,
        "Table 6.1: Size of the market across the member states",
        None,
        "Sources: for GNP",
        ["UPON EXISTING SOURCES", "Market size and the size of retail outlets (Tables 6.1-6.3)"],
    ),
    (
        EU / "eu-004.pdf",
        3,
        "Table 6.4: Growth in demand by member state",
        None,
        "* 1992-4; ** base=1991",
        ["UPON EXISTING SOURCES", "Consumer Demand (Table 6.4)"],
    ),
    (EU / "eu-001.pdf", 0, "Greenhouse gases", None, None, ["E-PRTR pollutants and their thresholds"]),
    (EU / "eu-007.pdf", 3, "Table 8.21 - Leading brand market shares, 1996 and 1997", "%", "Source: LSA", []),
    (US / "us-018.pdf", 0, "Table 14. Actual and projected numbers for public high school graduates", None, None, []),
    (US / "us-018.pdf", 3, "Table 16. Actual and projected numbers", "thousand", None, []),
    (
        US / "us-025.pdf",
        0,
        "tABLE 1. number of deaths and age-adjusted death rates*",
        None,
        None,
        ["Coronary Heart Disease and Stroke Deaths — United States, 2006"],
    ),
]


@pytest.mark.parametrize(("rel", "index", "caption", "unit", "note", "section"), REAL)
def test_real_pages(
    shared_data: Path, rel: Path, index: int, caption: str, unit: str | None, note: str | None, section: list[str]
) -> None:
    table = _read(shared_data / rel).tables[index]
    assert table.caption is not None and table.caption.startswith(caption)
    assert table.unit == unit
    if note is None:
        assert not table.notes
    else:
        assert table.notes and table.notes[0].startswith(note)
    assert table.section_path == section


def test_caption_and_notes_leave_the_prose(shared_data: Path) -> None:
    doc = _read(shared_data / EU / "eu-004.pdf")
    prose = " ".join(b.text for b in doc.prose)
    assert "Table 6.1: Size of the market" not in prose
    assert "Sources: for GNP and population" not in prose


CAPTIONS = [
    ("Table 3: Revenue by region (in thousands of USD)", "thousand USD"),
    ("Tab. 2 Revenue by region, EUR m", "million EUR"),
    ("Tabelle 1: Umsatz nach Region (in Tsd. EUR)", "thousand EUR"),
    ("Tabela 1. Przychody regionów [tys. PLN]", "thousand PLN"),
    ("Таблица 1. Выручка по регионам, тыс. руб.", "thousand RUB"),
    ("表3 各地区营业收入（单位：万元）", "x10000 CNY"),
]


@pytest.mark.parametrize(("caption", "unit"), CAPTIONS)
def test_caption_languages(tmp_path: Path, caption: str, unit: str) -> None:
    pdf = make_pdf(tmp_path / "t.pdf", [[Block(ROWS, top=200, above=[caption], below=["Source: company reports"])]])
    (table,) = _read(pdf).tables
    assert table.caption == caption
    assert table.notes == ["Source: company reports"]
    assert table.unit is not None and table.unit.split()[-1] == unit.split()[-1]


@pytest.mark.parametrize(
    ("below", "notes"),
    [
        (["Quelle: Statistisches Bundesamt"], ["Quelle: Statistisches Bundesamt"]),
        (["Uwaga: dane GUS", "Источник: Росстат"], ["Uwaga: dane GUS", "Источник: Росстат"]),
        (["Примечание: данные предварительные"], ["Примечание: данные предварительные"]),
        (["注：数据未经审计"], ["注：数据未经审计"]),
        (["* preliminary", "1) revised"], ["* preliminary", "1) revised"]),
    ],
)
def test_note_languages(tmp_path: Path, below: list[str], notes: list[str]) -> None:
    pdf = make_pdf(tmp_path / "t.pdf", [[Block(ROWS, top=200, above=["Table 1: Revenue"], below=below)]])
    assert _read(pdf).tables[0].notes == notes


def test_unit_line_and_section_path(tmp_path: Path) -> None:
    headings = {0: [(80.0, "Annual report 2023", 16.0), (120.0, "Regional results", 12.0)]}
    block = Block(ROWS, top=220, above=["Table 2: Revenue by region", "(in millions of USD)"])
    (table,) = _read(make_pdf(tmp_path / "t.pdf", [[block]], headings)).tables
    assert table.caption == "Table 2: Revenue by region"
    assert table.unit == "million USD"
    assert table.section_path == ["Annual report 2023", "Regional results"]


def test_lead_in_sentence_becomes_the_caption(tmp_path: Path) -> None:
    block = Block(ROWS, top=200, above=["Sales grew in both regions. The", "following table shows revenue by region:"])
    (table,) = _read(make_pdf(tmp_path / "t.pdf", [[block]])).tables
    assert table.caption == "The following table shows revenue by region:"


def _line(y: float, text: str, block: int = 0, size: float = 10.0) -> PageLine:
    return PageLine(72, y, 400, y + 10, text, size, False, block, int(y))


def test_pure_context_functions() -> None:
    box = BBox(72, 100, 400, 200)
    lines = [_line(85, "Table 7: Staff"), _line(205, "Note: full-time equivalents", 1), _line(400, "Body text.", 2)]
    ctx = table_context(lines, box, ["Staff", "Total*"])
    assert ctx.caption == "Table 7: Staff" and ctx.notes == ["Note: full-time equivalents"]
    assert cell_markers(["Total*", "Others(1)", "12", "(3)"]) == {"*", "(1)"}
    assert is_continued_caption("Table 3 (continued)") and is_continued_caption("续表3")
    assert not is_continued_caption("Table 3: Revenue")
    assert lead_in([_line(85, "Revenue is shown below.", 3)], box) == "Revenue is shown below."


def test_centred_group_label_spans_its_columns(shared_data: Path) -> None:
    """us-025 page 2, checked by hand: "Stroke" is centred over "no. | Rate | (95% CI)" without rulings."""
    doc = read_pdf(shared_data / US / "us-025.pdf", sha256_file(shared_data / US / "us-025.pdf"), pages=[2])
    table = doc.tables[0]
    assert table.column_headers[1:4] == [["Coronary heart disease", s] for s in ("no.", "Rate", "(95% CI)")]
    assert table.column_headers[4:7] == [["Stroke", s] for s in ("no.", "Rate", "(95% CI)")]
    stroke = table.cell_at(0, 4)
    assert stroke is not None and stroke.text == "Stroke" and (stroke.col, stroke.col_span) == (4, 3)


def test_the_wrapped_end_of_a_lead_in_sentence_is_no_unit_line() -> None:
    """A sentence that wraps inside a bracket ("... calculations (in" / "millions, except per share amounts):")
    leads into the table whole; its second line is no unit line set above the table."""
    box = BBox(72, 130, 400, 230)
    lines = [
        _line(100, "The following table presents a reconciliation of the rate (in", 3),
        _line(112, "millions, except per share amounts):", 3),
    ]
    ctx = table_context(lines, box, ["Rate", "2019"])
    assert ctx.caption == (
        "The following table presents a reconciliation of the rate (in millions, except per share amounts):"
    )
    lone = table_context([_line(112, "(in millions)", 3)], box, ["Rate", "2019"])
    assert lone.unit == "(in millions)"


def test_the_tables_own_unit_note_wins_over_the_sentence_leading_into_it() -> None:
    """A lead-in sentence "(in thousands)" over a table whose stub corner says "(in millions)": the note inside
    the table is nearer its numbers; the sentence's unit serves a table that says none."""
    grid = [["(in millions)", "2019", "2018"], ["Net revenues", "2,845", "3,312"]]
    cells = [
        Cell(r, c, t, value=float(t.replace(",", "")) if r and c else None)
        for r, row in enumerate(grid)
        for c, t in enumerate(row)
        if t
    ]
    lead = "Our revenues are composed of the following (in thousands):"
    table = Table("ab" * 8 + ":t0", SourceLocator("r.pdf", "ab" * 32, page=1), 2, 3, cells, caption=lead)
    apply_headers(table, 1)
    cell = table.cell_at(1, 1)
    assert cell is not None and cell.unit == "million" and table.unit == "million"
    bare = Table("ab" * 8 + ":t1", SourceLocator("r.pdf", "ab" * 32, page=1), 2, 3, cells[1:], caption=lead)
    apply_headers(bare, 1)
    assert bare.unit == "thousand"
