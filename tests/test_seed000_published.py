"""The seed-000 sheet as published: a three-row header whose words wrap inside the cells ("Гипер-" over "маркеты",
"Название" over "сети") under a label merged over C:E; its record and both questions, cited, through a real index."""

from __future__ import annotations

import pytest
from helpers import build_seed000_published_workbook

import tablerag
from tablerag.decomposition.records import row_text
from tablerag.parsing.spreadsheet import read_xlsx


@pytest.fixture(scope="module")
def published(tmp_path_factory):
    root = tmp_path_factory.mktemp("seed-published")
    book = build_seed000_published_workbook(root / "сети.xlsx")
    index = tablerag.Index(root / "index")
    assert index.add([book], version="2024-10-15").count("added") == 1
    yield index, book
    index.close()


@pytest.mark.parametrize("stream", [False, True])
def test_wrapped_header_rows_make_one_level_per_word(published, stream):
    _, book = published
    (table,) = read_xlsx(book, "ab" * 32, stream=stream).tables
    assert table.header_rows == 3  # the row of word endings is header, not the first data row
    assert table.column_headers == [
        ["Название сети"],
        ["Партнёр"],
        ["Каналы National (Urban)", "Гипермаркеты"],
        ["Каналы National (Urban)", "Супермаркеты"],
        ["Каналы National (Urban)", "Минимаркеты"],
    ]
    text = row_text(table, 3)
    assert "A (Название сети)=СЕВЕРЯНКА; B (Партнёр)=Да; C (Каналы National (Urban) / Гипермаркеты)=91" in text


@pytest.mark.parametrize(
    ("question", "value", "column"),
    [("Сколько гипермаркетов у сети Северянка?", "91", "C"), ("Является ли Северянка нашим партнёром?", "Да", "B")],
)
def test_both_questions_answered_with_citations(published, question, value, column):
    index, book = published
    answer = index.ask(question).answer
    assert answer is not None and not answer.refused, answer
    assert answer.value == value
    cite = answer.citations[0]
    assert (cite["sheet"], cite["sheet_row"], cite["column"], cite["version"]) == ("Сети", 4, column, "2024-10-15")
    assert cite["file"] == str(book)
