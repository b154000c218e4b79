"""Pages as images: PDF pages rendered at a DPI (PyMuPDF, or pdf2image/poppler), image files (PNG, JPEG, multi-page
TIFF) opened page by page. Images are RGB PIL images; `scale` converts their pixels to PDF points (72 per inch)."""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path
from typing import Any

from tablerag._lazy import need
from tablerag.errors import BadInputError

DEFAULT_DPI = 150  # enough for tesseract on 8-10 pt text and for TATR (trained near 1000 px per table side)
POINTS_PER_INCH = 72.0  # PDF user space unit
DEFAULT_IMAGE_DPI = 150  # assumed resolution of an image file that records none (keeps point sizes plausible)
MIN_DPI, MAX_DPI = 36, 1200  # below: unreadable; above: a page would need gigabytes of memory


class RenderBackend(StrEnum):
    PYMUPDF = "pymupdf"
    PDF2IMAGE = "pdf2image"


def _check_dpi(dpi: int) -> None:
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise ValueError(f"dpi {dpi} outside {MIN_DPI}..{MAX_DPI}")


def points_per_pixel(dpi: float) -> float:
    return POINTS_PER_INCH / dpi


def render_pdf_page(
    path: Path, page: int, dpi: int = DEFAULT_DPI, backend: RenderBackend = RenderBackend.PYMUPDF
) -> Any:
    """One 1-based PDF page as an RGB PIL image at `dpi`."""
    return next(render_pdf(path, [page], dpi, backend))


def render_pdf(
    path: Path, pages: list[int] | None = None, dpi: int = DEFAULT_DPI, backend: RenderBackend = RenderBackend.PYMUPDF
) -> Iterator[Any]:
    """RGB PIL images of the given 1-based pages (all when None), in order."""
    _check_dpi(dpi)
    if backend is RenderBackend.PDF2IMAGE:
        yield from _render_poppler(path, pages, dpi)
        return
    import pymupdf

    fitz: Any = pymupdf
    image_mod = need("PIL.Image", "vision")
    try:
        doc = fitz.open(path, filetype="pdf")
    except Exception as exc:
        raise BadInputError(str(path), f"cannot open as PDF ({type(exc).__name__}: {exc})") from exc
    try:
        wanted = pages if pages is not None else list(range(1, doc.page_count + 1))
        for p in wanted:
            if not 1 <= p <= doc.page_count:
                raise BadInputError(str(path), f"page {p} out of range 1..{doc.page_count}")
            pix = doc[p - 1].get_pixmap(dpi=dpi, alpha=False)
            yield image_mod.frombytes("RGB", (pix.width, pix.height), pix.samples)
    finally:
        doc.close()


def _render_poppler(path: Path, pages: list[int] | None, dpi: int) -> Iterator[Any]:
    pdf2image = need("pdf2image", "ocr")
    if pages is None:
        for im in pdf2image.convert_from_path(str(path), dpi=dpi):
            yield im.convert("RGB")
        return
    for p in pages:
        ims = pdf2image.convert_from_path(str(path), dpi=dpi, first_page=p, last_page=p)
        if not ims:
            raise BadInputError(str(path), f"page {p} could not be rendered")
        yield ims[0].convert("RGB")


def image_dpi(image: Any) -> float:
    """The resolution an image file records (x direction), else DEFAULT_IMAGE_DPI."""
    dpi = image.info.get("dpi")
    try:
        value = float(dpi[0]) if dpi else 0.0
    except (TypeError, ValueError, IndexError):
        value = 0.0
    return value if MIN_DPI <= value <= MAX_DPI else float(DEFAULT_IMAGE_DPI)


def open_image_pages(path: Path) -> Iterator[tuple[Any, float]]:
    """(RGB image, dpi) for every frame of an image file (a multi-page TIFF gives several)."""
    image_mod = need("PIL.Image", "vision")
    try:
        im = image_mod.open(path)
        im.load()
    except Exception as exc:
        raise BadInputError(str(path), f"cannot open as image ({type(exc).__name__}: {exc})") from exc
    n = getattr(im, "n_frames", 1)
    for i in range(n):
        im.seek(i)
        yield im.convert("RGB"), image_dpi(im)
