"""CSV/TSV reader: one table per file, with the encoding and the delimiter sniffed from the content.

Encoding, in this order: a BOM (UTF-8, UTF-16) wins; then strict UTF-8; then charset-normalizer's best guess when
it is installed (it is optional); then cp1251 (the usual legacy code page of Russian exports); then
latin-1, which decodes anything, so text full of control characters is rejected as binary afterwards.

Delimiter: a ``.tsv`` file is tab-separated; otherwise ``csv.Sniffer`` over a sample, restricted to
``, ; <tab> |``, and when it cannot decide, the candidate that splits the sample's lines most consistently.
Backslash-escaped quotes (``\\"``, as in WikiTableQuestions) are honoured when the text uses them.

Row numbering: grid row ``r`` is the ``r``-th CSV record counted from the first non-blank line; blank lines inside
the table stay as empty rows (no cells), so for an ordinary file grid row == 0-based line index minus the number
of leading blank lines. ``Table.sheet_rows[r]`` is always the 1-based line on which record ``r`` starts, so a
citation shows the real line even after quoted multi-line fields. Ragged rows are padded (missing cells are
simply empty); all-empty trailing columns are dropped.

Stacked headers: a header block inside the body (",As at 31 December 2018," or ",2019,2018" after rows of values,
see `headers.header_blocks`) starts a table of its own, so its rows take that block's column labels; grid rows are
then counted per table, and ``sheet_rows`` still gives each row's line in the file.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from pathlib import Path

from tablerag.errors import BadInputError
from tablerag.model import Cell, ParsedDocument, SourceLocator, Table, table_id
from tablerag.parsing.cells import cell_from_text
from tablerag.parsing.footnotes import trailing_note_rows
from tablerag.parsing.headers import apply_headers
from tablerag.parsing.numbers import mark_folds
from tablerag.parsing.sides import cut_tables

SNIFF_CHARS = 64 * 1024  # enough lines to sniff a dialect; the csv module is slow on megabytes of sample
DELIMITERS = ",;\t|"  # the separators real exports use (comma, European semicolon, tab, pipe)
MAX_CONTROL_SHARE = 0.01  # decoded text with more control characters than this is binary, not a table
MAX_FIELD_CHARS = 16 * 1024 * 1024  # the csv default (128 KiB) rejects long cells that real exports contain
MIN_ROWS_UNDER_TITLE = 2  # a title row is the caption only when a header and a row of values stand below it
_BOMS: list[tuple[bytes, str]] = [
    (b"\xef\xbb\xbf", "utf-8-sig"),
    (b"\xff\xfe", "utf-16"),
    (b"\xfe\xff", "utf-16"),
]
_FALLBACKS = ("cp1251", "latin-1")
_ALLOWED_CONTROLS = "\t\n\r\f\v"


def _guess_encoding(raw: bytes) -> str | None:
    try:
        from charset_normalizer import from_bytes
    except ImportError:  # optional: without it the fixed fallback order applies
        return None
    best = from_bytes(raw[: SNIFF_CHARS * 4]).best()
    return best.encoding if best is not None else None


def decode(raw: bytes, path: Path) -> str:
    """Bytes to text by BOM, UTF-8, charset-normalizer's guess, cp1251, latin-1; BadInputError for binary."""
    for bom, enc in _BOMS:
        if raw.startswith(bom):
            return _checked(raw.decode(enc, errors="replace"), path)
    if b"\x00" in raw[:SNIFF_CHARS]:
        raise BadInputError(str(path), "binary content (NUL bytes), not a delimited text file")
    try:
        return _checked(raw.decode("utf-8"), path)
    except UnicodeDecodeError:
        pass
    guess = _guess_encoding(raw)
    for enc in ([guess] if guess else []) + list(_FALLBACKS):
        try:
            return _checked(raw.decode(enc), path)
        except (UnicodeDecodeError, LookupError):
            continue
    raise BadInputError(str(path), "undecodable text")  # pragma: no cover - latin-1 decodes any byte


def _checked(text: str, path: Path) -> str:
    sample = text[:SNIFF_CHARS]
    controls = sum(1 for ch in sample if ord(ch) < 32 and ch not in _ALLOWED_CONTROLS)
    if sample and controls / len(sample) > MAX_CONTROL_SHARE:
        raise BadInputError(str(path), "binary content (control characters), not a delimited text file")
    if not text.strip():
        raise BadInputError(str(path), "empty file (no text after decoding)")
    return text


def _consistency(sample: str, delimiter: str) -> tuple[int, int]:
    """(lines sharing the most common field count, that count) when the sample is split by `delimiter`."""
    try:  # newline="" as in _records: a bare CR inside a field is data, not a csv.Error (found by bench/fuzz.py)
        counts = Counter(len(row) for row in csv.reader(io.StringIO(sample, newline=""), delimiter=delimiter) if row)
    except csv.Error:  # this delimiter cannot split the sample: it is not the one
        return 0, 0
    if not counts:
        return 0, 0
    width, lines = counts.most_common(1)[0]
    return (lines if width > 1 else 0), width


def _delimiter(sample: str, path: Path) -> str:
    if path.suffix.lower() == ".tsv":
        return "\t"
    try:
        found = csv.Sniffer().sniff(sample, delimiters=DELIMITERS).delimiter
        if _consistency(sample, found)[1] > 1:
            return found
    except csv.Error:
        pass
    best = max(DELIMITERS, key=lambda d: _consistency(sample, d))
    return best if _consistency(sample, best)[0] > 0 else ","


def _records(text: str, delimiter: str, path: Path) -> list[tuple[int, list[str]]]:
    """(1-based start line, fields) for every record, blank lines included as empty records."""
    sample = text[:SNIFF_CHARS]
    escape = "\\" if '\\"' in sample else None
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, escapechar=escape)
    out: list[tuple[int, list[str]]] = []
    line = 1
    limit = csv.field_size_limit()
    csv.field_size_limit(max(limit, MAX_FIELD_CHARS))
    try:
        for fields in reader:
            out.append((line, [f.strip() for f in fields]))
            line = reader.line_num + 1
    except csv.Error as exc:
        raise BadInputError(str(path), f"malformed delimited text near line {line}: {exc}") from exc
    finally:
        csv.field_size_limit(limit)
    return out


def _trim(records: list[tuple[int, list[str]]]) -> list[tuple[int, list[str]]]:
    """The records that hold a value: blank lines (an export's spacer rows) say nothing, and a record keeps its
    line number, so rows are still cited by the file's own lines."""
    return [(line, fields) for line, fields in records if any(fields)]


def grid_title(rows: list[list[str]]) -> str | None:
    """A first row that writes one text in every field of a table's width (a merged title exported cell by cell:
    "Balance sheet,Balance sheet,Balance sheet"), above at least a header and a row: the table's caption, not its
    header. None otherwise. (Rows as the reader sees them: leading blank rows already dropped.)"""
    if len(rows) < MIN_ROWS_UNDER_TITLE + 1:
        return None
    fields = rows[0]
    width = max(len(f) for f in rows)
    said = {" ".join(str(f).split()) for f in fields}
    if len(fields) < 2 or len(fields) < width or len(said) != 1 or not next(iter(said)):
        return None
    return next(iter(said))


def _fold_marks(records: list[tuple[int, list[str]]]) -> list[tuple[int, list[str]]]:
    """Columns of currency and percent marks folded into the amounts beside them (`mark_folds`); a column so
    emptied is then blank."""
    width = max(len(fields) for _, fields in records)
    out = [(line, list(fields) + [""] * (width - len(fields))) for line, fields in records]
    for r, col, into in mark_folds([fields for _, fields in out]):
        fields = out[r][1]
        mark, value = fields[col].strip(), fields[into].strip()
        fields[into] = f"{mark}{value}" if into > col else f"{value}{mark}"
        fields[col] = ""
    return out


def _without_blank_columns(records: list[tuple[int, list[str]]]) -> tuple[list[tuple[int, list[str]]], list[int]]:
    """The records without the fields of columns empty in every record (an export's spacer columns, which would
    stand between a spanning label and the columns it heads), and the 0-based file column of each field kept."""
    width = max(len(fields) for _, fields in records)
    used = [c for c in range(width) if any(c < len(fields) and fields[c] for _, fields in records)]
    return [(line, [fields[c] for c in used if c < len(fields)]) for line, fields in records], used


def _tables(records: list[tuple[int, list[str]]], path: Path, sha256: str) -> list[Table]:
    width = max(len(fields) for _, fields in records)
    records, used = _without_blank_columns(_fold_marks(records))
    title = grid_title([fields for _, fields in records])
    if title is not None:
        records = records[1:]
    n_notes = trailing_note_rows([fields for _, fields in records])
    notes = [fields[0] for _, fields in records[len(records) - n_notes :]]
    records = records[: len(records) - n_notes]
    cells: list[Cell] = []
    for r, (_, fields) in enumerate(records):
        for c, text in enumerate(fields):
            if text:
                cells.append(cell_from_text(r, c, text))
    n_cols = max(c.col for c in cells) + 1
    table = Table(
        id=table_id(sha256, 0),
        source=SourceLocator(file=str(path), sha256=sha256),
        n_rows=len(records),
        n_cols=n_cols,
        cells=cells,
        sheet_rows=[line for line, _ in records],
        # the file's own column numbers when spacer columns were left out (citations name the file's columns)
        column_letters=[str(c + 1) for c in used] if len(used) < width else None,
        caption=title,
        notes=notes,
        parser="csv",
    )
    return cut_tables(apply_headers(table))


def read_nonempty(path: Path) -> bytes:
    """The file's bytes; BadInputError when it cannot be read or is empty."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise BadInputError(str(path), f"cannot read file: {exc}") from exc
    if not raw:
        raise BadInputError(str(path), "empty file (0 bytes)")
    return raw


def read_delimited(path: Path, sha256: str) -> ParsedDocument:
    """A .csv/.tsv file as one table; BadInputError for binary, undecodable or empty content."""
    text = decode(read_nonempty(path), path)
    records = _trim(_records(text, _delimiter(text[:SNIFF_CHARS], path), path))
    if not records:
        raise BadInputError(str(path), "no values in the file")
    return ParsedDocument(path=str(path), sha256=sha256, format="csv", tables=_tables(records, path, sha256))
