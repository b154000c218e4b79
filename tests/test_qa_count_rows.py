""" "How many X" asks "the number of X": a row named "Number of X" holds the count, also when every row of the table
shares the word X; a count of rows is asked only where no row states it."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

STAFF = [
    ["", "2019", "2018"],
    ["Number of employees", "1,200", "1,100"],
    ["Average number of employees", "1,150", "1,050"],
]


def test_how_many_takes_the_number_of_row(tmp_path):
    table = table_from_rows(STAFF, tmp_path, "staff")
    answer = answer_table(table, "How many employees were there in 2019?")
    assert answer is not None and answer.value == "1,200" and answer.sql is None
    assert [(c["row"], c["col"]) for c in answer.citations] == [(1, 1)]
    answer = answer_table(table, "How many employees did the company have in 2018?")
    assert answer is not None and answer.value == "1,100"
    answer = answer_table(table, "How many employees on average were there in 2019?")
    assert answer is not None and answer.value == "1,150"


def test_number_alone_names_no_row(tmp_path):
    rows = [
        ["No.", "Name", "Pages"],
        ["1", "Alpha", "30"],
        ["2", "Beta", "40"],
        ["", "Total number of pages", "70"],
    ]
    table = table_from_rows(rows, tmp_path, "books")
    answer = answer_table(table, "How many names are there?")
    assert answer is None or answer.value != "70"


STOCK_COMPENSATION = [
    ["", "", "Year Ended December 31,", ""],
    ["", "2019", "2018", "2017"],
    ["Cost of revenues", "2,193", "2,315", "2,000"],
    ["Sales and marketing", "6,812", "6,596", "6,621"],
    ["Research and development", "4,804", "6,137", "7,949"],
    ["General and administrative", "18,328", "16,338", "15,682"],
    ["Total stock-based compensation expense", "32,137", "31,386", "32,252"],
]


def test_a_count_under_a_total_counts_the_rows_it_sums(tmp_path):
    table = table_from_rows(STOCK_COMPENSATION, tmp_path, "sbc")
    answer = answer_table(table, "How many categories are there under total stock-based compensation expense?")
    assert answer is not None and answer.value == "4"
    assert sorted(c["row"] for c in answer.citations) == [2, 3, 4, 5]
    assets = [
        ["", "2019", "2018"],
        ["Current assets:", "", ""],
        ["Cash", "1,000", "900"],
        ["Receivables", "500", "400"],
        ["Total current assets", "1,500", "1,300"],
        ["Property and equipment", "2,000", "2,100"],
        ["Goodwill", "700", "700"],
        ["Total assets", "4,200", "4,100"],
    ]
    table = table_from_rows(assets, tmp_path, "assets")
    answer = answer_table(table, "How many items are there in total current assets?")
    assert answer is not None and answer.value == "2"  # the section row and the rows after the total are no parts
    answer = answer_table(table, "How many items are there in total assets?")
    assert answer is not None and answer.value == "3"  # the subtotal and the two rows after it


def test_a_count_under_a_total_its_rows_do_not_sum_to_is_refused(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Revenue", "5,000", "4,000"],
        ["Cost of sales", "3,000", "2,500"],
        ["Total gross profit", "2,000", "1,500"],  # a difference, no sum: its parts cannot be told by adding
    ]
    table = table_from_rows(rows, tmp_path, "profit")
    answer = answer_table(table, "How many items are there in total gross profit?")
    assert answer is None or answer.value != "1"


def test_a_count_of_items_with_an_amount_in_one_year_and_none_in_the_other(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["", "Number", "Number"],
        ["Outstanding at 1 April", "3,104,563", "2,682,738"],
        ["Options granted in the year", "452,695", "1,188,149"],
        ["Dividend shares awarded", "9,749", "–"],
        ["Options forfeited in the year", "(105,213)", "(766,324)"],
        ["Options exercised in the year", "(483,316)", "–"],
        ["Outstanding at 31 March", "2,978,478", "3,104,563"],
        ["Exercisable at 31 March", "721,269", ""],
    ]
    table = table_from_rows(rows, tmp_path, "options")
    answer = answer_table(table, "How many items in the table had values provided in 2019 but not in 2018?")
    assert answer is not None and answer.value == "3"
    assert sorted({c["row"] for c in answer.citations}) == [4, 6, 8]
    answer = answer_table(table, "How many items had values in 2018 but not in 2019?")
    assert answer is not None and answer.value == "0"


def test_a_count_under_a_section_counts_its_rows_with_amounts_and_no_total(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Current assets:", "", ""],
        ["Cash", "1,000", "900"],
        ["Receivables", "500", "400"],
        ["Inventories", "300", "200"],
        ["Total current assets", "1,800", "1,500"],
        ["Non-current assets:", "", ""],
        ["Property and equipment", "2,000", "2,100"],
        ["Goodwill", "700", "700"],
        ["Total assets", "4,500", "4,300"],
    ]
    table = table_from_rows(rows, tmp_path, "sections")
    answer = answer_table(table, "How many items are listed under non-current assets?")
    assert answer is not None and answer.value == "2"
    assert sorted(c["row"] for c in answer.citations) == [7, 8]


def test_components_and_types_are_counted_rows(tmp_path):
    table = table_from_rows(STOCK_COMPENSATION, tmp_path, "sbc")
    answer = answer_table(table, "How many components are there in total stock-based compensation expense?")
    assert answer is not None and answer.value == "4"
    answer = answer_table(table, "How many types of expenses make up the total stock-based compensation expense?")
    assert answer is not None and answer.value == "4"


def test_how_many_times_a_value_is_the_named_column_counts_that_column_only(tmp_path):
    rows = [
        ["No.", "Player", "Team", "Opposing team", "Date"],
        ["1", "A. Khan", "India", "Pakistan", "1990"],
        ["2", "B. Smith", "England", "India", "1991"],
        ["3", "C. Rao", "India", "England", "1992"],
        ["4", "D. Jones", "Australia", "India", "1993"],
        ["5", "E. Brown", "England", "India", "1994"],
        ["6", "F. Das", "India", "Australia", "1995"],
    ]
    table = table_from_rows(rows, tmp_path, "centuries")
    answer = answer_table(table, "How many times is India the opposing team?")
    assert answer is not None and answer.value == "3"  # India as the opponent, not as the team
    answer = answer_table(table, "How many times was England the team?")
    assert answer is not None and answer.value == "2"


def test_a_count_of_the_one_line_the_question_names_is_refused_not_said_to_be_one(tmp_path):
    rows = [
        ["", "Fiscal 2019", "Fiscal 2018"],
        ["Comparable store sales growth", "3.2%", "4.5%"],
        ["Net sales per square foot", "$412", "$398"],
        ["Inventory turnover", "4.9x", "5.1x"],
    ]
    table = table_from_rows(rows, tmp_path, "kpis")
    answer = answer_table(table, "How many times did inventory turn in fiscal 2019?")
    assert answer is None or answer.value in (None, "4.9x")  # the line states its number: never counted as 1
