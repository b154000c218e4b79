"""A change said with its cause ("the decrease due to lapse of statute of limitations in 2018") over a roll-forward
is the movement line of that cause, read as it stands; a change between two periods of a line ("the change in the
lapse of statute of limitations from 2018 to 2019") is still computed. A balance asked at one end of a year over lines
dated by a day and no year ("at 1 January", "at 31 December") is the line of that end. Tables are written as CSV
files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

TAX_BENEFITS = [
    ["(in millions)", "2019", "2018", "2017"],
    ["Balance at beginning of year", "$86", "$79", "$71"],
    ["Increases related to current year tax positions", "14", "12", "11"],
    ["Decreases related to prior year tax positions", "(4)", "(2)", "(5)"],
    ["Settlements with taxing authorities", "(6)", "(1)", "(2)"],
    ["Lapse of statute of limitations", "(3)", "(5)", "(2)"],
    ["Acquisitions", "7", "3", "2"],
    ["Balance at end of year", "$94", "$86", "$77"],
]


def test_a_change_said_with_its_cause_is_that_movement_line(tmp_path):
    table = table_from_rows(TAX_BENEFITS, tmp_path, "benefits")
    answers_each(
        table,
        ("What was the decrease due to lapse of statute of limitations in 2018?", "(5)"),
        ("What was the increase from acquisitions in 2019?", "7"),
        ("What was the change in acquisitions from 2018 to 2019?", "4"),
    )


CASH = [
    ["€ million", "2022", "2021"],
    ["Cash flow from operating activities", "2,163", "2,120"],
    ["Cash flow from investing activities", "(1,047)", "(768)"],
    ["Change in cash and cash equivalents", "78", "144"],
    ["Cash and cash equivalents at 1 January", "1,512", "1,361"],
    ["Cash and cash equivalents at 31 December", "1,576", "1,512"],
]


def test_a_balance_at_one_end_is_the_line_dated_at_that_end(tmp_path):
    # "at 1 January" opens the year and "at 31 December" closes it; the change line tied with them is neither
    answers_each(
        table_from_rows(CASH, tmp_path, "cash"),
        ("What were cash and cash equivalents at the start of 2022?", "1,512"),
        ("What were cash and cash equivalents at the end of 2021?", "1,512"),
        ("What was cash at bank at the beginning of 2021?", "1,361"),
    )


ALLOWANCE = [
    ["(Dollars in thousands)", "Commercial", "Commercial Real Estate", "Consumer", "Total"],
    ["Beginning balance", "$18,240", "$22,615", "$3,112", "$43,967"],
    ["Charge-offs", "(2,415)", "(610)", "(1,344)", "(4,369)"],
    ["Provision for loan losses", "3,105", "1,240", "1,170", "5,515"],
    ["Ending balance", "$18,930", "$23,245", "$2,938", "$45,113"],
]


def test_an_end_said_as_an_adjective_is_that_ends_balance(tmp_path):
    # "allowance" links the provision line as well as "ending" the balance: the ending balance is asked
    table = table_from_rows(ALLOWANCE, tmp_path, "allowance")
    answer = answer_table(table, "Which portfolio segment had the largest ending allowance?")
    assert answer is not None and answer.label == "Commercial Real Estate"
    answers_each(table, ("What was the opening allowance for consumer loans?", "$3,112"))


DATED_ROLL_FORWARD = [
    ["", "Years Ended December 31,", "", ""],
    ["", "2019", "2018", "2017"],
    ["Balance at beginning of year", "$13,162", "$12,106", "$10,947"],
    ["Additions based on tax positions taken during a prior period", "1,021", "757", "640"],
    ["Reductions related to a lapse of applicable statute of limitations", "(2,830)", "(3,144)", "(1,210)"],
    ["Balance at end of year", "$11,353", "$9,719", "$10,377"],
]


def test_a_line_asked_as_at_a_date_is_no_ending_balance(tmp_path):
    # "as at December 31, 2018" asks the line in that year's column; only an adjective before another noun
    # ("ending allowance") asks for the balance at that end
    answers_each(
        table_from_rows(DATED_ROLL_FORWARD, tmp_path, "dated"),
        (
            "How much was the reductions related to a lapse of applicable statute of limitations as at December 31, 2018?",
            "(3,144)",
        ),
        (
            "How much was the additions based on tax positions taken during a prior period as at December 31, 2018?",
            "757",
        ),
    )
