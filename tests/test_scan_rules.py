"""A scanned table's vertical rulings decide its column edges and keep header labels in their ruled cells: a
structure model reading the grid from the text's extents put the edge between the stub and the first year column
inside the stub's gap and spanned "Years Ended December 31," over both; a group label centred in its ruled cell was
spread over its empty neighbours."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablerag.model import BBox
from tablerag.parsing.found import FoundTable
from tablerag.parsing.grid import GridCell, Rule, Word
from tablerag.parsing.image import to_table
from tablerag.parsing.scan_rules import ruled_columns
from tablerag.parsing.tatr_grid import Detection, Label

TOP, BOTTOM = 100.0, 200.0


def _column(x0: float, x1: float) -> Detection:
    return Detection(Label.COLUMN, 0.9, BBox(x0, TOP, x1, BOTTOM))


def _vertical(x: float) -> Rule:
    return Rule(False, x, TOP - 2, BOTTOM + 2)


def test_column_edges_move_onto_the_rulings_and_a_span_across_one_is_cut() -> None:
    dets = [
        Detection(Label.TABLE, 0.9, BBox(40, TOP, 440, BOTTOM)),
        _column(50, 120),  # the stub's words end at 120; the model's edge falls midway to the next column's words
        _column(220, 250),
        _column(270, 298),
        Detection(Label.SPANNING_CELL, 0.9, BBox(50, TOP, 250, TOP + 20)),  # stub + first year as one header cell
    ]
    words = [Word(150, TOP + 5, 250, TOP + 15, "Years Ended December 31,")]
    placed, fences = ruled_columns(dets, [_vertical(145), _vertical(260), _vertical(435)], words)
    cols = sorted((d.box.x0, d.box.x1) for d in placed if d.label is Label.COLUMN)
    assert cols == [(50, 145), (145, 260), (260, 298)]
    assert fences == [145, 260]
    spans = sorted((d.box.x0, d.box.x1) for d in placed if d.label is Label.SPANNING_CELL)
    assert spans == [(50, 145), (145, 250)]  # cut at the ruling: each piece over one column, no span left


def test_a_ruling_through_a_word_or_along_one_row_only_is_no_column_edge() -> None:
    dets = [Detection(Label.TABLE, 0.9, BBox(40, TOP, 440, BOTTOM)), _column(50, 120), _column(220, 250)]
    through = [Word(100, TOP + 30, 200, TOP + 40, "Total cost of revenue")]
    short = Rule(False, 170, TOP, TOP + 20)  # a tick under one header row
    placed, fences = ruled_columns(dets, [_vertical(170), short], through)
    assert fences == []
    assert placed == dets


COL_W, ROW_H = 80.0, 14.0


def _cell(row: int, col: int, text: str) -> GridCell:
    x0, y0 = col * COL_W, row * ROW_H
    words = [Word(x0 + 20 + 22 * i, y0 + 2, x0 + 38 + 22 * i, y0 + ROW_H - 2, w) for i, w in enumerate(text.split())]
    return GridCell(row, col, x0, y0, x0 + COL_W, y0 + ROW_H, words=words)


def _found(fences: tuple[float, ...]) -> FoundTable:
    rows = [
        ["", "Years Ended", "", "Increase (Decrease)", ""],
        ["", "2019", "2018", "Amount", "Percent"],
        ["Products", "29,816", "34,066", "(4,250)", "(12)%"],
        ["Services", "19,065", "17,830", "1,235", "7%"],
    ]
    cells = [_cell(r, c, text) for r, row in enumerate(rows) for c, text in enumerate(row)]
    box = BBox(0, 0, 5 * COL_W, 4 * ROW_H)
    return FoundTable(box, 4, 5, cells, "onnx-slanet", 0.9, 2, column_rules=fences)


def test_a_label_centred_in_its_ruled_cell_heads_that_column_only() -> None:
    borderless = to_table(_found(()), "scan.png", "0" * 64, 1, 0)
    assert borderless.column_headers[4] == ["Increase (Decrease)", "Percent"]  # centred over the three: spread
    ruled = to_table(_found(tuple(k * COL_W for k in range(1, 5))), "scan.png", "0" * 64, 1, 0)
    assert ruled.column_headers[3] == ["Increase (Decrease)", "Amount"]
    assert ruled.column_headers[2] == ["Years Ended", "2018"]  # a label over one of sibling periods heads both
    assert ruled.column_headers[4] == ["Increase (Decrease)", "Percent"]


@pytest.fixture(scope="module")
def ruled_scan(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A ruled report table as a 200-dpi page image: header labels left-aligned in their ruled cells, amounts
    right-aligned, the way many reports (and TAT-QA's tables) set "Years Ended December 31," over the first year."""
    import pymupdf

    fitz = pymupdf
    rows = [
        ["", "Years Ended December 31,", "", "Increase (Decrease)", ""],
        ["", "2019", "2018", "Amount", "Percent"],
        ["Cost of revenue:", "", "", "", ""],
        ["Products", "$29,816", "$34,066", "$(4,250)", "(12)%"],
        ["Services", "19,065", "17,830", "1,235", "7%"],
        ["Total cost of revenue", "$48,881", "$51,896", "$(3,015)", "(6)%"],
    ]
    xs = [50.0, 145.0, 262.0, 300.0, 392.0, 432.0]
    top, row_h = 200.0, 15.0
    doc = fitz.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((50, 180), "A summary of our cost of revenue is as follows (dollars in thousands):", fontsize=9)
    for r in range(len(rows) + 1):
        page.draw_line((xs[0], top + r * row_h), (xs[-1], top + r * row_h), width=0.6)
    for x in xs:
        page.draw_line((x, top), (x, top + len(rows) * row_h), width=0.6)
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            if not text:
                continue
            width = fitz.get_text_length(text, fontsize=8)
            left = r < 2 and c in (1, 3) or c == 0
            x = xs[c] + 3 if left else xs[c + 1] - 3 - width
            page.insert_text((x, top + r * row_h + 11), text, fontsize=8)
    pix = page.get_pixmap(dpi=200)
    out = tmp_path_factory.mktemp("ruled") / "ruled-scan.png"
    pix.save(out)
    return out


def test_a_ruled_scan_keeps_its_header_labels_in_their_cells(ruled_scan: Path) -> None:
    from tablerag.parsing import parse

    tables = [t for t in parse(ruled_scan).tables if any(c.text == "Services" for c in t.cells)]
    assert len(tables) == 1
    heads = tables[0].column_headers
    assert heads[0] == []  # the stub's header stays empty
    assert heads[1][0] == heads[2][0] == "Years Ended December 31,"
    assert heads[3][0] == heads[4][0] == "Increase (Decrease)"


def test_a_row_a_ruling_runs_through_inside_the_grid_is_two_rows() -> None:
    from tablerag.parsing.scan_rules import ruled_rows

    table = BBox(40, 90, 440, 200)
    dets = [
        Detection(Label.TABLE, 0.9, table),
        Detection(Label.ROW, 0.9, BBox(40, 90, 440, 130)),  # a title row and a header row read as one
        Detection(Label.ROW, 0.9, BBox(40, 130, 440, 200)),
    ]
    words = [
        Word(45, 95, 120, 104, "December 31, 2019"),
        Word(150, 113, 250, 122, "Total Fair Value"),
        Word(45, 140, 120, 149, "Assets:"),
    ]
    grid = [Rule(True, y, 40, 440) for y in (90, 108, 130, 200)] + [Rule(False, x, 90, 200) for x in (40, 140, 440)]
    rows = sorted((d.box.y0, d.box.y1) for d in ruled_rows(dets, grid, words) if d.label is Label.ROW)
    assert rows == [(90, 108), (108, 130), (130, 200)]
    # the grid's top edge with the paragraph above it inside the detector's box: no column ruling crosses it
    above = [Rule(True, 100, 40, 440)] + [Rule(False, x, 100, 200) for x in (40, 140, 440)]
    paragraph = [Word(45, 92, 300, 98, "The fair value of these assets"), Word(45, 113, 120, 122, "Assets:")]
    assert ruled_rows(dets, above, paragraph) == dets
    # a group label's underline over most columns but not the stub lies inside one header row
    underline = [Rule(True, 108, 140, 440)] + [r for r in grid if r.pos != 108 or not r.horizontal]
    assert ruled_rows(dets, underline, words) == dets
