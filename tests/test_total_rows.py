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


INCOME_TAX = [
    ["", "2021", "2020"],
    ["Federal income tax", "$12,400", "$30,100"],
    ["State income tax", "1,950", "2,870"],
    ["", "$14,350", "$32,970"],
    ["Deferred taxes", "(180)", "(95)"],
    ["Net tax expense", "$14,170", "$32,875"],
]


def test_the_total_of_rows_tied_on_the_words_asked_is_the_row_summing_exactly_them(tmp_path):
    # "income tax" ties the two tax rows; "the total income tax" is their row of sums, not the table's last total
    table = table_from_rows(INCOME_TAX, tmp_path, "tax")
    answer = answer_table(table, "What was the total income tax in 2020?")
    assert answer is not None and answer.value == "$32,970", answer
    assert [(c["row"], c["col"]) for c in answer.citations] == [(3, 2)]


MONETARY = [
    ["", "USD denominated", "Non-USD denominated"],
    ["Monetary assets, current", "21,500", "2,100"],
    ["Monetary assets, non-current", "410", "–"],
    ["Monetary liabilities, current", "(3,900)", "(9,800)"],
    ["", "18,010", "(7,700)"],
]


def test_a_net_row_of_assets_and_liabilities_is_no_total_of_the_assets(tmp_path):
    table = table_from_rows(MONETARY, tmp_path, "monetary")
    answer = answer_table(table, "What was the total USD denominated monetary assets?")
    assert answer is None or answer.value != "18,010", answer


COMPENSATION = [
    ["", "2021", "2020"],
    ["Cost of revenues", "1,980", "2,105"],
    ["Research and development", "4,410", "5,920"],
    ["General and administrative", "17,200", "15,870"],
    ["Total stock-based compensation expense", "23,590", "23,895"],
]


def test_a_part_named_beside_its_total_is_the_part(tmp_path):
    # the total's words say what the parts are amounts of; "research and development" names the part
    table = table_from_rows(COMPENSATION, tmp_path, "sbc")
    question = "What was the stock-based compensation expense for research and development in 2021?"
    answer = answer_table(table, question)
    assert answer is not None and answer.value == "4,410", answer
    total = answer_table(table, "What was the total stock-based compensation expense in 2020?")
    assert total is not None and total.value == "23,895"


RECEIVABLES = [
    ["", "2021", "2020"],
    ["Current", "", ""],
    ["Trade receivables", "3,410", "2,980"],
    ["Allowance for expected credit losses", "(110)", "(30)"],
    ["", "3,300", "2,950"],
    ["Other receivables", "4,050", "3,990"],
    ["Receivables from related parties", "9,800", "7,600"],
    ["", "17,150", "14,540"],
    ["Non-current", "", ""],
    ["Other receivables", "210", "480"],
    ["Total current and non-current", "17,360", "15,020"],
]


def test_a_row_that_says_the_whole_pair_is_the_total_of_the_pair(tmp_path):
    # "current and non-current" is one row's own label, not two items to add
    table = table_from_rows(RECEIVABLES, tmp_path, "receivables")
    answer = answer_table(table, "What was the total current and non-current receivables in 2020?")
    assert answer is not None and answer.value == "15,020", answer


AWARDS = [
    ["", "2021", "2020", "2019"],
    ["Service-Based RSUs", "$2,310", "$2,140", "$1,820"],
    ["Performance-Based RSUs", "2,620", "3,005", "2,410"],
    ["Cash-settled awards", "240", "150", "80"],
    ["Total", "$5,170", "$5,295", "$4,310"],
    ["Income tax benefit", "1,150", "1,201", "1,590"],
    ["Net", "$4,020", "$4,094", "$2,720"],
]


def test_a_net_line_below_a_total_is_no_item_of_a_ranking(tmp_path):
    # "Net" is the total less the tax benefit: no type of award
    table = table_from_rows(AWARDS, tmp_path, "awards")
    answer = answer_table(table, "Which type of award had the highest expense in 2021?")
    assert answer is not None and answer.value == "Performance-Based RSUs", answer
