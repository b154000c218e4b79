"""Verbs and quantity words around a row's name are no part of what the question asks for: "what was the total
equity recorded in 2019" and "what amount of total fees was reported" name a row, they ask for no kind of row;
"falling" in "falling due within one year" names a section of the balance sheet, it asks for no fall; "non current"
is "non-current". Each test builds its table as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

EQUITY = [
    ["", "2021", "2020"],
    ["", "US$'000", "US$'000"],
    ["Total assets", "412,004", "388,190"],
    ["Total liabilities", "170,522", "161,930"],
    ["Equity", "", ""],
    ["Contributed equity", "130,100", "129,870"],
    ["Retained profits", "111,382", "96,390"],
    ["Total equity", "241,482", "226,260"],
]

DEBTORS = [
    ["", "2021", "2020"],
    ["", "£m", "£m"],
    ["Amounts falling due within one year:", "", ""],
    ["Amounts owed by group undertakings", "18,310", "17,004"],
    ["Corporation tax recoverable", "412", "–"],
    ["Prepayments", "95", "88"],
    ["Amounts falling due after more than one year:", "", ""],
    ["Deferred tax asset", "1,220", "1,045"],
]


def _cell(answer):
    assert answer is not None and not answer.refused, answer
    return answer.value, [(c["row"], c["col"]) for c in answer.citations]


def test_a_verb_after_the_row_name_asks_no_kind(tmp_path):
    table = table_from_rows(EQUITY, tmp_path, "equity")
    assert _cell(answer_table(table, "What was the total equity recorded in 2021?")) == ("241,482", [(7, 1)])
    assert _cell(answer_table(table, "What amount of retained profits was reported in 2020?")) == ("96,390", [(6, 2)])
    # a kind asked stays a kind: the answer is a row's name
    which = answer_table(table, "Which equity item recorded the highest amount in 2021?")
    assert which is not None and which.value == "Contributed equity"


def test_falling_due_names_a_section_not_a_fall(tmp_path):
    table = table_from_rows(DEBTORS, tmp_path, "debtors")
    asked = "How much is the 2021 corporation tax recoverable falling due within one year?"
    assert _cell(answer_table(table, asked)) == ("412", [(4, 1)])
    # a fall asked of one period's amount is still no answer
    assert answer_table(table, "How much did prepayments fall in 2021?") is None


# "non-current" written with a hyphen in one label and apart in the other, and by questions either way
LIABILITIES = [
    ["", "2021", "2020"],
    ["Current receivables", "1,200", "1,100"],
    ["Non current receivables", "300", "280"],
    ["Current lease liabilities", "95", "90"],
    ["Non-current lease liabilities", "410", "380"],
]


def test_non_written_apart_is_the_same_word(tmp_path):
    table = table_from_rows(LIABILITIES, tmp_path, "liabilities")
    assert _cell(answer_table(table, "What were the non current lease liabilities in 2021?")) == ("410", [(4, 1)])
    assert _cell(answer_table(table, "What were the non-current receivables in 2020?")) == ("280", [(2, 2)])
    assert _cell(answer_table(table, "What were the current lease liabilities in 2021?")) == ("95", [(3, 1)])
