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


CASH_FLOWS = [
    ["$ in millions", "2021", "2020"],
    ["Net income", "1,410", "1,262"],
    ["Share-based compensation", "96", "88"],
    ["Net cash provided by operating activities", "1,880", "1,705"],
    ["Dividends paid", "(402)", "(388)"],
    ["Repurchases of common stock", "(650)", "(900)"],
    ["Net cash used in financing activities", "(1,052)", "(1,288)"],
]

BANK_BALANCE = [
    ["At 31 December", "2021", "2020"],
    ["Loans and advances to customers ($bn)", "1,045.2", "1,002.3"],
    ["Customer accounts ($bn)", "1,602.4", "1,531.8"],
    ["Advances to deposits ratio", "65.2%", "65.4%"],
]


def test_the_line_whose_years_are_ranked_is_asked_in_the_tables_words(tmp_path):
    flows = table_from_rows(CASH_FLOWS, tmp_path, "flows")
    asked = terms_said(flows, "In which year were share repurchases larger?")
    assert asked == "In which year were repurchase of common stock larger?"
    answers_each(flows, ("In which year were share repurchases larger?", "2020"))
    answers_each(
        table_from_rows(BANK_BALANCE, tmp_path, "bank"), ("What were customer deposits at year-end 2021?", "1,602.4")
    )


WORKING_CAPITAL = [
    ["", "As at 31 December", "", ""],
    ["£ million", "2021", "2020", "Change"],
    ["Inventories", "402.1", "377.6", "24.5"],
    ["Trade and other receivables", "610.4", "652.0", "(41.6)"],
    ["Net working capital", "1,012.5", "1,029.6", "(17.1)"],
]


def test_a_movement_asked_is_the_stated_change(tmp_path):
    answers_each(
        table_from_rows(WORKING_CAPITAL, tmp_path, "wc"),
        ("What was the movement in trade and other receivables?", "(41.6)"),
    )


TRAILING = [
    ["", "Trailing Twelve Months Ended", "Nine Months Ended", ""],
    ["(in millions)", "September 30, 2021", "September 30, 2021", "September 30, 2020"],
    ["Net income", "$241.0", "$180.2", "$151.7"],
    ["Adjusted EBITDA", "$602.5", "$451.9", "$410.3"],
]


def test_last_twelve_months_is_the_trailing_period(tmp_path):
    answers_each(
        table_from_rows(TRAILING, tmp_path, "ttm"), ("What was LTM net income as of September 30, 2021?", "$241.0")
    )


CASH_SUMMARY = [
    ["$ in millions", "Fiscal 2021", "Fiscal 2020"],
    ["Net cash provided by operating activities", "2,318", "2,045"],
    ["Net cash used in investing activities", "(1,104)", "(962)"],
    ["Net cash used in financing activities", "(886)", "(1,210)"],
    ["Effect of exchange rate changes on cash", "(23)", "17"],
    ["Net increase (decrease) in cash and cash equivalents", "305", "(110)"],
]


def test_a_change_said_both_ways_is_the_net_change(tmp_path):
    answers_each(
        table_from_rows(CASH_SUMMARY, tmp_path, "cash"), ("What was the net change in cash in fiscal 2020?", "(110)")
    )


SEGMENTS = [
    ["(€ million)", "Automation", "Healthcare", "Total"],
    ["External revenue", "4,812", "3,206", "8,018"],
    ["Inter-segment revenue", "118", "42", "160"],
    ["Segment assets", "6,940", "5,118", "12,058"],
]


def test_a_prefix_joined_by_a_hyphen_is_one_word_with_it(tmp_path):
    answers_each(
        table_from_rows(SEGMENTS, tmp_path, "segments"), ("What was intersegment revenue in Automation?", "118")
    )
