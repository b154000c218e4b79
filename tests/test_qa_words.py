"""Regressions on the words of a question that name a column or row rather than an operation (one test per cause):
each builds its table as a CSV file and asks the kind of question that went wrong. A wrong number is worse than a
refusal."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table
from tablerag.qa.fit import range_end
from tablerag.qa.periods import column_years
from tablerag.qa.route import Intent, Route, RouteKind, threshold
from tablerag.qa.wording import superlatives_named


def test_a_superlative_whose_base_word_names_a_column_takes_that_column(tmp_path):
    prices = [
        ["", "2019", "", "2018", ""],
        ["", "High", "Low", "High", "Low"],
        ["First Quarter", "$45.10", "$38.20", "$40.00", "$35.50"],
        ["Second Quarter", "46.30", "40.10", "41.20", "36.70"],
        ["Third Quarter", "47.00", "42.00", "43.00", "37.00"],
    ]
    table = table_from_rows(prices, tmp_path, "prices")
    answer = answer_table(table, "What was the lowest stock price in the second quarter of 2018?")
    assert answer is not None and answer.value == "36.70"
    answer = answer_table(table, "What was the highest sales price in the third quarter of 2019?")
    assert answer is not None and answer.value == "47.00"
    # a name asked ranks the column the base word names, said beside the superlative; a base word already said
    # leaves the question as it is
    asked = "Which quarter had the highest price in 2019?"
    assert superlatives_named(table, asked) == "Which quarter had the highest high price in 2019?"
    answer = answer_table(table, asked)
    assert answer is not None and answer.value == "Third Quarter"
    assert superlatives_named(table, "What was the highest High in 2019?") == "What was the highest High in 2019?"
    rows = [
        ["Quarter", "First", "Second", "Third"],
        ["High", "45.10", "46.30", "47.00"],
        ["Low", "38.20", "40.10", "42.00"],
    ]
    table = table_from_rows(rows, tmp_path, "by_rows")
    answer = answer_table(table, "What was the lowest price in the second quarter?")
    assert answer is not None and answer.value == "40.10"


def test_a_superlative_of_the_same_sense_as_a_label_takes_that_label(tmp_path):
    ranges = [["", "Minimum", "Maximum"], ["Discount rate", "2.1%", "3.4%"], ["Growth rate", "1.0%", "2.5%"]]
    table = table_from_rows(ranges, tmp_path, "ranges")
    answer = answer_table(table, "What was the highest growth rate?")
    assert answer is not None and answer.value == "2.5%"
    answer = answer_table(table, "What was the lowest discount rate?")
    assert answer is not None and answer.value == "2.1%"
    bounds = [["", "Low", "High"], ["Expected volatility", "25%", "35%"], ["Risk-free interest rate", "1.5%", "2.6%"]]
    answer = answer_table(table_from_rows(bounds, tmp_path, "bounds"), "What was the maximum risk-free interest rate?")
    assert answer is not None and answer.value == "2.6%"
    exposure = [
        ["", "2019", "2018"],
        ["Maximum credit exposure", "5,000", "4,200"],
        ["Collateral held", "3,000", "2,800"],
    ]
    answer = answer_table(
        table_from_rows(exposure, tmp_path, "exposure"), "What was the highest credit exposure in 2018?"
    )
    assert answer is not None and (answer.value, answer.label) == ("4,200", None)  # not the larger of the two years


def test_an_operation_word_that_alone_tells_a_row_from_its_siblings_names_that_row(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Highest level of VaR", "12.3", "10.1"],
        ["Lowest level of VaR", "5.2", "4.8"],
        ["Average level of VaR", "8.0", "7.1"],
    ]
    table = table_from_rows(rows, tmp_path, "var")
    for asked, cell in (
        ("What was the highest level of VaR in 2019?", "12.3"),
        ("What was the lowest level of VaR in 2018?", "4.8"),
        ("What was the average level of VaR in 2018?", "7.1"),
    ):
        answer = answer_table(table, asked)
        assert answer is not None and (answer.value, answer.label) == (cell, None)  # the cell, nothing computed
    # an operation asked on top of the row's name is still computed
    answer = answer_table(table, "What was the average of the highest level of VaR in 2019 and 2018?")
    assert answer is not None and float(answer.value) == (12.3 + 10.1) / 2


def test_which_year_was_a_row_negative_answers_the_year_of_its_negative_cell(tmp_path):
    rows = [
        ["", "December 31,", ""],
        ["", "2019", "2018"],
        ["Cash and cash equivalents", "$1,200", "$1,500"],
        ["Other liabilities", "(120)", "45"],
    ]
    table = table_from_rows(rows, tmp_path, "signs")
    answer = answer_table(table, "In which year was other liabilities negative?")
    assert answer is not None and answer.value == "2019"
    answer = answer_table(table, "Which year was other liabilities positive?")
    assert answer is not None and answer.value == "2018"


def test_a_merged_stub_header_written_in_two_rows_makes_the_second_row_a_header(tmp_path):
    rows = [
        ["Item", "Current period", "Current period", "Prior period", "Prior period"],
        ["Item", "Revenue", "Cost", "Revenue", "Cost"],
        ["Winches", "131,488", "78,619", "118,694", "76,744"],
        ["Pedals", "15,763", "9,013", "10,819", "6,029"],
    ]
    table = table_from_rows(rows, tmp_path, "merged_stub")
    answer = answer_table(table, "What was the cost of winches in the current period?")
    assert answer is not None and answer.value == "78,619"
    answer = answer_table(table, "What was the revenue of pedals in the prior period?")
    assert answer is not None and answer.value == "10,819"


def test_an_amount_in_a_currency_states_no_share_or_ratio(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Gross margin", "$500", "$400"],
        ["As a percentage of revenue", "40%", "38%"],
        ["Operating margin", "16%", "14%"],
    ]
    table = table_from_rows(rows, tmp_path, "margins")
    for asked in (
        "What was the share of gross margin in revenue in 2019?",
        "What was the percentage of gross margin in 2019?",
    ):
        answer = answer_table(table, asked)
        assert answer is None or answer.value != "$500"
    answer = answer_table(table, "What was the operating margin ratio in 2018?")
    assert answer is not None and answer.value == "14%"


def test_the_latest_or_earliest_year_is_a_period_column_not_a_maximum(tmp_path):
    rows = [
        ["", "2019", "2018", "2017"],
        ["Revenue", "$1,200", "$1,500", "$1,000"],
        ["Net income", "250", "300", "350"],
    ]
    table = table_from_rows(rows, tmp_path, "placed")
    answer = answer_table(table, "What was the revenue in the most recent fiscal year?")
    assert answer is not None and answer.value == "$1,200"
    answer = answer_table(table, "What was the net income in the earliest year presented?")
    assert answer is not None and answer.value == "350"
    answer = answer_table(table, "What was the net income in the latest year?")
    assert answer is not None and answer.value == "250"
    # the phrase is a label's own words: the year asked stays the column
    taxes = [
        ["", "2019", "2018"],
        ["Beginning balance", "900", "800"],
        ["Tax positions taken in current year", "623", "932"],
    ]
    table = table_from_rows(taxes, tmp_path, "taxes")
    answer = answer_table(table, "What were the tax positions taken in current year in 2018?")
    assert answer is not None and answer.value == "932"


def test_which_component_is_largest_ranks_the_rows_not_the_period_columns(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Corporate debt securities", "1,200", "1,000"],
        ["U.S. treasury securities", "800", "900"],
        ["Commercial paper", "300", "200"],
        ["Total fair value", "2,300", "2,100"],
    ]
    table = table_from_rows(rows, tmp_path, "components")
    answer = answer_table(table, "Which component is the greatest in the total fair value in 2019?")
    assert answer is not None and answer.value == "Corporate debt securities"
    answer = answer_table(table, "Which security had the lowest fair value in 2018?")
    assert answer is not None and answer.value == "Commercial paper"
    # no period named: which column to rank is open, and a year is no component
    answer = answer_table(table, "Which component is the greatest in the total fair value?")
    assert answer is None or answer.value is None
    answer = answer_table(table, "In which year was the total fair value larger?")
    assert answer is not None and answer.value == "2019"


def test_a_maturity_bucket_is_no_bound_on_the_values():
    assert threshold("Which obligation had the largest amount due in more than 5 years?") is None
    assert threshold("Which contractual obligation has the lowest amount due in less than 1 year?") is None
    assert threshold("In which year was revenue less than 600,000 thousands?") == (True, 600000.0)


def test_the_kind_a_which_question_asks_for_links_no_row(tmp_path):
    rows = [
        ["", "Total", "Less than 1 year", "1-3 years", "3-5 years", "More than 5 years"],
        ["Long-term debt", "5,000", "100", "1,300", "1,600", "2,000"],
        ["Operating leases", "1,000", "200", "300", "250", "250"],
        ["Purchase obligations", "500", "400", "100", "", ""],
        ["Total", "6,500", "700", "1,700", "1,850", "2,250"],
    ]
    table = table_from_rows(rows, tmp_path, "obligations")
    answer = answer_table(table, "Which obligation had the largest amount due in more than 5 years?")
    assert answer is not None and answer.value == "Long-term debt"
    answer = answer_table(table, "Which contractual obligation has the highest amount due in less than 1 year?")
    assert answer is not None and answer.value == "Purchase obligations"
    answer = answer_table(table, "What were the purchase obligations due in less than 1 year?")
    assert answer is not None and answer.value == "400"


def test_which_segment_compares_the_segments_of_the_period_asked(tmp_path):
    rows = [
        ["", "Americas", "", "EMEA", ""],
        ["", "2019", "2018", "2019", "2018"],
        ["Revenue", "$1,200", "$1,000", "$800", "$900"],
        ["Operating income", "100", "90", "150", "140"],
    ]
    table = table_from_rows(rows, tmp_path, "segments")
    answer = answer_table(table, "Which segment had the highest operating income in 2019?")
    assert answer is not None and answer.value == "EMEA"
    answer = answer_table(table, "Which region had the lowest revenue in 2018?")
    assert answer is not None and answer.value == "EMEA"


def test_a_share_column_after_a_year_column_is_that_years_share(tmp_path):
    rows = [
        ["", "2019", "% of revenue", "2018", "% of revenue"],
        ["Americas", "$1,200", "60%", "$1,000", "55%"],
        ["EMEA", "800", "40%", "820", "45%"],
    ]
    table = table_from_rows(rows, tmp_path, "shares")
    answer = answer_table(table, "What was EMEA as a percentage of revenue in 2018?")
    assert answer is not None and answer.value == "45%"
    answer = answer_table(table, "What was the percentage of revenue from Americas in 2019?")
    assert answer is not None and answer.value == "60%"
    # one percentage column after the last year is a change, not that year's share
    change = [["", "2019", "2018", "% change"], ["Americas", "1,200", "1,000", "20%"]]
    assert column_years(table_from_rows(change, tmp_path, "change")) == {1: {"2019"}, 2: {"2018"}}


def test_a_proportion_or_share_asked_takes_a_stated_percentage(tmp_path):
    rows = [
        ["", "2019", "% of revenue", "2018", "% of revenue"],
        ["Americas", "$1,200", "60%", "$1,000", "55%"],
        ["EMEA", "800", "40%", "820", "45%"],
    ]
    table = table_from_rows(rows, tmp_path, "stated_shares")
    answer = answer_table(table, "What proportion of revenue came from EMEA in 2018?")
    assert answer is not None and answer.value == "45%"
    answer = answer_table(table, "What is the share of revenue of Americas in 2018?")
    assert answer is not None and answer.value == "55%"


def test_the_latest_date_or_the_later_of_two_years_is_a_period_column(tmp_path):
    rows = [
        ["", "December 31, 2019", "December 31, 2018"],
        ["Goodwill", "$1,200", "$1,500"],
        ["Intangibles", "300", "350"],
    ]
    table = table_from_rows(rows, tmp_path, "dates")
    answer = answer_table(table, "What was the goodwill as of the most recent date?")
    assert answer is not None and answer.value == "$1,200"
    answer = answer_table(table, "What were intangibles at the latest balance sheet date?")
    assert answer is not None and answer.value == "300"
    answer = answer_table(table, "What were the intangibles in the earlier year?")
    assert answer is not None and answer.value == "350"


def test_an_operation_word_every_row_names_is_part_of_the_row_name(tmp_path):
    rows = [["", "2019", "2018"], ["Average selling price", "$5.2", "$3.1"], ["Average cost per unit", "4.0", "2.0"]]
    table = table_from_rows(rows, tmp_path, "averages")
    answer = answer_table(table, "What was the average selling price in 2019?")
    assert answer is not None and answer.value == "$5.2"
    rates = [["", "2019", "2018"], ["Revenue growth rate", "5.2%", "3.1%"], ["Net income growth rate", "4.0%", "-2.0%"]]
    table = table_from_rows(rates, tmp_path, "rates")
    answer = answer_table(table, "What was the growth rate of revenue in 2019?")
    assert answer is not None and answer.value == "5.2%"


def test_a_group_label_written_on_its_first_row_only_names_the_rows_below(tmp_path):
    rows = [
        ["", "", "Level 1", "Level 2", "Level 3", "Total"],
        ["2019", "Financial assets at FVTPL", "100", "200", "300", "600"],
        ["", "Derivatives", "10", "20", "", "30"],
        ["2018", "Financial assets at FVTPL", "90", "180", "250", "520"],
        ["", "Derivatives", "5", "15", "", "20"],
    ]
    table = table_from_rows(rows, tmp_path, "groups")
    answer = answer_table(table, "What were the level 2 derivatives in 2018?")
    assert answer is not None and answer.value == "15"
    answer = answer_table(table, "What were the level 1 derivatives in 2019?")
    assert answer is not None and answer.value == "10"


def test_us_and_uk_name_the_countries_written_out_or_dotted(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["United States", "$1,200", "$1,000"],
        ["United Kingdom", "300", "250"],
        ["Other", "100", "90"],
    ]
    table = table_from_rows(rows, tmp_path, "countries")
    answer = answer_table(table, "What was the revenue from the US in 2019?")
    assert answer is not None and answer.value == "$1,200"
    answer = answer_table(table, "What was the revenue from the U.K. in 2019?")
    assert answer is not None and answer.value == "300"
    dotted = [["", "2019", "2018"], ["U.S.", "$1,200", "$1,000"], ["U.K.", "300", "250"]]
    table = table_from_rows(dotted, tmp_path, "dotted")
    answer = answer_table(table, "What was the US revenue in 2018?")
    assert answer is not None and answer.value == "$1,000"


def test_a_years_vs_years_column_states_the_change(tmp_path):
    rows = [
        ["", "2019", "2018", "2019 vs 2018"],
        ["Revenue", "$1,200", "$1,000", "20%"],
        ["Gross profit", "500", "450", "11%"],
    ]
    table = table_from_rows(rows, tmp_path, "versus")
    answer = answer_table(table, "What was the percentage change in revenue from 2018 to 2019?")
    assert answer is not None and answer.value == "20%"
    answer = answer_table(table, "What was the change in gross profit between 2018 and 2019?")
    assert answer is not None and answer.value == "50"


def test_a_percentage_change_asked_takes_the_percent_change_column_not_the_amount_change(tmp_path):
    rows = [["", "2019", "2018", "Change", "% Change"], ["Revenue", "$1,200", "$1,000", "$200", "20%"]]
    table = table_from_rows(rows, tmp_path, "two_changes")
    answer = answer_table(table, "What was the percentage change in revenue?")
    assert answer is not None and answer.value == "20%"
    answer = answer_table(table, "What was the change in revenue?")
    assert answer is not None and answer.value == "$200"


def test_a_notes_column_holds_references_not_amounts(tmp_path):
    rows = [
        ["", "Notes", "2019", "2018"],
        ["", "", "$'000", "$'000"],
        ["Trade receivables", "10", "5,000", "4,000"],
        ["Cash", "11", "1,000", "900"],
    ]
    table = table_from_rows(rows, tmp_path, "notes")
    answer = answer_table(table, "In which year was cash higher?")
    assert answer is not None and answer.value == "2019"
    answer = answer_table(table, "In which year were trade receivables lower?")
    assert answer is not None and answer.value == "2018"


def test_a_movement_row_of_a_roll_forward_belongs_to_the_year_of_the_balance_it_leads_to(tmp_path):
    rows = [
        ["", "Land", "Buildings", "Equipment", "Total"],
        ["Balance at December 31, 2017", "100", "500", "300", "900"],
        ["Additions", "", "50", "40", "90"],
        ["Balance at December 31, 2018", "100", "550", "340", "990"],
        ["Additions", "10", "20", "30", "60"],
        ["Balance at December 31, 2019", "110", "570", "370", "1,050"],
    ]
    table = table_from_rows(rows, tmp_path, "roll_forward")
    answer = answer_table(table, "What were the additions to equipment in 2019?")
    assert answer is not None and answer.value == "30"
    answer = answer_table(table, "What were the additions to buildings in 2018?")
    assert answer is not None and answer.value == "50"
    answer = answer_table(table, "What was the balance of land at December 31, 2019?")
    assert answer is not None and answer.value == "110"


def test_the_latest_year_of_a_table_whose_rows_are_years(tmp_path):
    rows = [
        ["Fiscal year", "Revenue", "Net income"],
        ["2019", "$1,200", "$300"],
        ["2018", "$1,000", "$250"],
        ["2017", "$900", "$310"],
    ]
    table = table_from_rows(rows, tmp_path, "year_rows")
    answer = answer_table(table, "What was the net income in the latest year?")
    assert answer is not None and answer.value == "$300"
    answer = answer_table(table, "What was the revenue in the earliest year?")
    assert answer is not None and answer.value == "$900"


def test_how_many_employees_in_a_year_row_takes_the_employees_column(tmp_path):
    rows = [
        ["Fiscal year", "Revenue", "Employees"],
        ["2019", "$1,200", "5,000"],
        ["2018", "$1,000", "4,800"],
        ["2017", "$900", "4,500"],
    ]
    table = table_from_rows(rows, tmp_path, "employees")
    answer = answer_table(table, "How many employees were there in 2017?")
    assert answer is not None and answer.value == "4,500"


def test_a_superlative_over_a_named_row_and_a_named_column_is_that_cell(tmp_path):
    rows = [["", "Domestic", "International"], ["Revenue", "400", "900"], ["Operating costs", "300", "500"]]
    table = table_from_rows(rows, tmp_path, "regions")
    answer = answer_table(table, "What was the highest domestic revenue?")
    assert answer is not None and (answer.value, answer.label) == ("400", None)  # not International's 900
    answer = answer_table(table, "Which region had the highest revenue?")  # a name asked: still compared
    assert answer is not None and answer.value in ("International", "900")


def test_a_minimum_or_maximum_of_a_stated_range_is_its_end(tmp_path):
    rows = [
        ["", "2019", "2018", "Useful lives (years)"],
        ["Land and rights-of-way", "$117.2", "$117.2", "20 - Indefinite"],
        ["Buildings", "315.4", "305.2", "5 - 40"],
        ["Network equipment", "4,044.6", "3,913.3", "2 - 50"],
    ]
    table = table_from_rows(rows, tmp_path, "lives")
    answer = answer_table(table, "What is the minimum useful life of buildings?")
    assert answer is not None and (answer.value, answer.label) == ("5", None)  # not the smaller of two amounts
    answer = answer_table(table, "What is the maximum useful life of network equipment?")
    assert answer is not None and answer.value == "50"
    answer = answer_table(table, "What is the useful life of buildings?")
    assert answer is not None and answer.value == "5 - 40"  # no bound asked: the range as stated
    answer = answer_table(table, "What is the maximum useful life of land and rights-of-way?")
    assert answer is None or answer.value == "20 - Indefinite"  # an end that is no number is not made one
    highest = Route(RouteKind.AGGREGATE, Intent.MAX)
    assert range_end(highest, "2.1% to 3.4%") == "3.4%"
    assert range_end(highest, "1988-89") is None and range_end(highest, "2019 - 2020") is None  # periods, no ranges


def test_a_name_asked_with_a_superlative_ranks_the_column_its_base_word_names(tmp_path):
    prices = [
        ["", "High", "Low", "Dividends Declared"],
        ["Fiscal 2021", "", "", ""],
        ["First quarter", "$58.42", "$47.10", "$0.18"],
        ["Second quarter", "63.95", "55.28", "0.18"],
        ["Third quarter", "71.30", "60.04", "0.20"],
        ["Fourth quarter", "68.77", "59.12", "0.20"],
        ["Fiscal 2020", "", "", ""],
        ["First quarter", "$49.85", "$41.22", "$0.16"],
        ["Second quarter", "52.10", "44.67", "0.16"],
        ["Third quarter", "50.36", "43.05", "0.18"],
        ["Fourth quarter", "54.90", "45.81", "0.18"],
    ]
    table = table_from_rows(prices, tmp_path, "prices")
    answer = answer_table(table, "In which quarter of fiscal 2020 did the stock reach its lowest price?")
    assert answer is not None and answer.value == "First quarter"  # the lowest Low of fiscal 2020: 41.22
    answer = answer_table(table, "In which quarter of fiscal 2021 did the stock reach its highest price?")
    assert answer is not None and answer.value == "Third quarter"
