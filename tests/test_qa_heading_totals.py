"""A quantity named without its "Total" is the total row that names it: the total under the heading the question
says ("deferred tax assets" over "Deferred tax assets:" ... "Total deferred tax assets"; "emissions" over
"Emissions from:" ... "Total emissions"), and the row whose own label says the question's words before rows that say
them only through their section ("current tax" is "Total current tax", not "Current year" under "Foreign current
tax:"). Each test builds its table as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

DEFERRED = [
    ["", "2021", "2020"],
    ["(In thousands)", "", ""],
    ["Deferred tax liabilities:", "", ""],
    ["Depreciation", "$52,410", "$48,115"],
    ["Prepaid and other assets", "2,013", "1,870"],
    ["Total deferred tax liabilities", "54,423", "49,985"],
    ["Deferred tax assets:", "", ""],
    ["Accrued expenses", "6,220", "5,903"],
    ["Inventory", "1,410", "1,288"],
    ["Net operating losses", "12,006", "9,614"],
    ["Total deferred tax assets", "19,636", "16,805"],
    ["Net deferred tax liabilities", "$34,787", "$33,180"],
]

EMISSIONS = [
    ["", "2021", "2020"],
    ["", "Tonnes CO2e", "Tonnes CO2e"],
    ["Emissions from:", "", ""],
    ["Fuel combustion (Scope 1)", "210.4", "198.0"],
    ["Purchased electricity (Scope 2)", "3,802.6", "4,115.9"],
    ["Total emissions", "4,013.0", "4,313.9"],
    ["Emissions intensity:", "", ""],
    ["Per employee", "2.91", "3.20"],
]

TAX = [
    ["", "2021", "2020"],
    ["Domestic current tax:", "", ""],
    ["Current year", "40", "35"],
    ["Prior years", "(4)", "(2)"],
    ["", "36", "33"],
    ["Foreign current tax:", "", ""],
    ["Current year", "210", "190"],
    ["Prior years", "(10)", "(6)"],
    ["", "200", "184"],
    ["Total current tax", "236", "217"],
    ["Deferred tax", "15", "(8)"],
]


def _cell(answer):
    assert answer is not None and not answer.refused, answer
    return answer.value, [(c["row"], c["col"]) for c in answer.citations]


def test_a_heading_named_is_its_total(tmp_path):
    table = table_from_rows(DEFERRED, tmp_path, "deferred")
    assert _cell(answer_table(table, "What were the deferred tax assets in 2021?")) == ("19,636", [(10, 1)])
    assert _cell(answer_table(table, "What were the deferred tax liabilities in 2020?")) == ("49,985", [(5, 2)])
    emissions = table_from_rows(EMISSIONS, tmp_path, "emissions")
    assert _cell(answer_table(emissions, "What were the emissions in 2021?")) == ("4,013.0", [(5, 1)])


def test_the_row_saying_the_words_before_rows_under_a_section_saying_them(tmp_path):
    table = table_from_rows(TAX, tmp_path, "tax")
    assert _cell(answer_table(table, "What was the current tax in 2021?")) == ("236", [(9, 1)])
    assert _cell(answer_table(table, "What was the foreign current tax for the current year in 2020?")) == (
        "190",
        [(6, 2)],
    )
