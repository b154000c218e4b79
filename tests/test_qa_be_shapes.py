"""Report shapes a third round of new users' questions met: a share asked beside two totals; a part said deducted
from, or represented within, a whole; labels repeated under sections; a "Thereafter" column under a spanning
label; maturity buckets that say "or less"; a label that excludes what the question asks; month rows ranked; an
item under a heading that says its name; a register row named by one date cell; an outcome reported or not;
"Rest of" a segment; a kind's section named by one of its words; a currency said; the parts of a total of the kind
asked; columns of the kind asked beside one that is not. Tables are CSV."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

GEOGRAPHY = [
    ["(in millions)", "2020", "% of total", "2019", "% of total"],
    ["United States", "$ 5,210", "46.1%", "$ 4,930", "45.8%"],
    ["Europe", "3,105", "27.5%", "2,990", "27.8%"],
    ["Asia Pacific", "2,990", "26.4%", "2,846", "26.4%"],
    ["Total geographic net sales", "11,305", "100.0%", "10,766", "100.0%"],
    ["Hedging gains (losses)", "(12)", "—", "20", "—"],
    ["Total net sales", "$ 11,293", "100.0%", "$ 10,786", "100.0%"],
]

LEASES = [
    ["(in millions)", "Operating Leases", "Finance Leases"],
    ["2021", "$ 301", "$ 38"],
    ["2022", "276", "35"],
    ["Thereafter", "840", "41"],
    ["Total lease payments", "1,417", "114"],
    ["Less: imputed interest", "(296)", "(19)"],
    ["Present value of lease liabilities", "$ 1,121", "$ 95"],
]

CAPITAL_LEASES = [
    ["Fiscal Year", "Capital Leases"],
    ["2021", "$ 22.1"],
    ["2022", "20.4"],
    ["Thereafter", "81.0"],
    ["Total minimum lease payments", "123.5"],
    ["Less: amount representing interest", "(38.2)"],
    ["Present value of net minimum capital lease payments", "85.3"],
]

BORROWINGS = [
    ["$'000", "Currency", "Nominal interest rate", "30 June 2021", "30 June 2020"],
    ["Current", "", "", "", ""],
    ["Bank loans", "AUD", "BBSY + 1.50%", "12,000", "10,500"],
    ["Lease liabilities", "AUD", "3.0% - 5.0%", "7,300", "6,950"],
    ["Total current borrowings", "", "", "19,300", "17,450"],
    ["Non-current", "", "", "", ""],
    ["Syndicated facility", "AUD", "BBSY + 1.80%", "98,000", "110,000"],
    ["Private placement notes", "USD", "4.10%", "131,400", "129,800"],
    ["Lease liabilities", "AUD", "3.0% - 5.0%", "55,210", "58,400"],
    ["Total non-current borrowings", "", "", "284,610", "298,200"],
]

OBLIGATIONS = [
    ["", "Payments Due by December 31,", "", "", ""],
    ["(in thousands)", "Total", "2021", "2022", "Thereafter"],
    ["Operating leases", "96,400", "30,100", "26,300", "40,000"],
    ["Convertible notes", "1,150,000", "—", "—", "1,150,000"],
]

LIQUIDITY = [
    ["$m", "Carrying amount", "6 months or less", "6–12 months", "More than 1 year"],
    ["Trade payables", "301.4", "(296.0)", "(5.4)", "—"],
    ["Bank loans", "520.0", "(8.1)", "(8.1)", "(540.2)"],
]

DEBT = [
    ["(in millions)", "December 31, 2021", "December 31, 2020"],
    ["Senior notes", "$ 4,200", "$ 3,900"],
    ["Term loans", "610", "540"],
    ["Total long-term debt", "4,810", "4,440"],
    ["Less: current maturities", "(305)", "(280)"],
    ["Long-term debt, excluding current maturities", "$ 4,505", "$ 4,160"],
]

MONTHS = [
    [
        "Period",
        "Total Number of ADSs Purchased",
        "Average Price Paid per ADS (US$)",
        "Total Number of ADSs Purchased as Part of the Publicly Announced Plan",
        "Approximate Dollar Value of ADSs that May Yet Be Purchased",
    ],
    ["January 2021", "412,300", "51.20", "412,300", "300,000,000"],
    ["February 2021", "988,100", "49.85", "988,100", "250,000,000"],
    ["March 2021", "604,550", "47.10", "604,550", "220,000,000"],
    ["Total", "2,004,950", "49.31", "2,004,950", ""],
]

EPS = [
    ["", "Nine Months Ended", ""],
    ["(In thousands, except per share data)", "September 30, 2021", "September 30, 2020"],
    ["Basic earnings per share:", "", ""],
    ["Net income", "$ 40,118", "$ 31,502"],
    ["Basic earnings per share", "$ 0.66", "$ 0.52"],
    ["Diluted earnings per share:", "", ""],
    ["Dilutive effect of stock options", "902", "877"],
    ["Weighted-average diluted shares outstanding", "61,950", "61,204"],
    ["Diluted earnings (loss) per share", "$ 0.65", "$ 0.51"],
]

DIVIDEND_DATES = [
    ["Declaration Date", "Record Date", "Payment Date", "Dividend Per Share"],
    ["Fiscal 2021", "", "", ""],
    ["November 12, 2020", "December 3, 2020", "December 17, 2020", "$ 0.50"],
    ["February 10, 2021", "March 4, 2021", "March 18, 2021", "$ 0.50"],
    ["Fiscal 2020", "", "", ""],
    ["November 13, 2019", "December 5, 2019", "December 19, 2019", "$ 0.46"],
    ["February 11, 2020", "March 5, 2020", "March 19, 2020", "$ 0.46"],
]

RESULTS = [
    ["(in thousands)", "2021", "2020", "2019"],
    ["Revenue", "$ 512,300", "$ 455,100", "$ 402,880"],
    ["Net income (loss)", "$ 14,250", "$ (6,310)", "$ (22,480)"],
]

SALES = [
    ["(Dollars in millions)", "2021", "2020"],
    ["Net sales by category:", "", ""],
    ["Phones", "$ 30,100", "$ 33,400"],
    ["Tablets", "6,200", "5,700"],
    ["Services", "12,400", "10,900"],
    ["Total net sales", "$ 48,700", "$ 50,000"],
    ["Net sales by reportable segment:", "", ""],
    ["Americas", "$ 21,500", "$ 22,600"],
    ["Europe", "14,100", "14,000"],
    ["Japan", "7,900", "8,200"],
    ["Rest of Asia Pacific", "5,200", "5,200"],
    ["Total net sales", "$ 48,700", "$ 50,000"],
]

UK_DIVIDENDS = [
    ["", "Pence per share", "", "£m", ""],
    ["", "2020/21", "2019/20", "2020/21", "2019/20"],
    ["Final dividend", "20.0", "19.2", "150.4", "144.1"],
    ["Interim dividend", "9.0", "8.8", "67.7", "66.0"],
    ["Total dividends paid", "29.0", "28.0", "218.1", "210.1"],
]

PAID = [
    ["", "Cents per share", "Total amount $m", "Date of payment"],
    ["2021", "", "", ""],
    ["Interim 2021 ordinary dividend", "31.0", "372.4", "24 March 2021"],
    ["Final 2020 ordinary dividend", "36.0", "432.0", "25 September 2020"],
    ["Special 2020 dividend", "8.0", "96.1", "25 September 2020"],
    ["Total dividends paid in 2021", "75.0", "900.5", ""],
]

RECEIVABLES = [
    ["", "Current", "Up to 30 days past due", "31–60 days past due", "More than 60 days past due", "Total"],
    ["31 March 2021", "", "", "", "", ""],
    ["Expected loss rate", "0.4%", "1.9%", "4.8%", "40.2%", "1.8%"],
    ["Gross carrying amount (£m)", "388.0", "61.2", "15.9", "10.4", "475.5"],
    ["Loss allowance (£m)", "(1.5)", "(1.2)", "(0.9)", "(5.1)", "(8.7)"],
    ["31 March 2020", "", "", "", "", ""],
    ["Expected loss rate", "0.5%", "2.2%", "5.0%", "44.0%", "2.0%"],
    ["Gross carrying amount (£m)", "360.1", "70.3", "19.2", "12.0", "461.6"],
    ["Loss allowance (£m)", "(1.8)", "(1.5)", "(1.0)", "(5.3)", "(9.6)"],
]

ARPU = [
    ["(in millions, except ARPU)", "Q4 2021", "Q3 2021"],
    ["Monthly active users", "2,912", "2,870"],
    ["Revenue", "21,400", "19,600"],
    ["Average revenue per user (ARPU)", "$7.35", "$6.83"],
]


def test_a_share_asked_beside_two_totals(tmp_path):
    answers_each(
        table_from_rows(GEOGRAPHY, tmp_path, "geography"),
        ("What share of total net sales did Europe account for in 2019?", "27.8%"),
    )


def test_a_part_said_within_its_whole(tmp_path):
    answers_each(
        table_from_rows(LEASES, tmp_path, "leases"),
        ("How much imputed interest was deducted from total operating lease payments?", "(296)"),
    )
    answers_each(
        table_from_rows(CAPITAL_LEASES, tmp_path, "capital"),
        ("How much of the capital lease minimum payments represented interest?", "(38.2)"),
    )


def test_labels_repeated_under_sections_name_rows_alone(tmp_path):
    answers_each(
        table_from_rows(BORROWINGS, tmp_path, "borrowings"),
        ("Which non-current borrowing had the largest balance as at 30 June 2021?", "Private placement notes"),
    )


def test_thereafter_under_a_spanning_label(tmp_path):
    answers_each(
        table_from_rows(OBLIGATIONS, tmp_path, "obligations"),
        ("How much is due on the convertible notes after 2022?", "1,150,000"),
    )


def test_a_bucket_that_says_or_less(tmp_path):
    answers_each(
        table_from_rows(LIQUIDITY, tmp_path, "liquidity"),
        ("What were contractual cash flows for trade payables due in 6 months or less?", "(296.0)"),
    )


def test_a_label_excluding_what_is_asked(tmp_path):
    answers_each(
        table_from_rows(DEBT, tmp_path, "debt"),
        ("What were current maturities of long-term debt in 2021?", "(305)"),
    )


def test_month_rows_ranked(tmp_path):
    answers_each(
        table_from_rows(MONTHS, tmp_path, "months"),
        ("In which month of 2021 were the most ADSs purchased?", "February 2021"),
    )


def test_an_item_under_a_heading_saying_its_name(tmp_path):
    answers_each(
        table_from_rows(EPS, tmp_path, "eps"),
        ("What was diluted EPS for the nine months ended September 30, 2020?", "$ 0.51"),
    )


def test_a_register_row_named_by_one_date(tmp_path):
    answers_each(
        table_from_rows(DIVIDEND_DATES, tmp_path, "dates"),
        ("What was the record date for the dividend paid on December 19, 2019?", "December 5, 2019"),
        ("What was the record date for the dividend declared November 12, 2020?", "December 3, 2020"),
    )


def test_an_outcome_reported_rather_than_another(tmp_path):
    answers_each(
        table_from_rows(RESULTS, tmp_path, "results"),
        ("In which year did the company report net income rather than a net loss?", "2021"),
    )


def test_rest_of_a_region_is_a_segment_and_a_kind_names_its_section(tmp_path):
    table = table_from_rows(SALES, tmp_path, "sales")
    answers_each(
        table,
        ("Which reportable segment had the lowest net sales in 2021?", "Rest of Asia Pacific"),
        ("Which product category saw its net sales decline in 2021 compared with 2020?", "Phones"),
    )


def test_the_currency_said(tmp_path):
    answers_each(
        table_from_rows(UK_DIVIDENDS, tmp_path, "uk"),
        ("What were total dividends paid in 2020/21 in £m?", "218.1"),
    )


def test_the_parts_of_a_total_of_the_kind_asked(tmp_path):
    answers_each(
        table_from_rows(PAID, tmp_path, "paid"),
        ("Which dividend paid in 2021 had the largest total amount?", "Final 2020 ordinary dividend"),
    )


def test_columns_of_the_kind_asked(tmp_path):
    answers_each(
        table_from_rows(RECEIVABLES, tmp_path, "receivables"),
        ("Which past-due band had the largest gross carrying amount at 31 March 2021?", "Up to 30 days past due"),
    )


def test_what_a_corner_note_excepts_names_rows(tmp_path):
    answers_each(
        table_from_rows(ARPU, tmp_path, "arpu"),
        ("What was ARPU in the fourth quarter of 2021?", "$7.35"),
    )


def test_a_change_column_is_no_part_of_a_sum(tmp_path):
    """ "2019 | 2018 | $ Difference": 2019 is 2018 and the change, and still a year compared."""
    rows = [
        ["", "2019", "2018", "$ Difference", "% Difference", ""],
        ["Products and licensing costs", "$16,684,172", "$8,078,870", "$8,605,302", "106.5%", ""],
        ["Technology development costs", "18,649,161", "15,400,475", "3,248,686", "21.1%", ""],
    ]
    answers_each(
        table_from_rows(rows, tmp_path, "costs"),
        ("In which year was Products and licensing costs less than 10,000,000?", "2018"),
    )


def test_a_quarter_said_whole_is_still_a_year_asked(tmp_path):
    rows = [
        ["OPERATING REVENUES", "Q4 2019", "Q4 2018", "$ CHANGE", "% CHANGE"],
        ["Bell Wireless", "2,493", "2,407", "86", "3.6%"],
        ["Bell Media", "879", "850", "29", "3.4%"],
        ["Total BCE operating revenues", "6,316", "6,215", "101", "1.6%"],
    ]
    table = table_from_rows([list(col) for col in zip(*rows, strict=True)], tmp_path, "transposed")
    from tablerag.qa.answer import answer_table

    answer = answer_table(
        table, "What is the percentage of Bell Wireless out of the Total BCE operating revenues in Q4 2019?"
    )
    assert answer is not None and abs(float(answer.value) - 2493 / 6316 * 100) < 0.01
