"""Questions answered by a row's or a column's label: the largest part of a named whole (its parts ranked, not the
whole's columns), the kind a question names only by a word every row says ("which customer"), years as rows
ranked by a column the question names by its verb ("close the most stores", a bracketed outflow), a decline
ranked on a stated change column, a year the question pins leaving the year's amount beside its share, a cell
of footnote marks ("*") that is no text, a footnote mark that is no word of a label, and a "—" beside a year
that labels nothing. Tables are written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

PROPERTY = [
    ["", "Estimated Useful Life", "December 31,", ""],
    ["(in millions)", "", "2021", "2020"],
    ["Land", "—", "$ 96", "$ 96"],
    ["Buildings", "30 years", "812", "790"],
    ["Machinery and equipment", "5-12 years", "1,944", "1,701"],
    ["Office furniture", "5 years", "141", "133"],
    ["Construction in progress", "—", "205", "288"],
    ["Property, plant and equipment, gross", "", "3,198", "3,008"],
    ["Less: accumulated depreciation", "", "(1,402)", "(1,211)"],
    ["Property, plant and equipment, net", "", "$ 1,796", "$ 1,797"],
]
ACCRUED = [
    ["(in thousands)", "January 29, 2022", "January 30, 2021"],
    ["Accrued wages and benefits", "$ 61,204", "$ 58,840"],
    ["Customer deposits", "88,317", "79,906"],
    ["Accrued freight", "12,460", "14,215"],
    ["Accrued warranty(1)", "9,118", "8,772"],
    ["Other", "30,005", "28,114"],
    ["Accrued expenses", "$ 201,104", "$ 189,847"],
]
CUSTOMERS = [
    ["", "Percentage of Net Revenue", "", "", "Percentage of Receivables", ""],
    ["", "2021", "2020", "2019", "December 31, 2021", "December 31, 2020"],
    ["Customer A", "17%", "19%", "22%", "12%", "15%"],
    ["Customer B", "13%", "11%", "*", "18%", "10%"],
    ["Customer C", "*", "10%", "12%", "*", "*"],
    ["* Less than 10%", "", "", "", "", ""],
]
STORES = [
    ["Fiscal Year", "Stores at Beginning of Year", "Opened", "Closed", "Stores at End of Year"],
    ["2021", "842", "21", "(44)", "819"],
    ["2020", "829", "30", "(17)", "842"],
    ["2019", "801", "39", "(11)", "829"],
]
STREAMS = [
    ["", "Year Ended June 30,", "", "", "", ""],
    ["(in thousands)", "2021", "2020", "2019", "2021 vs. 2020 % Change", "2020 vs. 2019 % Change"],
    ["Subscription", "$ 305,118", "$ 241,902", "$ 180,455", "26%", "34%"],
    ["Term license", "61,040", "66,218", "70,391", "(8)%", "(6)%"],
    ["Perpetual license", "12,007", "18,930", "26,114", "(37)%", "(28)%"],
    ["Total revenue", "$ 378,165", "$ 327,050", "$ 276,960", "16%", "18%"],
]
SEGMENT_SALES = [
    ["", "Year Ended December 31,", "", "", ""],
    ["", "2021", "", "2020", ""],
    ["(dollars in millions)", "Amount", "% of Net Sales", "Amount", "% of Net Sales"],
    ["Motion Control", "$ 2,914", "42.6%", "$ 2,706", "41.5%"],
    ["Fluid Handling", "2,103", "30.7", "2,044", "31.4"],
    ["Climate Solutions", "1,824", "26.7", "1,767", "27.1"],
    ["Net sales", "$ 6,841", "100.0%", "$ 6,517", "100.0%"],
]
SCHEDULE = [
    ["(in thousands)", "Developed Technology", "Customer Relationships", "Trade Names", "Total"],
    ["2022", "$ 11,200", "$ 5,100", "$ 900", "$ 17,200"],
    ["2023", "9,400", "5,100", "600", "15,100"],
    ["2024", "4,300", "4,700", "—", "9,000"],
    ["2025", "1,100", "4,200", "—", "5,300"],
    ["Thereafter", "—", "9,800", "—", "9,800"],
    ["Total", "$ 26,000", "$ 28,900", "$ 1,500", "$ 56,400"],
]


def test_the_largest_part_of_a_named_whole_ranks_its_parts(tmp_path):
    table = table_from_rows(PROPERTY, tmp_path, "ppe")
    # the whole ("..., gross") sums the rows above it: they are ranked, never the whole's own columns
    answers_each(
        table,
        (
            "Which category was the largest component of gross property, plant and equipment at December 31, 2021?",
            "Machinery and equipment",
        ),
    )
    table = table_from_rows(ACCRUED, tmp_path, "accrued")
    answers_each(
        table,
        ("What was the largest component of accrued expenses at January 29, 2022?", "Customer deposits"),
        ("Which was the smallest component of accrued expenses at January 30, 2021?", "Accrued warranty"),
    )


def test_a_kind_every_row_says_ranks_the_rows(tmp_path):
    table = table_from_rows(CUSTOMERS, tmp_path, "customers")
    answers_each(
        table,
        ("Which customer accounted for the most revenue in 2021?", "Customer A"),
        ("Which customer represented the largest share of receivables at December 31, 2021?", "Customer B"),
        # "*" (below the disclosure threshold) is a mark, not text: the 2019 column is ranked with the others
        ("In which year did Customer A make up the largest share of net revenue?", "2019"),
    )


def test_which_year_ranks_the_column_its_verb_names(tmp_path):
    table = table_from_rows(STORES, tmp_path, "stores")
    # "year" names the rows asked, not "Stores at Beginning of Year"; closures are written as negatives
    answers_each(
        table,
        ("In which year did the company close the most stores?", "2021"),
        ("In which fiscal year were the most new stores opened?", "2019"),
    )


def test_a_decline_ranks_a_stated_change_by_its_most_negative_value(tmp_path):
    table = table_from_rows(STREAMS, tmp_path, "streams")
    answers_each(
        table,
        ("Which revenue stream declined the most in percentage terms in fiscal 2021?", "Perpetual license"),
        ("What was the growth rate of subscription revenue in fiscal 2020?", "34%"),
    )


def test_a_pinned_year_ranks_rows_not_the_years(tmp_path):
    table = table_from_rows(SEGMENT_SALES, tmp_path, "segments")
    # 2020's amount beside its share is one amount of that year: the rows are compared, never 2021 against 2020
    answers_each(table, ("Which segment had the smallest net sales in 2020?", "Climate Solutions"))
    # the words of what a share is of ("% of Net Sales") name no amount: a segment's sales are the amount
    answers_each(table, ("What were Climate Solutions sales in fiscal 2020?", "1,767"))


def test_a_dash_beside_a_year_labels_nothing(tmp_path):
    table = table_from_rows(SCHEDULE, tmp_path, "schedule")
    answers_each(table, ("In which year is total amortization expense expected to be the lowest?", "2025"))
    # a footnote mark written onto a label is no word of it: "due within one year" names no "(1)"
    table = table_from_rows(
        [
            ["", "", "Payments Due by Period", "", ""],
            ["(in millions)", "Total", "Less than 1 Year", "1-3 Years", "More than 3 Years"],
            ["Long-term debt", "$ 2,400", "$ 300", "$ 900", "$ 1,200"],
            ["Operating leases", "610", "140", "250", "220"],
            ["Purchase obligations(1)", "820", "515", "305", "—"],
            ["Total", "$ 3,830", "$ 955", "$ 1,455", "$ 1,420"],
        ],
        tmp_path,
        "obligations",
    )
    answers_each(
        table, ("Which obligation accounts for the largest amount due within one year?", "Purchase obligations")
    )


ASSET_CLASSES = [
    ["", "2021", "2020"],
    ["", "$'000", "$'000"],
    ["Leasehold land and buildings", "", ""],
    ["Cost", "58,120", "57,300"],
    ["Accumulated depreciation", "(19,004)", "(17,215)"],
    ["Net book value", "39,116", "40,085"],
    ["Plant and machinery", "", ""],
    ["Cost", "101,442", "92,870"],
    ["Accumulated depreciation", "(60,118)", "(55,902)"],
    ["Net book value", "41,324", "36,968"],
    ["Motor vehicles", "", ""],
    ["Cost", "4,880", "4,512"],
    ["Accumulated depreciation", "(3,602)", "(3,300)"],
    ["Net book value", "1,278", "1,212"],
    ["Total net book value", "81,718", "78,265"],
]


def test_one_label_under_each_section_ranks_the_sections(tmp_path):
    table = table_from_rows(ASSET_CLASSES, tmp_path, "classes")
    answers_each(
        table,
        ("Which asset class had the highest net book value at 31 December 2021?", "Plant and machinery"),
        ("Which asset class had the highest net book value at 31 December 2020?", "Leasehold land and buildings"),
        # a carrying amount is the net book value
        ("What was the carrying amount of motor vehicles in 2021?", "1,278"),
    )


def test_the_months_of_a_quarter_and_their_total(tmp_path):
    table = table_from_rows(
        [
            ["Period", "Total Number of Shares Purchased", "Average Price Paid per Share"],
            ["October 1 - October 31, 2021", "310,200", "$ 61.40"],
            ["November 1 - November 30, 2021", "288,015", "$ 63.85"],
            ["December 1 - December 31, 2021", "402,990", "$ 66.12"],
            ["Total", "1,001,205", "$ 64.01"],
        ],
        tmp_path,
        "repurchases",
    )
    answers_each(
        table,
        ("What average price did the company pay per share across the whole fourth quarter of 2021?", "$ 64.01"),
        ("What was the average price paid per share in November 2021?", "$ 63.85"),
    )


def test_a_choice_of_two_parts_leaves_their_total_out(tmp_path):
    table = table_from_rows(
        [
            ["", "2021", "", "2020", ""],
            ["Application", "NT$ million", "%", "NT$ million", "%"],
            ["Smartphone", "151,300", "50.2%", "144,800", "49.6%"],
            ["Internet of Things", "25,110", "8.3%", "23,900", "8.2%"],
            ["Automotive", "15,400", "5.1%", "16,020", "5.5%"],
            ["Others", "109,590", "36.4%", "107,280", "36.7%"],
            ["Total wafer revenue", "301,400", "100.0%", "292,000", "100.0%"],
        ],
        tmp_path,
        "wafers",
    )
    # "IoT" spells "Internet of Things" (a small letter inside an acronym); the total is no rival of its parts
    answers_each(
        table,
        ("In 2020, which application had a larger share of wafer revenue, IoT or automotive?", "Internet of Things"),
    )
    table = table_from_rows(
        [
            ["", "2021", "2020"],
            ["", "(in millions, except per share and per ADS data)", ""],
            ["Net income", "61,200", "58,900"],
            ["Basic earnings per share", "7.92", "7.60"],
            ["Basic earnings per ADS", "39.60", "38.00"],
        ],
        tmp_path,
        "eps",
    )
    # the unit note's "except per share" spells no "EPS"
    answers_each(table, ("What was basic EPS for 2021?", "7.92"))
