"""What a ranking's members and a roll-forward's movements are: a movement asked by its verb names the row of its
noun ("goodwill acquired": "Acquisitions"); the kind a "which X" ranking asks for names no column of amounts when
the columns are its members; a line without a label, or a revenue or result line, is no member of "which expense";
a part named by its own word beside the total named by its noun is the part; the header over the labels that
named a row by its figures names no column, and "how many" takes the column that counts. Each test builds its
table as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table


def _value(answer):
    assert answer is not None and not answer.refused, answer
    return answer.value


GOODWILL = [
    ["(in millions)", "Pumps", "Valves", "Controls", "Total"],
    ["Balance as of June 30, 2021", "$604.2", "$318.0", "$455.9", "$1,378.1"],
    ["Acquisitions", "—", "71.4", "25.8", "97.2"],
    ["Divestitures", "(12.5)", "—", "—", "(12.5)"],
    ["Currency translation", "(5.1)", "(1.9)", "(3.0)", "(10.0)"],
    ["Balance as of June 30, 2022", "$586.6", "$387.5", "$478.7", "$1,452.8"],
]


def test_a_movement_asked_by_its_verb_is_the_row_of_its_noun(tmp_path):
    table = table_from_rows(GOODWILL, tmp_path, "goodwill")
    assert _value(answer_table(table, "What was the total goodwill acquired in fiscal 2022?")) == "97.2"
    assert (
        _value(answer_table(table, "How much goodwill was divested in the Pumps segment in fiscal 2022?")) == "(12.5)"
    )
    # the balance is still the balance
    assert _value(answer_table(table, "What was the total goodwill balance as of June 30, 2022?")) == "$1,452.8"


RESTRUCTURING = [
    ["(in thousands)", "Employee severance", "Lease exit costs", "Asset impairments", "Total"],
    ["Balance at December 31, 2021", "$3,120", "$1,460", "$—", "$4,580"],
    ["Charges", "8,415", "2,960", "1,775", "13,150"],
    ["Cash payments", "(7,902)", "(1,310)", "—", "(9,212)"],
    ["Balance at December 31, 2022", "$3,633", "$3,110", "$—", "$6,743"],
]


def test_the_kind_of_a_ranking_names_no_column_of_its_members(tmp_path):
    table = table_from_rows(RESTRUCTURING, tmp_path, "restructuring")
    answer = answer_table(table, "Which type of restructuring cost had the largest charges in 2022?")
    assert _value(answer) == "Employee severance"


LEVELS = [
    ["(in thousands)", "Level 1", "Level 2", "Level 3", "Total"],
    ["Money market funds", "$52,310", "$—", "$—", "$52,310"],
    ["Corporate bonds", "—", "148,920", "—", "148,920"],
    ["Contingent consideration", "—", "—", "(4,200)", "(4,200)"],
    ["Total", "$52,310", "$148,920", "$(4,200)", "$197,030"],
]

RESTATED = [
    ["(in thousands)", "As Previously Reported", "Restatement Adjustments", "As Restated"],
    ["Revenue", "$310,200", "$(2,840)", "$307,360"],
    ["Operating expenses", "96,415", "—", "96,415"],
    ["Net income", "21,030", "(2,115)", "18,915"],
]

NOTES = [
    ["", "Note", "2022", "2021"],
    ["Revenue", "3", "48,210", "44,905"],
    ["Provisions", "19", "1,204", "1,377"],
]


def test_a_kind_that_is_the_columns_or_a_column_whole_still_names_them(tmp_path):
    levels = table_from_rows(LEVELS, tmp_path, "levels")
    assert _value(answer_table(levels, "Which level held the most assets?")) == "Level 2"
    notes = table_from_rows(NOTES, tmp_path, "notes")
    assert _value(answer_table(notes, "Which note covers provisions?")) == "19"
    restated = table_from_rows(RESTATED, tmp_path, "restated")  # "what X was made": that column's cell, no ranking
    assert _value(answer_table(restated, "What adjustment was made to net income?")) == "(2,115)"


SEGMENTS = [
    ["€ million", "Nordics", "Iberia", "Benelux", "Group"],
    ["Revenue", "4,105", "2,960", "3,318", "10,383"],
    ["Operating profit", "512", "301", "420", "1,233"],
    ["Employees at 31 December", "12,480", "9,115", "14,002", "35,597"],
]


def test_a_row_named_by_a_near_spelling_keeps_its_label_column(tmp_path):
    table = table_from_rows(SEGMENTS, tmp_path, "segments")
    assert _value(answer_table(table, "Which segment employed the most people at year end?")) == "Benelux"


REVENUE = [
    ["", "Year Ended December 31,", ""],
    ["(in millions)", "2022", "2021"],
    ["Licences and maintenance", "$2,615", "$2,380"],
    ["Consulting and other", "344", "390"],
    ["Total revenues", "$2,959", "$2,770"],
]


def test_a_part_named_by_its_word_beside_the_total_named_by_its_noun(tmp_path):
    table = table_from_rows(REVENUE, tmp_path, "revenue")
    assert _value(answer_table(table, "What was licences revenue in 2022?")) == "$2,615"
    assert _value(answer_table(table, "What was consulting revenue in 2021?")) == "390"
    assert _value(answer_table(table, "What was total revenue in 2021?")) == "$2,770"


RANGES = [
    ["", "Options Outstanding", "", "", "Options Exercisable", ""],
    [
        "Range of Exercise Prices",
        "Number Outstanding",
        "Weighted Average Remaining Contractual Life (Years)",
        "Weighted Average Exercise Price",
        "Number Exercisable",
        "Weighted Average Exercise Price",
    ],
    ["$4.00 - $8.00", "305,400", "1.8", "$6.12", "305,400", "$6.12"],
    ["$8.01 - $14.00", "1,482,900", "5.2", "$11.05", "990,310", "$10.77"],
    ["$14.01 - $22.00", "867,050", "7.9", "$18.40", "214,700", "$17.95"],
    ["", "2,655,350", "6.0", "$12.94", "1,510,410", "$10.21"],
]


def test_a_line_without_a_label_is_no_member_of_a_ranking(tmp_path):
    table = table_from_rows(RANGES, tmp_path, "ranges")
    answer = answer_table(table, "Which exercise price range has the most options outstanding?")
    assert _value(answer) == "$8.01 - $14.00"


def test_the_header_of_the_labels_names_no_column_and_how_many_takes_the_count(tmp_path):
    table = table_from_rows(RANGES, tmp_path, "ranges")
    question = "How many options were outstanding in the $14.01 - $22.00 exercise price range?"
    assert _value(answer_table(table, question)) == "867,050"
    question = "How many options were exercisable in the $8.01 - $14.00 price range?"
    assert _value(answer_table(table, question)) == "990,310"
    question = "What was the weighted average exercise price of options outstanding in the $4.00 - $8.00 range?"
    assert _value(answer_table(table, question)) == "$6.12"


VARIANCE = [
    ["", "Years Ended September 30,", "", "Favorable (Unfavorable)", ""],
    ["(in millions)", "2023", "2022", "$", "%"],
    ["Revenues", "$5,210", "$4,870", "$340", "7.0%"],
    ["Fuel", "(1,402)", "(1,120)", "(282)", "(25.2)%"],
    ["Maintenance", "(388)", "(401)", "13", "3.2%"],
    ["Rents", "(240)", "(262)", "22", "8.4%"],
    ["Operating income", "$3,180", "$3,087", "$93", "3.0%"],
]


def test_revenue_and_result_lines_are_no_expense(tmp_path):
    table = table_from_rows(VARIANCE, tmp_path, "variance")
    assert _value(answer_table(table, "Which expense had the largest favorable variance?")) == "Rents"


BALANCE = [
    ["(in thousands)", "December 31, 2022", "December 31, 2021"],
    ["Cash and cash equivalents", "$512,400", "$430,115"],
    ["Long-term debt", "1,204,000", "1,310,500"],
    ["Total assets", "$3,902,118", "$3,655,740"],
]


def test_last_year_is_the_year_before_the_reports_own(tmp_path):
    table = table_from_rows(BALANCE, tmp_path, "balance")
    assert _value(answer_table(table, "What were total assets at the end of last year?")) == "$3,655,740"
    assert _value(answer_table(table, "How much long-term debt did the company have this year?")) == "1,204,000"
    # "the last year shown" is the table's latest
    assert _value(answer_table(table, "What was long-term debt in the last year shown?")) == "1,204,000"


BORROWINGS = [
    ["", "2022", "2021"],
    ["", "€m", "€m"],
    ["Current", "", ""],
    ["Bank overdrafts", "8.1", "12.6"],
    ["Bank loans", "61.0", "45.5"],
    ["Bonds", "—", "250.0"],
    ["", "69.1", "308.1"],
    ["Non-current", "", ""],
    ["Bank loans", "380.0", "402.0"],
    ["Bonds", "698.4", "447.2"],
    ["", "1,078.4", "849.2"],
    ["Total borrowings", "1,147.5", "1,157.3"],
]


def test_a_section_named_by_its_heading_holds_the_row_asked(tmp_path):
    table = table_from_rows(BORROWINGS, tmp_path, "borrowings")
    assert _value(answer_table(table, "What were total current borrowings in 2021?")) == "308.1"
    assert _value(answer_table(table, "What were total borrowings in 2021?")) == "1,157.3"
    assert _value(answer_table(table, "What were non-current bonds in 2022?")) == "698.4"


PRICES = [
    [
        "Exercise Prices",
        "Options Outstanding",
        "Weighted Average Remaining Life (Years)",
        "Options Vested and Exercisable",
    ],
    ["$0.60", "940,000", "2.7", "940,000"],
    ["$1.35", "1,605,000", "5.1", "1,204,500"],
    ["$3.90", "2,110,400", "8.8", "310,250"],
    ["", "4,655,400", "", "2,454,750"],
]


def test_a_register_keyed_by_a_figure_is_read_by_it(tmp_path):
    table = table_from_rows(PRICES, tmp_path, "prices")
    question = "How many options are outstanding at an exercise price of $3.90?"
    assert _value(answer_table(table, question)) == "2,110,400"
    assert _value(answer_table(table, "What is the remaining life of the $1.35 options?")) == "5.1"
    assert _value(answer_table(table, "How many $0.60 options are vested and exercisable?")) == "940,000"


DATED_RANGES = [
    ["", *["Options Outstanding at June 30, 2023"] * 3, *["Options Exercisable at June 30, 2023"] * 2],
    [
        "Exercise Price",
        "Shares",
        "Weighted Average Exercise Price",
        "Term (years)",
        "Shares",
        "Weighted Average Exercise Price",
    ],
    ["$2.10 to $6.00", "150,200", "$4.41", "2.2", "150,200", "$4.41"],
    ["$6.01 to $15.00", "388,000", "$11.92", "5.5", "301,400", "$11.30"],
    ["$15.01 to $30.00", "702,650", "$22.87", "8.1", "120,900", "$19.64"],
]


def test_exercisable_is_no_exercise_price(tmp_path):
    table = table_from_rows(DATED_RANGES, tmp_path, "ranges")
    question = "What is the weighted average exercise price of exercisable options in the $6.01 to $15.00 range?"
    assert _value(answer_table(table, question)) == "$11.30"


COMPENSATION = [
    ["Name and Principal Position", "Year", "Salary ($)", "Bonus ($)", "Stock Awards ($)", "Total ($)"],
    ["Helen R. Marsh", "2022", "980,000", "—", "4,100,000", "5,080,000"],
    ["Chief Executive Officer", "2021", "940,000", "150,000", "3,700,000", "4,790,000"],
    ["", "2020", "900,000", "—", "3,350,000", "4,250,000"],
    ["Tomasz Kowal", "2022", "560,000", "—", "1,200,000", "1,760,000"],
    ["Chief Financial Officer", "2021", "535,000", "80,000", "1,050,000", "1,665,000"],
    ["Ines Duarte", "2022", "450,000", "60,000", "900,000", "1,410,000"],
]


def test_an_entity_and_a_year_are_the_line_of_its_block(tmp_path):
    table = table_from_rows(COMPENSATION, tmp_path, "compensation")
    assert _value(answer_table(table, "What was Tomasz Kowal's salary in 2021?")) == "535,000"
    assert _value(answer_table(table, "What were Helen Marsh's stock awards in 2020?")) == "3,350,000"
    assert (
        _value(answer_table(table, "What was the Chief Financial Officer's total compensation in 2021?")) == "1,665,000"
    )
    assert _value(answer_table(table, "What bonus did Ines Duarte receive in 2022?")) == "60,000"


OUTSTANDING = [
    ["Name", "Options Exercisable (#)", "Option Exercise Price ($)", "Option Expiration Date"],
    ["Ruth A. Okafor", "120,000", "21.65", "3/02/2026"],
    ["Paul Lindqvist", "64,000", "27.40", "2/27/2028"],
]


def test_a_figure_the_question_states_is_no_column_it_asks(tmp_path):
    table = table_from_rows(OUTSTANDING, tmp_path, "outstanding")
    question = "When do Ruth Okafor's options with an exercise price of $21.65 expire?"
    assert _value(answer_table(table, question)) == "3/02/2026"


GROWTH = [
    ["Year-over-year growth", "FY2023", "FY2022", "FY2021"],
    ["Total revenue", "14.1%", "19.6%", "21.0%"],
    ["Licence revenue", "(4.4)%", "(2.9)%", "0.8%"],
    ["Cloud revenue", "27.3%", "31.2%", "35.5%"],
]

KEY_FIGURES = [
    ["", "2023", "2022", "Change"],
    ["Revenue (€m)", "5,102", "4,690", "+8.8%"],
    ["Free cash flow (€m)", "441", "502", "(12.2)%"],
]

VARIANCES = [
    ["", "Years Ended June 30,", "", "Favorable (Unfavorable)", ""],
    ["(in millions)", "2023", "2022", "$", "%"],
    ["Revenues", "$6,310", "$5,902", "$408", "6.9%"],
    ["Operating expenses", "(5,221)", "(4,877)", "(344)", "(7.1)%"],
    ["Operating income", "$1,089", "$1,025", "$64", "6.2%"],
]


def test_a_change_the_table_states_answers_how_much_it_moved(tmp_path):
    growth = table_from_rows(GROWTH, tmp_path, "growth")
    assert _value(answer_table(growth, "How much did licence revenue decline in FY2023?")) == "(4.4)%"
    assert _value(answer_table(growth, "How much did cloud revenue increase in FY2022?")) == "31.2%"
    figures = table_from_rows(KEY_FIGURES, tmp_path, "figures")
    assert _value(answer_table(figures, "How much did revenue grow in 2023?")) == "+8.8%"
    assert _value(answer_table(figures, "What was revenue in 2023?")) == "5,102"
    variances = table_from_rows(VARIANCES, tmp_path, "variances")
    question = "By what percent did operating income increase versus the prior year?"
    assert _value(answer_table(variances, question)) == "6.2%"


AWARDS = [
    ["Name", "Options Exercisable (#)", "Options Unexercisable (#)", "Option Exercise Price ($)", "Expiration Date"],
    ["Karin Holt", "90,000", "—", "17.80", "3/01/2025"],
    ["", "40,000", "20,000", "26.35", "2/28/2028"],
    ["", "—", "55,000", "33.90", "2/26/2031"],
    ["Omar Reyes", "30,000", "15,000", "26.35", "2/28/2028"],
]


def test_a_line_continuing_a_named_row_is_picked_by_what_the_question_states(tmp_path):
    table = table_from_rows(AWARDS, tmp_path, "awards")
    question = "What is the option exercise price of Karin Holt's options expiring 2/26/2031?"
    assert _value(answer_table(table, question)) == "33.90"
    question = "How many unexercisable options with an exercise price of $26.35 did Karin Holt hold?"
    assert _value(answer_table(table, question)) == "20,000"
    assert _value(answer_table(table, "When do Omar Reyes's options expire?")) == "2/28/2028"
