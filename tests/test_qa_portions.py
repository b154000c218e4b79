"""Labels that say what they leave out: "Operating lease liabilities, net of current portion" is the non-current
liability, so "the current operating lease liabilities" is the row under the "Current" section and "the noncurrent
finance lease liabilities" the one a section and a label both name; "Less current portion" opening a row is that
portion. Tables are written as CSV files."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

LEASES = [
    ["", "Classification", "December 31, 2019"],
    ["Assets", "", ""],
    ["Operating lease assets", "Operating lease right-of-use assets", "$ 96,215"],
    ["Finance lease assets", "Property and equipment, net", "10,874"],
    ["Liabilities", "", ""],
    ["Current", "", ""],
    ["Operating", "Accrued expenses and other current liabilities", "$ 17,402"],
    ["Finance", "Current portion of long-term debt", "2,783"],
    ["Noncurrent", "", ""],
    ["Operating", "Operating lease liabilities, net of current portion", "86,746"],
    ["Finance", "Long-term debt, net of current portion", "8,775"],
    ["Total lease liabilities", "", "$ 115,706"],
]
DEBT = [
    ["", "2019", "2018"],
    ["Term loan", "$ 480.0", "$ 500.0"],
    ["Senior notes", "300.0", "300.0"],
    ["Total debt", "780.0", "800.0"],
    ["Less current portion", "(20.0)", "(20.0)"],
    ["Long-term debt, net of current portion", "$ 760.0", "$ 780.0"],
]


def test_the_portion_a_label_leaves_out_is_not_what_it_names(tmp_path):
    table = table_from_rows(LEASES, tmp_path, "leases")
    for question, value in [
        ("What is the amount of current operating lease liabilities?", "$ 17,402"),
        ("What is the amount of noncurrent finance lease liabilities?", "8,775"),
        ("What were the non-current operating lease liabilities?", "86,746"),
    ]:
        answer = answer_table(table, question)
        assert answer is not None and answer.value == value, question


def test_a_label_opening_with_less_current_portion_is_that_portion(tmp_path):
    table = table_from_rows(DEBT, tmp_path, "debt")
    current = answer_table(table, "What was the current portion of debt in 2019?")
    assert current is not None and current.value == "(20.0)"
    noncurrent = answer_table(table, "What was the long-term debt, net of current portion, in 2018?")
    assert noncurrent is not None and noncurrent.value == "$ 780.0"
