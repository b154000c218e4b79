"""Reciprocal rank fusion of several rankings (e.g. vector and BM25 hits)."""

from __future__ import annotations

from collections.abc import Sequence

# Cormack, Clarke & Buettcher (SIGIR 2009) found k = 60 near-optimal across TREC runs: it damps the
# weight of the very top ranks so one list's first hit cannot outvote agreement between lists.
RRF_K = 60


def rrf(
    rankings: Sequence[Sequence[str]], k: int = RRF_K, weights: Sequence[float] | None = None
) -> list[tuple[str, float]]:
    """Fuse best-first id lists: score(id) = sum_i weight_i / (k + rank_i(id)), ranks 1-based.

    An id repeated within one list counts at its best rank only. Ties keep first-seen order.
    """
    if weights is not None and len(weights) != len(rankings):
        raise ValueError(f"rrf: {len(weights)} weights for {len(rankings)} rankings")
    if k < 0:
        raise ValueError(f"rrf: k must be >= 0, got {k}")
    scores: dict[str, float] = {}
    for i, ranking in enumerate(rankings):
        weight = 1.0 if weights is None else float(weights[i])
        seen: set[str] = set()
        for rank, item in enumerate(ranking, start=1):
            if item in seen:
                continue
            seen.add(item)
            scores[item] = scores.get(item, 0.0) + weight / (k + rank)
    return sorted(scores.items(), key=lambda pair: -pair[1])
