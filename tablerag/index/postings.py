"""BM25 postings that take additions and removals without re-reading the corpus.

bm25s builds its score matrix in one pass over every document and has no way to add one (its maintainer: "it is
not possible", xhluca/bm25s#5), so an index rebuilt it, tokenizing every record again, after each added document.
Here the raw term frequencies and document lengths are kept, in the token-major layout bm25s uses; an update drops
the removed documents' postings, merges in the new ones and recomputes the corpus statistics (document count,
document frequencies, average length; vocabulary- and document-sized) in a few vectorised passes: no tokenizing of
old records. A posting's weight is computed when a query reads it, from those statistics, so it is the weight a
build from scratch gives (same formula as bm25s' default "lucene" variant, same float32 steps) and scores do not
depend on the order documents arrived in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

K1 = 1.5  # bm25s' default term-frequency saturation (what the index used before)
B = 0.75  # bm25s' default length normalisation


STORED = ("indptr", "docs", "tf", "lengths")  # what is written to disk; the weights follow from them


@dataclass(slots=True)
class Postings:
    """For each token id t, ``docs[indptr[t]:indptr[t+1]]`` are the positions of the documents holding it
    (ascending) and ``tf`` its counts there; ``lengths`` are the documents' token counts. A posting's BM25 weight,
    idf[t] * tf / (norm[doc] + tf), is computed when a query reads it: the corpus statistics (idf per token, length
    norm per document) are vocabulary- and document-sized, so an update recomputes them without touching every
    posting."""

    indptr: np.ndarray  # int64, vocabulary size + 1
    docs: np.ndarray  # int32
    tf: np.ndarray  # float32
    lengths: np.ndarray  # int32, one per document
    idf: np.ndarray = field(init=False)  # float32, one per token
    norm: np.ndarray = field(init=False)  # float32, one per document: k1 (1 - b + b len / avg len)

    def __post_init__(self) -> None:
        """BM25's corpus statistics, as bm25s computes them: idf = log(1 + (N - df + 0.5) / (df + 0.5)) and
        k1 (1 - b + b len / avg len), in float32."""
        n, df = len(self.lengths), np.diff(self.indptr)
        self.idf = np.log(1 + (n - df + 0.5) / (df + 0.5)).astype(np.float32)
        avg = float(self.lengths.mean()) if n else 1.0
        self.norm = (K1 * ((1 - B) + B * self.lengths / avg)).astype(np.float32)

    @classmethod
    def empty(cls, vocab: int = 0) -> Postings:
        return cls(
            np.zeros(vocab + 1, dtype=np.int64),
            np.zeros(0, dtype=np.int32),
            np.zeros(0, dtype=np.float32),
            np.zeros(0, dtype=np.int32),
        )

    @property
    def n_docs(self) -> int:
        return len(self.lengths)

    def token(self, t: int) -> slice:
        return slice(int(self.indptr[t]), int(self.indptr[t + 1]))

    def weights(self, t: int) -> np.ndarray:
        """The BM25 weight of each posting of token ``t`` (float32, the steps bm25s takes)."""
        s = self.token(t)
        tf = self.tf[s]
        result: np.ndarray = self.idf[t] * (tf / (self.norm[self.docs[s]] + tf))
        return result

    def scores(self, token_ids: Sequence[int]) -> np.ndarray:
        """BM25 score of every document for a query made of these (distinct) token ids."""
        out = np.zeros(self.n_docs, dtype=np.float32)
        for t in token_ids:
            out[self.docs[self.token(t)]] += self.weights(t)
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
    kept document, in order), and the documents of ``added`` (built on their own) placed at ``added_pos``.

    The kept postings stay in place, renumbered (positions only shift, so each token's documents stay ascending),
    and the few added ones are inserted where they belong: a few passes over the postings that copy or gather, no
    sort of the whole index."""
    n = int(keep.sum()) + added.n_docs
    moved = np.full(old.n_docs, -1, dtype=np.int32)
    moved[keep] = new_pos
    indptr = np.full(vocab_size + 1, old.indptr[-1], dtype=np.int64)  # tokens new to the index: empty lists
    indptr[: len(old.indptr)] = old.indptr
    if keep.all():
        docs, tf = moved[old.docs], old.tf
    else:
        alive = keep[old.docs]
        docs, tf = moved[old.docs[alive]], old.tf[alive]
        indptr = np.concatenate([[0], np.cumsum(alive, dtype=np.int64)])[indptr]
    add_df = np.zeros(vocab_size, dtype=np.int64)
    add_df[: len(added.indptr) - 1] = np.diff(added.indptr)
    add_tok = np.repeat(np.arange(vocab_size, dtype=np.int64), add_df)
    add_docs = added_pos[added.docs].astype(np.int32)
    # where each added posting goes among its token's kept postings (added ones: a few hundred)
    at = np.fromiter(
        (
            indptr[t] + np.searchsorted(docs[indptr[t] : indptr[t + 1]], d)
            for t, d in zip(add_tok.tolist(), add_docs.tolist(), strict=True)
        ),
        dtype=np.int64,
        count=len(add_docs),
    )
    docs, tf = np.insert(docs, at, add_docs), np.insert(tf, at, added.tf)
    indptr = indptr + np.concatenate([[0], np.cumsum(add_df)])
    lengths = np.zeros(n, dtype=np.int32)
    lengths[new_pos] = old.lengths[keep]
    lengths[added_pos] = added.lengths
    return Postings(indptr, docs, tf.astype(np.float32), lengths)


def _from_pairs(
    tokens: np.ndarray, docs: np.ndarray, ones: np.ndarray, lengths: np.ndarray, vocab_size: int
) -> Postings:
    """Count (token, document) pairs into term frequencies."""
    n = max(len(lengths), 1)
    keys, counts = np.unique(tokens * n + docs, return_counts=True)
    return _indexed(keys // n, keys % n, counts.astype(np.float32), lengths, vocab_size)


def _indexed(tokens: np.ndarray, docs: np.ndarray, tf: np.ndarray, lengths: np.ndarray, vocab_size: int) -> Postings:
    """Postings sorted token-major (the weights follow from them: see Postings)."""
    df = np.bincount(tokens, minlength=vocab_size)
    indptr = np.concatenate([[0], np.cumsum(df)]).astype(np.int64)
    return Postings(indptr, docs.astype(np.int32), tf.astype(np.float32), lengths.astype(np.int32))
