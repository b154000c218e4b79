"""Questions that filter by a movement: the periods in which a named amount rose or fell from the period before
("in which year did revenue decline?", "when did gross profit fall?"), and the rows that moved so in the one year
a question names over three years of columns (that year against the year before it). A verb with an object
("did X increase the effective rate") and a row whose own label says the word ("Increases in tax positions") ask
no movement. Tables are written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table
from tablerag.qa.route import moved_asked, period_moved_asked

RESULTS = [
    ["", "Year Ended December 31,", "", ""],
    ["(in thousands)", "2021", "2020", "2019"],
    ["Revenue", "$ 1,200", "$ 1,350", "$ 990"],
    ["Gross profit", "500", "700", "490"],
    ["Net income", "210", "305", "190"],
]
SEGMENTS = [
    ["", "Year Ended December 31,", "", ""],
    ["(in thousands)", "2021", "2020", "2019"],
    ["Industrial", "$ 1,200", "$ 1,350", "$ 990"],
    ["Medical", "800", "760", "810"],
    ["Aerospace", "(40)", "15", "20"],
    ["Total", "$ 1,960", "$ 2,125", "$ 1,820"],
]
TAX_POSITIONS = [
    ["(in thousands)", "2021", "2020", "2019"],
    ["Balance at beginning of year", "4,100", "3,900", "3,000"],
    ["Increases in tax positions for prior years", "—", "310", "150"],
    ["Decreases from settlements", "(220)", "(110)", "(60)"],
    ["Balance at end of year", "3,880", "4,100", "3,090"],
]


def test_the_periods_a_named_amount_moved_in_from_the_one_before(tmp_path):
    table = table_from_rows(RESULTS, tmp_path, "results")
    answers_each(
        table,
        ("In which year did revenue decline?", "2021"),
        ("When did gross profit fall?", "2021"),
        ("Which year saw an increase in net income?", "2020"),
        ("In which year did net income decrease from the prior year?", "2021"),
    )
    answer = answer_table(table, "In which year did revenue decline?")
    assert answer is not None
    cited = [(c["row"], c["col"]) for c in answer.citations]
    assert cited[:2] == [(2, 1), (2, 2)]  # the fall's two amounts first: 2021 and the 2020 before it


def test_a_year_named_over_three_compares_it_with_the_year_before(tmp_path):
    table = table_from_rows(SEGMENTS, tmp_path, "segments")
    answers_each(
        table,
        ("Which segment's sales fell in 2021?", "Industrial; Aerospace"),
        ("Which segment saw its sales fall in 2020?", "Medical; Aerospace"),
        ("Which segment was the only one to grow between 2020 and 2021?", "Medical"),
        ("Which segment grew in 2021?", "Medical"),
    )


def test_a_verb_with_an_object_or_a_label_saying_it_asks_no_movement(tmp_path):
    assert period_moved_asked("In which year did share-based compensation increase the effective rate?") is None
    assert period_moved_asked("When did gross profit fall?") == ("decrease", "fall")
    assert moved_asked("Which factor contributed the most to the increase in operating profit?") is None
    assert moved_asked("Which region was the only one to shrink between 2019 and 2020?") == "decrease"
    table = table_from_rows(TAX_POSITIONS, tmp_path, "positions")
    # the row names the increases: the year of the most is ranked, not the years its amount rose in
    answer = answer_table(table, "In which year did the company record the most increases in tax positions?")
    assert answer is not None and answer.value == "2020"
    answer = answer_table(table, "In which year did the company record increases in tax positions?")
    assert answer is None or answer.refused or "from the period before" not in answer.text


CATEGORIES = [
    ["(in thousands)", "2021", "2020"],
    ["Apparel", "$ 2,184", "$ 2,231"],
    ["Home", "1,402", "1,311"],
    ["Beauty", "866", "792"],
    ["Footwear", "512", "524"],
    ["Net sales", "$ 4,964", "$ 4,858"],
]


def test_fastest_ranks_the_rate_of_growth_and_leaves_the_sum_out(tmp_path):
    table = table_from_rows(CATEGORIES, tmp_path, "categories")
    # Home grew most in amount (91), Beauty at the highest rate (9.3%); "Net sales" sums the others
    answers_each(
        table,
        ("Which category grew the fastest in 2021?", "Beauty"),
        ("Which category had the largest increase in 2021?", "Home"),
    )
    # "what was the growth" asks an amount, no filter of the rows
    assert moved_asked("What was the reported growth in net sales?") is None


REGIONS = [
    ["", "Year Ended December 31,", "", "", "", "", ""],
    ["(dollars in thousands)", "2019", "% of Revenue", "2018", "% of Revenue", "Change", "% Change"],
    ["United States", "$ 298,146", "66.2%", "$ 240,057", "68.0%", "$ 58,089", "24.2%"],
    ["EMEA", "101,368", "22.5%", "75,195", "21.3%", "26,173", "34.8%"],
    ["Asia Pacific", "35,141", "7.8%", "26,477", "7.5%", "8,664", "32.7%"],
    ["Total revenue", "$ 434,655", "100.0%", "$ 341,729", "100.0%", "$ 92,926", "27.2%"],
]


def test_fastest_over_stated_changes_ranks_the_stated_rate(tmp_path):
    answers_each(
        table_from_rows(REGIONS, tmp_path, "regions"),
        ("Which region grew fastest year over year?", "EMEA"),
        ("Which region had the largest increase in revenue?", "United States"),
    )
