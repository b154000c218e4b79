"""Regressions on linking a question to the names a table gives its rows and columns (one test per cause): each
builds its table as a CSV file and asks the kind of question that went wrong. A wrong number is worse than a
refusal."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table


def test_an_operation_word_inside_the_row_name_names_the_row(tmp_path):
    rows = [
        ["", "2019", "2018", "2017"],
        ["Basic weighted average common shares outstanding", "442,319", "439,606", "428,181"],
        ["Expected rate of salary increase", "2.5", "2.3", "2.0"],
        ["Total liabilities", "94.9", "90.1", "88.0"],
    ]
    table = table_from_rows(rows, tmp_path, "shares")
    answer = answer_table(table, "What was the basic weighted average common shares outstanding in 2018?")
    assert answer is not None and answer.value == "439,606"
    answer = answer_table(table, "What was the expected rate of salary increase in 2019?")
    assert answer is not None and answer.value == "2.5"
    answer = answer_table(table, "What were the total liabilities in 2017?")
    assert answer is not None and answer.value == "88.0"
    # the word asked once more than the name holds it is the operation
    answer = answer_table(
        table, "What was the average basic weighted average common shares outstanding in 2018 and 2019?"
    )
    assert answer is not None and float(answer.value) == (442319 + 439606) / 2


def test_a_row_named_by_its_whole_label_is_found_when_its_words_are_in_every_row(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Net bookings", "$6,388", "$7,262"],
        ["In-game net bookings", "$3,366", "$4,203"],
    ]
    answer = answer_table(table_from_rows(rows, tmp_path, "bookings"), "What was the net bookings in 2018?")
    assert answer is not None and answer.value == "$7,262"
    sections = [
        ["", "2019", "2018"],
        ["Current income tax expense (benefit):", "", ""],
        ["Federal", "$5", "$4"],
        ["Deferred income tax expense (benefit):", "", ""],
        ["Federal", "4,206", "4,860"],
        ["Income tax expense (benefit)", "$(7,125)", "$5,534"],
    ]
    table = table_from_rows(sections, tmp_path, "tax")
    answer = answer_table(table, "What was the income tax expense (benefit) in 2019?")
    assert answer is not None and answer.value == "$(7,125)"


def test_rows_tied_on_words_go_to_the_one_whose_own_label_holds_them(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Cost of revenue:", "", ""],
        ["Services", "243,053", "246,548"],
        ["Includes stock-based compensation of:", "", ""],
        ["Cost of services revenue", "22,781", "21,856"],
    ]
    table = table_from_rows(rows, tmp_path, "cost")
    answer = answer_table(table, "What was the cost of services revenue in 2018?")
    assert answer is not None and answer.value == "21,856"


def test_which_year_compares_the_period_amounts_of_the_row(tmp_path):
    notes = [
        ["", "Notes", "2019", "2018"],
        ["Trade receivables", "", "3,770", "3,054"],
        ["Receivables from related parties", "17", "11,880", "8,039"],
    ]
    answer = answer_table(table_from_rows(notes, tmp_path, "notes"), "In which year was trade receivables larger?")
    assert answer is not None and answer.value == "2019"
    restated = [
        ["", "Year-ended 31 March 2019", "Year-ended 31 March 2018 Restated See note 2"],
        ["UK", "83.2", "73.5"],
        ["Germany", "143.5", "128.4"],
    ]
    answer = answer_table(table_from_rows(restated, tmp_path, "restated"), "In which year was Germany smaller?")
    assert answer is not None and answer.value == "2018"
    changes = [
        ["", "", "Fiscal year", "% Change"],
        ["(in millions of €)", "2019", "2018", "Actual"],
        ["Orders", "19,975", "18,451", "8 %"],
        ["Revenue", "17,663", "18,125", "(3) %"],
    ]
    answer = answer_table(table_from_rows(changes, tmp_path, "orders"), "In which year was revenue smaller?")
    assert answer is not None and answer.value == "2019"


def test_columns_tied_for_the_question_give_the_plain_amount_or_a_refusal_naming_them(tmp_path):
    kinds = [
        ["", "2019", "", "2018", ""],
        ["", "Amount", "% of total revenue", "Amount", "% of total revenue"],
        ["License and subscription revenue", "$ 64,798", "9%", "$ 35,452", "5%"],
        ["Maintenance revenue", "16,499", "2", "14,783", "2"],
    ]
    table = table_from_rows(kinds, tmp_path, "kinds")
    answer = answer_table(table, "What was the license and subscription revenue in 2018?")
    assert answer is not None and answer.value == "$ 35,452"
    answer = answer_table(table, "What was the License and subscription revenue in 2019 and 2018 respectively?")
    assert answer is not None and answer.value == "$ 64,798; $ 35,452"
    quarters = [
        ["", "Fiscal 2019", "", "Fiscal 2018", ""],
        ["", "First Quarter", "Second Quarter", "First Quarter", "Second Quarter"],
        ["Revenues", "94,888", "94,395", "84,380", "88,100"],
        ["Gross profit", "38,091", "38,422", "33,471", "35,000"],
    ]
    answer = answer_table(table_from_rows(quarters, tmp_path, "quarters"), "What was the gross profit in 2019?")
    assert answer is not None and answer.value is None and answer.refused
    assert sorted(c.citations[0]["col"] for c in answer.candidates) == [1, 2]


def test_words_that_name_the_row_do_not_name_a_column_kind(tmp_path):
    rows = [
        ["", "2019", "", "2018", ""],
        [
            "",
            "Number of Shares",
            "Weighted Average Grant Date Fair Value",
            "Number of Shares",
            "Weighted Average Grant Date Fair Value",
        ],
        ["Shares granted", "253,113", "2.17", "196,000", "3.10"],
        ["Shares vested", "300,000", "2.50", "323,420", "2.80"],
    ]
    table = table_from_rows(rows, tmp_path, "granted")
    answer = answer_table(table, "In which year was shares granted smaller?")
    assert answer is not None and answer.value == "2018"
    assert len(answer.citations) == 2  # the two years' numbers of shares, not their fair values


def test_less_at_the_head_of_a_row_name_asks_for_no_smaller_value(tmp_path):
    rows = [
        ["", "March 31, 2019", "March 31, 2018"],
        ["Accounts receivable", "1,020", "990"],
        ["Less allowance for doubtful accounts", "2", "5"],
    ]
    table = table_from_rows(rows, tmp_path, "allowance")
    answer = answer_table(table, "In which year was less allowance for doubtful accounts larger?")
    assert answer is not None and answer.value == "2018"


def test_a_unit_row_with_the_subject_in_its_stub_joins_the_header(tmp_path):
    rows = [
        ["", "Year-ended 31 March 2019", "Year-ended 31 March 2018"],
        ["Revenue from external customers by country", "$M", "$M"],
        ["UK", "83.2", "73.5"],
        ["USA", "222.2", "199.0"],
    ]
    table = table_from_rows(rows, tmp_path, "units")
    q = "In which year was the amount of revenue from external customers in the UK larger?"
    answer = answer_table(table, q)
    assert answer is not None and answer.value == "2019"
    answer = answer_table(table, "What was the revenue from external customers from the USA in 2018?")
    assert answer is not None and answer.value == "199.0"


def test_in_which_year_compares_a_total_row_across_its_years_when_columns_say_total_too(tmp_path):
    rows = [
        ["", "Fiscal Year 2018", "", "Fiscal Year 2017", ""],
        ["", "Net Sales", "% of Total", "Net Sales", "% of Total"],
        ["APAC", "$479,987", "40.0%", "$288,764", "38.1%"],
        ["EMEA", "277,898", "23.1%", "237,437", "31.4%"],
        ["Total", "$ 1,200,181", "", "$ 757,338", ""],
    ]
    answer = answer_table(table_from_rows(rows, tmp_path, "total"), "In which year was total smaller?")
    assert answer is not None and answer.value == "2017"


def test_a_row_placed_first_or_last_in_the_listing_is_that_row_in_table_order(tmp_path):
    rows = [
        ["Pos", "Driver", "Team", "Points", "Rounds"],
        ["1", "Jackie Stewart", "Tyrrell", "62", "All"],
        ["2", "Jacky Ickx", "Ferrari", "40", "1-8"],
        ["3", "Ronnie Peterson", "Lotus", "33", "All"],
        ["4", "Emerson Fittipaldi", "Lotus", "20", "All"],  # "All" rounds: no total row
        ["Total", "", "", "155", ""],
    ]
    table = table_from_rows(rows, tmp_path, "drivers")
    for asked, driver in (
        ("Who is the first driver listed?", "Jackie Stewart"),
        ("Who is the last driver on the list?", "Emerson Fittipaldi"),  # the total row is no entry
        ("What driver is last on the chart?", "Emerson Fittipaldi"),
        ("Who is the first driver listed for Lotus?", "Ronnie Peterson"),  # among the rows the question names
        ("What is the name of the last team on this chart?", "Lotus"),  # the thing named, not a "name" column
    ):
        answer = answer_table(table, asked)
        assert answer is not None and answer.value == driver
    # a place relative to another row is not a place in the listing
    answer = answer_table(table, "Who is the first driver listed after Jacky Ickx?")
    assert answer is None or answer.value != "Jackie Stewart"


def test_the_first_or_last_thing_is_its_row_in_order_of_time_and_a_when_question_reads_the_date(tmp_path):
    rows = [
        ["Year", "Competition", "Venue", "Position"],
        ["2012", "Olympic Games", "London", "3rd"],  # a career listed newest first
        ["2010", "European Championships", "Barcelona", "1st"],
        ["2008", "Asian Games", "Doha", "—"],
        ["2006", "World Junior Championships", "Beijing", "2nd"],
    ]
    table = table_from_rows(rows, tmp_path, "career")
    for asked, value in (
        ("What was his first competition?", "World Junior Championships"),  # first in time: the bottom row
        ("What was the last competition?", "Olympic Games"),
        ("When was his first competition?", "2006"),  # the year, not the competition
        ("What was the last position?", "3rd"),
    ):
        answer = answer_table(table, asked)
        assert answer is not None and answer.value == value, asked
        assert answer.citations and answer.citations[0]["row"] is not None
    # a place that is a result ("finished first") or a bound the row must meet is no order of rows
    for asked in ("In which competition did he finish first?", "What was the first competition after 2008?"):
        answer = answer_table(table, asked)
        assert answer is None or answer.value != "World Junior Championships", asked


def test_the_first_of_a_numbering_column_is_not_answered_with_its_number(tmp_path):
    rows = [
        ["Round", "Pick", "Player", "Position"],
        ["1", "9", "Brian Urlacher", "Linebacker"],
        ["1", "28", "Mike Brown", "Safety"],
        ["3", "70", "Dustin Lyman", "Tight end"],
    ]
    table = table_from_rows(rows, tmp_path, "draft")
    answer = answer_table(table, "What is the name of the player picked in the first round?")
    assert answer is None or answer.value not in ("1", "Brian Urlacher")  # two players were picked in round 1
    answer = answer_table(table, "Who was the last player?")
    assert answer is not None and answer.value == "Dustin Lyman"


BOARD = [
    ["Rank", "Name", "Position", "Appointed"],
    ["1", "J. Smith", "Chairman", "2015"],
    ["2", "A. Brown", "Chief Executive Officer", "2017"],
    ["3", "K. Lee", "Non-executive director", "2018"],
]


def test_who_asks_the_row_s_name_when_a_whole_cell_of_it_is_said(tmp_path):
    table = table_from_rows(BOARD, tmp_path, "board")
    answer = answer_table(table, "Who is the Chairman?")
    assert answer is not None and answer.value == "J. Smith"
    assert [(c["row"], c["col"]) for c in answer.citations] == [(1, 1)]
    answer = answer_table(table, "Who is the chief executive officer?")
    assert answer is not None and answer.value == "A. Brown"
    # a few words of a longer cell name no row: nothing is taken
    answer = answer_table(table, "Who is the executive?")
    assert answer is None or answer.value != "A. Brown"
