"""What a table's periods are: the years its column headers and row labels name (fiscal years written "2018/19",
"FY19"), share columns that belong to the year before them, columns of note references or percentages, what kind
of amount a column holds apart from its period, and header rows a reader left in the body ("2019 | 2018", "$M |
$M") promoted back into the header."""

from __future__ import annotations

import re

from tablerag.decomposition.serialize import filled_grid
from tablerag.model import Table
from tablerag.parsing.headers import bare_label
from tablerag.parsing.numbers import POINT_UNITS, is_nil_mark, joined_years
from tablerag.parsing.spans import MONTH_NAME, is_bucket
from tablerag.qa.route import NOUN_CLAUSE, PERIOD_QUALIFIERS

_YEAR = re.compile(r"^(?:19|20)\d\d$")
_YEAR_IN = re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)")
MIN_DATED_ROWS = 2  # rows (or columns) naming two different years make a table of periods
MIN_SHARE_PERIODS = 2  # share columns after two different years make an "amount | %" pattern; one may be a change
MAX_PROMOTED_ROWS = 2  # leading "period" rows a reader left in the body ("At December 31: | 2019 | 2018")
STATED_CHANGE = re.compile(
    # "Inc (Dec)" abbreviates the change; "Dec. 31, 2019", "Dec-19" are a month
    r"\b(change|changes|difference|variance|variation|increase|decrease|inc|dec(?![.\s'\u2019-]*\d)|growth|movement|"
    r"vs|versus)\b|"
    # a variance stated as its two ways ("Favorable (Unfavorable)", "Better/(worse)")
    r"\bfavou?rable\s*[/(]*\s*unfavou?rable\b|\bbetter\s*[/(]*\s*worse\b|изменени|"
    r"veränderung|zmian|增减|变动|变化|增加|减少|增长",
    re.IGNORECASE,
)  # a column header that states the change between periods ("2019 vs 2018" too): read it, do not recompute it
# "which year", "what quarter", "which half (year)": a question asking for a period
PERIOD_NOUNS = ("year", "period", "quarter", "month", "half")


def asks_for(nouns: tuple[str, ...]) -> re.Pattern[str]:
    """ "which/what <noun>" (or its plural) for any of ``nouns`` ("which is the year with ...", "of the two years,
    which ..." too), or a question opening with "when" (a time asked). Group 2 is the noun."""
    named = "|".join(nouns)
    return re.compile(
        rf"(?:\b(which|what)\s+{PERIOD_QUALIFIERS}"
        rf"|^\s*(?:which|what)\s+(?:is|was|are|were)\s+the\s+(?=(?:{named})s?\s+{NOUN_CLAUSE})"
        rf"|\bof\s+the\s+(?:two|three|four|five|\d+)\s+(?=(?:{named})s?\s*,\s*(?:which|what)\b))"
        rf"({named})s?\b|^\s*when\b",
        re.IGNORECASE,
    )


def _balance_year(label: str) -> str | None:
    """The year a roll-forward's balance row closes: the one year it names, or the first of two years running
    ("At 31 December 2018 and 1 January 2019" ends 2018 and opens 2019: the movements above it are 2018's)."""
    found = sorted(set(_years(label, header=True)))
    if len(found) == 2 and int(found[1]) - int(found[0]) == 1:
        return found[0]
    return found[0] if len(found) == 1 else None


def row_periods(table: Table) -> dict[int, str]:
    """The year of each body row of a roll-forward ("Balance at December 31, 2018 | Additions | Balance at December
    31, 2019"): a row that names one year has it; a row that names none (a movement) has the year of the next
    dated row below it, the balance it leads to. Empty unless two or more rows name different years."""
    dated = {r: y for r in range(table.header_rows, table.n_rows) if (y := _balance_year(" ".join(table.row_chain(r))))}
    if len(set(dated.values())) < MIN_DATED_ROWS:
        return {}
    out, below = {}, None
    for r in range(table.n_rows - 1, table.header_rows - 1, -1):
        below = dated.get(r, below)
        if below is not None:
            out[r] = dated.get(r, below)
    return out


# "the beginning of 2019", "the start of fiscal year 2019": the opening balance of that year; "the end of 2019" its
# closing one
_OPENING = re.compile(
    r"\b(?:the\s+)?(?:(beginning|start)|(end))\s+of\s+(?:the\s+)?(?:(?:fiscal|financial|calendar)\s+)?(?:year\s+)?"
    r"((?:19|20)\d\d)\b",
    re.IGNORECASE,
)
# a balance's end said without its year ("the ending number of shares", "the opening weighted average price", "the
# provision at the year end", "at the start of the year")
_BARE_END = re.compile(
    r"\b(?:(beginning|opening|start\s+of\s+the\s+(?:fiscal\s+|financial\s+)?year)"
    r"|(ending|closing|year[-\s]end|end\s+of\s+the\s+(?:fiscal\s+|financial\s+)?year))\b",
    re.IGNORECASE,
)
_BALANCE_COLUMN = re.compile(r"\b(beginning|opening|ending|closing)\b", re.IGNORECASE)
_BALANCE_WORDS = re.compile(r"\b(beginning|opening|ending|closing|end|start)\b", re.IGNORECASE)
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")  # month_number's order
_MONTH = re.compile(rf"\b({MONTH_NAME})\b\.?", re.IGNORECASE)


def month_number(name: str) -> int:
    """1 for a name `MONTH_NAME` matches as January, ... 12 for December."""
    return MONTHS.index(name.lower()[:3]) + 1


_PERIOD_LABEL = re.compile(r"\b(?:ended|ending)\b", re.IGNORECASE)


def _dated(labels: list[str]) -> dict[tuple[int, int], str]:
    """(year, month number) -> how the month is written, for each label naming a month and a year: a roll-forward's
    balance rows ("Balance at January 1, 2019", "Outstanding at December 31, 2019"), a movement table's columns ("At
    1 January 2019 | ... | At 31 December 2019"), a balance sheet's ("December 31, 2019 | December 31, 2018")."""
    dated: dict[tuple[int, int], str] = {}
    for label in labels:
        if _PERIOD_LABEL.search(label):
            continue  # "Year Ended December 31, 2019" names a period, not a balance's date
        month, when = _MONTH.search(label), year_of(label)
        if month is not None and when is not None:
            dated.setdefault((int(when), month_number(month.group(1))), month.group(1))
    return dated


def opening_said(table: Table, question: str) -> str:
    """The question with a balance's end written as the date of the balance row that is it, when the table's
    periods are dated balance rows (a roll-forward: "Outstanding at December 31, 2018 | Granted | ... | Outstanding
    at December 31, 2019", "At 1 January 2019 | ... | At 31 December 2019", or "Balance at January 1, 2019 | ... |
    Balance at December 31, 2019"): "the beginning of 2019" is the row dated January of that year, else the one
    dated December of the year before; "the end of 2019" the row dated December of it, else its last dated row; an
    end said without a year ("the ending balance", "the opening price") the first or last dated row, or that of the
    one year the question names, when no label says such a word itself. Unchanged when no such row is there."""
    dated = _dated([" ".join(table.row_chain(r)) for r in range(table.header_rows, table.n_rows)])
    if len(dated) < MIN_DATED_ROWS:  # "At 1 January 2019 | Cash flow | ... | At 31 December 2019"
        dated = _dated([table.column_name(c) for c in range(table.n_cols)])
    if len(dated) < MIN_DATED_ROWS:
        return question
    if _BALANCE_COLUMN.search(" ".join(table.column_name(c) for c in range(table.n_cols))):
        return question  # a column states the balance ("Balance at Beginning of Period"): its words link it
    found = _OPENING.search(question)
    labels = " ".join(" ".join(table.row_chain(r)) for r in range(table.header_rows, table.n_rows))
    labels += " " + " ".join(table.column_name(c) for c in range(table.n_cols))
    said = _BALANCE_WORDS.search(labels)  # a label says "beginning" / "end of year" itself: its words link it
    year: int | None
    if found is not None and (said is None or found.group(1)):
        opening, year = bool(found.group(1)), int(found.group(3))
    else:
        found = None if said else _BARE_END.search(question)
        if found is None:
            return question
        named = years_in(question)
        opening, year = bool(found.group(1)), int(next(iter(named))) if len(named) == 1 else None
    of_year = sorted(k for k in dated if year is None or k[0] == year)
    # balances all dated in one month close a fiscal year ending then ("June 30, 2017 | ... | June 30, 2018"): the
    # beginning of fiscal 2018 is June 30, 2017, its end June 30, 2018
    months = {m for _, m in dated}
    year_end = months.pop() if len(months) == 1 else 12
    if opening:
        starts = ((year, 1), (year - 1, 12), (year - 1, year_end)) if year is not None else ()
        keys = [k for k in starts if k in dated] if year is not None else of_year[:1]
    else:
        keys = [(year, 12)] if year is not None and (year, 12) in dated else of_year[-1:]
    if not keys:
        return question
    said_end = question[: found.start()] + f"{dated[keys[0]]} {keys[0][0]}" + question[found.end() :]
    if opening and year is not None and keys[0][0] != year:
        # "the opening balance for 2019" is the balance dated at the end of 2018: the year said apart names the
        # period the balance opens, no balance row of its own
        said_end = re.sub(rf"\s*\b(?:for|in|of|during)\s+(?:fiscal\s+)?{year}\b", "", said_end)
    return said_end


# a period named by its last day: "during the year ended February 1, 2020", "in the fiscal year ending 31 March 2024"
_PERIOD_ENDED = re.compile(
    rf"\b(?:during|in|for|over)\s+(?:the\s+)?(?:(?:fiscal|financial)\s+)?(?:year|period|twelve\s+months)\s+"
    rf"(?:ended|ending)\s+(?:{MONTH_NAME}\.?\s+\d{{1,2}},?\s+|\d{{1,2}}\s+{MONTH_NAME}\s+)((?:19|20)\d\d)\b",
    re.IGNORECASE,
)


def period_end_said(table: Table, question: str) -> str:
    """The question with "during the year ended February 1, 2020" said as "during 2020" over a roll-forward of dated
    balance rows ("Outstanding, February 2, 2019 | Granted | ... | Outstanding, February 1, 2020"): the date names
    the period whose movements are asked, the year the balance row closing it names, not that balance row itself.
    Unchanged when the rows are not dated so."""
    m = _PERIOD_ENDED.search(question)
    if m is None or not row_periods(table):
        return question
    return f"{question[: m.start()]}during {m.group(1)}{question[m.end() :]}"


# "after 2024", "beyond 2024", "later than 2024": the years past the last one a schedule gives a line or column of
# its own, which it sums as "Thereafter" ("Later years", "After 2024")
_PAST_YEAR = re.compile(
    r"\b(?:after|beyond|later\s+than|past)\s+(?:(?:fiscal|financial)\s+(?:year\s+)?|FY\s?)?((?:19|20)\d\d)\b",
    re.IGNORECASE,
)
_THEREAFTER = re.compile(r"^\s*(thereafter|later\s+years|beyond\b|after\s+(?:19|20)\d\d)", re.IGNORECASE)


def thereafter_said(table: Table, question: str) -> str:
    """The question with "after 2024" written as the label of the schedule's "Thereafter" row or column, when 2024
    is the last year the table's other period labels name. Unchanged otherwise."""
    m = _PAST_YEAR.search(question)
    if m is None:
        return question
    grid = filled_grid(table)
    labels = [grid[r][0] for r in range(table.header_rows, table.n_rows)] + [
        " ".join(table.column_chain(c)[-1:])
        for c in range(table.n_cols)  # its own level, under a spanning label
    ]
    beyond = [" ".join(t.split()) for t in labels if _THEREAFTER.match(t)]
    years = [int(y) for t in labels if not _THEREAFTER.match(t) and (y := year_of(t)) is not None]
    if len(set(beyond)) != 1 or not years or max(years) != int(m.group(1)):
        return question
    return question[: m.start()] + beyond[0] + question[m.end() :]


def column_years(table: Table) -> dict[int, set[str]]:
    """Columns whose header chain names a year ("2019", "December 31, 2019", "FY2019"), with those years; and the
    percentage columns of a flat header that alternates amounts and shares ("2019 | % of revenue | 2018 | % of
    revenue"): each share column is the period of the year column right before it."""
    out = {}
    for c in range(table.n_cols):
        years = years_in(table.column_name(c), header=True)
        if years:
            out[c] = years
    shares = {
        c: out[c - 1]
        for c in range(1, table.n_cols)
        if c not in out
        and len(out.get(c - 1, ())) == 1
        and percent_column(table, c)
        and not STATED_CHANGE.search(table.column_name(c))
    }
    if len({y for ys in shares.values() for y in ys}) >= MIN_SHARE_PERIODS:  # the pattern repeats: not one "% change"
        out |= shares
    return out


# words that only say which period a header level is ("Year Ended December 31,", "F19 / 53 WEEKS", "2018 vs
# 2017"): what is left of a column's header chain without them is the kind of amount the column holds
_PERIOD_WORDS = re.compile(
    r"\b(?:years?|ended|ending|fiscal|quarters?|months?|weeks?|as|at|of|in|for|the|and|vs|versus|to|from|compared|"
    r"with|three|six|nine|twelve|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|first|second|third|fourth|restated|unaudited|"
    r"audited|actual|reported|fy|ytd|half|halves|see\s+notes?)\b|\b[a-z]{0,2}\d+[a-z]{0,2}\b|[^\w\s%]"
    r"|\b(?:[1-4][hq]|[hq][1-4])\s?['\u2019]?\d{0,4}\b"  # "1H20", "Q3'19", "H1 2020": a half or quarter
    # the same in the other languages of our reports: "2019年度", "2019 г.", "за 2019 год", "Geschäftsjahr", "rok"
    r"|\d+\s*(?:年度?|季度|月|日)|(?<=\d)г\b|\b(?:год(?:а|у)?|geschäftsjahr(?:es)?|jahr(?:es)?|rok(?:u)?)\b",
    re.IGNORECASE,
)


_UNIT_NOTE = re.compile(r"\b(thousands?|millions?|billions?)\b|^\s*\(.*\)\s*$", re.IGNORECASE)  # "(in thousands)"


# an abbreviation written with dots ("U.S.", "U.K.") and the "non-" before a word: one word each, as the question's
# tokens read them ("Non-U.S. Plans" is "nonus plans", not "non u s plans", whose words no question says)
_ABBREVIATED = re.compile(r"\b(?:[A-Za-z]\.){2,}|\b[Nn]on-(?=\w)")


def _joined(m: re.Match[str]) -> str:
    return m.group(0).replace(".", "").replace("-", "")


def column_kind(table: Table, col: int) -> tuple[str, ...]:
    """What a column holds apart from its period: its header levels less the words that name a period ("2019 /
    Amount" and "Fiscal years ended July 31, / 2018 / Amount" are both ``("amount",)``; "% of total revenue",
    "Variation" and "Change (%)" are kinds of their own). A unit note a reader put over one column only ("(in
    thousands of U.S. dollars)") is no kind, nor is a footnote mark ("2018 (a)" holds what "2019" holds)."""
    chain = table.column_chain(col)
    levels = [_ABBREVIATED.sub(_joined, bare_label(level)) for level in chain if not _UNIT_NOTE.search(level)]
    kept = tuple(k for k in (" ".join(_PERIOD_WORDS.sub(" ", level.lower()).split()) for level in levels) if k)
    if not kept and any(STATED_CHANGE.search(level) for level in levels):  # "2019 vs 2018": a change, no amount
        return ("change",)
    return kept


_NOTE_HEADER = re.compile(r"^\s*(?:notes?|note\s+ref\.?|ref\.?|references?)\s*$", re.IGNORECASE)
MAX_NOTE_NUMBER = 100  # note references are small numbers ("3", "12.1"); amounts in such a column are no notes


def note_column(table: Table, col: int) -> bool:
    """A column of note references ("Note | 2019 | 2018": "3", "12"): its header says so and its numbers are small.
    Its numbers are no amounts: never an operand or a compared value. A period label centred over the value columns
    may stand over it too ("Year ended 31 December" over "Note | 2019 | 2018"): its own last level says so."""
    chain = table.column_chain(col)
    if not _NOTE_HEADER.match(table.column_name(col)) and not (chain and _NOTE_HEADER.match(chain[-1])):
        return False
    values = [c.value for c in table.cells if c.col == col and c.row >= table.header_rows and c.value is not None]
    return all(abs(v) <= MAX_NOTE_NUMBER for v in values)


_UNIT_HEADER = re.compile(r"^\s*(?:units?|uom|unit\s+of\s+measure(?:ment)?)\s*$", re.IGNORECASE)
MAX_UNIT_TEXT = 16  # a unit written beside each row ("koz", "Mt", "tCO2e", "GWh"): short words, never a sentence


def unit_column(table: Table, col: int) -> bool:
    """A column giving each row's unit ("Unit": "Mt", "g/t", "%", "koz"): its header says so and its cells are short
    texts. It says what the row's amounts measure; it is no attribute of a record, nor an amount."""
    if not _UNIT_HEADER.match(table.column_name(col)):
        return False
    body = [c for c in table.cells if c.col == col and c.row >= table.header_rows and c.text.strip()]
    return bool(body) and all(len(c.text.strip()) <= MAX_UNIT_TEXT and c.value is None for c in body)


def _mostly_percent(units: list[str | None]) -> bool:
    return bool(units) and sum(u == "%" for u in units) * 2 > len(units)


def percent_column(table: Table, col: int) -> bool:
    """A column of percentages: its header says so, or most of its body values carry the unit %."""
    if _percent_header(table, col):
        return True
    return _mostly_percent(  # a rate's move in points beside percent changes ("140 bps") is no amount
        [
            c.unit
            for c in table.cells
            if c.col == col and c.row >= table.header_rows and c.value is not None and c.unit not in POINT_UNITS
        ]
    )


def _percent_header(table: Table, col: int) -> bool:
    name = table.column_name(col).lower()
    return "%" in name or "percent" in name


def percent_marked(table: Table, col: int) -> bool:
    """A column of percentages that marks its unit on its first amount only ("Revenue | 100.0%" then "Cost of
    revenue | 46.2", a rate reconciliation opening "Statutory rate | 21.0%"): the first valued body cell carries %,
    no cell another unit."""
    cells = sorted(
        (c for c in table.cells if c.col == col and c.row >= table.header_rows and c.value is not None),
        key=lambda c: c.row,
    )
    return bool(cells) and cells[0].unit == "%" and all(c.unit in (None, "%") for c in cells)


PERCENT_LABEL = re.compile(r"%|\bper\s?cent", re.IGNORECASE)  # a label stating its unit is a percentage


def percent_row(table: Table, row: int) -> bool:
    """A row of percentages ("Gross margin (%)", "Effective tax rate 13.0%"): its label says so, or most of its
    values carry the unit %; its change in a percent column is a difference in points."""
    if PERCENT_LABEL.search(" ".join(table.row_chain(row))):
        return True
    return _mostly_percent([c.unit for c in table.cells if c.row == row and c.value is not None])


def percent_cell(table: Table, row: int, col: int) -> bool:
    """A percentage: the cell carries the unit %, or its column is one of percentages by its header, or by its
    cells when this one carries no other unit and its row states no amounts without one ("Number of stores |
    1,214 | 1,187 | 27" under a "Change" column of "3.5%" and "50 bps" changes by a count: the column writes its %
    where it means it). A move in points ("0.9 pp", "50 bps") is a rate's change, never a percentage."""
    cell = table.cell_at(row, col)
    if cell is not None and cell.unit == "%":
        return True
    if cell is not None and cell.unit in POINT_UNITS:
        return False
    if _percent_header(table, col):
        return True
    if not percent_column(table, col):
        return False
    others = [c for c in table.cells if c.row == row and c.col != col and c.value is not None]
    return not (cell is not None and cell.unit is None and others and all(c.unit is None for c in others))


def is_year(text: str) -> bool:
    return bool(_YEAR.match(text.strip()))


# a fiscal year written as the two calendar years it spans ("2018/2019", "2018/19"; in a header also "2018-19", but
# not "2021-2022", a maturity bucket of two years): it is named by the year it ends in, as "FY2019" is
_FISCAL_SLASH = re.compile(r"(?<!\d)((?:19|20)\d\d)\s*/\s*((?:19|20)?\d\d)(?![\d/])")
_FISCAL_DASH = re.compile(r"(?<!\d)((?:19|20)\d\d)\s*[-\u2010-\u2013]\s*(\d\d)(?![\d/])")
# a year in two digits after a fiscal mark or an apostrophe: "FY19", "F19", "FY 19", "fiscal '19"; a header "FY19"
# names 2019 as "FY2019" does, so "net income in 2018" finds the "FY18" column (a "FY19 vs FY18" header names both
# years, as "2019 vs 2018" does: a change column)
_SHORT_YEAR = re.compile(r"(?:\b(?:FY|F|CY)\s?['\u2019]?|(?<![$€£])['\u2019])(\d\d)\b", re.IGNORECASE)
SHORT_YEAR_PIVOT = 50  # "FY49" is 2049, "FY98" is 1998: reports name years of this century but keep old series


def _full_year(two: str) -> str:
    return ("20" if int(two) < SHORT_YEAR_PIVOT else "19") + two


def _fiscal_end(m: re.Match[str]) -> str:
    start, end = int(m.group(1)), m.group(2)
    follows = int(end) == start + 1 if len(end) == 4 else int(end) == (start + 1) % 100  # "1999/00" too
    return str(start + 1) if follows else m.group(0)


# a month abbreviated and a year in two digits, as half-year headers write them ("Mar 20", "Sep-19", "Dec '19");
# 28 to 31 stay days ("Mar 31", "Sep 30": a quarter's end), and so does a number before a year ("Sep 15, 2019")
_MONTH_SHORT_YEAR = re.compile(
    rf"\b({'|'.join(MONTHS)}|sept)\.?(?:\s|-|\s?['\u2019])([01]\d|2[0-7])\b"
    r"(?![.,:/]?\s*\d)",
    re.IGNORECASE,
)


# a half or quarter and a year in two digits: "1H19", "2H19", "H1 20", "Q3'19", "3Q19"
_PART_SHORT_YEAR = re.compile(r"\b((?:[1-4][HQ]|[HQ][1-4]))\s?['\u2019]?(\d\d)\b", re.IGNORECASE)


# a fiscal year said as the span of its two calendar years after "FY" or "fiscal" ("FY 2018-19", "fiscal 2018-19"):
# one year, ending in the second, in a question too (a bare "2018-19" there is as often a range)
_FY_SPAN = re.compile(
    r"\b(?:FY|fiscal\s+(?:year\s+)?)\s?((?:19|20)\d\d)\s*[-\u2010-\u2013]\s*(\d\d)(?![\d/])", re.IGNORECASE
)


def _years(text: str, header: bool) -> list[str]:
    text = _FY_SPAN.sub(lambda m: f" {_fiscal_end(m)} ", joined_years(text))
    text = _FISCAL_SLASH.sub(_fiscal_end, text)
    if header:  # in a question "2018-19" is as often a range ("the change between 2018-19"), "Sep 19" a day
        text = _MONTH_SHORT_YEAR.sub(
            lambda m: f"{m.group(1)} {_full_year(m.group(2))}", _FISCAL_DASH.sub(_fiscal_end, text)
        )
    text = _SHORT_YEAR.sub(lambda m: f" {_full_year(m.group(1))} ", text)
    text = _PART_SHORT_YEAR.sub(lambda m: f"{m.group(1)} {_full_year(m.group(2))}", text)
    return _YEAR_IN.findall(text)


def fiscal_spans_said(table: Table, question: str) -> str:
    """The question with each "2018-19" that the table writes too (a header or label "2018-19") said as "2018/19":
    one fiscal year, ending 2019, as the table means it; a span the table does not write stays a range."""
    written = {(m.group(1), m.group(2)) for c in table.cells for m in _FISCAL_DASH.finditer(c.text)}
    if not written:
        return question
    return _FISCAL_DASH.sub(
        lambda m: f"{m.group(1)}/{m.group(2)}" if (m.group(1), m.group(2)) in written else m.group(0), question
    )


# a quarter the question names: "the third quarter", "Q3 2019", "3Q19", "the fourth fiscal quarter"
_QUARTER_ASKED = re.compile(
    r"\b(?:(first|second|third|fourth|1st|2nd|3rd|4th)\s+(?:(?:fiscal|financial|calendar)\s+)?quarter"
    r"|q([1-4])(?![\d.])|([1-4])q(?=\b|\d|['\u2019]))",
    re.IGNORECASE,
)
_QUARTER_ORDINALS = ("first", "second", "third", "fourth")
# a header naming which quarter it is ("Q3", "3Q19", "Third Quarter", "3rd qtr"); "Quarter Ended" names none
_QUARTER_WRITTEN = re.compile(
    r"\b(?:first|second|third|fourth|1st|2nd|3rd|4th)\s+(?:fiscal\s+)?(?:quarter|qtr)\b|\b[1-4]Q|\bQ[1-4]\b",
    re.IGNORECASE,
)
_NUMERIC_DATE = re.compile(r"\b(\d{1,2})[./](\d{1,2})[./]((?:19|20)\d\d)\b")  # "31.12.2023", "30/09/2019"
QUARTER_END_MONTHS = (3, 6, 9, 12)  # calendar quarters end in March, June, September, December


def _column_date(level: str) -> tuple[int, int] | None:
    """(year, month) of a header level that is a date: "Sep. 30, 2019", "31 December 2023", "31.12.2023"."""
    numeric = _NUMERIC_DATE.search(level)
    if numeric is not None and 1 <= int(numeric.group(2)) <= 12:
        return int(numeric.group(3)), int(numeric.group(2))
    month, year = _MONTH.search(level), year_of(level)
    return (int(year), month_number(month.group(1))) if month is not None and year is not None else None


def date_column(table: Table, col: int) -> bool:
    """Most of the column's body cells are dates or years ("August 15, 2029", "28/11/2026", "2038")."""
    body = [c.text for c in table.cells if c.col == col and c.row >= table.header_rows and c.text.strip()]
    dated = [t for t in body if _column_date(t) is not None or is_year(t.strip())]
    return bool(body) and 2 * len(dated) > len(body)


def quarter_ends_said(table: Table, question: str) -> str:
    """The question with a quarter it names ("the third quarter of 2019", "Q4 2018") followed by the header of
    the column (or the label of the row) whose date ends that calendar quarter ("Sep. 30, 2019"), when the columns
    (rows) are dated by quarter ends and no header names its quarter: the date is how such a table says the
    quarter. Unchanged when no one column date (of the year the question names, if any) ends the quarter."""
    m = _QUARTER_ASKED.search(question)
    if m is None:
        return question
    said = (m.group(1) or "").lower()[:3]
    number = next((i + 1 for i, o in enumerate(_QUARTER_ORDINALS) if o[:3] == said or str(i + 1) == said[:1]), 0)
    number = number or int(m.group(2) or m.group(3))
    fiscal = _fiscal_quarter_end(table, question, number)
    if fiscal is not None:  # the date says the year: the fiscal year's own, which may be a calendar year before
        said_date = f"{question[: m.end()]} ({fiscal}){question[m.end() :]}"
        return _FISCAL_YEAR_SAID.sub(" ", said_date, count=1) if fiscal else question
    chains = [table.column_chain(c) for c in range(table.n_cols)]
    chains += [table.row_chain(r)[-1:] for r in range(table.header_rows, table.n_rows)]  # rows dated so, too
    if any(_QUARTER_WRITTEN.search(level) for chain in chains for level in chain):
        return question
    # a date in one level ("Sep. 30, 2019"), or its year a level above its day ("2018 / March 31")
    dated: dict[str, tuple[int, int]] = {}
    for chain in chains:
        own = {level: when for level in chain if (when := _column_date(level)) is not None}
        if not own and (when := _column_date(" ".join(chain))) is not None:
            own = {" ".join(chain): when}
        dated.update(own)
    if not dated:  # quarter ends without their year ("March 31 | ... | December 31" under year section rows)
        return _quarter_end_of_year_said(table, question, m, number)
    if len(dated) < 2 or any(month not in QUARTER_END_MONTHS for _, month in dated.values()):
        return question
    asked = years_in(question)
    ends = [
        level for level, (year, month) in dated.items() if month == 3 * number and (not asked or str(year) in asked)
    ]
    if len(ends) != 1:
        return question
    return f"{question[: m.end()]} ({ends[0]}){question[m.end() :]}"


MAX_DAY_WORDS = 3  # a quarter's end day said alone: "December 31", "Dec. 31", "31 March"


def _quarter_end_of_year_said(table: Table, question: str, m: re.Match[str], number: int) -> str:
    """The quarter asked followed by the header of the column whose level is the day that ends it, when the columns
    are a year's quarter ends without a year ("Three Months Ended / March 31 | June 30 | September 30 | December
    31", the years in section rows): the ``number``-th of four set in order, else the one of that calendar
    quarter's month. Unchanged otherwise."""
    days: list[tuple[int, str]] = []
    for c in range(table.n_cols):
        levels = table.column_chain(c)
        last = levels[-1] if levels else ""
        month = _MONTH.search(last)
        if month is not None and not years_in(last, header=True) and len(last.split()) <= MAX_DAY_WORDS:
            days.append((month_number(month.group(1)), last))
    if len(days) < 2 or any(mo not in QUARTER_END_MONTHS for mo, _ in days):
        return question
    if len(days) == QUARTERS_IN_YEAR and len({mo for mo, _ in days}) == QUARTERS_IN_YEAR:
        end = days[number - 1][1]
    else:
        ends = [day for mo, day in days if mo == 3 * number]
        if len(ends) != 1:
            return question
        end = ends[0]
    return f"{question[: m.end()]} ({end}){question[m.end() :]}"


_FISCAL = re.compile(r"\bfiscal\b|\bFY\s?(?:19|20)?\d\d\b", re.IGNORECASE)
_FISCAL_YEAR_SAID = re.compile(
    r"\s(?:of\s+|in\s+)?(?:the\s+)?(?:fiscal\s+(?:year\s+)?|FY\s?)(?:19|20)?\d\d(?:['\u2019]s)?(?=\W|$)", re.IGNORECASE
)
QUARTERS_IN_YEAR = 4


def _fiscal_quarter_end(table: Table, question: str, number: int) -> str | None:
    """The quarter-end date heading the ``number``-th quarter column of the fiscal year a question names ("the fourth
    quarter of fiscal 2019" over "Fiscal Year 2019 / Quarter Ended / September 30, 2018 | ... | June 30, 2019"): a
    fiscal year's quarters are its four quarter-end columns in date order, whatever month it ends in. None when the
    question names no fiscal year the headers write; "" when they do but not over four dated columns (no calendar
    quarter is meant then either)."""
    asked = years_in(question)
    if not _FISCAL.search(question) or len(asked) != 1:
        return None
    dated: dict[str, tuple[int, int]] = {}
    fiscal_headed = False
    titled = bool(table.caption and _FISCAL.search(table.caption) and years_in(table.caption) == asked)
    for c in range(table.n_cols):
        chain = table.column_chain(c)
        if not titled and not any(_FISCAL.search(level) and years_in(level) == asked for level in chain):
            continue  # a fiscal year over these columns, or over the whole table as its title
        fiscal_headed = True
        dated.update({level: when for level in chain if (when := _column_date(level)) is not None})
    if not fiscal_headed or not dated:
        return None
    if len(dated) != QUARTERS_IN_YEAR:
        return ""
    return sorted(dated, key=lambda level: dated[level])[number - 1]


# a quarter as a label writes it: "3Q19", "Q3 2019", "Q3'19", "3Q 2019", "Third Quarter 2019" -> its number, year
_QUARTER_LABEL = re.compile(
    r"^\s*(?:([1-4])Q|Q([1-4])|(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter(?:\s+of)?)\s*['\u2019]?\s*"
    r"((?:19|20)?\d\d)\s*$",
    re.IGNORECASE,
)
# a quarter-end date a question names: "September 30, 2019", "Sept. 30, 2019", "30 September 2019"
_DATE_SAID = re.compile(
    rf"\b(?:({MONTH_NAME})\.?\s+(?P<day1>\d{{1,2}})(?:st|nd|rd|th)?,?|(?P<day2>\d{{1,2}})(?:st|nd|rd|th)?\s+({MONTH_NAME})\.?,?)"
    r"\s+(?P<year>(?:19|20)\d\d)\b",
    re.IGNORECASE,
)

# a calendar year's end said without its date: "at year-end 2018", "at the end of 2018" (its fourth quarter's end)
_YEAR_END_SAID = re.compile(r"\b(?:year[-\s]end|end\s+of)\s+(?:calendar\s+)?(?P<year>(?:19|20)\d\d)\b", re.IGNORECASE)


def quarter_of_label(level: str) -> tuple[int, int] | None:
    """(year, quarter) of a label that names one quarter and its year ("3Q19" -> (2019, 3)); None otherwise."""
    m = _QUARTER_LABEL.match(level)
    if m is None:
        return None
    word = (m.group(3) or "").lower()[:3]
    number = int(m.group(1) or m.group(2) or next(i + 1 for i, o in enumerate(_QUARTER_ORDINALS) if o[:3] == word))
    year = m.group(4)
    return (int(year) if len(year) == 4 else 2000 + int(year)), number


def dates_in(text: str) -> set[tuple[int, int, int]]:
    """(year, month, day) of every date written with its month's name ("31 December 2019", "Dec. 31, 2019")."""
    return {
        (int(m.group("year")), month_number(m.group(1) or m.group(4)), int(m.group("day1") or m.group("day2")))
        for m in _DATE_SAID.finditer(text)
    }


def quarter_labels_said(table: Table, question: str) -> str:
    """The question with a calendar quarter's end date it names ("at September 30, 2019") followed by the label of
    the row (or column) that names that quarter ("3Q19"), when the table's periods are quarters so labelled and
    none is a date: the quarter is how such a table says the date. Unchanged when no one label is that quarter."""
    dates = sorted([*_DATE_SAID.finditer(question), *_YEAR_END_SAID.finditer(question)], key=lambda m: m.start())
    if not dates:
        return question
    levels = [table.row_chain(r)[-1] for r in range(table.header_rows, table.n_rows) if table.row_chain(r)]
    levels += [lvl for c in range(table.n_cols) for lvl in table.column_chain(c)]
    quarters = {lvl: q for lvl in levels if (q := quarter_of_label(lvl)) is not None}
    if len(quarters) < 2 or any(_column_date(lvl) is not None for lvl in levels):
        return question
    for m in reversed(dates):
        month = month_number(m.group(1) or m.group(4)) if m.re is _DATE_SAID else 12
        if month not in QUARTER_END_MONTHS:
            continue
        asked = (int(m.group("year")), month // 3)
        found = [lvl for lvl, q in quarters.items() if q == asked]
        if len(found) == 1:
            question = f"{question[: m.end()]} ({found[0]}){question[m.end() :]}"
    return question


# how long a period a header level states: "Three Months Ended", "Six months to 30 June", "Year Ended", "Full year"
_DURATION_MONTHS = {"three": 3, "3": 3, "six": 6, "6": 6, "nine": 9, "9": 9, "twelve": 12, "12": 12}
_LEVEL_DURATION = re.compile(
    r"\b(three|six|nine|twelve|3|6|9|12)[\s-]+months?\b|\b(quarter|half[-\s]?year|year|fiscal\s+year)\s+(?:ended|ending|to)\b"
    r"|\b(full[-\s]year|year[-\s]to[-\s]date|ytd|interim)\b",
    re.IGNORECASE,
)
_WORD_MONTHS = {
    "quarter": 3,
    "half": 6,
    "year": 12,
    "fiscal": 12,
    "full": 12,
    "ytd": 0,
    "year-to-date": 0,
    "interim": 6,
}
# a period's length the question says: a quarter ("Q4", "the fourth quarter", "three months ended", "the
# three-month period"), a half ("H1",
# "the first half", "six months"), nine months, a full year ("full-year 2022", "twelve months", "fiscal 2023",
# "for the year")
_ASKED_DURATION = re.compile(
    r"\b(?P<months>three|six|nine|twelve|3|6|9|12)[\s-]+months?\b|\b(?P<q>q[1-4]|[1-4]q)"
    r"|\b(?:first|second|third|fourth)[\s-]+(?:fiscal[\s-]+)?(?P<part>quarter|half)\b|\b(?P<h>[12]h|h[12])\b"
    r"|\b(?P<qe>quarter)\s+(?:ended|ending)\b|\b(?:the|this|that|same|comparable|prior[\s-]year)\s+(?P<qd>quarter)\b"
    r"|\b(?P<hy>half[\s-]year)\b"
    r"|\b(?P<year>full[-\s]year|fiscal\s+(?:year\s+)?(?:19|20)\d\d|for\s+the\s+year|annual)\b",
    re.IGNORECASE,
)


# parts of a year asked in the year said next ("which quarter of fiscal 2020", "the months in fiscal 2019")
_PARTS_OF = re.compile(r"\b(?:quarters?|halves|half|months?)\s+(?:of|in)\s+$", re.IGNORECASE)


# a header level naming one quarter or half by itself ("Q1", "3Q19", "First Quarter", "H1", "2H"): its length
_LEVEL_PART = re.compile(
    r"^\s*(?:(?P<q>q[1-4]|[1-4]q|(?:first|second|third|fourth|1st|2nd|3rd|4th)\s+(?:fiscal\s+)?quarter)"
    r"|(?P<h>h[12]|[12]h|(?:first|second)\s+half)|(?P<y>full[-\s]year|fiscal\s+year|total\s+year|fy|year))"
    r"(?:\s*['\u2019]?\s*(?:fy\s*)?(?:19|20)?\d\d)?\s*$",
    re.IGNORECASE,
)


def part_of_year_label(level: str) -> bool:
    """A label naming a quarter or a half, its year said or not ("First Quarter", "Q3", "H1 2020"), or a date
    ("Dec. 31, 2018"): a period row of a table of quarters."""
    part = _LEVEL_PART.match(level)
    return bool(part is not None and (part.group("q") or part.group("h"))) or bool(dates_in(level))


def _level_months(level: str) -> int | None:
    part = _LEVEL_PART.match(level)
    if part is not None:
        return 3 if part.group("q") else 6 if part.group("h") else 12
    m = _LEVEL_DURATION.search(level)
    if m is None:
        return None
    if m.group(1):
        return _DURATION_MONTHS[m.group(1).lower()]
    word = (m.group(2) or m.group(3)).lower().split()[0].split("-")[0]
    return _WORD_MONTHS.get(word, 6 if word.startswith("half") else 12)


def _asked_months(m: re.Match[str]) -> int:
    if m.group("months"):
        return _DURATION_MONTHS[m.group("months").lower()]
    if m.group("q") or m.group("qe") or m.group("qd") or (m.group("part") or "").lower() == "quarter":
        return 3
    return 6 if m.group("part") or m.group("h") or m.group("hy") else 12


def asked_months(question: str) -> int | None:
    """How long a period the question says (3 for a quarter, 6 for a half, 9, 12 for a full or fiscal year); None
    when it says none."""
    m = _ASKED_DURATION.search(question)
    return _asked_months(m) if m is not None else None


def column_months(table: Table, col: int) -> int | None:
    """How long a period the column's header says (its lowest level that says one): "Q1 FY20" 3, "FY20" 12."""
    return next((n for level in reversed(table.column_chain(col)) if (n := _level_months(level))), None)


FULL_YEAR_MONTHS = 12  # a year-to-date figure is of the months the year has run, fewer than a whole year's
_YEAR_TO_DATE = re.compile(r"\b(?:year[-\s]to[-\s]date|ytd)\b", re.IGNORECASE)


def durations_said(table: Table, question: str) -> str:
    """The question with the period length it names said as the table's header says it, when the table's columns
    are periods of two or more lengths ("Three Months Ended | Year Ended"): "the fourth quarter of 2023" is the
    three months' column, "full-year 2022" or "the twelve months ended" the year's. A length in months is written
    over ("twelve months ended" shares "months" with "Three Months Ended"); another is followed by the header.
    Unchanged when the table has one length, or none that the question's matches. "Year-to-date" over columns
    that do not say it ("Three Months Ended | Nine Months Ended") is the longest period short of a year."""
    lengths = {  # periods' lengths, no maturity buckets ("6 months or less", "6-12 months")
        level: n
        for c in range(table.n_cols)
        for level in table.column_chain(c)
        if (n := _level_months(level)) and not is_bucket(level)
    }
    ytd = _YEAR_TO_DATE.search(question)
    if ytd is not None and len(set(lengths.values())) >= 2 and not any(_YEAR_TO_DATE.search(lv) for lv in lengths):
        short = [n for n in lengths.values() if n < FULL_YEAR_MONTHS]
        said = sorted({" ".join(lv.split()) for lv, n in lengths.items() if short and n == max(short)})
        return f"{question[: ytd.start()]}{said[0]}{question[ytd.end() :]}" if len(said) == 1 else question
    m = _ASKED_DURATION.search(question)
    if m is None:
        return question
    if m.group("year") and _PARTS_OF.search(question[: m.start()]):
        return question  # "which quarter of fiscal 2020": the year the quarters asked fall in, no year's column
    if len(set(lengths.values())) < 2:
        return question
    asked = _asked_months(m)
    said = sorted({" ".join(level.split()) for level, n in lengths.items() if n == asked})
    if len(said) > 1 and (named := years_in(question)):  # "the six months to June 2020" over "H1 2020 | H1 2019"
        said = [level for level in said if years_in(level, header=True) & named]
    if len(said) != 1:
        return question
    if "month" in m.group(0).lower():
        return f"{question[: m.start()]}{said[0]}{question[m.end() :]}"
    return f"{question[: m.end()]} ({said[0]}){question[m.end() :]}"


def years_in(text: str, header: bool = False) -> set[str]:
    """Every year the text names ("FY2019 vs 2018" -> {"2019", "2018"}; a fiscal year "2018/19" -> {"2019"}, the
    year it ends in; in a question "FY19" -> {"2019"}); ``header``: the text is a header, where "2018-19" is one
    fiscal year too."""
    return set(_years(text, header))


def year_of(text: str) -> str | None:
    """The one year a header level names ("December 29, 2017" -> "2017", "2017/2018" -> "2018"); None for none or
    several."""
    found = _years(text, header=True)
    return found[0] if len(set(found)) == 1 else None


def _period_row(table: Table, grid: list[list[str]], row: int) -> bool:
    values = [t.strip() for t in grid[row][1:] if t.strip()]
    return len(values) >= 2 and all(year_of(v) is not None and len(v) <= 40 for v in values)


_UNIT_MARK = re.compile(
    r"^\(?\s*(?:in\s+)?(?:[$€£¥₹]|[a-z]{0,2}\$|usd|eur|gbp|rmb|chf|sek|nok|dkk|jpy|cad|aud|inr|zar)?\s*['’]?\s*"
    r"(?:m|mn|mm|bn|b|k|000s?|thousands?|millions?|billions?)?\s*\)?$",
    re.IGNORECASE,
)  # a cell that only states a currency and scale: "$M", "€m", "$'000", "RMB million", "(in thousands)"


def _unit_row(grid: list[list[str]], row: int) -> bool:
    """A row whose value cells only state units ("Revenue from external customers by country | $M | $M"): a header
    row a reader left in the body because its stub holds text."""
    values = [t.strip() for t in grid[row][1:] if t.strip()]
    return len(values) >= 2 and all(len(v) <= 20 and _UNIT_MARK.match(v) for v in values)


def _repeated_stub_row(table: Table, grid: list[list[str]], row: int) -> bool:
    """A row of labels whose stub cell repeats the stub header above it ("项目" over "项目", "Item" over "Item"): a
    header cell spanning two rows, written out in each of them (a CSV of a merged header), over a second header
    row a reader left in the body because its stub holds text."""
    chain = table.column_chain(0)
    stub = " ".join(grid[row][0].split())
    labels = [t for t in grid[row][1:] if t.strip()]
    numbers = any((cell := table.cell_at(row, c)) is not None and cell.value is not None for c in range(table.n_cols))
    return bool(chain) and stub == " ".join(chain[-1].split()) and bool(labels) and not numbers


def promote_period_rows(table: Table) -> Table:
    """A copy whose leading body rows that only name periods (years, dates) or units ("$M | $M"), or repeat the stub
    header over labels, join the column header chains: our readers sometimes keep "2019 | 2018" as data because the
    cells parse as numbers, a unit row as data because its stub holds the table's subject ("Revenue by country | $M |
    $M"), and a merged stub header written out in both rows of a CSV as a body row."""
    from dataclasses import replace

    grid = filled_grid(table)
    extra = 0
    while extra < MAX_PROMOTED_ROWS and table.header_rows + extra < table.n_rows:
        at = table.header_rows + extra
        if not (_period_row(table, grid, at) or _unit_row(grid, at) or _repeated_stub_row(table, grid, at)):
            break
        extra += 1
    if not extra:
        return table
    rows = range(table.header_rows, table.header_rows + extra)
    headers = [list(table.column_chain(c)) for c in range(table.n_cols)]
    for c in range(table.n_cols):
        headers[c].extend(t for r in rows if (t := " ".join(grid[r][c].split())) and t not in headers[c])
    cells = [replace(c, is_header=True, value=None) if c.row in rows else c for c in table.cells]
    return replace(table, header_rows=table.header_rows + extra, column_headers=headers, cells=cells)


# a label that is a fiscal year and nothing else: "2019/20", "2018-19", "FY2019", "FY 19", "Fiscal 2019"
_FISCAL_LABEL = re.compile(
    r"^(?:(?:fiscal(?:\s+year)?|FY|F)\s?['\u2019]?)?(?:19|20)?\d\d(?:\s*[/\-\u2010-\u2013]\s*(?:19|20)?\d\d)?$",
    re.IGNORECASE,
)


def year_rows(table: Table) -> dict[int, str]:
    """Body rows whose label is a year alone ("2020 | 1,200 | 300", then "Thereafter", "Total minimum lease payments"),
    with that year: a table whose rows are periods. A year beside another label ("2019 | Financial assets | 100")
    is a group over rows, not the row's name. Empty unless two or more rows name different years so."""
    grid = filled_grid(table)
    out = {}
    for r in range(table.header_rows, table.n_rows):
        filled = [c for c, t in enumerate(grid[r]) if t.strip()]
        label = bare_label(grid[r][filled[0]]) if filled else ""
        year = label if is_year(label) else year_of(label) if _FISCAL_LABEL.match(label) else None
        if year is None:  # "2020 (1)": a year, marked; "2019/20", "FY2019": a fiscal year, named by its end
            continue
        texts = [
            c
            for c in filled[1:]
            if ((cell := table.cell_at(r, c)) is None or cell.value is None) and not is_nil_mark(grid[r][c])
        ]  # a nil mark ("—") is an amount the row leaves empty, not a second label
        if not texts:
            out[r] = year
    return out if len(set(out.values())) >= MIN_DATED_ROWS else {}


# a maturity schedule's periods that are no single year: open-ended ("Thereafter", "After 2024", "2025 and beyond")
# or spans of years ("2021-2022")
_OPEN_PERIOD = re.compile(
    r"^\s*(?:thereafter|later\s+years|(?:after|beyond)\s+(?:19|20)\d\d|(?:19|20)\d\d\s+and\s+(?:thereafter|beyond|later)"
    r"|(?:19|20)\d\d\s*[-–]\s*(?:19|20)?\d\d)\s*$",
    re.IGNORECASE,
)


def open_period(label: str) -> bool:
    """A row or column label naming a period that is no single year: "Thereafter", "After 2024", "2021-2022"."""
    return _OPEN_PERIOD.match(label) is not None
