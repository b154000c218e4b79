"""Column headers that share a stem but not a form: "adjusted" names the "Adjusted" column, not "Adjusting items";
"restated" names "As Restated", not "Restatement Adjustments", and "the restatement" names that one. Tables are
written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

ADJUSTED = [
    ["", "2022", "", "", "2021", "", ""],
    ["£m", "Statutory", "Adjusting items", "Adjusted", "Statutory", "Adjusting items", "Adjusted"],
    ["Operating profit", "1,128", "346", "1,474", "902", "411", "1,313"],
    ["Taxation", "(210)", "(74)", "(284)", "(151)", "(88)", "(239)"],
    ["Basic earnings per share", "48.3p", "18.8p", "67.1p", "35.9p", "21.8p", "57.7p"],
]
RESTATED = [
    ["", "Year Ended December 31, 2021", "", ""],
    ["(in thousands)", "As Previously Reported", "Restatement Adjustments", "As Restated"],
    ["Gross profit", "127,244", "(5,995)", "121,249"],
    ["Provision for income taxes", "3,554", "(1,259)", "2,295"],
    ["Net income", "13,372", "(4,736)", "8,636"],
]


def test_the_questions_form_of_a_word_names_the_column(tmp_path):
    answers_each(
        table_from_rows(ADJUSTED, tmp_path, "adjusted"),
        ("What was adjusted basic EPS for 2022?", "67.1p"),
        ("What was the adjusted tax charge in 2021?", "(239)"),
        ("What were the adjusting items in operating profit in 2022?", "346"),
    )
    answers_each(
        table_from_rows(RESTATED, tmp_path, "restated"),
        ("What was gross profit as restated?", "121,249"),
        ("What was the restated provision for income taxes?", "2,295"),
        ("By how much did the restatement reduce net income?", "(4,736)"),
    )
