"""A "which" question that compares each candidate with a rival the table names, not with a number: another column
of the same row ("spent more than its approved budget", "a fair value above its carrying amount"), another row of
the same column ("more bronze medals than China"), or, for a period asked, two rows period by period ("in which
year were Hemavance's sales higher than Ostelya's"). The answer names every candidate past the rival and cites
the cells compared; a rival the table names but that cannot be compared this way leaves the question unanswered
rather than ranked on one side. Tables are CSV files the tests write."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table
from tablerag.qa.route import rival

PROJECTS = [
    ["Project", "Approved budget", "Spent to date", "Remaining"],
    ["Plant expansion", "$120.0m", "$84.6m", "$35.4m"],
    ["ERP replacement", "$18.5m", "$19.2m", "$(0.7)m"],
    ["Warehouse automation", "$42.0m", "$12.3m", "$29.7m"],
    ["Fleet renewal", "$9.8m", "$9.8m", "—"],
]

DEBT = [
    ["", "Fair Value", "December 31, 2023", "", "December 31, 2022", ""],
    ["(in thousands)", "Hierarchy Level", "Carrying Amount", "Estimated Fair Value", "Carrying Amount",
     "Estimated Fair Value"],
    ["3.625% Senior Notes due 2027", "Level 2", "497,862", "476,335", "497,215", "452,860"],
    ["1.25% Convertible Senior Notes due 2026", "Level 2", "341,608", "368,940", "339,117", "318,205"],
    ["Term loan facility due 2028", "Level 2", "243,750", "243,750", "250,000", "250,000"],
    ["Total debt", "", "1,083,220", "1,089,025", "1,086,332", "1,021,065"],
]  # fmt: skip

MEDALS = [
    ["Rank", "Nation", "Gold", "Silver", "Bronze"],
    ["1", "China", "10", "5", "3"],
    ["2", "Japan", "8", "6", "7"],
    ["3", "Uzbekistan", "5", "2", "1"],
    ["4", "Korea", "3", "3", "9"],
]

SALES = [
    ["", "2020", "", "2019", ""],
    ["(in millions)", "U.S.", "International", "U.S.", "International"],
    ["Revlizumab", "3,412", "1,208", "3,050", "1,094"],
    ["Hemavance", "455", "688", "498", "702"],
    ["Ostelya", "302", "91", "518", "24"],
    ["Total product sales", "4,169", "1,987", "4,066", "1,820"],
]


def test_the_rival_is_read_from_the_question_never_a_number_or_a_period() -> None:
    assert rival("Which project has spent more than its approved budget?") == (
        False,
        "Which project has spent more than ",
        "approved budget",
    )
    found = rival("Which debt instrument had an estimated fair value above its carrying amount at December 31, 2023?")
    assert found is not None and found[2] == "carrying amount"
    assert rival("Which segment had revenue below their target?") is not None
    for question in (
        "In which year was revenue less than 600,000 thousands?",  # a bound
        "Which nations do not have more than twenty gold medals?",
        "Which drug had lower sales in 2020 than in 2019?",  # a move between two periods
        "Which segment's total assets were lower at December 31, 2021 than at December 31, 2020?",
        "Which year had higher revenue than the prior year?",
        "Which channel has more affiliates than Azteca 7 but less than Canal 5?",  # a range
        "Which nation is listed below Japan?",  # a place in the listing
        "What was revenue higher than in 2019?",  # asks no name
    ):
        assert rival(question) is None, question


def test_rows_whose_own_column_passes_the_rival_column_are_named(tmp_path):
    table = table_from_rows(PROJECTS, tmp_path, "projects")
    found = answer_table(table, "Which project has spent more than its approved budget?")
    assert found is not None and found.label == "ERP replacement"
    cited = {(c["row"], c["col"]) for c in found.citations}
    assert {(2, 1), (2, 2), (1, 1), (1, 2)} <= cited  # the winner's two cells and those it was compared with
    found = answer_table(table, "Which projects have spent less than their approved budget?")
    assert found is not None and found.label == "Plant expansion; Warehouse automation"


def test_the_rival_column_is_the_one_of_the_period_asked(tmp_path):
    table = table_from_rows(DEBT, tmp_path, "debt")
    question = "Which debt instrument had an estimated fair value above its carrying amount at December 31, 2023?"
    found = answer_table(table, question)
    assert found is not None and found.label == "1.25% Convertible Senior Notes due 2026"
    # in 2022 no instrument did: no answer, never the largest fair value
    found = answer_table(table, question.replace("2023", "2022"))
    assert found is None or found.value is None


def test_rows_past_a_rival_row_in_the_column_asked(tmp_path):
    table = table_from_rows(MEDALS, tmp_path, "medals")
    found = answer_table(table, "Which nations won more bronze medals than China?")
    assert found is not None and found.label == "Japan; Korea"
    found = answer_table(table, "Which nation won fewer gold medals than Uzbekistan?")
    assert found is not None and found.label == "Korea"
    found = answer_table(table, "Which nation is listed below Japan?")  # a place, as before
    assert found is not None and found.value == "Uzbekistan"


def test_a_period_asked_compares_two_rows_period_by_period(tmp_path):
    table = table_from_rows(SALES, tmp_path, "sales")
    found = answer_table(table, "In which year were Hemavance U.S. sales higher than Ostelya U.S. sales?")
    assert found is not None and found.label == "2020"
    found = answer_table(
        table, "In which year were Hemavance international sales higher than Ostelya international sales?"
    )
    assert found is not None and found.label == "2020; 2019"


def test_a_period_beside_its_sibling_heads_the_same_set_of_sub_labels(tmp_path):
    """ "December 31, 2023 | | December 31, 2022 |" over "Carrying Amount | Estimated Fair Value" twice: the first
    date heads its set as the second does, though a one-column label ("Fair Value Hierarchy Level") stands before
    it."""
    table = table_from_rows(DEBT, tmp_path, "debt")
    assert table.column_name(3) == "December 31, 2023 / Estimated Fair Value"
    assert table.column_name(5) == "December 31, 2022 / Estimated Fair Value"
    assert table.column_name(1) == "Fair Value / Hierarchy Level"


def test_a_rival_passed_by_more_ranks_the_gap(tmp_path):
    """ "In which year did revenue exceed operating costs by more?": of the years where revenue passed the costs,
    the one of the larger gap; without "by more" every such year."""
    rows = [
        ["(in thousands)", "2019", "2018"],
        ["Revenue", "14,200", "16,800"],
        ["Operating costs", "9,100", "8,700"],
    ]
    table = table_from_rows(rows, tmp_path, "gap")
    found = answer_table(table, "In which year did revenue exceed operating costs by more?")
    assert found is not None and found.label == "2018"
    found = answer_table(table, "In which year did revenue exceed operating costs by less?")
    assert found is not None and found.label == "2019"
    found = answer_table(table, "In which year did revenue exceed operating costs?")
    assert found is not None and found.label == "2019; 2018"
