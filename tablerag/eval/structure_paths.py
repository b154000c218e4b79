"""Predictors for `tablerag.eval.structure`: one function per path, each GoldPage -> predicted tables."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tablerag.eval.grits import spec_from_cells
from tablerag.eval.structure import EVAL_DPI, PUBTABNET_DPI, GoldPage, Pred, preds_from_tables
from tablerag.model import BBox
from tablerag.parsing.grid import Word
from tablerag.parsing.image import ScanOptions, scan_page, to_table
from tablerag.parsing.imageops import damage
from tablerag.parsing.pdf import PdfVision, read_pdf
from tablerag.parsing.render import render_pdf_page
from tablerag.parsing.tatr_grid import build_grid, grid_from_detections, objects_from_cells

DAMAGE_SEED = 13  # fixed: the damaged pages are the same on every run


def text_layer_words(pdf: Any, page: int) -> list[Word]:
    import pymupdf

    fitz: Any = pymupdf  # untyped library
    with fitz.open(pdf) as doc:
        return [Word(w[0], w[1], w[2], w[3], w[4], w[5], w[6]) for w in doc[page - 1].get_text("words") if w[4].strip()]


def predict_text(gp: GoldPage) -> list[Pred]:
    """The PDF text-layer reader alone."""
    return TextPath(PdfVision.NEVER)(gp)


@dataclass(slots=True)
class TextPath:
    """The born-digital PDF reader with a route through the table models (never / always / auto)."""

    route: PdfVision

    def __call__(self, gp: GoldPage) -> list[Pred]:

        doc = read_pdf(gp.source, "0" * 64, pages=[gp.page], vision=self.route)
        return preds_from_tables(doc.tables)


def predict_oracle(gp: GoldPage) -> list[Pred]:
    """Gold cell boxes -> TATR-style objects -> our post-processing, text from the PDF text layer."""
    words = text_layer_words(gp.source, gp.page)
    out: list[Pred] = []
    for gold in gp.alternatives[0]:
        dets = objects_from_cells([(r, c, rs, cs, b) for r, c, rs, cs, _, b in gold.cells])
        grid, _ = grid_from_detections(dets, words, gold.box)
        cells = [(c.row, c.col, c.row_span, c.col_span, c.text) for c in grid.cells]
        out.append(Pred(spec_from_cells(cells, grid.n_rows, grid.n_cols), grid.box))
    return out


def predict_oracle_topology(gp: GoldPage) -> list[Pred]:
    """As the oracle, without dropping empty rows/columns (topology of the grid code alone)."""

    out: list[Pred] = []
    for gold in gp.alternatives[0]:
        grid = build_grid(objects_from_cells([(r, c, rs, cs, b) for r, c, rs, cs, _, b in gold.cells]), gold.box)
        cells = [(c.row, c.col, c.row_span, c.col_span, "") for c in grid.cells]
        out.append(Pred(spec_from_cells(cells, grid.n_rows, grid.n_cols), grid.box))
    return out


@dataclass(slots=True)
class ImagePath:
    """Render at 150 dpi, damage like a scan, then deskew + OCR + the vision path."""

    options: ScanOptions
    damaged: bool = True

    def __call__(self, gp: GoldPage) -> list[Pred]:

        image = render_pdf_page(gp.source, gp.page, EVAL_DPI)
        if self.damaged:
            image = damage(image, seed=DAMAGE_SEED + gp.page)
        page = scan_page(image, EVAL_DPI, None, self.options)
        return preds_from_tables([to_table(t, str(gp.source), "0" * 64, gp.page, i) for i, t in enumerate(page.tables)])


@dataclass(slots=True)
class TextVisionPath:
    """Born-digital route through the models: the clean page render for structure, the PDF's own words in the cells."""

    options: ScanOptions

    def __call__(self, gp: GoldPage) -> list[Pred]:

        image = render_pdf_page(gp.source, gp.page, EVAL_DPI)
        page = scan_page(image, EVAL_DPI, text_layer_words(gp.source, gp.page), self.options)
        return preds_from_tables([to_table(t, str(gp.source), "0" * 64, gp.page, i) for i, t in enumerate(page.tables)])


@dataclass(slots=True)
class CropPath:
    """A PubTabNet crop: OCR + the vision path; the largest table found is the prediction."""

    options: ScanOptions

    def __call__(self, gp: GoldPage) -> list[Pred]:
        from PIL import Image

        with Image.open(gp.source) as im:
            image = im.convert("RGB")
        page = scan_page(image, PUBTABNET_DPI, None, self.options)
        if not page.tables:
            return []
        best = max(page.tables, key=lambda t: t.n_rows * t.n_cols)
        table = to_table(best, str(gp.source), "0" * 64, 1, 0)
        return [p for p in preds_from_tables([table]) if p.box != BBox(0, 0, 0, 0)]


RULED_MIN_RULES = 2  # a table whose drawn vertical rules add up to this many table heights is ruled
RULE_MAX_WIDTH_PT = 2.0  # a drawn vertical rule is at most this wide (thicker shapes are shading, not lines)
RULE_MARGIN_PT = 5.0  # rules this close outside a table's gold box still belong to it (borders sit on the edge)


def _vertical_segments(drawings: list[Any]) -> list[tuple[float, float, float]]:
    """Vertical rules (x, y0, y1) of a page's drawings: line items, thin rectangles, and the sides of rectangles."""
    out: list[tuple[float, float, float]] = []
    for d in drawings:
        for item in d["items"]:
            if item[0] == "l":
                p, q = item[1], item[2]
                if abs(p.x - q.x) <= RULE_MAX_WIDTH_PT:
                    out.append((p.x, min(p.y, q.y), max(p.y, q.y)))
            elif item[0] == "re":
                r = item[1]
                if r.width <= RULE_MAX_WIDTH_PT:
                    out.append((r.x0, r.y0, r.y1))
                elif d.get("color") is not None:  # a stroked rectangle: its two sides are rules
                    out += [(r.x0, r.y0, r.y1), (r.x1, r.y0, r.y1)]
    return out


def icdar_subsets(gp: GoldPage) -> list[str]:
    """The subsets a page belongs to: `ruled` when most of its tables carry drawn vertical rules, else `borderless`;
    and `multi-table` when it holds more than one table."""
    import pymupdf

    fitz: Any = pymupdf  # untyped library
    tables = gp.alternatives[0]
    with fitz.open(gp.source) as doc:
        segments = _vertical_segments(doc[gp.page - 1].get_drawings())
    ruled = 0
    for t in tables:
        b, m = t.box, RULE_MARGIN_PT
        length = sum(max(0.0, min(y1, b.y1) - max(y0, b.y0)) for x, y0, y1 in segments if b.x0 - m <= x <= b.x1 + m)
        ruled += length >= RULED_MIN_RULES * (b.y1 - b.y0)
    out = ["ruled" if ruled * 2 >= len(tables) else "borderless"]
    if len(tables) > 1:
        out.append("multi-table")
    return out
