"""Members asked that are the table's columns ("which segment" over "Commercial Lines | Personal Lines | Specialty
Lines"), under sections of years in the stub: the row asked in the section of the year asked, ranked across the
members' columns, the total column left out. Each member's column is a kind of its own by its name, so no rule
that keeps to columns of one kind may leave a single column to rank. Tables are CSV files the tests write."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

RATIOS = [
    ["", "Commercial Lines", "Personal Lines", "Specialty Lines", "Total"],
    ["Year Ended December 31, 2020", "", "", "", ""],
    ["Catastrophe losses", "3.4%", "7.8%", "0.3%", "4.9%"],
    ["Underwriting expense ratio", "32.1%", "27.4%", "35.7%", "30.5%"],
    ["Combined ratio", "94.4%", "98.1%", "87.4%", "95.3%"],
    ["Year Ended December 31, 2019", "", "", "", ""],
    ["Catastrophe losses", "2.6%", "5.9%", "0.2%", "3.7%"],
    ["Underwriting expense ratio", "32.8%", "27.9%", "36.4%", "31.1%"],
    ["Combined ratio", "95.7%", "100.4%", "99.7%", "97.1%"],
]


def test_which_member_ranks_the_members_columns_in_the_year_asked(tmp_path):
    table = table_from_rows(RATIOS, tmp_path, "ratios")
    for question, label in (
        ("Which segment had the highest combined ratio in 2020?", "Personal Lines"),
        ("Which segment had the highest underwriting expense ratio in 2019?", "Specialty Lines"),
        ("Which segment had the lowest catastrophe losses in 2019?", "Specialty Lines"),
    ):
        found = answer_table(table, question)
        assert found is not None and found.label == label, question
    found = answer_table(table, "Which segment had the highest combined ratio in 2020?")
    assert found is not None
    assert {c["col"] for c in found.citations} == {1, 2, 3}  # every member compared is cited, no total


REGIONS = [
    [
        "(in millions)",
        "United States",
        "Europe",
        "Asia-Pacific, Africa",
        "Western Hemisphere excluding U.S.",
        "Worldwide",
    ],
    ["Pharmaceuticals", "$ 9,842", "$ 5,117", "$ 2,964", "$ 1,408", "$ 19,331"],
    ["Medical Devices", "4,215", "2,906", "3,027", "987", "11,135"],
    ["Consumer Health", "2,108", "1,544", "1,762", "1,093", "6,507"],
]

QUARTERS = [
    ["", "Carbonated Soft Drinks", "Juices", "Energy Drinks", "Total"],
    ["Net sales (in millions)", "", "", "", ""],
    ["First Quarter", "$ 1,842", "$ 516", "$ 297", "$ 2,655"],
    ["Second Quarter", "2,105", "534", "341", "2,980"],
    ["Third Quarter", "2,216", "498", "362", "3,076"],
    ["Fourth Quarter", "1,967", "571", "355", "2,893"],
    ["Fiscal Year", "$ 8,130", "$ 2,119", "$ 1,355", "$ 11,604"],
    ["Unit case volume (in millions)", "", "", "", ""],
    ["First Quarter", "612", "148", "71", "831"],
    ["Second Quarter", "688", "151", "80", "919"],
    ["Third Quarter", "703", "142", "84", "929"],
    ["Fourth Quarter", "645", "160", "86", "891"],
    ["Fiscal Year", "2,648", "601", "321", "3,570"],
]


def test_a_member_left_out_leaves_out_the_total_that_holds_it(tmp_path):
    """ "Outside the United States, which region ...": the "Worldwide" column sums the United States too, so it is
    no candidate once the United States is left out."""
    table = table_from_rows(REGIONS, tmp_path, "regions")
    found = answer_table(table, "Outside the United States, which region had the highest Medical Devices sales?")
    assert found is not None and found.label == "Asia-Pacific, Africa"


def test_the_heading_said_keeps_the_ranking_to_its_rows(tmp_path):
    table = table_from_rows(QUARTERS, tmp_path, "quarters")
    found = answer_table(table, "In which quarter was Energy Drinks unit case volume highest?")
    assert found is not None and found.label == "Fourth Quarter"
    found = answer_table(table, "In which quarter were Energy Drinks net sales highest?")
    assert found is not None and found.label == "Third Quarter"


CARRYFORWARDS = [
    ["", "December 31, 2020", "", ""],
    ["(In millions)", "Amount", "Tax Effected", "Expiration Period"],
    ["Net operating loss carryforwards:", "", "", ""],
    ["U.S. federal", "$ 412", "$ 87", "2028-2037"],
    ["State", "2,874", "151", "2021-2040"],
    ["Foreign", "963", "246", "2021-Indefinite"],
    ["Tax credit carryforwards:", "", "", ""],
    ["U.S. federal research credits", "—", "132", "2031-2040"],
    ["State research credits", "—", "94", "Indefinite"],
    ["Total", "", "$ 710", ""],
]


def test_a_kind_several_headings_say_ranks_all_their_members(tmp_path):
    """ "Which carryforward": both headings say the kind, and the question names neither apart ("tax" is the
    column's word), so the members of both are ranked; a heading named apart keeps to its own."""
    table = table_from_rows(CARRYFORWARDS, tmp_path, "carryforwards")
    found = answer_table(table, "Which carryforward has the largest tax-effected value?")
    assert found is not None and found.label == "Foreign"
    found = answer_table(table, "Which tax credit carryforward has the largest tax-effected value?")
    assert found is not None and found.label == "U.S. federal research credits"
