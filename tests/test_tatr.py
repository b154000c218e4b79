"""Table Transformer plumbing with tiny random-init models (native ResNet backbone), and the pure grid code on
TATR-format fixtures, including the oracle on a real ICDAR-2013 table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tablerag.model import BBox
from tablerag.parsing.grid import Word
from tablerag.parsing.tatr_grid import Detection, Label, build_grid, grid_from_detections, objects_from_cells

STRUCTURE_LABELS = {
    0: "table",
    1: "table column",
    2: "table row",
    3: "table column header",
    4: "table projected row header",
    5: "table spanning cell",
}


def _tiny_tatr(folder: Path, labels: dict[int, str]) -> Path:
    """A tiny random-init TATR saved like an old checkpoint: its config carries `dilation: null`."""
    from transformers import ResNetConfig, TableTransformerConfig, TableTransformerForObjectDetection

    backbone = ResNetConfig(
        embedding_size=8,
        hidden_sizes=[8, 8, 16, 16],
        depths=[1, 1, 1, 1],
        layer_type="basic",
        out_features=["stage1", "stage2", "stage3", "stage4"],
    )
    cfg = TableTransformerConfig(
        backbone_config=backbone,
        use_timm_backbone=False,
        d_model=16,
        encoder_layers=1,
        decoder_layers=1,
        encoder_ffn_dim=16,
        decoder_ffn_dim=16,
        encoder_attention_heads=2,
        decoder_attention_heads=2,
        num_queries=12,
        id2label=labels,
    )
    TableTransformerForObjectDetection(cfg).save_pretrained(folder)
    raw = json.loads((folder / "config.json").read_text())
    raw["dilation"] = None  # the quirk of the published checkpoints that transformers 5 rejects
    (folder / "config.json").write_text(json.dumps(raw))
    return folder


@pytest.fixture(scope="module")
def tiny_models(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("models")
    _tiny_tatr(root / "table-transformer-detection", {0: "table", 1: "table rotated"})
    _tiny_tatr(root / "table-transformer-structure-recognition-v1.1-all", STRUCTURE_LABELS)
    return root


def _page(w: int = 300, h: int = 200):
    from PIL import Image

    return Image.new("RGB", (w, h), "white")


def test_loads_quirky_config_and_predicts_in_batches(tiny_models: Path) -> None:
    from tablerag.parsing.tatr import Device, TatrKind, load, predict

    tm = load(TatrKind.STRUCTURE, tiny_models / "table-transformer-structure-recognition-v1.1-all", Device.CPU)
    assert tm.device == "cpu" and not tm.half
    images = [_page(300, 200), _page(120, 260), _page(500, 90)]
    one_by_one = [predict(tm, [im], batch_size=1)[0] for im in images]
    batched = predict(tm, images, batch_size=2)
    assert len(batched) == 3
    for im, dets in zip(images, batched, strict=True):
        for d in dets:
            assert 0 <= d.box.x0 < d.box.x1 <= im.size[0] and 0 <= d.box.y0 < d.box.y1 <= im.size[1]
            assert d.label in Label
    # padding to the batch's largest image must not change what the model sees (the pixel mask hides it)
    assert [len(d) for d in one_by_one] == [len(d) for d in batched]


def test_device_choice_is_typed_and_cpu_here() -> None:
    from tablerag.parsing.tatr import Device, pick_device

    assert pick_device(Device.CPU) == "cpu"
    assert pick_device(Device.AUTO) in ("cpu", "cuda", "mps")


def test_patch_config_handles_transformers5_quirks() -> None:
    from tablerag.parsing.tatr import patch_config

    cfg = patch_config({"dilation": None, "backbone": "resnet18"})
    assert cfg["dilation"] is False and cfg["use_timm_backbone"] is True


def test_missing_weights_name_folder_and_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tablerag.parsing.tatr import ModelMissingError, TatrKind, load

    monkeypatch.setenv("TABLERAG_MODELS", str(tmp_path))
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))  # an empty Hugging Face cache
    with pytest.raises(ModelMissingError) as err:
        load(TatrKind.STRUCTURE)
    msg = str(err.value)
    assert str(tmp_path / "table-transformer-structure-recognition-v1.1-all") in msg
    assert "tablerag models download structure" in msg


def test_scan_page_through_tiny_models(tiny_models: Path) -> None:
    """The TATR path end to end (detection -> crops -> structure -> grid); random weights find nothing sure, so the
    heuristics take over and the page still parses."""
    from tablerag.parsing.image import ScanOptions, VisionMode, scan_page

    words = [Word(10 + 60 * c, 10 + 15 * r, 40 + 60 * c, 20 + 15 * r, f"{r}{c}") for r in range(5) for c in range(3)]
    opts = ScanOptions(mode=VisionMode.TATR, models=tiny_models, batch_size=2)
    page = scan_page(_page(400, 200), 72, words, opts)
    assert all(t.parser in ("tatr", "heuristic-image") for t in page.tables)


def _det(label: Label, x0: float, y0: float, x1: float, y1: float, score: float = 0.9) -> Detection:
    return Detection(label, score, BBox(x0, y0, x1, y1))


def test_grid_from_tatr_objects_with_header_span_and_projected_row_header() -> None:
    # 4 rows x 3 columns; header row 0; "Group" spans columns 1-2 of row 0; row 2 is a projected row header
    dets = [
        _det(Label.TABLE, 0, 0, 300, 80),
        *[_det(Label.ROW, 0, 20 * r, 300, 20 * r + 18) for r in range(4)],
        *[_det(Label.COLUMN, 100 * c, 0, 100 * c + 95, 80) for c in range(3)],
        _det(Label.ROW, 0, 21, 300, 37, 0.6),  # a duplicate of row 1: dropped
        _det(Label.COLUMN_HEADER, 0, 0, 300, 19),
        _det(Label.SPANNING_CELL, 100, 0, 300, 19),
        _det(Label.PROJECTED_ROW_HEADER, 0, 40, 300, 58),
        _det(Label.SPANNING_CELL, 0, 60, 100, 80, 0.2),  # too unsure: ignored
    ]
    words = [
        Word(5, 5, 40, 15, "Name"),
        Word(150, 5, 200, 15, "Group"),
        Word(5, 25, 40, 35, "a"),
        Word(110, 25, 130, 35, "1"),
        Word(210, 25, 230, 35, "2"),
        Word(5, 45, 60, 55, "Section"),
        Word(5, 65, 40, 75, "b"),
        Word(110, 65, 130, 75, "3"),
        Word(210, 65, 230, 75, "4"),
        Word(400, 5, 420, 15, "outside"),
    ]
    grid, rest = grid_from_detections(dets, words, BBox(0, 0, 300, 80))
    assert (grid.n_rows, grid.n_cols, grid.header_rows) == (4, 3, 1)
    cells = {(c.row, c.col): c for c in grid.cells}
    assert (cells[(0, 1)].col_span, cells[(0, 1)].text, cells[(0, 1)].is_header) == (2, "Group", True)
    assert cells[(2, 0)].projected_row_header and cells[(2, 0)].col_span == 3 and cells[(2, 0)].text == "Section"
    assert cells[(3, 2)].text == "4" and cells[(3, 0)].row_span == 1
    assert [w.text for w in rest] == ["outside"]
    assert 0 < grid.confidence <= 1 and all(0 < c.confidence <= 1 for c in grid.cells)


def test_empty_rows_from_overdetection_are_dropped() -> None:
    dets = [_det(Label.ROW, 0, 20 * r, 100, 20 * r + 18) for r in range(3)] + [_det(Label.COLUMN, 0, 0, 100, 60)]
    grid, _ = grid_from_detections(dets, [Word(5, 5, 20, 15, "x"), Word(5, 45, 20, 55, "y")], BBox(0, 0, 100, 60))
    assert grid.n_rows == 2 and [c.text for c in grid.cells] == ["x", "y"]


def test_oracle_objects_give_the_cells_back() -> None:
    cells = [
        (0, 0, 2, 1, BBox(5, 5, 40, 30)),  # a stub header spanning two rows
        (0, 1, 1, 2, BBox(120, 5, 180, 12)),  # a narrow label spanning two columns
        (1, 1, 1, 1, BBox(100, 20, 130, 30)),
        (1, 2, 1, 1, BBox(200, 20, 230, 30)),
        (2, 0, 1, 1, BBox(5, 40, 30, 50)),
        (2, 1, 1, 1, BBox(100, 40, 130, 50)),
        (2, 2, 1, 1, BBox(200, 40, 230, 50)),
    ]
    grid = build_grid(objects_from_cells(cells))
    got = sorted((c.row, c.col, c.row_span, c.col_span) for c in grid.cells)
    assert got == sorted((r, c, rs, cs) for r, c, rs, cs, _ in cells)


def test_oracle_on_a_real_icdar_table(shared_data: Path) -> None:
    from tablerag.eval.grits import grits, spec_from_cells
    from tablerag.eval.structure import load_icdar
    from tablerag.eval.structure_paths import predict_oracle

    pages = [p for p in load_icdar(shared_data / "icdar2013", "eu-001") if p.doc == "eu-001" and p.page == 1]
    gold = pages[0].alternatives[0]
    preds = predict_oracle(pages[0])
    for g, p in zip(gold, preds, strict=True):
        assert grits(g.spec, p.spec).top >= 0.99
    assert spec_from_cells([(0, 0, 1, 1, "a")], 1, 1).size == 1
