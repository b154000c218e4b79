"""Change columns set between the years they compare ("Fiscal 2020 | % Change | Fiscal 2019 | % Change | Fiscal
2018"): each states the change into the year right before it, and "by what percentage did X grow" asks that
change, never the share line under X ("As a percentage of revenue"), whose "percentage" is another word. Tables
are CSV files the tests write."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

OPEX = [
    ["(dollars in millions)", "Fiscal 2020", "% Change", "Fiscal 2019", "% Change", "Fiscal 2018"],
    ["Research and development", "$ 1,842.6", "14.2%", "$ 1,613.5", "15.4%", "$ 1,398.2"],
    ["As a percentage of revenue", "21.2%", "", "20.8%", "", "22.0%"],
    ["Sales and marketing", "$ 2,745.1", "9.2%", "$ 2,512.8", "20.0%", "$ 2,094.7"],
    ["As a percentage of revenue", "31.7%", "", "32.4%", "", "32.9%"],
    ["Total operating expenses", "$ 5,304.0", "10.2%", "$ 4,811.2", "18.4%", "$ 4,063.9"],
]


def test_a_change_column_between_years_is_the_change_into_the_year_before_it(tmp_path):
    answers_each(
        table_from_rows(OPEX, tmp_path, "opex"),
        ("By what percentage did sales and marketing expense grow in fiscal 2019 over fiscal 2018?", "20.0%"),
        ("By what percentage did sales and marketing expense grow in fiscal 2020 over fiscal 2019?", "9.2%"),
        ("What was the percentage change in research and development from fiscal 2018 to fiscal 2019?", "15.4%"),
        ("What was sales and marketing as a percentage of revenue in fiscal 2019?", "32.4%"),
    )
