"""Report-note shapes a fourth round of new users' questions met: a total of a lone line and a section's subtotal
("United States" + "Foreign: ... Total foreign" = "Income before income taxes") whose parts are asked by name; a
note named by a year under a dated column ("the 2025 Notes at December 31, 2022"); "the years after 2026" as the
schedule's "Thereafter"; what a plan "pays out" as "Benefits paid"; a rate compared across "Amount | %" years; two
columns offered as the alternatives of a comparison. Tables are CSV; the borderless header rules are in
test_borderless_header_levels.py."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows
from tablerag.parsing.totals import summed_parts

PRETAX = [
    ["", "Year Ended December 31,", "", "", ""],
    ["(in thousands)", "2021", "2020", "$ Change", "% Change"],
    ["United States", "$ 412,587", "$ 356,204", "$ 56,383", "15.8%"],
    ["Foreign:", "", "", "", ""],
    ["Ireland", "96,410", "71,825", "24,585", "34.2%"],
    ["United Kingdom", "38,206", "33,017", "5,189", "15.7%"],
    ["Other foreign", "52,726", "38,076", "14,650", "38.5%"],
    ["Total foreign", "187,342", "142,918", "44,424", "31.1%"],
    ["Income before income taxes", "$ 599,929", "$ 499,122", "$ 100,807", "20.2%"],
]

NOTES = [
    ["", "December 31, 2022", "", "December 31, 2021", ""],
    ["(in thousands)", "2025 Notes", "2027 Notes", "2025 Notes", "2027 Notes"],
    ["Principal", "$ 412,350", "$ 690,000", "$ 575,000", "$ 690,000"],
    ["Unamortized debt issuance costs", "(3,918)", "(11,642)", "(7,205)", "(14,378)"],
    ["Net carrying amount", "$ 408,432", "$ 678,358", "$ 567,795", "$ 675,622"],
]

VARIATION = [
    ["", "2021", "2020", "Variation"],
    ["Operating income", "$1,122", "$1,015", "10.5%"],
    ["Net income", "$802", "$770", "4.2%"],
]

AMORTIZATION = [
    ["Year Ending December 31,", "(in thousands)"],
    ["2022", "$ 27,845"],
    ["2023", "25,910"],
    ["2026", "19,820"],
    ["Thereafter", "79,950"],
    ["Total", "$ 153,525"],
]

OBLIGATION = [
    ["", "U.S. Plans", "", "Non-U.S. Plans", ""],
    ["(in millions)", "2023", "2022", "2023", "2022"],
    ["Benefit obligation at beginning of year", "$ 1,842", "$ 2,415", "$ 736", "$ 1,012"],
    ["Service cost", "28", "41", "15", "22"],
    ["Plan participants' contributions", "—", "—", "4", "4"],
    ["Benefits paid", "(121)", "(150)", "(29)", "(31)"],
    ["Benefit obligation at end of year", "$ 1,749", "$ 2,306", "$ 726", "$ 1,007"],
]

RATE = [
    ["", "2021", "", "2020", "", "2019", ""],
    ["(Dollars in thousands)", "Amount", "%", "Amount", "%", "Amount", "%"],
    [
        "Income tax expense at U.S. federal statutory rate",
        "$ 125,985",
        "21.0%",
        "$ 104,816",
        "21.0%",
        "$ 88,230",
        "21.0%",
    ],
    ["State income taxes, net of federal benefit", "17,998", "3.0%", "14,474", "2.9%", "13,024", "3.1%"],
    ["Foreign rate differential", "(43,194)", "(7.2)%", "(34,938)", "(7.0)%", "(20,167)", "(4.8)%"],
    ["Provision for income taxes", "$ 100,789", "16.8%", "$ 84,352", "16.9%", "$ 81,087", "19.3%"],
]

DEFERRED = [
    ["(in thousands)", "Current", "Non-current", "Total"],
    ["Balance at beginning of period", "$ 81,260", "$ 21,730", "$ 102,990"],
    ["Deferral of revenue", "312,480", "9,145", "321,625"],
    ["Reclassification from non-current to current", "12,420", "(12,420)", "—"],
    ["Revenue recognized", "(311,290)", "—", "(311,290)"],
    ["Balance at end of period", "$ 94,870", "$ 18,455", "$ 113,325"],
]


def test_a_total_of_a_lone_line_and_a_section_subtotal_sums_them_and_its_parts_are_asked_by_name(tmp_path):
    table = table_from_rows(PRETAX, tmp_path, "pretax")
    whole = next(r for r in range(table.n_rows) if table.row_chain(r)[-1:] == ["Income before income taxes"])
    assert [table.row_chain(r)[-1] for r in summed_parts(table, whole)] == ["United States", "Total foreign"]
    answers_each(
        table,
        ("How much pre-tax income did the company generate in Ireland in 2020?", "71,825"),
        ("What was the percentage change in total foreign income before income taxes from 2020 to 2021?", "31.1%"),
        ("What was the dollar change in United States income before income taxes between 2020 and 2021?", "$ 56,383"),
        ("What was the income before income taxes in 2021?", "$ 599,929"),
    )


def test_a_name_holding_a_year_under_a_dated_column_is_one_column_not_two_periods(tmp_path):
    answers_each(
        table_from_rows(NOTES, tmp_path, "notes"),
        ("What was the principal amount of the 2025 Notes at December 31, 2022?", "$ 412,350"),
        ("What unamortized debt issuance costs remained on the 2027 Notes as of December 31, 2021?", "(14,378)"),
    )
    # two years said over plain year columns are still listed one cell each
    answers_each(
        table_from_rows(VARIATION, tmp_path, "variation"),
        ("What was the operating income in 2020 and 2021 respectively?", "$1,015; $1,122"),
    )


def test_the_years_after_the_last_one_are_the_schedules_thereafter_row(tmp_path):
    answers_each(
        table_from_rows(AMORTIZATION, tmp_path, "amortization"),
        ("What amortization expense is estimated for the years after 2026?", "79,950"),
        ("What amortization expense is estimated for the year after 2022?", "25,910"),
    )


def test_what_a_plan_pays_out_is_its_benefits_paid(tmp_path):
    answers_each(
        table_from_rows(OBLIGATION, tmp_path, "obligation"),
        ("How much in benefits did the U.S. plans pay out in 2022?", "(150)"),
    )


def test_a_rate_compared_across_years_compares_their_share_columns(tmp_path):
    table = table_from_rows(RATE, tmp_path, "rate")
    from tablerag.qa.answer import answer_table

    found = answer_table(table, "Which year had the highest effective tax rate?")
    assert found is not None and found.label == "2019"
    found = answer_table(table, "Which year had the largest provision for income taxes?")
    assert found is not None and found.label == "2021"


def test_two_columns_offered_as_alternatives_are_the_ones_compared(tmp_path):
    from tablerag.qa.answer import answer_table

    table = table_from_rows(DEFERRED, tmp_path, "deferred")
    found = answer_table(
        table, "Which had the higher balance at the end of the period, current or non-current deferred revenue?"
    )
    assert found is not None and found.label == "Current"
    found = answer_table(
        table, "Which had the lower balance at the end of the period, current or non-current deferred revenue?"
    )
    assert found is not None and found.label == "Non-current"
