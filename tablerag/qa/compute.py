"""Aggregate intents as SQL over a table's typed view (run in the sandbox): total, average, max/min and
arg-max/min, count, difference, ratio, percent change, top-N. Operands come from the linked rows and columns;
every computed number keeps the cells it came from and the SQL that produced it. Nothing is rounded."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import Any

from tablerag.parsing.numbers import is_nil_mark
from tablerag.qa.link import (
    SCORE_DIGITS,
    STATED_CHANGE,
    Linked,
    Scored,
    column_kind,
    column_years,
    kind_words,
    note_column,
    percent_column,
    row_words,
    year_of,
)
from tablerag.qa.route import RULES, Intent, Route
from tablerag.qa.sql import LABEL_COLUMN, ROW_COLUMN, VIEW_NAME, QueryResult, Sandbox, TypedView, ViewColumn, quote

YEAR_SPAN = re.compile(r"((?:19|20)\d\d)\s*(?:-|–|to|through|until|and)\s*((?:19|20)\d\d)", re.I)
TOTAL_LABEL = re.compile(
    r"\b(total|sum|subtotal|all|overall)\b|итог|всего|gesamt|summe|razem|ogółem|suma|合计|总计|小计", re.I
)
DECREASE_BY = re.compile(r"\b(decrease[ds]?|decline[ds]?|fall|fell|drop(ped)?|reduced?)\s+by\b", re.IGNORECASE)
TWO_ITEMS = re.compile(r"\b(and|between|versus|vs|или|und|oder|oraz)\b|和|与", re.IGNORECASE)  # "A and B"
ROW_KEEP_SHARE = 0.5  # a second row must score at least half the best to be an operand: weaker links are noise
BINARY = (Intent.DIFFERENCE, Intent.PERCENT_CHANGE, Intent.RATIO)


class Named(StrEnum):
    ROW = "row"
    COLUMN = "column"


@dataclass(slots=True)
class Computation:
    intent: Intent
    sql: str
    value: str  # the result as text, exact (no rounding)
    cells: list[tuple[int, int]] = field(default_factory=list)  # grid (row, col) the result used
    label: str | None = None  # arg-max/min and top-N: the row (or column) the answer names
    unit: str | None = None
    result: QueryResult | None = None
    source: str = RULES  # who wrote the SQL: RULES or "llm:<model>"
    names: Named | None = None  # what the label names: a row (ranking rows in a column) or a column


def year_span(question: str) -> tuple[int, int] | None:
    """ "2017-2019", "from 2015 to 2019": the inclusive span; None when the question names no span."""
    m = YEAR_SPAN.search(question)
    if m is None:
        return None
    a, b = sorted((int(m.group(1)), int(m.group(2))))
    return (a, b) if b - a >= 2 else None  # "2018 and 2019" names two columns, which linking already finds


def format_number(value: Any) -> str:
    """Exact text of a SQL result: decimals without trailing zeros, floats as their shortest repr."""
    if isinstance(value, Decimal):
        text = format(value.normalize(), "f")
        return "0" if text in ("-0", "") else text
    if isinstance(value, float):
        return repr(value) if not value.is_integer() else str(int(value))
    return str(value)


def _cell(vc: ViewColumn, row: int) -> str:
    return f"(SELECT {quote(vc.name)} FROM {VIEW_NAME} WHERE {ROW_COLUMN} = {int(row)})"


def _numeric_cols(view: TypedView, linked: Linked) -> list[tuple[Scored, ViewColumn]]:
    out = []
    for s in linked.cols:
        vc = view.column(s.index)
        if vc is not None and vc.numeric:
            out.append((s, vc))
    return out


def like_columns(view: TypedView, cols: list[int], linked: Linked, want_percent: bool = False) -> list[int]:
    """Of candidate operand columns, those holding the same kind of amount (`column_kind`): the kind of the first
    one preferred (a percentage column only when a percentage is asked, a stated change last), and any other
    column the question names by a word of its own kind ("ground leases" vs "building leases") unless it states a
    change or a percentage the question does not ask for ("Increase (Decrease)", "Percentage of farms" share their
    words with a question asking for a change or a percentage). Averaging a year's amount
    with its "% of revenue", or a confidence bound with the mean, is not a computation anyone asked."""
    if len(cols) < 2:
        return cols
    table = view.table
    spent = set(row_words(table, linked.rows[0].index)) if linked.rows else set()  # words that named the row
    tokens = {s.index: s.tokens - spent for s in linked.cols}

    def rank(c: int) -> tuple[bool, bool]:
        return percent_column(table, c) != want_percent, bool(STATED_CHANGE.search(table.column_name(c)))

    kinds = {c: column_kind(table, c) for c in cols}
    ref = kinds[min(cols, key=lambda c: (rank(c), cols.index(c)))]
    words = {c: kind_words(k) for c, k in kinds.items()}
    out = []
    for c in cols:
        others = set().union(*(w for d, w in words.items() if kinds[d] != kinds[c]))
        named = rank(c) == (False, False) and tokens.get(c, frozenset()) & (words[c] - others)
        if kinds[c] == ref or named:
            out.append(c)
    return out


def _operand_cols(view: TypedView, linked: Linked, want_percent: bool = False) -> list[tuple[Scored, ViewColumn]]:
    cols = _numeric_cols(view, linked)
    like = set(like_columns(view, [vc.col for _, vc in cols], linked, want_percent))
    return [(s, vc) for s, vc in cols if vc.col in like]


def _rows(linked: Linked, view: TypedView) -> list[Scored]:
    """Rows kept as operands: in the view, scoring near the best, each adding a question word the others lack."""
    kept: list[Scored] = []
    covered: set[str] = set()
    best = linked.rows[0].score if linked.rows else 0.0
    for s in linked.rows:
        if s.index in view.rows and s.score >= ROW_KEEP_SHARE * best and not s.tokens <= covered:
            kept.append(s)
            covered |= s.tokens
    return kept


def _non_total_rows(view: TypedView, sandbox: Sandbox) -> str:
    labels = sandbox.con.execute(f"SELECT {ROW_COLUMN}, {LABEL_COLUMN} FROM {VIEW_NAME}").fetchall()
    keep = [str(r) for r, label in labels if not TOTAL_LABEL.search(label or "")]
    return f"{ROW_COLUMN} IN ({', '.join(keep) or 'NULL'})"


def _ordered_pair(
    a: tuple[Scored, Any],
    b: tuple[Scored, Any],
    years: tuple[str, str] | None,
    from_to: bool,
    linked: Linked,
) -> tuple[Any, Any]:
    """(new, old) for year columns and for "from A to B"; else (first mentioned, second mentioned), by the words
    that tell the two apart."""
    if years is not None:
        return (a, b) if years[0] > years[1] else (b, a)
    at_a, at_b = linked.mention(a[0], b[0]), linked.mention(b[0], a[0])
    first, second = (a, b) if (at_a, a[0].index) <= (at_b, b[0].index) else (b, a)
    return (second, first) if from_to else (first, second)


def _binary(
    intent: Intent,
    view: TypedView,
    linked: Linked,
    percent: bool = False,
    from_to: bool = False,
    one_item: bool = False,
    decrease: bool = False,
) -> tuple[str, list[tuple[int, int]]] | None:
    """Two operands: two linked columns of one row, two linked rows of one column, or (``one_item``: the question
    names one thing, no "A and B") one row's change between the periods the table implies. ``decrease``: "how
    much did X decrease by" asks the size of the fall between two periods (old - new)."""
    cols, rows = _operand_cols(view, linked), _rows(linked, view)
    years: tuple[str, str] | None = None  # two year columns: which is the new one
    if len(cols) >= 2 and rows:
        r = rows[0].index
        labels = _column_labels(view, [cols[0][1].col, cols[1][1].col])
        found = (year_of(labels[0]), year_of(labels[1]))
        years = (found[0], found[1]) if found[0] and found[1] and found[0] != found[1] else None
        first, second = _ordered_pair(cols[0], cols[1], years, from_to, linked)
        a, b = _cell(first[1], r), _cell(second[1], r)
        cells = [(r, first[1].col), (r, second[1].col)]
    elif len(rows) >= 2 and cols:
        vc = cols[0][1]
        first, second = sorted(rows[:2], key=lambda s: linked.mention(s, rows[1] if s is rows[0] else rows[0]))
        totals = [TOTAL_LABEL.search(_row_label(view, s.index)) is not None for s in (first, second)]
        if intent is Intent.RATIO and totals == [True, False]:  # "what percentage of total X was Y": the whole last
            first, second = second, first
        if intent is Intent.RATIO and linked.names_whole(first, second):  # "A as a percentage of B", "A over B"
            first, second = second, first
        found = (_row_year(view, first.index), _row_year(view, second.index))
        if intent is not Intent.RATIO and found[0] and found[1] and found[0] != found[1]:  # period rows: new, old
            years = (found[0], found[1])
            first, second = (first, second) if found[0] > found[1] else (second, first)
        a, b = _cell(vc, first.index), _cell(vc, second.index)
        cells = [(first.index, vc.col), (second.index, vc.col)]
    elif (
        rows
        and intent is not Intent.RATIO
        and one_item
        and (pair := _implied_periods(view, linked, rows[0].index, cols))
    ):
        r, (new, old) = rows[0].index, pair
        years = ("1", "0")  # ordered: new, old
        a, b = _cell(view.column(new) or view.columns[0], r), _cell(view.column(old) or view.columns[0], r)
        cells = [(r, new), (r, old)]
    else:
        return None
    if intent is Intent.DIFFERENCE:
        minuend, subtrahend = (b, a) if decrease and years is not None else (a, b)  # a fall: old - new
        return f"SELECT {minuend} - {subtrahend} AS result", cells
    if intent is Intent.RATIO:
        times = " * 100" if percent else ""
        return f"SELECT CAST({a} AS DOUBLE) / NULLIF(CAST({b} AS DOUBLE), 0){times} AS result", cells
    if years is None and intent is Intent.PERCENT_CHANGE and len(cols) < 2:
        a, b, cells = b, a, cells[::-1]  # "from A to B": the first mentioned is the old value
    return f"SELECT (CAST({a} AS DOUBLE) - CAST({b} AS DOUBLE)) / NULLIF(CAST({b} AS DOUBLE), 0) * 100 AS result", cells


def _value_cols(view: TypedView, linked: Linked) -> list[int]:
    """The view's numeric columns that are not the question's key (label) columns nor note references: where a named
    row's values are."""
    return [
        vc.col
        for vc in view.columns
        if vc.numeric and vc.col not in linked.key_cols and not note_column(view.table, vc.col)
    ]


def _implied_periods(
    view: TypedView, linked: Linked, row: int, cols: list[tuple[Scored, ViewColumn]]
) -> tuple[int, int] | None:
    """The two periods a change of one named row is between when the question names at most one: "the change in
    total emissions" over a table of two years (new, old); "the change in audit fees in 2019": 2019 and the period
    before it. None when the table's periods do not say (three years and none named)."""
    if len(cols) > 1:
        return None
    grid = view.table.filled_grid()
    numeric = [c for c in _value_cols(view, linked) if grid[row][c].strip()]
    like = like_columns(view, numeric, linked)
    labels = dict(zip(like, _column_labels(view, like), strict=True)) if like else {}
    dated = sorted(((int(y), c) for c, lab in labels.items() if (y := year_of(lab))), reverse=True)
    if len({y for y, _ in dated}) != len(dated):
        return None
    if cols:
        named = cols[0][1].col
        year = next((y for y, c in dated if c == named), None)
        before = [c for y, c in dated if year is not None and y < year]
        return (named, before[0]) if before else None
    return (dated[0][1], dated[1][1]) if len(dated) == 2 else None


def _row_period_cells(
    view: TypedView, linked: Linked, row: int, span: tuple[int, int] | None, want_percent: bool = False
) -> list[tuple[int, int]]:
    """A named row's numeric cells of one kind of amount (`like_columns`), limited to the year span the question
    gives ("2017-2019", "from 2015 to 2019")."""
    cols = _value_cols(view, linked)
    if span is not None:
        labels = _column_labels(view, cols) if cols else []
        cols = [c for c, lab in zip(cols, labels, strict=True) if (y := year_of(lab)) and span[0] <= int(y) <= span[1]]
    return [(row, c) for c in like_columns(view, cols, linked, want_percent)]


def _fold(
    intent: Intent,
    view: TypedView,
    linked: Linked,
    sandbox: Sandbox,
    span: tuple[int, int] | None = None,
    want_percent: bool = False,
) -> tuple[str, list[tuple[int, int]]] | None:
    """Total / average over the linked cells, or over a whole column (total rows excluded) when no row is named;
    a span of years ("the 3 years from 2017 to 2019") takes every period column in it."""
    cols, rows = _operand_cols(view, linked, want_percent), _rows(linked, view)
    fn = "SUM" if intent is Intent.TOTAL else "AVG"
    across_rows = len(rows) >= 2 and len(cols) == 1  # "the average of A and B in 2017": one period, several rows
    if rows and (span is not None or (len(cols) < 2 and intent is Intent.AVERAGE and not across_rows)):
        cells = _row_period_cells(view, linked, rows[0].index, span, want_percent)
        if len(cells) >= 2:
            parts = " UNION ALL ".join(f"SELECT {_cell(view.column(c) or view.columns[0], r)} AS v" for r, c in cells)
            return f"SELECT {fn}(v) AS result FROM ({parts})", cells
    if cols and rows:
        use_cols = [vc for s, vc in cols if s.score >= ROW_KEEP_SHARE * cols[0][0].score]
        rows = rows[:1] if len(use_cols) >= 2 else rows  # several periods of one item, or one period of several
        if intent is Intent.TOTAL and len(rows) >= 2:  # a total row is never added to its parts: "the total seats"
            rows = [r for r in rows if not TOTAL_LABEL.search(_row_label(view, r.index))] or rows  # named it
        cells = [(r.index, vc.col) for r in rows for vc in use_cols]
        if len(cells) < 2:
            return None  # one cell: the question names a stored total or average; a lookup takes it
        parts = " UNION ALL ".join(f"SELECT {_cell(view.column(c) or use_cols[0], r)} AS v" for r, c in cells)
        return f"SELECT {fn}(v) AS result FROM ({parts})", cells
    if cols:
        vc = cols[0][1]
        where = _non_total_rows(view, sandbox)
        sql = f"SELECT {fn}({quote(vc.name)}) AS result FROM {VIEW_NAME} WHERE {where}"
        return sql, _column_cells(sandbox, vc, where)
    return None


def _column_cells(sandbox: Sandbox, vc: ViewColumn, where: str) -> list[tuple[int, int]]:
    rows = sandbox.con.execute(f"SELECT {ROW_COLUMN} FROM {VIEW_NAME} WHERE {where} AND {quote(vc.name)} IS NOT NULL")
    return [(int(r[0]), vc.col) for r in rows.fetchall()]


def _name_column(view: TypedView, linked: Linked) -> str:
    """What names the winning row: a text column the question names ("which country"), else the row's label."""
    for s in linked.cols:
        vc = view.column(s.index)
        if vc is not None and not vc.numeric:
            return quote(vc.name)
    return LABEL_COLUMN


def _rank_sql(intent: Intent, view: TypedView, linked: Linked, sandbox: Sandbox, n: int) -> str | None:
    cols = _numeric_cols(view, linked)
    if not cols:
        return None
    vc = cols[0][1]
    order = "ASC" if intent is Intent.MIN else "DESC"
    where = _non_total_rows(view, sandbox)
    return (
        f"SELECT {_name_column(view, linked)}, {quote(vc.name)}, {ROW_COLUMN} FROM {VIEW_NAME} WHERE {where} AND {quote(vc.name)}"
        f" IS NOT NULL ORDER BY {quote(vc.name)} {order}, {ROW_COLUMN} LIMIT {int(n)}"
    )


def _count_sql(view: TypedView, linked: Linked, sandbox: Sandbox) -> str:
    rows = _rows(linked, view)
    if rows:
        same = [str(s.index) for s in linked.rows if s.tokens == rows[0].tokens and s.index in view.rows]
        return (
            f"SELECT COUNT(*) AS result, LIST({ROW_COLUMN}) FROM {VIEW_NAME} WHERE {ROW_COLUMN} IN ({', '.join(same)})"
        )
    return f"SELECT COUNT(*) AS result, LIST({ROW_COLUMN}) FROM {VIEW_NAME} WHERE {_non_total_rows(view, sandbox)}"


def compute(
    route: Route,
    view: TypedView,
    linked: Linked,
    sandbox: Sandbox,
    lowest: bool = False,
    percent: bool = False,
    span: tuple[int, int] | None = None,
    from_to: bool = False,
    bound: tuple[bool, float] | None = None,
    many: bool = False,
    one_item: bool = False,
    decrease: bool = False,
    period: bool = False,
    thing: bool = False,
) -> Computation | None:
    """The intent's SQL, run in the sandbox; None when the operands it needs are not linked. ``lowest``: a
    comparison asks for the smaller one ("fewer", "lower"); ``percent``: a ratio is wanted in percent; ``span``:
    the years a total or average runs over; ``from_to``: "from A to B" names the old value first; ``bound``:
    "less than N" (True, N) or "more than N" (False, N) for a question asking which column lies beyond it (or, for a
    count, how many do); ``many``: the question asks for several periods ("in which years"); ``one_item``: it
    names one thing (no "A and B"), so a change may run between the periods the table implies; ``decrease``: it
    asks by how much something fell ("decrease by"), a positive amount for a fall; ``period``: the answer is a
    period ("in which year"), so a superlative compares the linked row across its columns, never rows; ``thing``:
    the answer names a thing ("which component"), never a period, so a superlative never compares period columns."""
    intent = route.intent
    if intent is None:
        return None
    if bound is not None and intent in (Intent.MAX, Intent.MIN, Intent.COMPARE, Intent.COUNT):
        beyond = _beyond(intent, view, linked, sandbox, bound, percent, many)
        if beyond is not None or intent is not Intent.COUNT:  # a count over rows ("how many seasons") goes on
            return beyond
    if intent in BINARY:
        built = _binary(intent, view, linked, percent, from_to, one_item, decrease)
    elif intent in (Intent.TOTAL, Intent.AVERAGE):
        built = _fold(intent, view, linked, sandbox, span, percent)
    elif intent is Intent.COUNT:
        sql = _count_sql(view, linked, sandbox)
        res = sandbox.run(sql)
        rows = [int(r) for r in (res.rows[0][1] or [])] if res.rows else []
        return Computation(intent, sql, format_number(res.rows[0][0]), [(r, -1) for r in rows], result=res)
    elif intent is Intent.COMPARE:
        return _compare(view, linked, sandbox, lowest)
    else:
        return _ranked(intent, route, view, linked, sandbox, period, thing)
    if built is None:
        return None
    sql, cells = built
    res = sandbox.run(sql)
    if not res.rows or res.rows[0][0] is None:
        return None
    return Computation(intent, sql, format_number(res.rows[0][0]), cells, result=res)


def _column_labels(view: TypedView, cols: list[int]) -> list[str]:
    """What tells the candidate columns apart: a year level when there is one, else the last level they differ in."""
    chains = [view.table.column_chain(c) for c in cols]
    out = []
    for chain in chains:
        years = [y for lvl in chain if (y := year_of(lvl))]
        differing = [
            lvl for i, lvl in enumerate(chain) if any(i >= len(o) or o[i] != lvl for o in chains if o is not chain)
        ]
        out.append(
            years[-1]
            if years
            else (differing[-1] if differing else (chain[-1] if chain else view.table.column_label(cols[0])))
        )
    return out


def _pick(
    intent: Intent, view: TypedView, cells: list[tuple[int, int]], labels: list[str], sandbox: Sandbox, lowest: bool
) -> Computation | None:
    """The cell with the largest (smallest) value among the candidates; its row or column label is the answer."""
    parts = " UNION ALL ".join(
        f"SELECT {i} AS i, {_cell(view.column(c) or view.columns[0], r)} AS v" for i, (r, c) in enumerate(cells)
    )
    sql = f"SELECT i, v FROM ({parts}) WHERE v IS NOT NULL ORDER BY v {'ASC' if lowest else 'DESC'}, i LIMIT 1"
    res = sandbox.run(sql)
    if not res.rows:
        return None
    i = int(res.rows[0][0])
    compared = [cells[i]] + [c for j, c in enumerate(cells) if j != i]  # the winner first, then every cell it beat
    return Computation(intent, sql, format_number(res.rows[0][1]), compared, label=labels[i], result=res)


def _row_value_cells(view: TypedView, linked: Linked, want_percent: bool = False) -> list[tuple[int, int]] | None:
    """The named row's numeric value cells of one kind (key columns left out), when there are two or more."""
    rows = _rows(linked, view)
    if not rows:
        return None
    grid = view.table.filled_grid()
    r = rows[0].index
    cols = [c for c in _value_cols(view, linked) if grid[r][c].strip()]  # a "Notes" column the row leaves empty
    cells = [(r, c) for c in like_columns(view, cols, linked, want_percent)]
    return cells if len(cells) >= 2 else None


def _across_columns(
    intent: Intent, view: TypedView, linked: Linked, sandbox: Sandbox, lowest: bool
) -> Computation | None:
    """A named row, no named column: which column (e.g. which year) holds its largest (smallest) value; the item of
    each period section in the linked column when the periods are sections (`_section_periods`)."""
    sections = _section_periods(view, linked)
    if sections is not None:
        return _pick(intent, view, sections[0], sections[1], sandbox, lowest)
    cells = _row_value_cells(view, linked) or _category_cells(view, linked)
    if cells is None:
        return None
    cells = _period_amounts(view, cells, False)  # "in which year": the columns that name one
    return _pick(intent, view, cells, _column_labels(view, [c for _, c in cells]), sandbox, lowest)


def _across_periods(view: TypedView, linked: Linked) -> bool:
    """A comparison of the named row across columns would weigh period columns (each names a year): its winner
    would be a period."""
    cells = _row_value_cells(view, linked)
    if cells is None:
        return False
    return all(year_of(view.table.column_name(c)) is not None for _, c in _period_amounts(view, cells, False))


def _across_kinds(intent: Intent, view: TypedView, linked: Linked, sandbox: Sandbox) -> Computation | None:
    """ "Which segment had the highest operating income in 2019" over "Americas / 2019 | Americas / 2018 | EMEA /
    2019 ...": the named row's cells in the columns the question pins, each of its own kind (segment), compared and
    named by that kind; None unless two or more such columns of distinct kinds (no total column) are linked."""
    rows = _rows(linked, view)
    if not rows:
        return None
    table, r = view.table, rows[0].index
    grid = table.filled_grid()
    cols = [
        vc.col
        for _, vc in _numeric_cols(view, linked)
        if grid[r][vc.col].strip() and not TOTAL_LABEL.search(table.column_name(vc.col))
    ]
    kinds = [column_kind(table, c) for c in cols]
    if len(cols) < 2 or len(set(kinds)) != len(cols) or not all(kinds):
        return None
    labels = [next((lvl for lvl in reversed(table.column_chain(c)) if not year_of(lvl)), "") for c in cols]
    return _pick(intent, view, [(r, c) for c in cols], labels, sandbox, intent is Intent.MIN)


def _category_cells(view: TypedView, linked: Linked) -> list[tuple[int, int]] | None:
    """A named row's amounts in columns that name no period, each a category of its own ("Cubic Transportation
    Systems | Cubic Mission Solutions | Cubic Global Defense | Total"): "which segment ... the largest" compares
    them. Only in a table of amounts: a column of text beside the row labels makes each row a record whose columns
    are attributes (a name, a year, a score), not categories of one amount. A total column and percentages are no
    candidates; None when fewer than two remain."""
    rows = _rows(linked, view)
    if not rows or any(not vc.numeric and vc.col not in linked.key_cols for vc in view.columns):
        return None
    table, r = view.table, rows[0].index
    grid = table.filled_grid()
    cols = [c for c in _value_cols(view, linked) if grid[r][c].strip()]
    if any(year_of(table.column_name(c)) for c in cols):
        return None  # period columns: `like_columns` chose among them already
    cols = [c for c in cols if not TOTAL_LABEL.search(table.column_name(c)) and not percent_column(table, c)]
    if any(len(table.column_chain(c)) != 1 for c in cols):  # nested headers ("Alberta / acres") say more than that
        return None
    return [(r, c) for c in cols] if len(cols) >= 2 else None


def _period_amounts(view: TypedView, cells: list[tuple[int, int]], percent: bool) -> list[tuple[int, int]]:
    """The cells of columns that each name one period ("2019", "Fiscal 2018 / Amount"), percentage columns left
    out unless a percentage is asked ("% of total revenue" beside each year's amount); all cells when fewer than
    two such remain (the columns are not periods)."""
    table = view.table
    kept = [
        (r, c) for r, c in cells if year_of(table.column_name(c)) is not None and percent_column(table, c) == percent
    ]
    return kept if len(kept) >= 2 else cells


def _value_or_nil(view: TypedView, row: int, col: int) -> str:
    """The cell's SQL value; 0 for a dash, which a report writes for nil."""
    grid_text = next((c.text for c in view.table.cells if c.row == row and c.col == col), "")
    sql = _cell(view.column(col) or view.columns[0], row)
    return f"COALESCE({sql}, 0)" if is_nil_mark(grid_text) else sql


def _beyond(
    intent: Intent,
    view: TypedView,
    linked: Linked,
    sandbox: Sandbox,
    bound: tuple[bool, float],
    percent: bool = False,
    many: bool = False,
) -> Computation | None:
    """ "In which year was X less than 15,000?": the one period column of the named row whose value lies beyond
    the bound, named by its label and citing every cell compared; None unless exactly one does. ``many`` ("in
    which years", "how many years"): every such column, or their count for a count."""
    sections = _section_periods(view, linked)
    if sections is not None:
        cells, labels = sections
    else:
        found = _row_value_cells(view, linked, percent)
        if found is None:
            return None
        cells = _period_amounts(view, found, percent)
        labels = _column_labels(view, [c for _, c in cells])
    parts = " UNION ALL ".join(f"SELECT {i} AS i, {_value_or_nil(view, r, c)} AS v" for i, (r, c) in enumerate(cells))
    below, limit = bound
    sql = f"SELECT i, v FROM ({parts}) WHERE v {'<' if below else '>'} {float(limit)!r} ORDER BY i"
    res = sandbox.run(sql)
    if intent is Intent.COUNT:
        return Computation(intent, sql, str(len(res.rows)), cells, result=res)
    if len(res.rows) != 1 and not (many and res.rows):
        return None
    won = [int(r[0]) for r in res.rows]
    compared = [cells[i] for i in won] + [c for j, c in enumerate(cells) if j not in won]
    value = "; ".join(format_number(r[1]) for r in res.rows)
    return Computation(intent, sql, value, compared, label="; ".join(labels[i] for i in won), result=res)


def _compare(view: TypedView, linked: Linked, sandbox: Sandbox, lowest: bool) -> Computation | None:
    """ "Which is larger, A or B?": two named rows in one column, or two named columns in one row."""
    cols, rows = _numeric_cols(view, linked), _rows(linked, view)
    if len(rows) >= 2 and cols:
        cells = [(s.index, cols[0][1].col) for s in rows[:2]]
        labels = [_row_label(view, s.index) for s in rows[:2]]
    elif len(cols) >= 2 and rows:
        cells = [(rows[0].index, vc.col) for _, vc in cols[:2]]
        labels = _column_labels(view, [c for _, c in cells])
    elif len(cols) >= 2:
        return None
    else:
        return _across_columns(Intent.COMPARE, view, linked, sandbox, lowest)
    return _pick(Intent.COMPARE, view, cells, labels, sandbox, lowest)


def _section_periods(view: TypedView, linked: Linked) -> tuple[list[tuple[int, int]], list[str]] | None:
    """The named item under each period section ("Year ended 30 June 2019" over "Leasehold", the same rows under
    "Year ended 30 June 2018") in the linked column, labelled by the sections' years, when the columns name no
    years: "in which year was leasehold's external valuation below 50%". None unless two or more rows tie on the
    best link, each under a different year."""
    cols = _numeric_cols(view, linked)
    if not linked.rows or not cols or column_years(view.table):
        return None
    best = round(linked.rows[0].score, SCORE_DIGITS)
    tied = [s.index for s in linked.rows if round(s.score, SCORE_DIGITS) == best and s.index in view.rows]
    years = [_row_year(view, r) for r in tied]
    named = [y for y in years if y is not None]
    if len(tied) < 2 or len(named) != len(tied) or len(set(named)) != len(named):
        return None
    col = cols[0][1].col
    return [(r, col) for r in tied], named


def _row_year(view: TypedView, row: int) -> str | None:
    """The one year a row's label or its section path names ("Year ended 30 June 2019" over "Leasehold")."""
    chain = view.table.row_chain(row)
    return year_of(" ".join([*chain, _row_label(view, row)]))


def _row_label(view: TypedView, row: int) -> str:
    """The row's own text label; a year or number in its stub ("2015" under a section) when it has no text."""
    grid = view.table.filled_grid()
    numeric = {(c.row, c.col) for c in view.table.cells if c.value is not None}
    text = next((" ".join(t.split()) for c, t in enumerate(grid[row]) if t.strip() and (row, c) not in numeric), None)
    stub = " ".join(grid[row][0].split()) if grid[row] else ""
    return text or (stub if year_of(stub) else str(row))


def _row_named(view: TypedView, linked: Linked) -> bool:
    """A row the question names apart from the column: "Which component is the greatest in the total fair value"
    matches the Total row only through the words of the "Total Fair Value" column, so it names no row."""
    rows, cols = _rows(linked, view), _numeric_cols(view, linked)
    return bool(rows) and not (cols and rows[0].tokens <= cols[0][0].tokens)


def _ranked(
    intent: Intent,
    route: Route,
    view: TypedView,
    linked: Linked,
    sandbox: Sandbox,
    period: bool = False,
    thing: bool = False,
) -> Computation | None:
    n = (route.top_n or 1) if intent is Intent.TOP_N else 1
    if period and intent in (Intent.MAX, Intent.MIN) and _rows(linked, view):  # "in which year was the total ..."
        return _across_columns(intent, view, linked, sandbox, intent is Intent.MIN)
    if intent in (Intent.MAX, Intent.MIN) and (_row_named(view, linked) or not _numeric_cols(view, linked)):
        # a named row ("total sales"): which of its columns is largest; else which row is largest in the column.
        # A thing asked ("which component is the greatest in the total fair value in 2019") is no period column.
        if thing and _across_periods(view, linked):  # the kinds of the pinned columns (segments of 2019), else
            across = _across_kinds(intent, view, linked, sandbox)  # the rows of the pinned column
        else:
            across = _across_columns(intent, view, linked, sandbox, intent is Intent.MIN)
        if across is not None or not _numeric_cols(view, linked):
            return across
    sql = _rank_sql(intent, view, linked, sandbox, n)
    if sql is None:
        return None
    res = sandbox.run(sql)
    if not res.rows:
        return None
    col = _numeric_cols(view, linked)[0][1].col
    cells = [(int(r[2]), col) for r in res.rows]
    chains = view.table.row_headers
    own = _name_column(view, linked) == LABEL_COLUMN  # the row's own label, not its section path
    labels = [
        chains[i][-1] if own and i < len(chains) and chains[i] else str(r[0])
        for r, (i, _) in zip(res.rows, cells, strict=True)
    ]
    value = format_number(res.rows[0][1]) if n == 1 else "; ".join(format_number(r[1]) for r in res.rows)
    return Computation(intent, sql, value, cells, label="; ".join(labels), result=res, names=Named.ROW)
