"""`tablerag report`: one HTML page per index — per document its pages, tables, the path that found each table
(model or heuristic), confidences and errors, and every table as its page crop beside its extracted Markdown.

Every piece of document text is escaped: cells are data, never markup.
"""

from __future__ import annotations

import base64
import html
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tablerag.index.core import Index

CROP_DPI = 110  # enough to read a table's digits beside its Markdown; keeps a 100-table report small
CROP_MARGIN_PT = 6.0  # a little page around the table so a cut-off border is visible
MAX_TABLES_PER_DOC = 200  # a report is for looking: past this, a document lists counts only

_CSS = """body{font-family:system-ui,sans-serif;margin:2em;color:#222}h2{border-bottom:1px solid #ccc}
table.meta td{padding:0 1em 0 0}.pair{display:flex;gap:1.5em;margin:1em 0 2em}.pair img{max-width:48vw;
border:1px solid #aaa}.pair pre{white-space:pre-wrap;font-size:12px;max-width:48vw;overflow:auto}
.err{color:#b00}.dim{color:#777}"""


def _crop_png(file: str, page: int | None, bbox: dict[str, Any] | None) -> bytes | None:
    """The table's region of its PDF page as PNG, or None for sources without pages."""
    if page is None or bbox is None or not file.lower().endswith(".pdf") or not Path(file).exists():
        return None
    import pymupdf

    fitz: Any = pymupdf  # untyped library: keep its calls out of the type checker
    with fitz.open(file) as pdf:
        p = pdf[page - 1]
        m = CROP_MARGIN_PT
        clip = fitz.Rect(bbox["x0"] - m, bbox["y0"] - m, bbox["x1"] + m, bbox["y1"] + m) & p.rect
        return bytes(p.get_pixmap(dpi=CROP_DPI, clip=clip).tobytes("png"))


def _table_section(row: tuple[Any, ...]) -> str:
    table_id, page, sheet, parser, markdown, data = row
    d = json.loads(data)
    where = f'sheet "{sheet}"' if sheet is not None else f"page {page}"
    conf = d.get("confidence")
    head = (
        f"<h4>{html.escape(table_id)} — {html.escape(where)} — path <b>{html.escape(parser or '?')}</b>"
        f" — confidence {conf if conf is not None else 'n/a'} — {d['n_rows']}×{d['n_cols']}</h4>"
    )
    png = _crop_png(d["source"]["file"], page, d["source"].get("bbox"))
    img = (
        f'<img alt="page crop" src="data:image/png;base64,{base64.b64encode(png).decode()}">'
        if png
        else '<p class="dim">(no page image for this source)</p>'
    )
    return f'{head}<div class="pair">{img}<pre>{html.escape(markdown or "")}</pre></div>'


def _document_section(index: Index, doc: Any) -> str:
    con = index.store.con
    rows = con.execute(
        "SELECT table_id, page, sheet, parser, markdown, data FROM tables WHERE doc = ? ORDER BY table_id", [doc.doc]
    ).fetchall()
    pages = con.execute("SELECT pages FROM documents WHERE doc = ?", [doc.doc]).fetchone()
    parsers: dict[str, int] = {}
    for r in rows:
        parsers[r[3] or "?"] = parsers.get(r[3] or "?", 0) + 1
    meta = (
        f"<table class='meta'><tr><td>sha256</td><td>{html.escape(doc.sha256)}</td></tr>"
        f"<tr><td>format</td><td>{html.escape(doc.format)}</td></tr>"
        f"<tr><td>pages</td><td>{pages[0] if pages and pages[0] is not None else '—'}</td></tr>"
        f"<tr><td>tables</td><td>{len(rows)} ({html.escape(', '.join(f'{k}: {v}' for k, v in parsers.items()))})</td></tr>"
        f"<tr><td>records</td><td>{doc.n_records}</td></tr>"
        f"<tr><td>version / access / tenant</td><td>{html.escape(str(doc.version))} / "
        f"{html.escape(str(doc.access_level))} / {html.escape(str(doc.tenant))}</td></tr></table>"
    )
    tables = "".join(_table_section(r) for r in rows[:MAX_TABLES_PER_DOC])
    return f"<h2>{html.escape(doc.path)}</h2>{meta}{tables}"


DOCUMENT_FILTERS = {
    "doc": "doc",
    "file": "path",
    "version": "version",
    "access_level": "access_level",
    "tenant": "tenant",
}


def _selected(index: Index, filters: dict[str, str] | None) -> list[Any]:
    """Committed documents passing every filter (an unknown key is an error, never a silently wider report)."""
    for key in filters or {}:
        if key not in DOCUMENT_FILTERS:
            raise ValueError(f"unknown report filter '{key}' (known: {', '.join(DOCUMENT_FILTERS)})")
    docs = index.store.manifest.documents(status="done")
    return [d for d in docs if all(getattr(d, DOCUMENT_FILTERS[k]) == v for k, v in (filters or {}).items())]


def build_report(index: Index, filters: dict[str, str] | None = None) -> str:
    """The whole report as one self-contained HTML string; with `filters` (tenant=..., access_level=...), only
    those documents. Failed files carry no tags, so a filtered report lists none of them."""
    docs = _selected(index, filters)
    failures = index.store.manifest.failures() if not filters else []
    n_tables = sum(d.n_tables for d in docs)
    n_records = sum(d.n_records for d in docs)
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'><title>tablerag report</title>",
        f"<style>{_CSS}</style></head><body><h1>tablerag report — {html.escape(str(index.path))}</h1>",
        f"<p>{len(docs)} documents, {n_tables} tables, {n_records} records, {len(failures)} failed files.</p>",
    ]
    if failures:
        items = "".join(f"<li class='err'>{html.escape(p)}: {html.escape(e)}</li>" for p, e in failures)
        parts.append(f"<h2>Errors</h2><ul>{items}</ul>")
    parts.extend(_document_section(index, d) for d in docs)
    parts.append("</body></html>")
    return "".join(parts)


def write_report(index: Index, out: Path, filters: dict[str, str] | None = None) -> Path:
    out.write_text(build_report(index, filters), encoding="utf-8")
    return out
