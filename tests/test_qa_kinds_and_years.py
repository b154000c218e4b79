"""Questions that name what they ask by another word than the table: years as rows named "FY16" or "2019/20",
a measure column named by another word ("headcount" for "Employees"), a currency said in words over ISO-coded
columns, a note reference asked by "which note"; rankings over the kind asked (a section heading, the parts of a
named total, no deduction), a superlative beside a bound, and an amount beside its share being no kinds to rank.
Tables are written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

FIVE_YEARS = [
    ["Year", "Revenue", "Operating income (loss)", "Net income", "Employees"],
    ["(in millions, except employees)", "", "", "", ""],
    ["2015", "$ 4,812", "$ (12)", "$ 388", "21,400"],
    ["2016", "$ 5,034", "$ 655", "$ 412", "22,100"],
    ["2017", "$ 5,391", "$ 701", "$ 455", "23,050"],
    ["2018", "$ 5,207", "$ 588", "$ 301", "22,600"],
]
SPLIT_YEARS = [
    ["Fiscal year", "Revenue", "Operating income", "Net income"],
    ["", "(€ millions)", "(€ millions)", "(€ millions)"],
    ["2019/20", "7,842", "612", "401"],
    ["2018/19", "8,105", "744", "520"],
    ["2017/18", "7,690", "701", "488"],
]
EXPOSURE = [
    ["", "USD", "EUR", "GBP", "RMB"],
    ["", "£m", "£m", "£m", "£m"],
    ["Trade receivables", "42.8", "31.5", "6.2", "9.7"],
    ["Borrowings", "(60.0)", "(25.0)", "—", "—"],
    ["Net statement of financial position exposure", "(26.1)", "(0.4)", "4.8", "3.2"],
    ["Forward exchange contracts", "(30.0)", "(20.0)", "—", "25.0"],
    ["Net exposure", "(12.3)", "13.1", "4.8", "(6.4)"],
]
INCOME_STATEMENT = [
    ["", "Note", "2019", "2018"],
    ["Revenue", "5", "4,862,310", "4,517,845"],
    ["Finance costs", "7", "(58,927)", "(41,386)"],
    ["Profit before tax", "8", "423,528", "390,023"],
    ["Income tax expense", "11", "(71,995)", "(64,354)"],
    ["Profit for the year", "", "351,533", "325,669"],
]
REVENUE_SECTIONS = [
    ["", "2020", "2019"],
    ["Timing of revenue recognition", "", ""],
    ["Products transferred at a point in time", "$ 3,482", "$ 3,106"],
    ["Products and services transferred over time", "5,917", "4,863"],
    ["Total revenue", "$ 9,399", "$ 7,969"],
    ["Sales channel", "", ""],
    ["Direct", "$ 5,264", "$ 4,381"],
    ["Channel partners", "3,386", "2,989"],
    ["Online marketplaces", "749", "599"],
    ["Total revenue", "$ 9,399", "$ 7,969"],
]
INVENTORIES = [
    ["", "30 June 2020", "30 June 2019"],
    ["Raw materials and consumables", "186.4", "171.9"],
    ["Work in progress", "42.7", "39.5"],
    ["Finished goods", "503.2", "447.8"],
    ["Less: provision for obsolescence", "(38.6)", "(31.4)"],
    ["Total inventories", "693.7", "627.8"],
]
HEADCOUNT = [
    ["", "As at 30 June 2020", "", "", "As at 30 June 2019", "", ""],
    ["", "Australia", "International", "Total", "Australia", "International", "Total"],
    ["Network and technology", "4,812", "1,306", "6,118", "5,274", "1,188", "6,462"],
    ["Sales and customer service", "7,945", "2,417", "10,362", "8,610", "2,205", "10,815"],
    ["Corporate and support functions", "2,036", "488", "2,524", "2,191", "452", "2,643"],
    ["Total full-time equivalent employees", "14,793", "4,211", "19,004", "16,075", "3,845", "19,920"],
]
GENERATION = [
    ["", "2023", "", "2022", ""],
    ["", "GWh", "% share", "GWh", "% share"],
    ["Coal", "8,412", "31.2%", "10,956", "38.6%"],
    ["Natural gas", "7,205", "26.7%", "7,489", "26.4%"],
    ["Solar", "1,522", "5.6%", "1,004", "3.5%"],
    ["Total generation", "17,139", "100.0%", "19,449", "100.0%"],
]
RATIOS = [
    ["", "Gross written premium", "", "Claims ratio (%)", ""],
    ["R million", "2019", "2018", "2019", "2018"],
    ["Personal", "11,842", "11,206", "58.4", "61.2"],
    ["Commercial", "9,315", "8,774", "62.7", "57.9"],
]


def test_a_year_row_named_by_its_short_fiscal_form(tmp_path):
    table = table_from_rows(FIVE_YEARS, tmp_path, "years")
    answers_each(
        table,
        ("How many employees did the company have in FY16?", "22,100"),
        ("How many people did the company employ in FY16?", "22,100"),  # a headcount, no count of rows
        ("What was headcount at the end of fiscal 2017?", "23,050"),  # "headcount" is the "Employees" column
        ("What were sales in fiscal year 2018?", "$ 5,207"),  # not the "Year" column the rows are keyed by
    )


def test_a_fiscal_year_written_across_two_years_is_a_year_row(tmp_path):
    table = table_from_rows(SPLIT_YEARS, tmp_path, "split")
    answers_each(
        table,
        ("What was net income in the most recent fiscal year shown?", "401"),
        ("What was revenue in fiscal 2018/19?", "8,105"),
    )


def test_the_one_year_row_of_a_loss_names_the_year(tmp_path):
    table = table_from_rows(FIVE_YEARS, tmp_path, "years")
    loss = answer_table(table, "In which year did the company record an operating loss?")
    assert loss is not None and loss.label == "2015" and {c["row"] for c in loss.citations} == {2}


def test_a_currency_said_in_words_is_its_code(tmp_path):
    table = table_from_rows(EXPOSURE, tmp_path, "exposure")
    answers_each(
        table,
        ("What were euro-denominated borrowings?", "(25.0)"),
        ("What was the amount of US dollar forward exchange contracts?", "(30.0)"),
        ("What were renminbi trade receivables?", "9.7"),
        ("What was the net statement of financial position exposure to sterling?", "4.8"),
    )


def test_the_largest_positive_exposure_after_a_qualifier(tmp_path):
    """ "After forward exchange contracts" says how the net exposure was reached; "positive" ranks, it is no
    "position" and asks for no set of currencies."""
    table = table_from_rows(EXPOSURE, tmp_path, "exposure")
    largest = answer_table(
        table, "Which currency had the largest positive net exposure after forward exchange contracts?"
    )
    assert largest is not None and largest.label == "EUR"


def test_which_note_is_the_note_reference(tmp_path):
    table = table_from_rows(INCOME_STATEMENT, tmp_path, "statement")
    answers_each(table, ("Which note number discloses the income tax expense?", "11"))
    year = answer_table(table, "In which year was the income tax expense larger?")
    assert year is not None and year.label == "2019"  # a year asked is still no note


def test_a_kind_named_by_a_section_heading(tmp_path):
    table = table_from_rows(REVENUE_SECTIONS, tmp_path, "revenue")
    least = answer_table(table, "Which sales channel generated the least revenue in 2019?")
    assert least is not None and least.label == "Online marketplaces"


def test_a_deduction_is_no_item_ranked(tmp_path):
    table = table_from_rows(INVENTORIES, tmp_path, "inventories")
    smallest = answer_table(table, "Which inventory category was the smallest at 30 June 2020?")
    assert smallest is not None and smallest.label == "Work in progress"


def test_the_parts_of_a_named_total_are_ranked_when_they_are_the_kind(tmp_path):
    table = table_from_rows(HEADCOUNT, tmp_path, "headcount")
    most = answer_table(table, "Which function employed the most people in total at 30 June 2020?")
    assert most is not None and most.label == "Sales and customer service"


def test_an_amount_and_its_share_are_no_kinds_to_rank(tmp_path):
    table = table_from_rows(GENERATION, tmp_path, "generation")
    least = answer_table(table, "Which fuel had the smallest share of the generation mix in 2022?")
    assert least is not None and least.label == "Solar" and {c["col"] for c in least.citations} == {4}


def test_a_ratio_asked_is_the_ratio_column(tmp_path):
    table = table_from_rows(RATIOS, tmp_path, "ratios")
    answers_each(
        table,
        ("What was the claims ratio for Commercial in 2019?", "62.7"),
        ("What was gross written premium for Commercial in 2019?", "9,315"),
    )


ORDER_BOOK = [
    ["", "31 Dec 2023", "31 Dec 2022", "Change", "% of 2023 order book"],
    ["", "£m", "£m", "%", ""],
    ["Infrastructure", "6,842", "5,915", "15.7", "44.6%"],
    ["Building", "3,105", "3,388", "(8.4)", "20.3%"],
    ["Energy and utilities", "2,760", "2,145", "28.7", "18.0%"],
    ["Total order book", "12,707", "11,448", "11.0", "82.9%"],
]
LEASES = [
    ["", "2020", "2019"],
    ["", "£m", "£m"],
    ["Within one year", "186.2", "179.5"],
    ["After one year", "1,226.9", "1,287.7"],
    ["Total undiscounted lease liabilities", "1,413.1", "1,467.2"],
    ["Less: future finance charges", "(298.5)", "(327.9)"],
    ["Lease liabilities", "1,114.6", "1,139.3"],
    ["Analysed as:", "", ""],
    ["Current", "148.9", "142.2"],
    ["Non-current", "965.7", "997.1"],
]
CHANNELS = [
    ["(in thousands)", "Fiscal 2020", "Fiscal 2019"],
    ["Stores", "$ 1,842,306", "$ 2,104,877"],
    ["E-commerce", "1,116,492", "612,038"],
    ["Total net sales", "$ 2,958,798", "$ 2,716,915"],
    ["E-commerce as a % of total net sales", "37.7%", "22.5%"],
]
HALF_YEARS = [
    ["", "Half Year", "", "", "Movement"],
    ["", "Mar 20", "Sep 19", "Mar 19", "Mar 20 v. Sep 19"],
    ["Gross impaired assets ($m)", "2,486", "2,212", "2,050", "12%"],
    ["Gross loans and advances ($m)", "621,500", "614,444", "602,941", "1%"],
    ["Gross impaired assets to gross loans and advances", "0.40%", "0.36%", "0.34%", "4 bps"],
]


def test_a_part_of_a_total_beside_a_change_column(tmp_path):
    """The total sums its parts in the amounts; its "% change" is no sum of theirs, and does not hide them."""
    table = table_from_rows(ORDER_BOOK, tmp_path, "orders")
    answers_each(
        table,
        ("What was the infrastructure order book at the end of 2022?", "5,915"),
        ("What was the total order book at 31 December 2023?", "12,707"),
    )


def test_rows_analysing_the_balance_above_are_its_parts(tmp_path):
    table = table_from_rows(LEASES, tmp_path, "leases")
    answers_each(
        table,
        ("What was the non-current lease liability in 2019?", "997.1"),
        ("What were lease liabilities in 2020?", "1,114.6"),
        ("What was the current portion of lease liabilities in 2020?", "148.9"),
    )


def test_an_item_before_its_share_of_the_total(tmp_path):
    table = table_from_rows(CHANNELS, tmp_path, "channels")
    answers_each(
        table,
        ("What were e-commerce sales in fiscal 2019?", "612,038"),
        ("What was e-commerce as a percentage of total net sales in fiscal 2019?", "22.5%"),
    )


def test_half_years_headed_by_month_and_two_digit_year(tmp_path):
    """ "Sep 19" is September 2019; a row of percentages states the ratio asked, computed from nothing."""
    table = table_from_rows(HALF_YEARS, tmp_path, "halves")
    answers_each(
        table,
        ("What was the ratio of gross impaired assets to gross loans in the September 2019 half?", "0.36%"),
        ("What were gross impaired assets in March 2019?", "2,050"),
    )


CAPITAL = [
    ["", "December 31, 2019", "", "", "December 31, 2018", "", ""],
    [
        "",
        "Standardized Approach",
        "Advanced Approaches",
        "Regulatory Minimum",
        "Standardized Approach",
        "Advanced Approaches",
        "Regulatory Minimum",
    ],
    ["Tier 1 capital ratio", "12.6%", "13.0%", "11.0%", "13.2%", "13.4%", "9.75%"],
    ["Total capital ratio", "14.8%", "14.7%", "13.0%", "15.4%", "15.1%", "11.75%"],
    ["Tier 1 capital", "188,492", "188,492", "", "189,038", "189,038", ""],
    ["Total capital", "221,230", "213,098", "", "221,304", "212,878", ""],
]


def test_a_ratio_row_in_columns_of_amounts_and_ratios(tmp_path):
    """A row of ratios holds a ratio in every column: the column the question names, not the one of percentages
    beside it; "regulatory minimum" names a column, it asks for no minimum."""
    table = table_from_rows(CAPITAL, tmp_path, "capital")
    answers_each(
        table,
        ("What was the Standardized total capital ratio in 2018?", "15.4%"),
        ("What was the regulatory minimum Tier 1 capital ratio at December 31, 2018?", "9.75%"),
        ("What was total capital under the Standardized Approach at the end of 2018?", "221,304"),
    )


def test_which_half_year_is_a_period_asked(tmp_path):
    table = table_from_rows(HALF_YEARS, tmp_path, "halves")
    lowest = answer_table(table, "In which half year were gross impaired assets the lowest?")
    assert lowest is not None and lowest.label == "Mar 19" and {c["row"] for c in lowest.citations} == {2}


RATE_RECONCILIATION = [
    ["", "2020", "", "2019", ""],
    ["", "£m", "%", "£m", "%"],
    ["Profit before taxation", "412.6", "", "386.1", ""],
    ["Tax at UK corporation tax rate of 19%", "78.4", "19.0", "73.4", "19.0"],
    ["Expenses not deductible for tax purposes", "6.2", "1.5", "4.9", "1.3"],
    ["Adjustments in respect of prior years", "(3.1)", "(0.8)", "1.7", "0.4"],
    ["Total tax charge", "81.5", "19.7", "80.0", "20.7"],
]


def test_the_effective_rate_is_the_rate_the_reconciliation_ends_in(tmp_path):
    table = table_from_rows(RATE_RECONCILIATION, tmp_path, "rates")
    answers_each(
        table,
        ("What was the effective tax rate in 2020?", "19.7"),
        ("What was the effective tax rate in 2019?", "20.7"),
        ("What was the total tax charge in 2020?", "81.5"),
    )


FAIR_VALUE = [
    ["", "Level 1", "Level 2", "Level 3", "Total"],
    ["December 31, 2019", "", "", "", ""],
    ["Money market funds", "$ 412", "$ —", "$ —", "$ 412"],
    ["Corporate debt securities", "—", "541", "—", "541"],
    ["Total assets measured at fair value", "$ 412", "$ 541", "$ —", "$ 953"],
    ["December 31, 2018", "", "", "", ""],
    ["Money market funds", "$ 385", "$ —", "$ —", "$ 385"],
    ["Corporate debt securities", "—", "498", "—", "498"],
    ["Total assets measured at fair value", "$ 385", "$ 498", "$ —", "$ 883"],
]


def test_one_amount_beside_nil_marks_is_the_rows_value(tmp_path):
    """No column named: a row holding one amount in its level and again in the total column is that amount,
    cited in the total column."""
    table = table_from_rows(FAIR_VALUE, tmp_path, "fair")
    answer = answer_table(table, "What was the fair value of corporate debt securities at December 31, 2018?")
    assert answer is not None and answer.value == "498" and [c["col"] for c in answer.citations] == [4]
    answers_each(table, ("How much were money market funds worth at the end of 2018?", "$ 385"))


BOARD = [
    ["Name", "Age", "Position", "Director since"],
    ["Margaret L. Hensley", "61", "Chair of the Board", "2009"],
    ["Thomas J. Whitaker", "67", "Lead Independent Director", "2011"],
    ["Ellen V. Brandt", "45", "Director", "2020"],
    ["James P. Kowalski", "72", "Director", "2007"],
]
STATIONS = [
    ["Power station", "Fuel", "Capacity (MW)", "Commissioned"],
    ["Yallourn North", "Brown coal", "1,480", "1975"],
    ["Mortlake Peak", "Gas (OCGT)", "566", "2012"],
    ["Tumut Valley", "Hydro", "150", "1962"],
]


def test_the_oldest_and_youngest_by_age_or_by_year(tmp_path):
    board = table_from_rows(BOARD, tmp_path, "board")
    youngest = answer_table(board, "Who is the youngest board member?")
    assert youngest is not None and youngest.label == "Ellen V. Brandt"
    oldest = answer_table(board, "Who is the oldest director?")
    assert oldest is not None and oldest.label == "James P. Kowalski"
    stations = table_from_rows(STATIONS, tmp_path, "stations")
    first = answer_table(stations, "Which power station is the oldest?")  # commissioned first: the earliest year
    assert first is not None and first.label == "Tumut Valley"
    newest = answer_table(stations, "Which power station is the newest?")
    assert newest is not None and newest.label == "Mortlake Peak"


ASSUMPTIONS = [
    ["", "Stock Options", "", "Employee Stock Purchase Plan", ""],
    ["", "2020", "2019", "2020", "2019"],
    ["Expected volatility", "35.2% - 41.0%", "33.8% - 38.5%", "38.7%", "34.1%"],
    ["Risk-free interest rate", "0.3% - 1.7%", "1.6% - 2.6%", "1.5%", "2.4%"],
    ["Expected term (in years)", "5.9 - 6.1", "5.8 - 6.1", "0.5", "0.5"],
    ["Weighted-average grant date fair value per share", "$24.18", "$19.63", "$9.87", "$7.45"],
]


def test_what_assumption_was_used_asks_that_rows_value(tmp_path):
    """ "What X was used / assumed" asks the X row's value, as "what X was recorded" does: X is no kind of row."""
    table = table_from_rows(ASSUMPTIONS, tmp_path, "assumptions")
    answers_each(
        table,
        ("What range of expected volatility was used for stock options granted in 2019?", "33.8% - 38.5%"),
        ("What risk-free interest rate was assumed for the ESPP in 2020?", "1.5%"),
        ("What expected term was used for option grants in 2020?", "5.9 - 6.1"),
    )


AUM = [
    ["(Billions of yen)", "March 31, 2020", "December 31, 2019"],
    ["Publicly offered investment trusts", "31,206", "36,418"],
    ["Of which: ETFs", "19,874", "23,302"],
    ["Privately placed investment trusts", "6,118", "6,627"],
    ["Alternative investments", "1,927", "1,894"],
    ["Total assets under management", "39,251", "44,939"],
]


def test_a_line_inside_a_part_is_a_part_of_the_total(tmp_path):
    """ "Of which: ETFs" is counted in the line above it: the total sums the other lines, and "ETF AUM" is the
    ETF line, not the total the table's subject words name."""
    table = table_from_rows(AUM, tmp_path, "aum")
    answers_each(
        table,
        ("What was ETF AUM at December 31, 2019?", "23,302"),
        ("What was total AUM at March 31, 2020?", "39,251"),
    )


HALVES = [
    ["A$m", "1H20", "2H19", "1H19"],
    ["Gross written premium", "6,214", "6,408", "5,987"],
    ["Net claims expense", "(3,342)", "(3,115)", "(3,211)"],
    ["Loss ratio (%)", "67.8", "63.9", "67.4"],
]


def test_halves_written_1h19_name_their_year(tmp_path):
    table = table_from_rows(HALVES, tmp_path, "halves")
    answers_each(
        table,
        ("What was net claims expense in the first half of 2019?", "(3,211)"),
        ("What was gross written premium in the second half of 2019?", "6,408"),
    )
    lowest = answer_table(table, "In which half was the loss ratio the lowest?")
    assert lowest is not None and lowest.label == "2H19"


BACKLOG = [
    ["", "December 31, 2019", "December 31, 2018"],
    ["Commercial Aviation", "$ 1,284.6", "$ 1,151.2"],
    ["Government Services", "2,076.9", "1,938.5"],
    ["Energy Systems", "938.4", "1,012.6"],
    ["Total backlog", "$ 4,299.9", "$ 4,102.3"],
]


def test_rows_that_moved_between_two_dates(tmp_path):
    """The day of a date ("December 31") is no bound on the move asked."""
    table = table_from_rows(BACKLOG, tmp_path, "backlog")
    fell = answer_table(table, "Which segment's backlog declined from December 31, 2018 to December 31, 2019?")
    assert fell is not None and fell.label == "Energy Systems"


REPURCHASES = [
    ["Period", "Total Number of Shares Purchased", "Average Price Paid per Share"],
    ["October 1 - October 31, 2019", "—", "$ —"],
    ["November 1 - November 30, 2019", "1,842,376", "$ 27.14"],
    ["December 1 - December 31, 2019", "2,063,915", "$ 29.07"],
    ["Total", "3,906,291", "$ 28.16"],
]


def test_total_said_for_the_column_is_no_total_row(tmp_path):
    """ "In total" names the "Total Number of Shares Purchased" column; the month named is the row."""
    table = table_from_rows(REPURCHASES, tmp_path, "repurchases")
    answers_each(
        table,
        ("How many shares were purchased in total in December 2019?", "2,063,915"),
        ("How many shares were purchased in total during the fourth quarter of 2019?", "3,906,291"),
    )


NOTIONAL_TAX = [
    ["", "2020", "", "2019", ""],
    ["", "HK$ million", "%", "HK$ million", "%"],
    ["Profit before taxation", "6,842", "", "5,917", ""],
    ["Notional tax on profit before taxation, calculated at the rates applicable", "1,354", "19.8", "1,148", "19.4"],
    ["Tax effect of non-deductible expenses", "212", "3.1", "187", "3.2"],
    ["Tax effect of non-taxable income", "(318)", "(4.6)", "(265)", "(4.5)"],
    ["Actual tax expense", "1,248", "18.3", "1,070", "18.1"],
]
ALLOWANCES = [
    ["", "Balance at Beginning of Period", "Charged to Costs and Expenses", "Deductions", "Balance at End of Period"],
    ["Allowance for doubtful accounts:", "", "", "", ""],
    ["Year ended December 31, 2020", "$ 14,862", "$ 9,417", "$ (7,205)", "$ 17,074"],
    ["Year ended December 31, 2019", "$ 13,508", "$ 6,931", "$ (5,577)", "$ 14,862"],
    ["Sales returns reserve:", "", "", "", ""],
    ["Year ended December 31, 2020", "$ 3,210", "$ 11,846", "$ (11,302)", "$ 3,754"],
    ["Year ended December 31, 2019", "$ 2,987", "$ 10,512", "$ (10,289)", "$ 3,210"],
]
WARRANTY = [
    ["", "Year Ended September 30,", ""],
    ["(in thousands)", "2020", "2019"],
    ["Balance at beginning of year", "$ 21,486", "$ 19,102"],
    ["Warranties issued during the year", "14,230", "12,874"],
    ["Settlements made during the year", "(13,015)", "(11,356)"],
    ["Changes in estimate for pre-existing warranties", "(642)", "866"],
    ["Balance at end of year", "$ 22,059", "$ 21,486"],
]
REGIONS = [
    ["", "Occupancy", "", "Average rent (£ psf)", ""],
    ["Region", "2023", "2022", "2023", "2022"],
    ["London", "96.8%", "95.1%", "68.40", "65.75"],
    ["Midlands", "92.5%", "90.3%", "18.60", "17.95"],
    ["Portfolio", "93.8%", "93.2%", "35.90", "34.70"],
]
DELIVERIES = [
    ["Scheduled deliveries", "A320neo", "A321neo", "787-9", "Total"],
    ["2024", "6", "4", "2", "12"],
    ["2025", "8", "5", "3", "16"],
    ["2026", "5", "6", "–", "11"],
    ["Total", "19", "15", "5", "39"],
]
FEES = [
    ["", "Average AUM", "", "Average fee rate (bps)", ""],
    ["($ in billions)", "Q4 2019", "Q4 2018", "Q4 2019", "Q4 2018"],
    ["Active equity", "412.6", "398.1", "58.2", "59.7"],
    ["Passive equity", "1,284.3", "1,071.8", "4.1", "4.4"],
    ["Active fixed income", "546.9", "501.2", "21.6", "22.3"],
]


def test_the_effective_rate_when_no_row_is_linked_by_its_words(tmp_path):
    table = table_from_rows(NOTIONAL_TAX, tmp_path, "notional")
    answers_each(table, ("What was the effective tax rate in 2020?", "18.3"))


def test_a_balance_column_keeps_the_beginning_asked(tmp_path):
    """ "At the beginning of 2020" over a "Balance at Beginning of Period" column: that column, in the 2020 row."""
    table = table_from_rows(ALLOWANCES, tmp_path, "allowances")
    answers_each(
        table,
        ("What was the sales returns reserve at the beginning of 2020?", "$ 3,210"),
        ("What was the allowance for doubtful accounts at the end of 2019?", "$ 14,862"),
    )


def test_an_amount_at_a_date_is_the_closing_balance(tmp_path):
    table = table_from_rows(WARRANTY, tmp_path, "warranty")
    answers_each(
        table,
        ("What was the warranty liability at September 30, 2020?", "$ 22,059"),
        ("How many warranties were issued during fiscal 2019?", "12,874"),
    )


def test_a_measure_named_is_not_traded_for_another_beside_it(tmp_path):
    table = table_from_rows(REGIONS, tmp_path, "regions")
    answers_each(
        table,
        ("What was occupancy in the Midlands in 2023?", "92.5%"),
        ("What was the average rent in London in 2022?", "65.75"),
    )


def test_which_year_most_over_kinds_and_their_total(tmp_path):
    table = table_from_rows(DELIVERIES, tmp_path, "deliveries")
    most = answer_table(table, "In which year are the most aircraft scheduled to arrive?")
    assert most is not None and most.label == "2025" and [c["col"] for c in most.citations][:1] == [4]


def test_basis_points_are_no_amounts_of_the_tables_currency(tmp_path):
    table = table_from_rows(FEES, tmp_path, "fees")
    units = {c.col: c.unit for c in table.cells if c.row == 3 and c.value is not None}
    assert units[1] == "billion USD" and units[3] == "bps"
    lowest = answer_table(table, "Which product earned the lowest fee margin in the fourth quarter of 2019?")
    assert lowest is not None and lowest.label == "Passive equity"
