"""A balance asked at one end of a period over a roll-forward: "at the end of 2018" is the "Ending balance" of the
2018 section, not a movement row the question's other words name; rows dated by a day and no year ("at January 1",
"at December 31") over year columns are the beginning and the end. Tables are written as CSV files."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

ALLOWANCE = [
    ["(Dollars in thousands)", "Commercial", "Consumer", "Total"],
    ["Year Ended December 31, 2019", "", "", ""],
    ["Beginning balance", "$18,240", "$3,112", "$21,352"],
    ["Charge-offs", "(2,415)", "(1,344)", "(3,759)"],
    ["Provision for loan losses", "3,105", "1,170", "4,275"],
    ["Ending balance", "$18,930", "$2,938", "$21,868"],
    ["Year Ended December 31, 2018", "", "", ""],
    ["Beginning balance", "$16,905", "$2,960", "$19,865"],
    ["Charge-offs", "(1,980)", "(1,201)", "(3,181)"],
    ["Provision for loan losses", "3,315", "1,353", "4,668"],
    ["Ending balance", "$18,240", "$3,112", "$21,352"],
]
OBLIGATIONS = [
    ["(in millions)", "2019", "2018"],
    ["Asset retirement obligations at January 1", "$1,874", "$1,792"],
    ["Liabilities incurred", "46", "38"],
    ["Accretion expense", "89", "85"],
    ["Liabilities settled", "(84)", "(41)"],
    ["Asset retirement obligations at December 31", "$1,925", "$1,874"],
]


def test_the_end_of_a_year_is_its_ending_balance(tmp_path):
    table = table_from_rows(ALLOWANCE, tmp_path, "allowance")
    end = answer_table(table, "What was the total allowance for loan losses at the end of 2018?")
    assert end is not None and end.value == "$21,352"
    start = answer_table(table, "What was the commercial allowance at the beginning of 2019?")
    assert start is not None and start.value == "$18,240"
    provision = answer_table(table, "What was the provision for loan losses in 2018 in total?")
    assert provision is not None and provision.value == "4,668"  # a movement asked over the period stays itself


def test_rows_dated_by_a_day_over_year_columns(tmp_path):
    table = table_from_rows(OBLIGATIONS, tmp_path, "obligations")
    end = answer_table(table, "What were the asset retirement obligations at the end of 2019?")
    assert end is not None and end.value == "$1,925"
    start = answer_table(table, "What were the asset retirement obligations at the beginning of 2018?")
    assert start is not None and start.value == "$1,792"


ROLL_FORWARD = [
    ["(in thousands)", "Allowance for Credit Losses"],
    ["Balance as of December 31, 2017", "$2,315"],
    ["Provision for expected credit losses", "1,042"],
    ["Recoveries of amounts previously written off", "64"],
    ["Balance as of December 31, 2018", "$2,545"],
    ["Provision for expected credit losses", "1,318"],
    ["Recoveries of amounts previously written off", "91"],
    ["Balance as of December 31, 2019", "$2,852"],
]


def test_a_movement_of_the_year_asked_before_the_balance_dated_so(tmp_path):
    table = table_from_rows(ROLL_FORWARD, tmp_path, "roll_forward")
    recoveries = answer_table(table, "What were the recoveries in 2019?")
    assert recoveries is not None and recoveries.value == "91"
    provision = answer_table(table, "What was the provision for expected credit losses in 2018?")
    assert provision is not None and provision.value == "1,042"
    balance = answer_table(table, "What was the balance as of December 31, 2019?")
    assert balance is not None and balance.value == "$2,852"


def test_the_opening_balance_for_a_year_is_the_balance_dated_before_it(tmp_path):
    # "the opening balance for 2021" over balance rows dated at each year end: the row dated December 31, 2020; the
    # year said apart names the period it opens, no balance row of its own (nor does "total" ask for a sum)
    reserve = [
        ["(in millions)", "Severance", "Lease exits", "Total"],
        ["Balance as of December 31, 2019", "$28.1", "$6.4", "$34.5"],
        ["Charges", "40.2", "5.5", "45.7"],
        ["Cash payments", "(45.9)", "(4.0)", "(49.9)"],
        ["Balance as of December 31, 2020", "$22.4", "$7.9", "$30.3"],
        ["Charges", "12.0", "2.2", "14.2"],
        ["Cash payments", "(25.6)", "(5.1)", "(30.7)"],
        ["Balance as of December 31, 2021", "$8.8", "$5.0", "$13.8"],
    ]
    table = table_from_rows(reserve, tmp_path, "reserve")
    for question, value in (
        ("What was the opening balance of the total restructuring reserve for 2021?", "$30.3"),
        ("What was the opening balance of the severance reserve for 2020?", "$28.1"),
    ):
        answer = answer_table(table, question)
        assert answer is not None and answer.value == value, question


RETIREMENT = [
    ["(in millions)", "2019", "2018"],
    ["Asset retirement obligations, beginning of period", "$312", "$298"],
    ["Liabilities incurred", "9", "14"],
    ["Accretion expense", "16", "15"],
    ["Asset retirement obligations, end of period", "$337", "$312"],
    ["Less: current portion", "(24)", "(19)"],
    ["Asset retirement obligations, long-term", "$313", "$293"],
]


def test_a_part_of_the_end_balance_below_the_roll_forward_keeps_its_place(tmp_path):
    """ "The long-term asset retirement obligation at the end of 2018" is the long-term row under the roll-forward
    (a part of the end balance, no movement), not the end-of-period row; the end balance itself is still the end
    row."""
    table = table_from_rows(RETIREMENT, tmp_path, "retirement")
    long_term = answer_table(table, "What is the long-term asset retirement obligation at the end of 2018?")
    assert long_term is not None and long_term.value == "$293", long_term
    whole = answer_table(table, "What was the asset retirement obligation at the end of 2018?")
    assert whole is not None and whole.value == "$312", whole


RSUS = [
    ["", "Number of Shares (in thousands)", "Weighted-Average Grant Date Fair Value"],
    ["Unvested at January 1, 2020", "2,846", "$48.12"],
    ["Granted", "1,204", "$61.75"],
    ["Vested", "(1,032)", "$45.30"],
    ["Forfeited", "(187)", "$52.64"],
    ["Unvested at December 31, 2020", "2,831", "$54.72"],
]


def test_the_end_of_the_year_named_over_rows_dated_in_it_is_the_later_date(tmp_path):
    """Both balances are dated in 2020, the year asked: "at the end of 2020" is the December row, "at the beginning
    of 2020" the January one; "how many" over a "Number of Shares" column is the count the cell states."""
    table = table_from_rows(RSUS, tmp_path, "rsus")
    end = answer_table(table, "How many unvested RSUs were there at the end of 2020?")
    assert end is not None and end.value == "2,831", end
    start = answer_table(table, "How many unvested shares were there at the beginning of 2020?")
    assert start is not None and start.value == "2,846", start
