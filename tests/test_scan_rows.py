"""Structure objects fitted to the words of a scanned table (no model, no OCR: hand-made detections and words)."""

from __future__ import annotations

from tablerag.model import BBox
from tablerag.parsing.grid import Word
from tablerag.parsing.image import NOTE_MIN_WORDS, rows_from_tops, without_note_row
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
