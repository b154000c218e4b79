""" "How many years ..." over a cell that states a length with its unit in words ("12 years") is answered by that
cell, and of a name and a length the question names equally, the length. Tables are CSV."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

INTANGIBLES = [
    ["(in thousands)", "Weighted-Average Useful Life", "Gross Carrying Amount", "Net Carrying Amount"],
    ["Customer relationships", "12 years", "$184,500", "$122,190"],
    ["Developed technology", "7 years", "96,200", "47,450"],
    ["Trade names", "Indefinite", "41,000", "41,000"],
]

LEASES = [
    ["Lease", "Location", "Remaining term", "Annual base rent"],
    ["Headquarters office", "New York, NY", "9 years", "$4.2 million"],
    ["Distribution center", "Memphis, TN", "6 years", "$2.8 million"],
    ["Retail flagship", "Chicago, IL", "12 years", "$3.1 million"],
]


def test_a_length_in_words_answers_how_many_years(tmp_path):
    answers_each(
        table_from_rows(INTANGIBLES, tmp_path, "intangibles"),
        ("Over how many years are customer relationships amortized?", "12 years"),
        ("What is the gross carrying amount of developed technology?", "96,200"),
    )


def test_how_many_takes_the_length_not_the_name_beside_it(tmp_path):
    answers_each(
        table_from_rows(LEASES, tmp_path, "leases"),
        ("How many years remain on the Chicago lease?", "12 years"),
        ("Which lease is in Memphis?", "Distribution center"),
    )
