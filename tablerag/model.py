"""The one typed core model shared by every stage: BBox, Cell, Table, ProseBlock, ParsedDocument, Record.

Pure Python, no heavy imports. Grid indices are 0-based and include header rows.
Stable ids, made and read by `RecordId`: ``<doc>:t<table_no>`` for tables and ``<doc>:t<n>:r<row>[:c<col>]`` for
records, where ``<doc>`` is the first 16 hex digits of the file's sha256, so ingesting the same file twice changes
nothing.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, Literal

DOC_ID_HEX = 16  # 64 bits of sha256: collision-free for any realistic corpus, short enough to read in ids
HEADER_JOIN = " / "  # how levels of a header chain are joined: "Каналы National (Urban) / Гипермаркеты"


class CoordSpace(StrEnum):
    """The coordinate space of a box. Origin is always top-left, y grows downwards."""

    PDF_POINTS = "pdf_points"
    IMAGE_PIXELS = "image_pixels"


class Extent:
    """Size and centre of anything laid out on a page by its corners x0, y0 (top-left) and x1, y1: boxes, words."""

    __slots__ = ()
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    @property
    def cx(self) -> float:
        return (self.x0 + self.x1) / 2

    @property
    def cy(self) -> float:
        return (self.y0 + self.y1) / 2


@dataclass(frozen=True, slots=True)
class BBox(Extent):
    x0: float
    y0: float
    x1: float
    y1: float
    space: CoordSpace = CoordSpace.PDF_POINTS

    @property
    def area(self) -> float:
        return max(0.0, self.width) * max(0.0, self.height)

    def intersection(self, other: BBox) -> float:
        w = min(self.x1, other.x1) - max(self.x0, other.x0)
        h = min(self.y1, other.y1) - max(self.y0, other.y0)
        return w * h if w > 0 and h > 0 else 0.0

    def iou(self, other: BBox) -> float:
        """Intersection over union; 0 for two empty boxes."""
        inter = self.intersection(other)
        union = (self.x1 - self.x0) * (self.y1 - self.y0) + (other.x1 - other.x0) * (other.y1 - other.y0) - inter
        return inter / union if union > 0 else 0.0

    def contains_point(self, x: float, y: float) -> bool:
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1

    def union(self, other: BBox) -> BBox:
        return BBox(
            min(self.x0, other.x0), min(self.y0, other.y0), max(self.x1, other.x1), max(self.y1, other.y1), self.space
        )

    def as_list(self) -> list[float]:
        return [round(self.x0, 2), round(self.y0, 2), round(self.x1, 2), round(self.y1, 2)]


@dataclass(slots=True)
class Cell:
    row: int
    col: int
    text: str
    row_span: int = 1
    col_span: int = 1
    value: float | None = None
    unit: str | None = None
    is_header: bool = False
    bbox: BBox | None = None
    confidence: float | None = None
    scale: float | None = None  # the multiplier of a scale word in the text ("$2.1bn" -> 1e9), already in value


@dataclass(slots=True)
class SourceLocator:
    """Where a table or prose block came from."""

    file: str
    sha256: str
    page: int | None = None  # 1-based PDF page
    sheet: str | None = None
    bbox: BBox | None = None
    cell_range: str | None = None  # spreadsheet range, e.g. "A1:F20"


ParserName = Literal["pdf-ruled", "pdf-stream", "pymupdf", "spreadsheet", "csv", "markdown", "tatr", "heuristic-image"]


@dataclass(slots=True)
class Table:
    id: str
    source: SourceLocator
    n_rows: int
    n_cols: int
    cells: list[Cell]
    header_rows: int = 0
    caption: str | None = None
    notes: list[str] = field(default_factory=list)
    unit: str | None = None
    section_path: list[str] = field(default_factory=list)
    # one list of header levels per column (top level first); empty levels omitted
    column_headers: list[list[str]] = field(default_factory=list)
    # one list of row-header levels per grid row (section label first, then the row's stub); [] for header rows
    row_headers: list[list[str]] = field(default_factory=list)
    # spreadsheet column letter per grid column, and the sheet's row number per grid row
    column_letters: list[str] | None = None
    sheet_rows: list[int] | None = None
    # the 1-based PDF page of each grid row, for a table continued across pages (None: all on source.page)
    row_pages: list[int] | None = None
    parser: str = ""
    confidence: float | None = None

    def grid(self) -> list[list[str]]:
        """Row-major text grid; a spanning cell's text sits in its top-left slot only."""
        out = [["" for _ in range(self.n_cols)] for _ in range(self.n_rows)]
        for c in self.cells:
            if 0 <= c.row < self.n_rows and 0 <= c.col < self.n_cols:
                out[c.row][c.col] = c.text
        return out

    def cell_at(self, row: int, col: int) -> Cell | None:
        """The cell covering (row, col), spans included."""
        for c in self.cells:
            if c.row <= row < c.row + c.row_span and c.col <= col < c.col + c.col_span:
                return c
        return None

    def column_chain(self, col: int) -> list[str]:
        """A column's header levels, top first ([] past the chains the reader gave)."""
        return self.column_headers[col] if col < len(self.column_headers) else []

    def row_chain(self, row: int) -> list[str]:
        """A grid row's row-header levels, section first ([] for header rows and past the chains given)."""
        return self.row_headers[row] if row < len(self.row_headers) else []

    def column_name(self, col: int) -> str:
        return HEADER_JOIN.join(self.column_chain(col))

    def column_label(self, col: int) -> str:
        """Spreadsheet letter when there is one, else the 1-based column number."""
        if self.column_letters is not None and col < len(self.column_letters):
            return self.column_letters[col]
        return str(col + 1)

    def row_label(self, row: int) -> int:
        """The row number a person sees: the sheet's row for spreadsheets, else the 1-based grid row."""
        if self.sheet_rows is not None and row < len(self.sheet_rows):
            return self.sheet_rows[row]
        return row + 1

    def page_of(self, row: int | None) -> int | None:
        """The page a row sits on: a continued table's later rows are on later pages."""
        if row is not None and self.row_pages is not None and 0 <= row < len(self.row_pages):
            return self.row_pages[row]
        return self.source.page

    @property
    def table_no(self) -> int:
        number = RecordId.parse(self.id).table
        if number is None:
            raise ValueError(f"not a table id: {self.id!r}")
        return number

    def filled_grid(self) -> list[list[str]]:
        """Text grid with every spanning cell's text copied to each slot it covers (what a reader sees)."""
        out = [["" for _ in range(self.n_cols)] for _ in range(self.n_rows)]
        for c in self.cells:
            for r in range(c.row, min(c.row + c.row_span, self.n_rows)):
                for k in range(c.col, min(c.col + c.col_span, self.n_cols)):
                    out[r][k] = c.text
        return out


@dataclass(slots=True)
class ProseBlock:
    text: str
    source: SourceLocator
    block_no: int


@dataclass(slots=True)
class ParsedDocument:
    path: str
    sha256: str
    format: str
    tables: list[Table] = field(default_factory=list)
    prose: list[ProseBlock] = field(default_factory=list)
    pages: int | None = None

    @property
    def doc_id(self) -> str:
        return doc_id(self.sha256)


@dataclass(frozen=True, slots=True)
class Tags:
    """Ingest-time tags every record carries; used as pre-ranking filters."""

    version: str | None = None
    access_level: str | None = None
    tenant: str | None = None


RecordKind = Literal["row", "fact", "summary", "prose", "table"]


@dataclass(slots=True)
class Provenance:
    """Everything needed to cite a value: file, page or sheet, row, column, version."""

    file: str
    sha256: str
    page: int | None = None
    sheet: str | None = None
    sheet_row: int | None = None
    table_id: str | None = None
    row: int | None = None
    col: int | None = None
    column: str | None = None  # column letter or number as shown to a person
    version: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__ if getattr(self, k) is not None}


@dataclass(slots=True)
class Record:
    """What the index stores: one retrievable unit of text with provenance back to cells."""

    id: str
    kind: RecordKind
    text: str
    provenance: Provenance
    metadata: dict[str, Any] = field(default_factory=dict)
    # what the embedder reads when it differs from ``text`` (a row's compact form for retrieval); ``text`` stays
    # what BM25 indexes and what an answer quotes. Not stored: only ingestion reads it.
    dense_text: str | None = None

    @property
    def embedding_text(self) -> str:
        """The text a dense vector is made of."""
        return self.text if self.dense_text is None else self.dense_text


def sha256_file(path: str | Path, chunk: int = 1 << 20) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        while block := fh.read(chunk):
            h.update(block)
    return h.hexdigest()


def doc_id(sha256: str) -> str:
    return sha256[:DOC_ID_HEX]


def table_id(sha256: str, table_no: int) -> str:
    return str(RecordId(doc_id(sha256), IdKind.TABLE, table_no))


class IdKind(StrEnum):
    """What a stable id names: a table, or one of the records made of it or of the document's prose."""

    TABLE = "table"  # <doc>:t<n>
    SUMMARY = "summary"  # <doc>:t<n>:summary
    ROW = "row"  # <doc>:t<n>:r<row> (a packed chunk of rows: its first row)
    FACT = "fact"  # <doc>:t<n>:r<row>:c<col>, and <...>:c<col>:s for the cell's second (sentence) form
    PROSE = "prose"  # <doc>:p<block>
    LLM = "llm"  # <doc>:t<n>:llm:<part>, written by an LLM (part: s<n>, summary, guide)


_LLM_MARK = ":llm:"  # what every LLM-written record id holds (and no other id: doc ids are hex, parts are fixed)


@dataclass(frozen=True, slots=True)
class RecordId:
    """A stable id made and read back in one place. ``str()`` makes it, ``parse`` reads it."""

    doc: str
    kind: IdKind
    table: int | None = None  # the table's number in its document (every kind but PROSE)
    row: int | None = None
    col: int | None = None
    part: str = ""  # PROSE: the block number; LLM: the part; FACT: "s" for the cell's second form

    def __str__(self) -> str:
        if self.kind is IdKind.PROSE:
            return f"{self.doc}:p{self.part}"
        head = f"{self.doc}:t{self.table}"
        if self.kind is IdKind.TABLE:
            return head
        if self.kind is IdKind.SUMMARY:
            return f"{head}:summary"
        if self.kind is IdKind.LLM:
            return f"{head}{_LLM_MARK}{self.part}"
        if self.kind is IdKind.ROW and self.row is not None:
            return RecordId.row_of(head, self.row)
        return f"{head}:r{self.row}:c{self.col}" + (f":{self.part}" if self.part else "")

    @property
    def table_id(self) -> str | None:
        """The id of the table this id belongs to (None for prose)."""
        return None if self.table is None else f"{self.doc}:t{self.table}"

    @classmethod
    def of_table(
        cls, table_id: str, kind: IdKind, row: int | None = None, col: int | None = None, part: str = ""
    ) -> RecordId:
        """The id of a record made of the table ``table_id``."""
        found = cls.parse(table_id)
        return cls(found.doc, kind, found.table, row, col, part)

    @classmethod
    def parse(cls, text: str) -> RecordId:
        """The parts of a stable id; ValueError naming the id when it is not one."""
        doc, _, rest = text.partition(":")
        head, _, tail = rest.partition(":")
        try:
            if head[:1] == "p" and not tail:
                int(head[1:])
                return cls(doc, IdKind.PROSE, part=head[1:])
            table = int(head[1:]) if head[:1] == "t" else None
            if table is None or not doc:
                raise ValueError(text)
            parts = tail.split(":") if tail else []
            if not parts:
                return cls(doc, IdKind.TABLE, table)
            if parts == ["summary"]:
                return cls(doc, IdKind.SUMMARY, table)
            if parts[0] == "llm" and len(parts) == 2 and parts[1]:
                return cls(doc, IdKind.LLM, table, part=parts[1])
            row = int(parts[0][1:]) if parts[0][:1] == "r" else None
            if row is not None and len(parts) == 1:
                return cls(doc, IdKind.ROW, table, row)
            if row is not None and parts[1][:1] == "c" and (len(parts) == 2 or parts[2:] == ["s"]):
                return cls(doc, IdKind.FACT, table, row, int(parts[1][1:]), "s" if len(parts) == 3 else "")
        except ValueError:
            pass
        raise ValueError(f"not a tablerag id: {text!r}")

    @staticmethod
    def row_of(table_id: str, row: int) -> str:
        """The id of a table's row record, made without parsing the table id (a label map makes one per row of
        the index: 0.2 us instead of 3 us each)."""
        return f"{table_id}:r{row}"

    @staticmethod
    def is_row(text: str) -> bool:
        """Whether an id names a row record (the cheap test, its last part is r<row>: search runs it on every
        candidate of a table)."""
        last = text.rsplit(":", 1)[-1]
        return last[:1] == "r" and last[1:].isdigit()

    @staticmethod
    def doc_of(text: str) -> str:
        """The document part of any id (the cheap read: no check of the rest)."""
        return text.partition(":")[0]

    @staticmethod
    def is_llm(text: str) -> bool:
        """Whether an id names an LLM-written record (a substring test: it runs over every record of an index)."""
        return _LLM_MARK in text

    @staticmethod
    def llm_like() -> str:
        """A SQL LIKE pattern matching exactly the LLM-written record ids."""
        return f"%{_LLM_MARK}%"


def column_letter(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    letters = ""
    n = index + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def _bbox_from(d: dict[str, Any] | None) -> BBox | None:
    if d is None:
        return None
    return BBox(d["x0"], d["y0"], d["x1"], d["y1"], CoordSpace(d["space"]))


def table_to_dict(table: Table) -> dict[str, Any]:
    """Lossless plain-data form of a Table (for the table store); inverse of table_from_dict."""
    d = asdict(table)
    for box in [d["source"]] + d["cells"]:
        if box.get("bbox") is not None:
            box["bbox"]["space"] = box["bbox"]["space"].value
    return d


def table_from_dict(d: dict[str, Any]) -> Table:
    src = dict(d["source"])
    src["bbox"] = _bbox_from(src.get("bbox"))
    cells = [Cell(**{**c, "bbox": _bbox_from(c.get("bbox"))}) for c in d["cells"]]
    fields = {k: v for k, v in d.items() if k not in ("source", "cells")}
    return Table(source=SourceLocator(**src), cells=cells, **fields)
