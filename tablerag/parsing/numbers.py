"""Number normalisation for cell text, and units/scales from headers and captions. The raw text is always kept.

`parse_number(text)` handles thousands separators (space, no-break and narrow no-break space, comma, dot,
apostrophe), a decimal comma, bracket negatives, unicode minus, percent and per-mille, currency symbols and codes
(prefix or suffix), and scale words written in the cell ("3.5 million", "$2.1bn", "1,2 mln zł", "5 млрд руб.",
"3.5亿", "35,000万元").

Meaning of the fields: ``value`` is the number as written (sign applied), ``scale`` the multiplier of a scale
word in the same cell, so the quantity is ``value * scale`` (`ParsedNumber.scaled`; readers store that in
``Cell.value``). A scale that comes from a header or caption ("in thousands") is *not* multiplied in: it is
carried by the unit label (see `format_unit`), because the numbers a person reads and quotes are the written ones.

`unit_from_text(text)` reads a unit and a scale from a header label or a caption: "(in millions of USD)",
"$ in thousands", "тыс. руб.", "[PLN]", "单位：万元", "percent", "%", "'000 kg".
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

_SPACES = "\u00a0\u202f\u2009\u2007 "
# minus signs; Japanese reports write a negative amount with a triangle ("△1,605", "▲12")
_MINUS = "\u2212\u2012\u2013\u2014-\u25b3\u25b2"
MAX_NUMBER_CHARS = 40  # longer strings are prose, not numbers; keeps the regexes cheap
UNIT_CACHE_SIZE = 8192  # header and row labels repeat down a sheet; caching their unit readings keeps this cheap
SHORT_LABEL_CHARS = 40  # a whole header label this short may itself be a unit ("thousand of acres")
# digits grouped in thousands ("1,234,567", "1.234.567,5"), the Indian way in lakhs and crores ("18,42,500",
# "1,00,00,000": pairs before the last three), or plain
_BODY = re.compile(
    r"^\d{1,3}(?:[.,' ]\d{3})+(?:[.,]\d+)?$|^\d{1,2}(?:,\d\d)+,\d{3}(?:\.\d+)?$|^\d+(?:[.,]\d+)?$|^[.,]\d+$"
)

# currency marks -> ISO code; longest first when matching, so "US$" wins over "$" and "руб." over "р"
CURRENCY_MARKS: dict[str, str] = {
    "US$": "USD",
    "C$": "CAD",
    "CA$": "CAD",
    "A$": "AUD",
    "HK$": "HKD",
    "NZ$": "NZD",
    "R$": "BRL",
    "$": "USD",
    "€": "EUR",
    "£": "GBP",
    "¥": "JPY",
    "￥": "CNY",
    "元": "CNY",
    "₽": "RUB",
    "руб.": "RUB",
    "руб": "RUB",
    "₴": "UAH",
    "грн.": "UAH",
    "грн": "UAH",
    "₹": "INR",
    "₩": "KRW",
    "₺": "TRY",
    "zł": "PLN",
    "Kč": "CZK",
    "Fr.": "CHF",
}
CURRENCY_CODES = frozenset(
    [
        "USD",
        "EUR",
        "GBP",
        "PLN",
        "RUB",
        "RUR",
        "CNY",
        "RMB",
        "JPY",
        "CHF",
        "CAD",
        "AUD",
        "NZD",
        "HKD",
        "SGD",
        "INR",
        "KRW",
        "SEK",
        "NOK",
        "DKK",
        "CZK",
        "HUF",
        "RON",
        "UAH",
        "BYN",
        "KZT",
        "BRL",
        "MXN",
        "TRY",
        "ZAR",
        "ILS",
        "AED",
        "SAR",
    ]
)
_CODE_ALIASES = {"RMB": "CNY", "RUR": "RUB"}

# scale words written after a number or in a unit phrase -> multiplier (lower-case keys)
SCALE_WORDS: dict[str, float] = {
    "thousand": 1e3,
    "thousands": 1e3,
    "million": 1e6,
    "millions": 1e6,
    "billion": 1e9,
    "billions": 1e9,
    "trillion": 1e12,
    "trillions": 1e12,
    "bn": 1e9,
    "mn": 1e6,
    "mln": 1e6,
    "mld": 1e9,
    "mlrd": 1e9,
    "tys.": 1e3,
    "tys": 1e3,
    "тыс.": 1e3,
    "тыс": 1e3,
    "млн.": 1e6,
    "млн": 1e6,
    "млрд.": 1e9,
    "млрд": 1e9,
    "трлн.": 1e12,
    "трлн": 1e12,
    "tsd.": 1e3,
    "tsd": 1e3,
    "mio.": 1e6,
    "mio": 1e6,
    "mrd.": 1e9,
    "mrd": 1e9,
    "千": 1e3,
    "万": 1e4,
    "百万": 1e6,
    "千万": 1e7,
    "亿": 1e8,
}
# one-letter suffixes: attached upper-case K/M/B are unambiguous; lower-case m/b (metres, bits) need a currency
_LETTER_SCALES = {"k": 1e3, "K": 1e3, "M": 1e6, "B": 1e9}
_CURRENCY_LETTER_SCALES = {"m": 1e6, "b": 1e9, "bn": 1e9}
_PERCENT = {"%": "%", "‰": "‰"}

SCALE_NAMES: dict[float, str] = {
    1e3: "thousand",
    1e4: "ten thousand",
    1e6: "million",
    1e7: "ten million",
    1e8: "hundred million",
    1e9: "billion",
    1e12: "trillion",
}


@dataclass(frozen=True, slots=True)
class ParsedNumber:
    value: float  # the number as written, sign applied
    unit: str | None = None  # "%", "‰" or an ISO currency code
    scale: float = 1.0  # multiplier of a scale word in the same text ("3.5 million" -> 1e6)
    raw: str = ""  # the text it was parsed from, unchanged

    @property
    def scaled(self) -> float:
        """The quantity the text means: value * scale."""
        return self.value * self.scale


# ---------------------------------------------------------------------------------------------- parse_number

CJK_START = 0x2E80  # CJK scripts start here; their characters are letters but words have no boundaries


def _is_word_char(ch: str) -> bool:
    """A letter of a script that separates words (Latin, Cyrillic, ...), where a word boundary means something."""
    return ch.isalpha() and ord(ch) < CJK_START


_MARKS_LONGEST_FIRST = sorted(CURRENCY_MARKS, key=len, reverse=True)
_SCALES_LONGEST_FIRST = sorted(SCALE_WORDS, key=len, reverse=True)
_ALPHA_RUN = re.compile(r"[^\W\d_]+")
_ALLOWED_WORDS = frozenset(
    [w.rstrip(".").lower() for w in SCALE_WORDS]
    + [m.rstrip(".$").lower() for m in CURRENCY_MARKS if m.rstrip(".$")]
    + [c.lower() for c in CURRENCY_CODES]
    + ["k", "m", "b", "bn", "mn"]
)
_CJK_NUMBER_CHARS = frozenset("千万百亿元")


def _only_number_words(t: str) -> bool:
    """Every run of letters is a scale word, a currency mark or code: cheap rejection of labels ("Region 3")."""
    for run in _ALPHA_RUN.findall(t):
        low = run.lower()
        if low in _ALLOWED_WORDS or all(ch in _CJK_NUMBER_CHARS for ch in run):
            continue
        if any(low.startswith(code) and low[len(code) :] in ("m", "bn", "k") for code in ("usd", "eur", "gbp")):
            continue
        return False
    return True


_PLAIN = re.compile(r"^-?\d+(?:\.\d+)?$")  # "1234", "-5.25": most cells, parsed without the peeling loop
_SUBUNIT = re.compile(r"^(.*\d\)?)\s?(p|c|¢)$")  # an amount in a currency's hundredth: "53.2p", "(1.5)p", "5.2c"
# a change in points ("3.6 pts.", "+1.2 pp", "(0.4) ppt"): KPI tables state a rate's move so
_POINTS = re.compile(r"^(.*\d\)?)\s?(?:pts?\.?|pp|ppts?\.?|p\.p\.)$", re.IGNORECASE)
# a change in basis points ("140 bps", "+40bps", "(30) bp"), hundredths of a percentage point
_BASIS_POINTS = re.compile(r"^(.*\d\)?)\s?(?:bps?\.?|basis\s+points?)$", re.IGNORECASE)
POINT_UNITS = ("points", "bps")  # the units of a rate's move: percentage points, basis points
# a multiple ("17.8x", "1.4×", "(0.3)x"): price/earnings, leverage, cover ratios are stated so
_TIMES = re.compile(r"^(.*\d\)?)\s?[x×]$", re.IGNORECASE)
# a length measured to a decimal in years or months ("5.2 years", "7.5 months"): a weighted-average term, a
# remaining life; whole ones ("1 year", "2 - 3 years") head maturity buckets and stay labels
_LENGTH = re.compile(r"^(\d+\.\d+)\s*(years?|yrs?|months?)$", re.IGNORECASE)


def _currency_prefix(t: str) -> tuple[str, str | None]:
    for mark in _MARKS_LONGEST_FIRST:
        if t.startswith(mark):
            return t[len(mark) :].strip(), CURRENCY_MARKS[mark]
    code = t[:3].upper()
    if code in CURRENCY_CODES and (len(t) == 3 or not t[3].isalpha()):
        return t[3:].strip(), _CODE_ALIASES.get(code, code)
    return t, None


def _currency_suffix(t: str) -> tuple[str, str | None]:
    for mark in _MARKS_LONGEST_FIRST:
        if t.endswith(mark):
            return t[: -len(mark)].strip(), CURRENCY_MARKS[mark]
    code = t[-3:].upper()
    if code in CURRENCY_CODES and (len(t) == 3 or not t[-4].isalpha()):
        return t[:-3].strip(), _CODE_ALIASES.get(code, code)
    return t, None


def _scale_suffix(t: str, has_currency: bool) -> tuple[str, float]:
    low = t.lower()
    for word in _SCALES_LONGEST_FIRST:
        if low.endswith(word):
            head = t[: -len(word)]
            # a word needs a digit or a space before it ("3 mln", "3mln"), never a letter ("column")
            if head and not _is_word_char(head[-1]):
                return head.strip(), SCALE_WORDS[word]
    letters = _CURRENCY_LETTER_SCALES if has_currency else {}
    for suffix, scale in [*_LETTER_SCALES.items(), *letters.items()]:
        if t.endswith(suffix) and len(t) > len(suffix):
            head = t[: -len(suffix)]
            attached = head[-1].isdigit()
            if attached or (has_currency and head[-1] == " "):
                return head.strip(), scale
    return t, 1.0


@dataclass(slots=True)
class _State:
    text: str
    negative: bool = False
    unit: str | None = None
    currency: str | None = None
    scale: float = 1.0


def _peel_once(s: _State) -> bool:
    """Remove one layer of decoration (brackets, sign, currency, percent, scale word); False when none is left."""
    t = s.text
    if len(t) > 1 and t.startswith("(") and t.endswith(")"):
        s.text, s.negative = t[1:-1].strip(), not s.negative
        return True
    if t and t[0] in _MINUS and len(t) > 1:
        s.text, s.negative = t[1:].strip(), not s.negative
        return True
    if t.startswith("+") and len(t) > 1:
        s.text = t[1:].strip()
        return True
    if t and t[-1] in _PERCENT and s.unit is None:
        s.text, s.unit = t[:-1].strip(), _PERCENT[t[-1]]
        return True
    if s.currency is None:
        for strip in (_currency_prefix, _currency_suffix):
            rest, code = strip(t)
            if code is not None and rest != t:
                s.text, s.currency = rest, code
                return True
    if s.scale == 1.0:
        rest, scale = _scale_suffix(t, s.currency is not None)
        if scale != 1.0:
            s.text, s.scale = rest, scale
            return True
    return False


def _to_float(body: str) -> float | None:
    body = body.replace("'", " ")
    for sp in _SPACES:
        body = body.replace(sp, " ")
    if not _BODY.match(body):
        return None
    body = body.replace(" ", "")
    if "," in body and "." in body:
        # the later mark is the decimal one: 1.234,5 or 1,234.5
        dec = "," if body.rfind(",") > body.rfind(".") else "."
        body = body.replace("." if dec == "," else ",", "").replace(dec, ".")
    elif "," in body:
        head, _, tail = body.rpartition(",")
        # 1,234 and 12,345,678 are thousands; 3,5 and 1234,56 are decimals
        thousands = len(tail) == 3 and head and len(head.replace(",", "")) <= 3 * body.count(",")
        body = body.replace(",", "") if thousands else body.replace(",", ".")
        if body.count(".") > 1:
            return None
    elif body.count(".") > 1:
        body = body.replace(".", "")
    try:
        return float(body)
    except ValueError:
        return None


# a footnote mark after the amount: "$130,000 (1)", "1,234*", "5.2¹", and glued on, "286,915(1)", "(6.9)(a)", "34(a)"
_FOOTNOTE = re.compile(r"(?:\s+\((?:\d{1,2}|[a-z])\)|(?<=[\d)%])\((?:\d{1,2}|[a-z])\)|\s*\*{1,3}|[¹²³⁴⁵⁶⁷⁸⁹⁰]+)$")
MAX_PEELS = 8  # brackets, two signs, currency, percent, scale: more layers than this is not a number


NIL_MARKS = frozenset({"-", "–", "—", "$-", "$–", "$—", "$ -", "$ –", "$ —"})  # a dash in a report's value cell is nil


def is_nil_mark(text: str) -> bool:
    """A value cell holding only a dash (a currency sign before it allowed): nil, neither a number nor text."""
    return " ".join(text.split()) in NIL_MARKS


def parse_number(text: str) -> ParsedNumber | None:
    """The numeric value of a cell's text, or None when the cell is not a number."""
    t = " ".join(text.split()) if any(ch in text for ch in "\n\t") else text.strip()
    if not t or len(t) > MAX_NUMBER_CHARS or not any(ch.isdigit() for ch in t):
        return None
    if _PLAIN.match(t):
        return ParsedNumber(float(t), None, 1.0, text)
    points = _POINTS.match(t)
    if points is not None:
        inner = parse_number(points.group(1))
        return None if inner is None or inner.unit is not None else ParsedNumber(inner.value, "points", 1.0, text)
    basis = _BASIS_POINTS.match(t)
    if basis is not None:
        inner = parse_number(basis.group(1))
        return None if inner is None or inner.unit is not None else ParsedNumber(inner.value, "bps", 1.0, text)
    times = _TIMES.match(t)
    if times is not None:
        inner = parse_number(times.group(1))
        return None if inner is None or inner.unit is not None else ParsedNumber(inner.value, "times", 1.0, text)
    length = _LENGTH.match(t)
    if length is not None:
        inner = parse_number(length.group(1))
        measured = "months" if length.group(2).lower().startswith("m") else "years"
        return None if inner is None or inner.unit is not None else ParsedNumber(inner.value, measured, 1.0, text)
    sub = _SUBUNIT.match(t)
    if sub is not None:  # "53.2p" earnings per share, "5.2c" a dividend: pence and cents
        inner = parse_number(sub.group(1))
        part = "pence" if sub.group(2) == "p" else "cents"
        return None if inner is None or inner.unit is not None else ParsedNumber(inner.value, part, inner.scale, text)
    if not _only_number_words(t):
        return None
    if t.endswith(CURRENCY_THOUSANDS) and unit_label(t) is not None:
        return None  # "$000": a unit heading, not a zero
    bare = _FOOTNOTE.sub("", t)
    state = _State(bare if any(ch.isdigit() for ch in bare) else t)  # "$ (12)": the bracket holds the amount
    for _ in range(MAX_PEELS):
        if not _peel_once(state):
            break
    value = _to_float(state.text)
    if value is None:
        return None
    unit = state.unit if state.unit is not None else state.currency
    return ParsedNumber(-value if state.negative else value, unit, state.scale, text)


# ---------------------------------------------------------------------------------------------- units


_FILLERS = frozenset(
    [
        "in",
        "of",
        "the",
        "all",
        "amounts",
        "amount",
        "figures",
        "values",
        "expressed",
        "number",
        "numbers",
        "units",
        "unit",
        "w",
        "в",
        "и",
        "и.",
        "in:",
        "of:",
        "and",
        "except",
        "except:",
        "unless",
        "otherwise",
        "noted",
        "stated",
        "u.s.",
        "per",
    ]
)
# measurement units a header may name on its own -> canonical form
PHYSICAL_UNITS: dict[str, str] = {
    "kg": "kg",
    "kilograms": "kg",
    "kilogrammes": "kg",
    "g": "g",
    "grams": "g",
    "tonnes": "t",
    "tons": "t",
    "kilotonnes": "kt",
    "kt": "kt",
    "hectares": "ha",
    "ha": "ha",
    "acres": "acres",
    "litres": "l",
    "liters": "l",
    "kwh": "kWh",
    "mwh": "MWh",
    "gwh": "GWh",
    "km": "km",
}
_PERCENT_WORDS = {"%": "%", "percent": "%", "per cent": "%", "percentage": "%", "‰": "‰", "per mille": "‰"}
_THOUSAND_MARKS = ("''000", "'000s", "'000", "000's", "000s", "(000)")  # StatCan/UK style "'000" = thousands
CURRENCY_THOUSANDS = "000"  # after a currency sign ("$000", "£ 000", "US$000"): the column counts thousands of it (a
# zero amount is never written so); alone, "000" names nothing
_CURRENCY_WORDS: dict[str, str] = {
    "u.s. dollars": "USD",
    "us dollars": "USD",
    "dollars": "USD",
    "$ can": "CAD",
    "$can": "CAD",
    "canadian dollars": "CAD",
    "euros": "EUR",
    "euro": "EUR",
    "pounds": "GBP",
    "yen": "JPY",
    "yuan": "CNY",
    "rubles": "RUB",
    "roubles": "RUB",
    "рублей": "RUB",
    "рубли": "RUB",
    "złotych": "PLN",
    "zlotych": "PLN",
    "zl": "PLN",
    "人民币": "CNY",
    "美元": "USD",
}


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # "scale" | "letter" | "pair" | "currency" | "percent" | "physical" | "filler"
    value: str | float


def _token_table() -> list[tuple[str, _Token]]:
    table: list[tuple[str, _Token]] = []
    table += [(w, _Token("scale", s)) for w, s in SCALE_WORDS.items()]
    table += [(m, _Token("scale", 1e3)) for m in _THOUSAND_MARKS]
    table += [(m.lower(), _Token("currency", c)) for m, c in CURRENCY_MARKS.items()]
    table += [(c.lower(), _Token("currency", _CODE_ALIASES.get(c, c))) for c in CURRENCY_CODES]
    table += [(w, _Token("currency", c)) for w, c in _CURRENCY_WORDS.items()]
    table += [(w, _Token("percent", u)) for w, u in _PERCENT_WORDS.items()]
    table += [(w, _Token("physical", u)) for w, u in PHYSICAL_UNITS.items()]
    table += [(w, _Token("filler", "")) for w in _FILLERS]
    table += [("m", _Token("letter", 1e6)), ("k", _Token("letter", 1e3))]  # "€m", "$k": only beside a currency
    table.append((CURRENCY_THOUSANDS, _Token("letter", 1e3)))  # "$000", "£000": "$'000" with no apostrophe
    for code in CURRENCY_CODES:  # "USDm", "EURbn": a code with a scale letter glued on
        for suffix, scale in (("m", 1e6), ("bn", 1e9), ("k", 1e3)):
            table.append(((code + suffix).lower(), _Token("pair", f"{_CODE_ALIASES.get(code, code)}|{scale}")))
    return sorted(table, key=lambda kv: len(kv[0]), reverse=True)


_TOKENS = _token_table()
_TOKENS_BY_FIRST: dict[str, list[tuple[str, _Token]]] = {}
for _word, _tok in _TOKENS:
    _TOKENS_BY_FIRST.setdefault(_word[0], []).append((_word, _tok))
_SEPARATORS = " \t,;:/-–—.()[]"


def _next_token(t: str, i: int) -> tuple[_Token, int] | None:
    for word, tok in _TOKENS_BY_FIRST.get(t[i], []):
        if t.startswith(word, i):
            end = i + len(word)
            # an alphabetic word must end at a word boundary ("in" is not the start of "income")
            if _is_word_char(word[-1]) and end < len(t) and _is_word_char(t[end]):
                continue
            return tok, end
    return None


def _tokens(segment: str, strict: bool) -> list[_Token] | None:
    """Unit tokens read from the left of `segment`; None when `strict` and something else is left."""
    t = segment.lower().replace("’", "'").replace("‘", "'")
    i, out = 0, list[_Token]()
    while i < len(t):
        if t[i] in _SEPARATORS or t[i] in _SPACES:
            i += 1
            continue
        if (year := YEAR_AT.match(t, i)) is not None:  # "2019 €m": a period label beside the unit
            i = year.end()
            continue
        got = _next_token(t, i)
        if got is None:
            return None if strict else out
        out.append(got[0])
        i = got[1]
    return out


def _reading(tokens: list[_Token]) -> tuple[str | None, float] | None:
    unit: str | None = None
    scale = 1.0
    for tok in [t for t in tokens if t.kind == "pair"]:
        code, _, factor = str(tok.value).partition("|")
        tokens = [_Token("currency", code), _Token("scale", float(factor)), *tokens]
    has_currency = any(tok.kind == "currency" for tok in tokens)
    for tok in tokens:
        if (tok.kind == "scale" or (tok.kind == "letter" and has_currency)) and scale == 1.0:
            scale = float(tok.value)
        elif tok.kind in ("currency", "percent", "physical") and unit is None:
            unit = str(tok.value)
    if unit is None and scale == 1.0:
        return None
    return unit, scale


YEAR_AT = re.compile(r"(?:19|20)\d\d(?!\d)")
# digit groups split by single spaces: a letter-spaced year ("2 0 1 8") as a PDF's text or the OCR gives it ("201 8")
_SPACED_GROUPS = re.compile(r"(?<![\d.,])\d{1,3}(?: \d{1,3})+(?![\d.,])")


def joined_years(text: str) -> str:
    """`text` with each letter-spaced year written as one ("2 0 1 8", "201 8", "20 18" -> "2018"); a number with
    space thousands separators ("2 018", "1 649 692") is left as it is."""

    def join(m: re.Match[str]) -> str:
        groups = m.group(0).split(" ")
        digits = "".join(groups)
        thousands = all(len(g) == 3 for g in groups[1:]) and any(len(g) > 1 for g in groups)
        return digits if len(digits) == 4 and YEAR_AT.match(digits) and not thousands else m.group(0)

    return _SPACED_GROUPS.sub(join, text)


_BRACKETS = re.compile(r"[(\[]([^()\[\]]{1,60})[)\]]")
_UNIT_LEAD = re.compile(r"(?:单位|單位|unit[s]?|jednostka|единица измерения|einheit)\s*[:：]\s*([^\n;。]{1,30})", re.I)
_IN_PHRASE = re.compile(r"(?:^|[\s(,])(?:in|w|в)\s+([^.;()\n]{1,50})", re.I)
_EXCEPT = re.compile(r"\b(?:except|unless|other than|excluding)\b.*$", re.I)


def _segments(text: str) -> list[tuple[str, bool]]:
    """(segment, strict) pairs to read, most specific first."""
    segs: list[tuple[str, bool]] = [(m.group(1), False) for m in _UNIT_LEAD.finditer(text)]
    segs += [(_EXCEPT.sub("", m.group(1)), True) for m in _BRACKETS.finditer(text)]
    segs += [(m.group(1), False) for m in _IN_PHRASE.finditer(text)]
    if "," in text:
        segs.append((text.rsplit(",", 1)[1], True))
    if len(text) <= SHORT_LABEL_CHARS:
        segs.append((_EXCEPT.sub("", text), True))
    return segs


@functools.lru_cache(maxsize=UNIT_CACHE_SIZE)
def unit_from_text(text: str | None) -> tuple[str | None, float]:
    """(unit, scale) named by a header label or caption; (None, 1.0) when it names none.

    The unit is "%", "‰", an ISO currency code or a measurement unit ("kg", "kt", "acres"); the scale is the
    multiplier the numbers are written in ("in thousands" -> 1000). Only unit-shaped parts of the text are read:
    a bracketed part, a "unit:"/"单位：" part, an "in ..." phrase, the part after the last comma, or the whole
    label when it is short; a strict part must consist of unit words only, so "95% confidence interval" or
    "millions of people" name no unit.
    """
    if not text or not text.strip():
        return None, 1.0
    unit: str | None = None
    scale = 1.0
    for segment, strict in _segments(" ".join(text.split())):
        tokens = _tokens(segment, strict)
        reading = _reading(tokens) if tokens else None
        if reading is None:
            continue
        unit = unit if unit is not None else reading[0]
        scale = scale if scale != 1.0 else reading[1]
        if unit is not None and scale != 1.0:
            break
    return unit, scale


@functools.lru_cache(maxsize=UNIT_CACHE_SIZE)
def unit_label(text: str) -> tuple[str | None, float] | None:
    """(unit, scale) when the whole text is a unit phrase ("(in millions)", "$'000", "U.S. $ in thousands",
    "(in thousands, except per share data)"), else None: such a cell states the unit of the whole table."""
    t = " ".join(text.split())
    if not t or len(t) > MAX_NUMBER_CHARS * 2:
        return None
    core = _EXCEPT.sub("", t.strip("()[] ")).strip(" ,;")
    tokens = _tokens(core, strict=True)
    return _reading(tokens) if tokens else None


# one measure's scale in a note of several: "units in thousands", "revenue in $ millions"
_MEASURE_SCALE = re.compile(r"^(?P<measure>[^\W\d][\w\s'-]{0,40}?)\s+in\s+(?P<unit>.{1,20})$", re.IGNORECASE)


def measure_scales(text: str) -> list[tuple[str, tuple[str | None, float]]]:
    """(measure, (unit, scale)) for each part of a note giving measures their scales ("(units in thousands;
    revenue in $ millions)", "(sales in $ millions)"); [] unless the text is such parts and nothing else, two or
    more of them or one in brackets."""
    bracketed = text.strip().startswith("(") and text.strip().endswith(")")
    t = " ".join(text.split()).strip("()[] ")
    parts = [p.strip() for p in re.split(r"[;,]", t) if p.strip()]
    out: list[tuple[str, tuple[str | None, float]]] = []
    for part in parts:
        m = _MEASURE_SCALE.match(part)
        reading = unit_label(m.group("unit")) if m else None
        if m is None or reading is None or reading[1] == 1.0:
            return []
        out.append((m.group("measure").strip().lower(), reading))
    return out if len(out) >= 2 or (out and bracketed) else []


def format_unit(unit: str | None, scale: float = 1.0) -> str | None:
    """A unit label for ``Cell.unit``/``Table.unit``: "thousand USD", "million", "%", "USD"; None for nothing."""
    name = SCALE_NAMES.get(scale, f"x{scale:g}") if scale != 1.0 else ""
    label = " ".join(p for p in (name, unit or "") if p)
    return label or None


def split_unit(label: str | None) -> tuple[str | None, float]:
    """Inverse of `format_unit`: "thousand USD" -> ("USD", 1000.0)."""
    if not label:
        return None, 1.0
    for scale, name in sorted(SCALE_NAMES.items(), key=lambda kv: len(kv[1]), reverse=True):
        if label == name or label.startswith(name + " "):
            rest = label[len(name) :].strip()
            return (rest or None), scale
    return label, 1.0


SUFFIX_MARKS = frozenset({"%", "％"})  # a percent sign set apart after its number
_LONE_YEAR = re.compile(r"^(?:19|20)\d\d$")  # a year heads a period column; it is no amount


def _first_amount_row(rows: list[list[str]]) -> int:
    """The first row holding a number that is no year: the header rows (periods, unit notes) lie above it."""
    for i, fields in enumerate(rows):
        for text in fields:
            if text.strip() and parse_number(text.strip()) is not None and not _LONE_YEAR.match(text.strip()):
                return i
    return len(rows)


def mark_folds(rows: list[list[str]]) -> list[tuple[int, int, int]]:
    """Where a column holds nothing but currency and percent marks (a report or an export that sets "$" and "%"
    apart from their amounts), the moves that fold it: (row, col, into) for each mark joined to the amount beside it
    (a currency mark to the one on its right, "$ | 94,888" -> "$94,888"; a percent sign to the number on its left),
    and for each header label over the marks, moved beside them into the amount column's empty header cell ("2019"
    over "$ | 48,212"). A mark beside no number stays; a column of marks with a header of its own beside a headed
    amount column is no column of marks. The caller joins each moved text to its target's: before it when ``into``
    lies right of ``col``, after it otherwise."""
    width = max((len(r) for r in rows), default=0)
    grid = [list(r) + [""] * (width - len(r)) for r in rows]
    prefixes = frozenset(CURRENCY_MARKS) | CURRENCY_CODES
    top = _first_amount_row(grid)
    moves: list[tuple[int, int, int]] = []
    for col in range(width):
        said = {fields[col].strip() for fields in grid[top:] if fields[col].strip()}
        if not said or not said <= prefixes | SUFFIX_MARKS:
            continue
        other = col + (1 if said <= prefixes else -1)
        heads = [r for r in range(top) if grid[r][col].strip()]
        if heads and 0 <= other < width and not any(grid[r][other].strip() for r in heads):
            moves.extend((r, col, other) for r in heads)
        elif heads:
            continue
        for r, fields in enumerate(grid):
            mark = fields[col].strip()
            into = col + (1 if mark in prefixes else -1)
            if r in heads or not mark or not 0 <= into < width:
                continue
            value = fields[into].strip()
            if parse_number(value) is not None or is_nil_mark(value):
                moves.append((r, col, into))
    return moves
