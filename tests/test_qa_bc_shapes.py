"""Report shapes a new user's questions met: an expected term stated in years ("6.1 years") read as a value, not a
header line; two years named in a "which year" question compared whatever rows the other words link; a quarter-end
asked as "which three-month period"; a table's total asked over the share row that names it as its base; a debt
table's net line (the total less every line between) no instrument of a ranking; "what expected loss rate was
applied" asking the rate column, as "what was the expected loss rate" does. Tables are CSV."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

ASSUMPTIONS = [
    ["", "Year Ended December 31,", "", ""],
    ["", "2019", "2018", "2017"],
    ["Expected term", "5.8 years", "6.0 years", "6.1 years"],
    ["Expected volatility", "27.4%", "25.9%", "28.3%"],
    ["Risk-free interest rate", "1.9%", "2.7%", "2.0%"],
]

OBLIGATIONS = [
    ["", "Total", "Less than 1 year", "1-3 years", "3-5 years", "More than 5 years"],
    ["Long-term debt", "2,350", "150", "400", "800", "1,000"],
    ["Operating leases", "288", "58", "95", "61", "74"],
]

EPS = [
    ["(In millions, except per share data)", "2019", "2018", "2017"],
    ["Net income", "$ 1,842", "$ 1,615", "$ 1,120"],
    ["Net income per share:", "", "", ""],
    ["Basic", "$ 4.44", "$ 3.82", "$ 2.58"],
    ["Diluted", "$ 4.38", "$ 3.76", "$ 2.54"],
    ["Antidilutive shares excluded from diluted EPS", "3", "2", "5"],
]

GROUPS = [
    ["", "2007", "2014"],
    ["Male", "4.2", "4.4"],
    ["Female", "5.1", "5.3"],
]

DEBT = [
    ["(in thousands)", "June 30, 2023", "June 30, 2022"],
    ["Revolving credit facility", "$ 145,000", "$ 210,000"],
    ["Term loan A, due August 2026", "387,500", "412,500"],
    ["5.25% Senior notes due 2028", "600,000", "600,000"],
    ["4.625% Senior notes due 2030", "500,000", "500,000"],
    ["Total debt", "1,632,500", "1,722,500"],
    ["Less: unamortized debt issuance costs", "(14,386)", "(16,952)"],
    ["Less: current maturities", "(27,312)", "(26,804)"],
    ["Long-term debt, net", "$ 1,590,802", "$ 1,678,744"],
]

AGEING = [
    ["", "30 June 2019", "", "", "30 June 2018", "", ""],
    [
        "",
        "Expected loss rate",
        "Gross carrying amount",
        "Loss allowance",
        "Expected loss rate",
        "Gross carrying amount",
        "Loss allowance",
    ],
    ["Current (not past due)", "0.4%", "84,215", "337", "0.5%", "78,930", "395"],
    ["61–90 days past due", "9.5%", "1,842", "175", "10.2%", "2,215", "226"],
    ["More than 90 days past due", "42.0%", "2,630", "1,105", "38.5%", "2,904", "1,118"],
]

QUARTERS = [
    ["(In thousands)", "Three Months Ended", "", "", ""],
    ["", "Mar. 31, 2019", "Jun. 30, 2019", "Sep. 30, 2019", "Dec. 31, 2019"],
    ["Revenue", "$ 284,611", "$ 301,927", "$ 312,480", "$ 338,105"],
    ["Sales and marketing", "78,115", "80,436", "81,902", "86,540"],
    ["General and administrative", "29,804", "30,117", "31,466", "33,012"],
]

PRODUCT_LINES = [
    ["(In thousands)", "Fiscal 2020", "Fiscal 2019"],
    ["Subscription", "$ 412,308", "$ 331,742"],
    ["Maintenance", "86,119", "91,404"],
    ["Professional services", "47,903", "45,218"],
    ["", "$ 546,330", "$ 468,364"],
    ["Subscription as a percentage of total revenue", "75%", "71%"],
]


def test_a_length_stated_in_years_is_a_value(tmp_path):
    answers_each(
        table_from_rows(ASSUMPTIONS, tmp_path, "assumptions"),
        ("What expected term was assumed in 2017?", "6.1 years"),
        ("What was the expected volatility in 2018?", "25.9%"),
    )
    answers_each(  # whole years head a maturity table's buckets
        table_from_rows(OBLIGATIONS, tmp_path, "obligations"),
        ("How much long-term debt is due in 1-3 years?", "400"),
    )


def test_two_years_named_are_compared(tmp_path):
    answers_each(
        table_from_rows(EPS, tmp_path, "eps"),
        ("Which year had the higher basic EPS, 2018 or 2017?", "2018"),
        ("Which was higher in 2019, basic or diluted net income per share?", "Basic"),
    )
    answers_each(  # a group asked, two years named: the groups are compared
        table_from_rows(GROUPS, tmp_path, "groups"),
        ("Which group had the lower rate in both 2007 and 2014, male or female?", "Male"),
    )


def test_a_three_month_period_asked_is_a_column(tmp_path):
    answers_each(
        table_from_rows(QUARTERS, tmp_path, "quarters"),
        ("For which three-month period end date was sales and marketing expense the highest?", "Dec. 31, 2019"),
    )


def test_the_base_of_a_share_row_is_the_unlabelled_total(tmp_path):
    answers_each(
        table_from_rows(PRODUCT_LINES, tmp_path, "products"),
        ("What was total revenue in fiscal 2020?", "$ 546,330"),
        ("What was subscription as a percentage of total revenue in fiscal 2020?", "75%"),
    )


def test_a_net_line_below_a_total_is_no_instrument(tmp_path):
    answers_each(
        table_from_rows(DEBT, tmp_path, "debt"),
        ("Which debt instrument had the largest balance at June 30, 2023?", "5.25% Senior notes due 2028"),
        ("What was long-term debt, net at June 30, 2022?", "$ 1,678,744"),
    )


def test_a_rate_asked_without_a_verb_first_is_the_rate_column(tmp_path):
    answers_each(
        table_from_rows(AGEING, tmp_path, "ageing"),
        ("What expected loss rate was applied to receivables more than 90 days past due at 30 June 2018?", "38.5%"),
        ("What loss allowance was held against receivables more than 90 days past due at 30 June 2019?", "1,105"),
    )
