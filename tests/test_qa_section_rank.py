"""A superlative over the rows of a section the question names ranks that section's rows only, and a year the
question pins is the column they are ranked in. The table is written as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

SEGMENTS = [
    ["(in millions)", "2019", "2018"],
    ["Revenue:", "", ""],
    ["Americas", "1,200", "1,100"],
    ["EMEA", "800", "950"],
    ["APAC", "50", "30"],
    ["Total revenue", "2,050", "2,080"],
    ["Operating income:", "", ""],
    ["Americas", "300", "280"],
    ["EMEA", "150", "210"],
    ["APAC", "90", "40"],
    ["Total operating income", "540", "530"],
]


def test_the_lowest_of_a_named_section_is_ranked_among_its_rows(tmp_path):
    table = table_from_rows(SEGMENTS, tmp_path, "segments")
    answer = answer_table(table, "Which region had the lowest operating income in 2019?")
    assert answer is not None and answer.value == "APAC"
    assert answer.citations[0]["row"] == 9  # the APAC operating income row, not the APAC revenue row
    revenue = answer_table(table, "Which region had the lowest revenue in 2019?")
    assert revenue is not None and revenue.citations[0]["row"] == 4


def test_a_pinned_year_ranks_the_section_in_that_column_not_the_years(tmp_path):
    table = table_from_rows(SEGMENTS, tmp_path, "segments")
    answer = answer_table(table, "What was the highest operating income among the regions in 2018?")
    assert answer is not None and answer.value == "280"
    years = answer_table(table, "In which year was total operating income higher?")
    assert years is not None and years.value == "2019"


BY_YEAR = [
    ["Year", "Revenue", "Net income"],
    ["2019", "1,000", "120"],
    ["2018", "900", "140"],
    ["2017", "850", "90"],
]


def test_a_column_of_years_dates_the_rows_and_is_not_ranked(tmp_path):
    """ "Which year had the lowest revenue" names the Year column too; its years are labels, the revenue is ranked."""
    table = table_from_rows(BY_YEAR, tmp_path, "by_year")
    answer = answer_table(table, "Which year had the lowest revenue?")
    assert answer is not None and answer.value == "2017"
    assert answer.citations[0]["col"] == 1


KIND_IN_OTHER_HEADING = [
    ["(in millions)", "2019", "2018"],
    ["Net revenues:", "", ""],
    ["Payments", "$6,842", "$6,130"],
    ["Commerce Platforms", "3,215", "3,402"],
    ["Data & Analytics", "1,986", "1,744"],
    ["Total net revenues", "$12,043", "$11,276"],
    ["Segment operating income:", "", ""],
    ["Payments", "1,905", "1,702"],
    ["Commerce Platforms", "412", "455"],
    ["Data & Analytics", "598", "511"],
    ["Total segment operating income", "2,915", "2,668"],
]


def test_a_heading_saying_the_kind_beside_another_measure_yields_to_the_measure_asked(tmp_path):
    table = table_from_rows(KIND_IN_OTHER_HEADING, tmp_path, "segments")
    revenue = answer_table(table, "Which segment had the smallest net revenues in 2019?")
    assert revenue is not None and revenue.value == "Data & Analytics"
    assert revenue.citations[0]["row"] == 4  # the net revenues line, not the operating income one
    income = answer_table(table, "Which segment had the smallest segment operating income in 2019?")
    assert income is not None and income.value == "Commerce Platforms"
    assert income.citations[0]["row"] == 8


def test_a_margin_asked_of_a_year_ranks_that_years_share_column(tmp_path):
    rows = [
        ["", "2019", "% of Segment Revenue", "2018", "% of Segment Revenue"],
        ["Consumer", "$412.6", "18.3%", "$385.1", "17.9%"],
        ["Commercial", "298.4", "22.6%", "270.9", "21.8%"],
        ["Government", "105.2", "14.1%", "112.7", "15.5%"],
        ["Total segment operating income", "$816.2", "", "$768.7", ""],
    ]
    table = table_from_rows(rows, tmp_path, "margins")
    margin = answer_table(table, "Which segment had the highest operating margin in 2019?")
    assert margin is not None and margin.value == "Commercial"
    lowest = answer_table(table, "Which segment had the lowest operating margin in 2018?")
    assert lowest is not None and lowest.value == "Government"
    amount = answer_table(table, "Which segment had the highest operating income in 2019?")
    assert amount is not None and amount.value == "Consumer"  # an amount asked stays in the amounts


def test_a_ranking_cites_every_cell_compared_the_winner_first(tmp_path):
    table = table_from_rows(SEGMENTS, tmp_path, "segments")
    answer = answer_table(table, "Which region had the lowest operating income in 2019?")
    assert answer is not None and answer.value == "APAC"
    assert [c["row"] for c in answer.citations] == [9, 7, 8]  # APAC first, then the other regions compared
    assert "of 3 cells" in answer.text
