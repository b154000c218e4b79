"""Route a question: lookup (take one cell), aggregate (compute by SQL over the stored table) or semantic (rows
by meaning). Rules first, in every language the index stems (en, ru, de, pl, zh); an LLM router plugs in through
the `Router` Protocol when one is configured (the OpenAI-compatible client lives elsewhere)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal, Protocol

from tablerag.parsing.spans import MONTH_NAME

DEFAULT_TOP_N = 3  # "top companies" without a number: three is the usual reading of a plural superlative
MAX_TOP_N = 100  # a "top 5000" request is a listing, not a ranking; capped with the SQL row limit in mind
RULES = "rules"  # the source of a decision (route, SQL) that no LLM made


class RouteKind(StrEnum):
    LOOKUP = "lookup"
    AGGREGATE = "aggregate"
    SEMANTIC = "semantic"


class Intent(StrEnum):
    TOTAL = "total"
    AVERAGE = "average"
    MAX = "max"
    MIN = "min"
    COUNT = "count"
    PERCENT_CHANGE = "percent_change"
    DIFFERENCE = "difference"
    RATIO = "ratio"
    TOP_N = "top_n"
    COMPARE = "compare"  # "which is larger, A or B?": the answer names one of the two


@dataclass(frozen=True, slots=True)
class Route:
    kind: RouteKind
    intent: Intent | None = None
    top_n: int | None = None
    source: str = RULES  # RULES or the name of the LLM router
    # the words of other arithmetic operations the question names besides the outer one ("the change in the
    # average X": "average"): each must be said by an operand's label, or the question asks a nested computation
    others: tuple[tuple[Intent, str], ...] = ()
    # a difference asked as the gap between two things ("the difference between A and B", "how much more"), not
    # as a change: of two things that are no periods its size is asked
    gap: bool = False
    # a superlative of a change ("which item had the largest increase"): the rows are ranked by how their amount
    # moved between two periods, not by the amount
    change: ChangeAsked | None = None
    # a movement ranked by its rate, not its amount: "which region grew fastest" (a region of 10 growing by 5 grew
    # faster than one of 1,000 growing by 20)
    relative: bool = False


ChangeAsked = Literal["increase", "decrease", "change"]
# "the largest increase", "the biggest decline", "the greatest change": a superlative of a movement
CHANGE_RANK = re.compile(
    r"\b(largest|biggest|greatest|highest|most|smallest|lowest|least|steepest|sharpest|fastest|strongest|"
    # of two, the comparative ("which segment had the larger increase")
    r"larger|bigger|greater|higher|smaller|lower|steeper|sharper|faster|stronger)\s+"
    # what moved may stand between ("the largest revenue growth", "the highest net sales increase"), its measure
    # too ("the largest % decrease")
    r"(?:(?!(?:in|of|from|between|than|and|or)\b)[^\W\d_][\w&'-]*\s+){0,2}?"
    r"(?:absolute\s+|percent(?:age)?\s+|%\s*)?(increase|growth|rise|decrease|decline|drop|fall|reduction|change)s?\b",
    re.IGNORECASE,
)
_FALLS = frozenset({"decrease", "decline", "drop", "fall", "reduction"})
# the same said with a verb: "which revenue stream declined the most", "which segment grew the least"
_MOVED_MOST = re.compile(
    r"\b(?:(increased|grew|rose|improved)|(decreased|declined|fell|dropped|shrank|changed))\s+"
    # what moved may follow the verb ("which region grew revenue the fastest")
    r"(?:(?!(?:in|of|from|between|than|and|or|the)\b)[^\W\d_][\w&'-]*\s+){0,2}?(?:the\s+)?"
    r"(?:most|least|fastest|slowest|faster|slower|(?:more|less)(?!\s+than))\b",  # "grew more than 5%" bounds
    re.IGNORECASE,
)


# a movement ranked by its rate: "grew fastest", "the steepest percentage decline"
_RATE = re.compile(
    r"\b(?:fastest|slowest|quickest|faster|slower|quicker|fast|slow|quickly|percentage|percent)\b|%", re.IGNORECASE
)


# a pace compared ("which revenue stream grew faster"): the rate of a move, ranked
_PACE = re.compile(r"\b(?:faster|slower|quicker)\b", re.IGNORECASE)
_SLOWER = re.compile(r"\bslower\b", re.IGNORECASE)


def change_asked(question: str) -> ChangeAsked | None:
    """What movement a superlative of a change ranks by: a rise, a fall, or a change either way."""
    m = CHANGE_RANK.search(question)
    if m is None:
        moved = _MOVED_MOST.search(question)
        if moved is None:
            return None
        return "increase" if moved.group(1) else "change" if moved.group(2).lower() == "changed" else "decrease"
    word = m.group(2).lower()
    return "decrease" if word in _FALLS else "change" if word == "change" else "increase"


# "which region's revenue decreased from 2018 to 2019?", "which segments had an increase in revenue?": the rows
# whose amount moved that way between two periods (a filter, not a ranking: no superlative, no bound)
_MOVED = re.compile(
    # "what was the reported growth in X" asks an amount: "what" then a verb of being names no rows
    r"^\s*(?:in\s+|for\s+)?(?:which|what(?!\s+(?:was|were|is|are|has|had|did|does)\b))\s+"
    r"(?!(?:year|period|quarter|month|fiscal|date)s?\b)[^?]*?\b(?:"
    r"(increased|grew|rose|went\s+up|improved)|(decreased|declined|fell(?!\s+due)|dropped|went\s+down|shrank)|"
    r"(?<!\bthe\s)(?:had|saw|recorded|experienced|showed|shows|has|have|reported)\s+(?:an?\s+)?(?:(increase|growth|rise)|"
    r"(decrease|decline|drop|fall|reduction))s?|"
    # the verb's plain form after its auxiliary or subject: "which region did revenue decline in", "which segment
    # saw sales fall", "the only one to shrink" ("to the increase" is a noun, no movement asked)
    r"(?:\b(?:did|does|do|saw|sees|see)\s+(?:[\w'’&.,-]+\s+){0,6}?|\bto\s+)"
    r"(?:(increase|grow|rise|improve)|(decrease|decline|fall(?!\s+due)|drop|shrink))(?!\s+(?:the|its|their|it|them)\b))\b",
    re.IGNORECASE,
)
# the day of a date ("December 31, 2018", "31 December 2018"): no bound
_DAY_OF_MONTH = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?\b"
    r"|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b",
    re.IGNORECASE,
)
_BOUND_NUMBER = re.compile(r"(?<![\w.])(?!(?:19|20)\d\d\b)\$?\d[\d,.]*%?")  # "by more than 5%": a bound, not a filter


# "which drug had lower sales in 2020 than in 2019": a comparative of one row's two periods, a move between them
_THAN_YEAR = re.compile(
    r"^\s*(?:in\s+|for\s+)?(?:which|what)\b[^?]*?\b(?:(higher|more|greater|larger|bigger)|lower|less|smaller|fewer)\b"
    r"[^?]*?\b(?:in|for|during)\s+(?:fiscal\s+)?((?:19|20)\d\d)\s+than\s+(?:in\s+|for\s+|during\s+)?(?:fiscal\s+)?"
    r"((?:19|20)\d\d)\b",
    re.IGNORECASE,
)


def moved_asked(question: str) -> ChangeAsked | None:
    """The direction a "which X increased / decreased" question filters rows by; None for another question (a
    superlative of a change ranks rows, `change_asked`; a stated bound filters by size). A comparative of two
    periods of each row ("which drug had lower sales in 2020 than in 2019") filters by the move between them."""
    than = _THAN_YEAR.search(question)
    if than is not None and than.group(2) != than.group(3):
        return "increase" if bool(than.group(1)) == (than.group(2) > than.group(3)) else "decrease"
    m = _MOVED.search(question)
    if m is None or CHANGE_RANK.search(question) or _MOVED_MOST.search(question):
        return None
    if _BOUND_NUMBER.search(_DAY_OF_MONTH.sub(" ", question)):
        return None
    return "increase" if m.group(1) or m.group(3) or m.group(5) else "decrease"


# "in which year did revenue decline?", "when did gross profit fall?": the periods in which the named amount moved
# that way from the period before (a filter over the periods, not a ranking: no superlative, no bound)
_PERIOD_MOVED = re.compile(
    r"^\s*(?:(?:in|during|for)\s+)?(?:(?:which|what)\s+(?:fiscal\s+|financial\s+|calendar\s+)?(?:year|period|quarter)s?"
    r"|when)\b[^?]*?\b(?:(increased|grew|rose|improved|went\s+up|increase|grow|rise|improve)(?!\s+(?:the|its|their|it|them)\b)|"
    r"(decreased|declined|fell(?!\s+due)|dropped|shrank|went\s+down|decrease|decline|fall(?!\s+due)|drop|shrink)"
    r"(?!\s+(?:the|its|their|it|them)\b)|"  # "did X increase the effective rate": a verb with an object moves no X
    r"(?:saw|see|had|recorded|record|experienced|experience|showed|show|reported|report)\s+(?:an?\s+)?"
    r"(?:(increase|growth|rise)|(decrease|decline|drop|fall|reduction))s?)\b",
    re.IGNORECASE,
)


def period_moved_asked(question: str) -> tuple[ChangeAsked, str] | None:
    """The direction a "in which year did X decline" question filters periods by, and the word that said it (a row
    whose own label says the word, "Increases in tax positions", names the amount, not a movement); None for
    another question (a superlative of a change ranks, a stated bound filters by size)."""
    m = _PERIOD_MOVED.search(question)
    if m is None or CHANGE_RANK.search(question) or _MOVED_MOST.search(question):
        return None
    if _BOUND_NUMBER.search(_DAY_OF_MONTH.sub(" ", question)):
        return None
    up = next((g for g in (m.group(1), m.group(3)) if g), None)
    word = up or next(g for g in (m.group(2), m.group(4)) if g)
    return ("increase" if up else "decrease"), word


class Router(Protocol):
    """An LLM-backed router (configured elsewhere); returns None when it cannot decide, and the rules apply."""

    name: str

    def route(self, question: str) -> Route | None: ...


# a number said in words (a bound: "at least one", "more than twenty"; a count ranked: "the two largest"): small
# counts are written so
_NUMBER_WORDS = {
    w: n
    for n, w in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        ]
    )
} | {"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100}
MAX_COUNT_WORD = 10  # "the two largest" to "top ten": the counts of ranked items said in words
_COUNT_WORDS = "(?:" + "|".join(w for w, n in _NUMBER_WORDS.items() if 2 <= n <= MAX_COUNT_WORD) + ")"


def _p(*words: str) -> re.Pattern[str]:
    return re.compile("|".join(words), re.IGNORECASE)


# "How many times larger", "how many times did X increase from 2011 to 2016" (two periods: at most one rise to
# count) ask a ratio, not a count. Order matters: percent change before difference ("percentage change" contains
# "change"), ratio before average ("average ratio" is rare), top-N before max ("top 5 by revenue" is a ranking,
# not one maximum).
INTENT_PATTERNS: list[tuple[Intent, re.Pattern[str]]] = [
    (
        Intent.COMPARE,
        _p(
            r"\b(which|who|what)\b[^?]*\b(more|less|fewer|higher|lower|larger|smaller|greater|bigger|older|"
            r"younger|most|least|longer|shorter)\b.*\bor\b",
            r"^\s*when\b[^?]*\b(more|less|fewer|higher|lower|larger|smaller|greater|bigger)\b.*\bor\b",
            r"(кто|что|какой|какая|какое|какие)\b.*\b(больше|меньше|выше|ниже)\b.*\bили\b",
            r"\b(wer|welche\w*)\b.*\b(mehr|weniger|höher|niedriger|größer|kleiner)\b.*\boder\b",
            r"\b(kto|który|która|które)\b.*\b(więcej|mniej|wyższ|niższ|większ|mniejsz)\w*\b.*\bczy\b",
            r"哪.*(更|较)(多|少|高|低|大|小).*还是",
            # "Was X higher in 2019 or 2018?", "Was A or B higher in 2019?": the choice between the two is asked,
            # as "which ... or" asks it; with "than" the question asks yes or no, which is no choice
            r"^\s*(was|were|is|are|did|does|do|has|have|had)\b(?![^?]*\bthan\b)(?=[^?]*\bor\b)[^?]*\b(more|less|fewer|"
            r"higher|lower|larger|"
            r"smaller|greater|bigger)\b(?!\s+or\s+(?:less|fewer|more)\b)",
            r"^\s*(war|waren|ist|sind)\b(?![^?]*\bals\b)(?=[^?]*\boder\b)[^?]*\b(mehr|weniger|höher|niedriger|größer|"
            r"kleiner)\b",
            r"^\s*czy\b(?![^?]*\bniż\b)(?=[^?]*\b(czy|lub|albo)\b)[^?]*\b(więcej|mniej|wyższ|niższ|większ|mniejsz)",
            r"^(?![^?]*\bчем\b)(?=[^?]*\bили\b)[^?]*\b(был|была|было|были)\b[^?]*(больше|меньше|выше|ниже)",
        ),
    ),
    (
        Intent.PERCENT_CHANGE,
        _p(
            r"percent(age)?\s+(change|increase|decrease|growth|decline)",
            r"%\s*change",
            r"growth\s+rate",
            # "what was same-property NOI growth in 2019": growth is said as a percentage (not "growth in dollars")
            r"\bgrowth\b(?!\s+(?:in|of)\s+(?:dollars|absolute|units))",
            r"процентн\w*\s+изменени",
            r"на\s+сколько\s+процент",
            r"прирост\w*\s+в\s+%",
            r"prozentual\w*\s+(veränderung|änderung|anstieg|rückgang)",
            r"zmian\w*\s+procentow",
            r"procentow\w*\s+zmian",
            r"\bby\s+what\s+percent",  # "by what percentage did X increase"
            r"\bhow\s+much\s+percent",
            r"增长率",
            r"增减比例",  # "the increase/decrease ratio": a percent change, not a ratio of two amounts
            r"变动比例",
            r"(?:增加|减少|增长|下降|上升)了?百分之",  # "increased by what percent"
            r"增幅",
            r"变化率",
            r"同比",
        ),
    ),
    (
        Intent.TOP_N,
        _p(
            r"(?<!within the )(?<!in the )\btop[\s-]*\d+",
            rf"\b(?:top|the)\s+{_COUNT_WORDS}\s+(?:largest|biggest|highest|greatest)\b",  # "the two largest regions"
            rf"\btop\s+{_COUNT_WORDS}\b",
            r"\btop\s+(?:\w+\s+)?(?=\w+s\b)",
            r"\b(first|largest|biggest|highest)\s+\d+\b",
            r"топ[\s-]*\d+",
            r"\d+\s+(крупнейш|наибольш|лучш)",
            r"die\s+\d+\s+(größten|höchsten|besten)",
            r"\d+\s+(największ|najlepsz)",
            r"前\s*\d+",
            r"排名前",
        ),
    ),
    (
        Intent.RATIO,
        _p(
            r"\bhow\s+many\s+times\s+(?:larger|bigger|greater|higher|more|smaller|less|as\s+\w+\s+as)\b",
            r"\bhow\s+many\s+times\s+(?:has|have|had|does|did|do|is|was|were)\b(?=[^?]*\b(?:19|20)\d\d\b[^?]*\b(?:19|20)\d\d\b)"
            r"[^?]*\b(?:increase[ds]?|grow|grew|grown|rise|rose|risen|multipl\w+)\b",
            r"\bratio\b",
            r"\bproportion\b",
            r"\bpercentage\s+constitution\b",
            r"\bas\s+(?:a\s+)?(?:percentage|percent|per\s+cent|%)\s+of\b",
            r"(?<!\bper\s)\bshare\s+of\b",  # "the price per share of options granted" is a price, no share
            r"\bpercentage\s+of\b",
            r"what\s+percent(age)?\b",
            r"соотношени",
            r"отношени\w*\s",
            r"дол[яиюе]\b",
            r"\bverhältnis",
            r"\banteil",
            r"\bstosun",
            r"\budział",
            r"比率",
            r"比例",
            r"占比",
            r"之比",
        ),
    ),
    (
        Intent.AVERAGE,
        _p(
            r"\baverage\b",
            r"\bmean\b",
            r"\bavg\b",
            r"средн",
            r"\bdurchschnitt",
            r"\bmittelwert",
            r"\bśredni",
            r"平均",
            r"均值",
        ),
    ),
    (
        Intent.DIFFERENCE,
        _p(
            r"\bdifference\b",
            r"\bchange\b",
            r"\bchanged\b",
            r"\bincrease\b",
            r"\bdecrease\b",
            r"\bhow\s+much\s+(more|less|higher|lower)\b",
            r"разниц",
            r"изменени",
            r"на\s+сколько\s+(больше|меньше)",
            r"\bunterschied",
            r"\bdifferenz",
            r"\bveränderung",
            r"\bróżnic",
            r"\bzmian",
            r"差额",
            r"差异",
            r"相差",
            r"变化",
            r"增加了?多少",
            r"减少了?多少",
        ),
    ),
    (
        Intent.TOTAL,
        _p(
            r"\btotal\b",
            r"\bsum\b",
            r"\baltogether\b",
            r"\bcombined\b",
            r"\bin\s+all\b",
            r"сумм",
            r"итог",
            r"\bвсего\b",
            r"\bсовокупн",
            r"\bsumme\b",
            r"\binsgesamt\b",
            r"\bgesamt",
            r"\bsuma\b",
            r"\błączn",
            r"\brazem\b",
            r"总计",
            r"合计",
            r"总额",
            r"总和",
            r"一共",
            r"共计",
        ),
    ),
    (
        Intent.COUNT,
        _p(
            r"\bhow\s+many\b",
            r"\bnumber\s+of\b",
            r"\bcount\b",
            r"сколько\s+(раз|строк|стран|компан|лет)",
            r"\bколичеств",
            r"\bwie\s+viele\b",
            r"\banzahl\b",
            r"\bile\b",
            r"\bliczb[ae]\b",
            r"多少个",
            r"几个",
            r"数量",
            r"个数",
        ),
    ),
    (
        Intent.MAX,
        _p(
            r"\b(highest|largest|biggest|greatest|(?<!\bat\s)most|maximum|max|top|best|longest|latest|oldest|newest)\b",
            r"\bpeaked\b|\bpeak\s*\?\s*$",  # "in which year did sales peak?" (not a chart's "Peak" position)
            r"\b(?:fastest|steepest|sharpest|strongest)\b",  # "grew fastest", "the steepest decline"
            r"наибольш",
            r"максимальн",
            r"сам(ый|ая|ое|ые|ого|ой|ом|ым|ых|ую)\s+(больш|высок|дорог)",
            r"\b(höchst|größt|meist|maximal)",
            r"\b(najwyższ|największ|najwięcej|maksymaln)",
            r"最高",
            r"最大",
            r"最多",
        ),
    ),
    (
        Intent.MIN,
        _p(
            r"\b(lowest|smallest|(?<!\bat\s)least|fewest|minimum|min|shortest|earliest|youngest|slowest|weakest)\b",
            r"наименьш",
            r"минимальн",
            r"сам(ый|ая|ое|ые|ого|ой|ом|ым|ых|ую)\s+(мал|низк|дешев)",
            r"\b(niedrigst|kleinst|wenigst|minimal)",
            r"\b(najniższ|najmniejsz|najmniej|minimaln)",
            r"最低",
            r"最小",
            r"最少",
        ),
    ),
]
# Count words that name a quantity inside one cell ("how many employees did X have") are lookups, not counts:
# a count is only an aggregate when the question asks for rows ("how many years", "how many countries") or states
# a bound the counted values pass ("how many chart positions were less than 40").
COUNT_OF_ROWS = _p(
    # people a company employs are its headcount, one cell of a report ("how many people did the Group employ")
    r"how\s+many\s+(times|years|rows|items|countries|teams|players|games|people(?![^?]*\bemploy)|companies|segments|"
    r"categories|cities|nations|entries|records|events|matches|seasons|components|types|kinds)\b",
    r"how\s+many\b.*\b(listed|were there)\b",
    r"сколько\s+(раз|строк|стран|компан|лет)",
    r"wie\s+viele\s+(mal|zeilen|länder|jahre)",
    r"ile\s+(razy|krajów|lat)",
    r"多少(次|个|年)",
)
SEMANTIC_PATTERNS = _p(
    r"\bsimilar\b",
    r"\blike\b.*\?$",
    r"\banomal",
    r"\bunusual\b",
    r"\boutlier",
    r"похож",
    r"аномал",
    r"ähnlich",
    r"\bpodobn",
    r"\banomali",
    r"类似",
    r"相似",
    r"异常",
)
# words between "which" and a period noun that still ask for the period: "which fiscal year", "which of the two years",
# "which single year", "at which balance sheet date"
PERIOD_QUALIFIERS = (
    r"(?:(?:one\s+)?of\s+the\s+)?(?:(?:two|three|four|five|fiscal|financial|calendar|reporting|accounting|single|"
    r"particular|specific|balance\s+sheet|(?:three|six|nine|twelve|\d{1,2})[-\s](?:months?|weeks?))\s+)*"
)
# "what was the year with the highest X", "the segment in which ...": a noun and a clause that picks it out
NOUN_CLAUSE = r"(?:with|that|which|when|where|having|in\s+which|during\s+which|for\s+which)\b"
_NAMED_KINDS = r"(year|month|quarter|period|segment|region|country|item|category|company|business|division|product)"
# words that ask for a quantity, not a thing: "what amount / percentage / total ... was the highest"
_QUANTITY_WORDS = (
    r"(?:amount|value|number|percentage|percent|proportion|share|total|sum|level|rate|ratio|portion|size|price|cost"
    r"|change|difference|increase|decrease|growth|average|maximum|minimum|figure|balance)"
)
# the answer is a name (a row or column label), not a number: "which country", "who", "in which year"
ASKS_FOR_NAME = _p(
    r"^\s*(in\s+)?(which|who|whom|whose)\b",
    r"^[^,?]{3,60},\s*(in\s+)?(which|who|whom|whose)\b",  # after an opening phrase: "of the two years, which ..."
    r"^\s*when\b",  # "when was X the highest": the period (a column or row label), not the amount
    r"^\s*(on|as\s+(of|at)|at)\s+(which|what)\s+dates?\b",  # "on what date was X 1,090": the column's date
    r"^\s*what\s+(is|was)\s+the\s+(name|country|team|year|city)\b(?![\s-]+end)",
    rf"^\s*(in|during|for)?\s*what\s+{PERIOD_QUALIFIERS}{_NAMED_KINDS}s?\b",
    # after an opening phrase: "under the 2019 assumptions, in what year does the rate reach its ultimate level"
    rf"^[^,?]{{3,60}},\s*(in|during|for)\s+what\s+{PERIOD_QUALIFIERS}{_NAMED_KINDS}s?\b",
    rf"^\s*what\s+(is|was|are|were)\s+the\s+{_NAMED_KINDS}s?\s+{NOUN_CLAUSE}",
    # "what was the largest component of deferred tax assets": a part is named, its amount is not asked
    r"^\s*what\s+(is|was|are|were)\s+the\s+(largest|biggest|greatest|highest|smallest|lowest|main|major|primary)\s+"
    r"(components?|items?|sources?|elements?|contributors?|drivers?|categor(y|ies)|segments?|regions?|types?)\b",
    # "what type of inventory had the highest value", "what component of X was the largest": a thing (no quantity
    # word) picked by a comparison is named, its amount is not asked
    rf"^\s*(in\s+|for\s+)?what\s+(?!{_QUANTITY_WORDS}\b|(?:is|was|are|were|has|had|have|did|does|do)\b)"
    r"(?:[^\W\d_][\w'-]*\s+){1,4}(?:is|was|are|were|has|had|have|recorded|saw|showed|contributed|generated|earned)"
    r"\s+(?:the\s+)?(?:most|least|highest|lowest|largest|smallest|biggest|greatest|fewest|more|less|higher|lower|"
    r"larger|smaller|bigger|greater)\b",
    # "name the segment with ...", "identify the category ...": a request for a name
    r"^\s*(name|identify)\s+(the|a|an|all|each)\b",
    r"^\s*(nennen|nenne)\b|^\s*назови(те)?\b|^\s*wymień\b",
    rf"^\s*(state|give|specify|list|indicate|find)\s+the\s+{_NAMED_KINDS}s?\b",
    r"^\s*(кто|какой|какая|какое|какие|в\s+как(ом|ой|их))\b",
    r"^\s*(wer|welche\w*|in\s+welche\w*)\b",
    r"^\s*(kto|któr\w+|w\s+któr\w+)\b",
    r"^\s*哪",
    r"\bwhich\b",
)


def label_asked(question: str, intent: Intent | None) -> bool:
    """The answer is a label, not the number that won it: the question asks for a name ("in which year"), or offers
    a choice ("was X higher in 2019 or 2018?", "was A or B larger?": one of the alternatives is the answer)."""
    return intent is Intent.COMPARE or bool(ASKS_FOR_NAME.search(question))


LESS_WORDS = _p(
    r"\b(less|fewer|lower|smaller|younger|least|shorter|lowest|smallest|fewest)\b",
    r"меньше|ниже",
    r"weniger|niedriger|kleiner",
    r"mniej|niższ|mniejsz",
    r"少|低|小",
)
COMPARATIVE = _p(
    r"\b(more|less|fewer|higher|lower|larger|smaller|greater|bigger|longer|shorter)\b",
    r"больше|меньше|выше|ниже",
    r"\b(mehr|weniger|höher|niedriger|größer|kleiner)\b",
    r"\b(więcej|mniej|wyższ|niższ|większ|mniejsz)",
    r"更(多|少|高|低|大|小)",
)
_THAN = re.compile(
    r"\b(less|fewer|lower|smaller|below|under|more|greater|higher|larger|above|over|exceed(?:ed|s)?)\s*(?:than\s*)?"
    r"\(?-?\$?\s*(\d[\d,]*(?:\.\d+)?)(?!\d)",
    re.IGNORECASE,
)
_BELOW = frozenset({"less", "fewer", "lower", "smaller", "below", "under"})
# a bound that holds its own number: "at least 2", "at most 5", "no more than 3", "10 or more", "6th or better"
_AT_LEAST = re.compile(
    r"\b(?P<w>at\s+least|at\s+most|no\s+(?:more|less|fewer)\s+than)\s+\$?\s*(?P<n>\d[\d,]*(?:\.\d+)?)(?!\d)"
    r"|(?<![\d.])\$?(?P<m>\d[\d,]*(?:\.\d+)?)\s+or\s+(?P<v>more|greater|higher|above|over|less|fewer|lower|below|under)\b",
    re.IGNORECASE,
)
_AT_MOST = ("at most", "no more than", "less", "fewer", "lower", "below", "under")
# an inclusive bound as a strict one: values are read from text with a few decimals, so nothing lies this close
INCLUSIVE_STEP = 1e-9
# "due in more than 5 years", "less than 1 year": a maturity bucket (a column's name), not a bound on the values
_DURATION = re.compile(r"\s*(?:years?|months?|weeks?|days?)\b", re.IGNORECASE)
_SIGN = re.compile(r"\b(negative|positive)\b", re.IGNORECASE)  # "which year was X negative": a bound of zero


MAX_WORDS_BEFORE_THAN = 6  # "sold more outside the U.S. than": the words between a comparative and its "than"
# a rival a "which" question compares each candidate with, not a number or a period: "spent more than its approved
# budget", "a fair value above its carrying amount", "Hemavance's sales higher than Ostelya's sales"
_RIVAL = re.compile(
    r"\b(?:(?:(?P<less>less|fewer|lower|smaller)|more|greater|higher|larger|bigger)\b"
    rf"(?:\s+[^\s?,;]+){{0,{MAX_WORDS_BEFORE_THAN}}}?\s+than|exceed(?:ed|s|ing)?"
    # "above" or "below" another row is its place in a listing; above "its" own other amount is a comparison
    r"|(?:(?P<below>below)|above)(?=\s+(?:its|their)\b))\s+(?P<rival>[^?;]+)",
    re.IGNORECASE,
)
# what a comparison's "than" names that is no rival of its own: a number or a bound ("more than 5", "less than one
# year"), a period ("than in 2019", "than at December 31, 2020", "than the prior year"), the others ranked
_NO_RIVAL = re.compile(
    r"^(?:(?:the|its|their|that|those)\s+)?(?:\$|\d|(?:to|with|after|before|"
    r"ever|once|twice|half|double|one|two|three|four|five|six|seven|eight|nine|ten|a|an|previous|prior|last|"
    r"preceding|average|expected|usual|other|others|rest|any|all|each|every|"
    rf"{MONTH_NAME}|fiscal|fy|year|years|quarter|quarters|period|month|months|q[1-4]|h[12])\b)",
    re.IGNORECASE,
)
# "than in the U.S.": a preposition before the rival; before a period ("than in 2019") it says no rival (`_NO_RIVAL`)
_RIVAL_PLACE = re.compile(r"^(?:in|at|on|during|for|as\s+(?:of|at)|by|from|within)\s+", re.IGNORECASE)
_ARTICLE = re.compile(r"^(?:(?:the|its|their|that|those)\s+)+(?:of\s+(?:the\s+)?)?", re.IGNORECASE)
# the period the whole question is set in, said after the rival ("... above its carrying amount at December 31, 2023")
_RIVAL_PERIOD = re.compile(
    r"\s+(?:in|at|as\s+(?:of|at)|for|during|on|through)\s+(?:[^?]*?(?:(?:19|20)\d\d|\bfy\s?\d\d)|(?:the\s+)?"
    r"(?:(?:fiscal\s+)?year|period|quarter)\b)[^?]*$",
    re.IGNORECASE,
)


# "exceed operating costs by more": the gap to the rival is ranked, not passed
_BY_MORE = re.compile(
    r"\s+by\s+(?:the\s+|a\s+)?(?:(more|most|larger|largest|wider|widest|greater|greatest|bigger|biggest)"
    r"|less|least|smaller|smallest|narrower|narrowest)\b(?:\s+(?:margin|amount))?\s*$",
    re.IGNORECASE,
)


def rival_gap(said: str) -> tuple[str, bool | None]:
    """The rival's words without a trailing "by more" / "by less", and whether the largest gap (True) or the
    smallest (False) is asked; None when the question asks no gap ranked."""
    m = _BY_MORE.search(said)
    return (said, None) if m is None else (said[: m.start()].strip(), bool(m.group(1)))


def rival(question: str) -> tuple[bool, str, str] | None:
    """A "which" question that compares each candidate with a rival the table names, not with a number: (whether
    the candidate must lie below the rival, the words before the rival, the rival's words). "Which project has spent
    more than its approved budget?" -> (False, "Which project has spent more than its", "approved budget"). None for
    a bound ("more than 5 million", `threshold`), a period ("lower in 2020 than in 2019") or a question asking no
    name."""
    if not ASKS_FOR_NAME.search(question):
        return None
    for m in _RIVAL.finditer(question):
        said = _RIVAL_PLACE.sub("", m.group("rival").strip())
        if not said or _NO_RIVAL.match(said) or said.split()[0].lower() in _NUMBER_WORDS:
            continue
        if _RIVAL.search(said):  # "more than A but less than B": a range between two rivals, no single one
            return None
        said = _RIVAL_PERIOD.sub("", _ARTICLE.sub("", said)).split(",")[0].strip()
        if said:
            return bool(m.group("less") or m.group("below")), question[: m.start("rival")], said
    return None


def threshold(question: str) -> tuple[bool, float] | None:
    """ "less than 15,000" -> (True, 15000.0): a bound the answer's value must lie under (True) or over (False); an
    inclusive one ("at least 2", "10 or more") a hair past its number;
    None when the question states no number to compare with (a year is a period, not a bound; "more than 5 years" a
    maturity bucket)."""
    found = _bound(question)
    return None if found is None else found[:2]


# a scale word said after a bound's number ("less than $15 million", "more than 15,000 thousand") -> multiplier
BOUND_SCALES = {"thousand": 1e3, "k": 1e3, "million": 1e6, "m": 1e6, "mn": 1e6, "billion": 1e9, "bn": 1e9, "b": 1e9}
_BOUND_SCALE = re.compile(r"\s*(thousand|million|billion|mn|bn|k|m|b)s?\b", re.IGNORECASE)


def threshold_scale(question: str) -> float | None:
    """The multiplier of the scale word said right after the bound's number; None when none is said."""
    found = _bound(question)
    if found is None or found[2] < 0:
        return None
    m = _BOUND_SCALE.match(bound_digits(question), found[2])
    return BOUND_SCALES[m.group(1).lower()] if m else None


_BOUND_WORD = re.compile(
    r"\b((?:at\s+least|at\s+most|(?:less|fewer|lower|smaller|more|greater|higher|larger)\s+than|above|below|over|"
    r"under|exceed(?:ed|s)?)\s+)(" + "|".join(_NUMBER_WORDS) + r")\b(?!-)",
    re.IGNORECASE,
)
# "do not have more than 20": the bound is the other side of its number ("no more than" is a bound word itself)
_NEGATED_BOUND = re.compile(r"(?:\bnot|n't|\bnever)\s+(?:\w+\s+){0,2}$", re.IGNORECASE)


def bound_digits(question: str) -> str:
    """The question with a bound's number word written as digits ("at least one" -> "at least 1")."""
    return _BOUND_WORD.sub(lambda m: f"{m.group(1)}{_NUMBER_WORDS[m.group(2).lower()]}", question)


def _bound(question: str) -> tuple[bool, float, int] | None:
    """The bound (`threshold`) and where its number ends in the question with its number words as digits
    (`bound_digits`; -1 for a sign, which has none)."""
    question = bound_digits(question)
    for m in _AT_LEAST.finditer(question):
        number, end = (m.group("n"), m.end("n")) if m.group("n") else (m.group("m"), m.end("m"))
        if re.fullmatch(r"(?:19|20)\d\d", number) or _DURATION.match(question, end):
            continue  # a year is a period; "at least 5 years" a length
        word = " ".join((m.group("w") or m.group("v")).lower().split())
        below = word in _AT_MOST
        limit = float(number.replace(",", ""))
        return below, limit + INCLUSIVE_STEP if below else limit - INCLUSIVE_STEP, end
    for m in _THAN.finditer(question):
        text = m.group(2).replace(",", "")
        year = re.fullmatch(r"(?:19|20)\d\d", m.group(2))  # "2,000" is an amount: a year has no thousands comma
        if year or _DURATION.match(question, m.end()):
            continue
        below = m.group(1).lower() in _BELOW
        if _NEGATED_BOUND.search(question, 0, m.start()):  # "not more than 20": 20 and under
            return not below, float(text) + (-INCLUSIVE_STEP if below else INCLUSIVE_STEP), m.end()
        return below, float(text), m.end()
    sign = _SIGN.search(question)
    if sign is not None:  # "in which year was X negative": under zero
        return sign.group(1).lower() == "negative", 0.0, -1
    return None


FROM_TO = _p(r"\bfrom\b.+\bto\b", r"\bс\b.+\bпо\b", r"\bvon\b.+\bbis\b", r"\bod\b.+\bdo\b", r"从.+到")
AS_PERCENT = _p(r"percent", r"per\s+cent", r"\b(?:in|as)\s+(?:a\s+)?%", r"процент", r"prozent", r"procent", r"百分")
_TOP_NUMBER = re.compile(
    rf"(?:top|топ|前)[\s-]*(\d+|{_COUNT_WORDS})\b|(\d+|{_COUNT_WORDS})\s+(?:largest|biggest|highest|greatest|"
    r"крупнейш|наибольш|größten|największ)",
    re.IGNORECASE,
)


def _top_n(question: str) -> int:
    m = _TOP_NUMBER.search(question)
    said = next(g for g in m.groups() if g).lower() if m else None
    n = DEFAULT_TOP_N if said is None else _NUMBER_WORDS.get(said) or int(said)
    return max(1, min(n, MAX_TOP_N))


# the arithmetic operations one computation does; one named inside another ("the average of the differences")
# is a nested computation
ARITHMETIC = (Intent.TOTAL, Intent.AVERAGE, Intent.DIFFERENCE, Intent.PERCENT_CHANGE, Intent.RATIO)
# words of another operation that say the outer one itself: "by what percentage did X increase", "what
# percentage change" name one percent change
SAME_OPERATION: dict[Intent, frozenset[Intent]] = {Intent.PERCENT_CHANGE: frozenset({Intent.DIFFERENCE, Intent.RATIO})}
# "the total non-vested shares", "the average total amount": a bare "total" inside another operation names the
# quantity (a stated total, often an unlabelled sum line), not a sum to make; "sum", "combined" still ask one
QUANTITY_TOTAL = re.compile(r"total", re.IGNORECASE)


GAP = _p(
    r"difference",
    r"how\s+much\s+(more|less|higher|lower)",
    r"разниц",
    r"unterschied",
    r"differenz",
    r"różnic",
    r"差额",
    r"差异",
    r"相差",
)  # the words of a difference that name a gap between two things, not a change over time


def _others(question: str, outer: Intent) -> tuple[tuple[Intent, str], ...]:
    """The words of arithmetic operations the question names besides ``outer`` (each occurrence), when the outer
    one is arithmetic too; words inside the outer operation's own phrase ("change" in "percentage change") are
    not another operation."""
    if outer not in ARITHMETIC:
        return ()
    patterns = dict(INTENT_PATTERNS)
    spans = [m.span() for m in patterns[outer].finditer(question)]
    out = []
    for intent in ARITHMETIC:
        if intent is outer or intent in SAME_OPERATION.get(outer, frozenset()):
            continue
        for m in patterns[intent].finditer(question):
            if intent is Intent.TOTAL and QUANTITY_TOTAL.fullmatch(m.group(0)):
                continue
            if not any(a <= m.start() and m.end() <= b for a, b in spans):
                out.append((intent, m.group(0)))
    return tuple(out)


_MOVE_WORDS = r"(?:increase|decrease|rise|fall|decline|drop|change|shift|movement|strengthening|weakening)s?"
_RATE_MOVED = (
    r"[+\-\u2212]?\d+(?:\.\d+)?\s*(?:%|percent\b|per\s*cent\b|basis[-\s]+points?\b|bps?\b|percentage\s+points?\b)"
)
MAX_SCENARIO_NAME_WORDS = 3  # "a -0.5% discount rate change": the rate's name between the move and its word
# a move of a rate the question supposes ("a 100 basis point increase in interest rates", "an increase of 10%", "a
# -0.5% discount rate change", "if rates decrease by 1%"): a scenario a sensitivity table heads a column with, not a
# change to compute
_SCENARIO = re.compile(
    rf"\b{_RATE_MOVED}[\s-]*{_MOVE_WORDS}\b"
    # the rate's name said between only after "a" ("a 0.5% discount rate change"; "the 10% notes change" is a debt)
    rf"|\ban?\s+{_RATE_MOVED}(?:[\s-]+[^\W\d_]+){{1,{MAX_SCENARIO_NAME_WORDS}}}?[\s-]+{_MOVE_WORDS}\b"
    rf"|\b{_MOVE_WORDS}\s+of\s+{_RATE_MOVED}"
    # a condition the question sets: "if interest rates decrease by 100 basis points"
    rf"|\b(?:if|assuming|should|were)\b[^?,]*?\b(?:{_MOVE_WORDS}|(?:increas|decreas|declin|chang)ed|rose|fell|dropped)"
    rf"\s+by\s+{_RATE_MOVED}",
    re.IGNORECASE,
)


# a part's effect on a whole that is itself a change ("the currency impact on Europe's growth", "how much did M&A
# contribute to the group's sales growth"): the growth is the whole the part moved, not a change to compute
_ON_A_CHANGE = re.compile(
    r"\b(?:impact|effect|contribut\w*)\b[^?]*?\b(?:on|to)\s+[^?]*?\b(growth|change)\s*\??\s*$", re.IGNORECASE
)


def whole_moved_blanked(question: str) -> str:
    """The question with the change word of a whole a part moved blanked (`_ON_A_CHANGE`): it asks no change."""
    m = _ON_A_CHANGE.search(question)
    return question if m is None else question[: m.start(1)] + " " * len(m.group(1)) + question[m.end(1) :]


def rule_route(question: str) -> Route:
    """The intent named first in the question decides (a superlative first when the answer is a name: "which year
    had the largest total"); no intent -> semantic when it asks for similarity, else lookup. A supposed move of a
    rate (`_SCENARIO`) names no operation."""
    question = whole_moved_blanked(_SCENARIO.sub(lambda m: " " * len(m.group(0)), question))
    patterns = dict(INTENT_PATTERNS)
    if ASKS_FOR_NAME.search(question) and not patterns[Intent.COMPARE].search(question):
        for intent in (Intent.MAX, Intent.MIN):
            if patterns[intent].search(question):
                change = change_asked(question)
                return Route(
                    RouteKind.AGGREGATE, intent, change=change, relative=bool(change and _RATE.search(question))
                )
        bound = threshold(question)
        if bound is not None:  # "in which year did X exceed 1,000": the column past the bound ("not more than 20":
            return Route(RouteKind.AGGREGATE, Intent.MIN if bound[0] else Intent.MAX)  # under it, whatever words)
        against = rival(question)
        if against is not None:  # "which project spent more than its budget": each candidate against its rival
            return Route(RouteKind.AGGREGATE, Intent.MIN if against[0] else Intent.MAX)
        if COMPARATIVE.search(question) or _PACE.search(question):
            # "in which year was X higher": the larger (smaller) one, no "or" needed; "which grew faster": of a move
            change = change_asked(question)
            return Route(
                RouteKind.AGGREGATE,
                Intent.MIN if LESS_WORDS.search(question) or _SLOWER.search(question) else Intent.MAX,
                change=change,
                relative=bool(change and _RATE.search(question)),
            )
    found: list[tuple[int, int, Intent, str]] = []
    for order, (intent, pattern) in enumerate(INTENT_PATTERNS):
        m = pattern.search(question)
        if m is None or (intent is Intent.COUNT and not COUNT_OF_ROWS.search(question) and threshold(question) is None):
            continue
        found.append((m.start(), order, intent, m.group(0)))
    if found:  # the operation named first is the outer one: "the change in the average ..." is a difference
        _, _, intent, word = min(found)
        return Route(
            RouteKind.AGGREGATE,
            intent,
            _top_n(question) if intent is Intent.TOP_N else None,
            others=_others(question, intent),
            gap=intent is Intent.DIFFERENCE and bool(GAP.fullmatch(word)),
        )
    if SEMANTIC_PATTERNS.search(question):
        return Route(RouteKind.SEMANTIC)
    return Route(RouteKind.LOOKUP)


def route_without(question: str, names: Callable[[str], bool]) -> Route:
    """The rules' route once every operation word that ``names`` says is part of a name the question links to
    ("Weighted average shares", "Rate of salary increase", "Total liabilities") is blanked out: such a word names
    the row, it does not ask for an operation."""
    matches = [m for pattern in [*(p for _, p in INTENT_PATTERNS), LESS_WORDS] for m in pattern.finditer(question)]
    kept = [m for m in matches if not names(m.group(0))]  # "Less: allowance" is a name, not "smaller"
    masked = question
    for m in matches:
        if m in kept or re.match(r"\s*than\b", question[m.end() :], re.IGNORECASE):  # "less than N"
            continue
        if any(k.start() <= m.start() and m.end() <= k.end() and k.group(0) != m.group(0) for k in kept):
            continue  # part of a longer operation that names nothing: "change" in "percentage change"
        masked = masked[: m.start()] + " " * (m.end() - m.start()) + masked[m.end() :]
    return rule_route(masked)


def route(question: str, router: Router | None = None) -> Route:
    """The LLM router's decision when one is configured and decides; the rules otherwise."""
    if router is not None:
        decided = router.route(question)
        if decided is not None:
            return decided
    return rule_route(question)
