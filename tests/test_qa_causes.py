"""Regressions from answers on financial-report tables (one test per cause): each builds its table as a CSV file
and asks the kind of question that went wrong."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

CHANGE_TABLE = [
    ["", "2019", "2018", "$ Change", "% Change"],
    ["Revenue", "532.0", "470.0", "62.0", "13.2%"],
    ["Gross profit", "368.6", "344.5", "24.1", "7.0%"],
]


def test_a_change_the_table_states_is_read_not_recomputed(tmp_path):
    table = table_from_rows(CHANGE_TABLE, tmp_path, "change")
    pct = answer_table(table, "What was the percentage change in gross profit between 2018 and 2019?")
    assert pct is not None and pct.value == "7.0%"
    assert [(c["row"], c["col"]) for c in pct.citations] == [(2, 4)]
    diff = answer_table(table, "What was the change in revenue between 2018 and 2019?")
    assert diff is not None and diff.value == "62.0"  # an amount asked: the amount column, not the percent one
    bare = table_from_rows([row[:3] for row in CHANGE_TABLE], tmp_path, "bare")
    computed = answer_table(bare, "What was the percentage change in gross profit between 2018 and 2019?")
    assert computed is not None and computed.intent == "percent_change" and len(computed.citations) == 2


def test_words_of_the_stub_header_name_no_row(tmp_path):
    rows = [
        ["Non-vested awards", "Shares", "Fair value"],
        ["Non-vested at December 31, 2018", "1,187,586", "$41.12"],
        ["Granted", "473,550", "$53.53"],
        ["Forfeited", "(12,632)", "$50.49"],
        ["Non-vested at December 31, 2019", "1,283,281", "$45.40"],
    ]
    table = table_from_rows(rows, tmp_path, "awards")
    answer = answer_table(table, "What is the number of non-vested shares granted in 2019?")
    assert answer is not None and answer.value == "473,550"


def test_superlative_over_rows_names_the_row_not_the_total(tmp_path):
    rows = [
        ["Assets", "Level 1", "Level 2", "Total Fair Value"],
        ["Commercial paper", "—", "44,300", "44,300"],
        ["Corporate debt securities", "—", "181,079", "181,079"],
        ["Money market funds", "2,010", "—", "2,010"],
        ["Total", "2,010", "225,379", "227,389"],
    ]
    table = table_from_rows(rows, tmp_path, "fair")
    answer = answer_table(table, "Which component is the greatest in the total fair value?")
    assert answer is not None and answer.value == "Corporate debt securities"


def test_which_year_below_a_bound_compares_the_period_amounts(tmp_path):
    rows = [
        ["", "2019", "2019", "2018", "2018"],
        ["", "Amount", "% of revenue", "Amount", "% of revenue"],
        ["Maintenance", "16,499", "2", "14,783", "2"],
        ["Services", "243,053", "34", "246,548", "38"],
        ["Lease obligation", "2,047", "1", "—", "—"],
    ]
    table = table_from_rows(rows, tmp_path, "costs")
    answer = answer_table(table, "In which year was Maintenance less than 15,000 thousands?")
    assert answer is not None and answer.value == "2018"
    assert len(answer.citations) == 2  # both years' amounts compared, not the percentage columns
    nil = answer_table(table, "In which year was lease obligation less than 500 thousands?")
    assert nil is not None and nil.value == "2018"  # the dash is nil, below any positive bound


def test_sub_labels_under_a_lone_spanning_label_are_header(tmp_path):
    rows = [
        ["", "", "Payments Due by Period", ""],
        ["Contractual Obligations", "Total", "Less than 1 Year", "1-3 Years"],
        ["Long-term debt", "10,556.6", "—", "2,747.6"],
        ["Operating lease obligations", "312.6", "52.1", "86.4"],
        ["Total", "10,869.2", "52.1", "2,834.0"],
    ]
    table = table_from_rows(rows, tmp_path, "obligations")
    assert table is not None and table.header_rows == 2
    answer = answer_table(table, "Which contractual obligation has the highest total value?")
    assert answer is not None and answer.value == "Long-term debt"


def test_a_unit_note_in_the_stub_does_not_end_the_header(tmp_path):
    rows = [
        ["", "Revised", "Measurement", "Revised"],
        ["", "Allocation", "Period", "Allocation"],
        ["(In millions)", "As of August 1, 2019", "Adjustments", "As of December 31, 2019"],
        ["Total assets", "540.6", "5.2", "545.8"],
        ["Total liabilities", "94.9", "5.2", "100.1"],
    ]
    table = table_from_rows(rows, tmp_path, "allocation")
    assert table is not None and table.header_rows == 3
    answer = answer_table(table, "What is the revised Total liabilities as of December 31, 2019?")
    assert answer is not None and answer.value == "100.1"


def test_the_stub_label_in_the_bottom_header_row_is_header(tmp_path):
    rows = [
        ["", "", "Number of Restaurants"],
        ["", "", "Land and"],
        ["", "Ground", "Building"],
        ["Fiscal Year", "Leases", "Leases"],
        ["2020 – 2024", "381", "697"],
        ["2025 – 2029", "198", "270"],
    ]
    table = table_from_rows(rows, tmp_path, "leases")
    assert table is not None and table.header_rows == 4
    answer = answer_table(table, "What is the number of ground leases expiring between fiscal year 2020 - 2024?")
    assert answer is not None and answer.value == "381"


def test_non_prefixed_words_are_their_own_word(tmp_path):
    rows = [
        ["", "USD denominated", "Non-USD denominated"],
        ["Monetary assets, current", "27,728", "2,899"],
        ["Monetary assets, non-current", "373", "–"],
    ]
    table = table_from_rows(rows, tmp_path, "currency")
    usd = answer_table(table, "What was the amount of USD denominated current monetary assets?")
    assert usd is not None and usd.value == "27,728"
    other = answer_table(table, "What was the amount of non-USD denominated current monetary assets?")
    assert other is not None and other.value == "2,899"


def test_gender_forms_link_male_to_men(tmp_path):
    rows = [
        ["", "Men", "Women"],
        ["Life expectancy at 65", "86.8", "88.9"],
        ["Life expectancy at 45", "88.5", "90.7"],
    ]
    table = table_from_rows(rows, tmp_path, "life")
    answer = answer_table(table, "What is the life expectancy at 65 for a female member?")
    assert answer is not None and answer.value == "88.9"


def test_an_unlabelled_line_under_a_section_is_its_total(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Basic earnings per share (cents)", "", ""],
        ["Continuing operations", "114.3", "123.4"],
        ["Discontinued operations", "91.9", "9.2"],
        ["", "206.2", "132.6"],
    ]
    table = table_from_rows(rows, tmp_path, "eps")
    answer = answer_table(table, "What is total basic earnings per share (cents) for 2019?")
    assert answer is not None and answer.value == "206.2"


def test_which_year_with_no_row_linked_is_refused_not_answered_with_a_row(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Member aged 65 (current life expectancy)", "86.8", "87.3"],
        ["Member aged 45 (life expectancy at age 65)", "88.5", "89.0"],
    ]
    table = table_from_rows(rows, tmp_path, "members")
    # every word is in both rows and neither holds a longer run of them in order: no row is linked
    assert answer_table(table, "In which year was the life expectancy for a member higher?") is None
    named = answer_table(table, "In which year was the current life expectancy higher?")
    assert named is not None and named.value == "2018"  # a row the question names: its larger year
