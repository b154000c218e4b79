"""Questions that state a value and ask whose it is: "which region had revenue of 800 in 2019" is the row of the
linked column holding 800; "in which year was EMEA revenue 950" is the column of the named row holding it. The
answer is that row's (column's) label, the cell holding the value its citation."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tablerag.decomposition.serialize import filled_grid
from tablerag.model import Table
from tablerag.parsing.numbers import is_nil_mark, parse_number
from tablerag.parsing.totals import summing_rows
from tablerag.qa.link import SCORE_DIGITS, TOTAL_TOKENS, Linked, best_tied, kind_members, row_words, sole_best, tokens
from tablerag.qa.operands import amount_columns
from tablerag.qa.periods import PERIOD_NOUNS, asks_for, column_years, year_of, year_rows, years_in
from tablerag.qa.route import ASKS_FOR_NAME, threshold
from tablerag.qa.wording import plain_words

# a number as a question states it ("800", "1,200.5", "$950", "12%"); a bare year (no thousands comma) is a period
_NUMBER = re.compile(r"(?<![\w.,])[$€£]?\d[\d,]*(?:\.\d+)?%?(?![\w])")
_YEAR = re.compile(r"(?:19|20)\d\d")
# the period asks of `fit.ASKS_PERIOD` and "which date": the owner's column is named by its year (`year_of`), or by
# its whole header when a date is asked ("as of which date ...": "March 31, 2019")
_ASKS_PERIOD = asks_for((*PERIOD_NOUNS, "date"))
_ASKS_DATE = re.compile(r"\b(?:which|what)\s+(?:\w+\s+)?dates?\b", re.IGNORECASE)
MIN_KIND_COLUMNS = 2  # one column of a kind is no choice: "which level" over "Level 3" alone is a lookup


@dataclass(frozen=True, slots=True)
class Owner:
    """The cell holding the stated value and the label that answers: its row's or its column's."""

    row: int
    col: int
    label: str


def stated_number(question: str) -> float | None:
    """The one amount the question states (years left out); None for none or several."""
    found = set()
    for m in _NUMBER.finditer(question):
        text = m.group(0)
        if _YEAR.fullmatch(text):
            continue
        parsed = parse_number(text)
        if parsed is not None:
            found.add(parsed.value)
    return found.pop() if len(found) == 1 else None


def _holds(text: str, number: float) -> bool:
    parsed = parse_number(text) if text.strip() else None
    return parsed is not None and parsed.value == number


def value_owner(table: Table, linked: Linked, question: str) -> Owner | None:
    """Whose value the question states: with a row named by its whole label and a period asked, the one column of
    that row holding it (named by its year); else the one row of the best-linked column holding it (named by its
    own label). None unless exactly one cell holds the value, the question asks for a name and sets no bound
    ("above 500" is a filter, not a value)."""
    if not ASKS_FOR_NAME.search(question) or threshold(question) is not None:
        return None
    number = stated_number(question)
    if number is None:
        return None
    grid = filled_grid(table)
    body = range(table.header_rows, table.n_rows)
    row = linked.row
    if row is not None and any(
        _holds(m.group(0), number) for m in _NUMBER.finditer(" ".join(table.row_chain(row.index)))
    ):
        return None  # "when do the 5.250% senior notes mature": the amount names the row, it is no value asked of
    if row is not None and _ASKS_PERIOD.search(question) and set(row_words(table, row.index)) <= set(linked.words):
        if linked.cols and linked.cols[0].index not in amount_columns(table):
            return None  # "when do X's options at $18.42 expire": the date column the question names, not a period
        values = [c for c in range(table.n_cols) if c not in linked.key_cols]
        cols = [c for c in values if _holds(grid[row.index][c], number)]
        cols = cols or [c for c in values if _holds(grid[row.index][c], -number)]  # "a net loss of 120": "(120)"
        if len(cols) == 1:
            name = table.column_name(cols[0])
            return Owner(row.index, cols[0], name if _ASKS_DATE.search(question) else year_of(name) or name)
        return None
    if not linked.cols:
        return None
    # of the columns named best ("which driver scored 1 point": Driver and Points), the one where one row holds it
    best = round(linked.cols[0].score, SCORE_DIGITS)
    tied = [c.index for c in linked.cols if round(c.score, SCORE_DIGITS) == best]
    holding = [(c, rows) for c in tied if len(rows := [r for r in body if _holds(grid[r][c], number)]) == 1]
    if len(holding) != 1:
        return None
    col, (at,) = holding[0]
    amounts = amount_columns(table)
    named = [c for c in tied if c != col and c not in amounts]  # "which driver": the Driver cell
    chain = table.row_headers[at] if at < len(table.row_headers) else []
    label = grid[at][named[0]] if len(named) == 1 else chain[-1] if chain else grid[at][0]
    return Owner(at, col, " ".join(label.split())) if label.strip() else None


# "which level are the corporate bonds categorized under", "what category does X fall in": the kind asked
_WHICH_KIND = re.compile(r"^\s*(?:in\s+|under\s+)?(?:which|what)\s+([^\W\d_]+)\b", re.IGNORECASE)
_WHICH = re.compile(r"^\s*(?:in\s+|under\s+)?which\b", re.IGNORECASE)


# a noun that names what every amount cell holds: asked after "what", it asks the amount, no kind of column
_AMOUNT_NOUN = re.compile(r"(?:amount|value|sum|figure)s?", re.IGNORECASE)


def filled_kind(table: Table, linked: Linked, question: str) -> Owner | None:
    """ "Which level were the corporate bonds categorized under?" over "Level 1 | Level 2 | Level 3 | Total": the one
    column of the asked kind (its header says the noun asked) where the named row holds an amount, named by its
    header. A "which" kind no header says ("which segment recorded a goodwill impairment" over "Americas | EMEA |
    APAC | Total") takes the amount columns, totals left out, as its members, when the row is named by its own label
    and the columns are no periods. Rows tied on the question's words answer when each sits under a section of its
    own and all hold their amount in the same column (one item in a block per date). None unless two or more columns
    of the kind are not totals and exactly one of them holds a non-nil amount; a period asked is left to the period
    rules."""
    m = _WHICH_KIND.match(question)
    row = linked.row
    if m is None or row is None or m.group(1).lower().rstrip("s") in PERIOD_NOUNS:
        return None
    if _AMOUNT_NOUN.fullmatch(m.group(1).strip()):
        return None  # "what value did she realize on vesting": the amount, not the column ("Value Realized ...")
    # the kind's every word ("which asset class" is no "Assets under construction" column)
    kind = (set(linked.kind) if _WHICH.match(question) else set()) or set(tokens(m.group(1)))
    if not kind:
        return None  # "what were ...": no kind asked
    grid = filled_grid(table)
    headers = {c: set(tokens(table.column_name(c))) for c in range(table.n_cols) if c not in linked.key_cols}
    cols = [c for c, words in headers.items() if kind <= words and not TOTAL_TOKENS & words]
    if (
        not cols
        and linked.kind
        and _WHICH.match(question)
        and linked.key_cols <= {0}  # the row named by its own label, not by another of its cells
        and not any(kind <= words for words in headers.values())
        and not column_years(table)  # amounts by period: a period rule's question
    ):
        # "which segment recorded a goodwill impairment" over "Americas | EMEA | APAC | Total": a kind no header
        # says is what the amount columns, totals left out, are members of
        amounts = amount_columns(table)
        cols = [c for c, words in headers.items() if c in amounts and not TOTAL_TOKENS & words]
    if len(cols) < MIN_KIND_COLUMNS:
        return None
    said = f" {plain_words(question)} "
    if any(f" {plain_words(table.column_name(c))} " in said for c in cols):
        return None  # "what Level 3 contingent consideration was carried": the column is named, its amount asked
    # rows tied on the question's words answer when they agree: the same item in a block per date, each under a
    # section of its own
    rows = [s.index for s in best_tied(linked.rows)] if linked.rows_tied else [row.index]
    sections = {tuple(table.row_chain(r)[:-1]) for r in rows}
    if len(rows) > 1 and (len(sections) < len(rows) or () in sections):
        return None
    held = {tuple(_holding(table, grid, r, cols)) for r in rows}
    if len(held) != 1 or len(found := next(iter(held))) != 1:
        return None
    chain = table.column_chain(found[0])
    return Owner(row.index, found[0], chain[-1] if chain else table.column_name(found[0]))


# "in which year was there an income tax benefit?": a period asked with nothing to compare or bound
# a comparison or a change asked: a superlative or a bound picks the answer, not which cells hold an amount
_RANK_WORDS = (
    r"(?:more|less|fewer|higher|lower|larger|smaller|greater|bigger|most|least|highest|lowest|largest|smallest|"
    r"biggest|greatest|increase[ds]?|decrease[ds]?|than|above|below|over|under|exceed\w*|change[ds]?)"
)
_RANKS = re.compile(rf"\b{_RANK_WORDS}\b", re.IGNORECASE)


def _which_unranked(kind: str) -> re.Pattern[str]:
    """ "In which <kind> ..." with no comparison or change asked after it (``kind``: the pattern of the noun)."""
    return re.compile(
        rf"^\s*(?:in\s+|for\s+|during\s+)?(?:which|what)\s+{kind}\b(?![^?]*\b{_RANK_WORDS}\b)", re.IGNORECASE
    )


_WHICH_PERIOD = _which_unranked(r"(?:fiscal\s+|financial\s+)?(?:year|period)s?")


def filled_period(table: Table, linked: Linked, question: str) -> Owner | None:
    """ "In which year was there an income tax benefit?" over "Income tax benefit | - | 350": the one period
    column (of two or more, each of one year) where the named row holds a non-nil amount, named by its year; over a
    schedule whose rows are years, the one year row where the named column does (`_filled_year_row`). None when a
    column is named over period columns, the row is tied, a value or bound is stated, or not exactly one period
    holds one."""
    if _WHICH_PERIOD.match(question) is None or threshold(question) is not None or stated_number(question) is not None:
        return None
    row = linked.row
    years = year_rows(table)
    if linked.cols and (row is None or row.index not in years):  # a total row names no year
        found = _filled_year_row(table, linked, years)
        if found is not None or row is None:
            return found
    if row is None or linked.rows_tied or linked.cols:
        return None
    periods = _year_columns(table, linked)
    if len(set(periods.values())) < MIN_KIND_COLUMNS:
        return None
    held = _holding(table, filled_grid(table), row.index, list(periods))
    return Owner(row.index, held[0], periods[held[0]]) if len(held) == 1 else None


# "in which quarter did the company record a goodwill impairment": a quarter asked with nothing to compare or bound
_WHICH_QUARTER = _which_unranked(r"(?:fiscal\s+)?(?:quarter|three[-\s]month\s+period)s?")
# a column of one quarter: "Third Quarter", "Q3", "3Q", or a date under "Three Months Ended" / "Quarter Ended"
_QUARTER_HEAD = re.compile(
    r"\b(?:first|second|third|fourth)\s+quarter\b|\bQ[1-4]\b|\b[1-4]Q\b|\bquarter\s+ended\b|"
    r"\bthree\s+months\s+ended\b|\b13\s+weeks\s+ended\b",
    re.IGNORECASE,
)
_LONGER_PERIOD = re.compile(
    r"\b(?:six|nine|twelve)\s+months\b|\bfull\s+year\b|\byear\s+ended\b|\btotal\b", re.IGNORECASE
)


def filled_quarter(table: Table, linked: Linked, question: str) -> Owner | None:
    """ "In which quarter did the company record a goodwill impairment?" over "First Quarter | ... | Fourth Quarter"
    (or dates under "Three Months Ended"): the one quarter column, of the year the question names if it names one,
    where the named row holds a non-nil amount, named by its own header level. None unless exactly one does, the
    row is not tied and no column is named apart from the quarters."""
    if _WHICH_QUARTER.match(question) is None or threshold(question) is not None or stated_number(question) is not None:
        return None
    row = linked.row
    if row is None or linked.rows_tied:
        return None
    asked = years_in(question)
    quarters = [
        c
        for c in range(table.n_cols)
        if c not in linked.key_cols
        and _QUARTER_HEAD.search(name := table.column_name(c))
        and not _LONGER_PERIOD.search((table.column_chain(c) or [name])[-1])  # "Q4 / Total" is no quarter
        and (not asked or asked & years_in(name, header=True))
    ]
    if len(quarters) < MIN_KIND_COLUMNS or any(c.index not in quarters for c in linked.cols if c.tokens - row.tokens):
        return None
    held = _holding(table, filled_grid(table), row.index, quarters)
    if len(held) != 1:
        return None
    chain = table.column_chain(held[0])
    return Owner(row.index, held[0], chain[-1] if chain else table.column_name(held[0]))


def _filled_year_row(table: Table, linked: Linked, years: dict[int, str]) -> Owner | None:
    """ "In which year does the revolving credit facility mature?" over a schedule whose rows are years ("2023 | — |
    184,000 | —"): the one year row where the column named holds an amount, named by its year; None when no column
    is named alone or not exactly one year holds one (``years``: the table's year rows, `year_rows`)."""
    best = linked.cols[0]
    if len(years) < MIN_KIND_COLUMNS or any(
        round(s.score, SCORE_DIGITS) == round(best.score, SCORE_DIGITS) for s in linked.cols[1:]
    ):
        return None
    grid = filled_grid(table)
    held = [
        r
        for r in years
        if (cell := table.cell_at(r, best.index)) is not None
        and cell.value not in (None, 0)
        and not is_nil_mark(grid[r][best.index])
    ]
    return Owner(held[0], best.index, years[held[0]]) if len(held) == 1 else None


def _year_columns(table: Table, linked: Linked) -> dict[int, str]:
    """The columns of one year each (not the question's key columns), by their year."""
    return {c: next(iter(ys)) for c, ys in column_years(table).items() if len(ys) == 1 and c not in linked.key_cols}


def _holding(table: Table, grid: list[list[str]], row: int, cols: list[int]) -> list[int]:
    """The columns where the row holds an amount that is neither nil nor zero."""
    return [
        c
        for c in cols
        if (cell := table.cell_at(row, c)) is not None and cell.value not in (None, 0) and not is_nil_mark(grid[row][c])
    ]


def member_holding(table: Table, linked: Linked, question: str) -> Owner | None:
    """ "Which asset is classified as Level 3?" over "Assets: / ... | Level 1 | Level 2 | Level 3": the one member of
    the kind asked (the rows under the section its words head, no totals) that holds an amount in the column the
    question names, named by its own label. None when the question names a row of its own, compares or bounds
    anything, or not exactly one member holds an amount there."""
    if not linked.kind or not linked.cols or _RANKS.search(question) or threshold(question) is not None:
        return None
    if any(not s.tokens <= linked.kind for s in linked.rows):
        return None  # a row named by words of its own is asked about, not found
    col = linked.cols[0].index
    if TOTAL_TOKENS & set(tokens(table.column_name(col))) or col in linked.key_cols:
        return None
    if sole_best(linked.cols) is None:
        return None
    grid = filled_grid(table)
    held = [r for r in _kind_members(table, linked.kind) if _holding(table, grid, r, [col])]
    if len(held) != 1:
        return None
    return Owner(held[0], col, " ".join(table.row_chain(held[0])[-1:]))


# "which segment had an operating loss", "in which year was there a foreign exchange gain": an outcome said with
# an article asks where the named row's amount has the sign of that outcome
_OUTCOME = re.compile(
    r"\b(?:a|an|any)\s+(?:[^\W\d_][\w'’-]*\s+){0,3}?(loss(?:es)?|deficits?|gains?|profits?|surplus(?:es)?|benefits?)\b",
    re.IGNORECASE,
)
# "did financing activities provide net cash", "in which year was cash used in investing": a cash flow's side said
# by its verb, as a statement of cash flows names it ("Net cash provided by (used in)")
_CASH_OUTCOME = re.compile(r"\b(provided?|provides|generated?|generates|used?|uses)\s+(?:net\s+)?cash\b", re.IGNORECASE)
# "did the change in valuation allowance reduce income tax expense", "did changes in estimates increase the
# reserve": a line's effect on what it adds to, said by a verb with its object (no period after it: "did revenue
# increase in 2019" asks a movement)
_EFFECT_OUTCOME = re.compile(
    r"\b(increase[sd]?|raise[sd]?|reduce[sd]?|decrease[sd]?|lower(?:s|ed)?)\s+"
    r"(?!(?:in|by|from|to|during|over|at|for|of|between|compared|year|period|quarter|the\s+(?:most|least|year))\b)"
    r"(?:the\s+|its\s+|their\s+)?[^\W\d_]",
    re.IGNORECASE,
)
# "in which year did the company report net income": a result reported, an article or none before it
_REPORTED_OUTCOME = re.compile(
    r"\b(?:report(?:ed|s)?|record(?:ed|s)?|post(?:ed|s)?|ma(?:de|ke|kes))\s+(?:an?\s+)?(?:net\s+|operating\s+)?"
    r"(income|profits?|earnings|loss(?:es)?)\b",
    re.IGNORECASE,
)
_SET_ASIDE = re.compile(r"\b(?:rather\s+than|instead\s+of)\b[^,;?]*", re.IGNORECASE)  # "rather than use it"
_OUTCOMES = (  # the roots found
    *("loss", "deficit", "gain", "profit", "surplus", "benefit", "provid", "generat", "use"),
    *("increas", "rais", "reduc", "decreas", "lower", "income", "earning"),
)
_NEGATIVE_OUTCOMES = ("loss", "deficit", "use", "reduc", "decreas", "lower")
_PERIOD_TOKENS = frozenset(tokens("fiscal year years quarter quarters half month months period"))  # a period's words
_OPPOSITES = {
    "loss": "gain profit income benefit",
    "gain": "loss",
    "profit": "loss",
    "income": "loss",
    "earning": "loss",
    "benefit": "provision expense",
}
_STATES_OUTCOME = re.compile(
    r"\b(loss(es)?|deficits?|gains?|profits?|surplus|benefits?|income|earnings)\b", re.IGNORECASE
)


def signed_owner(table: Table, linked: Linked, question: str) -> Owner | None:
    """ "Which segment had an operating loss?" over "Operating income (loss) | 700 | 400 | (300)": the one column
    where the named row's amount has the sign of the outcome asked (a loss or deficit below zero; a gain, profit,
    surplus or benefit above it, or below when the label puts that word in parentheses: "Provision for (benefit
    from) income taxes"), named by its year when a period is asked, else by its header. Only over a row whose sign
    carries meaning: its label names both outcomes ("gain (loss)", "income (loss)") or its amounts are of both
    signs. None unless exactly one such column. The outcome may be said by a verb too: cash provided or used, a
    line that increases or reduces what it adds to, income or a loss reported; one set aside ("rather than a net
    loss") is not the one asked."""
    said = _SET_ASIDE.sub(" ", question)
    m = (
        _OUTCOME.search(said)
        or _CASH_OUTCOME.search(said)
        or _EFFECT_OUTCOME.search(said)
        or _REPORTED_OUTCOME.search(said)
    )
    if m is None or not ASKS_FOR_NAME.search(question):
        return None
    # a comparison asked ranks, no outcome's sign; the verb of the effect asked and the named row's own words
    # ("Change in valuation allowance") are none
    own = set(row_words(table, linked.row.index)) if linked.row is not None else set()
    rest = said[: m.start()] + " " + said[m.end() :]
    if any(not set(tokens(r.group(0))) <= own for r in _RANKS.finditer(rest)):
        return None
    row = linked.row.index if linked.row is not None else None
    if row is None or linked.rows_tied:
        # "a net loss" over "Net revenue" and "Net income" (tied, or no row linked by a word every row says): the
        # one row whose label states an outcome
        best = round(linked.rows[0].score, SCORE_DIGITS) if linked.rows else None
        rows = [s.index for s in linked.rows if round(s.score, SCORE_DIGITS) == best] or range(
            table.header_rows, table.n_rows
        )
        stating = [r for r in rows if _STATES_OUTCOME.search(" ".join(table.row_chain(r)[-1:]))]
        row = stating[0] if len(stating) == 1 else None
    else:
        stating = [row]
    if threshold(question) is not None or stated_number(question) is not None:
        return None
    stem = next(root for root in _OUTCOMES if m.group(1).lower().startswith(root))
    members = _kind_members(table, linked.kind)
    if members and linked.cols:  # "which segment reported an operating loss in 2019": the members of that kind
        return _signed_row(table, linked, stem, members)
    asked = years_in(question)
    if asked and linked.row is not None and linked.cols and linked.row.tokens <= asked | _PERIOD_TOKENS:
        # "which quarter of fiscal 2020 reported a net loss" over quarter rows ("Q1 2020", ..., "Fiscal 2020") and
        # a "Net income (loss)" column: the rows of the year asked, not the year's sum of them
        sums = set(summing_rows(table))
        dated = [
            r
            for r in range(table.header_rows, table.n_rows)
            if years_in(" ".join(table.row_chain(r)[-1:])) & asked and r not in sums
        ]
        return _signed_row(table, linked, stem, dated) if len(dated) >= MIN_KIND_COLUMNS else None
    if row is None and len(stating) > 1:
        # rows tied that each state the outcome ("Net income (loss)" and its per-share line): one answer when
        # they agree on where the outcome is
        owners = [_signed_column(table, linked, question, r, stem) for r in stating]
        first = owners[0]
        return first if first is not None and all(o is not None and o.col == first.col for o in owners) else None
    if row is None:
        return _signed_row(table, linked, stem) if not linked.rows else None
    return _signed_column(table, linked, question, row, stem)


def _below_zero(label: str, stem: str) -> bool:
    """Whether the outcome ``stem`` is the amounts below zero under ``label``: a loss, a deficit or cash used are,
    and whatever the label puts in parentheses ("Provision for (benefit from) income taxes"); an outcome printed as
    it is beside its opposite in parentheses ("Actuarial (gain) loss") is the amounts above zero."""
    if re.search(rf"\([^)]*\b{re.escape(stem)}", label):
        return True
    opposite = _OPPOSITES.get(stem, "")
    if (
        opposite
        and re.search(rf"\b{re.escape(stem)}", label)
        and re.search(rf"\([^)]*\b(?:{'|'.join(opposite.split())})", label)
    ):
        return False
    return stem in _NEGATIVE_OUTCOMES


def _signed_column(table: Table, linked: Linked, question: str, row: int, stem: str) -> Owner | None:
    """The one column where ``row``'s amount has the sign of the outcome ``stem`` (see `signed_owner`), named by
    its year when a year is asked, else its own header level; None unless exactly one."""
    label = " ".join(table.row_chain(row)[-1:]).lower()
    negative = _below_zero(label, stem)
    grid = filled_grid(table)
    amounts = amount_columns(table)
    cols = [
        c
        for c in range(table.n_cols)
        if c in amounts and c not in linked.key_cols and not TOTAL_TOKENS & set(tokens(table.column_name(c)))
    ]
    values = {c: v for c in cols if (cell := table.cell_at(row, c)) is not None and (v := cell.value)}
    both = any(v > 0 for v in values.values()) and any(v < 0 for v in values.values())
    if not (both or ("(" in label and stem in label)):
        return None
    # "in which quarter of 2018", "an actuarial loss on pension benefits": the columns the question names together
    # (by a year, or by a group's words), when it names several
    tied = best_tied(linked.cols)
    # (not by the kind asked: "which segment" says the "Segment" of "Segment A" and "Segment B" alike)
    named = {s.index for s in tied} if years_in(question) or any(s.tokens - linked.kind for s in tied) else set()
    if len(named & set(values)) >= MIN_KIND_COLUMNS:
        values = {c: v for c, v in values.items() if c in named}
    held = [c for c, v in values.items() if (v < 0) == negative and not is_nil_mark(grid[row][c])]
    asked = _ASKS_PERIOD.search(question)
    by_year = asked is not None and (asked.group(2) or "year").lower().startswith("year")
    if by_year and len(years := {year_of(table.column_name(c)) for c in held}) == 1 and None not in years:
        held = held[:1]  # a year's amount and its share ("2019 / Amount | 2019 / %"): one year answers
    if len(held) != 1:
        return None
    name = table.column_name(held[0])
    chain = table.column_chain(held[0])
    year = year_of(name) if by_year else None
    return Owner(row, held[0], year or (chain[-1] if chain else name))


def _kind_members(table: Table, kind: frozenset[str]) -> list[int]:
    """The body rows, no totals, under the one section heading that says every word of the kind a "which X" asks
    for ("which segment" over "Segment operating income:"); [] unless one such section has two or more."""
    return kind_members(table, kind, range(table.header_rows, table.n_rows))


def _signed_row(table: Table, linked: Linked, stem: str, rows: list[int] | None = None) -> Owner | None:
    """The same over a column when the rows are what is asked ("in which fiscal year did the company record an
    operating loss" over years as rows and an "Operating income (loss)" column): the one body row, not a total,
    whose amount in the best-linked column has the outcome's sign, named by its own label. Only over a column whose
    label names both outcomes or whose amounts are of both signs. ``rows``: the rows compared, else every one."""
    if not linked.cols:
        return None
    col = linked.cols[0].index
    label = table.column_name(col).lower()
    grid = filled_grid(table)
    negative = _below_zero(label, stem)
    values = {
        r: cell.value
        for r in (rows if rows is not None else range(table.header_rows, table.n_rows))
        if (cell := table.cell_at(r, col)) is not None
        and cell.value is not None
        and not TOTAL_TOKENS & set(row_words(table, r))
    }
    both = any(v > 0 for v in values.values()) and any(v < 0 for v in values.values())
    if not (both or ("(" in label and stem in label)):
        return None
    held = [r for r, v in values.items() if (v < 0) == negative and not is_nil_mark(grid[r][col])]
    if len(held) != 1:
        return None
    name = next((t for c, t in enumerate(grid[held[0]]) if t.strip() and c != col), "")
    return Owner(held[0], col, " ".join(table.row_chain(held[0])[-1:]) or name) if name else None


# "which expense line was nil in 2018", "in which year were there no settlements", "which instrument had nothing
# outstanding": the one cell asked for holds nothing
_NOTHING = re.compile(r"\b(?:no|nothing|nil|none|zero)\b", re.IGNORECASE)


def _empty_amount(table: Table, grid: list[list[str]], row: int, col: int) -> bool:
    cell = table.cell_at(row, col)
    return is_nil_mark(grid[row][col]) or (cell is not None and cell.value == 0)


def nil_owner(table: Table, linked: Linked, question: str) -> Owner | None:
    """The one place holding nothing where the others hold amounts: of the period columns, for the named row, when a
    period is asked ("in which year were there no settlements", beside one amount or more); else of the body rows
    (no totals), in the named column ("which expense line was nil in 2018" over "2019 | 2018"), beside two or more
    amounts. None unless exactly one."""
    if not _NOTHING.search(question) or not ASKS_FOR_NAME.search(question) or _RANKS.search(question):
        return None
    grid = filled_grid(table)
    if _WHICH_PERIOD.match(question) is not None:
        row = linked.row
        if row is None or linked.rows_tied:
            return None
        periods = {c: y for c, y in _year_columns(table, linked).items() if grid[row.index][c].strip()}
        empty = [c for c in periods if _empty_amount(table, grid, row.index, c)]
        if len(empty) != 1 or len(periods) < MIN_KIND_COLUMNS:  # two years: one nil, one amount is a choice
            return None
        return Owner(row.index, empty[0], periods[empty[0]])
    if not linked.cols:
        return None
    col = linked.cols[0].index
    rows = [
        r
        for r in range(table.header_rows, table.n_rows)
        if grid[r][col].strip() and table.row_chain(r) and not TOTAL_TOKENS & set(tokens(table.row_chain(r)[-1]))
    ]
    empty = [r for r in rows if _empty_amount(table, grid, r, col)]
    if len(empty) != 1 or len(rows) - 1 < MIN_KIND_COLUMNS:
        return None
    return Owner(empty[0], col, table.row_chain(empty[0])[-1])


_WHO = re.compile(r"^\W*(?:who|whom)\b", re.IGNORECASE)
# a first column of people or parties, by its header ("Name", "Director", "Executive officer", "Lender")
_PARTY_HEADER = re.compile(
    r"^\s*(?:names?|directors?|(?:executive\s+)?officers?|executives?|members?|persons?|individuals?|trustees?|"
    r"managers?|shareholders?|holders?|lenders?|counterpart(?:y|ies)|auditors?|advisers?|advisors?)\b",
    re.IGNORECASE,
)

# a row asked by its place beside the one named ("what route is listed directly above the one that ..."): the
# named row is not the one answered
_PLACED = re.compile(r"\b(?:above|below|after|before|following|preceding|previous|prior|next)\b", re.IGNORECASE)
_PARTY_WORDS = frozenset(
    tokens(
        "director officer executive member person individual trustee manager shareholder holder lender counterparty "
        "auditor adviser advisor people who employee subsidiary entity company"
    )
)


def role_holder(table: Table, linked: Linked, question: str) -> Owner | None:
    """ "Who is the company's chief financial officer?" over "Name | Age | Position": the row named alone by words of
    another text column (its "Position") answers with its first column's text, the person, when that column's
    header says it holds people or parties (`_PARTY_HEADER`). "Which subsidiary is incorporated in China?" the same,
    when the kind asked ("subsidiary") is the first column's: people or parties by its header, the kind's words said
    by that header or by a section over the row ("Subsidiaries"), or a register's names (`_names_column`) whose kind
    no header says ("which property is used for assembly and test" over "Location | Principal Use"). The first
    column may be a key of the link only when the question says its name in part and another cell whole
    ("Northwind Ireland Limited" for "incorporated in Ireland"). None unless the best row is not tied, the first
    column holds text in that row, and no column is named by words of its own (the kind's words name none: "which
    member" over a "Member since" column; the column of the cell the question says is no other)."""
    row = linked.row
    if row is None or linked.rows_tied:
        return None
    grid = filled_grid(table)
    said = set(tokens(question))
    # a row named by a cell said whole though only its numbers linked it ("a useful life of 3-10 years")
    keys = linked.key_cols or {
        c for c in range(1, table.n_cols) if (words := set(tokens(grid[row.index][c]))) and words <= said
    }
    if not keys:
        return None
    if 0 in keys and (
        set(tokens(grid[row.index][0])) <= said  # the name is said whole: the question asks something else of it
        or not any(c and set(tokens(grid[row.index][c])) <= said for c in keys)
    ):
        return None  # a name said in part ("Northwind Ireland Limited"), the row named by another cell ("Ireland")
    heads = _kind_heads_first_column(table, linked.kind, row.index) or (
        # "which property is used for assembly" over "Location | Principal use": a register's names, its kind said
        # by no header, the row named by another of its cells alone
        0 not in keys
        and _names_column(table)
        and bool(linked.kind)
        and not any(linked.kind & set(tokens(table.column_name(c))) for c in range(1, table.n_cols))
    )
    if not (_WHO.match(question) or (heads and not _PLACED.search(question))):
        return None
    if not _PARTY_HEADER.match(table.column_name(0)) and not linked.kind:
        return None  # "who came in after X" over "Rank | Athlete": the first column is no one's name
    if sole_best(linked.rows) is None:
        return None
    if any(
        not col.tokens <= row.tokens | linked.kind for col in linked.cols if col.index not in keys - linked.key_cols
    ):
        return None  # "who chairs the Audit Committee": a column named apart from the row is what is asked about
    name = " ".join(grid[row.index][0].split())
    if not name or parse_number(name) is not None:
        return None
    return Owner(row.index, 0, name)


def party_of(table: Table, linked: Linked, question: str) -> Owner | None:
    """ "Who provides the convertible notes?" over "Facility | Lender | Limit": the one column of people or parties by
    its header (`_PARTY_HEADER`) beside the row the question names by its first column, when it asks who and names
    no column."""
    row = linked.row
    if not _WHO.match(question) or row is None or linked.rows_tied or linked.cols or 0 not in linked.key_cols:
        return None  # the row named by its own label ("the convertible notes"), not by a few words of another cell
    if sole_best(linked.rows) is None:
        return None
    parties = [
        c for c in range(1, table.n_cols) if c not in linked.key_cols and _PARTY_HEADER.match(table.column_name(c))
    ]
    if len(parties) != 1:
        return None
    text = " ".join(filled_grid(table)[row.index][parties[0]].split())
    if not text or parse_number(text) is not None:
        return None
    return Owner(row.index, parties[0], text)


MIN_REGISTER_ROWS = 3  # two rows of names may be a pair of totals; three or more distinct names are a register


def _names_column(table: Table, blanks: bool = False) -> bool:
    """The first column names each row of a register: a distinct text (no amount) in every body row (with
    ``blanks``, in every body row that has one: a sub-total line under the names says none)."""
    grid = filled_grid(table)
    names = [" ".join(grid[r][0].split()) for r in range(table.header_rows, table.n_rows)]
    names = [n for n in names if n] if blanks else names
    return (
        len(names) >= MIN_REGISTER_ROWS
        and all(n and parse_number(n) is None for n in names)
        and len(set(names)) == len(names)
    )


def first_column_of_kind(table: Table, kind: frozenset[str] | set[str]) -> bool:
    """The first column's header says a word of the kind a "which X" asks for ("Asset category" for "which asset
    category"): that column holds the labels such a question is answered with."""
    return bool(kind & set(tokens(table.column_name(0))))


def _kind_heads_first_column(table: Table, kind: frozenset[str], row: int) -> bool:
    """The kind a "which X" asks for is what the first column holds: people or parties by its header when the kind
    is such a one ("which member" over "Name"), or a word of the kind said by that header or by a section label
    over ``row`` ("which subsidiary" under "Subsidiaries")."""
    if not kind:
        return False
    if first_column_of_kind(table, kind):
        return True
    if _PARTY_HEADER.match(table.column_name(0)) and kind & _PARTY_WORDS:  # "which member" over "Name"
        return True
    return any(kind & set(tokens(label)) for label in table.row_chain(row)[:-1])


# "which vessel was built in 2008": a name of a kind asked of the row, the question opening with it (not "which is",
# "which of")
_WHICH_NOUN = re.compile(
    r"^\W*which\s+(?!(?:is|was|are|were|has|had|have|did|does|do|of|one|ones|can|could|will|would)\b)([^\W\d_]+)",
    re.IGNORECASE,
)
# cells that say yes or no rather than name something: many rows share them, a question says them in passing
_ANSWER_WORDS = frozenset({"yes", "no", "none", "n/a", "na", "nil", "not applicable"})
_DASHES = re.compile(r"\s*[-‐‑‒–—]\s*")  # "2021 – 2023" as the question writes it: "2021 - 2023", "2021-2023"


def _said_form(text: str) -> str:
    """A text as compared for being said whole: lowercase, one space, every dash as a bare hyphen."""
    return _DASHES.sub("-", " ".join(text.lower().split()))


def _said_whole(cell: str, question: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(_said_form(cell))}(?!\w)", _said_form(question)) is not None


def said_cell_owner(table: Table, linked: Linked, question: str) -> Owner | None:
    """ "Which vessel was built in 2008?" over "Vessel | Type | Built | ...", "which entity is incorporated in
    Indonesia?", "which debt instrument matures in June 2028?": the question says one cell of a register whole (a
    text, a date or a year, not an amount: `value_owner` takes those), a cell no other row of its column holds; the
    answer is its row's name in the first column. None unless exactly one row holds such cells, the question opens
    with "which <kind>", ranks, bounds and places nothing ("which song was released before X" is `row_beside`'s),
    says no other row's name whole (it asks something of that row), the kind names no column but the first ("which
    level" over "Level" asks that column's cell), and the first column holds names of it: its header says the kind
    or holds parties of a party kind, or it is a register's names (`_names_column`). "Who" asks the same of a first
    column of people or parties by its header. With no cell said whole, a text of the one column the question names
    said in its own words ("who chairs the Audit Committee": the "Chair" of that column) names the row."""
    kind = _WHICH_NOUN.match(question)
    who = _WHO.match(question) is not None and _PARTY_HEADER.match(table.column_name(0)) is not None
    if (kind is None and not who) or _RANKS.search(question) or _PLACED.search(question):
        return None
    if threshold(question) is not None:
        return None
    noun = set(tokens(kind.group(1))) if kind else set(_PARTY_WORDS)
    if not noun or any(noun & set(tokens(table.column_name(c))) for c in range(1, table.n_cols)):
        return None
    if not (
        who
        or noun & set(tokens(table.column_name(0)))
        or (_PARTY_HEADER.match(table.column_name(0)) and noun & _PARTY_WORDS)
        or _names_column(table, blanks=True)
    ):
        return None  # the first column holds no names of the kind asked: a rank, a position, a year of a list
    grid = filled_grid(table)
    body = range(table.header_rows, table.n_rows)
    said: dict[int, int] = {}  # row -> the first column of it holding a cell the question says
    for c in range(1, table.n_cols):
        column = [" ".join(grid[r][c].split()) for r in body]
        for r, text in zip(body, column, strict=True):
            if not text or is_nil_mark(text) or text.lower() in _ANSWER_WORDS or column.count(text) > 1:
                continue
            parsed = parse_number(text)
            if parsed is not None and not _YEAR.fullmatch(text):
                continue  # an amount: a value the question states is `value_owner`'s
            words = set(tokens(text))
            if words and not words <= set(tokens(table.column_name(c))) and _said_whole(text, question):
                said.setdefault(r, c)
    by_column = _word_of_named_column(table, grid, linked, question)
    said = by_column if len(by_column) == 1 else said  # "the chair of the Audit Committee": that column's "Chair"
    if len(said) != 1:
        return None
    ((row, col),) = said.items()
    if any(r != row and grid[r][0].strip() and _said_whole(grid[r][0], question) for r in body):
        return None  # the question names another row: it asks something of that one
    if TOTAL_TOKENS & set(tokens(grid[row][0])):
        return None
    name = " ".join(grid[row][0].split())
    if not name or (parse_number(name) is not None and not _YEAR.fullmatch(name)):
        return None
    return Owner(row, col, name)


def _word_of_named_column(table: Table, grid: list[list[str]], linked: Linked, question: str) -> dict[int, int]:
    """ "Who chairs the Audit Committee?" over "Director | Audit | Compensation" holding "Chair" and "Member": the
    rows whose cell of the column named (the one whose header's words the question says all of, else the one best
    linked) is a text the question says in words of its own ("chairs"), a text no other row of that column holds."""
    asked = set(tokens(question))
    whole = [c for c in range(1, table.n_cols) if (head := set(tokens(table.column_name(c)))) and head <= asked]
    if len(whole) == 1:  # a column named by every word of its header, though its cells linked the rows
        col = whole[0]
    elif linked.cols and (len(linked.cols) == 1 or linked.cols[1].score < linked.cols[0].score):
        col = linked.cols[0].index
    else:
        return {}
    if col == 0:
        return {}
    said = asked - set(tokens(table.column_name(col)))
    body = range(table.header_rows, table.n_rows)
    column = [" ".join(grid[r][col].split()) for r in body]
    return {
        r: col
        for r, text in zip(body, column, strict=True)
        if text
        and parse_number(text) is None
        and column.count(text) == 1
        and (words := set(tokens(text)))
        and words <= said
    }
