"""Lexical index: language guess, multilingual tokens, BM25 search with an allowed subset, persistence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tablerag.errors import IndexMismatchError
from tablerag.index import lexical
from tablerag.index.lexical import LexicalIndex
from tablerag.text.tokens import detect_language, normalise_number, tokenize


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Выручка компании выросла на 12%", "ru"),
        ("期末余额合计为2,115,864.26元", "zh"),
        ("Der Umsatz stieg im Jahr 2019 deutlich", "de"),
        ("Umsatzerlöse nach Regionen", "de"),
        ("Przychody spółki wzrosły o 12,5%", "pl"),
        ("Ile wynosi zysk netto", "pl"),
        ("Sales by Contract Type: substantially all of our contracts are fixed-price", "en"),
        ("Выручка (Revenue) по сегментам, млн руб.", "ru"),
        ("项目 Opening balance 期初余额", "zh"),
    ],
)
def test_detect_language(text: str, lang: str) -> None:
    assert detect_language(text) == lang


@pytest.mark.parametrize(
    ("raw", "normalised"),
    [
        ("1,234.50", "1234.5"),
        ("2,930,000.00", "2930000"),
        ("1.234.567,89", "1234567.89"),
        ("12,5", "12.5"),
        ("1\u00a0234,5", "1234.5"),
        ("31.12.2019", "31.12.2019"),
        ("2019", "2019"),
    ],
)
def test_normalise_number(raw: str, normalised: str) -> None:
    assert normalise_number(raw) == normalised


def test_russian_stemming_and_yo() -> None:
    assert tokenize("партнёром") == tokenize("Партнёр") == ["партнер"]


def test_mixed_script_runs_use_their_own_rules() -> None:
    tokens = tokenize("Выручка компании (Revenues) выросла до 1\u00a0234,5 млн")
    assert {"выручк", "revenu", "1234.5"} <= set(tokens)
    assert "компании" not in tokens  # Russian run was stemmed


def test_chinese_uses_jieba_words() -> None:
    tokens = tokenize("期末余额合计为2,115,864.26元")
    assert {"期末余额", "合计", "2115864.26"} <= set(tokens)
    assert "为" not in tokens  # stopword


def test_stopwords_dropped_content_words_kept() -> None:
    assert tokenize("What was the total revenue?") == ["total", "revenu"]
    assert tokenize("Итого по сегментам") == tokenize("итого") + tokenize("сегментам")  # "по" dropped


@pytest.fixture(scope="module")
def corpus(shared_data: Path) -> dict[str, str]:
    """Real TAT-QA paragraphs plus a few Russian, Chinese and German lines written here."""
    contexts = json.loads((shared_data / "tat-qa" / "tatqa_dataset_dev.json").read_text(encoding="utf-8"))
    texts = {f"tat-{i}": p["text"] for i, p in enumerate(contexts[0]["paragraphs"] + contexts[1]["paragraphs"])}
    texts["ru-1"] = "Компания является партнёром банка с 2015 года; выручка выросла до 1 452,4 млн руб."
    texts["ru-2"] = "Партнёр компании отчитался о чистой прибыли"
    texts["zh-1"] = "高技术船舶项目期末余额合计为4,935,864.26元"
    texts["de-1"] = "Die Umsatzerlöse stiegen 2019 auf 1.452,4 Mio. Euro"
    texts["empty"] = ""
    return texts


@pytest.fixture()
def index(tmp_path: Path, corpus: dict[str, str]) -> LexicalIndex:
    built = LexicalIndex(tmp_path / "lexical")
    built.rebuild(list(corpus), list(corpus.values()))
    return built


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("партнёр компании", {"ru-1", "ru-2"}),
        ("期末余额是多少", {"zh-1"}),
        ("4935864.26", {"zh-1"}),
        ("Umsatzerlöse 2019", {"de-1"}),
    ],
)
def test_search_finds_the_right_language(index: LexicalIndex, query: str, expected: set[str]) -> None:
    hits = index.search(query, k=len(expected))
    assert {record_id for record_id, _ in hits} == expected
    assert all(score > 0 for _, score in hits)


def test_search_allowed_subset_is_a_prefilter(index: LexicalIndex, corpus: dict[str, str]) -> None:
    query = "contracts fixed-price sales"
    unfiltered = index.search(query, k=len(corpus))
    assert len(unfiltered) > 2
    worst = unfiltered[-1][0]
    allowed = {worst, "ru-2", "not-an-id"}  # the best matches are left out; only the weakest may return
    assert index.search(query, k=5, allowed=allowed) == [unfiltered[-1]]
    assert index.search(query, k=5, allowed=set()) == []


def test_search_edge_cases(index: LexicalIndex) -> None:
    assert index.search("", k=5) == []
    assert index.search("the of and", k=5) == []  # only stopwords
    assert index.search("zzzqqq", k=5) == []  # not in the vocabulary
    assert index.search("партнёр", k=0) == []


def test_persistence_round_trip(index: LexicalIndex, corpus: dict[str, str]) -> None:
    reopened = LexicalIndex(index.path)
    assert len(reopened) == len(corpus)
    for query in ("партнёр", "contracts", "期末余额"):
        assert reopened.search(query, k=10) == index.search(query, k=10)


def test_rebuild_replaces_and_empty_corpus(index: LexicalIndex) -> None:
    index.rebuild(["a"], ["Партнёр"])
    assert LexicalIndex(index.path).search("партнёром", k=5)[0][0] == "a"
    index.rebuild([], [])
    reopened = LexicalIndex(index.path)
    assert len(reopened) == 0
    assert reopened.search("партнёр", k=5) == []
    assert not index.path.with_name(index.path.name + ".tmp").exists()


def test_old_tokenizer_version_is_refused(index: LexicalIndex, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lexical, "TOKENIZER_VERSION", lexical.TOKENIZER_VERSION + 1)
    with pytest.raises(IndexMismatchError, match="rebuild"):
        LexicalIndex(index.path)


def test_rebuild_rejects_duplicate_ids(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unique"):
        LexicalIndex(tmp_path / "x").rebuild(["a", "a"], ["one", "two"])
