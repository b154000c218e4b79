"""Reciprocal rank fusion."""

from __future__ import annotations

import pytest

from tablerag.index.fusion import RRF_K, rrf


def test_agreement_beats_a_single_top_hit() -> None:
    fused = rrf([["a", "b", "c"], ["b", "c", "d"]])
    assert [item for item, _ in fused][:2] == ["b", "c"]
    assert dict(fused)["b"] == pytest.approx(1 / (RRF_K + 2) + 1 / (RRF_K + 1))


@pytest.mark.parametrize(
    ("rankings", "weights", "first"),
    [
        ([["a", "b"], ["b", "a"]], [2.0, 1.0], "a"),
        ([["a", "b"], ["b", "a"]], [1.0, 2.0], "b"),
        ([["a"], []], None, "a"),
    ],
)
def test_weights_decide(rankings: list[list[str]], weights: list[float] | None, first: str) -> None:
    assert rrf(rankings, weights=weights)[0][0] == first


def test_duplicates_count_once_and_ties_keep_first_seen_order() -> None:
    fused = rrf([["x", "x", "y"], ["y", "x"]], k=0)
    assert dict(fused)["x"] == pytest.approx(1 / 1 + 1 / 2)
    assert rrf([["p"], ["q"]]) == [("p", 1 / (RRF_K + 1)), ("q", 1 / (RRF_K + 1))]


def test_empty_and_bad_input() -> None:
    assert rrf([]) == []
    with pytest.raises(ValueError, match="weights"):
        rrf([["a"]], weights=[1.0, 2.0])
