"""Which column a question asks for by its kind, compared on the total row: the period or maturity bucket with the
most payments due, the fair value level holding the most assets (of the date asked); and rows ranked by the
total of their measure when its parts and the total are columns of that date. Tables are written as CSV files."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

OBLIGATIONS = [
    ["", "Payments Due by Period", "", "", "", ""],
    ["(in millions)", "Total", "Less than 1 year", "1-3 years", "3-5 years", "More than 5 years"],
    ["Long-term debt obligations", "$2,750", "$250", "$500", "$1,000", "$1,000"],
    ["Operating lease obligations", "845", "162", "281", "198", "204"],
    ["Purchase obligations", "1,318", "904", "356", "58", "—"],
    ["Total", "$4,913", "$1,316", "$1,137", "$1,256", "$1,204"],
]
BY_YEAR = [
    ["", "Payments Due by Fiscal Year", "", "", "", ""],
    ["(in thousands)", "Total", "2020", "2021", "2022", "2023-2024"],
    ["Operating leases", "$318,442", "$54,120", "$51,876", "$47,305", "$165,141"],
    ["Convertible senior notes", "1,150,000", "—", "—", "575,000", "575,000"],
    ["Total contractual obligations", "$1,468,442", "$54,120", "$51,876", "$622,305", "$740,141"],
]
LEVELS = [
    ["", "December 31, 2019", "", "", "", "December 31, 2018", "", "", ""],
    ["(in thousands)", "Level 1", "Level 2", "Level 3", "Total", "Level 1", "Level 2", "Level 3", "Total"],
    ["Cash equivalents", "$205,118", "$48,900", "$—", "$254,018", "$188,442", "$22,500", "$—", "$210,942"],
    ["Short-term investments", "—", "362,745", "—", "362,745", "—", "301,118", "—", "301,118"],
    ["Convertible note receivable", "—", "—", "15,000", "15,000", "—", "—", "10,000", "10,000"],
    ["Total assets", "$205,118", "$411,645", "$15,000", "$631,763", "$188,442", "$323,618", "$10,000", "$522,060"],
]


def test_the_bucket_with_the_least_payments_on_the_total_row(tmp_path):
    table = table_from_rows(OBLIGATIONS, tmp_path, "obligations")
    answer = answer_table(table, "In which time bucket are the least payments due in total?")
    assert answer is not None and answer.value == "1-3 years"
    assert {(c["row"], c["col"]) for c in answer.citations} == {(5, 2), (5, 3), (5, 4), (5, 5)}


def test_the_year_with_the_largest_payments_when_no_row_is_named(tmp_path):
    table = table_from_rows(BY_YEAR, tmp_path, "by_year")
    largest = answer_table(table, "In which year are the largest contractual payments due?")
    assert largest is not None and largest.value == "2023-2024"
    smallest = answer_table(table, "In which period is the smallest amount of contractual obligations due?")
    assert smallest is not None and smallest.value == "2021"


def test_the_level_holding_the_most_assets_at_the_date_asked(tmp_path):
    table = table_from_rows(LEVELS, tmp_path, "levels")
    answer = answer_table(table, "Which level held the most assets at December 31, 2018?")
    assert answer is not None and answer.value == "Level 2"
    assert {c["col"] for c in answer.citations} == {5, 6, 7}  # the 2018 levels (0-based)


def test_rows_are_ranked_by_the_total_of_the_date(tmp_path):
    table = table_from_rows(LEVELS, tmp_path, "levels")
    answer = answer_table(table, "Which asset class had the largest fair value at December 31, 2019?")
    assert answer is not None and answer.value == "Short-term investments"
    assert answer.citations[0]["col"] == 4  # the 2019 Total column (0-based)


def test_the_kind_said_after_a_columns_name_names_no_row(tmp_path):
    rows = [
        ["(€ million)", "Automation", "Healthcare", "Consumer Products", "Total"],
        ["External revenue", "4,812", "3,206", "2,590", "10,608"],
        ["Adjusted EBITA margin", "14.6%", "16.9%", "9.6%", "14.1%"],
        ["Capital expenditure", "291", "164", "77", "532"],
        ["Segment assets", "6,940", "5,118", "2,275", "14,333"],
    ]
    table = table_from_rows(rows, tmp_path, "segments")
    answer = answer_table(table, "What was the profit margin of the Consumer Products segment?")
    assert answer is not None and answer.value == "9.6%"
    answer = answer_table(table, "What were the segment assets of Healthcare?")
    assert answer is not None and answer.value == "5,118"


def test_a_why_question_no_reason_column_answers_is_refused(tmp_path):
    rows = [["", "2021", "2020", "Change"], ["Revenue", "1,250", "1,100", "14%"]]
    assert answer_table(table_from_rows(rows, tmp_path, "why"), "Why did revenue increase by 14% in 2021?") is None


def test_of_two_columns_under_a_useful_life_label_the_one_counting_years_gives_the_life(tmp_path):
    # a borderless page may centre "Estimated Useful Life" over both columns: "(in years)" tells its own
    rows = [
        ["", "Useful Life / Fair value", "Useful Life / (in years)"],
        ["Customer relationships", "15,300", "8"],
        ["Order backlog", "1,400", "1"],
        ["Goodwill", "93,776", "Indefinite"],
    ]
    table = table_from_rows(rows, tmp_path, "lives")
    answer = answer_table(table, "How long is the estimated useful life for the Goodwill?")
    assert answer is not None and answer.value == "Indefinite"


CATEGORIES = [
    [
        "",
        "Amortised cost",
        "Fair value through profit or loss",
        "Fair value through other comprehensive income",
        "Total",
    ],
    ["", "£m", "£m", "£m", "£m"],
    ["As at 31 December 2019", "", "", "", ""],
    ["Trade and other receivables", "512.4", "—", "—", "512.4"],
    ["Other investments", "—", "6.5", "31.0", "37.5"],
    ["As at 31 December 2018", "", "", "", ""],
    ["Trade and other receivables", "487.0", "—", "—", "487.0"],
    ["Other investments", "—", "5.9", "28.4", "34.3"],
]


def test_a_column_named_only_by_words_of_the_row_said_whole_is_not_asked(tmp_path):
    """ "Trade and other receivables" said whole names the row by every word of it, "other" included: the "Fair value
    through other comprehensive income" column is not asked, the row's one amount is; a question naming that column
    by words of its own still gets it."""
    table = table_from_rows(CATEGORIES, tmp_path, "categories")
    answer = answer_table(table, "What were trade and other receivables as at 31 December 2018?")
    assert answer is not None and answer.value == "487.0", answer
    assert answer.citations[0]["row"] == 6
    fvoci = answer_table(
        table, "What were other investments at fair value through other comprehensive income as at 31 December 2018?"
    )
    assert fvoci is not None and fvoci.value == "28.4", fvoci
