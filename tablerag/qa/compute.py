"""Aggregate intents as SQL over a table's typed view (run in the sandbox): total, average, count, difference,
ratio, percent change; max/min, arg-max/min, comparisons and top-N through `compare`. Operands come from the linked
rows and columns (`operands`); every computed number keeps the cells it came from and the SQL that produced it.
Nothing is rounded."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from tablerag.parsing.numbers import split_unit
from tablerag.parsing.totals import summed_items, summing_column
from tablerag.qa.compare import (
    Rival,
    beyond,
    beyond_down,
    beyond_rival,
    beyond_rows,
    compare_two,
    ranked,
    ranked_change,
)
from tablerag.qa.counts import count_one_not_other, count_parts, count_section, holds_amounts, names_a_total
from tablerag.qa.link import MAX_LINKED_ROWS, Linked, Scored, link_columns, one_column, tokens
from tablerag.qa.operands import (
    MEAN_WORDS,
    ROW_KEEP_SHARE,
    TOTAL_LABEL,
    Computation,
    category_members,
    cell_sql,
    column_labels,
    format_number,
    like_columns,
    non_total_rows,
    operand_cols,
    operand_rows,
    row_label,
    row_year,
    unsaid_operation,
    value_cols,
    years_column,
)
from tablerag.qa.periods import (
    MIN_DATED_ROWS,
    STATED_CHANGE,
    column_years,
    percent_column,
    year_of,
    year_rows,
    years_in,
)
from tablerag.qa.route import Intent, Route
from tablerag.qa.sql import ROW_COLUMN, VIEW_NAME, Sandbox, TypedView, ViewColumn, quote

YEAR_SPAN = re.compile(r"((?:19|20)\d\d)\s*(?:-|–|to|through|until|and)\s*((?:19|20)\d\d)", re.I)
DECREASE_BY = re.compile(r"\b(decrease[ds]?|decline[ds]?|fall|fell|drop(ped)?|reduced?)\s+by\b", re.IGNORECASE)
TWO_ITEMS = re.compile(r"\b(and|between|versus|vs|или|und|oder|oraz)\b|和|与", re.IGNORECASE)  # "A and B"
BINARY = (Intent.DIFFERENCE, Intent.PERCENT_CHANGE, Intent.RATIO)


def year_span(question: str) -> tuple[int, int] | None:
    """ "2017-2019", "from 2015 to 2019": the inclusive span; None when the question names no span."""
    m = YEAR_SPAN.search(question)
    if m is None:
        return None
    a, b = sorted((int(m.group(1)), int(m.group(2))))
    return (a, b) if b - a >= 2 else None  # "2018 and 2019" names two columns, which linking already finds


# A year the question sets as its period ("in 2019", "for fiscal 2019", "as of 2019"): the operands of an average
# over the named row are that year's cells only. A year written before the amount ("the 2019 average total") is the
# reports' average balance of that year, its opening and closing amounts: no restriction.
_PERIOD_YEAR = re.compile(
    r"\b(?:in|for|during|at|as\s+of|on|of|в|во|за|на|im|für|zum|w|za|na)\s+"
    r"(?:the\s+)?(?:fiscal\s+(?:year\s+)?|financial\s+year\s+|year\s+|FY\s?|jahr\s+|roku\s+)?"
    r"((?:19|20)\d\d)\b",
    re.IGNORECASE,
)


def period_year(question: str) -> str | None:
    """The one year the question sets as its period ("the average life expectancy in 2019"); None when it names no
    year, several, or a year only before the amount ("the 2019 average")."""
    named = years_in(question)
    m = _PERIOD_YEAR.search(question)
    return m.group(1) if m is not None and named == {m.group(1)} else None


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
    gap: bool = False,
) -> tuple[str, list[tuple[int, int]]] | None:
    """Two operands: two linked columns of one row, two linked rows of one column, or (``one_item``: the question
    names one thing, no "A and B") one row's change between the periods the table implies. ``decrease``: "how
    much did X decrease by" asks the size of the fall between two periods (old - new). ``percent`` names the
    operands of a difference ("the change in the percent of total sales": the "% of Total" columns, not the
    amounts); of a ratio or a percent change it is the result's scale. ``gap``: the difference is asked as the
    gap between two things ("the difference between A and B"), so between two things that are no periods it is
    the gap's size."""
    want_percent = percent and intent is Intent.DIFFERENCE
    cols, rows = _named_apart(operand_cols(view, linked, want_percent)), operand_rows(linked, view)
    if intent is Intent.RATIO and len(cols) >= 2 and _periods_unasked(view, linked, cols[0][1].col, cols[1][1].col):
        cols = cols[:1]  # "the percentage of A that makes up B": a share within one period, not one period over another
    years: tuple[str, str] | None = None  # two year columns: which is the new one
    if len(cols) >= 2 and rows:
        r = rows[0].index
        labels = column_labels(view, [cols[0][1].col, cols[1][1].col])
        found = (year_of(labels[0]), year_of(labels[1]))
        years = (found[0], found[1]) if found[0] and found[1] and found[0] != found[1] else None
        first, second = _ordered_pair(cols[0], cols[1], years, from_to, linked)
        if intent is Intent.RATIO and years is None and linked.names_whole(first[0], second[0]):
            first, second = second, first  # "what percentage of total revenue was Q4": the whole last
        a, b = cell_sql(first[1], r), cell_sql(second[1], r)
        cells = [(r, first[1].col), (r, second[1].col)]
    elif len(rows) >= 2 and cols:
        vc = cols[0][1]
        first, second = sorted(rows[:2], key=lambda s: linked.mention(s, rows[1] if s is rows[0] else rows[0]))
        totals = [TOTAL_LABEL.search(row_label(view, s.index)) is not None for s in (first, second)]
        if intent is Intent.RATIO and totals == [True, False]:  # "what percentage of total X was Y": the whole last
            first, second = second, first
        if intent is Intent.RATIO and linked.names_whole(first, second):  # "A as a percentage of B", "A over B"
            first, second = second, first
        found = (row_year(view, first.index), row_year(view, second.index))
        if intent is not Intent.RATIO and found[0] and found[1] and found[0] != found[1]:  # period rows: new, old
            years = (found[0], found[1])
            first, second = (first, second) if found[0] > found[1] else (second, first)
        a, b = cell_sql(vc, first.index), cell_sql(vc, second.index)
        cells = [(first.index, vc.col), (second.index, vc.col)]
    elif (
        rows
        and intent is not Intent.RATIO
        and one_item
        and (pair := _implied_periods(view, linked, rows[0].index, cols))
    ):
        r, (new, old) = rows[0].index, pair
        years = ("1", "0")  # ordered: new, old
        a, b = cell_sql(view.column(new) or view.columns[0], r), cell_sql(view.column(old) or view.columns[0], r)
        cells = [(r, new), (r, old)]
    else:
        return None
    if intent is Intent.DIFFERENCE:
        minuend, subtrahend = (b, a) if decrease and years is not None else (a, b)  # a fall: old - new
        if gap and years is None:  # "the difference between A and B": the size of the gap, whichever is larger
            return f"SELECT ABS({minuend} - {subtrahend}) AS result", cells
        return f"SELECT {minuend} - {subtrahend} AS result", cells
    if intent is Intent.RATIO:
        times = " * 100" if percent else ""
        return f"SELECT CAST({a} AS DOUBLE) / NULLIF(CAST({b} AS DOUBLE), 0){times} AS result", cells
    if years is None and intent is Intent.PERCENT_CHANGE and len(cols) < 2:
        a, b, cells = b, a, cells[::-1]  # "from A to B": the first mentioned is the old value
    return f"SELECT (CAST({a} AS DOUBLE) - CAST({b} AS DOUBLE)) / NULLIF(CAST({b} AS DOUBLE), 0) * 100 AS result", cells


def _periods_unasked(view: TypedView, linked: Linked, a: int, b: int) -> bool:
    """Two columns of two different years, not both of which the question names: a ratio between them is not what
    it asks (a ratio of one thing across periods names both: "2019 to 2018", "in 2019 than in 2018")."""
    found = [year_of(label) for label in column_labels(view, [a, b])]
    if not found[0] or not found[1] or found[0] == found[1]:
        return False
    return not all(y in linked.words for y in found)


# words of a question over a whole column that restrict nothing: the operation and the generic nouns of a quantity
FOLD_WORDS = frozenset(
    tokens("total sum average mean combined altogether all in number amount count value there listed earned awarded")
)


COUNT_WORDS = frozenset(tokens("times"))  # "how many times": the count's own word


OPERATION_NAMES = {Intent.TOTAL: frozenset(tokens("total sum")), Intent.AVERAGE: MEAN_WORDS}


def _without_operation_columns(intent: Intent, linked: Linked) -> Linked:
    """The links less the columns named only by the operation asked ("the total number of hospital beds" links a
    "Total" column by "total"): adding a row's "Total" to its "Hospital beds" is no total anyone asked. Kept when
    no other column is linked (the "Total" column may then be what is folded)."""
    words = OPERATION_NAMES.get(intent, frozenset())
    kept = [s for s in linked.cols if not s.tokens <= words]
    return replace(linked, cols=kept) if kept and len(kept) < len(linked.cols) else linked


def _years_with_amounts(view: TypedView, cells: list[tuple[int, int]]) -> bool:
    """A sum or mean that takes a column of years ("Year": 1994, 1995) together with a column of amounts
    ("Victories"): a year is a period, not an amount to fold with one, so the result is a wrong number."""
    held = [years_column(view, c) for c in {c for _, c in cells if c >= 0}]
    return any(held) and not all(held)


def _units_mixed(view: TypedView, cells: list[tuple[int, int]]) -> bool:
    """A sum or mean over cells of different units or scales ("Dividend Per Share" in dollars beside "Amount (in
    millions)"): no number adds a price to an amount, so "the total amount of the dividend paid on June 17" is the
    amount, not the two folded."""
    units = [
        split_unit(cell.unit)
        for r, c in cells
        if c >= 0 and (cell := view.table.cell_at(r, c)) is not None and cell.unit
    ]
    # a currency sign set on some cells only ("$ 1,505" over "172") is no other unit: names are compared where given
    return len({scale for _, scale in units}) > 1 or len({name for name, _ in units if name}) > 1


def _restriction_ignored(view: TypedView, linked: Linked, cells: list[tuple[int, int]]) -> bool:
    """A total or mean over a whole column (no row linked) of a question saying more than the column's name and
    the operation: "the total points of the top 5 drivers", "the combined score of the American drivers", "the
    total expenses in 2019" over a "2019" column. The words left over restrict the rows or name another quantity,
    which the column sum ignores: a wrong number, so it is refused."""
    if operand_rows(linked, view) or not cells:
        return False
    table = view.table
    named = {t for c in {c for _, c in cells if c >= 0} for level in table.column_chain(c) for t in tokens(level)}
    labels = [vc.col for vc in view.columns if not vc.numeric]  # "all teams" over a "Team" column names every row
    named |= {t for c in labels for t in tokens(table.column_name(c))}
    return bool(set(linked.words) - named - FOLD_WORDS)


def _named_apart(cols: list[tuple[Scored, ViewColumn]]) -> list[tuple[Scored, ViewColumn]]:
    """The linked columns less those linked by only part of the words that named one before them: "F18" linked
    by the "F" of "in F19" is no second operand of "the share of A in B in F19" (columns named by the same words,
    "Votes" under each candidate, stay)."""
    return [(s, vc) for i, (s, vc) in enumerate(cols) if not any(s.tokens < t.tokens for t, _ in cols[:i])]


def _implied_periods(
    view: TypedView, linked: Linked, row: int, cols: list[tuple[Scored, ViewColumn]]
) -> tuple[int, int] | None:
    """The two periods a change of one named row is between when the question names at most one: "the change in
    total emissions" over a table of two years (new, old); "the change in audit fees in 2019": 2019 and the period
    before it. None when the table's periods do not say (three years and none named)."""
    if len(cols) > 1:
        return None
    grid = view.table.filled_grid()
    numeric = [c for c in value_cols(view, linked) if grid[row][c].strip()]
    like = like_columns(view, numeric, linked)
    labels = dict(zip(like, column_labels(view, like), strict=True)) if like else {}
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
    view: TypedView,
    linked: Linked,
    row: int,
    span: tuple[int, int] | None,
    want_percent: bool = False,
    year: str | None = None,
) -> list[tuple[int, int]]:
    """A named row's numeric cells of one kind of amount (`like_columns`), limited to the year span the question
    gives ("2017-2019", "from 2015 to 2019") or to the one year it sets as its period ("in 2019": the 2019 cells,
    when the table has columns of that year)."""
    cols = value_cols(view, linked)
    if span is not None:
        labels = column_labels(view, cols) if cols else []
        cols = [c for c, lab in zip(cols, labels, strict=True) if (y := year_of(lab)) and span[0] <= int(y) <= span[1]]
    elif year is not None:
        years = column_years(view.table)
        cols = [c for c in cols if year in years.get(c, set())] or cols
    return [(row, c) for c in like_columns(view, cols, linked, want_percent)]


def _span_rows(
    view: TypedView, linked: Linked, span: tuple[int, int], want_percent: bool
) -> list[tuple[int, int]] | None:
    """A table whose rows are periods ("2020 | 1,200 | 300" ... "Thereafter", "Total": a maturity schedule) and whose
    columns are not: a span of years ("from 2020 to 2024", "between 2021 and 2023") takes every year row in it, in
    the linked columns (or the table's one column of amounts), as a span over period columns does. None unless the
    span holds two or more such rows."""
    table = view.table
    years = year_rows(table)
    if not years or len(column_years(table)) >= MIN_DATED_ROWS:
        return None
    linked_cols = operand_cols(view, linked, want_percent)
    cols = [vc.col for s, vc in linked_cols if s.score >= ROW_KEEP_SHARE * linked_cols[0][0].score]
    if not cols:
        amounts = value_cols(view, linked)
        cols = amounts if len(amounts) == 1 else []
    rows = [r for r, y in sorted(years.items()) if r in view.rows and span[0] <= int(y) <= span[1]]
    return [(r, c) for r in rows for c in cols] if len(rows) >= MIN_DATED_ROWS and cols else None


def _fold(
    intent: Intent,
    view: TypedView,
    linked: Linked,
    sandbox: Sandbox,
    span: tuple[int, int] | None = None,
    want_percent: bool = False,
    year: str | None = None,
) -> tuple[str, list[tuple[int, int]]] | None:
    """Total / average over the linked cells, or over a whole column (total rows excluded) when no row is named;
    a span of years ("the 3 years from 2017 to 2019") takes every period column (or row) in it, a year set as the
    period ("in 2019") only its own columns (one cell there is the average the table states for it)."""
    # "the average points scored by Italians": every row of that category, not the first named
    cols, rows = operand_cols(view, linked, want_percent), category_members(linked, view) or operand_rows(linked, view)
    fn = "SUM" if intent is Intent.TOTAL else "AVG"
    if span is not None and (within := _span_rows(view, linked, span, want_percent)):
        parts = " UNION ALL ".join(f"SELECT {cell_sql(view.column(c) or view.columns[0], r)} AS v" for r, c in within)
        return f"SELECT {fn}(v) AS result FROM ({parts})", within
    across_rows = len(rows) >= 2 and len(cols) == 1  # "the average of A and B in 2017": one period, several rows
    if rows and (span is not None or (len(cols) < 2 and intent is Intent.AVERAGE and not across_rows)):
        cells = _row_period_cells(view, linked, rows[0].index, span, want_percent, year if span is None else None)
        if len(cells) >= (1 if year is not None and span is None else 2):
            parts = " UNION ALL ".join(
                f"SELECT {cell_sql(view.column(c) or view.columns[0], r)} AS v" for r, c in cells
            )
            return f"SELECT {fn}(v) AS result FROM ({parts})", cells
    if cols and rows:
        use_cols = _parts_not_wholes(view, [vc for s, vc in cols if s.score >= ROW_KEEP_SHARE * cols[0][0].score])
        rows = rows[:1] if len(use_cols) >= 2 else rows  # several periods of one item, or one period of several
        if intent is Intent.TOTAL and len(rows) >= 2:  # a total row is never added to its parts: "the total seats"
            stated = _stated_total_of_kind(view, rows)
            if stated is not None and len(use_cols) == 1:  # the table states it: its cell, not a sum of some lines
                return f"SELECT {cell_sql(use_cols[0], stated)} AS result", [(stated, use_cols[0].col)]
            rows = [r for r in rows if not TOTAL_LABEL.search(row_label(view, r.index))] or rows  # named it
            rows = _with_namesakes(view, linked, rows)
        cells = [(r.index, vc.col) for r in rows for vc in use_cols]
        if len(cells) < 2:
            return None  # one cell: the question names a stored total or average; a lookup takes it
        parts = " UNION ALL ".join(f"SELECT {cell_sql(view.column(c) or use_cols[0], r)} AS v" for r, c in cells)
        return f"SELECT {fn}(v) AS result FROM ({parts})", cells
    if cols:
        vc = cols[0][1]
        where = non_total_rows(view, sandbox)
        stated = _stated_total_row(sandbox, vc, where)
        if stated is not None:  # an unlabelled last row of the column's sum is its total, no part of it
            where = f"{where} AND {ROW_COLUMN} <> {stated}"
        if intent is Intent.TOTAL and _numbers_rows(sandbox, vc, where):
            fn = "COUNT"  # "how many stages in total" over a Stage column 1, 2, ... 24: the rows are what is counted
        sql = f"SELECT {fn}({quote(vc.name)}) AS result FROM {VIEW_NAME} WHERE {where}"
        return sql, _column_cells(sandbox, vc, where)
    return None


MIN_RUN_SUMMED = 3  # a whole and two or more parts: one column beside another is no sum


def _parts_not_wholes(view: TypedView, use_cols: list[ViewColumn]) -> list[ViewColumn]:
    """The columns to add, less any that sums a run of columns beginning with it and holding another of them: "the
    total amount of contractual cash flows due in more than 5 years" over "Contractual cash flows | Within 1 year |
    1-2 years | 2-5 years | More than 5 years" names the whole the buckets split and the bucket asked; the bucket's
    cell answers, not their sum. Columns of periods are left out of the runs."""
    if len(use_cols) < 2:
        return use_cols
    # periods are no buckets: a year's column "sums" the year before and the change beside it
    dated = column_years(view.table)
    numeric = sorted(vc.col for vc in view.columns if vc.numeric and vc.col not in dated)
    chosen = {vc.col for vc in use_cols}
    wholes = set()
    for vc in use_cols:
        after = [c for c in numeric if c >= vc.col]
        for end in range(MIN_RUN_SUMMED, len(after) + 1):
            run = after[:end]
            if chosen & set(run[1:]) and summing_column(view.table, run) == vc.col:
                wholes.add(vc.col)
                break
    return [vc for vc in use_cols if vc.col not in wholes] or use_cols


def _with_namesakes(view: TypedView, linked: Linked, rows: list[Scored]) -> list[Scored]:
    """The rows summed with every row of their own section that the question's words name just as well: "the
    total USD denominated monetary assets" adds "Monetary assets, current" and "Monetary assets, non-current" both.
    Rows of other sections ("Federal" under "Current:" and under "Deferred:") are other items, and a label said
    again ("Issued on exercise of share options" in each year of a roll-forward) the same item in another period:
    neither is joined."""
    table = view.table

    def said(row: int) -> str:
        return " ".join(row_label(view, row).split()).lower()

    out = list(rows)
    labels = {said(r.index) for r in out}
    for s in linked.rows:
        if s.index not in view.rows or any(s.index == r.index for r in out):
            continue
        label = said(s.index)
        if TOTAL_LABEL.search(label) or label in labels:
            continue  # a label said again is the same item in another period of a roll-forward, no other item
        twin = next((r for r in rows if r.tokens == s.tokens and round(r.score, 6) == round(s.score, 6)), None)
        if twin is not None and table.row_chain(twin.index)[:-1] == table.row_chain(s.index)[:-1]:
            out.append(s)
            labels.add(label)
    return out


MIN_KIND_ITEMS = 2  # a word the question says that two or more items of a total share names their kind, no item


def _stated_total_of_kind(view: TypedView, rows: list[Scored]) -> int | None:
    """The total row the question's "total" links, when every other row linked is one of the items it sums and one
    of them is linked only by words two or more of those items say: "the total accrued liabilities" over "Accrued
    compensation | Accrued taxes | ... | Other | (total)", "the total depreciation and amortization" over
    "Depreciation | Amortization of intangibles | Amortization of software | (total)". Such words name the kind the
    total sums, not items to add; "the total of cash and receivables", "the undrawn revolving credit facility and
    bilateral facilities" name items (each by a word of its own)."""
    table = view.table
    totals = [r for r in rows if TOTAL_LABEL.search(row_label(view, r.index))]
    items = [r for r in rows if r not in totals]
    if len(totals) != 1 or not items:
        return None
    parts = set(summed_items(table, totals[0].index))
    if not parts or any(r.index not in parts for r in items):
        return None
    said = [set(tokens(" ".join(table.row_chain(p)[-1:]))) for p in parts]

    def kind_only(row: Scored) -> bool:  # linked by no word of its own, only by words other items say too
        counts = [n for t in row.tokens if (n := sum(1 for words in said if t in words))]
        return bool(counts) and min(counts) >= MIN_KIND_ITEMS

    shared = any(kind_only(r) for r in items)
    # an item that says all the words linked is what they name ("the total USD monetary assets" over "Monetary
    # assets, current | Monetary assets, non-current | Monetary liabilities, ..." sums the assets, not the total)
    asked = set().union(*(r.tokens for r in items))
    named = any(asked <= set(tokens(" ".join(table.row_chain(p)))) for p in parts)
    return totals[0].index if shared and not named else None


MIN_SUMMED_PARTS = 2  # a last row equal to one row above it repeats it; to two or more, it sums them
SUM_SLACK = 0.005  # a stated total may differ from its parts' sum by rounding: half a percent of it


def _stated_total_row(sandbox: Sandbox, vc: ViewColumn, where: str) -> int | None:
    """The column's last row with a value when that value is the sum of the values above it (within rounding): a
    total row the table gives no label ("Number Outstanding" over price ranges, then "3,518,000"); None otherwise."""
    found = sandbox.con.execute(
        f"SELECT {ROW_COLUMN}, {quote(vc.name)} FROM {VIEW_NAME} WHERE {where} AND {quote(vc.name)} IS NOT NULL"
        f" ORDER BY {ROW_COLUMN}"
    ).fetchall()
    if len(found) < MIN_SUMMED_PARTS + 1:
        return None
    *parts, (row, last) = found
    total = sum(float(v) for _, v in parts)
    return int(row) if abs(total - float(last)) <= SUM_SLACK * abs(float(last)) and last else None


MIN_NUMBERED_ROWS = 3  # 1, 2 may be amounts; 1, 2, 3 ... in row order number the rows


def _numbers_rows(sandbox: Sandbox, vc: ViewColumn, where: str) -> bool:
    """The column numbers the rows (1, 2, 3, ... in row order, each one more than the one above): its sum means
    nothing, a total asked of it is how many rows there are."""
    found = sandbox.con.execute(
        f"SELECT {quote(vc.name)} FROM {VIEW_NAME} WHERE {where} AND {quote(vc.name)} IS NOT NULL ORDER BY {ROW_COLUMN}"
    ).fetchall()
    values = [r[0] for r in found]
    return (
        len(values) >= MIN_NUMBERED_ROWS
        and values[0] == 1
        and all(b == a + 1 for a, b in zip(values, values[1:], strict=False))
    )


def _column_cells(sandbox: Sandbox, vc: ViewColumn, where: str) -> list[tuple[int, int]]:
    rows = sandbox.con.execute(f"SELECT {ROW_COLUMN} FROM {VIEW_NAME} WHERE {where} AND {quote(vc.name)} IS NOT NULL")
    return [(int(r[0]), vc.col) for r in rows.fetchall()]


# words a count question may say besides the linked row's and the columns' names: the thing counted and its verb
# ("how many games did Tunisia participate in"); more are conditions ("played in a championship game", "attended
# by at least 8,000 people") that counting the linked rows, or every row, ignores
COUNTED_WORDS = 2


def _count_unsaid(view: TypedView, linked: Linked) -> bool:
    """A count of rows whose question says more than the rows it links, the table's column names, the operation and
    the thing counted: the SQL would count rows the unsaid condition leaves out, a wrong number, so it is refused."""
    table = view.table
    said = {t for c in range(table.n_cols) for t in tokens(table.column_name(c))}
    rows = operand_rows(linked, view)
    if rows:
        said |= rows[0].tokens
    return len(set(linked.words) - said - FOLD_WORDS - COUNT_WORDS) > COUNTED_WORDS


def _rows_saying(view: TypedView, words: frozenset[str]) -> list[int]:
    """Every row of the view whose cells say all of ``words``: the rows a count of "how many times is Canada
    listed" counts, past the few rows a question links."""
    grid = view.table.filled_grid()
    return [r for r in view.rows if words <= {t for text in grid[r] for t in tokens(text)}]


def _said_in_column(view: TypedView, linked: Linked) -> list[int]:
    """ "How many times is India the opposing team?", "how many times was 4.3 listed as the margin of error?": the
    question names one column best and says words its cells hold; the rows whose cell in that column holds them all
    (India as the opponent, not as the team). Empty unless the named column's cells hold any of the other words."""
    cols = link_columns(view.table, " ".join(linked.words), linked.words)  # the row's own columns too
    top = one_column(view.table, cols, set(linked.words))
    if top is None:
        return []
    grid = view.table.filled_grid()
    cells = {r: set(tokens(grid[r][top.index])) for r in view.rows}
    held = set().union(*cells.values()) if cells else set()
    words = {w for w in linked.words if w in held and w not in top.tokens} - FOLD_WORDS - COUNT_WORDS
    return [r for r in view.rows if words <= cells[r]] if words else []


def _count_sql(view: TypedView, linked: Linked, sandbox: Sandbox) -> str | None:
    """The rows whose cell in the column the question names holds its other words (`_said_in_column`); else the
    rows the linked row's words name (all of them, past the cap on links), or every row but totals; None when the
    rows past the cap cannot be told, and when the one row named is a line of amounts ("how many unvested RSUs
    were there at the end of 2020", "how many times did inventory turn in fiscal 2019"): the line states the number
    asked, counting it would say 1."""
    said = _said_in_column(view, linked)
    if said:
        listed = ", ".join(map(str, said))
        return f"SELECT COUNT(*) AS result, LIST({ROW_COLUMN}) FROM {VIEW_NAME} WHERE {ROW_COLUMN} IN ({listed})"
    rows = operand_rows(linked, view)
    if rows:
        same = [str(s.index) for s in linked.rows if s.tokens == rows[0].tokens and s.index in view.rows]
        if len(linked.rows) >= MAX_LINKED_ROWS and len(same) == len(linked.rows):  # the links stop at their cap
            found = [str(r) for r in _rows_saying(view, rows[0].tokens)]
            if not set(same) <= set(found):
                return None  # the words are said apart from the cells ("South African" for "South Africa")
            same = found
        if same == [str(rows[0].index)] and holds_amounts(view, rows[0].index):
            return None
        return (
            f"SELECT COUNT(*) AS result, LIST({ROW_COLUMN}) FROM {VIEW_NAME} WHERE {ROW_COLUMN} IN ({', '.join(same)})"
        )
    return f"SELECT COUNT(*) AS result, LIST({ROW_COLUMN}) FROM {VIEW_NAME} WHERE {non_total_rows(view, sandbox)}"


# a share, a sum or a mean of amounts a statement brackets as deductions ("Less voyage expenses (141,770)",
# "Allowance for doubtful accounts (16)") asks their size; a difference keeps the sign (a change of "net cash used
# (42,056)" is read both ways, so the sign the table gives is kept)
SIZE_ASKED = (Intent.AVERAGE, Intent.TOTAL, Intent.RATIO)
BRACKETED = re.compile(r"^\s*[$€£¥]?\s*\(.*\d.*\)\s*%?\s*$")  # "(141,770)", "$(5,860)", "(3)%"
# brackets mark the few deducted lines of a mostly positive statement; where at least this share of the other rows
# is negative in the operand columns too (a tax reconciliation, a cash flow), the sign carries meaning and is kept
SIGNED_SHARE = 0.5


def _deductions(view: TypedView, cells: list[tuple[int, int]], intent: Intent) -> bool:
    """The operands are amounts the table brackets as deductions (for a ratio: one of its two terms) in a table
    whose other rows are mostly not negative in the same columns."""
    table = view.table
    cols = {c for _, c in cells if c >= 0}
    rows = {r for r, c in cells if c >= 0}
    bracketed = [
        (r, x is not None and x.value is not None and x.value < 0 and bool(BRACKETED.match(x.text)))
        for r, c in cells
        if c >= 0 and (x := table.cell_at(r, c)) is not None
    ]
    minus = {r for r, b in bracketed if b}
    if (
        not minus
        or (intent is not Intent.RATIO and len(minus) < len(rows))
        or any(not b and r in minus for r, b in bracketed)
    ):
        return False
    others = [
        [x.value for c in cols if (x := table.cell_at(r, c)) is not None and x.value is not None]
        for r in range(table.header_rows, table.n_rows)
        if r not in rows
    ]
    others = [v for v in others if v]
    return sum(any(v < 0 for v in vals) for vals in others) < SIGNED_SHARE * len(others)


def _change_into(view: TypedView, year: str | None) -> int | None:
    """The one numeric column stating the change into ``year`` ("FY19 vs. FY18 | FY18 vs. FY17": the first for
    2019); None when none, several (an amount and a percentage of it) or the year is unsaid."""
    if year is None:
        return None
    table = view.table
    into = [
        vc.col
        for vc in view.columns
        if vc.numeric
        and STATED_CHANGE.search(name := table.column_name(vc.col))
        and len(years := years_in(name, header=True)) == 2
        and max(years) == year
    ]
    return into[0] if len(into) == 1 else None


def _stated_rate(view: TypedView, linked: Linked) -> int | None:
    """The one column stating a change as a percentage ("% Change") beside the best-linked change column of
    amounts ("Change"); None when that column is a percentage already, or there is none or several."""
    table = view.table
    if percent_column(table, linked.cols[0].index):
        return None
    rates = [
        vc.col
        for vc in view.columns
        if vc.numeric and STATED_CHANGE.search(table.column_name(vc.col)) and percent_column(table, vc.col)
    ]
    return rates[0] if len(rates) == 1 else None


def _states_change(view: TypedView, linked: Linked) -> bool:
    """The best-linked column states a change ("2019 vs. 2018 % Change", "Increase (Decrease)")."""
    return bool(linked.cols) and bool(STATED_CHANGE.search(view.table.column_name(linked.cols[0].index)))


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
    only_in: tuple[str, str] | None = None,
    year: str | None = None,
    offered: tuple[frozenset[str], frozenset[str]] | None = None,
    against: Rival | None = None,
) -> Computation | None:
    """The intent's SQL, run in the sandbox; None when the operands it needs are not linked. ``lowest``: a
    comparison asks for the smaller one ("fewer", "lower"); ``percent``: a ratio is wanted in percent; ``span``:
    the years a total or average runs over; ``from_to``: "from A to B" names the old value first; ``bound``:
    "less than N" (True, N) or "more than N" (False, N) for a question asking which column lies beyond it (or, for a
    count, how many do); ``many``: the question asks for several periods ("in which years"); ``one_item``: it
    names one thing (no "A and B"), so a change may run between the periods the table implies; ``decrease``: it
    asks by how much something fell ("decrease by"), a positive amount for a fall; ``period``: the answer is a
    period ("in which year"), so a superlative compares the linked row across its columns, never rows; ``thing``:
    the answer names a thing ("which component"), never a period, so a superlative never compares period columns;
    ``only_in``: a count of the rows with an amount in one year and none in the other ("values in 2019 but not in
    2018", `one_not_other`); ``year``: the one year the question sets as its period (`period_year`), which an
    average keeps to; ``offered``: the words of the alternatives a comparison ends on (`alternatives`); ``against``:
    the rival each candidate is compared with ("spent more than its approved budget", `rival_of`)."""
    intent = route.intent
    if intent is None:
        return None
    if bound is not None and intent is Intent.COUNT and (down := beyond_down(view, linked, sandbox, bound)):
        return down  # one column named: its rows beyond the bound
    if against is not None and intent in (Intent.MAX, Intent.MIN):
        named, passed = beyond_rival(intent, view, linked, sandbox, against, many, period)
        if named:  # the rival is a row or column of the table: the candidates past it, or no answer
            return passed
    if bound is not None and intent in (Intent.MAX, Intent.MIN, Intent.COMPARE, Intent.COUNT):
        past = beyond(intent, view, linked, sandbox, bound, percent, many)
        if past is None and intent is not Intent.COUNT:  # no row named: the rows of the named column ("which year")
            return beyond_rows(intent, view, linked, sandbox, bound, many)
        return past  # a count whose stated bound applies to no cells would count rows the bound leaves out
    if intent in BINARY:
        built = _binary(intent, view, linked, percent, from_to, one_item, decrease, route.gap)
    elif intent in (Intent.TOTAL, Intent.AVERAGE):
        built = _fold(
            intent,
            view,
            _without_operation_columns(intent, linked),
            sandbox,
            span,
            percent,
            year if intent is Intent.AVERAGE else None,
        )
    elif intent is Intent.COUNT:
        if only_in is not None:
            return count_one_not_other(view, only_in, sandbox)
        parts = count_parts(view, linked, sandbox) or count_section(view, linked, sandbox)  # "under total expense"
        if parts is not None or names_a_total(view, linked):
            return parts
        if _count_unsaid(view, linked):
            return None
        sql = _count_sql(view, linked, sandbox)
        if sql is None:
            return None
        res = sandbox.run(sql)
        rows = [int(r) for r in (res.rows[0][1] or [])] if res.rows else []
        return Computation(intent, sql, format_number(res.rows[0][0]), [(r, -1) for r in rows], result=res)
    elif intent is Intent.COMPARE:
        return compare_two(view, linked, sandbox, lowest, offered)
    else:
        # a change the table states ("Change", "% Change") is ranked as stated, not recomputed from the amounts
        states = _states_change(view, linked)
        moved = (
            ranked_change(intent, view, linked, sandbox, route.change, route.relative)
            if route.change and not period and not states
            else None
        )
        stated = _change_into(view, year) if moved is None and route.change and not states else None
        if stated is not None:  # "which end market grew fastest in fiscal 2019" over "FY19 vs. FY18": that column
            linked = replace(linked, cols=[Scored(stated, 0.0, frozenset(), 0), *linked.cols])
        rate = _stated_rate(view, linked) if route.relative and states else None
        if rate is not None:  # "which region grew fastest" over "Change | % Change": the rate, not the amount
            linked = replace(linked, cols=[Scored(rate, 0.0, frozenset(), 0), *linked.cols])
        if moved is None and route.change == "decrease" and (stated is not None or states):
            # "which stream declined the most" over a stated "% Change" column: its most negative value
            intent = Intent.MIN if intent is Intent.MAX else Intent.MAX
        return moved or ranked(intent, route, view, linked, sandbox, period, thing, year, percent, span)
    if built is None or unsaid_operation(view.table, route.others, built[1]):
        return None
    if intent in (Intent.TOTAL, Intent.AVERAGE) and (
        _restriction_ignored(view, linked, built[1])
        or _years_with_amounts(view, built[1])
        or _units_mixed(view, built[1])
    ):
        return None
    sql, cells = built
    if intent in SIZE_ASKED and _deductions(view, cells, intent):
        sql = f"SELECT ABS(result) AS result FROM ({sql})"  # the size of what is deducted
    res = sandbox.run(sql)
    if not res.rows or res.rows[0][0] is None:
        return None
    return Computation(intent, sql, format_number(res.rows[0][0]), cells, result=res)
