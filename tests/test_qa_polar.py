"""Yes/no and either-or questions about one cell against a stated number: the cell is looked up with the bound left
out, its number compared with the bound, and the answer is the word the comparison gives, citing the cell."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table
from tablerag.qa.polar import polar_bound

ROWS = [
    ["City", "Altitude (m)", "Population (2011)"],
    ["Bucharest", "70", "1,883,425"],
    ["Sibiu", "415", "147,245"],
    ["Brasov", "625", "253,200"],
]


def test_a_bound_asked_yes_or_no_and_an_either_or_get_the_word_the_cell_gives(tmp_path):
    table = table_from_rows(ROWS, tmp_path, "cities")
    for asked, word in (
        ("Does Sibiu have an altitude above 200?", "yes"),
        ("Was the population of Bucharest at least 2,000,000?", "no"),
        ("Is the altitude in Bucharest above or below 100?", "below"),
        ("Does Brasov have more or less than 300,000 population?", "less"),
        ("Is the altitude of Brasov at most 700?", "yes"),
    ):
        answer = answer_table(table, asked)
        assert answer is not None and answer.value == word, asked
        assert len(answer.citations) == 1 and answer.citations[0]["column"] is not None


def test_no_bound_or_a_year_is_no_polar_bound():
    assert polar_bound("What is the altitude of Sibiu?") is None
    assert polar_bound("Was Sibiu founded before 1200?") is None  # a year is a period, not a bound
    assert polar_bound("Is the altitude above or below 100?") is not None


def test_a_polar_question_offering_two_alternatives_gets_the_one_its_row_says(tmp_path):
    rows = [
        ["Year", "Competition", "Venue", "Position"],
        ["1998", "Asian Games", "Bangkok", "2nd"],
        ["2002", "Asian Games", "Busan", "1st"],
        ["2005", "Universiade", "Izmir", "3rd"],
    ]
    table = table_from_rows(rows, tmp_path, "games")
    answer = answer_table(table, "Did Izmir or Busan host the Asian Games in 2002?")
    assert answer is not None and answer.value == "Busan"
    assert answer.citations[0]["column"] is not None
    # the alternatives alone pick no row; and a comparison between them is no choice a cell makes
    for asked in ("Was it Izmir or Busan?", "Did Izmir or Busan have a higher position in the Asian Games in 2002?"):
        answer = answer_table(table, asked)
        assert answer is None or answer.value not in ("Busan", "Izmir"), asked


def test_above_or_below_another_named_row_is_their_order_in_the_table(tmp_path):
    rows = [
        ["Place", "Player", "Country", "Score"],
        ["1", "Retief Goosen", "South Africa", "276"],
        ["2", "Phil Mickelson", "United States", "278"],
        ["3", "K. J. Choi", "South Korea", "281"],
    ]
    table = table_from_rows(rows, tmp_path, "leaders")
    answer = answer_table(table, "Is Retief Goosen above or below K. J. Choi in the ranking?")
    assert answer is not None and answer.value == "above"
    assert len(answer.citations) == 2
    answer = answer_table(table, "Is K. J. Choi listed above or below Phil Mickelson?")
    assert answer is not None and answer.value == "below"


def test_a_choice_between_two_named_rows_answers_with_the_name_the_question_used(tmp_path):
    rows = [
        ["Rank", "Player", "Caps", "Goals"],
        ["1", "Landon Donovan", "157", "57"],
        ["9T", "DaMarcus Beasley", "114", "17"],
        ["11", "Clint Dempsey", "110", "48"],
    ]
    table = table_from_rows(rows, tmp_path, "caps")
    answer = answer_table(table, "Who had more caps, Dempsey or Beasley?")
    assert answer is not None and (answer.label or answer.value) == "DaMarcus Beasley"  # not the rank "9T"
    answer = answer_table(table, "Who scored fewer goals, Dempsey or Beasley?")
    assert answer is not None and (answer.label or answer.value) == "DaMarcus Beasley"
