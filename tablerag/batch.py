"""JSONL question batches (``query --questions``, ``schema search --questions``): one JSON line out per input
line, in input order. A line that cannot be read, or a question whose handling raises, gives ``{"id"?, "line",
"error": {"type", "message"}}`` in its place and the batch goes on; as with ingest, the exit code is non-zero only
when every line failed."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True, slots=True)
class BatchResult:
    failed: int
    total: int

    @property
    def exit_code(self) -> int:
        return 1 if self.total and self.failed == self.total else 0

    def summary(self) -> str | None:
        return f"{self.failed} of {self.total} question(s) failed; their lines carry the error" if self.failed else None


def run_batch(
    path: Path, handle: Callable[[dict[str, Any]], dict[str, Any]], emit: Callable[[dict[str, Any]], None]
) -> BatchResult:
    """``handle`` turns one input object (a dict with a "question" string) into its output object; ``emit`` writes
    each output (answers and errors alike)."""
    failed = total = 0
    for line_no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        total += 1
        item: Any = None
        try:
            item = json.loads(line)
            if not isinstance(item, dict) or not isinstance(item.get("question"), str):
                raise ValueError('each line must be a JSON object with a "question" string')
            out = handle(item)
        except Exception as exc:  # one bad line or question is data for the report, the batch goes on
            failed += 1
            error = {"type": type(exc).__name__, "message": f"{path}:{line_no}: {exc}"}
            ident = {"id": item["id"]} if isinstance(item, dict) and "id" in item else {}
            emit({**ident, "line": line_no, "error": error})
            continue
        emit(out)
    return BatchResult(failed, total)
