"""Lexical search: BM25 (bm25s) over our own multilingual tokens (`tablerag.text.tokens`)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import numpy as np

from tablerag.errors import IndexMismatchError
from tablerag.text.tokens import (  # re-exported: callers of the BM25 index use the same tokens
    LATIN_LANGS,
    TOKENIZER_VERSION,
    Lang,
    detect_language,
    normalise_number,
    tokenize,
)

__all__ = [
    "LATIN_LANGS",
    "TOKENIZER_VERSION",
    "Lang",
    "LexicalIndex",
    "detect_language",
    "normalise_number",
    "tokenize",
    "top_positions",
]

META_FILE = "lexical.json"
BM25_DIR = "bm25"


def _unique(tokens: list[str]) -> list[str]:
    return list(dict.fromkeys(tokens))


class LexicalIndex:
    """A BM25 index over record texts, persisted in a folder (bm25s files + ids)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._ids: list[str] = []
        self._pos: dict[str, int] = {}
        self._bm25: Any = None
        if (self.path / META_FILE).exists():
            self._load()

    def __len__(self) -> int:
        return len(self._ids)

    def _load(self) -> None:
        meta = json.loads((self.path / META_FILE).read_text(encoding="utf-8"))
        if meta.get("tokenizer") != TOKENIZER_VERSION:
            raise IndexMismatchError(
                f"{self.path}: lexical index built with tokenizer v{meta.get('tokenizer')}, "
                f"this version uses v{TOKENIZER_VERSION}: rebuild the index"
            )
        self._set_ids(list(meta["ids"]))
        if self._ids:
            import bm25s

            self._bm25 = bm25s.BM25.load(str(self.path / BM25_DIR), show_progress=False)

    def rebuild(self, ids: list[str], texts: list[str]) -> None:
        """Replace the whole index with these records and persist it (written aside, then swapped in)."""
        if len(ids) != len(texts):
            raise ValueError(f"rebuild: {len(ids)} ids but {len(texts)} texts")
        if len(set(ids)) != len(ids):
            raise ValueError("rebuild: ids must be unique")
        bm25 = _build_bm25([tokenize(t) for t in texts]) if ids else None
        staging = self.path.with_name(self.path.name + ".tmp")
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir(parents=True)
        if bm25 is not None:
            bm25.save(str(staging / BM25_DIR), show_progress=False)
        meta = {"tokenizer": TOKENIZER_VERSION, "ids": ids}
        (staging / META_FILE).write_text(json.dumps(meta, ensure_ascii=False), encoding="utf-8")
        _swap_in(staging, self.path)
        self._set_ids(list(ids))
        self._bm25 = bm25

    def _set_ids(self, ids: list[str]) -> None:
        self._ids = ids
        self._pos = {record_id: i for i, record_id in enumerate(ids)}

    def scores(self, query: str) -> np.ndarray:
        """BM25 score of every record (in id order) for ``query``; zeros when no query token is indexed."""
        scores = np.zeros(len(self._ids), dtype=np.float32)
        if self._bm25 is None:
            return scores
        token_ids = self._token_ids(query)
        if not token_ids:
            return scores
        return np.asarray(self._bm25.get_scores_from_ids(token_ids), dtype=np.float32)

    def postings(self, query: str) -> list[np.ndarray]:
        """For each distinct indexed token of ``query``, the positions of the records holding it, ascending (views
        into the BM25 index: no copy, however common the word)."""
        if self._bm25 is None:
            return []
        indices, indptr = self._bm25.scores["indices"], self._bm25.scores["indptr"]
        return [indices[indptr[t] : indptr[t + 1]] for t in self._token_ids(query)]

    def _token_ids(self, query: str) -> list[int]:
        """The BM25 vocabulary ids of the query's distinct tokens (unknown tokens dropped)."""
        ids: list[int] = self._bm25.get_tokens_ids(_unique(tokenize(query)))
        return ids

    @property
    def ids(self) -> list[str]:
        """Record ids in index order (sorted): position ``i`` of ``scores()`` is ``ids[i]``."""
        return self._ids

    @property
    def positions(self) -> dict[str, int]:
        return self._pos

    def search(self, query: str, k: int, allowed: set[str] | None = None) -> list[tuple[str, float]]:
        """Top ``k`` (id, score) with score > 0, best first; only ids in ``allowed`` when it is given."""
        if k <= 0 or not self._ids:
            return []
        return self.rank(self.scores(query), k, None if allowed is None else self._mask(allowed) > 0)

    def rank(self, scores: np.ndarray, k: int, mask: np.ndarray | None = None) -> list[tuple[str, float]]:
        """Top ``k`` (id, score) of precomputed ``scores`` with score > 0, best first (ties by position); only
        positions where ``mask`` is true when it is given. One query's scores serve both search stages."""
        if k <= 0 or not self._ids:
            return []
        if mask is not None:
            scores = np.where(mask, scores, np.float32(0))
        order = top_positions(scores, k)
        return [(self._ids[i], float(scores[i])) for i in order]

    def _mask(self, allowed: set[str]) -> np.ndarray:
        mask = np.zeros(len(self._ids), dtype=np.float32)
        mask[[self._pos[i] for i in allowed if i in self._pos]] = 1.0
        return mask


SAMPLE_STRIDE = 16  # top_positions bounds the k-th best score from every 16th score (a 1M-record index: 62,500)
SAMPLE_MIN = 1 << 16  # below this many scores the plain partition is as fast


def top_positions(scores: np.ndarray, k: int, positions: np.ndarray | None = None) -> np.ndarray:
    """Positions of the ``k`` best positive scores, best first, ties by position; among ``positions`` (ascending)
    when given. Partitions before sorting: a common word scores most of a large corpus, and only k are kept."""
    if positions is None:
        positive = np.flatnonzero(scores >= _lower_bound(scores, k))
        values = scores[positive]
    else:
        values = scores[positions]
        keep = values > 0
        positive, values = positions[keep], values[keep]
    if len(positive) > k:
        threshold = np.partition(values, len(values) - k)[len(values) - k]  # the k-th best score
        keep = values >= threshold  # every tie of the k-th score stays, so the order below is the full sort's
        positive, values = positive[keep], values[keep]
    return positive[np.lexsort((positive, -values))][:k]


def _lower_bound(scores: np.ndarray, k: int) -> float:
    """A score at or below the k-th best positive one, above zero: the k-th best of every SAMPLE_STRIDE-th score
    (a subset's k-th best never exceeds the whole's), so only ~k x SAMPLE_STRIDE scores are partitioned instead of
    every record a common word scores (~400,000 at 1M records); the smallest positive float where the sample is
    too small or holds fewer than k positive scores."""
    tiny = float(np.finfo(np.float32).tiny)
    if len(scores) < SAMPLE_MIN or k * SAMPLE_STRIDE >= len(scores):
        return tiny
    sample = scores[::SAMPLE_STRIDE]
    sample = sample[sample > 0]  # zeros left in make the partition slow (a tenant filter zeroes nine in ten)
    if len(sample) < k:
        return tiny
    return float(np.partition(sample, len(sample) - k)[len(sample) - k])


def _build_bm25(corpus_tokens: list[list[str]]) -> Any:
    import bm25s

    bm25 = bm25s.BM25()
    bm25.index(corpus_tokens, show_progress=False)
    return bm25


def _swap_in(staging: Path, target: Path) -> None:
    """Replace ``target`` with ``staging`` so a reader never sees a half-written index."""
    old = target.with_name(target.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if target.exists():
        target.rename(old)
    staging.rename(target)
    shutil.rmtree(old, ignore_errors=True)
