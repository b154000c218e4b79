"""A row whose whole label the question says, one word said its own way, is the row asked over a row that shares
only one of the question's words: "net profit" is "Net income", not "Gross profit"; "operating profit" is "Income
from operations", not "Total operating expenses"; "interest expenses" are "Finance costs", not "Non-controlling
interests". A label the question names whole in its own words keeps its place, and so does a row that says more of
the question ("income tax expense at the federal statutory rate" over "Provision for income taxes"; "pre-tax
profit" is "Earnings before income taxes"). Analysts' short forms are said the table's way ("capex", "stock comp");
"the tax charge" is the "Provision for income taxes", not "Restructuring charges"; "the underwriting result" the
"Underwriting income (loss)". Tables are written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

STATEMENT = [
    ["", "Years Ended December 31,", "", ""],
    ["(in thousands)", "2019", "2018", "2017"],
    ["Revenue", "$1,284,512", "$1,136,904", "$987,330"],
    ["Cost of revenue", "742,118", "671,502", "598,407"],
    ["Gross profit", "542,394", "465,402", "388,923"],
    ["Total operating expenses", "366,538", "333,844", "301,098"],
    ["Income from operations", "175,856", "131,558", "87,825"],
    ["Other income (expense), net", "3,118", "(1,402)", "2,261"],
    ["Provision for income taxes", "33,512", "22,874", "24,010"],
    ["Net income", "$123,558", "$82,965", "$39,926"],
]
IFRS = [
    ["€ million", "2020", "2019"],
    ["Revenue", "9,812", "10,447"],
    ["Employee benefits expense", "(2,733)", "(2,801)"],
    ["Operating profit (EBIT)", "980", "1,121"],
    ["Finance income", "37", "45"],
    ["Finance costs", "(164)", "(171)"],
    ["Profit for the year", "632", "732"],
    ["Attributable to:", "", ""],
    ["Owners of the parent", "618", "713"],
    ["Non-controlling interests", "14", "19"],
]


def test_a_label_said_whole_in_other_words_is_the_row_asked(tmp_path):
    table = table_from_rows(STATEMENT, tmp_path, "statement")
    answers_each(
        table,
        ("What was net profit in 2017?", "$39,926"),
        ("What was the company's operating profit in 2018?", "131,558"),
        # the question's own words keep naming their row
        ("What was gross profit in 2019?", "542,394"),
        ("What was net income in 2018?", "$82,965"),
    )


def test_two_words_said_otherwise_name_one_label(tmp_path):
    table = table_from_rows(IFRS, tmp_path, "ifrs")
    answers_each(
        table,
        ("What were the company's interest expenses in 2020?", "(164)"),
        ("What was the profit attributable to non-controlling interests in 2019?", "19"),
        ("What was finance income in 2020?", "37"),
    )


RECONCILIATION = [
    ["(in millions)", "2021", "2020"],
    ["Income tax expense at U.S. federal statutory rate", "$412", "$356"],
    ["State income taxes, net of federal benefit", "48", "41"],
    ["Provision for income taxes", "$372", "$329"],
]
RETAIL = [
    ["(in millions)", "2023", "2022"],
    ["Net sales", "$52,418", "$50,110"],
    ["Operating income", "2,940", "2,617"],
    ["Earnings before income taxes", "2,762", "2,425"],
    ["Income taxes", "638", "571"],
    ["Net earnings", "$2,124", "$1,854"],
]


def test_a_row_that_says_more_of_the_question_keeps_its_place(tmp_path):
    answers_each(
        table_from_rows(RECONCILIATION, tmp_path, "reconciliation"),
        ("How much was income tax expense at the federal statutory rate in 2020?", "$356"),
        ("What was the provision for income taxes in 2021?", "$372"),
    )
    answers_each(
        table_from_rows(RETAIL, tmp_path, "retail"),
        ("What was pre-tax profit in FY2023?", "2,762"),
        ("What was net profit in 2022?", "$1,854"),
    )


CASH_FLOWS = [
    ["€ million", "2022", "2021"],
    ["Depreciation, amortisation and impairment", "861", "837"],
    ["Share-based payment expense", "212", "198"],
    ["Investments in property, plant and equipment and intangible assets", "(905)", "(812)"],
    ["Dividends paid", "(410)", "(395)"],
]


def test_analysts_short_forms_said_the_tables_way(tmp_path):
    answers_each(
        table_from_rows(CASH_FLOWS, tmp_path, "cash_flows"),
        ("What was capex in 2022?", "(905)"),
        ("How much stock comp was added back in 2021?", "198"),
    )


OPERATIONS = [
    ["", "2018", "2017"],
    ["Net sales", "$13,511", "$12,803"],
    ["Restructuring charges", "121", "38"],
    ["Operating income", "1,902", "1,655"],
    ["Provision for income taxes", "455", "402"],
    ["Net earnings", "$976", "$845"],
]


def test_the_tax_charge_is_the_income_tax_provision(tmp_path):
    answers_each(
        table_from_rows(OPERATIONS, tmp_path, "operations"),
        ("What was the tax charge for 2017?", "402"),
        ("What were restructuring charges in 2018?", "121"),
    )


INSURER = [
    ["(in millions)", "2019", "2018", "2017"],
    ["Net premiums earned", "2,690", "2,512", "2,401"],
    ["Underwriting expenses", "2,713", "2,498", "2,426"],
    ["Underwriting income (loss)", "(23)", "14", "(25)"],
    ["Net investment income", "1,058", "1,006", "962"],
]


def test_a_result_is_the_profit_or_loss_of_its_line(tmp_path):
    answers_each(
        table_from_rows(INSURER, tmp_path, "insurer"),
        ("What was the underwriting result in 2017?", "(25)"),
        ("What were underwriting expenses in 2018?", "2,498"),
    )


ATTRIBUTABLE = [
    ["€ million", "2019", "2018"],
    ["Finance income", "22", "19"],
    ["Finance costs", "(147)", "(158)"],
    ["Profit for the year", "828", "724"],
    ["Attributable to:", "", ""],
    ["Owners of the parent", "801", "699"],
    ["Non-controlling interests", "27", "25"],
]


def test_a_label_said_only_in_other_words_does_not_outrank_an_equal_row(tmp_path):
    answers_each(
        table_from_rows(ATTRIBUTABLE, tmp_path, "attributable"),
        ("How much profit was attributable to minority interests in 2018?", "25"),
        ("What was finance income in 2019?", "22"),
    )
