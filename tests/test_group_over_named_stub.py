"""Header layouts of share-based payment notes: a group row over the column names, its labels written out in each
column they cover, with the stub's own name in the row below ("Range of Exercise Prices | Number Outstanding |
...") — both rows are the header; and a quarterly table stacked by year, each block headed "2022 | First Quarter |
..." over a unit row — each block its own table under its own year. Tables are written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import answer_any, table_from_rows, tables_from_rows

RANGES = [
    [
        "",
        "Options Outstanding",
        "Options Outstanding",
        "Options Outstanding",
        "Options Exercisable",
        "Options Exercisable",
    ],
    [
        "Range of Exercise Prices",
        "Number Outstanding",
        "Weighted-Average Remaining Contractual Life (Years)",
        "Weighted-Average Exercise Price",
        "Number Exercisable",
        "Weighted-Average Exercise Price",
    ],
    ["$4.50 - $9.99", "412,500", "2.1", "$7.85", "412,500", "$7.85"],
    ["$10.00 - $14.99", "836,200", "4.3", "$12.40", "701,900", "$12.22"],
    ["$15.00 - $19.99", "1,204,750", "6.0", "$17.63", "645,300", "$17.10"],
]
QUARTERLY = [
    ["2022", "First Quarter", "Second Quarter", "Third Quarter", "Fourth Quarter"],
    ["(In thousands)", "", "", "", ""],
    ["Net revenues", "$184,220", "$201,775", "$196,408", "$233,917"],
    ["Gross profit", "96,104", "108,392", "103,551", "127,660"],
    ["2021", "First Quarter", "Second Quarter", "Third Quarter", "Fourth Quarter"],
    ["(In thousands)", "", "", "", ""],
    ["Net revenues", "$150,336", "$162,041", "$170,893", "$198,502"],
    ["Gross profit", "74,920", "82,117", "88,460", "104,371"],
]


def test_the_stub_named_under_a_group_row_is_header(tmp_path):
    table = table_from_rows(RANGES, tmp_path, "ranges")
    assert table is not None and table.header_rows == 2
    assert table.column_name(4) == "Options Exercisable / Number Exercisable"
    answers_each(
        table,
        ("How many options were exercisable in the $10.00 - $14.99 range?", "701,900"),
        (
            "What is the weighted-average remaining contractual life of options outstanding in the $15.00 - $19.99 range?",
            "6.0",
        ),
    )


def test_a_quarterly_block_per_year_is_a_table_per_year(tmp_path):
    tables = tables_from_rows(QUARTERLY, tmp_path, "quarterly")
    assert len(tables) == 2
    assert tables[1].column_name(3) == "2021 / Third Quarter"
    found = answer_any(tables, "What was gross profit in the third quarter of 2021?")
    assert found is not None and found.value == "88,460"
    later = answer_any(tables, "What were net revenues in the fourth quarter of 2022?")
    assert later is not None and later.value == "$233,917"
