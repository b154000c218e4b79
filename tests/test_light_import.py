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


CLI_HEAVY = (*HEAVY, "onnxruntime", "fastapi", "uvicorn", "openai", "ray", "sqlglot")


def test_the_cli_imports_no_command_module_and_no_heavy_package():
    """A command's module loads when that command runs (tests/test_cli_lazy.py), the packages it runs on when it
    does its work."""
    code = (
        "import sys, tablerag.cli; "
        "print(sorted(m for m in sys.modules if m.startswith('tablerag.cli.'))); "
        f"print(sorted(m for m in {CLI_HEAVY!r} if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.splitlines()
    assert out == ["[]", "[]"]
