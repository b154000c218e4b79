"""Questions that say what the table says in other words: a loss stated without its parentheses, a date asked of a
column, "how old" for an Age column, British and American spellings, a common other word for a row's amount when
no row is named otherwise, the beginning of a year over dated balance rows, a count over a row of a count and
prices, one value said in every column. Tables are written as CSV files."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table
from tablerag.qa.link import tokens

YEARS = [["", "2019", "2018", "2017"], ["Revenue", "5,000", "4,500", "4,200"], ["Net loss", "(300)", "(450)", "(120)"]]
QUARTER_ENDS = [
    ["", "June 30, 2019", "March 31, 2019", "December 31, 2018"],
    ["Revenue", "1,200", "1,150", "1,310"],
    ["Net income", "110", "95", "140"],
]


def _cells(answer):
    return [(c["row"], c["col"]) for c in answer.citations]


def test_a_loss_stated_without_parentheses_is_the_cell_written_with_them(tmp_path):
    table = table_from_rows(YEARS, tmp_path, "years")
    answer = answer_table(table, "Which year had a net loss of 120?")
    assert answer is not None and answer.value == "2017" and _cells(answer) == [(2, 3)]


def test_which_date_names_the_whole_column_header(tmp_path):
    table = table_from_rows(QUARTER_ENDS, tmp_path, "quarters")
    for question in ("As of which date was the net income 95?", "On what date was revenue 1,310?"):
        answer = answer_table(table, question)
        assert answer is not None and answer.value == ("March 31, 2019" if "95" in question else "December 31, 2018"), (
            question
        )


def test_how_old_asks_the_age_column(tmp_path):
    rows = [
        ["Name", "Age", "Position"],
        ["John A. Smith", "58", "Chief Executive Officer"],
        ["Mary Johnson", "47", "Chief Financial Officer"],
    ]
    table = table_from_rows(rows, tmp_path, "officers")
    answer = answer_table(table, "How old is Mary Johnson?")
    assert answer is not None and answer.value == "47" and _cells(answer) == [(2, 1)]


def test_british_and_american_spellings_link_alike(tmp_path):
    assert tokens("amortisation of capitalised labour costs") == tokens("amortization of capitalized labor costs")
    assert tokens("ageing of the centre's defence programme") == tokens("aging of the center's defense program")
    rows = [["", "2019", "2018"], ["Depreciation", "300", "280"], ["Amortisation of intangibles", "120", "90"]]
    table = table_from_rows(rows, tmp_path, "costs")
    answer = answer_table(table, "What was the amortization of intangibles in 2018?")
    assert answer is not None and answer.value == "90"


def test_another_word_for_the_amount_links_only_when_no_row_is_named(tmp_path):
    rows = [["", "2019", "2018"], ["Revenue", "10,000", "9,000"], ["Cost of revenue", "6,000", "5,500"]]
    table = table_from_rows(rows, tmp_path, "income")
    answer = answer_table(table, "What were the company's sales in 2018?")
    assert answer is not None and answer.value == "9,000" and _cells(answer) == [(1, 2)]
    both = [["", "2019"], ["Product sales", "700"], ["Service revenue", "300"]]
    table = table_from_rows(both, tmp_path, "both")
    answer = answer_table(table, "What was the service revenue in 2019?")
    assert answer is not None and answer.value == "300"  # named by its own words: "sales" does not pull the other


ROLL_FORWARD = [
    ["", "Number of shares", "Weighted average grant date fair value"],
    ["At 1 January 2018", "500", "$4.10"],
    ["Granted", "120", "$5.20"],
    ["At 31 December 2018", "540", "$4.38"],
    ["Granted", "150", "$6.00"],
    ["At 31 December 2019", "590", "$4.83"],
]
US_ROLL_FORWARD = [
    ["", "Shares", "Weighted average exercise price"],
    ["Outstanding at December 31, 2017", "1,250,000", "$12.40"],
    ["Granted", "300,000", "$15.10"],
    ["Outstanding at December 31, 2018", "1,295,000", "$13.43"],
    ["Granted", "280,000", "$17.90"],
    ["Outstanding at December 31, 2019", "1,385,000", "$14.77"],
]


def test_the_beginning_of_a_year_is_its_opening_balance_row(tmp_path):
    table = table_from_rows(ROLL_FORWARD, tmp_path, "ifrs")
    answer = answer_table(table, "What was the number of shares at the beginning of 2018?")
    assert answer is not None and answer.value == "500" and _cells(answer) == [(1, 1)]
    answer = answer_table(table, "How many shares were there at the beginning of 2019?")
    assert answer is not None and answer.value == "540" and _cells(answer) == [(3, 1)]
    table = table_from_rows(US_ROLL_FORWARD, tmp_path, "us")
    answer = answer_table(table, "How many shares were outstanding at the beginning of 2018?")
    assert answer is not None and answer.value == "1,250,000" and _cells(answer) == [(1, 1)]


def test_a_count_asked_of_a_row_of_a_count_and_a_price_is_the_count(tmp_path):
    table = table_from_rows(US_ROLL_FORWARD, tmp_path, "us")
    answer = answer_table(table, "How many options were granted in 2019?")
    assert answer is not None and answer.value == "280,000" and _cells(answer) == [(4, 1)]
    price = answer_table(table, "What was the weighted average exercise price of options granted in 2018?")
    assert price is not None and price.value == "$15.10"


def test_a_value_said_in_every_column_answers_a_question_naming_none(tmp_path):
    rows = [
        ["", "Range", "Weighted average"],
        ["Expected volatility", "30% - 45%", "38%"],
        ["Dividend yield", "0%", "0%"],
    ]
    table = table_from_rows(rows, tmp_path, "assumptions")
    answer = answer_table(table, "What was the dividend yield?")
    assert answer is not None and answer.value == "0%"
    assert answer_table(table, "What was the expected volatility?") is None  # two different values: not said


def test_a_margin_is_the_share_the_table_states_when_it_names_no_margin(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Net sales", "10,000", "9,000"],
        ["Gross profit", "4,000", "3,500"],
        ["Gross profit as a percentage of net sales", "40.0%", "38.9%"],
    ]
    table = table_from_rows(rows, tmp_path, "margins")
    answer = answer_table(table, "What was the gross margin in 2018?")
    assert answer is not None and answer.value == "38.9%" and _cells(answer) == [(3, 2)]
    named = [["", "2019", "2018"], ["Gross margin", "4,000", "3,500"], ["Gross margin %", "40.0%", "38.9%"]]
    table = table_from_rows(named, tmp_path, "named")
    answer = answer_table(table, "What was the gross margin in 2019?")
    assert answer is not None and answer.value == "4,000"  # the table's own "Gross margin" row is the one asked


def test_a_percentage_asked_takes_the_periods_share_column(tmp_path):
    rows = [
        ["", "2019", "% of net sales", "2018", "% of net sales"],
        ["Net sales", "10,000", "100.0%", "9,000", "100.0%"],
        ["Operating income", "1,500", "15.0%", "1,200", "13.3%"],
    ]
    table = table_from_rows(rows, tmp_path, "shares")
    answer = answer_table(table, "What was the operating income as a percentage in 2019?")
    assert answer is not None and answer.value == "15.0%" and _cells(answer) == [(2, 2)]
    answer = answer_table(table, "What was the operating margin in 2018?")
    assert answer is not None and answer.value == "13.3%"
    answer = answer_table(table, "What was the operating income in 2018?")
    assert answer is not None and answer.value == "1,200"


SHARE_ROWS = [
    ["", "2019", "2018"],
    ["Americas", "5,000", "4,500"],
    ["% of total revenue", "50%", "48%"],
    ["EMEA", "3,000", "3,100"],
    ["% of total revenue", "30%", "33%"],
    ["Total revenue", "8,000", "7,600"],
]


def test_a_share_row_under_an_item_is_that_items_sub_row(tmp_path):
    table = table_from_rows(SHARE_ROWS, tmp_path, "shares")
    assert table.row_chain(2) == ["Americas", "% of total revenue"]
    assert table.row_chain(4) == ["EMEA", "% of total revenue"]
    assert table.row_chain(5) == ["Total revenue"]
    answer = answer_table(table, "What percentage of total revenue was from EMEA in 2019?")
    assert answer is not None and answer.value == "30%" and _cells(answer) == [(4, 1)]
    answer = answer_table(table, "What was the EMEA revenue in 2018?")  # no share asked: the item's own amount
    assert answer is not None and answer.value == "3,100" and _cells(answer) == [(3, 2)]


def test_a_row_stating_the_share_of_two_named_rows_is_the_answer(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Cash", "1,000", "900"],
        ["Total assets", "10,000", "9,000"],
        ["Cash to total assets", "10%", "10%"],
    ]
    table = table_from_rows(rows, tmp_path, "ratio")
    answer = answer_table(table, "What percentage of total assets was cash in 2018?")
    assert answer is not None and answer.value == "10%" and _cells(answer) == [(3, 2)]


def test_a_percentage_section_states_the_shares_of_its_rows(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Revenue", "1,000", "900"],
        ["Operating expenses", "250", "240"],
        ["Operating income", "150", "160"],
        ["As a percentage of revenue:", "", ""],
        ["Operating expenses", "25.0%", "26.7%"],
        ["Operating income", "15.0%", "17.8%"],
    ]
    table = table_from_rows(rows, tmp_path, "section")
    answer = answer_table(table, "What was the operating margin in 2019?")  # a profit's share, not the expenses'
    assert answer is not None and answer.value == "15.0%" and _cells(answer) == [(6, 1)]
    answer = answer_table(table, "What was the operating income in 2018?")
    assert answer is not None and answer.value == "160"


def test_a_which_quarter_question_over_year_sections_compares_the_quarters(tmp_path):
    rows = [
        ["", "First Quarter", "Second Quarter", "Third Quarter", "Fourth Quarter"],
        ["2019", "", "", "", ""],
        ["Net revenue", "1,020", "1,100", "1,180", "1,250"],
        ["Net income", "90", "105", "120", "140"],
        ["2018", "", "", "", ""],
        ["Net revenue", "950", "990", "1,010", "1,070"],
        ["Net income", "80", "85", "95", "100"],
    ]
    table = table_from_rows(rows, tmp_path, "quarters")
    answer = answer_table(table, "Which quarter had the highest net income in 2019?")
    assert answer is not None and answer.value == "Fourth Quarter"
    assert (3, 4) in _cells(answer) and not any(r == 6 for r, _ in _cells(answer))


def test_a_hyphenated_prefix_is_one_word(tmp_path):
    assert tokens("pre-tax income") == tokens("pretax income")
    assert tokens("post-retirement benefits") == tokens("postretirement benefits")
    assert "total" in tokens("Sub-total")


def test_a_row_whose_whole_label_is_said_beats_one_a_rarer_word_names(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Turnover", "1,240", "1,180"],
        ["Administrative expenses", "(210)", "(205)"],
        ["Profit before taxation", "185", "155"],
        ["Taxation", "(35)", "(29)"],
    ]
    table = table_from_rows(rows, tmp_path, "uk")
    answer = answer_table(table, "What was the tax expense in 2019?")
    assert answer is not None and answer.value == "(35)" and _cells(answer) == [(4, 1)]
    answer = answer_table(table, "What were the administrative expenses in 2018?")
    assert answer is not None and answer.value == "(205)"


def test_a_column_of_year_labels_beside_text_dates_the_rows(tmp_path):
    rows = [
        ["", "Operating Leases", "Finance Leases"],
        ["2020", "12,500", "1,200"],
        ["2021", "11,000", "1,100"],
        ["Total lease payments", "23,500", "2,300"],
    ]
    table = table_from_rows(rows, tmp_path, "leases")
    answer = answer_table(table, "Which lease type has the lower payments due in 2021?")
    assert answer is not None and answer.value == "Finance Leases"
    assert sorted(_cells(answer)) == [(2, 1), (2, 2)]


def test_a_totals_row_is_no_item_ranked(tmp_path):
    rows = [["Year", "Car", "Laps"], ["1928", "Miller", "120"], ["1929", "Duesenberg", "80"], ["Totals", "", "200"]]
    table = table_from_rows(rows, tmp_path, "career")
    answer = answer_table(table, "In what year did he lead the most laps?")
    assert answer is not None and answer.value == "1928"


REGIONS = [
    ["", "2019", "2018"],
    ["Americas", "5,000", "4,500"],
    ["EMEA", "3,000", "3,100"],
    ["APAC", "2,000", "1,800"],
    ["Total", "10,000", "9,400"],
]


def test_which_rows_moved_a_way_between_two_years_are_named(tmp_path):
    table = table_from_rows(REGIONS, tmp_path, "regions")
    answer = answer_table(table, "Which region's revenue decreased from 2018 to 2019?")
    assert answer is not None and answer.value == "EMEA" and sorted(_cells(answer)) == [(2, 1), (2, 2)]
    answer = answer_table(table, "Which regions had an increase in revenue from 2018 to 2019?")
    assert answer is not None and answer.value == "Americas; APAC"  # the total is no region
    assert answer_table(table, "Which region had the largest increase in revenue?").value == "Americas"  # ranked


def test_a_short_form_is_said_in_full_unless_the_table_writes_it(tmp_path):
    rows = [["", "2019", "2018"], ["Capital expenditures", "1,200", "1,050"], ["Operating expenses", "4,000", "3,800"]]
    table = table_from_rows(rows, tmp_path, "capex")
    answer = answer_table(table, "What was the capex in 2019?")
    assert answer is not None and answer.value == "1,200"
    answer = answer_table(table, "What was the opex in 2018?")
    assert answer is not None and answer.value == "3,800"


def test_two_rows_named_either_side_of_and_are_both_asked(tmp_path):
    table = table_from_rows(REGIONS, tmp_path, "regions")
    answer = answer_table(table, "What was the revenue from EMEA and Americas in 2019?")
    assert answer is not None and answer.value == "3,000; 5,000" and _cells(answer) == [(2, 1), (1, 1)]
    total = answer_table(table, "How much revenue did EMEA and Americas make in 2019?")
    assert total is None or total.value != "3,000; 5,000"  # one quantity asked: never a list


def test_the_two_largest_said_in_words_ranks_two(tmp_path):
    table = table_from_rows(REGIONS, tmp_path, "regions")
    answer = answer_table(table, "What are the two largest regions by revenue in 2019?")
    assert answer is not None and answer.label == "Americas; EMEA"


def test_which_year_had_an_amount_at_all_is_the_one_period_holding_it(tmp_path):
    rows = [["", "2019", "2018"], ["Income tax expense", "(210)", "(180)"], ["Income tax benefit", "-", "350"]]
    table = table_from_rows(rows, tmp_path, "benefit")
    answer = answer_table(table, "In which year was there an income tax benefit?")
    assert answer is not None and answer.value == "2018" and _cells(answer) == [(2, 2)]
    both = answer_table(table, "In which year was there an income tax expense?")
    assert both is None or both.value not in ("2019", "2018")  # both years hold one: nothing tells them apart


def test_a_word_the_table_never_uses_links_by_its_other_word(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Revenue", "1,240", "1,180"],
        ["Finance income", "5", "4"],
        ["Trade debtors", "210", "190"],
        ["Trade creditors", "(150)", "(140)"],
        ["Rental expense", "3,400", "3,100"],
    ]
    table = table_from_rows(rows, tmp_path, "uk")
    for question, value in (
        ("What were trade receivables in 2019?", "210"),  # "trade" alone ties debtors and creditors
        ("What were trade payables in 2018?", "(140)"),
        ("What was the interest income in 2018?", "4"),
        ("What was the lease expense in 2019?", "3,400"),
    ):
        answer = answer_table(table, question)
        assert answer is not None and answer.value == value, question
    # a word the table does use is never read as another: "revenue" is the Revenue row, not a sales synonym's
    answer = answer_table(table, "What was the revenue in 2019?")
    assert answer is not None and answer.value == "1,240"


def test_statement_words_written_otherwise(tmp_path):
    income = [
        ["", "2019", "2018"],
        ["Net revenue", "10,000", "9,000"],
        ["Income before income taxes", "1,800", "1,500"],
        ["Provision for income taxes", "400", "330"],
        ["Net income", "1,400", "1,170"],
    ]
    table = table_from_rows(income, tmp_path, "income")
    for question, value in (
        ("What was the pre-tax income in 2019?", "1,800"),
        ("What was the pretax income in 2018?", "1,500"),
        ("What was the income tax expense in 2018?", "330"),  # "expense" is no word of the table: "Provision"
    ):
        answer = answer_table(table, question)
        assert answer is not None and answer.value == value, question
    flows = [
        ["", "2019", "2018"],
        ["Net cash provided by operating activities", "2,400", "2,100"],
        ["Purchases of property and equipment", "(700)", "(650)"],
    ]
    answer = answer_table(table_from_rows(flows, tmp_path, "flows"), "What were capital expenditures in 2018?")
    assert answer is not None and answer.value == "(650)"


def test_gaap_words_over_ifrs_labels(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Non-current borrowings", "4,000", "4,500"],
        ["Current borrowings", "500", "450"],
        ["Contract liabilities", "800", "700"],
        ["Property, plant and equipment", "6,000", "5,800"],
    ]
    table = table_from_rows(rows, tmp_path, "ifrs")
    for question, value in (
        ("What was long-term debt in 2019?", "4,000"),
        ("What was the deferred revenue in 2018?", "700"),
        ("What was unearned revenue in 2019?", "800"),
        ("What were fixed assets in 2019?", "6,000"),
    ):
        answer = answer_table(table, question)
        assert answer is not None and answer.value == value, question


def test_a_balances_end_over_rows_dated_in_one_year(tmp_path):
    rows = [
        ["", "Number of shares", "Weighted average price"],
        ["Balance at January 1, 2019", "5,000", "$10.00"],
        ["Granted", "1,000", "$12.00"],
        ["Forfeited", "(200)", "$10.50"],
        ["Balance at December 31, 2019", "5,800", "$10.30"],
    ]
    table = table_from_rows(rows, tmp_path, "awards")
    for question, value, row in (
        ("What was the number of shares at the end of 2019?", "5,800", 4),
        ("How many shares were there at the beginning of 2019?", "5,000", 1),
        ("What was the ending number of shares?", "5,800", 4),
        ("What was the opening weighted average price?", "$10.00", 1),
        ("What was the closing balance of shares in 2019?", "5,800", 4),
    ):
        answer = answer_table(table, question)
        assert answer is not None and answer.value == value and answer.citations[0]["row"] == row, question


def test_more_statement_words_and_a_dates_day(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Profit before tax", "22,491", "19,235"],
        ["Income tax expense", "(4,380)", "(3,611)"],
        ["Property and equipment, net", "66,218", "61,040"],
        ["Accounts receivable, net", "78,334", "70,112"],
        ["Repurchases of common stock", "(600)", "(850)"],
    ]
    table = table_from_rows(rows, tmp_path, "words")
    for question, value in (
        ("What was the tax charge in 2019?", "(4,380)"),
        ("What was the net PP&E in 2019?", "66,218"),
        ("How much did the company spend on share buybacks in 2018?", "(850)"),
    ):
        answer = answer_table(table, question)
        assert answer is not None and answer.value == value, question
    half_years = [
        ["", "Six months ended 30 June 2019", "Six months ended 30 June 2018"],
        ["Net cash outflow from financing activities", "(45)", "(30)"],
    ]
    answer = answer_table(
        table_from_rows(half_years, tmp_path, "half"),
        "What was the net cash outflow from financing activities in the six months ended 30 June 2018?",
    )
    assert answer is not None and answer.value == "(30)"  # the day of "30 June" is no echo of the amount


def test_a_balances_end_said_by_a_label_is_left_to_it(tmp_path):
    rows = [
        ["", "Goodwill, beginning of the year", "Goodwill, end of the year"],
        ["Fiscal year ended January 31, 2019", "1,620.2", "2,450.8"],
        ["Fiscal year ended January 31, 2018", "1,710.3", "1,620.2"],
    ]
    table = table_from_rows(rows, tmp_path, "goodwill")
    answer = answer_table(table, "What was the goodwill at the end of 2018?")
    assert answer is not None and answer.value == "1,620.2" and answer.citations[0]["col"] == 2


DEBT = [
    ["(in millions)", "Maturity", "December 31, 2020", "December 31, 2019"],
    ["Term loan A", "2024", "$480", "$520"],
    ["3.625% Senior notes", "2025", "750", "750"],
    ["Total debt", "", "1,230", "1,270"],
    ["Less: current portion", "", "(58)", "(49)"],
    ["Long-term debt", "", "$1,172", "$1,221"],
]


def test_non_current_is_said_long_term_and_back(tmp_path):
    """IFRS's "non-current" is a US filer's "long-term": "non-current debt" is the "Long-term debt" row, not the
    "Total debt" its word "debt" names as well."""
    table = table_from_rows(DEBT, tmp_path, "debt")
    answer = answer_table(table, "What was non-current debt at December 31, 2019?")
    assert answer is not None and answer.value == "$1,221", answer


INSTRUMENTS = [
    ["€m", "Amortised cost", "Fair value through profit or loss", "Fair value through OCI", "Total"],
    ["Cash and cash equivalents", "1,842", "—", "—", "1,842"],
    ["Derivative financial instruments", "—", "128", "46", "174"],
    ["Equity investments", "—", "63", "211", "274"],
]


def test_ifrs_categories_said_by_their_short_forms(tmp_path):
    """ "FVOCI" and "FVTPL" are the categories the header writes out ("Fair value through OCI", "... profit or
    loss")."""
    table = table_from_rows(INSTRUMENTS, tmp_path, "instruments")
    fvoci = answer_table(table, "What were derivative financial assets measured at FVOCI?")
    assert fvoci is not None and fvoci.value == "46", fvoci
    fvtpl = answer_table(table, "What were equity investments at FVTPL?")
    assert fvtpl is not None and fvtpl.value == "63", fvtpl


EBITDA = [
    ["(in millions)", "2019", "2018"],
    ["Net income", "$412", "$365"],
    ["EBITDA", "837", "765"],
    ["Restructuring and other charges", "23", "38"],
    ["Adjusted EBITDA", "$919", "$844"],
]


def test_a_negated_word_is_no_spelling_of_the_word(tmp_path):
    """ "Unadjusted" is spelled close to "Adjusted" but says the opposite: the plain EBITDA row is asked."""
    table = table_from_rows(EBITDA, tmp_path, "ebitda")
    answer = answer_table(table, "What was unadjusted EBITDA in 2019?")
    assert answer is not None and answer.value == "837", answer
    adjusted = answer_table(table, "What was adjusted EBITDA in 2019?")
    assert adjusted is not None and adjusted.value == "$919", adjusted
