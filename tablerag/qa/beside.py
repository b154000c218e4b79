"""A row named by its place beside another: "who was the guest judge after Kelly Brook?", "which title was
published previous to X?", "the next venue listed after 2013": the question names one row and asks for the row just
after (or before) it in the table's order, so the named row's own cells are never the answer."""

from __future__ import annotations

import re

from tablerag.decomposition.serialize import filled_grid
from tablerag.model import Table
from tablerag.parsing.spans import NUMBER_WORD
from tablerag.qa.link import SCORE_DIGITS, Linked, Scored, tokens
from tablerag.qa.periods import MIN_DATED_ROWS, is_year
from tablerag.qa.wording import label_phrases

# the place word, then what it is placed against: "after X", "right before X", "previous to X", "next after X"
_BESIDE = re.compile(
    r"\b(?:(?:right|directly|immediately|just)\s+)?(?P<word>after|before|following|preceding|previous|prior|above|below)"
    r"(?:\s+to)?\b",
    re.IGNORECASE,
)
_ASKS_WHO = re.compile(r"^\W*(?:who|whom)\b", re.IGNORECASE)  # a person, as the named row is in its own column
_AFTER = frozenset({"after", "following", "below"})  # the rest place the row before the one named
_LISTING_PLACE = frozenset({"above", "below"})
# a span of time after the place word ("due after more than five years", "within or after one year"): a maturity
# bucket, no row placed beside another
_SPAN_AFTER = re.compile(
    rf"\s+(?:(?:more|less)\s+than\s+|over\s+|under\s+)?{NUMBER_WORD}\s+(?:years?|months?|weeks?|days?)\b", re.IGNORECASE
)

# an amount after the place word ("customers with ARR above $100,000", "rates below 5%"): a bound, no row placed;
# a year alone stays a place in time ("the year before 2019")
_AMOUNT_AFTER = re.compile(r"\s+(?:[$€£¥]\s*\d|(?!(?:19|20)\d\d\b)\d)")

# what a profit is before or after ("earnings before interest and taxes", "profit after tax", "income before
# depreciation"): the place word names a measure, no row beside another ("EBITDA after special items" over a
# "Special items" row and the EBITDA line under it is that line: the row after them)
_MEASURE_AFTER = re.compile(
    r"\s+(?:(?:income|corporate)\s+)?(?:interest|tax(?:es|ation)?|depreciation|amorti[sz]ation)\b", re.IGNORECASE
)


def _place_word(table: Table, question: str) -> re.Match[str] | None:
    """The place word of the question, unless a label of the table holds it ("Profit after tax", "Prior year
    adjustments"): then it is part of a name, not a place."""
    m = _BESIDE.search(question)
    if m is None:
        return None
    if any(p.match(question, m.end()) for p in (_SPAN_AFTER, _MEASURE_AFTER, _AMOUNT_AFTER)):
        return None
    word = m.group("word").lower()
    return None if any(word in p.split() for p in label_phrases(table)) else m


def newest_first(table: Table) -> bool:
    """The rows run from the latest year to the earliest (a career listed newest first): "after" in time is then
    the row above. Read off the one column whose every dated body cell is a year, when those years never rise."""
    grid = filled_grid(table)
    body = grid[table.header_rows :]
    for c in range(table.n_cols):
        years = [int(row[c].strip()) for row in body if c < len(row) and is_year(row[c])]
        if len(years) >= MIN_DATED_ROWS and len(years) * 2 >= len(body):
            return years[0] > years[-1] and all(a >= b for a, b in zip(years, years[1:], strict=False))
    return False


def said_beside(table: Table, linked: Linked, question: str) -> bool:
    """The question places the answer's row beside the linked row: a place word comes before words of the linked
    row (its own values, "after Kelly Brook"), and the table names nothing with that word."""
    m = _place_word(table, question)
    if m is None or linked.row is None:
        return False
    start = len(tokens(question[: m.end()]))
    return any(i >= start and t in linked.row.tokens for i, t in enumerate(linked.words))


def row_beside(table: Table, linked: Linked, question: str) -> Linked | None:
    """None unless the question places its row beside the linked one (`said_beside`); then the link moved there, or
    a link to no row (a refusal) when there is none to move to."""
    if not said_beside(table, linked, question):
        return None
    return _moved(table, linked, question) or Linked([], [], set(), linked.words)


def _moved(table: Table, linked: Linked, question: str) -> Linked | None:
    """The link moved to the body row just after (before) the named one, in table order; with several rows tied
    on the best link, after the last (before the first) of them. The column is the named row's own one when the question asks
    for a thing of its kind ("who ... after X", or names that column's header: "which title was published before
    X"), else the one the question names. None
    when there is no such row (the named row is the first or last) or no column to read: a refusal, not the named
    row's own cell."""
    m = _place_word(table, question)
    if m is None or linked.row is None:
        return None
    best = round(linked.row.score, SCORE_DIGITS)
    tied = [s.index for s in linked.rows if round(s.score, SCORE_DIGITS) == best]
    word = m.group("word").lower()  # "above"/"below" place a row in the listing; the rest in time, too
    after = (word in _AFTER) != (word not in _LISTING_PLACE and newest_first(table))
    at = max(tied) + 1 if after else min(tied) - 1
    if not table.header_rows <= at < table.n_rows:
        return None
    own = [Scored(c, 0.0, frozenset(), linked.row.position) for c in sorted(linked.key_cols)]
    words = set(linked.words)
    if len(own) == 1 and (_ASKS_WHO.match(question) or words & set(tokens(table.column_name(own[0].index)))):
        cols = own  # "who was drafted after X", "what officer is listed before X": one of the named row's kind
    else:
        cols = linked.cols or own
    grid = filled_grid(table)
    cols = [c for c in cols if grid[at][c.index].strip()]
    if len(cols) != 1 and not linked.cols:
        return None  # the named row was found by several columns: which one the question asks is not said
    if not cols:
        return None
    moved = Scored(at, linked.row.score, linked.row.tokens, linked.row.position)
    return Linked([moved], cols, set(), linked.words, linked.whole)
