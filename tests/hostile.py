"""A hostile-file corpus, generated into a folder at test time (nothing large is committed).

Each builder writes one file and returns its path. Sizes are kept small where a lowered limit in the test shows
the same behaviour (a 2 MB line against a 1 MiB limit stands for a 100 MB line against the default).
"""

from __future__ import annotations

import struct
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

from helpers import build_seed000_workbook

LOL_LEVELS = 10  # "billion laughs": 10 levels of 10 references each = 10^10 expansions of "lol"


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_bomb(path: Path, width: int = 100_000, height: int = 100_000) -> Path:
    """A PNG whose header claims width x height grey pixels (10 G px) over a few hundred bytes of data."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    idat = zlib.compress(b"\x00" * 4096, 9)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", ihdr) + _png_chunk(b"IDAT", idat) + _png_chunk(b"IEND", b"")
    )
    return path


def pdf_giant_page(path: Path, side_pt: float = 14_400) -> Path:
    """One page of 200 x 200 inches (the PDF maximum): 900 M px at 150 dpi for whoever renders it."""
    import pymupdf

    doc = pymupdf.open()
    page = doc.new_page(width=side_pt, height=side_pt)
    page.insert_text((72, 72), "Revenue 2019 100")
    doc.save(path)
    return path


def pdf_huge_image(path: Path, side_px: int = 60_000) -> Path:
    """A normal page holding an image object that declares side_px x side_px pixels (3.6 G px)."""
    import pymupdf

    pix = pymupdf.Pixmap(pymupdf.csGRAY, pymupdf.IRect(0, 0, 4, 4))
    pix.clear_with(200)
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_image(pymupdf.Rect(72, 72, 144, 144), stream=pix.tobytes("png"))
    for xref in range(1, doc.xref_length()):
        if doc.xref_get_key(xref, "Subtype")[1] == "/Image":
            doc.xref_set_key(xref, "Width", str(side_px))
            doc.xref_set_key(xref, "Height", str(side_px))
    doc.save(path)
    return path


def pdf_many_pages(path: Path, pages: int = 2_000) -> Path:
    import pymupdf

    doc = pymupdf.open()
    for _ in range(pages):
        doc.new_page()
    doc.save(path)
    return path


_XREF = b"xref\n0 6\n0000000000 65535 f \n" + b"0000000999 00000 n \n" * 5  # every offset wrong
CYCLIC_PDF = (
    b"%PDF-1.4\n"
    b"1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
    b"2 0 obj << /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >> endobj\n"
    b"3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources 3 0 R >> endobj\n"
    b"4 0 obj << /Length 5 0 R >> stream\nBT /F1 12 Tf 72 712 Td (cycle) Tj ET\nendstream endobj\n"
    b"5 0 obj 5 0 R endobj\n" + _XREF + b"trailer << /Root 1 0 R /Size 6 /Prev 0 >>\nstartxref\n999999\n%%EOF\n"
)


def pdf_cyclic(path: Path) -> Path:
    """A page tree that contains itself, a self-referencing object, a resource dict pointing at its page, and an
    xref table whose every offset is wrong."""
    path.write_bytes(CYCLIC_PDF)
    return path


def pdf_broken_xref(path: Path, real_pdf: Path) -> Path:
    """A real PDF with its startxref offset and xref entries garbled (readers must repair or refuse)."""
    data = real_pdf.read_bytes()
    cut = data.rfind(b"startxref")
    path.write_bytes(data[:cut] + b"startxref\n123456789\n%%EOF\n" if cut > 0 else data[: len(data) // 2])
    return path


def _rewrite_zip(src: Path, dst: Path, replace: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = replace.get(info.filename, zin.read(info.filename))
            zout.writestr(info.filename, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return dst


def _sheet_xml(book: Path) -> bytes:
    with zipfile.ZipFile(book) as z:
        return z.read("xl/worksheets/sheet1.xml")


def xlsx_zip_bomb(path: Path, tmp: Path, inflate_bytes: int = 24 * 1024**2) -> Path:
    """A valid workbook whose sheet XML ends in `inflate_bytes` of whitespace: ~1,000x compression."""
    book = build_seed000_workbook(tmp / "bomb-src.xlsx")
    sheet = _sheet_xml(book) + b" " * inflate_bytes
    return _rewrite_zip(book, path, {"xl/worksheets/sheet1.xml": sheet})


def _sheet_with_dtd(book: Path, path: Path, dtd: str, cell_text: str) -> Path:
    sheet = _sheet_xml(book).decode("utf-8")
    decl = f"<!DOCTYPE worksheet [{dtd}]>"
    sheet = sheet.replace("?>", "?>" + decl, 1) if sheet.startswith("<?xml") else decl + sheet
    cell = f'<row r="20"><c r="A20" t="inlineStr"><is><t>{cell_text}</t></is></c></row>'
    sheet = sheet.replace("</sheetData>", cell + "</sheetData>", 1)
    return _rewrite_zip(book, path, {"xl/worksheets/sheet1.xml": sheet.encode("utf-8")})


def xlsx_xxe(path: Path, tmp: Path, target: str = "/etc/passwd") -> Path:
    """A workbook whose sheet declares an external entity and uses it in an inline-string cell."""
    book = build_seed000_workbook(tmp / "xxe-src.xlsx")
    return _sheet_with_dtd(book, path, f'<!ENTITY xxe SYSTEM "file://{target}">', "&xxe;")


def xlsx_billion_laughs(path: Path, tmp: Path) -> Path:
    """A workbook whose sheet expands 'lol' 10^10 times through nested entities."""
    book = build_seed000_workbook(tmp / "lol-src.xlsx")
    ents = ['<!ENTITY lol0 "lol">'] + [
        f'<!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10}">' for i in range(1, LOL_LEVELS)
    ]
    return _sheet_with_dtd(book, path, "".join(ents), f"&lol{LOL_LEVELS - 1};")


def csv_long_line(path: Path, line_bytes: int = 2 * 1024**2) -> Path:
    """A CSV whose second line is one `line_bytes` field, written in blocks (never held whole)."""
    with open(path, "wb") as fh:
        fh.write(b"name,value\n")
        block = b"x" * (64 * 1024)
        for _ in range(line_bytes // len(block)):
            fh.write(block)
        fh.write(b",1\nb,2\n")
    return path


def csv_many_columns(path: Path, columns: int = 1_000_000) -> Path:
    """A CSV with one header line of a million fields (2 MB)."""
    with open(path, "wb") as fh:
        fh.write(b"1," * (columns - 1) + b"1\n")
        fh.write(b"2," * (columns - 1) + b"2\n")
    return path


def wrong_extensions(folder: Path, real_pdf: Path, real_xlsx: Path) -> list[Path]:
    """Files whose suffix lies about their content, and one type no reader handles."""
    out = []
    for name, data in [
        ("really-a-pdf.xlsx", real_pdf.read_bytes()),
        ("really-a-workbook.pdf", real_xlsx.read_bytes()),
        ("really-a-png.csv", (folder / "bomb.png").read_bytes() if (folder / "bomb.png").exists() else b"\x89PNG\r\n"),
        ("really-text.png", b"name,value\na,1\n"),
        ("macro.xlsm.docx", b"PK\x03\x04junk"),
    ]:
        p = folder / name
        p.write_bytes(data)
        out.append(p)
    return out


# (file name, expected error keyword) for the files every hostile batch holds; see build_corpus
Builder = Callable[[Path, Path], Path]


def build_corpus(folder: Path, tmp: Path, shared: Path) -> dict[str, str]:
    """Every hostile file into `folder`; name -> a word its error must contain."""
    real_pdf = shared / "tabula-java" / "pdfs" / "us-020.pdf"
    real_xlsx = build_seed000_workbook(tmp / "real.xlsx")
    expected = {
        png_bomb(folder / "bomb.png").name: "max_pixels_per_page",
        pdf_giant_page(folder / "giant-page.pdf").name: "max_pixels_per_page",
        pdf_huge_image(folder / "huge-image.pdf").name: "max_pixels_per_page",
        pdf_many_pages(folder / "many-pages.pdf").name: "max_pages",
        xlsx_zip_bomb(folder / "zip-bomb.xlsx", tmp).name: "max_xml_inflate_ratio",
        xlsx_xxe(folder / "xxe.xlsx", tmp).name: "DTD",
        xlsx_billion_laughs(folder / "laughs.xlsx", tmp).name: "DTD",
        csv_long_line(folder / "long-line.csv").name: "max_line_bytes",
        csv_many_columns(folder / "wide.csv").name: "max_columns",
    }
    for p in wrong_extensions(folder, real_pdf, real_xlsx):
        expected[p.name] = "unsupported" if p.suffix == ".docx" else "not a"
    return expected
