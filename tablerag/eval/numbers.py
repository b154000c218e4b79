"""Number parsing measured on TAT-QA dev (`../shared/data/tat-qa/tatqa_dataset_dev.json`).

Two figures:

- **values**: every number in the `derivation` of an arithmetic question answered from the table (or table and
  text) that is written in some number cell (same digits; a number cell is at least half digits, so dates and
  labels with footnote marks are not) is looked up: it counts as matched when that cell's parsed value equals
  it (sign ignored: derivations often drop the brackets of a negative). Constants such as 100 and numbers that
  come from the text are in no cell and are not counted.
- **number cells**: body cells that are at least half digits, and how many of them parse to a value.
- **scales**: for questions answered from the table whose answer scale is thousand/million/billion, whether the
  table's own unit label (from its header, see `parsing.units`) names a scale, and whether it is the same one.
  TAT-QA often states the scale only in the text, so "found" is a recall figure for header units; the same is
  reported with the first scale the context's paragraphs state as a fallback (what a caption reader would add).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablerag.model import Cell, SourceLocator, Table
from tablerag.parsing.cells import cell_from_text
from tablerag.parsing.headers import apply_headers
from tablerag.parsing.numbers import split_unit, unit_from_text

_DERIVATION_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?|\.\d+")
_SCALES = {"thousand": 1e3, "million": 1e6, "billion": 1e9}
VALUE_TOLERANCE = 1e-9  # parsed floats against decimal strings: equal up to binary rounding


@dataclass(slots=True)
class NumberScore:
    matched: int = 0
    total: int = 0
    misses: list[str] = field(default_factory=list)


def tatqa_table(grid: list[list[str]], uid: str) -> Table:
    """A TAT-QA table as our readers would build it from text: parsed cells, detected header, units."""
    cells: list[Cell] = []
    for r, row in enumerate(grid):
        for c, text in enumerate(row):
            if text.strip():
                cells.append(cell_from_text(r, c, text))
    src = SourceLocator(file=f"tatqa:{uid}", sha256="0" * 64, page=1)
    table = Table(f"{'0' * 16}:t0", src, len(grid), max(len(r) for r in grid), cells, parser="csv")
    return apply_headers(table)


def _digits(text: str) -> str:
    return re.sub(r"[^\d.]", "", text.replace(",", ""))


NUMERIC_CELL_DIGITS = 0.5  # a cell at least this share digits is a number cell; "June 3, 2017" or "Other (3)" are not


def is_number_cell(text: str) -> bool:
    chars = [ch for ch in text if not ch.isspace()]
    return bool(chars) and sum(ch.isdigit() for ch in chars) >= NUMERIC_CELL_DIGITS * len(chars)


def _cell_index(table: Table) -> dict[str, list[Cell]]:
    index: dict[str, list[Cell]] = {}
    for c in (c for c in table.cells if is_number_cell(c.text)):
        for token in _DERIVATION_NUMBER.findall(c.text):
            key = _digits(token).rstrip("0").rstrip(".") if "." in token else _digits(token)
            index.setdefault(key, []).append(c)
    return index


def _key(number: str) -> str:
    d = _digits(number)
    return d.rstrip("0").rstrip(".") if "." in d else d


def _score_values(table: Table, question: dict[str, Any], index: dict[str, list[Cell]], score: NumberScore) -> None:
    for token in _DERIVATION_NUMBER.findall(question.get("derivation") or ""):
        cells = index.get(_key(token))
        if not cells:
            continue  # a constant or a number from the text
        want = float(token.replace(",", ""))
        score.total += 1
        if any(c.value is not None and abs(abs(c.value) - want) <= VALUE_TOLERANCE * max(1.0, want) for c in cells):
            score.matched += 1
        else:
            score.misses.append(f"{question['uid']}: {token} in {[c.text for c in cells]}")


def _paragraph_scale(paragraphs: list[dict[str, Any]]) -> float:
    """The first scale a paragraph states ("in thousands"), as a caption reader would attach it."""
    for p in sorted(paragraphs, key=lambda p: p.get("order", 0)):
        _, scale = unit_from_text(p["text"])
        if scale != 1.0:
            return scale
    return 1.0


def tatqa_number_accuracy(path: Path) -> dict[str, Any]:
    """Derivation numbers matched by parsed cell values, and header scales against answer scales."""
    data = json.loads(path.read_text(encoding="utf-8"))
    values = NumberScore()
    scale_total = scale_found = scale_equal = text_found = text_equal = 0
    numeric_cells = parsed_cells = 0
    for ctx in data:
        table = tatqa_table(ctx["table"]["table"], ctx["table"]["uid"])
        body = [c for c in table.cells if not c.is_header and is_number_cell(c.text)]
        numeric_cells += len(body)
        parsed_cells += sum(1 for c in body if c.value is not None)
        index = _cell_index(table)
        _, table_scale = split_unit(table.unit)
        text_scale = table_scale if table_scale != 1.0 else _paragraph_scale(ctx["paragraphs"])
        for q in ctx["questions"]:
            if q["answer_from"] not in ("table", "table-text"):
                continue
            if q["answer_type"] == "arithmetic":
                _score_values(table, q, index, values)
            if q["answer_from"] == "table" and q.get("scale") in _SCALES:
                scale_total += 1
                scale_found += table_scale != 1.0
                scale_equal += table_scale == _SCALES[q["scale"]]
                text_found += text_scale != 1.0
                text_equal += text_scale == _SCALES[q["scale"]]
    return {
        "contexts": len(data),
        "derivation_numbers": {
            "matched": values.matched,
            "total": values.total,
            "share": round(values.matched / values.total, 4) if values.total else 0.0,
        },
        "number_cells": {"parsed": parsed_cells, "total": numeric_cells},
        "scales": {
            "questions": scale_total,
            "table_names_a_scale": scale_found,
            "same_scale": scale_equal,
            "table_or_text_names_a_scale": text_found,
            "table_or_text_same_scale": text_equal,
        },
        "misses": values.misses,
    }
