"""A thing asked for by its kind and picked by a comparison is answered by its name: "what type of inventory had the
highest value", "what component of X was the largest", "name the ... with the lowest ...", "identify the category
...", "state the year with the higher ..."; a quantity asked the same way ("what amount was the highest", "what was
the highest value of X") stays a number. The table is built as a CSV file."""

from __future__ import annotations

import pytest

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

INVENTORIES = [
    ["", "2021", "2020"],
    ["(In thousands)", "", ""],
    ["Raw materials", "$ 81,200", "$ 76,450"],
    ["Work in process", "22,310", "25,904"],
    ["Finished goods", "64,075", "58,118"],
    ["Packaging", "5,902", "6,311"],
    ["Total inventories", "$173,487", "$166,783"],
]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("What type of inventory had the highest value in 2021?", "Raw materials"),
        ("What kind of inventory had the lowest value in 2020?", "Packaging"),
        ("What component of inventories was the largest in 2020?", "Raw materials"),
        ("What inventory item had the smallest amount in 2021?", "Packaging"),
        ("Name the inventory with the highest value in 2021.", "Raw materials"),
        ("Identify the inventory category with the lowest value in 2021.", "Packaging"),
        ("State the year with the higher total inventories.", "2021"),
        ("What was the highest value of work in process?", "25904"),  # a computed maximum, as SQL writes it
    ],
)
def test_a_thing_picked_by_a_comparison_is_named(tmp_path, question, answer):
    found = answer_table(table_from_rows(INVENTORIES, tmp_path, "inventories"), question)
    assert found is not None and not found.refused, found
    assert found.value == answer


SEGMENTS = {
    "de": [["Segment", "2021", "2020"], ["Industrie", "4.100", "3.900"], ["Handel", "2.300", "2.450"]],
    "ru": [["Сегмент", "2021", "2020"], ["Промышленность", "4 100", "3 900"], ["Торговля", "2 300", "2 450"]],
    "pl": [["Segment", "2021", "2020"], ["Przemysł", "4 100", "3 900"], ["Handel", "2 300", "2 450"]],
}


@pytest.mark.parametrize(
    ("language", "question", "answer"),
    [
        ("de", "Nennen Sie das Segment mit dem höchsten Umsatz 2021.", "Industrie"),
        ("ru", "Назовите сегмент с наибольшей выручкой в 2021 году.", "Промышленность"),
        ("pl", "Wymień segment o najwyższej wartości w 2021 roku.", "Przemysł"),
    ],
)
def test_a_name_requested_in_other_languages(tmp_path, language, question, answer):
    found = answer_table(table_from_rows(SEGMENTS[language], tmp_path, language), question)
    assert found is not None and not found.refused, found
    assert found.value == answer
