"""ONNX table models behind our Protocols, with our own pre- and post-processing on onnxruntime + numpy:

- `LayoutTableDetector` (TableDetector): PP-PicoDet layout model trained on CDLA; its `table` class boxes a page's
  tables (~0.3 s a page on a CPU).
- `SlanetStructure` (StructureRecognizer): SLANet reads a table crop as HTML structure tokens plus one box per cell;
  the cells (with row/column spans and the `<thead>` rows) become TATR-style objects, so the grid code that places
  words into cells is the one every path shares.

Images come in as PIL images (RGB) and go to the models as BGR arrays, as the models were trained.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablerag._lazy import need
from tablerag.model import BBox, CoordSpace
from tablerag.parsing.imageops import binarize
from tablerag.parsing.onnx_models import bgr_array, session
from tablerag.parsing.tatr_grid import Detection, Label, objects_from_cells

IMAGENET_MEAN = (0.485, 0.456, 0.406)  # both models were trained with ImageNet normalisation (applied to BGR)
IMAGENET_STD = (0.229, 0.224, 0.225)
PICODET_STRIDES = (8, 16, 32, 64)  # the four feature levels of the layout model's head, in input pixels
LAYOUT_TABLE_SCORE = 0.5  # the layout model's own default confidence; below it boxes are mostly text blocks
LAYOUT_NMS_IOU = 0.5  # two table boxes overlapping more than this are one table found twice
LAYOUT_TOP_K = 1000  # candidates per feature level kept before NMS (the model's reference post-processing)
SLANET_MAX_SIDE = 488  # SLANet's input: the crop's longer side resized to this, padded square
SLANET_BATCH = 4  # crops per forward pass (padded to one size, so batching is exact)
SLANET_END = "eos"
SLANET_START = "sos"
CELL_TOKENS = ("<td>", "<td", "<td></td>")  # tokens that open a cell (and carry a box)


def _normalise(bgr: Any) -> Any:
    np = need("numpy", "vision-onnx")
    x = bgr.astype(np.float32) / 255.0
    x = (x - np.array(IMAGENET_MEAN, np.float32)) / np.array(IMAGENET_STD, np.float32)
    return x.transpose(2, 0, 1)


def _softmax(x: Any, axis: int) -> Any:
    np = need("numpy", "vision-onnx")
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def nms(boxes: Any, scores: Any, iou: float) -> list[int]:
    """Indices kept by greedy non-maximum suppression (highest score first)."""
    np = need("numpy", "vision-onnx")
    order = list(np.argsort(-scores))
    keep: list[int] = []
    while order:
        i = int(order.pop(0))
        keep.append(i)
        if not order:
            break
        rest = np.array(order)
        x0 = np.maximum(boxes[i, 0], boxes[rest, 0])
        y0 = np.maximum(boxes[i, 1], boxes[rest, 1])
        x1 = np.minimum(boxes[i, 2], boxes[rest, 2])
        y1 = np.minimum(boxes[i, 3], boxes[rest, 3])
        inter = np.clip(x1 - x0, 0, None) * np.clip(y1 - y0, 0, None)
        area = (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
        ratio = inter / np.maximum(area[i] + area[rest] - inter, 1e-9)
        order = [j for j, r in zip(rest.tolist(), ratio.tolist(), strict=True) if r <= iou]
    return keep


@dataclass(slots=True)
class LayoutTableDetector:
    """Tables on page images from the PicoDet layout model (one page per forward pass: its input size is fixed)."""

    root: Path | None = None
    min_score: float = LAYOUT_TABLE_SCORE
    binarize: bool = True  # Otsu first: on damaged ICDAR renders the model finds 2 of 11 tables without it, 10 with

    def _decode(self, outs: list[Any], in_h: int, in_w: int, cls: int) -> tuple[Any, Any]:
        np = need("numpy", "vision-onnx")
        levels = len(outs) // 2
        boxes, scores = [], []
        for k in range(levels):
            stride = PICODET_STRIDES[k]
            score = outs[k][0][:, cls]
            dist = outs[k + levels][0]
            top = np.argsort(-score)[:LAYOUT_TOP_K]
            top = top[score[top] > self.min_score]
            if not len(top):
                continue
            bins = dist.shape[-1] // 4
            d = (_softmax(dist[top].reshape(-1, 4, bins), 2) * np.arange(bins)).sum(2) * stride
            fw = -(-in_w // stride)  # feature map width (ceil)
            cy, cx = (top // fw + 0.5) * stride, (top % fw + 0.5) * stride
            boxes.append(np.stack([cx - d[:, 0], cy - d[:, 1], cx + d[:, 2], cy + d[:, 3]], 1))
            scores.append(score[top])
        if not boxes:
            return np.zeros((0, 4)), np.zeros(0)
        return np.concatenate(boxes), np.concatenate(scores)

    def detect(self, images: Sequence[Any]) -> list[list[Detection]]:
        np = need("numpy", "vision-onnx")
        sess = session("layout", self.root)
        inp = sess.get_inputs()[0]
        in_h, in_w = int(inp.shape[2]), int(inp.shape[3])
        labels = sess.get_modelmeta().custom_metadata_map["character"].splitlines()
        cls = labels.index("table")
        out: list[list[Detection]] = []
        for page in images:
            image = binarize(page) if self.binarize else page
            w, h = image.size
            x = _normalise(bgr_array(image.resize((in_w, in_h), 2)))[None]  # bilinear, as the model was fed
            boxes, scores = self._decode(sess.run(None, {inp.name: x.astype(np.float32)}), in_h, in_w, cls)
            sx, sy = w / in_w, h / in_h
            found = []
            for i in nms(boxes, scores, LAYOUT_NMS_IOU):
                x0, y0, x1, y1 = (float(v) for v in boxes[i])
                box = BBox(
                    max(0.0, x0 * sx),
                    max(0.0, y0 * sy),
                    min(float(w), x1 * sx),
                    min(float(h), y1 * sy),
                    CoordSpace.IMAGE_PIXELS,
                )
                found.append(Detection(Label.TABLE, float(scores[i]), box))
            out.append(sorted(found, key=lambda d: (d.box.y0, d.box.x0)))
        return out


@dataclass(slots=True)
class SlanetCell:
    row: int
    col: int
    row_span: int
    col_span: int
    box: BBox
    header: bool


@dataclass(slots=True)
class SlanetTable:
    cells: list[SlanetCell] = field(default_factory=list)
    score: float = 0.0
    tokens: list[str] = field(default_factory=list)


def _span(tok: str) -> tuple[str, int] | None:
    tok = tok.strip()
    for name in ("rowspan", "colspan"):
        if tok.startswith(name + '="'):
            return name, int(tok[len(name) + 2 : -1])
    return None


def cells_from_tokens(tokens: Sequence[str], boxes: Sequence[BBox]) -> list[SlanetCell]:
    """SLANet's HTML tokens (one box per cell token, in order) -> cells on the grid, rowspans carried down."""
    cells: list[SlanetCell] = []
    occupied: set[tuple[int, int]] = set()
    row, col, k, head = -1, 0, 0, False
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok == "<thead>":
            head = True
        elif tok == "</thead>":
            head = False
        elif tok == "<tr>":
            row, col = row + 1, 0
        elif tok in CELL_TOKENS:
            rs = cs = 1
            if tok == "<td":
                while i + 1 < len(tokens) and tokens[i + 1] != ">":
                    i += 1
                    got = _span(tokens[i])
                    if got is not None:
                        rs, cs = (got[1], cs) if got[0] == "rowspan" else (rs, got[1])
            row = max(row, 0)
            while (row, col) in occupied:
                col += 1
            if k < len(boxes):
                cells.append(SlanetCell(row, col, rs, cs, boxes[k], head))
            occupied |= {(r, c) for r in range(row, row + rs) for c in range(col, col + cs)}
            k, col = k + 1, col + cs
        i += 1
    return cells


@dataclass(slots=True)
class SlanetStructure:
    """Table structure from crops with SLANet; `recognize` gives TATR-style objects (rows, columns, spanning cells,
    the column header), `tables` the raw cells."""

    root: Path | None = None
    batch_size: int = SLANET_BATCH

    def _prepare(self, crop: Any) -> tuple[Any, tuple[int, int]]:
        np = need("numpy", "vision-onnx")
        w, h = crop.size
        k = SLANET_MAX_SIDE / max(w, h)
        small = crop.resize((max(1, int(w * k)), max(1, int(h * k))), 2)
        x = np.zeros((3, SLANET_MAX_SIDE, SLANET_MAX_SIDE), np.float32)
        arr = _normalise(bgr_array(small))
        x[:, : arr.shape[1], : arr.shape[2]] = arr
        return x, (w, h)

    def tables(self, crops: Sequence[Any]) -> list[SlanetTable]:
        np = need("numpy", "vision-onnx")
        sess = session("slanet", self.root)
        vocab = sess.get_modelmeta().custom_metadata_map["character"].splitlines()
        vocab = [t for t in vocab if t != "<td>"] + (["<td></td>"] if "<td></td>" not in vocab else [])
        vocab = [SLANET_START, *vocab, SLANET_END]
        name = sess.get_inputs()[0].name
        out: list[SlanetTable] = []
        for start in range(0, len(crops), self.batch_size):
            prepared = [self._prepare(c) for c in crops[start : start + self.batch_size]]
            locs, probs = sess.run(None, {name: np.stack([p[0] for p in prepared])})
            for b, (_, (w, h)) in enumerate(prepared):
                out.append(self._decode(locs[b], probs[b], vocab, w, h))
        return out

    @staticmethod
    def _decode(loc: Any, prob: Any, vocab: list[str], w: int, h: int) -> SlanetTable:
        idx, best = prob.argmax(1), prob.max(1)
        tokens: list[str] = []
        boxes: list[BBox] = []
        scores: list[float] = []
        for t in range(len(idx)):
            tok = vocab[int(idx[t])]
            if tok == SLANET_END and t > 0:
                break
            if tok in (SLANET_START, SLANET_END):
                continue
            if tok in CELL_TOKENS:
                x0, y0, x1, y1 = (float(v) for v in loc[t])
                boxes.append(BBox(x0 * w, y0 * h, x1 * w, y1 * h, CoordSpace.IMAGE_PIXELS))
            tokens.append(tok)
            scores.append(float(best[t]))
        mean = sum(scores) / len(scores) if scores else 0.0
        return SlanetTable(cells_from_tokens(tokens, boxes), mean, tokens)

    def recognize(self, crops: Sequence[Any]) -> list[list[Detection]]:
        return [objects_of(t) for t in self.tables(crops)]


def _median(values: list[float]) -> float | None:
    if not values:
        return None
    v = sorted(values)
    return v[len(v) // 2] if len(v) % 2 else (v[len(v) // 2 - 1] + v[len(v) // 2]) / 2


def snapped(cells: list[SlanetCell]) -> list[SlanetCell]:
    """Cells with their edges moved to the median edge of their row and column: SLANet's box for an odd cell (an
    empty one most often) can stray across the next column, and one stray box would widen the whole column."""
    n_rows = max(c.row + c.row_span for c in cells)
    n_cols = max(c.col + c.col_span for c in cells)
    x0 = [_median([c.box.x0 for c in cells if c.col == k and c.col_span == 1]) for k in range(n_cols)]
    x1 = [_median([c.box.x1 for c in cells if c.col == k and c.col_span == 1]) for k in range(n_cols)]
    y0 = [_median([c.box.y0 for c in cells if c.row == r and c.row_span == 1]) for r in range(n_rows)]
    y1 = [_median([c.box.y1 for c in cells if c.row == r and c.row_span == 1]) for r in range(n_rows)]
    out = []
    for c in cells:
        left, right = x0[c.col], x1[c.col + c.col_span - 1]
        top, bottom = y0[c.row], y1[c.row + c.row_span - 1]
        box = BBox(
            c.box.x0 if left is None else left,
            c.box.y0 if top is None else top,
            c.box.x1 if right is None else right,
            c.box.y1 if bottom is None else bottom,
            c.box.space,
        )
        out.append(SlanetCell(c.row, c.col, c.row_span, c.col_span, box, c.header))
    return out


def objects_of(table: SlanetTable) -> list[Detection]:
    """TATR-style objects from SLANet cells (empty when it found none); the `<thead>` rows become the header box."""
    if not table.cells:
        return []
    cells = snapped(table.cells)
    dets = objects_from_cells([(c.row, c.col, c.row_span, c.col_span, c.box) for c in cells], table.score)
    heads = [c.box for c in cells if c.header]
    if heads:
        hb = heads[0]
        for b in heads[1:]:
            hb = hb.union(b)
        dets.append(Detection(Label.COLUMN_HEADER, table.score, hb))
    return dets
