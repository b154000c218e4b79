"""Find the table, then *take* the value or *compute* it: route the question, link it
to rows by their values and to columns by their header chains, read the cell or run the intent's SQL in the
sandbox, cite every cell used (and the SQL). No linked evidence -> a refusal with the closest sources.
"""

from __future__ import annotations

import os
import re
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tablerag.decomposition.serialize import filled_grid
from tablerag.llm.answer import LlmQa, SqlMode, llm_sql
from tablerag.model import Cell, RecordId, Table
from tablerag.parsing.headers import bare_label
from tablerag.parsing.numbers import CURRENCY_CODES, is_nil_mark, parse_number, split_unit, unit_label
from tablerag.parsing.spans import MONTH_NAME
from tablerag.qa.beside import row_beside
from tablerag.qa.compare import alternatives, change_label, moved_periods, moved_rows, rival_of, table_bound
from tablerag.qa.compute import DECREASE_BY, TWO_ITEMS, compute, period_year, year_span
from tablerag.qa.counts import one_not_other
from tablerag.qa.dated import SPAN_OPEN_END, DatedCount, bounds_unapplied, dated_count, listing_bounds
from tablerag.qa.fit import (
    ASKS_CHANGE,
    ASKS_COUNT,
    ASKS_PERIOD,
    DURATION_CELL,
    PERCENT_TOKENS,
    change_not_stated,
    counts_a_length,
    counts_a_row,
    kind_after_label,
    length_asked,
    number_for_a_name,
    pinned_column,
    range_end,
    rows_are_periods,
    says_the_question,
    share_part,
    stated_change,
    stated_change_row,
    stated_percent,
    stated_ratio_row,
    states_result,
    text_for_a_number,
)
from tablerag.qa.form import asked_field, cites_a_label, pair_value
from tablerag.qa.link import (
    SCORE_DIGITS,
    TOTAL_TOKENS,
    Linked,
    Scored,
    asks_duration,
    best_tied,
    kind_asked,
    label_said_whole,
    lasts,
    link,
    link_rows,
    periods_placed,
    row_words,
    sole_best,
    tokens,
)
from tablerag.qa.listing import Counted, entries_counted
from tablerag.qa.measures import CHANGES, measured
from tablerag.qa.members import member_rows
from tablerag.qa.operands import Computation
from tablerag.qa.periods import (
    STATED_CHANGE,
    column_years,
    is_year,
    percent_cell,
    percent_column,
    promote_period_rows,
    row_periods,
    year_of,
    year_rows,
    years_in,
)
from tablerag.qa.pick import (
    RESPECTIVE,
    amount_of_period,
    amounts_first,
    bucket_over_total,
    dated_column,
    each_period,
    listed_place,
    misses_the_choice,
    named_pair,
    only_row,
    period_columns,
    reason_column,
    respective_cells,
    same_in_every_row,
    tied_columns,
    total_of_tie,
    whole_year_of_parts,
)
from tablerag.qa.polar import Placed, Polar, chosen, offers_choice, pinned_apart, placed_against, polar_bound
from tablerag.qa.pooled import Standing, ambiguous, close_answers, one_document
from tablerag.qa.result import Answer, AskResult, cite
from tablerag.qa.reverse import (
    filled_kind,
    filled_period,
    filled_quarter,
    first_column_of_kind,
    member_holding,
    nil_owner,
    party_of,
    role_holder,
    said_cell_owner,
    signed_owner,
    value_owner,
)
from tablerag.qa.route import (
    AS_PERCENT,
    FROM_TO,
    LESS_WORDS,
    PERIOD_QUALIFIERS,
    RULES,
    ChangeAsked,
    Intent,
    Route,
    RouteKind,
    Router,
    label_asked,
    moved_asked,
    period_moved_asked,
    rival,
    route,
    route_without,
    rule_route,
    threshold,
    whole_moved_blanked,
)
from tablerag.qa.same import Same, same_as
from tablerag.qa.source import TableSource
from tablerag.qa.sql import VIEW_NAME, QueryHook, Sandbox, TypedView, UnsafeSqlError, typed_view
from tablerag.qa.tally import Frequent, Tally, more_often, most_often
from tablerag.qa.wording import (
    acronym_spelled,
    counted_thing,
    fronted_said_after,
    label_phrases,
    margin_as_share,
    neighbour_years_said,
    route_past_labels,
    said_with_a_label,
    spell_out,
    superlatives_named,
    terms_said,
    unquoted,
)

if TYPE_CHECKING:
    from tablerag.index.query import Hit

CANDIDATE_TABLES = 3  # tables tried for a link, best-scored first: the right one is nearly always in the top 3
# ... of one document. Over a pool, reports share row names ("Total current assets", "Net income"), so the table
# that answers is often 4th or 5th by retrieval: two more are tried, which also bounds a candidate list at 5.
POOLED_TABLES = 5
NOT_FOUND = "Not found in the indexed documents."
CLOSEST_SOURCES = 3  # a refusal shows where the nearest evidence was, so a person can check by hand
SEMANTIC_ROWS = 5  # a semantic answer lists this many closest rows, each cited
TABLE_KINDS = ("row", "fact", "summary", "table")
# "which component / region / security ...": the answer names a thing, never a period ("which FY", "which of the
# years", "which fiscal year" name one)
ASKS_THING = re.compile(
    rf"^\s*(?:in\s+|for\s+|during\s+)?(?:which|what)\s+(?!{PERIOD_QUALIFIERS}"
    r"(?:years?|fys?\d*|periods?|quarters?|months?|dates?|times?|is|was|are|were|has|had|have|does|did)\b)[^\W\d_]+"
    # "which was the smallest component": the noun after the superlative (not "what was the largest": a value)
    rf"|^\s*which\s+(?:is|was|are|were)\s+the\s+[^\W\d_]+est\s+(?!{PERIOD_QUALIFIERS}"
    r"(?:years?|fys?\d*|periods?|quarters?|months?|dates?|times?)\b)[^\W\d_]+"
    # "what was the largest component of accrued expenses": a part named by its kind
    r"|^\s*what\s+(?:is|was|are|were)\s+the\s+[^\W\d_]+est\s+(?:components?|items?|sources?|elements?"
    r"|contributors?|categor(?:y|ies)|segments?|regions?|types?)\b",
    re.IGNORECASE,
)
LISTS_PERIODS = re.compile(
    r"\b(which|what)\s+(?:are\s+the\s+|were\s+the\s+)?(fiscal\s+|financial\s+)?(years|periods|year\s*\(s\))",
    re.IGNORECASE,
)  # "which years", "what are the years shown"
# "for which years is X provided", "which years does the table show": the periods a table gives, whatever operation
# words name X ("the average life expectancy")
GIVEN_FOR = re.compile(
    r"\b(provided|shown|presented|given|reported|included|disclosed|recorded|available|highlighted|covered|listed)\b"
    r"|\b(does|do)\s+the\s+table\s+(show|provide|present|cover|include|highlight|list)\b",
    re.IGNORECASE,
)
_MOST_LEAST = (Intent.MAX, Intent.MIN)
# a rate or a margin is a percentage: "which year had the highest effective tax rate" over "Amount | %" per year
# compares the share columns (a table with no share columns compares its amounts as before)
_RATE_ASKED = re.compile(r"\b(?:rates?|margins?)\b", re.IGNORECASE)
# a share of a whole asked ("the United States share of total revenue", "% of net sales"): a ranking compares the
# share columns beside each period's amount, not the amounts (a ratio asked so is computed as a fraction still)
_SHARE_OF = re.compile(r"\b(?:share|proportion)\s+of\b|%\s*of\b", re.IGNORECASE)
_PICKS_PERIODS = (Intent.MAX, Intent.MIN, Intent.COMPARE, Intent.TOP_N, Intent.COUNT)  # years picked, not listed
MIN_COMPARED = 2  # a comparison weighs two cells at least
MIN_NAMES = 2  # a column of names holds two different ones at least: one name is no register
WHO = re.compile(r"^\s*(?:who|whom)\b", re.IGNORECASE)  # "who is the Chairman?": a person's name is asked
NAME_FIRST = re.compile(r"^\s*(in\s+|for\s+|during\s+)?(which|who|whom|whose)\b", re.IGNORECASE)  # "Who ...?"
ONE_QUANTITY = re.compile(r"\bhow\s+(?:many|much)\b", re.IGNORECASE)  # one amount asked, never a list of cells
HOW_MANY_WORDS = re.compile(r"\bhow\s+many\b", re.IGNORECASE)  # blanked when they ask for a length, not a count
PLURAL_PERIODS = re.compile(r"\b(years|periods|quarters|months)\b", re.IGNORECASE)  # "in which years ...": several
SESSION = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"  # one id per process unless the caller names a session


def ranked_tables(hits: list[Hit]) -> list[str]:
    """Tables ordered by the summed scores of their hits (stage one of table -> row)."""
    scores: dict[str, float] = {}
    for h in hits:
        tid = h.source.get("table_id")
        if tid and h.kind in TABLE_KINDS:
            scores[tid] = scores.get(tid, 0.0) + h.score
    return sorted(scores, key=lambda t: -scores[t])


def _where(table: Table, row: int, cite_: dict[str, Any]) -> str:
    if "sheet" in cite_:
        return f'sheet "{cite_["sheet"]}", row {cite_["sheet_row"]}'
    return f"page {cite_['page']}, row {row + 1}" if cite_.get("page") else f"row {table.row_label(row)}"


def _cell_text(table: Table, row: int, col: int, value: str, cite_: dict[str, Any]) -> str:
    name = table.column_name(col) or table.column_label(col)
    return f"{value} ({name}) — {_cell_place(table, row, col, cite_)}"


def _cell_place(table: Table, row: int, col: int, cite_: dict[str, Any]) -> str:
    """Where a cited cell is, as the answer text says it: file, page or sheet row, column, version."""
    version = f", version {cite_['version']}" if cite_.get("version") else ""
    return f"{cite_['file']}, {_where(table, row, cite_)}, column {table.column_label(col)}{version}"


# "the first year X won": of the rows the question names equally, the first in table order is the one asked
_FIRST = re.compile(r"\bfirst\b", re.IGNORECASE)


def lookup(table: Table, linked: Linked, version: str | None, question: str = "") -> Answer | None:
    """The cell at the best-linked row and the best-linked non-empty column that is not the row's own label."""
    linked = only_row(table, linked) or linked
    if linked.row is None:
        return None
    part = share_part(table, linked)
    if part is None:
        return None
    if part is not linked.row:  # "net income as a percentage of net sales": the share of net income is looked up
        rest = [s for s in linked.rows if s is not part]
        linked = Linked([part, *rest], linked.cols, linked.key_cols, linked.words, linked.whole)
    grid = filled_grid(table)
    r = part.index
    # "the revenue for each year": no column named, every period asked
    every = each_period(table, grid, r, question) if not linked.cols and not linked.rows_tied else []
    label = _year_label(table, grid, r)  # "Fiscal Year" over "2022 | 9,104" names the row's label, not its value
    # the row's label said whole names the row with every word of it: a column named by those words alone is not
    # asked ("trade and other receivables" names no "Fair value through other comprehensive income" column); a
    # "Total" column is ("total financial assets": the Total column of that row)
    said = set(tokens(table.row_chain(r)[-1])) if label_said_whole(table, r, question) else set()
    filled = (
        _counted_column(table, grid, linked, question)  # "how many" is never a price or a share named beside it
        or [
            c
            for c in linked.cols
            if grid[r][c.index].strip() and c.index != label and not (c.tokens - TOTAL_TOKENS and c.tokens <= said)
        ]
        or dated_column(table, grid, linked, question)
        or _only_value(table, grid, linked, question)
        or _who_column(table, grid, linked, question)
        or [Scored(c, 0.0, frozenset(), 0) for c in every[:1]]
    )
    if not filled:
        return None
    # "the total STI for executive KMP" over "Total executive KMP" and "STI | ... | Total" columns: the "total" the row
    # is found by names no "Total" column when another column is named by a word of its own
    row_named = set(tokens(" ".join(table.row_chain(r))))
    by_total = [c for c in filled if c.tokens and c.tokens <= TOTAL_TOKENS & row_named & part.tokens]
    if by_total and any(c.tokens - row_named - TOTAL_TOKENS and not all(map(is_year, c.tokens)) for c in filled):
        filled = [c for c in filled if c not in by_total]
    # a column named only by words of the row's own name, none of them a word the row was found by, says the kind
    # of row ("the limit on the Westpac facility" over "Facility | Lender | Limit", the row found by "Westpac"),
    # when another column is named by words of its own
    own = set(row_words(table, r)) - part.tokens  # a word that linked the row may name a column too
    if any(any(not is_year(t) for t in c.tokens - own) for c in filled):
        filled = [c for c in filled if not (words := {t for t in c.tokens if not is_year(t)}) or not words <= own]
    ordered = bucket_over_total(table, r, _money_first(table, r, amounts_first(table, filled, question, r), question))
    if length_asked(question):
        # "how many years" asks a length, not a name beside it named as well: "how many years remain on the Chicago
        # lease" over "Lease | Location | Remaining term" is the term
        top = best_tied(ordered)
        counting = [c for c in top if _a_length(table, r, c.index)]
        if counting and len(counting) < len(top):
            ordered = [*counting, *(c for c in ordered if c not in counting)]
    tied = tied_columns(table, grid, r, ordered, question)
    if len(tied) > 1 and ASKS_COUNT.search(question):  # "how many": never the price or share beside the count
        tied = [c for c in tied if not _priced(table, r, c.index)] or tied
        # "how many hypermarkets" over "Number of stores / 2023 | Selling area (thousand sq m) / 2023": the number;
        # "how many general merchandise stores" over "Stores at February 1, 2020 | Retail square feet at ...": the
        # column naming what is counted
        counted = _NUMBER_OF | set(tokens(counted_thing(question) or ""))
        tied = [c for c in tied if counted & set(tokens(table.column_name(c.index)))] or tied
    elif len(tied) > 1 and _MONEY_ASKED.search(question):  # "how much": the money, not the count beside it
        tied = [c for c in tied if _money(table.cell_at(r, c.index))] or tied
    if len(tied) > 1 and not ASKS_COUNT.search(question):
        tied = whole_year_of_parts(table, amount_of_period(table, tied))
    if len(tied) > 1 and not _SHARE_WORDS.search(question):  # "the variance" over "Variance | Variance %"
        tied = _amount_not_its_percent(table, tied)
    if len(tied) > 1:
        tied = _currency_said(table, r, total_of_tie(table, tied, question), question)
    if len(tied) > 1:  # two cells answer equally well: refuse and name them, rather than pick one
        return _ambiguous_cells(table, grid, linked, [(r, c) for c in tied], version, "columns", "column")
    col = tied[0]
    if (
        linked.rows_tied
        and not _FIRST.search(question)
        and not RESPECTIVE.search(question)
        and (other := linked.rows[1].index) != r
        and not linked.names_whole(linked.rows[1], part)  # the whole a share is taken of is no rival of the part
    ):
        here, there = " ".join(grid[r][col.index].split()), " ".join(grid[other][col.index].split())
        asked = (  # two values asked, not one quantity of the two (a sum, "how many points between A and B")
            there
            and there != here
            and rule_route(question).kind is RouteKind.LOOKUP
            and not ONE_QUANTITY.search(question)
        )
        pair = named_pair(table, question, (r, other)) if asked else []
        if pair:  # "the revenue from Americas and EMEA": both rows asked, one cell each in the question's order
            return _cells_listed(table, linked, [(i, col.index) for i in pair], col, part.score + col.score, version)
        # "how much did the top ten customers buy" over the amount and "... as a percentage of net sales": a
        # question that asks no share takes the amount
        amount = [not _SHARE_WORDS.search(question) and "%" not in t for t in (here, there)]
        valued = all(parse_number(t) is not None and not is_nil_mark(t) for t in (here, there))
        if valued and amount[0] != amount[1]:
            r = r if amount[0] else other
        elif (nil := is_nil_mark(here)) != is_nil_mark(there) and parse_number(there if nil else here) is not None:
            r = other if nil else r  # a nil mark answers no "how many" or "what was": the row stating an amount
        elif there and there != here:  # two rows fit the question equally and differ: name both, pick neither
            return _ambiguous_cells(table, grid, linked, [(r, col), (other, col)], version, "rows", "row")
    several = (
        [(r, c) for c in every]
        or [(r, c) for c in period_columns(table, linked, grid, r, question)]
        or respective_cells(linked, grid, question)
    )
    if len(several) >= 2:  # "X in 2019 and 2018 respectively": one cell per named period (or item), in mention order
        return _cells_listed(table, linked, several, col, part.score + col.score, version)
    value = unquoted(" ".join(grid[r][col.index].split()))  # a title set in quotes: the title
    cell = table.cell_at(r, col.index)
    cite_ = cite(table, r, col.index, version)
    text = _cell_text(table, r, col.index, value, cite_)
    unit = cell.unit if cell else None
    score = part.score + col.score
    return Answer(
        text,
        value,
        unit,
        [cite_],
        route=RouteKind.LOOKUP.value,
        score=score,
        named=words_named(table, linked, col),
        named_words=named_words(table, linked, col),
    )


def _cells_listed(
    table: Table, linked: Linked, cells: list[tuple[int, int]], col: Scored, score: float, version: str | None
) -> Answer:
    """Several cells asked at once, their values listed in the order given, each cited; ``score`` ranks the answer
    among other tables' (the asked row's link and its column's)."""
    grid = filled_grid(table)
    values = [" ".join(grid[i][c].split()) for i, c in cells]
    cites = [cite(table, i, c, version) for i, c in cells]
    text = "; ".join(_cell_text(table, i, c, v, x) for (i, c), v, x in zip(cells, values, cites, strict=True))
    return Answer(
        text,
        "; ".join(values),
        None,
        cites,
        route=RouteKind.LOOKUP.value,
        score=score,
        named=words_named(table, linked, col),
        named_words=named_words(table, linked, col),
    )


def _a_length(table: Table, row: int, col: int) -> bool:
    """The cell states a length with its unit in words ("12 years")."""
    cell = table.cell_at(row, col)
    return cell is not None and DURATION_CELL.match(cell.text) is not None


def _only_value(table: Table, grid: list[list[str]], linked: Linked, question: str) -> list[Scored]:
    """The question names no column (none, or only by words of the row's own name: "definite-lived" is not the
    "Useful Lives" column) and the linked row holds nothing but its label and one amount ("Total definite-lived
    intangible assets | (no useful life) | $492"), or one amount said in every column ("Dividend yield | 0% | 0%"):
    that amount is the row's value, unless the question names a year that neither its columns nor its row (a
    roll-forward's period: "the additions in 2019") names. A row with other text or amounts (a record of names,
    dates and scores) does not say which cell is asked."""
    if linked.row is None:
        return []
    r = linked.row.index
    own = set(row_words(table, r))
    filled = _filled_values(table, grid, linked, r)
    if any(c.tokens - own for c in linked.cols if c.index in filled):  # the stub's header ("Fiscal Year") names none
        return []
    # nil marks left out: "— | 498 | — | 498" over "Level 1 | Level 2 | Level 3 | Total" is one amount, its total's
    amounts = [c for c in filled if not is_nil_mark(grid[r][c])] or filled
    said = {" ".join(grid[r][c].split()) for c in amounts}
    if len(said) > 1 and _MONEY_ASKED.search(question):
        # "how much were the foreign net operating losses" over "Amount | Expiration": the one amount of the row,
        # not the text beside it ("Indefinite", "2028-2037")
        valued = [c for c in amounts if (v := table.cell_at(r, c)) is not None and v.value is not None]
        if len(valued) > 1:  # "how much RPO ... in fiscal 2022" over "Amount | % of Total": the amount, not its share
            valued = [c for c in valued if (v := table.cell_at(r, c)) is not None and v.unit != "%"] or valued
        if len(valued) == 1 and not is_year(grid[r][valued[0]].strip()):
            amounts, said = valued, {grid[r][valued[0]]}
    whole = [c for c in amounts if TOTAL_TOKENS & set(tokens(table.column_name(c)))]
    cell = table.cell_at(r, (whole or amounts)[0]) if len(said) == 1 else None  # one amount, or one in every column
    # a duration said with its unit in words is an amount too ("6.4 years" as the row's one cell)
    measure = cell is not None and len(filled) == 1 and DURATION_CELL.match(cell.text) is not None
    if cell is None or (cell.value is None and not measure) or is_year(cell.text):  # a lone year dates the row
        return []
    return [] if _year_unsaid(table, r, filled, question) else [Scored(cell.col, 0.0, frozenset(), 0)]


def _filled_values(table: Table, grid: list[list[str]], linked: Linked, r: int) -> list[int]:
    """The columns where row ``r`` holds text, its label columns left out (the year of a row of a period's amounts,
    as a maturity schedule's "2020 | $ 13,750", is its label too)."""
    filled = [c for c in range(table.n_cols) if c not in linked.key_cols and grid[r][c].strip()]
    label = _year_label(table, grid, r)
    return [c for c in filled if c != label] if len(filled) >= 2 else filled


def _year_label(table: Table, grid: list[list[str]], r: int) -> int | None:
    """The column of the year that labels a period's row of amounts (a maturity schedule's "2020 | $ 13,750")."""
    if r not in year_rows(table):
        return None
    first = next((c for c in range(table.n_cols) if grid[r][c].strip()), None)
    return first if first is not None and is_year(grid[r][first].strip()) else None


def _counted_column(table: Table, grid: list[list[str]], linked: Linked, question: str) -> list[Scored]:
    """ "How many options were granted?" over a row holding a number of options beside amounts of money or
    percentages ("Granted | 280,000 | $17.90"), naming no column or only such ones ("How many PSUs were granted"
    names the "Grant Date Fair Value" column by the row's word): a count is never a price or a share, so the one
    cell without a currency or percent unit is asked (unless the question names a year neither it nor its row names).
    Only a row of amounts: beside names or dates "how many" counts a listing's rows."""
    if linked.row is None or not ASKS_COUNT.search(question):
        return []
    r = linked.row.index
    named = [c for c in linked.cols if grid[r][c.index].strip()]
    counts = [c for c in named if not _priced(table, r, c.index)]
    if counts:  # a column named holds no price nor share here: it answers as named, before a price named better
        if not _priced(table, r, named[0].index):
            return []
        # by a word of its own, not one of the price's ("exercise" of "exercise price" names no "Number Exercisable")
        own = [c for c in counts if not c.tokens <= named[0].tokens]
        return own if len(own) == 1 else counts if len(counts) == 1 else []
    # a nil ("—") is no amount and no name: the cells beside it decide
    filled = [c for c in _filled_values(table, grid, linked, r) if not is_nil_mark(grid[r][c])]
    cells = [table.cell_at(r, c) for c in filled]
    if len(filled) < MIN_COMPARED or any(cell is None or cell.value is None for cell in cells):
        return []  # a record of names, dates and scores: "how many" counts its rows, not one cell
    plain = [c for c, cell in zip(filled, cells, strict=True) if cell is not None and not _priced(table, r, c)]
    if len(plain) > 1:  # "how many options" beside their remaining term in years: the term counts no options
        plain = [c for c in plain if asks_duration(question) or not lasts(table, c)] or plain
    if len(plain) != 1 or _year_unsaid(table, r, plain, question):
        return []
    return [Scored(plain[0], 0.0, frozenset(), 0)]


# a share or rate asked: "what percentage", "what share of", "the proportion", "the growth rate"
_SHARE_WORDS = re.compile(r"%|\bpercent|\bshare\s+of\b|\bproportion\b|\bportion\b|\brate\b", re.IGNORECASE)
# "how much", "the value of", capital, proceeds: money asked, not the count beside it ("the amount of share capital at the
# beginning of 2018" over "2018 / Number of ordinary shares | 2018 / Amount")
_MONEY_ASKED = re.compile(r"\bhow\s+much\b|\bvalue\s+of\b|\bcapital\b|\bproceeds\b", re.IGNORECASE)


def _amount_not_its_percent(table: Table, cols: list[Scored]) -> list[Scored]:
    """Of tied columns, those that are no other one's measure as a percentage ("Variance %" beside "Variance",
    "Change (%)" beside "Change"): a question that asks no share asks the amount."""
    heads = {c.index: set(tokens(table.column_name(c.index))) for c in cols}
    as_percent = {
        c.index
        for c in cols
        if heads[c.index] & PERCENT_TOKENS
        and any(heads[o.index] == heads[c.index] - PERCENT_TOKENS for o in cols if o.index != c.index)
    }
    return [c for c in cols if c.index not in as_percent] or cols


def _unit_of(cell: Cell | None) -> str | None:
    """The cell's unit without its scale ("thousand USD" is money counted in thousands: "USD")."""
    return split_unit(cell.unit)[0] if cell is not None else None


def _money(cell: Cell | None) -> bool:
    unit = _unit_of(cell)
    return unit is not None and unit in CURRENCY_CODES


# a currency the question says the amount is in ("in £m", "in $ millions", "in € million")
_IN_CURRENCY = re.compile(r"\bin\s+((?:US|A|C|NZ|HK)?[£$€¥]\s?[\w']+)", re.IGNORECASE)


def _currency_said(table: Table, r: int, cols: list[Scored], question: str) -> list[Scored]:
    """Of tied columns, those whose cell in the row is in the currency the question says ("total dividends paid in
    2019/20 in £m" over "Pence per share / 2019/20 | £m / 2019/20"); the columns as they are when none or all are."""
    m = _IN_CURRENCY.search(question)
    said = unit_label(m.group(1)) if m is not None else None
    if said is None or said[0] is None:
        return cols
    held = [c for c in cols if (cell := table.cell_at(r, c.index)) is not None and said[0] in (cell.unit or "")]
    return held if held and len(held) < len(cols) else cols


def _money_first(table: Table, r: int, cols: list[Scored], question: str) -> list[Scored]:
    """Of the columns the question names as well as the first, one holding money first when money is asked and the
    first holds a count (`_MONEY_ASKED`; "how many" asks the count)."""
    if len(cols) < 2 or not _MONEY_ASKED.search(question) or ASKS_COUNT.search(question):
        return cols
    first = table.cell_at(r, cols[0].index)
    if first is None or first.value is None or _price_or_share(first):
        return cols
    best = round(cols[0].score, SCORE_DIGITS)
    # a column the question names by a word of its own ("added through acquisitions during 2023") is not passed
    # over for one named by the year alone ("Balance at December 31, 2023") that carries the currency sign: a
    # report sets "$" on the balances and leaves the movements between them bare
    worded = any(not is_year(t) for t in cols[0].tokens)
    money = next(
        (
            c
            for c in cols[1:]
            if round(c.score, SCORE_DIGITS) == best
            and _money(table.cell_at(r, c.index))
            and not (worded and c.tokens and all(map(is_year, c.tokens)))
        ),
        None,
    )
    return cols if money is None else [money, *(c for c in cols if c is not money)]


# a column of prices or values per unit, whether or not each cell repeats the currency sign ("Weighted-Average Grant
# Date Fair Value | $ 24.36 | 31.82"): no count
_PRICE_NAME = re.compile(r"\b(?:price|fair\s+value|value\s+per|cost\s+per)\b", re.IGNORECASE)


_NUMBER_OF = frozenset(tokens("number count"))  # a column counting what its rows name


def _priced(table: Table, r: int, c: int) -> bool:
    """The row's cell in column ``c`` is a price or share: by its own unit, its column's name, or a currency sign
    another cell of its column carries (unless another holds a percentage: a column of measures by row)."""
    if _price_or_share(table.cell_at(r, c)) or _PRICE_NAME.search(table.column_name(c)):
        return True
    column = [x for x in table.cells if x.col == c and x.value is not None]
    # a column of measures by row (rates, prices and counts under one year: "Occupancy | ADR | Number of hotels")
    # carries each row's own unit, not its money sign
    if any(_unit_of(x) == "%" for x in column):
        return False
    return any(_money(x) for x in column)


def _price_or_share(cell: Cell | None) -> bool:
    """An amount of money or a percentage: what "how many" never asks (a scale, "in thousands", is neither)."""
    return _unit_of(cell) == "%" or _money(cell)


def _year_unsaid(table: Table, r: int, cols: list[int], question: str) -> bool:
    """A year asked that neither the columns' headers nor the row (a roll-forward's period) names."""
    asked = years_in(question)
    if not asked:
        return False
    headed = [years_in(table.column_name(c), header=True) for c in range(table.n_cols)]
    dated = set().union(*(headed[c] for c in cols))
    dated |= years_in(" ".join(table.row_chain(r)))
    if not any(headed[1:]):
        # no column names a period: the corner's period is the whole table's ("Half-year ended 31 December 2019"
        # over "Australia | New Zealand | Total")
        dated |= headed[0] if headed else set()
    rows = set().union(*(years_in(" ".join(table.row_chain(x))) for x in range(table.header_rows, table.n_rows)))
    if len(rows) == 1:  # a roll-forward within one year ("Nonvested at January 1, 2019" ... "at December 31, 2019")
        dated |= rows
    if not any(headed) and not rows and not years_in(table.caption or ""):
        return False  # a table dated nowhere (the text around it gives its date) contradicts no year asked
    return not asked & (dated | {row_periods(table).get(r)})


_TITLES = re.compile(
    r",|;|\band\b|&"
)  # a position cell lists titles: "Executive Vice President and Chief Financial Officer"


def _who_column(table: Table, grid: list[list[str]], linked: Linked, question: str) -> list[Scored]:
    """ "Who is the Chairman?" names a row by a cell that is not its name ("Chairman" under "Position") and no
    column: the person asked is in the row's column of names, the first column whose cells are all different
    words without digits (not a rank, a date, a score)."""
    if linked.row is None or linked.cols or not linked.key_cols or not WHO.search(question):
        return []
    said = set(linked.words)
    r = linked.row.index
    titles = [part for c in linked.key_cols for part in _TITLES.split(grid[r][c])]
    if not any(set(words) <= said for part in titles if (words := tokens(part))):
        return []  # the row is named by a whole cell of it ("Chairman") or one of the titles it lists ("Executive
        # Vice President and Chief Financial Officer"), not by a few words of a longer one
    body = range(table.header_rows, table.n_rows)
    for c in range(table.n_cols):
        texts = [" ".join(grid[i][c].split()) for i in body if grid[i][c].strip()]
        if len(texts) < MIN_NAMES or len(set(texts)) != len(texts) or any(ch.isdigit() for t in texts for ch in t):
            continue
        if c in linked.key_cols or not grid[r][c].strip():
            return []  # the row was named by its name: "who" asks something else of it
        return [Scored(c, 0.0, frozenset(), 0)]
    return []


def _ambiguous_cells(
    table: Table,
    grid: list[list[str]],
    linked: Linked,
    cells: list[tuple[int, Scored]],
    version: str | None,
    what: str,
    name: str,
) -> Answer:
    """A refusal that names the cells the question fits equally (value, row and column, citation of each):
    ``what`` (columns, rows) is what the question does not tell apart, ``name`` what it should name."""
    cites = [cite(table, r, c.index, version) for r, c in cells]
    parts = [
        _cell_text(table, r, c.index, " ".join(grid[r][c.index].split()), x)
        for (r, c), x in zip(cells, cites, strict=True)
    ]
    candidates = [Answer(p, None, None, [x], route=RouteKind.LOOKUP.value) for p, x in zip(parts, cites, strict=True)]
    text = f"Ambiguous: {len(cells)} {what} fit the question equally (name the {name}): " + " | ".join(parts)
    cols = [c for _, c in cells]
    score = (linked.row.score if linked.row else 0.0) + cols[0].score
    return Answer(
        text,
        None,
        None,
        cites,
        refused=True,
        route=RouteKind.LOOKUP.value,
        score=score,
        named=words_named(table, linked, cols[0]),
        named_words=named_words(table, linked, cols[0]),
        candidates=candidates,
    )


def words_named(table: Table, linked: Linked, col: Scored | None) -> int:
    """How many distinct question words the answer's row name (section, own label, stub header) and column name hold: unlike
    link scores (idf inside one table, so a longer table scores the same words higher, and a word every row holds
    scores nothing) it means the same in every table, so it ranks answers from different tables."""
    return len(named_words(table, linked, col))


def named_words(table: Table, linked: Linked, col: Scored | None) -> frozenset[str]:
    """The distinct question words `words_named` counts."""
    held: set[str] = set()
    if linked.row is not None:  # its name, and the stub column's header naming what the rows are ("Non-vested awards")
        held |= set(row_words(table, linked.row.index)) | set(tokens(table.column_name(0)))
    if col is not None:
        held |= set(tokens(table.column_name(col.index)))
    return frozenset(held & set(linked.words))


def _unit(table: Table, comp: Computation) -> str | None:
    if comp.intent is Intent.PERCENT_CHANGE:
        return "%"
    if comp.intent in (Intent.RATIO, Intent.COUNT):
        return None
    units = {c.unit for r, k in comp.cells if (c := table.cell_at(r, k)) is not None}
    return units.pop() if len(units) == 1 else None


def _rule_compute(
    question: str, route_: Route, view: TypedView, linked: Linked, sandbox: Sandbox
) -> Computation | None:
    bound = table_bound(view, question, route_.intent)
    # "the largest positive net exposure", "the lowest negative cash flow": a superlative past a bound on its own
    # side is the extreme itself, when it lies past the bound; only one on the other side filters
    extreme = (
        bound
        if bound is not None
        and route_.intent in _MOST_LEAST
        and _RANKING.search(question)
        and bound[0] == (route_.intent is Intent.MIN)
        else None
    )
    try:
        comp = compute(
            route_,
            view,
            linked,
            sandbox,
            lowest=bool(LESS_WORDS.search(question)),
            percent=bool(
                AS_PERCENT.search(question)
                or _RATE_ASKED.search(question)
                or (_SHARE_OF.search(question) and route_.intent in (Intent.MAX, Intent.MIN))
            ),
            span=year_span(question),
            from_to=bool(FROM_TO.search(question)),
            bound=None if extreme is not None else bound,
            many=bool(PLURAL_PERIODS.search(question)),
            one_item=not TWO_ITEMS.search(question),
            decrease=bool(DECREASE_BY.search(question)),
            period=bool(ASKS_PERIOD.search(question)),
            thing=bool(ASKS_THING.search(question)),
            only_in=one_not_other(question),
            year=period_year(question),
            offered=alternatives(question),
            against=rival_of(rival(question)) if bound is None else None,
        )
    except UnsafeSqlError:
        return None
    if comp is not None and extreme is not None and not _past(comp.value, extreme):
        return None
    if (
        comp is not None
        and comp.intent in (Intent.MAX, Intent.MIN, Intent.TOP_N)
        and bounds_unapplied(view.table, question, [r for r, _ in comp.cells], _one_row_across(comp))
    ):
        return None  # "the least points between 2007 and 2010" ranked over every season: refuse, never guess
    return comp


_RANKING = re.compile(
    r"(?<!\bat\s)\b(?:largest|highest|greatest|biggest|most|smallest|lowest|least|fewest)\b", re.IGNORECASE
)  # a superlative said ("at least 10" is a bound): a bound beside it qualifies the ranking, it asks for no rows


def _past(value: str | None, bound: tuple[bool, float]) -> bool:
    parsed = parse_number(value) if value else None
    if parsed is None:
        return False
    below, limit = bound
    return parsed.value < limit if below else parsed.value > limit


def _one_row_across(comp: Computation) -> bool:
    """The computation compared one row's cells across its columns."""
    return len(comp.cells) >= MIN_COMPARED and len({r for r, _ in comp.cells}) == 1


# a date asked ("at which balance sheet date", "on what date"), not a year; "in which period" over dated columns is
# answered by its year, as annotators of report tables answer it
_DATE_ASKED = re.compile(r"\b(?:which|what)\s+(?:[^\W\d_]+\s+){0,2}dates?\b", re.IGNORECASE)
_MONTH_SAID = re.compile(rf"\b{MONTH_NAME}\b", re.IGNORECASE)


def _date_of_year(table: Table, question: str, cells: list[tuple[int, int]], label: str | None) -> str | None:
    """A year answered for a date asked ("at which balance sheet date were obligations larger?" over "31 December
    2019 | 31 December 2018"): the whole date of the compared column that year names, when exactly one does."""
    if not label or not _DATE_ASKED.search(question) or year_of(label) != label.strip():
        return label
    dates = {
        level
        for _, c in cells
        if c >= 0
        for level in table.column_chain(c)
        if year_of(level) == label.strip() and _MONTH_SAID.search(level)
    }
    return next(iter(dates)) if len(dates) == 1 else label


def aggregate(
    table: Table,
    question: str,
    route_: Route,
    linked: Linked,
    version: str | None,
    on_query: QueryHook | None,
    llm: LlmQa | None = None,
) -> Answer | None:
    """Run the intent's SQL over the table's typed view in the sandbox; cite every cell used and the SQL. With an
    LLM configured for SQL, its SELECT runs in the same sandbox: after the rules found nothing, or before them."""
    view = typed_view(table)
    sandbox = Sandbox({VIEW_NAME: view}, on_query=on_query)
    intent = route_.intent

    def by_llm(when: SqlMode) -> Computation | None:
        if llm is None or llm.sql is not when or intent is None:
            return None
        return llm_sql(llm, view, question, intent, sandbox)

    try:
        comp = (
            by_llm(SqlMode.PREFER) or _rule_compute(question, route_, view, linked, sandbox) or by_llm(SqlMode.FALLBACK)
        )
    finally:
        sandbox.close()
    if comp is None or (
        comp.names == "row"
        and ASKS_PERIOD.search(question)
        and not rows_are_periods(table, question, comp.cells, comp.label)
    ):
        return None  # "in which year ..." answered by ranking rows that are no periods: refuse rather than guess
    cites = [cite(table, r, k if k >= 0 else None, version) for r, k in comp.cells]
    cols = sorted({table.column_name(k) or table.column_label(k) for _, k in comp.cells if k >= 0})
    # a label answered is the name, not its footnote mark or the colon that leads to its values
    label = (bare_label(comp.label).rstrip(" :：") or comp.label) if comp.label else comp.label
    label = _date_of_year(table, question, comp.cells, label)
    shown = f"{label}: {comp.value}" if label else comp.value
    value = label if label and label_asked(question, comp.intent) else comp.value
    where = f"{cites[0]['file']}, table {table.id}" if cites else table.id
    text = f"{shown} ({comp.intent.value} of {len(comp.cells)} cells; columns: {', '.join(cols)}) — {where}; SQL: {comp.sql}"
    score = linked.score
    return Answer(
        text,
        value,
        _unit(table, comp) if value == comp.value else None,
        cites,
        route=RouteKind.AGGREGATE.value,
        intent=comp.intent.value,
        sql=comp.sql,
        label=label,
        score=score,
        named=words_named(table, linked, linked.cols[0] if linked.cols else None),
        named_words=named_words(table, linked, linked.cols[0] if linked.cols else None),
        sql_by=comp.source if comp.source != RULES else None,
    )


def answer_table(
    table: Table,
    question: str,
    route_: Route | None = None,
    embedder: Any = None,
    version: str | None = None,
    on_query: QueryHook | None = None,
    llm: LlmQa | None = None,
) -> Answer | None:
    """Answer from one given table, or None when the question does not link to it. ``llm``: route with it (when
    no route is given) and let it write SQL as configured."""
    question = terms_said(table, neighbour_years_said(fronted_said_after(question)))
    bound = polar_bound(question)
    if bound is not None:  # "does X have an altitude above 200 m?": the cell against the bound
        return _polar(table, bound, embedder, version, on_query, llm)
    placed = placed_against(question)
    if placed is not None:  # "is Earl Marshal listed above or below Lord Privy Seal?": the rows' order
        return _placed(table, placed, version)
    if offers_choice(question):  # "was it held in Guangzhou or Chengdu?": the cell that says one
        picked = _chosen_cell(table, question, embedder)
        if picked is not None:
            return lookup(table, picked, version)
    found = measured(table, question, version) or _from_table(table, question, route_, embedder, version, on_query, llm)
    if (
        found is not None
        and found.value is not None
        and not _kind_heads_labels(table, question, found)
        and cites_a_label(table, found.citations)
    ):
        found = None  # a form read as rows under columns answered with one of its labels
    if found is None:  # a form's fields are labels beside values, not rows under columns
        found = _form_value(table, question, version)
    if found is None or misses_the_choice(question, found.value):
        return None
    if (
        found.route == RouteKind.LOOKUP.value
        and found.label is None
        and (pinned_column(table, question, found.citations) or change_not_stated(table, question, found.citations))
    ):
        return None
    if says_the_question(
        question,
        found.route == RouteKind.LOOKUP.value,
        found.value,
        found.label,
        _compared_words(table, found),
        _row_name(table, found.citations),
    ):
        return None
    return replace(found, score=found.score + _title_said(table, question, found))


def _row_name(table: Table, citations: list[dict[str, Any]]) -> str:
    """The own label of the one row an answer cites ("" for none or several)."""
    rows = {c.get("row") for c in citations}
    r = next(iter(rows)) if len(rows) == 1 else None
    if not isinstance(r, int) or not table.header_rows <= r < table.n_rows:
        return ""
    chain = table.row_chain(r)
    return chain[-1] if chain else ""


def _kind_heads_labels(table: Table, question: str, found: Answer) -> bool:
    """A label asked for by its kind, which the first column's header says ("which asset category has a useful
    life of 3-10 years" over "Asset category | Estimated useful life"): the label is the answer, not a form's."""
    return found.label is not None and first_column_of_kind(table, kind_asked(question))


# what each word the question says of a table's title adds to its answer's score: tables of one document tie on the
# row and column they link ("Total | 2019" in "Employees" and in "Staff costs"), the one titled as asked is meant
TITLE_WORD_SCORE = 1.0


def _title_said(table: Table, question: str, found: Answer) -> float:
    """TITLE_WORD_SCORE for each word of the table's title (its caption, or the stub's header over the row
    labels) that the question says and the answer's own labels do not."""
    title = " ".join(t for t in (table.caption or "", table.column_name(0) if table.n_cols > 1 else "") if t)
    said = set(tokens(title)) & set(tokens(question))
    if not said or not found.citations:
        return 0.0
    row, col = found.citations[0].get("row"), found.citations[0].get("col")  # a row cited whole has no column
    if not isinstance(row, int):
        return 0.0
    labels = [*table.row_chain(row), table.column_name(col)] if isinstance(col, int) else table.row_chain(row)
    return TITLE_WORD_SCORE * len(said - {t for text in labels for t in tokens(text)})


def _compared_words(table: Table, found: Answer) -> frozenset[str]:
    """The words of the one column an answer's cells all sit in (the column whose rows were compared)."""
    cols = {c.get("col") for c in found.citations}
    if len(cols) != 1 or not isinstance(col := next(iter(cols)), int) or not 0 <= col < table.n_cols:
        return frozenset()
    return frozenset(tokens(table.column_name(col)))


def _placed(table: Table, placed: Placed, version: str | None) -> Answer | None:
    """ "Above" when the first named row stands above the second in the table, "below" otherwise, citing the cell
    that names each; None unless each side names one row best, and two different ones."""
    rows = []
    for text in (placed.first, placed.second):
        found, key_cols, _tied = link_rows(table, text)
        best = sole_best(found)
        if best is None or len(key_cols) != 1:
            return None
        rows.append((best.index, next(iter(key_cols))))
    (a, col_a), (b, col_b) = rows
    if a == b:
        return None
    word = placed.up if a < b else placed.down
    cites = [cite(table, a, col_a, version), cite(table, b, col_b, version)]
    grid = filled_grid(table)
    text = f"{word}: {grid[a][col_a].strip()} stands {word} {grid[b][col_b].strip()} — {_cell_place(table, a, col_a, cites[0])}"
    return Answer(text, word, None, cites, route=RouteKind.LOOKUP.value)


def _chosen_cell(table: Table, question: str, embedder: Any) -> Linked | None:
    """The one cell of the best-linked row that says one of the two alternatives a polar question offers
    (`chosen`), as a link to it; None when the row is tied or no cell, or several, say one."""
    linked = link(table, question, embedder)
    if linked.row is None or linked.rows_tied or not pinned_apart(question, linked.row.tokens):
        return None
    grid = filled_grid(table)
    r = linked.row.index
    cols = [c for c in range(table.n_cols) if grid[r][c].strip() and chosen(question, grid[r][c])]
    if len(cols) != 1:
        return None
    return Linked([linked.row], [Scored(cols[0], linked.row.score, frozenset(), 0)], set(), linked.words)


def _polar(
    table: Table, bound: Polar, embedder: Any, version: str | None, on_query: QueryHook | None, llm: LlmQa | None
) -> Answer | None:
    """The yes/no (or either-or word) of one looked-up cell against the question's bound, citing the cell."""
    found = _from_table(table, bound.asked, None, embedder, version, on_query, llm)
    if found is None or found.value is None or found.label is not None or found.route != RouteKind.LOOKUP.value:
        return None
    number = parse_number(found.value)
    word = bound.word(number.scaled) if number is not None else None
    if word is None:
        return None
    return replace(found, text=f"{word}: {found.value} against {bound.limit:g} — {found.text}", value=word)


def _from_table(
    table: Table,
    question: str,
    route_: Route | None,
    embedder: Any,
    version: str | None,
    on_query: QueryHook | None,
    llm: LlmQa | None,
) -> Answer | None:
    table = promote_period_rows(table)
    question = margin_as_share(table, superlatives_named(table, periods_placed(table, question)))
    route_ = route_ or route(question, llm.router() if llm is not None else None)
    linked = link(table, question, embedder)
    route_ = _operation_named(table, question, route_, linked)
    listed = _over_listing(table, question, route_, linked, version)
    if listed is not None:
        return _credited(table, question, listed)
    way = moved_asked(question)
    moved = _moved(table, linked, way, version, on_query) if way is not None else None
    if moved is not None:  # "which region's revenue decreased from 2018 to 2019?": the rows that moved so
        return _credited(table, question, moved)
    period_way = period_moved_asked(question)
    if period_way is not None and not _said_by_row(table, linked, period_way[1]):
        moved = _moved(table, linked, period_way[0], version, on_query, periods=True)
        if moved is not None:  # "in which year did revenue decline?": the periods it fell in from the one before
            return _credited(table, question, moved)
    if LISTS_PERIODS.search(question) and (
        route_.kind is RouteKind.LOOKUP
        or (GIVEN_FOR.search(question) and threshold(question) is None and route_.intent not in _PICKS_PERIODS)
    ):
        return periods_listed(table, linked, version, question)
    reason = reason_column(table, linked, question)
    if reason is not None:  # "why did X change": the text a reason column gives, whatever operation words say
        return lookup(table, reason, version, question)
    if _WHY_FIRST.match(question):  # a reason asked, no column gives one: no figure of the table answers it
        return None
    members = member_rows(table, linked, question)  # "what does X consist of": the labels of its rows, whatever
    if members:  # operation words the section's name holds ("more than one year")
        return _labelled(table, linked, [(r, None) for r, _ in members], "; ".join(m for _, m in members), version)
    if route_.kind is RouteKind.AGGREGATE and (ratio := stated_ratio_row(table, route_, linked)) is not None:
        return lookup(table, ratio, version, question)  # the row that states the ratio asked
    percents = stated_percent(table, question, route_, linked) if route_.kind is RouteKind.AGGREGATE else None
    if percents is not None:
        return lookup(table, percents, version, question)
    stated = stated_change(table, question, route_, linked) if route_.kind is RouteKind.AGGREGATE else None
    if stated is not None and linked.row is not None:  # the table states the change: take it
        return lookup(table, Linked(linked.rows, [Scored(stated, linked.row.score, frozenset(), 0)]), version)
    # a row states the change: its cell of the period asked (not when the period is what is asked: "in which year
    # did changes in estimates increase the reserve")
    stating = route_.kind is RouteKind.AGGREGATE and not ASKS_PERIOD.search(question)
    change_row = stated_change_row(table, question, route_, linked) if stating else None
    if change_row is not None:
        taken = lookup(table, change_row, version, question)
        if taken is not None:
            return taken
    stated_moved = _stated_move(table, question, route_, linked)
    if stated_moved is not None:  # "how much did revenue grow in 2022" over "2022 | 2021 | Change"
        return lookup(table, stated_moved, version)
    if route_.intent is Intent.DIFFERENCE and (signed := signed_owner(table, linked, question)) is not None:
        # "in which year did changes in estimates increase the reserve": the year of the line's sign, no difference
        return _labelled(table, linked, [(signed.row, signed.col)], signed.label, version)
    if route_.kind is RouteKind.AGGREGATE:
        computed = aggregate(table, question, route_, linked, version, on_query, llm)
        if computed is not None:
            return _stated_as_computed(table, question, route_, linked, computed, version) or computed
        if route_.intent in _MOST_LEAST and listing_bounds(table, question) is not None:
            return None  # "the least points between 2007 and 2010": a span of rows, no one cell states it
        taken = lookup(table, linked, version, question)
        if (
            taken is None
            or not states_result(table, route_, taken.citations, taken.unit, question)
            or number_for_a_name(table, question, taken.citations)
        ):
            return None
        end = range_end(route_, taken.value)  # "the minimum useful life" over "5 - 40"
        if end:
            return replace(taken, value=end)
        return None if text_for_a_number(table, question, taken.citations) else taken  # never "#" for a number
    owner = nil_owner(table, linked, question) or value_owner(table, linked, question)
    owner = owner or filled_kind(table, linked, question)
    owner = owner or filled_period(table, linked, question) or filled_quarter(table, linked, question)
    owner = owner or signed_owner(table, linked, question)
    owner = owner or role_holder(table, linked, question) or party_of(table, linked, question)
    owner = owner or member_holding(table, linked, question)
    owner = owner or said_cell_owner(table, linked, question)
    if owner is not None:  # "which region had revenue of 800 in 2019": the label of the cell holding 800
        return _labelled(table, linked, [(owner.row, owner.col)], owner.label, version)
    # "the first driver listed", "the judge after X": a row by its place in the table, or beside the one named
    placed = (
        listed_place(table, linked, question)
        or row_beside(table, linked, question)
        or same_in_every_row(table, linked)
        or pair_value(table, linked)
    )
    taken = lookup(table, placed or linked, version, question)
    if taken is None or text_for_a_number(table, question, taken.citations):
        return None
    name_asked = NAME_FIRST.search(question) or _PERIOD_AFTER_OPENING.search(question)
    return None if name_asked and number_for_a_name(table, question, taken.citations) else taken


# a period asked after an opening phrase ("under the 2019 assumptions, in what year does the rate reach its
# ultimate level"): a year, never the rate of the row that says the same words
_PERIOD_AFTER_OPENING = re.compile(r"^[^,?]{3,60},\s*(?:in|during|for)\s+what\s+(?:years?|dates?)\b", re.IGNORECASE)


# a question opening by asking why: a reason, which a figure never is
_WHY_FIRST = re.compile(r"^\W*(?:why|warum|почему|dlaczego)\b|^\W*(?:为什么|为何)", re.IGNORECASE)


# the change asked in money, not as a rate ("in dollar terms", "by what amount")
_IN_AMOUNT = re.compile(r"\b(?:dollar|euro|pound|amount|absolute|value)\s+terms\b|\bby\s+what\s+amount\b", re.I)


def _stated_move(table: Table, question: str, route_: Route, linked: Linked) -> Linked | None:
    """ "How much did revenue grow in 2022" (a lookup by its words) over "2022 | 2021 | Change": the change the
    table states for the linked row, not 2022's amount. Of a stated percentage and a stated amount the question's
    words pick ("in dollar terms"; "%", "percent"), else neither is taken. None when no change is asked (a part's
    effect on a whole that is a growth: "how much did acquisitions contribute to the Americas' growth")."""
    if route_.kind is not RouteKind.LOOKUP or linked.row is None:
        return None
    if not ASKS_CHANGE.search(whole_moved_blanked(question)):
        return None
    found = {
        intent: col
        for intent in (Intent.PERCENT_CHANGE, Intent.DIFFERENCE)
        if (col := stated_change(table, question, Route(RouteKind.AGGREGATE, intent), linked)) is not None
    }
    if len(found) > 1:
        percent = "%" in question or bool(AS_PERCENT.search(question))
        chosen = Intent.DIFFERENCE if _IN_AMOUNT.search(question) else Intent.PERCENT_CHANGE if percent else None
        found = {chosen: found[chosen]} if chosen is not None else {}
    if len(found) != 1:
        return None
    col = next(iter(found.values()))
    return Linked(linked.rows, [Scored(col, linked.row.score, frozenset(), 0)], linked.key_cols, linked.words)


def _said_by_row(table: Table, linked: Linked, word: str) -> bool:
    """The best-linked row's label says the movement's word one way ("Increases in tax positions"): it names the
    amount; a label stating a change either way ("Comparable sales increase (decrease)") names what moved."""
    if not linked.rows or not set(tokens(word)) & linked.rows[0].tokens:
        return False
    chain = table.row_chain(linked.rows[0].index)
    return not (chain and change_label(chain[-1]))


def _moved(
    table: Table,
    linked: Linked,
    way: ChangeAsked,
    version: str | None,
    on_query: QueryHook | None,
    periods: bool = False,
) -> Answer | None:
    """The rows whose amount moved the way asked between two periods (`moved_rows`), or with ``periods`` the
    periods in which the named row's amount moved so from the one before (`moved_periods`), named, cells cited."""
    view = typed_view(table)
    sandbox = Sandbox({VIEW_NAME: view}, on_query=on_query)
    try:
        comp = (moved_periods if periods else moved_rows)(view, linked, sandbox, way)
    except UnsafeSqlError:
        comp = None
    finally:
        sandbox.close()
    if comp is None or comp.label is None:
        return None
    cites = [cite(table, r, c, version) for r, c in comp.cells]
    cols = sorted({table.column_name(c) or table.column_label(c) for _, c in comp.cells})
    moved = (
        f"{way}d between {' and '.join(cols)}"
        if not periods
        else f"{way}d from the period before"
        if comp.value == comp.label
        else f"stated {way}: {comp.value}"  # a row stating the change: its values of that sign
    )
    text = f"{comp.label} ({moved}) — {cites[0]['file']}, table {table.id}; SQL: {comp.sql}"
    return Answer(
        text,
        comp.label,
        None,
        cites,
        route=RouteKind.AGGREGATE.value,
        intent=comp.intent.value,
        sql=comp.sql,
        label=comp.label,
        score=linked.score,
    )


def _form_value(table: Table, question: str, version: str | None) -> Answer | None:
    """The value beside the label the question names, when the table is a key-value form (`form.asked_field`)."""
    field = asked_field(table, question)
    if field is None:
        return None
    value = " ".join(filled_grid(table)[field.row][field.value_col].split())
    where = cite(table, field.row, field.value_col, version)
    said = frozenset(tokens(field.key)) & frozenset(tokens(question))
    return Answer(
        f"{field.key}: {value} — {_cell_place(table, field.row, field.value_col, where)}",
        value,
        None,
        [where],
        route=RouteKind.LOOKUP.value,
        score=float(len(said)),
        named=len(said),  # the label's words the question says rank it against other tables' answers
        named_words=said,
    )


def _over_listing(table: Table, question: str, route_: Route, linked: Linked, version: str | None) -> Answer | None:
    """The question forms asked of listings (results, registers, schedules) that read several rows at once."""
    same = same_as(table, question)
    if same is not None:  # "which driver has the same number of laps as X?": the rows sharing X's value
        return _shared(table, same, linked, version)
    entries = entries_counted(table, question)
    if entries is not None:  # "how many circuits are there in total?": the listing's entries
        return _entries(table, entries, version)
    often = most_often(table, question, route_.intent is Intent.MIN) if route_.intent in _MOST_LEAST else None
    if often is not None:  # "which venue is listed the most?": the value most rows hold
        return _frequent(table, often, version)
    tally = more_often(table, question) if route_.intent is Intent.COMPARE else None
    if tally is not None:  # "who won the title more times, A or B?": the rows holding each, counted
        return _tallied(table, tally, version)
    spanned = dated_count(table, question)
    if spanned is not None:  # "how many films were made before 2000?": the rows whose year lies in the span
        return _spanned(table, spanned, version)
    return None


def _credited(table: Table, question: str, answer: Answer) -> Answer:
    """The question words the cited cells and their columns hold, credited to the answer as a lookup's linked row
    and column are, so that among tables the one whose cells the question names wins (`ask`)."""
    asked = set(tokens(question))
    grid = filled_grid(table)
    held: set[str] = set()
    for c in answer.citations:
        r, col = c.get("row"), c.get("col")
        if isinstance(r, int) and isinstance(col, int) and 0 <= r < len(grid) and 0 <= col < table.n_cols:
            held |= set(tokens(grid[r][col])) | set(tokens(table.column_name(col)))
    words = frozenset(held & asked)
    return replace(answer, named=len(words), named_words=words)


def _shared(table: Table, same: Same, linked: Linked, version: str | None) -> Answer:
    """The rows sharing the named row's value (`same_as`), or their number, citing the named row's cell, each
    compared cell and each answered one."""
    grid = filled_grid(table)
    said = " ".join(grid[same.named][same.compared].split())
    cells = [(same.named, same.compared)] + [(r, c) for r in same.rows for c in (same.compared, same.asked)]
    cites = [cite(table, r, c, version) for r, c in dict.fromkeys(cells)]
    names = [" ".join(grid[r][same.asked].split()) for r in same.rows]
    whose = " ".join(grid[same.named][same.asked].split()) or table.row_label(same.named)
    column = table.column_name(same.compared) or table.column_label(same.compared)
    where = _cell_place(table, same.named, same.compared, cites[0])
    if same.count:
        value = str(len(same.rows))
        text = f"{value}: rows with the same {column} ({said}) as {whose} — {where}"
        return Answer(text, value, None, cites, route=RouteKind.AGGREGATE.value, intent=Intent.COUNT.value)
    label = "; ".join(names)
    text = f"{label}: the same {column} ({said}) as {whose} — {where}"
    score = linked.row.score if linked.row else 0.0
    return Answer(text, label, None, cites, route=RouteKind.LOOKUP.value, label=label, score=score)


def _entries(table: Table, counted: Counted, version: str | None) -> Answer:
    """The number of the listing's entries (of its different values), citing one cell per entry."""
    cites = [cite(table, r, c, version) for r, c in counted.cells]
    value = str(counted.value)
    text = f"{value}: different values of {table.column_name(counted.cells[0][1])} — {table.source.file}"
    return Answer(text, value, None, cites, route=RouteKind.AGGREGATE.value, intent=Intent.COUNT.value)


def _frequent(table: Table, often: Frequent, version: str | None) -> Answer:
    """The value most (fewest) rows hold, with how many, citing each of its cells."""
    cites = [cite(table, r, often.column, version) for r in often.rows]
    column = table.column_name(often.column) or table.column_label(often.column)
    text = f"{often.name}: {len(often.rows)} rows of {often.counts} different {column} values — {table.source.file}"
    return Answer(text, often.name, None, cites, route=RouteKind.AGGREGATE.value, label=often.name)


def _tallied(table: Table, tally: Tally, version: str | None) -> Answer:
    """The alternative held by more (fewer) rows, with both counts, citing every counted cell."""
    cites = [cite(table, r, tally.column, version) for rows in tally.rows for r in rows]
    label = tally.names[tally.winner]
    counts = ", ".join(f"{n}: {len(rows)} rows" for n, rows in zip(tally.names, tally.rows, strict=True))
    text = f"{label} ({counts}) — {table.source.file}"
    return Answer(text, label, None, cites, route=RouteKind.AGGREGATE.value, intent=Intent.COMPARE.value, label=label)


def _spanned(table: Table, counted: DatedCount, version: str | None) -> Answer:
    """The number of rows whose year lies in the span (`dated_count`), citing each row's dated cell."""
    cites = [cite(table, r, counted.column, version) for r in counted.rows]
    low, high = counted.span
    span = f"up to {high}" if low == 0 else f"from {low}" if high == SPAN_OPEN_END else f"{low}-{high}"
    column = table.column_name(counted.column) or table.column_label(counted.column)
    value = str(len(counted.rows))
    listed = "; ".join(f"{c['row']}" for c in cites) or "none"
    text = f"{value}: rows with {column} {span} (rows {listed}) — {table.source.file}"
    return Answer(text, value, None, cites, route=RouteKind.AGGREGATE.value, intent=Intent.COUNT.value)


def _labelled(
    table: Table, linked: Linked, cells: list[tuple[int, int | None]], label: str, version: str | None
) -> Answer:
    """An answer that is a label (a row's, a column's, a list of rows'), citing the cells (rows) it names."""
    cites = [cite(table, r, c, version) for r, c in cells]
    grid = filled_grid(table)
    shown = [
        _cell_text(table, r, c, " ".join(grid[r][c].split()), x) if c is not None else _where(table, r, x)
        for (r, c), x in zip(cells, cites, strict=True)
    ]
    col = next((s for s in linked.cols if s.index == cells[0][1]), None)
    return Answer(
        f"{label}: " + " | ".join(shown) + f" — {cites[0]['file']}" * (cells[0][1] is None),
        label,
        None,
        cites,
        route=RouteKind.LOOKUP.value,
        label=label,
        score=(linked.row.score if linked.row else 0.0) + (col.score if col else 0.0),
        named=words_named(table, linked, col),
        named_words=named_words(table, linked, col),
    )


# a table whose amounts are all shares of one whole, said in its corner or caption: "(as a percentage of total
# revenue)", "% of net sales"
_SHARE_NOTE = re.compile(r"(?:percent(?:age)?|%)\s+of\s+(?:total\s+)?([^\W\d_][\w\s-]{2,40}?)\s*\)?\s*$", re.IGNORECASE)


_SHARE_TOKENS = frozenset(tokens("share percentage portion proportion"))


def _shares_stated(table: Table, linked: Linked) -> bool:
    """The share asked is stated: the table's note, or the header of the column linked best ("% of Revenue"), says
    its amounts are percentages of a whole, and the whole the question names ("gross profit as a percentage of
    revenue") says the note's words."""
    best = (
        [table.column_chain(linked.cols[0].index)[-1]]
        if linked.cols and table.column_chain(linked.cols[0].index)
        else []
    )
    if linked.whole is not None:
        first, last = linked.whole
        asked = set(linked.words[first:last]) - TOTAL_TOKENS
    elif best and _SHARE_TOKENS & set(linked.words):
        # no whole said apart ("the U.S. share of total revenue"): the column's whole among the question's words
        asked = set(linked.words) - TOTAL_TOKENS
    else:
        return False
    notes = (table.column_name(0), table.caption or "", *best) if linked.whole is not None else best
    for note in notes:
        m = _SHARE_NOTE.search(note.strip())
        if m is not None and (said := set(tokens(m.group(1))) - TOTAL_TOKENS) and said <= asked:
            return True
    return linked.whole is not None and _whole_is_hundred(table, asked)


def _whole_is_hundred(table: Table, asked: set[str]) -> bool:
    """A common-size table: the row of the whole the question names ("as a percentage of revenue") holds 100 in
    every column ("Revenue | 100.0% | 100.0%"), so every row holds its share of it."""
    values: dict[int, list[float]] = {}
    for cell in table.cells:
        if cell.value is not None and cell.row >= table.header_rows:  # body rows only
            values.setdefault(cell.row, []).append(cell.value)
    for r, held in values.items():
        words = set(row_words(table, r)) - TOTAL_TOKENS
        if words and words <= asked and len(held) >= 2 and all(abs(v - 100) < _HUNDRED_SLACK for v in held):
            return True
    return False


_HUNDRED_SLACK = 0.05  # "100.0%" as printed; a share rounded to one decimal place is 100 within this


def _stated_as_computed(
    table: Table, question: str, route_: Route, linked: Linked, computed: Answer, version: str | None
) -> Answer | None:
    """A percentage computed as a ratio that the table states in the same column, in a row the question did not
    name ("what percentage of revenue was gross profit in 2018": gross profit / revenue = 38.89, and the "Gross margin
    %" row states 38.9%): the stated cell, equal to the computation at the decimals it is printed with, is the
    table's own figure. Only when exactly one such cell is there."""
    if route_.intent is not Intent.RATIO or computed.value is None or not computed.citations:
        return None
    value = parse_number(computed.value)
    cols = {c.get("col") for c in computed.citations}
    if value is None or len(cols) != 1 or None in cols:
        return None
    col = int(next(c for c in cols if c is not None))
    cited = {c.get("row") for c in computed.citations}
    found = []
    for r in range(table.header_rows, table.n_rows):
        cell = table.cell_at(r, col)
        if r in cited or cell is None or cell.value is None or not percent_cell(table, r, col):
            continue
        shown = cell.text.split(".")[1] if "." in cell.text else ""
        decimals = sum(ch.isdigit() for ch in shown)
        if round(float(value.value), decimals) == round(float(cell.value), decimals):
            found.append(r)
    if len(found) != 1:
        return None
    row = Scored(found[0], 0.0, frozenset(), 0)
    return lookup(table, Linked([row], [Scored(col, 0.0, frozenset(), 0)], linked.key_cols, linked.words), version)


_AGGREGATE = Counter(tokens("aggregate"))
_TOTAL_WORD = frozenset(tokens("total"))


# a change said with its cause ("the decrease due to lapse of statute of limitations", "increases from acquisitions"):
# the movement that cause made, which a roll-forward states as a line of its own ("from 2018" is a period, no cause)
_CAUSED_MOVE = re.compile(
    r"\b(?:increase|decrease|reduction|addition|change)s?\s+(?:due\s+to|related\s+to|relating\s+to|resulting\s+from"
    r"|attributable\s+to|arising\s+from|in\s+respect\s+of|as\s+a\s+result\s+of|from(?!\s+(?:fy\s?|fiscal\s+)?\d))\b",
    re.IGNORECASE,
)
_BALANCE_LINE = re.compile(r"\b(?:balance|beginning|opening|ending|closing)\b", re.IGNORECASE)


def _movement_line(table: Table, row: int) -> bool:
    """The row is a line of a roll-forward: a balance line above it and one below, itself none."""

    def balance(r: int) -> bool:
        return bool(_BALANCE_LINE.search(" ".join(table.row_chain(r))))

    return (
        not balance(row)
        and any(balance(r) for r in range(table.header_rows, row))
        and any(balance(r) for r in range(row + 1, table.n_rows))
    )


def _operation_named(table: Table, question: str, route_: Route, linked: Linked) -> Route:
    """A rules route again, without the operation words that belong to the linked row's name: "the basic weighted
    average shares outstanding in 2019", "the rate of salary increase", "total liabilities" name a row; or to the
    best-linked column's name ("China's total medals" is China's cell in the "Total" column); also when that word
    is all that tells the row from rows sharing the rest of its label ("the highest level of VaR" over "Highest /
    Lowest / Average level of VaR": the row, not a maximum over its columns). A word the
    question uses more often than the row's name does still asks for the operation ("the average weighted average
    shares"); so does one asked over several periods without "respectively" ("the total change in expenses from
    2017 to 2019" adds the row's two changes)."""
    if route_.kind is not RouteKind.AGGREGATE or route_.source != RULES or linked.row is None:
        return route_
    if route_.intent is Intent.RATIO and _shares_stated(table, linked):
        return Route(RouteKind.LOOKUP)
    if route_.intent is Intent.COUNT and counts_a_row(table, question, linked):
        return Route(RouteKind.LOOKUP)
    if route_.intent is Intent.COUNT and counts_a_length(table, question):  # "how many years is the minimum life"
        question = HOW_MANY_WORDS.sub(lambda m: " " * len(m.group(0)), question)
        route_ = rule_route(question)
        if route_.kind is not RouteKind.AGGREGATE:
            return route_
    row, at = linked.row.tokens, linked.row.index
    named, asked = row_words(table, at), Counter(linked.words)
    col = linked.cols[0].tokens if linked.cols else frozenset()
    held = Counter(tokens(table.column_name(linked.cols[0].index))) if linked.cols else Counter()
    if held & _AGGREGATE:  # "Aggregate Intrinsic Value" states the total intrinsic value
        col, held = col | _TOTAL_WORD, held + Counter(_TOTAL_WORD)
    labels = label_phrases(table)
    # a change word over a column stating a change is left to the stated change when that finds the one asked: it
    # tells an amount from a percentage ("Increase/(decrease) | % Change"); so is one over a share column that
    # "percentage" names ("by what percentage did loyalty revenue grow" over "% of total | Change (%)")
    best_col = linked.cols[0].index if linked.cols else None
    change_column = (
        route_.intent in CHANGES
        and best_col is not None
        and bool(
            STATED_CHANGE.search(table.column_name(best_col))
            or percent_column(table, best_col)
            or _latest_period(table, best_col)  # "the increase in 2022" over "2022 | 2021 | Change": into 2022
        )
        and stated_change(table, question, route_, linked) is not None
    )
    # the years of the linked row's own label name that row, no periods ("the December 1, 2019 to January 4, 2020
    # period" of a repurchase table)
    periods = years_in(question)
    if periods <= years_in(" ".join(table.row_chain(at))):
        periods = set()  # every year said is the linked row's own ("2020" alone is one end of "2020-2024")
    if len(periods) >= 2 and not RESPECTIVE.search(question):
        # over several periods "total" adds them ("the total cost of revenue in 2019 and 2018"), unless a change
        # between them is what is asked and the word is said as part of a label ("how much did total BCE operating
        # revenues change from 2018 to 2019" over "Total BCE operating revenues")
        named_out = route_past_labels(labels, spell_out(table, question))  # "total NOI": "Total net operating income"
        return named_out if named_out.intent in CHANGES else route_
    if route_.intent in CHANGES and len(periods) < 2 and _CAUSED_MOVE.search(question) and _movement_line(table, at):
        return Route(RouteKind.LOOKUP)  # "the decrease due to lapse of statute of limitations": that line's cell
    one_column = len(linked.cols) == 1 or (len(linked.cols) > 1 and linked.cols[0].score > linked.cols[1].score)
    spelled = [set(tokens(run)) for run in acronym_spelled(table, question)]

    def names(text: str) -> bool:
        words = set(tokens(text))
        if not words & set(asked):  # stemmed apart from the question's own word: nothing to check it against
            return False
        if said_with_a_label(labels, question, text):  # "minimum lease payments" as a label says it
            return True
        if any(words <= run for run in spelled):  # "weighted average exercise price" is the "WAEP" column's name
            return True
        if kind_after_label(table, at, question, text):  # "debt to equity ratio" over "Debt to equity"
            return True
        # in its name, matched or shared; or the only word that tells the row from its siblings ("Highest / Lowest
        # / Average level of VaR"), said together with the rest of the row's label
        if all(asked[t] <= named[t] for t in words) and (row - words or (set(named) - words) & set(asked)):
            return True
        # a row labelled by the word alone ("Total") and one column named: the total the table states for that
        # column ("the total obligations due in 1-3 years")
        if named and set(named) == words and one_column:
            return True
        if change_column:  # "the change in X" over "Increase/(decrease) | % Change": the stated change asked
            return False
        # a table of averages ("Average Balance | Interest | Yield") over one period: "the average yield on loans in
        # 2019" is the stated yield, no average of cells
        if (
            route_.intent is Intent.AVERAGE
            and len(periods) < 2
            and any(words <= set(tokens(table.column_name(c))) for c in range(table.n_cols))
        ):
            return True
        return all(t in col and asked[t] <= held[t] for t in words)  # the column's name ("Mean", "Average price")

    return route_without(question, names)


def _latest_period(table: Table, col: int) -> bool:
    """The column is of the latest of the table's two or more years: the later end of a change stated beside it."""
    years = column_years(table)
    single = {y for ys in years.values() if len(ys) == 1 for y in ys}
    return len(single) >= 2 and years.get(col) == {max(single)}


def periods_listed(table: Table, linked: Linked, version: str | None, question: str) -> Answer | None:
    """ "Which years does the table provide information for X?": the years of the period columns (those where the
    named row has a value, when a row is named), in column order, each cited; the period rows when no column names
    a year and the question asks what the table gives (`_row_periods_listed`)."""
    grid = filled_grid(table)
    r = linked.row.index if linked.row is not None else None
    # a section row holds no value of its own: its rows' values say the periods it is given for
    chain = table.row_chain(r) if r is not None else []
    rows = [x for x in range(table.header_rows, table.n_rows) if chain and table.row_chain(x)[: len(chain)] == chain]
    found: dict[str, int] = {}
    for c, years in column_years(table).items():
        if len(years) == 1 and (r is None or any(grid[x][c].strip() for x in [r, *rows])):
            found.setdefault(next(iter(years)), c)
    if len(found) < 2 and r is None and GIVEN_FOR.search(question):
        # the periods the table gives are rows: sections ("December 31, 2019") or a stub of years ("which years
        # does the table show"; "what years did X win" picks rows, it lists none)
        return _row_periods_listed(table, linked, version)
    if len(found) < 2:
        return None
    at = r if r is not None else max(0, table.header_rows - 1)
    cites = [cite(table, at, c, version) for c in found.values()]
    label = "; ".join(found)
    text = f"{label} — {cites[0]['file']}, columns {', '.join(table.column_label(c) for c in found.values())}"
    return Answer(
        text,
        label,
        None,
        cites,
        route=RouteKind.LOOKUP.value,
        label=label,
        score=linked.row.score if linked.row is not None else 0.0,
        named=words_named(table, linked, None),
        named_words=named_words(table, linked, None),
    )


# a row after the year rows that stands for the years beyond them ("Thereafter", "Later years")
_BEYOND = re.compile(r"^\s*(thereafter|later\s+years|beyond|after\s+\d{4})\b", re.IGNORECASE)


def _row_periods_listed(table: Table, linked: Linked, version: str | None) -> Answer | None:
    """The periods a table gives as rows: each year its row labels (own or section) name once, in table order, and a
    "Thereafter" row right after them; each cited by its row. None unless two or more years."""
    found: dict[str, int] = {}
    last = None
    for x in range(table.header_rows, table.n_rows):
        chain = table.row_chain(x)
        if not chain:
            continue
        year = year_of(chain[-1])
        if year is not None and len(years_in(chain[-1])) == 1:
            if year not in found:
                found[year] = x
                last = x
        elif last is not None and x == last + 1 and _BEYOND.match(chain[-1]) and len(found) >= 2:
            found[" ".join(chain[-1].split())] = x
    if len([k for k in found if year_of(k)]) < 2:
        return None
    cites = [cite(table, x, None, version) for x in found.values()]
    label = "; ".join(found)
    return Answer(
        f"{label} — {cites[0]['file']}, rows {', '.join(str(x + 1) for x in found.values())}",
        label,
        None,
        cites,
        route=RouteKind.LOOKUP.value,
        label=label,
        score=0.0,
        named=words_named(table, linked, None),
        named_words=named_words(table, linked, None),
    )


def refusal(hits: list[Hit]) -> Answer:
    return Answer(NOT_FOUND, None, refused=True, closest=[h.source for h in hits[:CLOSEST_SOURCES]])


def semantic(hits: list[Hit]) -> Answer:
    rows = [h for h in hits if h.kind == "row"][:SEMANTIC_ROWS]
    if not rows:
        return refusal(hits)
    text = "Closest rows: " + " | ".join(h.text.splitlines()[-1][:200] for h in rows)
    return Answer(text, None, citations=[h.source for h in rows], route=RouteKind.SEMANTIC.value)


def _logger(index: TableSource, question: str, session: str) -> Callable[[Any], None]:
    def log(entry: Any) -> None:
        index.store.queries.log(
            session, question, entry.sql, entry.table_ids, entry.ok, entry.error, entry.rows, entry.elapsed_ms
        )

    return log


def ask(
    index: TableSource,
    question: str,
    k: int = 12,
    filters: dict[str, str] | None = None,
    session: str | None = None,
    router: Router | None = None,
    llm: LlmQa | None = None,
) -> AskResult:
    """``router``: an explicit router; ``llm``: an LLM that routes (when no router is given) and writes SQL as
    configured (`tablerag.llm.answer.LlmQa`). Without either, the rules do everything."""
    hits = index.search(question, k=k, filters=filters)
    if not hits:
        return AskResult(question, hits, None)
    tables = ranked_tables(hits)
    route_ = route(question, router or (llm.router() if llm is not None else None))
    if route_.kind is RouteKind.SEMANTIC:
        top = tables[0] if tables else None
        return AskResult(question, hits, semantic(hits), top, index.markdown(top) if top else None)
    on_query = _logger(index, question, session or SESSION)
    found: list[tuple[Answer, Table]] = []
    pooled = not one_document(filters)
    for tid in tables[: POOLED_TABLES if pooled else CANDIDATE_TABLES]:
        table = index.table(tid)
        if table is None:
            continue
        version = index.store.manifest.document_tags(RecordId.parse(table.id).doc).get("version")
        answer = answer_table(table, question, route_, getattr(index, "embedder", None), version, on_query, llm)
        if answer is not None:
            found.append((answer, table))
    if not found:
        top = tables[0] if tables else None
        return AskResult(question, hits, refusal(hits), top, index.markdown(top) if top else None)
    # a value first, then the table that names more of the question, then more specific words of it (link scores
    # are idf inside each table, so a longer table scores the same words higher), then the link score; equal on all:
    # retrieval order
    standing = Standing.of(index, question, [a for a, _ in found])
    found.sort(key=lambda at: (at[0].value is None, -standing.count(at[0]), -standing.weight(at[0]), -at[0].score))
    answer, table = found[0]
    if pooled:
        near = close_answers(question, found, standing)
        named = standing.named_document(question, near)
        if named is not None:
            answer, table = named
        else:
            answer = ambiguous(near) or answer
    return AskResult(question, hits, answer, table.id, index.markdown(table.id))
