"""Rows the question names equally: when only table order would pick one, the answer names both cells and takes
neither. Each test builds its table as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

FARMS = [
    ["Operating arrangements", "Farms", "Percentage of farms"],
    ["Sole proprietorship", "68", "33.0"],
    ["Partnership without a written agreement", "70", "34.0"],
    ["Partnership with a written agreement", "26", "12.6"],
    ["Family corporation", "39", "18.9"],
    ["Non-family corporation", "3", "1.5"],
]

DISCONTINUED = [
    ["(In thousands)", "2018", "2017"],
    ["Revenue:", "", ""],
    ["Software delivery, support and maintenance", "$9,441", "$10,949"],
    ["Client services", "404", "1,044"],
    ["Total revenue", "9,845", "11,993"],
    ["Cost of revenue:", "", ""],
    ["Software delivery, support and maintenance", "2,322", "2,918"],
    ["Client services", "830", "261"],
    ["Total cost of revenue", "3,152", "3,179"],
]

CAREER = [
    ["Year", "Tournament", "Partner", "Result"],
    ["2009", "Zagreb", "Ana Kos", "Runner-up"],
    ["2010", "Bratislava", "Eva Hrdinova", "Winner"],
    ["2011", "Prague", "Lucie Safar", "Winner"],
]


def test_two_rows_named_alike_are_both_named_and_neither_taken(tmp_path):
    table = table_from_rows(FARMS, tmp_path, "farms")
    answer = answer_table(table, "What percentage of farms is reported as corporations?")
    assert answer is not None and answer.refused and answer.value is None
    assert {c.text.split(" ")[0] for c in answer.candidates} == {"18.9", "1.5"}
    # a row the question names by a word of its own is no tie
    answer = answer_table(table, "What percentage of farms is a non-family corporation?")
    assert answer is not None and answer.value == "1.5"


def test_a_twin_row_under_a_section_the_question_does_not_name_is_no_rival(tmp_path):
    table = table_from_rows(DISCONTINUED, tmp_path, "discontinued")
    answer = answer_table(table, "What was the software delivery, support and maintenance revenue in 2018?")
    assert answer is not None and answer.value == "$9,441"


def test_the_first_of_rows_named_alike_is_the_first_in_table_order(tmp_path):
    table = table_from_rows(CAREER, tmp_path, "career")
    answer = answer_table(table, "In what year did she win her first tournament as a winner?")
    assert answer is not None and answer.value == "2010"


ROUTES = [
    ["Route", "Destinations", "Frequency (minutes)", "Former"],
    ["9", "Downtown", "20", ""],
    ["10", "Amherstview", "30", "Kingston Centre"],
    ["11", "Kingston Centre", "30", "(formerly Route 71)"],
    ["12", "Highway 15", "30", "-"],
]


def test_a_column_the_question_pins_to_a_value_it_states_is_not_the_answer(tmp_path):
    table = table_from_rows(ROUTES, tmp_path, "routes")
    answer = answer_table(table, "what is the last stop on route 10?")
    assert answer is None or answer.value in (None, "Amherstview")
    # a row found beside the stated value is read in that column; another column of the pinned row is the answer
    answer = answer_table(table, "what is the route before route 11?")
    assert answer is not None and answer.value == "10"
    answer = answer_table(table, "what is the frequency in minutes of route 10?")
    assert answer is not None and answer.value == "30"


CASH_FLOWS = [
    ["", "2019", "2018"],
    ["Dividends declared", "(100)", "(90)"],
    ["Payments for acquisitions", "(400)", "(0)"],
    ["Capital expenditures", "(250)", "(230)"],
]

REGIONS = [
    ["", "2019", "% of total"],
    ["Americas", "600", "60%"],
    ["EMEA", "300", "30%"],
    ["Total", "900", "100%"],
]


def test_rows_named_by_different_words_of_equal_weight_tie(tmp_path):
    table = table_from_rows(CASH_FLOWS, tmp_path, "flows")
    answer = answer_table(table, "How much was declared for acquisitions in 2019?")
    assert answer is not None and answer.refused and answer.value is None
    assert {c.citations[0]["row"] for c in answer.candidates} == {1, 2}
    paid = answer_table(table, "How much was paid for acquisitions in 2019?")
    assert paid is not None and paid.value == "(400)"  # what was paid is a payment: both words name that row
    both = answer_table(table, "What were the dividends declared and capital expenditures in 2019, respectively?")
    assert both is not None and both.value == "(100); (250)"  # each row asked by name: no tie to refuse


def test_a_row_named_only_by_total_is_no_rival_of_the_item_asked(tmp_path):
    table = table_from_rows(REGIONS, tmp_path, "regions")
    answer = answer_table(table, "What percentage of total revenue came from EMEA in 2019?")
    assert answer is not None and answer.value == "30%"
    assert [(c["row"], c["col"]) for c in answer.citations] == [(2, 2)]
