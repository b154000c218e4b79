"""What both LLM sides (decomposition in `tablerag.llm.describe`, answering in `tablerag.llm.answer`) put around
document text in a prompt: cell text neutralised so that it cannot close the ``<data>`` and ```` ```table ````
fences, and the table's context lines (source, sheet or page, caption, unit, notes)."""

from __future__ import annotations

import re
from pathlib import Path

from tablerag.model import Table

_FENCE_BREAKERS = re.compile(r"`{3,}|<\s*/?\s*data\b", re.IGNORECASE)


def neutralise(text: str) -> str:
    """Defuse anything in cell text that could close our fences: ``` runs and <data>/</data> tags."""
    return _FENCE_BREAKERS.sub(lambda m: "'''" if m.group(0).startswith("`") else m.group(0).replace("<", "‹"), text)


def markdown_cell(text: str) -> str:
    """Text as one Markdown table cell: whitespace runs to one space, pipes escaped, neutralised."""
    return neutralise(" ".join(text.split()).replace("|", "\\|"))


def table_context(table: Table) -> str:
    """Title, caption, unit and notes of the table, neutralised (they come from the document too)."""
    parts = [f"Source: {markdown_cell(Path(table.source.file).name)}"]
    if table.source.sheet is not None:
        parts.append(f"Sheet: {markdown_cell(table.source.sheet)}")
    elif table.source.page is not None:
        parts.append(f"Page: {table.source.page}")
    if table.caption:
        parts.append(f"Caption: {markdown_cell(table.caption)}")
    if table.unit:
        parts.append(f"Unit: {markdown_cell(table.unit)}")
    parts += [f"Note: {markdown_cell(n)}" for n in table.notes]
    return "\n".join(parts)
