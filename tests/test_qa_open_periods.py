"""A maturity schedule's rows are periods though some are no single year ("Thereafter", "2021-2022"): "in which
period" ranks them all, "in which year" only the years. The table is written as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table
from tablerag.qa.periods import open_period

LEASES = [
    ["(in millions)", "Operating Leases", "Finance Leases"],
    ["2022", "$212", "$31"],
    ["2023", "190", "27"],
    ["2024", "161", "22"],
    ["2025", "133", "18"],
    ["Thereafter", "402", "15"],
    ["Total lease payments", "1,098", "113"],
    ["Less: imputed interest", "(171)", "(9)"],
    ["Total lease liabilities", "$927", "$104"],
]


def test_open_ended_and_spanning_labels_are_periods():
    assert open_period("Thereafter") and open_period("After 2024") and open_period("2021-2022")
    assert not open_period("2021") and not open_period("Total lease payments")


def test_which_period_ranks_thereafter_with_the_years(tmp_path):
    table = table_from_rows(LEASES, tmp_path, "leases")
    answer = answer_table(table, "In which period are the largest operating lease payments due?")
    assert answer is not None and answer.value == "Thereafter"
    assert [(c["row"], c["col"]) for c in answer.citations] == [(5, 1), (1, 1), (2, 1), (3, 1), (4, 1)]


def test_which_year_ranks_the_years_alone(tmp_path):
    table = table_from_rows(LEASES, tmp_path, "leases")
    answer = answer_table(table, "In which year are the largest operating lease payments due?")
    assert answer is not None and answer.value == "2022"
