"""Note tables asked as report readers word them: an irregular plural ("useful lives"), "noncurrent" for a
"long-term" section, a movement column named beside a balance of the year, a share of a whole compared across
years, a "% decrease" and a tax "benefit" ranked by the amounts below zero, a sum that would add a price to an
amount, an item's move of the effective rate, and candidates offered as "among A, B and C". Tables are CSV files
the tests write."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tests.helpers import answers_each

EQUIPMENT = [
    ["(in thousands)", "Useful Lives", "2024", "2023"],
    ["Buildings", "30 years", "84,210", "80,115"],
    ["Tooling", "2 - 4 years", "9,876", "8,402"],
    ["Leasehold improvements", "Lesser of lease term or asset life", "6,531", "5,977"],
]


def test_the_useful_life_asked_is_the_useful_lives_column(tmp_path):
    answers_each(
        table_from_rows(EQUIPMENT, tmp_path, "equipment"),
        ("What is the useful life of leasehold improvements?", "Lesser of lease term or asset life"),
        ("What is the useful life of buildings?", "30 years"),
    )


ACCRUALS = [
    ["(in millions)", "2024", "2023"],
    ["Current liabilities:", "", ""],
    ["Warranty reserve", "$ 14.2", "$ 12.8"],
    ["Asset retirement obligations", "3.1", "2.7"],
    ["Long-term liabilities:", "", ""],
    ["Warranty reserve", "$ 22.5", "$ 19.6"],
    ["Asset retirement obligations", "17.4", "16.0"],
]


def test_noncurrent_names_the_long_term_section(tmp_path):
    answers_each(
        table_from_rows(ACCRUALS, tmp_path, "accruals"),
        ("What was the noncurrent warranty reserve in 2024?", "$ 22.5"),
        ("What were the noncurrent asset retirement obligations in 2023?", "16.0"),
        ("What was the current warranty reserve in 2024?", "$ 14.2"),
    )


GOODWILL = [
    ["(in millions)", "Balance at June 30, 2023", "Additions", "Disposals", "Balance at June 30, 2024"],
    ["Industrial", "$ 640.2", "88.1", "(12.4)", "$ 715.9"],
    ["Consumer", "$ 305.7", "—", "(4.0)", "$ 301.7"],
]


def test_a_movement_named_is_not_passed_over_for_the_balance_of_the_year(tmp_path):
    answers_each(
        table_from_rows(GOODWILL, tmp_path, "goodwill"),
        ("How much goodwill was added through additions in the Industrial segment during 2024?", "88.1"),
        ("What was the goodwill balance of the Consumer segment at June 30, 2024?", "$ 301.7"),
    )


CHANNELS = [
    ["(in thousands)", "2024", "% of Total", "2023", "% of Total", "2022", "% of Total"],
    ["Direct", "$ 512,300", "58.2%", "$ 470,150", "59.9%", "$ 401,900", "61.0%"],
    ["Distributors", "288,410", "32.8%", "251,030", "32.0%", "201,640", "30.6%"],
    ["Online", "79,250", "9.0%", "63,800", "8.1%", "55,370", "8.4%"],
    ["Total", "$ 879,960", "100.0%", "$ 784,980", "100.0%", "$ 658,910", "100.0%"],
]


def test_a_share_of_the_whole_is_compared_in_the_share_columns(tmp_path):
    table = table_from_rows(CHANNELS, tmp_path, "channels")
    answers_each(
        table,
        ("In which year was the direct channel's share of total revenue the highest?", "2022"),
        ("In which year was the Online share of total revenue the lowest?", "2023"),
        ("In which year was Direct revenue the highest?", "2024"),
    )
    # a share column beside each year is that year's share: its header says so
    assert table.column_name(4) == "2023 / % of Total"


PRODUCTS = [
    ["(in thousands)", "2024", "2023", "$ Change", "% Change"],
    ["Hardware", "$ 120,400", "$ 131,900", "$ (11,500)", "(8.7)%"],
    ["Software", "88,250", "71,300", "16,950", "23.8%"],
    ["Services", "41,020", "43,110", "(2,090)", "(4.8)%"],
]


def test_the_largest_percent_decrease_is_the_most_negative_rate(tmp_path):
    answers_each(
        table_from_rows(PRODUCTS, tmp_path, "products"),
        ("Which product had the largest % decrease?", "Hardware"),
        ("Which product had the largest % increase?", "Software"),
    )


PROVISION = [
    ["(in millions)", "2024", "2023", "2022"],
    ["Current:", "", "", ""],
    ["Federal", "$ 410.5", "$ 388.0", "$ 351.2"],
    ["State", "61.3", "57.9", "50.4"],
    ["Deferred:", "", "", ""],
    ["Federal", "(12.6)", "(40.3)", "18.8"],
    ["State", "(1.9)", "(3.4)", "2.2"],
    ["Total provision", "$ 457.3", "$ 402.2", "$ 422.6"],
]


def test_the_largest_tax_benefit_is_the_line_furthest_below_zero(tmp_path):
    answers_each(
        table_from_rows(PROVISION, tmp_path, "provision"),
        ("In which year was the deferred federal tax benefit the largest?", "2023"),
        ("In which year was the current federal tax expense the largest?", "2024"),
    )


DIVIDENDS = [
    ["Declaration Date", "Payment Date", "Dividend Per Share", "Amount (in millions)"],
    ["January 28, 2024", "March 8, 2024", "$ 0.52", "$ 141.6"],
    ["April 22, 2024", "June 7, 2024", "$ 0.52", "$ 140.9"],
    ["July 29, 2024", "September 6, 2024", "$ 0.55", "$ 148.3"],
]


def test_a_total_amount_never_adds_the_price_per_share_to_it(tmp_path):
    answers_each(
        table_from_rows(DIVIDENDS, tmp_path, "dividends"),
        ("What was the total amount of the dividend paid on June 7, 2024 (in millions)?", "$ 140.9"),
    )


RECONCILIATION = [
    ["(dollars in millions)", "2024", "", "2023", ""],
    ["", "Amount", "%", "Amount", "%"],
    ["Tax at statutory rate", "$ 840", "21.0%", "$ 760", "21.0%"],
    ["State taxes, net of federal benefit", "96", "2.4", "80", "2.2"],
    ["Research tax credits", "(52)", "(1.3)", "(47)", "(1.3)"],
    ["Foreign-derived intangible income deduction", "(28)", "(0.7)", "(33)", "(0.9)"],
    ["Provision for income taxes", "$ 856", "21.4%", "$ 760", "21.0%"],
]


def test_an_item_said_to_move_the_effective_rate_is_the_item_asked(tmp_path):
    answers_each(
        table_from_rows(RECONCILIATION, tmp_path, "reconciliation"),
        (
            "What percentage did the foreign-derived intangible income deduction reduce the effective tax rate in 2023?",
            "(0.9)",
        ),
        ("By what percentage did state taxes raise the effective tax rate in 2024?", "2.4"),
    )


SEGMENTS = [
    ["", "Year Ended December 31, 2024", "", "", "", ""],
    ["(in millions)", "North America", "Europe", "Asia", "Corporate", "Total"],
    ["Revenue", "$ 3,905.2", "$ 1,774.0", "$ 1,120.8", "$ 8.3", "$ 6,808.3"],
    ["Operating income", "611.4", "203.9", "176.2", "(144.7)", "846.8"],
]


def test_candidates_offered_among_several_columns_are_ranked(tmp_path):
    answers_each(
        table_from_rows(SEGMENTS, tmp_path, "segments"),
        ("Among North America, Europe and Asia, which segment had the lowest revenue?", "Asia"),
        ("Between Europe and Asia, which segment had the higher operating income?", "Europe"),
    )


CONCENTRATION = [
    ["", "Percentage of Revenue", "", "", "Percentage of Accounts Receivable", ""],
    ["", "2024", "2023", "2022", "2024", "2023"],
    ["Customer A", "17%", "15%", "12%", "24%", "19%"],
    ["Customer B", "11%", "*", "14%", "13%", "16%"],
    ["Customer C", "*", "10%", "13%", "*", "11%"],
]


def test_account_for_is_a_share_verb_not_accounts_receivable(tmp_path):
    answers_each(
        table_from_rows(CONCENTRATION, tmp_path, "concentration"),
        ("What percentage of revenue did Customer A account for in 2023?", "15%"),
        ("What percentage of accounts receivable did Customer B account for in 2024?", "13%"),
    )


TIMING = [
    ["(in millions)", "2024", "2023"],
    ["Products:", "", ""],
    ["Point in time", "$ 1,904", "$ 1,812"],
    ["Over time", "611", "570"],
    ["Services:", "", ""],
    ["Point in time", "288", "301"],
    ["Over time", "1,045", "986"],
    ["Total revenue", "$ 3,848", "$ 3,669"],
]


def test_revenue_recognized_over_time_names_no_whole(tmp_path):
    answers_each(
        table_from_rows(TIMING, tmp_path, "timing"),
        ("What was services revenue recognized over time in 2023?", "986"),
        ("What was products revenue recognized at a point in time in 2024?", "$ 1,904"),
    )


HOLDINGS = [
    ["(in millions)", "Fair Value Hierarchy", "March 31, 2024", "March 31, 2023"],
    ["Money market funds", "Level 1", "$ 812", "$ 760"],
    ["Treasury bills", "Level 1", "406", "388"],
    ["Commercial paper", "Level 2", "244", "198"],
    ["Corporate bonds", "Level 2", "1,377", "1,290"],
    ["Asset-backed securities", "Level 2", "163", "171"],
    ["Auction rate securities", "Level 3", "31", "36"],
    ["Total", "", "$ 3,033", "$ 2,843"],
]


def test_an_attribute_column_said_whole_is_asked_though_its_cell_names_the_row(tmp_path):
    answers_each(
        table_from_rows(HOLDINGS, tmp_path, "holdings"),
        ("What is the fair value hierarchy level of commercial paper?", "Level 2"),
        ("In which level of the fair value hierarchy are auction rate securities classified?", "Level 3"),
    )


RANGES = [
    ["", "Options Outstanding", "", "Options Exercisable", ""],
    [
        "Range of Exercise Prices",
        "Number Outstanding",
        "Weighted-Average Exercise Price",
        "Number Exercisable",
        "Weighted-Average Exercise Price",
    ],
    ["$5.00 - $15.00", "840,200", "$ 11.20", "840,200", "$ 11.20"],
    ["$15.01 - $30.00", "1,512,000", "$ 22.75", "1,020,400", "$ 21.90"],
    ["$30.01 - $45.00", "655,300", "$ 38.10", "101,500", "$ 36.40"],
]


def test_the_kind_the_row_labels_are_said_by_names_no_column_ranked(tmp_path):
    answers_each(
        table_from_rows(RANGES, tmp_path, "ranges"),
        ("Which range of exercise prices had the largest number of options outstanding?", "$15.01 - $30.00"),
        ("Which range of exercise prices had the highest weighted-average exercise price?", "$30.01 - $45.00"),
    )


HEADCOUNT = [
    ["", "As of December 31, 2024", "", "", ""],
    ["Function", "North America", "Europe", "Asia", "Total"],
    ["Engineering", "2,104", "880", "1,502", "4,486"],
    ["Sales", "1,390", "1,115", "604", "3,109"],
    ["Operations", "702", "298", "1,811", "2,811"],
    ["Total employees", "4,196", "2,293", "3,917", "10,406"],
]


def test_a_kind_said_by_the_label_header_ranks_the_rows_not_the_total_across(tmp_path):
    answers_each(
        table_from_rows(HEADCOUNT, tmp_path, "headcount"),
        ("Which function had the largest headcount in Asia?", "Operations"),
        ("Which function had the largest headcount in Europe?", "Sales"),
    )


ASSUMPTIONS = [
    ["", "2024", "2023", "2022"],
    ["Expected volatility", "31.0% - 35.2%", "28.4% - 33.9%", "26.1% - 29.7%"],
    ["Risk-free interest rate", "3.9% - 4.6%", "3.4% - 4.2%", "1.2% - 2.9%"],
    ["Dividend yield", "0.9%", "1.4%", "1.1%"],
    ["Weighted-average grant date fair value", "$ 21.06", "$ 17.35", "$ 19.80"],
]


def test_an_assumptions_table_ranks_its_numbers_beside_ranges(tmp_path):
    table = table_from_rows(ASSUMPTIONS, tmp_path, "assumptions")
    answers_each(
        table,
        ("Which year had the highest dividend yield assumption?", "2023"),
        ("In which year was the weighted-average grant date fair value the lowest?", "2023"),
        ("What was the maximum expected volatility in 2023?", "33.9%"),
    )


COUNTRIES = [
    ["(in thousands)", "2024", "2023"],
    ["United States", "$ 702,118", "$ 655,430"],
    ["Japan", "141,906", "150,212"],
    ["Germany", "155,377", "139,804"],
    ["Brazil", "61,240", "58,115"],
    ["Total revenue", "$ 1,060,641", "$ 1,003,561"],
]


def test_other_than_leaves_the_row_out_of_the_ranking(tmp_path):
    answers_each(
        table_from_rows(COUNTRIES, tmp_path, "countries"),
        ("Which country other than the United States generated the highest revenue in 2024?", "Germany"),
        ("Which country other than the United States generated the highest revenue in 2023?", "Japan"),
    )


RECOGNIZED = [
    ["", "Pension Benefits", "", "Other Postretirement Benefits", ""],
    ["(in millions)", "2024", "2023", "2024", "2023"],
    ["Other assets (noncurrent)", "$ 96", "$ 81", "$ —", "$ —"],
    ["Accrued liabilities (current)", "(14)", "(12)", "(22)", "(25)"],
    ["Pension and other postretirement benefit liabilities (noncurrent)", "(804)", "(911)", "(287)", "(301)"],
]


def test_of_columns_the_row_names_alike_the_one_said_whole_is_asked(tmp_path):
    answers_each(
        table_from_rows(RECOGNIZED, tmp_path, "recognized"),
        ("What was the noncurrent pension benefit liability as of year end 2024?", "(804)"),
        ("What was the noncurrent other postretirement benefit liability in 2023?", "(301)"),
    )


TREND = [
    ["", "2024", "2023"],
    ["Health care cost trend rate assumed for next year", "7.00%", "6.75%"],
    ["Rate to which the cost trend rate is assumed to decline (the ultimate trend rate)", "4.75%", "4.50%"],
    ["Year that the rate reaches the ultimate trend rate", "2032", "2030"],
]


def test_a_row_stating_when_answers_no_rate_asked(tmp_path):
    answers_each(
        table_from_rows(TREND, tmp_path, "trend"),
        ("What is the ultimate trend rate in 2024?", "4.75%"),
        ("In what year does the rate reach the ultimate trend rate, as assumed in 2023?", "2030"),
    )


CLASSES = [
    ["(in millions)", "Goodwill", "Software", "Customer relationships", "Brands", "Other", "Total"],
    ["Carrying amount", "", "", "", "", "", ""],
    ["Balance at June 30, 2023", "412", "96", "188", "73", "21", "790"],
    ["Balance at June 30, 2024", "405", "104", "171", "70", "19", "769"],
]

ASSETS = [
    ["€ million", "31 December 2024", "31 December 2023"],
    ["Property, plant and equipment", "3,904", "3,711"],
    ["Goodwill", "1,215", "1,190"],
    ["Other intangible assets", "488", "502"],
    ["Total non-current assets", "5,607", "5,403"],
]


def test_other_than_names_no_other_column_and_reads_as_the_other_row(tmp_path):
    answers_each(
        table_from_rows(CLASSES, tmp_path, "classes"),
        (
            "Which class of intangible assets other than goodwill had the largest carrying amount at June 30, 2024?",
            "Customer relationships",
        ),
    )
    answers_each(
        table_from_rows(ASSETS, tmp_path, "assets"),
        ("What were intangible assets other than goodwill at 31 December 2024?", "488"),
    )
