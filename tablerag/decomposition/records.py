"""Records for the index: row records (seed-000 format), cell facts (triples), table summaries, prose.

Pure functions of the core model. Row record format (seed 000):
``Sheet "Сети", row 4: A (Название сети)=СЕВЕРЯНКА; B (Партнёр)=Да; C (Каналы National (Urban) / Гипермаркеты)=91``
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tablerag.decomposition.serialize import filled_grid
from tablerag.model import ParsedDocument, ProseBlock, Provenance, Record, Table

SUMMARY_MAX_COLUMNS = 12  # a summary names at most this many columns; wider tables get "and N more"
FACT_MAX_CELLS_PER_TABLE = 5000  # past this a table's facts add index weight but no new words; rows cover it


@dataclass(frozen=True, slots=True)
class Tags:
    """Ingest-time tags every record carries; used as pre-ranking filters."""

    version: str | None = None
    access_level: str | None = None
    tenant: str | None = None


def table_title(table: Table) -> str:
    """What names the table in every chunk: its caption, else file and sheet or page."""
    name = Path(table.source.file).name
    where = f'sheet "{table.source.sheet}"' if table.source.sheet is not None else f"page {table.source.page}"
    return f"{table.caption} ({name}, {where})" if table.caption else f"{name}, {where}"


def locator(table: Table, row: int) -> str:
    """`Sheet "Сети", row 4` for spreadsheets, `Page 3, table 2, row 5` for PDFs, `Line 7` for CSV."""
    if table.source.sheet is not None:
        return f'Sheet "{table.source.sheet}", row {table.row_label(row)}'
    if table.source.page is not None:
        return f"Page {table.source.page}, table {table.table_no + 1}, row {table.row_label(row)}"
    return f"Row {table.row_label(row)}"


def row_text(table: Table, row: int, grid: list[list[str]] | None = None) -> str:
    """One data row with column label, header chain and value per non-empty cell; empty cells dropped."""
    grid = grid if grid is not None else filled_grid(table)
    parts = []
    for col, text in enumerate(grid[row]):
        value = " ".join(text.split())
        if not value:
            continue
        name = table.column_name(col)
        label = table.column_label(col)
        parts.append(f"{label} ({name})={value}" if name else f"{label}={value}")
    return f"{locator(table, row)}: " + "; ".join(parts)


def row_header(table: Table, row: int, grid: list[list[str]], numeric: set[tuple[int, int]]) -> str:
    """The row's own name: its first non-empty, non-numeric cell (the stub column in most tables)."""
    for col, text in enumerate(grid[row]):
        t = " ".join(text.split())
        if t and (row, col) not in numeric:
            return t
    return locator(table, row)


def provenance(table: Table, tags: Tags, row: int | None = None, col: int | None = None) -> Provenance:
    src = table.source
    return Provenance(
        file=src.file,
        sha256=src.sha256,
        page=src.page,
        sheet=src.sheet,
        sheet_row=table.row_label(row) if (row is not None and src.sheet is not None) else None,
        table_id=table.id,
        row=row,
        col=col,
        column=table.column_label(col) if col is not None else None,
        version=tags.version,
    )


def summary_text(table: Table) -> str:
    """Template summary (seed 000): what the table is, what one row is, what the columns hold."""
    names = [table.column_name(c) or table.column_label(c) for c in range(table.n_cols)]
    shown = ", ".join(names[:SUMMARY_MAX_COLUMNS])
    more = f" and {len(names) - SUMMARY_MAX_COLUMNS} more" if len(names) > SUMMARY_MAX_COLUMNS else ""
    n_data = table.n_rows - table.header_rows
    first = names[0] if names else "item"
    return (
        f"Table: {table_title(table)}. {n_data} rows, one row per {first}. "
        f"Columns: {shown}{more}."
        + (f" Unit: {table.unit}." if table.unit else "")
        + (f" Notes: {' '.join(table.notes)}" if table.notes else "")
    )


def table_records(table: Table, tags: Tags, facts: bool = True) -> list[Record]:
    grid = filled_grid(table)
    numeric = {(c.row, c.col) for c in table.cells if c.value is not None}
    title = table_title(table)
    out = [Record(f"{table.id}:summary", "summary", summary_text(table), provenance(table, tags))]
    n_facts = 0
    for row in range(table.header_rows, table.n_rows):
        if not any(t.strip() for t in grid[row]):
            continue
        out.append(
            Record(f"{table.id}:r{row}", "row", f"{title}\n{row_text(table, row, grid)}", provenance(table, tags, row))
        )
        if not facts:
            continue
        head = row_header(table, row, grid, numeric)
        for col, text in enumerate(grid[row]):
            value = " ".join(text.split())
            if not value or value == head or n_facts >= FACT_MAX_CELLS_PER_TABLE:
                continue
            n_facts += 1
            column = table.column_name(col) or table.column_label(col)
            fact = f"{title}: {head} | {column} | {value}"
            out.append(Record(f"{table.id}:r{row}:c{col}", "fact", fact, provenance(table, tags, row, col)))
    return out


def prose_record(block: ProseBlock, doc_id: str, tags: Tags) -> Record:
    src = block.source
    prov = Provenance(file=src.file, sha256=src.sha256, page=src.page, sheet=src.sheet, version=tags.version)
    return Record(f"{doc_id}:p{block.block_no}", "prose", block.text, prov)


def document_records(doc: ParsedDocument, tags: Tags, facts: bool = True) -> list[Record]:
    """Every record of one document, in a stable order with stable ids."""
    out: list[Record] = []
    for table in doc.tables:
        out.extend(table_records(table, tags, facts=facts))
    out.extend(prose_record(b, doc.doc_id, tags) for b in doc.prose if b.text.strip())
    for rec in out:
        rec.metadata.update(
            {"doc": doc.doc_id, "kind": rec.kind, "file": doc.path}
            | {
                k: v
                for k, v in (("version", tags.version), ("access_level", tags.access_level), ("tenant", tags.tenant))
                if v
            }
        )
        if rec.provenance.table_id:
            rec.metadata["table_id"] = rec.provenance.table_id
    return out
