"""Rows of a scanned table the structure model took together (hand-made detections and words, no model, no OCR)."""

from __future__ import annotations

from tablerag.model import BBox
from tablerag.parsing.grid import Word
from tablerag.parsing.scan_grid import grid_by_phrases, rows_from_tops, without_prose_rows
from tablerag.parsing.tatr_grid import Detection, Label, grid_from_detections

BOX = BBox(0, 0, 300, 60)


def _dets(rows: list[tuple[float, float]]) -> list[Detection]:
    dets = [Detection(Label.TABLE, 0.9, BOX)]
    dets += [Detection(Label.ROW, 0.9, BBox(0, a, 300, b)) for a, b in rows]
    dets += [Detection(Label.COLUMN, 0.9, BBox(x, 0, x + 90, 60)) for x in (0, 110, 210)]
    return dets


def _word(x: float, cy: float, text: str) -> Word:
    return Word(x, cy - 4, x + 40, cy + 4, text)


def _grid(words: list[Word], rows: list[tuple[float, float]]) -> dict[tuple[int, int], str]:
    grid, _ = grid_from_detections(rows_from_tops(_dets(rows), words), words, BOX)
    return {(c.row, c.col): c.text for c in grid.cells}


def test_a_total_row_without_a_label_under_its_values_is_a_row_of_its_own() -> None:
    """The model gave one row to "Discontinued operations 91.9 80.1" and the unlabelled total "206.2 190.4" under it
    (no ruling between): two values stacked in one cell are two rows."""
    words = [
        _word(5, 8, "Continuing"),
        _word(150, 8, "114.3"),
        _word(250, 8, "110.3"),
        _word(5, 28, "Discontinued"),
        _word(150, 28, "91.9"),
        _word(250, 28, "80.1"),
        _word(150, 42, "206.2"),  # the total, no label
        _word(250, 42, "190.4"),
    ]
    got = _grid(words, [(2, 14), (22, 34)])
    assert got[(1, 1)] == "91.9" and got[(2, 1)] == "206.2" and got[(2, 2)] == "190.4" and got[(2, 0)] == ""


def test_a_label_wrapped_over_two_lines_beside_its_value_stays_one_row() -> None:
    words = [
        _word(5, 8, "Assets related to"),
        _word(150, 8, "35,842"),
        _word(5, 20, "compensation"),
        _word(5, 40, "Other"),
        _word(150, 40, "18,111"),
    ]
    got = _grid(words, [(2, 14), (34, 46)])
    assert got[(0, 0)] == "Assets related to\ncompensation" and got[(0, 1)] == "35,842" and got[(1, 1)] == "18,111"


def test_two_numbers_side_by_side_in_one_column_are_two_columns() -> None:
    """The model drew one column over "2019 2018" and "4,466 2,154" (the text detector boxed each pair as one
    line): two numbers apart on one line are two values, so the column splits at the gap between them."""
    box = BBox(0, 0, 300, 60)
    dets = [Detection(Label.TABLE, 0.9, box), Detection(Label.COLUMN, 0.9, BBox(0, 0, 120, 60))]
    dets += [Detection(Label.COLUMN, 0.9, BBox(150, 0, 300, 60))]
    dets += [Detection(Label.ROW, 0.9, BBox(0, a, 300, a + 14)) for a in (2, 22, 42)]
    words = [
        Word(150, 4, 230, 12, "2019 2018", 0, 0),  # 9 characters, the gap at the 5th
        Word(5, 24, 100, 32, "Financial liabilities", 0, 1),
        Word(150, 24, 260, 32, "4,466 2,154", 0, 2),
        Word(5, 44, 60, 52, "Deposits", 0, 3),
        Word(170, 44, 198, 52, "917", 0, 4),  # a lone value of the first of the two
        Word(250, 44, 260, 52, "12", 0, 5),
    ]
    grid, _ = grid_by_phrases(dets, words, box, 0.9)
    got = {(c.row, c.col): c.text for c in grid.cells}
    assert grid.n_cols == 3
    assert (got[(0, 1)], got[(0, 2)], got[(1, 1)], got[(1, 2)]) == ("2019", "2018", "4,466", "2,154")
    assert got[(2, 2)] == "12"


def test_values_side_by_side_in_one_column_split_at_each_gap() -> None:
    """The model drew one column over a year, a salary, a bonus and a stock award (a wide table's narrow columns):
    the lines of values split it at each of their gaps, not only at the middle one; a line with a dash for the
    bonus (no number) gives no gaps, its cells fall where the cuts are."""
    box = BBox(0, 0, 440, 80)
    dets = [Detection(Label.TABLE, 0.9, box), Detection(Label.COLUMN, 0.9, BBox(0, 0, 140, 80))]
    dets += [Detection(Label.COLUMN, 0.9, BBox(150, 0, 440, 80))]
    dets += [Detection(Label.ROW, 0.9, BBox(0, a, 440, a + 14)) for a in (2, 22, 42, 62)]
    names = ("Townsend", "Whitfield", "Osei", "Caldera")
    words = [Word(5, 4 + 20 * k, 100, 12 + 20 * k, name, 0, k) for k, name in enumerate(names)]
    lines = (
        ("2017", "850,000", "250,000", "3,900,110"),
        ("2017", "475,000", "75,000", "1,200,050"),
        ("2018", "460,000", "100,000", "1,250,300"),
    )
    for k, (year, salary, bonus, award) in enumerate(lines):
        y = 4 + 20 * k
        words += [Word(160, y, 185, y + 8, year, 1, k), Word(230, y, 270, y + 8, salary, 1, k)]
        words += [Word(330 - 5 * len(bonus), y, 330, y + 8, bonus, 1, k), Word(380, y, 430, y + 8, award, 1, k)]
    words += [Word(160, 64, 185, 72, "2019", 1, 3), Word(230, 64, 270, 72, "410,000", 1, 3)]
    words += [Word(322, 64, 330, 72, "—", 1, 3), Word(380, 64, 430, 72, "1,100,060", 1, 3)]
    grid, _ = grid_by_phrases(dets, words, box, 0.9)
    got = {(c.row, c.col): c.text for c in grid.cells}
    assert grid.n_cols == 5, got
    assert [got[(0, c)] for c in range(1, 5)] == ["2017", "850,000", "250,000", "3,900,110"]
    assert [got.get((3, c), "") for c in range(1, 5)] == ["2019", "410,000", "—", "1,100,060"]


def test_a_year_and_its_footnote_mark_or_a_range_label_stay_in_one_column() -> None:
    """Numbers beside words ("12 -19 years", an age band) or a one-digit footnote mark are no missed column."""
    box = BBox(0, 0, 300, 40)
    dets = [Detection(Label.TABLE, 0.9, box), Detection(Label.COLUMN, 0.9, BBox(0, 0, 120, 40))]
    dets += [Detection(Label.COLUMN, 0.9, BBox(150, 0, 300, 40))]
    dets += [Detection(Label.ROW, 0.9, BBox(0, a, 300, a + 14)) for a in (2, 22)]
    words = [Word(150, 4, 230, 12, "2018 (4)", 0, 0), Word(5, 24, 60, 32, "Revenue", 0, 1)]
    words += [Word(200, 24, 260, 32, "39,383", 0, 2)]
    grid, _ = grid_by_phrases(dets, words, box, 0.9)
    assert grid.n_cols == 2 and {(c.row, c.col): c.text for c in grid.cells}[(0, 1)] == "2018 (4)"
    ages = [Word(5, 24, 20, 32, "12", 0, 1), Word(30, 24, 50, 32, "-19", 0, 2), Word(52, 24, 80, 32, "years", 0, 3)]
    grid, _ = grid_by_phrases(dets, [*words[:1], *ages, words[-1]], box, 0.9)
    assert grid.n_cols == 2 and {(c.row, c.col): c.text for c in grid.cells}[(1, 0)] == "12 -19 years"


def test_the_paragraph_above_taken_into_the_table_goes_back_to_the_prose() -> None:
    """The layout box reached up into the paragraph above: its last line became a first row of one long cell."""
    box = BBox(0, 0, 300, 60)
    dets = [Detection(Label.TABLE, 0.9, box)]
    dets += [Detection(Label.COLUMN, 0.9, BBox(x, 0, x + 90, 60)) for x in (0, 110, 210)]
    dets += [Detection(Label.ROW, 0.9, BBox(0, a, 300, a + 14)) for a in (2, 22, 42)]
    prose = "adjusted for impairment if we determine that indicators of impairment exist at any point in time."
    words = [Word(5 + 10 * i, 4, 13 + 10 * i, 12, t, 0, 0) for i, t in enumerate(prose.split())]
    words += [Word(150, 24, 180, 32, "2019", 1, 0), Word(250, 24, 280, 32, "2018", 1, 1)]
    words += [Word(5, 44, 60, 52, "Deferred", 2, 0), Word(150, 44, 180, 52, "87,011", 2, 1)]
    words += [Word(250, 44, 280, 52, "64,858", 2, 2)]
    grid, _ = grid_by_phrases(dets, words, box, 0.9)
    trimmed, left = without_prose_rows(grid)
    got = {(c.row, c.col): c.text for c in trimmed.cells}
    assert trimmed.n_rows == 2 and got[(0, 1)] == "2019" and got[(1, 2)] == "64,858"
    assert " ".join(w.text for w in left) == prose
    title = "Consolidated statements of operations for the years ended December 31"  # no full stop: a title row
    words = [Word(5 + 10 * i, 4, 13 + 10 * i, 12, t, 0, 0) for i, t in enumerate(title.split())] + words[-5:]
    grid, _ = grid_by_phrases(dets, words, box, 0.9)
    assert without_prose_rows(grid)[0].n_rows == 3


def test_a_paragraph_line_running_past_the_last_column_still_goes_back_to_the_prose() -> None:
    """The paragraph above taken into the table, one of its lines longer than the table is wide: the end of that
    line ("$3.9") fell into a column of its own. The row is still the paragraph's, and so are its words."""
    box = BBox(0, 0, 300, 60)
    dets = [Detection(Label.TABLE, 0.9, box)]
    dets += [Detection(Label.COLUMN, 0.9, BBox(x, 0, x + 90, 60)) for x in (0, 110, 210)]
    dets += [Detection(Label.ROW, 0.9, BBox(0, a, 300, a + 14)) for a in (2, 22, 42)]
    prose = "Our segment costs increased for the year. This increase primarily resulted from"
    words = [Word(5 + 10 * i, 4, 13 + 10 * i, 12, t, 0, 0) for i, t in enumerate(prose.split())]
    words += [Word(250, 4, 275, 12, "$3.9", 0, 1)]
    words += [Word(150, 24, 180, 32, "2019", 1, 0), Word(250, 24, 280, 32, "2018", 1, 1)]
    words += [Word(5, 44, 60, 52, "Deferred", 2, 0), Word(150, 44, 180, 52, "87,011", 2, 1)]
    words += [Word(250, 44, 280, 52, "64,858", 2, 2)]
    grid, _ = grid_by_phrases(dets, words, box, 0.9)
    trimmed, left = without_prose_rows(grid)
    got = {(c.row, c.col): c.text for c in trimmed.cells}
    assert trimmed.n_rows == 2 and got[(0, 1)] == "2019" and got[(0, 2)] == "2018"
    assert " ".join(w.text for w in left) == prose + " $3.9"
    # a value on a line of its own beside a long label is a table row, not a paragraph's run-on
    words[len(prose.split())] = Word(250, 14, 275, 22, "$3.9", 0, 1)
    grid, _ = grid_by_phrases(dets, words, box, 0.9)
    assert without_prose_rows(grid)[0].n_rows == 3


def test_a_row_edge_through_a_text_line_leaves_the_label_with_its_values() -> None:
    """The model's rows drifted: an edge at y=30.2 runs through the line "Continuing operations 113.6 123.1", whose
    label the text detector boxed a little lower (centre 30.35) than its numbers (30.05). The label stays in the
    row of its values; the row below keeps its own."""
    box = BBox(0, 0, 300, 60)
    dets = [Detection(Label.TABLE, 0.9, box)]
    dets += [Detection(Label.COLUMN, 0.9, BBox(x, 0, x + 90, 60)) for x in (0, 110, 210)]
    dets += [Detection(Label.ROW, 0.9, BBox(0, a, 300, b)) for a, b in ((0, 17), (17, 30.2), (30.2, 43), (43, 60))]
    words = [
        Word(5, 4, 100, 16, "Diluted earnings per share", 0, 0),
        Word(5, 25.1, 100, 35.6, "Continuing operations", 0, 1),
        Word(150, 22.6, 190, 37.5, "113.6", 0, 2),
        Word(250, 22.6, 290, 37.5, "123.1", 0, 3),
        Word(5, 40, 100, 51, "Discontinued operations", 0, 4),
        Word(150, 38.5, 190, 52.5, "91.3", 0, 5),
        Word(250, 38.5, 290, 52.5, "9.2", 0, 6),
    ]
    grid, _ = grid_by_phrases(dets, words, box, 0.9)
    rows = [[c.text for c in grid.cells if c.row == r] for r in range(grid.n_rows)]
    assert ["Continuing operations", "113.6", "123.1"] in rows
    assert ["Discontinued operations", "91.3", "9.2"] in rows
    assert all(isinstance(w, Word) and w in words for c in grid.cells for w in c.words)  # the original words


def test_rows_beside_a_label_wrapped_between_them_are_not_levelled_into_one() -> None:
    """A dense table: three value rows 10 pt apart and, beside them, a label wrapped over two lines that sit between
    the rows. Text lines chain over all of it; they are no one text line, so the values keep their rows."""
    box = BBox(0, 0, 300, 30)
    dets = [Detection(Label.TABLE, 0.9, box)]
    dets += [Detection(Label.COLUMN, 0.9, BBox(x, 0, x + 90, 30)) for x in (0, 110)]
    dets += [Detection(Label.ROW, 0.9, BBox(0, a, 300, a + 10)) for a in (0, 10, 20)]
    words = [Word(150, 10 * k, 190, 10 * k + 10, v, 0, k) for k, v in enumerate(("30%", "15%", "8%"))]
    words += [Word(5, 5, 80, 15, "Frequency of", 0, 5), Word(5, 15, 80, 25, "opportunity", 0, 6)]
    grid, _ = grid_by_phrases(dets, words, box, 0.9)
    assert {(c.row, c.col): c.text for c in grid.cells if c.col == 1} == {(0, 1): "30%", (1, 1): "15%", (2, 1): "8%"}
