"""Computed answers (TAT-QA-style arithmetic with the table given), one test per cause of a wrong number: each
builds its table as a CSV file and asks the kind of question that went wrong. A wrong number is worse than a
refusal, so where the rules cannot make the computation asked, the question is refused."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table
from tablerag.qa.route import Intent, rule_route


def test_a_nested_computation_is_refused_unless_an_operand_label_says_the_inner_operation(tmp_path):
    rows = [
        ["", "2019", "2018", "2017"],
        ["Current tax expense", "300", "250", "200"],
        ["Deferred tax expense", "40", "30", "20"],
        ["EBITDA", "1,000", "900", "800"],
        ["Underlying EBITDA", "1,100", "950", "820"],
        ["Average price", "12.5", "11.0", "10.0"],
    ]
    table = table_from_rows(rows, tmp_path, "tax")
    assert rule_route("What is the change in the average current tax expense?").others == ((Intent.AVERAGE, "average"),)
    # an average of changes, a change of averages: one level of it is a wrong number
    assert (
        answer_table(table, "What is the change in the average current tax expense between 2017-2018, and 2018-2019?")
        is None
    )
    assert (
        answer_table(table, "What was the average difference between EBITDA and underlying EBITDA for 2018 and 2019?")
        is None
    )
    # the row's label says the average: one difference of two stated cells
    answer = answer_table(table, "What was the change in the average price from 2018 to 2019?")
    assert answer is not None and float(answer.value) == 1.5
    # one operation named by two words ("percentage" and "change") is no nesting
    answer = answer_table(table, "What was the percentage change in current tax expense from 2018 to 2019?")
    assert answer is not None and float(answer.value) == 20


def test_a_mean_or_share_of_bracketed_deductions_is_their_size_unless_the_table_signs_most_rows(tmp_path):
    statement = [
        ["", "2019", "2018"],
        ["Voyage revenue", "317,220", "289,016"],
        ["Less voyage expenses", "(141,770)", "(165,012)"],
        ["Net voyage revenue", "175,450", "124,004"],
        ["Vessel calendar days", "8,395", "9,747"],
    ]
    table = table_from_rows(statement, tmp_path, "voyage")
    answer = answer_table(table, "What is the average voyage expenses in 2018 and 2019?")
    assert answer is not None and float(answer.value) == 153391
    assert "ABS" in (answer.sql or "")
    answer = answer_table(table, "What is the voyage expenses in 2019 as a percentage of the voyage revenue in 2019?")
    assert answer is not None and round(float(answer.value), 2) == round(141770 / 317220 * 100, 2)
    # a reconciliation whose rows are mostly negative: the brackets are signs the answer keeps
    reconciliation = [
        ["", "2019", "2018", "2017"],
        ["Statutory income tax", "14,694", "(34,105)", "(39,950)"],
        ["State income tax", "(2,164)", "3,200", "(3,193)"],
        ["Tax exempt interest income", "(197)", "(101)", "(206)"],
        ["Other, net", "(918)", "(545)", "(613)"],
    ]
    table = table_from_rows(reconciliation, tmp_path, "tax")
    answer = answer_table(table, "What was the average Tax exempt interest income?")
    assert answer is not None and float(answer.value) == -168


def test_the_difference_between_two_things_is_the_gap_a_change_between_periods_keeps_its_sign(tmp_path):
    rows = [
        ["", "Current", "Past due", "Total"],
        ["Gross carrying amount", "10,000", "4,558", "14,558"],
        ["Loss allowance", "50", "120", "170"],
    ]
    table = table_from_rows(rows, tmp_path, "ageing")
    answer = answer_table(
        table, "What is the difference in the gross carrying amount between the current and the total?"
    )
    assert answer is not None and float(answer.value) == 4558
    periods = [["", "2019", "2018"], ["Revenue", "900", "1,000"], ["Cost of sales", "400", "450"]]
    answer = answer_table(
        table_from_rows(periods, tmp_path, "revenue"), "What is the difference between the revenue in 2019 and 2018?"
    )
    assert answer is not None and float(answer.value) == -100


def test_a_column_linked_by_part_of_another_columns_words_is_no_second_operand(tmp_path):
    rows = [
        ["", "F19", "F18", ""],
        ["$ MILLION", "53 WEEKS", "52 WEEKS", "CHANGE"],
        ["Sales", "1,671", "1,612", "3.7%"],
        ["EBITDA", "372", "361", "3.5%"],
        ["Depreciation and amortisation", "(111)", "(102)", "9.9%"],
        ["EBIT", "261", "259", "1.0%"],
    ]
    table = table_from_rows(rows, tmp_path, "ebitda")
    # "F18" is linked only by the "F" of "F19": the share is of two rows in the F19 column
    answer = answer_table(
        table, "What is the percentage constitution of Depreciation and Amortisation in EBITDA in F19?"
    )
    assert answer is not None and round(float(answer.value), 2) == round(111 / 372 * 100, 2)


def test_words_naming_an_operand_row_or_the_mean_asked_name_no_second_kind_of_column(tmp_path):
    rows = [
        ["", "2019", "", "2018", ""],
        [
            "",
            "Number of Shares",
            "Weighted Average Grant Date Fair Value",
            "Number of Shares",
            "Weighted Average Grant Date Fair Value",
        ],
        ["Non-vested at beginning of year", "315,292", "$2.26", "438,712", "$2.28"],
        ["Shares granted", "253,113", "2.17", "200,000", "3.16"],
        ["Shares vested", "82,270", "2.28", "323,420", "2.84"],
        ["Non-vested at end of year", "486,135", "$2.53", "315,292", "$2.26"],
    ]
    table = table_from_rows(rows, tmp_path, "vesting")
    # "average" asks the mean, it does not name the fair value columns: the mean of the two share counts
    answer = answer_table(table, "What is the average shares vested between 2018 and 2019?")
    assert answer is not None and float(answer.value) == (82270 + 323420) / 2
    roll = [
        ["Non-vested awards", "Shares", "Weighted-Average Grant Date Fair Value"],
        ["Non-vested at December 31, 2018", "1,187,586", "$41.12"],
        ["Granted", "473,550", "$53.53"],
        ["Vested", "(365,223)", "$41.83"],
        ["Non-vested at December 31, 2019", "1,283,281", "$45.40"],
    ]
    # "granted" names the row "Granted", not the "Grant Date Fair Value" column: a share of two share counts
    question = "What is the percentage of non-vested shares granted in 2019 as a percentage of the total non-vested shares at December 31, 2019?"
    answer = answer_table(table_from_rows(roll, tmp_path, "roll"), question)
    assert answer is not None and round(float(answer.value), 2) == round(473550 / 1283281 * 100, 2)


def test_a_stated_percent_change_is_no_answer_to_the_change_in_an_amount(tmp_path):
    rows = [
        ["$ million", "2019", "2018", "Change (%)"],
        ["Revenue", "503.6", "476.9", "5.6"],
        ["Gross margin (%)", "73.2", "72.2", "1.0"],
        ["Free cash flow", "100.1", "50.9", "96.7"],
        ["Closing cash", "183.2", "121.6", "50.7"],
    ]
    table = table_from_rows(rows, tmp_path, "highlights")
    answer = answer_table(table, "What was the change in closing cash?")
    assert answer is None or float(answer.value) == 61.6
    answer = answer_table(table, "What was the percentage change in closing cash?")
    assert answer is not None and float(answer.value) == 50.7


def test_a_share_is_not_one_period_over_another_unless_both_are_named(tmp_path):
    rows = [
        ["Type of Mushroom", "Country", "2012", "2012", "2013", "2013"],
        ["", "", "Quantity", "Value Received", "Quantity", "Value Received"],
        ["Agaricus", "United States", "30,110", "106,509", "30,677", "113,982"],
        ["Agaricus", "Japan", "14", "568", "62", "3,314"],
        ["Specialty", "United States", "1,244", "4,464", "979", "3,625"],
    ]
    table = table_from_rows(rows, tmp_path, "mushrooms")
    assert answer_table(table, "What is the percentage of Agaricus that make up the value received?") is None
    answer = answer_table(
        table, "What is the ratio of the value received for Agaricus in the United States in 2013 to 2012?"
    )
    assert answer is not None and round(float(answer.value), 4) == round(113982 / 106509, 4)


def test_a_whole_column_fold_is_refused_when_the_question_restricts_the_rows(tmp_path):
    rows = [
        ["Pos", "Driver", "Nation", "Points"],
        ["1", "Ann Smith", "United States", "120"],
        ["2", "Bo Lind", "Sweden", "110"],
        ["3", "Cy Young", "United States", "90"],
        ["4", "Di Rossi", "Italy", "60"],
    ]
    table = table_from_rows(rows, tmp_path, "drivers")
    # the sum of the whole column ignores "the top 2"
    assert answer_table(table, "What is the total number of points earned by the top 2 drivers?") is None
    answer = answer_table(table, "What is the total number of points earned by all drivers?")
    assert answer is not None and float(answer.value) == 380
    statement = [["", "2019", "2018"], ["Salaries", "100", "90"], ["Rent", "50", "45"], ["Revenue", "400", "380"]]
    # "expenses" is no column's name and no row's: the sum of the "2019" column is not the total expenses
    assert answer_table(table_from_rows(statement, tmp_path, "costs"), "What were the total expenses in 2019?") is None


def test_a_count_is_refused_when_the_question_states_a_condition_it_cannot_apply(tmp_path):
    rows = [
        ["Date", "Opponent", "Venue", "Result", "Attendance"],
        ["March 1", "Tunisia", "Cairo", "W 2-0", "8,200"],
        ["March 5", "Ghana", "Accra", "L 0-1", "7,100"],
        ["April 2", "Tunisia", "Tunis", "D 1-1", "9,000"],
        ["April 9", "Mali", "Cairo", "W 3-1", "6,500"],
    ]
    table = table_from_rows(rows, tmp_path, "games")
    answer = answer_table(table, "How many games did Tunisia participate in?")
    assert answer is not None and float(answer.value) == 2
    # "played in a championship final" is said by no row and no column: counting every row ignores it
    assert answer_table(table, "How many teams played in a championship final stage?") is None
    # a bound no column takes ("at least 3 goals" over no goals column): counting every row ignores it
    assert answer_table(table, "In how many games did the team score at least 3 goals?") is None


def test_a_column_named_only_by_the_operation_word_is_no_operand_of_the_fold(tmp_path):
    rows = [
        ["Rank", "Hospital", "City", "Hospital beds", "OR rooms", "Total"],
        ["1", "Chatham Hospital", "Siler City", "25", "3", "28"],
        ["2", "Alexander Hospital", "Taylorsville", "25", "2", "27"],
        ["3", "Cone Health", "Greensboro", "1,031", "62", "1,093"],
    ]
    table = table_from_rows(rows, tmp_path, "hospitals")
    answer = answer_table(table, "What is the total number of hospital beds at Chatham Hospital?")
    assert answer is not None and float(answer.value) == 25


def test_a_count_the_rules_refuse_is_not_answered_with_one_cell(tmp_path):
    rows = [
        ["Season", "Age", "Overall", "Slalom", "Giant Slalom", "Super G", "Downhill", "Combined"],
        ["2007", "20", "130", "–", "40", "–", "–", "—"],
        ["2008", "21", "64", "–", "28", "46", "46", "31"],
        ["2009", "22", "7", "–", "6", "16", "16", "1"],
        ["2010", "23", "1", "–", "2", "6", "2", "2"],
        ["2011", "24", "3", "–", "5", "6", "9", "6"],
        ["2012", "25", "24", "–", "16", "28", "17", "19"],
        ["2013", "26", "48", "–", "48", "27", "38", "4"],
        ["2014", "27", "18", "–", "25", "14", "20", "11"],
        ["Season", "Date", "Location", "Race", "", "", "", ""],
        ["2009", "13 Dec 2008", "Val d'Isère, France", "Giant slalom", "", "", "", ""],
        ["2009", "16 Jan 2009", "Wengen, Switzerland", "Super Combined", "", "", "", ""],
        ["2010", "4 Dec 2009", "Beaver Creek, USA", "Super Combined", "", "", "", ""],
        ["2010", "5 Dec 2009", "Beaver Creek, USA", "Downhill", "", "", "", ""],
        ["2010", "6 Dec 2009", "Beaver Creek, USA", "Giant Slalom", "", "", "", ""],
        ["2010", "16 Jan 2010", "Wengen, Switzerland", "Downhill", "", "", "", ""],
        ["2010", "10 Mar 2010", "Garmisch, Germany", "Downhill", "", "", "", ""],
        ["2010", "12 Mar 2010", "Garmisch, Germany", "Giant Slalom", "", "", "", ""],
        ["2011", "5 Mar 2011", "Kranjska Gora, Slovenia", "Giant Slalom", "", "", "", ""],
    ]
    table = table_from_rows(rows, tmp_path, "skier")
    assert answer_table(table, "How many years was he at least in the top 20 overall?") is None


def test_one_items_cell_is_no_total_of_several_named_items(tmp_path):
    rows = [
        ["Rank", "Nation", "Gold", "Silver", "Bronze", "Total"],
        ["1", "Brazil", "10", "8", "6", "24"],
        ["2", "Argentina", "4", "3", "2", "9"],
        ["3", "Colombia", "3", "2", "3", "8"],
        ["Total", "", "17", "13", "11", "41"],
    ]
    table = table_from_rows(rows, tmp_path, "medals")
    answer = answer_table(table, "Total medals earned by Argentina and Colombia")
    assert answer is None or answer.value is None or float(answer.value) == 17  # a refusal, or the sum
    answer = answer_table(table, "How many total medals did Colombia earn?")
    assert answer is not None and float(answer.value) == 8


def test_a_column_of_years_is_never_folded_with_amounts(tmp_path):
    rows = [
        ["Year", "Rider", "Victories", "Bike"],
        ["1994", "Carl Fogarty", "11", "Ducati 916"],
        ["1995", "Carl Fogarty", "13", "Ducati 916"],
        ["1996", "Troy Corser", "7", "Ducati 916"],
        ["1998", "Carl Fogarty", "3", "Ducati 916"],
    ]
    table = table_from_rows(rows, tmp_path, "riders")
    answer = answer_table(table, "What is the average number of victories earned by Carl Fogarty?")
    assert answer is None or answer.value is None or float(answer.value) == 9


def test_a_count_of_rows_goes_past_the_cap_on_linked_rows(tmp_path):
    nations = ["Canada", "Canada", "Sweden", "Canada", "Canada", "Finland", "Canada", "Canada", "Canada", "Canada"]
    rows = [["Pick", "Player", "Nationality"]] + [[str(i + 1), f"Player {i + 1}", n] for i, n in enumerate(nations)]
    table = table_from_rows(rows, tmp_path, "draft")
    answer = answer_table(table, "How many times is Canada listed in the nationality column?")
    assert answer is not None and float(answer.value) == 8
    assert len(answer.citations) == 8
