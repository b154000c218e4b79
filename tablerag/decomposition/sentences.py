"""Cell decomposition without a model: one triple and one standalone template sentence per value cell.

A triple is ``row header chain | column header chain | value [unit]``; a sentence says the same in the
table's own language and names its table, so it stands alone in an index. Pure functions of strings:
this module imports nothing but the standard library.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

SentenceLang = Literal["en", "ru", "de", "pl", "zh"]

CJK_SHARE = 0.2  # a text whose letters are at least 20% Han is Chinese (headers mix Latin codes and Han words)
POLISH_LETTERS = frozenset("ąćęłńśźż")
GERMAN_LETTERS = frozenset("äöüß")

# One template per language. Slots: title, column (header chain), row (header chain), value (with its unit).
TEMPLATES: dict[SentenceLang, str] = {
    "en": "In {title}, {column} for {row} is {value}.",
    "ru": "В таблице {title}: {column} для «{row}» — {value}.",
    "de": "In {title} beträgt {column} für {row} {value}.",
    "pl": "W tabeli {title}: {column} dla {row} wynosi {value}.",
    "zh": "在{title}中，{row}的{column}为{value}。",
}


# A field of a key-value form (a profile, an infobox): its label and value, no row or column header.
FORM_TEMPLATES: dict[SentenceLang, str] = {
    "en": "In {title}, {key} is {value}.",
    "ru": "В таблице {title}: {key} — {value}.",
    "de": "In {title}: {key} ist {value}.",
    "pl": "W tabeli {title}: {key} to {value}.",
    "zh": "在{title}中，{key}为{value}。",
}


@dataclass(frozen=True, slots=True)
class CellFact:
    """One value cell with the headers that name it."""

    title: str
    row: str  # row header chain, levels joined
    column: str  # column header chain, levels joined
    value: str
    unit: str | None = None


def detect_lang(text: str) -> SentenceLang:
    """Cheap script-based guess: Han -> zh, Cyrillic -> ru, Polish or German letters -> pl/de, else en."""
    han = sum(1 for ch in text if "\u3400" <= ch <= "\u9fff")
    cyr = sum(1 for ch in text if "\u0400" <= ch <= "\u04ff")
    letters = sum(1 for ch in text if ch.isalpha()) or 1
    if han / letters >= CJK_SHARE:
        return "zh"
    if cyr * 2 >= letters:
        return "ru"
    lowered = set(text.lower())
    if lowered & POLISH_LETTERS:
        return "pl"
    return "de" if lowered & GERMAN_LETTERS else "en"


def value_with_unit(value: str, unit: str | None) -> str:
    """``1,452.4 [million]``: the unit only when it is not already written in the value."""
    if not unit or unit.lower() in value.lower():
        return value
    return f"{value} [{unit}]"


def triple(fact: CellFact) -> str:
    """``title: row | column | value [unit]``."""
    return f"{fact.title}: {fact.row} | {fact.column} | {value_with_unit(fact.value, fact.unit)}"


def sentence(fact: CellFact, lang: SentenceLang | None = None) -> str:
    """One standalone sentence for the cell, in ``lang`` (guessed from the headers and title when None)."""
    chosen = lang or detect_lang(f"{fact.title} {fact.row} {fact.column}")
    return TEMPLATES[chosen].format(
        title=fact.title, column=fact.column, row=fact.row, value=value_with_unit(fact.value, fact.unit)
    )


def form_triple(title: str, key: str, value: str) -> str:
    """``title: label | value`` for a form's field."""
    return f"{title}: {key} | {value}"


def form_sentence(title: str, key: str, value: str, lang: SentenceLang | None = None) -> str:
    """One standalone sentence for a form's field, in ``lang`` (guessed from the label and title when None)."""
    chosen = lang or detect_lang(f"{title} {key}")
    return FORM_TEMPLATES[chosen].format(title=title, key=key, value=value)
