"""Nil dashes OCR finds no text box on, found in the page image of a table's empty value cells (an image the test
draws: glyphs in DejaVu Sans at a 200-dpi scan's size, a ruled grid, hand-made cells)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablerag.parsing.grid import GridCell, Word
from tablerag.parsing.marks import DASH_TEXT, SHORT_DASH_TEXT, found_dashes

PIL = pytest.importorskip("PIL")
pytest.importorskip("cv2")

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
DPI = 200
SCALE = 72 / DPI  # points per pixel
COLS = (0, 450, 600, 750)  # pixel edges of a label column and two value columns
ROW_H = 40


def _page(
    rows: list[list[str]], ruled: bool, read: frozenset[tuple[int, int]] = frozenset()
) -> tuple[object, list[GridCell]]:
    """A white page with `rows` typeset (labels left, values right-aligned), optionally ruled; the cells hold an OCR
    word for every text except the dashes (what PP-OCR gives back)."""
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(str(FONT), 22) if FONT.exists() else ImageFont.load_default()
    image = Image.new("RGB", (COLS[-1] + 20, ROW_H * len(rows) + 20), "white")
    draw = ImageDraw.Draw(image)
    cells = []
    for r, row in enumerate(rows):
        y0, y1 = 10 + r * ROW_H, 10 + (r + 1) * ROW_H
        for c, text in enumerate(row):
            x0, x1 = COLS[c] + 10, COLS[c + 1] + 10
            cell = GridCell(r, c, x0 * SCALE, y0 * SCALE, x1 * SCALE, y1 * SCALE)
            if text:
                width = draw.textlength(text, font=font)
                tx = x0 + 8 if c == 0 else x1 - 8 - width
                draw.text((tx, y0 + 8), text, fill="black", font=font)
                if text.strip("—–-$") or (r, c) in read:  # OCR boxes no lone dash (but those in `read`)
                    cell.words.append(Word(tx * SCALE, (y0 + 8) * SCALE, (tx + width) * SCALE, (y0 + 32) * SCALE, text))
            cells.append(cell)
    if ruled:
        for r in range(len(rows) + 1):
            draw.line([(10, 10 + r * ROW_H), (COLS[-1] + 10, 10 + r * ROW_H)], fill="black", width=1)
        for x in COLS:
            draw.line([(x + 10, 10), (x + 10, 10 + ROW_H * len(rows))], fill="black", width=1)
    return image, cells


ROWS = [
    ["", "2019", "2018"],
    ["Domestic manufacturers deduction", "—", "(2,545)"],
    ["Enacted rate change", "(42,973)", "–"],
    ["Lease obligation", "1,204", "-"],
    ["Other, net", "(918)", ""],
]


@pytest.mark.parametrize("ruled", [True, False])
def test_empty_value_cells_showing_a_dash_read_as_a_dash(ruled: bool) -> None:
    image, cells = _page(ROWS, ruled)
    assert found_dashes(cells, 1, image, SCALE) == 3
    got = {(c.row, c.col): c.text for c in cells}
    assert got[(1, 1)] == DASH_TEXT and got[(2, 2)] == got[(3, 2)] == SHORT_DASH_TEXT  # em; en dash and hyphen
    assert got[(4, 2)] == ""  # a blank cell stays blank
    assert got[(1, 2)] == "(2,545)" and got[(0, 0)] == ""


def test_underlines_and_marks_that_are_not_a_lone_dash_stay_empty() -> None:
    """A column's underline (wider than a dash), two marks in one cell, a dash in a label column: none is a nil."""
    from PIL import ImageDraw

    rows = [["", "2019", "2018"], ["Revenue", "1,204", "830"], ["", "", ""], ["Total", "1,204", "--"]]
    image, cells = _page(rows, ruled=False)
    draw = ImageDraw.Draw(image)
    y = 10 + 2 * ROW_H + 20
    draw.line([(COLS[1] + 30, y), (COLS[2], y)], fill="black", width=2)  # an underline across the value column
    draw.line([(COLS[2] + 90, y), (COLS[2] + 110, y)], fill="black", width=2)  # a dash in the label-less row...
    draw.line([(40, y), (60, y)], fill="black", width=2)  # ...and one in the label column
    assert found_dashes(cells, 1, image, SCALE) == 1
    got = {(c.row, c.col): c.text for c in cells}
    assert got[(2, 1)] == "" and got[(2, 0)] == "" and got[(2, 2)] == DASH_TEXT
    assert got[(3, 2)] == ""  # "--": two marks


def test_a_column_of_nils_whose_only_reading_is_a_nil_is_a_value_column() -> None:
    """Level 1 holds nothing but nils; the OCR read one of them ("$—"): the others are dashes too."""
    rows = [["", "Level 1", "Total"], ["Money market funds", "$—", "$2,010"], ["U.S. treasury bonds", "—", "116,835"]]
    image, cells = _page(rows, ruled=False, read=frozenset({(1, 1)}))
    assert found_dashes(cells, 1, image, SCALE) == 1
    assert {(c.row, c.col): c.text for c in cells}[(2, 1)] == DASH_TEXT


def test_a_dash_beside_a_label_running_into_its_cell_or_past_the_table_border_is_found() -> None:
    """The longest label runs on into the first value column's cell (the cell's ink holds its last letters, which
    the OCR read as the label's word), and the last row's cell reaches below the table's bottom ruling (the grid
    box is taller than the ruled table, so the ruling no longer crosses the whole cell): the dashes are found."""
    rows = [
        ["", "2019", "2018"],
        ["Additions based on positions taken in the year", "—", "(2,545)"],
        ["Exercisable at 31 March", "721,269", "—"],
    ]
    image, cells = _page(rows, ruled=True)
    label = next(c for c in cells if (c.row, c.col) == (1, 0))
    assert label.words[0].x1 > next(c for c in cells if (c.row, c.col) == (1, 1)).x0 + 8  # it does run on
    for c in cells:
        if c.row == 2:
            c.y1 += 15 * SCALE
    assert found_dashes(cells, 1, image, SCALE) == 2
    got = {(c.row, c.col): c.text for c in cells}
    assert got[(1, 1)] == DASH_TEXT and got[(2, 2)] == DASH_TEXT
