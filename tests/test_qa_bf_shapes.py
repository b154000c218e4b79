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


QUARTERS = [
    ["", "Three Months Ended", "", "", ""],
    ["(in thousands)", "March 31", "June 30", "September 30", "December 31"],
    ["2023", "", "", "", ""],
    ["Revenue", "$ 292,410", "$ 305,876", "$ 316,902", "$ 333,424"],
    ["Gross profit", "173,015", "183,220", "191,406", "202,757"],
    ["2022", "", "", "", ""],
    ["Revenue", "$ 262,118", "$ 271,540", "$ 279,905", "$ 290,774"],
    ["Gross profit", "152,870", "159,314", "165,402", "173,875"],
]

METRICS = [
    ["", "Year Ended December 31,", "", ""],
    ["", "2023", "2022", "2021"],
    ["Paid customers (at period end)", "48,250", "41,730", "35,018"],
    ["Annual recurring revenue (in millions)", "$ 1,312.4", "$ 1,158.9", "$ 1,001.6"],
    ["International revenue as a % of total revenue", "31.4%", "29.8%", "N/A"],
]

GEOGRAPHY = [
    ["(dollars in thousands)", "2022", "2021"],
    ["United States", "$ 775,245", "$ 684,201"],
    ["Europe, Middle East and Africa", "212,640", "176,890"],
    ["Asia Pacific", "84,118", "68,412"],
    ["Other Americas", "32,334", "26,917"],
    ["Total", "$ 1,104,337", "$ 956,420"],
]

DERIVATIVES = [
    ["(in thousands)", "Balance Sheet Location", "December 31, 2023", "December 31, 2022"],
    ["Derivative assets:", "", "", ""],
    ["Foreign exchange forward contracts", "Prepaid expenses and other current assets", "$ 2,114", "$ 2,870"],
    ["Interest rate swaps", "Other assets", "1,172", "—"],
    ["Total derivative assets", "", "$ 3,286", "$ 2,870"],
    ["Derivative liabilities:", "", "", ""],
    ["Foreign exchange forward contracts", "Accrued liabilities", "$ 418", "$ 1,056"],
    ["Interest rate swaps", "Other long-term liabilities", "—", "1,347"],
    ["Total derivative liabilities", "", "$ 418", "$ 2,403"],
]

RESTRUCTURING = [
    ["", "Year Ended June 30,", "", ""],
    ["(in thousands)", "2022", "2021", "$ Change"],
    ["By segment:", "", "", ""],
    ["Industrial Solutions", "$ 7,845", "$ 4,210", "$ 3,635"],
    ["Healthcare Technologies", "3,260", "5,480", "(2,220)"],
    ["Consumer Products", "2,915", "1,675", "1,240"],
    ["Total restructuring charges", "$ 14,020", "$ 11,365", "$ 2,655"],
    ["By type:", "", "", ""],
    ["Employee severance and benefits", "$ 9,370", "$ 8,105", "$ 1,265"],
    ["Lease and facility exit costs", "4,650", "3,260", "1,390"],
    ["Total restructuring charges", "$ 14,020", "$ 11,365", "$ 2,655"],
]

LIABILITIES = [
    ["(in thousands)", "Level 1", "Level 2", "Level 3", "Total"],
    ["December 31, 2023", "", "", "", ""],
    ["Liabilities:", "", "", "", ""],
    ["Derivative liabilities", "—", "$ 1,274", "—", "$ 1,274"],
    ["Contingent consideration", "—", "—", "18,600", "18,600"],
    ["Warrant liability", "—", "—", "7,325", "7,325"],
    ["Total liabilities measured at fair value", "—", "$ 1,274", "$ 25,925", "$ 27,199"],
    ["December 31, 2022", "", "", "", ""],
    ["Liabilities:", "", "", "", ""],
    ["Derivative liabilities", "—", "$ 2,861", "—", "$ 2,861"],
    ["Contingent consideration", "—", "—", "24,300", "24,300"],
    ["Warrant liability", "—", "—", "9,840", "9,840"],
    ["Total liabilities measured at fair value", "—", "$ 2,861", "$ 34,140", "$ 37,001"],
]

REGIONS = [
    ["", "2022", "2021", "% Change"],
    ["United States", "$ 5,842", "$ 5,310", "10.0%"],
    ["International:", "", "", ""],
    ["Canada", "612", "574", "6.6%"],
    ["Europe", "1,976", "1,843", "7.2%"],
    ["Asia Pacific", "795", "668", "19.0%"],
    ["Total international", "3,383", "3,085", "9.7%"],
    ["Total net revenue", "$ 9,225", "$ 8,395", "9.9%"],
]

SEGMENT_TOTALS = [
    ["(In millions)", "2022", "2021"],
    ["Consumer Products", "", ""],
    ["United States", "$2,880", "$2,611"],
    ["International", "1,544", "1,397"],
    ["Total Consumer Products", "4,424", "4,008"],
    ["Services", "", ""],
    ["United States", "640", "588"],
    ["International", "218", "194"],
    ["Total Services", "858", "782"],
    ["Total net revenue", "$5,282", "$4,790"],
]


def test_a_quarter_asked_over_quarter_end_days_under_year_sections_is_that_days_column(tmp_path):
    answers_each(
        table_from_rows(QUARTERS, tmp_path, "quarters"),
        ("What was gross profit in the fourth quarter of 2022?", "173,875"),
        ("What was revenue in Q2 2023?", "$ 305,876"),
    )


def test_a_share_a_row_states_is_looked_up_not_computed(tmp_path):
    answers_each(
        table_from_rows(METRICS, tmp_path, "metrics"),
        ("What share of total revenue came from international customers in 2022?", "29.8%"),
    )


def test_other_before_an_areas_name_is_a_region_ranked(tmp_path):
    from tablerag.qa.answer import answer_table

    found = answer_table(
        table_from_rows(GEOGRAPHY, tmp_path, "geo"),
        "Which region outside the United States generated the least revenue in 2021?",
    )
    assert found is not None and found.label == "Other Americas"


def test_where_asks_the_location_column(tmp_path):
    answers_each(
        table_from_rows(DERIVATIVES, tmp_path, "derivatives"),
        ("Where on the balance sheet are interest rate swap derivative assets recorded?", "Other assets"),
        (
            "In which balance sheet line are interest rate swaps in a liability position reported?",
            "Other long-term liabilities",
        ),
        (
            "What was the fair value of interest rate swaps recorded as derivative liabilities at December 31, 2022?",
            "1,347",
        ),
    )


GAINS = [
    ["", "Location of Gain (Loss) Recognized in Income", "Year Ended December 31,", "", ""],
    ["(in thousands)", "", "2023", "2022", "2021"],
    ["Foreign exchange forward contracts", "Revenue", "$ 3,412", "$ 8,207", "$ (1,526)"],
    ["Interest rate swaps", "Interest expense", "2,519", "(1,347)", "—"],
    ["Commodity swap contracts", "Cost of revenue", "(962)", "1,486", "738"],
    ["Total gain (loss) recognized in income", "", "$ 4,969", "$ 8,346", "$ (788)"],
]


def test_a_location_column_answers_where_only(tmp_path):
    answers_each(
        table_from_rows(GAINS, tmp_path, "gains"),
        ("What was the gain (loss) on commodity swap contracts recognized in 2022?", "1,486"),
        ("Where is the gain (loss) on commodity swap contracts recognized?", "Cost of revenue"),
    )


def test_the_section_a_kind_heads_is_ranked_not_the_totals_repeated_per_section(tmp_path):
    from tablerag.qa.answer import answer_table

    found = answer_table(
        table_from_rows(RESTRUCTURING, tmp_path, "restructuring"),
        "Which segment recorded the highest restructuring charges in fiscal 2022?",
    )
    assert found is not None and found.label == "Industrial Solutions"


def test_a_part_sharing_a_word_with_its_total_is_named_by_its_own_word(tmp_path):
    answers_each(
        table_from_rows(LIABILITIES, tmp_path, "liabilities"),
        ("What was the Level 3 fair value of the warrant liability as of December 31, 2022?", "9,840"),
        ("What were total liabilities measured at fair value in Level 3 at December 31, 2022?", "$ 34,140"),
    )


def test_a_ranking_of_a_whole_takes_a_sections_items_beside_a_lone_line_and_sections_alone_by_their_totals(tmp_path):
    from tablerag.qa.answer import answer_table

    found = answer_table(
        table_from_rows(REGIONS, tmp_path, "regions"),
        "Which region had the largest percentage increase in revenue in 2022?",
    )
    assert found is not None and found.label == "Asia Pacific"
    found = answer_table(
        table_from_rows(SEGMENT_TOTALS, tmp_path, "segments"), "Which segment had the highest total revenue in 2021?"
    )
    assert found is None or found.label in ("Consumer Products", "Total Consumer Products")


COUNTRIES = [
    ["", "December 31,", ""],
    ["(in thousands)", "2023", "2022"],
    ["United States", "$ 842,615", "$ 798,304"],
    ["Germany", "118,452", "121,907"],
    ["United Kingdom", "64,310", "59,882"],
    ["China", "97,224", "88,615"],
    ["Other countries", "38,517", "36,990"],
    ["Total long-lived assets", "$ 1,161,118", "$ 1,105,698"],
]

FISCAL_QUARTERS = [
    ["Quarter Ended", "Net Revenue", "Net Income"],
    ["(in millions)", "", ""],
    ["Fiscal 2024", "", ""],
    ["September 30, 2023", "$ 842.6", "$ 92.3"],
    ["December 31, 2023", "915.2", "113.5"],
    ["March 31, 2024", "878.9", "101.8"],
    ["June 30, 2024", "951.7", "124.6"],
    ["Fiscal 2023", "", ""],
    ["September 30, 2022", "$ 768.4", "$ 71.4"],
    ["December 31, 2022", "830.9", "86.0"],
    ["March 31, 2023", "801.5", "77.9"],
    ["June 30, 2023", "872.3", "99.7"],
]


def test_a_qualifier_set_before_the_question_word_still_qualifies_it(tmp_path):
    from tablerag.qa.answer import answer_table

    table = table_from_rows(COUNTRIES, tmp_path, "countries")
    found = answer_table(
        table, "Outside the United States, which country held the largest long-lived assets at December 31, 2023?"
    )
    assert found is not None and found.label == "Germany"


def test_the_quarters_of_a_fiscal_year_are_the_dates_under_its_heading(tmp_path):
    from tablerag.qa.answer import answer_table

    table = table_from_rows(FISCAL_QUARTERS, tmp_path, "fiscal")
    found = answer_table(table, "Which quarter of fiscal 2023 had the lowest net revenue?")
    assert found is not None and found.label == "September 30, 2022"
    found = answer_table(table, "Which quarter of fiscal 2024 had the highest net income?")
    assert found is not None and found.label == "June 30, 2024"


TAX_EXPENSE = [
    ["", "2019", "2018", "2017"],
    ["", "€m", "€m", "€m"],
    ["United Kingdom corporation tax expense/(credit):", "", "", ""],
    ["Current year", "21", "70", "27"],
    ["Adjustments in respect of prior years", "(9)", "(5)", "(3)"],
    ["", "12", "65", "24"],
    ["Overseas current tax expense/(credit):", "", "", ""],
    ["Current year", "1,098", "1,055", "961"],
    ["Adjustments in respect of prior years", "(48)", "(102)", "(35)"],
    ["", "1,050", "953", "926"],
    ["Total current tax expense", "1,062", "1,018", "950"],
]


def test_a_period_word_of_the_question_names_no_part_of_a_total(tmp_path):
    answers_each(
        table_from_rows(TAX_EXPENSE, tmp_path, "tax"),
        ("What was the total current tax expense in fiscal year 2017?", "950"),
        ("What was the overseas current tax expense for the current year in 2018?", "1,055"),
    )


HEDGES = [
    ["(in thousands)", "December 31, 2023", "December 31, 2022"],
    ["Derivative liabilities:", "", ""],
    ["Designated as hedging instruments:", "", ""],
    ["Foreign exchange forward contracts", "$ 418", "$ 1,056"],
    ["Not designated as hedging instruments:", "", ""],
    ["Foreign exchange forward contracts", "856", "458"],
    ["Total derivative liabilities", "$ 1,274", "$ 1,514"],
]


def test_un_before_a_participle_is_not(tmp_path):
    answers_each(
        table_from_rows(HEDGES, tmp_path, "hedges"),
        ("What was the fair value of undesignated foreign exchange forward contracts at December 31, 2022?", "458"),
        ("What was the fair value of designated foreign exchange forward contracts at December 31, 2022?", "$ 1,056"),
    )
