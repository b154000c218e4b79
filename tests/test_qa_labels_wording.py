"""Questions whose answer is a label, asked in the inflected forms German, Polish and Russian use: a superlative
matched by its stem ("najwyższ" of "najwyższe", which the question's words stem otherwise) asks the operation,
it names no row; a superlative that is the row's own name ("Najniższe wynagrodzenie") still names it; the feminine
and plural forms of "самый" ask one as the masculine does; "в какой стране" asks for a name. Each test builds its
table as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table
from tablerag.qa.route import Intent, rule_route

POLISH = [["", "2019", "2018", "2017"], ["Przychody", "14500", "16200", "12800"], ["Zysk netto", "1200", "1900", "800"]]
GERMAN = [["", "2019", "2018", "2017"], ["Umsatz", "1200", "1000", "1100"], ["Nettogewinn", "200", "30", "90"]]
RUSSIAN = [
    ["", "2019", "2018", "2017"],
    ["Выручка", "14500", "16200", "12800"],
    ["Чистая прибыль", "1200", "1900", "800"],
]
RUSSIAN_REGIONS = [
    ["", "2019", "2018"],
    ["Россия", "900", "800"],
    ["Казахстан", "300", "350"],
    ["Беларусь", "200", "150"],
]


def _label(answer):
    assert answer is not None and not answer.refused, answer
    return answer.value


def test_an_inflected_superlative_asks_for_the_period(tmp_path):
    polish = table_from_rows(POLISH, tmp_path, "pl")
    assert _label(answer_table(polish, "W którym roku przychody były najwyższe?")) == "2018"
    assert _label(answer_table(polish, "W którym roku zysk netto był najniższy?")) == "2017"
    german = table_from_rows(GERMAN, tmp_path, "de")
    assert _label(answer_table(german, "In welchem Jahr war der Nettogewinn am niedrigsten?")) == "2018"


def test_a_superlative_that_is_part_of_the_row_name_stays_a_name(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Najwyższe wynagrodzenie", "900", "850"],
        ["Najniższe wynagrodzenie", "300", "280"],
        ["Liczba pracowników", "120", "110"],
    ]
    table = table_from_rows(rows, tmp_path, "names")
    answer = answer_table(table, "Jakie było najniższe wynagrodzenie w 2019?")  # the row's cell, not the column's least
    assert answer is not None and answer.value == "300"


def test_russian_superlatives_in_every_gender_and_case():
    for question in ("В каком году выручка была самой высокой?", "Какая самая высокая выручка?"):
        assert rule_route(question).intent is Intent.MAX, question
    assert rule_route("В каком году прибыль была самой низкой?").intent is Intent.MIN


def test_russian_questions_answer_with_the_label(tmp_path):
    table = table_from_rows(RUSSIAN, tmp_path, "ru")
    assert _label(answer_table(table, "В каком году выручка была самой высокой?")) == "2018"
    assert _label(answer_table(table, "В каком году чистая прибыль была самой низкой?")) == "2017"
    regions = table_from_rows(RUSSIAN_REGIONS, tmp_path, "regions")
    assert _label(answer_table(regions, "В какой стране в 2019 году значение было самым высоким?")) == "Россия"


def test_a_noun_with_a_clause_asks_for_its_name_but_a_year_end_is_an_amount():
    from tablerag.qa.route import label_asked

    assert label_asked("What was the year with the highest cash?", None)
    assert label_asked("What is the segment that had the largest revenue?", None)
    assert label_asked("Which of the two years had more cash?", None)
    assert not label_asked("What was the year-end balance of cash in 2019?", None)
    assert not label_asked("What was the year end cash?", None)
