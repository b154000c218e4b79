"""Counts of a table's items that are not "the rows sharing the linked name": the parts a total row sums ("how many
categories are there under total stock-based compensation expense" counts the items above the total, not the total
row itself), the rows of a section ("how many items are listed under non-current assets"), and the rows holding an
amount in one period and none in another ("how many items had values provided in 2019 but not in 2018"). Each count
is SQL over the typed view and cites the cells it read."""

from __future__ import annotations

import re

from tablerag.parsing.totals import named_total, summed_parts
from tablerag.qa.link import Linked
from tablerag.qa.operands import TOTAL_LABEL, Computation, format_number, operand_rows, row_label
from tablerag.qa.periods import column_years
from tablerag.qa.route import Intent
from tablerag.qa.sql import ROW_COLUMN, VIEW_NAME, Sandbox, TypedView, quote

# "in 2019 but not in 2018", "for 2019 but not 2018": the period an amount is given for, then the one it is not
_ONE_NOT_OTHER = re.compile(
    r"\b((?:19|20)\d\d)\b[^?]*?\bbut\s+not\s+(?:in\s+|for\s+|as\s+of\s+)?(?:the\s+)?(?:year\s+)?((?:19|20)\d\d)\b",
    re.IGNORECASE,
)


def one_not_other(question: str) -> tuple[str, str] | None:
    """The two years of "values in 2019 but not in 2018": (the year with an amount, the year without one)."""
    m = _ONE_NOT_OTHER.search(question)
    return (m.group(1), m.group(2)) if m is not None and m.group(1) != m.group(2) else None


WEAK_TOTAL_WORDS = frozenset({"all", "overall"})  # "All ages" may be a total, "All-Filipino Cup" is a name


def _total_row(view: TypedView, linked: Linked) -> tuple[int, bool] | None:
    """The best linked operand row when its label names a total (or the reader named an unlabelled row of sums),
    with whether the word is a sure one ("Total", "Subtotal", not "All")."""
    rows = operand_rows(linked, view)
    if not rows:
        return None
    top = rows[0].index
    if named_total(view.table.row_chain(top)):
        return top, True
    words = {m.group(0).lower() for m in TOTAL_LABEL.finditer(row_label(view, top))}
    return (top, bool(words - WEAK_TOTAL_WORDS)) if words else None


def count_parts(view: TypedView, linked: Linked, sandbox: Sandbox) -> Computation | None:
    """A count asked of a total row ("how many categories are there under total stock-based compensation
    expense"): how many rows it sums (`summed_parts`), never the one total row; None when the best linked row is
    no total or no run of rows above it sums to it."""
    total = _total_row(view, linked)
    parts = [r for r in summed_parts(view.table, total[0]) if r in view.rows] if total is not None else []
    if not parts:
        return None
    return _rows_counted(parts, sandbox)


def _rows_counted(rows: list[int], sandbox: Sandbox) -> Computation:
    """The count of the given rows, as SQL over the view, citing each row."""
    sql = f"SELECT COUNT(*) AS result, LIST({ROW_COLUMN}) FROM {VIEW_NAME} WHERE {ROW_COLUMN} IN ({', '.join(map(str, rows))})"
    res = sandbox.run(sql)
    return Computation(Intent.COUNT, sql, format_number(res.rows[0][0]), [(r, -1) for r in rows], result=res)


def holds_amounts(view: TypedView, row: int) -> bool:
    """The row holds an amount in a numeric column of the view."""
    numeric = {vc.col for vc in view.columns if vc.numeric}
    return any(c.row == row and c.col in numeric and c.value is not None for c in view.table.cells)


def count_section(view: TypedView, linked: Linked, sandbox: Sandbox) -> Computation | None:
    """A count asked of a section row ("how many items are listed under non-current assets", the row holding no
    amounts, its label heading the rows below): how many rows under it hold amounts, its totals left out; None when
    the best linked row is no section."""
    rows = operand_rows(linked, view)
    if not rows or holds_amounts(view, rows[0].index):
        return None
    table, top = view.table, rows[0].index
    head = table.row_chain(top)
    members = [
        r
        for r in view.rows
        if r > top
        and len(chain := table.row_chain(r)) > len(head)
        and chain[: len(head)] == head
        and holds_amounts(view, r)
        and not named_total(chain)
        and not TOTAL_LABEL.search(row_label(view, r))
    ]
    if not head or not members:
        return None
    return _rows_counted(members, sandbox)


def names_a_total(view: TypedView, linked: Linked) -> bool:
    """The best linked row is surely a total ("Total gross profit"): a count of its items it does not sum is not
    told by counting rows that share its name (that counts the one total row)."""
    total = _total_row(view, linked)
    return total is not None and total[1]


def count_one_not_other(view: TypedView, years: tuple[str, str], sandbox: Sandbox) -> Computation | None:
    """How many rows hold an amount in the first year's column and none (empty, a dash) in the second's; None
    unless each year names exactly one numeric column (an amount and a share column per year is ambiguous)."""
    by_year = column_years(view.table)
    picked = []
    for year in years:
        cols = [vc for vc in view.columns if vc.numeric and year in by_year.get(vc.col, set())]
        if len(cols) != 1:
            return None
        picked.append(cols[0])
    has, lacks = picked
    sql = (
        f"SELECT COUNT(*) AS result, LIST({ROW_COLUMN}) FROM {VIEW_NAME} "
        f"WHERE {quote(has.name)} IS NOT NULL AND {quote(lacks.name)} IS NULL"
    )
    res = sandbox.run(sql)
    if not res.rows:
        return None
    rows = [int(r) for r in (res.rows[0][1] or [])]
    cells = [(r, vc.col) for r in rows for vc in (has, lacks)]
    return Computation(Intent.COUNT, sql, format_number(res.rows[0][0]), cells, result=res)
