"""Report tables read as a reader reads them: the columns of a fair value hierarchy where a row holds one amount and
dashes, the parts of a total none of which is named, a maturity schedule whose rows are years under one "Amount"
column ("after 2024" its "Thereafter" line), and a debt note whose maturity date shares the note's year. Tables are
written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

HIERARCHY = [
    ["", "Fair Value Measurements at June 30, 2019 Using", "", "", ""],
    ["(in thousands)", "Total", "Level 1", "Level 2", "Level 3"],
    ["Cash equivalents", "$ 31,604", "$ 31,604", "$ —", "$ —"],
    ["Short-term investments", "47,218", "12,005", "35,213", "—"],
    ["Interest rate swap", "(1,872)", "—", "(1,872)", "—"],
]
PLAN_ASSETS = [
    ["", "2019", "", "", "2018", "", ""],
    ["", "Quoted", "Unquoted", "Total", "Quoted", "Unquoted", "Total"],
    ["Equities", "214.5", "—", "214.5", "198.2", "—", "198.2"],
    ["Insurance policies", "—", "118.9", "118.9", "—", "112.4", "112.4"],
    ["Total market value of assets", "945.6", "183.2", "1,128.8", "892.3", "174.1", "1,066.4"],
]
MATURITIES = [
    ["Year Ending December 31,", "Amount"],
    ["2020", "$ 13,750"],
    ["2021", "18,750"],
    ["2022", "25,000"],
    ["Thereafter", "400,000"],
    ["Total", "$ 457,500"],
]


def _cells(answer):
    return [(c["row"], c["col"]) for c in answer.citations]


def test_a_row_with_one_amount_and_dashes_answers_with_it(tmp_path):
    table = table_from_rows(HIERARCHY, tmp_path, "hierarchy")
    answer = answer_table(table, "What was the fair value of the interest rate swap?")
    assert answer is not None and answer.value == "(1,872)" and _cells(answer) == [(4, 1)]  # the Total column's


def test_the_parts_of_a_total_none_named_answer_with_the_total(tmp_path):
    table = table_from_rows(PLAN_ASSETS, tmp_path, "plan")
    answers_each(
        table,
        ("What was the value of insurance policies in 2019?", "118.9"),
        ("What was the total market value of assets in 2019?", "1,128.8"),
        ("What was the value of equities in 2018?", "198.2"),
    )
    part = answer_table(table, "What was the unquoted value of insurance policies in 2018?")  # a part named
    assert part is not None and part.value == "112.4" and _cells(part) == [(3, 5)]


def test_a_schedule_of_year_rows_under_one_amount_column(tmp_path):
    table = table_from_rows(MATURITIES, tmp_path, "maturities")
    answers_each(
        table,
        ("What are the principal payments due in 2020?", "$ 13,750"),
        ("How much debt matures after 2022?", "400,000"),
    )
    smallest = answer_table(table, "In which year is the smallest principal payment due?")
    assert smallest is not None and smallest.label == "2020"
    fiscal = [["Fiscal Year", "Amount"], ["2020", "$ 11,820"], ["2021", "10,455"], ["2022", "9,104"]]
    answer = answer_table(
        table_from_rows(fiscal, tmp_path, "fiscal"), "What is the amortization expense for fiscal 2022?"
    )
    assert answer is not None and answer.value == "9,104"


def test_a_date_sharing_the_rows_year_is_a_value_not_a_label(tmp_path):
    rows = [
        ["", "Principal amount", "Stated interest rate", "Issue date", "Maturity date"],
        ["2026 Notes", "$ 400,000", "1.50%", "November 2019", "November 15, 2026"],
        ["2028 Notes", "$ 600,000", "2.25%", "March 2018", "March 1, 2028"],
    ]
    table = table_from_rows(rows, tmp_path, "notes")
    answer = answer_table(table, "What is the maturity date of the 2026 Notes?")
    assert answer is not None and answer.value == "November 15, 2026"
    facilities = [
        ["Facility", "Facility limit", "Drawn", "Expiry"],
        ["Revolving credit facility", "£200m", "£85m", "March 2023"],
        ["Term loan facility", "£150m", "£150m", "June 2024"],
    ]
    expiry = answer_table(
        table_from_rows(facilities, tmp_path, "facilities"), "When does the term loan facility expire?"
    )
    assert expiry is not None and expiry.value == "June 2024"


def test_how_many_is_the_count_never_the_price_beside_it(tmp_path):
    rsus = [
        ["", "Shares (in thousands)", "Weighted Average Grant Date Fair Value"],
        ["Unvested RSUs at September 29, 2018", "4,218", "$ 48.16"],
        ["Granted", "1,904", "$ 61.33"],
        ["Vested", "(1,652)", "$ 44.90"],
        ["Unvested RSUs at September 28, 2019", "4,159", "$ 55.14"],
    ]
    table = table_from_rows(rsus, tmp_path, "rsus")
    answers_each(
        table,
        ("How many RSUs vested during the year?", "(1,652)"),  # a count "in thousands" is still a count
        ("How many RSUs were granted?", "1,904"),  # the "Grant Date" column is named by the row's word
        ("How many unvested RSUs were there at September 28, 2019?", "4,159"),
    )
    by_year = [
        ["", "2019", "", "2018", ""],
        ["", "Shares", "Weighted Average Grant-Date Fair Value", "Shares", "Weighted Average Grant-Date Fair Value"],
        ["Nonvested shares at beginning of year", "905,200", "$ 27.45", "842,700", "$ 24.10"],
        ["Granted", "356,800", "33.62", "331,500", "30.88"],
        ["Nonvested shares at end of year", "932,550", "$ 30.41", "905,200", "$ 27.45"],
    ]
    table = table_from_rows(by_year, tmp_path, "by_year")
    answer = answer_table(table, "How many nonvested shares were there at the end of 2019?")
    assert answer is not None and answer.value == "932,550"
    price = answer_table(table, "What was the weighted average grant-date fair value of shares granted in 2018?")
    assert price is not None and price.value == "30.88"


def test_a_part_named_beside_the_total_its_amounts_make(tmp_path):
    rows = [
        ["", "Year Ended December 31,", "", ""],
        ["", "2019", "2018", "2017"],
        ["United States", "$ 84,315", "$ 61,902", "$ 47,288"],
        ["Foreign", "22,740", "28,116", "19,034"],
        ["Income before income taxes", "$ 107,055", "$ 90,018", "$ 66,322"],
    ]
    table = table_from_rows(rows, tmp_path, "pretax")
    answers_each(
        table,
        ("What was the foreign income before taxes in 2018?", "28,116"),  # no "Total" said: the amounts sum
        ("What was the United States pre-tax income in 2018?", "$ 61,902"),
        ("What was the income before income taxes in 2017?", "$ 66,322"),
    )


def test_a_share_of_the_total_and_a_part_of_it_named(tmp_path):
    shares = [
        ["", "2019", "", "2018", ""],
        ["", "Amount", "% of Total", "Amount", "% of Total"],
        ["United States", "$ 318,440", "62%", "$ 296,102", "63%"],
        ["Asia Pacific", "61,520", "12", "51,581", "11"],
        ["Other Americas", "19,510", "4", "18,071", "4"],
        ["Total revenue", "$ 399,470", "100%", "$ 365,754", "100%"],
    ]
    table = table_from_rows(shares, tmp_path, "shares")
    answer = answer_table(table, "What percentage of total revenue came from Asia Pacific in 2018?")
    assert answer is not None and answer.value == "11"  # the whole a share is of is no rival of its part
    streams = [
        ["", "UK", "Europe", "Total"],
        ["Subscriptions", "142.8", "61.4", "204.2"],
        ["Events and other", "19.6", "8.2", "27.8"],
        ["Total revenue", "162.4", "69.6", "232.0"],
    ]
    table = table_from_rows(streams, tmp_path, "streams")
    answer = answer_table(table, "What was the total revenue from events and other?")
    assert answer is not None and answer.value == "27.8"


def test_who_holds_one_of_the_titles_a_position_lists(tmp_path):
    rows = [
        ["Name", "Age", "Position"],
        ["Margaret L. Chen", "56", "Chairman of the Board, President and Chief Executive Officer"],
        ["David R. Okafor", "49", "Executive Vice President and Chief Financial Officer"],
        ["Susan M. Whitfield", "52", "Senior Vice President, General Counsel and Secretary"],
    ]
    table = table_from_rows(rows, tmp_path, "officers")
    answers_each(
        table,
        ("Who is the Chief Financial Officer?", "David R. Okafor"),
        ("Who serves as General Counsel?", "Susan M. Whitfield"),
    )
    both = answer_table(table, "Who is the Vice President?")  # two rows list it: no one answer
    assert both is None or both.value is None
