"""Columns a structure model drew inside a scanned table's columns (hand-made detections and words, no model, no
OCR): a column that holds no text of its own is merged into its neighbour, so the stub is found and rows named."""

from __future__ import annotations

from tablerag.model import BBox
from tablerag.parsing.found import FoundTable
from tablerag.parsing.grid import Word
from tablerag.parsing.image import to_table
from tablerag.parsing.scan_grid import grid_by_phrases
from tablerag.parsing.tatr_grid import Detection, Label

BOX = BBox(0, 0, 200, 60)
ROWS = [(0, 10), (10, 20), (20, 30), (30, 40), (40, 50), (50, 60)]
# the model's columns: the year stub split at 40 (the white space right of short labels), "Total" at 60-130
COLUMNS = [(0, 40), (40, 60), (60, 130), (130, 200)]


def _dets() -> list[Detection]:
    dets = [Detection(Label.TABLE, 0.9, BOX)]
    dets += [Detection(Label.ROW, 0.9, BBox(0, a, 200, b)) for a, b in ROWS]
    dets += [Detection(Label.COLUMN, 0.9, BBox(a, 0, b, 60)) for a, b in COLUMNS]
    for a, b in ROWS[2:4] + ROWS[5:]:  # each year label boxed as a cell over the first two columns
        dets.append(Detection(Label.SPANNING_CELL, 0.9, BBox(0, a, 60, b)))
    for a, b in (ROWS[1], ROWS[4]):  # the section rows over every column but the last
        dets.append(Detection(Label.SPANNING_CELL, 0.9, BBox(0, a, 130, b)))
    return dets


def _words() -> list[Word]:
    def w(x: float, row: int, text: str, line: int) -> Word:
        return Word(x, ROWS[row][0] + 2, x + 6 * len(text), ROWS[row][1] - 2, text, 0, line)

    return [
        w(5, 0, "Year", 0), w(100, 0, "Total", 0), w(160, 0, "Public", 0),
        w(5, 1, "Actual", 1),
        w(5, 2, "2009", 2), w(100, 2, "15.0", 2), w(160, 2, "15.4", 2),
        w(5, 3, "2010", 3), w(100, 3, "15.0", 3), w(160, 3, "15.2", 3),
        w(5, 4, "Projected", 4),
        w(5, 5, "2011", 5), w(100, 5, "14.9", 5), w(160, 5, "15.2", 5),
    ]  # fmt: skip


def test_columns_without_text_of_their_own_merge_into_their_neighbours() -> None:
    grid, left = grid_by_phrases(_dets(), _words(), BOX, 0.9)
    assert not left
    assert grid.n_cols == 3  # the stub's second column is gone; text columns all stay
    assert all(c.col_span == 1 for c in grid.cells if c.row not in (1, 4))
    text = {(c.row, c.col): c.text for c in grid.cells if c.words}
    assert text[(2, 0)] == "2009" and text[(2, 1)] == "15.0" and text[(5, 2)] == "15.2"
    assert grid.col_edges == [0, 60, 130, 200]


def test_rows_under_section_labels_are_named_by_their_year_stub() -> None:
    grid, _ = grid_by_phrases(_dets(), _words(), BOX, 0.9)
    found = FoundTable(grid.box, grid.n_rows, grid.n_cols, grid.cells, "onnx-slanet", 0.9, 1)
    table = to_table(found, "scan.png", "0" * 64, 1, 0)
    assert table.row_headers[3] == ["Actual", "2010"]
    assert table.row_headers[5] == ["Projected", "2011"]


def test_a_column_with_text_of_its_own_stays() -> None:
    """A group label over two columns that each hold values: both columns are kept."""
    dets = [Detection(Label.TABLE, 0.9, BOX)]
    dets += [Detection(Label.ROW, 0.9, BBox(0, a, 200, b)) for a, b in ROWS[:3]]
    dets += [Detection(Label.COLUMN, 0.9, BBox(a, 0, b, 60)) for a, b in [(0, 60), (60, 130), (130, 200)]]
    dets.append(Detection(Label.SPANNING_CELL, 0.9, BBox(60, 0, 200, 10)))
    words = [
        Word(120, 2, 160, 8, "Assets", 0, 0),
        Word(90, 12, 114, 18, "2019", 0, 1), Word(160, 12, 184, 18, "2018", 0, 1),
        Word(5, 22, 35, 28, "Cash", 0, 2), Word(90, 22, 114, 28, "12.5", 0, 2), Word(160, 22, 184, 28, "11.0", 0, 2),
    ]  # fmt: skip
    grid, _ = grid_by_phrases(dets, words, BOX, 0.9)
    assert grid.n_cols == 3
    assert any(c.col == 1 and c.col_span == 2 and c.text == "Assets" for c in grid.cells)


def _header_dets(spanning: BBox) -> list[Detection]:
    """Seven columns (a stub and two groups of three), three rows; the model's header cell `spanning`."""
    box = BBox(0, 0, 350, 30)
    dets = [Detection(Label.TABLE, 0.9, box)]
    dets += [Detection(Label.ROW, 0.9, BBox(0, 10 * r, 350, 10 * r + 10)) for r in range(3)]
    dets += [Detection(Label.COLUMN, 0.9, BBox(50 * k, 0, 50 * k + 50, 30)) for k in range(7)]
    return [
        *dets,
        Detection(Label.SPANNING_CELL, 0.9, spanning),
        Detection(Label.COLUMN_HEADER, 0.9, BBox(0, 0, 350, 20)),
    ]


def _group_words() -> list[Word]:
    def w(x0: float, x1: float, row: int, text: str) -> Word:
        return Word(x0, 10 * row + 2, x1, 10 * row + 8, text, 0, row)

    out = [w(90, 160, 0, "Coronary heart disease"), w(262, 288, 0, "Stroke")]  # centred over cols 1-3 and 4-6
    for g in (0, 1):
        out += [w(60 + 150 * g, 80 + 150 * g, 1, "No."), w(110 + 150 * g, 130 + 150 * g, 1, "Rate")]
        out += [w(160 + 150 * g, 190 + 150 * g, 1, "(95% CI)")]
    out += [w(5, 30, 2, "Female")]
    for k in range(1, 7):
        out.append(w(50 * k + 10, 50 * k + 40, 2, f"{k}.5"))
    return out


def test_two_group_labels_in_one_spanning_header_cell_are_cut_apart() -> None:
    grid, _ = grid_by_phrases(_header_dets(BBox(0, 0, 350, 10)), _group_words(), BBox(0, 0, 350, 30), 0.9)
    top = {c.text: (c.col, c.col_span) for c in grid.cells if c.row == 0 and c.words}
    # the wide label spans the columns it reaches (`spanned_header_phrases`); the short one stays in its middle column
    assert top == {"Coronary heart disease": (1, 3), "Stroke": (5, 1)}
    assert not any(c.row == 0 and c.col_span == 7 for c in grid.cells)


def test_a_group_label_centred_over_its_sub_labels_heads_them_all() -> None:
    grid, _ = grid_by_phrases(_header_dets(BBox(0, 0, 350, 10)), _group_words(), BBox(0, 0, 350, 30), 0.9)
    found = FoundTable(grid.box, grid.n_rows, grid.n_cols, grid.cells, "onnx-slanet", 0.9, 2)
    table = to_table(found, "scan.png", "0" * 64, 1, 0)
    assert table.column_headers[1] == ["Coronary heart disease", "No."]
    assert table.column_headers[3] == ["Coronary heart disease", "(95% CI)"]
    assert table.column_headers[4] == ["Stroke", "No."]
    assert table.column_headers[6] == ["Stroke", "(95% CI)"]


def test_a_header_cell_spanning_down_gives_the_first_body_row_its_label_and_value() -> None:
    """The model spans the stub's header and a column's header down over the first body row: that row's label and
    value share a text line with its other values and go back to it; the model's header stops above it."""
    box = BBox(0, 0, 200, 40)
    dets = [Detection(Label.TABLE, 0.9, box)]
    dets += [Detection(Label.ROW, 0.9, BBox(0, 10 * r, 200, 10 * r + 10)) for r in range(4)]
    dets += [Detection(Label.COLUMN, 0.9, BBox(a, 0, b, 40)) for a, b in [(0, 60), (60, 130), (130, 200)]]
    dets += [
        Detection(Label.SPANNING_CELL, 0.9, BBox(0, 0, 60, 30)),
        Detection(Label.SPANNING_CELL, 0.9, BBox(130, 0, 200, 30)),
    ]
    dets.append(Detection(Label.COLUMN_HEADER, 0.9, BBox(0, 0, 200, 30)))

    def w(x: float, row: int, text: str) -> Word:
        return Word(x, 10 * row + 2, x + 6 * len(text), 10 * row + 8, text, 0, row)

    words = [w(5, 0, "Category"), w(70, 0, "2005"), w(140, 0, "Difference"), w(70, 1, "Estimate")]
    words += [w(5, 2, "All"), w(25, 2, "people"), w(70, 2, "18.6"), w(140, 2, "-0.5")]
    words += [w(5, 3, "Male"), w(70, 3, "17.9"), w(140, 3, "-0.3")]
    grid, _ = grid_by_phrases(dets, words, box, 0.9)
    text = {(c.row, c.col): c.text for c in grid.cells if c.words}
    assert text[(0, 0)] == "Category" and text[(2, 0)] == "All people" and text[(2, 2)] == "-0.5"
    assert text[(0, 2)] == "Difference"
    found = FoundTable(grid.box, grid.n_rows, grid.n_cols, grid.cells, "onnx-slanet", 0.9, 3)  # the model's header
    table = to_table(found, "scan.png", "0" * 64, 1, 0)
    assert table.header_rows == 2
    assert table.row_headers[2] == ["All people"]


def test_words_of_one_group_label_boxed_apart_stay_one_label_over_its_sub_labels() -> None:
    """ "Mexican American" over "% | SE": two OCR boxes a little more than a word space apart, the model's cell
    spanning both columns, sub-labels below: one label over both columns, not one word each."""
    box = BBox(0, 0, 150, 30)
    dets = [Detection(Label.TABLE, 0.9, box)]
    dets += [Detection(Label.ROW, 0.9, BBox(0, 10 * r, 150, 10 * r + 10)) for r in range(3)]
    dets += [Detection(Label.COLUMN, 0.9, BBox(50 * k, 0, 50 * k + 50, 30)) for k in range(3)]
    dets += [
        Detection(Label.SPANNING_CELL, 0.9, BBox(50, 0, 150, 10)),
        Detection(Label.COLUMN_HEADER, 0.9, BBox(0, 0, 150, 20)),
    ]
    words = [Word(62, 2, 97, 8, "Mexican", 0, 0), Word(101, 2, 141, 8, "American", 0, 1)]  # 4 pt apart, 6 pt high
    words += [Word(70, 12, 80, 18, "%", 0, 2), Word(120, 12, 132, 18, "SE", 0, 2)]
    words += [
        Word(5, 22, 40, 28, "Age 20", 0, 3),
        Word(70, 22, 90, 28, "12.5", 0, 3),
        Word(120, 22, 135, 28, "0.4", 0, 3),
    ]
    grid, _ = grid_by_phrases(dets, words, box, 0.9)
    top = [(c.col, c.col_span, c.text) for c in grid.cells if c.row == 0 and c.words]
    assert top == [(1, 2, "Mexican American")]


def test_a_body_label_wrapped_over_the_two_rows_it_names_stays_one_cell() -> None:
    """ "Chronic illness and / chronic pain" spans the "Count" and "Percentage" rows: its second line shares a text
    line with the second row's values, but it starts below the model's header, so it is one label, not two."""
    box = BBox(0, 0, 200, 30)
    dets = [Detection(Label.TABLE, 0.9, box)]
    dets += [Detection(Label.ROW, 0.9, BBox(0, 10 * r, 200, 10 * r + 10)) for r in range(3)]
    dets += [Detection(Label.COLUMN, 0.9, BBox(a, 0, b, 30)) for a, b in [(0, 80), (80, 140), (140, 200)]]
    dets += [
        Detection(Label.SPANNING_CELL, 0.9, BBox(0, 10, 80, 30)),
        Detection(Label.COLUMN_HEADER, 0.9, BBox(0, 0, 200, 10)),
    ]

    def w(x: float, row: int, text: str) -> Word:
        return Word(x, 10 * row + 2, x + 3.5 * len(text), 10 * row + 8, text, 0, row)

    words = [w(90, 0, "Unit"), w(150, 0, "Quite a lot"), w(2, 1, "Chronic illness and"), w(90, 1, "Count")]
    words += [w(150, 1, "19"), w(2, 2, "chronic pain"), w(90, 2, "Percentage"), w(150, 2, "4.1%")]
    grid, _ = grid_by_phrases(dets, words, box, 0.9)
    label = next(c for c in grid.cells if c.col == 0 and c.words and c.row == 1)
    assert label.row_span == 2 and label.text == "Chronic illness and\nchronic pain"
