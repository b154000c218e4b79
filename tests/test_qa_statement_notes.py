"""Notes to the statements as a reader reads them: a share capital movement whose unit row sets each column's
unit ("'000" shares beside "$'000" money), so "how many" is the count and "how much" the money; a remuneration
table in year sections, ranked within the year asked; a line opening with its sign ("Less: Loss allowance") named
whole by the question; "PP&E" over asset-class columns, the table's subject, not one class. Tables are written as
CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

SHARE_CAPITAL = [
    ["", "2019", "", "2018", ""],
    ["", "Number of ordinary shares", "Amount", "Number of ordinary shares", "Amount"],
    ["", "'000", "$'000", "'000", "$'000"],
    ["At beginning of year", "612,480", "248,920", "608,150", "246,315"],
    ["Issued under share option scheme", "2,140", "1,305", "4,330", "2,605"],
    ["Share buy-back", "(3,500)", "(2,142)", "—", "—"],
    ["At end of year", "611,120", "248,083", "612,480", "248,920"],
]
REMUNERATION = [
    ["Name of director", "Salary and fees", "Bonus", "Total"],
    ["", "$'000", "$'000", "$'000"],
    ["2019", "", "", ""],
    ["Tan Boon Heng", "720", "480", "1,200"],
    ["Lim Siew Ling", "540", "310", "850"],
    ["Chua Mei Fong", "82", "—", "82"],
    ["2018", "", "", ""],
    ["Tan Boon Heng", "700", "420", "1,120"],
    ["Lim Siew Ling", "520", "285", "805"],
    ["Chua Mei Fong", "90", "—", "90"],
]
RECEIVABLES = [
    ["", "2019", "2018"],
    ["Trade receivables", "48,215", "44,902"],
    ["Less: Loss allowance", "(1,306)", "(1,142)"],
    ["Trade receivables, net", "46,909", "43,760"],
]
ASSET_CLASSES = [
    ["", "Land and buildings", "Plant and machinery", "Total"],
    ["Cost", "", "", ""],
    ["At 1 January 2019", "86,400", "52,310", "138,710"],
    ["Additions", "1,250", "7,845", "9,095"],
    ["At 31 December 2019", "87,650", "60,155", "147,805"],
]


def test_a_unit_row_sets_each_columns_unit(tmp_path):
    table = table_from_rows(SHARE_CAPITAL, tmp_path, "capital")
    units = {c.col: c.unit for c in table.cells if c.row == 4 and c.value is not None}
    assert units[1] == units[3] and "USD" not in (units[1] or "")  # shares counted in thousands, no money
    assert "USD" in (units[2] or "") and "USD" in (units[4] or "")


def test_how_many_is_the_count_and_how_much_the_money(tmp_path):
    table = table_from_rows(SHARE_CAPITAL, tmp_path, "capital")
    answers_each(
        table,
        ("How many shares were issued under the share option scheme in 2018?", "4,330"),
        ("How much did the share buy-back in 2019 reduce share capital by?", "(2,142)"),
        ("What was the amount of share capital at the beginning of 2018?", "246,315"),
    )


def test_a_ranking_within_the_year_section_asked(tmp_path):
    table = table_from_rows(REMUNERATION, tmp_path, "remuneration")
    lowest = answer_table(table, "Which director received the lowest total remuneration in 2019?")
    assert lowest is not None and lowest.label == "Chua Mei Fong" and lowest.citations[0]["row"] == 5
    assert {c["row"] for c in lowest.citations} == {3, 4, 5}  # the 2019 section's directors compared
    lowest = answer_table(table, "Which director received the lowest total remuneration in 2018?")
    assert lowest is not None and lowest.label == "Chua Mei Fong" and lowest.citations[0]["row"] == 9
    assert {c["row"] for c in lowest.citations} == {7, 8, 9}


def test_a_line_opening_with_its_sign_is_named_whole(tmp_path):
    table = table_from_rows(RECEIVABLES, tmp_path, "receivables")
    answers_each(table, ("What was the loss allowance on trade receivables in 2019?", "(1,306)"))


def test_pp_and_e_over_asset_classes_is_the_whole(tmp_path):
    table = table_from_rows(ASSET_CLASSES, tmp_path, "ppe")
    answers_each(table, ("What was the total cost of PP&E at 1 January 2019?", "138,710"))


SENSITIVITY = [
    ["", "2019", "", "2018", ""],
    ["", "+100 basis points", "-100 basis points", "+100 basis points", "-100 basis points"],
    ["Effect on profit before tax", "", "", "", ""],
    ["Bank borrowings", "(4,200)", "4,200", "(3,500)", "3,500"],
    ["Bank deposits", "1,496", "(1,496)", "1,180", "(1,180)"],
    ["Effect on equity", "(4,053)", "4,053", "(3,591)", "3,591"],
]


def test_a_supposed_move_of_a_rate_is_the_scenario_column_not_a_change(tmp_path):
    table = table_from_rows(SENSITIVITY, tmp_path, "sensitivity")
    answers_each(
        table,
        (
            "What would be the effect on 2019 profit of a 100 basis point increase on bank borrowings?",
            "(4,200)",
        ),
        ("What would be the impact on equity of a 100 basis point decrease in interest rates in 2018?", "3,591"),
        ("How would a 100bp fall in interest rates affect 2019 profit before tax through bank deposits?", "(1,496)"),
        ("What is the impact on equity of an increase of 1% in rates in 2019?", "(4,053)"),
    )


PROVISIONS = [
    ["", "Warranty", "Restructuring", "Total"],
    ["At 1 January 2018", "18,420", "—", "18,420"],
    ["Provision made", "9,815", "12,600", "22,415"],
    ["Provision utilised", "(8,930)", "(4,210)", "(13,140)"],
    ["At 31 December 2018 and 1 January 2019", "19,305", "8,390", "27,695"],
    ["Provision made", "10,240", "3,100", "13,340"],
    ["Provision utilised", "(9,476)", "(8,905)", "(18,381)"],
    ["At 31 December 2019", "20,069", "2,585", "22,654"],
]
GROUP_AND_COMPANY = [
    ["", "Note", "Group", "", "Company", ""],
    ["", "", "2019", "2018", "2019", "2018"],
    ["Cash and cash equivalents", "9", "38,614", "42,207", "2,108", "3,415"],
    ["Inventories", "11", "142,780", "131,546", "—", "—"],
    ["Total assets", "", "789,616", "757,519", "303,983", "303,706"],
]


def test_movements_above_a_balance_closing_one_year_and_opening_the_next(tmp_path):
    table = table_from_rows(PROVISIONS, tmp_path, "provisions")
    answers_each(
        table,
        ("How much restructuring provision was made during 2018?", "12,600"),
        ("How much of the warranty provision was utilised in 2019?", "(9,476)"),
    )


def test_a_note_column_beside_group_columns(tmp_path):
    table = table_from_rows(GROUP_AND_COMPANY, tmp_path, "group")
    assert table.column_headers[3] == ["Group", "2018"] and table.column_headers[1] == ["Note"]
    answers_each(table, ("What were the Group's total assets as at 30 June 2018?", "757,519"))


MATURITIES = [
    ["", "Carrying amount", "Contractual cash flows", "Within 1 year", "1 to 5 years", "Over 5 years"],
    ["At 31 December 2019", "", "", "", "", ""],
    ["Bank borrowings", "1,245,000", "1,356,820", "318,640", "1,038,180", "—"],
    ["Lease liabilities", "286,512", "318,905", "72,410", "168,295", "78,200"],
    ["At 31 December 2018", "", "", "", "", ""],
    ["Bank borrowings", "980,000", "1,062,350", "412,870", "649,480", "—"],
    ["Lease liabilities", "290,118", "320,402", "70,134", "170,268", "80,000"],
]
ISSUED = [
    ["", "Number of ordinary shares", "", "Amount", ""],
    ["", "2019", "2018", "2019", "2018"],
    ["", "'000", "'000", "$'000", "$'000"],
    ["At beginning of year", "318,450", "301,200", "402,118", "371,540"],
    ["Issued under dividend reinvestment plan", "3,210", "2,950", "9,405", "8,378"],
    ["Issued under share option scheme", "1,180", "1,300", "2,714", "2,860"],
    ["At end of year", "322,840", "305,450", "414,237", "382,778"],
]


def test_a_maturity_bucket_asked_in_words_is_the_part_not_the_whole(tmp_path):
    table = table_from_rows(MATURITIES, tmp_path, "maturities")
    answers_each(
        table,
        (
            "What were the contractual cash flows on bank borrowings due within one year as at 31 December 2018?",
            "412,870",
        ),
        (
            "How much of the lease liabilities' cash flows falls due after more than five years at the end of 2019?",
            "78,200",
        ),
        ("How much of the lease liability cash flows was payable after more than five years in 2018?", "80,000"),
        ("What were the contractual cash flows of lease liabilities at 31 December 2019?", "318,905"),
    )


def test_shares_on_issue_and_issued_capital(tmp_path):
    table = table_from_rows(ISSUED, tmp_path, "issued")
    answers_each(
        table,
        ("How many ordinary shares were on issue at the beginning of 2018?", "301,200"),
        ("What was issued capital at the end of 2019?", "414,237"),
    )


EMPLOYEES = [
    ["", "Average for the year", "", "As at year end", ""],
    ["", "2018-19", "2017-18", "2018-19", "2017-18"],
    ["By category", "", "", "", ""],
    ["Management", "1,284", "1,206", "1,312", "1,251"],
    ["Staff", "3,618", "3,475", "3,702", "3,540"],
    ["Workmen", "6,942", "7,108", "6,880", "7,015"],
    ["Total", "11,844", "11,789", "11,894", "11,806"],
]


def test_a_fiscal_year_written_as_the_table_writes_it(tmp_path):
    table = table_from_rows(EMPLOYEES, tmp_path, "employees")
    answers_each(
        table,
        ("What was the average number of workmen employed during 2018-19?", "6,942"),
        ("How many management employees were on the rolls at the end of 2017-18?", "1,251"),
        ("What was the total headcount at year end 2018-19?", "11,894"),  # "headcount" names no "Staff" row
    )
    largest = answer_table(table, "Which employee category was the largest at the end of 2018-19?")
    assert largest is not None and largest.label == "Workmen"


QUARTERS = [
    ["", "First Quarter", "Second Quarter"],
    ["(in thousands, except per share amounts)", "", ""],
    ["Revenue", "$ 96,412", "$ 104,857"],
    ["Net loss", "$ (13,904)", "$ (10,516)"],
    ["Net loss per share, basic and diluted", "$ (0.21)", "$ (0.16)"],
]
RSUS = [
    ["", "Number of Shares", "Weighted-Average Grant Date Fair Value"],
    ["", "(in thousands)", ""],
    ["Unvested at December 31, 2018", "2,314", "$ 27.96"],
    ["Granted", "1,256", "42.75"],
    ["Vested", "(881)", "26.58"],
    ["Unvested at December 31, 2019", "2,689", "$ 35.50"],
]
DEFERRED = [
    ["", "2019", "2018"],
    ["Deferred tax assets:", "", ""],
    ["Net operating loss carryforwards", "$ 58,417", "$ 63,902"],
    ["Research and development credits", "14,286", "12,105"],
    ["Accrued compensation", "9,731", "8,644"],
    ["Gross deferred tax assets", "82,434", "84,651"],
    ["Valuation allowance", "(47,832)", "(52,610)"],
    ["Net deferred tax assets", "$ 34,602", "$ 32,041"],
]
REVENUE = [
    ["", "2019", "2018"],
    ["By product line:", "", ""],
    ["Software licenses", "$ 412.5", "$ 438.9"],
    ["Subscriptions", "586.3", "472.1"],
    ["Total revenue", "$ 998.8", "$ 911.0"],
    ["By geography:", "", ""],
    ["Americas", "$ 651.6", "$ 579.7"],
    ["EMEA", "347.2", "331.3"],
    ["Total revenue", "$ 998.8", "$ 911.0"],
]


def test_a_unit_note_in_the_stub_corner_names_no_row_kind(tmp_path):
    table = table_from_rows(QUARTERS, tmp_path, "quarters")
    answers_each(table, ("What was the net loss per share in the first quarter?", "$ (0.21)"))


def test_how_many_is_never_the_fair_value_column_even_without_signs(tmp_path):
    table = table_from_rows(RSUS, tmp_path, "rsus")
    answers_each(table, ("How many RSUs were granted during 2019?", "1,256"), ("How many RSUs vested?", "(881)"))


def test_a_subtotal_by_its_amounts_is_no_component(tmp_path):
    table = table_from_rows(DEFERRED, tmp_path, "deferred")
    largest = answer_table(table, "Which individual deferred tax asset component was the largest in 2019?")
    assert largest is not None and largest.label == "Net operating loss carryforwards"


def test_the_section_a_which_question_names_when_only_totals_link(tmp_path):
    table = table_from_rows(REVENUE, tmp_path, "revenue")
    largest = answer_table(table, "Which product line was the largest contributor to revenue in 2019?")
    assert largest is not None and largest.label == "Subscriptions"


THREE_LEVELS = [
    ["", "Fiscal 2019", "", "", "", "Fiscal 2018", "", "", ""],
    ["", "Americas", "", "EMEA", "", "Americas", "", "EMEA", ""],
    ["", "Units", "Revenue", "Units", "Revenue", "Units", "Revenue", "Units", "Revenue"],
    ["(units in thousands; revenue in $ millions)", "", "", "", "", "", "", "", ""],
    ["Laptops", "1,842", "$ 1,605", "1,218", "$ 1,042", "1,790", "$ 1,588", "1,247", "$ 1,081"],
    ["Monitors", "2,310", "438", "1,876", "351", "2,195", "421", "1,803", "342"],
]


def test_a_three_level_header_and_a_note_of_each_measures_scale(tmp_path):
    table = table_from_rows(THREE_LEVELS, tmp_path, "three")
    assert table.column_headers[8] == ["Fiscal 2018", "EMEA", "Revenue"]
    units = {c.col: c.unit for c in table.cells if c.row == 5 and c.value is not None}
    assert units[1] == "thousand" and units[2] == "million USD"
    answers_each(
        table,
        ("What was EMEA laptop revenue in FY18?", "$ 1,081"),
        ("What was monitor revenue in the Americas for the prior fiscal year?", "421"),
        ("How many monitors were shipped in the Americas in fiscal 2019?", "2,310"),
    )


GOODWILL = [
    ["", "Americas", "EMEA", "Asia Pacific", "Total"],
    ["Balance as of December 31, 2018", "1,129", "516", "234", "1,879"],
    ["Acquisitions", "12", "146", "—", "158"],
    ["Impairment", "—", "—", "(64)", "(64)"],
    ["Balance as of December 31, 2019", "$ 1,141", "$ 662", "$ 170", "$ 1,973"],
]


def test_what_amount_was_recorded_names_a_row_not_a_kind(tmp_path):
    table = table_from_rows(GOODWILL, tmp_path, "goodwill")
    answers_each(
        table,
        ("What impairment charge was recorded against Asia Pacific goodwill in 2019?", "(64)"),
        ("What acquisitions did the company record in EMEA during 2019?", "146"),
    )


RANGES = [
    ["Range of Exercise Prices", "Number Outstanding", "Weighted Average Exercise Price", "Number Exercisable"],
    ["$0.50 – $1.00", "2,450,000", "$ 0.78", "2,450,000"],
    ["$2.51 – $4.00", "3,075,000", "$ 3.25", "1,537,500"],
    ["Total", "5,525,000", "$ 2.15", "3,987,500"],
]


def test_how_many_is_the_count_column_named_not_the_price_named_better(tmp_path):
    table = table_from_rows(RANGES, tmp_path, "ranges")
    answers_each(
        table,
        ("How many warrants are outstanding with exercise prices between $2.51 and $4.00?", "3,075,000"),
        ("How many warrants in total are currently exercisable?", "3,987,500"),
        ("What is the weighted average exercise price in the $2.51 – $4.00 range?", "$ 3.25"),
    )


RPO = [
    ["", "As of December 31, 2019", "", ""],
    [
        "",
        "Total Remaining Performance Obligations",
        "Expected to be Recognized Within 12 Months",
        "Expected to be Recognized Thereafter",
    ],
    ["Aerospace Systems", "$ 2,846.3", "$ 1,412.7", "$ 1,433.6"],
    ["Industrial Solutions", "612.4", "498.1", "114.3"],
    ["Total", "$ 3,458.7", "$ 1,910.8", "$ 1,547.9"],
]
ROLLED = [
    ["", "End of period", "Beginning of period", "Change"],
    ["Stores", "932", "903", "29"],
    ["Franchised stores", "410", "400", "10"],
]


def test_a_part_of_a_total_column_named_by_words_of_its_own(tmp_path):
    table = table_from_rows(RPO, tmp_path, "rpo")
    answers_each(
        table,
        ("How much of total RPO is expected to be recognized within the next 12 months?", "$ 1,910.8"),
        ("What were the total remaining performance obligations of Industrial Solutions?", "612.4"),
    )
    rolled = table_from_rows(ROLLED, tmp_path, "rolled")  # columns that merely add up are no whole and parts
    answers_each(rolled, ("How many stores were there at the end of the period?", "932"))


EXPENSES = [
    ["", "2019", "2018"],
    ["Research and development", "98,214", "87,650"],
    ["Sales and marketing", "121,009", "112,384"],
    ["Restructuring charges", "3,412", "—"],
    ["Total operating expenses", "222,635", "200,034"],
]
SETTLEMENTS = [
    ["", "2019", "2018", "2017"],
    ["Balance at beginning of year", "12,400", "10,950", "9,310"],
    ["Settlements", "—", "(820)", "(415)"],
    ["Balance at end of year", "13,105", "12,400", "10,950"],
]


def test_the_one_place_that_holds_nothing(tmp_path):
    nil = answer_table(table_from_rows(EXPENSES, tmp_path, "expenses"), "Which expense line was nil in 2018?")
    assert nil is not None and nil.label == "Restructuring charges"
    year = answer_table(
        table_from_rows(SETTLEMENTS, tmp_path, "settlements"), "In which year were there no settlements?"
    )
    assert year is not None and year.label == "2019"
    two = [row[:3] for row in SETTLEMENTS]  # two years: one nil beside one amount
    year = answer_table(table_from_rows(two, tmp_path, "two"), "In which year were there no settlements?")
    assert year is not None and year.label == "2019"
