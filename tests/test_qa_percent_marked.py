"""A column of percentages that marks its unit on its first amount only (a common-size statement opening "Revenue |
100.0%", a rate reconciliation opening "Statutory rate | 21.0%") states the share a question asks: the cell is
taken, not a ratio computed. Tables are written as CSV files."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table
from tablerag.qa.periods import percent_marked

COMMON_SIZE = [
    ["", "2021", "2020"],
    ["Revenue", "100.0%", "100.0%"],
    ["Cost of revenue", "41.7", "43.9"],
    ["Research and development", "19.4", "20.8"],
    ["Operating income", "15.2", "12.6"],
]

AMOUNTS = [
    ["", "2021", "2020"],
    ["Revenue", "$1,200", "$1,050"],
    ["Research and development", "233", "218"],
]


def test_a_column_marked_on_its_first_amount_is_of_percentages(tmp_path):
    table = table_from_rows(COMMON_SIZE, tmp_path, "common")
    assert percent_marked(table, 1) and percent_marked(table, 2)
    assert not percent_marked(table_from_rows(AMOUNTS, tmp_path, "amounts"), 1)


def test_the_share_asked_is_the_cell_stated(tmp_path):
    table = table_from_rows(COMMON_SIZE, tmp_path, "common")
    answer = answer_table(table, "What was the percentage of research and development to revenue in 2020?")
    assert answer is not None and answer.value == "20.8"
    assert [(c["row"], c["col"]) for c in answer.citations] == [(3, 2)]


BUDGET = [
    ["", "Fiscal Year 2023", "", "", ""],
    ["($000s)", "Budget", "Actual", "Variance", "Variance %"],
    ["Revenue", "250,000", "262,430", "12,430", "5.0%"],
    ["Utilities", "7,450", "8,015", "(565)", "(7.6)%"],
    ["Professional fees", "4,800", "3,915", "885", "18.4%"],
]


def test_a_measure_beside_itself_as_a_percentage_is_the_amount_unless_a_share_is_asked(tmp_path):
    table = table_from_rows(BUDGET, tmp_path, "budget")
    answer = answer_table(table, "What was the variance on utilities?")
    assert answer is not None and answer.value == "(565)"
    answer = answer_table(table, "What was the percentage variance on utilities?")
    assert answer is not None and answer.value == "(7.6)%"


SEGMENT_SALES = [
    ["", "Fiscal Year", "", "", "", ""],
    ["", "2021", "", "2020", "", "% Change"],
    ["", "$", "% of Net Sales", "$", "% of Net Sales", ""],
    ["(in millions)", "", "", "", "", ""],
    ["Apparel", "1,902.6", "48.1%", "1,790.3", "49.2%", "6.3%"],
    ["Footwear", "1,240.4", "31.4%", "1,105.8", "30.4%", "12.2%"],
    ["Accessories", "812.0", "20.5%", "742.1", "20.4%", "9.4%"],
    ["Net sales", "3,955.0", "100.0%", "3,638.2", "100.0%", "8.7%"],
]


def test_an_item_with_its_share_beside_it_is_no_row_of_ratios(tmp_path):
    table = table_from_rows(SEGMENT_SALES, tmp_path, "segments")
    answer = answer_table(table, "What was the net sales of footwear in 2021?")
    assert answer is not None and answer.value == "1,240.4"
