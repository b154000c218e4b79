"""A paragraph the layout model took for a table goes back to the prose (hand-made models and words, no OCR)."""

from __future__ import annotations

from typing import Any

from PIL import Image

from tablerag.model import BBox
from tablerag.parsing.grid import Word
from tablerag.parsing.image import model_tables
from tablerag.parsing.structure import crop_table
from tablerag.parsing.tatr_grid import Detection, Label

PAGE = Image.new("RGB", (600, 420), "white")  # 1 pixel = 1 point (scale 1)


def _line(x: float, y: float, texts: list[str], line: int, gap: float = 5.0, width: float = 35.0) -> list[Word]:
    return [
        Word(x + i * (width + gap), y, x + i * (width + gap) + width, y + 10, t, 0, line) for i, t in enumerate(texts)
    ]


def _structure(box: BBox, rows: list[tuple[float, float]], cols: list[tuple[float, float]]) -> list[Detection]:
    """Rows and columns in page points, as a structure model gives them for the crop (crop pixels)."""
    _, dx, dy = crop_table(PAGE, box)
    out = [Detection(Label.TABLE, 0.9, BBox(box.x0 - dx, box.y0 - dy, box.x1 - dx, box.y1 - dy))]
    out += [Detection(Label.ROW, 0.9, BBox(box.x0 - dx, a - dy, box.x1 - dx, b - dy)) for a, b in rows]
    out += [Detection(Label.COLUMN, 0.9, BBox(a - dx, box.y0 - dy, b - dx, box.y1 - dy)) for a, b in cols]
    return out


class _Detector:
    def __init__(self, boxes: list[BBox]) -> None:
        self.boxes = boxes

    def detect(self, images: list[Any]) -> list[list[Detection]]:
        return [[Detection(Label.TABLE, 0.9, b) for b in self.boxes]]


class _Recognizer:
    def __init__(self, structures: list[list[Detection]]) -> None:
        self.structures = structures

    def recognize(self, crops: list[Any]) -> list[list[Detection]]:
        return self.structures


SENTENCE = [
    "the",
    "group",
    "reported",
    "exchange",
    "gains",
    "of",
    "approximately",
    "seventy",
    "seven",
    "million",
    "within",
    "finance",
    "costs",
]


def test_a_paragraph_cut_into_columns_is_no_table_and_its_words_stay_prose() -> None:
    prose_box = BBox(10, 10, 560, 70)
    paragraph = [w for k in range(4) for w in _line(20, 15 + 13 * k, SENTENCE[k : k + 12], k)]
    table_box = BBox(10, 100, 400, 160)
    table = _line(20, 105, ["Revenue"], 10) + _line(200, 105, ["1,493", "1,605"], 11, gap=60.0)
    table += _line(20, 125, ["Costs"], 12) + _line(200, 125, ["(964)", "(1,011)"], 13, gap=60.0)
    table += _line(20, 145, ["Profit"], 14) + _line(200, 145, ["529", "594"], 15, gap=60.0)
    structures = [
        _structure(prose_box, [(13, 27), (27, 40), (40, 53), (53, 68)], [(15, 200), (210, 380), (390, 555)]),
        _structure(table_box, [(103, 117), (123, 137), (143, 157)], [(15, 150), (195, 240), (290, 340)]),
    ]
    found, rest = model_tables(
        PAGE, paragraph + table, 1.0, _Detector([prose_box, table_box]), _Recognizer(structures), "fake"
    )
    assert len(found) == 1 and found[0].bbox.y0 >= 100
    assert {w.text for w in paragraph} <= {w.text for w in rest}  # the paragraph's words come back for the prose
    assert sorted(c.text for c in found[0].cells if c.words)[:3] == ["(1,011)", "(964)", "1,493"]


def test_a_table_of_long_descriptions_beside_short_terms_stays_a_table() -> None:
    box = BBox(10, 10, 590, 90)
    words: list[Word] = []
    for k in range(3):  # a term, a column gap, then a description as long as a sentence
        words += _line(20, 15 + 25 * k, [f"term{k}"], 2 * k) + _line(100, 15 + 25 * k, SENTENCE[k : k + 11], 2 * k + 1)
    structure = _structure(box, [(13, 37), (38, 62), (63, 87)], [(15, 90), (95, 585)])
    found, _ = model_tables(PAGE, words, 1.0, _Detector([box]), _Recognizer([structure]), "fake")
    assert len(found) == 1 and found[0].n_cols == 2 and found[0].n_rows == 3
