"""Header rows of a model-read table: the model's own header (SLANet's thead) may stop at its first row; the text
rules still add the rows below it that are header (years under a spanning label, under a blank stub)."""

from __future__ import annotations

from tablerag.model import BBox
from tablerag.parsing.found import FoundTable
from tablerag.parsing.grid import GridCell, Word
from tablerag.parsing.image import to_table, to_tables

COL_W, ROW_H = 80.0, 14.0


def _cell(row: int, col: int, text: str, col_span: int = 1) -> GridCell:
    x0, y0 = col * COL_W, row * ROW_H
    x1, y1 = x0 + col_span * COL_W, y0 + ROW_H
    words = [Word(x0 + 2 + 20 * i, y0 + 2, x0 + 18 + 20 * i, y1 - 2, w) for i, w in enumerate(text.split())]
    return GridCell(row, col, x0, y0, x1, y1, col_span=col_span, words=words)


def _scanned_table(model_header_rows: int | None) -> FoundTable:
    cells = [
        _cell(0, 0, ""),
        _cell(0, 1, "Domestic", col_span=2),
        _cell(0, 3, "International", col_span=2),
        _cell(1, 0, ""),
        *(_cell(1, c, y) for c, y in zip(range(1, 5), ["2019", "2018", "2019", "2018"], strict=True)),
        _cell(2, 0, "Discount rate"),
        *(_cell(2, c, v) for c, v in zip(range(1, 5), ["4.00%", "3.75%", "1.90%", "2.80%"], strict=True)),
        _cell(3, 0, "Expected return"),
        *(_cell(3, c, v) for c, v in zip(range(1, 5), ["5.10%", "5.60%", "3.40%", "3.70%"], strict=True)),
    ]
    return FoundTable(BBox(0, 0, 5 * COL_W, 4 * ROW_H), 4, 5, cells, "onnx-slanet", 0.9, model_header_rows)


def test_years_under_a_spanning_label_join_a_one_row_model_header() -> None:
    table = to_table(_scanned_table(1), "scan.png", "0" * 64, 1, 0)
    assert table.header_rows == 2
    assert table.column_headers[1] == ["Domestic", "2019"]
    assert table.column_headers[4] == ["International", "2018"]
    first = next(c for c in table.cells if c.row == 2 and c.col == 1)
    assert not first.is_header and first.value is not None


def test_a_model_header_deeper_than_the_text_rules_stops_above_the_first_row_of_numbers() -> None:
    """The model's header is kept where deeper than the text rules', but not into "Discount rate | 4.00% | ...": a
    row of values is body (SLANet's thead reached into the body)."""
    assert to_table(_scanned_table(3), "scan.png", "0" * 64, 1, 0).header_rows == 2
    assert to_table(_scanned_table(4), "scan.png", "0" * 64, 1, 0).header_rows == 2


def test_indented_stub_labels_of_a_scanned_table_give_the_section_levels() -> None:
    """The cells of a scanned table are its grid's slots (every stub cell spans the stub column), so only the words
    show the indentation: a top-level section after nested ones closes them all."""
    rows = [
        ("Characteristic", 0, "Units"),
        ("Sex, by race", 0, ""),
        ("Male", 1, ""),
        ("White", 2, "45,116"),
        ("Female", 1, ""),
        ("White", 2, "33,628"),
        ("Annual income", 0, ""),
        ("Under 25,000", 1, "46,912"),
    ]
    cells = []
    for r, (label, indent, value) in enumerate(rows):
        y0, y1 = r * ROW_H, (r + 1) * ROW_H
        x = 2 + 10 * indent
        words = [Word(x + 30 * i, y0 + 2, x + 26 + 30 * i, y1 - 2, w) for i, w in enumerate(label.split())]
        cells.append(GridCell(r, 0, 0, y0, 2 * COL_W, y1, words=words))
        value_words = [Word(2 * COL_W + 40, y0 + 2, 2 * COL_W + 70, y1 - 2, value)] if value else []
        cells.append(GridCell(r, 1, 2 * COL_W, y0, 3 * COL_W, y1, words=value_words))
    found = FoundTable(BBox(0, 0, 3 * COL_W, len(rows) * ROW_H), len(rows), 2, cells, "onnx-slanet", 0.9, 1)
    table = to_table(found, "scan.png", "0" * 64, 1, 0)
    assert table.row_headers[3] == ["Sex, by race", "Male", "White"]
    assert table.row_headers[5] == ["Sex, by race", "Female", "White"]
    assert table.row_headers[7] == ["Annual income", "Under 25,000"]


def test_a_label_placed_by_its_right_edge_is_not_widened_over_the_neighbouring_group() -> None:
    """ "Financial liabilities" flush right over its narrow 2019 column overhangs the 2018 column of "Assets": the
    grid put it in its own column's slot, and the centred-label rule must not read its centre as a label over both."""
    edges = [0.0, 80.0, 120.0, 160.0, 200.0, 240.0]

    def cell(row: int, col: int, text: str, x0: float | None = None, x1: float | None = None) -> GridCell:
        a, b = edges[col], edges[col + 1]
        words = [
            Word(a + 10 if x0 is None else x0, row * ROW_H + 2, b - 10 if x1 is None else x1, row * ROW_H + 12, text)
        ]
        return GridCell(row, col, a, row * ROW_H, b, (row + 1) * ROW_H, words=words if text else [])

    cells = [cell(0, 0, ""), cell(0, 1, "Assets"), cell(0, 2, ""), cell(0, 3, "Financial liabilities", 132, 186)]
    cells += [cell(0, 4, ""), cell(1, 0, "")]
    cells += [cell(1, k, y) for k, y in zip(range(1, 5), ["2019", "2018", "2019", "2018"], strict=True)]
    cells += [cell(2, 0, "Opening balance", 2, 70)]
    cells += [cell(2, k, v) for k, v in zip(range(1, 5), ["77,131", "100,107", "2,154", "2,013"], strict=True)]
    found = FoundTable(BBox(0, 0, 240, 3 * ROW_H), 3, 5, cells, "onnx-slanet", 0.9, 2)
    table = to_table(found, "scan.png", "0" * 64, 1, 0)
    assert table.column_headers[2] == ["Assets", "2018"]
    assert table.column_headers[3] == ["Financial liabilities", "2019"]
    assert table.column_headers[4] == ["Financial liabilities", "2018"]


def test_a_header_stacked_inside_a_scanned_table_starts_a_table_of_its_own() -> None:
    """A quarterly statement of two years read as one grid: the 2018 block's period label and repeated quarters sit
    in the body. Its rows are cut off as a table under that block's header, as the PDF and CSV readers cut it, so
    the two "Gross margin" rows are no longer alike."""
    grid = [
        ["", "Fiscal 2019", "", ""],
        ["", "First", "Second", "Total"],
        ["Revenues", "94,888", "96,037", "190,925"],
        ["Gross margin", "40.1%", "41.5%", "40.8%"],
        ["", "Fiscal 2018", "", ""],
        ["", "First", "Second", "Total"],
        ["Revenues", "88,081", "89,767", "177,848"],
        ["Gross margin", "42.5%", "41.0%", "41.7%"],
    ]
    cells = [
        _cell(r, c, text, col_span=3) if text.startswith("Fiscal") else _cell(r, c, text)
        for r, row in enumerate(grid)
        for c, text in enumerate(row)
        if not (text == "" and c > 0 and grid[r][1].startswith("Fiscal"))
    ]
    found = FoundTable(BBox(0, 0, 4 * COL_W, 8 * ROW_H), 8, 4, cells, "onnx-slanet", 0.9, 1)
    tables = to_tables(found, "scan.png", "0" * 64, 1, 0)
    assert [t.n_rows for t in tables] == [4, 4]
    assert [t.table_no for t in tables] == [0, 1]
    assert tables[0].column_headers[2] == ["Fiscal 2019", "Second"]
    assert tables[1].column_headers[2] == ["Fiscal 2018", "Second"]
    assert tables[1].row_headers[3] == ["Gross margin"]
