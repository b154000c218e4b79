"""A borderless header label heads the columns it stands over: set flush right with its column and wider than the
column's amounts, it reaches left over the gutter and still heads only its own columns; centred over the value
columns near the middle of the table, it is their group label, not a title over the row labels too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pdf_make import make_borderless

from tablerag.parsing import parse


def test_a_note_under_one_year_on_the_last_header_line_heads_that_year_only(tmp_path: Path) -> None:
    rows = [
        ["Years ended August 31,", "2019", "2018"],
        ["(In thousands of Canadian dollars)", "$", "$"],
        ["", "", "(restated, Note 3)"],
        ["Salaries and outsourced services", "345,041", "317,118"],
        ["Service delivery costs", "661,214", "615,267"],
        ["Customer related costs", "83,401", "68,744"],
    ]
    # the note is wider than the amounts under it: it starts in the gutter, right of the 2019 column's cells
    table = parse(make_borderless(tmp_path / "costs.pdf", rows, [300.0, 380.0])).tables[0]
    assert "(restated, Note 3)" in table.column_headers[2]
    assert "(restated, Note 3)" not in table.column_headers[1]


def _page(path: Path, intro: str, label: tuple[str, float], rows: list[list[str]], rights: list[float]) -> Path:
    """A page of 8 pt Helvetica under an intro line: ``label`` (text, left x) on a line of its own, then ``rows``
    15.2 points apart, each a row label flush left at 54 and cells flush right at ``rights``."""
    import pymupdf

    fitz: Any = pymupdf
    doc = fitz.open()
    page = doc.new_page()
    page.insert_text((54, 80), intro, fontsize=8.5)
    page.insert_text((label[1], 120.0), label[0], fontname="helv", fontsize=8)
    for r, (name, *cells) in enumerate(rows):
        y = 135.2 + 15.2 * r
        page.insert_text((54, y), name, fontname="helv", fontsize=8)
        for text, x in zip(cells, rights, strict=True):
            page.insert_text((x - fitz.get_text_length(text, "helv", 8), y), text, fontname="helv", fontsize=8)
    doc.save(path)
    doc.close()
    return path


def _width(text: str) -> float:
    import pymupdf

    return float(pymupdf.get_text_length(text, "helv", 8))


def _subsidiaries(path: Path) -> Path:
    """Text columns flush right at 215 and 300, percentages at 360 and 420; "Proportion of ownership interest",
    wider than the two percentage columns, set over them and ending flush with the last."""
    label = "Proportion of ownership interest"
    rows = [
        ["Name", "Country", "Principal activity", "2019", "2018"],
        ["Nordvik Logistics AB", "Sweden", "Freight forwarding", "100%", "100%"],
        ["Baltara GmbH", "Germany", "Manufacturing", "100%", "100%"],
        ["Kestrel Packaging Ltd", "United Kingdom", "Packaging", "75%", "60%"],
        ["Halvorsen Shipping AS", "Norway", "Vessel operation", "51%", "51%"],
    ]
    intro = "The group's principal subsidiaries at the end of the year."
    return _page(path, intro, (label, 420.0 - _width(label)), rows, [215.0, 300.0, 360.0, 420.0])


def test_a_group_label_wider_than_its_percentages_does_not_head_the_text_column_beside(tmp_path: Path) -> None:
    table = parse(_subsidiaries(tmp_path / "subsidiaries.pdf")).tables[0]
    assert table.column_headers[2] == ["Principal activity"]
    assert table.column_headers[3] == ["Proportion of ownership interest", "2019"]
    assert table.column_headers[4] == ["Proportion of ownership interest", "2018"]


def _customers(path: Path) -> Path:
    """A period label centred over three year columns between the customers' names and a text column, near the
    centre of the whole table."""
    label = "Year Ended December 31,"
    rows = [
        ["Customer", "2023", "2022", "2021", "Reportable Segment"],
        ["Customer A", "18%", "21%", "24%", "Hardware Products"],
        ["Customer B", "13%", "11%", "*", "Software & Services"],
        ["Customer C", "*", "10%", "12%", "Hardware Products"],
        ["Customer D", "11%", "12%", "13%", "Cloud Services"],
    ]
    intro = "Customers that accounted for 10% or more of revenue."
    return _page(path, intro, (label, (124.0 + 240.0 - _width(label)) / 2), rows, [160.0, 200.0, 240.0, 330.0])


def test_a_period_label_over_its_year_columns_is_no_title_of_the_whole_table(tmp_path: Path) -> None:
    table = parse(_customers(tmp_path / "customers.pdf")).tables[0]
    assert table.column_headers[1:4] == [["Year Ended December 31,", year] for year in ("2023", "2022", "2021")]
    assert table.column_headers[0] == ["Customer"]
    assert table.column_headers[4] == ["Reportable Segment"]
