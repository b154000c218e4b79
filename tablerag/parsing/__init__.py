"""Readers: one per format, each returns a ParsedDocument (tables + prose blocks).

`parse(path)` sniffs the content (not only the extension) and dispatches. Every failure to read is raised as
BadInputError naming the file and the cause. This package never imports `tablerag.index`.
"""

from __future__ import annotations

import os
from enum import StrEnum
from pathlib import Path

from tablerag.errors import BadInputError, UnsupportedFormatError
from tablerag.limits import Limits, check_cells
from tablerag.model import ParsedDocument, sha256_file
from tablerag.parsing.delimited import read_delimited
from tablerag.parsing.image import read_image
from tablerag.parsing.pdf import read_pdf
from tablerag.parsing.safety import preflight
from tablerag.parsing.spreadsheet import read_xlsx
from tablerag.parsing.text import read_text
from tablerag.parsing.xls import read_xls

MAX_FILE_BYTES = 2 * 1024**3  # 2 GiB: larger inputs are almost surely not documents a person wrote


class Format(StrEnum):
    PDF = "pdf"
    XLSX = "xlsx"
    XLS = "xls"
    CSV = "csv"
    TEXT = "text"
    IMAGE = "image"


SUFFIXES: dict[str, Format] = {
    ".pdf": Format.PDF,
    ".xlsx": Format.XLSX,
    ".xlsm": Format.XLSX,
    ".xls": Format.XLS,
    ".csv": Format.CSV,
    ".tsv": Format.CSV,
    ".txt": Format.TEXT,
    ".md": Format.TEXT,
    ".markdown": Format.TEXT,
    ".png": Format.IMAGE,
    ".jpg": Format.IMAGE,
    ".jpeg": Format.IMAGE,
    ".tif": Format.IMAGE,
    ".tiff": Format.IMAGE,
}

_MAGIC: list[tuple[bytes, str]] = [
    (b"%PDF", "PDF"),
    (b"PK\x03\x04", "ZIP/XLSX"),
    (b"\x89PNG", "PNG"),
    (b"\xff\xd8\xff", "JPEG"),
    (b"GIF8", "GIF"),
    (b"II*\x00", "TIFF"),
    (b"MM\x00*", "TIFF"),
    (b"\xd0\xcf\x11\xe0", "legacy OLE (.xls/.doc)"),
]


_IMAGE_MAGIC = frozenset({"PNG", "JPEG", "TIFF"})  # image formats the vision path reads (any suffix among them)


def _sniff(head: bytes) -> str | None:
    for magic, name in _MAGIC:
        if head.startswith(magic):
            return name
    return None


def detect_format(path: Path) -> Format:
    """The reader for a file, checked against its first bytes so a renamed file gets a clear error."""
    if not path.exists():
        raise BadInputError(str(path), "file not found")
    if not path.is_file():
        raise BadInputError(str(path), "not a regular file")
    size = path.stat().st_size
    if size == 0:
        raise BadInputError(str(path), "empty file (0 bytes)")
    if size > MAX_FILE_BYTES:
        raise BadInputError(str(path), f"file too large ({size} bytes > {MAX_FILE_BYTES})")
    fmt = SUFFIXES.get(path.suffix.lower())
    if fmt is None:
        raise UnsupportedFormatError(str(path), f"unsupported file type '{path.suffix or '(none)'}'")
    with open(path, "rb") as fh:
        head = fh.read(8)
    # a PDF may have a few junk bytes before %PDF; the spec allows the header within the first 1024 bytes
    if fmt is Format.PDF:
        with open(path, "rb") as fh:
            if b"%PDF" not in fh.read(1024):
                found = _sniff(head)
                raise BadInputError(str(path), f"not a PDF (content looks like {found or 'unknown data'})")
    elif fmt is Format.XLS and not head.startswith(b"\xd0\xcf\x11\xe0"):
        found = _sniff(head)
        raise BadInputError(str(path), f"not a legacy .xls workbook (content looks like {found or 'unknown data'})")
    elif fmt is Format.XLSX and not head.startswith(b"PK\x03\x04"):
        found = _sniff(head)
        raise BadInputError(str(path), f"not an XLSX workbook (content looks like {found or 'unknown data'})")
    elif fmt is Format.IMAGE and _sniff(head) not in _IMAGE_MAGIC:
        found = _sniff(head)
        raise BadInputError(str(path), f"not a PNG, JPEG or TIFF image (content looks like {found or 'unknown data'})")
    elif fmt in (Format.CSV, Format.TEXT) and (found := _sniff(head)) is not None:
        raise BadInputError(str(path), f"not a text file (content looks like {found})")
    return fmt


def parse(
    path: str | os.PathLike[str],
    pages: list[int] | None = None,
    limits: Limits | None = None,
    sha256: str | None = None,
) -> ParsedDocument:
    """Read one file into tables and prose. `pages` (1-based) limits a PDF to those pages. `limits` (default:
    `Limits()`) are checked before reading (parsing.safety) and on the tables read; LimitExceededError names them.
    `sha256`: the file's digest when the caller has just computed it (the file is then not read twice for it)."""
    p = Path(path)
    fmt = detect_format(p)
    limits = limits or Limits.from_env()
    preflight(p, fmt.value, limits)
    doc = _dispatch(p, fmt, pages, sha256)
    check_cells(str(p), doc.tables, limits)
    return doc


def _dispatch(p: Path, fmt: Format, pages: list[int] | None, sha256: str | None = None) -> ParsedDocument:
    sha = sha256 or sha256_file(p)
    if fmt is Format.PDF:
        return read_pdf(p, sha, pages=pages)
    if fmt is Format.XLS:
        return read_xls(p, sha)
    if fmt is Format.XLSX:
        return read_xlsx(p, sha)
    if fmt is Format.IMAGE:
        return read_image(p, sha)
    if fmt is Format.CSV:
        return read_delimited(p, sha)
    return read_text(p, sha)
