"""Number normalisation for cell text: the raw text is always kept beside the value.

Handles thousands separators (space, no-break and narrow no-break space, comma, dot, apostrophe), a decimal
comma, bracket negatives, unicode minus, percent and common currency marks. Scale words and units from headers
are the table-semantics layer's job.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_SPACES = "\u00a0\u202f\u2009\u2007 "
_MINUS = "\u2212\u2012\u2013\u2014-"
_CURRENCY = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₽": "RUB", "zł": "PLN", "руб.": "RUB", "руб": "RUB"}
_CODES = ("USD", "EUR", "GBP", "PLN", "RUB", "CNY", "JPY", "CHF")
_BODY = re.compile(r"^\d{1,3}(?:[.,' ]\d{3})+(?:[.,]\d+)?$|^\d+(?:[.,]\d+)?$|^[.,]\d+$")
MAX_NUMBER_CHARS = 40  # longer strings are prose, not numbers; keeps the regex cheap


@dataclass(frozen=True, slots=True)
class ParsedNumber:
    value: float
    unit: str | None = None  # "%" or a currency code


def _strip_unit(text: str) -> tuple[str, str | None]:
    if text.endswith("%"):
        return text[:-1].strip(), "%"
    for mark, code in _CURRENCY.items():
        if text.startswith(mark):
            return text[len(mark) :].strip(), code
        if text.endswith(mark):
            return text[: -len(mark)].strip(), code
    for code in _CODES:
        if text.upper().startswith(code + " ") or text.upper().endswith(" " + code):
            return text.upper().replace(code, "").strip(), code
    return text, None


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
        body = (
            body.replace(",", "")
            if len(tail) == 3 and head and body.count(",") >= 1 and len(head.replace(",", "")) <= 3 * body.count(",")
            else body.replace(",", ".")
        )
        if body.count(".") > 1:
            return None
    elif body.count(".") > 1:
        body = body.replace(".", "")
    try:
        return float(body)
    except ValueError:
        return None


def parse_number(text: str) -> ParsedNumber | None:
    """The numeric value of a cell's text, or None when the cell is not a number."""
    t = text.strip()
    if not t or len(t) > MAX_NUMBER_CHARS:
        return None
    negative = False
    if t.startswith("(") and t.endswith(")"):
        negative, t = True, t[1:-1].strip()
    t, unit = _strip_unit(t)
    if t and t[0] in _MINUS:
        negative, t = not negative, t[1:].strip()
    elif t.startswith("+"):
        t = t[1:].strip()
    if unit is None:
        t, unit = _strip_unit(t)
    value = _to_float(t)
    if value is None:
        return None
    return ParsedNumber(-value if negative else value, unit)
