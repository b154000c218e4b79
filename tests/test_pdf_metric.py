"""The ICDAR-2013 cell-adjacency metric on tiny hand-made grids with known answers."""

from __future__ import annotations

from collections import Counter

import pytest

from tablerag.eval.pdf_tables import PageCase, Score, adjacency_relations, aggregate, best_score, page_f1


def test_relations_of_a_full_grid() -> None:
    grid = [["a", "b"], ["c", "d"]]
    assert adjacency_relations(grid) == Counter(
        {("r", "a", "b"): 1, ("r", "c", "d"): 1, ("d", "a", "c"): 1, ("d", "b", "d"): 1}
    )


def test_empty_cells_are_skipped_to_the_next_non_empty_one() -> None:
    grid = [["a", "", "b"], ["", "", ""], ["c", "x", ""]]
    assert adjacency_relations(grid) == Counter({("r", "a", "b"): 1, ("r", "c", "x"): 1, ("d", "a", "c"): 1})


def test_whitespace_is_normalised_but_case_is_kept() -> None:
    assert adjacency_relations([["Read &\nWrite", "  B  "]]) == Counter({("r", "Read & Write", "B"): 1})
    assert page_f1([[["A", "b"]]], [[["a", "b"]]]).f1 == 0.0


def test_repeated_relations_count_as_a_multiset() -> None:
    grid = [["x", "x", "x"]]
    assert adjacency_relations(grid) == Counter({("r", "x", "x"): 2})
    s = page_f1([[["x", "x"]]], [grid])  # one of two gold relations found
    assert (s.tp, s.n_pred, s.n_gold) == (1, 1, 2)
    assert s.precision == 1.0 and s.recall == 0.5 and s.f1 == pytest.approx(2 / 3)


def test_page_f1_unions_tables_and_ignores_how_they_are_split() -> None:
    gold = [[["a", "b"], ["c", "d"]], [["e", "f"]]]
    assert page_f1(gold, gold).f1 == 1.0
    # one half right, one table missed: 4 of 5 gold relations, all predictions right
    s = page_f1([[["a", "b"], ["c", "d"]]], gold)
    assert (s.tp, s.n_pred, s.n_gold) == (4, 4, 5)
    assert s.f1 == pytest.approx(2 * 1.0 * 0.8 / 1.8)


def test_a_wrongly_split_column_costs_precision_and_recall() -> None:
    gold = [[["k", "v"], ["k2", "v2"]]]
    pred = [[["k", "", "v"], ["k2", "v2", ""]]]
    s = page_f1(pred, gold)
    # right: k-v, k2-v2, k-k2 (down); wrong: nothing below v in col 2 -> gold v-v2 missing
    assert (s.tp, s.n_pred, s.n_gold) == (3, 3, 4)


def test_no_prediction_scores_zero_and_nothing_expected_scores_one() -> None:
    assert page_f1([], [[["a", "b"]]]).f1 == 0.0
    assert Score(0, 0, 0).f1 == 1.0


def test_best_alternative_is_chosen() -> None:
    alt_a = [[["a", "b"]]]
    alt_b = [[["a"], ["b"]]]
    score, idx = best_score([[["a"], ["b"]]], [alt_a, alt_b])
    assert idx == 1 and score.f1 == 1.0


def test_aggregate_macro_and_micro() -> None:
    from pathlib import Path

    cases = [
        PageCase("t", "doc1", Path("x.pdf"), 1, [[[["a", "b"]]]]),
        PageCase("t", "doc2", Path("y.pdf"), 1, [[[["a", "b", "c"]]]]),
    ]
    res = aggregate(cases, [[[["a", "b"]]], []])
    assert res.macro_f1 == pytest.approx(0.5)
    # micro: tp 1, pred 1, gold 3 -> P 1, R 1/3
    assert res.micro_f1 == pytest.approx(0.5)
