"""Analysts' words over a statement's labels and the reverse: "EBIT" is the "Operating income" line, "the bottom
line" net income, "COGS" the cost of sales, "CFO" the operating cash flow, "AR" the receivables; a label written as
an acronym with "&" or "/" ("D&A", "A/R") is named by its words, "EBIT" by "earnings before interest and taxes"
(its "before" places no row beside another). A "when" question takes the date column among the columns it names
("when do the August 2019 options expire"), whose expiry date sharing "August" names no row. Tables are CSV."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

INCOME = [
    ["", "Year Ended December 31,", ""],
    ["(in millions)", "2023", "2022"],
    ["Net sales", "$ 4,120.6", "$ 3,877.1"],
    ["Cost of sales", "2,701.3", "2,566.0"],
    ["Gross profit", "1,419.3", "1,311.1"],
    ["Selling, general and administrative", "802.0", "829.9"],
    ["Operating income", "617.3", "481.2"],
    ["Interest expense, net", "(61.2)", "(58.4)"],
    ["Income before income taxes", "556.1", "422.8"],
    ["Provision for income taxes", "(131.4)", "(98.6)"],
    ["Net income", "$ 424.7", "$ 324.2"],
]
CASH = [
    ["(in millions)", "2023", "2022"],
    ["Net cash provided by operating activities", "593.6", "472.8"],
    ["Purchases of property and equipment", "(161.0)", "(148.2)"],
    ["Accounts receivable, net", "701.5", "655.0"],
]
ABBREVIATED = [
    ["($M)", "Q4 FY24", "Q3 FY24", "Q4 FY23"],
    ["Revenue", "1,246.5", "1,188.2", "1,102.9"],
    ["R&D", "151.2", "148.7", "139.5"],
    ["SG&A", "168.9", "162.4", "160.8"],
    ["EBIT", "243.6", "214.8", "175.6"],
    ["D&A", "58.4", "57.1", "54.2"],
    ["A/R, net", "812.4", "798.1", "731.8"],
]
OPTIONS = [
    ["Grant Date", "Options Outstanding", "Exercise Price", "Expiration Date"],
    ["February 12, 2016", "84,200", "$ 21.37", "February 12, 2026"],
    ["August 15, 2019", "150,000", "$ 44.15", "August 15, 2029"],
    ["November 8, 2022", "95,000", "$ 56.48", "November 8, 2032"],
]


def test_analysts_words_over_the_statements_labels(tmp_path):
    answers_each(
        table_from_rows(INCOME, tmp_path, "income"),
        ("What was EBIT in 2022?", "481.2"),
        ("What was the bottom line for the year ended December 31, 2023?", "$ 424.7"),
        ("What was COGS in 2022?", "2,566.0"),
    )
    answers_each(
        table_from_rows(CASH, tmp_path, "cash"),
        ("What was CFO for 2023?", "593.6"),
        ("What was AR at year-end 2022?", "655.0"),
    )


def test_labels_written_as_acronyms_named_by_their_words(tmp_path):
    answers_each(
        table_from_rows(ABBREVIATED, tmp_path, "abbreviated"),
        ("What was depreciation and amortization in the fourth quarter of fiscal 2024?", "58.4"),
        ("What were selling, general and administrative expenses in the third quarter of fiscal 2024?", "162.4"),
        ("What were earnings before interest and taxes in the fourth quarter of fiscal 2023?", "175.6"),
        ("What were accounts receivable at the end of Q4 FY23?", "731.8"),
    )


def test_when_takes_the_date_column(tmp_path):
    answers_each(
        table_from_rows(OPTIONS, tmp_path, "options"),
        ("When do the August 2019 options expire?", "August 15, 2029"),
        ("How many of the August 2019 options are outstanding?", "150,000"),
    )


BENEFITS = [
    ["", "Pension Benefits", "", "Other Postretirement Benefits", ""],
    ["(in millions)", "2019", "2018", "2019", "2018"],
    ["Service cost", "$ 42", "$ 45", "$ 3", "$ 4"],
    ["Employer contributions", "85", "80", "30", "28"],
]


def test_opeb_is_the_other_postretirement_benefits(tmp_path):
    answers_each(
        table_from_rows(BENEFITS, tmp_path, "benefits"),
        ("How much did the employer contribute to the OPEB plans in fiscal 2019?", "30"),
    )


LIVES = [
    ["Asset Class", "Depreciation Method", "Estimated Useful Life"],
    ["Buildings", "Straight-line", "30 years"],
    ["Computer hardware and software", "Straight-line", "3 to 5 years"],
    ["Production tooling", "Units-of-production", "Based on estimated units"],
]


def test_over_what_period_takes_the_life_column(tmp_path):
    answers_each(
        table_from_rows(LIVES, tmp_path, "lives"),
        ("Over what period is computer software depreciated?", "3 to 5 years"),
        ("What depreciation method is used for production tooling?", "Units-of-production"),
    )


OFFICERS = [
    ["Name", "Age", "Position", "Officer Since"],
    ["Margaret L. Okafor", "58", "President and Chief Executive Officer", "2014"],
    ["Daniel R. Whitcombe", "51", "Executive Vice President and Chief Financial Officer", "2019"],
    ["Thomas J. Halloran", "62", "Senior Vice President and General Counsel", "2011"],
]
COMMITTEES = [
    ["Director", "Role", "Audit", "Remuneration"],
    ["Sir Richard Ashworth", "Non-executive Chair", "", "M"],
    ["Olusegun Adeyemi", "Independent Director", "C", "M"],
]


def test_who_holds_a_role_named_in_another_column(tmp_path):
    answers_each(
        table_from_rows(OFFICERS, tmp_path, "officers"),
        ("Who is the company's chief financial officer?", "Daniel R. Whitcombe"),
        ("Who is the general counsel?", "Thomas J. Halloran"),
    )
    # "the Audit Committee" names a column apart from the row "chairs" links: no role's holder is answered
    from tablerag.qa.answer import answer_table

    answer = answer_table(table_from_rows(COMMITTEES, tmp_path, "committees"), "Who chairs the Audit Committee?")
    assert answer is None or answer.refused or answer.value != "Sir Richard Ashworth"
