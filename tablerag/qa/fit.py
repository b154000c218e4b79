"""Whether a cell a lookup took can answer the question asked: a count is a number (never text, never a share
unless one is asked), a name asked is no amount, a result the rules could not compute is taken only where the
table states it (a stated percentage or change column before a computation), "how many X" over a row named X asks
that row's cell, and a max or min over a stated range ("5 - 40") is its end."""

from __future__ import annotations

import re
from typing import Any

from tablerag.decomposition.serialize import filled_grid
from tablerag.model import Table
from tablerag.parsing.numbers import POINT_UNITS, is_nil_mark, parse_number, unit_label
from tablerag.parsing.spans import MONTH_NAME
from tablerag.qa.link import Linked, Scored, also_said, kind_spent, link, row_words, tokens
from tablerag.qa.operands import ROW_KEEP_SHARE, unsaid_operation
from tablerag.qa.periods import (
    PERCENT_LABEL,
    PERIOD_NOUNS,
    STATED_CHANGE,
    asks_for,
    column_years,
    is_year,
    note_column,
    open_period,
    percent_cell,
    percent_column,
    percent_marked,
    percent_row,
    year_of,
    years_in,
)
from tablerag.qa.route import AS_PERCENT, ASKS_FOR_NAME, Intent, Route, whole_moved_blanked
from tablerag.qa.wording import (
    counted_thing,
    echoes_the_question,
    label_phrases,
    phrase_left_out,
    plain_words,
    said_with_a_label,
)

ASKS_PERIOD = asks_for((*PERIOD_NOUNS, "date"))  # "on what date": a column named by a date is a period too
STATED_RESULT: dict[Intent, re.Pattern[str]] = {
    Intent.RATIO: re.compile(
        r"%|\b(ratio|percent|percentage|proportion|share|rate|margin|yield|times|cover|coverage|multiple)\b"
        r"|[^\W\d]\s*/\s*[^\W\d]|\d\s*[x×]$|дол[яи]|anteil|udział|比",  # "Net debt/EBITDA", "2.1x": stated multiples
        re.IGNORECASE,
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
# "what proportion of revenue" (доля, Anteil, udział, 比例, 占比): a stated share will do
SHARE = re.compile(r"\b(proportion|share)\b|\bдол[яиюе]\b|\banteil|\budział|比例|占比", re.IGNORECASE)
ASKS_YEARS = re.compile(r"\b(which|what)\s+year\b|\bhow\s+many\s+years\b", re.IGNORECASE)  # a year may answer
HOW_MANY = re.compile(r"\bhow\s+many\s+([^\W\d_][\w-]*)", re.IGNORECASE)  # the thing a count question counts


_YEAR_WORD = frozenset(tokens("year"))  # a year said names "the year" of a label ("Nonvested shares at end of year")
COUNT_NAME_WORDS = frozenset(tokens("number count"))  # a row named "Number of X" states how many X there are
# what shares "there are" means: the ones outstanding ("how many diluted weighted average shares were there" over
# "Weighted-average shares outstanding – diluted")
_THERE_ARE = frozenset(tokens("outstanding"))
# "how many people" over a table stating a headcount ("Headcount", "Employees", "FTE" as a column or row) asks that
# count for the row named, not how many rows there are
_PEOPLE = frozenset(tokens("people persons individuals"))
_HEADCOUNT = frozenset(tokens("headcount employees staff personnel workforce fte"))


_UNIT_NOTE = re.compile(r"\([^()]*\)")
# the whole noun phrase a count question counts, up to its verb or preposition ("how many enterprise customers
# were there")
_COUNTED_PHRASE = re.compile(
    r"\bhow\s+many\s+((?:[^\W\d_][\w'-]*\s+){0,3}?[^\W\d_][\w'-]*)(?=\s+(?:were|was|are|is|did|does|do|has|have|"
    r"had|will|would|could|can|in|at|for|of|on|during|as|by|from|there|remained|remain)\b|\s*[?,.]|$)",
    re.IGNORECASE,
)


def _unit_dropped(m: re.Match[str]) -> str:
    """A bracketed unit note of a label ("('000)", "($m)") dropped; other brackets kept."""
    return "" if unit_label(m.group(0)) else m.group(0)


def counts_a_row(table: Table, question: str, linked: Linked) -> bool:
    """ "How many employees were there in 2019?" over a row "Employees | 5,000 | 4,800" (or a column "Employees"
    beside a row "2019"): what is counted is the linked row's (column's) whole own name, so its cell holds the count; counting rows ("how many segments were there",
    "how many GL-B matches are listed" over rows "GL-B-1", "GL-B-2") names none of them whole."""
    noun = HOW_MANY.search(question)
    if noun is None or linked.row is None:
        return False
    chain = table.row_chain(linked.row.index)
    own = set(tokens(_UNIT_NOTE.sub(_unit_dropped, chain[-1]) if chain else ""))  # "Customers ('000)": customers
    counted = set(tokens(noun.group(1)))
    if counted and counted <= _PEOPLE and any(set(tokens(text)) & _HEADCOUNT for text in _headers(table, linked)):
        return True
    column = set(tokens(table.column_name(linked.cols[0].index))) if linked.cols else set()
    cell = table.cell_at(linked.row.index, linked.cols[0].index) if linked.cols else None
    amount = cell is not None and cell.value is not None and year_of(cell.text) is None
    said = set(linked.words) | (_YEAR_WORD if any(is_year(t) for t in linked.words) else set())  # "end of 2019"
    if amount and chain and year_of(chain[-1]) and counted and counted <= column and column - COUNT_NAME_WORDS <= said:
        return True  # a period row ("2017", "At 31 December 2018") and a column of amounts named by the counted thing
        # ("Employees", "Number of shares")
    # a column named by the counted thing in a table that says it counts ("(number of stores)" over "Supermarkets |
    # Liquor"; "liquor stores" says the corner's "stores" too): its cell in the linked row is the count
    corner = set(tokens(table.column_name(0)))
    if (
        amount
        and counted & column
        and counted - corner <= column
        and any(_NUMBER_OF.search(text) for text in _headers(table, linked))
    ):
        return True
    # the row's whole own name is asked; "how many" says its "Number of" ("Number of employees" for "how many
    # employees"); a counted word may say a word of the label another way ("customers" for "Postpaid
    # subscribers") or be the table's own context (the stub's "Mobile", the row's section)
    # a period's words in the label ("Stores at end of period") are said by the period the question names
    dated = _PERIOD_WORDS if years_in(question) else frozenset()
    if counted and counted <= own and own - COUNT_NAME_WORDS - dated - _THERE_ARE <= said:  # says "end of year"
        return True
    phrase = _COUNTED_PHRASE.search(question)
    counted = set(tokens(phrase.group(1))) if phrase else counted
    context = set(tokens(table.column_name(0))) | {t for text in chain[:-1] for t in tokens(text)}
    named = {t for t in counted if t in own or any(w in own for w in also_said(t))}
    spelt = {t for t in own if t in said or any(w in said for w in also_said(t))}
    return bool(named) and counted - named <= context and own - COUNT_NAME_WORDS <= spelt


_NUMBER_OF = re.compile(r"\bnumber\s+of\b|\bno\.\s+of\b", re.IGNORECASE)  # a header saying its cells count things


def _headers(table: Table, linked: Linked) -> list[str]:
    """The column names and the linked row's label chain: where a table says what its numbers count."""
    rows = table.row_chain(linked.row.index) if linked.row is not None else []
    return [table.column_name(c) for c in range(table.n_cols)] + list(rows)


DURATION_UNITS = ("years", "months", "weeks", "days", "hours")  # "how many years is X": a length, not a count
# a length said with its unit in words ("12 years", "3 - 5 years", "2.2x"): an amount, though the cell parses to none
DURATION_CELL = re.compile(
    r"^\s*\d[\d.,]*(?:\s*[-–]\s*\d[\d.,]*)?\s*(?:years?|yrs?|months?|weeks?|days?|hours?|x|times)\s*$",
    re.IGNORECASE,
)


def _in_unit(table: Table, unit: str) -> bool:
    """The table states lengths in ``unit``: a cell says it after a number ("20 years"), or a column (row) whose name
    holds the word and names no year ("Lives (Years)", not "Years ended December 31, 2019") holds no year in any cell
    (a column "Year built" or "Years active" over "1987-1996" lists periods)."""
    grid = filled_grid(table)
    said = re.compile(rf"\d\s*{unit.rstrip('s')}s?\b", re.IGNORECASE)
    if any(said.search(c.text) for c in table.cells if c.row >= table.header_rows):
        return True
    word = set(tokens(unit))
    body = range(table.header_rows, table.n_rows)
    for c in range(table.n_cols):
        name = table.column_name(c)
        filled = [grid[r][c] for r in body if grid[r][c].strip()]
        lengths = bool(filled) and all(year_of(t) is None for t in filled)
        if word <= set(tokens(name)) and not years_in(name) and lengths:
            return True
    for r in body:
        label = " ".join(table.row_chain(r))
        if word <= set(tokens(label)) and not years_in(label):
            return True
    return False


def length_asked(question: str) -> str | None:
    """The unit of a length "how many <unit>" asks ("how many years remain on the lease": "years"), else None."""
    noun = HOW_MANY.search(question)
    unit = noun.group(1).lower() if noun is not None else None
    return unit if unit in DURATION_UNITS else None


def counts_a_length(table: Table, question: str) -> bool:
    """ "How many years is the minimum lifespan of land?" over a table stating lives in years ("20 - Indefinite"
    under "Lives (Years)", "5 years"): the question asks for a length in that unit, not how many rows there are."""
    unit = length_asked(question)
    return unit is not None and _in_unit(table, unit)


def _share_column(table: Table, row: int, col: int) -> bool:
    """The column is one of percentages for this row: its header says so, or most of its values are percentages
    and the rows do not say their own units (a "Selected ratios and data" column whose "Net interest margin (%)"
    rows are percentages holds "Banking offices | 412" as a count)."""
    if not percent_column(table, col):
        return False
    if "%" in table.column_name(col):
        return True
    by_label = any(PERCENT_LABEL.search(" ".join(table.row_chain(r))) for r in range(table.header_rows, table.n_rows))
    return percent_row(table, row) if by_label else True


_COUNT_LABEL = re.compile(r"\bnumber\s+of\b|\bcount\b", re.IGNORECASE)  # a row that counts things


def text_for_a_number(table: Table, question: str, citations: list[dict[str, Any]]) -> bool:
    """ "How many / the number of ...?" answered by one cell that holds no number, or "how many votes" (a
    count, no share named) by a percentage (its own "%" or its column's): the linked cell is not the answer."""
    if len(citations) != 1:
        return False
    cell = table.cell_at(citations[0]["row"], citations[0]["col"])
    share = (
        cell is not None
        and (
            cell.unit == "%"
            or (
                cell.unit is None
                and _share_column(table, cell.row, cell.col)
                # "Number of stores | 598" in a column of margins and growth rates: the row counts, whatever its column
                and not _COUNT_LABEL.search(" ".join(table.row_chain(cell.row)[-1:]))
            )
        )
    )
    if share and ASKS_COUNT.search(question) and not NAMES_SHARE.search(question):  # "% of population" is no count
        return True
    asks = ASKS_QUANTITY.search(question) or ASKS_COUNT.search(question)  # "what is the number of drivers ...?"
    if asks and cell is not None and is_year(cell.text) and not ASKS_YEARS.search(question):
        return True  # "how many churches were built in the 1800s?" is no "1902": a year dates a row, it counts nothing
    if cell is not None and DURATION_CELL.match(cell.text) and length_asked(question):
        return False  # "how many years remain on the lease" over "12 years": the length asked, in its unit
    return bool(asks) and (cell is None or (cell.value is None and not is_nil_mark(cell.text)))


# words naming the kind of figure a label states, which a label often leaves out ("Debt to equity" is a ratio,
# "Effective tax" a rate): said right after the whole label, they name it, they ask for no computation
LABEL_KIND = re.compile(r"^(ratios?|rates?|margins?|percentages?)$", re.IGNORECASE)
SHARE_UNITS = (None, "%", "‰")  # a row of these may state a ratio; an amount in a currency does not


def kind_after_label(table: Table, row: int, question: str, word: str) -> bool:
    """ "What was the debt to equity ratio in 2019?" over a row "Debt to equity | 0.5 | 0.4": ``word`` names the kind
    of figure (ratio, rate, margin, percentage), the question says it right after the row's whole own label, and the
    row states no currency amounts: the word is part of the row's name."""
    chain = table.row_chain(row)
    label = plain_words(chain[-1]) if chain else ""
    if not label or not LABEL_KIND.match(word.strip()):
        return False
    if f" {label} {plain_words(word)} " not in f" {plain_words(question)} ":
        return False
    return all(c.unit in SHARE_UNITS for c in table.cells if c.row == row and c.value is not None)


def _row_texts(grid: list[list[str]], cells: list[tuple[int, int]]) -> set[str]:
    """Every text of the rows the cells are in, spaces normalised."""
    return {" ".join(grid[r][c].split()) for r, _ in cells for c in range(len(grid[r]))}


_PERIOD_KIND = set(tokens("period"))


def rows_are_periods(table: Table, question: str, cells: list[tuple[int, int]], label: str | None) -> bool:
    """ "Which quarter had the highest High price?" answered by ranking rows is right when the answer's label is
    the period asked: it names a year, a span of years or that kind ("2019", "2020 - 2024", "Second quarter"), or
    it is the row's cell under a header naming that kind ("Quarter | High | Low"). Never when the ranked column is
    that period column itself ("which year had the most viewers" is not the largest "Year")."""
    asked = ASKS_PERIOD.search(question)
    if asked is None or not cells or not label:
        return False
    if asked.group(2) is None:  # "when": any period, so each label must name a year the ranked rows state
        stated = _row_texts(filled_grid(table), cells)
        return all(year_of(part) is not None and part in stated for part in label.split("; "))
    kind = set(tokens(asked.group(2)))
    if not kind or any(kind <= set(tokens(table.column_name(c))) for _, c in cells):
        return False
    grid = filled_grid(table)
    stated = _row_texts(grid, cells)
    period_cols = [c for c in range(table.n_cols) if kind <= set(tokens(table.column_name(c)))]
    for part in label.split("; "):
        in_kind_col = any(" ".join(grid[r][c].split()) == part for r, _ in cells for c in period_cols)
        # "in which period" over a maturity schedule: "Thereafter" is one of its periods
        open_ = kind == _PERIOD_KIND and open_period(part)
        if not (years_in(part, header=True) or kind <= set(tokens(part)) or in_kind_col or open_) or part not in stated:
            return False
    return True


def number_for_a_name(table: Table, question: str, citations: list[dict[str, Any]]) -> bool:
    """ "Which segment / in which year was X larger?" that no comparison answered, taken as one cell holding an
    amount: a value where a name (a label, a period) is asked is not the answer."""
    if not ASKS_FOR_NAME.search(question) or len(citations) != 1:
        return False
    cell = table.cell_at(citations[0]["row"], citations[0]["col"])
    if cell is None or (cell.value is None and not is_nil_mark(cell.text)):  # "$—" is a nil amount, no name
        return False
    if _NOTE_ASKED.search(question) and note_column(table, cell.col):
        return False  # "which note number discloses X" over a "Note" column: its reference is the name asked
    return not (ASKS_PERIOD.search(question) and year_of(cell.text) is not None)


# a note reference asked: "which note (number)", "in what note"
_NOTE_ASKED = re.compile(r"^\s*(?:in\s+|under\s+)?(?:which|what)\s+notes?\b", re.IGNORECASE)


_STATED_COUNT = re.compile(r"\b(?:number|count)\b|#", re.IGNORECASE)  # a label saying its cells count


def states_result(
    table: Table, route_: Route, citations: list[dict[str, Any]], unit: str | None, question: str = ""
) -> bool:
    """A computation the rules could not make may still be stated in the table: one cell whose row or column names
    the result ("Total revenue", "Current ratio", "% Change", a percentage asked as a ratio). Any other cell, or
    one cell per period, is an operand, not the answer: the question is refused rather than answered with it."""
    if route_.others and (
        len(citations) != 1 or unsaid_operation(table, route_.others, [(citations[0]["row"], citations[0]["col"])])
    ):  # a nested computation is stated only by one cell whose labels say every operation asked
        return False
    if route_.intent is Intent.COUNT:  # a count of rows the rules refused: one cell is no count of rows, unless
        # its labels say it counts ("how many unvested RSUs at the end of 2020" over "Number of Shares")
        if len(citations) != 1:
            return False
        r, c = citations[0]["row"], citations[0]["col"]
        if _STATED_COUNT.search(" ".join([*table.row_chain(r), table.column_name(c)])):
            return True
        # or its row names what is counted ("how many paid memberships" over "Paid memberships at end of period")
        thing = counted_thing(question) if question else None
        head = set(tokens(thing.split()[-1])) if thing else set()
        return bool(head) and head <= set(tokens(" ".join(table.row_chain(r)[-1:])))
    words = STATED_RESULT.get(route_.intent) if route_.intent is not None else None
    if words is None:
        return True
    if len(citations) != 1:
        return False
    r, c = citations[0]["row"], citations[0]["col"]
    if route_.intent is Intent.RATIO and unit in ("%", "times"):  # a share or a multiple ("1.9x") is a ratio
        return True
    if route_.intent is Intent.RATIO and unit not in (None, "‰"):  # an amount in $ ("Gross margin") is no share
        return False
    chain = table.row_chain(r)
    grid = filled_grid(table)
    labels = [grid[r][k] for k in range(table.n_cols) if (cell := table.cell_at(r, k)) is None or cell.value is None]
    if route_.intent is Intent.DIFFERENCE and (unit == "%" or percent_column(table, c)) and not percent_row(table, r):
        return False  # "Change (%)" of an amount row is its percent change, not the change in the amount asked
    return bool(words.search(" ".join([*chain, *labels, table.column_name(c)]))) or bool(
        route_.intent is Intent.RATIO and words.search(grid[r][c].strip())
    )


# a cell stating a range ("5 - 40", "20 – Indefinite", "2.1% to 3.4%", "3 to 10 years", "up to 40 years"): useful
# lives, rate assumptions, maturities; a unit word after it is the range's, an "up to" range has no low end
_RANGE = re.compile(
    r"^\s*(?:(?P<low>[^\s\-–—]+)\s*(?:-|–|—|\bto\b)|up\s+to)\s*(?P<high>[^\s\-–—]+)(?:\s+[^\W\d_]+)?\s*$",
    re.IGNORECASE,
)
_NUMBER = re.compile(r"^[$€£]?\d[\d,]*(?:\.\d+)?%?$")


def range_end(route_: Route, value: str | None) -> str | None:
    """The end of a stated range a max/min asks for: "the minimum useful life of buildings" over "5 - 40" is "5";
    None unless the intent is a max or min, the cell a range of amounts (not a season "1988-89"), and the end asked
    a number."""
    if value is None or route_.intent not in (Intent.MAX, Intent.MIN):
        return None
    m = _RANGE.match(value)
    if m is None or year_of(m.group("low") or m.group("high")) is not None:  # "1988-89", "2019 - 2020": a period
        return None
    end = m.group("low" if route_.intent is Intent.MIN else "high")
    return end if end is not None and _NUMBER.match(end) else None


def stated_percent(table: Table, question: str, route_: Route, linked: Linked) -> Linked | None:
    """ "What percent of X were Y" over a table that states percentages asks for a stated cell, not a ratio to
    compute: the links narrowed to the share's row and the linked columns whose cell in it is a percentage (by its
    unit or its column's), stated changes only when the question asks about a change; None when none states it."""
    if route_.intent is not Intent.RATIO or not (AS_PERCENT.search(question) or SHARE.search(question)):
        return None
    change = bool(STATED_CHANGE.search(question))
    # a linked row stating percentages whose name holds every word the other linked rows are named by is the share
    # itself ("Cash to total assets | 10%" for "what percentage of total assets was cash"), not a part or a whole
    said = frozenset().union(*(s.tokens for s in linked.rows))
    stated = next(
        (s for s in linked.rows if s.tokens == said and _states_percent(table, s.index, linked, change)), None
    )
    stated = stated or _share_row_named(table, linked, change)
    row = stated or share_part(table, linked)
    if row is None:
        return None
    out = []
    for s in linked.cols:
        cell = table.cell_at(row.index, s.index)
        if cell is None or cell.value is None or (STATED_CHANGE.search(table.column_name(s.index)) and not change):
            continue
        if cell.unit == "%" or (
            cell.unit is None and (percent_column(table, s.index) or percent_marked(table, s.index))
        ):  # "$500" is no percentage
            out.append(s)
    cols = out or _only_share_column(table, question, row.index, change)
    if not cols:
        return None
    rows = [row] if stated is not None else linked.rows  # a part and its whole: the lookup takes the part
    return Linked(rows, cols, linked.key_cols, linked.words, linked.whole)


# a row whose label says it is a share of a whole: "International revenue as a % of total revenue"
_SHARE_LABEL = re.compile(r"%\s*of\b|\b(?:percent(?:age)?|share|proportion)\s+of\b", re.IGNORECASE)


def _share_row_named(table: Table, linked: Linked, change: bool) -> Scored | None:
    """The best-linked row, when its own label says it is a share of a whole ("International revenue as a % of
    total revenue"), it holds every word of the whole the question asks the share of, and it states a percentage
    in the best column: the share asked is stated, not to be computed ("what share of total revenue came from
    international customers")."""
    best = linked.row
    if best is None or linked.whole is None:
        return None
    whole = set(linked.words[linked.whole[0] : linked.whole[1]])
    own = " ".join(table.row_chain(best.index)[-1:])
    if not whole or not whole <= best.tokens or not _SHARE_LABEL.search(own):
        return None
    return best if _states_percent(table, best.index, linked, change) else None


def _states_percent(table: Table, row: int, linked: Linked, change: bool) -> bool:
    """The row's cell in the best-linked column is a percentage (no stated change unless one is asked)."""
    if not linked.cols or (STATED_CHANGE.search(table.column_name(linked.cols[0].index)) and not change):
        return False
    cell = table.cell_at(row, linked.cols[0].index)
    return cell is not None and cell.value is not None and cell.unit == "%"


def share_part(table: Table, linked: Linked) -> Scored | None:
    """The row a share is asked of: the best linked one, unless it is the whole the share is taken of ("net income as
    a percentage of net sales": "Net sales" says more of the words, "Net income" is asked), then the next. A row
    whose whole's words are its section heading's ("Percentage of net revenue: / Customer A") is a share of that
    whole, no whole itself."""
    best = linked.row
    if best is None or linked.whole is None:
        return best
    label = " ".join(table.row_chain(best.index)[-1:])
    if _SHARE_LABEL.search(label):
        return best  # "As a percentage of revenue" under an item: the share itself, no whole it is taken of
    own = set(tokens(label))
    whole = set(linked.words[linked.whole[0] : linked.whole[1]]) & best.tokens
    if not whole or not whole <= own:
        return best  # the whole's words are its section's ("Percentage of net revenue: / Customer A"), not its own
    # the first row after it the question names apart from the whole ("Total geographic net sales", another whole,
    # is passed over for "Europe")
    return next((part for part in linked.rows[1:] if linked.names_whole(best, part)), best)


def _only_share_column(table: Table, question: str, row: int, change: bool) -> list[Scored]:
    """No linked column states the share, but the table has one column of percentages (of the year asked, when it
    names years) with the linked row's share in it: "what proportion of shares does Jane Doe own" over "Number of
    shares | Percentage of total". Several such columns the question does not tell apart say nothing."""
    asked = years_in(question)
    dated = column_years(table)  # a flat "FY2023 | % of total" header dates the share by the amount before it
    found = []
    for c in range(table.n_cols):
        cell = table.cell_at(row, c)
        if cell is None or cell.value is None or not percent_column(table, c) or cell.unit not in ("%", None):
            continue
        if STATED_CHANGE.search(table.column_name(c)) and not change:
            continue
        years = years_in(table.column_name(c), header=True) or dated.get(c, set())
        if asked and years and not asked & years:
            continue
        found.append(Scored(c, 0.0, frozenset(), 0))
    return found if len(found) == 1 else []


_PERIOD_WORDS = frozenset(tokens("end beginning start close opening closing year period year ended"))


def _multiples_row(table: Table, row: int) -> bool:
    """Every value of the row is a multiple ("Net debt to EBITDA | 1.9x | 2.2x"): the row states a ratio."""
    units = [c.unit for c in table.cells if c.row == row and c.value is not None]
    return bool(units) and all(u == "times" for u in units)


def stated_ratio_row(table: Table, route_: Route, linked: Linked) -> Linked | None:
    """ "The ratio of net debt to EBITDA" over rows "Net debt", "EBITDA" and "Net debt/EBITDA": the one linked row
    whose name holds every word the question links to any row, and says it is a ratio, states the ratio asked; the
    links with that row first (None when no single row does)."""
    if route_.intent is not Intent.RATIO or len(linked.rows) < 2:
        return None
    # words of a period ("at the end of FY23") link rows by their dates, not by what the ratio divides
    said = frozenset().union(*(s.tokens for s in linked.rows)) - _PERIOD_WORDS
    # a row of percentages states a ratio too ("Gross impaired assets to gross loans and advances | 0.40%")
    whole = [
        s
        for s in linked.rows
        if s.tokens - _PERIOD_WORDS == said
        and (
            STATED_RESULT[Intent.RATIO].search(" ".join(table.row_chain(s.index)[-1:]))
            or percent_row(table, s.index)
            or _multiples_row(table, s.index)
        )
    ]
    if len(whole) != 1:
        return None
    return Linked([whole[0]], linked.cols, linked.key_cols, linked.words, linked.whole)


_STATED_AMOUNT = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?(?![\w.])")  # a number the question states
PERCENT_TOKENS = frozenset(tokens("% percent percentage"))  # a percentage said, as link tokens


def stated_change(table: Table, question: str, route_: Route, linked: Linked) -> int | None:
    """The column that states the change the question asks for ("Change", "% Difference", "Inc (Dec)"), when the
    linked row has a value there: a percentage for a percent change, an amount for a difference. Columns naming
    years must name the asked ones; None when no such column, or several the question does not tell apart."""
    if route_.intent not in (Intent.PERCENT_CHANGE, Intent.DIFFERENCE) or linked.row is None:
        return None
    percent = route_.intent is Intent.PERCENT_CHANGE or "%" in question or bool(AS_PERCENT.search(question))
    asked = years_in(question)
    said = set(tokens(question))
    stated = {abs(p.value) for m in _STATED_AMOUNT.finditer(question) if (p := parse_number(m.group(0))) is not None}
    r = linked.row.index
    found = []
    dated_only = []  # change columns naming years when the question names none
    for col in range(table.n_cols):
        name = table.column_name(col)
        cell = table.cell_at(r, col)
        if not _states_change(table, col) or cell is None or cell.value is None or col in linked.key_cols:
            continue
        if abs(cell.value) in stated:  # "if interest rates decrease by 100 basis points": the scenario, no answer
            continue
        years = years_in(name)
        # "the growth in fiscal 2018" over "2018 vs. 2017 % Change": the change into the one year asked
        into = len(asked) == 1 and len(years) == 2 and max(years) in asked
        # a move in points or basis points is a difference of two rates, whatever else its column holds
        of_percent = percent_column(table, col) and cell.unit not in POINT_UNITS
        # a column the question names by every word of its header, its years with them ("the 2020 vs 2019 change"
        # over "% Change / 2020 vs. 2019"), is the change asked, a percentage or an amount
        whole = bool(years) and set(tokens(name)) - PERCENT_TOKENS <= said
        if (of_percent == percent or whole) and (not years or years <= asked or into):
            found.append(col)
        elif of_percent == percent and years and not asked:
            dated_only.append(col)
    if not found and len(dated_only) == 1:
        # a question naming no year over the table's one change column, dated ("Change 2011 to 2016", or a spanning
        # year read into its header): that change is the one asked; several dated ones are told apart by years only
        found = dated_only
    if len(found) > 1 and asked and (into_year := _change_into_year(table, found, max(asked))) is not None:
        return into_year
    if len(found) > 1:  # several change columns: the question's words must pick one
        ranked = [s.index for s in linked.cols if s.index in found]
        return ranked[0] if ranked else None
    return found[0] if found else None


def _change_into_year(table: Table, found: list[int], year: str) -> int | None:
    """Of undated change columns that alternate with the years' columns ("Fiscal 2020 | % Change | Fiscal 2019 | %
    Change | Fiscal 2018"), the one right after ``year``'s column: each states the change into the year before it.
    None unless the header alternates so strictly (after "2020 | 2019 | % Change" the change is into 2020)."""
    kinds = []
    for col in range(1, table.n_cols):
        years = years_in(table.column_name(col))
        kinds.append("change" if col in found and not years else "year" if len(years) == 1 else "other")
    if "other" in kinds or kinds[0] != "year" or any(a == b for a, b in zip(kinds, kinds[1:], strict=False)):
        return None
    return next(
        (c for c in found if years_in(table.column_name(c - 1)) == {year} and not years_in(table.column_name(c))),
        None,
    )


_PERCENT_ONLY = re.compile(r"^\s*\(?%\)?\s*$")  # a header that is a percent sign alone ("%", "(%)")


def _states_change(table: Table, col: int) -> bool:
    """The column states a change: its header says so ("Change", "% Inc (Dec)"), or it is headed by a percent sign
    alone right after a column that does ("Change | %": that change as a percentage)."""
    if STATED_CHANGE.search(table.column_name(col)):
        return True
    return (
        bool(_PERCENT_ONLY.match(table.column_name(col)))
        and col > 0
        and bool(STATED_CHANGE.search(table.column_name(col - 1)))
    )


# two periods or two things set against each other: a change computed between them, not one row's stated change
_SET_AGAINST = re.compile(r"\b(?:between|from|compared|versus|vs|than|over)\b", re.IGNORECASE)


def _stub_states_change(table: Table) -> bool:
    """The header over the row labels states a change for every cell ("Year-over-year growth | FY2019 | ...")."""
    return bool(table.header_rows) and bool(STATED_CHANGE.search(table.column_name(0)))


def stated_change_row(table: Table, question: str, route_: Route, linked: Linked) -> Linked | None:
    """ "The net change in cash in fiscal 2019" over "Net increase in cash and cash equivalents", "the comparable
    store sales growth in 2018" over "Comparable store sales increase (decrease) | 3.1% | (0.8)%": the linked row's
    own label states a change, so its cell of the period asked is the change asked, not a change computed between
    its periods: percentages for a percent change, amounts for a difference. Not when the question names two
    periods or sets two things against each other."""
    if route_.intent not in (Intent.PERCENT_CHANGE, Intent.DIFFERENCE) or linked.row is None or linked.rows_tied:
        return None
    if len(years_in(question)) > 1 or _SET_AGAINST.search(question):
        return None
    row = linked.row.index
    # the row's own label states the change, or the stub's header does for every row ("Year-over-year growth" over
    # "Total revenue | 18.4% | 22.7%")
    stub_states = _stub_states_change(table)
    if not STATED_CHANGE.search(" ".join(table.row_chain(row)[-1:])) and not stub_states:
        return None
    # a table of growth rates answers "how much did X increase" with its rate: no amounts to take a difference of
    if percent_row(table, row) != (route_.intent is Intent.PERCENT_CHANGE) and not (
        stub_states and percent_row(table, row)
    ):
        return None
    return Linked([linked.row], linked.cols, linked.key_cols, linked.words, linked.whole)


# "A or B" (oder, или, czy / lub / albo, 还是): naming one of them is the answer; a Polish "czy" opening the question
# only marks it as one
_CHOICE = re.compile(r"\b(?:or|versus|vs|oder|или|lub|albo)\b|(?<=\s)czy\b|还是", re.IGNORECASE)
# alternatives listed before the question word ("among Americas, EMEA and Asia Pacific, which segment", "between
# Europe and Asia, which"): a label said there is one offered, no condition
_OFFERED = re.compile(r"\b(?:among|between)\s+(?P<offered>[^?]+?)(?=,?\s*\b(?:which|what|who)\b)", re.IGNORECASE)


def label_is_a_condition(question: str, label: str | None, compared: frozenset[str] = frozenset()) -> bool:
    """A label a comparison answered with that the question itself states as a condition ("which group had lower
    odds when fruit juice was excluded?" answered "Excluding fruit juice"; "the fifth most consumed beverage in
    2015" answered "2015"): what is asked is another kind of label, so the answer is no answer. A question
    offering alternatives ("A or B") or asking for a period ("in which year", answered by one it may name) is
    left alone; so are the words naming the column compared (``compared``: "the highest weighted average grant
    date fair value" answered from the "Granted" row)."""
    if not label or _CHOICE.search(question) or ASKS_PERIOD.search(question):
        return False
    said = set(tokens(label))  # the kind asked ("which segment": "Segment A") is no condition either
    offered = _OFFERED.search(question)
    if said and offered is not None and said <= set(tokens(offered.group("offered"))):
        return False
    return bool(said) and said <= set(kind_spent(question, tokens(question))) - compared


def says_the_question(
    question: str,
    taken: bool,
    value: str | None,
    label: str | None,
    compared: frozenset[str] = frozenset(),
    row_name: str = "",
) -> bool:
    """The answer only repeats what the question states: a cell taken (``taken``: a lookup, no label compared) that
    the question names, or a compared label it states as a condition. Such an answer is no answer. ``compared``:
    the words of the one column whose cells were compared, which name that column and state no condition.
    ``row_name``: the taken cell's row label; a value said only inside that longer name ("the principal activity of
    Baltic Crew Management SIA" answered "Crew management") is how the row is found, no echo of the value."""
    if taken and label is None and echoes_the_question(_name_left_out(question, row_name, value), value):
        return True
    return label_is_a_condition(question, label, compared)


def _name_left_out(question: str, name: str, value: str | None) -> str:
    """The question without the row's name, where that name holds the value's words and more."""
    said, held = plain_words(name), plain_words(value or "")
    if not held or said == held or f" {held} " not in f" {said} ":
        return question
    return phrase_left_out(question, name)


PIN_WINDOW = 3  # a number said within this many words of a column's name pins that column ("6 hospital beds")
_PLAIN_NUMBER = re.compile(r"^\d+(?:[.,]\d+)*$")  # a number said as digits ("6", "7.5", "2,000")
# a row found beside, past or against the stated value ("before match day 6", "more than 3 goals"): the number's
# column may well hold the answer
_RELATES = re.compile(
    r"\b(after|before|next|previous|prior|above|below|following|preceding|same|than|between|other|besides|except|"
    r"or|versus|vs)\b",
    re.IGNORECASE,
)


def _said(text: str) -> str:
    return text.strip().replace(",", "")


_MONTH_WORD = re.compile(rf"^{MONTH_NAME}\.?$", re.IGNORECASE)


def _day_of_date(words: list[str], i: int) -> bool:
    """The number at ``i`` is a day written beside its month's name ("31 December", "December 31")."""
    return any(0 <= j < len(words) and _MONTH_WORD.match(words[j]) for j in (i - 1, i + 1))


def pinned_column(table: Table, question: str, citations: list[dict[str, Any]]) -> bool:
    """A lookup's one cell taken from a column the question pins to another value it states ("what is the only
    hospital to have 6 hospital beds?" answered 182 from "Hospital beds"; "the last stop on route 10" answered 11
    from "Route"): the number said next to the column's name, and held by another row of that column, is how the
    question finds its row, so what it asks is in another column and the cell is no answer. Not when the question
    relates rows to the value ("before match day 6", "more than 3") or offers alternatives."""
    if len(citations) != 1 or _RELATES.search(question):
        return False
    r, c = citations[0].get("row"), citations[0].get("col")
    if not isinstance(r, int) or not isinstance(c, int) or not 0 <= r < table.n_rows or not 0 <= c < table.n_cols:
        return False
    words = [w.strip(".,?!;:'\"()") for w in question.lower().split()]
    header = set(plain_words(table.column_name(c)).split())
    stated = {
        _said(w)
        for i, w in enumerate(words)
        if _PLAIN_NUMBER.match(w)
        and w not in header  # a day or year of the column's own date ("September 30, 2019") names the column
        and not _day_of_date(words, i)  # "at 31 December 2018": a date the row or column is found by, no value
        and header & set(words[max(0, i - PIN_WINDOW) : i + PIN_WINDOW + 1])
    }
    grid = filled_grid(table)
    if not stated or _said(grid[r][c]) in stated:
        return False
    return any(_said(grid[i][c]) in stated for i in range(table.header_rows, table.n_rows) if i != r)


# "how much has X increased", "by how much did X fall": the size of a change is asked
# a payment that "falls due" ("how much of the cash flows falls due after five years") is no fall
_FALL = r"(?:fall|fell)(?!(?:s|ing)?\s+due\b)"
# a margin or rate said to improve, expand or contract ("how much did operating margin expand") moves as well; the
# verbs only ("leasehold improvements", "the contract liability" name things)
_MARGIN_MOVE = r"(?:improv(?:e|es|ed|ing)|expand(?:s|ed|ing)?|contract(?:ed|ing)|widen(?:s|ed|ing)?|narrow(?:ed|ing))\b"
ASKS_CHANGE = re.compile(
    rf"\bhow\s+(?:much|many)\b[^?]*?\b(?:(?:increas|decreas|grow|grew|rise|rose|risen|{_FALL}|fallen|declin|drop)\w*"
    rf"|{_MARGIN_MOVE})"
    rf"|\b(?:(?:increas|decreas|grew|grown|rose|risen|fell|fallen|declin|dropp)\w*|{_MARGIN_MOVE})\s+by\s+how\s+much\b",
    re.IGNORECASE,
)


_CHANGE_WORD = re.compile(
    r"\b(?:increas|decreas|grow|grew|rise|rose|risen|fall|fell|fallen|declin|drop)\w*", re.IGNORECASE
)  # the verbs of ASKS_CHANGE


def _labels_unsaid(table: Table, question: str) -> str:
    """The question with its change verbs blanked where they are said as part of a label of the table ("falling"
    in "how much is the taxation recoverable falling due within one year" beside "Amounts falling due within one
    year"): such a word names the row or section, it asks for no change."""
    labels = label_phrases(table)
    return _CHANGE_WORD.sub(
        lambda m: " " * len(m.group(0)) if said_with_a_label(labels, question, m.group(0)) else m.group(0), question
    )


NAMES_CHANGE = re.compile(r"\b(change[ds]?|increase[ds]?|decrease[ds]?)\b", re.IGNORECASE)


def _percent_for_an_amount(table: Table, question: str, r: int, c: int) -> bool:
    """ "What was the change in closing cash?" answered from a "Change (%)" column: the cell states the amount row's
    percent change, and no percentage is asked; a percentage row's change there ("Gross margin (%)") is in points
    and may be it."""
    if not NAMES_CHANGE.search(question) or "%" in question or AS_PERCENT.search(question):
        return False
    # a column the question names whole by words of its own ("the comparable sales change" over a "Comparable
    # sales change" column of quarters as rows): that measure's stated change is asked
    own = set(tokens(table.column_name(c))) - _CHANGE_WORDS
    if own and own <= set(tokens(question)):
        return False
    return percent_cell(table, r, c) and bool(STATED_CHANGE.search(table.column_name(c))) and not percent_row(table, r)


_CHANGE_WORDS = frozenset(tokens("change changes increase decrease growth percent"))


ASKS_SUM = re.compile(r"\b(total|sum|combined|altogether|add\s+up)\b", re.IGNORECASE)
SUM_WORDS = frozenset(tokens("total sum combined altogether"))  # a "Total" row linked by the word asking the sum
SEVERAL = re.compile(r"\band\b|,", re.IGNORECASE)  # "A and B", "A, B, and C"
_DATE_COMMA = re.compile(r"(?<=\d),(?=\s*(?:19|20)\d\d\b)")  # the comma of a date ("December 31, 2018") lists nothing


_PAIR = re.compile(r"([\w-]+)\s+and\s+([\w-]+)", re.IGNORECASE)  # the two words an "and" joins


def _one_of_several(table: Table, question: str, row: int) -> bool:
    """The question asks the total of several things it names ("the total goals of Aloisi, Cahill and Griffiths"),
    at least two rows are linked near the best, each by words of its own, and the cell taken is in one of them:
    one item's cell is no total of several. It links the question itself: the answer's own link was made over the
    table with its period rows promoted into the header and the question rewritten (latest year, superlatives),
    which the caller does not keep; the two links may differ."""
    if not ASKS_SUM.search(question) or not SEVERAL.search(_DATE_COMMA.sub(" ", question)):
        return False
    label = set(row_words(table, row))  # "Prisons and camps", "Food and beverages": one row says the whole phrase
    # "the total current and non-current receivables" over "Total current and non-current": that row is the total
    pair = _PAIR.search(question)
    if pair is not None and set(tokens(pair.group(1))) | set(tokens(pair.group(2))) <= label:
        return False
    linked = link(table, question)
    if not linked.rows:
        return False
    best = linked.rows[0].score
    near = [s for s in linked.rows if s.score >= ROW_KEEP_SHARE * best and not s.tokens <= SUM_WORDS]
    own = [s for s in near if any(s.tokens - o.tokens for o in near if o is not s)]
    others = [s for s in own if s.index != row and not s.tokens - SUM_WORDS <= label]
    return row in {s.index for s in own} and bool(others)


def change_not_stated(table: Table, question: str, citations: list[dict[str, Any]]) -> bool:
    """A lookup's one cell for a question asking by how much something rose or fell ("How much has the number of
    garlic farms increased?" answered with the 2011 count) where neither the cell's row nor its column states a
    change ("Net increase in cash", "Change", "Inc (Dec)"): one period's amount is no change, so the cell is no
    answer. Nor is a stated percent change of an amount when the change asked is no percentage, nor one named
    item's cell when the question asks the total of several ("total medals of Argentina and Colombia")."""
    if len(citations) != 1:
        return False
    r, c = citations[0].get("row"), citations[0].get("col")
    if not isinstance(r, int) or not isinstance(c, int) or not 0 <= r < table.n_rows or not 0 <= c < table.n_cols:
        return False
    if _percent_for_an_amount(table, question, r, c) or _one_of_several(table, question, r):
        return True
    question = whole_moved_blanked(question)  # "how much did M&A contribute to Europe's growth": no change asked
    if not ASKS_CHANGE.search(question) or not ASKS_CHANGE.search(_labels_unsaid(table, question)):
        return False
    row_name = " ".join([*table.row_chain(r), *(t for t in filled_grid(table)[r][:c] if t.strip())])
    # the header over the row labels may state it for every cell ("Year-over-year growth | FY2019 | FY2018")
    if c > 0 and _stub_states_change(table):
        return False
    return not STATED_CHANGE.search(row_name) and not STATED_CHANGE.search(table.column_name(c))
