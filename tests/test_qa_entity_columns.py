"""Labels and periods as reports print them: the whole entity's column ("Group", "Consolidated") and residual ones
("Corporate", "Unallocated") are no segment to rank; a fiscal year labelled "FY18" answers "which year" as printed;
a quarter is named by its own header level under a year's group; "the nine-month period" is the "Nine months
ended" group; "the beginning of 2019" over dated columns is the column dated at its start. Tables are CSV files."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

SEGMENTS = [
    ["", "Aerospace", "Defense", "Industrial", "Corporate", "Consolidated"],
    ["Identifiable assets", "6,000", "4,000", "3,000", "2,337", "15,337"],
    ["Capital expenditures", "210", "95", "140", "3", "448"],
]
GROUP_BY_YEAR = [
    ["", "Retail", "", "Online", "", "Group", ""],
    ["£m", "2020", "2019", "2020", "2019", "2020", "2019"],
    ["Revenue", "1,204.5", "1,311.8", "655.9", "498.3", "1,860.4", "1,810.1"],
]


def test_the_whole_and_residual_columns_are_no_segment(tmp_path):
    table = table_from_rows(SEGMENTS, tmp_path, "segments")
    most = answer_table(table, "Which segment had the most identifiable assets?")
    assert most is not None and most.value == "Aerospace"
    least = answer_table(table, "Which segment had the lowest capital expenditures?")
    assert least is not None and least.value == "Defense"  # not Corporate's 3
    named = answer_table(table, "What were the consolidated capital expenditures?")
    assert named is not None and named.value == "448"


def test_the_group_column_under_years_is_no_segment(tmp_path):
    table = table_from_rows(GROUP_BY_YEAR, tmp_path, "group")
    answer = answer_table(table, "Which segment had the highest revenue in 2020?")
    assert answer is not None and answer.value == "Retail"


def test_a_fiscal_year_label_answers_as_printed(tmp_path):
    table = table_from_rows([["", "FY19", "FY18"], ["Revenue", "980", "1,050"]], tmp_path, "fy")
    answer = answer_table(table, "In which year was revenue higher?")
    assert answer is not None and answer.value == "FY18"
    spans = table_from_rows([["", "2018/2019", "2017/2018"], ["Revenue", "5,400", "5,100"]], tmp_path, "spans")
    closing = answer_table(spans, "In which year was revenue higher?")
    assert closing is not None and closing.value == "2019"  # a year span is named by its closing year


def test_a_quarter_with_a_loss_is_named_by_its_own_level(tmp_path):
    rows = [
        ["", "Fiscal 2019 Quarter Ended", "", "", ""],
        ["", "Mar. 31", "Jun. 30", "Sep. 30", "Dec. 31"],
        ["Revenue", "100", "120", "90", "130"],
        ["Income (loss) from operations", "(3,412)", "200", "150", "300"],
    ]
    table = table_from_rows(rows, tmp_path, "quarters")
    answer = answer_table(table, "Which quarter had a loss from operations?")
    assert answer is not None and answer.value == "Mar. 31"


def test_a_hyphenated_duration_names_its_group(tmp_path):
    rows = [
        ["", "Three months ended", "", "Nine months ended", ""],
        ["", "30 September 2019", "30 September 2018", "30 September 2019", "30 September 2018"],
        ["G&A expenses", "(12,906)", "(11,000)", "(38,845)", "(30,000)"],
    ]
    table = table_from_rows(rows, tmp_path, "durations")
    nine = answer_table(table, "What were G&A expenses for the nine-month period ended September 30, 2019?")
    assert nine is not None and nine.value == "(38,845)"
    three = answer_table(table, "What were G&A expenses for the three-month period ended 30 September 2018?")
    assert three is not None and three.value == "(11,000)"


def test_the_beginning_of_a_year_over_dated_columns(tmp_path):
    rows = [
        ["", "At 1 January 2019", "Cash flow", "Other", "At 31 December 2019"],
        ["Cash", "500", "(100)", "20", "420"],
        ["Net debt", "(1,334)", "242", "(82)", "(1,174)"],
    ]
    table = table_from_rows(rows, tmp_path, "movements")
    opening = answer_table(table, "What was net debt at the beginning of 2019?")
    assert opening is not None and opening.value == "(1,334)"
    closing = answer_table(table, "What was net debt at the end of 2019?")
    assert closing is not None and closing.value == "(1,174)"
