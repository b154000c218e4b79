"""A table stacked in one block per date ("December 31, 2019" then "December 31, 2018" as rows over the same
items): a heading under the date ("Assets:") asked for stands for its total line ("Total assets") of that date's
block, and the one item under a heading ("Liabilities: / Contingent consideration") is of its block's date too.
Sections that each end in their own total ("Current: ... Total current", "Deferred: ... Total deferred") over a
grand total ("Provision for income taxes"): "the current state income tax expense" is the state line of the
current section, a part of that total. Tables are written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

STACKED = [
    ["(In thousands)", "Level 1", "Level 2", "Level 3", "Total"],
    ["December 31, 2019", "", "", "", ""],
    ["Assets:", "", "", "", ""],
    ["Money market funds", "$1,204", "$—", "$—", "$1,204"],
    ["Corporate debt securities", "—", "2,318", "—", "2,318"],
    ["Total assets", "$1,849", "$2,430", "$—", "$4,279"],
    ["Liabilities:", "", "", "", ""],
    ["Contingent consideration", "$—", "$—", "$46", "$46"],
    ["December 31, 2018", "", "", "", ""],
    ["Assets:", "", "", "", ""],
    ["Money market funds", "$987", "$—", "$—", "$987"],
    ["Corporate debt securities", "—", "1,955", "—", "1,955"],
    ["Total assets", "$1,499", "$2,158", "$—", "$3,657"],
    ["Liabilities:", "", "", "", ""],
    ["Contingent consideration", "$—", "$—", "$71", "$71"],
]


def test_a_heading_of_a_dated_block_stands_for_its_total(tmp_path):
    answers_each(
        table_from_rows(STACKED, tmp_path, "stacked"),
        ("What were Level 2 assets as of December 31, 2018?", "$2,158"),
        ("What were the Level 1 assets at December 31, 2019?", "$1,849"),
        ("What were money market funds in Level 1 at December 31, 2018?", "$987"),
    )


def test_the_one_item_under_a_heading_is_of_its_blocks_date(tmp_path):
    answers_each(
        table_from_rows(STACKED, tmp_path, "stacked"),
        ("What was the Level 3 contingent consideration liability as of December 31, 2018?", "$71"),
        ("What was the Level 3 contingent consideration liability as of December 31, 2019?", "$46"),
    )


TAXES = [
    ["", "Year Ended December 31,", "", ""],
    ["", "2019", "2018", "2017"],
    ["Current:", "", "", ""],
    ["Federal", "$412", "$388", "$521"],
    ["State", "63", "57", "49"],
    ["Foreign", "148", "131", "117"],
    ["Total current", "623", "576", "687"],
    ["Deferred:", "", "", ""],
    ["Federal", "(84)", "22", "(310)"],
    ["State", "(11)", "6", "(18)"],
    ["Foreign", "(27)", "(9)", "14"],
    ["Total deferred", "(122)", "19", "(314)"],
    ["Provision for income taxes", "$501", "$595", "$373"],
]


def test_a_part_of_a_section_total_is_a_part_of_the_grand_total(tmp_path):
    answers_each(
        table_from_rows(TAXES, tmp_path, "taxes"),
        ("What was the current state income tax expense in 2019?", "63"),
        ("How much was the deferred federal income tax provision in 2018?", "22"),
        ("What was the provision for income taxes in 2017?", "$373"),
    )
