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


LIABILITIES = [
    ["(in millions)", "December 31, 2019", "December 31, 2018"],
    ["Current liabilities:", "", ""],
    ["Accounts payable", "$1,204", "$1,118"],
    ["Accrued compensation", "356", "331"],
    ["Operating lease liabilities, current", "128", "—"],
    ["Total current liabilities", "1,688", "1,449"],
    ["Long-term debt", "3,912", "4,206"],
]


def test_of_several_rows_saying_a_headings_words_its_one_total_is_the_heading(tmp_path):
    """ "Current liabilities" over "Current liabilities:": "Operating lease liabilities, current" says the words too,
    but the heading's whole is its one total row; a question naming that item still gets the item."""
    table = table_from_rows(LIABILITIES, tmp_path, "liabilities")
    assert _cell(answer_table(table, "What were current liabilities as at December 31, 2019?")) == ("1,688", [(5, 1)])
    assert _cell(answer_table(table, "What were the current operating lease liabilities as at December 31, 2019?")) == (
        "128",
        [(4, 1)],
    )


PROVISION = [
    ["(in millions)", "2023", "2022"],
    ["Current:", "", ""],
    ["Federal", "$412", "$388"],
    ["State", "96", "88"],
    ["Foreign", "211", "204"],
    ["Total current", "719", "680"],
    ["Deferred:", "", ""],
    ["Federal", "(48)", "12"],
    ["State", "(7)", "3"],
    ["Foreign", "14", "(9)"],
    ["Total deferred", "(41)", "6"],
    ["Provision for income taxes", "$678", "$686"],
]


def test_a_section_named_of_a_total_of_sections_is_that_sections_total(tmp_path):
    """ "The current tax charge": "Provision for income taxes" is named by "tax" and "charge", but it adds "Total
    current" and "Total deferred", and "current" names the first section: its total is asked. The provision itself,
    asked without a section's word, stays the answer."""
    table = table_from_rows(PROVISION, tmp_path, "provision")
    assert _cell(answer_table(table, "What was the current tax charge in 2022?")) == ("680", [(5, 2)])
    assert _cell(answer_table(table, "What was the deferred tax provision in 2023?")) == ("(41)", [(10, 1)])
    assert _cell(answer_table(table, "What was the provision for income taxes in 2022?")) == ("$686", [(11, 2)])
