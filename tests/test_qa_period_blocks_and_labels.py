"""A table stacked in blocks whose header rows each state their date in the stub ("December 31, 2019 | Level 1 |
Level 2 | ..." and further down "December 31, 2018 | Level 1 | Level 2 | ..."): each block is a table of its own
and its columns are of its date, so "interest rate swap assets at December 31, 2018" is the 2018 block's row, not
a tie between the two same-named rows. A column compared in a "which year / which quarter" question is named as
the table prints it: a quarter among quarters of other years by every level it differs in ("Jun Qtr" among "Mar Qtr / 2020 | Sep Qtr / 2019"; "Fourth Quarter" where a footnote marks its "Quarter(1)"). Tables are written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import answer_any, table_from_rows, tables_from_rows
from tablerag.qa.answer import answer_table

DATED_HEADERS = [
    ["December 31, 2019", "Level 1", "Level 2", "Level 3", "Total"],
    ["Assets", "", "", "", ""],
    ["Foreign exchange contracts", "$—", "$14.6", "$—", "$14.6"],
    ["Interest rate swaps", "—", "3.2", "—", "3.2"],
    ["Liabilities", "", "", "", ""],
    ["Foreign exchange contracts", "$—", "$9.1", "$—", "$9.1"],
    ["Interest rate swaps", "—", "21.7", "—", "21.7"],
    ["December 31, 2018", "Level 1", "Level 2", "Level 3", "Total"],
    ["Assets", "", "", "", ""],
    ["Foreign exchange contracts", "$—", "$11.3", "$—", "$11.3"],
    ["Interest rate swaps", "—", "8.9", "—", "8.9"],
    ["Liabilities", "", "", "", ""],
    ["Foreign exchange contracts", "$—", "$16.4", "$—", "$16.4"],
    ["Interest rate swaps", "—", "6.0", "—", "6.0"],
]


def test_a_header_row_repeated_with_another_date_in_its_stub_opens_a_block_of_that_date(tmp_path):
    tables = tables_from_rows(DATED_HEADERS, tmp_path, "levels")
    assert [[t.column_name(c) for c in range(1, t.n_cols)][1] for t in tables] == [
        "December 31, 2019 / Level 2",
        "December 31, 2018 / Level 2",
    ]
    for question, value in (
        ("What were Level 2 interest rate swap assets at December 31, 2018?", "8.9"),
        ("What were foreign exchange contract liabilities at December 31, 2019?", "$9.1"),
        ("What were foreign exchange contract assets at December 31, 2018?", "$11.3"),
        ("What was the fair value of interest rate swap liabilities at December 31, 2018?", "6.0"),
    ):
        answer = answer_any(tables, question)
        assert answer is not None and answer.value == value, question


def test_a_row_repeating_the_labels_under_no_period_opens_no_block():
    from helpers import grid_table

    # the body row repeats the labels but its stub names no period: a row of the table, not a new block's header
    table = grid_table(
        [
            ["December 31, 2019", "Level 1", "Level 2"],
            ["Swaps", "1.0", "2.0"],
            ["Options", "Level 1", "Level 2"],
            ["Futures", "3.0", "4.0"],
        ],
        header_rows=1,
    )
    from tablerag.parsing.headers import header_blocks

    assert header_blocks(table) == []
    assert table.column_name(2) == "Level 2"  # one block: the date in the stub dates the table, not a column


QUARTERS = [
    ["", "Sep Qtr", "Mar Qtr", "Jun Qtr", "FY20"],
    ["", "2019", "2020", "2020", ""],
    ["Gold produced (koz)", "212", "198", "231", "862"],
    ["All-in sustaining cost ($/oz)", "1,142", "1,098", "1,053", "1,101"],
]

NAMED_QUARTERS = [
    ["Fiscal 2019", "First", "Second", "Third", "Fourth"],
    ["", "Quarter", "Quarter", "Quarter", "Quarter(1)"],
    ["Net sales", "812.4", "840.1", "799.3", "901.7"],
    ["Net income", "71.3", "80.6", "66.2", "90.2"],
]


def test_a_quarter_with_no_year_of_its_own_is_named_by_every_level_it_differs_in(tmp_path):
    answers_each(
        table_from_rows(QUARTERS, tmp_path, "quarters"),
        ("In which quarter was the all-in sustaining cost lowest?", "Jun Qtr"),
    )
    answers_each(
        table_from_rows(NAMED_QUARTERS, tmp_path, "named"),
        ("In which quarter of fiscal 2019 was net income the highest?", "Fourth Quarter"),
    )


TWO_YEARS_OF_QUARTERS = [
    ["", "2019", "", "", "", "2018", "", "", ""],
    ["($ in thousands)", "Q1", "Q2", "Q3", "Q4", "Q1", "Q2", "Q3", "Q4"],
    ["Revenue", "301,220", "318,904", "355,017", "349,660", "288,310", "401,875", "297,902", "300,388"],
]


def test_a_year_the_question_names_keeps_the_ranking_to_its_quarters(tmp_path):
    # 2018's second quarter is larger than any of 2019's: "which quarter of 2019" ranks 2019's four alone
    answers_each(
        table_from_rows(TWO_YEARS_OF_QUARTERS, tmp_path, "quarters"),
        ("Which quarter of 2019 had the highest revenue?", "Q3"),
        ("In which quarter of 2018 was revenue the highest?", "Q2"),
    )


FISCAL_QUARTER_ENDS = [
    ["", "Fiscal Year 2019", "", "", ""],
    ["", "Quarter Ended", "", "", ""],
    ["(in millions)", "September 30, 2018", "December 31, 2018", "March 31, 2019", "June 30, 2019"],
    ["Net revenues", "$2,845", "$3,312", "$2,977", "$3,104"],
    ["Operating income", "512", "688", "540", "573"],
]
FISCAL_QUARTERS = [
    ["", "Fiscal 2019", "", "", "", "Fiscal 2018", "", "", ""],
    ["(in millions)", "Q1", "Q2", "Q3", "Q4", "Q1", "Q2", "Q3", "Q4"],
    ["Diluted earnings per share", "$0.61", "$0.70", "$0.74", "$0.98", "$0.45", "$0.51", "$0.57", "$0.73"],
]


def test_a_fiscal_years_quarters_are_its_quarter_end_columns_in_date_order(tmp_path):
    # a fiscal year ending in June: its first quarter ends in September of the calendar year before, its fourth in
    # June; the final quarter of a year named is its fourth
    answers_each(
        table_from_rows(FISCAL_QUARTER_ENDS, tmp_path, "fiscal"),
        ("What was operating income in the fourth quarter of fiscal 2019?", "573"),
        ("What were net revenues in the first quarter of fiscal 2019?", "$2,845"),
        ("What was net revenue in fiscal 2019's third quarter?", "$2,977"),
    )
    answers_each(
        table_from_rows(FISCAL_QUARTERS, tmp_path, "quarters"),
        ("What were diluted EPS in the final quarter of fiscal 2018?", "$0.73"),
    )


SUMMARY_COMPENSATION = [
    ["Name and Principal Position", "Year", "Salary ($)", "Bonus ($)", "Total ($)"],
    ["Michael R. Townsend", "2019", "950,000", "—", "8,827,867"],
    ["Chief Executive Officer", "2018", "900,000", "—", "7,765,305"],
    ["", "2017", "850,000", "250,000", "7,267,094"],
    ["Laura K. Whitfield", "2019", "500,000", "—", "3,299,128"],
    ["Executive Vice President", "2018", "525,000", "—", "2,846,217"],
    ["", "2017", "475,000", "75,000", "2,549,926"],
]


def test_an_entitys_year_lines_are_ranked_by_their_years(tmp_path):
    # her 2018 line has the highest salary, though the block opens with 2019 and the CEO's is higher still
    answers_each(
        table_from_rows(SUMMARY_COMPENSATION, tmp_path, "sct"),
        ("In which year was Laura K. Whitfield's salary the highest?", "2018"),
        ("In which year was Michael R. Townsend's total compensation the lowest?", "2017"),
    )


def test_the_entities_lines_of_a_year_are_ranked_by_entity(tmp_path):
    # each executive's 2019 line, named by the block's first line (the name), not the title line below it
    table = table_from_rows(SUMMARY_COMPENSATION, tmp_path, "sct")
    for question, name in (
        ("Which executive had the lowest salary in 2019?", "Laura K. Whitfield"),
        ("Which executive had the highest total compensation in 2018?", "Michael R. Townsend"),
    ):
        answer = answer_table(table, question)
        assert answer is not None and answer.label == name, question


INDIAN_FISCAL = [
    ["Particulars", "Note No.", "Year ended 31 March 2020", "Year ended 31 March 2019"],
    ["", "", "₹ crore", "₹ crore"],
    ["Revenue from operations", "24", "90,791", "79,047"],
    ["Employee benefit expenses", "26", "50,887", "44,726"],
    ["Finance costs", "27", "167", "—"],
]


def test_a_fiscal_year_said_as_its_two_calendar_years_is_the_year_it_ends(tmp_path):
    answers_each(
        table_from_rows(INDIAN_FISCAL, tmp_path, "fy"),
        ("What were employee benefit expenses in FY 2018-19?", "44,726"),
        ("What was revenue from operations in fiscal 2019-20?", "90,791"),
    )


INTANGIBLES = [
    ["", "December 31, 2019", "", "", "December 31, 2018", "", ""],
    ["", "Gross", "", "Net", "Gross", "", "Net"],
    [
        "",
        "Carrying Amount",
        "Accumulated Amortization",
        "Carrying Amount",
        "Carrying Amount",
        "Accumulated Amortization",
        "Carrying Amount",
    ],
    ["Customer relationships", "68,400", "(38,212)", "30,188", "68,400", "(31,370)", "37,030"],
    ["Developed technology", "42,150", "(32,077)", "10,073", "42,150", "(29,104)", "13,046"],
]


def test_a_repeated_group_label_heads_as_many_columns_each_time(tmp_path):
    # the second "Gross" follows the one-column "Net": it is as wide as the first, so the second date heads its three
    table = table_from_rows(INTANGIBLES, tmp_path, "intangibles")
    assert table.column_name(6) == "December 31, 2018 / Net / Carrying Amount"
    answers_each(
        table,
        ("What was the net carrying amount of developed technology in 2018?", "13,046"),
        ("What was the accumulated amortization of customer relationships at December 31, 2018?", "(31,370)"),
    )
