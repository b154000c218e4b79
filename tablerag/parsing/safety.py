"""Pre-flight checks: cheap reads of a file's headers that stop hostile or oversized input before a reader
decodes it. Each check raises `LimitExceededError` naming the file, the limit and the value, or `BadInputError`
for content no honest file of that type holds (a DTD inside an XLSX part).

- PDF: page count; every page box and every embedded image's declared pixel count (a giant MediaBox or a
  50,000 x 50,000 px image is a decompression bomb for whoever renders it);
- images: pixel count per frame (PIL reads only the header) and frame count;
- XLSX: the zip's declared unpacked size and its compression ratio (zip bombs), and no ``<!DOCTYPE`` in any XML
  part (entity expansion, external entities). Python's zipfile never inflates past a member's declared size, so
  the declared sizes bound what openpyxl and the streaming reader can unpack;
- CSV/TSV/TXT/MD: the longest line and the most delimiters on one line, streamed in blocks.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from typing import Any

from tablerag.errors import BadInputError
from tablerag.limits import INFLATE_RATIO_MIN_BYTES, Limits, check

RENDER_DPI = 150  # the DPI pages are rendered at for the vision path (render.DEFAULT_DPI): pixels are judged there
POINTS_PER_INCH = 72.0
SCAN_BLOCK = 1024 * 1024  # bytes read at a time when scanning text lines: flat memory for any file
XML_HEAD_BYTES = 4096  # a DTD sits before the root element: the first KiB of a part holds it
MAX_XREFS_SCANNED = 1_000_000  # PDF objects looked at for images; a bigger xref table is itself hostile
DELIMITER_BYTES = (b",", b";", b"\t", b"|")  # the separators the CSV reader considers
_DOCTYPE = re.compile(rb"<!DOCTYPE|<!ENTITY", re.IGNORECASE)


def preflight(path: Path, fmt: str, limits: Limits) -> None:
    """Every check for a file of format `fmt` ("pdf", "xlsx", "csv", "text", "image")."""
    name = str(path)
    check(name, "max_file_bytes", path.stat().st_size, limits.max_file_bytes, "file size")
    if fmt == "pdf":
        check_pdf(path, limits)
    elif fmt == "xlsx":
        check_xlsx(path, limits)
    elif fmt == "image":
        check_image(path, limits)
    elif fmt in ("csv", "text"):
        check_lines(path, limits, columns=fmt == "csv")


# --------------------------------------------------------------------------------------------- PDF


def check_pdf(path: Path, limits: Limits) -> None:
    import pymupdf

    fitz: Any = pymupdf
    try:
        doc = fitz.open(path, filetype="pdf")
    except Exception as exc:  # the reader gives the same cause; here it only must not escape as another type
        raise BadInputError(str(path), f"cannot open as PDF ({type(exc).__name__}: {exc})") from exc
    try:
        if doc.needs_pass:
            return  # the reader names the cause (a password is needed)
        check(str(path), "max_pages", doc.page_count, limits.max_pages, "pages")
        if limits.max_pixels_per_page is not None:
            _check_pdf_pixels(doc, path, limits.max_pixels_per_page)
    finally:
        doc.close()


def _check_pdf_pixels(doc: Any, path: Path, maximum: int) -> None:
    scale = RENDER_DPI / POINTS_PER_INCH
    for i in range(doc.page_count):
        try:
            rect = doc[i].rect
        except Exception:  # a broken page object: the reader reports (and skips) it
            continue
        pixels = int(abs(rect.width) * scale) * int(abs(rect.height) * scale)
        check(str(path), "max_pixels_per_page", pixels, maximum, f"page {i + 1} at {RENDER_DPI} dpi")
    for xref in range(1, min(doc.xref_length(), MAX_XREFS_SCANNED)):
        if _key(doc, xref, "Subtype") != ("name", "/Image"):
            continue
        width, height = _int_key(doc, xref, "Width"), _int_key(doc, xref, "Height")
        check(str(path), "max_pixels_per_page", width * height, maximum, f"embedded image (object {xref})")


def _key(doc: Any, xref: int, key: str) -> tuple[str, str]:
    """A key of a PDF object; ("null", "null") for objects the xref names but the file lacks (broken files)."""
    try:
        kind, value = doc.xref_get_key(xref, key)
    except Exception:  # MuPDF raises its own types for missing or damaged objects
        return "null", "null"
    return str(kind), str(value)


def _int_key(doc: Any, xref: int, key: str) -> int:
    kind, value = _key(doc, xref, key)
    try:
        return int(float(value)) if kind in ("int", "float") else 0
    except ValueError:
        return 0


# --------------------------------------------------------------------------------------------- images


def check_image(path: Path, limits: Limits) -> None:
    from PIL import Image

    try:
        with Image.open(path) as im:  # lazy: only the header is read
            frames = int(getattr(im, "n_frames", 1))
            check(str(path), "max_pages", frames, limits.max_pages, "image frames")
            width, height = im.size
    except (BadInputError, MemoryError):
        raise
    except Image.DecompressionBombError as exc:  # PIL refuses first: its line is ours (MAX_PIXELS_PER_PAGE)
        found = re.search(r"\((\d+) pixels\)", str(exc))
        pixels = int(found.group(1)) if found else -1  # -1: PIL did not say; still refused below
        check(str(path), "max_pixels_per_page", pixels, limits.max_pixels_per_page, "image size")
        raise BadInputError(str(path), f"image too large to decode safely ({exc})") from exc
    except Exception as exc:  # PIL raises many types for broken headers, DecompressionBombError among them
        raise BadInputError(str(path), f"cannot open as image ({type(exc).__name__}: {exc})") from exc
    check(str(path), "max_pixels_per_page", width * height, limits.max_pixels_per_page, "image size")


# --------------------------------------------------------------------------------------------- XLSX


def check_xlsx(path: Path, limits: Limits) -> None:
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
            _check_inflation(path, members, limits)
            for info in members:
                if info.filename.endswith((".xml", ".rels", ".vml")):
                    _check_xml_head(path, archive, info)
    except zipfile.BadZipFile as exc:
        raise BadInputError(str(path), f"not a readable XLSX workbook (BadZipFile: {exc})") from exc


def _check_inflation(path: Path, members: list[zipfile.ZipInfo], limits: Limits) -> None:
    total = sum(i.file_size for i in members)
    check(str(path), "max_xml_inflate_bytes", total, limits.max_xml_inflate_bytes, "unzipped size")
    if limits.max_xml_inflate_ratio is None:
        return
    for info in members:
        if info.file_size >= INFLATE_RATIO_MIN_BYTES:
            ratio = round(info.file_size / max(1, info.compress_size), 1)
            check(str(path), "max_xml_inflate_ratio", ratio, limits.max_xml_inflate_ratio, f"part {info.filename}")


def _check_xml_head(path: Path, archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> None:
    try:
        with archive.open(info) as fh:
            head = fh.read(XML_HEAD_BYTES)
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError, EOFError) as exc:
        raise BadInputError(str(path), f"unreadable part {info.filename} ({type(exc).__name__}: {exc})") from exc
    except Exception as exc:  # zlib.error and friends: a damaged part
        raise BadInputError(str(path), f"unreadable part {info.filename} ({type(exc).__name__}: {exc})") from exc
    utf16 = head.startswith((b"\xff\xfe", b"\xfe\xff"))
    if _DOCTYPE.search(head.decode("utf-16", errors="ignore").encode() if utf16 else head):
        raise BadInputError(
            str(path), f"part {info.filename} declares a DTD (entities are refused: entity expansion, external files)"
        )


# --------------------------------------------------------------------------------------------- text


def check_lines(path: Path, limits: Limits, columns: bool) -> None:
    """Longest line and (for delimited files) most delimiters on one line, streamed block by block. Lines whole
    inside a block are split only when the block could hold an offender (cheap for ordinary files)."""
    line = _Line(str(path), limits, columns)
    with open(path, "rb") as fh:
        while block := fh.read(SCAN_BLOCK):
            first, last = block.find(b"\n"), block.rfind(b"\n")
            if first < 0:
                line.extend(block)
                continue
            line.extend(block[:first])
            line.close()
            middle = block[first + 1 : last]
            if line.could_offend(middle):
                for part in middle.split(b"\n"):
                    line.extend(part)
                    line.close()
            line.extend(block[last + 1 :])
    line.close()


class _Line:
    """The line being read: its length and delimiter counts so far."""

    def __init__(self, path: str, limits: Limits, columns: bool) -> None:
        self.path, self.limits, self.columns = path, limits, columns
        self.length = 0
        self.counts = dict.fromkeys(DELIMITER_BYTES, 0)

    def extend(self, part: bytes) -> None:
        self.length += len(part)
        if self.columns:
            for d in DELIMITER_BYTES:
                self.counts[d] += part.count(d)
        self._check()

    def close(self) -> None:
        self._check()
        self.length = 0
        self.counts = dict.fromkeys(DELIMITER_BYTES, 0)

    def could_offend(self, chunk: bytes) -> bool:
        long = self.limits.max_line_bytes is not None and len(chunk) > self.limits.max_line_bytes
        wide = self.columns and self.limits.max_columns is not None
        return long or (wide and any(chunk.count(d) + 1 > (self.limits.max_columns or 0) for d in DELIMITER_BYTES))

    def _check(self) -> None:
        check(self.path, "max_line_bytes", self.length, self.limits.max_line_bytes, "longest line")
        if self.columns:
            fields = max(self.counts.values()) + 1
            check(self.path, "max_columns", fields, self.limits.max_columns, "fields on one line")
