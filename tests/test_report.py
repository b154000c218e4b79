"""`tablerag report`: the HTML opens, lists documents, paths, errors, crops beside Markdown, and escapes cells."""

from __future__ import annotations

import shutil
import subprocess
import sys
from html.parser import HTMLParser

from helpers import build_seed000_workbook


class Collect(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []
        self.images: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "img":
            self.images.append(dict(attrs)["src"])

    def handle_data(self, data):
        self.text.append(data)


def test_report_html(tmp_path, shared_data):
    docs = tmp_path / "docs"
    docs.mkdir()
    shutil.copy(shared_data / "tabula-java" / "pdfs" / "us-020.pdf", docs / "report.pdf")
    book = build_seed000_workbook(docs / "сети.xlsx")
    import openpyxl

    wb = openpyxl.load_workbook(book)
    wb["Сети"]["A7"] = "<script>alert('x')</script>"
    wb["Сети"]["B7"] = "Да"
    wb.save(book)
    (docs / "broken.csv").write_bytes(b"")
    cli = [sys.executable, "-m", "tablerag.cli"]
    subprocess.run([*cli, "ingest", str(docs), "--index", str(tmp_path / "idx")], check=True, capture_output=True)
    out = tmp_path / "report.html"
    subprocess.run(
        [*cli, "report", "--index", str(tmp_path / "idx"), "--out", str(out)], check=True, capture_output=True
    )
    page = out.read_text(encoding="utf-8")
    assert "<script>alert" not in page and "&lt;script&gt;" in page
    parsed = Collect()
    parsed.feed(page)
    text = " ".join(parsed.text)
    assert "report.pdf" in text and "сети.xlsx" in text
    assert "broken.csv" in text and "empty" in text  # the failed file and its cause
    assert "spreadsheet" in text and ("pdf-ruled" in text or "pdf-stream" in text)  # the path per table
    assert any(src.startswith("data:image/png;base64,") for src in parsed.images)  # a PDF table's page crop
    assert "СЕВЕРЯНКА" in text  # the Markdown beside it
