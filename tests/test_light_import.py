"""`import tablerag` stays light: no torch, transformers, chromadb, duckdb, fitz until used."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("torch", "transformers", "chromadb", "duckdb", "fitz", "pymupdf", "sentence_transformers", "openpyxl")


def test_import_is_light():
    code = (
        f"import sys, tablerag, tablerag.model, tablerag.cli; print(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "[]"
