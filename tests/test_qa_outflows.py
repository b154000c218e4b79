"""Losses and expenses a report prints as negatives are compared by size ("the larger loss"), a percentage asked is
compared by the years' share columns, and a row that is a profit in one period and a loss in another keeps the
signed order. Each test builds its table as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

RESULTS = [
    ["", "2019", "2018"],
    ["Revenue", "1,200", "1,000"],
    ["Net loss", "(5,000)", "(3,000)"],
    ["Other expense", "(120)", "(340)"],
    ["Net income (loss)", "(5,000)", "2,000"],
]


def test_the_larger_loss_is_the_larger_amount_lost(tmp_path):
    table = table_from_rows(RESULTS, tmp_path, "results")
    larger = answer_table(table, "In which year was the net loss larger?")
    assert larger is not None and larger.value == "2019"
    assert {(c["row"], c["col"]) for c in larger.citations} == {(2, 1), (2, 2)}
    smaller = answer_table(table, "In which year was other expense smaller?")
    assert smaller is not None and smaller.value == "2019"


CASH_USES = [
    ["", "2021", "2020", "2019"],
    ["Dividends paid", "(41.5)", "(12.0)", "—"],
    ["Purchases of property and equipment", "(230)", "(310)", "(180)"],
]


def test_dividends_and_purchases_paid_out_are_compared_by_size(tmp_path):
    table = table_from_rows(CASH_USES, tmp_path, "cash")
    dividends = answer_table(table, "Which year had the largest dividends paid?")
    assert dividends is not None and dividends.value == "2021"
    purchases = answer_table(table, "In which year were purchases of property and equipment the smallest?")
    assert purchases is not None and purchases.value == "2019"


def test_amounts_of_both_signs_keep_the_signed_order(tmp_path):
    table = table_from_rows(RESULTS, tmp_path, "results")
    answer = answer_table(table, "In which year was net income (loss) larger?")
    assert answer is not None and answer.value == "2018"
    revenue = answer_table(table, "In which year was revenue larger?")
    assert revenue is not None and revenue.value == "2019"


SHARES = [
    ["", "2019", "% of revenue", "2018", "% of revenue"],
    ["Research and development", "1,400", "12%", "1,300", "15%"],
    ["Sales and marketing", "2,000", "17%", "1,500", "20%"],
]


def test_a_percentage_asked_compares_the_years_share_columns(tmp_path):
    table = table_from_rows(SHARES, tmp_path, "shares")
    share = answer_table(table, "In which year was research and development as a percentage of revenue higher?")
    assert share is not None and share.value == "2018"  # 15% over 12%, though 2019's amount is larger
    assert {(c["row"], c["col"]) for c in share.citations} == {(1, 2), (1, 4)}
    amount = answer_table(table, "In which year was research and development higher?")
    assert amount is not None and amount.value == "2019"


DEDUCTIONS = [
    ["", "2019", "2018", "2017"],
    ["Pre-tax stock-based compensation cost", "679", "510", "534"],
    ["Income tax benefits", "(155)", "(116)", "(131)"],
    ["Goodwill related to the sale of restaurants", "(2)", "(4,663)", "(10,062)"],
    ["Operating income", "(40)", "(75)", "(60)"],
]


def test_a_deduction_in_brackets_is_compared_by_size(tmp_path):
    table = table_from_rows(DEDUCTIONS, tmp_path, "deductions")
    benefit = answer_table(table, "In which year was income tax benefits largest?")
    assert benefit is not None and benefit.value == "2019"  # a benefit of 155, printed as a deduction
    goodwill = answer_table(table, "In which year was goodwill related to the sale of restaurants larger?")
    assert goodwill is not None and goodwill.value == "2017"
    assert {(c["row"], c["col"]) for c in goodwill.citations} == {(3, 1), (3, 2), (3, 3)}


def test_a_measure_that_goes_either_way_keeps_the_signed_order_below_zero(tmp_path):
    table = table_from_rows(DEDUCTIONS, tmp_path, "deductions")
    answer = answer_table(table, "In which year was operating income the highest?")
    assert answer is not None and answer.value == "2019"  # a loss of 40 is the highest operating income


CASH_FLOW = [
    ["", "Fiscal 2019", "Fiscal 2018"],
    ["Net cash provided by operating activities", "80,100", "71,000"],
    ["Net cash used in investing activities", "(20,000)", "(18,000)"],
    ["Effect of exchange rate changes on cash", "(2,431)", "1,250"],
    ["Net increase in cash and cash equivalents", "62,966", "54,250"],
    ["Comparable store sales increase (decrease)", "3.1%", "(0.8)%"],
]


def test_a_row_stating_the_change_is_taken_not_recomputed(tmp_path):
    table = table_from_rows(CASH_FLOW, tmp_path, "cash_flow")
    net = answer_table(table, "What was the net change in cash and cash equivalents for fiscal 2019?")
    assert net is not None and net.value == "62,966"
    growth = answer_table(table, "What was the comparable store sales growth in fiscal 2018?")
    assert growth is not None and growth.value == "(0.8)%"
    between = answer_table(table, "What was the change in net cash used in investing activities from 2018 to 2019?")
    assert between is not None and between.value not in ("(20,000)", "(18,000)")  # computed between two years


RECONCILIATION = [
    ["", "2019", "2018"],
    ["U.S. federal statutory rate", "21.0%", "21.0%"],
    ["State taxes, net of federal benefit", "1.2", "1.4"],
    ["Foreign rate differential", "(3.7)", "(2.2)"],
    ["Research and development credits", "(1.9)", "(2.6)"],
    ["Effective tax rate", "16.6%", "17.6%"],
]
INVESTING = [
    ["", "Fiscal 2019"],
    ["Purchases of marketable securities", "(210,884)"],
    ["Proceeds from sales and maturities of marketable securities", "198,450"],
    ["Purchases of property and equipment", "(12,300)"],
]
FX = [["", "2019", "2018", "2017"], ["Foreign exchange gains (losses)", "(3.1)", "4.2", "(12.5)"]]


def test_what_goes_out_is_ranked_among_the_negatives(tmp_path):
    reconciliation = table_from_rows(RECONCILIATION, tmp_path, "reconciliation")
    item = answer_table(reconciliation, "Which item reduced the 2019 effective tax rate the most?")
    assert item is not None and item.value == "Foreign rate differential"
    investing = table_from_rows(INVESTING, tmp_path, "investing")
    outflow = answer_table(investing, "Which was the largest investing cash outflow in fiscal 2019?")
    assert outflow is not None and outflow.value == "Purchases of marketable securities"
    fx = table_from_rows(FX, tmp_path, "fx")
    losses = answer_table(fx, "In which year were foreign exchange losses the largest?")
    assert losses is not None and losses.value == "2017"
    both = answer_table(fx, "In which year were foreign exchange gains (losses) the largest?")
    assert both is not None and both.value == "2018"  # both outcomes said: the signed order


def test_a_loss_row_printed_as_losses_keeps_its_own_sign(tmp_path):
    table = table_from_rows([["", "2019", "2018", "2017"], ["Net loss", "500", "(20)", "300"]], tmp_path, "loss")
    answer = answer_table(table, "In which year was the net loss largest?")
    assert answer is not None and answer.value == "2019"


def test_the_largest_outflow_cites_the_outflows_compared_only(tmp_path):
    rows = [
        ["(in millions)", "2019"],
        ["Net cash provided by operating activities", "1,450"],
        ["Net cash used in investing activities", "(620)"],
        ["Net cash used in financing activities", "(910)"],
        ["Effect of exchange rates", "12"],
    ]
    table = table_from_rows(rows, tmp_path, "cash_flows")
    answer = answer_table(table, "Which activity had the largest cash outflow in 2019?")
    assert answer is not None and answer.value == "Net cash used in financing activities"
    assert [c["row"] for c in answer.citations] == [3, 2]  # the two outflows, the larger first
