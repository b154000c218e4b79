"""Structure objects fitted to the words of a scanned table (no model, no OCR: hand-made detections and words)."""

from __future__ import annotations

from tablerag.model import BBox
from tablerag.parsing.grid import Word
from tablerag.parsing.scan_grid import NOTE_MIN_WORDS, grid_by_phrases, phrases, rows_from_tops, without_note_row
from tablerag.parsing.tatr_grid import Detection, Label, grid_from_detections


def _word(x: float, cy: float, text: str) -> Word:
    return Word(x, cy - 4, x + 30, cy + 4, text)


def _table(rows: list[tuple[float, float]]) -> list[Detection]:
    box = BBox(0, 0, 200, 80)
    dets = [Detection(Label.TABLE, 0.9, box)]
    dets += [Detection(Label.ROW, 0.9, BBox(0, a, 200, b)) for a, b in rows]
    dets += [Detection(Label.COLUMN, 0.9, BBox(0, 0, 90, 80)), Detection(Label.COLUMN, 0.9, BBox(110, 0, 200, 80))]
    return dets


def test_second_line_of_a_two_line_cell_stays_in_its_row() -> None:
    """Rows one text line high, a little above their text: the second line of the first row's label lies nearer the
    next row's middle; fitted to the words, each row runs down to the next row's top and keeps it."""
    dets = _table([(0, 10), (30, 40), (60, 70)])
    words = [
        _word(5, 8, "Maison"),
        _word(120, 8, "14.9%"),
        _word(5, 22, "(Douwe)"),  # the label's second line
        _word(5, 38, "Carte"),
        _word(120, 38, "17.0%"),
        _word(5, 68, "Lavazza"),
        _word(120, 68, "7.0%"),
    ]
    before, _ = grid_from_detections(dets, words, BBox(0, 0, 200, 80))
    assert {(c.row, c.col): c.text for c in before.cells}[(1, 0)] == "(Douwe)\nCarte"  # what went wrong
    after, _ = grid_from_detections(rows_from_tops(dets, words), words, BBox(0, 0, 200, 80))
    got = {(c.row, c.col): c.text for c in after.cells}
    assert got[(0, 0)] == "Maison\n(Douwe)" and got[(1, 0)] == "Carte" and got[(2, 1)] == "7.0%"


def test_a_source_note_in_the_last_row_leaves_the_table() -> None:
    dets = _table([(0, 20), (30, 50), (55, 75)])
    note = [Word(5 + 12 * i, 62, 15 + 12 * i, 70, f"w{i}") for i in range(NOTE_MIN_WORDS)]
    words = [_word(5, 10, "Year"), _word(120, 10, "Total"), _word(5, 40, "2004"), _word(120, 40, "34.7"), *note]
    grid, _ = grid_from_detections(dets, words, BBox(0, 0, 200, 80))
    trimmed, left = without_note_row(grid)
    assert trimmed.n_rows == 2 and left == note and all(c.row < 2 for c in trimmed.cells)
    grid, _ = grid_from_detections(dets, words[:-1], BBox(0, 0, 200, 80))  # a shorter last row is table data
    assert without_note_row(grid)[0].n_rows == 3


def _line(x: float, cy: float, texts: list[str], line: int, gap: float = 3.0) -> list[Word]:
    """Words of one OCR text line, 6 pt a character, `gap` apart."""
    out = []
    for t in texts:
        out.append(Word(x, cy - 5, x + 6 * len(t), cy + 5, t, 0, line))
        x += 6 * len(t) + gap
    return out


def test_a_number_split_by_a_column_edge_stays_in_one_cell() -> None:
    """A number with a space thousands separator read as three words ("1", "649", "692") straddling the edge the
    model drew between the columns at x=100: placed word by word, "1 649" fell into the label column; as one phrase
    it is one value."""
    dets = _table([(0, 20), (30, 50), (55, 75)])
    words = [_word(5, 10, "Total"), *_line(80, 10, ["1", "649", "692"], 1), _word(5, 40, "Men"), _word(120, 40, "5")]
    split, _ = grid_from_detections(dets, words, BBox(0, 0, 200, 80))
    assert {(c.row, c.col): c.text for c in split.cells}[(0, 0)] == "Total 1 649"  # what went wrong
    grid, left = grid_by_phrases(dets, words, BBox(0, 0, 200, 80), 0.9)
    got = {(c.row, c.col): c.text for c in grid.cells}
    assert got[(0, 0)] == "Total" and got[(0, 1)] == "1 649 692" and not left


def test_numbers_of_one_ocr_line_in_neighbouring_columns_stay_apart() -> None:
    """The text detector may box two close values as one line; two whole numbers are two values."""
    words = _line(40, 10, ["1,249,752", "1,364,492"], 1, gap=5.0)
    assert [[w.text for w in run] for run in phrases(words)] == [["1,249,752"], ["1,364,492"]]
    label = _line(5, 30, ["Labour", "market"], 2, gap=4.0) + _line(150, 30, ["12"], 2)
    assert [[w.text for w in run] for run in phrases(label)] == [["Labour", "market"], ["12"]]


def test_a_note_line_across_the_columns_is_one_cell_and_leaves_the_table() -> None:
    dets = _table([(0, 20), (30, 50), (55, 75)])
    note = _line(2, 65, [f"w{i}" for i in range(NOTE_MIN_WORDS)], 3)  # 8 short words from x=2 past x=100
    words = [_word(5, 10, "Year"), _word(120, 10, "Total"), _word(5, 40, "2004"), _word(120, 40, "34.7"), *note]
    grid, _ = grid_by_phrases(dets, words, BBox(0, 0, 200, 80), 0.9)
    trimmed, left = without_note_row(grid)
    assert trimmed.n_rows == 2 and left == note


def test_a_label_centred_over_two_columns_becomes_one_spanning_header_cell() -> None:
    """A label "September 30," over "2019 | 2018" (the model's header row, its slots one per column): placed word by word it
    was "September" | "30,"; as one phrase reaching into both columns it is one cell spanning them."""
    box = BBox(0, 0, 200, 60)
    dets = [Detection(Label.TABLE, 0.9, box), Detection(Label.COLUMN_HEADER, 0.9, BBox(0, 0, 200, 38))]
    dets += [Detection(Label.ROW, 0.9, BBox(0, a, 200, b)) for a, b in [(0, 18), (20, 38), (40, 58)]]
    dets += [Detection(Label.COLUMN, 0.9, BBox(a, 0, b, 60)) for a, b in [(0, 60), (70, 130), (140, 200)]]
    words = [
        *_line(90, 9, ["September", "30,"], 1),  # x 90..168, across the edge at x=135
        *_line(90, 29, ["2019"], 2),
        *_line(150, 29, ["2018"], 3),
        *_line(5, 49, ["Sales"], 4),
        *_line(90, 49, ["12"], 5),
        *_line(150, 49, ["11"], 6),
    ]
    split, _ = grid_from_detections(dets, words, box)
    assert [c.text for c in split.cells if c.row == 0] == ["", "September", "30,"]  # what went wrong
    grid, _ = grid_by_phrases(dets, words, box, 0.9)
    head = [c for c in grid.cells if c.row == 0 and c.text]
    assert [(c.text, c.col, c.col_span) for c in head] == [("September 30,", 1, 2)]
    assert {(c.row, c.col): c.text for c in grid.cells}[(1, 2)] == "2018"


def test_two_header_phrases_reaching_into_one_empty_slot_span_once() -> None:
    """Slots taken by one spanning phrase are not given to a second phrase reaching into them too."""
    box = BBox(0, 0, 200, 40)
    dets = [Detection(Label.TABLE, 0.9, box), Detection(Label.COLUMN_HEADER, 0.9, BBox(0, 0, 200, 18))]
    dets += [Detection(Label.ROW, 0.9, BBox(0, a, 200, b)) for a, b in [(0, 18), (20, 38)]]
    dets += [Detection(Label.COLUMN, 0.9, BBox(a, 0, b, 40)) for a, b in [(0, 60), (70, 125), (135, 200)]]
    words = [*_line(17, 9, ["Total", "sales"], 1), *_line(110, 9, ["Net", "sales"], 2)]  # both reach into column 1
    words += [*_line(5, 29, ["1"], 3), *_line(80, 29, ["2"], 4), *_line(150, 29, ["3"], 5)]
    grid, _ = grid_by_phrases(dets, words, box, 0.9)
    head = sorted((c.col, c.col_span, c.text) for c in grid.cells if c.row == 0)
    assert head == [(0, 2, "Total sales"), (2, 1, "Net sales")]


def test_a_label_listing_amounts_stays_one_phrase() -> None:
    """A row label ending in a list of amounts ("net of tax of $1, $11, and $4") was cut at its numbers into three
    phrases, the later ones placed in the value columns; numbers followed by a comma continue the label. Two plain
    values side by side still stay apart."""
    label = _line(5, 10, ["net", "of", "tax", "of", "$1,", "$11,", "and", "$4"], 1)
    assert [[w.text for w in run] for run in phrases(label)] == [["net", "of", "tax", "of", "$1,", "$11,", "and", "$4"]]
    values = _line(40, 30, ["$11", "$4"], 2)
    assert [[w.text for w in run] for run in phrases(values)] == [["$11"], ["$4"]]


def test_a_header_label_flush_right_over_a_narrow_column_stays_in_it() -> None:
    """Numbers and their header set flush right: a label wider than its narrow column overhangs to the left, its
    centre in the neighbour, and it was placed there (or spread over both); its right edge on the column's shared
    right edge says which column it heads."""
    box = BBox(0, 0, 160, 60)
    dets = [Detection(Label.TABLE, 0.9, box), Detection(Label.COLUMN_HEADER, 0.9, BBox(0, 0, 160, 38))]
    dets += [Detection(Label.ROW, 0.9, BBox(0, a, 160, b)) for a, b in [(0, 18), (20, 38), (40, 58)]]
    dets += [Detection(Label.COLUMN, 0.9, BBox(a, 0, b, 60)) for a, b in [(0, 60), (70, 130), (135, 160)]]
    words = [
        *_line(67, 9, ["Total", "borrowings"], 1),  # x 67..160, its centre (113.5) left of the edge at 132.5
        *_line(100, 29, ["2019"], 2),
        *_line(136, 29, ["2018"], 3),
        *_line(5, 49, ["Sales"], 4),
        *_line(106, 49, ["1,2"], 5),
        *_line(142, 49, ["1,1"], 6),
    ]
    grid, _ = grid_by_phrases(dets, words, box, 0.9)
    head = [(c.text, c.col, c.col_span) for c in grid.cells if c.row == 0 and c.text]
    assert head == [("Total borrowings", 2, 1)]
    assert {(c.row, c.col): c.text for c in grid.cells}[(1, 1)] == "2019"
