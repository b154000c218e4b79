"""Row labels a reader wrapped over two grid rows: the line opening lower-case ends the label above it, and the
row holding the values takes the whole label ("Net cash used in investing" / "activities | (88,412)", "Accrued
compensation and | $48,215" / "related benefits"); the other line names nothing. A stub whose labels mostly open
lower-case keeps them apart ("men", "women"). Tables are written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

CASH_FLOWS = [
    ["", "Fiscal Year Ended June 30,", "", ""],
    ["(In thousands)", "2019", "2018", "2017"],
    ["Net cash provided by (used in)", "", "", ""],
    ["operating activities", "$245,310", "$198,772", "$176,045"],
    ["Net cash used in investing", "", "", ""],
    ["activities", "(88,412)", "(132,950)", "(61,207)"],
    ["Net cash (used in) provided by financing", "(120,118)", "15,634", "(94,480)"],
    ["activities", "", "", ""],
    ["Net increase in cash and cash equivalents", "33,553", "83,364", "18,243"],
    ["Cash and cash equivalents at beginning of", "", "", ""],
    ["year", "412,806", "329,442", "311,199"],
    ["Cash and cash equivalents at end of year", "$446,359", "$412,806", "$329,442"],
]
ACCRUED = [
    ["", "As of", ""],
    ["(In thousands)", "December 31, 2019", "December 31, 2018"],
    ["Accrued compensation and", "$48,215", "$42,906"],
    ["related benefits", "", ""],
    ["Accrued professional fees", "6,048", "5,512"],
    ["Other", "8,920", "7,653"],
    ["Total accrued expenses and other current", "", ""],
    ["liabilities", "$63,183", "$56,071"],
]
LOWER = [
    ["", "2019", "2018"],
    ["total", "1,200", "1,100"],
    ["men", "640", "590"],
    ["women", "560", "510"],
]


def test_the_values_line_takes_the_whole_wrapped_label(tmp_path):
    table = table_from_rows(CASH_FLOWS, tmp_path, "cash_flows")
    assert table is not None
    assert table.row_chain(5) == ["Net cash used in investing activities"]
    assert table.row_chain(6) == ["Net cash (used in) provided by financing activities"]
    answers_each(
        table,
        ("What was net cash from financing activities for the year ended June 30, 2018?", "15,634"),
        ("What were cash and cash equivalents at the beginning of fiscal 2017?", "311,199"),
        ("What was net cash used in investing activities in 2019?", "(88,412)"),
    )
    accrued = table_from_rows(ACCRUED, tmp_path, "accrued")
    answers_each(
        accrued,
        ("What were total accrued expenses and other current liabilities at December 31, 2019?", "$63,183"),
        ("What was accrued compensation and related benefits at December 31, 2018?", "$42,906"),
    )


def test_a_lower_case_stub_keeps_its_rows(tmp_path):
    table = table_from_rows(LOWER, tmp_path, "lower")
    assert table is not None and table.row_chain(2) == ["men"] and table.row_chain(3) == ["women"]


LEASES = [
    ["", "Year Ended December 31, 2019"],
    ["(in thousands)", ""],
    ["Operating lease cost", "$ 9,412"],
    ["Short-term lease cost", "1,087"],
    ["Total lease cost", "$ 10,499"],
    ["Weighted-average remaining lease term", ""],
    ["(years)", "6.2"],
    ["Weighted-average discount rate", "4.7%"],
]
OTHER_INCOME = [
    ["", "Year Ended December 31,", "", ""],
    ["", "2019", "2018", "2017"],
    ["(in thousands)", "", "", ""],
    ["Interest income", "2,418", "1,377", "602"],
    ["Foreign currency exchange gains", "", "", ""],
    ["(losses), net", "(389)", "512", "(147)"],
    ["Other", "74", "—", "(22)"],
]


def test_a_label_wrapped_onto_a_bracketed_line_is_one_label(tmp_path):
    """The line the values sit on opens with a bracket ("(losses), net", "(years)"): it ends the label above it.
    The row's one value is its answer (the bracketed line is its label cell, not a second cell), and a duration
    named by the label is no amount of the table's "(in thousands)"."""
    income = table_from_rows(OTHER_INCOME, tmp_path, "other_income")
    assert income is not None
    assert income.row_chain(5) == ["Foreign currency exchange gains (losses), net"]
    answers_each(income, ("What was the foreign currency exchange gains in 2018?", "512"))
    leases = table_from_rows(LEASES, tmp_path, "leases")
    assert leases is not None
    assert leases.row_chain(6) == ["Weighted-average remaining lease term (years)"]
    answers_each(leases, ("What was the weighted-average remaining lease term?", "6.2"))
    term = next(c for c in leases.cells if c.row == 6 and c.col == 1)
    assert term.unit is None, term.unit
    cost = next(c for c in leases.cells if c.row == 2 and c.col == 1)
    assert cost.unit is not None and "thousand" in cost.unit
