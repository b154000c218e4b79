"""The table's image crop for a multimodal LLM: the PDF page region under the table's box, rendered with PyMuPDF.

Spreadsheets and CSV have no image (None); the LLM then sees the Markdown alone.
"""

from __future__ import annotations

from pathlib import Path

from tablerag._lazy import need
from tablerag.model import CoordSpace, ParsedDocument, Table

CROP_DPI = 150  # legible digits for vision models without multi-megapixel images
CROP_MARGIN_PT = 6.0  # a little page around the box so ruling lines and edge digits are not cut
MAX_CROP_PIXELS = 4_000_000  # a bigger crop is scaled down: vision encoders resize anyway, and it bounds memory
POINTS_PER_INCH = 72.0


def _zoom(width_pt: float, height_pt: float, dpi: float) -> float:
    zoom = dpi / POINTS_PER_INCH
    pixels = width_pt * zoom * height_pt * zoom
    if pixels > MAX_CROP_PIXELS:
        zoom *= (MAX_CROP_PIXELS / pixels) ** 0.5
    return zoom


def table_png(pdf_path: str | Path, table: Table, dpi: float = CROP_DPI) -> bytes | None:
    """PNG bytes of the table's region on its PDF page; None when the table has no page box in PDF points."""
    box, page_no = table.source.bbox, table.source.page
    if box is None or page_no is None or box.space != CoordSpace.PDF_POINTS:
        return None
    pymupdf = need("pymupdf", "all")  # a core dependency, imported late to keep `import tablerag` light

    with pymupdf.open(str(pdf_path)) as doc:
        page = doc[page_no - 1]
        clip = pymupdf.Rect(
            box.x0 - CROP_MARGIN_PT, box.y0 - CROP_MARGIN_PT, box.x1 + CROP_MARGIN_PT, box.y1 + CROP_MARGIN_PT
        )
        clip &= page.rect
        if clip.is_empty:
            return None
        zoom = _zoom(clip.width, clip.height, dpi)
        pixmap = page.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), clip=clip, alpha=False)
        png: bytes = pixmap.tobytes("png")
        return png


def document_images(doc: ParsedDocument, dpi: float = CROP_DPI) -> dict[str, bytes]:
    """Table id -> PNG crop for every table of a PDF document that has a box (empty for other formats)."""
    if doc.format != "pdf":
        return {}
    out: dict[str, bytes] = {}
    for table in doc.tables:
        png = table_png(doc.path, table, dpi)
        if png is not None:
            out[table.id] = png
    return out
