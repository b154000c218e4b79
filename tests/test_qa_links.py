"""Regressions on taking the asked cell of a table given (one test per cause): each builds its table as a CSV file
and asks the kind of question that went wrong. A wrong number is worse than a refusal."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table


def test_rows_tied_on_words_go_to_the_one_whose_own_label_the_question_asks_most_of(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Gains recognized in other comprehensive income (loss), net of tax of $1 and $11", "$ 159", "$ 219"],
        ["Gains reclassified from accumulated other comprehensive income (loss) into revenue", "341", "185"],
        ["Losses recognized in other income (expense), net", "(64)", "(255)"],
    ]
    table = table_from_rows(rows, tmp_path, "hedges")
    answer = answer_table(table, "What were the losses recognized in other income, net, as of 2019?")
    assert answer is not None and answer.value == "(64)"
    answer = answer_table(table, "What were the gains recognized in other comprehensive income in 2018?")
    assert answer is not None and answer.value == "$ 219"
