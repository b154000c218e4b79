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


def _centred_label_pdf(path: Path, label: str, stub_labels: list[str]) -> Path:
    """A borderless table with two right-aligned year columns and ``label`` centred over them, wider than they
    are (it overhangs the first one on the left), as financial statements set "December 31," over 2019 | 2018."""
    import pymupdf

    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((54, 80), "Other current assets consist of the following (in thousands):", fontsize=8.5)
    rights = [376.0, 412.0]
    width = pymupdf.get_text_length(label, "helv", 8.0)
    page.insert_text(((rights[0] - 20 + rights[1]) / 2 - width / 2, 108), label, fontname="helv", fontsize=8.0)
    rows = [["", "2019", "2018"]] + [
        [name, f"{100 + 7 * i:,}", f"{90 + 5 * i:,}"] for i, name in enumerate(stub_labels)
    ]
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            if not text:
                continue
            x = 54.0 if c == 0 else rights[c - 1] - pymupdf.get_text_length(text, "helv", 8.0)
            page.insert_text((x, 123 + 15.2 * r), text, fontname="helv", fontsize=8.0)
    doc.save(path)
    doc.close()
    return path


def test_borderless_group_label_wider_than_its_columns_heads_them(tmp_path: Path) -> None:
    """A centred "December 31," a little wider than 2019 | 2018 is their group label, not lost above the table;
    a wide label reaching into the labels column's gutter heads the value columns, not the labels column."""
    stubs = ["Indemnification receivable", "Due from affiliates", "Prepaid expenses", "Total"]
    path = _centred_label_pdf(tmp_path / "d.pdf", "December 31,", stubs)
    (table,) = read_pdf(path, sha256_file(path)).tables
    assert table.column_headers == [[], ["December 31,", "2019"], ["December 31,", "2018"]]
    path = _centred_label_pdf(tmp_path / "w.pdf", "Change between fiscal years increase (decrease)", stubs)
    (table,) = read_pdf(path, sha256_file(path)).tables
    assert table.column_chain(0) == [] and table.row_chain(table.header_rows) == ["Indemnification receivable"]
    assert table.column_chain(1)[0] == table.column_chain(2)[0] == "Change between fiscal years increase (decrease)"


def test_an_address_holding_a_year_opens_no_header_block(shared_data: Path) -> None:
    """camelot's m27.pdf: a lone "1945 NORTH KICKAPOO" (a wrapped address) inside the listing is no period label,
    so the listing stays one table across its two pages."""
    path = shared_data / "camelot" / "files" / "tabula" / "m27.pdf"
    (table,) = read_pdf(path, sha256_file(path)).tables
    assert table.n_rows > 80 and table.column_chain(3) == ["PREMISE", "ADDRESS"]


def test_a_title_over_a_group_label_of_the_same_span_is_no_level(shared_data: Path) -> None:
    """ICDAR us-019 p4: "Year of data" heads every year column; the title line above it is not a level."""
    path = shared_data / "icdar2013" / "competition-dataset-us" / "us-019.pdf"
    table = next(t for t in read_pdf(path, sha256_file(path)).tables if t.source.page == 4)
    assert table.column_chain(1) == ["Year of data", "2007–08"]
    assert table.column_chain(4) == ["Year of data", "2010–11"]
