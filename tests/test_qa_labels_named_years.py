"""Questions asking which period, in wordings that do not open with "which year": "which is the year with the
higher X", "of the two years, which had more X"; the years a question names are the ones compared ("which year,
2019 or 2021, ..." over three years), and "was X higher in 2021 or 2020?" compares each year's amount, not a year's
amount with its share beside it. Each test builds its table as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

THREE_YEARS = [
    ["", "2021", "2020", "2019"],
    ["", "(in millions)", "", ""],
    ["Hardware", "$ 2,410", "$ 2,655", "$ 2,301"],
    ["Software", "1,880", "1,702", "1,655"],
    ["Total net sales", "4,290", "4,357", "3,956"],
]

# each year's amount beside its share of revenue, and the change stated after them
COSTS = [
    ["", "Years ended June 30,", "", "", "", "Change", ""],
    ["", "2021", "", "2020", "", "", ""],
    ["", "Amount", "% of revenue", "Amount", "% of revenue", "($)", "(%)"],
    ["Operating expenses:", "", "", "", "", "", ""],
    ["Research and development", "$ 41,200", "18%", "$ 37,950", "19%", "3,250", "9"],
    ["Sales and marketing", "77,310", "34", "69,804", "35", "7,506", "11"],
    ["General and administrative", "25,005", "11", "26,310", "13", "(1,305)", "(5)"],
    ["Total operating expenses", "$ 143,515", "63%", "$ 134,064", "67%", "9,451", "7"],
]

SHARES = [
    ["", "Fiscal Year 2021", "", "Fiscal Year 2020", ""],
    ["", "Net Sales", "% of Total", "Net Sales", "% of Total"],
    ["Americas", "$512,300", "55.0%", "$430,100", "57.8%"],
    ["Europe", "310,400", "33.3%", "250,900", "33.7%"],
    ["Asia", "108,900", "11.7%", "63,200", "8.5%"],
    ["Total", "$931,600", "", "$744,200", ""],
]


def _label(answer):
    assert answer is not None and not answer.refused, answer
    return answer.value, sorted((c["row"], c["col"]) for c in answer.citations)


def test_the_period_asked_in_other_openings(tmp_path):
    table = table_from_rows(COSTS, tmp_path, "costs")
    asked = "Which is the year with the higher total operating expenses?"
    assert _label(answer_table(table, asked)) == ("2021", [(7, 1), (7, 3)])
    assert _label(answer_table(table, "Of the two years, which had more total operating expenses?"))[0] == "2021"
    assert _label(answer_table(table, "Of the two years, which had lower general and administrative expenses?")) == (
        "2021",
        [(6, 1), (6, 3)],
    )


def test_the_named_years_of_three_are_compared(tmp_path):
    table = table_from_rows(THREE_YEARS, tmp_path, "three")
    assert _label(answer_table(table, "Which year, 2019 or 2021, had higher hardware sales?")) == (
        "2021",
        [(2, 1), (2, 3)],
    )
    # no years named, or a span run over: every year
    assert _label(answer_table(table, "Which year had the highest hardware sales?"))[0] == "2020"
    assert _label(answer_table(table, "From 2019 to 2021, which year had the highest hardware sales?"))[0] == "2020"


def test_either_year_compares_the_amounts_not_a_share(tmp_path):
    table = table_from_rows(SHARES, tmp_path, "shares")
    assert _label(answer_table(table, "Were net sales of Asia higher in 2021 or 2020?")) == ("2021", [(4, 1), (4, 3)])
    assert _label(answer_table(table, "Was Europe lower in 2021 or 2020?"))[0] == "2020"


MATURITIES = [
    ["", "", "", "Payments due by period", "", ""],
    ["Contractual obligations", "Total", "Less than 1 year", "1-3 years", "3-5 years", "More than 5 years"],
    ["Long-term debt", "$9,400", "$—", "$2,100", "$2,900", "$4,400"],
    ["Operating leases", "610", "152", "230", "141", "87"],
    ["Total", "$10,010", "$152", "$2,330", "$3,041", "$4,487"],
]


def test_which_period_over_maturity_buckets(tmp_path):
    table = table_from_rows(MATURITIES, tmp_path, "maturities")
    assert (
        _label(answer_table(table, "Which period had the highest long-term debt payments?"))[0] == "More than 5 years"
    )
    assert _label(answer_table(table, "Which period has the lowest operating lease payments?")) == (
        "More than 5 years",
        [(3, 2), (3, 3), (3, 4), (3, 5)],
    )
    assert _label(answer_table(table, "What were the operating leases due in less than 1 year?")) == ("152", [(3, 2)])
