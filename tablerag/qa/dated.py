"""Counts of rows over a span of time: "how many films were made before 2000?", "how many tournaments are listed
after 1984?", "how many matches were drawn in the 1970s?", "how many churches were built between 1800 and 1900?".
The rows of a listing carry their year in one column; the span the question sets keeps the rows whose year lies in
it, the question's other words that cells hold ("drawn") keep the rows holding them, and the answer is their
number, citing each row's dated cell. A question saying more than that (a bound on an amount, a column of amounts
that might be summed, conditions no cell holds) is left to the other rules."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tablerag.decomposition.serialize import filled_grid
from tablerag.model import Table
from tablerag.qa.link import tokens
from tablerag.qa.operands import amount_columns, total_row
from tablerag.qa.periods import year_of
from tablerag.qa.pick import year_column
from tablerag.qa.route import threshold
from tablerag.qa.wording import counted_thing

_HOW_MANY = re.compile(r"^\W*(?:in\s+)?how\s+many\b", re.IGNORECASE)
# what a count of the rows in a span cannot tell: a negated condition ("not called by X") or a run ("consecutive
# years", "in a row")
_NOT_A_COUNT = re.compile(r"\bnot\b|n't\b|\bnever\b|\bwithout\b|\bconsecutive\b|\bin\s+a\s+row\b|\bstraight\b", re.I)
_YEAR = r"((?:1[5-9]|20)\d\d)"
# the span, as (pattern, how its years bound the rows): before 2000 -> up to 1999, after 1984 -> from 1985, ...
_SPANS = (
    (re.compile(rf"\bbetween\s+(?:the\s+years?\s+)?{_YEAR}\s+and\s+{_YEAR}\b", re.I), "between"),
    (re.compile(rf"\bfrom\s+{_YEAR}\s+(?:to|through|until|till)\s+{_YEAR}\b", re.I), "between"),
    (re.compile(r"\b(?:in|during)\s+the\s+(?:(1[5-9]|20)(\d)0|(\d)0)\s*'?\s*s\b", re.I), "decade"),
    (re.compile(rf"\b(?:before|prior\s+to|earlier\s+than)\s+(?:the\s+)?(?:year\s+)?{_YEAR}\b", re.I), "before"),
    (re.compile(rf"\b(?:after|later\s+than)\s+(?:the\s+)?(?:year\s+)?{_YEAR}\b", re.I), "after"),
    (re.compile(rf"\bsince\s+(?:the\s+)?(?:year\s+)?{_YEAR}\b", re.I), "since"),
)
SPAN_OPEN_END = 9999  # "after 1984" runs to no year a table names
TWO_DIGIT_DECADE_CENTURY = 1900  # "the 70's" of a listing is the 1970s
# words a count may say besides its span and the values it filters by: the thing counted and its verb ("how many
# films were made"); more are conditions no cell was found to hold, and counting would ignore them
COUNTED_WORDS = 2
_GENERIC = frozenset(tokens("how many times total number listed there were was are is did does the year years"))


@dataclass(frozen=True, slots=True)
class DatedCount:
    column: int  # the column holding each row's year
    rows: list[int]  # the rows counted, in table order
    span: tuple[int, int]  # the inclusive years


def year_bounds(question: str) -> tuple[tuple[int, int], re.Match[str]] | None:
    """The inclusive span of years the question sets ("before 2000" -> up to 1999, "in the 1970s" -> 1970-1979),
    with where it is said; None when it sets none."""
    for pattern, how in _SPANS:
        m = pattern.search(question)
        if m is None:
            continue
        if how == "between":
            a, b = sorted((int(m.group(1)), int(m.group(2))))
            return (a, b), m
        if how == "decade":
            start = (
                int(m.group(1) + m.group(2) + "0") if m.group(1) else TWO_DIGIT_DECADE_CENTURY + int(m.group(3)) * 10
            )
            return (start, start + 9), m
        year = int(m.group(1))
        span = {"before": (0, year - 1), "after": (year + 1, SPAN_OPEN_END), "since": (year, SPAN_OPEN_END)}[how]
        return span, m
    return None


def dated_count(table: Table, question: str) -> DatedCount | None:
    """The rows a "how many ... before/after/between/in the 1970s" question counts; None unless the question is
    such a count over a table with one column of years and every word it says is accounted for."""
    if not _HOW_MANY.search(question) or _NOT_A_COUNT.search(question) or threshold(question) is not None:
        return None
    found = year_bounds(question)
    if found is None:
        return None
    (low, high), m = found
    grid = filled_grid(table)
    col = year_column(table, grid)
    if col is None:
        return None
    names = {c: set(tokens(table.column_name(c))) for c in range(table.n_cols)}
    rest = set(tokens(question[: m.start()] + " " + question[m.end() :])) - _GENERIC - names[col]
    numeric = amount_columns(table)
    if any(rest & names[c] for c in numeric - {col}):
        return None  # "how many pages were published after 1993": a column of amounts named, a sum may be meant
    body = [r for r in range(table.header_rows, table.n_rows) if grid[r][col].strip() and not total_row(grid[r])]
    cells = {r: {t for c, text in enumerate(grid[r]) if c != col for t in tokens(text)} for r in body}
    held = set().union(*cells.values()) if cells else set()
    thing = counted_thing(question)
    counted = set(tokens(thing)) if thing else set()  # "films" counts rows, filters none
    said = {w for w in rest - counted if w in held}
    named = {w for w in rest if any(w in n for n in names.values())}
    if len(rest - said - named) > COUNTED_WORDS:
        return None
    rows = []
    for r in body:
        year = year_of(grid[r][col])
        if year is not None and low <= int(year) <= high and said <= cells[r]:
            rows.append(r)
    if said and not rows:
        return None  # words taken for values that no row of the span holds together: more likely misread than none
    return DatedCount(col, rows, (low, high))


def listing_bounds(table: Table, question: str) -> tuple[int, int, int] | None:
    """(first year, last year, year column): the years the question bounds ("before 2000", "between 2007 and 2010")
    over a listing dated by one column of years; None when it bounds none or the table dates no rows so."""
    found = year_bounds(question)
    col = year_column(table, filled_grid(table)) if found is not None else None
    if found is None or col is None:
        return None
    (low, high), _ = found
    return low, high, col


def bounds_unapplied(table: Table, question: str, rows: list[int], across: bool) -> bool:
    """The question bounds the years of a dated listing (`listing_bounds`) and a ranking did not keep to them: one
    of ``rows`` (winners ranked over every row) lies outside them, or (``across``) one row's columns were compared
    where the bound asks for rows."""
    found = listing_bounds(table, question)
    if found is None:
        return False
    if across:
        return True
    low, high, col = found
    grid = filled_grid(table)
    years = [int(y) for r in rows if (y := year_of(grid[r][col]))]
    return any(not low <= y <= high for y in years)
