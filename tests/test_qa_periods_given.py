"""The periods a table gives, asked as a list: "which years does the table show" over period sections or a stub of
years ("2022 ... Thereafter"), "for which years is the average price provided" (an operation word in the quantity's
name asks for no average), "for which year(s) ...". Each test builds its table as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

SECTIONS = [
    ["", "Gross", "Allowance", "Net"],
    ["December 31, 2021", "", "", ""],
    ["Trade receivables", "$9,410", "$(120)", "$9,290"],
    ["Other receivables", "1,002", "—", "1,002"],
    ["December 31, 2020", "", "", ""],
    ["Trade receivables", "$8,215", "$(98)", "$8,117"],
    ["Other receivables", "877", "—", "877"],
]

MATURITIES = [
    ["", "Operating leases", "Finance leases"],
    ["2022", "$310", "$41"],
    ["2023", "288", "37"],
    ["2024", "251", "30"],
    ["Thereafter", "905", "112"],
    ["Total", "1,754", "220"],
]

PRICES = [
    ["", "2021", "2020", "2019"],
    ["Average selling price ($/unit)", "41.20", "39.85", "38.10"],
    ["Units shipped (thousands)", "1,204", "1,150", "1,098"],
]


def _listed(answer):
    assert answer is not None and not answer.refused, answer
    return answer.value


def test_period_sections_and_a_stub_of_years_are_listed(tmp_path):
    sections = table_from_rows(SECTIONS, tmp_path, "sections")
    assert _listed(answer_table(sections, "Which years does the table show?")) == "2021; 2020"
    maturities = table_from_rows(MATURITIES, tmp_path, "maturities")
    assert _listed(answer_table(maturities, "Which periods are shown in the table?")) == "2022; 2023; 2024; Thereafter"
    # years the question picks by a condition are no list of the table's periods
    picked = answer_table(maturities, "For what years are there no finance leases?")
    assert picked is None or picked.value != "2022; 2023; 2024; Thereafter"


def test_the_years_a_quantity_is_given_for(tmp_path):
    table = table_from_rows(PRICES, tmp_path, "prices")
    asked = "For which years is the average selling price provided?"
    assert _listed(answer_table(table, asked)) == "2021; 2020; 2019"
    assert _listed(answer_table(table, "For which year(s) are units shipped reported?")) == "2021; 2020; 2019"
    # a comparison picks a year: no list
    assert _listed(answer_table(table, "Which year had the highest average selling price?")) == "2021"


def test_what_are_the_years_shown_lists_the_period_columns(tmp_path):
    rows = [["", "2019", "2018", "2017"], ["Revenue", "1,200", "1,000", "800"], ["Gross profit", "500", "400", "300"]]
    table = table_from_rows(rows, tmp_path, "years")
    for question in ("What are the years shown in the table?", "What were the years presented in the table?"):
        answer = answer_table(table, question)
        assert answer is not None and answer.value == "2019; 2018; 2017"


def test_a_row_asked_for_each_year_answers_every_period_cell(tmp_path):
    rows = [
        ["", "2019", "% of revenue", "2018", "% of revenue"],
        ["Revenue", "1,200", "100%", "1,000", "100%"],
        ["Net income", "120", "10%", "90", "9%"],
    ]
    table = table_from_rows(rows, tmp_path, "each")
    answer = answer_table(table, "What was the net income for each year?")
    assert answer is not None and answer.value == "120; 90"
    assert [(c["row"], c["col"]) for c in answer.citations] == [(2, 1), (2, 3)]
    answer = answer_table(table, "What was the net income in both years?")
    assert answer is not None and answer.value == "120; 90"
    # an operation over the periods is no list of them
    answer = answer_table(table, "What was the total net income across both years?")
    assert answer is None or answer.value != "120; 90"


def test_a_total_row_asked_for_each_year_is_listed_not_added(tmp_path):
    rows = [["", "2019", "2018"], ["Cash", "500", "400"], ["Receivables", "300", "280"], ["Total assets", "800", "680"]]
    table = table_from_rows(rows, tmp_path, "assets")
    answer = answer_table(table, "What were the total assets for each year?")
    assert answer is not None and answer.value == "800; 680"
