"""Regressions on which cell a question takes when its table is given (one test per cause): each builds its table as
a CSV file and asks the kind of question that went wrong. A wrong number is worse than a refusal."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table
from tablerag.qa.route import INCLUSIVE_STEP, threshold
from tablerag.qa.wording import echoes_the_question, unquoted


def test_a_cell_the_question_itself_states_is_never_the_answer(tmp_path):
    rows = [
        ["Year", "Artist", "Song", "Weeks"],
        ["2009", "Ana Lee", "Blue", "4"],
        ["2010", "Bo Crane", "Red", "7"],
        ["2010", "Cy Dorn", "Green", "2"],
        ["2011", "Di Eves", "Gold", "5"],
    ]
    table = table_from_rows(rows, tmp_path, "chart")
    for asked in ("How many artists charted in the year 2010?", "Bo Crane charted for 7 weeks, who was next?"):
        answer = answer_table(table, asked)
        assert answer is None or answer.refused or answer.value not in ("2010", "7"), (asked, answer)
    answer = answer_table(table, "How many weeks did Bo Crane chart?")  # the cell not named is still taken
    assert answer is not None and answer.value == "7"
    # a question offering alternatives is answered by naming one of them
    assert not echoes_the_question("Which song charted longer, Blue or Red?", "Red")
    assert echoes_the_question("Which song charted in 2010?", "2010")


def test_in_which_year_a_bound_is_passed_by_two_of_three_years_names_both(tmp_path):
    rows = [
        ["", "2019", "2018", "2017"],
        ["Net cash provided by operating activities", "912", "764", "655"],
        ["Capital expenditures", "(120)", "(98)", "(87)"],
    ]
    table = table_from_rows(rows, tmp_path, "cash")
    answer = answer_table(table, "In which year was net cash provided by operating activities less than 800?")
    assert answer is not None and not answer.refused
    assert answer.value == "2018; 2017" and len(answer.citations) == 3  # both named, every cell compared cited
    answer = answer_table(table, "In which year was net cash provided by operating activities more than 900?")
    assert answer is not None and answer.value == "2019"
    # every year passes a bound asked of one: the bound is likelier misread than the question asks for all
    answer = answer_table(table, "In which year was net cash provided by operating activities more than 5?")
    assert answer is None or answer.refused


def test_a_row_placed_after_or_before_a_named_one_is_the_row_beside_it(tmp_path):
    rows = [
        ["Week", "Guest judge", "Theme"],
        ["1", "Kelly Brook", "Auditions"],
        ["2", "Louis Walsh", "Movies"],
        ["3", "Anna Berg", "Swing"],
    ]
    table = table_from_rows(rows, tmp_path, "judges")
    answer = answer_table(table, "Who was the guest judge after Kelly Brook?")
    assert answer is not None and answer.value == "Louis Walsh"
    answer = answer_table(table, "What was the theme before Anna Berg?")
    assert answer is not None and answer.value == "Movies"
    answer = answer_table(table, "Who was the guest judge before Kelly Brook?")  # no row before the first
    assert answer is None or answer.refused
    # rows listed newest first: "after" in time is the row above
    career = [["Year", "Title"], ["2012", "Gold"], ["2009", "Silver"], ["2006", "Bronze"]]
    answer = answer_table(table_from_rows(career, tmp_path, "career"), "Which title came after Silver?")
    assert answer is not None and answer.value == "Gold"
    # a label holding the word: "after" is part of a name, not a place
    profit = [["", "2019", "2018"], ["Profit before tax", "120", "100"], ["Profit after tax", "90", "75"]]
    answer = answer_table(table_from_rows(profit, tmp_path, "profit"), "What was the profit after tax in 2019?")
    assert answer is not None and answer.value == "90"


def test_a_label_the_question_states_as_a_condition_is_never_the_label_answered(tmp_path):
    rows = [
        ["Rank", "Nation", "Gold", "Silver", "Bronze", "Total"],
        ["1", "China (CHN)", "127", "63", "33", "223"],
        ["2", "Japan (JPN)", "46", "56", "77", "179"],
        ["3", "South Korea (KOR)", "32", "48", "65", "145"],
        ["4", "Macau (MAC)", "11", "16", "17", "44"],
    ]
    table = table_from_rows(rows, tmp_path, "medals")
    # "bronze" is the column compared in, so "Bronze" cannot be the nation asked for
    answer = answer_table(table, "Which nation won more bronze medals than China?")
    assert answer is None or answer.refused or answer.label != "Bronze", answer
    answer = answer_table(table, "Which nation won the most bronze medals?")
    assert answer is not None and answer.label == "Japan (JPN)"
    # alternatives offered: the one named is the answer
    answer = answer_table(table, "Which did China win more of, gold or bronze?")
    assert answer is None or answer.refused or answer.label in (None, "Gold")


def test_an_inclusive_bound_counts_the_values_equal_to_it(tmp_path):
    assert threshold("How many players scored at least 2 goals?") == (False, 2 - INCLUSIVE_STEP)
    assert threshold("How many had 10 or more wins?") == (False, 10 - INCLUSIVE_STEP)
    assert threshold("How many yachts were at most 18 metres long?") == (True, 18 + INCLUSIVE_STEP)
    assert threshold("How many years at least did it run since 2001?") is None  # no number bound: a year is a period
    rows = [
        ["Player", "Goals"],
        ["Ana", "3"],
        ["Bo", "2"],
        ["Cy", "2"],
        ["Di", "1"],
        ["Ed", "0"],
    ]
    table = table_from_rows(rows, tmp_path, "goals")
    answer = answer_table(table, "How many players scored at least 2 goals?")
    assert answer is not None and answer.value == "3"
    answer = answer_table(table, "How many players scored 1 or fewer goals?")
    assert answer is not None and answer.value == "2"


def test_a_count_asked_is_never_a_year(tmp_path):
    churches = [
        ["Parish", "Church name", "Location", "Year built"],
        ["Alstadhaug", "Alstadhaug Church", "Alstadhaug", "1180"],
        ["Ekne", "Ekne Church", "Ekne", "1893"],
        ["Levanger", "Levanger Church", "Levanger", "1902"],
        ["Levanger", "Bamberg Church", "Levanger", "1998"],
        ["Frol", "Frol Church", "Levanger", "1866"],
    ]
    table = table_from_rows(churches, tmp_path, "churches")
    answer = answer_table(table, "How many churches were built in Levanger in the 1800s?")
    assert answer is None or answer.refused or answer.value not in ("1902", "1998", "1866"), answer
    answer = answer_table(table, "In what year was Ekne Church built?")  # a year asked is still a year
    assert answer is not None and answer.value == "1893"


def test_a_total_of_a_column_that_numbers_the_rows_is_how_many_rows_there_are(tmp_path):
    rows = [
        ["Stage", "Route", "Distance"],
        ["1", "Paris - Lille", "200"],
        ["2", "Lille - Metz", "180"],
        ["3", "Metz - Nancy", "90"],
        ["4", "Nancy - Dijon", "210"],
    ]
    table = table_from_rows(rows, tmp_path, "stages")
    answer = answer_table(table, "How many stages are there in total?")
    assert answer is not None and answer.value == "4"
    answer = answer_table(table, "What is the total distance?")  # amounts are still added
    assert answer is not None and answer.value == "680"


def test_a_title_set_in_quotation_marks_is_answered_as_the_title(tmp_path):
    rows = [
        ["Year", "Title", "Album"],
        ["1991", '"Pacifier"', "Blue Room"],
        ["1993", '"One Thing"', "Blue Room"],
        ["1995", 'Tom\'s "Big" Day', "Late Hours"],
    ]
    table = table_from_rows(rows, tmp_path, "singles")
    answer = answer_table(table, "What was the title released in 1991?")
    assert answer is not None and answer.value == "Pacifier"
    answer = answer_table(table, "What was the title released in 1995?")  # quotes inside the text stay
    assert answer is not None and answer.value == 'Tom\'s "Big" Day'
    assert unquoted("\u201cArmy of Me\u201d") == "Army of Me" and unquoted("O'Neil's") == "O'Neil's"


def test_a_row_listed_above_or_below_a_named_one_is_its_neighbour_in_the_listing(tmp_path):
    career = [["Year", "Title"], ["2012", "Gold"], ["2009", "Silver"], ["2006", "Bronze"]]
    table = table_from_rows(career, tmp_path, "career")
    # newest first: "after" in time is the row above, but "below" is the row below whatever the order of time
    answer = answer_table(table, "Which title is listed below Silver?")
    assert answer is not None and answer.value == "Bronze"
    answer = answer_table(table, "Which title is listed directly above Silver?")
    assert answer is not None and answer.value == "Gold"
    answer = answer_table(table, "Which title is listed above Gold?")  # none above the first
    assert answer is None or answer.refused
