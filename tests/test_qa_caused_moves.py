"""A change said with its cause ("the decrease due to lapse of statute of limitations in 2018") over a roll-forward
is the movement line of that cause, read as it stands; a change between two periods of a line ("the change in the
lapse of statute of limitations from 2018 to 2019") is still computed. Tables are written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

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
