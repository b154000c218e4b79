"""`tablerag show FILE --page N --out page.png`: the page image with what the parser found drawn over it — table
boxes, row and column lines, header cells, spanning cells — so a person can check a parse at a glance."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tablerag.errors import BadInputError
from tablerag.model import CoordSpace, Table
from tablerag.parsing import Format, detect_format, parse
from tablerag.parsing.imageops import deskew
from tablerag.parsing.render import open_image_pages, render_pdf_page

SHOW_DPI = 110  # enough to read 8 pt text in the picture, small enough to open anywhere
TABLE_RGBA = (220, 30, 30, 255)  # red frame: the table
GRID_RGBA = (30, 90, 220, 200)  # blue: row and column lines
HEADER_RGBA = (255, 200, 0, 70)  # translucent yellow fill: header cells
SPAN_RGBA = (30, 170, 60, 80)  # translucent green fill: spanning cells
ROW_HEADER_RGBA = (160, 60, 200, 55)  # translucent purple fill: row-header (stub) cells with a chain
FRAME_PX = 3


@dataclass(frozen=True, slots=True)
class Shown:
    out: Path
    tables: int
    page: int


def _page_image(file: Path, page: int, dpi: int) -> tuple[Any, float, list[Table]]:
    """The page image, pixels per table unit, and the tables found on that page."""
    fmt = detect_format(file)
    if fmt is Format.PDF:
        doc = parse(file, pages=[page])
        return render_pdf_page(file, page, dpi), dpi / 72.0, [t for t in doc.tables if t.source.page == page]
    if fmt is Format.IMAGE:
        frames = list(open_image_pages(file))
        if not 1 <= page <= len(frames):
            raise BadInputError(str(file), f"page {page} out of range 1..{len(frames)}")
        doc = parse(file)
        tables = [t for t in doc.tables if t.source.page == page]
        return deskew(frames[page - 1][0])[0], 1.0, tables  # read_image parses the levelled page
    raise BadInputError(str(file), "show draws PDF pages and images only")


def _scale(t: Table, k: float) -> float:
    box = t.source.bbox
    return 1.0 if box is not None and box.space is CoordSpace.IMAGE_PIXELS else k


def draw_tables(image: Any, tables: list[Table], k: float) -> Any:
    """A copy of `image` with the tables drawn; `k` converts table boxes (points) to pixels."""
    from PIL import Image, ImageDraw

    base = image.convert("RGBA")
    layer = Image.new("RGBA", base.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    for t in tables:
        s = _scale(t, k)
        stub_rows = {r for r, chain in enumerate(t.row_headers) if chain}
        for c in t.cells:
            if c.bbox is None:
                continue
            box = (c.bbox.x0 * s, c.bbox.y0 * s, c.bbox.x1 * s, c.bbox.y1 * s)
            if c.is_header:
                draw.rectangle(box, fill=HEADER_RGBA)
            elif c.row_span > 1 or c.col_span > 1:
                draw.rectangle(box, fill=SPAN_RGBA)
            elif c.col == 0 and c.row in stub_rows:
                draw.rectangle(box, fill=ROW_HEADER_RGBA)
            draw.rectangle(box, outline=GRID_RGBA, width=1)
        if t.source.bbox is not None:
            b = t.source.bbox
            draw.rectangle((b.x0 * s, b.y0 * s, b.x1 * s, b.y1 * s), outline=TABLE_RGBA, width=FRAME_PX)
            label = f"{t.id.rsplit(':', 1)[-1]} {t.parser} {t.n_rows}x{t.n_cols}"
            if t.confidence is not None:
                label += f" conf {t.confidence:.2f}"
            draw.text((b.x0 * s, max(0.0, b.y0 * s - 12)), label, fill=TABLE_RGBA)
    return Image.alpha_composite(base, layer).convert("RGB")


def show(file: Path, page: int, out: Path, dpi: int = SHOW_DPI) -> Shown:
    """Parse one page of `file`, draw its tables over the page image, save to `out`."""
    image, k, tables = _page_image(file, page, dpi)
    out.parent.mkdir(parents=True, exist_ok=True)
    draw_tables(image, tables, k).save(out)
    return Shown(out, len(tables), page)
