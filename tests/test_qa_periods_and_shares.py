"""Periods and measures a table says its own way: a share stated in a "% of total" column beside each year's
amount (read, not recomputed), an amount column beside a ratio or per-share column of the same year, quarters
and full years over "Three Months Ended | Year Ended" columns, quarters as rows dated by their last day, months
over rows dated in numbers ("10/1/2023 - 10/31/2023"), a "Top ten" row that is no item, items named by a letter
("Customer A"), the movements of a roll-forward asked by "the year ended <date>", a balance asked "at the year
end", quarterly blocks each under a year in the stub, a section "Income before provision for income taxes:" that
is no provision, amounts in pence, a row or column the question leaves out of a ranking ("outside the United
States", "excluding the Group"), a store count beside a fiscal year, and "after fiscal 2024" over a schedule's
"Thereafter", the one year a schedule's column holds an amount, and "group revenue" for a segment table's total.
Tables are written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

SALES_MIX = [
    ["(€ million)", "2022", "% of total", "2021", "% of total", "Change (%)"],
    ["Hardware", "2,410", "41.3", "2,655", "47.9", "(9.2)"],
    ["Software", "2,118", "36.3", "1,790", "32.3", "18.3"],
    ["Services", "1,305", "22.4", "1,098", "19.8", "18.9"],
    ["Total sales", "5,833", "100.0", "5,543", "100.0", "5.2"],
]
PAYERS = [
    ["", "2022", "", "2021", ""],
    ["(dollars in millions)", "Amount", "Per diluted share", "Amount", "Per diluted share"],
    ["Net income", "$ 1,204", "$ 2.41", "$ 988", "$ 1.97"],
    ["Restructuring", "96", "0.19", "41", "0.08"],
    ["Adjusted net income", "$ 1,300", "$ 2.60", "$ 1,029", "$ 2.05"],
]
RECONCILIATION = [
    ["", "Three Months Ended", "", "Year Ended", ""],
    ["(in millions)", "December 31, 2022", "December 31, 2021", "December 31, 2022", "December 31, 2021"],
    ["Net income", "$ 140", "$ 122", "$ 602", "$ 515"],
    ["Interest expense", "31", "29", "118", "120"],
    ["Depreciation", "52", "49", "201", "190"],
    ["EBITDA", "$ 223", "$ 200", "$ 921", "$ 825"],
]
QUARTER_ROWS = [
    ["Three months ended", "Subscribers (000)", "ARPU", "Churn"],
    ["March 31, 2022", "4,102", "$ 31.20", "1.10%"],
    ["June 30, 2022", "4,188", "$ 31.45", "1.04%"],
    ["September 30, 2022", "4,260", "$ 31.90", "0.98%"],
    ["December 31, 2022", "4,301", "$ 32.05", "1.21%"],
]
BUYBACKS = [
    ["Period", "Total Number of Shares Purchased", "Average Price Paid Per Share"],
    ["4/1/2022 - 4/30/2022", "1,204,000", "$ 88.10"],
    ["5/1/2022 - 5/31/2022", "998,500", "$ 91.42"],
    ["6/1/2022 - 6/30/2022", "1,310,250", "$ 85.77"],
    ["Total", "3,512,750", "$ 88.21"],
]
OPTIONS = [
    ["", "Options (in thousands)", "Weighted Average Exercise Price"],
    ["Outstanding, January 29, 2022", "1,850", "$ 21.40"],
    ["Granted", "320", "26.10"],
    ["Exercised", "(410)", "15.75"],
    ["Outstanding, January 28, 2023", "1,760", "$ 23.65"],
    ["Granted", "295", "24.80"],
    ["Exercised", "(188)", "17.30"],
    ["Outstanding, February 3, 2024", "1,867", "$ 24.42"],
]
PROVISIONS = [
    ["£m", "Restructuring", "Warranty", "Total"],
    ["At 1 January 2023", "12.4", "30.1", "42.5"],
    ["Charged", "8.0", "9.6", "17.6"],
    ["Utilised", "(10.2)", "(7.4)", "(17.6)"],
    ["At 31 December 2023", "10.2", "32.3", "42.5"],
]
QUARTER_BLOCKS = [
    ["", "Quarter Ended", "", "", ""],
    ["2022", "March 31", "June 30", "September 30", "December 31"],
    ["Total revenues", "$ 88,410", "$ 90,122", "$ 91,876", "$ 95,004"],
    ["Net income", "12,310", "13,005", "12,880", "14,212"],
    ["2021", "March 31", "June 30", "September 30", "December 31"],
    ["Total revenues", "$ 80,115", "$ 82,760", "$ 84,301", "$ 86,950"],
    ["Net income", "10,944", "11,602", "11,215", "12,733"],
]
TAXES = [
    ["", "2022", "2021"],
    ["Income before provision for income taxes:", "", ""],
    ["Domestic", "$ 51,004", "$ 44,720"],
    ["Foreign", "9,812", "8,365"],
    ["Total", "$ 60,816", "$ 53,085"],
    ["Current:", "", ""],
    ["Federal", "$ 6,118", "$ 5,402"],
    ["State", "1,502", "1,288"],
    ["Total current", "7,620", "6,690"],
    ["Provision for income taxes", "$ 10,911", "$ 9,540"],
]
SUMMARY = [
    ["£m unless otherwise stated", "2023", "2022", "2021"],
    ["Revenue", "2,410.5", "2,288.0", "2,105.7"],
    ["Basic EPS", "31.4p", "29.8p", "27.5p"],
    ["Dividend per share", "12.6p", "13.1p", "11.9p"],
]
GEOGRAPHY = [
    ["", "2022", "", "2021", ""],
    ["(dollars in thousands)", "Amount", "% of Revenue", "Amount", "% of Revenue"],
    ["Revenue by geography:", "", "", "", ""],
    ["United States", "$ 301,220", "66%", "$ 262,915", "68%"],
    ["Europe", "96,410", "21%", "79,320", "20%"],
    ["Asia Pacific", "58,006", "13%", "46,711", "12%"],
    ["Total revenue", "$ 455,636", "100%", "$ 388,946", "100%"],
    ["Revenue by type:", "", "", "", ""],
    ["Subscription", "$ 390,114", "86%", "$ 320,504", "82%"],
    ["Services", "65,522", "14%", "68,442", "18%"],
    ["Total revenue", "$ 455,636", "100%", "$ 388,946", "100%"],
]
SEGMENTS = [
    ["€ million", "Retail", "Wholesale", "Asset Management", "Group"],
    ["Operating income", "3,104", "2,217", "960", "6,281"],
    ["Profit before tax", "812", "1,044", "403", "2,259"],
]
STORES = [
    ["Fiscal Year", "Stores at Beginning of Year", "Stores Opened", "Stores Closed", "Stores at End of Year"],
    ["2022", "640", "28", "(11)", "657"],
    ["2021", "618", "31", "(9)", "640"],
]
LEASES = [
    ["Fiscal Year", "Operating Leases"],
    ["2023", "$ 52,410"],
    ["2024", "48,205"],
    ["2025", "41,930"],
    ["Thereafter", "96,004"],
    ["Total lease payments", "238,549"],
]
PAY = [
    ["€ thousand", "", "Fixed salary", "Short-term incentive", "Total remuneration"],
    ["Ann Lee (CEO)", "2023", "900", "450", "1,350"],
    ["", "2022", "850", "400", "1,250"],
    ["Raj Patel (CFO)", "2023", "600", "300", "900"],
    ["", "2022", "580", "250", "830"],
]
MATURITIES = [
    ["Year", "Mortgage Notes", "Revolving Credit Facility", "Senior Notes", "Total"],
    ["2023", "$ 41,200", "$ —", "$ —", "$ 41,200"],
    ["2024", "18,950", "—", "—", "18,950"],
    ["2025", "7,310", "215,000", "—", "222,310"],
    ["2026", "60,400", "—", "400,000", "460,400"],
    ["Total principal", "127,860", "215,000", "400,000", "742,860"],
]
ORDERS = [
    ["", "Orders received", "", "Revenue", ""],
    ["(€ million)", "2023", "2022", "2023", "2022"],
    ["Power", "3,812", "3,406", "3,155", "2,872"],
    ["Rail", "2,047", "2,520", "1,986", "1,810"],
    ["Total", "5,859", "5,926", "5,141", "4,682"],
]
HOTELS = [
    ["", "Occupancy", "", "RevPAR", ""],
    ["", "2022", "vs. 2021", "2022", "vs. 2021"],
    ["Americas", "71.2%", "2.4 pts.", "$ 131.10", "8.1%"],
    ["Europe", "68.9%", "5.0 pts.", "$ 120.40", "14.2%"],
    ["Asia Pacific", "62.5%", "11.3 pts.", "$ 88.75", "35.6%"],
]
HALVES = [
    ["Period", "Net property income (S$'000)", "DPU (cents)"],
    ["1H FY2022 (1 Jan - 30 Jun 2022)", "98,410", "3.95"],
    ["2H FY2022 (1 Jul - 31 Dec 2022)", "101,220", "4.02"],
    ["1H FY2023 (1 Jan - 30 Jun 2023)", "103,905", "4.08"],
    ["2H FY2023 (1 Jul - 31 Dec 2023)", "104,660", "4.11"],
    ["FY2023", "208,565", "8.19"],
    ["FY2022", "199,630", "7.97"],
]
CUSTOMERS = [
    ["Customer", "2022", "2021"],
    ["Customer A", "22%", "19%"],
    ["Customer B", "14%", "16%"],
    ["Customer C", "9%", "12%"],
    ["Top five customers", "61%", "58%"],
]


def test_a_share_stated_beside_each_year_is_read(tmp_path):
    table = table_from_rows(SALES_MIX, tmp_path, "mix")
    answers_each(
        table,
        ("What share of 2022 sales came from software?", "36.3"),
        ("What proportion of total sales did services represent in 2021?", "19.8"),
    )
    # a change asked by "percentage" reads the stated change, not the share column "percentage" also names
    answers_each(table, ("By what percentage did services sales grow?", "18.9"))
    units = {c.col: c.unit for c in table.cells if c.row == 2}
    assert units[2] == "%" and units[1] == "million EUR"  # a "% of total" column is no amount in € million


def test_the_amount_beside_a_per_share_column_is_asked_by_default(tmp_path):
    table = table_from_rows(PAYERS, tmp_path, "payers")
    answers_each(
        table,
        ("What was restructuring in 2021?", "41"),
        ("What was adjusted net income per diluted share in 2022?", "$ 2.60"),
    )


def test_a_quarter_or_a_full_year_names_its_period_length(tmp_path):
    table = table_from_rows(RECONCILIATION, tmp_path, "ebitda")
    answers_each(
        table,
        ("What was EBITDA in the fourth quarter of 2022?", "$ 223"),
        ("What was interest expense in Q4 2021?", "29"),
        ("What was depreciation for full-year 2021?", "190"),
        ("What was EBITDA for the twelve months ended December 31, 2022?", "$ 921"),
    )


def test_quarters_as_rows_dated_by_their_last_day(tmp_path):
    table = table_from_rows(QUARTER_ROWS, tmp_path, "quarters")
    answers_each(
        table,
        ("What was churn in the second quarter of 2022?", "1.04%"),
        ("What was ARPU in Q3 2022?", "$ 31.90"),
    )


def test_a_month_named_over_rows_dated_in_numbers(tmp_path):
    table = table_from_rows(BUYBACKS, tmp_path, "buybacks")
    answers_each(
        table,
        ("How many shares were repurchased in May 2022?", "998,500"),
        ("What was the average price paid per share in June 2022?", "$ 85.77"),
    )


def test_items_named_by_a_letter_and_a_top_group_that_is_no_item(tmp_path):
    table = table_from_rows(CUSTOMERS, tmp_path, "customers")
    answers_each(table, ("What percentage of 2021 revenue came from Customer B?", "16%"))
    best = answer_table(table, "Which customer accounted for the largest share of revenue in 2021?")
    assert best is not None and best.label == "Customer A"


def test_movements_of_the_year_ended_a_balance_date(tmp_path):
    """ "During the year ended January 28, 2023" names the movements leading to that balance, not the balance."""
    table = table_from_rows(OPTIONS, tmp_path, "options")
    answers_each(
        table,
        ("How many options were granted during the year ended January 28, 2023?", "320"),
        ("What was the exercise price of options exercised in the fiscal year ended February 3, 2024?", "17.30"),
    )


def test_a_balance_at_the_year_end_is_the_closing_row(tmp_path):
    table = table_from_rows(PROVISIONS, tmp_path, "provisions")
    answers_each(table, ("What was the warranty provision at the year end?", "32.3"))


def test_quarterly_blocks_under_a_year_in_the_stub(tmp_path):
    """ "2021 | March 31 | June 30 | ..." inside the body opens the 2021 block; the stub's "2022" over the first
    block's quarter ends dates its columns."""
    from tablerag.eval.qa import answer_any, tables_from_rows

    tables = tables_from_rows(QUARTER_BLOCKS, tmp_path, "blocks")
    assert len(tables) == 2
    assert tables[0].column_chain(2) == ["Quarter Ended", "2022", "June 30"] and tables[0].column_chain(0) == []
    for question, value in (
        ("What was net income in the second quarter of 2021?", "11,602"),
        ("What were total revenues in Q4 2022?", "$ 95,004"),
    ):
        answer = answer_any(tables, question)
        assert answer is not None and answer.value == value, question


def test_a_section_of_income_before_taxes_is_no_provision(tmp_path):
    table = table_from_rows(TAXES, tmp_path, "taxes")
    answers_each(
        table,
        ("What was total current tax expense in 2022?", "7,620"),
        ("What was foreign income before taxes in 2021?", "8,365"),
    )


def test_amounts_in_pence_are_ranked(tmp_path):
    table = table_from_rows(SUMMARY, tmp_path, "summary")
    best = answer_table(table, "In which year was the dividend per share highest?")
    assert best is not None and best.label == "2022"
    answers_each(table, ("What was basic EPS in 2021?", "27.5p"))


def test_a_row_or_column_left_out_of_a_ranking(tmp_path):
    table = table_from_rows(GEOGRAPHY, tmp_path, "geography")
    best = answer_table(table, "Which region outside the United States generated the most revenue in 2022?")
    assert best is not None and best.label == "Europe"
    table = table_from_rows(SEGMENTS, tmp_path, "segments")
    best = answer_table(table, "Which segment, excluding the Group, had the highest profit before tax?")
    assert best is not None and best.label == "Wholesale"


def test_a_count_stated_for_a_fiscal_year_and_a_schedule_past_its_last_year(tmp_path):
    table = table_from_rows(STORES, tmp_path, "stores")
    answers_each(table, ("How many stores were there at the beginning of fiscal 2021?", "618"))
    table = table_from_rows(LEASES, tmp_path, "leases")
    answers_each(table, ("How much in lease payments is due after fiscal 2025?", "96,004"))


def test_a_record_over_two_lines_by_year(tmp_path):
    """The second line of a director's pay (" | 2022 | ...") is the director's, and no unlabelled total."""
    table = table_from_rows(PAY, tmp_path, "pay")
    answers_each(
        table,
        ("What short-term incentive did Raj Patel receive for 2022?", "250"),
        ("What was the CEO's total remuneration in 2023?", "1,350"),
        ("What was the CEO's total remuneration in 2022?", "1,250"),
    )


def test_the_one_year_a_schedule_column_holds_an_amount(tmp_path):
    table = table_from_rows(MATURITIES, tmp_path, "maturities")
    due = answer_table(table, "In which year does the revolving credit facility mature?")
    assert due is not None and due.label == "2025" and len(due.citations) == 1


def test_group_revenue_is_the_total_line(tmp_path):
    table = table_from_rows(ORDERS, tmp_path, "orders")
    answers_each(table, ("What was group revenue in 2022?", "4,682"))


def test_a_column_of_point_changes_holds_numbers_not_names(tmp_path):
    """ "2.4 pts." is a move of 2.4 points: the column beside occupancy is no column of names to answer with."""
    table = table_from_rows(HOTELS, tmp_path, "hotels")
    lowest = answer_table(table, "Which region had the lowest occupancy?")
    assert lowest is not None and lowest.label == "Asia Pacific"


def test_a_half_year_row_beside_the_full_year_rows(tmp_path):
    """ "The second half of FY2023" is the "2H FY2023" row, not the "FY2023" row the year alone would name."""
    table = table_from_rows(HALVES, tmp_path, "halves")
    answers_each(
        table,
        ("What was DPU for the second half of FY2023?", "4.11"),
        ("What was net property income in 1H FY2022?", "98,410"),
        ("What was DPU for FY2022?", "7.97"),
    )
