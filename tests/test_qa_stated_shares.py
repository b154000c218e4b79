"""A share asked in other languages than English ("持有多少比例", "доля", "Anteil", "udział") is the stated percentage
when the table states one, not a ratio of two of its amounts. Each test builds its table as a CSV file."""

from __future__ import annotations

import pytest

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

HOLDERS_ZH = [
    ["序号", "股东名称", "期末持股数", "期末持股比例%", "期末持有限售股份数量", "期末持有无限售股份数量"],
    ["1", "华东投资集团有限公司", "18,400,000", "46.0000%", "6,000,000", "12,400,000"],
    ["2", "王立新", "4,210,000", "10.5250%", "3,157,500", "1,052,500"],
    ["3", "陈晓梅", "1,600,000", "4.0000%", "1,200,000", "400,000"],
]

HOLDERS_RU = [
    ["Акционер", "Число акций", "Доля, %"],
    ["ООО «Северный фонд»", "5,200,000", "52.0%"],
    ["Прочие акционеры", "4,800,000", "48.0%"],
]

HOLDERS_DE = [
    ["Aktionär", "Anzahl Aktien", "Anteil in %"],
    ["Nordbank AG", "3,100,000", "31.0%"],
    ["Streubesitz", "6,900,000", "69.0%"],
]

HOLDERS_PL = [
    ["Akcjonariusz", "Liczba akcji", "Udział w kapitale"],
    ["Fundusz Alfa", "2,400,000", "24.0%"],
    ["Pozostali", "7,600,000", "76.0%"],
]


@pytest.mark.parametrize(
    ("rows", "question", "cell"),
    [
        (HOLDERS_ZH, "期末的时候，股东王立新持有多少比例的公司股份", ("10.5250%", 2, 3)),
        (HOLDERS_RU, "Какова доля прочих акционеров?", ("48.0%", 2, 2)),
        (HOLDERS_DE, "Wie hoch ist der Anteil der Nordbank AG an den Aktien?", ("31.0%", 1, 2)),
        (HOLDERS_PL, "Jaki jest udział w akcjach Funduszu Alfa?", ("24.0%", 1, 2)),
    ],
)
def test_a_share_asked_is_the_stated_percentage(tmp_path, rows, question, cell):
    answer = answer_table(table_from_rows(rows, tmp_path, "holders"), question)
    assert answer is not None and not answer.refused, answer
    assert (answer.value, answer.citations[0]["row"], answer.citations[0]["col"]) == cell
