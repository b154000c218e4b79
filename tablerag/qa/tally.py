"""Which value a listing holds most often ("which venue is listed the most?", "who was champion the most?"), and
which of two it holds more often: "who won the title more times, Murahama or Billyken Kid?", "is the
term Derbi or Aprilia listed more?", "were there more tracks in 2009 or 2011?". Each alternative is the text of the
cells it says, in one column; the rows holding each are counted and the one with more (fewer, when asked) wins. A
column of amounts the question names is compared by its values instead (not here), and a tie is no answer."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tablerag.decomposition.serialize import filled_grid
from tablerag.model import Table
from tablerag.parsing.numbers import is_nil_mark
from tablerag.qa.link import link_columns, sole_best, tokens
from tablerag.qa.operands import amount_columns, total_row

_MORE = re.compile(r"\b(?:more|most|fewer|less|least|often|frequently)\b", re.IGNORECASE)
_FEWER = re.compile(r"\b(?:fewer|less|least)\b", re.IGNORECASE)
_OR = re.compile(r"\bor\b", re.IGNORECASE)
SIDE_WORDS = 5  # words each side of "or" that may name an alternative ("Spin City or Two and a Half Men")
MIN_TALLY = 2  # one row each is no "more often": at least one alternative fills this many rows
COUNT_WORDS = frozenset(tokens("times time listed often frequently number"))


@dataclass(frozen=True, slots=True)
class Tally:
    column: int  # the column whose cells say the alternatives
    names: tuple[str, str]  # each alternative as its cells write it
    rows: tuple[list[int], list[int]]  # the rows holding each
    winner: int  # 0 or 1


def _side(table: Table, grid: list[list[str]], words: set[str], other: set[str]) -> tuple[int, frozenset[str]] | None:
    """The column and the words of the longest cell text said on this side of "or" only."""
    best: tuple[int, int, frozenset[str]] | None = None
    for r in range(table.header_rows, table.n_rows):
        for c, text in enumerate(grid[r]):
            said = frozenset(tokens(text))
            if said and said <= words and not said <= other and (best is None or len(said) > best[0]):
                best = (len(said), c, said)
    return (best[1], best[2]) if best else None


def more_often(table: Table, question: str) -> Tally | None:
    """The tally of two alternatives a "more often" question names; None unless it reads as one: an "or" between
    two texts cells of one column say, a word asking for more or fewer, no column of amounts named, and one
    alternative in two rows or more."""
    m = _OR.search(question)
    if m is None or not _MORE.search(question):
        return None
    before = set(tokens(" ".join(question[: m.start()].split()[-SIDE_WORDS:])))
    after = set(tokens(" ".join(question[m.end() :].split()[:SIDE_WORDS])))
    amounts = amount_columns(table)
    named = [c for c in link_columns(table, question) if c.tokens - COUNT_WORDS]
    if any(c.index in amounts for c in named[:1]):
        return None  # "who had more caps": the Caps values decide
    grid = filled_grid(table)
    a, b = _side(table, grid, before, after), _side(table, grid, after, before)
    if a is None or b is None or a[0] != b[0]:
        return None
    col = a[0]
    body = [r for r in range(table.header_rows, table.n_rows) if not total_row(grid[r])]
    rows = tuple([r for r in body if frozenset(tokens(grid[r][col])) == side[1]] for side in (a, b))
    counts = [len(rows[0]), len(rows[1])]
    if counts[0] == counts[1] or max(counts) < MIN_TALLY:
        return None
    fewer = bool(_FEWER.search(question))
    winner = int((counts[1] > counts[0]) != fewer)
    names = (" ".join(grid[rows[0][0]][col].split()), " ".join(grid[rows[1][0]][col].split())) if all(rows) else None
    if names is None:
        return None
    return Tally(col, names, (rows[0], rows[1]), winner)


# what a "most often" question says besides the column it asks and the things counted
_OFTEN_WORDS = frozenset(
    tokens(
        "most least fewest times time listed list often frequently appear appears show shows up chart table which what who"
    )
)
MIN_MOST = 2  # the most frequent value fills two rows at least: one row each is no "most"
# a question asking how often, not how large: "listed the most", "the most common", "the greatest number of"; not a
# superlative of a value ("the top score", "the latest race", "the longest flight") nor an amount asked ("how many")
_OFTEN = re.compile(
    r"\b(?:most|least|fewest)\b(?!\s+(?:recent|recently|\w+est)\b)|\b(?:greatest|highest|largest|lowest|smallest)\s+"
    r"number\s+of\b|\bmore\s+than\s+any\s+other\b",
    re.IGNORECASE,
)
_HOW = re.compile(r"^\W*how\b", re.IGNORECASE)
_WHICH = re.compile(r"\b(?:which|what)\s+(?P<noun>[^\W\d_][\w'-]*)", re.IGNORECASE)  # "which venue": the column asked


@dataclass(frozen=True, slots=True)
class Frequent:
    column: int
    name: str
    rows: list[int]  # the rows holding the winning value
    counts: int  # how many different values were counted


def most_often(table: Table, question: str, fewest: bool) -> Frequent | None:
    """The value of the column the question names that the most (fewest) rows hold; None unless one text column is
    named, no column of amounts (those are compared by value), no word a cell holds (a condition), and one value
    wins alone."""
    if not _OFTEN.search(question) or _HOW.search(question):
        return None
    grid = filled_grid(table)
    body = [r for r in range(table.header_rows, table.n_rows) if not total_row(grid[r])]
    amounts = amount_columns(table, years=False)
    cols = link_columns(table, question)
    top = sole_best(cols)
    if top is None or any(c.index in amounts for c in cols):
        return None
    which = _WHICH.search(question)
    if which is not None and not set(tokens(which.group("noun"))) & top.tokens:
        return None  # "in which season ... the most wins" over a Wins column: the season is asked, not this column
    held = {t for r in body for c, text in enumerate(grid[r]) if c != top.index for t in tokens(text)}
    if (set(tokens(question)) - top.tokens - _OFTEN_WORDS) & held:
        return None  # "the most ... in 2013": a condition on the rows
    tally: dict[str, list[int]] = {}
    for r in body:
        said = " ".join(grid[r][top.index].split())
        if said and not is_nil_mark(said):  # "—" in most rows says no value is known
            tally.setdefault(said.lower(), []).append(r)
    ranked = sorted(tally.values(), key=len, reverse=not fewest)
    if len(ranked) < 2 or len(ranked[0]) == len(ranked[1]) or (not fewest and len(ranked[0]) < MIN_MOST):
        return None
    rows = ranked[0]
    return Frequent(top.index, " ".join(grid[rows[0]][top.index].split()), rows, len(ranked))
