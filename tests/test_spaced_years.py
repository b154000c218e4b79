"""Letter-spaced years ("2 0 1 8" in a PDF's text, "201 8" as the OCR groups it) are the year they spell, in a
header and to the question linker; a number with space thousands separators stays a number."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.parsing.numbers import joined_years
from tablerag.qa.answer import answer_table


def test_spaced_digit_groups_that_spell_a_year_are_joined() -> None:
    assert joined_years("2 0 1 8") == "2018"
    assert joined_years("December 31, 201 8") == "December 31, 2018"
    assert joined_years("FY 20 19") == "FY 2019"
    assert joined_years("1 649 692") == "1 649 692"  # thousands separated by spaces
    assert joined_years("2 018") == "2 018"  # a valid thousands grouping is read as the number it writes
    assert joined_years("2019 2018") == "2019 2018"  # two years, two columns read as one cell


def test_a_year_the_ocr_split_heads_its_column_under_the_period_label(tmp_path) -> None:
    rows = [
        ["", "December 31", ""],
        ["", "2019", "201 8"],
        ["Operating loss carryforward", "73,260", "57,768"],
        ["Net deferred tax asset", "795", "772"],
    ]
    table = table_from_rows(rows, tmp_path, "spaced")
    assert table.column_headers[2] == ["December 31", "201 8"]
    answer = answer_table(table, "What is the percentage change in the net deferred tax asset from 2018 to 2019?")
    assert answer is not None and round(float(answer.value), 2) == 2.98
    answer = answer_table(table, "What was the operating loss carryforward in 2018?")
    assert answer is not None and answer.value == "57,768"
