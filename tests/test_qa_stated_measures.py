"""Operation words a table's own labels hold: "the weighted average exercise price per share of options granted"
is the stated price ("per share of" is no share of anything), "the total intrinsic value" the "Aggregate Intrinsic
Value" cell, and "the total number of options outstanding" leaves out the unlabelled row that already sums the
column. Tables are written as CSV files."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

OPTIONS = [
    ["", "Number of Options", "Weighted Average Exercise Price", "Aggregate Intrinsic Value (in millions)"],
    ["Outstanding at December 31, 2018", "4,512", "$38.17", "$112.4"],
    ["Granted", "865", "$52.40", ""],
    ["Exercised", "(1,027)", "$29.88", ""],
    ["Outstanding at December 31, 2019", "4,350", "$42.89", "$148.7"],
]
RANGES = [
    ["", "Options Outstanding", "", "Options Exercisable", ""],
    [
        "Range of Exercise Prices",
        "Number Outstanding",
        "Weighted Average Exercise Price",
        "Number Exercisable",
        "Weighted Average Exercise Price",
    ],
    ["$10.00 - $20.00", "412,500", "$15.42", "412,500", "$15.42"],
    ["$20.01 - $30.00", "1,036,200", "$26.18", "874,300", "$25.77"],
    ["$30.01 - $40.00", "858,900", "$34.65", "402,100", "$33.90"],
    ["", "2,307,600", "$26.77", "1,688,900", "$24.28"],
]


def test_a_price_per_share_is_the_stated_price(tmp_path):
    table = table_from_rows(OPTIONS, tmp_path, "options")
    answer = answer_table(table, "What is the weighted average exercise price per share of options granted?")
    assert answer is not None and answer.value == "$52.40"


def test_an_aggregate_column_states_the_total(tmp_path):
    table = table_from_rows(OPTIONS, tmp_path, "options")
    answer = answer_table(table, "What was the total intrinsic value of options outstanding at December 31, 2018?")
    assert answer is not None and answer.value == "$112.4"


def test_an_unlabelled_row_of_the_sum_is_not_added_again(tmp_path):
    table = table_from_rows(RANGES, tmp_path, "ranges")
    answer = answer_table(table, "What was the total number of options outstanding?")
    assert answer is not None and float(answer.value.replace(",", "")) == 2_307_600


def test_a_rate_asked_takes_the_percent_column_beside_the_amount(tmp_path):
    rows = [
        ["", "2019", "", "2018", ""],
        ["(Dollars in millions)", "Amount", "Percent", "Amount", "Percent"],
        ["Income tax expense at statutory rate", "$412", "21.0%", "$378", "21.0%"],
        ["State taxes, net", "48", "2.4", "41", "2.3"],
        ["Total income tax expense", "$460", "23.4%", "$419", "23.3%"],
    ]
    table = table_from_rows(rows, tmp_path, "rates")
    rate = answer_table(table, "What was the state taxes, net rate in 2019?")
    assert rate is not None and rate.value == "2.4"
    amount = answer_table(table, "What was the state taxes, net amount in 2018?")
    assert amount is not None and amount.value == "41"


COMMON_SIZE = [
    ["", "Year Ended December 31,", "", ""],
    ["", "2019", "2018", "2017"],
    ["Revenue", "100.0%", "100.0%", "100.0%"],
    ["Cost of revenue", "44.8", "46.2", "47.9"],
    ["Gross margin", "55.2", "53.8", "52.1"],
    ["Restructuring charges", "1.2", "—", "0.8"],
]
SHARES = [
    ["", "2019", "%", "2018", "%"],
    ["Revenue", "1,200", "100%", "1,000", "100%"],
    ["Cost", "800", "67%", "820", "82%"],
]


def test_a_common_size_table_states_the_share_asked(tmp_path):
    table = table_from_rows(COMMON_SIZE, tmp_path, "common_size")
    answer = answer_table(table, "What was the cost of revenue as a percentage of revenue in 2019?")
    assert answer is not None and answer.value == "44.8"


def test_the_base_of_a_share_is_no_row_asked(tmp_path):
    table = table_from_rows(SHARES, tmp_path, "shares")
    answer = answer_table(table, "In which year was cost as a percentage of revenue higher?")
    assert answer is not None and answer.value == "2018"  # 82% over 67%, the cost row's share columns


MARGINS = [
    ["", "2019", "2018"],
    ["Revenue", "1,000", "900"],
    ["Gross profit", "400", "350"],
    ["Gross margin %", "40.0%", "38.9%"],
]
STORES = [
    ["(dollars in millions)", "Fiscal 2020 (53 weeks)", "Fiscal 2019 (52 weeks)"],
    ["Net sales", "$18,402", "$16,875"],
    ["Stores at end of period", "1,147", "1,118"],
    ["Postpaid phone net additions (thousands)", "820", "617"],
]


def test_a_ratio_the_table_states_is_taken_as_printed(tmp_path):
    table = table_from_rows(MARGINS, tmp_path, "margins")
    answer = answer_table(table, "What percentage of revenue was gross profit in 2018?")
    assert answer is not None and answer.value == "38.9%"  # 350 / 900 = 38.89, printed as 38.9%
    assert [(c["row"], c["col"]) for c in answer.citations] == [(3, 2)]


def test_a_count_the_row_holds_at_the_end_of_the_period(tmp_path):
    table = table_from_rows(STORES, tmp_path, "stores")
    stores = answer_table(table, "How many stores were there as of the end of fiscal 2019?")
    assert stores is not None and stores.value == "1,118"
    adds = answer_table(table, "How many postpaid phone net adds were there in fiscal 2020?")
    assert adds is not None and adds.value == "820"


def test_a_share_of_the_same_row_in_another_year_keeps_that_row(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Opening balance (1)", "83,934", "100,107"],
        ["Additions (2)", "39,116", "51,185"],
        ["Closing balance (3)", "123,093", "83,934"],
        ["* Includes gains attributable to balances held at the end of the reporting period", "3,265", "6,861"],
    ]
    table = table_from_rows(rows, tmp_path, "movements")
    answer = answer_table(table, "What is the 2019 closing balance expressed as a percentage of 2018 closing balance?")
    assert answer is not None and answer.value is not None and abs(float(answer.value) - 146.65) < 0.01
