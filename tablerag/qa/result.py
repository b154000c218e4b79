"""What an answer is: its text, value and unit, every cell it cites, a refusal's closest sources, and the
candidates from other documents when several answer a question equally well."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tablerag.decomposition.records import Tags, provenance
from tablerag.model import Table

if TYPE_CHECKING:
    from tablerag.index.query import Hit


def cite(table: Table, row: int, col: int | None, version: str | None) -> dict[str, Any]:
    """Where a cell an answer used is: file, table, row and column (and sheet, page, version when known)."""
    out = provenance(table, Tags(version=version), row, col).to_dict()
    if col is not None:
        out["column_name"] = table.column_name(col)
    return out


@dataclass(slots=True)
class Answer:
    text: str
    value: str | None
    unit: str | None = None
    citations: list[dict[str, Any]] = field(default_factory=list)
    refused: bool = False
    closest: list[dict[str, Any]] = field(default_factory=list)
    route: str | None = None
    intent: str | None = None
    sql: str | None = None
    label: str | None = None  # arg-max/min, top-N: the row the answer names
    sql_by: str | None = None  # "llm:<model>" when an LLM wrote the SQL (rules otherwise, not serialised)
    score: float = 0.0  # link strength, to pick among candidate tables (not serialised)
    named: int = 0  # distinct question words the linked row and column hold: comparable across tables (not serialised)
    candidates: list[Answer] = field(default_factory=list)  # near-equal answers from different documents
    named_words: frozenset[str] = frozenset()  # the question words `named` counts (not serialised)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text, "value": self.value, "citations": self.citations}
        for key in ("unit", "route", "intent", "sql", "label", "sql_by"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        if self.candidates:
            out["candidates"] = [
                {"text": c.text, "value": c.value, "citations": c.citations} | ({"label": c.label} if c.label else {})
                for c in self.candidates
            ]
        if self.refused:
            out["refused"] = True
            out["closest"] = self.closest
        return out


@dataclass(slots=True)
class AskResult:
    question: str
    hits: list[Hit]
    answer: Answer | None
    table_id: str | None = None
    markdown: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "hits": [h.to_dict() for h in self.hits],
            "answer": self.answer.to_dict() if self.answer else None,
            "table_id": self.table_id,
            "markdown": self.markdown,
        }
