"""tablerag: tables inside real documents turned into retrievable, computable, cited knowledge for RAG.

`import tablerag` stays light: heavy libraries (torch, transformers, chromadb, duckdb) load only when used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablerag.errors import BadInputError, MissingDependencyError, TableragError
from tablerag.model import BBox, Cell, CoordSpace, ParsedDocument, Record, Table

if TYPE_CHECKING:
    from tablerag.pipeline import Index

__version__ = "0.1.0"
__all__ = [
    "BBox",
    "BadInputError",
    "Cell",
    "CoordSpace",
    "Index",
    "MissingDependencyError",
    "ParsedDocument",
    "Record",
    "Table",
    "TableragError",
    "parse",
]


def parse(path: Any, pages: list[int] | None = None) -> ParsedDocument:
    """Read one file (PDF, XLSX, CSV/TSV, TXT/MD) into tables and prose blocks."""
    from tablerag.parsing import parse as _parse

    return _parse(path, pages=pages)


def __getattr__(name: str) -> Any:
    if name == "Index":
        from tablerag.pipeline import Index

        return Index
    raise AttributeError(name)
