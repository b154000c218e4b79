"""Years written as section headings over rows of the same names ("2019" over "High | Low", "2018" over "High |
Low"), and period columns written the way Chinese, Russian, German and Polish reports head them ("2019年")."""

from __future__ import annotations

import pytest

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table
from tablerag.qa.periods import column_kind

PRICES = [
    ["", "First Quarter", "Second Quarter", "Third Quarter", "Fourth Quarter"],
    ["2019", "", "", "", ""],
    ["High", "$25.10", "$27.30", "$26.00", "$29.40"],
    ["Low", "$20.00", "$22.15", "$21.80", "$24.00"],
    ["2018", "", "", "", ""],
    ["High", "$22.00", "$23.50", "$24.10", "$25.00"],
    ["Low", "$18.20", "$19.90", "$20.50", "$21.00"],
]


@pytest.mark.parametrize(
    ("question", "value", "cell"),
    [
        ("What was the high price in the second quarter of 2019?", "$27.30", (2, 2)),
        ("What was the low price in the fourth quarter of 2018?", "$21.00", (6, 4)),
        ("What was the 2018 first quarter high?", "$22.00", (5, 1)),
    ],
)
def test_a_year_heading_names_the_rows_under_it(tmp_path, question, value, cell):
    table = table_from_rows(PRICES, tmp_path, "prices")
    answer = answer_table(table, question)
    assert answer is not None and answer.value == value
    assert [(c["row"], c["col"]) for c in answer.citations] == [cell]


@pytest.mark.parametrize(
    ("header", "question"),
    [
        (["项目", "2019年", "2018年"], "哪一年净利润更高？"),
        (["Показатель", "2019 г.", "2018 г."], "В каком году чистая прибыль была больше?"),
        (["Kennzahl", "Geschäftsjahr 2019", "Geschäftsjahr 2018"], "In welchem Jahr war der Gewinn höher?"),
    ],
)
def test_period_columns_in_other_languages_are_compared_as_periods(tmp_path, header, question):
    rows = [
        header,
        ["Выручка / 营业收入 / Umsatz", "8,800", "7,900"],
        ["净利润 / чистая прибыль / Gewinn", "1,020", "1,100"],
    ]
    table = table_from_rows(rows, tmp_path, "periods")
    assert column_kind(table, 1) == column_kind(table, 2)
    answer = answer_table(table, question)
    assert answer is not None and answer.value == "2018"
    assert sorted((c["row"], c["col"]) for c in answer.citations) == [(2, 1), (2, 2)]
