"""Whether a cell a lookup took can answer the question asked: a count is a number (never text, never a share
unless one is asked), a name asked is no amount, a result the rules could not compute is taken only where the
table states it, and "how many X" over a row named X asks that row's cell."""

from __future__ import annotations

import re
from typing import Any

from tablerag.decomposition.serialize import filled_grid
from tablerag.model import Table
from tablerag.parsing.numbers import is_nil_mark
from tablerag.qa.link import Linked, tokens
from tablerag.qa.periods import STATED_CHANGE, year_of
from tablerag.qa.route import ASKS_FOR_NAME, Intent, Route

ASKS_PERIOD = re.compile(r"\b(which|what)\s+(year|period|quarter|month|date)s?\b", re.IGNORECASE)
STATED_RESULT: dict[Intent, re.Pattern[str]] = {
    Intent.RATIO: re.compile(
        r"%|\b(ratio|percent|percentage|proportion|share|rate|margin|yield)\b|дол[яи]|anteil|udział|比", re.IGNORECASE
    ),
    Intent.DIFFERENCE: STATED_CHANGE,
    Intent.PERCENT_CHANGE: STATED_CHANGE,
}  # words by which a row or column states a result the rules could not compute (a ratio row, a "Change" column);
# a total or an average asked is often the quantity's own cell ("the total points", "average sample size")
ASKS_QUANTITY = re.compile(
    r"\bhow\s+(many|much)\b|сколько|wie\s+(viele|viel)\b|\bile\b|多少", re.IGNORECASE
)  # the answer is a number: a cell holding text ("7CAE", "Left Wing") cannot be it
ASKS_COUNT = re.compile(r"\bhow\s+many\b|\bnumber\s+of\b", re.IGNORECASE)  # a count of things, never a share
NAMES_SHARE = re.compile(r"%|\b(percent\w*|shares?|proportions?|rates?|ratios?|points?)\b", re.IGNORECASE)
HOW_MANY = re.compile(r"\bhow\s+many\s+([^\W\d_][\w-]*)", re.IGNORECASE)  # the thing a count question counts


def counts_a_row(table: Table, question: str, linked: Linked) -> bool:
    """ "How many employees were there in 2019?" over a row "Employees | 5,000 | 4,800" (or a column "Employees"
    beside a row "2019"): what is counted is the linked row's (column's) whole own name, so its cell holds the count; counting rows ("how many segments were there",
    "how many GL-B matches are listed" over rows "GL-B-1", "GL-B-2") names none of them whole."""
    noun = HOW_MANY.search(question)
    if noun is None or linked.row is None:
        return False
    chain = table.row_chain(linked.row.index)
    own = set(tokens(chain[-1] if chain else ""))
    counted = set(tokens(noun.group(1)))
    column = set(tokens(table.column_name(linked.cols[0].index))) if linked.cols else set()
    cell = table.cell_at(linked.row.index, linked.cols[0].index) if linked.cols else None
    amount = cell is not None and cell.value is not None and year_of(cell.text) is None
    if amount and chain and year_of(chain[-1]) and counted and counted <= column <= set(linked.words):
        return True  # a period row ("2017") and a column of amounts named by the counted thing ("Employees")
    return bool(counted) and counted <= own <= set(linked.words)  # the row's whole own name is asked


def text_for_a_number(table: Table, question: str, citations: list[dict[str, Any]]) -> bool:
    """ "How many / the number of ...?" answered by one cell that holds no number, or "how many votes" (a
    count, no share named) by a percentage: the linked cell is not the answer."""
    if len(citations) != 1:
        return False
    cell = table.cell_at(citations[0]["row"], citations[0]["col"])
    if cell is not None and cell.unit == "%" and ASKS_COUNT.search(question) and not NAMES_SHARE.search(question):
        return True
    asks = ASKS_QUANTITY.search(question) or ASKS_COUNT.search(question)  # "what is the number of drivers ...?"
    return bool(asks) and (cell is None or (cell.value is None and not is_nil_mark(cell.text)))


def number_for_a_name(table: Table, question: str, citations: list[dict[str, Any]]) -> bool:
    """ "Which segment / in which year was X larger?" that no comparison answered, taken as one cell holding an
    amount: a value where a name (a label, a period) is asked is not the answer."""
    if not ASKS_FOR_NAME.search(question) or len(citations) != 1:
        return False
    cell = table.cell_at(citations[0]["row"], citations[0]["col"])
    if cell is None or cell.value is None:
        return False
    return not (ASKS_PERIOD.search(question) and year_of(cell.text) is not None)


def states_result(table: Table, route_: Route, citations: list[dict[str, Any]], unit: str | None) -> bool:
    """A computation the rules could not make may still be stated in the table: one cell whose row or column names
    the result ("Total revenue", "Current ratio", "% Change", a percentage asked as a ratio). Any other cell, or
    one cell per period, is an operand, not the answer: the question is refused rather than answered with it."""
    words = STATED_RESULT.get(route_.intent) if route_.intent is not None else None
    if words is None:
        return True
    if len(citations) != 1:
        return False
    r, c = citations[0]["row"], citations[0]["col"]
    if route_.intent is Intent.RATIO and unit == "%":
        return True
    if route_.intent is Intent.RATIO and unit not in (None, "‰"):  # an amount in $ ("Gross margin") is no share
        return False
    chain = table.row_chain(r)
    grid = filled_grid(table)
    labels = [grid[r][k] for k in range(table.n_cols) if (cell := table.cell_at(r, k)) is None or cell.value is None]
    return bool(words.search(" ".join([*chain, *labels, table.column_name(c)])))
