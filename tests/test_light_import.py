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


def test_the_cli_imports_its_commands_but_no_heavy_package():
    """Every command module is imported at the CLI's start (its commands are registered up front); the packages
    they run on load only when a command runs."""
    code = (
        "import sys, tablerag.cli; "
        "print(sorted(m for m in sys.modules if m.startswith('tablerag.cli.'))); "
        f"print(sorted(m for m in {CLI_HEAVY!r} if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.splitlines()
    assert "tablerag.cli.serve" in out[0] and "tablerag.cli.eval" in out[0]
    assert out[1] == "[]"
