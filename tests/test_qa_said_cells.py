"""A "which" question that says one cell of a register whole (a place, a date, a year) asks whose it is: the answer is
that row's name, the cell said its citation. Tables are written as CSV files."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

FLEET = [
    ["Vessel", "Type", "Built", "Ownership", "Home port"],
    ["North Star", "Platform supply vessel", "2014", "Owned", "Bergen"],
    ["Sea Lark", "Anchor handling tug", "2011", "Owned", "Aberdeen"],
    ["Grey Petrel", "Survey vessel", "2008", "Leased", "Bergen"],
    ["Ocean Wren", "Crew transfer vessel", "2022", "Leased", "Esbjerg"],
]

SUBSIDIARIES = [
    ["Company", "Country of incorporation", "Principal activity", "% held"],
    ["Alder Holdings Ltd", "United Kingdom", "Holding company", "100"],
    ["PT Alder Indonesia", "Indonesia", "Fabrication", "49"],
    ["Alder do Brasil Ltda", "Brazil", "Installation", "100"],
    ["Alder Finance DAC", "Ireland", "Group financing", "100"],
]

NOTES = [
    ["", "Maturity", "Interest rate", "December 31, 2023", "December 31, 2022"],
    ["Senior notes due 2026", "March 2026", "3.250%", "$500", "$500"],
    ["Senior notes due 2029", "June 2029", "4.750%", "750", "750"],
    ["Term loan", "April 2027", "SOFR + 1.125%", "420", "480"],
    ["Total principal amount", "", "", "1,670", "1,730"],
]


def test_a_year_said_whole_in_a_column_of_years_names_its_row(tmp_path):
    table = table_from_rows(FLEET, tmp_path, "fleet")
    answer = answer_table(table, "Which vessel was built in 2008?")
    assert answer is not None and answer.value == "Grey Petrel"
    assert [(c["row"], c["col"]) for c in answer.citations] == [(3, 2)]  # the cell said: "Built" of that row


def test_a_place_said_whole_names_its_row_though_the_rows_name_holds_it_too(tmp_path):
    table = table_from_rows(SUBSIDIARIES, tmp_path, "subsidiaries")
    answer = answer_table(table, "Which entity is incorporated in Indonesia?")
    assert answer is not None and answer.value == "PT Alder Indonesia"
    assert [(c["row"], c["col"]) for c in answer.citations] == [(2, 1)]


def test_a_date_said_whole_names_its_row_under_a_first_column_with_no_name(tmp_path):
    table = table_from_rows(NOTES, tmp_path, "notes")
    answer = answer_table(table, "Which debt instrument matures in June 2029?")
    assert answer is not None and answer.value == "Senior notes due 2029"


def test_a_cell_several_rows_hold_is_no_one_rows(tmp_path):
    table = table_from_rows(FLEET, tmp_path, "fleet")
    answer = answer_table(table, "Which vessel has its home port in Bergen?")
    assert answer is None or answer.value not in {"North Star", "Grey Petrel"}  # two vessels: no one of them


def test_a_kind_that_names_another_column_asks_that_columns_cell(tmp_path):
    table = table_from_rows(FLEET, tmp_path, "fleet")
    answer = answer_table(table, "Which type was built in 2008?")
    assert answer is None or answer.value != "Grey Petrel"  # the Type column's cell, not the vessel's name


COMMITTEES = [
    ["Director", "Independent", "Audit", "Remuneration", "Nomination"],
    ["Ana Silva", "No", "Member", "", ""],
    ["Tom Becker", "Yes", "Chair", "Member", ""],
    ["Mei Lin", "Yes", "Member", "", "Chair"],
    ["Omar Haddad", "Yes", "", "Chair", "Member"],
]


def test_a_role_said_in_words_of_its_own_names_the_member_of_the_named_column(tmp_path):
    table = table_from_rows(COMMITTEES, tmp_path, "committees")
    answer = answer_table(table, "Who chairs the Audit Committee?")
    assert answer is not None and answer.value == "Tom Becker"
    assert [(c["row"], c["col"]) for c in answer.citations] == [(2, 2)]
    answer = answer_table(table, "Which director chairs the Remuneration Committee?")
    assert answer is not None and answer.value == "Omar Haddad"


def test_a_role_several_rows_of_the_column_hold_names_no_one(tmp_path):
    table = table_from_rows(COMMITTEES, tmp_path, "committees")
    answer = answer_table(table, "Who is a member of the Audit Committee?")
    assert answer is None or answer.value not in {"Tom Becker", "Mei Lin"}  # one member is not "who is a member"
