"""Row labels named in a question: a third ranking for stage one.

A pooled question names its row by the row's label far more often than by anything else ("What was the gross
profit in 2018?" -> the row "Gross profit"); BM25 and dense vectors reward rows that share *words* with the
question, so "Net deferred tax assets" outranked the gold "Net deferred tax liabilities" and "Total cost of
revenue" the gold "Total revenue". This ranking holds the row records whose whole label (its BM25 tokens, numbers
left out) occurs as a phrase in the question, longest label first, ties by BM25. It is fused with the other two
in stage one, so tables holding such rows come forward; stage two ranks rows as before (adding the ranking there
too lowered R@12 from 0.811 to 0.776, USE, full pooled TAT-QA).

Labels come from the table store (a data row's first non-empty text cell that is not a number: the stub), so
indexes built before this module work unchanged; the phrase map is built once per record catalog.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from tablerag.index.tables import TableStore

# labels longer than this are sentences, not names a question repeats (TAT-QA labels: 95% have <= 8 tokens)
MAX_LABEL_TOKENS = 8
_NUMBER = re.compile(r"[-+]?\d[\d.,]*")  # note marks and years ("Net income (1)", "2019") are not part of a name

_STUBS_SQL = (
    "SELECT table_id, \"row\", text FROM cells WHERE NOT is_header AND value IS NULL AND trim(text) <> '' "
    'QUALIFY row_number() OVER (PARTITION BY table_id, "row" ORDER BY col) = 1'
)


def label_tokens(text: str) -> tuple[str, ...]:
    """The tokens a label is matched by: BM25's (stemmed, per language), numbers left out."""
    from tablerag.index.lexical import tokenize

    return tuple(t for t in tokenize(text) if not _NUMBER.fullmatch(t))


class RowLabels:
    """Phrase -> positions of the row records carrying that label, aligned with the record catalog."""

    def __init__(self, phrases: dict[tuple[str, ...], list[int]]) -> None:
        self.phrases = phrases

    @classmethod
    def build(cls, store: TableStore, positions: dict[str, int]) -> RowLabels:
        phrases: dict[tuple[str, ...], list[int]] = defaultdict(list)
        for table_id, row, text in store.con.execute(_STUBS_SQL).fetchall():
            pos = positions.get(f"{table_id}:r{row}")
            if pos is None:
                continue
            tokens = label_tokens(text)
            if 0 < len(tokens) <= MAX_LABEL_TOKENS:
                phrases[tokens].append(pos)
        return cls(dict(phrases))

    def __len__(self) -> int:
        return len(self.phrases)

    def matches(self, question: str) -> dict[int, int]:
        """Positions of row records whose label occurs in the question -> the label's length in tokens."""
        tokens = label_tokens(question)
        found: dict[int, int] = {}
        for n in range(min(MAX_LABEL_TOKENS, len(tokens)), 0, -1):
            for i in range(len(tokens) - n + 1):
                for pos in self.phrases.get(tuple(tokens[i : i + n]), ()):
                    found.setdefault(pos, n)
        return found

    def ranking(self, question: str, bm25: np.ndarray, n: int, mask: np.ndarray | None = None) -> list[int]:
        """The matching positions allowed by ``mask``: longest label first, then by BM25 score; at most ``n``."""
        found = self.matches(question)
        allowed = [p for p in found if mask is None or mask[p]]
        return sorted(allowed, key=lambda p: (-found[p], -float(bm25[p])))[:n]
