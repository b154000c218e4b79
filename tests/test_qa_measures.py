"""Financial measures a balance sheet implies but does not state (current ratio, quick ratio, debt-to-equity,
debt-to-asset, working capital): computed by their textbook definitions from the rows the table has, in the period
asked, citing each cell; a measure the table states is taken as stated, and a row or period that is missing or
ambiguous is a refusal. Each test builds its table as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table
from tablerag.qa.measures import named_measure

BALANCE = [
    ["", "2019", "2018"],
    ["Cash", "40,000", "35,000"],
    ["Inventories", "30,000", "25,000"],
    ["Total current assets", "120,000", "100,000"],
    ["Total assets", "400,000", "360,000"],
    ["Total current liabilities", "150,000", "80,000"],
    ["Total liabilities", "160,000", "90,000"],
    ["Total equity", "240,000", "270,000"],
]


def _value(table, question):
    answer = answer_table(table, question)
    assert answer is not None and not answer.refused, answer
    return float(answer.value), sorted((c["row"], c["col"]) for c in answer.citations)


def test_ratios_by_their_definitions_in_the_period_asked(tmp_path):
    table = table_from_rows(BALANCE, tmp_path, "balance")
    assert _value(table, "What is the current ratio in 2019?") == (120000 / 150000, [(3, 1), (5, 1)])
    assert _value(table, "What is the quick ratio in 2018?")[0] == (100000 - 25000) / 80000
    assert _value(table, "What is the debt-to-equity ratio in 2019?")[0] == 160000 / 240000
    assert _value(table, "What is the debt-to-asset ratio in 2018?")[0] == 90000 / 360000
    assert _value(table, "What is the liability to asset ratio in 2019 as a percentage?")[0] == 160000 / 400000 * 100
    assert _value(table, "What was the working capital in 2018?")[0] == 100000 - 80000


def test_a_stated_measure_is_taken_as_stated(tmp_path):
    stated = table_from_rows([*BALANCE, ["Current ratio", "0.81", "1.25"]], tmp_path, "stated")
    assert _value(stated, "What is the current ratio in 2019?") == (0.81, [(8, 1)])
    named = table_from_rows([*BALANCE, ["Debt to equity", "0.55", "0.30"]], tmp_path, "named")
    assert _value(named, "What is the debt-to-equity ratio in 2019?") == (0.55, [(8, 1)])  # named without "ratio"


def test_a_missing_row_period_or_a_second_operation_is_refused(tmp_path):
    table = table_from_rows(BALANCE, tmp_path, "balance")
    assert answer_table(table, "What is the current ratio in 2017?") is None  # no such period
    assert answer_table(table, "What is the current ratio?") is None  # two periods, none asked
    no_inventory = table_from_rows([r for r in BALANCE if r[0] != "Inventories"], tmp_path, "no_inventory")
    assert answer_table(no_inventory, "What is the quick ratio in 2019?") is None
    two = [BALANCE[0], ["Parent", "", ""], *BALANCE[1:], ["Consolidated", "", ""], *BALANCE[1:]]
    assert answer_table(table_from_rows(two, tmp_path, "two"), "What is the current ratio in 2019?") is None


def test_the_period_column_the_question_dates(tmp_path):
    rows = [
        ["(In millions)", "As of August 1, 2019", "Adjustments", "As of December 31, 2019"],
        ["Total assets", "540.6", "5.2", "545.8"],
        ["Total liabilities", "94.9", "5.2", "100.1"],
    ]
    table = table_from_rows(rows, tmp_path, "dated")
    assert _value(table, "What is the liability to asset ratio as of December 31, 2019?")[0] == 100.1 / 545.8


def test_debt_is_the_total_debt_row_or_else_total_liabilities(tmp_path):
    both = table_from_rows([*BALANCE, ["Total debt", "50,000", "40,000"]], tmp_path, "both")
    assert _value(both, "What is the debt to equity ratio in 2019?")[0] == 50000 / 240000
    assert _value(both, "What is the liabilities to equity ratio in 2019?")[0] == 160000 / 240000
    assert _value(both, "What is the debt ratio in 2018?")[0] == 40000 / 360000
    capitalisation = [
        ["", "2019", "2018"],
        ["Total debt", "50,000", "40,000"],
        ["Total stockholders' equity", "200,000", "160,000"],
        ["Total capitalization", "250,000", "200,000"],
    ]
    table = table_from_rows(capitalisation, tmp_path, "capitalisation")
    assert _value(table, "What is the debt-to-equity ratio in 2018?")[0] == 40000 / 160000


def test_a_change_of_a_measure_between_two_periods(tmp_path):
    table = table_from_rows(BALANCE, tmp_path, "balance")
    change, cells = _value(table, "What is the change in current ratio from 2018 to 2019?")
    assert change == 120000 / 150000 - 100000 / 80000 and len(cells) == 4
    percent = _value(table, "What is the percentage change in the working capital from 2018 to 2019?")[0]
    assert percent == ((120000 - 150000) - (100000 - 80000)) / (100000 - 80000) * 100
    assert answer_table(table, "What is the average current ratio in 2018 and 2019?") is None


def test_what_is_asked_of_a_measure_is_read_apart_from_its_name():
    assert named_measure("What is the debt-to-equity ratio in 2019?")[1] is None  # "ratio" is the name's own word
    assert named_measure("What is the working capital ratio in 2019?")[0].name == "current ratio"
    assert named_measure("What is the ratio of working capital to total assets in 2019?") is None  # another ratio
    assert named_measure("What is the average debt to equity ratio?") is None


def test_a_measure_names_the_question_words_its_cells_hold(tmp_path):
    table = table_from_rows(BALANCE, tmp_path, "balance")
    answer = answer_table(table, "What is the current ratio in 2019?")
    assert answer is not None and answer.named_words == frozenset({"current", "2019"})  # compared across documents
