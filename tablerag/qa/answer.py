"""Find the table, then *take* the value (seed 000): link the question to a row by the row's own values and to a
column by its header chain, read the cell, cite it. No linked evidence -> a refusal with the closest sources.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tablerag.decomposition.records import Tags, provenance
from tablerag.decomposition.serialize import filled_grid
from tablerag.model import Table

if TYPE_CHECKING:
    from tablerag.index.core import Hit, Index

CANDIDATE_TABLES = 3  # tables tried for a link, best-scored first: the right one is nearly always in the top 3
NOT_FOUND = "Not found in the indexed documents."
CLOSEST_SOURCES = 3  # a refusal shows where the nearest evidence was, so a person can check by hand
TABLE_KINDS = ("row", "fact", "summary", "table")


@dataclass(slots=True)
class Answer:
    text: str
    value: str | None
    unit: str | None = None
    citations: list[dict[str, Any]] = field(default_factory=list)
    refused: bool = False
    closest: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text, "value": self.value, "citations": self.citations}
        if self.unit:
            out["unit"] = self.unit
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


@dataclass(frozen=True, slots=True)
class Link:
    row: int
    col: int
    score: float


def ranked_tables(hits: list[Hit]) -> list[str]:
    """Tables ordered by the summed scores of their hits (stage one of table -> row)."""
    scores: dict[str, float] = {}
    for h in hits:
        tid = h.source.get("table_id")
        if tid and h.kind in TABLE_KINDS:
            scores[tid] = scores.get(tid, 0.0) + h.score
    return sorted(scores, key=lambda t: -scores[t])


def _tokens(text: str) -> set[str]:
    from tablerag.index.lexical import tokenize

    return set(tokenize(text))


def link_cell(table: Table, question: str) -> Link | None:
    """The (row, column) the question names: row by its values, column by its header chain, weighted by idf."""
    q = _tokens(question)
    if not q:
        return None
    grid = filled_grid(table)
    numeric = {(c.row, c.col) for c in table.cells if c.value is not None}
    data_rows = range(table.header_rows, table.n_rows)
    row_tokens = {
        r: {(c, t) for c in range(table.n_cols) if (r, c) not in numeric for t in _tokens(grid[r][c])}
        for r in data_rows
    }
    df: Counter[str] = Counter(t for toks in row_tokens.values() for t in {t for _, t in toks})
    n = max(1, len(row_tokens))
    best_row, best_score, key_cols = -1, 0.0, set[int]()
    for r, toks in row_tokens.items():
        hit = {(c, t) for c, t in toks if t in q}
        score = sum(math.log(1 + n / df[t]) for t in {t for _, t in hit})
        if score > best_score:
            best_row, best_score, key_cols = r, score, {c for c, _ in hit}
    if best_row < 0:
        return None
    best_col, col_score = -1, 0.0
    for c in range(table.n_cols):
        if c in key_cols or not grid[best_row][c].strip():
            continue
        score = float(len(_tokens(table.column_name(c)) & q))
        if score > col_score:
            best_col, col_score = c, score
    if best_col < 0:
        return None
    return Link(best_row, best_col, best_score + col_score)


def _cite(index: Index, table: Table, row: int, col: int) -> dict[str, Any]:
    tags = index.store.document_tags(table.id.split(":")[0])
    prov = provenance(table, Tags(version=tags.get("version")), row, col)
    out = prov.to_dict()
    out["column_name"] = table.column_name(col)
    return out


def _answer_text(table: Table, row: int, col: int, value: str, cite: dict[str, Any]) -> str:
    where = (
        f'sheet "{cite["sheet"]}", row {cite["sheet_row"]}'
        if "sheet" in cite
        else f"page {cite.get('page')}, row {row + 1}"
    )
    version = f", version {cite['version']}" if cite.get("version") else ""
    name = table.column_name(col) or table.column_label(col)
    return f"{value} ({name}) — {cite['file']}, {where}, column {table.column_label(col)}{version}"


def ask(index: Index, question: str, k: int = 12, filters: dict[str, str] | None = None) -> AskResult:
    hits = index.search(question, k=k, filters=filters)
    tables = ranked_tables(hits)
    if not hits:
        return AskResult(question, hits, None)
    best: tuple[Link, Table] | None = None
    for tid in tables[:CANDIDATE_TABLES]:
        table = index.table(tid)
        link = link_cell(table, question) if table else None
        if table is not None and link is not None and (best is None or link.score > best[0].score):
            best = (link, table)
    if best is None:
        top = tables[0] if tables else None
        refusal = Answer(NOT_FOUND, None, refused=True, closest=[h.source for h in hits[:CLOSEST_SOURCES]])
        return AskResult(question, hits, refusal, top, index.markdown(top) if top else None)
    link, table = best
    cell = table.cell_at(link.row, link.col)
    value = " ".join(filled_grid(table)[link.row][link.col].split())
    cite = _cite(index, table, link.row, link.col)
    answer = Answer(_answer_text(table, link.row, link.col, value, cite), value, cell.unit if cell else None, [cite])
    return AskResult(question, hits, answer, table.id, index.markdown(table.id))
