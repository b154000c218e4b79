"""Report tables as a PDF extractor returns them from a filing: borrowings analysed by currency of denomination
over a unit row in the report's own currency, a fair value table dated only by the text around it, and fiscal years
named over the dates they end on. Tables are CSV files the tests write."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table
from tests.helpers import answers_each


def _number(answer) -> float | None:
    return float(answer.value) if answer is not None and answer.value is not None else None


BORROWINGS = [
    ["", "2019", "", "", "", "2018"],
    ["", "EUR", "USD", "GBP", "Total", "Total"],
    ["", "€m", "€m", "€m", "€m", "€m"],
    ["Bonds", "1,950", "900", "300", "3,150", "3,100"],
    ["Bank loans", "712", "380", "139", "1,231", "1,245"],
    ["Total", "2,662", "1,280", "439", "4,381", "4,345"],
]


def test_a_currency_column_over_a_unit_row_counts_in_the_unit_rows_currency(tmp_path):
    table = table_from_rows(BORROWINGS, tmp_path, "borrowings")
    dollars = next(c for c in table.cells if c.text == "900")
    assert dollars.unit == "million EUR"
    assert _number(answer_table(table, "In 2019, what is the total of EUR and USD bonds?")) == 2850


FAIR_VALUE = [
    ["(in thousands)", "Level 1", "Level 2", "Level 3", "Total"],
    ["Cash equivalents:", "", "", "", ""],
    ["Money market funds", "$ 84,312", "$ —", "$ —", "$ 84,312"],
    ["Commercial paper", "—", "12,496", "—", "12,496"],
    ["Total assets", "$ 84,312", "$ 12,496", "$ —", "$ 96,808"],
]


def test_a_table_dated_nowhere_answers_the_date_asked(tmp_path):
    answers_each(
        table_from_rows(FAIR_VALUE, tmp_path, "fair_value"),
        ("What was the fair value of money market funds as of December 31, 2019?", "$ 84,312"),
        ("What was the fair value of commercial paper at December 31, 2019?", "12,496"),
    )
    # a table dated otherwise still refuses the year asked
    dated = [["(in thousands)", "Total at December 31, 2018", ""], *([row[0], row[-1], ""] for row in FAIR_VALUE[1:])]
    answer = answer_table(table_from_rows(dated, tmp_path, "dated"), "What were money market funds in 2019?")
    assert answer is None or answer.value != "$ 84,312"


STORES = [
    ["(dollars in millions)", "Fiscal 2019", "Fiscal 2018", "Fiscal 2017"],
    ["Fiscal year ended", "February 1, 2020", "February 2, 2019", "February 3, 2018"],
    ["Stores opened", "31", "29", "24"],
    ["Stores closed", "5", "6", "11"],
]


def test_a_fiscal_year_named_over_its_end_date_is_the_year_answered(tmp_path):
    answers_each(
        table_from_rows(STORES, tmp_path, "stores"),
        ("In which fiscal year were the most stores closed?", "2017"),
        ("In which fiscal year were the most stores opened?", "2019"),
    )


MATURITIES = [
    ["", "", "December 31, 2019", "", "December 31, 2018"],
    ["(In thousands)", "Amortized Cost", "Fair Value", "Amortized Cost", "Fair Value"],
    ["Due in one year or less", "$ 121,480", "$ 121,612", "$ 98,305", "$ 97,944"],
    ["Due after one year through five years", "84,913", "85,273", "76,220", "75,461"],
    ["Total", "$ 206,393", "$ 206,885", "$ 174,525", "$ 173,405"],
]


def test_period_labels_set_in_the_last_cell_of_their_sets_head_their_own_sets(tmp_path):
    table = table_from_rows(MATURITIES, tmp_path, "maturities")
    assert table.column_chain(1) == ["December 31, 2019", "Amortized Cost"]
    assert table.column_chain(3) == ["December 31, 2018", "Amortized Cost"]
    answers_each(
        table,
        ("What was the amortized cost of securities due after one year through five years in 2018?", "76,220"),
        ("What was the fair value of securities due in one year or less as of December 31, 2019?", "$ 121,612"),
    )


DEPRECIATION = [
    ["", "", "Year Ended December 31,", ""],
    ["(in thousands)", "2019", "2018", "2017"],
    ["Depreciation expense", "$ 38,412", "$ 34,905", "$ 31,277"],
    ["Amortization of intangible assets", "21,660", "18,342", "12,015"],
    ["Amortization of capitalized software", "6,208", "5,117", "4,390"],
    ["", "$ 66,280", "$ 58,364", "$ 47,682"],
]


def test_the_total_of_lines_one_word_names_is_their_stated_total(tmp_path):
    table = table_from_rows(DEPRECIATION, tmp_path, "depreciation")
    assert _number(answer_table(table, "What was the total depreciation and amortization in 2019?")) == 66280


RPO = [
    ["", "", "", "", "As of January 31, 2020"],
    ["Expected recognition", "", "Amount", "% of Total", ""],
    ["Fiscal 2021", "$", "614,283", "58", "%"],
    ["Fiscal 2022", "", "271,905", "26", ""],
    ["Thereafter", "", "53,219", "16", ""],
    ["", "$", "939,407", "100", "%"],
]


def test_how_much_over_an_amount_and_its_share_is_the_amount(tmp_path):
    answers_each(
        table_from_rows(RPO, tmp_path, "rpo"),
        ("How much RPO is expected to be recognized in fiscal 2022?", "271,905"),
    )


SHARES = [
    ["", "Number of ordinary shares", "Share capital £'000"],
    ["At 1 January 2019", "78,214,560", "782"],
    ["Issued on exercise of share options", "612,300", "6"],
    ["At 31 December 2019", "78,826,860", "788"],
    ["Issued on exercise of share options", "845,120", "9"],
    ["Issued in placing", "7,800,000", "78"],
    ["At 31 December 2020", "87,471,980", "875"],
]


MONETARY = [
    ["", "USD denominated", "Non-USD denominated"],
    ["As at 31 December 2019", "", ""],
    ["Monetary assets, current", "27,728", "2,899"],
    ["Monetary assets, non-current", "373", "–"],
    ["Monetary liabilities, current", "(4,273)", "(14,732)"],
    ["Monetary liabilities, non-current", "(91)", "(5,739)"],
    ["", "23,737", "(17,572)"],
]


def test_lines_a_word_names_alike_are_summed_but_not_a_line_said_again(tmp_path):
    monetary = table_from_rows(MONETARY, tmp_path, "monetary")
    assert (
        _number(answer_table(monetary, "What was the total USD denominated monetary assets as at 31 December 2019?"))
        == 28101
    )
    # a line said again in a roll-forward is the same item in another period: not added to the total asked
    table = table_from_rows(SHARES, tmp_path, "shares")
    question = (
        "What was the total number of ordinary shares issued in 2020 on exercise of share options and in the placing?"
    )
    assert _number(answer_table(table, question)) == 8645120


ACCRUED = [
    ["", "", "", "December 31,", ""],
    ["(in thousands)", "", "2019", "", "2018"],
    ["Accrued compensation and benefits", "$", "48,216", "$", "43,907"],
    ["Accrued taxes other than income taxes", "", "6,842", "", "7,115"],
    ["Customer deposits", "", "12,390", "", "9,564"],
    ["Accrued warranty", "", "4,117", "", "3,862"],
    ["Operating lease liabilities, current", "", "9,771", "", "—"],
    ["Other", "", "8,504", "", "7,226"],
    ["", "$", "89,840", "$", "71,674"],
]


def test_the_total_of_the_tables_kind_is_its_stated_total_not_a_sum_of_lines_sharing_a_word(tmp_path):
    table = table_from_rows(ACCRUED, tmp_path, "accrued")
    assert _number(answer_table(table, "What were the total accrued liabilities as of December 31, 2019?")) == 89840
    # items each named by words of their own are added
    assert (
        _number(answer_table(table, "What was the total of customer deposits and accrued warranty in 2019?")) == 16507
    )
