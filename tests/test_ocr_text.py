"""OCR misreadings of report-table cells corrected where the image path builds a table's cells."""

from __future__ import annotations

from tablerag.model import BBox
from tablerag.parsing.found import FoundTable
from tablerag.parsing.grid import GridCell, Word
from tablerag.parsing.image import to_table
from tablerag.parsing.ocr_text import OcrCell, corrected_texts

ROW_H, COL_W = 20.0, 100.0


def found(rows: list[list[str]], header_rows: int = 1) -> FoundTable:
    """A grid of one-slot cells, each holding its text as one word, as the image path's finders give them."""
    cells = []
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            x0, y0 = c * COL_W, r * ROW_H
            words = [Word(x0 + 2, y0 + 2, x0 + COL_W - 2, y0 + ROW_H - 2, text)] if text else []
            cells.append(GridCell(r, c, x0, y0, x0 + COL_W, y0 + ROW_H, words=words))
    box = BBox(0, 0, COL_W * len(rows[0]), ROW_H * len(rows))
    return FoundTable(box, len(rows), len(rows[0]), cells, "test", 0.9, header_rows)


def texts(rows: list[list[str]]) -> list[list[str]]:
    cells = [OcrCell(r, c, 1, t) for r, row in enumerate(rows) for c, t in enumerate(row)]
    flat = iter(corrected_texts(cells))
    return [[next(flat) for _ in row] for row in rows]


def test_a_nil_dash_read_as_a_cjk_ideograph_becomes_a_dash_and_reads_as_in_the_typeset_table():
    # PP-OCR read the em dash of "Lease obligation | 2,047 | —" as "一" (the ideograph "one")
    table = to_table(
        found([["", "2019", "2018"], ["Lease obligation", "2,047", "一"], ["Leased assets", "$一", "(1,483)"]]),
        "scan.pdf",
        "0" * 64,
        1,
        0,
    )
    assert table.grid()[1:] == [["Lease obligation", "2,047", "—"], ["Leased assets", "$—", "(1,483)"]]


def test_dash_lookalikes_with_signs_become_dashes_but_labels_and_numbers_stay():
    rows = [["Item", "2019", "2018", "Change"], ["Other", "二", "$ 一", "一%"], ["A一B", "1,234", "-", "(12)"]]
    assert texts(rows) == [
        ["Item", "2019", "2018", "Change"],
        ["Other", "—", "$ —", "—%"],
        ["A一B", "1,234", "-", "(12)"],
    ]


def test_a_table_in_a_cjk_language_keeps_its_lone_ideographs():
    rows = [["项目", "数量"], ["收入", "一"]]  # "one" as a Chinese numeral in a Chinese table
    assert texts(rows) == rows


def test_a_percent_sign_stranded_before_its_phrase_joins_the_next_cell():
    # "Amount" | "% of total revenue" read as one text line, the sign placed in the first column
    table = to_table(
        found([["", "2019", ""], ["", "Amount %", "of total revenue"], ["Maintenance", "16,499", "2"]], 2),
        "scan.pdf",
        "0" * 64,
        1,
        0,
    )
    assert table.grid()[1] == ["", "Amount", "% of total revenue"]


def test_a_currency_sign_stranded_before_its_number_joins_it_and_a_value_keeps_its_own_sign():
    rows = [["Total $", "1,234", "Margin", "12 %"], ["Net sales €", "(56)", "Growth %", "of sales"]]
    assert texts(rows) == [["Total", "$1,234", "Margin", "12 %"], ["Net sales", "€(56)", "Growth", "% of sales"]]


def test_an_abbreviated_month_run_into_its_day_gets_its_space_back():
    rows = [["", "Mar.31", "Sept.30, 2019", "Dec. 31"], ["Revenue Inc.5", "88,410", "92,655", "97,120"]]
    assert texts(rows) == [
        ["", "Mar. 31", "Sept. 30, 2019", "Dec. 31"],
        ["Revenue Inc.5", "88,410", "92,655", "97,120"],
    ]
