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


def test_a_fiscal_year_label_answers_by_its_year(tmp_path):
    table = table_from_rows([["", "FY19", "FY18"], ["Revenue", "980", "1,050"]], tmp_path, "fy")
    answer = answer_table(table, "In which year was revenue higher?")
    assert answer is not None and answer.value == "2018"  # the year, as TAT-QA's annotators answer "which year"
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


REGIONS = [
    ["", "North America", "Europe", "Asia-Pacific", "Rest of world", "Group"],
    ["Revenue", "2,410", "1,630", "980", "214", "5,234"],
    ["Capital expenditure", "512", "401", "388", "41", "1,342"],
]
COUNTRIES = [
    ["", "2019"],
    ["United States", "2,410"],
    ["Germany", "1,630"],
    ["Japan", "980"],
    ["Rest of world", "214"],
    ["Total", "5,234"],
]


def test_rest_of_world_is_a_region_but_no_country(tmp_path):
    regions = table_from_rows(REGIONS, tmp_path, "regions")
    region = answer_table(regions, "Which region had the lowest capital expenditure?")
    assert region is not None and region.value == "Rest of world"
    countries = table_from_rows(COUNTRIES, tmp_path, "countries")
    country = answer_table(countries, "Which country had the lowest revenue in 2019?")
    assert country is not None and country.value == "Japan"
    area = answer_table(countries, "Which region had the lowest revenue in 2019?")
    assert area is not None and area.value == "Rest of world"


def test_a_quarter_of_the_year_asked_with_a_loss_over_tied_rows(tmp_path):
    rows = [
        ["", "2019", "", "", "", "2018", "", "", ""],
        ["(in thousands)", "Q4", "Q3", "Q2", "Q1", "Q4", "Q3", "Q2", "Q1"],
        ["Revenue", "412", "398", "376", "351", "344", "330", "318", "301"],
        ["Net income (loss)", "38,114", "29,806", "(4,215)", "12,730", "21,447", "18,006", "9,882", "(2,319)"],
        ["Net income (loss) per share", "$0.42", "$0.33", "$(0.05)", "$0.14", "$0.24", "$0.20", "$0.11", "$(0.03)"],
    ]
    table = table_from_rows(rows, tmp_path, "quarters")
    answer = answer_table(table, "In which quarter of 2018 did the company record a net loss?")
    assert answer is not None and answer.value == "Q1"
    assert answer.citations[0]["col"] == 8


def test_a_full_year_asked_over_its_quarters(tmp_path):
    rows = [
        ["($ in millions)", "Q1 FY20", "Q2 FY20", "Q3 FY20", "Q4 FY20", "FY20"],
        ["Net revenue", "2,804", "3,115", "2,957", "3,322", "12,198"],
        ["Operating expenses", "1,047", "1,102", "1,081", "1,139", "4,369"],
    ]
    table = table_from_rows(rows, tmp_path, "fiscal_quarters")
    year = answer_table(table, "What were operating expenses for fiscal year 2020?")
    assert year is not None and year.value == "4,369"
    quarter = answer_table(table, "What were operating expenses in Q3 FY20?")
    assert quarter is not None and quarter.value == "1,081"
