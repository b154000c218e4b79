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


MARGINS = [
    ["", "2019", "% of net sales", "2018", "% of net sales"],
    ["Net sales", "1,000", "100.0%", "900", "100.0%"],
    ["Gross profit", "400", "40.0%", "330", "36.7%"],
    ["Net income", "100", "10.0%", "80", "8.9%"],
]


@pytest.mark.parametrize(
    "question",
    [
        "What was net income as a percentage of net sales in 2019?",
        "What was net income as a % of net sales in 2019?",
        "What was net income as % of net sales in 2019?",
        "What was net income as a percent of net sales in 2019?",
    ],
)
def test_the_share_of_the_part_is_taken_not_the_whole_it_is_taken_of(tmp_path, question):
    """ "Net sales" says more of the question's words than "Net income", but names the whole the share is of."""
    table = table_from_rows(MARGINS, tmp_path, "margins")
    answer = answer_table(table, question)
    assert answer is not None and answer.value == "10.0%"
    assert [(c["row"], c["col"]) for c in answer.citations] == [(3, 2)]
    assert answer_table(table, "What was net sales in 2019?").value == "1,000"


def test_a_share_said_with_a_percent_sign_is_computed_as_a_percentage(tmp_path):
    table = table_from_rows(
        [["", "2019", "2018"], ["Net sales", "1,000", "900"], ["Net income", "100", "80"]], tmp_path, "t"
    )
    answer = answer_table(table, "What was net income as a % of net sales in 2019?")
    assert answer is not None and answer.value is not None and float(answer.value) == pytest.approx(10.0)


EARNINGS = [
    ["", "2019", "2018"],
    ["Revenue", "1,000", "900"],
    ["Operating profit", "150", "120"],
    ["Net income", "100", "80"],
]


@pytest.mark.parametrize(
    ("question", "share"),
    [
        ("What percentage of revenue was net income in 2019?", 10.0),
        ("What percentage of the total revenue is net income in 2019?", 10.0),
        ("What proportion of revenue was operating profit in 2018?", 120 / 900),
        ("What was net income as a percentage of revenue in 2019?", 10.0),
    ],
)
def test_a_whole_named_before_its_part_divides_it(tmp_path, question, share):
    """ "What percentage of X was Y": X, said first, is the whole; never Y's share inverted (1000%)."""
    table = table_from_rows(EARNINGS, tmp_path, "earnings")
    answer = answer_table(table, question)
    assert answer is not None and answer.value is not None
    assert float(answer.value) == pytest.approx(share)
    assert {c["row"] for c in answer.citations} == {1, 2 if "operating" in question else 3}


def test_a_share_of_all_of_a_kind_keeps_its_total_row(tmp_path):
    rows = [
        ["Farm type", "Percentage of farm operators who report off-farm work"],
        ["Goat", "57.2"],
        ["All other miscellaneous animal", "60"],
        ["All farm types", "44.4"],
    ]
    table = table_from_rows(rows, tmp_path, "farms")
    answer = answer_table(table, "What percentage of all operators is reported working off the farm?")
    assert answer is not None and answer.value == "44.4"


def test_a_part_named_by_fewer_words_than_its_whole_is_still_the_part(tmp_path):
    """ "Buildings" says one word of the question, "Total property, plant and equipment" four: the part is
    still an operand, and the whole the divisor."""
    rows = [
        ["", "2019", "2018"],
        ["Land", "100", "100"],
        ["Buildings", "500", "480"],
        ["Equipment", "300", "250"],
        ["Total property, plant and equipment", "900", "830"],
    ]
    table = table_from_rows(rows, tmp_path, "ppe")
    answer = answer_table(table, "What percentage of total property, plant and equipment was buildings in 2019?")
    assert answer is not None and answer.value is not None
    assert float(answer.value) == pytest.approx(500 / 900 * 100)
    assert sorted((c["row"], c["col"]) for c in answer.citations) == [(2, 1), (4, 1)]


def test_a_whole_column_named_first_divides_the_part_column(tmp_path):
    rows = [["", "Q1", "Q2", "Q3", "Q4", "Total"], ["Revenue", "100", "120", "130", "150", "500"]]
    table = table_from_rows(rows, tmp_path, "quarters")
    for question in ("What percentage of total revenue was Q4?", "What was Q4 revenue as a percentage of the total?"):
        answer = answer_table(table, question)
        assert answer is not None and answer.value is not None
        assert float(answer.value) == pytest.approx(30.0)


def test_a_rate_asked_is_the_percentage_beside_the_amount_at_it(tmp_path):
    rows = [
        ["", "2019", "", "2018", ""],
        ["", "Amount", "%", "Amount", "%"],
        ["Tax at federal statutory rate", "2,100", "21.0%", "1,890", "21.0%"],
        ["Research credits", "(300)", "(3.0)", "(270)", "(3.0)"],
    ]
    table = table_from_rows(rows, tmp_path, "rates")
    rate = answer_table(table, "What was the federal statutory rate in 2018?")
    assert rate is not None and rate.value == "21.0%" and rate.citations[0]["col"] == 4
    amount = answer_table(table, "What was the tax at federal statutory rate in 2019?")  # the amount at the rate
    assert amount is not None and amount.value == "2,100"
