"""Financial measures a question names that a balance sheet implies but does not state: the current ratio, the quick
ratio, the debt-to-equity and debt-to-asset ratios, working capital. One small table of textbook definitions, each
a sum of signed rows over a row (or no denominator: an amount), read only when no row or column of the table
states the measure itself (a "Current ratio" row is taken as it stands) and every row the definition needs is there
once; also the change (or percentage change) of such a measure between the two periods a question names. The
result is computed in the sandbox from the cited cells, as every computed answer is.

Debt: a "debt-to-equity" or "debt-to-asset" ratio asked of a table with a total debt (borrowings) row divides that
row, the debt the table names; of a table without one it divides total liabilities, as the textbook debt ratio does
(a balance sheet's "debt-to-asset ratio" is its liabilities over its assets). A "liabilities-to-..." ratio always
divides total liabilities. A ratio is a plain number (0.78), in percent only when the question asks for a
percentage."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tablerag.model import Table
from tablerag.qa.compute import DECREASE_BY
from tablerag.qa.link import link, row_words, tokens
from tablerag.qa.operands import Computation, cell_sql, format_number
from tablerag.qa.periods import (
    STATED_CHANGE,
    column_years,
    note_column,
    percent_column,
    promote_period_rows,
    years_in,
)
from tablerag.qa.result import Answer, cite
from tablerag.qa.route import AS_PERCENT, Intent, RouteKind, rule_route
from tablerag.qa.sql import VIEW_NAME, Sandbox, UnsafeSqlError, ViewColumn, typed_view

_FOOTNOTE = re.compile(r"\s*(\(\d{1,2}\)|\*+|:)\s*$")  # "Other current liabilities(2)", "Total assets:"


def _row(*labels: str) -> re.Pattern[str]:
    """A row label written one of these ways (whole label, any case)."""
    return re.compile(r"^(?:" + "|".join(labels) + r")$", re.IGNORECASE)


CURRENT_ASSETS = _row(r"(?:total\s+)?current\s+assets(?:,?\s+total)?")
CURRENT_LIABILITIES = _row(r"(?:total\s+)?current\s+liabilities(?:,?\s+total)?")
INVENTORIES = _row(r"inventor(?:y|ies)(?:,?\s+net)?")
TOTAL_ASSETS = _row(r"total\s+assets")
TOTAL_LIABILITIES = _row(r"total\s+liabilities")
TOTAL_DEBT = _row(r"total\s+(?:debt|borrowings)")
TOTAL_EQUITY = _row(
    r"total\s+(?:(?:stock|share)holders['’]?\s+)?equity(?:\s*\(deficit\))?",
    r"(?:stock|share)holders['’]?\s+equity,?\s+total",
)
DEBT = (TOTAL_DEBT, TOTAL_LIABILITIES)  # "debt": the table's total debt row, else its total liabilities


@dataclass(frozen=True, slots=True)
class Measure:
    name: str
    asked: re.Pattern[str]  # how a question names it
    plus: tuple[tuple[re.Pattern[str], ...], ...]  # rows added (each: the first of these labels the table has)
    minus: tuple[tuple[re.Pattern[str], ...], ...] = ()  # rows taken off
    over: tuple[re.Pattern[str], ...] | None = None  # the row divided by; None: the measure is an amount


MEASURES = (
    Measure(
        "current ratio",
        re.compile(r"\b(?:current|working\s+capital)\s+ratio\b", re.I),  # the two names of one ratio
        ((CURRENT_ASSETS,),),
        over=(CURRENT_LIABILITIES,),
    ),
    Measure(
        "quick ratio",
        re.compile(r"\b(?:quick|acid[\s-]test)\s+ratio\b", re.I),
        ((CURRENT_ASSETS,),),
        ((INVENTORIES,),),
        over=(CURRENT_LIABILITIES,),
    ),
    Measure(
        "debt-to-equity ratio",
        re.compile(r"\bdebt[\s-]+(?:to|/)[\s-]+equity\b|\bd/e\s+ratio\b", re.I),
        (DEBT,),
        over=(TOTAL_EQUITY,),
    ),
    Measure(
        "liabilities-to-equity ratio",
        re.compile(r"\bliabilit(?:y|ies)[\s-]+(?:to|/)[\s-]+equity\b", re.I),
        ((TOTAL_LIABILITIES,),),
        over=(TOTAL_EQUITY,),
    ),
    Measure(
        "debt-to-asset ratio",
        re.compile(r"\bdebt[\s-]+(?:to|/)[\s-]+(?:total[\s-]+)?assets?\b|\bdebt\s+ratio\b", re.I),
        (DEBT,),
        over=(TOTAL_ASSETS,),
    ),
    Measure(
        "liabilities-to-asset ratio",
        re.compile(r"\bliabilit(?:y|ies)[\s-]+(?:to|/)[\s-]+(?:total[\s-]+)?assets?\b", re.I),
        ((TOTAL_LIABILITIES,),),
        over=(TOTAL_ASSETS,),
    ),
    Measure(
        "working capital",
        re.compile(r"\b(?:net\s+)?working\s+capital\b(?!\s+ratio)", re.I),
        ((CURRENT_ASSETS,),),
        ((CURRENT_LIABILITIES,),),
    ),
)


_RATIO_AFTER = re.compile(r"\s*ratio\b", re.IGNORECASE)  # "debt-to-equity ratio": the word is the measure's name
CHANGES = (Intent.DIFFERENCE, Intent.PERCENT_CHANGE)  # a measure's change between two periods is asked too


def named_measure(question: str) -> tuple[Measure, Intent | None] | None:
    """The one measure the question names, and what is asked of it: itself (None: "what is the current ratio in
    2019"), or its change or percentage change between two periods; None for another operation over it ("the
    average current ratio"), read once the measure's own words ("ratio") are set aside."""
    found = [(m, hit) for m in MEASURES if (hit := m.asked.search(question))]
    if len(found) != 1:
        return None
    measure, hit = found[0]
    after = _RATIO_AFTER.match(question, hit.end())
    end = after.end() if after else hit.end()
    route_ = rule_route(question[: hit.start()] + " " * (end - hit.start()) + question[end:])
    if route_.kind is RouteKind.LOOKUP:
        return measure, None
    if route_.intent in CHANGES and not route_.others and not DECREASE_BY.search(question):
        return measure, route_.intent
    return None


def _label(table: Table, row: int) -> str:
    chain = table.row_chain(row)
    return " ".join(_FOOTNOTE.sub("", chain[-1]).split()) if chain else ""


def _stated(table: Table, measure: Measure) -> bool:
    """A row or column named as a question names the measure ("Current ratio", "Debt to equity", "Working
    capital"): the table states it."""
    columns = any(measure.asked.search(table.column_name(c)) for c in range(table.n_cols))
    return columns or any(measure.asked.search(_label(table, r)) for r in range(table.header_rows, table.n_rows))


def _one_row(table: Table, labels: tuple[re.Pattern[str], ...]) -> int | None:
    """The one body row of the first label the table has; None when it has none, or that label twice (a table of
    several entities or sections: which one is asked is not said)."""
    for pattern in labels:
        found = [r for r in range(table.header_rows, table.n_rows) if pattern.match(_label(table, r))]
        if found:
            return found[0] if len(found) == 1 else None
    return None


def _column(table: Table, question: str, rows: list[int], asked: set[str]) -> int | None:
    """The period column the question asks: of the columns holding an amount in every row the measure needs (not a
    percentage, a stated change or a note), those of the year it names, then those whose header shares the most
    words with the question ("as of December 31, 2019" beside "as of August 1, 2019"); None unless one is left."""
    cols = [
        c
        for c in range(table.n_cols)
        if all((x := table.cell_at(r, c)) is not None and x.value is not None for r in rows)
        and not percent_column(table, c)
        and not note_column(table, c)
        and not STATED_CHANGE.search(table.column_name(c))
    ]
    if len(asked) > 1:
        return None
    if asked:
        years = column_years(table)
        cols = [c for c in cols if asked <= years.get(c, set())]
    said = set(tokens(question))
    shared = {c: len(said & set(tokens(table.column_name(c)))) for c in cols}
    best = [c for c in cols if shared[c] == max(shared.values())]
    return best[0] if len(best) == 1 else None


def defined_measure(table: Table, question: str) -> tuple[Measure, Computation] | None:
    """The measure the question names computed by its definition from the table's rows in the asked period (or its
    change between the two periods asked: later less earlier); None when the question names no measure, the table
    states it, or a row or a period it needs is not there."""
    named = named_measure(question)
    if named is None or _stated(table, named[0]):
        return None
    measure, change = named
    terms = [*measure.plus, *measure.minus, *([measure.over] if measure.over else [])]
    rows = [_one_row(table, labels) for labels in terms]
    if any(r is None for r in rows) or len(set(rows)) != len(rows):
        return None
    found = [r for r in rows if r is not None]
    asked = sorted(years_in(question), reverse=True)  # the later period first
    periods = [{y} for y in asked] if change is not None else [set(asked)]
    if change is not None and len(periods) != len(CHANGES):
        return None
    view = typed_view(table)
    cols = [_column(table, question, found, period) for period in periods]
    columns = [view.column(c) for c in cols if c is not None]
    if (
        len(columns) != len(periods)
        or len(set(cols)) != len(cols)
        or any(vc is None or not vc.numeric for vc in columns)
    ):
        return None
    values = [_measure_sql(measure, found, vc) for vc in columns if vc is not None]
    if change is Intent.DIFFERENCE:
        sql = f"SELECT ({values[0]}) - ({values[1]}) AS result"
    elif change is Intent.PERCENT_CHANGE:
        sql = f"SELECT (({values[0]}) - ({values[1]})) / NULLIF({values[1]}, 0) * 100 AS result"
    else:
        times = " * 100" if measure.over is not None and AS_PERCENT.search(question) else ""
        sql = f"SELECT {values[0]}{times} AS result"
    sandbox = Sandbox({VIEW_NAME: view})
    try:
        res = sandbox.run(sql)
    except UnsafeSqlError:
        return None
    finally:
        sandbox.close()
    if not res.rows or res.rows[0][0] is None:
        return None
    intent = change or (Intent.RATIO if measure.over is not None else Intent.DIFFERENCE)
    cells = [(r, c) for c in cols if c is not None for r in found]
    return measure, Computation(intent, sql, format_number(res.rows[0][0]), cells, result=res)


def _measure_sql(measure: Measure, rows: list[int], vc: ViewColumn) -> str:
    """The measure's definition over one column, as SQL over its cells (``rows``: the added rows, the rows taken
    off, then the row divided by)."""
    sql_of = {r: f"CAST({cell_sql(vc, r)} AS DOUBLE)" for r in rows}
    plus, minus = rows[: len(measure.plus)], rows[len(measure.plus) : len(measure.plus) + len(measure.minus)]
    amount = " + ".join(sql_of[r] for r in plus) + "".join(f" - {sql_of[r]}" for r in minus)
    return amount if measure.over is None else f"({amount}) / NULLIF({sql_of[rows[-1]]}, 0)"


def measured(table: Table, question: str, version: str | None) -> Answer | None:
    """The answer of `defined_measure`, citing every cell it used and showing its SQL; scored by the question's
    links to the table and by the question words its rows and columns name, as a computed answer is, to rank it
    among other tables' answers."""
    if named_measure(question) is None:  # before the table is read again: most questions name no measure
        return None
    table = promote_period_rows(table)
    found = defined_measure(table, question)
    if found is None:
        return None
    measure, comp = found
    cites = [cite(table, r, c, version) for r, c in comp.cells]
    units = {x.unit for r, c in comp.cells if (x := table.cell_at(r, c)) is not None}
    unit = units.pop() if measure.over is None and comp.intent is Intent.DIFFERENCE and len(units) == 1 else None
    unit = "%" if comp.intent is Intent.PERCENT_CHANGE else unit  # an amount's unit; a ratio's change has none
    rows = ", ".join(dict.fromkeys(_label(table, r) for r, _ in comp.cells))
    columns = ", ".join(dict.fromkeys(table.column_name(c) for _, c in comp.cells))
    text = (
        f"{comp.value} ({measure.name} by its definition, from {rows}; columns: {columns}) — {cites[0]['file']}, "
        f"table {table.id}; SQL: {comp.sql}"
    )
    linked = link(table, question)
    held = {t for r, _ in comp.cells for t in row_words(table, r)}
    held |= {t for _, c in comp.cells for t in tokens(table.column_name(c))}
    words = frozenset(held & set(tokens(question)))  # what of the question the cells' rows and columns name
    return Answer(
        text,
        comp.value,
        unit,
        cites,
        route=RouteKind.AGGREGATE.value,
        intent=comp.intent.value,
        sql=comp.sql,
        score=linked.score,
        named=len(words),
        named_words=words,
    )
