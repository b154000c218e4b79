"""Superlatives over what a report compares: the period columns of a maturity schedule beside its "Total", the
rows of one column whose label shares a word with that column's name, and items written as negatives because
they stand against an asset (a deferred tax liability). Tables are written as CSV files."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

MATURITIES = [
    ["", "Total", "2020", "2021", "2022", "2023", "2024", "Thereafter"],
    ["Operating leases", "6,000", "1,200", "1,100", "900", "800", "700", "1,300"],
    ["Purchase obligations", "2,000", "1,500", "300", "200", "", "", ""],
]
AWARDS = [
    ["", "Number of shares", "Weighted average grant date fair value"],
    ["Unvested at January 1", "500", "$30.10"],
    ["Granted", "200", "$35.20"],
    ["Vested", "(150)", "$28.00"],
    ["Unvested at December 31", "550", "$32.50"],
]
DEFERRED_TAX = [
    ["", "2019", "2018"],
    ["Deferred tax assets:", "", ""],
    ["Net operating loss carryforwards", "4,200", "3,900"],
    ["Accrued expenses", "1,100", "1,300"],
    ["Total deferred tax assets", "5,300", "5,200"],
    ["Deferred tax liabilities:", "", ""],
    ["Depreciation", "(2,300)", "(2,000)"],
    ["Intangible assets", "(900)", "(1,100)"],
    ["Total deferred tax liabilities", "(3,200)", "(3,100)"],
]


def _cells(answer):
    return [(c["row"], c["col"]) for c in answer.citations]


def test_a_total_column_is_no_period_to_compare(tmp_path):
    table = table_from_rows(MATURITIES, tmp_path, "maturities")
    low = answer_table(table, "Which year has the lowest operating lease payment?")
    assert low is not None and low.value == "2024" and _cells(low)[0] == (1, 6)
    high = answer_table(table, "In which year are the operating lease payments the highest?")
    assert high is not None and high.value == "2020" and (1, 1) not in _cells(high)  # nor "Thereafter" (no year)
    named = answer_table(table, "What are the total operating lease payments?")
    assert named is not None and named.value == "6,000"


def test_a_label_sharing_the_compared_columns_word_is_no_condition(tmp_path):
    table = table_from_rows(AWARDS, tmp_path, "awards")
    answer = answer_table(table, "What is the highest weighted average grant date fair value?")
    assert answer is not None and "35.2" in answer.value and _cells(answer)[0] == (2, 2)
    which = answer_table(table, "Which has the highest weighted average grant date fair value?")
    assert which is not None and which.label == "Granted"


def test_liabilities_written_as_negatives_are_compared_by_size(tmp_path):
    table = table_from_rows(DEFERRED_TAX, tmp_path, "deferred")
    answer = answer_table(table, "Which deferred tax liability was larger in 2019?")
    assert answer is not None and answer.label == "Depreciation" and _cells(answer)[0] == (6, 1)
    smaller = answer_table(table, "Which deferred tax liability was smaller in 2018?")
    assert smaller is not None and smaller.label == "Intangible assets"
    assets = answer_table(table, "What is the largest component of deferred tax assets in 2019?")
    assert assets is not None and assets.label == "Net operating loss carryforwards"


SEGMENTS = [
    ["", "Segment A", "Segment B", "Corporate", "Total"],
    ["Revenue", "3,000", "2,000", "", "5,000"],
    ["Operating income (loss)", "700", "400", "(300)", "800"],
]
YEARS = [
    ["", "2019", "2018", "2017"],
    ["Revenue", "5,000", "4,600", "4,100"],
    ["Foreign exchange gain (loss)", "15", "(22)", "(8)"],
]
QUARTERS = [
    ["", "First Quarter", "Second Quarter", "Third Quarter", "Fourth Quarter"],
    ["Net revenue", "2,100", "2,350", "2,280", "2,600"],
    ["Net income", "120", "180", "(40)", "210"],
]


def test_the_kind_asked_is_no_condition_on_the_label(tmp_path):
    table = table_from_rows(SEGMENTS, tmp_path, "segments")
    answer = answer_table(table, "Which segment generated more revenue?")
    assert answer is not None and answer.label == "Segment A"


def test_longer_and_shorter_compare(tmp_path):
    rows = [
        ["", "Operating leases", "Finance leases"],
        ["Weighted average remaining lease term (years)", "6.2", "3.1"],
        ["Weighted average discount rate", "4.1%", "5.3%"],
    ]
    table = table_from_rows(rows, tmp_path, "leases")
    longer = answer_table(table, "Which lease type had the longer weighted average remaining lease term?")
    assert longer is not None and longer.label == "Operating leases"
    shorter = answer_table(table, "Which lease type had the shorter weighted average remaining lease term?")
    assert shorter is not None and shorter.label == "Finance leases"


def test_an_outcome_asked_is_the_column_of_its_sign(tmp_path):
    segments = table_from_rows(SEGMENTS, tmp_path, "segments")
    loss = answer_table(segments, "Which segment had an operating loss?")
    assert loss is not None and loss.label == "Corporate" and _cells(loss) == [(2, 3)]
    years = table_from_rows(YEARS, tmp_path, "years")
    gain = answer_table(years, "Which year had a foreign exchange gain?")
    assert gain is not None and gain.value == "2019" and _cells(gain) == [(2, 1)]
    two = answer_table(years, "Which year had a foreign exchange loss?")  # two years: no one answer to give
    assert two is None or two.value is None
    quarters = table_from_rows(QUARTERS, tmp_path, "quarters")  # "net" names two rows; the one stating income
    net_loss = answer_table(quarters, "In which quarter was there a net loss?")
    assert net_loss is not None and net_loss.label == "Third Quarter"


def test_a_table_of_growth_rates_moves_by_the_sign_of_its_cells(tmp_path):
    # the stub's header says every row is a growth rate: "did X grow" asks the periods where X's rate is positive
    growth = [
        ["Year-over-year growth", "FY2023", "FY2022", "FY2021"],
        ["Total revenue", "12.4%", "15.9%", "18.2%"],
        ["Services revenue", "(0.5)%", "1.0%", "3.0%"],
    ]
    answer = answer_table(
        table_from_rows(growth, tmp_path, "growth"), "In which fiscal year did services revenue grow?"
    )
    assert answer is not None and answer.value == "2022; 2021"  # both rose, though the rate fell each year
