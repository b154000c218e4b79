"""The operands of a computation: the linked rows and numeric columns kept as operands, columns holding the same
kind of amount, the labels that tell candidate columns and rows apart, and the `Computation` a result is returned
in."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import Any

from tablerag.model import Table
from tablerag.parsing.numbers import is_nil_mark
from tablerag.parsing.totals import named_total, net_of_total_rows, summing_rows
from tablerag.qa.link import Linked, Scored, kind_words, row_words, tokens
from tablerag.qa.periods import (
    STATED_CHANGE,
    column_kind,
    is_year,
    note_column,
    percent_cell,
    percent_column,
    year_of,
)
from tablerag.qa.route import RULES, Intent
from tablerag.qa.sql import LABEL_COLUMN, ROW_COLUMN, VIEW_NAME, QueryResult, Sandbox, TypedView, ViewColumn, quote

TOTAL_LABEL = re.compile(
    r"\b(totals?|sum|subtotals?|all|overall)\b|итог|всего|gesamt|summe|razem|ogółem|suma|合计|总计|小计", re.I
)
# a fiscal year written with its end year cut short ("2018/19", "1943/44"): the column is named as written, for no
# calendar year is written there ("2018/2019" writes its end year whole and is named by it, as annotators answer)
_SHORT_SPLIT_YEAR = re.compile(r"^(?:19|20)\d\d\s*/\s*\d\d$")
# a level naming a fiscal year as such ("Fiscal 2017", "FY2017", "Fiscal Year 2017"): the column's name, over the
# date it ends on ("February 3, 2018") in the level below
_FISCAL_YEAR = re.compile(r"^(?:fiscal(?:\s+year)?|fy)\s*['\u2019]?(?:19|20)?\d\d$", re.IGNORECASE)
MEAN_WORDS = frozenset(tokens("average mean"))  # a mean asked, never a column kind named ("Total" may be)
ROW_KEEP_SHARE = 0.5  # a second row must score at least half the best to be an operand: weaker links are noise


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


def format_number(value: Any) -> str:
    """Exact text of a SQL result: decimals without trailing zeros, floats as their shortest repr."""
    if isinstance(value, Decimal):
        text = format(value.normalize(), "f")
        return "0" if text in ("-0", "") else text
    if isinstance(value, float):
        return repr(value) if not value.is_integer() else str(int(value))
    return str(value)


def cell_sql(vc: ViewColumn, row: int) -> str:
    return f"(SELECT {quote(vc.name)} FROM {VIEW_NAME} WHERE {ROW_COLUMN} = {int(row)})"


AGE_WORDS = frozenset(tokens("oldest youngest newest"))  # the oldest is the largest age, or the earliest year


def numeric_cols(view: TypedView, linked: Linked) -> list[tuple[Scored, ViewColumn]]:
    """The linked columns of numbers, best first; a column of years ("Year | Revenue": "which year had the lowest
    revenue" names it too) only when no column of amounts is linked: years date the rows, they are not compared,
    and the table's one column of amounts, when it has one, is what is."""
    out = []
    for s in linked.cols:
        vc = view.column(s.index)
        if vc is not None and vc.numeric:
            out.append((s, vc))
    amounts = [(s, vc) for s, vc in out if not years_column(view, vc.col)]
    if out and not amounts and not AGE_WORDS & set(linked.words):
        # only the years named ("which year is the smallest payment due" over "Year | Amount"); age asked ranks
        # the years themselves ("the oldest power station": the earliest commissioned)
        others = [vc for vc in view.columns if vc.numeric and not years_column(view, vc.col)]
        totals = [vc for vc in others if TOTAL_LABEL.search(view.table.column_name(vc.col))]
        if len(others) > 1 and len(totals) == 1:  # "the most aircraft" over types and their "Total": the total
            others = totals
        if len(others) == 1:  # the table's one column of amounts is what is compared
            return [(Scored(others[0].col, 0.0, frozenset(), out[0][0].position), others[0])]
    return amounts if amounts else out


MIN_YEAR_LABELS = 2  # years labelling two rows make a column of periods, whatever text labels stand beside them


def years_column(view: TypedView, col: int) -> bool:
    """The column dates the rows: its filled body cells are years, or labels beside two years at least ("2020",
    "2021", "Thereafter", "Total lease payments"), no amount among them."""
    table = view.table
    grid = table.filled_grid()
    filled = [(r, grid[r][col].strip()) for r in view.rows if grid[r][col].strip()]
    years = [t for _, t in filled if is_year(t)]
    if not filled or (len(years) < len(filled) and len(set(years)) < MIN_YEAR_LABELS):
        return False
    return all(is_year(t) or (cell := table.cell_at(r, col)) is None or cell.value is None for r, t in filled)


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
    # words that named an operand row, or the operation asked ("the average shares vested": not the "Weighted
    # Average Grant Date Fair Value" column), name no column kind
    spent = {t for s in operand_rows(linked, view) for t in row_words(table, s.index)} | MEAN_WORDS
    tokens = {s.index: s.tokens - spent for s in linked.cols}

    def rank(c: int) -> tuple[bool, bool]:  # a stated change last, whatever its kind: the periods' amounts come first
        return bool(STATED_CHANGE.search(table.column_name(c))), percent_column(table, c) != want_percent

    kinds = {c: column_kind(table, c) for c in cols}
    ref = kinds[min(cols, key=lambda c: (rank(c), cols.index(c)))]
    words = {c: kind_words(k) for c, k in kinds.items()}
    named = set()
    for c in cols:
        others = set().union(*(w for d, w in words.items() if kinds[d] != kinds[c]))
        if rank(c) == (False, False) and tokens.get(c, frozenset()) & (words[c] - others):
            named.add(kinds[c])
    # the first kind unless the question names other kinds and not it, when every column is a period's kind
    # ("services revenue" over "2019 / Products | 2019 / Services | 2018 / Products | 2018 / Services": the services
    # columns); a first column of no kind but its period ("Fiscal 2018 / First / Quarter") is named by that period
    # and stays beside a kind named ("the first quarter of fiscal 2018 as a percentage of the total")
    periods = all(year_of(table.column_name(c)) is not None for c in cols)
    keep = named if periods and named and ref and ref not in named else named | {ref}
    return [c for c in cols if kinds[c] in keep]


def operand_cols(view: TypedView, linked: Linked, want_percent: bool = False) -> list[tuple[Scored, ViewColumn]]:
    cols = numeric_cols(view, linked)
    like = set(like_columns(view, [vc.col for _, vc in cols], linked, want_percent))
    return [(s, vc) for s, vc in cols if vc.col in like]


def operand_rows(linked: Linked, view: TypedView) -> list[Scored]:
    """Rows kept as operands: in the view, scoring near the best, each adding a question word the others lack. When
    the best names the whole of a share alone, the best row named by the part's words joins it however few they are
    ("what percentage of total property, plant and equipment was buildings": "Buildings")."""
    kept: list[Scored] = []
    covered: set[str] = set()
    best = linked.rows[0].score if linked.rows else 0.0
    for s in linked.rows:
        if s.index in view.rows and s.score >= ROW_KEEP_SHARE * best and not s.tokens <= covered:
            kept.append(s)
            covered |= s.tokens
    if len(kept) == 1 and linked.whole is not None:
        part = next((s for s in linked.rows if s.index in view.rows and linked.names_whole(kept[0], s)), None)
        if part is not None:
            kept.append(part)
    return kept


def category_members(linked: Linked, view: TypedView) -> list[Scored]:
    """The rows named by one value they share in a column of categories ("the points scored by Italians" over a
    "Nationality" column holding "Italy" in four rows): all of them are the operands, each named by the same
    words. Empty when the best rows differ in their words or the words sit in no shared cell."""
    best = [s for s in linked.rows if s.index in view.rows and s.tokens == linked.rows[0].tokens]
    if len(best) < 2 or any(round(s.score, 6) != round(best[0].score, 6) for s in best):
        return []
    rows = {s.index: i for i, s in enumerate(best)}
    texts: list[dict[int, str]] = [{} for _ in best]
    for c in view.table.cells:
        if c.row in rows:
            texts[rows[c.row]][c.col] = " ".join(c.text.split())
    # a key column past the stub: rows that share their own label ("Basic" under two sections) are no category
    shared = any(
        col in linked.key_cols - {0}
        and all(t.get(col) == text for t in texts[1:])
        and best[0].tokens <= set(tokens(text))
        for col, text in texts[0].items()
    )
    return best if shared else []


# a row summing the largest items ("Top ten customers", "Top 5 markets") is a group of them, no item itself
_TOP_GROUP = re.compile(r"^\s*top\s+(?:\d+|two|three|four|five|ten|twenty|fifty|hundred)\b", re.IGNORECASE)
MIN_SUMMED_COLUMNS = 2  # a total by its amounts sums its parts in two columns at least: one may sum by chance


def summed_rows(table: Table, sections_only: bool = True) -> set[int]:
    """Rows that sum the rows above them in every one of two or more amounts, whatever their label says. With
    ``sections_only`` only in a statement in sections: a listing without sections (a sports table's counts) is left
    alone, its sums are chance; without it ("which category grew fastest" over categories and their "Net sales")
    in any table."""
    amounts = dict.fromkeys(range(table.n_rows), 0)
    texts: set[int] = set()
    for c in table.cells:
        amounts[c.row] += c.value is not None and c.col > 0
        if c.text.strip():
            texts.add(c.row)
    found = {r for r in summing_rows(table) if amounts[r] >= MIN_SUMMED_COLUMNS}
    if sections_only and not any(amounts[r] == 0 and r in texts for r in range(table.header_rows, table.n_rows)):
        # a listing without sections: only a sum a deduction follows is surely a total ("Property, plant and
        # equipment, at cost", then "Less: accumulated depreciation")
        return {r for r in found if r + 1 < table.n_rows and DEDUCTION_ROW.match(" ".join(table.row_chain(r + 1)[-1:]))}
    return found


# a deduction from the items or the total above it ("Less: provision for obsolescence"): no item ranked itself
DEDUCTION_ROW = re.compile(r"^\s*(?:less|deduct|minus)\b\s*:?", re.IGNORECASE)


def non_total_rows(view: TypedView, sandbox: Sandbox) -> str:
    """The rows that are items: no total by its label or by its amounts (the sum of the rows above it: "Gross
    deferred tax assets" under the deferred tax assets), and no net line below a total (`net_of_total_rows`)."""
    labels = sandbox.con.execute(f"SELECT {ROW_COLUMN}, {LABEL_COLUMN} FROM {VIEW_NAME}").fetchall()
    summed = summed_rows(view.table)
    totals = [
        int(r)
        for r, label in labels
        if TOTAL_LABEL.search(label or "")
        or _TOP_GROUP.match(row_label(view, int(r)))  # its own label, under any section
        or int(r) in summed
    ]
    out = set(totals) | set(net_of_total_rows(view.table, totals))
    keep = [str(r) for r, _ in labels if int(r) not in out]
    return f"{ROW_COLUMN} IN ({', '.join(keep) or 'NULL'})"


def value_cols(view: TypedView, linked: Linked) -> list[int]:
    """The view's numeric columns that are not the question's key (label) columns, note references nor a column of
    years (which dates the rows: "Year | Domestic | International"): where a named row's values are."""
    return [
        vc.col
        for vc in view.columns
        if vc.numeric
        and vc.col not in linked.key_cols
        and not note_column(view.table, vc.col)
        and not years_column(view, vc.col)
    ]


def column_labels(view: TypedView, cols: list[int]) -> list[str]:
    """What tells the candidate columns apart: a year level when there is one, else the last level they differ
    in. Columns all of one year ("Q1 2019 | Q2 2019", "Fiscal 2019 / First / Quarter") are told apart
    by what follows their common levels, as written ("Q1 2019", "First Quarter"): the year would name them all."""
    chains = [view.table.column_chain(c) for c in cols]
    last_years = [next((y for lvl in reversed(chain) if (y := year_of(lvl))), None) for chain in chains]
    if len(last_years) >= 2 and len(set(last_years)) == 1 and last_years[0] is not None:
        return [_after_common(chain, chains) for chain in chains]
    # a year two columns share tells them apart no more ("Mar 20 | Sep 19 | Mar 19"): their own headers do
    shared = len([y for y in last_years if y]) != len({y for y in last_years if y})
    out = []
    for chain in chains:
        years = [lvl.strip() if _SHORT_SPLIT_YEAR.match(lvl.strip()) else y for lvl in chain if (y := year_of(lvl))]
        # a fiscal year named as such ("2019/20" over its end date "28 March 2020") is its name, not the date's year
        split = [y for y in years if _SHORT_SPLIT_YEAR.match(y)]
        fiscal = [y for lvl in chain if _FISCAL_YEAR.match(lvl.strip()) and (y := year_of(lvl))]
        years = [] if shared else split[-1:] or fiscal[-1:] or years
        differing = [
            lvl for i, lvl in enumerate(chain) if any(i >= len(o) or o[i] != lvl for o in chains if o is not chain)
        ]
        # with no year of its own, a column is named by every level it differs in that names no year ("Fourth /
        # Quarter(1)" among "Third / Quarter" is "Fourth Quarter"; "Jun Qtr / 2020" among "Mar Qtr / 2020 | Sep Qtr /
        # 2019" is "Jun Qtr"), by its last differing level when each names a year
        named = [lvl for lvl in differing if not year_of(lvl)]
        out.append(
            years[-1]
            if years
            else (
                " ".join(named)
                if named
                else (differing[-1] if differing else (chain[-1] if chain else view.table.column_label(cols[0])))
            )
        )
    return out


def _after_common(chain: list[str], chains: list[list[str]]) -> str:
    """The chain's levels from the first one some other chain differs in, joined as one label."""
    first = next(
        (i for i, lvl in enumerate(chain) if any(i >= len(o) or o[i] != lvl for o in chains if o is not chain)), 0
    )
    return " ".join(chain[first:])


def row_year(view: TypedView, row: int) -> str | None:
    """The one year a row's label or its section path names ("Year ended 30 June 2019" over "Leasehold")."""
    chain = view.table.row_chain(row)
    return year_of(" ".join([*chain, row_label(view, row)]))


def row_label(view: TypedView, row: int) -> str:
    """The row's own text label; the total its chain names when it has none (an unlabelled row of sums); a year or
    number in its stub ("2015" under a section) when it has no text."""
    grid = view.table.filled_grid()
    numeric = {(c.row, c.col) for c in view.table.cells if c.value is not None}
    texts = (" ".join(t.split()) for c, t in enumerate(grid[row]) if t.strip() and (row, c) not in numeric)
    text = next((t for t in texts if not is_nil_mark(t)), None)  # a dash for nil labels nothing ("2023 | 5,218 | —")
    chain = view.table.row_chain(row)
    if text is None and named_total(chain):
        return chain[-1]
    stub = " ".join(grid[row][0].split()) if grid[row] else ""
    return text or (stub if year_of(stub) else str(row))


def unsaid_operation(table: Table, others: tuple[tuple[Intent, str], ...], cells: list[tuple[int, int]]) -> bool:
    """The question names another arithmetic operation besides the one computed (``others``: "the change in the
    average X", "the proportion of the sum of A and B over C") that no operand's label says ("Average price",
    "Sum insured"; a ratio word by a percentage operand): what is asked is a nested computation the rules do not
    make, and one level of it is a wrong number."""
    said: set[str] = set()
    percents = False
    for r, c in cells:
        said |= set(row_words(table, r))
        if c >= 0:
            said |= {t for level in table.column_chain(c) for t in tokens(level)}
            percents |= percent_cell(table, r, c)
    for intent, word in others:
        words = set(tokens(word))
        if not (words and words <= said) and not (intent is Intent.RATIO and percents):
            return True
    return False


def total_row(grid_row: list[str]) -> bool:
    """A row whose first filled cell says it totals ("Total", "Overall"): no entry of a listing (a later cell that
    merely holds the word, "All" rounds, does not make it one)."""
    return bool(TOTAL_LABEL.search(next((t for t in grid_row if t.strip()), "")))


def amount_columns(table: Table, years: bool = True) -> set[int]:
    """The columns holding a number in some body cell; ``years=False`` leaves out cells that are a year (a Year
    column of a listing is a label, not an amount)."""
    return {
        c.col
        for c in table.cells
        if c.value is not None and c.row >= table.header_rows and (years or not is_year(c.text))
    }
