"""Multilingual tokens for lexical matching, shared by BM25, row labels, answer linking and schema search.

Lowercase, ``ё`` -> ``е``, numbers normalised (``1,234.50`` -> ``1234.5``), stopwords dropped, each script run
tokenised by its own rule: Han runs by jieba (search mode), Cyrillic by the Russian Snowball stemmer, Latin by the
English, German or Polish stemmer (PyStemmer), other letters as they are.
"""

from __future__ import annotations

import functools
import logging
import re
import unicodedata
from collections.abc import Iterator
from typing import Any, Literal

Lang = Literal["en", "ru", "de", "pl", "zh"]

TOKENIZER_VERSION = 1  # stored with the index; bump when tokenize() changes so old indexes are rebuilt
CJK_WEIGHT = 3  # one Han character carries about a word, a Latin/Cyrillic word has several letters

STEMMER_BY_LANG: dict[str, str] = {"en": "english", "ru": "russian", "de": "german", "pl": "polish"}


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Small hand lists of the commonest function words: enough to stop them dominating BM25, short enough
# that no content word (a table header such as "total", "итого", "合计") is ever dropped.
STOPWORDS: dict[str, frozenset[str]] = {
    "en": _words(
        "a an the of in on at to for from by with and or is are was were be been what which who how "
        "much many did does do this that these those it its as"
    ),
    "ru": _words(
        "и в во на не что как а но или по с со к у о об от до из за для это был была были быть "
        "ли же то так какой какая какие каков сколько"
    ),
    "de": _words(
        "der die das den dem des ein eine einer eines einem einen und oder ist sind war waren "
        "wie was wer im in am an auf für mit von zu zum zur bei"
    ),
    "pl": _words(
        "i w we na nie że jak a ale lub czy po z ze do od dla to jest są był była było być jaki jaka jakie ile o przez"
    ),
    "zh": _words("的 了 是 在 和 与 及 或 有 为 对 中 上 下 之 其 该 多少 什么 哪些 哪个 吗 呢"),
}
# words that mark a Latin-script text as German or Polish even without diacritics
LANG_HINTS: dict[str, frozenset[str]] = {
    "de": STOPWORDS["de"] - STOPWORDS["en"] - STOPWORDS["pl"] - {"in", "an", "am", "was", "war", "die"},
    "pl": STOPWORDS["pl"] - STOPWORDS["en"] - STOPWORDS["de"] - {"i", "a", "o", "to", "w", "z", "we", "po"},
}

POLISH_LETTERS = frozenset("ąćęłńśźżó")
GERMAN_LETTERS = frozenset("äöüß")
HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
CYRILLIC = "\u0400-\u04ff"
LATIN = "a-z\u00c0-\u024f\u1e00-\u1eff"
THIN_SPACES = "\u00a0\u202f\u2009"  # spaces used as thousands separators ("1 234,5"); a plain space splits
_THIN_SEPARATOR = re.compile(f"(?<=\\d)[{THIN_SPACES}](?=\\d{{3}}(?!\\d))")

_TOKEN_RE = re.compile(
    r"(?P<num>(?<!\d)\d+(?:[.,]\d+)*)"
    rf"|(?P<han>[{HAN}]+)"
    rf"|(?P<cyr>[{CYRILLIC}]+)"
    rf"|(?P<lat>[{LATIN}]+)"
    r"|(?P<other>[^\W\d_]+)"
)
_COMMA_THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")
_DOT_THOUSANDS = re.compile(r"\d{1,3}(?:\.\d{3}){2,}(?:,\d+)?|\d{1,3}(?:\.\d{3})+,\d+")
_DECIMAL_COMMA = re.compile(r"\d+,\d+")
_DECIMAL = re.compile(r"\d+\.\d+")
_WORD_RE = re.compile(rf"[{LATIN}]+")


def _script_counts(text: str) -> tuple[int, int, int]:
    han = cyr = lat = 0
    for ch in text:
        if "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff":
            han += 1
        elif "\u0400" <= ch <= "\u04ff":
            cyr += 1
        elif (ch.isascii() and ch.isalpha()) or "\u00c0" <= ch <= "\u024f":
            lat += 1
    return han, cyr, lat


def _latin_language(text: str) -> Lang:
    lowered = text.lower()
    if any(ch in POLISH_LETTERS for ch in lowered):
        return "pl"
    if any(ch in GERMAN_LETTERS for ch in lowered):
        return "de"
    words = set(_WORD_RE.findall(lowered))
    de_hits, pl_hits = len(words & LANG_HINTS["de"]), len(words & LANG_HINTS["pl"])
    if de_hits > pl_hits:
        return "de"
    return "pl" if pl_hits > de_hits else "en"


def detect_language(text: str) -> Lang:
    """Cheap guess by script: Han -> zh, Cyrillic -> ru, Latin -> pl/de by letters or function words, else en."""
    han, cyr, lat = _script_counts(text)
    if han and han * CJK_WEIGHT >= max(cyr, lat):
        return "zh"
    if cyr and cyr >= lat:
        return "ru"
    return _latin_language(text)


def normalise_number(raw: str) -> str:
    """``1,234.50`` -> ``1234.5``; ``1.234.567,8`` -> ``1234567.8``; ``12,5`` -> ``12.5``; dates stay as they are."""
    text = _THIN_SEPARATOR.sub("", raw)
    if _COMMA_THOUSANDS.fullmatch(text):
        text = text.replace(",", "")
    elif _DOT_THOUSANDS.fullmatch(text):
        text = text.replace(".", "").replace(",", ".")
    elif _DECIMAL_COMMA.fullmatch(text):
        text = text.replace(",", ".")
    if _DECIMAL.fullmatch(text):
        text = text.rstrip("0").rstrip(".")
    return text


@functools.cache
def _stemmer(algorithm: str) -> Any:
    import Stemmer  # PyStemmer: core dependency, imported late

    return Stemmer.Stemmer(algorithm)


@functools.cache
def _jieba() -> Any:
    import jieba  # core dependency, imported late: it loads its dictionary on first use

    jieba.setLogLevel(logging.WARNING)
    jieba.initialize()
    return jieba


def _stem(word: str, lang: str) -> str:
    if word in STOPWORDS.get(lang, frozenset()):
        return ""
    algorithm = STEMMER_BY_LANG.get(lang)
    return str(_stemmer(algorithm).stemWord(word)) if algorithm else word


def _han_tokens(run: str) -> Iterator[str]:
    for token in _jieba().lcut_for_search(run):
        if token.strip() and token not in STOPWORDS["zh"]:
            yield token


LATIN_LANGS: tuple[Lang, ...] = ("en", "de", "pl")  # the Latin-script languages with a stemmer


def _latin_lang(lang: Lang | None, text: str) -> Lang:
    """The language used to stem Latin runs: the given one if Latin-script, else guessed from the text."""
    if lang in LATIN_LANGS:
        return lang
    return _latin_language(text)


def tokenize(text: str, lang: Lang | None = None) -> list[str]:
    """BM25 tokens for ``text``; ``lang`` only chooses the stemmer for Latin-script words."""
    joined = _THIN_SEPARATOR.sub("", text)  # before NFKC, which turns these spaces into plain ones
    cleaned = unicodedata.normalize("NFKC", joined).lower().replace("ё", "е")
    latin = _latin_lang(lang, cleaned)
    tokens: list[str] = []
    for match in _TOKEN_RE.finditer(cleaned):
        kind, run = match.lastgroup, match.group()
        if kind == "num":
            tokens.append(normalise_number(run))
        elif kind == "han":
            tokens.extend(_han_tokens(run))
        else:
            stem = _stem(run, "ru" if kind == "cyr" else latin if kind == "lat" else "")
            if stem:
                tokens.append(stem)
    return tokens
