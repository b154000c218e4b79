"""A row of sums printed without a label (under a rule, an empty stub) is named a total: by its numbers, the sums
of the rows above it, so "the total in 2019" finds it and a sum over its column does not count it twice."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.parsing.totals import label_total_rows
from tablerag.qa.answer import answer_table

ASSETS = [
    ["", "2019", "2018"],
    ["Cash", "$1,000", "$900"],
    ["Receivables", "500", "400"],
    ["Other", "200", "150"],
    ["", "$1,700", "$1,450"],
]

DEFERRED = [
    ["", "2019", "2018"],
    ["Deferred tax assets:", "", ""],
    ["Net operating losses", "300", "280"],
    ["Tax credits", "101", "90"],
    ["", "400", "370"],  # the parts are printed rounded: 401 sums to a stated 400
    ["Valuation allowance", "(50)", "(40)"],
    ["", "350", "330"],
    ["Deferred tax liabilities:", "", ""],
    ["Intangible assets", "(70)", "(60)"],
    ["Other", "(10)", "(5)"],
    ["", "(80)", "(75)"],  # 2018 does not sum (-65): no total
]


def test_an_unlabelled_row_of_sums_is_named_a_total_after_its_section(tmp_path):
    table = table_from_rows(DEFERRED, tmp_path, "deferred")
    assert table.row_chain(4) == ["Deferred tax assets:", "Total"]
    assert table.row_chain(6) == ["Deferred tax assets:", "Total"]  # the first total stands for its parts
    assert table.row_chain(10) == ["Deferred tax liabilities:"]  # its numbers are no sums
    assert table.row_chain(2) == ["Deferred tax assets:", "Net operating losses"]
    assert label_total_rows(table) == []  # already named: nothing left to name


def test_a_table_without_a_stub_names_no_total(tmp_path):
    rows = [["Year", "A", "B"], ["1", "2", "3"], ["2", "5", "8"], ["3", "7", "11"]]
    table = table_from_rows(rows, tmp_path, "nostub")
    assert all("Total" not in table.row_chain(r) for r in range(table.n_rows))


def test_the_total_asked_is_the_stated_total(tmp_path):
    table = table_from_rows(ASSETS, tmp_path, "assets")
    answer = answer_table(table, "What was the total in 2019?")
    assert answer is not None and answer.value == "$1,700"
    assert [(c["row"], c["col"]) for c in answer.citations] == [(4, 1)]


def test_a_sum_of_named_rows_does_not_add_the_total_row(tmp_path):
    table = table_from_rows(ASSETS, tmp_path, "assets")
    answer = answer_table(table, "What was the total of cash, receivables and other in 2018?")
    assert answer is not None and float(answer.value) == 1450
    assert sorted(c["row"] for c in answer.citations if c.get("row") is not None) == [1, 2, 3]


def test_a_nil_amount_with_its_currency_sign_is_no_label(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Cash", "$ —", "$900"],
        ["Receivables", "500", "400"],
        ["Other", "200", "150"],
        ["", "$ —", "$1,450"],
    ]
    table = table_from_rows(rows, tmp_path, "nil")
    assert table.row_chain(4)[-1] == "Total"


def test_a_part_printed_as_a_dash_adds_nothing_to_the_unlabelled_total(tmp_path):
    # "–" in 2021 is a nil part: 3 + 2 + 0 = 5 is still the row of sums, found by "the total" and left out of a sum
    rows = [
        ["", "2021 €m", "2020 €m"],
        ["Salaries and fees", "3", "3"],
        ["Incentive schemes", "2", "4"],
        ["Other benefits", "–", "1"],
        ["", "5", "8"],
    ]
    table = table_from_rows(rows, tmp_path, "pay")
    assert table.row_chain(4)[-1] == "Total"
    answer = answer_table(table, "What was the total in 2021?")
    assert answer is not None and answer.value == "5"
    assert [(c["row"], c["col"]) for c in answer.citations] == [(4, 1)]
