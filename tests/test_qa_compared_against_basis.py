"""A figure compared against a basis ("the variance against budget", "by how much did sales beat plan", "how did
profit compare with budget"): the column stating the comparison answers, not the column of the basis, which is one
side of it; a question that names no comparison still gets the basis's own column. And a part's effect on a whole
that is itself a growth ("the currency impact on Europe's growth") asks that effect, no growth to compute. Tables
are written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

VARIANCE = [
    ["$ thousands", "Actual", "Budget", "Variance", "Variance %"],
    ["Net sales", "84,210", "81,500", "2,710", "3.3%"],
    ["Cost of goods sold", "(52,870)", "(50,900)", "(1,970)", "(3.9)%"],
    ["Operating income", "12,640", "11,800", "840", "7.1%"],
]
BETTER_WORSE = [
    ["(€m)", "Actual", "Plan", "Better/(worse) than plan", "Last year"],
    ["Sales", "2,315", "2,260", "55", "2,104"],
    ["Overheads", "(614)", "(598)", "(16)", "(577)"],
    ["EBITDA", "402", "409", "(7)", "366"],
]
BRIDGE = [
    ["", "Reported growth", "Currency impact", "Acquisitions", "Organic growth"],
    ["Americas", "7.4%", "(1.2)%", "2.0%", "6.6%"],
    ["Asia Pacific", "3.9%", "2.4%", "(0.5)%", "2.0%"],
    ["Total", "5.8%", "0.3%", "0.9%", "4.6%"],
]


def test_the_stated_comparison_answers_against_its_basis(tmp_path):
    answers_each(
        table_from_rows(VARIANCE, tmp_path, "variance"),
        ("What was the variance in operating income against budget?", "840"),
        ("By how much did net sales exceed budget?", "2,710"),
        ("How did net sales compare with budget in percentage terms?", "3.3%"),
        ("What was budgeted net sales?", "81,500"),
    )
    answers_each(
        table_from_rows(BETTER_WORSE, tmp_path, "better_worse"),
        ("How did EBITDA compare with plan?", "(7)"),
        ("By how much did sales beat plan?", "55"),
        ("What were overheads last year?", "(577)"),
    )


def test_an_effect_on_a_growth_is_looked_up(tmp_path):
    answers_each(
        table_from_rows(BRIDGE, tmp_path, "bridge"),
        ("What was the currency impact on Asia Pacific's growth?", "2.4%"),
        ("How much did acquisitions contribute to the Americas' growth?", "2.0%"),
        ("What was the organic growth in Asia Pacific?", "2.0%"),
    )
