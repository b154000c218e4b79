"""What a table states beside the amounts, taken rather than computed: "by how much did X increase in 2022" over
"2022 | 2021 | Change" is the Change cell (a label elsewhere that says "increase in" does not make the word part
of a name), while "the net increase in cash in 2022" stays that row's 2022 cell; "how many diluted weighted average
shares were there" is the "Weighted-average shares outstanding – diluted" cell, not a count of rows; debt "issued" or
"raised" is the line of proceeds from its issuance, debt "repaid" the line of repayments. Tables are written as CSV
files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

CASH = [
    ["", "Year Ended December 31,", "", ""],
    ["(in thousands)", "2022", "2021", "Change"],
    ["Net cash provided by operating activities", "$84,210", "$61,955", "$22,255"],
    ["Net cash used in investing activities", "(47,830)", "(112,406)", "64,576"],
    ["Net increase in cash and cash equivalents", "$14,061", "$8,639", "$5,422"],
]
EPS = [
    ["(in millions, except per share amounts)", "2019", "2018", "2017"],
    ["Net income attributable to common stockholders", "$1,218", "$1,064", "$947"],
    ["Weighted-average shares outstanding – basic", "402.6", "409.1", "415.8"],
    ["Effect of dilutive stock options and RSUs", "4.3", "5.0", "5.6"],
    ["Weighted-average shares outstanding – diluted", "406.9", "414.1", "421.4"],
]


def test_the_stated_change_into_the_latest_year(tmp_path):
    answers_each(
        table_from_rows(CASH, tmp_path, "cash"),
        ("By how much did cash provided by operating activities increase in 2022?", "$22,255"),
        ("What was the net increase in cash and cash equivalents in 2022?", "$14,061"),
        ("What was net cash used in investing activities in 2021?", "(112,406)"),
    )


def test_how_many_shares_there_were_is_the_outstanding_count(tmp_path):
    answers_each(
        table_from_rows(EPS, tmp_path, "eps"),
        ("How many diluted weighted average shares were there in 2017?", "421.4"),
        ("How many basic weighted average shares were outstanding in 2019?", "402.6"),
    )


FINANCING = [
    ["(in millions)", "2021", "2020"],
    ["Proceeds from issuance of long-term debt", "1,000", "1,500"],
    ["Repayments of long-term debt", "(750)", "(1,200)"],
    ["Dividends paid", "(812)", "(784)"],
]


def test_debt_issued_or_repaid_is_its_own_line(tmp_path):
    answers_each(
        table_from_rows(FINANCING, tmp_path, "financing"),
        ("How much new long-term debt was issued in 2020?", "1,500"),
        ("How much new long-term debt was raised in 2021?", "1,000"),
        ("How much long-term debt was repaid in 2020?", "(1,200)"),
    )
