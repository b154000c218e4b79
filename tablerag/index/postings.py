"""BM25 postings that take additions and removals without re-reading the corpus.

bm25s builds its score matrix in one pass over every document and has no way to add one (its maintainer: "it is
not possible", xhluca/bm25s#5), so an index rebuilt it, tokenizing every record again, after each added document.
Here the raw term frequencies and document lengths are kept, in the token-major layout bm25s uses; an update drops
the removed documents' postings, merges in the new ones and recomputes every weight with the new corpus statistics
(document count, document frequencies, average length) in a few vectorised passes: no tokenizing of old records,
and the weights are those a build from scratch gives (same formula as bm25s' default "lucene" variant, same
float32 steps), so scores do not depend on the order documents arrived in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

K1 = 1.5  # bm25s' default term-frequency saturation (what the index used before)
B = 0.75  # bm25s' default length normalisation


@dataclass(slots=True)
class Postings:
    """For each token id t, ``docs[indptr[t]:indptr[t+1]]`` are the positions of the documents holding it
    (ascending) and ``tf`` its counts there; ``lengths`` are the documents' token counts; ``weights`` the BM25 weight
    of every posting for the current corpus."""

    indptr: np.ndarray  # int64, vocabulary size + 1
    docs: np.ndarray  # int32
    tf: np.ndarray  # float32
    lengths: np.ndarray  # int32, one per document
    weights: np.ndarray  # float32, one per posting

    @classmethod
    def empty(cls, vocab: int = 0) -> Postings:
        return cls(
            np.zeros(vocab + 1, dtype=np.int64),
            np.zeros(0, dtype=np.int32),
            np.zeros(0, dtype=np.float32),
            np.zeros(0, dtype=np.int32),
            np.zeros(0, dtype=np.float32),
        )

    @property
    def n_docs(self) -> int:
        return len(self.lengths)

    def token(self, t: int) -> slice:
        return slice(int(self.indptr[t]), int(self.indptr[t + 1]))

    def scores(self, token_ids: Sequence[int]) -> np.ndarray:
        """BM25 score of every document for a query made of these (distinct) token ids."""
        out = np.zeros(self.n_docs, dtype=np.float32)
        for t in token_ids:
            s = self.token(t)
            out[self.docs[s]] += self.weights[s]
        return out


def build(doc_tokens: Sequence[np.ndarray], vocab_size: int) -> Postings:
    """Postings of documents given as arrays of token ids (position i = document i)."""
    lengths = np.fromiter((len(d) for d in doc_tokens), dtype=np.int32, count=len(doc_tokens))
    tokens = np.concatenate(doc_tokens).astype(np.int64) if len(doc_tokens) else np.zeros(0, dtype=np.int64)
    docs = np.repeat(np.arange(len(doc_tokens), dtype=np.int64), lengths)
    return _from_pairs(tokens, docs, np.ones(len(tokens), dtype=np.float32), lengths, vocab_size)


def update(
    old: Postings, keep: np.ndarray, new_pos: np.ndarray, added: Postings, added_pos: np.ndarray, vocab_size: int
) -> Postings:
    """``old`` without the documents where ``keep`` is false, its kept documents moved to ``new_pos`` (one per
    kept document, in order), and the documents of ``added`` (built on their own) placed at ``added_pos``."""
    n = int(keep.sum()) + added.n_docs
    moved = np.full(old.n_docs, -1, dtype=np.int64)
    moved[keep] = new_pos
    old_tok = np.repeat(np.arange(len(old.indptr) - 1, dtype=np.int64), np.diff(old.indptr))
    alive = keep[old.docs]
    add_tok = np.repeat(np.arange(len(added.indptr) - 1, dtype=np.int64), np.diff(added.indptr))
    tokens = np.concatenate([old_tok[alive], add_tok])
    docs = np.concatenate([moved[old.docs[alive]], added_pos[added.docs].astype(np.int64)])
    tf = np.concatenate([old.tf[alive], added.tf])
    lengths = np.zeros(n, dtype=np.int32)
    lengths[new_pos] = old.lengths[keep]
    lengths[added_pos] = added.lengths
    return _from_counts(tokens, docs, tf, lengths, vocab_size)


def _from_pairs(
    tokens: np.ndarray, docs: np.ndarray, ones: np.ndarray, lengths: np.ndarray, vocab_size: int
) -> Postings:
    """Count (token, document) pairs into term frequencies, then weigh them."""
    n = max(len(lengths), 1)
    keys, counts = np.unique(tokens * n + docs, return_counts=True)
    return _weighed(keys // n, keys % n, counts.astype(np.float32), lengths, vocab_size)


def _from_counts(
    tokens: np.ndarray, docs: np.ndarray, tf: np.ndarray, lengths: np.ndarray, vocab_size: int
) -> Postings:
    """Postings already counted (each (token, document) once), in any order: sorted token-major, then weighed."""
    n = max(len(lengths), 1)
    order = np.argsort(tokens * n + docs, kind="stable")  # kept postings are sorted already: a merge of two runs
    return _weighed(tokens[order], docs[order], tf[order], lengths, vocab_size)


def _weighed(tokens: np.ndarray, docs: np.ndarray, tf: np.ndarray, lengths: np.ndarray, vocab_size: int) -> Postings:
    """BM25 weights, as bm25s computes them: idf = log(1 + (N - df + 0.5) / (df + 0.5)) and
    tf / (k1 (1 - b + b len / avg len) + tf), in float32."""
    df = np.bincount(tokens, minlength=vocab_size)
    indptr = np.concatenate([[0], np.cumsum(df)]).astype(np.int64)
    n = len(lengths)
    weights = np.zeros(len(tokens), dtype=np.float32)
    if n and len(tokens):
        avg = float(lengths.mean())
        idf = np.log(1 + (n - df + 0.5) / (df + 0.5)).astype(np.float32)
        norm = (K1 * ((1 - B) + B * lengths[docs] / avg)).astype(np.float32)
        weights = idf[tokens] * (tf / (norm + tf))
    return Postings(indptr, docs.astype(np.int32), tf.astype(np.float32), lengths.astype(np.int32), weights)
