"""Header rows that continue words: a hyphen-cut word ("Гипер-" over "маркеты", "Umsatz-" over "erlöse") is one
label, a lower-case row of word endings is header (not data), and a lower cell continuing the label above joins it
as one level. The same rule in every reader: grids, CSV, XLSX, PDF."""

from __future__ import annotations

import csv

import pytest
from helpers import grid_table
from pdf_make import Block, make_pdf

from tablerag.parsing import parse
from tablerag.parsing.headers import continue_label, header_label

GERMAN = [  # no umlaut: the PDF maker's built-in font has none
    ["Region", "Betriebs-", "Personal-", "Filialen"],
    ["", "ergebnis", "kosten", ""],
    ["Nord", "120", "30", "4"],
    ["Süd", "95", "25", "3"],
]
GERMAN_CHAINS = [["Region"], ["Betriebsergebnis"], ["Personalkosten"], ["Filialen"]]


@pytest.mark.parametrize(
    ("upper", "lower", "wrapped", "joined"),
    [
        ("Гипер-", "маркеты", False, "Гипермаркеты"),
        ("Umsatz-", "erlöse", False, "Umsatzerlöse"),
        ("Umsatz\u2010", "erlöse", False, "Umsatzerlöse"),  # the Unicode hyphen
        ("Umsatz\u00ad", "erlöse", False, "Umsatzerlöse"),  # a soft hyphen
        ("Название", "сети", True, "Название сети"),
        ("Название", "сети", False, None),  # without a row of continuations, no space join
        ("Umsatz-", "Erlöse", False, None),  # a capital starts a new label
        ("Umsatz-", "2019", False, None),  # a number never continues a word
        ("Total", "in millions", True, None),  # a unit below a label is a level of its own
        ("2010", "kilotonnes", True, None),
        ("-", "маркеты", False, None),  # a lone dash is a "no data" mark, not a cut word
    ],
)
def test_continue_label(upper, lower, wrapped, joined):
    assert continue_label(upper, lower, wrapped) == joined


def test_header_label_joins_a_word_cut_inside_one_cell():
    assert header_label("Umsatz-\nerlöse") == "Umsatzerlöse"
    assert header_label("Net\nsales") == "Net sales"
    assert header_label("Non-\nGAAP") == "Non- GAAP"  # a capital after the cut: two words, kept apart


def test_row_of_word_endings_is_header_and_joins_each_column():
    t = grid_table([["Region", "Umsatz-", "Personal-"], ["", "erlöse", "kosten"], ["Nord", "120", "30"]])
    assert t.header_rows == 2
    assert t.column_headers == [["Region"], ["Umsatzerlöse"], ["Personalkosten"]]


def test_unit_row_under_single_column_labels_stays_a_level():
    t = grid_table([["Region", "2010", "2015"], ["", "kilotonnes", "kilotonnes"], ["Nord", "1", "2"]])
    assert t.header_rows == 2
    assert t.column_headers == [["Region"], ["2010", "kilotonnes"], ["2015", "kilotonnes"]]


def test_lower_case_data_under_a_header_stays_data():
    """No cut word in the row: a row of lower-case text below a one-row header is the first data row."""
    t = grid_table([["Name", "Status"], ["alice", "active"], ["bob", "inactive"]])
    assert t.header_rows == 1
    assert t.column_headers == [["Name"], ["Status"]]


def test_same_rule_in_csv_xlsx_and_pdf(tmp_path):
    import openpyxl

    with (tmp_path / "umsatz.csv").open("w", encoding="utf-8", newline="") as fh:
        csv.writer(fh).writerows(GERMAN)
    wb = openpyxl.Workbook()
    for row in GERMAN:
        wb.active.append([int(v) if v.isdigit() else (v or None) for v in row])
    wb.save(tmp_path / "umsatz.xlsx")
    make_pdf(tmp_path / "umsatz.pdf", [[Block(GERMAN, top=120)]])
    for name in ("umsatz.csv", "umsatz.xlsx", "umsatz.pdf"):
        (table,) = parse(tmp_path / name).tables
        assert table.header_rows == 2, name
        assert table.column_headers == GERMAN_CHAINS, name


@pytest.mark.parametrize(
    ("book", "merge", "cut"), [(10, "A3:A5", ("Type of Mush-", "room")), (5, "A3:A4", ("Bev-", "erage"))]
)
def test_real_workbook_with_its_stub_label_cut_reads_as_before(shared_data, tmp_path, book, merge, cut):
    """A real HiTab workbook whose stub header (merged down the header rows) is rewritten as a narrow column shows
    it, the word cut with a hyphen over two rows: the table reads exactly as the original does."""
    import openpyxl

    path = shared_data / "hitab-statcan-xlsx" / "xlsx" / f"{book}.xlsx"
    wb = openpyxl.load_workbook(path)
    ws = wb["original"]
    first = merge.split(":")[0]
    assert "".join(cut).replace("-", "") == ws[first].value
    ws.unmerge_cells(merge)
    ws[first] = cut[0]
    ws[f"{first[0]}{int(first[1:]) + 1}"] = cut[1]
    wb.save(tmp_path / "cut.xlsx")

    def original_sheet(p):
        return next(t for t in parse(p).tables if t.source.sheet == "original")

    before, after = original_sheet(path), original_sheet(tmp_path / "cut.xlsx")
    assert after.header_rows == before.header_rows
    assert after.column_headers == before.column_headers
    assert after.row_headers == before.row_headers
