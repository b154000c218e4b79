"""Accuracy floor of our PDF table extractor: cell-adjacency F1 over whole pages of the three peer suites.

An accuracy floor, not a timing test: the floors sit a little under what was measured (bench/pdf_tables.py) so a
regression in the table finder fails here. Raise them when the finder improves.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tablerag.eval.pdf_tables import SUITES, aggregate
from tablerag.model import sha256_file
from tablerag.parsing.pdf import read_pdf

# measured macro F1 (2026-11-29, PyMuPDF 2.0 and 1.28.2 alike): camelot 0.861, tabula 0.847, icdar 0.915
FLOORS = {"camelot": 0.84, "tabula": 0.82, "icdar": 0.89}


@pytest.mark.slow
@pytest.mark.parametrize("suite", sorted(FLOORS))
def test_macro_f1_floor(shared_data: Path, suite: str) -> None:
    cases = SUITES[suite](shared_data)
    assert cases, f"no {suite} cases found under {shared_data}"
    preds = []
    for case in cases:
        doc = read_pdf(case.pdf, sha256_file(case.pdf), pages=[case.page])
        preds.append([t.grid() for t in doc.tables])
    result = aggregate(cases, preds)
    assert result.macro_f1 >= FLOORS[suite], f"{suite}: macro F1 {result.macro_f1:.3f} < floor {FLOORS[suite]}"
