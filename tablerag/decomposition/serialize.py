"""Table serialisations: Markdown (for the generator), HTML (keeps spans, escaped), JSON (the CLI contract)."""

from __future__ import annotations

import html
from typing import Any

from tablerag.model import Table


def _md_cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def filled_grid(table: Table) -> list[list[str]]:
    """Text grid with every spanning cell's text copied to each slot it covers (what a reader sees)."""
    return table.filled_grid()


def to_markdown(table: Table) -> str:
    """GitHub Markdown; the header line is the column header chains, data rows follow."""
    if table.n_cols == 0:
        return ""
    grid = filled_grid(table)
    names = [table.column_name(c) or table.column_label(c) for c in range(table.n_cols)]
    lines = []
    if table.caption:
        lines.append(f"**{_md_cell(table.caption)}**\n")
    lines.append("| " + " | ".join(_md_cell(n) for n in names) + " |")
    lines.append("|" + "---|" * table.n_cols)
    for row in grid[table.header_rows :]:
        lines.append("| " + " | ".join(_md_cell(t) for t in row) + " |")
    if table.notes:
        lines.append("")
        lines.extend(_md_cell(n) for n in table.notes)
    return "\n".join(lines)


def to_html(table: Table) -> str:
    """HTML table with rowspan/colspan; every cell's text is escaped (cells are data, never markup)."""
    starts = {(c.row, c.col): c for c in table.cells}
    covered = {
        (r, k)
        for c in table.cells
        for r in range(c.row, c.row + c.row_span)
        for k in range(c.col, c.col + c.col_span)
        if (r, k) != (c.row, c.col)
    }
    parts = ["<table>"]
    if table.caption:
        parts.append(f"<caption>{html.escape(table.caption)}</caption>")
    for r in range(table.n_rows):
        parts.append("<tr>")
        for k in range(table.n_cols):
            if (r, k) in covered:
                continue
            cell = starts.get((r, k))
            tag = "th" if r < table.header_rows else "td"
            attrs = ""
            if cell is not None and cell.row_span > 1:
                attrs += f' rowspan="{cell.row_span}"'
            if cell is not None and cell.col_span > 1:
                attrs += f' colspan="{cell.col_span}"'
            text = html.escape(cell.text) if cell is not None else ""
            parts.append(f"<{tag}{attrs}>{text}</{tag}>")
        parts.append("</tr>")
    parts.append("</table>")
    return "".join(parts)


def to_json(table: Table) -> dict[str, Any]:
    """One table in the `tablerag tables --format json` contract."""
    src = table.source
    out: dict[str, Any] = {"id": table.id}
    if src.sheet is not None:
        out["sheet"] = src.sheet
        out["range"] = src.cell_range
    else:
        out["page"] = src.page
        out["bbox"] = src.bbox.as_list() if src.bbox else None
    out.update(
        caption=table.caption,
        notes=list(table.notes),
        unit=table.unit,
        header_rows=table.header_rows,
        n_rows=table.n_rows,
        n_cols=table.n_cols,
        parser=table.parser,
        confidence=table.confidence,
        columns=[_column_json(table, c) for c in range(table.n_cols)],
        rows=[{"index": r, "header_chain": list(chain)} for r, chain in enumerate(table.row_headers) if chain],
        cells=[_cell_json(table, c) for c in sorted(table.cells, key=lambda c: (c.row, c.col))],
    )
    if table.sheet_rows is not None:
        out["sheet_rows"] = list(table.sheet_rows)
    if table.row_pages is not None:
        out["row_pages"] = list(table.row_pages)
    return out


def _column_json(table: Table, col: int) -> dict[str, Any]:
    column: dict[str, Any] = {"index": col}
    if table.column_letters is not None:
        column["letter"] = table.column_letters[col]
    column["header_chain"] = list(table.column_chain(col))
    return column


def _cell_json(table: Table, cell: Any) -> dict[str, Any]:
    out: dict[str, Any] = {
        "row": cell.row,
        "col": cell.col,
        "row_span": cell.row_span,
        "col_span": cell.col_span,
        "text": cell.text,
        "value": cell.value,
        "is_header": cell.is_header,
    }
    if cell.unit:
        out["unit"] = cell.unit
    if cell.scale is not None:
        out["scale"] = cell.scale  # value already carries it; the text shows the word ("bn", "million")
    if cell.bbox is not None:
        out["bbox"] = cell.bbox.as_list()
    return out


FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")  # OWASP CSV injection: a spreadsheet evaluates these


def neutralise(text: str) -> str:
    """A cell as inert CSV text: a leading ' before a formula trigger (OWASP), so `=cmd|...` stays a string."""
    return "'" + text if text.startswith(FORMULA_PREFIXES) else text


def to_csv(table: Table) -> str:
    """The filled grid as CSV (header rows included), every formula-like cell neutralised."""
    import csv
    import io

    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    for row in filled_grid(table):
        writer.writerow([neutralise(t) for t in row])
    return buf.getvalue()
