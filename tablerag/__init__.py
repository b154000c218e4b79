"""tablerag: tables inside real documents turned into retrievable, computable, cited knowledge for RAG.

`import tablerag` stays light: heavy libraries (torch, transformers, chromadb, duckdb) load only when used.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from tablerag.errors import BadInputError, MissingDependencyError, TableragError
from tablerag.model import BBox, Cell, CoordSpace, ParsedDocument, Record, Table

if TYPE_CHECKING:
    from tablerag.parsing import parse
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

# Re-exported on first use, so that `import tablerag` loads only the model: `parse` reads one file (PDF, XLSX,
# CSV/TSV, TXT/MD, images) into tables and prose blocks; `Index` is the pipeline's facade.
_LAZY = {"parse": "tablerag.parsing", "Index": "tablerag.pipeline"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'tablerag' has no attribute {name!r}")
