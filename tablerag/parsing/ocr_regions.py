"""Page regions for OCR: the table boxes an engine reads (grown by a margin), overlapping ones joined, each read on
its own crop, and words split by region. Geometry in page pixels; words scaled to points by the caller."""

from __future__ import annotations

from typing import Any

from tablerag.parsing.grid import Word
from tablerag.parsing.imageops import keep_regions
from tablerag.parsing.tatr_grid import Detection

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in page pixels
TABLE_OCR_MARGIN_PT = 36.0  # OCR scope `tables`: text this close around a detected table (captions, notes) is read too


def scale_words(words: list[Word], factor: float) -> list[Word]:
    return [Word(w.x0 * factor, w.y0 * factor, w.x1 * factor, w.y1 * factor, w.text, w.block, w.line) for w in words]


def split_words(words: list[Word], regions: list[Rect]) -> tuple[list[Word], list[Word]]:
    """The words whose centre lies in one of the regions, and the rest (each in reading order as given)."""
    inside: list[Word] = []
    outside: list[Word] = []
    for w in words:
        hit = any(x0 <= w.cx <= x1 and y0 <= w.cy <= y1 for x0, y0, x1, y1 in regions)
        (inside if hit else outside).append(w)
    return inside, outside


def hybrid_regions(candidates: list[Detection], sure: list[Detection], scale: float) -> tuple[list[Rect], list[Rect]]:
    """The candidates' OCR regions (pixels) in the hybrid scope: those PP-OCR reads (the sure tables' and the unsure
    ones touching them, read joined with them), and the unsure ones apart from every sure one (tesseract's)."""
    near = joined(table_regions(sure, scale))
    regions = table_regions(candidates, scale)
    apart = [r for r in regions if not any(overlaps(r, b) for b in near)]
    return [r for r in regions if r not in apart], apart


def read_regions(engine: Any, image: Any, regions: list[Rect], k: float = 1.0) -> list[Word]:
    """Words an OCR engine reads inside the regions (page pixels), in the pixels of the page scaled by `k`:
    overlapping regions are joined, and each joined one is read on its own crop (white outside the regions), so
    the engine's text detector sees the tables' pixels, not a page of white. With k < 1 each crop is resampled
    from the page on its own (bicubic, on the grid of the whole page's downscale): a table region is a quarter of
    a report page, and resampling the whole page cost ~0.08 CPU s."""
    w, h = image.size
    if k < 1.0:
        w, h = max(1, round(w * k)), max(1, round(h * k))
        regions = [(x0 * k, y0 * k, x1 * k, y1 * k) for x0, y0, x1, y1 in regions]
    sx, sy = image.size[0] / w, image.size[1] / h
    out: list[Word] = []
    for x0, y0, x1, y1 in joined(regions):
        box = (max(0, int(x0)), max(0, int(y0)), min(w, int(x1 + 1)), min(h, int(y1 + 1)))
        if box[2] <= box[0] or box[3] <= box[1]:
            continue
        size, dx, dy = (box[2] - box[0], box[3] - box[1]), float(box[0]), float(box[1])
        if k < 1.0:
            crop = image.resize(size, 3, box=(box[0] * sx, box[1] * sy, box[2] * sx, box[3] * sy))  # bicubic
        else:
            crop = image.crop(box)
        view = keep_regions(crop, [(a - dx, b - dy, c - dx, d - dy) for a, b, c, d in regions])
        out += [
            Word(v.x0 + dx, v.y0 + dy, v.x1 + dx, v.y1 + dy, v.text, v.block, v.line + len(out))
            for v in engine.words(view)
        ]
    return out


def overlaps(a: Rect, b: Rect) -> bool:
    """Two rectangles share a point (touching edges count)."""
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def joined(rects: list[Rect]) -> list[Rect]:
    """Rectangles with every overlapping pair replaced by their bounding box, until none overlap."""
    out = list(rects)
    merged = True
    while merged:
        merged = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                a, b = out[i], out[j]
                if overlaps(a, b):
                    out[i] = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
                    del out[j]
                    merged = True
                    break
            if merged:
                break
    return sorted(out, key=lambda r: (r[1], r[0]))


def table_regions(tables: list[Detection], scale: float) -> list[Rect]:
    """Table boxes (pixels) grown by the OCR margin: what the table OCR engine reads."""
    m = TABLE_OCR_MARGIN_PT / scale
    return [(t.box.x0 - m, t.box.y0 - m, t.box.x1 + m, t.box.y1 + m) for t in tables]
