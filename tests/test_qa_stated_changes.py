"""A change the table states is read, not recomputed, and the question's words pick which stated change: "the change
in X" is the amount column ("Increase/(decrease)") beside a "% Change" column, "the percentage change" the other;
"total" said as part of a row's label ("total segment revenues") names the row also when two years are asked. Each
test builds its table as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

SEGMENTS = [
    ["Segment revenues", "Q4 2021", "Q4 2020", "$ change", "% change"],
    ["Cloud services", "1,904", "1,611", "293", "18.2%"],
    ["Devices", "722", "809", "(87)", "(10.8%)"],
    ["Total segment revenues", "2,626", "2,420", "206", "8.5%"],
]

LICENCES = [
    ["", "For the Years Ended December 31,", "", "", ""],
    ["", "2021", "2020", "Increase/(decrease)", "% Change"],
    ["Licence revenues", "$4,310", "$3,950", "$360", "9%"],
    ["Maintenance revenues", "1,207", "1,388", "(181)", "(13)%"],
]


def _cell(answer):
    assert answer is not None and not answer.refused, answer
    return answer.value, [(c["row"], c["col"]) for c in answer.citations]


def test_total_in_a_row_label_names_the_row_over_two_years(tmp_path):
    table = table_from_rows(SEGMENTS, tmp_path, "segments")
    asked = "By how much did total segment revenues change from 2020 to 2021?"
    assert _cell(answer_table(table, asked)) == ("206", [(3, 3)])
    assert _cell(answer_table(table, "By how much did devices change from 2020 to 2021?")) == ("(87)", [(2, 3)])
    # no change asked: "total" over two years still adds them
    added = answer_table(table, "What is the total segment revenues in 2021 and 2020?")
    assert (
        added is not None
        and added.value == "5046"
        and {(c["row"], c["col"]) for c in added.citations}
        == {
            (3, 1),
            (3, 2),
        }
    )


def test_change_takes_the_amount_column_percentage_change_the_percent_one(tmp_path):
    table = table_from_rows(LICENCES, tmp_path, "licences")
    assert _cell(answer_table(table, "What was the change in licence revenues?")) == ("$360", [(2, 3)])
    assert _cell(answer_table(table, "What was the change in maintenance revenues?")) == ("(181)", [(3, 3)])
    assert _cell(answer_table(table, "What was the percentage change in maintenance revenues?")) == ("(13)%", [(3, 4)])


def test_a_change_column_named_by_all_its_words_is_taken_whatever_its_unit(tmp_path):
    rows = [
        ["", "Year Ended December 31,", "", "", "% Change", ""],
        ["(in millions)", "2021", "2020", "2019", "2021 vs. 2020", "2020 vs. 2019"],
        ["Net sales", "$7,845", "$8,212", "$7,930", "(4.5)%", "3.6%"],
        ["Selling, general and administrative expenses", "1,688", "1,742", "1,701", "(3.1)%", "2.4%"],
    ]
    table = table_from_rows(rows, tmp_path, "sga")
    answer = answer_table(table, "What was the 2020 vs 2019 change in SG&A?")
    assert answer is not None and answer.value == "2.4%"


def test_the_percentage_of_a_percentage_change_names_no_row_marked_percent(tmp_path):
    rows = [
        ["", "F19", "F18", "", ""],
        ["$ MILLION", "53 WEEKS", "52 WEEKS", "CHANGE", "CHANGE NORMALISED"],
        ["Sales", "1,671", "1,612", "3.7%", "1.8%"],
        ["EBITDA", "372", "361", "3.5%", "2.5%"],
        ["Gross margin (%)", "83.6", "84.2", "(55) bps", "(54) bps"],
        ["EBIT to sales (%)", "15.6", "16.1", "(43) bps", "(35) bps"],
    ]
    table = table_from_rows(rows, tmp_path, "hotels")
    # "percentage" says the change's kind: the row is "Sales", not the one whose label holds "sales" and "(%)"
    assert _cell(answer_table(table, "What was the percentage change in sales?")) == ("3.7%", [(2, 3)])
    assert _cell(answer_table(table, "What was the % change in sales in F19?")) == ("3.7%", [(2, 3)])
    assert _cell(answer_table(table, "What was the change in EBIT to sales?")) == ("(43) bps", [(5, 3)])


def test_a_percent_change_row_is_still_named_by_its_percent(tmp_path):
    rows = [
        ["Operating revenues", "Wireless", "Wireline", "Total revenues"],
        ["Q4 2019", "2,493", "3,138", "6,316"],
        ["Q4 2018", "2,407", "3,137", "6,215"],
        ["$ change", "86", "1", "101"],
        ["% change", "3.6%", "–", "1.6%"],
    ]
    table = table_from_rows(rows, tmp_path, "revenues")
    # the table set on its side: the percentage change is a row of its own, which the percent word names
    assert _cell(answer_table(table, "What is the percentage change in total revenues in 2019?")) == ("1.6%", [(4, 3)])
