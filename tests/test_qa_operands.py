"""Regressions on the operands of computed answers (one test per cause): each builds its table as a CSV file and
asks the kind of question that went wrong. A wrong number is worse than a refusal."""

from __future__ import annotations

from dataclasses import replace

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table


def _cells(answer):
    return sorted((c["row"], c["col"]) for c in answer.citations)


def test_an_average_over_periods_takes_one_kind_of_amount(tmp_path):
    rows = [
        ["", "Fiscal years ended July 31,", "", "", ""],
        ["", "2019", "", "2018", ""],
        ["", "Amount", "% of total revenue", "Amount", "% of total revenue"],
        ["Services", "243,053", "34", "246,548", "38"],
        ["Maintenance", "16,499", "2", "14,783", "2"],
    ]
    table = table_from_rows(rows, tmp_path, "services")
    answer = answer_table(table, "What was the average Services for 2018 and 2019?")
    assert answer is not None and float(answer.value) == (243053 + 246548) / 2
    changes = [
        ["", "Year Ended December 31,", "", "", "Variation", ""],
        ["", "2019", "2018", "2017", "2019 vs 2018", "2018 vs 2017"],
        ["Cost of sales", "5,000", "6,000", "4,000", "(1,000)", "2,000"],
    ]
    answer = answer_table(table_from_rows(changes, tmp_path, "cost"), "What is the average Cost of sales?")
    assert answer is not None and float(answer.value) == 5000  # the variation columns are not periods
    assert len(answer.citations) == 3


def test_a_span_of_years_takes_every_period_column_in_it(tmp_path):
    rows = [
        ["", "Year Ended May 31,", "", ""],
        ["", "2019", "2018", "2017"],
        ["Dividend yield", "1.5", "1.7", "1.6"],
        ["Risk-free interest rate", "2.6", "1.9", "1.2"],
    ]
    table = table_from_rows(rows, tmp_path, "yield")
    answer = answer_table(table, "What was the average dividend yield for the 3 years from 2017 to 2019?")
    assert answer is not None and round(float(answer.value), 2) == 1.6
    assert len(answer.citations) == 3


def test_a_computation_with_unlinked_operands_is_refused_not_answered_with_one_operand(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Total current assets", "121,041", "98,200"],
        ["Total current liabilities", "155,180", "120,400"],
        ["Total assets", "402,500", "371,900"],
    ]
    table = table_from_rows(rows, tmp_path, "balance")
    assert answer_table(table, "What is the asset turnover ratio in 2019?") is None  # no definition, no revenue row
    assert answer_table(table, "What was the change in the amount outstanding in 2019 from 2018?") is None
    stated = table_from_rows([*rows, ["Current ratio", "0.78", "0.82"]], tmp_path, "stated")
    answer = answer_table(stated, "What is the current ratio in 2019?")
    assert answer is not None and answer.value == "0.78"  # the table states the ratio: it is taken


def test_a_stated_change_column_is_no_period_operand_even_when_the_question_says_increase(tmp_path):
    rows = [
        ["", "Years Ended December 31,", "", "Increase"],
        ["", "2019", "2018", "(Decrease)"],
        ["Selling, general and administrative", "8,100", "10,900", "(2,800)"],
    ]
    table = table_from_rows(rows, tmp_path, "sga")
    q = "What was the percentage increase / (decrease) in the selling, general and administrative expenses from 2018 to 2019?"
    answer = answer_table(table, q)
    assert answer is not None and round(float(answer.value), 2) == round((8100 - 10900) / 10900 * 100, 2)


def test_a_ratio_divides_by_the_whole_and_orders_operands_by_the_words_that_tell_them_apart(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Total assets", "8,800", "8,100"],
        ["Total liabilities", "3,000", "2,900"],
        ["Equity method investments", "320", "300"],
        ["Total non-marketable investments", "390", "360"],
    ]
    table = table_from_rows(rows, tmp_path, "ratios")
    ratio = answer_table(table, "What is the ratio of total assets to total liabilities in 2019?")
    assert ratio is not None and round(float(ratio.value), 2) == round(8800 / 3000, 2)
    share = answer_table(
        table, "What percentage of total non-marketable investments were equity method investments in 2019?"
    )
    assert share is not None and round(float(share.value), 2) == round(320 / 390 * 100, 2)


def test_an_average_of_two_named_rows_in_one_period_averages_the_rows(tmp_path):
    rows = [
        ["", "Fiscal Year", "", ""],
        ["", "2019", "2018", "2017"],
        ["Apple", "24%", "25%", "26%"],
        ["Huawei", "12%", "19%", "19%"],
        ["Samsung", "8%", "9%", "9%"],
    ]
    table = table_from_rows(rows, tmp_path, "customers")
    answer = answer_table(table, "What is the average percentage of revenue from Apple and Huawei in 2017?")
    assert answer is not None and float(answer.value) == 22.5


# a table whose periods are section rows, each over the same items
VALUATION_SECTIONS = [
    ["", "External valuation %", "Internal valuation %"],
    ["Year ended 30 June 2019", "", ""],
    ["Leasehold", "23%", "77%"],
    ["Freehold", "38%", "62%"],
    ["Year ended 30 June 2018", "", ""],
    ["Leasehold", "60%", "40%"],
    ["Freehold", "27%", "73%"],
]


def test_a_change_between_period_sections_is_new_minus_old(tmp_path):
    rows = VALUATION_SECTIONS
    table = table_from_rows(rows, tmp_path, "valuation")
    answer = answer_table(table, "What was the change in the leasehold external valuation % from 2018 to 2019?")
    assert answer is not None and float(answer.value) == -37


def test_how_many_answered_by_a_cell_of_text_is_refused(tmp_path):
    rows = [
        ["Callsign", "Area served", "Transmitters"],
        ["7CAE", "Hobart", "1"],
        ["7HHO", "Hobart", "2"],
        ["7LTN", "Launceston", "1"],
    ]
    table = table_from_rows(rows, tmp_path, "stations")
    assert answer_table(table, "How many callsigns served Launceston?") is None
    answer = answer_table(table, "How many transmitters does 7HHO have?")
    assert answer is not None and answer.value == "2"  # a number the question asks for is still taken


def test_respectively_takes_one_cell_per_named_item_in_mention_order(tmp_path):
    rows = [
        ["", "Fiscal 2019 Net Sales", "Fiscal 2018 Net Sales"],
        ["Grocery & Snacks", "3,279.4", "3,285.0"],
        ["International", "793.4", "834.4"],
        ["Foodservice", "934.2", "1,008.2"],
    ]
    table = table_from_rows(rows, tmp_path, "segments")
    answer = answer_table(
        table, "What was the fiscal 2019 net sales of the Foodservice and International segment respectively?"
    )
    assert answer is not None and answer.value == "934.2; 793.4"
    assert [(c["row"], c["col"]) for c in answer.citations] == [(3, 1), (2, 1)]


def test_which_years_the_table_covers_lists_its_period_columns(tmp_path):
    rows = [
        ["", "Year Ended December 31,", "", ""],
        ["", "2019", "2018", "2017"],
        ["Interest cost", "1,210", "1,180", "1,100"],
        ["Service cost", "—", "310", ""],
    ]
    table = table_from_rows(rows, tmp_path, "pension")
    answer = answer_table(table, "In which years was the amount of Interest cost calculated?")
    assert answer is not None and answer.value == "2019; 2018; 2017" and len(answer.citations) == 3
    only = answer_table(table, "Which years does the table provide information for service cost?")
    assert only is not None and only.value == "2019; 2018"  # the years where the named row has a value


def test_years_past_a_bound_are_all_named_or_counted(tmp_path):
    rows = [
        ["", "2019", "2018", "2017"],
        ["Americas", "240,500", "205,300", "180,900"],
        ["EMEA", "120,800", "118,000", "110,200"],
    ]
    table = table_from_rows(rows, tmp_path, "regions")
    which = answer_table(table, "In which years did net sales from Americas exceed 200,000?")
    assert which is not None and which.value == "2019; 2018"
    count = answer_table(table, "How many years did net sales from Americas exceed 200,000?")
    assert count is not None and count.value == "2"


def test_a_percentage_the_table_states_is_taken_not_divided_by_its_count(tmp_path):
    rows = [
        ["", "Known dairy goat farms", ""],
        ["", "Farms reporting", "Percentage of farms"],
        ["Sole proprietorship", "66", "33.0"],
        ["Partnership", "93", "46.6"],
        ["Corporation", "41", "20.4"],
    ]
    table = table_from_rows(rows, tmp_path, "goats")
    answer = answer_table(table, "What percentage of dairy goat farms reporting are partnerships?")
    assert answer is not None and answer.value == "46.6"


def test_a_change_of_one_item_runs_between_the_periods_the_table_implies(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Total emissions", "4,790.2", "5,092.1"],
        ["Ireland", "0.4", "0.5"],
    ]
    table = table_from_rows(rows, tmp_path, "emissions")
    change = answer_table(table, "What was the change in total emissions?")
    assert change is not None and round(float(change.value), 1) == -301.9
    three = table_from_rows([["", "2019", "2018", "2017"], ["Audit fees", "220", "153", "140"]], tmp_path, "fees")
    named = answer_table(three, "What is the percentage change in audit fees in 2019?")
    assert named is not None and round(float(named.value), 2) == round((220 - 153) / 153 * 100, 2)
    assert answer_table(three, "What was the change in audit fees?") is None  # three periods, none named


def test_a_name_asked_is_not_answered_with_an_amount(tmp_path):
    rows = [
        ["", "External valuation %", "Internal valuation %"],
        ["Leasehold", "23%", "77%"],
        ["Freehold", "38%", "62%"],
    ]
    table = table_from_rows(rows, tmp_path, "names")
    assert answer_table(table, "In which year was the external valuation % for leasehold less than 50%?") is None
    titles = [["Year", "Title", "Sales"], ["2007", "Alpha", "120"], ["2009", "Beta", "95"]]
    titles_table = table_from_rows(titles, tmp_path, "titles")
    year = answer_table(titles_table, "In which year was Beta released?")
    assert year is not None and year.value == "2009"  # a period asked: a year cell is a name


def test_a_share_divides_by_the_whole_named_after_as_a_percentage_of(tmp_path):
    rows = [
        ["Non-vested awards", "Shares"],
        ["Non-vested at December 31, 2018", "1,187,586"],
        ["Granted", "473,550"],
        ["Vested", "365,223"],
        ["Non-vested at December 31, 2019", "1,283,281"],
    ]
    table = table_from_rows(rows, tmp_path, "vesting")
    q = "What is the non-vested shares vested in 2019 as a percentage of the total non-vested shares at December 31, 2019?"
    answer = answer_table(table, q)
    assert answer is not None and round(float(answer.value), 2) == round(365223 / 1283281 * 100, 2)


def test_rows_labelled_by_years_are_named_by_their_year(tmp_path):
    rows = [
        ["", "Total", ""],
        ["", "Mean grams", "Share"],
        ["Children aged 9 to 18", "", ""],
        ["2004", "130", "21"],
        ["2015", "115", "19"],
    ]
    table = table_from_rows(rows, tmp_path, "sugars")
    answer = answer_table(table, "Which year has a lower mean grams of sugars, 2004 or 2015?")
    assert answer is not None and answer.value == "2015"


def test_decrease_by_is_the_size_of_the_fall(tmp_path):
    rows = [
        ["", "Fiscal Year Ended January 31,", "", ""],
        ["", "2019", "2018", "2017"],
        ["Expected long-term rate of return on plan assets", "6.0", "6.5", "7.0"],
    ]
    table = table_from_rows(rows, tmp_path, "plan")
    fell = answer_table(
        table, "How much did the expected long-term rate of return on plan assets decrease by from 2017 to 2019?"
    )
    assert fell is not None and float(fell.value) == 1.0
    change = answer_table(
        table, "What was the change in the expected long-term rate of return on plan assets from 2017 to 2019?"
    )
    assert change is not None and float(change.value) == -1.0


def test_a_unit_note_over_one_column_is_no_kind_of_its_own(tmp_path):
    rows = [["", "2019", "2018"], ["Revenues", "601,256", "510,762"], ["Voyage expenses", "(21,387)", "(28,237)"]]
    table = table_from_rows(rows, tmp_path, "note")
    # as a borderless reader leaves it: the unit note above the first value column only
    noted = replace(table, column_headers=[[], ["(in thousands of U.S. dollars)", "2019"], ["2018"]])
    answer = answer_table(noted, "In which year was revenue less than 600,000 thousands?")
    assert answer is not None and answer.value == "2018"


def test_a_total_row_is_never_added_to_its_parts(tmp_path):
    rows = [
        ["Party", "Votes", "Seats"],
        ["Christian Social Party", "1,245,531", "85"],
        ["Social Democratic Party", "1,072,709", "69"],
        ["Landbund", "124,114", "7"],
        ["Total", "2,976,778", "183"],
    ]
    table = table_from_rows(rows, tmp_path, "seats")
    # "the total seats" names the Total row; the party's seats are asked
    answer = answer_table(table, "How many of the total seats did the Christian Social Party win?")
    assert answer is not None and answer.value == "85"
    answer = answer_table(table, "What was the total seats of the Christian Social Party and the Landbund?")
    assert answer is not None and answer.value == "92"


def test_which_year_over_period_sections_compares_the_item_under_each(tmp_path):
    rows = VALUATION_SECTIONS
    table = table_from_rows(rows, tmp_path, "valuations")
    answer = answer_table(table, "In which year was the external valuation % for leasehold less than 50%?")
    assert answer is not None and answer.value == "2019"
    answer = answer_table(table, "In which year was the external valuation % for freehold higher?")
    assert answer is not None and answer.value == "2019"


MATURITIES = [
    ["", "Operating Leases", "Finance Leases"],
    ["2020", "1,200", "300"],
    ["2021", "1,100", "250"],
    ["2022", "900", "200"],
    ["2023", "700", "150"],
    ["2024", "500", "100"],
    ["Thereafter", "2,000", "400"],
    ["Total", "6,400", "1,400"],
]


def test_a_span_of_years_takes_every_period_row_in_it(tmp_path):
    table = table_from_rows(MATURITIES, tmp_path, "maturities")
    total = answer_table(table, "What is the sum of finance leases from 2020 to 2024?")
    assert total is not None and float(total.value) == 300 + 250 + 200 + 150 + 100
    assert _cells(total) == [(r, 2) for r in range(1, 6)]  # every year row, neither "Thereafter" nor "Total"
    average = answer_table(table, "What is the average operating leases from 2020 to 2022?")
    assert average is not None and float(average.value) == (1200 + 1100 + 900) / 3
    between = answer_table(table, "How much are operating leases due between 2021 and 2023 in total?")
    assert between is not None and float(between.value) == 1100 + 900 + 700
    through = answer_table(table, "What is the total finance leases for 2021 through 2024?")
    assert through is not None and float(through.value) == 250 + 200 + 150 + 100


def test_a_change_from_one_period_row_to_another_stays_two_endpoints(tmp_path):
    table = table_from_rows(MATURITIES, tmp_path, "maturities")
    change = answer_table(table, "What is the change in operating leases from 2020 to 2024?")
    assert change is not None and float(change.value) == 500 - 1200
    assert _cells(change) == [(1, 1), (5, 1)]
