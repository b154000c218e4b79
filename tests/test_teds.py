"""TEDS / TEDS-Struct of the structure evaluation (tree edit distance over the HTML tables), on hand-made grids."""

from __future__ import annotations

import pytest

from tablerag.eval.grits import spec_from_cells
from tablerag.eval.structure import html_of, teds

pytest.importorskip("table_recognition_metric")


def test_html_carries_spans_and_escapes_text() -> None:
    spec = spec_from_cells([(0, 0, 1, 2, "A & B"), (1, 0, 1, 1, "1"), (1, 1, 1, 1, "<2>")], 2, 2)
    assert html_of(spec) == (
        '<html><body><table><tr><td colspan="2">A &amp; B</td></tr>'
        "<tr><td>1</td><td>&lt;2&gt;</td></tr></table></body></html>"
    )


def test_teds_of_a_missed_spanning_cell() -> None:
    # gold: table, tr, td(colspan 2), tr, td, td = 6 nodes; prediction: the header split in two 1x1 cells = 7 nodes.
    # Cheapest edit: the spanning td becomes a plain one (1) and one td is inserted (1): 1 - 2 / 7 for both scores.
    gold = spec_from_cells([(0, 0, 1, 2, "Total"), (1, 0, 1, 1, "1"), (1, 1, 1, 1, "2")], 2, 2)
    pred = spec_from_cells([(0, 0, 1, 1, "Total"), (0, 1, 1, 1, ""), (1, 0, 1, 1, "1"), (1, 1, 1, 1, "2")], 2, 2)
    full, struct = teds(gold, pred)
    assert struct == pytest.approx(1 - 2 / 7) and full == pytest.approx(1 - 2 / 7)
    assert teds(gold, gold) == (1.0, 1.0)
    assert teds(gold, None) == (0.0, 0.0)


def test_teds_text_differs_where_struct_does_not() -> None:
    # Same grid, one cell of four read "7" instead of "1": TEDS-Struct 1; TEDS loses that cell's whole text (1 of 7).
    gold = spec_from_cells([(0, 0, 1, 1, "a"), (0, 1, 1, 1, "b"), (1, 0, 1, 1, "1"), (1, 1, 1, 1, "2")], 2, 2)
    pred = spec_from_cells([(0, 0, 1, 1, "a"), (0, 1, 1, 1, "b"), (1, 0, 1, 1, "7"), (1, 1, 1, 1, "2")], 2, 2)
    full, struct = teds(gold, pred)
    assert struct == 1.0 and full == pytest.approx(1 - 1 / 7)
