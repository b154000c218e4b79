"""Row labels named in a question: a third ranking for stage one.

A pooled question names its row by the row's label far more often than by anything else ("What was the gross
profit in 2018?" -> the row "Gross profit"); BM25 and dense vectors reward rows that share *words* with the
question, so "Net deferred tax assets" outranked the gold "Net deferred tax liabilities" and "Total cost of
revenue" the gold "Total revenue". This ranking holds the row records whose whole label (its BM25 tokens, numbers
left out) occurs as a phrase in the question, longest label first, ties by BM25. It is fused with the other two
in stage one, so tables holding such rows come forward; stage two ranks rows as before (adding the ranking there
too lowered R@12 from 0.811 to 0.776, USE, full pooled TAT-QA).

The same matches also *spread* a pooled question over the tables it could mean (``RowLabels.spread``): "What was
the net income in 2019?" names the "Net income" row of a dozen tables, and nothing in the question tells them
apart; search.py gives each of those tables' named row a place near the top.

Labels come from the table store (a data row's first non-empty text cell that is not a number: the stub), so
indexes built before this module work unchanged; the phrase map is built once per record catalog.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from typing import Any, NamedTuple, Protocol

import numpy as np

from tablerag.model import RecordId
from tablerag.text.tokens import LATIN_LANGS, Lang, detect_language, tokenize

# labels longer than this are sentences, not names a question repeats (TAT-QA labels: 95% have <= 8 tokens)
MAX_LABEL_TOKENS = 8
_NUMBER = re.compile(r"[-+]?\d[\d.,]*")  # note marks and years ("Net income (1)", "2019") are not part of a name

# each data row's stub, and whether the row holds any value (a row without one is a section heading: "Current
# assets:" names no number a question could want)
_STUBS_SQL = (
    'SELECT table_id, "row", text, has_values FROM ('
    '  SELECT table_id, "row", col, text, value,'
    '    bool_or(value IS NOT NULL) OVER (PARTITION BY table_id, "row") AS has_values'
    "  FROM cells WHERE NOT is_header"
    ") WHERE value IS NULL AND trim(text) <> '' "
    'QUALIFY row_number() OVER (PARTITION BY table_id, "row" ORDER BY col) = 1'
)

Tables = np.ndarray | None  # True for the table codes wanted; None: every table


class Found(NamedTuple):
    """The row records whose label a question names (RowLabels.matches), one entry per (record, phrase)."""

    positions: np.ndarray  # catalog positions
    lengths: np.ndarray  # the named label's length in tokens
    phrases: np.ndarray  # which named phrase (0, 1, ... in the order found)

    def where(self, keep: np.ndarray) -> Found:
        return Found(self.positions[keep], self.lengths[keep], self.phrases[keep])

    def allowed(self, mask: np.ndarray | None) -> Found:
        """The entries whose record passes ``mask`` (all without one)."""
        return self if mask is None else self.where(mask[self.positions])

    def in_tables(self, table: np.ndarray, tables: Tables) -> Found:
        """The entries whose record's table (``table``: code per position) is wanted (all without ``tables``)."""
        return self if tables is None else self.where(tables[table[self.positions]])


_NONE = np.zeros(0, dtype=np.int64)


class CellSource(Protocol):
    """A store whose DuckDB connection holds the `cells` table (the table store)."""

    con: Any


def label_tokens(text: str, lang: Lang | None = None) -> tuple[str, ...]:
    """The tokens a label is matched by: BM25's (stemmed, per language), numbers left out."""
    return tuple(t for t in tokenize(text, lang) if not _NUMBER.fullmatch(t))


def label_variants(text: str) -> set[tuple[str, ...]]:
    """A label's token forms under every Latin stemmer as well as its guessed one: a two-word label carries too
    little to tell Polish from English ("Przychody netto" was stemmed as English, the question as Polish)."""
    # a Latin label's guessed form is one of the three; any other script has one form
    langs: tuple[Lang | None, ...] = LATIN_LANGS if detect_language(text) in LATIN_LANGS else (None,)
    forms = {label_tokens(text, lang) for lang in langs}
    return {f for f in forms if 0 < len(f) <= MAX_LABEL_TOKENS}


class RowLabels:
    """Phrase -> positions of the row records carrying that label, aligned with the record catalog."""

    def __init__(self, phrases: dict[tuple[str, ...], np.ndarray], heading: np.ndarray | None = None) -> None:
        self.phrases = phrases
        # per catalog position up to the last labelled one: True for a row holding no value (a heading)
        self.heading = np.zeros(0, dtype=bool) if heading is None else heading

    @property
    def headings(self) -> np.ndarray:
        """Positions of the labelled rows that hold no value."""
        result: np.ndarray = np.flatnonzero(self.heading)
        return result

    @classmethod
    def build(cls, store: CellSource, positions: dict[str, int], tables: list[str] | None = None) -> RowLabels:
        """The labels of every table's rows, or of ``tables`` only."""
        if tables is None:
            stubs = store.con.execute(_STUBS_SQL).fetchall()
        elif tables:
            sql = _STUBS_SQL.replace("WHERE NOT is_header", "WHERE NOT is_header AND table_id IN (SELECT unnest(?))")
            stubs = store.con.execute(sql, [tables]).fetchall()
        else:
            stubs = []
        found = [(positions.get(RecordId.row_of(table_id, row)), text, bool(has)) for table_id, row, text, has in stubs]
        return cls.from_labels([(pos, text) for pos, text, _ in found], [p for p, _, has in found if not has])

    @classmethod
    def from_labels(cls, labels: Iterable[tuple[int | None, str]], headings: Iterable[int | None] = ()) -> RowLabels:
        """From (catalog position of the row record, label text) and the positions of rows holding no value; rows
        without a record are skipped."""
        lists: dict[tuple[str, ...], list[int]] = defaultdict(list)
        for pos, text in labels:
            if pos is not None:
                for form in label_variants(text):
                    lists[form].append(pos)
        phrases = {phrase: np.asarray(found, dtype=np.int64) for phrase, found in lists.items()}
        heads = [p for p in headings if p is not None]
        heading = np.zeros(1 + max([-1, *heads, *(int(a.max()) for a in phrases.values())]), dtype=bool)
        heading[heads] = True
        return cls(phrases, heading)

    def moved(self, moved: np.ndarray, n: int) -> RowLabels:
        """These labels after the catalog's records moved (``moved``: each old position's new one, -1 where the
        record left; ``n``: the number of records after)."""
        phrases = {}
        for phrase, found in self.phrases.items():
            now = moved[found]
            if (now >= 0).any():
                phrases[phrase] = now[now >= 0]  # in the order they had
        heading = np.zeros(n, dtype=bool)
        heads = moved[self.headings]
        heading[heads[heads >= 0]] = True
        return RowLabels(phrases, heading)

    def merged(self, other: RowLabels) -> RowLabels:
        """These labels and ``other``'s (the labels of other records of the same catalog), ``other``'s after these
        within a phrase, as a build lists the rows of tables written later."""
        phrases = dict(self.phrases)
        for phrase, found in other.phrases.items():
            mine = phrases.get(phrase)
            phrases[phrase] = found if mine is None else np.concatenate([mine, found])
        heading = np.zeros(max(len(self.heading), len(other.heading)), dtype=bool)
        heading[self.headings] = True
        heading[other.headings] = True
        return RowLabels(phrases, heading)

    def _valued(self, found: Found) -> Found:
        """The entries whose row holds a value (headings left out)."""
        return found.where(~self.heading[found.positions]) if len(found.positions) else found

    def matches(self, question: str) -> Found:
        """The row records whose label occurs in the question, longest phrases first; a position repeats when two
        phrases name it (two stemmed forms of its label)."""
        tokens = label_tokens(question)
        found: list[np.ndarray] = []
        seen: set[tuple[str, ...]] = set()
        for n in range(min(MAX_LABEL_TOKENS, len(tokens)), 0, -1):
            for i in range(len(tokens) - n + 1):
                phrase = tuple(tokens[i : i + n])
                got = self.phrases.get(phrase)
                if got is not None and phrase not in seen:
                    seen.add(phrase)
                    found.append(np.stack([got, np.full(len(got), n), np.full(len(got), len(found))]))
        if not found:
            return Found(_NONE, _NONE, _NONE)
        positions, lengths, phrases = np.concatenate(found, axis=1)
        return Found(positions, lengths, phrases)

    def ranking(
        self, question: str, bm25: np.ndarray, n: int, mask: np.ndarray | None = None, found: Found | None = None
    ) -> list[int]:
        """The matching positions allowed by ``mask``: longest label first, then by BM25 score; at most ``n``.
        Vectorised: a one-word label ("Total") names thousands of rows in a big index. ``found``: the question's
        ``matches`` when already known."""
        positions, lengths, _ = (self.matches(question) if found is None else found).allowed(mask)
        if not len(positions):
            return []
        scores = bm25[positions]
        key = lengths + scores / (float(scores.max()) + 1.0)  # length first, BM25 within a length (in [0, 1))
        wanted = 2 * n  # room for the rare repeated position
        if len(key) > wanted:  # the best `wanted` in linear time, then sort only those
            top = np.argpartition(-key, wanted)[:wanted]
            positions, key = positions[top], key[top]
        ranked = positions[np.argsort(-key, kind="stable")]
        return [int(p) for p in dict.fromkeys(ranked.tolist())][:n]

    def spread(
        self, found: Found, bm25: np.ndarray, table: np.ndarray, mask: np.ndarray | None = None, tables: Tables = None
    ) -> np.ndarray:
        """One named row per table, tables by BM25 of that row: among the allowed rows that hold a value, those
        with the longest label the question names ("total revenue" over "revenue"), the best by BM25 in each
        table. ``table``: each catalog position's table code; ``tables``: the table codes wanted (True), all
        without it (they are kept apart so that a 1M-record index sorts only the rows of those tables)."""
        found = self._valued(found.allowed(mask))
        if not len(found.positions):
            return found.positions
        positions = found.where(found.lengths == found.lengths.max()).in_tables(table, tables).positions
        positions = positions[np.argsort(-bm25[positions], kind="stable")]
        _, first = np.unique(table[positions], return_index=True)  # the first (best) row of each table
        result: np.ndarray = positions[np.sort(first)]
        return result

    def together(
        self, found: Found, bm25: np.ndarray, table: np.ndarray, mask: np.ndarray | None = None, tables: Tables = None
    ) -> np.ndarray:
        """Rows of tables that hold two or more of the labels the question names ("net income and dividends in 2019"
        -> "Net income" and "Dividends" of one table): the best row (BM25) of each such label there, ascending."""
        found = self._valued(found.allowed(mask)).in_tables(table, tables)
        positions, phrases = found.positions, found.phrases
        if not len(positions):
            return positions
        order = np.argsort(-bm25[positions], kind="stable")
        positions, phrases = positions[order], phrases[order]
        pairs = table[positions].astype(np.int64) * (int(phrases.max()) + 1) + phrases
        _, first = np.unique(pairs, return_index=True)  # the best row of each (table, phrase)
        best = np.unique(positions[first])  # one row can be the best of two phrases (two forms of its label)
        codes, counts = np.unique(table[best], return_counts=True)
        result: np.ndarray = best[np.isin(table[best], codes[counts >= 2])]
        return result
