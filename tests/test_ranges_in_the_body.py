"""A first body row of ranges ("35%-40%", "38.0% - 41.5%", "$10.01 - $15.00") is a row of values, not a header
level: assumption tables print their first assumption so. A range of whole numbers ("1-3 years") over a column is
still a header label (a maturity bucket). Tables are written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

ASSUMPTIONS = [
    ["", "Year Ended December 31,", "", ""],
    ["", "2019", "2018", "2017"],
    ["Expected volatility", "35%-40%", "32%-38%", "30%-36%"],
    ["Risk-free interest rate", "1.6%-2.5%", "2.4%-2.9%", "1.8%-2.2%"],
    ["Expected term (in years)", "5.5", "5.6", "5.8"],
    ["Expected dividend yield", "0%", "0%", "0%"],
]
SPACED = [
    ["", "Fiscal Year Ended", "", ""],
    ["", "January 31, 2021", "February 1, 2020", "February 2, 2019"],
    ["Expected volatility", "45.0% - 52.0%", "38.0% - 41.5%", "36.0% - 39.0%"],
    ["Expected term", "4.0 - 6.25 years", "4.0 - 6.25 years", "4.5 - 6.25 years"],
    ["Weighted-average grant date fair value", "$18.36", "$14.92", "$13.10"],
]
OBLIGATIONS = [
    ["Contractual obligations", "Total", "Less than 1 year", "1-3 years", "3-5 years", "More than 5 years"],
    ["Operating leases", "$412", "$88", "$150", "$102", "$72"],
    ["Long-term debt", "1,500", "—", "500", "1,000", "—"],
]


def test_a_row_of_ranges_under_the_header_is_a_row(tmp_path):
    table = table_from_rows(ASSUMPTIONS, tmp_path, "assumptions")
    assert table is not None and table.header_rows == 2
    answers_each(
        table,
        ("What was the expected volatility used in 2018?", "32%-38%"),
        ("What was the risk-free interest rate in 2017?", "1.8%-2.2%"),
    )
    spaced = table_from_rows(SPACED, tmp_path, "spaced")
    assert spaced is not None and spaced.header_rows == 2
    answers_each(
        spaced, ("What was the expected volatility for the fiscal year ended February 1, 2020?", "38.0% - 41.5%")
    )


def test_buckets_of_whole_years_stay_header_labels(tmp_path):
    table = table_from_rows(OBLIGATIONS, tmp_path, "obligations")
    assert table is not None and table.header_rows == 1
    answers_each(table, ("How much long-term debt is due in 3-5 years?", "1,000"))
