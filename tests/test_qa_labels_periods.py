"""A comparison whose answer is a period names it as the table does when the year alone does not tell the
candidates apart: quarters of one year ("Q1 2019 ... Q4 2019", "Fiscal 2019 / First / Quarter") are answered by
the quarter, columns of different years by their year. Each test builds its table as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

QUARTERS = [
    ["", "Q1 2019", "Q2 2019", "Q3 2019", "Q4 2019"],
    ["Revenue", "100", "110", "95", "130"],
    ["Operating loss", "(12)", "(8)", "(15)", "(3)"],
]

WORDED_QUARTERS = [
    ["", "Fiscal 2019", "", "", ""],
    ["", "First", "Second", "Third", "Fourth"],
    ["", "Quarter", "Quarter", "Quarter", "Quarter"],
    ["Revenues", "94,888", "96,037", "88,495", "84,380"],
    ["Gross profit", "38,091", "39,821", "36,381", "33,471"],
]


def _label(answer):
    assert answer is not None and not answer.refused, answer
    return answer.value


def test_quarters_of_one_year_are_named_by_their_quarter(tmp_path):
    table = table_from_rows(QUARTERS, tmp_path, "q")
    assert _label(answer_table(table, "Which quarter had the lowest revenue in 2019?")) == "Q3 2019"
    assert _label(answer_table(table, "In which quarter was the operating loss the largest?")) == "Q3 2019"


def test_worded_quarters_under_one_fiscal_year(tmp_path):
    table = table_from_rows(WORDED_QUARTERS, tmp_path, "worded")
    assert _label(answer_table(table, "Which quarter had the lowest revenues?")) == "Fourth Quarter"
    assert _label(answer_table(table, "Which quarter had the highest gross profit in fiscal 2019?")) == "Second Quarter"


def test_columns_of_different_years_are_named_by_the_year(tmp_path):
    rows = [["", "December 31, 2019", "December 31, 2018"], ["Cash", "2,400", "3,100"]]
    table = table_from_rows(rows, tmp_path, "dates")
    assert _label(answer_table(table, "In which year was cash higher?")) == "2018"


SEGMENTS_BY_YEAR = [
    ["", "2019", "", "2018", ""],
    ["", "Products", "Services", "Products", "Services"],
    ["Revenue", "800", "300", "700", "350"],
    ["Gross margin", "320", "150", "290", "160"],
]


def test_a_named_kind_keeps_to_its_own_period_columns(tmp_path):
    table = table_from_rows(SEGMENTS_BY_YEAR, tmp_path, "kinds")
    assert _label(answer_table(table, "In which year was services revenue higher?")) == "2018"
    assert _label(answer_table(table, "In which year was the gross margin of products higher?")) == "2019"
    assert _label(answer_table(table, "Which had higher revenue in 2019, products or services?")) == "Products"


THREE_YEARS = [
    ["(in thousands)", "2019", "2018", "2017"],
    ["Revenue", "14,500", "16,200", "12,800"],
    ["Net income", "1,200", "1,900", "800"],
]


def test_a_superlative_over_a_span_of_years_compares_the_years_within(tmp_path):
    table = table_from_rows(THREE_YEARS, tmp_path, "span")
    answer = answer_table(table, "What was the highest net income from 2017 to 2019?")
    assert answer is not None and answer.value == "1900" and answer.label == "2018"
    assert len(answer.citations) == 3  # every year of the span compared, not the two end years looked up


LEASES = [
    ["", "Operating leases", "Finance leases"],
    ["2020", "120", "30"],
    ["2021", "110", "25"],
    ["2022", "95", "20"],
    ["Thereafter", "300", "10"],
    ["Total", "625", "85"],
]


def test_which_year_ranks_the_rows_that_are_years(tmp_path):
    table = table_from_rows(LEASES, tmp_path, "leases")
    assert _label(answer_table(table, "In which year are operating lease payments the highest?")) == "2020"
    assert _label(answer_table(table, "In which year are finance lease payments the lowest?")) == "2022"


def test_a_quarter_as_a_percentage_of_the_years_total_keeps_the_quarter_column(tmp_path):
    rows = [
        ["", "Fiscal 2018", "", "", "", ""],
        ["", "First", "Second", "Third", "Fourth", ""],
        ["", "Quarter", "Quarter", "Quarter", "Quarter", "Total"],
        ["Revenues", "$88,081", "$89,767", "$93,669", "$94,395", "$365,912"],
        ["Gross profit", "37,443", "36,838", "38,187", "38,422", "150,890"],
    ]
    table = table_from_rows(rows, tmp_path, "share_of_year")
    answer = answer_table(
        table, "How much is the Revenue in the first quarter of Fiscal 2018 as a percentage of the total revenue?"
    )
    assert answer is not None and answer.value is not None
    assert abs(float(answer.value) - 100 * 88081 / 365912) < 1e-6
    assert {(c["row"], c["col"]) for c in answer.citations if c.get("col") is not None} == {(3, 1), (3, 5)}


def test_when_asks_for_the_period_not_the_amount(tmp_path):
    """ "When was X the highest?" names the period, as "in which year" does: over period columns, over rows that
    are years, and between two periods it names."""
    columns = [
        ["", "2019", "2018", "2017"],
        ["Revenue", "1,000", "900", "950"],
        ["Net income", "100", "120", "90"],
    ]
    table = table_from_rows(columns, tmp_path, "columns")
    assert _label(answer_table(table, "When was the net income the highest?")) == "2018"
    assert _label(answer_table(table, "When was revenue the lowest?")) == "2018"
    assert _label(answer_table(table, "When was net income higher, 2019 or 2017?")) == "2019"
    rows = [["Year", "Revenue", "Net income"], ["2017", "950", "90"], ["2018", "900", "120"], ["2019", "1,000", "100"]]
    table = table_from_rows(rows, tmp_path, "rows")
    assert _label(answer_table(table, "When was the net income the highest?")) == "2018"


PRICES_BY_YEAR_SECTION = [
    ["", "High", "Low"],
    ["2021:", "", ""],
    ["First Quarter", "$31.20", "$24.05"],
    ["Second Quarter", "$35.80", "$29.10"],
    ["Third Quarter", "$28.40", "$22.75"],
    ["2020:", "", ""],
    ["First Quarter", "$19.90", "$12.30"],
    ["Second Quarter", "$24.60", "$18.15"],
    ["Third Quarter", "$40.10", "$30.20"],
]


def test_quarter_rows_are_ranked_inside_the_year_section_the_question_names(tmp_path):
    # the year is a section row with no values of its own: it pins no cell, and its quarters are the ones compared
    table = table_from_rows(PRICES_BY_YEAR_SECTION, tmp_path, "prices")
    assert _label(answer_table(table, "Which quarter in 2021 had the highest high price?")) == "Second Quarter"
    assert _label(answer_table(table, "In 2020, which quarter had the lowest low price?")) == "First Quarter"
    assert _label(answer_table(table, "What was the quarter with the highest high price in 2020?")) == "Third Quarter"


NET_SALES_BY_FISCAL_YEAR = [
    ["", "Fiscal Year 2021", "", "Fiscal Year 2020", ""],
    ["", "Net Sales", "% of Total", "Net Sales", "% of Total"],
    ["North", "$610,200", "52.0%", "$402,110", "47.5%"],
    ["South", "563,040", "48.0%", "444,500", "52.5%"],
    ["Total", "$1,173,240", "", "$846,610", ""],
]


def test_a_qualified_period_noun_still_asks_for_the_period(tmp_path):
    table = table_from_rows(NET_SALES_BY_FISCAL_YEAR, tmp_path, "fiscal")
    assert _label(answer_table(table, "Which fiscal year had higher North net sales?")) == "2021"
    assert _label(answer_table(table, "In which financial year were the South net sales lower?")) == "2020"
    assert _label(answer_table(table, "Which of the two years had the larger South net sales?")) == "2021"
    assert _label(answer_table(table, "What is the region with the largest net sales in 2020?")) == "South"


LEASES_BY_YEAR_ROW = [
    ["", "Operating Leases", "Finance Leases"],
    ["2022", "$212", "$9"],
    ["2023", "198", "11"],
    ["2024", "240", "8"],
    ["2025", "151", "12"],
    ["Thereafter", "610", "40"],
    ["Total future minimum lease payments", "1,411", "80"],
]


def test_which_year_over_year_rows_ranks_the_years_not_the_columns(tmp_path):
    # the total row compared across its columns would answer "Operating Leases", which names no year
    table = table_from_rows(LEASES_BY_YEAR_ROW, tmp_path, "leases")
    assert _label(answer_table(table, "Which year has the highest operating leases?")) == "2024"
    assert _label(answer_table(table, "In which year are finance leases the lowest?")) == "2024"


EXPIRIES_BY_SPAN = [
    ["Fiscal Year", "Ground Leases", "Building Leases"],
    ["2021 - 2025", "311", "502"],
    ["2026 - 2030", "164", "288"],
    ["2031 - 2035", "52", "97"],
]


def test_a_span_of_years_answers_which_period(tmp_path):
    table = table_from_rows(EXPIRIES_BY_SPAN, tmp_path, "spans")
    assert _label(answer_table(table, "Which period has the most ground leases?")) == "2021 - 2025"
    assert _label(answer_table(table, "In which period do the fewest building leases expire?")) == "2031 - 2035"


OBLIGATIONS = [
    ["Contractual Obligations", "Total", "Less than 1 Year", "1-3 Years", "3-5 Years", "After 5 Years"],
    ["Long-term debt", "$8,200.0", "$—", "$2,100.0", "$1,900.0", "$4,200.0"],
    ["Operating lease obligations", "402.5", "61.0", "120.4", "88.1", "133.0"],
    ["Purchase obligations", "1,210.0", "990.5", "180.0", "30.5", "9.0"],
    ["Total", "$9,812.5", "$1,051.5", "$2,400.4", "$2,018.6", "$4,342.0"],
]


def test_a_row_labelled_total_alone_is_the_stated_total_of_the_column_named(tmp_path):
    # "total" names the "Total" row here; summing the row across "1-3 Years" and "3-5 Years" was asked by no one
    table = table_from_rows(OBLIGATIONS, tmp_path, "obligations")
    answer = answer_table(table, "What are the total contractual obligations due in 1-3 years?")
    assert answer is not None and answer.value == "$2,400.4", answer
    assert [(c["row"], c["col"]) for c in answer.citations] == [(4, 3)]


LIFE_EXPECTANCY = [
    ["", "2021", "", "2020", ""],
    ["", "Men", "Women", "Men", "Women"],
    ["", "Years", "Years", "Years", "Years"],
    ["Member aged 65 (current life expectancy)", "86.1", "88.4", "86.5", "88.9"],
    ["Member aged 45 (life expectancy at age 65)", "87.9", "90.2", "88.3", "90.6"],
]


def test_kind_columns_are_named_by_the_level_that_tells_them_apart(tmp_path):
    # the unit level "Years" under every column names none of them
    table = table_from_rows(LIFE_EXPECTANCY, tmp_path, "life")
    question = "Which gender had a higher life expectancy at age 65 for members aged 45 in 2021?"
    assert _label(answer_table(table, question)) == "Women"


SERVICE_REVENUES = [
    ["(In thousands)", "2021", "2020"],
    ["Service Revenues:", "", ""],
    ["Americas", "$98,400", "$91,150"],
    ["EMEA", "87,020", "90,310"],
    ["Asia Pacific", "21,700", "19,980"],
    ["Total Service Revenues", "207,120", "201,440"],
    ["Cost of Service Revenues", "160,300", "158,900"],
    ["Service Gross Profit", "$46,820", "$42,540"],
    ["% Service Revenues by Geography:", "", ""],
    ["Americas", "47.5%", "45.2%"],
    ["EMEA", "42.0%", "44.8%"],
    ["Asia Pacific", "10.5%", "9.9%"],
]


def test_a_ranking_no_row_links_keeps_to_the_section_the_question_names(tmp_path):
    # "revenue" is said by nearly every line, so it links no row; the regions of the amounts' section are ranked,
    # not "Cost of Service Revenues", which follows the section's total
    table = table_from_rows(SERVICE_REVENUES, tmp_path, "services")
    assert _label(answer_table(table, "Which region had the highest revenue in 2020?")) == "Americas"
    assert _label(answer_table(table, "Which region had the lowest revenue in 2021?")) == "Asia Pacific"


REVENUE_BY_COUNTRY = [
    ["", "2021", "2020"],
    ["UK", "91.0", "80.4"],
    ["USA", "240.5", "215.0"],
    ["Germany", "150.2", "139.9"],
    ["Other countries", "275.3", "250.8"],
    ["Total revenue from external customers", "757.0", "686.1"],
]


def test_a_residual_bucket_is_no_answer_to_which_country(tmp_path):
    table = table_from_rows(REVENUE_BY_COUNTRY, tmp_path, "countries")
    assert _label(answer_table(table, "Which country had the highest revenue in 2021?")) == "USA"
    assert _label(answer_table(table, "Which country had the lowest revenue in 2020?")) == "UK"


DERIVATIVES = [
    ["", "2020", "2021"],
    ["Derivative liabilities carried at fair value through profit or loss", "", ""],
    ["Interest rate swaps", "8,100", "40,250"],
    ["Forward foreign exchange contracts", "1,200", "35"],
    ["Total", "9,300", "40,285"],
    ["Derivative financial instruments, current liability", "1,900", "7,100"],
]


def test_the_years_a_section_is_given_for_are_read_from_its_rows(tmp_path):
    # the section row holds no value of its own
    table = table_from_rows(DERIVATIVES, tmp_path, "derivatives")
    question = "In which years was the fair value of the derivative liabilities recorded for?"
    assert _label(answer_table(table, question)) == "2020; 2021"


SEGMENT_SALES = [
    ["", "2021", "2020"],
    ["Transportation Solutions:", "", ""],
    ["Automotive", "$ 5,900", "$ 6,010"],
    ["Commercial transportation", "1,300", "1,250"],
    ["Sensors", "940", "905"],
    ["Total Transportation Solutions", "8,140", "8,165"],
    ["Industrial Solutions:", "", ""],
    ["Industrial equipment", "2,010", "1,960"],
    ["Energy", "705", "690"],
    ["Medical", "720", "700"],
    ["Total Industrial Solutions", "3,435", "3,350"],
    ["Communications Solutions:", "", ""],
    ["Data and devices", "990", "1,010"],
    ["Appliances", "700", "720"],
    ["Total Communications Solutions", "1,690", "1,730"],
]


def test_a_ranking_keeps_to_the_section_saying_most_of_the_question(tmp_path):
    table = table_from_rows(SEGMENT_SALES, tmp_path, "segments")
    question = "Which industrial solutions segment had the highest sales in 2021?"
    assert _label(answer_table(table, question)) == "Industrial equipment"
