"""Report shapes two more rounds of new users' questions met: a fiscal year written "2018/19" (one period when
said), a share line under each item ("As a percentage of revenue"), a pace compared ("grew faster"), a
reconciliation's total closing its adjustments, an amount after "above" (a bound, no row above), a roll-forward's
"Decreases" ranked by size, a count a row states by naming what is counted, the "total" that finds a row naming no
"Total" column, a record whose name opens its first period line, a kind asked that is a row's whole label, a closing
balance under the heading its opening line shares, a row named whole at a date beside a roll-forward, and an
acronym a label defines in brackets. Tables are CSV, or read from their borderless page where that reading is the
point; the borderless header rules are in test_borderless_header_levels.py."""

from __future__ import annotations

import sys
from pathlib import Path

from helpers import answers_each

from tablerag.eval.qa import table_from_rows
from tablerag.parsing import parse
from tablerag.qa.answer import answer_table

EBITDA = [
    ["", "Notes", "2019/20", "2018/19"],
    ["", "", "£m", "£m"],
    ["Operating profit", "", "184.6", "201.3"],
    ["Depreciation of property, plant and equipment", "12", "58.2", "54.9"],
    ["EBITDA", "", "242.8", "256.2"],
    ["Restructuring costs", "6", "12.8", "4.3"],
    ["Acquisition-related costs", "6", "3.2", "6.7"],
    ["Adjusted EBITDA", "", "258.8", "267.2"],
]

EMPLOYEES = [
    ["", "Average for the year", "", "As at 31 March", ""],
    ["", "2019/20", "2018/19", "2020", "2019"],
    ["UK & Ireland", "6,214", "6,087", "6,105", "6,242"],
    ["Central functions", "648", "612", "655", "630"],
    ["Total", "6,862", "6,699", "6,760", "6,872"],
]

OPEX = [
    ["(dollars in millions)", "Fiscal 2020", "Fiscal 2019"],
    ["Research and development", "$ 1,842.6", "$ 1,613.5"],
    ["As a percentage of revenue", "21.2%", "20.8%"],
    ["General and administrative", "$ 716.3", "$ 684.9"],
    ["As a percentage of revenue", "8.3%", "8.8%"],
    ["Total operating expenses", "$ 2,558.9", "$ 2,298.4"],
    ["As a percentage of revenue", "29.5%", "29.6%"],
]

STREAMS = [
    ["", "2019", "2018", "% Change"],
    ["Subscription", "$ 412,530", "$ 318,240", "29.6%"],
    ["Professional services", "58,960", "52,110", "13.1%"],
    ["Total revenue", "$ 471,490", "$ 370,350", "27.3%"],
]

NON_GAAP = [
    ["", "Fiscal 2021", "", "Fiscal 2020", ""],
    ["(in thousands, except per share data)", "Amount", "Per Diluted Share", "Amount", "Per Diluted Share"],
    ["GAAP net income", "$ 87,640", "$ 1.50", "$ 61,215", "$ 1.06"],
    ["Non-GAAP adjustments:", "", "", "", ""],
    ["Amortization of intangible assets", "21,350", "0.37", "20,880", "0.36"],
    ["Stock-based compensation expense", "15,470", "0.26", "13,240", "0.23"],
    ["Restructuring costs", "2,915", "0.05", "9,630", "0.17"],
    ["Litigation settlement", "—", "—", "6,500", "0.11"],
    ["Income tax effect of non-GAAP adjustments", "(9,712)", "(0.17)", "(12,060)", "(0.21)"],
    ["Non-GAAP net income", "$ 117,663", "$ 2.01", "$ 99,405", "$ 1.72"],
]

METRICS = [
    ["", "As of January 31,", "", ""],
    ["", "2022", "2021", "2020"],
    ["Total customers", "18,420", "15,160", "12,370"],
    ["Customers with ARR over $100,000", "1,284", "962", "705"],
    ["Customers with ARR over $1 million", "97", "64", "41"],
]

UNRECOGNIZED = [
    ["(in millions)", "2021", "2020", "2019"],
    ["Balance, beginning of year", "$ 1,284", "$ 1,156", "$ 1,042"],
    ["Increases related to tax positions taken during the current year", "186", "162", "148"],
    ["Decreases related to settlements with taxing authorities", "(38)", "(24)", "(31)"],
    ["Decreases related to lapse of statute of limitations", "(29)", "(33)", "(22)"],
    ["Balance, end of year", "$ 1,403", "$ 1,261", "$ 1,137"],
]

MEMBERSHIPS = [
    ["", "Three Months Ended", ""],
    ["(in thousands)", "March 31, 2021", "June 30, 2021"],
    ["United States and Canada", "", ""],
    ["Paid memberships at end of period", "74,386", "73,953"],
    ["Paid net membership additions (losses)", "450", "(433)"],
    ["Europe, Middle East and Africa", "", ""],
    ["Paid memberships at end of period", "69,684", "69,872"],
    ["Paid net membership additions (losses)", "2,986", "188"],
]


def test_a_fiscal_year_of_two_calendar_years_said_once_is_one_period(tmp_path):
    """ "2018/19" said names one column: no other column sharing its end year is listed beside it."""
    answers_each(
        table_from_rows(EMPLOYEES, tmp_path, "employees"),
        ("What was the average number of employees in central functions in 2018/19?", "612"),
    )
    # such a column compared is named as written; one writing its end year whole is named by that year
    table = table_from_rows(EBITDA, tmp_path, "ebitda")
    found = answer_table(table, "In which year were acquisition-related costs higher?")
    assert found is not None and found.label == "2018/19"
    whole = [[c.replace("2019/20", "2019/2020").replace("2018/19", "2018/2019") for c in row] for row in EBITDA]
    found = answer_table(
        table_from_rows(whole, tmp_path, "whole"), "In which year were acquisition-related costs higher?"
    )
    assert found is not None and found.label == "2019"


def test_a_share_line_under_an_item_is_the_share_asked_of_that_item(tmp_path):
    answers_each(
        table_from_rows(OPEX, tmp_path, "opex"),
        ("What was G&A expense as a percentage of revenue in fiscal 2020?", "8.3%"),
        ("What was R&D expense as a percentage of revenue in fiscal 2019?", "20.8%"),
    )


def test_which_grew_faster_ranks_the_rate_of_growth(tmp_path):
    table = table_from_rows(STREAMS, tmp_path, "streams")
    found = answer_table(table, "Which revenue stream grew faster in percentage terms from 2018 to 2019?")
    assert found is not None and found.label == "Subscription"
    found = answer_table(table, "Which revenue stream grew slower from 2018 to 2019?")
    assert found is not None and found.label == "Professional services"


def test_a_line_closing_a_reconciliation_is_no_member_of_the_adjustments_ranked(tmp_path):
    table = table_from_rows(NON_GAAP, tmp_path, "non_gaap")
    found = answer_table(table, "Which adjustment had the largest positive per-share impact in fiscal 2021?")
    assert found is not None and found.label == "Amortization of intangible assets"


def test_an_amount_after_above_is_a_bound_not_the_row_above(tmp_path):
    answers_each(
        table_from_rows(METRICS, tmp_path, "metrics"),
        ("How many customers had ARR above $100,000 at the end of fiscal 2021?", "962"),
    )


def test_the_largest_decreases_of_a_roll_forward_are_ranked_by_size(tmp_path):
    table = table_from_rows(UNRECOGNIZED, tmp_path, "unrecognized")
    found = answer_table(table, "In which year were decreases from settlements with taxing authorities the largest?")
    assert found is not None and found.label == "2021"


def test_a_row_naming_what_is_counted_states_the_count(tmp_path):
    answers_each(
        table_from_rows(MEMBERSHIPS, tmp_path, "memberships"),
        ("How many EMEA paid memberships were there at the end of March 2021?", "69,684"),
    )


KMP = [
    ["", "", "Short-term", "", "Post-employment", "Share-based payments", ""],
    ["", "", "Salary and fees", "STI", "Superannuation", "Performance rights", "Total"],
    ["", "", "$", "$", "$", "$", "$"],
    ["Executive director", "", "", "", "", "", ""],
    ["Andrew Brennan", "FY20", "1,250,000", "562,500", "21,003", "684,200", "2,517,703"],
    ["Managing Director and CEO", "FY19", "1,200,000", "720,000", "20,531", "612,900", "2,553,431"],
    ["Other executive KMP", "", "", "", "", "", ""],
    ["Claire Donovan", "FY20", "645,000", "241,875", "21,003", "298,400", "1,206,278"],
    ["Chief Financial Officer", "FY19", "620,000", "310,000", "20,531", "265,100", "1,215,631"],
    ["Total executive KMP", "FY20", "1,895,000", "804,375", "42,006", "982,600", "3,723,981"],
    ["", "FY19", "1,820,000", "1,030,000", "41,062", "878,000", "3,769,062"],
]


def test_the_total_a_row_is_found_by_names_no_total_column_beside_a_column_named_by_its_own_word(tmp_path):
    """Read from its borderless page, where "Total" heads its column alone (no group label spread over it)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    import qa_reports

    ctx = {"table": {"table": KMP}, "paragraphs": []}
    (table,) = parse(qa_reports.typeset(ctx, tmp_path / "kmp.pdf", borderless=True)).tables
    assert table.column_chain(len(KMP[0]) - 1) == ["Total", "$"], table.column_headers
    answers_each(
        table,
        ("What was the total STI for executive KMP in FY20?", "804,375"),
        ("What was the total remuneration of executive KMP in FY19?", "3,769,062"),
    )


def test_a_record_opened_by_a_name_and_its_first_period_keeps_the_name_on_its_later_period_lines(tmp_path):
    """ "Claire Donovan | FY20" then "Chief Financial Officer | FY19": the role beside the second period is more of
    the record, which the name opened."""
    table = table_from_rows(KMP, tmp_path, "kmp_csv")
    role = next(r for r in range(table.n_rows) if "Chief Financial Officer" in table.row_chain(r))
    assert table.row_chain(role)[-3:] == ["Claire Donovan", "Chief Financial Officer", "FY19"]
    answers_each(
        table,
        ("What salary was Andrew Brennan paid in FY19?", "1,200,000"),
        ("What STI did Claire Donovan receive in FY19?", "310,000"),
        ("What STI did Claire Donovan receive in FY20?", "241,875"),
    )


ASSUMPTIONS = [
    ["", "Year Ended December 31,", "", ""],
    ["", "2021", "2020", "2019"],
    ["Expected term (in years)", "6.0", "6.1", "6.2"],
    ["Expected volatility", "38.4% - 41.2%", "36.7% - 45.9%", "33.5% - 35.8%"],
    ["Risk-free interest rate", "0.9% - 1.3%", "0.4% - 1.5%", "1.6% - 2.6%"],
    ["Weighted-average grant date fair value per share", "$ 14.62", "$ 11.87", "$ 9.45"],
]

PSU = [
    ["Assumption", "Fiscal 2022"],
    ["Grant date stock price", "$ 58.34"],
    ["Expected volatility", "42.6%"],
    ["Risk-free interest rate", "0.4%"],
    ["Grant date fair value per unit", "$ 71.08"],
]


def test_the_kind_asked_that_is_a_rows_whole_label_is_that_row(tmp_path):
    """ "What range of risk-free rates": what follows the measure names the row; "what expected volatility was used to
    value the units granted": the kind is one row's label, whatever the rest names better."""
    answers_each(
        table_from_rows(ASSUMPTIONS, tmp_path, "assumptions"),
        ("What range of risk-free rates was used for options granted in 2019?", "1.6% - 2.6%"),
    )
    answers_each(
        table_from_rows(PSU, tmp_path, "psu"),
        ("What expected volatility was used to value the performance share units granted in fiscal 2022?", "42.6%"),
    )


MOVEMENTS = [
    ["Group", "Buildings", "Plant and machinery", "Total"],
    ["", "S$'000", "S$'000", "S$'000"],
    ["Cost", "", "", ""],
    ["At 1 January 2019", "48,320", "96,415", "144,735"],
    ["Additions", "1,246", "8,732", "9,978"],
    ["At 31 December 2019 and 1 January 2020", "49,566", "105,147", "154,713"],
    ["Additions", "864", "6,915", "7,779"],
    ["At 31 December 2020", "50,430", "112,062", "162,492"],
    ["Accumulated depreciation", "", "", ""],
    ["At 1 January 2019", "14,652", "52,108", "66,760"],
    ["Charge for the year", "1,538", "7,846", "9,384"],
    ["At 31 December 2019 and 1 January 2020", "16,190", "59,954", "76,144"],
    ["Charge for the year", "1,602", "8,127", "9,729"],
    ["At 31 December 2020", "17,792", "68,081", "85,873"],
]


def test_a_closing_balance_is_not_passed_over_for_the_opening_line_its_heading_words_name(tmp_path):
    answers_each(
        table_from_rows(MOVEMENTS, tmp_path, "movements"),
        ("What was accumulated depreciation on plant and machinery at the end of 2020?", "68,081"),
    )


DEFERRED = [
    ["", "January 31,", ""],
    ["(in thousands)", "2022", "2021"],
    ["Deferred revenue:", "", ""],
    ["Current", "$ 1,842,310", "$ 1,497,655"],
    ["Noncurrent", "96,482", "81,207"],
    ["Total deferred revenue", "$ 1,938,792", "$ 1,578,862"],
    ["Changes in deferred revenue during the fiscal year:", "", ""],
    ["Beginning balance", "$ 1,578,862", "$ 1,268,400"],
    ["Billings", "3,762,048", "2,950,975"],
    ["Revenue recognized", "(3,402,118)", "(2,640,513)"],
    ["Ending balance", "$ 1,938,792", "$ 1,578,862"],
]

ARR = [
    ["", "2023", "2022"],
    ["Annual recurring revenue (ARR) (in millions)", "$ 1,284.6", "$ 962.3"],
    ["ARR growth, year over year", "33%", "37%"],
    ["Customers with ARR of $100,000 or more", "1,642", "1,198"],
    ["Average ARR per customer (in thousands)", "$ 69.7", "$ 61.0"],
]


def test_a_row_named_by_its_whole_path_is_asked_at_a_date_not_the_roll_forwards_closing_line(tmp_path):
    answers_each(
        table_from_rows(DEFERRED, tmp_path, "deferred"),
        ("What was noncurrent deferred revenue at January 31, 2022?", "96,482"),
        ("What were billings at January 31, 2021?", "2,950,975"),
    )


def test_an_acronym_is_the_label_that_defines_it_in_brackets(tmp_path):
    answers_each(table_from_rows(ARR, tmp_path, "arr"), ("What was ARR at the end of fiscal 2023?", "$ 1,284.6"))


RESTATEMENT = [
    ["", "As previously reported", "Correction of error", "Restated"],
    ["", "CHF m", "CHF m", "CHF m"],
    ["Income statement for the year ended 31 December 2018", "", "", ""],
    ["Cost of sales", "(6,742)", "(84)", "(6,826)"],
    ["Gross profit", "3,518", "(84)", "3,434"],
    ["Income tax expense", "(296)", "21", "(275)"],
    ["Profit for the year", "842", "(63)", "779"],
]


def test_a_plain_amount_asked_is_not_the_one_a_qualifier_narrows(tmp_path):
    answers_each(
        table_from_rows(RESTATEMENT, tmp_path, "restatement"),
        ("What was restated profit for 2018?", "779"),
        ("What was restated gross profit for 2018?", "3,434"),
    )


DRUGS = [
    ["", "Year Ended December 31,", "", ""],
    ["(in millions)", "2020", "2019", "% Change"],
    ["Oncology:", "", "", ""],
    ["Zentrava", "$ 4,812", "$ 3,905", "23%"],
    ["Lumicet", "1,236", "1,410", "(12)%"],
    ["Oncavir", "688", "402", "71%"],
    ["Total Oncology", "6,736", "5,717", "18%"],
    ["Immunology:", "", "", ""],
    ["Dermalix", "2,954", "2,610", "13%"],
    ["Artrezo", "1,102", "1,188", "(7)%"],
    ["Total Immunology", "4,056", "3,798", "7%"],
]


def test_a_comparative_of_two_years_asked_of_each_row_is_the_move_between_them(tmp_path):
    table = table_from_rows(DRUGS, tmp_path, "drugs")
    found = answer_table(table, "Which oncology drug had lower sales in 2020 than in 2019?")
    assert found is not None and found.label == "Lumicet"
    found = answer_table(table, "Which immunology drug had higher sales in 2019 than in 2020?")
    assert found is not None and found.label == "Artrezo"
