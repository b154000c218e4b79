"""GriTS on worked examples computed by hand from the paper's definitions."""

from __future__ import annotations

import pytest

from tablerag.eval.grits import align, box_iou, exact, grits, lcs_similarity, spec_from_cells


def _plain(grid: list[list[str]]):
    cells = [(r, c, 1, 1, t) for r, row in enumerate(grid) for c, t in enumerate(row)]
    return spec_from_cells(cells, len(grid), len(grid[0]))


def test_identical_tables_score_one() -> None:
    a = _plain([["h1", "h2"], ["1", "2"]])
    s = grits(a, a)
    assert (s.top, s.con, s.top_precision, s.con_recall) == (1.0, 1.0, 1.0, 1.0)
    assert exact(a, a)


def test_a_missing_column() -> None:
    # gold 2x3, prediction = gold without its last column: 4 of 6 slots match exactly
    # GriTS = 2 * 4 / (6 + 4) = 0.8; precision 4/4 = 1; recall 4/6
    gold = _plain([["a", "b", "c"], ["d", "e", "f"]])
    pred = _plain([["a", "b"], ["d", "e"]])
    s = grits(gold, pred)
    assert s.top == pytest.approx(0.8) and s.con == pytest.approx(0.8)
    assert s.top_precision == pytest.approx(1.0) and s.top_recall == pytest.approx(4 / 6)


def test_a_missed_spanning_cell() -> None:
    # gold: row 0 is one cell spanning 2 columns, row 1 two cells. Prediction: four 1x1 cells.
    # Top: gold slots (0,0) and (0,1) hold boxes [0,0,2,1] and [-1,0,1,1]; the predicted [0,0,1,1] has IoU 1/2 with
    # each; row 1 matches exactly -> score 0.5 + 0.5 + 1 + 1 = 3; GriTS_Top = 2 * 3 / (4 + 4) = 0.75.
    gold = spec_from_cells([(0, 0, 1, 2, "Total"), (1, 0, 1, 1, "1"), (1, 1, 1, 1, "2")], 2, 2)
    pred = spec_from_cells([(0, 0, 1, 1, "Total"), (0, 1, 1, 1, ""), (1, 0, 1, 1, "1"), (1, 1, 1, 1, "2")], 2, 2)
    s = grits(gold, pred)
    assert s.top == pytest.approx(0.75)
    # Con: gold repeats "Total" in both spanned slots; predicted (0,1) is empty -> 1 + 0 + 1 + 1 = 3 -> 0.75
    assert s.con == pytest.approx(0.75)
    assert not exact(gold, pred, content=False)


def test_text_similarity_is_normalised_lcs() -> None:
    assert lcs_similarity("", "") == 1.0
    assert lcs_similarity("abc", "") == 0.0
    assert lcs_similarity("100 000", "100 000") == 1.0
    assert lcs_similarity("kg/year", "ka/year") == pytest.approx(2 * 6 / 14)  # one OCR slip in seven letters


def test_an_extra_row_is_skipped_by_the_alignment() -> None:
    # prediction inserts a spurious row in the middle: the most similar substructure skips it
    gold = _plain([["a", "b"], ["c", "d"]])
    pred = _plain([["a", "b"], ["x", "y"], ["c", "d"]])
    s = grits(gold, pred)
    assert s.con == pytest.approx(2 * 4 / (4 + 6))
    assert s.con_recall == pytest.approx(1.0)


def test_topology_boxes_and_alignment_helpers() -> None:
    assert box_iou((0, 0, 2, 1), (0, 0, 1, 1)) == pytest.approx(0.5)
    score, pairs = align(3, 2, lambda i, j: 1.0 if (i, j) in {(0, 0), (2, 1)} else 0.0)
    assert score == 2.0 and pairs == [(0, 0), (2, 1)]
