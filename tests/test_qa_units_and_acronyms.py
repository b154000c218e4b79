"""Questions over operating tables: a "Unit" column beside the row labels (no attribute of a record: the columns
stay categories to rank), an acronym a label writes asked by its spelled-out words ("the lost time injury
frequency rate" over "LTIFR"), an acronym ending in a number ("CET1", "AT1") asked over a label that spells it,
an irregular past said for its verb ("sold" / "sell"), "how many people" over a table stating a headcount, an
acronym's plural ("RPKs") and a quarter named over columns dated by quarter ends ("Sep. 30, 2019"). Tables are
written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

PLANTS = [
    ["2022", "Unit", "Rotterdam", "Antwerp", "Tarragona", "Total"],
    ["Crude processed", "kt", "9,410", "6,225", "4,870", "20,505"],
    ["Utilisation", "%", "88.1", "91.4", "79.6", "86.9"],
    ["Diesel output", "kt", "3,602", "2,488", "1,954", "8,044"],
    ["Diesel sold", "kt", "3,575", "2,501", "1,937", "8,013"],
]
SAFETY = [
    ["Year", "LTIFR(1)", "TRCF(2)", "Fatalities"],
    ["2020", "0.42", "2.31", "0"],
    ["2021", "0.37", "2.05", "1"],
    ["2022", "0.29", "1.88", "0"],
]
CAPITAL = [
    ["", "2021", "2020"],
    ["(€ million)", "", ""],
    ["Common equity tier 1 capital", "18,240", "17,105"],
    ["Additional tier 1 capital", "2,250", "1,500"],
    ["Tier 2 capital", "3,115", "3,380"],
    ["Total own funds", "23,605", "21,985"],
    ["Common equity tier 1 ratio", "15.1%", "14.6%"],
    ["Total capital ratio", "19.5%", "18.8%"],
]
RISK_WEIGHTS = [
    ["", "RWAs", "", "Capital requirement"],
    ["€ million", "2021", "2020", "2021"],
    ["Credit risk", "104,220", "99,814", "8,338"],
    ["Market risk", "6,410", "7,022", "513"],
    ["Operational risk", "12,905", "12,388", "1,032"],
    ["Total", "123,535", "119,224", "9,883"],
]
QUARTERS = [
    ["", "Three Months Ended", "", "", "", "", "", "", ""],
    [
        "(in thousands)",
        "Mar. 31, 2021",
        "Jun. 30, 2021",
        "Sep. 30, 2021",
        "Dec. 31, 2021",
        "Mar. 31, 2020",
        "Jun. 30, 2020",
        "Sep. 30, 2020",
        "Dec. 31, 2020",
    ],
    ["Net sales", "$ 51,220", "$ 53,904", "$ 55,017", "$ 58,660", "$ 44,310", "$ 41,875", "$ 47,902", "$ 50,388"],
    ["Operating income", "6,114", "6,870", "7,201", "8,045", "4,990", "3,702", "5,611", "6,233"],
]
TRAFFIC = [
    ["", "RPK (millions)", "", "Seats (thousands)", ""],
    ["Market", "2022", "2021", "2022", "2021"],
    ["Domestic", "18,204", "15,630", "9,811", "8,902"],
    ["Regional", "4,377", "3,905", "3,120", "2,874"],
]
WORKFORCE = [
    ["", "2022", "", "2021", ""],
    ["", "Headcount", "% female", "Headcount", "% female"],
    ["Senior leadership", "48", "31.3%", "45", "28.9%"],
    ["Middle management", "402", "36.1%", "388", "34.5%"],
    ["Frontline", "3,915", "44.0%", "3,760", "43.2%"],
    ["Total", "4,365", "43.0%", "4,193", "42.1%"],
]


def test_a_unit_column_leaves_the_sites_to_rank(tmp_path):
    """The "Unit" column says what each row measures; the site columns are categories ranked by the row named,
    the "Total" column no rival of theirs."""
    table = table_from_rows(PLANTS, tmp_path, "plants")
    for question, site in (
        ("Which refinery had the lowest utilisation?", "Tarragona"),
        ("Which site produced the most diesel?", "Rotterdam"),
    ):
        answer = answer_table(table, question)
        assert answer is not None and answer.label == site, question
        assert {c["column"] for c in answer.citations} == {"3", "4", "5"}, question


def test_an_irregular_past_names_its_verb(tmp_path):
    table = table_from_rows(PLANTS, tmp_path, "plants")
    answers_each(table, ("How much diesel did Antwerp sell?", "2,501"))


def test_an_acronym_a_label_writes_asked_by_its_words(tmp_path):
    table = table_from_rows(SAFETY, tmp_path, "safety")
    answers_each(
        table,
        ("What was the lost time injury frequency rate in 2021?", "0.37"),
        ("What was the total recordable case frequency in 2022?", "1.88"),
    )


def test_an_acronym_written_with_its_s_asked_by_its_words(tmp_path):
    table = table_from_rows(RISK_WEIGHTS, tmp_path, "rwa")
    answers_each(table, ("What were total risk-weighted assets in 2021?", "123,535"))


def test_an_acronym_ending_in_a_number_is_spelled_by_the_label(tmp_path):
    table = table_from_rows(CAPITAL, tmp_path, "capital")
    answers_each(
        table,
        ("How much AT1 capital did the bank hold in 2020?", "1,500"),
        ("What was the CET1 ratio in 2021?", "15.1%"),
        ("What was CET1 capital at the end of 2020?", "17,105"),
    )


def test_how_many_people_over_a_headcount_column_reads_the_row(tmp_path):
    table = table_from_rows(WORKFORCE, tmp_path, "workforce")
    answers_each(
        table,
        ("How many people were in middle management in 2021?", "388"),
        ("How many people worked on the frontline in 2022?", "3,915"),
    )


def test_a_quarter_named_over_columns_dated_by_quarter_ends(tmp_path):
    """ "The third quarter of 2021" is the column dated September 30, 2021; "Dec." dates a column, it states no
    decrease, so the December quarters are compared too."""
    table = table_from_rows(QUARTERS, tmp_path, "quarters")
    answers_each(
        table,
        ("What were net sales in the third quarter of 2021?", "$ 55,017"),
        ("What was operating income in Q4 2020?", "6,233"),
        ("What was operating income in 2Q20?", "3,702"),
    )
    best = answer_table(table, "Which quarter of 2021 had the highest net sales?")
    assert best is not None and best.label == "Dec. 31, 2021"


def test_an_acronym_s_plural_names_its_column(tmp_path):
    table = table_from_rows(TRAFFIC, tmp_path, "traffic")
    answers_each(table, ("How many RPKs did the regional market carry in 2021?", "3,905"))
