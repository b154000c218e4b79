"""A period the question names pins the column also where an operation word ("average", "highest") would reach
over other periods, and a CSV header whose period labels sit in the first of the columns they group is read as
two levels. Each test builds its table as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table
from tablerag.qa.compute import period_year

LIFE = [
    ["", "2019", "", "2018", ""],
    ["", "Men", "Women", "Men", "Women"],
    ["", "Years", "Years", "Years", "Years"],
    ["Member aged 65 (current life expectancy)", "86.8", "88.9", "87.3", "89.3"],
    ["Member aged 45 (life expectancy at age 65)", "88.5", "90.7", "89.0", "91.1"],
]

OPTIONS = [
    ["", "2019", "2018"],
    ["Expected volatility", "30% - 45%", "28% - 40%"],
    ["Risk-free interest rate", "1.5%", "2.1%"],
    ["Expected term (years)", "6.0", "6.1"],
]

PRICES = [
    ["", "2019", "", "2018", ""],
    ["Quarter", "High", "Low", "High", "Low"],
    ["First quarter", "12.50", "9.10", "11.00", "8.00"],
    ["Second quarter", "13.75", "10.20", "12.10", "9.30"],
    ["Third quarter", "14.00", "11.00", "12.90", "10.10"],
]


def test_an_average_in_a_named_year_keeps_to_that_years_cells(tmp_path):
    table = table_from_rows(LIFE, tmp_path, "life")
    answer = answer_table(table, "What is the current average life expectancy in 2019 for a male member aged 65?")
    assert answer is not None and answer.value == "86.8"
    assert {(c["row"], c["col"]) for c in answer.citations} == {(3, 1)}
    both = answer_table(table, "What is the average life expectancy of a male member aged 65?")
    assert both is not None and both.value == "87.05"  # no year named: both years' cells


def test_a_year_written_before_the_amount_is_no_period_pin():
    assert period_year("What is the current average life expectancy in 2019?") == "2019"
    assert period_year("What is the average quarterly low price for fiscal 2019?") == "2019"
    assert period_year("What is the 2019 average total amount falling due within one year?") is None
    assert period_year("What was the average revenue in 2019 and 2018?") is None
    assert period_year("Какова средняя выручка в 2019 году?") == "2019"
    assert period_year("Wie hoch war der durchschnittliche Umsatz im Jahr 2019?") == "2019"


def test_a_superlative_of_a_named_row_in_a_named_year_reads_that_cell(tmp_path):
    table = table_from_rows(OPTIONS, tmp_path, "options")
    answer = answer_table(table, "What was the highest expected volatility in 2019?")
    assert answer is not None and answer.value == "45%"  # the range's upper end, never another row's value
    assert [(c["row"], c["col"]) for c in answer.citations] == [(1, 1)]


def test_period_labels_over_empty_cells_group_the_labels_below(tmp_path):
    table = table_from_rows(PRICES, tmp_path, "prices")
    assert table.header_rows == 2
    assert [table.column_chain(c) for c in range(1, 5)] == [
        ["2019", "High"],
        ["2019", "Low"],
        ["2018", "High"],
        ["2018", "Low"],
    ]
    answer = answer_table(table, "What was the low price in the second quarter of 2018?")
    assert answer is not None and answer.value == "9.30"


QUARTERS = [
    ["", "Three Months Ended", "", "Nine Months Ended", ""],
    ["", "September 30, 2019", "September 30, 2018", "September 30, 2019", "September 30, 2018"],
    ["Revenue", "300", "280", "900", "820"],
    ["Net income", "30", "25", "95", "80"],
]


def test_a_day_of_the_columns_own_date_pins_no_other_row(tmp_path):
    """ "September 30" names the column; that another row holds 30 says nothing about which row is asked."""
    table = table_from_rows(QUARTERS, tmp_path, "quarters")
    answer = answer_table(table, "What was the revenue for the three months ended September 30, 2019?")
    assert answer is not None and answer.value == "300"
    assert [(c["row"], c["col"]) for c in answer.citations] == [(2, 1)]


BALANCES = [
    ["", "June 30, 2019", "December 31, 2018", "June 30, 2018"],
    ["Cash", "1,200", "1,100", "900"],
]


def test_the_end_of_a_year_is_its_last_dated_column(tmp_path):
    table = table_from_rows(BALANCES, tmp_path, "balances")
    answer = answer_table(table, "What was the cash at the end of 2018?")
    assert answer is not None and answer.value == "1,100"
    either = answer_table(table, "What was the cash in 2018?")  # two 2018 columns, none asked: both named
    assert either is not None and either.value is None and len(either.candidates) == 2


def test_a_column_year_noted_in_a_row_label_names_no_row(tmp_path):
    rows = [
        ["", "2019", "2019", "2018", "2018"],
        ["", "£m", "%", "£m", "%"],
        ["Profit before tax", "1,240", "", "1,105", ""],
        ["Tax at UK corporation tax rate of 19% (2018: 19%)", "235.6", "19.0", "210.0", "19.0"],
        ["Effect of overseas tax rates", "31.0", "2.5", "26.5", "2.4"],
        ["Non-deductible expenses", "12.4", "1.0", "14.4", "1.3"],
    ]
    table = table_from_rows(rows, tmp_path, "tax_rate")
    answer = answer_table(table, "What was the percentage impact of overseas tax rates in 2018?")
    assert answer is not None and answer.value == "2.4"
    uk = answer_table(table, "What was tax at the UK corporation tax rate in 2018, in £m?")
    assert uk is not None and uk.value == "210.0"
