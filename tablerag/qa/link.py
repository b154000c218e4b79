"""Link a question to a table's rows (by their own values) and columns (by their header chains).

Tokens are the index's own (lexical.tokenize: lowercase, numbers normalised, stemmed per language, jieba for
Chinese), weighted by idf inside the table so words every row or column shares ("total", "years ended") count for
nothing. A question word that misses exactly may still match a close spelling (difflib). Header chains may also be
compared by the index's embedder, as a tie-breaker between lexically equal columns.
"""

from __future__ import annotations

import datetime
import difflib
import math
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from tablerag.decomposition.serialize import filled_grid
from tablerag.index.embed import encode_query
from tablerag.model import Table
from tablerag.parsing.numbers import is_nil_mark, joined_years
from tablerag.parsing.spans import MONTH_NAME
from tablerag.parsing.totals import SUB_PART, named_total, summed_parts
from tablerag.parsing.units import scale_note
from tablerag.qa.basis import basis_said, states_comparison
from tablerag.qa.direction import Way, first_way, way_left, way_of
from tablerag.qa.periods import (
    MIN_DATED_ROWS,
    MONTHS,
    column_years,
    date_column,
    dates_in,
    durations_said,
    fiscal_spans_said,
    is_year,
    month_number,
    opening_said,
    period_end_said,
    quarter_ends_said,
    quarter_labels_said,
    quarter_of_label,
    row_periods,
    thereafter_said,
    unit_column,
    year_rows,
    years_in,
)
from tablerag.qa.route import RouteKind, rule_route, threshold
from tablerag.qa.wording import margin_as_share, plain_words, spell_out, undotted
from tablerag.text.tokens import tokenize

FUZZY_MIN_RATIO = 0.85  # difflib ratio for a near-miss spelling ("Severjanka"/"Severyanka"); lower matches noise
FUZZY_MIN_CHARS = 4  # short tokens ("q1", "eu") must match exactly: one letter off is another word
FUZZY_WEIGHT = 0.7  # a fuzzy match is weaker evidence than an exact one
PHRASE_BONUS = 1.0  # the whole cell text appearing in the question ("fixed price") beats scattered word hits
SCORE_DIGITS = 9  # link scores equal to this many digits tie: the row whose own label (not its section) holds
# more of the matched words wins ("cost of services revenue" is that row, not "Services" under "Cost of revenue")
EMBED_WEIGHT = 0.5  # embedding similarity of header chains breaks lexical ties, never outvotes a word match
MAX_LINKED_ROWS = 6  # more rows than this are a listing; aggregates over whole columns do not need row links
NAMED_APART_SHARE = 0.5  # a row named by its own words as well as half the total's "total" is the one asked
YEAR_ROW_SCORE = 1.0  # a year row found by its year alone: one word's worth of evidence, as a label's own year
MIN_UNITS_SHARED = 2  # with one unit a shared word is still evidence; with two or more it separates nothing
MIN_GROUPS = 2  # a stub column written on two or more group rows, items below each in the next column
MIN_PHRASE_RUN = 2  # question words in a label's own order: one word in common is no phrase
WHOLE_AFTER = re.compile(
    r"\bas\s+(?:a\s+)?(?:percentage|percent|per\s+cent|%|proportion|share|fraction|ratio)\s+of\b"
    r"|(?<=\w\s)over\b(?!\s+(?:what|which|how|time|(?:the|a|its)\s+(?:next|life|term|period|course|remaining|"
    r"vesting|service|useful)))\b|\bdivided\s+by\b|\bout\s+of\b",
    re.IGNORECASE,
)  # what follows names the whole (the denominator) of a share; "over what period" asks a span of time, no whole,
# as does "over time" ("revenue recognized over time") or "over the vesting period"

# "what percentage of revenue was net income", "what proportion of level 2 inputs is made up of X": the whole is
# named first, between the share word and the verb
WHOLE_FIRST = re.compile(
    r"^\s*what\s+(?:is\s+|was\s+)?(?:the\s+)?(?:percentage|percent|per\s+cent|proportion|share|fraction|portion)\s+"
    r"of\s+(?!(?:all|every|each)\b)(?P<whole>.+?)\s+(?:is|was|are|were|came|comes|did|does|do|has|had|have)\b",
    re.IGNORECASE,
)


def whole_named(question: str) -> tuple[int, int] | None:
    """The tokens of the question that name the whole of a share (`WHOLE_AFTER`, `WHOLE_FIRST`), [first, last)."""
    first = WHOLE_FIRST.match(question)
    if first is not None:
        return len(tokens(question[: first.start("whole")])), len(tokens(question[: first.end("whole")]))
    after = WHOLE_AFTER.search(question)
    return (len(tokens(question[: after.end()])), len(tokens(question))) if after else None


@dataclass(frozen=True, slots=True)
class Scored:
    index: int  # grid row or column
    score: float
    tokens: frozenset[str]  # question tokens it matched
    position: int  # where in the question its first matched token is (mention order)


@dataclass(slots=True)
class Linked:
    rows: list[Scored] = field(default_factory=list)
    cols: list[Scored] = field(default_factory=list)
    key_cols: set[int] = field(default_factory=set)  # columns that hold the row labels that matched
    words: list[str] = field(default_factory=list)  # the question's tokens, in order
    # the tokens that name the whole of a share, [first, last): after "as a percentage of", "over", "divided by"; or
    # between "what percentage of" and its verb ("what percentage of revenue was net income")
    whole: tuple[int, int] | None = None
    # the two best rows are equal on every link evidence (score, words, share of the label said, word order): only
    # table order put one first ("corporations" over "Family corporation" / "Non-family corporation")
    rows_tied: bool = False
    kind: frozenset[str] = frozenset()  # the words of the kind a "which X" asks for ("sales channel"), no period

    def mention(self, unit: Scored, other: Scored) -> int:
        """Where the question first names ``unit`` by a word ``other`` lacks ("total assets to total
        liabilities": "assets", not the shared "total"); its first matched word when none."""
        own = [self.words.index(t) for t in unit.tokens - other.tokens if t in self.words]
        return min(own) if own else unit.position

    def names_whole(self, unit: Scored, other: Scored) -> bool:
        """``unit`` is the whole a share is taken of: a word of its own (one ``other`` lacks) is said where the
        question names the whole (`whole`), and a word of ``other``'s own outside it."""
        if self.whole is None:
            return False
        first, last = self.whole

        def sides(a: Scored, b: Scored) -> tuple[bool, bool]:
            """A word of ``a``'s own said only inside the whole's words; one said only outside them."""
            spots = [[first <= i < last for i, t in enumerate(self.words) if t == w] for w in a.tokens - b.tokens]
            return any(s and all(s) for s in spots), any(s and not any(s) for s in spots)

        return sides(unit, other)[0] and sides(other, unit)[1]

    @property
    def row(self) -> Scored | None:
        return self.rows[0] if self.rows else None

    @property
    def score(self) -> float:
        """The best row's link score plus the best column's: how well the question fits the table."""
        return (self.rows[0].score if self.rows else 0.0) + (self.cols[0].score if self.cols else 0.0)


_SPACED_DIGITS = re.compile(r"(?<!\d)(\d) (?=\d(?!\d))")  # "2 0 1 8" (letter-spaced PDF headers) -> "2018"


# "non-current" (also "non current", as questions write it) is one word, not "current"
_NEGATED = re.compile(r"\b(non)(?:[-\u2010\u2011]|\s+)(?=\w)", re.IGNORECASE)
# "un-" or "not" before a participle reports use both ways is "non-": "unvested" and "not vested" are "nonvested",
# "undesignated" is "Not designated as hedging instruments" (a closed list: "United", "under" keep their "un")
_NOT_DONE = re.compile(
    r"\b(?:un[-\u2010\u2011]?|not\s+)(?=(?:designated|vested|billed|earned|secured|audited|funded|collected|"
    r"consolidated|guaranteed|hedged|allocated|restricted|recognized|recognised|realized|realised|amortized|"
    r"amortised)\b)",
    re.IGNORECASE,
)
# the part a label says it leaves out is what the row is not: "Operating lease liabilities, net of current portion" is
# the non-current liability, and "the current operating lease liabilities" does not name it ("Less current portion"
# opening a label is that portion itself, kept)
_LEFT_OUT_PORTION = re.compile(
    r"(?<=\w)[,;]?\s+(?:net\s+of|less|excluding|excl\.?)\s+(?:the\s+)?current\s+(?=portion|maturities|part)",
    re.IGNORECASE,
)
# a prefix joined by a hyphen is one word with it, as it is written without one: "pre-tax" is "pretax",
# "post-retirement" "postretirement", "e-commerce" "ecommerce", "inter-segment" "intersegment" ("Sub-total" keeps
# its "total")
_PREFIXED = re.compile(r"\b(pre|post|e|inter|intra|re)[-\u2010\u2011](?=[^\W\d_])", re.IGNORECASE)
# gender forms a stemmer leaves apart ("male" vs "Men", "women" vs "female"): one token per sex
_GENDER = {"men": "male", "man": "male", "male": "male", "women": "female", "woman": "female", "femal": "female"}
# a "Mean" column is what "the average ..." asks for; "Taxation" what "the tax expense" does
# "expiry" is when things expire; what was "paid" is a payment ("when was the dividend paid": "Payment date"), as
# what a plan "pays out" is ("Benefits paid")
_SAME = _GENDER | {"mean": "averag", "taxat": "tax", "expiri": "expir", "paid": "payment", "pay": "payment"}
# a rise is an increase, a fall or decline a decrease ("a 100bp fall in interest rates": the "-100 basis points" case)
_SAME |= {"rise": "increas", "rose": "increas", "fall": "decreas", "fell": "decreas", "declin": "decreas"}
# an irregular past is its verb ("how much gold did the mine sell": "Gold sold"; "shares bought back": "Shares
# purchased"), as the stemmer makes "purchased" its verb
_SAME |= {"sold": "sell", "held": "hold", "grew": "grow", "spent": "spend", "built": "build"}
_SAME |= {"closur": "close"}  # "the most closures" over a "Closed" column
# a unit's name and its symbol ("ounces" over "(000s oz)", "tonnage" over "Tonnes", "barrels" over "bbl/d")
_SAME |= {"ounc": "oz", "tonnag": "tonn", "ton": "tonn", "kilomet": "km", "barrel": "bbl"}
_SAME |= {"bought": "purchas", "buy": "purchas"}
# a noun in "-y" and its adjective in "-ic(al)" are one word to the stemmer's two ("which geographic region" over a
# "By geography:" section, "economic life" over "Economy")
_SAME |= {"geographi": "geograph", "economi": "econom", "strategi": "strateg", "histori": "histor"}
_SAME |= {"biggest": "largest"}  # "the biggest customer": the "Largest customer" row
_SAME |= {"up": "increas", "down": "decreas"}  # "an up 100 scenario", "down 200 basis points": a rise, a fall
# a country's adjective is the country ("French hypermarkets": the "France" row under "Hypermarkets"); not
# "American" or "British", which name more than one country's row as often as one
_SAME |= {
    "french": "franc",
    "spanish": "spain",
    "german": "germani",
    "polish": "poland",
    "italian": "itali",
    "chines": "china",
    "japanes": "japan",
    "canadian": "canada",
    "mexican": "mexico",
    "brazilian": "brazil",
    "indian": "india",
    "dutch": "netherland",
    "swiss": "switzerland",
    "swedish": "sweden",
    "australian": "australia",
    "european": "europ",
    "asian": "asia",
    "african": "africa",
    "korean": "korea",
    "russian": "russia",
    "irish": "ireland",
    "norwegian": "norway",
    "danish": "denmark",
    "belgian": "belgium",
    "austrian": "austria",
    "portugues": "portug",
    "turkish": "turkey",
    "finnish": "finland",
    "greek": "greec",
}
# a movement's verb and its noun are one word ("goodwill acquired" names the "Acquisitions" row, "shares issued"
# "Issuance of shares", "options forfeited" "Forfeitures"): the stemmer keeps their endings apart
_SAME |= {
    "acquir": "acquisit",
    "issu": "issuanc",
    "redeem": "redempt",
    "forfeit": "forfeitur",
    "settl": "settlement",
    "convert": "convers",
    "divest": "divestitur",
    "reclassifi": "reclassif",
    "recov": "recoveri",
    "repaid": "repay",
    "withdrawn": "withdraw",
}
# a balance's two ends said either way: "opening balance" is "Balance at beginning of year", "closing" is "end",
# "the start of the year" its beginning (not "open" or "close" alone: "the Swiss Open", "Close price")
_BALANCE_END = re.compile(r"\b(?:(opening)|(closing)|(start)(?=\s+of\b))\b", re.IGNORECASE)
# a period named by its end ("the year ended December 31", "years ending June 30", "Three Months Ended"): its
# "ended" is the period's, a word of its own; "at year-end", "the end of the year" name a point, a balance's date
# ("at year-end 2018" is no "... net periodic benefit cost for years ended December 31:" row)
_PERIOD_THEN_ENDED = re.compile(
    r"\b(years?|quarters?|periods?|months?|weeks?)\s+(?:then\s+)?end(?:ed|ing)\b", re.IGNORECASE
)
# "%", "percent", "percentage", "per cent", "百分比" are one word: "the percent of total sales" names a "% of Total"
# column, "what percentage of farms" a "Percent" one
_PERCENT = re.compile(r"[%％]|\bper\s?cent(?:age)?s?\b|\bpercentages?\b|\bpct\b|百分之|百分比", re.IGNORECASE)


# a quarter or half of a year written with a digit ("Q3", "3Q", "quarter 3", "3rd quarter", "H1") is said in words
# ("third quarter", "first half"), as headers and questions as often write it: "the third quarter of 2019" names a
# "Q3 2019" column and "Q3" a "Third / Quarter" one
_ORDINAL = {"1": "first", "2": "second", "3": "third", "4": "fourth"}
_PART_OF_YEAR = re.compile(
    r"\b(?:([QH])([1-4])\b|([1-4])([QH])(?=(?:\d\d)?\b)|(quarter|half)\s+([1-4])\b|([1-4])(?:st|nd|rd|th)\s+(quarter|half)\b)",
    re.IGNORECASE,
)


def _part_in_words(m: re.Match[str]) -> str:
    digit = m.group(2) or m.group(3) or m.group(6) or m.group(7)
    kind = (m.group(1) or m.group(4) or m.group(5) or m.group(8)).lower()
    if kind == "h" or kind == "half":
        return f" {_ORDINAL[digit]} half " if digit in "12" else m.group(0)
    return f" {_ORDINAL[digit]} quarter "


# "FY 2018", "FY19": the fiscal year said in words, as questions write it ("the revenue in fiscal year 2018")
_FISCAL_MARK = re.compile(r"\bFY\s?(?=['\u2019]?\d\d(?:\d\d)?\b)", re.IGNORECASE)
# a fiscal year's two digits ("FY20", "FY'19") are the year in full, as a question may say it ("fiscal year 2020")
_FISCAL_SHORT = re.compile(r"\bFY\s?['\u2019]?(\d\d)\b", re.IGNORECASE)
CENTURY_PIVOT = 70  # two-digit years below this are 20xx, from it 19xx ("FY98" is 1998)


def _fiscal_in_full(m: re.Match[str]) -> str:
    yy = int(m.group(1))
    return f"fiscal year {2000 + yy if yy < CENTURY_PIVOT else 1900 + yy}"


# a comparison sign before a number, as a label writes a bucket (">360", "< 1 year"): the words a question says
_SIGNS = {">": "more than", "<": "less than", ">=": "at least", "≥": "at least", "<=": "at most", "≤": "at most"}
_SIGN_BEFORE_NUMBER = re.compile(r"(>=|<=|[<>≤≥])\s*(?=\$?\d)")
# a signed move of a rate, as a sensitivity table heads its scenarios ("+100 basis points", "-10%"): the words a
# question says ("a 100 basis point increase", "a 10% fall")
_SIGNED_MOVE = re.compile(
    r"(?<![\w)])([+\-\u2212\u2013])\s?(?=\d+(?:\.\d+)?\s*(?:%|percent|per\s*cent|basis|bps?\b|pp\b|percentage\s+points?))"
    r"|^\s*([+\-\u2212\u2013])\s?(?=\d+(?:\.\d+)?\s*$)",  # a scenario's label alone: "+200", "-100"
    re.IGNORECASE,
)
# the same bound said in other words before a number ("over 360 days", "under 1 year")
# "12 months or more", "or greater", "or longer", "and over", "12+ months": one word for an open upper bucket
_OR_MORE = re.compile(r"\b(?:or|and)\s+(?:more|greater|longer|over|above|later)\b|(?<=\d)\+(?!\d)", re.IGNORECASE)
_BOUND_WORDS = re.compile(
    r"\b(?:(over|above|greater\s+than|exceeding)|(under|below|fewer\s+than))\s+(?=\$?\d)", re.IGNORECASE
)

# a "$" before a word heads the money figure of a measure ("$ Change" beside "% Change"): a "dollar change"
_DOLLAR_WORD = re.compile(r"(?<![\w$])\$\s*(?=[^\W\d_]{3,})")

# "due after five years", "maturing beyond 12 months": a maturity past a span is more than it
_AFTER_SPAN = re.compile(r"\b(?:after|beyond)\s+(?=\d+\s*(?:years?|months?)\b)", re.IGNORECASE)

# British and American spellings of one word ("amortisation" / "amortization", "labour" / "labor", "centre" /
# "center", "defence" / "defense", "ageing" / "aging"): written one way on both sides, question and table, so a
# report's own spelling never hides a row a question spells the other way (a word the rules bend that has no
# other spelling is bent the same way on both sides, which changes no match)
_SPELLINGS = (
    (re.compile(r"(?<=[a-z]{3})is(ation|ations|ed|ing|er|ers)\b", re.IGNORECASE), r"iz\1"),
    # the verb itself only for verbs spelt both ways ("realise"; "exercise", "franchise" are no "-ize" verbs)
    (
        re.compile(
            r"\b(real|recogn|organ|capital|amort|util|author|minim|maxim|categor|final|summar|standard|optim|"
            r"normal|monet|securit|subsid|stabil|central|emphas|priorit|privat|modern|special)is(e|es)\b",
            re.IGNORECASE,
        ),
        r"\1iz\2",
    ),
    (re.compile(r"(?<=[a-z]{2}[bdhilmnpv])our(s|ed|ing|able|ably|ite|ites)?\b", re.IGNORECASE), r"or\1"),
    (re.compile(r"\b(cent|met|lit|theat|fib|calib|kilomet|centimet|millimet)re(s?)\b", re.IGNORECASE), r"\1er\2"),
    (re.compile(r"(?<=[a-z]{3})ys(e|es|ed|ing)\b", re.IGNORECASE), r"yz\1"),
    (re.compile(r"\b(defen|licen|offen|preten)ce(s?)\b", re.IGNORECASE), r"\1se\2"),
    (re.compile(r"\b(program)me(s?)\b", re.IGNORECASE), r"\1\2"),
    (re.compile(r"\b(judg|ag|acknowledg)e(ment|ments|ing)\b", re.IGNORECASE), r"\1\2"),
)


# "how old is X" asks X's age: the "Age" column
_HOW_OLD = re.compile(r"\bhow\s+old\b", re.IGNORECASE)
# a number of years, months or days said in words, as maturity buckets write it in digits ("within one year" is
# "Within 1 year", "after more than five years" "Over 5 years")
_NUMBER_WORDS = {
    w: str(i)
    for i, w in enumerate(
        ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"], start=1
    )
}
_SPAN_IN_WORDS = re.compile(
    rf"\b({'|'.join(_NUMBER_WORDS)})\b(?=(?:\s*(?:-|–|to|and)\s*(?:\d+|{'|'.join(_NUMBER_WORDS)}))?\s+"
    r"(?:years?|months?|weeks?|days?)\b)",
    re.IGNORECASE,
)
# "the top ten customers", "the 25 largest relationships": a count of ranked items in words is that count
_RANKED_WORDS = {**_NUMBER_WORDS, "twenty": "20", "twenty-five": "25", "fifty": "50", "hundred": "100"}
_RANKED_IN_WORDS = re.compile(
    rf"\b(top|largest|biggest|leading)\s+({'|'.join(sorted(_RANKED_WORDS, key=len, reverse=True))})\b",
    re.IGNORECASE,
)
# the same count said before its rank word: "the four largest customers"
_COUNT_RANKED = re.compile(
    rf"\b({'|'.join(sorted(_RANKED_WORDS, key=len, reverse=True))})\s+(?=(?:largest|biggest|leading|top)\b)",
    re.IGNORECASE,
)
# shares "on issue" / "in issue" (British and Australian reports) are the shares outstanding, no shares issued
_IN_ISSUE = re.compile(r"\b(?:on|in)\s+issue\b", re.IGNORECASE)
# "accounted for" is a share's verb ("which customer accounted for the most revenue"), no "Accounts receivable"
_ACCOUNTED_FOR = re.compile(
    r"\baccount(?:ed|ing)\s+for\b"
    r"|\baccounts?\s+for\s+(?=(?:the\s+)?(?:most|largest|biggest|greatest|highest|least|smallest|lowest|majority|bulk|\d))"
    # the verb whose object is asked before it ("what percentage of revenue did Customer A account for in 2020")
    r"|\baccounts?\s+for\b(?=\s*(?:\?|$|(?:in|during|at|as\s+of)\s+(?:the\s+)?(?:fiscal\s+|year\s+|fy\s*)?\d))",
    re.IGNORECASE,
)
# a label that opens with the result "for the year" is the bottom line, what "net profit" / "net income" asks:
# "Profit for the financial year", "Profit/(loss) for the period", "Loss for the year" (not "Other comprehensive
# income for the year", which does not open with it)
_BOTTOM_LINE = re.compile(
    r"^\s*(total\s+)?(?=(?:profit|income|earnings|loss)\b(?:\s*[/(]\s*\(?(?:profit|loss)\)?\)?)?\s+for\s+the\s+"
    r"(?:financial\s+|fiscal\s+)?(?:year|period)\b)",
    re.IGNORECASE,
)


# a currency named in words is its ISO code, as exposure tables head their columns ("the euro-denominated
# borrowings" over "USD | EUR | GBP"); the code itself stays as it is, "RMB" and "CNY" are one
_CURRENCIES = {
    "usd": r"(?:US|United\s+States|American)\s+dollars?",
    "eur": r"euros?",
    "gbp": r"(?:pounds?\s+)?sterling|British\s+pounds?|pounds?\s+sterling",
    "cny": r"(?:Chinese\s+)?renminbi|(?:Chinese\s+)?yuan|RMB",
    "jpy": r"(?:Japanese\s+)?yen",
    "hkd": r"Hong\s+Kong\s+dollars?",
    "sgd": r"Singapore(?:an)?\s+dollars?",
    "aud": r"Australian\s+dollars?",
    "cad": r"Canadian\s+dollars?",
    "nzd": r"New\s+Zealand\s+dollars?",
    "chf": r"Swiss\s+francs?",
    "inr": r"(?:Indian\s+)?rupees?",
    "sek": r"Swedish\s+kron(?:a|or)",
    "nok": r"Norwegian\s+kron(?:e|er)",
    "dkk": r"Danish\s+kron(?:e|er)",
    "zar": r"South\s+African\s+rand",
    "brl": r"Brazilian\s+reals?",
    "mxn": r"Mexican\s+pesos?",
    "krw": r"(?:South\s+)?Korean\s+won",
}
_CURRENCY = re.compile(
    r"\b(?:" + "|".join(f"(?P<{code}>{words})" for code, words in _CURRENCIES.items()) + r")\b", re.IGNORECASE
)


# a month abbreviated is the month ("Sep 19" is named by "September 2019")
_MONTHS = {
    m[:3]: m
    for m in [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ]
}
_MONTH_NAME = re.compile(rf"\b({MONTH_NAME})\b\.?", re.IGNORECASE)

# "positive" (of a sign) would stem to the root of "position" ("a positive net exposure" is no "statement of
# financial position" row)
_POSITIVE = re.compile(r"\bpositive(?:ly|s)?\b", re.IGNORECASE)


def one_spelling(text: str) -> str:
    """The text with British spellings written the American way (`_SPELLINGS`)."""
    for pattern, into in _SPELLINGS:
        text = pattern.sub(into, text)
    return text


# a date written in numbers: "10/31/2023" (month first) or "31/10/2023", "31.12.2023" (day first), "2023-12-31"
_SLASH_DATE = re.compile(r"\b(\d{1,2})/(\d{1,2})/((?:19|20)\d\d)\b")
_DOTTED_DATE = re.compile(r"\b(\d{1,2})\.(\d{1,2})\.((?:19|20)\d\d)\b")
_ISO_DATE = re.compile(r"\b((?:19|20)\d\d)-(\d{1,2})-(\d{1,2})\b")
_MONTH_ORDER = list(_MONTHS.values())


def _dates_in_words(text: str) -> str:
    """Numeric dates written with their month's name ("10/1/2023 - 10/31/2023" as "October 1 2023 - October 31
    2023", "31.12.2023" as "31 December 2023"), so "the October 2023 purchases" or "the quarter ended 31 December
    2023" name them. Slashed dates are read month first unless a day over 12 in the text says otherwise; left as
    they are when no number over 12 tells the order."""

    def named(day: str, month: str, year: str) -> str | None:
        return f"{day} {_MONTH_ORDER[int(month) - 1]} {year}" if 1 <= int(month) <= 12 else None

    slashed = _SLASH_DATE.findall(text)
    if slashed:
        day_first = any(int(a) > 12 for a, _, _ in slashed)
        month_first = any(int(b) > 12 for _, b, _ in slashed)
        if day_first != month_first:
            text = _SLASH_DATE.sub(
                lambda m: named(*(m.groups() if day_first else (m.group(2), m.group(1), m.group(3)))) or m.group(0),
                text,
            )
    text = _DOTTED_DATE.sub(lambda m: named(*m.groups()) or m.group(0), text)
    return _ISO_DATE.sub(lambda m: named(m.group(3), m.group(2), m.group(1)) or m.group(0), text)


# a capital letter naming one of a series ("Customer A", "Class A shares", "Series B"): kept as a word of its own,
# where "a" alone is an article the tokenizer drops
_SERIES_LETTER = re.compile(r"\b([A-Za-z][a-z]+)\s+([A-Z])\b(?=['\u2019]s\b|(?![.&'\u2019-]))")  # "customer B's" too
_NO_SERIES = frozenset(
    [
        "was",
        "is",
        "are",
        "were",
        "did",
        "does",
        "do",
        "and",
        "or",
        "of",
        "in",
        "on",
        "to",
        "for",
        "at",
        "by",
        "from",
        "as",
        "than",
        "with",
    ]
)


# ... or before a word in lower case ("B ordinary shares", "the nominal value of C shares"); "A" and "I" there are as
# likely an article or a pronoun
_LEADING_LETTER = re.compile(r"(?<![\w.&'\u2019-])([B-HJ-Z])\s+(?=[a-z])")


def _series_letter(m: re.Match[str]) -> str:
    if m.group(1).lower() in _NO_SERIES:  # "what was A", "to B": a word of the sentence before a letter
        return m.group(0)
    return f"{m.group(1)} series{m.group(2).lower()}"


# an acronym's plural is the acronym ("RPKs", "RWAs", "ASKs"): the stemmer leaves capitals as they are written
_ACRONYM_PLURAL = re.compile(r"\b([A-Z][A-Z&]*[A-Z])s\b")
# an adjective in "-able" is a word of its own, not its verb as the stemmer makes it: "options exercisable" are no
# "exercise price", "accounts receivable" no amount "received", "taxable income" no "tax"
_ABLE = re.compile(r"\b([^\W\d_]{4,})abl(?:e|es)\b", re.IGNORECASE)
# "other than" is one word ("which country other than the United States"): it leaves out what follows, and its
# "other" names no "Other" row or column; a label that says it ("Intangible assets other than goodwill") says the same
_OTHER_THAN = re.compile(r"\bother[\s-]+than\b", re.IGNORECASE)
# a plural the stemmer leaves apart from its singular ("lives" stems to "live"): "the useful life of
# buildings" over an "Estimated Useful Lives" column
_LIVES = re.compile(r"\blives\b", re.IGNORECASE)
# an acronym joined by "&" or "/" ("R&D", "SG&A", "A/R", "PP&E") is one word: its letters apart are no words ("A/R"
# and "R&D" share no "R")
_JOINED_ACRONYM = re.compile(r"(?<![\w&/])([A-Z]{1,3})[&/]([A-Z]{1,3})(?![\w&/])")


TOKEN_CACHE_SIZE = 1 << 16  # labels are tokenized again for every question over their table: read each once


def tokens(text: str) -> list[str]:
    """The link tokens of a text (the index's tokens, "non-X" as one word, "U.S." as "US", gender forms as one,
    "mean" as "average", "Q3" as "third quarter", "FY19" as "fiscal year 19", ">360" as "more than 360", "+100
    basis points" as "increase 100 basis points", ", net of current portion" as "noncurrent portion", "on issue" as
    "outstanding", "five years" as "5 years", "top ten" as "top 10", "10/31/2023" as "31 October 2023", "RPKs" as "RPK", "R&D" and "A/R"
    as one word, the "A" of "Customer A" as a word), in order."""
    return list(_tokens(text))


# a footnote mark written onto a label ("Purchase obligations(1)", "Deductions(a)", "Total (2)", "2018¹") is no
# word of it: "due within one year" does not name the first
_FOOTNOTE_MARK = re.compile(r"(?<=[^\W\d_])\((?:\d|[a-z])\)|\s\(\d\)\s*$|(?<=\w)[¹²³⁴⁵⁶⁷⁸⁹⁰]+")


# a possessive's "'s" is no word: "the CEO's total" names no "S McAllister"
_POSSESSIVE = re.compile(r"(?<=\w)['\u2019]s\b")


# a move said both ways ("increase (decrease)", "increase/(decrease)", "(decrease) increase"): a change either way
_BOTH_WAYS = re.compile(
    r"\b(?:increase\s*(?:/\s*)?\(?\s*decrease\s*\)?|\(?\s*decrease\s*\)?\s*(?:/\s*)?increase)\b", re.IGNORECASE
)


@lru_cache(maxsize=TOKEN_CACHE_SIZE)
def _tokens(text: str) -> tuple[str, ...]:
    text = _POSSESSIVE.sub("", _FOOTNOTE_MARK.sub(" ", text))
    text = _SIGN_BEFORE_NUMBER.sub(lambda m: f" {_SIGNS[m.group(1)]} ", _dates_in_words(text))
    text = _BOTH_WAYS.sub(" increase decrease change ", text)  # "Net increase (decrease) in cash" is its net change
    text = _SIGNED_MOVE.sub(lambda m: " increase " if (m.group(1) or m.group(2)) == "+" else " decrease ", text)
    text = _BOUND_WORDS.sub(lambda m: "more than " if m.group(1) else "less than ", _OR_MORE.sub(" ormore ", text))
    text = _LEFT_OUT_PORTION.sub(" noncurrent ", text)
    text = _NOT_DONE.sub("non", text)
    text = _PREFIXED.sub(r"\1", _NEGATED.sub(r"\1", _SPACED_DIGITS.sub(r"\1", joined_years(undotted(text)))))
    text = _PERCENT.sub(" percent ", text)
    text = _FISCAL_MARK.sub("fiscal year ", _FISCAL_SHORT.sub(_fiscal_in_full, _PART_OF_YEAR.sub(_part_in_words, text)))
    text = _BALANCE_END.sub(lambda m: "ending" if m.group(2) else "beginning", one_spelling(text))
    text = _PERIOD_THEN_ENDED.sub(lambda m: f"{m.group(1)} periodended", text)
    text = _IN_ISSUE.sub(
        " outstanding ", _HOW_OLD.sub(" age ", _BOTTOM_LINE.sub(lambda m: f"{m.group(1) or ''}net ", text))
    )
    text = _DOLLAR_WORD.sub("dollar ", _ACCOUNTED_FOR.sub(" represented ", text))
    text = _SPAN_IN_WORDS.sub(lambda m: _NUMBER_WORDS[m.group(1).lower()], text)
    # a bound said before a span in words ("over five years", "due after twelve months"): the span is digits now
    text = _BOUND_WORDS.sub(lambda m: "more than " if m.group(1) else "less than ", _AFTER_SPAN.sub("more than ", text))
    text = _RANKED_IN_WORDS.sub(lambda m: f"{m.group(1)} {_RANKED_WORDS[m.group(2).lower()]}", text)
    text = _COUNT_RANKED.sub(lambda m: f"{_RANKED_WORDS[m.group(1).lower()]} ", text)
    text = _CURRENCY.sub(lambda m: f" {m.lastgroup} ", _POSITIVE.sub(" positivesign ", text))
    text = _MONTH_NAME.sub(lambda m: _MONTHS[m.group(1)[:3].lower()], text)
    text = _JOINED_ACRONYM.sub(r"\1\2", _ACRONYM_PLURAL.sub(r"\1", text))
    text = _LIVES.sub("life", _OTHER_THAN.sub(" other otherthan ", text))
    text = _ABLE.sub(r"\1abl", text)
    text = _LEADING_LETTER.sub(lambda m: f"series{m.group(1).lower()} ", _SERIES_LETTER.sub(_series_letter, text))
    return tuple(_SAME.get(t, t) for t in tokenize(text))


def row_words(table: Table, row: int) -> Counter[str]:
    """The link tokens of a body row's name, counted: its section path and own label (its text cells when it has
    no path)."""
    chain = table.row_chain(row)
    if not chain:
        numeric = {c.col for c in table.cells if c.row == row and c.value is not None}
        chain = [t for c, t in enumerate(filled_grid(table)[row]) if t.strip() and c not in numeric]
    return Counter(t for text in chain for t in tokens(text))


# words a misspelling is never taken for: they differ by little and mean the opposite
_NO_FUZZY = frozenset({"increas", "decreas", "inflow", "outflow", "incom", "outcom"})


# prefixes that turn a word into its opposite: "unadjusted" is no "Adjusted", "unvested" no "Vested", "unrealised" no
# "Realised" (and the other way round), however close their spellings
_NEGATING_PREFIXES = ("un", "non", "dis", "in")
NEGATED_STEM_CHARS = 4  # the rest of a word after such a prefix opens as the other word does for this many letters


def _negated(a: str, b: str) -> bool:
    """One word (a stem: "noncurr", "unreal") is the other with a negating prefix ("current", "realiz")."""

    def prefixed(x: str, y: str) -> bool:
        return any(
            x.startswith(p)
            and len(rest := x[len(p) :]) >= NEGATED_STEM_CHARS
            and rest[:NEGATED_STEM_CHARS] == y[:NEGATED_STEM_CHARS]
            for p in _NEGATING_PREFIXES
        )

    return prefixed(a, b) or prefixed(b, a)


def _fuzzy(token: str, vocab: set[str]) -> str | None:
    if len(token) < FUZZY_MIN_CHARS or token.isdigit() or token in _NO_FUZZY:
        return None
    close = difflib.get_close_matches(
        token, [v for v in vocab if len(v) >= FUZZY_MIN_CHARS and not _negated(token, v)], n=1, cutoff=FUZZY_MIN_RATIO
    )
    return close[0] if close else None


def _match(q: list[str], units: dict[int, set[str]], shared: bool = False) -> dict[int, tuple[float, set[str], int]]:
    """idf-weighted matches of question tokens against each unit's tokens (exact, else fuzzy); ``shared``: words
    every unit holds count too (with the least weight)."""
    df: Counter[str] = Counter(t for toks in units.values() for t in toks)
    n = max(1, len(units))
    vocab = set(df)
    mapped: dict[str, tuple[str, float]] = {}
    for t in dict.fromkeys(q):
        if t in vocab:
            mapped[t] = (t, 1.0)
        elif (near := _fuzzy(t, vocab)) is not None:
            mapped[t] = (near, FUZZY_WEIGHT)
    if n >= MIN_UNITS_SHARED and not shared:  # a word every row (column) holds tells none of them apart
        mapped = {qt: m for qt, m in mapped.items() if df[m[0]] < n}
    return _scores(q, units, mapped, df, n)


def _scores(
    q: list[str],
    units: dict[int, set[str]],
    mapped: dict[str, tuple[str, float]],
    df: Counter[str],
    n: int,
) -> dict[int, tuple[float, set[str], int]]:
    out: dict[int, tuple[float, set[str], int]] = {}
    for u, toks in units.items():
        hit = {qt for qt, (vt, _) in mapped.items() if vt in toks}
        if not hit:
            continue
        # summed in the question's word order: a set's order varies from run to run, and so would the last bits of
        # the float, which decide between columns equal on their words
        score = sum(mapped[qt][1] * math.log(1 + n / df[mapped[qt][0]]) for qt in mapped if qt in hit)
        if score > 0:
            out[u] = (score, hit, min(q.index(t) for t in hit))
    return out


TOTAL_TOKENS = frozenset(tokenize("total"))  # the word for a total as link tokens: a total row says it


# "Income before provision for income taxes" names income: what it comes before names no row unless said so
_BEFORE = re.compile(r"\bbefore\b", re.IGNORECASE)


def _before_words(table: Table, row: int) -> set[str]:
    """The words a row's labels say only after "before" ("provision", "tax" of "Income before provision for income
    taxes", also when it heads the row's section): the amount the row comes before, not the row's own."""
    out: set[str] = set()
    for level in table.row_chain(row):
        said = _BEFORE.search(level)
        if said is not None:
            out |= set(tokens(level[said.end() :])) - set(tokens(level[: said.start()]))
    return out


def _row_units(
    table: Table, grid: list[list[str]], numeric: set[tuple[int, int]]
) -> tuple[dict[int, set[str]], dict[int, dict[int, str]]]:
    values = [any((r, c) in numeric for c in range(table.n_cols)) for r in range(table.n_rows)]
    # a text cell's words its column's header holds name the column, not the row ("Shorter of lease term or useful
    # life" under "Estimated Useful Life" does not make "the useful life of buildings" that row)
    header_words = [set(tokens(table.column_name(c))) for c in range(table.n_cols)]
    units: dict[int, set[str]] = {}
    texts: dict[int, dict[int, str]] = {}
    groups = _stub_groups(table, grid, numeric)
    analysed = _analysed_rows(table, values)
    grand = _grand_total_row(table)
    for r in range(table.header_rows, table.n_rows):
        labels = {
            c: " ".join(grid[r][c].split()) for c in range(table.n_cols) if grid[r][c].strip() and (r, c) not in numeric
        }
        chain = table.row_chain(r)
        # a row of amounts: its later text columns are its attributes, named by their headers
        amounts = any((r, c) in numeric and not is_year(grid[r][c].strip()) for c in range(table.n_cols))
        toks = {
            t for text in chain for t in (_level_tokens(text, grid[r], header_words) if amounts else tokens(text))
        } | {t for c, text in labels.items() for t in tokens(text) if c == 0 or t not in header_words[c]}
        if r in groups and not grid[r][0].strip():  # under a group label its first row holds ("2019 | Derivatives")
            toks |= set(tokens(groups[r]))
        if chain and not labels and values[r] and chain[-1] not in {" ".join(t.split()) for t in grid[r] if t.strip()}:
            toks |= TOTAL_TOKENS  # an unlabelled line of values under a section: its total (a year in the stub
            # of a record's second line, "| 2022 | 1,300", labels that line)
        if r == grand:
            toks |= TOTAL_TOKENS
        if r in analysed:  # "Analysed as: / Non-current" splits the balance above it: it is that balance's part
            toks |= {t for text in table.row_chain(analysed[r])[-1:] for t in tokens(text)}
        if toks:
            units[r], texts[r] = toks, labels
    return units, texts


def _grand_total_row(table: Table) -> int | None:
    """The table's last line of values when it has no label at all and sums lines above it (`summed_parts`: the
    rows of its section, of every section, or the sections' own totals; a "| 10,918 | 100%" under products whose
    last label wraps onto two lines, "| 52,000" under "Total current" and "Total deferred"): the table's total, which
    a report prints without a word."""
    last = max((c.row for c in table.cells if c.value is not None and c.row >= table.header_rows), default=None)
    if (
        last is None
        or table.row_chain(last)
        or any(c.row == last and c.value is None and c.text.strip() for c in table.cells)
    ):
        return None
    return last if summed_parts(table, last) else None


def _level_tokens(text: str, row: list[str], header_words: list[set[str]]) -> set[str]:
    """A row-header level's words, less its column's header words when the level is a later stub column's cell
    ("Shorter of lease term or useful life" under "Estimated Useful Life" names that column, not the row)."""
    own = set(tokens(text))
    said = " ".join(text.split())
    for c in range(1, len(row)):
        if " ".join(row[c].split()) == said:
            return own - header_words[c] or own
    return own


# a heading that splits the amount above it into parts ("Analysed as:", "Represented by:", "Of which:"): its rows
# are parts of that amount, not of the table's subject at large
_ANALYSED_AS = re.compile(
    r"^\s*(?:analy[sz]ed\s+as|represented\s+by|comprising|comprised\s+of|of\s+which|split\s+(?:as|into)|"
    r"classified\s+as|disclosed\s+as|presented\s+as|being)\s*:?\s*$",
    re.IGNORECASE,
)


def _analysed_rows(table: Table, values: list[bool]) -> dict[int, int]:
    """The rows under a heading that analyses the amount above it, each with the row of that amount (the last row
    of values before the heading)."""
    out: dict[int, int] = {}
    for r in range(table.header_rows, table.n_rows):
        chain = table.row_chain(r)
        if len(chain) < 2 or not _ANALYSED_AS.match(chain[-2]):
            continue
        heading = next((h for h in range(r - 1, table.header_rows - 1, -1) if not values[h]), None)
        above = next((a for a in range(heading - 1, table.header_rows - 1, -1) if values[a]), None) if heading else None
        if above is not None and not _ANALYSED_AS.match(" ".join(table.row_chain(above)[-1:])):
            out[r] = above
    return out


def _stub_groups(table: Table, grid: list[list[str]], numeric: set[tuple[int, int]]) -> dict[int, str]:
    """Group labels of a stub column that names a group on its first row only, the items in the next column
    ("2019 | Financial assets", " | Derivatives", "2018 | Financial assets", " | Derivatives"): each body row with
    an item label, by the group label last written above it. Empty unless the first column is written on fewer
    rows than the second holds labels, and on two or more."""
    body = range(table.header_rows, table.n_rows)
    if table.n_cols < 3:
        return {}
    first = [r for r in body if grid[r][0].strip()]
    items = [r for r in body if grid[r][1].strip() and (r, 1) not in numeric]
    if len(first) < MIN_GROUPS or len(first) >= len(items) or any((r, 1) in numeric for r in first):
        return {}
    out, group = {}, ""
    for r in body:
        group = " ".join(grid[r][0].split()) or group
        if group and r in items:
            out[r] = group
    return out


# a note of the scales the table counts in, one or several ("(units in thousands; revenue in $ millions)")
_SCALE_SAID = re.compile(r"\bin\s+(?:[$€£¥]\s*)?(?:thousands|millions|billions|000s?)\b", re.IGNORECASE)


def _spent(q: list[str], words: Iterable[str]) -> list[str]:
    """The question's tokens less one occurrence of each of ``words`` it says (a word given twice, twice)."""
    left = list(q)
    for t in words:
        if t in left:
            left.remove(t)
    return left


# a percentage said of the change asked ("the percentage change in sales", "the % increase in revenue", "by what
# percentage did sales grow")
_PERCENT_CHANGE = re.compile(
    r"(?P<p>\bpercentage|\bpercent|%)\s+(?:changes?|increases?|decreases?|growth|rise|declines?)\b"
    r"|\bby\s+what\s+(?P<by>percentage|percent|%)(?=[^?]*\b(?:grow|grew|grown|increas|decreas|chang|rise|rose|"
    r"risen|fall|fell|fallen|declin|drop|improv|deteriorat))",
    re.IGNORECASE,
)


def _percent_change_spent(question: str, q: list[str], rows: dict[int, set[str]]) -> list[str]:
    """The question's tokens less its percent word where it says the kind of change asked ("what was the percentage
    change in sales"): the percent is the change's, no word of the row's label, which "EBIT to sales (%)" would
    otherwise take from "Sales" by its "%". Where a row is that change ("% Change" under the periods of a table set
    on its side) the words name it and stay."""
    m = _PERCENT_CHANGE.search(question)
    if m is None:
        return q
    word = m.group("p") or m.group("by")
    if m.group("p") and any(set(tokens(m.group(0))) <= toks for toks in rows.values()):
        return q
    return _spent(q, tokens(word))


def _stub_name_spent(table: Table, q: list[str]) -> list[str]:
    """The question's tokens less one occurrence of each word of the stub column's header ("Non-vested awards",
    "Contractual Obligations"): those words name what the rows are, not one row of them. A word asked twice
    ("non-vested shares vested") keeps its other occurrence."""
    first = next((c for c in range(table.n_cols) if table.column_name(c)), None)
    if first != 0:
        return q
    # a unit note in the stub's corner ("(in thousands, except per share data)") names no row kind
    name = " ".join(level for level in table.column_chain(0) if not scale_note(level) and not _SCALE_SAID.search(level))
    return _spent(q, [t for t in dict.fromkeys(tokens(name)) if not is_year(t)])


# "for the year ended February 2, 2019", "in the fiscal year ending June 30, 2020": a period named by its end date
_PERIOD_ENDED = re.compile(
    r"\b(?:(?:fiscal|financial)\s+)?(?:years?|quarters?|periods?|months?|weeks?)\s+(?:then\s+)?end(?:ed|ing)\s+"
    r"(?:on\s+)?(?:[A-Za-z]+\.?\s+\d{1,2},?\s+|\d{1,2}\s+[A-Za-z]+,?\s+)?((?:19|20)\d\d)\b",
    re.IGNORECASE,
)


def _period_phrase_spent(table: Table, question: str, q: list[str]) -> list[str]:
    """The question's tokens less the words of a period it names by its end ("the year ended February 2, 2019")
    when a column header says that year: the phrase names the column, and its "year" and "ended" no row
    ("Cash and cash equivalents, end of year" is not the "net change in cash ... for the year ended ..."); and
    less a date a column header says, all its words."""
    # a date a column header says ("as of December 31, 2022" over "December 31, 2022 | December 31, 2021") names
    # that column: its words name no row ("Common stock, ... shares outstanding at December 31, 2022 and 2021"); the
    # labels column's header ("Fiscal 2023 Quarter Ended" over dated rows) names none
    columns = range(1, table.n_cols)
    column_dates = {d for c in columns for d in dates_in(table.column_name(c))}
    left = list(q)
    for year, month, day in dates_in(question) & column_dates:
        left = _spent(left, tokens(f"{day} {MONTHS[month - 1]} {year}"))
    headers = {y for c, ys in column_years(table).items() if c > 0 for y in ys}
    for m in _PERIOD_ENDED.finditer(question):
        said = dates_in(m.group(0))
        if m.group(1) not in headers or (said and not said & column_dates):
            continue  # a date said must be a column's: "the quarter ended October 28, 2023" over dated rows
        left = _spent(left, [t for t in tokens(m.group(0)) if not is_year(t)])
    # a year a column header names is that column's; in a row label it is a note of the year before ("Tax at UK
    # corporation tax rate of 19% (2018: 19%)"), no name of the row, unless the rows are periods too
    if headers and not year_rows(table):
        left = [t for t in left if not (is_year(t) and t in headers)] or left
    return left


# "which contractual obligation had ...", "what region has ...": the words between "which" and the verb name the
# kind of row the answer is, never one row ("obligation" must not link "Purchase obligations"); a kind never opens
# with the question's own verb ("what was the total equity recorded in 2019" asks no kind), nor is a quantity one
# ("what amount of total fees was reported"; a share's whole is a kind: "what percentage of all operators is")
_WHICH_KIND = re.compile(
    r"^\s*(?:in\s+|for\s+|during\s+)?(?:which|what)\s+(?!(?:is|was|are|were|has|had|have|did|does|do)\b)"
    r"(?!(?:amount|number|value|level|sum)\s+of\b)"
    # a share of an amount ("what percentage of revenue was ...") names its whole, no kind; a share of "all X" the
    # kind counted ("what percentage of all operators is ...")
    r"(?!(?:percentage|percent|proportion|share|fraction|portion)\s+of\s+(?!(?:all|every|each)\b))"
    r"((?:[^\W\d_][\w'-]*\s+){1,4}?)(?=(?:is|was|are|were|has|had|"
    r"have|did|does|do|contributed|recorded|generated|saw|showed|experienced|made|earned|accounts|represents|posted"
    r"|reported|carries|bears|holds|held|paid|sold|spent|declared|issued|granted"
    # what a register's rows do ("which subsidiary operates in", "which loan matures in", "which lease expires")
    r"|operates|matures|expires|provides|owns|leases|uses|includes|covers|applies|pays|receives|serves|sells|"
    r"produces|employs|belongs|falls)\b)",
    re.IGNORECASE,
)
# "what X was recorded / did the company report": an amount a statement reports, asked by its name (no kind of row
# asked, as "what aircraft was used" or "what items does X consist of" ask)
_AMOUNT_REPORTED = re.compile(
    r"^\s*(?:in\s+|for\s+|during\s+)?what\s+[^?]*?\b(?:"
    r"(?:was|were|is|are)\s+(?:\w+\s+)?(?:recorded|reported|recogni[sz]ed|incurred|paid|earned|charged|booked|"
    r"reali[sz]ed|received|spent|due|payable|outstanding)"
    r"|(?:did|does|do)\s+[^?]*?\b(?:record|report|recogni[sz]e|incur|pay|earn|charge|book|reali[sz]e|receive|spend|"
    r"generate|carry))\b",
    re.IGNORECASE,
)
_PERIOD_KIND = re.compile(r"\b(years?|fy\w*|fiscal|periods?|quarters?|months?|dates?|half|halves)\b", re.IGNORECASE)


def kind_asked(question: str) -> frozenset[str]:
    """The link tokens of the kind a "which X ..." question asks for ("which sales channel": "sale", "channel");
    none for a period kind or no "which X"."""
    m = _WHICH_KIND.match(question) or _WHICH_KIND_DONE.match(question)
    if m is None or _PERIOD_KIND.search(m.group(1)):
        return frozenset()
    if _AMOUNT_REPORTED.match(question) and rule_route(question).kind is not RouteKind.AGGREGATE:
        return frozenset()  # "what impairment charge was recorded": that row's amount, no kind
    return frozenset(tokens(m.group(1)))


# "which function employed", "which segment posted": a kind before a verb in the past tense
_WHICH_KIND_DONE = re.compile(
    r"^\s*(?:in\s+|for\s+)?which\s+(?!(?:is|was|are|were|has|had|have|did|does|do)\b)((?:[^\W\d_][\w'-]*\s+){1,3}?)"
    r"(?=[^\W\d_]{3,}ed\b)",
    re.IGNORECASE,
)


def kind_spent(question: str, q: list[str], table: Table | None = None) -> list[str]:
    """The question's tokens less one occurrence of each word of the kind a "which X ..." question asks for; a
    period kind ("which year", "which quarter") keeps its words (they may name a section), and so does a kind that
    says a row's whole label ("what range of expected volatility was used" over an "Expected volatility" row asks
    that row's value; "what aircraft was used" names no row)."""
    m = _WHICH_KIND.match(question) or _WHICH_KIND_DONE.match(question)
    if m is None or _PERIOD_KIND.search(m.group(1)):
        return q
    if table is not None and _kind_names_a_row(table, set(tokens(m.group(1)))):
        return q
    if table is not None and _row_said_whole(table, question, set(tokens(m.group(1)))):
        return q  # "what dividends were attributed to non-controlling interests": the Dividends row's amount
    if table is not None and _kind_names_a_value_column(table, set(tokens(m.group(1)))):
        return q  # "what terminal growth rate was applied" over "Terminal growth rate / 2019": that column's cell
    # "what range of risk-free rates was used" over "Risk-free interest rate": what follows the measure names the row
    of = _MEASURE_OF.match(m.group(1))
    if table is not None and of is not None and _kind_names_a_row(table, set(tokens(m.group(1)[of.end(1) :]))):
        return q
    if table is not None and _measure_of_a_row(table, m.group(1)):
        return q
    if _AMOUNT_REPORTED.match(question) and rule_route(question).kind is not RouteKind.AGGREGATE:
        return q  # "what impairment charge was recorded in 2019": the amount of that row, no kind of row
    kind = list(dict.fromkeys(tokens(m.group(1))))
    kept = _section_qualifiers(table, kind) if table is not None else set()
    return _spent(q, [t for t in kind if t not in kept])


# a share's word is no measure of one row: "what percentage of all operators" counts the kind
_MEASURE_OF = re.compile(
    r"^\s*(?!(?:percentage|percent|share|proportion|fraction|portion)\b)([^\W\d_][\w'-]*)\s+of\s+\S", re.IGNORECASE
)


def _valued_rows(table: Table) -> set[int]:
    """The body rows holding a value (a heading holds none)."""
    return {c.row for c in table.cells if c.value is not None and not c.is_header}


def _kind_row_first(table: Table, question: str, rows: list[Scored]) -> list[Scored]:
    """ "What expected volatility was used to value the units granted": the kind asked is one row's whole label
    ("Expected volatility"), so that row is asked, whatever other rows the rest of the question names better
    ("Grant date fair value per unit"), when the best row does not say the kind; only when exactly one linked row's
    label is the kind."""
    m = _WHICH_KIND.match(question)
    if m is None or len(rows) < MIN_UNITS_SHARED or _PERIOD_KIND.search(m.group(1)):
        return rows
    kind = set(tokens(m.group(1)))
    if len(kind) < MIN_PHRASE_WORDS or kind <= rows[0].tokens:
        return rows  # the best row says the kind too ("what net income was attributable to ..."): it stays first
    valued = _valued_rows(table)  # a heading states nothing
    named = [s for s in rows if s.index in valued and _label_words_unbracketed(table, s.index) == kind]
    if len(named) != 1 or named[0] is rows[0]:
        return rows
    return [named[0], *(x for x in rows if x is not named[0])]


def _measure_of_a_row(table: Table, kind: str) -> bool:
    """ "What volume of diesel is hedged" over a "Volume" column: a "which X of Y" whose X a column's header says
    asks that column's cell in the row Y names; Y is no kind of row."""
    m = _MEASURE_OF.match(kind)
    if m is None:
        return False
    head = set(tokens(m.group(1)))
    return bool(head) and any(head <= set(tokens(table.column_name(c))) for c in range(table.n_cols))


def _section_qualifiers(table: Table, kind: list[str]) -> set[str]:
    """The words of a kind of two words or more, before its last, that a section heading says and another does
    not ("what unsecured borrowings were repayable ..." over "Secured bank loans repayable:" and "Unsecured bank
    loans repayable:"): they pick the section, so they stay to link the rows."""
    if len(kind) < 2:
        return set()
    sections = {
        frozenset(tokens(" ".join(chain[:-1])))
        for r in range(table.header_rows, table.n_rows)
        if len(chain := table.row_chain(r)) >= 2
    }
    return {t for t in kind[:-1] if any(t in s for s in sections) and any(t not in s for s in sections)}


def _kind_names_a_row(table: Table, kind: set[str]) -> bool:
    """A body row's own label, every word of it (a unit in brackets left out), is among the words of a kind of two
    words or more ("expected volatility" for "Expected volatility"), or holds them all ("what risk-free rate was
    used" over "Risk-free interest rate"); a kind of one word ("which segment") names a kind, never a row."""
    if len(kind) < 2:
        return False
    for r in range(table.header_rows, table.n_rows):
        own = _label_words_unbracketed(table, r)
        if own and (own <= kind or kind <= own):
            return True
    return False


def _row_said_whole(table: Table, question: str, kind: set[str]) -> bool:
    """A one-word kind of a question that ranks nothing ("what dividends were attributed to ...") that is a body row's
    whole label ("Dividends"): it names that row, as a longer kind does (`_kind_names_a_row`)."""
    if len(kind) != 1 or not any(
        _label_words_unbracketed(table, r) == kind for r in range(table.header_rows, table.n_rows)
    ):
        return False
    return rule_route(question).intent is None


def _kind_names_a_value_column(table: Table, kind: set[str]) -> bool:
    """A level of a column of amounts (a unit in brackets left out) holds every word of a kind of two words or more
    ("what terminal growth rate was applied" over "Terminal growth rate | 2019 | 2018"): the kind is the measure
    asked, no kind of row to answer with ("which exercise price range" is no "Exercise Price" column)."""
    if len(kind) < 2:
        return False
    valued = {x.col for x in table.cells if x.col > 0 and x.value is not None and not x.is_header}
    return any(kind <= _words_unbracketed(level) for c in sorted(valued) for level in table.column_chain(c))


# the sign a statement line opens with is no word of its name: "Less: Loss allowance" is named whole by "the loss
# allowance on trade receivables", as "Add: Depreciation" by "the depreciation"
_OPERATOR = re.compile(r"^\s*(?:less|add|deduct|plus|minus)\b\s*:?\s*(?=\w)", re.IGNORECASE)


def _own_label(table: Table, row: int, texts: dict[int, str]) -> str:
    """A row's own label (the last level of its path; its first text cell when it has no path), no section. An
    unlabelled line of sums is its section's total: it takes the section's name."""
    chain = table.row_chain(row)
    if not texts and len(chain) >= 2 and named_total(chain):
        return chain[-2]
    return chain[-1] if chain else next(iter(texts.values()), "")


def _longest_run(a: list[str], b: list[str]) -> int:
    """The length of the longest run of tokens ``a`` and ``b`` share in the same order."""
    best, prev = 0, [0] * (len(b) + 1)
    for x in a:
        cur = [0] * (len(b) + 1)
        for j, y in enumerate(b):
            if x == y:
                cur[j + 1] = prev[j] + 1
                best = max(best, cur[j + 1])
        prev = cur
    return best


def _label_tokens(table: Table, row: int, texts: dict[int, str]) -> list[str]:
    """A row's name as link tokens in reading order: its path, else its text cells."""
    return [t for text in table.row_chain(row) or texts.values() for t in tokens(text)]


def _phrase_rows(
    table: Table, q: list[str], units: dict[int, set[str]], texts: dict[int, dict[int, str]]
) -> dict[int, tuple[float, set[str], int]]:
    """The one row whose label holds the longest run of the question's words in their order, when every word the
    question shares with the rows is held by all of them ("member aged 65" is "Member aged 65 (current life
    expectancy)", not "Member aged 45 (life expectancy at age 65)", though each holds every word): word order is
    the evidence left. Empty when the longest run is shorter than MIN_PHRASE_RUN or two rows tie on it."""
    runs = {r: _longest_run(q, _label_tokens(table, r, texts[r])) for r in units}
    best = max(runs.values(), default=0)
    top = [r for r, n in runs.items() if n == best]
    if best < MIN_PHRASE_RUN or len(top) != 1:
        return {}
    return {r: m for r, m in _match(q, units, shared=True).items() if r == top[0]}


def _items_for_headings(
    table: Table, scored: list[Scored], own: dict[int, set[str]], numeric: set[tuple[int, int]]
) -> tuple[list[Scored], set[int]]:
    """A heading row ("Sales:", no values) whose matched words one row with values holds in its own label (the item
    "Product sales to affiliates" under it, the unlabelled total line that takes the heading's name, "Total deferred
    tax assets" under "Deferred tax assets:"; not any row of its section) names no cell: the question asks that row,
    which takes the heading's place (its score). Rows under the heading the question names best (no other row as
    well) are looked at first, linked or not (the heading's words may be every row's: "Emissions from:" over "Total
    emissions"); the linked rows elsewhere when none under it holds them. With several such rows ("Liabilities:"
    over "Accrued liabilities", "Other liabilities") the heading stays: it says not which. Also the rows that took
    a heading's place (first among rows they tie with)."""
    has_values = {r for r, _ in numeric}
    valued = {s.index: s for s in scored if s.index in has_values}
    out, heirs = dict(valued), set()
    extra: list[Scored] = []
    best = max((round(s.score, SCORE_DIGITS) for s in scored), default=0.0)
    top = [s for s in scored if round(s.score, SCORE_DIGITS) == best]
    for s in scored:
        if s.index in valued:
            continue
        chain = table.row_chain(s.index)
        alone = len(top) == 1 and top[0] is s  # the heading the question names best, no other row as well
        # the words of the heading's own label: a section over it ("December 31, 2018" over "Assets:") is its
        # items' section too
        mine = s.tokens & own.get(s.index, set()) or s.tokens
        under = [
            r
            for r in own
            if alone
            and r != s.index
            and r in has_values
            and chain
            and table.row_chain(r)[: len(chain)] == chain
            and mine <= own[r]
        ]
        if len(under) > 1 and (whole := own.get(s.index, set())) and s.tokens <= whole:
            # of several, the ones saying the heading's whole label ("Diluted earnings per share:" over "Diluted
            # earnings (loss) per share", not "Dilutive effect of stock options"), the one adding fewest words
            saying = {r: len(own[r] - whole) for r in under if whole <= own[r]}
            fewest = [r for r, n in saying.items() if n == min(saying.values(), default=0)]
            under = fewest if len(fewest) == 1 else under
        items = under or [v.index for v in valued.values() if s.tokens <= own[v.index]]
        # of several, the one total row is the heading's whole ("current liabilities": "Total current liabilities"
        # under "Current liabilities:", not "Operating lease liabilities, current" beside it)
        totals = [r for r in items if own[r] & TOTAL_TOKENS]
        items = totals if len(items) > 1 and len(totals) == 1 else items
        if len(items) != 1:
            out[s.index] = s
            continue
        item = out.get(items[0]) or Scored(items[0], 0.0, frozenset(), s.position)
        if items[0] not in out:
            extra.append(item)
        heirs.add(item.index)
        out[item.index] = Scored(
            item.index, max(item.score, s.score), item.tokens | s.tokens, min(item.position, s.position)
        )
    return [out[s.index] for s in [*scored, *extra] if s.index in out], heirs


def link_rows(table: Table, question: str, q: list[str] | None = None) -> tuple[list[Scored], set[int], frozenset[int]]:
    """Rows whose label cells the question names, best first; plus the columns those labels sit in, and the rows
    equal to the best on every link evidence (itself included): table order alone ranks them."""
    full = q if q is not None else tokens(question)
    grid = filled_grid(table)
    numeric = {(c.row, c.col) for c in table.cells if c.value is not None}
    units, texts = _row_units(table, grid, numeric)
    if not _BEFORE.search(question):
        units = {r: (toks - _before_words(table, r)) or toks for r, toks in units.items()}
    nq = f" {plain_words(question)} "
    scored, key_cols = [], set[int]()
    said = list(full)  # every word the question says, a kind it asks for too (word order tells rows apart)
    full = kind_spent(question, full, table)
    q = _percent_change_spent(question, _period_phrase_spent(table, question, _stub_name_spent(table, full)), units)
    own = {r: set(tokens(_OPERATOR.sub("", _own_label(table, r, texts[r])))) for r in units}
    named = {r for r, toks in own.items() if toks and toks <= set(full)}  # rows whose whole own label is asked
    matched = (
        _match(q, units)
        or _match(full, units)  # a title over the stub is the table's subject: its words come back
        or {r: m for r, m in _match(full, units, shared=True).items() if r in named}  # a section's words in every row
    )
    if not matched:
        matched = _phrase_rows(table, full, units, texts)
    for r, (score, hit, pos) in matched.items():
        phrase = [
            c
            for c, text in texts[r].items()
            if len(words := plain_words(_OPERATOR.sub("", text))) > 2 and f" {words} " in nq
        ]
        scored.append(Scored(r, score + PHRASE_BONUS * bool(phrase), frozenset(hit), pos))
    scored, heirs = _items_for_headings(table, scored, own, numeric)
    cover = {s.index: len(own[s.index] & s.tokens) / len(s.tokens) if s.index in named else 0.0 for s in scored}
    # rows equal on their words: the one whose own label says more of them in the question's order ("losses
    # recognized in other income" is "Losses recognized in other income (expense), net", not "Gains recognized in
    # other comprehensive income (loss)", which holds the same words as a qualifier)
    runs = {s.index: _longest_run(said, _label_tokens(table, s.index, texts[s.index])) for s in scored}

    # the label the row prints (an unlabelled line of sums says only "Total", not its section's name); none for a
    # row of a table without a stub (a register's record: its text cells are fields, not a name)
    printed = {s.index: table.row_chain(s.index)[-1:] for s in scored}
    own_runs = {s.index: _longest_run(full, [t for text in printed[s.index] for t in tokens(text)]) for s in scored}
    valued = {r for r, _ in numeric}

    def heading(r: int) -> bool:  # a row of no values the next row's chain runs under: a section's heading
        chain, after = table.row_chain(r), table.row_chain(r + 1) if r + 1 < table.n_rows else []
        return r not in valued and bool(chain) and len(after) > len(chain) and after[: len(chain)] == chain

    def evidence(s: Scored) -> tuple[float, bool, float, bool, int, bool, int, bool, frozenset[str]]:
        # a row named only by "total" is the whole of a share asked ("what percentage of total revenue came from
        # EMEA"), no rival of the row a word of its own names
        total_only = s.tokens <= TOTAL_TOKENS
        return (
            -round(s.score, SCORE_DIGITS),
            s.index not in heirs,
            -cover[s.index],
            # a measure adjusted the report's own way ("Adjusted operating margin", "Underlying profit") is asked by
            # that word: "the operating margin" is the "Operating profit margin" beside it
            bool(_ADJUSTED.match(_own_label(table, s.index, texts[s.index]))) and not _ADJUSTED_SAID.search(question),
            # the row whose own label says the question's words in their order, before rows that say them only in
            # their section's name, and a row with values before a heading that says as much ("current tax
            # expense": "Total current tax expense", not "Current year" under "Overseas current tax expense:")
            -own_runs[s.index],
            heading(s.index),
            -runs[s.index],
            total_only,
            s.tokens,
        )

    # rows equal on all evidence but the words they match tie: the question names each by a word of its own and
    # does not tell which it asks ("paid for acquisitions": "Dividends paid", "Payments for acquisitions"); a row
    # whose name says more words the question does not is no rival of the first ("Software delivery" under
    # "Revenue:" for "the software delivery revenue" is not tied with its twin under "Cost of revenue:")
    scored.sort(key=lambda s: (*evidence(s)[:-1], s.index))
    scored = _whole_label_first(scored, named, own, set(full))
    unsaid = {s.index: len(units[s.index] - set(full)) for s in scored}
    tied = frozenset[int]()
    if scored:
        best = scored[0]
        q_hit = best.tokens
        # the label cells the matched words are in; past the first, one sharing only a number with them is a value
        # ("2026 Notes | November 15, 2026": the maturity date shares the year, it names nothing); nor is one sharing
        # fewer of them than the stub's label ("August 15, 2019 | ... | August 15, 2029": the expiry shares "August")
        stub = min(texts[best.index], default=None)

        # a word matched by its spelling near the question's ("Employees" for "employed") is shared too
        def shared_words(text: str) -> set[str]:
            return {t for t in tokens(text) if t in q_hit or _fuzzy(t, set(q_hit)) is not None}

        by_stub = shared_words(texts[best.index][stub]) if stub is not None else set()
        # nor one sharing only some of the words of another label cell the question says whole ("Record Date |
        # December 6, 2018" beside the "Payment Date | December 20, 2018" it names)
        by_cell = {c: shared_words(text) for c, text in texts[best.index].items()}
        whole_cells = [
            shared
            for c, shared in by_cell.items()
            if c != stub
            and len(shared) >= MIN_PHRASE_WORDS
            and any(t.isdigit() for t in shared)  # a date or figure said whole
            and shared == set(tokens(texts[best.index][c]))
        ]
        key_cols = {
            c
            for c, shared in by_cell.items()
            if shared
            and (
                c == stub
                or (
                    any(not t.isdigit() for t in shared)
                    and not shared < by_stub
                    and not any(shared < other for other in whole_cells)
                )
            )
        }
        # the first label cell holding only the end of the row's own label (its wrapped line, where the values sit:
        # "(years)" under "Weighted-average remaining lease term") is a label cell too, whatever words it shares; a
        # cell holding the whole label is a label cell only by words the question names (it may be the answer: the
        # name of the officer a "who" question finds by the row's other cells)
        label = " ".join(chain[-1].split()) if (chain := table.row_chain(best.index)) else ""
        end = " ".join(texts[best.index][stub].split()) if stub is not None else ""
        if stub is not None and end and end != label and label.endswith(end):
            key_cols.add(stub)

        # rows of one label under sections the question says nothing of ("Expected volatility" under "Stock options:"
        # and under "Employee stock purchase plan:") tie however long their sections' names are
        def section_said(r: int) -> bool:
            return bool(set(tokens(" ".join(table.row_chain(r)[:-1]))) & set(full))

        tied = frozenset(
            s.index
            for s in scored
            if evidence(s)[:-1] == evidence(best)[:-1]
            and (
                unsaid[s.index] <= unsaid[best.index]
                or (
                    own[s.index] == own[best.index]
                    and table.row_chain(s.index)[:-1]
                    and table.row_chain(best.index)[:-1]
                    and not section_said(s.index)
                    and not section_said(best.index)
                )
            )
        )
    return scored[:MAX_LINKED_ROWS], key_cols, tied


# the first word of an alternative measure a report states beside the plain one ("Adjusted EBITDA", "Underlying
# profit before tax", "Non-GAAP operating income", "Pro forma revenue", "Normalised earnings"); a question asks it by
# that word ("Adjustments to reconcile ..." or "Adjusted for inflation" name no such measure)
_ADJUSTED_WORD = r"(?:adjusted|underlying|non-?gaap|pro[\s-]?forma|normali[sz]ed)\b"
_ADJUSTED = re.compile(rf"^\s*{_ADJUSTED_WORD}(?!\s+(?:for|by|to)\b)", re.IGNORECASE)
_ADJUSTED_SAID = re.compile(rf"\b{_ADJUSTED_WORD}", re.IGNORECASE)


def label_said_whole(table: Table, row: int, question: str) -> bool:
    """The row's own label, all its words in their order, is said in the question."""
    chain = table.row_chain(row)
    label = plain_words(chain[-1]) if chain else ""
    return bool(label) and f" {label} " in f" {plain_words(question)} "


MIN_PHRASE_WORDS = 2  # a column named by a phrase of its words ("exercise price"), not by one word alone


_YEAR_TOKENS = frozenset(tokens("year fiscal"))
_PERIOD_WORDS = frozenset(tokens("year years fiscal ended ending end quarter month months total year ended"))


def _year_kind_spent(table: Table, question: str, q: list[str]) -> list[str]:
    """ "In which year did the company close the most stores" over year rows: "year" is the kind of the answer (the
    rows), no word of a column ("Stores at Beginning of Year" is not named by it, "Closed" is)."""
    if not _ASKS_YEAR.search(question) or len(year_rows(table)) < MIN_DATED_ROWS:
        return q
    return [t for t in q if t not in _YEAR_TOKENS] or q


def kind_section(table: Table, kind: frozenset[str], row: int) -> tuple[str, ...]:
    """The section path over ``row`` when its headings say every word of the kind a "which X" asks for ("which
    segment" over "Segment operating income: / Aerospace"); () otherwise."""
    chain = table.row_chain(row)
    return tuple(chain[:-1]) if kind and len(chain) >= 2 and kind <= set(tokens(" ".join(chain[:-1]))) else ()


MIN_KIND_MEMBERS = 2  # one row under a kind's section is no choice among its members


def kind_members(table: Table, kind: frozenset[str], rows: Iterable[int]) -> list[int]:
    """Of ``rows``, those under the one section whose headings say every word of the kind asked, its total left out
    ("which segment" over "Segment operating income:" and its segments); [] unless one such section has two or
    more."""
    if not kind:
        return []
    rows = list(rows)
    by_section = kind_sections(table, kind, rows)
    if not by_section and len(kind) > 1:
        # no heading says every word ("which product category" over "Net sales by category:"): the one section
        # whose headings say some word of it
        by_section = _sections_saying(table, rows, lambda said: bool(kind & said))
    found = list(by_section.values())
    return found[0] if len(found) == 1 and len(found[0]) >= MIN_KIND_MEMBERS else []


def _sections_saying(
    table: Table, rows: list[int], says: Callable[[set[str]], bool]
) -> dict[tuple[str, ...], list[int]]:
    """``rows`` by the section path over them, for the sections whose headings' words ``says`` accepts; totals
    left out, named or summing the lines above ("Non-GAAP net income" closing "Non-GAAP adjustments:")."""
    by_section: dict[tuple[str, ...], list[int]] = {}
    for r in rows:
        chain = table.row_chain(r)
        if len(chain) >= 2 and says(set(tokens(" ".join(chain[:-1])))) and not TOTAL_TOKENS & set(tokens(chain[-1])):
            by_section.setdefault(tuple(chain[:-1]), []).append(r)
    return {
        section: kept
        for section, members in by_section.items()
        if (kept := [r for r in members if not summed_parts(table, r)] if len(members) > 1 else members)
    }


def kind_sections(table: Table, kind: frozenset[str], rows: Iterable[int]) -> dict[tuple[str, ...], list[int]]:
    """Every section whose headings say every word of the kind asked, with its members (totals left out): "which
    carryforward" over "Net operating loss carryforwards:" and "Tax credit carryforwards:"."""
    return _sections_saying(table, list(rows), lambda said: kind <= said) if kind else {}


def _row_kind_spent(table: Table, question: str, q: list[str]) -> list[str]:
    """ "Which interest-earning asset had the highest yield" over an "Interest-earning assets:" section: the kind
    asked heads rows, so its words name no column ("Interest Income/ Expense" is not named by "interest")."""
    kind = kind_asked(question)
    if not kind:
        return q
    if not any(kind_section(table, kind, r) for r in range(table.header_rows, table.n_rows)):
        return q
    return _spent(q, kind) or q


def _key_header_spent(
    table: Table, rows: list[Scored], key_cols: set[int], q: list[str], question: str = ""
) -> list[str]:
    """The question's words less those of the header over the labels that named its row, when the row was named
    by its label's figures ("the $15.01 - $20.00 exercise price range" over "Range of Exercise Prices | ... |
    Weighted-Average Exercise Price"): they say which row, and name no column of amounts."""
    if not rows or not key_cols or not any(any(ch.isdigit() for ch in t) for t in rows[0].tokens):
        return q
    header = {t for c in key_cols for t in tokens(table.column_name(c))}
    if not header:
        return q
    # the header said as a phrase: a run of its words (one word when it has one), not its words scattered
    # ("exercisable in the ... price range": "exercisable" is no word of "Range of Exercise Prices")
    least = min(MIN_PHRASE_WORDS, len(header))
    # a run the question asks with (before its first "of", "in", "for"...) that a column of amounts says whole names
    # that column ("how many leases expire in 2023" over "Year of Lease Expiration | Number of Leases Expiring"):
    # kept; after it, the run says which row ("the annualized rent for leases expiring in 2026")
    asked = set(tokens(_HEAD_ENDS.split(f" {question} ", maxsplit=1)[0]))
    others = [set(tokens(table.column_name(c))) & asked for c in range(table.n_cols) if c not in key_cols]
    spent: set[int] = set()
    run: list[int] = []
    for i, t in enumerate([*q, ""]):
        if t in header and t not in {q[j] for j in run}:
            run.append(i)
            continue
        if len(run) >= least and not any({q[j] for j in run} <= other for other in others):
            spent.update(run)
        run = [i] if t in header else []
    return [t for i, t in enumerate(q) if i not in spent] or q


def _headers_said(table: Table, key_cols: set[int], q: list[str]) -> set[int]:
    """Key columns past the stub whose header of two words or more the question says whole ("what is the fair value
    hierarchy level of certificates of deposit" over "Fair Value Hierarchy | Level 2", the row found by its cell's
    "Level" too): when the question names no other column, the attribute asked, not only a cell naming the row."""
    out: set[int] = set()
    if 0 not in key_cols:
        return out  # the row named by that column's cell alone ("after Venus" in "Original Name"): it stays the key
    for c in key_cols - {0}:
        header = set(tokens(table.column_name(c)))
        if len(header) >= MIN_PHRASE_WORDS and header <= set(q):
            out.add(c)
    return out


def _kind_header_spent(table: Table, key_cols: set[int], q: list[str], question: str) -> list[str]:
    """The question's words less the kind a "which X" question asks, when the header over the row labels says X
    ("which range of exercise prices had the largest number of options outstanding" over "Range of Exercise Prices
    | Number Outstanding | Weighted-Average Exercise Price"): those words say what is answered, no column of
    amounts compared."""
    kind = kind_asked(question)
    if not kind:
        return q
    keys = key_cols or ({0} if labels_unvalued(table) else set())  # no row named: the labels' column
    header = {t for c in keys for t in tokens(table.column_name(c))}
    if not kind <= header:
        return q
    return _spent(q, sorted(kind)) or q


def labels_unvalued(table: Table) -> bool:
    """The first column holds no values in the body: it is the rows' labels."""
    return not any(c.col == 0 and c.value is not None and not c.is_header for c in table.cells)


def _stated_figure_last(table: Table, q: list[str], rows: list[Scored], cols: list[Scored]) -> list[Scored]:
    """A column whose cell in the linked row holds a figure the question states ("when do Michael Turner's options
    with an exercise price of $18.42 expire": 18.42 under "Option Exercise Price") is what the question gives, not
    what it asks: it goes after the other linked columns."""
    if not rows or len(cols) < MIN_UNITS_SHARED:
        return cols
    said = _figures_said(q)
    if not said:
        return cols

    def stated(unit: Scored) -> bool:
        cell = table.cell_at(rows[0].index, unit.index)
        return cell is not None and cell.value is not None and _figure_said(cell.value, said)

    return [c for c in cols if not stated(c)] + [c for c in cols if stated(c)]


def _amount_columns(table: Table) -> set[int]:
    """The columns most of whose filled body cells are amounts or nil marks ("—")."""
    filled: Counter[int] = Counter()
    valued: Counter[int] = Counter()
    for c in table.cells:
        if c.row >= table.header_rows and c.text.strip():
            filled[c.col] += 1
            valued[c.col] += c.value is not None or is_nil_mark(c.text)
    return {col for col, n in filled.items() if valued[col] * 2 > n}


def _columns_linked(table: Table, question: str, q: list[str], embedder: Any) -> list[Scored]:
    """The columns the question names. The kind a "which X" ranking asks for names no column of amounts: the
    answer is one of the members, not an amount ("which type of restructuring cost had the largest charges" over "Severance
    and benefits | Facility exit costs | ... | Total": "cost" names none; "which exercise price range has the most
    options outstanding": the "Number Outstanding" column, not the "Weighted Average Exercise Price"); it may name a
    column of labels, which holds the answer ("which county": "County"). Its words name no column at all when the
    kind heads rows (`_row_kind_spent`)."""
    q = _year_kind_spent(table, question, q)
    spent = _row_kind_spent(table, question, q)
    if spent is not q:
        return link_columns(table, question, spent, embedder)
    full = link_columns(table, question, q, embedder)
    amounts_q = kind_spent(question, q, table)
    if amounts_q == q or not amounts_q:
        return full
    if rule_route(question).kind is not RouteKind.AGGREGATE:  # "what adjustment was made to X": that column's cell
        return full
    amounts = _amount_columns(table)
    kind = set(q) - set(amounts_q)
    own = {c: " ".join(table.column_chain(c)[-1:]) for c in amounts}
    named = [c for c in amounts if kind & set(tokens(own[c]))]
    # the kind names the members themselves, each its own label ("which level" over "Level 1 | Level 2 | Level 3";
    # not one measure under two groups: "Weighted Average Exercise Price" under "Outstanding" and "Exercisable"),
    # or a column that is all the kind ("which note" over "Note"): those columns hold the answer
    members = len(named) >= MIN_UNITS_SHARED and len({own[c] for c in named}) == len(named)
    if members or any(all(t.isdigit() or t in kind for t in tokens(own[c])) for c in named):
        return full
    kept = [s for s in full if s.index not in amounts]
    kept += [s for s in link_columns(table, question, amounts_q, embedder) if s.index in amounts]
    return sorted(kept, key=lambda s: (-round(s.score, SCORE_DIGITS), s.index))


def _word_names_the_column(
    table: Table, question: str, rows: list[Scored], cols: list[Scored], q: list[str]
) -> list[Scored]:
    """A word the question says once names the column whose phrase it is part of, not also a row: "the weighted-
    average exercise price of options granted during 2019" over "Weighted-Average Exercise Price" is the "Granted"
    row, not "Exercisable at December 31, 2019", whose "exercis(able)" and "2019" outscore "granted". The best row
    without the column's word scores as a row named by its other words alone does."""
    # the column's own words, not the period it is of ("Year Ended December 31, / 2019", the "20" of "2019/20" in a
    # dated name; "2nd operator" names no period) nor "total", which names a total row and a "Total Number of
    # Shares" column at once
    dated = bool(cols) and bool(years_in(table.column_name(cols[0].index)))
    own = (
        {t for t in cols[0].tokens if not years_in(t) and not (dated and t.isdigit()) and t not in _PERIOD_WORDS}
        if cols
        else set()
    )
    if len(rows) < 2 or len(own) < MIN_PHRASE_WORDS:
        return rows
    taken = {t for t in rows[0].tokens & own if q.count(t) == 1}
    if not taken or label_said_whole(table, rows[0].index, question):
        return rows  # "net interest income" says the "Net interest income" row whole: the word is the row's too
    # said beside another word of the row's label and not of the column's ("operating profit" over "Operating
    # profit/(loss)" and a "Continuing operations" column): the word is the row's
    chain = table.row_chain(rows[0].index)
    label = set(tokens(chain[-1])) if chain else set()
    for t in taken:
        at = q.index(t)
        beside = {q[i] for i in (at - 1, at + 1) if 0 <= i < len(q)}
        if beside & (label - cols[0].tokens - {t}):
            return rows
    rest = rows[0].tokens - taken
    alone = [s.score for s in rows[1:] if s.tokens == rest]
    if rest and not alone:
        return rows  # no row named by the other words alone to tell what they score
    other = next((s for s in rows[1:] if s.tokens - cols[0].tokens and not s.tokens & taken), None)
    if other is None or other.score < max(alone, default=0.0):
        return rows  # (a row named by the other words alone is as good as the best without the column's word)
    return [other, *(s for s in rows if s is not other)]


def _row_named_apart(rows: list[Scored], cols: list[Scored]) -> list[Scored]:
    """A total row named only by "total", which the best column's name says too ("in total" over a "Total" row and a
    "Total Number of Shares Purchased" column), after the first row named by words of its own ("December 2019"):
    the word names the column."""
    if len(rows) < 2 or not cols or not rows[0].tokens or not rows[0].tokens <= TOTAL_TOKENS & cols[0].tokens:
        return rows
    own = next((s for s in rows[1:] if s.tokens - cols[0].tokens), None)
    if own is None or own.score < NAMED_APART_SHARE * rows[0].score:
        return rows  # "the fourth quarter of 2019": "2019" every month says tells no row, the total is asked
    return [own, *(s for s in rows if s is not own)]


def _whole_label_first(scored: list[Scored], named: set[int], own: dict[int, set[str]], said: set[str]) -> list[Scored]:
    """Of rows named by as many of the question's words, the one whose whole own label the question says before
    one whose label holds words it does not ("the tax expense": "Taxation", not "Administrative expenses", which a
    rarer word put first): a word the row's label adds and the question never says names another row."""
    if len(scored) < 2 or scored[0].index in named or not own.get(scored[0].index, set()) - said:
        return scored
    top = len(scored[0].tokens)
    whole = next((s for s in scored[1:] if s.index in named and len(s.tokens) == top), None)
    if whole is None:
        return scored
    return [whole, *(s for s in scored if s is not whole)]


def link_columns(table: Table, question: str, q: list[str] | None = None, embedder: Any = None) -> list[Scored]:
    """Columns whose header chain the question names, best first (lexical idf score, embedding as tie-breaker)."""
    q = q if q is not None else tokens(question)
    units = _surface_told_apart(table, question, {c: set(tokens(table.column_name(c))) for c in range(table.n_cols)})
    matches = _match(q, {c: t for c, t in units.items() if t})
    sims = _embed_sims(table, question, embedder) if embedder is not None and matches else {}
    nq = f" {plain_words(question)} "
    # a column's own label of several words said whole in the question ("Property, Plant and Equipment, Net" over
    # "Total Property, Plant and Equipment, Gross"), as a row's is
    phrase = {
        c
        for c in matches
        if len((leaf := plain_words((table.column_chain(c) or [""])[-1])).split()) >= MIN_PHRASE_WORDS
        and f" {leaf} " in nq
    }
    scored = [
        Scored(c, s + EMBED_WEIGHT * sims.get(c, 0.0) + PHRASE_BONUS * (c in phrase), frozenset(h), p)
        for c, (s, h, p) in matches.items()
    ]
    return sorted(scored, key=lambda s: (-round(s.score, SCORE_DIGITS), s.index))


def _surfaces(text: str) -> dict[str, set[str]]:
    """Each link token of ``text`` with the words it was read from, lower-cased ("adjust": {"adjusted"})."""
    out: dict[str, set[str]] = {}
    for word in re.findall(r"[^\W_]+", text.lower()):
        for t in tokens(word):
            out.setdefault(t, set()).add(word)
    return out


_DERIVED = re.compile(r"(?:ed|ing|ments?)$")


def _surface_told_apart(table: Table, question: str, units: dict[int, set[str]]) -> dict[int, set[str]]:
    """Column words that share a stem but not a form ("Adjusted" beside "Adjusting items", "As Restated" beside
    "Restatement Adjustments"): the question's own form names the columns that print it, the other form none."""
    asked = _surfaces(question)
    heads = {c: _surfaces(table.column_name(c)) for c in units}
    out = dict(units)
    for t, forms in asked.items():
        # a derived form tells the meaning ("adjusted" is no "adjusting" item); a bare word ("budget") names
        # every form ("Budgeted amounts")
        said = {w for w in forms if _DERIVED.search(w)}
        holding = [c for c in units if t in heads[c]]
        exact = [c for c in holding if heads[c][t] & said]
        if exact and len(exact) < len(holding):
            for c in holding:
                if c not in exact:
                    out[c] = out[c] - {t}
    return out


def _embed_sims(table: Table, question: str, embedder: Any) -> dict[int, float]:
    names = [table.column_name(c) for c in range(table.n_cols)]
    cols = [c for c, n in enumerate(names) if n]
    if not cols:
        return {}
    vecs = embedder.encode([names[c] for c in cols])
    qv = encode_query(embedder, [question])[0]
    return dict(zip(cols, (np.asarray(vecs) @ qv).tolist(), strict=True))


# a period named by its place among the table's periods ("the most recent year", "the earliest fiscal year"): the
# latest or earliest year of the period columns, not a maximum or minimum over the values
_PLACED_PERIOD = re.compile(
    r"\b(?:the\s+)?(most\s+recent|latest|current|earliest|oldest|later|earlier|prior|previous|preceding|comparative)"
    r"[\s-]+(?:(?:fiscal|financial|calendar|balance\s+sheet|reporting)\s+)?"
    # a period of a length ("the comparative nine-month period", "the comparative half-year"): its year, the length kept
    r"(?P<length>(?:three|six|nine|twelve)[\s-]+months?(?:\s+(?:ended|ending))?\s+)?"
    r"(?P<noun>years?(?:[\s-]ends?)?|periods?|dates?|quarters?|half[\s-]years?)"
    r"(?:\s+(?:presented|shown|reported|in\s+the\s+table))?\b",
    re.IGNORECASE,
)
_PART_NOUN = re.compile(r"^(?:quarters?|half[\s-]years?)$", re.IGNORECASE)
_EARLY = ("earliest", "oldest", "earlier")
_OF_TWO = ("later", "earlier")  # a comparative places a period only among two
_BEFORE_CURRENT = ("prior", "previous", "preceding", "comparative")  # the year before the latest
# the same said by its place: "the year before the most recent one", "the first year shown", "the last year presented"
_YEAR_BEFORE_LATEST = re.compile(
    r"\b(?:the\s+)?(?:fiscal\s+)?year\s+before\s+the\s+(?:most\s+recent|latest|current)(?:\s+(?:one|(?:fiscal\s+)?year))?\b",
    re.IGNORECASE,
)
_SHOWN_PERIOD = re.compile(
    r"\bthe\s+(first|last|final)\s+(?:fiscal\s+)?(?:year|period)\s+(?:shown|presented|reported|in\s+the\s+table)\b",
    re.IGNORECASE,
)
_ASKS_YEAR = re.compile(r"\b(?:which|what)\s+(?:fiscal\s+)?years?\b", re.IGNORECASE)
# a year said by its distance from the latest ("two years ago") or as the first of those shown, the question ending
# there ("return on equity in the first year?")
_YEARS_AGO = re.compile(r"\b(two|three|four|five|2|3|4|5)\s+(?:fiscal\s+)?years\s+ago\b", re.IGNORECASE)
_AGO_STEPS = {"two": 2, "three": 3, "four": 4, "five": 5, "2": 2, "3": 3, "4": 4, "5": 5}
_FIRST_YEAR = re.compile(r"\bthe\s+first\s+(?:fiscal\s+)?year\b(?=\s*(?:[?,.;]|$))", re.IGNORECASE)
# the year before the report's own and the report's own, said as a speaker would ("last year", "this fiscal year");
# "the last year shown" is the latest of the table (`_SHOWN_PERIOD`), "the last year of the plan" no period of it
# ("when was X last year riding", "the last year the team ran": a year asked, the final one)
_SPOKEN_YEAR = re.compile(
    r"(?<!^)(?<!\bthe\s)(?<!\bits\s)(?<!\btheir\s)\b(last|this)\s+(?:(?:fiscal|financial)\s+)?year\b"
    r"(?=\s*(?:[?,.;]|$|\b(?:compared|versus|vs|and|or|in|for|at|to|from)\b))",
    re.IGNORECASE,
)


# an amount at a date ("the warranty liability at September 30, 2020"): a balance, not a movement of the period
_AT_DATE = re.compile(
    rf"\b(?:at|as\s+(?:of|at))\s+(?:{MONTH_NAME}\.?\s+\d{{1,2}},?\s+|\d{{1,2}}\s+{MONTH_NAME}\s+)((?:19|20)\d\d)\b",
    re.IGNORECASE,
)
_END_BALANCE = re.compile(r"\bbalance\b.*\b(?:end|ending|closing)\b|\b(?:ending|closing)\s+balance\b", re.IGNORECASE)


def _balance_at_date(table: Table, question: str) -> str:
    """ "X at September 30, 2020" over a roll-forward whose columns are the periods and whose closing row names no
    date ("Balance at end of year"): the question asks that closing balance in the period's column, so it says so
    ("... ending balance"); unchanged when a row label holds a date (dated balance rows answer it) or no such row."""
    m = _AT_DATE.search(question)
    if m is None or _END_BALANCE.search(question) or len(column_years(table)) < MIN_DATED_ROWS:
        return question
    labels = [" ".join(table.row_chain(r)[-1:]) for r in range(table.header_rows, table.n_rows)]
    if any(years_in(label) for label in labels) or sum(bool(_END_BALANCE.search(x)) for x in labels) != 1:
        return question
    # a row outside the roll-forward named by every word of its path ("noncurrent deferred revenue" over "Deferred
    # revenue: / Noncurrent" above "Changes in deferred revenue: / ... / Ending balance") is the amount asked
    end = next(r for r, x in enumerate(labels, start=table.header_rows) if _END_BALANCE.search(x))
    roll_forward = table.row_chain(end)[:-1]
    said = set(tokens(question))
    for r in range(table.header_rows, table.n_rows):
        chain = table.row_chain(r)
        words = set(tokens(" ".join(chain)))
        if chain[:-1] != roll_forward and len(words) >= MIN_PHRASE_WORDS and words <= said:
            return question
    return f"{question.rstrip(' ?')} ending balance?"


# the final (last) quarter of a year named is its fourth ("the final quarter of fiscal 2018"); "the last quarter"
# alone is the latest one shown
_FINAL_QUARTER = re.compile(
    r"\b(?:final|last)\s+(?:fiscal\s+)?quarter\s+of(?=\s+(?:fiscal\s+|the\s+)?(?:year\s+)?(?:FY\s?)?(?:19|20)\d\d)",
    re.IGNORECASE,
)


def periods_placed(table: Table, question: str) -> str:
    """The question with "the most recent / latest / current year" (or date, year end, balance sheet date) written as
    the latest year of the table's period columns, "the prior / previous year" as the one before it, "two years
    ago" as the one before that, and "the earliest / oldest year" (a question ending "in the first year") as the
    earliest ("the later / earlier year" of two), a length said with it kept ("the
    comparative nine-month period", "the prior-year quarter"): a period named by its place, not an operation; "the
    beginning of 2019" as the date of the balance row opening it when the periods are dated rows (`opening_said`)
    ("the net income in the latest year" is that year's cell, not the largest net income); the years of the rows
    when the columns name none. Before that, a period said another way is said as the table says it: "during the
    year ended <date>" over dated balance rows (`period_end_said`), a quarter over quarter-end dates
    (`quarter_ends_said`), a period's length over columns of several lengths (`durations_said`). Unchanged when
    neither name two years, or a label of the table holds the phrase ("Tax positions taken in current year")."""
    question = _FINAL_QUARTER.sub("fourth quarter of", question)
    question = _balance_at_date(table, thereafter_said(table, fiscal_spans_said(table, question)))
    question = quarter_ends_said(table, period_end_said(table, question))
    lengthened = durations_said(table, question)
    said_length, question = lengthened != question, lengthened
    question = quarter_labels_said(table, question)
    years = _named_group_years(table, question) or sorted(
        {y for ys in column_years(table).values() if len(ys) == 1 for y in ys}
    )
    if len(years) < MIN_DATED_ROWS:  # the periods are rows ("Fiscal year | Revenue": "2019", "2018")
        question = opening_said(table, question)
        years = sorted(set(row_periods(table).values()))
    if len(years) < MIN_DATED_ROWS:
        return question
    grid = filled_grid(table)
    labels = " | ".join(plain_words(t) for row in grid for t in row if t.strip())

    def place(m: re.Match[str]) -> str:
        if plain_words(m.group(0)).removeprefix("the ") in labels:  # a label's own words ("Current year tax expense")
            return m.group(0)
        if m.group(1).lower() in _OF_TWO and len(years) != len(_OF_TWO):
            return m.group(0)
        if m.group(1).lower() in _BEFORE_CURRENT:  # unless a year said, or asked, is what it comes before
            # (a year that is none of the table's periods, "the debentures due 2037", is no such year)
            return m.group(0) if set(years) & years_in(question) or _ASKS_YEAR.search(question) else years[-2]
        return years[0] if m.group(1).lower() in _EARLY else years[-1]

    def year(m: re.Match[str]) -> str:
        quarter = _placed_quarter(table, m)
        if quarter is not None:
            return quarter
        placed = place(m)
        if placed == m.group(0):
            return placed
        kept = [w for w in (m.group("length"), m.group("noun") if _PART_NOUN.match(m.group("noun")) else None) if w]
        return " ".join([placed, *(" ".join(w.split()) for w in kept)])

    if not _ASKS_YEAR.search(question) and not _YEAR_BEFORE_LATEST.search(labels):  # no label says it
        question = _YEAR_BEFORE_LATEST.sub(years[-2], question)
        if not set(years) & years_in(question) and not _WHEN.search(question):  # "last year, compared with 2019":
            question = _SPOKEN_YEAR.sub(lambda m: years[-2] if m.group(1).lower() == "last" else years[-1], question)
        question = _SHOWN_PERIOD.sub(lambda m: years[0] if m.group(1).lower() == "first" else years[-1], question)
        question = _FIRST_YEAR.sub(years[0], question)
        question = _YEARS_AGO.sub(
            lambda m: years[-1 - n] if (n := _AGO_STEPS[m.group(1).lower()]) < len(years) else m.group(0), question
        )
    placed = _PLACED_PERIOD.sub(year, question)
    # a length said of a placed period ("the comparative half-year") is told among that year's columns
    return durations_said(table, placed) if placed != question and not said_length else placed


def _named_group_years(table: Table, question: str) -> list[str]:
    """The years of the dated columns the question names by a word of their header that some other dated column
    lacks ("the share of plan assets ... at the most recent year end" over "Target Allocation / 2020 | Percentage
    of Plan Assets at December 31, / 2019 | 2018": 2019 is the latest year of those), when two or more; else none
    (the table's years are the places)."""
    dated = {c: ys for c, ys in column_years(table).items() if len(ys) == 1}
    words = {c: {t for t in tokens(table.column_name(c)) if not is_year(t)} for c in dated}
    common = set.intersection(*words.values()) if words else set()
    said = set(tokens(question))
    named = sorted({y for c, ys in dated.items() if (words[c] - common) & said for y in ys})
    everything = {y for ys in dated.values() for y in ys}
    return named if len(named) >= MIN_DATED_ROWS and set(named) != everything else []


MIN_PLACED_QUARTERS = 2  # a quarter has a place among two quarter columns or more


def _placed_quarter(table: Table, m: re.Match[str]) -> str | None:
    """ "The most recent quarter" over quarter columns ("Q4 2018 | Q1 2019 | ... | Q4 2019"): the label of the latest
    quarter, "the prior quarter" the one before it, "the earliest quarter" the first; None unless the noun is one
    quarter and the columns name two quarters or more (a year placed would tie its four quarters)."""
    if m.group("noun").lower() != "quarter" or m.group("length"):
        return None
    labels = {
        q: " ".join(lvl.split())
        for c in range(1, table.n_cols)
        for lvl in table.column_chain(c)[-1:]
        if (q := quarter_of_label(lvl)) is not None
    }
    if len(labels) < MIN_PLACED_QUARTERS:
        return None
    order = sorted(labels)
    word = m.group(1).lower()
    if word in _OF_TWO:
        return None
    at = 0 if word in _EARLY else -2 if word in _BEFORE_CURRENT else -1
    return labels[order[at]]


def _period_rows_first(table: Table, question: str, rows: list[Scored]) -> list[Scored]:
    """Rows tied on score, the one of the year the question names first, when the columns name no periods and
    the rows do ("the additions to equipment in 2019" is the Additions row before the 2019 closing balance)."""
    asked = years_in(question)
    if not asked or len(rows) < 2 or len(column_years(table)) >= MIN_DATED_ROWS:
        return rows
    periods = row_periods(table)
    return sorted(rows, key=lambda s: (-round(s.score, SCORE_DIGITS), periods.get(s.index) not in asked))


_RELATIVE_YEAR = re.compile(r"\b(after|before|since|until|prior\s+to|later\s+than|earlier\s+than)\b", re.IGNORECASE)


def _row_date(table: Table, row: int) -> set[tuple[int, int, int]]:
    """The dates of the innermost level of the row's chain that writes one ("At 31 December 2019:" over "Cost")."""
    return next((found for level in reversed(table.row_chain(row)) if (found := dates_in(level))), set())


def _dated_row_first(table: Table, question: str, rows: list[Scored]) -> list[Scored]:
    """Of the two best rows, tied, the one under the date the question names first ("the cost of buildings at 31
    December 2019" over "At 1 January 2019: / Cost" and "At 31 December 2019: / Cost")."""
    asked = dates_in(question)
    if not asked or len(rows) < 2 or round(rows[0].score, SCORE_DIGITS) != round(rows[1].score, SCORE_DIGITS):
        return rows
    if not _row_date(table, rows[0].index) & asked and _row_date(table, rows[1].index) & asked:
        return [rows[1], rows[0], *rows[2:]]
    return rows


# a balance asked at one end of a period ("at the end of 2018", "at the beginning of the year"): a point in time
_AT_AN_END = re.compile(r"\b(?:at|as\s+of|as\s+at)\s+the\s+(?:(end)|beginning|start)\s+of\b", re.IGNORECASE)
# an end said as an adjective of the balance ("the largest ending allowance", "the opening provision"): that end's
# line; "ending balance" is a row's own name (and what `_balance_at_date` adds to "as at <date>"), not this
_END_ADJECTIVE = re.compile(r"\b(?:(ending|closing)|beginning|opening)\s+(?=[a-z])(?!balances?\b)", re.IGNORECASE)
_END_TOKENS = frozenset(tokens("ending end closing"))
_BEGIN_TOKENS = frozenset(tokens("beginning opening start"))


def _balance_row_first(table: Table, question: str, rows: list[Scored]) -> list[Scored]:
    """A balance asked at one end of a period over a roll-forward ("Beginning balance | Charge-offs | Provision for
    loan losses | Ending balance"): the best-linked row whose own label states that end comes before movement rows
    the question's other words link ("the total allowance for loan losses at the end of 2018" is the "Ending
    balance" of 2018, not its "Provision for loan losses"). A movement is over a period, never at its end. Only when
    the table has rows of both ends."""
    m = _AT_AN_END.search(question) or _END_ADJECTIVE.search(question)
    if m is None or len(rows) < 2:
        return rows
    labels = {r: set(tokens(" ".join(table.row_chain(r)[-1:]))) for r in range(table.header_rows, table.n_rows)}
    if not any(w & _END_TOKENS for w in labels.values()) or not any(w & _BEGIN_TOKENS for w in labels.values()):
        asked = years_in(question)
        return _dated_end_first(table, bool(m.group(1)), rows, dated_in_full=not asked, years=frozenset(asked))
    end = _END_TOKENS if m.group(1) else _BEGIN_TOKENS
    first = set(tokens(" ".join(table.row_chain(rows[0].index))))  # its section may say the end ("... at beginning")
    if first & (_END_TOKENS | _BEGIN_TOKENS):
        return rows
    # a row after the roll-forward's end is no movement but a part of the end balance ("Asset retirement
    # obligations, long-term" under "..., end of period"): it keeps its place
    starts = [r for r, w in labels.items() if w & _BEGIN_TOKENS]
    ends = [r for r, w in labels.items() if w & _END_TOKENS]
    if not any(b < rows[0].index < e for b in starts for e in ends):
        return rows
    balance = next((s for s in rows if labels.get(s.index, set()) & end), None)
    return rows if balance is None else [balance, *(s for s in rows if s is not balance)]


_ROW_MONTH = re.compile(
    rf"\b(?:({MONTH_NAME})\b\.?\s*\d{{1,2}}|\d{{1,2}}\s+({MONTH_NAME})\b\.?)\b(?!\s*,?\s*(?:19|20)\d\d)", re.IGNORECASE
)  # "at January 1", "at 1 January": a day of the year, no year


def _row_month(table: Table, row: int) -> int | None:
    """The month of the day of the year a row's own label names with no year ("... at 1 January": 1)."""
    found = _ROW_MONTH.search(" ".join(table.row_chain(row)[-1:]))
    return None if found is None else month_number(found.group(1) or found.group(2))


def _dated_end_first(
    table: Table, end: bool, rows: list[Scored], dated_in_full: bool = False, years: frozenset[str] = frozenset()
) -> list[Scored]:
    """Of the rows tied best, those dated by a day of the year and no year ("Cash and cash equivalents at 1 January"
    and "... at 31 December" over year columns, a "Change in cash" line tied with them): the later one first when
    the end of a period is asked, the earlier when its beginning is. With ``dated_in_full`` (the question names no
    year) rows dated in full count the same way ("Outstanding at December 31, 2018" and "... 2019": "at the end of
    the year" is the later); so do rows dated in full within the one year the question names (``years``: "at the end
    of 2020" over "Unvested at January 1, 2020" and "Unvested at December 31, 2020"). Unchanged unless two such rows
    differ in month (in date)."""
    if len(rows) < 2:
        return rows
    best = round(rows[0].score, SCORE_DIGITS)
    tied = [s for s in rows if round(s.score, SCORE_DIGITS) == best]
    dated: dict[int, tuple[int, int, int]] = {}  # (year, month, day); a day of the year alone has year 0
    for s in tied:
        month = _row_month(table, s.index)
        if month is not None:
            dated[s.index] = (0, month, 0)
    if len(set(dated.values())) < 2 and (dated_in_full or len(years) == 1):
        days = {s.index: _row_date(table, s.index) for s in tied}
        dated = {r: next(iter(found)) for r, found in days.items() if len(found) == 1}
        if not dated_in_full and {str(d[0]) for d in dated.values()} != years:
            return rows  # dated in other years: the year named decides, not the end
    if len(set(dated.values())) < 2:
        return rows
    pick = (max if end else min)(dated, key=lambda r: dated[r])
    return [*(s for s in rows if s.index == pick), *(s for s in rows if s.index != pick)]


def _end_decides(table: Table, question: str, first: int, second: int) -> bool:
    """Two rows dated by a day of the year and no year ("Asset retirement obligations at January 1" and "... at
    December 31" over year columns): the first is the end asked ("at the end of 2019": the later one; "at the
    beginning": the earlier one) and the second is not. Rows dated in full ("Unvested balance at December 31,
    2018" and "... 2019") decide the same way when the question names no year."""
    m = _AT_AN_END.search(question)
    if m is None:
        return False
    a, b = _row_month(table, first), _row_month(table, second)
    if (a is None or b is None) and not years_in(question):  # dated in full, no year asked: the dates decide
        da, db = _row_date(table, first), _row_date(table, second)
        if len(da) == 1 and len(db) == 1:
            return da != db and (max(da) > max(db)) == bool(m.group(1))
    if a is None or b is None:
        return False
    return a != b and (a > b) == bool(m.group(1))


def _grand_total_first(table: Table, rows: list[Scored]) -> list[Scored]:
    """Rows tied on the word "total" alone, one of them the table's unlabelled grand total (`_grand_total_row`):
    "the total income tax expense" over "Total current", "Total deferred" and the line "| 52,000" that sums them
    is that line, the total of the table's subject; the sections' totals are its parts."""
    if len(rows) < 2 or not rows[0].tokens or not rows[0].tokens <= TOTAL_TOKENS:
        return rows
    top = [
        s
        for s in rows
        if round(s.score, SCORE_DIGITS) == round(rows[0].score, SCORE_DIGITS) and s.tokens == rows[0].tokens
    ]
    if len(top) < 2:
        return rows
    grand = _grand_total_row(table)
    first = next((s for s in top if s.index == grand), None)
    if first is None or first is rows[0]:
        return rows
    return [first, *(s for s in rows if s is not first)]


def _tie_decided(rows: list[Scored], decides: Callable[[int, int], bool]) -> list[Scored]:
    """Of the two best rows, tied, the second first when ``decides(second, first)``: it is the one asked and the
    first is not (the end asked, the item of a share)."""
    if len(rows) < 2 or round(rows[0].score, SCORE_DIGITS) != round(rows[1].score, SCORE_DIGITS):
        return rows
    return [rows[1], rows[0], *rows[2:]] if decides(rows[1].index, rows[0].index) else rows


# "X as a percentage of Y": Y is the base the share is of, no row asked ("the percentage of X in Y" says the part
# first)
_SHARE_BASE_SAID = re.compile(
    r"\bas\s+an?\s+(?:percentage|percent|proportion|share|%)\s+of\s+(?:the\s+|its\s+|total\s+)*(?P<base>[^?,]+?)"
    r"(?=\s+(?:in|for|during|at|as|between|from|over|on)\b|\s*[?,]|\s*$)",
    re.IGNORECASE,
)


# a price in a row's label ("Average fuel price per gallon", "Average realized oil price ($/Bbl)"; a measure per unit
# such as "Cost per ASM" is a line of its own), and the words that ask one
_PRICE_LABEL = re.compile(r"\bprices?\b|\$\s*/", re.IGNORECASE)
_PRICE_ASKED = re.compile(r"\bprices?\b|\bper\b|\brates?\b|\baverage\b|\bhow\s+much\b|\bcosts?\b|\$", re.IGNORECASE)


def _price_unasked(table: Table, question: str, first: int, second: int) -> bool:
    """Of two rows tied, the first states a quantity and the second its price ("Fuel gallons
    consumed" and "Average fuel price per gallon" for "how many gallons of fuel"; "Crude oil" and "Average realized
    oil price" for "oil output"), and the question asks no price, rate or average."""
    if _PRICE_ASKED.search(question):
        return False
    said = " ".join(table.row_chain(second)[-1:]), " ".join(table.row_chain(first)[-1:])
    return bool(_PRICE_LABEL.search(said[0])) and not _PRICE_LABEL.search(said[1])


# a label that opens by naming a time as its value ("Year that the rate reaches the ultimate trend rate", "Date of
# expiry"): the row states when, not how much
_WHEN_LABEL = re.compile(
    r"^\s*(?:the\s+)?(?:year|date|month|period)s?\s+(?:that|when|in\s+which|of|by\s+which)\b", re.I
)
_WHEN_ASKED = re.compile(r"\b(?:when|what\s+(?:year|date|month)|which\s+(?:year|date|month)|by\s+when)\b", re.I)


def _date_unasked(table: Table, question: str, second: int) -> bool:
    """Of two rows tied, the second states when something happens ("Year that the rate reaches the ultimate trend
    rate" beside the ultimate rate's own row) and the question asks no time ("what is the ultimate trend rate")."""
    return not _WHEN_ASKED.search(question) and bool(_WHEN_LABEL.match(" ".join(table.row_chain(second)[-1:])))


# words that make an amount a particular one of its kind ("Gross profit", "Operating profit", "Adjusted EBITDA"):
# unsaid, they name the narrower amount, not the plain one asked ("and other" widens a line, it narrows none)
_NARROWING = frozenset(tokens("gross operating adjusted underlying"))


def _qualifier_unsaid(table: Table, question: str, first: int, second: int) -> bool:
    """Of two rows of values tied on a word both labels say, the second's own label narrows the amount by a word the
    question does not say and the first's does not ("restated profit" over "Profit for the year" and "Gross
    profit"); a value looked up only."""
    said = set(tokens(question))
    own = {r: _label_words(table, r) for r in (first, second)}
    valued = _valued_rows(table) & set(own)
    if valued != set(own) or not own[first] & own[second] & said:
        return False  # a heading, or two lines that share no word said: nothing narrows one of a kind
    if rule_route(question).kind is not RouteKind.LOOKUP:
        return False  # a ranking or a sum takes its rows by other rules ("the largest loan exposure")
    return bool((own[second] & _NARROWING) - said) and not own[first] & _NARROWING - said


def _base_decides(table: Table, question: str, first: int, second: int) -> bool:
    """Of two rows tied, the second is the base of the share asked ("cost as a percentage of revenue": the
    "Revenue" row, every word of its label said after "percentage of") and the first is not."""
    m = _SHARE_BASE_SAID.search(question)
    if m is None:
        return False
    base, item = set(tokens(m.group("base"))), set(tokens(question[: m.start()]))
    first_words, second_words = set(row_words(table, first)), set(row_words(table, second))
    # the item is that row too ("2019 closing balance as a percentage of 2018 closing balance")
    if second_words <= item:
        return False
    return bool(second_words) and second_words <= base and not first_words <= base


# a date said as the end of a period ("in the year to 31 March 2020", "for the year ended December 31, 2019")
_PERIOD_TO = re.compile(r"\b(?:year|period|months?|quarter|half)\s+(?:to|ended|ending)\b", re.IGNORECASE)


def _movement_before_balance(table: Table, question: str, rows: list[Scored]) -> list[Scored]:
    """In a roll-forward ("Balance as of December 31, 2018 | Provision | Recoveries | Balance as of December 31,
    2019"), a balance row linked by the year alone gives way to the movement rows the question's words name, the
    one of the year asked first ("the recoveries in 2019": the "Recoveries" row leading to the 2019 balance)."""
    if len(rows) < 2:
        return rows
    asked = years_in(question)
    # linked by the year alone, or by a date the question says ends a period ("the additions in the year to 31
    # March 2020" over "At 31 March 2020"): the movement of that period is asked ("at 31 March 2020" asks the balance)
    period_end = bool(_PERIOD_TO.search(question))

    def undated(s: Scored) -> set[str]:
        return {t for t in s.tokens - asked if not (period_end and (t.isdigit() or t[:3] in MONTHS))}

    if not asked or not rows[0].tokens or undated(rows[0]):
        return rows
    if not any(c.row == rows[0].index and c.value is not None for c in table.cells):
        return rows  # a section row ("2019:") heads the rows below it: no balance a movement leads to
    periods = row_periods(table)
    if not periods:
        return rows
    worded = [s for s in rows if undated(s)]
    if not worded:
        return rows
    best = round(worded[0].score, SCORE_DIGITS)
    tied = [s for s in worded if round(s.score, SCORE_DIGITS) == best]
    first = next((s for s in tied if periods.get(s.index) in asked), tied[0])
    return [first, *(s for s in rows if s is not first)]


def _year_column(table: Table) -> int | None:
    """A column of years beside the row labels ("Name and Principal Position | Year | Salary ..."): every filled
    body cell a year, two or more years; None unless one such column."""
    grid = filled_grid(table)
    found = []
    for c in range(1, table.n_cols):
        cells = [grid[r][c].strip() for r in range(table.header_rows, table.n_rows) if grid[r][c].strip()]
        if len(set(cells)) >= MIN_DATED_ROWS and all(is_year(t) for t in cells):
            found.append(c)
    return found[0] if len(found) == 1 else None


def year_blocks(table: Table) -> tuple[int, dict[int, list[int]]] | None:
    """A register of one block of year rows per entity ("Gregory P. Lam | 2021 | ...", "Executive Vice President |
    2020 | ...", " | 2019 | ..."): the column of years and, for each row holding a year, the rows (in order) of its
    block. A block runs while its years run one way, as most lines do; the next entity's first line turns back.
    None without one such column."""
    col = _year_column(table)
    if col is None:
        return None
    grid = filled_grid(table)
    year = {r: grid[r][col].strip() for r in range(table.header_rows, table.n_rows)}

    def moves(a: int, b: int) -> int:  # the way the years run from row a to row b: +1, -1, 0 (a break)
        ya, yb = year.get(a, ""), year.get(b, "")
        return 0 if not ya or not yb or ya == yb else 1 if yb > ya else -1

    runs = Counter(moves(r, r + 1) for r in range(table.header_rows, table.n_rows - 1))
    way = 1 if runs[1] > runs[-1] else -1 if runs[-1] > runs[1] else 0
    blocks: dict[int, list[int]] = {}
    block: list[int] = []
    for r in range(table.header_rows, table.n_rows):
        if block and not (way and moves(block[-1], r) == way):
            block = []
        block.append(r)
        blocks[r] = block  # the rows of one block share one list
    return col, {r: rows for r, rows in blocks.items() if year[r]}


def year_block(table: Table, row: int) -> tuple[int, list[int]] | None:
    """The column of years and the rows of the block holding ``row`` in a register of year blocks per entity
    (`year_blocks`); None without one, or when ``row`` holds no year."""
    found = year_blocks(table)
    if found is None or row not in found[1]:
        return None
    return found[0], found[1][row]


def _year_in_block(table: Table, question: str, rows: list[Scored]) -> list[Scored]:
    """In a register of year blocks per entity (`year_block`), the entity named and the year asked are the row of
    its block in that year's line, not the entity's first line ("Gregory Lam's salary in 2020")."""
    asked = years_in(question)
    if not rows or len(asked) != 1 or not rows[0].tokens - asked:
        return rows
    first = rows[0].index
    found_block = year_block(table, first)
    if found_block is None:
        return rows
    col, block = found_block
    grid = filled_grid(table)
    if grid[first][col].strip() in asked:
        return rows
    found = next((r for r in block if grid[r][col].strip() in asked), None)
    if found is None:
        return rows
    chosen = Scored(found, rows[0].score, rows[0].tokens, rows[0].position)
    return [chosen, *(x for x in rows if x.index != found)]


def _line_in_block(table: Table, q: list[str], rows: list[Scored]) -> list[Scored]:
    """A named row followed by lines with no label of their own, which continue it ("Laura S. Bennett | 28,000 |
    24.75 | 2/12/2026", " | 12,200 | 31.10 | 2/11/2027"): the line the question picks by a figure or date it states
    ("Laura Bennett's options expiring 2/11/2027", "Townsend's options with an exercise price of $63.80") is the row
    asked, not the named line. None unless exactly one line of the block is so picked and the named line is not."""
    if not rows or not rows[0].tokens:
        return rows
    first = rows[0].index

    def unlabelled(r: int) -> bool:
        cell = table.cell_at(r, 0)
        return cell is None or not cell.text.strip()

    block = []
    for r in range(first + 1, table.n_rows):
        if not unlabelled(r):
            break
        block.append(r)
    if not block:
        return rows
    figures = _figures_said(q)

    held = {c.row for c in table.cells if c.value is not None and _figure_said(c.value, figures)}

    def states(r: int) -> bool:  # holds a figure the question states, or is linked by a date's or figure's words
        return r in held or any(
            s.index == r and any(t[:1].isdigit() for t in s.tokens - rows[0].tokens) for s in rows[1:]
        )

    picked = [r for r in block if states(r)]
    if len(picked) != 1 or states(first):
        return rows
    chosen = Scored(picked[0], rows[0].score, rows[0].tokens, rows[0].position)
    return [chosen, *(x for x in rows if x.index != picked[0])]


def _named_section_first(table: Table, q: list[str], rows: list[Scored]) -> list[Scored]:
    """A section the question names by its heading's every word ("total current borrowings" over "Current: / ... /
    (unlabelled total)", "Non-current: / ...", "Total borrowings"): of the linked rows, the best under it that the
    question names by another word too goes before a best row outside it whose name does not say the heading's
    words ("Net deferred tax assets" is no row outside "Deferred tax assets:")."""
    if len(rows) < MIN_UNITS_SHARED:
        return rows
    said = set(q)

    def headings(row: int) -> list[frozenset[str]]:
        return [w for level in table.row_chain(row)[:-1] if (w := frozenset(tokens(level))) and w <= said]

    if headings(rows[0].index):
        return rows
    for i, s in enumerate(rows[1:], start=1):
        named = headings(s.index)
        if not named:
            continue
        # no row above it says the heading in its own name ("Total assets" over "Assets: / Total current assets"),
        # and it agrees with the best row on a word besides the heading's ("total"): the same thing, in the section
        if any(named[-1] <= set(row_words(table, x.index)) for x in rows[:i]):
            return rows
        if (s.tokens - named[-1]) & rows[0].tokens:
            return [s, *(x for x in rows if x is not s)]
    return rows


def _part_named_of_total(table: Table, q: list[str], rows: list[Scored]) -> list[Scored]:
    """The best row is a total of its sections' totals ("Provision for income taxes" = "Total current" under
    "Current:" + "Total deferred" under "Deferred:") and the question says a word of one section's heading that the
    total's name does not ("the current tax charge"): that section's total is asked, not the whole it adds to."""
    if not rows:
        return rows
    best = rows[0]
    whole = set(tokens(" ".join(table.row_chain(best.index)))) | best.tokens
    unsaid = {t for t in q if not t.isdigit()} - TOTAL_TOKENS - whole  # words the best row's name does not say
    if not unsaid:
        return rows  # nothing could name a part: the sums are not read
    parts = summed_parts(table, best.index)
    if not parts or any(len(table.row_chain(p)) < 2 for p in parts):
        return rows  # the items of one list, no totals of sections
    hits = {p: hit for p in parts if (hit := set(tokens(" ".join(table.row_chain(p)[:-1]))) & unsaid)}
    if len(hits) != 1:
        return rows
    (part,) = hits
    taken = next((s for s in rows if s.index == part), None)
    first = taken or Scored(part, best.score, frozenset(hits[part]), best.position)
    return [first, *(s for s in rows if s is not taken)]


def _period_decides(table: Table, question: str, first: int, second: int) -> bool:
    """The first row is of a year the question names and the second is not (two "Additions" rows of a roll-forward,
    "the additions in 2018"), or under the date it names and the second not."""
    dates = dates_in(question)
    if dates and _row_date(table, first) & dates and not _row_date(table, second) & dates:
        return True
    asked = years_in(question)
    if not asked:
        return False
    periods = row_periods(table)
    return periods.get(first) in asked and periods.get(second) not in asked


def _asked_year_rows(table: Table, question: str, rows: list[Scored]) -> list[Scored]:
    """When a table's rows are years and its columns are not, a year the question names is a hard constraint on the
    row, as it is on a column: the rows labelled so, however many other words a total row shares with the question
    ("the minimum lease payments for operating leases in 2020" is the 2020 row, not "Total minimum lease
    payments"). Not for a year that bounds a range ("after 2004")."""
    asked = years_in(question)
    if not asked or _RELATIVE_YEAR.search(question) or len(column_years(table)) >= MIN_DATED_ROWS:
        return rows
    if any(_date_label_said(table, s, question) for s in rows):
        return rows
    years = year_rows(table)
    # a row under a year's heading ("2019" over "High | Low" rows) is of that year too, when the question names it
    # by a word its siblings lack ("high"; not "quarter", which every row under "2019" says: the kind asked)
    kept = [
        s
        for s in rows
        if years.get(s.index) in asked
        or _named_under_year(table, s, asked)
        or _part_of_year_asked(table, s, asked)
        or _own_label_of_year(table, s, asked)
    ]
    return kept or rows


def _own_label_of_year(table: Table, s: Scored, asked: set[str]) -> bool:
    """The row's own label names a year asked and the question says another word of it ("the final 2020 ordinary
    dividend" over "Final 2020 ordinary dividend (declared 20 August 2020)" under a "2019" heading): of that year,
    whatever heading is over it. (A balance row "At 31 December 2019" linked by its section's words is not.)"""
    chain = table.row_chain(s.index)
    if not chain:
        return False
    own = set(tokens(chain[-1]))
    return bool(years_in(chain[-1]) & asked) and bool((own - asked) & s.tokens)


def _date_label_said(table: Table, s: Scored, question: str) -> bool:
    """The row's own label is a date the question says whole ("the dividend declared November 19, 2019" over a
    "November 19, 2019" row under a "Fiscal 2020" heading): the date names the row, whatever heading is over it."""
    chain = table.row_chain(s.index)
    if not chain or not years_in(chain[-1]):
        return False
    label = set(tokens(chain[-1]))
    dated = any(t[:3] in MONTHS for t in label)  # a day of a month, no quarter ("Q4 2019") or fiscal year
    return dated and len(label) >= MIN_PHRASE_WORDS and label <= set(tokens(question))


_PART_WORDS = frozenset(tokens("half quarter"))  # a part of a year a row may be ("2H FY2023", "Q3 2019")


def _part_of_year_asked(table: Table, s: Scored, asked: set[str]) -> bool:
    """A row labelled by a part of a year the question names, both the part and the year ("the second half of
    FY2023" over "2H FY2023 (1 Jul - 31 Dec 2023)" beside an "FY2023" row): of that year, as the year's row is."""
    label = " ".join(table.row_chain(s.index)[-1:])
    # the part word may link no row when every row says it ("Q1 2020", "Q2 2020", ...): then the part's own word
    # ("second") beside the year names it
    part = bool(s.tokens & _PART_WORDS) or (bool(set(tokens(label)) & _PART_WORDS) and bool(s.tokens - asked))
    return part and bool(years_in(label, header=True) & asked)


def _year_rows_named(table: Table, question: str) -> list[Scored]:
    """The rows of a table whose rows are years, of a year the question names in a form no label prints ("FY16",
    "fiscal '16" for the "2016" row); none when the columns are periods. The column their labels sit in is
    `_year_label_columns`'."""
    asked = years_in(question)
    if not asked or _RELATIVE_YEAR.search(question) or len(column_years(table)) >= MIN_DATED_ROWS:
        return []
    return [Scored(r, YEAR_ROW_SCORE, frozenset({y}), 0) for r, y in year_rows(table).items() if y in asked]


# a quarter asked in words or digits ("the fourth quarter", "Q4")
_QUARTER_ASKED = re.compile(r"\b(?:(first|second|third|fourth)[\s-]+quarter|q([1-4]))\b", re.IGNORECASE)
_QUARTER_NUMBER = {"first": 1, "second": 2, "third": 3, "fourth": 4}


def _quarter_of_month_rows(table: Table, question: str) -> list[Scored]:
    """ "Across the whole fourth quarter" over month rows (October, November, December) closed by a "Total" row:
    that total is the quarter's line. None unless every month row lies in the quarter asked."""
    m = _QUARTER_ASKED.search(question)
    if m is None:
        return []
    quarter = _QUARTER_NUMBER[m.group(1).lower()] if m.group(1) else int(m.group(2))
    months: dict[int, int] = {}
    for r in range(table.header_rows, table.n_rows):
        label = " ".join(table.row_chain(r)[-1:])
        named = {month_number(x.group(1)) for x in _MONTH_NAME.finditer(label)}
        if named:
            months[r] = max(named)
    if len(months) < MIN_DATED_ROWS or any(not 3 * quarter - 2 <= mo <= 3 * quarter for mo in months.values()):
        return []
    below = max(months) + 1
    if below >= table.n_rows or not TOTAL_TOKENS & set(tokens(" ".join(table.row_chain(below)[-1:]))):
        return []
    return [Scored(below, YEAR_ROW_SCORE, frozenset(TOTAL_TOKENS), 0)]


QUARTERS_IN_YEAR = 4
# days between two quarter ends (a 13- or 14-week quarter of a 52/53-week year: 84 to 98 days; calendar 89 to 92)
QUARTER_DAYS = (80, 100)


def _nth_quarter_row(table: Table, question: str) -> list[Scored]:
    """ "First-quarter gross profit" over four rows dated by their quarter ends ("April 29, 2023" ... "February 3,
    2024") under "Fiscal 2023 Quarter Ended": the row of that place in date order. None unless the table has
    exactly four such rows a quarter apart and a year the question names is said over them or ends them."""
    m = _QUARTER_ASKED.search(question)
    if m is None:
        return []
    quarter = _QUARTER_NUMBER[m.group(1).lower()] if m.group(1) else int(m.group(2))
    dated = {}
    for r in range(table.header_rows, table.n_rows):
        found = dates_in(" ".join(table.row_chain(r)[-1:]))
        if len(found) == 1:
            dated[r] = datetime.date(*next(iter(found)))
    if len(dated) != QUARTERS_IN_YEAR:
        return []
    order = sorted(dated, key=lambda r: dated[r])
    gaps = [(dated[b] - dated[a]).days for a, b in zip(order, order[1:], strict=False)]
    if any(not QUARTER_DAYS[0] <= g <= QUARTER_DAYS[1] for g in gaps):
        return []
    asked = years_in(question)
    over = years_in(" ".join([table.caption or "", *table.column_chain(0)]))
    if asked and not asked <= over | {str(dated[order[-1]].year)}:
        return []
    return [Scored(order[quarter - 1], YEAR_ROW_SCORE, frozenset(tokens("quarter")), 0)]


def _figure_keyed_rows(table: Table, q: list[str]) -> list[Scored]:
    """A register keyed by a figure in its first column ("Exercise Prices: $0.45 | $1.10 | $4.20", each once):
    the row whose key the question states ("the options outstanding at an exercise price of $4.20"); a year is
    no such key (`_year_rows_named`), nor a bound ("more than 100", which `link` leaves to filters). None unless
    exactly one row's key is stated."""
    said = _figures_said(q)
    if not said:
        return []
    keys = {c.row: c.value for c in table.cells if c.col == 0 and c.row >= table.header_rows and c.value is not None}
    if len(keys) < MIN_UNITS_SHARED or len(set(keys.values())) != len(keys):
        return []
    found = [r for r, v in keys.items() if _figure_said(v, said)]
    if len(found) != 1:
        return []
    token = next(t for t in q if _FIGURE.fullmatch(t) and _figure_said(keys[found[0]], {float(t)}))
    return [Scored(found[0], YEAR_ROW_SCORE, frozenset({token}), 0)]


_FIGURE = re.compile(r"\d+(?:\.\d+)?")


def _figures_said(q: list[str]) -> set[float]:
    """The figures among the question's tokens that are no year ("$4.20" is 4.2)."""
    return {float(t) for t in q if _FIGURE.fullmatch(t) and not is_year(t)}


def _figure_said(value: float, said: set[float]) -> bool:
    """A cell's value is one of the figures said."""
    return any(math.isclose(value, x) for x in said)


def _year_label_columns(table: Table, rows: list[Scored]) -> set[int]:
    """The columns the year labels of linked year rows sit in ("Year ended June 30," over "2018"): the rows' key,
    never the column asked, though the question says "year" or "end" (a year label reads as a number, so the
    row's words do not mark its column)."""
    years = year_rows(table) if rows else {}
    grid = filled_grid(table)
    return {next(c for c, t in enumerate(grid[s.index]) if t.strip()) for s in rows if s.index in years}


def _named_under_year(table: Table, unit: Scored, asked: set[str]) -> bool:
    """The row sits under a heading naming an asked year and the question says a word of its own that a sibling
    under the same heading lacks."""
    chain = table.row_chain(unit.index)
    if not asked & years_in(" ".join(chain[:-1])):
        return False
    own = {t for t in unit.tokens if t not in asked}
    siblings = [
        r for r in range(table.header_rows, table.n_rows) if r != unit.index and table.row_chain(r)[:-1] == chain[:-1]
    ]
    if not siblings:  # the one row of its heading under the year ("December 31, 2018 / Liabilities: / Contingent
        return bool(own)  # consideration"), named by a word of its own
    return any(t not in row_words(table, r) for r in siblings for t in own)


# words reports use for one amount ("sales" for a "Revenue" row, "staff costs" for "Employee costs"): tried only
# when the question's own words name no row, never to choose among rows they name
_ALSO_SAID_GROUPS = (
    tokens("revenue sales turnover"),
    tokens("profit income earnings"),
    tokens("expense cost"),
    tokens("employee staff personnel workforce headcount"),
    tokens("shareholders stockholders"),
    tokens("borrowings debt loans"),
    tokens("salaries wages remuneration compensation"),
    # the words of one standard for what another calls so ("finance costs" for interest expense, "debtors"
    # for receivables, "rental expense" for lease expense, "distributions" for dividends)
    tokens("interest finance"),
    tokens("receivables debtors"),
    tokens("payables creditors"),
    tokens("lease rent rental"),
    tokens("dividends distributions"),
    tokens("allowance provision"),
    tokens("accruals accrued"),  # "accruals" are the "Accrued liabilities"
    tokens("additions adds"),  # "net adds" are "Net additions"
    tokens("expense provision"),  # "income tax expense" is the "Provision for income taxes"
    tokens("expense charge"),  # "the tax charge" is the "Income tax expense"
    tokens("buybacks repurchases"),
    tokens("issued issuance"),  # debt "issued" is the "Proceeds from issuance of long-term debt"
    tokens("repaid repayments"),
    tokens("customers subscribers clients"),
    # growth "at constant currency" is "at constant exchange rates"; "reported" growth the one "at actual rates"
    tokens("currency exchange FX"),
    tokens("movement change"),  # "the movement in receivables" over "2019 | 2018 | Change"
    tokens("reported actual"),
    tokens("carrying book"),  # a "carrying amount" is the "Net book value"
    # what lies outside the home country: "foreign taxes" over a "Non-U.S." column, "international" sales
    tokens("foreign international overseas non-U.S."),
)
_ALSO_SAID = {
    t: list(dict.fromkeys(w for group in _ALSO_SAID_GROUPS if t in group for w in group if w != t))
    for group in _ALSO_SAID_GROUPS
    for t in group
}
# "group revenue", "consolidated revenue": the table's total line, one way only ("in total" names no "Group" column)
_ALSO_SAID |= {t: tokens("total") for t in tokens("group consolidated")}
# "consolidated staff costs" over "Group | Company" columns; "domestic" over "U.S. | Non-U.S." (one way: "U.S."
# says its country, "domestic" only the home one)
_ALSO_SAID[tokens("consolidated")[0]] = tokens("total group")
_ALSO_SAID |= {t: tokens("U.S.") for t in tokens("domestic")}
# growth is an increase or a change ("the compensation growth rate" over "Rate of compensation increase",
# "comparable sales growth" over "Comparable sales change"), one way only ("rose" names no "Salary growth" row)
_ALSO_SAID |= {t: tokens("increase change") for t in tokens("growth grow")}
# an increase is a change ("the increase in comparable sales" over a "Comparable sales change" row), one way only:
# a change is no increase ("the change for a 100 basis point decline" names no "+100" scenario)
_ALSO_SAID |= {t: tokens("change") for t in tokens("increase")}
# new debt "raised" or "drawn" is the proceeds of borrowing, one way only ("proceeds" says no raise)
_ALSO_SAID |= {t: tokens("proceeds issuance") for t in tokens("raised drawn")}
# "the tax charge" is the "Provision for income taxes" too, one way only ("provisions" are charged, no charge)
_ALSO_SAID |= {t: [*_ALSO_SAID[t], *tokens("provision")] for t in tokens("charge")}
# a "result" is the profit or loss of a line of business ("the operating result", "the underwriting result"), one
# way only ("Results of operations" names no profit row)
_ALSO_SAID |= {t: tokens("profit income earnings") for t in tokens("result")}
# "pre-tax profit" is the profit before tax, one way only
_ALSO_SAID |= {t: tokens("before tax") for t in tokens("pretax")}
# a bank's branches are its "Banking offices", one way only ("who was in office" names no branch)
_ALSO_SAID |= {t: tokens("offices") for t in tokens("branches")}


_INCOME = frozenset(tokens("income"))


def _whole_label_said_otherwise(table: Table, q: list[str], found: list[Scored]) -> tuple[int, list[str]] | None:
    """A row whose whole own label the question says, a word of it said its own way, and the other words it says
    them with: the best-linked row itself when its label is so said ("the average number of employees" over
    "Average headcount"); else, when the best row's label holds a word the question never says, the one other row
    so said ("net profit" over "Gross profit" and "Net income": "income"; "interest expenses" over "Non-controlling
    interests" and "Finance costs": "finance", "cost"), if it says as many of the question's words as the best row
    does. None when the best row's label is said whole in the question's own words, or no single row is so said."""
    said = set(q)
    if not any(t in _ALSO_SAID for t in said):
        return None
    if said & _TAX_TOKENS:  # a tax said is the income tax ("the tax charge": "Provision for income taxes")
        said |= _INCOME
    own = {r: set(tokens(table.row_chain(r)[-1])) for r in range(table.header_rows, table.n_rows) if table.row_chain(r)}
    other = {w: t for t in said for w in _ALSO_SAID.get(t, ()) if w not in said}
    best = own.get(found[0].index, {""})
    if best <= said:
        return None
    if best <= said | set(other):  # the best row's label said whole with a word its own way: its words, all
        return found[0].index, sorted(best & set(other))
    whole = [r for r, toks in own.items() if toks and toks <= said | set(other) and toks & set(other)]
    # each of the question's words said once: "cost" said as "expense" and its label's "cost" is one word
    whole = [r for r in whole if len({other.get(t, t) for t in own[r]}) == len(own[r])]
    if len(whole) != 1:
        return None

    def covered(r: int) -> int:  # the question's words a row's words say, its own way or the question's
        words = set(row_words(table, r))
        return sum(t in words or any(w in words for w in _ALSO_SAID.get(t, ())) for t in said)

    # the row must say as much of the question as the best one does ("income tax expense at the federal statutory
    # rate" is that row, though its label adds "U.S.", not the "Provision for income taxes"); as much and no more,
    # with one word said its own way at most ("profit attributable to minority interests" is no "Finance income")
    mine, theirs = covered(whole[0]), covered(found[0].index)
    if mine < theirs or (mine == theirs and len(own[whole[0]] & set(other)) > 1):
        return None
    return whole[0], sorted(own[whole[0]] & set(other))


def also_said(token: str) -> list[str]:
    """The other words reports use for the amount a link token names ("customer" -> "subscrib", "client")."""
    return _ALSO_SAID.get(token, [])


def _unused_said_otherwise(table: Table, q: list[str]) -> list[str]:
    """Other words for the question's words that no row label of the table uses, when a row label uses them
    ("trade receivables" over "Trade debtors" and "Trade creditors": "debtors"): a word the table never says
    cannot name one of its rows, its other word can."""
    if not any(t in _ALSO_SAID for t in q):  # most questions say none: no row's words to read
        return []
    # a word a column's header says names that column ("the interest rate on the notes" over "Interest rate"),
    # no row said its own way ("Finance lease obligations")
    headed = {t for c in range(table.n_cols) for t in tokens(table.column_name(c))}
    q = [t for t in q if t not in headed]
    return _said_otherwise([set(row_words(table, r)) for r in range(table.header_rows, table.n_rows)], q)


def _unused_said_otherwise_in_headers(table: Table, q: list[str]) -> list[str]:
    """The same for the column headers: growth "at constant currency" over "Change at constant exchange rates"."""
    if not any(t in _ALSO_SAID for t in q):
        return []
    return _said_otherwise([set(tokens(table.column_name(c))) for c in range(table.n_cols)], q)


def _said_otherwise(labels: list[set[str]], q: list[str]) -> list[str]:
    said = set().union(*labels)
    found = [w for t in q if t not in said for w in _ALSO_SAID.get(t, ()) if w in said and w not in q]
    # the other words of the same phrase said that label's way: "interest expense" over "Finance costs" beside
    # "Administrative expenses" is "finance" and "cost", said together in one label
    substituted = set(found)
    together = [
        w
        for t in q
        if t in said
        for w in _ALSO_SAID.get(t, ())
        if w not in q and any(w in label and label & substituted for label in labels)
    ]
    return found + [w for w in together if w not in found]


# "how many X" asks "the number of X": a row named so ("Number of employees") is named by the question when no row
# is named otherwise (a column "Number" is as often an identifier: a locomotive's, a player's)
_HOW_MANY = re.compile(r"\bhow\s+many\b", re.IGNORECASE)
_NUMBER = tokens("number")


def best_tied(units: list[Scored]) -> list[Scored]:
    """The units (best first) whose score equals the best one's."""
    return [u for u in units if round(u.score, SCORE_DIGITS) == round(units[0].score, SCORE_DIGITS)] if units else []


def sole_best(units: list[Scored]) -> Scored | None:
    """The best-linked unit (row or column, best first) when no other equals its score; None when none or tied."""
    if not units:
        return None
    if len(units) > 1 and round(units[1].score, SCORE_DIGITS) == round(units[0].score, SCORE_DIGITS):
        return None
    return units[0]


def one_column(table: Table, cols: list[Scored], words: set[str]) -> Scored | None:
    """The one best-linked column: the best when no other equals its score; of tied ones, the one whose whole name
    the ``words`` hold ("team" names Team, not "Opposing team"), when only one does."""
    if not cols or sole_best(cols) is not None:
        return sole_best(cols)
    tied = best_tied(cols)
    whole = [c for c in tied if set(tokens(table.column_name(c.index))) <= words]
    return whole[0] if len(whole) == 1 else None


# the kind of a column said right after its name ("the Consumer Products segment", "the EMEA region"): it names the
# column, no row ("Segment assets")
_COLUMN_KIND = r"(?:segments?|divisions?|regions?|business(?:es)?|units?|markets?|countr(?:y|ies))"
_KIND_SAID = re.compile(rf"\b{_COLUMN_KIND}\b", re.IGNORECASE)


def _column_kind_spent(table: Table, question: str) -> str:
    """The question with the kind word after a column's whole own name left out (`_COLUMN_KIND`)."""
    if not _KIND_SAID.search(question):
        return question  # no kind word: the columns' names need not be read
    for c in range(1, table.n_cols):
        name = " ".join(table.column_chain(c)[-1:]).strip()
        if len(name) > 1 and not years_in(name):
            question = re.sub(rf"(?<!\w)({re.escape(name)})\s+{_COLUMN_KIND}\b", r"\1", question, flags=re.IGNORECASE)
    return question


_NOTE = re.compile(r"^\s*\(.*\)\s*$")  # a header cell wholly in parentheses: a note, no label


def _corner_note_spent(table: Table, rows: list[Scored]) -> list[Scored]:
    """The rows less those linked only by words of a note over the stub ("(number of stores)" over states and
    "Stores opened"): the note says what every amount counts, so "which state had the most stores" names no row."""
    note = table.column_name(0) if table.header_rows else ""
    if not rows or not _NOTE.match(note):
        return rows
    # what the note excepts names its own rows ("(in millions, except ARPU)": the ARPU row)
    said = set(tokens(re.split(r"\bexcept\b", note, flags=re.IGNORECASE)[0]))
    return [s for s in rows if not s.tokens <= said]


def _negation_unsaid(table: Table, question: str, rows: list[Scored]) -> list[Scored]:
    """The rows less those whose label negates a word the question says plainly ("Long-term debt, excluding
    current maturities" reads "noncurrent maturities"; "Non-GAAP net income"): "the current maturities of long-term
    debt" names the other row. All of them when every row negates it."""
    if len(rows) < 2:
        return rows
    said = set(tokens(question))
    negated = set(tokens(" ".join(f"non{w}" for w in re.findall(r"[^\W\d_]+", question)))) - said
    kept = [s for s in rows if not set(tokens(" ".join(table.row_chain(s.index)[-1:]))) & negated]
    return kept or rows


# a header level that only says a unit ("(in years)", "(%)", "($)"): it names no other thing the column holds
_UNIT_LEVEL = re.compile(r"^\s*\(\s*(?:in\s+)?[^()\s]+(?:\s+[^()\s]+)?\s*\)\s*$|^\s*[%$#€£¥]\s*$")


def _shared_label_column(table: Table, q: list[str], key_cols: set[int]) -> list[Scored]:
    """No column named apart, though the question says a level every value column's header shares ("Estimated
    Useful Life" read over "Fair value | (in years)"): the one column whose header adds nothing to that level but
    a unit is the one the level names; the other adds a thing of its own ("Fair value") the question does not say.
    Empty unless exactly one column is so."""
    values = [
        c
        for c in range(table.n_cols)
        if c not in key_cols
        and any(x.col == c and x.row >= table.header_rows and x.value is not None for x in table.cells)
    ]
    if len(values) < MIN_UNITS_SHARED:
        return []
    chains = {c: table.column_chain(c) for c in values}
    shared = set.intersection(*(set(tokens(" ".join(chains[c]))) for c in values)) & set(q)
    if not shared or any(is_year(t) or t.isdigit() for t in shared):
        return []
    bare = [
        c
        for c in values
        if all(set(tokens(level)) <= shared or _UNIT_LEVEL.match(level) for level in chains[c])
        and any(_UNIT_LEVEL.match(level) for level in chains[c])
    ]
    if len(bare) != 1:
        return []
    return [Scored(bare[0], 0.0, frozenset(shared), min(q.index(t) for t in shared))]


_COUNT_BEFORE = frozenset(tokens("top bottom"))  # "the top 2 drivers": a count of rows, no row's label "2"


def _counts_said(q: list[str]) -> set[str]:
    """The numbers the question says right after "top" or "bottom": how many rows, never a row."""
    return {t for prev, t in zip(q, q[1:], strict=False) if prev in _COUNT_BEFORE and t.isdigit()}


def link(table: Table, question: str, embedder: Any = None) -> Linked:
    question = margin_as_share(table, spell_out(table, _column_kind_spent(table, question)))
    q = tokens(question)
    counts = _counts_said(q)
    found, key_cols, tied = link_rows(table, question, q)
    found = _corner_note_spent(table, [s for s in found if not s.tokens <= counts])
    if not found and _HOW_MANY.search(question):
        found, key_cols, tied = link_rows(table, question, q + _NUMBER)
        found = [s for s in found if s.tokens - set(_NUMBER)]  # "number" alone names no row
    # no row named: every other word of the question's words; some named: those of words no row label uses
    # (not for the kind a "which X" asks: "which employee category" names no "Staff" row)
    if not found:
        found = _year_rows_named(table, question)
    if not found and threshold(question) is None and (keyed := _figure_keyed_rows(table, _spent(q, counts))):
        found, key_cols = keyed, key_cols | {0}
    if not found or all(s.tokens <= years_in(question) for s in found):  # months named by their year alone
        found = _quarter_of_month_rows(table, question) or _nth_quarter_row(table, question) or found
    key_cols = key_cols | _year_label_columns(table, found)
    asked = kind_spent(question, q)
    also = (
        [w for t in asked for w in _ALSO_SAID.get(t, ()) if w not in q]
        if not found
        else _unused_said_otherwise(table, asked)
    )
    whole_said = _whole_label_said_otherwise(table, asked, found) if found else None
    if whole_said is not None:
        also = [*also, *(w for w in whole_said[1] if w not in also)]
    if also:
        found, key_cols, tied = link_rows(table, question, q + also)
    if whole_said is not None and (first := next((s for s in found if s.index == whole_said[0]), None)):
        found = [first, *(s for s in found if s is not first)]
    found = _negation_unsaid(table, question, found)
    rows = _part_of_the_total(
        table,
        question,
        _all_is_the_total(
            table, question, _asked_year_rows(table, question, _period_rows_first(table, question, found))
        ),
        set(q),
    )
    rows = _longer_name_total(table, question, rows)
    rows = _amount_before_its_share(table, question, q, _subject_before_qualifier(table, q, rows))
    rows = _effective_rate_row(table, question, _part_said_beside_its_whole(table, question, rows))
    rows = _balance_row_first(table, question, _dated_row_first(table, question, rows))
    rows = _tie_decided(rows, lambda a, b: _base_decides(table, question, a, b))  # the item of a share, not its base
    rows = _tie_decided(rows, lambda a, b: _price_unasked(table, question, a, b))  # the quantity, not its price
    rows = _tie_decided(rows, lambda a, b: _qualifier_unsaid(table, question, a, b))  # the plain amount
    rows = _named_section_first(table, q, _movement_before_balance(table, question, rows))
    rows = _line_in_block(table, q, _year_in_block(table, question, rows))
    rows = _part_named_of_total(table, q, rows)
    rows = _grand_total_first(table, rows)
    rows = _kind_row_first(table, question, rows)
    # a period the question names decides a tie: it put another row first, or the first row is of that period
    rows_tied = (
        len(rows) >= 2
        and rows[0].index == found[0].index
        and {rows[0].index, rows[1].index} <= tied
        and not _period_decides(table, question, rows[0].index, rows[1].index)
        and not _end_decides(table, question, rows[0].index, rows[1].index)
        and not _base_decides(table, question, rows[0].index, rows[1].index)
        and not _price_unasked(table, question, rows[0].index, rows[1].index)
        and not _date_unasked(table, question, rows[1].index)
        and not _qualifier_unsaid(table, question, rows[0].index, rows[1].index)
        # "the total revenue from events and other": the part named, first, is no rival of the total it adds to
        and (
            whole_named(question) is not None
            or _named_part(table, rows[1], rows[:1], by_word=len(tied) == MIN_UNITS_SHARED) is None
        )
    )
    placed = _location_column_asked(table, question)  # "where are swaps recorded": that column is asked
    key_cols = key_cols - {placed} if placed is not None else key_cols
    full_q = _key_header_spent(table, rows, key_cols, q, question)
    col_q = _kind_header_spent(table, key_cols, full_q, question)
    linked_cols = _columns_linked(table, question, col_q, embedder)
    if col_q != full_q:  # the kind's words are spent on the columns of values only: the labels' column keeps them
        stub = [c for c in _columns_linked(table, question, full_q, embedder) if c.index == 0]
        linked_cols = sorted(
            [*stub, *(c for c in linked_cols if c.index != 0)], key=lambda s: (-round(s.score, SCORE_DIGITS), s.index)
        )
    cols = [c for c in linked_cols if c.index not in key_cols]
    if not cols and (said := _headers_said(table, key_cols, q)):  # no other column named: the attribute asked
        key_cols = key_cols - said
        cols = [c for c in linked_cols if c.index not in key_cols]
    cols = _duration_unit_unsaid(table, question, cols)
    also_cols = [w for t in asked for w in _ALSO_SAID.get(t, ()) if w not in q]
    if not cols and also_cols:  # a measure column the question names by another word ("headcount": "Employees")
        cols = [c for c in _columns_linked(table, question, col_q + also_cols, embedder) if c.index not in key_cols]
    elif cols and (said_otherwise := _unused_said_otherwise_in_headers(table, asked)):
        # the other word only adds to a column the question names already ("constant currency" over "Change at
        # constant exchange rates"); it names no column of its own ("remuneration" is no "Salary and fees")
        named = {c.index for c in cols if any(not years_in(t) for t in c.tokens)}  # by a word, not its year alone
        # or a level of its header the other word says whole ("foreign" for "Non-U.S.", not "remuneration" for
        # "Salary/fees")
        named |= {c.index for c in cols if _level_said_whole(table, c.index, set(said_otherwise))}
        boosted = {c.index: c for c in link_columns(table, question, q + said_otherwise, embedder) if c.index in named}
        cols = sorted((boosted.get(c.index, c) for c in cols), key=lambda s: (-round(s.score, SCORE_DIGITS), s.index))
    if not cols:
        cols = _shared_label_column(table, col_q, key_cols)
    cols = [c for c in period_constrained(table, question, cols, rows) if c.index not in key_cols]
    cols = _stated_figure_last(table, q, rows, _unit_column_last(table, question, cols))
    cols = _whole_header_first(
        table,
        _asked_before_of(table, rows, _head_word_first(_life_column_first(table, question, cols), q), question),
        q,
        kind_asked(question),
    )
    # "when" asks a date: of tied columns, the dates', though another's whole header is said ("options granted on
    # <date> expire" over "Granted | Expiry date")
    cols = _date_column_first(table, question, cols)
    cols = _row_words_unspent(
        table, question, rows, _opposite_unasked_last(table, q, _driver_first(table, question, cols))
    )
    rows = _row_named_apart(_word_names_the_column(table, question, rows, cols, q), cols)
    # the head noun said, or said otherwise ("turnover": "Net sales", not "Cost of sales")
    if rows_tied and (headed := _head_said(table, rows, set(q) | set(also))) is not None:
        rows_tied = False
        rows = [headed, *(s for s in rows if s is not headed)]
    if rows_tied and cols and len(rows) >= 2:
        # of two rows tied, one named only by words the best column says too ("What was EMEA revenue in 2018?" over
        # "Total revenue" and "Europe, Middle East and Africa (EMEA)" under "2018 / Amount | % of Revenue"): the
        # other, named by a word of its own
        apart = [s for s in rows[:2] if s.tokens - cols[0].tokens]
        if len(apart) == 1:
            rows_tied = False
            rows = [apart[0], *(s for s in rows if s is not apart[0])]
    cols = _stated_comparison_first(table, question, cols, key_cols)
    cols = _way_first(
        cols,
        {c.index: column_way(table, c.index) for c in cols},
        way_asked_of_columns(table, q, rows[0].index if rows else None),
    )
    rows, decided = _rows_way_first(table, q, rows, cols)
    rows_tied = rows_tied and not decided
    if placed is not None:
        first = Scored(placed, cols[0].score if cols else 1.0, frozenset(), 0)
        cols = [first, *(c for c in cols if c.index != placed)]
    elif not _WHERE.search(question):  # "what was the gain on swaps in 2022" asks no "Location of Gain (Loss)"
        places = [c for c in cols if _location_column(table, c.index)]
        cols = [*(c for c in cols if c not in places), *places]
    return Linked(rows, cols, key_cols, q, whole_named(question), rows_tied, kind_asked(question))


# "where on the balance sheet are swaps recorded", "in which line item are they reported": a place is asked
_WHERE = re.compile(
    r"^\s*where\b|\b(?:in|on|under)\s+(?:which|what)\s+(?:balance\s+sheet\s+|financial\s+statement\s+)?"
    r"(?:line|line\s+item|location|caption|account)\b",
    re.IGNORECASE,
)
# a column saying where each row's amount sits: "Balance Sheet Location", "Classification", "Line item"
_LOCATION_HEADER = re.compile(r"\b(?:location|classification|line\s+item|caption)\b", re.IGNORECASE)


def _location_column_asked(table: Table, question: str) -> int | None:
    """The one column of text, past the labels column, whose header says where each row's amount sits ("Balance
    Sheet Location"), when the question asks where: the answer's column, never a key of the rows (its cells,
    "Other assets", share words with the question). None otherwise."""
    if not _WHERE.search(question):
        return None
    found = [c for c in range(1, table.n_cols) if _location_column(table, c)]
    return found[0] if len(found) == 1 else None


def _location_column(table: Table, col: int) -> bool:
    """A column of text past the labels column whose header says where each row's amount sits."""
    return (
        col > 0
        and _LOCATION_HEADER.search(table.column_name(col)) is not None
        and not any(x.value is not None for x in table.cells if x.col == col and x.row >= table.header_rows)
    )


def _stated_comparison_first(table: Table, question: str, cols: list[Scored], key_cols: set[int]) -> list[Scored]:
    """A figure compared against a basis a column holds ("the variance against budget", "by how much did revenue
    beat budget" over "Actual | Budget | Variance | Variance %"): the columns that state the comparison first, the
    best-linked of them first, and no column named by the basis alone (one side of the comparison)."""
    basis = basis_said(question)
    if basis is None:
        return cols
    words = set(tokens(basis))
    valued = {c.col for c in table.cells if c.value is not None and c.row >= table.header_rows}
    stated = [
        c for c in range(table.n_cols) if c in valued and c not in key_cols and states_comparison(table.column_name(c))
    ]
    if not stated or not any(c.tokens & words for c in cols):
        return cols
    linked = {c.index: c for c in cols}
    first = sorted((linked.get(c, Scored(c, 0.0, frozenset(), len(question))) for c in stated), key=lambda s: -s.score)
    return [*first, *(c for c in cols if c.index not in stated and not c.tokens <= words)]


def column_way(table: Table, col: int) -> Way | None:
    """The way of the scenario a column's header says ("Increase", "-0.5%", "Decrease in assumption"), if one."""
    return way_of(tokens(table.column_name(col)))


def way_asked_of_columns(table: Table, q: list[str], row: int | None) -> Way | None:
    """The way of a scenario the question (link tokens ``q``) asks of the columns: its words less those the
    ``row``'s own name spends ("a decrease in the pension increase assumption" over "Pension increase")."""
    return way_left(q, row_words(table, row).elements() if row is not None else ())


def _way_first(units: list[Scored], ways: dict[int, Way | None], asked: Way | None) -> list[Scored]:
    """Of the units tied on the best score, scenarios of both ways, the first of the way asked goes first."""
    tied = best_tied(units)
    if asked is None or len({ways.get(u.index) for u in tied} - {None}) < 2:
        return units
    first = next(u for u in tied if ways.get(u.index) == asked)
    return [first, *(u for u in units if u is not first)]


def _rows_way_first(table: Table, q: list[str], rows: list[Scored], cols: list[Scored]) -> tuple[list[Scored], bool]:
    """Rows tied on their words whose scenario cells differ in way ("Discount rate | 25 basis point decrease" and
    "Discount rate | 25 basis point increase"): the one of the way the question says goes first; True when the way
    told them apart."""
    tied = best_tied(rows)
    if len(tied) < 2:
        return rows, False
    grid = filled_grid(table)
    ways = {s.index: first_way(tokens(text) for text in grid[s.index]) for s in tied}
    asked = way_left(q, tokens(table.column_name(cols[0].index)) if cols else ())
    ordered = _way_first(rows, ways, asked)
    return ordered, sum(ways[s.index] == asked for s in tied) == 1 and ordered is not rows


# words that say which figure of a measure is meant and head columns of their own ("Average Balance", "Operating
# profit"): said right before another column's word they qualify it ("average yield", "operating margin"); a verb
# after a noun does not ("shares granted")
_MODIFIERS = frozenset(tokens("average mean median weighted total operating gross net adjusted underlying"))


# the words after which a label says what its head noun is of, from or for ("Cost of sales", "Income from
# operations", "Net income per share"): the head comes before them
_HEAD_ENDS = re.compile(r"\s(?:of|from|for|in|on|to|by|per|at|under|with|without|excluding|including)\s", re.IGNORECASE)


_BRACKETED = re.compile(r"\([^)]*\)")  # what a label says in brackets: a note, no word of its name


def _label_head(label: str) -> str | None:
    """The head noun of a row label as a link token: the last word before its first "of", "from", "for"...
    ("Cost of sales": "cost"; "Net sales": "sale"), parentheses left out."""
    words = tokens(_HEAD_ENDS.split(_BRACKETED.sub(" ", f" {label} "), maxsplit=1)[0])
    return words[-1] if words else None


def _head_said(table: Table, rows: list[Scored], q: set[str]) -> Scored | None:
    """Of the rows tied on the same words of the question, the one whose label's head noun the question says
    ("sales" is "Net sales", not "Cost of sales", whose head is the cost): None unless exactly one."""
    tied = best_tied(rows)
    if len({s.tokens for s in tied}) != 1:  # each named by a word of its own: the question says not which
        return None
    headed = [s for s in tied if (chain := table.row_chain(s.index)) and _label_head(chain[-1]) in q]
    return headed[0] if len(headed) == 1 and len(tied) > 1 else None


def _own_words(top: list[Scored]) -> dict[int, frozenset[str]]:
    """Each of the tied units (by index) with the words that named it and no other of them."""
    return {c.index: c.tokens - frozenset().union(*(d.tokens for d in top if d is not c)) for c in top}


def _head_word_first(cols: list[Scored], q: list[str]) -> list[Scored]:
    """Of the columns equal on the best score, each named by one word of its own, the one whose word is said right
    after another's modifier (`_MODIFIERS`) and before none: the noun the modifier goes with ("the average yield"
    over "Average Balance | Interest | Yield/Rate" asks the yield)."""
    top = best_tied(cols)
    if len(top) < 2:
        return cols
    own = _own_words(top)
    if any(len(w) != 1 for w in own.values()):
        return cols
    word = {c.index: next(iter(own[c.index])) for c in top}
    pairs = {(q[i], q[i + 1]) for i in range(len(q) - 1)}
    heads = [
        c
        for c in top
        if any((word[d.index], word[c.index]) in pairs and word[d.index] in _MODIFIERS for d in top if d is not c)
        and not any((word[c.index], word[d.index]) in pairs for d in top if d is not c)
    ]
    if len(heads) != 1 or heads[0] is cols[0]:
        return cols
    return [heads[0], *[c for c in cols if c is not heads[0]]]


_HOW_MANY_NOUN = re.compile(r"\bhow\s+many\s+([^\W\d_][\w'-]*)", re.IGNORECASE)  # the noun counted is the one asked


def _asked_before_of(table: Table, rows: list[Scored], cols: list[Scored], question: str) -> list[Scored]:
    """Of the columns equal on the best score, each named by words of its own, the one whose words the question
    says before the words after its first "of", "in", "for"... that follow them, which say what the asked noun is of
    ("the ADR of the Hyatt Place hotels" over "Hotels | Rooms | ADR" asks the ADR; "how many rooms are in the
    Orlando hotels", the rooms); the noun after "how many" first ("how many rooms do the Orlando hotels have")."""
    top = best_tied(cols)
    if len(top) < 2:
        return cols
    own = _own_words(top)
    if not all(own.values()):
        return cols
    # a word of the row's own label, or "total", names the row as much as a column ("total assets of the Healthcare
    # segment": the Total assets row, not a Total column)
    row_said = set(row_words(table, rows[0].index)) if rows else set()
    if any(w & (row_said | TOTAL_TOKENS) or any(is_year(t) for t in w) for w in own.values()):
        return cols  # nor is a year a noun asked: a period named is decided by itself
    counted = _HOW_MANY_NOUN.search(question)
    heads = [c for c in top if counted is not None and own[c.index] <= set(tokens(counted.group(1)))]
    if not heads:
        parts = [set(tokens(part)) for part in _HEAD_ENDS.split(f" {question} ")]
        where = {i: next((k for k, part in enumerate(parts) if w <= part), None) for i, w in own.items()}
        if None in where.values():
            return cols
        first = min(v for v in where.values() if v is not None)
        heads = [c for c in top if where[c.index] == first]
    if len(heads) != 1 or heads[0] is cols[0]:
        return cols
    return [heads[0], *[c for c in cols if c is not heads[0]]]


def _whole_header_first(table: Table, cols: list[Scored], q: list[str], kind: frozenset[str]) -> list[Scored]:
    """Of the columns equal on the best score, the one a "which X" names by a word of its kind ("which mountain ...
    has an isolation of 78 miles" over "Mountain Peak | Isolation": the peak is the answer), else the one whose
    whole header the question says when every other one holds a word it does not ("total contractual obligations"
    over "Purchase obligations | Total": the Total). Not among columns of different years: a period named decides
    by itself."""
    top = best_tied(cols)
    if len(top) < 2 or len({frozenset(t for t in c.tokens if is_year(t)) for c in top}) > 1:
        return cols
    of_kind = [c for c in top if kind & c.tokens]
    whole = [found] if (found := one_column(table, top, set(q))) is not None else []
    first = of_kind if len(of_kind) == 1 else whole if not of_kind or len(of_kind) == len(top) else []
    if len(first) != 1 or first[0] is cols[0]:
        return cols
    return [first[0], *[c for c in cols if c is not first[0]]]


# "in what unit", "what unit is X measured in": the question asks a row's unit, which a "Unit" column gives
_UNIT_ASKED = re.compile(
    r"\bunits?\s+(?:of\s+measure|is|are|was|were|does|do)\b|\bwhat\s+units?\b|\bmeasured\s+in\b", re.I
)


def _unit_column_last(table: Table, question: str, cols: list[Scored]) -> list[Scored]:
    """A column that gives each row's unit ("Unit": "cents", "million") after the columns of amounts, unless the
    question asks for the unit: "unit cost in 2023" asks the 2023 amount, its "unit" names no column."""
    if len(cols) < 2 or _UNIT_ASKED.search(question) or not unit_column(table, cols[0].index):
        return cols
    return [c for c in cols if not unit_column(table, c.index)] + [c for c in cols if unit_column(table, c.index)]


# a column of what was planned, not what happened ("Target 2024", "Budget", "Forecast", "Guidance"): its cell
# answers only a question that says so (`pick.tied_columns`)
PLANNED = re.compile(
    r"\b(targets?|budget(?:ed)?|plan(?:ned)?|forecasts?|guidance|outlook|projected|estimated?|goals?|ambition)\b", re.I
)


# "over what period is X depreciated", "how long is X amortised", "over how many years": a length of time asked,
# which a column of lives or terms gives ("Estimated Useful Life", "Amortization period", "Term")
_LENGTH_ASKED = re.compile(
    r"\bover\s+(?:what|which|how\s+many)\s+(?:period|term|years|life)\b|\bhow\s+long\b", re.IGNORECASE
)
LIFE_STEP = 1.0  # the life column asked for goes ahead of the best-linked column by a word's worth
_LIFE_HEADER = re.compile(
    r"\b(?:useful\s+)?(?:life|lives)\b|\b(?:amorti[sz]ation|depreciation)\s+(?:period|rate)s?\b|\bannual\s+rates?\b",
    re.I,
)


# what drives a measure, said before it: "the currency effect on sales growth", "how much did M&A contribute to
# growth", "how much did exchange rates affect marketing"
_DRIVER = re.compile(
    r"^(?P<a>.{2,60}?)\s+(?:effects?|impacts?|contributions?)\s+(?:on|to)\b"
    r"|\bdid\s+(?P<b>.{2,40}?)\s+(?:contribute\s+to|add\s+to|affect|impact)\b",
    re.IGNORECASE,
)
DRIVER_STEP = 1.0  # the driver's column goes ahead of the measure's by a word's worth


_EFFECT_WORDS = frozenset(tokens("effect impact contribution"))


def _driver_first(table: Table, question: str, cols: list[Scored]) -> list[Scored]:
    """The one column named by what the question says drives the measure first, ahead of the measure's own column
    ("Total sales growth"): of the linked columns, the one every word of whose link is the driver's ("Currency" for
    "the currency effect on the group's sales growth"); else of all columns, the one whose header says nothing but
    the driver, in its words or others of the same meaning, and the effect ("FX" under "% change" for "the currency
    impact on sales")."""
    m = _DRIVER.search(question)
    if m is None:
        return cols
    driver = set(tokens(m.group("a") or m.group("b")))
    named = [c for c in cols if c.tokens & driver and c.tokens <= driver | _EFFECT_WORDS]
    most = max((len(c.tokens & driver) for c in named), default=0)
    named = [c for c in named if len(c.tokens & driver) == most]  # "Foreign Currency Impact" over "Constant Currency"
    if not named:
        meaning = driver | {w for t in driver for w in _ALSO_SAID.get(t, ())}
        heads = {c: set(tokens(" ".join(table.column_chain(c)[-1:]))) for c in range(1, table.n_cols)}  # own level
        found = [c for c, words in heads.items() if words & meaning and words <= meaning | _EFFECT_WORDS]
        named = [Scored(found[0], 0.0, frozenset(heads[found[0]] & meaning), 0)] if len(found) == 1 else []
    if len(named) != 1 or (cols and named[0].index == cols[0].index):
        return cols
    top = max((c.score for c in cols), default=0.0)
    return [
        Scored(named[0].index, top + DRIVER_STEP, named[0].tokens, 0),
        *(c for c in cols if c.index != named[0].index),
    ]


def _life_column_first(table: Table, question: str, cols: list[Scored]) -> list[Scored]:
    """The one column of lives ("Estimated Useful Life") first, at the best link's score, when the question asks
    over what period: "over what period is computer software depreciated" over "Depreciation Method | Estimated
    Useful Life" is the life, not the method its verb names."""
    if not _LENGTH_ASKED.search(question):
        return cols
    lives = [c for c in range(table.n_cols) if _LIFE_HEADER.search(table.column_name(c))]
    if len(lives) > 1:  # a label over two columns ("Estimated Useful Life" over "Fair value | (in years)"): the one
        lives = [c for c in lives if _DURATION_UNIT.search(table.column_name(c))] or lives  # counting years
    if len(lives) != 1:
        return cols
    top = max((c.score for c in cols), default=0.0)
    return [Scored(lives[0], top + LIFE_STEP, frozenset(), 0), *(c for c in cols if c.index != lives[0])]


# a header's unit of duration, in brackets: "Remaining Contractual Term (years)", "Weighted-average life (in years)"
_DURATION_UNIT = re.compile(r"\((?:in\s+)?(?:years?|months?|yrs?)\)", re.IGNORECASE)
# a duration asked: "how many years", "in years", "how long", "over what period", "the remaining term"
_DURATION_ASKED = re.compile(r"\b(?:how\s+many|in|of|number\s+of)\s+(?:years|months)\b|\bterm\b|\blife\b", re.I)
_DURATION_WORDS = frozenset(tokens("year month"))


def asks_duration(question: str) -> bool:
    """The question asks a length of time ("how many years", "how long", "the remaining term")."""
    return bool(_LENGTH_ASKED.search(question) or _DURATION_ASKED.search(question))


def lasts(table: Table, col: int) -> bool:
    """The column holds lengths of time: its header says a unit of duration, a term or a life."""
    name = table.column_name(col)
    return bool(_DURATION_UNIT.search(name) or _LIFE_HEADER.search(name) or re.search(r"\bterms?\b", name, re.I))


def _duration_unit_unsaid(table: Table, question: str, cols: list[Scored]) -> list[Scored]:
    """Columns linked only by "year" or "month" that their header says as a unit of duration ("Remaining
    Contractual Term (years)") are dropped when the question asks no duration: "the year" of "outstanding at the
    end of the year" is a point in time, not that column."""
    if asks_duration(question):
        return cols
    return [c for c in cols if not (c.tokens <= _DURATION_WORDS and _DURATION_UNIT.search(table.column_name(c.index)))]


# "when does X expire", "on what date was X granted": the answer is a date
_WHEN = re.compile(r"^\W*when\b|\b(?:what|which)\s+date\b", re.IGNORECASE)


def _date_column_first(table: Table, question: str, cols: list[Scored]) -> list[Scored]:
    """Of the columns tied on the best link, the ones of dates first when the question asks when: "when do the
    August 2019 options expire" over "Options Outstanding | ... | Expiration Date" is the expiry's date."""
    if len(cols) < 2 or not _WHEN.search(question):
        return cols
    best = round(cols[0].score, SCORE_DIGITS)
    tied = [c for c in cols if round(c.score, SCORE_DIGITS) == best]
    dated = [c for c in tied if date_column(table, c.index)]
    if not dated or len(dated) == len(tied):
        return cols
    return dated + [c for c in cols if c not in dated]


# header words of a pair that exclude each other: a "Gross Carrying Amount" column is no "net carrying amount", a
# "Diluted" column no "basic" figure (stems, as `tokens` gives them)
_OPPOSITE_WORDS = {"gross": "net", "net": "gross", "basic": "dilut", "dilut": "basic"}


def _opposite_unasked_last(table: Table, q: list[str], cols: list[Scored]) -> list[Scored]:
    """The best column's header says the opposite of a word the question asks ("Gross Carrying Amount" for "the
    net carrying amount of patents", the question saying no "gross"): the next column whose header says the word
    asked, of the same years, goes first ("December 31, 2018 / Net" over "December 31, 2018 / Gross Carrying
    Amount | Accumulated Amortization | Net")."""
    said = set(q)
    asked = {w for w, other in _OPPOSITE_WORDS.items() if w in said and other not in said}
    if len(cols) < 2 or not asked:
        return cols
    first = set(tokens(table.column_name(cols[0].index)))
    against = {w for w in asked if _OPPOSITE_WORDS[w] in first and w not in first}
    years = {t for t in cols[0].tokens if t.isdigit()}
    for c in cols[1:]:
        words = set(tokens(table.column_name(c.index)))
        if against and against <= words and not {_OPPOSITE_WORDS[w] for w in against} & words and years <= c.tokens:
            return [c, *(d for d in cols if d is not c)]
    return cols


_FIGURE_PERCENT = re.compile(r"\d+(?:\.\d+)?\s*%")  # a rate a label states ("tax rate of 30%"), not a column of shares


def stated_rates(text: str) -> set[str]:
    """The rates a text states as figures ("30%", "2.5 %" as "2.5%")."""
    return {m.group().replace(" ", "") for m in _FIGURE_PERCENT.finditer(text)}


def stated_rates_left_out(text: str, rates: set[str]) -> str:
    """``text`` with each of ``rates`` it states blanked out."""
    return _FIGURE_PERCENT.sub(lambda m: " " if m.group().replace(" ", "") in rates else m.group(), text)


def _row_words_unspent(table: Table, question: str, rows: list[Scored], cols: list[Scored]) -> list[Scored]:
    """The best column linked (besides its years) only by words of the best row's label, said whole in the
    question, goes after a column of the same years linked by a word of its own or by its years alone: "the
    deferred tax liability on intangible assets in 2019" over "Assets | Liabilities | Net" (each over "2020 |
    2019") is the Liabilities column of the "Intangible assets" row, "assets" being the row's word; "the tax at
    the Australian tax rate of 30% in 2020" over "2020 / Amount | 2020 / %" is the amount, "30%" being the row's
    rate. A "%" is the row's only where the label states the same rate."""
    if len(cols) < 2 or not rows or not label_said_whole(table, rows[0].index, question):
        return cols
    if rule_route(question).kind is not RouteKind.LOOKUP:  # "the average shares vested": the mean, no column's word
        return cols
    text = table.row_chain(rows[0].index)[-1]
    label = set(tokens(text))
    if not stated_rates(text) & stated_rates(question):
        label -= set(tokens("%"))
    label -= TOTAL_TOKENS | _QUALIFIER_TOKENS  # "Total" names the sum of any column: no word of the row's own

    def words(c: Scored) -> set[str]:
        return {t for t in c.tokens if not t.isdigit()}

    first = cols[0]
    if not words(first) or not words(first) <= label:
        return cols
    years = first.tokens - words(first)
    other = next((c for c in cols[1:] if years <= c.tokens and not words(c) & label), None)
    if other is None:
        return cols
    return [other, *(c for c in cols if c is not other)]


def _level_said_whole(table: Table, col: int, words: set[str]) -> bool:
    """A level of the column's header (no year) whose every word is one of ``words``."""
    return any((said := set(tokens(level))) and said <= words for level in table.column_chain(col))


_PERCENT_TOKENS = frozenset(tokens("percent"))
_SHARE_WORDS = re.compile(r"\b(share|proportion|portion|ratio)\b", re.IGNORECASE)


# "how much did state taxes add to the effective rate", "the impact of currency on operating profit", "how much
# imputed interest was deducted from total lease payments": what follows "to" / "on" / "from" names the whole a part
# moved, the words before it the part
_EFFECT_ON = re.compile(
    r"\b(?:(?:add(?:ed|s)?|contribut(?:e|ed|es)|(?:impact|effect)(?:\s+of\s+[^?]+?)?)\s+(?:to|on)"
    r"|(?:deduct(?:ed|s)?|subtract(?:ed|s)?)\s+from)\s+(?:the\s+)?(?P<whole>[^?]+)",
    re.IGNORECASE,
)


# "how much of the capital lease payments represented interest": the words after "of" name the whole, those after
# the verb the part asked
_OF_WHOLE = re.compile(
    r"\bhow\s+much\s+of\s+(?:the\s+|its\s+|their\s+)?(?P<whole>[^?]+?)\s+"
    r"(?:represent(?:s|ed)?|related?\s+to|relates\s+to|c(?:a|o)me\s+from|consisted\s+of)\b",
    re.IGNORECASE,
)


def _part_said_beside_its_whole(table: Table, question: str, rows: list[Scored]) -> list[Scored]:
    """The row named by the most words outside the whole a part is said to move ("state taxes" before "add to the
    effective rate": "State income taxes, net of federal benefit", not the "Effective tax rate" row), first; unless
    the row is named as the effect on that whole ("Effect on postretirement benefit obligation" of a sensitivity
    table, whose columns are the moves)."""
    m = _EFFECT_ON.search(question) or _OF_WHOLE.search(question)
    if m is None or len(rows) < 2 or _EFFECT_ON.search(" ".join(table.row_chain(rows[0].index))):
        return rows
    whole = set(tokens(m.group("whole")))
    if not rows[0].tokens & whole:
        return rows
    best = max(rows, key=lambda s: len(s.tokens - whole))
    if len(best.tokens - whole) <= len(rows[0].tokens - whole):
        return rows
    return [Scored(best.index, rows[0].score, best.tokens, best.position), *(s for s in rows if s is not best)]


def _amount_before_its_share(table: Table, question: str, q: list[str], rows: list[Scored]) -> list[Scored]:
    """ "The APAC revenue in 2019" over "APAC | 2,000" and its sub-row "APAC / % of total revenue | 20%": the
    share row holds more of the words ("revenue"), but no share is asked, so the item's own row comes first."""
    if not rows or _PERCENT_TOKENS & set(q) or _SHARE_WORDS.search(question):
        return rows
    chain = table.row_chain(rows[0].index)
    if not chain or not _PERCENT_TOKENS & set(tokens(chain[-1])):
        return rows
    if len(chain) < 2:  # "E-commerce as a % of total net sales" beside the "E-commerce" row: the item's row
        own = plain_words(chain[-1])
        item = next(
            (
                s
                for s in rows[1:]
                if (label := plain_words(" ".join(table.row_chain(s.index)[-1:]))) and own.startswith(f"{label} ")
            ),
            None,
        )
    else:
        item = next((s for s in rows[1:] if table.row_chain(s.index) == chain[:-1]), None)
    if item is None:
        whole = _base_asked(table, q, chain[-1])
        if whole is None:
            return rows
        return [Scored(whole, rows[0].score, rows[0].tokens, rows[0].position), *rows]
    return [Scored(item.index, rows[0].score, item.tokens, item.position), *(s for s in rows if s is not item)]


# the base a share row states its share of ("Subscription as a percentage of total revenue": "total revenue")
_SHARE_LABEL_BASE = re.compile(r"\b(?:percentage|percent|%|share|proportion)\s+of\s+(?P<base>.+)$", re.IGNORECASE)


def _base_asked(table: Table, q: list[str], label: str) -> int | None:
    """The question names only the base a share row is of ("the total revenue in fiscal 2020" over "Subscription as
    a percentage of total revenue" under the products and their unlabelled total line): the base is asked, which
    is the table's total line that sums the rows above it (no label, or "Total" alone); None unless exactly one."""
    m = _SHARE_LABEL_BASE.search(" ".join(label.split()))
    if m is None:
        return None
    headed = {t for c in range(table.n_cols) for t in tokens(table.column_name(c))}  # the words naming columns
    said = {t for t in q if not is_year(t)} - headed
    if not said or not said <= set(tokens(m.group("base"))):
        return None
    valued = {c.row for c in table.cells if c.value is not None and c.row >= table.header_rows}
    # a line with no label of its own: none, or the "Total" a reader names an unlabelled sum by
    sums = [
        r
        for r in sorted(valued)
        if set(tokens(" ".join(table.row_chain(r)))) <= TOTAL_TOKENS and summed_parts(table, r)
    ]
    return sums[0] if len(sums) == 1 else None


# the effective tax rate asked ("the effective tax rate", "the effective income tax rate")
_EFFECTIVE_RATE = re.compile(r"\beffective\s+(?:income\s+)?tax\s+rate\b", re.IGNORECASE)
# an item's effect on a rate ("the impact of state taxes on the effective tax rate", "the stock-based compensation
# impact on the rate", "the percentage impact of overseas tax rates"): the item's share of the rate is asked, the
# rate itself is what it is said of
RATE_EFFECT = re.compile(
    r"\b(?:impact|effect|affect\w*|contribut\w*)\b[^?]*?\b(?:on|to)\s+(?:the\s+)?(?:company'?s\s+|group'?s\s+)?"
    r"(?:effective\s+)?(?:income\s+)?(?:tax\s+)?rate\b|\bpercentage\s+(?:impact|effect)\b"
    # a move said by its verb, the rate its object ("what percentage did research credits reduce the effective tax
    # rate", "by what percentage did state taxes raise the rate"; "the increase in the rate" is the rate's own change)
    r"|\b(?:reduc|lower|decreas|increas|rais)\w*\s+(?:the\s+)?(?:company'?s\s+|group'?s\s+)?"
    r"(?:effective\s+)?(?:income\s+)?(?:tax\s+)?rate\b",
    re.IGNORECASE,
)
_TAX_TOKENS = frozenset(tokens("tax taxes taxation"))


def _effective_rate_row(table: Table, question: str, rows: list[Scored]) -> list[Scored]:
    """ "The effective tax rate" over a rate reconciliation that names no such row ("Tax at the statutory rate of
    19% | ... | Total tax charge | 95.3 | 23.1"): the rate of the tax the reconciliation ends in, its last row of
    values naming tax, first (the statutory rate it starts from is no effective rate)."""
    if not _EFFECTIVE_RATE.search(question) or not rows or RATE_EFFECT.search(question):
        return rows
    labels = [" ".join(table.row_chain(r)) for r in range(table.header_rows, table.n_rows)]
    if any(re.search(r"\beffective\b", text, re.IGNORECASE) for text in labels):
        return rows  # the table states it: the words link it
    valued = _valued_rows(table)
    last = next(
        (
            r
            for r in range(table.n_rows - 1, table.header_rows - 1, -1)
            if r in valued and _TAX_TOKENS & set(row_words(table, r))
        ),
        None,
    )
    if last is None or last == rows[0].index or not any(c.row == last and c.unit == "%" for c in table.cells):
        return rows  # no rate stated beside the tax it ends in
    found = next((s for s in rows if s.index == last), Scored(last, rows[0].score, frozenset(), rows[0].position))
    # named by the words that named the best row: the rate asked, which a ranking of its cells keeps as its operand
    named = found.tokens | rows[0].tokens
    return [Scored(last, rows[0].score, named, found.position), *(s for s in rows if s.index != last)]


# words after which the question qualifies what it asks ("the net exposure after forward exchange contracts")
_QUALIFYING = frozenset(tokens("after before excluding including"))
_TIME_UNITS = frozenset(tokens("year years month months week weeks day days"))
SPAN_WORDS = 4  # "after more than five years": the words after "after" that may say a span of time


def _span_of_time(after: list[str]) -> bool:
    """The words after "after" or "before" say a span of time or a date ("due after more than five years", "after
    2024"): when something falls due, no qualifier of what is asked."""
    return any(t in _TIME_UNITS or t.isdigit() for t in after)


def _subject_before_qualifier(table: Table, q: list[str], rows: list[Scored]) -> list[Scored]:
    """A row the question names whole before a qualifying word ("after", "before", "excluding", "including") ahead
    of a row named only by the words after it: "the largest net exposure after forward exchange contracts" asks the
    "Net exposure" row; "Forward exchange contracts" says how it was reached."""
    cut = next(
        (i for i, t in enumerate(q) if t in _QUALIFYING and not _span_of_time(q[i + 1 : i + 1 + SPAN_WORDS])), None
    )
    if cut is None or len(rows) < 2:
        return rows

    def before(unit: Scored) -> bool:
        return any(q.index(t) < cut for t in unit.tokens if t in q)

    if before(rows[0]):
        return rows
    subject = next(
        (
            s
            for s in rows[1:]
            if s.tokens
            and all(q.index(t) < cut for t in s.tokens if t in q)
            and len(words := _label_words(table, s.index)) >= MIN_PHRASE_RUN
            and words <= set(q[:cut])
        ),
        None,
    )
    return rows if subject is None else [subject, *(s for s in rows if s is not subject)]


# "for all countries", "the total income tax": the rows the words after it name together, which a total row sums
_ALL_OF = re.compile(r"\b(?:(all|every|each\s+of\s+the)|(total|overall|combined))\s+(?:the\s+)?", re.IGNORECASE)


def _label_words(table: Table, row: int) -> set[str]:
    """The link tokens of a body row's own label (its chain's last level)."""
    return set(tokens(" ".join(table.row_chain(row)[-1:])))


def _words_unbracketed(text: str) -> set[str]:
    """The link tokens of a label with what brackets hold left out ("Expected term (in years)" is "expected term")."""
    return set(tokens(_BRACKETED.sub(" ", text)))


def _label_words_unbracketed(table: Table, row: int) -> set[str]:
    """`_label_words` with what brackets hold left out (`_words_unbracketed`)."""
    return _words_unbracketed(" ".join(table.row_chain(row)[-1:]))


def _all_is_the_total(table: Table, question: str, rows: list[Scored]) -> list[Scored]:
    """Rows tied on nothing but the words a question says "all" or "total" of ("the difference ... due for all
    countries" over "Country risk: Low / Medium / High", "the total income tax" over "Federal income tax", "State
    income tax" and an unlabelled row of sums): the total row that sums them is meant, first. After "all" the
    table's last total row serves when no sum is read; after "total" only a row whose parts are the tied rows.
    Unchanged when the tied rows were linked by other words too, or no total row fits."""
    m = _ALL_OF.search(question)
    if m is None or len(rows) < MIN_UNITS_SHARED:
        return rows
    after = set(tokens(question[m.end() :]))
    tied = [s for s in rows if s.score == rows[0].score]
    if len(tied) < MIN_UNITS_SHARED or any(not s.tokens <= after for s in tied):
        return rows
    totals = [r for r in range(table.header_rows, table.n_rows) if TOTAL_TOKENS & _label_words(table, r)]
    if m.group(1):  # "all": a row that sums the tied rows, else the table's last total
        chosen = [r for r in totals if {s.index for s in tied} <= set(summed_parts(table, r))] or totals
    else:  # "total": only a row that sums exactly the tied rows (a net total of assets and liabilities is no
        # "total assets"), and never the whole of a share ("as a percentage of the total cost of revenue")
        exact = [r for r in totals if {s.index for s in tied} == set(summed_parts(table, r))]
        chosen = [] if whole_named(question) else exact
    if not chosen:
        return rows
    first = Scored(chosen[-1], rows[0].score, tied[0].tokens, rows[0].position)
    return [first, *(s for s in rows if s.index != chosen[-1])]


def _longer_name_total(table: Table, question: str, rows: list[Scored]) -> list[Scored]:
    """ "The total property, plant and equipment" over "Freehold land | Buildings | Plant and equipment | ... |
    Total": the best row's label, said whole, ends a longer name that "total" opens, its first words listed before
    it with a comma and named by no row ("property,"): the name is the table's whole, the total row that sums the
    best row answers, first. "The total revenue from services" names the services row ("from" lists nothing)."""
    if not rows:
        return rows
    label = " ".join(_words_unbracketed_text(table.row_chain(rows[0].index)[-1:]))
    flat = " ".join(question.lower().split())
    at = flat.find(f" {label}") if label else -1
    m = _OPENS_LONGER_NAME.search(flat[: at + 1]) if at > 0 else None
    if m is None or set(tokens(m.group(1))) & set().union(*(_label_words(table, r) for r in _valued_rows(table))):
        return rows
    totals = [
        r
        for r in range(table.header_rows, table.n_rows)
        if (TOTAL_TOKENS & _label_words(table, r) or r == _grand_total_row(table))
        and rows[0].index in summed_parts(table, r)
    ]
    if not totals:
        return rows
    first = Scored(totals[-1], rows[0].score, rows[0].tokens, rows[0].position)
    return [first, *(s for s in rows if s.index != totals[-1])]


# "total" and a name's first words listed with a comma, right before a label that ends the name ("total property, ")
_OPENS_LONGER_NAME = re.compile(r"\btotal\s+((?:[a-z][\w'-]*\s+)?[a-z][\w'-]*)\s*,\s*$")


def _words_unbracketed_text(chain: list[str]) -> list[str]:
    """The lower-case words of a label outside brackets and footnote marks, as written."""
    text = _BRACKETED.sub(" ", " ".join(chain)).lower()
    return re.findall(r"[a-z0-9][\w'-]*", text)


def _part_of_the_total(table: Table, question: str, rows: list[Scored], said: set[str]) -> list[Scored]:
    """ "The stock-based compensation expense for research and development" over "Research and development" and
    "Total stock-based compensation expense" (or "the foreign income before taxes" over "United States", "Foreign"
    and the "Income before income taxes" they sum to): the total's words say what the parts are amounts of, the
    part's whole own label says which one; the part, first. Only a row the total sums, named by words none of the
    total's; never
    in a share, which names a part and its whole ("products as a percentage of the total cost of revenue"). The part
    is named by words the question ``said``, not by other words for them ("the total headcount" is no "Staff")."""
    if len(rows) < MIN_UNITS_SHARED or whole_named(question):
        return rows
    part = _named_part(table, rows[0], [x for x in rows[1:] if x.tokens <= said])
    if part is None:  # of the rows tied with the total, a part named by a word no other of them says
        top = round(rows[0].score, SCORE_DIGITS)
        tied = [x for x in rows[1:] if x.tokens <= said and round(x.score, SCORE_DIGITS) == top]
        if len(tied) == 1:
            part = _named_part(table, rows[0], tied, by_word=True)
    if part is None:
        return rows
    return [Scored(part.index, rows[0].score, part.tokens, part.position), *(x for x in rows if x is not part)]


MAX_LINES_AFTER_TOTAL = 2  # a grand total may be followed by its net lines ("Less: current portion", "Non-current")


# words that qualify an amount without naming which part it is ("net revenue" names no "Net interest income")
_QUALIFIER_TOKENS = frozenset(tokens("net gross total other adjusted operating"))


def _named_part(table: Table, total: Scored, rows: list[Scored], by_word: bool = False) -> Scored | None:
    """Of ``rows``, the first that ``total`` sums (a total by its label, or by its amounts: "Income before income
    taxes" under "United States" and "Foreign") and that the question names by its whole own label and by a word
    the total's label lacks. ``by_word`` (rows tied with the total): a word of its own label that qualifies no amount in
    general names it ("subscription revenue" is "Subscription and support", a part of "Total revenues", which the
    question names by its noun alone)."""
    total_words = _label_words(table, total.index)
    # the words of the headings over the total, which its part under them shares ("Accumulated depreciation:" over
    # both "At 31 December 2019 and 1 January 2020" and the closing "At 31 December 2020"), name no part
    headings = set(tokens(" ".join(table.row_chain(total.index)[:-1])))
    named = [
        s
        for s in rows
        if (own := _label_words(table, s.index))
        and (own <= s.tokens or (by_word and s.tokens & own - _QUALIFIER_TOKENS))
        # none of the total's words, or a word of its own, no total itself ("warrant liability" beside "Total
        # liabilities at fair value"; "Total shares repurchased" is no part of "Total cost of repurchases"); a
        # period's word is no item's ("Current year" is not named by "in fiscal year 2017")
        and (
            not s.tokens & total_words
            or (
                s.tokens - total_words - headings - TOTAL_TOKENS - _QUALIFIER_TOKENS - _PERIOD_WORDS
                and not own & TOTAL_TOKENS
            )
        )
    ]
    parts = set(summed_parts(table, total.index)) if named else set()
    parts |= {p for sub in list(parts) for p in summed_parts(table, sub)}  # a section total's parts are the total's
    if not TOTAL_TOKENS & total_words and not parts:
        return None
    if named and not parts:  # a "Total ..." row that sums section subtotals: every line of amounts above it is in it
        valued = _valued_rows(table)
        if max(valued, default=total.index) - total.index <= MAX_LINES_AFTER_TOTAL:  # the table's last total
            parts = {r for r in range(table.header_rows, total.index) if r in valued}
    # "Of which: ETFs" under a part is a part of that part, so of the total too
    parts |= {
        r
        for r in range(table.header_rows, total.index)
        if r - 1 in parts and SUB_PART.match(" ".join(table.row_chain(r)[-1:]))
    }
    # and the "Of which: current" / "Of which: non-current" lines right under the total split the total itself
    after = total.index + 1
    while after < table.n_rows and SUB_PART.match(" ".join(table.row_chain(after)[-1:])):
        parts.add(after)
        after += 1
    return next((s for s in named if s.index in parts), None)


def period_constrained(table: Table, question: str, cols: list[Scored], rows: list[Scored]) -> list[Scored]:
    """A year the question names is a hard constraint on the column when the table has period columns: columns
    of other periods drop out, whatever other words they share with the question (a unit note, "per share"), and
    a period column that names the year joins when its header matched nothing else. A year no column names, that
    the linked row's own label holds ("balance at December 31, 2019"), constrains nothing; a year nothing in the
    table names leaves no period column (the answer is not in this table)."""
    asked = years_in(question)
    periods = column_years(table)
    if not asked or len(periods) < 2:
        return cols
    wanted = {y for y in asked if any(y in ys for ys in periods.values())}
    if not wanted:
        row_text = " ".join(table.row_chain(rows[0].index)) if rows else ""
        if rows and asked & years_in(row_text):
            return cols
    kept = [s for s in cols if s.index not in periods or periods[s.index] & wanted]
    have = {s.index for s in kept}
    pos = min((question.find(y) for y in wanted), default=0)
    joined = [Scored(c, 0.0, frozenset(wanted & ys), pos) for c, ys in periods.items() if ys & wanted and c not in have]
    return kept + joined


def kind_words(kind: tuple[str, ...]) -> set[str]:
    """The link tokens of a column kind (to tell whether a question names it)."""
    return {t for level in kind for t in tokens(level)}
