"""Report shapes a second round of new users' questions met: quarters as rows beside their fiscal years; a year
column beside its quarters; a table's period printed in its corner; a balance line netting a net line; component
columns ranked whole; an expense function that says "sales"; a total a deduction follows in a plain listing; a
share asked of a section that names its base; an outcome printed beside its opposite in parentheses; cash provided
or used; counts in a table that says it counts; additions in the year to a date; a kind of two words; an expiry
asked "when"; a year that sets the period of a ranking. Tables are CSV."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows
from tablerag.parsing.numbers import parse_number
from tablerag.parsing.totals import net_of_total_rows

QUARTER_ROWS = [
    ["Quarter", "Revenue", "Net income (loss)"],
    ["", "($ thousands)", "($ thousands)"],
    ["Q1 2021", "51,200", "410"],
    ["Q2 2021", "49,870", "(1,932)"],
    ["Q3 2021", "55,140", "2,611"],
    ["Q4 2021", "60,005", "4,118"],
    ["Fiscal 2021", "216,215", "5,207"],
    ["Q1 2020", "44,310", "(2,744)"],
    ["Q2 2020", "45,902", "(1,066)"],
    ["Q3 2020", "47,781", "(381)"],
    ["Q4 2020", "52,377", "1,905"],
    ["Fiscal 2020", "190,370", "(2,286)"],
]

QUARTER_COLUMNS = [
    ["($ millions)", "Q1 2021", "Q2 2021", "Q3 2021", "Q4 2021", "2021"],
    ["Segment revenue", "$ 812.4", "$ 840.1", "$ 866.0", "$ 901.7", "$ 3,420.2"],
    ["Corporate costs", "(41.2)", "(39.8)", "(44.6)", "(47.3)", "(172.9)"],
    ["Operating income", "211.3", "220.7", "229.5", "244.0", "905.5"],
]

FULL_YEAR = [
    ["(in millions)", "Q1", "Q2", "Q3", "Q4", "Full Year"],
    ["Fiscal 2021", "", "", "", "", ""],
    ["Net sales", "1,402", "1,488", "1,531", "1,690", "6,111"],
    ["Net income", "128", "141", "150", "172", "591"],
    ["Fiscal 2020", "", "", "", "", ""],
    ["Net sales", "1,318", "1,377", "1,402", "1,555", "5,652"],
    ["Net income", "110", "122", "129", "151", "512"],
]

CORNER_PERIOD = [
    ["Six months ended 30 June 2021", "Nordics", "Baltics", "Total"],
    ["", "€'000", "€'000", "€'000"],
    ["Segment revenue", "82,410", "21,306", "103,716"],
    ["Segment result", "9,512", "1,804", "11,316"],
    ["Unallocated costs", "", "", "(2,140)"],
    ["Profit before income tax", "", "", "9,176"],
]

DEFERRED_TAX = [
    ["(in millions)", "2021", "2020"],
    ["Deferred tax assets:", "", ""],
    ["Net operating losses", "$ 212", "$ 240"],
    ["Accrued liabilities", "88", "75"],
    ["Lease liabilities", "131", "120"],
    ["Gross deferred tax assets", "431", "435"],
    ["Valuation allowance", "(97)", "(102)"],
    ["Deferred tax assets, net of valuation allowance", "334", "333"],
    ["Deferred tax liabilities:", "", ""],
    ["Depreciation", "(176)", "(160)"],
    ["Right-of-use assets", "(122)", "(114)"],
    ["Intangible assets", "(58)", "(66)"],
    ["Net deferred tax assets (liabilities)", "$ (22)", "$ (7)"],
]

AOCI = [
    ["(In millions)", "Currency Translation", "Gains (Losses) on Hedges", "Pension Plans", "Total"],
    ["Balance at December 31, 2020", "$ (301)", "$ 12", "$ (655)", "$ (944)"],
    ["Other comprehensive income (loss)", "(44)", "(20)", "61", "(3)"],
    ["Balance at December 31, 2021", "$ (345)", "$ (8)", "$ (594)", "$ (947)"],
]

OPERATING_EXPENSES = [
    ["(in thousands)", "2021", "2020"],
    ["Revenue", "$ 402,118", "$ 355,870"],
    ["Operating expenses:", "", ""],
    ["Research and development", "61,204", "55,330"],
    ["Sales and marketing", "88,916", "80,412"],
    ["General and administrative", "30,777", "28,905"],
    ["Total operating expenses", "180,897", "164,647"],
]

PROPERTY = [
    ["(in thousands)", "Useful Life", "December 31, 2021", "December 31, 2020"],
    ["Land", "—", "$ 12,400", "$ 12,400"],
    ["Buildings", "20 - 40 years", "96,215", "90,118"],
    ["Machinery and equipment", "3 - 12 years", "210,332", "194,870"],
    ["Computer equipment", "3 - 5 years", "44,906", "40,215"],
    ["Property and equipment, at cost", "", "363,853", "337,603"],
    ["Less: accumulated depreciation", "", "(190,402)", "(171,884)"],
    ["Property and equipment, net", "", "$ 173,451", "$ 165,719"],
]

CUSTOMERS = [
    ["", "Year ended March 31,", ""],
    ["", "2022", "2021"],
    ["Percentage of net revenue:", "", ""],
    ["Customer A", "21.3%", "18.8%"],
    ["Customer B", "12.1%", "14.6%"],
    ["Top five customers", "52.7%", "55.0%"],
    ["Percentage of accounts receivable:", "", ""],
    ["Customer A", "26.4%", "24.9%"],
    ["Customer B", "15.0%", "13.2%"],
]

PENSION = [
    ["", "Pension Benefits", "", "Retiree Medical", ""],
    ["(in millions)", "2021", "2020", "2021", "2020"],
    ["Obligation at beginning of year", "$3,210", "$3,044", "$402", "$415"],
    ["Interest cost", "95", "102", "12", "14"],
    ["Actuarial (gain) loss", "(188)", "264", "21", "(9)"],
    ["Benefits paid", "(201)", "(200)", "(19)", "(18)"],
    ["Obligation at end of year", "$2,916", "$3,210", "$416", "$402"],
]

CASH_FLOWS = [
    ["(In millions)", "2021", "2020", "2019"],
    ["Net cash provided by operating activities", "$ 1,904", "$ 1,712", "$ 1,530"],
    ["Net cash used in investing activities", "(802)", "(1,455)", "(690)"],
    ["Net cash provided by (used in) financing activities", "(640)", "(512)", "204"],
]

STORES = [
    ["(number of stores)", "Supermarkets", "", "Liquor", "", "Total", ""],
    ["", "FY22", "FY21", "FY22", "FY21", "FY22", "FY21"],
    ["North", "212", "205", "301", "296", "513", "501"],
    ["South", "184", "180", "244", "240", "428", "420"],
    ["West", "97", "95", "160", "158", "257", "253"],
    ["Total Group", "493", "480", "705", "694", "1,198", "1,174"],
    ["Stores opened", "16", "12", "13", "9", "29", "21"],
]

MOVEMENTS = [
    ["£m", "Land and buildings", "Plant and machinery", "Total"],
    ["Cost", "", "", ""],
    ["At 1 April 2020", "305.1", "640.8", "945.9"],
    ["Additions", "6.2", "47.3", "53.5"],
    ["Disposals", "(2.0)", "(19.4)", "(21.4)"],
    ["At 31 March 2021", "309.3", "668.7", "978.0"],
    ["Accumulated depreciation", "", "", ""],
    ["At 1 April 2020", "(90.4)", "(401.2)", "(491.6)"],
    ["Charge for the year", "(7.7)", "(52.0)", "(59.7)"],
    ["Impairment", "—", "(3.1)", "(3.1)"],
    ["At 31 March 2021", "(98.1)", "(456.3)", "(554.4)"],
]

GRANTS = [
    ["Grant date", "Outstanding at 1 January 2021", "Granted", "Lapsed", "Exercise price (£)", "Expiry date"],
    ["12 March 2015", "180,000", "—", "(12,000)", "2.14", "11 March 2025"],
    ["17 March 2016", "240,500", "—", "(20,500)", "2.66", "16 March 2026"],
    ["22 March 2021", "—", "615,000", "(15,000)", "1.98", "21 March 2031"],
]

OPTION_ACTIVITY = [
    ["", "Shares (in thousands)", "Weighted-Average Exercise Price", "Aggregate Intrinsic Value (in millions)"],
    ["Outstanding at December 31, 2020", "3,912", "$ 33.10", "$ 81.2"],
    ["Granted", "604", "$ 57.80", ""],
    ["Exercised", "(911)", "$ 24.05", ""],
    ["Forfeited", "(152)", "$ 41.30", ""],
    ["Outstanding at December 31, 2021", "3,453", "$ 39.50", "$ 102.6"],
]

TAX_RECONCILIATION = [
    ["", "2021", "2020"],
    ["", "£m", "£m"],
    ["Profit before tax", "902.4", "851.0"],
    ["Tax at the UK corporation tax rate of 19%", "171.5", "161.7"],
    ["Expenses not deductible", "8.2", "7.9"],
    ["Adjustments in respect of prior years", "4.1", "(6.3)"],
    ["Total tax charge", "183.8", "163.3"],
]

WARRANTY = [
    ["", "Fiscal Year Ended", ""],
    ["(in millions)", "October 2, 2021", "September 26, 2020"],
    ["Balance at beginning of period", "$ 141.0", "$ 133.2"],
    ["Accruals for warranties issued", "72.4", "66.9"],
    ["Changes in estimates for pre-existing warranties", "(3.3)", "1.8"],
    ["Settlements made", "(64.0)", "(60.9)"],
    ["Balance at end of period", "$ 146.1", "$ 141.0"],
]

SEGMENT_REVENUE = [
    ["(£m)", "FY21", "FY20"],
    ["Europe", "1,204", "1,150"],
    ["North America", "880", "812"],
    ["Latin America", "301", "344"],
    ["Inter-segment eliminations", "(42)", "(37)"],
    ["Group revenue", "2,343", "2,269"],
]

DIVIDENDS = [
    ["", "2020/21", "", "2019/20", ""],
    ["", "Pence per share", "£m", "Pence per share", "£m"],
    ["Final dividend for 2019/20 (2018/19)", "11.0p", "80.4", "10.5p", "76.1"],
    ["Interim dividend for 2020/21 (2019/20)", "5.2p", "38.0", "5.0p", "36.3"],
    ["Proposed after the year end", "", "", "", ""],
    ["Final dividend for 2020/21 (2019/20)", "11.6p", "84.9", "11.0p", "80.4"],
]


def test_a_quarter_row_of_a_year_asked(tmp_path):
    answers_each(
        table_from_rows(QUARTER_ROWS, tmp_path, "quarters"),
        ("What was revenue in Q2 2021?", "49,870"),
        ("What was net income (loss) for Q3 2020?", "(381)"),
        ("Which quarter of fiscal 2021 reported a net loss?", "Q2 2021"),
    )


def test_the_year_column_beside_its_quarters(tmp_path):
    answers_each(
        table_from_rows(QUARTER_COLUMNS, tmp_path, "columns"),
        ("What were corporate costs for the full year 2021?", "(172.9)"),
        ("What were corporate costs in Q3 2021?", "(44.6)"),
    )
    answers_each(
        table_from_rows(FULL_YEAR, tmp_path, "full_year"),
        ("In which quarter of fiscal 2020 was net income the highest?", "Q4"),
    )


def test_a_column_of_the_others_sums_is_their_whole(tmp_path):
    from tablerag.parsing.totals import summing_column

    table = table_from_rows(FULL_YEAR, tmp_path, "full_year")
    assert summing_column(table, [1, 2, 3, 4, 5]) == 5
    rollforward = table_from_rows(
        [
            ["", "Balance, start", "Additions", "Payments", "Balance, end"],
            ["Severance", "12.0", "8.5", "(15.1)", "5.4"],
            ["Facilities", "3.1", "1.2", "(2.0)", "2.3"],
        ],
        tmp_path,
        "rollforward",
    )
    assert summing_column(rollforward, [1, 2, 3, 4]) is None  # a closing balance is no whole of signed movements


def test_the_corner_states_the_tables_period(tmp_path):
    answers_each(
        table_from_rows(CORNER_PERIOD, tmp_path, "corner"),
        ("What was profit before income tax for the six months ended 30 June 2021?", "9,176"),
        ("How much were unallocated costs in the half-year ended 30 June 2021?", "(2,140)"),
    )


def test_a_net_line_of_a_net_line_is_no_item(tmp_path):
    table = table_from_rows(DEFERRED_TAX, tmp_path, "deferred")
    assert 12 in net_of_total_rows(table, [5])  # the liabilities netted from the assets' own net line
    answers_each(table, ("Which deferred tax liability was the largest in 2021?", "Depreciation"))


def test_component_columns_are_ranked_whole(tmp_path):
    answers_each(
        table_from_rows(AOCI, tmp_path, "aoci"),
        ("Which component of AOCI had the largest accumulated loss at December 31, 2021?", "Pension Plans"),
    )


def test_sales_and_marketing_is_an_expense_line(tmp_path):
    answers_each(
        table_from_rows(OPERATING_EXPENSES, tmp_path, "opex"),
        ("Which operating expense line was the largest in 2021?", "Sales and marketing"),
    )


def test_a_total_a_deduction_follows_is_no_item(tmp_path):
    answers_each(
        table_from_rows(PROPERTY, tmp_path, "property"),
        ("Which asset category had the largest gross balance at December 31, 2021?", "Machinery and equipment"),
    )


def test_a_section_naming_the_base_of_its_shares(tmp_path):
    answers_each(
        table_from_rows(CUSTOMERS, tmp_path, "customers"),
        ("What percentage of net revenue did Customer A account for in 2021?", "18.8%"),
        ("Which customer accounted for the largest percentage of net revenue in 2021?", "Customer A"),
    )


def test_an_outcome_printed_beside_its_opposite(tmp_path):
    answers_each(
        table_from_rows(PENSION, tmp_path, "pension"),
        ("In which year was there an actuarial loss on pension benefits?", "2020"),
        ("In which year was there an actuarial gain on pension benefits?", "2021"),
    )


def test_cash_provided_or_used(tmp_path):
    answers_each(
        table_from_rows(CASH_FLOWS, tmp_path, "cash"),
        ("In which year did financing activities provide net cash rather than use it?", "2019"),
    )


def test_counts_in_a_table_that_says_it_counts(tmp_path):
    answers_each(
        table_from_rows(STORES, tmp_path, "stores"),
        ("How many supermarkets were there in the South in FY22?", "184"),
        ("How many liquor stores were there in the West in FY21?", "158"),
        ("What was the total number of stores for the Group in FY22?", "1,198"),
        ("Which region had the most liquor stores in FY22?", "North"),
    )


def test_a_movement_in_the_year_to_a_date(tmp_path):
    answers_each(
        table_from_rows(MOVEMENTS, tmp_path, "movements"),
        ("What were the additions to plant and machinery in the year to 31 March 2021?", "47.3"),
        ("What was the cost of plant and machinery at 31 March 2021?", "668.7"),
        ("Which asset class recorded an impairment charge?", "Plant and machinery"),
    )


def test_when_asks_the_date_column(tmp_path):
    answers_each(
        table_from_rows(GRANTS, tmp_path, "grants"),
        ("When do the options granted on 17 March 2016 expire?", "16 March 2026"),
    )


def test_a_year_that_sets_the_period_of_a_ranking(tmp_path):
    answers_each(
        table_from_rows(OPTION_ACTIVITY, tmp_path, "options"),
        ("Which option activity during 2021 had the highest weighted-average exercise price?", "Granted"),
    )


def test_eliminations_are_no_segment_that_moved(tmp_path):
    answers_each(
        table_from_rows(SEGMENT_REVENUE, tmp_path, "segments"),
        ("Which segment's revenue fell in FY21?", "Latin America"),
    )


def test_a_split_year_in_a_label_names_no_column(tmp_path):
    answers_each(
        table_from_rows(DIVIDENDS, tmp_path, "dividends"),
        ("What final dividend per share was proposed for 2020/21?", "11.6p"),
    )


def test_a_length_to_a_decimal_is_a_number():
    parsed = parse_number("5.2 years")
    assert parsed is not None and parsed.value == 5.2 and parsed.unit == "years"
    assert parse_number("1 year") is None  # a whole year heads a maturity bucket


def test_a_lines_effect_on_what_it_adds_to(tmp_path):
    answers_each(
        table_from_rows(TAX_RECONCILIATION, tmp_path, "tax"),
        ("In which year did adjustments in respect of prior years reduce the tax charge?", "2020"),
    )
    answers_each(
        table_from_rows(WARRANTY, tmp_path, "warranty"),
        ("In which fiscal year did changes in estimates for pre-existing warranties increase the reserve?", "2020"),
    )
