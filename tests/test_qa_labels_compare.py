"""Comparisons whose answer is a row's label in tables of common report shapes: "what was the largest component
of X" names the component (its amount is shown beside it); a bound said with a scale word ("less than $15 million")
is compared in the scale the table states ("(in thousands)"). Each test builds its table as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

COMPONENTS = [
    ["", "2019", "2018"],
    ["Deferred tax assets:", "", ""],
    ["Net operating loss carryforwards", "12,400", "10,100"],
    ["Tax credits", "3,200", "4,800"],
    ["Accrued liabilities", "2,100", "1,900"],
    ["Stock-based compensation", "1,500", "1,700"],
    ["Total deferred tax assets", "19,200", "18,500"],
]


def _label(answer):
    assert answer is not None and not answer.refused, answer
    return answer.value


def test_the_largest_component_is_named(tmp_path):
    table = table_from_rows(COMPONENTS, tmp_path, "components")
    largest = answer_table(table, "What was the largest component of deferred tax assets in 2019?")
    assert _label(largest) == "Net operating loss carryforwards"
    assert "12400" in largest.text  # the amount it won by is shown beside the name
    smallest = answer_table(table, "What was the smallest component of deferred tax assets in 2018?")
    assert _label(smallest) == "Stock-based compensation"


def test_the_largest_amount_is_still_a_number(tmp_path):
    table = table_from_rows(COMPONENTS, tmp_path, "components")
    assert _label(answer_table(table, "What was the largest deferred tax asset in 2019?")) == "12400"


IN_THOUSANDS = [
    ["(in thousands)", "2019", "2018", "2017"],
    ["Revenue", "14,500", "16,200", "12,800"],
    ["Interest expense", "1,250", "980", "900"],
]


def test_a_bound_in_millions_over_a_table_in_thousands(tmp_path):
    table = table_from_rows(IN_THOUSANDS, tmp_path, "thousands")
    assert _label(answer_table(table, "In which year was revenue less than $15 million?")) == "2019; 2017"
    assert _label(answer_table(table, "In which year was interest expense more than $1 million?")) == "2019"
    assert _label(answer_table(table, "In which year was revenue less than 15,000 thousand?")) == "2019; 2017"
    assert _label(answer_table(table, "In which year was interest expense more than 1,000?")) == "2019"


ROLL_FORWARD = [
    ["", "2019", "2018"],
    ["Balance at beginning of year", "1,200", "1,000"],
    ["Additions", "300", "450"],
    ["Disposals", "(150)", "(250)"],
    ["Payments", "(40)", "(60)"],
    ["Balance at end of year", "1,310", "1,140"],
]


def test_amounts_taken_off_a_balance_are_compared_by_size(tmp_path):
    table = table_from_rows(ROLL_FORWARD, tmp_path, "rollforward")
    assert _label(answer_table(table, "In which year were disposals smaller?")) == "2019"
    assert _label(answer_table(table, "In which year were payments larger?")) == "2018"
    assert _label(answer_table(table, "In which year were additions larger?")) == "2018"


ROWS_ARE_YEARS = [
    ["Year", "Revenue", "Net income", "Employees"],
    ["2015", "820", "60", "1,100"],
    ["2016", "910", "75", "1,250"],
    ["2017", "880", "40", "1,300"],
    ["2018", "1,020", "95", "1,280"],
    ["2019", "1,150", "110", "1,400"],
]


def test_a_bound_over_rows_that_are_years(tmp_path):
    table = table_from_rows(ROWS_ARE_YEARS, tmp_path, "years")
    answer = answer_table(table, "In which year did revenue exceed 1,000?")
    assert _label(answer) == "2018; 2019"
    assert len(answer.citations) == 5  # every year compared is cited
    assert _label(answer_table(table, "In which years was net income less than 70?")) == "2015; 2017"
    assert answer_table(table, "In which year was revenue more than 5,000?") is None  # no year passes


ONE_COLUMN = [["", "Amount"], ["Land", "1,200"], ["Buildings", "4,500"], ["Machinery", "3,300"], ["Total", "9,000"]]


def test_a_table_of_one_amount_column_ranks_it_unnamed(tmp_path):
    table = table_from_rows(ONE_COLUMN, tmp_path, "one")
    assert _label(answer_table(table, "Which asset was the smallest?")) == "Land"
    assert _label(answer_table(table, "Which asset was the largest?")) == "Buildings"  # the total is no asset


BALANCE = [
    ["", "December 31, 2019", "December 31, 2018"],
    ["Cash and cash equivalents", "2,400", "3,100"],
    ["Accounts receivable", "1,800", "1,500"],
    ["Inventories", "900", "1,100"],
    ["Total current assets", "5,100", "5,700"],
]


def test_a_pinned_year_ranks_the_items_of_its_column(tmp_path):
    table = table_from_rows(BALANCE, tmp_path, "balance")
    answer = answer_table(table, "What was the largest current asset in 2019?")
    assert answer is not None and answer.label == "Cash and cash equivalents"
    assert (answer.citations[0]["row"], answer.citations[0]["col"]) == (1, 1)  # the winner first
    assert {c["col"] for c in answer.citations} == {1}  # every item compared, all in the 2019 column
    assert _label(answer_table(table, "In which year were total current assets higher?")) == "2018"


MOVES = [
    ["", "2019", "2018"],
    ["Leases", "10,100", "10,000"],
    ["Licenses", "3,500", "2,000"],
    ["Services", "4,000", "5,000"],
    ["Total", "17,600", "17,000"],
]


def test_items_are_ranked_by_how_they_moved(tmp_path):
    table = table_from_rows(MOVES, tmp_path, "moves")
    rose = answer_table(table, "Which item had the largest increase from 2018 to 2019?")
    assert _label(rose) == "Licenses"  # not Leases, the largest amount
    assert len(rose.citations) == 6  # both years of every item compared; the total is no item
    assert _label(answer_table(table, "Which item had the largest decrease from 2018 to 2019?")) == "Services"
    assert _label(answer_table(table, "Which item had the biggest change between 2018 and 2019?")) == "Licenses"
    assert _label(answer_table(table, "Which item was the largest in 2019?")) == "Leases"


STATEMENT = [
    ["", "2019", "2018"],
    ["Revenue", "5,000", "4,000"],
    ["Net income", "700", "900"],
]


def test_a_choice_between_two_periods_asked_with_was_names_the_winning_period(tmp_path):
    table = table_from_rows(STATEMENT, tmp_path, "statement")
    higher = answer_table(table, "Was net income higher in 2019 or 2018?")
    assert _label(higher) == "2018"
    assert sorted((c["row"], c["col"]) for c in higher.citations) == [(2, 1), (2, 2)]  # both cells compared
    assert _label(answer_table(table, "Was revenue lower in 2018 or 2019?")) == "2018"
    assert _label(answer_table(table, "Were the revenue larger in 2019 or 2018?")) == "2019"
    german = table_from_rows([["", "2019", "2018"], ["Umsatz", "5,000", "4,000"]], tmp_path, "umsatz")
    assert _label(answer_table(german, "War der Umsatz 2019 oder 2018 höher?")) == "2019"
    polish = table_from_rows([["", "2019", "2018"], ["Przychody", "5,000", "4,000"]], tmp_path, "przychody")
    assert _label(answer_table(polish, "Czy przychody były niższe w 2019 czy w 2018?")) == "2018"
    russian = table_from_rows([["", "2019", "2018"], ["Выручка", "5,000", "4,000"]], tmp_path, "vyruchka")
    assert _label(answer_table(russian, "Была ли выручка ниже в 2019 или в 2018 году?")) == "2018"


def test_a_choice_between_two_rows_asked_with_was_names_the_winning_row(tmp_path):
    table = table_from_rows(STATEMENT, tmp_path, "statement")
    assert _label(answer_table(table, "Was revenue or net income higher in 2019?")) == "Revenue"
    assert _label(answer_table(table, "Was net income or revenue smaller in 2018?")) == "Net income"


def test_a_yes_or_no_comparison_is_no_choice(tmp_path):
    table = table_from_rows(STATEMENT, tmp_path, "statement")
    assert answer_table(table, "Was net income higher in 2019 than in 2018?") is None  # yes or no is not a label
