"""Key-figure tables and column groups: a count a row states, named another way ("customers" for "Postpaid
subscribers") or with the table's context ("Enterprise" above "Customers ('000)"); a "Unit" column that names no
amount ("unit cost in 2023"); a group said another way ("foreign" for "Non-U.S.", "domestic" for "U.S.",
"consolidated" for "Group"); a quarter-end date over rows labelled by quarters ("3Q19"). Tables are CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

MOBILE = [
    ["Mobile", "Unit", "FY2024", "FY2023"],
    ["Postpaid subscribers(1)", "'000", "6,842", "6,615"],
    ["Prepaid subscribers", "'000", "3,104", "3,388"],
    ["Postpaid ARPU", "$ per month", "46.12", "44.85"],
    ["Cost per subscriber", "$", "12.40", "12.95"],
    ["Cost per subscriber excluding handsets", "$", "7.05", "7.30"],
]
SEGMENT_KPIS = [
    ["", "2024", "2023"],
    ["Consumer", "", ""],
    ["Revenue ($m)", "8,410", "8,202"],
    ["Customers ('000)", "7,215", "7,344"],
    ["Enterprise", "", ""],
    ["Revenue ($m)", "4,118", "4,025"],
    ["Customers ('000)", "402", "398"],
]
GEOGRAPHY = [
    ["(in millions)", "U.S.", "", "Non-U.S.", "", "Total", ""],
    ["", "2019", "2018", "2019", "2018", "2019", "2018"],
    ["Net sales", "$ 6,412", "$ 6,187", "$ 5,903", "$ 6,021", "$ 12,315", "$ 12,208"],
    ["Interest expense, net", "(164)", "(151)", "(22)", "(19)", "(186)", "(170)"],
    ["Provision for income taxes", "(251)", "(229)", "(172)", "(205)", "(423)", "(434)"],
]
GROUP_COMPANY = [
    ["", "Group", "", "Company", ""],
    ["", "2019", "2018", "2019", "2018"],
    ["", "$m", "$m", "$m", "$m"],
    ["Staff costs", "214.6", "201.3", "12.4", "11.8"],
    ["Depreciation", "48.2", "45.0", "0.9", "0.8"],
]
CAPITAL = [
    ["Period end", "CET1 capital ratio", "Total capital ratio", "Tangible book value per share"],
    ["4Q19", "11.42%", "13.58%", "$ 24.86"],
    ["3Q19", "11.35%", "13.55%", "$ 24.40"],
    ["2Q19", "11.21%", "13.47%", "$ 23.87"],
    ["1Q19", "11.08%", "13.39%", "$ 23.31"],
    ["4Q18", "10.96%", "13.30%", "$ 22.75"],
]


def test_a_count_a_row_states_is_taken_not_counted(tmp_path):
    answers_each(
        table_from_rows(MOBILE, tmp_path, "mobile"),
        ("How many postpaid mobile customers were there at the end of FY2024?", "6,842"),
        # the "Unit" column says what the amounts measure: "cost per subscriber ... in FY2023" is the FY2023 cell
        ("What was cost per subscriber excluding handsets in FY2023?", "7.30"),
    )
    answers_each(
        table_from_rows(SEGMENT_KPIS, tmp_path, "segments"),
        ("How many enterprise customers were there in 2023 (thousands)?", "398"),
    )


def test_a_group_said_another_way(tmp_path):
    answers_each(
        table_from_rows(GEOGRAPHY, tmp_path, "geography"),
        ("What was the foreign tax provision in 2019?", "(172)"),
        ("What was domestic net interest expense in 2018?", "(151)"),
    )
    answers_each(
        table_from_rows(GROUP_COMPANY, tmp_path, "group"), ("What were consolidated staff costs in 2018?", "201.3")
    )


def test_a_quarter_end_date_over_quarter_labels(tmp_path):
    answers_each(
        table_from_rows(CAPITAL, tmp_path, "capital"),
        ("What was the CET1 ratio at September 30, 2019?", "11.35%"),
        ("What was the total capital ratio as of June 30, 2019?", "13.47%"),
        ("What was tangible book value per share at year-end 2018?", "$ 22.75"),
    )


QUARTERS_AS_ROWS = [
    ["€ million", "Sales", "EBITDA", "Net income"],
    ["Q1 2019", "3 098", "541", "198"],
    ["Q2 2019", "3 241", "603", "231"],
    ["Q3 2019", "3 287", "612", "236"],
    ["Q4 2019", "3 248", "562", "207"],
    ["Full year 2019", "12 874", "2 318", "872"],
    ["Q1 2018", "2 942", "502", "183"],
    ["Q2 2018", "3 071", "548", "205"],
    ["Q3 2018", "3 118", "566", "214"],
    ["Q4 2018", "3 075", "529", "196"],
    ["Full year 2018", "12 206", "2 145", "798"],
]
PER_SHARE = [
    ["Fiscal year", "Diluted EPS", "Dividends per share", "Price/earnings ratio"],
    ["2017", "$2.71", "$1.20", "19.4x"],
    ["2018", "$3.12", "$1.34", "16.2x"],
    ["2019", "$3.48", "$1.50", "20.1x"],
    ["2020", "$2.96", "$1.60", "24.7x"],
]


def test_which_quarter_or_year_ranks_the_period_rows(tmp_path):
    # the quarters of the year named are ranked in the column named; a full year is no quarter
    answers_each(
        table_from_rows(QUARTERS_AS_ROWS, tmp_path, "quarters"),
        ("Which quarter of 2019 had the highest EBITDA?", "Q3 2019"),
        ("Which quarter of 2018 had the lowest sales?", "Q1 2018"),
    )
    # a column of multiples ("19.4x") holds amounts, no names: the years rows are ranked and named
    answers_each(
        table_from_rows(PER_SHARE, tmp_path, "per_share"),
        ("In which year were diluted earnings per share highest?", "2019"),
        ("In which year was the price/earnings ratio lowest?", "2018"),
    )


QUARTER_COLUMNS = [
    ["", "Fiscal 2019", "", "", "", ""],
    ["(in millions)", "Q1", "Q2", "Q3", "Q4", "Full Year"],
    ["Americas", "$ 642.8", "$ 668.1", "$ 701.4", "$ 759.9", "$ 2,772.2"],
    ["Asia Pacific", "204.1", "219.6", "227.3", "248.2", "899.2"],
    ["Total net revenue", "$ 846.9", "$ 887.7", "$ 928.7", "$ 1,008.1", "$ 3,671.4"],
]
HALVES = [
    ["€ million", "Q1 2020", "Q2 2020", "H1 2020", "Q1 2019", "Q2 2019", "H1 2019"],
    ["Revenue", "4,218", "3,507", "7,725", "4,402", "4,615", "9,017"],
    ["Net profit", "221", "41", "262", "296", "331", "627"],
]
COMPS = [
    ["(in millions)", "First Quarter", "Second Quarter", "Third Quarter", "Fourth Quarter", "Total Year"],
    ["Fiscal 2019", "", "", "", "", ""],
    ["Net sales", "$ 3,842", "$ 4,015", "$ 3,967", "$ 5,588", "$ 17,412"],
    ["Comparable sales increase (decrease)", "2.1%", "3.4%", "1.8%", "(0.6)%", "1.5%"],
    ["Fiscal 2018", "", "", "", "", ""],
    ["Net sales", "$ 3,701", "$ 3,889", "$ 3,812", "$ 5,432", "$ 16,834"],
    ["Comparable sales increase (decrease)", "4.0%", "2.6%", "(1.2)%", "3.1%", "2.2%"],
]
LEVERAGE = [
    ["($M)", "FY24", "FY23"],
    ["Net debt, end of period", "1,018.5", "1,302.7"],
    ["Net leverage (Net debt / TTM adj. EBITDA)", "0.9x", "1.4x"],
]


def test_a_year_over_its_quarters_is_the_full_year_column(tmp_path):
    answers_each(
        table_from_rows(QUARTER_COLUMNS, tmp_path, "quarter_columns"),
        ("What was total net revenue for fiscal 2019?", "$ 3,671.4"),
        ("What was total net revenue in the third quarter of fiscal 2019?", "$ 928.7"),
    )
    answers_each(
        table_from_rows(HALVES, tmp_path, "halves"), ("What was net profit for the six months to June 2020?", "262")
    )


def test_a_row_stating_a_change_declines_where_it_is_negative(tmp_path):
    answers_each(
        table_from_rows(COMPS, tmp_path, "comps"),
        ("In which quarter of fiscal 2018 did comparable sales decline?", "Third Quarter"),
        ("In which quarter of fiscal 2019 did comparable sales decline?", "Fourth Quarter"),
    )


def test_a_multiple_states_the_ratio_asked(tmp_path):
    answers_each(
        table_from_rows(LEVERAGE, tmp_path, "leverage"),
        ("What was the ratio of net debt to TTM adjusted EBITDA at the end of FY23?", "1.4x"),
    )


STACKED = [
    ["Average monthly number of employees", "2019 Number", "2018 Number"],
    ["UK & Ireland", "14,206", "13,874"],
    ["North America", "5,930", "5,611"],
    ["", "20,136", "19,485"],
    ["Staff costs", "2019 £m", "2018 £m"],
    ["Wages and salaries", "1,086.4", "1,031.2"],
    ["Social security costs", "118.7", "112.9"],
    ["", "1,205.1", "1,144.1"],
]


def test_a_titled_header_again_opens_a_block(tmp_path):
    # "Staff costs | 2019 £m | 2018 £m" repeats the header's years under a title of its own: the rows below are
    # staff costs in £m, and their unlabelled sum is the total asked
    from tablerag.eval.qa import answer_any, tables_from_rows

    tables = tables_from_rows(STACKED, tmp_path, "stacked")
    assert len(tables) == 2
    answer = answer_any(tables, "What were total staff costs for 2019?")
    assert answer is not None and answer.value == "1,205.1"


TARGETS = [
    ["KPI", "Target 2024", "2024", "2023", "2022"],
    ["Network availability (%)", "99.95", "99.97", "99.93", "99.90"],
    ["Dropped call rate (%)", "< 0.50", "0.41", "0.48", "0.55"],
    ["Customer complaints per 10,000 services", "< 5.0", "4.2", "5.1", "6.3"],
    ["First contact resolution (%)", "80", "77.5", "74.9", "71.2"],
]


def test_a_target_column_answers_only_when_a_target_is_asked(tmp_path):
    answers_each(
        table_from_rows(TARGETS, tmp_path, "targets"),
        ("How many customer complaints per 10,000 services were recorded in 2024?", "4.2"),
        ("What was the target for network availability in 2024?", "99.95"),
    )


REMUNERATION = [
    ["2019", "Cash salary and fees $", "Super-annuation $", "Total $"],
    ["Non-Executive Directors:", "", "", ""],
    ["J Harrington (Chair)", "210,000", "19,950", "229,950"],
    ["S McAllister", "105,000", "9,975", "114,975"],
    ["Executive Directors:", "", "", ""],
    ["M Kowalski (CEO)", "875,000", "20,531", "1,660,934"],
]


def test_a_possessive_s_is_no_word(tmp_path):
    # "the CEO's" names the CEO's row, never "S McAllister" by an "s"
    answers_each(
        table_from_rows(REMUNERATION, tmp_path, "remuneration"),
        ("What was the CEO's total remuneration for 2019?", "1,660,934"),
    )


ROLL_FORWARD = [
    ["", "Buildings", "Plant and machinery", "Total"],
    ["", "RMB'000", "RMB'000", "RMB'000"],
    ["31 December 2019", "", "", ""],
    ["At 1 January 2019:", "", "", ""],
    ["Cost", "1,842,306", "1,604,518", "3,446,824"],
    ["Accumulated depreciation", "(402,815)", "(722,604)", "(1,125,419)"],
    ["Additions", "12,406", "148,335", "160,741"],
    ["At 31 December 2019:", "", "", ""],
    ["Cost", "2,038,932", "1,772,403", "3,811,335"],
    ["Accumulated depreciation", "(449,333)", "(840,252)", "(1,289,585)"],
]


def test_a_date_said_picks_the_section_dated_so(tmp_path):
    # the innermost dated level of each "Cost" row says its date; the title over both says the year's end
    answers_each(
        table_from_rows(ROLL_FORWARD, tmp_path, "roll_forward"),
        ("What was the cost of plant and machinery at 31 December 2019?", "1,772,403"),
        ("What was the cost of buildings at 1 January 2019?", "1,842,306"),
    )


LOSS_POSITIONS = [
    ["", "Less than 12 Months", "", "12 Months or Greater", ""],
    ["December 31, 2019 (in thousands)", "Fair Value", "Unrealized Losses", "Fair Value", "Unrealized Losses"],
    ["U.S. Treasury securities", "$ 48,210", "$ (61)", "$ 9,874", "$ (23)"],
    ["Agency mortgage-backed securities", "201,877", "(1,492)", "288,640", "(3,926)"],
]


def test_or_more_is_the_open_bucket(tmp_path):
    # "12 months or more" is the "12 Months or Greater" group, not "Less than 12 Months"
    answers_each(
        table_from_rows(LOSS_POSITIONS, tmp_path, "loss_positions"),
        ("What was the fair value of agency MBS in a loss position for 12 months or more?", "288,640"),
        ("What were unrealized losses on Treasury securities held at a loss for 12 months or longer?", "$ (23)"),
    )
