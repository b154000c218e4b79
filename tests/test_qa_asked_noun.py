"""Of two columns a question names equally, one word each, the asked one is the noun it says before "of", "in",
"for"...: the words after them say what that noun is of ("the ADR of the Hyatt Place hotels" over "Hotels | ADR"
asks the ADR; "how many rooms are in the Orlando hotels", the rooms). Tables are CSV files the tests write."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

BRANDS = [
    ["", "Year Ended December 31, 2019", "", "", ""],
    ["Brand", "Hotels", "Rooms", "Occupancy", "ADR"],
    ["Marriott", "6", "3,412", "81.4%", "$ 238.65"],
    ["Hyatt Place", "3", "564", "74.8%", "$ 141.25"],
    ["Hampton Inn", "5", "603", "75.6%", "$ 128.44"],
]


def test_the_noun_said_before_of_or_in_is_the_column_asked(tmp_path):
    table = table_from_rows(BRANDS, tmp_path, "brands")
    for question, value in (
        ("What was the ADR of the Hyatt Place hotels in 2019?", "$ 141.25"),
        ("What was the ADR of the Hampton Inn hotels in 2019?", "$ 128.44"),
        ("How many rooms were in the Hyatt Place hotels in 2019?", "564"),
        ("How many hotels did Marriott have in 2019?", "6"),
    ):
        found = answer_table(table, question)
        assert found is not None and found.value == value, (question, found and found.text)


MARKETS = [
    ["Market", "Hotels", "Rooms", "RevPAR"],
    ["New York, NY", "4", "2,486", "$ 118.42"],
    ["Orlando, FL", "2", "1,874", "$ 121.60"],
    ["Miami, FL", "3", "842", "$ 198.36"],
]

GOODWILL = [
    ["Cash-generating unit", "Goodwill (€m)", "Pre-tax discount rate", "", "Terminal growth rate", ""],
    ["", "2019", "2019", "2018", "2019", "2018"],
    ["Northern Europe", "412", "8.4%", "8.9%", "1.5%", "1.5%"],
    ["North America", "535", "9.1%", "9.5%", "2.0%", "2.5%"],
    ["Asia Pacific", "184", "11.3%", "11.0%", "2.5%", "3.0%"],
]


def test_the_noun_after_how_many_is_the_column_asked(tmp_path):
    table = table_from_rows(MARKETS, tmp_path, "markets")
    found = answer_table(table, "How many rooms do the Orlando, FL hotels have?")
    assert found is not None and found.value == "1,874", found and found.text


def test_what_names_a_column_of_amounts_it_asks_that_measure(tmp_path):
    table = table_from_rows(GOODWILL, tmp_path, "goodwill")
    for question, value in (
        ("What terminal growth rate was applied to North America in 2019?", "2.0%"),
        ("What pre-tax discount rate was used for Asia Pacific in 2018?", "11.0%"),
    ):
        found = answer_table(table, question)
        assert found is not None and found.value == value, (question, found and found.text)


LEASES = [
    ["(dollars in thousands)", "Number of", "Rentable", "Annualized"],
    ["Year of Lease Expiration", "Leases Expiring", "Square Feet", "Rent"],
    ["2022", "34", "312,580", "8,705"],
    ["2023", "41", "468,910", "13,786"],
    ["2024", "29", "395,240", "12,300"],
]


def test_the_key_header_asked_with_names_the_column_that_says_it(tmp_path):
    table = table_from_rows(LEASES, tmp_path, "leases")
    for question, value in (
        ("How many leases expire in 2023?", "41"),
        ("How much was the annualized rent for leases expiring in 2024?", "12,300"),
    ):
        found = answer_table(table, question)
        assert found is not None and found.value == value, (question, found and found.text)
