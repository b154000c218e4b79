"""Detector and recognizer boxes are in the image's pixels and say so (`CoordSpace.IMAGE_PIXELS`) from where the
models' outputs become boxes; the objects derived from cells keep the cells' space."""

from __future__ import annotations

from pathlib import Path

from tablerag.model import BBox, CoordSpace
from tablerag.parsing.onnx_vision import LayoutTableDetector, SlanetStructure, objects_of
from tablerag.parsing.render import render_pdf_page
from tablerag.parsing.structure import crop_table
from tablerag.parsing.tatr import _objects
from tablerag.parsing.tatr_grid import Label, objects_from_cells

DPI = 150  # as the scan path renders a page for the models


def test_tatr_objects_are_image_pixels() -> None:
    names = {0: Label.TABLE, 2: Label.ROW}
    dets = _objects([0.9, 0.8, 0.1], [0, 2, 2], [[0.5, 0.5, 0.8, 0.6], [0.5, 0.3, 0.8, 0.1], [0.5, 0.7, 0.8, 0.1]],
                    (400, 200), names)  # fmt: skip
    assert [d.label for d in dets] == [Label.TABLE, Label.ROW]
    box = dets[0].box
    assert box.as_list() == [40.0, 40.0, 360.0, 160.0] and box.space is CoordSpace.IMAGE_PIXELS


def test_objects_from_cells_keep_the_cells_space() -> None:
    for space in CoordSpace:
        cells = [(0, 0, 1, 2, BBox(0, 0, 20, 10, space)), (1, 0, 1, 1, BBox(0, 10, 10, 20, space))]
        cells.append((1, 1, 1, 1, BBox(10, 10, 20, 20, space)))
        dets = objects_from_cells(cells)
        assert {d.label for d in dets} == {Label.TABLE, Label.ROW, Label.COLUMN, Label.SPANNING_CELL}
        assert {d.box.space for d in dets} == {space}


def test_the_onnx_models_boxes_are_image_pixels(shared_data: Path) -> None:
    image = render_pdf_page(shared_data / "icdar2013" / "competition-dataset-eu" / "eu-002.pdf", 1, DPI)
    tables = LayoutTableDetector().detect([image])[0]
    assert tables and all(t.box.space is CoordSpace.IMAGE_PIXELS for t in tables)
    assert all(0 <= t.box.x0 < t.box.x1 <= image.size[0] for t in tables)
    crop, _, _ = crop_table(image, tables[0].box)
    found = SlanetStructure().tables([crop])[0]
    assert found.cells and {c.box.space for c in found.cells} == {CoordSpace.IMAGE_PIXELS}
    dets = objects_of(found)
    assert {Label.ROW, Label.COLUMN} <= {d.label for d in dets}
    assert {d.box.space for d in dets} == {CoordSpace.IMAGE_PIXELS}
