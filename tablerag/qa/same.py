"""Rows that share a value with a named one: "which driver has the same number of laps as Richard Antinucci?",
"name an athlete from the same country as Schröder", "Adam Shunk received the same score as what other competitor?",
"how many contestants received the same number of votes as Ivan Demidov?". The named row's cell in the column the
words after "same" name is compared with every other row's; the answer names those rows (or counts them) and cites
every compared cell. A question that cannot be read so (no one named row, no one compared column) is left to the
other rules."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tablerag.decomposition.serialize import filled_grid
from tablerag.model import Table
from tablerag.parsing.numbers import is_nil_mark
from tablerag.qa.link import link_columns, link_rows, one_column, sole_best, tokens
from tablerag.qa.operands import total_row
from tablerag.qa.pick import POLAR

# "the same <what> as <named>": what is compared, then the row it is compared with (or the thing asked, when the
# named row came first: "X received the same score as what other competitor?")
_SAME_AS = re.compile(r"\bsame\s+(?P<what>[^?]+?)\s+as\s+(?P<ref>[^?]+)", re.IGNORECASE)
_ASKED_AFTER = re.compile(r"^\s*(?:what|which|who|whom)\b", re.IGNORECASE)
_HOW_MANY = re.compile(r"^\W*how\s+many\b", re.IGNORECASE)
# words of the "what" that name no column: "the same number of laps", "the same amount of votes"
_MEASURE_WORDS = re.compile(r"^(?:(?:total|overall)\s+)?(?:number|amount|count|quantity)\s+of\s+", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Same:
    named: int  # the row the question names
    compared: int  # the column whose value the rows share
    asked: int  # the column the answer reads (the named row's own label column, or the one the question asks for)
    rows: list[int]  # the other rows holding the same value, in table order
    count: bool  # "how many ...": the answer is their number


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def same_as(table: Table, question: str) -> Same | None:
    """The rows sharing the named row's value in the compared column; None when the question asks no such thing,
    is polar ("is X the same height as Y?": yes or no is no cell), or names no one row or no one column."""
    m = _SAME_AS.search(question)
    if m is None or POLAR.match(question):
        return None
    what, ref = m.group("what"), m.group("ref")
    if _ASKED_AFTER.match(ref):  # the named row came before "same"
        ref, asked_words = question[: m.start()], ref
    else:
        asked_words = question[: m.start()]
    what = _MEASURE_WORDS.sub("", what)
    compared = one_column(table, link_columns(table, what), set(tokens(what)))
    found, key_cols, _tied = link_rows(table, ref, tokens(ref))
    named = sole_best(found)
    if compared is None or named is None or not key_cols or compared.index in key_cols:
        return None
    said = sole_best([c for c in link_columns(table, asked_words) if c.index != compared.index])
    if said is not None:  # "which team had the same ...": the column the question asks for
        asked = said.index
    elif len(key_cols) == 1:  # "which driver ..." over a Driver column that named the row: one of its kind
        asked = next(iter(key_cols))
    else:
        return None
    grid = filled_grid(table)
    value = _norm(grid[named.index][compared.index])
    if not value or is_nil_mark(value):
        return None
    rows = [
        r
        for r in range(table.header_rows, table.n_rows)
        if r != named.index and _norm(grid[r][compared.index]) == value and not total_row(grid[r])
    ]
    count = bool(_HOW_MANY.search(question))
    if not rows and not count:
        return None
    return Same(named.index, compared.index, asked, rows, count)
