"""An item's effect on a rate, over a rate reconciliation with an amount and a percentage per year: "the impact of
state taxes on the effective tax rate in 2019" is the State taxes row's percentage (the effective rate is what the
item is said of, not the row asked), "the effect of non-deductible expenses on the tax rate" the same over "£m |
%" columns; the amount stays the answer when no rate is asked. Over a "Favorable (Unfavorable)" column the largest
unfavourable variance is the most negative one. Tables are written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

RECONCILIATION = [
    ["", "Year Ended December 31,", "", "", ""],
    ["", "2019", "", "2018", ""],
    ["(in thousands)", "Amount", "Percent", "Amount", "Percent"],
    ["Tax at federal statutory rate", "$42,315", "21.0%", "$36,708", "21.0%"],
    ["State taxes, net of federal benefit", "6,448", "3.2", "5,419", "3.1"],
    ["Research and development credits", "(5,239)", "(2.6)", "(4,545)", "(2.6)"],
    ["Stock-based compensation", "(2,418)", "(1.2)", "874", "0.5"],
    ["Other, net", "403", "0.2", "350", "0.2"],
    ["Provision for income taxes", "$39,292", "19.5%", "$34,610", "19.8%"],
]
UK = [
    ["", "2019", "2019", "2018", "2018"],
    ["", "£m", "%", "£m", "%"],
    ["Profit before tax", "1,240", "", "1,105", ""],
    ["Tax at UK corporation tax rate of 19%", "235.6", "19.0", "210.0", "19.0"],
    ["Non-deductible expenses", "12.4", "1.0", "14.4", "1.3"],
    ["Total tax charge", "255.4", "20.6", "249.8", "22.6"],
]


def test_an_items_effect_on_the_rate_is_its_percentage(tmp_path):
    answers_each(
        table_from_rows(RECONCILIATION, tmp_path, "reconciliation"),
        ("What was the impact of state taxes on the effective tax rate in 2019?", "3.2"),
        ("What was the stock-based compensation impact on the rate in 2018?", "0.5"),
        ("What were state taxes, net of federal benefit, in 2019?", "6,448"),
    )


def test_the_effect_on_the_tax_rate_over_pound_and_percent_columns(tmp_path):
    answers_each(
        table_from_rows(UK, tmp_path, "uk"),
        ("What was the effect of non-deductible expenses on the tax rate in 2019?", "1.0"),
        ("How much were non-deductible expenses in 2018?", "14.4"),
    )


VARIANCE = [
    ["", "Years Ended September 30,", "", "Favorable (Unfavorable)"],
    ["(in millions)", "2022", "Budget", "$"],
    ["Revenues", "$7,842", "$7,115", "727"],
    ["Salaries, wages and benefits", "2,410", "2,288", "(122)"],
    ["Fuel", "1,655", "1,402", "(253)"],
    ["Maintenance", "612", "655", "43"],
]


def test_the_largest_unfavourable_variance_is_the_most_negative(tmp_path):
    answers_each(
        table_from_rows(VARIANCE, tmp_path, "variance"),
        ("Which cost line had the largest unfavorable variance?", "Fuel"),
        ("Which line had the largest favorable variance?", "Revenues"),
    )
