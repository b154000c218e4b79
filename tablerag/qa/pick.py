"""Which cells a lookup takes when the question fits several: one per named period or item ("in 2019 and 2018
respectively"), and, among columns the question names equally, the plain amount or none (an ambiguity to report,
not a guess)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from tablerag.decomposition.serialize import filled_grid
from tablerag.model import Table
from tablerag.parsing.headers import bare_label
from tablerag.parsing.numbers import is_nil_mark
from tablerag.parsing.spans import MONTH_NAME, is_bucket
from tablerag.qa.beside import newest_first
from tablerag.qa.link import (
    PLANNED,
    RATE_EFFECT,
    SCORE_DIGITS,
    TOTAL_TOKENS,
    Linked,
    Scored,
    column_way,
    kind_words,
    row_words,
    stated_rates,
    stated_rates_left_out,
    tokens,
    way_asked_of_columns,
)
from tablerag.qa.operands import TOTAL_LABEL, total_row
from tablerag.qa.periods import (
    FULL_YEAR_MONTHS,
    MIN_DATED_ROWS,
    PERCENT_LABEL,
    PERIOD_NOUNS,
    STATED_CHANGE,
    asked_months,
    column_kind,
    column_months,
    column_years,
    is_year,
    month_number,
    percent_cell,
    percent_column,
    percent_row,
    year_of,
    years_in,
)
from tablerag.qa.route import AS_PERCENT, RouteKind
from tablerag.qa.sql import is_placeholder
from tablerag.qa.wording import label_phrases, phrase_left_out, plain_words, route_past_labels, said_with_a_label

RESPECTIVE = re.compile(r"\brespective(ly)?\b|соответственно|jeweils|odpowiednio|分别", re.IGNORECASE)
MIN_PERIODS_LISTED = 2  # one period's cell is a lookup, not a list
_DECIMALS = re.compile(r"\d\.(\d+)")  # the decimal places a number is printed with
MIN_SUMMED_PARTS = 2  # a sum has two amounts at least
RESPECTIVE_SHARE = 0.5  # an item named "respectively" scores at least half the best link; weaker links are noise
ASKS_WHEN = re.compile(r"^\s*when\b|\bwann\b|когда|\bkiedy\b|什么时候|何时", re.IGNORECASE)  # names no column
# a polar or choice question ("did A or B drive more laps?", "is the altitude above or below 100?", "does X have
# more caps than Y?"): its answer is yes/no or one of the alternatives it names, never a cell it does not name
POLAR = re.compile(r"^\s*(did|does|do|is|was|were|are|has|have|had|can|could|will|would)\b", re.IGNORECASE)
DATE_HEADER = re.compile(
    r"\b(years?|dates?|seasons?|periods?|months?|dated)\b|\bjahr\b|datum|год|дата|\brok\b|年份|日期", re.I
)


def distinct(units: list[Scored]) -> list[Scored]:
    """Linked units that each add a question word the better ones lack, scoring at least half the best."""
    kept: list[Scored] = []
    covered: set[str] = set()
    for s in units:
        words = {t for t in s.tokens if not is_year(t)}
        if units and s.score >= RESPECTIVE_SHARE * units[0].score and words and not words <= covered:
            kept.append(s)
            covered |= words
    return kept


def respective_cells(linked: Linked, grid: list[list[str]], question: str) -> list[tuple[int, int]]:
    """ "What are the respective sales and purchases for 2017?": one cell per item the question names apart — the
    linked row's cell in each named column, else each named row's cell in the linked column — in mention order."""
    if not RESPECTIVE.search(question) or linked.row is None or not linked.cols:
        return []
    r, c = linked.row.index, linked.cols[0].index
    cols = [s for s in distinct(linked.cols) if grid[r][s.index].strip()]
    if len(cols) >= 2:
        return [(r, s.index) for s in sorted(cols, key=lambda s: s.position)]
    rows = [s for s in distinct(linked.rows) if grid[s.index][c].strip()]
    return [(s.index, c) for s in sorted(rows, key=lambda s: s.position)] if len(rows) >= 2 else []


def named_pair(table: Table, question: str, rows: tuple[int, int]) -> list[int]:
    """ "The revenue from Americas and EMEA in 2019": two rows the question names equally, each by its whole own
    label, said on either side of an "and" (the first label, then "and", then the second): both are asked, in the
    question's order. Empty otherwise."""
    said = f" {plain_words(question)} "
    spans: dict[int, tuple[int, int]] = {}  # where each row's label stands in the question: (start, end)
    for r in rows:
        chain = table.row_chain(r)
        label = f" {plain_words(chain[-1])} " if chain else ""
        if not label.strip() or label not in said:
            return []
        start = said.index(label)
        spans[r] = (start, start + len(label) - 1)
    first, second = sorted(rows, key=lambda r: spans[r])
    between = said[spans[first][1] : spans[second][0] + 1]
    return [first, second] if re.fullmatch(r"\s*(?:,\s*)?and\s*", between) else []


def period_columns(table: Table, linked: Linked, grid: list[list[str]], row: int, question: str) -> list[int]:
    """Linked columns that each name a different year the question mentions, in the question's order (per year
    the first column `tied_columns` leaves). None when a change is asked and the best-linked column states the change
    between two of the years ("2019 vs 2018" for "the variation from 2018 to 2019"): that one column is the answer."""
    top = linked.cols[0] if linked.cols else None
    if (
        top is not None
        and len({t for t in top.tokens if is_year(t)}) >= 2
        and STATED_CHANGE.search(table.column_name(top.index))
        and STATED_CHANGE.search(question)
    ):
        return []
    if top is not None and _years_of_levels(table, top, {t for t in linked.words if is_year(t)}):
        return []  # "the 2025 Notes at December 31, 2022" over "December 31, 2022 / 2025 Notes": that one column
    if len(years_in(question)) == 1:
        return []  # one period said ("in 2018/19", whose "2018" a column's header shares): one column answers
    by_year: dict[str, list[Scored]] = {}
    for s in linked.cols:
        years = {t for t in s.tokens if is_year(t)}
        if len(years) == 1 and grid[row][s.index].strip():
            by_year.setdefault(years.pop(), []).append(s)
    picked = [tied_columns(table, grid, row, cols, question)[0] for cols in by_year.values()]
    return [p.index for p in sorted(picked, key=lambda p: p.position)] if len(picked) >= 2 else []


def _years_of_levels(table: Table, col: Scored, said: set[str]) -> bool:
    """The column's header says two or more of the years ``said``, each in a level of its own that names one
    year ("December 31, 2022" over "2025 Notes"), none of them a comparison of years ("2021 vs 2020")."""
    if len(said) < 2 or not said <= col.tokens:
        return False
    found: set[str] = set()
    for level in table.column_chain(col.index):
        years = years_in(level, header=True)
        if len(years) > 1 or STATED_CHANGE.search(level):
            return False
        found |= years
    return said <= found


# "the revenue for each year", "in both years", "for all three years": every period the table gives is asked
EACH_PERIOD = re.compile(
    r"\b(?:each|every|both)\s+(?:of\s+the\s+)?(?:\w+\s+)?(?:years|year|periods|period)\b"
    r"|\b(?:all|across)\s+(?:of\s+)?(?:the\s+)?(?:two|three|four|five|\d\s+)?\s*(?:years|periods)\b",
    re.IGNORECASE,
)


def each_period(table: Table, grid: list[list[str]], row: int, question: str) -> list[int]:
    """ "What was the revenue for each year?": the row's filled cell in each column of one year, one column per year
    (amounts before shares and stated changes), in table order; [] unless the question asks every period and no
    operation over them ("the total across all 3 years"; "the total assets for each year" names a label), and two
    or more years answer."""
    if not EACH_PERIOD.search(question):
        return []
    if route_past_labels(label_phrases(table), question).kind is not RouteKind.LOOKUP:
        return []
    years = column_years(table)
    by_year: dict[str, int] = {}
    for c in sorted(years):
        if len(years[c]) != 1 or not grid[row][c].strip() or percent_column(table, c):
            continue
        if STATED_CHANGE.search(table.column_name(c)):
            continue
        by_year.setdefault(next(iter(years[c])), c)
    return sorted(by_year.values()) if len(by_year) >= MIN_PERIODS_LISTED else []


# a percentage asked in other words than "percent": a share, a proportion, a portion of something
_SHARE_ASKED = re.compile(r"\b(share|proportion|portion)\b", re.IGNORECASE)
# a rate, ratio or yield is what is asked ("what was the federal statutory rate", "the claims ratio"), not an
# amount at it ("the tax at the federal statutory rate": a preposition before "rate" makes another word the head)
_RATE_ASKED = re.compile(
    r"^\s*what\s+(?:(?:is|was|were|are)\s+)?(?:the\s+)?(?:(?!(?:at|of|for|on|in|to|from|by|with)\b)[^\W_][\w'-]*,?\s+){0,5}"
    r"(?:rates?|ratios?|yields?)\b",
    re.IGNORECASE,
)


def _rate_asked(question: str, table: Table | None = None, row: int | None = None) -> bool:
    """A rate is asked (`_RATE_ASKED`), or an item's effect on one (`RATE_EFFECT`): a percentage column answers.
    A rate word inside the row's own label, said whole, names the row ("the Foreign rate differential" over
    "Amount | %": the amount)."""
    if table is not None and row is not None and table.row_chain(row):
        question = phrase_left_out(question, bare_label(table.row_chain(row)[-1]))
    return bool(_RATE_ASKED.search(question) or RATE_EFFECT.search(question))


# "the operating margin" over "Operating profit | Margin" columns asks the margin's percentage, unless the row is
# itself the margin ("Gross margin | 641.2 | 34.8": the row's amount)
_MARGIN_ASKED = re.compile(r"\bmargins?\b", re.IGNORECASE)
_MARGIN_WORD = frozenset(tokens("margin"))


def _stated_rate_left_out(table: Table, row: int | None, question: str) -> str:
    """The question without the rates the row's label states ("the tax at the Australian tax rate of 30%" over
    "Tax at the Australian tax rate of 30% | Amount | %"): such a "%" names the row, it asks no percentage."""
    if row is None:
        return question
    return stated_rates_left_out(question, stated_rates(" ".join(table.row_chain(row))))


def amounts_first(table: Table, cols: list[Scored], question: str, row: int | None = None) -> list[Scored]:
    """The period's amount column before its share column when the question asks for no percentage: "the total
    fees in 2018" over "2018 | Percentage of Total Fees" is the amount, though the share column's name holds more
    of the question's words; and its share column first when one is asked ("operating income as a percentage in
    2019" over "2019 | % of net sales", "the federal statutory rate in 2018" over "2018 / Amount | 2018 / %"),
    unless a change is."""
    if not cols:
        return cols
    question = _stated_rate_left_out(table, row, question)
    portion = "%" in question or AS_PERCENT.search(question) or _SHARE_ASKED.search(question)  # a share, not a rate
    share = (
        portion
        or _rate_asked(question, table, row)
        or (_MARGIN_ASKED.search(question) and row is not None and _MARGIN_WORD.isdisjoint(row_words(table, row)))
    )
    if share and STATED_CHANGE.search(question):
        return cols  # "the percentage change": a change, not a share column
    if bool(share) == percent_column(table, cols[0].index):
        return cols
    if row is not None and _ratio_row(table, row) and percent_cell(table, row, cols[0].index):
        return cols  # a row of ratios ("Tier 1 capital ratio"): every column of it holds a percentage
    if share and row is not None and percent_cell(table, row, cols[0].index):
        # the row's cell is a percentage already ("the Standardized total capital ratio" in a column of amounts
        # and ratios): not the "Regulatory Minimum" percentages beside it
        return cols
    years = column_years(table)
    period = years.get(cols[0].index)
    said = set(tokens(question))
    for c in cols[1:]:
        if period and years.get(c.index) == period and percent_column(table, c.index) == bool(share):
            # a share asked (not a rate): a "% of Total" column of the period is the share of the amount beside it
            if _other_measure(table, cols[0].index, c.index, said) and not (
                portion and _SHARE_BASE.search(table.column_name(c.index))
            ):
                continue
            return [c, *(x for x in cols if x is not c)]
        # no periods: "% of Portfolio Annualized Base Rent" beside "Annualized Base Rent": the amount its words name
        if (
            not period
            and not share
            and _SHARE_OF.search(table.column_name(cols[0].index))
            and not percent_column(table, c.index)
            and c.tokens
            and c.tokens <= cols[0].tokens
        ):
            return [c, *(x for x in cols if x is not c)]
    return cols


def _ratio_row(table: Table, row: int) -> bool:
    """A row of ratios: its label says a percentage, or it holds amounts in no column but percentages ("Footwear |
    1,215.4 | 31.6% | 1,105.8 | 30.4% | 9.9%" holds two amounts beside its shares: no row of ratios)."""
    if PERCENT_LABEL.search(" ".join(table.row_chain(row))):
        return True
    valued = [c for c in table.cells if c.row == row and c.value is not None]
    return percent_row(table, row) and all(c.unit == "%" or percent_column(table, c.col) for c in valued)


def _other_measure(table: Table, first: int, other: int, said: set[str]) -> bool:
    """The other column is another measure the question does not say, where the first is one it says ("occupancy"
    over "Occupancy / 2023 | Average rent (£ psf) / 2023": occupancy is asked, not the rent beside it)."""
    own = [level for level in table.column_chain(other) if year_of(level) is None]
    # what a share is of is no measure of its own ("% of Net Sales" measures no sales), nor is a level both share
    first_levels = [
        level
        for level in table.column_chain(first)
        if year_of(level) is None and level not in table.column_chain(other)
    ]
    first_words = {t for level in first_levels for t in tokens(_SHARE_BASE.sub("percent", level))}
    # ... unless it heads periods of its own and no row says what it is of: then it names a measure ("% of
    # ownership interest" over "2019 | 2018", beside "Carrying amount" over its own years), no share of the amount
    # beside it ("2019 / Amount | % of Revenue")
    chain = table.column_chain(first)
    grouped = [
        level
        for i, level in enumerate(chain)
        if level in first_levels and any(year_of(lower) is not None for lower in chain[i + 1 :])
    ]
    if grouped:
        rows_said = {t for r in range(table.header_rows, table.n_rows) for t in row_words(table, r)}
        bases = {t for level in grouped for m in [_SHARE_BASE.search(level)] if m for t in tokens(m.group(0))}
        first_words |= bases - rows_said
    return (
        bool(own) and not said & {t for level in own for t in tokens(level)} and bool(said & first_words - _SHARE_WORDS)
    )


_SHARE_WORDS = frozenset(tokens("percent percentage share proportion of"))
_SHARE_OF = re.compile(r"(?:%|\bpercent(?:age)?|\bshare)\s+of\b", re.IGNORECASE)  # a share column: "% of portfolio"
_SHARE_BASE = re.compile(r"(?:%|\b(?:percent|percentage|share|proportion))\s+of\s+.*$", re.IGNORECASE)


def bucket_over_total(table: Table, row: int, cols: list[Scored]) -> list[Scored]:
    """A part the question names by words of its own ("within 1 year", not only "year") before the column whose
    amount the columns right after it add up to in the row ("Contractual cash flows | Within 1 year | 1 to 5 years |
    Over 5 years", "Total Remaining Performance Obligations | Expected to be Recognized Within 12 Months |
    Expected to be Recognized Thereafter"): "the contractual cash flows due within one year" asks the part, not
    the whole it shares words with."""
    if len(cols) < 2:
        return cols
    whole = cols[0].index
    group = table.column_chain(whole)[:-1]  # the parts sit under the whole's own group ("2019" over its buckets)
    parts = []
    for c in range(whole + 1, table.n_cols):
        if table.column_chain(c)[: len(group)] != group:
            break
        parts.append(c)
    # a whole that says it is one ("Total ...") or parts that are spans of time ("Within 1 year"): columns that
    # merely add up ("End of period" = "Beginning" + "Change") are no whole and its parts
    said_whole = bool(TOTAL_TOKENS & set(tokens(table.column_name(whole))))
    if len(parts) < MIN_SUMMED_PARTS or not (said_whole or all(is_bucket(table.column_name(c)) for c in parts)):
        return cols
    if any(percent_column(table, c) for c in parts) or not _adds_up(table, row, whole, parts):
        return cols
    shared = set.intersection(*(set(tokens(table.column_name(c))) for c in parts))
    named = [c for c in cols[1:] if c.index in parts and c.tokens - shared]
    if not named:
        return cols
    return [named[0], *(c for c in cols if c is not named[0])]


def _adds_up(table: Table, row: int, whole: int, parts: list[int]) -> bool:
    """The row's cell in ``whole`` is the sum of its cells in ``parts`` (nil marks as nothing; two amounts at
    least)."""
    cells = {c.col: c for c in table.cells if c.row == row}
    total = cells.get(whole)
    if total is None or total.value is None:
        return False
    summed = [cells[c] for c in parts if c in cells and cells[c].value is not None]
    if len(summed) < MIN_SUMMED_PARTS:  # one amount beside nil marks "sums" to anything equal to it
        return False
    # each printed part may be off by half its last digit
    places = max(len(m.group(1)) if (m := _DECIMALS.search(c.text)) else 0 for c in [total, *summed])
    slack = len(summed) * 0.5 * 10.0**-places
    return abs(sum(c.value or 0.0 for c in summed) - total.value) <= slack


# "what portion of leased square footage": the share column of the measure, not its amount ("per share" is no part)
_PART_ASKED = re.compile(r"\b(?:portion|proportion|fraction)\b|(?<!\bper\s)\bshare\s+of\b", re.IGNORECASE)
_STATISTIC = frozenset(tokens("average median high low maximum minimum max min"))
_STATISTIC_SAID = re.compile(
    r"\b(?:average|mean|median|high(?:est)?|low(?:est)?|max(?:imum)?|min(?:imum)?|peak|top|bottom)\b", re.IGNORECASE
)


def _header_words(table: Table, col: int) -> set[str]:
    """The words of a column's header that name what it holds, its period's words left out (`column_kind`)."""
    return set(tokens(" ".join(column_kind(table, col))))


def tied_columns(table: Table, grid: list[list[str]], row: int, cols: list[Scored], question: str) -> list[Scored]:
    """The columns that answer for ``row`` as well as the best one: those the question names by the same words,
    once the words of the row's own name are set aside ("cost of license and subscription revenue in 2019" names
    "2019 / Amount" as much as "2019 / % of total revenue"). Of several, the plain amounts (no percentage unless
    one is asked, no stated change); of those, when they all name the same year (the quarters of 2019, "Financial
    assets / 2019" and "Financial liabilities / 2019"), every one whose cell differs: the question does not pick
    one. Otherwise the first (the question named no period: the table's own order decides)."""
    own = set(row_words(table, row))
    top = cols[0]
    tied = [c for c in cols if c.tokens - own == top.tokens - own]
    if len(tied) < 2:
        return [top]
    # of columns tied once the row's words are set aside, those whose header the question says whole ("the
    # noncurrent pension benefit liability" over "Pension Benefits | Other Postretirement Benefits", the row
    # "Pension and other postretirement benefit liabilities")
    said = set(tokens(question))
    whole = [c for c in tied if (words := _header_words(table, c.index)) and words <= said]
    # only where each rival's unsaid words are the row's own: the row names both groups, the question one
    rivals_named_by_row = all(_header_words(table, c.index) - said <= own for c in tied if c not in whole)
    if whole and len(whole) < len(tied) and rivals_named_by_row:
        tied = whole
        if len(tied) < 2:
            return tied
    # scenarios of both ways ("2022 / Increase | 2022 / Decrease"): the way the question says, once the row's own
    # name has spent its words ("an increase in the salary increase rate" over "Salary increase")
    asked = way_asked_of_columns(table, tokens(question), row)
    if asked is not None:
        tied = [c for c in tied if column_way(table, c.index) == asked] or tied
    unstated = _stated_rate_left_out(table, row, question)
    percent = "%" in unstated or bool(
        AS_PERCENT.search(unstated) or _rate_asked(unstated, table, row) or _PART_ASKED.search(unstated)
    )
    plain = [
        c
        for c in tied
        if percent_column(table, c.index) == percent and not STATED_CHANGE.search(table.column_name(c.index))
    ] or tied
    # a statistic of the period (average, high, low) is asked by its word: "how many IT employees at 31 December
    # 2019" over "Average / 2019 | At year end / 2019" is the year-end count, "the total trading VaR at year-end
    # 2018" over "2018 / Average | High | Low | December 31" the year-end one
    if not _STATISTIC_SAID.search(question):
        plain = [c for c in plain if not _STATISTIC & set(tokens(table.column_name(c.index)))] or plain
    # a planned figure ("Target 2024" beside "2024") is asked by its word too
    if not PLANNED.search(question):
        plain = [c for c in plain if not PLANNED.search(table.column_name(c.index))] or plain
    # a length of period asked ("fiscal year 2020" over "Q1 FY20 | ... | FY20", "the nine months"): the columns
    # whose header says that length
    if (months := asked_months(question)) is not None:
        plain = [c for c in plain if column_months(table, c.index) == months] or plain
    # a nil mark ("—") answers no "what was": the columns where the row holds something (the swap's fair value
    # in "Total" and "Level 2", not "Level 1" and "Level 3"); nor does a placeholder ("n/a": the health care trend
    # rate of the pension plans, beside the other postretirement plans' rate)
    plain = [
        c for c in plain if (text := grid[row][c.index]).strip() and not is_nil_mark(text) and not is_placeholder(text)
    ] or plain
    values = {" ".join(grid[row][c.index].split()) for c in plain}
    totals = [c for c in plain if TOTAL_LABEL.search((table.column_chain(c.index) or [""])[-1])]
    if len(values) == 1:  # one value whichever column: the total's when one is among them
        return (totals or plain)[:1]
    years = {year_of(table.column_name(c.index)) for c in plain}
    if len(totals) == 1 and len(years) == 1 and None not in years:  # the parts of one period's total, none named
        return totals  # ("2019 / Quoted | 2019 / Unquoted | 2019 / Total"): the total
    if len(values) > 1 and len(years) == 1 and None not in years:
        edge = _year_edge(table, plain, question)
        return [edge] if edge is not None else plain
    return plain[:1]


# a period's sub-column holding its amount ("Amount", "$", "US$m"), beside its share or per-share figure; not
# "Value", which a "Cost | Fair Value" pair are both
_AMOUNT_LEVEL = re.compile(
    r"^\s*(?:amounts?|[$€£¥]|(?:US|A|C|HK|S)\$|(?:[$€£¥]|US\$)\s*(?:m|mn|bn|million|'000))\s*$", re.I
)


def amount_of_period(table: Table, cols: list[Scored]) -> list[Scored]:
    """Of tied columns of one period, the one headed as its amount ("2023 / Amount | 2023 / Ratio", "2022 / Amount
    | 2022 / Per diluted share"): a question naming neither asks the amount; the other measures are asked by their
    own words. The columns as they are otherwise."""
    amounts = [c for c in cols if _AMOUNT_LEVEL.match((table.column_chain(c.index) or [""])[-1])]
    one_period = len({year_of(table.column_name(c.index)) for c in cols}) == 1
    return amounts if len(amounts) == 1 and one_period else cols


_TOTAL_SAID = re.compile(r"\btotal\b", re.IGNORECASE)


def total_of_tie(table: Table, cols: list[Scored], question: str) -> list[Scored]:
    """Of tied columns of one period, the one headed "Total" beside its parts ("Supermarkets / FY21 | Liquor / FY21 |
    Total / FY21") when the question says "total" ("the total number of stores for the Group", the word a "Total
    Group" row was named by too): the whole is asked, not a part no other word names. The columns as they are
    otherwise."""
    if not _TOTAL_SAID.search(question) or len({year_of(table.column_name(c.index)) for c in cols}) != 1:
        return cols
    totals = [c for c in cols if TOTAL_LABEL.fullmatch(" ".join(table.column_chain(c.index)[:1]).strip())]
    return totals if len(totals) == 1 else cols


def whole_year_of_parts(table: Table, cols: list[Scored]) -> list[Scored]:
    """Of tied columns of one year, the one headed by the year alone beside its parts ("Q1 2019 | ... | Q4 2019 |
    2019", "H1 2019 | H2 2019 | 2019"): a question naming the year and no part asks the whole year's amount (a part
    is asked by its own words). The columns as they are otherwise."""
    years = [c for c in cols if is_year(bare_label(" ".join(table.column_chain(c.index)[-1:])))]
    if len(years) != 1 or len({year_of(table.column_name(c.index)) for c in cols}) != 1:
        return cols
    parts = [c for c in cols if c is not years[0]]
    return years if all((column_months(table, c.index) or FULL_YEAR_MONTHS) < FULL_YEAR_MONTHS for c in parts) else cols


# "at the end of 2018", "year-end 2018": the year's last dated column. (Its beginning is the year before's end, a
# column such a table seldom has: no rule for it.)
_YEAR_END = re.compile(r"\b(end\s+of|year[-\s]end|closing)\b", re.IGNORECASE)
_MONTH_DAY = re.compile(rf"\b({MONTH_NAME})\b\.?\s*(\d{{1,2}})?\b", re.IGNORECASE)


def _year_edge(table: Table, cols: list[Scored], question: str) -> Scored | None:
    """Of columns dated within one year ("June 30, 2018" and "December 31, 2018"), the last when the question asks
    for the year's end; None when it does not or a column has no month to place it by."""
    if not _YEAR_END.search(question):
        return None
    dates = []
    for c in cols:
        m = _MONTH_DAY.search(table.column_name(c.index))
        if m is None:
            return None
        dates.append(((month_number(m.group(1)), int(m.group(2) or 0)), c))
    if len({d for d, _ in dates}) != len(dates):
        return None
    return max(dates, key=lambda dc: dc[0])[1]


def dated_column(table: Table, grid: list[list[str]], linked: Linked, question: str) -> list[Scored]:
    """ "When did X ...?" names no column, yet over a table of records with one date column ("Title | Year | Role",
    "Date | Opponent | Score") it asks that column's cell in the one row linked best: nothing when a column is
    linked, two rows tie, or the row has no or several filled date columns (the question does not say which)."""
    if not ASKS_WHEN.search(question) or linked.row is None or linked.cols:
        return []
    if len(linked.rows) > 1 and round(linked.rows[1].score, SCORE_DIGITS) >= round(linked.row.score, SCORE_DIGITS):
        return []
    r = linked.row.index
    dated = [
        c
        for c in range(table.n_cols)
        if c not in linked.key_cols and DATE_HEADER.search(table.column_name(c)) and grid[r][c].strip()
    ]
    return [Scored(dated[0], 0.0, frozenset(), 0)] if len(dated) == 1 else []


def misses_the_choice(question: str, value: str | None) -> bool:
    """A polar or choice question answered by a value it does not name ("did Hulme or Siffert drive more laps?"
    answered "80"): a cell cannot say yes, no, or which of the named alternatives, so the answer is no answer."""
    if value is None or not POLAR.match(question):
        return False
    return f" {plain_words(value)} " not in f" {plain_words(question)} "


# a row named by its place in the listing: "the first driver listed", "the last date on the chart", "what athlete is
# last on the table", "the last time X appears on the list" (not "the first ... after X": a place relative to a row)
_PLACE_LISTED = re.compile(
    r"\b(?P<a>first|last)\b(?=[^?]*?\b(?:listed|(?:on|in)\s+(?:the|this)\s+(?:list|table|chart)))"
    r"|\b(?:listed|is|are|was|were)\s+(?P<b>first|last)\b(?=\s*(?:(?:on|in)\s+(?:the|this)\s+(?:list|table|chart)\b|\??\s*$))",
    re.IGNORECASE,
)
# a row named by its order alone: "who was the first opponent?", "the last film he made", "the last time X appears";
# not a count or a share ("the first 10 games", "the first half", "the first quarter") and not a result that ranks
# ("first place", "finished last", "placed first": the place is a value of the row, not its order)
_PLACE_ORDINAL = re.compile(
    r"\b(?P<c>first|last)\b(?!\s*(?:\d|one|two|three|four|five|few|several|half|halves|quarters?|place|name)\b)",
    re.IGNORECASE,
)
_RANKED_PLACE = re.compile(
    r"\b(?:place[sd]?|placing|finish(?:e[sd]|ing)?|rank(?:ed|s)?|came|comes?|come\s+in|ended|ends?)\s+(?:in\s+)?"
    r"(?:first|last)\b|\b(?:first|last)[-\s]+(?:place|ranked)\b",
    re.IGNORECASE,
)
_RELATIVE_PLACE = re.compile(r"\b(after|before|following|preceding|next|previous|since|between)\b", re.IGNORECASE)
_LISTING_WORDS = frozenset(t for w in ("first", "last", "listed", "list", "table", "chart") for t in tokens(w))
_NAME = frozenset(tokens("name"))  # "the name of the X": X names the column, "name" only when nothing else does


# what a row's order cannot answer: an amount asked ("how long from the first race to the last"), a bound or a match
# the row must meet ("the first year the fee exceeded 20 million", "the same day as X's last poll")
_NOT_ORDER = re.compile(
    r"^\W*how\b|\b(?:exceed\w*|above|below|over|under|reach\w*|more|less|fewer|greater|same|most|least|best|worst"
    r"|(?:fast|slow|high|low|larg|small|bigg|long|short|old|young|earli|lat)est)\b",
    re.IGNORECASE,
)
# the question asks for a date or a year ("when was ...", "in what year ...", "the date of the first race"): a
# column of dates answers it, not the thing the row names
_ASKS_DATE = re.compile(
    r"^\W*(?:when|(?:in|on)?\s*(?:what|which)\s+(?:year|date|day|season))\b|\b(?:date|year)\s+of\b", re.I
)

ORDER_NOUN_WORDS = 2  # "the first round", "his first international goal": the thing ordered is said right after


def _ordinal(table: Table, question: str) -> re.Match[str] | None:
    """ "The first X", "the last X" naming a row by its order, unless the words beside it are a label's ("First
    quarter", "Last name"), the place is a result ("finished first") or the order cannot answer (`_NOT_ORDER`)."""
    m = _PLACE_ORDINAL.search(question)
    if m is None or _RANKED_PLACE.search(question) or _NOT_ORDER.search(question):
        return None
    noun = question[m.end() :].split()[:1]
    years = {y for ys in column_years(table).values() for y in ys}
    if noun and noun[0].lower().rstrip("s,?") in PERIOD_NOUNS and len(years) >= MIN_DATED_ROWS:
        return None  # "the last year", "the first quarter" over columns of periods: a column, not a row's order
    return None if said_with_a_label(label_phrases(table), question, m.group("c")) else m


def _numbered_by(table: Table, col: int, question: str, m: re.Match[str]) -> bool:
    """The thing the question orders is the column's own, and the column numbers its rows ("the first round" over
    a Round column of 1, 1, 2, ...; "the last pick" over Pick): the question means the row numbered so, which the
    column's cell only repeats; table order is no answer."""
    after = set(tokens(" ".join(question[m.end() :].split()[:ORDER_NOUN_WORDS])))
    if not after & set(tokens(table.column_name(col))):
        return False
    cells = [c for c in table.cells if c.col == col and c.row >= table.header_rows and c.text.strip()]
    return bool(cells) and all(c.value is not None and not is_year(c.text) for c in cells)  # years are an order


def _dated(table: Table, grid: list[list[str]], col: int, how: Callable[[Iterable[bool]], bool] = all) -> bool:
    """Every (``how=any``: some) filled body cell of the column names a year (a year, a date, a season)."""
    said = [r[col] for r in grid[table.header_rows :] if col < len(r) and r[col].strip()]
    return bool(said) and how(bool(year_of(t)) for t in said)


def year_column(table: Table, grid: list[list[str]]) -> int | None:
    """The one column naming each row's year (a listing's "Year", "Date", "Season"): every filled cell names a
    year, or its header says date or year and most of its cells do, two different years at least; None for none or
    several."""
    body = grid[table.header_rows :]
    found = []
    for c in range(table.n_cols):
        said = [r[c] for r in body if c < len(r) and r[c].strip()]
        years = [y for t in said if (y := year_of(t))]
        if len(set(years)) < MIN_DATED_ROWS:
            continue
        if len(years) == len(said) or (DATE_HEADER.search(table.column_name(c)) and len(years) * 2 > len(said)):
            found.append(c)
    return found[0] if len(found) == 1 else None


def listed_place(table: Table, linked: Linked, question: str) -> Linked | None:
    """ "Who is the first driver listed?", "the last date on the chart": the named column's cell in the first (last)
    body row in table order, among the rows the question also names by other words ("the last time the West Indies
    appear on the list") when it does, a total row and an empty cell left out; None unless the question places the
    row so and names a column."""
    m = _PLACE_LISTED.search(question) or _ordinal(table, question)
    if m is None or _RELATIVE_PLACE.search(question) or not linked.cols:
        return None
    things = [s for s in linked.cols if s.tokens - _LISTING_WORDS - _NAME]  # "the name of the first venue": Venue
    col = things[0] if things else linked.cols[0]
    if not col.tokens - _LISTING_WORDS:
        return None
    grid = filled_grid(table)
    if "c" in m.groupdict() and m.group("c"):  # an order said without the listing: what it orders must fit
        if _numbered_by(table, col.index, question, m):
            return None
        if (ASKS_WHEN.search(question) and not _dated(table, grid, col.index)) or (
            _ASKS_DATE.search(question) and not _dated(table, grid, col.index, any)  # a Year column may say "1999–2000"
        ):
            dated = year_column(table, grid)  # "when was his first competition?": the date, not the competition
            if dated is None:
                return None
            col = Scored(dated, col.score, col.tokens, col.position)

    named = [s for s in linked.rows if s.tokens - _LISTING_WORDS - col.tokens]
    if named:
        best = round(named[0].score, SCORE_DIGITS)
        rows = sorted(s.index for s in named if round(s.score, SCORE_DIGITS) == best)
    else:
        rows = list(range(table.header_rows, table.n_rows))
    rows = [
        r for r in rows if grid[r][col.index].strip() and not is_nil_mark(grid[r][col.index]) and not total_row(grid[r])
    ]
    if not rows:
        return None
    said = {k: v for k, v in m.groupdict().items() if v}
    first = next(iter(said.values())).lower() == "first"
    r = rows[0] if first != ("c" in said and newest_first(table)) else rows[-1]  # order of time, when a year says it
    return Linked([Scored(r, col.score, frozenset(), col.position)], [col], linked.key_cols, linked.words)


def only_row(table: Table, linked: Linked) -> Linked | None:
    """The table holds one row of amounts, the question names none of its rows but names a column by what it holds
    (not only by its period): "the amount of buildings" over "Land | Buildings | Total" with one row of values asks
    that row. A column named only by a year ("the amount in 2018") does not say the table is the one asked."""
    if linked.rows:
        return None
    rows = _rows_of_values(table, filled_grid(table))
    named = [c for c in linked.cols if c.tokens & kind_words(column_kind(table, c.index))]
    if len(rows) != 1 or not named or not any(c.row in rows and c.value is not None for c in table.cells):
        return None
    return Linked([Scored(rows[0], 0.0, frozenset(), 0)], named, linked.key_cols, linked.words, linked.whole)


def _rows_of_values(table: Table, grid: list[list[str]]) -> list[int]:
    """Body rows holding more than a label (section rows, notes under the table are no rows of values)."""
    return [r for r in range(table.header_rows, table.n_rows) if sum(bool(t.strip()) for t in grid[r]) >= 2]


MIN_SAME_ROWS = 2  # one row of values is `only_row`'s; from two on, one text in all of them is the column's answer


def same_in_every_row(table: Table, linked: Linked) -> Linked | None:
    """The question names no row but one column, and that column says the same in every row of values (a maker,
    a product's description merged down the whole register): that text answers whichever row was meant, so
    naming none is no ambiguity. The first such row is taken and cited."""
    if linked.rows or not linked.cols or (len(linked.cols) > 1 and linked.cols[1].score >= linked.cols[0].score):
        return None
    grid = filled_grid(table)
    col = linked.cols[0].index
    rows = _rows_of_values(table, grid)
    said = {" ".join(grid[r][col].split()) for r in rows}
    if len(rows) < MIN_SAME_ROWS or len(said) != 1:
        return None
    text = next(iter(said))
    if not text or is_nil_mark(text):  # "—" in every row says nothing
        return None
    return Linked([Scored(rows[0], 0.0, frozenset(), 0)], linked.cols[:1], linked.key_cols, linked.words)


# the question asks why: its answer is the text a "reason" column gives (变动原因, "Reason for change", Grund)
ASKS_REASON = re.compile(
    r"\bwhy\b|\breasons?\b|\bwarum\b|\bgrund\b|\bпочему\b|\bпричин\w*|\bdlaczego\b|\bpowod\w*|\bprzyczyn\w*|原因|为什么|为何",
    re.IGNORECASE,
)
_REASON_COLUMN = re.compile(
    r"reason|explanation|grund|erläuterung|причин|пояснени|powód|przyczyn|uzasadnienie|原因|说明", re.I
)


def reason_column(table: Table, linked: Linked, question: str) -> Linked | None:
    """ "What is the reason for the change in X?" over "Item | Change | Reason for change": the linked row in the one
    column whose name says it gives reasons, when that cell holds text (not a number); None otherwise."""
    if linked.row is None or not ASKS_REASON.search(question):
        return None
    cols = [c for c in range(table.n_cols) if _REASON_COLUMN.search(table.column_name(c))]
    if len(cols) != 1:
        return None
    cell = table.cell_at(linked.row.index, cols[0])
    if cell is None or cell.value is not None or not cell.text.strip():
        return None
    return Linked(linked.rows, [Scored(cols[0], linked.row.score, frozenset(), 0)], linked.key_cols, linked.words)
