"""Sensitivity tables: the scenarios hold the same words but the way the assumption moves ("Increase | Decrease",
"+1% | -1%", a row's "50 basis point decrease"), so the way the question says decides the cell, also when a row's
own name says "increase" ("Pension increase") and when the question says it otherwise ("a lower discount rate", "a
reduction in"). A header row of signed moves under the rates' names is the header, not a row of values. Tables are
written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

BY_PERIOD = [
    ["", "2021", "", "2020", ""],
    ["Effect on obligation (EUR million)", "Increase", "Decrease", "Increase", "Decrease"],
    ["Discount rate (0.5% change)", "(512)", "563", "(498)", "547"],
    ["Salary increase (0.5% change)", "37", "(35)", "33", "(31)"],
    ["Pension increase (0.5% change)", "301", "(288)", "276", "(262)"],
]
IN_ASSUMPTION = [
    ["", "Change in assumption", "Impact on scheme liabilities", ""],
    ["", "", "Increase in assumption", "Decrease in assumption"],
    ["Discount rate", "0.25%", "(£96m)", "£104m"],
    ["Inflation rate", "0.25%", "£71m", "(£66m)"],
    ["Salary growth", "0.25%", "£12m", "(£11m)"],
]
SIGNED = [
    ["", "Discount rate", "", "Mortality", ""],
    ["$m", "+1%", "-1%", "+1%", "-1%"],
    ["Main plan", "(2,310)", "2,874", "415", "(402)"],
    ["Other plans", "(208)", "251", "19", "(18)"],
]
ROW_SCENARIOS = [
    ["Assumption", "Change", "Effect on pension cost", "Effect on obligation"],
    ["Discount rate", "50 basis point decrease", "$6.1 million increase", "$91.4 million increase"],
    ["Discount rate", "50 basis point increase", "$5.7 million decrease", "$84.9 million decrease"],
    ["Return on plan assets", "50 basis point decrease", "$4.4 million increase", "N/A"],
    ["Return on plan assets", "50 basis point increase", "$4.4 million decrease", "N/A"],
]
EFFECT_ROWS = [
    ["(in thousands)", "One-percentage-point increase", "One-percentage-point decrease"],
    ["Effect on total of service and interest cost", "$812", "$(690)"],
    ["Effect on accumulated postretirement benefit obligation", "$11,305", "$(9,477)"],
]


def test_the_way_said_picks_the_scenario_column(tmp_path):
    answers_each(
        table_from_rows(BY_PERIOD, tmp_path, "by_period"),
        ("What effect would a decrease in the pension increase assumption have had in 2020?", "(262)"),
        ("What was the impact of an increase in the salary increase rate in 2021?", "37"),
        ("What was the 2021 effect of an increase in the pension increase assumption?", "301"),
        ("What was the 2020 effect of a decrease in the discount rate?", "547"),
    )
    answers_each(
        table_from_rows(IN_ASSUMPTION, tmp_path, "in_assumption"),
        ("What is the effect of a decrease in the salary growth rate on scheme liabilities?", "(£11m)"),
        ("What is the impact of a lower discount rate on scheme liabilities?", "£104m"),
        ("What is the impact of a higher inflation rate on scheme liabilities?", "£71m"),
    )


def test_signed_moves_under_the_rates_head_the_columns(tmp_path):
    table = table_from_rows(SIGNED, tmp_path, "signed")
    assert table.header_rows == 2
    assert table.column_name(2) == "Discount rate / -1%"
    answers_each(
        table,
        ("What is the effect of a 1% decrease in mortality on the main plan?", "(402)"),
        ("What is the impact of a 1% reduction in the discount rate on other plans?", "251"),
        ("Effect of a -1% discount rate change on the main plan?", "2,874"),
        ("What is the effect of a 1% increase in the discount rate on the main plan?", "(2,310)"),
    )


def test_the_way_said_picks_the_scenario_row(tmp_path):
    answers_each(
        table_from_rows(ROW_SCENARIOS, tmp_path, "row_scenarios"),
        (
            "What would be the effect on pension cost of a 50 basis point increase in the discount rate?",
            "$5.7 million decrease",
        ),
        (
            "What is the effect on the obligation of a 50 basis point decrease in the discount rate?",
            "$91.4 million increase",
        ),
        (
            "What is the effect on pension cost of a 50 basis point decrease in the return on plan assets?",
            "$4.4 million increase",
        ),
    )


def test_a_row_named_as_the_effect_on_a_whole_is_that_whole(tmp_path):
    answers_each(
        table_from_rows(EFFECT_ROWS, tmp_path, "effect_rows"),
        (
            "What is the effect of a one-percentage-point increase in the assumed health care cost trend rate on "
            "the accumulated postretirement benefit obligation?",
            "$11,305",
        ),
        ("What is the effect of a one-percentage-point decrease on the total of service and interest cost?", "$(690)"),
    )
