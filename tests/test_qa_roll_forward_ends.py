"""Option and unit roll-forwards dated in full in their stub ("Outstanding at December 31, 2018" ... "... 2019"): the
end of the year asked is the later line, its beginning the earlier; "how many" is the number of options, never the
remaining term in years beside it. Tables are written as CSV files."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

OPTIONS = [
    [
        "",
        "Shares",
        "Weighted-Average Exercise Price",
        "Weighted-Average Remaining Contractual Term (years)",
        "Aggregate Intrinsic Value (in millions)",
    ],
    ["Outstanding at December 31, 2020", "3,912,400", "$31.20", "", ""],
    ["Granted", "610,000", "$48.75", "", ""],
    ["Exercised", "(845,300)", "$22.10", "", ""],
    ["Forfeited or expired", "(98,700)", "$39.80", "", ""],
    ["Outstanding at December 31, 2021", "3,578,400", "$36.12", "5.8", "$74.2"],
    ["Exercisable at December 31, 2021", "2,104,900", "$29.55", "4.1", "$57.6"],
]


def _value(tmp_path, question: str) -> str | None:
    answer = answer_table(table_from_rows(OPTIONS, tmp_path, "options"), question)
    return answer.value if answer is not None else None


def test_the_end_of_the_year_is_the_later_dated_line_and_the_count_its_number(tmp_path):
    assert _value(tmp_path, "How many options were outstanding at the end of the year?") == "3,578,400"


def test_the_beginning_of_the_year_is_the_earlier_dated_line(tmp_path):
    assert _value(tmp_path, "How many options were outstanding at the beginning of the year?") == "3,912,400"


def test_how_many_beside_a_term_in_years_is_the_number(tmp_path):
    assert _value(tmp_path, "How many options were exercisable at December 31, 2021?") == "2,104,900"


def test_a_term_asked_is_the_term(tmp_path):
    asked = "What was the weighted-average remaining contractual term of options outstanding at the end of the year?"
    assert _value(tmp_path, asked) == "5.8"


SHARE_CAPITAL = [
    ["", "Number of shares", "Share capital", "Share premium"],
    ["", "million", "£m", "£m"],
    ["At 1 April 2020", "1,254.3", "125.4", "812.6"],
    ["Issued under employee share schemes", "6.8", "0.7", "21.9"],
    ["Shares bought back and cancelled", "(40.2)", "(4.0)", "—"],
    ["At 31 March 2021", "1,220.9", "122.1", "834.5"],
    ["Issued under employee share schemes", "5.1", "0.5", "17.3"],
    ["Shares bought back and cancelled", "(52.6)", "(5.3)", "—"],
    ["At 31 March 2022", "1,173.4", "117.3", "851.8"],
]


def test_how_many_over_a_movement_with_a_nil_beside_is_the_number(tmp_path):
    table = table_from_rows(SHARE_CAPITAL, tmp_path, "capital")
    asked = "How many shares were bought back and cancelled in the year ended 31 March 2022?"
    answer = answer_table(table, asked)
    assert answer is not None and answer.value == "(52.6)"
