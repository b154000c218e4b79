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
