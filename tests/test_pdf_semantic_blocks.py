"""Stacked header blocks in PDF tables (ruled and borderless): a second header inside the body ("Fiscal 2018"
over the same quarter labels, "As at 31 December 2018") starts a table of its own, as in the CSV reader."""

from __future__ import annotations

from pathlib import Path

from pdf_make import make_borderless, make_report

from tablerag.model import sha256_file
from tablerag.parsing.pdf import read_pdf

QUARTERS = [
    ["", "", "", "", "Fiscal 2019", ""],
    ["", "First", "Second", "Third", "Fourth", ""],
    ["", "Quarter", "Quarter", "Quarter", "Quarter", "Total"],
    ["Revenues", "$ 94,888", "$ 96,037", "$ 88,495", "$84,380", "$363,800"],
    ["Gross profit", "38,091", "39,821", "36,381", "33,471", "147,764"],
    ["", "", "", "", "Fiscal 2018", ""],
    ["", "First", "Second", "Third", "Fourth", ""],
    ["", "Quarter", "Quarter", "Quarter", "Quarter", "Total"],
    ["Revenues", "$88,081", "$89,767", "$93,669", "$94,395", "$365,912"],
    ["Gross profit", "37,443", "36,838", "38,187", "38,422", "150,890"],
]


def test_ruled_table_with_a_second_header_block_is_two_tables(tmp_path: Path) -> None:
    path = make_report(tmp_path / "q.pdf", "Quarterly results", ["Unaudited quarterly results."], QUARTERS)
    doc = read_pdf(path, sha256_file(path))
    first, second = doc.tables
    assert first.column_chain(5) == ["Fiscal 2019", "Total"]
    assert first.column_chain(4) == ["Fiscal 2019", "Fourth", "Quarter"]
    assert second.column_chain(1) == ["Fiscal 2018", "First", "Quarter"]
    assert second.column_chain(5) == ["Fiscal 2018", "Total"]
    revenue = next(c for c in second.cells if c.text == "$365,912")
    assert second.row_chain(revenue.row) == ["Revenues"] and second.source.page == 1
    assert first.id != second.id


def test_borderless_lone_date_row_heads_the_rows_below_it(tmp_path: Path) -> None:
    rows = [
        ["", "As at 31 December 2019", ""],
        ["", "Carrying amount", "Fair value"],
        ["Loans", "1,120", "1,118"],
        ["Bonds", "945", "947"],
        ["", "As at 31 December 2018", ""],
        ["Loans", "1,110", "1,109"],
        ["Bonds", "940", "941"],
    ]
    path = make_borderless(tmp_path / "b.pdf", rows, [330.0, 430.0])
    doc = read_pdf(path, sha256_file(path))
    got = [(t.column_headers, [t.row_chain(r) for r in range(t.header_rows, t.n_rows)]) for t in doc.tables]
    assert got[-1][0][1:] == [["As at 31 December 2018", "Carrying amount"], ["As at 31 December 2018", "Fair value"]]
    assert got[-1][1] == [["Loans"], ["Bonds"]]
