"""The network register sheet end to end (merged two-level header), its row record and a cited answer."""

from __future__ import annotations

import pytest
from helpers import build_seed000_workbook

import tablerag


@pytest.fixture(scope="module")
def seed_index(tmp_path_factory):
    root = tmp_path_factory.mktemp("seed")
    book = build_seed000_workbook(root / "сети.xlsx")
    index = tablerag.Index(root / "index")
    report = index.add([book], version="2024-10-15")
    assert report.count("added") == 1
    yield index, book
    index.close()


def test_severyanka_record_carries_partner_column(seed_index):
    index, _ = seed_index
    hits = index.search("СЕВЕРЯНКА партнёр", k=20)
    rows = [h for h in hits if h.kind == "row" and "СЕВЕРЯНКА" in h.text]
    assert rows, [h.text for h in hits]
    text = rows[0].text
    assert 'Sheet "Сети", row 4: A (Название сети)=СЕВЕРЯНКА; B (Партнёр)=Да;' in text
    assert "C (Каналы National (Urban) / Гипермаркеты)=91" in text


def test_ask_partner_cites_sheet_row_and_column(seed_index):
    index, book = seed_index
    result = index.ask("Является ли Северянка нашим партнёром?")
    answer = result.answer
    assert answer is not None and not answer.refused
    assert answer.value == "Да"
    (cite,) = answer.citations
    assert (cite["sheet"], cite["sheet_row"], cite["column"], cite["version"]) == ("Сети", 4, "B", "2024-10-15")
    assert cite["file"] == str(book) and len(cite["sha256"]) == 64
    assert "Сети" in answer.text and "row 4" in answer.text


def test_ask_takes_a_number_from_the_merged_header_column(seed_index):
    index, _ = seed_index
    answer = index.ask("Сколько дискаунтеров у сети Магнит?").answer
    assert answer is not None and answer.value == "90"
    assert answer.citations[0]["column"] == "E" and answer.citations[0]["sheet_row"] == 5


def test_unlinked_question_is_refused_with_closest_sources(seed_index):
    index, _ = seed_index
    answer = index.ask("Who won the 1998 football world cup?").answer
    assert answer is not None and answer.refused and answer.value is None and not answer.citations
    assert answer.closest
