"""Periods written in the short forms reports use ("FY19", "Q3 2019", "H1") link to questions that write them out,
and the other way round; a table of one row of amounts answers a question that names only its column. Each test
builds its table as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table
from tablerag.qa.link import tokens
from tablerag.qa.periods import column_years

FISCAL = [
    ["", "FY19", "FY18"],
    ["Revenue", "1,000", "900"],
    ["Net income", "100", "90"],
]

QUARTERS = [
    ["", "Q1 2019", "Q2 2019", "Q3 2019", "Q4 2019"],
    ["Revenue", "100", "110", "120", "130"],
    ["Gross profit", "40", "44", "48", "52"],
]

WORDED_QUARTERS = [
    ["", "Fiscal 2019", "", "", ""],
    ["", "First", "Second", "Third", "Fourth"],
    ["", "Quarter", "Quarter", "Quarter", "Quarter"],
    ["Revenues", "94,888", "96,037", "88,495", "84,380"],
    ["Gross profit", "38,091", "39,821", "36,381", "33,471"],
]

ONE_ROW = [
    ["", "Land", "Buildings", "Equipment", "Total"],
    ["Balance", "100", "200", "300", "600"],
]


def _cell(answer):
    assert answer is not None and answer.value is not None, answer
    assert len(answer.citations) == 1
    return answer.value, (answer.citations[0]["row"], answer.citations[0]["col"])


def test_a_two_digit_fiscal_year_header_names_its_year(tmp_path):
    table = table_from_rows(FISCAL, tmp_path, "fy")
    assert column_years(table) == {1: {"2019"}, 2: {"2018"}}
    assert _cell(answer_table(table, "What was net income in 2018?")) == ("90", (2, 2))
    assert _cell(answer_table(table, "What was the revenue in fiscal 2019?")) == ("1,000", (1, 1))
    assert _cell(answer_table(table, "What was net income in FY18?")) == ("90", (2, 2))
    assert answer_table(table, "What was net income in 2017?") is None  # no column of that year


def test_a_fiscal_change_header_names_both_years(tmp_path):
    rows = [["", "FY19", "FY18", "FY19 vs FY18"], ["Sales", "500", "450", "11%"], ["EBIT", "50", "40", "25%"]]
    table = table_from_rows(rows, tmp_path, "change")
    assert column_years(table) == {1: {"2019"}, 2: {"2018"}, 3: {"2019", "2018"}}
    assert _cell(answer_table(table, "What was EBIT in 2019?")) == ("50", (2, 1))


def test_quarters_in_digits_and_in_words_are_one_period():
    assert tokens("Q3 2019") == tokens("third quarter of 2019") == tokens("3Q 2019") == tokens("quarter 3 2019")
    assert tokens("H1 2019") == tokens("first half of 2019")
    assert tokens("Q12") == ["q", "12"]  # no quarter of a year


def test_a_quarter_in_words_finds_the_quarter_column(tmp_path):
    table = table_from_rows(QUARTERS, tmp_path, "q")
    assert _cell(answer_table(table, "What was the revenue in the third quarter of 2019?")) == ("120", (1, 3))
    assert _cell(answer_table(table, "What was gross profit in the 2nd quarter of 2019?")) == ("44", (2, 2))


def test_a_quarter_in_digits_finds_the_worded_quarter_column(tmp_path):
    table = table_from_rows(WORDED_QUARTERS, tmp_path, "wq")
    assert _cell(answer_table(table, "What were revenues in Q3 of fiscal 2019?")) == ("88,495", (3, 3))
    assert _cell(answer_table(table, "What was the gross profit in the fourth quarter?")) == ("33,471", (4, 4))


def test_one_row_of_amounts_answers_a_question_naming_only_its_column(tmp_path):
    table = table_from_rows(ONE_ROW, tmp_path, "one")
    assert _cell(answer_table(table, "What was the amount of buildings?")) == ("200", (1, 2))
    assert _cell(answer_table(table, "How much was equipment?")) == ("300", (1, 3))
    assert answer_table(table, "What was the revenue in 2019?") is None  # names no column of the table


def test_a_year_alone_does_not_make_a_one_row_table_the_answer(tmp_path):
    table = table_from_rows([["", "2019", "2018"], ["Revenue", "1,000", "900"]], tmp_path, "r")
    assert answer_table(table, "What was the amount in 2018?") is None
    assert _cell(answer_table(table, "What was the revenue in 2018?")) == ("900", (1, 2))


ROLL_FORWARD = [
    ["", "Amount"],
    ["Balance at December 31, 2017", "100"],
    ["Additions", "20"],
    ["Disposals", "(5)"],
    ["Balance at December 31, 2018", "115"],
    ["Additions", "30"],
    ["Balance at December 31, 2019", "145"],
]


def test_a_roll_forward_in_one_amount_column_answers_by_the_rows_period(tmp_path):
    table = table_from_rows(ROLL_FORWARD, tmp_path, "roll")
    assert _cell(answer_table(table, "What were the additions in 2019?")) == ("30", (5, 1))
    assert _cell(answer_table(table, "What were the additions in 2018?")) == ("20", (2, 1))
    assert _cell(answer_table(table, "What was the balance at December 31, 2018?")) == ("115", (4, 1))
    assert answer_table(table, "What were the disposals in 2019?") is None  # the disposals are 2018's


def test_a_fiscal_year_in_words_finds_the_fy_column_beside_a_quarter_of_that_year(tmp_path):
    rows = [["", "Q4 2019", "Q4 2018", "FY 2019", "FY 2018"], ["Revenue", "300", "280", "1,100", "1,000"]]
    table = table_from_rows(rows, tmp_path, "fyq")
    assert tokens("FY 2018") == tokens("fiscal year 2018")
    assert _cell(answer_table(table, "What was the revenue in fiscal year 2018?")) == ("1,000", (1, 4))
    assert _cell(answer_table(table, "What was the revenue in the fourth quarter of 2018?")) == ("280", (1, 2))


def test_opening_and_closing_balances_are_the_beginning_and_end_rows(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Balance at beginning of year", "100", "80"],
        ["Additions", "30", "25"],
        ["Balance at end of year", "130", "105"],
    ]
    table = table_from_rows(rows, tmp_path, "balances")
    assert _cell(answer_table(table, "What was the opening balance in 2019?")) == ("100", (1, 1))
    assert _cell(answer_table(table, "What was the closing balance in 2018?")) == ("105", (3, 2))
    assert _cell(answer_table(table, "What was the balance at the start of 2018?")) == ("80", (1, 2))
    assert tokens("the Swiss Open")[-1] == "open"  # a name, no beginning


def test_a_quarter_said_hyphenated_or_by_its_end_is_the_three_months(tmp_path):
    # "fourth-quarter 2023" and "the quarter ended September 30, 2023" are the three months' column, not the
    # nine or twelve months' beside it; "year-to-date" is the longest period short of a year
    interim = [
        ["", "Three Months Ended", "Nine Months Ended"],
        ["", "September 30, 2023", "September 30, 2023"],
        ["Net sales", "$4,105", "$12,388"],
        ["Provision for income taxes", "97", "262"],
    ]
    year_end = [
        ["", "Three Months Ended", "Twelve Months Ended"],
        ["(in millions)", "Dec 31, 2023", "Dec 31, 2023"],
        ["Turnover", "$3,518", "$13,940"],
    ]
    table = table_from_rows(interim, tmp_path, "interim")
    answer = answer_table(table, "What was the provision for income taxes for the quarter ended September 30, 2023?")
    assert answer is not None and answer.value == "97"
    answer = answer_table(table_from_rows(year_end, tmp_path, "year_end"), "What was fourth-quarter 2023 turnover?")
    assert answer is not None and answer.value == "$3,518"
    answer = answer_table(table, "What were year-to-date 2023 net sales?")  # the nine months, the year so far
    assert answer is not None and answer.value == "$12,388"


def test_the_prior_period_of_a_length_keeps_its_length(tmp_path):
    # "the comparable quarter of the prior year", "the prior-year fourth quarter", "the comparative nine-month
    # period": the year before the latest, in the column of the length said
    interim = [
        ["", "Three Months Ended", "", "Nine Months Ended", ""],
        ["", "September 30,", "", "September 30,", ""],
        ["(in thousands)", "2023", "2022", "2023", "2022"],
        ["Net revenue", "$402,118", "$371,905", "$1,188,440", "$1,047,362"],
        ["Income from operations", "61,204", "55,873", "171,950", "149,028"],
    ]
    quarters = [
        ["", "Q4 2023", "Q4 2022", "FY 2023", "FY 2022"],
        ["Net income", "212.6", "187.3", "801.4", "702.9"],
    ]
    table = table_from_rows(interim, tmp_path, "interim")
    for question, value in (
        ("What was income from operations in the comparable quarter of the prior year?", "55,873"),
        ("What was net revenue in the comparative nine-month period?", "$1,047,362"),
    ):
        answer = answer_table(table, question)
        assert answer is not None and answer.value == value, question
    answer = answer_table(
        table_from_rows(quarters, tmp_path, "q4"), "What was net income in the prior-year fourth quarter?"
    )
    assert answer is not None and answer.value == "187.3"


def test_the_comparative_half_year_is_the_prior_six_months(tmp_path):
    half_years = [
        ["", "Six months to 30 June 2023", "Six months to 30 June 2022", "Year to 31 December 2022"],
        ["", "€m", "€m", "€m"],
        ["Revenue", "2,914.0", "2,705.3", "5,533.8"],
        ["Profit for the period", "214.6", "198.1", "421.0"],
    ]
    answer = answer_table(
        table_from_rows(half_years, tmp_path, "halves"),
        "What was the profit for the period in the comparative half-year?",
    )
    assert answer is not None and answer.value == "198.1"
