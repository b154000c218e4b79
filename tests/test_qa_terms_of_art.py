"""Terms of art a question says otherwise than its table: "net profit" over "Profit after tax", "stocks" over
"Inventories", "minority interests" over "Non-controlling interests", "debt due within one year" over "Current
portion of long-term debt"; acronyms whose run leaves a linking word out ("CASM": Cost per available seat mile) or
whose label ends in a unit note ("ARR" over "Annual recurring revenue (in millions)"). A question is asked in the
table's words only where the table writes one other name of the line, never where it writes the question's own
words or two other names. Tables are written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows
from tablerag.qa.wording import terms_said

BANK = [
    ["US$m", "2019", "2018"],
    ["Net interest income", "30,462", "30,489"],
    ["Net fee income", "12,023", "12,620"],
    ["Total operating income", "55,933", "55,383"],
    ["Operating profit", "10,828", "18,957"],
    ["Profit before tax", "13,182", "21,493"],
    ["Tax expense", "(4,639)", "(4,865)"],
    ["Profit after tax", "8,543", "16,628"],
]

BALANCE = [
    ["£m", "31 March 2020", "31 March 2019"],
    ["Inventories", "712", "688"],
    ["Trade and other receivables", "1,204", "1,150"],
    ["Current portion of long-term debt", "150", "75"],
    ["Long-term debt, less current portion", "2,140", "2,296"],
    ["Equity attributable to owners of the parent", "3,910", "3,702"],
    ["Non-controlling interests", "14", "19"],
]

AIRLINE = [
    ["", "Year Ended December 31,", "", ""],
    ["", "2019", "2018", "2017"],
    ["Revenue passenger miles (millions)", "221,540", "209,112", "198,407"],
    ["Available seat miles (millions)", "262,117", "248,938", "236,112"],
    ["Load factor", "84.5%", "84.0%", "84.0%"],
    ["Passenger revenue per available seat mile (cents)", "15.03", "14.71", "14.52"],
    ["Cost per available seat mile (cents)", "15.40", "15.21", "14.88"],
]

SAAS = [
    ["", "Fiscal Year Ended January 31,", ""],
    ["", "2021", "2020"],
    ["Annual recurring revenue (in millions)", "$1,412", "$1,106"],
    ["Customers with ARR over $100,000", "2,318", "1,706"],
    ["Total customers", "15,930", "15,602"],
]


def test_a_line_named_otherwise_is_asked_in_the_tables_words(tmp_path):
    answers_each(
        table_from_rows(BANK, tmp_path, "bank"),
        ("What was the bank's net profit for 2019?", "8,543"),
    )
    answers_each(
        table_from_rows(BALANCE, tmp_path, "balance"),
        ("What were stocks at 31 March 2020?", "712"),
        ("What were minority interests at 31 March 2019?", "19"),
        ("How much debt was due within one year at 31 March 2020?", "150"),
    )


def test_a_name_the_table_writes_or_two_other_names_leave_the_question_as_it_is(tmp_path):
    bank = table_from_rows(BANK, tmp_path, "bank")
    assert terms_said(bank, "What was the operating profit in 2019?") == "What was the operating profit in 2019?"
    both = table_from_rows(
        [["", "2019"], ["Net income", "5"], ["Profit for the year", "5"], ["Revenue", "9"]], tmp_path, "both"
    )
    assert terms_said(both, "What was net profit in 2019?") == "What was net profit in 2019?"


def test_an_acronym_is_spelled_past_linking_words_and_unit_notes(tmp_path):
    answers_each(
        table_from_rows(AIRLINE, tmp_path, "airline"),
        ("What was CASM in 2018?", "15.21"),
        ("What was PRASM in 2019?", "15.03"),
        ("What was capacity in ASMs in 2017?", "236,112"),
    )
    answers_each(
        table_from_rows(SAAS, tmp_path, "saas"),
        ("What was ARR at the end of fiscal 2021?", "$1,412"),
    )


RESTATED = [
    ["", "December 31, 2020", "", ""],
    ["(in thousands)", "As Previously Reported", "Adjustment", "As Restated"],
    ["Accounts receivable, net", "41,220", "(1,460)", "39,760"],
    ["Total current assets", "128,774", "(1,460)", "127,314"],
    ["Basic EPS", "$1.32", "(0.05)", "$1.27"],
]


def test_a_column_named_otherwise_is_asked_in_the_tables_words(tmp_path):
    answers_each(
        table_from_rows(RESTATED, tmp_path, "restated"),
        ("What were total current assets before the restatement?", "128,774"),
        ("What was the impact of the restatement on basic EPS?", "(0.05)"),
    )


SECTIONED = [
    ["£m", "31 March 2020", "31 March 2019"],
    ["Current liabilities", "", ""],
    ["Trade and other payables", "(902.4)", "(871.6)"],
    ["Borrowings", "(420)", "(75.0)"],
    ["Non-current liabilities", "", ""],
    ["Borrowings", "(3,215)", "(688.0)"],
    ["Provisions", "(18.9)", "(17.7)"],
]


def test_short_term_is_the_current_section(tmp_path):
    answers_each(
        table_from_rows(SECTIONED, tmp_path, "sections"),
        ("What were short-term borrowings at 31 March 2020?", "(420)"),
        ("What were long-term borrowings at 31 March 2019?", "(688.0)"),
    )


COSTS = [
    ["€ million", "2020", "2019"],
    ["Revenue", "9,812", "10,447"],
    ["Raw materials and consumables used", "(4,106)", "(4,518)"],
    ["Employee benefits expense", "(2,733)", "(2,801)"],
    ["Finance costs", "(164)", "(171)"],
]

INVESTING = [
    ["(in thousands)", "2019", "2018"],
    ["Purchases of marketable securities", "(210,884)", "(180,112)"],
    ["Proceeds from sales and maturities of marketable securities", "195,402", "170,950"],
    ["Purchases of property and equipment", "(41,230)", "(38,604)"],
    ["Net cash used in investing activities", "(56,712)", "(47,766)"],
]


def test_names_written_inside_one_label_are_one_name_and_a_ranked_kind_is_kept(tmp_path):
    # "materials and consumables" is part of "raw materials and consumables": one name the table writes
    answers_each(table_from_rows(COSTS, tmp_path, "costs"), ("What was the cost of materials in 2019?", "(4,518)"))
    investing = table_from_rows(INVESTING, tmp_path, "investing")
    answers_each(investing, ("What was the investing cash outflow in 2019?", "(56,712)"))
    # the kind a "which" question ranks stays as said: one of the investing lines, not their net total
    ranked = terms_said(investing, "Which was the largest investing cash outflow in 2019?")
    assert ranked == "Which was the largest investing cash outflow in 2019?"
