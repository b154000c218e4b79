"""How many entries a listing holds, when the question says nothing else: "how many circuits are there in total?",
"what is the total number of teams listed?", "how many different venues are there?". The different values of the
column the thing names are counted (a venue listed twice is one venue), every counted cell cited. What is counted must
name no row and no column of amounts (a "Number of employees" row, an "Employees" column state the count), and the
question may say no word a cell holds (that would be a condition the count ignores)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tablerag.decomposition.serialize import filled_grid
from tablerag.model import Table
from tablerag.parsing.numbers import is_nil_mark
from tablerag.qa.link import link_columns, one_column, tokens
from tablerag.qa.operands import amount_columns, total_row
from tablerag.qa.wording import counted_thing

_COUNT = re.compile(
    r"^\W*(?:how\s+many|(?:(?:what|tell\s+me)\s+(?:(?:is|was|are|were)\s+)?)?the\s+(?:total\s+)?number\s+of|"
    r"total\s+number\s+of)\s+(?P<rest>.*)$",
    re.IGNORECASE,
)
# what a bare count says besides the thing counted: where the entries are and that they are all counted
_GENERIC = frozenset(
    tokens(
        "total number there are is were was be listed list table chart in all altogether overall on of different "
        "distinct unique these this here shown given"
    )
)
MIN_ROW_CELLS = 2  # a row of the listing holds two filled cells at least (a lone label is a heading or a note)


@dataclass(frozen=True, slots=True)
class Counted:
    cells: list[tuple[int, int]]  # one cited cell per counted entry: its first row
    value: int


def entries_counted(table: Table, question: str) -> Counted | None:
    """The entries a bare count asks for; None for any question saying more."""
    m = _COUNT.match(question)
    thing = counted_thing(question) or (m.group("rest").split()[0] if m and m.group("rest").split() else None)
    if m is None or thing is None:
        return None
    counted = set(tokens(thing)) - _GENERIC
    if not counted:
        return None
    grid = filled_grid(table)
    body = [
        r
        for r in range(table.header_rows, table.n_rows)
        if sum(bool(t.strip()) for t in grid[r]) >= MIN_ROW_CELLS and not total_row(grid[r])
    ]
    held = {t for r in range(table.header_rows, table.n_rows) for text in grid[r] for t in tokens(text)}
    names = {c: set(tokens(table.column_name(c))) for c in range(table.n_cols)}
    amounts = amount_columns(table)
    if counted & held or any(counted & names[c] for c in amounts):
        return None  # a row or a column of amounts names the thing: its cell states the count
    if set(tokens(m.group("rest"))) - _GENERIC - counted:
        return None  # any other word may be a condition ("from Canada", "inactive") a count of the entries ignores
    cols = [c for c in link_columns(table, thing) if c.index not in amounts]
    top = one_column(table, cols, counted)
    if top is None or not counted <= top.tokens:
        return None  # what is counted names no column of the listing ("canadians", "wins"): not its entries
    col = top.index
    first: dict[str, tuple[int, int]] = {}  # "how many countries": each country once, however many rows it has
    for r in body:
        said = " ".join(grid[r][col].split()).lower()
        if said and not is_nil_mark(said):
            first.setdefault(said, (r, col))
    return Counted(list(first.values()), len(first)) if first else None
