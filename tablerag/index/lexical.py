"""Lexical search: BM25 (index/postings.py, the weights bm25s gives) over our own multilingual tokens
(`tablerag.text.tokens`)."""

from __future__ import annotations

import bisect
import json
import shutil
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

import numpy as np

from tablerag.errors import IndexMismatchError
from tablerag.index.postings import STORED, Postings, build
from tablerag.index.postings import update as update_postings
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
    "Moves",
    "detect_language",
    "normalise_number",
    "tokenize",
    "top_positions",
]

META_FILE = "lexical.json"
POSTINGS_FILE = "postings.npz"
CHANGES_FILE = "changes.jsonl"  # the changes since the arrays were written, one update a line
# 1: bm25s files (rebuilt in full after every add); 2: index/postings.py arrays; 3: arrays + the change log
LAYOUT_VERSION = 3
READABLE_LAYOUTS = (2, 3)  # a layout-2 folder is layout 3 without a change log
# an update is appended to the change log instead of rewriting the arrays and ids (hundreds of MB at 1M records)
# until the log holds this share of the records: opening replays it (tokenizes its texts again, in one update), so
# an open costs at most ~2% of a rebuild more, and the full write is paid once per 2% of growth
COMPACT_SHARE = 0.02
COMPACT_MIN = 5_000  # below this many logged records the log is cheap to replay whatever the index's size


class Moves(NamedTuple):
    """Where an update moved the records (positions follow the sorted ids, so an added id shifts those after it):
    what another array aligned with the positions needs to follow it without re-reading the records."""

    keep: np.ndarray  # bool, one per position before: the record is still there (neither removed nor replaced)
    kept_pos: np.ndarray  # int64, one per kept record (in order): its position after
    added: list[str]  # the added ids, sorted
    added_pos: np.ndarray  # int64, one per added id: its position after

    def moved(self) -> np.ndarray:
        """Position after of every position before; -1 where the record left."""
        out = np.full(len(self.keep), -1, dtype=np.int64)
        out[self.keep] = self.kept_pos
        return out


def _unique(tokens: list[str]) -> list[str]:
    return list(dict.fromkeys(tokens))


class LexicalIndex:
    """A BM25 index over record texts, persisted in a folder (postings arrays + ids + vocabulary), that takes
    added and removed records without re-reading the others (index/postings.py)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._ids: list[str] = []
        self._pos: dict[str, int] = {}
        self._vocab: dict[str, int] = {}
        self._postings = Postings.empty()
        self._logged = 0  # records in the change log (added and removed)
        self.stale = False  # on disk in an older layout: the owner rebuilds it from its records
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
        if meta.get("layout") not in READABLE_LAYOUTS:
            self.stale = True
            return
        self._set_ids(list(meta["ids"]))
        self._vocab = {t: i for i, t in enumerate(meta["vocab"])}
        with np.load(self.path / POSTINGS_FILE) as arrays:
            self._postings = Postings(**{k: arrays[k] for k in STORED})
        added, removed, self._logged = _read_changes(self.path / CHANGES_FILE)
        if self._logged:
            self._apply(added, removed)

    def rebuild(self, ids: list[str], texts: list[str]) -> None:
        """Replace the whole index with these records and persist it (written aside, then swapped in)."""
        if len(ids) != len(texts):
            raise ValueError(f"rebuild: {len(ids)} ids but {len(texts)} texts")
        if len(set(ids)) != len(ids):
            raise ValueError("rebuild: ids must be unique")
        order = sorted(range(len(ids)), key=ids.__getitem__)
        vocab: dict[str, int] = {}
        docs = [self._token_array(tokenize(texts[i]), vocab) for i in order]
        self._commit([ids[i] for i in order], vocab, build(docs, len(vocab)))

    def update(self, added: dict[str, str], removed: Iterable[str] = ()) -> Moves:
        """Add records (id -> text; an id already indexed is replaced) and drop ``removed`` ids, then persist: the
        index equals a rebuild over the records it then holds, but only the added texts are tokenized. Returns
        where the records moved. Persisted by appending the change to the log (the arrays are written afresh once
        the log holds COMPACT_SHARE of the records)."""
        dropped = list(removed)
        moves = self._apply(added, dropped)
        self._logged += len(added) + len(dropped)
        written = (self.path / META_FILE).exists()
        if not written or self._logged > max(COMPACT_MIN, COMPACT_SHARE * len(self._ids)):
            self._commit(self._ids, self._vocab, self._postings)
        else:
            line = json.dumps({"added": added, "removed": dropped}, ensure_ascii=False)
            with open(self.path / CHANGES_FILE, "a", encoding="utf-8") as fh:
                fh.write(line + "\n")
        return moves

    def _apply(self, added: dict[str, str], removed: Iterable[str]) -> Moves:
        """The update in memory."""
        gone = set(removed) | set(added)
        keep = np.ones(len(self._ids), dtype=bool)
        keep[[self._pos[i] for i in gone if i in self._pos]] = False
        kept = [i for i, k in zip(self._ids, keep.tolist(), strict=True) if k] if not keep.all() else self._ids
        new_ids = sorted(added)
        vocab = dict(self._vocab)
        fresh = build([self._token_array(tokenize(added[i]), vocab) for i in new_ids], len(vocab))
        # where the new ids fall among the kept ones (ids stay sorted), and where the kept ones move
        insert = np.array([bisect.bisect_left(kept, i) for i in new_ids], dtype=np.int64)
        added_pos = insert + np.arange(len(new_ids), dtype=np.int64)
        ranks = np.arange(len(kept), dtype=np.int64)
        kept_pos = ranks + np.searchsorted(insert, ranks, side="right")
        old = self._postings
        if len(old.indptr) < len(vocab) + 1:  # new tokens: empty posting lists at the end of the old ones
            pad = np.full(len(vocab) + 1 - len(old.indptr), old.indptr[-1], dtype=np.int64)
            old = replace(old, indptr=np.concatenate([old.indptr, pad]))
        postings = update_postings(old, keep, kept_pos, fresh, added_pos, len(vocab))
        ids = np.empty(len(kept) + len(new_ids), dtype=object)
        ids[kept_pos] = kept
        ids[added_pos] = new_ids
        # positions before the first added or removed record stay: only the ids from there on are renumbered
        # (the dict updated in place; a new one for a million ids cost more than the rest of the update)
        first = min([*added_pos[:1].tolist(), *np.flatnonzero(~keep)[:1].tolist()], default=len(ids))
        for i in gone:
            self._pos.pop(i, None)
        self._ids = ids.tolist()
        self._pos.update(zip(self._ids[first:], range(first, len(self._ids)), strict=True))
        self._vocab, self._postings, self.stale = vocab, postings, False
        return Moves(keep, kept_pos, new_ids, added_pos)

    @staticmethod
    def _token_array(tokens: list[str], vocab: dict[str, int]) -> np.ndarray:
        return np.fromiter((vocab.setdefault(t, len(vocab)) for t in tokens), dtype=np.int64, count=len(tokens))

    def _commit(self, ids: list[str], vocab: dict[str, int], postings: Postings) -> None:
        """Persist (written aside, then swapped in), then take the new state."""
        staging = self.path.with_name(self.path.name + ".tmp")
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir(parents=True)
        np.savez(staging / POSTINGS_FILE, **{k: getattr(postings, k) for k in STORED})
        meta = {"tokenizer": TOKENIZER_VERSION, "layout": LAYOUT_VERSION, "ids": ids, "vocab": list(vocab)}
        (staging / META_FILE).write_text(json.dumps(meta, ensure_ascii=False), encoding="utf-8")
        _swap_in(staging, self.path)  # the new folder holds no change log
        self._logged = 0
        self._take(ids, vocab, postings)

    def _take(self, ids: list[str], vocab: dict[str, int], postings: Postings) -> None:
        self._set_ids(ids)
        self._vocab = vocab
        self._postings = postings
        self.stale = False

    def _set_ids(self, ids: list[str]) -> None:
        self._ids = ids
        self._pos = dict(zip(ids, range(len(ids)), strict=True))

    def scores(self, query: str) -> np.ndarray:
        """BM25 score of every record (in id order) for ``query``; zeros when no query token is indexed."""
        return self._postings.scores(self._token_ids(query))

    def postings(self, query: str) -> list[np.ndarray]:
        """For each distinct indexed token of ``query``, the positions of the records holding it, ascending (views
        into the index: no copy, however common the word)."""
        p = self._postings
        return [p.docs[p.token(t)] for t in self._token_ids(query)]

    def holding(self, token: str) -> np.ndarray:
        """The positions of the records holding ``token`` (a token as `tokenize` gives it, not text to tokenize),
        ascending; empty when no record holds it."""
        t = self._vocab.get(token)
        p = self._postings
        return p.docs[p.token(t)] if t is not None else np.zeros(0, dtype=np.int64)

    def _token_ids(self, query: str) -> list[int]:
        """The vocabulary ids of the query's distinct tokens that some record holds (others dropped)."""
        indptr = self._postings.indptr
        ids = (self._vocab.get(t) for t in _unique(tokenize(query)))
        return [t for t in ids if t is not None and indptr[t + 1] > indptr[t]]

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


def _read_changes(path: Path) -> tuple[dict[str, str], set[str], int]:
    """The logged updates folded into one (added id -> text, removed ids) and the number of records they name. A
    torn last line (a crash while appending) is left out: the index's owner then still holds BM25 stale and rebuilds
    it from its records."""
    added: dict[str, str] = {}
    removed: set[str] = set()
    count = 0
    if not path.exists():
        return added, removed, count
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            change = json.loads(line)
        except json.JSONDecodeError:
            break
        for i in change["removed"]:
            added.pop(i, None)
            removed.add(i)
        added.update(change["added"])
        count += len(change["added"]) + len(change["removed"])
    return added, removed, count


def _swap_in(staging: Path, target: Path) -> None:
    """Replace ``target`` with ``staging`` so a reader never sees a half-written index."""
    old = target.with_name(target.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if target.exists():
        target.rename(old)
    staging.rename(target)
    shutil.rmtree(old, ignore_errors=True)
