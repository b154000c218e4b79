"""Which column holds a row's one amount: "which segment recorded a goodwill impairment" over "Americas | EMEA |
APAC | Total" (no header says "segment": the amount columns, the total left out, are its members); "in which level
is the contingent earn-out liability" over a block per date, the item's rows agreeing on the level. Not for a row
named by another of its cells, nor over period columns, nor for rows that disagree. "In which quarter was the
pension settlement charge recorded" over "Q1 | Q2 | Q3 | Q4" (or dates under "Three Months Ended"): the one
quarter holding an amount, none when several do. Tables are written as CSV files."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

GOODWILL = [
    ["(in thousands)", "Americas", "EMEA", "APAC", "Total"],
    ["Balance as of December 31, 2018", "234,020", "95,318", "48,560", "377,898"],
    ["Acquisitions", "—", "12,480", "—", "12,480"],
    ["Impairment", "—", "—", "(6,200)", "(6,200)"],
    ["Foreign currency translation", "—", "1,087", "(312)", "775"],
    ["Balance as of December 31, 2019", "$234,020", "$108,885", "$42,048", "$384,953"],
]
FAIR_VALUE = [
    ["(in thousands)", "Total", "Level 1", "Level 2", "Level 3"],
    ["December 31, 2019", "", "", "", ""],
    ["Cash equivalents", "$52,340", "$52,340", "$—", "$—"],
    ["Available-for-sale securities", "118,605", "—", "118,605", "—"],
    ["Contingent earn-out liability", "(4,500)", "—", "—", "(4,500)"],
    ["December 31, 2018", "", "", "", ""],
    ["Cash equivalents", "$41,275", "$41,275", "$—", "$—"],
    ["Available-for-sale securities", "97,480", "—", "97,480", "—"],
    ["Contingent earn-out liability", "(7,200)", "—", "(7,200)", "—"],
]


def test_the_one_member_column_holding_the_amount_answers(tmp_path):
    table = table_from_rows(GOODWILL, tmp_path, "goodwill")
    answer = answer_table(table, "Which segment recorded a goodwill impairment?")
    assert answer is not None and answer.value == "APAC"
    acquired = answer_table(table, "Which segment recorded acquisitions?")
    assert acquired is not None and acquired.value == "EMEA"


def test_rows_of_one_item_agreeing_answer_and_disagreeing_do_not(tmp_path):
    table = table_from_rows(FAIR_VALUE, tmp_path, "fair_value")
    agreed = answer_table(table, "In which level of the fair value hierarchy are the available-for-sale securities?")
    assert agreed is not None and agreed.value == "Level 2"
    split = answer_table(table, "In which level of the fair value hierarchy is the contingent earn-out liability?")
    assert split is None or split.value not in ("Level 2", "Level 3")


QUARTERS = [
    ["", "Fiscal Year Ended September 28, 2024", "", "", ""],
    ["(in millions)", "Q1", "Q2", "Q3", "Q4"],
    ["Severance", "$4.2", "$11.8", "$2.1", "$0.9"],
    ["Pension settlement charge", "", "", "", "$27.5"],
    ["Inventory write-down related to exit", "", "$6.4", "", ""],
    ["Total", "$4.2", "$18.2", "$2.1", "$28.4"],
]
INTERIM = [
    ["", "Three Months Ended", "", ""],
    ["(in thousands)", "September 30, 2023", "June 30, 2023", "March 31, 2023"],
    ["Cybersecurity incident costs", "4,100", "—", "—"],
    ["Revenue", "212,400", "205,300", "201,200"],
]


def test_the_one_quarter_holding_the_amount_answers(tmp_path):
    table = table_from_rows(QUARTERS, tmp_path, "quarters")
    answer = answer_table(table, "In which quarter was the pension settlement charge recorded?")
    assert answer is not None and answer.value == "Q4"
    write_down = answer_table(
        table, "Which quarter of fiscal 2024 included the inventory write-down related to the exit?"
    )
    assert write_down is not None and write_down.value == "Q2"
    severance = answer_table(table, "In which quarter was severance recorded?")
    assert severance is None or severance.value not in ("Q1", "Q2", "Q3", "Q4")
    interim = table_from_rows(INTERIM, tmp_path, "interim")
    costs = answer_table(interim, "In which quarter were cybersecurity incident costs incurred?")
    assert costs is not None and costs.value == "September 30, 2023"


def test_what_value_asks_the_amount_not_the_column_that_holds_it(tmp_path):
    rows = [
        ["", "Option Awards", "", "Stock Awards", ""],
        [
            "Name",
            "Shares Acquired on Exercise (#)",
            "Value Realized on Exercise ($)",
            "Shares Acquired on Vesting (#)",
            "Value Realized on Vesting ($)",
        ],
        ["Michael R. Turner", "120,000", "3,418,200", "46,250", "2,104,375"],
        ["Laura S. Bennett", "—", "—", "14,800", "673,400"],
        ["David K. Osei", "22,500", "512,775", "9,120", "414,960"],
    ]
    table = table_from_rows(rows, tmp_path, "vested")
    answer = answer_table(table, "What value did Laura Bennett realize on vesting?")
    assert answer is not None and answer.value == "673,400"
