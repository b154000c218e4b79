"""Comparisons whose answer is a label: which column (period, segment) or row holds the largest or smallest value
of a named item, which of two named things is larger, which period lies beyond a bound, and the top-N rows of a
column; each cites every cell compared."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from os.path import commonprefix
from typing import Any

from tablerag.model import Cell, Table
from tablerag.parsing.numbers import is_nil_mark, unit_from_text
from tablerag.parsing.spans import is_bucket
from tablerag.parsing.totals import summed_items, summed_parts, summing_column
from tablerag.qa.link import (
    SCORE_DIGITS,
    TOTAL_TOKENS,
    Linked,
    Scored,
    best_tied,
    kind_members,
    kind_section,
    kind_sections,
    labels_unvalued,
    row_words,
    tokens,
    year_block,
    year_blocks,
)
from tablerag.qa.operands import (
    AGE_WORDS,
    DEDUCTION_ROW,
    TOTAL_LABEL,
    Computation,
    Named,
    cell_sql,
    column_labels,
    format_number,
    like_columns,
    non_total_rows,
    numeric_cols,
    operand_rows,
    row_label,
    row_year,
    summed_rows,
    value_cols,
)
from tablerag.qa.periods import (
    MIN_SHARE_PERIODS,
    STATED_CHANGE,
    column_kind,
    column_years,
    is_year,
    open_period,
    part_of_year_label,
    percent_column,
    percent_row,
    quarter_of_label,
    unit_column,
    year_of,
    years_in,
)
from tablerag.qa.route import ASKS_FOR_NAME, ChangeAsked, Intent, Route, rival_gap, threshold, threshold_scale
from tablerag.qa.sql import LABEL_COLUMN, ROW_COLUMN, VIEW_NAME, QueryResult, Sandbox, TypedView, ViewColumn, quote


def _name_column(view: TypedView, linked: Linked) -> str:
    """What names the winning row: a text column the question names ("which country"), else the row's label. A
    text column named by other words than the kind asked ("which dividend paid in 2020" over "Date of payment")
    names no answer."""
    for s in linked.cols:
        vc = view.column(s.index)
        if vc is not None and not vc.numeric:
            if linked.kind and not linked.kind & set(tokens(view.table.column_name(s.index))):
                continue
            return quote(vc.name)
    return LABEL_COLUMN


# a column of places in an order ("Rank", "Pos.", "Place", "Finish", "Seed"): the highest or top rank is place 1,
# the smallest number; "the lowest rank" the largest
ORDINAL_HEADER = re.compile(
    r"^\s*(?:overall\s+|final\s+)?(?:rank(?:ing)?|place|placing|pos\.?|position|standing|finish(?:ing)?(?:\s+position)?"
    r"|seed(?:ing)?)\s*$",
    re.IGNORECASE,
)


def ordinal_column(view: TypedView, col: int) -> bool:
    """The column ranks its rows: its own header is a word of order and its values are whole numbers from 1."""
    vc = view.column(col)
    chain = view.table.column_chain(col)
    if vc is None or not vc.numeric or not chain or not ORDINAL_HEADER.match(chain[-1]):
        return False
    rows = set(view.rows)
    numbers = [c.value for c in view.table.cells if c.col == col and c.value is not None and c.row in rows]
    return bool(numbers) and all(v >= 1 and float(v).is_integer() for v in numbers)


YEAR_CHARS = 4  # a cell that is a year alone ("2009"), not a date holding one
_LEFT_OUT = re.compile(r"\b(?:not|t|never|without|except|excluding|other)\b")  # in link tokens: "wasn't" is "t"
_AGE = frozenset(tokens("age"))  # a column of ages ("Age", "Average age (years)")
_NEWEST = frozenset(tokens("newest"))


def _years_held(view: TypedView, col: int, alone: bool = False) -> bool:
    """Every number of the column in the view's rows names a year ("1975", "March 2012"); ``alone``: is a year and
    nothing else ("2009")."""
    rows = set(view.rows)
    values = [c.text for c in view.table.cells if c.col == col and c.row in rows and c.value is not None]
    return bool(values) and all(year_of(v) is not None and (not alone or len(v.strip()) <= YEAR_CHARS) for v in values)


def _ages(view: TypedView, col: int) -> bool:
    return bool(_AGE & set(tokens(view.table.column_name(col))))


def _aged_by_year(view: TypedView, linked: Linked, col: int) -> bool:
    """Age asked where the order runs the other way: "the oldest / youngest" over a column of years (the oldest was
    built first), "the newest" over a column of ages (the newest is the least aged)."""
    said = AGE_WORDS & set(linked.words)
    if not said:
        return False
    if _ages(view, col):
        return said <= _NEWEST
    return _years_held(view, col) and not said <= _NEWEST


def _aged(view: TypedView, linked: Linked) -> bool:
    """The best-linked column of numbers holds ages ("Age") or years ("Commissioned")."""
    cols = numeric_cols(view, linked)
    return bool(cols) and (_ages(view, cols[0][1].col) or _years_held(view, cols[0][1].col))


def _age_column(view: TypedView, linked: Linked) -> Linked:
    """Age asked ("the oldest vessels", "the youngest board member"): the one column named by age ("Age", "Average
    age (years)") whatever other column the question names ("vessels": "Total vessels"); with none and no column of
    numbers named, the one column of years ("Commissioned", "Director since")."""
    if not AGE_WORDS & set(linked.words):
        return linked
    numeric = [vc.col for vc in view.columns if vc.numeric]
    aged = [c for c in numeric if _ages(view, c)]
    if not aged and not any(c.index in numeric for c in linked.cols):
        aged = [c for c in numeric if _years_held(view, c, alone=True)]
    return replace(linked, cols=[Scored(aged[0], 0.0, frozenset(), 0)]) if len(aged) == 1 else linked


# a ranking asked of what goes out or down ("the largest investing cash outflow", "in which year were foreign
# exchange losses the largest", "which item reduced the effective tax rate the most"), its positive counterpart
# unsaid ("net income (loss)" says both): the amounts below zero are ranked, by size
_NEGATIVE_ASKED = frozenset(
    tokens(
        "loss losses outflow outflows deficit deficits reduced reduces reduction unfavorable unfavourable adverse "
        "benefit benefits"  # a tax benefit: the provision's line below zero ("the largest deferred tax benefit")
    )
)
_POSITIVE_SAID = frozenset(
    tokens("gain gains income profit profits inflow inflows surplus increase increased favorable favourable")
)


def _negative_asked(linked: Linked) -> bool:
    words = set(linked.words)
    return bool(words & _NEGATIVE_ASKED) and not words & _POSITIVE_SAID


def _cell_said(view: TypedView, row: int, col: int) -> list[str]:
    """What names a compared cell: its row (its label and its sections: "Deferred tax liabilities: / Depreciation")
    and its column."""
    return [" ".join([*view.table.row_chain(row), row_label(view, row)]), view.table.column_name(col)]


def _negatives_ranked(view: TypedView, cells: list[tuple[int, int]], sandbox: Sandbox, parts: str) -> bool:
    """Some compared amount is below zero, and the amounts are signed by what they are: a ranking of what goes out
    takes those below zero. Not when all are above zero (what goes out printed as it is), nor when each cell's row
    or column names only the outgoing side ("Net loss | 500 | (20)": a loss of 500 and a gain of 20)."""
    if not sandbox.run(f"SELECT COUNT(*) FROM ({parts}) WHERE v < 0").rows[0][0]:
        return False
    for r, c in cells:
        said = set(tokens(" ".join(_cell_said(view, r, c))))
        if not said & _NEGATIVE_ASKED or said & _POSITIVE_SAID:
            return True
    return False


def _whole_first(view: TypedView, cols: list[tuple[Scored, ViewColumn]]) -> list[tuple[Scored, ViewColumn]]:
    """The linked columns, the total among those tied best first: "which asset class had the largest fair value at
    December 31, 2019" over "Level 1 | Level 2 | Level 3 | Total" under that date ranks the rows by their Total."""
    if len(cols) < 2:
        return cols
    tied_cols = {u.index for u in best_tied([s for s, _ in cols])}
    tied = [(s, vc) for s, vc in cols if s.index in tied_cols]
    totals = [(s, vc) for s, vc in tied if TOTAL_LABEL.search(_own_level(view, vc.col))]
    if len(totals) != 1 or len(tied) < 2:
        return cols
    return totals + [pair for pair in cols if pair is not totals[0]]


def _rank_sql(
    intent: Intent,
    view: TypedView,
    linked: Linked,
    sandbox: Sandbox,
    n: int,
    period: bool = False,
    same: list[int] | None = None,
    place: int = 1,
) -> tuple[str, int, list[int]] | None:
    """The ranking query, the column it ranks in and the rows it ranks; ``same``: the rows of one label under each section
    (`same_label_rows`), which are ranked; ``place``: the first place returned (2: from the second)."""
    cols = _whole_first(view, numeric_cols(view, linked))
    if not cols:
        return None
    vc = cols[0][1]
    # the larger value, or the higher place in an order (its smaller number); the oldest by a year is the earliest
    order = (
        "ASC"
        if (intent is Intent.MIN) != (ordinal_column(view, vc.col) or _aged_by_year(view, linked, vc.col))
        else "DESC"
    )
    same = same or []
    # the net lines of sections ("Net book value" under each asset class) are the items compared, no totals
    where = f"{ROW_COLUMN} IN ({', '.join(str(r) for r in same)})" if same else non_total_rows(view, sandbox)
    years = _year_rows(view)
    if period and _PERIOD_WORD & set(linked.words) and not _YEAR_WORD & set(linked.words):
        years = _open_period_rows(view, years)  # "in which period": "Thereafter" and "2021-2022" are periods too
    if period and len(years) >= MIN_PERIOD_ROWS:  # "in which year": the rows that are years ("Thereafter" is none)
        where = f"{where} AND {ROW_COLUMN} IN ({', '.join(str(r) for r in years)})"
    quarters = _quarter_rows(view, linked) if period else []
    if len(quarters) >= MIN_PERIOD_ROWS:  # "which quarter of 2019": the rows that are its quarters ("Q3 2019")
        where = f"{where} AND {ROW_COLUMN} IN ({', '.join(str(r) for r in quarters)})"
    members = (
        same
        or _left_out_siblings(view, linked)
        # the section the kind asked heads ("which segment" over "Segment operating income:") before the parts of
        # the row named ("Operating income" = "Total segment operating income" + "Corporate expense")
        or _kind_section(view, linked)
        or _parts_of_named_whole(view, linked)
        or section_members(view, linked)
        or _heading_members(view, linked)
        or (_asked_section(view, linked) if not _item_rows(view, linked) else [])
        # the heading the question says over rows of another kind too ("in which quarter was unit case volume
        # highest" over "Net sales" and "Unit case volume" quarters)
        or _section_said(view, linked)
    )
    if members:  # "which region had the lowest operating income": the regions of that section, not of revenue
        where = f"{where} AND {ROW_COLUMN} IN ({', '.join(str(r) for r in members)})"
    residual = _residual_rows(view, linked)
    # a line of amounts with no label under labelled rows (the sums or averages of a register of ranges) names
    # nothing a ranking could answer with
    name = _name_column(view, linked)
    unnamed = f"SELECT {ROW_COLUMN} FROM {VIEW_NAME} WHERE {name} IS NULL OR TRIM(CAST({name} AS VARCHAR)) = ''"
    residual += [int(r) for (r,) in sandbox.run(unnamed).rows if int(r) not in same]
    if residual and len(view.rows) - len(residual) >= MIN_SECTION_MEMBERS:  # "Other countries" is no country
        where = f"{where} AND {ROW_COLUMN} NOT IN ({', '.join(str(r) for r in residual)})"
    key = quote(vc.name)
    ranked_rows = [
        int(r) for (r,) in sandbox.run(f"SELECT {ROW_COLUMN} FROM {VIEW_NAME} WHERE {where} AND {key} IS NOT NULL").rows
    ]
    cells = [(r, vc.col) for r in ranked_rows]
    parts = " UNION ALL ".join(f"SELECT {cell_sql(vc, r)} AS v" for r, _ in cells)
    if cells and _negative_asked(linked) and _negatives_ranked(view, cells, sandbox, parts):
        where, key = f"{where} AND {key} < 0", f"-({key})"  # "the largest outflow": the most negative first
        negative = f"SELECT {ROW_COLUMN} FROM {VIEW_NAME} WHERE {where}"
        ranked_rows = [int(r) for (r,) in sandbox.run(negative).rows]  # only the outflows are compared
    elif cells and _outflows(view, cells, sandbox, parts):
        key = f"ABS({key})"  # "the largest deferred tax liability" over "(2,300)" and "(900)": 2,300
    sql = (
        f"SELECT {name}, {quote(vc.name)}, {ROW_COLUMN} FROM {VIEW_NAME} WHERE {where} AND {quote(vc.name)}"
        f" IS NOT NULL ORDER BY {key} {order}, {ROW_COLUMN} LIMIT {int(n)} OFFSET {int(place) - 1}"
    )
    return sql, vc.col, ranked_rows


_RANKING_WORDS = frozenset(tokens("highest lowest largest smallest most least maximum minimum high low total average"))


def same_label_rows(view: TypedView, linked: Linked) -> list[int]:
    """ "Which asset class had the highest net book value" over "Plant and machinery: / Cost / Accumulated
    depreciation / Net book value" repeated per class: the best-linked rows all carry one own label, each under a
    section of its own, so those rows are ranked and each is named by its section. [] otherwise."""
    table = view.table
    top = [s for s in linked.rows if round(s.score, 6) == round(linked.rows[0].score, 6)] if linked.rows else []
    chains = [table.row_chain(s.index) for s in top]
    if len(top) < MIN_SECTION_MEMBERS or any(len(c) < 2 or c[-1] != chains[0][-1] for c in chains):
        return []
    if top[0].tokens <= _RANKING_WORDS:  # "the highest ..." linked to "Highest" rows names no measure of them
        return []
    if len({tuple(c[:-1]) for c in chains}) != len(chains):
        return []
    if TOTAL_LABEL.search(chains[0][-1]) and any(linked.kind & set(tokens(c[-2])) for c in chains):
        return []  # "By segment: ... Total" | "By type: ... Total": the section the kind heads holds the members
    rows = [s.index for s in top if s.index in view.rows]
    # the whole entity's section ("Consolidated") beside its segments' is no member ranked
    whole = {
        s.index
        for s, c in zip(top, chains, strict=True)
        if _WHOLE_OR_RESIDUAL.search(c[-2]) or TOTAL_LABEL.search(c[-2])
    }
    members = [r for r in rows if r not in whole]
    return members if len(members) >= MIN_SECTION_MEMBERS else rows


def _parts_of_named_whole(view: TypedView, linked: Linked) -> list[int]:
    """ "Which category was the largest component of gross property and equipment": the best-linked row is a whole
    whose amounts sum the rows above it ("Property and equipment, gross"), so those rows are what is ranked (not
    the whole, nor the lines below it that net it; a section's total line by the section's items). [] when the row
    sums no rows."""
    if not linked.rows or linked.rows[0].index not in view.rows:
        return []
    return [r for r in summed_items(view.table, linked.rows[0].index) if r in view.rows]


# a residual bucket a report lists beside the items it names ("Other", "Other countries", "Rest of world",
# "All other", "Unallocated", "Eliminations", "Corporate and unallocated"): no item itself, so never the answer to
# "which country / segment"
RESIDUAL_ROW = re.compile(
    r"^\s*(?:all\s+)?others?\b(?!\s+(?:income|expenses?|revenues?|assets?|liabilit\w*|comprehensive|operating))"
    r"|^\s*rest\s+of\b|^\s*unallocated\b|^\s*(?:inter-?segment\s+)?eliminations?\b"
    r"|^\s*corporate(?:\s+(?:and|&)\s+(?:other|unallocated|eliminations?))?\s*$",
    re.IGNORECASE,
)


# a column (or a section) of the whole entity, beside its segments' ("Retail | Online | Group", "Domestic: ... /
# International: ... / Consolidated: ..."), or of what no segment holds ("Corporate", "Unallocated", "Other")
_WHOLE_OR_RESIDUAL = re.compile(
    rf"^\s*(?:the\s+)?(?:group|consolidated|combined)(?:\s+total)?\s*:?\s*$|{RESIDUAL_ROW.pattern}",
    re.IGNORECASE,
)


def _members_only(view: TypedView, cols: list[int], named: set[int], kind: frozenset[str]) -> list[int]:
    """The columns less the whole entity's ("Group", "Consolidated") and residual ones ("Unallocated",
    "Corporate", "Eliminations"), unless the question names them: no member of the kind ranked ("which segment had
    the highest revenue"); all of them when fewer than two members remain."""
    members = [
        c
        for c in cols
        if c in named or not _WHOLE_OR_RESIDUAL.search(own := _own_level(view, c)) or _area_of_its_own(own, kind)
    ]
    # of the kind asked, when some columns say its words and others not ("which past-due band" over "Current | Up
    # to 30 days past due | 31-60 days past due")
    of_kind = [c for c in members if kind & set(tokens(_own_level(view, c)))]
    if len(of_kind) >= MIN_COMPARED_ROWS and len(of_kind) < len(members):
        members = of_kind
    return members if len(members) >= 2 else cols


def _own_level(view: TypedView, col: int) -> str:
    """The column's own (lowest) header level that is no year: "Group" of "Group / 2020"."""
    chain = view.table.column_chain(col)
    return next((lvl for lvl in reversed(chain) if year_of(lvl) is None), "")


# "Rest of world" / "Rest of Europe" is an area of its own: no country, but a region a "which region" ranks, and a
# segment a company reporting by geography ranks ("Rest of Asia Pacific" beside "Japan" and "Greater China")
# "Rest of world", "Rest of Asia Pacific", and "Other" before an area's own name ("Other Americas", "Other Europe";
# not "Other countries" or "Other international", which name no area)
_REST_OF = re.compile(
    r"^\s*(?i:rest\s+of)\b"
    r"|^\s*(?i:others?)\s+(?!(?i:countries|regions|markets|areas|segments|geographies|international|foreign|"
    r"domestic|locations)\b)[A-Z][a-z]"
)
_AREA_KINDS = frozenset(tokens("region regions area areas geography geographies market markets segment segments"))


def _area_of_its_own(label: str, kind: frozenset[str]) -> bool:
    """ "Rest of world" or "Other Americas" when the kind asked is an area ("which region"): a member, not a residual
    bucket."""
    return bool(_REST_OF.search(label)) and bool(kind & _AREA_KINDS)


# a kind of cost asked ("which expense line", "which cost item"), and the lines of a statement that are none: its
# revenue and the results struck after the costs ("Revenues | Fuel | Maintenance | Operating income")
_COST_KINDS = frozenset(tokens("expense expenses cost costs expenditure expenditures spending"))
_NO_COST = re.compile(
    # "Sales and marketing" is an expense function, not a revenue line
    r"\b(?:revenues?|sales(?!\s*(?:and|&)\s*marketing)|turnover|income|profit|surplus|deficit|margin|ebitda|ebit"
    r"|earnings)\b",
    re.IGNORECASE,
)


def _residual_rows(view: TypedView, linked: Linked) -> list[int]:
    """The rows that are no member of the kind ranked or compared (`_residual`): "Inter-segment eliminations" is
    no segment whose revenue fell."""
    return [r for r in view.rows if _residual(row_label(view, r), linked.kind)]


def _residual(label: str, kind: frozenset[str]) -> bool:
    """A row that is no member of the kind ranked: a residual bucket (`RESIDUAL_ROW`) or a deduction ("Less: ...");
    "Rest of world" is one unless the kind asked is an area (`_area_of_its_own`); a revenue or result line is no
    expense a "which expense" asks for (a line that says cost or expense is one: "Cost of sales")."""
    if _area_of_its_own(label, kind):
        return False
    if kind & _COST_KINDS and _NO_COST.search(label) and not set(tokens(label)) & _COST_KINDS:
        return True
    return bool(RESIDUAL_ROW.search(label) or DEDUCTION_ROW.match(label))


# "which region outside the United States", "which segment, excluding Corporate", "apart from tax at the statutory
# rate, which item": the row named after such a word is left out, and its siblings are what is ranked
_LEAVING_OUT = frozenset(tokens("outside excluding except besides apart aside otherthan"))  # "other than" is one
_OTHER_THAN, _OTHER = tokens("other than")[-1], frozenset(tokens("other"))  # "other than" reads "other otherthan"
LEFT_OUT_SPAN = 6  # the words after "outside" that may name the row left out ("tax at the statutory rate")


def _left_out_words(view: TypedView, linked: Linked) -> set[str]:
    """The words right after the question's leaving-out word ("outside", "excluding", "apart from") that one label
    of the table holds together ("the United States", not "... generated the most revenue"); none without."""
    words = list(linked.words)
    at = next((i for i, t in enumerate(words) if t in _LEAVING_OUT), None)
    if at is None:
        return set()
    table = view.table
    labels = [set(tokens(" ".join(table.row_chain(r)[-1:]))) for r in view.rows]
    labels += [set(tokens(table.column_name(c))) for c in range(table.n_cols)]
    said: set[str] = set()
    for t in words[at + 1 : at + 1 + LEFT_OUT_SPAN]:
        if not any(said | {t} <= label for label in labels):
            break
        said.add(t)
    return said


def _left_out_columns(view: TypedView, linked: Linked) -> tuple[Linked, set[int]]:
    """The links without a column the question leaves out ("which business segment, excluding the Group total"
    over "Retail Banking | ... | Group"), and the columns so left out: it pins no cell and is no candidate."""
    after = _left_out_words(view, linked)
    out = {s.index for s in linked.cols if s.tokens and s.tokens <= after}
    return (replace(linked, cols=[s for s in linked.cols if s.index not in out]), out) if out else (linked, out)


def _left_out_siblings(view: TypedView, linked: Linked) -> list[int]:
    """The rows of the section of a row the question leaves out ("outside the United States" over "Revenue by
    geography: / United States | EMEA | ..."), that row and the section's total left out; empty when no linked row
    is named whole by the words after the leaving-out word, or its section has too few other members."""
    after = _left_out_words(view, linked)
    if not after:
        return []
    table = view.table
    out = next((s.index for s in linked.rows if s.tokens and s.tokens <= after), None)
    if out is None:
        return []
    section = table.row_chain(out)[:-1]
    siblings = [
        r
        for r in view.rows
        if r != out
        and (chain := table.row_chain(r))[:-1] == section
        and not TOTAL_TOKENS & set(tokens(chain[-1] if chain else ""))
    ]
    return siblings if len(siblings) >= MIN_SECTION_MEMBERS else []


def _item_rows(view: TypedView, linked: Linked) -> list[Scored]:
    """The operand rows that are items, not totals: "the largest contributor to revenue" links both "Total revenue"
    rows of a table in sections, which name no item to rank."""
    return [
        s
        for s in operand_rows(linked, view)
        if not TOTAL_TOKENS & set(tokens(" ".join(view.table.row_chain(s.index)[-1:])))
    ]


def _sections(view: TypedView) -> dict[tuple[str, ...], list[int]]:
    """The view's rows under each section path, in table order; a section's total is no member of it."""
    sections: dict[tuple[str, ...], list[int]] = {}
    for r in view.rows:
        chain = view.table.row_chain(r)
        if len(chain) >= 2 and not TOTAL_TOKENS & set(tokens(chain[-1])):
            sections.setdefault(tuple(chain[:-1]), []).append(r)
    return sections


def _asked_section(view: TypedView, linked: Linked) -> list[int]:
    """No row linked (a word every line of the table says, "revenue", links none) and a body in sections: the rows
    of the one section whose name the question says, sections of percentages left out unless a percentage is asked
    ("which region had the highest revenue" over "Revenues: / Americas ..." and "% Revenues by Geography: /
    Americas ..." is the first section's regions, never "Cost of revenues" beside them); of several, the one saying
    most of the question's words. Empty when none is named, or several equally: the whole column is ranked as
    before."""
    table = view.table
    sections = _sections(view)
    asked = set(linked.words)
    percent = bool(asked & set(tokens("percent")))
    named = [
        (len(said), rows)
        for section, rows in sections.items()
        if (said := asked & set(tokens(" ".join(section))))
        and len(rows) >= MIN_SECTION_MEMBERS
        and (percent or not all(percent_row(table, r) for r in rows))
    ]
    # the section saying most of the question's words ("industrial solutions" over "Transportation Solutions:")
    best = [rows for n, rows in named if n == max((n for n, _ in named), default=0)]
    return best[0] if len(best) == 1 else []


def _year_rows(view: TypedView) -> list[int]:
    """The view's rows labelled by a bare year ("2021"; "Thereafter" and "2020 - 2024" are none) that hold an amount:
    a year heading a section of rows ("2019" over the quarters' "Net revenue", "Net income") makes no period row."""
    valued = {c.row for c in view.table.cells if c.value is not None and not is_year(c.text.strip())}
    return [r for r in view.rows if r in valued and is_year(row_label(view, r).strip())]


_QUARTER_WORD = frozenset(tokens("quarter"))
_PERIOD_WORD = frozenset(tokens("period"))
_YEAR_WORD = frozenset(tokens("year"))


def _open_period_rows(view: TypedView, years: list[int]) -> list[int]:
    """The year rows and, among the view's valued rows, those labelled by a period that is no single year
    (`periods.open_period`), in the view's order; the year rows alone when there are none."""
    if not years:
        return years
    valued = {c.row for c in view.table.cells if c.value is not None}
    others = [r for r in view.rows if r in valued and open_period(row_label(view, r))]
    return sorted({*years, *others}) if others else years


def _quarter_rows(view: TypedView, linked: Linked) -> list[int]:
    """The rows labelled by a quarter ("Q3 2019", "3Q19"; "First Quarter", "Dec. 31, 2018" when no row says its
    quarter with a year) of the year the question names, if it names one, when the question asks a quarter; none
    otherwise."""
    if not _QUARTER_WORD & set(linked.words):
        return []
    named = {int(w) for w in linked.words if is_year(w)}
    said = {str(y) for y in named}
    # quarter-end dates under a fiscal year's heading ("Fiscal 2023: September 30, 2022 ... June 30, 2023"): the
    # heading says the year asked, not each date's calendar year
    under = [
        r
        for r in view.rows
        if (quarter_of_label(label := row_label(view, r)) is not None or part_of_year_label(label))
        and said & years_in(" ".join(view.table.row_chain(r)[:-1]), header=True)
    ]
    if under:
        return under
    found = [
        r for r in view.rows if (q := quarter_of_label(row_label(view, r))) is not None and (not named or q[0] in named)
    ]
    if found:
        return found
    # quarters without their year ("First Quarter" ... "Fourth Quarter" under "Fiscal 2019") or by their end dates:
    # the full year's row is no quarter
    return [
        r
        for r in view.rows
        if part_of_year_label(label := row_label(view, r))
        and (not said or not (years := years_in(label, header=True)) or years & said)
    ]


def _kind_section(view: TypedView, linked: Linked) -> list[int]:
    """The rows of the one section whose heading says every word of the kind asked ("which sales channel" over
    "Timing of revenue recognition:" and "Sales channel:"), its total left out; empty unless one such section has
    two or more members. A heading that says the kind beside a measure the question does not ask ("which segment
    had the smallest net revenues" over "Net revenues:" and "Segment operating income:") yields to the section
    the question's words name."""
    members = kind_members(view.table, linked.kind, view.rows)
    if not members:
        # several sections say the kind and the question names none of them apart by another heading word ("which
        # carryforward" over the net operating loss and the tax credit carryforwards): their members together
        sections = kind_sections(view.table, linked.kind, view.rows)
        said = set(linked.words) - {t for c in linked.cols for t in c.tokens}  # a column's words name no section
        apart = [s for s in sections if set(tokens(" ".join(s))) - linked.kind & said]
        return [r for rows in sections.values() for r in rows] if len(sections) >= 2 and not apart else []
    heading = set(tokens(" ".join(kind_section(view.table, linked.kind, members[0]))))
    if heading - linked.kind <= set(linked.words):
        return members
    named = _asked_section(view, linked)
    return named if named and not set(named) & set(members) else members


def _rows_are_kind(view: TypedView, linked: Linked) -> bool:
    """The kind a "which X" asks for is a word of a row label and of no column header ("which function employed the
    most people in total" over "Network and technology", "Corporate and support functions" rows and "Australia |
    International | Total" columns): when the row named is their total, the rows are what is ranked."""
    rows = operand_rows(linked, view)
    # the rows named by the kind alone ("which customer" over "Customer A", "Customer B"): no row named, all ranked
    by_kind = len(linked.rows) >= MIN_SECTION_MEMBERS and all(s.tokens <= linked.kind for s in linked.rows)
    if (
        not linked.kind
        or not rows
        or not (by_kind or TOTAL_TOKENS & set(tokens(" ".join(view.table.row_chain(rows[0].index)[-1:]))))
    ):
        return False  # only a total row named: its parts are what is ranked ("Provision made" is no kind of provision)
    table = view.table
    if by_kind and any(kind_section(table, linked.kind, r) for r in view.rows):
        return (
            True  # a section heading says the whole kind ("which interest-earning asset": "Interest-earning assets:")
        )
    # the header over the row labels says the kind ("Function" over the functions' rows): they are of it
    if linked.kind & set(tokens(table.column_name(0))) and labels_unvalued(table):
        return True
    headers = {t for c in range(1, table.n_cols) for level in table.column_chain(c) for t in tokens(level)}
    labels = {t for r in view.rows for t in tokens(" ".join(table.row_chain(r)[-1:]))}
    return not linked.kind & headers and bool(linked.kind & labels)


def section_members(view: TypedView, linked: Linked) -> list[int]:
    """The rows of the section the question names ("operating income" over "Operating income:" and the regions
    under it), when two or more rows were linked by their section's words alone (their own labels name none of
    them): every row of the view under that section, in the order of the table. Empty when no section is named."""
    table = view.table
    by_section = [
        s
        for s in linked.rows
        if s.index in view.rows and len(chain := table.row_chain(s.index)) >= 2 and s.tokens - set(tokens(chain[-1]))
    ]
    if not by_section:
        return []
    section = table.row_chain(by_section[0].index)[:-1]
    same = [s for s in by_section if table.row_chain(s.index)[:-1] == section]
    if len(same) < MIN_SECTION_MEMBERS:
        return []
    members = [
        r for r in view.rows if table.row_chain(r)[: len(section)] == section and len(table.row_chain(r)) > len(section)
    ]
    # words of a row's own label count only when every member says them ("which quarter in 2019" over "2019: /
    # Fourth Quarter ..."): they tell no member from another, so the section's words alone picked the rows
    own = [set(tokens(table.row_chain(r)[-1])) for r in members]
    said = set().union(*(s.tokens & set(tokens(table.row_chain(s.index)[-1])) for s in same))
    return members if all(said <= words for words in own) else []


def _heading_members(view: TypedView, linked: Linked) -> list[int]:
    """The rows under the heading the question names best, when that row holds no values ("which director received
    the highest total remuneration in 2019" over a "2019" heading above the directors, and a "2018" one above them
    again): every row of the view under it. Empty unless two or more are."""
    if not linked.rows:
        return []
    table, top = view.table, linked.rows[0].index
    heading = table.row_chain(top)
    if not heading or any(c.col > 0 and c.text.strip() for c in table.cells if c.row == top):
        return []  # a row of values, or no label
    members = [
        r for r in view.rows if len(chain := table.row_chain(r)) > len(heading) and chain[: len(heading)] == heading
    ]
    return members if len(members) >= MIN_SECTION_MEMBERS else []


def _pick(
    intent: Intent,
    view: TypedView,
    cells: list[tuple[int, int]],
    labels: list[str],
    sandbox: Sandbox,
    lowest: bool,
    place: int = 1,
    negative: bool = False,
) -> Computation | None:
    """The cell with the largest (smallest) value among the candidates (``place`` 2: the second largest); its row or
    column label is the answer. Amounts of a loss or an expense written as negatives ("Net loss | (5,000) |
    (3,000)") are compared by size: the larger loss is 5,000. ``negative``: what goes out is asked
    (`_negative_asked`), so the amounts below zero are compared, by size."""
    parts = " UNION ALL ".join(
        f"SELECT {i} AS i, {cell_sql(view.column(c) or view.columns[0], r)} AS v" for i, (r, c) in enumerate(cells)
    )
    where = "v IS NOT NULL"
    if negative and _negatives_ranked(view, cells, sandbox, parts):
        where, key = "v < 0", "-v"
    else:
        key = "ABS(v)" if _outflows(view, cells, sandbox, parts) else "v"
    sql = (
        f"SELECT i, v FROM ({parts}) WHERE {where} ORDER BY {key} {'ASC' if lowest else 'DESC'}, i LIMIT 1"
        f" OFFSET {int(place) - 1}"
    )
    res = sandbox.run(sql)
    if not res.rows:
        return None
    i = int(res.rows[0][0])
    compared = [cells[i]] + [c for j, c in enumerate(cells) if j != i]  # the winner first, then every cell it beat
    return Computation(intent, sql, format_number(res.rows[0][1]), compared, label=labels[i], result=res)


MIN_PERIOD_ROWS = 2  # rows labelled by years that a "which year" ranking keeps to; one year is nothing to compare
MIN_COMPARED_ROWS = 2  # "which region's revenue decreased" compares two rows at least: one row is a lookup
MIN_COMPARED_PERIODS = 2  # "in which year did revenue decline" compares a period with the one before it
MIN_SECTION_MEMBERS = 2  # one row linked through a section's words may be that row alone; two are its members

# labels of amounts that go out (a loss, an expense, a cost; a disposal or a payment taken off a balance in a
# roll-forward; dividends paid, purchases and acquisitions in a cash flow statement) or stand against an asset (a
# deferred tax liability, accumulated depreciation, an allowance, a deduction): reports print them as negatives,
# and "larger" means the larger amount lost, spent or owed
OUTFLOW = re.compile(
    r"\b(loss(es)?|expenses?|expenditures?|costs?|deficits?|outflows?|used\s+in|impairments?|write-?(offs?|downs?)"
    r"|disposals?|retirements?|repayments?|payments?|withdrawals?|redemptions?|charge-?offs?|closed|closures?"
    r"|forfeit(?:ed|ures?)|cancell?ed|lapsed|exercised|utili[sz]ed|released|reversals?"
    r"|dividends?|distributions?|(?:re)?purchases?|acquisitions?|buy-?backs?"
    r"|liabilit(?:y|ies)|depreciation|amorti[sz]ation|allowances?|deductions?"
    r"|убыт\w*|расход\w*|затрат\w*|обязательств\w*|амортизац\w*|verlust\w*|aufwend\w*|aufwand\w*|kosten"
    r"|verbindlichkeit\w*|abschreibung\w*|strat\w*|koszt\w*|zobowiązan\w*|amortyzac\w*)\b|亏损|费用|支出|负债|折旧",
    re.IGNORECASE,
)


# labels of measures that go either way (a profit or a loss, a gain, a net result, a change): a negative amount of
# theirs is the other way, not a size, so "in which year was operating income higher" over "(5) | (10)" is the (5);
# "income tax" is a tax, no income
TWO_WAY = re.compile(
    r"\b(income(?!\s+tax)|profits?|earnings|ebit(?:da)?|results?|gains?|margins?|returns?|surplus|changes?"
    r"|increases?|decreases?|growth|net\s+cash"
    r"|прибыл\w*|доход\w*|результат\w*|gewinn\w*|ergebnis\w*|ertr[aä]g\w*|zysk\w*|wynik\w*|dochód\w*)\b"
    r"|利润|收益|盈利",
    re.IGNORECASE,
)


def _outflows(view: TypedView, cells: list[tuple[int, int]], sandbox: Sandbox, parts: str) -> bool:
    """Every compared amount is written as a negative (none above zero, one below) and is compared by its size:
    each cell's row (its label or its section's: "Deferred tax liabilities: / Depreciation") or column names a loss,
    an expense or a cost, or names no measure that goes either way. Reports print a deduction in brackets
    ("Income tax benefits | (155) | (116)", "Goodwill related to the sale ... | (2) | (4,663)"): the larger benefit
    is the 155. A row that can go either way ("Operating income" below zero in each year) keeps the signed order."""
    low, high = sandbox.run(f"SELECT MIN(v), MAX(v) FROM ({parts}) WHERE v IS NOT NULL").rows[0]
    if low is None or high is None or high > 0 or low >= 0:
        return False
    for r, c in cells:
        said = _cell_said(view, r, c)
        if not any(OUTFLOW.search(t) or _falls_only(t) for t in said) and any(TWO_WAY.search(t) for t in said):
            return False
    return True


_FALL = re.compile(r"\b(?:decreases?|reductions?|declines?)\b", re.IGNORECASE)
_RISE = re.compile(r"\b(?:increases?|additions?|growth)\b", re.IGNORECASE)


def _falls_only(text: str) -> bool:
    """A label naming a fall and no rise ("Decreases related to settlements with taxing authorities" in a
    roll-forward, printed "(38)"): its negative is its size, as an outflow's is ("Increase (decrease)" goes either
    way)."""
    return bool(_FALL.search(text)) and not _RISE.search(text)


def _row_value_cells(
    view: TypedView, linked: Linked, want_percent: bool = False, members: bool = False
) -> list[tuple[int, int]] | None:
    """The named row's numeric value cells of one kind (key columns left out), when there are two or more.
    ``members``: the columns may be the members a "which X" asks for, each a kind of its own by its name."""
    rows = operand_rows(linked, view)
    if not rows:
        return None
    grid = view.table.filled_grid()
    r = rows[0].index
    cols = [c for c in value_cols(view, linked) if grid[r][c].strip()]  # a "Notes" column the row leaves empty
    # a "Total" column the question does not name sums the others: no rival of theirs ("in which year are the
    # lease payments highest" over "Total | 2020 | 2021 ...")
    named = {s.index for s in linked.cols}
    parts = [c for c in cols if c in named or not TOTAL_LABEL.search(view.table.column_name(c))]
    # nor does a column of the others' sums ("Q1 | Q2 | Q3 | Q4 | Full Year"); a stated change or a percentage is
    # no part of one ("2019 | 2018 | $ Difference": 2019 is 2018 and the change, no whole of them)
    amounts = [
        c for c in parts if not STATED_CHANGE.search(view.table.column_name(c)) and not percent_column(view.table, c)
    ]
    whole = summing_column(view.table, amounts)
    parts = [c for c in parts if c != whole or c in named]
    cols = parts if len(parts) >= 2 else cols
    cols = _members_only(view, cols, named, linked.kind)
    cells = [(r, c) for c in like_columns(view, cols, linked, want_percent)]
    if len(cells) < MIN_COMPARED_PERIODS and members and linked.kind:
        # "which segment had the highest combined ratio" over "Commercial Lines | Personal Lines | Specialty Lines":
        # the columns are the members asked, each a kind of its own by its name, alike in what they hold
        alike = [
            c
            for c in cols
            if percent_column(view.table, c) == percent_column(view.table, cols[0])
            and not STATED_CHANGE.search(view.table.column_name(c))
        ]
        # each member its own name ("Shares" under two award types is one measure, the types are its groups)
        own = {_own_level(view, c) for c in alike}
        cells = [(r, c) for c in alike] if len(alike) >= MIN_COMPARED_PERIODS and len(own) == len(alike) else cells
    # maturity buckets under a group label ("Payments due by period / Less than 1 year", ...) beside "Total"
    buckets = [(r, c) for c in cols if is_bucket((view.table.column_chain(c) or [""])[-1])]
    return cells if len(cells) >= 2 else buckets if len(buckets) >= 2 else None


def _across_columns(
    intent: Intent,
    view: TypedView,
    linked: Linked,
    sandbox: Sandbox,
    lowest: bool,
    percent: bool = False,
    named_only: bool = True,
    place: int = 1,
) -> Computation | None:
    """A named row, no named column: which column (e.g. which year) holds its largest (smallest) value (``place``
    2: its second largest); the item of
    each period section in the linked column when the periods are sections (`_section_periods`). ``percent``: the
    question asks about the row's percentages ("R&D as a percentage of revenue"): the share column of each year
    ("2019 | % of revenue | 2018 | % of revenue") is compared, named by its year."""
    sections = _section_periods(view, linked)
    if sections is not None:
        return _pick(intent, view, sections[0], sections[1], sandbox, lowest, place)
    shares = _share_cells(view, linked) if percent else None
    if shares is not None:
        years = column_years(view.table)
        return _pick(intent, view, shares, [next(iter(years[c])) for _, c in shares], sandbox, lowest, place)
    cells = _row_value_cells(view, linked)
    categories = _category_cells(view, linked)
    # categories the question names none of whole are ranked all together: "which component had the largest loss"
    # says a word of "Unrealized Gains (Losses)", and "Defined Benefit Pension Plans" is no less a rival ("more bronze
    # medals" names the Bronze column whole: it is what is compared, not a rival of Gold)
    said = set(linked.words)
    if _OTHER_THAN in said:  # "intangible assets other than goodwill" names no "Other" column whole
        said -= _OTHER
    named_whole = any(set(tokens(_own_level(view, s.index))) <= said for s in linked.cols)
    if categories and (cells is None or (set(cells) < set(categories) and not named_whole)):
        cells = categories
    if cells is None and not categories and linked.kind and not any(_named_by_word(s) for s in linked.cols):
        # no column named but by its period: the columns may be the members asked ("which segment had the highest
        # combined ratio in 2020" over "Commercial Lines | Personal Lines" under year sections)
        cells = _row_value_cells(view, linked, members=True)
    if cells is None:
        return None
    cells = _period_amounts(view, cells, False)  # "in which year": the columns that name one
    if not linked.cols and not linked.kind:
        cells = _period_totals(view, cells)  # "Level 1 | Level 2 | Total" under each date: each date's total
    # "which year, 2017 or 2019, had ...": of three years, the two the question names (unless they bound a span
    # the question runs over: ``named_only`` false)
    named = {t for s in linked.cols for t in s.tokens if is_year(t)}
    asked = [(r, c) for r, c in cells if year_of(view.table.column_name(c)) in named]
    if named_only and len(named) >= 2 and len(asked) >= 2:
        cells = asked
    elif len(named) == 1 and MIN_COMPARED_PERIODS <= len(asked) < len(cells):
        cells = asked  # "which quarter of 2019": that year's quarters, not the year before's too
    cells = _pinned_group(linked, _quarter_columns(view, linked, cells))
    labels = column_labels(view, [c for _, c in cells])
    return _pick(intent, view, cells, labels, sandbox, lowest, place, _negative_asked(linked))


def _quarter_columns(view: TypedView, linked: Linked, cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A quarter asked ("which quarter of fiscal 2021"): of the compared columns, the quarters' ("First Quarter |
    ... | Fourth Quarter"), not the full year's beside them ("Fiscal Year", named by the year's words too), when
    two or more are quarters."""
    if not _QUARTER_WORD & set(linked.words):
        return cells
    names = {c: (view.table.column_chain(c) or [""])[-1] for _, c in cells}
    quarters = [(r, c) for r, c in cells if quarter_of_label(names[c]) is not None or part_of_year_label(names[c])]
    return quarters if MIN_COMPARED_PERIODS <= len(quarters) < len(cells) else cells


def _named_by_word(col: Scored) -> bool:
    """A linked column named by a word of its own, not by its year alone."""
    return any(not is_year(t) and not t.isdigit() for t in col.tokens)


def _pinned_group(linked: Linked, cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The compared cells of the column group the question pins: "for the three months ended September 30, in
    which year ..." over "Three Months Ended / 2019 | 2018 | Nine Months Ended / 2019 | 2018" compares the three
    months' years only. Kept: the columns that match the question's words (years aside) most fully, when every other
    compared column matches only some of those words and two or more columns are left; else the cells as they
    are."""
    said = {s.index: frozenset(t for t in s.tokens if not is_year(t)) for s in linked.cols}
    words = {c: said.get(c, frozenset()) for _, c in cells}
    if not words:
        return cells
    most = max(words.values(), key=len)
    top = {c for c, w in words.items() if w == most}
    if (
        len(top) < MIN_COMPARED_PERIODS
        or len(top) == len(words)
        or not all(w < most for w in words.values() if w != most)
    ):
        return cells
    return [(r, c) for r, c in cells if c in top]


MIN_KINDS_PER_PERIOD = 2  # one column a period is no breakdown of it


def _period_totals(view: TypedView, cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A row's cells in columns of several kinds under each period ("December 31, 2019 / Level 1 | ... | Total"):
    each period's Total column of that row instead, a period compared being its whole. The cells as they are
    unless they are of one row, every period has two or more of them, and the table has exactly one total column
    of each period, valued in that row."""
    years = column_years(view.table)
    rows = {r for r, _ in cells}
    if len(rows) != 1 or any(len(years.get(c, ())) != 1 for _, c in cells):
        return cells
    (row,) = rows
    counts = Counter(next(iter(years[c])) for _, c in cells)
    if len(counts) < MIN_COMPARED_PERIODS or min(counts.values()) < MIN_KINDS_PER_PERIOD:
        return cells
    totals: dict[str, list[int]] = {}
    for c, ys in years.items():
        cell = view.table.cell_at(row, c)
        if len(ys) == 1 and TOTAL_LABEL.search(_own_level(view, c)) and cell is not None and cell.value is not None:
            totals.setdefault(next(iter(ys)), []).append(c)
    if set(totals) != set(counts) or any(len(cs) != 1 for cs in totals.values()):
        return cells
    return [(row, totals[y][0]) for y in sorted(totals)]


def _share_cells(view: TypedView, linked: Linked) -> list[tuple[int, int]] | None:
    """The named row's percentage cells, one per year, in columns of two or more different years; None otherwise."""
    cells = _row_value_cells(view, linked, want_percent=True)
    if cells is None:
        return None
    years = column_years(view.table)
    kept = [(r, c) for r, c in cells if percent_column(view.table, c) and len(years.get(c, ())) == 1]
    one_each = len({next(iter(years[c])) for _, c in kept}) == len(kept)
    return kept if len(kept) >= MIN_SHARE_PERIODS and one_each else None


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
    rows = operand_rows(linked, view)
    if not rows:
        return None
    table, r = view.table, rows[0].index
    grid = table.filled_grid()
    cols = [
        vc.col
        for _, vc in numeric_cols(view, linked)
        if grid[r][vc.col].strip() and not TOTAL_LABEL.search(table.column_name(vc.col))
    ]
    cols = _members_only(view, cols, set(), linked.kind)
    kinds = [column_kind(table, c) for c in cols]
    if len(cols) < 2 or len(set(kinds)) != len(cols) or not all(kinds):
        return None
    units = {cell.unit for c in cols if (cell := table.cell_at(r, c)) is not None}
    if len({percent_column(table, c) for c in cols}) > 1 or len(units) > 1:
        return None  # "GWh | % share", "AUM ($bn) | fee rate (bps)": two measures, not two kinds of one
    # each column is named by its last level that is no year and that the other columns do not share: a unit
    # level under every kind ("2019 / Men / Years | 2019 / Women / Years") names none of them
    chains = [table.column_chain(c) for c in cols]
    labels = [
        next(
            (
                lvl
                for i, lvl in reversed(list(enumerate(chain)))
                if not year_of(lvl) and any(i >= len(o) or o[i] != lvl for o in chains if o is not chain)
            ),
            "",
        )
        for chain in chains
    ]
    return _pick(intent, view, [(r, c) for c in cols], labels, sandbox, intent is Intent.MIN)


def _category_cells(view: TypedView, linked: Linked) -> list[tuple[int, int]] | None:
    """A named row's amounts in columns that name no period, each a category of its own ("Cubic Transportation
    Systems | Cubic Mission Solutions | Cubic Global Defense | Total"): "which segment ... the largest" compares
    them. Only in a table of amounts: a column of text beside the row labels makes each row a record whose columns
    are attributes (a name, a year, a score), not categories of one amount. A total column and percentages are no
    candidates; None when fewer than two remain."""
    rows = operand_rows(linked, view)
    texts = [vc.col for vc in view.columns if not vc.numeric and vc.col not in linked.key_cols]
    if not rows or any(not unit_column(view.table, c) for c in texts):
        return None
    table, r = view.table, rows[0].index
    grid = table.filled_grid()
    cols = [c for c in value_cols(view, linked) if grid[r][c].strip()]
    # one heading over every column ("Year ended 31 March 2020" over "UK | Ireland | International | Group"): the
    # period of the whole table, which tells no column apart; the columns are named by their own level
    heading = _one_heading(table, cols)
    if not heading and any(year_of(table.column_name(c)) for c in cols):
        return None  # period columns: `like_columns` chose among them already
    cols = [c for c in cols if not TOTAL_LABEL.search(table.column_chain(c)[-1] if heading else table.column_name(c))]
    cols = [c for c in cols if not percent_column(table, c)]
    cols = _members_only(view, cols, {s.index for s in linked.cols}, linked.kind)
    if not heading and any(len(table.column_chain(c)) != 1 for c in cols):  # nested headers ("Alberta / acres")
        return None  # say more than that
    return [(r, c) for c in cols] if len(cols) >= 2 else None


def _one_heading(table: Table, cols: list[int]) -> bool:
    """Two or more columns under the same upper header levels that name a period, each with a level of its own
    below them that names none."""
    chains = [table.column_chain(c) for c in cols]
    if len(chains) < 2 or any(len(ch) < 2 or ch[:-1] != chains[0][:-1] for ch in chains):
        return False
    return year_of(" ".join(chains[0][:-1])) is not None and all(year_of(ch[-1]) is None for ch in chains)


def _period_amounts(view: TypedView, cells: list[tuple[int, int]], percent: bool) -> list[tuple[int, int]]:
    """The cells of columns that each name one period ("2019", "Fiscal 2018 / Amount", a maturity bucket "1-3 Years"
    beside "Total"), percentage columns left
    out unless a percentage is asked ("% of total revenue" beside each year's amount); all cells when fewer than
    two such remain (the columns are not periods)."""
    table = view.table
    kept = [
        (r, c)
        for r, c in cells
        if (year_of(table.column_name(c)) is not None or is_bucket((table.column_chain(c) or [""])[-1]))
        and percent_column(table, c) == percent
    ]
    return kept if len(kept) >= 2 else cells


def _value_or_nil(view: TypedView, row: int, col: int) -> str:
    """The cell's SQL value; 0 for a dash, which a report writes for nil."""
    grid_text = next((c.text for c in view.table.cells if c.row == row and c.col == col), "")
    sql = cell_sql(view.column(col) or view.columns[0], row)
    return f"COALESCE({sql}, 0)" if is_nil_mark(grid_text) else sql


SHARE_UNITS = ("%", "‰")  # shares take no scale: "more than 15 million" is never a bound on them


def table_bound(view: TypedView, question: str, intent: Intent | None) -> tuple[bool, float] | None:
    """The bound of a question that asks for a name ("in which year was X less than ...") or a count, in the scale
    the table's amounts are written in: "less than $15 million" over a table "(in thousands)" is less than 15,000
    as written there. Converted only when the question says a scale and every amount of the table (shares left
    out) states one and the same scale; a table that states none (its scale said in the text around it) is
    compared with the number as said."""
    if not ASKS_FOR_NAME.search(question) and intent is not Intent.COUNT:
        return None
    bound = threshold(question)
    said = threshold_scale(question)
    if bound is None or said is None:
        return bound
    readings = [unit_from_text(c.unit) if c.unit else (None, 1.0) for c in view.table.cells if _amount(c)]
    scales = {scale for unit, scale in readings if unit not in SHARE_UNITS}
    if len(scales) != 1 or (written := next(iter(scales))) == 1.0:
        return bound
    below, limit = bound
    return below, limit * said / written


def _amount(cell: Cell) -> bool:
    return not cell.is_header and cell.value is not None


def beyond(
    intent: Intent,
    view: TypedView,
    linked: Linked,
    sandbox: Sandbox,
    bound: tuple[bool, float],
    percent: bool = False,
    many: bool = False,
) -> Computation | None:
    """ "In which year was X less than 15,000?": the one period column of the named row whose value lies beyond
    the bound, named by its label and citing every cell compared; when several do (and not all), every one of them
    (the question's singular does not make one of two true answers false). ``many`` ("in which years", "how many
    years"): every such column even when all pass, or their count for a count."""
    sections = _section_periods(view, linked)
    if sections is not None:
        cells, labels = sections
    else:
        found = _row_value_cells(view, linked, percent)
        if found is None:
            return None
        cells = _period_amounts(view, found, percent)
        labels = column_labels(view, [c for _, c in cells])
    parts = " UNION ALL ".join(f"SELECT {i} AS i, {_value_or_nil(view, r, c)} AS v" for i, (r, c) in enumerate(cells))
    below, limit = bound
    sql = f"SELECT i, v FROM ({parts}) WHERE v {'<' if below else '>'} {float(limit)!r} ORDER BY i"
    res = sandbox.run(sql)
    if intent is Intent.COUNT:
        return Computation(intent, sql, str(len(res.rows)), cells, result=res)
    if not res.rows or (len(res.rows) == len(cells) > 1 and not many):
        return None  # none passes, or every one does though one was asked: the bound's scale is likelier misread
    won = [int(r[0]) for r in res.rows]
    compared = [cells[i] for i in won] + [c for j, c in enumerate(cells) if j not in won]
    value = "; ".join(format_number(r[1]) for r in res.rows)
    return Computation(intent, sql, value, compared, label="; ".join(labels[i] for i in won), result=res)


def beyond_down(view: TypedView, linked: Linked, sandbox: Sandbox, bound: tuple[bool, float]) -> Computation | None:
    """ "How many segments in 2019 were above $50 million?", "how many chart positions were less than 40?": the rows
    (total rows left out) whose value in the one linked numeric column lies beyond the bound, counted, citing each
    row's cell in that column; None unless exactly one numeric column is linked (several periods named are a row's
    count across them), or when no row or every row passes (the bound's scale, "5 million" over a table in
    thousands, or the column is likelier misread than the question asked for all or none)."""
    cols = numeric_cols(view, linked)
    if len(cols) != 1:
        return None
    vc = cols[0][1]
    below, limit = bound
    where = f"{non_total_rows(view, sandbox)} AND {quote(vc.name)} {'<' if below else '>'} {float(limit)!r}"
    sql = f"SELECT COUNT(*) AS result, LIST({ROW_COLUMN}) FROM {VIEW_NAME} WHERE {where}"
    res = sandbox.run(sql)
    filled = sandbox.run(f"SELECT COUNT({quote(vc.name)}) FROM {VIEW_NAME} WHERE {non_total_rows(view, sandbox)}")
    if not res.rows or not filled.rows:
        return None
    rows = [int(r) for r in (res.rows[0][1] or [])]
    if len(rows) in (0, int(filled.rows[0][0])):  # a bound no value or every value passes: a scale or column misread
        return None
    return Computation(Intent.COUNT, sql, format_number(res.rows[0][0]), [(r, vc.col) for r in rows], result=res)


def beyond_rows(
    intent: Intent, view: TypedView, linked: Linked, sandbox: Sandbox, bound: tuple[bool, float], many: bool
) -> Computation | None:
    """ "In which year did revenue exceed 1,000?" over rows that are the periods ("Year | Revenue | Net income"):
    the rows (total rows left out) whose value in the one linked column of amounts lies beyond the bound, named by
    their labels, citing every cell compared. Only when no row is named (a named row's columns are compared by
    `beyond`); None when no row passes, or every one does though one was asked (a misread scale or column)."""
    cols = numeric_cols(view, linked)
    if len(cols) != 1 or operand_rows(linked, view):
        return None
    vc = cols[0][1]
    below, limit = bound
    where = f"{non_total_rows(view, sandbox)} AND {quote(vc.name)} IS NOT NULL"
    sql = (
        f"SELECT {_name_column(view, linked)}, {quote(vc.name)}, {ROW_COLUMN} FROM {VIEW_NAME} WHERE {where}"
        f" ORDER BY {ROW_COLUMN}"
    )
    res = sandbox.run(sql)
    won = [r for r in res.rows if (r[1] < limit if below else r[1] > limit)]
    if not won or (len(won) == len(res.rows) > 1 and not many):
        return None
    cells = [(int(r[2]), vc.col) for r in won] + [(int(r[2]), vc.col) for r in res.rows if r not in won]
    return _rows_named(intent, view, linked, sql, res, won, cells)


@dataclass(frozen=True, slots=True)
class Rival:
    """What a "which" question compares each candidate with (`route.rival`): the words said only before the rival
    (``own``), those said only in it (``words``), and whether the candidate must lie below it."""

    below: bool
    own: frozenset[str]
    words: frozenset[str]
    gap: bool | None = None  # "exceed costs by more": the largest gap ranked (False: the smallest), none passed


def rival_of(found: tuple[bool, str, str] | None) -> Rival | None:
    """The `Rival` of `route.rival`'s reading (below, the words before the rival, the rival's words); None when the
    rival says no word of its own."""
    if found is None:
        return None
    below, before, said = found
    said, gap = rival_gap(said)
    a, b = frozenset(tokens(before)), frozenset(tokens(said))
    return Rival(below, a - b, b - a, gap) if b - a else None


def _sides(units: list[Scored], against: Rival) -> tuple[list[Scored], list[Scored]]:
    """The units (rows or columns, best first) named by the words before the rival only, and those named by the
    rival's words only; a unit named by words of both sides, or by neither, is on neither."""
    own = [u for u in units if u.tokens & against.own and not u.tokens & against.words]
    rivals = [u for u in units if u.tokens & against.words and not u.tokens & against.own]
    return own, rivals


def _past_rival(value: Any, rival: Any, below: bool) -> bool:
    return value is not None and rival is not None and (value < rival if below else value > rival)


# a rival column that is what was planned for the amounts ("Final Budget", "Target", "Approved authorization"):
# "which department exceeded its budget" compares the actual amounts with it
_PLANNED = re.compile(
    r"\b(?:budget\w*|target\w*|plan(?:ned)?|forecast\w*|threshold\w*|guidance|authori[sz]\w*|"
    r"approved|appropriat\w*|estimate[ds]?)\b",
    re.IGNORECASE,
)
_ACTUAL = re.compile(r"\bactual\w*\b", re.IGNORECASE)


def _actual_against(view: TypedView, rival: int, years: dict[int, set[str]]) -> int | None:
    """The one column of actual amounts (of the rival's period) a planned rival column is set against; None unless
    the rival is planned and one such column stands beside it."""
    if not _PLANNED.search(view.table.column_name(rival)):
        return None
    actual = [
        vc.col
        for vc in view.columns
        if vc.numeric
        and vc.col != rival
        and _ACTUAL.search(view.table.column_name(vc.col))
        and years.get(vc.col) == years.get(rival)
    ]
    return actual[0] if len(actual) == 1 else None


def _section_said(view: TypedView, linked: Linked) -> list[int]:
    """The rows under the section heading the linked rows share when their headings' words linked them, not their
    own labels ("which expenditure function" over "Expenditures: / Current: / Public safety" and "Expenditures: /
    Debt service: / Interest"): every row under the headings they all share. Empty when no heading linked them."""
    table = view.table
    paths = [
        chain[:-1]
        for s in linked.rows
        if s.index in view.rows and len(chain := table.row_chain(s.index)) >= 2 and s.tokens - set(tokens(chain[-1]))
    ]
    if len(paths) < MIN_SECTION_MEMBERS:
        return []
    common = commonprefix(paths)
    if not common:
        return []
    return [
        r for r in view.rows if table.row_chain(r)[: len(common)] == common and len(table.row_chain(r)) > len(common)
    ]


def beyond_rival(
    intent: Intent, view: TypedView, linked: Linked, sandbox: Sandbox, against: Rival, many: bool, period: bool
) -> tuple[bool, Computation | None]:
    """Candidates compared with a rival the table names (`rival_of`). (Whether the rival names a row or column of
    the table, the answer.)

    - "Which project has spent more than its approved budget?": the rows whose value in the column named before the
      rival ("Spent to date") lies beyond their value in the rival's column ("Approved budget"), both of one period.
    - "In which year were Hemavance's U.S. sales higher than Ostelya's?" (``period``: a period is asked): the period
      columns where the row named before the rival lies beyond the rival's row.
    - "Which segment had higher sales than Europe?": the rows beyond the rival's row in the linked column.

    Every cell compared is cited. A rival named but not compared this way leaves the question unanswered: a ranking
    of one side would answer it wrongly."""
    # a stated change ("Variance with Final Budget") is no amount set against another
    cols = [(s, vc) for s, vc in numeric_cols(view, linked) if not STATED_CHANGE.search(view.table.column_name(vc.col))]
    own_cols, rival_cols = _sides([s for s, _ in cols], against)
    if not rival_cols:  # the rival's column by every word of it, however the link ranked it
        rival_cols = [
            Scored(vc.col, 0.0, against.words, 0)
            for vc in view.columns
            if vc.numeric
            and not STATED_CHANGE.search(view.table.column_name(vc.col))
            and against.words <= set(tokens(" ".join(view.table.column_chain(vc.col))))
        ]
    rows = [s for s in linked.rows if s.index in view.rows]
    own_rows, rival_rows = _sides(rows, against)
    own_rows = [s for s in own_rows if s.tokens - linked.kind]  # a row named by the kind asked is a candidate
    if not rival_cols and not rival_rows:
        return False, None
    years = column_years(view.table)
    asked = {w for w in linked.words if is_year(w)}
    if rival_cols and not period:
        rival_col = rival_cols[0].index
        pair = next((c.index for c in own_cols if years.get(c.index) == years.get(rival_col)), None)
        if pair is None:
            pair = _actual_against(view, rival_col, years)
        other_periods = {frozenset(years.get(c.index, ())) for c in rival_cols} - {frozenset()}
        if pair is None or (len(other_periods) > 1 and not asked):
            return True, None  # no column of the candidates' own, or which period's pair is meant is unsaid
        a, b = view.column(pair), view.column(rival_col)
        if a is None or b is None:
            return True, None
        named = [s.index for s in operand_rows(linked, view)]
        if len(named) < MIN_COMPARED_ROWS:  # the members of the kind asked ("which financial asset"), else all
            named = kind_members(view.table, linked.kind, view.rows) or _section_said(view, linked)
        where = (
            f"{ROW_COLUMN} IN ({', '.join(str(r) for r in named)}) AND {non_total_rows(view, sandbox)}"
            if len(named) >= MIN_COMPARED_ROWS
            else non_total_rows(view, sandbox)
        )
        sql = (
            f"SELECT {_name_column(view, linked)}, {quote(a.name)}, {quote(b.name)}, {ROW_COLUMN} FROM {VIEW_NAME}"
            f" WHERE {where} AND {quote(a.name)} IS NOT NULL AND {quote(b.name)} IS NOT NULL ORDER BY {ROW_COLUMN}"
        )
        res = sandbox.run(sql)
        won = [r for r in res.rows if _past_rival(r[1], r[2], against.below)]
        if not won or (len(won) == len(res.rows) > MIN_COMPARED_ROWS and not many):
            return True, None
        cells = [(int(r[3]), k) for r in won for k in (pair, rival_col)]
        cells += [(int(r[3]), k) for r in res.rows if r not in won for k in (pair, rival_col)]
        return True, _rows_named(intent, view, linked, sql, res, won, cells)
    if not rival_rows:
        return True, None
    rival_row = rival_rows[0].index
    if period:  # two rows, each period column compared
        if not own_rows:
            return True, None
        own_row = own_rows[0].index
        first: dict[str, int] = {}
        # the linked columns of each period; none linked ("in which year did revenue exceed costs"): every one
        candidates = [vc.col for _, vc in cols] or [vc.col for vc in view.columns if vc.numeric]
        for col in candidates:
            for year in sorted(years.get(col, ())):
                first.setdefault(year, col)
        periods = list(dict.fromkeys(first.values()))
        if len(periods) < MIN_COMPARED_PERIODS:
            return True, None
        parts = " UNION ALL ".join(
            f"SELECT {k} AS k, {cell_sql(view.column(c) or view.columns[0], own_row)} AS v,"
            f" {cell_sql(view.column(c) or view.columns[0], rival_row)} AS w"
            for k, c in enumerate(periods)
        )
        sql = f"SELECT k, v, w FROM ({parts}) ORDER BY k"
        res = sandbox.run(sql)
        beaten = [periods[int(r[0])] for r in res.rows if _past_rival(r[1], r[2], against.below)]
        if against.gap is not None and beaten:  # the one period of the largest (smallest) gap among those past it
            gaps = {periods[int(r[0])]: abs(r[1] - r[2]) for r in res.rows if periods[int(r[0])] in beaten}
            pick = max if against.gap else min
            beaten = [pick(beaten, key=lambda c: gaps[c])]
        if not beaten:
            return True, None
        cells = [(r, c) for c in beaten + [c for c in periods if c not in beaten] for r in (own_row, rival_row)]
        values = {periods[int(r[0])]: r[1] for r in res.rows}
        label = "; ".join(column_labels(view, beaten))
        value = "; ".join(format_number(values[c]) for c in beaten)
        return True, Computation(intent, sql, value, cells, label=label, result=res, names=Named.COLUMN)
    if not cols:
        return True, None
    vc = cols[0][1]  # the rows of the linked column beyond the rival's row
    sql = (
        f"SELECT {_name_column(view, linked)}, {quote(vc.name)}, {ROW_COLUMN} FROM {VIEW_NAME}"
        f" WHERE {non_total_rows(view, sandbox)} AND {quote(vc.name)} IS NOT NULL AND {ROW_COLUMN} <> {rival_row}"
        f" ORDER BY {ROW_COLUMN}"
    )
    res = sandbox.run(sql)
    mark = sandbox.run(f"SELECT {cell_sql(vc, rival_row)}").rows
    bar = mark[0][0] if mark else None
    won = [r for r in res.rows if _past_rival(r[1], bar, against.below)]
    if not won:
        return True, None
    cells = [(rival_row, vc.col)] + [(int(r[2]), vc.col) for r in won]
    cells += [(int(r[2]), vc.col) for r in res.rows if r not in won]
    return True, _rows_named(intent, view, linked, sql, res, won, cells)


def _rows_named(
    intent: Intent,
    view: TypedView,
    linked: Linked,
    sql: str,
    res: QueryResult,
    won: list[Any],
    cells: list[tuple[int, int]],
) -> Computation:
    """The result rows ``won`` (each: the row's name, its value, ..., its grid row last) answered by their labels
    and values, ``cells`` cited."""
    labels = "; ".join(_row_name(view, linked, int(r[-1]), r[0]) for r in won)
    value = "; ".join(format_number(r[1]) for r in won)
    return Computation(intent, sql, value, cells, label=labels, result=res, names=Named.ROW)


def _row_name(view: TypedView, linked: Linked, row: int, named: object) -> str:
    """The row's own label (not its section path) when rows are named by their labels, else the named column's text."""
    chains = view.table.row_headers
    if _name_column(view, linked) == LABEL_COLUMN and row < len(chains) and chains[row]:
        return chains[row][-1]
    return str(named)


def compare_two(
    view: TypedView,
    linked: Linked,
    sandbox: Sandbox,
    lowest: bool,
    offered: tuple[frozenset[str], frozenset[str]] | None = None,
) -> Computation | None:
    """ "Which is larger, A or B?": two named rows in one column, or two named columns in one row (``offered``: the
    words of the alternatives, `alternatives`)."""
    cols, rows = numeric_cols(view, linked), _offered_rows(view, linked, offered) or operand_rows(linked, view)
    # "which had a larger share of wafer revenue, IoT or automotive": the total the shares are of is no rival
    parts = [s for s in rows if not TOTAL_LABEL.search(row_label(view, s.index))]
    rows = parts if len(parts) >= 2 else rows
    # "which year had the higher basic EPS, 2018 or 2017?": the two periods named are compared, however many rows
    # the other words link ("EPS" names a row of its own); a period asked, not a group ("which group ..., in 2007
    # and 2014, male or female?")
    years = [frozenset(t for t in s.tokens if is_year(t)) for s, _ in cols[:2]]
    asked = bool((_YEAR_WORD | _PERIOD_WORD) & set(linked.words))
    two_periods = asked and len(years) == 2 and all(years) and years[0] != years[1]
    chosen = _columns_offered(view, [vc.col for _, vc in cols], offered)
    if chosen is not None and rows and offered is not None:
        said = offered[0] | offered[1]
        row = next((s for s in rows if s.tokens - said), rows[0])  # named by words besides the alternatives
        cells = [(row.index, c) for c in chosen]
        labels = column_labels(view, chosen)
    elif len(rows) >= 2 and (col := cols[0][1].col if cols else _total_column(view)) is not None and not two_periods:
        cells = [(s.index, col) for s in rows[:2]]
        labels = [_said_label(view, s) for s in rows[:2]]
    elif len(cols) >= 2 and rows:
        cells = _one_per_period(view, [(rows[0].index, vc.col) for _, vc in cols]) or [
            (rows[0].index, vc.col) for _, vc in cols[:2]
        ]
        labels = column_labels(view, [c for _, c in cells])
    elif len(cols) >= 2:
        return None
    else:
        return _across_columns(Intent.COMPARE, view, linked, sandbox, lowest)
    return _pick(Intent.COMPARE, view, cells, labels, sandbox, lowest)


def _offered_rows(
    view: TypedView, linked: Linked, offered: tuple[frozenset[str], frozenset[str]] | None
) -> list[Scored]:
    """The two rows the alternatives name, one each, in the order said ("which was higher, contingent consideration
    or foreign currency forward contracts?"): for each side the linked row holding most of that side's own words
    (a period's aside: a period offered names a column), however far below the other its link score is (the longer
    alternative links by more words). Each must hold an own word the other row lacks ("deferred revenue" is said
    with the last alternative but names both rows of "current or non-current deferred revenue"). Empty unless both
    sides name a row and the rows differ."""
    if offered is None:
        return []
    candidates = [s for s in linked.rows if s.index in view.rows]
    picked: list[tuple[Scored, frozenset[str]]] = []
    for side, other in (offered, offered[::-1]):
        own = frozenset(t for t in side - other if not t.isdigit())
        best = max(candidates, key=lambda s: len(s.tokens & own), default=None)  # the first of equals: the best linked
        if best is None or not best.tokens & own:
            return []
        picked.append((best, own))
    (a, own_a), (b, own_b) = picked
    if a.index == b.index or not (a.tokens & own_a) - b.tokens or not (b.tokens & own_b) - a.tokens:
        return []
    return [a, b]


def _total_column(view: TypedView) -> int | None:
    """The one numeric column a row's amounts add up in ("Level 1 | Level 2 | Level 3 | Total"), or the only numeric
    column: where two rows are compared when the question names no column."""
    numeric = [vc.col for vc in view.columns if vc.numeric]
    if len(numeric) == 1:
        return numeric[0]
    totals = [c for c in numeric if TOTAL_LABEL.search(_own_level(view, c))]
    return totals[0] if len(totals) == 1 else None


# the alternatives a comparison ends on: "which had the higher balance, current or non-current deferred revenue?"
_ALTERNATIVES = re.compile(
    r"(?:,|:|\bbetween\b)\s*(?:the\s+)?(?P<a>[^,:?]+?)\s+or\s+(?:the\s+)?(?P<b>[^,:?]+?)\s*\??\s*$", re.IGNORECASE
)


def alternatives(question: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """The words of the two alternatives a question ends on ("..., current or non-current deferred revenue?"), else
    None."""
    m = _ALTERNATIVES.search(question)
    if m is None:
        return None
    a, b = frozenset(tokens(m.group("a"))), frozenset(tokens(m.group("b")))
    return (a, b) if a and b and a != b else None


def _columns_offered(
    view: TypedView, cols: list[int], offered: tuple[frozenset[str], frozenset[str]] | None
) -> list[int] | None:
    """Two of ``cols``, one per alternative, each named by its whole own label said on that side only and naming no
    period ("current or non-current" over "Current | Non-current"): the columns compared, in the order said; None
    otherwise."""
    if offered is None:
        return None
    picked = []
    for side, other in (offered, offered[::-1]):
        named = [
            c
            for c in cols
            if (own := frozenset(tokens(_own_level(view, c))))
            and own <= side
            and not own <= other
            and not any(is_year(t) for t in own)
        ]
        if len(named) != 1:
            return None
        picked.append(named[0])
    return picked if picked[0] != picked[1] else None


def _said_label(view: TypedView, row: Scored) -> str:
    """The name of a compared row as the question says it: the row's text cell holding most of the words that
    linked it ("Dempsey or Beasley?" over "Rank | Player | Caps": the Player cell, not the rank), else its label."""
    label = row_label(view, row.index)
    if set(tokens(label)) & row.tokens:
        return label
    grid = view.table.filled_grid()
    numeric = {vc.col for vc in view.columns if vc.numeric}
    said = [(len(set(tokens(t)) & row.tokens), c) for c, t in enumerate(grid[row.index]) if c not in numeric]
    best = max(said, default=(0, -1))
    return " ".join(grid[row.index][best[1]].split()) if best[0] else label


def _one_per_period(view: TypedView, cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """ "Was APAC higher in 2018 or 2017?" over "2018 / Net Sales | 2018 / % of Total | 2017 / ...": the first
    cell of each of two named periods, of the kind of the best-linked column (an amount, or a percentage when that
    is what the question names best); empty unless exactly two periods are left."""
    table = view.table
    percent = percent_column(table, cells[0][1])
    first: dict[str, tuple[int, int]] = {}
    for r, c in _period_amounts(view, cells, percent):
        year = year_of(table.column_name(c))
        if year is not None and percent_column(table, c) == percent:
            first.setdefault(year, (r, c))
    return list(first.values()) if len(first) == 2 else []


def _section_periods(view: TypedView, linked: Linked) -> tuple[list[tuple[int, int]], list[str]] | None:
    """The named item under each period section ("Year ended 30 June 2019" over "Leasehold", the same rows under
    "Year ended 30 June 2018") in the linked column, labelled by the sections' years, when the columns name no
    years: "in which year was leasehold's external valuation below 50%". None unless two or more rows tie on the
    best link, each under a different year."""
    cols = numeric_cols(view, linked)
    if not linked.rows or not cols or column_years(view.table):
        return None
    best = round(linked.rows[0].score, SCORE_DIGITS)
    tied = [s.index for s in linked.rows if round(s.score, SCORE_DIGITS) == best and s.index in view.rows]
    years = [row_year(view, r) for r in tied]
    named = [y for y in years if y is not None]
    if len(tied) < 2 or len(named) != len(tied) or len(set(named)) != len(named):
        return None
    col = cols[0][1].col
    return [(r, col) for r in tied], named


def _row_named(view: TypedView, linked: Linked) -> bool:
    """A row the question names apart from the column: "Which component is the greatest in the total fair value"
    matches the Total row only through the words of the "Total Fair Value" column, so it names no row."""
    rows, cols = operand_rows(linked, view), numeric_cols(view, linked)
    if rows and cols and _whole_of_kind(view, linked, rows[0].index):
        return False  # "which dividend paid in 2020 had the largest amount" over "Total dividends paid in 2020"
    if (
        rows
        and cols
        and all(is_year(t) for t in rows[0].tokens)
        and rows[0].tokens <= years_in(" ".join(view.table.row_chain(rows[0].index)))
        and not column_years(view.table)
    ):
        # "which option activity during 2020" over "Outstanding at December 31, 2020": the year is the question's
        # period, no row's name (a year in a column of the row, "Country | Year", is a condition on the rows)
        return False
    return bool(rows) and not (cols and rows[0].tokens <= cols[0][0].tokens)


MIN_NAMED_CANDIDATES = 2  # columns the question names apart, each by its own words: what a ranking compares
_OFFERS = re.compile(r"\b(?:among|between|or|versus|vs)\b")  # alternatives said (in the question's tokens)


def _cell_pinned(view: TypedView, linked: Linked) -> bool:
    """The question names a row by its whole label and, by a word of its own (no year, none of the row's words), a
    column: "the future minimum operating lease payments due in 2021" over "Fiscal year | Operating leases |
    Finance leases" is the 2021 row's Operating leases cell, not the smaller of its two columns; "the minimum
    useful life of buildings" is the Buildings row's "Useful lives" cell (a range a lookup reads), not the smaller
    of its amounts. A row named by part of its label only ("which hospital has the most beds" and a "Duke
    University Hospital" row) pins nothing."""
    rows = operand_rows(linked, view)
    if not rows or not linked.cols:
        return False
    top = linked.cols[0]
    if any(
        c.tokens == top.tokens and round(c.score, SCORE_DIGITS) == round(top.score, SCORE_DIGITS)
        for c in linked.cols[1:]
    ):
        return False  # words every column of a group says ("Payments due by period") pin none of them
    cell = view.table.cell_at(rows[0].index, linked.cols[0].index)
    if cell is None or cell.col != linked.cols[0].index or not cell.text.strip():
        return False  # a section's own row ("2019:") has no cell of its own in the column: it pins none
    if all(c.col == cell.col for c in view.table.cells if c.row == rows[0].index and c.text.strip()):
        return False  # a heading ("2019" over directors' rows) whose one cell is in the column named: nothing pinned
    label = set(row_words(view.table, rows[0].index))
    if not label or not label <= set(linked.words):
        return False
    # columns each named by words of their own, offered as alternatives ("among Americas, EMEA and Asia Pacific,
    # which segment had the lowest net sales") or holding the row's values ("which declaration date had the largest
    # total dividend amount" over "Dividend Per Share | Total Amount"): the candidates compared, none pinned
    worded = {frozenset(t for t in c.tokens - label if not is_year(t)) for c in linked.cols} - {frozenset()}
    if len(worded) >= MIN_NAMED_CANDIDATES and (
        _OFFERS.search(" ".join(linked.words))
        or all(
            (x := view.table.cell_at(rows[0].index, c.index)) is not None and x.value is not None for c in linked.cols
        )
    ):
        return False
    own = linked.cols[0].tokens - label
    if any(not is_year(t) for t in own):
        return True
    return len(own) == 1 and _one_column_of_year(view, linked, rows[0].index, next(iter(own)))


def _whole_of_kind(view: TypedView, linked: Linked, row: int) -> bool:
    """The row is a total of the kind a "which X" asks ("Total dividends paid in 2020" for "which dividend") and
    sums rows above it: its parts are what is ranked, it names no row whose columns are compared."""
    label = " ".join(view.table.row_chain(row)[-1:])
    if not linked.kind or not TOTAL_LABEL.search(label) or not linked.kind <= set(tokens(label)):
        return False
    return len(summed_parts(view.table, row)) >= MIN_COMPARED_ROWS


def _tied_on_a_year(linked: Linked) -> bool:
    """The best row is linked by a year alone, and as well as another row ("in which month of 2020" over "January
    2020", "February 2020", ...): it is one of the periods compared, no row named."""
    tied = best_tied(linked.rows)
    return len(tied) >= MIN_COMPARED_ROWS and all(s.tokens and all(is_year(t) for t in s.tokens) for s in tied)


def _one_column_of_year(view: TypedView, linked: Linked, row: int, year: str) -> bool:
    """The named row has a value in exactly one column of the named year: "the highest expected volatility in 2019"
    over "2019 | 2018" columns is the 2019 cell (a range a lookup reads); a year over four quarter columns still
    leaves four values to compare."""
    grid = view.table.filled_grid()
    years = column_years(view.table)
    of_year = [c for c in value_cols(view, linked) if grid[row][c].strip() and year in years.get(c, set())]
    # the year's amount beside its share ("2018 / Amount | 2018 / % of Sales") is one amount still
    return len(of_year) == 1 or len([c for c in of_year if not percent_column(view.table, c)]) == 1


def _sole_column(view: TypedView, linked: Linked) -> Linked:
    """ "Which asset was the smallest?" over "| Amount" and the assets as rows: nothing linked, and the table holds
    one column of amounts beside its row labels (no other text), so it is the one ranked. The links as they are
    otherwise."""
    if linked.cols or linked.rows or any(not vc.numeric and vc.col != 0 for vc in view.columns):
        return linked  # a column of text beside the labels: the rows are records, their one number no amount
    cols = value_cols(view, linked)
    if len(cols) != 1:
        return linked
    return replace(linked, cols=[Scored(cols[0], 0.0, frozenset(), 0)])


def _span_cells(view: TypedView, linked: Linked, span: tuple[int, int]) -> list[tuple[int, int]] | None:
    """The named row's amounts in the columns of one year each within the span; None unless two or more."""
    cells = _row_value_cells(view, linked)
    if cells is None:
        return None
    years = column_years(view.table)
    kept = [
        (r, c)
        for r, c in _period_amounts(view, cells, False)
        if len(years.get(c, ())) == 1 and span[0] <= int(next(iter(years[c]))) <= span[1]
    ]
    return kept if len(kept) >= 2 else None


def _year_pins_one(view: TypedView, linked: Linked, year: str) -> bool:
    """The year the question sets leaves one column of the named row to compare: comparing the row across periods
    would answer another year than the one asked."""
    rows = operand_rows(linked, view)
    return bool(rows) and _one_column_of_year(view, linked, rows[0].index, year)


def ranked(
    intent: Intent,
    route: Route,
    view: TypedView,
    linked: Linked,
    sandbox: Sandbox,
    period: bool = False,
    thing: bool = False,
    year: str | None = None,
    percent: bool = False,
    span: tuple[int, int] | None = None,
) -> Computation | None:
    """The winner of a superlative: a period or kind column of a named row, or a row of the linked column.
    ``year``: the one year the question sets as its period; with a named section ("the highest operating income
    among the regions in 2018") the section's rows are ranked in that year's column, never the periods compared.
    ``percent``: the question asks about percentages, so periods are compared by their share columns. ``span``:
    the years the question runs over ("the highest net income from 2017 to 2019"): the named row's columns of those
    years are compared, its end years pin no cell."""
    n = (route.top_n or 1) if intent is Intent.TOP_N else 1
    # "the second-largest market": the rows or columns ranked and that place taken (not across kinds or a span)
    place = nth_place(linked.words) if intent in (Intent.MAX, Intent.MIN) else 1
    linked, left_out = _left_out_columns(view, linked)
    if left_out:
        # the column summing them all ("Worldwide" beside "United States | Europe | ...") holds the one left out too
        whole = summing_column(view.table, [vc.col for vc in view.columns if vc.numeric])
        left_out = left_out | ({whole} if whole is not None else set())
        view = replace(view, columns=[vc for vc in view.columns if vc.col not in left_out])
    linked = _sole_column(view, _age_column(view, linked))
    same = same_label_rows(view, linked)
    if AGE_WORDS & set(linked.words) and (not _aged(view, linked) or _LEFT_OUT.search(" ".join(linked.words))):
        # "the oldest album" ranks ages or years, never chart positions; one "that wasn't a single" leaves rows
        # out by a condition no rule here applies
        return None
    # "which year" over rows labelled by years ("2021 | Operating leases | Finance leases"): a column's name that
    # names no year ("Operating Leases") is no answer, the year rows are ranked below
    year_rows = period and (
        len(_year_rows(view)) >= MIN_PERIOD_ROWS
        or sum(quarter_of_label(row_label(view, r)) is not None for r in view.rows) >= MIN_PERIOD_ROWS
        or sum(part_of_year_label(row_label(view, r)) for r in view.rows) >= MIN_PERIOD_ROWS
    )

    def a_period(found: Computation | None) -> Computation | None:
        label = found.label or "" if found is not None else ""
        return (
            None
            if found is not None and year_rows and not years_in(label, header=True) and not part_of_year_label(label)
            else found
        )

    if (
        intent in (Intent.MAX, Intent.MIN)
        and place == 1
        and (totalled := _across_total(intent, view, linked, sandbox, period))
    ):
        return totalled  # "in which period are the most payments due": the total row's period columns
    if period and intent in (Intent.MAX, Intent.MIN) and place == 1:
        blocked = _block_years(intent, view, linked, sandbox)
        if blocked is not None:
            return blocked
    # "which quarter of 2020" over quarter rows under year columns: the year pins the columns, the rows are ranked
    rows_in_year = year_rows and year is not None
    if (
        period
        and intent in (Intent.MAX, Intent.MIN)
        and operand_rows(linked, view)
        and not _tied_on_a_year(linked)
        and not rows_in_year
    ):  # "in which year was ..."
        across = a_period(
            _across_columns(intent, view, linked, sandbox, intent is Intent.MIN, percent, span is None, place)
        )
        if across is not None:
            return across
    if (
        intent in (Intent.MAX, Intent.MIN)
        and (_row_named(view, linked) or not numeric_cols(view, linked))
        and not _rows_are_kind(view, linked)
        and not AGE_WORDS & set(linked.words)  # age ranks the rows by their age or year, never across columns
        and not same  # one label under each section: the sections' rows are ranked
    ):
        # a named row ("total sales"): which of its columns is largest; else which row is largest in the column.
        # A thing asked ("which component is the greatest in the total fair value in 2019") is no period column.
        if (
            thing and place == 1 and _across_periods(view, linked)
        ):  # the kinds of the pinned columns (segments of 2019), else
            across = _across_kinds(intent, view, linked, sandbox)  # the rows of the pinned column
        elif span is not None and place == 1 and (within := _span_cells(view, linked, span)) is not None:
            return _pick(
                intent, view, within, column_labels(view, [c for _, c in within]), sandbox, intent is Intent.MIN
            )
        elif _cell_pinned(view, linked):  # a row and a column named: one cell, nothing to compare
            return None
        elif rows_in_year:
            across = None  # the period rows of the year named, in its column, below
        elif year is not None and _across_periods(view, linked) and section_members(view, linked):
            across = None  # the year is pinned: the section's rows in its column, below
        elif year is not None and _across_periods(view, linked) and _year_pins_one(view, linked, year):
            across = None  # "the largest current asset in 2019": one column of that year, its rows compared below
        else:
            across = a_period(
                _across_columns(intent, view, linked, sandbox, intent is Intent.MIN, percent, span is None, place)
            )
        if across is not None or not numeric_cols(view, linked):
            return across
    if year is not None and n == 1 and place == 1 and intent in (Intent.MAX, Intent.MIN):
        lines = _year_lines(intent, view, linked, sandbox, year)
        if lines is not None:
            return lines
    return _ranked_rows(intent, view, _share_first(view, linked, percent), sandbox, n, period, place, same)


_PERCENT_WORD = frozenset(tokens("percentage"))


def _share_first(view: TypedView, linked: Linked, percent: bool) -> Linked:
    """ "Which segment had the highest operating margin in 2019" over "2019 | % of Segment Revenue | 2018 | % of
    Segment Revenue" (a margin is a profit's percentage): a share asked of a year ranks the rows in that year's
    share column (a flat header gives it the year of the column before it, `column_years`), not in its amounts."""
    if not (percent or _PERCENT_WORD & set(linked.words)) or len(linked.cols) < 2:
        return linked
    table = view.table
    top = linked.cols[0]
    years = column_years(table)
    if percent_column(table, top.index) or not years.get(top.index):
        return linked
    share = next(
        (s for s in linked.cols[1:] if percent_column(table, s.index) and years.get(s.index) == years[top.index]),
        None,
    )
    if share is None:
        return linked
    return replace(linked, cols=[share, *(s for s in linked.cols if s is not share)])


def _year_lines(intent: Intent, view: TypedView, linked: Linked, sandbox: Sandbox, year: str) -> Computation | None:
    """ "Which executive had the lowest salary in 2019?" over a register of year lines per entity (`year_block`):
    each entity's line of that year in the column the question names, compared, named by the entity (its block's
    first line). None unless two or more entities have such a line."""
    cols = [vc.col for s, vc in numeric_cols(view, linked) if s.tokens]
    if not cols:
        return None
    register = year_blocks(view.table)
    if register is None or cols[0] == register[0]:
        return None
    year_col, blocks = register
    grid = view.table.filled_grid()
    cells, labels = [], []
    for r in view.rows:
        if r not in blocks or grid[r][year_col].strip() != year or not grid[r][cols[0]].strip():
            continue
        if len(blocks[r]) < MIN_COMPARED_PERIODS:
            return None  # an entity of one line: a list of records that each have a year, no register of blocks
        cells.append((r, cols[0]))
        labels.append(row_label(view, blocks[r][0]))
    if len(cells) < MIN_COMPARED_ROWS or len(set(labels)) < len(labels):
        return None
    return _pick(intent, view, cells, labels, sandbox, intent is Intent.MIN)


def _block_years(intent: Intent, view: TypedView, linked: Linked, sandbox: Sandbox) -> Computation | None:
    """ "In which year was Laura Whitfield's salary the highest?" over a register of year lines per entity
    (`year_block`): the named entity's lines in the column the question names, compared, each named by its year.
    None unless a column of amounts is named and the entity has two or more lines."""
    rows = operand_rows(linked, view)
    cols = [vc.col for s, vc in numeric_cols(view, linked) if s.tokens]
    if not rows or not cols:
        return None
    found = year_block(view.table, rows[0].index)
    if found is None or cols[0] == found[0]:
        return None
    year_col, block = found
    grid = view.table.filled_grid()
    cells = [(r, cols[0]) for r in block if r in view.rows and grid[r][cols[0]].strip()]
    if len(cells) < MIN_COMPARED_PERIODS:
        return None
    labels = [grid[r][year_col].strip() for r, _ in cells]
    return _pick(intent, view, cells, labels, sandbox, intent is Intent.MIN)


_PLACES = {"second": 2, "third": 3}
_ORDINAL_DIGITS = {("2", "nd"): 2, ("3", "rd"): 3}  # "2nd", "3rd" as the link tokens split them
_PLACE_RANKS = frozenset(tokens("largest biggest highest greatest smallest lowest"))


def nth_place(words: list[str]) -> int:
    """The place a superlative asks for: 2 for "the second-largest", "2nd highest"; 1 otherwise (a bare number
    before the word is a footnote or an amount: "total debt (2) the largest")."""
    for i, w in enumerate(words[:-1]):
        if w in _PLACES and words[i + 1] in _PLACE_RANKS:
            return _PLACES[w]
        if (w, words[i + 1]) in _ORDINAL_DIGITS and i + 2 < len(words) and words[i + 2] in _PLACE_RANKS:
            return _ORDINAL_DIGITS[(w, words[i + 1])]
    return 1


# the kind a "which" asks when it is a span of time a column holds ("which time bucket", "which maturity band",
# "in which period"): the columns of periods and maturity buckets are the candidates
_SPAN_KINDS = frozenset(tokens("year years period periods bucket buckets band bands maturity maturities time"))


def _span_column(view: TypedView, col: int) -> bool:
    """A column naming a period or a span of time: a year, years ("2021-2022"), a maturity bucket ("1-3 years",
    "Within 1 year", "After 2024", "Thereafter"); no stated change ("2019 vs. 2018")."""
    name = view.table.column_name(col)
    own = (view.table.column_chain(col) or [name])[-1]
    if STATED_CHANGE.search(name):
        return False
    return bool(years_in(own, header=True)) or is_bucket(own)


def _total_row_asked(view: TypedView, linked: Linked) -> int | None:
    """The row a question comparing columns means when it names no other: the linked row when it is a total ("the
    largest amount of total contractual obligations"), else, no row linked ("the largest contractual payments"),
    the table's last total row."""
    rows = operand_rows(linked, view)
    if rows:
        return rows[0].index if TOTAL_LABEL.search(row_label(view, rows[0].index)) else None
    if linked.rows:
        return None
    totals = [r for r in view.rows if TOTAL_LABEL.search(row_label(view, r))]
    return totals[-1] if totals else None


def _across_total(
    intent: Intent, view: TypedView, linked: Linked, sandbox: Sandbox, period: bool
) -> Computation | None:
    """ "In which period are the most contractual payments due", "which fair value level had the highest total
    balance": the columns the question asks for by their kind (periods and maturity buckets, or the columns whose
    names say every word of the kind, each its own: "Level 1 | Level 2 | Level 3" under "Fair Value Measurements"),
    compared on the total row (the "Total" column left out), named by their headers. None unless two or more such
    columns, or when the total row says the kind ("Total segments": the segments are rows)."""
    row = _total_row_asked(view, linked)
    if row is None:
        return None
    grid = view.table.filled_grid()
    cols = [
        c
        for c in value_cols(view, linked)
        if grid[row][c].strip() and not TOTAL_LABEL.search(_own_level(view, c)) and not percent_column(view.table, c)
    ]
    if period or linked.kind & _SPAN_KINDS:
        cols = [c for c in cols if _span_column(view, c)]
    elif linked.kind and not linked.kind <= set(row_words(view.table, row)):  # "Total segments": rows are the kind
        cols = [c for c in cols if linked.kind & set(tokens(_own_level(view, c)))]
        tied = {u.index for u in best_tied(linked.cols)}
        best = [c for c in cols if c in tied]
        cols = best if len(best) >= MIN_COMPARED_PERIODS else cols  # "at December 31, 2018": that date's levels
        if len({_own_level(view, c) for c in cols}) < len(cols):
            return None  # the kind's words in a group label over periods ("Segment Operating Profit / Q2 FY22")
    else:
        return None
    if len(cols) < MIN_COMPARED_PERIODS:
        return None
    cells = [(row, c) for c in cols]
    return _pick(intent, view, cells, column_labels(view, cols), sandbox, intent is Intent.MIN)


def _ranked_rows(
    intent: Intent,
    view: TypedView,
    linked: Linked,
    sandbox: Sandbox,
    n: int,
    period: bool,
    place: int,
    same: list[int] | None = None,
) -> Computation | None:
    """The rows of the linked column ranked, the ``n`` from ``place`` on named by their labels."""
    same = same or []
    built = _rank_sql(intent, view, linked, sandbox, n, period, same, place)
    if built is None:
        return None
    sql, col, compared = built
    res = sandbox.run(sql)
    if not res.rows:
        return None
    cells = [(int(r[2]), col) for r in res.rows]
    chains = view.table.row_headers
    own = _name_column(view, linked) == LABEL_COLUMN  # the row's own label, not its section path
    # rows of one label under sections ("Leasehold land and buildings / Net book value"): the section names each
    labels = [
        (chains[i][-2] if i in same else chains[i][-1]) if own and i < len(chains) and chains[i] else str(r[0])
        for r, (i, _) in zip(res.rows, cells, strict=True)
    ]
    value = format_number(res.rows[0][1]) if n == 1 else "; ".join(format_number(r[1]) for r in res.rows)
    # every cell compared is cited, the places answered first
    cited = cells + [(r, col) for r in compared if (r, col) not in cells]
    return Computation(intent, sql, value, cited, label="; ".join(labels), result=res, names=Named.ROW)


def _two_periods(view: TypedView, linked: Linked, one_year: bool = False) -> tuple[int, int] | None:
    """The earlier and the later of two period columns of amounts: the years the question names, else the
    table's only two; None otherwise (three years and none named: which move is meant is unsaid). ``one_year``:
    one year named over three or more is that year against the year before it (a filter; a ranking "in 2021"
    may be of a stated change into that year)."""
    table = view.table
    years = column_years(table)
    named = {w for w in linked.words if is_year(w)}
    cols = [
        c
        for c in value_cols(view, linked)
        if len(years.get(c, ())) == 1
        and not percent_column(table, c)
        and not STATED_CHANGE.search(table.column_name(c))
    ]
    if len(named) >= 2:
        cols = [c for c in cols if next(iter(years[c])) in named]
    if len(cols) > 2:  # two kinds under each period ("2019 / Revenue | 2019 / Operating income"): the one asked
        cols = like_columns(view, cols, linked)
    if one_year and len(named) == 1 and len(cols) > 2:
        # "which region's revenue fell in 2019" over three years: that year's column against the year before it
        year = next(iter(named))
        earlier = sorted({y for c in cols for y in years[c] if y < year})
        cols = [c for c in cols if next(iter(years[c])) in ({year, earlier[-1]} if earlier else set())]
    by_year = {next(iter(years[c])): c for c in cols}
    if len(cols) != 2 or len(by_year) != 2:
        return None
    old, new = (by_year[y] for y in sorted(by_year))
    return old, new


def _moving(
    view: TypedView, linked: Linked, sandbox: Sandbox, one_year: bool = False
) -> tuple[int, int, str, str, str] | None:
    """What a movement between two periods is read over: the earlier and later columns (`_two_periods`), the rows
    (a named section's, else every row but totals) as a WHERE clause, and the later and earlier columns' SQL names."""
    periods = _two_periods(view, linked, one_year)
    if periods is None:
        return None
    old, new = periods
    # the section the kind asked heads ("which product category" over "Net sales by category:"), else the named one
    members = _kind_section(view, linked) or section_members(view, linked)
    where = f"{ROW_COLUMN} IN ({', '.join(str(r) for r in members)})" if members else non_total_rows(view, sandbox)
    sums = sorted(summed_rows(view.table, sections_only=False))
    if sums:  # "Net sales" under the categories it sums, though no section or word marks it a total
        where = f"{where} AND {ROW_COLUMN} NOT IN ({', '.join(str(r) for r in sums)})"
    residual = _residual_rows(view, linked)
    if residual and len(view.rows) - len(residual) >= MIN_SECTION_MEMBERS:  # "Eliminations" is no segment that moved
        where = f"{where} AND {ROW_COLUMN} NOT IN ({', '.join(str(r) for r in residual)})"
    a, b = (quote((view.column(c) or view.columns[0]).name) for c in (new, old))
    return old, new, where, a, b


def moved_rows(view: TypedView, linked: Linked, sandbox: Sandbox, way: ChangeAsked) -> Computation | None:
    """ "Which region's revenue decreased from 2018 to 2019?": the rows (a named section's, else every row but
    totals) whose amount moved that way between two period columns (`_two_periods`), named in table order, each
    one's two cells cited. None unless two rows at least are compared and one moved so."""
    moving = _moving(view, linked, sandbox, one_year=True)
    if moving is None:
        return None
    old, new, where, a, b = moving
    sql = (
        f"SELECT {ROW_COLUMN}, ({a} - {b}) AS moved FROM {VIEW_NAME} WHERE {where} AND {a} IS NOT NULL"
        f" AND {b} IS NOT NULL ORDER BY {ROW_COLUMN}"
    )
    res = sandbox.run(sql)
    sign = 1 if way == "increase" else -1
    rows = [int(r[0]) for r in res.rows if r[1] is not None and sign * r[1] > 0]
    if len(res.rows) < MIN_COMPARED_ROWS or not rows:
        return None
    cells = [(r, c) for r in rows for c in (new, old)]
    label = "; ".join(_row_name(view, linked, r, row_label(view, r)) for r in rows)
    return Computation(Intent.DIFFERENCE, sql, label, cells, label=label, result=res, names=Named.ROW)


_ONE_WAY = re.compile(r"\b(increase|decrease|inc|dec)s?\b", re.IGNORECASE)
_TWO_WAYS = re.compile(r"\b(change|changes|growth|variance|movement|vs|versus)\b|%", re.IGNORECASE)


def change_label(label: str) -> bool:
    """The label states a change either way ("Comparable sales increase (decrease)", "% change", "Growth"), not a
    flow one way ("Increases in tax positions", "Decreases from settlements")."""
    ways = {m.group(1).lower()[:3] for m in _ONE_WAY.finditer(label)}
    return len(ways) == 2 or bool(_TWO_WAYS.search(label))


def _stated_moves(view: TypedView, linked: Linked, sandbox: Sandbox, way: ChangeAsked) -> Computation | None:
    """The columns where a named row stating a change ("Comparable sales increase (decrease)", "% change") holds a
    value of the sign asked, named by their labels; None for another row, or when none has that sign."""
    rows = operand_rows(linked, view)
    # the row's label states the change, or the stub's header does for every row ("Year-over-year growth" over
    # "Total revenue | Maintenance revenue | ...")
    stub = view.table.column_name(0) if view.table.header_rows else ""
    if not rows or not (change_label(row_label(view, rows[0].index)) or change_label(stub)):
        return None
    cells = _row_value_cells(view, linked)
    if cells is None:
        return None
    labels = column_labels(view, [c for _, c in cells])
    parts = " UNION ALL ".join(f"SELECT {i} AS i, {_value_or_nil(view, r, c)} AS v" for i, (r, c) in enumerate(cells))
    sql = f"SELECT i, v FROM ({parts}) WHERE v {'>' if way == 'increase' else '<'} 0 ORDER BY i"
    res = sandbox.run(sql)
    won = [int(r[0]) for r in res.rows]
    if not won:
        return None
    label = "; ".join(labels[i] for i in won)
    value = "; ".join(format_number(r[1]) for r in res.rows)  # the stated changes, told from a movement's labels
    compared = [cells[i] for i in won] + [c for i, c in enumerate(cells) if i not in won]
    return Computation(Intent.DIFFERENCE, sql, value, compared, label=label, result=res)


def moved_periods(view: TypedView, linked: Linked, sandbox: Sandbox, way: ChangeAsked) -> Computation | None:
    """ "In which year did revenue decline?": the periods (columns that each name one year, period sections, or
    rows that are years when no row is named) in
    which the named row's amount moved that way from the period before, named by their labels in time order, each
    one's cell and the one before it cited. None unless two periods at least are compared and one moved so. A row
    that states a change ("Comparable sales increase (decrease)") moved so where its value has that sign."""
    stated = _stated_moves(view, linked, sandbox, way)
    if stated is not None:
        return stated
    sections = _section_periods(view, linked)
    if sections is not None:
        cells, labels = sections
        years = [year_of(label) for label in labels]
    elif (rows := _year_rows(view)) and not linked.rows and linked.cols:
        # years as rows ("Year | Revenue | Percent Change"): the named column's amount in each year's row
        col = linked.cols[0].index
        cells = [(r, col) for r in rows if view.column(col) is not None]
        labels = [row_label(view, r) for r, _ in cells]
        years = [year_of(label) for label in labels]
    else:
        found = _row_value_cells(view, linked)
        if found is None:
            return None
        cells = _period_amounts(view, found, False)
        labels = column_labels(view, [c for _, c in cells])
        years = [year_of(view.table.column_name(c)) for _, c in cells]
    if any(y is None for y in years) or len(set(years)) != len(years) or len(cells) < MIN_COMPARED_PERIODS:
        return None
    order = sorted(range(len(cells)), key=lambda i: str(years[i]))
    parts = " UNION ALL ".join(f"SELECT {k} AS k, {_value_or_nil(view, *cells[i])} AS v" for k, i in enumerate(order))
    sql = f"SELECT k, v - LAG(v) OVER (ORDER BY k) AS moved FROM ({parts}) ORDER BY k"
    res = sandbox.run(sql)
    if len(res.rows) != len(order) or any(r[1] is None for r in res.rows[1:]):
        return None  # a period without an amount: what moved from what is unsaid
    sign = 1 if way == "increase" else -1
    won = [order[int(r[0])] for r in res.rows[1:] if sign * r[1] > 0]
    if not won:
        return None
    compared = [cells[j] for i in won for j in (i, order[order.index(i) - 1])]
    compared += [c for c in cells if c not in compared]
    label = "; ".join(labels[i] for i in won)
    return Computation(Intent.DIFFERENCE, sql, label, compared, label=label, result=res)


def ranked_change(
    intent: Intent, view: TypedView, linked: Linked, sandbox: Sandbox, change: ChangeAsked, relative: bool = False
) -> Computation | None:
    """ "Which item had the largest increase from 2018 to 2019?": the rows (a named section's, else every row but
    totals) ranked by how their amount moved between two period columns, the later minus the earlier; a fall ranks
    by the most negative, a change either way by its size. The two columns are the years the question names, else
    the table's only two; None otherwise (three years and none named: which move is meant is unsaid). A row that
    sums the rows above it is no item of theirs. ``relative``: ranked by the rate of the movement."""
    moving = _moving(view, linked, sandbox)
    if moving is None:
        return None
    old, new, where, a, b = moving
    # ``relative``: by the rate of the movement, the later over the earlier less one (an earlier nil moves at no rate)
    moved = f"({a} / NULLIF(ABS({b}), 0) - SIGN({b}))" if relative else f"({a} - {b})"
    key = f"ABS{moved}" if change == "change" else moved
    order = "DESC" if (change == "decrease") == (intent is Intent.MIN) else "ASC"
    sql = (
        f"SELECT {ROW_COLUMN}, {moved} AS moved FROM {VIEW_NAME} WHERE {where} AND {moved} IS NOT NULL"
        f" ORDER BY {key} {order}, {ROW_COLUMN}"
    )
    res = sandbox.run(sql)
    if len(res.rows) < 2:
        return None
    rows = [int(r[0]) for r in res.rows]
    cells = [(r, c) for r in rows for c in (new, old)]
    label = _row_name(view, linked, rows[0], row_label(view, rows[0]))
    return Computation(intent, sql, format_number(res.rows[0][1]), cells, label=label, result=res, names=Named.ROW)
